// The survey generator, pure: the random source and the clock are injected so
// that tests can pin a batch.
// Only the English locale: the package's root imports every locale (+33 MB of rss at start, for
// two name lists).
import { faker } from '@faker-js/faker/locale/en';

export interface SurveyRecord {
  Name: string;
  Surname: string;
  DOB: string;
}

export interface SurveyBatch {
  success: true;
  total_records: number;
  generated_at: string;
  data: SurveyRecord[];
}

const en = faker.rawDefinitions;
const FIRST_NAMES: readonly string[] = [
  ...new Set([...(en.person?.first_name?.female ?? []), ...(en.person?.first_name?.male ?? [])]),
];
const SURNAMES: readonly string[] = [...new Set(en.person?.last_name?.generic ?? [])];
if (FIRST_NAMES.length < 100 || SURNAMES.length < 100) throw new Error('faker name lists are missing');

export const MIN_RECORDS = 300;
export const MAX_RECORDS = 600;
const DAY_MS = 86_400_000;
const FIRST_DOB = Date.UTC(1950, 0, 1);
const DOB_DAYS = (Date.UTC(2005, 11, 31) - FIRST_DOB) / DAY_MS + 1;

/** rng returns a float in [0, 1), like Math.random. */
const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

const pad = (n: number) => String(n).padStart(2, '0');

export function formatServerTime(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function generateSurvey(rng: () => number = Math.random, now: () => Date = () => new Date()): SurveyBatch {
  const count = MIN_RECORDS + Math.floor(rng() * (MAX_RECORDS - MIN_RECORDS + 1));
  const data = new Array<SurveyRecord>(count);
  for (let i = 0; i < count; i++) {
    const dob = new Date(FIRST_DOB + Math.floor(rng() * DOB_DAYS) * DAY_MS);
    data[i] = { Name: pick(rng, FIRST_NAMES), Surname: pick(rng, SURNAMES), DOB: dob.toISOString().slice(0, 10) };
  }
  return { success: true, total_records: count, generated_at: formatServerTime(now()), data };
}

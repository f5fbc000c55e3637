// A job's id is its capability: whoever holds it may read the job's answer (a poller that follows
// Location sends no credential), so it is 144 random bits from the CSPRNG, URL-safe.
import { randomBytes } from 'node:crypto';

/** 18 random bytes -> 24 base64url characters. */
export const newJobId = (): string => randomBytes(18).toString('base64url');

/** The shape of an id newJobId makes: anything else is an unknown job without a lookup. */
export const JOB_ID_PATTERN = '^[A-Za-z0-9_-]{24}$';
const ID = new RegExp(JOB_ID_PATTERN);
export const isJobId = (s: string): boolean => ID.test(s);

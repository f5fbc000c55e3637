// OCR settings and limits: light enough for the main thread (config, pool, route), which must
// not load pdf.js or the OCR engine; the work itself is in the other files of this folder, on
// the worker threads.
import { existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAB_DEFAULTS } from '../../lab-defaults.ts';

export type OcrMode = 'auto' | 'off' | 'force';

export const OCR_MODES: readonly OcrMode[] = ['auto', 'off', 'force'];

export interface OcrOptions {
  mode: OcrMode;
  /**
   * Tesseract language codes: eng is shipped with the service (SHIPPED_DATA_DIR), the others are
   * installed as @tesseract.js-data/<code> (or all are found in `dataDir`).
   */
  languages: string[];
  /**
   * A directory of Tesseract language files (`<code>.traineddata`, plain or gzipped) read instead
   * of the shipped model and the npm packages (OCR_DATA_DIR).
   */
  dataDir?: string;
  /** More pages to read than this: refused before any OCR work. */
  maxPages: number;
  /** Time bound of the OCR of one document, in ms. */
  timeoutMs: number;
  /** How long the engine may sit unused before it is stopped (default engine.ts's ENGINE_IDLE_MS). */
  engineIdleMs?: number;
  /**
   * Engines one document's pages may be spread over (its worker's own and helper threads, each
   * with its engine, ocr/crew.ts), while `load` says it is the only document in hand. Default 1:
   * one engine, page after page. The pool sets it to the machine's cores.
   */
  engines?: number;
  /**
   * Documents in the worker pool, running or waiting for a worker (a shared counter the pool keeps):
   * a document's pages are spread only while it reads 1 or less, so that under load each document
   * takes one engine and throughput does not drop. Absent: spread whenever `engines` allows.
   */
  load?: Int32Array;
}

/** Whether a document's next page may go to a helper engine: more than one allowed, no other document in hand. */
export function maySpread(opts: Pick<OcrOptions, 'engines' | 'load'>): boolean {
  if ((opts.engines ?? 1) <= 1) return false;
  return opts.load === undefined || Atomics.load(opts.load, 0) <= 1;
}

export const DEFAULT_OCR_MAX_PAGES = Number(LAB_DEFAULTS.OCR_MAX_PAGES);
export const DEFAULT_OCR_TIMEOUT_MS = Number(LAB_DEFAULTS.OCR_TIMEOUT_MS);

export const DEFAULT_OCR: OcrOptions = {
  mode: 'auto',
  languages: LAB_DEFAULTS.OCR_LANGUAGES.split('+'),
  maxPages: DEFAULT_OCR_MAX_PAGES,
  timeoutMs: DEFAULT_OCR_TIMEOUT_MS,
};

/** What OCR did to one document: the answer reports both, so no page is dropped silently. */
export interface OcrReport {
  /** Pages whose lines came from OCR. */
  pages: number;
  /** Pages without a usable text layer that were left unread (OCR off). */
  skipped: number;
}

const require = createRequire(import.meta.url);

/**
 * The models shipped with the service (`tessdata/README.md`): Tesseract's tessdata_fast English,
 * from Debian's tesseract-ocr-eng. npm has no English model but tessdata_best_int, which reads a
 * page in about 1.5 times the fast model's time for the same quality figures (docs/benchmarks.md,
 * OCR), so `npm start` reads English with this one.
 */
export const SHIPPED_DATA_DIR = fileURLToPath(new URL('./tessdata/', import.meta.url));

/** The directory holding `<code>.traineddata.gz` of an installed @tesseract.js-data package. */
export function languageDataDir(code: string): string {
  return join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int');
}

/**
 * The file of one language's data: `<code>.traineddata` or `<code>.traineddata.gz` in `dataDir`
 * when one is given, else the one shipped with the service (SHIPPED_DATA_DIR: English), else the
 * npm package's; undefined when there is none.
 */
export function languageDataFile(code: string, dataDir?: string): string | undefined {
  const inDir = (dir: string) =>
    [`${code}.traineddata`, `${code}.traineddata.gz`].map((name) => join(dir, name)).find((file) => existsSync(file));
  if (dataDir !== undefined) return inDir(dataDir);
  const shipped = LANGUAGE_CODE.test(code) ? inDir(SHIPPED_DATA_DIR) : undefined;
  if (shipped !== undefined) return shipped;
  try {
    const file = join(languageDataDir(code), `${code}.traineddata.gz`);
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined; // no such package
  }
}

/** Tesseract language codes: eng, chi_sim, deu_latf, ... */
export const LANGUAGE_CODE = /^[a-z]{3}(?:_[a-z]{3,4})?$/;

/** Entries a traineddata file's table may have (Tesseract's kMaxNumTessdataEntries). */
const MAX_ENTRIES = 1000;
/** The LSTM model's entry in that table (TESSDATA_LSTM): the service reads with the LSTM engine. */
const LSTM_ENTRY = 17;

/**
 * A language file's bytes, unpacked when gzipped (told by gzip's magic bytes, whatever the file's
 * name says, as Tesseract's packages and Debian's plain files are both accepted). Throws on a
 * damaged gzip stream.
 */
export function unpackLanguageData(data: Buffer): Buffer {
  return data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data;
}

/**
 * What is wrong with a Tesseract language file (`.traineddata`, plain or gzipped), or undefined
 * when its table of contents holds and names an LSTM model. Checked at start (config.ts), so that
 * a broken or missing model stops the service at start instead of failing every scanned document
 * later (the engine refuses such a file only when the first scan arrives).
 */
export function traineddataProblem(file: Uint8Array): string | undefined {
  let data: Buffer;
  try {
    data = unpackLanguageData(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
  } catch {
    return 'a damaged gzip file';
  }
  const entries = data.length >= 4 ? data.readInt32LE(0) : 0;
  const tableEnd = 4 + 8 * entries;
  if (entries < 1 || entries > MAX_ENTRIES || tableEnd > data.length) return 'no table of contents';
  let last = tableEnd;
  for (let i = 0; i < entries; i++) {
    const offset = Number(data.readBigInt64LE(4 + 8 * i));
    if (offset === -1) continue;
    if (offset < last || offset >= data.length) return 'a table of contents pointing outside the file';
    last = offset;
  }
  if (entries <= LSTM_ENTRY || data.readBigInt64LE(4 + 8 * LSTM_ENTRY) === -1n) return 'no LSTM model';
  return undefined;
}

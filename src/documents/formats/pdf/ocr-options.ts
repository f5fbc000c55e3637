// OCR settings and limits: light enough for the main thread (config, pool, route), which must
// not load pdf.js or the OCR engine; the work itself is in ocr.ts, on the worker threads.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type OcrMode = 'auto' | 'off' | 'force';

export const OCR_MODES: readonly OcrMode[] = ['auto', 'off', 'force'];

export interface OcrOptions {
  mode: OcrMode;
  /** Tesseract language codes, each installed as @tesseract.js-data/<code>. */
  languages: string[];
  /** More pages to read than this: refused before any OCR work. */
  maxPages: number;
  /** Time bound of the OCR of one document, in ms. */
  timeoutMs: number;
}

export const DEFAULT_OCR_MAX_PAGES = 100;
export const DEFAULT_OCR_TIMEOUT_MS = 300_000;

export const DEFAULT_OCR: OcrOptions = {
  mode: 'auto',
  languages: ['eng'],
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

/** The directory holding `<code>.traineddata.gz` of an installed @tesseract.js-data package. */
export function languageDataDir(code: string): string {
  return join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int');
}

/** Tesseract language codes: eng, chi_sim, deu_latf, ... */
export const LANGUAGE_CODE = /^[a-z]{3}(?:_[a-z]{3,4})?$/;

// Moved to src/documents/ocr/options.ts (OCR is a stage, not part of the PDF format). This
// re-export keeps src/routes/chunking.ts compiling until the chunking-route split merges; point
// that import at ../documents/ocr/options.ts and delete this file then.
export { OCR_MODES, type OcrMode, type OcrReport } from '../../ocr/options.ts';

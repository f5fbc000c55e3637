// Moved to src/documents/ocr/options.ts (OCR is a stage, not part of the PDF format). This
// re-export keeps src/routes/chunking.ts and src/documents/ingest.ts (the chunking-route split,
// on another branch) compiling until that split merges; point their imports at
// src/documents/ocr/options.ts, delete this file and its entries in test/unit/import-graph.test.ts.
export { OCR_MODES, type OcrMode, type OcrReport } from '../../ocr/options.ts';

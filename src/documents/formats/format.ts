// What a format is to the pipeline: one folder, src/documents/formats/<name>/, whose index.ts
// exports these four, and one line in formats/index.ts's list.
import type { DocumentBlock } from '../blocks.ts';
import type { RangeTask, SplitOffer } from '../page-ranges.ts';
import type { OcrOptions, OcrReport } from '../ocr/options.ts';

/** The default bound on the bytes a document's compressed parts may inflate to (decompression bombs). */
export const DEFAULT_MAX_DECODED_BYTES = 256 * 2 ** 20;

/** What every extractor is given besides the bytes; a format takes what applies to it. */
export interface ExtractContext {
  /** Bound on the bytes compressed parts may inflate to (decompression bombs). */
  maxDecodedBytes?: number;
  /** OCR of pages without a usable text layer, for formats with pages (default: auto, English). */
  ocr?: OcrOptions;
  /** Called once OCR is about to read its first page (after the page limit was checked). */
  onOcrStart?: () => void;
  /** Called after each page's text is read, for formats with pages (a job's progress). */
  onPage?: (read: number, total: number) => void;
  /** Idle pool threads that may read page ranges of a large document (PDF: pdf/ranges.ts). */
  split?: SplitOffer;
}

/** An extractor's answer: the document's neutral blocks, and what OCR did to it, if anything. */
export interface Extracted {
  blocks: DocumentBlock[];
  /** Pages read with OCR and pages left unread; absent for formats without pages to scan. */
  ocr?: OcrReport;
}

export interface Format<Name extends string = string> {
  /** The format's name in code and logs: `pdf`, `docx`. */
  readonly name: Name;
  /** How the API and its error messages name it: `PDF`, `Word (.docx)`. */
  readonly label: string;
  /**
   * Whether bytes are in this format, from their content alone. Asked in the list's order, the
   * first yes wins; light enough for the main thread (no parser loaded).
   */
  sniff(bytes: Uint8Array): boolean;
  /** Bytes -> neutral blocks; loads the format's parser on first use (in the worker thread). */
  extract(bytes: Uint8Array, ctx: ExtractContext): Promise<Extracted>;
  /** A format read in page ranges: reads batches of pages for another thread's document (src/documents/page-ranges.ts). */
  readRange?(task: RangeTask): Promise<void>;
}

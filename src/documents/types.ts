// The format-neutral shapes of the document pipeline: every format extractor
// (src/documents/formats/<format>/) turns bytes into DocumentBlocks; the contents filter, the
// chunker and the payload see only these, never a format.

/** One chunk of a document's text, as the chunking endpoint returns it (without the wire fields). */
export interface Chunk {
  section: string;
  content: string;
  /** 1-based physical page of the chunk's first and last character; absent for formats without pages. */
  pageStart?: number;
  pageEnd?: number;
}

/** What a block is; the chunker treats them alike but for headings, which open sections. */
export type BlockKind = 'heading' | 'paragraph' | 'item' | 'code' | 'row';

/** A piece of a document in reading order, as a format extractor returns it. */
export interface DocumentBlock {
  kind: BlockKind;
  text: string;
  /** Heading level, 1 = top (headings only; absent when the format cannot tell). */
  level?: number;
  /** 1-based physical page the block starts on, for formats with pages. */
  page?: number;
}

/** The formats the pipeline reads, detected by content (src/documents/detect.ts). */
export type DocumentFormat = 'pdf' | 'docx' | 'html' | 'markdown' | 'text';

/** A document on its way to a worker: its bytes and the format its content was detected as. */
export interface DocumentInput {
  format: DocumentFormat;
  bytes: Uint8Array;
}

/** Options every format extractor takes. */
export interface ExtractOptions {
  /** Bound on the bytes compressed parts may inflate to (decompression bombs). */
  maxDecodedBytes?: number;
}

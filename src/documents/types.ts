// The format-neutral shapes of the document pipeline: every format extractor
// (src/documents/formats/<format>/) turns bytes into DocumentBlocks (blocks.ts); the contents
// filter, the chunker and the payload see only these, never a format.
import type { DocumentFormat, ExtractContext } from './formats/index.ts';

export type { BlockKind, DocumentBlock } from './blocks.ts';
export type { DocumentFormat } from './formats/index.ts';

/** One chunk of a document's text, as the chunking endpoint returns it (without the wire fields). */
export interface Chunk {
  section: string;
  content: string;
  /** 1-based physical page of the chunk's first and last character; absent for formats without pages. */
  pageStart?: number;
  pageEnd?: number;
}

/** A document on its way to a worker: its bytes and the format its content was detected as. */
export interface DocumentInput {
  format: DocumentFormat;
  bytes: Uint8Array;
}

/** Options every format extractor takes (the extract context; OCR applies to formats with pages). */
export type ExtractOptions = ExtractContext;

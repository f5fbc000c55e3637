// Any document -> chunks. The format decides only the extractor (src/documents/formats/<format>/);
// everything after the neutral blocks is the same for every format. PDF keeps its own pipeline
// (layout, furniture and contents pages need its lines), which ends in the same chunker.
import type { Chunk, DocumentBlock, DocumentFormat, DocumentInput, ExtractOptions } from './types.ts';
import { splitIntoChunks, type Block } from './chunker.ts';
import { toChunkBlocks } from './blocks.ts';
import { chunkPdf } from './formats/pdf/pipeline.ts';
import { extractText } from './formats/text/extract.ts';
import { extractMarkdown } from './formats/markdown/extract.ts';
import { extractHtml } from './formats/html/extract.ts';
import { extractDocx } from './formats/docx/extract.ts';

export type { ExtractOptions };

export type Extractor = (bytes: Uint8Array, opts: ExtractOptions) => DocumentBlock[] | Promise<DocumentBlock[]>;

/** One line per format that yields neutral blocks. */
export const EXTRACTORS: Record<Exclude<DocumentFormat, 'pdf'>, Extractor> = {
  docx: extractDocx,
  html: extractHtml,
  markdown: extractMarkdown,
  text: extractText,
};

/** The chunker's blocks of a document in a format with neutral blocks. */
export async function documentBlocks(
  format: Exclude<DocumentFormat, 'pdf'>,
  bytes: Uint8Array,
  opts: ExtractOptions = {},
): Promise<Block[]> {
  return toChunkBlocks(await EXTRACTORS[format](bytes, opts));
}

export async function chunkDocument(input: DocumentInput, opts: ExtractOptions = {}): Promise<Chunk[]> {
  if (input.format === 'pdf') return chunkPdf(input.bytes, opts);
  return splitIntoChunks(await documentBlocks(input.format, input.bytes, opts));
}

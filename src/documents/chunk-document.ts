// Any document -> chunks, the same sequence for every format: the format's extractor (the one
// list, formats/index.ts) gives neutral blocks, and everything after them is format-neutral:
// headings open sections (labelled by the one sectionLabel rule), list items keep a bullet, code
// blocks are kept whole where they fit in a chunk, pages and page turns carry over, then the chunker cuts.
import type { Chunk, DocumentInput } from './types.ts';
import type { DocumentBlock } from './blocks.ts';
import { splitIntoChunks, verbatimText, type Block } from './chunker.ts';
import { formatNamed, type DocumentFormat, type ExtractContext } from './formats/index.ts';
import type { OcrReport } from './ocr/options.ts';
import { sectionLabel } from './section.ts';
import { documentError } from './document-error.ts';
import { withoutInvisibles } from './invisible.ts';
import { collapseBlanks } from './blanks.ts';
import { hasListMarker } from './list-marker.ts';
import { INDENT_PER_LEVEL, shownDepth } from './list-depth.ts';

export type { ExtractOptions } from './types.ts';

/** A document's chunks, with what OCR did to it (nothing, for formats without pages to scan). */
export interface ReadDocument {
  chunks: Chunk[];
  ocr: OcrReport;
}

export async function readDocument(input: DocumentInput, ctx: ExtractContext = {}): Promise<ReadDocument> {
  const { blocks, ocr } = await formatNamed(input.format).extract(input.bytes, ctx);
  return { chunks: splitIntoChunks(toChunkBlocks(blocks)), ocr: ocr ?? { pages: 0, skipped: 0 } };
}

export async function chunkDocument(input: DocumentInput, ctx: ExtractContext = {}): Promise<Chunk[]> {
  return (await readDocument(input, ctx)).chunks;
}

/** The chunker's blocks of a document (the quality scripts and corpus tests look at them). */
export async function documentBlocks(
  format: DocumentFormat,
  bytes: Uint8Array,
  ctx: ExtractContext = {},
): Promise<Block[]> {
  return toChunkBlocks((await formatNamed(format).extract(bytes, ctx)).blocks);
}

/** Neutral blocks -> the chunker's blocks, the same for every format. */
export function toChunkBlocks(blocks: readonly DocumentBlock[]): Block[] {
  const out: Block[] = [];
  // The header row of the table being read: repeated where a chunk starts inside its body.
  let header: string | undefined;
  // The slide of the last block: the first block kept of each later slide opens it (slideStart).
  let slide: number | undefined;
  let opening = false;
  // The label of the slide being read when it has no title (DocumentBlock.slideLabel).
  let slideLabel: string | undefined;
  // The depth the last list item was shown at, while a run of items (and paragraphs among them) goes on.
  let itemDepth: number | undefined;
  const emit = (block: Block) => {
    if (opening) {
      block.slideStart = true;
      if (slideLabel) block.slideLabel = slideLabel;
      opening = false;
    }
    out.push(block);
  };
  for (const b of blocks) {
    // A block of a row read as blocks (a cell of code) stays in its table and carries its header.
    if (b.tableHeader !== undefined) header = withoutInvisibles(b.tableHeader);
    else if (b.kind !== 'row') header = undefined;
    if (b.slide !== undefined && slide !== undefined && b.slide !== slide) opening = true;
    if (b.slide !== undefined) slide = b.slide;
    if (opening) slideLabel = b.slideLabel;
    const at =
      b.page === undefined ? {} : b.pageTurns?.length ? { page: b.page, pageTurns: b.pageTurns } : { page: b.page };
    if (b.kind !== 'item' && b.kind !== 'paragraph') itemDepth = undefined;
    if (b.kind === 'code') {
      // Code keeps its line breaks and indentation: the lines as written when the format kept them.
      const code = verbatimText(withoutInvisibles(b.lines ? b.lines.join('\n') : b.text));
      if (code.trim().length > 0)
        emit({ text: code, keep: true, verbatim: true, ...(header === undefined ? {} : { repeat: header }), ...at });
      continue;
    }
    // Zero-width break hints go before the blanks are read: JavaScript's \s holds U+FEFF.
    const text = collapseBlanks(withoutInvisibles(b.text));
    if (text.length === 0) continue;
    if (b.kind === 'heading') emit({ text, heading: sectionLabel(text), ...at });
    else if (b.kind === 'item') {
      // A nested item stands indented under its parent (list-depth.ts).
      itemDepth = shownDepth(b.depth, itemDepth);
      const item = hasListMarker(text) ? text : `- ${text}`;
      emit(itemDepth > 0 ? { text: item, indent: itemDepth * INDENT_PER_LEVEL, ...at } : { text: item, ...at });
    } else if (b.tableHeader !== undefined) emit({ text, repeat: header!, ...at });
    else if (b.kind === 'row') {
      // A row stays whole where it fits; a header row (every cell with text a header cell) opens
      // its table's body, whose rows repeat it at the top of a chunk that starts among them.
      const isHeader = b.cells?.some((c) => c.header) && b.cells.every((c) => c.header || c.text.trim() === '');
      if (isHeader) {
        header = text;
        emit({ text, keep: true, ...at });
      } else emit({ text, keep: true, ...(header === undefined ? {} : { repeat: header }), ...at });
    } else emit({ text, ...at });
  }
  if (!out.some((b) => /[\p{L}\p{N}]/u.test(b.text))) throw documentError('document_no_text', 'document');
  return out;
}

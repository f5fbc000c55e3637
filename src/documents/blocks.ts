// Neutral blocks -> the chunker's blocks, the same for every format: headings open sections
// (labelled by the one sectionLabel rule), list items keep a bullet, table rows their cells, code
// blocks are kept whole where they fit in a chunk.
import type { Block } from './chunker.ts';
import type { DocumentBlock } from './types.ts';
import { sectionLabel } from './section.ts';
import { documentError } from './errors.ts';

const LIST_MARKER = /^(?:[-*+•–]|\d{1,9}[.)]|[a-z][.)])\s/i;

export function toChunkBlocks(blocks: DocumentBlock[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const text = b.text.replace(/\s+/g, ' ').trim();
    if (text.length === 0) continue;
    if (b.kind === 'heading') out.push({ text, heading: sectionLabel(text) });
    else if (b.kind === 'item') out.push({ text: LIST_MARKER.test(text) ? text : `- ${text}` });
    else if (b.kind === 'code') out.push({ text, keep: true });
    else out.push({ text });
  }
  if (!out.some((b) => /[\p{L}\p{N}]/u.test(b.text))) throw documentError('document_no_text', 'document');
  return out;
}

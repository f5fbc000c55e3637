// Plain UTF-8 text: paragraphs are separated by blank lines; lines inside one are joined.
import type { DocumentBlock } from '../../blocks.ts';

export function extractText(bytes: Uint8Array): DocumentBlock[] {
  const text = new TextDecoder('utf-8').decode(bytes);
  return textBlocks(text);
}

/** Paragraphs of a text: runs of non-blank lines. A run of list lines gives one item per line. */
export function textBlocks(text: string): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  for (const para of text.replace(/\r\n?/g, '\n').split(/\n[ \t\f\v\u00a0]*\n/)) {
    const lines = para.split('\n').filter((l) => l.trim().length > 0);
    if (lines.length === 0) continue;
    if (lines.length > 1 && lines.every((l) => ITEM.test(l))) {
      for (const l of lines) out.push({ kind: 'item', text: l.trim() });
    } else {
      out.push({ kind: 'paragraph', text: lines.map((l) => l.trim()).join(' ') });
    }
  }
  return out;
}

const ITEM = /^\s*(?:[-*•]|\d{1,3}[.)])\s+\S/;

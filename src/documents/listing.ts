// Contents and navigation in formats with links (HTML, Word, Markdown): a list or table whose
// entries are links to places in the same document is a table of contents, a mini-TOC or an
// index, not text; a line of only links and words like Next/Previous/Up is a navigation bar.
import type { DocumentBlock } from './blocks.ts';

/** A block as an extractor sees it before the contents filter. */
export interface LinkedBlock extends DocumentBlock {
  /** The list or table the block belongs to (same number = same list/table); absent for others. */
  group?: number;
  /** Characters of the text inside links to a place in the same document. */
  inPageLinkChars: number;
  /** Characters of the text inside any link. */
  linkChars: number;
  /** Number of links in the block. */
  links: number;
  /**
   * Table rows: cells holding letters or digits but no in-page link. A row with two or more is
   * data that links one of its cells (a feature table whose names link to their sections), not
   * an index or contents entry, whose other cell is at most a page number.
   */
  dataCells?: number;
}

/** Share of a group's entries that must be in-page links for the group to be a listing. */
const LISTING_SHARE = 0.8;

/** An entry without links of at most three letters: an index's letter row or a separator. */
function isLetterRow(b: LinkedBlock): boolean {
  return b.links === 0 && b.text.replace(/[\s\p{P}\p{S}\d]/gu, '').length <= 3;
}

/** The entry is (almost) all in-page link text: a contents or index entry. */
function isLinkEntry(b: LinkedBlock): boolean {
  if ((b.dataCells ?? 0) >= 2) return false;
  // Characters outside the links, blanks and cell separators not counted ("Jump to: A B C").
  const rest = b.text.replace(/[\s|]/g, '').length - b.inPageLinkChars;
  return b.inPageLinkChars > 0 && rest <= Math.max(4, b.text.length * 0.5);
}

const BACK_LINK = /^(?:\[?\s*(?:back\s+to\s+top|to\s+top|top|up|home)\s*\]?|[↑⇑▲]\s*(?:top)?)$/i;

const NAV_WORD = /^(?:next|previous|prev|up|top|home|contents|index|table of contents|back|forward)$/i;

/**
 * A navigation bar: at least one link, and the text outside links is only navigation words
 * ("Next:", "Up:", "[Contents]") and punctuation; or a lone link saying "top" or "Back to top".
 * `outside` is the block's text with its link texts removed, `text` the whole block's text.
 */
export function isNavigationLine(outside: string, links: number, text?: string): boolean {
  if (links === 0) return false;
  const words = outside.split(/[\s\p{P}\p{S}]+/u).filter((w) => w.length > 0);
  // A paragraph that is one link is text, unless the link says only where it goes ("top",
  // "Back to top", "Up": a jump back up the page).
  if (links === 1 && words.length === 0) return text !== undefined && BACK_LINK.test(text.trim());
  return words.every((w) => NAV_WORD.test(w)) && (words.length > 0 || links >= 2);
}

/** Drops listing groups (contents, index, menus of in-page links); keeps everything else in order. */
export function dropListings(blocks: LinkedBlock[]): DocumentBlock[] {
  const total = new Map<number, number>();
  const manyLinks = new Set<number>(); // a one-row bar of many in-page links ("Jump to: A B C ...")
  const linked = new Map<number, number>();
  for (const b of blocks) {
    if (b.group === undefined || isLetterRow(b)) continue;
    total.set(b.group, (total.get(b.group) ?? 0) + 1);
    if (isLinkEntry(b)) linked.set(b.group, (linked.get(b.group) ?? 0) + 1);
    if (b.links >= 5 && isLinkEntry(b)) manyLinks.add(b.group);
  }
  const drop = new Set<number>();
  for (const [g, n] of total) {
    const k = linked.get(g) ?? 0;
    if ((k >= 2 || manyLinks.has(g)) && k >= n * LISTING_SHARE) drop.add(g);
  }
  const out: DocumentBlock[] = [];
  for (const b of blocks) {
    if (b.group !== undefined && drop.has(b.group)) continue;
    const block: DocumentBlock = { kind: b.kind, text: b.text };
    if (b.level !== undefined) block.level = b.level;
    if (b.page !== undefined) block.page = b.page;
    if (b.cells !== undefined) block.cells = b.cells;
    if (b.lines !== undefined) block.lines = b.lines;
    if (b.slide !== undefined) block.slide = b.slide;
    out.push(block);
  }
  return out;
}

// Contents lists set without a list or a table: a page's own script writes each entry as a block of
// its own (a `<div>` row holding the section's number and a link to it, a `<p>` or a `<br>` line
// per entry), so the listing rules, which judge lists and tables (groups), never see them. A run
// of five such entries or more, one after the other, is a contents list. Pure: one pass, indexes out.
import type { DocumentBlock } from './blocks.ts';

/** Fewest entries of a run read as a contents list: fewer may be a text's own links ("See 3.2"). */
export const CONTENTS_RUN_ENTRIES = 5;

/** Longest entry: a section title and its number, as long as a title runs. */
const ENTRY_CHARS = 120;

/** Characters outside an entry's link, blanks aside: its number ("3.1.", "A.2", "IV."), no words. */
const ENTRY_REST = 5;

/** A section's number standing alone before its entry: "1.", "3.3.7.", "A.", "IV.", "2)". */
const SECTION_NUMBER = /^(?:\d{1,3}|[A-Z]|[IVXLC]{1,6})(?:\.\d{1,3})*[.)]?$/;

/** A block as listing.ts's LinkedBlock has it (its own fields named here: listing.ts imports this file). */
type RunBlock = Pick<DocumentBlock, 'kind' | 'text'> & { group?: number; links: number; inPageLinkChars: number };

/**
 * A contents entry outside a list or table: a paragraph that is one link or more to places in the
 * page and, outside them, at most its number (ENTRY_REST characters, blanks aside).
 */
export function isContentsLine(b: RunBlock): boolean {
  if (b.group !== undefined || b.kind !== 'paragraph' || b.links === 0 || b.inPageLinkChars === 0) return false;
  if (b.text.length > ENTRY_CHARS) return false;
  return b.text.replace(/\s/g, '').length - b.inPageLinkChars <= ENTRY_REST;
}

/** A section's number read as a block of its own, without a link, beside its entry. */
export function isSectionNumberLine(b: RunBlock): boolean {
  return b.group === undefined && b.kind === 'paragraph' && b.links === 0 && SECTION_NUMBER.test(b.text.trim());
}

/**
 * The indexes of blocks that are contents lists set as runs of paragraphs: CONTENTS_RUN_ENTRIES
 * entries or more (isContentsLine) with nothing between them but section numbers standing alone
 * (isSectionNumberLine: haproxy's documentation, a Bootstrap grid's row of the number and the
 * linked title). A number after the run's last entry opens the text, not the run, and stays.
 */
export function contentsRuns(blocks: readonly RunBlock[]): Set<number> {
  const out = new Set<number>();
  let start = -1;
  let last = -1;
  let entries = 0;
  const close = () => {
    if (entries >= CONTENTS_RUN_ENTRIES) for (let k = start; k <= last; k++) out.add(k);
    start = -1;
    entries = 0;
  };
  for (const [i, b] of blocks.entries()) {
    if (isContentsLine(b)) {
      if (start < 0) start = i;
      last = i;
      entries++;
    } else if (isSectionNumberLine(b)) {
      if (start < 0) start = i;
    } else if (start >= 0) close();
  }
  if (start >= 0) close();
  return out;
}

/** Fewest characters of link text per link of a contents line: titles, not an index's letters. */
const TITLE_LINK_CHARS = 4;

/**
 * A line of links to places in the page and nothing else, two links or more, their texts titles
 * (TITLE_LINK_CHARS each on average; an index's letter bar "A | C | F" stays a bar): a contents list set
 * as lines (`<a href="#G1">G1. ...</a><br/>` one after the other, the fetchmail FAQ's way, and any
 * page whose script writes its contents so), which the navigation-bar rule reads as a bar with no
 * words outside its links. It goes, but as a contents entry, so that the headings it leaves empty
 * ("Contents" over it, a part's heading over its own list of questions) go with it (emptiedHeadings,
 * ../listing.ts). A bar linking elsewhere ("Next | Up | Home") is a bar.
 */
export function isInPageLinkLine(outside: string, links: number, inPageLinks: number, inPageChars: number): boolean {
  return (
    links >= 2 && inPageLinks === links && inPageChars >= TITLE_LINK_CHARS * links && !/[\p{L}\p{N}]/u.test(outside)
  );
}

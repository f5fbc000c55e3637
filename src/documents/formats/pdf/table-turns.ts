// A long table broken by a page turn (LaTeX's longtable, supertabular, xtab): the typesetter sets a
// foot under the part that ends a page ("Continued on next page", "Fortsetzung nächste Seite") and
// a head over the part that goes on ("Continued from previous page", the caption again with
// "(continued)", the header row again). The table is one table: the foot, the head and the
// repeated header row go, and the header row, now known as one, is repeated by the chunker at the
// top of each chunk the table is split over. Read from the layout, not the words: the next page's
// table opens with the header row or the caption of the table that ended the page before.
import type { TextLine } from './types.ts';

/** Below this share of the body size a line is small print: footnotes under the table. */
const SMALL = 0.87;
/** The foot and each line of the head: a note or a caption, never a paragraph. */
const MAX_FOOT = 60;
const MAX_HEAD = 120;
/** Lines of the head over the repeated header row (a note, a caption). */
const MAX_HEAD_LINES = 3;
/** How far over the table's first row its caption may stand (rows read as text between), and its least length. */
const MAX_CAPTION_ABOVE = 8;
const MIN_CAPTION = 8;
/** Header rows a head may repeat (a title row over the column names). */
const MAX_HEAD_ROWS = 3;
/** Lines looked at from a page's end for its table's last row: a foot and a few footnotes. */
const MAX_TAIL = 12;

const isRow = (l: TextLine) => l.tag?.kind === 'row';
const filled = (l: TextLine) => (l.tag?.cells ?? []).filter((c) => c.trim().length > 0).length;
/** A row's words, however its cells were split ("m/it | bx/it m/n" is "m/it bx/it m/n"). */
const words = (s: string) => s.replace(/\s+\|\s+/g, ' ').trim();

/** The two pages' lines with a long table's page turn read as one table (see above). */
export interface TableTurn {
  prev: TextLine[];
  next: TextLine[];
  /** The table's first row and caption, for the turn after `next` when its table opens `next`. */
  head: TableHead;
}

/** The first rows and the caption (the line over it) of a table that goes on over a page turn. */
export interface TableHead {
  /** Its first rows' words (`words`), as many as a head repeats at most. */
  rows: string[];
  caption: string;
}

/**
 * The lines of a page (`prev`) and of the page after it (`next`), their tables read (tables.ts),
 * with a long table's turn between them joined: `prev` ends with a table's rows, then at most one
 * short line (the foot: a note, or a row of one cell under rows of two or more), then only small
 * print (footnotes); `next` opens with at most three short lines and a row, and either its rows
 * repeat the first rows of the table (its header rows: the same words; not the whole table, its
 * last row too, which is a copy of it) or one of those lines starts with a line over the table
 * (its caption, again). The foot, the head
 * and the repeated rows go; the first row becomes the table's header row when it was repeated.
 * When the head has lines but the page before has no foot and no caption is repeated, the lines
 * may be the caption of another table with the same header row: nothing changes. Null when there
 * is no such turn. `body`: the body type size, asked only where a table ends a page over lines
 * after it. `carried`: the head of a table joined at `prev`'s top by the turn before, whose first
 * rows and caption `prev` has no more.
 */
export function joinTableTurn(
  prev: readonly TextLine[],
  next: readonly TextLine[],
  body: () => number,
  carried?: TableHead,
): TableTurn | null {
  let z = prev.length - 1;
  const stop = Math.max(0, prev.length - MAX_TAIL);
  while (z >= stop && !isRow(prev[z]!)) z--;
  if (z < 1 || !isRow(prev[z]!)) return null;
  const note = (l: TextLine) => l.text.length <= MAX_FOOT && !/[.:;,]$/.test(l.text);
  let foot = -1;
  if (filled(prev[z]!) === 1 && isRow(prev[z - 1]!) && filled(prev[z - 1]!) >= 2 && note(prev[z]!)) foot = z--;
  else if (z + 1 < prev.length && note(prev[z + 1]!)) foot = z + 1;
  // Only footnotes after the table (and its foot): the table ends the page.
  for (let i = Math.max(z, foot) + 1; i < prev.length; i++) if (!(prev[i]!.size < body() * SMALL)) return null;
  let a = z;
  while (a > 0 && isRow(prev[a - 1]!)) a--;
  if (z - a < 1) return null;
  let r = 0;
  while (r < next.length && r <= MAX_HEAD_LINES && !isRow(next[r]!)) {
    if (next[r]!.text.length > MAX_HEAD) return null;
    r++;
  }
  if (r >= next.length || r > MAX_HEAD_LINES) return null;
  const carry = a === 0 ? carried : undefined;
  const rows = carry?.rows ?? prev.slice(a, Math.min(z, a + MAX_HEAD_ROWS)).map((l) => words(l.text));
  // The header rows again.
  const same = (i: number, w: string) => r + i < next.length && isRow(next[r + i]!) && words(next[r + i]!.text) === w;
  let repeated = 0;
  while (repeated < rows.length && same(repeated, rows[repeated]!)) repeated++;
  // The whole table again, its last row too: a copy of it (an example set twice), not its rest.
  if (!carry && repeated === z - a && same(repeated, words(prev[z]!.text))) return null;
  // The caption: the line over the table, or over its first rows when they were read as text.
  let caption = carry?.caption ?? '';
  let captionAgain = false;
  const again = (c: string) => c.length >= MIN_CAPTION && next.slice(0, r).some((l) => l.text.startsWith(c));
  if (carry) captionAgain = again(caption);
  else
    for (let k = a - 1; k >= Math.max(0, a - MAX_CAPTION_ABOVE) && !captionAgain; k--)
      if (again(prev[k]!.text.trim())) {
        caption = prev[k]!.text.trim();
        captionAgain = true;
      }
  if (repeated === 0 && !captionAgain) return null;
  if (r > 0 && foot < 0 && !captionAgain) return null;
  const kept = foot < 0 ? [...prev] : prev.filter((_, i) => i !== foot);
  if (repeated > 0 && !carry && !prev[a]!.tag!.header)
    kept[a] = { ...prev[a]!, tag: { ...prev[a]!.tag!, header: true } };
  return { prev: kept, next: next.slice(r + repeated), head: { rows, caption } };
}

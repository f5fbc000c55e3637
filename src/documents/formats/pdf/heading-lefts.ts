// Side heads at a left of their own: groff -man sets a subsection's title (.SS "Character Classes
// and Bracket Expressions") in bold at 3n, between the sections' titles at the margin and the
// body's text at 7n; in mixed case, with no number and no outline, it has no heading's shape and
// ran into the paragraph under it. No other line stands at that left: the left itself marks it.
import { heaviest } from '../../heaviest.ts';
import type { TextLine } from './types.ts';
import { isShortTitle, leftKey } from './headings.ts';

export { leftKey };

/** A heading left holds at least this many lines... */
const MIN_LINES = 3;
/** ...and stands at least this far (in em) left of the body's left. */
const LEFT_OF_BODY_EM = 1;

/**
 * The lefts (by leftKey) at which every line of the document is a short title (isShortTitle)
 * set in a font other than the body's and not typewriter, at least three lines, left of the
 * body's left (the left holding the most characters). A left shared with any other line (a
 * paragraph, a list term run into its text, a table's row) is none.
 */
export function headingLefts(
  lines: readonly Pick<TextLine, 'x' | 'font' | 'mono' | 'text' | 'size'>[],
  bodyFont: string,
): Set<number> {
  const chars = new Map<number, number>();
  const titles = new Map<number, number>();
  const others = new Set<number>();
  // The size of the first line at each left, the em its distance from the body's left is read in.
  const sizeAt = new Map<number, number>();
  for (const l of lines) {
    const k = leftKey(l.x);
    if (!sizeAt.has(k)) sizeAt.set(k, l.size);
    chars.set(k, (chars.get(k) ?? 0) + l.text.length);
    if (l.font !== bodyFont && !l.mono && isShortTitle(l.text)) titles.set(k, (titles.get(k) ?? 0) + 1);
    else others.add(k);
  }
  const body = heaviest(chars);
  const out = new Set<number>();
  if (body === undefined) return out;
  for (const [k, n] of titles) {
    const size = sizeAt.get(k)!;
    if (n >= MIN_LINES && !others.has(k) && k <= body - size * LEFT_OF_BODY_EM) out.add(k);
  }
  return out;
}

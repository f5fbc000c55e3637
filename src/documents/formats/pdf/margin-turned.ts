// Text turned a quarter in a side margin of an upright page: a side running head or thumb tab
// (ConTeXt manuals set the part's name sideways in the outer margin of every page, `ConTEXt XML`),
// a repository's or publisher's stamp down the margin (arXiv's identifier, "Downloaded from ...").
// pdf.js hands each turned run over where it starts, as if it ran across the page: every run was a
// line of its own ("ConT", "E", "Xt XML": the logo's lowered E is a run apart) and the head came
// back on every page inside the text, where the running-line rules, which read the page's top and
// foot lines, do not look. The turned runs that stand wholly beside the page's upright text,
// outside its left and right edges, are found here; where their text repeats from page to page it
// is a side head (furniture.ts sideHeads), where it does not (a slide deck's title set sideways, a
// stamp on the first page) it stays. Turned text inside those edges (a table or a figure's axis
// label set sideways) is never a side head. Pure; tests in
// test/documents/formats/pdf/margin-turned.test.ts.

import type { RawItem } from './types.ts';

/** What this rule reads of a page's text item. */
type TurnedItem = Pick<RawItem, 'str' | 'x' | 'width' | 'size'>;

/**
 * The items of an upright page (`turns`: each item's quarter turns, page-text.ts turnsAsSet) set a
 * quarter turned and standing wholly left or right of the page's upright text: the span their
 * glyphs cover across the page ([x - size, x] turned counter-clockwise, its glyphs' tops to the
 * left; [x, x + size] clockwise) clear of the upright items' extent from the leftmost left edge to
 * the rightmost right edge. None when the page has no upright text.
 */
export function turnedInMargin<T extends TurnedItem>(items: readonly T[], turns: readonly number[]): Set<T> {
  const out = new Set<T>();
  if (!turns.some((t) => t === 1 || t === 3)) return out;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  items.forEach((it, i) => {
    if (turns[i] !== 0 || it.str.trim() === '') return;
    left = Math.min(left, it.x);
    right = Math.max(right, it.x + it.width);
  });
  if (!(right > left)) return out;
  items.forEach((it, i) => {
    const turn = turns[i];
    if (turn !== 1 && turn !== 3) return;
    const [a, b] = turn === 1 ? [it.x - it.size, it.x] : [it.x, it.x + it.size];
    if (b < left || a > right) out.add(it);
  });
  return out;
}

// Paragraph skips: Texinfo (and any class with \parskip) sets paragraphs apart by a little more
// space than the lines inside one. After a short line, that space ends the paragraph, whether or
// not the line ends a sentence: a copyright line with no full stop ("Copyright © 2012, 2013 g10
// Code GmbH") over the permission paragraph, gcl-si's "Package:LISP" over a function's text, a
// centred "Version 2.1, February 1999" over the copyright line under it.
import { wordOverflowsAbove, type FitLine } from './clean.ts';

/** A step this much (in em of the text's size; Texinfo's 2-3 pt at 10.9 is 0.25-0.3) over the page's line spacing parts paragraphs. */
const PARSKIP_EM = 0.22;

/** A line this much over the body's size is a display size (a title), its own spacing. */
const BODY_MAX = 1.12;
/** Each line at least this wide (em): a fraction's numerator and denominator are narrower. */
const MIN_WIDTH_EM = 3;

/** What of a line the rule reads. */
export interface SkipLine {
  x: number;
  xEnd: number;
  size: number;
}

/**
 * Does a line (`l`) `dy` below a line that stops short (`above`; `aboveShort`: 4 em or more short
 * of the text block's right edge, clean.ts stopsShort) open a new paragraph, the step between
 * them at least 0.22 em over the page's line spacing (`spacing`)? A line the text broke inside a
 * paragraph (an address, a verse, a line break by hand) stands one line spacing under the one
 * above. Both lines at the body's size (`bodySize`): a title's lines in a larger type ("TERMS AND
 * CONDITIONS FOR COPYING," / "DISTRIBUTION AND MODIFICATION") stand further apart than the text's,
 * and a footnote or a heading is told elsewhere. Both 3 em wide or more: a display's fraction
 * ("dy" over "dx", 13.5 apart on 12 of spacing) is no pair of paragraphs.
 */
export function partedAfterShort(
  above: SkipLine,
  l: SkipLine,
  aboveShort: boolean,
  dy: number,
  spacing: number,
  bodySize: number,
): boolean {
  return (
    aboveShort &&
    dy > spacing + PARSKIP_EM * l.size &&
    l.size < bodySize * BODY_MAX &&
    above.size < bodySize * BODY_MAX &&
    Math.abs(l.size - above.size) < PARSKIP_EM * l.size &&
    above.xEnd - above.x >= MIN_WIDTH_EM * above.size &&
    l.xEnd - l.x >= MIN_WIDTH_EM * l.size
  );
}

/** A title's type over the text's under it, at least (Texinfo's 13.1 over a definition's 12). */
const TITLE_OVER = 1.05;

/**
 * Does the type change between a display size (at least 1.12 times the body's `bodySize`) and the
 * body's at a line (`l`) under a paragraph (`para`) whose last line stops short of the text's edge
 * (`lastShort`, clean.ts stopsShort)? Then a paragraph ends there: a paragraph wholly in the
 * display size over a body line is a title the reader took for no heading (a heading the trusted
 * outline does not list: Texinfo's @subsubheading "Server certificate authentication", set as its
 * numbered sections, over its text), which must not run on into the text as its first words; a
 * display-size line under a body paragraph ("certtool (1)" over "ocsptool Examples") opens one,
 * at the paragraph's left or left of it: a line indented under a list item's first line is the
 * item's, whatever its size (Doxygen's "• template<bool compressed>" in a smaller type over its
 * member's signature). Each line weighed 3 em wide or more (a big operator or a display's
 * fraction is no title), and the title's type larger than the other's (1.05 times over the text
 * under it, 1.12 times under the text over it).
 */
export function titleOverText(para: readonly SkipLine[], l: SkipLine, lastShort: boolean, bodySize: number): boolean {
  const display = (x: SkipLine) => x.size >= bodySize * BODY_MAX && x.xEnd - x.x >= MIN_WIDTH_EM * x.size;
  const body = (x: SkipLine) => x.size < bodySize * BODY_MAX;
  const [first, last] = [para[0], para[para.length - 1]];
  if (!lastShort || !first || !last) return false;
  if (body(l)) return para.every((x) => display(x) && x.size >= l.size * TITLE_OVER);
  return display(l) && body(last) && l.size >= last.size * BODY_MAX && l.x <= first.x + 1;
}

/** How near (in points) a step must come to the body's leading to be that leading: steps are voted to the half point. */
const LEADING_SLACK = 0.5;

/**
 * Was a line that stops short of the page's text edge (clean.ts stopsShort) broken by the
 * typesetter because it was full, so that no paragraph ends there (partedAfterShort)? Asked of a
 * typesetter that fills each line with as many words as fit (`firstFit`, clean.ts
 * fillsFirstFit: ReportLab, office suites, browsers), whose paragraphs are set ragged-right: the
 * line under it (`l`) stands the body's own leading below it (`dy` within half a point of
 * `leading`, the most common step between body-size lines, extract.ts sizeSpacing; 0 unknown)
 * and its first word would not have fit at the end of the line above within the edge of their
 * column (`edge`, clean.ts wordOverflowsAbove). ReportLab's user guide sets its prose 10 on 12
 * in a frame that its listings, in 8 pt on 8.8, run past; the page's most common step is the
 * listings' 8.8 and its right edge the longest listing line's, so a prose line ending an em or
 * two short of its frame ("Below are some of the" over "misfits, included here") stood 4 em
 * short and 12 pt below it was a paragraph skip over 8.8. A step over the leading (a skip, a
 * caption's or a term's space) or a first word that would have fit (a list's short entries, a
 * term alone on its line over its text) leaves the line short.
 */
export function filledShort(
  firstFit: boolean,
  above: Pick<FitLine, 'xEnd'>,
  l: FitLine,
  dy: number,
  leading: number,
  edge: () => number,
): boolean {
  return (
    firstFit && leading > 0 && Math.abs(dy - leading) <= LEADING_SLACK && wordOverflowsAbove(above.xEnd, edge(), l)
  );
}

/** A type this many points under the body's is a smaller type (an admonition's, a note's). */
const SMALLER_PT = 0.5;

/**
 * Is the step (`dy`) between two lines of one smaller type than the body's (`size` and
 * `aboveSize`, `bodySize`) the body's own leading (`bodyLeading`: the most common step between
 * body-size lines, the page's or the document's, extract.ts sizeSpacing; 0 unknown), within half
 * a point? Then the two lines are one block of smaller type set on the body's leading, whatever
 * the page's own spacing: DBLaTeX sets an admonition's text (a Warning box) in 9 pt on the
 * body's 12, and on a page whose most common step is a figure's 5.8 pt lines on 7.5, the
 * admonition's second line ("disable the revision history display.") 12 under its first stood a
 * gap over 7.5. Smaller lines set tighter (a table's cells, a footnote's) or further apart (a
 * verse, an address in a title block) are left to the page's spacing.
 */
export function smallOnBodyLeading(
  dy: number,
  size: number,
  aboveSize: number,
  bodySize: number,
  bodyLeading: number,
): boolean {
  return (
    bodyLeading > 0 &&
    size < bodySize - SMALLER_PT &&
    Math.abs(size - aboveSize) < SMALLER_PT / 2 &&
    Math.abs(dy - bodyLeading) <= LEADING_SLACK
  );
}

/** A mode this many times a recurring smaller step is a paragraph skip over that leading, no leading. */
const SKIP_OVER_LEADING = 1.6;

/**
 * The leading of a page of one-line paragraphs set apart by a skip: a reference manual's member
 * documentation (Doxygen's LaTeX: "copy a configuration into this" / "References config." /
 * "Referenced by ...", each its own paragraph, 24.8 pt apart on 12 of leading), where most steps
 * between lines are the skip and the most common step (`mode`) is no leading. `counts` holds the
 * page's steps (rounded to half points) and how often each occurs. The leading is the most common
 * step at most mode / 1.6, counted with its half-point neighbours (a leading of 11.8 rounds to
 * 11.5 and 12; ties go to the step counted more often alone, then to the larger), when it occurs
 * at least 3 times and at least half as often as the mode; otherwise the mode.
 */
export function leadingUnderSkip(counts: ReadonlyMap<number, number>, mode: number): number {
  const modeCount = counts.get(mode) ?? 0;
  let best = mode;
  let bn = 0;
  let own = 0;
  for (const [k, c] of counts) {
    if (k * SKIP_OVER_LEADING > mode) continue;
    const n = c + (counts.get(k - 0.5) ?? 0) + (counts.get(k + 0.5) ?? 0);
    // Ties: the step that occurs more often itself, then the larger (fewer lines parted).
    if (n > bn || (n === bn && (c > own || (c === own && k > best)))) [best, bn, own] = [k, n, c];
  }
  return bn >= 3 && bn * 2 >= modeCount ? best : mode;
}

// The size of a text item's glyphs when pdf.js's transform does not tell it.
//
// pdf.js scales a Type 3 font's vertical by its FontBBox's height times FontMatrix[3] when the
// font is set at size 1 or less (meant for FontMatrix [0.001 0 0 0.001], whose glyphs are drawn in
// thousandths). Ghostscript writes dvips's bitmap fonts as Type 3 fonts with FontMatrix [1 0 0 -1],
// FontBBox [0 0 1000 1000] and size 0.12: the item's transform is then [0.12 0 0 120]: a 10 pt
// line reads as 120 pt tall, and the page's lines, its two columns and its words merge into
// one (every word of a TUGboat article distilled that way read spliced with its neighbours').
// The horizontal scale is no size either (the glyphs' units are not thousandths). A transform whose
// two scales differ more than any horizontal scaling of real text does (Tz) gives no size; the
// font's advances do: an em is about twice a Latin text's mean advance per character.

/** Ratio of a transform's two scales beyond which neither is the glyphs' size. */
export const ANISOTROPY = 20;

/**
 * The length of the vector (a, b): Math.hypot(a, b), the same number, without the call where one
 * part is 0 (upright text: every item of most pages, a transform [s 0 0 s x y]), where it is the
 * other's magnitude. pdf.js gives every text item a transform and the page loop asks each one's
 * scales: V8's Math.hypot is a generic builtin (any number of arguments, scaled against
 * overflow), not inlined.
 */
export function scale(a: number, b: number): number {
  if (b === 0) return Math.abs(a);
  if (a === 0) return Math.abs(b);
  return Math.hypot(a, b);
}

/** Whether transform `t`'s vertical and horizontal scales differ by more than ANISOTROPY. */
export function sizeless(t: readonly number[]): boolean {
  const h = scale(t[0] ?? 0, t[1] ?? 0);
  const v = scale(t[2] ?? 0, t[3] ?? 0);
  return h > 0 && v > 0 && (v > h * ANISOTROPY || h > v * ANISOTROPY);
}

export interface SizedItem {
  str: string;
  width: number;
  size: number;
  font: string;
}

/** An em per mean advance of a character of running text (about half an em, spaces included). */
const EM_PER_ADVANCE = 2;
/** Characters of one font needed for its own mean advance; fewer borrow the page's. */
const MIN_CHARS = 8;

/**
 * Gives each item of `sizeless` (items of this page whose transform gives no size) a size from
 * the advances of the page's sizeless items of its font: EM_PER_ADVANCE times their width per
 * character; a font with fewer than MIN_CHARS characters on the page takes all sizeless items'.
 * Items with a size of their own are left as they are.
 */
export function sizeFromAdvances(items: readonly SizedItem[], sizeless: ReadonlySet<SizedItem>): void {
  const perFont = new Map<string, { width: number; chars: number }>();
  const all = { width: 0, chars: 0 };
  for (const it of items) {
    if (!sizeless.has(it) || it.str.trim() === '' || !(it.width > 0)) continue;
    const chars = [...it.str].length;
    const f = perFont.get(it.font) ?? { width: 0, chars: 0 };
    f.width += it.width;
    f.chars += chars;
    perFont.set(it.font, f);
    all.width += it.width;
    all.chars += chars;
  }
  for (const it of items) {
    if (!sizeless.has(it)) continue;
    const f = perFont.get(it.font);
    const basis = f && f.chars >= MIN_CHARS ? f : all;
    if (basis.chars > 0) it.size = (EM_PER_ADVANCE * basis.width) / basis.chars;
  }
}

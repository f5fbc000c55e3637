// A zero read as a capital O after a letter (`x0`, `k0` read `xO`, `kO`): told by its ink's shape.

import { type Box } from './filters.ts';
import { type OcrLine } from './engine.ts';
import { inkHoles, respelled } from './glyph-ink.ts';

/** An `O` whose glyph is at most this share of its height wide is a zero... */
const ZERO_NARROW = 0.75;
/** ...but at least this share (a narrower glyph is another letter's: the box fell on an `l` or a `t`)... */
const ZERO_WIDE = 0.5;
/** ...at least this many pixels tall (a few rows say nothing of a shape)... */
const MIN_ZERO_PX = 10;
/** ...and a ring: one hole, spanning this share of its height (a `b`'s or a `d`'s bowl is its x-height). */
const ZERO_HOLE = 0.6;

/**
 * Whether a glyph read `O` is a zero by its ink (`glyphAt`'s `ink`, rows top down). In
 * proportional type a capital O is about as wide as tall (0.86-1.0 of its height, measured in
 * Helvetica, Times and Courier at 250 dpi) and a zero, a figure's width, is narrow (0.60-0.71).
 * The glyph is a ring, one hole nearly its height, so a box that fell on a neighbour (`h`, `k`,
 * `b` are as narrow) is not taken for it.
 */
export function zeroShape(ink: readonly (readonly boolean[])[] | undefined): boolean {
  const height = ink?.length ?? 0;
  const width = ink?.[0]?.length ?? 0;
  if (!ink || height < MIN_ZERO_PX || width > ZERO_NARROW * height || width < ZERO_WIDE * height) return false;
  const holes = inkHoles(ink);
  return holes.length === 1 && holes[0]!.bottom - holes[0]!.top + 1 >= ZERO_HOLE * height;
}

/** Before the `O`: a small letter or a digit (after it, if anything, no LETTER). */
const PRECEDING = /[\p{Ll}\p{N}]/u;
const LETTER = /\p{L}/u;

/**
 * A line with each `O` that follows a small letter or a digit in its word, before no letter, read
 * `0` when its glyph is a zero's (`zeroShape` of `inkOf`'s glyph, undefined when no single glyph
 * is found under the character). The fast model reads the zero of a name with an index (`x0`,
 * `c0 m0 y0 k0`, a figure's colour labels) as `O` (`yO kO`). A capital O after a small letter and
 * before none is rare in any language; a typewriter face's O is as narrow as its zero, and a word
 * of capitals (`HOME`, `OLDPWD` set in cmtt inside prose) or a camel-case name (`\ExplSyntaxOn`)
 * has it elsewhere, so the place is asked as well as the shape.
 */
export function withNarrowZeros(
  line: OcrLine,
  inkOf: (symbol: Box) => readonly (readonly boolean[])[] | undefined,
): OcrLine {
  if (!line.words?.some((w) => w.text.includes('O'))) return line;
  return respelled(line, (symbols) =>
    symbols.map((sym, i) => {
      if (sym.text !== 'O' || i === 0 || !PRECEDING.test(symbols[i - 1]!.text)) return sym;
      const next = symbols[i + 1]?.text;
      if (next !== undefined && LETTER.test(next)) return sym;
      return zeroShape(inkOf(sym.bbox)) ? { ...sym, text: '0' } : sym;
    }),
  );
}

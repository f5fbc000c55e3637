// Signs the recogniser misreads in code, told by their ink: plus, caret, square brackets and braces,
// percent, at, a visible space, and runs of dashes.

import { type OcrLine, type OcrWord } from './engine.ts';
import { type Box } from './filters.ts';
import { type GlyphSpan, inkHoles, inkRuns, respelled } from './glyph-ink.ts';
import { median } from '../median.ts';
import { tidySymbols } from './text-lines.ts';

/** A cross's bar: its rows are at least this share of the glyph's width... */
const BAR_WIDE = 0.75;
/** ...and at most this share of its height. */
const BAR_THICK = 0.35;
/** The bar's middle lies within this share of the glyph's height of its middle. */
const BAR_MIDDLE = 0.15;
/** A cross's stem rows (above and below the bar) are at most this share of its width wide... */
const STEM_NARROW = 0.45;
/** ...centred within this share of its width of the glyph's middle... */
const STEM_CENTRED = 0.15;
/** ...and each arm of the stem is at least this share of its height. */
const STEM_ARM = 0.2;
/** A glyph smaller than this many pixels either way is not judged. */
const MIN_GLYPH_PX = 5;

/**
 * Whether a glyph's ink (`glyphAt`'s `ink`) is a cross, `+`: one bar across its full width in the middle of
 * its height, and above and below it a narrow stem centred on the bar, no row empty. A `t` has its
 * bar high (its stem rises a third of its height above it) and a hook at its foot; `x`, `=`, `f`,
 * `†` and `*` fail on the bar's place, the stem or an empty row.
 */
export function crossShape(ink: readonly (readonly boolean[])[] | undefined): boolean {
  if (!ink) return false;
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  if (h < MIN_GLYPH_PX || w < MIN_GLYPH_PX || w / h < 0.6 || w / h > 1.67) return false;
  const extents = ink.map((row) => [row.indexOf(true), row.lastIndexOf(true)] as const);
  if (extents.some(([a]) => a < 0)) return false;
  const bar = extents.map(([a, b]) => b - a + 1 >= BAR_WIDE * w);
  const first = bar.indexOf(true);
  const last = bar.lastIndexOf(true);
  if (first < 0 || bar.slice(first, last + 1).includes(false) || last - first + 1 > BAR_THICK * h) return false;
  if (Math.abs((first + last) / 2 / (h - 1) - 0.5) > BAR_MIDDLE) return false;
  if (first < STEM_ARM * h || h - 1 - last < STEM_ARM * h) return false;
  const middle = (w - 1) / 2;
  return extents.every(
    ([a, b], r) =>
      (r >= first && r <= last) || (b - a + 1 <= STEM_NARROW * w && Math.abs((a + b) / 2 - middle) <= STEM_CENTRED * w),
  );
}

/**
 * A line with each `t` whose glyph is a cross (`isCross`, given the character's box) read `+`. The
 * fast English model reads a typewriter `+` as `t` (`x = x+dx` as `x = xtdx`, `size+1.5` as
 * `sizet1.5`), which breaks every expression it is in; the glyph itself tells them apart
 * (`crossShape`). Words and characters change with the line's text.
 */
export function withPlusSigns(line: OcrLine, isCross: (symbol: Box) => boolean): OcrLine {
  if (!line.words?.some((w) => w.symbols.some((s) => s.text === 't'))) return line;
  return respelled(line, (symbols) =>
    symbols.map((s) => (s.text === 't' && isCross(s.bbox) ? { ...s, text: '+' } : s)),
  );
}

/** A caret's ink is at least this many times as wide as it is tall (an `n` or an `o` is not)... */
const CARET_FLAT = 1.5;
/** ...its top row one run at most this share of its width... */
const CARET_APEX = 0.5;
/** ...centred within this share of its width... */
const CARET_CENTRED = 0.15;
/** ...and its bottom row two runs reaching within this share of its width of either side. */
const CARET_FEET = 0.25;
/** A caret widens from one row to the next on at least this share of its rows down to its feet. */
const CARET_SLANT = 0.6;
/** A glyph narrower than this many pixels is not judged a caret (nor one under three rows). */
const MIN_CARET_PX = 5;

/**
 * Whether a glyph's ink (`glyphAt`'s `ink`) is a caret, `^`: an apex of one narrow run centred on the
 * glyph, spreading row by row (its left edge never moving right going down, its right edge never
 * moving left, by more than a pixel, and widening on most rows: slanted sides) down to its feet, a
 * row of two runs at either side, its first row as wide as its widest; under the feet at most a
 * third of its rows, with no ink between the feet. Half again as wide as tall or more, no row empty. An `n` or an `o` drops straight
 * from its arch and is not so wide; an `A` or a `Λ` has the shape, but stands on the baseline
 * (`raisedGlyph`); a quote has two
 * runs at its top, an asterisk narrows again under its arms, a degree sign closes at its foot, a
 * tilde rises at one side only.
 */
export function caretShape(ink: readonly (readonly boolean[])[] | undefined): boolean {
  if (!ink) return false;
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  if (h < 3 || w < MIN_CARET_PX || w < CARET_FLAT * h) return false;
  const runs = ink.map(inkRuns);
  if (runs.some((r) => r.length === 0)) return false;
  const apex = runs[0]!;
  if (apex.length !== 1 || apex[0]![1] - apex[0]![0] + 1 > CARET_APEX * w) return false;
  if (Math.abs((apex[0]![0] + apex[0]![1]) / 2 - (w - 1) / 2) > CARET_CENTRED * w) return false;
  // Its feet: its first row as wide as its widest, two runs reaching to either side.
  const extent = (r: number) => runs[r]!.at(-1)![1] - runs[r]![0]![0];
  const widest = Math.max(...runs.map((_, r) => extent(r)));
  const feet = runs.findIndex((_, r) => extent(r) === widest);
  const [left, right] = runs[feet]!;
  if (runs[feet]!.length !== 2 || left![0] > CARET_FEET * w || right![1] < (1 - CARET_FEET) * (w - 1)) return false;
  if (feet === 0 || h - 1 - feet > Math.max(1, Math.floor(h / 3))) return false;
  let widening = 0;
  for (let r = 1; r <= feet; r++) {
    const [a, b] = [runs[r]![0]![0], runs[r]!.at(-1)![1]];
    const [pa, pb] = [runs[r - 1]![0]![0], runs[r - 1]!.at(-1)![1]];
    if (a > pa + 1 || b < pb - 1) return false;
    if (b - a > pb - pa) widening++;
  }
  // Its sides are slanted down to its feet: it widens on most rows (an arch's legs drop straight).
  if (widening < CARET_SLANT * feet) return false;
  // Under its feet, only the feet's own ink: none between them (a ring closes there).
  return runs.slice(feet + 1).every((r) => r.every(([a, b]) => b <= left![1] || a >= right![0]));
}

/**
 * Whether a glyph whose ink ends on row `bottom` stands clear of its line's baseline: its ink is all
 * in the upper half of the line's box (`line`, ascenders to descenders). Letters and digits reach
 * the baseline, which lies below the middle of any line's box; a caret, a quote, an asterisk or a
 * degree sign do not.
 */
export function raisedGlyph(bottom: number, line: Box): boolean {
  return bottom < (line.y0 + line.y1) / 2;
}

/** A bracket's bars reach at least this share of its width from its stem... */
const BRACKET_BAR = 0.8;
/** ...its stem, every row between the bars, at most this share of its width... */
const BRACKET_STEM = 0.45;
/** ...and each bar at most this share of its height thick (its stem the rest). */
const BRACKET_BAR_THICK = 0.2;
/** A bracket is at least this many pixels tall... */
const MIN_BRACKET_PX = 8;
/** ...and at most this share of its height wide. */
const BRACKET_NARROW = 0.6;

/**
 * Whether a glyph's ink (`glyphAt`'s `ink`) is a square bracket, and which: a stem at one side of it in
 * every row, a bar from it across the glyph at its top and another at its foot, and between the
 * bars only the stem (its ink starting at the stem's side). `[` has its stem at the left, `]` at
 * the right. An `L` has no top bar (a typewriter `L`'s top serif is short and reaches both ways
 * of its stem), an `E` has a middle bar, `{` and `(` curve, `I`, `l` and `1` have
 * their stem in the middle.
 */
export function bracketShape(ink: readonly (readonly boolean[])[] | undefined): '[' | ']' | undefined {
  if (!ink) return undefined;
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  if (h < MIN_BRACKET_PX || w < 3 || w > BRACKET_NARROW * h) return undefined;
  for (const side of ['[', ']'] as const) {
    // Columns counted from the stem's side.
    const rows = side === '[' ? ink : ink.map((r) => [...r].reverse());
    const extents = rows.map((r) => [r.indexOf(true), r.lastIndexOf(true)] as const);
    if (extents.some(([a]) => a < 0)) return undefined;
    const bar = extents.map(([a, b]) => a === 0 && b + 1 >= BRACKET_BAR * w);
    const top = bar.indexOf(false);
    const foot = bar.lastIndexOf(false);
    if (top <= 0 || foot >= h - 1 || top > BRACKET_BAR_THICK * h || h - 1 - foot > BRACKET_BAR_THICK * h) continue;
    if (extents.slice(top, foot + 1).every(([a, b]) => a === 0 && b + 1 <= BRACKET_STEM * w)) return side;
  }
  return undefined;
}

/** A brace is at least this many pixels tall... */
const MIN_BRACE_PX = 10;
/** ...and at most this share of its height wide. */
const BRACE_NARROW = 0.7;
/** Its point juts out from its arms by at least this share of its width... */
const BRACE_POINT = 0.3;
/** ...on at most this share of its rows, all in the middle band of its height (this share from either end). */
const BRACE_POINT_ROWS = 0.25;
const BRACE_MIDDLE = 0.3;
/** Its arms: the rows from this share of its height from either end to the middle band. */
const BRACE_ARM = 0.15;
/** Its hooks, at its top and its foot, reach at least this share of its width to the other side. */
const BRACE_HOOK = 0.75;
/** Each arm's edge stays on one column over at least this share of its height. */
const BRACE_STEADY = 0.15;

/** The most rows in a row, from `from` to `to` (row indices, inclusive), on which `edges` stays the same. */
function longestSteady(edges: readonly number[], from: number, to: number): number {
  let best = 0;
  let run = 0;
  for (let y = Math.ceil(from); y <= Math.min(edges.length - 1, Math.floor(to)); y++) {
    run = y > Math.ceil(from) && edges[y] === edges[y - 1] ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

/**
 * Whether a glyph's ink (`glyphAt`'s `ink`) is a curly brace, and which: two straight arms (one run
 * a row, its edge on the point's side within a pixel of one column and on one column over a
 * stretch of rows), between them a point jutting
 * out to one side on a few rows of the middle of its height, and at its top and its foot a hook
 * reaching across to the other side. `{` points left, `}` right. A `t` has no hook at its top
 * (its stem rises alone) and its bar juts out both ways; a parenthesis curves on every row, so its
 * bulge spans most of its middle and its arms lean; a square bracket's bars reach back from its
 * stem, not across from a point.
 */
export function braceShape(ink: readonly (readonly boolean[])[] | undefined): '{' | '}' | undefined {
  if (!ink) return undefined;
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  if (h < MIN_BRACE_PX || w < 3 || w > BRACE_NARROW * h) return undefined;
  for (const side of ['{', '}'] as const) {
    // Columns counted from the point's side.
    const rows = side === '{' ? ink : ink.map((r) => [...r].reverse());
    const runs = rows.map(inkRuns);
    if (runs.some((r) => r.length === 0)) return undefined;
    const near = runs.map((r) => r[0]![0]);
    const far = runs.map((r) => r.at(-1)![1]);
    const arms = near
      .map((_, y) => y)
      .filter(
        (y) => (y >= BRACE_ARM * h && y < BRACE_MIDDLE * h) || (y > (1 - BRACE_MIDDLE) * h && y <= (1 - BRACE_ARM) * h),
      );
    if (arms.length < 2 || arms.some((y) => runs[y]!.length !== 1)) continue;
    const armEdge = median(arms.map((y) => near[y]!));
    if (arms.some((y) => Math.abs(near[y]! - armEdge) > 1) || armEdge < BRACE_POINT * w) continue;
    // Each arm straight: its edge on one column over a good part of its height (a parenthesis moves every row or two).
    if (
      longestSteady(near, 0.1 * h, 0.4 * h) < BRACE_STEADY * h ||
      longestSteady(near, 0.6 * h, 0.9 * h) < BRACE_STEADY * h
    )
      continue;
    const point = near.map((_, y) => y).filter((y) => near[y]! <= armEdge - BRACE_POINT * w);
    if (point.length === 0 || point.length > BRACE_POINT_ROWS * h) continue;
    if (point.some((y) => y < BRACE_MIDDLE * h || y > (1 - BRACE_MIDDLE) * h)) continue;
    if (far[0]! + 1 < BRACE_HOOK * w || far[h - 1]! + 1 < BRACE_HOOK * w) continue;
    if (near[0]! < armEdge - 1 || near[h - 1]! < armEdge - 1) continue;
    return side;
  }
  return undefined;
}

/** Square and curly brackets as read are trusted. */
const READ_BRACKET = /^[[\]{}]$/;
/** Marks a bracket is never read as (their boxes can sit a glyph off, over a bracket beside them). */
const PUNCTUATION = /^[.,;:!?]$/;

/**
 * A line with each character whose glyph is a square or curly bracket read as that bracket (a
 * typewriter `}` is read `t` or `y`, `{` as `t`: `a{d,c,b}e` as `a{d,c,bte`). `glyphAt`
 * gives, for a character's box, the left edge of the glyph under it and, when that glyph is a
 * bracket, which. The fast English model reads a typewriter `[` as `L`, `l` or `|` (`\foo[arg]` as
 * `\fooLarg]`), which glues the words on either side. A glyph under two characters of the line (a
 * full stop or a parenthesis boxed over the bracket before it) is neither's to change, and a
 * punctuation mark (`.`, `,`, `;`, `:`: the recogniser's boxes for them can sit a glyph off) is
 * never a bracket.
 */
export function withBrackets(
  line: OcrLine,
  glyphAt: (symbol: Box) => { x0: number; bracket?: '[' | ']' | '{' | '}' } | undefined,
): OcrLine {
  if (!line.words) return line;
  const glyphs = tidySymbols(line.words).map((w) => w.symbols.map((s) => glyphAt(s.bbox)));
  const all = glyphs.flat();
  return respelled(line, (symbols, word) =>
    symbols.map((s, i) => {
      const g = glyphs[word]?.[i];
      if (!g?.bracket || READ_BRACKET.test(s.text) || PUNCTUATION.test(s.text)) return s;
      if (all.filter((o) => o?.x0 === g.x0).length > 1) return s;
      return { ...s, text: g.bracket };
    }),
  );
}

/**
 * A line with each character whose glyph is a raised caret read `^` (`caretAt`, given the
 * character's box: the left edge of its glyph when it is one, else undefined). The fast English
 * model reads a typewriter caret as `7` or as a quote (`E{^_}` as `E{7_}`, `E{7>_}`), which
 * breaks the command or expression it is in. Two characters of a word read from one glyph
 * (`7>` over one caret) are one `^`.
 */
export function withCarets(line: OcrLine, caretAt: (symbol: Box) => number | undefined): OcrLine {
  if (!line.words) return line;
  // Judged on boxes of a usable width: a box stretched over the words after it is not its glyph's.
  const boxes = tidySymbols(line.words).map((w) => w.symbols.map((s) => s.bbox));
  return respelled(line, (symbols, word) => {
    const out: typeof symbols = [];
    let previous: number | undefined;
    for (const [i, s] of symbols.entries()) {
      const at = s.text === '^' ? undefined : caretAt(boxes[word]?.[i] ?? s.bbox);
      if (at !== undefined && at === previous && out.at(-1)?.text === '^') continue;
      previous = at;
      out.push(at === undefined ? s : { ...s, text: '^' });
    }
    return out;
  });
}

/** A percent sign is at least this many pixels tall. */
const MIN_PERCENT_PX = 8;
/** Its rings lie apart by at least this share of its height and of its width (its slash between them). */
const PERCENT_APART = 0.25;

/**
 * Whether a glyph's ink (`glyphAt`'s `ink`) is a percent sign, `%`: two holes, one wholly above and
 * to the left of the other and apart from it by a quarter of the glyph's height and width or more
 * (its two rings at the ends of its slash), and no third. A `$` has its two holes on the same
 * diagonal, but only its stem and the middle of its S between them; an `8`, a `B`, a `g` have
 * theirs one over the other, an `&` its upper one to the right, `oo` or `œ` side by side; a
 * slashed zero's two halves overlap both ways; `/`, `t`, `h`, `i`, `l` have none. The model reads
 * a typewriter `%` as `/`, `t`, `h` or `i,`.
 */
export function percentShape(ink: readonly (readonly boolean[])[] | undefined): boolean {
  if (!ink || ink.length < MIN_PERCENT_PX || (ink[0]?.length ?? 0) < 5) return false;
  const holes = inkHoles(ink);
  if (holes.length !== 2) return false;
  const [upper, lower] = holes as [(typeof holes)[0], (typeof holes)[0]];
  const h = ink.length;
  const w = ink[0]!.length;
  return lower.top - upper.bottom - 1 >= PERCENT_APART * h && lower.left - upper.right - 1 >= PERCENT_APART * w;
}

/**
 * A line with each character whose glyph is the sign `sign` read as it (`signAt`, given the
 * character's box: the left edge of the glyph under it and whether it is the sign, or undefined
 * where the box holds no glyph). The fast English model reads a typewriter `%` as `/`, as `t` or
 * `h`, or as two characters (`%%` as `/,/,`, `{%` as `th`), and a visible space `␣` as `,,`, which
 * breaks the format string, the pattern, the TeX comment or the argument it is in. Characters of
 * a word read from one glyph are one sign, and so is a character read as the sign whose box holds
 * no glyph (it sits between two) with the character after it whose glyph is the sign (`}%,` over
 * `}%`), or the sign with a character after it whose box overlaps its own and holds no glyph (`,,`
 * over `␣`, the second box past the glyph's ink). A bracket as read stays (`world}` is not
 * `world␣` when its box sits over the visible space before the brace).
 */
export function withSign(
  line: OcrLine,
  sign: string,
  signAt: (symbol: Box) => { x0: number; sign: boolean } | undefined,
): OcrLine {
  if (!line.words) return line;
  // Judged on boxes of a usable width: a box stretched over the words after it is not its glyph's.
  const boxes = tidySymbols(line.words).map((w) => w.symbols.map((s) => s.bbox));
  return respelled(line, (symbols, word) => {
    const out: typeof symbols = [];
    let previous: ReturnType<typeof signAt> | null = null;
    for (const [i, s] of symbols.entries()) {
      const box = boxes[word]?.[i] ?? s.bbox;
      // A bracket as read is trusted (its box can sit over the sign beside it).
      const g = READ_BRACKET.test(s.text) ? { x0: NaN, sign: false } : signAt(box);
      const before = boxes[word]?.[i - 1];
      // The character before was read as the sign from this character's glyph, or from a glyph
      // this box shares with it: the recogniser cut one glyph in two boxes.
      const sameGlyph =
        out.at(-1)?.text === sign &&
        (previous === undefined
          ? g?.sign === true
          : previous?.sign === true &&
            (g === undefined ? before !== undefined && before.x1 > box.x0 : previous.x0 === g.x0));
      previous = g;
      if (sameGlyph) continue;
      out.push(g?.sign ? { ...s, text: sign } : s);
    }
    return out;
  });
}

/** An at sign is at least this many pixels tall... */
const MIN_AT_PX = 8;
/** ...and its holes (its `a`'s counter) at most this share of its height: a `0`'s or an `O`'s spans most of it. */
const AT_HOLE = 0.45;
/** The character the model reads for an at sign (a letter `o` in a word is judged wrongly where its glyph touches the next). */
const READ_FOR_AT = /^0$/;
/** An at sign is round: its width at least this share of its height and at most its inverse. */
const AT_ROUND = 0.7;

/**
 * Whether a glyph's ink (`glyphAt`'s `ink`) is an at sign, `@`: round, with a hole (the counter of
 * its `a`, within its ring, which opens at its tail) no taller than under half its height. A `0`
 * or an `O` is a ring round one hole spanning most of its height (a slashed or dotted zero's
 * halves too); a glyph without a hole is none. Judged on typewriter lines, whose glyphs stand
 * apart in their cells: in proportional type an `o` touching a `t` is one run of ink, a tall glyph
 * with a small hole.
 */
export function atShape(ink: readonly (readonly boolean[])[] | undefined): boolean {
  if (!ink || ink.length < MIN_AT_PX) return false;
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  if (w < AT_ROUND * h || w > h / AT_ROUND) return false;
  const holes = inkHoles(ink);
  return holes.length > 0 && holes.every((o) => o.bottom - o.top + 1 <= AT_HOLE * h);
}

/**
 * A line with each `0` whose glyph is an at sign (`isAt`, given the character's box) read `@`. The fast English model reads a typewriter `@` as `0` (`${@:7:2}` as `${0:7:2}`), which
 * turns a shell's, Texinfo's or an address's `@` into another word.
 */
export function withAtSigns(line: OcrLine, isAt: (symbol: Box) => boolean): OcrLine {
  if (!line.words?.some((w) => w.symbols.some((s) => READ_FOR_AT.test(s.text)))) return line;
  return respelled(line, (symbols) =>
    symbols.map((s) => (READ_FOR_AT.test(s.text) && isAt(s.bbox) ? { ...s, text: '@' } : s)),
  );
}

/** A visible space is at least this many pixels tall... */
const MIN_CUP_PX = 4;
/** ...at least this share of its height wide... */
const CUP_WIDE = 0.9;
/** ...its uprights each at most this share of its width... */
const CUP_UPRIGHT = 0.25;
/** ...and its bar at most this share of its height thick. */
const CUP_BAR = 0.4;

/**
 * Whether a glyph's ink (`glyphAt`'s `ink`) is a visible space, `␣`: a square cup, two thin
 * uprights at its very edges on every row down to a bar across its whole width at its foot. A `u`
 * curves into its foot and has serifs, an underscore has no uprights, `=` has two bars, commas
 * are a glyph each.
 */
export function cupShape(ink: readonly (readonly boolean[])[] | undefined): boolean {
  if (!ink || ink.length < MIN_CUP_PX) return false;
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  if (w < CUP_WIDE * h || w < 5) return false;
  const runs = ink.map(inkRuns);
  // The bar's first row spans the glyph; a row under it may miss a corner pixel.
  const full = (r: [number, number][]) => r.length === 1 && r[0]![0] === 0 && r[0]![1] === w - 1;
  const across = (r: [number, number][]) => r.length === 1 && r[0]![1] - r[0]![0] + 1 >= w - 1;
  const bar = runs.findIndex(full);
  if (bar < 2 || h - bar > CUP_BAR * h || !runs.slice(bar).every(across)) return false;
  return runs
    .slice(0, bar)
    .every(
      (r) =>
        r.length === 2 &&
        r[0]![0] === 0 &&
        r[1]![1] === w - 1 &&
        r[0]![1] + 1 <= CUP_UPRIGHT * w &&
        w - r[1]![0] <= CUP_UPRIGHT * w,
    );
}

/** Characters the recogniser reads for a hyphen's short bar (hyphen, hyphen-minus, en and em dash, minus). */
const DASH = /^[-\u2010\u2011\u2013\u2014\u2212]$/;
/** A dash's ink is at least this many times as wide as it is tall (a letter, a digit, `=` and `~` are not)... */
const DASH_FLAT = 2.5;
/** ...and its rows lie between these shares of its line's box, top down (`_` on the baseline, `^` at the top are not dashes). */
const DASH_ROWS = [0.2, 0.85] as const;

/**
 * Whether a glyph's ink is a dash's bar: flat (DASH_FLAT) and between the line's x-height and
 * baseline (DASH_ROWS of `line`'s box).
 */
export function dashGlyph(g: GlyphSpan, line: Box): boolean {
  const h = line.y1 - line.y0;
  const tall = g.bottom - g.top + 1;
  return (
    h > 0 &&
    g.x1 - g.x0 >= DASH_FLAT * tall &&
    g.top >= line.y0 + DASH_ROWS[0] * h &&
    g.bottom <= line.y0 + DASH_ROWS[1] * h
  );
}

/**
 * A typewriter line with its dashes counted by their glyphs: each run of characters read as dashes
 * (DASH) in a word is as many hyphens as its boxes' span holds dash glyphs (`dashesIn`: the flat
 * bars whose centre lies in the span, or undefined when a glyph there is no bar), each boxed on its
 * glyph. On a typewriter grid every character has a cell and a glyph of its own, and the fast
 * model reads two hyphens side by side as one dash (bashref's `$ set -- 1 2 3`, read `$ set -  1 2
 * 3`; `--` of every long option) and one as two (reportlab's grey `"Helvetica-Bold"` read
 * `Helvetica-—Bold`, a hyphen and an em dash boxed on one glyph). A run whose count is its glyphs'
 * is left as read (a one-cell em dash stays one).
 */
export function withDashes(line: OcrLine, dashesIn: (x0: number, x1: number) => GlyphSpan[] | undefined): OcrLine {
  if (!line.words?.some((w) => w.symbols.some((s) => DASH.test(s.text)))) return line;
  return respelled(line, (symbols) => {
    const out: OcrWord['symbols'] = [];
    for (let i = 0; i < symbols.length; ) {
      if (!DASH.test(symbols[i]!.text)) {
        out.push(symbols[i++]!);
        continue;
      }
      let j = i;
      while (j < symbols.length && DASH.test(symbols[j]!.text)) j++;
      const run = symbols.slice(i, j);
      const x0 = Math.min(...run.map((s) => s.bbox.x0));
      const x1 = Math.max(...run.map((s) => s.bbox.x1));
      const glyphs = dashesIn(x0, x1);
      if (!glyphs || glyphs.length === 0 || glyphs.length === run.length) out.push(...run);
      else for (const g of glyphs) out.push({ ...run[0]!, text: '-', bbox: { ...run[0]!.bbox, x0: g.x0, x1: g.x1 } });
      i = j;
    }
    return out;
  });
}

/** A dot's ink is at most this share of its line's box tall... */
const DOT_SMALL = 0.25;
/** ...its top below this share of the box (on the baseline, not at x-height as a hyphen's bar)... */
const DOT_LOW = 0.5;
/** ...and about as wide as tall (a hyphen is flat, a comma's tail makes it tall). */
const DOT_ROUND = [0.6, 1.6] as const;

/** Whether a glyph's ink is a full stop's dot: small, low in `line`'s box, about as wide as tall. */
export function dotGlyph(g: GlyphSpan, line: Box): boolean {
  const h = line.y1 - line.y0;
  const tall = g.bottom - g.top + 1;
  const wide = g.x1 - g.x0;
  return (
    h > 0 &&
    tall <= DOT_SMALL * h &&
    g.top >= line.y0 + DOT_LOW * h &&
    wide >= DOT_ROUND[0] * tall &&
    wide <= DOT_ROUND[1] * tall
  );
}

/**
 * A typewriter line with a lone hyphen read where its cell holds a dot made a full stop: the fast
 * model reads the dot opening `./bash` (a path, a shell's `$0`) as `-` when the word is read
 * alone. `glyphsIn` gives the glyphs whose centre lies in a symbol's span; a hyphen whose span
 * holds exactly one glyph and that a dot (`dotGlyph`) is `.`; one with a bar, or next to another
 * dash (a run `withDashes` counts), is left.
 */
export function withDots(line: OcrLine, glyphsIn: (x0: number, x1: number) => GlyphSpan[]): OcrLine {
  if (!line.words?.some((w) => w.symbols.some((s) => s.text === '-'))) return line;
  return respelled(line, (symbols) =>
    symbols.map((s, i) => {
      if (s.text !== '-' || DASH.test(symbols[i - 1]?.text ?? '') || DASH.test(symbols[i + 1]?.text ?? '')) return s;
      const glyphs = glyphsIn(s.bbox.x0, s.bbox.x1);
      return glyphs.length === 1 && dotGlyph(glyphs[0]!, line.bbox) ? { ...s, text: '.' } : s;
    }),
  );
}

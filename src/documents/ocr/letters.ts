// Letters and bullets the recogniser misreads, told by their ink: a bullet's solid disc, accents by
// their slope, an open `c`, a low `0`, a `1` read `i`, and a typewriter glyph read as its twins are.

import { type OcrLine } from './engine.ts';
import { type Box } from './filters.ts';
import { median } from '../median.ts';
import { rowHeightOf } from './geometry.ts';
import { BOX_DOUBLE, inkRuns, respelled } from './glyph-ink.ts';

/** A glyph whose ink fills this share of its own box or more is solid: a bullet's disc or square. */
const SOLID_FILL = 0.68;
/** A bullet's ink is at least this share of its line's row tall (a full stop or a middle dot is far smaller)... */
const BULLET_HEIGHT = 0.3;
/** ...and about as wide as tall (an `I`, a rule or a dash is not). */
const BULLET_ASPECT: readonly [number, number] = [0.6, 1.6];

/**
 * A line whose first word is a list's bullet, with that word read as `•`. The fast English model
 * reads a round bullet as a letter (`e brace expansion`, `e \NewDocumentCommand will issue...`,
 * Texinfo's and LaTeX's itemize), which then reads as a word of the text. The glyph tells: a
 * bullet is solid ink (a disc fills pi/4 of its box, a square all of it; a letter `e`, `o` or `@`
 * has a counter and fills half or less), about as wide as tall, and a good part of the row high
 * (a full stop is not). `inkOf` gives the ink inside a box of the page image (`inkShape`).
 */
export function withBullet(
  line: OcrLine,
  inkOf: (box: Box) => { width: number; height: number; fill: number } | undefined,
): OcrLine {
  const words = line.words;
  const first = words?.[0];
  if (!words || !first || words.length < 2 || first.symbols.length !== 1 || first.text === '\u2022') return line;
  const ink = inkOf(first.bbox);
  if (!ink || ink.fill < SOLID_FILL) return line;
  const aspect = ink.width / ink.height;
  if (aspect < BULLET_ASPECT[0] || aspect > BULLET_ASPECT[1] || ink.height < BULLET_HEIGHT * rowHeightOf(line))
    return line;
  const text = line.text.trimStart();
  if (!text.startsWith(first.text)) return line;
  const bullet = { ...first, text: '\u2022', symbols: [{ ...first.symbols[0]!, text: '\u2022' }] };
  return { ...line, text: '\u2022' + text.slice(first.text.length), words: [bullet, ...words.slice(1)] };
}

/** The same letters with an acute, a grave and a circumflex accent, which the recogniser may confuse. */
const ACCENTED: Readonly<Record<'acute' | 'grave' | 'circumflex', string>> = {
  acute: 'áéíóúÁÉÍÓÚ',
  grave: 'àèìòùÀÈÌÒÙ',
  circumflex: 'âêîôûÂÊÎÔÛ',
};
/** An accent's edges lean at least this many columns a row to count as leaning (a dieresis's, a dot's lean none). */
const ACCENT_LEAN = 0.3;
/** An accent is at least this many rows tall to be judged. */
const ACCENT_ROWS = 3;

/** The slope of `values` against their index: the median of the slopes of every pair (a stray row moves it little). */
function slope(values: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < values.length; i++)
    for (let j = i + 1; j < values.length; j++) slopes.push((values[j]! - values[i]!) / (j - i));
  slopes.sort((a, b) => a - b);
  const m = slopes.length >> 1;
  return slopes.length % 2 === 1 ? slopes[m]! : (slopes[m - 1]! + slopes[m]!) / 2;
}

/**
 * The accent over a letter, told by its ink (`glyphAt`'s `ink`, rows top down): the ink above the
 * glyph's first blank row (an accent stands apart from its letter), with the letter below it, at
 * least ACCENT_ROWS tall. Going down its rows, an acute accent's left and right edges both move
 * left (it rises to the right), a grave one's both move right, a circumflex's spread apart (an
 * apex on two legs); each edge's lean is the median slope of its columns over every two rows. An acute or grave
 * accent is one run of ink a row (two runs are another glyph's ink beside it). Undefined for
 * anything else: a dieresis, a ring, a caron, a dot, no accent.
 */
export function accentShape(
  ink: readonly (readonly boolean[])[] | undefined,
): 'acute' | 'grave' | 'circumflex' | undefined {
  if (!ink) return undefined;
  const gap = ink.findIndex((row) => !row.includes(true));
  if (gap < ACCENT_ROWS || !ink.slice(gap).some((row) => row.includes(true))) return undefined;
  const rows = ink.slice(0, gap);
  const left = slope(rows.map((row) => row.indexOf(true)));
  const right = slope(rows.map((row) => row.lastIndexOf(true)));
  const oneRun = rows.every((row) => inkRuns(row).length === 1);
  if (left <= -ACCENT_LEAN && right >= ACCENT_LEAN) return 'circumflex';
  if (!oneRun) return undefined;
  if (left <= -ACCENT_LEAN && right <= -ACCENT_LEAN) return 'acute';
  if (left >= ACCENT_LEAN && right >= ACCENT_LEAN) return 'grave';
  return undefined;
}

/**
 * A line with each letter read with an acute, grave or circumflex accent read with the accent its
 * glyph has (`accentOf`, given the character's box). The English model reads French and Italian
 * `è`, `ê`, `à` as `é`, `é`, `á` (`dernière` as `derniére`, `être` as `étre`, `après` as `aprés`),
 * which breaks every search for the word; the accent's shape tells them apart (`accentShape`).
 * Words and characters change with the line's text.
 */
export function withAccents(
  line: OcrLine,
  accentOf: (symbol: Box) => 'acute' | 'grave' | 'circumflex' | undefined,
): OcrLine {
  const kinds = Object.values(ACCENTED);
  const judged = (c: string) => c.length === 1 && kinds.some((k) => k.includes(c));
  if (!line.words?.some((w) => w.symbols.some((s) => judged(s.text)))) return line;
  return respelled(line, (symbols) =>
    symbols.map((s) => {
      if (!judged(s.text)) return s;
      const accent = accentOf(s.bbox);
      if (accent === undefined) return s;
      const letter = kinds.map((k) => k.indexOf(s.text)).find((i) => i >= 0)!;
      return { ...s, text: ACCENTED[accent][letter]! };
    }),
  );
}

/** A `c` is at least this many pixels tall... */
const MIN_OPEN_PX = 8;
/** ...about as wide as tall: its width at least this share of its height and at most its inverse (a parenthesis is narrow)... */
const OPEN_ROUND = 0.6;
/** ...and its middle rows (this share of its height either side of its middle)... */
const OPEN_MIDDLE = 0.1;
/** ...hold no ink right of this share of its width, where an `e`'s bar meets its bowl. */
const OPEN_RIGHT = 0.6;
/** The character the model reads for a `c` on a typewriter line (cmtt's `bc` read `be`). */
const READ_FOR_OPEN = /^e$/;

/**
 * Whether a glyph's ink (`glyphAt`'s `ink`, taken at the light threshold LIGHT_INK) is a `c`: a
 * bowl open on its right, no ink in the right part of its middle rows, its top and foot reaching
 * over to that side. An `e` closes the same bowl with its bar across the middle (even a faint bar
 * is darker than paper), an `o` with its right side; a `(`, `[` or `<` is narrow or has no foot
 * on the right. Judged on typewriter lines, whose glyphs stand apart in their cells.
 */
export function openShape(ink: readonly (readonly boolean[])[] | undefined): boolean {
  if (!ink || ink.length < MIN_OPEN_PX) return false;
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  if (w < OPEN_ROUND * h || w > h / OPEN_ROUND) return false;
  const right = Math.ceil(OPEN_RIGHT * w);
  const reaches = (row: readonly boolean[]) => row.slice(right).includes(true);
  const from = Math.floor(h * (0.5 - OPEN_MIDDLE));
  const to = Math.ceil(h * (0.5 + OPEN_MIDDLE));
  for (let y = from; y < to; y++) {
    const row = ink[y]!;
    if (reaches(row) || !row.slice(0, w - right).includes(true)) return false;
  }
  return ink.slice(0, from).some(reaches) && ink.slice(to).some(reaches);
}

/**
 * A line with each `e` whose glyph is open on its right (`isOpen`, given the character's box) read
 * `c`. The fast English model reads a typewriter `c` after a `b` as `e` (`bc` as `be`, bashref's
 * `${string: -7:2}` answered `bc`), another word than printed.
 */
export function withOpenC(line: OcrLine, isOpen: (symbol: Box) => boolean): OcrLine {
  if (!line.words?.some((w) => w.symbols.some((s) => READ_FOR_OPEN.test(s.text)))) return line;
  return respelled(line, (symbols) =>
    symbols.map((s) => (READ_FOR_OPEN.test(s.text) && isOpen(s.bbox) ? { ...s, text: 'c' } : s)),
  );
}

/** Characters whose glyph stands on the baseline and reaches the cap or ascender height, in a typewriter face. */
const TALL = /^[1-9A-NPR-Zbdfhklt]$/;
/** A zero's glyph at most this share of its line's tall glyphs' height is a letter `o` (x-height: 0.71 in cmtt, 0.74 in Courier). */
const ZERO_LOW = 0.8;
/** Tall glyphs a line needs before its zeros are judged. */
const MIN_TALL = 2;

/**
 * A line with each `0` whose glyph is no taller than an x-height letter read `o`: the fast English
 * model reads a typewriter `o` as `0` (bashref's `~-/foo` as `~-/f00`), and in a typewriter face
 * (lining figures) a zero is as tall as a capital, an `o` is not. `heightOf` gives the height of
 * the glyph under a character's box (`glyphAt`), or undefined; the line's tall glyphs (capitals,
 * digits but 0, ascender letters) give the measure, the median of two or more.
 */
export function withLowZeros(line: OcrLine, heightOf: (symbol: Box) => number | undefined): OcrLine {
  const symbols = line.words?.flatMap((w) => w.symbols) ?? [];
  if (!symbols.some((s) => s.text === '0')) return line;
  const tall = symbols
    .filter((s) => TALL.test(s.text))
    .map((s) => heightOf(s.bbox))
    .filter((h): h is number => h !== undefined);
  if (tall.length < MIN_TALL) return line;
  const cap = median(tall);
  return respelled(line, (syms) =>
    syms.map((s) => {
      if (s.text !== '0') return s;
      const h = heightOf(s.bbox);
      return h !== undefined && h <= ZERO_LOW * cap ? { ...s, text: 'o' } : s;
    }),
  );
}

/** A `1` is at least this many pixels tall... */
const MIN_ONE_PX = 8;
/** ...at most this share of its height wide... */
const ONE_NARROW = 0.8;
/** ...and its flag reaches left of its top by this share of its width or more, in its top third. */
const ONE_FLAG = 0.2;
/** A `1` stands on a foot at least this many times as wide as its stem (an `fi` ligature stands on two stems). */
const ONE_FOOT = 2;

/**
 * Whether a glyph's ink (`glyphAt`'s `ink`) read `i` is a `1`: one stroke, no blank row between a
 * dot and a stem, with a flag that leaves its top and goes down to the left (its left edge moves
 * left in its top third) and a foot across its last row. An `i` has its dot apart; an `l`'s serif is
 * at its very top (its left edge does not move left below it), and it is left as read; an `fi`
 * ligature stands on two stems.
 */
export function oneShape(ink: readonly (readonly boolean[])[] | undefined): boolean {
  if (!ink || ink.length < MIN_ONE_PX) return false;
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  if (w > ONE_NARROW * h || ink.some((r) => !r.includes(true))) return false;
  const left = ink.map((r) => r.indexOf(true));
  const flag = Math.min(...left.slice(1, Math.ceil(h / 3)));
  if (left[0]! - flag < Math.max(1, ONE_FLAG * w)) return false;
  // Its foot: one run across its last row, at least ONE_FOOT times its stem (the middle third's widest row).
  const span = (r: readonly boolean[]) => r.lastIndexOf(true) - r.indexOf(true) + 1;
  const stem = Math.max(...ink.slice(Math.floor(h / 3), Math.ceil((2 * h) / 3)).map(span));
  const foot = ink[h - 1]!;
  return inkRuns(foot).length === 1 && span(foot) >= ONE_FOOT * stem;
}

/**
 * A line with each `i` whose glyph is a `1` (`isOne`, given the character's box) read `1`: the fast
 * model reads a typewriter `1` as `i` (the LaTeX manual's `\foo{1}` as `\foo{i}`, reportlab's
 * `cursormoves1` as `cursormovesi`).
 */
export function withOnes(line: OcrLine, isOne: (symbol: Box) => boolean): OcrLine {
  if (!line.words?.some((w) => w.symbols.some((s) => s.text === 'i'))) return line;
  return respelled(line, (symbols) => symbols.map((s) => (s.text === 'i' && isOne(s.bbox) ? { ...s, text: '1' } : s)));
}

/** Two glyphs are twins when at most this share of the larger one's ink differs at their best alignment... */
const TWIN_DIFF = 0.1;
/** ...within this many pixels of each other (a scan places a glyph a pixel off; more is another glyph). */
const TWIN_SHIFT = 1;
/** A character is read as its twins are when at least this many of them agree... */
const MIN_TWINS = 3;
/** ...and at least this many times as many as read it as it was read. */
const TWIN_MAJORITY = 4;

/** A glyph's ink as a flat bitmap: `h` rows of `w` columns, `n` pixels inked. */
interface Bitmap {
  h: number;
  w: number;
  n: number;
  data: Uint8Array;
}

function bitmapOf(ink: readonly (readonly boolean[])[]): Bitmap {
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  const data = new Uint8Array(h * w);
  let n = 0;
  ink.forEach((r, y) =>
    r.forEach((v, x) => {
      if (v) {
        data[y * w + x] = 1;
        n++;
      }
    }),
  );
  return { h, w, n, data };
}

/**
 * The pixels inked in one bitmap and not the other, at the best of the alignments up to TWIN_SHIFT
 * pixels apart; with a `bound` (0 or more) counting stops past it (the answer is then some count
 * above it) and at the first alignment within it.
 */
function pixelsApart(a: Bitmap, b: Bitmap, bound = -1): number {
  const stop = bound < 0 ? Infinity : bound;
  let best = Infinity;
  for (let dy = -TWIN_SHIFT; dy <= TWIN_SHIFT; dy++) {
    for (let dx = -TWIN_SHIFT; dx <= TWIN_SHIFT; dx++) {
      let differ = 0;
      const y0 = Math.min(0, dy);
      const y1 = Math.max(a.h, b.h + dy);
      const x0 = Math.min(0, dx);
      const x1 = Math.max(a.w, b.w + dx);
      for (let y = y0; y < y1 && differ <= stop; y++) {
        const by = y - dy;
        for (let x = x0; x < x1; x++) {
          const p = y >= 0 && y < a.h && x >= 0 && x < a.w ? a.data[y * a.w + x]! : 0;
          const bx = x - dx;
          const q = by >= 0 && by < b.h && bx >= 0 && bx < b.w ? b.data[by * b.w + bx]! : 0;
          differ += p ^ q;
        }
      }
      if (differ < best) best = differ;
      if (bound >= 0 && best <= bound) return best;
    }
  }
  return best;
}

/**
 * How far apart two glyphs' ink (`glyphAt`'s `ink`) is: the share of pixels inked in one and not
 * the other, at the best of the alignments up to TWIN_SHIFT pixels apart, of the larger glyph's
 * ink; 1 when their sizes differ by more than TWIN_SHIFT pixels either way.
 */
export function inkDifference(a: readonly (readonly boolean[])[], b: readonly (readonly boolean[])[]): number {
  const p = bitmapOf(a);
  const q = bitmapOf(b);
  if (Math.abs(p.h - q.h) > TWIN_SHIFT || Math.abs(p.w - q.w) > TWIN_SHIFT) return 1;
  const most = Math.max(p.n, q.n);
  return most === 0 ? 1 : pixelsApart(p, q) / most;
}

/**
 * What each glyph of a page's typewriter lines is read as by its twins, or undefined where they are
 * too few or split: a face prints one character with the same ink wherever it stands, so a glyph
 * whose twins on the page (`inkDifference` at most TWIN_DIFF) are read one way, MIN_TWINS times or
 * more and TWIN_MAJORITY times as often as its own reading (when that is another), is that
 * character. The fast model reads Courier's `fill` as `£i11` (its `f` as `£`, its `l` as `1`),
 * cmtt's `bc` as `be`, `{%` as `th`, where the same glyphs elsewhere on the page are read right; a
 * typewriter face draws `1`, `l` and `I`, `0` and `O` apart, and their twins keep them apart.
 */
export function twinReadings(
  glyphs: readonly { text: string; ink: readonly (readonly boolean[])[] }[],
): (string | undefined)[] {
  // Glyphs of the same ink are compared once: a clean page prints most letters alike to the pixel.
  const shapes = new Map<string, { bitmap: Bitmap; readings: Map<string, number> }>();
  const shapeOf = glyphs.map((g) => {
    const key = g.ink.map((r) => r.map((v) => (v ? 1 : 0)).join('')).join('/');
    let shape = shapes.get(key);
    if (!shape) shapes.set(key, (shape = { bitmap: bitmapOf(g.ink), readings: new Map() }));
    shape.readings.set(g.text, (shape.readings.get(g.text) ?? 0) + 1);
    return shape;
  });
  const list = [...shapes.values()];
  const twinsOf = new Map(
    list.map((s) => {
      const { h, w, n } = s.bitmap;
      const twins = list.filter((o) => {
        if (o === s) return true;
        const b = o.bitmap;
        if (Math.abs(h - b.h) > TWIN_SHIFT || Math.abs(w - b.w) > TWIN_SHIFT) return false;
        const bound = TWIN_DIFF * Math.max(n, b.n);
        // Cheap first: ink counts further apart than the bound cannot be twins.
        return n > 0 && b.n > 0 && Math.abs(n - b.n) <= bound && pixelsApart(s.bitmap, b, bound) <= bound;
      });
      return [s, twins] as const;
    }),
  );
  return glyphs.map((g, i) => {
    const votes = new Map<string, number>();
    for (const o of twinsOf.get(shapeOf[i]!)!) for (const [t, k] of o.readings) votes.set(t, (votes.get(t) ?? 0) + k);
    // Not itself.
    votes.set(g.text, votes.get(g.text)! - 1);
    let best: [string, number] | undefined;
    for (const v of votes) if (!best || v[1] > best[1]) best = v;
    if (!best || best[1] < MIN_TWINS) return undefined;
    return best[0] === g.text || (votes.get(g.text) ?? 0) * TWIN_MAJORITY < best[1] ? best[0] : undefined;
  });
}

/** Two neighbouring characters whose boxes overlap by more than this share of the narrower one are not told apart... */
const BOX_OVERLAP = 0.25;

/**
 * The characters of a line that have a glyph of their own (`glyphOf`, given a character's box),
 * each with the box of a neighbour read from the same glyph (`double`), if any. Two characters whose
 * boxes find one glyph (the same left edge) are a misreading of it, and two neighbours whose boxes
 * overlap (BOX_OVERLAP) were squeezed onto glyphs not their own (reportlab's `setFont` with its
 * `n` and `t` boxed half a cell early, the `t` on the `n`'s glyph): neither is judged by its twins.
 * But a character with no glyph whose box lies on its neighbour's (BOX_DOUBLE) is the same glyph
 * read twice (Courier's `fill` read `£fil1`, the `£` boxed inside the `f`): the neighbour is judged,
 * and the double goes with it.
 */
export function ownGlyphs<G extends { x0: number }>(
  line: OcrLine,
  glyphOf: (symbol: Box) => G | undefined,
): { symbol: Box; text: string; glyph: G; double?: Box }[] {
  const symbols = (line.words ?? []).flatMap((w) => w.symbols);
  const glyphs = symbols.map((s) => glyphOf(s.bbox));
  const overlap = (a: Box, b: Box) =>
    Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) / Math.max(1, Math.min(a.x1 - a.x0, b.x1 - b.x0));
  const found = symbols.map((s, i) => {
    let double: Box | undefined;
    for (const j of [i - 1, i + 1]) {
      const n = symbols[j];
      if (!n) continue;
      const o = overlap(n.bbox, s.bbox);
      if (o > BOX_DOUBLE && glyphs[i] && !glyphs[j] && !double) double = n.bbox;
      else if (o > BOX_OVERLAP) return { symbol: s.bbox, text: s.text, glyph: undefined };
    }
    return { symbol: s.bbox, text: s.text, glyph: glyphs[i], ...(double ? { double } : {}) };
  });
  const lefts = new Map<number, number>();
  for (const f of found) if (f.glyph) lefts.set(f.glyph.x0, (lefts.get(f.glyph.x0) ?? 0) + 1);
  return found.filter(
    (f): f is { symbol: Box; text: string; glyph: G; double?: Box } =>
      f.glyph !== undefined && lefts.get(f.glyph.x0) === 1,
  );
}

/** A line with the characters `readingOf` gives (given a character's box) read so; read '' they go. */
export function withTwinReadings(line: OcrLine, readingOf: (symbol: Box) => string | undefined): OcrLine {
  return respelled(line, (symbols) =>
    symbols.flatMap((s) => {
      const t = readingOf(s.bbox);
      return t === undefined ? [s] : t === '' ? [] : [{ ...s, text: t }];
    }),
  );
}

// A glyph's ink on the page image: the ink under a character's box, the runs of inked columns that
// re-box a line's characters, the paper a glyph encloses, and the glyphs within a span of a line.

import { type Box } from './filters.ts';
import { type OcrLine, type OcrWord } from './engine.ts';
import { median } from '../median.ts';
import { centre } from './geometry.ts';
import { gridCell } from './typewriter.ts';
import { tidySymbols } from './text-lines.ts';

/** A pixel darker than this is ink. */
export const INK = 128;

/** The ink inside `box` of a grey image: its own tight box and the share of that box it fills. */
export function inkShape(
  grey: Uint8Array,
  width: number,
  box: Box,
): { width: number; height: number; fill: number } | undefined {
  const height = grey.length / width;
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(width, Math.ceil(box.x1));
  const y1 = Math.min(height, Math.ceil(box.y1));
  let [minX, minY, maxX, maxY, dark] = [Infinity, Infinity, -1, -1, 0];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      if (grey[y * width + x]! >= INK) continue;
      dark++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  if (dark === 0) return undefined;
  const w = maxX - minX + 1;
  const h = maxY - minY + 1;
  return { width: w, height: h, fill: dark / (w * h) };
}

/** A glyph's ink wider than this many times its character's box is several glyphs touching: not judged. */
const GLYPH_RUN_WIDE = 1.6;

/**
 * The ink of one glyph as a bitmap trimmed to its ink (rows of booleans, top down), with its place
 * on the page, or undefined: on `grey` (`width` pixels a row), within the rows of its line's box
 * (`line`), the run of inked columns (no blank column inside it) that holds the centre of the
 * character's box (`symbol`, the recogniser's estimate, which can sit up to half a character off
 * its glyph), or else the run nearest to it whose centre lies inside that box. A run wider than
 * GLYPH_RUN_WIDE times the box is several glyphs touching, and not one glyph's ink. Its place: the
 * left edge of its run of inked columns (two characters the recogniser read from one glyph share
 * it) and the rows of its first and last ink. Ink is grey under `threshold`.
 */
export function glyphAt(
  grey: Uint8Array,
  width: number,
  symbol: Box,
  line: Box,
  threshold = INK,
): { ink: boolean[][]; x0: number; top: number; bottom: number } | undefined {
  const height = grey.length / width;
  const y0 = Math.max(0, Math.floor(line.y0));
  const y1 = Math.min(height, Math.ceil(line.y1));
  const w = symbol.x1 - symbol.x0;
  if (w <= 0 || y1 <= y0) return undefined;
  const lo = Math.max(0, Math.floor(symbol.x0 - w));
  const hi = Math.min(width, Math.ceil(symbol.x1 + w));
  const inked = (x: number) => {
    for (let y = y0; y < y1; y++) if (grey[y * width + x]! < threshold) return true;
    return false;
  };
  const runs: [number, number][] = [];
  for (let x = lo; x < hi; x++) {
    if (!inked(x)) continue;
    const last = runs.at(-1);
    if (last && last[1] === x) last[1] = x + 1;
    else runs.push([x, x + 1]);
  }
  const mid = (symbol.x0 + symbol.x1) / 2;
  const run =
    runs.find(([a, b]) => a <= mid && mid < b) ??
    runs
      .filter(([a, b]) => (a + b) / 2 >= symbol.x0 && (a + b) / 2 <= symbol.x1)
      .sort((p, q) => Math.abs((p[0] + p[1]) / 2 - mid) - Math.abs((q[0] + q[1]) / 2 - mid))[0];
  // A run cut by the search window's edge is not known whole.
  if (!run || run[1] - run[0] > GLYPH_RUN_WIDE * w || (run[0] === lo && lo > 0) || (run[1] === hi && hi < width))
    return undefined;
  const rows: boolean[][] = [];
  for (let y = y0; y < y1; y++) {
    const row: boolean[] = [];
    for (let x = run[0]; x < run[1]; x++) row.push(grey[y * width + x]! < threshold);
    rows.push(row);
  }
  let top = y0;
  while (rows.length > 0 && !rows[0]!.includes(true)) {
    rows.shift();
    top++;
  }
  while (rows.length > 0 && !rows.at(-1)!.includes(true)) rows.pop();
  return rows.length > 0 ? { ink: rows, x0: run[0], top, bottom: top + rows.length - 1 } : undefined;
}

/**
 * The runs of inked columns of `grey` (`width` pixels a row) within `band`: [first, end) columns,
 * left to right. In a typewriter face each glyph is a run of its own (its cell has blank columns
 * either side), whatever boxes the recogniser gave its characters. Ink is grey under `threshold`.
 */
export function inkColumnRuns(grey: Uint8Array, width: number, band: Box, threshold = INK): [number, number][] {
  const height = grey.length / width;
  const y0 = Math.max(0, Math.floor(band.y0));
  const y1 = Math.min(height, Math.ceil(band.y1));
  const x0 = Math.max(0, Math.floor(band.x0));
  const x1 = Math.min(width, Math.ceil(band.x1));
  const runs: [number, number][] = [];
  for (let x = x0; x < x1; x++) {
    let inked = false;
    for (let y = y0; y < y1 && !inked; y++) inked = grey[y * width + x]! < threshold;
    if (!inked) continue;
    const last = runs.at(-1);
    if (last && last[1] === x) last[1] = x + 1;
    else runs.push([x, x + 1]);
  }
  return runs;
}

/**
 * Ink for re-boxing a line whose glyphs at INK are fewer than its characters: a listing's string
 * literals printed grey (reportlab's, 120-139 on the page image at their darkest) are ink under it,
 * and the paper and the faint edges around black glyphs are not.
 */
export const GREY_INK = 160;

/** Two runs of ink whose centres are closer than this share of a cell are the strokes of one glyph... */
const STROKE_PAIR = 0.5;
/** ...when each is narrower than this share of a cell (a `"`'s two ticks). */
const STROKE_NARROW = 0.35;

/**
 * Runs of inked columns (`inkColumnRuns`) with a glyph of two narrow strokes side by side (a
 * typewriter `"`: two ticks with blank columns between them) made one run. A typewriter face centres
 * each glyph in its cell, so two narrow glyphs of neighbouring cells (`..`, `::`) stand a cell apart
 * (the median step between runs' centres); the two ticks of one `"` stand a third of a cell apart.
 */
export function strokePairs(runs: readonly (readonly [number, number])[]): [number, number][] {
  const out = runs.map(([a, b]) => [a, b] as [number, number]);
  if (out.length < 3) return out;
  const pitch = median(out.slice(1).map((r, i) => (r[0] + r[1]) / 2 - (out[i]![0] + out[i]![1]) / 2));
  const narrow = (r: readonly [number, number]) => r[1] - r[0] < STROKE_NARROW * pitch;
  const merged: [number, number][] = [];
  for (const r of out) {
    const last = merged.at(-1);
    if (last && narrow(last) && narrow(r) && (r[0] + r[1]) / 2 - (last[0] + last[1]) / 2 < STROKE_PAIR * pitch) {
      last[1] = r[1];
      continue;
    }
    merged.push(r);
  }
  return merged;
}

/**
 * A line is re-boxed from its ink when it has at least this many characters (a line of 10-15, a
 * paragraph's last word or two, can sit on a grid by chance: fepslatex's `vice-versa.`)...
 */
const MIN_REBOX = 16;
/** ...and each character's centre lies within this many typical character widths of its glyph's... */
const REBOX_SLACK = 1.5;
/** ...but for a box under this share of the typical width, a sliver the recogniser put at the end of another glyph's. */
const REBOX_SLIVER = 0.25;
/** An en or em dash (a reading of a hyphen's glyph as well as of a dash's). */
const LONG_DASH = /^[\u2013\u2014]$/;

/**
 * The glyphs of a line from its runs of inked columns (`inkColumnRuns`): a run as wide as k steps
 * between glyphs (the median step between runs' centres: a typewriter face's cell) is k glyphs
 * touching (cmtt's `am`, `rn`), cut into k equal parts; a narrow run (`,`, `.`) is one glyph.
 */
export function glyphColumns(runs: readonly (readonly [number, number])[]): [number, number][] {
  if (runs.length < 2) return runs.map(([a, b]) => [a, b]);
  const steps = runs.slice(1).map((r, i) => (r[0] + r[1]) / 2 - (runs[i]![0] + runs[i]![1]) / 2);
  const pitch = median(steps);
  return runs.flatMap(([a, b]) => {
    const k = Math.max(1, Math.round((b - a) / pitch));
    return Array.from(
      { length: k },
      (_, i) => [a + ((b - a) * i) / k, a + ((b - a) * (i + 1)) / k] as [number, number],
    );
  });
}

/**
 * A line whose characters are boxed on their glyphs: when the line's ink holds exactly as many
 * glyphs (`glyphs`, `glyphColumns` of its box's runs of inked columns) as it has characters, the
 * i-th character is the i-th glyph, and takes its columns (its rows as read); each word then spans
 * its characters. The LSTM recogniser places characters by its steps through the line and bunches
 * them where the layout's word boundary and its own disagree (`${parameter,,pattern}`: the `r`
 * and the first `,` boxed half a cell early, a word box spanning the whole line), so a
 * typewriter line lost its grid and its spacing (`${parameter, , pattern}`). Where the counts
 * differ (proportional letters touching, a glyph of two runs as `"`), where the glyphs' centres
 * are not on one grid (`gridFit`: proportional type), or where a character lies far from its
 * glyph, the line is left as read.
 */
export function reboxed(line: OcrLine, glyphs: readonly (readonly [number, number])[], between = false): OcrLine {
  if (!line.words) return line;
  const read = line.words.flatMap((w) => w.symbols).length;
  const wide = GLYPH_RUN_WIDE * median(line.words.flatMap((w) => w.symbols.map((sym) => sym.bbox.x1 - sym.bbox.x0)));
  // One glyph read twice in a word (reportlab's `p` read `Pp`, the `p` boxed inside the `P`) is one
  // character: with the doubles gone the counts can match, and the double goes with the re-boxing.
  // A glyph read both as a hyphen and as a longer dash (reportlab's grey `Helvetica-—Bold`: the `-`
  // boxed inside the `—`, or the two boxed side by side within one glyph's width) is the hyphen.
  const undoubled = line.words.map((w) => {
    const hyphens = hyphenDoubles(w.symbols, wide);
    const dropped = hyphens.map((h, i) => h === 'drop' || insideNeighbour(w.symbols, i, wide));
    if (!dropped.includes(true)) return w;
    const symbols = w.symbols.flatMap((sym, i) => {
      if (dropped[i]) return [];
      const hyphen =
        hyphens[i] === 'keep' ||
        (LONG_DASH.test(sym.text) && [i - 1, i + 1].some((j) => dropped[j] && w.symbols[j]!.text === '-'));
      return [hyphen ? { ...sym, text: '-', bbox: hyphens[i] === 'keep' ? hyphenBox(w.symbols, i) : sym.bbox } : sym];
    });
    return { ...w, text: symbols.map((sym) => sym.text).join(''), symbols };
  });
  // Characters boxed on no glyph read nothing on the page (`onPaper`): past the line's last ink,
  // or with `between`, between two glyphs.
  const inkEnd = glyphs.at(-1)?.[1] ?? -Infinity;
  const paper = (b: Box) => (between ? onPaper(b, glyphs) : b.x0 >= inkEnd);
  const trimmed = () =>
    line
      .words!.map((w) => {
        const symbols = w.symbols.filter((sym) => !paper(sym.bbox));
        return symbols.length === w.symbols.length
          ? w
          : { ...w, text: symbols.map((sym) => sym.text).join(''), symbols };
      })
      .filter((w) => w.symbols.length > 0);
  const count = (ws: readonly OcrWord[]) => ws.flatMap((w) => w.symbols).length;
  const words =
    read === glyphs.length
      ? line.words
      : count(undoubled) === glyphs.length
        ? undoubled
        : count(trimmed()) === glyphs.length
          ? trimmed()
          : line.words;
  const symbols = words.flatMap((w) => w.symbols);
  if (symbols.length < MIN_REBOX || symbols.length !== glyphs.length) return line;
  // Only on a typewriter grid: the glyphs' own centres one cell apart (proportional letters,
  // whose touching runs the cut into cells would make look regular, are not).
  const centres = glyphs.map(([a, b]) => (a + b) / 2);
  const steps = centres.slice(1).map((c, i) => c - centres[i]!);
  if (gridCell(centres, steps, median(steps)) === undefined) return line;
  const tidied = tidySymbols(words).flatMap((w) => w.symbols);
  const typical = median(tidied.map((sym) => sym.bbox.x1 - sym.bbox.x0));
  const far = tidied.some(
    (sym, i) =>
      sym.bbox.x1 - sym.bbox.x0 >= REBOX_SLIVER * typical &&
      Math.abs(centre(sym.bbox) - (glyphs[i]![0] + glyphs[i]![1]) / 2) > REBOX_SLACK * typical,
  );
  if (far) return line;
  let k = 0;
  return {
    ...line,
    ...(words !== line.words ? { text: words.map((w) => w.text).join(' ') } : {}),
    words: words.map((w) => {
      const moved = w.symbols.map((sym) => {
        const [x0, x1] = glyphs[k++]!;
        return { ...sym, bbox: { ...sym.bbox, x0, x1 } };
      });
      return {
        ...w,
        bbox: { ...w.bbox, x0: moved[0]?.bbox.x0 ?? w.bbox.x0, x1: moved.at(-1)?.bbox.x1 ?? w.bbox.x1 },
        symbols: moved,
      };
    }),
  };
}

/** A box this share of whose columns, or less, are a glyph's (a glyph's grey edge) is on paper. */
const ON_PAPER = 0.25;

/**
 * Whether a character's box lies on paper, in no glyph's columns (`glyphs`, left to right) but for
 * ON_PAPER of its width (a glyph's grey edge):
 * the recogniser read a character where the page has none. Past the line's last ink (a line read
 * alone in a crop with a margin: bashref's `${parameter/%pattern/string} |`, its `|` on paper), or
 * between two glyphs (cmtt's `keyval]%` read `keyval]l%` at 200 dpi, the `l` boxed on the blank
 * columns between the `]` and the `%`). `reboxed` drops such characters only when that makes the
 * characters as many as the glyphs, and between glyphs only on the grey ink (`reboxedOnInk`):
 * at INK a listing's grey string literals are paper too.
 */
export function onPaper(box: Box, glyphs: readonly (readonly [number, number])[]): boolean {
  // The first glyph ending after the box's left edge (the glyphs' ends rise left to right).
  let lo = 0;
  let hi = glyphs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (glyphs[mid]![1] <= box.x0) lo = mid + 1;
    else hi = mid;
  }
  let inked = 0;
  for (let k = lo; k < glyphs.length && glyphs[k]![0] < box.x1; k++)
    inked += Math.min(box.x1, glyphs[k]![1]) - Math.max(box.x0, glyphs[k]![0]);
  return inked <= ON_PAPER * (box.x1 - box.x0);
}

/**
 * A hyphen and a longer dash side by side in a word whose two boxes together are no wider than one
 * glyph's box may be (`wide`; two hyphens of neighbouring cells span two) are one glyph read twice (reportlab's grey `Helvetica-—Oblique`,
 * `-` and `—` boxed on the halves of one hyphen): the first of the two is kept as the hyphen
 * ('keep', its box the pair's), the second dropped ('drop'); any other character undefined.
 */
export function hyphenDoubles(
  symbols: readonly { text: string; bbox: Box }[],
  wide: number,
): ('keep' | 'drop' | undefined)[] {
  const out: ('keep' | 'drop' | undefined)[] = symbols.map(() => undefined);
  for (let i = 0; i + 1 < symbols.length; i++) {
    const [a, b] = [symbols[i]!, symbols[i + 1]!];
    const pair = [a.text, b.text].includes('-') && (LONG_DASH.test(a.text) || LONG_DASH.test(b.text));
    if (out[i] || !pair || Math.max(a.bbox.x1, b.bbox.x1) - Math.min(a.bbox.x0, b.bbox.x0) > wide) continue;
    out[i] = 'keep';
    out[i + 1] = 'drop';
  }
  return out;
}

/** The box of a hyphen kept by `hyphenDoubles`: its own and its double's together. */
function hyphenBox(symbols: readonly { bbox: Box }[], i: number): Box {
  const [a, b] = [symbols[i]!.bbox, symbols[i + 1]!.bbox];
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

/**
 * A line re-boxed on its glyphs (`reboxed`) found in `grey` (`width` pixels a row): first on its ink
 * at INK; a line not re-boxed there is tried on its ink at GREY_INK with a `"`'s two ticks one glyph
 * (`strokePairs`). A listing's string literals printed grey have no glyph at INK, so the line's
 * glyphs were fewer than its characters and it kept the recogniser's boxes and word gaps
 * (reportlab's `canvas.setFont ("Helvetica", 10)`, a space the page does not have). On the grey
 * ink a character boxed between two glyphs is on paper (`onPaper`); on the dark ink it may be grey
 * print, so there only a character past the line's last ink is.
 */
export function reboxedOnInk(
  line: OcrLine,
  grey: Uint8Array,
  width: number,
  runs: readonly (readonly [number, number])[] = inkColumnRuns(grey, width, line.bbox),
): OcrLine {
  const dark = reboxed(line, glyphColumns(runs));
  if (dark !== line) return dark;
  return reboxed(line, glyphColumns(strokePairs(inkColumnRuns(grey, width, line.bbox, GREY_INK))), true);
}

/**
 * Whether character `i` of a word is a second reading of its neighbour's glyph: its box narrower
 * than the neighbour's and lying on it by more than BOX_DOUBLE of its width, the neighbour's box one
 * glyph's (at most `wide`: a box the recogniser stretched over the rest of the line holds its
 * neighbours without having read them twice).
 */
export function insideNeighbour(symbols: readonly { bbox: Box }[], i: number, wide: number): boolean {
  const s = symbols[i]!.bbox;
  const w = s.x1 - s.x0;
  return [i - 1, i + 1].some((j) => {
    const n = symbols[j]?.bbox;
    return (
      n !== undefined &&
      n.x1 - n.x0 > w &&
      n.x1 - n.x0 <= wide &&
      w > 0 &&
      (Math.min(n.x1, s.x1) - Math.max(n.x0, s.x0)) / w > BOX_DOUBLE
    );
  });
}

/** The runs of ink of one row: [first, last] columns. */
export function inkRuns(row: readonly boolean[]): [number, number][] {
  const runs: [number, number][] = [];
  row.forEach((on, x) => {
    if (!on) return;
    const last = runs.at(-1);
    if (last && last[1] === x - 1) last[1] = x;
    else runs.push([x, x]);
  });
  return runs;
}

/**
 * The holes of a glyph's ink (`glyphAt`'s `ink`): the regions of paper it encloses (4-connected, so
 * a gap between two diagonal pixels of a stroke does not let the paper out), each as its box of
 * rows and columns, top to bottom. An `o` has one, an `8` or a `B` two stacked, a `%` two on a
 * diagonal; a stroke without a loop (`/`, `l`, `t`) none.
 */
export function inkHoles(
  ink: readonly (readonly boolean[])[],
): { top: number; bottom: number; left: number; right: number }[] {
  const h = ink.length;
  const w = ink[0]?.length ?? 0;
  const seen = ink.map((row) => row.map((on) => on));
  const fill = (y0: number, x0: number) => {
    const box = { top: y0, bottom: y0, left: x0, right: x0 };
    const stack: [number, number][] = [[y0, x0]];
    seen[y0]![x0] = true;
    while (stack.length > 0) {
      const [y, x] = stack.pop()!;
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      for (const [dy, dx] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const [ny, nx] = [y + dy, x + dx];
        if (ny < 0 || ny >= h || nx < 0 || nx >= w || seen[ny]![nx]) continue;
        seen[ny]![nx] = true;
        stack.push([ny, nx]);
      }
    }
    return box;
  };
  // The paper reaching the bitmap's edge is outside the glyph.
  for (let y = 0; y < h; y++) for (const x of [0, w - 1]) if (!seen[y]![x]) fill(y, x);
  for (let x = 0; x < w; x++) for (const y of [0, h - 1]) if (!seen[y]![x]) fill(y, x);
  const holes = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (!seen[y]![x]) holes.push(fill(y, x));
  return holes;
}
/** Ink for the open test: lighter than `INK`, so that a faint bar of an `e` still closes it. */
export const LIGHT_INK = 200;
/** ...and one with no glyph of its own that overlaps its neighbour's by more than this share is a second reading of its glyph. */
export const BOX_DOUBLE = 0.75;

/**
 * A line with its words' characters changed by `respell` (each word whose characters spell it; a
 * word they do not spell is left as read), its words' and its own text following.
 */
export function respelled(
  line: OcrLine,
  respell: (symbols: OcrWord['symbols'], word: number) => OcrWord['symbols'],
): OcrLine {
  if (!line.words) return line;
  let text = line.text;
  let from = 0;
  let changed = false;
  const words = line.words.map((w, k) => {
    const at = text.indexOf(w.text, from);
    if (w.symbols.map((s) => s.text).join('') !== w.text) {
      if (at >= 0) from = at + w.text.length;
      return w;
    }
    const symbols = respell(w.symbols, k);
    const spelled = symbols.map((s) => s.text).join('');
    if (spelled === w.text && symbols.length === w.symbols.length) {
      if (at >= 0) from = at + w.text.length;
      return w;
    }
    changed = true;
    if (at >= 0) {
      text = text.slice(0, at) + spelled + text.slice(at + w.text.length);
      from = at + spelled.length;
    }
    return { ...w, text: spelled, symbols };
  });
  return changed ? { ...line, text, words } : line;
}

/** A glyph's columns [x0, x1) on the page and its ink's rows (first and last, inclusive). */
export interface GlyphSpan {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/**
 * The glyphs of `grey` (`width` pixels a row) whose ink lies in the rows of `line` and whose
 * columns' centre lies within [x0, x1): runs of inked columns (grey under `threshold`), each with
 * the rows of its ink.
 */
export function glyphsWithin(
  grey: Uint8Array,
  width: number,
  line: Box,
  x0: number,
  x1: number,
  threshold = INK,
): GlyphSpan[] {
  const height = grey.length / width;
  const y0 = Math.max(0, Math.floor(line.y0));
  const y1 = Math.min(height, Math.ceil(line.y1));
  // The search runs a box's width either side, so a glyph the box cuts is seen whole.
  const w = Math.max(1, x1 - x0);
  const lo = Math.max(0, Math.floor(x0 - w));
  const hi = Math.min(width, Math.ceil(x1 + w));
  const spans: GlyphSpan[] = [];
  for (let x = lo; x < hi; x++) {
    let top = -1;
    let bottom = -1;
    for (let y = y0; y < y1; y++) {
      if (grey[y * width + x]! >= threshold) continue;
      if (top < 0) top = y;
      bottom = y;
    }
    if (top < 0) continue;
    const last = spans.at(-1);
    if (last && last.x1 === x) {
      last.x1 = x + 1;
      last.top = Math.min(last.top, top);
      last.bottom = Math.max(last.bottom, bottom);
    } else spans.push({ x0: x, x1: x + 1, top, bottom });
  }
  return spans.filter(
    (g) => (g.x0 > lo || lo === 0) && (g.x1 < hi || hi === width) && centre(g) >= x0 && centre(g) < x1,
  );
}

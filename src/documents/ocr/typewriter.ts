// Lines in a typewriter font, told by their characters' pitch or their words' grid, and their text as
// their cells set it (spaces and indentation kept): what makes an OCR'd listing a code block.

import { type OcrLine, type OcrWord } from './engine.ts';
import { median } from '../median.ts';
import { baselineOf, centre, rowHeightOf } from './geometry.ts';

/** Steps between characters' centres a line needs before its pitch is judged... */
const MIN_STEPS = 6;
/** ...the share of them within PITCH_SLACK of their median for the line to be monospaced. */
const MONO_SHARE = 0.9;
const PITCH_SLACK = 0.15;

/**
 * The pitch (pixels) of a line set in a monospaced font, or undefined for proportional type: in a
 * typewriter font every character sits in a cell of one width, so the centres of neighbouring
 * characters of a word are one pitch apart, whatever the letters; in a proportional font they
 * vary from an "i" to an "m" by a factor of three.
 */
export function monoPitch(words: readonly OcrWord[]): number | undefined {
  const steps = stepsOf(words);
  if (steps.length < MIN_STEPS) return undefined;
  const pitch = median(steps);
  if (!(pitch > 0)) return undefined;
  if (onPitch(steps, pitch) >= MONO_SHARE) return pitch;
  if (steps.length < MIN_GRID_STEPS) return undefined;
  const centres = words.flatMap((w) => w.symbols.map((sym) => centre(sym.bbox)));
  return gridCell(centres, steps, pitch);
}

/** A line's steps of one cell where most are two: at least this many, for the cell to be half the median step. */
const MIN_HALF_STEPS = 3;

/**
 * The cell of a typewriter line whose characters' centres sit on a grid (`gridFit`), from its
 * median step: that step, or half of it when the grid is the half step's and the line has steps
 * of one such cell (`$ array=(0 1 2 3 ... g h)`, a shell's input and output on one line: most of
 * its steps are two cells, its command's one), else undefined.
 */
export function gridCell(centres: readonly number[], steps: readonly number[], pitch: number): number | undefined {
  if (gridFit(centres, pitch) >= GRID_FIT) return pitch;
  const half = pitch / 2;
  if (steps.filter((d) => Math.abs(d - half) <= PITCH_SLACK * half).length < MIN_HALF_STEPS) return undefined;
  return gridFit(centres, half) >= GRID_FIT ? half : undefined;
}

/** A line judged by its grid needs this many steps... */
const MIN_GRID_STEPS = 8;
/** ...and its characters' centres this close to one grid of cells (1: every centre on it). */
const GRID_FIT = 0.9;
/** The grid's cell is sought within this share of the median step, by steps of GRID_STEP. */
const GRID_RANGE = 0.06;
const GRID_STEP = 0.002;

/**
 * How well a line's characters sit on one grid of cells near `pitch`: for each cell width tried,
 * the length of the mean of the centres as angles (2 pi x / cell), 1 when every centre falls on
 * the grid and near 0 when they fall anywhere; the best over the widths tried. One misplaced
 * character costs a step test two steps, and this one centre.
 */
export function gridFit(centres: readonly number[], pitch: number): number {
  if (centres.length === 0 || !(pitch > 0)) return 0;
  let best = 0;
  for (let k = -GRID_RANGE / GRID_STEP; k <= GRID_RANGE / GRID_STEP; k++) {
    const cell = pitch * (1 + k * GRID_STEP);
    let sx = 0;
    let sy = 0;
    for (const c of centres) {
      const t = (2 * Math.PI * c) / cell;
      sx += Math.cos(t);
      sy += Math.sin(t);
    }
    best = Math.max(best, Math.hypot(sx, sy) / centres.length);
  }
  return best;
}

/** A line beside a monospaced one: this share of its steps on that line's grid of cells. */
const NEIGHBOUR_SHARE = 0.9;
/** Rows of lines in one font size differ in height by at most this share. */
const NEIGHBOUR_ROW = 0.2;

/**
 * The pitch of each line of a page that is set in a typewriter font (`monoPitch`), or undefined.
 * A line next to such a line in the reading order, with a row of the same height, is one too when
 * its characters sit on that line's grid of cells (one cell apart, or two, or more: `7 8 9 0 a b`,
 * whose letters the engine reads as one word two cells a step): a short line (`}`, `size = 7`, a
 * shell's output `78`) has too few steps to be judged alone. A line whose every step is two
 * cells, judged alone, takes the one-cell pitch of its neighbour.
 */
export function linePitches(lines: readonly OcrLine[]): (number | undefined)[] {
  const spelled = lines.map((l) => (spelledBySymbols(l.words) ? l.words : undefined));
  const pitches = spelled.map((w) => (w ? monoPitch(w) : undefined));
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < lines.length; i++) {
      const words = spelled[i];
      if (!words) continue;
      for (const j of [i - 1, i + 1]) {
        const q = pitches[j];
        if (q === undefined || q === pitches[i]) continue;
        const row = rowHeightOf(lines[i]!);
        const other = rowHeightOf(lines[j]!);
        if (Math.abs(row - other) > NEIGHBOUR_ROW * Math.max(row, other)) continue;
        const steps = stepsOf(words);
        const own = pitches[i];
        const fits =
          own !== undefined
            ? Math.round(own / q) >= 2 && onGrid([own], q) === 1
            : onGrid(steps, q) >= (steps.length < MIN_STEPS ? 1 : NEIGHBOUR_SHARE);
        if (fits) {
          pitches[i] = q;
          changed = true;
          break;
        }
      }
    }
  }
  return pitches;
}

/** A line's setting on a typewriter grid: its text as its cells set it, the left edge of its first cell and the cell (pixels). */
export interface Setting {
  text: string;
  x: number;
  pitch: number;
}

/** Rows of a listing's lines, told by their words, differ in height by at most this share (Tesseract's row of a short code line varies more than a paragraph's)... */
const WORD_NEIGHBOUR_ROW = 0.3;
/**
 * ...and their baselines at most this many rows apart: a listing's next line, or the one after a
 * blank line, not a page number or a caption further down that happens to fit the grid.
 */
const WORD_NEIGHBOUR_LEADING = 3;

/**
 * The setting of each line of a page on a typewriter grid, or undefined: a line with a pitch
 * (`linePitches`) as its characters set it (`ocrSetting`), and a line the character boxes could
 * not tell, next to such a line in the reading order with a row of about its height, when its
 * words sit on that line's grid (`wordSetting`). The LSTM boxes a word's characters badly (the
 * last ones bunched half a cell early: `def colorsCMYK(canvas):`, `for cmyk in [(1,0,0,0), ...]:`
 * in a scanned Courier listing), so such a line failed the step and grid tests, came out as prose
 * at the margin, and cut its listing in two with its indentation lost; the word boxes are the
 * ink's own edges and say the same cells.
 */
export function typewriterSettings(
  lines: readonly OcrLine[],
  pitches: readonly (number | undefined)[],
): (Setting | undefined)[] {
  const settings: (Setting | undefined)[] = lines.map((l, i) => {
    const pitch = pitches[i];
    if (!pitch || !l.words) return undefined;
    const own = { ...ocrSetting(l.words, pitch), pitch };
    return wordSetting(l.words, pitch, own.x) ?? own;
  });
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < lines.length; i++) {
      const words = lines[i]!.words;
      if (settings[i] || !spelledBySymbols(words)) continue;
      for (const j of [i - 1, i + 1]) {
        const s = settings[j];
        if (!s) continue;
        const row = rowHeightOf(lines[i]!);
        const other = rowHeightOf(lines[j]!);
        if (Math.abs(row - other) > WORD_NEIGHBOUR_ROW * Math.max(row, other)) continue;
        if (Math.abs(baselineOf(lines[i]!) - baselineOf(lines[j]!)) > WORD_NEIGHBOUR_LEADING * Math.max(row, other))
          continue;
        const set = wordSetting(words, s.pitch, s.x);
        if (!set) continue;
        settings[i] = set;
        changed = true;
        break;
      }
    }
  }
  // A line between two lines of one listing, at its leading and in its size, is a line of it
  // whatever its words say (`y=y+dy; x=0` read without its spaces): it is set on their grid.
  for (let i = 1; i + 1 < lines.length; i++) {
    const [above, below] = [settings[i - 1], settings[i + 1]];
    const words = lines[i]!.words;
    if (settings[i] || !above || !below || !spelledBySymbols(words)) continue;
    if (Math.abs(above.pitch - below.pitch) > WORD_PITCH_RANGE * above.pitch) continue;
    const row = rowHeightOf(lines[i]!);
    const near = [i - 1, i + 1].every((j) => {
      const other = rowHeightOf(lines[j]!);
      return (
        Math.abs(row - other) <= WORD_NEIGHBOUR_ROW * Math.max(row, other) &&
        Math.abs(baselineOf(lines[i]!) - baselineOf(lines[j]!)) <= WORD_NEIGHBOUR_LEADING * Math.max(row, other)
      );
    });
    // Below the one above, above the one below: the listing's order, not a line read out of place.
    const inOrder =
      baselineOf(lines[i - 1]!) < baselineOf(lines[i]!) && baselineOf(lines[i]!) < baselineOf(lines[i + 1]!);
    if (!near || !inOrder) continue;
    // Its words need not prove the grid, only not deny it: none proportional, those that fill
    // their cells near it (prose between two code lines is set elsewhere).
    const cell = gridOfWords(words, above.pitch, above.x, SANDWICHED);
    if (cell !== undefined) settings[i] = placeWords(words, cell, above.x);
  }
  return settings;
}

/** A word's ink wider than its characters' cells by more than this share of a cell holds spaces the engine did not see... */
const WORD_WIDE = 0.3;
/** ...and narrower by more than this many cells is proportional type (brackets and quotes leave half a cell blank each side). */
const WORD_NARROW = 2;
/** A word's first cell, found from its ink's centre, within this share of a cell of the grid. */
const WORD_ON_GRID = 0.2;
/** The grid's cell is sought within this share of the neighbour's pitch (a pitch read off one line is off by a percent or so). */
const WORD_PITCH_RANGE = 0.02;
/** A line between two lines of a listing: its words need only not deny their grid. */
const SANDWICHED = { minFit: 0, share: 0, onGrid: 0.3 };
/** A line is told by its words when this many of them fill their cells... */
const MIN_FIT_WORDS = 2;
/** ...holding this share of its characters or more. */
const FIT_SHARE = 2 / 3;

/**
 * A line's setting on a known grid (cells of about `pitch` pixels, one starting at `origin`) from
 * its words' boxes, or undefined when its words do not sit on that grid. In a typewriter font a
 * word of n characters fills n cells, so its ink is a little narrower than n cells and centred on
 * them: its first cell is its centre less n/2 cells, on the grid. A word whose ink is narrower
 * than n - 2 cells is proportional type, and one whose first cell falls between the grid's is set
 * elsewhere: either rejects the line. The cell is sought within WORD_PITCH_RANGE of `pitch` (the
 * one that puts the words' first cells nearest the grid): 1 % off moves the 40th cell by 0.4. A
 * word wider than its n cells has spaces inside it the engine did not see (`y=y+dy;` for
 * `y = y + dy;`): each of its characters takes the cell its centre falls in. A character never
 * takes a cell before its predecessor's.
 */
export function wordSetting(
  words: readonly OcrWord[],
  pitch: number,
  origin: number,
): { text: string; x: number; pitch: number } | undefined {
  const cell = gridOfWords(words, pitch, origin);
  return cell === undefined ? undefined : placeWords(words, cell, origin);
}

/** The cell (pixels) near `pitch` on which a line's words sit, from `origin`, or undefined (`wordSetting`). */
function gridOfWords(
  words: readonly OcrWord[],
  pitch: number,
  origin: number,
  { minFit, share, onGrid }: { minFit: number; share: number; onGrid: number } = {
    minFit: MIN_FIT_WORDS,
    share: FIT_SHARE,
    onGrid: WORD_ON_GRID,
  },
): number | undefined {
  if (!(pitch > 0) || words.length === 0) return undefined;
  let best: { cell: number; worst: number } | undefined;
  for (let k = -WORD_PITCH_RANGE / GRID_STEP; k <= WORD_PITCH_RANGE / GRID_STEP; k++) {
    const cell = pitch * (1 + k * GRID_STEP);
    let worst = 0;
    let fit = 0;
    let fitChars = 0;
    let chars = 0;
    for (const w of words) {
      const n = w.symbols.length;
      const width = w.bbox.x1 - w.bbox.x0;
      chars += n;
      if (n === 0 || width < (n - WORD_NARROW) * cell) return undefined;
      if (width > (n + WORD_WIDE) * cell) continue;
      fit++;
      fitChars += n;
      const first = (centre(w.bbox) - (n * cell) / 2 - origin) / cell;
      worst = Math.max(worst, Math.abs(first - Math.round(first)));
    }
    // Two words at least say where the grid is; most of the line's characters in words that fill their cells.
    if (fit < minFit || fitChars < share * chars) return undefined;
    if (!best || worst < best.worst) best = { cell, worst };
  }
  return best && best.worst <= onGrid ? best.cell : undefined;
}

/**
 * A line's words placed on a grid of `cell` pixels from `origin`: a word no wider than its n
 * cells fills n of them from its first (its centre less n/2 cells); a wider one, holding spaces
 * the engine did not see, has each character in the cell its centre falls in. A character never
 * takes a cell before its predecessor's.
 */
export function placeWords(
  words: readonly OcrWord[],
  cell: number,
  origin: number,
): { text: string; x: number; pitch: number } | undefined {
  const placed: { cell: number; text: string }[] = [];
  const place = (at: number, text: string) => {
    const last = placed.at(-1);
    placed.push({ cell: last && at <= last.cell ? last.cell + 1 : at, text });
  };
  for (const w of words) {
    const n = w.symbols.length;
    if (w.bbox.x1 - w.bbox.x0 <= (n + WORD_WIDE) * cell) {
      const first = Math.round((centre(w.bbox) - (n * cell) / 2 - origin) / cell);
      for (const [k, sym] of w.symbols.entries()) place(first + k, sym.text);
    } else for (const sym of w.symbols) place(Math.floor((centre(sym.bbox) - origin) / cell), sym.text);
  }
  if (placed.length === 0) return undefined;
  let text = '';
  for (const [k, p] of placed.entries()) text += (k > 0 ? ' '.repeat(p.cell - placed[k - 1]!.cell - 1) : '') + p.text;
  return { text, x: origin + placed[0]!.cell * cell, pitch: cell };
}

/** Share of the steps that are a whole number of cells of `pitch`, within PITCH_SLACK of a cell (1 when there are none). */
function onGrid(steps: readonly number[], pitch: number): number {
  if (steps.length === 0) return 1;
  return (
    steps.filter((d) => {
      const cells = Math.round(d / pitch);
      return cells >= 1 && Math.abs(d - cells * pitch) <= PITCH_SLACK * pitch;
    }).length / steps.length
  );
}

/** Distances between the centres of neighbouring characters inside each word. */
function stepsOf(words: readonly OcrWord[]): number[] {
  const steps: number[] = [];
  for (const w of words)
    for (let i = 1; i < w.symbols.length; i++) steps.push(centre(w.symbols[i]!.bbox) - centre(w.symbols[i - 1]!.bbox));
  return steps;
}

/** Share of the steps within PITCH_SLACK of `pitch`. */
function onPitch(steps: readonly number[], pitch: number): number {
  return steps.filter((d) => Math.abs(d - pitch) <= PITCH_SLACK * pitch).length / steps.length;
}

/** Do a line's words each come with their characters, spelling the word (what `monoText` rebuilds from)? */
export function spelledBySymbols(words: readonly OcrWord[] | undefined): words is OcrWord[] {
  return (
    words !== undefined &&
    words.length > 0 &&
    words.every((w) => w.symbols.length > 0 && w.symbols.map((sym) => sym.text).join('') === w.text)
  );
}

/**
 * A monospaced line's text with its spaces where its cells say: one space for each run of empty
 * cells between two characters, whatever word boundaries the engine saw. Tesseract splits a
 * typewriter word at a narrow letter (`cmy kcolor`, `drawst ring`) and runs one-letter words one
 * cell apart together (`7890abcdefgh` for `7 8 9 0 a b c d e f g h`).
 */
export function monoText(words: readonly OcrWord[], pitch: number): string {
  return ocrSetting(words, pitch).text.replace(/ {2,}/g, ' ');
}

/**
 * A monospaced line as its cells set it: a space for each empty cell between two characters (an
 * aligned second column, `~/foo     $HOME/foo`, keeps its spaces as a text layer's setting does),
 * and `x` the left edge (pixels) of the first character's cell: its centre less half a cell, so
 * that a narrow first letter (`i`, `.`) does not move the line's indentation.
 */
export function ocrSetting(words: readonly OcrWord[], pitch: number): { text: string; x: number } {
  const symbols = words.flatMap((w) => w.symbols);
  const cells = cellSteps(
    symbols.map((sym) => centre(sym.bbox)),
    pitch,
  );
  let text = '';
  for (const [i, sym] of symbols.entries()) {
    if (i > 0) text += ' '.repeat(cells[i - 1]! - 1);
    text += sym.text;
  }
  return { text, x: symbols.length > 0 ? centre(symbols[0]!.bbox) - pitch / 2 : 0 };
}

/** A step this short (cells) beside a long one says one of their characters is misplaced. */
const SHORT_STEP = 0.75;

/**
 * Cells between neighbouring characters' centres (one per step, rounded, at least one). The
 * recogniser misplaces a character now and then (a wide `C` after `w` boxed from inside the `w`),
 * and its centre then makes one step short and the next long: `w`-`C` 0.6 cell, `C`-`e` 1.5. Such a
 * pair, a step under SHORT_STEP beside one that rounds to two or more, spans the cells their sum
 * rounds to: two cells are two characters side by side, no space between.
 */
export function cellSteps(centres: readonly number[], pitch: number): number[] {
  const steps = centres.slice(1).map((c, i) => (c - centres[i]!) / pitch);
  const cells = steps.map((s) => Math.max(1, Math.round(s)));
  for (let i = 0; i < steps.length; i++) {
    if (cells[i]! < 2) continue;
    for (const j of [i - 1, i + 1]) {
      const short = steps[j];
      if (short === undefined || short >= SHORT_STEP) continue;
      if (Math.round(steps[i]! + short) <= 2) {
        cells[i] = 1;
        break;
      }
    }
  }
  return cells;
}

/** The second piece's first character at most this many cells after the first piece's last (one blank cell: a space)... */
const PIECE_CELLS = 2;
/** ...and this close to a whole number of cells (share of a cell)... */
const PIECE_SLACK = 0.2;
/** ...and this share of both pieces' characters within GRID_SLACK of that grid's cells. */
const PIECE_ON_GRID = 0.8;
const GRID_SLACK = 0.25;

/**
 * Whether two pieces of one printed line (`b` after `a` on its baseline) stand one or two cells
 * apart on one typewriter grid: the pitch of either piece (`monoPitch`), the centre of `b`'s
 * first character a whole number of cells (1 or 2, PIECE_CELLS) after `a`'s last, and most of
 * both pieces' characters (PIECE_ON_GRID; the recogniser's boxes stray at a misread glyph) on the
 * cells of that grid. The paper between a narrow glyph and the next word one space on is up to a
 * cell and a half, more than a row of Courier is tall (reportlab's `setFont(psfontname, size,`
 * and `leading = None)`, 25 px apart for a 22 px row, returned as two lines), so `joinPieces`'s
 * gap bound misses it; a column gutter is an em of paper or more, farther than two cells' centres.
 */
export function oneSpaceOnGrid(a: OcrLine, b: OcrLine): boolean {
  if (!spelledBySymbols(a.words) || !spelledBySymbols(b.words)) return false;
  const pitch = monoPitch(a.words) ?? monoPitch(b.words);
  if (pitch === undefined) return false;
  const anchor = centre(a.words.at(-1)!.symbols.at(-1)!.bbox);
  const cellsFrom = (x: number) => (x - anchor) / pitch;
  const first = cellsFrom(centre(b.words[0]!.symbols[0]!.bbox));
  const n = Math.round(first);
  if (n < 1 || n > PIECE_CELLS || Math.abs(first - n) > PIECE_SLACK) return false;
  const centres = [...a.words, ...b.words].flatMap((w) => w.symbols.map((sym) => centre(sym.bbox)));
  const on = centres.filter((c) => {
    const k = cellsFrom(c);
    return Math.abs(k - Math.round(k)) <= GRID_SLACK;
  }).length;
  return on >= PIECE_ON_GRID * centres.length;
}

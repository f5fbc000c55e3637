// One page image -> its text lines in PDF units: read by the engine (automatic layout), cleaned
// first when the scan is speckled, read again where ink was left unread.
import { engineFor, closeOcr, ocrStats, type Engine, type GreyImage, type OcrLine, type OcrWord } from './engine.ts';
import { crop, gauss3, inkRegions, isNoisy, median3, thinPrint, type Box } from './filters.ts';
import type { Rendered } from './render.ts';

export type { OcrLine } from './engine.ts';

/** A line placed on its page in PDF units (y up, baseline), the shape of a text layer's lines. */
export interface PlacedLine {
  text: string;
  x: number;
  xEnd: number;
  y: number;
  size: number;
  font: string;
  mono: boolean;
  /**
   * A line set in a typewriter font (`mono`) as its cells set it (`ocrSetting`), the shape of a
   * text layer's monospace setting (formats/pdf/code.ts): consecutive such lines become a code
   * block, each line indented by its distance in cells from the block's left edge.
   */
  set?: { text: string; x: number; advance: number };
}

const EM_PER_ROW = 0.88;

/** Lines of OCR output read with less confidence than this are noise (a figure read as text). */
const MIN_LINE_CONFIDENCE = 40;

/**
 * Whether an OCR line is noise, not print: read with little confidence, or without two letters or
 * digits in a row (specks and rules read as `. , ~ |`). A line set in a typewriter font (`mono`,
 * its characters on a grid of cells) is judged without its spaces: its single characters one cell
 * apart are a shell's output or an array (`7 8 9 0 a b c`, `b c`), which its cells, not the
 * engine's word boundaries, space (`monoText`), and two of them with one sign between are code
 * (CODE_ALNUM); a line of brackets alone on the grid (`}`) is code.
 */
export function noiseLine(text: string, mono: boolean, confidence: number): boolean {
  if (confidence < MIN_LINE_CONFIDENCE) return true;
  if (mono && BRACKETS.test(text.replace(/\s+/g, ''))) return false;
  return !(mono ? CODE_ALNUM : /[\p{L}\p{N}]{2}/u).test(mono ? text.replace(/\s+/g, '') : text);
}

/**
 * On a typewriter grid, two letters or digits with at most one sign between them are code, not
 * specks: TeX's parameters (`{#2#1#2} {}`), an index (`a[1]`), a path (`a/b`). Specks read as
 * signs (`. l . |`) have no two letters or digits so close.
 */
const CODE_ALNUM = /[\p{L}\p{N}][^\p{L}\p{N}]?[\p{L}\p{N}]/u;

/**
 * A line of brackets alone on a typewriter grid (`{`, `}`, `});`, TeX's `{%` and `}%`, a comment
 * sign keeping the line's end out of the text): in a listing, where a block opens or closes (C,
 * Java, JavaScript, a LaTeX definition), code like its neighbours, not a speck.
 */
const BRACKETS = /^[{}()[\]]+[;,%]?$/;

/**
 * OCR lines (pixel boxes, y down) -> TextLines in PDF units (y up, baseline), the shape pdf.js
 * text gives, so the rest of the pipeline cannot tell them apart. `origin` is the page's
 * lower-left corner (view[0], view[1]) and `heightPx` the rendered height.
 */
export function toTextLines(
  lines: readonly OcrLine[],
  scale: number,
  heightPx: number,
  origin: readonly [number, number] = [0, 0],
): PlacedLine[] {
  const out: PlacedLine[] = [];
  const tidy = lines.map((l) => (l.words ? { ...l, words: tidySymbols(l.words) } : l));
  const settings = typewriterSettings(tidy, linePitches(tidy));
  for (const [i, l] of tidy.entries()) {
    const cells = settings[i];
    const pitch = cells?.pitch;
    const text = (cells ? cells.text : l.text).replace(/\s+/g, ' ').trim();
    if (noiseLine(text, pitch !== undefined, l.confidence)) continue;
    const b = l.bbox;
    const descent = Math.abs(l.rowAttributes?.descenders ?? 0);
    const base = l.baseline && l.baseline.y0 > 0 ? (l.baseline.y0 + l.baseline.y1) / 2 : b.y1 - descent;
    // Tesseract's row height is x-height plus ascenders; with the descenders it spans 1.13-1.14 em
    // (measured on Helvetica set at 11 and 15 pt), so a scan's body size matches a text layer's.
    const rowPx =
      (l.rowAttributes && l.rowAttributes.rowHeight > 0 ? l.rowAttributes.rowHeight + descent : b.y1 - b.y0) *
      EM_PER_ROW;
    out.push({
      text,
      x: origin[0] + b.x0 / scale,
      xEnd: origin[0] + b.x1 / scale,
      y: origin[1] + (heightPx - base) / scale,
      size: Math.round((rowPx / scale) * 2) / 2,
      font: 'ocr',
      mono: pitch !== undefined,
      ...(cells && pitch ? { set: { text: cells.text, x: origin[0] + cells.x / scale, advance: pitch / scale } } : {}),
    });
  }
  return out;
}

/** Baseline of an OCR line in pixels (y down). */
function baselineOf(l: OcrLine): number {
  const descent = Math.abs(l.rowAttributes?.descenders ?? 0);
  return l.baseline && l.baseline.y0 > 0 ? (l.baseline.y0 + l.baseline.y1) / 2 : l.bbox.y1 - descent;
}

/** Height of an OCR line's row in pixels: ascenders and x-height, or its box. */
function rowHeightOf(l: OcrLine): number {
  const row = l.rowAttributes?.rowHeight ?? 0;
  return row > 0 ? row : l.bbox.y1 - l.bbox.y0;
}

/** Two pieces of one printed line: baselines this close (share of the row height)... */
const SAME_BASELINE = 0.25;
/** ...and the second starting at most this far (row heights) right of the first's end. */
const JOIN_GAP = 1;
/** A gap wider than this (row heights) between the pieces is a space. */
const SPACE_GAP = 0.25;

/**
 * Pieces of one printed line that the engine returned as lines of their own, joined left to right.
 * Its layout analysis sometimes cuts a line of code at a colon or a brace (`$ echo ${string:` and
 * `7:2}` in bashref's shell sessions) and puts the piece anywhere in its order; alone, a piece
 * without two letters or digits in a row is dropped as noise (`toTextLines`), and a longer one is
 * read out of place. Two lines are one when their baselines agree and the second begins right
 * after the first ends (within a row height: far narrower than a column gutter). The joined line
 * takes the earlier place of the two in the reading order.
 */
export function joinPieces(lines: readonly OcrLine[]): OcrLine[] {
  const out = lines.map((l) => ({ ...l, text: l.text.trim() }));
  const gone = new Set<number>();
  let joined = true;
  while (joined) {
    joined = false;
    for (let i = 0; i < out.length; i++) {
      if (gone.has(i)) continue;
      const a = out[i]!;
      const h = rowHeightOf(a);
      for (let j = 0; j < out.length; j++) {
        if (j === i || gone.has(j)) continue;
        const b = out[j]!;
        const gap = b.bbox.x0 - a.bbox.x1;
        if (Math.abs(baselineOf(b) - baselineOf(a)) > SAME_BASELINE * h) continue;
        if (gap < -0.1 * h || gap > JOIN_GAP * h) continue;
        const [first, later] = i < j ? [i, j] : [j, i];
        const text = a.text.trim() + (gap > SPACE_GAP * h ? ' ' : '') + b.text.trim();
        out[first] = {
          ...a,
          text,
          // By characters: a piece of punctuation read with little confidence does not sink its line.
          confidence: (a.confidence * a.text.length + b.confidence * b.text.length) / Math.max(1, text.length),
          bbox: {
            x0: Math.min(a.bbox.x0, b.bbox.x0),
            y0: Math.min(a.bbox.y0, b.bbox.y0),
            x1: Math.max(a.bbox.x1, b.bbox.x1),
            y1: Math.max(a.bbox.y1, b.bbox.y1),
          },
          ...(a.words || b.words ? { words: [...(a.words ?? []), ...(b.words ?? [])] } : {}),
        };
        gone.add(later);
        joined = true;
        break;
      }
    }
  }
  return out.filter((_, i) => !gone.has(i));
}

/** A character's box wider than this many times the line's median character is a stretched box. */
const STRETCHED = 2;

/**
 * A line's words with their characters' boxes made usable for spacing: the recogniser places a
 * character by its steps through the line, and where the layout's word boundary and its own
 * disagree it can stretch a word's last character over the words after it (`y` of `${array`
 * spanning `[0]:7}` to the line's end). A box wider than STRETCHED times the line's median
 * character width takes that median width from its left edge, so its centre falls on its glyph.
 */
export function tidySymbols(words: readonly OcrWord[]): OcrWord[] {
  const all = words.flatMap((w) => w.symbols);
  const widths = all.map((sym) => sym.bbox.x1 - sym.bbox.x0).filter((w) => w > 0);
  if (widths.length === 0) return [...words];
  const typical = median(widths);
  return words.map((w) => ({
    ...w,
    symbols: w.symbols.map((sym) => {
      if (sym.bbox.x1 - sym.bbox.x0 <= STRETCHED * typical) return sym;
      return { ...sym, bbox: { ...sym.bbox, x1: sym.bbox.x0 + typical } };
    }),
  }));
}

/** Steps between characters' centres a line needs before its pitch is judged... */
const MIN_STEPS = 6;
/** ...the share of them within PITCH_SLACK of their median for the line to be monospaced. */
const MONO_SHARE = 0.9;
const PITCH_SLACK = 0.15;

const centre = (b: { x0: number; x1: number }) => (b.x0 + b.x1) / 2;

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

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/** Share of the steps within PITCH_SLACK of `pitch`. */
function onPitch(steps: readonly number[], pitch: number): number {
  return steps.filter((d) => Math.abs(d - pitch) <= PITCH_SLACK * pitch).length / steps.length;
}

/** Do a line's words each come with their characters, spelling the word (what `monoText` rebuilds from)? */
function spelledBySymbols(words: readonly OcrWord[] | undefined): words is OcrWord[] {
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

/** A pixel darker than this is ink. */
const INK = 128;
/** A glyph whose ink fills this share of its own box or more is solid: a bullet's disc or square. */
const SOLID_FILL = 0.68;
/** A bullet's ink is at least this share of its line's row tall (a full stop or a middle dot is far smaller)... */
const BULLET_HEIGHT = 0.3;
/** ...and about as wide as tall (an `I`, a rule or a dash is not). */
const BULLET_ASPECT: readonly [number, number] = [0.6, 1.6];

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

/**
 * The runs of inked columns of `grey` (`width` pixels a row) within `band`: [first, end) columns,
 * left to right. In a typewriter face each glyph is a run of its own (its cell has blank columns
 * either side), whatever boxes the recogniser gave its characters.
 */
export function inkColumnRuns(grey: Uint8Array, width: number, band: Box): [number, number][] {
  const height = grey.length / width;
  const y0 = Math.max(0, Math.floor(band.y0));
  const y1 = Math.min(height, Math.ceil(band.y1));
  const x0 = Math.max(0, Math.floor(band.x0));
  const x1 = Math.min(width, Math.ceil(band.x1));
  const runs: [number, number][] = [];
  for (let x = x0; x < x1; x++) {
    let inked = false;
    for (let y = y0; y < y1 && !inked; y++) inked = grey[y * width + x]! < INK;
    if (!inked) continue;
    const last = runs.at(-1);
    if (last && last[1] === x) last[1] = x + 1;
    else runs.push([x, x + 1]);
  }
  return runs;
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
export function reboxed(line: OcrLine, glyphs: readonly (readonly [number, number])[]): OcrLine {
  if (!line.words) return line;
  const read = line.words.flatMap((w) => w.symbols).length;
  const wide = GLYPH_RUN_WIDE * median(line.words.flatMap((w) => w.symbols.map((sym) => sym.bbox.x1 - sym.bbox.x0)));
  // One glyph read twice in a word (reportlab's `p` read `Pp`, the `p` boxed inside the `P`) is one
  // character: with the doubles gone the counts can match, and the double goes with the re-boxing.
  const undoubled = line.words.map((w) => {
    const symbols = w.symbols.filter((_, i) => !insideNeighbour(w.symbols, i, wide));
    return symbols.length === w.symbols.length ? w : { ...w, text: symbols.map((sym) => sym.text).join(''), symbols };
  });
  const words =
    read !== glyphs.length && undoubled.flatMap((w) => w.symbols).length === glyphs.length ? undoubled : line.words;
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

/** The runs of ink of one row: [first, last] columns. */
function inkRuns(row: readonly boolean[]): [number, number][] {
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

/** A `c` is at least this many pixels tall... */
const MIN_OPEN_PX = 8;
/** ...about as wide as tall: its width at least this share of its height and at most its inverse (a parenthesis is narrow)... */
const OPEN_ROUND = 0.6;
/** ...and its middle rows (this share of its height either side of its middle)... */
const OPEN_MIDDLE = 0.1;
/** ...hold no ink right of this share of its width, where an `e`'s bar meets its bowl. */
const OPEN_RIGHT = 0.6;
/** Ink for the open test: lighter than `INK`, so that a faint bar of an `e` still closes it. */
export const LIGHT_INK = 200;
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
/** ...and one with no glyph of its own that overlaps its neighbour's by more than this share is a second reading of its glyph. */
const BOX_DOUBLE = 0.75;

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

/**
 * A line with its words' characters changed by `respell` (each word whose characters spell it; a
 * word they do not spell is left as read), its words' and its own text following.
 */
function respelled(line: OcrLine, respell: (symbols: OcrWord['symbols'], word: number) => OcrWord['symbols']): OcrLine {
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

/** Characters the recogniser reads for a hyphen's short bar (hyphen, hyphen-minus, en and em dash, minus). */
const DASH = /^[-\u2010\u2011\u2013\u2014\u2212]$/;
/** A dash's ink is at least this many times as wide as it is tall (a letter, a digit, `=` and `~` are not)... */
const DASH_FLAT = 2.5;
/** ...and its rows lie between these shares of its line's box, top down (`_` on the baseline, `^` at the top are not dashes). */
const DASH_ROWS = [0.2, 0.85] as const;

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

/**
 * A line read with too little confidence to keep (MIN_LINE_CONFIDENCE) whose every character is a
 * sign its glyph's ink tells (`vouched`: a brace, a bracket, a percent sign, ... as the glyph tests
 * read it) is kept: the engine's confidence is its own doubt about its letters, and here the ink
 * has read each one. The LSTM reads a listing's lone closing line badly: the LaTeX manual's `}%`
 * came back `yh` at 33, twice (alone too), and the brace and percent tests read it `}%`. A line
 * with any character its ink does not tell, or with no character, is left as read.
 */
export function inkVouched(line: OcrLine, vouched: (text: string, symbol: Box) => boolean): OcrLine {
  if (line.confidence >= MIN_LINE_CONFIDENCE || !spelledBySymbols(line.words)) return line;
  const symbols = line.words.flatMap((w) => w.symbols);
  return symbols.every((s) => vouched(s.text, s.bbox)) ? { ...line, confidence: MIN_LINE_CONFIDENCE } : line;
}

/** Side of the square cells in which `inkRegions` looks for ink, in pixels at 150 dpi. */
const CELL_AT_150 = 8;
/** Bound on the second-pass regions read on one page. */
const MAX_REGIONS = 24;

/** A line read from a crop of the page, moved to its place on the page: its box, baseline, words and characters. */
export function shift(l: OcrLine, dx: number, dy: number): OcrLine {
  const m = (b: Box) => ({ x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy });
  return {
    ...l,
    bbox: m(l.bbox),
    ...(l.baseline ? { baseline: m(l.baseline) } : {}),
    ...(l.words
      ? {
          words: l.words.map((w) => ({
            ...w,
            bbox: m(w.bbox),
            symbols: w.symbols.map((sym) => ({ ...sym, bbox: m(sym.bbox) })),
          })),
        }
      : {}),
  };
}

/** A line's band for `restOfLine`: its box less this share of its height top and bottom (the lines above and below stay out). */
const BAND_INSET = 0.2;

/**
 * The run of ink that continues a line to its right and no line the engine returned covers, or
 * undefined: on `grey` (`width` pixels a row), in the line's band (`band`, its box inset), from
 * `from` (the line's right end) past the ink touching it (its last glyph's edge), the first inked
 * column within `maxGap` pixels begins it, and it ends where `maxGap` blank columns follow. Columns inside the box of another line that overlaps
 * the band count as blank (a second column, a table cell the engine read).
 */
export function restOfLine(
  grey: Uint8Array,
  width: number,
  band: Box,
  from: number,
  maxGap: number,
  covered: readonly Box[],
): Box | undefined {
  const y0 = Math.max(0, Math.round(band.y0));
  const y1 = Math.min(grey.length / width, Math.round(band.y1));
  const others = covered.filter((b) => b.y1 > y0 && b.y0 < y1);
  const inked = (x: number) => {
    if (others.some((b) => x >= b.x0 && x < b.x1)) return false;
    for (let y = y0; y < y1; y++) if (grey[y * width + x]! < INK) return true;
    return false;
  };
  // Ink touching the line's end is its last glyph's edge (its box can stop a pixel short).
  let x0 = Math.max(0, Math.round(from));
  while (x0 < width && inked(x0)) x0++;
  let start = -1;
  let end = -1;
  for (let x = x0; x < width; x++) {
    if (inked(x)) {
      if (start < 0) start = x;
      end = x + 1;
    } else if (x - (start < 0 ? from : end) >= maxGap) break;
  }
  return start < 0 ? undefined : { x0: start, y0: band.y0, x1: end, y1: band.y1 };
}

/** Bound on the pieces of one page's lines read (`readRests`). */
const MAX_RESTS = 24;

/**
 * The rest of each line that the page's reading left unread, read as one line (PSM 7) and placed
 * on the page after its line, for `joinPieces` to join. Tesseract's layout cuts a typewriter line
 * at a colon or a brace and sometimes returns no line for the piece after the cut (`$ echo
 * ${string:` without `7:-2}`, 4 of bashref's shell lines on one page): the piece is ink in the
 * line's band, just right of its end, that no returned line covers (`restOfLine`). Its crop is
 * a few characters: far cheaper than the page's reading. A line ending at its column's edge has
 * no such ink, and a piece read with little confidence is dropped as noise as any line is.
 */
function readRests(engine: Engine, image: GreyImage, lines: readonly OcrLine[], dpi: number): OcrLine[] {
  const boxes = lines.map((l) => l.bbox);
  const out: OcrLine[] = [];
  let n = 0;
  for (const [i, l] of lines.entries()) {
    out.push(l);
    if (n >= MAX_RESTS) continue;
    const h = l.bbox.y1 - l.bbox.y0;
    const band = { x0: l.bbox.x1, y0: l.bbox.y0 + BAND_INSET * h, x1: image.width, y1: l.bbox.y1 - BAND_INSET * h };
    const rest = restOfLine(
      image.grey,
      image.width,
      band,
      l.bbox.x1 + 1,
      JOIN_GAP * rowHeightOf(l),
      boxes.filter((_, j) => j !== i),
    );
    if (!rest) continue;
    n++;
    const m = REREAD_MARGIN * h;
    const b = {
      // Not back into the line: half the gap before the piece (a margin there took the line's `:`).
      x0: Math.round((l.bbox.x1 + rest.x0) / 2),
      y0: Math.max(0, Math.round(l.bbox.y0 - m)),
      x1: Math.min(image.width, Math.round(rest.x1 + m)),
      y1: Math.min(image.height, Math.round(l.bbox.y1 + m)),
    };
    out.push(
      ...engine
        .read({ grey: crop(image.grey, image.width, b), width: b.x1 - b.x0, height: b.y1 - b.y0 }, 7, dpi)
        .map((x) => shift(x, b.x0, b.y0)),
    );
  }
  return out;
}

/** Bound on the lines one page's reading left out that are read alone (`droppedLines`). */
const MAX_DROPPED = 24;
/** A line left out fits in the gap between two lines of a column that is at least this many of their rows... */
const DROPPED_GAP = [0.8, 3] as const;
/** ...and its ink is between these many rows tall (a rule or a speck is less, a figure more). */
const DROPPED_INK = [0.4, 1.5] as const;

/**
 * Where the page's reading left out a line: between two consecutive lines of one column (their
 * columns overlap) with a gap of one to three rows (DROPPED_GAP: a listing's line spacing, not a
 * figure's room), ink that no returned line covers, clear of the gap's top and foot, about a line
 * tall (DROPPED_INK), in the columns the two lines span. Tesseract's layout returns no line for a
 * lone short line of a listing (the LaTeX manual's `}` closing a definition under
 * `{\typesetnormalchapter{#2}{#3}}%`): there is no line to read again, and the listing loses it.
 * Each box is the ink's, for `readImage` to read as one line.
 */
export function droppedLines(
  grey: Uint8Array,
  width: number,
  lines: readonly OcrLine[],
): { after: number; box: Box }[] {
  const height = grey.length / width;
  const out: { after: number; box: Box }[] = [];
  for (let i = 0; i + 1 < lines.length && out.length < MAX_DROPPED; i++) {
    const a = lines[i]!.bbox;
    const b = lines[i + 1]!.bbox;
    const row = Math.max(a.y1 - a.y0, b.y1 - b.y0);
    const gap = b.y0 - a.y1;
    if (row <= 0 || gap < DROPPED_GAP[0] * row || gap > DROPPED_GAP[1] * row) continue;
    if (Math.min(a.x1, b.x1) <= Math.max(a.x0, b.x0)) continue;
    const x0 = Math.max(0, Math.floor(Math.min(a.x0, b.x0)));
    const x1 = Math.min(width, Math.ceil(Math.max(a.x1, b.x1)));
    const y0 = Math.max(0, Math.ceil(a.y1));
    const y1 = Math.min(height, Math.floor(b.y0));
    let top = -1;
    let bottom = -1;
    let left = x1;
    let right = -1;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        if (grey[y * width + x]! >= INK) continue;
        if (top < 0) top = y;
        bottom = y;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    if (top <= y0 || bottom >= y1 - 1) continue;
    const tall = bottom - top + 1;
    if (tall < DROPPED_INK[0] * row || tall > DROPPED_INK[1] * row) continue;
    const box = { x0: left, y0: top, x1: right + 1, y1: bottom + 1 };
    if (lines.some((l) => l.bbox.x0 < box.x1 && box.x0 < l.bbox.x1 && l.bbox.y0 < box.y1 && box.y0 < l.bbox.y1))
      continue;
    out.push({ after: i, box });
  }
  return out;
}

/**
 * The page's lines with each line it left out (`droppedLines`) read alone as one line (PSM 7) in
 * its ink's box with a margin of half a row, placed after the line above it.
 */
function readDropped(engine: Engine, image: GreyImage, lines: readonly OcrLine[], dpi: number): OcrLine[] {
  const found = droppedLines(image.grey, image.width, lines);
  if (found.length === 0) return [...lines];
  const out: OcrLine[] = [];
  let k = 0;
  for (const [i, l] of lines.entries()) {
    out.push(l);
    while (k < found.length && found[k]!.after === i) {
      const { box } = found[k++]!;
      const m = REREAD_MARGIN * (l.bbox.y1 - l.bbox.y0);
      const b = {
        x0: Math.max(0, Math.round(box.x0 - m)),
        y0: Math.max(0, Math.round(box.y0 - m)),
        x1: Math.min(image.width, Math.round(box.x1 + m)),
        y1: Math.min(image.height, Math.round(box.y1 + m)),
      };
      out.push(
        ...engine
          .read({ grey: crop(image.grey, image.width, b), width: b.x1 - b.x0, height: b.y1 - b.y0 }, 7, dpi)
          .map((x) => shift(x, b.x0, b.y0)),
      );
    }
  }
  return out;
}

/** Bound on the lines of one page read again alone (`rereadDoubtful`). */
const MAX_REREADS = 24;
/** Margin around a line read again alone, in its box's heights. */
const REREAD_MARGIN = 0.5;

/**
 * Which reading of a line to keep: the second (the line alone) when it is one line read with more
 * confidence, its text, words and confidence in the first's rows. Alone in its crop the line has no
 * neighbours to fit a baseline and a row height against, and the engine can put both anywhere
 * (fepslatex's `\ifthenelse{...}` in a listing: its baseline on the crop's bottom edge, its row
 * 126 px high for a 46 px line), which moved the line 8 pt down its page, onto the next line:
 * the page's reading, among its neighbours, placed it right.
 */
export function betterReading(first: OcrLine, again: readonly OcrLine[]): OcrLine {
  const second = again.length === 1 ? again[0]! : undefined;
  if (!second || second.confidence <= first.confidence) return first;
  const { baseline: _baseline, rowAttributes: _rows, ...rest } = second;
  return {
    ...rest,
    bbox: { x0: second.bbox.x0, y0: first.bbox.y0, x1: second.bbox.x1, y1: first.bbox.y1 },
    ...(first.baseline ? { baseline: first.baseline } : {}),
    ...(first.rowAttributes ? { rowAttributes: first.rowAttributes } : {}),
  };
}

/**
 * Lines the page's reading returned with too little confidence to keep (MIN_LINE_CONFIDENCE) are
 * read again alone, as one line (PSM 7), in their box with a margin of half its height: in the
 * page's reading the recogniser can lose its way on a line (a shell's `./bash 1 2 3 ...` spread over
 * a typewriter grid read as `-/bpashi234...` at confidence 8, `canvas.setFillColor(black)` at 26,
 * `E{^_}{{UP}{DOWN}}` at 0), and alone it reads most of them. The better reading is kept
 * (`betterReading`); pictures read as text stay under the bound and are dropped as before.
 */
function rereadDoubtful(engine: Engine, image: GreyImage, lines: readonly OcrLine[], dpi: number): OcrLine[] {
  let n = 0;
  return lines.map((l) => {
    if (l.confidence >= MIN_LINE_CONFIDENCE || n >= MAX_REREADS) return l;
    n++;
    const m = REREAD_MARGIN * (l.bbox.y1 - l.bbox.y0);
    const b = {
      x0: Math.max(0, Math.round(l.bbox.x0 - m)),
      y0: Math.max(0, Math.round(l.bbox.y0 - m)),
      x1: Math.min(image.width, Math.round(l.bbox.x1 + m)),
      y1: Math.min(image.height, Math.round(l.bbox.y1 + m)),
    };
    if (b.x1 <= b.x0 || b.y1 <= b.y0) return l;
    const again = engine
      .read({ grey: crop(image.grey, image.width, b), width: b.x1 - b.x0, height: b.y1 - b.y0 }, 7, dpi)
      .map((x) => shift(x, b.x0, b.y0));
    return betterReading(l, again);
  });
}

/**
 * Reads one rendered page with automatic page segmentation (PSM 3). A speckled page (`isNoisy`)
 * is read after a 3x3 median, or after a 3x3 Gaussian blur when its print is thin (`thinPrint`):
 * the median would erase one-pixel strokes (Computer Modern at 150 dpi lost 2-3 % of its words to
 * it). Then it is read once more where the median image still has ink but that reading returned
 * no line (`inkRegions`): Tesseract's layout can take a block of text for a picture even after the
 * median (a page's figure then fell to 58-88 %), and each such region is read as one block of
 * text (PSM 6), which has no picture detection. The second pass reads only those regions, so it
 * costs little; a clean page is read once, as before.
 */
export async function recognize(
  image: Rendered,
  languages: string[],
  origin: readonly [number, number] = [0, 0],
  dataDir?: string,
): Promise<PlacedLine[]> {
  const engine = await engineFor(languages, dataDir);
  try {
    return readImage(engine, image, origin);
  } catch (err) {
    // A failure inside the engine (an image it could not take, a WebAssembly trap) may leave it
    // unusable: it is stopped, and the next page starts a new one.
    await closeOcr();
    throw err;
  }
}

function readImage(engine: Engine, image: Rendered, origin: readonly [number, number]): PlacedLine[] {
  const { width, height } = image;
  const noisy = isNoisy(image.grey, width, height);
  const clean = noisy ? median3(image.grey, width, height) : image.grey;
  let read = clean;
  if (noisy) {
    const blurred = gauss3(image.grey, width, height);
    if (thinPrint(blurred, width, height)) read = blurred;
  }
  const dpi = Math.round(image.scale * 72);
  const lines = engine.read({ grey: read, width, height }, 3, dpi);
  ocrStats.pagesRead++;
  if (noisy) {
    const kept = lines.filter((l) => !noiseLine(l.text, false, l.confidence));
    const cell = Math.max(4, Math.round((CELL_AT_150 * image.scale * 72) / 150));
    const regions = inkRegions(
      clean,
      width,
      height,
      kept.map((l) => l.bbox),
      cell,
    ).slice(0, MAX_REGIONS);
    for (const b of regions) {
      const found = engine
        .read({ grey: crop(read, width, b), width: b.x1 - b.x0, height: b.y1 - b.y0 }, 6, dpi)
        .map((l) => shift(l, b.x0, b.y0));
      // In reading order: before the first line of the first pass that starts below the region.
      const at = lines.findIndex((l) => l.bbox.y0 >= b.y0 + (b.y1 - b.y0) / 2);
      lines.splice(at < 0 ? lines.length : at, 0, ...found);
    }
  }
  const whole = readRests(
    engine,
    { grey: read, width, height },
    readDropped(engine, { grey: read, width, height }, lines, dpi),
    dpi,
  );
  const boxed = rereadDoubtful(engine, { grey: read, width, height }, whole, dpi).map((l) =>
    reboxed(l, glyphColumns(inkColumnRuns(read, width, l.bbox))),
  );
  // Braces are told on typewriter lines only: a roman parenthesis at 200 dpi is a few pixels wide.
  const typewriter = linePitches(boxed).map((p) => p !== undefined);
  const sure = boxed.map((l, index) => {
    // The glyph under each character box found once, for the cross, caret and bracket tests.
    const found = new Map<string, ReturnType<typeof glyphAt>>();
    const glyph = (b: Box) => {
      const key = `${b.x0} ${b.y0} ${b.x1} ${b.y1}`;
      if (!found.has(key)) found.set(key, glyphAt(read, width, b, l.bbox));
      return found.get(key);
    };
    const carets = withCarets(
      withPlusSigns(
        withBullet(l, (b) => inkShape(read, width, b)),
        (b) => crossShape(glyph(b)?.ink),
      ),
      (b) => {
        const g = glyph(b);
        return g && raisedGlyph(g.bottom, l.bbox) && caretShape(g.ink) ? g.x0 : undefined;
      },
    );
    const brackets = withBrackets(carets, (b) => {
      const g = glyph(b);
      const bracket = bracketShape(g?.ink) ?? (typewriter[index] ? braceShape(g?.ink) : undefined);
      return g && { x0: g.x0, ...(bracket ? { bracket } : {}) };
    });
    const percents = withSign(brackets, '%', (b) => {
      const g = glyph(b);
      return g && { x0: g.x0, sign: percentShape(g.ink) };
    });
    const spaces = withSign(percents, '\u2423', (b) => {
      const g = glyph(b);
      return g && { x0: g.x0, sign: cupShape(g.ink) };
    });
    const ats = typewriter[index]
      ? withOnes(
          withLowZeros(
            withOpenC(
              withAtSigns(spaces, (b) => atShape(glyph(b)?.ink)),
              (b) => openShape(glyphAt(read, width, b, l.bbox, LIGHT_INK)?.ink),
            ),
            (b) => {
              const g = glyph(b);
              return g && g.bottom - g.top + 1;
            },
          ),
          (b) => oneShape(glyph(b)?.ink),
        )
      : spaces;
    const dashes = typewriter[index]
      ? withDashes(ats, (x0, x1) => {
          // At the light threshold: grey print (a listing's string literals) has its bars whole.
          const glyphs = glyphsWithin(read, width, l.bbox, x0, x1, LIGHT_INK);
          return glyphs.every((g) => dashGlyph(g, l.bbox)) ? glyphs : undefined;
        })
      : ats;
    const accented = withAccents(dashes, (b) => accentShape(glyph(b)?.ink));
    return typewriter[index]
      ? inkVouched(accented, (text, b) => {
          const ink = glyph(b)?.ink;
          if (text === '{' || text === '}') return braceShape(ink) === text;
          if (text === '[' || text === ']') return bracketShape(ink) === text;
          if (text === '%') return percentShape(ink);
          return false;
        })
      : accented;
  });
  // Each typewriter glyph read as its twins on the page are read (after the tests above).
  const boxKey = (b: Box) => `${b.x0} ${b.y0} ${b.x1} ${b.y1}`;
  const own = sure.map((l, index) => (typewriter[index] ? ownGlyphs(l, (b) => glyphAt(read, width, b, l.bbox)) : []));
  const readings = twinReadings(own.flat().map((o) => ({ text: o.text, ink: o.glyph.ink })));
  let at = 0;
  const twins = sure.map((l, index) => {
    const byBox = new Map<string, string>();
    for (const o of own[index]!) {
      const r = readings[at++];
      if (r === undefined) continue;
      if (r !== o.text) byBox.set(boxKey(o.symbol), r);
      if (o.double) byBox.set(boxKey(o.double), '');
    }
    return byBox.size > 0 ? withTwinReadings(l, (b) => byBox.get(boxKey(b))) : l;
  });
  return toTextLines(joinPieces(twins), image.scale, image.height, origin);
}

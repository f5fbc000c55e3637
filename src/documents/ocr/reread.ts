// Reading again what a page's first reading missed or doubted: ink that continues a line, lines
// between two lines that none covers, doubtful lines read alone, and lines whose every sign the ink
// vouches for.

import { type Engine, type GreyImage, type OcrLine } from './engine.ts';
import { crop, type Box } from './filters.ts';
import { JOIN_GAP, MIN_LINE_CONFIDENCE, SAME_BASELINE } from './text-lines.ts';
import { spelledBySymbols } from './typewriter.ts';
import { INK, inkColumnRuns } from './glyph-ink.ts';
import { piecedLine, spacedPieces } from './spaced-pieces.ts';
import { baselineRows, shift } from './geometry.ts';

/** Share of a doubtful line's characters its ink must tell for `inkVouched` to keep it. */
export const VOUCHED_SHARE = 0.75;

/**
 * A line read with too little confidence to keep (MIN_LINE_CONFIDENCE) whose characters, `share`
 * of them or more, its glyphs' ink tells (`vouched`: a brace, a bracket, a percent sign as the
 * glyph tests read it, or a letter its twins on the page read so) is kept: the engine's confidence
 * is its own doubt about its letters, and here the ink has read them. The LSTM reads a listing's
 * lone closing line badly: the LaTeX manual's `}%` came back `yh` at 33, twice (alone too), and the
 * brace and percent tests read it `}%`; bashref's `${parameter/%pattern/string}` came back at 26
 * read alone, 22 of its 28 characters read as their twins three lines above are (a twin in another
 * sub-pixel phase is no twin, so not all). A line with fewer characters told, or with none, is left
 * as read.
 */
export function inkVouched(
  line: OcrLine,
  vouched: (text: string, symbol: Box) => boolean,
  share = VOUCHED_SHARE,
): OcrLine {
  if (line.confidence >= MIN_LINE_CONFIDENCE || !spelledBySymbols(line.words)) return line;
  const symbols = line.words.flatMap((w) => w.symbols);
  const told = symbols.filter((s) => vouched(s.text, s.bbox)).length;
  return symbols.length > 0 && told >= share * symbols.length ? { ...line, confidence: MIN_LINE_CONFIDENCE } : line;
}

/** Side of the square cells in which `inkRegions` looks for ink, in pixels at 150 dpi. */
export const CELL_AT_150 = 8;
/** Bound on the second-pass regions read on one page. */
export const MAX_REGIONS = 24;

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
 * no such ink, and a piece read with little confidence is dropped as noise as any line is. The gap
 * to the piece is measured in the tallest row on the line's baseline (`baselineRows`): reportlab's
 * `x` alone, cut from `= textobject.getX()` with its `=` unread, has a row of x-height.
 */
export function readRests(engine: Engine, image: GreyImage, lines: readonly OcrLine[], dpi: number): OcrLine[] {
  const boxes = lines.map((l) => l.bbox);
  const rows = baselineRows(lines, SAME_BASELINE);
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
      JOIN_GAP * rows[i]!,
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
export function readDropped(engine: Engine, image: GreyImage, lines: readonly OcrLine[], dpi: number): OcrLine[] {
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
export function rereadDoubtful(engine: Engine, image: GreyImage, lines: readonly OcrLine[], dpi: number): OcrLine[] {
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
    const better = betterReading(l, again);
    return better.confidence >= MIN_LINE_CONFIDENCE ? better : readInPieces(engine, image, better, dpi);
  });
}

/**
 * A doubtful line still doubtful alone, when its ink stands in pieces with wide gaps between
 * (`spacedPieces`: a shell's `./bash 1 2 3 ... g h` on a typewriter grid, read `/pash
 * 1234567890abcdefgh` at 35 alone), read piece by piece, each alone as one line in the line's rows
 * (with the same margin as the line), and kept when every piece read one line and together they
 * are surer than the line (`piecedLine`): `-/bash 1 2 3 ... g h` at 75, the array output `0 1`
 * (read `O1` at 33) at 93. A picture's scattered marks read as pieces stay under the bound and are
 * dropped as before. Only lines still under the bound after the reread alone pay for it (one small
 * read per piece, at most MAX_PIECES).
 */
function readInPieces(engine: Engine, image: GreyImage, l: OcrLine, dpi: number): OcrLine {
  const h = l.bbox.y1 - l.bbox.y0;
  const pieces = spacedPieces(inkColumnRuns(image.grey, image.width, l.bbox), h);
  if (!pieces) return l;
  const m = REREAD_MARGIN * h;
  const y0 = Math.max(0, Math.round(l.bbox.y0 - m));
  const y1 = Math.min(image.height, Math.round(l.bbox.y1 + m));
  const readings = pieces.map(([a, z]) => {
    const b = { x0: Math.max(0, Math.round(a - m)), y0, x1: Math.min(image.width, Math.round(z + m)), y1 };
    return engine
      .read({ grey: crop(image.grey, image.width, b), width: b.x1 - b.x0, height: b.y1 - b.y0 }, 7, dpi)
      .map((x) => shift(x, b.x0, b.y0));
  });
  const pieced = piecedLine(l, readings);
  return pieced && pieced.confidence > l.confidence ? pieced : l;
}

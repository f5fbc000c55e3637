// A doubtful line set with wide, even gaps (a shell's output on a typewriter grid, `./bash 1 2 3 ...
// g h`) read again piece by piece: the recogniser reads such a line as one garbled word, and each of
// its pieces alone as what it is.

import type { OcrLine, OcrWord } from './engine.ts';

/**
 * A gap between two runs of inked columns at least this share of the line's height is a space in
 * a typewriter line (a cell, 0.6 em, plus the glyphs' side bearings): the gaps inside a word,
 * proportional or typewriter, are a few pixels (under 0.25 of the height at 150-300 dpi).
 */
export const SPACED_GAP = 0.4;
/** Fewest pieces that make a line spaced: one piece is a word, which the line read alone handles. */
export const MIN_PIECES = 2;
/** Most pieces read one by one on a line (a line of 20 single characters and a word fits). */
export const MAX_PIECES = 40;

/**
 * The pieces of a typewriter line (`onGrid`): its runs of inked columns ([first, end), left to right) grouped where the
 * gap between two runs is under `SPACED_GAP` of `height`, as [first, end) column ranges. Undefined
 * when the line has fewer than MIN_PIECES or more than MAX_PIECES pieces (not a spaced line, or one
 * too costly to read piece by piece).
 */
export function spacedPieces(
  runs: readonly (readonly [number, number])[],
  height: number,
): [number, number][] | undefined {
  if (!onGrid(runs)) return undefined;
  const pieces: [number, number][] = [];
  for (const [a, b] of runs) {
    const last = pieces.at(-1);
    if (last && a - last[1] < SPACED_GAP * height) last[1] = b;
    else pieces.push([a, b]);
  }
  return pieces.length >= MIN_PIECES && pieces.length <= MAX_PIECES ? pieces : undefined;
}

/** How far (share of the pitch) a run's centre may stand off the grid in `onGrid`. */
export const GRID_SLACK = 0.2;

/**
 * Whether runs of inked columns stand on one grid, as a typewriter face's glyphs do (each glyph a
 * run of its own, centred in its cell): every step between two runs' centres a whole number of
 * the smallest step (the pitch), within GRID_SLACK of it. A proportional line's letters (`i` beside
 * `m`) step unevenly; two glyphs touching in one run stand half a cell off and fail too.
 */
export function onGrid(runs: readonly (readonly [number, number])[]): boolean {
  if (runs.length < 2) return false;
  let pitch = Infinity;
  for (let i = 1; i < runs.length; i++)
    pitch = Math.min(pitch, (runs[i]![0] + runs[i]![1] - runs[i - 1]![0] - runs[i - 1]![1]) / 2);
  if (!(pitch > 0)) return false;
  for (let i = 1; i < runs.length; i++) {
    const cells = (runs[i]![0] + runs[i]![1] - runs[i - 1]![0] - runs[i - 1]![1]) / 2 / pitch;
    if (Math.abs(cells - Math.round(cells)) > GRID_SLACK) return false;
  }
  return true;
}

/**
 * The line made of its pieces' readings (each read alone as one line, boxes on the page): their
 * texts joined by a space, their words in order, the line's box and rows kept, the confidence
 * theirs weighted by their characters (as the engine weighs a line's words). Undefined when a piece read nothing or more than one line (a piece that is no
 * text: the line is left as read).
 */
export function piecedLine(line: OcrLine, readings: readonly (readonly OcrLine[])[]): OcrLine | undefined {
  if (readings.some((r) => r.length !== 1 || r[0]!.text.trim() === '')) return undefined;
  const read = readings.map((r) => r[0]!);
  const words: OcrWord[] = read.flatMap((r) => r.words ?? []);
  return {
    ...line,
    text: read.map((r) => r.text.trim()).join(' '),
    confidence: meanConfidence(read),
    ...(words.length > 0 ? { words } : {}),
  };
}

/** The readings' confidence, each weighted by its characters (spaces left out). */
function meanConfidence(read: readonly OcrLine[]): number {
  let sum = 0;
  let n = 0;
  for (const r of read) {
    const chars = r.text.replace(/\s+/g, '').length;
    sum += r.confidence * chars;
    n += chars;
  }
  return n === 0 ? 0 : sum / n;
}

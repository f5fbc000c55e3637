// Measures of a line the engine read, in pixels of its page image (y down): its baseline, its
// row's height, a box's centre, and a line read from a crop moved to its place on the page.

import { type OcrLine } from './engine.ts';
import { type Box } from './filters.ts';

/** Baseline of an OCR line in pixels (y down). */
export function baselineOf(l: OcrLine): number {
  const descent = Math.abs(l.rowAttributes?.descenders ?? 0);
  return l.baseline && l.baseline.y0 > 0 ? (l.baseline.y0 + l.baseline.y1) / 2 : l.bbox.y1 - descent;
}

/** Height of an OCR line's row in pixels: ascenders and x-height, or its box. */
export function rowHeightOf(l: OcrLine): number {
  const row = l.rowAttributes?.rowHeight ?? 0;
  return row > 0 ? row : l.bbox.y1 - l.bbox.y0;
}

/**
 * Each line's row height, or the tallest row of the lines whose baselines agree with its own
 * (within `share` of the taller row) when that is taller: a piece of one printed line made of
 * x-height letters alone (`x` before `= textobject.getX()`, cut off by the engine's layout) gets a
 * row of 16 px where its line's is 22, and the gaps measured in rows against it come out short.
 */
export function baselineRows(lines: readonly OcrLine[], share: number): number[] {
  const rows = lines.map(rowHeightOf);
  const bases = lines.map(baselineOf);
  return rows.map((r, i) => {
    let tallest = r;
    for (let j = 0; j < rows.length; j++) {
      const h = Math.max(r, rows[j]!);
      if (rows[j]! > tallest && Math.abs(bases[j]! - bases[i]!) <= share * h) tallest = rows[j]!;
    }
    return tallest;
  });
}

export const centre = (b: { x0: number; x1: number }) => (b.x0 + b.x1) / 2;

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

// One page image -> its text lines in PDF units: read by the engine (automatic layout), cleaned
// first when the scan is speckled, read again where ink was left unread.
import { engineFor, closeOcr, ocrStats, type Engine, type OcrLine } from './engine.ts';
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
}

const EM_PER_ROW = 0.88;

/** Lines of OCR output with nothing worth reading: no two letters or digits in a row, or noise. */
const MIN_LINE_CONFIDENCE = 40;

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
  for (const l of lines) {
    const text = l.text.replace(/\s+/g, ' ').trim();
    if (!/[\p{L}\p{N}]{2}/u.test(text)) continue;
    if (l.confidence < MIN_LINE_CONFIDENCE) continue;
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
      mono: false,
    });
  }
  return out;
}

/** Side of the square cells in which `inkRegions` looks for ink, in pixels at 150 dpi. */
const CELL_AT_150 = 8;
/** Bound on the second-pass regions read on one page. */
const MAX_REGIONS = 24;

function shift(l: OcrLine, dx: number, dy: number): OcrLine {
  const m = (b: Box) => ({ x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy });
  return { ...l, bbox: m(l.bbox), ...(l.baseline ? { baseline: m(l.baseline) } : {}) };
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
    const kept = lines.filter((l) => /[\p{L}\p{N}]{2}/u.test(l.text) && l.confidence >= MIN_LINE_CONFIDENCE);
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
  return toTextLines(lines, image.scale, image.height, origin);
}

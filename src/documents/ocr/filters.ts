// Pixel filters and measures on grey page images (one byte per pixel, rows top to bottom): pure
// functions, tested with tables of small images.

/** 3x3 median of a grey image (edges copied): removes speckle noise, keeps strokes. */
export function median3(src: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(src);
  const v = new Int32Array(9);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let k = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const row = (y + dy) * width + x;
        v[k++] = src[row - 1]!;
        v[k++] = src[row]!;
        v[k++] = src[row + 1]!;
      }
      // Insertion sort of 9 values: cheaper than a call to sort() per pixel.
      for (let i = 1; i < 9; i++) {
        const t = v[i]!;
        let j = i - 1;
        while (j >= 0 && v[j]! > t) {
          v[j + 1] = v[j]!;
          j--;
        }
        v[j + 1] = t;
      }
      out[y * width + x] = v[4]!;
    }
  }
  return out;
}

/** 3x3 Gaussian blur (1-2-1 kernel) of a grey image (edges copied): softens speckle noise, keeps one-pixel strokes. */
export function gauss3(src: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(src);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const up = src[i - width - 1]! + 2 * src[i - width]! + src[i - width + 1]!;
      const mid = src[i - 1]! + 2 * src[i]! + src[i + 1]!;
      const down = src[i + width - 1]! + 2 * src[i + width]! + src[i + width + 1]!;
      out[i] = (up + 2 * mid + down + 8) >> 4;
    }
  }
  return out;
}

/**
 * Mean width in pixels of the print's strokes: twice the dark pixels (< 128) over the dark/light
 * changes between neighbours across and down (a stroke w pixels wide and long has w dark pixels and
 * two changes per row). 0 on a page without dark pixels.
 */
export function strokeWidth(grey: Uint8Array, width: number, height: number): number {
  let ink = 0;
  let edges = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const dark = grey[row + x]! < 128;
      if (dark) ink++;
      if (x + 1 < width && dark !== grey[row + x + 1]! < 128) edges++;
      if (y + 1 < height && dark !== grey[row + width + x]! < 128) edges++;
    }
  }
  if (ink === 0) return 0;
  return edges === 0 ? Infinity : (2 * ink) / edges;
}

/**
 * Strokes thinner than this (pixels, `strokeWidth` of the blurred page) are lost to a 3x3 median,
 * which keeps a pixel dark only when 5 of its 9 are: Computer Modern at 150 dpi measures 1.10-1.15,
 * DejaVu Serif 1.48-1.65 (gnuplot.pdf and chromium-handbook.pdf scans, docs/chunk-quality.md).
 */
const THIN_STROKE = 1.3;

/** Whether a page's print (the page after `gauss3`) is too thin for the 3x3 median: `strokeWidth` under `THIN_STROKE`. */
export function thinPrint(blurred: Uint8Array, width: number, height: number): boolean {
  const stroke = strokeWidth(blurred, width, height);
  return stroke > 0 && stroke < THIN_STROKE;
}

/**
 * Share of the pixels within 8 grey levels of the most common one (the paper). A clean scan's
 * paper is one flat level; sensor noise and JPEG artefacts spread it.
 */
export function paperShare(src: Uint8Array): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < src.length; i++) hist[src[i]!]!++;
  let mode = 0;
  for (let g = 1; g < 256; g++) if (hist[g]! > hist[mode]!) mode = g;
  let n = 0;
  for (let g = Math.max(0, mode - 8); g <= Math.min(255, mode + 8); g++) n += hist[g]!;
  return n / Math.max(1, src.length);
}

/**
 * Whether a page is speckled (sensor noise, JPEG artefacts): a 3x3 median of its middle third
 * flattens the paper markedly (+15-18 % of the pixels near the paper's level on noisy 150 dpi
 * JPEG scans, +0.1-0.2 % on clean ones). Tesseract's page layout then takes the speckles for
 * pictures and skips whole text blocks (a third of the words read on such pages, by the
 * service and by Debian's tesseract alike); after the median it reads them all. A clean scan
 * is left alone: the median costs small monospace type about 1 % of its words.
 */
export function isNoisy(grey: Uint8Array, width: number, height: number): boolean {
  const top = Math.floor(height / 3);
  const rows = Math.max(3, Math.floor(height / 3));
  if (top + rows > height) return false;
  const band = grey.subarray(top * width, (top + rows) * width);
  return paperShare(median3(band, width, rows)) - paperShare(band) > NOISE_GAIN;
}

const NOISE_GAIN = 0.05;

/** A pixel rectangle, y down, x1/y1 exclusive. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Regions of a (median-filtered) page image that hold print but no line that OCR returned:
 * the text blocks Tesseract's page layout skipped (on a speckled scan it takes them for a
 * picture). The page is cut into cells of `cell` pixels; a cell has ink when it holds 3+ dark
 * pixels (< 128) and is free when no `covered` box touches it. Free ink cells within 3 cells
 * across and 2 down of each other (a word gap, a line gap) form one region; regions of fewer than
 * 6 cells or narrower than 4 cells (specks, rules, stray marks) are dropped. Returned with a margin
 * of one cell, clipped to the page, top to bottom.
 */
export function inkRegions(
  grey: Uint8Array,
  width: number,
  height: number,
  covered: readonly Box[],
  cell: number,
): Box[] {
  const cw = Math.ceil(width / cell);
  const ch = Math.ceil(height / cell);
  const dark = new Uint16Array(cw * ch);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const crow = Math.floor(y / cell) * cw;
    for (let x = 0; x < width; x++) if (grey[row + x]! < 128) dark[crow + Math.floor(x / cell)]!++;
  }
  const free = new Uint8Array(cw * ch);
  for (let i = 0; i < free.length; i++) free[i] = dark[i]! >= 3 ? 1 : 0;
  for (const b of covered) {
    const cx0 = Math.max(0, Math.floor(b.x0 / cell));
    const cx1 = Math.min(cw - 1, Math.floor((b.x1 - 1) / cell));
    const cy0 = Math.max(0, Math.floor(b.y0 / cell));
    const cy1 = Math.min(ch - 1, Math.floor((b.y1 - 1) / cell));
    for (let cy = cy0; cy <= cy1; cy++) for (let cx = cx0; cx <= cx1; cx++) free[cy * cw + cx] = 0;
  }
  // Union-find over free ink cells, joined to those within 3 cells across and 2 down.
  const parent = new Int32Array(cw * ch).map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      const i = cy * cw + cx;
      if (!free[i]) continue;
      for (let dy = 0; dy <= 2; dy++) {
        for (let dx = -3; dx <= 3; dx++) {
          if (dy === 0 && dx <= 0) continue;
          const ny = cy + dy;
          const nx = cx + dx;
          if (ny >= ch || nx < 0 || nx >= cw) continue;
          const j = ny * cw + nx;
          if (free[j]) parent[find(j)] = find(i);
        }
      }
    }
  }
  const comps = new Map<number, { x0: number; y0: number; x1: number; y1: number; n: number }>();
  for (let i = 0; i < free.length; i++) {
    if (!free[i]) continue;
    const r = find(i);
    const cx = i % cw;
    const cy = Math.floor(i / cw);
    const c = comps.get(r);
    if (!c) comps.set(r, { x0: cx, y0: cy, x1: cx + 1, y1: cy + 1, n: 1 });
    else {
      c.x0 = Math.min(c.x0, cx);
      c.y0 = Math.min(c.y0, cy);
      c.x1 = Math.max(c.x1, cx + 1);
      c.y1 = Math.max(c.y1, cy + 1);
      c.n++;
    }
  }
  const out: Box[] = [];
  for (const c of comps.values()) {
    if (c.n < 6 || c.x1 - c.x0 < 4) continue;
    out.push({
      x0: Math.max(0, (c.x0 - 1) * cell),
      y0: Math.max(0, (c.y0 - 1) * cell),
      x1: Math.min(width, (c.x1 + 1) * cell),
      y1: Math.min(height, (c.y1 + 1) * cell),
    });
  }
  return out.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

/** The pixels of a box of the image, as an image of its own. */
export function crop(grey: Uint8Array, width: number, b: Box): Uint8Array {
  const w = b.x1 - b.x0;
  const out = new Uint8Array(w * (b.y1 - b.y0));
  for (let y = b.y0; y < b.y1; y++) out.set(grey.subarray(y * width + b.x0, y * width + b.x1), (y - b.y0) * w);
  return out;
}

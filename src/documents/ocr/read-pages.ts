// OCR of pages without a usable text layer (scans, photocopies, a page pasted in as a picture):
// pdf.js renders the page onto @napi-rs/canvas (or its scanned image is taken as it is), Tesseract
// (its own engine in WebAssembly, tesseract.ts, with its English data from the npm registry) reads
// it, and its lines come back as TextLines with positions, so furniture, contents, headings and the
// chunker treat them like any other text. Runs inside the document worker (src/documents/worker.ts),
// never on the event loop; nothing is fetched at run time: the language data is read from
// node_modules (or OCR_DATA_DIR).
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.d.ts';
import { OPS } from '../formats/pdf/pdfjs.ts';
import type { PageText, TextLine } from '../formats/pdf/types.ts';
import { documentError } from '../errors.ts';
import { languageDataFile, type OcrOptions, type OcrReport } from './options.ts';
import { startEngine, type Engine, type GreyImage, type OcrLine } from './engine.ts';

export type { OcrLine } from './engine.ts';

/** Letters and digits on a page below which its text layer may be only a stamp over a scan. */
const FEW_CHARS = 40;
/** Share of the page an image must cover for a page with no text at all to be read. */
const IMAGE_SHARE_NO_TEXT = 0.25;
/** Share of the page an image must cover for a page with a few characters to be read. */
const IMAGE_SHARE_FEW_CHARS = 0.6;

/**
 * Whether a page lacks a usable text layer: no letters or digits over an image that covers a good
 * part of the page (a blank page or a vector drawing has nothing to read), or only a few
 * characters (a stamp, a page number, an OCR-less scanner's header) over a page-sized image.
 */
export function needsOcr(chars: number, imageShare: number): boolean {
  if (chars === 0) return imageShare >= IMAGE_SHARE_NO_TEXT;
  return chars < FEW_CHARS && imageShare >= IMAGE_SHARE_FEW_CHARS;
}

/** Letters and digits in a page's text layer. */
export function textChars(lines: readonly TextLine[]): number {
  let n = 0;
  for (const l of lines) n += l.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return n;
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: readonly number[]): Matrix {
  const [a, b, c, d, e, f] = m;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = n;
  return [a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d, e2 * a + f2 * c + e, e2 * b + f2 * d + f];
}

interface Transforms {
  ctm: Matrix;
  stack: Matrix[];
}

const transforms = (): Transforms => ({ ctm: [1, 0, 0, 1, 0, 0], stack: [] });

/** Follows the current transform through one operator (save/restore, cm, forms); false when `fn` is none of those. */
function follow(t: Transforms, fn: number, args: unknown[] | null): boolean {
  if (fn === OPS.save) t.stack.push(t.ctm);
  else if (fn === OPS.restore) t.ctm = t.stack.pop() ?? t.ctm;
  else if (fn === OPS.transform) {
    if (args) t.ctm = multiply(t.ctm, args as number[]);
  } else if (fn === OPS.paintFormXObjectBegin) {
    t.stack.push(t.ctm);
    const m = args?.[0];
    if (Array.isArray(m) || ArrayBuffer.isView(m)) t.ctm = multiply(t.ctm, Array.from(m as ArrayLike<number>));
  } else if (fn === OPS.paintFormXObjectEnd) t.ctm = t.stack.pop() ?? t.ctm;
  else return false;
  return true;
}

export interface PageImages {
  /** Share of the page (0..1) covered by its largest image. */
  share: number;
  /** Pixels per PDF unit of that image (its own resolution), when known. */
  pxPerUnit?: number;
}

/**
 * The largest image a page paints, from its operator list (images drawn with their transform in
 * force, through forms and save/restore). Only called for pages with little or no text, so a
 * born-digital page never pays for it.
 */
export async function pageImages(page: PDFPageProxy): Promise<PageImages> {
  const ops = await page.getOperatorList();
  const view = page.view;
  const pageArea = Math.abs(((view[2] ?? 0) - (view[0] ?? 0)) * ((view[3] ?? 0) - (view[1] ?? 0))) || 1;
  const t = transforms();
  let best: PageImages = { share: 0 };
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]!;
    const args = ops.argsArray[i] as unknown[] | null;
    if (follow(t, fn, args)) continue;
    const ctm = t.ctm;
    if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) {
      // The image is the unit square under the CTM: its area is |det|.
      const share = Math.min(1, Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) / pageArea);
      let widthPx: number | undefined;
      if (fn === OPS.paintImageXObject) widthPx = typeof args?.[1] === 'number' ? args[1] : undefined;
      else {
        const img = args?.[0] as { width?: unknown } | undefined;
        widthPx = typeof img?.width === 'number' ? img.width : undefined;
      }
      if (share > best.share) {
        const widthUnits = Math.hypot(ctm[0], ctm[1]);
        best = { share, ...(widthPx && widthUnits > 0 ? { pxPerUnit: widthPx / widthUnits } : {}) };
      }
    }
  }
  return best;
}

/**
 * Render resolution in pixels per PDF unit (1/72 in): the scan's own, within 150..400 dpi. Not
 * upscaled from 150 dpi: interpolation smears speckle noise into blobs that neither the median
 * filter nor Tesseract's layout then tell from print.
 */
export function renderScale(pxPerUnit: number | undefined): number {
  const MIN = 150 / 72;
  const MAX = 400 / 72;
  if (pxPerUnit === undefined || !Number.isFinite(pxPerUnit)) return 300 / 72;
  return Math.min(MAX, Math.max(MIN, pxPerUnit));
}

/** Bound on the pixels of one rendered page (an A0 poster at 300 dpi would need ~140 Mpx). */
const MAX_PIXELS = 40_000_000;

/** A page in grey (one byte per pixel, rows top to bottom) at `scale` pixels per PDF unit. */
export interface Rendered extends GreyImage {
  scale: number;
}

interface CanvasAndContext {
  canvas: { width: number; height: number } | null;
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
}

type RenderContext = NonNullable<Parameters<PDFPageProxy['render']>[0]['canvasContext']>;

interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(cc: CanvasAndContext): void;
}

/** Renders a page in grey on white at `scale` pixels per PDF unit. */
export async function renderPage(doc: PDFDocumentProxy, page: PDFPageProxy, scale: number): Promise<Rendered> {
  let viewport = page.getViewport({ scale });
  const pixels = viewport.width * viewport.height;
  if (pixels > MAX_PIXELS) {
    scale *= Math.sqrt(MAX_PIXELS / pixels);
    viewport = page.getViewport({ scale });
  }
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const factory = doc.canvasFactory as CanvasFactory;
  const cc = factory.create(width, height);
  try {
    const context = cc.context;
    if (!context) throw new Error('no canvas context');
    // canvasContext is typed as the DOM's CanvasRenderingContext2D, absent from this Node project's
    // lib (so an unresolved type to the linter); @napi-rs/canvas's context is pdf.js's own in Node.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
    await page.render({ canvas: null, canvasContext: context as RenderContext, viewport, background: 'white' }).promise;
    const rgba = context.getImageData(0, 0, width, height).data;
    const grey = new Uint8Array(width * height);
    for (let i = 0, o = 0; i < rgba.length; i += 4, o++) {
      // ITU-R BT.601 luma, in integers.
      grey[o] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
    }
    return { grey, width, height, scale };
  } finally {
    factory.destroy(cc);
  }
}

/** Operators a page that is only a scan may hold besides the one image it paints. */
const SCAN_ONLY_OPS = new Set<number>([
  OPS.save,
  OPS.restore,
  OPS.transform,
  OPS.dependency,
  OPS.beginMarkedContent,
  OPS.beginMarkedContentProps,
  OPS.endMarkedContent,
  OPS.paintFormXObjectBegin,
  OPS.paintFormXObjectEnd,
]);

/** Graphics state entries that leave an image's pixels as they are (line widths, dashes, ...). */
const NEUTRAL_GSTATE = new Set(['LW', 'LC', 'LJ', 'ML', 'D', 'RI', 'FL', 'Font', 'SA', 'OP', 'op', 'OPM']);

function neutralGState(args: unknown[] | null): boolean {
  const entries = args?.[0];
  if (!Array.isArray(entries)) return false;
  return entries.every((entry) => {
    const [key, value] = Array.isArray(entry) ? (entry as unknown[]) : [];
    if (typeof key !== 'string') return false;
    if (key === 'SMask') return value === false;
    if (key === 'CA' || key === 'ca') return value === 1;
    if (key === 'BM') return value === 'source-over';
    return NEUTRAL_GSTATE.has(key);
  });
}

/** How far (PDF units) the image's edges may be from the page's for it to count as the page. */
const EDGE_SLACK = 0.01;
/** How far (pixels) the image's height may be from the page's at the image's horizontal scale. */
const PIXEL_SLACK = 0.05;

interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/**
 * A page that is one upright image over the whole page and nothing else (a scanner's or img2pdf's
 * output), in grey at the image's own resolution, straight from the image pdf.js decoded for the
 * page's operator list: no canvas, no RGBA copy of it (rendering such a page held ~4x its pixels
 * in native memory). Undefined for any other page (an image drawn turned, smaller or under text,
 * a mask, a resolution `renderScale` would change, a rotated page): those are rendered.
 */
export async function scanImage(page: PDFPageProxy): Promise<Rendered | undefined> {
  if (page.rotate % 360 !== 0) return undefined;
  const ops = await page.getOperatorList();
  const t = transforms();
  let found: { id: string; ctm: Matrix } | undefined;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]!;
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.paintImageXObject) {
      if (found || typeof args?.[0] !== 'string') return undefined;
      found = { id: args[0], ctm: t.ctm };
    } else if (fn === OPS.setGState) {
      if (!neutralGState(args)) return undefined;
    } else if (!SCAN_ONLY_OPS.has(fn)) return undefined;
    else follow(t, fn, args);
  }
  if (!found) return undefined;
  const [a, b, c, d, e, f] = found.ctm;
  const [vx0 = 0, vy0 = 0, vx1 = 0, vy1 = 0] = page.view;
  // Upright (no turn, no mirror) and edge to edge with the page.
  if (b !== 0 || c !== 0 || a <= 0 || d <= 0) return undefined;
  if (
    Math.abs(e - vx0) > EDGE_SLACK ||
    Math.abs(f - vy0) > EDGE_SLACK ||
    Math.abs(e + a - vx1) > EDGE_SLACK ||
    Math.abs(f + d - vy1) > EDGE_SLACK
  )
    return undefined;
  const pool = found.id.startsWith('g_') ? page.commonObjs : page.objs;
  if (!pool.has(found.id)) return undefined;
  const img = pool.get(found.id) as DecodedImage | null;
  if (!img?.data || !(img.width > 0 && img.height > 0)) return undefined;
  const { width: w, height: h, data } = img;
  const scale = w / a;
  // Square pixels at a resolution rendering would keep (so every image pixel is one page pixel),
  // and the page at that scale no larger than renderPage allows.
  if (Math.abs(d * scale - h) > PIXEL_SLACK || renderScale(scale) !== scale) return undefined;
  const viewport = page.getViewport({ scale });
  // The size renderPage gives the page: the image, and a white row or column where the page's size
  // in pixels rounds up. Tesseract then sees exactly the pixels it saw from the rendered page.
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  if (width * height > MAX_PIXELS || width - w > 1 || height - h > 1 || width < w || height < h) return undefined;
  const grey = new Uint8Array(width * height).fill(255);
  if (img.kind === 1) {
    // GRAYSCALE_1BPP: rows padded to a byte, a set bit is white.
    const rowBytes = (w + 7) >> 3;
    if (data.length < rowBytes * h) return undefined;
    for (let y = 0; y < h; y++) {
      const row = y * rowBytes;
      const o = y * width;
      for (let x = 0; x < w; x++) grey[o + x] = data[row + (x >> 3)]! & (128 >> (x & 7)) ? 255 : 0;
    }
  } else if (img.kind === 2 || img.kind === 3) {
    const n = img.kind === 2 ? 3 : 4;
    if (data.length < w * h * n) return undefined;
    for (let y = 0, i = 0; y < h; y++) {
      const o = y * width;
      for (let x = 0; x < w; x++, i += n) {
        // ITU-R BT.601 luma in integers, as renderPage; an alpha channel over white, as rendered.
        const luma = (data[i]! * 77 + data[i + 1]! * 150 + data[i + 2]! * 29) >> 8;
        const alpha = n === 4 ? data[i + 3]! : 255;
        grey[o + x] = alpha === 255 ? luma : (luma * alpha + 255 * (255 - alpha) + 127) / 255;
      }
    }
  } else return undefined;
  return { grey, width, height, scale };
}

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
): TextLine[] {
  const out: TextLine[] = [];
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

// ---- the engine: one per document worker thread, started on first use ----

let engine: { key: string; started: Promise<Engine> } | undefined;

function getEngine(languages: string[], dataDir?: string): Promise<Engine> {
  const key = `${languages.join('+')} ${dataDir ?? ''}`;
  if (engine?.key === key) return engine.started;
  void closeOcr();
  const started = startEngine(
    languages.map((code) => {
      const file = languageDataFile(code, dataDir);
      if (file === undefined) throw new Error(`no OCR data for ${code}`);
      return [code, file] as const;
    }),
  );
  ocrStats.enginesStarted++;
  engine = { key, started };
  started.catch(() => {
    if (engine?.started === started) engine = undefined;
  });
  return started;
}

/** Stops the engine of this thread (tests, benchmarks); the next OCR starts a new one. */
export async function closeOcr(): Promise<void> {
  clearTimeout(idleTimer);
  const e = engine;
  engine = undefined;
  (await e?.started.catch(() => undefined))?.end();
}

/**
 * How long the engine may sit without a page to read before it is stopped. Its WASM memory only
 * grows and a pool thread lives as long as the app, so an app that read one scan would otherwise
 * hold it for good. Stopped, the engine's memory goes with the thread's next garbage collection,
 * which an idle thread does not run: its next document frees it (app rss 203 MB ready, 289 MB
 * after a 3-page scan and still a minute later, 254 MB once collected, measured with a collection
 * forced after the stop). The next scan starts a new engine (under a second).
 */
export const ENGINE_IDLE_MS = 60_000;

let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** Pages read and engines started by this thread (tests: "no OCR work was done", "a new engine"). */
export const ocrStats = { pagesRead: 0, enginesStarted: 0 };

/** A pixel rectangle, y down, x1/y1 exclusive. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Side of the square cells in which `inkRegions` looks for ink, in pixels at 150 dpi. */
const CELL_AT_150 = 8;

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

/** Bound on the second-pass regions read on one page. */
const MAX_REGIONS = 24;

function crop(grey: Uint8Array, width: number, b: Box): Uint8Array {
  const w = b.x1 - b.x0;
  const out = new Uint8Array(w * (b.y1 - b.y0));
  for (let y = b.y0; y < b.y1; y++) out.set(grey.subarray(y * width + b.x0, y * width + b.x1), (y - b.y0) * w);
  return out;
}

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
): Promise<TextLine[]> {
  const engine = await getEngine(languages, dataDir);
  try {
    return readImage(engine, image, origin);
  } catch (err) {
    // A failure inside the engine (an image it could not take, a WebAssembly trap) may leave it
    // unusable: it is stopped, and the next page starts a new one.
    await closeOcr();
    throw err;
  }
}

function readImage(engine: Engine, image: Rendered, origin: readonly [number, number]): TextLine[] {
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

/**
 * Reads the pages that need it, in place: their lines are replaced by OCR lines. A page may need it
 * when it has little or no text (every page when forced); whether it does is decided from its
 * images (`pageImages`, `needsOcr`), which pdf.js decodes to list them. That is done for every such
 * page before any OCR work only when the answer depends on their number: with OCR off (the
 * skipped pages are counted) and with more of them than the page limit (a document with more pages
 * to read than the limit is refused before any OCR work). Otherwise each page is decided right
 * before it is read, from the same decoded image: one decode per page instead of two, and no
 * document's worth of decoded images waiting for the collector while the engine starts (peak rss
 * with a 20-page scan in flight, docs/benchmarks.md).
 */
export async function ocrPages(
  doc: PDFDocumentProxy,
  pages: PageText[],
  opts: OcrOptions,
  onStart?: () => void,
): Promise<OcrReport> {
  const force = opts.mode === 'force';
  const mayNeed = pages
    .map((page) => ({ page, chars: force ? 0 : textChars(page.lines) }))
    .filter(({ chars }) => force || chars < FEW_CHARS);
  const needs = (chars: number, images: PageImages) => force || needsOcr(chars, images.share);
  let todo = mayNeed;
  // Forced, every page is read: their number is known without looking.
  const upFront = !force && (opts.mode === 'off' || mayNeed.length > opts.maxPages);
  if (upFront) {
    todo = [];
    for (const p of mayNeed) {
      const proxy = await doc.getPage(p.page.number);
      try {
        if (needs(p.chars, await pageImages(proxy))) todo.push(p);
      } finally {
        proxy.cleanup();
      }
    }
    if (opts.mode === 'off') return { pages: 0, skipped: todo.length };
  }
  if (todo.length > opts.maxPages) throw documentError('document_ocr_limit', todo.length, opts.maxPages);
  let read = 0;
  let deadline: number | undefined;
  try {
    for (const { page, chars } of todo) {
      if (deadline !== undefined && Date.now() > deadline)
        throw documentError('document_timeout', opts.timeoutMs, 'ocr');
      const proxy = await doc.getPage(page.number);
      try {
        const images = await pageImages(proxy);
        if (!upFront && !needs(chars, images)) continue;
        if (deadline === undefined) {
          onStart?.();
          deadline = Date.now() + opts.timeoutMs;
          clearTimeout(idleTimer);
        }
        // scanImage reads the operator list pageImages had pdf.js make (cached until cleanup).
        const image = (await scanImage(proxy)) ?? (await renderPage(doc, proxy, renderScale(images.pxPerUnit)));
        // The decoded image pdf.js holds for the page is not needed while Tesseract reads.
        proxy.cleanup();
        const view = proxy.view;
        page.lines = await recognize(image, opts.languages, [view[0] ?? 0, view[1] ?? 0], opts.dataDir);
        read++;
      } finally {
        proxy.cleanup();
      }
    }
  } finally {
    if (deadline !== undefined) {
      idleTimer = setTimeout(() => void closeOcr(), opts.engineIdleMs ?? ENGINE_IDLE_MS);
      idleTimer.unref();
    }
  }
  if (deadline !== undefined && Date.now() > deadline) throw documentError('document_timeout', opts.timeoutMs, 'ocr');
  return { pages: read, skipped: 0 };
}

// A page as a grey image for the engine: rendered by pdf.js onto @napi-rs/canvas at the scan's own
// resolution, or, for a page that is only a scan, taken straight from the image pdf.js decoded.
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.d.ts';
import type { GreyImage } from './engine.ts';
import { follow, transforms, type Matrix, type OperatorCodes } from './operators.ts';

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
const scanOnlyOps = (ops: OperatorCodes) =>
  new Set<number>([
    ops.save,
    ops.restore,
    ops.transform,
    ops.dependency,
    ops.beginMarkedContent,
    ops.beginMarkedContentProps,
    ops.endMarkedContent,
    ops.paintFormXObjectBegin,
    ops.paintFormXObjectEnd,
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
 * page's operator list: no canvas, no RGBA copy of it, the native memory rendering such a page
 * holds several times over (docs/benchmarks.md, OCR). Undefined for any other page (an image
 * drawn turned, smaller or under text, a mask, a resolution `renderScale` would change, a rotated
 * page): those are rendered.
 */
export async function scanImage(page: PDFPageProxy, ops: OperatorCodes): Promise<Rendered | undefined> {
  if (page.rotate % 360 !== 0) return undefined;
  const scanOnly = scanOnlyOps(ops);
  const list = await page.getOperatorList();
  const t = transforms();
  let found: { id: string; ctm: Matrix } | undefined;
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i]!;
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === ops.paintImageXObject) {
      if (found || typeof args?.[0] !== 'string') return undefined;
      found = { id: args[0], ctm: t.ctm };
    } else if (fn === ops.setGState) {
      if (!neutralGState(args)) return undefined;
    } else if (!scanOnly.has(fn)) return undefined;
    else follow(t, ops, fn, args);
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

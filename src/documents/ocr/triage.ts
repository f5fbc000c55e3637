// Page triage: whether a page lacks a usable text layer and must be read with OCR, from its
// letters and digits and the share of the page its largest image covers.
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.d.ts';
import { follow, transforms, type OperatorCodes } from './operators.ts';
import { countAlnum } from '../page-turns.ts';

/** Letters and digits on a page below which its text layer may be only a stamp over a scan. */
export const FEW_CHARS = 40;
/** Share of the page an image must cover for a page with no text at all to be read. */
const IMAGE_SHARE_NO_TEXT = 0.25;
/** Share of the page an image must cover for a page with a few characters to be read. */
const IMAGE_SHARE_FEW_CHARS = 0.6;

/** A line set at least this share of the page's height is a title to be read, not a scanner's stamp. */
const TITLE_SHARE = 0.05;

/**
 * Whether a page lacks a usable text layer: no letters or digits over an image that covers a good
 * part of the page (a blank page or a vector drawing has nothing to read), or only a few
 * characters (a stamp, a page number, an OCR-less scanner's header) over a page-sized image. A few
 * characters set large (`largestSize`, the text layer's largest line size over the page's
 * `height`, at least TITLE_SHARE) are a title over a picture, a slide deck's or a report's cover,
 * and the text layer reads it exactly where OCR would misread it.
 */
export function needsOcr(chars: number, imageShare: number, largestSize = 0, height = 0): boolean {
  if (chars === 0) return imageShare >= IMAGE_SHARE_NO_TEXT;
  if (height > 0 && largestSize >= TITLE_SHARE * height) return false;
  return chars < FEW_CHARS && imageShare >= IMAGE_SHARE_FEW_CHARS;
}

/**
 * Whether a page's text layer is mostly noise: more of its characters were drawn in fonts whose
 * codes have no Unicode (`unmapped`, left out of its lines) than it has letters and digits left,
 * and enough of them to be text rather than a symbol or two. Such a page is read with OCR whatever
 * images it has: its text is drawn as glyphs (Type 3 bitmap fonts of dvips output, pdfjs.ts).
 */
export function unreadableText(chars: number, unmapped: number): boolean {
  return unmapped >= FEW_CHARS && unmapped > chars;
}

/** How far a page's letters and digits are counted for the triage (textChars): past its unmapped count. */
export const triageLimit = (unmapped: number): number => Math.max(FEW_CHARS, unmapped + 1);

/**
 * Whether OCR's triage looks at a page at all, from its letters and digits (counted up to
 * triageLimit) and its unmapped count: a page with few characters, or mostly unreadable text.
 */
export const mayNeedOcr = (chars: number, unmapped: number): boolean =>
  chars < FEW_CHARS || unreadableText(chars, unmapped);

/**
 * Letters and digits in a page's text layer, counted up to `limit` at least (the count stops at the
 * line that reaches it: a page of text is judged by its first lines, not counted through).
 */
export function textChars(lines: readonly { text: string }[], limit = Infinity): number {
  let n = 0;
  for (const l of lines) {
    if (n >= limit) break;
    n += countAlnum(l.text);
  }
  return n;
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
export async function pageImages(page: PDFPageProxy, ops: OperatorCodes): Promise<PageImages> {
  const list = await page.getOperatorList();
  const view = page.view;
  const pageArea = Math.abs(((view[2] ?? 0) - (view[0] ?? 0)) * ((view[3] ?? 0) - (view[1] ?? 0))) || 1;
  const t = transforms();
  let best: PageImages = { share: 0 };
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i]!;
    const args = list.argsArray[i] as unknown[] | null;
    if (follow(t, ops, fn, args)) continue;
    const ctm = t.ctm;
    if (fn === ops.paintImageXObject || fn === ops.paintInlineImageXObject || fn === ops.paintImageMaskXObject) {
      // The image is the unit square under the CTM: its area is |det|.
      const share = Math.min(1, Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) / pageArea);
      let widthPx: number | undefined;
      if (fn === ops.paintImageXObject) widthPx = typeof args?.[1] === 'number' ? args[1] : undefined;
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

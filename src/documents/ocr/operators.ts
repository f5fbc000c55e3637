// The transform a page's operators leave in force, followed through save/restore, cm and forms:
// how page triage sizes a page's images and how a scan-only page is recognised. The operator codes
// are pdf.js's (OPS), handed in by the format that opened the document.

/** The pdf.js operator codes OCR reads (pdf.js's OPS satisfies it). */
export interface OperatorCodes {
  save: number;
  restore: number;
  transform: number;
  dependency: number;
  setGState: number;
  beginMarkedContent: number;
  beginMarkedContentProps: number;
  endMarkedContent: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
}

export type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: readonly number[]): Matrix {
  const [a, b, c, d, e, f] = m;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = n;
  return [a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d, e2 * a + f2 * c + e, e2 * b + f2 * d + f];
}

export interface Transforms {
  ctm: Matrix;
  stack: Matrix[];
}

export const transforms = (): Transforms => ({ ctm: [1, 0, 0, 1, 0, 0], stack: [] });

/** Follows the current transform through one operator (save/restore, cm, forms); false when `fn` is none of those. */
export function follow(t: Transforms, ops: OperatorCodes, fn: number, args: unknown[] | null): boolean {
  if (fn === ops.save) t.stack.push(t.ctm);
  else if (fn === ops.restore) t.ctm = t.stack.pop() ?? t.ctm;
  else if (fn === ops.transform) {
    if (args) t.ctm = multiply(t.ctm, args as number[]);
  } else if (fn === ops.paintFormXObjectBegin) {
    t.stack.push(t.ctm);
    const m = args?.[0];
    if (Array.isArray(m) || ArrayBuffer.isView(m)) t.ctm = multiply(t.ctm, Array.from(m as ArrayLike<number>));
  } else if (fn === ops.paintFormXObjectEnd) t.ctm = t.stack.pop() ?? t.ctm;
  else return false;
  return true;
}

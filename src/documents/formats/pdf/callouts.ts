// Callouts: a number in a circle beside a code line (DocBook's <co/>, drawn by dblatex). LaTeX
// draws the circle as a glyph of its circle font (lcircle10), centred on the glyph's origin, and
// the number over it in a small size, a little raised. pdf.js hands them over as two items, the
// circle's glyph read as the letter of its code ("v", "y"), each off the code line's baseline:
// the line broke around them ('<tr bgcolor="blue"' / '7 v' / '>'). The pair is one circled
// number on the line it marks ('<tr bgcolor="blue" ⑦>'), as the page shows it.
import { styleFontName } from './drawing-fonts.ts';
import type { RawItem } from './types.ts';

/** LaTeX's circle fonts (and their wide variant), with or without a subset prefix. */
const CIRCLE_FONT = /^(?:[A-Z]{6}\+)?lcirclew?\d+$/i;

/** Does a font of this name (the PDF's BaseFont) draw circles? */
export function isCircleFont(name: string | undefined): boolean {
  return name !== undefined && CIRCLE_FONT.test(name);
}

/** Does a pdf.js text style (with the name pdfjs.ts adds) belong to a circle font? */
export function circleStyle(style: unknown): boolean {
  return isCircleFont(styleFontName(style));
}

/** The number inside is at most this share of the circle's size... */
const NUMBER_RATIO = 0.7;
/** ...and its centre within this share of the circle's width of the circle's centre. */
const CENTRE_SHARE = 0.35;

/** The circled form of a number: ⓪, ① to ⑳, else the number in brackets. */
export function circled(n: number): string {
  if (n === 0) return '\u24EA';
  if (n >= 1 && n <= 20) return String.fromCodePoint(0x2460 + n - 1);
  return `(${n})`;
}

/**
 * Items with each callout composed: a glyph of a circle font (`circles`) with a number of at
 * most two digits drawn inside it (centred on the glyph's origin, in a much smaller size) is one
 * item, the circled number, spanning the circle and standing on its lowest point, which is the
 * baseline of the line it marks. A circle with no number in it (a picture's circle) and a number
 * outside any circle stay as they are. Items keep their order; the composed one takes the
 * number's place.
 */
export function composeCallouts<T extends RawItem>(items: T[], circles: ReadonlySet<T>): T[] {
  if (circles.size === 0) return items;
  const replaced = new Map<T, T>();
  const gone = new Set<T>();
  for (const c of circles) {
    const r = c.width / 2;
    if (c.str.trim().length !== 1 || r <= 0) continue;
    const inside = items.find((it) => {
      if (circles.has(it) || replaced.has(it) || gone.has(it)) return false;
      const digits = it.str.trim();
      if (!/^\d{1,2}$/.test(digits) || it.size > NUMBER_RATIO * c.size) return false;
      const w = (it.width * digits.length) / Math.max(1, it.str.length);
      const cx = it.x + w / 2;
      // A digit's middle is about a third of its size over its baseline.
      const cy = it.y + it.size / 3;
      return Math.abs(cx - c.x) <= CENTRE_SHARE * c.width && Math.abs(cy - c.y) <= CENTRE_SHARE * c.width;
    });
    if (!inside) continue;
    replaced.set(inside, {
      ...inside,
      str: circled(Number(inside.str.trim())),
      x: c.x - r,
      width: c.width,
      y: c.y - r,
      size: c.width,
      font: c.font,
      mono: c.mono,
    });
    gone.add(c);
  }
  if (gone.size === 0) return items;
  return items.filter((it) => !gone.has(it)).map((it) => replaced.get(it) ?? it);
}

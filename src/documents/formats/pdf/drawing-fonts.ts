// Fonts that draw pictures, not text. TeX draws diagrams with glyphs: xy-pic's arrows, arrowheads,
// dashes and circles (xyatip10, xybtip10, xydash10, xyline10, xycirc10...) and the picture
// environment's slanted lines (line10, linew10) are fonts whose glyphs are strokes, set one after
// another along each line of the figure. Their codes are ASCII letters, so pdf.js hands a diagram
// over as letters ("rr rr rr", "llllllllll"), read among its labels as words nobody wrote
// ("Khether B llllllllll G A rr rr rr Binah"). Text in those fonts is left out; the labels, in
// the document's text fonts, stay. LaTeX's circle fonts (lcircle10, lcirclew10) are not among
// them: besides the picture environment's circles they draw the circle of a circled number, a
// DocBook callout beside a code line (dblatex), whose glyph keeps the number apart from the code
// line it marks (left out, the number joins the line and the listing is no longer the code).

/**
 * xy-pic's fonts (xy + a family letter or two + a shape, point size), the picture environment's
 * line and circle fonts (and their wide variants), with or without a subset prefix ("ABCDEF+").
 * xy-pic's Type 1 fonts may also carry a weight instead of the size ("XYDASH-Medium", "XYCIRC-Medium":
 * the names a font converted from METAFONT takes); "xy" and one of those shapes names no text font.
 * The picture environment's fonts keep their size: "Line-Regular" could be a text font's name.
 * MusiXTeX's note fonts (musix11...musix29) and slur fonts (xslz20, xslhu16...), whose glyphs are
 * note heads, stems, flags, beams and slurs at letter codes ("ˇ ˇ 4ˇ 6ˇ", "G2 2 24"), as their
 * Type 1 conversions name them too ("TeXMUSIX20-Regular", "TeXXSLZ20-Regular"): a score is a
 * picture; its words (title, lyrics) are set in the text fonts.
 */
const DRAWING_FONT =
  /^(?:[A-Z]{6}\+)?(?:xy(?:atip|btip|bsql|circ|cmat|cmbt|dash|euat|eubt|line|qc)(?:\d+|-(?:medium|regular|roman|normal))|(?:line|linew)\d+|(?:tex)?(?:musix|xsl[a-z]{0,3})\d+(?:-(?:medium|regular|roman|normal))?)$/i;

/** Does a font of this name (pdf.js's Font.name: the PDF's BaseFont) draw strokes of a figure rather than text? */
export function isDrawingFont(name: string | undefined): boolean {
  return name !== undefined && DRAWING_FONT.test(name);
}

/** The font name of a pdf.js text style (textContent.styles[fontName]: the name pdfjs.ts adds), if any. */
export function styleFontName(style: unknown): string | undefined {
  if (typeof style !== 'object' || style === null) return undefined;
  const name = (style as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

/** Does a pdf.js text style belong to a drawing font? */
export function drawingStyle(style: unknown): boolean {
  return isDrawingFont(styleFontName(style));
}

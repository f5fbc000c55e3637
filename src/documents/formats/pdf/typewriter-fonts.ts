// Typewriter fonts known by name. pdf.js calls a font monospaced from its FontDescriptor's
// FixedPitch flag or from glyph widths all alike; Ghostscript's conversions of TeX's Type 1 fonts
// (dvips, then ps2pdf) show neither: its CMTT9 is flagged symbolic only, and its Widths give 535 to
// the glyphs the subset holds and 525 (its MissingWidth) to the others. Every listing of such a
// document was read as prose, its lines run into paragraphs (rrgtrees: `\CLAUSE{ \CORE{
// \OPR{2}{the} ...`). TeX's typewriter families are typewriter whatever their flags say. Pure.

/**
 * TeX's typewriter faces (Computer Modern's cmtt, cmsltt, cmitt and cmbtt at each design size; the
 * EC and TC fonts' ectt, tctt and their slanted and italic shapes; cm-super's sftt family; Latin
 * Modern's lmtt and LMMono; newtx's txtt, t1xtt, t1xbtt, tcxtt; CSfonts' cstt), Courier and its
 * clones, and families named Mono (DejaVuSansMono, LiberationMono, FiraMono: `Mono-` or `Mono` at
 * the end, never Monotype), with or without a subset prefix ("ABCDEF+").
 */
const TYPEWRITER_FONT =
  /^(?:[A-Z]{6}\+)?(?:cm(?:sl|i|b)?tt\d+|e(?:c|s|i)?tt\d+|tc(?:s|i)?tt\d+|sf(?:sl|it|tc|bx|st)?tt\d+|lmtt\d+|lmmono|(?:t1x|tx|tcx)b?tt|cs(?:sl)?tt\d+|courier|nimbusmon|[a-z]*mono(?:-|$))/i;

/** Is a font of this name (pdf.js's Font.name: the PDF's BaseFont) a typewriter face? */
export function isTypewriterFont(name: string | undefined): boolean {
  return name !== undefined && TYPEWRITER_FONT.test(name);
}

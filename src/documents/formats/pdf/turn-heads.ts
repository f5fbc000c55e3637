// A page or column turn inside a sentence: the line at the next page's top goes on the paragraph
// when it opens in lower case (extract.ts). A title set larger than the text is no such line,
// whatever its case: a gdoc manual's function heading "idn2_lookup_u8" (13.1 over the text's 10.9)
// at a page's top after "Since: 2.0.0" read "Since: 2.0.0 idn2_lookup_u8".

/** A line this much over the body's size and the line before is set in a title's type. */
const LARGER = 1.1;

/**
 * Is a line at `size`, first after a page or column turn, set larger than the line before the
 * turn (`aboveSize`) and the document's body (`bodySize`), so that it opens a block of its own?
 */
export function largerAfterTurn(size: number, aboveSize: number, bodySize: number): boolean {
  return size > aboveSize * LARGER && size > bodySize * LARGER;
}

/**
 * Does the line first after a page or column turn open a block, whatever its case: set larger
 * than the text (largerAfterTurn), or after a footnote (`aboveInNote`: the paragraph before the
 * turn opened with a footnote's mark at the page's foot). A footnote ends at its page's foot; the
 * next page's first line goes on the text the footnote cut (footnotes.ts), never the note (lshort's
 * "6 This is the case of any Unix system ... Real men use Unix" ran into "lets you convert ...").
 */
export function opensAfterTurn(size: number, aboveSize: number, bodySize: number, aboveInNote: boolean): boolean {
  return aboveInNote || largerAfterTurn(size, aboveSize, bodySize);
}

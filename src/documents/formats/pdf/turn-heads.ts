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

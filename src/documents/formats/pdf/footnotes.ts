// Footnotes at a page's foot (LaTeX's \footnote, Texinfo's @footnote): set smaller than the text
// above them, each opening with its mark ("1 The package has a long history."). They are read as
// paragraphs of their own where they stand, between the text above them and the next page's (the
// order pdftotext and the order measure read; moving them after the sentence the page turn cut
// reads better by eye but counts as out of order: docs/chunk-quality.md, branch papers25), and
// end at their page's foot (turn-heads.ts opensAfterTurn).

/** A footnote's type against the text's: \footnotesize under \normalsize is 0.8 to 0.83. */
const NOTE_SIZE = 0.9;
/**
 * A footnote's mark at its first line's start: a number of up to three digits, or a symbol of the
 * footnote series, then its text, opening with a letter, a quotation mark or a bracket: not a
 * punctuation mark or a further digit (a references list's wrapped date in a smaller type,
 * "10, 2010. https://ctan.org/pkg/drs.", "2017. https://..."), nor a relation (a sum's limits
 * under its sign, "1≤i≤j≤n").
 */
const NOTE_MARK = /^(?:\d{1,3}(?!\d)|[*∗†‡§¶‖])\s?[\p{L}"'“‘«(\[]/u;

/**
 * Does a line (`text`, at `size`) open a footnote under the text (the line above at `aboveSize`,
 * the document's body at `bodySize`)? Its type is smaller than both, and it opens with a mark.
 * A smaller line without one (a caption's second line, a wrapped footnote's next line) is not a
 * new footnote.
 */
export function opensFootnote(text: string, size: number, aboveSize: number, bodySize: number): boolean {
  return size < aboveSize * NOTE_SIZE && size < bodySize * NOTE_SIZE && NOTE_MARK.test(text);
}

// A value merged down over several rows (HTML rowspan, Word vMerge, OpenDocument
// number-rows-spanned): the page shows it once, beside every row it spans, and each of those rows
// reads with it ("Fruit | Pear | 2" under "Fruit" merged over Apple and Pear). A table is read one
// line per row and may be cut between chunks, so a row line stands alone for retrieval only with
// the value repeated: a spanned value that reads as a label (a name, a number, a category, up to
// a line of text) is repeated on each row it spans; a longer one (a paragraph merged beside
// several rows) stays on its first row, so that its text is not multiplied, and the rows below
// keep an empty cell in its place. The same rule in the HTML, Word and OpenDocument readers.

/** The longest value repeated on the rows it spans: one line of text. */
export const SPANNED_LABEL_MAX = 80;

/** What a value merged over rows reads as on the rows below its first: itself if a label, else ''. */
export function spannedValue(text: string): string {
  const t = text.trim();
  return t.length <= SPANNED_LABEL_MAX ? t : '';
}

/** A column covered by a cell merged down from an earlier row: rows still covered, and what they read. */
export interface RowSpan {
  rows: number;
  text: string;
  header: boolean;
}

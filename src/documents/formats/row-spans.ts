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

/**
 * How a cell stands in a merge down the rows, as Word (`w:vMerge` restart / continue) and
 * PowerPoint (`rowSpan` > 1 on the first cell, `vMerge` on those under it) write it: 'none', the
 * first cell of a merge, or a cell continuing one (written in its place, its own text empty).
 */
export type VerticalMerge = 'none' | 'restart' | 'continue';

/**
 * The merges down a table's rows, per grid column: `read(col, merge, text)` is what the cell at
 * grid column `col` reads. Its own text unless it continues a merge; then the value the merge's
 * first cell gave that column where it is a label (spannedValue), else ''. A cell of no merge
 * ends the column's. One tracker per table (Word's and PowerPoint's readers); OpenDocument
 * writes covered cells and HTML row spans, which their readers place themselves.
 */
export class ColumnMerges {
  private values: string[] = [];

  read(col: number, merge: VerticalMerge, text: string): string {
    if (merge === 'continue') return this.values[col] ?? '';
    this.values[col] = merge === 'restart' ? spannedValue(text) : '';
    return text;
  }

  /** A new table: no column is merged. */
  clear(): void {
    this.values = [];
  }
}

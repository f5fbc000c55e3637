// A table's spacer columns: a column no row writes in (an indent or a gap between a term and its
// text, as groff -Thtml sets a man page's tagged paragraphs: "| -P | | Never follow ...") holds no
// value and stands under no header, so it gets no cell; the row reads as the page shows it
// ("-P | Never follow ..."). An empty cell in a column that some row writes in stays in place,
// so that values stay under their headers. Pure; one pass over the cells.

/** The indexes of the columns with text in some row, in order; undefined when every column has. */
export function writtenColumns(rows: readonly (readonly { text: string }[])[]): number[] | undefined {
  const written: boolean[] = [];
  let width = 0;
  for (const row of rows) {
    if (row.length > width) width = row.length;
    for (let i = 0; i < row.length; i++) if (!written[i] && row[i]!.text.trim().length > 0) written[i] = true;
  }
  const keep: number[] = [];
  for (let i = 0; i < width; i++) if (written[i]) keep.push(i);
  return keep.length === width ? undefined : keep;
}

/** A row's cells in the kept columns (writtenColumns); a row shorter than the table keeps what it has. */
export function keepColumns<T>(row: readonly T[], keep: readonly number[]): T[] {
  const out: T[] = [];
  for (const i of keep) if (i < row.length) out.push(row[i]!);
  return out;
}

/**
 * A table's row blocks, once the table has ended, without its spacer columns (writtenColumns):
 * each row's cells and the text the chunker reads (`a | b`) are rewritten in place. `others`:
 * the cells of the table's rows read as blocks (a cell of code), which write in their columns too.
 */
export function dropSpacerColumns<C extends { text: string }>(
  rows: readonly { text: string; cells?: readonly C[] }[],
  others: readonly (readonly { text: string }[])[] = [],
): void {
  const keep = writtenColumns([...rows.map((b) => b.cells ?? []), ...others]);
  if (!keep) return;
  for (const b of rows) {
    const cells = keepColumns(b.cells ?? [], keep);
    b.cells = cells;
    b.text = cells.map((c) => c.text).join(' | ');
  }
}

// Tables set as a grid of boxes, not `<table>`: Javadoc (JDK 16 and later) writes every summary
// (fields, constructors, methods, a package's classes) as `div.summary-table.three-column-summary`
// whose children are the cells in reading order, `div.table-header` first, then `div.col-first`,
// `div.col-second`, `div.col-last` ..., the rows only by CSS's grid. Read as blocks, each cell
// was a line of its own ("static final char" / "CR" / "Carriage return character ..."): the row
// shredded. Pure.

/** The class of a grid table's box (Javadoc's summary tables). */
const GRID_TABLE = /^summary-table$/;

/** The column count a grid table's class names ("two-column-summary" ... "five-column-summary"). */
const COLUMNS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5 };

const classes = (attrs: Record<string, string>) => (attrs.class ?? '').toLowerCase().split(/\s+/);

/** Is the element a table set as a grid of boxes (GRID_TABLE)? */
export function isGridTable(name: string, attrs: Record<string, string>): boolean {
  // Asked of every element: no split of its class unless it can name one.
  return name === 'div' && /summary-table/i.test(attrs.class ?? '') && classes(attrs).some((c) => GRID_TABLE.test(c));
}

/** The columns a grid table's class names, if it names them ("three-column-summary": 3). */
export function gridColumns(attrs: Record<string, string>): number | undefined {
  for (const c of classes(attrs)) {
    const m = /^(two|three|four|five)-column-summary$/.exec(c);
    if (m) return COLUMNS[m[1]!];
  }
  return undefined;
}

/**
 * What a box right inside a grid table is: a header cell (`table-header`), a cell (`col-first`,
 * `col-second`, `col-last`, `col-constructor-name`, `col-summary-item-name` ...), or nothing of
 * the grid (undefined: read as any box).
 */
export function gridCell(name: string, attrs: Record<string, string>): 'header' | 'cell' | undefined {
  if (name !== 'div') return undefined;
  const cs = classes(attrs);
  if (cs.includes('table-header')) return 'header';
  return cs.some((c) => /^col-[a-z-]+$/.test(c)) ? 'cell' : undefined;
}

/**
 * Does a cell opening in a grid table start a new row? `columns`: the grid's column count, known
 * from its class (gridColumns) or from its header cells once the first data cell comes (undefined
 * until then); `inRow`: the cells of the running row; `header`: the opening cell is a header cell.
 * The first data cell after the header cells ends the header row; a row ends when it holds
 * `columns` cells.
 */
export function startsGridRow(columns: number | undefined, inRow: number, header: boolean): boolean {
  if (inRow === 0) return false;
  if (columns === undefined) return !header;
  return inRow >= columns;
}

// Tables drawn cell by cell. LaTeX sets a cell of a p{} or X column as a paragraph of its own and
// draws a row one cell after the other: a wrapped cell's lines top to bottom, then the next cell's
// from the row's top again, to the right of it. Read in the stream's order such a table came out a
// cell a paragraph, its rows lost ("index of previous LuaLaTeX run / will be printed / index of
// current LuaLaTeX run will / be printed"): tables.ts finds a table in lines that go down the page,
// which these do not. Here a run of rows, each a band of lines that goes down, comes back up to the
// band's top right of all it drew (the next cell) and down again, is read as the table it is: each
// cell's lines joined as a paragraph's are, the cells in column order. Pure; the table of tests is
// test/documents/formats/pdf/cell-rows.test.ts.
import { joinLines, normalizeLine } from './clean.ts';
import type { LinePiece, TextLine } from './types.ts';

/** Baselines this close (em) are one. */
const SAME_BASELINE_EM = 0.35;
/** A cell's lines, and a row's top under the row above, are no further apart than this (em; tables.ts's too). */
const MAX_PITCH_EM = 3;
/** Sizes within this share of a run's first line's are the table's: a heading is larger (tables.ts's too). */
const SIZE_TOLERANCE = 0.2;

/** A band of lines read as one row: [start, end) in the page's lines, its cells left to right. */
export interface CellBand {
  start: number;
  end: number;
  cells: { x: number; xEnd: number; text: string }[];
  /** Times the stream came back up to the band's top for its next cell. */
  returns: number;
  /** The band's first and lowest baselines. */
  top: number;
  low: number;
}

/** A row as tables.ts reads one (its TableRow): its cells in column order, the lines it spans. */
export interface CellRow {
  cells: string[];
  lines: TextLine[];
}

/** A table read from bands: [start, end) in the page's lines, its rows. */
export interface CellRun {
  start: number;
  end: number;
  rows: CellRow[];
}

/** A line's parts between gaps of at least `gutter` em: cells one line drew side by side. */
function partsOf(l: TextLine, gutter: number): LinePiece[] {
  const out: LinePiece[] = [];
  for (const p of l.pieces ?? [{ text: l.text, x: l.x, xEnd: l.xEnd }]) {
    const last = out.at(-1);
    if (last && p.x - last.xEnd < gutter * l.size)
      out[out.length - 1] = { ...last, text: `${last.text} ${p.text}`, xEnd: p.xEnd };
    else out.push({ ...p });
  }
  return out;
}

/** A cell opened by a line's part: its extent, its text as a line's is read. */
const cellOf = (p: LinePiece) => ({ x: p.x, xEnd: p.xEnd, text: normalizeLine(p.text).trim() });

/**
 * The band of lines opening at `start`: its first line's parts are cells; a line below the one
 * before, starting where the last cell starts, is that cell's next line; a line back up on the
 * band's first baseline, starting a gutter (`gutter` em: tables.ts's GUTTER_EM) right of all the
 * band drew, opens its next cells. The band ends at the first line that is none of these, or in
 * typewriter. Undefined at a line of a tagged run or in typewriter.
 */
export function cellBand(lines: readonly TextLine[], start: number, gutter: number): CellBand | undefined {
  const first = lines[start]!;
  if (first.tag || first.mono) return undefined;
  const size = first.size;
  const near = SAME_BASELINE_EM * size;
  const cells = partsOf(first, gutter).map(cellOf);
  let returns = 0;
  let low = first.y;
  let prev = first;
  let k = start + 1;
  for (; k < lines.length; k++) {
    const l = lines[k]!;
    // A line in typewriter is code (an example's source beside its result, a cell of error
    // terms), read as the stream sets it, as tables.ts leaves such lines out of its tables.
    if (l.tag || l.mono || Math.abs(l.size - size) > SIZE_TOLERANCE * size) break;
    const parts = partsOf(l, gutter);
    const last = cells.at(-1)!;
    if (l.y > prev.y + near) {
      if (Math.abs(l.y - first.y) > near) break;
      const right = Math.max(...cells.map((c) => c.xEnd));
      if (parts[0]!.x < right + gutter * size) break;
      cells.push(...parts.map(cellOf));
      returns++;
    } else if (prev.y - l.y > near && prev.y - l.y <= MAX_PITCH_EM * size) {
      if (parts.length !== 1 || Math.abs(parts[0]!.x - last.x) > near) break;
      last.text = joinLines(last.text, cellOf(parts[0]!).text);
      last.xEnd = Math.max(last.xEnd, parts[0]!.xEnd);
    } else break;
    low = Math.min(low, l.y);
    prev = l;
  }
  return { start, end: k, cells, returns, top: first.y, low };
}

/**
 * The columns of a run of bands: the spans their cells cover, overlapping spans one column. Each
 * band's cells must fall in distinct columns, left to right, and each column hold text in two
 * bands or more; undefined where they do not (a cell across two columns, a band of prose, a
 * drawing's labels), or where fewer than two columns come out.
 */
export function bandColumns(bands: readonly CellBand[]): number[][] | undefined {
  const spans = bands.flatMap((b) => b.cells.map((c) => [c.x, c.xEnd] as [number, number])).sort((p, q) => p[0] - q[0]);
  const columns: [number, number][] = [];
  for (const [a, b] of spans) {
    const last = columns.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else columns.push([a, b]);
  }
  if (columns.length < 2) return undefined;
  const out: number[][] = [];
  const filled = new Array<number>(columns.length).fill(0);
  for (const b of bands) {
    const cols = b.cells.map((c) => columns.findIndex(([a, e]) => c.x >= a && c.x <= e));
    if (cols.some((c, i) => i > 0 && c <= cols[i - 1]!)) return undefined;
    for (const c of cols) filled[c]!++;
    out.push(cols);
  }
  // A column with text in one row only is no column (a drawing's labels beside a line of text,
  // a tree's nodes): every column holds text in two rows or more, as tables.ts asks of its own.
  return filled.every((n) => n >= 2) ? out : undefined;
}

/**
 * The page's tables drawn cell by cell: runs of two bands (rows) or more, one under the other,
 * in one size, each of two cells or more, the stream back up to a band's top in one of them at
 * least (else tables.ts reads the rows as they stand), their cells in columns (bandColumns). Each
 * row's cells in column order, an empty one where a row has none. `gutter`: the narrowest gutter
 * between two columns, in em (tables.ts's GUTTER_EM).
 */
export function cellRuns(lines: readonly TextLine[], gutter: number): CellRun[] {
  // A page whose stream never goes back up to the right has none: most pages.
  if (!lines.some((l, i) => i > 0 && l.y > lines[i - 1]!.y + SAME_BASELINE_EM * l.size && l.x > lines[i - 1]!.xEnd))
    return [];
  const runs: CellRun[] = [];
  for (let i = 0; i < lines.length; ) {
    const bands: CellBand[] = [];
    for (let k = i; k < lines.length; ) {
      const b = cellBand(lines, k, gutter);
      if (!b || b.cells.length < 2) break;
      const above = bands.at(-1);
      const size = lines[k]!.size;
      if (
        above &&
        (b.top > above.low - SAME_BASELINE_EM * size ||
          above.low - b.top > MAX_PITCH_EM * size ||
          Math.abs(size - lines[i]!.size) > SIZE_TOLERANCE * lines[i]!.size)
      )
        break;
      bands.push(b);
      k = b.end;
    }
    const columns = bands.length >= 2 && bands.some((b) => b.returns > 0) ? bandColumns(bands) : undefined;
    if (!columns) {
      i++;
      continue;
    }
    const n = Math.max(...columns.flat()) + 1;
    const rows = bands.map((b, r) => {
      const cells = new Array<string>(n).fill('');
      b.cells.forEach((c, k) => {
        cells[columns[r]![k]!] = c.text;
      });
      return { cells, lines: lines.slice(b.start, b.end) };
    });
    runs.push({ start: i, end: bands.at(-1)!.end, rows });
    i = bands.at(-1)!.end;
  }
  return runs;
}

// Tables of untagged PDFs, from geometry alone: a run of lines whose pieces (the runs of text
// between gaps wider than a word space, layout.ts) stay on either side of one or more empty
// vertical bands (gutters), line after line, is a table; its columns are the spans between the
// gutters. Ruled or not, left, centred or right aligned, a cell's text never crosses a gutter,
// where a paragraph's line does. The run is read row by row: each row one line, its cells in
// column order, a wrapped cell's lines joined, empty cells kept in place, the first row marked as
// the header when it is set in another font than the body (bold). A tagged PDF's tables come
// from its structure tree (struct.ts); these are the others.
import { heaviest } from '../../heaviest.ts';
import { joinLines, normalizeLine } from './clean.ts';
import type { LinePiece, Rule, RuledGrid, TextLine } from './types.ts';
import { CATEGORY_CELL } from './definitions.ts';
import { captioned, tagsBesideText } from './hanging.ts';
import { keepColumns, writtenColumns } from '../table-columns.ts';
import { headerBand } from './rules.ts';
import { cellRuns } from './cell-rows.ts';

/** Narrowest gutter between two columns, in em of the font size (a word space is under 0.5). */
export const GUTTER_EM = 0.9;
/** A table has at least this many lines with text in two or more of its columns... */
const MIN_TABLE_LINES = 3;
/** ...but one will do at the top of a page when the page before ended in a table (its rows go on). */
const MIN_CONTINUED_LINES = 1;
/** Lines further apart than this (em) are not one table's. */
const MAX_PITCH_EM = 3;
/** A gap wider than this many times the table's closest line pitch opens a new row. */
const ROW_GAP = 1.4;
/** Sizes within this share of the first line's are one table's (a heading is larger). */
const SIZE_TOLERANCE = 0.2;

/** A list item's label alone: a bullet, a dash, "1." "a)" "(iv)"; a column of them is a list, not a table. */
const LIST_LABEL = /^(?:[•●▪◦‣∙·○■□➢►✓✔–—*+-]|\(?(?:\d{1,3}|[a-z]|[ivxlcdm]{1,6})[.)])$/iu;
/** A page number (arabic or roman): a column of them ends a contents list, not a table. */
const PAGE_NUMBER = /^(?:\d{1,4}|[ivxlcdm]{1,7})$/i;
/** A section number ("3", "2.4.1", "A.2"): the first column of a contents list with numbers. */
const SECTION_NUMBER = /^(?:\d{1,3}|[A-Z])(?:\.\d{1,3})*\.?$/;

export interface Gutter {
  /** Left and right edges of the empty band. */
  a: number;
  b: number;
  /** Made by splitting a wider gutter at a piece inside it (fitGutters). */
  split?: boolean;
}

/** A run of lines read as a table: [start, end) in the page's lines, and its gutters, left to right. */
export interface TableRun {
  start: number;
  end: number;
  gutters: Gutter[];
  /** Rows of two cells whose second is set flush right across the gutter (flushRightCell). */
  flush?: ReadonlySet<TextLine>;
}

/** A line's pieces: its own when it has gaps wider than a word space, else the whole line. */
function piecesOf(l: TextLine): LinePiece[] {
  return l.pieces ?? [{ text: l.text, x: l.x, xEnd: l.xEnd }];
}

/** The gaps between a line's pieces at least GUTTER_EM wide: where its columns may part. */
function gapsOf(l: TextLine): Gutter[] {
  const ps = piecesOf(l);
  const out: Gutter[] = [];
  for (let i = 1; i < ps.length; i++) {
    const a = ps[i - 1]!.xEnd;
    const b = ps[i]!.x;
    if (b - a >= GUTTER_EM * l.size) out.push({ a, b });
  }
  return out;
}

/**
 * The gutters narrowed so that no piece crosses one: a piece reaching into a gutter from its left
 * or right side narrows it, a piece inside one (a cell of a column whose first cell was empty, or
 * a short cell of a wide column) splits it, and a gutter stays while GUTTER_EM of it is left.
 * Null when a piece lies across a gutter of the table's first line, or leaves too little of it (a
 * line of text running over the columns: the table ended); a gutter that a split made and a
 * later line covers was no gutter (the short cell's column is wider) and goes.
 */
export function fitGutters(gutters: readonly Gutter[], pieces: readonly LinePiece[], size: number): Gutter[] | null {
  const min = GUTTER_EM * size;
  let out: Gutter[] = gutters.map((g) => ({ ...g }));
  for (const p of pieces) {
    const next: Gutter[] = [];
    for (const g of out) {
      let kept: Gutter[];
      if (p.xEnd <= g.a || p.x >= g.b) kept = [g];
      else if (p.x <= g.a && p.xEnd >= g.b) kept = [];
      else if (p.x <= g.a) kept = [{ ...g, a: p.xEnd }];
      else if (p.xEnd >= g.b) kept = [{ ...g, b: p.x }];
      else
        kept = [
          { a: g.a, b: p.x, split: true },
          { a: p.xEnd, b: g.b, split: true },
        ];
      kept = kept.filter((h) => h.b - h.a >= min);
      if (kept.length === 0 && !g.split) return null;
      next.push(...kept);
    }
    out = next;
  }
  return out;
}

/** The column (0-based) a piece sits in, between the gutters. */
function columnOf(p: LinePiece, gutters: readonly Gutter[]): number {
  let k = 0;
  while (k < gutters.length && p.x >= gutters[k]!.a) k++;
  return k;
}

/** A run takes a row with a flush-right cell (flushRightCell) once it has this many rows with a cell each side of its gutter. */
const FLUSH_AFTER_ROWS = 2;
/** How far (points) lines may end apart and still end at one right edge. */
const EDGE_SLACK = 1;
/** A right edge is where this many lines of the page end, or more. */
const EDGE_LINES = 3;

/**
 * The x where EDGE_LINES or more of the page's lines end (within EDGE_SLACK of one another): the
 * right edges of its columns, where a justified paragraph's lines and flush-right cells end.
 */
export function rightEdges(lines: readonly Pick<TextLine, 'xEnd'>[]): number[] {
  return clusters(
    lines.map((l) => l.xEnd),
    EDGE_LINES,
  ).map(([, last]) => last);
}

/**
 * The runs of `values` (sorted) within EDGE_SLACK of a run's first value that hold `min` values or
 * more, each as its first and last value: where lines end or pieces start alike.
 */
function clusters(values: number[], min: number): [number, number][] {
  const xs = values.sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (let i = 0; i < xs.length; ) {
    let j = i;
    while (j + 1 < xs.length && xs[j + 1]! - xs[i]! <= EDGE_SLACK) j++;
    if (j - i + 1 >= min) out.push([xs[i]!, xs[j]!]);
    i = j + 1;
  }
  return out;
}

/**
 * Is a line of a two-column table a row whose second cell is set flush right across the gutter?
 * A reference card sets a command at a tab stop, or, when it is too long for the room there, flush
 * right against the column's edge (TeX's `\hfill`), so that it starts left of the tab stop, into
 * the gutter or across it, a description long enough leaving only a little space before it ("real
 * precision / bit precision of x  precision(x), bitprecision(x)"). Such a line's first piece (the
 * description) starts left of the gutter and ends before the second column's left side; the rest
 * (the command, in pieces where a typewriter face's spaces are wider than a word space) reaches
 * into the gutter or over it, holds no gap a gutter wide, and ends at a right edge of the page's
 * (`edges`, rightEdges). A justified line of prose or code, its words spread wide, runs on over
 * the gutter or has wide gaps all along; a table of three columns or more is no card.
 */
export function flushRightCell(
  pieces: readonly LinePiece[],
  gutters: readonly Gutter[],
  edges: readonly number[],
  size: number,
): boolean {
  if (gutters.length !== 1 || pieces.length < 2) return false;
  const g = gutters[0]!;
  const end = pieces.at(-1)!.xEnd;
  if (!edges.some((x) => Math.abs(x - end) <= EDGE_SLACK)) return false;
  if (pieces[0]!.x >= g.a || pieces[0]!.xEnd > g.b || pieces[1]!.x >= g.b) return false;
  for (let i = 2; i < pieces.length; i++) if (pieces[i]!.x - pieces[i - 1]!.xEnd >= GUTTER_EM * size) return false;
  return true;
}

/**
 * Is a line set mostly in a typewriter face a description with its command (a reference card's
 * row, "current dynamic precision  getlocalprec, getlocalbitprec") rather than code? It opens in
 * a proportional face (layout.ts monoStart) with a word, and has pieces: a listing's line opens in
 * its own face, a numbered one with a number (doc.sty's `3 \usepackage[T1]{fontenc}`, its
 * comment at a tab stop beside it, is a line of code, not a row).
 */
export function describesCode(l: Pick<TextLine, 'mono' | 'monoStart' | 'pieces'>): boolean {
  return (
    l.mono &&
    l.monoStart === false &&
    l.pieces !== undefined &&
    /\p{L}{2}/u.test(l.pieces[0]!.text) &&
    !NUMBERED_LINE.test(l.pieces[0]!.text)
  );
}

/** A numbered listing's line: its number, in the text face, then its code (`3 \usepackage[T1]{fontenc}`). */
const NUMBERED_LINE = /^\d+\s/;

/** The columns of a line's pieces: between the gutters; on a row with a flush-right cell (`flush`), its first piece and the rest. */
function pieceColumns(l: TextLine, gutters: readonly Gutter[], flush = false): number[] {
  return piecesOf(l).map((p, i) => (flush ? Math.min(i, 1) : columnOf(p, gutters)));
}

/** A tab stop is where this many lines of the page, or more, set a piece after a gap (within EDGE_SLACK). */
const TAB_LINES = 8;
/** Two lines with cells make a table when their second column starts at a tab stop (tabbedPair). */
const PAIR_LINES = 2;

/**
 * The x where TAB_LINES or more of the page's lines start a piece other than their first (within
 * EDGE_SLACK of one another): the tab stops its tables set their columns at. A reference card sets
 * every command of a column at one tab stop, dozens of lines.
 */
export function tabStops(lines: readonly Pick<TextLine, 'pieces'>[]): number[] {
  return clusters(
    lines.flatMap((l) => (l.pieces ?? []).slice(1).map((p) => p.x)),
    TAB_LINES,
  ).map(([first]) => first);
}

/**
 * Two lines of a two-column run that are a table though a table needs three (MIN_TABLE_LINES):
 * a reference card's section of two rows ("get/set random seed  getrand, setrand(s)" under
 * "random integer/prime in [0, N [  random(N ), randomprime(N )"), whose second column starts at
 * one of the page's tab stops (`stops`, tabStops) on one line at least, as the card's other
 * tables' commands do. Null otherwise.
 */
export function tabbedPair(lines: readonly TextLine[], start: number, stops: readonly number[]): TableRun | null {
  if (stops.length === 0) return null;
  const run = tableRun(lines, start, PAIR_LINES);
  if (!run || run.gutters.length !== 1 || run.end - run.start !== PAIR_LINES) return null;
  const g = run.gutters[0]!;
  const tabbed = lines
    .slice(run.start, run.end)
    .some((l) => piecesOf(l).some((p) => p.x >= g.a && stops.some((x) => Math.abs(p.x - x) <= EDGE_SLACK)));
  return tabbed ? run : null;
}

/**
 * The run of lines from `start` that reads as a table, or null. `min`: the lines with text in two
 * columns or more it needs (MIN_TABLE_LINES; fewer where a table goes on from the page before).
 */
export function tableRun(
  lines: readonly TextLine[],
  start: number,
  min = MIN_TABLE_LINES,
  edges: readonly number[] = [],
): TableRun | null {
  const first = lines[start]!;
  if (!first.pieces || (first.mono && !describesCode(first)) || first.tag) return null;
  let gutters = gapsOf(first);
  if (gutters.length === 0) return null;
  let end = start + 1;
  const flush = new Set<TextLine>();
  // Lines with text on both sides of the gutters so far: the first has.
  let rows = 1;
  for (let j = start + 1; j < lines.length; j++) {
    const l = lines[j]!;
    const prev = lines[j - 1]!;
    // A line set in a typewriter face (code, a table of typewriter words) ends the table, but a
    // description beside its command (describesCode).
    if (l.tag || (l.mono && !describesCode(l))) break;
    const dy = prev.y - l.y;
    if (dy <= 0 || dy > MAX_PITCH_EM * Math.max(l.size, prev.size)) break;
    if (Math.abs(l.size - first.size) > SIZE_TOLERANCE * first.size) break;
    const next = fitGutters(gutters, piecesOf(l), first.size);
    // A second cell set flush right across the gutter: the row is the table's, its gutter stays,
    // once two rows at least have both cells beside it (a justified paragraph whose sentences part
    // wide has no such rows, however its lines end).
    const flushed = !next && rows >= FLUSH_AFTER_ROWS && flushRightCell(piecesOf(l), gutters, edges, first.size);
    if (!next && !flushed) break;
    // Rows read across one gutter are a card's: a line that splits it into two ends the card.
    if (next && flush.size > 0 && next.length !== gutters.length) break;
    if (flushed) flush.add(l);
    else {
      gutters = next!;
      if (new Set(piecesOf(l).map((p) => columnOf(p, gutters))).size >= 2) rows++;
    }
    end = j + 1;
  }
  const columnsOf = (l: TextLine) => pieceColumns(l, gutters, flush.has(l));
  // Columns that hold text on one line only are no columns: their gutter goes.
  const used = new Array<number>(gutters.length + 1).fill(0);
  for (let j = start; j < end; j++) {
    const cols = new Set(columnsOf(lines[j]!));
    for (const c of cols) used[c]!++;
  }
  gutters = gutters.filter((_, k) => used[k]! >= 2 && used[k + 1]! >= 2);
  if (gutters.length === 0) return null;
  // Drop trailing lines in the first column alone that open no continued cell: the text after the table.
  let multi = 0;
  for (let j = start; j < end; j++) if (new Set(columnsOf(lines[j]!)).size >= 2) multi++;
  if (multi < min) return null;
  return { start, end, gutters, ...(flush.size > 0 ? { flush } : {}) };
}

/** A table row as read: its cells in column order (empty ones kept) and the lines it spans. */
export interface TableRow {
  cells: string[];
  lines: TextLine[];
  /** A ruled row whose cells are listings (cellListing): their lines, cell after cell, a blank line between. */
  code?: string[];
}

/**
 * The rows of a table run (`lines` its lines, `gutters` its columns' gutters). A line opens a row
 * when it is the first, when it follows a gap wider than ROW_GAP times the table's closest line
 * pitch, when it has text in the first column, or when it has text in a column the line before
 * left empty; otherwise each of its pieces continues the cell above it (a wrapped cell).
 */
export function tableRows(
  lines: readonly TextLine[],
  gutters: readonly Gutter[],
  flush?: ReadonlySet<TextLine>,
): TableRow[] {
  const n = gutters.length + 1;
  let pitch = Number.POSITIVE_INFINITY;
  for (let i = 1; i < lines.length; i++) {
    const dy = lines[i - 1]!.y - lines[i]!.y;
    if (dy > 0.5 * lines[i]!.size && dy < pitch) pitch = dy;
  }
  const rows: TableRow[] = [];
  let prevCols = new Set<number>();
  lines.forEach((l, i) => {
    const byCol: string[] = new Array<string>(n).fill('');
    const columns = pieceColumns(l, gutters, flush?.has(l));
    for (const [k, p] of piecesOf(l).entries()) {
      const c = columns[k]!;
      const t = normalizeLine(p.text).trim();
      if (t.length > 0) byCol[c] = byCol[c]!.length > 0 ? `${byCol[c]} ${t}` : t;
    }
    const cols = new Set(byCol.flatMap((t, c) => (t.length > 0 ? [c] : [])));
    const row = rows.at(-1);
    const opens =
      !row || lines[i - 1]!.y - l.y > ROW_GAP * pitch + 0.5 || cols.has(0) || [...cols].some((c) => !prevCols.has(c));
    if (opens) rows.push({ cells: byCol, lines: [l] });
    else {
      row.lines.push(l);
      row.cells = row.cells.map((t, c) => joinLines(t, byCol[c]!));
    }
    prevCols = cols;
  });
  return rows;
}

/**
 * Is the run a list (its first column list labels), a contents list (titles then page numbers,
 * section numbers before them or not), or definition lines (signatures, then only categories
 * such as "[Function]": definitions.ts joins them when they wrap)? Or are its rows mostly one cell each: cells set off their
 * row's baseline (centred vertically in a row of wrapped cells, an office suite's tables), which
 * geometry alone cannot put back in their rows; read as lines, their text keeps its order.
 */
export function notATable(rows: readonly TableRow[]): boolean {
  const filled = (r: TableRow) => r.cells.filter((t) => t.length > 0).length;
  if (rows.filter((r) => filled(r) >= 2).length * 2 < rows.length) return true;
  const col = (c: number) => rows.map((r) => r.cells[c] ?? '').filter((t) => t.length > 0);
  const firsts = col(0);
  if (firsts.length > 0 && firsts.every((t) => LIST_LABEL.test(t))) return true;
  const n = rows[0]?.cells.length ?? 0;
  const lasts = col(n - 1);
  // Texinfo's definition lines: a signature, its category flush right ("[Function]").
  if (n === 2 && lasts.length > 0 && lasts.every((t) => CATEGORY_CELL.test(t))) return true;
  if (lasts.length === 0 || !lasts.every((t) => PAGE_NUMBER.test(t))) return false;
  return n === 2 || (n === 3 && firsts.every((t) => SECTION_NUMBER.test(t)));
}

/** The font most of the lines are set in. */
function commonFont(lines: readonly TextLine[]): string | undefined {
  const count = new Map<string, number>();
  for (const l of lines) count.set(l.font, (count.get(l.font) ?? 0) + l.text.length);
  return heaviest(count);
}

/**
 * Is the first row the table's header? A row of one line, every cell filled, set in another font
 * than the rows below it (a bold header row), not in a typewriter face: a row whose command in a
 * typewriter face is most of its text (describesCode: a card's, a font sample's "Courier:  Now is
 * the time...") is a row like the others.
 */
export function headerRow(rows: readonly TableRow[]): boolean {
  const [head, ...body] = rows;
  if (!head || body.length === 0 || head.lines.length !== 1 || head.lines[0]!.mono) return false;
  if (head.cells.some((c) => c.length === 0)) return false;
  const font = commonFont(body.flatMap((r) => r.lines));
  return font !== undefined && head.lines[0]!.font !== font;
}

/** A rule spans a table when it reaches this far (pt) past or short of the table's text at both ends. */
const SPAN_SLACK = 3;
/** A rule over the header row stands within this many of its font sizes above the row's baseline. */
const OVER_HEAD_EM = 3;

/**
 * Is the first row the header of a table drawn with rules across it and none between its columns
 * (`rules`: the page's open rules, rules.ts openRules)? LaTeX's `\hline` over and under the
 * first row of a `{ll}` tabular, booktabs' `\toprule` and `\midrule`: a rule spanning the table
 * above its first row, one between its first and second rows, and rules between fewer than half
 * of the later rows' gaps (a ruled group or two; a table ruled under every row says nothing of its
 * header). The header's cells are all filled, as headerRow asks; set in the body's font, which
 * headerRow cannot tell from the rows below.
 */
export function ruledHeader(
  rows: readonly TableRow[],
  rules: readonly { x0: number; x1: number; y0: number }[],
): boolean {
  if (rows.length < 3 || rules.length < 2 || rows[0]!.cells.some((c) => c.length === 0)) return false;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const r of rows)
    for (const l of r.lines) {
      left = Math.min(left, l.x);
      right = Math.max(right, l.xEnd);
    }
  const across = rules.filter((r) => r.x0 <= left + SPAN_SLACK && r.x1 >= right - SPAN_SLACK).map((r) => r.y0);
  if (across.length < 2) return false;
  // Baselines: a row's lowest and highest, and its size (y grows upwards).
  const low = (r: TableRow) => Math.min(...r.lines.map((l) => l.y));
  const high = (r: TableRow) => Math.max(...r.lines.map((l) => l.y));
  const size = (r: TableRow) => r.lines[0]!.size;
  // A rule between rows k and k + 1: under row k's last baseline, over row k + 1's capitals.
  const ruledAfter = (k: number) => {
    const under = low(rows[k]!);
    const over = high(rows[k + 1]!) + size(rows[k + 1]!) * 0.6;
    return across.some((y) => y < under && y > over);
  };
  const head = rows[0]!;
  const top = high(head);
  if (!across.some((y) => y > top + size(head) * 0.6 && y < top + size(head) * OVER_HEAD_EM)) return false;
  if (!ruledAfter(0)) return false;
  let ruled = 0;
  for (let k = 1; k + 1 < rows.length; k++) if (ruledAfter(k)) ruled++;
  return ruled * 2 < rows.length - 2;
}

/**
 * A piece split where a rule of the grid crosses it (`at`: the rules' x inside it): cells set
 * closer than a word space's gap apart come out of the layout as one piece. The text is cut at
 * the space nearest the share of its width the rule leaves on its left; without a space, whole.
 */
export function splitAtRules(p: LinePiece, at: readonly number[]): LinePiece[] {
  const out: LinePiece[] = [];
  let cur = p;
  for (const x of at) {
    if (x <= cur.x || x >= cur.xEnd) continue;
    const want = Math.round(((x - cur.x) / (cur.xEnd - cur.x)) * cur.text.length);
    let best = -1;
    for (let i = 0; i < cur.text.length; i++)
      if (cur.text[i] === ' ' && (best < 0 || Math.abs(i - want) < Math.abs(best - want))) best = i;
    if (best < 0) continue;
    out.push({ text: cur.text.slice(0, best).trim(), x: cur.x, xEnd: x });
    cur = { text: cur.text.slice(best + 1).trim(), x, xEnd: cur.xEnd };
  }
  out.push(cur);
  return out.filter((q) => q.text.length > 0);
}

/** A piece of text in a ruled cell: its baseline and extent. */
interface CellPart {
  y: number;
  x: number;
  xEnd: number;
  text: string;
}

/** A cell's text line by line, top to bottom: the pieces of each baseline joined left to right. */
function cellLines(parts: readonly CellPart[]): CellPart[] {
  const out: CellPart[] = [];
  for (const p of [...parts].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const last = out.at(-1);
    if (last && last.y === p.y) out[out.length - 1] = { ...last, xEnd: p.xEnd, text: `${last.text} ${p.text}` };
    else out.push({ ...p });
  }
  return out;
}

/**
 * The rows a grid row holds, each as its baselines (top to bottom), or null when the row is one
 * row. A table ruled around groups of rows (LaTeX's \hline every few lines) sets several rows
 * between two rules: each such row has a line in every cell with text on its first baseline, and
 * in one cell at least a line is short enough for the next line's first word to have fitted beside
 * it (a line break, not a wrap), the cell's room being its width less the table's tightest padding
 * (`pad`: the least distance from a line of text to its cell's rule, left or right, so that
 * centred cells are judged by their width rather than their start). A baseline where some cell
 * has no line (a cell wrapped to one more line than the others: "plot, plot3d | graphical
 * functions: plot isolines in 2D / and Elevated Surface in 3D") belongs to the row above it, or
 * to the first row when it comes before it; a cell set over several lines beside one centred
 * line ("log, exp / sin, asin / cosh, sinh | Mathematical Functions") has one full baseline only:
 * one row; so is a row with a baseline some cell lacks where text of another cell of the grid
 * stands (`elsewhere`: a partial rule parts that column there). Cells wrapped to the same number
 * of lines break only where their lines are full:
 * their row stays whole.
 */
export function lineRows(
  cells: readonly { lines: readonly CellPart[]; left: number; right: number }[],
  pad: number,
  elsewhere: ReadonlySet<number> = new Set(),
): number[][] | null {
  const filled = cells.filter((c) => c.lines.length > 0);
  const ys = [...new Set(filled.flatMap((c) => c.lines.map((l) => l.y)))].sort((a, b) => b - a);
  if (ys.length < 2 || filled.length < 2) return null;
  const full = new Set(ys.filter((y) => filled.every((c) => c.lines.some((l) => l.y === y))));
  if (full.size < 2) return null;
  // A baseline some cell lacks that text in another cell of the grid stands on (a partial rule,
  // \cline, parts that cell's column there): a row of the grid's own, no wrap of this one.
  if (ys.some((y) => !full.has(y) && elsewhere.has(y))) return null;
  const breaks = filled.some((c) =>
    c.lines.some((a, i) => {
      const b = c.lines[i + 1];
      if (!b) return false;
      const charWidth = (a.xEnd - a.x) / Math.max(1, a.text.length);
      const word = (b.text.split(' ')[0] ?? '').length + 1;
      return a.xEnd - a.x + word * charWidth <= c.right - c.left - 2 * pad;
    }),
  );
  if (!breaks) return null;
  const rows: number[][] = [];
  const before: number[] = [];
  for (const y of ys) {
    if (full.has(y)) rows.push(rows.length === 0 ? [...before, y] : [y]);
    else if (rows.length === 0) before.push(y);
    else rows.at(-1)!.push(y);
  }
  return rows;
}

/** A step between baselines this many times the cell's closest one holds a blank line (code.ts's BLANK_STEP). */
const CELL_BLANK_STEP = 1.7;

/**
 * A ruled cell's text as a listing: each line (top to bottom) the part of its typewriter setting
 * (`set`, spaces and all) between the cell's rules, indented by its distance from the cell's
 * leftmost line, a blank line where the baselines step wider than the cell's closest step.
 * Undefined unless every line is set in typewriter (a word of a proportional face: prose).
 */
export function cellListing(
  lines: readonly Pick<TextLine, 'y' | 'set'>[],
  left: number,
  right: number,
): string[] | undefined {
  const got: { y: number; x: number; text: string; advance: number }[] = [];
  for (const l of [...lines].sort((a, b) => b.y - a.y)) {
    const set = l.set;
    if (!set || set.advance <= 0) return undefined;
    const col = (x: number) => Math.round((x - set.x) / set.advance);
    const a = Math.max(0, col(left));
    const part = set.text.slice(a, Math.max(a, col(right)));
    const text = part.trim();
    if (text.length === 0) continue;
    got.push({
      y: l.y,
      x: set.x + (a + part.length - part.trimStart().length) * set.advance,
      text,
      advance: set.advance,
    });
  }
  if (got.length === 0) return undefined;
  const x0 = Math.min(...got.map((g) => g.x));
  let step = Infinity;
  for (let i = 1; i < got.length; i++) step = Math.min(step, got[i - 1]!.y - got[i]!.y);
  const out: string[] = [];
  got.forEach((g, i) => {
    if (i > 0 && got[i - 1]!.y - g.y >= CELL_BLANK_STEP * step) out.push('');
    out.push(' '.repeat(Math.max(0, Math.round((g.x - x0) / g.advance))) + g.text);
  });
  return out;
}

/**
 * A ruled grid row whose filled cells are each a listing of 2+ lines, one of them at least
 * indented (code's structure: a table of typewriter words sets each word flush in its cell, a row
 * per line, and stays a table): the cells' lines one cell after the other, a blank line between,
 * as the HTML reader keeps a row of code cells (codeRow). Undefined otherwise.
 */
export function listingRow(cells: readonly (readonly string[] | undefined)[]): string[] | undefined {
  if (cells.length < 2 || cells.some((c) => c === undefined || c.filter((l) => l.length > 0).length < 2))
    return undefined;
  if (!cells.some((c) => c!.some((l) => /^ +\S/.test(l)))) return undefined;
  return cells.flatMap((c, i) => [...(i > 0 ? [''] : []), ...c!]);
}

/** Index of the band [edges[k], edges[k+1]] holding v (edges ascending), or -1. */
function bandOf(edges: readonly number[], v: number): number {
  for (let k = 0; k + 1 < edges.length; k++) if (v >= edges[k]! && v <= edges[k + 1]!) return k;
  return -1;
}

/**
 * The lines of a page inside a ruled grid (rules.ts), read row by row: each piece of text goes to
 * the cell its start lies in, a cell's lines joined top to bottom; a row of the grid is a row of
 * the table, a cell merged over columns one cell, a cell merged over rows read in its first row
 * and kept empty in place in the rows below. Null when the grid holds no table: no line wholly
 * inside it, or fewer than two rows with two filled cells (a framed box, a form).
 * Returns the rows and the indexes of the lines they replace.
 */
export function readRuledTable(
  lines: readonly TextLine[],
  grid: RuledGrid,
): { rows: TableRow[]; used: number[] } | null {
  const { xs, ys } = grid;
  const left = xs[0]!;
  const right = xs.at(-1)!;
  const top = ys[0]!;
  const bottom = ys.at(-1)!;
  const ysUp = [...ys].reverse();
  const cellAt = new Map<string, number>();
  grid.cells.forEach((c, k) => {
    for (let r = c.r0; r <= c.r1; r++) for (let col = c.c0; col <= c.c1; col++) cellAt.set(`${r},${col}`, k);
  });
  const parts: CellPart[][] = grid.cells.map(() => []);
  const lineOf: TextLine[][] = grid.cells.map(() => []);
  const used: number[] = [];
  lines.forEach((l, i) => {
    if (l.tag || l.y <= bottom || l.y >= top || l.x < left - 1 || l.xEnd > right + 1) return;
    const mid = l.y + 0.3 * l.size;
    const rb = bandOf(ysUp, mid);
    if (rb < 0) return;
    const r = ys.length - 2 - rb;
    used.push(i);
    for (const p of piecesOf(l)) {
      const inside = xs.slice(1, -1).filter((x) => {
        const c = bandOf(xs, x - 0.01);
        const k = cellAt.get(`${r},${c}`);
        return k !== undefined && grid.cells[k]!.c1 === c;
      });
      for (const q of splitAtRules(p, inside)) {
        const c = bandOf(xs, Math.min(Math.max(q.x + 0.5, left), right));
        const k = cellAt.get(`${r},${c}`);
        if (k === undefined) continue;
        parts[k]!.push({ y: l.y, x: q.x, xEnd: q.xEnd, text: normalizeLine(q.text).trim() });
        if (!lineOf[k]!.includes(l)) lineOf[k]!.push(l);
      }
    }
  });
  if (used.length === 0) return null;
  // A cell merged over columns whose text is set in columns of its own (a gutter inside one
  // line): the rules box the table rather than part its cells (a tabular {|ll|}); the text's
  // geometry reads it.
  for (const [k, c] of grid.cells.entries())
    if (c.c1 > c.c0 && lineOf[k]!.some((l) => gapsOf(l).some((g) => g.a >= xs[c.c0]! && g.b <= xs[c.c1 + 1]!)))
      return null;
  const textOf = (k: number, ys?: readonly number[]): string =>
    cellLines(parts[k]!.filter((p) => ys === undefined || ys.includes(p.y))).reduce((a, l) => joinLines(a, l.text), '');
  // The table's tightest padding: the least distance from a piece of text to its cell's rules.
  let pad = Number.POSITIVE_INFINITY;
  grid.cells.forEach((c, k) => {
    for (const p of parts[k]!) pad = Math.min(pad, p.x - xs[c.c0]!, xs[c.c1 + 1]! - p.xEnd);
  });
  pad = Math.max(0, pad);
  const rows: TableRow[] = [];
  for (let r = 0; r + 1 < ys.length; r++) {
    // The cells this grid row starts (their index), or -1 in place of one a row above started.
    const ks: number[] = [];
    for (let c = 0; c + 1 < xs.length; c++) {
      const k = cellAt.get(`${r},${c}`)!;
      const cell = grid.cells[k]!;
      if (cell.c0 === c) ks.push(cell.r0 === r ? k : -1);
    }
    const own = ks.filter((k) => k >= 0);
    const rowLinesOf = (k: number, ys?: readonly number[]) =>
      lineOf[k]!.filter((l) => ys === undefined || ys.includes(l.y));
    // A row of listings (code in each cell) is read cell by cell, each cell's lines as set.
    const code = listingRow(
      own
        .filter((k) => parts[k]!.length > 0)
        .map((k) => cellListing(lineOf[k]!, xs[grid.cells[k]!.c0]!, xs[grid.cells[k]!.c1 + 1]!)),
    );
    if (code) {
      const ls = [...new Set(own.flatMap((k) => lineOf[k]!))].sort((a, b) => b.y - a.y);
      rows.push({ cells: ks.map((k) => (k < 0 ? '' : textOf(k))), lines: ls, code });
      continue;
    }
    const sub = lineRows(
      own.map((k) => ({
        lines: cellLines(parts[k]!),
        left: xs[grid.cells[k]!.c0]!,
        right: xs[grid.cells[k]!.c1 + 1]!,
      })),
      pad,
      new Set(parts.flatMap((ps, k) => (own.includes(k) ? [] : ps.map((p) => p.y)))),
    );
    for (const at of sub ?? [undefined]) {
      const cells = ks.map((k) => (k < 0 ? '' : textOf(k, at)));
      const ls = [...new Set(own.flatMap((k) => rowLinesOf(k, at)))].sort((a, b) => b.y - a.y);
      if (cells.some((t) => t.length > 0)) rows.push({ cells, lines: ls });
    }
  }
  if (rows.filter((row) => row.cells.filter((t) => t.length > 0).length >= 2).length < 2) return null;
  return { rows, used };
}

/**
 * A row's text: its cells in column order joined with " | ", an empty cell kept in place so that
 * the values after it stay under their headers ("Esc-L | | lower case the next word" under "Key |
 * Alternate key | Description"), as the other formats keep them; empty cells at the row's end
 * go, and a column no row of the table writes in (`keep`, table-columns.ts writtenColumns: a
 * ruled grid's spacer) gets no cell.
 */
export function rowText(cells: readonly string[], keep?: readonly number[]): string {
  const kept = keep ? keepColumns(cells, keep) : [...cells];
  // Empty cells at the row's end leave no value out of place: they go.
  while (kept.length > 0 && kept.at(-1)!.length === 0) kept.pop();
  return kept
    .map((c, i) => (i === 0 ? c : c.length > 0 ? ` | ${c}` : ' |'))
    .join('')
    .trimStart();
}

/** The row lines of a table: each row one line tagged as a row, its text its cells (rowText). */
function rowLines(
  rows: readonly TableRow[],
  header: boolean,
  next: () => number,
  box?: { x: number; xEnd: number },
): TextLine[] {
  const keep = writtenColumns(rows.map((r) => r.cells.map((text) => ({ text }))));
  const head = header ? rowText(rows[0]!.cells, keep) : undefined;
  return rows.map((r, k) => {
    const first = r.lines[0]!;
    const cells = keep ? keepColumns(r.cells, keep) : r.cells;
    // A row of listings: its lines, and the header its chunk repeats.
    const code = r.code ? { code: r.code, ...(head === undefined ? {} : { tableHeader: head }) } : {};
    return {
      text: rowText(cells),
      x: box?.x ?? Math.min(...r.lines.map((l) => l.x)),
      xEnd: box?.xEnd ?? Math.max(...r.lines.map((l) => l.xEnd)),
      y: first.y,
      size: first.size,
      font: first.font,
      mono: false,
      tag: {
        block: next(),
        kind: 'row',
        cells,
        ...(header && k === 0 ? { header: true } : {}),
        ...code,
      },
    };
  });
}

/**
 * A page's lines with its tables read row by row: each row one line tagged as a row (its cells
 * in `tag.cells`, its text the filled cells joined with " | "), the other lines as they were.
 * `afterTable`: the page before ended in a table row, whose table may go on at this page's top.
 * `lists`: runs of tagged entries may be lists (hanging.ts tagsBesideText); not on a slide deck's
 * pages, where every item stands apart and a two-column run is the office suite's table.
 * `open`: the page's rules that no grid holds (rules.ts openRules), for ruledHeader.
 */
export function readTables(
  lines: TextLine[],
  afterTable = false,
  grids: readonly RuledGrid[] = [],
  lists = true,
  open: readonly Rule[] = [],
): TextLine[] {
  let block = 0;
  const next = () => --block;
  // Ruled tables first (rules.ts): their cells are the grid's, whatever the text's geometry.
  for (const grid of grids) {
    // A header row in a band of its own over the grid (rules.ts headerBand) is the table's first row, its header.
    // Only a grid that reads as a table on its own: a band never makes one of a framed title block.
    const own = readRuledTable(lines, grid);
    if (!own) continue;
    const band = headerBand(
      grid,
      open,
      lines.filter((l) => !l.tag),
    );
    const read = (band && readRuledTable(lines, band)) || own;
    const banded = read !== own && read.rows[0]!.lines.every((l) => l.y > grid.ys[0]!);
    const rowsOut = rowLines(read.rows, banded || headerRow(read.rows), next, {
      x: grid.xs[0]!,
      xEnd: grid.xs.at(-1)!,
    });
    const drop = new Set(read.used);
    const at = read.used[0]!;
    lines = [
      ...lines.slice(0, at).filter((_, i) => !drop.has(i)),
      ...rowsOut,
      ...lines.slice(at).filter((_, i) => !drop.has(i + at)),
    ];
  }
  // Tables drawn cell by cell (cell-rows.ts): their rows from the stream's bands.
  const cellTables = cellRuns(lines, GUTTER_EM).filter((r) => !notATable(r.rows));
  if (cellTables.length > 0) {
    const read: TextLine[] = [];
    let at = 0;
    for (const r of cellTables) {
      read.push(...lines.slice(at, r.start), ...rowLines(r.rows, headerRow(r.rows) || ruledHeader(r.rows, open), next));
      at = r.end;
    }
    lines = [...read, ...lines.slice(at)];
  }
  if (!lines.some((l) => l.pieces)) return lines;
  const out: TextLine[] = [];
  // The page's right edge, where a list's filled text ends (hanging.ts tagsBesideText); read once, where a run is found.
  let right = 0;
  const rightEdge = () => right || (right = lines.reduce((m, l) => Math.max(m, l.xEnd), 0));
  // The page's right edges (rightEdges), where flush-right cells end; found once, where a run is sought.
  let edges: number[] | undefined;
  const edgesOf = () => (edges ??= rightEdges(lines));
  // The page's tab stops (tabStops), where a short table of a card may set its second column.
  let stops: number[] | undefined;
  const stopsOf = () => (stops ??= tabStops(lines));
  for (let i = 0; i < lines.length; ) {
    // The page's first lines go on with the table the page before ended in (`afterTable`).
    const continued = afterTable && i === 0;
    const run =
      tableRun(lines, i, continued ? MIN_CONTINUED_LINES : MIN_TABLE_LINES, edgesOf()) ??
      tabbedPair(lines, i, stopsOf());
    if (!run) {
      out.push(lines[i++]!);
      continue;
    }
    let rows = tableRows(lines.slice(run.start, run.end), run.gutters, run.flush);
    // Rows of a single cell at the end, in the first column: the text that follows the table.
    let end = run.end;
    while (rows.length > 0 && rows.at(-1)!.cells.filter((c) => c.length > 0).length === 1 && rows.at(-1)!.cells[0]) {
      end -= rows.at(-1)!.lines.length;
      rows = rows.slice(0, -1);
    }
    if (rows.length < (continued ? 1 : 2) || notATable(rows)) {
      out.push(lines[i++]!);
      continue;
    }
    // A list of tagged paragraphs (groff's .TP, Texinfo's @table, a description list) reads as
    // paragraphs, as its entries with wider tags do; none of its lines opens a table. Under a
    // table's caption, or under a header row, it is a table.
    const header = headerRow(rows) || ruledHeader(rows, open);
    if (
      lists &&
      !header &&
      tagsBesideText(rows, rightEdge(), { textLeft: run.gutters[0]!.b, above: lines[i - 1], below: lines[end] }) &&
      !captioned(lines, i, end)
    ) {
      while (i < end) out.push(lines[i++]!);
      continue;
    }
    out.push(...rowLines(rows, header, next));
    i = end;
  }
  return out;
}

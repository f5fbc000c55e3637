// Ruled tables of untagged PDFs: the cell rules a page draws (an office suite's table borders,
// LaTeX's \hline and |, a Word table's grid) give its cells where the text alone does not (cells
// centred vertically in a row of wrapped cells, empty cells, cells merged over rows or columns).
// The rules come from the page's painted paths (stroked lines and rectangles, thin filled
// rectangles): the part of pdf.js's operator list that the text content carries (pdfjs.ts,
// RULE_PATHS), read only for pages whose text hints at a table (mayHoldRuledTable); the grid is
// the set of row and column edges of a group of rules that meet; each cell the union of the grid
// units no rule parts. tables.ts reads the lines inside a grid row by row (readRuledTable).
import { follow, transforms, type OperatorCodes } from '../../ocr/operators.ts';
import type { Rule, RuledGrid, TextLine } from './types.ts';

export type { Rule } from './types.ts';

/** Points within this of each other are one edge (a rule drawn twice, a double border 0.5 apart). */
const TOL = 1.5;
/** A filled rectangle thinner than this is a rule (LaTeX draws \hline and | as filled rectangles). */
const THIN = 3;
/** Shortest rule taken (a dot, a glyph's stroke, an underline's serif are no cell edges). */
const MIN_RULE = 4;

/** A dot leader: a contents or index entry's line, whose page-number column is no table's. */
const LEADER = /(?:\.\s?){4}|…{2}/;

/** The pdf.js codes rules are read with (pdf.js's OPS satisfies it). */
export interface RuleOperatorCodes extends OperatorCodes {
  constructPath: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
}

/** pdf.js's path drawing codes in a constructPath buffer (DrawOPS). */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

function apply(m: readonly number[], x: number, y: number): [number, number] {
  return [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];
}

/** The rule a segment from (ax, ay) to (bx, by) draws, when it is horizontal or vertical and `min` long or more. */
export function ruleOf(ax: number, ay: number, bx: number, by: number, min = MIN_RULE): Rule | null {
  const dx = Math.abs(bx - ax);
  const dy = Math.abs(by - ay);
  if (dy <= TOL / 2 && dx >= min) {
    const y = (ay + by) / 2;
    return { x0: Math.min(ax, bx), y0: y, x1: Math.max(ax, bx), y1: y };
  }
  if (dx <= TOL / 2 && dy >= min) {
    const x = (ax + bx) / 2;
    return { x0: x, y0: Math.min(ay, by), x1: x, y1: Math.max(ay, by) };
  }
  return null;
}

/** A filled axis-aligned rectangle's rule: its centre line when it is thin and `min` long or more, else none (a shaded background). */
export function thinRectRule(pts: readonly [number, number][], min = MIN_RULE): Rule | null {
  if (pts.length < 4 || pts.length > 5) return null;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  // Axis-aligned: every corner on the box's edges.
  if (
    !pts.every(
      ([x, y]) =>
        (Math.abs(x - x0) < 0.01 || Math.abs(x - x1) < 0.01) && (Math.abs(y - y0) < 0.01 || Math.abs(y - y1) < 0.01),
    )
  )
    return null;
  if (y1 - y0 <= THIN && x1 - x0 >= min) return { x0, y0: (y0 + y1) / 2, x1, y1: (y0 + y1) / 2 };
  if (x1 - x0 <= THIN && y1 - y0 >= min) return { x0: (x0 + x1) / 2, y0, x1: (x0 + x1) / 2, y1 };
  return null;
}

/** Operators as pdf.js lists them: a whole operator list, or the painted paths of a text content. */
export interface DrawnOperators {
  fnArray: number[];
  argsArray: unknown[];
}

/** The rules an operator list draws, in page space (stroked segments, thin filled rectangles), `min` long or more. */
export function pageRules(list: DrawnOperators, ops: RuleOperatorCodes, min = MIN_RULE): Rule[] {
  const stroked = new Set([
    ops.stroke,
    ops.closeStroke,
    ops.fillStroke,
    ops.eoFillStroke,
    ops.closeFillStroke,
    ops.closeEOFillStroke,
  ]);
  const filled = new Set([ops.fill, ops.eoFill]);
  const t = transforms();
  const out: Rule[] = [];
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i]!;
    const args = list.argsArray[i] as unknown[] | null;
    if (follow(t, ops, fn, args)) continue;
    if (fn !== ops.constructPath || !args) continue;
    const op = args[0] as number;
    const buf = (args[1] as unknown[] | undefined)?.[0] as ArrayLike<number> | null | undefined;
    if (!buf || (!stroked.has(op) && !filled.has(op))) continue;
    const m = t.ctm;
    let sub: [number, number][] = [];
    const flush = () => {
      if (filled.has(op)) {
        const r = thinRectRule(sub, min);
        if (r) out.push(r);
      }
      sub = [];
    };
    for (let k = 0; k < buf.length; ) {
      const code = buf[k++];
      if (code === MOVE) {
        flush();
        sub.push(apply(m, buf[k]!, buf[k + 1]!));
        k += 2;
      } else if (code === LINE) {
        const p = apply(m, buf[k]!, buf[k + 1]!);
        const q = sub.at(-1);
        if (q && stroked.has(op)) {
          const r = ruleOf(q[0], q[1], p[0], p[1], min);
          if (r) out.push(r);
        }
        sub.push(p);
        k += 2;
      } else if (code === CURVE || code === QUAD) {
        // A curve makes the subpath no rectangle and draws no rule.
        sub.push([Number.NaN, Number.NaN]);
        k += code === CURVE ? 6 : 4;
      } else if (code === CLOSE) {
        const first = sub[0];
        const q = sub.at(-1);
        if (first && q && stroked.has(op)) {
          const r = ruleOf(q[0], q[1], first[0], first[1], min);
          if (r) out.push(r);
        }
        flush();
      } else break;
    }
    flush();
  }
  return out;
}

/** Shortest horizontal rule kept for a table read from its text (openRules): a table's width, not a word's underline. */
const MIN_OPEN_RULE = 36;

/**
 * The horizontal rules of a page that are no part of a ruled grid (ruledGrids), merged, each
 * MIN_OPEN_RULE long or more: the rules of a table drawn without column rules (LaTeX's `\hline`
 * in a `{ll}` tabular, booktabs' top, middle and bottom rules), which tables.ts reads from its
 * text's gutters and asks where its header row ends (ruledHeader).
 */
export function openRules(rules: readonly Rule[], grids: readonly RuledGrid[]): Rule[] {
  const inGrid = (r: Rule) =>
    grids.some(
      (g) =>
        r.y0 >= g.ys.at(-1)! - TOL && r.y0 <= g.ys[0]! + TOL && r.x0 >= g.xs[0]! - TOL && r.x1 <= g.xs.at(-1)! + TOL,
    );
  return mergeRules(
    rules.filter((r) => r.y0 === r.y1 && r.x0 !== r.x1),
    true,
  ).filter((r) => r.x1 - r.x0 >= MIN_OPEN_RULE && !inGrid(r));
}

/** Rules on one line merged: horizontal rules at one y (or vertical at one x) that touch or overlap. */
export function mergeRules(rules: readonly Rule[], horizontal: boolean): Rule[] {
  const at = (r: Rule) => (horizontal ? r.y0 : r.x0);
  const lo = (r: Rule) => (horizontal ? r.x0 : r.y0);
  const hi = (r: Rule) => (horizontal ? r.x1 : r.y1);
  const sorted = [...rules].sort((a, b) => at(a) - at(b) || lo(a) - lo(b));
  // Group by position first, then merge spans along each line.
  const lines: Rule[][] = [];
  for (const r of sorted) {
    const last = lines.at(-1);
    if (last && Math.abs(at(r) - at(last[0]!)) <= TOL) last.push(r);
    else lines.push([r]);
  }
  const out: Rule[] = [];
  for (const group of lines) {
    const pos = group.reduce((s, r) => s + at(r), 0) / group.length;
    const spans = group.map((r) => [lo(r), hi(r)] as [number, number]).sort((a, b) => a[0] - b[0]);
    let cur = spans[0]!;
    const emit = (s: [number, number]) =>
      out.push(horizontal ? { x0: s[0], y0: pos, x1: s[1], y1: pos } : { x0: pos, y0: s[0], x1: pos, y1: s[1] });
    for (const s of spans.slice(1)) {
      if (s[0] <= cur[1] + TOL) cur = [cur[0], Math.max(cur[1], s[1])];
      else {
        emit(cur);
        cur = s;
      }
    }
    emit(cur);
  }
  return out;
}

/** Positions within TOL of each other as one, sorted ascending. */
function edges(values: number[]): number[] {
  const out: number[] = [];
  for (const v of [...values].sort((a, b) => a - b)) {
    if (out.length > 0 && v - out.at(-1)! <= TOL) continue;
    out.push(v);
  }
  return out;
}

/** Does the rule cover position `v` along its length? */
function covers(r: Rule, horizontal: boolean, v: number): boolean {
  return horizontal ? r.x0 - TOL <= v && v <= r.x1 + TOL : r.y0 - TOL <= v && v <= r.y1 + TOL;
}

/**
 * The ruled tables of a page: groups of horizontal and vertical rules that meet, each with three
 * column edges or more and three row edges or more (two rows of two cells at least; a framed
 * box, a rule under a running head, a shaded code block are none). A cell is the union of the
 * grid units that no rule parts: cells merged over rows or columns stay one.
 */
export function ruledGrids(rules: readonly Rule[]): RuledGrid[] {
  const hs = mergeRules(
    rules.filter((r) => r.y0 === r.y1 && r.x0 !== r.x1),
    true,
  );
  const vs = mergeRules(
    rules.filter((r) => r.x0 === r.x1 && r.y0 !== r.y1),
    false,
  );
  // Groups of rules that meet (union-find over horizontal and vertical rules).
  const all = [...hs, ...vs];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  hs.forEach((h, i) =>
    vs.forEach((v, j) => {
      if (covers(h, true, v.x0) && covers(v, false, h.y0)) parent[find(i)] = find(hs.length + j);
    }),
  );
  const groups = new Map<number, number[]>();
  all.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  const grids: RuledGrid[] = [];
  for (const members of groups.values()) {
    const gh = members.filter((i) => i < hs.length).map((i) => hs[i]!);
    const gv = members.filter((i) => i >= hs.length).map((i) => vs[i - hs.length]!);
    const xs = edges(gv.map((v) => v.x0));
    const ys = edges(gh.map((h) => h.y0)).reverse();
    if (xs.length < 3 || ys.length < 3) continue;
    const rows = ys.length - 1;
    const cols = xs.length - 1;
    // Grid units joined where no rule parts them.
    const unit = (r: number, c: number) => r * cols + c;
    const up = Array.from({ length: rows * cols }, (_, i) => i);
    const root = (i: number): number => (up[i] === i ? i : (up[i] = root(up[i]!)));
    for (let r = 0; r < rows; r++) {
      const ym = (ys[r]! + ys[r + 1]!) / 2;
      for (let c = 0; c < cols; c++) {
        const xm = (xs[c]! + xs[c + 1]!) / 2;
        if (c + 1 < cols && !gv.some((v) => Math.abs(v.x0 - xs[c + 1]!) <= TOL && covers(v, false, ym)))
          up[root(unit(r, c + 1))] = root(unit(r, c));
        if (r + 1 < rows && !gh.some((h) => Math.abs(h.y0 - ys[r + 1]!) <= TOL && covers(h, true, xm)))
          up[root(unit(r + 1, c))] = root(unit(r, c));
      }
    }
    const box = new Map<number, { r0: number; r1: number; c0: number; c1: number }>();
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const k = root(unit(r, c));
        const b = box.get(k);
        if (!b) box.set(k, { r0: r, r1: r, c0: c, c1: c });
        else {
          b.r0 = Math.min(b.r0, r);
          b.r1 = Math.max(b.r1, r);
          b.c0 = Math.min(b.c0, c);
          b.c1 = Math.max(b.c1, c);
        }
      }
    grids.push({ xs, ys, cells: [...box.values()] });
  }
  return grids.sort((a, b) => b.ys[0]! - a.ys[0]!);
}

/**
 * Does a page's text hint at a table, so that its rules are worth reading? Two lines at least,
 * neither the page's top nor its bottom line (a running head or foot), with a gap of a gutter or
 * more (tables.ts GUTTER_EM) at one place: the column gap of a table's header row and of any row
 * whose cells sit on one baseline. Pages of running text, a running head's "title ... page" and
 * contents or index entries with dot leaders pay nothing.
 */
export function mayHoldRuledTable(lines: readonly TextLine[], gutterEm: number): boolean {
  if (lines.length < 4) return false;
  let top = Number.NEGATIVE_INFINITY;
  let bottom = Number.POSITIVE_INFINITY;
  for (const l of lines) {
    top = Math.max(top, l.y);
    bottom = Math.min(bottom, l.y);
  }
  const gaps: [number, number][] = [];
  for (const l of lines) {
    const ps = l.pieces;
    if (!ps || l.mono || l.y === top || l.y === bottom || LEADER.test(l.text)) continue;
    for (let i = 1; i < ps.length; i++) {
      const a = ps[i - 1]!.xEnd;
      const b = ps[i]!.x;
      if (b - a < gutterEm * l.size) continue;
      if (gaps.some(([ga, gb]) => a < gb && b > ga)) return true;
      gaps.push([a, b]);
    }
  }
  return false;
}

/** A rule this close (pt) above a grid's top is the second line of a double rule (`\hline\hline`). */
const DOUBLE_RULE = 4;
/** A band over a grid is at most this many of the grid's median row heights tall... */
const BAND_ROWS = 2.5;
/** ...and holds at most this many lines (a header cell wrapped once). */
const BAND_LINES = 2;

/**
 * The grid grown by one row at its top when its header row stands in a band of its own over it:
 * a table whose body has column rules and whose header row has none, set between a rule spanning
 * the grid's width above it and the grid's top (LaTeX's `\hline Key & Alternate key & Description
 * \\ \hline\hline` over a `|l|c|l|` body, an office table's header band). `open`: the page's rules
 * outside every grid (openRules); `lines`: the page's lines. The band holds one or two lines, each
 * piece of them inside one of the grid's columns, two columns at least with text: a header row,
 * not a line of prose or a title block over the table. The new row's cells are the grid's
 * columns. Null when no such band: no spanning rule within BAND_ROWS row heights above the top
 * (a double rule's second line at the top is passed over), or no header row in it.
 */
export function headerBand(
  grid: RuledGrid,
  open: readonly Rule[],
  lines: readonly Pick<TextLine, 'y' | 'x' | 'xEnd' | 'text' | 'pieces'>[],
): RuledGrid | null {
  const { xs, ys } = grid;
  const top = ys[0]!;
  const heights = ys
    .slice(1)
    .map((y, i) => ys[i]! - y)
    .sort((a, b) => a - b);
  const row = heights[heights.length >> 1];
  if (row === undefined) return null;
  const spans = (r: Rule) => Math.abs(r.x0 - xs[0]!) <= TOL * 2 && Math.abs(r.x1 - xs.at(-1)!) <= TOL * 2;
  const above = open
    .filter((r) => spans(r) && r.y0 > top + DOUBLE_RULE && r.y0 - top <= BAND_ROWS * row)
    .sort((a, b) => a.y0 - b.y0);
  const rule = above[0];
  if (!rule) return null;
  const low = Math.max(
    top,
    ...open.filter((r) => spans(r) && r.y0 > top && r.y0 <= top + DOUBLE_RULE).map((r) => r.y0),
  );
  const band = lines.filter((l) => l.y > low && l.y < rule.y0 && l.xEnd > xs[0]! && l.x < xs.at(-1)!);
  if (band.length === 0 || band.length > BAND_LINES) return null;
  const columns = new Set<number>();
  for (const l of band)
    for (const p of l.pieces ?? [{ text: l.text, x: l.x, xEnd: l.xEnd }]) {
      const c = xs.findIndex((x, k) => k > 0 && p.x >= xs[k - 1]! - TOL && p.xEnd <= x + TOL) - 1;
      if (c < 0) return null;
      columns.add(c);
    }
  if (columns.size < 2) return null;
  const cells = [
    ...xs.slice(1).map((_, c) => ({ r0: 0, r1: 0, c0: c, c1: c })),
    ...grid.cells.map((c) => ({ ...c, r0: c.r0 + 1, r1: c.r1 + 1 })),
  ];
  return { xs, ys: [rule.y0, ...ys], cells };
}

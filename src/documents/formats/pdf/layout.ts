// Reading order from text item positions. The content stream's own order is the backbone: most
// generators (TeX, groff, office suites, browsers) draw a page in reading order, column after
// column, floats and display equations where they belong, so consecutive items on one baseline
// form a line and the lines keep the order they were drawn in (stream.ts decides when that order
// can be trusted). Only a page whose stream reads across a gutter or wanders up and down the page
// is laid out from geometry alone: items -> rows (same baseline) -> segments (runs separated by
// wide gaps) -> lines, with two-column runs read column by column.
import type { MonoSetting, RawItem, TextLine } from './types.ts';

export type { RawItem };
import { type GridRow, listingGridLines, monoSetting, sourceBeside } from './code.ts';
import { marginLabelsBeforeParagraphs, marginNotesAfterParagraphs } from './margin-notes.ts';
import { unstacked } from './stacks.ts';
import {
  closingQuoteCarons,
  composeAccents,
  composeOverlays,
  composeSettingOverlays,
  copyrightSigns,
  hasAccent,
} from './accents.ts';
import {
  byX,
  continuesScript,
  crossesGutter,
  endsSubscript,
  gapSize,
  isScript,
  spaceFills,
  streamLines,
  wanders,
  type StreamLine,
} from './stream.ts';

interface Segment {
  x: number;
  xEnd: number;
  text: string;
  items: RawItem[];
}

interface Row {
  y: number;
  size: number;
  segs: Segment[];
}

const WS = /^\s*$/;

/** Gap (in em of the font size) above which two items on a row get a space between them. */
const SPACE_GAP_EM = 0.18;

/**
 * Is the gap from `a` to `b` between two items on a row a word space? When wider than
 * SPACE_GAP_EM of the font `size`, or when pdf.js drew a space item over it (`spaces`, the spans
 * of the line's space items) and it is wider than a kern: the space between a word and the next
 * word in another font (typewriter, italic) on a tightly justified line is narrower than
 * SPACE_GAP_EM, and pdf.js, which sees the glyph positions, says it is a space.
 */
export function isWordGap(
  a: number,
  b: number,
  size: number,
  spaces: ReadonlyArray<readonly [number, number]> = [],
): boolean {
  return b - a > SPACE_GAP_EM * size || spaceFills(spaces, a, b, size);
}
/** Gap (in em) that splits a row into separate segments (possible column gutter / table cell). */
const SEGMENT_GAP_EM = 1.6;
/** Gap (in em) wider than a word space: a possible column boundary if aligned across rows. */
const PIECE_GAP_EM = 0.5;
/** A two-column run needs this many rows with text on both sides... */
const MIN_COLUMN_ROWS = 3;
/** ...and this average length (characters) on each side, so that TOC page numbers and narrow
 * table cells are not taken for a column. */
const MIN_COLUMN_CHARS = 10;

export function buildLines(input: RawItem[]): TextLine[] {
  const items = input.filter((it) => it.str.length > 0 && !WS.test(it.str) && it.size > 0);
  if (items.length === 0) return [];
  // A linguistic example's words over their glosses, drawn stack by stack: read line by line.
  const stream = unstacked(streamLines(input));
  const lines = stream.map(streamToLine);
  if (streamVerdict(stream, lines) !== 'ordered') return onListingGrid(geometricLines(items));
  const noted = marginLabelsBeforeParagraphs(marginNotesAfterParagraphs(stream));
  return onListingGrid(noted === stream ? lines : noted.map(streamToLine));
}

/** The pieces each line was built from (toLine), for reading a listing's lines on its grid. */
const lineSegments = new WeakMap<TextLine, readonly Segment[]>();

/**
 * The page's lines with the lines of a listing that set some words in another font (bold or
 * italic keywords) read as code on the listing's grid (code.ts, listingGridLines).
 */
function onListingGrid(lines: TextLine[]): TextLine[] {
  try {
    return listingGridOf(lines);
  } finally {
    // The page's lines outlive its raw items: a line kept for the document's whole read must not
    // keep its pieces' items alive with it (4976 pages held them: peak rss 1076-1162 MB).
    for (const l of lines) lineSegments.delete(l);
  }
}

/**
 * A page's line as listingGridLines reads it: its items gathered only when asked for (a line
 * beside a code line). One class, its getter on the prototype: an object literal with its own
 * getter and a spread made every line of a page with code a new accessor and a copy.
 */
class LineRow implements GridRow {
  readonly y: number;
  readonly mono: boolean;
  readonly set: MonoSetting | undefined;
  readonly #line: TextLine;
  #items: readonly RawItem[] | undefined;
  constructor(line: TextLine) {
    this.y = line.y;
    this.mono = line.mono;
    this.set = line.set;
    this.#line = line;
  }
  get items(): readonly RawItem[] {
    return (this.#items ??= lineSegments.get(this.#line)?.flatMap((s) => s.items) ?? []);
  }
}

function listingGridOf(lines: TextLine[]): TextLine[] {
  // Only a line beside a line already set as code is read on its grid: a page without one is as it is.
  if (!lines.some((l) => l.set)) return lines;
  const sets = listingGridLines(lines.map((l) => new LineRow(l)));
  return lines.map((l, i) => {
    const set = sets[i];
    if (!set || set === l.set) return l;
    const { monoStart: _s, monoEnd: _e, ...rest } = l;
    return { ...rest, mono: true, set: { ...set, text: composeSettingOverlays(set.text) } };
  });
}

export type StreamVerdict = 'ordered' | 'across-gutter' | 'alternating' | 'wandering';

/**
 * Can the page be read in the order its stream draws it? Not when the stream draws rows across a
 * gutter, alternates between two columns on staggered baselines, or wanders back up the page: the
 * page is then laid out from geometry. `lines` are the stream lines as text lines.
 */
export function streamVerdict(stream: StreamLine[], lines: TextLine[]): StreamVerdict {
  if (crossesGutter(stream)) return 'across-gutter';
  if (alternates(lines)) return 'alternating';
  if (wanders(stream)) return 'wandering';
  return 'ordered';
}

/** Characters a line of each side of an alternating run holds on average: column text, not table cells. */
const ALTERNATING_CHARS = 15;
/** Share of the run's steps that switch sides: two columns alternate line by line; a table row's
 * wrapped cell puts several lines on one side in a row. */
const ALTERNATING_SWITCHES = 0.75;

/** Do consecutive lines alternate between the two sides of a band (two columns on their own baselines)? */
export function alternates(lines: TextLine[]): boolean {
  for (let i = 0; i + 1 < lines.length; i++) {
    const run = staggeredRun(lines, i);
    if (!run) continue;
    let left = 0;
    let right = 0;
    let nl = 0;
    let nr = 0;
    let switches = 0;
    let prev = 0;
    for (let k = i; k < run.end; k++) {
      const l = lines[k]!;
      const side = l.xEnd <= run.a + 0.5 ? -1 : 1;
      if (side < 0) {
        left += l.text.length;
        nl++;
      } else {
        right += l.text.length;
        nr++;
      }
      if (prev !== 0 && side !== prev) switches++;
      prev = side;
    }
    if (
      left >= ALTERNATING_CHARS * nl &&
      right >= ALTERNATING_CHARS * nr &&
      switches >= ALTERNATING_SWITCHES * (run.end - i - 1)
    )
      return true;
    i = run.end - 1;
  }
  return false;
}

/** The page from geometry alone: rows by baseline, columns found by their gutters. */
export function geometricLines(items: RawItem[]): TextLine[] {
  const rows = groupRows(items);
  mergePieces(rows);
  return reorderStaggered(orderRows(rows));
}

function streamToLine(l: StreamLine): TextLine {
  const row = makeRow(l.items, l.y, l.size, l.y, l.spaces);
  return toLine(row.segs, row);
}

function groupRows(items: RawItem[]): Row[] {
  // Stable sort by baseline, top of page first; ties keep content-stream order.
  const sorted = items.map((it, i) => ({ it, i }));
  sorted.sort((a, b) => b.it.y - a.it.y || a.i - b.i);
  const rows: Row[] = [];
  let cur: RawItem[] = [];
  let curY = 0;
  let curSize = 0;
  for (const { it } of sorted) {
    if (cur.length > 0 && Math.abs(curY - it.y) <= 0.35 * Math.max(curSize, it.size)) {
      cur.push(it);
      if (it.size > curSize) curSize = it.size;
      continue;
    }
    if (cur.length > 0) rows.push(makeRow(cur, curY, curSize));
    cur = [it];
    curY = it.y;
    curSize = it.size;
  }
  if (cur.length > 0) rows.push(makeRow(cur, curY, curSize));
  return rows;
}

/**
 * Splits a row into pieces at every gap wider than a word space. With `baseline`, an item off it
 * (a superscript or subscript: a footnote mark, an exponent, an index) is its own word; `spaces`
 * (the line's space items) say which narrow gaps are word spaces (isWordGap).
 */
function makeRow(
  input: RawItem[],
  y: number,
  size: number,
  baseline?: number,
  spaces: ReadonlyArray<readonly [number, number]> = [],
): Row {
  const sorted = byX(input);
  // An accent drawn over a letter is the accented letter ("P´elissier" is "Pélissier"): accents.ts.
  const items = hasAccent(sorted) ? composeAccents(sorted) : sorted;
  const segs: Segment[] = [];
  let seg: Segment | undefined;
  let prevScript = false;
  let prev: RawItem | undefined;
  for (const it of items) {
    const script = baseline !== undefined && isScript(it, baseline, size);
    const gap = seg ? it.x - seg.xEnd : 0;
    const after = prev;
    prev = it;
    if (!seg || gap > PIECE_GAP_EM * Math.max(it.size, 6)) {
      seg = { x: it.x, xEnd: it.x + it.width, text: it.str, items: [it] };
      segs.push(seg);
      prevScript = script;
      continue;
    }
    const subscript = baseline !== undefined && after !== undefined && endsSubscript(after, it, baseline, size);
    // An item off the baseline is a word of its own, but the rest of one script (continuesScript):
    // set on from the script's last item without a word space (a board's file letters under its
    // last rank are scripts of that rank, each a word).
    const ownWord =
      (script || prevScript) &&
      !(
        script &&
        prevScript &&
        after &&
        continuesScript(after, it) &&
        !isWordGap(after.x + after.width, it.x, it.size, spaces)
      );
    // A gap before a word is judged by the smaller of the two sizes (gapSize: a chess board's 8.3 pt
    // rank digit 2.7 pt before its row of 15.6 pt glyphs is a word of its own).
    const needSpace =
      (isWordGap(seg.xEnd, it.x, gapSize(it, after), spaces) || ownWord || subscript) &&
      !/\s$/.test(seg.text) &&
      !/^\s/.test(it.str);
    prevScript = script;
    seg.text += needSpace ? ' ' + it.str : it.str;
    seg.items.push(it);
    seg.xEnd = Math.max(seg.xEnd, it.x + it.width);
  }
  return { y, size, segs };
}

/**
 * Merges a row's pieces back into segments, except at wide gaps and before a piece that starts
 * at a column start of the page (an x where many rows have a piece begin after a gap): the
 * narrow gutter of a two-column index or text.
 */
function mergePieces(rows: Row[]): void {
  const starts = new Map<number, number>();
  for (const r of rows)
    for (let i = 1; i < r.segs.length; i++) {
      const k = Math.round(r.segs[i]!.x);
      starts.set(k, (starts.get(k) ?? 0) + 1);
    }
  const minCount = Math.max(4, rows.length * 0.1);
  const isStart = (x: number) => {
    const k = Math.round(x);
    return (starts.get(k) ?? 0) + (starts.get(k - 1) ?? 0) + (starts.get(k + 1) ?? 0) >= minCount;
  };
  for (const r of rows) {
    if (r.segs.length < 2) continue;
    const out: Segment[] = [r.segs[0]!];
    for (let i = 1; i < r.segs.length; i++) {
      const prev = out[out.length - 1]!;
      const next = r.segs[i]!;
      const gap = next.x - prev.xEnd;
      if (gap > SEGMENT_GAP_EM * Math.max(next.items[0]!.size, 6) || isStart(next.x)) {
        out.push(next);
      } else {
        prev.text = /\s$/.test(prev.text) ? prev.text + next.text : prev.text + ' ' + next.text;
        prev.items.push(...next.items);
        prev.xEnd = Math.max(prev.xEnd, next.xEnd);
      }
    }
    r.segs = out;
  }
}

interface Gap {
  a: number;
  b: number;
}

function gapsOf(row: Row): Gap[] {
  const out: Gap[] = [];
  for (let i = 1; i < row.segs.length; i++) {
    const prev = row.segs[i - 1]!;
    const next = row.segs[i]!;
    out.push({ a: prev.xEnd, b: next.x });
  }
  return out;
}

/** Splits a row at x: segments left of it, segments right of it; null when a segment straddles x. */
function splitAt(row: Row, g: Gap): { left: Segment[]; right: Segment[] } | null {
  const left: Segment[] = [];
  const right: Segment[] = [];
  for (const s of row.segs) {
    if (s.xEnd <= g.a + 0.5) left.push(s);
    else if (s.x >= g.b - 0.5) right.push(s);
    else return null;
  }
  return { left, right };
}

function orderRows(rows: Row[]): TextLine[] {
  const out: TextLine[] = [];
  let i = 0;
  while (i < rows.length) {
    const row = rows[i]!;
    const run = row.segs.length > 1 ? findColumnRun(rows, i) : null;
    if (!run) {
      out.push(toLine(row.segs, row));
      i++;
      continue;
    }
    const rights: TextLine[] = [];
    for (let k = i; k < run.end; k++) {
      const r = rows[k]!;
      const parts = splitAt(r, run.gutter)!;
      if (parts.left.length > 0) out.push(toLine(parts.left, r));
      if (parts.right.length > 0) rights.push(toLine(parts.right, r));
    }
    for (const l of rights) out.push(l);
    i = run.end;
  }
  return out;
}

/** A run of rows starting at `start` that share an empty vertical band (a gutter) with enough text on both sides. */
function findColumnRun(rows: Row[], start: number): { end: number; gutter: Gap } | null {
  const first = rows[start]!;
  for (const g0 of gapsOf(first)) {
    if (g0.b - g0.a < PIECE_GAP_EM * first.size) continue;
    let g: Gap = { a: g0.a, b: g0.b };
    let lastBoth = start;
    let both = 0;
    let leftChars = 0;
    let rightChars = 0;
    let j = start;
    for (; j < rows.length; j++) {
      const r = rows[j]!;
      // Code with aligned comments is not a two-column page; a typewriter word opening a line
      // of one column is no reason to stop reading the columns.
      if (r.segs.length > 1 && r.segs.every((sg) => sg.items[0]!.mono)) break;
      let parts = splitAt(r, g);
      if (!parts) {
        // The row straddles the current band: narrow the band to one of the row's gaps.
        let narrowed: Gap | null = null;
        for (const rg of gapsOf(r)) {
          const a = Math.max(g.a, rg.a);
          const b = Math.min(g.b, rg.b);
          if (b - a >= 0.6 * r.size) {
            narrowed = { a, b };
            break;
          }
        }
        if (!narrowed) break;
        parts = splitAt(r, narrowed);
        if (!parts) break;
        g = narrowed;
      }
      if (parts.left.length > 0 && parts.right.length > 0) {
        both++;
        lastBoth = j;
        for (const s of parts.left) leftChars += s.text.length;
        for (const s of parts.right) rightChars += s.text.length;
      }
    }
    if (both >= MIN_COLUMN_ROWS && leftChars / both >= MIN_COLUMN_CHARS && rightChars / both >= MIN_COLUMN_CHARS) {
      // The longer column runs on alone below the shorter one: keep its rows while they follow
      // at the run's line spacing (a full-width block below starts after a wider gap).
      let end = lastBoth + 1;
      const spacing = (first.y - rows[lastBoth]!.y) / Math.max(1, lastBoth - start);
      while (end < rows.length && end < j) {
        const r = rows[end]!;
        if (rows[end - 1]!.y - r.y > spacing * 1.3 + 0.5 || !splitAt(r, g)) break;
        end++;
      }
      return { end, gutter: g };
    }
  }
  return null;
}

/** A line's or a cell's text as read: trimmed, overlays composed, closing quotes and copyright signs as printed. */
const readAs = (text: string): string => copyrightSigns(closingQuoteCarons(composeOverlays(text.trim())));

function toLine(segs: Segment[], row: Row): TextLine {
  let text = '';
  const fontChars = new Map<string, number>();
  let monoChars = 0;
  let chars = 0;
  let size = 0;
  let sizeChars = 0;
  for (const s of segs) {
    text = text.length === 0 ? s.text : text + ' ' + s.text;
    for (const it of s.items) {
      const n = it.str.length;
      chars += n;
      fontChars.set(it.font, (fontChars.get(it.font) ?? 0) + n);
      if (it.mono) monoChars += n;
      if (n > sizeChars) {
        sizeChars = n;
        size = it.size;
      }
    }
  }
  let font = '';
  let best = -1;
  for (const [f, n] of fontChars) {
    if (n > best) {
      best = n;
      font = f;
    }
  }
  // An example's source with its typeset result beside it on the left (code.ts sourceBeside).
  const mono =
    monoChars * 2 > chars || (monoChars > 0 && segs.length > 1 && sourceBeside(segs.flatMap((s) => s.items)));
  const line: TextLine = {
    text: readAs(text),
    x: segs[0]!.x,
    xEnd: segs[segs.length - 1]!.xEnd,
    y: row.y,
    size: Math.round(size * 10) / 10,
    font,
    mono,
  };
  // A line's first and last words in another font than most of it (a URL in typewriter, then
  // "bounding box not lim-"): said when they differ, for the line-end hyphen rule.
  const first = segs[0]!.items[0]?.mono;
  const last = segs.at(-1)!.items.at(-1)?.mono;
  if (first !== undefined && first !== mono) line.monoStart = first;
  if (last !== undefined && last !== mono) line.monoEnd = last;
  // Each piece's text and extent: a table's cells, when the line is a row of one (tables.ts).
  // Each cell read as the line is ("̸=" is "≠" in a cell too).
  if (segs.length > 1) line.pieces = segs.map((s) => ({ text: readAs(s.text), x: s.x, xEnd: s.xEnd }));
  lineSegments.set(line, segs);
  if (line.mono) {
    // A code line keeps the spaces its glyph positions show (code.ts).
    const set = monoSetting(segs.flatMap((s) => s.items));
    if (set) line.set = { ...set, text: composeSettingOverlays(set.text) };
  }
  return line;
}

/**
 * Two columns whose baselines do not line up (each column set on its own grid) come out of the
 * row pass interleaved: left, right, left... Lines that sit wholly on either side of a common
 * vertical band, alternating, are regrouped column by column.
 */
function reorderStaggered(lines: TextLine[]): TextLine[] {
  const out: TextLine[] = [];
  let i = 0;
  while (i < lines.length) {
    const run = staggeredRun(lines, i);
    if (!run) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    const left: TextLine[] = [];
    const right: TextLine[] = [];
    for (let k = i; k < run.end; k++) {
      const l = lines[k]!;
      (l.xEnd <= run.a + 0.5 ? left : right).push(l);
    }
    out.push(...left, ...right);
    i = run.end;
  }
  return out;
}

function staggeredRun(lines: TextLine[], start: number): { end: number; a: number; b: number } | null {
  const l0 = lines[start]!;
  const l1 = lines[start + 1];
  if (!l1 || l0.mono || l1.mono) return null;
  let a: number;
  let b: number;
  if (l0.xEnd < l1.x) [a, b] = [l0.xEnd, l1.x];
  else if (l1.xEnd < l0.x) [a, b] = [l1.xEnd, l0.x];
  else return null;
  if (b - a < 0.6 * l0.size) return null;
  let lefts = 0;
  let rights = 0;
  let switches = 0;
  let prevSide = 0;
  let lastGood = start;
  for (let j = start; j < lines.length; j++) {
    const l = lines[j]!;
    if (l.mono) break;
    let side: number;
    if (l.xEnd <= a + 0.5) side = -1;
    else if (l.x >= b - 0.5) side = 1;
    else if (l.x < a && l.xEnd > a && l.xEnd < b && l.xEnd - a < 0.5 * (b - a)) {
      // A left line a little longer than those seen so far: the band narrows.
      a = l.xEnd;
      side = -1;
    } else break;
    if (b - a < 0.6 * l.size) break;
    if (side === -1) lefts++;
    else rights++;
    if (prevSide !== 0 && side !== prevSide) switches++;
    prevSide = side;
    lastGood = j;
  }
  if (lefts < 3 || rights < 3 || switches < 4) return null;
  return { end: lastGood + 1, a, b };
}

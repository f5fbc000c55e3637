// Margin notes (LaTeX's \marginpar, the "New feature 2022/06/01" notes of the LaTeX team's
// guides): TeX hangs a note's box on the line it was called from, so the content stream draws the
// note right after that line, in the middle of its paragraph ("it is then best New description
// 2022/06/01 to use the argument type O ..."). A note stands in the right margin, past the text
// block's justified right edge, and is narrow; it is read after the paragraph it stands beside.
import type { RawItem } from './types.ts';
import { byX, type StreamLine } from './stream.ts';

/** A line of the text block is prose (isProse) of this many characters... */
const BODY_CHARS = 30;
/** ...and the page has this many of them, most ending at one x (the justified right edge)... */
const BODY_LINES = 5;
/** ...at least this share of them (a ragged page has no edge to stand outside of). */
const EDGE_SHARE = 0.3;
/** A note starts at least this far (em of its line's size) right of that edge (\marginparsep)... */
const NOTE_GAP_EM = 0.6;
/** ...is set in text size, not script size (a formula's superscripts run past the edge)... */
const NOTE_SIZE = 0.7;
/** ...and is at most this share of the text block's width (\marginparwidth is a strip, not a column). */
const NOTE_WIDTH = 0.4;
/** A body line ending this far (em) short of the right edge is a paragraph's last line. */
const SHORT_EM = 2;
/** Lines that end on one x to make an edge. */
const EDGE_LINES = 3;
/** How far (points) line ends may differ and still be one edge. */
const EDGE_TOLERANCE = 1;
const WORD = /\p{L}{2}/u;

function lineOf(items: RawItem[], spaces: Array<[number, number]>): StreamLine {
  let main = items[0]!;
  for (const it of items) if (it.size > main.size) main = it;
  const x = Math.min(...items.map((it) => it.x));
  const xEnd = Math.max(...items.map((it) => it.x + it.width));
  return {
    items,
    y: main.y,
    size: main.size,
    x,
    xEnd,
    chars: items.reduce((n, it) => n + it.str.length, 0),
    spaces: spaces.filter(([a]) => a >= x && a <= xEnd),
  };
}

/** A line of prose: no gap between its items wider than an em (a table's row has its cells apart). */
export function isProse(l: StreamLine): boolean {
  const items = byX(l.items);
  for (let i = 1; i < items.length; i++) {
    const prev = items[i - 1]!;
    if (items[i]!.x - (prev.x + prev.width) > l.size) return false;
  }
  return true;
}

/** A page's justified text block: its left and right edges and its body text's size (points). */
export interface TextBlock {
  left: number;
  right: number;
  size: number;
}

/** The page's justified text block, or undefined where it has none. */
export function textBlock(lines: readonly StreamLine[]): TextBlock | undefined {
  const body = lines.filter((l) => l.chars >= BODY_CHARS && isProse(l));
  if (body.length < BODY_LINES) return undefined;
  const mode = (xs: number[]): [number, number] => {
    const counts = new Map<number, number>();
    for (const x of xs) counts.set(Math.round(x), (counts.get(Math.round(x)) ?? 0) + 1);
    let best: [number, number] = [0, 0];
    for (const [x, n] of counts) if (n > best[1]) best = [x, n];
    return best;
  };
  // The rightmost edge that 3 lines or more end on: an indented list's edge is not the block's.
  let right: number | undefined;
  let onEdge = 0;
  // The body lines' ends in order: the lines ending within EDGE_TOLERANCE of one are counted by two
  // binary searches, not a pass over all of them for each line.
  const ends = body.map((l) => l.xEnd).sort((a, b) => a - b);
  const firstAbove = (x: number, orEqual: boolean) => {
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (orEqual ? ends[mid]! >= x : ends[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  for (const l of body) {
    const n = firstAbove(l.xEnd + EDGE_TOLERANCE, false) - firstAbove(l.xEnd - EDGE_TOLERANCE, true);
    if (n >= EDGE_LINES && (right === undefined || l.xEnd > right + EDGE_TOLERANCE)) {
      right = Math.round(l.xEnd);
      onEdge = n;
    }
  }
  if (right === undefined || onEdge < EDGE_SHARE * body.length) return undefined;
  const [left] = mode(body.map((l) => l.x));
  const [size] = mode(body.map((l) => l.size));
  return left < right ? { left, right, size } : undefined;
}

/**
 * Where a line holds a margin note: the index of its first item in the right margin (0: the whole
 * line is in the margin), or -1. A note is proportional text of NOTE_SIZE of the body's size or
 * more, starting a gap of NOTE_GAP_EM of the body's size past the edge, after a body part that ends on the edge, and narrower than
 * NOTE_WIDTH of the text block.
 */
export function noteStart(l: StreamLine, block: TextBlock): number {
  const width = block.right - block.left;
  const start = block.right + NOTE_GAP_EM * block.size;
  for (let j = 0; j < l.items.length; j++) {
    const it = l.items[j]!;
    if (it.x < start) continue;
    if (j > 0) {
      const prev = l.items[j - 1]!;
      if (prev.x + prev.width > block.right + EDGE_TOLERANCE) return -1;
    }
    const rest = l.items.slice(j);
    if (rest.some((r) => r.x < start || r.mono || r.size < NOTE_SIZE * block.size)) return -1;
    if (j > 0 && l.items.slice(0, j).every((r) => r.mono)) return -1;
    const xEnd = Math.max(...rest.map((r) => r.x + r.width));
    if (xEnd - it.x > NOTE_WIDTH * width) return -1;
    return j;
  }
  return -1;
}

/**
 * How far a line's items from `start` on reach: from the left of the first of them (in the line's
 * order) to the rightmost end of any of them; -Infinity when none starts at `start` or after. One
 * pass, no arrays: marginNotesAfterParagraphs asks it of every line of a page with a text block.
 */
export function pastEdgeWidth(items: readonly Pick<RawItem, 'x' | 'width'>[], start: number): number {
  let first: number | undefined;
  let end = -Infinity;
  for (const it of items) {
    if (!(it.x >= start)) continue;
    first ??= it.x;
    end = Math.max(end, it.x + it.width);
  }
  return first === undefined ? -Infinity : end - first;
}

/**
 * The page's stream lines with each margin note read after the paragraph it stands beside: after
 * the first body line from the note on that ends short of the right edge (or where the page's
 * text ends), not in the middle of the sentence the stream drew it in. A note after a paragraph's
 * last line, or before any body line, stays where it is. Pages without a justified text block
 * are returned as they are.
 */
export function marginNotesAfterParagraphs(lines: StreamLine[]): StreamLine[] {
  const block = textBlock(lines);
  if (!block) return lines;
  // A line of text past the edge is a column beside the block (an index's), not a margin.
  const start = block.right + NOTE_GAP_EM * block.size;
  const strip = NOTE_WIDTH * (block.right - block.left);
  for (const l of lines) if (pastEdgeWidth(l.items, start) > strip) return lines;
  const out: StreamLine[] = [];
  let pending: StreamLine[] = [];
  let open = false; // the last body line read does not end its paragraph
  let moved = false;
  for (const l of lines) {
    const j = noteStart(l, block);
    if (j < 0) {
      out.push(l);
      open = l.xEnd >= block.right - SHORT_EM * l.size;
      if (!open && pending.length > 0) {
        out.push(...pending);
        pending = [];
      }
      continue;
    }
    const body = j > 0 ? lineOf(l.items.slice(0, j), l.spaces) : undefined;
    const note = j > 0 ? lineOf(l.items.slice(j), l.spaces) : l;
    // A note opens with a word (a date line goes on one: "New description" / "2022/06/01").
    if (pending.length === 0 && !WORD.test(note.items.map((r) => r.str).join(''))) {
      out.push(l);
      continue;
    }
    if (body) {
      out.push(body);
      open = body.xEnd >= block.right - SHORT_EM * body.size;
      if (!open && pending.length > 0) {
        out.push(...pending);
        pending = [];
      }
    }
    if (open) {
      pending.push(note);
      moved = true;
    } else out.push(note);
  }
  if (!moved) return lines;
  out.push(...pending);
  return out;
}

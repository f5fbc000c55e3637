// Margin notes and margin labels. Notes (LaTeX's \marginpar, the "New feature 2022/06/01" notes of the LaTeX team's
// guides): TeX hangs a note's box on the line it was called from, so the content stream draws the
// note right after that line, in the middle of its paragraph ("it is then best New description
// 2022/06/01 to use the argument type O ..."). A note stands in the right margin, past the text
// block's justified right edge, and is narrow; it is read after the paragraph it stands beside.
// Labels (the `doc` and l3doc classes' macro names, \DescribeMacro, set right-aligned in the left
// margin beside the paragraph that describes them) are read before that paragraph.
import type { RawItem } from './types.ts';
import { byX, type StreamLine } from './stream.ts';
import { leftmostEdge } from './code.ts';

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
/** A roman number alone (a part's, a chapter's). */
const ROMAN = /^[IVXLC]{1,6}\.?$/;

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

/** A margin label ends at least this far (em of the body's size) left of the block's left edge (\marginparsep)... */
const LABEL_GAP_EM = 0.4;
/** ...and no further than this: a label hangs against the block, it is not set across the margin. */
const LABEL_REACH_EM = 6;
/** Baselines this close (em of the body's size) are one line's. */
const SAME_LINE_EM = 0.35;
/** A line ending this close (em) to the right edge is justified: its paragraph goes on below it. */
const FULL_EM = 0.5;
/** A label this far (em of the body's size) or less under another is stacked under it. */
const STACK_EM = 1.6;
/** Two x positions this close (points) are one. */
const SAME_X = 1;
const SENTENCE_END = /[.!?:;]["'’”)]*$/u;

/** Lines a page needs at one x, or ending at one x, for an edge of its text block. */
const EDGE_COUNT = 3;

/**
 * A page's text block as its margin labels stand against it: the leftmost x 3 or more lines of
 * prose start their text at (textStart: not all typewriter, labels stacked in the margin are
 * names of one length; after a label run into the line), to a point (a page of
 * listings and short paragraphs has too few long lines for textBlock), the rightmost x 3 or more
 * lines not mostly typewriter end at (else the rightmost end of one), the commonest size.
 * Undefined when no x has 3 lines.
 */
export function labelBlock(lines: readonly StreamLine[]): TextBlock | undefined {
  const starts = new Map<number, number>();
  const ends = new Map<number, number>();
  const sizes = new Map<number, number>();
  for (const l of lines) {
    const start = textStart(l);
    if (start !== undefined) starts.set(start, (starts.get(start) ?? 0) + 1);
    // A listing's lines may run past the block's right edge (luaindex's long `\newcommand`s).
    if (!mostlyTypewriter(l)) {
      const e = Math.round(l.xEnd);
      ends.set(e, (ends.get(e) ?? 0) + 1);
    }
    sizes.set(l.size, (sizes.get(l.size) ?? 0) + 1);
  }
  const left = leftmostEdge(starts, EDGE_COUNT);
  if (left === undefined) return undefined;
  let right = left;
  for (const e of ends.keys())
    if (e > right && (ends.get(e) ?? 0) + (ends.get(e - 1) ?? 0) + (ends.get(e + 1) ?? 0) >= EDGE_COUNT) right = e;
  // Too few lines end at one x (a short page): the longest line's end.
  if (right === left) for (const e of ends.keys()) right = Math.max(right, e);
  let size = 0;
  let n = 0;
  for (const [s, c] of sizes) if (c > n) [size, n] = [s, c];
  return right > left ? { left, right, size } : undefined;
}

/** Is most of a line's text (by characters) set in a typewriter face: a listing's line, numbered or not? */
function mostlyTypewriter(l: Pick<StreamLine, 'items'>): boolean {
  let mono = 0;
  let all = 0;
  for (const r of l.items) {
    all += r.str.length;
    if (r.mono) mono += r.str.length;
  }
  return mono * 2 > all;
}

/** A gap this wide (em) after a line's first word sets it apart: a label run into the line. */
const APART_EM = 0.6;

/**
 * Where a line of prose (not all typewriter) starts its text, to a point: at its first glyph,
 * or after its first word where a gap of APART_EM or more follows it (a label in the margin the
 * stream drew into the line, pdf.js's space item between them aside). Undefined for other lines.
 */
export function textStart(l: StreamLine): number | undefined {
  const items = byX(l.items.filter((r) => r.str.trim() !== ''));
  if (items.length === 0 || items.every((r) => r.mono)) return undefined;
  let k = 0;
  if (items.length > 1 && items[1]!.x - (items[0]!.x + items[0]!.width) >= APART_EM * l.size) k = 1;
  for (let i = k + 1; i < items.length; i++)
    if (items[i]!.x - (items[i - 1]!.x + items[i - 1]!.width) > l.size) return undefined;
  return Math.round(items[k]!.x);
}

/**
 * How many of a line's items (left to right) are a label in the left margin: a tight run with a
 * word of two letters (or of symbols in typewriter ending where a worded label does: `ends`), in text size, ending between LABEL_GAP_EM and LABEL_REACH_EM of the body's
 * size short of the block's left edge, with the rest of the line (if any) prose inside the block.
 * 0: none. Pure.
 */
export function labelLength(l: StreamLine, block: TextBlock, ends: readonly number[] = []): number {
  const items = byX(l.items);
  const stop = block.left - LABEL_GAP_EM * block.size;
  let j = 0;
  while (j < items.length && items[j]!.x + items[j]!.width <= stop) j++;
  if (j === 0) return 0;
  const label = lineOf(items.slice(0, j), l.spaces);
  if (block.left - label.xEnd > LABEL_REACH_EM * block.size || !isProse(label)) return 0;
  if (label.items.some((r) => r.size < NOTE_SIZE * block.size)) return 0;
  // A name of symbols (doc.sty's `\\`, `\\*`) in typewriter, where worded labels end.
  const text = label.items.map((r) => r.str).join('');
  // A part's or chapter's roman number hung in the margin beside its title is the title's.
  if (ROMAN.test(text.trim())) return 0;
  const named =
    WORD.test(text) || (label.items.every((r) => r.mono) && ends.some((e) => Math.abs(e - label.xEnd) <= SAME_X));
  if (!named) return 0;
  if (j < items.length) {
    const rest = lineOf(items.slice(j), l.spaces);
    if (rest.x < block.left - EDGE_TOLERANCE || !isProse(rest)) return 0;
  }
  return j;
}

/**
 * The page's stream lines with each label of the left margin read before the paragraph it stands
 * beside: taken off the line it shares (or its own line, drawn before or after the paragraph)
 * and read before the first line of the paragraph holding the body line of its baseline; labels
 * stacked under it (a line apart, aligned) go with it, whatever they stand beside. A page's
 * labels hang against the block: where two of them start at one x, end at different ones and
 * are not in one stack, or another line starts where a label does, they are the page's own margin (a
 * manual page's tags, a hanging list) and the page is as it was. Pages without a justified text
 * block, or without labels, are returned as they are.
 */
export function marginLabelsBeforeParagraphs(lines: StreamLine[]): StreamLine[] {
  const block = labelBlock(lines);
  if (!block) return lines;
  // The labels with a word; where they end, names of symbols ending there are labels too.
  const worded = lines.map((l) => labelLength(l, block));
  const ends: number[] = [];
  lines.forEach((l, i) => {
    if (worded[i]! > 0) ends.push(lineOf(byX(l.items).slice(0, worded[i]), l.spaces).xEnd);
  });
  if (ends.length === 0) return lines;
  const body: StreamLine[] = [];
  // Each label, with the body line it was drawn on or before (-1: none).
  const labels: { label: StreamLine; on: number; before: number }[] = [];
  const starts: number[] = [];
  for (const [i, l] of lines.entries()) {
    const j = worded[i] || labelLength(l, block, ends);
    if (j === 0) {
      body.push(l);
      starts.push(l.x);
      continue;
    }
    const items = byX(l.items);
    const label = lineOf(items.slice(0, j), l.spaces);
    if (j < items.length) {
      body.push(lineOf(items.slice(j), l.spaces));
      starts.push(body.at(-1)!.x);
      labels.push({ label, on: body.length - 1, before: body.length - 1 });
    } else labels.push({ label, on: -1, before: body.length });
  }
  // Every other line stands in the block: a line starting left of it (a table's first column, a
  // title) says the block's edge was misread (a page of rows: their second column's x).
  if (labels.length === 0 || body.some((b) => b.x < block.left - EDGE_TOLERANCE)) return lines;
  // The labels top to bottom, each with the stack it belongs to (stacked: a line under the one above).
  const order = [...labels].sort((p, q) => q.label.y - p.label.y);
  const stackOf = new Map<StreamLine, number>();
  order.forEach((a, k) =>
    stackOf.set(a.label, k > 0 && stacked(order[k - 1]!.label, a.label, block) ? stackOf.get(order[k - 1]!.label)! : k),
  );
  for (const a of labels) {
    if (starts.some((x) => Math.abs(x - a.label.x) <= SAME_X)) return lines;
    for (const b of labels)
      if (
        stackOf.get(a.label) !== stackOf.get(b.label) &&
        Math.abs(a.label.x - b.label.x) <= SAME_X &&
        Math.abs(a.label.xEnd - b.label.xEnd) > SAME_X
      )
        return lines;
  }
  const near = SAME_LINE_EM * block.size;
  const slots = new Map<number, StreamLine[]>();
  // Labels stacked in the margin (one under the other, right-aligned) read together, before the
  // paragraph the first stands beside: the stack may run down beside a listing under it.
  let above: { label: StreamLine; at: number } | undefined;
  for (const a of order) {
    // A label drawn on a line of its own: the body line on its baseline, else where it was drawn.
    const on =
      a.on >= 0 ? a.on : body.findIndex((b) => Math.abs(b.y - a.label.y) <= near && b.x >= block.left - EDGE_TOLERANCE);
    const start = on >= 0 ? paragraphStart(body, on, block) : a.before;
    // A label beside the first line of a paragraph of prose is that paragraph's, stacked or not;
    // one beside a later line or a listing goes with the label over it.
    const opens = on >= 0 && start === on && opensProse(body[on]!);
    const at = above && stackOf.get(above.label) === stackOf.get(a.label) && !opens ? above.at : start;
    slots.set(at, [...(slots.get(at) ?? []), a.label]);
    above = { label: a.label, at };
  }
  const out: StreamLine[] = [];
  body.forEach((b, i) => {
    out.push(...(slots.get(i) ?? []), b);
  });
  out.push(...(slots.get(body.length) ?? []));
  return out;
}

/** Does a line open with a word of prose: its first glyphs not typewriter, nor a listing's line number? */
function opensProse(l: StreamLine): boolean {
  const first = byX(l.items).find((r) => r.str.trim() !== '');
  return first !== undefined && !first.mono && !/^\d+$/.test(first.str.trim());
}

/** Does label `b` stand right under label `a` in the margin: a line or less below, aligned with it (right or left)? */
function stacked(a: StreamLine, b: StreamLine, block: TextBlock): boolean {
  return (
    a.y > b.y &&
    a.y - b.y <= STACK_EM * block.size &&
    (Math.abs(a.xEnd - b.xEnd) <= SAME_X || Math.abs(a.x - b.x) <= SAME_X)
  );
}

/**
 * The first line of the paragraph holding body line `i`: back over lines of its size, each above
 * the next by about a line, the one above justified to the right edge without ending a sentence,
 * the one below not indented.
 */
function paragraphStart(body: readonly StreamLine[], i: number, block: TextBlock): number {
  let s = i;
  while (s > 0) {
    const cur = body[s]!;
    const prev = body[s - 1]!;
    const text = prev.items
      .map((r) => r.str)
      .join('')
      .trimEnd();
    if (
      cur.x > block.left + FULL_EM * cur.size ||
      prev.x < block.left - EDGE_TOLERANCE ||
      Math.abs(prev.size - cur.size) > 0.1 * cur.size ||
      prev.y - cur.y <= 0 ||
      prev.y - cur.y > 2 * cur.size ||
      prev.xEnd < block.right - FULL_EM * cur.size ||
      SENTENCE_END.test(text)
    )
      break;
    s--;
  }
  return s;
}

// Lines in content-stream order, and the signs that a page's stream is not in reading order.
// Each rule is a pure function of the items or lines; layout.ts decides from them which reading
// of a page to keep (docs/chunk-quality.md, "Rules the pipeline applies").
import type { RawItem } from './types.ts';

/** A line as the content stream draws it: consecutive items on one baseline. */
export interface StreamLine {
  items: RawItem[];
  /** Baseline of the line's main text (its largest item, the first among equals). */
  y: number;
  /** Largest font size on the line. */
  size: number;
  x: number;
  xEnd: number;
  chars: number;
  /** Spans of the space items drawn on the line: a gap a space fills is a word space, not a gutter. */
  spaces: Array<[number, number]>;
}

/** The items left to right: as they are when the stream draws them so (most lines), else a sorted copy. */
export function byX(items: RawItem[]): RawItem[] {
  for (let i = 1; i < items.length; i++) if (items[i]!.x < items[i - 1]!.x) return [...items].sort((p, q) => p.x - q.x);
  return items;
}

/** Baseline difference (em of the larger size) within which two items share a row. */
const ROW_EM = 0.35;
/** A superscript or subscript (an item at most this share of the line's size)... */
const SCRIPT_RATIO = 0.85;
/** ...sits up to this far (em of the larger size) from the baseline. */
const SCRIPT_EM = 0.6;
/**
 * A lowered item at most this share of the line's size is a subscript (endsSubscript): a size
 * smaller, as a card in 8 pt sets its indices in 7 (0.875), not only SCRIPT_RATIO's. A lowered
 * letter of a logo in the main size (the E of TeX) stays none.
 */
const SUBSCRIPT_RATIO = 0.9;
/** An item drawing the same text within this distance (em) of one already on the line is an overprint. */
const OVERPRINT_EM = 0.2;

/**
 * Below this ratio of sizes, an item and a line are of two kinds of text (a slide title's wrapped
 * last word beside a listing's first line, 44 pt against 10 pt): the row tolerance is the smaller
 * size's, never the larger's, which spans a line of the small text.
 */
const DISPARATE = 0.5;

/** Baseline difference (em of the smaller size) within which an item is on the line wherever it is drawn. */
const SAME_BASELINE_EM = 0.1;
/** How far (em) an item may start back over the line's end and still follow it (kerning, italics). */
const FOLLOW_EM = 0.3;

/**
 * Does `it`, the next item of the stream, continue `line`? It does when it sits on the line's
 * baseline, or near it (a superscript or subscript, a lowered logo letter, or the line is one of
 * those and `it` its main text), and goes on to the right of the line, or lies wholly to its left
 * (a right-aligned tag or page number drawn before its entry), or is an accent over it. An item
 * off the baseline drawn back over the line's text is another line: a subtitle under a title set
 * with huge braces, whose size would otherwise make the tolerance a whole line. Text of less than
 * half the other's size and apart from it (not touching its ends) shares its row only within the
 * smaller size's tolerance, or as a script that follows it (a callout's number drawn over its
 * circle keeps the larger tolerance): a slide title's second line ("(3)", 44 pt) is no part of the 10 pt listing line
 * whose height it reaches.
 */
export function joinsLine(line: StreamLine, it: RawItem): boolean {
  const big = Math.max(line.size, it.size);
  const small = Math.min(line.size, it.size);
  const dy = Math.abs(it.y - line.y);
  if (dy <= SAME_BASELINE_EM * small) return true;
  const follows = it.x >= line.xEnd - FOLLOW_EM * it.size || kernedOn(line, it);
  const before = it.x + it.width <= line.x + FOLLOW_EM * it.size;
  const accent = it.str.length <= 2 && it.x >= line.x && it.x <= line.xEnd;
  if (!follows && !before && !accent) return false;
  // Apart from the line (not touching its ends): text of another kind, unless on its very row.
  const apart = it.x > line.xEnd + FOLLOW_EM * big || it.x + it.width < line.x - FOLLOW_EM * big;
  if (dy <= ROW_EM * (small < DISPARATE * big && apart ? small : big)) return true;
  const scriptSize = small <= SCRIPT_RATIO * big || (small < big && touchesEnd(line, it));
  return (follows || accent) && scriptSize && dy <= SCRIPT_EM * big && it.x <= line.xEnd + big;
}

/** How far (em of the larger size) an item may start from the line's end and still touch it. */
const TOUCH_EM = 0.1;

/**
 * Does `it` start where the line ends (within TOUCH_EM either way), set on from its last glyph?
 * A script a size or so smaller than its base but closer to it than SCRIPT_RATIO (a reference
 * card set in 8 pt with 7 pt exponents, "2" "n" of 2^n: 0.875) is still a script when it touches
 * its base: the line's next word on another row never starts at the line's very end.
 */
export function touchesEnd(line: StreamLine, it: RawItem): boolean {
  return Math.abs(it.x - line.xEnd) <= TOUCH_EM * Math.max(line.size, it.size);
}

/**
 * Is `line` a lone glyph or two (an item icon) that `it`, the text it leads, joins off its
 * baseline? The line's baseline is then the text's. Beamer themes set an item's icon in a symbol
 * font larger than the text and lower (formation-latex-ul: FontAwesome's "b", 24.79 pt, its
 * baseline 14 pt under the 9.96 pt text's), so the text joined the icon's line as a superscript
 * (joinsLine) and the line kept the icon's baseline: the LaTeX logo's raised "A" further on fell
 * outside the icon's reach and opened a line ("... les commandes L" / "ATEX pour identifier").
 */
export function leadGlyph(line: StreamLine, it: RawItem): boolean {
  const only = line.items.length === 1 ? line.items[0]! : undefined;
  return (
    only !== undefined &&
    only.str.trim().length <= 2 &&
    it.str.trim().length > 2 &&
    it.size < DISPARATE * only.size &&
    Math.abs(it.y - only.y) > SAME_BASELINE_EM * it.size
  );
}

/**
 * Does `it` start within the last glyph of the line's last item, on the line's row (within ROW_EM)?
 * A logo kerns its next letter back over the one before, and may lower it: xy-pic's XY sets the Y
 * 0.3 em back over the X's advance and lowered ("X" "Y-pic", 1.9 pt down at 10.9 pt), past
 * FOLLOW_EM, so the rest of the line after the logo became a line of its own ("Um destes é o X" /
 * "Y-pic, descrito..."). Starting inside the last glyph (its share of the item's width) and no
 * further back, it is that glyph's kerned neighbour, not text drawn over the line.
 */
export function kernedOn(line: StreamLine, it: RawItem): boolean {
  const last = line.items.at(-1);
  if (!last || last.str.length === 0) return false;
  const end = last.x + last.width;
  const glyph = last.width / last.str.length;
  return (
    it.x >= end - glyph &&
    it.x < end &&
    Math.abs(it.y - last.y) <= ROW_EM * Math.max(last.size, it.size) &&
    it.size >= SCRIPT_RATIO * last.size
  );
}

/**
 * Does `it` start a word after `prev`, a subscript of the line on `baseline` whose main size is
 * `size`? A subscript is smaller and a little lowered (TeX sets an index 0.15 em down, under
 * isScript's offset); the letter after it on the baseline in the main size starts the next factor
 * or word ("a" "mn" "x" "m+n" is "amn xm+n", as pdftotext reads it, not "amnxm+n"), where no gap
 * says so: TeX sets the factors of a product without space. A subscript a size smaller than its
 * base (SUBSCRIPT_RATIO: a reference card set in 8 pt sets its indices in 7, 0.875) is one all
 * the same: "a" "k" "b" "k" of a_k b_k is "ak bk", not "akbk".
 */
export function endsSubscript(prev: RawItem, it: RawItem, baseline: number, size: number): boolean {
  const drop = baseline - prev.y;
  const lowered =
    prev.size <= SUBSCRIPT_RATIO * size && drop > SAME_BASELINE_EM * prev.size && drop <= SCRIPT_EM * size;
  const onBase = it.size > SCRIPT_RATIO * size && Math.abs(it.y - baseline) <= SAME_BASELINE_EM * it.size;
  return lowered && onBase && /^\p{L}/u.test(it.str);
}

/** Is `it` a superscript or subscript of a line on `baseline` whose main size is `size`? */
export function isScript(it: RawItem, baseline: number, size: number): boolean {
  return Math.abs(it.y - baseline) > ROW_EM * Math.max(size, it.size);
}

/**
 * Does `it` go on the script `prev`, in one word with it? Both off the line's baseline (isScript)
 * at one height, `it` set on from `prev`'s end: TeX sets an exponent's symbols, letters and signs
 * in the fonts of each ("−", "α", "t" of e^{−αt}), one glyph run after the other without space,
 * and pdftotext reads them as one word ("e −αt"); read as words of their own, "α t" matched no
 * other reading and the exponent's words no search. A gap a word space wide still parts them
 * (the caller's test, layout.ts: it knows the line's space items).
 */
export function continuesScript(prev: RawItem, it: RawItem): boolean {
  const size = Math.max(prev.size, it.size);
  return Math.abs(it.y - prev.y) <= SAME_BASELINE_EM * size && it.x >= prev.x + prev.width - SAME_BASELINE_EM * size;
}

/**
 * Is `it` the same text drawn again at (nearly) the same place as an item of `line`? Fake bold
 * prints each word twice a fraction of a point apart; read both and "SAMPLE" becomes "SAAMMPPLLEE".
 */
export function isOverprint(line: StreamLine, it: RawItem): boolean {
  const tol = OVERPRINT_EM * it.size;
  return line.items.some((o) => o.str === it.str && Math.abs(o.x - it.x) <= tol && Math.abs(o.y - it.y) <= tol);
}

/**
 * How many leading characters of `it`, the next item of `line`, draw again the line's last
 * characters where they already stand: all of `it` when it is wholly such a copy, 0 when none is.
 * Fake bold that prints each glyph twice a fraction of a point apart comes out of pdf.js as items
 * that straddle the copies ("S" "A" "AM" "MP" "PL"...): each starts back over the line's end by
 * the width of the characters it repeats. Read as drawn, "SAMPLE" becomes "SAAMMPPLLEE".
 */
export function redrawnPrefix(line: StreamLine, it: RawItem): number {
  const last = line.items[line.items.length - 1];
  if (!last || last.str.length === 0 || it.str.length === 0) return 0;
  const back = last.x + last.width - it.x;
  if (back <= OVERPRINT_EM * it.size) return 0;
  const perChar = last.width / last.str.length;
  const max = Math.min(last.str.length, it.str.length);
  for (let k = 1; k <= max; k++) {
    const repeated = it.str.slice(0, k);
    if (repeated.trim().length === 0 || !last.str.endsWith(repeated)) continue;
    // The item starts back by about the width of the characters it repeats (their copies lie
    // within 0.2 em of them), never by a mere kern.
    if (back >= 0.5 * k * perChar && Math.abs(back - k * perChar) <= 2 * OVERPRINT_EM * it.size) return k;
  }
  return 0;
}

/** A gap (em) narrower than this is a kern or an italic correction, whatever item fills it. */
const MIN_SPACE_EM = 0.08;

/**
 * Is the gap from `a` to `b` (on a line of font size `size`) a word space the stream drew? It is
 * when a space item (a space glyph, or the space pdf.js puts where it sees a word gap) covers half
 * of it or more. A justified line squeezed tight, or a word set in another font (a typewriter
 * command name in running text), leaves a gap narrower than the layout's own space threshold: the
 * space item is then all that tells "\marginpar należy" from "\marginparnależy".
 */
export function spaceFills(
  spaces: ReadonlyArray<readonly [number, number]>,
  a: number,
  b: number,
  size: number,
): boolean {
  if (b - a < MIN_SPACE_EM * size) return false;
  return spaces.some(([sa, sb]) => Math.min(b, sb) - Math.max(a, sa) >= 0.5 * (b - a));
}

const BLANK = /^\s*$/;
/** Widest space item (em) that is a word space, however loose the justified line. */
const WORD_SPACE_EM = 1.5;

/**
 * The page's items (content order) as lines in content order. Space items carry no text (the
 * layout puts spaces where the gaps are) but are kept as spans: they tell word spaces from gutters.
 */
export function streamLines(items: RawItem[]): StreamLine[] {
  const lines: StreamLine[] = [];
  let cur: StreamLine | undefined;
  for (const drawn of items) {
    let it = drawn;
    if (BLANK.test(it.str)) {
      // pdf.js also inserts a space item over any gap it sees between two runs, gutters included:
      // only a space of a word space's width (justified lines stretch theirs) fills a gap.
      if (cur && it.width > 0 && it.width <= WORD_SPACE_EM * it.size && joinsLine(cur, it))
        cur.spaces.push([it.x, it.x + it.width]);
      continue;
    }
    if (it.size <= 0) continue;
    if (cur && joinsLine(cur, it)) {
      if (isOverprint(cur, it)) continue;
      const redrawn = redrawnPrefix(cur, it);
      if (redrawn >= it.str.length) continue;
      if (redrawn > 0) {
        // The rest of the item starts where the line ends: the copies' width is off its own.
        const last = cur.items[cur.items.length - 1]!;
        const back = last.x + last.width - it.x;
        it = { ...it, str: it.str.slice(redrawn), x: it.x + back, width: Math.max(0, it.width - back) };
      }
      const lead = leadGlyph(cur, it);
      cur.items.push(it);
      cur.x = Math.min(cur.x, it.x);
      cur.xEnd = Math.max(cur.xEnd, it.x + it.width);
      cur.chars += it.str.length;
      if (it.size > cur.size) {
        cur.size = it.size;
        cur.y = it.y;
      } else if (lead) cur.y = it.y;
      continue;
    }
    cur = { items: [it], y: it.y, size: it.size, x: it.x, xEnd: it.x + it.width, chars: it.str.length, spaces: [] };
    lines.push(cur);
  }
  return lines;
}

/** A gap inside a line at least this wide (em), not filled by a space item, splits it into pieces... */
const GUTTER_EM = 1;
/** ...and may be a gutter when the pieces on both sides are column text: this many characters... */
const SIDE_CHARS = 20;
/** ...and words (not a table cell, a page number, a code line and its comment)... */
const SIDE_WORDS = 4;
/** ...on this many lines whose left sides end at one x and right sides start at one x (the
 * edges of two justified columns). */
const GUTTER_LINES = 5;
/** How far (points) the edges may differ and still be one column edge. */
const EDGE_TOLERANCE = 2;

interface LineGap {
  line: number;
  a: number;
  b: number;
  size: number;
}

const isColumnText = (text: string): boolean =>
  text.length >= SIDE_CHARS && text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= SIDE_WORDS;

/** Gaps inside a line, not filled by a space item, between two pieces of column text. */
export function wideGaps(l: StreamLine, index = 0): LineGap[] {
  if (l.items.length < 2 || l.chars < 2 * SIDE_CHARS) return [];
  const items = byX(l.items);
  const pieces: Array<{ text: string; x: number; xEnd: number; size: number }> = [];
  for (const it of items) {
    const last = pieces[pieces.length - 1];
    const a = last?.xEnd ?? 0;
    const b = it.x;
    const filled = l.spaces.some(([sa, sb]) => Math.min(b, sb) - Math.max(a, sa) >= 0.5 * (b - a));
    if (last && (b - a < GUTTER_EM * it.size || filled)) {
      last.text += (b - a > 0.18 * it.size ? ' ' : '') + it.str;
      last.xEnd = Math.max(last.xEnd, it.x + it.width);
    } else pieces.push({ text: it.str, x: it.x, xEnd: it.x + it.width, size: it.size });
  }
  const out: LineGap[] = [];
  for (let i = 1; i < pieces.length; i++) {
    const left = pieces[i - 1]!;
    const right = pieces[i]!;
    if (isColumnText(left.text) && isColumnText(right.text))
      out.push({ line: index, a: left.xEnd, b: right.x, size: right.size });
  }
  return out;
}

/**
 * Does the stream draw rows across a gutter (left column's line, then the right column's line on
 * the same baseline, and so on)? True when 5+ lines have column text on both sides of one gap,
 * the left sides ending at one x and the right sides starting at one x: two justified columns.
 * Pages drawn column after column never join two columns' lines: their rows stop at the gutter.
 * A sentence space in a loose line is not aligned with others; a table's cells are short or
 * ragged; a code line's comment starts at one x but the code before it ends anywhere.
 */
export function crossesGutter(lines: StreamLine[]): boolean {
  const gaps: LineGap[] = [];
  lines.forEach((l, i) => gaps.push(...wideGaps(l, i)));
  if (gaps.length < GUTTER_LINES) return false;
  for (const g of gaps) {
    const seen = new Set<number>();
    for (const h of gaps) {
      const overlap = Math.min(g.b, h.b) - Math.max(g.a, h.a);
      if (overlap >= 0.5 * g.size && Math.abs(g.a - h.a) <= EDGE_TOLERANCE && Math.abs(g.b - h.b) <= EDGE_TOLERANCE)
        seen.add(h.line);
    }
    if (seen.size >= GUTTER_LINES) return true;
  }
  return false;
}

/** A line this long (characters) is text, not a label of a figure or a table cell. */
const TEXT_CHARS = 20;
/** The stream wanders when this many text lines, and this share of them, go back up their column... */
const MIN_RETURNS = 3;
const RETURN_SHARE = 0.2;
/** ...or when this share of all its steps, short lines included, go back up (a page drawn bottom up). */
const RETURN_SHARE_ALL = 0.5;

/** Steps from a line to the next that go back up the same column, and all steps. */
function returnsOf(lines: StreamLine[]): { returns: number; steps: number } {
  let returns = 0;
  let steps = 0;
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const l = lines[i]!;
    steps++;
    const overlap = Math.min(prev.xEnd, l.xEnd) - Math.max(prev.x, l.x);
    if (l.y > prev.y + Math.max(prev.size, l.size) && overlap > 0) returns++;
  }
  return { returns, steps };
}

/**
 * Does the stream go back up the page within a column, line after line? Column-ordered text goes
 * down a column and jumps up only to the next column (to the right), or once to a header or a
 * float drawn out of turn; a stream that draws text in another order (by font, by object, bottom
 * up) keeps returning above lines it has drawn. Counted on text lines, since the tick labels of a
 * plot are drawn in any order and say nothing; and on all lines for a page drawn bottom up.
 */
export function wanders(lines: StreamLine[]): boolean {
  const text = returnsOf(lines.filter((l) => l.chars >= TEXT_CHARS));
  if (text.returns >= MIN_RETURNS && text.returns >= RETURN_SHARE * text.steps) return true;
  const all = returnsOf(lines);
  return all.returns > 0 && all.returns >= RETURN_SHARE_ALL * all.steps;
}

/** An item that opens with a letter or a digit: a word, which a word space may part from the item before. */
const WORD_START = /^[\p{L}\p{N}]/u;

/**
 * The size a gap before `it` is judged by: before a word, the smaller of its size and the item
 * before's (`before`: a word space after a small word is its own font's, a kern of the larger one:
 * a chess board's 8.3 pt rank digit before its row of 15.6 pt glyphs); before a sign, its own (a
 * subscript's italic correction before a full-size period is no space). The layout's rows
 * (layout.ts makeRow) and a listing's setting (code.ts monoSetting) judge alike.
 */
export function gapSize(it: Pick<RawItem, 'str' | 'size'>, before: Pick<RawItem, 'size'> | undefined): number {
  return before !== undefined && WORD_START.test(it.str) ? Math.min(it.size, before.size) : it.size;
}

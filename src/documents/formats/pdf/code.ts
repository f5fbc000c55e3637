// Code blocks: lines set in a monospaced font (known from the font's FixedPitch flag or its equal
// glyph advances, which pdf.js reads into `mono`) kept as the page sets them. A monospaced font
// puts every character on a grid of one advance, so a glyph's x says its column: the spaces
// inside a line and the indentation of each line come back from the positions, whatever the
// text layer says of them (a run of spaces is often drawn as a move, or as one space). Each rule
// is a pure function with its table of tests (test/documents/formats/pdf/code.test.ts).
import type { MonoSetting, RawItem, TextLine } from './types.ts';
import { byX, gapSize } from './stream.ts';
import { breakArrowAt, joinLines, rightMargin } from './clean.ts';

export type { MonoSetting };

/** A gap (em) after which an item that does not sit on the grid still gets a space before it. */
const SPACE_GAP_EM = 0.18;
/** An item this far (em) off the line's baseline is a superscript or subscript. */
const SCRIPT_EM = 0.35;

/**
 * The advance of one character of the line's monospaced font: the median of width / characters
 * over its monospaced items without blanks, each counted once per character it holds (an item
 * holding spaces may have had a run of them drawn as one), else the least such ratio over all of
 * them (a missing space only widens it). The least ratio of an item with blanks also bounds the
 * median: a one-glyph item of a math font that pdf.js calls monospaced (a subset of one or two
 * glyphs has equal widths: DocBook's wrap arrow ←↩ after a long line of code) is no measure of
 * the line's typewriter face.
 */
export function monoAdvance(items: readonly RawItem[]): number | undefined {
  const solid: [ratio: number, chars: number][] = [];
  let least = Infinity;
  const code = codeSize(items);
  for (const it of items) {
    if (!it.mono || it.width <= 0 || lineNumberItem(it, code)) continue;
    const n = [...it.str].length;
    if (n === 0) continue;
    const a = it.width / n;
    if (!/\s/.test(it.str)) solid.push([a, n]);
    else if (it.str.trim().length > 0 && a < least) least = a;
  }
  if (solid.length > 0) {
    solid.sort((p, q) => p[0] - q[0]);
    const total = solid.reduce((t, [, n]) => t + n, 0);
    let seen = 0;
    let median = solid.at(-1)![0];
    for (const [a, n] of solid) {
      seen += n;
      if (seen * 2 > total) {
        median = a;
        break;
      }
    }
    return Math.min(median, least);
  }
  return Number.isFinite(least) ? least : undefined;
}

/**
 * The size a line's code is set in, for telling its line number: its largest monospaced item
 * holding a letter, else (a numbered line of a brace alone: `20 }`) its largest monospaced item
 * that is no number alone. FreeFem's `\tiny` `20` before a `}` made the digits the line's measure:
 * `20     }` five columns in, the page's brace at the code column. A line of code of signs and
 * digits (doc.sty's and l3doc's macrocode: `464 + #2`, `1198 { 0 }`, `575 { ##1, },`, the number
 * in a small sans face pdf.js calls monospaced) is measured by its code: taking only items without
 * a digit, none was left, the number measured the line, and its code stood twice as far in.
 */
export function codeSize(items: readonly Pick<RawItem, 'str' | 'size' | 'mono'>[]): number {
  const sizes = (test: (s: string) => boolean) =>
    items.filter((it) => it.mono && test(it.str.trim())).map((it) => it.size);
  const letters = sizes((s) => /\p{L}/u.test(s));
  return Math.max(0, ...(letters.length > 0 ? letters : sizes((s) => s !== '' && !/^\d+$/.test(s))));
}

/** Below this share of the code's size, digits alone are a line number set in smaller type. */
const NUMBER_SIZE = 0.85;

/**
 * Is `it` a numbered listing's line number, no measure of the line's typewriter face: digits
 * alone in smaller type than the line's code (of `codeSize`). The LaTeX listings package's
 * `numbers=left` sets them in `\tiny` Computer Modern, whose digits share one width, so pdf.js
 * calls the run monospaced; a line of code all of whose other runs hold a blank (`oldf = f`) then
 * took the digit's width for its advance, and its indentation came out 1.6 times too deep.
 */
export function lineNumberItem(it: Pick<RawItem, 'str' | 'size'>, codeSize: number): boolean {
  return /^\d+$/.test(it.str.trim()) && it.size < NUMBER_SIZE * codeSize;
}

/** A letter or a digit: an item of text, not a sign. */
const TEXT = /[\p{L}\p{N}]/u;

/** A list's bullet or dash drawn before an item's text. */
const BULLET = /^[\u2022\u25E6\u25AA\u25AB\u2023\u2219\u00B7\u25CF\u25CB\u25A0\u25A1\u2013\u2014*-]$/;

/**
 * A line's text as a monospaced font sets it: each item at the column its x gives (the line's
 * first glyph at column 0), spaces filling the columns between, the items' own text as drawn.
 * An item off the grid (a line number in a proportional font) follows the text before it, with a
 * space when a gap shows one. Undefined when the line is no line of code: no monospaced item to
 * measure, a word in a proportional font (prose with typewriter words: "override_dh_auto_build
 * pour cela."), or a list's bullet before typewriter text (a list item naming a command).
 */
export function monoSetting(input: readonly RawItem[]): MonoSetting | undefined {
  let items = byX(input.filter((it) => it.str.length > 0 && it.str.trim().length > 0));
  if (items.some((it) => !it.mono && /\p{L}/u.test(it.str))) return undefined;
  if (items.length > 0 && !items[0]!.mono && BULLET.test(items[0]!.str.trim())) return undefined;
  let advance = monoAdvance(items);
  if (advance === undefined || items.length === 0) return undefined;
  const from = resultBeside(items, advance);
  if (from > 0) {
    items = items.slice(from);
    advance = monoAdvance(items);
    if (advance === undefined) return undefined;
  }
  // A superscript or subscript (a footnote mark) is a word of its own, as the layout reads it.
  let main = items[0]!;
  for (const it of items) if (it.size > main.size) main = it;
  const script = (it: RawItem) => Math.abs(it.y - main.y) > SCRIPT_EM * main.size;
  const numbered = numberedOrigin(items, advance, codeSize(items), script);
  const x0 = numbered ?? items[0]!.x;
  let text = '';
  let cols = 0;
  let end = x0;
  // A line opening with a monospaced sign (no letter or digit) is placed by its first word.
  const lead = items[0]!.mono && !TEXT.test(items[0]!.str);
  let anchor: { x: number; col: number } | undefined;
  // Where column 0 of the grid stands: the line's first glyph, moved by each item off the grid.
  let origin = x0;
  let prev: RawItem | undefined;
  for (const it of items) {
    // After an item off the grid (a `<` in math italic, wider than a column), the text is
    // shifted off it: the column is counted from that item's end when that gives fewer spaces,
    // and the grid goes on from where the next item stands (Doxygen's `set< size_t > & kmers`:
    // every sign wider than a column shifts the rest of the line).
    const offGrid = prev !== undefined && !prev.mono;
    // The first item opens the line (a numbered line's number: column 0 however narrow it is).
    let col = prev ? Math.round((it.x - origin) / advance) : 0;
    // Never more spaces than the gap from the item before holds: items of a slanted or another
    // typewriter face set with TeX's glue (Sphinx's grammar rules: `labelblock*`) are off the
    // grid by a fraction of a column, which must not round into a space.
    // The code after a line's number stands where numberedOrigin put column 0 for it.
    if (prev && !(numbered !== undefined && prev === items[0]))
      col = Math.min(col, cols + Math.max(0, Math.round((it.x - end) / advance)));
    if (col > cols) {
      text += ' '.repeat(col - cols);
      cols = col;
    } else if (
      prev &&
      // A gap before a word judged by the smaller of the two sizes, as the layout judges it (makeRow).
      (it.x - end > SPACE_GAP_EM * gapSize(it, prev) || script(it) || script(prev)) &&
      !/\s$/.test(text) &&
      !/^\s/.test(it.str)
    ) {
      text += ' ';
      cols++;
    }
    if (offGrid && it.mono) origin = it.x - cols * advance;
    if (!anchor && lead && it.mono && TEXT.test(it.str)) anchor = { x: it.x, col: cols };
    text += it.str;
    cols += [...it.str].length;
    end = Math.max(end, it.x + it.width);
    prev = it;
  }
  const blanks = text.length - text.trimStart().length;
  const body = text.trim();
  if (body.length === 0) return undefined;
  // A line opening with a sign (Sphinx's continuation mark ˓→, right-aligned in a box two
  // characters wide) stands where its first typewriter word puts column 0, not at the sign's x.
  const x = anchor ? anchor.x - (anchor.col - blanks) * advance : x0 + blanks * advance;
  const size = typeSize(items);
  return size === undefined ? { text: body, x, advance } : { text: body, x, advance, size };
}

/** Blank columns between an example's typeset result and its source set beside it, at least. */
const BESIDE_COLS = 8;

/**
 * Where the source of a line starts when the typeset result of an example stands left of it on
 * the same line: the index of the first item after a gap of BESIDE_COLS columns or more, when every
 * item before the gap holds no letter, one of them is not monospaced and they are not a number
 * alone (a listing's line number, numberedOrigin, stands a column or two from its code); else 0.
 * LaTeX manuals set an example's result beside its source (lshort and its translations: the big
 * parenthesis and the exponent of `(x+1)(x-1)` squared, or an equation's number `(8)`, level with
 * the source's `\[`); a result holding a letter makes no code line at all (monoSetting), but signs
 * and digits alone were read as the source line's start: `)2 \[` in place of `\[`.
 */
export function resultBeside(items: readonly Pick<RawItem, 'str' | 'x' | 'width' | 'mono'>[], advance: number): number {
  let end = -Infinity;
  let plain = false;
  let signs = '';
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (i > 0 && it.x - end >= BESIDE_COLS * advance) return plain && !/^\d+$/.test(signs) ? i : 0;
    if (/\p{L}/u.test(it.str)) return 0;
    if (!it.mono) plain = true;
    signs += it.str.replace(/\s+/g, '');
    end = Math.max(end, it.x + it.width);
  }
  return 0;
}

/**
 * Is a line that is not mostly monospaced the source of an example with its typeset result beside
 * it (resultBeside), every item after the result monospaced? Then it is a code line: the result's
 * signs and digits outweighed a short source line (`)2` beside `\\[`).
 */
export function sourceBeside(input: readonly RawItem[]): boolean {
  const items = byX(input.filter((it) => it.str.trim().length > 0));
  const advance = monoAdvance(items);
  if (advance === undefined) return false;
  const from = resultBeside(items, advance);
  return from > 0 && items.slice(from).every((it) => it.mono);
}

/**
 * Where column 0 of a numbered listing's line stands, on the grid of its code: the line's number
 * (digits alone, in another face or in smaller type than the code, on the code's baseline)
 * right-aligned, so that it takes as many columns as it has digits, ending where the number ends,
 * and the column grid snapped to the first item of code after it. The listings package
 * (`numbers=left`) and DBLaTeX's `linenumbering` set the numbers right-aligned at one x and the
 * code at another; a number's digits are narrower than the code's columns, so counting the columns
 * from the number's left edge (`9` at 120.2, `10` at 116.5, code at 157.8 in 5.73-unit columns:
 * 6.58 and 7.22) rounds a line numbered 10 or more a column short of a line numbered 1 to 9.
 * Undefined when the line opens with no such number, or nothing follows it, or its code touches it.
 */
export function numberedOrigin(
  items: readonly RawItem[],
  advance: number,
  codeSize: number,
  script: (it: RawItem) => boolean,
): number | undefined {
  const num = items[0];
  const code = items[1];
  if (!num || !code || !code.mono || script(num) || !/^\d+$/.test(num.str)) return undefined;
  if (num.mono && !lineNumberItem(num, codeSize)) return undefined;
  const n = num.str.length;
  const right = num.x + num.width;
  if (num.width >= n * advance || code.x - right < NUMBER_GAP_EM * code.size) return undefined;
  const cols = n + Math.max(1, Math.ceil((code.x - right) / advance - COLUMN_SLACK));
  return code.x - cols * advance;
}

/**
 * A line number stands at least this far (em of the code) from its code: less is touching. Not a
 * word space: the number is in a face of its own, so any gap parts it (metalogox, doc.sty at 9 pt:
 * `6` 0.16 em from `\newcommand`, read glued, `6\newcommand`, a column left of its listing).
 */
const NUMBER_GAP_EM = 0.1;

/**
 * A gap from a line number's end to its code this share of a column past a whole number of columns
 * opens one more column. The code stands at least a column from its number, so a gap a fraction
 * of a column wide is that column; rounded instead, a listing whose code stands 0.41 of a column
 * from its numbers (fontaxes: `2 \DeclareRobustCommand`) had its indented lines 2.41 columns off
 * rounded to 2 and its others raised to 1, and each indentation read a column short.
 */
const COLUMN_SLACK = 0.25;

/**
 * The type size of a line of code: the largest size of its monospaced items that hold a letter.
 * A listing's line numbers are often set smaller in the same typewriter face (FreeFem's manual:
 * `2` at 6 units before `{` at 10.9), and a line of digits or signs alone (a numbered blank line,
 * `5`) says nothing of the listing's size: undefined.
 */
export function typeSize(items: readonly RawItem[]): number | undefined {
  let size: number | undefined;
  for (const it of items)
    if (it.mono && /\p{L}/u.test(it.str) && (size === undefined || it.size > size)) size = it.size;
  return size;
}

/** One line of a run of code lines, as the page sets it (see monoSetting), and where it is. */
export interface CodeLine {
  text: string;
  x: number;
  advance: number;
  /** Baseline of the line (of its last page line, when it joins several: joinedCodeLine). */
  y: number;
  /** Baseline of its first page line, when it joins several (joinedCodeLine). */
  top?: number;
  page: number;
  /** Right end of the line's last glyph. */
  xEnd?: number;
  /** The page's text block: left edge and right edge of its prose lines, when they show them. */
  left?: number;
  right?: number;
  /**
   * The left edge most pages of the same side (odd or even) show (sideEdges): where a listing
   * running on onto the next page is measured from, when its page shows an edge at all.
   */
  sideLeft?: number;
  /** A tagged line: its structure element (one element per line of code, as an office suite tags). */
  block?: number;
  /** The type size of the line's text (MonoSetting.size, typeSize), where known. */
  size?: number;
}

/** Baseline of a code line's first page line. */
const topOf = (l: CodeLine) => l.top ?? l.y;

/**
 * One line of code from the page lines of a paragraph that Doxygen's identifier break joined
 * (clean.ts breakArrowAt: "raptor::f< mode >::membership←↩" then "_agent ( ) const  [inline]"):
 * each line as its font sets it (its spaces kept, as monoSetting reads them), the arrow gone and
 * the identifier's parts joined without a space (joinLines), at the first line's x. Undefined
 * unless every line is code and every line but the last ends with the break arrow.
 */
export function joinedCodeLine(lines: readonly CodeLine[]): CodeLine | undefined {
  if (lines.length < 2) return lines[0];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (breakArrowAt(lines[i]!.text) < 0 || lines[i + 1]!.page !== lines[i]!.page) return undefined;
  }
  let text = '';
  for (const l of lines) text = joinLines(text, l.text);
  const last = lines.at(-1)!;
  const joined: CodeLine = { ...lines[0]!, text, y: last.y, top: lines[0]!.y };
  if (last.xEnd !== undefined) joined.xEnd = last.xEnd;
  else delete joined.xEnd;
  return joined;
}

/**
 * Left edges of two parts of one block (from their page's text edge) this close are one
 * indentation grid: a part may be all indented, as deep as code nests (ReportLab's
 * `('BOX', ...)` and `]))` at 24 columns closing a call begun on the page before, gri's
 * continuation line at 18 under `set x axis labels ...`); a listing that goes on in the other
 * column of a two-column page is a column width (40+ characters) away.
 */
const SAME_GRID_CHARS = 30;

/** A code line's page's left edge for the grid of a listing across a page turn: its side's, else its page's own. */
const gridLeft = (l: CodeLine) => l.sideLeft ?? l.left;

/** Do two parts of a block, on successive pages, sit on one indentation grid (see codeBlockLines)? */
function sameGrid(a: CodeLine, edgeA: number, b: CodeLine, edgeB: number): boolean {
  const la = gridLeft(a);
  const lb = gridLeft(b);
  if (a.page === b.page || la === undefined || lb === undefined) return false;
  return Math.abs(edgeA - la - (edgeB - lb)) <= SAME_GRID_CHARS * b.advance;
}

/**
 * Each page's left edge as most pages of its side (odd or even) show it, for the pages that show
 * one: a page whose prose is all indented (a Texinfo `@table`'s descriptions, its typewriter terms
 * at the margin being code; a Sphinx page of configuration values, their names at the margin in
 * a few lines) shows its descriptions' x, 3 to 10 columns in, though its text block stands where
 * the next page's does, so a listing running on from one to the other was set off its grid
 * (`:class:` 3 columns right of `:scale:` over a page turn). Two-sided pages keep their sides
 * apart. Ties: the smaller x. Each of `pages` (default: the pages of `own`) that shows no edge
 * of its own takes its side's too, when that side has one: a page filled with code (a Sphinx
 * manual's OCaml example running over a whole page, no prose line on it) stands in the same text
 * block as its side's other pages, and a listing running on onto or off it keeps its grid
 * (`let post = ...` 2 columns left of where it stands, measured from the page's own leftmost line).
 */
export function sideEdges(own: ReadonlyMap<number, number>, pages: Iterable<number> = own.keys()): Map<number, number> {
  const votes = [new Map<number, number>(), new Map<number, number>()];
  for (const [page, x] of own) votes[page % 2]!.set(x, (votes[page % 2]!.get(x) ?? 0) + 1);
  const side = votes.map((v) => {
    let best: [number, number] | undefined;
    for (const [x, n] of v) if (!best || n > best[1] || (n === best[1] && x < best[0])) best = [x, n];
    return best?.[0];
  });
  const out = new Map<number, number>();
  for (const page of new Set([...own.keys(), ...pages])) {
    const x = side[page % 2];
    if (x !== undefined) out.set(page, x);
  }
  return out;
}

/** An untagged line wrapped by the typesetter ends at most this many characters short of the right edge. */
const FULL_CHARS = 2;

/** A vertical step this many times the run's closest line spacing leaves a blank line. */
const BLANK_STEP = 1.7;

/**
 * The blank lines a vertical step `dy` between two lines of a listing leaves, the listing's line
 * spacing being `step`: none for a step under BLANK_STEP lines, one, or two where the step is a
 * line wider still (an author's two blank lines parting a listing's sections: Texinfo and LaTeX
 * verbatim set each blank line as a line). More are read as two: a vertical skip says no count.
 */
export function blankLines(dy: number, step: number): number {
  if (!(dy >= BLANK_STEP * step)) return 0;
  return dy >= (BLANK_STEP + 1) * step ? 2 : 1;
}

const LINE_NUMBER = /^(\d+)(?:\s|$)/;

/**
 * Does `b` open with the line number after `a`'s (a numbered listing: Doxygen's source files,
 * LaTeX listings with `numbers=left`)? Then it is the listing's next line, never `a` wrapped.
 */
export function numberedNext(a: string, b: string): boolean {
  const m = LINE_NUMBER.exec(a);
  const n = LINE_NUMBER.exec(b);
  return m !== null && n !== null && Number(n[1]) === Number(m[1]) + 1;
}

/**
 * Is `l` a line of a numbered listing, as the lines round it show: it opens with its number, and
 * the line after it opens with the next (`next`, numberedNext), or the line before it, a line of
 * typewriter, with the one before (`prev`)? Such a line is the listing's, however its number
 * stands against the prose above it: doc.sty sets its macrocode's numbers in the margin, left of
 * the text, and `224` could not have fit at the end of the paragraph's short last line above, so
 * the fit rules (clean.ts proseInType: the first word overflowed the line above) ran
 * `224 \newcommand{\indentpattern}[1]{%` on into that paragraph.
 */
export function numberedListingLine(
  l: Pick<TextLine, 'text'>,
  next: Pick<TextLine, 'text'> | undefined,
  prev: Pick<TextLine, 'text' | 'mono'> | undefined,
): boolean {
  return (
    (next !== undefined && numberedNext(l.text, next.text)) || (prev?.mono === true && numberedNext(prev.text, l.text))
  );
}

/**
 * Is line `b` the rest of a numbered listing's line `a` that the typesetter wrapped: `a` opens
 * with its number, `b` with none of the listing's, and the line after it (`after`) with the
 * number after `a`'s? A word processor wraps a preformatted line too long for its box wherever
 * its last blank falls, a long word short of the edge (a Debian guide's changelog trailer, its
 * line numbers typed in: `7  -- Prénom Nom <...>  Mon, 22 Mar 2010` ending 5 characters short,
 * then `00:37:31 +0100`, then `8`); the numbers say where each line of the listing starts.
 */
export function numberedRest(a: string, b: string, after: string | undefined): boolean {
  const m = LINE_NUMBER.exec(a);
  if (!m || after === undefined || LINE_NUMBER.test(b)) return false;
  const n = LINE_NUMBER.exec(after);
  return n !== null && Number(n[1]) === Number(m[1]) + 1;
}

/**
 * A line number alone, or before code of no letter (`23 }`: a closing brace of a numbered
 * listing; l3doc's `1263 #1`, a parameter in the code's face after its number in a small sans):
 * signs, and digits only beside a sign (two numbers alone are no line of code).
 */
export function numberAlone(text: string): boolean {
  return /^\d+(?:\s+(?=[^\p{L}]*[^\p{L}\p{N}\s])[^\p{L}]+)?$/u.test(text.trim());
}

/**
 * Is `l` a numbered listing's line whose number, in a proportional face, outweighs its code: a
 * number as its first piece, then typewriter to its end (`125 \fi` in doc.sty's listings, the
 * number in 7 pt roman and as many characters of code: the line came out no typewriter line)?
 */
function numberThenCode(l: TextLine): boolean {
  return l.monoEnd === true && l.pieces !== undefined && l.pieces.length >= 2 && /^\d+$/.test(l.pieces[0]!.text);
}

/**
 * The setting of a numbered listing's line that its font did not set (a number alone, a number and
 * a brace, a number and a short line of code: numberedBlankLines) on the grid of its neighbour
 * `code`: its number right-aligned with the neighbour's (numberColumnX), each later piece of the
 * line at the column its left edge stands at, so that `125 \fi` keeps its indentation under
 * `123     \ifbitbox@top`. A line read in one piece is set as read.
 */
export function numberedSetting(l: Pick<TextLine, 'text' | 'pieces'>, code: MonoSetting): MonoSetting {
  const x = numberColumnX(code, l.text);
  if (l.pieces === undefined) return { text: l.text, x, advance: code.advance };
  let text = l.pieces[0]!.text;
  for (const p of l.pieces.slice(1)) {
    const column = Math.max(text.length + 1, Math.round((p.x - x) / code.advance));
    text = text.padEnd(column) + p.text;
  }
  return { text, x, advance: code.advance };
}

/** A typewriter face's character is at least this share of an em wide (Computer Modern's and Latin Modern's 0.525, Courier's 0.6). */
const TYPEWRITER_EM = 0.5;

/**
 * The type size of a line of code, for its step to the next: its line's dominant size, or its
 * code's where the setting knows it, else at most its advance over TYPEWRITER_EM. A line of a
 * brace and its number (`567 }`) has more characters of number than of code, and the number's
 * 6-unit size made the 11-unit step to the blank line under it too far.
 */
export function settingSize(code: Pick<TextLine, 'size' | 'set'>): number {
  const set = code.set;
  if (!set) return code.size;
  return Math.max(code.size, set.size ?? set.advance / TYPEWRITER_EM);
}

/**
 * Is `l` a numbered listing's blank line (its number alone) that pdf.js read as a line of
 * typewriter, set from its own digits: its setting knows no type size (monoSetting: no item with a
 * letter), so its column 0 and its advance are the number's, not the listing's?
 */
export function blankNumberSet(l: Pick<TextLine, 'mono' | 'text' | 'set'>): boolean {
  return l.mono && l.set !== undefined && l.set.size === undefined && /^\d+$/.test(l.text.trim());
}

/**
 * A numbered listing's lines that hold no letter or digit of code, or too little code to outweigh
 * their number (`125 \fi`: numberThenCode), read as its lines: a blank line shows its number
 * alone, a closing brace its number and the brace. When the numbers are set
 * in a proportional face (DBLaTeX's `linenumbering="numbered"`: `24` in a serif face beside
 * Courier), such a line is mostly not typewriter, so it was no code line: the listing fell apart
 * at each blank line and `34 } 35` ran into one paragraph. A line is taken as code when the line
 * just before it on the page is a line of code that opens with the number before its own
 * (numberedNext), in the same column (its left edge within two characters) and the next line
 * down (within two of that line's sizes). Its text is set on that line's grid (numberedSetting).
 */
export function numberedBlankLines(lines: readonly TextLine[]): TextLine[] {
  const out: TextLine[] = [];
  // The line of code that a line goes on: the one just before it (its number before this one's),
  // or else the one just after (its number after): a blank line's number opening the page, the
  // listing's line before it on the page before; or a line after a paragraph that l3doc sets
  // inside a listing (nicematrix: `I don't know why ...` between `1262 { ... }` and `1263 #1`).
  const goesOn = (code: TextLine | undefined, l: TextLine, above: boolean) =>
    code?.set !== undefined &&
    (above ? numberedNext(code.set.text, l.text) : numberedNext(l.text, code.set.text)) &&
    Math.abs(l.x - code.x) <= 2 * code.set.advance &&
    (above
      ? code.y > l.y && code.y - l.y <= 2 * settingSize(code)
      : l.y > code.y && l.y - code.y <= 2 * settingSize(code));
  // Its number right-aligned with the neighbour's, on that line's grid (numberedSetting).
  const set = (l: TextLine, code: TextLine): MonoSetting => numberedSetting(l, code.set!);
  // A number alone that pdf.js calls monospaced (l3doc's line numbers: a small sans face whose
  // digits share one width) is set by its own digits, which say nothing of the listing's grid
  // (its setting knows no size): `  568` two columns right of `567 }`. It is set on its
  // neighbour's grid too (blankNumberSet).
  const loose = (l: TextLine) =>
    !l.tag && ((!l.mono && !l.set && (numberAlone(l.text) || numberThenCode(l))) || blankNumberSet(l));
  for (let i = lines.length - 1; i >= 0; i--) out.unshift(lines[i]!);
  for (let i = out.length - 1; i >= 0; i--) {
    const l = out[i]!;
    if (!loose(l)) continue;
    // The line before goes first (the forward pass) when it is the listing's line before this one.
    const before = out[i - 1];
    if (before?.set !== undefined && numberedNext(before.set.text, l.text)) continue;
    const after = out[i + 1];
    if (after && goesOn(after, l, false)) out[i] = { ...l, mono: true, set: set(l, after) };
  }
  for (let i = 0; i < out.length; i++) {
    const l = out[i]!;
    if (!loose(l)) continue;
    const before = out[i - 1];
    if (before && goesOn(before, l, true)) out[i] = { ...l, mono: true, set: set(l, before) };
  }
  return out;
}

/**
 * Where a numbered listing's line opening with `text`'s number stands, beside a numbered line of
 * code (`code`, set from its number's column 0: numberedOrigin): the numbers right-aligned, so a
 * number of fewer digits starts as many columns further right. A blank line's number read at its
 * own left edge stood a fraction of a column off the grid of the lines around it, and could round
 * into a column of its own (`  2` under ` 1  \documentclass`).
 */
export function numberColumnX(code: MonoSetting, text: string): number {
  const digits = (t: string) => LINE_NUMBER.exec(t)?.[1]?.length ?? 0;
  return code.x + (digits(code.text) - digits(text)) * code.advance;
}

/**
 * Does a block whose left edge is `left` stand in the right half of its page's text block? LaTeX
 * manuals set an example's source beside its result (l2kurz, lshort: a box flush with the right
 * margin), so its long lines end at the right edge without being wrapped; an office suite's
 * preformatted text, the one that wraps at the edge, starts at the text's left edge or a few
 * indents in.
 */
export function sideBySide(left: number, edges: TextEdges): boolean {
  if (edges.left === undefined || edges.right === undefined) return false;
  return left - edges.left > (edges.right - edges.left) / 2;
}

/**
 * A continuation mark opening a line: the typesetter wrapped the line above and says so (Sphinx's
 * `˓→`, fvextra's and listings' `↪`, `↳`, `⤷`).
 */
const CONTINUATION_MARK = /^\u02D3?[\u2192\u21AA\u21B3\u2937]/u;

/**
 * A line that starts a line of its own in any program: closing brackets alone (`}`, `});`, `]`)
 * or a C preprocessor directive (`#endif`, `# error "..."`). A line that fills the text width
 * above one of them is a long line, not a wrapped one (Texinfo's and LaTeX's verbatim text never
 * wraps; a word processor wraps at a blank, and no rest of a line starts with those).
 */
export const OWN_LINE =
  /^(?:[)}\]]+[;,]?\s*$|#\s*(?:if|ifdef|ifndef|elif|else|endif|error|warning|define|undef|include|pragma|line)\b)/;

/**
 * A line ending with a backslash after a blank: the author broke the line there and says so (a
 * shell command, a Makefile rule, a C macro going on). A typesetter wrapping at a blank leaves
 * no such end, so the next line is a line of its own, however long its first word (an office
 * suite's tagged PDF: `make install \` then `  DESTDIR=/chemin/vers/paquet_version-...`, both
 * lines one element).
 */
export const BACKSLASH_END = /(?:^|\s)\\$/;

/**
 * Typesetters that never wrap a line of verbatim text, named in a PDF's Creator or Producer: TeX
 * in every form (Texinfo, LaTeX and its classes, DBLaTeX, pdfTeX, XeTeX, LuaTeX, dvips, dvipdfmx,
 * MiKTeX), groff (`.nf` text), ReportLab (Preformatted, XPreformatted). A line of their listings
 * that ends at the right edge is a long line, whatever the line under it starts with. Case
 * counts: `TeX` is written so by every engine and format, and iText or TextMaker are no TeX.
 * LaTeX packages that break long verbatim lines on request (listings', fvextra's and minted's
 * `breaklines`) are the exception: their continuation lines then stay lines of their own, as
 * printed, with no text lost.
 */
const NEVER_WRAPS = /TeX|dvips|dvipdfm|groff|gropdf|ReportLab/;

/**
 * May the typesetter of a PDF (its Creator and Producer, `typesetter`) have wrapped a line of
 * preformatted text at the text's right edge? An office suite and a browser do (a paragraph of
 * preformatted text wraps like any other); TeX, groff and ReportLab never do (NEVER_WRAPS): a
 * Texinfo example's `\url = "http://..."` ending at the margin then `open "lynx ..."`, a
 * DBLaTeX listing's `..., executivepaper,` then `legalpaper.` are two lines each. Unknown or
 * unnamed typesetters may wrap.
 */
export function wrapsVerbatim(typesetter: string | undefined): boolean {
  return !NEVER_WRAPS.test(typesetter ?? '');
}

/**
 * Does line `b` go on with line `a`, wrapped there by the typesetter (an office suite wraps a
 * long line of preformatted text at the text block's right edge)? `a` ends inside the text block
 * and `b`'s first word would not have fitted after it; `b` is the next line of the same page, at
 * the block's line spacing `step` (a blank line between them is no wrap: gri's `# Example 7 ...`
 * comment ending at the margin, then a blank line, then the next command), and not the next
 * line of a numbered listing (numberedNext). In a tagged PDF both lines are of one element (an office suite tags each line of code as an element of its own);
 * without tags `a` must also fill the line to within two characters, since a long line of code
 * followed by a long word is common, and `b` must start at the block's left edge `left` (where a
 * wrapped line's rest goes; an indented line is a line of its own: `  <tgroup ...>` under a
 * full line of XML, l2kurz's example lines in a box), and the block must not stand beside its
 * result in the right half of the text block (sideBySide). A line of code that ends short, or
 * overflows the margin (TeX never wraps verbatim text), is a line of its own. So is a line the
 * page marks as continued (CONTINUATION_MARK): the listing is kept as printed, mark and all, as
 * DocBook's wrap arrows at a line's end are. Never when the typesetter never wraps verbatim text
 * (`wraps` false: wrapsVerbatim).
 */
export function wrapsOnto(
  a: CodeLine,
  b: CodeLine,
  step = Infinity,
  left?: number,
  wraps = true,
  after?: CodeLine,
): boolean {
  if (!wraps) return false;
  // The geometry first: a few comparisons, where the marks below are three scans of the text.
  if (a.right === undefined || a.xEnd === undefined || a.page !== b.page || topOf(b) >= a.y) return false;
  if (CONTINUATION_MARK.test(b.text) || OWN_LINE.test(b.text.trim()) || BACKSLASH_END.test(a.text)) return false;
  if (a.block !== b.block || a.y - topOf(b) >= BLANK_STEP * step || numberedNext(a.text, b.text)) return false;
  const slack = a.advance / 2;
  if (a.xEnd > a.right + slack) return false;
  // A numbered listing says where its lines start (numberedRest): a rest needs no full line before it.
  const rest = numberedRest(a.text, b.text, after?.text);
  if (a.block === undefined && !rest && a.xEnd < a.right - FULL_CHARS * a.advance) return false;
  if (a.block === undefined && left !== undefined && Math.abs(b.x - left) > slack) return false;
  if (a.block === undefined && left !== undefined && sideBySide(left, a)) return false;
  const word = [...(/^\S+/.exec(b.text)?.[0] ?? '')].length;
  return word > 0 && a.xEnd + a.advance * (1 + word) > a.right + slack;
}

/**
 * A wrapped line and its rest (wrapsOnto) as one line: a blank between them, where the
 * typesetter broke at a blank and dropped it, or none after a hyphen inside a word, where it
 * broke without one (a word processor breaks a long URL after its hyphen:
 * `.../packaging-manuals/copyright-` then `format/1.0/`). A hyphen alone after a blank is a word
 * of its own (`a -` then `b`), as is a hyphen after a sign (`--`).
 */
export function joinRest(line: string, rest: string): string {
  return /[\p{L}\p{N}]-$/u.test(line) ? line + rest : `${line} ${rest}`;
}

/**
 * The lines of a code block as written: each line indented by its distance, in characters, from
 * the block's left edge, a line the typesetter wrapped joined again (wrapsOnto), and a blank
 * line (two: blankLines) where the vertical step is clearly wider than the block's line spacing (no line is joined
 * when `wraps` is false: the typesetter never wraps verbatim text, wrapsVerbatim). The left edge is
 * the leftmost line of the same page and column; a block that goes on onto the next page keeps
 * its edge there when both pages show their text block's left edge and the two parts sit at
 * nearly the same distance from it (a part of one line may be all indented), else the next page
 * or column is measured afresh.
 */
export function codeBlockLines(lines: readonly CodeLine[], wraps = true): string[] {
  // The run's closest line spacing: a step clearly wider holds a blank line.
  let step = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const dy = lines[i - 1]!.page === lines[i]!.page ? lines[i - 1]!.y - topOf(lines[i]!) : 0;
    if (dy > 0 && dy < step) step = dy;
  }
  // The run's left edge on each page: where a wrapped line's rest starts.
  const lefts = new Map<number, number>();
  for (const l of lines) lefts.set(l.page, Math.min(lefts.get(l.page) ?? Infinity, l.x));
  // Parts of the run on one page and column: a new part where the page changes or the run goes
  // back up the page. Wrapped lines join the line they go on.
  const parts: CodeLine[][] = [];
  lines.forEach((l, i) => {
    const last = parts.at(-1)?.at(-1);
    // A wrapped line stays in its part with no left edge of its own (x: Infinity marks it).
    if (last && wrapsOnto(last, l, step, lefts.get(l.page), wraps, lines[i + 1]))
      parts.at(-1)!.push({ ...l, x: Infinity });
    else if (!last || last.page !== l.page || topOf(l) >= last.y) parts.push([l]);
    else parts.at(-1)!.push(l);
  });
  const edges = parts.map((part) => Math.min(...part.map((l) => l.x)));
  // Parts on successive pages at nearly the same distance from their page's text edge share
  // one grid: the least distance of the chain.
  for (let k = 0; k < parts.length; ) {
    let end = k + 1;
    while (end < parts.length && sameGrid(parts[end - 1]![0]!, edges[end - 1]!, parts[end]![0]!, edges[end]!)) end++;
    if (end - k > 1) {
      let d = Infinity;
      for (let j = k; j < end; j++) d = Math.min(d, edges[j]! - gridLeft(parts[j]![0]!)!);
      for (let j = k; j < end; j++) edges[j] = gridLeft(parts[j]![0]!)! + d;
    }
    k = end;
  }
  const out: string[] = [];
  parts.forEach((part, k) => {
    const left = edges[k]!;
    part.forEach((l, i) => {
      if (l.x === Infinity) {
        out[out.length - 1] = joinRest(out[out.length - 1]!, l.text);
        return;
      }
      if (i > 0) for (let n = blankLines(part[i - 1]!.y - topOf(l), step); n > 0; n--) out.push('');
      const indent = Math.max(0, Math.round((l.x - left) / l.advance));
      out.push(' '.repeat(indent) + l.text);
    });
  });
  return out;
}

/**
 * Type sizes further apart than this ratio are two sizes of type: one listing is set in one size,
 * and a line of another size beside it is a heading (set 1.2 to 2 times the body's size: a
 * Texinfo heading naming a command, `9.3.4.2 convert columns to spline`, at 13.1 over the
 * definition's 10.9; ReportLab's guide's API headings in Courier at 14 over listings at 8) or a
 * footnote (`\footnotesize` under `\normalsize`: 1.2 to 1.25, as 8.97 under 10.91). LaTeX's
 * `\small` against `\normalsize` (1.1) stays under it.
 */
const SIZE_RATIO = 1.15;

/**
 * Are two code lines set in two sizes of type (SIZE_RATIO)? Read from the sizes of their items,
 * not from their measured advances: a line's advance is measured low where an item holding a
 * blank bounds it (a numbered listing's `7 f=x*y; plot(f);`: 3.65 against 5.73 of the lines
 * around it), its size is not. Unknown sizes are one size.
 */
export function otherSize(a: CodeLine, b: CodeLine): boolean {
  return otherTypeSize(a.size, b.size);
}

/** Are two type sizes two sizes of type (SIZE_RATIO)? Unknown sizes are one size. */
export function otherTypeSize(a: number | undefined, b: number | undefined): boolean {
  if (a === undefined || b === undefined || a <= 0 || b <= 0) return false;
  return Math.max(a, b) > SIZE_RATIO * Math.min(a, b);
}

/**
 * The runs of code lines that make code blocks: [start, end) of each run of 2+ consecutive lines
 * that are code (`undefined` stands for anything else: prose, a heading, a row). A line of code
 * alone stays a line of text (a command name over its description, a typewriter term). With
 * `byPage` (a slide deck) a run ends with its page. A run also ends where the type changes size
 * (otherSize): a heading set in typewriter (ReportLab's guide: `9.2 XPreformatted(text, style,
 * bulletText=None,`, its number in a proportional face, at 1.75 times the listing's size) or a
 * footnote holding a URL in typewriter is no line of the listing above or below it; with it, the
 * block's left edge went to the heading's or the footnote's x, and the listing's lines, 7.5
 * columns in, rounded apart (`self...` at 15, `if ...` at 16).
 */
export function codeRuns(lines: readonly (CodeLine | undefined)[], byPage = false): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = -1;
  const close = (end: number) => {
    if (start >= 0 && end - start >= 2) out.push([start, end]);
    start = -1;
  };
  // The run's last line of a known size.
  let sized: CodeLine | undefined;
  lines.forEach((l, i) => {
    if (!l) return close(i);
    if (start >= 0 && byPage && lines[i - 1]!.page !== l.page) close(i);
    if (start >= 0 && sized && otherSize(sized, l)) close(i);
    if (start < 0) {
      start = i;
      sized = undefined;
    }
    if (l.size !== undefined) sized = l;
  });
  close(lines.length);
  return out;
}

/** A page's text block edges, as its prose lines show them (see textBlockEdges). */
export interface TextEdges {
  left?: number;
  right?: number;
}

/** How far (em) left of the text block's left edge a margin name ends, at least... */
const MARGIN_GAP_EM = 0.5;
/** ...and, beside a line of prose, at most: a name hangs against the text it names. */
const MARGIN_REACH_EM = 3;

/**
 * Does a line of prose open with a name hung in the margin of a page whose edge the other lines
 * show (`edge`): its first piece, in typewriter, ends MARGIN_GAP_EM to MARGIN_REACH_EM left of it?
 * doc.sty sets the macro a paragraph describes there, on the baseline of the paragraph's first line
 * (leaflet: `\pending@@write Doesn’t work correctly...`); three such lines on a page made the
 * names' x its edge, and the names stacked beside a listing then stood in it, its lines indented
 * eighteen columns.
 */
export function opensWithHungName(l: Pick<TextLine, 'monoStart' | 'pieces' | 'size'>, edge: number): boolean {
  const first = l.pieces?.[0];
  if (l.monoStart !== true || first === undefined || l.pieces!.length < 2) return false;
  return first.xEnd < edge - MARGIN_GAP_EM * l.size && first.xEnd >= edge - MARGIN_REACH_EM * l.size;
}

/** A line of a letter, or of symbols only (`⋆`): a name or a mark, never a listing's number or brace. */
const MARGIN_NOTE = /\p{L}|^[\p{S}\s]+$/u;

/**
 * Does a line with a letter, or of symbols only, stand wholly in the left margin, ending
 * MARGIN_GAP_EM or more left of the text block's left edge (`left`: textBlockEdges, sideEdges)? The
 * documentation of a LaTeX package (ltxdoc, doc.sty) sets the names of the macros a paragraph or a
 * listing defines in typewriter, right-aligned in the left margin beside it ("\bf@leftcurly" over
 * "\bf@rightcurly"), and marks in the margin (doc.sty's `⋆`): names and marks, not lines of the
 * listing beside them, which they joined, its lines then indented by the names' x. A listing's
 * line numbers and braces in the margin have no letter and are no symbols. `left` is Infinity
 * where no edge is known: nothing is in the margin then.
 */
export function inLeftMargin(line: Pick<TextLine, 'xEnd' | 'size' | 'text'>, left: number): boolean {
  return Number.isFinite(left) && line.xEnd < left - MARGIN_GAP_EM * line.size && MARGIN_NOTE.test(line.text);
}

/** Prose lines a page needs to show its text block's edges. */
const EDGE_LINES = 3;
/** Ragged lines end within this share of the text's width of the right edge, 3+ of them. */
const RAGGED_SHARE = 0.15;

/**
 * The left and right edges of a page's text block from its prose (not monospaced) lines: the
 * left edge the leftmost x (to 1 pt) where 3+ of them start (list items and quotations start
 * further right, however many they are), the right edge as rightMargin finds it (the common end
 * of justified lines, else the longest line) when 3+ lines end there or near it (ragged text). A
 * page of headings and short lines (a Doxygen page of function signatures: its titles end
 * anywhere) shows no right edge: the longest of them is not the margin; nor does a page where 3+
 * lines (code or prose) run far past the common end of a few lines (titles of one length).
 */
export function textBlockEdges(lines: readonly TextLine[]): TextEdges {
  const prose = lines.filter((l) => !l.mono);
  if (prose.length < EDGE_LINES) return {};
  const leftOf = (ls: readonly TextLine[]) => {
    const counts = new Map<number, number>();
    for (const l of ls) counts.set(Math.round(l.x), (counts.get(Math.round(l.x)) ?? 0) + 1);
    return leftmostEdge(counts, EDGE_LINES);
  };
  // Lines that open with a name hung in the margin of the edge the other lines show start at no x.
  const plain = leftOf(prose.filter((l) => l.monoStart !== true));
  const left = leftOf(plain === undefined ? prose : prose.filter((l) => !opensWithHungName(l, plain)));
  let right: number | undefined = rightMargin(prose.map((l) => l.xEnd));
  const width = right - (left ?? Math.min(...prose.map((l) => l.x)));
  if (prose.filter((l) => l.xEnd >= right! - RAGGED_SHARE * width - 1).length < EDGE_LINES) right = undefined;
  // Lines of any font, 3+ of them, running far past it: the edge was a few titles of one length
  // (a Doxygen page of signatures: "index_factory() [1/4]" three times over its members' code).
  else if (lines.filter((l) => l.xEnd > right! + RAGGED_SHARE * width).length >= EDGE_LINES) right = undefined;
  const edges: TextEdges = {};
  if (left !== undefined) edges.left = left;
  if (right !== undefined) edges.right = right;
  return edges;
}

/**
 * The leftmost x (whole points) where `min` or more lines start, counting those a point either
 * side (`counts`: lines by the x they start at); undefined where none: a page's text edge
 * (textBlockEdges; margin-notes.ts labelBlock; the code measure's ownTextEdges).
 */
export function leftmostEdge(counts: ReadonlyMap<number, number>, min: number): number | undefined {
  let left: number | undefined;
  for (const [x, n] of counts) {
    const near = n + (counts.get(x - 1) ?? 0) + (counts.get(x + 1) ?? 0);
    if (near >= min && (left === undefined || x < left)) left = x;
  }
  return left;
}

/** A gap or an x this close (a share of a column) to a whole number of columns is on the grid. */
const GRID_SLACK = 0.12;

/** A listing's column grid, as a code line beside shows it: its x (a column), advance and type size. */
export interface ListingGrid {
  x: number;
  advance: number;
  size?: number;
}

/**
 * A line of a listing some of whose words are set in another font than its typewriter, as the
 * listing's grid (`grid`, from a code line beside it) sets it, else undefined. Texinfo sets
 * `@b{while}` in an `@example` in bold roman, LaTeX's listings package sets `keywordstyle=\bfseries`
 * in a proportional bold, Doxygen's and Sphinx's highlighting may set a word in italic or bold:
 * monoSetting takes such a line for prose ("override_dh_auto_build pour cela."). The page says it
 * is on the grid when the line's first glyph stands on a column of the grid and every gap between
 * its words is whole columns (a typewriter blank is one advance wide; a roman word space is about
 * two thirds of one), one column at most beside a word of another font; the text after a word in another font goes on from that word's end, so
 * only the gaps are measured, never the absolute columns after it. Each gap becomes its count of
 * blanks; the line stands at its first glyph's x. Every word must be set at the grid's size
 * (otherTypeSize): a heading or a footnote beside a listing is not one of its lines.
 */
export function gridSetting(input: readonly RawItem[], grid: ListingGrid): MonoSetting | undefined {
  const items = byX(input.filter((it) => it.str.trim().length > 0));
  const { advance } = grid;
  if (items.length === 0 || !(advance > 0)) return undefined;
  if (items.some((it) => otherTypeSize(it.size, grid.size))) return undefined;
  const first = items[0]!;
  const col = (first.x - grid.x) / advance;
  if (Math.abs(col - Math.round(col)) > GRID_SLACK) return undefined;
  let text = '';
  let end = first.x;
  let prev: RawItem | undefined;
  for (const it of items) {
    if (prev) {
      const gap = (it.x - end) / advance;
      const blanks = Math.round(gap);
      if (Math.abs(gap - blanks) > GRID_SLACK || blanks < 0) return undefined;
      // A word of another font a blank from its neighbours at most: a justified line's wide
      // spaces may be whole columns by chance, and a table's label column or a typeset output
      // beside its source is no keyword of a line of code.
      if ((!it.mono || !prev.mono) && blanks > 1) return undefined;
      text += ' '.repeat(blanks);
    }
    text += it.str;
    end = it.x + it.width;
    prev = it;
  }
  const body = text.trim();
  if (body.length === 0) return undefined;
  const x = first.x + (text.length - text.trimStart().length) * advance;
  const size = grid.size ?? typeSize(items);
  return size === undefined ? { text: body, x, advance } : { text: body, x, advance, size };
}

/** A line of a page as listingGridLines reads it: its baseline, its items, and its setting if code. */
export interface GridRow {
  y: number;
  mono: boolean;
  items: readonly RawItem[];
  set?: MonoSetting;
}

/**
 * What a row's items say for reading it on a listing's grid (listingGridLines): 'none' when it
 * holds no letter outside typewriter, or a word of another font with a blank inside it (a run of
 * prose); else 'typewriter' when it also holds a typewriter item that is not blank, 'other' when not.
 */
export type GridWords = 'none' | 'typewriter' | 'other';

export function gridWords(items: readonly Pick<RawItem, 'str' | 'mono'>[]): GridWords {
  if (!items.some((it) => !it.mono && /\p{L}/u.test(it.str))) return 'none';
  if (items.some((it) => !it.mono && /\p{L}/u.test(it.str) && /\s/u.test(it.str))) return 'none';
  return items.some((it) => it.mono && it.str.trim().length > 0) ? 'typewriter' : 'other';
}

/** A line stands at most this many of the listing's own line steps from the listing's line beside it. */
const GRID_STEP = 1.15;
/** A line mostly in typewriter stands at most this many: a blank line between. */
const GRID_BLANK_STEP = 2.3;

/**
 * The settings of a page's lines that stand in a listing with words in another font (gridSetting),
 * one for each row (undefined: as it was). A row without a setting is read on the grid of the
 * code line above or below it (itself possibly read so, in page order then again), measured
 * against the step from that code line to the line beyond it: a row
 * mostly in typewriter (`mono`, its keyword `if` in bold roman) up to a blank line away
 * (GRID_BLANK_STEP); a row with a typewriter word (`if 1`, the keyword in bold) one step away
 * (GRID_STEP); a row with none (`else` alone in bold) only between two code lines one step away
 * each, the lines beyond them code too (the listing's own step). A word between two examples ("or" between two `@example`s) stands further than a step
 * from either: the typesetter's skip around a listing is no line step. A row holding a word of
 * another font with a blank inside it (a run of prose: "A list of all strings preceded by ‘")
 * is no line of a listing, whatever its gaps.
 */
export function listingGridLines(rows: readonly GridRow[]): (MonoSetting | undefined)[] {
  const sets: (MonoSetting | undefined)[] = rows.map((r) => r.set);
  const dy = (i: number, j: number) => Math.abs(rows[i]!.y - rows[j]!.y);
  // Code row j beside row i, and i at most `far` of the step beyond j (to a code row, with `listing`) from it.
  const within = (i: number, j: number, far: number, listing = false) => {
    const k = j + (j - i);
    if (j < 0 || j >= rows.length || k < 0 || k >= rows.length || !sets[j] || (listing && !sets[k])) return false;
    return dy(j, k) > 0 && dy(i, j) <= far * dy(j, k);
  };
  // What a row's items say (gridWords), asked once per row: the passes below ask again and again.
  const words: (GridWords | undefined)[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < rows.length; i++) {
      // Only a row beside a code row can be read on its grid (within): the others are not looked at.
      if (sets[i] || (!sets[i - 1] && !sets[i + 1])) continue;
      const r = rows[i]!;
      const w = (words[i] ??= gridWords(r.items));
      if (w === 'none') continue;
      const typewriter = w === 'typewriter';
      const far = r.mono ? GRID_BLANK_STEP : GRID_STEP;
      let set: MonoSetting | undefined;
      for (const j of [i - 1, i + 1]) {
        if (set || !within(i, j, far)) continue;
        // A line all in another font: between two code lines, one step away each.
        if (!typewriter && !(within(i, i - 1, GRID_STEP, true) && within(i, i + 1, GRID_STEP, true))) continue;
        set = gridSetting(r.items, sets[j]!);
      }
      if (set) {
        sets[i] = set;
        changed = true;
      }
    }
  }
  return sets;
}

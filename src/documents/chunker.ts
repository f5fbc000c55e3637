// The chunker: pure and deterministic. Cuts the cleaned text into chunks of MIN..MAX code points,
// every chunk but the last in range, never mid-word unless a single "word" is longer than MAX (then
// a hard cut is unavoidable). The cuts are planned over the whole text (a small dynamic program,
// linear in its length) so that as many chunks as possible end a sentence, preferring: a
// paragraph end that ends a sentence, or a code block's or table row's end, before a heading > a
// paragraph end that ends a sentence > a sentence end inside a paragraph > a paragraph end on a
// colon (it introduces the next block: an example, a list), a `:`/`;` inside a paragraph, or an
// inline bullet (list items run into one paragraph) > a line break (before a heading first) > a
// word boundary (inside a line of code, after `. : ;` too); a chunk never ends on a heading; the
// next chunk should not open on a lower-case letter; the last chunk should also reach MIN. Code
// blocks (Block.verbatim) keep their line breaks and indentation: a cut inside one goes at a
// blank, and the next chunk opens at the start of a line.
// Chinese and Japanese set no blanks between words: their 。！？ end sentences and ：； clauses as
// . ! ? and : ; do, and a cut may go between two of their characters where a line of them may
// break (cjk.ts cjkSeam: never inside a Latin word or a number among them, never in Korean, which
// sets blanks), costed as a word boundary. Lengths are code points in every script.
import type { Chunk } from './types.ts';
import type { PageTurn } from './blocks.ts';
import { isAbbreviation } from './abbreviations.ts';
import { collapseBlanks } from './blanks.ts';
import { cjkSeam, cjkSeamRank, isCjkClause, isCjkCloser, isCjkStop, isCjkUnit } from './cjk.ts';

export type { PageTurn } from './blocks.ts';

export interface Block {
  text: string;
  /** Set when the block is a heading: the section label it opens. */
  heading?: string;
  /** 1-based page of the block's first character, for formats with pages. */
  page?: number;
  /**
   * Where the block runs on onto a later page: its text is on `page` from its letter or digit
   * number `after` + 1. Counted in letters and digits, which spacing and hyphen joins leave alone.
   */
  pageTurns?: readonly PageTurn[];
  /** A block to keep whole (a code block, a table row): cut inside it only when it is longer than a chunk. */
  keep?: boolean;
  /**
   * A table row after its table's header row: the header's text, repeated at the top of a chunk
   * that starts at or inside this row (a long table split over chunks keeps its column names).
   */
  repeat?: string;
  /**
   * Whitespace kept as written (a code block): line breaks and indentation stay, trailing blanks
   * and blank lines at the block's ends go. Other blocks have their whitespace collapsed.
   */
  verbatim?: boolean;
  /**
   * Spaces kept before the block's collapsed text, at its line's start: a nested list item's
   * indentation (list-depth.ts), so that a reader and an embedding see the item's level.
   */
  indent?: number;
  /**
   * The block opens a slide of a slide deck: a cut just before it is the best cut there is, so a
   * chunk never runs from one slide into the next when the cut between them falls in its window.
   */
  slideStart?: boolean;
  /** On a block that opens a slide without a title of its own: the label its chunks take (the deck's section). */
  slideLabel?: string;
}

export interface ChunkLimits {
  min: number;
  max: number;
}

export const DEFAULT_LIMITS: ChunkLimits = { min: 800, max: 1200 };

/** Before a `!` or `?`, what makes it part of a name or an escape (`$?`, `\\!`, `#!`), not a sentence's end. */
const SIGN_BEFORE = new Set(['$', '\\', '#']);

const CLOSERS = '"\')]\u201D\u2019\u00BB';
const OPENERS = '"\'([{\u201C\u2018\u00AB';

/** The text ends a sentence at index e (exclusive), looking back over closing quotes/brackets. */
export function endsSentence(t: string, e: number): boolean {
  let i = e - 1;
  while (i >= 0 && (CLOSERS.includes(t[i]!) || isCjkCloser(t.charCodeAt(i)))) i--;
  const ch = t[i];
  if (isCjkStop(t.charCodeAt(i))) return true;
  // A shell's or an escape's sign is no end: `$?`, `$!`, `\!` (bash's prompt escapes), `#!`.
  if (ch === '!' || ch === '?') return !SIGN_BEFORE.has(t[i - 1] ?? '');
  if (ch !== '.') return false;
  // The word before the period: an abbreviation or a single letter ("J. Smith") is not an end.
  let j = i - 1;
  while (j >= 0 && t[j] !== ' ' && t[j] !== '\n' && t[j] !== '(') j--;
  const word = t.slice(j + 1, i).toLowerCase();
  if (word.length === 1 && /\p{L}/u.test(word)) return false;
  // A list item's number alone at a line's start ("4." of "4. Parse the files", a nested item's
  // "ii." after its indentation): no sentence yet.
  let k = j;
  while (k >= 0 && t[k] === ' ') k--;
  if ((k < 0 || t[k] === '\n') && ENUMERATOR.test(word)) return false;
  return !isAbbreviation(word);
}

/** An enumerator: "4", "12", "4.2", "iv", "b" (a list item's or a heading's number, without its final period). */
const ENUMERATOR = /^(?:\d{1,3}|[ivxlc]{1,6}|\p{L})(?:\.\d{1,3})*$/u;

/**
 * The colon at index i ends a numbered label at a line's start ("Figure 6-2: Space before and
 * after", "Table 3: Options", "Step 2: install"): at most three words, the last with a digit. The
 * caption or step it names is on the same line: a cut after the label strands it.
 */
export function labelColon(t: string, i: number): boolean {
  const from = t.lastIndexOf('\n', i - 1) + 1;
  const label = t.slice(from, i).trim();
  if (label.length === 0 || label.length > 30) return false;
  const w = label.split(/\s+/);
  return w.length <= 3 && /\d/.test(w[w.length - 1]!);
}

/**
 * The line ending at index e (exclusive) is a column of dots: it and the line above hold nothing
 * but periods and blanks. A typeset matrix's vertical and diagonal dots (\vdots, \ddots) are read
 * as lines of "." under its rows ("x21 x22 . . .", ".", ".", ". .", "."); their last period ends
 * no sentence, and a cut there parts the rendered matrix from the rest of its example (l2kurz's
 * and lshort-pt's array environment: the matrix's closing bracket and its LaTeX source went to
 * the next chunk). A formula's final period alone on a line (glpk's "|gi| 1 + |(xR)i|" then ".")
 * follows a line of the formula: it still ends its sentence.
 */
export function dotColumn(t: string, e: number): boolean {
  const start = t.lastIndexOf('\n', e - 1) + 1;
  if (start === 0) return false;
  const above = t.lastIndexOf('\n', start - 2) + 1;
  const dots = (line: string) => /^[ .\u2026]*[.\u2026][ .\u2026]*$/u.test(line);
  return dots(t.slice(start, e)) && dots(t.slice(above, start - 1));
}

function startsSentence(ch: string | undefined): boolean {
  if (ch === undefined) return true;
  // Chinese and Japanese have no case: any of their characters opens a sentence cleanly.
  return /[\p{Lu}\p{Lt}\p{N}]/u.test(ch) || OPENERS.includes(ch) || isCjkUnit(ch.charCodeAt(0));
}

interface Text {
  t: string;
  /** Code point offset of each UTF-16 index, or null when the text has no surrogate pairs. */
  cp: Int32Array | null;
  headingAt: Set<number>;
  /** Indices just past a heading's text: cutting there strands the heading at a chunk's end. */
  headingEnd: Set<number>;
  /** [start, end) of every heading's text, in order: a cut inside one splits the title over two chunks. */
  headingSpans: number[];
  /** Indices where a slide starts (a slide deck): a cut just before one costs nothing. */
  slideAt: Set<number>;
  /** [start, end) of blocks to keep whole that fit in a chunk, in order; cuts inside cost COST_IN_KEPT. */
  kept: number[];
  /** [start, end) of the paragraphs of code blocks longer than a chunk that fit in one (codeParagraphs); cuts inside cost COST_IN_PART. */
  codeParts: number[];
  /** [start, end) of the sections of code blocks longer than a chunk that fit in one (codeSections); cuts inside cost COST_IN_SECTION. */
  codeSections: number[];
  /** [start, end) of every code block (verbatim), in order: inside one, only a line end is a clean cut. */
  code: number[];
  /** Ends of code blocks and of table rows (blocks kept whole): a cut there before a heading is clean. */
  blockEnd: Set<number>;
  /** [start, end) of table rows whose chunk repeats a header row, in order, and those headers. */
  repeatAt: number[];
  repeatText: string[];
}

/** The header row a chunk starting at index s repeats, or undefined (binary search over repeatAt). */
function repeatedHeader(x: Text, s: number): string | undefined {
  const r = x.repeatAt;
  if (r.length === 0) return undefined;
  let lo = 0;
  let hi = r.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (r[mid * 2 + 1]! <= s) lo = mid + 1;
    else hi = mid;
  }
  return lo < r.length / 2 && r[lo * 2]! <= s ? x.repeatText[lo] : undefined;
}

/** Code points a chunk starting at s gives to a repeated header row (with its line break). */
function headerRoom(x: Text, s: number): number {
  const h = repeatedHeader(x, s);
  return h === undefined ? 0 : [...h].length + 1;
}

function cpLen(x: Text, a: number, b: number): number {
  return x.cp ? x.cp[b]! - x.cp[a]! : b - a;
}

/** UTF-16 index where `count` code points after `a` end (clamped to the text). */
function advance(x: Text, a: number, count: number): number {
  if (!x.cp) return Math.min(x.t.length, a + count);
  const target = x.cp[a]! + count;
  let lo = a;
  let hi = x.t.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (x.cp[mid]! <= target) lo = mid;
    else hi = mid - 1;
  }
  // Never split a surrogate pair.
  if (lo > a && lo < x.t.length && isLowSurrogate(x.t.charCodeAt(lo))) lo--;
  return lo;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

// Cut costs: lower is better; the plan minimises their sum. A cut that ends no sentence costs ten
// million, more than the finer preferences between sentence ends (at most 111 a cut, either way)
// can add up to over any realistic number of cuts, so the plan first minimises the cuts that end
// no sentence, then, of those, the ones that cut a sentence in two (COST_WORD); among the rest it
// ends as many chunks as it can where a section starts (a reward,
// so that it takes one more chunk to get there), and only then prefers the better kinds of
// boundary. All costs are integers: sums stay exact.
/**
 * Paragraph end that ends a sentence just before a heading, or the end of a code block or a table
 * row just before one: a reward. A section's start opens a chunk whenever the chunk before can
 * end there within MIN..MAX, even at the price of one more chunk: the section's words and its
 * label then travel together. A code example or a table often closes a section (a Texinfo node, a
 * DocBook section, a Markdown page's part); its end is a block end as clean as a sentence end, and
 * without the reward the chunk ran on over the heading to the next sentence end, so the next
 * section's first words went out under the previous section's label (gri's "Built-in variables",
 * dblatex's "Configuration File"). A line break before a heading after plain text stays a cut that
 * ends no sentence: a heading found inside a sentence would otherwise cut it.
 */
const COST_PARA_HEADING = -100;
/**
 * The end of a slide, the next one opening the next chunk (slide text often ends no sentence): a
 * slide's start is a section's start, rewarded as much, so a chunk never runs from one slide into
 * the next when the cut between them falls within MIN..MAX.
 */
const COST_SLIDE = COST_PARA_HEADING;
/** Paragraph (or line) end that ends a sentence. */
const COST_PARA_SENTENCE = 2;
/**
 * Paragraph (or line) end on a colon: it introduces what follows ("For example, to set the
 * device weight to 200:" then the command, "have the following meanings:" then the list), so a
 * cut there parts the example from its introduction. A clean end still, but the weakest.
 */
const COST_PARA_COLON = 8;
/** Sentence end inside a paragraph, the next sentence starting cleanly. */
const COST_SENTENCE = 4;
/** A `:` or `;` (or an end mark before a lower-case word) inside a paragraph. */
const COST_CLAUSE = 8;
/** Added when the next chunk would open on a lower-case letter or closing punctuation. */
const COST_DIRTY_START = 3;
/** The last chunk shorter than MIN: worse than weaker sentence ends, better than a cut ending none. */
const COST_SHORT_TAIL = 5_000_000;
/** Line break without a sentence end, before a heading. */
const COST_LINE_HEADING = 10_000_000;
/**
 * The end of a code block or a table row (a block kept whole) before text that is no heading: a
 * cut that ends no sentence, but a block's end, so among the line breaks that end none it goes
 * first, one less than any other (a table's last row before an unnumbered subheading the reader
 * does not know as one, a listing before "produces" and its output).
 */
const COST_BLOCK_END = 10_000_000;
/** Any other line break. */
const COST_LINE = 10_000_001;
/**
 * A word boundary: inside a sentence, inside a line of code, after an abbreviation. Among the cuts
 * that end no sentence it costs a thousand more than a line break, the end of a block (a list
 * item, a table row, a caption, a code block, a line of a listing longer than a chunk): more than
 * the finer preferences of a few cuts can add up to, far less than one more cut ending no
 * sentence. So the plan first minimises the cuts that end no sentence, then, among those, the
 * ones that cut a sentence in two: where it must end a chunk on no sentence end, it ends it on a
 * block's end rather than mid-sentence (amc-fr: "certains tracés ne sont ‖ pas possibles" when
 * the same number of clean cuts left a line end to take).
 */
const COST_WORD = COST_LINE + 1000;
/**
 * A cut between two characters of Chinese or Japanese (cjkSeamRank): costed as a word boundary
 * after a comma, a little more where the script changes, more again elsewhere (it may fall inside
 * a word: パッケ|ージ); always less than a second cut that ends no sentence.
 */
const SEAM_RANK_COST = [0, 20, 50];
/** Just after a heading: strands the heading at a chunk's end. */
const COST_AFTER_HEADING = COST_WORD + 5;
/** A hard cut inside a "word" longer than the window. */
const COST_HARD = 1_000_000_000_000;
/** A cut inside a block kept whole (code) that would fit in one chunk: only when nothing else fits. */
const COST_IN_KEPT = 10_000_000_000;

/**
 * A cut inside a paragraph of a code block longer than a chunk (codeParagraphs): as bad as one
 * more cut that ends no sentence, so the plan cuts a long listing between its paragraphs but
 * never adds two cuts elsewhere to spare one.
 */
const COST_IN_PART = COST_LINE;

/**
 * A cut inside a section of a code block longer than a chunk (codeSections) that fits in one, at
 * a blank line between two of its paragraphs: a preference among plans with as many cuts that end
 * no sentence (more than the finer preferences between clean ends can add up to over a few cuts,
 * far less than one more unclean cut), so a long listing is cut between its sections where the
 * window lets the plan choose, never at the price of a cut inside a sentence or a paragraph.
 */
const COST_IN_SECTION = 1000;

/**
 * Does index e lie strictly inside one of the ranges (`kept`: sorted [start, end) pairs)? Asked
 * of indices in ascending order: a cursor over the pairs that moves only forward (the cut plan asks
 * every candidate cut once, left to right).
 */
export function insideKeptAscending(kept: readonly number[]): (e: number) => boolean {
  const n = kept.length / 2;
  let j = 0;
  return (e) => {
    while (j < n && kept[j * 2 + 1]! <= e) j++;
    return j < n && kept[j * 2]! < e;
  };
}

/** The spans a cut is asked against, each as an ascending cursor (insideKeptAscending). */
interface Inside {
  kept: (e: number) => boolean;
  part: (e: number) => boolean;
  section: (e: number) => boolean;
  heading: (e: number) => boolean;
  code: (e: number) => boolean;
}

/**
 * Cost of a cut at whitespace index e (content ends at e, the next chunk starts at `start`,
 * nextStart(e)); `inside` asked in ascending e.
 */
function cutCost(x: Text, e: number, start: number, inside: Inside): number {
  // Both cursors are asked (each moves forward only): a cut inside a paragraph inside a section splits both.
  const part = inside.part(e) ? COST_IN_PART : 0;
  const section = inside.section(e) ? COST_IN_SECTION : 0;
  const kept = inside.kept(e) ? COST_IN_KEPT : part + section;
  // Inside a heading's text ("Warning: Marked does not sanitize ..."), its `:` or `.` ends no
  // sentence: cutting there splits the title over two chunks, as bad as stranding it.
  const boundary = inside.heading(e) ? COST_AFTER_HEADING : boundaryCost(x, e, start, inside.code);
  return kept + boundary + (dirtyStart(x.t, start) ? COST_DIRTY_START : 0);
}

const isBlank = (c: number) => c === 32 || c === 10 || c === 9;

/**
 * Where the chunk after a cut at index e starts: past the run of blanks that e opens, but at the
 * start of the last line in it, so that a code line keeps its indentation. Collapsed text has
 * single separators: there it is e + 1. A hard cut (e not a blank) starts at e.
 */
export function nextStart(t: string, e: number): number {
  let i = e;
  let line = -1;
  while (i < t.length && isBlank(t.charCodeAt(i))) {
    if (t.charCodeAt(i) === 10) line = i + 1;
    i++;
  }
  return line >= 0 ? line : i;
}

/** A chunk starting at i would open on a lower-case letter or closing punctuation. */
function dirtyStart(t: string, i: number): boolean {
  const c = t.charCodeAt(i);
  if (c >= 97 && c <= 122) return true;
  if (c < 128) return c === 44 || c === 46 || c === 59 || c === 58 || c === 41 || c === 93 || c === 125; // , . ; : ) ] }
  // Chinese and Japanese have no case (every character of their text is a candidate cut: no pattern).
  if (isCjkUnit(c)) return false;
  return /\p{Ll}/u.test(String.fromCodePoint(t.codePointAt(i)!));
}

const CLOSER_CODES = [...CLOSERS].map((c) => c.charCodeAt(0));

function boundaryCost(x: Text, e: number, start: number, inCode: (e: number) => boolean): number {
  const t = x.t;
  let i = e - 1;
  let c = t.charCodeAt(i);
  while (CLOSER_CODES.includes(c) || isCjkCloser(c)) c = t.charCodeAt(--i);
  // 。！？ end a Chinese or Japanese sentence, ：； a clause, as . ! ? and : ; an English one.
  const wide = isCjkClause(c) ? 2 : isCjkStop(c) ? 1 : 0;
  const colon = c === 58 || c === 0xff1a;
  const terminal = c === 46 || c === 33 || c === 63 || c === 58 || c === 59 || wide > 0; // . ! ? : ;
  if (t.charCodeAt(e) === 10) {
    if (x.headingEnd.has(e)) return COST_AFTER_HEADING;
    if (x.slideAt.has(e + 1)) return COST_SLIDE;
    const heading = x.headingAt.has(e + 1);
    // A numbered label alone on its line ("Figure 6-2:" over its caption): a line end, no sentence's.
    if (c === 58 && !heading && labelColon(t, i)) return COST_LINE;
    if (terminal && !(c === 46 && dotColumn(t, e)))
      return heading ? COST_PARA_HEADING : colon ? COST_PARA_COLON : COST_PARA_SENTENCE;
    if (betweenItems(t, e)) return COST_CLAUSE;
    if (heading && endsItem(t, e)) return COST_PARA_HEADING;
    if (x.blockEnd.has(e)) return heading ? COST_PARA_HEADING : COST_BLOCK_END;
    return heading ? COST_LINE_HEADING : COST_LINE;
  }
  // A seam between two characters of Chinese or Japanese (no blank at e): a word boundary, a
  // little dearer where it is likelier inside a word.
  const seam = t.charCodeAt(e) !== 32;
  if (!terminal)
    return seam ? COST_WORD + SEAM_RANK_COST[cjkSeamRank(t, e)]! : opensOnBullet(t, e) ? COST_CLAUSE : COST_WORD;
  // Inside a line of code, a `.`, `:` or `;` ends no sentence ('"Depends:" ${shlibs:Depends}').
  if (inCode(e)) return COST_WORD;
  if (c === 58 && labelColon(t, i)) return COST_WORD;
  if (c === 58 || c === 59 || wide === 2) return COST_CLAUSE;
  if (!endsSentence(t, e)) return COST_WORD; // an abbreviation or an initial
  return startsSentence(t[start]) ? COST_SENTENCE : COST_CLAUSE;
}

/**
 * A cut at the blank e (a space or a line break) opens the next chunk on a bullet: a list item
 * starts there, so the item before it ends, a clean end. Inline ("• void a (int x) • void b":
 * items a reader ran into one paragraph) or on a line of its own (Doxygen's member lists, whose
 * signatures end on no sentence mark).
 */
export function opensOnBullet(t: string, e: number): boolean {
  const c = t.charCodeAt(e);
  // Asked of every blank of the text (the cut plan): char codes, not a slice and a pattern.
  return (c === 32 || c === 10) && isBulletCode(t.charCodeAt(e + 1)) && t.charCodeAt(e + 2) === 32;
}

/** • ● ▪ ◦ ‣: the bullets a list item opens with, as char codes. */
const BULLET_CODES = new Set([...'•●▪◦‣'].map((b) => b.charCodeAt(0)));
const isBulletCode = (c: number) => c >= 0x2022 && BULLET_CODES.has(c);

/**
 * A line break at e between two bulleted lines: one list item ends and the next starts (a clean
 * end, as opensOnBullet's inline case). A bulleted line after a line that is no item ("Namespaces",
 * a Doxygen subtitle the reader does not know as a heading) stays a line break: a cut there
 * would strand that line.
 */
export function betweenItems(t: string, e: number): boolean {
  if (t.charCodeAt(e) !== 10 || !opensOnBullet(t, e)) return false;
  const start = t.lastIndexOf('\n', e - 1) + 1;
  return /^[•●▪◦‣] /u.test(t.slice(start, start + 2));
}

/**
 * The line that ends at the line break e is a bulleted list item (a block of its own: the
 * chunker's text has one line per block outside code). Before a heading it is a clean end, as a
 * sentence end is: the item, and its list, end where the section starts. Doxygen's attribute and
 * file lists end on no sentence mark ("• bool is_minimiser {false}", "• include/raptor/...hpp"),
 * so a cut before the heading after them cost a line break that ends no sentence, more than a cut
 * between two items: raptor-refman's "9.3 raptor::build_arguments Struct Reference" list lost its
 * last item to the next chunk, which opened on it rather than on "9.3.1 Member Data Documentation".
 * An item's mark may be a dash as well as a bullet: LaTeX's and DocBook's French lists set their
 * items with an em dash ("— Type d'arrondi : inférieur, normal, supérieur" before amc-fr's
 * "6.7.5 Corriger des erreurs de barème"), and some styles with an en dash; without it the plan
 * ran the chunk over the heading to the next sentence end, and the next section went out under
 * the previous section's label. A hyphen-minus stays no mark (a line of code, a diff).
 * A plain line before a heading stays a line break (a heading read inside a sentence would
 * otherwise cut it), and so does an item whose line leaves a bracket open: its sentence goes on
 * (fepslatex's OCR read "Section 16.4 page 76)." as a heading after an item ending "(voir la").
 */
export function endsItem(t: string, e: number): boolean {
  if (t.charCodeAt(e) !== 10) return false;
  const start = t.lastIndexOf('\n', e - 1) + 1;
  if (!/^[•●▪◦‣—–] /u.test(t.slice(start, start + 2))) return false;
  const line = t.slice(start, e);
  const count = (c: string) => line.split(c).length - 1;
  return count('(') <= count(')') && count('[') <= count(']');
}

/** First index k with a[k] >= v (a sorted ascending), in [0, n]. */
function lowerBound(a: Int32Array, n: number, v: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The cut plan: a dynamic program over the whole text, from the end back to the start, so that
 * an earlier cut can leave the next window a sentence end to cut at (a greedy choice cannot).
 * best(s) = the least total cost of chunking t[s..] with every chunk but the last in MIN..MAX;
 * best(s) = min over cuts e in s's window of cost(e) + best(e + 1), ties to the latest e.
 * The windows slide monotonically, so a monotonic deque keeps it linear in the text length.
 */
function planCuts(x: Text, limits: ChunkLimits): number[] {
  const { t } = x;
  const n = t.length;
  const { min, max } = limits;
  // Candidate cuts: the first blank of every run of blanks (collapsed text has single separators;
  // code keeps its line breaks and indentation), the next chunk starting at nextStart.
  // Chinese and Japanese text has no blanks between words: a cut may also go between two of its
  // characters where a line of it may break (cjkSeam), the next chunk starting there.
  let m = 0;
  for (let i = 0; i < n; i++) {
    const c = t.charCodeAt(i);
    if ((c === 32 || c === 10) && i > 0 && !isBlank(t.charCodeAt(i - 1))) m++;
    else if (c >= 0x2e80 && cjkSeam(t, i)) m++;
  }
  const pos = new Int32Array(m);
  const from = new Int32Array(m);
  const cost = new Float64Array(m);
  const inside: Inside = {
    kept: insideKeptAscending(x.kept),
    part: insideKeptAscending(x.codeParts),
    section: insideKeptAscending(x.codeSections),
    heading: insideKeptAscending(x.headingSpans),
    code: insideKeptAscending(x.code),
  };
  for (let i = 0, k = 0; i < n; i++) {
    const c = t.charCodeAt(i);
    if ((c === 32 || c === 10) && i > 0 && !isBlank(t.charCodeAt(i - 1))) {
      pos[k] = i;
      from[k] = nextStart(t, i);
      cost[k] = cutCost(x, i, from[k]!, inside);
      k++;
    } else if (c >= 0x2e80 && cjkSeam(t, i)) {
      pos[k] = i;
      from[k] = i;
      cost[k] = cutCost(x, i, i, inside);
      k++;
    }
  }
  // For the start after cut k: the least cost of the rest, and the next cut (-1: the rest is the
  // last chunk; -2: a hard cut at advance(start, max)).
  const best = new Float64Array(m);
  const next = new Int32Array(m);
  const value = (k: number) => cost[k]! + best[k]!;
  const tailCost = (s: number, rest: number) => (rest < min && s > 0 ? COST_SHORT_TAIL : 0);
  // Starts that are not after a whitespace: the text's start and the ends of hard cuts.
  const other = new Map<number, { best: number; next: number }>();
  const solveOther = (s0: number): void => {
    // Follow the chain of hard cuts (each window without whitespace), then resolve backwards.
    const chain: number[] = [];
    for (let s = s0; !other.has(s); ) {
      chain.push(s);
      const room = headerRoom(x, s);
      const rest = cpLen(x, s, n);
      if (rest + room <= max) break;
      const lo = lowerBound(pos, m, advance(x, s, min - room));
      const hi = lowerBound(pos, m, advance(x, s, max - room) + 1);
      if (lo < hi) break;
      s = advance(x, s, max - room);
    }
    for (let j = chain.length - 1; j >= 0; j--) {
      const s = chain[j]!;
      const room = headerRoom(x, s);
      const rest = cpLen(x, s, n);
      if (rest + room <= max) {
        other.set(s, { best: tailCost(s, rest + room), next: -1 });
        continue;
      }
      const lo = lowerBound(pos, m, advance(x, s, min - room));
      const hi = lowerBound(pos, m, advance(x, s, max - room) + 1);
      if (lo >= hi) {
        const h = advance(x, s, max - room);
        other.set(s, { best: COST_HARD + other.get(h)!.best, next: -2 });
        continue;
      }
      let b = hi - 1;
      for (let k = hi - 2; k >= lo; k--) if (value(k) < value(b)) b = k;
      other.set(s, { best: value(b), next: b });
    }
  };
  // Sliding-window minimum of value(k) over the window of each start, starts taken right to left.
  // The deque holds candidate indices, front = smallest; values never increase towards the back,
  // so the back is the minimum and, among equal values, the latest cut.
  const dq = new Int32Array(m);
  let head = m; // front of the deque in dq (it grows towards lower dq indices)
  let tail = m; // one past its back
  let added = m; // candidates k >= added have entered the deque
  for (let j = m - 1; j >= 0; j--) {
    const s = from[j]!;
    const rest = cpLen(x, s, n);
    const room = x.repeatAt.length > 0 ? headerRoom(x, s) : 0;
    if (rest + room <= max) {
      best[j] = tailCost(s, rest + room);
      next[j] = -1;
      continue;
    }
    if (room > 0) {
      // A start inside a table that repeats its header: a narrower window, searched directly
      // (the deque serves the other starts, whose windows slide monotonically).
      const lo = lowerBound(pos, m, advance(x, s, min - room));
      const hi = lowerBound(pos, m, advance(x, s, max - room) + 1);
      if (lo < hi) {
        let b = hi - 1;
        for (let k = hi - 2; k >= lo; k--) if (value(k) < value(b)) b = k;
        best[j] = value(b);
        next[j] = b;
      } else {
        const h = advance(x, s, max - room);
        solveOther(h);
        best[j] = COST_HARD + other.get(h)!.best;
        next[j] = -2;
      }
      continue;
    }
    const lo = advance(x, s, min);
    const hi = advance(x, s, max);
    while (added > 0 && pos[added - 1]! >= lo) {
      const k = --added;
      const v = value(k);
      while (tail > head && value(dq[head]!) > v) head++;
      dq[--head] = k;
    }
    while (tail > head && pos[dq[tail - 1]!]! > hi) tail--;
    if (tail > head) {
      const k = dq[tail - 1]!;
      best[j] = value(k);
      next[j] = k;
    } else {
      const h = advance(x, s, max);
      solveOther(h);
      best[j] = COST_HARD + other.get(h)!.best;
      next[j] = -2;
    }
  }
  solveOther(0);
  // Walk the plan from the start: the content of each chunk ends at a returned index.
  const ends: number[] = [];
  let s = 0;
  let k = other.get(0)!.next;
  for (;;) {
    if (k === -1) break;
    if (k === -2) {
      s = advance(x, s, max - headerRoom(x, s));
      ends.push(s);
      const o = other.get(s)!;
      k = o.next;
      continue;
    }
    ends.push(pos[k]!);
    s = from[k]!;
    k = next[k]!;
  }
  return ends;
}

export function splitIntoChunks(blocks: Block[], limits: ChunkLimits = DEFAULT_LIMITS): Chunk[] {
  const parts: string[] = [];
  const headings: { at: number; end: number; label: string }[] = [];
  const marks: PageMark[] = [];
  const kept: number[] = [];
  const codeParts: number[] = [];
  const codeSects: number[] = [];
  const code: number[] = [];
  const repeatAt: number[] = [];
  const repeatText: string[] = [];
  const slideAt = new Set<number>();
  const slideLabels = new Map<number, string>();
  const blockEnd = new Set<number>();
  let len = 0;
  for (const b of blocks) {
    // Well-formed: a lone surrogate (a damaged text layer has them) becomes U+FFFD, one code point
    // in one UTF-16 unit, so lengths are counted as [...content] counts them and JSON stays UTF-8.
    const flat = b.verbatim ? verbatimText(b.text) : collapseBlanks(b.text);
    const text = (b.indent && flat.length > 0 ? ' '.repeat(b.indent) + flat : flat).toWellFormed();
    if (text.length === 0) continue;
    if (parts.length > 0) len += 1;
    if (b.slideStart && len > 0) slideAt.add(len);
    if (b.slideStart && b.slideLabel) slideLabels.set(len, b.slideLabel);
    if (b.heading !== undefined) headings.push({ at: len, end: len + text.length, label: b.heading.toWellFormed() });
    if (b.page !== undefined) addPageMarks(marks, len, text, b.page, b.pageTurns);
    if (b.keep && text.length <= limits.max) kept.push(len, len + text.length);
    else if (b.verbatim) {
      for (const [a, z] of codeParagraphs(text, limits.max)) codeParts.push(len + a, len + z);
      for (const [a, z] of codeSections(text, limits.max)) codeSects.push(len + a, len + z);
    }
    if (b.verbatim) code.push(len, len + text.length);
    if (b.verbatim || b.keep) blockEnd.add(len + text.length);
    const header = b.repeat?.replace(/\s+/g, ' ').trim().toWellFormed();
    // A header row is repeated when it takes at most a quarter of a chunk.
    if (header && [...header].length <= limits.max / 4) {
      repeatAt.push(len, len + text.length + 1);
      repeatText.push(header);
    }
    parts.push(text);
    len += text.length;
  }
  const t = parts.join('\n');
  if (t.length === 0) return [];
  let cp: Int32Array | null = null;
  if (/[\uD800-\uDFFF]/.test(t)) {
    cp = new Int32Array(t.length + 1);
    let n = 0;
    for (let i = 0; i < t.length; i++) {
      cp[i] = n;
      if (!isLowSurrogate(t.charCodeAt(i))) n++;
    }
    cp[t.length] = n;
  }
  const x: Text = {
    t,
    cp,
    headingAt: new Set(headings.map((h) => h.at)),
    headingEnd: new Set(headings.map((h) => h.end)),
    headingSpans: headings.flatMap((h) => [h.at, h.end]),
    slideAt,
    kept,
    codeParts,
    codeSections: codeSects,
    code,
    blockEnd,
    repeatAt,
    repeatText,
  };
  const chunks: Chunk[] = [];
  const labels = sectionMarks(headings, slideAt, slideLabels);
  let h = 0;
  let section = '';
  let s = 0;
  const pages = marks.length > 0 ? pageLookup(marks) : undefined;
  for (const e of [...planCuts(x, limits), t.length]) {
    while (h < labels.length && labels[h]!.at <= s) section = labels[h++]!.label;
    const header = repeatedHeader(x, s);
    const chunk: Chunk = { section, content: header === undefined ? t.slice(s, e) : `${header}\n${t.slice(s, e)}` };
    if (pages) {
      chunk.pageStart = pages(s);
      chunk.pageEnd = pages(e - 1);
    }
    chunks.push(chunk);
    s = nextStart(t, e);
  }
  return chunks;
}

/**
 * Where each section label starts, in text order: at each heading; and in a slide deck (slide
 * starts given) at each slide's start too, with that slide's own title (its first heading) or, on
 * a slide without one, the label given for that slide (`untitled`: the deck's section it stands
 * in) or none: a chunk is labelled with the title of the slide it starts on, never with an earlier
 * slide's (a title page's, a section slide's carried over the deck).
 */
export function sectionMarks(
  headings: readonly { at: number; label: string }[],
  slideAt: ReadonlySet<number>,
  untitled: ReadonlyMap<number, string> = new Map(),
): { at: number; label: string }[] {
  if (slideAt.size === 0) return [...headings];
  const starts = [0, ...[...slideAt].sort((a, b) => a - b)];
  const out: { at: number; label: string }[] = [];
  let h = 0;
  starts.forEach((a, i) => {
    const b = starts[i + 1] ?? Number.POSITIVE_INFINITY;
    while (h < headings.length && headings[h]!.at < a) out.push(headings[h++]!);
    const own = h < headings.length && headings[h]!.at < b ? headings[h]!.label : (untitled.get(a) ?? '');
    out.push({ at: a, label: own });
    while (h < headings.length && headings[h]!.at < b) out.push(headings[h++]!);
  });
  while (h < headings.length) out.push(headings[h++]!);
  return out;
}

/**
 * The paragraphs of a code block longer than a chunk that fit in one: [start, end) of each run of
 * 2+ lines between blank lines of at most `max` characters. A long listing is cut between its
 * paragraphs (its functions, its commented steps), as a reader would cut it; a cut inside one
 * costs one more unclean cut (COST_IN_PART).
 */
export function codeParagraphs(text: string, max: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of text.matchAll(/[^\n]+(?:\n[^\n]+)*/g))
    if (m[0].length <= max && m[0].includes('\n')) out.push([m.index, m.index + m[0].length]);
  return out;
}

/**
 * The sections of a code block longer than a chunk that fit in one: [start, end) of each run of
 * 2+ paragraphs between runs of two or more blank lines, of at most `max` characters. An author
 * parts a listing's larger units (a test file's groups of tests, a program's parts) with two blank
 * lines and its smaller ones with one: among plans with as many unclean cuts, a long listing is
 * cut between its sections rather than between two paragraphs of one (COST_IN_SECTION).
 */
export function codeSections(text: string, max: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of text.matchAll(/[^\n]+(?:\n\n?[^\n]+)*/g))
    if (m[0].length <= max && m[0].includes('\n\n')) out.push([m.index, m.index + m[0].length]);
  return out;
}

/**
 * A code block's text as the chunks keep it: line breaks and indentation as written (tabs too),
 * CR and other vertical spaces made line breaks, blanks at line ends and blank lines at the
 * block's ends removed.
 */
export function verbatimText(text: string): string {
  const lines = text.split(/\r\n|[\r\n\v\f\u2028\u2029\u0085]/).map((l) => l.trimEnd());
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a] === '') a++;
  while (b > a && lines[b - 1] === '') b--;
  return lines.slice(a, b).join('\n');
}

/** From text index `at` on, the text is on `page`. */
interface PageMark {
  at: number;
  page: number;
}

/**
 * The page marks of one block placed at `start` in the joined text: its first page, then each
 * turn at the letter or digit it names, moved back over the punctuation that opens its word
 * ("(see" starts where "(" is).
 */
export function addPageMarks(
  marks: PageMark[],
  start: number,
  text: string,
  page: number,
  turns: readonly PageTurn[] = [],
): void {
  marks.push({ at: start, page });
  if (turns.length === 0) return;
  let k = 0;
  let alnum = 0;
  for (let i = 0; i < text.length && k < turns.length; i++) {
    const c = text.codePointAt(i)!;
    if (c > 0xffff) i++;
    if (!isAlnum(c)) continue;
    while (k < turns.length && turns[k]!.after <= alnum) {
      let j = i - (c > 0xffff ? 1 : 0);
      while (j > 0 && text[j - 1] !== ' ' && !isAlnum(text.charCodeAt(j - 1))) j--;
      if (j > 0 && text[j - 1] !== ' ') j = i - (c > 0xffff ? 1 : 0); // inside a word: at the letter
      marks.push({ at: start + j, page: turns[k]!.page });
      k++;
    }
    alnum++;
  }
}

function isAlnum(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return /[\p{L}\p{N}]/u.test(String.fromCodePoint(c));
}

/** The page of a text index: the last mark at or before it (marks are in text order). */
function pageLookup(marks: PageMark[]): (i: number) => number {
  return (i) => {
    let lo = 0;
    let hi = marks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (marks[mid]!.at <= i) lo = mid;
      else hi = mid - 1;
    }
    return marks[lo]!.page;
  };
}

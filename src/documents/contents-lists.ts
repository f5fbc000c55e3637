// Contents lists without page numbers: a converted web page's own contents ("Contents • Introduction
// • Binary Targets • ..."), a sidebar's "Table of Contents", as an office suite prints them to PDF
// or keeps them in Word and OpenDocument (where their links may not cover their entries).
// Their entries are the document's own section titles, one after the other (set as list items,
// bulleted, or as short lines that the reading joins into one paragraph), with no leaders or page
// numbers for toc.ts to see. Pure: blocks and titles in, blocks out.
import type { DocumentBlock } from './blocks.ts';
import { emptiedHeadings } from './listing.ts';
import { hasListMarker } from './list-marker.ts';

/**
 * The words a title or a text is compared by: lower-case runs of letters and digits, numbers
 * alone left out (a section's number "4.1.", a man page's "(7)").
 */
export function titleWords(text: string): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().match(WORD) ?? []) {
    // A word opening on a-z is no number: the regular expression only for the others.
    const c = w.charCodeAt(0);
    if ((c >= 97 && c <= 122) || !NUMBER_ONLY.test(w)) out.push(w);
  }
  return out;
}

const WORD = /[\p{L}\p{N}]+/gu;
const NUMBER_ONLY = /^\p{N}+$/u;

/** Titles as the word sequences they are compared by, and the longest one's length. */
export interface TitleSet {
  keys: Set<string>;
  longest: number;
  /** Every word of a title: a text whose words are mostly elsewhere is no list of titles (a quick no). */
  vocabulary: Set<string>;
  /**
   * The most commas and notation characters (brackets, colons, slashes...: NOTATION) a title of
   * each key holds ("GS, GSC (MS Windows only)", "cmake-buildsystem(7)"): its own.
   */
  commas: Map<string, number>;
  notation: Map<string, number>;
  /** Keys of a title that ends with a punctuation mark of its own ("Notes.", "Usage:"). */
  fullStops: Set<string>;
  /** Each title's words, numbers kept, its own number ("4.1.") left out: what a line of a code block must be. */
  lines: Set<string>;
  /** Keys of a title set without a capital letter ("cmake-buildsystem(7)"): an entry may be too. */
  lowerCase: Set<string>;
}

export function titleSet(titles: Iterable<string>): TitleSet {
  const keys = new Set<string>();
  const vocabulary = new Set<string>();
  const commas = new Map<string, number>();
  const notation = new Map<string, number>();
  const fullStops = new Set<string>();
  const lines = new Set<string>();
  const lowerCase = new Set<string>();
  let longest = 0;
  for (const t of titles) {
    const w = titleWords(t);
    if (w.length === 0) continue;
    const key = w.join(' ');
    keys.add(key);
    for (const x of w) vocabulary.add(x);
    longest = Math.max(longest, w.length);
    commas.set(key, Math.max(commas.get(key) ?? 0, countOf(t, COMMA)));
    notation.set(key, Math.max(notation.get(key) ?? 0, countOf(t, NOTATION)));
    if (endsLikeText(t)) fullStops.add(key);
    lines.add(entryLine(t));
    if (!CAPITAL.test(t)) lowerCase.add(key);
  }
  return { keys, longest, vocabulary, commas, notation, fullStops, lines, lowerCase };
}

const COMMA = /,(?=\s|$)/g;
const CAPITAL = /\p{Lu}/u;
/** Characters of code and notation, which set no contents entries apart: "::", "<>", "#include", "&&". */
const NOTATION = /[<>{}[\]()#&=;:/\\*+@$%^~"`]/g;

function countOf(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

/** A line's words, numbers kept, without its leading number ("4.1.", "A.2") or bullet. */
function entryLine(text: string): string {
  const t = text.replace(/^[\s•·▪◦‣*–—-]*(?:(?:\d+|[A-Z])(?:\.\d+)*\.?\s+)?/u, '');
  return (t.toLowerCase().match(WORD) ?? []).join(' ');
}

/**
 * Ends as text does, not as a title: with one full stop, a semicolon, a colon or a comma (closing
 * quotes and brackets aside), not with a leader or an ellipsis.
 */
function endsLikeText(text: string): boolean {
  const t = text.replace(/["'”’»)\]\s]+$/u, '');
  return /[.;:,]$/u.test(t) && !/(?:\.\s*){2}$/u.test(t);
}

/**
 * Does a block that names section titles read as text rather than as contents entries? A
 * contents list is a run of entries: titles one after the other, set apart by bullets, bars or
 * line ends, none ending as a sentence or an item of one does. A "See also" paragraph, a sentence
 * naming sections, ends with a full stop ("refentry.numbered , refentry.tocdepth.") or sets its
 * titles apart with commas; an enumeration in prose ends its items with a semicolon ("—
 * literales numéricos;"); code names titles between brackets, colons and slashes ("#include
 * <raptor/build/hibf/node_data.hpp>", Doxygen's sections being its files and members), or names
 * a title twice. A title's own commas, notation and last mark (`set.commas`, `set.notation`,
 * `set.fullStops`) do not count. A contents list sets its entries as the titles are set; a
 * sentence's list names them in running text's lower case ("There are seven kinds of expansion
 * performed: • brace expansion • tilde expansion ...", where the sections are "Brace Expansion",
 * "Tilde Expansion"): a text without a capital letter, naming titles that all have one, is text.
 * `keys` are the titles titleCover read in the text, in order.
 */
export function readsAsText(text: string, keys: readonly string[], set: TitleSet): boolean {
  const last = keys[keys.length - 1];
  if (endsLikeText(text) && (last === undefined || !set.fullStops.has(last))) return true;
  // A block that names one title twice is no run of entries: a declaration ("membership_agent::
  // membership_agent ( )"), a figure's labels.
  if (new Set(keys).size < keys.length) return true;
  if (keys.length > 0 && !CAPITAL.test(text) && keys.every((k) => !set.lowerCase.has(k))) return true;
  const own = (m: Map<string, number>) => keys.reduce((n, k) => n + (m.get(k) ?? 0), 0);
  return countOf(text, COMMA) > own(set.commas) || countOf(text, NOTATION) > own(set.notation);
}

/**
 * Are a contents list's titles in the document's order? Entries list sections as the document
 * has them, one after the other (a sidebar repeated at the end too); a "See also" list, a
 * figure's labels or a declaration names them in any order, or one twice. `at`: each title's
 * headings, by index in the document. Read greedily, each title at its first heading after the
 * one before; titles without a heading are not judged. In order when at most ORDER_SLIPS of the
 * judged steps go back.
 */
export function inDocumentOrder(keys: readonly string[], at: ReadonlyMap<string, readonly number[]>): boolean {
  let pos = -1;
  let steps = 0;
  let back = 0;
  let judged = 0;
  for (const key of keys) {
    const found = at.get(key);
    if (!found || found.length === 0) continue;
    judged++;
    const next = found.find((k) => k > pos);
    if (judged > 1) steps++;
    if (next === undefined) {
      if (judged > 1) back++;
      pos = found[0]!;
    } else pos = next;
  }
  return back <= steps * ORDER_SLIPS;
}

/** Share of the steps between judged titles of a contents list that may go back (a misread title). */
const ORDER_SLIPS = 0.2;

/**
 * How much of a text is section titles one after the other: its words, how many of them lie in
 * titles (the text read as a sequence of titles and other words, the most words in titles), and
 * how many titles that takes.
 */
export function titleCover(
  text: string,
  set: TitleSet,
): { words: number; covered: number; titles: number; keys: string[] } {
  const w = titleWords(text);
  const n = w.length;
  // best[i]: the most words in titles among the first i words, with the fewest titles for it.
  const best: { covered: number; keys: string[] }[] = [{ covered: 0, keys: [] }];
  for (let i = 1; i <= n; i++) {
    let b = best[i - 1]!;
    for (let len = 1; len <= Math.min(set.longest, i); len++) {
      const key = w.slice(i - len, i).join(' ');
      if (!set.keys.has(key)) continue;
      const prev = best[i - len]!;
      const covered = prev.covered + len;
      if (covered > b.covered || (covered === b.covered && prev.keys.length + 1 < b.keys.length))
        b = { covered, keys: [...prev.keys, key] };
    }
    best.push(b);
  }
  const last = best[n]!;
  return { words: n, covered: last.covered, titles: last.keys.length, keys: last.keys };
}

/** Share of a block's words that must lie in section titles for the block to be contents entries. */
const TITLE_SHARE = 0.8;
/**
 * Fewest titles of a contents list: three; or two when both are headings further on (a section's
 * own contents list of its two subsections: it points forward, where two headings the reading
 * took for paragraphs are not found again).
 */
const MIN_ENTRIES = 3;
const MIN_FORWARD_ENTRIES = 2;
/** Longest block judged: a contents list's lines joined into one paragraph stay under this. */
const MAX_BLOCK_WORDS = 400;

/** A list item: tagged as one, or a paragraph opening with a list marker (an untagged PDF's bullets). */
const isListItem = (b: DocumentBlock) => b.kind === 'item' || (b.kind === 'paragraph' && hasListMarker(b.text));

/**
 * Do the entries [i, j) of `blocks`, all list items, stand in a list (the list items around them)
 * most of whose items are no titles (`isEntry`: fewer than TITLE_SHARE of them)? Then the list is
 * about things some of which have sections of their own, not a contents list: Debian Policy's
 * "The fields in the general stanza are: • Source (mandatory) ... • Homepage • Testsuite •
 * Rules-Requires-Root", whose last four are the titles of 5.6's subsections, in their order. A
 * contents list is titles throughout; an entry the reading failed to match among them leaves the
 * rest mostly titles, so the list still goes.
 */
export function amongOtherItems(
  blocks: readonly DocumentBlock[],
  i: number,
  j: number,
  isEntry: (b: DocumentBlock) => boolean,
): boolean {
  for (let k = i; k < j; k++) if (!isListItem(blocks[k]!)) return false;
  let a = i;
  while (a > 0 && isListItem(blocks[a - 1]!)) a--;
  let z = j;
  while (z < blocks.length && isListItem(blocks[z]!)) z++;
  let titles = j - i;
  for (let k = a; k < i; k++) if (isEntry(blocks[k]!)) titles++;
  for (let k = j; k < z; k++) if (isEntry(blocks[k]!)) titles++;
  return titles < (z - a) * TITLE_SHARE;
}

/**
 * The blocks without their contents lists: a run of consecutive blocks holding at least
 * MIN_ENTRIES section titles of the document (or MIN_FORWARD_ENTRIES, each a heading further on) (`titles`: its outline's and its headings'), each
 * block either a paragraph, list item or code block whose words lie TITLE_SHARE or more in titles
 * (titleCover), or a heading that the document has again elsewhere (an entry the reading took
 * for a heading because the outline names it, the real heading coming later). A run opens with
 * one of the first kind: a section's own heading before its contents list stays, and so does a
 * run of headings alone. A paragraph of text beside the list is not taken with it: its words are
 * not titles; nor is a sentence or code that names titles (readsAsText: a reference manual's "See
 * Also" paragraphs, "refentry.numbered , refentry.tocdepth.", whose parameters are sections), nor
 * a run naming titles out of the document's order (inDocumentOrder: a "See also" list, a figure's
 * labels).
 */
export function withoutContentsLists(blocks: DocumentBlock[], titles: Iterable<string>): DocumentBlock[] {
  const set = titleSet(titles);
  if (set.keys.size < MIN_FORWARD_ENTRIES) return blocks;
  const keyOf = (b: DocumentBlock) => titleWords(b.text).join(' ');
  const headings = new Map<string, number[]>();
  blocks.forEach((b, k) => {
    if (b.kind !== 'heading') return;
    const key = keyOf(b);
    const at = headings.get(key) ?? [];
    at.push(k);
    headings.set(key, at);
  });
  // The titles a block holds as entries of a contents list (none: not an entry).
  const entries = (b: DocumentBlock): string[] => {
    if (b.kind === 'heading') {
      const key = keyOf(b);
      return (headings.get(key)?.length ?? 0) >= 2 ? [key] : [];
    }
    if (b.kind !== 'item' && b.kind !== 'paragraph' && b.kind !== 'code') return [];
    // A code block is entries when each of its lines is a title (an office PDF's contents list
    // in its typewriter font), not a program whose commands are titles ("set x axis 0 1 0.1").
    if (b.kind === 'code' && !b.text.split('\n').every((l) => l.trim() === '' || set.lines.has(entryLine(l))))
      return [];
    // A quick no for prose: most of its words are in no title (the reading of a long manual's
    // paragraphs stays linear).
    const w = titleWords(b.text);
    if (w.length === 0 || w.length > MAX_BLOCK_WORDS) return [];
    if (w.filter((x) => set.vocabulary.has(x)).length < w.length * TITLE_SHARE) return [];
    const c = titleCover(b.text, set);
    if (c.covered < c.words * TITLE_SHARE) return [];
    if (readsAsText(b.text, c.keys, set)) return [];
    return c.keys;
  };
  const drop = new Set<number>();
  for (let i = 0; i < blocks.length; ) {
    // The run opens with an entry that is no heading.
    if (blocks[i]!.kind === 'heading' || entries(blocks[i]!).length === 0) {
      i++;
      continue;
    }
    let j = i;
    const keys: string[] = [];
    while (j < blocks.length) {
      const e = entries(blocks[j]!);
      if (e.length === 0) break;
      keys.push(...e);
      j++;
    }
    const forward = keys.every((key) => (headings.get(key) ?? []).some((k) => k >= j));
    const enough = keys.length >= MIN_ENTRIES || (keys.length >= MIN_FORWARD_ENTRIES && forward);
    if (enough && inDocumentOrder(keys, headings) && !amongOtherItems(blocks, i, j, (b) => entries(b).length > 0))
      for (let k = i; k < j; k++) drop.add(k);
    i = j;
  }
  if (drop.size === 0) return blocks;
  // A heading over nothing but a contents list left out ("Table of Contents") goes with it.
  for (const k of emptiedHeadings(blocks, (x) => drop.has(x))) drop.add(k);
  return blocks.filter((_, k) => !drop.has(k));
}

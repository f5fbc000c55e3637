// Table-of-contents, list-of-figures/tables and back-of-book index pages, wherever they are:
// front, back or middle, continued over pages that do not repeat the title, per-chapter contents
// lists inside body pages, and index lines on a page that goes on with text. Each rule is a pure
// function: lineKind (one line), classifyPage (one page), listingRuns (runs of entries inside a
// page), proseRuns (text to keep on a listing page), and removeListings puts them together.
import type { PageText } from './types.ts';
import { normalizeTitle } from './headings.ts';

const TITLE =
  /^(?:table of contents|contents|list of (?:figures|tables|illustrations|listings)|index|general index|(?:function|concept|command|subject|variable)s?(?: and [a-z]+)? index|inhaltsverzeichnis|table des mati[eè]res|sommaire)$/i;
const ROMAN = '[ivxlcdm]{1,7}';
const PAGE_LIST = `(?:\\d{1,4}|${ROMAN})(?:\\s*[-–]\\s*\\d{1,4})?(?:\\s*,\\s*\\d{1,4}(?:\\s*[-–]\\s*\\d{1,4})?)*`;
// "Title . . . . 12", "Title ........ xii", "Title …… 3", "vector . . . . 3, 8, 12"
const DOT_LEADER = new RegExp(`(?:\\.\\s?){3,}\\s*${PAGE_LIST}$|…+\\s*${PAGE_LIST}$`, 'i');
// The leader and page number of an entry whose title the layout read as another column: ". . . . 14".
const LEADER_ONLY = new RegExp(`^(?:(?:\\.\\s?){2,}|…+)\\s*${PAGE_LIST}$`, 'i');
// "1.2 Title 12", "Medical procedure 3": some text with a letter, then a page number.
const TRAILING_NUMBER = /^(?=.*\p{L}).{2,}?[^\d\s.,;:!?]\s+(\d{1,4})$/u;
// Index entries: "clip, 24, 81, 137", "colorspec, 28, 50,", and their continuation lines "202, 203".
const INDEX_ENTRY = /^[^,]{1,80},\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:\s*,\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*,?$/;
const INDEX_CONT = /^\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:\s*,\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*,?$/;
// A single letter heading of an index ("A", "B") or a bare page number in a TOC's number column.
const NEUTRAL = /^(?:\p{L}|\d{1,4}|[ivxlc]{1,6})$/u;
// The title part of an entry whose leader went to another column: "4.11. Forms of claims ." or
// "5.2. Definitions of pharmacy benefits" (numbered, short, no sentence end but leader dots).
const STEM = /^(?:\d{1,2}(?:\.\d{1,2}){0,4}|[A-Z](?:\.\d{1,2}){1,4})\.?\s+\S.{0,90}?(?:\s?\.){0,6}$/;

const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2}){1,4}|[A-Z](?:\.\d{1,2}){1,4}|\d{1,2}\.)\s+\p{L}/u;

export type LineKind = 'title' | 'entry' | 'numbered' | 'stem' | 'neutral' | 'text';

export interface LineInfo {
  kind: LineKind;
  /** The page number a 'numbered' entry points to. */
  page?: number;
  /** An entry with dot leaders (or a leader fragment): a listing line wherever it stands. */
  leader?: boolean;
  /** A 'numbered' entry that starts with a section number ("3.1 Scope 8"). */
  sectioned?: boolean;
}

/**
 * What one line of a page is, by its text alone:
 * - title: "Contents", "Index", "List of Figures", ...;
 * - entry: a sure listing entry (dot leaders to a page number or list, an index entry with its
 *   pages, the continuation of a page list, a leader fragment);
 * - numbered: text ending in a page number ("Medical procedure 3"), an entry when many are in order;
 * - stem: a numbered title with no sentence end ("5.2. Definitions", "4.11. Forms of claims ."),
 *   the title part of an entry whose leader went to another column;
 * - neutral: a single letter or a bare number;
 * - text: anything else.
 * `outline` (normalised titles of the PDF outline) makes "Title 12" an entry when Title is one.
 */
export function lineKind(text: string, outline?: ReadonlySet<string>): LineInfo {
  const t = text.trim();
  if (TITLE.test(t)) return { kind: 'title' };
  if (NEUTRAL.test(t)) return { kind: 'neutral' };
  if (DOT_LEADER.test(t) || LEADER_ONLY.test(t)) return { kind: 'entry', leader: true };
  if (INDEX_ENTRY.test(t) || INDEX_CONT.test(t)) return { kind: 'entry' };
  const m = t.length <= 120 ? TRAILING_NUMBER.exec(t) : null;
  if (m) {
    if (outline && outline.size > 0 && outline.has(normalizeTitle(t.slice(0, m.index + m[0].length - m[1]!.length))))
      return { kind: 'entry' };
    return { kind: 'numbered', page: Number(m[1]), sectioned: SECTION_NUMBER.test(t) };
  }
  if (t.length <= 100 && STEM.test(t) && !/[\p{L}\d)][.!?:;]$/u.test(t) && /\p{L}{2}/u.test(t)) return { kind: 'stem' };
  return { kind: 'text' };
}

export interface TocVerdict {
  toc: boolean;
  /** Entries counted (sure ones, and the weak ones when they qualify). */
  entries: number;
  /** Lines counted (all but titles and neutral lines). */
  lines: number;
  titled: boolean;
}

export interface ClassifyOptions {
  outline?: ReadonlySet<string>;
  /** The page continues a listing page next to it: a lower share of entries suffices. */
  continuing?: boolean;
}

/**
 * Classifies one page. Conservative: a page is a listing only when most of its lines are entries
 * (sure entries, numbered entries whose page numbers run in order, and stems when sure entries
 * are there too), or when it is titled "Contents"/"Index"/... or continues a listing page and a
 * good part of its lines are entries.
 */
export function classifyPage(page: PageText, pageCount: number, opts: ClassifyOptions = {}): TocVerdict {
  let strong = 0;
  let stems = 0;
  let counted = 0;
  let titled = false;
  const numbers: number[] = [];
  const maxPage = pageCount * 2 + 20;
  for (const line of page.lines) {
    if (line.text.trim().length === 0) continue;
    const info = lineKind(line.text, opts.outline);
    if (info.kind === 'title') {
      titled = true;
      continue;
    }
    if (info.kind === 'neutral') continue;
    counted++;
    if (info.kind === 'entry') strong++;
    else if (info.kind === 'stem') stems++;
    else if (info.kind === 'numbered' && !line.mono && info.page! <= maxPage) numbers.push(info.page!);
  }
  if (counted === 0) return { toc: false, entries: 0, lines: 0, titled };
  // Weak entries count only when their page numbers mostly run in order; stems only beside sure entries.
  let effective = strong;
  if (numbers.length > 0 && inOrder(numbers)) effective += numbers.length;
  if (strong >= 4) effective += stems;
  const ratio = effective / counted;
  const toc = effective >= 4 && (ratio >= 0.6 || ((titled || opts.continuing === true) && ratio >= 0.35));
  return { toc, entries: effective, lines: counted, titled };
}

function inOrder(ns: number[]): boolean {
  if (ns.length < 3) return false;
  let ok = 0;
  for (let i = 1; i < ns.length; i++) if (ns[i]! >= ns[i - 1]!) ok++;
  return ok >= 0.8 * (ns.length - 1);
}

/**
 * Runs of listing lines inside a page that is not a listing page: a per-chapter contents list or
 * the end of an index column. Returns the indices of the lines to drop:
 * - runs of at least 3 dot-leader entries, with the other entries, titles and neutral lines
 *   among them (index entries without leaders alone look like table rows: "%m month, 01–12");
 * - runs of at least 3 entries starting with a section number and ending in a page number (at
 *   most `maxPage`) that never decreases ("3.1 Scope of coverage 8");
 * - runs of at least 3 stems followed by as many bare page numbers in order (the number column
 *   read after the titles).
 */
export function listingRuns(kinds: readonly LineInfo[], texts: readonly string[], maxPage = Infinity): number[] {
  const drop: number[] = [];
  const n = kinds.length;
  const sectioned = (x: number) =>
    kinds[x]!.kind === 'numbered' && kinds[x]!.sectioned === true && kinds[x]!.page! <= maxPage;
  let i = 0;
  while (i < n) {
    const k = kinds[i]!.kind;
    if (k === 'entry' || (k === 'title' && kinds[i + 1]?.kind === 'entry')) {
      let j = i;
      let leaders = 0;
      while (j < n && ['entry', 'neutral', 'title'].includes(kinds[j]!.kind)) {
        if (kinds[j]!.leader) leaders++;
        j++;
      }
      if (leaders >= 3) for (let x = i; x < j; x++) drop.push(x);
      i = Math.max(j, i + 1);
      continue;
    }
    if (sectioned(i)) {
      let j = i + 1;
      while (j < n && sectioned(j) && kinds[j]!.page! >= kinds[j - 1]!.page!) j++;
      if (j - i >= 3) for (let x = i; x < j; x++) drop.push(x);
      i = j;
      continue;
    }
    if (k === 'stem') {
      let j = i + 1;
      while (j < n && kinds[j]!.kind === 'stem') j++;
      const count = j - i;
      let m = j;
      let last = 0;
      while (m < n && m - j < count && /^\d{1,4}$/.test(texts[m]!.trim()) && Number(texts[m]) >= last)
        last = Number(texts[m++]);
      if (count >= 3 && m - j === count) for (let x = i; x < m; x++) drop.push(x);
      i = m > j ? m : j;
      continue;
    }
    i++;
  }
  return drop;
}

/**
 * Runs of running text on a listing page, to keep: the start of an appendix where an index
 * column ends. A run is at least 3 consecutive text lines of at least 150 characters with a
 * sentence end in it; the stem or heading just before it (its title) is kept with it.
 */
export function proseRuns(kinds: readonly LineInfo[], texts: readonly string[]): number[] {
  const keep: number[] = [];
  let i = 0;
  while (i < kinds.length) {
    if (kinds[i]!.kind !== 'text') {
      i++;
      continue;
    }
    let j = i;
    let chars = 0;
    let sentence = false;
    while (j < kinds.length && kinds[j]!.kind === 'text') {
      chars += texts[j]!.length;
      if (/\p{L}[.!?]["'”’)]?(?:\s|$)/u.test(texts[j]!)) sentence = true;
      j++;
    }
    if (j - i >= 3 && chars >= 150 && sentence) {
      const from = i > 0 && (kinds[i - 1]!.kind === 'stem' || kinds[i - 1]!.kind === 'numbered') ? i - 1 : i;
      for (let x = from; x < j; x++) keep.push(x);
    }
    i = j;
  }
  return keep;
}

export interface ListingResult {
  /** 1-based numbers of the pages dropped whole. */
  pages: number[];
  /** Lines dropped from pages that keep their text. */
  lines: number;
}

/**
 * Removes listings, in place: listing pages (a page next to a listing page needs fewer entries:
 * contents continued without their title, an index over several pages), except the running text
 * on them; and runs of listing lines on the other pages. `outline` holds the PDF outline's
 * titles, normalised by normalizeTitle.
 */
export function removeListings(pages: PageText[], outline?: ReadonlySet<string>): ListingResult {
  const count = pages.length;
  const listing = pages.map((p) => classifyPage(p, count, { outline }).toc);
  // Continuations: spread to neighbours of listing pages until nothing changes (both directions).
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < count; i++) {
      if (listing[i] || !(listing[i - 1] || listing[i + 1])) continue;
      if (classifyPage(pages[i]!, count, { outline, continuing: true }).toc) {
        listing[i] = true;
        changed = true;
      }
    }
  }
  const dropped: number[] = [];
  let lines = 0;
  const kept: PageText[] = [];
  pages.forEach((p, i) => {
    const texts = p.lines.map((l) => l.text);
    // Code is never a listing.
    const kinds = p.lines.map((l): LineInfo => (l.mono ? { kind: 'text' } : lineKind(l.text, outline)));
    if (listing[i]) {
      const keep = new Set(proseRuns(kinds, texts));
      if (keep.size === 0) {
        dropped.push(p.number);
        return;
      }
      lines += p.lines.length - keep.size;
      p.lines = p.lines.filter((_l, x) => keep.has(x));
    } else {
      const drop = new Set(listingRuns(kinds, texts, count * 2 + 20));
      // Next to a listing page, any sure entry is one (the last lines of an index column).
      if (listing[i - 1] || listing[i + 1]) kinds.forEach((k, x) => k.kind === 'entry' && drop.add(x));
      if (drop.size > 0) {
        lines += drop.size;
        p.lines = p.lines.filter((_l, x) => !drop.has(x));
      }
    }
    kept.push(p);
  });
  pages.length = 0;
  for (const p of kept) pages.push(p);
  return { pages: dropped, lines };
}

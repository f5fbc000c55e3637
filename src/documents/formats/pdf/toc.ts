// Table-of-contents, list-of-figures/tables and back-of-book index pages, wherever they are:
// front, back or middle, continued over pages that do not repeat the title, per-chapter contents
// lists inside body pages, and index lines on a page that goes on with text. Each rule is a pure
// function: lineKind (one line), classifyPage (one page), listingRuns (runs of entries inside a
// page), proseRuns and titleBlock (text to keep on a listing page), and removeListings puts them
// together.
import type { PageText } from './types.ts';
import { normalizeTitle } from './headings.ts';
import { CONTENTS_WORDS } from '../../contents-title.ts';

// Titles of contents, lists and indexes, in the languages of the manuals we read, with an optional
// numbering ("Appendix D Indexes", "D.1 Index of Shell Builtin Commands"): "Contents", "Short
// Contents", "List of Figures", "Concept Index", "Function and Variable Index", "Index, general",
// "Index of Commands", "Inhaltsverzeichnis", "Table des matières", "Índice general", ...
const TITLE_CORE = [
  CONTENTS_WORDS,
  'list\\s+of\\s+(?:figures|tables|illustrations|listings|examples|algorithms|procedures|equations|plates|maps|charts)',
  'liste\\s+des\\s+(?:figures|tableaux|illustrations|exemples)|liste\\s+der\\s+(?:abbildungen|tabellen)',
  'lista\\s+de\\s+(?:figuras|tablas|tabelas|ilustraciones|ilustrações)|elenco\\s+delle\\s+(?:figure|tabelle)',
  // "Index", "Indexes", "Concept Index", "Function and Variable Index", "Index, general", "Index of Commands"
  '(?:[\\p{L}-]+,?\\s+){0,3}ind(?:ex|exes|ices)(?:,\\s*[\\p{L}-]+|\\s+(?:of|des|der|de|di)\\s+[^.!?:;]{1,60})?',
  '(?:inhalts|abbildungs|tabellen|stichwort|sach)?verzeichnis|(?:stichwort|sach)?register',
  '[íi]ndice\\s+(?:general|analitico|analítico|alfab[eé]tico|remissivo|de\\s+\\p{L}+)',
  'rejst[rř][ií]k',
].join('|');
const TITLE = new RegExp(
  `^(?:(?:appendix|anhang|annexe|ap[eé]ndice|chapter|chapitre|kapitel)\\s+)?(?:(?:[A-Z]|\\d{1,2})(?:\\.\\d{1,2})*\\.?\\s+)?(?:${TITLE_CORE})$`,
  'iu',
);
const ROMAN = '[ivxlcdm]{1,7}';
const PAGE_LIST = `(?:\\d{1,4}|${ROMAN})(?:\\s*[-–]\\s*\\d{1,4})?(?:\\s*,\\s*\\d{1,4}(?:\\s*[-–]\\s*\\d{1,4})?)*`;
// Leader dots, two or more, spaced or not, or an ellipsis character: ". .", "....", "……".
const DOTS = '(?:(?:\\.\\s?){2,}|…+)';
// A dot leader to a page number or list: ". . . . 12", "........ xii", "…… 3", ". . . . 3, 8, 12".
// Texinfo shortens a leader to two spaced dots where the title fills the line ("rpn expressions . . 162").
const LEADER_RUN = new RegExp(`(?:(?:\\.\\s?){3,}|\\s\\.\\s\\.\\s|…+)\\s*${PAGE_LIST}(?=\\s|$)`, 'giu');
// The leader and page number of an entry whose title the layout read as another column: ". . . . 14".
const LEADER_ONLY = new RegExp(`^${DOTS}\\s*${PAGE_LIST}$`, 'i');
// A leader whose page number the layout read elsewhere: "Encoding subsets for TS1 fonts . . . .".
const DANGLING_LEADER = /\s(?:\.\s?){4,}$|…{2,}$/u;
// What OCR makes of a leader's dots and a page number beside the dots themselves (a character class's
// body): signs, digits and the letters a dot is misread as.
const DUST = ",:;'’`°·~+\\-–%0-9ecosEO";
// A leader as OCR reads it off a scan: a long run of dots, then dot dust and a page number misread
// ("..............-.+.204-.%", ".........-.0 000 eee ee", "..................2....."): the
// number is no page number any more, yet 6+ dots in a row and nothing but such dust after them
// are a leader (prose has an ellipsis of three). Dots alone at the end are DANGLING_LEADER's.
const NOISY_LEADER = new RegExp(`\\S\\s*(?:\\.\\s?){6,}[\\s.${DUST}]{0,23}[${DUST}][\\s.]*$`, 'u');
// A spaced leader as OCR reads it: its dots read as dots, 2s and es in runs ("2... ee ee",
// "2.2... ee eee", ".. 2... 0.0... 2. ee"): 3+ such runs after the title, two dots in one at least.
const DUST_RUN = new RegExp(`^[.${DUST}]+$`, 'u');
// What every leader above holds: two dots at most one space apart, or an ellipsis. A line without
// it is tested against none of them (most lines of a document: a cheap test first).
const LEADERISH = /\.\s?\.|…/;
// "1.2 Title 12", "Medical procedure 3": some text with a letter, then a page number.
const TRAILING_NUMBER = /^(?=.*\p{L}).{2,}?[^\d\s.,;:!?]\s+(\d{1,4})$/u;
// Index pages: "12", "45-47", "45–47"; a page followed by the next entry's term ("139 tabular").
const INDEX_PAGE = /^\s*(\d{1,4})(?:\s*[-–]\s*(\d{1,4}))?\s*$/;
const INDEX_PAGE_THEN_TERM = /^\s*(\d{1,4})(?:\s*[-–]\s*(\d{1,4}))?\s+(\S.*)$/;
// A single letter heading of an index ("A", "B") or a bare page number in a TOC's number column.
const NEUTRAL = /^(?:\p{L}|\d{1,4}|[ivxlc]{1,6})$/u;
// The title part of an entry whose leader went to another column: "4.11. Forms of claims ." or
// "5.2. Definitions of pharmacy benefits" (numbered, short, no sentence end but leader dots).
const STEM = /^(?:\d{1,2}(?:\.\d{1,2}){0,4}|[A-Z](?:\.\d{1,2}){1,4})\.?\s+\S.{0,90}?(?:\s?\.){0,6}$/;

// A numbered entry whose title ends in a number, then its page: "2 Release 0.3.12 1", "A.2 Python 3 14".
const NUMBER_ENDED = /^(?:\d{1,2}(?:\.\d{1,2}){0,4}|[A-Z](?:\.\d{1,2}){1,4})\.?\s+\p{L}.{0,100}?\d\s+(\d{1,4})$/u;

const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2}){1,4}|[A-Z](?:\.\d{1,2}){1,4}|\d{1,2}\.)\s+\p{L}/u;

export type LineKind = 'title' | 'entry' | 'numbered' | 'stem' | 'neutral' | 'text';

export interface LineInfo {
  kind: LineKind;
  /** The page number a 'numbered' entry points to. */
  page?: number;
  /** An entry with dot leaders (or a leader fragment): a listing line wherever it stands. */
  leader?: boolean;
  /** A leader without its page number ("Title . . . ."): a listing line among others, no proof of a listing page. */
  dangling?: boolean;
  /** A 'numbered' entry that starts with a section number ("3.1 Scope 8"). */
  sectioned?: boolean;
}

/**
 * What one line of a page is, by its text alone:
 * - title: "Contents", "Index", "List of Figures", ...;
 * - entry: a sure listing entry (dot leaders to a page number or list, an index entry with its
 *   pages, the continuation of a page list, a leader fragment, a leader as OCR misreads it:
 *   NOISY_LEADER, dustTail);
 * - numbered: text ending in a page number ("Medical procedure 3"), an entry when many are in order;
 * - stem: a numbered title with no sentence end ("5.2. Definitions", "4.11. Forms of claims ."),
 *   the title part of an entry whose leader went to another column;
 * - neutral: a single letter or a bare number;
 * - text: anything else.
 * `outline` (normalised titles of the PDF outline) makes "Title 12" an entry when Title is one.
 * A monospace line (`mono`) is code, never a listing line, unless it is a long dot leader to a
 * page number: Texinfo sets its leaders, and the terms of an index of commands, in typewriter.
 * An index entry without leaders whose numbers go above `maxPage` is text: "Copyright 1992, 1993,
 * 1994" (a leader says it is a listing whatever the numbers: an excerpt of a book keeps its pages).
 */
export function lineKind(text: string, outline?: ReadonlySet<string>, mono = false, maxPage = Infinity): LineInfo {
  const t = text.trim();
  const dots = LEADERISH.test(t);
  if (mono) {
    if (dots && leaderEntry(t, MONO_LEADER_DOTS)) return { kind: 'entry', leader: true };
    return indexEntry(t, maxPage) ? { kind: 'entry' } : { kind: 'text' };
  }
  if (TITLE.test(t)) return { kind: 'title' };
  if (NEUTRAL.test(t)) return { kind: 'neutral' };
  if (dots && (leaderEntry(t, 2) || LEADER_ONLY.test(t))) return { kind: 'entry', leader: true };
  if (dots && DANGLING_LEADER.test(t) && /\p{L}/u.test(t)) return { kind: 'entry', leader: true, dangling: true };
  if (dots && (NOISY_LEADER.test(t) || dustTail(t)) && /\p{L}{3}/u.test(t)) return { kind: 'entry', leader: true };
  if (indexEntry(t, maxPage)) return { kind: 'entry' };
  const m = t.length <= 120 && endsInDigit(t) ? TRAILING_NUMBER.exec(t) : null;
  if (m) {
    if (outline && outline.size > 0 && outline.has(normalizeTitle(t.slice(0, m.index + m[0].length - m[1]!.length))))
      return { kind: 'entry' };
    return { kind: 'numbered', page: Number(m[1]), sectioned: SECTION_NUMBER.test(t) };
  }
  const n = t.length <= 120 && endsInDigit(t) ? numberEndedEntry(t) : undefined;
  if (n !== undefined) return { kind: 'numbered', page: n, sectioned: SECTION_NUMBER.test(t) };
  if (t.length <= 100 && STEM.test(t) && !/[\p{L}\d)][.!?:;]$/u.test(t) && /\p{L}{2}/u.test(t)) return { kind: 'stem' };
  return { kind: 'text' };
}

/**
 * Does a line end in 3+ runs of OCR's leader dust (DUST_RUN), one of them holding two dots, after
 * a title (the title's last word may carry the leader's first dots)?
 */
export function dustTail(t: string): boolean {
  const runs = t.split(/\s+/u);
  let n = 0;
  let dotted = false;
  let i = runs.length - 1;
  for (; i >= 0 && DUST_RUN.test(runs[i]!); i--) {
    n++;
    if (runs[i]!.includes('..')) dotted = true;
  }
  if (i < 0) return false;
  // The leader's first dots set against the title's last word ("rotation... 2... ee").
  if (/\p{L}\.{2,}$/u.test(runs[i]!)) {
    n++;
    dotted = true;
  }
  return n >= 3 && dotted;
}

const endsInDigit = (t: string) => {
  const c = t.charCodeAt(t.length - 1);
  return c >= 48 && c <= 57;
};

/**
 * The page number of a contents entry without leaders whose title ends in a number, which
 * TRAILING_NUMBER leaves alone (a number before the page is no page there: "in 1992 1993"): the
 * entry must start with a section number ("2 Release 0.3.12 1", "10 Python 3 5", "A.1 Version
 * 2.0 12"), as LaTeX's article class sets its section entries (dblatex's articles: release notes,
 * FAQs). Undefined for anything else.
 */
export function numberEndedEntry(t: string): number | undefined {
  const m = NUMBER_ENDED.exec(t);
  return m ? Number(m[1]) : undefined;
}

/**
 * An index line without leaders: "clip, 24, 81, 137", "colorspec, 28, 50," or the continuation of
 * a page list "202, 203"; also two entries side by side, as the layout reads a two-column index
 * whose columns share baselines ("\\setlength, 111, 136, 139 tabular, 47, 142"), possibly ending in
 * the other column's letter heading ("traço, 22 X"). Terms are at most 80 characters; a number
 * above `maxPage` is no page ("Copyright 1992, 1993, 1994,").
 */
export function indexEntry(t: string, maxPage = Infinity): boolean {
  if (!t.includes(',')) return false;
  const parts = t.split(',');
  if (parts.length < 2 || parts.length > 60) return false;
  if (parts.at(-1)!.trim() === '') parts.pop();
  const page = (a: string, b: string | undefined) =>
    Number(a) <= maxPage && (b === undefined || (Number(b) <= maxPage && Number(b) >= Number(a)));
  // The first part is a term, or a page when the line continues the previous one's list.
  const first = INDEX_PAGE.exec(parts[0]!);
  if (first) {
    if (!page(first[1]!, first[2])) return false;
  } else if (parts[0]!.trim().length === 0 || parts[0]!.length > 80) return false;
  let pages = first ? 1 : 0;
  for (let i = 1; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const m = INDEX_PAGE.exec(parts[i]!);
    if (m) {
      if (!page(m[1]!, m[2])) return false;
      pages++;
      continue;
    }
    const n = INDEX_PAGE_THEN_TERM.exec(parts[i]!);
    if (!n || !page(n[1]!, n[2]) || n[3]!.length > 80) return false;
    // A page then a term: the term must be followed by its own pages, unless it is a letter heading.
    if (last && !/^\p{L}$/u.test(n[3]!.trim())) return false;
    pages++;
  }
  return pages > 0;
}

/** Dots a leader needs on a monospace line: "1...10" is code, ". . . . . 6" a leader. */
const MONO_LEADER_DOTS = 5;

/**
 * A line made of dot-leader entries: one or more "title . . . . pages" segments, the way a
 * two-column index reads when the layout joins its columns ("compgen . . . 146 mapfile . . . 61"),
 * optionally ending in a single letter (the other column's letter heading: "break . . . 49 L").
 * At least one leader has `minDots` dots.
 */
export function leaderEntry(t: string, minDots: number): boolean {
  let end = -1;
  let long = false;
  for (const m of t.matchAll(LEADER_RUN)) {
    if (m.index < end) continue;
    let dots = 0;
    for (const ch of m[0]) if (ch === '.' || ch === '…') dots++;
    if (dots >= minDots) long = true;
    end = m.index + m[0].length;
  }
  if (!long) return false;
  const rest = t.slice(end).trim();
  return rest === '' || /^\p{L}$/u.test(rest);
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
  /** The page's lines' kinds, when the caller has them (lineKind of each line, with `outline` and the page count's bound). */
  kinds?: readonly LineInfo[];
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
  let leaders = 0;
  let terms = 0;
  let counted = 0;
  let titled = false;
  const numbers: number[] = [];
  const maxPage = pageCount * 2 + 20;
  // A term on its own line over its indented leader entry is part of that entry (termOverEntry).
  const kindAt = (x: number) =>
    opts.kinds?.[x] ?? lineKind(page.lines[x]!.text, opts.outline, page.lines[x]!.mono, maxPage);
  const termAt = (x: number) =>
    x + 1 < page.lines.length &&
    termOverEntry([kindAt(x), kindAt(x + 1)], [page.lines[x]!.text], [page.lines[x]!.x, page.lines[x + 1]!.x], 0);
  for (let x = 0; x < page.lines.length; x++) {
    const line = page.lines[x]!;
    if (line.text.trim().length === 0) continue;
    const info = opts.kinds?.[x] ?? lineKind(line.text, opts.outline, line.mono, maxPage);
    if (info.kind === 'title') {
      titled = true;
      continue;
    }
    if (info.kind === 'neutral') continue;
    counted++;
    if (info.kind === 'text' && termAt(x)) terms++;
    if (info.kind === 'entry' && info.dangling !== true) {
      strong++;
      if (info.leader) leaders++;
    } else if (info.kind === 'stem') stems++;
    else if (info.kind === 'numbered' && !line.mono && info.page! <= maxPage) numbers.push(info.page!);
  }
  if (counted === 0) return { toc: false, entries: 0, lines: 0, titled };
  // Weak entries count only when their page numbers mostly run in order; stems only beside sure entries.
  let effective = strong + terms;
  if (numbers.length > 0 && inOrder(numbers)) effective += numbers.length;
  if (strong >= 4) effective += stems;
  const ratio = effective / counted;
  // A titled page with a short list: Doxygen's "Concept Index" chapter of one entry, under its
  // heading and one line of introduction.
  const short = titled && leaders >= 1 && counted - effective <= 3;
  const toc = short || (effective >= 4 && (ratio >= 0.6 || ((titled || opts.continuing === true) && ratio >= 0.35)));
  return { toc, entries: effective, lines: counted, titled };
}

function inOrder(ns: number[]): boolean {
  if (ns.length < 3) return false;
  let ok = 0;
  for (let i = 1; i < ns.length; i++) if (ns[i]! >= ns[i - 1]!) ok++;
  return ok >= 0.8 * (ns.length - 1);
}

/**
 * Is line `x` the first line of the entry under it: a short line (at most 90 characters) of text
 * without a sentence end, over a dot-leader entry indented right of it (`xs`: the lines' left
 * edges)? A wrapped title's first line over its leader line ("Rule-based ordering for LuaTEX
 * callback" / "handlers . . . 3"), and a term set on a line of its own over its description and
 * page, as Doxygen's index chapters print a class or file ("bliss_C.h" / "The bliss C API . . . 41").
 */
export function termOverEntry(
  kinds: readonly LineInfo[],
  texts: readonly string[],
  xs: readonly number[],
  x: number,
): boolean {
  const next = kinds[x + 1];
  if (kinds[x]?.kind !== 'text' || next?.kind !== 'entry' || next.leader !== true) return false;
  const t = texts[x]!.trim();
  return xs[x + 1]! > xs[x]! + 1 && t.length <= 90 && !/[.!?:;]["'”’)]?$/u.test(t);
}

/**
 * Runs of listing lines inside a page that is not a listing page: a per-chapter contents list, a
 * contents box beside the text (LaTeX News), the contents under the title page of an article, or
 * the end of an index column. Returns the indices of the lines to drop:
 * - runs holding at least 3 dot-leader entries, with the other entries, titles and neutral lines
 *   among them, the entries without leaders between them ("1 Introduction 3" among "1.1 Scope . . . 3"),
 *   and the first line of an entry that wraps: a stem before its leader ("3.2.1 A long title" then
 *   "that wraps . . . 12"), or, inside a run and when `xs` (the lines' left edges) is given, a
 *   short line without a sentence end before an indented leader entry (index entries without
 *   leaders alone look like table rows: "%m month, 01–12");
 * - runs of at least 3 entries starting with a section number and ending in a page number (at
 *   most `maxPage`) that never decreases ("3.1 Scope of coverage 8");
 * - runs of at least 3 stems followed by as many bare page numbers in order (the number column
 *   read after the titles).
 */
export function listingRuns(
  kinds: readonly LineInfo[],
  texts: readonly string[],
  maxPage = Infinity,
  xs?: readonly number[],
): number[] {
  const drop: number[] = [];
  const n = kinds.length;
  const sectioned = (x: number) =>
    kinds[x]!.kind === 'numbered' && kinds[x]!.sectioned === true && kinds[x]!.page! <= maxPage;
  const leaderAt = (x: number) => kinds[x]?.kind === 'entry' && kinds[x].leader === true;
  // The first line of an entry whose leader and page number are on the next line: a stem, or (inside
  // a run only, `inside`) a short line without a sentence end, indented less than its leader line.
  const wrapped = (x: number, inside: boolean) =>
    leaderAt(x + 1) &&
    (kinds[x]!.kind === 'stem' || (inside && xs !== undefined && termOverEntry(kinds, texts, xs, x)));
  // A run's first line may be such a line when the next entry shows the shape again, its own line
  // at the same left edge: a term over its indented entry (Doxygen's index chapters), not a heading.
  const termsFrom = (x: number) =>
    xs !== undefined &&
    termOverEntry(kinds, texts, xs, x) &&
    termOverEntry(kinds, texts, xs, x + 2) &&
    Math.abs(xs[x + 2]! - xs[x]!) < 1;
  const member = (x: number) =>
    ['entry', 'neutral', 'title'].includes(kinds[x]!.kind) ||
    (kinds[x]!.kind === 'numbered' && kinds[x]!.page! <= maxPage) ||
    wrapped(x, true);
  let i = 0;
  while (i < n) {
    const k = kinds[i]!.kind;
    if (k === 'entry' || (k === 'title' && kinds[i + 1]?.kind === 'entry') || wrapped(i, false) || termsFrom(i)) {
      let j = i;
      let leaders = 0;
      while (j < n && member(j)) {
        if (kinds[j]!.leader) leaders++;
        j++;
      }
      // Numbered lines close the run only between entries: "see page 12" after the list is text.
      let end = j;
      while (end > i && kinds[end - 1]!.kind === 'numbered') end--;
      if (leaders >= 3) for (let x = i; x < end; x++) drop.push(x);
      i = Math.max(end, i + 1);
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
 * column ends, a note under a contents list ("METAUWAGA: Ten dokument jest w trakcie
 * powstawania. Nie oczekuj / spójności, kompletności ani nawet poprawności składu."). A run is
 * at least 3 consecutive text lines of at least 150 characters with a sentence end in it, or 2
 * lines of at least 80 characters and 12 words whose last line ends a sentence (entries and
 * index terms do not end so); the stem or heading just before it (its title) is kept with it.
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
    const note =
      j - i >= 2 &&
      chars >= 80 &&
      texts.slice(i, j).join(' ').split(/\s+/).length >= 12 &&
      /\p{L}[.!?]["'”’)]?$/u.test(texts[j - 1]!.trim());
    if ((j - i >= 3 && chars >= 150 && sentence) || note) {
      const from = i > 0 && (kinds[i - 1]!.kind === 'stem' || kinds[i - 1]!.kind === 'numbered') ? i - 1 : i;
      for (let x = from; x < j; x++) keep.push(x);
    }
    i = j;
  }
  return keep;
}

// An entry's page number, with the leader before it: " . . . . 12", " 12", "……3".
const ENTRY_TAIL = new RegExp(`(?:\\s*${DOTS})?\\s*${PAGE_LIST}$`, 'u');

/**
 * The body that starts under a contents list on the list's own page, to keep: an article's or a
 * package manual's contents, then its first section at once ("14 bnumexpr implementation 17" /
 * "1 \bnumeval (\thebnumexpr), \evaltohex" / its text). The lines from the first line after three
 * entries or more that is no entry itself ('stem' or 'text') and reads as the list's first entry,
 * their numbers and the entry's page set aside (normalizeTitle), to the page's end, when no
 * dot-leader entry follows it. What follows a section's heading need not end a sentence on this
 * page (a list, a line that runs on), as proseRuns asks of a note. Only the first entry: an index
 * repeats its terms (a term over its sub-entries, "\fbox" over "\fbox, 21"), never its first.
 */
export function bodyAfterListing(kinds: readonly LineInfo[], texts: readonly string[]): number[] {
  let first: string | undefined;
  let entries = 0;
  for (let x = 0; x < kinds.length; x++) {
    const k = kinds[x]!.kind;
    if (k === 'entry' || k === 'numbered') {
      first ??= normalizeTitle(texts[x]!.trim().replace(ENTRY_TAIL, ''));
      entries++;
      continue;
    }
    if (entries < 3 || (k !== 'stem' && k !== 'text')) continue;
    const head = normalizeTitle(texts[x]!.trim());
    if (head.length < 2 || head !== first) continue;
    if (kinds.slice(x + 1).some((n) => n.leader === true)) return [];
    return Array.from({ length: kinds.length - x }, (_, i) => x + i);
  }
  return [];
}

/**
 * Text above a listing's title, to keep on a listing page: a document's title block over its
 * contents ("LaTeX News" / "Issue 34, November 2021" / "Contents"), a chapter's last lines over
 * an index that starts mid-page. The lines before the page's first title line, when they are
 * all text: none an entry, a stem, a bare number, or a page number in range (`maxPage`); a
 * number out of range is a date or a year ("Issue 34, November 2021"). A paper's title page
 * reads a few of its lines as weak entries: an author line with footnote marks ("Andrew
 * Kadatch 1 and Bob Jenkins 2", numbered), an affiliation under its mark ("2 Microsoft
 * Corporation", a stem); those are kept too when no line above the title is a sure entry, the
 * line right above it is text (a listing run on from the page before ends in its last entry)
 * and the text lines are at least twice the weak ones. Nothing when the page has no title or
 * starts with listing lines.
 */
export function titleBlock(kinds: readonly LineInfo[], maxPage = Infinity): number[] {
  const t = kinds.findIndex((k) => k.kind === 'title');
  if (t <= 0) return [];
  const text = (k: LineInfo) => k.kind === 'text' || (k.kind === 'numbered' && k.page! > maxPage);
  const above = kinds.slice(0, t);
  const all = Array.from({ length: t }, (_, i) => i);
  if (above.every(text)) return all;
  if (!text(above[t - 1]!) || above.some((k) => k.kind === 'entry')) return [];
  const texts = above.filter(text).length;
  return texts >= 2 * (t - texts) ? all : [];
}

// The title of a change history: doc.sty's \PrintChanges ("Change History"), a revision history.
const HISTORY_TITLE = /^(?:change|revision|version)\s+history$/iu;
// A history entry's leader and page: "General: Repacked as dtx file. (RN) . . . . 1" is the entry
// "General: Repacked as dtx file. (RN)"; a leader run to the line's end whose page went elsewhere
// too, and a leader of one dot ("(HjG) . 1"). A line in typewriter is no 'entry' (lineKind): the
// text, not the kind, says where a leader is.
const HISTORY_PAGE = new RegExp(`\\s+${PAGE_LIST}$`, 'u');
const HISTORY_LEADER = new RegExp(`(?:\\s*${DOTS}\\s*(?:${PAGE_LIST})?|\\s+\\.\\s*${PAGE_LIST})$`, 'u');

/**
 * Where a change history starts on each page, or -1: a list of changes with a page reference to
 * each (doc.sty's \PrintChanges under every package's documentation), shaped like an index with
 * its dot leaders, yet the only place the document says what each version changed: text, never a
 * listing to drop (decisions.md drops contents and indexes only). The line of its title ("Change
 * History", "Revision History") with a dot-leader entry in the seven lines under it, and the lines
 * after it on that page; unless a listing title follows it there (the index after it,
 * historyLines), on each page after, from its top, while the page is a listing page (`listing(i)`:
 * a history over pages is shaped as one) that does not open with a listing title, to the first page
 * with such a title under its top (the index).
 */
export function historyStarts(
  texts: readonly (readonly string[])[],
  kinds: readonly (readonly LineInfo[])[],
  listing: (page: number) => boolean,
): number[] {
  const starts = texts.map(() => -1);
  for (let i = 0; i < texts.length; i++) {
    const at = texts[i]!.findIndex((t) => HISTORY_TITLE.test(t.trim()));
    // A section of that name in running text ("See the Release Notes") is read as any text: a list
    // of changes has its leaders under its title, on a listing page or not (code above it).
    if (at < 0 || !kinds[i]!.slice(at + 1, at + 8).some((k) => k.leader === true)) continue;
    starts[i] = at;
    // It runs on to the next page when no listing title follows it on its own.
    if (kinds[i]!.some((k, x) => x > at && k.kind === 'title')) continue;
    for (let j = i + 1; j < texts.length && listing(j) && kinds[j]![0]?.kind !== 'title'; j++) {
      starts[j] = 0;
      i = j;
      // The index's title under its last lines: the history ends on this page.
      if (kinds[j]!.some((k) => k.kind === 'title')) break;
    }
  }
  return starts;
}

/**
 * The lines of a page that belong to its change history (historyStarts' `start`, -1 for none): from
 * the start to the page's next listing title (an index set on the same page after it), exclusive.
 */
export function historyLines(kinds: readonly LineInfo[], start: number): number[] {
  if (start < 0) return [];
  const out: number[] = [];
  for (let x = start; x < kinds.length && !(x > start && kinds[x]!.kind === 'title'); x++) out.push(x);
  return out;
}

/**
 * The lines above a change history's start on its page (`start`, -1 for none) that are no listing
 * run (listingRuns): the end of the text before the history, kept as on a page without a listing.
 * Above a listing's title that stands over the history (an index set between the package's last
 * code lines and its change history: nnext's page 9), the text ends at that title: an index whose
 * wrapped terms (`\DeclareOption .` over `. . . . . 9, 12, 17`) and letter headings part its
 * entries makes no run of them, and it came back whole.
 */
export function textBefore(
  kinds: readonly LineInfo[],
  texts: readonly string[],
  start: number,
  maxPage: number,
): number[] {
  if (start <= 0) return [];
  const title = kinds.slice(0, start).findLastIndex((k) => k.kind === 'title');
  const end = title >= 0 ? title : start;
  const drop = new Set(listingRuns(kinds.slice(0, end), texts.slice(0, end), maxPage));
  return Array.from({ length: end }, (_, x) => x).filter((x) => !drop.has(x));
}

/**
 * A change history's line without its entry's leader and page ("caveats. (HjG) . . . . 1"); and,
 * for a line lineKind calls `numbered` (a title then a page), its page where the entry filled the
 * line and left no room for a leader ("Package option 'tablepkg' added 36").
 */
export function historyLine(text: string, numbered = false): string {
  const t = text.replace(HISTORY_LEADER, '');
  return numbered && t === text ? t.replace(HISTORY_PAGE, '') : t;
}

export interface ListingResult {
  /** 1-based numbers of the pages dropped whole. */
  pages: number[];
  /** Lines dropped from pages that keep their text. */
  lines: number;
}

// An index's title ("Index", "Concept Index", "Stichwortverzeichnis", "Register"), not a contents list's.
const INDEX_TITLE =
  /\bind(?:ex|exes|ices)\b|register|stichwort|sachverzeichnis|[íi]ndice\s+(?:analitico|analítico|alfab[eé]tico|remissivo)|rejst[rř][ií]k/iu;

/**
 * Where an index stands, as [page, first line] pairs: the lines under an index's title on its page,
 * and each page after it whole, while the page has no title of its own and half its lines or more
 * are entries once any number may be a page (`relaxed`: lineKind without a page limit). There a
 * number above the document's pages is still a reference: a package manual's index (doc.sty) gives
 * the code lines where a macro is defined and used, hundreds past its last page ("\\@tempa 108,
 * 109, 155, 156", "123, 126, 129,"), its terms in typewriter. Elsewhere such numbers stay text
 * ("Copyright 1992, 1993, 1994").
 */
export function indexSpans(
  texts: readonly (readonly string[])[],
  kinds: readonly (readonly LineInfo[])[],
  relaxed: (page: number, line: number) => LineInfo,
): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < texts.length; i++) {
    const t = kinds[i]!.findIndex((k, x) => k.kind === 'title' && INDEX_TITLE.test(texts[i]![x]!));
    if (t < 0) continue;
    out.push([i, t + 1]);
    for (let j = i + 1; j < texts.length; j++) {
      const ks = kinds[j]!;
      if (ks.length === 0 || ks.some((k) => k.kind === 'title')) break;
      const entries = ks.filter((k, x) => k.kind === 'entry' || relaxed(j, x).kind === 'entry').length;
      if (entries * 2 < ks.length) break;
      out.push([j, 0]);
      i = j;
    }
  }
  return out;
}

/**
 * A history line's leader and page taken off its text and its pieces (historyLine), in place; the
 * line then ends its entry's paragraph (`ends`).
 */
function stripLeader(l: PageText['lines'][number], numbered: boolean): void {
  const text = historyLine(l.text, numbered);
  if (text === l.text || text.trim().length === 0) return;
  l.text = text;
  l.ends = true;
  if (!l.pieces) return;
  const pieces = l.pieces.filter((q) => !/^[\s.…\d,–-]*$/u.test(q.text));
  const last = pieces[pieces.length - 1];
  if (!last) return;
  pieces[pieces.length - 1] = { ...last, text: historyLine(last.text, numbered) };
  l.pieces = pieces;
  l.xEnd = last.xEnd;
}

/**
 * Removes listings, in place: listing pages (a page next to a listing page needs fewer entries:
 * contents continued without their title, an index over several pages), except the running text
 * on them and the text above their title; and runs of listing lines on the other pages. `outline` holds the PDF outline's
 * titles, normalised by normalizeTitle.
 */
export function removeListings(pages: PageText[], outline?: ReadonlySet<string>): ListingResult {
  const count = pages.length;
  // A page number above this is no page of the document (lineKind's `maxPage`).
  const maxPage = count * 2 + 20;
  const textsOf = pages.map((p) => p.lines.map((l) => l.text));
  // Each line's kind, once: every page is classified, its neighbours again, and its lines dropped by kind.
  const kindsOf = pages.map((p) => p.lines.map((l) => lineKind(l.text, outline, l.mono, maxPage)));
  // Under an index's title, and on the index pages after it, any number is a page or a code line:
  // each line's kind without the page limit, once (indexSpans counts them, the loop takes them).
  const relaxedOf: (LineInfo | undefined)[][] = pages.map(() => []);
  const relaxed = (i: number, x: number) => {
    const l = pages[i]!.lines[x]!;
    return (relaxedOf[i]![x] ??= lineKind(l.text, outline, l.mono));
  };
  for (const [i, from] of indexSpans(textsOf, kindsOf, relaxed))
    for (let x = from; x < pages[i]!.lines.length; x++) {
      if (kindsOf[i]![x]!.kind !== 'text') continue;
      const k = relaxed(i, x);
      if (k.kind === 'entry') kindsOf[i]![x] = k;
    }
  const listing = pages.map((p, i) => classifyPage(p, count, { outline, kinds: kindsOf[i] }).toc);
  // Continuations: spread to neighbours of listing pages until nothing changes (both directions).
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < count; i++) {
      if (listing[i] || !(listing[i - 1] || listing[i + 1])) continue;
      if (classifyPage(pages[i]!, count, { outline, continuing: true, kinds: kindsOf[i] }).toc) {
        listing[i] = true;
        changed = true;
      }
    }
  }
  // A change history is text wherever it stands: its lines kept, their leaders and pages gone.
  const history = historyStarts(textsOf, kindsOf, (i) => listing[i]!);
  const dropped: number[] = [];
  let lines = 0;
  const kept: PageText[] = [];
  pages.forEach((p, i) => {
    const texts = textsOf[i]!;
    const kinds = kindsOf[i]!;
    const told = historyLines(kinds, history[i]!);
    for (const x of told) stripLeader(p.lines[x]!, kinds[x]!.kind === 'numbered');
    if (listing[i]) {
      const keep = new Set([
        ...told,
        ...textBefore(kinds, texts, history[i]!, maxPage),
        ...titleBlock(kinds, maxPage),
        ...proseRuns(kinds, texts),
        ...bodyAfterListing(kinds, texts),
      ]);
      if (keep.size === 0) {
        dropped.push(p.number);
        return;
      }
      lines += p.lines.length - keep.size;
      p.lines = p.lines.filter((_l, x) => keep.has(x));
    } else {
      const drop = new Set(
        listingRuns(
          kinds,
          texts,
          maxPage,
          p.lines.map((l) => l.x),
        ),
      );
      // Next to a listing page, any sure entry is one (the last lines of an index column).
      if (listing[i - 1] || listing[i + 1])
        kinds.forEach((k, x) => k.kind === 'entry' && k.dangling !== true && drop.add(x));
      for (const x of told) drop.delete(x);
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

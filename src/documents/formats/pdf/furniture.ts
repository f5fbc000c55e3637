// Page furniture: running headers/footers and bare page numbers.
import { heaviest } from '../../heaviest.ts';
import type { PageText, TextLine } from './types.ts';
import { pageNumberValue, strayNumbers, type NumberCandidate } from './page-numbers.ts';
import { inSidebar, sidebarBand } from './sidebar.ts';

/** How many lines at the top and at the bottom of a page may be furniture. */
const EDGE_LINES = 3;

const PAGE_NUMBER =
  /^(?:(?:page|p\.|seite|página|pag\.)\s*)?(?:\d{1,5}|[ivxlcdm]{1,8})(?:\s*(?:of|\/|de|von)\s*\d{1,5})?$|^[-–—]\s*\d{1,5}\s*[-–—]$/i;

export function isBarePageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text.trim());
}

/**
 * A running line's shape: its words, digits as #, in any order. Books set recto and verso running
 * heads with their parts swapped ("TITLE  Author" on one page, "Author  TITLE" on the next): the
 * same furniture, which a chapter of two pages shows once each way.
 */
export function shapeKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+/g, '#')
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .sort()
    .join(' ');
}

interface EdgeLine {
  page: number;
  line: TextLine;
  top: boolean;
  /** Its edge, height band and shape (keyOf), made once. */
  key: string;
  /** Its key by its outer parts (framedKey), made once; undefined for a line not in three parts. */
  framed: string | undefined;
  /** A top line: the page's next line down (none at the foot, or under the page's last line). */
  below: TextLine | undefined;
}

const keyOf = (line: TextLine, top: boolean) => `${top ? 't' : 'b'}|${Math.round(line.y / 3)}|${shapeKey(line.text)}`;

function edgeLines(p: PageText, pageIndex: number): EdgeLine[] {
  const n = p.lines.length;
  if (n === 0) return [];
  // Furniture sits at the extreme y of the page, whatever the reading order put first.
  const byY = [...p.lines].sort((a, b) => b.y - a.y);
  const out: EdgeLine[] = [];
  const k = Math.min(EDGE_LINES, Math.ceil(n / 2));
  const edge = (line: TextLine, top: boolean, below?: TextLine): EdgeLine => ({
    page: pageIndex,
    line,
    top,
    key: keyOf(line, top),
    framed: framedKey(line, top),
    below,
  });
  for (let i = 0; i < k; i++) out.push(edge(byY[i]!, true, byY[i + 1]));
  for (let i = Math.max(k, n - k); i < n; i++) out.push(edge(byY[i]!, false));
  return out;
}

/** Two words of letters or more. */
const NAMED = /\p{L}{2,}\S*\s+\S*\p{L}{2,}/u;

/**
 * The key of a head or foot line set in three parts or more across the page (its pieces: left,
 * centre, right) by its outer parts alone: edge, height and the shapes of its first and last
 * parts. groff mom's header names the author on the left, the document on the right and the
 * chapter in the middle ("Rosemary Winspeare | Outline | LAKE ATTICA'S SHORES", then "Rosemary
 * Winspeare | The Bonny Blue Yonder | LAKE ATTICA'S SHORES"): each whole line stands on the pages
 * of one chapter only, one page each in a sample, so the line's shape never repeats, and the head
 * was read as text in the middle of a sentence. Its outer parts repeat at the same height.
 */
export function framedKey(line: TextLine, top: boolean): string | undefined {
  const parts = line.pieces;
  if (!parts || parts.length < 3) return undefined;
  // Names and titles, not a table row's cells ("1 | foo | yes" opening two pages of a long table).
  if (!NAMED.test(parts[0]!.text) || !NAMED.test(parts.at(-1)!.text)) return undefined;
  return `${keyOf({ ...line, text: parts[0]!.text }, top)}|${shapeKey(parts.at(-1)!.text)}`;
}

/** A heading is set at least this many times the body size. */
const OPENING_SIZE = 1.2;
/** How far below the line over it (in its own sizes) a heading stands that the line opens. */
const OPENING_GAP = 2.5;

/**
 * A line that stands right over a heading: the page's next line down (`below`) is set at a
 * heading's size (OPENING_SIZE of the body, and larger than the line) at most OPENING_GAP of its
 * size lower, and the line itself is no small print (a slide's navigation headline over its
 * frame title is).
 */
export function standsOverHeading(
  line: Pick<TextLine, 'y' | 'size'>,
  below: Pick<TextLine, 'y' | 'size'> | undefined,
  body: number,
): boolean {
  if (!below || line.size < body * SMALL_PRINT) return false;
  const gap = line.y - below.y;
  return below.size >= body * OPENING_SIZE && below.size > line.size && gap > 0 && gap <= OPENING_GAP * below.size;
}

/** What openingKeys reads of a top or bottom line of a page (furniture.ts's edge lines). */
export interface OpeningCandidate {
  line: TextLine;
  top: boolean;
  key: string;
  below: TextLine | undefined;
}

/**
 * The keys (edge, height, shape) of repeated top lines that open a heading wherever they stand:
 * every line of the key stands right over a heading (standsOverHeading), on at most half of the
 * pages. Sphinx's default chapter opening (fncychap's Bjarne) sets "CHAPTER" at the body size
 * over the chapter's number word and title ("CHAPTER" / "THREE" / "BINARY PACKAGES"), at the same
 * place on every chapter's first page: it repeated as a running header does and went, and the
 * chapter's heading read "THREE BINARY PACKAGES". A running header stands over the text of most
 * of the pages it is on, headings or not. A line at a height where running headers live on many
 * pages stays furniture all the same (removeFurniture's bands): a DocBook/FOP running header
 * carrying the chapter's title ("Operating System Specific Annex" in a standard's last chapter) stood
 * over a section's heading on each of its two pages.
 */
export function openingKeys(
  edges: readonly (readonly OpeningCandidate[])[],
  body: number,
  pageCount: number,
): Set<string> {
  // Per key of a top line, how many lines; -1 once one of them stands over no heading.
  const seen = new Map<string, number>();
  for (const list of edges)
    for (const e of list) {
      if (!e.top) continue;
      const n = seen.get(e.key) ?? 0;
      if (n < 0) continue;
      seen.set(e.key, standsOverHeading(e.line, e.below, body) ? n + 1 : -1);
    }
  const out = new Set<string>();
  for (const [key, n] of seen) if (n >= 2 && n * 2 <= pageCount) out.add(key);
  return out;
}

/** How far (in its own sizes) a running head stands over the page's text (detachedHeads). */
const DETACHED_GAP = 3;

/**
 * The top lines that stand apart over their page's text as a running head does, at one height
 * on many pages (3, and a quarter of them), whatever they say: each its page's highest line, at
 * most the body size, at least DETACHED_GAP of its size over the page's next line. A running head
 * naming the chapter and the section (DBLaTeX's "CHAPTER 3. CHOOSING A DEBIAN … 3.1. WHICH DEBIAN
 * DISTRIBUTION …") changes with every section: in a manual of short sections its text repeats
 * on two or three pages, never on enough to be furniture, and every page's head was read into
 * the text. A page's first line of text stands one line step over the next.
 */
export function detachedHeads(
  edges: readonly (readonly Pick<OpeningCandidate, 'line' | 'top' | 'below'>[])[],
  body: number,
  pageCount: number,
): Set<TextLine> {
  const byBand = new Map<number, TextLine[]>();
  for (const list of edges) {
    const e = list.find((x) => x.top);
    if (!e?.below || e.line.size > body || e.line.text.length > 100) continue;
    if (e.line.y - e.below.y < DETACHED_GAP * e.line.size) continue;
    const band = Math.round(e.line.y / 3);
    let lines = byBand.get(band);
    if (!lines) byBand.set(band, (lines = []));
    lines.push(e.line);
  }
  const out = new Set<TextLine>();
  for (const lines of byBand.values())
    if (lines.length >= 3 && lines.length >= pageCount * 0.25) for (const l of lines) out.add(l);
  return out;
}

/**
 * Removes running headers and footers and bare page numbers, in place. A line is furniture when
 * it is among the top or bottom lines of its page and either
 * - is a bare page number ("12", "xii", "Page 3", "3 of 10"), or
 * - has the same text modulo digits at the same height on several pages (its parts in any
 *   order: recto and verso heads swap them), or
 * - sits at a height where such repeated furniture was found on many pages and is the extreme
 *   line there (running headers that carry a chapter title changing through the book);
 * and no line of the page's text stands between it and the page's edge (insideText), and the
 * neighbouring pages have no text of their own at its height (atTextHeights), and it does not
 * open a heading wherever it repeats (openingKeys: a chapter opening's "CHAPTER"). A slide deck's
 * navigation sidebar goes too (sidebar.ts).
 */
export function removeFurniture(pages: PageText[]): void {
  // A slide deck's navigation sidebar (sidebar.ts) goes first: its lines are no page's text.
  const body = bodySize(pages);
  const band = sidebarBand(pages);
  if (band) for (const p of pages) p.lines = p.lines.filter((l) => !inSidebar(l, band));
  const edges = pages.map(edgeLines);
  const minRepeat = pages.length <= 3 ? 2 : Math.max(2, Math.min(4, Math.ceil(pages.length * 0.15)));
  // Text turned a quarter in a side margin that repeats from page to page: a side head (sideHeads).
  const heads = sideHeads(pages, minRepeat);
  for (const p of pages) {
    if (heads.size > 0 && p.turnedMargin?.some((t) => heads.has(t))) p.lines = withoutSideHeads(p.lines, heads);
    delete p.turnedMargin;
  }
  // The pages of each key; heads in three parts or more whose outer parts repeat with another
  // middle, by their framed key (framedKey).
  const counts = new Map<string, Set<number>>();
  const framed = new Map<string, Set<number>>();
  const add = (map: Map<string, Set<number>>, k: string, page: number) => {
    let s = map.get(k);
    if (!s) map.set(k, (s = new Set()));
    s.add(page);
  };
  for (const list of edges)
    for (const e of list) {
      add(counts, e.key, e.page);
      if (e.framed !== undefined) add(framed, e.framed, e.page);
    }
  // Running headers are set at or below the body size; a larger repeated line is a heading.
  const maxSize = body * 1.15;
  const remove = new Set<TextLine>();
  const bandPages = new Map<string, Set<number>>();
  const pageNumbers = numberLines(pages, edges);
  const openings = openingKeys(edges, body, pages.length);
  const detached = detachedHeads(edges, body, pages.length);
  // Larger lines that go with the page's number (numberedKeys; at the foot, besideNumber): furniture
  // whatever their size. A slide's title stands beside the slide's number at the top: not there.
  const numbered = numberedKeys(
    edges.flat().filter((e) => e.line.size > maxSize),
    pages,
    minRepeat,
  );
  const besideNumber = (e: EdgeLine) =>
    pages[e.page]!.lines.some((l) => l !== e.line && pageNumbers.has(l) && Math.abs(l.y - e.line.y) <= 1);
  for (const list of edges) {
    for (const e of list) {
      const repeated =
        detached.has(e.line) ||
        (!openings.has(e.key) &&
          ((counts.get(e.key)?.size ?? 0) >= minRepeat ||
            (e.framed !== undefined && (framed.get(e.framed)?.size ?? 0) >= 2)) &&
          (e.line.size <= maxSize || numbered.has(e.key))) ||
        (!e.top && besideNumber(e));
      if (repeated || pageNumbers.has(e.line)) {
        remove.add(e.line);
        const band = `${e.top ? 't' : 'b'}|${Math.round(e.line.y / 3)}`;
        let s = bandPages.get(band);
        if (!s) bandPages.set(band, (s = new Set()));
        s.add(e.page);
      }
    }
  }
  // Heights where furniture lives on at least a quarter of the pages (and 3 pages).
  const bands = new Set<string>();
  for (const [band, s] of bandPages) if (s.size >= 3 && s.size >= pages.length * 0.25) bands.add(band);
  if (bands.size > 0) {
    for (const list of edges) {
      for (const e of list) {
        if (remove.has(e.line) || e.line.text.length > 100 || e.line.size > maxSize) continue;
        const band = `${e.top ? 't' : 'b'}|${Math.round(e.line.y / 3)}`;
        if (bands.has(band) && isExtreme(pages[e.page]!, e.line, e.top)) remove.add(e.line);
      }
    }
  }
  if (remove.size === 0) return;
  const inBlock = atTextHeights(pages, remove, maxSize / 1.15);
  for (const p of pages) {
    const inside = new Set(insideText(p.lines, remove));
    const listing = listingLines(p.lines, remove);
    const numbered = numberedListingLines(p.lines, remove);
    p.lines = p.lines.filter(
      (l) => !remove.has(l) || inside.has(l) || inBlock.has(l) || listing.has(l) || numbered.has(l),
    );
  }
}

/** Side text repeats on this share of the pages at least (and minRepeat) to be a side head: a deck's sideways title on a few slides in a row is not. */
const SIDE_HEAD_SHARE = 0.25;

/**
 * The texts turned a quarter in a side margin (PageText.turnedMargin, margin-turned.ts) that stand
 * on `minRepeat` pages or more and on SIDE_HEAD_SHARE of them: ConTeXt's side head (`ConTEXt XML`
 * up the outer margin of every page), a thumb index. A slide deck that sets each slide's title
 * sideways in the margin repeats none of them so often; a repository's stamp stands on one page.
 */
export function sideHeads(pages: readonly Pick<PageText, 'turnedMargin'>[], minRepeat: number): Set<string> {
  const counts = new Map<string, number>();
  for (const p of pages) for (const t of new Set(p.turnedMargin ?? [])) counts.set(t, (counts.get(t) ?? 0) + 1);
  const need = Math.max(minRepeat, Math.ceil(pages.length * SIDE_HEAD_SHARE));
  const out = new Set<string>();
  for (const [t, n] of counts) if (t !== '' && n >= need) out.add(t);
  return out;
}

/**
 * A page's lines without those that are a side head's (`heads`, sideHeads): their text one of the
 * heads, standing beside the page's other lines (a turned run's x is where it starts, in the margin,
 * left of the others' left edge or right of their right edge).
 */
export function withoutSideHeads(lines: TextLine[], heads: ReadonlySet<string>): TextLine[] {
  const own = new Set(lines.filter((l) => heads.has(l.text.trim())));
  if (own.size === 0) return lines;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const l of lines) {
    if (own.has(l)) continue;
    left = Math.min(left, l.x);
    right = Math.max(right, l.xEnd);
  }
  const drop = new Set([...own].filter((l) => l.x < left || l.x > right));
  return drop.size === 0 ? lines : lines.filter((l) => !drop.has(l));
}

/** A key's lines run with the page numbering when this share of them hold the page's number at one offset... */
const NUMBERED_SHARE = 0.8;
/** ...on this many pages at least (two headings in a row may follow the pages by chance). */
const MIN_NUMBERED = 4;
/** A number standing alone: not a part of a section's number ("6.1.9") or of a decimal. */
const PAGE_NUMERAL = /(?<![\d.])\d{1,5}(?![\d.]\d)/g;

/**
 * The keys (edge, height, shape: keyOf) of the edge lines `lines` that hold their page's number:
 * on `minRepeat` pages or more, and on NUMBERED_SHARE of them one number of the line stands at one
 * offset from the page (value - page). A thumb tab sets the document's title and the page number
 * together ("Steps 3", "Steps 4"... at the foot of ConTeXt's manuals), larger than the text; a
 * heading, however often its shape repeats ("Chapter 3" on each chapter's first page), holds no
 * number that runs with the pages. Pure.
 */
export function numberedKeys(
  lines: readonly Pick<EdgeLine, 'key' | 'page' | 'line'>[],
  pages: readonly Pick<PageText, 'number'>[],
  minRepeat: number,
): Set<string> {
  const byKey = new Map<string, Map<number, number>>();
  const total = new Map<string, number>();
  for (const e of lines) {
    total.set(e.key, (total.get(e.key) ?? 0) + 1);
    const page = pages[e.page]!.number;
    // Each offset once a line: a line holding two numbers counts for either.
    const offsets = new Set((e.line.text.match(PAGE_NUMERAL) ?? []).map((d) => Number(d) - page));
    let tally = byKey.get(e.key);
    if (!tally) byKey.set(e.key, (tally = new Map<number, number>()));
    for (const o of offsets) tally.set(o, (tally.get(o) ?? 0) + 1);
  }
  const out = new Set<string>();
  for (const [key, tally] of byKey) {
    const n = total.get(key)!;
    const best = Math.max(0, ...tally.values());
    if (n >= Math.max(minRepeat, MIN_NUMBERED) && best >= NUMBERED_SHARE * n) out.add(key);
  }
  return out;
}

/**
 * The edge lines that are bare page numbers: a number with a line between it and the page's edge
 * only where it follows the document's numbering (strayNumbers).
 */
function numberLines(pages: readonly PageText[], edges: readonly EdgeLine[][]): Set<TextLine> {
  const lines: TextLine[] = [];
  const candidates: NumberCandidate[] = [];
  for (const list of edges)
    for (const e of list) {
      if (!isBarePageNumber(e.line.text)) continue;
      const p = pages[e.page]!;
      lines.push(e.line);
      candidates.push({ page: p.number, value: pageNumberValue(e.line.text), inner: !isExtreme(p, e.line, e.top) });
    }
  const stray = strayNumbers(candidates, pages.length);
  return new Set(lines.filter((_, i) => !stray.has(i)));
}

/** A line of code at most this many times its size above or below another is the listing's next line (a blank line is about 2.4). */
const LISTING_STEP = 1.6;

/**
 * The lines of `removing` (one page's furniture candidates) that go on a listing: monospaced,
 * one line step (LISTING_STEP) from a monospaced line of the page's text, or from another such
 * line. A numbered source listing that ends at a page's foot (Doxygen's "16", "17 } // namespace
 * raptor" over "Generated by Doxygen") repeats, number and all, at the height where other files'
 * listings end on other pages, as a running footer does, and "16" reads as a bare page number:
 * they are the listing's last lines. A running header or footer stands further off the text.
 */
export function listingLines(lines: readonly TextLine[], removing: ReadonlySet<TextLine>): Set<TextLine> {
  const out = new Set<TextLine>();
  const code = lines.filter((l) => l.mono && !removing.has(l));
  const candidates = lines.filter((l) => l.mono && removing.has(l));
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of candidates) {
      if (out.has(c)) continue;
      if (code.some((m) => m !== c && Math.abs(m.y - c.y) > 1 && Math.abs(m.y - c.y) <= LISTING_STEP * c.size)) {
        out.add(c);
        code.push(c);
        grew = true;
      }
    }
  }
  return out;
}

/** A line number at a line's start, and the text after it. */
const OPENING_NUMBER = /^(\d{1,5})(?:\s+(\S.*))?$/;

/**
 * The lines of `removing` (one page's furniture candidates) that are a number alone continuing a
 * numbered listing: a number, one line step (LISTING_STEP, of the page's code size) above
 * or below a line of code of the page that opens with the number after it or before it, or below
 * or above such a number (a run of blank numbered lines). Numbers alone beside numbers alone (a
 * diagram's labels) are no listing. A numbered listing sets a blank
 * line's number alone (the LaTeX listings package's `numbers=left`, DBLaTeX's `linenumbering`), in
 * a proportional face, so it is no monospaced line (listingLines): at a page's top or foot, under
 * the running head, it read as a bare page number and the listing lost its line ("9 ...", "11
 * ..."). A page number stands further off the text.
 */
export function numberedListingLines(lines: readonly TextLine[], removing: ReadonlySet<TextLine>): Set<TextLine> {
  const out = new Set<TextLine>();
  const known = lines.filter((l) => !removing.has(l) && OPENING_NUMBER.test(l.text.trim()));
  const numberOf = (l: TextLine) => Number(OPENING_NUMBER.exec(l.text.trim())![1]);
  // A listing's lines of code, then the numbers kept (a run of blank numbered lines).
  const anchors = known.filter((l) => l.mono);
  const candidates = lines.filter((l) => removing.has(l) && /^\d{1,5}$/.test(l.text.trim()));
  // The listing's line step goes by its code's size (its numbers are set smaller).
  const codeSize = Math.max(0, ...known.filter((l) => l.mono).map((l) => l.size));
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of candidates) {
      if (out.has(c)) continue;
      const n = numberOf(c);
      const next = anchors.some(
        (m) =>
          Math.abs(m.y - c.y) > 1 &&
          Math.abs(m.y - c.y) <= LISTING_STEP * Math.max(m.size, c.size, codeSize) &&
          // The number after below it, the number before above it (y grows up the page).
          ((numberOf(m) === n + 1 && m.y < c.y) || (numberOf(m) === n - 1 && m.y > c.y)),
      );
      if (next) {
        out.add(c);
        anchors.push(c);
        grew = true;
      }
    }
  }
  return out;
}

/**
 * Below this share of the body size a line is small print, furniture wherever it stands: Sphinx's
 * "(continued from previous page)" over a code block's next part (0.8 of the body), set on the
 * first line of the text block.
 */
const SMALL_PRINT = 0.85;

/** Pages each side of a page whose lines tell where the text block is (a book bound of several documents changes it). */
const NEIGHBOUR_PAGES = 8;

/**
 * The lines of `removing` (furniture candidates) of at least SMALL_PRINT of `bodySize` set at a
 * height where the neighbouring pages (NEIGHBOUR_PAGES each side) have text of their own (to a
 * point), on 3 pages at least and on a third as many as have a candidate there (a page's text
 * beside a candidate of its own counts not: a
 * running title beside its page number): inside the text block, where running headers never are. A
 * reference manual's sub-heading that opens many pages ("Description" on the first line under
 * DocBook's running header, dblatex) repeats at one height as a header does; the other pages'
 * first lines are at that height too.
 */
export function atTextHeights(
  pages: readonly PageText[],
  removing: ReadonlySet<TextLine>,
  bodySize = 0,
): Set<TextLine> {
  // Per page, the heights (to a point) of its text lines and of its candidates: one pass over its lines.
  const text: Set<number>[] = [];
  const cand: Set<number>[] = [];
  for (const p of pages) {
    const t = new Set<number>();
    const c = new Set<number>();
    for (const l of p.lines) (removing.has(l) ? c : t).add(Math.round(l.y));
    text.push(t);
    cand.push(c);
  }
  const near = (set: Set<number>, y: number) => set.has(y - 1) || set.has(y) || set.has(y + 1);
  const out = new Set<TextLine>();
  pages.forEach((p, n) => {
    for (const l of p.lines) {
      if (!removing.has(l) || l.size < bodySize * SMALL_PRINT) continue;
      const y = Math.round(l.y);
      let t = 0;
      let c = 0;
      for (let m = Math.max(0, n - NEIGHBOUR_PAGES); m <= Math.min(pages.length - 1, n + NEIGHBOUR_PAGES); m++) {
        // A page's text beside its own candidate (a running title beside its page number) is a header row.
        if (near(cand[m]!, y)) c++;
        else if (near(text[m]!, y)) t++;
      }
      if (t >= 3 && t * 3 >= c) out.add(l);
    }
  });
  return out;
}

/**
 * The lines of `removing` (one page's furniture candidates) that stand inside the page's text: below
 * its highest line of text and above its lowest (by more than a point), so that no running header
 * or footer lies between them and the page's edge. Furniture is read from the edge inwards; a
 * reference manual's sub-heading set at the same height on many pages ("Synopsis" under a
 * routine's title at the top of the page, GLPK's manual) repeats as a running header does, but
 * with the routine's title above it, it is text. Lines at the height of the outermost text (a page
 * number beside a running title the rules kept) stay furniture.
 */
export function insideText(lines: readonly TextLine[], removing: ReadonlySet<TextLine>): TextLine[] {
  let top = -Infinity;
  let bottom = Infinity;
  for (const l of lines) {
    // Marks without a letter or digit (a rule drawn in text, a scan's specks read by OCR) are no text.
    if (removing.has(l) || !/[\p{L}\p{N}]/u.test(l.text)) continue;
    if (l.y > top) top = l.y;
    if (l.y < bottom) bottom = l.y;
  }
  return lines.filter((l) => removing.has(l) && l.y < top - 1 && l.y > bottom + 1);
}

function isExtreme(p: PageText, line: TextLine, top: boolean): boolean {
  for (const l of p.lines) {
    if (l === line) continue;
    if (top ? l.y > line.y + 1 : l.y < line.y - 1) return false;
  }
  return true;
}

/**
 * The font size that carries the most characters of prose: monospace lines count only in a
 * document without any other. A reference manual that prints its sources (Doxygen's file
 * documentation: listings in a small typewriter font) has more characters of code than of prose,
 * and its running headers, set at the prose size, were taken for headings above a body of code.
 */
export function bodySize(pages: readonly Pick<PageText, 'lines'>[]): number {
  const sizes = new Map<number, number>();
  const prose = pages.some((p) => p.lines.some((l) => !l.mono));
  for (const p of pages)
    for (const l of p.lines) if (!prose || !l.mono) sizes.set(l.size, (sizes.get(l.size) ?? 0) + l.text.length);
  return heaviest(sizes, 0);
}

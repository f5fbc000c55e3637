// The page-number measure (issue 25: "page numbers right on 100 % of born-digital chunks"): each
// chunk's pageStart and pageEnd against the pages a reference reading (pdftotext, one string per
// physical page) finds its first and last words on. Pure: no I/O; the table of tests is in
// test/scripts/pages.test.ts.
import { words } from './measures.ts';

export interface PagedChunk {
  content: string;
  pageStart?: number;
  pageEnd?: number;
}

export interface PageScore {
  /** Chunks whose first and last words the reference finds (runs of GRAM words, the first or last three) on some page. */
  judged: number;
  /** % of the judged chunks whose pageStart and pageEnd are pages the reference finds those words on. */
  right: number;
  /** A few wrong chunks: their pages against the reference's, and their first words. */
  wrong: string[];
}

/** Words in a run: long enough that a run seldom stands on two pages, short enough to find. */
export const GRAM = 5;
/** Words added to a run looked up in the reading with every line (`rawPages`): a longer run, since running lines are there too. */
export const RAW_EXTRA = 3;
/** Runs looked up at each end of a chunk, each one word further in. */
const SHIFTS = 3;

/**
 * A chunk's own text, as its pages are judged: without a first line that is a table row repeating
 * a row of the chunk before it (a table's header row, repeated at the top of each chunk the table
 * is split over: its words stand on the table's first page, not this chunk's).
 */
export function ownText(chunk: string, previous: string | undefined): string {
  if (previous === undefined) return chunk;
  const nl = chunk.indexOf('\n');
  if (nl < 0) return chunk;
  const first = chunk.slice(0, nl).trim();
  // A row as the service writes one (cells joined by " | "): a heading may repeat a line of the
  // chunk before it ("Bug Fixes" under each version of a history) and stands where it stands.
  if (!first.includes(' | ') || !previous.split('\n').some((l) => l.trim() === first)) return chunk;
  return chunk.slice(nl + 1);
}

/**
 * The reference's pages with its first page read whole (`raw`: pdftotext's reading, pages parted
 * by form feeds), its running lines kept: a title page's title and authors are the running head
 * of the pages after it, but on the title page they are its text, where the chunk that starts the
 * document finds them (maint-guide's "Guide du nouveau responsable Debian / Josip Rodin...").
 */
export function withFirstPageWhole(pages: readonly string[], raw: string): string[] {
  const first = raw.split('\f')[0];
  return first === undefined || pages.length === 0 ? [...pages] : [first, ...pages.slice(1)];
}

/** Words of a heading number at a chunk's start ("3 3 9" of "3.3.9"), which pdftotext may read apart from its title. */
const NUMBER_WORD = /^\d{1,3}$/;

/** How many of the first words are a heading number's (at most 6). */
export function numberWords(w: readonly string[]): number {
  let n = 0;
  while (n < Math.min(6, w.length) && NUMBER_WORD.test(w[n]!)) n++;
  return n;
}

/**
 * The reference's words, each with the pages it starts and ends on (1-based). A word that a line-end
 * hyphen breaks over a page break ("au-" at the foot of page 20, "tomatic" atop page 21: pdftotext
 * joins such breaks inside a page, never across one) is one word, as the chunks have it, starting on
 * the first page and ending on the second.
 */
export function pageWords(pages: readonly string[]): { words: string[]; first: number[]; last: number[] } {
  return pieceWords(pages.map((text, i) => ({ text, page: i + 1 })));
}

/** A reading in pieces, each with the page its words stand on (footnote-reading.ts notesAfterTextPieces: a page's notes read after the next page's first paragraph). */
export interface PagedPiece {
  text: string;
  page: number;
}

/**
 * pageWords of a reading in pieces (`pieces`, in reading order), each word on its piece's page; a
 * word a line-end hyphen breaks over two pieces is one, as over two pages.
 */
export function pieceWords(pieces: readonly PagedPiece[]): { words: string[]; first: number[]; last: number[] } {
  const out = { words: [] as string[], first: [] as number[], last: [] as number[] };
  let carry = false;
  pieces.forEach((p, i) => {
    const ws = words(p.text);
    ws.forEach((w, k) => {
      if (k === 0 && carry) {
        const at = out.words.length - 1;
        out.words[at] += w;
        out.last[at] = p.page;
        return;
      }
      out.words.push(w);
      out.first.push(p.page);
      out.last.push(p.page);
    });
    if (ws.length > 0) carry = BROKEN_END.test(p.text) && BROKEN_START.test(pieces[i + 1]?.text ?? '');
  });
  return out;
}

/** A page ending on a letter and a line-end hyphen, and a page starting with a lower-case letter. */
const BROKEN_END = /\p{L}[-\u2010]\s*$/u;
const BROKEN_START = /^\s*\p{Ll}/u;

/**
 * A chunk's words, and again with the hyphens inside words taken out ("n-tuplo" -> "ntuplo"):
 * pdftotext joins a compound broken at a line end without its hyphen, as it joins a word broken
 * there ("background-\ncolor" -> "backgroundcolor"), where the chunk keeps the hyphen it prints.
 */
export function chunkWordings(text: string): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const t of ANGLE.test(text) ? [text, cmsyAngles(text)] : [text])
    for (const w of [words(t), words(t.replace(/(\p{L})[-\u2010](?=\p{L})/gu, '$1'))]) {
      const key = w.join(' ');
      if (!seen.has(key)) out.push(w);
      seen.add(key);
    }
  return out;
}

const ANGLE = /[\u2329\u232A\u27E8\u27E9\u3008\u3009]/u;

/**
 * Angle brackets as pdftotext reads TeX's math symbol font (cmsy) without a Unicode map: by their
 * glyph codes, the letters "h" (⟨, 0x68) and "i" (⟩, 0x69). A CWEB program's module names
 * ("⟨ Tiskni závěrečnou zprávu 32 ⟩", vlna) are read "h Tiskni závěrečnou zprávu 32 i".
 */
export function cmsyAngles(text: string): string {
  return text.replace(/[\u2329\u27E8\u3008]/gu, ' h ').replace(/[\u232A\u27E9\u3009]/gu, ' i ');
}

interface RunIndex {
  gram: number;
  first: number[];
  last: number[];
  starts: Map<string, number[]>;
}

function runIndex(pages: readonly string[] | readonly PagedPiece[], gram: number): RunIndex {
  const {
    words: stream,
    first,
    last,
  } = pieceWords(pages.map((p, i) => (typeof p === 'string' ? { text: p, page: i + 1 } : p)));
  const starts = new Map<string, number[]>();
  for (let i = 0; i + gram <= stream.length; i++) {
    const key = stream.slice(i, i + gram).join(' ');
    const at = starts.get(key);
    if (at) at.push(i);
    else starts.set(key, [i]);
  }
  return { gram, first, last, starts };
}

/** The pages the first runs of `w` start on and its last runs end on, in one reading. */
function runPages(x: RunIndex, w: readonly string[], startPages: Set<number>, endPages: Set<number>): void {
  const { gram } = x;
  // The pages of the first SHIFTS runs (and of the last ones, by their last word): a heading
  // number that the reference also reads on a contents page, or reads in another order on the
  // page itself, then does not decide alone.
  // A heading number of several words ("3 3 9") read apart from its title on the page itself
  // (after a listing pdftotext reads first) but with it on a contents page: runs after it too.
  const lead = numberWords(w);
  for (let k = lead; k < lead + SHIFTS && k + gram <= w.length; k++)
    for (const i of x.starts.get(w.slice(k, k + gram).join(' ')) ?? []) startPages.add(x.first[i]!);
  for (let k = 0; k < SHIFTS && k + gram <= w.length; k++) {
    for (const i of x.starts.get(w.slice(k, k + gram).join(' ')) ?? []) startPages.add(x.first[i]!);
    const to = w.length - k;
    for (const i of x.starts.get(w.slice(to - gram, to).join(' ')) ?? []) endPages.add(x.last[i + gram - 1]!);
  }
}

/**
 * A page's text with every hyphen between two letters taken out ("dry-run" -> "dryrun"), as
 * chunkWordings takes them out of a chunk. pdftotext drops a hyphen that ends a line ("autolayout-"
 * over "file" -> "autolayoutfile") and keeps one inside a line ("dry-run"), so a chunk that prints
 * both ("autolayout-file ... dry-run", as the page does) matches the reference in neither wording
 * where a run holds one of each (docbook-xsl-ref page 78); with both sides' hyphens out it does.
 */
export function withoutWordHyphens(page: string): string {
  return page.replace(/(\p{L})[-\u2010](?=\p{L})/gu, '$1');
}

/**
 * `pages`: the reference's pages without their running lines (withoutRunningLines), so that words
 * running over a page break are found. `rawPages` (optional): the same pages with every line,
 * searched with runs three words longer: a line the running-line rule takes for furniture because its
 * shape stands at many pages' edges (a listing's closing "20 } // namespace raptor", CWEB's "This
 * code is used in section 1.", a figure repeated atop several pages) is the chunk's own text there,
 * and eight words in a row on one page place the chunk where a five-word run may not.
 * `drawnPages` (optional): pdf.js's text of each page, in the order it is drawn, searched as
 * `rawPages`: text set at an angle, which pdftotext reads in pieces (reportlab-guide page 113, a
 * bar chart's rotated labels "Jan-99 Feb-99 ..." read "-99 Jan 9 b-9 Fe"), stands there whole, on
 * the page that draws it.
 * `notePieces` (optional): the reading with each page's footnotes after the paragraph the page
 * turn cut (footnote-reading.ts notesAfterTextPieces), each word on the page it stands on: a chunk
 * that reads the cut paragraph whole, the notes after it, then the next page's text ("... separierbar
 * zu machen." / "(Begründung:", devref-de's pages 92-93) ends with words no page-by-page reading
 * has in a row; there they stand, and its last word is found on its own page, not a note's.
 * `rowPages` (optional): readings of the pages with their head and foot rows out and every other
 * line kept (measures.ts withoutHeadRows: pdftotext's, and the column-aware one that keeps a
 * table's rows together), searched as `rawPages`: a body line at a page's edge whose shape stands
 * at many pages' edges ("Examples:" ending a page of a reference manual, its table on the next
 * page; "Portability" over "GNU Prolog predicates." at the top of the next) is dropped from `pages`
 * as furniture, and in `rawPages` the next page's running head stands between it and the words
 * after it.
 */
export function pageNumbersRight(
  chunks: readonly PagedChunk[],
  pages: readonly string[],
  gram = GRAM,
  rawPages?: readonly string[],
  drawnPages?: readonly string[],
  notePieces?: readonly PagedPiece[],
  rowPages: readonly (readonly string[])[] = [],
): PageScore {
  const readings = [
    runIndex(pages, gram),
    runIndex(pages.map(withoutWordHyphens), gram),
    ...(rawPages ? [runIndex(rawPages, gram + RAW_EXTRA)] : []),
    ...(drawnPages ? [runIndex(drawnPages, gram + RAW_EXTRA)] : []),
    ...(notePieces && notePieces.length > 0 ? [runIndex(notePieces, gram)] : []),
    ...rowPages.map((r) => runIndex(r, gram + RAW_EXTRA)),
  ];
  let judged = 0;
  let right = 0;
  const wrong: string[] = [];
  chunks.forEach((c, n) => {
    if (c.pageStart === undefined || c.pageEnd === undefined) return;
    const wordings = chunkWordings(ownText(c.content, chunks[n - 1]?.content));
    const w = wordings[0]!;
    if (w.length < gram) return;
    const startPages = new Set<number>();
    const endPages = new Set<number>();
    for (const x of readings) for (const v of wordings) runPages(x, v, startPages, endPages);
    if (startPages.size === 0 || endPages.size === 0) return;
    judged++;
    if (startPages.has(c.pageStart) && endPages.has(c.pageEnd)) right++;
    else if (wrong.length < 10)
      wrong.push(
        `pages ${c.pageStart}-${c.pageEnd}, reference ${[...startPages].join('/')}-${[...endPages].join('/')}: ${w.slice(0, 8).join(' ')}`,
      );
  });
  return { judged, right: judged === 0 ? 100 : Math.round((right / judged) * 1000) / 10, wrong };
}

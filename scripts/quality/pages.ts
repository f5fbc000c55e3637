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

export function pageNumbersRight(chunks: readonly PagedChunk[], pages: readonly string[], gram = GRAM): PageScore {
  // Every word of the reference with its page (1-based), and where each run of `gram` words starts.
  const pageOf: number[] = [];
  const stream: string[] = [];
  pages.forEach((p, i) => {
    for (const w of words(p)) {
      stream.push(w);
      pageOf.push(i + 1);
    }
  });
  const starts = new Map<string, number[]>();
  for (let i = 0; i + gram <= stream.length; i++) {
    const key = stream.slice(i, i + gram).join(' ');
    const at = starts.get(key);
    if (at) at.push(i);
    else starts.set(key, [i]);
  }
  let judged = 0;
  let right = 0;
  const wrong: string[] = [];
  chunks.forEach((c, n) => {
    if (c.pageStart === undefined || c.pageEnd === undefined) return;
    const w = words(ownText(c.content, chunks[n - 1]?.content));
    if (w.length < gram) return;
    // The pages of the first SHIFTS runs (and of the last ones, by their last word): a heading
    // number that the reference also reads on a contents page, or reads in another order on the
    // page itself, then does not decide alone.
    const startPages = new Set<number>();
    const endPages = new Set<number>();
    // A heading number of several words ("3 3 9") read apart from its title on the page itself
    // (after a listing pdftotext reads first) but with it on a contents page: runs after it too.
    const lead = numberWords(w);
    for (let k = lead; k < lead + SHIFTS && k + gram <= w.length; k++)
      for (const i of starts.get(w.slice(k, k + gram).join(' ')) ?? []) startPages.add(pageOf[i]!);
    for (let k = 0; k < SHIFTS && k + gram <= w.length; k++) {
      for (const i of starts.get(w.slice(k, k + gram).join(' ')) ?? []) startPages.add(pageOf[i]!);
      const to = w.length - k;
      for (const i of starts.get(w.slice(to - gram, to).join(' ')) ?? []) endPages.add(pageOf[i + gram - 1]!);
    }
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

// Page furniture: running headers/footers and bare page numbers.
import type { PageText, TextLine } from './types.ts';

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
}

function edgeLines(p: PageText, pageIndex: number): EdgeLine[] {
  const n = p.lines.length;
  if (n === 0) return [];
  // Furniture sits at the extreme y of the page, whatever the reading order put first.
  const byY = [...p.lines].sort((a, b) => b.y - a.y);
  const out: EdgeLine[] = [];
  const k = Math.min(EDGE_LINES, Math.ceil(n / 2));
  for (let i = 0; i < k; i++) out.push({ page: pageIndex, line: byY[i]!, top: true });
  for (let i = Math.max(k, n - k); i < n; i++) out.push({ page: pageIndex, line: byY[i]!, top: false });
  return out;
}

/**
 * Removes running headers and footers and bare page numbers, in place. A line is furniture when
 * it is among the top or bottom lines of its page and either
 * - is a bare page number ("12", "xii", "Page 3", "3 of 10"), or
 * - has the same text modulo digits at the same height on several pages (its parts in any
 *   order: recto and verso heads swap them), or
 * - sits at a height where such repeated furniture was found on many pages and is the extreme
 *   line there (running headers that carry a chapter title changing through the book).
 */
export function removeFurniture(pages: PageText[]): void {
  const edges = pages.map(edgeLines);
  const counts = new Map<string, Set<number>>();
  const keyOf = (e: EdgeLine) => `${e.top ? 't' : 'b'}|${Math.round(e.line.y / 3)}|${shapeKey(e.line.text)}`;
  for (const list of edges) {
    for (const e of list) {
      const k = keyOf(e);
      let s = counts.get(k);
      if (!s) counts.set(k, (s = new Set()));
      s.add(e.page);
    }
  }
  const minRepeat = pages.length <= 3 ? 2 : Math.max(2, Math.min(4, Math.ceil(pages.length * 0.15)));
  // Running headers are set at or below the body size; a larger repeated line is a heading.
  const maxSize = bodySize(pages) * 1.15;
  const remove = new Set<TextLine>();
  const bandPages = new Map<string, Set<number>>();
  for (const list of edges) {
    for (const e of list) {
      const repeated = (counts.get(keyOf(e))?.size ?? 0) >= minRepeat && e.line.size <= maxSize;
      if (repeated || isBarePageNumber(e.line.text)) {
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
  for (const p of pages) p.lines = p.lines.filter((l) => !remove.has(l));
}

function isExtreme(p: PageText, line: TextLine, top: boolean): boolean {
  for (const l of p.lines) {
    if (l === line) continue;
    if (top ? l.y > line.y + 1 : l.y < line.y - 1) return false;
  }
  return true;
}

/** The font size that carries the most characters. */
function bodySize(pages: PageText[]): number {
  const sizes = new Map<number, number>();
  for (const p of pages) for (const l of p.lines) sizes.set(l.size, (sizes.get(l.size) ?? 0) + l.text.length);
  let best = 0;
  let bn = -1;
  for (const [k, n] of sizes) if (n > bn) [best, bn] = [k, n];
  return best;
}

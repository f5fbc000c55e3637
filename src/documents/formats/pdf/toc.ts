// Table-of-contents, list-of-figures/tables and back-of-book index pages.
import type { PageText } from './types.ts';

const TITLE = /^(?:table of contents|contents|list of (?:figures|tables|illustrations|listings)|index|general index|(?:function|concept|command|subject|variable)s?(?: and [a-z]+)? index|inhaltsverzeichnis|table des mati[eè]res|sommaire)$/i;
const ROMAN = '[ivxlcdm]{1,7}';
// "Title . . . . 12", "Title ........ xii", "Title …… 3"
const DOT_LEADER = new RegExp(`(?:\\.\\s?){3,}\\s*(?:\\d{1,4}|${ROMAN})$|…+\\s*(?:\\d{1,4}|${ROMAN})$`, 'i');
// "1.2 Title 12", "Medical procedure 3": some text with a letter, then a page number.
const TRAILING_NUMBER = /^(?=.*\p{L}).{2,}?[^\d\s.,;:!?]\s+(\d{1,4})$/u;
// Index entries: "clip, 24, 81, 137", "colorspec, 28, 50,", and their continuation lines "202, 203".
const INDEX_ENTRY = /^[^,]{1,80},\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:\s*,\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*,?$/;
const INDEX_CONT = /^\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:\s*,\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*,?$/;
// A single letter heading of an index ("A", "B") or a bare page number in a TOC's number column.
const NEUTRAL = /^(?:\p{L}|\d{1,4}|[ivxlc]{1,6})$/u;

export interface TocVerdict {
  toc: boolean;
  entries: number;
  lines: number;
}

/**
 * Classifies one page. Conservative: a page is a listing only when most of its lines are entries
 * (entries ending in a page number after dot leaders, index entries with page lists, or numbered
 * entries whose page numbers run in order), or when it is titled "Contents"/"Index"/... and a good
 * part of its lines are entries.
 */
export function classifyPage(page: PageText, pageCount: number): TocVerdict {
  let entries = 0;
  let strong = 0;
  let counted = 0;
  let titled = false;
  const numbers: number[] = [];
  const maxPage = pageCount * 2 + 20;
  for (const line of page.lines) {
    const t = line.text.trim();
    if (t.length === 0) continue;
    if (TITLE.test(t)) {
      titled = true;
      continue;
    }
    if (NEUTRAL.test(t)) continue;
    counted++;
    if (DOT_LEADER.test(t) || INDEX_ENTRY.test(t) || INDEX_CONT.test(t)) {
      entries++;
      strong++;
      continue;
    }
    const m = TRAILING_NUMBER.exec(t);
    if (m && t.length <= 120 && !line.mono) {
      const n = Number(m[1]);
      if (n <= maxPage) {
        entries++;
        numbers.push(n);
      }
    }
  }
  if (counted === 0) return { toc: false, entries, lines: counted };
  const weak = entries - strong;
  // Weak entries (no leaders) count only when their page numbers mostly run in order.
  let effective = entries;
  if (weak > 0 && !inOrder(numbers)) effective = strong;
  const ratio = effective / counted;
  const toc = effective >= 4 && (ratio >= 0.6 || (titled && ratio >= 0.35));
  return { toc, entries: effective, lines: counted };
}

function inOrder(ns: number[]): boolean {
  if (ns.length < 3) return false;
  let ok = 0;
  for (let i = 1; i < ns.length; i++) if (ns[i]! >= ns[i - 1]!) ok++;
  return ok >= 0.8 * (ns.length - 1);
}

/** Removes listing pages, in place; returns the 1-based numbers of the pages removed. */
export function removeTocPages(pages: PageText[]): number[] {
  const removed: number[] = [];
  const kept: PageText[] = [];
  for (const p of pages) {
    if (classifyPage(p, pages.length).toc) removed.push(p.number);
    else kept.push(p);
  }
  pages.length = 0;
  for (const p of kept) pages.push(p);
  return removed;
}

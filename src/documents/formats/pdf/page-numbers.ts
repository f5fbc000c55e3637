// Bare page numbers told from numbers that are the page's own text: a number set inside the
// page's edge lines is a page number only when it follows the document's numbering.

const ROMAN: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** The value of a bare page number's numeral ("12", "xii", "Page 3", "3 of 10", "- 4 -"); undefined without one. */
export function pageNumberValue(text: string): number | undefined {
  const arabic = /\d{1,5}/.exec(text);
  if (arabic) return Number(arabic[0]);
  const roman = /[ivxlcdm]{1,8}$/i.exec(text.trim());
  if (!roman) return undefined;
  let value = 0;
  const digits = roman[0].toLowerCase();
  for (let i = 0; i < digits.length; i++) {
    const d = ROMAN[digits[i]!]!;
    const next = ROMAN[digits[i + 1] ?? ''] ?? 0;
    value += d < next ? -d : d;
  }
  return value;
}

/** A bare page number candidate: its page's number, its numeral's value, whether a line stands between it and the page's edge. */
export interface NumberCandidate {
  page: number;
  value: number | undefined;
  inner: boolean;
}

/**
 * The candidates (by index) that are no page number: set with a line between them and the page's
 * edge (inner), whose value less their page's number is an offset fewer than 3 pages' candidates
 * share (all the pages, in a document of fewer). A beamer deck's footline is the lowest line of
 * every slide, so a slide's last line of content is among its edge lines, and a formula's last
 * row there ("2" under "√", the "x" or "dx" of an integral: x and dx are roman numerals) was read as
 * the page number and dropped; a plot's axis labels above its caption the same. A page number set
 * over a footer follows the numbering: its offset is the same on every page.
 */
export function strayNumbers(candidates: readonly NumberCandidate[], pageCount: number): Set<number> {
  const offsets = new Map<number, Set<number>>();
  for (const c of candidates) {
    if (c.value === undefined) continue;
    const offset = c.value - c.page;
    let s = offsets.get(offset);
    if (!s) offsets.set(offset, (s = new Set()));
    s.add(c.page);
  }
  const need = Math.min(3, pageCount);
  const stray = new Set<number>();
  candidates.forEach((c, i) => {
    if (!c.inner) return;
    if (c.value === undefined || (offsets.get(c.value - c.page)?.size ?? 0) < need) stray.add(i);
  });
  return stray;
}

// A slide deck's navigation sidebar: the deck's title, author and sections listed in small print
// down one side of every slide (beamer's Berkeley, PaloAlto, Goettingen, Hannover themes).
import type { PageText, TextLine } from './types.ts';

/** A sidebar lists this many entries at least that stand on more than half of the pages. */
const MIN_ENTRIES = 3;
/** How far (points) a line may stand off the band and still be in it. */
const BAND_TOLERANCE = 2;
/** On at most this share of the pages may a line reach into the band from outside it. */
const CROSSINGS = 0.1;
/** The band stands in the outer third of the page's width, on one side. */
const SIDE = 1 / 3;

/**
 * The side band of a navigation sidebar, [left, right], or undefined: lines that stand at one x
 * with one text on more than half of the pages (3 of them or more: the title, the author, each
 * section), all in the outer third of the page on one side, whose extent no line from outside it
 * reaches into on more than a tenth of the pages. The entries move up and down from slide to slide
 * (the current section's subsections open under it), so no height repeats and the running-line
 * rules, read at the page's edges and heights, miss them; their small print carries more of a
 * deck's characters than its slides' text, so size tells nothing.
 */
export function sidebarBand(pages: readonly PageText[]): [number, number] | undefined {
  if (pages.length < 4) return undefined;
  let width = 0;
  for (const p of pages) width = Math.max(width, p.width ?? 0);
  if (!(width > 0)) return undefined;
  // A quick no, the same answer: a band stands in an outer third, so all of its entries do; a
  // book's lines mostly reach past its outer thirds and are not keyed (1 pt of slack: an entry's
  // x is its first line's, the others round to it).
  const left = SIDE * width + 1 - BAND_TOLERANCE;
  const right = (1 - SIDE) * width - 1 + BAND_TOLERANCE;
  if (repeatedLines(pages, (l) => l.xEnd <= left || l.x >= right).length < MIN_ENTRIES) return undefined;
  return band(
    repeatedLines(pages, () => true),
    pages,
    width,
  );
}

/** The lines (x and text) that stand on more than half of the pages, 3 of them at least, among those `keep` takes. */
function repeatedLines(
  pages: readonly PageText[],
  keep: (l: TextLine) => boolean,
): { pages: number; x: number; xEnd: number }[] {
  const seen = new Map<string, { pages: number; x: number; xEnd: number }>();
  for (const p of pages) {
    const keys = new Set<string>();
    for (const l of p.lines) {
      if (!keep(l) || !/\p{L}{2,}/u.test(l.text)) continue;
      const key = `${Math.round(l.x)}|${l.text}`;
      if (keys.has(key)) continue;
      keys.add(key);
      const s = seen.get(key);
      if (s) {
        s.pages++;
        s.xEnd = Math.max(s.xEnd, l.xEnd);
      } else seen.set(key, { pages: 1, x: l.x, xEnd: l.xEnd });
    }
  }
  return [...seen.values()].filter((s) => s.pages * 2 > pages.length && s.pages >= 3);
}

/** The band the entries span, when it lies in an outer third and few lines reach into it. */
function band(
  entries: readonly { x: number; xEnd: number }[],
  pages: readonly PageText[],
  width: number,
): [number, number] | undefined {
  if (entries.length < MIN_ENTRIES) return undefined;
  const left = Math.min(...entries.map((s) => s.x)) - BAND_TOLERANCE;
  const right = Math.max(...entries.map((s) => s.xEnd)) + BAND_TOLERANCE;
  if (right > SIDE * width && left < (1 - SIDE) * width) return undefined;
  let crossed = 0;
  for (const p of pages) if (p.lines.some((l) => l.xEnd > left && l.x < right && !within(l, left, right))) crossed++;
  return crossed <= CROSSINGS * pages.length ? [left, right] : undefined;
}

const within = (l: TextLine, left: number, right: number) => l.x >= left && l.xEnd <= right;

/** Whether a line belongs to the sidebar in `band`: wholly inside it. */
export function inSidebar(line: TextLine, band: readonly [number, number]): boolean {
  return within(line, band[0], band[1]);
}

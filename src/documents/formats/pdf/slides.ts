// Slide decks printed to PDF (beamer, Impress, PowerPoint): told apart by the shape of their pages,
// never by a file name. A slide is a landscape page (wider than 5:4) whose body text is large for
// its height (a slide's 11 pt on a 273 pt beamer page, 18 pt on a 540 pt Impress page; a landscape
// report sets 10-12 pt on 595 pt). On such a deck each page is a slide: its title (the frame title)
// is the heading of its text, and a chunk does not run from one slide into the next where each can
// stand alone (DocumentBlock.slide).
import type { DocumentBlock } from '../../blocks.ts';
import type { PageText, TextLine } from './types.ts';

/** Width over height from which a page is a slide's shape (4:3 is 1.33, 16:9 1.78; A4 landscape 1.41). */
export const SLIDE_ASPECT = 1.25;
/** Body font size over page height from which the text is a slide's (landscape A4 at 12 pt: 0.020). */
export const SLIDE_TEXT_SCALE = 0.024;

/**
 * The document is a slide deck: most pages (80 %) have a slide's shape, and the most common font
 * size (by characters) is large for the pages' height.
 */
export function isSlideDeck(
  pages: readonly Pick<PageText, 'width' | 'height' | 'lines'>[],
  bodySize: number | (() => number),
): boolean {
  const sized = pages.filter((p) => p.width !== undefined && p.height > 0);
  if (sized.length === 0) return false;
  const wide = sized.filter((p) => p.width! / p.height >= SLIDE_ASPECT);
  if (wide.length < sized.length * 0.8) return false;
  const heights = wide.map((p) => p.height).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)]!;
  // The body size, asked only of wide pages (a function: read where needed).
  return (typeof bodySize === 'number' ? bodySize : bodySize()) / height >= SLIDE_TEXT_SCALE;
}

/**
 * The slide's title: the first run of lines in the page's largest font, when that font is larger
 * than the body text and its first line stands in the upper half of the slide (a frame title, or a
 * title page's title); consecutive lines of that size and font make one title. Undefined when the
 * slide has none (a picture, a slide of plain text).
 */
export function slideTitle(
  page: Pick<PageText, 'height' | 'lines'>,
  bodySize: number,
): { start: number; end: number; text: string } | undefined {
  const { lines, height } = page;
  let best = -1;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.y < height * 0.5 || l.size < bodySize * 1.1 || !/\p{L}/u.test(l.text)) continue;
    if (best < 0 || l.size > lines[best]!.size + 0.1) best = i;
  }
  if (best < 0) return undefined;
  const head: TextLine = lines[best]!;
  let end = best + 1;
  while (
    end < lines.length &&
    end - best < 3 &&
    Math.abs(lines[end]!.size - head.size) < 0.1 &&
    lines[end]!.font === head.font &&
    lines[end]!.y < lines[end - 1]!.y
  )
    end++;
  const text = lines
    .slice(best, end)
    .map((l) => l.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { start: best, end, text };
}

/**
 * The label of each slide that has no title of its own (a slide of plain text, a remark, a licence
 * page), by page: the section of the deck it stands in. Sections are the outline's entries in
 * their order (beamer's \section writes a bookmark; its section slide or a frame prints the
 * title): a slide title that is the next entries' title opens that section, and a frame that only
 * repeats an earlier entry's title (a "Principes de base" frame late in the deck) opens none. A
 * slide before the first section has none. One pass over the blocks (a deck's blocks carry their
 * page; its headings are its slides' titles); `sectionAt` is where a title stands among the
 * outline's keys (-1: none), asked once per slide title.
 */
export function untitledSlideLabels(
  blocks: readonly Pick<DocumentBlock, 'kind' | 'text' | 'page'>[],
  sectionAt: (title: string, from: number) => number,
): Map<number, string> {
  const out = new Map<number, string>();
  let section: string | undefined;
  let next = 0;
  let page: number | undefined;
  let titled = false;
  const close = () => {
    if (page !== undefined && !titled && section !== undefined) out.set(page, section);
  };
  for (const b of blocks) {
    if (b.page === undefined) continue;
    if (b.page !== page) {
      close();
      page = b.page;
      titled = false;
    }
    if (b.kind !== 'heading' || titled) continue;
    titled = true;
    const at = sectionAt(b.text, next);
    if (at >= next) {
      section = b.text;
      next = at + 1;
    }
  }
  close();
  return out;
}

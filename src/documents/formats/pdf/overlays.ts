// Slide overlays: a beamer (or PowerPoint build) slide shown in steps repeats its text on
// consecutive pages, each page adding to the one before. Each slide is read once, at its last step.
import { isBarePageNumber } from './furniture.ts';
import type { TextLine } from './types.ts';

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a page's start looked for in the next page's text before its words are split out. */
const HEAD_WORDS = 12;

/** The first `n` words of a lower-cased text (fewer when it has fewer). */
function firstWords(lower: string, n: number): string[] {
  const out: string[] = [];
  WORD.lastIndex = 0;
  while (out.length < n) {
    const m = WORD.exec(lower);
    if (!m) break;
    out.push(m[0]);
  }
  return out;
}

/** Are the words of `a` found in `b`, in the same order (not necessarily next to each other)? */
function inOrder(a: readonly string[], b: readonly string[]): boolean {
  let j = 0;
  for (let i = 0; i < b.length && j < a.length; i++) if (b[i] === a[j]) j++;
  return j === a.length;
}

/**
 * Which pages are overlay steps: a page whose words (at least 3) all stand, in order, in the next
 * page's words, which has as many or more of them but at most 4 times as many, and which starts as
 * it does (the slide's title). Such a page is contained in the page after it; dropping it loses
 * nothing. The same page twice is a step too (a step that reveals a picture, or only recolours an
 * item): its text is read once. A book's short page (a part title over the chapter that follows)
 * is no step: the next page neither starts with it nor stays within 4 times its length.
 */
export function overlaySteps(pageTexts: readonly string[]): boolean[] {
  return overlayStepsOfLower(pageTexts.map((s) => s.toLowerCase()));
}

/** overlaySteps of page texts already in lower case (each page's stepKey, page-ready.ts). */
export function overlayStepsOfLower(lower: readonly string[]): boolean[] {
  // Two pages whose first three words differ are no step and its next: most pages of a book,
  // told without their words all split out. Nor is a page one of whose first HEAD_WORDS words
  // stands nowhere in the next page's text: a book's pages open alike (its running header,
  // which is still there) and part at their first words of text.
  const heads = lower.map((s) => firstWords(s, HEAD_WORDS));
  const all: (string[] | undefined)[] = [];
  const words = (i: number) => (all[i] ??= lower[i]!.match(WORD) ?? []);
  return lower.map((_s, i) => {
    if (i + 1 >= lower.length) return false;
    const head = heads[i]!;
    const nextHead = heads[i + 1]!;
    if (head.length < 3 || nextHead.length < 3) return false;
    for (let k = 0; k < 3; k++) if (head[k] !== nextHead[k]) return false;
    for (let k = 3; k < head.length; k++) if (!lower[i + 1]!.includes(head[k]!)) return false;
    const w = words(i);
    const next = words(i + 1);
    if (next.length < w.length || next.length > w.length * 4) return false;
    return inOrder(w, next);
  });
}

/** A page number or page count ending a line: a footline's "4/188", "4 / 188", "4". */
const TRAILING_PAGE = /\s*\d{1,5}(?:\s*\/\s*\d{1,5})?$/;

/**
 * A page's text as overlaySteps compares it, before the furniture is removed: the lines in order,
 * without bare page numbers, and without the page number or count that ends one of the three
 * lowest or highest lines (beamer's footline "Author  Title  Date 4/188"), which differ from step to
 * step. Steps are judged before the furniture: a frame's first lines, the same on four steps or
 * more, would otherwise be taken for a running header and removed from every step, the last too.
 */
export function stepText(lines: readonly Pick<TextLine, 'text' | 'y'>[]): string {
  const byY = [...lines].sort((a, b) => b.y - a.y);
  const edges = new Set([...byY.slice(0, 3), ...byY.slice(-3)]);
  return lines
    .filter((l) => !isBarePageNumber(l.text))
    .map((l) => (edges.has(l) ? l.text.replace(TRAILING_PAGE, '') : l.text))
    .join(' ');
}

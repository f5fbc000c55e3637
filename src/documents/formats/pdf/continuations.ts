// Continuation marks of a code block split over a page turn: Sphinx's LaTeX builder sets
// "(continues on next page)" under the block's part at a page's foot and "(continued from previous
// page)" over its next part, in small print and in the document's language ("(Fortsetzung auf der
// nächsten Seite)", "(suite sur la page suivante)"). Read from the layout, not the words.
import { bodySize } from './furniture.ts';
import type { PageText, TextLine } from './types.ts';

/**
 * Below this share of the body size a line is small print: Sphinx sets the marks and the footnotes
 * in \footnotesize (0.8 to 0.83 of the body at 10 to 12 points), its code in \small (0.9 to 0.91).
 */
const SMALL = 0.87;

/** A whole line in parentheses with a word of letters inside: the shape of a continuation mark. */
const PARENTHESISED = /^\([^()]*\p{L}{2,}[^()]*\)$/u;

/** A small-print line that is only a parenthesised remark, not code. */
export function isContinuationMark(line: Pick<TextLine, 'text' | 'size' | 'mono'>, body: number): boolean {
  return !line.mono && body > 0 && line.size < body * SMALL && PARENTHESISED.test(line.text.trim());
}

/** A page's lines from its top down (PDF y grows upwards). */
const topDown = (p: Pick<PageText, 'lines'>) => [...p.lines].sort((a, b) => b.y - a.y);

/**
 * The continuation marks of a code block broken by a page turn, to be removed: a page's last line
 * when it is a mark (isContinuationMark) under a code line and the next page opens with code or
 * with a mark over code; a page's first line when it is a mark over a code line and the page
 * before ends with code or with a mark under code. Both ends must be code: a parenthesised remark
 * in small print under a listing that ends a chapter, or over one that opens a page after prose,
 * stays. Footnotes under the text block (small print, their code too, but not a mark) are looked
 * past. `pages` have their running headers and footers removed already. With the marks, the
 * indices of the pages the broken blocks go on onto.
 */
function findMarks(
  pages: readonly Pick<PageText, 'lines'>[],
  body: number,
): { marks: Set<TextLine>; turns: Set<number> } {
  const mark = (l: TextLine | undefined) => l !== undefined && isContinuationMark(l, body);
  // Most documents have no mark at all: nothing to sort or pair.
  if (!pages.some((p) => p.lines.some((l) => mark(l)))) return { marks: new Set(), turns: new Set() };
  // Footnotes under the text block (small print, code in them too, not a mark) stand below the mark.
  const footnote = (l: TextLine) => l.size < body * SMALL && !mark(l);
  const sorted = pages.map((p) => {
    const s = topDown(p);
    let end = s.length;
    while (end > 0 && footnote(s[end - 1]!)) end--;
    return s.slice(0, end);
  });
  // The page's code at its foot: its last line code, or a mark under code.
  const endsInCode = (s: TextLine[]) =>
    s.length > 0 && (s.at(-1)!.mono || (mark(s.at(-1)) && s.length > 1 && s.at(-2)!.mono));
  const opensWithCode = (s: TextLine[]) => s.length > 0 && (s[0]!.mono || (mark(s[0]) && s.length > 1 && s[1]!.mono));
  const marks = new Set<TextLine>();
  const turns = new Set<number>();
  // The nearest page after and before each with any line left, in two passes (not a search per page).
  const nextOf = new Array<number>(sorted.length).fill(-1);
  const prevOf = new Array<number>(sorted.length).fill(-1);
  for (let n = sorted.length - 2, seen = -1; n >= 0; n--) {
    if (sorted[n + 1]!.length > 0) seen = n + 1;
    nextOf[n] = seen;
  }
  for (let n = 1, seen = -1; n < sorted.length; n++) {
    if (sorted[n - 1]!.length > 0) seen = n - 1;
    prevOf[n] = seen;
  }
  sorted.forEach((s, n) => {
    if (s.length < 2) return;
    const next = nextOf[n]!;
    const prev = prevOf[n]!;
    if (mark(s.at(-1)) && s.at(-2)!.mono && next >= 0 && opensWithCode(sorted[next]!)) {
      marks.add(s.at(-1)!);
      turns.add(next);
    }
    if (mark(s[0]) && s[1]!.mono && prev >= 0 && endsInCode(sorted[prev]!)) {
      marks.add(s[0]!);
      turns.add(n);
    }
  });
  return { marks, turns };
}

/** The continuation marks of code blocks broken by a page turn (findMarks). */
export function codeContinuationMarks(
  pages: readonly Pick<PageText, 'lines'>[],
  body = bodySize(pages),
): Set<TextLine> {
  return findMarks(pages, body).marks;
}

/**
 * Removes the continuation marks of code blocks broken by a page turn (findMarks), in place.
 * Returns the numbers of the pages the broken blocks go on onto: the block's parts stay two blocks
 * there (splitRunsAtTurns), as they were with the mark between them, each its page's part, which
 * the chunks hold whole where it fits in one.
 */
export function removeCodeContinuations(pages: PageText[]): Set<number> {
  const { marks, turns } = findMarks(pages, bodySize(pages));
  if (marks.size > 0) for (const p of pages) p.lines = p.lines.filter((l) => !marks.has(l));
  return new Set([...turns].map((n) => pages[n]!.number));
}

/**
 * Runs of code lines ([start, end) of `pageOf`'s indices, codeRuns) cut where a line opens one of
 * the pages `turns` after a line of an earlier page; a part of one line is no run (codeRuns asks 2+).
 */
export function splitRunsAtTurns(
  runs: readonly (readonly [number, number])[],
  pageOf: (i: number) => number,
  turns: ReadonlySet<number>,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const push = (a: number, z: number) => {
    if (z - a >= 2) out.push([a, z]);
  };
  for (const [start, end] of runs) {
    let from = start;
    for (let i = start + 1; i < end; i++)
      if (turns.has(pageOf(i)) && pageOf(i) !== pageOf(i - 1)) {
        push(from, i);
        from = i;
      }
    push(from, end);
  }
  return out;
}

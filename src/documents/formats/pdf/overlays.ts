// Slide overlays: a beamer (or PowerPoint build) slide shown in steps repeats its text on
// consecutive pages, each page adding to the one before. Each slide is read once, at its last step.

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

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
  const ws = pageTexts.map(words);
  return ws.map((w, i) => {
    const next = ws[i + 1];
    if (next === undefined || w.length < 3 || next.length < w.length || next.length > w.length * 4) return false;
    for (let k = 0; k < 3; k++) if (w[k] !== next[k]) return false;
    return inOrder(w, next);
  });
}

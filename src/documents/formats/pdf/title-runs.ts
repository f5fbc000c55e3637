// Where a title ends on its line or over the lines under it, read from the outline (bookmarks):
// a numbered run-in heading ("4.2. Computations. To disable ...", amsart's and the journal
// classes' subsections) and a title set on a line of its own over the text.

/** How many words a run-in title may have (headings.ts MAX_WORDS). */
const RUN_IN_WORDS = 14;
/** How far into a line a run-in title may end (characters). */
const RUN_IN_REACH = 120;

/** What a sentence after a run-in title opens with. */
const OPENS = /[\p{Lu}\p{Lt}\p{N}"'“‘«([\\]/u;

const count = (s: string, c: string): number => s.split(c).length - 1;

/**
 * The length of the run-in title that opens a line, or 0: the line's text up to a full stop
 * followed by a space and a sentence's start, at most
 * RUN_IN_WORDS words, where the outline names that text (`named`, the caller's normalised
 * lookup). The rest of the line is the first line of the paragraph under it.
 * "4.2. Computations. To disable these commands ..." -> 18 ("4.2. Computations.").
 */
export function runInTitle(text: string, named: (title: string) => boolean): number {
  let words = 1;
  const end = Math.min(text.length - 2, RUN_IN_REACH);
  for (let i = 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (++words > RUN_IN_WORDS) return 0;
      continue;
    }
    // A full stop and a space, then a sentence's start (a capital, a digit, a quote or bracket). Not
    // a colon: a definition list's term ("LaTeX: Si cette option ...") may be an outline title too.
    if (c !== 46 || text.charCodeAt(i + 1) !== 32 || !OPENS.test(text[i + 2]!)) continue;
    const head = text.slice(0, i + 1);
    // Not a stop inside brackets: "2.4.7 Reticências (. . . )" is a title, whole.
    if (!/\p{L}\p{L}/u.test(head) || count(head, '(') !== count(head, ')')) continue;
    if (named(head)) return i + 1;
  }
  return 0;
}

/**
 * A line the outline names as a title of its own stands alone: it takes no next line as the rest
 * of a wrapped title unless the outline names the lines together too. A centred section title
 * ("2. USAGE") over a first text line short enough to pass for a title's second line
 * ("Include the package in your document by placing ... into") is no two-line title.
 */
export function standsAlone(first: string, joined: string, named: (title: string) => boolean): boolean {
  return named(first) && !named(joined);
}

// Footnotes at a page's foot (LaTeX's \footnote, Texinfo's @footnote): set smaller than the text
// above them, each opening with its mark ("1 The package has a long history."). They are read as
// paragraphs of their own, after the sentence of the text that the page turn cut.
import type { DocumentBlock, PageTurn } from '../../blocks.ts';
import { countAlnum } from '../../page-turns.ts';
import { joinLines } from './clean.ts';

/** A footnote's type against the text's: \footnotesize under \normalsize is 0.8 to 0.83. */
const NOTE_SIZE = 0.9;
/** A footnote's mark at its first line's start: a number, or a symbol of the footnote series. */
const NOTE_MARK = /^(?:\d{1,3}|[*∗†‡§¶‖])\s?\S/u;
/** A block ending a sentence. */
const ENDS = /[.!?:]["'”’)\]]*$/u;
/** A line going on a sentence: lower case, or a bracket. */
const GOES_ON = /^[\p{Ll}(]/u;

/**
 * Does a line (`text`, at `size`) open a footnote under the text (the line above at `aboveSize`,
 * the document's body at `bodySize`)? Its type is smaller than both, and it opens with a mark.
 * A smaller line without one (a caption's second line, a wrapped footnote's next line) is not a
 * new footnote.
 */
export function opensFootnote(text: string, size: number, aboveSize: number, bodySize: number): boolean {
  return size < aboveSize * NOTE_SIZE && size < bodySize * NOTE_SIZE && NOTE_MARK.test(text);
}

/**
 * The blocks with the text that a page's footnotes cut in two read as one paragraph again: a
 * paragraph with no sentence end, then the footnotes at its page's foot (`notes`), then on a later
 * page a paragraph going on in lower case. The two are one paragraph (turning onto the later page
 * after the first's letters and digits), the footnotes after it, in their order.
 * covington: "... With this option, examples in footnotes get a" / "1 The package has a long
 * history. ..." / "different numbering. ..." read "... get a different numbering. ..." then the note.
 */
export function footnotesAfterText(blocks: DocumentBlock[], notes: ReadonlySet<DocumentBlock>): DocumentBlock[] {
  if (notes.size === 0) return blocks;
  const out: DocumentBlock[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const a = blocks[i]!;
    let j = i + 1;
    while (j < blocks.length && notes.has(blocks[j]!)) j++;
    const b = blocks[j];
    if (
      j === i + 1 ||
      !b ||
      notes.has(a) ||
      a.kind !== 'paragraph' ||
      b.kind !== 'paragraph' ||
      a.page === undefined ||
      b.page === undefined ||
      b.page <= (a.pageTurns?.at(-1)?.page ?? a.page) ||
      ENDS.test(a.text) ||
      !GOES_ON.test(b.text)
    ) {
      out.push(a);
      continue;
    }
    const after = countAlnum(a.text);
    const turns: PageTurn[] = [
      ...(a.pageTurns ?? []),
      { after, page: b.page },
      ...(b.pageTurns ?? []).map((t) => ({ after: t.after + after, page: t.page })),
    ];
    out.push({ ...a, text: joinLines(a.text, b.text), pageTurns: turns });
    for (let k = i + 1; k < j; k++) out.push(blocks[k]!);
    i = j;
  }
  return out;
}

// Footnotes at a page's foot (LaTeX's \footnote, Texinfo's @footnote): set smaller than the text
// above them, each opening with its mark ("1 The package has a long history."). They are read as
// paragraphs of their own and end at their page's foot (turn-heads.ts opensAfterTurn); where a
// paragraph runs on over the page turn, they stand after its end (notesAfterCutParagraphs), as a
// reader reads them, not between the halves of a sentence (the order measure reads them so too
// since papers26's notesAfterTextReading).
import type { DocumentBlock } from '../../blocks.ts';
import { blockJoined } from '../../page-turns.ts';
import { joinLines, RUNS_ON, SENTENCE_END } from './clean.ts';

/** A footnote's type against the text's: \footnotesize under \normalsize is 0.8 to 0.83. */
export const NOTE_SIZE = 0.9;
/**
 * A footnote's mark at its first line's start: a number of up to three digits, or a symbol of the
 * footnote series, then its text, opening with a letter, a quotation mark or a bracket: not a
 * punctuation mark or a further digit (a references list's wrapped date in a smaller type,
 * "10, 2010. https://ctan.org/pkg/drs.", "2017. https://..."), nor a relation (a sum's limits
 * under its sign, "1≤i≤j≤n").
 */
const NOTE_MARK = /^(?:\d{1,3}(?!\d)|[*∗†‡§¶‖])\s?[\p{L}"'“‘«(\[]/u;

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
 * A float's caption: a figure's, a table's or a listing's label and number, then a colon, a full
 * stop or a dash ("Figure 2.1: Maxima-mode", "Table 3. Options", "Abbildung 4 – Aufbau"). A
 * paragraph that opens "Figure 2 shows" is prose.
 */
const FLOAT_CAPTION =
  /^(?:figure|fig\.|figura|abbildung|abb\.|rysunek|rys\.|obr[áa]zek|obr\.|table|tableau|tabelle|tab\.|tabla|tabella|tabela|tabulka|listing)\s*(?:\d+|[IVX]+)(?:[.\-–]\d+)*\s*[:.–—]/iu;

/**
 * Does a paragraph's first line open a float's caption? A float never breaks over a page: its
 * caption ends on its page, and the text that runs on at the next page's top is the paragraph
 * the float cut (notesAfterCutParagraphs), not the caption's.
 */
export function opensFloatCaption(text: string): boolean {
  return FLOAT_CAPTION.test(text.trim());
}

/** Words of prose: letters (an apostrophe or a hyphen inside), a comma or a semicolon after. */
const PROSE_WORD = /^[\p{L}][\p{L}'’-]*[,;]?$/u;

/**
 * Is a paragraph that a float cut prose cut inside a sentence: eight words or more, most of them
 * words of prose, the last one too? A diagram's labels ("Device Values Device Values") or a
 * symbol table's row ("g \curlyvee f \curlywedge h \leftthreetimes") over a caption are no
 * sentence the text after the float goes on with.
 */
export function cutProse(text: string): boolean {
  const ws = text.trim().split(/\s+/u);
  const last = ws.at(-1) ?? '';
  return (
    ws.length >= 8 &&
    ws.filter((w) => PROSE_WORD.test(w)).length >= ws.length * 0.7 &&
    PROSE_WORD.test(last) &&
    last === last.toLowerCase()
  );
}

/** Does each page strictly between `from` and `to` hold a caption among `blocks` (a float's page)? */
function captionEachPage(
  blocks: readonly DocumentBlock[],
  captions: ReadonlySet<DocumentBlock>,
  from: number,
  to: number,
): boolean {
  for (let pg = from + 1; pg < to; pg++) if (!blocks.some((n) => n.page === pg && captions.has(n))) return false;
  return true;
}

/** A paragraph `p` run on into `q`, its second half on a later page, as one block. */
function joinedOver(p: DocumentBlock, q: DocumentBlock): DocumentBlock {
  return blockJoined(p, q, joinLines(p.text, q.text));
}

/**
 * A paragraph that a page's footnotes cut, read whole, the notes after it: a paragraph (or list
 * item) that does not end a sentence, then blocks of its last page in a footnote's type (`notes`:
 * footnotes, a note run on from the page before without its mark, a float's caption at the foot),
 * then a paragraph on the next page that runs on (lower case or an opening bracket): the two
 * halves are one block, turning onto the next page where the second half starts, and the notes
 * follow it. One of those blocks at least is a footnote opening with its mark (`marked`, or in
 * a footnote's type and opening with a mark: a note under a note run on from the page before,
 * whose line above is as small as it, is not `marked`, opensFootnote's size test cannot see it): a
 * small line alone at a page's foot (ltnews's copyright line) stays where the page sets it. LaTeX's books cut paragraphs so at nearly every page with notes: lshort-pt's "... no"
 * / "que a forma mais correcta ..." / "2 What you see is what you get ..." / "ecrã depois de
 * processar ...". A float's caption (`captions`, opensFloatCaption) is such a block too, marked
 * by its label, at the foot of the page, at the top of the next one or alone on a float's page
 * between the two (maximabook's "... Maxima, the" / "Figure 2.1: Maxima-mode" on a page of its
 * own / "region (buffer, line, form) will ..."). A block in `keep` (a line of code) is never joined. Pure: the blocks are new
 * objects where they change.
 */
export function notesAfterCutParagraphs(
  blocks: readonly DocumentBlock[],
  notes: ReadonlySet<DocumentBlock>,
  marked: ReadonlySet<DocumentBlock>,
  keep: ReadonlySet<DocumentBlock> = new Set(),
  captions: ReadonlySet<DocumentBlock> = new Set(),
): DocumentBlock[] {
  if (notes.size === 0 && captions.size === 0) return [...blocks];
  const out: DocumentBlock[] = [];
  let i = 0;
  while (i < blocks.length) {
    const p = blocks[i]!;
    let j = i + 1;
    while (j < blocks.length && (notes.has(blocks[j]!) || captions.has(blocks[j]!))) j++;
    const q = blocks[j];
    const last = p.pageTurns?.at(-1)?.page ?? p.page;
    const between = blocks.slice(i + 1, j);
    const cut =
      j > i + 1 &&
      q !== undefined &&
      (p.kind === 'paragraph' || p.kind === 'item') &&
      q.kind === 'paragraph' &&
      !notes.has(p) &&
      !captions.has(p) &&
      !keep.has(p) &&
      !keep.has(q) &&
      last !== undefined &&
      q.page !== undefined &&
      q.page > last &&
      between.every((n) => n.page === last || (captions.has(n) && n.page! > last && n.page! <= q.page!)) &&
      // Each page between the halves a float's page: its caption, nothing else.
      captionEachPage(between, captions, last, q.page) &&
      (between.some((n) => marked.has(n) || NOTE_MARK.test(n.text)) ||
        (between.some((n) => captions.has(n)) && cutProse(p.text))) &&
      !SENTENCE_END.test(p.text) &&
      RUNS_ON.test(q.text);
    if (!cut) {
      out.push(p);
      i++;
      continue;
    }
    out.push(joinedOver(p, q));
    out.push(...blocks.slice(i + 1, j));
    i = j + 1;
  }
  return out;
}

/** A drawn figure's label on a float page: six words or fewer, ending no sentence ("Device Values"). */
const LABEL_WORDS = 6;
const floatLabel = (b: DocumentBlock) =>
  b.kind === 'paragraph' && b.text.trim().split(/\s+/u).length <= LABEL_WORDS && !SENTENCE_END.test(b.text.trim());

/** Float pages in a row a paragraph may run on over. */
const MAX_FLOAT_PAGES = 2;

/**
 * The text a float page cut, before the float: a paragraph or item (`p`) ending no sentence on
 * one page, then pages that hold a float alone (each with a caption among `captions`, its other
 * blocks the labels its drawing sets: six words or fewer, no sentence), then a paragraph on the page after them that runs on in
 * lower case (`q`). `q` comes before the float's blocks, joined to `p` where `p` is prose cut
 * inside a sentence (cutProse), else as a block of its own: gs-color's term "-dVectorKPreserve =
 * 0 / 1 / 2", a page of a diagram's labels and "Figure 2: Flow of data ...", then the term's
 * description "specifies the black preserving method ...". A float on `p`'s own page or on
 * `q`'s is left where it stands (its labels are not told from the page's text). A block in
 * `keep` (a line of code) stays. Pure: the blocks are new objects where they change.
 */
export function textBeforeFloatPages(
  blocks: readonly DocumentBlock[],
  captions: ReadonlySet<DocumentBlock>,
  keep: ReadonlySet<DocumentBlock> = new Set(),
): DocumentBlock[] {
  if (captions.size === 0) return [...blocks];
  const out: DocumentBlock[] = [];
  let i = 0;
  while (i < blocks.length) {
    const p = blocks[i]!;
    const last = p.pageTurns?.at(-1)?.page ?? p.page;
    // The blocks of the pages after `p`'s up to the first block of a later page, the text's.
    let j = i + 1;
    if (last !== undefined)
      while (j < blocks.length) {
        const pg = blocks[j]!.page ?? 0;
        if (pg <= last || pg > last + MAX_FLOAT_PAGES + 1 || blocks[j]!.kind === 'heading') break;
        if (pg > last + 1 && blocks[j - 1]!.page !== pg && !captions.has(blocks[j]!)) break;
        j++;
      }
    const q = blocks[j];
    const run = blocks.slice(i + 1, j);
    const moves =
      q !== undefined &&
      run.length > 0 &&
      last !== undefined &&
      q.page !== undefined &&
      (p.kind === 'paragraph' || p.kind === 'item') &&
      q.kind === 'paragraph' &&
      !captions.has(p) &&
      !keep.has(p) &&
      !keep.has(q) &&
      run.every((n) => n.page! > last && n.page! < q.page! && !keep.has(n) && (captions.has(n) || floatLabel(n))) &&
      captionEachPage(run, captions, last, q.page) &&
      !SENTENCE_END.test(p.text.trim()) &&
      RUNS_ON.test(q.text.trim());
    if (!moves) {
      out.push(p);
      i++;
      continue;
    }
    if (cutProse(p.text)) out.push(joinedOver(p, q));
    else out.push(p, q);
    out.push(...run);
    i = j + 1;
  }
  return out;
}

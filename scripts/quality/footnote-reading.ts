// A second reference reading of a PDF for the reading-order measure: each page's footnotes moved
// after the text they interrupt. pdftotext reads a page's notes where they stand, between the last
// line of its text and the next page's first, so a sentence the page turn cut reads "... get a" /
// "1 The package has a long history." / "different numbering.", and a reading that joins the
// sentence and puts the notes after it (the service's, src/documents/formats/pdf/footnotes.ts)
// counted as out of order at the join. In this reading the pages' texts follow each other and a
// page's notes come after the first paragraph of the next page's text. A chunk's 4-gram is in order
// when any reading has it (corpus.ts). Pure functions, no I/O: test/scripts/footnote-reading.test.ts.
import { type BoxWord, pageRows } from './column-reading.ts';

/** A footnote's type against the text's: \footnotesize under \normalsize is 0.8 to 0.83. */
const NOTE_SIZE = 0.9;
/** A footnote's first word: its mark alone or against its first letter ("1", "1The", "*", "†"). */
const NOTE_MARK = /^(?:\d{1,3}|[*∗†‡§¶‖])(?:$|[\p{L}"'“‘«([])/u;
/** The skip over the notes (LaTeX's \\skip\\footins and the rule): at least this share of the text's word height free. */
const NOTE_SKIP = 0.8;
/** A foot line under the notes: a page number or a short running foot, at most this many words. */
const FOOT_WORDS = 4;

const height = (w: BoxWord) => w.y1 - w.y0;

function medianHeight(words: readonly BoxWord[]): number {
  const hs = words.map(height).sort((a, b) => a - b);
  return hs.length === 0 ? 0 : hs[Math.floor(hs.length / 2)]!;
}

/**
 * The words of a page's footnotes (`bodyHeight`: the document's usual word height): the rows at
 * the page's foot set smaller than the text (their median word height under NOTE_SIZE of it), from
 * the highest of them that opens with a mark down; a foot line of a few words under them (the
 * page number) is not a note. Rows above the notes' first mark, small or not, are the page's text;
 * the first mark stands NOTE_SKIP under the row above it (a contents list or a table set small,
 * its rows opening with numbers, has no skip).
 */
export function footnoteWords(words: readonly BoxWord[], bodyHeight: number): Set<BoxWord> {
  const rows = pageRows([...words]);
  let end = rows.length;
  // The foot line: a few words at the very bottom, any size.
  if (end > 0 && rows[end - 1]!.length <= FOOT_WORDS && medianHeight(rows[end - 1]!) >= bodyHeight * NOTE_SIZE) end--;
  let start = end;
  let first = -1;
  for (let i = end - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (medianHeight(r) >= bodyHeight * NOTE_SIZE) break;
    if (NOTE_MARK.test(r[0]!.text)) first = i;
    start = i;
  }
  const out = new Set<BoxWord>();
  if (first < 0 || start === end) return out;
  const above = rows[first - 1];
  if (
    above &&
    Math.min(...rows[first]!.map((w) => w.y0)) - Math.max(...above.map((w) => w.y1)) < NOTE_SKIP * bodyHeight
  )
    return out;
  for (let i = first; i < end; i++) for (const w of rows[i]!) out.add(w);
  return out;
}

/** Is this word (of words in pdftotext's order) the last of its line: the next one lower, or back left? */
function lastOfLine(w: BoxWord, next: BoxWord | undefined): boolean {
  return !next || next.y0 >= w.y1 || next.x0 < w.x0;
}

/** A running line's page number: Arabic or Roman. */
const PAGE_NUMBER = /^(?:\d{1,4}|[ivxlc]{1,6})$/i;
/** A running head: at most this many words, its page number at its start or end. */
const HEAD_WORDS = 8;

/**
 * A page's running lines (`bodyHeight`: the document's usual word height): its top row when it is
 * short (HEAD_WORDS or fewer), opens or ends with a page number and stands NOTE_SKIP over the row
 * under it ("1.3 Ficheiros LATEX 5"), and its bottom row when it is a few words (FOOT_WORDS)
 * holding a page number. This reading reads the pages on over them: a cut sentence's halves meet.
 */
export function runningWords(words: readonly BoxWord[], bodyHeight: number): Set<BoxWord> {
  const rows = pageRows([...words]);
  const out = new Set<BoxWord>();
  const top = rows[0];
  const next = rows[1];
  if (
    top &&
    next &&
    top.length <= HEAD_WORDS &&
    (PAGE_NUMBER.test(top[0]!.text) || PAGE_NUMBER.test(top.at(-1)!.text)) &&
    Math.min(...next.map((w) => w.y0)) - Math.max(...top.map((w) => w.y1)) >= NOTE_SKIP * bodyHeight
  )
    for (const w of top) out.add(w);
  const foot = rows.at(-1);
  if (foot && rows.length > 1 && foot.length <= FOOT_WORDS && foot.some((w) => PAGE_NUMBER.test(w.text)))
    for (const w of foot) out.add(w);
  return out;
}

/**
 * Where the notes of the page before go in a page's text (its words in pdftotext's order, notes
 * aside): after the first paragraph's end, the first line that stops short of the text's right
 * edge by more than two word heights (a sentence's end, or a line over a display: "y a las cotas
 * de las variables" over its bounds), or after the last word.
 */
export function paragraphEnd(body: readonly BoxWord[]): number {
  let right = 0;
  for (const w of body) right = Math.max(right, w.x1);
  for (let i = 0; i < body.length; i++) {
    const w = body[i]!;
    if (lastOfLine(w, body[i + 1]) && right - w.x1 > 2 * height(w)) return i + 1;
  }
  return body.length;
}

/**
 * Two words of a line closer than this share of their height touch; touching capitals are one
 * word (the LaTeX logo's "L", "A", "TEX"). A formula's script touches its base too ("x" "2"), but
 * stays apart, as the other readings keep it (the measure picks a chunk's spelling by them).
 */
const TOUCH = 0.1;
const CAPITAL_END = /\p{Lu}$/u;
const CAPITAL_START = /^\p{Lu}/u;

/**
 * Words as lines of text: a line break after each line's last word, a blank between words but
 * touching capitals (pdftotext's own reading sets the logo "LATEX" whole).
 */
export function lines(words: readonly BoxWord[]): string {
  let out = '';
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (lastOfLine(w, next)) out += `${w.text}\n`;
    else
      out +=
        next!.x0 - w.x1 < TOUCH * height(w) && CAPITAL_END.test(w.text) && CAPITAL_START.test(next!.text)
          ? w.text
          : `${w.text} `;
  }
  return out;
}

/**
 * The document read with each page's footnotes after the text they interrupt: the pages' texts
 * (their words in pdftotext's order, `pages`, their running lines left out: runningWords) with a
 * form feed between pages, and a page's notes after the first paragraph of the next page's text
 * (or at the end, on the last page).
 * Empty when no page has notes: the reading would be pdftotext's own.
 */
export function notesAfterTextReading(pages: readonly (readonly BoxWord[])[]): string {
  const bodyHeight = medianHeight(pages.flat());
  const out: string[] = [];
  let pending = '';
  let any = false;
  for (const words of pages) {
    const notes = footnoteWords(words, bodyHeight);
    const running = runningWords(words, bodyHeight);
    const body = words.filter((w) => !notes.has(w) && !running.has(w));
    const at = pending.length > 0 ? paragraphEnd(body) : 0;
    out.push(lines(body.slice(0, at)) + pending + lines(body.slice(at)));
    pending = lines(words.filter((w) => notes.has(w)));
    if (notes.size > 0) any = true;
  }
  if (pending.length > 0) out[out.length - 1] += pending;
  return any ? out.join('\f') : '';
}

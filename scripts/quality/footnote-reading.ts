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
/**
 * A footnote's first word: its mark alone or against its first letter ("1", "1The", "*", "†"), a
 * mark of LaTeX's or groff's symbol series doubled or tripled past the fourth note ("**", "††").
 */
const NOTE_MARK = /^(?:\d{1,3}|[*∗†‡§¶‖]{1,3})(?:$|[\p{L}"'“‘«([])/u;
/** A mark alone, with no text against it: the note's text must follow on its row. */
const BARE_MARK = /^(?:\d{1,3}|[*∗†‡§¶‖]{1,3})$/u;
/**
 * The skip over the notes (LaTeX's \\skip\\footins and the rule, groff's): at least this share of
 * the text's word height free (lshort's notes stand 0.65 to 0.8 of it under the text).
 */
const NOTE_SKIP = 0.6;
/** A foot line under the notes: a page number or a short running foot, at most this many words. */
const FOOT_WORDS = 4;

const height = (w: BoxWord) => w.y1 - w.y0;
const top = (row: readonly BoxWord[]) => Math.min(...row.map((w) => w.y0));
const bottom = (row: readonly BoxWord[]) => Math.max(...row.map((w) => w.y1));

function medianHeight(words: readonly BoxWord[]): number {
  const hs = words.map(height).sort((a, b) => a - b);
  return hs.length === 0 ? 0 : hs[Math.floor(hs.length / 2)]!;
}

/**
 * The height of a page's text (`bodyHeight`: the document's usual word height): the document's,
 * or the page's own where the page is set smaller (groff -mom's article in 9 point in a document
 * of 11 point pages: its notes are small against the page, not against the document).
 */
export function textHeight(words: readonly BoxWord[], bodyHeight: number): number {
  return Math.min(bodyHeight, medianHeight(words));
}

/**
 * The words of a page's footnotes (`bodyHeight`: the document's usual word height; textHeight
 * takes the page's own where it is set smaller): the rows at the page's foot set smaller than the
 * text (their median word height under NOTE_SIZE of it), from the highest of them that opens with
 * a mark and holds text after it down; a foot line under them (a few words of the text's size, or
 * a running foot printing the page's number, `page`: footNumberOffset's) is not a note. Rows above the notes' first mark, small or not, are the page's text; the first mark stands
 * NOTE_SKIP under the row above it (a contents list or a table set small, its rows opening with
 * numbers, has no skip). `continued`: the page before had notes, so the small rows at the foot
 * over the first mark (or with no mark) standing NOTE_SKIP under the text are a note it runs on
 * from that page (LaTeX breaks a long note over the page turn, its end without a mark).
 */
export function footnoteWords(
  words: readonly BoxWord[],
  bodyHeight: number,
  continued = false,
  page?: number,
): Set<BoxWord> {
  const rows = pageRows([...words]);
  const height = textHeight(words, bodyHeight);
  let end = rows.length;
  // The foot line: a few words at the very bottom, any size; a running foot printing the page's number.
  if (
    end > 0 &&
    ((rows[end - 1]!.length <= FOOT_WORDS && medianHeight(rows[end - 1]!) >= height * NOTE_SIZE) ||
      printsPage(rows[end - 1]!, page))
  )
    end--;
  let start = end;
  let first = -1;
  for (let i = end - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (medianHeight(r) >= height * NOTE_SIZE) break;
    if (NOTE_MARK.test(r[0]!.text) && (r.length > 1 || !BARE_MARK.test(r[0]!.text))) first = i;
    start = i;
  }
  const out = new Set<BoxWord>();
  if (start === end) return out;
  const skipped = (i: number) => {
    const above = rows[i - 1];
    return !above || top(rows[i]!) - bottom(above) >= NOTE_SKIP * height;
  };
  if (continued && start < end && (first < 0 || first > start) && skipped(start)) first = start;
  if (first < 0 || !skipped(first)) return out;
  for (let i = first; i < end; i++) for (const w of rows[i]!) out.add(w);
  return out;
}

/** Is this word (of words in pdftotext's order) the last of its line: the next one lower, or back left? */
function lastOfLine(w: BoxWord, next: BoxWord | undefined): boolean {
  return !next || next.y0 >= w.y1 || next.x0 < w.x0;
}

/** A running line's page number: Arabic or Roman, bare or between dashes or brackets (groff's "-2-"). */
const PAGE_NUMBER = /^[-–—([]?(?:\d{1,4}|[ivxlc]{1,6})[-–—)\]]?$/i;
/** A running head: at most this many words, its page number at its start or end. */
const HEAD_WORDS = 8;

/** Is this row a running line's: short (HEAD_WORDS or fewer), a page number at its start or end ("1.3 Ficheiros LATEX 5", "82 Kapitel 6. ..."). */
function numbered(row: readonly BoxWord[]): boolean {
  return row.length <= HEAD_WORDS && (PAGE_NUMBER.test(row[0]!.text) || PAGE_NUMBER.test(row.at(-1)!.text));
}

/** The Arabic number a page number prints, dashes and brackets aside ("-2-" is 2), or undefined. */
function arabic(text: string): number | undefined {
  const m = /^[-–—([]?(\d{1,4})[-–—)\]]?$/.exec(text);
  return m ? Number(m[1]) : undefined;
}

/** Does this row print this page number at its start or end (a running foot's), in HEAD_WORDS words or fewer? */
function printsPage(row: readonly BoxWord[], page: number | undefined): boolean {
  return (
    page !== undefined &&
    row.length <= HEAD_WORDS &&
    (arabic(row[0]!.text) === page || arabic(row.at(-1)!.text) === page)
  );
}

/**
 * The page numbers a document's running feet print (`pages`: each page's words): the offset from
 * a page's index (0 for the first page) to the number its bottom row prints at its start or end,
 * the one most pages share when 3 or more do; undefined when none does. A note's number at a
 * page's foot ("2 NT: e também em portugueses") follows no page, so it is not taken for a foot.
 */
export function footNumberOffset(pages: readonly (readonly BoxWord[])[]): number | undefined {
  const votes = new Map<number, number>();
  pages.forEach((words, i) => {
    const row = pageRows([...words]).at(-1);
    if (!row || row.length > HEAD_WORDS) return;
    const ns = new Set([arabic(row[0]!.text), arabic(row.at(-1)!.text)]);
    for (const n of ns) if (n !== undefined) votes.set(n - i, (votes.get(n - i) ?? 0) + 1);
  });
  let best: number | undefined;
  let most = 2;
  for (const [offset, n] of votes)
    if (n > most) {
      best = offset;
      most = n;
    }
  return best;
}

/**
 * A page's running lines (`bodyHeight`: the document's usual word height; textHeight takes the
 * page's own where it is set smaller): its top row when it is numbered (a few words, a page number
 * at its start or end) and stands NOTE_SKIP over the row under it ("1.3 Ficheiros LATEX 5"), and
 * its bottom row when it is a few words (FOOT_WORDS) holding a page number ("-2-", groff's), or
 * when it prints this page's number (`page`: footNumberOffset's) at its start or end and stands
 * NOTE_SKIP under the row over it (DocBook's "82 Kapitel 6. Optimale Vorgehensweise", under the
 * notes). This reading reads the pages on over them: a cut sentence's halves meet.
 */
export function runningWords(words: readonly BoxWord[], bodyHeight: number, page?: number): Set<BoxWord> {
  const rows = pageRows([...words]);
  const skip = NOTE_SKIP * textHeight(words, bodyHeight);
  const out = new Set<BoxWord>();
  const head = rows[0];
  const next = rows[1];
  if (head && next && numbered(head) && top(next) - bottom(head) >= skip) for (const w of head) out.add(w);
  const foot = rows.at(-1);
  const over = rows.at(-2);
  if (
    foot &&
    over &&
    ((foot.length <= FOOT_WORDS && foot.some((w) => PAGE_NUMBER.test(w.text))) ||
      (printsPage(foot, page) && top(foot) - bottom(over) >= skip))
  )
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
 * (or at the end, on the last page); a note run on from the page before (footnoteWords'
 * `continued`) goes with the notes of the page it ends on, as the service reads it.
 * Empty when no page has notes nor running lines: the reading would be pdftotext's own. (A
 * document whose only small rows at a foot were a slide's number or a listing's line numbers, once
 * taken for notes, keeps the reading for its running lines: its pages read on over them.)
 */
export function notesAfterTextReading(pages: readonly (readonly BoxWord[])[]): string {
  const bodyHeight = medianHeight(pages.flat());
  const offset = footNumberOffset(pages);
  const out: string[] = [];
  let pending = '';
  let any = false;
  for (const [i, words] of pages.entries()) {
    const page = offset === undefined ? undefined : i + offset;
    const notes = footnoteWords(words, bodyHeight, pending.length > 0, page);
    const running = runningWords(words, bodyHeight, page);
    const body = words.filter((w) => !notes.has(w) && !running.has(w));
    const at = pending.length > 0 ? paragraphEnd(body) : 0;
    out.push(lines(body.slice(0, at)) + pending + lines(body.slice(at)));
    pending = lines(words.filter((w) => notes.has(w)));
    if (notes.size > 0 || running.size > 0) any = true;
  }
  if (pending.length > 0) out[out.length - 1] += pending;
  return any ? out.join('\f') : '';
}

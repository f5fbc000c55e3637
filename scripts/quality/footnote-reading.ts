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
 * mark of LaTeX's or groff's symbol series doubled or tripled past the fourth note ("**", "††"),
 * digits read as superscripts ("⁶Lesen", "1⁴Alternativ": a font that maps its raised digits so).
 */
const NOTE_MARK = /^(?:[\d⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}|[*∗†‡§¶‖]{1,3})(?:$|[\p{L}"'“‘«([])/u;
/** A page's text that runs on from the page before: its first word in lower case or an opening bracket (the service's footnotes.ts RUNS_ON). */
const RUNS_ON = /^[\p{Ll}(]/u;
/** A mark alone, with no text against it: the note's text must follow on its row. */
const BARE_MARK = /^(?:[\d⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}|[*∗†‡§¶‖]{1,3})$/u;
/**
 * The skip over the notes (LaTeX's \\skip\\footins and the rule, groff's): at least this share of
 * the text's word height free (lshort's notes stand 0.65 to 0.8 of it under the text).
 */
const NOTE_SKIP = 0.6;
/**
 * The narrower skip over notes under a line of the text's size, when no row of them ends with a
 * page number (a contents list set small: "5 Phrase structure rules 15").
 */
const NARROW_SKIP = 0.25;
/** A row's last word that is a page number or a dot leader's end: a listing's row. */
const PAGE_REF = /^(?:\d{1,4}|\.+)$/;
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
 * of 11 point pages: its notes are small against the page, not against the document). Where a
 * page's formulas or code pull its median down, its notes still stand under the document's height:
 * footnoteWords tries that first.
 */
export function textHeight(words: readonly BoxWord[], bodyHeight: number): number {
  return Math.min(bodyHeight, medianHeight(words));
}

/**
 * The words of a page's footnotes (`bodyHeight`: the document's usual word height; the page's own,
 * textHeight, where none stand under the document's and the page is set smaller): the rows at the page's foot set smaller than the
 * text (their median word height under NOTE_SIZE of it), from the highest of them that opens with
 * a mark and holds text after it down; a foot line under them (a few words of the text's size, or
 * a running foot: `running`, runningFoot) is not a note. Rows above the notes' first mark, small
 * or not, are the page's text; the first mark stands NOTE_SKIP under the row above it (a contents
 * list or a table set small, its rows opening with numbers, has no skip), or NARROW_SKIP under a
 * row of the text's size when no row of the notes ends with a page number. `continued`: the page
 * before had notes opening with a mark, so the small rows right over the first mark, in one
 * block at the notes' leading and standing NOTE_SKIP under the text, are a note run on from that
 * page (LaTeX breaks a long note over the page turn, its end without
 * a mark); a small line of code over the notes, a skip over them, is not.
 */
export function footnoteWords(
  words: readonly BoxWord[],
  bodyHeight: number,
  continued = false,
  running: Running = {},
): Set<BoxWord> {
  const rows = pageRows([...words]);
  const notes = notesUnder(rows, bodyHeight, continued, running);
  const own = textHeight(words, bodyHeight);
  return notes.size > 0 || own >= bodyHeight ? notes : notesUnder(rows, own, continued, running);
}

/** footnoteWords' notes of a page's rows under text of this height. */
function notesUnder(rows: readonly BoxWord[][], height: number, continued: boolean, running: Running): Set<BoxWord> {
  let end = rows.length;
  // The foot line: a few words at the very bottom, any size; a running foot.
  if (
    end > 0 &&
    ((rows[end - 1]!.length <= FOOT_WORDS && medianHeight(rows[end - 1]!) >= height * NOTE_SIZE) ||
      runningFoot(rows[end - 1]!, running))
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
  const gap = (i: number) => top(rows[i]!) - bottom(rows[i - 1]!);
  const skipped = (i: number) => i === 0 || gap(i) >= NOTE_SKIP * height;
  // A narrower skip under a line of the text's size, the notes no listing (DocBook's notes by
  // dblatex stand 0.3 of the text's height under it, over their rule).
  const narrow = (i: number) =>
    i > 0 &&
    medianHeight(rows[i - 1]!) >= height * NOTE_SIZE &&
    gap(i) >= NARROW_SKIP * height &&
    !rows.slice(i, end).some((r) => PAGE_REF.test(r.at(-1)!.text));
  if (continued && first > start && !skipped(first)) {
    // The unmarked small rows over the first mark: the block of them right over it, at the notes'
    // leading (a page's foot all small and unmarked may be a listing set small: not taken).
    let from = first - 1;
    while (from > start && !skipped(from)) from--;
    if (skipped(from)) first = from;
  }
  if (first < 0 || !(skipped(first) || narrow(first)) || numberedListing(rows.slice(first, end))) return out;
  for (let i = first; i < end; i++) for (const w of rows[i]!) out.add(w);
  return out;
}

/** Rows of a listing whose lines are numbered: this many or more, nearly all opening with numbers that count up by one. */
const LISTING_ROWS = 6;

/**
 * Are these rows a listing set small with its lines numbered ("153 {" / "154 archive(ibf_vector);"
 * / ..., a Doxygen source page): LISTING_ROWS or more, three in four of them or more opening with
 * a number, each number one more than the one before. Notes run on over several rows each and
 * seldom stand six alone in a row (lshort's notes 16 to 18, glpk's, of a line each, are notes).
 */
export function numberedListing(rows: readonly (readonly BoxWord[])[]): boolean {
  const numbers = rows.map((r) => (/^\d{1,5}$/.test(r[0]!.text) ? Number(r[0]!.text) : undefined));
  const counted = numbers.filter((n) => n !== undefined);
  if (rows.length < LISTING_ROWS || counted.length * 4 < rows.length * 3) return false;
  return counted.every((n, i) => i === 0 || n === counted[i - 1]! + 1);
}

/** Is this word (of words in pdftotext's order) the last of its line: the next one lower, or back left? */
function lastOfLine(w: BoxWord, next: BoxWord | undefined): boolean {
  return !next || next.y0 >= w.y1 || next.x0 < w.x0;
}

/** A running line's page number: Arabic or Roman, bare or between dashes or brackets (groff's "-2-"). */
const PAGE_NUMBER = /^[-–—([]?(?:\d{1,4}|[ivxlc]{1,6})[-–—)\]]?$/i;
/** A slide's page counter in its footline ("47/188", beamer's). */
const PAGE_COUNTER = /^\d{1,4}\/\d{1,4}$/;
/**
 * The skip under a running head: this share of the document's word height (a chapter's "Kapitel 6"
 * over its title stands closer).
 */
const HEAD_SKIP = 0.8;
/** A running head: at most this many words, its page number at its start or end. */
const HEAD_WORDS = 8;
/** A running line that prints its page's number (or repeats another page's): at most this many words. */
const RUNNING_WORDS = 16;

/** Is this row a running line's: short (HEAD_WORDS or fewer), a page number at its start or end ("1.3 Ficheiros LATEX 5"). */
function numbered(row: readonly BoxWord[]): boolean {
  return row.length <= HEAD_WORDS && (PAGE_NUMBER.test(row[0]!.text) || PAGE_NUMBER.test(row.at(-1)!.text));
}

/** The Arabic number a page number prints, dashes and brackets aside ("-2-" is 2), or undefined. */
function arabic(text: string): number | undefined {
  const m = /^[-–—([]?(\d{1,4})[-–—)\]]?$/.exec(text);
  return m ? Number(m[1]) : undefined;
}

/** Does this row print this page number at its start or end, in RUNNING_WORDS words or fewer? */
function printsPage(row: readonly BoxWord[], page: number | undefined): boolean {
  return (
    page !== undefined &&
    row.length <= RUNNING_WORDS &&
    (arabic(row[0]!.text) === page || arabic(row.at(-1)!.text) === page)
  );
}

/** A row's words without its numbers, in order of their text: a running head's wording on recto and verso pages alike. */
function wording(row: readonly BoxWord[]): string {
  return row
    .map((w) => w.text)
    .filter((t) => !PAGE_NUMBER.test(t) && !PAGE_COUNTER.test(t))
    .sort()
    .join(' ');
}

/** What the document's pages tell of a page's running lines (pageNumberOffset, repeatedLines). */
export interface Running {
  /** The number the page's head prints, by the document's offset (pageNumberOffset). */
  head?: number;
  /** The number the page's foot prints. */
  foot?: number;
  /** Top rows' wordings (`wording`) that stand atop two pages or more (repeatedLines). */
  heads?: ReadonlySet<string>;
  /** Bottom rows' wordings that stand at the foot of two pages or more. */
  feet?: ReadonlySet<string>;
}

/**
 * Is this row (a page's bottom row) a running foot: it prints the page's number at its start or
 * end, or repeats another page's foot (beamer's footline "Campani&Beccari (UFPel/Torino) O
 * Preparador de Documentos LATEX 27 de setembro de 2011 47/188", its counter aside).
 */
function runningFoot(row: readonly BoxWord[], running: Running): boolean {
  return printsPage(row, running.foot) || running.feet?.has(wording(row)) === true;
}

/**
 * The page numbers a document's running lines print (`pages`: each page's words; `at`: its top or
 * bottom rows): the offset from a page's index (0 for the first page) to the number that row prints
 * at its start or end, the one most pages share when 3 or more do, and a quarter of the pages at
 * least; undefined when none does. A note's number at a page's foot ("2 NT: e também em
 * portugueses") follows no page, so it is not taken for a foot (a book's notes numbered on, one a
 * page, may follow a few: lshort's notes 20 to 22 on pages 56 to 58, not a quarter of them); a head of more than HEAD_WORDS words ("2.2 Quebras de Linha e Quebras de
 * Página 19") is one when its number follows the pages.
 */
export function pageNumberOffset(pages: readonly (readonly BoxWord[])[], at: 'head' | 'foot'): number | undefined {
  const votes = new Map<number, number>();
  pages.forEach((words, i) => {
    const rows = pageRows([...words]);
    const row = at === 'head' ? rows[0] : rows.at(-1);
    if (!row || row.length > RUNNING_WORDS) return;
    const ns = new Set([arabic(row[0]!.text), arabic(row.at(-1)!.text)]);
    for (const n of ns) if (n !== undefined) votes.set(n - i, (votes.get(n - i) ?? 0) + 1);
  });
  let best: number | undefined;
  let most = Math.max(3, Math.ceil(pages.length / 4)) - 1;
  for (const [offset, n] of votes)
    if (n > most) {
      best = offset;
      most = n;
    }
  return best;
}

/**
 * The wordings (numbers and page counters aside, words sorted) of the top rows (`at`: or the
 * bottom rows) that stand there on two pages or more, of two words or more: a running head
 * without a page number, its parts swapped on facing pages (groff -mom's "CONTROL EQUALS CHAOS
 * ... Chang, Connors" and "Chang, Connors ... CONTROL EQUALS CHAOS"), of HEAD_WORDS or fewer; a
 * slide's footline, of RUNNING_WORDS or fewer. A chapter's "Capítulo 2" is a single word once its
 * number is aside: not one.
 */
export function repeatedLines(pages: readonly (readonly BoxWord[])[], at: 'head' | 'foot'): Set<string> {
  const seen = new Map<string, number>();
  for (const words of pages) {
    const rows = pageRows([...words]);
    const row = at === 'head' ? rows[0] : rows.at(-1);
    if (!row || row.length > (at === 'head' ? HEAD_WORDS : RUNNING_WORDS)) continue;
    const key = wording(row);
    if (key.split(' ').length >= 2) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n >= 2).map(([k]) => k));
}

/**
 * A page's running lines (`bodyHeight`: the document's usual word height; textHeight takes the
 * page's own where it is set smaller; `running`: what the document's pages say of them). Its top
 * row when it stands HEAD_SKIP over the row under it and is numbered (a few words, a page number at
 * its start or end: "1.3 Ficheiros LATEX 5"), prints this page's number ("2.2 Quebras de Linha e
 * Quebras de Página 19") or repeats another page's top row (`heads`). Its bottom row when it is a
 * few words (FOOT_WORDS) holding a page number ("-2-", groff's), or when it is a running foot
 * (runningFoot: it prints this page's number at its start or end, or repeats another page's foot)
 * and stands NOTE_SKIP under the row over it (DocBook's "82 Kapitel 6.
 * Optimale Vorgehensweise", under the notes). This reading reads the pages on over them: a cut
 * sentence's halves meet.
 */
export function runningWords(words: readonly BoxWord[], bodyHeight: number, running: Running = {}): Set<BoxWord> {
  const rows = pageRows([...words]);
  const skip = NOTE_SKIP * textHeight(words, bodyHeight);
  const out = new Set<BoxWord>();
  const head = rows[0];
  const next = rows[1];
  if (
    head &&
    next &&
    top(next) - bottom(head) >= HEAD_SKIP * bodyHeight &&
    (numbered(head) || printsPage(head, running.head) || running.heads?.has(wording(head)))
  )
    for (const w of head) out.add(w);
  const foot = rows.at(-1);
  const over = rows.at(-2);
  if (
    foot &&
    over &&
    ((foot.length <= FOOT_WORDS && foot.some((w) => PAGE_NUMBER.test(w.text))) ||
      (runningFoot(foot, running) && top(foot) - bottom(over) >= skip))
  )
    for (const w of foot) out.add(w);
  return out;
}

/**
 * Where the notes of the page before go in a page's text (its words in pdftotext's order, notes
 * aside): after the first paragraph's end, the first line that stops short of the text's right
 * edge by more than two word heights (a sentence's end, or a line over a display: "y a las cotas
 * de las variables" over its bounds), or that a skip of more than a word height parts from the
 * line after it (a paragraph filling its last line, "... codificação T1. (\usepackage[T1]{fontenc})",
 * over a heading), or after the last word.
 */
export function paragraphEnd(body: readonly BoxWord[]): number {
  let right = 0;
  for (const w of body) right = Math.max(right, w.x1);
  let lineBottom = 0;
  for (let i = 0; i < body.length; i++) {
    const w = body[i]!;
    lineBottom = Math.max(lineBottom, w.y1);
    if (!lastOfLine(w, body[i + 1])) continue;
    if (right - w.x1 > 2 * height(w)) return i + 1;
    // The next line's top: its words up to its own end.
    let nextTop = Number.POSITIVE_INFINITY;
    for (let k = i + 1; k < body.length; k++) {
      nextTop = Math.min(nextTop, body[k]!.y0);
      if (lastOfLine(body[k]!, body[k + 1])) break;
    }
    if (nextTop - lineBottom > height(w)) return i + 1;
    lineBottom = 0;
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
 * The notes of a page's last column (`notes`: its note words; `words`: all its words): those right
 * of the page's middle when no note word stands across it (the notes stand in two columns, a
 * gutter between them); all of them when one does (a note's line across the page).
 */
export function lastColumnNotes(notes: readonly BoxWord[], words: readonly BoxWord[]): BoxWord[] {
  if (notes.length === 0) return [];
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const w of words) {
    left = Math.min(left, w.x0);
    right = Math.max(right, w.x1);
  }
  const mid = (left + right) / 2;
  if (notes.some((w) => w.x0 < mid && w.x1 > mid)) return [...notes];
  const last = notes.filter((w) => w.x0 >= mid);
  return last.length > 0 ? last : [...notes];
}

/**
 * The document read with each page's footnotes after the text they interrupt: the pages' texts
 * (their words in pdftotext's order, `pages`, their running lines left out: runningWords) with a
 * form feed between pages, and a page's notes after the first paragraph of the next page's text
 * when that text runs on (its first word in lower case: a sentence the page turn cut; else at
 * their page's end, where pdftotext and the service read them; and at the end, on the last page); a note run on from the page before (footnoteWords'
 * `continued`) goes with the notes of the page it ends on, as the service reads it. `lastColumn`:
 * on a page whose notes stand in two columns, only the last column's notes go after the next
 * page's text, as the service reads a two-column page column by column, each column's notes under
 * it (groff -mom's two-column article: the notes of the left column stay at the page's end;
 * lastColumnNotes). Empty when no page has notes nor running lines: the reading would be pdftotext's own. (A
 * document whose only small rows at a foot were a slide's number or a listing's line numbers, once
 * taken for notes, keeps the reading for its running lines: its pages read on over them.)
 */
export function notesAfterTextReading(pages: readonly (readonly BoxWord[])[], lastColumn = false): string {
  const pieces = notesAfterTextPieces(pages, lastColumn);
  return pieces.map((p, i) => (p.turn && i > 0 ? `\f${p.text}` : p.text)).join('');
}

/** A piece of notesAfterTextReading: its text, the page its words stand on, and whether a page of the reading starts with it. */
export interface ReadingPiece {
  text: string;
  page: number;
  turn: boolean;
}

/**
 * notesAfterTextReading in pieces, each with the page its words stand on (a page's notes read
 * after the next page's first paragraph are still its own): the page-number measure looks a
 * chunk's last words up in it (pages.ts), where a chunk ends with a paragraph read whole over the
 * page turn and the notes after it. Empty as notesAfterTextReading is.
 */
export function notesAfterTextPieces(pages: readonly (readonly BoxWord[])[], lastColumn = false): ReadingPiece[] {
  const bodyHeight = medianHeight(pages.flat());
  const heads = pageNumberOffset(pages, 'head');
  const feet = pageNumberOffset(pages, 'foot');
  const repeatedHeads = repeatedLines(pages, 'head');
  const repeatedFeet = repeatedLines(pages, 'foot');
  const pieces: ReadingPiece[] = [];
  let pending: ReadingPiece | undefined;
  // Whether the page before had notes opening with a mark: a note may run on from them.
  let marked = false;
  let any = false;
  for (const [i, words] of pages.entries()) {
    const page: Running = {
      head: heads === undefined ? undefined : i + heads,
      foot: feet === undefined ? undefined : i + feet,
      heads: repeatedHeads,
      feet: repeatedFeet,
    };
    const notes = footnoteWords(words, bodyHeight, marked, page);
    const running = runningWords(words, bodyHeight, page);
    const body = words.filter((w) => !notes.has(w) && !running.has(w));
    // The page's text runs on from the page before (a cut sentence): the notes after its paragraph;
    // else they stay at the foot of their page, as pdftotext and the service read them.
    const on = pending !== undefined && RUNS_ON.test(body[0]?.text ?? '');
    if (pending && !on) pieces.push(pending);
    const at = on ? paragraphEnd(body) : 0;
    pieces.push({ text: lines(body.slice(0, at)), page: i + 1, turn: true });
    if (pending && on) pieces.push(pending);
    pieces.push({ text: lines(body.slice(at)), page: i + 1, turn: false });
    const noteWords = words.filter((w) => notes.has(w));
    // Two columns of notes, `lastColumn`: the first column's stay at their page's end.
    const moved = lastColumn ? lastColumnNotes(noteWords, words) : noteWords;
    if (moved.length < noteWords.length)
      pieces.push({ text: lines(noteWords.filter((w) => !moved.includes(w))), page: i + 1, turn: false });
    pending = moved.length > 0 ? { text: lines(moved), page: i + 1, turn: false } : undefined;
    marked = pageRows(noteWords).some((r) => NOTE_MARK.test(r[0]!.text));
    if (notes.size > 0 || running.size > 0) any = true;
  }
  if (pending) pieces.push(pending);
  return any ? pieces : [];
}

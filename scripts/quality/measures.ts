// Measures of chunk quality that see order and structure, as pure functions of the chunks and of
// an independent reference (pdftotext's reading of a PDF, pandoc's of the other formats, the
// document's own outline or heading markup). No I/O here: scripts/quality/corpus.ts reads the
// references and runs these over the corpus; test/scripts/measures.test.ts holds a table per measure.

import { closingQuoteMarks } from '../../src/documents/formats/pdf/accents.ts';
import { LIGATURES } from '../../src/documents/formats/pdf/clean.ts';
import { lineKind } from '../../src/documents/formats/pdf/toc.ts';
import { withoutCjkBreaks } from '../../src/documents/blanks.ts';
import { CJK_TEXT } from '../../src/documents/cjk.ts';
import { forcedBlockCuts, locateBlocks, type Range } from './code-range.ts';

export interface ChunkLike {
  content: string;
  section: string;
}

/** TeX's copyright sign as read composed ("©") or as its circle and its c, apart from any word. */
const COPYRIGHT_SIGN = /(?<![\p{L}\p{N}])c\u00A9|\u00A9c(?![\p{L}\p{N}])|\u00A9/gu;

/**
 * Text as both sides are compared: NFC, ligatures spelled out, soft hyphens gone, odd spaces plain,
 * TeX's asterisk (U+2217, which the service reads as the `*` typed: pdf/clean.ts) a `*`, the
 * copyright sign the letter c: plain TeX's \copyright is a "c" in a circle, which the service reads
 * as "©" (pdf/accents.ts copyrightSigns) and poppler as the "c" alone ("Copyright c 1992"); a "©"
 * on both sides (HTML, office files) is the same word "c" on both, and so is the pair a reading that
 * does not compose it holds ("©c", "c©": the content order of the raw reading).
 */
export function normalizeText(s: string): string {
  return (
    s
      .normalize('NFC')
      .replace(/[\uFB00-\uFB06]/g, (c) => LIGATURES[c] ?? c)
      .replace(/\u2217/g, '*')
      // A spacing tilde and circumflex that no letter took: the `~` and `^` a font without them drew
      // so (groff's Times, TeX's roman faces), as the service reads them (clean.ts ODD); as modifier
      // letters they would be words of their own.
      .replace(/\u02DC/g, '~')
      .replace(/\u02C6/g, '^')
      .replace(COPYRIGHT_SIGN, 'c')
      .replace(/\u00AD/g, '')
      .replace(/[\u00A0\u2000-\u200A\u202F\u3000]/g, ' ')
      // Old-style figures and small capitals at the Adobe Glyph List's private-use points
      // ("oneoldstyle" U+F731, "Asmall" U+F761), as pdftotext reads cm-super's and many Type 1
      // expert fonts: the digits and letters they draw, as the service reads them.
      .replace(/[\uF730-\uF739]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xf730 + 0x30))
      .replace(/[\uF761-\uF77A]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xf761 + 0x61))
  );
}

/**
 * Lower-case words: runs of letters, digits and combining marks, with a letter or a digit among
 * them: a combining mark on nothing (pdftotext's "X ̸= X", TeX's \not read before its symbol) is
 * no word.
 */
export function words(s: string): string[] {
  const text = normalizeText(s).toLowerCase();
  const ws = text.match(/[\p{L}\p{N}\p{M}]*[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  if (!CJK.test(text)) return ws;
  // Chinese and Japanese: a run of letters is a phrase or a sentence, not a word. The line breaks
  // between two of their characters go first (a reference's reading breaks its lines inside words,
  // as a browser joins them: withoutCjkBreaks), then each run with such characters is cut into the
  // words of ICU's dictionary (Intl.Segmenter, Node's full ICU: its Chinese and Japanese
  // dictionary), as English runs are cut at blanks.
  return (withoutCjkBreaks(text).match(/[\p{L}\p{N}\p{M}]*[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? []).flatMap((w) =>
    CJK.test(w) ? cjkWords(w) : [w],
  );
}

/** A character of Chinese or Japanese (Han, kana, Bopomofo, full-width forms): the reader's own test. */
export const CJK = CJK_TEXT;

const SEGMENTER = new Intl.Segmenter('ja', { granularity: 'word' });

/** The words of a run of letters with Chinese or Japanese in it, as ICU's dictionary cuts it. */
export function cjkWords(run: string): string[] {
  const out: string[] = [];
  for (const seg of SEGMENTER.segment(run)) if (seg.isWordLike) out.push(seg.segment);
  return out;
}

/**
 * The LaTeX logo as the page prints it where pdftotext reads it apart: in a footnote's small type
 * it ends a line at the logo's L, puts the raised A and the TX on the next line ("AT X") and the
 * lowered E on a line of its own one or two lines further ("the L" / "AT X Project Public" / "E" /
 * "License"; LaTeX News' and the LaTeX user guide's footnotes). Read so, "LaTeX" is the words
 * "l", "at", "x", "e" scattered over three lines, and every reading that has the word "LATEX"
 * there, as the page shows, is out of order and loses a word. The L's line is joined with the
 * rest ("the LATEX Project Public") and the lone E goes; a line ending in L followed by anything
 * else ("ATX", no gap where the E was) is left alone. At display size (a beamer title page's
 * "\title{LaTeX}") the pieces come in the other order: the lowered E first, between the braces
 * set around the logo ("{ E }"), then "AT X" alone, then the L's line ("Rédaction avec \title L");
 * the L's line takes "ATEX" the same way, the AT X line goes and the E line keeps its braces.
 */
export function joinedTexLogo(text: string): string {
  const lines: (string | undefined)[] = text.split('\n');
  const at = (k: number) => (k >= 0 && k < lines.length ? (lines[k] ?? '') : '');
  // A line taken out keeps the page break pdftotext writes at its start.
  const drop = (k: number, rest = '') => {
    const breaks = /^\f*/.exec(at(k))![0];
    lines[k] = breaks + rest === '' ? undefined : breaks + rest;
  };
  for (let i = 0; i < lines.length; i++) {
    if (!/(?:^|\s)L$/.test(at(i))) continue;
    const m = /^A ?T X(?=\s|$)/.exec(at(i + 1));
    if (m) {
      const e = [i + 2, i + 3, i + 4].find((k) => k < lines.length && at(k).trim() === 'E');
      if (e === undefined) continue;
      lines[i] = `${at(i)}ATEX${at(i + 1).slice(m[0].length)}`;
      drop(e);
      drop(i + 1);
      continue;
    }
    // Display size: "AT X" alone just above the L's line (blank lines between), the E above it.
    let a = i - 1;
    while (a >= 0 && at(a).trim() === '') a--;
    if (a < 0 || !/^A ?T X$/.test(at(a).trim())) continue;
    const e = [a - 1, a - 2, a - 3].find((k) => LONE_E.test(at(k).trim()));
    if (e === undefined) continue;
    lines[i] = `${at(i)}ATEX`;
    drop(a);
    drop(e, at(e).replace(/^\f*/, '').replace('E', '').replace(/\s+/g, ' ').trim());
  }
  return lines.filter((l) => l !== undefined).join('\n');
}
// The logo's lowered E alone on its line, or between the braces of "\title{LaTeX}" ("{ E }").
const LONE_E = /^(?:E|\{\s*E\s*\})$/;

/**
 * The Czech closing quote of the CS fonts (csr10, csti10...) as pdftotext reads it: the fonts keep
 * “ at code 255 under the glyph name "caron", which poppler does not take and reads as Latin-1's
 * "ÿ" ("režimu „filtrÿ," where the page prints „filtr“; the service's reader,
 * closingQuoteCarons, reads the same glyph). A "ÿ" that closes a „ opened before it on its line
 * and is followed by no letter or hyphen is that quote; any other "ÿ" stays (French "L’Haÿ-les-Roses").
 */
export function closingQuoteYs(text: string): string {
  return text
    .split('\n')
    .map((line) => closingQuoteMarks(line, '\u00FF'))
    .join('\n');
}

/** The text of one page as poppler's XML reads it: what its drawing fonts set, what its text fonts set. */
export interface PageFonts {
  /** The text of the fragments set in a drawing font (isDrawingFont: xy-pic's, the picture environment's lines). */
  drawing: string[];
  /** The text of the other fragments. */
  text: string[];
}

/**
 * pdftotext's reading without the glyphs of drawing fonts (`fonts[n]`: page n's fragments,
 * pdftohtml's, by font). xy-pic and the picture environment draw a figure's lines, arrowheads
 * and circles with glyphs whose codes are letters; pdftotext reads them as words among the
 * figure's labels ("Khether B llll llll ll G A R R R ... Binah"), glued to a label where a stroke
 * touches it ("Geburahrr", "lNetsach"). The page shows strokes, and the service leaves those fonts
 * out (the same isDrawingFont). On a page with drawing fragments, a token whose characters all
 * stand in them and that is no word of the page's text fonts (or one more time than they set it)
 * goes; a token that is such a word with drawing characters before or after it keeps the word.
 * Any other token stays.
 */
export function withoutDrawingGlyphs(text: string, fonts: readonly (PageFonts | undefined)[]): string {
  return text
    .split('\f')
    .map((page, n) => {
      const token = drawingGlyphCleaner(fonts[n]);
      if (!token) return page;
      return page
        .split('\n')
        .map((line) => {
          const parts = line.split(/(\s+)/);
          const kept = parts.map((t, i) => (i % 2 === 1 || t === '' ? t : token(t)));
          if (kept.every((t, i) => t === parts[i])) return line;
          return kept
            .join('')
            .replace(/\s{2,}/g, ' ')
            .trim();
        })
        .join('\n');
    })
    .join('\f');
}

/**
 * The same pages as word boxes (pdftotext -bbox, `pages[n]` page n+1's in reading order) without
 * the glyphs of drawing fonts, by withoutDrawingGlyphs's rule: a word that is only strokes goes, a
 * label with strokes glued to it keeps the label. The column-aware readings are drawn from these
 * boxes: without this, a glyph-drawn figure's strokes stood among its labels in every one of them
 * ("lKhetherRRRR A RRR"), so that a figure's labels read row by row matched no reading at all.
 */
export function boxesWithoutDrawingGlyphs<W extends { text: string }>(
  pages: readonly (readonly W[])[],
  fonts: readonly (PageFonts | undefined)[],
): W[][] {
  return pages.map((page, n) => {
    const token = drawingGlyphCleaner(fonts[n]);
    if (!token) return [...page];
    const out: W[] = [];
    for (const w of page) {
      const t = token(w.text);
      if (t !== '') out.push(t === w.text ? w : { ...w, text: t });
    }
    return out;
  });
}

/**
 * The pages that draw a figure with glyphs (a drawing font's fragments: xy-pic, the picture
 * environment), each read as its text fonts set it, fragment after fragment in the order the page
 * draws them: an order reading for such pages (ReferenceOptions.alternative). A figure's labels
 * have no line order: pdftotext reads them by the figure's geometry ("Khether A Binah M Chokmah D
 * Z Ch"), the page draws them in the order its source lists the figure's objects, each node with
 * the labels of its edges ("Khether B G A Binah Ch Z D Chokmah"); both are true readings.
 */
export function figurePageReadings(fonts: readonly (PageFonts | undefined)[]): string[] {
  return fonts.filter((f) => f !== undefined && f.drawing.length > 0).map((f) => f!.text.join('\n'));
}

/** A tick label's number: "36", "-2", "2.5", "0,25", with a unit sign after it or not ("10 %", "10%"). */
const TICK = /^([-\u2212]?\d+(?:[.,]\d+)?)\s*[%\u2030\u00b0]?$/u;
/** A tick's unit word after its number ("0 students", "10 km"). */
const TICK_UNIT = /^\p{L}{1,12}$/u;
/**
 * A line of tick labels: numbers only, each with its unit sign or not ("36 37 38", "0 %", "2.5 %"),
 * or one number and its unit word ("1 student").
 */
const tickNumbers = (line: string): number[] | undefined => {
  const parts = line
    .trim()
    .replace(/\s+(?=[%\u2030\u00b0](?:\s|$))/gu, '')
    .split(/\s+/);
  if (parts.length === 2 && TICK.test(parts[0]!) && TICK_UNIT.test(parts[1]!)) parts.pop();
  const out: number[] = [];
  for (const p of parts) {
    const m = TICK.exec(p);
    if (!m) return undefined;
    out.push(Number(m[1]!.replace(',', '.').replace('\u2212', '-')));
  }
  return out.length > 0 ? out : undefined;
};
/** Most words of an axis's title ("Time spent on Facebook", "Cumulative count"). */
const TITLE_WORDS = 4;
/** Most characters of an axis's title. */
const TITLE_CHARS = 40;
/** Fewest ticks in even steps that make an axis. */
const AXIS_TICKS = 4;
/** An axis's title: a few words, no sentence end, no section number ("1.4.6 Horizontal axis"), nothing of code. */
const axisTitle = (line: string): boolean => {
  const t = line.trim();
  return (
    t.length > 0 &&
    t.length <= TITLE_CHARS &&
    t.split(/\s+/).length <= TITLE_WORDS &&
    /\p{L}/u.test(t) &&
    !SENTENCE_END.test(t) &&
    !/^\d+(?:\.\d+)+\.?\s/u.test(t) &&
    !/[\\{}[\]=<>/_|$&#@]/u.test(t)
  );
};
/** Do `values` hold AXIS_TICKS successive numbers in one even step (an axis's ticks: 0 10 20 30, 36 37 38 39, 0 2.5 5 7.5)? */
function evenSteps(values: readonly number[]): boolean {
  for (let i = 0; i + AXIS_TICKS <= values.length; i++) {
    const step = values[i + 1]! - values[i]!;
    if (step === 0) continue;
    let ok = true;
    for (let k = i + 2; k < i + AXIS_TICKS && ok; k++)
      ok = Math.abs(values[k]! - values[k - 1]! - step) <= Math.abs(step) * 1e-6;
    if (ok) return true;
  }
  return false;
}

/**
 * The labels of each plotted figure (a chart drawn with vector strokes: TikZ, pgfplots, gnuplot,
 * matplotlib) as `raw`, the page's content order, draws them: each maximal run of lines that are
 * tick labels (numbers, each with its unit sign or not) or an axis's title (TITLE_WORDS words at
 * most, no sentence end, no code signs), holding an axis (AXIS_TICKS ticks in one even step) and a
 * title, one reading each (ReferenceOptions.alternative). A chart's labels have no line order:
 * pdftotext reads them by the page's geometry, rows across two charts set side by side, a y axis
 * from the top ("25 % 22.5 % ... Cumulative count Frequency"), where a reader that keeps each
 * chart's labels together reads them as the page draws them, axis after axis ("36 37 ... 46 0 %
 * 2.5 % ... Shoe size Frequency"); both are true readings, as for a figure drawn with glyphs
 * (figurePageReadings). Only such runs: the rest of the content order is no reference.
 */
export function chartLabelReadings(raw: string): string[] {
  const out: string[] = [];
  for (const page of raw.split('\f')) {
    const lines = page.split('\n').filter((l) => l.trim().length > 0);
    for (let i = 0; i < lines.length; ) {
      const kind = (l: string) => (tickNumbers(l) !== undefined ? 'tick' : axisTitle(l) ? 'title' : undefined);
      if (kind(lines[i]!) === undefined) {
        i++;
        continue;
      }
      let j = i;
      while (j < lines.length && kind(lines[j]!) !== undefined) j++;
      const run = lines.slice(i, j);
      // A vertical axis: one tick a line, AXIS_TICKS of them at least in one even step. A row of
      // numbers (a table's, "00 01 02 03 04") is no axis: a table's rows are the column reading's.
      const column: number[][] = [[]];
      for (const l of run) {
        const t = tickNumbers(l);
        if (t?.length === 1) column[column.length - 1]!.push(t[0]!);
        else column.push([]);
      }
      if (column.some(evenSteps) && run.some((l) => tickNumbers(l) === undefined)) out.push(run.join('\n'));
      i = j;
    }
  }
  return out;
}

/**
 * A page's token cleaner for withoutDrawingGlyphs (undefined where the page has no drawing font):
 * called on the page's tokens in reading order, as it counts the text fonts' words down.
 */
function drawingGlyphCleaner(f: PageFonts | undefined): ((t: string) => string) | undefined {
  if (!f || f.drawing.length === 0) return undefined;
  const strokes = new Set([...f.drawing.join('').toLowerCase()].filter((c) => /\S/u.test(c)));
  // The text fonts' words as often as they set them: a stroke spelt like a label ("l", "L") is
  // a word as many times as the labels say.
  const own = new Map<string, number>();
  for (const w of f.text.flatMap((t) => words(t))) own.set(w, (own.get(w) ?? 0) + 1);
  const drawn = (s: string) => [...s.toLowerCase()].every((c) => strokes.has(c));
  return (t: string): string => {
    const ws = words(t);
    if (ws.length > 0 && ws.every((w) => (own.get(w) ?? 0) > 0)) {
      for (const w of ws) own.set(w, own.get(w)! - 1);
      return t;
    }
    if (drawn(t)) return '';
    const lower = t.toLowerCase();
    // The longest word of the text fonts inside the token, drawing characters around it.
    for (let len = t.length - 1; len > 0; len--)
      for (let i = 0; i + len <= t.length; i++) {
        const core = lower.slice(i, i + len);
        if ((own.get(core) ?? 0) > 0 && drawn(t.slice(0, i)) && drawn(t.slice(i + len))) {
          own.set(core, own.get(core)! - 1);
          return t.slice(i, i + len);
        }
      }
    return t;
  };
}

/** Line-end hyphens joined the way a reader joins them: "impleme-\nntation" -> "implementation". */
export function dehyphenate(s: string): string {
  return s.replace(/(\p{L})[-\u2010]\n\s*(?=\p{Ll})/gu, '$1');
}

/**
 * A word broken at a page's last line and ended on the next page's first line of text, joined as a
 * reader joins it: "Die wichtigsten Op-" / "11" / (page break) / "tionen für die" is "Optionen".
 * dehyphenate cannot see it while the page number and running lines stand between the halves;
 * without them (withoutRunningLines), only blank lines and the page break do. The word is
 * completed on the first page and the page break kept after it (pages stay pages).
 */
export function joinedAcrossPages(text: string): string {
  return text.replace(
    /(\p{L})[-\u2010]\n([^\S\f]*\f\s*)(\p{Ll}[\p{L}\p{M}]*)/gu,
    (_m, a: string, gap: string, rest: string) => `${a}${rest}\n${gap.replace(/[^\f]/g, '')}`,
  );
}

const pct = (n: number, d: number): number => (d === 0 ? 100 : Math.round((n / d) * 1000) / 10);

export interface Reference {
  /** Word 4-grams of the reference (its line-end hyphens joined and not). */
  grams: Set<string>;
  /**
   * Word 4-grams of a second reading of the same document that order may also follow (for a PDF,
   * the column-aware reading that keeps table rows together: scripts/quality/column-reading.ts).
   * They count for order only; coverage, the vocabulary and the compounds are the first reading's.
   * Its line-end hyphens count joined only, as pdftotext's reading joins them: a reading that
   * leaves "pro- gram" split is not in order by the second reading either (alternativeGrams).
   */
  alternative?: Set<string>;
  /** Word counts of the reference, line-end hyphens joined. */
  counts: Map<string, number>;
  /** Every word of the reference, hyphens joined and not. */
  vocab: Set<string>;
  /** Hyphenated compounds the reference writes inside a line ("well-known"), and each pair of a chain ("keep-with"). */
  compounds: Set<string>;
  /** A hyphen then a space inside a line, as the document prints it ("a currently- executing function"). */
  spaced: Set<string>;
  /** The text coverage counts (line-end hyphens joined, running lines and listings left out). */
  body: string;
  /** Words the document writes whole: its words but the two halves of each line-end hyphen (of `drawn` when given). */
  whole: Set<string>;
  /**
   * The first halves of the reference's line-end hyphens ("de" of "For de-") and the first words
   * of its lines: a word the reference breaks at a line end and cannot join, another line read
   * between the halves (a page's footer and number, a footnote's lowered logo letter), is
   * "de" + "tailed" there.
   */
  breaks: { lefts: Set<string>; starts: Set<string> };
  /**
   * Does the document hyphenate words at line ends? Not when none of its line-end hyphens joins
   * into a word it writes whole elsewhere and one at least is a compound it writes inside a line
   * (an office suite's or a browser's PDF, groff with hyphenation off): its line-end hyphens are
   * then its compounds' own, which pdftotext joins ("meta-" + "data" -> "metadata").
   */
  hyphenates: boolean;
}

function gramsOf(ws: string[], n: number, into: Set<string>): Set<string> {
  for (let i = 0; i + n <= ws.length; i++) into.add(ws.slice(i, i + n).join(' '));
  return into;
}

/**
 * The reference of one document. Its contents and index lines (isListingLine) and its running
 * headers and footers (withoutRunningLines) count in the vocabulary and the 4-grams but not in
 * coverage: the service leaves them out by design. `alternative`, a second reading of the same
 * document, adds its 4-grams for order only.
 */
/** A word broken at a line end, both halves: "impor-\ntant". */
const LINE_END_HYPHEN = /[\p{L}\p{N}]*[-\u2010]\n\s*[\p{L}\p{N}]*/gu;

export interface ReferenceOptions {
  /**
   * a second reading of the same document (the column-aware one), whose 4-grams count for order
   * only; or several (the column-aware one and its tables read a cell whole after the other)
   */
  alternative?: string | readonly string[];
  /**
   * another reading of the same pages (pdf.js's raw content order): the compounds it draws inside
   * a line, and the words it writes whole, where pdftotext dropped or joined a hyphen
   */
  drawn?: string;
  /**
   * The reference is a slide deck's paged reading (pdftotext's, a page per slide): its footlines
   * and headlines (up to three lines at each edge) are furniture, its overlay steps read once
   * (slideReading), and the furniture-free reading's 4-grams count too, so that a slide's last
   * words followed by the next slide's title (the footline between them dropped, as a reader
   * drops it) is no order error.
   */
  deck?: boolean;
  /** The document's layout reading (`pdftotext -layout`), whose heads in parts are furniture (twoPartHeads). */
  layout?: string;
}

export function buildReference(text: string, opts: ReferenceOptions = {}): Reference {
  const { drawn } = opts;
  const joined = dehyphenate(text);
  const wj = words(joined);
  const wr = words(text);
  const counts = new Map<string, number>();
  // A word broken at a page's last line goes on at the next page's first line of text, the page
  // number and running lines between them; without those, the halves meet and join (acrossPages).
  const heads = opts.layout === undefined ? undefined : twoPartHeads(opts.layout);
  const clean = opts.deck
    ? slideReading(joined).join('\f')
    : joinedAcrossPages(
        withoutRunningLines(joined, EDGE, false, heads, opts.layout === undefined ? [] : headRows(opts.layout)),
      );
  const read = historyEntries(clean);
  // Lines of an index page detection leaves in (withoutIndexTail), marked over the whole text.
  const tail = indexTailLines(read);
  let at = 0;
  const body = read
    .split('\f')
    .map((page) => {
      const lines = page.split('\n');
      const keep = listingKeep(lines);
      const kept = lines.filter((_l, i) => keep[i] && !tail.has(at + i));
      at += lines.length - 1;
      return kept.join('\n');
    })
    .join('\n');
  for (const w of words(body)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const grams = gramsOf(wr, 4, gramsOf(wj, 4, new Set()));
  // The body read on over what it leaves out by design (contents and index pages, running lines):
  // a title page followed by the first page of text, its contents page dropped, is in order.
  gramsOf(words(body), 4, grams);
  if (opts.deck) {
    gramsOf(words(withoutRunningLines(joined, SLIDE_EDGE_LINES, true)), 4, grams);
    gramsOf(words(clean), 4, grams);
  }
  // pdftotext joins some line-end hyphens itself ("well-" + "typed" -> "welltyped"): where
  // another reading of the pages is given, its words tell what is written whole.
  const whole = new Set(words((drawn ?? text).replace(LINE_END_HYPHEN, ' ')));
  const compounds = new Set<string>();
  // The reference's own compounds, and those another reading of the same pages draws inside a
  // line (`drawn`: pdf.js's raw content order), where pdftotext drops a hyphen glyph ("welltyped").
  const inLine = [text, drawn ?? ''].map((t) => normalizeText(t).replace(/\u00AD/g, '')).join('\n');
  for (const m of inLine.matchAll(/\p{L}+(?:-\p{L}+)+/gu)) {
    const c = m[0].toLowerCase();
    compounds.add(c);
    // Each pair of a chain too: "keep-with-next" holds "keep-with" and "with-next".
    const parts = c.split('-');
    for (let i = 0; i + 1 < parts.length; i++) compounds.add(`${parts[i]}-${parts[i + 1]}`);
  }
  return {
    grams,
    ...(opts.alternative === undefined
      ? {}
      : {
          alternative: (typeof opts.alternative === 'string' ? [opts.alternative] : opts.alternative)
            .map(alternativeGrams)
            .reduce((all, g) => {
              for (const x of g) all.add(x);
              return all;
            }),
        }),
    counts,
    vocab: new Set([...wj, ...wr]),
    compounds,
    spaced: new Set(
      [...normalizeText(text).matchAll(/(\p{L}+)[-\u2010] +(\p{Ll}+)/gu)].map((m) => `${m[1]}- ${m[2]}`.toLowerCase()),
    ),
    body,
    whole,
    breaks: lineBreaks(text),
    hyphenates: hyphenatesWords(drawn ?? text, whole, compounds),
  };
}

/**
 * A reference's word counts (Reference.counts) capped by how often the PDF's own pages print each
 * word (`printed`: pdftotext's reading of them). An office PDF is judged against the source it was
 * converted from, and the conversion may not print all of it: a slide whose listing runs past the
 * slide's foot is cut there (LibreOffice's PDF of a deck has no text beyond the page), so no
 * reading of the PDF can cover those words. Order is still judged against the whole source.
 */
export function printedCounts(counts: ReadonlyMap<string, number>, printed: string): Map<string, number> {
  const have = new Map<string, number>();
  for (const w of words(dehyphenate(printed))) have.set(w, (have.get(w) ?? 0) + 1);
  const out = new Map<string, number>();
  for (const [w, n] of counts) {
    const m = Math.min(n, have.get(w) ?? 0);
    if (m > 0) out.set(w, m);
  }
  return out;
}

/**
 * A source's code blocks as the slides converted from it print them: each block without its last
 * lines when its slide (of `printed`, pdftotext's reading of the pages, a form feed between them:
 * the page printing most of the block's lines) does not print them, blanks aside: a line is printed
 * when each of its blank-separated words is. An office deck's PDF is judged against the source it was made from, and a slide whose
 * listing runs past the slide's foot is cut there (LibreOffice's PDF of a deck has no text beyond
 * the page: a DocBook table's source on one slide lost its `</informaltable>`, set below the page's
 * edge), so no reading of the PDF can keep those lines; the lines before them are still asked of
 * one chunk, in order. Only the tail goes: a line inside a block is a line of the slide, whatever
 * pdftotext makes of it (a text box laid over the listing's box parts its lines). As printedCounts does for coverage; order is still judged against the whole source.
 */
export function printedCode(blocks: readonly string[], printed: string): string[] {
  const tight = (s: string) => normalizeText(s).replace(/\s+/g, '');
  const pages = printed.split('\f').map(tight);
  return blocks.map((b) => {
    const lines = b.split('\n');
    const t = lines.map(tight);
    // The block's slide: the page printing most of its lines (the first such page).
    let page = '';
    let most = 0;
    for (const p of pages) {
      const n = t.filter((l) => p.includes(l)).length;
      if (n > most) [page, most] = [p, n];
    }
    // A line pdftotext reads in pieces (a text box laid over the listing's) is printed when each of its words is.
    const onPage = (l: string) =>
      normalizeText(l)
        .split(/\s+/)
        .every((w) => page.includes(w));
    let n = lines.length;
    while (n > 0 && !onPage(lines[n - 1]!)) n--;
    return lines.slice(0, n).join('\n');
  });
}

/** Reference.hyphenates: the line-end hyphens of `text` against the words it writes whole and its compounds. */
export function hyphenatesWords(text: string, whole: ReadonlySet<string>, compounds: ReadonlySet<string>): boolean {
  let compound = false;
  for (const m of normalizeText(text).matchAll(/(\p{L}+)[-\u2010]\n\s*(\p{Ll}+)/gu)) {
    const [a, b] = [m[1]!.toLowerCase(), m[2]!.toLowerCase()];
    if (whole.has(a + b)) return true;
    if (compounds.has(`${a}-${b}`)) compound = true;
  }
  return !compound;
}

/** The first halves of a text's line-end hyphens and the first words of its lines (Reference.breaks). */
export function lineBreaks(text: string): { lefts: Set<string>; starts: Set<string> } {
  const lefts = new Set<string>();
  const starts = new Set<string>();
  for (const line of normalizeText(text).split('\n')) {
    const end = /(\p{L}+)[-\u2010]\s*$/u.exec(line);
    if (end) lefts.add(end[1]!.toLowerCase());
    const start = /^\s*(\p{L}+)/u.exec(line);
    if (start) starts.add(start[1]!.toLowerCase());
  }
  return { lefts, starts };
}

/**
 * The 4-grams of a second reading: its line-end hyphens joined (as pdftotext joins them), read
 * with its running headers and footers and without them (withoutRunningLines, the lines coverage
 * leaves out), so that a page turn is in order whether a reading keeps the furniture between the
 * pages (pdf.js's raw order) or leaves it out by design (the service).
 */
export function alternativeGrams(text: string): Set<string> {
  const joined = dehyphenate(text);
  const grams = gramsOf(words(joined), 4, new Set());
  // A break before a compound's next part ("non-" + "recursive-gnulib-prefix-hack") may be the
  // compound's own hyphen, which a reader keeps: that reading counts too (keptChainHyphens).
  const kept = keptChainHyphens(text);
  if (kept !== text) gramsOf(words(dehyphenate(kept)), 4, grams);
  return text.includes('\f') ? gramsOf(words(joinedAcrossPages(withoutRunningLines(joined))), 4, grams) : grams;
}

/**
 * `text` with each line-end hyphen kept (the line break dropped) where the next line goes on with
 * a hyphenated compound: "non-\nrecursive-gnulib-prefix-hack" is "non-recursive-gnulib-prefix-hack".
 * TeX and groff break a word that holds a hyphen at that hyphen, so such a break is most often the
 * compound's own; pdftotext joins it all the same ("nonrecursive-gnulib-prefix-hack").
 */
export function keptChainHyphens(text: string): string {
  return text.replace(/(\p{L})([-\u2010])\n\s*(?=\p{L}+[-\u2010]\p{L})/gu, '$1$2');
}

/**
 * The reference text the chunks lost: runs of `min`+ words of the reference's body (what coverage
 * counts) none of whose word 4-grams any chunk reads, longest first, each with its length in
 * words. What QUALITY_DEBUG prints to sort a coverage loss into reader faults and measure matters.
 */
export function lostRuns(texts: string[], ref: Reference, min = 4): { words: number; text: string }[] {
  const have = new Set<string>();
  for (const t of texts) gramsOf(wordsAsRead(t, ref), 4, have);
  const out: { words: number; text: string }[] = [];
  for (const para of ref.body.split(/\n\s*\n|\f/)) {
    const ws = words(para);
    const lost = ws.map(() => true);
    for (let i = 0; i + 4 <= ws.length; i++)
      if (have.has(ws.slice(i, i + 4).join(' '))) for (let k = i; k < i + 4; k++) lost[k] = false;
    for (let i = 0; i < ws.length; ) {
      if (!lost[i]) {
        i++;
        continue;
      }
      let j = i;
      while (j < ws.length && lost[j]) j++;
      if (j - i >= min) out.push({ words: j - i, text: ws.slice(i, j).join(' ') });
      i = j;
    }
  }
  return out.sort((a, b) => b.words - a.words);
}

/**
 * The chunks' text out of order: each run of consecutive word 4-grams (within one text) that
 * neither reading of the reference has, as its words with up to `context` words either side
 * (`before «out of order» after`) and the number of 4-grams it holds, in text order. What
 * QUALITY_DEBUG prints to sort order errors into reader faults (columns spliced, a margin note
 * inside a sentence) and measure matters (display math, a table read by column).
 */
export function disorderRuns(texts: string[], ref: Reference, context = 4): { grams: number; text: string }[] {
  const out: { grams: number; text: string }[] = [];
  for (const t of texts) {
    const ws = wordsAsRead(t, ref);
    const bad: boolean[] = [];
    for (let i = 0; i + 4 <= ws.length; i++) {
      const g = ws.slice(i, i + 4).join(' ');
      bad.push(!ref.grams.has(g) && !ref.alternative?.has(g));
    }
    for (let i = 0; i < bad.length; i++) {
      if (!bad[i]) continue;
      let j = i;
      while (j + 1 < bad.length && bad[j + 1]) j++;
      const before = ws.slice(Math.max(0, i - context), i).join(' ');
      const after = ws.slice(j + 4, j + 4 + context).join(' ');
      out.push({ grams: j - i + 1, text: `${before} «${ws.slice(i, j + 4).join(' ')}» ${after}`.trim() });
      i = j;
    }
  }
  return out;
}

// Page references: "12", "3-5", "4, 7, 12-14" (a change history's, an index's).
const PAGE_REFS = String.raw`\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:\s*,\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*`;
// A change history's title (doc.sty's \PrintChanges), and a leader with its page references at a line's end.
const HISTORY = /^(?:change|revision|version)\s+history$/iu;
const HISTORY_REF = new RegExp(String.raw`(?:^|\s+)(?:\.\s?)+\s*(?:${PAGE_REFS})?$`, 'u');

/**
 * A reference's change history as the chunks are to give it: text (decisions.md drops contents and
 * indexes only, and a list of changes is the only place a package's documentation says what each
 * version changed), each entry's dot leader and page references, navigation like an index's, left
 * out at its line's end. From a "Change History" / "Revision History" line with a dot leader in
 * the seven lines under it to the next listing title (the index after it); form feeds pass through.
 */
export function historyEntries(text: string): string {
  const lines = text.split('\n');
  const inside = historyLines(lines);
  return lines
    .map((l, i) => {
      const tail = inside[i] ? entryTail(l) : undefined;
      return tail ? l.replace(tail, '') : l;
    })
    .join('\n');
}

// A page number alone at a line's end, after a title (lineKind's 'numbered').
const HISTORY_PAGE = /\s+\d{1,4}$/u;

/**
 * What ends a change history's entry on its line, to leave out: its leader and page references
 * (HISTORY_REF), or the page an entry that filled the line ends in ("Package option 'tablepkg'
 * added 36", lineKind 'numbered': HISTORY_PAGE); undefined for a line that ends no entry.
 */
function entryTail(l: string): RegExp | undefined {
  const t = l.replace(/\f/g, '').trim();
  if (HISTORY_REF.test(t)) return HISTORY_REF;
  return lineKind(t).kind === 'numbered' ? HISTORY_PAGE : undefined;
}

/**
 * Which lines of a reference stand in a change history: after a "Change History" / "Revision
 * History" line with a dot leader in the seven lines under it (a heading of that name over prose,
 * "See the Release Notes", is no list of changes), to the next listing title (the index after it).
 */
export function historyLines(lines: readonly string[]): boolean[] {
  let inside = false;
  return lines.map((l, i) => {
    const t = l.replace(/\f/g, '').trim();
    if (HISTORY.test(t)) {
      inside = lines.slice(i + 1, i + 8).some((n) => HISTORY_REF.test(n.trim()) && /\.\s?\./.test(n));
      return false;
    }
    if (inside && t.length > 0 && lineKind(t).kind === 'title') inside = false;
    return inside;
  });
}

// An index's title alone on its line: "Index", "Concept Index", "Index of Functions" ("Refractive
// index" in a table is none).
const INDEX_HEAD = /^(?:[\p{L}-]+\s+){0,3}(?:Ind(?:ex|exes|ices)|INDEX)(?:\s+of\s+[\p{L}\s-]{1,40})?$/u;

// A line of an index's numbers ("123, 126, 129,", ". 200, 213"), a leader with or without them
// ("\\tldatecventry . . 4, 210", "\\cventry . . . . . . . . ."), a letter head ("B", "Symbols").
const INDEX_NUMBERS = new RegExp(String.raw`^[.\s]*${PAGE_REFS},?$`, 'u');
const INDEX_LEADER = new RegExp(String.raw`(?:\.\s?){2,}\s*(?:${PAGE_REFS},?)?$`, 'u');
const INDEX_LETTER = /^(?:\p{L}|symbols|numbers|numerics)$/iu;

/** Is a line of an index as a package manual sets it, numbers past the last page and all? */
export function indexMaterial(line: string, next = ''): boolean {
  const t = line.trim();
  if (isListingLine(t) || INDEX_NUMBERS.test(t) || INDEX_LETTER.test(t)) return true;
  if (/\p{L}/u.test(t) && INDEX_LEADER.test(t)) return true;
  // "\\@tempa 108, 109, 155, 156", "\\tl@startlabel 153,": a term, then numbers past the last page;
  // "\\tl@startfraction .": a term, its leader's first dot.
  if (/^\S{1,40}(?:\s+\.)?\s+\d{1,4}(?:\s*,\s*\d{1,4})*,?$|^\S{1,40}\s+\.$/u.test(t)) return true;
  // A term whose leader and numbers went to the next line ("\\DeclareStringOption" / ". . . . 8–11").
  if (t.length > 60 || SENTENCE_END.test(t)) return false;
  const n = next.trim();
  return INDEX_NUMBERS.test(n) || (!/\p{L}/u.test(n) && INDEX_LEADER.test(n) && n.includes('.'));
}

/**
 * The ends of a change history's entries in a reference (historyEntries' region): each line that
 * ends in a dot leader and page references, or in a page alone after a title (lineKind
 * 'numbered'), without them ("General: Add flag for printing list of topics . . . 3" ends the entry
 * "... list of topics"). An entry is an item: the line after it opens another, in lower case or
 * not (proseBreaks).
 */
export function historyEntryEnds(text: string): string[] {
  const lines = text.split('\n');
  const inside = historyLines(lines);
  const out: string[] = [];
  lines.forEach((l, i) => {
    const tail = inside[i] ? entryTail(l) : undefined;
    const entry = tail && l.replace(/\f/g, '').trim().replace(tail, '').trim();
    if (entry && /\p{L}/u.test(entry)) out.push(entry);
  });
  return out;
}

/**
 * A reference without the lines of an index that page-by-page detection (listingBody) leaves in:
 * a package manual's index (doc.sty) gives code lines, hundreds past the last page, wraps its number
 * lists onto lines of their own ("123, 126, 129,") and sets short leaders ("\\tldatecventry . . 4,
 * 210"), on pages it shares with the text before it. From an index's title, its lines
 * (indexMaterial) go until three lines of prose come after its entries with no index line between
 * them (over 60 characters or ending a sentence: an appendix after the index; not the note under
 * its title) or a change history's title (the history after the index). Form feeds stay.
 */
export function withoutIndexTail(text: string): string {
  const tail = indexTailLines(text);
  return text
    .split('\n')
    .map((l, i) => (tail.has(i) ? l.replace(/[^\f]+/g, '') : l))
    .join('\n');
}

/** withoutIndexTail's lines, as indexes of the text's lines (split at '\n'). */
export function indexTailLines(text: string): Set<number> {
  const out = new Set<number>();
  let inside = false;
  let other = 0;
  let entries = 0;
  const lines = text.split('\n');
  lines.forEach((l, i) => {
    const t = normalizeText(l.replace(/\f/g, '')).trim();
    if (INDEX_HEAD.test(t)) {
      inside = true;
      other = 0;
      entries = 0;
      return;
    }
    // A change history after the index (historyEntries reads it) ends it.
    if (HISTORY.test(t)) inside = false;
    if (!inside || t.length === 0) return;
    // The next line with text, found without copying the rest of the document for each line.
    let k = i + 1;
    while (k < lines.length && lines[k]!.replace(/\f/g, '').trim().length === 0) k++;
    const next = lines[k] ?? '';
    const index = indexMaterial(t, normalizeText(next.replace(/\f/g, '')));
    // Prose again: a line over 60 characters or ending a sentence, three in a row after an entry
    // (the note under the title, "Numbers written in italic refer to ...", is no end).
    if (index) entries++;
    other = index ? 0 : entries > 0 && (t.length > 60 || SENTENCE_END.test(t)) ? other + 1 : other;
    if (other >= 3) inside = false;
    if (index) out.add(i);
  });
  return out;
}

/**
 * The lines of one reference page that are not contents or index lines: listing lines
 * (isListingLine) go, and on a page where they are half the lines or more (bare numbers and lone
 * leader dots aside: pdftotext prints a contents page's numbers on lines of their own), so do the short lines
 * without a sentence end, the pieces pdftotext reads apart from their entry: section numbers
 * ("3.1.2"), index letters, titles whose leader went to the next line, "Appendix D Indexes".
 */
const SENTENCE_END = /\p{L}[.!?:;]["'”’)]?$/u;
// A bare number, or a line of leader dots alone (groff's leaders, which pdftotext prints a dot a line).
const BARE_NUMBER = /^(?:\d{1,4}|[ivxlc]{1,6}|[.…\s]+)$/i;

export function listingBody(lines: string[]): string[] {
  const keep = listingKeep(lines);
  return lines.filter((_l, i) => keep[i]);
}

/** listingBody's judgement, line by line: true for a line it keeps. */
export function listingKeep(lines: string[]): boolean[] {
  const filled = lines.filter((l) => l.trim().length > 0);
  const listing = filled.filter(isListingLine).length;
  const bare = filled.filter((l) => BARE_NUMBER.test(l.trim())).length;
  // A two-column index pdftotext reads as a term line over each "scope, page" line (Doxygen's):
  // a third of listing lines suffice where nearly every line is short and no sentence.
  const short = filled.filter((l) => l.trim().length <= 60 && !SENTENCE_END.test(l.trim())).length;
  // Numbered titles without a sentence end (the service's stems: "2.5.6. Problematic Links .", an
  // entry whose leader and number pdftotext printed apart) count beside 4+ sure listing lines.
  const stems = listing >= 4 ? filled.filter((l) => !isListingLine(l) && lineKind(l).kind === 'stem').length : 0;
  const listingPage =
    listing >= 3 &&
    (listing + stems >= (filled.length - bare) * 0.5 || (listing >= filled.length / 3 && short >= filled.length * 0.9));
  // A block (lines between blank lines) mostly of leaders, with or without their page numbers, is a
  // contents box inside a page (LaTeX News): its lines without a sentence end go (entries and the
  // first lines of wrapped ones), prose in it stays.
  // pdftotext prints such a box's page numbers apart, a block of bare numbers ("1", "1", "2"):
  // on a page with a box or listing, those blocks go too.
  // A box's title block ("Contents" over "Introduction", whose number went to the number block)
  // goes with the box: a block opening with a contents or index title (the service's rule,
  // lineKind), none of its lines a sentence; so does a block of entries without leaders that a
  // block of bare numbers follows (a short entry pdftotext prints without its leader).
  const boxed = new Set<number>();
  const numbers: number[][] = [];
  const titled: number[][] = [];
  let last: { start: number; end: number; entry: boolean } | undefined;
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && lines[j]!.trim().length > 0) j++;
    const block = lines.slice(i, j);
    // Two spaced dots end a leader cut short by a long title ("array: No \\mathsurround around a tabular . .").
    const leader = (l: string) => isListingLine(l) || /\s(?:\.\s?){2,}$/.test(l.trim());
    const leaders = block.filter(leader).length;
    // Entries whose title fills the line have no leader: a third of the block's lines suffice, or
    // a block of entries without a sentence end whose last line has the leader (a section title
    // over one wrapped entry: "New or improved commands / Better ... case-changing / commands . . .").
    const entries = block.length >= 2 && leader(block.at(-1)!) && !block.some((l) => SENTENCE_END.test(l.trim()));
    if (
      block.length >= 2 &&
      ((leaders >= 1 && leaders >= block.length * 0.5) || (leaders >= 2 && leaders >= block.length / 3) || entries)
    )
      for (let x = i; x < j; x++) if (!SENTENCE_END.test(lines[x]!.trim())) boxed.add(x);
    const entry = block.length > 0 && block.length <= 4 && !block.some((l) => SENTENCE_END.test(l.trim()));
    if (block.length > 0 && block.every((l) => /^\d{1,4}$/.test(l.trim()))) {
      numbers.push(Array.from({ length: j - i }, (_, k) => i + k));
      // An entry without leader, its number block right after it ("Document metadata interface", "", "1").
      if (last && last.entry && last.end + 1 === i)
        titled.push(Array.from({ length: last.end - last.start }, (_, k) => last!.start + k));
    }
    if (entry && lineKind(block[0]!).kind === 'title') titled.push(Array.from({ length: j - i }, (_, k) => i + k));
    if (block.length > 0) last = { start: i, end: j, entry };
    i = j + 1;
  }
  if (boxed.size > 0 || listingPage) for (const b of [...numbers, ...titled]) for (const x of b) boxed.add(x);
  return lines.map(
    (l, i) =>
      !boxed.has(i) && !isListingLine(l) && !(listingPage && l.trim().length <= 60 && !SENTENCE_END.test(l.trim())),
  );
}

const shapeOf = (l: string) => normalizeText(l).trim().toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
// "12", "xii", "- 3 -", "Page 4", and a page of a count: "4/188", "4 / 188", "4 of 188" (beamer's footline);
// a dash before the number alone, as LaTeX News numbers its pages ("–2"; roman numerals not: "-v"
// and "-l" are options).
const PAGE_NUMBER =
  /^(?:page\s+)?\d+(?:\s*(?:\/|of)\s*\d+)?$|^[ivxlc]+$|^[-–]\s*(?:\d+|[ivxlc]+)\s*[-–]$|^[-–]\s*\d+$/i;

/** A line's shape with its case kept: "USING AUTOMAKE" and "Using Automake" are two spellings of one shape. */
const spellingOf = (l: string) => normalizeText(l).trim().replace(/\d+/g, '#').replace(/\s+/g, ' ');

/**
 * Is a line of a running line's shape the page's own title rather than the running line? When it
 * is spelt in another case than the running line (which stands in one spelling on 3 pages or more)
 * and its own spelling stands on 2 pages at most: groff's ms sets its running head in capitals
 * ("USING AUTOMAKE IN THE GROFF PROJECT") and the title on the cover and the first page of text
 * as written ("Using Automake in the Groff project"); the title is text the service keeps.
 * `spelt`: the pages where each spelling (spellingOf) stands at an edge.
 */
export function titleSpelling(spelling: string, spelt: ReadonlyMap<string, number>): boolean {
  if ((spelt.get(spelling) ?? 0) > 2) return false;
  const shape = spelling.toLowerCase();
  for (const [k, n] of spelt) if (n >= 3 && k !== spelling && k.toLowerCase() === shape) return true;
  return false;
}

/**
 * The shapes that stand twice or more among the first `edgeLines` filled lines of a page, or among
 * its last ones (`filled`: the indices of its non-blank lines).
 */
export function doubledAtEdge(page: readonly string[], filled: readonly number[], edgeLines: number): string[] {
  const out = new Set<string>();
  for (const side of [filled.slice(0, edgeLines), filled.slice(-edgeLines)]) {
    const seen = new Set<string>();
    for (const i of side) {
      const k = shapeOf(page[i]!);
      if (seen.has(k)) out.add(k);
      seen.add(k);
    }
  }
  return [...out];
}

// A numbered heading's line: "9.2 raptor::bin_validator Class Reference", "3 Usage".
const NUMBERED_LINE = /^(\d+(?:\.\d+)*)\.?\s+\S/;
// A section's number alone on its line, two levels or more ("7.1", "10.5"; a bare "7" is a page number).
const SECTION_NUMBER = /^\d+(?:\.\d+)+$/;

/**
 * The lines (page index, line index) among the first `edgeLines` filled lines of a page that are
 * a section mark: the running head that repeats the current section's numbered heading (LaTeX's
 * \rightmark through fancyhdr, as Doxygen's manuals set it: "9.2 raptor::bin_validator Class
 * Reference" over every page of that class's section, its page number beside it). Such a line
 * runs over the pages of one section only (often under 3), so the repetition count of
 * withoutRunningLines misses it; the service drops it as furniture. A mark is a numbered line
 * spelt exactly as the last earlier line of its depth (so many numbers, "9.2" two) on an earlier
 * page, on a page with a bare page number among its edge lines. A section starting at the top of a
 * page stays: the last line of its depth before it is the section before (or, where the contents
 * list it, the next entry of the contents). A head line whose words stand again lower on its page
 * is a mark too (headingBelow: the section starting on that page, which \rightmark names).
 */
export function sectionMarks(pages: readonly (readonly string[])[], edgeLines: number): Set<string> {
  const out = new Set<string>();
  // The last numbered line of each depth, as read so far (pages before the current one).
  const last = new Map<number, string[]>();
  pages.forEach((p, n) => {
    const filled = p.flatMap((l, i) => (l.trim().length > 0 ? [i] : []));
    const edges = [...filled.slice(0, edgeLines), ...filled.slice(-edgeLines)];
    // The page's first line, a page number aside: a head is set above the text, where a listing's
    // lines at the top ("4 // This file may be used ...", its licence repeated in the next
    // listing of the page) are not.
    const headLine = filled.find((i) => !PAGE_NUMBER.test(p[i]!.trim()));
    const numbered = edges.some((i) => PAGE_NUMBER.test(p[i]!.trim()));
    // pdftotext may read the page number of a head set beside it lines further down (Doxygen's
    // odd pages: "7.5 raptor::logspace Namespace Reference", then "33" among the text's first lines).
    const numberAnywhere = numbered || filled.some((i) => /^\d{1,4}$/.test(p[i]!.trim()));
    for (const i of filled.slice(0, edgeLines)) {
      const l = normalizeText(p[i]!).trim().replace(/\s+/g, ' ');
      const m = NUMBERED_LINE.exec(l);
      if (!m || !/\p{L}/u.test(l)) continue;
      if (
        (numberAnywhere && last.get(m[1]!.split('.').length)?.includes(l)) ||
        (numberAnywhere && i === headLine && headingBelow(p, i, edgeLines))
      )
        out.add(`${n}:${i}`);
    }
    for (const [k, i] of filled.entries()) {
      if (out.has(`${n}:${i}`)) continue;
      const l = normalizeText(p[i]!).trim().replace(/\s+/g, ' ');
      const m = NUMBERED_LINE.exec(l);
      if (m) last.set(m[1]!.split('.').length, [l]);
      // A heading whose number pdftotext reads on a line of its own ("7.1" / "raptor Namespace
      // Reference": the gap TeX sets between them) is the number and the next line, or the next
      // two where the title wraps ("9.4" / "raptor::hibf::build_data< data_layout_mode > Struct
      // Template" / "Reference").
      const [a, b] = [filled[k + 1], filled[k + 2]].map((x) =>
        x === undefined ? '' : normalizeText(p[x]!).trim().replace(/\s+/g, ' '),
      );
      if (SECTION_NUMBER.test(l) && /^\p{L}/u.test(a!))
        last.set(l.split('.').length, [`${l} ${a}`, ...(b ? [`${l} ${a} ${b}`] : [])]);
    }
  });
  return out;
}

/**
 * The numbered line at index `i` of a page (a head line) stands again below it on the same page, its
 * words in a row over one or more lines (pdftotext may read a heading's number on a line of its own:
 * "10.151" then "src/threshold/x.cpp File Reference"). LaTeX's \rightmark is the first mark of
 * the page: over a page on which a section starts, Doxygen's running head names that section, whose
 * heading stands lower on the page. A heading is printed once on its page; the head line is the mark.
 */
export function headingBelow(page: readonly string[], i: number, edgeLines = EDGE): boolean {
  const head = words(page[i]!).join(' ');
  if (!head.includes(' ')) return false;
  // Not in the foot: Sphinx's LaTeX sets the mark there ("3.5. Problem 4: N-Queens" over the page
  // number), under the heading that opens the page (why3 page 29).
  const filled = page.flatMap((l, k) => (l.trim().length > 0 ? [k] : []));
  const foot = filled.length > edgeLines ? filled[filled.length - edgeLines]! : page.length;
  const below = page
    .slice(i + 1, Math.max(i + 1, foot))
    .filter((l) => !PAGE_NUMBER.test(l.trim()))
    .map((l) => words(l).join(' '))
    .filter((l) => l.length > 0);
  // Whole lines only: a cross-reference in running text ("see “3.1. Creating destination points
  // at headings”") names the heading inside a line, a heading stands on lines of its own.
  for (let j = 0; j < below.length; j++) {
    let run = below[j]!;
    for (let k = j + 1; run.length < head.length && k < below.length; k++) run += ` ${below[k]!}`;
    if (run === head) return true;
  }
  return false;
}

/**
 * Bare numbers at a page's edges that are no page number (keys `page:line`): on a page whose edge
 * lines hold two bare numbers or more, those off the document's page sequence at the other edge
 * (head or foot) than one on it. A page has one page number; it stands at the same distance from the page's index on many
 * pages (3 or more), where a listing's numbered blank line at the page's foot (Doxygen's "26" under
 * "25 }", the page number 149 in the head) falls once. A page with one bare number keeps the rule
 * as it was: it is the page number.
 */
export function strayNumbers(pages: readonly (readonly string[])[], edgeLines: number): Set<string> {
  const bare = pages.map((p, n) => {
    const filled = p.flatMap((l, i) => (l.trim().length > 0 ? [i] : []));
    const edges = [...new Set([...filled.slice(0, edgeLines), ...filled.slice(-edgeLines)])];
    const head = new Set(filled.slice(0, edgeLines));
    return edges
      .filter((i) => /^\d{1,5}$/.test(p[i]!.trim()))
      .map((i) => ({ i, off: Number(p[i]!.trim()) - n, top: head.has(i) }));
  });
  const pagesAt = new Map<number, number>();
  for (const b of bare) for (const off of new Set(b.map((x) => x.off))) pagesAt.set(off, (pagesAt.get(off) ?? 0) + 1);
  // A number at the same edge of 3 pages or more is a running line (a chapter's number set alone
  // in the head of each of its pages), not one page's own text.
  const running = new Map<string, number>();
  bare.forEach((b, n) => {
    for (const k of new Set(b.map((x) => `${x.top}:${x.off + n}`))) running.set(k, (running.get(k) ?? 0) + 1);
  });
  const out = new Set<string>();
  bare.forEach((b, n) => {
    if (b.length < 2) return;
    const onSequence = (off: number) => (pagesAt.get(off) ?? 0) >= 3;
    const numbers = b.filter((x) => onSequence(x.off));
    if (numbers.length === 0) return;
    // Only at the other edge than the page number: beside it, a bare number is the head's or the
    // foot's own (a chapter's number in "1 / INTRODUZIONE / 3", read as three lines; a footnote's
    // mark above the page number).
    const top = (x: { top: boolean }) => x.top;
    for (const x of b)
      if (
        !onSequence(x.off) &&
        numbers.every((y) => top(y) !== top(x)) &&
        (running.get(`${x.top}:${x.off + n}`) ?? 0) < 3
      )
        out.add(`${n}:${x.i}`);
  });
  return out;
}

/**
 * Lines at each end of a page that may be running headers and footers: three, as the service's
 * furniture rule reads them (pdftotext may print a heading's number or a "(continues on next
 * page)" marker between the running line and the page's edge).
 */
const EDGE = 3;
/** Lines at each edge of a slide that may be furniture: beamer's footline sets up to three boxes. */
export const SLIDE_EDGE_LINES = 3;

// A line that ends in a page number after a slash: "Draft 1, Rev. 2 / ii" (its text, its number).
const NUMBERED_FOOTER = /^(.*\S)\s+\/\s+(\d{1,4}|[ivxlc]{1,6})$/i;

/**
 * The lines (page index, line index) among the last `edgeLines` filled lines of a page that are a
 * numbered footer: a text, a slash and the page's number ("Draft 1, Rev. 2 / i", groff mom's
 * draft footer), whose text stands so at the foot of another page with another number. Such a
 * footer may run over two pages only (a draft chapter's), under the 3 the repetition count of
 * withoutRunningLines asks; the service drops it as furniture. A line of text ending in "/ 2"
 * (a formula) is not repeated, number changed, at the foot of another page.
 */
export function numberedFooters(pages: readonly (readonly string[])[], edgeLines: number): Set<string> {
  const found: { key: string; text: string; number: string }[] = [];
  pages.forEach((p, n) => {
    const filled = p.flatMap((l, i) => (l.trim().length > 0 ? [i] : []));
    for (const i of filled.slice(-edgeLines)) {
      const m = NUMBERED_FOOTER.exec(p[i]!.trim());
      if (m) found.push({ key: `${n}:${i}`, text: spellingOf(m[1]!), number: m[2]!.toLowerCase() });
    }
  });
  const out = new Set<string>();
  for (const f of found)
    if (
      found.some(
        (g) => g !== f && g.text === f.text && g.number !== f.number && g.key.split(':')[0] !== f.key.split(':')[0],
      )
    )
      out.add(f.key);
  return out;
}

/** A running head's part: a short line without a sentence end ("Rosemary Winspeare", "Outline"). */
const NAMED_PART = /\p{L}{2,}\S*\s+\S*\p{L}{2,}/u;
const headPart = (l: string) => l.trim().length > 0 && l.trim().length <= 60 && !SENTENCE_END.test(l.trim());

/**
 * The lines (page index, line index) that open a page as a head in three parts whose middle part
 * changes: the page's first three filled lines, short and without a sentence end, whose first and
 * third stand as the first and third lines of another page with another second line. groff mom's
 * header, set across the page ("Rosemary Winspeare | Outline | LAKE ATTICA'S SHORES", the
 * chapter's title in the middle), comes out of pdftotext as a line per part; over a sample of one
 * page per chapter each whole head stands once, and the repetition count of withoutRunningLines
 * never sees it. The service drops it as furniture (framedKey, by the parts' positions). A title
 * page that opens as another does keeps its lines: its second line is the same ("Chapter 1" /
 * "The Bonny Blue Yonder" on a chapter's cover and its first page) or its third is not.
 */
export function framedHeads(pages: readonly (readonly string[])[]): Set<string> {
  const heads = pages.map((p) => {
    const [a, b, c] = p.flatMap((l, i) => (l.trim().length > 0 ? [i] : []));
    if (a === undefined || b === undefined || c === undefined) return undefined;
    if (![a, b, c].every((i) => headPart(p[i]!))) return undefined;
    // Names and titles: the outer parts two words of letters or more, the middle a word.
    if (!NAMED_PART.test(p[a]!) || !NAMED_PART.test(p[c]!) || !/\p{L}{2,}/u.test(p[b]!)) return undefined;
    return {
      lines: [a, b, c],
      first: shapeOf(p[a]!),
      outer: `${shapeOf(p[a]!)}\n${shapeOf(p[c]!)}`,
      middle: shapeOf(p[b]!),
    };
  });
  // Pages each first line opens: a head opens its pages with its outer parts every time (a running
  // head above a page's text opens many pages, each with other lines under it: not this).
  const opens = new Map<string, number>();
  pages.forEach((p) => {
    const first = p.find((l) => l.trim().length > 0);
    if (first !== undefined) opens.set(shapeOf(first), (opens.get(shapeOf(first)) ?? 0) + 1);
  });
  const out = new Set<string>();
  heads.forEach((h, n) => {
    if (!h) return;
    const alike = heads.filter((g) => g?.outer === h.outer);
    if (alike.length === opens.get(h.first) && alike.some((g) => g!.middle !== h.middle))
      for (const i of h.lines) out.add(`${n}:${i}`);
  });
  return out;
}

/**
 * The parts (spellingOf: case kept, as a title page spells its title otherwise) of the heads set across the top of a page in two parts or more, as
 * pdftotext's layout reading shows them (`layout`: `pdftotext -layout`, pages at form feeds): a
 * page's first row of text in two parts, parted by wide blanks, that stand so on the first row
 * of another page (withoutRunningLines drops them where both open the plain reading's page and
 * neither stands again lower on it). groff mom's recto and verso heads ("Chang, Connors ... CONTROL EQUALS CHAOS", an
 * article of three pages) run over two pages only, under the repetition count of
 * withoutRunningLines; the plain reading puts each part on a line of its own, where a title page
 * that opens as another does ("CONTROL EQUALS CHAOS" over an article's cover and first page) looks
 * the same: on the layout reading the title stands alone on its row. The service drops such a head
 * as furniture (furniture.ts: an edge line repeated by its parts).
 */
export function twoPartHeads(layout: string): Set<string> {
  const rows = new Map<string, number>();
  const partsOf = new Map<string, string[]>();
  for (const page of layout.split('\f')) {
    const first = page.split('\n').find((l) => l.trim().length > 0);
    if (first === undefined) continue;
    const parts = first
      .trim()
      .split(/\s{4,}/)
      .map(spellingOf)
      .filter((x) => /\p{L}{2,}/u.test(x));
    // Two parts: a verso or recto head (its title and its author); a table's header row repeated
    // over the pages of the table (Chromium's "Switch | Equivalent switch | Usage") has more.
    if (parts.length !== 2) continue;
    const key = [...parts].sort().join('\n');
    rows.set(key, (rows.get(key) ?? 0) + 1);
    partsOf.set(key, parts);
  }
  const out = new Set<string>();
  for (const [k, n] of rows) if (n >= 2) for (const x of partsOf.get(k)!) out.add(x);
  return out;
}

/** Words as `words` finds them, their case kept. */
const caseWords = (s: string): string[] =>
  normalizeText(s).match(/[\p{L}\p{N}\p{M}]*[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];

/** A bare page number as a part of a head row (`pdftotext -layout`): arabic, up to four digits. */
const ROW_NUMBER = /^\d{1,4}$/;

/**
 * The parts of each page's head row and foot row (index = page), where the page has one: its first
 * (or last) row of the layout reading (`layout`: `pdftotext -layout`, pages at form feeds) set in
 * two parts or more (parted by three blanks or more), a part of letters among them, none longer
 * than a head's 60 characters, and its first or last part the page's number: a bare number whose
 * difference to the page's index the same row of 3 pages or more shares (the document's page
 * sequence). A book's head sets the page number, the chapter's number and its title across the
 * top ("60      8   PROLOG BUILT-IN PREDICATES"; CWEB's "§6   VLNA   PARAMETRY PŘÍKAZOVÉHO ŘÁDKU
 * 3"), which pdftotext's plain reading parts into a line each, four or five lines, beyond the three
 * edge lines withoutRunningLines looks at, or read after the page's first lines of code; the title
 * changes with the chapter or section, so its shape may stand on too few pages to repeat. The
 * service reads the row as one line at the page's edge and drops it as furniture. A table's header
 * row repeated atop its pages has no page number in it; a page's first line of text ending in a
 * number is off the page sequence.
 */
export function headRows(layout: string): (string[] | undefined)[] {
  const pages = layout.split('\f');
  const rowOf = (page: string, foot: boolean) => {
    const lines = page.split('\n').filter((l) => l.trim().length > 0);
    const line = foot ? lines.at(-1) : lines[0];
    if (line === undefined) return undefined;
    const parts = line.trim().split(/\s{3,}/);
    if (parts.length < 2 || parts.some((x) => x.length > 60) || !parts.some((x) => /\p{L}{2,}/u.test(x)))
      return undefined;
    const number = [parts[0]!, parts.at(-1)!].find((x) => ROW_NUMBER.test(x));
    return number === undefined ? undefined : { parts, number: Number(number) };
  };
  const out: (string[] | undefined)[] = pages.map(() => undefined);
  for (const foot of [false, true]) {
    const rows = pages.map((p) => rowOf(p, foot));
    const offsets = new Map<number, number>();
    rows.forEach((r, n) => {
      if (r) offsets.set(r.number - n, (offsets.get(r.number - n) ?? 0) + 1);
    });
    rows.forEach((r, n) => {
      if (r && (offsets.get(r.number - n) ?? 0) >= 3) out[n] = [...(out[n] ?? []), ...r.parts];
    });
  }
  return out;
}

/**
 * The lines of a plain page (`page`, `filled`: its non-blank lines' indices) that are its head or
 * foot row (headRows: `row`, the row's parts) read apart, among its first lines (three more than the
 * row has words) and its last three: each line all of whose words the row still holds, until the
 * row's words are spent. pdftotext reads a head in parts, a line each, at the top or after the
 * page's first lines of code, and a verso head's right parts at the page's end ("VLNA" / "§5").
 * Lines already dropped (`dropped`: a running line, a page number) spend their words first, then
 * lines spelt as a part ("§5" before the text's "5."), then the others, top first; so a heading
 * under the head that repeats its words ("8.4" / "Term processing" under "8.4  Term processing  59")
 * stays.
 */
export function headRowLines(
  page: readonly string[],
  filled: readonly number[],
  row: readonly string[],
  dropped: ReadonlySet<number> = new Set(),
  edgeLines = EDGE,
): number[] {
  const left = new Map<string, number>();
  for (const w of caseWords(row.join(' '))) left.set(w, (left.get(w) ?? 0) + 1);
  const size = [...left.values()].reduce((a, b) => a + b, 0);
  const window = [...new Set([...filled.slice(0, edgeLines + size), ...filled.slice(-edgeLines)])];
  const spelt = new Set(row.map((x) => normalizeText(x).trim()));
  const passes: ((i: number) => boolean)[] = [
    (i) => dropped.has(i),
    (i) => spelt.has(normalizeText(page[i]!).trim()),
    () => true,
  ];
  const used = new Set<number>();
  const out: number[] = [];
  for (const pass of passes)
    for (const i of window) {
      if (used.has(i) || !pass(i)) continue;
      const need = new Map<string, number>();
      for (const w of caseWords(page[i]!)) need.set(w, (need.get(w) ?? 0) + 1);
      if (need.size === 0 || [...need].some(([w, n]) => (left.get(w) ?? 0) < n)) continue;
      for (const [w, n] of need) left.set(w, left.get(w)! - n);
      used.add(i);
      if (!dropped.has(i)) out.push(i);
    }
  return out;
}

/**
 * A paged reading (pdftotext's, pages at form feeds) without its head and foot rows (headRows:
 * `rows`, by page) and nothing else: every other line kept, a line the running-line rule takes for
 * furniture by its shape too ("Examples:" at the foot of many pages of a reference manual). The
 * page-number measure searches it (pages.ts), where a run of words read over a page break meets
 * the next page's running head in the reading with every line.
 */
export function withoutHeadRows(text: string, rows: readonly (readonly string[] | undefined)[]): string {
  return text
    .split('\f')
    .map((page, n) => {
      const row = rows[n];
      if (!row) return page;
      const p = page.split('\n');
      const drop = new Set(
        headRowLines(
          p,
          p.flatMap((l, i) => (l.trim().length > 0 ? [i] : [])),
          row,
        ),
      );
      return p.filter((_l, i) => !drop.has(i)).join('\n');
    })
    .join('\f');
}

/**
 * A paged reference (pdftotext's, pages split at form feeds) without its running headers and
 * footers: among the first and last `edgeLines` lines of each page, those that repeat, digits
 * aside, at the edges of 3+ pages (and at the edges of a quarter of the pages, or of five times as
 * many pages as they stand inside), once per page edge, and bare page numbers ("12", "xii",
 * "- 3 -", "3 / 127", "Page 3 of 10", "4/188"; not a bare number off the page sequence beside one
 * on it: strayNumbers), section marks (sectionMarks) and numbered footers (numberedFooters) and heads in three parts (framedHeads). On
 * `slides` a line must repeat on more than half
 * of the pages (a footline is on nearly every slide): a frame title repeated over a slide's
 * overlay steps or continued frames is no running header. Text without form feeds (a reading of
 * HTML, Markdown, Word) comes back unchanged.
 */
export function withoutRunningLines(
  text: string,
  edgeLines = EDGE,
  slides = false,
  heads: ReadonlySet<string> = new Set(),
  rows: readonly (readonly string[] | undefined)[] = [],
): string {
  if (!text.includes('\f')) return text;
  const pages = text.split('\f').map((p) => p.split('\n'));
  const filled = pages.map((p) => p.flatMap((l, i) => (l.trim().length > 0 ? [i] : [])));
  const edges = (f: number[]) => [...new Set([...f.slice(0, edgeLines), ...f.slice(-edgeLines)])];
  const counts = new Map<string, number>();
  // Pages where a shape stands inside the page: a running line pdftotext reads out of place
  // (after a page's code) is inside on a few pages and at the edge on many.
  const inner = new Map<string, number>();
  // Pages where a shape stands twice at one edge: a man page's header "BASH(1) General Commands
  // Manual BASH(1)", which pdftotext reads as three lines, the first and the last alike.
  const twice = new Map<string, number>();
  // Pages where each spelling (case kept) of a shape stands at an edge.
  const spelt = new Map<string, number>();
  pages.forEach((p, n) => {
    const f = filled[n]!;
    for (const k of new Set(edges(f).map((i) => shapeOf(p[i]!)))) counts.set(k, (counts.get(k) ?? 0) + 1);
    for (const k of new Set(edges(f).map((i) => spellingOf(p[i]!)))) spelt.set(k, (spelt.get(k) ?? 0) + 1);
    for (const k of doubledAtEdge(p, f, edgeLines)) twice.set(k, (twice.get(k) ?? 0) + 1);
    for (const k of new Set(f.slice(edgeLines, -edgeLines).map((i) => shapeOf(p[i]!))))
      inner.set(k, (inner.get(k) ?? 0) + 1);
  });
  const marks = sectionMarks(pages, edgeLines);
  const stray = strayNumbers(pages, edgeLines);
  const footers = numberedFooters(pages, edgeLines);
  const framed = slides ? new Set<string>() : framedHeads(pages);
  const running = new Set<string>();
  for (const [k, c] of counts)
    if (
      /\p{L}/u.test(k) &&
      c >= 3 &&
      (slides ? c * 2 > pages.length : c >= pages.length * 0.25 || c >= 5 * (inner.get(k) ?? 0))
    )
      running.add(k);
  // A running line that stands twice at its edge on most of the pages it runs on goes twice.
  const doubled = new Set([...running].filter((k) => (twice.get(k) ?? 0) * 2 >= counts.get(k)!));
  return pages
    .map((p, n) => {
      const f = filled[n]!;
      const drop = new Set<number>();
      if (!slides)
        for (const i of f)
          if (marks.has(`${n}:${i}`) || footers.has(`${n}:${i}`) || framed.has(`${n}:${i}`)) drop.add(i);
      // A head set across the page in parts (twoPartHeads): its parts among the page's first lines, two or more of them.
      // Not where a part stands again lower on the page: a chapter's first page, its title under the head.
      const parts = f.slice(0, edgeLines).filter((i) => heads.has(spellingOf(p[i]!)));
      const again = (i: number) => f.some((k) => k !== i && spellingOf(p[k]!) === spellingOf(p[i]!));
      if (parts.length >= 2 && !parts.some(again)) for (const i of parts) drop.add(i);
      const gone = new Set<string>();
      for (const side of [f.slice(0, edgeLines), f.slice(-edgeLines).reverse()]) {
        const seen = new Set<string>();
        for (const i of side) {
          if (drop.has(i)) continue;
          const k = shapeOf(p[i]!);
          const head = running.has(k) && (slides || !titleSpelling(spellingOf(p[i]!), spelt));
          if (
            (head && (!seen.has(k) || doubled.has(k))) ||
            (PAGE_NUMBER.test(p[i]!.trim()) && !stray.has(`${n}:${i}`))
          ) {
            drop.add(i);
            seen.add(k);
            gone.add(k);
          }
        }
      }
      // A head or foot row read apart (headRows): its lines wherever they stand among the page's edge lines.
      const row = rows[n];
      if (row && !slides) for (const i of headRowLines(p, f, row, drop, edgeLines)) drop.add(i);
      // A slide's footline line is furniture wherever pdftotext puts it: beside a table's columns
      // it can come out in the middle of the page (once per page).
      if (slides)
        for (const i of f) {
          const k = shapeOf(p[i]!);
          if (!drop.has(i) && running.has(k) && !gone.has(k)) {
            drop.add(i);
            gone.add(k);
          }
        }
      return p.filter((_l, i) => !drop.has(i)).join('\n');
    })
    .join('\f');
}

/**
 * A slide deck's paged reading (pdftotext's, a page per slide) as a deck is read: each page
 * without its furniture (withoutRunningLines, three lines at each edge, on slides), and each
 * overlay step read once: a page that opens with the same line as the next (the frame's title) and
 * whose words (furniture aside) all stand, as often, in the next page's words is emptied (the page stays, so that page numbers still index the array). A reader
 * that reads the next page reads every word of the step; a step that shows words its next page
 * does not (beamer's \only, a replaced picture's caption) keeps them, and they count as lost when
 * the chunks lack them.
 */
export function slideReading(text: string): string[] {
  const pages = withoutRunningLines(text, SLIDE_EDGE_LINES, true).split('\f');
  const bags = pages.map((p) => {
    const bag = new Map<string, number>();
    for (const w of words(p)) bag.set(w, (bag.get(w) ?? 0) + 1);
    return bag;
  });
  const firsts = pages.map((p) => topLines(p, 1)[0] ?? '');
  return pages.map((p, i) => {
    const bag = bags[i]!;
    const next = bags[i + 1];
    if (bag.size === 0 || next === undefined || firsts[i] !== firsts[i + 1]) return p;
    for (const [w, n] of bag) if ((next.get(w) ?? 0) < n) return p;
    return '';
  });
}

/**
 * A text as a reader without the font's Unicode map spells it, or undefined when nothing differs.
 * TeX's math symbol font (cmsy) has no ToUnicode map in PDFs made by dvips and Ghostscript, and
 * poppler knows neither of its angle brackets' glyph names (angbracketleft, angbracketright): it
 * reads them as the letters of their codes, ⟨ as "h" and ⟩ as "i" (pdftotext writes a LaTeX
 * syntax line's "[⟨flagi⟩]" as "[hflagii]", a CWEB module name "⟨ Hlavičkové soubory 3 ⟩" as
 * "h Hlavičkové soubory 3 i"), where pdf.js, which knows the names, reads the brackets.
 * LaTeX's circle font (lcircle10) maps no Unicode either: a DocBook callout, a number drawn over
 * one of its circles (dblatex), is to poppler the number and the letter of the circle's code,
 * whose letter depends on the circle's size ("1v", "1y"); the service reads "①". Given the
 * reference's words (`vocab`), a circled number is spelt as the number and the first letter with
 * which the reference has it, and is left as it is where the reference has no such word. At the
 * start of a line (a callout list's item, "① The cell borders...") poppler reads the circle
 * apart, before its number ("v", "1"): spelt so there.
 */
const circleLettersOf = new WeakMap<ReadonlySet<string>, string[]>();

/**
 * The letters a reference may spell a circle with, likeliest first: those that follow the most
 * numbers from 0 to 20 among its words ("1y", "2y", "3y"... against a French ordinal's "4e").
 */
function circleLetters(vocab: ReadonlySet<string>): string[] {
  let got = circleLettersOf.get(vocab);
  if (got) return got;
  const scored: [string, number][] = [];
  for (let l = 97; l <= 122; l++) {
    const letter = String.fromCharCode(l);
    let n = 0;
    for (let k = 0; k <= 20; k++) if (vocab.has(k + letter)) n++;
    if (n > 0) scored.push([letter, n]);
  }
  got = scored.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l]) => l);
  circleLettersOf.set(vocab, got);
  return got;
}

export function glyphCodeSpelling(text: string, vocab?: ReadonlySet<string>): string | undefined {
  const brackets = /[\u2329\u232A\u27E8\u27E9\u3008\u3009]/u.test(text);
  const callouts = vocab !== undefined && /[\u2460-\u2473\u24EA]/u.test(text);
  if (!brackets && !callouts) return undefined;
  let out = text.replace(/[\u2329\u27E8\u3008]/gu, 'h').replace(/[\u232A\u27E9\u3009]/gu, 'i');
  if (callouts)
    out = out.replace(/[\u2460-\u2473\u24EA]/gu, (c: string, at: number, all: string) => {
      const cp = c.codePointAt(0)!;
      const n = String(cp === 0x24ea ? 0 : cp - 0x2460 + 1);
      const lineStart = /^[ \t]*$/.test(all.slice(all.lastIndexOf('\n', at - 1) + 1, at));
      for (const letter of circleLetters(vocab)) {
        if (vocab.has(n + letter)) return lineStart ? `${letter} ${n}` : n + letter;
      }
      return c;
    });
  return out === text ? undefined : out;
}

/**
 * cmex10's big operators, by the code pdftotext reads for each size where the font has no Unicode
 * map (Computer Modern's and Latin Modern's math extension: the code's own letter, "P" for a
 * text-size sum, "X" for a display-size one): the text size first, then the display size.
 */
const BIG_OPERATORS: Record<string, readonly [string, string]> = {
  '∑': ['P', 'X'],
  '∏': ['Q', 'Y'],
  '∐': ['`', 'a'],
  '∫': ['R', 'Z'],
  '∮': ['H', 'I'],
  '⋃': ['S', '['],
  '⋂': ['T', '\\'],
  '⊎': ['U', ']'],
  '∧': ['V', '^'],
  '∨': ['W', '_'],
  '⊙': ['J', 'K'],
  '⊕': ['L', 'M'],
  '⊗': ['N', 'O'],
  '⊔': ['F', 'G'],
};
// The n-ary ones only: the others are also cmsy's binary operators, which pdftotext reads as such.
const NARY = /[∑∏∐∫∮⋃⋂]/u;
/** The big operators that look binary, by the command that names each in a symbol table. */
const BIG_BINARY_COMMANDS: Record<string, string> = {
  '⊎': 'biguplus',
  '∧': 'bigwedge',
  '∨': 'bigvee',
  '⊙': 'bigodot',
  '⊕': 'bigoplus',
  '⊗': 'bigotimes',
  '⊔': 'bigsqcup',
};

/**
 * A text with its big operators spelt as pdftotext reads them without cmex10's Unicode map, at
 * the text size or the display size; an operator shown twice side by side ("∑ ∑", a symbol
 * table's two sizes) is the text size then the display size, whichever the operator (there,
 * "⊕ ⊕" is \bigoplus, not the binary ⊕ twice), and one shown once before the command that names it
 * ("⊔ \bigsqcup", a table of one size) is the big one. undefined when the text has none. The service
 * reads the glyph the page shows, pdftotext the letter of its code ("P X \sum", "Pn k=1"): which
 * tool knows the glyph is not reading order. (A tall pair may stand on two lines: "∫" / "∫".)
 */
export function bigOperatorSpelling(text: string, display: boolean): string | undefined {
  if (!/[∑∏∐∫∮⋃⋂⊎∧∨⊙⊕⊗⊔]/u.test(text)) return undefined;
  const out = text
    .replace(/([∑∏∐∫∮⋃⋂⊎∧∨⊙⊕⊗⊔])(\s+)\1/gu, (_, op: string, gap: string) => {
      const [small, large] = BIG_OPERATORS[op]!;
      return `${small}${gap}${large}`;
    })
    // Shown once, with the command that names it after it ("⊔ \bigsqcup"): the big operator too.
    .replace(/([⊎∧∨⊙⊕⊗⊔])(\s+)\\(big[a-z]+)\b/gu, (all, op: string, gap: string, name: string) =>
      BIG_BINARY_COMMANDS[op] === name ? `${BIG_OPERATORS[op]![display ? 1 : 0]}${gap}\\${name}` : all,
    )
    .replace(new RegExp(NARY.source, 'gu'), (op) => BIG_OPERATORS[op]![display ? 1 : 0]);
  return out === text ? undefined : out;
}

/**
 * A text with each negated relation spelt as pdftotext reads TeX's \not without the slash's glyph
 * name: cmsy's and LMMathSymbols' "negationslash" is outside the Adobe Glyph List, so poppler
 * reads the code's "6" before the symbol ("a 6= b", "6∈"), where the page shows "≠" and the service
 * reads it (negationSlashes, composeOverlays). undefined when the text has none.
 */
export function negationSpelling(text: string): string | undefined {
  const d = text.normalize('NFD');
  if (!d.includes('\u0338')) return undefined;
  // After its symbol (composed "≠" decomposed) or before it or alone (a slash left uncomposed,
  // \angle's slash): pdftotext's "6" stands before the symbol either way.
  return d.replace(/(\S)\u0338|\u0338/gu, (_, symbol?: string) => `6${symbol ?? ''}`).normalize('NFC');
}

/**
 * A text's words as the reference is more likely to read them: its own, or, when it holds
 * characters a reference without the font's Unicode map spells otherwise (glyphCodeSpelling),
 * that spelling's, whichever has the larger share of its 4-grams in the reference. The measure
 * judges order, not which tool knows a glyph name: the service's "⟨flagi⟩" is neither out of
 * order nor lost against pdftotext's "hflagii".
 */
/**
 * Words with each raised number glued to the word before it where the reference reads it so, or
 * undefined when none is: pdftotext writes a superscript or a footnote mark against its word
 * ("x2", "mc2", "sublinhado2"), the service apart ("x 2": a script is its own word). A pair is
 * glued where the reference has the glued word (`vocab`) and, when `inRef` is given, a 4-gram
 * of it with the words around it (the same document may write "c1" in one place and "c 1" in
 * another). Given `inRef`, a script of letters too (up to four characters: "x n" of x_n, "e x"
 * of e^x, "e 2iπt"), against a base of one or two characters: pdftotext glues every script to its
 * base ("xn", "ex", "e2iπt" on a reference card of formulas), and only the 4-gram tells a script
 * from two words of the text.
 */
/** A base a script of letters is glued to (gluedScripts): a symbol of one or two characters, a letter among them ("x", "e", "χ", "xe"). */
const SCRIPT_BASE = /^(?=.*\p{L})[\p{L}\p{N}]{1,2}$/u;
/** A script of letters (gluedScripts): up to four characters ("n", "k", "deg", "2iπt"). */
const LETTER_SCRIPT = /^[\p{L}\p{N}]{1,4}$/u;

export function gluedScripts(
  ws: readonly string[],
  vocab: ReadonlySet<string>,
  inRef?: (gram: string) => boolean,
): string[] | undefined {
  const gluable = (w: string, next: string | undefined): next is string =>
    next !== undefined &&
    vocab.has(w + next) &&
    ((/^\d{1,2}$/.test(next) && /\p{L}$/u.test(w)) ||
      // A script of letters (x_n, a_k, e^x, e^{2iπt}) against a base of one or two characters:
      // only where a 4-gram of the reference reads the glued word there (`inRef`).
      (inRef !== undefined && SCRIPT_BASE.test(w) && LETTER_SCRIPT.test(next) && /\p{L}/u.test(next)));
  let out: string[] | undefined;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const next = ws[i + 1];
    let glue = gluable(w, next);
    const joined = w + (next ?? '');
    if (glue && inRef) {
      // The words after it as they are, and with their own scripts glued ("a k b k t k": "ak bk tk").
      const after = ws.slice(i + 2, i + 5);
      const gluedAfter: string[] = [];
      for (let j = i + 2; j < ws.length && gluedAfter.length < 3; j++)
        if (gluable(ws[j]!, ws[j + 1])) gluedAfter.push(ws[j]! + ws[++j]!);
        else gluedAfter.push(ws[j]!);
      glue = false;
      for (const rest of [after, gluedAfter]) {
        const around = [...(out ?? ws.slice(0, i)).slice(-3), joined, ...rest];
        const at = around.indexOf(joined);
        for (let k = Math.max(0, at - 3); k <= at && k + 4 <= around.length; k++)
          if (inRef(around.slice(k, k + 4).join(' '))) glue = true;
      }
    }
    if (glue) {
      out ??= ws.slice(0, i);
      out.push(joined);
      i++;
    } else out?.push(w);
  }
  return out;
}

export function wordsAsRead(text: string, ref: Pick<Reference, 'grams' | 'alternative' | 'vocab'>): string[] {
  const own = words(text);
  const spelt = glyphCodeSpelling(text, ref.vocab);
  const inRef = (g: string) => ref.grams.has(g) || ref.alternative?.has(g) === true;
  const glued = gluedScripts(own, ref.vocab, inRef);
  // pdftotext's misread glyphs spelt its way, over the text and over its glyph-code spelling:
  // negated relations ("6="), then big operators at either size.
  const operators: string[] = [];
  for (const base of spelt === undefined ? [text] : [text, spelt]) {
    const negated = negationSpelling(base);
    if (negated !== undefined) operators.push(negated);
    for (const display of [false, true]) {
      const o = bigOperatorSpelling(negated ?? base, display);
      if (o !== undefined) operators.push(o);
    }
  }
  if (spelt === undefined && glued === undefined && operators.length === 0) return own;
  const share = (xs: string[]) => {
    let n = 0;
    let d = 0;
    for (let i = 0; i + 4 <= xs.length; i++, d++) {
      const g = xs.slice(i, i + 4).join(' ');
      if (ref.grams.has(g) || ref.alternative?.has(g)) n++;
    }
    return d === 0 ? 0 : n / d;
  };
  const known = (xs: string[]) => xs.filter((w) => ref.vocab.has(w)).length / Math.max(1, xs.length);
  const candidates = [own];
  if (glued) candidates.push(glued);
  if (spelt !== undefined) {
    const alt = words(spelt);
    candidates.push(alt, gluedScripts(alt, ref.vocab, inRef) ?? alt);
  }
  for (const o of operators) {
    const ws = words(o);
    candidates.push(ws, gluedScripts(ws, ref.vocab, inRef) ?? ws);
  }
  // The spelling with the most 4-grams in the reference; equal in order (text out of order
  // either way), the one whose words the reference has; equal again, the text's own.
  let best = own;
  let bestShare = share(own);
  for (const c of candidates.slice(1)) {
    const s = share(c);
    if (s > bestShare || (s === bestShare && known(c) > known(best))) {
      best = c;
      bestShare = s;
    }
  }
  return best;
}

/** Non-space characters a reading needs before it is judged readable or not. */
const UNREADABLE_MIN_CHARS = 1000;
/** Share of letters among a reading's non-space characters under which it is noise, not text. */
const UNREADABLE_LETTERS = 0.4;

/**
 * Is a reference reading noise rather than text? A PDF whose fonts map their codes to no Unicode
 * (dvips' bitmap fonts, Type 3 with a custom encoding: fepslatex) reads through pdftotext as
 * Latin-1 punctuation and symbol soup ("!\"#$ %&'()*+,-*./0123 405*267%)"); no 4-gram of a reader
 * that recovers the text can be in it, so order and coverage against it measure nothing. Text,
 * even a code-heavy reference manual, is mostly letters (at least 69 % of the non-space
 * characters on every readable PDF of the development corpus; fepslatex 13 %).
 */
export function unreadableReading(text: string): boolean {
  let chars = 0;
  let letters = 0;
  for (const c of text) {
    if (/\s/u.test(c)) continue;
    chars++;
    if (/\p{L}/u.test(c)) letters++;
  }
  return chars >= UNREADABLE_MIN_CHARS && letters < UNREADABLE_LETTERS * chars;
}

export interface OrderScore {
  /** % of the text's word 4-grams (within one chunk) found in the reference. */
  order: number;
  /** % of the reference's words (multiset) found in the text. */
  coverage: number;
  grams: number;
}

/**
 * Reading order: the share of the chunks' word 4-grams that the reference also reads (either of
 * its readings: a table read row by row is in order as well as column by column), with coverage
 * beside it, against the first reading only, so that dropping text cannot score. 4-grams never
 * span two chunks (a cut is not an order error); texts are scored the same way whether chunks or
 * one raw reading. A table's header row repeated at the top of a chunk (a row line an earlier chunk
 * has: the table goes on from there) is scored apart from the rest: the chunker puts it there on
 * purpose, and its join with the row after it is no more an order error than a cut is.
 */
export function readingOrder(texts: string[], ref: Reference): OrderScore {
  // Scripts of letters glued where the reference's 4-grams read them so count too (gluedScripts).
  const inRef = (g: string) => ref.grams.has(g) || ref.alternative?.has(g) === true;
  let total = 0;
  let found = 0;
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  for (const t of texts) {
    const lines = t.split('\n');
    const head = lines[0]!;
    const repeated = lines.length > 1 && cellCount(head) > 0 && seen.has(flatLine(head));
    for (const l of lines) seen.add(flatLine(l));
    for (const part of repeated ? [head, lines.slice(1).join('\n')] : [t]) {
      const ws = wordsAsRead(part, ref);
      for (const [w, n] of scriptCounts(ws, ref.vocab, inRef)) counts.set(w, (counts.get(w) ?? 0) + n);
      for (let i = 0; i + 4 <= ws.length; i++) {
        total++;
        const g = ws.slice(i, i + 4).join(' ');
        if (ref.grams.has(g) || ref.alternative?.has(g)) found++;
      }
    }
  }
  let covered = 0;
  let refTotal = 0;
  for (const [w, n] of ref.counts) {
    refTotal += n;
    covered += Math.min(n, counts.get(w) ?? 0);
  }
  return { order: pct(found, total), coverage: pct(covered, refTotal), grams: total };
}

/**
 * A text's words as coverage counts them: as read (wordsAsRead), and each script glued to its
 * base where the reference has the glued word (gluedScripts), each word as often as the more
 * generous of the two readings has it. pdftotext writes a raised number against its base ("x3" of
 * x³/3!), the service apart ("x 3"); wordsAsRead picks one spelling for a whole chunk, by its
 * 4-grams, so a chunk read its own way lost the glued words of every formula in it (cursolatex's
 * "x3 x5 x7", "b2"), though it holds the same glyphs. Given the reference's 4-grams (`inRef`,
 * readingOrder), scripts of letters too, where a 4-gram places them (gluedScripts: "e x" of e^x as
 * "ex" on a reference card).
 */
export function scriptCounts(
  ws: readonly string[],
  vocab: ReadonlySet<string>,
  inRef?: (gram: string) => boolean,
): Map<string, number> {
  const count = (xs: readonly string[]) => {
    const m = new Map<string, number>();
    for (const w of xs) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  };
  const own = count(ws);
  // Numbers glued wherever the reference has the glued word; letters too where a 4-gram places them.
  for (const glued of [gluedScripts(ws, vocab), inRef ? gluedScripts(ws, vocab, inRef) : undefined])
    if (glued) for (const [w, n] of count(glued)) if (n > (own.get(w) ?? 0)) own.set(w, n);
  return own;
}

// Dot leaders to a page or a page list ("interactive shell . . . . 93, 94"), or a long leader after a
// title whose page number went to another line ("Espaçamento em modo Matemático . . . . . . . .",
// "What about DB2LaTeX? . . . . . . . .", Doxygen's "7.1.1.1 build_from_files() . . . . . . . ."),
// after three letters or a closing bracket or question mark, in a line with a word of three letters
// (not a matrix's "a2n . . . . . . . . .", "am2; . . . . . . . . .").
const LEADERS =
  /(?:\.\s?){4,}\s*(?:\d+|[ivxlc]+)(?:\s*[,–-]\s*\d+)*\s*$|^(?=.*\p{L}{3}).*(?:\p{L}{3}|[)\]?])\s(?:\.\s?){8,}$/iu;
// A term may be a command ("\\usepackage, 12, 23", "@code, 4") or an option ("--comment, 24"), not
// LaTeX source ("\\index{x} x, 10"), and may end in a predicate's arity ("put_byte/2, 102": a Prolog
// or Erlang manual's index names its predicates name/arity; a term ending in another digit is no
// entry: "Vol. 2, 1994"). A predicate named by an operator is one too ("(=..)/2, 60", "(’,’)/2
// (FD), 191", "!/0, 51, 52"): OPERATOR_ENTRY.
const INDEX_ENTRY =
  /^(?:[\\@]|--?)?\p{L}[^,{}]{0,60}(?:[^\d\s,{}]|(?<=\p{L})\/\d{1,2}),\s*\d{1,4}(?:[–-]\d{1,4})?(?:,\s*\d{1,4}(?:[–-]\d{1,4})?)*$/u;
const OPERATOR_ENTRY =
  /^(?:\((?![\d.]+\))[^\s()]{1,8}\)|['’][^\s]{1,4}['’]|[^\s\p{L}\p{N}(]{1,4})\/\d{1,2}(?:\s\(\p{L}+\))?,\s*\d{1,4}(?:[–-]\d{1,4})?(?:,\s*\d{1,4}(?:[–-]\d{1,4})?)*$/u;
// "Addison-Wesley, 1994", "Vincent Goulet, 2020": a bibliography's year, not an index entry's page.
const YEAR_ONLY = /,\s*(?:1[89]|20)\d\d$/;
const TOC_ENTRY = /^(?:\d+(?:\.\d+)*\.?|[A-Z](?:\.\d+)+)\s+\p{Lu}[^.!?:;]{2,80}?\s+\d{1,4}$/u;

/** Is this line a contents or index line: dot leaders to a page, "term, 12, 45-47", "2.3 Title 17". */
export function isListingLine(line: string): boolean {
  const l = normalizeText(line).trim();
  return LEADERS.test(l) || indexLine(l) || TOC_ENTRY.test(l);
}

function indexLine(l: string): boolean {
  return (
    OPERATOR_ENTRY.test(l) || (INDEX_ENTRY.test(l) && !(YEAR_ONLY.test(l) && l.indexOf(',') === l.lastIndexOf(',')))
  );
}

/** LaTeX's index source ("\index{complexidade!definição}"): a line under it shows what it makes. */
const INDEX_SOURCE = /\\index\{/;

/**
 * Contents and index lines in the chunks. A numbered entry without leaders ("2.3 Title 17") has
 * the shape of a heading ending in a number ("12.2.1 Screenshot 1"), so it counts only in a run
 * of 3+ listing lines; leader and index lines count alone, but for an index line under a line of
 * LaTeX index source (a makeidx example: "\index{complexidade!definição} complexidade" over its
 * "definição, 22"), which is the example's output.
 */
export function listingLines(chunks: ChunkLike[]): string[] {
  const out: string[] = [];
  for (const c of chunks) {
    const lines = c.content.split('\n').map((l) => normalizeText(l).trim());
    const listing = lines.map(isListingLine);
    const strong = lines.map(
      (l, i) => LEADERS.test(l) || (indexLine(l) && !(i > 0 && INDEX_SOURCE.test(lines[i - 1]!) && !listing[i - 1])),
    );
    for (let i = 0; i < lines.length; i++) {
      if (!listing[i]) continue;
      const run =
        (listing[i - 2] && listing[i - 1]) || (listing[i - 1] && listing[i + 1]) || (listing[i + 1] && listing[i + 2]);
      if (strong[i] || run) out.push(lines[i]!);
    }
  }
  return out;
}

/**
 * Words of the chunks absent from the reference that split into two reference words. A part of
 * a hyphenated compound the reference joins whole ("Debian-Entwicklereigenschaften", which
 * pdftotext reads "DebianEntwicklereigenschaften" at a line end) is not a glue of the chunks;
 * nor is a word the reference breaks at a line-end hyphen whose halves it reads apart, the first
 * ending a line and the second starting one ("For de-" / page footer / "tailed": Reference.breaks).
 * Nor is a word the document's own pages print as a word (`printed`: an office PDF's pdftotext
 * reading, where the reference is the source it was converted from and leaves out what the PDF
 * prints besides, such as a Sphinx sidebar's "Previous topic").
 */
export function gluedWords(chunks: ChunkLike[], ref: Reference, printed?: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const c of chunks) {
    const parts = new Set<string>();
    for (const m of normalizeText(c.content).matchAll(/(\p{L}+)[-\u2010]\s*(\p{L}+)/gu)) {
      const [a, b] = [m[1]!.toLowerCase(), m[2]!.toLowerCase()];
      if (ref.vocab.has(a + b)) parts.add(a).add(b);
    }
    for (const w of words(c.content)) {
      if (ref.vocab.has(w) || parts.has(w) || printed?.has(w) || w.length < 5 || /\d/.test(w)) continue;
      // A word in angle brackets as a reference without cmsy's Unicode map spells it (〈arrayname〉
      // read harraynamei: glyphCodeSpelling): the page's word, not two glued.
      if (ref.vocab.has(`h${w}i`)) continue;
      // Chinese and Japanese words stand without blanks: two of them side by side are no glue.
      if (CJK.test(w)) continue;
      const splits: number[] = [];
      for (let i = 2; i <= w.length - 2; i++)
        if (ref.vocab.has(w.slice(0, i)) && ref.vocab.has(w.slice(i))) splits.push(i);
      const broken = splits.some((i) => ref.breaks.lefts.has(w.slice(0, i)) && ref.breaks.starts.has(w.slice(i)));
      if (splits.length > 0 && !broken) out.push(w);
    }
  }
  return out;
}

/** Words after a suspended hyphen: "Kopf- und Fußzeilen", "pre- and post-processing", "micro- et macro-". */
const SUSPENDED = /^(?:and|or|nor|to|und|oder|bis|sowie|als|et|ou|e|o|y|u|ni|oppure)$/i;
/** A character before a word that makes it code or notation: "\\C- control", "[n]<&digit-", "-NoValue-". */
const CODE_BEFORE = /[\\&<>$@=_/{}[\]|~^*#%+-]/;

/**
 * Line-end hyphens left inside a word: "impor- tant", "impor-\ntant" or "impor-tant" where the
 * reference spells "important" and never the compound "impor-tant" inside a line. Not counted:
 * - a hyphen after code or notation ("\\C- control prefix", "[n]<&digit-" over its description);
 * - a suspended hyphen before a conjunction ("Kopf- und Fußzeilen"), or a hyphen and a space the
 *   reference prints inside a line as they are ("a currently- executing function");
 * - a compound the document draws inside a line (`drawn`, see buildReference);
 * - without a space, a pair the reference cannot decide: it writes both parts as words of their
 *   own but the joined word only at a line-end hyphen ("-NoValue-\nmarkers", "well-\ntyped"),
 *   where pdftotext's joined word is a guess as good as the reader's; or it writes the left part
 *   as a prefix with its hyphen in other compounds inside a line ("non-free" beside "non-\nprivileged")
 *   and the joined word only at a line end.
 */
export function hyphenLeftovers(chunks: ChunkLike[], ref: Reference): string[] {
  const out: string[] = [];
  const prefixes = new Set([...ref.compounds].map((c) => c.slice(0, c.indexOf('-'))));
  for (const c of chunks) {
    const text = normalizeText(c.content);
    for (const m of text.matchAll(/(\p{L}+)[-\u2010](\s*)(\p{Ll}+)/gu)) {
      const left = m[1]!.toLowerCase();
      const right = m[3]!.toLowerCase();
      const joined = left + right;
      if (!ref.vocab.has(joined)) continue;
      if (m.index > 0 && CODE_BEFORE.test(text[m.index - 1]!)) continue;
      const spaced = m[2] !== '' && !m[2]!.includes('\n');
      if (spaced && (SUSPENDED.test(right) || ref.spaced.has(`${left}- ${right}`))) continue;
      if (!spaced) {
        // A document that hyphenates no word breaks lines at its compounds' hyphens only.
        if (!ref.hyphenates) continue;
        if (m[2] === '' && ref.compounds.has(`${left}-${right}`)) continue;
        if (!ref.whole.has(joined) && ref.whole.has(left) && ref.whole.has(right)) continue;
        // A prefix the document writes with its hyphen in compounds inside a line ("non-free",
        // "non-ASCII"), the joined word nowhere inside a line: pdftotext's join is the guess
        // (GNU standards' source writes "non-privileged", pdftotext "nonprivileged").
        if (!ref.whole.has(joined) && prefixes.has(left)) continue;
      }
      out.push(m[0]);
    }
  }
  return out;
}

/** Cuts between two chunks that split one reference word ("implemen" | "tation"). */
export function midWordCuts(chunks: ChunkLike[], ref: Reference): number {
  let n = 0;
  for (let i = 0; i + 1 < chunks.length; i++) {
    let a = /([\p{L}\p{N}]+)$/u.exec(normalizeText(chunks[i]!.content))?.[1]?.toLowerCase();
    let b = /^([\p{L}\p{N}]+)/u.exec(normalizeText(chunks[i + 1]!.content))?.[1]?.toLowerCase();
    if (!a || !b) continue;
    // Chinese or Japanese on both sides: the dictionary's last word of one and first of the other
    // (the runs are phrases; a cut between two words is no mid-word cut).
    if (CJK.test(a.slice(-2)) && CJK.test(b.slice(0, 2))) {
      a = cjkWords(a).at(-1);
      b = cjkWords(b)[0];
      if (!a || !b) continue;
    }
    if (ref.vocab.has(a + b) && !(ref.vocab.has(a) && ref.vocab.has(b))) n++;
  }
  return n;
}

/** % of chunks but the last of min..max code points (the last counts when at most max). */
export function sizesInRange(chunks: ChunkLike[], min = 800, max = 1200): number {
  if (chunks.length === 0) return 100;
  const cps = chunks.map((c) => [...c.content].length);
  const last = cps.pop()!;
  return pct(cps.filter((n) => n >= min && n <= max).length + (last <= max ? 1 : 0), chunks.length);
}

/** % of chunks but the last ending a sentence (. ! ? : ; or 。！？：；before closing quotes or brackets). */
export function sentenceEnds(chunks: ChunkLike[]): number {
  const body = chunks.slice(0, -1);
  return pct(body.filter((c) => STRICT_END.test(c.content)).length, body.length);
}

const STRICT_END = /[.!?:;…。！？：；．｡]["'”’»)\]」』）】〕〉》］｣]*\s*$/u;

/** A chunk with the pages the service gives it (PDFs and decks). */
export interface PagedChunk extends ChunkLike {
  pageStart?: number;
  pageEnd?: number;
}

/** What the reference knows of a document's blocks, for the chunk-end measure. */
export interface EndReference {
  /** Headings (PDF outline titles, pandoc headings). */
  headings: string[];
  /** Code blocks (pandoc CodeBlocks), as written. */
  code: string[];
  /** The code blocks the page parts from the block before by prose: no piece of its listing (listingLengths). */
  codeApart?: ReadonlySet<string>;
  /** A PDF's names hung in the left margin beside its code (doc.sty's macro names), as their text. */
  marginNames?: ReadonlySet<string>;
  /** Table rows (pandoc's), cells in order. */
  rows: string[][];
  /** Rows whose cells hold code of several lines (pandoc-structure.ts blockRows): where they end counts. */
  blockRows?: string[][];
  /** The document is a slide deck whose pages are its slides: a cut between two pages ends a slide. */
  slides?: boolean;
  /**
   * A PDF's pages as `pdftotext -layout` sets them (a table's rows one a line, their cells parted by
   * runs of blanks): a PDF's table has no other reference (layoutRowPairs).
   */
  layout?: string;
}

/** A layout line's cells: its runs of text parted by two blanks or more. */
const layoutCells = (line: string) =>
  line
    .trim()
    .split(/\s{2,}/u)
    .filter((c) => c.length > 0);

/**
 * Two successive lines of a table as `pdftotext -layout` sets a page (each of two cells or more,
 * the second the next filled line of the same page), as their words (wordLine): the first maps to
 * the set of the lines after it. A cut between them is a row end on the page, where the reader set
 * the rows as lines without cell marks (l2kurz's symbol tables: "δ \delta µ \mu τ \tau" over
 * "ϵ \epsilon ν \nu υ \upsilon"). A line of two-column prose holds both columns' text, which no
 * chunk line does whole. A line that starts under the line before's second cell or further right
 * continues that row: no pair.
 */
export function layoutRowPairs(layout: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const page of layout.split('\f')) {
    const lines = page.split('\n').filter((l) => l.trim().length > 0);
    for (let i = 0; i + 1 < lines.length; i++) {
      if (layoutCells(lines[i]!).length < 2 || layoutCells(lines[i + 1]!).length < 2) continue;
      // The second line starts left of the first one's second cell: a row of its own, not the
      // continuation of the first one's cells hanging under them (glpk's two-line records of a
      // solution report, the second line set under the fourth column).
      const second = /^\s*\S+(?:\s\S+)*\s{2,}/u.exec(lines[i]!)![0].length;
      if (lines[i + 1]!.length - lines[i + 1]!.trimStart().length >= second) continue;
      const a = wordLine(lines[i]!);
      const b = wordLine(lines[i + 1]!);
      if (a.length === 0 || b.length === 0) continue;
      const set = out.get(a) ?? new Set<string>();
      set.add(b);
      out.set(a, set);
    }
  }
  return out;
}

/**
 * How a chunk ends. Clean: `sentence` (. ! ? : ; …), `slide` (the next chunk opens the next slide),
 * `section` (the next chunk opens with a heading of the reference), `code` (the chunk ends a code
 * block of the reference, or the next chunk opens one, or opens with the names hung in the margin
 * where the next macro's code goes on from the chunk's last line), `row` (the chunk ends with a whole table
 * row, or the next chunk opens a table), `item` (a list item ends and the next chunk opens the
 * next item), `long-code` (a line end inside a code block longer than a chunk, which must be cut
 * somewhere). Not clean: `in-code` (inside a code block that would fit a chunk, even after a `;`),
 * `cut` (anything else: mid-sentence, inside a row or a list item).
 */
export type EndKind =
  | 'sentence'
  | 'slide'
  | 'section'
  | 'code'
  | 'row'
  | 'item'
  | 'caption'
  | 'long-code'
  | 'in-code'
  | 'cut';

const CLEAN_KINDS: ReadonlySet<EndKind> = new Set([
  'sentence',
  'slide',
  'section',
  'code',
  'row',
  'item',
  'caption',
  'long-code',
]);

/** A line as compared with the reference's code: normalised, blanks collapsed, trimmed. */
const flatLine = (s: string) => normalizeText(expandTabs(s)).replace(/\s+/g, ' ').trim();
/** A line as compared with headings and rows: its words only. */
const wordLine = (s: string) => words(s).join(' ');

/** A list item's marker, by kind: bullets, dashes, `1.` `1)` `a)` `(a)`. */
function itemMarker(line: string): string | undefined {
  const l = normalizeText(line).trimStart();
  const m = /^(?:([•●▪◦‣∙○■□➢►–])|([-*+])|(\(?\d{1,3}[.)])|(\(?[a-z][.)]))\s/u.exec(l);
  if (!m) return undefined;
  if (m[1]) return '•';
  if (m[2]) return m[2];
  return m[3] ? '1' : 'a';
}

/** The reference prepared for chunkEnd: heading words, code lines, row words. */
export interface EndIndex {
  headings: Set<string>;
  /** Every code block as its non-empty lines (flatLine), those lines joined, and the length in code points of the listing it is a piece of (listingLengths). */
  code: { lines: string[]; flat: string; length: number }[];
  codeFirst: Map<string, string[][]>;
  codeLast: Map<string, string[][]>;
  rows: Set<string>;
  /** The reference's rows (and block rows) of three words or more, as their words (wordLine), for rowEndsChunk. */
  rowWords: string[];
  slides: boolean;
  /** The reference's margin names (EndReference.marginNames), through flatLine. */
  marginNames: Set<string>;
  /** A chunk's most code points: a code block longer than this must be cut inside. */
  max: number;
  /** Successive table lines of a PDF's layout (layoutRowPairs). */
  layoutRows: Map<string, Set<string>>;
}

/** Lines a numbered listing may lose between two of its pieces: the lines of callouts and the blank lines between them (amc-fr: 82-86, two callouts). */
const LISTING_PIECE_GAP = 10;

/**
 * The length of the listing each code block is a piece of, in code points: a numbered listing the
 * reference reads in pieces (a DocBook callout's circle is in no monospaced font, so pdf-code.ts
 * ends a block at each callout and at an indented line's neighbour in another column), each piece
 * numbered on from the one before (its first number after the last one's, at most
 * LISTING_PIECE_GAP further: the lines read as no block are lost), is one listing on the page. A
 * cut at a line end inside it is a cut inside a listing of that length: amc-fr's 68-line example,
 * read as pieces of 8 to 488 code points, cannot fit a chunk. Any other block is its own length.
 * A block `apart` (the page parts it from the block before by prose: pdf-code.ts partedByProse)
 * opens a listing of its own: doc.sty numbers every line of a package's macrocode on from the
 * last, across the paragraphs between them, and verse.sty's 41 macrocode blocks read as one
 * listing of 8513 code points, none of them a block that fits.
 */
export function listingLengths(blocks: readonly string[], apart: readonly boolean[] = []): number[] {
  const numbers = blocks.map((b) => numberedCode(b.split('\n').filter((l) => l.trim().length > 0))?.numbers);
  const lengths = blocks.map((b) => [...b.trim()].length);
  const out = [...lengths];
  for (let i = 0; i < blocks.length; ) {
    let j = i;
    let sum = lengths[i]!;
    for (;;) {
      const last = numbers[j]?.findLast((n) => n !== '');
      const first = numbers[j + 1]?.find((n) => n !== '');
      if (last === undefined || first === undefined || apart[j + 1] === true) break;
      const step = Number(first) - Number(last);
      if (step < 1 || step > LISTING_PIECE_GAP) break;
      j++;
      sum += lengths[j]!;
    }
    for (let k = i; k <= j; k++) out[k] = sum;
    i = j + 1;
  }
  return out;
}

export function endIndex(ref: EndReference, max = 1200): EndIndex {
  const listing = listingLengths(
    ref.code,
    ref.code.map((b) => ref.codeApart?.has(b) === true),
  );
  const code = ref.code
    .map((b, i) => {
      const lines = b
        .split('\n')
        .map(flatLine)
        .filter((l) => l.length > 0);
      return { lines, flat: lines.join('\n'), length: listing[i]! };
    })
    .filter((b) => b.lines.length > 0);
  const codeFirst = new Map<string, string[][]>();
  const codeLast = new Map<string, string[][]>();
  for (const b of code) {
    const first = b.lines[0]!;
    const last = b.lines[b.lines.length - 1]!;
    codeFirst.set(first, [...(codeFirst.get(first) ?? []), b.lines]);
    codeLast.set(last, [...(codeLast.get(last) ?? []), b.lines]);
  }
  return {
    headings: new Set(ref.headings.map(normalizeLabel).filter((h) => h.length > 0)),
    code,
    codeFirst,
    codeLast,
    rows: new Set(ref.rows.map((r) => wordLine(r.join(' '))).filter((r) => r.includes(' '))),
    rowWords: [...new Set([...ref.rows, ...(ref.blockRows ?? [])].map((r) => wordLine(r.join(' '))))].filter(
      (r) => r.split(' ').length >= 3,
    ),
    slides: ref.slides === true,
    marginNames: new Set([...(ref.marginNames ?? [])].map(flatLine).filter((n) => n.length > 0)),
    max,
    layoutRows: ref.layout ? layoutRowPairs(ref.layout) : new Map<string, Set<string>>(),
  };
}

/**
 * Where the chunk's last line l and the next chunk's first line f stand in one code block of the
 * reference, l then f: at a line end of the block, or inside one of its lines (cut at a blank, or
 * a line the reader wrapped: l may be a line's tail, f a line's head). The longest such block.
 */
function insideCode(ix: EndIndex, l: string, f: string): { length: number; lineEnd: boolean } | undefined {
  let found: { length: number; lineEnd: boolean } | undefined;
  const edge = (c: string | undefined) => c === undefined || c === '\n' || c === ' ';
  for (const c of ix.code)
    for (const sep of ['\n', ' ']) {
      const needle = `${l}${sep}${f}`;
      for (let i = c.flat.indexOf(needle); i >= 0; i = c.flat.indexOf(needle, i + 1))
        if (edge(c.flat[i - 1]) && edge(c.flat[i + needle.length])) {
          if (!found || c.length > found.length) found = { length: c.length, lineEnd: sep === '\n' };
          break;
        }
    }
  return found;
}

/**
 * A chunk's line as compared with the reference's code: blanks collapsed (flatLine), and, where
 * the line has a gap of two blanks or more between two characters, also with each such gap taken
 * out. An image drawn inside a code line (a DocBook callout's numbered circle, which the HTML
 * source holds as an <img>) is a gap on the page where the reference's text has nothing:
 * '<td width="25.3"  >B3' is '<td width="25.3">B3' of the source.
 */
export function codeLineVariants(line: string): string[] {
  const flat = flatLine(line);
  const tight = flatLine(
    expandTabs(line)
      .trim()
      .replace(/(?<=\S)[ \u00a0]{2,}(?=\S)/gu, ''),
  );
  return tight === flat ? [flat] : [flat, tight];
}

const lastLines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim().length > 0);

/**
 * A last line that is only a label whose text follows: a numbered caption's or step's label
 * ("Tabelle 8:", "Figure 6-2:", "Step 2:", at most three words, the last with a digit) or a list
 * item's number ("4.", "4.2.", "iv."). Its `:` or `.` ends no sentence: the caption, the step, the
 * item are the next chunk's first words.
 */
export function labelLine(line: string): boolean {
  const l = line.trim();
  if (/^(?:\d{1,3}|[ivxlc]{1,6})(?:\.\d{1,3})*\.$/iu.test(l)) return true;
  if (!l.endsWith(':') || l.length > 31) return false;
  const w = l.slice(0, -1).trim().split(/\s+/);
  return w.length <= 3 && /\d/.test(w[w.length - 1]!);
}

/**
 * A line that is a whole numbered caption: a label of at most three words starting with a capital,
 * the last with a digit, a colon, then its text ("Figure 6-2: Space before and after", "Tabelle
 * 17: Binäre Operatoren"). A caption is a block of its own: its end is a clean end.
 */
export function captionLine(line: string): boolean {
  const m = /^(.{1,30}?)\s?:\s+\S/u.exec(line.trim());
  if (!m) return false;
  const w = m[1]!.trim().split(/\s+/);
  return w.length <= 3 && /^\p{Lu}/u.test(w[0]!) && /\d/.test(w[w.length - 1]!);
}

/** The cells of a table row line as the service writes it (`a | b | c`), or 0 when it is no row. */
const cellCount = (l: string) => (/\S \| |\| \S/.test(l) ? l.split(' | ').length : 0);

/**
 * How chunk `a` ends, `b` being the next chunk and `seen` the lines of the chunks before `b`
 * (flatLine), to tell a table's header row repeated at the top of `b` from a row of its own.
 */
export function chunkEnd(a: PagedChunk, b: PagedChunk, ix: EndIndex, seen: ReadonlySet<string> = new Set()): EndKind {
  const as = lastLines(a.content);
  let bs = lastLines(b.content);
  if (as.length === 0 || bs.length === 0) return 'cut';
  // A header row repeated at the top of b (a table split over chunks) is not where b's text starts,
  // nor is a table's caption the chunker repeats there above the next row (Block.repeat).
  if (bs.length > 1 && (cellCount(bs[0]!) > 0 || cellCount(bs[1]!) > 0) && seen.has(flatLine(bs[0]!))) bs = bs.slice(1);
  const L = as[as.length - 1]!;
  const F = bs[0]!;
  const l = flatLine(L);
  const f = flatLine(F);
  if (ix.slides && a.pageEnd !== undefined && b.pageStart !== undefined && b.pageStart > a.pageEnd) return 'slide';
  // b opens with the names hung in the margin where a macro's code starts (doc.sty's \begin{macro}),
  // then that code, going on at a line end from a's last line: a cut where the next macro starts.
  let named = 0;
  while (named + 1 < bs.length && ix.marginNames.has(flatLine(bs[named]!))) named++;
  if (
    named > 0 &&
    codeLineVariants(L).some((x) => codeLineVariants(bs[named]!).some((y) => insideCode(ix, x, y)?.lineEnd === true))
  )
    return 'code';
  // Inside a code block of the reference: between two of its lines, or inside one line.
  const inside = codeLineVariants(L)
    .flatMap((x) => codeLineVariants(F).map((y) => insideCode(ix, x, y)))
    .find((x) => x !== undefined);
  if (inside !== undefined) return inside.lineEnd && inside.length > ix.max ? 'long-code' : 'in-code';
  if (STRICT_END.test(a.content) && !labelLine(L)) return 'sentence';
  const fw = normalizeLabel(F);
  if (fw.length > 0 && ix.headings.has(fw)) return 'section';
  // The last lines of a are the end of a code block, or b opens with the first lines of one.
  const fa = as.map(flatLine);
  const ends = (ix.codeLast.get(l) ?? []).some((c) =>
    c.slice(-2).every((x, i, r) => fa[fa.length - r.length + i] === x),
  );
  const fb = bs.map(flatLine);
  const opens = (ix.codeFirst.get(f) ?? []).some((c) => c.slice(0, 2).every((x, i) => fb[i] === x));
  if (ends || opens) return 'code';
  // Table rows: a whole row ends a (a row of the reference, or, without rows in the reference, as
  // many cells as the row b opens with), or a table opens b after text.
  const la = cellCount(L);
  const fr = cellCount(F);
  if (la > 0 && ix.rows.has(wordLine(L))) return 'row';
  if (rowEndsChunk(a.content, ix.rowWords)) return 'row';
  if (la > 1 && ix.rows.size === 0 && la === fr) return 'row';
  // Without rows in the reference, a table's last row: a ends with two rows of as many cells, and
  // b opens no lower-case run-on of a cut cell (the text after the table).
  if (la > 1 && ix.rows.size === 0 && as.length > 1 && cellCount(as[as.length - 2]!) === la && !/^\p{Ll}/u.test(F))
    return 'row';
  if (
    la === 0 &&
    fr > 0 &&
    (ix.rows.has(wordLine(F)) || (ix.rows.size === 0 && bs.length > 1 && cellCount(bs[1]!) === fr))
  )
    return 'row';
  // A list item ends a and the next item of the same kind opens b (an item may run inline: "• a • b").
  // A bulleted item may run over lines (a reader's line break inside it): its bullet in the last 3.
  const mb = itemMarker(F);
  if (mb !== undefined) {
    const bullet = (x: string) => itemMarker(x) === '•' || /\s•\s/u.test(normalizeText(x));
    if (itemMarker(L) === mb || (mb === '•' && as.slice(-3).some(bullet))) return 'item';
  }
  // Two successive rows of a table as the page sets them (a PDF's, read without cell marks).
  if (ix.layoutRows.get(wordLine(L))?.has(wordLine(F))) return 'row';
  // A whole caption ends a: "Figure 6-2: Space before and after", b not running on in lower case.
  if (captionLine(L) && !/^\p{Ll}/u.test(F)) return 'caption';
  return 'cut';
}

/**
 * Does a whole row of the reference, every cell in order, end the chunk `content`, over however
 * many lines? A row whose cells are blocks of their own (a cell holding code or paragraphs: a
 * Doxygen quick reference's code fragments, read as a label then a code block) ends no line
 * `a | b`, yet the chunk ends where the row does. `rows` are rows as their words (wordLine).
 */
export function rowEndsChunk(content: string, rows: readonly string[]): boolean {
  if (rows.length === 0) return false;
  const tail = ` ${wordLine(content)}`;
  return rows.some((r) => tail.endsWith(` ${r}`));
}

export interface EndScore {
  /** % of chunks but the last that end cleanly (chunkEnd): the gated figure. */
  clean: number;
  /** % of chunks but the last ending a sentence (sentenceEnds: the figure before structure was seen). */
  strict: number;
  kinds: Partial<Record<EndKind, number>>;
  /** The cuts that are not clean, as "…end ‖ start…". */
  bad: string[];
}

/** Chunk ends against the reference's structure (chunkEnd), with the strict sentence figure beside. */
export function chunkEnds(chunks: PagedChunk[], ref: EndReference, max = 1200): EndScore {
  const ix = endIndex(ref, max);
  const kinds: Partial<Record<EndKind, number>> = {};
  const bad: string[] = [];
  const seen = new Set<string>();
  let clean = 0;
  for (let i = 0; i + 1 < chunks.length; i++) {
    for (const line of chunks[i]!.content.split('\n')) seen.add(flatLine(line));
    const k = chunkEnd(chunks[i]!, chunks[i + 1]!, ix, seen);
    kinds[k] = (kinds[k] ?? 0) + 1;
    if (CLEAN_KINDS.has(k)) clean++;
    else bad.push(`${k}: …${chunks[i]!.content.slice(-60)} ‖ ${chunks[i + 1]!.content.slice(0, 60)}…`);
  }
  const n = Math.max(0, chunks.length - 1);
  return { clean: pct(clean, n), strict: sentenceEnds(chunks), kinds, bad };
}

// Numbers in words, as Sphinx's LaTeX chapters print them ("THREE", "ELEVEN", "TWENTYONE").
const NUMBER_WORDS =
  '(?:(?:twenty|thirty)[- ]?(?:one|two|three|four|five|six|seven|eight|nine)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)';
const DIVISION = new RegExp(
  `^(?:chapter|chapitre|kapitel|capitolo|cap[ií]tulo|part|partie|teil|parte|section|appendix|appendice|annexe|anhang|ap[ée]ndice|anexo)(?:\\s+|(?=\\d))(?:\\d+|[IVXLC]+|[A-Z]|${NUMBER_WORDS})\\b\\s*[:.\\-–—]?\\s*`,
  'i',
);
// Sphinx's LaTeX chapters print their number in words over the title: "TWO" / "GETTING STARTED"
// (and "CHAPTER" over it: "CHAPTER TWO GETTING STARTED", DIVISION).
const NUMBER_WORD = new RegExp(`^${NUMBER_WORDS.toUpperCase()}\\s+(?=\\S)`);
// groff's font escapes, which gropdf writes into outline titles as they are ("The F[C]pdfmarkF[] Operator").
const GROFF_ESCAPE = /\\f(?:\[[^\]]*\]|\(..|.)|F\[[A-Z]{0,3}\]/g;

/**
 * A heading or label as compared: no numbering ("2.3", "A.1", "Chapter 4:", "Appendix B",
 * "KAPITEL2", "TWO"), no groff font escapes, words only, lower case.
 */
export function normalizeLabel(s: string): string {
  const t = normalizeText(s)
    .replace(GROFF_ESCAPE, '')
    .trim()
    .replace(DIVISION, '')
    .replace(NUMBER_WORD, '')
    .replace(/^(?:\d+(?:\.\d+)*\.?|[A-Z](?:\.\d+)+\.?|[A-Z]\.|[IVXLC]+\.)\s+/, '');
  return words(t).join(' ');
}

const ADMONITION =
  /^(?:note|notes|tip|tips|hint|warning|caution|important|attention|danger|remark|remarque|astuce|avertissement|hinweis|achtung|warnung|wichtig|nota|aviso|consejo|avviso|attenzione|uwaga|pozor|poznámka|example|examples|exemple|beispiel|esempio|ejemplo|exemplo|see also|voir aussi|siehe auch|todo)\s*[:.!]?$/i;
const CAPTION =
  /^(?:figure|fig\.|table|tableau|tabelle|tabla|tabella|tabela|abbildung|abb\.|listing|example|exemple|beispiel|exemplo|rysunek|obrázek)\s*[\dIVX]+(?:[.-]\d+)*\s*[:.–-]?/i;
const BULLET = /^(?:[•●▪◦‣∙·○■□➢►–*+-]\s|\(?[a-z]\)\s|\(\d+\)\s)/u;

export type LabelKind = 'admonition' | 'caption' | 'bullet';

/** What kind of non-heading a label is, if it is one. */
export function badLabelKind(label: string): LabelKind | undefined {
  const l = normalizeText(label).trim();
  if (ADMONITION.test(l)) return 'admonition';
  if (CAPTION.test(l)) return 'caption';
  if (BULLET.test(l)) return 'bullet';
  return undefined;
}

export interface LabelScore {
  /** % of chunks with a non-empty label. */
  nonEmpty: number;
  /** % of non-empty labels that are a heading of the reference (undefined: the reference has none). */
  matching: number | undefined;
  admonitions: number;
  captions: number;
  bullets: number;
  /** Distinct non-empty labels that match no heading. */
  unmatched: string[];
}

/**
 * Section labels against the reference's headings: a label matches when it is a heading once
 * numbering, case, punctuation and spacing are set aside, or the start of one (labels are cut at 90).
 * Where the reference has no headings (a PDF without outline), `faceHeads`, the lines its fonts
 * set as headings (face-headings.ts), are right labels, never admonitions, captions or bullets;
 * the share of labels that are headings stays unmeasured (the faces are not a whole outline).
 */
export function sectionLabels(chunks: ChunkLike[], headings: string[], faceHeads: readonly string[] = []): LabelScore {
  if (headings.length === 0 && faceHeads.length > 0) {
    const fs = new Set(faceHeads.map(normalizeLabel).filter((h) => h.length > 0));
    return scoreLabels(chunks, (_c, l) => fs.has(l), false);
  }
  const hs = new Set(headings.map(normalizeLabel).filter((h) => h.length > 0));
  // Texinfo's outline numbers appendices with a bare letter ("A GNU Free Documentation License"),
  // which reads like the article "A": the title without the letter counts too.
  for (const h of headings) {
    const m = /^[A-Z]\s+(?=\p{Lu})/u.exec(normalizeText(h).trim());
    if (m) hs.add(normalizeLabel(normalizeText(h).trim().slice(m[0].length)));
  }
  const long = [...hs].filter((h) => h.length >= 40);
  // Spacing aside: a logo the page sets apart ("pdf LATEX", "X Y-pic") and its outline entry
  // written whole ("pdfLaTeX", "XY-pic") are one heading.
  const tight = new Set([...hs].map((h) => h.replace(/ /g, '')));
  // A heading of the document is a right label whatever it reads like ("Notes on specific
  // platforms", an option heading "-dSAFER"): only labels that are no heading are counted bad.
  return scoreLabels(
    chunks,
    (_c, l) => hs.has(l) || tight.has(l.replace(/ /g, '')) || (l.length >= 40 && long.some((h) => h.startsWith(l))),
    hs.size > 0,
  );
}

/**
 * The label figures of `chunks` given which labels are right (`isRight`, with the label
 * normalised): the share of chunks labelled, the share of labels right (when `judged`, else
 * undefined), the wrong ones that read like an admonition, a caption or a bullet, and the wrong
 * labels themselves.
 */
function scoreLabels<C extends ChunkLike>(
  chunks: C[],
  isRight: (c: C, label: string) => boolean,
  judged: boolean,
): LabelScore {
  const labelled = chunks.filter((c) => c.section.trim() !== '');
  let match = 0;
  const kinds = { admonition: 0, caption: 0, bullet: 0 };
  const unmatched = new Set<string>();
  for (const c of labelled) {
    if (isRight(c, normalizeLabel(c.section))) {
      match++;
      continue;
    }
    unmatched.add(c.section);
    const k = badLabelKind(c.section);
    if (k) kinds[k]++;
  }
  return {
    nonEmpty: pct(labelled.length, chunks.length),
    matching: judged ? pct(match, labelled.length) : undefined,
    admonitions: kinds.admonition,
    captions: kinds.caption,
    bullets: kinds.bullet,
    unmatched: [...unmatched],
  };
}

/**
 * Tabs expanded to the next multiple of 4 columns, as pandoc's readers expand them (its default
 * `--tab-stop`): the reference's code has no tabs, so a chunk that keeps the document's tab is
 * compared as pandoc lays it out.
 */
export function expandTabs(line: string, stop = 4): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(stop - ([...out].length % stop)) : ch;
  return out;
}

const codeLines = (s: string, loose: boolean) =>
  normalizeText(s)
    .split('\n')
    .map((l) => (loose ? expandTabs(l).trim() : expandTabs(l).trimEnd()))
    .filter((l) => l.length > 0);

const indent = (l: string) => l.length - l.trimStart().length;

/** The lines without the indentation they all share. */
export function dedent(lines: string[]): string[] {
  const m = Math.min(...lines.map(indent));
  return Number.isFinite(m) && m > 0 ? lines.map((l) => l.slice(m)) : lines;
}

/**
 * Whether `want`'s lines (dedented) stand one after another in `hay`, each indented as in `want`
 * relative to the others: where a block sits on the page (a reference reads it from the page's
 * margin or the block's edge, a listing's own leading spaces included) is not its text.
 */
function containsRun(hay: string[], want: string[]): boolean {
  const numbered = numberedCode(want);
  outer: for (let i = 0; i + want.length <= hay.length; i++) {
    if (numbered && sameNumbered(numberedCode(hay.slice(i, i + want.length)), numbered)) return true;
    for (let j = 0; j < want.length; j++)
      if (!sameCodeLine(hay[i + j]!.trimStart(), want[j]!.trimStart())) continue outer;
    const got = dedent(hay.slice(i, i + want.length));
    for (let j = 0; j < want.length; j++) if (!sameCodeLine(got[j]!, want[j]!)) continue outer;
    return true;
  }
  return false;
}

/**
 * A blank the reference may or may not have (pdf-code.ts betweenColumns): it stands after the
 * blanks of a gap that puts the next typewriter run between two columns of the page's grid.
 */
export const EITHER_BLANK = '\uE000';

/**
 * Whether a chunk's code line `got` reads the reference's `want`: the same, save that each
 * EITHER_BLANK of `want` is a blank or nothing.
 */
export function sameCodeLine(got: string, want: string): boolean {
  if (!want.includes(EITHER_BLANK)) return got === want;
  const parts = want.split(EITHER_BLANK).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join(' ?')}$`, 'u').test(got);
}

/** A numbered listing's line: its number, then a space and the code (none on a blank line). */
const LISTING_NUMBER_LINE = /^(\s*)(\d+)(?: (.*))?$/;

/**
 * A numbered listing's lines as their numbers and their code, or undefined when `lines` are no
 * such listing: the first opens with a number, each next number one more than the last, a line
 * without one (a wrapped line's rest) under a numbered one. The code's indentation is counted from
 * the listing's code column, past the numbers: the numbers stand at the line's start, so
 * `dedent` cannot take off the code's shared indentation (freefem's `1 a:= ...` whose code the
 * page sets a character further right than the listing beside it), which it takes off an
 * unnumbered listing.
 */
export function numberedCode(lines: readonly string[]): { numbers: string[]; code: string[] } | undefined {
  const numbers: string[] = [];
  const code: string[] = [];
  let last: number | undefined;
  let column = 0;
  for (const l of lines) {
    const m = LISTING_NUMBER_LINE.exec(l);
    if (m && (last === undefined || Number(m[2]) === last + 1)) {
      last = Number(m[2]);
      column = m[1]!.length + m[2]!.length + 1;
      numbers.push(m[2]!);
      code.push(m[3] ?? '');
    } else if (last !== undefined && !m) {
      numbers.push('');
      code.push(l.slice(Math.min(column, l.length - l.trimStart().length)));
    } else return undefined;
  }
  if (numbers.filter((n) => n !== '').length < 2) return undefined;
  const shared = Math.min(...code.filter((c) => c.trim() !== '').map((c) => c.length - c.trimStart().length));
  return {
    numbers,
    code: code.map((c) => (c.trim() === '' ? '' : c.slice(Number.isFinite(shared) ? shared : 0).trimEnd())),
  };
}

const sameNumbered = (
  a: { numbers: string[]; code: string[] } | undefined,
  b: { numbers: string[]; code: string[] },
): boolean =>
  a !== undefined &&
  a.numbers.length === b.numbers.length &&
  a.numbers.every((n, i) => n === b.numbers[i] && sameCodeLine(a.code[i]!, b.code[i]!));

export interface CodeScore {
  /** Code blocks of 2+ lines that fit in one chunk. */
  blocks: number;
  /**
   * Of those, how many every plan of chunks in the interface's range must cut (code-range.ts
   * forcedBlockCuts over the chunks' text): the range wins over a block kept whole. Older results lack it.
   */
  forced?: number;
  /**
   * % of the blocks a plan in range can keep (blocks - forced) whose lines are in one chunk,
   * verbatim (indentation relative to the block kept) and one per line.
   */
  kept: number;
  /** The same, indentation set aside. */
  keptLoose: number;
}

/**
 * A text with its lines broken at each callout, the marker left out: a DocBook callout (a number
 * in a circle, dblatex) is drawn on the code line it marks, which the service reads whole
 * ('<tr bgcolor="blue" ⑦>'), but its circle and number are in no monospaced font, so the code
 * reference (pdftohtml's fragments, pdf-code.ts) ends a block at the callout and starts the next
 * after it ('<tr bgcolor="blue"', '>'). The code is compared as the reference cuts it.
 */
export function cutAtCallouts(text: string): string {
  return text.replace(/[ \t]*[\u24EA\u2460-\u2473][ \t]*/gu, '\n');
}

/**
 * A text with every underscore read as a blank: TeX draws `\_` as a rule (plain TeX and Texinfo
 * outside typewriter fonts, LaTeX's OT1 encoding in every font, `\texttt` included), which poppler
 * reads as a gap ('double *re max'), where the service reads the `_` the page shows ('re_max',
 * pdfjs.ts drawnUnderscore). A blank and an underscore are one column each, so indentation is
 * unchanged; folded on both sides, the code reference and the chunks compare as the page shows.
 */
export const underscoresAsBlanks = (text: string): string => text.replace(/_/g, ' ');

/**
 * The code blocks a chunk of `max` code points can hold whole (codeKept, missedCode), underscores
 * read as blanks: 2+ lines, and the listing each is a piece of (listingLengths: a numbered
 * listing the reference reads in pieces) no longer than `max`. A piece of a longer listing is no
 * block that fits: the listing is cut somewhere, at a line end, and where it is cut is the
 * chunker's choice, not the reference's (amc-fr's 106-line example, read as pieces between its
 * callouts, lines 95-106 one of them). `apart`: the blocks that open a listing of their own
 * (EndReference.codeApart).
 */
export function fittingBlocks(blocks: readonly string[], max: number, apart?: ReadonlySet<string>): string[] {
  const plain = blocks.map((b) => underscoresAsBlanks(b).replaceAll(EITHER_BLANK, ''));
  const listing = listingLengths(
    plain,
    blocks.map((b) => apart?.has(b) === true),
  );
  return blocks
    .map(underscoresAsBlanks)
    .filter((b, i) => codeLines(b, false).length >= 2 && [...plain[i]!.trim()].length <= max && listing[i]! <= max);
}

/**
 * A chunk's text as codeKept compares it: as written and, where it has angle brackets, as a
 * reference without the font's Unicode map spells them (pdftohtml reads cmsy's 〈 and 〉 as h and
 * i: glyphCodeSpelling).
 */
export function codeTexts(content: string): string[] {
  const spelt = glyphCodeSpelling(content);
  return spelt === undefined ? [content] : [content, spelt];
}

/**
 * Chunks without the lines that are only a name hung in the margin (`names`: EndReference.marginNames)
 * and no line of a reference block: doc.sty sets each macro's name beside the first line of its
 * code, the reader writes it as a line of its own between two lines of the listing (moderntimeline's
 * `\tlsince` over `31 \newcommand{\tlsince}`), and the reference reads the listing without it.
 */
export function withoutMarginNames<C extends ChunkLike>(
  chunks: readonly C[],
  names: ReadonlySet<string> | undefined,
  blocks: readonly string[],
): C[] {
  if (names === undefined || names.size === 0) return [...chunks];
  const inBlocks = new Set(blocks.flatMap((b) => b.split('\n').map((l) => l.trim())));
  const drop = new Set([...names].map((n) => n.trim()).filter((n) => n.length > 0 && !inBlocks.has(n)));
  return chunks.map((c) => ({
    ...c,
    content: c.content
      .split('\n')
      .filter((l) => !drop.has(l.trim()))
      .join('\n'),
  }));
}

export function codeKept(
  all: ChunkLike[],
  blocks: string[],
  range: Range = { min: 800, max: 1200 },
  apart?: ReadonlySet<string>,
  names?: ReadonlySet<string>,
): CodeScore {
  const chunks = withoutMarginNames(all, names, blocks);
  const fit = fittingBlocks(blocks, range.max, apart);
  const texts = chunks.flatMap((c) => codeTexts(c.content));
  const strict = texts.map((t) => codeLines(cutAtCallouts(underscoresAsBlanks(t)), false));
  const loose = texts.map((t) => codeLines(cutAtCallouts(underscoresAsBlanks(t)), true));
  const kept = fit.filter((b) => {
    const want = dedent(codeLines(b, false));
    return strict.some((h) => containsRun(h, want));
  }).length;
  const keptLoose = fit.filter((b) => {
    const want = codeLines(b, true);
    return loose.some((h) => containsRun(h, want));
  }).length;
  // The blocks every plan in range must cut; never more than the blocks the chunks cut (a block
  // found twice in the text, or a chunk out of range, could make the count say more).
  const text = chunks.map((c) => c.content).join('\n');
  const forced = Math.min(forcedBlockCuts(text, locateBlocks(text, fit), range) ?? 0, fit.length - kept);
  const keepable = fit.length - forced;
  return {
    blocks: fit.length,
    forced,
    kept: pct(kept, keepable),
    keptLoose: pct(Math.min(keptLoose, keepable), keepable),
  };
}

/**
 * The code blocks codeKept counts as not kept, each with the chunk that holds most of its lines
 * (trimmed) and which of its lines that chunk lacks: what QUALITY_DEBUG prints to sort a miss into
 * a reader fault (a line break or indentation lost, a cut) or a matter of the reference.
 */
export function missedCode(
  all: ChunkLike[],
  blocks: string[],
  max = 1200,
  apart?: ReadonlySet<string>,
  names?: ReadonlySet<string>,
): { block: string; chunk: number; lacking: string[] }[] {
  const chunks = withoutMarginNames(all, names, blocks);
  const fit = fittingBlocks(blocks, max, apart);
  // Each chunk's texts as codeKept reads them (codeTexts), by the chunk's index.
  const strict = chunks.map((c) =>
    codeTexts(c.content).map((t) => codeLines(cutAtCallouts(underscoresAsBlanks(t)), false)),
  );
  const out: { block: string; chunk: number; lacking: string[] }[] = [];
  for (const b of fit) {
    const want = dedent(codeLines(b, false));
    if (strict.some((hs) => hs.some((h) => containsRun(h, want)))) continue;
    let best = -1;
    let bestLacking = want;
    strict.forEach((hs, i) => {
      for (const h of hs) {
        const have = new Set(h.map((l) => l.trim()));
        const lacking = want.filter((l) => !have.has(l.trim()));
        if (lacking.length < bestLacking.length) [best, bestLacking] = [i, lacking];
      }
    });
    out.push({ block: b, chunk: best, lacking: bestLacking });
  }
  return out;
}

export interface RowScore {
  /** Table rows of 2+ non-empty cells. */
  rows: number;
  /** % of them whose cells stand in order on one line of one chunk. */
  intact: number;
}

/** Navigation cells of generated HTML (DocBook's Prev/Up/Next tables): left out by design. */
const NAV_CELL =
  /^(?:prev|previous|next|up|home|contents|index|précédent|suivant|niveau supérieur|sommaire|zurück|weiter|nach oben|anfang|indietro|avanti|su|inizio|anterior|siguiente|arriba|inicio|próximo|início)$/i;

export function tableRowsIntact(chunks: ChunkLike[], rows: string[][]): RowScore {
  // Quotes folded: pandoc's Markdown reader makes "x" a Quoted node, written “x”.
  const norm = (s: string) =>
    normalizeText(s)
      .replace(/[“”„«»]/g, '"')
      .replace(/[‘’‚]/g, "'")
      .replace(/\s+/g, ' ')
      .trim();
  const lines = chunks.flatMap((c) => c.content.split('\n').map(norm));
  const rs = rows
    .map((r) => r.map(norm).filter((c) => c.length > 0))
    .filter((r) => r.length >= 2 && !r.every((c) => NAV_CELL.test(c)));
  const intact = rs.filter((r) =>
    lines.some((l) => {
      let at = 0;
      for (const cell of r) {
        const i = l.indexOf(cell, at);
        if (i < 0) return false;
        at = i + cell.length;
      }
      return true;
    }),
  ).length;
  return { rows: rs.length, intact: pct(intact, rs.length) };
}

// Slide decks: labels against each slide's own title, chunks that mix slides, overlay steps read
// more than once. A deck's reference is paged (slideReading: a page per slide, furniture and
// repeated overlay steps left out).

export interface PagedChunk extends ChunkLike {
  pageStart?: number;
  pageEnd?: number;
}

/** The first `n` filled lines of a reference page, trimmed: where a slide's title is read. */
function topLines(page: string, n: number): string[] {
  return page
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .slice(0, n);
}

/**
 * Section labels of a slide deck's chunks: a label is right when it is the title of the slide the
 * chunk starts on, as the reference reads it at the top of that page (one to three lines, starting
 * within the first three, so that a headline pdftotext reads above the frame title does not hide
 * it). A label taken from another slide, or an outline entry carried over every later slide, is
 * wrong, but for the section the slide stands in (`outline`, deckSections), which labels a slide
 * without a title of its own. Pages are the deck's reading without its furniture (slideReading, or
 * the pages before overlay steps are emptied: a chunk starts on the page the reader kept, the last
 * step).
 */
export function slideLabels(chunks: PagedChunk[], pages: string[], outline: readonly string[] = []): LabelScore {
  const sections = outline.length > 0 ? deckSections(pages, outline) : [];
  return scoreLabels(
    chunks,
    (c, l) => {
      if (l.length > 0 && c.pageStart !== undefined && sections[c.pageStart - 1] === l) return true;
      const titles = topTitles(c.pageStart === undefined ? '' : (pages[c.pageStart - 1] ?? ''));
      return l.length > 0 && (titles.has(l) || (l.length >= 40 && [...titles].some((t) => t.startsWith(l))));
    },
    pages.some((p) => p.trim() !== ''),
  );
}

/** What a slide's title may read as at the top of its reference page: one to three lines, starting within the first three, normalised. */
function topTitles(page: string): Set<string> {
  const top = topLines(page, 5);
  const titles = new Set<string>();
  for (let i = 0; i < Math.min(3, top.length); i++)
    for (let j = i + 1; j <= Math.min(i + 3, top.length); j++) titles.add(normalizeLabel(top.slice(i, j).join(' ')));
  return titles;
}

/**
 * The section of the deck each page stands in, normalised (undefined before the first): the
 * outline's entries taken in their order, each opening its section on the first page whose title
 * (topTitles) reads as it; a page whose title repeats an earlier entry opens none.
 */
export function deckSections(pages: readonly string[], outline: readonly string[]): (string | undefined)[] {
  const keys = outline.map(normalizeLabel);
  const out: (string | undefined)[] = [];
  let section: string | undefined;
  let next = 0;
  for (const page of pages) {
    const titles = topTitles(page);
    for (let k = next; k < keys.length; k++)
      if (keys[k]!.length > 0 && titles.has(keys[k]!)) {
        section = keys[k];
        next = k + 1;
        break;
      }
    out.push(section);
  }
  return out;
}

/** A chunk's least size: a slide with at least this much text makes a chunk by itself. */
export const MIN_CHUNK = 800;

export interface SlideScore {
  /** Slides with text. */
  slides: number;
  /** Chunks that hold text of two slides each of which could stand alone (MIN_CHUNK characters or more). */
  mixes: number;
  /** Word 8-grams of overlay steps the chunks read more often than the deck shows them (overlayRepeats). */
  repeats: number;
}

/**
 * Chunks that mix two slides each of which could stand alone: a chunk runs over the slides from
 * its pageStart to its pageEnd (a page per slide; pages without text, emptied overlay steps,
 * skipped), and two consecutive slides of it both have `min` characters or more (`slideChars`,
 * indexed by page - 1: each slide's text alone, whitespace collapsed). Short slides gathered in
 * one chunk are no mix: neither could make a chunk by itself.
 */
export function slideMixes(chunks: PagedChunk[], slideChars: readonly number[], min = MIN_CHUNK): number {
  let n = 0;
  for (const c of chunks) {
    if (c.pageStart === undefined || c.pageEnd === undefined) continue;
    let prev: number | undefined;
    for (let p = c.pageStart; p <= c.pageEnd; p++) {
      const len = slideChars[p - 1] ?? 0;
      if (len === 0) continue;
      if (prev !== undefined && prev >= min && len >= min) {
        n++;
        break;
      }
      prev = len;
    }
  }
  return n;
}

/** Each slide's characters, whitespace collapsed: the lengths slideMixes compares. */
export function slideLengths(pages: string[]): number[] {
  return pages.map((p) => [...p.replace(/\s+/g, ' ').trim()].length);
}

/**
 * Tokens as overlayRepeats compares them: words split where letters and digits meet, so that a
 * superscript read glued ("a2", pdftotext) or apart ("a 2") is the same text.
 */
const tokens = (text: string): string[] => words(text).flatMap((w) => w.match(/\p{N}+|[^\p{N}]+/gu) ?? []);

/** Token 8-grams of a text, with their counts (line-end hyphens joined). */
function gramCounts(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const ws = tokens(dehyphenate(text));
  for (let i = 0; i + 8 <= ws.length; i++) {
    const g = ws.slice(i, i + 8).join(' ');
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

/**
 * Overlay text the chunks read again: token 8-grams (within a chunk) that an overlay step and the
 * page after it both show (slideReading empties the step), counted each time the chunks have one
 * more often than slideReading's reading does (each step read once), and more than once. Other
 * text the chunks read twice (a table's source and its rendering, which pdftotext reads by column)
 * is not an overlay's; a reading without pages (a presentation's source) has no steps.
 */
export function overlayRepeats(chunks: ChunkLike[], deckText: string): number {
  const pages = withoutRunningLines(deckText, SLIDE_EDGE_LINES, true).split('\f');
  const reading = slideReading(deckText);
  const stepped = new Set<string>();
  reading.forEach((p, i) => {
    if (p !== '' || pages[i]!.trim() === '' || i + 1 >= pages.length) return;
    const next = gramCounts(pages[i + 1]!);
    for (const g of gramCounts(pages[i]!).keys()) if (next.has(g)) stepped.add(g);
  });
  if (stepped.size === 0) return 0;
  const once = gramCounts(reading.join('\n'));
  const seen = new Map<string, number>();
  let extra = 0;
  for (const c of chunks) {
    const cw = tokens(c.content);
    for (let i = 0; i + 8 <= cw.length; i++) {
      const g = cw.slice(i, i + 8).join(' ');
      if (!stepped.has(g)) continue;
      const allowed = Math.max(1, once.get(g) ?? 0);
      const n = (seen.get(g) ?? 0) + 1;
      seen.set(g, n);
      if (n > allowed) extra++;
    }
  }
  return extra;
}

/**
 * A line as proseBreaks compares it: without blanks and underscores (underscoresAsBlanks; poppler
 * parts a typewriter line's runs where the service reads one, or the other way round).
 */
const proseKey = (line: string): string => underscoresAsBlanks(line).replace(/\s+/gu, '');

/** Signs of code or notation in a line: braces, angle brackets, `=`, `$`, a backslash, `::`, `->`, `()`. */
const CODE_SIGNS = /[{}<>=$\\]|::|->|\(\)|^(?:#|%|\/\/)/u;

/**
 * The terms a document sets alone on a line in typewriter (`code`: its code blocks and its lines
 * wholly in typewriter): one word with a sign no prose word has, an underscore, a dot, a slash, a
 * hyphen or a digit (`source_encoding`, `html_static_path`).
 */
export function typewriterTerms(code: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const block of code)
    for (const line of block.split('\n')) {
      const t = line.trim();
      if (/^\S{2,}$/u.test(t) && /[_./\d-]/u.test(t) && /\p{L}/u.test(t)) out.add(t);
    }
  return out;
}

/**
 * A chunk line that opens with one of the document's typewriter terms (typewriterTerms) and goes
 * on: an entry of a list of definitions, its term set over its text and joined to it (a Sphinx
 * configuration reference printed by Chromium: "source_encoding The encoding of all reST source
 * files"). It opens an entry, whatever the line above ends with.
 */
export function opensWithTypewriterTerm(line: string, terms: ReadonlySet<string>): boolean {
  const first = line.split(/\s/u, 1)[0]!;
  return first.length < line.length && terms.has(first);
}

/** A line of prose as proseBreaks sees it: `min` words at least, no table cells (an empty first cell opens a row with `| `), aligned columns or code signs. */
function proseLine(line: string, min: number): boolean {
  return (
    line.split(' ').length >= min && !/(?:^| )\|(?: |$)/u.test(line) && !/ {3}/u.test(line) && !CODE_SIGNS.test(line)
  );
}

/**
 * Line breaks left inside a sentence of prose: a chunk's line that stops on a letter or a comma,
 * and the next line opening with a lower-case letter, both lines of prose (3 and 2 words at
 * least, no table cells, aligned columns or code signs), neither a line of one of the reference's
 * code blocks (`code`: a PDF's lines set wholly in typewriter too) nor one of its headings
 * (`headings`, and the chunks' section labels: a numbered heading over a paragraph that opens
 * with a command name, "4.9.2 Das Hilfswerkzeug dak ls" then "dak ls ist Teil ..."), nor a next line
 * that opens with a term the document sets alone in typewriter (opensWithTypewriterTerm), nor a
 * float's caption above (captionLine), nor after the end of a change history's entry (`ends`:
 * historyEntryEnds; the entries are items, one a line, an entry's end no sentence's). A reader
 * that leaves a paragraph's
 * line breaks in (a prose line mostly in typewriter taken for a listing line, a bullet item read
 * as code, a line under a definition's term) keeps every word and its order, so no other measure
 * sees it; the chunk reads as verse and its sentences are cut for an embedding model. Each break
 * is given as the end of one line and the start of the next ("It is either a⏎word or an").
 */
export function proseBreaks(
  chunks: readonly Pick<ChunkLike, 'content' | 'section'>[],
  code: readonly string[],
  headings: readonly string[],
  ends: readonly string[] = [],
): string[] {
  const entryEnds = ends.map(proseKey).filter((e) => e.length > 0);
  const skip = new Set<string>();
  for (const block of code) for (const line of block.split('\n')) skip.add(proseKey(line));
  for (const h of headings) skip.add(proseKey(h));
  for (const c of chunks) if (c.section) skip.add(proseKey(c.section));
  skip.delete('');
  const terms = typewriterTerms(code);
  const out: string[] = [];
  for (const c of chunks) {
    const raw = c.content.split('\n').map((l) => l.trim());
    const lines = raw.map(proseKey);
    for (let i = 1; i < lines.length; i++) {
      const a = lines[i - 1]!;
      const b = lines[i]!;
      if (!/[\p{L},]$/u.test(raw[i - 1]!) || !/^\p{Ll}/u.test(raw[i]!)) continue;
      if (!proseLine(raw[i - 1]!, 3) || !proseLine(raw[i]!, 2) || skip.has(a) || skip.has(b)) continue;
      if (opensWithTypewriterTerm(raw[i]!, terms)) continue;
      if (entryEnds.some((e) => a.endsWith(e))) continue;
      // A float's caption is a text of its own (captionLine): what follows it is the text the float
      // cut, whose sentence began before the float ("Figure 2: ... profiles" / "specifies the ...").
      if (captionLine(raw[i - 1]!)) continue;
      out.push(`${raw[i - 1]!.replace(/\s+/gu, ' ').slice(-40)}⏎${raw[i]!.replace(/\s+/gu, ' ').slice(0, 40)}`);
    }
  }
  return out;
}

// The code blocks of a born-digital PDF, read by poppler (`pdftohtml -xml`), for the code-kept and
// chunk-end measures: pdftotext's plain reading says nothing of fonts, so a PDF's reference had no
// code, and a chunk cut right after a listing ended "mid-sentence" to the measure. pdftohtml names
// each text fragment's font; a line all of whose fragments are set in a monospaced font is a code
// line, and 2+ such lines one under the other in one column of one page are a code block. The
// indentation is the lines' offsets from the block's left edge in character widths (TeX positions
// a listing's lines; it writes no leading spaces), plus any spaces the text itself has.

import { type BoxWord, unescapeXml } from './column-reading.ts';
import { EITHER_BLANK } from './measures.ts';
// Each page's edge as most pages of its side show it: the reader's rule (pdf/code.ts sideEdges, its
// table of tests in test/scripts/pdf-code.test.ts), the same for the reference.
import { leftmostEdge, otherTypeSize, sideEdges } from '../../src/documents/formats/pdf/code.ts';

/** One `<text>` element of pdftohtml's XML: a run of one font on one line. */
export interface XmlFragment {
  page: number;
  top: number;
  left: number;
  width: number;
  height: number;
  mono: boolean;
  text: string;
  /** Its font's size (`<fontspec size>`), when given. */
  size?: number;
  /** Its font's name (`<fontspec family>`, subset prefix kept), when given. */
  family?: string;
  /** Set wholly in bold (`<b>…</b>` round the whole text: gropdf names one family for roman and bold). */
  bold?: true;
}

/**
 * Font names of monospaced families (subset prefix removed): TeX's cmtt/lmtt/txtt (t1xtt: newtx's,
 * Sphinx's default; t1xbtt its bold, which Sphinx's highlighting sets keywords in; tcxtt its
 * textcomp symbols), cm-super's sftt, CSfonts' cstt, Courier and its clones, *Mono*.
 */
const MONO =
  /(?:^|[^a-z])(?:cm(?:sl|i|b)?tt|lmtt|lmmono|(?:t1x|tx|tcx)b?tt|sf(?:sl|it)?tt|cs(?:sl)?tt|tt\d)|mono|nimbusmon|courier|typewriter|consol|menlo|inconsolata|cousine|fixed|code/i;

export function monospacedFamily(family: string): boolean {
  return MONO.test(family.replace(/^[A-Z]{6}\+/, ''));
}

/** A `<text>` element's content as text: its inline tags (<b>, <i>, <a>) dropped, entities decoded. */
const decode = (s: string): string => unescapeXml(s.replace(/<[^>]*>/g, ''));

/**
 * A fragment as its page shows it: the characters that start past the page's right edge `pageWidth`
 * are not on the page (a grammar rule of Sphinx's LaTeX set wider than the paper: `... spec* st`
 * then `mt* DEDENT` off the sheet). pdftotext and pdf.js leave them out, a viewer does not show
 * them; pdftohtml keeps them. Characters are taken as equally wide (a fragment is one font's run);
 * a fragment wholly past the edge is undefined.
 */
export function clipToPage(f: XmlFragment, pageWidth: number): XmlFragment | undefined {
  if (!(pageWidth > 0) || f.left + f.width <= pageWidth) return f;
  if (f.left >= pageWidth) return undefined;
  const chars = [...f.text];
  const cw = f.width / Math.max(1, chars.length);
  const keep = Math.ceil((pageWidth - f.left) / cw);
  if (keep >= chars.length) return f;
  const text = chars.slice(0, keep).join('').trimEnd();
  return text === '' ? undefined : { ...f, width: keep * cw, text };
}

/**
 * Is a fragment on its page's sheet, top to bottom? A fragment wholly above the page's top or
 * below its bottom (`pageHeight`) is not on the page: TeX sets an overfull page's rest past the
 * bottom edge (a Texinfo example of 40 lines on a page that holds 30: gri's `assert {rpn x 0 @ 1
 * ==}` at 2738 on a page 1188 high), beamer parks text above a slide; pdftotext and pdf.js leave
 * it out, a viewer does not show it, pdftohtml keeps it. True when the height is unknown.
 */
export function onSheet(f: Pick<XmlFragment, 'top' | 'height'>, pageHeight: number): boolean {
  return !(pageHeight > 0) || (f.top < pageHeight && f.top + f.height > 0);
}

/**
 * Is a fragment text set at an angle? pdftohtml gives a rotated run (a landscape report printed
 * across a portrait page: GLPK's sensitivity analysis) no width, whatever its characters, and each
 * word a fragment of its own at the top and left of the run's start, so the lines it makes are
 * not the page's (a report's last word `BIN3` over the next page's head `GLPK`, two "lines" of a
 * block). pdftotext reads such a page turned; this reference leaves its text out. A level fragment
 * holding a character is at least a unit wide (a period at 6 units is 2 at pdftohtml's zoom), but
 * for a glyph of no advance drawn over the next one: the math negation slash of `\not` (lshort's
 * and GMPL's symbol tables: `6`, `≯`), rendered mathematics, no code (over the 42 born-digital,
 * scanned and mixed PDFs, leaving these out changes only GLPK's rotated pages' block).
 */
export function atAnAngle(f: Pick<XmlFragment, 'width' | 'text'>): boolean {
  return f.width <= 0 && f.text.trim().length > 0;
}

/** The fragments of pdftohtml's XML, in its order, each with whether its font is monospaced, clipped to its page (clipToPage, onSheet), none set at an angle (atAnAngle). */
export function xmlFragments(xml: string): XmlFragment[] {
  const fonts = new Map<string, boolean>();
  const sizes = new Map<string, number>();
  const families = new Map<string, string>();
  const out: XmlFragment[] = [];
  let page = 0;
  let pageWidth = 0;
  let pageHeight = 0;
  const tag =
    /<page number="(\d+)"(?:[^>]*? height="(\d+)")?(?:[^>]*? width="(\d+)")?|<fontspec id="(\d+)"(?: size="(\d+)")?[^>]*family="([^"]*)"|<text top="(-?\d+)" left="(-?\d+)" width="(-?\d+)" height="(\d+)" font="(\d+)">(.*?)<\/text>/g;
  for (const m of xml.matchAll(tag)) {
    if (m[1] !== undefined) {
      page = Number(m[1]);
      pageHeight = Number(m[2] ?? 0);
      pageWidth = Number(m[3] ?? 0);
    } else if (m[4] !== undefined) {
      fonts.set(m[4], monospacedFamily(m[6]!));
      families.set(m[4], m[6]!);
      if (m[5] !== undefined) sizes.set(m[4], Number(m[5]));
    } else {
      const size = sizes.get(m[11]!);
      const family = families.get(m[11]!);
      const f = clipToPage(
        {
          page,
          top: Number(m[7]),
          left: Number(m[8]),
          width: Number(m[9]),
          height: Number(m[10]),
          mono: fonts.get(m[11]!) === true,
          text: decode(m[12]!),
          ...(size === undefined ? {} : { size }),
          ...(family === undefined ? {} : { family }),
          ...(wholeBold(m[12]!) ? { bold: true as const } : {}),
        },
        pageWidth,
      );
      if (f && onSheet(f, pageHeight) && !atAnAngle(f)) out.push(f);
    }
  }
  return out;
}

/** pdftohtml's text of a fragment set wholly in bold: one `<b>` run round all of it. */
export function wholeBold(raw: string): boolean {
  return raw.startsWith('<b>') && raw.endsWith('</b>') && raw.indexOf('</b>') === raw.length - 4;
}

/**
 * Do the runs `parts` that open a line stand raised before run `f`, the line's text: each shorter
 * than `f` and its top above `f`'s (a superscript: a footnote's number before the footnote's
 * first words)? The line is then placed by its text, so that its next runs, level with the text
 * but not with the raised number, stay on it.
 */
export function raisedOpening(
  parts: readonly Pick<XmlFragment, 'top' | 'height'>[],
  f: Pick<XmlFragment, 'top' | 'height'>,
): boolean {
  return parts.length > 0 && parts.every((p) => p.height < f.height && p.top < f.top);
}

/** pdftohtml's zoom (its default, which the quality run keeps): its units are 1.5 PDF points. */
export const PDFTOHTML_ZOOM = 1.5;

/**
 * The fragments with each typewriter run whose blanks pdftohtml got wrong parted into its words,
 * each placed where pdftotext's word boxes (`words`, each page's `-bbox` words, index 0 page 1)
 * put it. pdftohtml joins the words of one font on a line into one run with one blank between
 * them, whatever the gap: groff's `/View  [/FitH` (two blanks, 12 points at 6 a character) comes
 * out `/View [/FitH`, a Texinfo @multitable's `coproc`, `select`, `function` (cells 1.5
 * characters apart) `coproc select function`. Such a run is wider than its characters: its words'
 * extent passes its characters times their width (the words' own) by half a character or more.
 * A run narrower than its characters keeps its blanks (hyperref's `tex-live@ tug. org`, thin
 * spaces that pdftohtml and the page's reader read as blanks). Its words then go on as runs of their own, the gaps between them read as any gap is
 * (spacesFor, betweenColumns). A run whose words pdftotext does not find one for one (another
 * spelling, a ligature) is kept as it is, as is every run whose extent its characters fill.
 */
export function respaced(fragments: readonly XmlFragment[], words: readonly BoxWord[][]): XmlFragment[] {
  const out: XmlFragment[] = [];
  for (const f of fragments) {
    const text = f.text.trim();
    const mine = f.mono && text.includes(' ') ? wordsOf(f, words[f.page - 1] ?? []) : undefined;
    if (!mine) {
      out.push(f);
      continue;
    }
    const z = PDFTOHTML_ZOOM;
    const chars = mine.reduce((n, w) => n + [...w.text].length, 0);
    const cw = (mine.reduce((n, w) => n + w.x1 - w.x0, 0) * z) / chars;
    const extent = (mine.at(-1)!.x1 - mine[0]!.x0) * z;
    if (extent - [...text].length * cw < cw / 2) out.push(f);
    else
      for (const w of mine) {
        // In pdftohtml's whole units, as its own runs are.
        const left = Math.round(w.x0 * z);
        out.push({ ...f, left, width: Math.round(w.x1 * z) - left, text: w.text });
      }
  }
  return out;
}

/** pdftotext's words of run `f`, left to right, when they spell its text (blanks aside) and lie in its box; else undefined. */
function wordsOf(f: XmlFragment, page: readonly BoxWord[]): BoxWord[] | undefined {
  const z = PDFTOHTML_ZOOM;
  const tol = 1.5;
  const mine = page
    .filter((w) => {
      const mid = ((w.y0 + w.y1) / 2) * z;
      return mid >= f.top && mid <= f.top + f.height && w.x0 * z >= f.left - tol && w.x1 * z <= f.left + f.width + tol;
    })
    .sort((a, b) => a.x0 - b.x0);
  if (mine.length < 2) return undefined;
  return mine.map((w) => w.text).join('') === f.text.replace(/\s+/g, '') ? mine : undefined;
}

export interface Line {
  page: number;
  top: number;
  left: number;
  right: number;
  height: number;
  mono: boolean;
  parts: XmlFragment[];
  /**
   * A numbered listing's line number (lineNumberBefore), set apart from `parts`, which hold the
   * code (`left` is the code's); a numbered blank line has its number and no parts.
   */
  number?: XmlFragment;
  /** The rest of a line after a callout (calloutBreaks): a line of its own, as cutAtCallouts reads a chunk. */
  callout?: true;
}

/** LaTeX's circle fonts (lcircle10, lcirclew10), which draw a DocBook callout's circle. */
const CIRCLE_FONT = /(?:^|\+)lcirclew?\d/i;

/** pdftohtml's units a callout's number may stand off its circle's box. */
const CALLOUT_SLACK = 3;

/**
 * Does callout number `n` stand in `circle`: across its box (to CALLOUT_SLACK), no wider? pdftohtml
 * places a two-digit number by its own box, wider than one digit and centred on the circle's
 * glyph origin: dblatex's ⑩ in amc-fr, `10` at 192-202 against a circle at 197-212, stood 5 units
 * left of the box, so the number read as prose and ended a listing longer than a chunk there.
 */
export function calloutNumberIn(
  n: Pick<XmlFragment, 'left' | 'width'>,
  circle: Pick<XmlFragment, 'left' | 'width'>,
): boolean {
  return (
    n.width <= circle.width + CALLOUT_SLACK &&
    n.left < circle.left + circle.width + CALLOUT_SLACK &&
    n.left + n.width > circle.left - CALLOUT_SLACK
  );
}

/**
 * The fragments that draw a DocBook callout (dblatex: a circle from LaTeX's circle font, its
 * number in another face inside it, drawn white), and the fragments that go on with the line
 * after one. The service reads the callout as a circled number (`<td width="25.3"⑥>B3</td>`) and
 * the code measure cuts a chunk's line there (measures.ts cutAtCallouts); the reference read the
 * number as prose, which ended the listing at every callout: a listing longer than a chunk came
 * in pieces, each of which fits. Leaving the callout out and starting the line's rest as a line
 * of its own reads the listing whole, cut where cutAtCallouts cuts.
 */
export function calloutBreaks(fragments: readonly XmlFragment[]): {
  callouts: Set<XmlFragment>;
  rests: Set<XmlFragment>;
} {
  const callouts = new Set<XmlFragment>();
  const rests = new Set<XmlFragment>();
  let circle: XmlFragment | undefined;
  let open = false;
  for (const f of fragments) {
    const isCircle = !f.mono && f.family !== undefined && CIRCLE_FONT.test(f.family) && [...f.text.trim()].length === 1;
    if (isCircle) {
      callouts.add(f);
      circle = f;
      open = true;
      continue;
    }
    if (circle && !f.mono && /^\d{1,2}$/.test(f.text.trim()) && f.page === circle.page && calloutNumberIn(f, circle)) {
      callouts.add(f);
      continue;
    }
    if (open && circle && f.page === circle.page && f.left >= circle.left && f.top <= circle.top + circle.height)
      rests.add(f);
    open = false;
    circle = undefined;
  }
  return { callouts, rests };
}

/**
 * Is a line of these fragments a line of code? It opens in a typewriter face and its words are
 * all set in it: a sign of another face after its start (Doxygen's `<` and `>` of a template set
 * in math italic, Texinfo's `⇒`) leaves it one; a word in a proportional face (a typewriter term
 * in a sentence), or a sign before its text (a list item's bullet, a symbol before the command
 * that makes it in a table of symbols), does not.
 */
export function codeLine(parts: readonly { mono: boolean; text: string }[]): boolean {
  const words = parts.filter((p) => p.text.trim() !== '').slice(markParts(parts));
  if (words.length === 0 || !words[0]!.mono) return false;
  return words.every((p) => p.mono || !/[\p{L}\p{N}]/u.test(p.text));
}

/** A continuation mark's characters: Sphinx's `˓→`, fvextra's and listings' `↪`, `↳`, `⤷`. */
const MARK = /^[\u02D3\u2192\u21AA\u21B3\u2937]+$/u;

/**
 * How many leading runs of a line (of another face than the typewriter's) are a continuation
 * mark: the typesetter wrapped the line above and marks the rest so (Sphinx's LaTeX sets `˓→` in
 * two math runs before the typewriter text). Such a line is a line of the listing, as the page
 * prints it; 0 when the line opens otherwise, or holds nothing after the mark.
 */
export function markParts(parts: readonly { mono: boolean; text: string }[]): number {
  const words = parts.filter((p) => p.text.trim() !== '');
  let n = 0;
  while (n < words.length && !words[n]!.mono && MARK.test(words[n]!.text.trim())) n++;
  return n > 0 && n < words.length ? n : 0;
}

/**
 * Does fragment `f`, at the height of line `cur`, go on with it to the right: it starts at the
 * line's end (within `tol`), or overlaps the line's last run and ends past it (a glyph composed
 * over the one before: the hook of TeX's ←↩, which Doxygen and dblatex set at a broken line's
 * end, starts 3 units before the arrow ends; read as a line of its own, a line of another face,
 * it parted the line of code from the next and cut the signature in two)?
 */
export function goesOn(
  cur: { right: number; parts: readonly { left: number }[] },
  f: { left: number; width: number },
  tol: number,
): boolean {
  if (f.left >= cur.right - tol) return true;
  const last = cur.parts.at(-1);
  return last !== undefined && f.left > last.left && f.left + f.width >= cur.right;
}

/** A line number: digits alone. */
const LINE_NUMBER = /^\d{1,5}$/;

/**
 * Is fragment `n` a numbered listing's line number before the code run `c`: digits alone in
 * another face than the typewriter's, in smaller type (a number is no bigger than the text's
 * own: the LaTeX listings package's `numbers=left` sets them in `\tiny` Computer Modern, DBLaTeX's
 * `linenumbering` in a 7-unit serif beside 13-unit DejaVu Sans Mono), on the code's baseline (its
 * foot within `tol`), left of the code with a gap of half a character at least (to pdftohtml's
 * rounding, GRID_UNITS)? The page prints
 * it in the listing's margin, and the reader keeps it with its line (`17 Parmi ...`).
 */
export function lineNumberBefore(
  n: Pick<XmlFragment, 'mono' | 'text' | 'top' | 'left' | 'width' | 'height'>,
  c: Pick<XmlFragment, 'mono' | 'text' | 'top' | 'left' | 'width' | 'height'>,
  tol: number,
): boolean {
  if (n.mono || !LINE_NUMBER.test(n.text.trim()) || !c.mono || c.text.trim() === '') return false;
  if (n.height >= c.height || Math.abs(n.top + n.height - c.top - c.height) > tol) return false;
  const cw = c.width / Math.max(1, [...c.text].length);
  // pdftohtml rounds each left and width to a whole unit: doc.sty's `10`, 4.0 units (2.7 pt) from
  // its code at 7.3 units a character, is written 3 units off it, and every line numbered 10 to 99
  // of a package's listing was read as a line of prose.
  return c.left - (n.left + n.width) >= 0.5 * cw - GRID_UNITS;
}

/**
 * Is line `l` a numbered listing's blank line after `last`, the block's last numbered line: its
 * number alone, the next one, set as the listing's numbers are (another face, no taller, its right
 * end within two characters of the last number's when both stand on one page)? The page prints a
 * blank line's number; a number alone at a page's top or foot that goes on a listing's numbers is
 * that listing's line, not the page's number.
 */
export function numberedBlank(
  last: Pick<XmlFragment, 'page' | 'text' | 'left' | 'width' | 'height'> | undefined,
  l: Pick<Line, 'parts' | 'page' | 'number'>,
  cw: number,
): boolean {
  if (!last || l.number !== undefined || l.parts.length !== 1) return false;
  const p = l.parts[0]!;
  if (p.mono || !LINE_NUMBER.test(p.text.trim()) || Number(p.text.trim()) !== Number(last.text.trim()) + 1)
    return false;
  if (p.height > last.height) return false;
  return l.page !== last.page || Math.abs(p.left + p.width - last.left - last.width) <= 2 * cw;
}

/** A line of one fragment, as it opens. */
function lineOf(f: XmlFragment): Line {
  return { page: f.page, top: f.top, left: f.left, right: f.left + f.width, height: f.height, mono: false, parts: [f] };
}

/** A mark is at most this share of its line's height (a script size)... */
const MARK_RATIO = 0.8;
/** ...its foot at most this many of the line's heights from the line's foot... */
const MARK_REACH = 1.5;
/** ...and a run has at least this many marks (one is a formula's limit, a note's number). */
const MIN_MARKS = 2;

/**
 * The fragments with each run of marks over a line of code put line by line: a typewriter run,
 * then runs that go on along its foot right of it in typewriter, or stand over or under what it
 * has drawn so far, smaller (MARK_RATIO, MARK_REACH). ConTeXt's command synopses (`\showsetup`)
 * draw `\setupbtx [...]`, its argument's number over it, "OPT" under it, then the next argument:
 * pdftohtml hands the runs over in that order, and the lines joined from consecutive runs were a
 * piece each. Such a run (MIN_MARKS marks or more) is given line by line, top first, each line left
 * to right, as the page shows it and pdftotext -layout reads it. Other fragments keep their order.
 */
export function unmarked<F extends Pick<XmlFragment, 'page' | 'top' | 'left' | 'width' | 'height' | 'mono' | 'text'>>(
  fragments: readonly F[],
): F[] {
  const foot = (f: F) => f.top + f.height;
  const out: F[] = [];
  for (let i = 0; i < fragments.length; ) {
    const base = fragments[i]!;
    let right = base.left + base.width;
    let marks = 0;
    let j = i + 1;
    if (base.mono && base.text.trim() !== '') {
      const tol = Math.max(2, 0.3 * base.height);
      for (; j < fragments.length; j++) {
        const f = fragments[j]!;
        if (f.page !== base.page) break;
        if (Math.abs(foot(f) - foot(base)) <= tol) {
          if (!f.mono || f.left < right - tol) break;
          right = Math.max(right, f.left + f.width);
          continue;
        }
        if (f.height > MARK_RATIO * base.height || Math.abs(foot(f) - foot(base)) > MARK_REACH * base.height) break;
        if (f.left < base.left - tol || f.left + f.width > right + tol) break;
        marks++;
      }
    }
    if (marks < MIN_MARKS) {
      out.push(base);
      i++;
      continue;
    }
    const levels: F[][] = [];
    for (const f of fragments.slice(i, j)) {
      const level = levels.find((l) => Math.abs(foot(l[0]!) - foot(f)) <= Math.max(2, 0.3 * l[0]!.height));
      if (level) level.push(f);
      else levels.push([f]);
    }
    levels.sort((a, b) => foot(a[0]!) - foot(b[0]!));
    for (const level of levels) out.push(...[...level].sort((a, b) => a.left - b.left));
    i = j;
  }
  return out;
}

/** Fragments joined into lines: consecutive ones on one page at one height, left to right. */
function linesOf(all: XmlFragment[]): Line[] {
  const lines: Line[] = [];
  const { callouts, rests } = calloutBreaks(all);
  const fragments = unmarked(callouts.size === 0 ? all : all.filter((f) => !callouts.has(f)));
  for (const f of fragments) {
    if (rests.has(f)) {
      lines.push({ ...lineOf(f), callout: true });
      continue;
    }
    const cur = lines.at(-1);
    // The taller of the two runs sets the tolerance: a typewriter word in a line of prose has a
    // smaller box, its top 4 units below the prose's at 19 units high (why3, Sphinx's LaTeX: `we
    // use theory` then `Int` then `:`), and is a word of that line, not a line of code of its own.
    const tol = Math.max(2, 0.3 * Math.max(f.height, cur?.height ?? 0));
    // One line: the same top, or, after a continuation mark that opens the line (Sphinx's `˓→`,
    // set smaller on the text's baseline), the same foot.
    const level =
      Math.abs(cur ? cur.top - f.top : Infinity) <= tol ||
      (cur !== undefined &&
        cur.parts.every((p) => MARK.test(p.text.trim())) &&
        Math.abs(cur.top + cur.height - f.top - f.height) <= tol);
    // A numbered listing's line number, set smaller on the code's baseline (lineNumberBefore).
    const numbered = cur !== undefined && cur.parts.length === 1 && lineNumberBefore(cur.parts[0]!, f, tol);
    if (cur && cur.page === f.page && (level || numbered) && goesOn(cur, f, tol)) {
      if (numbered) {
        cur.number = cur.parts[0]!;
        cur.parts = [];
        cur.top = f.top;
        cur.left = f.left;
        cur.height = f.height;
      }
      // After a mark, or after a smaller run that opens the line (a footnote's number raised
      // 3 units over its text: the next run 4 units off it was read as a line of its own, a
      // typewriter URL then a line of code), the line stands where its text does.
      if (cur.parts.every((p) => MARK.test(p.text.trim())) || raisedOpening(cur.parts, f)) {
        cur.top = f.top;
        cur.height = f.height;
      }
      cur.parts.push(f);
      cur.right = f.left + f.width;
    } else lines.push(lineOf(f));
  }
  const out = lines.filter((l) => l.parts.some((p) => p.text.trim() !== ''));
  for (const l of out) l.mono = codeLine(l.parts);
  for (const l of gridCodeLines(out)) l.mono = true;
  for (const l of out) {
    // A number before a line that is no code is that line's text (a numbered list, a formula).
    if (!l.mono && l.number !== undefined) {
      l.parts.unshift(l.number);
      l.left = l.number.left;
      l.number = undefined;
    }
    // A continuation mark stands in the columns before its text (`˓→` then the text, a space
    // between them when the gap holds one): the line is placed by its text's column, as the
    // reader places it.
    const marks = l.mono ? markParts(l.parts) : 0;
    if (marks > 0) {
      const words = l.parts.filter((p) => p.text.trim() !== '');
      const text = words[marks]!;
      const end = words[marks - 1]!.left + words[marks - 1]!.width;
      const mark = words
        .slice(0, marks)
        .map((p) => p.text.trim())
        .join('');
      const cw = charWidth(text);
      l.left = text.left - ([...mark].length + spacesFor(text.left - end, cw, true)) * cw;
    }
  }
  return out;
}

/** pdftohtml's positions and widths are whole units: a gap or an edge this close (units) to whole characters is on the grid. */
const GRID_UNITS = 1.5;
/** A line stands at most this many of the listing's own line steps from its line beside it (the reader's GRID_STEP). */
const GRID_STEP = 1.15;
/** A line mostly in typewriter stands at most this many: a blank line between (the reader's GRID_BLANK_STEP). */
const GRID_BLANK_STEP = 2.3;

/**
 * Is line `l`, some of whose words are set in another face than the typewriter's (Texinfo's `@b`
 * in `@example`: `if` in bold roman before `0`), on the column grid of the code line `code`: its
 * left edge a whole number of characters from the code line's, and every gap between its runs
 * whole characters (a typewriter blank; a roman word space is about two thirds of one), to
 * pdftohtml's whole units? The page prints such a line as a line of the listing; the reader keeps
 * it so (code.ts gridSetting). Its runs must be of the code's size of type.
 */
export function onCodeGrid(l: Pick<Line, 'left' | 'parts'>, code: Pick<Line, 'left' | 'parts'>): boolean {
  const run = code.parts.find((p) => p.mono && [...p.text.trim()].length >= 2) ?? code.parts.find((p) => p.mono);
  if (!run) return false;
  const cw = charWidth(run);
  const whole = (d: number) => Math.abs(d - Math.round(d / cw) * cw) <= GRID_UNITS;
  const words = l.parts.filter((p) => p.text.trim() !== '');
  const size = lineTypeSize(code);
  if (words.length === 0 || words.some((p) => otherPdftohtmlSize(size, p.size))) return false;
  // A run of another face holding a blank is prose ("A list of all strings preceded by ‘", " command:").
  if (words.some((p) => !p.mono && /\p{L}/u.test(p.text) && /\s/u.test(p.text))) return false;
  if (!whole(words[0]!.left - code.left)) return false;
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.left - words[i - 1]!.left - words[i - 1]!.width;
    if (gap < -GRID_UNITS || !whole(gap)) return false;
    // A word of another face a blank from its neighbours at most: a justified line's wide spaces
    // are whole characters by chance ("PHP      The   license   used"), a table's label column
    // ("Itálico                \textit{...}") or a typeset output beside its source (`... $    x`)
    // is no keyword of a line of code.
    if ((!words[i]!.mono || !words[i - 1]!.mono) && Math.round(gap / cw) > 1) return false;
  }
  return true;
}

/**
 * The lines of `lines` (code lines marked `mono`) that are lines of a listing with words in
 * another face (onCodeGrid), read beside the code line above or below (itself possibly read so):
 * a line mostly in typewriter up to a blank line away, a line with a typewriter word one line
 * away, a line with none (`else` alone in bold) only between two code lines one line away each,
 * as the reader reads them (code.ts listingGridLines).
 */
export function gridCodeLines(lines: readonly Line[]): Set<Line> {
  const found = new Set<Line>();
  const code = (j: number) => lines[j] !== undefined && (lines[j].mono || found.has(lines[j]));
  const dy = (i: number, j: number) => Math.abs(lines[i]!.top - lines[j]!.top);
  const samePage = (i: number, j: number) => lines[j] !== undefined && lines[j].page === lines[i]!.page;
  // Code line j beside line i, and i at most `far` of the step beyond j (to a code line, with `listing`) from it.
  const within = (i: number, j: number, far: number, listing = false) => {
    const k = j + (j - i);
    if (!samePage(i, j) || !samePage(i, k) || !code(j) || (listing && !code(k)) || dy(j, k) <= 0) return false;
    return dy(i, j) <= far * dy(j, k);
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (code(i) || !l.parts.some((p) => !p.mono && /\p{L}/u.test(p.text))) continue;
      const chars = (mono: boolean) =>
        l.parts.filter((p) => p.mono === mono).reduce((n, p) => n + p.text.trim().length, 0);
      const typewriter = chars(true) > 0;
      const far = chars(true) > chars(false) ? GRID_BLANK_STEP : GRID_STEP;
      const ok = [i - 1, i + 1].some((j) => {
        if (!within(i, j, far)) return false;
        if (!typewriter && !(within(i, i - 1, GRID_STEP, true) && within(i, i + 1, GRID_STEP, true))) return false;
        return onCodeGrid(l, lines[j]!);
      });
      if (ok) {
        found.add(l);
        changed = true;
      }
    }
  }
  return found;
}

/** A monospaced fragment's character width: its width over its characters. */
const charWidth = (f: XmlFragment) => f.width / Math.max(1, [...f.text].length);

/**
 * Is fragment `p` the hook of a hooked arrow (TeX's `\hookleftarrow`, ← then a hook from the math
 * italic font), after the text `before` of its line? DocBook's dblatex and Doxygen mark a wrapped
 * or broken line of code with it; poppler reads the hook's glyph as `-`, a hyphen the page does
 * not show (pdf.js reads it as ↩). A `-` of the typewriter face is code.
 */
export function hookOf(p: { mono: boolean; text: string }, before: string): boolean {
  return !p.mono && p.text.trim() === '-' && /\u2190\s?$/u.test(before);
}

/** A gap of this share of a character width next to a run of another face is a word space. */
const OTHER_FACE_SPACE = 0.3;

/**
 * The spaces a gap of `gap` units holds on a line of characters `cw` units wide: the characters
 * that fit in it, and one space for a narrower gap next to a run of another (proportional) face,
 * whose word space is narrower than a typewriter character (DocBook's "refentry.numbered,
 * refentry.tocdepth.", a prose comma between two typewriter names). A sign glued to the code
 * (Doxygen's `set<`) has no gap.
 */
export function spacesFor(gap: number, cw: number, otherFace: boolean): number {
  const n = Math.round(gap / cw);
  if (n > 0) return n;
  return otherFace && gap >= OTHER_FACE_SPACE * cw ? 1 : 0;
}

/**
 * Whether a gap of `gap` units next to a run of another face, too narrow for a word space
 * (spacesFor: under OTHER_FACE_SPACE of a character), may be one all the same: pdftohtml's
 * positions and widths are whole units, so a gap is known to a unit either side, and a word space
 * of a justified line squeezed near the threshold reads either way (DocBook's lists of parameter
 * names: `prefer.internal.olink`, a roman comma, `target.database.document`, the comma's gap 2
 * units where the line's others are 3, at 8 units a character). The page has a blank or none there.
 */
export function faceSpaceUnsure(gap: number, cw: number): boolean {
  return Math.round(gap / cw) === 0 && gap < OTHER_FACE_SPACE * cw && gap + 1 >= OTHER_FACE_SPACE * cw;
}

/**
 * Whether a gap of `gap` units between two typewriter runs (characters `cw` units wide) holds n or
 * n + 1 blanks as pdftohtml gives it: its positions and widths are whole units, so the gap is
 * known to a unit either side, and when that span crosses a half character both counts read the
 * page. A typewriter table whose columns the page places by length, not by character (ReportLab's
 * attribute synonyms at 16.5 characters, Texinfo's @multitable fractions), has no one right count
 * of blanks there; a listing's columns, on the character grid, stay exact.
 */
export function betweenColumns(gap: number, cw: number): boolean {
  const fewest = Math.round((gap - 1) / cw);
  return fewest >= 1 && Math.round((gap + 1) / cw) > fewest;
}

/**
 * Does a typewriter run `d` units right of its block's left edge start off the block's character
 * grid (characters `cw` units wide): more than GRID_UNITS from a whole number of characters? A
 * listing's runs stand on the grid; a table's cells set in typewriter stand where the table puts
 * its columns (a Texinfo @multitable's `then` 9.6 characters in, `elif` 17.2; a LaTeX tabular of
 * GMPL's delimiters every 5.86 characters).
 */
export function offGrid(d: number, cw: number): boolean {
  return Math.abs(d - Math.round(d / cw) * cw) > GRID_UNITS;
}

/**
 * The blanks of a gap of `gap` units between two typewriter runs one of which starts off the
 * grid (offGrid): as few as it holds, one unit either side (pdftohtml's whole units), at least
 * one, then an EITHER_BLANK for each more it may hold. The page has no count of blanks there; a
 * reader placing each run at its nearest column (the service: round((x - left) / cw)) writes the
 * gap's whole characters or one more, and counting gap by gap as pdftohtml's runs come (3.54
 * characters: 4) or column by column (`elif` at 17, after `then` at 10 to 14: 3) both read the page.
 */
export function offGridBlanks(gap: number, cw: number): string {
  const fewest = Math.max(1, Math.floor((gap - 1) / cw));
  const most = Math.max(fewest, Math.ceil((gap + 1) / cw));
  return ' '.repeat(fewest) + EITHER_BLANK.repeat(most - fewest);
}

/**
 * A line's indentation, `d` units right of its block's left edge (characters `cw` units wide): the
 * characters it holds, and an EITHER_BLANK after them where pdftohtml's whole units (a unit either
 * side) leave it between two counts, as betweenColumns reads a gap inside a line. A line the page
 * sets half a character off its listing's grid (l2kurz's `align` example: `+\frac` 51 units in at
 * 7.85 a character) has no one count of blanks; a reader rounding either way reads the page.
 */
export function indentation(d: number, cw: number): string {
  const fewest = Math.max(0, Math.round((d - 1) / cw));
  return ' '.repeat(fewest) + (Math.round((d + 1) / cw) > fewest ? EITHER_BLANK : '');
}

/** Prose lines a page needs to show its text block's left edge. */
const EDGE_LINES = 3;

/**
 * The left edge of each page's text block: the leftmost x (to a unit) where 3+ of its prose (not
 * code) lines start. A page with fewer shows none.
 */
/** How far (its height, about an em) left of the text edge a margin name ends, at least... */
const MARGIN_GAP = 0.5;
/** ...and at most: a name hangs against the text (a slide's left column of code stands apart). */
const MARGIN_REACH = 3;

/**
 * Is a fragment a name in the left margin: typewriter with a letter, ending MARGIN_GAP to
 * MARGIN_REACH of its height left of its page's own text edge (`edge`, ownTextEdges; none known: no margin)?
 * doc.sty and l3doc set the names a paragraph or a listing defines there ("\\poemlines" beside its
 * code), and pdftohtml puts a name on the line of its baseline, so the listing's line seemed to
 * start in the margin and its code was indented twenty columns. `reach`: how far (heights) from the
 * edge it may end (Infinity for a name of a stack, which pdfCodeBlocks asks by its left).
 */
export function marginName(
  f: Pick<XmlFragment, 'left' | 'width' | 'height' | 'mono' | 'text'>,
  edge?: number,
  reach = MARGIN_REACH,
): boolean {
  const end = f.left + f.width;
  return (
    edge !== undefined &&
    f.mono &&
    /\p{L}/u.test(f.text) &&
    end < edge - MARGIN_GAP * f.height &&
    end >= edge - reach * f.height
  );
}

export function pageTextEdges(lines: readonly EdgeLine[]): Map<number, number> {
  return sideEdges(ownTextEdges(lines));
}

/** A line as ownTextEdges reads it: where it starts, and its runs when known. */
type EdgeLine = Pick<Line, 'page' | 'left' | 'mono'> & {
  parts?: readonly Pick<XmlFragment, 'left' | 'width' | 'height' | 'mono' | 'text'>[];
};

/** A page's edge from its lines' starts: the leftmost x where EDGE_LINES of them start. */
function edgesOf(lines: readonly EdgeLine[], counts: (l: EdgeLine) => boolean): Map<number, number> {
  const starts = new Map<number, Map<number, number>>();
  for (const l of lines) {
    if (l.mono || !counts(l)) continue;
    const at = starts.get(l.page) ?? new Map<number, number>();
    at.set(l.left, (at.get(l.left) ?? 0) + 1);
    starts.set(l.page, at);
  }
  const own = new Map<number, number>();
  for (const [page, at] of starts) {
    const x = leftmostEdge(at, EDGE_LINES);
    if (x !== undefined) own.set(page, x);
  }
  return own;
}

/**
 * Does a line of prose open with a name hung in the margin of a page whose edge (`edge`, from the
 * lines that open in a proportional face) is known: its first run is typewriter and a marginName?
 * pdftohtml puts a name doc.sty hangs in the margin on the line of prose beside it, so the line
 * seems to start at the name.
 */
export function opensWithMarginName(l: EdgeLine, edge: number | undefined): boolean {
  const first = l.parts?.find((p) => p.text.trim() !== '');
  return first !== undefined && marginName(first, edge);
}

/**
 * Each page's own text edge: the leftmost x where 3+ of its lines in a proportional face start (to
 * a point), save the lines that open with a name hung in the margin (opensWithMarginName, against
 * the edge the lines that open in a proportional face show). pageTextEdges evens them out over
 * each side's pages; a margin name is judged against its own page's (a slide whose side shows a
 * wider indent has no margin left of its own lines). verse.sty's documentation hangs three names of
 * one length, `\@vsxcentercr` over `\@vsicentercr` over `\start@vsline`, beside three lines of
 * prose: their left was the page's edge, and the stack of names above them a listing.
 */
export function ownTextEdges(lines: readonly EdgeLine[]): Map<number, number> {
  const proportional = edgesOf(lines, (l) => l.parts?.find((p) => p.text.trim() !== '')?.mono !== true);
  return edgesOf(lines, (l) => !opensWithMarginName(l, proportional.get(l.page)));
}

/**
 * Parts of a block whose distances from their page's text edge differ by at most this many
 * characters share one grid: code nests deeper than 12 columns (gri's `6.5 "Sun"` opening a page
 * at 18, under `3.5 "Thu"`); a listing going on in the other column of a two-column page is 40+
 * columns away. As the reader (pdf/code.ts).
 */
const SAME_GRID_CHARS = 30;

/**
 * The left edge each page's part of a block is indented from. A block on one page: its leftmost
 * line. A listing that runs onto the next page: when every page shows its text block's left edge
 * (`edges`, pageTextEdges) and the parts sit at nearly the same distance from it (SAME_GRID_CHARS
 * characters of `cw`), one grid: the least distance, from each page's edge. A part may be all
 * indented (the body of a function, a rule's continuation lines), and is indented so on the
 * page (GNU's Bison `dist:` rule: `-rm -rf` at 8 columns on the next page, not at 0). Otherwise
 * each part from its own leftmost line (two-sided pages shift the text block; the edge says by how much).
 */
export function partLefts(
  block: readonly Pick<Line, 'page' | 'left'>[],
  edges: ReadonlyMap<number, number>,
  cw: number,
): Map<number, number> {
  const lefts = new Map<number, number>();
  for (const l of block) lefts.set(l.page, Math.min(lefts.get(l.page) ?? Infinity, l.left));
  if (lefts.size < 2 || [...lefts.keys()].some((p) => !edges.has(p))) return lefts;
  const offsets = [...lefts].map(([p, x]) => x - edges.get(p)!);
  const least = Math.min(...offsets);
  if (Math.max(...offsets) - least > SAME_GRID_CHARS * cw) return lefts;
  for (const p of lefts.keys()) lefts.set(p, edges.get(p)! + least);
  return lefts;
}

/** One block's lines as text: fragments joined with the spaces their gaps hold, indented from the left edge of the block's part on their page. */
function blockText(block: Line[], edges: ReadonlyMap<number, number> = new Map()): string {
  const widths = block
    .flatMap((l) => l.parts)
    .filter((p) => p.text.length >= 2)
    .map(charWidth)
    .sort((a, b) => a - b);
  const cw = widths[Math.floor(widths.length / 2)] ?? 6;
  const lefts = partLefts(block, edges, cw);
  // A numbered listing: each line opens with its number, right-aligned as the page sets it, and a
  // space; a line without one (a wrapped line's rest) opens with as many blanks.
  const digits = Math.max(0, ...block.map((l) => (l.number ? l.number.text.trim().length : 0)));
  const lines = block.map((l) => {
    const lead = digits === 0 ? '' : l.number ? `${l.number.text.trim().padStart(digits)} ` : ' '.repeat(digits + 1);
    if (l.parts.length === 0) return lead.trimEnd();
    const left = lefts.get(l.page)!;
    let s = lead + (l.callout ? '' : indentation(l.left - left, cw));
    let x = l.left;
    let prev = l.parts[0]!;
    for (const p of l.parts) {
      // The hook of a wrap arrow: read as `-`, drawn as ↩ (see hookOf).
      if (hookOf(p, s)) {
        s = s.trimEnd() + '\u21A9';
        x = p.left + p.width;
        continue;
      }
      const gap = spacesFor(p.left - x, cw, !p.mono || !prev.mono);
      // After a prose comma (or `;`, `:`, `.`) before the next typewriter word, the word space
      // pdftohtml's units may hide (faceSpaceUnsure); a sign glued to code in another face stays glued.
      const unsure = p.mono && !prev.mono && /[,;:.]$/.test(prev.text) && faceSpaceUnsure(p.left - x, cw);
      if (x !== l.left && (gap > 0 || unsure) && !s.endsWith(' ') && !p.text.startsWith(' '))
        s += unsure
          ? EITHER_BLANK
          : p.mono && prev.mono && (offGrid(p.left - left, cw) || offGrid(prev.left - left, cw))
            ? offGridBlanks(p.left - x, cw)
            : p.mono && prev.mono && betweenColumns(p.left - x, cw)
              ? ' '.repeat(Math.round((p.left - x - 1) / cw)) + EITHER_BLANK
              : ' '.repeat(gap);
      s += p.text;
      x = p.left + p.width;
      prev = p;
    }
    return s.trimEnd();
  });
  const blanks = blankBefore(block);
  return joinBreakArrows(lines.flatMap((l, i) => (blanks[i] ? ['', l] : [l]))).join('\n');
}

/**
 * Doxygen's identifier break: `\+` in its LaTeX lets a long identifier break at the line's end
 * with a hooked arrow (← and ↩; poppler reads the hook, a glyph of the math italic font, as `-`)
 * right after the identifier's last character, and the identifier goes on at the start of the
 * next line. The source line is the two joined, without the arrow and without a space ("data_←-"
 * + "layout" is "data_layout"), as the reader joins them (clean.ts breakArrowAt). An arrow after a
 * space is no identifier break (a listing's wrap mark, a `←` in the code itself).
 */
const BREAK_ARROW = /(?<=\S)\u2190 ?[-\u2010\u21A9]?$/u;

/** The lines of a block with Doxygen's identifier breaks (BREAK_ARROW) joined. */
export function joinBreakArrows(lines: readonly string[]): string[] {
  const out: string[] = [];
  let open = false;
  for (const l of lines) {
    if (open) out[out.length - 1] += l.trimStart();
    else out.push(l);
    open = BREAK_ARROW.test(out.at(-1)!);
    if (open) out[out.length - 1] = out.at(-1)!.replace(BREAK_ARROW, '');
  }
  return out;
}

/** At most this many furniture lines between the last code line of a page and the first of the next. */
const FURNITURE_LINES = 4;
/** A running head or foot stands at the same top (to this many units) on other pages... */
const FURNITURE_TOP = 3;
/** A running head's place: where the first lines of this share of the pages are running heads. */
const HEAD_SHARE = 0.5;
/** ...this many of them at least. */
const FURNITURE_PAGES = 2;

/** A page number at a line's start or end: `17`, `11 / 86`, `3 of 40`, `3 sur 40`, `3 von 40`. */
const PAGE_NUMBER_AT_END =
  /^\d+(?: ?(?:\/|of|sur|de|von|di) ?\d+)?(?= |$)|(?<=^| )\d+(?: ?(?:\/|of|sur|de|von|di) ?\d+)?$/g;

/**
 * A line's text as furniture repeats it: blanks collapsed, a number at either end (the page's)
 * folded. A number inside the line stays: "New in version 1.6." opening one of Sphinx's pages and
 * "New in version 3.1." another are no running head.
 */
export const furnitureText = (l: Pick<Line, 'parts'>) =>
  l.parts
    .map((p) => p.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(PAGE_NUMBER_AT_END, '#');

/**
 * The page furniture among the prose lines of `lines`: a page number (digits or a roman numeral
 * alone), a line whose text, numbers aside, stands at the same top on 2+ other pages (a
 * running head, a foot), or a page's first line standing where the running heads of 2+ other
 * pages, each its page's first line, stand (a running head naming the current section). A heading that opens the next page is no furniture: its text is there
 * once, so two listings on either side of it are two blocks.
 */
export function furnitureLines(lines: readonly Line[]): Set<Line> {
  const at = new Map<string, Line[]>();
  for (const l of lines) {
    if (l.mono) continue;
    const k = furnitureText(l);
    const same = at.get(k);
    if (same) same.push(l);
    else at.set(k, [l]);
  }
  const out = new Set<Line>();
  for (const [k, same] of at)
    for (const l of same) {
      const pages = new Set(
        same.filter((o) => o.page !== l.page && Math.abs(o.top - l.top) <= FURNITURE_TOP).map((o) => o.page),
      );
      const anywhere = new Set(same.filter((o) => o.page !== l.page).map((o) => o.page));
      if (/^(?:#|[ivxlc]+)$/i.test(k) || repeatedInPlace(pages.size, anywhere.size)) out.add(l);
    }
  // A page's first line where the running heads of half the pages stand is its running head,
  // whatever its text: Doxygen's LaTeX heads each page with the current section's title
  // ("10.90 search_single.hpp  143"), which no other page repeats, and a source listing running
  // on over the page turn was read as two blocks. Half the pages: a subheading that opens a few
  // pages ("Synopsis" over a GLPK routine, repeated) is no running head, nor is the heading that
  // opens another page at its height.
  const first = new Map<number, Line>();
  for (const l of lines) {
    const f = first.get(l.page);
    if (!f || l.top < f.top) first.set(l.page, l);
  }
  const heads = [...out].filter((o) => first.get(o.page) === o);
  for (const l of first.values()) {
    if (l.mono || out.has(l)) continue;
    const pages = new Set(
      heads.filter((o) => o.page !== l.page && Math.abs(o.top - l.top) <= FURNITURE_TOP).map((o) => o.page),
    );
    if (pages.size >= Math.max(FURNITURE_PAGES, HEAD_SHARE * first.size)) out.add(l);
  }
  // The same at the foot (runningFoot): Sphinx's LaTeX foots an odd page with its section's title
  // and number ("7.3. Logical expressions  91"), which one other page repeats at most, and a
  // grammar running on over the page turn was read as two blocks.
  const last = new Map<number, Line>();
  for (const l of lines) {
    const f = last.get(l.page);
    if (!f || l.top > f.top) last.set(l.page, l);
  }
  const feet = [...out].filter((o) => last.get(o.page) === o);
  for (const l of last.values()) if (!out.has(l) && runningFoot(l, feet, last.size)) out.add(l);
  return out;
}

/** A running line stands at its place on this share of the pages that show its text at least. */
const IN_PLACE_SHARE = 0.2;

/**
 * Is a line whose text stands at its top on `inPlace` other pages, and anywhere on `elsewhere`
 * other pages, a running head or foot: on FURNITURE_PAGES pages or more, and on IN_PLACE_SHARE
 * of the pages that show its text at least? A running line stands where it stands, or near it
 * (Sphinx's "(continues on next page)" under a listing at a page's foot: 18 of 29 at one top, the
 * others within a few units of 1059); a subheading that opens every entry of a reference manual
 * ("Templates" over each of GNU Prolog's 229 predicates, 4 of them at a page's last line by
 * chance) stands wherever its entry starts. Read as a foot, it joined a wrapped title's
 * typewriter line at the page's foot to the next page's listing.
 */
export function repeatedInPlace(inPlace: number, elsewhere: number): boolean {
  return inPlace >= FURNITURE_PAGES && inPlace >= IN_PLACE_SHARE * elsewhere;
}

/**
 * Is line `l`, its page's last, a running foot: not code, and standing where the running feet of
 * half the `pages` (HEAD_SHARE), 2 at least, stand (`feet`: the furniture lines that are their
 * page's last line; FURNITURE_TOP units either way)? Its text may be its page's own (the section
 * it is in); its place says what it is, as a page's first line at the running heads' place is its
 * running head. A body line that ends a page short of the foot stands above the feet.
 */
export function runningFoot(
  l: Pick<Line, 'page' | 'top' | 'mono'>,
  feet: readonly Pick<Line, 'page' | 'top'>[],
  pages: number,
): boolean {
  if (l.mono) return false;
  const at = new Set(
    feet.filter((o) => o.page !== l.page && Math.abs(o.top - l.top) <= FURNITURE_TOP).map((o) => o.page),
  );
  return at.size >= Math.max(FURNITURE_PAGES, HEAD_SHARE * pages);
}

/**
 * The code blocks of a run of fragments: 2+ consecutive code lines of one size of type (a heading
 * or a footnote in typewriter is no line of a listing: the reader's otherSize), each under the last on its
 * page (within 3.2 line heights: a blank line inside a listing is about 2.5) and within the
 * block's column (from two characters left of its left edge, columnLeft, to 40 characters right of it), as
 * text with their indentation. A listing that runs onto the next page stays one block when only
 * the page's furniture (its foot, the next one's head: furnitureLines) stands between its parts.
 */
/**
 * The text of every line of a born-digital PDF set wholly in typewriter (codeLine), alone or in a
 * block: a command displayed on a line of its own ("gri myscript" between two sentences) is no
 * listing of 2+ lines, yet no prose either (measures.ts proseBreaks leaves such lines out).
 */
export function pdfMonoLines(fragments: XmlFragment[]): string[] {
  return linesOf(fragments)
    .filter((l) => l.mono)
    .map((l) => l.parts.map((p) => p.text).join(' '));
}

export function pdfCodeBlocks(fragments: XmlFragment[]): string[] {
  return pdfCodeReference(fragments).code;
}

/** A PDF's code blocks (pdfCodeBlocks), and those the page parts from the block before by prose (partedByProse). */
export interface CodeReference {
  code: string[];
  /**
   * The blocks a line of prose in the body's type parts from the block before them: a listing of
   * their own, whatever their line numbers say (measures.ts listingLengths). doc.sty numbers every
   * line of a package's macrocode on from the last, across the paragraphs between them.
   */
  codeApart: Set<string>;
  /** The names hung in the left margin (marginName), left out of the code beside them: a macro's name, as doc.sty sets it where its code starts. */
  marginNames: Set<string>;
}

/** The type size most of a document's text in a proportional face is set in (fontspec sizes, by characters); undefined with none. */
export function bodyTypeSize(fragments: readonly Pick<XmlFragment, 'mono' | 'size' | 'text'>[]): number | undefined {
  const chars = new Map<number, number>();
  for (const f of fragments)
    if (!f.mono && f.size !== undefined) chars.set(f.size, (chars.get(f.size) ?? 0) + f.text.trim().length);
  let best: number | undefined;
  for (const [size, n] of chars)
    if (best === undefined || n > chars.get(best)! || (n === chars.get(best) && size > best)) best = size;
  return best;
}

/**
 * Do the lines between two code blocks (pdftohtml's order, page furniture left out) part them as
 * two listings: one of them is a line of prose (not typewriter, a letter in it) in the body's type
 * (`body`, bodyTypeSize; not a smaller size: otherPdftohtmlSize)? A footnote at a page's foot
 * between a listing's last line on the page and its next line on the next page (DocBook's
 * maint-guide: the rules file, numbered 1-5 then 6-17) parts nothing; doc.sty's paragraph between two
 * macrocode environments, numbered on one from the other, does.
 */
export function partedByProse(between: readonly Pick<Line, 'mono' | 'parts'>[], body: number | undefined): boolean {
  return between.some((l) => {
    if (l.mono || !l.parts.some((p) => /\p{L}/u.test(p.text))) return false;
    if (body === undefined) return true;
    const size = Math.max(...l.parts.filter((p) => /\p{L}/u.test(p.text)).map((p) => p.size ?? body));
    return size >= body || !otherPdftohtmlSize(size, body);
  });
}

export function pdfCodeReference(fragments: XmlFragment[]): CodeReference {
  // The names a LaTeX package's documentation sets in the left margin are no lines of the listing
  // beside them: read without them (as the reader, pdf/code.ts inLeftMargin).
  // A page of nothing but code (a package's implementation, its names hung beside it) shows no edge
  // of its own: it stands in its side's text block (sideEdges).
  const all = linesOf(fragments);
  const own = ownTextEdges(all);
  const marginEdges = new Map([
    ...sideEdges(
      own,
      all.map((l) => l.page),
    ),
    ...own,
  ]);
  const hung = new Set(fragments.filter((f) => marginName(f, marginEdges.get(f.page))));
  // A stack of names set left-aligned in the margin (l3doc's `values/format` over `icc/format`): a
  // shorter one, ending further from the text, starts where a name hung against it does.
  const lefts = new Set([...hung].map((f) => `${f.page}:${Math.round(f.left)}`));
  const named = new Set(
    fragments.filter(
      (f) =>
        hung.has(f) ||
        (marginName(f, marginEdges.get(f.page), Infinity) &&
          [-1, 0, 1].some((d) => lefts.has(`${f.page}:${Math.round(f.left) + d}`))),
    ),
  );
  // A name stands where nothing else starts: a slide's left column of code starts where its prose does.
  const starts = new Set(fragments.filter((f) => !named.has(f)).map((f) => `${f.page}:${Math.round(f.left)}`));
  const aside = (f: XmlFragment) => [-1, 0, 1].some((d) => starts.has(`${f.page}:${Math.round(f.left) + d}`));
  const margin = new Set([...named].filter((f) => !aside(f)));
  const lines = margin.size === 0 ? all : linesOf(fragments.filter((f) => !margin.has(f)));
  const furniture = furnitureLines(lines);
  const edges = pageTextEdges(lines);
  const blocks: Line[][] = [];
  let cur: Line[] = [];
  let between: Line[] = [];
  // The block's last known type size.
  let size: number | undefined;
  // The line just above a block: is it a row of the same table?
  const index = new Map(lines.map((l, i) => [l, i]));
  const neighbours = (block: Line[]): Line[] => {
    const above = lines[index.get(block[0]!)! - 1];
    const below = lines[index.get(block.at(-1)!)! + 1];
    return [
      ...(above && !above.mono && above.page === block[0]!.page && nextLine(above, block[0]!) ? [above] : []),
      ...(below && !below.mono && below.page === block.at(-1)!.page && nextLine(block.at(-1)!, below) ? [below] : []),
    ];
  };
  const byPage = new Map<number, Line[]>();
  for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  // The lines round a block, none of it, on its page: NEAR_LINES either side in pdftohtml's order,
  // and every line within NEAR_HEIGHTS of its lines' height above or below it (nearBlock).
  const near = (block: Line[]): Line[] => {
    const from = index.get(block[0]!)!;
    const to = index.get(block.at(-1)!)!;
    // A numbered blank line stands in the block as a copy of its page's line (its number its own).
    const mine = new Set(block.flatMap((l) => [...l.parts, ...(l.number ? [l.number] : [])]));
    const ordered = lines.slice(Math.max(0, from - NEAR_LINES), to + NEAR_LINES + 1);
    const placed = (byPage.get(block[0]!.page) ?? []).filter((l) => nearBlock(block, l));
    return [...new Set([...ordered, ...placed])].filter(
      (l) => l.page === block[0]!.page && !l.parts.some((p) => mine.has(p)),
    );
  };
  const rights = proseRights(lines);
  const close = () => {
    // A paragraph's last lines set in typewriter, still in its sentence, are no listing's lines.
    let k = 0;
    const above = cur.length > 0 ? lines[index.get(cur[0]!)! - 1] : undefined;
    while (k < cur.length && goesOnProse(k === 0 ? above : cur[k - 1], cur[k]!, k === 0, rights.get(cur[k]!.page))) k++;
    if (k > 0) cur = cur.slice(k);
    // A paragraph's first lines set in typewriter, its sentence going on in the text face under
    // them, are no listing's lines either (runsIntoProse).
    let e = cur.length;
    const under = cur.length > 0 ? lines[index.get(cur.at(-1)!)! + 1] : undefined;
    while (e > 0 && runsIntoProse(cur[e - 1]!, e === cur.length ? (under && !under.mono ? under : undefined) : cur[e]))
      e--;
    if (e < cur.length) cur = cur.slice(0, e);
    if (
      cur.length >= 2 &&
      !tableRowsOf(withLevelRuns(cur, near(cur)), neighbours(cur)) &&
      !symbolTable(cur) &&
      !cellsBeside(cur, near(cur)) &&
      !centredCell(cur)
    )
      blocks.push(cur);
    cur = [];
    between = [];
    size = undefined;
  };
  for (const l of lines) {
    // A numbered listing's blank line (numberedBlank), under the block's last line or opening the
    // next page after its furniture: a line of the block, its code column where its number sets it.
    const numberedLine = cur.findLast((x) => x.number !== undefined && x.parts.length > 0);
    const tail = cur.at(-1);
    if (!l.mono && tail && numberedLine) {
      const here = l.page === tail.page && between.length === 0 && nextLine(tail, l);
      const turned = l.page === tail.page + 1;
      const mark = numberedLine.number!;
      const cw = charWidth(numberedLine.parts.find((p) => p.mono && p.text.trim() !== '') ?? numberedLine.parts[0]!);
      const latest = cur.findLast((x) => x.number !== undefined)!.number!;
      if ((here || turned) && numberedBlank(latest, l, cw)) {
        const n = l.parts[0]!;
        const offset = numberedLine.left - (mark.left + mark.width);
        // It stands where a line of code would: its foot on the number's.
        const height = numberedLine.height;
        const top = n.top + n.height - height;
        cur.push({
          ...l,
          number: n,
          parts: [],
          mono: true,
          top,
          height,
          left: n.left + n.width + offset,
          right: n.left + n.width,
        });
        between = [];
        continue;
      }
    }
    if (!l.mono) {
      if (cur.length > 0 && furniture.has(l) && between.length < FURNITURE_LINES) between.push(l);
      else close();
      continue;
    }
    const last = cur.at(-1);
    if (last) {
      const turned = l.page === last.page + 1;
      if (between.length > 0 && !turned) close();
      else if (!turned) {
        const left = columnLeft(cur, l.page, edges);
        const cw = charWidth(l.parts.find((p) => p.mono && p.text.trim().length > 0) ?? l.parts[0]!);
        const under =
          nextLine(last, l) ||
          blankLinesOnGrid(cur, l) ||
          (l.callout === true &&
            l.page === last.page &&
            Math.abs(l.top - last.top) <= LEVEL * Math.max(l.height, last.height));
        const column = l.callout === true || (l.left >= left - 2 * cw && l.left <= left + 40 * cw);
        if (!(under && column) || (l.callout !== true && offGridAfterBlank(cur, l, cw))) close();
      }
    }
    // Another size of type: a heading set in typewriter, a footnote (the reader's otherSize).
    const own = lineTypeSize(l);
    if (cur.length > 0 && otherPdftohtmlSize(size, own)) close();
    size = own ?? size;
    between = [];
    cur.push(l);
  }
  close();
  const body = bodyTypeSize(fragments);
  const code: string[] = [];
  const codeApart = new Set<string>();
  // The last line before `i` in pdftohtml's order (a numbered blank line stands as a copy: none).
  const at = (block: Line[], last: boolean) => {
    const known = block.filter((l) => index.has(l));
    const l = last ? known.at(-1) : known[0];
    return l === undefined ? undefined : index.get(l);
  };
  let previous: Line[] | undefined;
  for (const b of blocks) {
    const text = blockText(b, edges);
    if (signsAlone(text)) continue;
    const from = previous && at(previous, true);
    const to = at(b, false);
    if (
      from !== undefined &&
      to !== undefined &&
      partedByProse(
        lines.slice(from + 1, to).filter((l) => !furniture.has(l)),
        body,
      )
    )
      codeApart.add(text);
    code.push(text);
    previous = b;
  }
  return { code, codeApart, marginNames: new Set([...margin].map((f) => f.text.trim())) };
}

/**
 * Does a block hold signs alone, no letter and no digit? Such typewriter lines are a table of
 * signs or a formula, never a listing: a formula's stacked alternatives (GLPK's and GMPL's
 * constraint forms: `<=`, `>=`, `=` one above the other between the sum and the right-hand side,
 * centred on one another, so off any listing's grid), a table of a language's delimiters (GMPL's
 * `+  **  <=  >  &&`), a table of what is typed and what is printed (lshort's ligatures: `--  –`,
 * `!‘  ¡`, where the printed sign stands in the cell beside the typed one). pdftohtml reads each as
 * typewriter lines with nothing else in them, a listing to the reference. A listing's part always
 * holds a name, a number or a word.
 */
export function signsAlone(block: string): boolean {
  return !/[\p{L}\p{N}]/u.test(block);
}

/**
 * Does typewriter line `l` open another listing than `block`'s: a blank line or more above it
 * (BLANK_STEP of the block's closest line step on its page, or of its last line's size when the
 * block has one line there), and its text starting off the character grid (offGrid) of the block's
 * first line on that page? A listing sets every line on one grid, blank lines and all; two listings
 * one under the other are set apart by glue, at the left each environment gives them. l3doc's
 * key documentation: the initial values set as a verbatim block (at 269), a blank, then an
 * example's source (a blank and its text at 258: 265.8, 0.4 character off), read as one listing
 * because the gap between them is a blank line's. Judged by lines that open with a letter, a digit
 * or a backslash only.
 */
export function offGridAfterBlank(
  block: readonly Pick<Line, 'page' | 'top' | 'left' | 'height' | 'parts'>[],
  l: Pick<Line, 'page' | 'top' | 'left' | 'height' | 'parts'>,
  cw: number,
): boolean {
  const last = block.at(-1);
  if (!last || last.page !== l.page || cw <= 0) return false;
  const here = block.filter((x) => x.page === l.page);
  let step = Infinity;
  for (let i = 1; i < here.length; i++) {
    const dy = here[i]!.top - here[i - 1]!.top;
    if (dy > 0 && dy < step) step = dy;
  }
  if (!Number.isFinite(step)) step = lineSize(last);
  if (l.top - last.top < BLANK_STEP * step) return false;
  // Where a line's text starts: its first run's left past the blanks it opens with. Only a
  // letter, a digit or a backslash says where its column is: pdftohtml places a bracket by its
  // glyph's box (lshort's `{\renewcommand` 3 units left of the `\hline` under it).
  const start = (x: Pick<Line, 'left' | 'parts'>) => {
    const first = x.parts.find((p) => p.text.trim() !== '');
    if (!first || !/^[\p{L}\p{N}\\]/u.test(first.text.trimStart())) return undefined;
    return first.left + (first.text.length - first.text.trimStart().length) * cw;
  };
  const a = start(here[0]!);
  const b = start(l);
  return a !== undefined && b !== undefined && offGrid(b - a, cw);
}

/**
 * Each page's right text edge: the most common right end (to 1 unit) of its lines of prose (not
 * `mono`), when 3 or more end there (the full lines of justified text share it), else the
 * rightmost (the reader's rightMargin).
 */
export function proseRights(lines: readonly Pick<Line, 'page' | 'right' | 'mono'>[]): Map<number, number> {
  const counts = new Map<number, Map<number, number>>();
  for (const l of lines) {
    if (l.mono) continue;
    let m = counts.get(l.page);
    if (!m) counts.set(l.page, (m = new Map<number, number>()));
    const k = Math.round(l.right);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  const out = new Map<number, number>();
  for (const [page, m] of counts) {
    let best = Math.max(...m.keys());
    let bn = 2;
    for (const [k, n] of m) if (n > bn || (n === bn && k > best)) [best, bn] = [k, n];
    out.set(page, best);
  }
  return out;
}

/** A step down of at most this many line sizes: the next line of a paragraph, no blank line between. */
const PARAGRAPH_STEP = 1.5;

/** A paragraph's first line stands at most this many line sizes right of its next (LaTeX's \\parindent: 1.5 em). */
const PARAGRAPH_INDENT = 2.5;

/**
 * Does line `l` start where the paragraph of line `above` does: at its left, or, `above` being
 * the paragraph's first line, left of it by the paragraph's indentation (freefem's "The file
 * format ... on nuxx," 25 units in, then its `nuyy)` at the text's edge). A line further right
 * than `above` is indented: a listing's.
 */
export function sameParagraphLeft(
  above: Pick<Line, 'left' | 'height' | 'parts'>,
  l: Pick<Line, 'left' | 'height' | 'parts'>,
): boolean {
  const d = above.left - l.left;
  return d >= -1.5 && d <= Math.max(1.5, PARAGRAPH_INDENT * lineSize(above));
}

/**
 * Does typewriter line `l` go on with the paragraph whose line `above` stands right above it, as
 * the page shows it: `above` is justified to the page's right text edge (`right`, proseRights),
 * `l` starts where it starts or its first line's indentation left of it (sameParagraphLeft), one line step below, and holds type of the text face (the stop
 * of `\tabcolsep.`, the commas of a list of paper sizes). `first`: `above` must then be a line
 * of prose; a later line goes on with a typewriter line so taken. A listing after its
 * paragraph stands apart or is indented; a line of code has no type of another face.
 */
export function goesOnProse(
  above: Pick<Line, 'page' | 'top' | 'left' | 'right' | 'height' | 'mono' | 'parts'> | undefined,
  l: Pick<Line, 'page' | 'top' | 'left' | 'height' | 'parts'>,
  first: boolean,
  right: number | undefined,
): boolean {
  if (!above || right === undefined || above.page !== l.page || (first && above.mono)) return false;
  // A table's row (a symbol and its command in columns) is no line of a paragraph.
  if (columnStarts(l).length > 1 || columnStarts(above).length > 1) return false;
  // Full: to half a line's size (pdftohtml's edges of justified lines differ by a few units).
  if (above.right < right - lineSize(above) / 2 || !sameParagraphLeft(above, l)) return false;
  const step = l.top - above.top;
  if (step <= 0 || step > PARAGRAPH_STEP * Math.max(lineSize(l), lineSize(above))) return false;
  return l.parts.some((p) => !p.mono && p.text.trim() !== '');
}

/**
 * Does typewriter line `l` run into the line `below` as a paragraph's line does: `l` ends with a
 * comma of the text face (its sentence goes on; a line of code has no type of another face at its
 * end, and a listing's line holding a meta-variable in the text face ends as the code does:
 * cursolatex's `sem extensão};`), and `below` starts at its left (to 1.5 units) one line step
 * under it (PARAGRAPH_STEP)? GNU Prolog's error tables set a condition
 * `Property = file_name(E), mode(E), alias(E),` / `end_of_stream(E), eof_action(E),` and go on
 * `reposition(E), type(E) or buffering(E) and` in the text face: one sentence, no listing. The
 * mirror of goesOnProse, which takes such lines off a block's head.
 */
export function runsIntoProse(
  l: Pick<Line, 'page' | 'top' | 'left' | 'height' | 'parts'>,
  below: Pick<Line, 'page' | 'top' | 'left' | 'height' | 'parts'> | undefined,
): boolean {
  if (!below || below.page !== l.page || Math.abs(below.left - l.left) > 1.5) return false;
  const end = l.parts.findLast((p) => p.text.trim() !== '');
  if (!end || end.mono || !/,$/.test(end.text.trim())) return false;
  const step = below.top - l.top;
  return step > 0 && step <= PARAGRAPH_STEP * Math.max(lineSize(l), lineSize(below));
}

/** A gap of this many character widths between two runs of a line parts two columns of a table. */
const COLUMN_GAP_CHARS = 4;

/** The left edges of a line's columns: its first run's, and each run's after a gap of COLUMN_GAP_CHARS characters or more. */
export function columnStarts(l: Pick<Line, 'parts'>): number[] {
  const runs = l.parts.filter((p) => p.text.trim() !== '');
  const mono = runs.find((p) => p.mono && [...p.text].length >= 2) ?? runs[0];
  const cw = mono ? charWidth(mono) : 6;
  const out: number[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const p of runs) {
    if (p.left - end >= COLUMN_GAP_CHARS * cw) out.push(p.left);
    end = Math.max(end, p.left + p.width);
  }
  return out;
}

/**
 * The lines of `block` each with the runs of `near` that stand level with it (LEVEL) and right
 * of its end, in order: the page's row as it shows it. pdftohtml gives a table's wrapped cell
 * before the cell beside it (why3's `type ... invariant { ... self.foo ...` / `}`, then
 * `type ... invariant { ... foo ... }` level with the first), so the block's line holds one
 * column where the page's row holds two. For tableRowsOf; the block's text is its own lines'.
 */
export function withLevelRuns<L extends Pick<Line, 'page' | 'top' | 'height' | 'right' | 'parts'>>(
  block: readonly L[],
  near: readonly Pick<Line, 'page' | 'top' | 'height' | 'left' | 'parts'>[],
): L[] {
  return block.map((l) => {
    const beside = near.filter((o) => o.page === l.page && level(l, o) && o.left >= l.right);
    if (beside.length === 0) return l;
    return { ...l, parts: [...l.parts, ...beside.flatMap((o) => o.parts)].sort((a, b) => a.left - b.left) };
  });
}

/**
 * Are the code lines `block` rows of a table whose other rows are not all code? A line next to
 * the block (`neighbours`: the line just above it or just below it, not code, the next line of the
 * page) is set in two or more columns, and every line of the block starts its columns where that
 * line starts one (within a character), most of them in two or more: camlidl's table of base
 * types (`hyper, long long, __int64 | int64` under `int, long with [int64] attribute | int64`),
 * why3's table of syntax changes (`'L: | label L in` under `function f ... | let function f ...
 * if called in programs`). The page rules a table there; the reader reads its rows (tables.ts),
 * each row one line, as a table's rows are kept. A listing with comments aligned in a column has
 * no prose line in the same columns beside it.
 */
export function tableRowsOf(
  block: readonly Pick<Line, 'parts'>[],
  neighbours: readonly Pick<Line, 'parts'>[],
): boolean {
  const cols = block.map(columnStarts);
  if (cols.filter((c) => c.length >= 2).length * 2 <= cols.length) return false;
  return neighbours.some((n) => {
    const own = columnStarts(n);
    const runs = n.parts.filter((p) => p.text.trim() !== '');
    const cw = charWidth(block[0]!.parts.find((p) => p.mono && [...p.text].length >= 2) ?? runs[0]!);
    if (own.length >= 2 && cols.every((c) => c.every((x) => own.some((y) => Math.abs(x - y) <= cw)))) return true;
    return headerOver(block, n, cw);
  });
}

/** Runs of a header row this many character widths apart or more are two of its cells. */
const HEADER_GAP_CHARS = 2;

/**
 * Is line `n` (prose, right above or below the code lines `block`) the header row of the table
 * whose rows they are: two cells or more (its runs parted by HEADER_GAP_CHARS characters or more),
 * and each column of each line of the block (columnStarts) starting inside a cell of its own, to a
 * character (`cw`)? A header's words fill its cells where its rows' values are short, so its cells
 * stand closer than columnStarts' gap, and a value is set under its header centred or to its right
 * as well as to its left: GNU Prolog's `Priority  Specifier  Operators` over `1200  xfx  :- -->`.
 * A sentence is one cell; a sentence with a typewriter word in it has its runs a blank apart.
 */
export function headerOver(block: readonly Pick<Line, 'parts'>[], n: Pick<Line, 'parts'>, cw: number): boolean {
  const cells: { left: number; right: number }[] = [];
  for (const p of n.parts) {
    if (p.text.trim() === '') continue;
    const last = cells.at(-1);
    if (last && p.left - last.right < HEADER_GAP_CHARS * cw) last.right = Math.max(last.right, p.left + p.width);
    else cells.push({ left: p.left, right: p.left + p.width });
  }
  if (cells.length < 2) return false;
  return block.every((l) => {
    const at = columnStarts(l).map((x) => cells.findIndex((c) => x >= c.left - cw && x <= c.right + cw));
    return at.every((i) => i >= 0) && new Set(at).size === at.length;
  });
}

/** How many lines before and after a block, in pdftohtml's order, cellsBeside looks at. */
const NEAR_LINES = 3;

/** How many of a block's line heights above and below it cellsBeside looks, whatever pdftohtml's order. */
const NEAR_HEIGHTS = 3;

/**
 * Does line `l` stand round the lines `block` on their page, within NEAR_HEIGHTS of the block's
 * first line's height above or below them? pdftohtml gives a table's cells column by column, so a
 * row's neighbours may be more than NEAR_LINES lines away in its order: GNU Prolog's error table
 * gives a row's condition, then its error term wrapped over two lines, and the row above (the
 * condition `SorA has stream property reposition(false)`) stands four lines before the next
 * term. The page's geometry says which rows stand round a block.
 */
export function nearBlock(
  block: readonly Pick<Line, 'page' | 'top' | 'height'>[],
  l: Pick<Line, 'page' | 'top' | 'height'>,
): boolean {
  const first = block[0];
  if (!first || l.page !== first.page) return false;
  const top = Math.min(...block.map((b) => b.top));
  const bottom = Math.max(...block.map((b) => b.top + b.height));
  const reach = NEAR_HEIGHTS * first.height;
  return l.top + l.height >= top - reach && l.top <= bottom + reach;
}

/** Two lines whose tops differ by at most this share of the taller's height are level (linesOf's tolerance). */
const LEVEL = 0.3;

/** A row of a table stands at most this many line heights above or below the next, edge to edge. */
const ROW_GAP = 1.5;

/** A cell wraps onto at most this many lines; a listing may be longer. */
const CELL_LINES = 3;

type Placed = Pick<Line, 'page' | 'top' | 'height' | 'left' | 'right' | 'mono' | 'parts'>;

/**
 * Does line `o` stand beside line `l` on the page: on its page, their boxes overlapping top to
 * bottom, `o` wholly left of `l`, and not level with it (their tops apart by more than LEVEL of
 * the taller's height: two lines level on a page are one line to linesOf unless its order parts
 * them)?
 */
export function besideOf(
  l: Pick<Line, 'page' | 'top' | 'height' | 'left'>,
  o: Pick<Line, 'page' | 'top' | 'height' | 'right'>,
): boolean {
  if (l.page !== o.page) return false;
  const overlap = Math.min(l.top + l.height, o.top + o.height) - Math.max(l.top, o.top);
  return overlap > 0 && !level(l, o) && o.right <= l.left;
}

/** Are two lines level: their tops apart by at most LEVEL of the taller's height? */
const level = (a: Pick<Line, 'top' | 'height'>, b: Pick<Line, 'top' | 'height'>): boolean =>
  Math.abs(a.top - b.top) <= LEVEL * Math.max(a.height, b.height);

/**
 * Are the typewriter lines `block` one cell of a table's column, wrapped, not a listing? A
 * reference manual's error table sets its error term in typewriter in the right column, its
 * condition in roman on the left, centred on the row. pdftohtml gives the condition's lines
 * before the term's, so the term's lines make a block of their own. Two shapes, CELL_LINES lines
 * at most, `near` the lines round the block in pdftohtml's order (on its page, none of its own):
 * - a term wrapped onto two lines (`permission_error(reposition,` over `binary_stream, SorA)`)
 *   beside the condition's one line, which straddles them, level with neither (besideOf; a table
 *   of priorities whose operators wrap beside the row's `700 xfx` the same); another row right
 *   above or below (ROW_GAP) holds a run where that line starts and a typewriter run where the
 *   block starts (within a character), on one line or on two (that row wrapped too);
 * - a condition wrapped as often as the term, each of its lines of prose level with one of the
 *   block's and left of it, all starting at one edge; another row right above or below, the same.
 * The reader reads such a row as a table's, its cells on one line (`cond | term`). A listing set
 * beside its output (a LaTeX tutorial's code and what it prints) has its output's lines each
 * beside one of its own, none straddling two, and the next example (a line with a run at each
 * edge) stands a paragraph away (l2kurz's `Nicht Auflage (Au-fl-age) \\` examples).
 */
export function cellsBeside(block: readonly Placed[], near: readonly Placed[]): boolean {
  if (block.length > CELL_LINES) return false;
  const cw = charWidth(block[0]!.parts.find((p) => p.mono && p.text.trim() !== '') ?? block[0]!.parts[0]!);
  // The row's extent: the block's, and the lines of its other cell (wholly left of it) that it
  // overlaps, which may wrap onto more lines than the block (rowExtent).
  const [top, bottom] = rowExtent(block, near);
  // A row of the same table: right above the row or right below it, no blank line between.
  const h = block[0]!.height;
  const outside = (r: Placed) =>
    (r.top + r.height <= top && top - (r.top + r.height) <= ROW_GAP * h) ||
    (r.top >= bottom && r.top - bottom <= ROW_GAP * h);
  const at = (r: Placed, x: number, mono: boolean) =>
    r.parts.some((p) => p.text.trim() !== '' && (!mono || p.mono) && Math.abs(p.left - x) <= cw);
  const left = block[0]!.left;
  // Another row of the same columns right above or below: a run where the other cell starts and a
  // typewriter run where the block starts, on one line or on two (that row wrapped too).
  const row = (x: number) =>
    near.some((r) => outside(r) && at(r, x, false)) && near.some((r) => outside(r) && at(r, left, true));
  // One line straddling two of the block's lines or more, level with none.
  const straddle = near.find((o) => {
    const over = block.filter((l) => Math.min(l.top + l.height, o.top + o.height) - Math.max(l.top, o.top) > 0);
    return over.length >= 2 && over.every((l) => besideOf(l, o));
  });
  if (straddle) return row(straddle.left);
  // The other cell wrapped as often, each of its lines of prose level with one of the block's.
  const partners = block.map((l) => near.find((o) => !o.mono && o.page === l.page && o.right <= l.left && level(l, o)));
  const first = partners[0];
  if (!first || !partners.every((o) => o !== undefined && Math.abs(o.left - first.left) <= cw)) return false;
  return row(first.left);
}

/**
 * The top and bottom of the table row a block of typewriter lines stands in: the block's lines,
 * and the lines of `near` wholly left of the block (its row's other cell) that overlap them top
 * to bottom, and so on, each overlap widening the row. A condition wrapped onto three lines beside
 * an error term wrapped onto two (GNU Prolog's `an element E of the Options list is` /
 * `reposition(true) and it is not possible to` / `reposition this stream` beside
 * `permission_error(open, source_sink,` / `reposition(true))`) makes a row taller than the term:
 * the rows above and below stand round the row, not round the term.
 */
export function rowExtent(block: readonly Placed[], near: readonly Placed[]): [number, number] {
  let top = Math.min(...block.map((l) => l.top));
  let bottom = Math.max(...block.map((l) => l.top + l.height));
  const left = Math.min(...block.map((l) => l.left));
  const cells = near.filter((o) => o.page === block[0]!.page && o.right <= left);
  for (let changed = true; changed; ) {
    changed = false;
    for (const o of cells) {
      if (o.top + o.height <= top || o.top >= bottom) continue;
      if (o.top < top || o.top + o.height > bottom) {
        top = Math.min(top, o.top);
        bottom = Math.max(bottom, o.top + o.height);
        changed = true;
      }
    }
  }
  return [top, bottom];
}

/** The centres of a centred cell's lines stand this many units apart at most (pdftohtml's whole units, either edge). */
const CENTRE_UNITS = 2;

/**
 * Are the typewriter lines `block` a table cell's values set centred one under the other, not a
 * listing: their left edges apart by no whole number of characters (offGrid: a listing's lines
 * all start on its character grid, TeX setting each at the listing's margin plus its blanks), and
 * their centres one above the other (CENTRE_UNITS)? GNU Prolog's table of flags stacks a flag's
 * values in its cell, each centred (`toward_zero` over `down`; `atom`, `chars`, `codes`), beside
 * the description of each; the reader reads the row as a table's, its values in one cell.
 */
export function centredCell(block: readonly Pick<Line, 'left' | 'right' | 'parts'>[]): boolean {
  if (block.length < 2) return false;
  const run = block[0]!.parts.find((p) => p.mono && [...p.text.trim()].length >= 2);
  if (!run) return false;
  const cw = charWidth(run);
  const centre = (l: Pick<Line, 'left' | 'right'>) => (l.left + l.right) / 2;
  const c = centre(block[0]!);
  if (!block.every((l) => Math.abs(centre(l) - c) <= CENTRE_UNITS)) return false;
  return block.some((l) => offGrid(l.left - block[0]!.left, cw));
}

/** A symbol this many character widths or less before its command is that command's symbol. */
const SYMBOL_GAP_CHARS = 4;

/**
 * How many typewriter runs of a line stand in a table of symbols and the commands that make them:
 * runs that open a column (columnStarts: the run or its glyph) with a glyph of another face just before them (within
 * SYMBOL_GAP_CHARS characters, after the run before), a glyph poppler may read as nothing at all
 * (AMS's msam10 and msbm10 symbols map no Unicode: pdftohtml gives an empty run) or as a sign
 * (`}`, `'` for the same fonts' glyphs).
 */
export function symbolColumns(l: Pick<Line, 'parts'>): number {
  const starts = new Set(columnStarts(l));
  let n = 0;
  let end = Number.NEGATIVE_INFINITY;
  let glyph: { left: number; width: number } | undefined;
  for (const p of l.parts) {
    if (!p.mono && !/[\p{L}\p{N}]/u.test(p.text)) glyph = p.left >= end ? p : glyph;
    else if (p.mono && p.text.trim() !== '') {
      const near = glyph !== undefined && p.left - (glyph.left + glyph.width) <= SYMBOL_GAP_CHARS * charWidth(p);
      // The column opens at the run, or at its symbol when poppler reads the symbol as a sign.
      if (near && (starts.has(p.left) || starts.has(glyph!.left))) n++;
      glyph = undefined;
      end = p.left + p.width;
    } else glyph = undefined;
  }
  return n;
}

/**
 * Are the code lines `block` the rows of a table of symbols, each beside the command that makes it
 * (lshort's tables of AMS symbols: `⊞ \boxplus  ⊟ \boxminus  ⊝ \circleddash`), not a listing? Half
 * of its lines or more set two typewriter columns or more each after its symbol (symbolColumns).
 * The reference keeps only the typewriter runs, so such a block is a table with its symbols taken
 * out, which no reading of the page gives; the reader reads its rows as a table's. A listing's
 * line has no glyph of another face before its columns (Texinfo's `⇒` before a result is one
 * column; a callout's circle ends its line).
 */
export function symbolTable(block: readonly Pick<Line, 'parts'>[]): boolean {
  return block.filter((l) => symbolColumns(l) >= 2).length * 2 >= block.length;
}

/**
 * The type size of a line of code: its largest typewriter run holding a letter (`<fontspec
 * size>`), as the reader's typeSize; undefined when it has none (a line of digits or signs).
 */
export function lineTypeSize(l: Pick<Line, 'parts'>): number | undefined {
  let size: number | undefined;
  for (const p of l.parts)
    if (p.mono && p.size !== undefined && /\p{L}/u.test(p.text) && (size === undefined || p.size > size)) size = p.size;
  return size;
}

/**
 * Are two of pdftohtml's font sizes two sizes of type (the reader's otherTypeSize)? They are
 * whole units (at its zoom of 1.5), so each may be half a unit off: the ratio is taken over the
 * nearest the two can be (LaTeX's \small, 13.5, written 13 against \normalsize's 15 is one size;
 * a Texinfo heading's 20 against 16 and ReportLab's 21 against 12 are two).
 */
export function otherPdftohtmlSize(a: number | undefined, b: number | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  return otherTypeSize(Math.max(a, b) - 0.5, Math.min(a, b) + 0.5);
}

/** A line's height on the page: its tallest run's box, or its font's size where that is more. */
const lineSize = (l: Pick<Line, 'parts' | 'height'>) =>
  Math.max(l.height, ...l.parts.map((p) => Math.max(p.height, p.size ?? 0)));

/** A step this many line sizes down at most: the next line of a block (a blank line between is about 2.5). */
const NEXT_LINE_SIZES = 3.2;

/**
 * Is `l` the next line of a block whose last line is `last`: under it on its page, within
 * NEXT_LINE_SIZES of the taller line's size? The size is the font's where pdftohtml's box is
 * smaller: a Courier-like face (Nimbus Mono, DocBook's dblatex listings) has a box 10 units high at
 * size 13, so one blank line inside a listing (a step of 33 where lines are 16.5 apart) was 3.3
 * box heights and cut the listing in two; it is 2.5 sizes.
 */
export function nextLine(
  last: Pick<Line, 'top' | 'parts' | 'height'>,
  l: Pick<Line, 'top' | 'parts' | 'height'>,
): boolean {
  return l.top > last.top && l.top - last.top <= NEXT_LINE_SIZES * Math.max(lineSize(l), lineSize(last));
}

/** The most blank lines a listing sets on its own line grid (blankLinesOnGrid); a wider gap parts two listings. */
const GRID_BLANK_LINES = 3;

/**
 * Is `l` the next line of the listing `block` past blank lines the listing sets on its own grid:
 * on the page of the block's last line, a whole number of the block's closest line step under it
 * (2 to GRID_BLANK_LINES + 1 steps, to GRID_UNITS or a tenth of a step, whichever is more; the
 * step the mean of its single steps, as pdftohtml's whole units round each)? A
 * verbatim listing (Texinfo's @example, LaTeX's verbatim, Sphinx's literal blocks) sets each
 * blank line of its source as a line, so an author's two blank lines parting a listing's sections
 * step down exactly three lines (gri's test files: 53 units at 18 a line), past nextLine's reach;
 * the page shows one listing, and the reader keeps it one (code.ts blankLines). Two listings set
 * apart stand on no common grid but by chance: the skip between them is glue, not lines. Needs
 * two lines of the block on one page to know its step.
 */
export function blankLinesOnGrid(block: readonly Pick<Line, 'page' | 'top'>[], l: Pick<Line, 'page' | 'top'>): boolean {
  const last = block.at(-1);
  if (!last || last.page !== l.page) return false;
  const steps: number[] = [];
  for (let i = 1; i < block.length; i++)
    if (block[i]!.page === block[i - 1]!.page && block[i]!.top > block[i - 1]!.top)
      steps.push(block[i]!.top - block[i - 1]!.top);
  if (steps.length === 0) return false;
  // The mean of the single steps (pdftohtml's whole units make them 17 or 18 where the grid is 17.9).
  const least = Math.min(...steps);
  const single = steps.filter((d) => d < BLANK_STEP * least);
  const step = single.reduce((a, d) => a + d, 0) / single.length;
  const dy = l.top - last.top;
  const k = Math.round(dy / step);
  return k >= 2 && k <= GRID_BLANK_LINES + 1 && Math.abs(dy - k * step) <= Math.max(GRID_UNITS, 0.1 * step);
}

/** A step this many times the block's closest line step leaves a blank line (the reader's BLANK_STEP). */
const BLANK_STEP = 1.7;

/**
 * Which lines of a block have a blank line before them, as the page shows it: a step down from
 * the line before on the same page clearly wider (BLANK_STEP) than the block's closest step. The
 * blank lines are part of the listing's text as a chunk must hold it (the reader keeps them): a
 * listing of 1197 characters and 14 blank lines does not fit a chunk of 1200, and is measured as
 * a listing longer than a chunk.
 */
export function blankBefore(block: readonly Pick<Line, 'page' | 'top'>[]): boolean[] {
  let step = Infinity;
  for (let i = 1; i < block.length; i++) {
    const dy = block[i]!.page === block[i - 1]!.page ? block[i]!.top - block[i - 1]!.top : 0;
    if (dy > 0 && dy < step) step = dy;
  }
  return block.map((l, i) => i > 0 && block[i - 1]!.page === l.page && l.top - block[i - 1]!.top >= BLANK_STEP * step);
}

/**
 * The left edge of a block's column on `page`: its leftmost line there, or, when the block came
 * from the page before, that page's part's left edge where the same distance from the text edge
 * puts it on this page (`edges`, the pages' text edges; the same x when either is unknown),
 * whichever is further left. A listing that runs on onto the next page may go on with indented
 * lines only (a grammar rule's alternatives, `| "{" loop_annot* stmt* "}"`), and its next rule at
 * the margin (`loop_annot ::= ...`) is in the same column, not a new block.
 */
export function columnLeft(
  block: readonly Pick<Line, 'page' | 'left'>[],
  page: number,
  edges: ReadonlyMap<number, number>,
): number {
  const here = Math.min(...block.filter((x) => x.page === page).map((x) => x.left));
  const before = block.filter((x) => x.page < page);
  if (before.length === 0) return here;
  const prev = before.at(-1)!.page;
  const left = Math.min(...before.filter((x) => x.page === prev).map((x) => x.left));
  const shift = edges.has(prev) && edges.has(page) ? edges.get(page)! - edges.get(prev)! : 0;
  return Math.min(here, left + shift);
}

/**
 * The code blocks that are no part of a title of the outline: a title set in typewriter and
 * wrapped over lines (ReportLab's "9.1 Preformatted(text, style, bulletText=None, dedent=0,
 * maxLineLength=None, ..." over three lines) is a heading the page shows, read as one line, not
 * a listing. A block is a title's part when its lines, trimmed and joined by one space, stand in
 * one outline title (spaces folded).
 */
export function withoutTitleParts(blocks: readonly string[], outline: readonly string[]): string[] {
  const fold = (s: string) => s.replaceAll(EITHER_BLANK, ' ').replace(/\s+/g, ' ').trim();
  const titles = outline.map(fold).filter((t) => t.length > 0);
  return blocks.filter((b) => {
    const joined = fold(
      b
        .split('\n')
        .map((l) => l.trim())
        .join(' '),
    );
    return !titles.some((t) => t.includes(joined));
  });
}

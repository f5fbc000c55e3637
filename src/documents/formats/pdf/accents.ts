// Spacing accents drawn over a letter, read as the letter they make. TeX's OT1 fonts have no
// accented letters: "\'e" draws an acute glyph and an e kerned back under it, and a math accent
// (\hat{a}) draws a circumflex over the letter. pdf.js hands them over as two items, so a page
// that shows "Pélissier", "Lefèvre", "â" read "P´elissier", "Lef`evre", "aˆ": words that no search
// for the word finds (poppler composes them). Only an accent drawn over the letter is composed: a
// caret or a backquote in its own place ("x^y", "`command`") is a character of its own.
import type { RawItem } from './types.ts';

/** Spacing accents and the combining marks they stand for. */
export const SPACING_ACCENTS: Readonly<Record<string, string>> = {
  '\u0060': '\u0300', // ` grave
  '\u00B4': '\u0301', // ´ acute
  '\u02C6': '\u0302', // ˆ circumflex
  '\u02DC': '\u0303', // ˜ tilde
  '\u00AF': '\u0304', // ¯ macron
  '\u02C9': '\u0304', // ˉ modifier macron
  '\u02D8': '\u0306', // ˘ breve
  '\u02D9': '\u0307', // ˙ dot above
  '\u00A8': '\u0308', // ¨ dieresis
  '\u02DA': '\u030A', // ˚ ring
  '\u02DD': '\u030B', // ˝ double acute (Hungarian umlaut)
  '\u02C7': '\u030C', // ˇ caron
  '\u00B8': '\u0327', // ¸ cedilla
  '\u02DB': '\u0328', // ˛ ogonek
};

/** Combining marks and the spacing accents that show them alone (SPACING_ACCENTS reversed, first wins). */
const SPACING_FORMS: ReadonlyMap<string, string> = new Map(
  Object.entries(SPACING_ACCENTS)
    .reverse()
    .map(([spacing, mark]) => [mark, spacing]),
);

/** A combining mark at a line's start or after a blank: over nothing. */
const LOOSE_MARK = /(^|\s)([\u0300-\u036f])/gu;

/**
 * A line with each combining mark that stands over nothing (at the line's start or after a blank)
 * written as its spacing accent, where it has one (SPACING_ACCENTS). A font that maps its
 * backquote glyph to the combining grave (XeTeX fonts under DBLaTeX: `stable' set as an opening
 * quote) gave "the \u0300 stable’": a mark that joins the blank before it on screen and in
 * search. Other marks alone (the long solidus of a \not) are kept.
 */
export function looseMarks(line: string): string {
  return line.replace(LOOSE_MARK, (m, before: string, mark: string) => {
    const spacing = SPACING_FORMS.get(mark);
    return spacing === undefined ? m : before + spacing;
  });
}

/** Dotless i and j, which TeX puts under an accent above: "\'{\i}" is "í". */
const DOTLESS: Readonly<Record<string, string>> = { '\u0131': 'i', '\u0237': 'j' };

const isAccent = (c: string | undefined): c is string => c !== undefined && SPACING_ACCENTS[c] !== undefined;
const isBase = (c: string | undefined): c is string => c !== undefined && !isAccent(c) && /^\p{L}$/u.test(c);

/** `letter` with `accent` over (or under) it: one character where Unicode has it, else the letter and a combining mark. */
export function composeAccent(letter: string, accent: string): string {
  const mark = SPACING_ACCENTS[accent];
  if (mark === undefined) return letter + accent;
  return ((DOTLESS[letter] ?? letter) + mark).normalize('NFC');
}

/** The index of the glyph of `it` under x (a glyph's span is its share of the item's width), or -1. */
function glyphAt(it: RawItem, chars: readonly string[], x: number): number {
  if (chars.length === 0 || it.width <= 0) return -1;
  const k = Math.floor(((x - it.x) / it.width) * chars.length);
  return k >= 0 && k < chars.length ? k : -1;
}

/** Marks drawn under the letter: every other spacing accent sits on or above its baseline. */
const BELOW = new Set(['\u00B8', '\u02DB']);
/** How far (em) below the letter's baseline an accent above may be drawn (rounding). */
const BASELINE_EM = 0.1;

/**
 * `it` with the letter under x composed with `accent` (drawn on baseline `y`), or undefined when
 * no letter is under x, or when a mark that goes above a letter is drawn below its baseline (the
 * bar under a raised "a", Spanish "1.ª", is no macron).
 */
function composedAt(it: RawItem, x: number, accent: string, y: number): RawItem | undefined {
  if (!BELOW.has(accent) && y < it.y - BASELINE_EM * it.size) return undefined;
  const chars = [...it.str];
  const k = glyphAt(it, chars, x);
  if (k < 0 || !isBase(chars[k])) return undefined;
  chars[k] = composeAccent(chars[k], accent);
  return { ...it, str: chars.join('') };
}

/**
 * The width of an item that ended with a spacing accent, the accent taken off (`chars`: its glyphs
 * with the accent; `next`: the x of the item whose letter the accent went over). A glyph's share of
 * the item's width is a guess: an accent is narrower than a capital ("M¨", 12 pt wide, the M 7.8 pt
 * of it). TeX's \accent sets the accent, then a kern back under which its letter starts where the
 * glyphs before the accent end; so where the accent went over the first letter of the next item
 * (`first`), the item ends where that item starts (within its own width): a guessed end short of it
 * read a word gap inside the word ("M öbius" for "Möbius").
 */
export function withoutAccentWidth(item: RawItem, chars: number, next: number, first: boolean): number {
  const share = (item.width * (chars - 1)) / chars;
  return first ? Math.max(share, Math.min(item.width, next - item.x)) : share;
}

/**
 * One row's items, left to right, with each spacing accent whose glyph is centred over a letter
 * of a neighbouring item composed with that letter: an accent item of its own (over a letter of
 * the item before or after it, as x order puts them), an item that opens with an accent (a math
 * accent drawn after its nucleus) or one that ends with an accent (TeX's \accent: the accent, a
 * kern back, the letter). A glyph's span is its share of its item's width. Items are copied where
 * they change; the input is not modified.
 */
export function composeAccents(items: readonly RawItem[]): RawItem[] {
  const out: RawItem[] = [];
  let pending: { x: number; y: number; accent: string } | undefined;
  for (let b of items) {
    if (pending) {
      // The accent ending the item before sits over a letter of this one.
      const composed = composedAt(b, pending.x, pending.accent, pending.y);
      if (composed) {
        const first = glyphAt(b, [...b.str], pending.x) === 0;
        b = composed;
        const a = out.at(-1)!;
        const ac = [...a.str];
        if (ac.length === 1) out.pop();
        else
          out[out.length - 1] = {
            ...a,
            str: ac.slice(0, -1).join(''),
            width: withoutAccentWidth(a, ac.length, b.x, first),
          };
      }
      pending = undefined;
    }
    const bc = [...b.str];
    const bw = bc.length > 0 ? b.width / bc.length : 0;
    const a = out.at(-1);
    if (a && isAccent(bc[0])) {
      // An accent opening this item over a letter of the item before.
      const composed = composedAt(a, b.x + bw / 2, bc[0], b.y);
      if (composed) {
        out[out.length - 1] = composed;
        if (bc.length === 1) continue;
        b = { ...b, str: bc.slice(1).join(''), x: b.x + bw, width: b.width - bw };
      }
    }
    out.push(b);
    const last = [...b.str].at(-1);
    if (isAccent(last)) {
      const w = b.width / [...b.str].length;
      pending = { x: b.x + b.width - w / 2, y: b.y, accent: last };
    }
  }
  return out;
}

/** Does any item hold a spacing accent (the cheap test before composeAccents)? */
export function hasAccent(items: readonly RawItem[]): boolean {
  return items.some((it) =>
    /[\u0060\u00B4\u02C6\u02DC\u00AF\u02C9\u02D8\u02D9\u00A8\u02DA\u02DD\u02C7\u00B8\u02DB]/u.test(it.str),
  );
}

/**
 * Combining overlays TeX draws before the symbol they strike through (\not's slash, the long
 * vertical line): at the start of a line or after a space (a relation's space before it), and
 * before a symbol. One after its symbol, or after a letter, is where Unicode wants it.
 */
const OVERLAY_BEFORE = /(^|\s)([\u0338\u20D2])([^\s\p{M}])/gu;

/**
 * A negated relation as it reads: TeX's \not is a zero-width slash drawn before the symbol it
 * strikes through (\neq is \not=, \notin's slash before ∈, \not\equiv), which pdf.js reads as a
 * combining long solidus overlay (U+0338) in front of its symbol, "̸=": a mark on nothing, then a
 * plain equals sign. The mark goes after its symbol, where Unicode puts a combining mark, and the
 * pair is composed where Unicode has the negated symbol ("=" + U+0338 is "≠", "∈" "∉", "≡" "≢");
 * elsewhere ("X" + U+0338) the pair stays decomposed, the slash over its letter.
 */
export function composeOverlays(text: string): string {
  if (!text.includes('\u0338') && !text.includes('\u20D2')) return text;
  return text.replace(
    OVERLAY_BEFORE,
    (_, before: string, mark: string, base: string) => before + (base + mark).normalize('NFC'),
  );
}

/** The circle and the "c" of plain TeX's \copyright, in either order, standing apart from any word. */
const COPYRIGHT_PARTS = /(?<![\p{L}\p{N}])c\u00A9|\u00A9c(?![\p{L}\p{N}])/gu;

/**
 * The copyright sign as printed. Plain TeX's \copyright, which Texinfo's @copyright{} and LaTeX's
 * \copyright (OT1) keep, overlays a "c" on a big circle from the math symbols font, a glyph named
 * "circlecopyrt" that pdf.js reads as "©": every such manual's copyright line reads "Copyright ©c
 * 1988-2022" (or "c© 2001", as the content stream orders the two), a stray letter and a sign no
 * search finds as it is typed. The pair, apart from any word on its left (before "c©") or right
 * (after "©c"), is the sign; a "c" inside a word next to a "©" is left alone.
 */
export function copyrightSigns(text: string): string {
  return text.includes('\u00A9') ? text.replace(COPYRIGHT_PARTS, '\u00A9') : text;
}

/**
 * A monospace line's setting (code.ts, its spaces kept by column) with its overlays composed as
 * composeOverlays composes a line's text. The setting gives \not's slash a column of its own before
 * its symbol (a symbol table in typewriter, "̸<   \not<"); where the pair composes into one
 * character ("≮") a space after it keeps the columns that follow where they were.
 */
export function composeSettingOverlays(text: string): string {
  if (!text.includes('\u0338') && !text.includes('\u20D2')) return text;
  return text.replace(OVERLAY_BEFORE, (_, before: string, mark: string, base: string) => {
    const composed = (base + mark).normalize('NFC');
    return before + composed + (composed.length < base.length + mark.length ? ' ' : '');
  });
}

/**
 * TeX's math symbol fonts (Computer Modern's cmsy and cmbsy at any size, Latin Modern's
 * LMMathSymbols), with or without a subset prefix.
 */
const TEX_MATH_SYMBOLS = /^(?:[A-Z]{6}\+)?(?:cmb?sy\d+|LMMathSymbols\d+(?:-\w+)?)$/i;

/**
 * The text of an item in a TeX math symbol font with \not's slash as the overlay it is. The fonts
 * name the glyph at code 0x36 "negationslash", a name outside the Adobe Glyph List, so pdf.js
 * reads the code's ASCII "6" ("a 6= b", "x 6∈ A", as pdftotext does); the fonts have no digit
 * glyphs, so every "6" of such an item is the slash, U+0338, which composeOverlays then joins
 * with its symbol ("≠", "∉").
 */
export function negationSlashes(str: string, font: string | undefined): string {
  return font !== undefined && str.includes('6') && TEX_MATH_SYMBOLS.test(font) ? str.replaceAll('6', '\u0338') : str;
}

/** Characters a quote spans at most. */
const QUOTE_SPAN = 120;

/**
 * Is the glyph at `at` the close of a quote opened at `from`: near it, and nothing between them a
 * spacing accent (a glyph table's row, "„ ‰ Â ... ˘ ˙ ˚ ¸ ˝ ˛ ˇ", is no quotation)?
 */
function quoted(chars: readonly string[], from: number | undefined, at: number): boolean {
  if (from === undefined || at - from > QUOTE_SPAN) return false;
  for (let k = from + 1; k < at; k++) if (isAccent(chars[k])) return false;
  return true;
}

/**
 * The Czech closing quote of the CS fonts (csr10, csti10, cstt10...), read as a caron. CSplain's
 * and CSLaTeX's \uv{...} sets „...“, and the CS fonts keep the closing “ at code 255 under the
 * glyph name "caron", which pdf.js reads as U+02C7: "režimu „filtrˇ," where the page prints
 * „filtr“. A spacing caron that closes a „ opened before it on the line (the nearest one not yet
 * closed) and is followed by no letter or hyphen is that quote; a caron before a letter (an accent left
 * uncomposed, "cˇas") or with no „ open is left alone, and so is one that a spacing accent or more
 * than 120 characters part from the „ (a glyph table's row).
 */
export function closingQuoteCarons(text: string): string {
  return closingQuoteMarks(text, '\u02C7');
}

/**
 * `text` with each `mark` that closes a „ opened before it (the nearest one not yet closed, within
 * 120 characters and no spacing accent between) and is followed by no letter or hyphen read as “:
 * the CS fonts' closing quote, which pdf.js reads as a caron (closingQuoteCarons) and poppler as
 * "ÿ" (the quality measure's reference).
 */
export function closingQuoteMarks(text: string, mark: string): string {
  if (!text.includes(mark) || !text.includes('\u201E')) return text;
  const open: number[] = [];
  let out = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\u201E') open.push(i);
    else if (c === '\u201C' && open.length > 0) open.pop();
    else if (c === mark && quoted(chars, open.at(-1), i) && !/^[\p{L}\p{M}-]$/u.test(chars[i + 1] ?? '')) {
      open.pop();
      out += '\u201C';
      continue;
    }
    out += c;
  }
  return out;
}

/** A combining grave with no letter under it, before a quoted token that a "’" closes. */
const ORPHAN_GRAVE = /(^|[^\p{L}\p{N}\p{M}])\u0300 ?(?=[^\s’][^’]*’)/gu;

/**
 * `line` with each combining grave accent that has no letter under it read as the opening quote
 * it stands for. XeTeX's DocBook output (dblatex, the Debian FAQ's translations) sets a typed
 * "`stable'" with the font's grave accent, which the font's ToUnicode maps to U+0300: the line
 * reads "distribuição ̀ stable’", a mark on a space (pdftotext drops it). Only a mark after a blank,
 * the line's start or a sign, opening a token that a "’" closes later on the line, is changed; a
 * grave over a letter ("à") is the letter's.
 */
export function orphanGraveQuotes(line: string): string {
  if (!line.includes('\u0300')) return line;
  return line.replace(ORPHAN_GRAVE, '$1\u2018');
}

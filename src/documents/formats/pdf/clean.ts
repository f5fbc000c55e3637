// Character-level normalisation and line joining (hyphenation). Linear, regex-light.
import { looseMarks, orphanGraveQuotes } from './accents.ts';
import type { MonoSetting } from './types.ts';
import { cjkJoin } from '../../cjk.ts';
import { median } from '../../median.ts';

/** A text that ends a sentence (or a line ending in a colon, over what it introduces), closing quotes or brackets after. */
export const SENTENCE_END = /[.!?:]["'”’)\]]*$/u;
/** A line that runs on from the one before: it opens in lower case or with an opening bracket. */
export const RUNS_ON = /^[\p{Ll}(]/u;

/** Latin ligatures (U+FB00-FB06) and the letters they stand for. */
export const LIGATURES: Readonly<Record<string, string>> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
};

// Odd spaces (NBSP, en/em/thin/hair spaces, narrow NBSP, ideographic...) become a plain space;
// zero-width characters, U+FFFD, C0/C1 controls and BOM go; ligatures are spelled out; TeX's
// asterisk (U+2217, which math mode and Doxygen's `$\ast$` draw for a typed `*`) is the `*`
// the author typed, so that code reads as code ("char *p", "x * y") and a search for it finds it.
// Old-style figures and small capitals that a font without a Unicode map names as Adobe's expert
// set does ("oneoldstyle", "Asmall": the Adobe Glyph List puts them at U+F730-F739 and
// U+F761-F77A, private use) are the digits and letters they draw: a section numbered in old-style
// figures ("3.2 Add missing zeros") reads as numbered, and "1.5" is found.
const ODD =
  /[\u00A0\u2000-\u200A\u202F\u205F\u3000\t\v\f]|[\u200B-\u200D\u2060\uFEFF\uFFFD\uE000\u0000-\u0008\u000E-\u001F\u007F-\u009F]|[\uFB00-\uFB06\u2217\uF730-\uF739\uF761-\uF77A]/g;

function replaceOdd(ch: string): string {
  const lig = LIGATURES[ch];
  if (lig !== undefined) return lig;
  const c = ch.charCodeAt(0);
  if (c === 0x2217) return '*';
  if (c >= 0xf730 && c <= 0xf739) return String.fromCharCode(c - 0xf730 + 0x30);
  if (c >= 0xf761 && c <= 0xf77a) return String.fromCharCode(c - 0xf761 + 0x61);
  if (
    c === 0x00a0 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 9 ||
    c === 11 ||
    c === 12
  )
    return ' ';
  return '';
}

/** Normalises one line: odd spaces, ligatures, invisible characters, `(cid:N)` leftovers, soft
 * hyphens inside the line (a trailing one is kept: it marks a line-end hyphenation), a grave
 * accent on no letter that opens a quote (orphanGraveQuotes), any other combining mark on no letter
 * as its spacing accent (looseMarks), a spacing circumflex or tilde inside a token as the `^` or
 * `~` typed (typedSigns). */
export function normalizeLine(s: string): string {
  let t = s.replace(ODD, replaceOdd);
  if (t.includes('(cid:')) t = t.replace(/\(cid:\d+\)/g, '');
  if (t.includes('\u00AD')) {
    const trailing = t.trimEnd().endsWith('\u00AD');
    t = t.replace(/\u00AD/g, '');
    if (trailing) t = t.trimEnd() + '\u00AD';
  }
  if (t.includes('  ')) t = t.replace(/ {2,}/g, ' ');
  // A grave on no letter that opens a quote, then any other mark on nothing (accents.ts).
  if (COMBINING.test(t)) t = looseMarks(orphanGraveQuotes(t));
  if (t.includes('\u02C6') || t.includes('\u02DC')) t = typedSigns(t);
  return t.trim();
}

/** A spacing circumflex or small tilde touching a character on either side: inside a token. */
const ACCENT_IN_TOKEN = /(?<=\S)[\u02C6\u02DC]|[\u02C6\u02DC](?=\S)/gu;

const SIGN_OF: Readonly<Record<string, string>> = { '\u02C6': '^', '\u02DC': '~' };
/** Every spacing circumflex and small tilde (code: normalizeSetting). */
const ANY_SIGN = /[\u02C6\u02DC]/gu;
const typedSign = (c: string) => SIGN_OF[c] ?? c;

/**
 * `line` with each spacing circumflex and small tilde that stands inside a token read as the `^`
 * or `~` typed. Fonts without an ASCII `^` or `~` (groff's Times, TeX's roman faces) draw the
 * accent for them, and `˜/.bashrc`, `${parameterˆpattern}`, `ˆC`, `xˆ2`, `/˜bush` are
 * `~/.bashrc`, `${parameter^pattern}`, `^C`, `x^2`, `/~bush` as typed and searched for. One
 * standing alone between blanks is kept as printed: the glyph itself, named or shown (a font's
 * encoding table, "the result, ˜, is not a proper tilde"). An accent over a letter is composed
 * before (accents.ts).
 */
export function typedSigns(line: string): string {
  return line.replace(ACCENT_IN_TOKEN, typedSign);
}

/** A combining diacritical mark (looseMarks). */
const COMBINING = /[\u0300-\u036f]/u;

/**
 * A monospace line's setting (code.ts) normalised as normalizeLine does a line, but its spaces
 * kept: odd spaces become plain ones (a leading one moves the line's start by an advance),
 * invisible characters go, ligatures are spelled out, spacing circumflexes and tildes are the `^`
 * and `~` typed, alone too (typedSigns).
 */
export function normalizeSetting(set: MonoSetting): MonoSetting {
  let t = set.text.replace(ODD, replaceOdd);
  // Code: every spacing circumflex and tilde is the `^` or `~` typed (an operator stands alone).
  if (t.includes('\u02C6') || t.includes('\u02DC')) t = t.replace(ANY_SIGN, typedSign);
  if (t.includes('(cid:')) t = t.replace(/\(cid:\d+\)/g, '');
  if (t.includes('\u00AD')) t = t.replace(/\u00AD/g, '');
  const lead = t.length - t.trimStart().length;
  return { ...set, text: t.trim(), x: set.x + lead * set.advance };
}

// When the document itself does not tell, these first parts of real compounds keep their hyphen
// at a line break ("well-" + "known"); everything else is taken for a typesetter's hyphenation.
const COMPOUND_PREFIXES = new Set([
  'well',
  'self',
  'non',
  'so',
  'all',
  'half',
  'cross',
  'third',
  'built',
  'user',
  'e',
  'x',
  'y',
  'z',
  'ill',
  'semi',
  'quasi',
  'pseudo',
  'multi',
  'co',
  'ex',
  'pre',
  'post',
  'anti',
]);

// Prefixes that are also the first syllable of many words, in English and in other languages.
const WEAK_PREFIXES = new Set(['so', 'e', 'x', 'y', 'z', 'co', 'ex', 'pre', 'post']);

/** Marks a line-end "-" whose fate (join or keep) is decided once the whole document is read. */
export const HYPHEN_MARK = '\uE000';
/**
 * Marks a line-end "-" before a capital, kept unless the document writes the joined word whole
 * elsewhere (resolveHyphens): TeX breaks an identifier in mixed case ("Fc-" + "ConfigParse" of a
 * manual that writes FcConfigParse), where "pre-" + "Raphaelite" is a compound.
 */
export const CAPITAL_MARK = '\uE001';

const HYPHENS = '-\u2010\u00AD';

/**
 * Doxygen's LaTeX output lets a long identifier break at `\+`, a discretionary that prints a hooked
 * arrow (← and ↩, read "←-" or "← -") at the end of the line; the identifier goes on at the start of
 * the next line: "window_←↩" + "size_" is "window_size_". The arrow follows the identifier's last
 * character without a space, which a spaced arrow in prose ("a ← b") never does.
 *
 * A PDF distilled by Ghostscript from dvips output reads the hook as U+0593 ("_n_pass←֓" +
 * "_max=0").
 */
const ARROW_HOOK = /^ ?[-\u2010\u21A9\u0593]?$/u;

/**
 * Where Doxygen's identifier break arrow ending `s` starts (see above), or -1. Looks at the last
 * three characters only: `s` may be a whole paragraph so far.
 */
export function breakArrowAt(s: string): number {
  for (let i = s.length - 1; i >= Math.max(1, s.length - 3); i--) {
    if (s.charCodeAt(i) !== 0x2190) continue;
    return /\S/u.test(s[i - 1]!) && ARROW_HOOK.test(s.slice(i + 1)) ? i : -1;
  }
  return -1;
}

/** A URL whose last character is a slash: a path a typesetter may break after any "/". */
const URL_AT_SLASH = /(?:^|[\s(<[‘“"'])(?:https?|ftp):\/\/(?:\S*\/)?$/u;
/** A URL's scheme and its colon ending a line: hyperref's and dblatex's \url break after the colon ("(https:" + "//www.debian.org/ports/)"). */
const SCHEME_AT_END = /(?:^|[\s(<[‘“"'«])(?:https?|ftp|file):$/u;
/** What goes on with a URL's path: a part with a slash, a dot or a query inside it, or a closing bracket. */
const URL_GOES_ON = /^(?:[)\]>’”"']|\S*[\p{L}\p{N}][/.?#=&]\S)/u;

/** A URL (a scheme or "www.") or an e-mail address that ends a line, as its token so far. */
const LINK_AT_END = /(?:^|[\s(<[‘“"'])((?:(?:https?|ftp):\/\/|www\.)\S*|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]*)$/u;
/** A domain's or a file's last part after a broken dot: a short lower-case word, then punctuation or the end ("org.", "html:", "edu"). */
const LINK_SUFFIX = /^[\p{Ll}\p{N}]{2,5}(?:[.,;:)\]>’”"'!?]|$)/u;

/**
 * Does line `b` go on with the URL or e-mail address that line `a` ends, broken at a dot? LaTeX's
 * url package and Sphinx's literals break after a ".", Texinfo's @url before it, with no mark:
 * "https://wiki." + "ubuntu.com/MainInclusionProcess", "<ubuntu-devel-discuss@lists." +
 * "ubuntu.com>", "faq." + "html:", "https://www.schemers" + ".org.". After a dot the link goes on
 * when `b` opens in lower case or with a digit (hosts and suffixes are written so) and either the
 * host has no dot yet ("https://www.", "@lists.": no host ends so) or `b` goes on as a link does (a
 * slash, a dot or a query inside it) or is a domain's or a file's short last part ("org.",
 * "html)"); a sentence that a link ends is followed by a capital or a longer word ("...
 * http://ci.debian.net." + "So ...", DocBook's run-in "Nametex.math.delims" after a link, or a
 * link the page itself cuts: "http://www.sagehill." + "Variable list ..."). Before a dot `b` opens
 * with the dot and a letter or digit. A second URL in `b` is its own token. (A path outside a URL,
 * "/etc/apt/sources." + "list point to", is not joined: the strings do not tell it from a sentence
 * that ends with a path.)
 */
export function linkBrokenAtDot(a: string, b: string): boolean {
  // Every line join asks: a line with no scheme, "www." or "@" ends no link (the pattern unasked).
  if (!a.includes('://') && !a.includes('www.') && !a.includes('@')) return false;
  const m = LINK_AT_END.exec(a);
  if (!m || /^[\p{L}+.-]+:\/\//u.test(b)) return false;
  const token = m[1]!;
  if (token.endsWith('.')) {
    if (!/[\p{L}\p{N}-]\.$/u.test(token) || !/^[\p{Ll}\p{N}]/u.test(b)) return false;
    const at = token.indexOf('@');
    const scheme = token.indexOf('://');
    const rest = at >= 0 ? token.slice(at + 1) : scheme >= 0 ? token.slice(scheme + 3) : token;
    const slash = rest.indexOf('/');
    const host = slash >= 0 ? rest.slice(0, slash) : rest.slice(0, -1);
    if (slash < 0 && at < 0 && host.startsWith('www.') && !host.slice(4).includes('.')) return true;
    if (slash < 0 && !host.includes('.')) return true;
    return URL_GOES_ON.test(b) || LINK_SUFFIX.test(b);
  }
  return /[\p{L}\p{N}]$/u.test(token) && /^\.[\p{L}\p{N}]/u.test(b);
}

/** A capitalised word and a space: prose opening, as a member's description after its name. */
const SENTENCE_OPENS = /^\p{Lu}\p{Ll}+\s/u;

/**
 * Does line `a` end inside a token that the typesetter broke without a hyphen, so that line `b`
 * goes on with it and no space stands between them? The breaks every generator of code and
 * links makes:
 * - an identifier after an underscore: Texinfo's @code (allowcodebreaks), Sphinx's and DocBook's
 *   literals break after "_" with no mark ("LIB_FLAG_" + "NAME", "lib_err_" + "code_t");
 *   the underscore must follow a letter or a digit (a dunder name's "__" closes its token), and
 *   the next line must not open a sentence (Doxygen's "data_mode_" then its description "Tells
 *   whether ...": a member's trailing underscore), nor go on in lower case after a name all in
 *   upper case (a prefix named in prose: "the non-INTERFACE_" + "variants");
 * - a URL after a slash (Texinfo's @url, LaTeX's url package, DocBook's ulink in FOP), when the
 *   next line goes on with its path ("lib/)", "www.example.org/wiki/Guide]"): a word of prose
 *   after a URL that ends with "/" ("see https://example.org/" + "for more") is no part of it, nor is a
 *   second URL. (A word before a slash is not joined: "and/" + "or" is a break inside a token,
 *   "directory scripts/" + "invece che ..." is not, and nothing in the strings tells them apart.)
 * - a URL after its scheme's colon ("(https:" + "//security.debian.org)"), when the next line opens
 *   with "//" and a letter or digit (xdvipdfmx's and dblatex's hyperref breaks; the manuals of
 *   every language print them);
 */
export function brokenInsideToken(a: string, b: string): boolean {
  if (/\s/u.test(b[0] ?? ' ')) return false;
  if (/[\p{L}\p{N}]_$/u.test(a)) {
    if (!/^[\p{L}\p{N}_]/u.test(b) || SENTENCE_OPENS.test(b)) return false;
    // An upper-case prefix before a lower-case word is a prefix the text names ("the
    // non-INTERFACE_" + "variants"); a name in upper case goes on in upper case.
    const id = /[\p{L}\p{N}_]+$/u.exec(a)![0];
    return /\p{Ll}/u.test(id) || !/^\p{Ll}/u.test(b);
  }
  if (linkBrokenAtDot(a, b)) return true;
  if (a.endsWith(':') && SCHEME_AT_END.test(a.slice(-8)) && /^\/\/[\p{L}\p{N}]/u.test(b)) return true;
  return URL_AT_SLASH.test(a) && URL_GOES_ON.test(b) && !/^[\p{L}+.-]+:\/\//u.test(b);
}

/**
 * Joins line `b` to line `a` of the same paragraph. An identifier broken by Doxygen's arrow
 * (breakArrowAt) joins without the arrow and without a space. The hyphenation rule:
 * - a line ending in a soft hyphen (U+00AD) or U+2010 after a letter is a typesetter's break:
 *   the hyphen goes and the halves join ("impleme‐" + "ntation");
 * - a line ending in "-" after a letter, followed by a lower-case letter, is marked and decided
 *   by resolveHyphens with the document's own words: joined when the document spells the joined
 *   word elsewhere ("re-" + "quirement" -> "requirement"), kept when it spells the hyphenated
 *   compound elsewhere ("well-known"); otherwise kept only after a known compound prefix
 *   ("well-", "self-", "non-"; a short one such as "pre-", "ex-", "so-" only before a word the
 *   document uses alone: "e-mail", not "ex-ceeded") or a part that already holds a hyphen
 *   ("state-of-the-");
 * - followed by a capital, marked (CAPITAL_MARK) and joined only when the document writes the
 *   joined word whole elsewhere ("Fc-" + "ConfigParse" -> "FcConfigParse"), else kept without a
 *   space ("pre-" + "Raphaelite");
 * - followed by anything else (digit, symbol) the hyphen stays and the parts join without a space
 *   ("pre-" + "2020");
 * - "-" after a digit, followed by a lower-case letter, stays without a space ("512-" + "byte");
 * - a character of Chinese or Japanese on both sides: no space ("メーリ" + "ングリスト");
 * - otherwise the lines join with one space.
 */
export function joinLines(a: string, b: string): string {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  // Chinese or Japanese on both sides: no space (cjk.ts cjkJoin, a browser's segment-break rule).
  if (cjkJoin(a.charCodeAt(a.length - 1), b.charCodeAt(0), a.charCodeAt(a.length - 2))) return a + b;
  const arrow = breakArrowAt(a);
  if (arrow >= 0) return a.slice(0, arrow) + b;
  if (brokenInsideToken(a, b)) return a + b;
  const last = a[a.length - 1]!;
  const prev = a.length > 1 ? a[a.length - 2]! : ' ';
  if (HYPHENS.includes(last) && isLetter(prev)) {
    const first = b[0]!;
    const head = a.slice(0, -1);
    if (last !== '-') return isLetter(first) ? head + b : head + (last === '\u00AD' ? '' : '-') + b;
    if (isLower(first)) return head + HYPHEN_MARK + b;
    if (/\p{Lu}/u.test(first)) return head + CAPITAL_MARK + b;
    if (/[\p{L}\p{N}]/u.test(first)) return a + b;
    return a + ' ' + b;
  }
  // "512-" + "byte blocks", "64-" + "bit": a number's compound, hyphen kept, no space.
  if (last === '-' && /\d/.test(prev) && isLower(b[0]!)) return a + b;
  if (last === '\u00AD') return a.slice(0, -1) + ' ' + b;
  return a + ' ' + b;
}

/**
 * Does line `next` go on with a word that line `prev` broke with a hyphen at its end, so that the
 * two lines belong to one paragraph whatever their indentation? A typesetter hyphenates inside a
 * paragraph only, and the lines of a list item or a table cell are often indented differently
 * (a hanging indent: "3. Parses the tokens ... [Shell Com-" then "mands], page 9)"), or set in
 * another font (a definition list's term in typewriter on the first line). So: `prev` ends with a
 * hyphen (or soft hyphen, U+2010) after a letter or digit, `next` starts with a lower-case letter,
 * and neither line is code: a monospace `prev` counts only when it is a full line of the text
 * block (`prevFull`) followed by a proportional line, as a definition list's first line is; a
 * code line ending in "-" ("[n]<&digit-") is followed by its explanation, and two monospace lines
 * are two lines of code. A line ending with Doxygen's identifier break arrow (breakArrowAt) goes on
 * too, in any font.
 */
export function continuesHyphenated(
  prev: string,
  next: string,
  prevMono = false,
  nextMono = false,
  prevFull = true,
): boolean {
  // An identifier broken by Doxygen's arrow goes on, whatever the fonts (typewriter, mostly).
  if (breakArrowAt(prev) >= 0 && /^\S/u.test(next)) return true;
  if (prevMono && (nextMono || !prevFull)) return false;
  const last = prev.at(-1);
  const before = prev.at(-2);
  if (last === undefined || before === undefined || !HYPHENS.includes(last)) return false;
  if (!/[\p{L}\p{N}]/u.test(before)) return false;
  return /^\p{Ll}/u.test(next);
}

/**
 * Is `margin`, where most lines of a page end (rightMargin), the edge of its text block? A line
 * of prose (not monospaced) at least half as wide as the page's widest line ends there. On a page
 * of a numbered listing most lines end with their number, and the lines of a table's column end
 * together.
 */
export function textEdge(lines: readonly Pick<TypeLine, 'x' | 'xEnd' | 'mono'>[], margin: number): boolean {
  let widest = 0;
  for (const l of lines) widest = Math.max(widest, l.xEnd - l.x);
  return lines.some((l) => !l.mono && Math.abs(l.xEnd - margin) <= 1 && l.xEnd - l.x >= widest / 2);
}

/**
 * Does a line starting at `x` start a new block after a short line (starting at `prevX`) that
 * ends a sentence (`prevEnds`), however far left of it? A definition list's next term stands
 * left of the last line of the item before (DBLaTeX's `NameFieldLines:` 2.5 em left of the
 * indented `et .47\linewidth sinon.`), as text after an indented quotation does. (A line within
 * 2 em of the short line, or right of it, is judged by the rules of the paragraph builder.)
 */
export function outdentedAfterSentence(prevEnds: boolean, prevX: number, x: number): boolean {
  return prevEnds && x < prevX - 1;
}

/**
 * Does a line indented from a line that ends a sentence open a paragraph, where the line after it
 * (`nextX`, undefined where none follows in the same column) comes back to the left of the line
 * before? A first-line indent, however deep: troff's -ms and -me indent 5 ens (2.5 em), beyond the
 * 2 em the paragraph builder allows a new paragraph after a short line, so a paragraph after a
 * short last line ran on from it. The line after coming back tells an indent from a hanging list
 * item or a quotation, whose lines stay right.
 */
export function indentedAfterSentence(
  prevEnds: boolean,
  prevX: number,
  x: number,
  nextX: number | undefined,
  size: number,
): boolean {
  return prevEnds && x > prevX + size * 0.8 && nextX !== undefined && Math.abs(nextX - prevX) <= 1;
}

/** A line as the fit rules below see it: its text, extent and size. */
export type FitLine = Pick<TypeLine, 'x' | 'xEnd' | 'size'> & { text: string };

/** Slack of the fit rules, in em: the first word's width is estimated, not measured. */
const FIT_SLACK_EM = 0.5;

/**
 * The width of a line's first word with the word space before it, estimated by sharing the
 * line's extent out over its characters (a word space taken as a quarter em).
 */
export function firstWordWidth(line: FitLine): number {
  const text = line.text.trim();
  if (text.length === 0) return 0;
  const word = text.split(/\s/u, 1)[0]!;
  return ((line.xEnd - line.x) * word.length) / text.length + line.size * 0.25;
}

/**
 * Would the first word of `line` have fit at the end of the line above it (ending at `aboveEnd`),
 * within the text block's right edge (`edge`), by half an em at least? Then the typesetter did not
 * fill the line above: the text broke it (a paragraph's end, a heading's start). In ragged-right
 * text (ReportLab, word processors, browsers) lines end anywhere short of the edge, and a line
 * ending a sentence 3 em short of it ("... using drawText." then "The path object methods") is
 * as likely a paragraph's end as a filled line; only the word that did not come up tells.
 */
export function wordFitsAbove(aboveEnd: number, edge: number, line: FitLine): boolean {
  return aboveEnd + firstWordWidth(line) + line.size * FIT_SLACK_EM <= edge;
}

/**
 * Did the first word of `line` not fit at the end of the line above it (ending at `aboveEnd`),
 * within the text block's right edge (`edge`), by half an em at least? Then the typesetter broke
 * the line above because it was full: the two lines are one paragraph, however short of the
 * edge a ragged-right line ends ("... which can" then "be viewed online at https://...").
 */
export function wordOverflowsAbove(aboveEnd: number, edge: number, line: FitLine): boolean {
  return aboveEnd + firstWordWidth(line) - line.size * FIT_SLACK_EM > edge;
}

/**
 * How far left (in ems) a line must start to be outdented (outdentedAfterShort): more than a
 * character that hangs into the margin (pdfTeX's protrusion sets "(" a point or so left of the
 * text: "(Satz des Pythagoras)." under "... c2 = a2 + b2").
 */
const OUTDENT_EM = 0.25;

/**
 * Does `line` start a new block after a short line (`prev`) that it stands left of? The first
 * word of `line` would have fit on `prev` (wordFitsAbove, within `edge`), so the text broke
 * `prev`, and `line` is outdented from it: the paragraph after a list item or an indented note
 * ("• prompt {string}" then "The rl.setPrompt() method ..." 1 em left; "Stability: 2 - Stable"
 * then "The node:readline module ..."). A list item's own wrapped lines hang right of its bullet
 * or fill back to the margin under a full first line, and lines beside a figure keep their left.
 */
export function outdentedAfterShort(prev: FitLine, line: FitLine, edge: number): boolean {
  return (
    line.x < prev.x - line.size * OUTDENT_EM &&
    !runsOnLine(prev.text, line.text) &&
    wordFitsAbove(prev.xEnd, edge, line)
  );
}

/**
 * Does a line run on from the one above (`prevText`) rather than open a block of its own? It
 * opens with a brace or a closing bracket, or it starts in lower case under a line that ends a
 * statement (";", "{" or the end of a comment). Code set in the text face (CWEB's
 * pretty-printed C, indented by its nesting) outdents its closing "}", the "{" after a
 * function's parameters and its "case ...:" and "default:" under a short line, and none of them
 * ends the code's block; a paragraph after a list item, a note or a display opens with a
 * capital, a digit, a mark or a word under a line that ends no statement ("command1 &&
 * command2" then "command2 is executed if ...").
 */
export function runsOnLine(prevText: string, text: string): boolean {
  const t = text.trimStart();
  return /^[{}\])]/u.test(t) || (/^\p{Ll}/u.test(t) && /(?:[;{]|[*∗]\/)$/u.test(prevText.trimEnd()));
}

/**
 * The left edge of the text around an axis: the leftmost start of the lines (`lines`) within
 * `reach` of baseline `y` that cross the vertical line at `axis` (0 without any).
 */
export function leftAcross(
  lines: readonly Pick<TypeLine, 'x' | 'xEnd' | 'y'>[],
  axis: number,
  y: number,
  reach: number,
): number {
  let left = Number.POSITIVE_INFINITY;
  for (const l of lines) if (Math.abs(l.y - y) <= reach && l.x <= axis && l.xEnd >= axis && l.x < left) left = l.x;
  return Number.isFinite(left) ? left : 0;
}

/**
 * Are two lines set centred on one axis: do their middles fall within half an em (of the
 * smaller size) of each other while their left ends differ, both more than an em right of the
 * text's left edge (`left`, leftAcross)? A title's or an author list's lines ("Deri James and" /
 * "Peter Schaffter") are broken by hand, not filled, so the fit rules (wordFitsAbove) say nothing
 * about them. Justified or flush-left lines share their left end; a centred caption over a
 * paragraph's line that starts at the text's left is no pair ("Table 11-4 - Label properties"
 * then "To see many more examples ...").
 */
export function centredPair(a: FitLine, b: FitLine, left: number): boolean {
  if (Math.abs(a.x - b.x) <= 1) return false;
  const em = Math.min(a.size, b.size);
  if (Math.min(a.x, b.x) <= left + em) return false;
  return Math.abs((a.x + a.xEnd) / 2 - (b.x + b.xEnd) / 2) <= em * FIT_SLACK_EM;
}

/**
 * The right edge of the column a line stands in, for the fit rules: where the page's lines that
 * start between `from` and `to` (the line's left and its neighbour's, give or take an em), within
 * `reach` of its baseline `y`, end (rightMargin: the end three of them share, else the rightmost).
 * On a page of two columns the left column's lines end at its gutter, far short of the page's
 * edge, and every line there would seem short; a line across both columns (a first page's
 * copyright footer) does not move a justified column's edge.
 */
export function columnEdge(
  lines: readonly Pick<TypeLine, 'x' | 'xEnd' | 'y'>[],
  from: number,
  to: number,
  y: number,
  reach: number,
): number {
  const ends: number[] = [];
  for (const l of lines) if (l.x >= from && l.x <= to && Math.abs(l.y - y) <= reach) ends.push(l.xEnd);
  return ends.length === 0 ? 0 : rightMargin(ends);
}

/** Typesetters that break a paragraph's lines by Knuth and Plass's optimum fit (TeX engines and their drivers). */
const OPTIMUM_FIT = /TeX|dvips|dvipdfm/;

/**
 * Does the typesetter of a PDF (its Creator and Producer, `typesetter`) fill each line with as
 * many words as fit before it breaks (a first fit), so that a line followed by a word that would
 * have fitted on it was broken by the text (wordFitsAbove)? Office suites, browsers, ReportLab
 * and groff do. TeX chooses its breaks over the whole paragraph, and in ragged-right text
 * (\raggedright, LaTeX News's columns) it breaks "which should" before a "run" that would have
 * fitted. Unknown or unnamed typesetters are taken to fill.
 */
export function fillsFirstFit(typesetter: string | undefined): boolean {
  return !OPTIMUM_FIT.test(typesetter ?? '');
}

/** A paragraph set to the measure has a line ending within this many ems of the text block's edge. */
const MEASURE_EM = 3;

/**
 * Is a paragraph set to the text block's measure: does one of its lines (their right ends,
 * `lineEnds`) end within 3 em (of `size`) of the block's right edge (`edge`)? Filled text, ragged
 * or justified, has such a line in any paragraph of two lines or more; a plain text file set line
 * for line (DocBook's `literallayout` in the body face: valgrind's NEWS, a licence's text) keeps
 * the file's breaks, 70 characters or so, far short of the page's edge, and the fit rules
 * (wordFitsAbove) say nothing about its lines.
 */
export function setToMeasure(lineEnds: readonly number[], edge: number, size: number): boolean {
  return lineEnds.some((x) => x >= edge - size * MEASURE_EM);
}

/**
 * The document's measure: the right end of its text block as most pages show it, the median of
 * the pages' rightmost line ends (`pageRights`; 0 without pages). A page whose text stops well
 * short of it (a text file set line for line) is no page of filled text (setToMeasure).
 */
export function measureEdge(pageRights: readonly number[]): number {
  return median(pageRights.filter((x) => x > 0));
}

/** A line as the typewriter rules below see it: its extent, baseline and fonts (TextLine's fields). */
export interface TypeLine {
  x: number;
  xEnd: number;
  y: number;
  mono: boolean;
  monoStart?: boolean;
  monoEnd?: boolean;
  size: number;
  set?: unknown;
  pieces?: readonly { x: number; xEnd: number }[];
}

/** A gap of this many ems between two pieces of a line parts a table's columns, not words. */
const COLUMN_GAP_EM = 2;

/** The pieces of a line that open after a gap wider than COLUMN_GAP_EM (their indexes). */
function afterWideGaps(l: TypeLine): number[] {
  const ps = l.pieces ?? [];
  const out: number[] = [];
  for (let i = 1; i < ps.length; i++) if (ps[i]!.x - ps[i - 1]!.xEnd > COLUMN_GAP_EM * l.size) out.push(i);
  return out;
}

/** Does a line hold a gap wider than COLUMN_GAP_EM between two of its pieces? */
const columnGap = (l: TypeLine): boolean => afterWideGaps(l).length > 0;

/**
 * Is a line's one wide gap the gap after a definition's term, with `x` under the text after it?
 * Texinfo's @table (and any two-part list) sets the term, then its text at a fixed indent: the
 * first line of an item holds a gap wider than COLUMN_GAP_EM after a short term ("token" then
 * "A sequence of characters ... It is either a"), and the item's text wraps under the text, not
 * under the term. A line there goes on the text, as a table's wrapped cell goes on its cell; a
 * row of symbols and commands has more than one wide gap, or nothing under its second column.
 */
export function wrapsUnderTerm(above: TypeLine, x: number): boolean {
  const gaps = afterWideGaps(above);
  return gaps.length === 1 && gaps[0] === 1 && Math.abs(above.pieces![1]!.x - x) <= 1;
}

/**
 * Is a line mostly in typewriter a line of the prose paragraph it stands in, not a line of code?
 * A long option or path in running text (DocBook's `<option>` in FOP, Texinfo's `@code`) can
 * fill most of a line, which then counts as monospaced. Such a line is filled by the typesetter:
 * - it holds type of the text face (a word: no `set`; a full stop or bracket at an end:
 *   `monoStart`/`monoEnd` false), which a listing's line has not, and it is justified to the
 *   page's right margin (`margin`, to 1 pt), which a listing's line reaches only by chance;
 * - or it goes on a paragraph of prose whose line above (`above`: the paragraph's last line on
 *   this page, when the paragraph so far is prose) is justified to that margin, one line spacing
 *   (`spacing`) above it, and it starts where that line starts or under its list item's text
 *   (`under`): it holds type of the text face, or the line above is itself in typewriter (a
 *   paragraph set wholly in typewriter, a message quoted in a list item, wraps as prose does).
 * In ragged-right text, where no line reaches a margin, a line that holds type of the text face
 * counts as filled when the next line, prose at the same left one line spacing below, did not fit
 * its first word on it (`opens`, wordOverflowsAbove: "All flowables have an hAlign property: (...).
 * For" then "paragraphs, which fill ..."), and the line above counts as full when this line's
 * first word did not fit on it (`filled`). Neither asks for a margin (`edge`): a ragged page has
 * none, and a numbered listing's next line fits its first word (a number) on the line before.
 * A listing stands apart from the text before it, or is indented, and its lines end where they end.
 * Neither line has a gap of 2 em or more between two of its pieces (a justified line's stretched
 * word spaces and a bullet's gap are less): a table's row of symbols and commands, or a listing's
 * line with its callout, reaches the margin with its last column; only a definition's term may
 * stand apart from its text on the line above, the line wrapping under that text (wrapsUnderTerm).
 * And `margin` must be the text block's edge (`edge`, textEdge): on a page of a numbered listing
 * most lines end with their number.
 * Where the geometry cannot tell (a ragged page whose line above ends within the fit slack of the
 * edge), the words can: a line that holds type of the text face goes on the sentence of the
 * line of prose above it when that sentence has not ended and this line's first word would not
 * have fit up there (`runs`, runsOnSentence: Chromium's print of "... the command line option
 * -I.;../gs/lib;c:/gs8.50/lib, Ghostscript" then "searches for ../gs/Resource/CMap/Identity-H and
 * then for c:/gs8.50/Resource/CMap/Identity-H."; "... redirects under the" then "warn-is-error
 * mode."). A listing stands apart from the sentence before it, ended by a colon or a full stop.
 * (Every line mostly in typewriter with a word of the text face taken as prose, whatever its
 * place, joined listings with a word in another face to the prose around them.)
 */
export function proseInType(
  line: TypeLine,
  above: TypeLine | undefined,
  under: boolean,
  margin: number,
  spacing: number,
  edge = true,
  filled = false,
  opens = false,
  runs = false,
): boolean {
  // A wide gap parts a table's cells or a listing's columns, never a filled line's words.
  if (!line.mono || columnGap(line)) return false;
  const mixed = line.set === undefined || line.monoStart === false || line.monoEnd === false;
  if (mixed && opens) return true;
  const full = (x: number) => edge && Math.abs(x - margin) <= 1;
  if (mixed && full(line.xEnd)) return true;
  if (!above || (columnGap(above) && !wrapsUnderTerm(above, line.x)) || !under) return false;
  if (!((full(above.xEnd) && (mixed || above.mono)) || ((filled || (runs && !above.mono)) && mixed))) return false;
  const dy = above.y - line.y;
  return dy > 0 && dy <= spacing * 1.4 + 0.5;
}

/**
 * Does line `text` go on the sentence of the line above (`above`)? The line above stops on a
 * letter or a comma (no full stop, colon, bracket or digit ends it: "the command line option
 * -I.;../gs/lib;c:/gs8.50/lib, Ghostscript"), and this line opens with a lower-case letter
 * ("searches for ../gs/Resource/CMap/Identity-H ..."). proseInType asks it with the fit of the
 * first word (a word that would have fit up there was broken by hand: verse, a table's cell).
 */
export function runsOnSentence(above: string, text: string): boolean {
  return /[\p{L},]$/u.test(above.trimEnd()) && /^\p{Ll}/u.test(text.trimStart());
}

/**
 * Does line `b` go on with a typewriter token that line `a` broke, with no space between them?
 * FOP breaks a typewriter option after its leading dashes (`--` + `error-exitcode`) and a path
 * after a slash (`foo/bar/` + `xyzzy.c`), and no space stands inside either: `a` ends in
 * typewriter (`aMonoEnd`) with a lone `-` or `--`, or with a slash after a character, and `b`
 * opens in typewriter (`bMonoStart`) with a letter or digit (after a slash also `.`, `_`, `~`).
 * In the text face a lone `--` is a dash ("memory --" + "fix it") and a word before a slash may
 * be "and/" + "or".
 */
export function breaksInType(a: string, b: string, aMonoEnd: boolean, bMonoStart: boolean): boolean {
  if (!aMonoEnd || !bMonoStart) return false;
  if (/(?:^|\s)--?$/u.test(a)) return /^[\p{L}\p{N}]/u.test(b);
  return /\S\/$/u.test(a) && /^[\p{L}\p{N}._~]/u.test(b);
}

/** A column's right edge for the fit rules: its margin, whether its lines are justified to it, its rightmost end. */
export interface ColumnRight {
  margin: number;
  edge: boolean;
  right: number;
}

/** A column narrower than the page by this many ems has its own right edge (columnRight). */
const NARROWER_EM = 2;

/** A line of a column's running text is this many ems wide at least (columnRight): no line number, cell or label. */
const COLUMN_LINE_EM = 10;

/**
 * The right edge of the column that lines starting at `x` stand in, where it is not the page's
 * (`pageRight`, less 2 em) and another column's running text starts right of it: the lines of the
 * text face (not monospaced, 10 em wide at least: no line number, table cell or short item) that
 * start within 1 pt of `x`, at least 3 of them; their margin (rightMargin) and whether they are
 * justified to it (textEdge), and their rightmost end for ragged text. A two-column page's left
 * column ends half a page short of the page's margin, where its lines never count as full and no
 * word as not fitting: a line of prose mostly in typewriter there (a long path in ltnews's ragged
 * columns) was a listing. Undefined on a page of one column: the page's edge holds.
 */
export function columnRight(
  lines: readonly Pick<TypeLine, 'x' | 'xEnd' | 'mono'>[],
  x: number,
  pageRight: number,
  size: number,
): ColumnRight | undefined {
  const column = lines.filter((l) => !l.mono && Math.abs(l.x - x) <= 1 && l.xEnd - l.x >= COLUMN_LINE_EM * size);
  if (column.length < 3) return undefined;
  let right = 0;
  for (const l of column) right = Math.max(right, l.xEnd);
  if (right >= pageRight - NARROWER_EM * size) return undefined;
  // Another column's running text starts right of this one.
  if (!lines.some((l) => !l.mono && l.x > right && l.xEnd - l.x >= COLUMN_LINE_EM * size)) return undefined;
  const margin = rightMargin(column.map((l) => l.xEnd));
  return { margin, edge: textEdge(column, margin), right };
}

/**
 * columnRight of one page's lines (`lines`, its edge `pageRight`) for any line start and size:
 * the same answers, each worked out once per page. buildBlocks asks it of every typewriter line,
 * and each ask scans the page's lines: a page of a listing, all typewriter lines at one or two
 * lefts, scanned its lines once per line. The lines' lefts, ends and fonts must not change
 * between asks (buildBlocks rewrites a line's text only).
 */
export function columnRights(
  lines: readonly Pick<TypeLine, 'x' | 'xEnd' | 'mono'>[],
  pageRight: number,
): (x: number, size: number) => ColumnRight | undefined {
  const known = new Map<number, Map<number, ColumnRight | undefined>>();
  return (x, size) => {
    let bySize = known.get(x);
    if (!bySize) known.set(x, (bySize = new Map<number, ColumnRight | undefined>()));
    if (bySize.has(size)) return bySize.get(size);
    const right = columnRight(lines, x, pageRight, size);
    bySize.set(size, right);
    return right;
  };
}

/**
 * The right edge of a page's text block, to tell a full line from a short one: the most common
 * line end (to 1 pt; the full lines of justified text share it) when 3+ lines end there, else the
 * largest. A URL or a wide table row running into the margin does not move it.
 */
export function rightMargin(xEnds: readonly number[]): number {
  const counts = new Map<number, number>();
  let max = 0;
  for (const x of xEnds) {
    const k = Math.round(x);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (x > max) max = x;
  }
  let best = max;
  let bn = 2;
  for (const [k, n] of counts) if (n > bn || (n === bn && k > best)) [best, bn] = [k, n];
  return best;
}

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}

function isLower(ch: string): boolean {
  return /\p{Ll}/u.test(ch);
}

/** Strips a trailing soft hyphen that no following line consumed. */
export function finishParagraph(s: string): string {
  return s.endsWith('\u00AD') ? s.slice(0, -1) : s;
}

/** ASCII letters, digits and '-': 1 (addWords; any other code point is asked of WORD_CHAR). */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) => (/[A-Za-z0-9-]/.test(String.fromCharCode(c)) ? 1 : 0));
const WORD_CHAR = /[\p{L}\p{N}\uE000\uE001-]/u;

/**
 * The words a caller will ask about (resolveHyphens: the joined and hyphenated forms of each
 * line-end hyphen's halves), with a bitmap of their lengths and first and last code units:
 * addWords then slices and looks up only the words that may be among them, not every word of the
 * document (most of resolveHyphens's time on a long manual went to adding its every word to a set).
 */
export interface WordFilter {
  words: ReadonlySet<string>;
  keys: Uint8Array;
}

/** A word's length and its first and last code units, folded into 18 bits (collisions only cost a lookup). */
function wordKey(length: number, first: number, last: number): number {
  return ((length & 63) << 12) | ((first & 63) << 6) | (last & 63);
}

export function wordFilter(words: Iterable<string>): WordFilter {
  const set = new Set<string>();
  const keys = new Uint8Array(1 << 18);
  for (const w of words) {
    if (w.length === 0) continue;
    set.add(w);
    keys[wordKey(w.length, w.charCodeAt(0), w.charCodeAt(w.length - 1))] = 1;
  }
  return { words: set, keys };
}

/**
 * Adds to `out` the words of `text`, the runs of letters, digits, '-', HYPHEN_MARK and
 * CAPITAL_MARK, as /[\p{L}\p{N}\uE000\uE001-]+/gu finds them, but for those holding a mark (an
 * undecided line-end hyphen is no word of the document); with `only`, just those among its words.
 * A loop over the characters, with a table for ASCII: the regular expression's matches took most
 * of resolveHyphens's time on a long manual.
 */
export function addWords(text: string, out: Set<string>, only?: WordFilter): void {
  let start = -1;
  let mark = false;
  const n = text.length;
  for (let i = 0; i <= n; ) {
    let inWord = false;
    let width = 1;
    if (i < n) {
      const c = text.charCodeAt(i);
      if (c < 128) inWord = ASCII_WORD[c] === 1;
      else {
        const cp = text.codePointAt(i)!;
        if (cp > 0xffff) width = 2;
        inWord = WORD_CHAR.test(String.fromCodePoint(cp));
        if (cp === 0xe000 || cp === 0xe001) mark = true;
      }
    }
    if (inWord) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (mark) {
        // An undecided line-end hyphen is no word of the document.
      } else if (only === undefined) out.add(text.slice(start, i));
      else if (only.keys[wordKey(i - start, text.charCodeAt(start), text.charCodeAt(i - 1))] === 1) {
        const word = text.slice(start, i);
        if (only.words.has(word)) out.add(word);
      }
      start = -1;
      mark = false;
    }
    i += width;
  }
}

const WORD_AT_CAPITAL_MARK = /([\p{L}\p{N}_]*)\uE001([\p{L}\p{N}_]*)/gu;

/**
 * The line-end hyphens before a capital (CAPITAL_MARK): joined when the document writes the
 * joined word elsewhere, whole and in the same case ("Fc" + "ConfigParse" where FcConfigParse is
 * written), kept otherwise ("pre-Raphaelite", "Anglo-Saxon"). `words`: the document's words as
 * written (addWords on the texts, case kept).
 */
export function resolveCapitalHyphens(text: string, words: ReadonlySet<string>): string {
  return text.replace(WORD_AT_CAPITAL_MARK, (_m, l: string, r: string) =>
    l.length > 0 && words.has(l + r) ? l + r : `${l}-${r}`,
  );
}

/**
 * addWords of `text` into `cased` (its words as written, `casedOnly`) and of text.toLowerCase()
 * into `lower` (`lowerOnly`), in one scan of the text: resolveHyphens asks both of every text of
 * a document with both kinds of line-end hyphen, and each scan of a long manual's text took a
 * third of its time. A word of ASCII letters is lowered alone (the same word as in the lowered
 * text); a text with any other character is lowered whole and scanned again for `lower`, as
 * addWords would (lowering may change its words' bounds: "İ" lowers to "i" and a combining dot).
 */
export function addWordsTwice(
  text: string,
  cased: Set<string>,
  casedOnly: WordFilter,
  lower: Set<string>,
  lowerOnly: WordFilter,
): void {
  let start = -1;
  let mark = false;
  let ascii = true;
  // The lower-case words found, kept until the whole text is known to be ASCII (rare: filtered).
  let lowered: string[] | undefined;
  const n = text.length;
  for (let i = 0; i <= n; ) {
    let inWord = false;
    let width = 1;
    if (i < n) {
      const c = text.charCodeAt(i);
      if (c < 128) inWord = ASCII_WORD[c] === 1;
      else {
        ascii = false;
        const cp = text.codePointAt(i)!;
        if (cp > 0xffff) width = 2;
        inWord = WORD_CHAR.test(String.fromCodePoint(cp));
        if (cp === 0xe000 || cp === 0xe001) mark = true;
      }
    }
    if (inWord) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (!mark) {
        const first = text.charCodeAt(start);
        const last = text.charCodeAt(i - 1);
        if (casedOnly.keys[wordKey(i - start, first, last)] === 1) {
          const word = text.slice(start, i);
          if (casedOnly.words.has(word)) cased.add(word);
        }
        if (ascii && lowerOnly.keys[wordKey(i - start, asciiLower(first), asciiLower(last))] === 1) {
          const word = text.slice(start, i).toLowerCase();
          if (lowerOnly.words.has(word)) (lowered ??= []).push(word);
        }
      }
      start = -1;
      mark = false;
    }
    i += width;
  }
  if (!ascii) addWords(text.toLowerCase(), lower, lowerOnly);
  else if (lowered) for (const w of lowered) lower.add(w);
}

/** An ASCII capital's lower-case code unit; any other code unit as it is. */
function asciiLower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** Decides every marked line-end hyphen of the document (see joinLines). Linear in the text. */
export function resolveHyphens(texts: string[]): string[] {
  const capitals = texts.some((t) => t.includes(CAPITAL_MARK));
  const hyphens = texts.some((t) => t.includes(HYPHEN_MARK));
  if (capitals && hyphens && !texts.some((t) => t.includes(CAPITAL_MARK) && t.includes(HYPHEN_MARK))) {
    // No text holds both marks: the line-end hyphens are known before the capitals are decided,
    // and one scan of each text collects the words both ask about (addWordsTwice); a text with a
    // capital's mark is lowered and scanned after its capitals are decided, as below.
    const marks = hyphenMarks(texts);
    const casedOnly = wordFilter(capitalAsks(texts));
    const lowerOnly = hyphenAsks(marks);
    const cased = new Set<string>();
    const words = new Set<string>();
    for (const t of texts)
      if (t.includes(CAPITAL_MARK)) addWords(t, cased, casedOnly);
      else addWordsTwice(t, cased, casedOnly, words, lowerOnly);
    texts = texts.map((t) => {
      if (!t.includes(CAPITAL_MARK)) return t;
      const resolved = resolveCapitalHyphens(t, cased);
      addWords(resolved.toLowerCase(), words, lowerOnly);
      return resolved;
    });
    return decideHyphens(texts, marks, words);
  }
  if (capitals) {
    // The joined forms asked about (resolveCapitalHyphens), then which of them the document writes.
    const only = wordFilter(capitalAsks(texts));
    const cased = new Set<string>();
    for (const t of texts) addWords(t, cased, only);
    texts = texts.map((t) => (t.includes(CAPITAL_MARK) ? resolveCapitalHyphens(t, cased) : t));
  }
  if (!texts.some((t) => t.includes(HYPHEN_MARK))) return texts;
  const marks = hyphenMarks(texts);
  const only = hyphenAsks(marks);
  const words = new Set<string>();
  for (const t of texts) addWords(t.toLowerCase(), words, only);
  return decideHyphens(texts, marks, words);
}

/** The joined forms of the line-end hyphens before a capital (resolveCapitalHyphens asks of them). */
function capitalAsks(texts: readonly string[]): string[] {
  const asked: string[] = [];
  for (const t of texts)
    if (t.includes(CAPITAL_MARK)) for (const m of t.matchAll(WORD_AT_CAPITAL_MARK)) asked.push(m[1]! + m[2]!);
  return asked;
}

/** Each line-end hyphen's halves, lower-case, in the order of the texts. */
function hyphenMarks(texts: readonly string[]): { lo: string; ro: string }[] {
  const marks: { lo: string; ro: string }[] = [];
  for (const t of texts)
    if (t.includes(HYPHEN_MARK))
      for (const [start, at, end] of wordsAtMarks(t))
        marks.push({ lo: t.slice(start, at).toLowerCase(), ro: t.slice(at + 1, end).toLowerCase() });
  return marks;
}

/** The document's words decideHyphens asks about: each mark's halves joined, hyphenated, and the second alone. */
function hyphenAsks(marks: readonly { lo: string; ro: string }[]): WordFilter {
  return wordFilter(marks.flatMap(({ lo, ro }) => [lo + ro, `${lo}-${ro}`, ro]));
}

/** The texts with each line-end hyphen decided, by the document's lower-case words (`words`) among those asked. */
function decideHyphens(
  texts: string[],
  marks: readonly { lo: string; ro: string }[],
  words: ReadonlySet<string>,
): string[] {
  const keepsHyphens = hyphenatesNoWord(marks, words);
  const decide = (l: string, r: string): string => {
    const lo = l.toLowerCase();
    const ro = r.toLowerCase();
    if (words.has(lo + ro)) return l + r;
    if (words.has(lo + '-' + ro)) return l + '-' + r;
    const part = lo.slice(lo.lastIndexOf('-') + 1);
    // A short prefix is also a common first syllable ("pre-parare", "ex-ceeded", "so-stituita"):
    // it keeps its hyphen only before a word the document uses on its own ("e-mail", "x-axis").
    const compound = COMPOUND_PREFIXES.has(part) && (!WEAK_PREFIXES.has(part) || words.has(ro));
    // A document that breaks no word at a line end breaks lines at its compounds' hyphens.
    return lo.includes('-') || compound || keepsHyphens ? l + '-' + r : l + r;
  };
  return texts.map((t) => {
    if (!t.includes(HYPHEN_MARK)) return t;
    let out = '';
    let from = 0;
    for (const [start, at, end] of wordsAtMarks(t)) {
      out += t.slice(from, start) + decide(t.slice(start, at), t.slice(at + 1, end));
      from = end;
    }
    return out + t.slice(from);
  });
}

/** ASCII letters, digits, '-' and "'": 1 (wordsAtMarks; any other code point is asked of MARK_WORD_CHAR). */
const ASCII_MARK_WORD = Uint8Array.from({ length: 128 }, (_, c) =>
  /[A-Za-z0-9'-]/.test(String.fromCharCode(c)) ? 1 : 0,
);
const MARK_WORD_CHAR = /^[\p{L}\p{N}'’-]$/u;

function isMarkWordChar(cp: number): boolean {
  return cp < 128 ? ASCII_MARK_WORD[cp] === 1 : MARK_WORD_CHAR.test(String.fromCodePoint(cp));
}

/**
 * Where /([\p{L}\p{N}'’-]*)\uE000([\p{L}\p{N}'’-]*)/gu matches `text` (as matchAll finds it), each as the start of the
 * word before the line-end hyphen's mark, the mark's index and the end of the word after it: the
 * letters, digits, apostrophes and hyphens on each side, the one before starting no earlier than
 * the last match's end. Found from each mark outwards: the pattern, whose leading group matches
 * every run of letters, tried each position of a long paragraph and failed at most.
 */
export function wordsAtMarks(text: string): [number, number, number][] {
  const out: [number, number, number][] = [];
  const n = text.length;
  let from = 0;
  for (let at = text.indexOf(HYPHEN_MARK); at >= 0; at = text.indexOf(HYPHEN_MARK, from)) {
    let start = at;
    while (start > from) {
      const c = text.charCodeAt(start - 1);
      // A pair of surrogates whole after `from` is one code point; a lone one is no word's.
      if (c >= 0xdc00 && c <= 0xdfff && start - 2 >= from) {
        const h = text.charCodeAt(start - 2);
        if (h >= 0xd800 && h <= 0xdbff) {
          if (!isMarkWordChar(text.codePointAt(start - 2)!)) break;
          start -= 2;
          continue;
        }
      }
      if (!isMarkWordChar(c)) break;
      start--;
    }
    let end = at + 1;
    while (end < n) {
      const cp = text.codePointAt(end)!;
      if (!isMarkWordChar(cp)) break;
      end += cp > 0xffff ? 2 : 1;
    }
    out.push([start, at, end]);
    from = end;
  }
  return out;
}

/**
 * Does a document break lines only at the hyphens of its compounds, never inside a word? An office
 * suite does not hyphenate unless told to, so every line-end hyphen of its PDFs is a compound's
 * own ("apt-" + "cache", "celui-" + "ci", "right-" + "hand-side"), where TeX hyphenates words. The
 * document says so where it decides (its words, `words`): one line-end hyphen at least is a
 * compound it writes elsewhere ("apt-" + "get" and "apt-get"), or a chain ("state-of-the-"), and
 * none is a word it writes elsewhere whole ("re-" + "quirement" and "requirement"); its other
 * line-end hyphens then stay too. A TeX document breaks words it writes whole elsewhere (a long
 * one always does); a very short one that breaks a single word it writes nowhere else, beside a
 * compound it does, would keep that hyphen. `marks`: the line-end hyphens, the lower-case words
 * on each side.
 */
export function hyphenatesNoWord(marks: readonly { lo: string; ro: string }[], words: ReadonlySet<string>): boolean {
  let compounds = 0;
  for (const { lo, ro } of marks) {
    if (words.has(lo + ro)) return false;
    if (words.has(lo + '-' + ro) || lo.includes('-')) compounds++;
  }
  return compounds > 0;
}

/** How far (em) a line may start from a piece of the line above and still be under it. */
const HANG_EM = 0.3;

/**
 * Does a line starting at `x` go on under a piece of the line above (`stops`: where each of its
 * pieces after the first starts, after a gap wider than a word space)? A table cell or a list
 * item's text wraps under its own first line, not under the row's first cell or the item's label:
 * that is a hanging indent, the same
 * paragraph, never an indented first line.
 */
export function hangsUnder(stops: readonly number[] | undefined, x: number, size: number): boolean {
  return stops !== undefined && stops.some((s) => Math.abs(s - x) <= HANG_EM * size);
}

/**
 * Does a line open with a bullet glyph and a space ("• -debug or -d Sets...")? Such a line starts a
 * list item: a line of running text that wraps never starts with a bullet glyph. Texinfo's nested
 * @itemize sets an outer item's bullet left of the inner item's text, so neither an indent nor a
 * short line above tells that item from a wrapped line; the bullet does.
 */
export function opensWithBullet(text: string): boolean {
  return /^[•◦▪‣∙●○■□] /u.test(text);
}

/** How far short of the text block's right edge a line stops, in em, to be a short line. */
const SHORT_LINE_EM = 4;

/**
 * Does a line ending at `end` stop short of the text block's right edge (`right`), by 4 em or more
 * of the text's size? Running text fills its lines; a line that stops that short ends a paragraph
 * or an item (a sentence's end, a list item's last line), whatever else says so.
 */
export function stopsShort(end: number, right: number, size: number): boolean {
  return end < right - size * SHORT_LINE_EM;
}

/** A list item's label at a line's start: a bullet, or a number or letter with "." or ")". */
const ITEM_LABEL = /^([•◦▪‣∙*–—-]|\(?(?:\d{1,3}|[a-z]|[ivxlc]{1,5})[.)])\s/u;

/**
 * Does a line under a short line (one that stops 4 em or more short of the text block's right
 * edge, `right`) open a list item with its label (a bullet, a dash, "1.", "a)")? A line of running
 * text wraps after a full line; after a short one, a label opens the next item, whatever its
 * indent. DBLaTeX sets a nested list's "– You can’t impose ..." indented under its parent item's
 * text ("• We all are volunteers."), one item step below on a page whose line spacing is the
 * list's: it read as the parent item's second line.
 */
export function labelAfterShort(text: string, aboveEnd: number, right: number, size: number): boolean {
  return stopsShort(aboveEnd, right, size) && ITEM_LABEL.test(text);
}

/** A numbered item's label at a line's start: its number and what closes it ("3." "3)"). */
const NUMBER_ITEM = /^(\d{1,3})([.)])\s/u;

/**
 * Does a line (`text`, at `x`) open the next item of a numbered list whose current item's first
 * line (`itemText`, at `itemX`) opened with the number before, closed alike ("1." then "2.", "1)"
 * then "2)"), at the same left? Then it is the next item however full the line above it: an item
 * one line long that nearly fills a slide's narrow measure ("1. Multiply wave profile by an
 * decaying exponent." over "2. Adjust sine/cosine phase ...", beamer's enumerate) stops short of
 * the block's right edge by less than labelAfterShort asks, and the items ran together. A wrapped
 * line of running text that happens to open with the number after the paragraph's own first
 * number, at the same left, is not what a sentence does.
 */
export function nextNumberedItem(itemText: string, itemX: number, text: string, x: number, size: number): boolean {
  if (Math.abs(x - itemX) > 0.3 * size) return false;
  const a = NUMBER_ITEM.exec(itemText);
  const b = a && NUMBER_ITEM.exec(text);
  return !!b && Number(b[1]) === Number(a[1]) + 1 && b[2] === a[2];
}

/**
 * Does a line starting at `x` leave the list item whose first line (`itemText`, starting at
 * `itemX`) opens with its label, the line above it (ending at `aboveEnd`) stopping short of the text
 * block's right edge (`right`) by 4 em or more? A list item's lines hang at its text, right of its
 * label, in every style; a line starting left of the label after a short line is the next block: the
 * paragraph after the list (Sphinx's "• Package-Type" then "The syntax and semantics of the fields
 * are described below."), a footnote under the page's last item. After a full line (a bulleted
 * paragraph whose lines wrap back to the margin) nothing is said.
 */
export function leavesItem(
  itemText: string,
  itemX: number,
  aboveEnd: number,
  right: number,
  x: number,
  size: number,
): boolean {
  return x < itemX - size * OUTDENT_EM && stopsShort(aboveEnd, right, size) && ITEM_LABEL.test(itemText);
}

/** The deepest first-line indent of a paragraph, in em (troff's -ms and -me: 2.5 em; Texinfo 1.4 em). */
const FIRST_LINE_INDENT_EM = 3;

/**
 * Does a line starting at `x` go on a paragraph whose first line (starting at `x0`) is indented
 * from it by a first-line indent (at most FIRST_LINE_INDENT_EM)? Texinfo indents a paragraph's
 * first line 1.4 em, so its second line starts left of it: "... sending per the file" over
 * "request-disclaim.changes." (proseInType's `under`). Not under a first line ending in a colon
 * (`text`), which opens a list or a listing more often than it wraps ("... per l'installazione:"
 * over "Ghostscript https://ghostscript.com/").
 */
export function indentedAbove(text: string, x0: number, x: number, size: number): boolean {
  return x0 > x + 1 && x0 - x <= size * FIRST_LINE_INDENT_EM && !/:\s*$/.test(text);
}

/**
 * Does a line starting at `x` go on under the text of a list item whose first line (`text`,
 * starting at `x0`) opens with its label, when the label and its text are one piece of the line
 * (no gap wider than a word space between them, so hangsUnder has no stop to go by)? FOP sets
 * "1. Execute the request normally. ... is not" over "serious enough to worry about." indented
 * by the label's width: a hanging indent, not a new paragraph's indented first line. The line may
 * start at most the label's width (0.6 em a character) and 1.5 em of gap right of the label.
 */
export function hangsUnderLabel(text: string, x0: number, x: number, size: number): boolean {
  const m = ITEM_LABEL.exec(text);
  if (!m) return false;
  const off = x - x0;
  return off > 0 && off <= (m[1]!.length * 0.6 + 1.5) * size;
}

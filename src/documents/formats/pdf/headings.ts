// Heading detection. The PDF outline (bookmarks), when it matches the document's heading lines,
// is the strongest evidence and then decides alone; otherwise a line's shape (numbered, ALL CAPS,
// keyword) confirmed by its font against the body text. Admonition labels, captions, bullets and
// contents lines are never headings, whatever their font.
import { breakArrowAt } from './clean.ts';
import { runInTitle, standsAlone } from './title-runs.ts';
import { isTheoremHead } from './theorems.ts';
import type { TextLine } from './types.ts';

export interface HeadingContext {
  bodySize: number;
  bodyFont: string;
  /** False when the whole document is set in one font and size: shape alone must then decide. */
  fontVariety: boolean;
  /** Normalised outline titles (see normalizeTitle). */
  outline: Set<string>;
  /** Fonts set only for short title lines (see headingFonts): such a line is a heading by its font. */
  headingFonts?: ReadonlySet<string>;
  /** Lefts (leftKey) where only short title lines stand (heading-lefts.ts): such a line is a heading by its place. */
  headingLefts?: ReadonlySet<number>;
  /**
   * The outline's titles (see outlineIndex) when they match the document's heading lines
   * (outlineTrusted): only a line, or a run of lines, that is an outline title is then a heading.
   */
  trustedOutline?: OutlineIndex;
  /** Styles of definition-list terms (termStyles): a one-word capitals line in one is no heading. */
  termStyles?: ReadonlySet<string>;
  /** Monospaced fonts of the document's headings (typewriterTitleFonts), heeded with a trusted outline. */
  typewriterTitles?: ReadonlySet<string>;
  /** The size most typewriter text is set in (typewriterSize). */
  typewriterSize?: number;
}

/** A short title line: at most 8 words and 60 characters, capitalised, no closing punctuation. */
export function isShortTitle(text: string): boolean {
  const t = text.trim();
  return (
    t.length >= 2 &&
    t.length <= 60 &&
    spaceSplitCount(t) <= 8 &&
    /^[\p{Lu}\p{Lt}\d]/u.test(t) &&
    /\p{L}{2}/u.test(t) &&
    !/[.,;:!?]$/.test(t)
  );
}

export interface FontUse {
  font: string;
  lines: number;
  /** Lines that are short titles (isShortTitle). */
  titles: number;
  /** Lines that are an admonition's label ("Note", "Tip": notHeadingKind), short titles all. */
  labels: number;
  chars: number;
}

/**
 * Fonts that mark headings by themselves, as a reference card's short bold lines over its
 * columns: not the body font, used on at least 3 lines, at least 80 % of them short titles, and
 * for at most a fifth of the document's characters.
 */
export function headingFonts(uses: readonly FontUse[], bodyFont: string, totalChars: number): Set<string> {
  const out = new Set<string>();
  for (const u of uses) {
    // An admonition's labels say nothing of the font's titles: a face set only for "Note" and
    // "Tip" (and a table's header row or two) is the labels', not the sections'.
    const lines = u.lines - u.labels;
    if (u.font === bodyFont || lines < 3) continue;
    if (u.titles - u.labels >= lines * 0.8 && u.chars <= totalChars * 0.2) out.add(u.font);
  }
  return out;
}

// Numbering: arabic (1, 2.3, 4.5.6.), letters with a level (A.1, B.2.3), a letter or a roman
// numeral with a period (A. , IV. ) or a closing bracket (IV) ).
const NUMBERED =
  /^(?:\d{1,2}(?:\.\d{1,2}){0,4}\.?|[A-Z](?:\.\d{1,2}){1,4}\.?|[A-Z]\.|[IVXLC]{1,6}[.)]|[ivxlc]{1,6}\))\s+(?=[\p{Lu}\p{Lt}])/u;
// "Chapter 4", "Chapitre IV", "Kapitel 2", "Capítulo 3", "Capítol 1", "Apêndice A", "Část II",
// "Part One", "Appendix B", in the languages of our users; small capitals sometimes lose the space
// ("CHAPITRE5").
const DIVISION =
  'chapter|chapitre|kapitel|cap[ií]tulo|capitolo|cap[ií]tol|hoofdstuk|rozdzia[łl]|kapitola|part|partie|teil|parte|deel|cz[eę][śs][ćc]|č[áa]st|book|livre|buch|libro|appendix|appendice|annexe?|anhang|ap[éêe]ndice|ap[èe]ndix|anexo|bijlage|dodatek|p[řr][íi]loha|section|abschnitt|secci[óo]n?|sezione|se[cç][ãa]o|lesson|le[cç]on|lektion|lecci[óo]n|lezione|li[cç][ãa]o|unit|module|article|artikel|art[íi]culo|articolo|artigo';
// English number words to fifty-nine, written as Sphinx's LaTeX chapters print them ("TWENTYONE").
const NUMBER_WORD =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|(?:twenty|thirty|forty|fifty)(?:-?(?:one|two|three|four|five|six|seven|eight|nine))?|un|une|deux|trois|quatre|cinq|eins|zwei|drei|vier|f[üu]nf|uno|dos|tres|cuatro|cinco|due|tre|quattro|um|dois|tr[êe]s|quatro';
const KEYWORD_NUMBERED = new RegExp(
  `^(?:${DIVISION})(?:\\s+(?:\\d{1,3}|[IVXLC]{1,6}|[A-Z]|${NUMBER_WORD})|\\s*\\d{1,3})(?![\\p{L}\\d])`,
  'iu',
);
/**
 * A title as a contents list numbers it: without the division word that opens it, its number kept
 * ("Chapter 1. Getting started" -> "1. Getting started", "Appendix A. Tools" -> "A. Tools"); a
 * title without such a word as it is. DocBook's text outputs head a chapter "Chapter 1." where its
 * contents list says "1.".
 */
export function divisionNumbered(title: string): string {
  const t = title.trim();
  const m = DIVISION_WORD.exec(t);
  return m ? t.slice(m[0].length) : t;
}

const DIVISION_WORD = new RegExp(`^(?:${DIVISION})\\s+(?=(?:\\d{1,3}|[IVXLC]{1,6}|[A-Z])(?![\\p{L}\\d]))`, 'iu');

/** A line that is only a division's number ("Chapter 6", "CHAPITRE5", "Appendix B", "TWO", "A.3"). */
const BARE_LABEL = new RegExp(
  `^(?:(?:${DIVISION})(?:\\s+(?:\\d{1,3}|[IVXLC]{1,6}|[A-Z]|${NUMBER_WORD})|\\s*\\d{1,3})|${NUMBER_WORD}|\\d{1,2}(?:\\.\\d{1,2}){0,3}|[A-Z](?:\\.\\d{1,2}){0,3}|[IVXLC]{1,6})\\s*[.:]?$`,
  'iu',
);
const KEYWORD =
  /^(?:introduction|preface|foreword|prologue|epilogue|conclusions?|summary|overview|abstract|background|acknowledge?ments|references|bibliography|glossary|[íi]ndex|appendix|appendices|contents|executive summary|getting started|table of contents|einleitung|einführung|vorwort|zusammenfassung|literatur(?:verzeichnis)?|glossar|anhang|inhalt(?:sverzeichnis)?|introducci[óo]n?|pr[òo]leg|prefacio|resumen|conclusi[óo]n(?:es)?|bibliograf[íi]a|glosario|ap[ée]ndices|[íi]ndice|introduzione|prefazione|riassunto|conclusioni|introdu[çc][ãa]o|pref[áa]cio|resumo|conclus[ãa]o|préface|avant-propos|résumé|bibliographie|glossaire|annexes|sommaire|table des matières|remerciements|wprowadzenie|wst[eę]p|spis tre[śs]ci|skorowidz|literat[uú]ra|obsah|rejst[řr][íi]k|[úu]vod|z[áa]v[ěe]r)(?![\p{L}\d])/iu;
const MAX_WORDS = 14;

// Admonition labels, captions, bullets and contents lines (decisions.md, "Sections").
const ADMONITION =
  /^(?:notes?|tips?|hints?|warning|caution|important|attention|danger|remarks?|remarques?|astuces?|avertissement|conseil|hinweis|achtung|warnung|wichtig|tipp|vorsicht|gefahr|anmerkung|nota|notas|aviso|advertencia|consejo|sugerencia|importante|avviso|attenzione|suggerimento|dica|cuidado|uwaga|wskaz[óo]wka|pozor|pozn[áa]mka|upozorn[ěe]n[íi]|tip|examples?|exemples?|beispiele?|ejemplos?|esempi[oi]?|exemplos?|see also|voir aussi|siehe auch|v[ée]ase tambi[ée]n|vedi anche|veja tamb[ée]m|todo|fixme)\s*[:.!]?$/iu;
const CAPTION =
  /^(?:figure|fig\.|figura|abbildung|abb\.|rysunek|rys\.|obr[áa]zek|obr\.|table|tableau|tabelle|tab\.|tabla|tabella|tabela|tabulka|listing|example|exemple|beispiel|ejemplo|esempio|exemplo|equation|[ée]quation|gleichung|ecuaci[óo]n|plate|chart|graph|diagram|illustration|map)\s*[\dIVX]+(?:[.\-–]\d+)*(?:\s*[:.–—-]|\s+\p{Lu}|\s*$)/iu;
const BULLET = /^(?:[•●▪◦‣∙·○■□➢►▸▹►✓✔➤–—*+-]\s*|\(?[a-z]\)\s|\(\d{1,2}\)\s|\d{1,2}\)\s)/u;
const LEADERS = /(?:\.\s?){4,}\s*(?:\d+|[ivxlc]+)?\s*$|(?:\s\.){3,}/i;

/** Why a line can never be a heading, or null: an admonition label, a caption (or a theorem's head), a bullet, a contents line. */
export function notHeadingKind(text: string): 'admonition' | 'caption' | 'bullet' | 'listing' | null {
  const t = text.trim();
  if (ADMONITION.test(t)) return 'admonition';
  // A theorem's or a proof's head labels its statement as a caption its figure (theorems.ts).
  if (CAPTION.test(t) || isTheoremHead(t)) return 'caption';
  if (BULLET.test(t)) return 'bullet';
  if (LEADERS.test(t)) return 'listing';
  return null;
}

export type HeadingShape = 'numbered' | 'caps' | 'keyword' | null;

const LOWER = /\p{Ll}/u;
const UPPER_ALL = /\p{Lu}/gu;

/** The heading shape of a line's text, or null. Pure text rules; no font information. */
export function headingShape(text: string): HeadingShape {
  const t = text.trim();
  if (t.length < 2 || t.length > 120) return null;
  if (/[,;]$/.test(t)) return null;
  // The never-headings are asked last: most lines have no shape to refuse.
  const shape = shapeOf(t);
  return shape !== null && notHeadingKind(t) !== null ? null : shape;
}

/**
 * t.split(' ').length without the array: the spaces of t, plus one (asked of every line a heading
 * rule looks at, where only the count is wanted).
 */
export function spaceSplitCount(t: string): number {
  let n = 1;
  for (let i = t.indexOf(' '); i >= 0; i = t.indexOf(' ', i + 1)) n++;
  return n;
}

/** headingShape's rules of shape, for a trimmed text of 2-120 characters. */
function shapeOf(t: string): HeadingShape {
  const words = spaceSplitCount(t);
  if (words > MAX_WORDS) return null;
  if (KEYWORD_NUMBERED.test(t)) return 'keyword';
  if (NUMBERED.test(t)) {
    // "1. Make work the working directory and start the program as before:" is a list item; a
    // title numbered on two levels or more may end as a sentence does, its number closed by a
    // period or not (-ms's "1.1. Why PIC?", "4.2. Objects Do Not Stretch!").
    if (/[.:!?]$/.test(t) && !/^\d+(?:\.\d+)+\.?\s/.test(t)) return null;
    const title = t.replace(NUMBERED, '');
    if (!/\p{L}{2}/u.test(title)) return null;
    return 'numbered';
  }
  if (KEYWORD.test(t) && !/[.:]$/.test(t) && words <= 8) return 'keyword';
  // Capitals only: no lower-case letter, four capitals or more.
  if (LOWER.test(t)) return null;
  const upper = t.match(UPPER_ALL)?.length ?? 0;
  // A title starts with a letter or a digit (or an opening quote or bracket): "\UHHHHHHHH", a
  // manual's escape set in bold at a term's place, is no heading.
  if (upper >= 4 && t.length <= 80 && /\p{Lu}{3}/u.test(t) && !/[.!?]$/.test(t) && /^[\p{L}\p{N}"'“‘«([]/u.test(t))
    return 'caps';
  return null;
}

// One identifier: capitals joined by underscores ("GREP_COLORS", "LC_ALL", "BASH_VERSINFO"), or
// capitals run into digits ("SHA256", "X11R6"): no word of a title is written so.
const IDENTIFIER = /^\p{Lu}[\p{Lu}\d]*(?:_[\p{Lu}\d]+)+$|^\p{Lu}+\d+[\p{Lu}\d]*$/u;
const CAPS_WORD = /^\p{Lu}[\p{Lu}\d]*$/u;

/**
 * A line that is the name of a variable or an option, or a list of names (a definition list's
 * term: a man page's .TP tag "GREP_COLORS", "TAR_ATIME", "LC_ALL, LC_CTYPE, LANG"): every item, apart
 * by commas, one word of capitals, and one of them an identifier (IDENTIFIER).
 */
export function isIdentifierLine(text: string): boolean {
  const items = text.trim().split(/\s*,\s*/);
  return items.every((w) => CAPS_WORD.test(w) || IDENTIFIER.test(w)) && items.some((w) => IDENTIFIER.test(w));
}

/** The key of a left: lefts within half a point are one (heading-lefts.ts, termStyleKey). */
export const leftKey = (x: number): number => Math.round(x * 2) / 2;

/** The key of a term's style: its font and its left (leftKey). */
export const termStyleKey = (l: Pick<TextLine, 'font' | 'x'>): string => `${l.font}|${leftKey(l.x)}`;

/**
 * The styles (font and left, termStyleKey) of a document's definition-list terms, read from its
 * identifiers: where at least 3 lines that are names (isIdentifierLine: "GREP_COLORS", bash's
 * "BASH_ENV", "HISTFILE_SIZE") stand at the body's size, and no line of capitals with a space
 * (a section title: "EXIT STATUS", "SEE ALSO"). A one-word capitals line in such a style
 * ("BASHPID", "HISTFILE" among them) is a term too, not a heading (isHeading).
 */
export function termStyles(
  lines: readonly Pick<TextLine, 'x' | 'font' | 'text' | 'size'>[],
  bodySize: number,
): Set<string> {
  const names = new Map<string, number>();
  const titled = new Set<string>();
  for (const l of lines) {
    // Both a name and a title in capitals have no lower-case letter: most lines are asked no more.
    if (LOWER.test(l.text)) continue;
    const t = l.text.trim();
    if (l.size < bodySize * 1.12 && isIdentifierLine(t)) {
      const k = termStyleKey(l);
      names.set(k, (names.get(k) ?? 0) + 1);
    } else if (t.includes(' ') && t.length >= 2 && t.length <= 120 && shapeOf(t) === 'caps')
      titled.add(termStyleKey(l));
  }
  const out = new Set<string>();
  for (const [k, n] of names) if (n >= 3 && !titled.has(k)) out.add(k);
  return out;
}

/** A line holding only a division's number: "Chapter 6", "CHAPITRE5", "Appendix B", "TWO", "A.3". */
export function isBareLabel(text: string): boolean {
  return BARE_LABEL.test(text.trim());
}

/** Lower-case, without leading numbering or "Chapter N:" prefix, single spaces. */
export function normalizeTitle(text: string): string {
  return text
    .toLowerCase()
    .replace(/^(?:chapter|section|part|appendix)\s+[\dA-Z.]+\s*[:.\-–—]?\s*/i, '')
    .replace(/^(?:\d{1,2}(?:\.\d{1,2}){0,4}|[a-z](?:\.\d{1,2}){1,4})\.?\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const KEY_PREFIX = new RegExp(
  `^(?:(?:${DIVISION})(?:\\s+(?:\\d{1,3}|[ivxlc]{1,6}|[a-z]|${NUMBER_WORD})|\\s*\\d{1,3})|${NUMBER_WORD}(?=\\s))(?![\\p{L}\\d])\\s*[:.\\-–—]?\\s*`,
  'iu',
);
const KEY_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2}){0,4}|[a-z](?:\.\d{1,2}){1,4}|[a-z]|[ivxlc]{1,6})[.)]?\s+/iu;

/**
 * A title as matched against the outline: letters and digits only, lower case, without its
 * numbering ("2.3", "A.1", "IV.") or division prefix ("Chapter 6:", "Kapitel 2", "TWO"). Both are
 * stripped until neither is left, so that a numbered line and its outline title, which has no
 * number, lose the same words: a title's first word that reads as a number or a letter ("Un
 * exemple simple", "A Tutorial", "C Programming") is stripped from the outline title, and must be
 * from the line once its number is gone ("5.1 Un exemple simple"). Never down to fewer than two
 * letters or digits: a title that is only a division's number ("1.2. Chapter 2", "Part One") keeps it.
 */
export function titleKey(text: string): string {
  let t = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  for (let prev = ''; t !== prev; ) {
    prev = t;
    const next = t.replace(KEY_PREFIX, '').replace(KEY_NUMBER, '');
    if (/[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(next)) t = next;
  }
  return t.replace(/[^\p{L}\p{N}]+/gu, '');
}

export interface OutlineIndex {
  keys: Set<string>;
  /**
   * The keys of 8 characters or more, for the loose match (see matchesOutline), by their first
   * and last UTF-16 code units (looseEnds): a loose match starts and ends alike, so a line is
   * compared with the titles of its ends only, not with every title of a long manual's outline.
   */
  loose: Map<string, string[]>;
}

/** The first and last code units of a key, which a loose match shares with its outline title. */
function looseEnds(k: string): string {
  return k[0]! + k.at(-1)!;
}

export function outlineIndex(titles: readonly string[]): OutlineIndex {
  const keys = new Set<string>();
  for (const t of titles) {
    const k = titleKey(t);
    if (k.length >= 2) keys.add(k);
  }
  const loose = new Map<string, string[]>();
  for (const k of keys) {
    if (k.length < 8) continue;
    const ends = looseEnds(k);
    const same = loose.get(ends);
    if (same) same.push(k);
    else loose.set(ends, [k]);
  }
  return { keys, loose };
}

/** Is `sub` a subsequence of `s`? */
function subsequence(sub: string, s: string): boolean {
  let j = 0;
  for (let i = 0; i < s.length && j < sub.length; i++) if (s[i] === sub[j]) j++;
  return j === sub.length;
}

/**
 * Is this text an outline title? Exactly (once numbering, case and punctuation are set aside),
 * or loosely: the line lost a few characters the outline has, as a ligature pdf.js cannot map
 * ("Con guring" for "Configuring") or an outline written with the generator's font escapes
 * ("The F[C]pdfmarkF[] Operator"): the line's letters are the outline's in order, at least 80 %
 * of them, starting and ending alike.
 */
export function matchesOutline(text: string, index: OutlineIndex): boolean {
  const k = titleKey(text);
  if (k.length < 2) return false;
  if (index.keys.has(k)) return true;
  if (k.length < 8) return false;
  for (const o of index.loose.get(looseEnds(k)) ?? []) {
    if (o.length < k.length || k.length < o.length * 0.8) continue;
    if (subsequence(k, o)) return true;
  }
  return false;
}

/** A line that stands out from the body: larger, or another (non-monospace) font. */
function distinguished(line: TextLine, ctx: HeadingContext): boolean {
  return line.size >= ctx.bodySize * 1.12 || (line.font !== ctx.bodyFont && line.size >= ctx.bodySize * 0.95);
}

/**
 * The monospaced fonts of a document's headings. A word processor sets a heading's code words
 * ("Event: 'close'", "rl.prompt([preserveCursor])", a Markdown heading's backticks) in its
 * typewriter style with the heading's weight or slant. Such a font may also set a listing's
 * comments, so only its lines standing apart are weighed (neither line beside it on the page is
 * typewriter): a font is a heading font when at least 3 of those lines, and at least 80 %, are
 * titles of the outline. A typewriter font that also sets list terms or words in running text
 * ("engine" over its description, a parameter name the outline lists in its reference part) is
 * none.
 */
export function typewriterTitleFonts(
  pages: readonly (readonly Pick<TextLine, 'mono' | 'font' | 'text'>[])[],
  index: OutlineIndex,
): Set<string> {
  const counts = new Map<string, { lines: number; titles: number }>();
  for (const lines of pages)
    lines.forEach((l, i) => {
      if (!l.mono || lines[i - 1]?.mono || lines[i + 1]?.mono) return;
      let c = counts.get(l.font);
      if (!c) counts.set(l.font, (c = { lines: 0, titles: 0 }));
      c.lines++;
      if (matchesOutline(l.text.trim(), index)) c.titles++;
    });
  const out = new Set<string>();
  for (const [font, c] of counts) if (c.titles >= 3 && c.titles >= c.lines * 0.8) out.add(font);
  return out;
}

/**
 * The size of the document's typewriter text: the largest size, to half a point, that sets at
 * least 5 % of its typewriter characters (0: none). Its listings may come in two sizes (a Doxygen
 * manual's 7 pt code and 8 pt prototypes, 10 pt member names): the larger counts; headings set in
 * typewriter are rarer than that.
 */
export function typewriterSize(pages: readonly (readonly Pick<TextLine, 'mono' | 'size' | 'text'>[])[]): number {
  const chars = new Map<number, number>();
  let total = 0;
  for (const lines of pages)
    for (const l of lines) {
      if (!l.mono) continue;
      const sz = Math.round(l.size * 2) / 2;
      chars.set(sz, (chars.get(sz) ?? 0) + l.text.length);
      total += l.text.length;
    }
  let best = 0;
  for (const [sz, n] of chars) if (n >= total * 0.05 && sz > best) best = sz;
  return best;
}

/**
 * A typewriter line that may still be a heading: where the outline is trusted, a line in one of
 * the document's typewriter heading fonts (typewriterTitleFonts), or one set larger than both the
 * body text and the document's typewriter text, as headings are (Texinfo's "@subsection @code{draw
 * arrow}" in bold typewriter at 13 pt over 11 pt text and code, its synopsis line in typewriter
 * right under it; not a Doxygen manual's 8 pt prototype lines); the outline must
 * still name it (isHeading). Elsewhere a typewriter line is never a heading.
 */
export function typewriterHeading(
  line: Pick<TextLine, 'mono' | 'font' | 'size'>,
  ctx: Pick<HeadingContext, 'trustedOutline' | 'typewriterTitles' | 'bodySize' | 'typewriterSize'>,
): boolean {
  return (
    line.mono &&
    ctx.trustedOutline !== undefined &&
    ((ctx.typewriterTitles?.has(line.font) ?? false) ||
      line.size >= Math.max(ctx.bodySize, ctx.typewriterSize ?? Infinity) * 1.12)
  );
}

/**
 * An admonition's name set as the document's section titles are, where no trusted outline
 * decides: a manual page's `SEE ALSO`, `EXAMPLES`, `NOTES`, `BUGS` are its sections. In a font
 * other than the body's and short, it stands in a heading font (headingFonts) or at a heading's
 * left (headingLefts), or is written in capitals 8 % over the body's size (groff sets .SH titles
 * so through Ghostscript). A "Note" in the body's font, or in bold at its size, stays a label.
 */
export function inSectionFace(
  line: Pick<TextLine, 'font' | 'size' | 'x' | 'mono' | 'text'>,
  ctx: Pick<HeadingContext, 'bodyFont' | 'bodySize' | 'headingFonts' | 'headingLefts' | 'trustedOutline'>,
): boolean {
  const t = line.text.trim();
  if (ctx.trustedOutline || line.mono || line.font === ctx.bodyFont || !isShortTitle(t)) return false;
  return (
    ctx.headingFonts?.has(line.font) === true ||
    ctx.headingLefts?.has(leftKey(line.x)) === true ||
    (line.size >= ctx.bodySize * 1.08 && !LOWER.test(t))
  );
}

/**
 * A section number of two levels or more, or a part's roman number, then the title ("8.4.4
 * copy_term/2", "III lualibs-basic.lua"): never a listing's line number.
 */
const DOTTED_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2}){1,4}\.?|[IVXLC]{1,6}\.?)\s+\S/u;

/**
 * A typewriter line that is a numbered title: its section number set in another face than the
 * typewriter rest (`monoStart` false), numbered on two levels or more, and its title one of the
 * outline's ("8.4.4 copy_term/2" under the outline's "copy_term/2": a reference manual's entry
 * for a command or a predicate, named in code). Where the outline is trusted it must match it as
 * any heading does; elsewhere its title must be an outline title exactly. The same typewriter face
 * sets the entry's templates and examples, so the face alone (typewriterHeading) says nothing.
 */
export function numberedCodeTitle(
  line: Pick<TextLine, 'mono' | 'monoStart' | 'text'>,
  ctx: Pick<HeadingContext, 'outline' | 'trustedOutline'>,
): boolean {
  const t = line.text.trim();
  if (!codeTitleShape(line)) return false;
  return ctx.trustedOutline ? matchesOutline(t, ctx.trustedOutline) : ctx.outline.has(normalizeTitle(t));
}

/** A line shaped as numberedCodeTitle's: numbered on two levels or more, the name alone typewriter. */
function codeTitleShape(line: Pick<TextLine, 'mono' | 'monoStart' | 'text'> | undefined): boolean {
  return line !== undefined && line.mono && line.monoStart === false && DOTTED_NUMBER.test(line.text.trim());
}

/**
 * A numbered title named in code (numberedCodeTitle) beside another line of that shape is an
 * entry of a contents list ("4.1. control" over "4.2. copyright" under "Table des matières"): a
 * section opens with text, so two such titles never stand on consecutive lines. Only for a line
 * that numberedCodeTitle alone lets through (a typewriter heading's face says more).
 */
export function codeTitleInList(lines: readonly Pick<TextLine, 'mono' | 'monoStart' | 'text'>[], i: number): boolean {
  return codeTitleShape(lines[i]) && (codeTitleShape(lines[i - 1]) || codeTitleShape(lines[i + 1]));
}

function plausible(line: TextLine, ctx: HeadingContext): boolean {
  const t = line.text.trim();
  if (
    (line.mono && !typewriterHeading(line, ctx) && !numberedCodeTitle(line, ctx)) ||
    t.length < 2 ||
    t.length > 160 ||
    !/\p{L}/u.test(t)
  )
    return false;
  const kind = notHeadingKind(t);
  return kind === null || (kind === 'admonition' && inSectionFace(line, ctx));
}

export function isHeading(line: TextLine, ctx: HeadingContext): boolean {
  return plausible(line, ctx) && plausibleHeading(line, ctx);
}

/** isHeading's judgement of a line plausible already (findHeadings asks plausible once a line). */
function plausibleHeading(line: TextLine, ctx: HeadingContext): boolean {
  const t = line.text.trim();
  if (t.length > 120) return false;
  if (ctx.trustedOutline)
    return (
      spaceSplitCount(t) <= MAX_WORDS * 2 &&
      (distinguished(line, ctx) || line.mono || !ctx.fontVariety || headingShape(t) !== null) &&
      matchesOutline(t, ctx.trustedOutline)
    );
  // A variable's or option's name (isIdentifierLine) set at the body's size, bold or not, is a
  // definition list's term; a heading of that name is set larger (an HTML page's <h3>GS_OPTIONS</h3>
  // printed) or is in the outline.
  if (
    line.size < ctx.bodySize * 1.12 &&
    !LOWER.test(t) &&
    (isIdentifierLine(t) || (CAPS_WORD.test(t) && ctx.termStyles?.has(termStyleKey(line)) === true)) &&
    !ctx.outline.has(normalizeTitle(t))
  )
    return false;
  // An admonition's name plausible let through is in the section titles' face (inSectionFace).
  if (ADMONITION.test(t)) return true;
  if (ctx.headingFonts?.has(line.font) && line.size >= ctx.bodySize * 0.95 && isShortTitle(t)) return true;
  if (ctx.headingLefts?.has(leftKey(line.x)) && line.font !== ctx.bodyFont && isShortTitle(t)) return true;
  const shape = headingShape(t);
  const inOutline = ctx.outline.size > 0 && ctx.outline.has(normalizeTitle(t)) && spaceSplitCount(t) <= MAX_WORDS;
  if (!shape && !inOutline) return false;
  if (distinguished(line, ctx)) return true;
  if (shape && inOutline) return true;
  // A document set in one font: the shape has to be convincing on its own.
  return !ctx.fontVariety && shape !== null;
}

/** A heading found on a page: lines start..end-1 (end exclusive), read as one title. */
export interface HeadingSpan {
  start: number;
  end: number;
  text: string;
  /** A run-in title (title-runs.ts runInTitle): the rest of its line, the paragraph's first line. */
  rest?: string;
}

/** The next line continues the previous one's title: close below it, same font and size. */
function sameTitleBlock(a: TextLine, b: TextLine): boolean {
  const dy = a.y - b.y;
  return dy > 0 && dy <= Math.max(a.size, b.size) * 1.9 && a.font === b.font && Math.abs(a.size - b.size) < 0.6;
}

/** How far (in its size) a title may stand under its bare label; CHAPTER_HEAD_GAP where both are one large style. */
const LABEL_GAP = 4;
const CHAPTER_HEAD_GAP = 7;

/**
 * The next line belongs under a bare label ("Chapter 6" above its title): close below it. A
 * chapter head set in one style larger than the body (`bodySize`), label and title in the same
 * font and size, may leave a wider gap: Sphinx's LaTeX chapter head ("KAPITEL 1", then its title
 * 6.5 sizes below; "CHAPITRE 1", the same in French).
 */
export function underLabel(
  a: Pick<TextLine, 'y' | 'size' | 'font'>,
  b: Pick<TextLine, 'y' | 'size' | 'font'>,
  bodySize = 0,
): boolean {
  const dy = a.y - b.y;
  const style = a.font === b.font && Math.abs(a.size - b.size) < 0.6 && bodySize > 0 && a.size >= bodySize * 1.2;
  return dy > 0 && dy <= Math.max(a.size, b.size) * (style ? CHAPTER_HEAD_GAP : LABEL_GAP);
}

/**
 * A division's word on a line of its own over the bare label under it ("CHAPTER" over "ONE", Sphinx's
 * LaTeX chapter head; "KAPITEL", "CHAPITRE" in other languages): one word of letters, in the label's
 * font, no larger than it, close above it. Read from the layout, whatever the word.
 */
export function labelWordOver(
  a: Pick<TextLine, 'text' | 'y' | 'size' | 'font'>,
  b: Pick<TextLine, 'y' | 'size' | 'font'>,
): boolean {
  const dy = a.y - b.y;
  // The place and the font first: every line of a page is asked, few stand so over the next.
  return (
    dy > 0 &&
    dy <= b.size * LABEL_GAP &&
    a.font === b.font &&
    a.size <= b.size + 0.5 &&
    /^\p{L}{2,16}$/u.test(a.text.trim())
  );
}

/**
 * The text of a title set over lines `from` to `to` (exclusive): one space between lines, a word
 * broken by a hyphen before a lower-case letter joined, and an identifier broken by Doxygen's
 * arrow (clean.ts breakArrowAt: "data_layout_←↩" over "mode_") joined without the arrow.
 */
export function joinTitle(lines: readonly Pick<TextLine, 'text'>[], from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) {
    const t = lines[i]!.text.trim();
    const arrow = breakArrowAt(s);
    if (arrow >= 0) s = s.slice(0, arrow) + t;
    else if (s.endsWith('-') && /^\p{Ll}/u.test(t)) s = s.slice(0, -1) + t;
    else s = s.length > 0 ? `${s} ${t}` : t;
  }
  return s;
}

/** A gap this wide (em) between two pieces of a line is a column's, never a title's word space. */
const COLUMN_GAP_EM = 3;

/**
 * Is `line` the header row of a table whose first body row is `next`? A table's header is set apart
 * as a heading is (bold, a heading's font: an HTML page's <th> printed by a browser), but its cells
 * stand apart by column gaps (`pieces`): a gap of COLUMN_GAP_EM or more, or narrower ones over a
 * row that has column gaps too (a wrapped or centred cell may put that row well below). A title
 * whose only gap follows its number ("2.1" then "Title", LaTeX's quad) is no row. decisions.md,
 * "Sections": a table header is never a section label.
 */
export function isTableHeaderRow(
  line: Pick<TextLine, 'pieces' | 'y' | 'size'>,
  next: Pick<TextLine, 'pieces' | 'y'> | undefined,
): boolean {
  const cells = line.pieces;
  if (!cells || cells.length < 2) return false;
  if (cells.length === 2 && isBareLabel(cells[0]!.text)) return false;
  for (let i = 1; i < cells.length; i++) if (cells[i]!.x - cells[i - 1]!.xEnd >= COLUMN_GAP_EM * line.size) return true;
  if (!next?.pieces || next.pieces.length < 2) return false;
  const dy = line.y - next.y;
  return dy > 0 && dy <= line.size * 5;
}

/**
 * The headings among a page's lines (in reading order). A title set over two or three lines is
 * one heading: a bare label over its title ("Chapter 6" / "Basic API Routines", "TWO" /
 * "GETTING STARTED"), and a title wrapped onto a next line of the same font and size. With a
 * trusted outline, the longest run of lines that is an outline title wins.
 */
export function findHeadings(lines: readonly TextLine[], ctx: HeadingContext): HeadingSpan[] {
  const out: HeadingSpan[] = [];
  // Each line is asked again as the next line of the runs before it: answered once.
  const plausibleAt: (boolean | undefined)[] = [];
  const inList = (j: number) => !typewriterHeading(lines[j]!, ctx) && codeTitleInList(lines, j);
  const isPlausible = (j: number) => (plausibleAt[j] ??= plausible(lines[j]!, ctx) && !inList(j));
  // And each line as a heading of its own, asked by every run it starts, and its shape.
  const headingAt: (boolean | undefined)[] = [];
  const isHeadingAt = (j: number) => (headingAt[j] ??= isPlausible(j) && plausibleHeading(lines[j]!, ctx));
  const shapedAt: (boolean | undefined)[] = [];
  const isShapedAt = (j: number) => (shapedAt[j] ??= headingShape(lines[j]!.text) !== null);
  // A title the outline names (normalised as ctx.outline holds them).
  const named = (t: string) => ctx.outline.has(normalizeTitle(t));
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    // A division's word over its bare label over its title ("CHAPTER" / "ONE" / "ARTICLES"): the word
    // opens the label (labelWordOver), a heading or not of its own.
    const lead =
      i + 2 < lines.length &&
      labelWordOver(l, lines[i + 1]!) &&
      isBareLabel(lines[i + 1]!.text) &&
      (distinguished(lines[i + 1]!, ctx) || !ctx.fontVariety) &&
      underLabel(lines[i + 1]!, lines[i + 2]!, ctx.bodySize) &&
      isPlausible(i + 1) &&
      isPlausible(i + 2);
    if (!lead && !isPlausible(i)) continue;
    // A numbered run-in title the outline names: the rest of its line is text.
    if (!lead && ctx.outline.size > 0 && NUMBERED.test(l.text)) {
      const n = runInTitle(l.text, named);
      if (n > 0) {
        out.push({ start: i, end: i + 1, text: l.text.slice(0, n).trim(), rest: l.text.slice(n).trim() });
        continue;
      }
    }
    if (!ctx.trustedOutline && isTableHeaderRow(l, lines[i + 1])) continue;
    let start = i;
    let from = i;
    if (lead) from = i + 2;
    // A bare label over its title.
    else if (
      i + 1 < lines.length &&
      isBareLabel(l.text) &&
      (distinguished(l, ctx) || !ctx.fontVariety) &&
      underLabel(l, lines[i + 1]!, ctx.bodySize) &&
      isPlausible(i + 1)
    )
      from = i + 1;
    let found: HeadingSpan | undefined;
    // Longest run first: up to three lines of one title. Without a trusted outline every run
    // needs its first line to be a heading: a line that is none starts no run.
    for (let end = Math.min(lines.length, from + 3); end > from && (ctx.trustedOutline || isHeadingAt(from)); end--) {
      let ok = true;
      for (let j = from + 1; j < end && ok; j++) ok = isPlausible(j) && sameTitleBlock(lines[j - 1]!, lines[j]!);
      if (!ok) continue;
      if (end - from > 1) {
        // A wrapped title: the outline must say so, or the first line must be a heading that
        // does not end a sentence and the next lines not headings of their own.
        const text = joinTitle(lines, from, end);
        if (ctx.trustedOutline) {
          if (!isHeading({ ...lines[from]!, text }, ctx)) continue;
        } else {
          if (/[.!?:]$/.test(lines[from]!.text.trim())) continue;
          let own = false;
          // A side head by its left (heading-lefts.ts) wraps to that left; the line after it at
          // another left is the text under it (a man page's synopsis line under its .SS title).
          const side = ctx.headingLefts?.has(leftKey(lines[from]!.x)) === true;
          for (let j = from + 1; j < end; j++)
            own ||=
              isShapedAt(j) ||
              isBareLabel(lines[j]!.text) ||
              (side && Math.round(lines[j]!.x * 2) !== Math.round(lines[from]!.x * 2));
          if (own || spaceSplitCount(text) > MAX_WORDS) continue;
          if (ctx.outline.size > 0 && standsAlone(lines[from]!.text.trim(), text, named)) continue;
        }
        found = { start, end, text };
        break;
      }
      // One line: its title is its own text, trimmed, as isHeading reads it.
      if (isHeadingAt(from)) found = { start, end, text: lines[from]!.text.trim() };
      break;
    }
    if (!found && from !== start) {
      // The label alone, as before, where its title is no heading.
      start = from = i;
      if (isHeadingAt(i)) found = { start: i, end: i + 1, text: l.text.trim() };
    } else if (found && from !== start) {
      found.text = `${joinTitle(lines, start, from)} ${found.text}`;
    }
    if (found) {
      out.push(found);
      i = found.end - 1;
    }
  }
  return out;
}

/**
 * Does the outline describe the document's headings? At least 3 titles, and at least half of
 * them found as distinguished lines (or runs of up to three lines) of the text. An outline that
 * does not (page bookmarks, a deck's few sections) leaves headings to the fonts and shapes.
 */
export function outlineTrusted(
  pages: readonly (readonly TextLine[])[],
  index: OutlineIndex,
  ctx: HeadingContext,
): boolean {
  if (index.keys.size < 3) return false;
  const trial: HeadingContext = { ...ctx, trustedOutline: index };
  const found = new Set<string>();
  for (const lines of pages) for (const h of findHeadings(lines, trial)) found.add(titleKey(h.text));
  let hit = 0;
  for (const k of index.keys) if (found.has(k)) hit++;
  // Loose matches count too: a found title that is not a key exactly matched one loosely.
  const extra = [...found].filter((k) => !index.keys.has(k)).length;
  return hit + extra >= index.keys.size * 0.5;
}

/** A title's section number: "6.3 ", "8.10.2 ", "A.1 ", "4. ". */
const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2}){0,4}|[A-Z](?:\.\d{1,2}){1,4})\.?\s+\S/u;

/**
 * The headings (`titles`, in the document's order) that are no sections but a reference entry's
 * run-in labels, under a trusted outline: a title the outline lists n times, found numbered n
 * times or more, is a section where it is numbered; found unnumbered too, those are an entry's
 * labels in a heading's face ("Errors" in every predicate entry of GNU Prolog's manual, its one
 * section "6.3 Errors"; a LaTeX \paragraph "Hifenização" that a section of that name is
 * numbered beside). Except before the first numbered title: a title page names the document as
 * one of its chapters is named. Returns their indexes in `titles`.
 */
export function unnumberedRepeats(titles: readonly string[], outline: readonly string[]): Set<number> {
  const listed = new Map<string, number>();
  for (const t of outline) {
    const k = titleKey(t);
    if (k.length > 0) listed.set(k, (listed.get(k) ?? 0) + 1);
  }
  const numbered = new Map<string, number>();
  const bare = new Map<string, number[]>();
  let first = -1;
  titles.forEach((t, i) => {
    const isNumbered = SECTION_NUMBER.test(t.trim());
    if (isNumbered && first < 0) first = i;
    const k = titleKey(t);
    if (!listed.has(k)) return;
    if (isNumbered) numbered.set(k, (numbered.get(k) ?? 0) + 1);
    else if (first >= 0) {
      const at = bare.get(k);
      if (at) at.push(i);
      else bare.set(k, [i]);
    }
  });
  const out = new Set<number>();
  for (const [k, at] of bare) if ((numbered.get(k) ?? 0) >= listed.get(k)!) for (const i of at) out.add(i);
  return out;
}

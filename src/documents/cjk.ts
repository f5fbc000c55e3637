// Chinese and Japanese text, which sets no space between words: which characters are such text,
// where a line may break inside it, where its sentences end. Char-code tests only (the chunker asks
// them of every character of a 1000-page manual); pure. Korean sets spaces between its words: Hangul
// is no such text here, and its lines join and break at spaces as Latin ones do.

/**
 * A character of text written without spaces (as a UTF-16 code unit): Han (the unified ideographs,
 * extension A, the compatibility ideographs; a high surrogate of planes 2-3, the later extensions),
 * Hiragana, Katakana, Bopomofo, CJK symbols and punctuation (U+3000-U+303F: 。、「」), and the
 * full-width and half-width forms but Hangul's (！？（）, ｶﾀｶﾅ). These are the characters East Asian
 * Width calls Wide, Fullwidth or Halfwidth outside Hangul, as CSS Text 3's segment-break rule takes
 * them; the ideographic space U+3000 is a blank, not one of them.
 */
export function isCjkUnit(c: number): boolean {
  if (c < 0x2e80) return false;
  if (c <= 0x9fff) return c !== 0x3000 && (c < 0x3130 || c > 0x318f); // not the Hangul compatibility jamo
  if (c >= 0xf900 && c <= 0xfaff) return true;
  if (c >= 0xff01 && c <= 0xff9f) return true; // full-width ASCII forms, half-width punctuation and Katakana
  if (c >= 0xffe0 && c <= 0xffe6) return true;
  return c >= 0xd840 && c <= 0xd8bf; // planes 2-3 (Han extensions B-H) as their high surrogate
}

/**
 * A text holding a character isCjkUnit takes: the same ranges as one regular expression, for a
 * whole string's quick test (the quality measures ask it of every chunk), planes 2-3 as code points.
 */
export const CJK_TEXT =
  /[\u2e80-\u2fff\u3001-\u312f\u3190-\u9fff\uf900-\ufaff\uff01-\uff9f\uffe0-\uffe6\u{20000}-\u{3ffff}]/u;

/**
 * A line break (a PDF's line end, an HTML or Markdown soft break) between these two characters
 * goes without a space: both are such text (CSS Text 3, 4.1.2 segment break transformation: a
 * segment break between two characters of East Asian Width F, W or H, neither Hangul, is removed).
 * `before` is the code unit before the break, `after` the one after it; a low surrogate before
 * it is taken by its pair (`beforePair`, the unit before it).
 */
export function cjkJoin(before: number, after: number, beforePair = 0): boolean {
  const b = before >= 0xdc00 && before <= 0xdfff ? beforePair : before;
  return isCjkUnit(b) && isCjkUnit(after) && (isCjkLetter(b) || isCjkLetter(after));
}

/**
 * A letter of such text (Han, kana, Bopomofo, a full-width letter or digit), not its punctuation:
 * one side of a join or a seam must be one. Latin documents borrow CJK brackets for notation (TeX
 * manuals set a macro's arguments as "〈arg〉 〈arg〉"); two brackets meeting are no Chinese text.
 */
export function isCjkLetter(c: number): boolean {
  if (scriptOf(c) < 4) return true;
  return (
    (c >= 0x3105 && c <= 0x312f) ||
    (c >= 0xff10 && c <= 0xff19) ||
    (c >= 0xff21 && c <= 0xff3a) ||
    (c >= 0xff41 && c <= 0xff5a)
  );
}

/** 。．！？｡ (and the full-width ones): the marks that end a sentence of such text. */
export function isCjkStop(c: number): boolean {
  return c === 0x3002 || c === 0xff0e || c === 0xff01 || c === 0xff1f || c === 0xff61;
}

/** ：；(full-width): the marks that end a clause of such text, as `:` and `;` end one of English. */
export function isCjkClause(c: number): boolean {
  return c === 0xff1a || c === 0xff1b;
}

/** Closing brackets and quotes of such text, read back over after a sentence's mark (。」). */
const CLOSING = new Set([...'」』）】〕〉》］｝〗〙〛｣〞〟'].map((s) => s.charCodeAt(0)));
export function isCjkCloser(c: number): boolean {
  return c >= 0x3001 && CLOSING.has(c);
}

/**
 * Characters a line of such text never starts with (kinsoku: JIS X 4051's rules, as browsers
 * apply them): closing brackets and punctuation, small kana, the long vowel mark, iteration marks.
 */
const NO_START = new Set(
  [
    ...'、。，．：；？！」』）】〕〉》］｝〗〙〛｣〞〟ー・ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々〻ゝゞヽヾ％｡､･ｰｧｨｩｪｫｯｬｭｮ',
  ].map((s) => s.charCodeAt(0)),
);
/** Characters a line of such text never ends with: opening brackets and quotes. */
const NO_END = new Set([...'「『（【〔〈《［｛〖〘〚｢〝'].map((s) => s.charCodeAt(0)));

/**
 * May a chunk end between the code units t[i-1] and t[i], where no blank stands? Only between two
 * characters of such text (never inside a Latin word or a number set among them, never inside a
 * surrogate pair), and never where a line of it may not break: before closing punctuation or a
 * small kana, after an opening bracket.
 */
export function cjkSeam(t: string, i: number): boolean {
  const a = t.charCodeAt(i - 1);
  const b = t.charCodeAt(i);
  if (b < 0x2e80 || a < 0x2e80) return false;
  if (b >= 0xdc00 && b <= 0xdfff) return false;
  if (!isCjkUnit(b) || NO_START.has(b) || NO_END.has(a)) return false;
  const before = a >= 0xdc00 && a <= 0xdfff ? t.charCodeAt(i - 2) : a;
  return isCjkUnit(before) && (isCjkLetter(before) || isCjkLetter(b) || isCjkStop(before));
}

/**
 * The script class of a code unit of such text, for likely word boundaries: 1 Han, 2 Hiragana,
 * 3 Katakana (with the long vowel mark), 4 punctuation and the rest.
 */
function scriptOf(c: number): number {
  if (
    (c >= 0x3400 && c <= 0x9fff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xd840 && c <= 0xd8bf) ||
    isLowSurrogate(c) ||
    c === 0x3005
  )
    return 1;
  if (c >= 0x3041 && c <= 0x309f) return 2;
  if ((c >= 0x30a0 && c <= 0x30ff) || (c >= 0xff66 && c <= 0xff9f)) return 3;
  return 4;
}

/**
 * How likely a seam (cjkSeam) at i falls inside a word: 0 after a comma (、，), 1 where the script
 * changes but from Han to Hiragana (a verb's or an adjective's stem and its ending are one word:
 * 書き, 同じ), 2 otherwise (inside パッケージ, 参照, or a Han run before its particle).
 */
export function cjkSeamRank(t: string, i: number): 0 | 1 | 2 {
  const a = t.charCodeAt(i - 1);
  if (a === 0x3001 || a === 0xff0c || a === 0xff64) return 0;
  const sa = scriptOf(a);
  const sb = scriptOf(t.charCodeAt(i));
  return sa !== sb && !(sa === 1 && sb === 2) ? 1 : 2;
}

const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

// A text's runs of blanks as single spaces, trimmed: text.replace(/\s+/g, ' ').trim(), asked of
// every block of a document twice (toChunkBlocks, then the chunker). Most blocks' texts are
// already so, and the pattern replaced every single space of them with a space: one scan of the
// text (a regular expression) says when there is nothing to replace. A line break between two
// characters of Chinese or Japanese goes without a space (cjk.ts cjkJoin: CSS Text 3's segment
// break rule, as a browser sets an HTML page's or a Markdown file's source lines). Pure.
import { cjkJoin } from './cjk.ts';

/** JavaScript's \s above ASCII (WhiteSpace and LineTerminator: U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF). */
function isWideBlank(c: number): boolean {
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * text.replace(/\s+/g, ' ').trim(), the text itself where that changes nothing; a run of blanks
 * holding a line break between two characters of Chinese or Japanese goes whole.
 */
export function collapseBlanks(text: string): string {
  const n = text.length;
  if (n > 0 && (text.charCodeAt(0) === 32 || text.charCodeAt(n - 1) === 32)) return collapse(text);
  // A space is kept where one stands alone (never the last unit: that returned above).
  return NOT_SINGLE_SPACE.test(text) ? collapse(text) : text;
}

/**
 * What collapseBlanks must replace inside a text: two spaces, or a blank that is no space (\s less
 * U+0020: ASCII's tab to carriage return and isWideBlank's). One regular expression scans a text
 * in about half the time of a loop over its code units (most texts hold none).
 */
const NOT_SINGLE_SPACE = /  |[\t-\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

function collapse(text: string): string {
  return withoutCjkBreaks(text).replace(/\s+/g, ' ').trim();
}

/**
 * The text without the runs of blanks that hold a line break between two characters of Chinese or
 * Japanese ("メーリ\nングリスト" is one word); other runs stay. Visits the line breaks only
 * (indexOf), a few char codes each.
 */
export function withoutCjkBreaks(text: string): string {
  let out = '';
  let from = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    let a = i;
    while (a > from && isBlankCode(text.charCodeAt(a - 1))) a--;
    let b = i + 1;
    while (b < text.length && isBlankCode(text.charCodeAt(b))) b++;
    if (a === 0 || b >= text.length || !cjkJoin(text.charCodeAt(a - 1), text.charCodeAt(b), text.charCodeAt(a - 2)))
      continue;
    out += text.slice(from, a);
    from = b;
    i = b - 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

const isBlankCode = (c: number) => (c < 128 ? c === 32 || (c >= 9 && c <= 13) : isWideBlank(c));

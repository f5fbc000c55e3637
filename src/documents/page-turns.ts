// Page turns (blocks.ts, PageTurn) count a block's letters and digits: the count, in one place for
// every step that makes or cuts a block's text.

/** Letters and digits in `s`, as a PageTurn counts them (an astral character once). */
export function countAlnum(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) n++;
    } else if (!(c >= 0xdc00 && c <= 0xdfff)) {
      // Astral characters count once, at their high surrogate.
      if (/[\p{L}\p{N}]/u.test(String.fromCodePoint(s.codePointAt(i)!))) n++;
    }
  }
  return n;
}

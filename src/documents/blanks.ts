// A text's runs of blanks as single spaces, trimmed: text.replace(/\s+/g, ' ').trim(), asked of
// every block of a document twice (toChunkBlocks, then the chunker). Most blocks' texts are
// already so, and the pattern replaced every single space of them with a space: a scan of the
// code units says when there is nothing to replace. Pure.

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

/** text.replace(/\s+/g, ' ').trim(), the text itself where that changes nothing. */
export function collapseBlanks(text: string): string {
  const n = text.length;
  if (n > 0 && (text.charCodeAt(0) === 32 || text.charCodeAt(n - 1) === 32)) return text.replace(/\s+/g, ' ').trim();
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    // A space is kept where one stands alone (never the last unit: that returned above).
    if (c === 32 ? text.charCodeAt(i + 1) === 32 : c < 128 ? c >= 9 && c <= 13 : isWideBlank(c))
      return text.replace(/\s+/g, ' ').trim();
  }
  return text;
}

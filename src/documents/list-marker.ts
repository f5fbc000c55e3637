// A list item's own marker, as the chunk text shows it: a bullet, or a number as the document
// wrote it ("3.", "2)", "1.2.", "1.2", "b)", "iv.", "(a)", "(3)"), and the numbers of a nested
// level that shows its parents' numbers in their own styles ("1.b.1.", "I.2.", "A.3)": Word's and
// OpenDocument's display levels), which end on "." or ")" and hold a digit, so that "e.g." and
// "3.x" stay words. An item without one gets "- " (chunk-document.ts). Pure.

const ROMAN = '(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})';
const PART = `(?:\\d{1,9}|[a-z]|${ROMAN})`;
const LIST_MARKER = new RegExp(
  `^(?:[-*+•–]|(?=\\S*\\d)(?:${PART}\\.)+${PART}[.)]|\\d{1,9}(?:\\.\\d{1,9})*[.)]|\\d{1,9}(?:\\.\\d{1,9})+|(?:([a-z])\\1{0,2}|${ROMAN})[.)]|\\((?:\\d{1,9}|[a-z]|${ROMAN})\\))\\s`,
  'i',
);

/** Whether an item's text opens with its own marker (then it gets no "- "). */
export function hasListMarker(text: string): boolean {
  return LIST_MARKER.test(text);
}

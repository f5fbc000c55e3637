// A list item's own marker, as the chunk text shows it: a bullet, or a number as the document
// wrote it ("3.", "2)", "1.2.", "1.2", "b)", "iv.", "(a)", "(3)"). An item without one gets "- "
// (chunk-document.ts). Pure.

const ROMAN = '(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})';
const LIST_MARKER = new RegExp(
  `^(?:[-*+•–]|\\d{1,9}(?:\\.\\d{1,9})*[.)]|\\d{1,9}(?:\\.\\d{1,9})+|(?:([a-z])\\1{0,2}|${ROMAN})[.)]|\\((?:\\d{1,9}|[a-z]|${ROMAN})\\))\\s`,
  'i',
);

/** Whether an item's text opens with its own marker (then it gets no "- "). */
export function hasListMarker(text: string): boolean {
  return LIST_MARKER.test(text);
}

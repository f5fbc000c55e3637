// How deep a list item of a markup format (HTML, Markdown) stands: a list inside an item is one
// level in (DocumentBlock.depth), which the chunk shows indented under its parent item
// (../list-depth.ts). Read without it, AsciiDoc's, DocBook's, Sphinx's and Markdown's nested
// lists came out flat: "- Compile with:" / "- debug info" / "- address sanitizer" read as three
// items of one list. Pure.

/**
 * The elements that open a list of items. A definition list (`dl`) is no level: man2html and
 * Texinfo nest `dl` in `dd` for every indented paragraph, and a definition is read with its term.
 */
const LISTS = new Set(['ul', 'ol', 'menu']);
/** Elements that start a new reading context: a table's cell lays its lists out on their own. */
const CONTEXTS = new Set(['table', 'td', 'th']);

/**
 * The depth of an item read inside the open elements `stack` (outermost first): the lists open
 * around it, up to the nearest table cell, less one (0 for an item of a top-level list). A list in
 * a table's cell inside a list item starts again at 0, as the cell's text does.
 */
export function htmlListDepth(stack: readonly { name: string }[]): number {
  let lists = 0;
  for (let i = stack.length - 1; i >= 0; i--) {
    const name = stack[i]!.name;
    if (CONTEXTS.has(name)) break;
    if (LISTS.has(name)) lists++;
  }
  return Math.max(0, lists - 1);
}

// Nested lists in the chunk text: an item inside an item stands indented under it, two spaces a
// level, as a reader writes a nested list in plain text or Markdown ("1. Download" then
// "  a. Check the signature" then "    i. On Linux use stat"), so that the chunk shows which item
// a sub-item belongs to, and "c." after a nested list reads as its parent's sub-item again.
// Formats that know an item's level (Word's w:ilvl, OpenDocument's nested text:list, PowerPoint's
// lvl) give it as DocumentBlock.depth; chunk-document.ts indents. Pure.

/** Spaces a level of nesting takes. */
export const INDENT_PER_LEVEL = 2;
/** The deepest level shown (Word and PowerPoint have 9, OpenDocument 10). */
export const MAX_SHOWN_DEPTH = 8;

/**
 * The depth an item is shown at: its own (`depth`, 0 at the top), but at most one level under the
 * item before it in the same run of items (`previous`, undefined when no item is before it): a list
 * that starts at Word's third level, or skips one, is shown one level in, not three, as word
 * processors and pandoc show it; at most MAX_SHOWN_DEPTH.
 */
export function shownDepth(depth: number | undefined, previous: number | undefined): number {
  const d = Math.max(0, Math.min(depth ?? 0, MAX_SHOWN_DEPTH));
  return Math.min(d, previous === undefined ? 0 : previous + 1);
}

// The title a generator writes inside its contents container, over the list it heads: AsciiDoc's
// `div#toc` holds `div#toctitle` "Table of Contents" (asciidoc-py fills the list in by script, so
// the container holds the title alone; Asciidoctor writes the list after it), DocBook XSL's
// `div.toc` a `<p><b>Table of Contents</b></p>` over its `dl.toc`. The listing rules leave the
// list out (isMarkedContentsEntry); the title, kept, read as a line of the text before the
// document's first section or over a chapter's first paragraph ("Chapitre 4 ... / Table des
// matières / La réécriture ..."). Pure.
import { isMarkedContentsEntry, type LinkedBlock } from '../../listing.ts';

/** Longest text a contents container's title has ("Table of Contents", "Inhaltsverzeichnis"). */
const TITLE_CHARS = 60;

/** A title: a short paragraph or heading without links that ends no sentence. */
function isTitle(b: LinkedBlock): boolean {
  const t = b.text.trim();
  return (
    (b.kind === 'paragraph' || b.kind === 'heading') &&
    b.links === 0 &&
    t.length > 0 &&
    t.length <= TITLE_CHARS &&
    !/[.!?;,]$/u.test(t)
  );
}

/**
 * The indexes of the titles among the blocks read inside one contents container (isContentsContainer,
 * isContentsId), when every other block of it is a contents entry that leaves (isMarkedContentsEntry)
 * or there is none: with its list gone (or never there, a list a script fills in), the title
 * heads nothing. A container that holds other text (a description after an entry) keeps its
 * title; so does a container of one block that is no title, or of two short lines. Empty when
 * nothing goes.
 */
export function leftContentsTitles(blocks: readonly LinkedBlock[]): number[] {
  const titles: number[] = [];
  for (const [i, b] of blocks.entries()) {
    if (isMarkedContentsEntry(b)) continue;
    if (!isTitle(b)) return [];
    titles.push(i);
  }
  // One title: two short lines over a list are more likely text of the page than its title.
  return titles.length === 1 ? titles : [];
}

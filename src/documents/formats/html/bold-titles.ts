// Headings of a page that has no heading element: the section titles a converter set as bold
// paragraphs. grohtml writes an mdoc manual page's (BSD's `.Sh`) section headers as
// `<p><b>DESCRIPTION</b></p>`, never as `<h2>`; old hand-made pages do the same. Where the page
// has nothing better, the interface's cues decide (decisions.md "Sections"): a bold paragraph of
// a heading's shape (short ALL-CAPS, numbered, a division word: headingShape) is a heading. The
// bold list tags around them (`<b>kill-server</b>`, `<b>Key</b>`) have no such shape. Pure.
import type { LinkedBlock } from '../../listing.ts';
import { headingShape } from '../pdf/headings.ts';

/** The level a bold title takes: under the page's title, which a headingless page has none of. */
const BOLD_TITLE_LEVEL = 2;

/**
 * `blocks` with each paragraph of `bold` (read wholly inside `<b>`/`<strong>`) that has a
 * heading's shape made a heading, when no block is a heading already; else `blocks` itself.
 */
export function boldTitles(blocks: LinkedBlock[], bold: ReadonlySet<LinkedBlock>): LinkedBlock[] {
  if (bold.size === 0 || blocks.some((b) => b.kind === 'heading')) return blocks;
  let changed = false;
  const out = blocks.map((b) => {
    if (!bold.has(b) || b.kind !== 'paragraph' || headingShape(b.text) === null) return b;
    changed = true;
    return { ...b, kind: 'heading' as const, level: BOLD_TITLE_LEVEL };
  });
  return changed ? out : blocks;
}

// Paragraph skips: Texinfo (and any class with \parskip) sets paragraphs apart by a little more
// space than the lines inside one. After a short line, that space ends the paragraph, whether or
// not the line ends a sentence: a copyright line with no full stop ("Copyright © 2012, 2013 g10
// Code GmbH") over the permission paragraph, gcl-si's "Package:LISP" over a function's text, a
// centred "Version 2.1, February 1999" over the copyright line under it.

/** A step this much (in em of the text's size) over the page's line spacing parts paragraphs. */
const PARSKIP_EM = 0.15;

/** A line this much over the body's size is a display size (a title), its own spacing. */
const BODY_MAX = 1.12;

/**
 * Does a line `dy` below a line that stops short (`aboveShort`: 4 em or more short of the text
 * block's right edge, clean.ts stopsShort) open a new paragraph, the step between them at least
 * 0.15 em over the page's line spacing (`spacing`)? A line the text broke inside a paragraph
 * (an address, a verse, a line break by hand) stands one line spacing under the one above. Both
 * lines at the body's size (`size`, `aboveSize`, `bodySize`): a title's lines in a larger type
 * ("TERMS AND CONDITIONS FOR COPYING," / "DISTRIBUTION AND MODIFICATION") stand further apart
 * than the text's, and a footnote or a heading is told elsewhere.
 */
export function partedAfterShort(
  aboveShort: boolean,
  dy: number,
  spacing: number,
  size: number,
  aboveSize: number,
  bodySize: number,
): boolean {
  return (
    aboveShort &&
    dy > spacing + PARSKIP_EM * size &&
    size < bodySize * BODY_MAX &&
    aboveSize < bodySize * BODY_MAX &&
    Math.abs(size - aboveSize) < PARSKIP_EM * size
  );
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInTitle, standsAlone } from '../../../../src/documents/formats/pdf/title-runs.ts';
import { findHeadings, normalizeTitle, type HeadingContext } from '../../../../src/documents/formats/pdf/headings.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';

// An amsart paper's outline (hyperref bookmarks), as headingContext holds it.
const outline = new Set(
  ['1. Introduction', '2. Usage', '4.2. Computations', '4.9. Recursive vs. Computable', 'Acknowledgements'].map(
    normalizeTitle,
  ),
);
const named = (t: string) => outline.has(normalizeTitle(t));

test('runInTitle: a run-in title the outline names, up to its full stop', () => {
  const cases: [string, string, number][] = [
    ['amsart subsection', '4.2. Computations. To disable these commands pass the option.', 18],
    ['a full stop inside the title', '4.9. Recursive vs. Computable. To disable these commands.', 30],
    ['unnumbered', 'Acknowledgements. We thank the referee for the comments.', 17],
    ['a term and its colon', 'Acknowledgements: We thank the referee for the comments.', 0],
    ['not in the outline', '4.3. Degrees. To disable these commands pass the option.', 0],
    ['the sentence runs on in lower case', 'Computations. to be read later on.', 0],
    ['the title alone on its line', '4.2. Computations.', 0],
    ['a numbered list item', '2. Usage is explained in the next section of this text.', 0],
    ['past fourteen words', `${'word '.repeat(15)}Computations. Text.`, 0],
    ['an empty line', '', 0],
    ['a stop inside brackets', '4.2. Computations (. . . )', 0],
    ['a stop then an ellipsis', '4.2. Computations. . . more', 0],
  ];
  for (const [name, text, want] of cases) assert.equal(runInTitle(text, named), want, name);
});

test('standsAlone: a line the outline names takes no next line unless they are named together', () => {
  const cases: [string, string, string, boolean][] = [
    ['a section title over its text', '2. USAGE', '2. USAGE Include the package in your document by placing', true],
    ['a title wrapped over two lines', 'Recursive vs.', 'Recursive vs. Computable', false],
    ['an unnamed first line', 'Some Title of', 'Some Title of Two Lines', false],
  ];
  for (const [name, first, joined, want] of cases) assert.equal(standsAlone(first, joined, named), want, name);
});

const tl = (text: string, y: number, x = 126.7, font = 'R', size = 10.9): TextLine => ({
  text,
  x,
  xEnd: x + text.length * 5,
  y,
  size,
  font,
  mono: false,
});

test('findHeadings: an amsart paper, its centred titles and run-in subsections (outline)', () => {
  // amsart sets every line in one font and size (XeTeX's small capitals): only the outline tells.
  const ctx: HeadingContext = { bodySize: 10.9, bodyFont: 'R', fontVariety: false, outline };
  const lines = [
    tl('2. USAGE', 191.3, 284.4),
    tl('Include the package in your document by placing \\usepackage{x} into', 171.8),
    tl('your preamble after placing x.sty somewhere TEX can find it. The commands', 158.9),
    tl('are listed below.', 145.9),
    tl('\\ball{y}{s} B(y, s) Location of ball y at s', 130),
    tl('4.2. Computations. To disable these commands pass the option nocomputations.', 115),
    tl('To specify an alternative symbol pass recfnlsym=macroname.', 100),
  ];
  assert.deepEqual(
    findHeadings(lines, ctx).map((h) => [h.start, h.end, h.text, h.rest]),
    [
      [0, 1, '2. USAGE', undefined],
      [5, 6, '4.2. Computations.', 'To disable these commands pass the option nocomputations.'],
    ],
  );
});

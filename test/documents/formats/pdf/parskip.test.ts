import assert from 'node:assert/strict';
import test from 'node:test';
import {
  filledShort,
  leadingUnderSkip,
  partedAfterShort,
  smallOnBodyLeading,
  titleOverText,
} from '../../../../src/documents/formats/pdf/parskip.ts';

test('partedAfterShort: after a short line, a paragraph skip opens a new paragraph', async (t) => {
  // Texinfo's body at 10.9 on 13.1 of line spacing, its paragraphs 15.8 to 16.4 apart.
  const line = (x: number, xEnd: number, size = 10.9) => ({ x, xEnd, size });
  const cases: [string, ReturnType<typeof line>, ReturnType<typeof line>, boolean, number, boolean][] = [
    ["gcl-si's 'Package:LISP' over the function's text", line(118.8, 184.1), line(118.8, 522), true, 16.4, true],
    [
      "gcrypt's copyright line with no full stop over the permission text",
      line(90, 346.5),
      line(118.8, 493.2),
      true,
      16.1,
      true,
    ],
    [
      "a centred 'Version 2.1, February 1999' over the copyright line",
      line(242.1, 369.9),
      line(118.8, 385.6),
      true,
      15.8,
      true,
    ],
    [
      'a line broken by hand inside a paragraph (an address): one line spacing',
      line(90, 300),
      line(90, 400),
      true,
      13.1,
      false,
    ],
    ['a short line, a step a little over the spacing (a tall glyph)', line(90, 300), line(90, 400), true, 14.2, false],
    ['a full line: the fit rules tell it', line(90, 522), line(90, 522), false, 16.4, false],
    ["a title's two lines in a larger type", line(90, 400, 14.3), line(90, 380, 14.3), true, 17.5, false],
    ['a smaller line under the text (a footnote)', line(90, 300), line(90, 400, 8), true, 16.4, false],
    ["a display's fraction: 'dy' over 'dx'", line(323.8, 334.2), line(323.5, 336), true, 16, false],
  ];
  for (const [name, above, l, short, dy, want] of cases)
    await t.test(name, () => assert.equal(partedAfterShort(above, l, short, dy, 13.1, 10.9), want));
});

test('leadingUnderSkip: on a page of one-line paragraphs the leading, not the paragraph skip', async (t) => {
  const steps = (...pairs: [number, number][]) => new Map(pairs);
  const cases: [string, Map<number, number>, number, number][] = [
    // Doxygen's member documentation: 24.8 between paragraphs (6), 11.8 inside a list (3 + 3).
    ['a member page: the skip is the mode, the leading recurs', steps([25, 6], [12, 3], [11.5, 3], [25.5, 3]), 25, 12],
    ['prose: the mode is the leading', steps([12, 30], [16, 4], [24, 2]), 12, 12],
    ['a smaller step too rare against the mode', steps([25, 10], [12, 4]), 25, 25],
    ['fewer than three smaller steps', steps([25, 2], [12, 2]), 25, 25],
    ["Texinfo's skip (1.25 times the leading) is no leading over a skip", steps([16.5, 8], [13, 6]), 16.5, 16.5],
    ['double spacing with a single-spaced quote of two lines', steps([24, 20], [12, 2]), 24, 24],
  ];
  for (const [name, counts, mode, want] of cases)
    await t.test(name, () => assert.equal(leadingUnderSkip(counts, mode), want));
});

test('filledShort: a ragged line broken because its next word did not fit parts no paragraph', async (t) => {
  // ReportLab's user guide: prose 10 on 12 in a frame whose right edge is 517.3, listings past it.
  const line = (text: string, x: number, xEnd: number, size = 10) => ({ text, x, xEnd, size });
  const misfits = line('misfits, included here for completeness.', 78, 237.4);
  const above = { xEnd: 493.3 }; // "... Below are some of the"
  const cases: [string, boolean, { xEnd: number }, ReturnType<typeof line>, number, number, number, boolean][] = [
    [
      "'Below are some of the' over 'misfits, included': the word did not fit",
      true,
      above,
      misfits,
      12,
      12,
      517.3,
      true,
    ],
    ['the step a rounding off the leading', true, above, misfits, 12.4, 12, 517.3, true],
    [
      'a TeX typesetter (optimum fit, justified): a short line is no full one',
      false,
      above,
      misfits,
      12,
      12,
      517.3,
      false,
    ],
    ['a step of a skip over the leading (a new paragraph set apart)', true, above, misfits, 18, 12, 517.3, false],
    ['a step under the leading', true, above, misfits, 11.2, 12, 517.3, false],
    ['the leading unknown', true, above, misfits, 12, 0, 517.3, false],
    [
      "the page's edge where the column's is unknown: a listing's line 574.8 wide leaves room",
      true,
      above,
      misfits,
      12,
      12,
      574.8,
      false,
    ],
    [
      "a term alone on its line over its text (made up): 'This' would have fit",
      true,
      { xEnd: 171.2 },
      line('This paragraph describes all control parameters currently used in the', 78, 510),
      12,
      12,
      517.3,
      false,
    ],
    [
      "LibreOffice 12 on 16.5: 'en' over a URL that did not fit",
      true,
      { xEnd: 313.7 },
      line('git://git.debian.org/git/collab-maint/gentoo.git.', 94.3, 443.2, 12),
      16.5,
      16.5,
      521,
      true,
    ],
  ];
  for (const [name, firstFit, a, l, dy, leading, edge, want] of cases)
    await t.test(name, () =>
      assert.equal(
        filledShort(firstFit, a, l, dy, leading, () => edge),
        want,
      ),
    );
});

test('smallOnBodyLeading: a smaller type one body leading apart is one block', async (t) => {
  // DBLaTeX's manual: body 10 on 12 (11.955), a Warning's text in 9 pt on the same leading.
  const cases: [string, number, number, number, number, number, boolean][] = [
    ["a Warning's second line, 11.955 under its first", 11.955, 9, 9, 10, 12, true],
    ['half a point off the leading', 12.5, 9, 9, 10, 12, true],
    ['a skip over the leading (the next admonition paragraph)', 15, 9, 9, 10, 12, false],
    ["smaller type set tighter (a table's 9 on 11)", 11, 9, 9, 10, 12, false],
    ['body-size lines: the gap rule of the body', 12, 10, 10, 10, 12, false],
    ['a larger type (a title) on that step', 12, 14, 14, 10, 12, false],
    ['a smaller line under a line of another size (a caption under a figure label)', 12, 9, 5.8, 10, 12, false],
    ['the body leading unknown', 12, 9, 9, 10, 0, false],
  ];
  for (const [name, dy, size, aboveSize, body, leading, want] of cases)
    await t.test(name, () => assert.equal(smallOnBodyLeading(dy, size, aboveSize, body, leading), want));
});

test("titleOverText: a change between a display size and the body's after a short line ends a paragraph", () => {
  const line = (x: number, xEnd: number, size: number) => ({ x, xEnd, size });
  const body = 10.9;
  const title = line(90, 296.9, 13.1); // "Server certificate authentication"
  const text = line(90, 522, 10.9);
  const shortText = line(90, 144.3, 10.9); // "certtool (1)"
  const cases: [string, ReturnType<typeof line>[], ReturnType<typeof line>, boolean, boolean][] = [
    ['a title line over its text', [title], text, true, true],
    ['a title wrapped onto two lines over its text', [line(90, 522, 13.1), title], text, true, true],
    ['a title line that runs to the edge: a paragraph in a larger type', [title], text, false, false],
    ['a display-size line under a short body line', [shortText], line(90, 209.8, 13.1), true, true],
    ['under a body paragraph ending short, its first line full', [text, shortText], line(90, 209.8, 13.1), true, true],
    ['two body lines', [shortText], text, true, false],
    ['two title lines', [title], line(90, 362.4, 13.1), true, false],
    ['a paragraph of body and title sizes over the text', [text, title], text, true, false],
    ['a big operator, 2 em wide, over the text', [line(90, 116, 13.1)], text, true, false],
    ['a big operator under a short body line', [shortText], line(90, 110, 14.4), true, false],
    ['a smaller type (a footnote) under a body line', [shortText], line(90, 300, 8), true, false],
    ['a slightly larger body line (10.9 over 11.5): no display size', [shortText], line(90, 300, 11.5), true, false],
    [
      'a larger line indented under a list item (its continuation)',
      [line(87.7, 191.1, 7.2)],
      line(95.8, 326.4, 9),
      true,
      false,
    ],
    ['a centred title under a body line', [shortText], line(200, 330, 13.1), true, false],
    ['a title left of the paragraph above', [line(110, 300, 10.9)], line(90, 209.8, 13.1), true, true],
  ];
  for (const [name, para, l, lastShort, want] of cases)
    assert.equal(titleOverText(para, l, lastShort, body), want, name);
});

import assert from 'node:assert/strict';
import test from 'node:test';
import { partedAfterShort } from '../../../../src/documents/formats/pdf/parskip.ts';

test('partedAfterShort: after a short line, a paragraph skip opens a new paragraph', async (t) => {
  // Texinfo's body at 10.9 on 13.1 of line spacing, its paragraphs 16.1 to 16.4 apart.
  const cases: [string, boolean, number, number, number, boolean][] = [
    ["gcl-si's 'Package:LISP' over the function's text", true, 16.4, 10.9, 10.9, true],
    ["gcrypt's copyright line with no full stop over the permission text", true, 16.1, 10.9, 10.9, true],
    ['a line broken by hand inside a paragraph (an address): one line spacing', true, 13.1, 10.9, 10.9, false],
    ['a short line, a step a little over the spacing (a tall glyph)', true, 14.2, 10.9, 10.9, false],
    ['a full line: the fit rules tell it', false, 16.4, 10.9, 10.9, false],
    ["a title's two lines in a larger type", true, 17.5, 14.3, 14.3, false],
    ['a smaller line under the text (a footnote)', true, 16.4, 8, 10.9, false],
  ];
  for (const [name, short, dy, size, aboveSize, want] of cases)
    await t.test(name, () => assert.equal(partedAfterShort(short, dy, 13.1, size, aboveSize, 10.9), want));
});

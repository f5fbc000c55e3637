import assert from 'node:assert/strict';
import test from 'node:test';
import { largerAfterTurn, opensAfterTurn } from '../../../../src/documents/formats/pdf/turn-heads.ts';

test('largerAfterTurn: a title in a larger type at a page top opens a block', async (t) => {
  // The body at 10.9 (Texinfo).
  const cases: [string, number, number, boolean][] = [
    ["libidn2's function heading 'idn2_lookup_u8' after 'Since: 2.0.0'", 13.1, 10.9, true],
    ['the text going on at the body size', 10.9, 10.9, false],
    ['a line a little larger (rounding, another face)', 11.5, 10.9, false],
    ['after a larger line (a title over two pages): the same size', 13.1, 13.1, false],
    ['a footnote line going on at the next page, smaller', 8, 8, false],
  ];
  for (const [name, size, aboveSize, want] of cases)
    await t.test(name, () => assert.equal(largerAfterTurn(size, aboveSize, 10.9), want));
});

test('opensAfterTurn: a larger title, or any line after a footnote, opens a block at a turn', async (t) => {
  // The body at 10, \footnotesize at 8.
  const cases: [string, number, number, boolean, boolean][] = [
    ["the text going on after a footnote (lshort's 'lets you convert')", 10, 8, true, true],
    ['the text going on after the text', 10, 10, false, false],
    ['a title after the text', 13, 10, false, true],
    ['a footnote line going on after the text (no note above)', 8, 10, false, false],
  ];
  for (const [name, size, aboveSize, aboveInNote, want] of cases)
    await t.test(name, () => assert.equal(opensAfterTurn(size, aboveSize, 10, aboveInNote), want));
});

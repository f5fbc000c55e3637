import assert from 'node:assert/strict';
import test from 'node:test';
import type { DocumentBlock } from '../../../../src/documents/blocks.ts';
import { footnotesAfterText, opensFootnote } from '../../../../src/documents/formats/pdf/footnotes.ts';

test('opensFootnote: a smaller line opening with a mark under the text', async (t) => {
  // The body at 10, \footnotesize at 8.
  const cases: [string, string, number, number, boolean][] = [
    ['a numbered footnote (covington)', '1 The package has a long history. It started off as a', 8, 10, true],
    ['a mark glued to its text', '2The package has a long history.', 8, 10, true],
    ['a symbol mark', '∗ Supported by a grant of the foundation.', 8, 10, true],
    ['a dagger', '† Present address: Department of Linguistics.', 8, 10, true],
    ['no mark: a caption or a wrapped line', 'The package has a long history.', 8, 10, false],
    ['at the size of the line above: the footnote area goes on', '2 Another note.', 8, 8, false],
    ['at the body size: a numbered line of the text', '1 The package has a long history.', 10, 10, false],
  ];
  for (const [name, text, size, aboveSize, want] of cases)
    await t.test(name, () => assert.equal(opensFootnote(text, size, aboveSize, 10), want));
});

test('footnotesAfterText: the text a page turn and its footnotes cut reads on, the notes after it', async (t) => {
  const body = (text: string, page: number): DocumentBlock => ({ kind: 'paragraph', text, page });
  await t.test('a sentence cut at the foot of page 2 goes on on page 3', () => {
    const a = body('With this option, examples in footnotes get a', 2);
    const n = body('1 The package has a long history.', 2);
    const b = body('different numbering.', 3);
    const out = footnotesAfterText([a, n, b], new Set([n]));
    assert.deepEqual(
      out.map((x) => x.text),
      ['With this option, examples in footnotes get a different numbering.', '1 The package has a long history.'],
    );
    assert.deepEqual(out[0]!.pageTurns, [{ after: 37, page: 3 }]);
    assert.equal(out[0]!.page, 2);
  });
  await t.test('two footnotes keep their order after the text', () => {
    const a = body('the text goes', 4);
    const n1 = body('1 One.', 4);
    const n2 = body('2 Two.', 4);
    const b = body('on here.', 5);
    const out = footnotesAfterText([a, n1, n2, b], new Set([n1, n2]));
    assert.deepEqual(
      out.map((x) => x.text),
      ['the text goes on here.', '1 One.', '2 Two.'],
    );
  });
  const cases: [string, DocumentBlock, DocumentBlock][] = [
    ['the text ended a sentence', body('The text ends here.', 2), body('different numbering.', 3)],
    ['the next page opens a new paragraph', body('the text goes', 2), body('The next paragraph.', 3)],
    ['the same page: a paragraph under the notes', body('the text goes', 2), body('on here.', 2)],
  ];
  for (const [name, a, b] of cases)
    await t.test(`unchanged: ${name}`, () => {
      const n = body('1 A note.', 2);
      assert.deepEqual(footnotesAfterText([a, n, b], new Set([n])), [a, n, b]);
    });
  await t.test('no notes: the blocks as they are', () => {
    const blocks = [body('the text goes', 2), body('on here.', 3)];
    assert.equal(footnotesAfterText(blocks, new Set()), blocks);
  });
});

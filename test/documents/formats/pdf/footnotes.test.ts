import assert from 'node:assert/strict';
import test from 'node:test';
import { opensFootnote } from '../../../../src/documents/formats/pdf/footnotes.ts';

test('opensFootnote: a smaller line opening with a mark under the text', async (t) => {
  // The body at 10, \footnotesize at 8.
  const cases: [string, string, number, number, boolean][] = [
    ['a numbered footnote (covington)', '1 The package has a long history. It started off as a', 8, 10, true],
    ['a mark glued to its text', '2The package has a long history.', 8, 10, true],
    ['a symbol mark', '∗ Supported by a grant of the foundation.', 8, 10, true],
    ['a dagger', '† Present address: Department of Linguistics.', 8, 10, true],
    ['no mark: a caption or a wrapped line', 'The package has a long history.', 8, 10, false],
    ['at the size of the line above: the footnote area goes on', '2 Another note.', 8, 8, false],
    ["a references entry's wrapped date (covington)", '10, 2010. https://ctan.org/pkg/drs.', 8, 10, false],
    ["a references entry's wrapped year", '2017. https://ctan.org/pkg/leipzig.', 8, 10, false],
    ['a number and a dash', '3–5 of the examples.', 8, 10, false],
    ["a sum's limits under its sign (mathsemantics)", '1≤𝑖 ≤ 𝑗 ≤𝑛', 8, 10, false],
    ['a quoted note', '4 “Real men use Unix.”', 8, 10, true],
    ['at the body size: a numbered line of the text', '1 The package has a long history.', 10, 10, false],
  ];
  for (const [name, text, size, aboveSize, want] of cases)
    await t.test(name, () => assert.equal(opensFootnote(text, size, aboveSize, 10), want));
});

// The format measure's chunk ends (scripts/quality-formats.ts): a chunk that ends where a block
// ends is a clean end, a code block's last line included (a chunk keeps a code block's line breaks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measureFormat } from '../../scripts/quality-formats.ts';

test('measureFormat: sentence or item ends see a code block end by its last line', async (t) => {
  const code = 'x <- c(1, 2, 3)\nplot(x)';
  const blocks = [
    { text: 'Plot the vector with these lines' },
    { text: code, keep: true, verbatim: true },
    { text: 'Next part', heading: 'Next part' },
    { text: 'More words here.' },
  ];
  const plain =
    'Plot the vector with these lines\n\n    x <- c(1, 2, 3)\n    plot(x)\n\nNext part\n\nMore words here.\n';
  const cases: [string, string[], number][] = [
    [
      'a chunk ending with the code block',
      ['Plot the vector with these lines\nx <- c(1, 2, 3)\nplot(x)', 'Next part\nMore words here.'],
      100,
    ],
    [
      'a chunk ending inside it',
      ['Plot the vector with these lines\nx <- c(1, 2, 3)', 'plot(x)\nNext part\nMore words here.'],
      0,
    ],
  ];
  for (const [name, contents, want] of cases)
    await t.test(name, () => {
      const chunks = contents.map((content) => ({ content, section: '' }));
      assert.equal(measureFormat('x.md', 'markdown', chunks, blocks, plain).sentenceOrItemEnds, want);
    });
});

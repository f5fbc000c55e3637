import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withoutPermalinkMark } from '../../../src/documents/formats/permalink-mark.ts';

const cases: [string, string, string][] = [
  ["Sphinx's mark glued to a heading", '6.1.1. Helper scripts¶', '6.1.1. Helper scripts'],
  ['a mark after a space', 'Installation ¶', 'Installation'],
  ['a definition term', 'dh_strip¶', 'dh_strip'],
  ['a link emoji', 'Usage 🔗', 'Usage'],
  ['an anchor sign with its variation selector', 'Usage \u2693\uFE0F', 'Usage'],
  ['the mark alone', '¶', ''],
  ['a sign inside the text stays', 'See ¶ 3 of the contract.', 'See ¶ 3 of the contract.'],
  ['a hash ends a name (C#)', 'Programming in C#', 'Programming in C#'],
  ['a section sign stays', 'Paragraph §', 'Paragraph §'],
  ['no mark', 'Plain heading', 'Plain heading'],
  ['empty', '', ''],
];
for (const [name, text, want] of cases)
  test(`withoutPermalinkMark: ${name}`, () => {
    assert.equal(withoutPermalinkMark(text), want);
  });

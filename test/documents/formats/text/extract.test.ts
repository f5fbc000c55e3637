import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textBlocks } from '../../../../src/documents/formats/text/extract.ts';

// Paragraphs by blank lines, lines joined; a run of list lines gives items.
const blockCases: [string, string, string[]][] = [
  ['two paragraphs', 'One line\nwrapped here.\n\nSecond.', ['paragraph:One line wrapped here.', 'paragraph:Second.']],
  ['CRLF and blank lines with spaces', 'A\r\nB\r\n  \r\nC', ['paragraph:A B', 'paragraph:C']],
  ['a list', '- milk\n- bread\n2) eggs', ['item:- milk', 'item:- bread', 'item:2) eggs']],
  ['one dash line is text', '- just this', ['paragraph:- just this']],
  ['nothing', '\n\n  \n', []],
];
for (const [name, text, want] of blockCases) {
  test(`textBlocks: ${name}`, () =>
    assert.deepEqual(
      textBlocks(text).map((b) => `${b.kind}:${b.text}`),
      want,
      name,
    ));
}

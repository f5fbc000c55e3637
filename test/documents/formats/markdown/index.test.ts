// The Markdown format's entry (src/documents/formats/markdown/index.ts): its name and label, a sniff
// that takes UTF-8 text with Markdown's marks, and an extract that answers extractMarkdown's blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as markdown from '../../../../src/documents/formats/markdown/index.ts';
import { extractMarkdown } from '../../../../src/documents/formats/markdown/extract.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

test('markdown: its name and label', () => {
  assert.deepEqual([markdown.name, markdown.label], ['markdown', 'Markdown']);
});

const sniffs: [name: string, bytes: Uint8Array, want: boolean][] = [
  ['a heading, emphasis and a link', utf8('# Title\n\nSome *text* with a [link](https://example.com).\n'), true],
  ['plain text', utf8('Dear team,\n\nthe office is closed on Friday.\n'), false],
  ['an HTML document', utf8('<!DOCTYPE html><html><body><h1>Title</h1></body></html>'), false],
  ['invalid UTF-8 with marks', new Uint8Array([0x23, 0x20, 0x54, 0xff, 0x0a, 0x2a, 0x78, 0x2a]), false],
  ['nothing', new Uint8Array(0), false],
];

for (const [name, bytes, want] of sniffs) {
  test(`markdown.sniff: ${name}`, () => {
    assert.equal(markdown.sniff(bytes), want);
  });
}

const extracts: [name: string, source: string, texts: string[]][] = [
  ['a heading and a paragraph', '# Leave\n\nTwenty-five *days*.\n', ['Leave', 'Twenty-five days.']],
  ['a list', '- one\n- two\n', ['one', 'two']],
];

for (const [name, source, texts] of extracts) {
  test(`markdown.extract: ${name}, as extractMarkdown reads it`, async () => {
    const bytes = utf8(source);
    const got = await markdown.extract(bytes);
    assert.deepEqual(got, { blocks: extractMarkdown(bytes) });
    assert.deepEqual(
      got.blocks.map((b) => b.text),
      texts,
    );
  });
}

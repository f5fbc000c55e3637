// The HTML format's entry (src/documents/formats/html/index.ts): its name and label, a sniff that
// takes a document by its opening or a UTF-8 fragment with more block tags than Markdown marks,
// and an extract that answers extractHtml's blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as html from '../../../../src/documents/formats/html/index.ts';
import { extractHtml } from '../../../../src/documents/formats/html/extract.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

test('html: its name and label', () => {
  assert.deepEqual([html.name, html.label], ['html', 'HTML']);
});

const sniffs: [name: string, bytes: Uint8Array, want: boolean][] = [
  ['a document with a doctype', utf8('<!DOCTYPE html><html><body><p>Hi</p></body></html>'), true],
  ['an opening <html> after a comment', utf8('<!-- saved --><html><p>Hi</p></html>'), true],
  [
    'a latin1 document (not UTF-8) by its opening',
    Buffer.from('<html><head><meta charset="iso-8859-1"></head><body><p>Gr\xfc\xdfe</p></body></html>', 'latin1'),
    true,
  ],
  ['a fragment of block tags', utf8('<h1>Title</h1>\n<p>One.</p>\n<p>Two.</p>\n<ul><li>three</li></ul>\n'), true],
  ['Markdown', utf8('# Title\n\nSome *text* with a [link](https://example.com).\n'), false],
  ['plain text', utf8('Dear team,\n\nthe office is closed on Friday.\n'), false],
  ['a PDF', utf8('%PDF-1.4\n'), false],
];

for (const [name, bytes, want] of sniffs) {
  test(`html.sniff: ${name}`, () => {
    assert.equal(html.sniff(bytes), want);
  });
}

const extracts: [name: string, source: string, texts: string[]][] = [
  [
    'a heading and a paragraph',
    '<html><body><h1>Leave</h1><p>Twenty-five days.</p></body></html>',
    ['Leave', 'Twenty-five days.'],
  ],
  ['a script only', '<html><body><script>var x = 1;</script></body></html>', []],
];

for (const [name, source, texts] of extracts) {
  test(`html.extract: ${name}, as extractHtml reads it`, async () => {
    const bytes = utf8(source);
    const got = await html.extract(bytes);
    assert.deepEqual(got, { blocks: extractHtml(bytes) });
    assert.deepEqual(
      got.blocks.map((b) => b.text),
      texts,
    );
  });
}

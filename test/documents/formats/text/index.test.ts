// The plain-text format's entry (src/documents/formats/text/index.ts): its name and label, a sniff
// that takes any valid UTF-8 without binary control bytes, and an extract that answers extractText's blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as text from '../../../../src/documents/formats/text/index.ts';
import { extractText } from '../../../../src/documents/formats/text/extract.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

test('text: its name and label', () => {
  assert.deepEqual([text.name, text.label], ['text', 'plain UTF-8 text']);
});

const sniffs: [name: string, bytes: Uint8Array, want: boolean][] = [
  ['plain text', utf8('Dear team,\n\nthe office is closed on Friday.\n'), true],
  ['text with a BOM', utf8('\uFEFFPlain words.'), true],
  ['Markdown is text too (the list asks Markdown first)', utf8('# Title\n\nSome *text*.\n'), true],
  ['tabs, form feeds and carriage returns', utf8('a\tb\fc\r\nd'), true],
  ['invalid UTF-8', new Uint8Array([0x48, 0x69, 0xff, 0xfe, 0x20, 0x21]), false],
  ['a NUL byte', utf8('abc\u0000def'), false],
  ['an ELF binary', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), false],
];

for (const [name, bytes, want] of sniffs) {
  test(`text.sniff: ${name}`, () => {
    assert.equal(text.sniff(bytes), want);
  });
}

const extracts: [name: string, source: string, texts: string[]][] = [
  [
    'two paragraphs',
    'Dear team,\n\nthe office is closed on Friday.\n',
    ['Dear team,', 'the office is closed on Friday.'],
  ],
  ['blank lines only', '\n\n\n', []],
];

for (const [name, source, texts] of extracts) {
  test(`text.extract: ${name}, as extractText reads it`, async () => {
    const bytes = utf8(source);
    const got = await text.extract(bytes);
    assert.deepEqual(got, { blocks: extractText(bytes) });
    assert.deepEqual(
      got.blocks.map((b) => b.text),
      texts,
    );
  });
}

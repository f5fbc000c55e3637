// The Word format's entry (src/documents/formats/docx/index.ts): its name and label, its sniff,
// and an extract that answers extractDocx's blocks and no OCR report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as docx from '../../../../src/documents/formats/docx/index.ts';
import { extractDocx } from '../../../../src/documents/formats/docx/extract.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import { makeDocx, makeZip, wp } from '../../helpers/make-zip.ts';

test('docx: its name and label', () => {
  assert.deepEqual([docx.name, docx.label], ['docx', 'Word (.docx)']);
});

const sniffs: [name: string, bytes: Uint8Array, want: boolean][] = [
  ['a Word document', makeDocx(wp('Hello.')), true],
  ['a zip of something else', makeZip([{ name: 'a.txt', data: 'hello' }]), false],
  ['text', Buffer.from('word/document.xml'), false],
];

for (const [name, bytes, want] of sniffs) {
  test(`docx.sniff: ${name}`, () => {
    assert.equal(docx.sniff(bytes), want);
  });
}

const extracts: [name: string, body: string, texts: string[]][] = [
  [
    'a heading and a paragraph',
    wp('Leave', 'Heading1') + wp('Twenty-five days a year.'),
    ['Leave', 'Twenty-five days a year.'],
  ],
  ['an empty body', '', []],
];

for (const [name, body, texts] of extracts) {
  test(`docx.extract: ${name}, as extractDocx reads it`, async () => {
    const bytes = makeDocx(body);
    const got = await docx.extract(bytes, {});
    assert.deepEqual(got, { blocks: await extractDocx(bytes, {}) });
    assert.deepEqual(
      got.blocks.map((b) => b.text),
      texts,
    );
  });
}

test('docx.extract: a zip that is not a Word document is refused with a DocumentError', async () => {
  await assert.rejects(
    docx.extract(Buffer.from('PK\x03\x04 not a zip'), {}),
    (err: unknown) => err instanceof DocumentError,
  );
});

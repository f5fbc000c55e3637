// looksLikeDocx (src/documents/formats/docx/sniff.ts): a zip (a local header, or an empty
// archive's end record) whose entry names include [Content_Types].xml and word/document.xml.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeDocx } from '../../../../src/documents/formats/docx/sniff.ts';
import { makeDocx, makeZip } from '../../helpers/make-zip.ts';

const cases: [name: string, bytes: Uint8Array, want: boolean][] = [
  ['a Word document', makeDocx('<w:p/>'), true],
  [
    'the two parts alone',
    makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: '<w:document/>' },
    ]),
    true,
  ],
  ['no content-type list', makeZip([{ name: 'word/document.xml', data: '<w:document/>' }]), false],
  ['no main part', makeZip([{ name: '[Content_Types].xml', data: '<Types/>' }]), false],
  [
    'a spreadsheet',
    makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/workbook.xml', data: '<w/>' },
    ]),
    false,
  ],
  ['an empty zip (end record only)', makeZip([]), false],
  ['another zip', makeZip([{ name: 'a.txt', data: 'hello' }]), false],
  ['the names in a file that is not a zip', Buffer.from('[Content_Types].xml word/document.xml'), false],
  [
    'the names after a spanned-archive signature (PK\\7\\8)',
    Buffer.concat([Buffer.from([0x50, 0x4b, 7, 8]), Buffer.from('[Content_Types].xml word/document.xml')]),
    false,
  ],
  [
    "the names after an empty archive's end record signature (PK\\5\\6)",
    Buffer.concat([Buffer.from([0x50, 0x4b, 5, 6]), Buffer.from('[Content_Types].xml word/document.xml')]),
    true,
  ],
  ['three bytes of a signature', new Uint8Array([0x50, 0x4b, 3]), false],
  ['nothing', new Uint8Array(0), false],
];

for (const [name, bytes, want] of cases) {
  test(`looksLikeDocx: ${name}`, () => {
    assert.equal(looksLikeDocx(bytes), want);
  });
}

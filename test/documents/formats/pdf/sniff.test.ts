// looksLikePdf (src/documents/formats/pdf/sniff.ts): `%PDF-` anywhere in the first 1024 bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikePdf } from '../../../../src/documents/formats/pdf/sniff.ts';
import { makePdf, textPages } from '../../helpers/make-pdf.ts';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

const cases: [name: string, bytes: Uint8Array, want: boolean][] = [
  ['a PDF made by the test writer', makePdf({ pages: textPages(['Hello.']) }), true],
  ['the signature alone', latin1('%PDF-'), true],
  ['the signature at the very start', latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), true],
  ['after junk, within the first 1024 bytes', latin1(`${'x'.repeat(1000)}%PDF-1.4`), true],
  ['ending exactly at byte 1024', latin1(`${'x'.repeat(1019)}%PDF-`), true],
  ['starting past the first 1024 bytes', latin1(`${'x'.repeat(1020)}%PDF-1.4`), false],
  ['without the dash', latin1('%PDF1.4'), false],
  ['lower case', latin1('%pdf-1.4'), false],
  ['cut short', latin1('%PDF'), false],
  ['nothing', new Uint8Array(0), false],
  ['a zip', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), false],
  ['plain text naming PDFs', latin1('A PDF is a document.'), false],
];

for (const [name, bytes, want] of cases) {
  test(`looksLikePdf: ${name}`, () => {
    assert.equal(looksLikePdf(bytes), want);
  });
}

test('looksLikePdf: reads a view at its own offset, not its buffer', () => {
  const buf = latin1(`%PDF-1.4${'x'.repeat(10)}`);
  assert.equal(looksLikePdf(new Uint8Array(buf.buffer, buf.byteOffset + 3, buf.byteLength - 3)), false);
});

// The PDF format's entry (src/documents/formats/pdf/index.ts): its name and label, the pdf.js-free
// sniff, and an extract that answers extractPdf's blocks and OCR report (and nothing else).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as pdf from '../../../../src/documents/formats/pdf/index.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { looksLikePdf } from '../../../../src/documents/formats/pdf/sniff.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import { makePdf, textPages } from '../../helpers/make-pdf.ts';
import { DEFAULT_OCR } from '../../../../src/documents/ocr/options.ts';

const OFF = { ocr: { ...DEFAULT_OCR, mode: 'off' as const } };

test('pdf: its name and label; its sniff is looksLikePdf', () => {
  assert.deepEqual([pdf.name, pdf.label], ['pdf', 'PDF']);
  assert.equal(pdf.sniff, looksLikePdf);
});

const sniffs: [name: string, bytes: Uint8Array, want: boolean][] = [
  ['a PDF', makePdf({ pages: textPages(['Hello there.']) }), true],
  ['text', Buffer.from('Hello there.'), false],
];

for (const [name, bytes, want] of sniffs) {
  test(`pdf.sniff: ${name}`, () => {
    assert.equal(pdf.sniff(bytes), want);
  });
}

const extracts: [name: string, paragraphs: string[]][] = [
  ['one paragraph', ['One paragraph of text on the page.']],
  ['a heading and two paragraphs', ['# 1 Scope', 'This policy covers leave.', 'It applies to everyone.']],
];

for (const [name, paragraphs] of extracts) {
  test(`pdf.extract: ${name}, as extractPdf reads it`, async () => {
    const got = await pdf.extract(makePdf({ pages: textPages(paragraphs) }), OFF);
    const want = await extractPdf(makePdf({ pages: textPages(paragraphs) }), OFF);
    assert.deepEqual(Object.keys(got).sort(), ['blocks', 'ocr']);
    assert.deepEqual(got, { blocks: want.blocks, ocr: want.ocr });
    assert.ok(got.blocks.length > 0);
  });
}

test('pdf.extract: an encrypted PDF is refused with a DocumentError', async () => {
  await assert.rejects(
    pdf.extract(makePdf({ pages: textPages(['Secret.']), encrypt: true }), {}),
    (err: unknown) => err instanceof DocumentError && err.code === 'document_encrypted',
  );
});

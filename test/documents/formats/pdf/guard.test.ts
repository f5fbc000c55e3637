// checkDecodedSize (src/documents/formats/pdf/guard.ts): every FlateDecode stream inflated once
// within what is left of the document's budget; over it, a document_too_large DocumentError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { checkDecodedSize, DEFAULT_MAX_DECODED_BYTES } from '../../../../src/documents/formats/pdf/guard.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import { bombPdf, makePdf, textPages } from '../../helpers/make-pdf.ts';

const MIB = 2 ** 20;

/** One indirect object holding a stream: `dict` is the stream dictionary's inside. */
function obj(n: number, dict: string, data: Buffer, eol = '\n'): Buffer {
  return Buffer.concat([
    Buffer.from(`${n} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream${eol}`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}
const doc = (...objs: Buffer[]) => Buffer.concat([Buffer.from('%PDF-1.7\n'), ...objs, Buffer.from('%%EOF\n')]);
const spaces = (n: number) => deflateSync(Buffer.alloc(n, 0x20));

const cases: { name: string; data: Uint8Array; limit: number; refused: boolean }[] = [
  {
    name: 'a PDF without compressed streams',
    data: makePdf({ pages: textPages(['Hello.']) }),
    limit: 1024,
    refused: false,
  },
  {
    name: 'a compressed PDF within the default bound',
    data: makePdf({ pages: textPages(['Hello.']), compress: true }),
    limit: DEFAULT_MAX_DECODED_BYTES,
    refused: false,
  },
  { name: 'a stream that inflates past the bound', data: bombPdf(2 * MIB), limit: MIB, refused: true },
  { name: 'a stream that inflates to just within the bound', data: bombPdf(MIB), limit: MIB, refused: false },
  {
    name: 'a stream that inflates to one byte over',
    data: doc(obj(1, '/Filter /FlateDecode', spaces(1001))),
    limit: 1000,
    refused: true,
  },
  { name: 'exactly the bound', data: doc(obj(1, '/Filter /FlateDecode', spaces(1000))), limit: 1000, refused: false },
  {
    name: 'two streams together past the bound (the budget is the document’s)',
    data: doc(obj(1, '/Filter /FlateDecode', spaces(600)), obj(2, '/Filter /FlateDecode', spaces(600))),
    limit: 1000,
    refused: true,
  },
  { name: 'the /Fl abbreviation', data: doc(obj(1, '/Filter /Fl', spaces(2000))), limit: 1000, refused: true },
  {
    name: 'FlateDecode first in a filter array',
    data: doc(obj(1, '/Filter [/FlateDecode]', spaces(2000))),
    limit: 1000,
    refused: true,
  },
  {
    name: 'FlateDecode after another filter is not inflated (not zlib data at that stage)',
    data: doc(obj(1, '/Filter [/ASCIIHexDecode /FlateDecode]', spaces(2000))),
    limit: 1000,
    refused: false,
  },
  {
    name: 'a stream without a filter is not inflated',
    data: doc(obj(1, '', Buffer.alloc(5000, 0x20))),
    limit: 1000,
    refused: false,
  },
  {
    name: 'a FlateDecode stream that is not zlib data is left to pdf.js',
    data: doc(obj(1, '/Filter /FlateDecode', Buffer.alloc(5000, 0x41))),
    limit: 1000,
    refused: false,
  },
  {
    name: 'a CRLF after the stream keyword',
    data: doc(obj(1, '/Filter /FlateDecode', spaces(2000), '\r\n')),
    limit: 1000,
    refused: true,
  },
  {
    name: 'the keyword "stream" without an end of line is not a stream',
    data: doc(obj(1, '/Filter /FlateDecode', spaces(2000), ' ')),
    limit: 1000,
    refused: false,
  },
  {
    name: 'a stream without endstream runs to the end of the file',
    data: Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Filter /FlateDecode >>\nstream\n'), spaces(2000)]),
    limit: 1000,
    refused: true,
  },
  { name: 'nothing', data: new Uint8Array(0), limit: 0, refused: false },
];

for (const c of cases) {
  test(`checkDecodedSize: ${c.name}`, () => {
    if (!c.refused) {
      checkDecodedSize(c.data, c.limit);
      return;
    }
    assert.throws(
      () => checkDecodedSize(c.data, c.limit),
      (err: unknown) => err instanceof DocumentError && err.code === 'document_too_large' && err.status === 413,
    );
  });
}

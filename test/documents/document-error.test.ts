// DocumentError (src/documents/document-error.ts): a document problem carrying its catalogue code,
// status and message; documentError() builds it from the catalogue; toDocumentError() makes it
// again across the worker boundary; safeReason() turns any parser error into a short client-safe
// reason. (That every document code carries its catalogue status: test/errors.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentError, documentError, safeReason, toDocumentError } from '../../src/documents/document-error.ts';
import { messageOf } from '../../src/errors.ts';

const built: { name: string; make: () => DocumentError; code: string; status: number; message: string }[] = [
  {
    name: 'a fixed message',
    make: () => documentError('document_encrypted'),
    code: 'document_encrypted',
    status: 422,
    message: 'The PDF is encrypted (password-protected); upload an unencrypted copy.',
  },
  {
    name: 'a damaged PDF with its reason',
    make: () => documentError('document_damaged', 'bad xref'),
    code: 'document_damaged',
    status: 422,
    message: 'The PDF is damaged and could not be parsed: bad xref',
  },
  {
    name: 'a damaged document of another format',
    make: () => documentError('document_damaged', 'bad zip', 'document'),
    code: 'document_damaged',
    status: 422,
    message: 'The document is damaged and could not be read: bad zip',
  },
  {
    name: 'a bomb, with its limit in MiB',
    make: () => documentError('document_too_large', 256 * 2 ** 20),
    code: 'document_too_large',
    status: 413,
    message: messageOf('document_too_large', 256 * 2 ** 20),
  },
  {
    name: 'an unsupported format (415)',
    make: () => documentError('document_unsupported'),
    code: 'document_unsupported',
    status: 415,
    message: messageOf('document_unsupported'),
  },
  {
    name: 'not a PDF (400)',
    make: () => documentError('document_not_pdf'),
    code: 'document_not_pdf',
    status: 400,
    message: 'The uploaded file is not a PDF.',
  },
  {
    name: 'the constructor takes the message as given',
    make: () => new DocumentError('document_no_text', 'No text here.'),
    code: 'document_no_text',
    status: 422,
    message: 'No text here.',
  },
];

for (const c of built) {
  test(`documentError: ${c.name}`, () => {
    const e = c.make();
    assert.ok(e instanceof DocumentError);
    assert.ok(e instanceof Error);
    assert.deepEqual([e.name, e.code, e.status, e.message], ['DocumentError', c.code, c.status, c.message]);
  });

  test(`toDocumentError: ${c.name}, after a structured clone, is the same error again`, () => {
    const e = c.make();
    const crossed = toDocumentError(structuredClone({ code: e.code, message: e.message }));
    assert.ok(crossed instanceof DocumentError);
    assert.deepEqual([crossed.code, crossed.status, crossed.message], [e.code, e.status, e.message]);
  });
}

const reasons: [name: string, err: unknown, want: string][] = [
  ['an Error: its message', new Error('Invalid XRef stream header'), 'Invalid XRef stream header'],
  ['a string', 'bad trailer', 'bad trailer'],
  ['a non-error value', 42, '42'],
  ['the first line only', new Error('Bad XRef entry\n    at Parser.parse (pdf.mjs:1:2)'), 'Bad XRef entry'],
  [
    'a path is taken out',
    new Error('cannot read /home/app/node_modules/pdfjs-dist/build/pdf.mjs: broken'),
    'cannot read : broken',
  ],
  ['a file URL is taken out', new Error('at file:///srv/app/src/x.ts failed'), 'at  failed'],
  ['one path segment stays (not a path)', new Error('bad /Filter value'), 'bad /Filter value'],
  [
    'a stack overflow is named for what it is',
    new RangeError('Maximum call stack size exceeded'),
    'objects nested too deeply',
  ],
  ['a long line is cut to 120 characters', new Error('x'.repeat(200)), `${'x'.repeat(117)}...`],
  ['exactly 120 characters stay whole', new Error('y'.repeat(120)), 'y'.repeat(120)],
  ['an empty message', new Error(''), 'unreadable structure'],
  ['a message that is only a path', new Error('/usr/lib/node/pdf.mjs'), 'unreadable structure'],
  ['blanks around are trimmed', new Error('  bad header  '), 'bad header'],
];

for (const [name, err, want] of reasons) {
  test(`safeReason: ${name}`, () => {
    assert.equal(safeReason(err), want);
  });
}

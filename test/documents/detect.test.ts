import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCEPTED_FORMATS, detectFormat } from '../../src/documents/detect.ts';
import { FORMATS } from '../../src/documents/formats/index.ts';
import { messageOf } from '../../src/errors.ts';
import { makeDocx, makeOdf, makePptx, makeZip, pslide } from './helpers/make-zip.ts';
import { makePdf, textPages } from './helpers/make-pdf.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

// detectFormat: by content, whatever the file is called.
const detectCases: [string, Uint8Array, string | null][] = [
  ['a PDF', makePdf({ pages: textPages(['Hello there.']) }), 'pdf'],
  [
    'a PDF after junk (within 1 KiB)',
    Buffer.concat([Buffer.from('junk\n'), Buffer.from(makePdf({ pages: textPages(['Hi.']) }))]),
    'pdf',
  ],
  ['a Word document', makeDocx('<w:p/>'), 'docx'],
  ['an OpenDocument text', makeOdf('text', '<text:p>Hi</text:p>'), 'odt'],
  [
    'an OpenDocument text template',
    makeOdf('text', '', { mimetype: 'application/vnd.oasis.opendocument.text-template' }),
    'odt',
  ],
  ['an OpenDocument presentation', makeOdf('presentation', '<draw:page/>'), 'odp'],
  ['an OpenDocument spreadsheet', makeOdf('spreadsheet', ''), null],
  [
    'an OpenDocument master document',
    makeOdf('text', '', { mimetype: 'application/vnd.oasis.opendocument.text-master' }),
    null,
  ],
  ['a PowerPoint presentation', makePptx([pslide('')]), 'pptx'],
  [
    'a spreadsheet (xlsx)',
    makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/workbook.xml', data: '<w/>' },
    ]),
    null,
  ],
  ['another zip', makeZip([{ name: 'a.txt', data: 'hello' }]), null],
  ['an empty zip', makeZip([]), null],
  ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), null],
  ['a JPEG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]), null],
  ['a GIF', utf8('GIF89a\x01\x00\x01\x00\x00\x00\x00'), null],
  ['an ELF binary', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), null],
  ['invalid UTF-8', new Uint8Array([0x48, 0x69, 0xff, 0xfe, 0x20, 0x21]), null],
  ['nothing', new Uint8Array(0), null],
  ['HTML', utf8('<!DOCTYPE html><html><body><p>Hi</p></body></html>'), 'html'],
  [
    'HTML in latin1 with a meta charset',
    Buffer.from('<html><head><meta charset="iso-8859-1"></head><body><p>Gr\xfc\xdfe</p></body></html>', 'latin1'),
    'html',
  ],
  ['Markdown', utf8('# Title\n\nSome *text* with a [link](https://example.com).\n'), 'markdown'],
  ['text', utf8('Dear team,\n\nthe office is closed on Friday.\n'), 'text'],
  ['text with a BOM', utf8('\uFEFFPlain words.'), 'text'],
];
for (const [name, bytes, want] of detectCases) {
  test(`detectFormat: ${name}`, () => assert.equal(detectFormat(bytes), want, name));
}

test('the accepted formats, their sentence and the 415 message come from the one list', () => {
  assert.deepEqual(
    FORMATS.map((f) => f.name),
    ['pdf', 'docx', 'odt', 'pptx', 'odp', 'html', 'markdown', 'text'],
  );
  assert.equal(
    ACCEPTED_FORMATS,
    'PDF, Word (.docx), OpenDocument text (.odt), PowerPoint (.pptx), OpenDocument presentation (.odp), HTML, Markdown and plain UTF-8 text',
  );
  assert.equal(
    messageOf('document_unsupported'),
    `The uploaded file is not in a supported format. Accepted, recognised by content: ${ACCEPTED_FORMATS}.`,
  );
});

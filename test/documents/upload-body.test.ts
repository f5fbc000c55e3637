// The rules an upload's bytes go through before they are a document (src/documents/upload-body.ts):
// each rule's table, then their composition with the code and hint of every refusal.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HOW_TO_SEND,
  decodeBase64,
  declaredFormat,
  documentOfUpload,
  envelopeField,
  fileEnvelope,
  formatOfDeclared,
  isBase64Text,
  isUrlEncodedForm,
  lostLineBreaks,
  mediaEssence,
  parseJsonBody,
} from '../../src/documents/upload-body.ts';
import { AppError, messageOf } from '../../src/errors.ts';
import { makePdf, textPages } from './helpers/make-pdf.ts';
import { makeDocx, wp } from './helpers/make-zip.ts';
import { prose } from './helpers/hard-shapes.ts';

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const PDF = Buffer.from(makePdf({ pages: textPages(['1 Leave policy', prose(40).join(' ')]) }));
const DOCX = Buffer.from(makeDocx(wp('1 Leave policy', 'Heading1') + wp(prose(300).join(' '))));
/** What curl -d does to a file: every CR and LF dropped. */
const curlD = (b: Uint8Array) => Buffer.from(Buffer.from(b).filter((c) => c !== 0x0a && c !== 0x0d));
const WORDS = prose(60).join(' ');
const MARKDOWN = utf8(`# Leave policy\n\n${WORDS}\n`);
const TEXT = utf8(`Leave policy\n\n${WORDS}\n`);

describe('mediaEssence', () => {
  const cases: [string | undefined, string][] = [
    [undefined, ''],
    ['application/json', 'application/json'],
    ['Text/HTML; charset=ISO-8859-1', 'text/html'],
    [' application/pdf ;x=1', 'application/pdf'],
  ];
  for (const [input, want] of cases) test(String(input), () => assert.equal(mediaEssence(input), want));
});

describe('lostLineBreaks: a PDF or Word file curl -d stripped of CR and LF', () => {
  const cases: [string, Uint8Array, boolean][] = [
    ['a PDF as it is', PDF, false],
    ['the same PDF after curl -d', curlD(PDF), true],
    [
      'a PDF with CR line ends only (old Mac) is whole',
      Buffer.from(PDF.toString('latin1').replace(/\n/g, '\r'), 'latin1'),
      false,
    ],
    ['a Word file as it is', DOCX, false],
    ['the same Word file after curl -d', curlD(DOCX), DOCX.length >= 4096],
    ['a small zip without a line break is not judged', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), false],
    ['text without a line break is not judged (it may be one line)', utf8(WORDS), false],
    ['nothing', new Uint8Array(0), false],
  ];
  for (const [name, bytes, want] of cases) test(name, () => assert.equal(lostLineBreaks(bytes), want));
  test('the Word file of the table is large enough to be judged', () =>
    assert.ok(DOCX.length >= 4096, `${DOCX.length}`));
});

describe('isUrlEncodedForm: declared a form and shaped as one', () => {
  const FORM = 'application/x-www-form-urlencoded';
  const cases: [string, string | undefined, string, boolean][] = [
    ['one pair', FORM, 'document=hello', true],
    ['pairs, percent-encoded', FORM, 'document=Hello%20world&sourceName=a.pdf', true],
    ['an empty value and a trailing &', FORM, 'a=&b=1&', true],
    ['brackets in names', FORM, 'file[name]=x', true],
    ['with a charset', `${FORM}; charset=utf-8`, 'document=x', true],
    [
      'text sent by curl --data-binary (declared a form by default)',
      FORM,
      'Leave policy. Staff may take leave.',
      false,
    ],
    ['a PDF sent by curl --data-binary', FORM, PDF.toString('latin1'), false],
    ['a pair followed by a line break', FORM, 'a=1\nb=2', false],
    ['the same bytes declared text', 'text/plain', 'document=hello', false],
    ['no content type', undefined, 'document=hello', false],
  ];
  for (const [name, type, body, want] of cases)
    test(name, () => assert.equal(isUrlEncodedForm(type, Buffer.from(body, 'latin1')), want));
});

describe('parseJsonBody: JSON text of an object, an array or a string', () => {
  const cases: [string, string, unknown][] = [
    ['an object', '{"a":1}', { a: 1 }],
    ['an object after a BOM and blanks', '\uFEFF \n {"a":1}', { a: 1 }],
    ['an array', '[1,2]', [1, 2]],
    ['a string', '"JVBERi0x"', 'JVBERi0x'],
    ['a number is a text document', '42', undefined],
    ['a Markdown link at the start is not JSON', '[1] See the appendix.\n', undefined],
    ['a quotation is not JSON', '"Leave," she said, "is a right."', undefined],
    ['broken JSON is not JSON', '{"a":', undefined],
    ['text', 'Leave policy', undefined],
  ];
  for (const [name, body, want] of cases) test(name, () => assert.deepEqual(parseJsonBody(utf8(body))?.value, want));
  test('invalid UTF-8 after a brace is not JSON', () =>
    assert.equal(parseJsonBody(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d])), undefined));
});

describe("fileEnvelope and envelopeField: Power Automate's file content", () => {
  const cases: [string, unknown, ReturnType<typeof fileEnvelope>][] = [
    [
      'the file content',
      { '$content-type': 'application/pdf', $content: 'JVBE' },
      { content: 'JVBE', type: 'application/pdf' },
    ],
    ['without $content-type', { $content: 'JVBE' }, { content: 'JVBE', type: undefined }],
    ['with other $ fields', { $content: 'JVBE', $size: 3 }, { content: 'JVBE', type: undefined }],
    ['with a field of another name', { $content: 'JVBE', name: 'a.pdf' }, undefined],
    ['$content not a string', { $content: 5 }, undefined],
    ['$content-type not a string', { $content: 'JVBE', '$content-type': 5 }, undefined],
    ['another object', { document: 'JVBE' }, undefined],
    ['an array', [{ $content: 'JVBE' }], undefined],
    ['a string', 'JVBE', undefined],
    ['null', null, undefined],
  ];
  for (const [name, value, want] of cases) test(name, () => assert.deepEqual(fileEnvelope(value), want));

  const nested: [string, unknown, string | undefined][] = [
    ['inside a field', { document: { $content: 'JVBE' } }, 'document'],
    ['inside a field beside others', { name: 'a', file: { '$content-type': 'x/y', $content: 'JVBE' } }, 'file'],
    ['first of an array', [{ $content: 'JVBE' }], '[0]'],
    ['two levels down is not looked for', { a: { b: { $content: 'JVBE' } } }, undefined],
    ['none', { document: 'JVBE' }, undefined],
    ['a string', 'x', undefined],
  ];
  for (const [name, value, want] of nested)
    test(`envelopeField: ${name}`, () => assert.equal(envelopeField(value), want));
});

describe('decodeBase64: standard or url-safe, padded or not', () => {
  const cases: [string, string, string | undefined][] = [
    ['padded', 'aGVsbG8=', 'hello'],
    ['unpadded', 'aGVsbG8', 'hello'],
    ['wrapped lines', 'aGVs\r\nbG8=', 'hello'],
    ['url-safe', '-_8', '\xfb\xff'],
    ['standard with + and /', '+/8=', '\xfb\xff'],
    ['empty', '', ''],
    ['a character outside the alphabet', 'aGVs*bG8=', undefined],
    ['the two alphabets mixed', '+_8=', undefined],
    ['one character too many', 'aGVsb', undefined],
    ['padding on a wrong length', 'aGVsbG8==', undefined],
    ['padding in the middle', 'aG=sbG8=', undefined],
  ];
  for (const [name, input, want] of cases)
    test(name, () => assert.equal(decodeBase64(input)?.toString('latin1'), want));
});

describe('isBase64Text: bytes that are base64 rather than a document', () => {
  const b64 = PDF.toString('base64');
  const cases: [string, string, boolean][] = [
    ['a PDF in base64', b64, true],
    ['the same wrapped at 76 characters, as MIME does', b64.replace(/.{76}/g, '$&\r\n'), true],
    ['with a trailing line break', `${b64}\n`, true],
    ['a data: URL', `data:application/pdf;base64,${b64.slice(0, 40)}`, true],
    ['short base64 of text', Buffer.from('Leave policy, in short.').toString('base64'), true],
    ['a sentence', 'Staff may take leave at any time.', false],
    ['a long word of one case', 'pneumonoultramicroscopicsilicovolcanoconiosis', false],
    ['a title in camel case, 15 characters', 'LeavePolicyDocs', false],
    ['lines of different widths', 'QUJDREVGR0hJSktM\nQUJD\nQUJDREVGR0hJSktM', false],
    ['Markdown', MARKDOWN.toString(), false],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.equal(isBase64Text(utf8(text)), want));
});

describe('declaredFormat and formatOfDeclared: the type a file content declares', () => {
  const declared: [string | undefined, string | undefined][] = [
    ['application/pdf', 'pdf'],
    ['APPLICATION/PDF', 'pdf'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['text/html; charset=utf-8', 'html'],
    ['text/markdown', 'markdown'],
    ['text/plain', 'text'],
    ['application/octet-stream', undefined],
    ['image/png', undefined],
    [undefined, undefined],
  ];
  for (const [type, want] of declared) test(`declaredFormat(${type})`, () => assert.equal(declaredFormat(type), want));

  const cases: [string, string | undefined, Uint8Array, ReturnType<typeof formatOfDeclared>][] = [
    ['no type: the bytes decide', undefined, PDF, 'pdf'],
    ['a type and the bytes agree', 'pdf', PDF, 'pdf'],
    ['Markdown read as Markdown though its marks are few', 'markdown', utf8(`Leave policy\n\n${WORDS}`), 'markdown'],
    ['Markdown declared plain text is read as text', 'text', MARKDOWN, 'text'],
    ['text declared HTML is read as HTML', 'html', TEXT, 'html'],
    ['a PDF declared Word', 'docx', PDF, { mismatch: 'pdf' }],
    ['text declared PDF', 'pdf', TEXT, { mismatch: 'text' }],
    ['a PDF declared text', 'text', PDF, { mismatch: 'pdf' }],
    [
      'an image declared PDF',
      'pdf',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      { mismatch: null },
    ],
    ['an image, no type', undefined, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), null],
  ];
  for (const [name, type, bytes, want] of cases)
    test(`formatOfDeclared: ${name}`, () =>
      assert.deepEqual(formatOfDeclared(type as Parameters<typeof formatOfDeclared>[0], bytes), want));
});

describe('documentOfUpload: the document and its format, or the refusal with its hint', () => {
  const envelope = (content: string, type?: string) =>
    utf8(JSON.stringify({ ...(type === undefined ? {} : { '$content-type': type }), $content: content }));
  const raw = (contentType?: string) => ({ contentType, multipart: false });
  type Want = { format: string; bytes?: Buffer } | { code: string; status: number; hint?: RegExp | string };
  const cases: [string, Buffer, ReturnType<typeof raw>, Want][] = [
    ['a PDF as the raw body', PDF, raw('application/pdf'), { format: 'pdf', bytes: PDF }],
    [
      'a PDF sent by curl --data-binary (declared a form)',
      PDF,
      raw('application/x-www-form-urlencoded'),
      { format: 'pdf' },
    ],
    ['a PDF declared JSON is a PDF', PDF, raw('application/json'), { format: 'pdf' }],
    ['Markdown as the raw body', MARKDOWN, raw('text/plain'), { format: 'markdown' }],
    [
      'the file content of a PDF',
      envelope(PDF.toString('base64'), 'application/pdf'),
      raw('application/json'),
      { format: 'pdf', bytes: PDF },
    ],
    [
      'the file content without a content type',
      envelope(PDF.toString('base64')),
      raw(undefined),
      { format: 'pdf', bytes: PDF },
    ],
    [
      'the file content of Markdown, declared Markdown',
      envelope(TEXT.toString('base64'), 'text/markdown'),
      raw('application/json'),
      { format: 'markdown', bytes: TEXT },
    ],
    [
      'the file content as a multipart file',
      envelope(DOCX.toString('base64'), 'application/octet-stream'),
      { contentType: 'multipart/form-data', multipart: true },
      { format: 'docx', bytes: DOCX },
    ],
    [
      'a PDF after curl -d',
      curlD(PDF),
      raw('application/x-www-form-urlencoded'),
      { code: 'upload_line_breaks_lost', status: 400, hint: /--data-binary/ },
    ],
    [
      'a PDF after curl -d, declared PDF',
      curlD(PDF),
      raw('application/pdf'),
      { code: 'upload_line_breaks_lost', status: 400, hint: /--data-binary/ },
    ],
    [
      'a form',
      utf8('document=Leave+policy'),
      raw('application/x-www-form-urlencoded'),
      { code: 'upload_form_body', status: 400, hint: HOW_TO_SEND },
    ],
    [
      'a form as a multipart file is text',
      utf8('document=Leave+policy'),
      { contentType: 'multipart/form-data', multipart: true },
      { format: 'text' },
    ],
    [
      'an empty JSON object',
      utf8('{}'),
      raw('application/json'),
      { code: 'upload_json_body', status: 400, hint: HOW_TO_SEND },
    ],
    [
      'a JSON object with the text',
      utf8(JSON.stringify({ document: WORDS })),
      raw('application/json'),
      { code: 'upload_json_body', status: 400 },
    ],
    [
      'the file content inside a field',
      utf8(JSON.stringify({ document: { $content: PDF.toString('base64') } })),
      raw('application/json'),
      { code: 'upload_json_body', status: 400, hint: /field 'document' holds the file content/ },
    ],
    [
      'a JSON string of base64',
      utf8(JSON.stringify(PDF.toString('base64'))),
      raw('application/json'),
      { code: 'upload_json_body', status: 400 },
    ],
    [
      'base64 text',
      utf8(PDF.toString('base64')),
      raw('text/plain'),
      { code: 'upload_base64_text', status: 400, hint: /decoded bytes/ },
    ],
    [
      'base64 text as a multipart file',
      utf8(PDF.toString('base64')),
      { contentType: 'multipart/form-data', multipart: true },
      { code: 'upload_base64_text', status: 400 },
    ],
    [
      'file content whose $content is not base64',
      envelope('not base64!'),
      raw('application/json'),
      { code: 'upload_envelope_not_base64', status: 400 },
    ],
    ['file content of nothing', envelope(''), raw('application/json'), { code: 'empty_document', status: 400 }],
    [
      'file content of base64 (encoded twice)',
      envelope(Buffer.from(PDF.toString('base64')).toString('base64')),
      raw('application/json'),
      { code: 'upload_base64_text', status: 400, hint: /encode the file once/ },
    ],
    [
      'file content of a PDF after curl -d',
      envelope(curlD(PDF).toString('base64'), 'application/pdf'),
      raw('application/json'),
      { code: 'upload_line_breaks_lost', status: 400 },
    ],
    [
      'file content of text declared PDF',
      envelope(TEXT.toString('base64'), 'application/pdf'),
      raw('application/json'),
      { code: 'envelope_type_mismatch', status: 415, hint: /\$content-type/ },
    ],
    [
      'file content of an image',
      envelope(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64'), 'image/png'),
      raw('application/json'),
      { code: 'document_unsupported', status: 415 },
    ],
    [
      'an image as the raw body',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]),
      raw('image/jpeg'),
      { code: 'document_unsupported', status: 415 },
    ],
  ];
  for (const [name, bytes, facts, want] of cases) {
    test(name, () => {
      if ('format' in want) {
        const doc = documentOfUpload(bytes, facts);
        assert.equal(doc.format, want.format);
        if (want.bytes) assert.ok(doc.bytes.equals(want.bytes));
        return;
      }
      assert.throws(
        () => documentOfUpload(bytes, facts),
        (err: unknown) => {
          assert.ok(err instanceof AppError);
          assert.equal(err.code, want.code);
          assert.equal(err.statusCode, want.status);
          const hint = err.headers['x-error-hint'];
          if (typeof want.hint === 'string') assert.equal(hint, want.hint);
          else if (want.hint) assert.match(String(hint), want.hint);
          return true;
        },
      );
    });
  }

  test('the mismatch names the declared type, the declared format and what the bytes are', () => {
    assert.throws(
      () => documentOfUpload(envelope(TEXT.toString('base64'), 'application/pdf'), raw('application/json')),
      {
        message:
          'The file content declares $content-type application/pdf, but its $content is not PDF: it is plain UTF-8 text.',
      },
    );
  });
  test("every refusal's message says how to send a document", () => {
    for (const code of [
      'upload_form_body',
      'upload_json_body',
      'upload_base64_text',
      'upload_line_breaks_lost',
      'upload_field_not_file',
    ] as const)
      assert.match(
        messageOf(code as 'upload_form_body'),
        /multipart file field 'document'|curl -F document=@file\.pdf/,
        code,
      );
  });
});

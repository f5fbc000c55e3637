// readParts (src/documents/formats/docx/zip.ts): the named parts of a zip, inflated within bounds;
// too many entries, too much declared, a part over the budget or compressed beyond any real XML's
// ratio, or a part that inflates past its declared size is a zip bomb; a file that is no zip is
// not a Word document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_ZIP_LIMITS, readParts, type ZipLimits } from '../../../../src/documents/formats/docx/zip.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import { makeZip, type ZipEntry } from '../../helpers/make-zip.ts';

const MIB = 2 ** 20;
const limits = (l: Partial<ZipLimits>): ZipLimits => ({ ...DEFAULT_ZIP_LIMITS, ...l });
const text = (s: string) => Buffer.from(s);

const reads: {
  name: string;
  entries: ZipEntry[];
  names: string[];
  limits?: ZipLimits;
  want: Record<string, string>;
}[] = [
  {
    name: 'the named parts present, inflated',
    entries: [
      { name: 'word/document.xml', data: '<w:document/>' },
      { name: 'word/styles.xml', data: '<w:styles/>' },
    ],
    names: ['word/document.xml', 'word/styles.xml'],
    want: { 'word/document.xml': '<w:document/>', 'word/styles.xml': '<w:styles/>' },
  },
  {
    name: 'a named part that is missing is left out',
    entries: [{ name: 'word/document.xml', data: '<w:document/>' }],
    names: ['word/document.xml', 'word/footnotes.xml'],
    want: { 'word/document.xml': '<w:document/>' },
  },
  {
    name: 'parts not named are not read',
    entries: [
      { name: 'word/document.xml', data: '<w:document/>' },
      { name: 'word/media/image1.png', data: 'png bytes' },
    ],
    names: ['word/document.xml'],
    want: { 'word/document.xml': '<w:document/>' },
  },
  {
    name: 'a part that lies about its size is never inflated when not named',
    entries: [
      { name: 'word/document.xml', data: '<w:document/>' },
      { name: 'word/media/bomb.bin', data: Buffer.alloc(4096), declaredSize: 10 },
    ],
    names: ['word/document.xml'],
    want: { 'word/document.xml': '<w:document/>' },
  },
  { name: 'an empty archive', entries: [], names: ['word/document.xml'], want: {} },
  {
    name: 'exactly the entry bound',
    entries: [
      { name: 'a', data: '1' },
      { name: 'b', data: '2' },
    ],
    names: ['b'],
    limits: limits({ maxEntries: 2 }),
    want: { b: '2' },
  },
  {
    name: 'a large part within a generous ratio',
    entries: [{ name: 'word/document.xml', data: Buffer.alloc(2 * MIB, 0x20) }],
    names: ['word/document.xml'],
    limits: limits({ maxRatio: 100_000 }),
    want: { 'word/document.xml': ' '.repeat(2 * MIB) },
  },
  {
    name: 'parts together exactly at the byte budget',
    entries: [
      { name: 'a', data: 'x'.repeat(60) },
      { name: 'b', data: 'y'.repeat(40) },
    ],
    names: ['a', 'b'],
    limits: limits({ maxBytes: 100 }),
    want: { a: 'x'.repeat(60), b: 'y'.repeat(40) },
  },
];

for (const c of reads) {
  test(`readParts: ${c.name}`, async () => {
    const parts = await readParts(makeZip(c.entries), c.names, c.limits);
    assert.deepEqual(Object.fromEntries([...parts].map(([k, v]) => [k, v.toString('utf8')])), c.want);
  });
}

const refusals: { name: string; bytes: Uint8Array; names: string[]; limits?: ZipLimits; code: string }[] = [
  {
    name: 'not a zip at all',
    bytes: text('hello, not a zip'),
    names: ['word/document.xml'],
    code: 'document_unsupported',
  },
  {
    name: 'a zip cut short',
    bytes: makeZip([{ name: 'word/document.xml', data: '<w:document/>' }]).subarray(0, 40),
    names: ['word/document.xml'],
    code: 'document_unsupported',
  },
  {
    name: 'more entries than the bound',
    bytes: makeZip([
      { name: 'a', data: '1' },
      { name: 'b', data: '2' },
      { name: 'c', data: '3' },
    ]),
    names: ['a'],
    limits: limits({ maxEntries: 2 }),
    code: 'document_zip_bomb',
  },
  {
    name: 'entries declaring more than eight budgets in all (refused before inflating)',
    bytes: makeZip([
      { name: 'word/document.xml', data: '<w:document/>' },
      { name: 'word/media/huge.bin', data: 'x', declaredSize: 801 },
    ]),
    names: ['word/document.xml'],
    limits: limits({ maxBytes: 100 }),
    code: 'document_zip_bomb',
  },
  {
    name: 'one part over the budget',
    bytes: makeZip([{ name: 'a', data: 'x'.repeat(101) }]),
    names: ['a'],
    limits: limits({ maxBytes: 100 }),
    code: 'document_zip_bomb',
  },
  {
    name: 'parts together over the budget',
    bytes: makeZip([
      { name: 'a', data: 'x'.repeat(60) },
      { name: 'b', data: 'y'.repeat(41) },
    ]),
    names: ['a', 'b'],
    limits: limits({ maxBytes: 100 }),
    code: 'document_zip_bomb',
  },
  {
    name: 'a part over 1 MiB compressed beyond the ratio',
    bytes: makeZip([{ name: 'word/document.xml', data: Buffer.alloc(2 * MIB, 0x20) }]),
    names: ['word/document.xml'],
    code: 'document_zip_bomb',
  },
  {
    name: 'a part that inflates past its declared size',
    bytes: makeZip([{ name: 'word/document.xml', data: Buffer.alloc(4096, 0x20), declaredSize: 10 }]),
    names: ['word/document.xml'],
    code: 'document_zip_bomb',
  },
];

for (const c of refusals) {
  test(`readParts refuses ${c.name}: ${c.code}`, async () => {
    await assert.rejects(
      readParts(c.bytes, c.names, c.limits),
      (err: unknown) => err instanceof DocumentError && err.code === c.code,
    );
  });
}

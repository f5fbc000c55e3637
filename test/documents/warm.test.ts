// warmUpPdf (src/documents/warm.ts): a small manual-like PDF of the pages asked for (8 by default),
// a fresh copy each call (the pool transfers the buffer), that the PDF reader parses to a heading
// and paragraphs per page, its page numbers dropped as furniture.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { warmUpPdf } from '../../src/documents/warm.ts';
import { looksLikePdf } from '../../src/documents/formats/pdf/sniff.ts';
import { extractPdf } from '../../src/documents/formats/pdf/extract.ts';

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

const shape: [name: string, pages: number | undefined, check: (pdf: Uint8Array) => void][] = [
  ['it is a PDF by its signature', undefined, (pdf) => assert.equal(looksLikePdf(pdf), true)],
  [
    'it starts with a PDF 1.4 header and ends with %%EOF',
    undefined,
    (pdf) => assert.match(latin1(pdf), /^%PDF-1\.4\n[\s\S]*%%EOF\n$/),
  ],
  ['it has 8 pages by default', undefined, (pdf) => assert.match(latin1(pdf), /\/Count 8 /)],
  ['it has the pages asked for', 64, (pdf) => assert.match(latin1(pdf), /\/Count 64 /)],
  [
    'its cross-reference table points at each of its objects (catalog, pages, 3 fonts, 2 per page)',
    3,
    (pdf) => {
      const s = latin1(pdf);
      const xref = Number(/startxref\n(\d+)\n/.exec(s)![1]);
      assert.equal(s.slice(xref, xref + 4), 'xref');
      const offsets = [...s.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      assert.equal(offsets.length, 5 + 2 * 3);
      offsets.forEach((o, i) => assert.equal(s.slice(o, o + `${i + 1} 0 obj`.length), `${i + 1} 0 obj`));
    },
  ],
  [
    'each content stream is as long as it declares and inflates to text operators',
    2,
    (pdf) => {
      const streams = [...latin1(pdf).matchAll(/<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)];
      assert.equal(streams.length, 2);
      for (const m of streams) {
        const at = m.index + m[0].length;
        const data = pdf.subarray(at, at + Number(m[1]));
        assert.equal(latin1(pdf.subarray(at + Number(m[1]), at + Number(m[1]) + 10)), '\nendstream');
        assert.match(inflateSync(data).toString('latin1'), /^BT \/F2 16 Tf/);
      }
    },
  ],
];

for (const [name, pages, check] of shape) {
  test(`warmUpPdf: ${name}`, () => {
    check(warmUpPdf(pages));
  });
}

test('warmUpPdf: a fresh copy each call (transferring one leaves the next whole)', () => {
  const a = warmUpPdf();
  const b = warmUpPdf();
  assert.notEqual(a.buffer, b.buffer);
  structuredClone(a, { transfer: [a.buffer as ArrayBuffer] });
  assert.equal(a.byteLength, 0);
  assert.deepEqual(warmUpPdf(), b);
});

test('warmUpPdf: the PDF reader finds a heading per page, paragraphs, and no page number', async () => {
  const { blocks, pageCount } = await extractPdf(warmUpPdf(3));
  assert.equal(pageCount, 3);
  assert.deepEqual(
    blocks.filter((b) => b.kind === 'heading').map((b) => b.text),
    ['1. Section 1 of the warm-up', '2. Section 2 of the warm-up', '3. Section 3 of the warm-up'],
  );
  assert.ok(blocks.filter((b) => b.kind === 'paragraph').length >= 3 * 5);
  assert.ok(!blocks.some((b) => /^\d+$/.test(b.text)), 'the page numbers at the foot are furniture');
});

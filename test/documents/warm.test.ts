// warmUpPdf (src/documents/warm.ts): a one-page PDF with one line of text, a fresh copy each call
// (the pool transfers the buffer), that the PDF reader parses to that line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { warmUpPdf } from '../../src/documents/warm.ts';
import { looksLikePdf } from '../../src/documents/formats/pdf/sniff.ts';
import { extractPdf } from '../../src/documents/formats/pdf/extract.ts';

const LINE = 'The worker is warm: this line is parsed once at start, before the first upload.';
const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

const shape: [name: string, check: (pdf: Uint8Array) => void][] = [
  ['it is a PDF by its signature', (pdf) => assert.equal(looksLikePdf(pdf), true)],
  [
    'it starts with a PDF 1.4 header and ends with %%EOF',
    (pdf) => assert.match(latin1(pdf), /^%PDF-1\.4\n[\s\S]*%%EOF\n$/),
  ],
  ['it has one page', (pdf) => assert.match(latin1(pdf), /\/Count 1 /)],
  [
    'its cross-reference table points at each of its five objects',
    (pdf) => {
      const s = latin1(pdf);
      const xref = Number(/startxref\n(\d+)\n/.exec(s)![1]);
      assert.equal(s.slice(xref, xref + 4), 'xref');
      const offsets = [...s.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      assert.equal(offsets.length, 5);
      offsets.forEach((o, i) => assert.equal(s.slice(o, o + `${i + 1} 0 obj`.length), `${i + 1} 0 obj`));
    },
  ],
  [
    'its content stream length is the stream it declares',
    (pdf) => {
      const m = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(latin1(pdf))!;
      assert.equal(Number(m[1]), m[2]!.length);
    },
  ],
];

for (const [name, check] of shape) {
  test(`warmUpPdf: ${name}`, () => {
    check(warmUpPdf());
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

test('warmUpPdf: the PDF reader parses it to its one line', async () => {
  const { blocks, pageCount } = await extractPdf(warmUpPdf());
  assert.equal(pageCount, 1);
  assert.deepEqual(
    blocks.map((b) => b.text),
    [LINE],
  );
});

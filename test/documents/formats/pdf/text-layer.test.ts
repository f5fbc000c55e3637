// extractPages (src/documents/formats/pdf/text-layer.ts): each page's lines with their position and
// font, the outline's titles, the afterText hook on the open document, and the open errors told
// apart (encrypted, invalid, damaged), on PDFs made by the test writer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPages } from '../../../../src/documents/formats/pdf/text-layer.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import type { ExtractedDoc } from '../../../../src/documents/formats/pdf/types.ts';
import { makePdf, textPages, type PdfSpec } from '../../helpers/make-pdf.ts';

const reads: { name: string; spec: PdfSpec; check: (d: ExtractedDoc) => void }[] = [
  {
    name: 'one page: its number, height and line',
    spec: { pages: [{ runs: [{ text: 'Hello there.', x: 72, y: 700, size: 12 }] }] },
    check: (d) => {
      assert.deepEqual(
        d.pages.map((p) => [p.number, p.height, p.lines.map((l) => l.text)]),
        [[1, 792, ['Hello there.']]],
      );
    },
  },
  {
    name: "a line's position and size",
    spec: { pages: [{ runs: [{ text: 'Placed', x: 100, y: 500, size: 14 }] }] },
    check: (d) => {
      const l = d.pages[0]!.lines[0]!;
      assert.deepEqual([Math.round(l.x), Math.round(l.y), Math.round(l.size), l.mono], [100, 500, 14, false]);
      assert.ok(l.xEnd > l.x);
    },
  },
  {
    name: 'Courier is monospace',
    spec: { pages: [{ runs: [{ text: 'x <- 1', x: 72, y: 700, font: 'F3' }] }] },
    check: (d) => assert.equal(d.pages[0]!.lines[0]!.mono, true),
  },
  {
    name: 'lines top to bottom',
    spec: {
      pages: [
        {
          runs: [
            { text: 'Second line', x: 72, y: 680 },
            { text: 'First line', x: 72, y: 700 },
          ],
        },
      ],
    },
    check: (d) =>
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        ['First line', 'Second line'],
      ),
  },
  {
    name: 'three pages, numbered in order',
    spec: { pages: textPages(['One.', 'Two.', 'Three.'], { perPage: 1 }) },
    check: (d) =>
      assert.deepEqual(
        d.pages.map((p) => [p.number, p.lines.map((l) => l.text).join(' ')]),
        [
          [1, 'One.'],
          [2, 'Two.'],
          [3, 'Three.'],
        ],
      ),
  },
  {
    name: 'an image-only page has no lines',
    spec: { pages: [{ image: true }] },
    check: (d) =>
      assert.deepEqual(
        d.pages.map((p) => p.lines.length),
        [0],
      ),
  },
  {
    name: 'compressed content streams read the same',
    spec: { pages: textPages(['Compressed words.']), compress: true },
    check: (d) =>
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        ['Compressed words.'],
      ),
  },
  {
    name: "the outline's titles",
    spec: { pages: textPages(['Body.']), outline: ['1 Scope', '2 Rules', '3 Leave'] },
    check: (d) => assert.deepEqual(d.outline, ['1 Scope', '2 Rules', '3 Leave']),
  },
  {
    name: 'no outline: none',
    spec: { pages: textPages(['Body.']) },
    check: (d) => assert.deepEqual(d.outline, []),
  },
];

for (const c of reads) {
  test(`extractPages: ${c.name}`, async () => {
    c.check(await extractPages(makePdf(c.spec)));
  });
}

test('extractPages: afterText runs once, on the open document, with the pages read', async () => {
  const seen: [number, number][] = [];
  const d = await extractPages(makePdf({ pages: textPages(['One.', 'Two.'], { perPage: 1 }) }), async (doc, pages) => {
    seen.push([doc.numPages, pages.length]);
    pages[0]!.lines[0]!.text = 'changed by the hook';
  });
  assert.deepEqual(seen, [[2, 2]]);
  assert.equal(d.pages[0]!.lines[0]!.text, 'changed by the hook');
});

const refusals: { name: string; data: Uint8Array; code: string; message?: RegExp }[] = [
  {
    name: 'an encrypted PDF',
    data: makePdf({ pages: textPages(['Secret.']), encrypt: true }),
    code: 'document_encrypted',
  },
  {
    name: 'a signature and nothing of a PDF',
    data: new TextEncoder().encode('%PDF-1.4\nnothing here at all\n'),
    code: 'document_damaged',
    message: /invalid PDF structure/,
  },
  {
    name: 'a page tree that points back at itself',
    data: makePdf({ pages: textPages(['Loop.']), loopPageTree: true }),
    code: 'document_damaged',
  },
];

for (const c of refusals) {
  test(`extractPages refuses ${c.name}: ${c.code}`, async () => {
    await assert.rejects(
      extractPages(c.data),
      (err: unknown) =>
        err instanceof DocumentError && err.code === c.code && (!c.message || c.message.test(err.message)),
    );
  });
}

test('extractPages: an error of the afterText hook is passed on as it is', async () => {
  await assert.rejects(
    extractPages(makePdf({ pages: textPages(['Body.']) }), async () => {
      throw new Error('hook failed');
    }),
    /hook failed/,
  );
});

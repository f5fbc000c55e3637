// extractPages (src/documents/formats/pdf/text-layer.ts): each page's lines with their position and
// font, the outline's titles, the afterText hook on the open document, and the open errors told
// apart (encrypted, invalid, damaged), on PDFs made by the test writer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPages } from '../../../../src/documents/formats/pdf/text-layer.ts';
import { isNoise } from '../../../../src/documents/formats/pdf/page-text.ts';
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

// A Type 3 font whose glyphs are named after nothing (Ghostscript's a0, a1... on dvips bitmap fonts)
// draws noise in pdf.js's reading: its text is left out and counted; named glyphs are read.
const TYPE3_LINE = 'Type three text';
const type3Page = (type3: 'unicode' | 'numbered' | 'ascii'): PdfSpec => ({
  type3,
  pages: [{ runs: [{ text: TYPE3_LINE, x: 72, y: 700, size: 12, font: 'F5' }] }],
});
reads.push(
  {
    name: 'a Type 3 font with glyph names (uniXXXX) is read',
    spec: type3Page('unicode'),
    check: (d) => {
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        [TYPE3_LINE],
      );
      assert.equal(d.pages[0]!.unmapped, undefined);
    },
  },
  {
    name: 'a Type 3 font without glyph names whose codes are ASCII is read as its codes say',
    spec: type3Page('ascii'),
    check: (d) => {
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        [TYPE3_LINE],
      );
      assert.equal(d.pages[0]!.unmapped, undefined);
    },
  },
  {
    name: 'a Type 3 font whose codes and glyph names (a0, a1...) say nothing: left out and counted',
    spec: type3Page('numbered'),
    check: (d) => {
      assert.deepEqual(d.pages[0]!.lines, []);
      // Its letters, and its spaces too: drawn at code 0, they are no white space to pdf.js.
      assert.ok((d.pages[0]!.unmapped ?? 0) >= TYPE3_LINE.replace(/ /g, '').length, `${d.pages[0]!.unmapped}`);
    },
  },
);

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

test('isNoise: text of fonts without Unicode is noise when control characters are common in it', () => {
  const cases: [chars: number, controls: number, want: boolean, why: string][] = [
    [4055, 490, true, 'a page of Ghostscript bitmap fonts numbered by first use (12 %)'],
    [1000, 8, false, "a TeX font's ligatures and accents on control codes (under 1 %)"],
    [1000, 0, false, 'ASCII codes'],
    [0, 0, false, 'nothing drawn'],
  ];
  for (const [chars, controls, want, why] of cases) assert.equal(isNoise(chars, controls), want, why);
});

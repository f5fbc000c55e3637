// Slide decks in PDF (src/documents/formats/pdf/slides.ts): told by the pages' shape, titled by
// their frame titles; and the committed Impress deck (test/fixtures/office/deck.pdf) read slide by slide.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isSlideDeck, slideTitle, untitledSlideLabels } from '../../../../src/documents/formats/pdf/slides.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { chunkDocument } from '../../../../src/documents/chunk-document.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';

const line = (text: string, y: number, size: number, font = 'F1'): TextLine => ({
  text,
  x: 20,
  xEnd: 20 + text.length * size * 0.5,
  y,
  size,
  font,
  mono: false,
});
const pages = (n: number, width: number, height: number) =>
  Array.from({ length: n }, () => ({ width, height, lines: [line('Text', height / 2, 11)] }));

const decks: [
  name: string,
  ps: { width?: number; height: number; lines: TextLine[] }[],
  body: number,
  want: boolean,
][] = [
  ['a beamer deck (4:3, 364 x 273 pt, 11 pt text)', pages(10, 364, 273), 11, true],
  ['an Impress deck (16:9, 794 x 446 pt, 18 pt text)', pages(10, 794, 446), 18, true],
  ['a PowerPoint 4:3 deck (720 x 540 pt, 20 pt text)', pages(5, 720, 540), 20, true],
  ['a landscape A4 report (842 x 595 pt, 11 pt text)', pages(10, 842, 595), 11, false],
  ['a landscape Letter report (792 x 612 pt, 12 pt text)', pages(10, 792, 612), 12, false],
  ['a portrait A4 book with large print (595 x 842, 24 pt)', pages(10, 595, 842), 24, false],
  ['a report with a few landscape slides inserted', [...pages(2, 364, 273), ...pages(8, 595, 842)], 11, false],
  ['pages without a width (built by hand)', [{ height: 273, lines: [] }], 11, false],
];
for (const [name, ps, body, want] of decks)
  test(`isSlideDeck: ${name}: ${want}`, () => assert.equal(isSlideDeck(ps, body), want));

const titles: [name: string, lines: TextLine[], want: string | undefined][] = [
  ['a frame title above the body', [line('Listes', 250, 14), line('Un point.', 200, 11)], 'Listes'],
  [
    'a title on two lines of one font, the body after',
    [line('Exemples de uso', 250, 14), line('do ambiente align', 235, 14), line('Texto.', 200, 11)],
    'Exemples de uso do ambiente align',
  ],
  [
    'the largest line wins over a smaller headline above it',
    [line('Section 2', 268, 7), line('Frame', 250, 14)],
    'Frame',
  ],
  ['no line larger than the body: no title', [line('Just text', 250, 11), line('More text', 230, 11)], undefined],
  ['a large line in the lower half is no title', [line('Body', 250, 11), line('Big footer', 40, 16)], undefined],
  ['a large number alone is no title', [line('42', 250, 20), line('Body', 200, 11)], undefined],
];
for (const [name, lines, want] of titles)
  test(`slideTitle: ${name}`, () => assert.equal(slideTitle({ height: 273, lines }, 11)?.text, want));

const deckPdf = () => new Uint8Array(readFileSync(new URL('../../../fixtures/office/deck.pdf', import.meta.url)));

test('deck.pdf (Impress, 16:9): each slide titled by its own title, every block on its slide', async () => {
  const { blocks } = await extractPdf(deckPdf());
  assert.deepEqual(
    blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.page]),
    [
      ['Packaging a library', 1],
      ['Steps to follow', 2],
      ['Files of a source package', 3],
      ['A rules file', 4],
    ],
  );
  assert.ok(blocks.every((b) => b.slide === b.page));
  // The slide number of slide 4 is furniture.
  assert.ok(!blocks.some((b) => b.text === '4'));
});

test('deck.pdf: its chunk holds the four slides whole, starting with the first title', async () => {
  const chunks = await chunkDocument({ format: 'pdf', bytes: deckPdf() });
  assert.equal(chunks.length, 1);
  assert.equal(chunks[0]!.section, 'Packaging a library');
  assert.deepEqual([chunks[0]!.pageStart, chunks[0]!.pageEnd], [1, 4]);
});

test('untitledSlideLabels: a slide without a title takes the section it stands in, sections in outline order', () => {
  const h = (page: number, text: string) => ({ kind: 'heading' as const, text, page });
  const p = (page: number) => ({ kind: 'paragraph' as const, text: 'body', page });
  // The outline: its entries in order, as beamer's \section writes them.
  const outline = ['Intro', 'Maths', 'End'];
  const at = (t: string, from: number) => outline.indexOf(t, from);
  const cases: [string, ReturnType<typeof h | typeof p>[], [number, string][]][] = [
    ['a titled slide takes nothing', [h(1, 'Intro'), p(1), h(2, 'Frame'), p(2)], []],
    [
      'untitled slides after a section slide take its title',
      [h(1, 'Intro'), p(1), p(2), h(3, 'Frame'), p(4)],
      [
        [2, 'Intro'],
        [4, 'Intro'],
      ],
    ],
    ['a slide before the first section takes none', [p(1), h(2, 'Maths'), p(3)], [[3, 'Maths']]],
    [
      "a frame repeating an earlier entry's title opens no section",
      [h(1, 'Maths'), h(2, 'Intro'), p(3)],
      [[3, 'Maths']],
    ],
    ["a slide's heading after its first is not its title", [h(1, 'Frame'), h(1, 'Intro'), p(2)], []],
  ];
  for (const [name, blocks, want] of cases) assert.deepEqual([...untitledSlideLabels(blocks, at)], want, name);
});

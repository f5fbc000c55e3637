// Page furniture (src/documents/formats/pdf/furniture.ts): bare page numbers, and running headers
// and footers at the edges of the pages, removed in place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isBarePageNumber, removeFurniture, shapeKey } from '../../../../src/documents/formats/pdf/furniture.ts';
import type { PageText, TextLine } from '../../../../src/documents/formats/pdf/types.ts';

const pageNumbers: [text: string, want: boolean][] = [
  ['12', true],
  ['  7  ', true],
  ['xii', true],
  ['XIV', true],
  ['Page 3', true],
  ['page 3 of 10', true],
  ['3 of 10', true],
  ['3 / 10', true],
  ['p. 4', true],
  ['Seite 5 von 9', true],
  ['Página 2 de 8', true],
  ['– 14 –', true],
  ['- 3 -', true],
  ['123456', false],
  ['Page three', false],
  ['12 Monkeys', false],
  ['1.2', false],
  ['Chapter 3', false],
  ['', false],
];

for (const [text, want] of pageNumbers) {
  test(`isBarePageNumber(${JSON.stringify(text)}) is ${want}`, () => {
    assert.equal(isBarePageNumber(text), want);
  });
}

const line = (text: string, y: number, size = 10): TextLine => ({
  text,
  x: 72,
  xEnd: 400,
  y,
  size,
  font: 'f',
  mono: false,
});
const body = (n: number) => [
  line(`Body text of page ${'abcdefghij'[n]} with ordinary words.`, 600),
  line(`More body ${'abcdefghij'[n]}.`, 588),
];

/** `pages` pages of body text, each with the lines `extra(n)` adds (1-based n). */
const book = (pages: number, extra: (n: number) => TextLine[]): PageText[] =>
  Array.from({ length: pages }, (_, i) => ({ number: i + 1, height: 842, lines: [...extra(i + 1), ...body(i + 1)] }));

const cases: { name: string; pages: PageText[]; kept: (n: number) => string[] }[] = [
  {
    name: 'a bare page number at the foot of a single page',
    pages: book(1, () => [line('1', 30)]),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    name: 'a running header with the same text on two pages of two',
    pages: book(2, () => [line('Contoso Handbook', 800)]),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    name: 'a footer that differs only by its digits',
    pages: book(3, (n) => [line(`Contoso 2024 – section ${n}`, 30)]),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    name: 'recto and verso heads with their parts swapped, once each way (a chapter of two pages)',
    pages: book(4, (n) =>
      n === 2
        ? [line('CONTROL EQUALS CHAOS Chang, Connors', 800)]
        : n === 3
          ? [line('Chang, Connors CONTROL EQUALS CHAOS', 800)]
          : [],
    ),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    name: 'the same words in another order at two heights are not furniture',
    pages: book(4, (n) =>
      n === 2
        ? [line('Chang, Connors CONTROL EQUALS CHAOS', 800)]
        : n === 3
          ? [line('CONTROL EQUALS CHAOS Chang, Connors', 760)]
          : [],
    ),
    kept: (n) => [
      ...(n === 2 ? ['Chang, Connors CONTROL EQUALS CHAOS'] : n === 3 ? ['CONTROL EQUALS CHAOS Chang, Connors'] : []),
      ...body(n).map((l) => l.text),
    ],
  },
  {
    name: 'a line on one page only is not furniture',
    pages: book(3, (n) => (n === 2 ? [line('A one-off note at the top', 800)] : [])),
    kept: (n) => [...(n === 2 ? ['A one-off note at the top'] : []), ...body(n).map((l) => l.text)],
  },
  {
    name: 'a repeated line larger than the body is a heading, not a header',
    pages: book(3, () => [line('Annual Report', 800, 18)]),
    kept: (n) => ['Annual Report', ...body(n).map((l) => l.text)],
  },
  {
    name: 'a repeated line at a different height on each page is not furniture',
    pages: book(3, (n) => [line('Contoso Handbook', 800 - n * 40)]),
    kept: (n) => ['Contoso Handbook', ...body(n).map((l) => l.text)],
  },
  {
    name: 'no pages',
    pages: [],
    kept: () => [],
  },
];

for (const c of cases) {
  test(`removeFurniture: ${c.name}`, () => {
    removeFurniture(c.pages);
    for (const p of c.pages)
      assert.deepEqual(
        p.lines.map((l) => l.text),
        c.kept(p.number),
        `page ${p.number}`,
      );
  });
}

test('running headers, footers and page numbers are removed', () => {
  const pages: PageText[] = [];
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
  const first = (n: number) => `Body about ${words[n]} with ordinary text.`;
  const second = (n: number) => `Then ${words[n - 1]} follows ${n * 7}.`;
  for (let n = 1; n <= 6; n++) {
    const lines = [
      { text: 'Contoso Benefits Handbook', y: 800 },
      { text: first(n), y: 700 },
      { text: second(n), y: 688 },
      { text: `Page ${n}`, y: 30 },
    ].map((l) => ({ ...l, x: 72, xEnd: 400, size: 10, font: 'f', mono: false }));
    if (n % 2 === 0)
      lines.unshift({
        text: `Chapter ${n}: A changing title`,
        y: 780,
        x: 72,
        xEnd: 300,
        size: 10,
        font: 'f',
        mono: false,
      });
    pages.push({ number: n, height: 842, lines });
  }
  removeFurniture(pages);
  for (const p of pages)
    assert.deepEqual(
      p.lines.map((l) => l.text),
      [first(p.number), second(p.number)],
    );
});

test('shapeKey: the words of a running line, digits as #, in any order', () => {
  const cases: [a: string, b: string, same: boolean][] = [
    ['Chapter 3  Results', 'Chapter 12  Results', true],
    ['CONTROL EQUALS CHAOS   Chang, Connors', 'Chang, Connors   CONTROL EQUALS CHAOS', true],
    ['Contoso Handbook', 'Contoso  handbook', true],
    ['Contoso Handbook', 'Contoso Handbook 2', false],
    ['Rosemary Winspeare Outline LAKE', 'Rosemary Winspeare Chapter LAKE', false],
  ];
  for (const [a, b, same] of cases) assert.equal(shapeKey(a) === shapeKey(b), same, `${a} / ${b}`);
});

// Page furniture (src/documents/formats/pdf/furniture.ts): bare page numbers, and running headers
// and footers at the edges of the pages, removed in place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  atTextHeights,
  bodySize,
  detachedHeads,
  isBarePageNumber,
  numberedKeys,
  sideHeads,
  withoutSideHeads,
  numberedListingLines,
  openingKeys,
  removeFurniture,
  shapeKey,
  standsOverHeading,
} from '../../../../src/documents/formats/pdf/furniture.ts';
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
/** A line in parts set apart across the page (its pieces, as the layout gives them). */
const framedLine = (parts: string[], y: number): TextLine => ({
  ...line(parts.join(' '), y),
  pieces: parts.map((text, i) => ({ text, x: 72 + 150 * i, xEnd: 72 + 150 * i + 100 })),
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
    name: 'a head in three parts whose middle part changes, its outer parts the same on two pages (groff mom)',
    pages: book(4, (n) =>
      n === 2 || n === 3
        ? [
            framedLine(
              ['Rosemary Winspeare', n === 2 ? 'Outline' : 'The Bonny Blue Yonder', 'LAKE ATTICA’S SHORES'],
              800,
            ),
          ]
        : [],
    ),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    name: 'a line in three parts on one page only is not furniture',
    pages: book(4, (n) => (n === 2 ? [framedLine(['Name', 'Value', 'Default'], 800)] : [])),
    kept: (n) => [...(n === 2 ? ['Name Value Default'] : []), ...body(n).map((l) => l.text)],
  },
  {
    name: 'a long table whose rows open two pages with the same outer cells is no head',
    pages: book(4, (n) => (n === 2 || n === 3 ? [framedLine([`${n}`, n === 2 ? 'alpha' : 'beta', 'yes'], 800)] : [])),
    kept: (n) => [...(n === 2 ? ['2 alpha yes'] : n === 3 ? ['3 beta yes'] : []), ...body(n).map((l) => l.text)],
  },
  {
    name: 'two parts with the same outer words are no three-part head',
    pages: book(4, (n) =>
      n === 2 || n === 3 ? [framedLine(['Rosemary Winspeare', n === 2 ? 'Lake' : 'River'], 800)] : [],
    ),
    kept: (n) => [
      ...(n === 2 ? ['Rosemary Winspeare Lake'] : n === 3 ? ['Rosemary Winspeare River'] : []),
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
    name: "a sub-heading repeated at one height under each page's own title is text (read from the edge inwards)",
    // GLPK's geometry: the routine's title larger than the body (12 over 10.9 there), two of its
    // sizes over "Synopsis"; a line of the body's size three sizes over the text is a running head
    // (detachedHeads).
    pages: book(6, (n) => [line(`2.3.${n} glp routine ${'abcdefg'[n]}`, 800, 11), line('Synopsis', 775)]),
    kept: (n) => [`2.3.${n} glp routine ${'abcdefg'[n]}`, 'Synopsis', ...body(n).map((l) => l.text)],
  },
  {
    name: 'a mark without a letter above a running header does not keep it (a speck, a rule)',
    pages: book(6, (n) => [line('.'.repeat(n), 815), line('Contoso Handbook', 800)]),
    kept: (n) => ['.'.repeat(n), ...body(n).map((l) => l.text)],
  },
  {
    name: 'a line repeated under a running header goes with it',
    pages: book(6, () => [line('Contoso Handbook', 800), line('Draft for review', 780)]),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    name: 'a page number beside a changing running title: both furniture, text beside it no proof of a text block',
    pages: book(3, (n) => [line(`Notes on ${'abcdefg'[n]}`, 800), { ...line(String(n + 10), 800), x: 500 }]),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    name: "a line repeated at one height over each page's own last line is text",
    pages: book(6, (n) => [line('See also', 120), line(`the routine ${'abcdefg'[n]}`, 100)]),
    kept: (n) => ['See also', `the routine ${'abcdefg'[n]}`, ...body(n).map((l) => l.text)],
  },
  {
    name: "a sub-heading opening some pages under the running header, where the other pages' text begins, is text",
    pages: Array.from({ length: 6 }, (_, i) => ({
      number: i + 1,
      height: 842,
      lines: [
        line('Contoso Handbook', 800),
        ...(i % 2 === 0
          ? [line('Description', 780), line(`What entry ${'abcdef'[i]} does.`, 766)]
          : [line(`Text that begins page ${'abcdef'[i]} here`, 780), line(`and goes on ${'abcdef'[i]}.`, 766)]),
      ],
    })),
    kept: (n) =>
      n % 2 === 1
        ? ['Description', `What entry ${'abcdef'[n - 1]} does.`]
        : [`Text that begins page ${'abcdef'[n - 1]} here`, `and goes on ${'abcdef'[n - 1]}.`],
  },
  {
    name: 'small print on the first line of the text block stays furniture (a continuation marker)',
    pages: Array.from({ length: 6 }, (_, i) => ({
      number: i + 1,
      height: 842,
      lines: [
        line('Contoso Handbook', 800),
        ...(i % 2 === 0
          ? [line('(continued from previous page)', 780, 8), line(`code line ${'abcdef'[i]} goes on`, 766)]
          : [line(`Text that begins page ${'abcdef'[i]} here`, 780), line(`and goes on ${'abcdef'[i]}.`, 766)]),
      ],
    })),
    kept: (n) =>
      n % 2 === 1
        ? [`code line ${'abcdef'[n - 1]} goes on`]
        : [`Text that begins page ${'abcdef'[n - 1]} here`, `and goes on ${'abcdef'[n - 1]}.`],
  },
  {
    // raptor-refman: a file's listing ends at the foot of a page, over "Generated by Doxygen";
    // other files' listings end at that height on other pages with the same numbered line.
    name: "a numbered listing's last lines at the foot, repeated at that height on other pages, go on the listing",
    pages: book(4, (n) => [
      { ...line(`15 void f${'abcd'[n - 1]}(int x);`, 80), mono: true },
      { ...line('16', 68), mono: true },
      { ...line('17 } // namespace raptor', 56), mono: true },
      line('Generated by Doxygen', 20),
    ]),
    kept: (n) => [`15 void f${'abcd'[n - 1]}(int x);`, '16', '17 } // namespace raptor', ...body(n).map((l) => l.text)],
  },
  {
    name: 'a monospaced footer two lines off the last line of code stays furniture',
    pages: book(4, (n) => [
      { ...line(`15 void f${'abcd'[n - 1]}(int x);`, 80), mono: true },
      { ...line('Generated by Doxygen', 30), mono: true },
    ]),
    kept: (n) => [`15 void f${'abcd'[n - 1]}(int x);`, ...body(n).map((l) => l.text)],
  },
  {
    // cursolatex (beamer): the footline is every slide's lowest line, so a formula's last row is
    // among the edge lines; "2" under a root, an integral's "dx" (roman numerals d and x).
    name: "a slide's last row of a formula over the footline is no page number",
    pages: book(6, (n) => [
      ...(n === 3 ? [line('2', 42)] : n === 4 ? [line('dx', 35)] : n === 5 ? [line('x', 57), line('0', 40)] : []),
      line(`Campani (UFPel) O Preparador de Documentos ${n}/6`, 4, 6),
    ]),
    kept: (n) => [...(n === 3 ? ['2'] : n === 4 ? ['dx'] : n === 5 ? ['x', '0'] : []), ...body(n).map((l) => l.text)],
  },
  {
    name: 'a page number over a footer, in the numbering of the other pages, is furniture',
    pages: book(4, (n) => [line(`${n + 10}`, 40), line('Contoso confidential', 20)]),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    name: 'a page number over a footer on every page of three, in roman numerals',
    pages: book(3, (n) => [line(['i', 'ii', 'iii'][n - 1]!, 40), line('Contoso confidential', 20)]),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    // Sphinx's default chapter opening (fncychap Bjarne): "CHAPTER" at the body size over the
    // number word and the title, on each chapter's first page; a running header on the others.
    name: "a chapter opening's word over the chapter's heading, on each chapter's first page, is the heading's",
    pages: book(10, (n) =>
      n % 3 === 1
        ? [
            line('CHAPTER', 800),
            line(['ONE', 'TWO', 'THREE', 'FOUR'][(n - 1) / 3]!, 776, 14.3),
            line('TITLE', 721, 14.3),
          ]
        : [line(`Chapter ${Math.ceil(n / 3)}. Title`, 830)],
    ),
    kept: (n) => [
      ...(n % 3 === 1 ? ['CHAPTER', ['ONE', 'TWO', 'THREE', 'FOUR'][(n - 1) / 3]!, 'TITLE'] : []),
      ...body(n).map((l) => l.text),
    ],
  },
  {
    name: 'a running header over a heading on every page it is on, most of the pages, stays furniture',
    pages: book(6, (n) => [line('Contoso Handbook', 800), line(`Part ${'abcdef'[n - 1]}`, 776, 14.3)]),
    kept: (n) => [`Part ${'abcdef'[n - 1]}`, ...body(n).map((l) => l.text)],
  },
  {
    name: 'a running header over a heading on some of its pages and over text on others stays furniture',
    pages: book(10, (n) => [
      line('Contoso Handbook', 800),
      ...(n % 3 === 1 ? [line(`Part ${'abcdefghij'[n - 1]}`, 776, 14.3)] : []),
    ]),
    kept: (n) => [...(n % 3 === 1 ? [`Part ${'abcdefghij'[n - 1]}`] : []), ...body(n).map((l) => l.text)],
  },
  {
    // DocBook/FOP: the running header carries the chapter's title; a short chapter's header stood
    // over a section's heading on both of its pages, at the height of the other chapters' headers.
    name: "a chapter's running title over a heading on each of its pages, where the other headers stand, stays furniture",
    pages: book(10, (n) => [
      line(n >= 9 ? 'Operating System Annex' : `Chapter ${n} Hierarchy`, 800),
      ...(n >= 9 ? [line(`6.1.${n} Section`, 776, 14.3)] : []),
    ]),
    kept: (n) => [...(n >= 9 ? [`6.1.${n} Section`] : []), ...body(n).map((l) => l.text)],
  },
  {
    name: "a slide's small navigation headline over its frame title stays furniture",
    pages: book(10, (n) => [
      line('Introduction', 800, 6),
      ...(n % 3 === 1 ? [line(`Frame ${'abcdefghij'[n - 1]}`, 780, 14.3)] : []),
    ]),
    kept: (n) => [...(n % 3 === 1 ? [`Frame ${'abcdefghij'[n - 1]}`] : []), ...body(n).map((l) => l.text)],
  },
  {
    name: 'no pages',
    pages: [],
    kept: () => [],
  },
  {
    // ConTeXt's thumb tabs: the title and the page's number at the foot, 1.4 times the text's size.
    name: 'a title with the page number, larger than the text, on every page',
    pages: book(6, (n) => [line(`Steps ${n - 1}`, 37, 15.8)]),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    name: 'a larger title set apart from its page number: both go',
    pages: book(10, (n) =>
      n % 2 === 0 ? [line('Steps', 37, 15.8), { ...line(`${n}`, 37, 15.8), x: 420 }] : [line(`Steps ${n}`, 37, 15.8)],
    ),
    kept: (n) => body(n).map((l) => l.text),
  },
  {
    // A heading's shape repeats on the pages that open chapters; its number is no page's.
    name: 'a larger numbered heading on every page is no furniture: its numbers do not run with the pages',
    pages: book(6, (n) => [line(`Chapter ${n % 2 === 0 ? n / 2 : 7}`, 800, 15.8)]),
    kept: (n) => [`Chapter ${n % 2 === 0 ? n / 2 : 7}`, ...body(n).map((l) => l.text)],
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

test('bodySize: the size of the prose, code counted only where there is nothing else', async (t) => {
  const mono = (text: string, y: number, size: number): TextLine => ({ ...line(text, y, size), mono: true });
  const listing = Array.from({ length: 40 }, (_, i) =>
    mono(`    int value_${i} = compute(value_${i - 1}, width);`, 700 - i * 8, 7),
  );
  const cases: [string, PageText[], number][] = [
    ['prose alone', [{ number: 1, height: 842, lines: [line('Plain prose of the page.', 600, 10)] }], 10],
    [
      'more code than prose: the prose decides',
      [{ number: 1, height: 842, lines: [line('Definition at line 88 of file area.cpp.', 760, 9), ...listing] }],
      9,
    ],
    ['code alone', [{ number: 1, height: 842, lines: listing }], 7],
    [
      'more prose in a larger size than in a smaller one',
      [
        {
          number: 1,
          height: 842,
          lines: [line('A caption.', 700, 8), line('The body text of the page, longer.', 600, 10)],
        },
      ],
      10,
    ],
  ];
  for (const [name, pages, want] of cases) await t.test(name, () => assert.equal(bodySize(pages), want));
  await t.test('a running header at the prose size over pages of small code goes', () => {
    const pages: PageText[] = Array.from({ length: 6 }, (_, i) => ({
      number: i + 1,
      height: 842,
      lines: [
        line(`${i + 8} Class Documentation`, 800, 9),
        line('Definition at line 88 of file area.cpp.', 760, 9),
        ...listing,
      ],
    }));
    removeFurniture(pages);
    assert.ok(pages.every((p) => !p.lines.some((l) => l.text.endsWith('Class Documentation'))));
  });
});

test('numberedListingLines: a number alone that goes on a numbered listing is its line, not the page number', async (t) => {
  const code = (text: string, y: number): TextLine => ({ ...line(text, y, 10), mono: true });
  const head = line('Auto Multiple Choice 18 / 86', 800, 10);
  const cases: [name: string, lines: TextLine[], removing: number[], want: string[]][] = [
    [
      "a blank line's number under the running head, the listing's next line under it",
      [head, line('10', 770, 7), code('11 \\def\\x{1}', 756), code('12 \\y', 742)],
      [0, 1],
      ['10'],
    ],
    [
      "a blank line's number at the foot, after the listing's line before it",
      [code('8 \\y', 100), line('9', 86, 7), line('17 / 86', 40, 10)],
      [1, 2],
      ['9'],
    ],
    [
      'a run of blank numbered lines opening the page',
      [head, line('10', 770, 7), line('11', 756, 7), code('12 }', 742)],
      [0, 1, 2],
      ['10', '11'],
    ],
    [
      "numbers alone beside numbers alone (a diagram's labels)",
      [line('1', 300, 7), line('2', 290, 7), line('3', 280, 7)],
      [1],
      [],
    ],
    ["the page's own number, off the listing", [code('8 \\y', 100), line('9', 40, 10)], [1], []],
    ['a number that does not go on the numbers', [head, line('10', 770, 7), code('14 \\x', 756)], [0, 1], []],
    [
      'the next line opens with the number before (read upwards): no listing',
      [head, line('10', 770, 7), code('9 \\x', 756)],
      [0, 1],
      [],
    ],
  ];
  for (const [name, lines, removing, want] of cases)
    await t.test(name, () => {
      const got = numberedListingLines(lines, new Set(removing.map((i) => lines[i]!)));
      assert.deepEqual(
        lines.filter((l) => got.has(l)).map((l) => l.text),
        want,
      );
    });
});

const overHeading: [
  name: string,
  line: { y: number; size: number },
  below: { y: number; size: number } | undefined,
  want: boolean,
][] = [
  ['the number word of a chapter opening (Bjarne)', { y: 692.1, size: 10 }, { y: 668.2, size: 14.3 }, true],
  ['a huge number far below a small word, within its size', { y: 700, size: 10 }, { y: 640, size: 30 }, true],
  ['a heading too far below', { y: 692.1, size: 10 }, { y: 640, size: 14.3 }, false],
  ['a body line below', { y: 692.1, size: 10 }, { y: 680, size: 10 }, false],
  ['a line just larger than the body below', { y: 692.1, size: 10 }, { y: 680, size: 11 }, false],
  ['nothing below', { y: 692.1, size: 10 }, undefined, false],
  ['small print over a heading', { y: 692.1, size: 6 }, { y: 680, size: 14.3 }, false],
  ['a heading no larger than the line', { y: 692.1, size: 14.3 }, { y: 670, size: 14.3 }, false],
];

for (const [name, l, below, want] of overHeading) {
  test(`standsOverHeading: ${name} is ${want}`, () => {
    assert.equal(standsOverHeading(l, below, 10), want);
  });
}

test('openingKeys: the keys of top lines over a heading wherever they stand, on at most half the pages', () => {
  const at = (text: string, y: number, size = 10): TextLine => line(text, y, size);
  const top = (key: string, l: TextLine, below?: TextLine) => ({ line: l, top: true, key, below });
  const heading = at('ONE', 668, 14.3);
  const text = at('Body', 680);
  const edges = [
    [top('chapter', at('CHAPTER', 692), heading), top('head', at('Manual', 750), at('CHAPTER', 692))],
    [top('head', at('Manual', 750), heading), top('other', at('Manual', 750), text)],
    [top('chapter', at('CHAPTER', 692), heading), top('once', at('Foreword', 692), heading)],
    [top('bottom', at('Draft', 30), heading), { line: at('Draft', 30), top: false, key: 'bottom', below: undefined }],
    [top('mixed', at('X', 700), heading)],
    [top('mixed', at('X', 700), text)],
  ];
  // 'chapter' over headings twice of six pages; 'head' once over a line of its size; 'once' on one
  // page; 'bottom' is a foot; 'mixed' over text once.
  assert.deepEqual([...openingKeys(edges, 10, 6)], ['chapter']);
  // On more than half of the pages: a running header.
  assert.deepEqual([...openingKeys(edges, 10, 3)], []);
});

const detachedCases: [
  name: string,
  pages: [head: [string, number, number], below: number | undefined][],
  pageCount: number,
  want: string[],
][] = [
  [
    "DBLaTeX's heads, another text on each page, far over the text",
    [
      [['CHAPTER 1. DEFINITIONS 1.3. OK, NOW I KNOW …', 798.1, 10], 759.6],
      [['CHAPTER 1. DEFINITIONS 1.6. HOW DOES …', 798.1, 10], 759.6],
      [['CHAPTER 2. GETTING … 2.3. WHERE/HOW …', 798.4, 10], 759.0],
      [['Chapter 3', 684.9, 20.7], 635.1],
    ],
    8,
    [
      'CHAPTER 1. DEFINITIONS 1.3. OK, NOW I KNOW …',
      'CHAPTER 1. DEFINITIONS 1.6. HOW DOES …',
      'CHAPTER 2. GETTING … 2.3. WHERE/HOW …',
    ],
  ],
  [
    "pages' first lines of text, one line step over the next",
    [
      [['to freedom, not price.', 759.6, 10], 747.7],
      [['package maintenance system', 759.6, 10], 747.7],
      [['the mailing-list rather than', 759.6, 10], 747.7],
    ],
    8,
    [],
  ],
  [
    'apart over the text on too few of the pages',
    [
      [['A', 798, 10], 759],
      [['B', 798, 10], 759],
      [['C', 798, 10], 759],
    ],
    13,
    [],
  ],
  [
    'apart on two pages only',
    [
      [['A', 798, 10], 759],
      [['B', 798, 10], 759],
    ],
    4,
    [],
  ],
  [
    'larger than the body (a slide title, a heading)',
    [
      [['Motivation', 560, 14], 500],
      [['Results', 560, 14], 500],
      [['Outlook', 560, 14], 500],
    ],
    3,
    [],
  ],
  [
    'apart, but at three heights',
    [
      [['A', 798, 10], 759],
      [['B', 780, 10], 740],
      [['C', 760, 10], 720],
    ],
    3,
    [],
  ],
  [
    'nothing below',
    [
      [['A', 798, 10], undefined],
      [['B', 798, 10], undefined],
      [['C', 798, 10], undefined],
    ],
    3,
    [],
  ],
];

for (const [name, pages, pageCount, want] of detachedCases) {
  test(`detachedHeads: ${name}`, () => {
    const edges = pages.map(([[text, y, size], below]) => [
      { line: line(text, y, size), top: true, below: below === undefined ? undefined : line('text', below) },
      { line: line('foot', 40), top: false, below: undefined },
    ]);
    assert.deepEqual(
      [...detachedHeads(edges, 10, pageCount)].map((l) => l.text),
      want,
    );
  });
}

test('removeFurniture: running heads that change with every section go when they stand apart over the text', () => {
  const words = 'abcdefghij';
  const pages = book(8, (n) => [
    line(`CHAPTER ${n}. ${words[n]}${words[n]} ${n}.${n}. SECTION ${words[n]}`, 798),
    line(`First line of ${words[n]} that opens the text.`, 759.6),
  ]);
  removeFurniture(pages);
  for (const p of pages)
    assert.deepEqual(
      p.lines.map((l) => l.text),
      [`First line of ${words[p.number]} that opens the text.`, ...body(p.number).map((l) => l.text)],
    );
});

test('atTextHeights: candidates at a height where the neighbouring pages set text of their own', async (t) => {
  const ln = (text: string, y: number, size = 10): TextLine => ({
    text,
    x: 72,
    xEnd: 300,
    y,
    size,
    font: 'f',
    mono: false,
  });
  // Nine pages: a running header at 750 on each; a sub-heading "Description" at 700 on the first
  // three, where the other six pages set their first line of text; body lines at 688.
  const make = (subSize: number) => {
    const heads: TextLine[] = [];
    const subs: TextLine[] = [];
    const pages: PageText[] = Array.from({ length: 9 }, (_, i) => {
      const head = ln('Manual', 750);
      heads.push(head);
      const lines = [head];
      if (i < 3) {
        const sub = ln('Description', 700.4, subSize);
        subs.push(sub);
        lines.push(sub);
      } else lines.push(ln('First line of text', 699.6));
      lines.push(ln('Body', 688));
      return { number: i + 1, height: 792, lines };
    });
    return { pages, heads, subs };
  };
  await t.test('the sub-heading is at text heights, the running header is not', () => {
    const { pages, heads, subs } = make(10);
    const got = atTextHeights(pages, new Set([...heads, ...subs]), 10);
    assert.deepEqual(
      [...pages.flatMap((p) => p.lines)].filter((l) => got.has(l)),
      subs,
    );
  });
  await t.test('small print is never taken (under 0.85 of the body size)', () => {
    const { pages, heads, subs } = make(8);
    assert.equal(atTextHeights(pages, new Set([...heads, ...subs]), 10).size, 0);
  });
  await t.test('no candidates: nothing', () => {
    const { pages } = make(10);
    assert.equal(atTextHeights(pages, new Set(), 10).size, 0);
  });
});

test('numberedKeys: keys whose lines hold the page number at one offset', () => {
  const pages = Array.from({ length: 8 }, (_, i) => ({ number: i + 1 }));
  const e = (key: string, page: number, text: string) => ({ key, page: page - 1, line: line(text, 37, 15.8) });
  const lines = [
    ...[3, 4, 5, 6, 7].map((p) => e('b|12|# steps', p, `Steps ${p - 1}`)),
    ...[2, 4, 6, 8].map((p) => e('t|266|# chapter', p, `Chapter ${p / 2}`)),
    ...[2, 3].map((p) => e('b|12|# figure', p, `Figure ${p - 1}`)),
    // Two numbers on the line: either may be the page's.
    ...[1, 2, 3, 4, 5].map((p) => e('t|270|# # part', p, `Part 2 ${p + 10}`)),
  ];
  assert.deepEqual([...numberedKeys(lines, pages, 4)].sort(), ['b|12|# steps', 't|270|# # part']);
});

test('sideHeads: side text that repeats from page to page', () => {
  const pages = (n: number, side: (i: number) => string[] | undefined) =>
    Array.from({ length: n }, (_, i) => ({ turnedMargin: side(i + 1) }));
  // ConTeXt's side head on every page but the first.
  assert.deepEqual(
    [
      ...sideHeads(
        pages(20, (i) => (i > 1 ? ['ConT', 'E', 'Xt XML'] : undefined)),
        4,
      ),
    ],
    ['ConT', 'E', 'Xt XML'],
  );
  // A deck's sideways titles: each on a slide or two.
  assert.deepEqual(
    [
      ...sideHeads(
        pages(20, (i) => [`title ${Math.ceil(i / 2)}`]),
        4,
      ),
    ],
    [],
  );
  // A title on four slides of twenty: under a quarter of them.
  assert.deepEqual(
    [
      ...sideHeads(
        pages(20, (i) => (i <= 4 ? ['Loading fonts'] : undefined)),
        4,
      ),
    ],
    [],
  );
  // A stamp on the first page only.
  assert.deepEqual(
    [
      ...sideHeads(
        pages(20, (i) => (i === 1 ? ['arXiv:2101.00001v1'] : undefined)),
        4,
      ),
    ],
    [],
  );
  // A short document: its side head on two of three pages.
  assert.deepEqual(
    [
      ...sideHeads(
        pages(3, (i) => (i > 1 ? ['Draft'] : undefined)),
        2,
      ),
    ],
    ['Draft'],
  );
});

test("withoutSideHeads: a side head's lines beside the page's text go", () => {
  const at = (text: string, x: number, xEnd = x + text.length * 5): TextLine => ({ ...line(text, 700), x, xEnd });
  const text = [at('The third horizontal alternative only has singular elements.', 99, 561), at('E', 120, 125)];
  const heads = new Set(['ConT', 'E', 'Xt XML']);
  assert.deepEqual(
    withoutSideHeads([at('ConT', 584.8), at('E', 588.9), at('Xt XML', 584.8), ...text], heads).map((l) => l.text),
    text.map((l) => l.text),
  );
  // Left of the text: a turned run starts in the margin, whatever its width across the page.
  assert.deepEqual(
    withoutSideHeads([at('ConT', 40, 220), ...text], heads).map((l) => l.text),
    text.map((l) => l.text),
  );
  // The same text among the page's lines is the page's.
  assert.deepEqual(
    withoutSideHeads(text, heads).map((l) => l.text),
    text.map((l) => l.text),
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  classifyPage,
  lineKind,
  listingRuns,
  proseRuns,
  removeListings,
  type LineKind,
} from '../../../../src/documents/formats/pdf/toc.ts';
import type { PageText } from '../../../../src/documents/formats/pdf/types.ts';

const page = (lines: string[], number = 1): PageText => ({
  number,
  height: 792,
  lines: lines.map((text, i) => ({ text, x: 72, xEnd: 500, y: 700 - i * 12, size: 10, font: 'f', mono: false })),
});

const body = [
  'R is an integrated suite of software facilities for data manipulation, calculation and',
  'graphical display. Among other things it has an effective data handling and storage',
  'facility, a suite of operators for calculations on arrays, in particular matrices, a large',
  'coherent, integrated collection of intermediate tools for data analysis, graphical facilities',
  'for data analysis and display either directly at the computer or on hardcopy, and a well',
  'developed, simple and effective programming language which includes conditionals, loops.',
];

test('lineKind', async (t) => {
  const outline = new Set(['medical procedure']);
  const cases: [string, LineKind, number?][] = [
    ['Table of Contents', 'title'],
    ['Index', 'title'],
    ['B', 'neutral'],
    ['14', 'neutral'],
    ['1.2 The R environment . . . . . . 2', 'entry'],
    ['value . . . . . 10', 'entry'],
    ['vector . . . . 3, 8, 12', 'entry'],
    ['account limits ............................................5, 8, 12', 'entry'],
    ['Preface ........ xii', 'entry'],
    ['. . . . . . . . . . . . 14', 'entry'],
    ['clip, 24, 81, 137', 'entry'],
    ['202, 203', 'entry'],
    ['Medical procedure 3', 'entry'], // in the outline
    ['External budget 3', 'numbered', 3],
    ['3.1 Scope of medical coverage 8', 'numbered', 8],
    ['4.11. Forms of claims and appeals .', 'stem'],
    ['5.2. Definitions of pharmacy benefits', 'stem'],
    ['1. Make work the working directory and start the program as before.', 'text'],
    ['The program ends here.', 'text'],
    ['see the figures on page 12.', 'text'],
  ];
  for (const [text, kind, n] of cases) {
    await t.test(text, () => {
      const info = lineKind(text, outline);
      assert.equal(info.kind, kind);
      if (n !== undefined) assert.equal(info.page, n);
    });
  }
});

test('classifyPage', async (t) => {
  const groffContinued = Array.from({ length: 10 }, (_, i) => [
    `5.${i + 1}. Section ${i + 1} of pharmacy benefits .`,
    '. . . . . . . . . . . . . . 15',
  ]).flat();
  const cases: [string, string[], boolean, boolean?][] = [
    [
      'dot-leader contents',
      [
        'Table of Contents',
        'Preface . . . . . . . . 1',
        '1 Introduction . . . . . . 2',
        '1.1 The R environment . . . . 2',
        '1.2 Related software . . . . 2',
        '1.3 R and statistics . . . . 3',
      ],
      true,
    ],
    [
      'contents without leaders, numbers in order (Chromium)',
      [
        'Table of Contents',
        'Medical procedure 3',
        'External budget 3',
        'Section 2: Prescription requirements 3',
        'Standard insurance 4',
        'Introduction to document 4',
        'CHAPTER 4 OVERVIEW OF SYSTEM 5',
      ],
      true,
    ],
    [
      'back-of-book index',
      ['INDEX', 'A', 'abs, 33', 'acos, 34', 'acosh, 34, 120', 'all, 12, 45–47', '202, 203, 210', 'angles, 55, 136'],
      true,
    ],
    [
      'list of figures',
      [
        'List of Figures',
        '1.1 A plot . . . . . 4',
        '1.2 Another plot . . . . 9',
        '2.1 Surfaces . . . . 14',
        '2.2 Contours . . . . 20',
      ],
      true,
    ],
    ['groff contents continued, leaders read as a column of their own, no title', groffContinued, true],
    [
      'half entries, no title',
      [...body.slice(0, 4), 'a . . . . 3', 'b . . . . 4', 'c . . . . 5', 'd . . . . 6'],
      false,
    ],
    [
      'half entries, continuing a listing page',
      [...body.slice(0, 4), 'a . . . . 3', 'b . . . . 4', 'c . . . . 5', 'd . . . . 6'],
      true,
      true,
    ],
    ['body text', body, false],
    ['body text, continuing a listing page', body, false, true],
    [
      'body text with a few lines ending in numbers',
      [...body, 'as described in chapter 3', 'see the figures on page 12'],
      false,
    ],
    [
      'data table with numbers out of order',
      ['Mean value 42', 'Median value 17', 'Max value 99', 'Min value 3', 'Range value 96', 'Count value 12'],
      false,
    ],
    [
      'numbered list items (no trailing page numbers)',
      ['1. Make work the working directory', '2. Start the program', '3. Issue commands', '4. Quit the program'],
      false,
    ],
  ];
  for (const [name, lines, want, continuing] of cases)
    await t.test(name, () => assert.equal(classifyPage(page(lines), 100, { continuing }).toc, want));
});

test('listingRuns: listing lines inside a body page', async (t) => {
  const cases: [string, string[], number[]][] = [
    [
      'a chapter contents list with page numbers',
      [
        'This chapter covers:',
        '3.1 Scope of coverage 8',
        '3.2 Definitions of coverage 8',
        '3.3 Responsibilities 9',
        body[0]!,
      ],
      [1, 2, 3],
    ],
    [
      'a chapter contents list, numbers read after the titles',
      ['3.1 Scope of coverage', '3.2 Definitions of coverage', '3.3 Responsibilities', '8', '8', '9', body[0]!],
      [0, 1, 2, 3, 4, 5],
    ],
    [
      'the end of an index column, then text',
      ['value . . . . . 10', 'vector . . . . 3, 8, 12', 'W', 'width, 4, 9', 'word . . . . 5', ...body],
      [0, 1, 2, 3, 4],
    ],
    ['two entries are not a run', ['value . . . . . 10', 'vector . . . . 3, 8, 12', ...body], []],
    ['numbers out of order are not a run', ['1.1 Mean value 42', '1.2 Median value 17', '1.3 Max value 99'], []],
    ['numbered lines without section numbers are not a run', ['Step 1', 'Step 2', 'Step 3'], []],
    [
      'a table of index-like rows without leaders is text',
      ['%d day of the month, 1–31', '%m month of the year, 1–12', '%y year, 0–99', '%H hour, 0–24'],
      [],
    ],
    [
      'stems without their numbers are headings, kept',
      ['3.1 Scope of coverage', '3.2 Definitions of coverage', '3.3 Responsibilities', ...body],
      [],
    ],
    ['body text', body, []],
  ];
  for (const [name, lines, want] of cases) {
    await t.test(name, () =>
      assert.deepEqual(
        listingRuns(
          lines.map((l) => lineKind(l)),
          lines,
        ),
        want,
      ),
    );
  }
});

test('proseRuns: text kept on a listing page', async (t) => {
  const index = ['Index', 'value . . . . . 10', 'vector . . . . 3, 8, 12', 'width . . . . 4'];
  const cases: [string, string[], number[]][] = [
    [
      'an index column, then an appendix with its heading',
      [...index, '9. Appendix: Forms', ...body.slice(0, 3)],
      [4, 5, 6, 7],
    ],
    ['an index only', index, []],
    ['two lines of text are not a run', [...index, body[0]!, body[1]!], []],
  ];
  for (const [name, lines, want] of cases) {
    await t.test(name, () =>
      assert.deepEqual(
        proseRuns(
          lines.map((l) => lineKind(l)),
          lines,
        ),
        want,
      ),
    );
  }
});

test('removeListings: contents at the end over pages without a title, index pages that go on with text', () => {
  const toc = (from: number) =>
    Array.from({ length: 20 }, (_, i) => `${from + i}. Chapter ${from + i} . . . . . . . ${from + i}`);
  const pages = [
    page(body, 1),
    page(
      [
        'Index',
        'value . . . . . 10',
        'vector . . . . 3, 8, 12',
        'width . . . . 4',
        'zone . . . . 5',
        'Appendix',
        ...body,
      ],
      2,
    ),
    page(['Table of Contents', ...toc(1)], 3),
    page(toc(21), 4),
    page([...body.slice(0, 3), 'x . . . . 41', 'y . . . . 42', 'z . . . . 43', 'w . . . . 44'], 5),
  ];
  const r = removeListings(pages);
  assert.deepEqual(r.pages, [3, 4]);
  assert.deepEqual(
    pages.map((p) => p.number),
    [1, 2, 5],
  );
  assert.deepEqual(
    pages[0]!.lines.map((l) => l.text),
    body,
  );
  assert.deepEqual(
    pages[1]!.lines.map((l) => l.text),
    ['Appendix', ...body],
  );
  assert.deepEqual(
    pages[2]!.lines.map((l) => l.text),
    body.slice(0, 3),
    'the text before the last entries, kept',
  );
  assert.equal(r.lines, 5 + 4);
});

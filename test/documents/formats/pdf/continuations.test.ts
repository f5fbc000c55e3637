// Continuation marks of a code block broken by a page turn (src/documents/formats/pdf/continuations.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  codeContinuationMarks,
  isContinuationMark,
  removeCodeContinuations,
  splitRunsAtTurns,
} from '../../../../src/documents/formats/pdf/continuations.ts';
import type { PageText, TextLine } from '../../../../src/documents/formats/pdf/types.ts';

const BODY = 10;

const marks: [text: string, size: number, mono: boolean, want: boolean][] = [
  ['(continues on next page)', 8, false, true],
  ['(continued from previous page)', 8, false, true],
  ['(Fortsetzung auf der nächsten Seite)', 8, false, true],
  ['(suite sur la page suivante)', 8, false, true],
  ['  (suite de la page précédente)  ', 8.3, false, true],
  // Body size: a parenthesised remark of the text.
  ['(continues on next page)', 10, false, false],
  // Code in small print.
  ['(car x)', 8, true, false],
  // Not a whole line in parentheses.
  ['(a) first item', 8, false, false],
  ['see (continues on next page)', 8, false, false],
  // No word inside.
  ['(1)', 8, false, false],
  ['(*)', 8, false, false],
  // Code size (\small, 0.9 of the body).
  ['(continues on next page)', 9, false, false],
];

for (const [text, size, mono, want] of marks) {
  test(`isContinuationMark(${JSON.stringify(text)}, size ${size}${mono ? ', mono' : ''}) is ${want}`, () => {
    assert.equal(isContinuationMark({ text, size, mono }, BODY), want);
  });
}

const prose = (text: string, y: number, size = BODY): TextLine => ({
  text,
  x: 72,
  xEnd: 500,
  y,
  size,
  font: 'R',
  mono: false,
});
const code = (text: string, y: number, size = 9): TextLine => ({
  text,
  x: 80,
  xEnd: 300,
  y,
  size,
  font: 'T',
  mono: true,
});
const small = (text: string, y: number): TextLine => ({ text, x: 400, xEnd: 500, y, size: 8, font: 'I', mono: false });
const page = (n: number, lines: TextLine[]): PageText => ({ number: n, height: 842, lines });

const NEXT = '(continues on next page)';
const PREV = '(continued from previous page)';

const cases: { name: string; pages: () => PageText[]; removed: string[] }[] = [
  {
    name: 'both marks of a code block broken by a page turn go',
    pages: () => [
      page(1, [
        prose('Text before the listing, long enough to set the body size of these pages:', 700),
        code('for i in 1 2; do', 680),
        code('  echo $i', 668),
        small(NEXT, 650),
      ]),
      page(2, [small(PREV, 780), code('done', 766), prose('Text after it.', 740)]),
    ],
    removed: [NEXT, PREV],
  },
  {
    name: 'the marks in the document language go (German)',
    pages: () => [
      page(1, [prose('Text.', 700), code('pool/', 680), small('(Fortsetzung auf der nächsten Seite)', 660)]),
      page(2, [small('(Fortsetzung der vorherigen Seite)', 780), code('pool/main/a/', 766)]),
    ],
    removed: ['(Fortsetzung auf der nächsten Seite)', '(Fortsetzung der vorherigen Seite)'],
  },
  {
    name: "the mark at the foot goes when the next page's mark went as furniture already",
    pages: () => [
      page(1, [prose('Text.', 700), code('if x; then', 680), small(NEXT, 660)]),
      page(2, [code('fi', 780), prose('Text after it.', 760)]),
    ],
    removed: [NEXT],
  },
  {
    name: 'the mark at the foot goes over footnotes, code in them too (policy)',
    pages: () => [
      page(1, [
        prose('Each entry has the following format:', 224),
        code('[* field-name: field-value]', 171),
        small(NEXT, 159),
        small('16 An example may clarify. Suppose', 141),
        { ...code('readelf -d /usr/lib/libz.so', 104), size: 8 },
      ]),
      page(2, [code('[...]', 696), prose('To explain this format,', 661)]),
    ],
    removed: [NEXT],
  },
  {
    name: 'the mark at the top goes when the page before ends in code under footnotes',
    pages: () => [
      page(1, [prose('Text.', 700), code('if x; then', 680), small('1 A footnote.', 100)]),
      page(2, [small(PREV, 780), code('fi', 766)]),
    ],
    removed: [PREV],
  },
  {
    name: 'a page without lines between the two is passed over',
    pages: () => [
      page(1, [prose('Text.', 700), code('if x; then', 680), small(NEXT, 660)]),
      page(2, []),
      page(3, [small(PREV, 780), code('fi', 766)]),
    ],
    removed: [NEXT, PREV],
  },
  {
    name: 'a small remark under code that ends the document stays',
    pages: () => [page(1, [prose('Text.', 700), code('exit 0', 680), small('(see the manual)', 660)])],
    removed: [],
  },
  {
    name: 'a small remark under code stays when the next page opens with prose',
    pages: () => [
      page(1, [prose('Text.', 700), code('exit 0', 680), small('(example output)', 660)]),
      page(2, [prose('A new section opens here.', 780), code('ls', 760)]),
    ],
    removed: [],
  },
  {
    name: 'a small remark over code at the top stays when the page before ends in prose',
    pages: () => [
      page(1, [prose('Text.', 700), code('ls', 680), prose('The end of a paragraph.', 660)]),
      page(2, [small('(output shortened)', 780), code('a b c', 766)]),
    ],
    removed: [],
  },
  {
    name: 'a small remark under prose stays',
    pages: () => [page(1, [prose('Text.', 700), small('(continues on next page)', 660)]), page(2, [code('fi', 780)])],
    removed: [],
  },
  {
    name: 'a mark at body size stays',
    pages: () => [page(1, [code('if x; then', 680), prose(NEXT, 660)]), page(2, [code('fi', 780)])],
    removed: [],
  },
];

for (const c of cases) {
  test(`codeContinuationMarks: ${c.name}`, () => {
    const pages = c.pages();
    const got = [...codeContinuationMarks(pages, BODY)].map((l) => l.text);
    assert.deepEqual(got.sort(), [...c.removed].sort());
  });
}

test('removeCodeContinuations removes the marks in place, keeps every other line in order, and names the page turned onto', () => {
  const pages = cases[0]!.pages();
  assert.deepEqual([...removeCodeContinuations(pages)], [2]);
  assert.deepEqual(
    pages.map((p) => p.lines.map((l) => l.text)),
    [
      ['Text before the listing, long enough to set the body size of these pages:', 'for i in 1 2; do', '  echo $i'],
      ['done', 'Text after it.'],
    ],
  );
});

test('removeCodeContinuations names no page where no mark went', () => {
  const pages = cases.find((c) => c.name.startsWith('a small remark under code stays when'))!.pages();
  assert.deepEqual([...removeCodeContinuations(pages)], []);
  assert.equal(pages[0]!.lines.length, 3);
});

test('removeCodeContinuations: a mark at the foot alone names the next page with lines', () => {
  const pages = cases.find((c) => c.name.startsWith('a page without lines'))!.pages();
  for (const p of pages)
    p.lines = p.lines.map((l) =>
      l.mono || l.size === 8 ? l : { ...l, text: `${l.text} A line of prose long enough.` },
    );
  pages[2]!.lines = pages[2]!.lines.filter((l) => l.text !== PREV);
  assert.deepEqual([...removeCodeContinuations(pages)], [3]);
});

const splits: [name: string, runs: [number, number][], pages: number[], turns: number[], want: [number, number][]][] = [
  [
    'a run over a marked turn is cut there',
    [[0, 5]],
    [1, 1, 1, 2, 2],
    [2],
    [
      [0, 3],
      [3, 5],
    ],
  ],
  ['a run over an unmarked turn stays whole', [[0, 5]], [1, 1, 1, 2, 2], [3], [[0, 5]]],
  ['a part of one line is no run', [[0, 4]], [1, 1, 1, 2], [2], [[0, 3]]],
  ['a run on the marked page alone stays whole', [[0, 3]], [2, 2, 2], [2], [[0, 3]]],
  [
    'two turns in one run',
    [[1, 7]],
    [0, 1, 1, 2, 2, 3, 3],
    [2, 3],
    [
      [1, 3],
      [3, 5],
      [5, 7],
    ],
  ],
  [
    'runs outside the turn are kept, a one-line part dropped',
    [
      [0, 2],
      [3, 6],
    ],
    [1, 1, 1, 1, 2, 2],
    [2],
    [
      [0, 2],
      [4, 6],
    ],
  ],
];

for (const [name, runs, pages, turns, want] of splits) {
  test(`splitRunsAtTurns: ${name}`, () => {
    assert.deepEqual(
      splitRunsAtTurns(runs, (i) => pages[i]!, new Set(turns)),
      want,
    );
  });
}

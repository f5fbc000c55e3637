// The reading of scripts/quality/footnote-reading.ts: each page's footnotes after the text they
// interrupt, and the order measure crediting a sentence a page turn cut read whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BoxWord } from '../../scripts/quality/column-reading.ts';
import {
  footNumberOffset,
  footnoteWords,
  lines,
  notesAfterTextReading,
  paragraphEnd,
  runningWords,
} from '../../scripts/quality/footnote-reading.ts';
import { buildReference, readingOrder } from '../../scripts/quality/measures.ts';

/** A line of words `size` pt high from x at top y, each word 0.6 size a letter, 0.4 size spaces. */
function line(x: number, y: number, text: string, size = 10): BoxWord[] {
  const out: BoxWord[] = [];
  for (const t of text.split(' ')) {
    out.push({ x0: x, y0: y, x1: x + 0.6 * size * t.length, y1: y + size, text: t });
    x += 0.6 * size * t.length + 0.4 * size;
  }
  return out;
}

const FULL = 'the text runs on across the whole width of the block';
const text = (w: readonly BoxWord[]) => w.map((x) => x.text).join(' ');

test('footnoteWords: the rows at the foot set smaller, from the first mark down', async (t) => {
  const body = [...line(72, 100, FULL), ...line(72, 112, FULL), ...line(72, 124, 'examples in footnotes get a')];
  const cases: [string, BoxWord[], string][] = [
    [
      'a numbered note and its wrapped line, the page number under them',
      [
        ...body,
        ...line(72, 600, '1 The package has a long history. It', 8),
        ...line(72, 610, 'started off as a macro set.', 8),
        ...line(300, 640, '12'),
      ],
      '1 The package has a long history. It started off as a macro set.',
    ],
    ['a mark against its text', [...body, ...line(72, 600, '2The package is old.', 8)], '2The package is old.'],
    ['a symbol mark', [...body, ...line(72, 600, '† Present address: Leeds.', 8)], '† Present address: Leeds.'],
    ['no mark: a small caption is text', [...body, ...line(72, 600, 'Figure caption set small.', 8)], ''],
    ['no small rows: a page of text', [...body, ...line(300, 640, '12')], ''],
    [
      'small rows over the first mark are no notes',
      [...body, ...line(72, 560, 'a small caption', 8), ...line(72, 600, '3 A note.', 8)],
      '3 A note.',
    ],
    [
      'small numbered rows right under the text: a contents list set small',
      [...body, ...line(72, 137, '5 Phrase structure rules 15', 8), ...line(72, 147, '6 Exercises 19', 8)],
      '',
    ],
    ['a numbered line of body size is text', [...body, ...line(72, 600, '1 The package is old.')], ''],
    [
      "a doubled symbol mark (groff's and LaTeX's fifth note)",
      [...body, ...line(72, 600, '**Sadipscing diam.', 8)],
      '**Sadipscing diam.',
    ],
    [
      "a skip of 0.7 of the text's height (LaTeX's \\skip\\footins under a full line)",
      [...body, ...line(72, 141, '1 Em alemão existem duas formas.', 8)],
      '1 Em alemão existem duas formas.',
    ],
    ["a mark alone is no note: a slide's number", [...body, ...line(300, 600, '9', 8)], ''],
    [
      'a line number alone under a listing is no note',
      [...body, ...line(72, 600, '2 buildmesh(400);'), ...line(72, 612, '3', 8)],
      '',
    ],
  ];
  for (const [name, words, want] of cases)
    await t.test(name, () => assert.equal(text(words.filter((w) => footnoteWords(words, 10).has(w))), want));
});

test("footnoteWords: a page set smaller than the document, a note run on, the page's running foot", async (t) => {
  // groff -mom's article in 9 point in a document whose pages are mostly 11 point: its notes in 7.2.
  const small = [...line(72, 100, FULL, 9), ...line(72, 112, FULL, 9), ...line(72, 124, 'dolore magna at vero', 9)];
  const body = [...line(72, 100, FULL), ...line(72, 112, FULL), ...line(72, 124, 'examples in footnotes get a')];
  const cases: [string, BoxWord[], boolean, number | undefined, string][] = [
    [
      "notes small against the page's own text",
      [...small, ...line(72, 141, '*Clita ipsum dolor sit amet.', 7.2)],
      false,
      undefined,
      '*Clita ipsum dolor sit amet.',
    ],
    [
      'a note run on from the page before, no mark, then a marked one',
      [...body, ...line(72, 600, 'que a forma mais correcta.', 8), ...line(72, 610, '3 Rumores dizem.', 8)],
      true,
      undefined,
      'que a forma mais correcta. 3 Rumores dizem.',
    ],
    [
      'the same rows without notes on the page before: small text, its mark no skip under it',
      [...body, ...line(72, 600, 'que a forma mais correcta.', 8), ...line(72, 610, '3 Rumores dizem.', 8)],
      false,
      undefined,
      '',
    ],
    [
      'a small caption at the foot with no note before it is text',
      [...body, ...line(72, 600, 'Figure 3: the layout.', 8)],
      false,
      undefined,
      '',
    ],
    [
      "a running foot printing the page's number under the notes",
      [
        ...body,
        ...line(72, 600, '1 Originalautoren können.', 8),
        ...line(72, 660, '82 Kapitel 6. Optimale Vorgehensweise', 7),
      ],
      false,
      82,
      '1 Originalautoren können.',
    ],
    [
      "a note's number is not the page's: the note stays",
      [...body, ...line(72, 600, '2 NT: e também em portugueses', 8)],
      false,
      34,
      '2 NT: e também em portugueses',
    ],
  ];
  for (const [name, words, continued, page, want] of cases)
    await t.test(name, () =>
      assert.equal(text(words.filter((w) => footnoteWords(words, 11, continued, page).has(w))), want),
    );
});

test("footNumberOffset: the offset from a page's index to the number its foot prints, 3 pages or more", async (t) => {
  const page = (foot: string) => [...line(72, 100, FULL), ...line(72, 660, foot, 8)];
  const cases: [string, BoxWord[][], number | undefined][] = [
    [
      "groff's -1- -2- -3- from the tenth page",
      [...Array(9).fill(page(FULL)), page('-1-'), page('-2-'), page('-3-')],
      -8,
    ],
    [
      'a number at the start or the end of a running foot',
      [page('12 Kapitel 1. Einleitung'), page('1.2. Ziele 13'), page('14 Kapitel 1. Einleitung')],
      12,
    ],
    ['two pages are too few', [page('5'), page('6')], undefined],
    [
      "notes' numbers follow no page",
      [page('1 A note.'), page('1 Another.'), page('2 A third.'), page('4 More.')],
      undefined,
    ],
  ];
  for (const [name, pages, want] of cases) await t.test(name, () => assert.equal(footNumberOffset(pages), want));
});

test('runningWords: a short head with its page number over a skip, a page number at the foot', async (t) => {
  const body = [...line(72, 100, FULL), ...line(72, 112, FULL)];
  const cases: [string, BoxWord[], string][] = [
    ['a head ending in its page number', [...line(72, 70, '1.3 Ficheiros LATEX 5'), ...body], '1.3 Ficheiros LATEX 5'],
    ['a head opening with it', [...line(72, 70, '6 Noções Básicas'), ...body], '6 Noções Básicas'],
    ['a page number at the foot', [...body, ...line(300, 640, '12')], '12'],
    ['a Roman one', [...body, ...line(300, 640, 'xii')], 'xii'],
    ['no skip under the top row: a numbered line of the text', [...line(72, 88, '1 The first line'), ...body], ''],
    ['a top row without a number: a title', [...line(72, 70, 'Introduction to the package'), ...body], ''],
    ['a long top row is text', [...line(72, 70, `${FULL} 5`), ...body], ''],
    ["groff's page number between dashes", [...body, ...line(300, 640, '-2-')], '-2-'],
    [
      'a numbered foot printing the page given',
      [...body, ...line(72, 640, '82 Kapitel 6. Optimale Vorgehensweise')],
      '82 Kapitel 6. Optimale Vorgehensweise',
    ],
    [
      'a numbered foot printing another number',
      [...body, ...line(72, 640, '81 Kapitel 6. Optimale Vorgehensweise')],
      '',
    ],
  ];
  for (const [name, words, want] of cases)
    await t.test(name, () => assert.equal(text(words.filter((w) => runningWords(words, 10, 82).has(w))), want));
});

test('paragraphEnd: after the first line that stops short of the right edge', async (t) => {
  const cases: [string, BoxWord[], number][] = [
    [
      'a paragraph ending short',
      [...line(72, 100, FULL), ...line(72, 112, 'different numbering.'), ...line(72, 124, FULL)],
      13,
    ],
    [
      'a sentence end at the full width goes on',
      [...line(72, 100, `${FULL}.`), ...line(72, 112, 'numbering.'), ...line(72, 124, FULL)],
      12,
    ],
    [
      'a short line over a display, no stop',
      [...line(72, 88, FULL), ...line(72, 100, 'y a las cotas de las variables'), ...line(120, 112, 'l1 ≤ x1 ≤ u1')],
      18,
    ],
    ['no end: after the last word', [...line(72, 100, FULL), ...line(72, 112, FULL)], 22],
  ];
  for (const [name, words, want] of cases) await t.test(name, () => assert.equal(paragraphEnd(words), want));
});

test('lines: a line break after each line, touching words one word', async (t) => {
  const logo: BoxWord[] = [
    { x0: 72, y0: 100, x1: 80, y1: 110, text: 'pelo' },
    { x0: 83, y0: 100, x1: 88, y1: 110, text: 'L' },
    { x0: 87.5, y0: 98, x1: 91, y1: 105, text: 'A' },
    { x0: 91, y0: 100, x1: 104, y1: 110, text: 'TEX.' },
  ];
  const cases: [string, BoxWord[], string][] = [
    ['two lines', [...line(72, 100, 'one two'), ...line(72, 112, 'three')], 'one two\nthree\n'],
    ["the LaTeX logo's pieces", logo, 'pelo LATEX.\n'],
    [
      "a formula's script against its base stays apart",
      [
        { x0: 72, y0: 100, x1: 78, y1: 110, text: 'x' },
        { x0: 78, y0: 97, x1: 82, y1: 104, text: '2' },
      ],
      'x 2\n',
    ],
  ];
  for (const [name, words, want] of cases) await t.test(name, () => assert.equal(lines(words), want));
});

test("notesAfterTextReading: the pages read on, a page's notes after the next page's first paragraph", async (t) => {
  const page1 = [
    ...line(72, 100, FULL),
    ...line(72, 112, 'examples in footnotes get a'),
    ...line(72, 600, '1 The package has a long history.', 8),
  ];
  const page2 = [...line(72, 100, 'different numbering.'), ...line(72, 112, FULL)];
  const reading = notesAfterTextReading([page1, [...page1.slice(0, 11), ...line(300, 640, '1')], page2]);
  await t.test('the notes after the next text when it ends no paragraph; the page number left out', () =>
    assert.equal(
      reading,
      `${FULL}\nexamples in footnotes get a\n\f${FULL}\n1 The package has a long history.\n\fdifferent numbering.\n${FULL}\n`,
    ),
  );
  await t.test('no notes: no reading', () => assert.equal(notesAfterTextReading([page2, page2]), ''));
  await t.test('the order measure credits the joined sentence with the reading, not without', () => {
    const pdftotext = `${FULL}\nexamples in footnotes get a\n\n1 The package has a long history.\n\fdifferent numbering.\n\n${FULL}\n`;
    const chunks = [`examples in footnotes get a different numbering.\n\n1 The package has a long history.\n\n${FULL}`];
    const alternative = notesAfterTextReading([page1, page2]);
    assert.ok(readingOrder(chunks, buildReference(pdftotext)).order < 90);
    assert.equal(readingOrder(chunks, buildReference(pdftotext, { alternative })).order, 100);
  });
});

// The reading of scripts/quality/footnote-reading.ts: each page's footnotes after the text they
// interrupt, and the order measure crediting a sentence a page turn cut read whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BoxWord } from '../../scripts/quality/column-reading.ts';
import {
  footnoteWords,
  lastColumnNotes,
  lines,
  notesAfterTextReading,
  pageNumberOffset,
  paragraphEnd,
  repeatedLines,
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
    [
      'superscript digits against the text',
      [...body, ...line(72, 600, '⁶Lesen Sie das Handbuch.', 8)],
      '⁶Lesen Sie das Handbuch.',
    ],
    [
      'a listing set small, its lines numbered, is no note',
      [
        ...body,
        ...line(72, 600, '153 {', 8),
        ...line(72, 610, '154 archive(ibf_vector);', 8),
        ...line(72, 620, '155 archive(next_ibf_id);', 8),
        ...line(72, 630, '156 archive(user_bins);', 8),
        ...line(72, 640, '157 }', 8),
        ...line(72, 650, '158 }', 8),
      ],
      '',
    ],
    [
      'four notes of a line each, numbered on, are notes',
      [
        ...body,
        ...line(72, 600, '1 A note.', 8),
        ...line(72, 610, 'It wraps.', 8),
        ...line(72, 620, '2 Another.', 8),
        ...line(72, 630, '3 A third.', 8),
        ...line(72, 640, '4 A fourth.', 8),
      ],
      '1 A note. It wraps. 2 Another. 3 A third. 4 A fourth.',
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
    [
      'a small line of code a skip over the notes is no note run on',
      [...body, ...line(72, 560, '$ debuild -- clean', 8), ...line(72, 600, '4 Im Gegensatz zum Paket.', 8)],
      true,
      undefined,
      '4 Im Gegensatz zum Paket.',
    ],
    [
      "a note 0.3 of the text's height under a line of the text (DocBook's by dblatex)",
      [...body, ...line(72, 137, '1 Originalautoren können nicht.', 8)],
      false,
      undefined,
      '1 Originalautoren können nicht.',
    ],
  ];
  for (const [name, words, continued, page, want] of cases)
    await t.test(name, () =>
      assert.equal(text(words.filter((w) => footnoteWords(words, 11, continued, { foot: page }).has(w))), want),
    );
});

test("footnoteWords: a slide's footline repeated at other pages' feet is no note", () => {
  const body = [...line(72, 100, FULL), ...line(72, 112, FULL)];
  const foot = 'Campani&Beccari (UFPel/Torino) O Preparador 46/188';
  const words = [...body, ...line(72, 600, '1 O símbolo serve para o espaço.', 8), ...line(72, 640, foot, 7)];
  const feet = repeatedLines([words, [...body, ...line(72, 640, foot.replace('46', '47'), 7)]], 'foot');
  assert.equal(
    text(words.filter((w) => footnoteWords(words, 10, false, { feet }).has(w))),
    '1 O símbolo serve para o espaço.',
  );
  assert.equal(text(words.filter((w) => runningWords(words, 10, { feet }).has(w))), foot);
});

test("pageNumberOffset: the offset from a page's index to the number its foot or head prints, 3 pages or more", async (t) => {
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
      'notes numbered on, one a page, on 3 pages of 20: not a quarter',
      [...Array(17).fill(page(FULL)), page('20 A note.'), page('21 Another.'), page('22 A third.')],
      undefined,
    ],
    [
      "notes' numbers follow no page",
      [page('1 A note.'), page('1 Another.'), page('2 A third.'), page('4 More.')],
      undefined,
    ],
  ];
  for (const [name, pages, want] of cases)
    await t.test(name, () => assert.equal(pageNumberOffset(pages, 'foot'), want));
  const head = (text: string) => [...line(72, 70, text), ...line(72, 100, FULL)];
  const heads = [
    head('18 Escrever Texto'),
    head('2.2 Quebras de Linha e Quebras de Página 19'),
    head('20 Escrever Texto'),
  ];
  await t.test('heads: a long one printing its number counts', () => assert.equal(pageNumberOffset(heads, 'head'), 18));
  await t.test('heads of the same pages read at the foot: none', () =>
    assert.equal(pageNumberOffset(heads, 'foot'), undefined),
  );
});

test('repeatedHeads: top rows of two words or more atop two pages or more, numbers aside, in any order', async (t) => {
  const head = (text: string) => [...line(72, 40, text), ...line(72, 100, FULL)];
  const cases: [string, BoxWord[][], string[]][] = [
    [
      "groff -mom's head, swapped on facing pages",
      [head('CONTROL EQUALS CHAOS Chang, Connors'), head('Chang, Connors CONTROL EQUALS CHAOS')],
      ['CHAOS CONTROL Chang, Connors EQUALS'],
    ],
    ['once is a title', [head('Lake Attica’s Shores'), head('Chapter One')], []],
    ["a chapter's word and number", [head('Capítulo 1'), head('Capítulo 2')], []],
  ];
  for (const [name, pages, want] of cases)
    await t.test(name, () => assert.deepEqual([...repeatedLines(pages, 'head')], want));
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
    [
      'a long head printing the page given',
      [...line(72, 70, '2.2 Quebras de Linha e Quebras de Página 82'), ...body],
      '2.2 Quebras de Linha e Quebras de Página 82',
    ],
    [
      'a long head printing another number',
      [...line(72, 70, '2.2 Quebras de Linha e Quebras de Página 19'), ...body],
      '',
    ],
    [
      'a head repeated atop another page',
      [...line(72, 70, 'Chang, Connors CONTROL EQUALS CHAOS'), ...body],
      'Chang, Connors CONTROL EQUALS CHAOS',
    ],
    [
      'a repeated head with no skip under it is text',
      [...line(72, 92, 'Chang, Connors CONTROL EQUALS CHAOS'), ...body],
      '',
    ],
  ];
  const running = { head: 82, foot: 82, heads: new Set(['CHAOS CONTROL Chang, Connors EQUALS']) };
  for (const [name, words, want] of cases)
    await t.test(name, () => assert.equal(text(words.filter((w) => runningWords(words, 10, running).has(w))), want));
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
    [
      'a full last line over a skip: a heading after it',
      [...line(72, 100, FULL), ...line(72, 112, `${FULL}.`), ...line(72, 140, '2.5.2 Suporte para Português')],
      22,
    ],
    [
      'the next line lower, no skip: the paragraph goes on',
      [...line(72, 100, FULL), ...line(72, 112, FULL), ...line(72, 124, 'ends here.'), ...line(72, 136, FULL)],
      24,
    ],
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
  await t.test("a page opening a new paragraph or a chapter: the notes stay at their page's end", () =>
    assert.equal(
      notesAfterTextReading([page1, [...line(72, 100, 'Bau des Pakets'), ...line(72, 140, FULL)]]),
      `${FULL}\nexamples in footnotes get a\n1 The package has a long history.\n\fBau des Pakets\n${FULL}\n`,
    ),
  );
  await t.test('the order measure credits the joined sentence with the reading, not without', () => {
    const pdftotext = `${FULL}\nexamples in footnotes get a\n\n1 The package has a long history.\n\fdifferent numbering.\n\n${FULL}\n`;
    const chunks = [`examples in footnotes get a different numbering.\n\n1 The package has a long history.\n\n${FULL}`];
    const alternative = notesAfterTextReading([page1, page2]);
    assert.ok(readingOrder(chunks, buildReference(pdftotext)).order < 90);
    assert.equal(readingOrder(chunks, buildReference(pdftotext, { alternative })).order, 100);
  });
});

test("lastColumnNotes: a two-column page's last column of notes, else all of them", async (t) => {
  const text2 = [...line(72, 100, 'left column text'), ...line(320, 100, 'right column text')];
  const cases: [string, BoxWord[], string][] = [
    [
      'notes in two columns: the right one',
      [...line(72, 600, '*Clita ipsum.', 8), ...line(320, 600, '‡Takimata sadipscing.', 8)],
      '‡Takimata sadipscing.',
    ],
    ["a note's line across the middle: all", line(72, 600, `1 ${FULL} ${FULL}`, 8), `1 ${FULL} ${FULL}`],
    ['one short note left of the middle: all', line(72, 600, '2 A note.', 8), '2 A note.'],
  ];
  for (const [name, notes, want] of cases)
    await t.test(name, () => assert.equal(text(lastColumnNotes(notes, [...text2, ...notes])), want));
});

test("notesAfterTextReading, lastColumn: the first column's notes stay at their page's end", () => {
  const page1 = [
    ...line(72, 100, 'left column text runs'),
    ...line(320, 100, 'right column text runs'),
    ...line(72, 112, 'left column ends.'),
    ...line(320, 112, 'right column goes on at vero'),
    ...line(72, 600, '*Clita ipsum.', 8),
    ...line(320, 600, '‡Takimata sadipscing.', 8),
  ];
  const page2 = [...line(72, 100, 'eos et accusam.'), ...line(72, 112, FULL)];
  const reading = notesAfterTextReading([page1, page2], true).split('\f');
  assert.ok(reading[0]!.endsWith('*Clita ipsum.\n'));
  assert.equal(reading[1], `eos et accusam.\n‡Takimata sadipscing.\n${FULL}\n`);
});

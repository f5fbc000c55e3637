import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  alternates,
  buildLines,
  geometricLines,
  isWordGap,
  streamVerdict,
  type RawItem,
} from '../../../../src/documents/formats/pdf/layout.ts';
import { streamLines } from '../../../../src/documents/formats/pdf/stream.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';
import { item } from '../../helpers/raw-items.ts';

test('two columns written line by line across both columns are read column by column', () => {
  const items: RawItem[] = [];
  for (let i = 0; i < 6; i++) {
    items.push(item(`Left column sentence number ${i}`, 72, 700 - i * 12));
    items.push(item(`Right column sentence number ${i}`, 320, 700 - i * 12));
  }
  const lines = buildLines(items).map((l) => l.text);
  assert.deepEqual(
    lines.slice(0, 6),
    [0, 1, 2, 3, 4, 5].map((i) => `Left column sentence number ${i}`),
  );
  assert.deepEqual(
    lines.slice(6),
    [0, 1, 2, 3, 4, 5].map((i) => `Right column sentence number ${i}`),
  );
});

test('two columns on staggered baselines are read column by column', () => {
  const items: RawItem[] = [];
  for (let i = 0; i < 6; i++) {
    items.push(item(`left ${i} words words words`, 72, 700 - i * 12));
    items.push(item(`right ${i} words words words`, 320, 704 - i * 12));
  }
  const lines = buildLines(items).map((l) => l.text.split(' ')[0]);
  assert.deepEqual(lines, [...Array(6).fill('left'), ...Array(6).fill('right')]);
});

test('a contents line keeps its page number on the same line', () => {
  const items = [0, 1, 2, 3].flatMap((i) => [
    item(`Entry title number ${i}`, 57, 700 - i * 14),
    item(`${i + 3}`, 531, 700 - i * 14),
  ]);
  assert.deepEqual(
    buildLines(items).map((l) => l.text),
    [0, 1, 2, 3].map((i) => `Entry title number ${i} ${i + 3}`),
  );
});

test('a word in another font after a narrow gap that a space item fills keeps its space', () => {
  // Ghostscript's output of a tight justified line: "\exhyphenpenalty" in a typewriter font, a
  // space item of 0.125 em, the running text.
  const lines = buildLines([
    item('parametrowi', 66, 700, { width: 50 }),
    item(' ', 116, 700, { width: 1.8 }),
    item('\\exhyphenpenalty', 117.8, 700, { width: 84, font: 'tt', mono: true }),
    item(' ', 201.8, 700, { width: 1.25, font: 'tt', mono: true }),
    item('przypisuję', 203.05, 700, { width: 45 }),
    item('wart', 251.05, 700, { width: 20 }),
    item('ość', 271.3, 700, { width: 15 }),
  ]);
  assert.equal(lines[0]!.text, 'parametrowi \\exhyphenpenalty przypisuję wartość');
});

test('items drawn with a gap and no space glyph get a space; kerned parts do not', () => {
  const lines = buildLines([
    item('The', 72, 700, { width: 15 }),
    item('quick', 90, 700, { width: 25 }),
    item('ness', 115.2, 700, { width: 20 }),
  ]);
  assert.equal(lines[0]!.text, 'The quickness');
});

test('buildLines: a gap after a smaller word is judged by the smaller size', async (t) => {
  // A chess board's rank digit (8.3 pt) 2.7 pt before its row (15.6 pt): a word space of the
  // digit's size (0.33 em), a kern of the row's (0.17 em).
  for (const [name, gap, want] of [
    ['a word space of the smaller size', 2.71, '8 Rank'],
    ['a kern of both sizes', 1.2, '8Rank'],
  ] as const)
    await t.test(name, () => {
      const lines = buildLines([
        item('8', 200.58, 704.74, { width: 4.41, size: 8.3 }),
        item('Rank', 204.99 + gap, 700, { width: 40, size: 15.56 }),
      ]);
      assert.equal(lines[0]!.text, want);
    });
  await t.test('a sign after a smaller word: judged by its own size, as before', () => {
    // gri: a subscript y (7 pt) 1.5 pt before a full-size period: "Ly.", not "Ly .".
    const lines = buildLines([
      item('L', 100, 700, { width: 6 }),
      item('y', 106, 698, { width: 3.5, size: 7 }),
      item('.', 111, 700, { width: 2.8 }),
    ]);
    assert.equal(lines[0]!.text, 'Ly.');
  });
  await t.test('after a larger word, as before: the smaller size', () => {
    const lines = buildLines([
      item('Rank', 100, 700, { width: 40, size: 15.56 }),
      item('8', 141.5, 700, { size: 8.3 }),
    ]);
    assert.equal(lines[0]!.text, 'Rank 8');
  });
});

test('isWordGap: a narrow gap is a word space where pdf.js drew a space item over it', async (t) => {
  const cases: [string, number, number, [number, number][], boolean][] = [
    ['a gap wider than 0.18 em', 100, 102, [], true],
    ['a narrow gap without a space item: a kern or a font change inside a word', 100, 101.66, [], false],
    [
      'the same gap under a space item (tight justified line, the next word in typewriter)',
      100,
      101.66,
      [[100, 101.66]],
      true,
    ],
    ['a space item elsewhere on the line', 100, 101.66, [[200, 201.66]], false],
    ['a kern under a space item is still no space', 100, 100.5, [[100, 100.5]], false],
  ];
  for (const [name, a, b, spaces, want] of cases)
    await t.test(name, () => assert.equal(isWordGap(a, b, 10, spaces), want));
});

test('a word in another font after a narrow space item is its own word', () => {
  const lines = buildLines([
    item('l’obtenir avec', 56.69, 519, { width: 54.22 }),
    item(' ', 110.91, 519, { width: 1.66 }),
    item('git clone', 112.57, 519, { width: 53.8, font: 'tt', mono: true }),
    item(',', 166.37, 519, { width: 2.49 }),
  ]);
  assert.equal(lines[0]!.text, 'l’obtenir avec git clone,');
});

test("a factor after TeX's subscript is a word of its own, the subscript stays with its letter", () => {
  // glpk: x_m = a_{m1} x_{m+1} + ... + a_{mn} x_{m+n}, the indexes 1.6 pt down in a 7.97 pt font
  const lines = buildLines([
    item('+', 355.24, 288.62, { width: 8.49, size: 10.91 }),
    item('a', 366.15, 288.62, { width: 5.77, size: 10.91 }),
    item('mn', 371.92, 286.99, { width: 12.63, size: 7.97 }),
    item('x', 385.04, 288.62, { width: 6.23, size: 10.91 }),
    item('m', 391.28, 286.99, { width: 7.49, size: 7.97 }),
    item('+', 398.77, 286.99, { width: 6.59, size: 7.97 }),
    item('n', 405.36, 286.99, { width: 5, size: 7.97 }),
    item(',', 410.6, 288.62, { width: 3, size: 10.91 }),
  ]);
  assert.equal(lines[0]!.text, '+ amn xm+n,');
});

test("an exponent set in several fonts is one word; a script stays apart from the baseline's words", () => {
  // cursolatex (beamer): e^{-\alpha t} x_1, the exponent's sign, Greek letter and letter drawn
  // in three fonts one after the other, 4.5 pt up in a 7.97 pt font; pdftotext reads "e −αt x1,".
  const lines = buildLines([
    item('e', 89.59, 141.99, { width: 5.01, size: 10.91 }),
    item('−', 94.99, 146.49, { width: 6.59, size: 7.97, font: 'sy' }),
    item('α', 101.58, 146.49, { width: 5.44, size: 7.97, font: 'mi' }),
    item('t', 107.02, 146.49, { width: 2.84, size: 7.97, font: 'it' }),
    item('x', 121.76, 141.99, { width: 5.06, size: 10.91 }),
    item('1', 126.83, 140.35, { width: 4.23, size: 7.97 }),
    item(',', 131.56, 141.99, { width: 3.03, size: 10.91 }),
  ]);
  assert.equal(lines[0]!.text, 'e −αt x1,');
});

test("a beamer item's icon, larger and lower than its text, leaves the text its baseline: the logo's raised A stays on it", () => {
  // formation-latex-ul p. 24: FontAwesome's "b" (24.79 pt), then the 9.96 pt text 14 pt higher,
  // the LaTeX logo's A raised and smaller, its E lowered.
  const lines = buildLines([
    item('b', 43.64, 117.51, { width: 17.03, size: 24.79, font: 'fa' }),
    item('Utilisez impérativement les commandes L', 83.94, 131.68, { width: 190.81, size: 9.96 }),
    item('A', 271.17, 133.33, { width: 4.33, size: 7.57 }),
    item('T', 274.0, 131.68, { width: 3.44, size: 9.96 }),
    item('E', 277.44, 129.06, { width: 4.04, size: 9.96 }),
    item('X pour identifier les différentes', 281.48, 131.68, { width: 143.72, size: 9.96 }),
    item('parties (la structure) d’un document.', 83.94, 117.93, { width: 165.15, size: 9.96 }),
  ]);
  assert.deepEqual(
    lines.map((l) => l.text),
    [
      'b Utilisez impérativement les commandes LATEX pour identifier les différentes',
      'parties (la structure) d’un document.',
    ],
  );
});

test("a board's file letters under its last rank stay words: set apart, they are no one script", () => {
  // cursolatex (skak): the letters 8.4 pt under the rank's 15.56 pt glyphs, scripts of its line.
  const items: RawItem[] = [
    item('1', 200.58, 71.01, { width: 4.41, size: 8.3 }),
    item('SNAQJ0ZR', 207.7, 66.14, { width: 124.96, size: 15.56, mono: true, font: 'tt' }),
  ];
  for (const [i, c] of [...'abcd'].entries()) items.push(item(c, 214.08 + i * 15.4, 57.76, { width: 4.3, size: 8.3 }));
  // The rank's digit, 2.7 pt before the row (a word space of its own 8.3 pt), a word of its own too.
  assert.equal(buildLines(items)[0]!.text, '1 SNAQJ0ZR a b c d');
});

test("a line's first and last words in another font than most of it are said (the line-end hyphen rule)", () => {
  const [a, b] = buildLines([
    item('func=detail&aid=743134&group_id=5511&atid=105511', 111.6, 593, { width: 274.9, mono: true, font: 'tt' }),
    item(') . . . bounding box not lim-', 386.5, 593, { width: 135.5 }),
    item('ited by', 111.6, 581, { width: 33.3 }),
    item('set clip postscript', 148.6, 581, { width: 104.6, mono: true, font: 'tt' }),
  ]);
  assert.deepEqual(
    [a!.mono, a!.monoStart, a!.monoEnd, b!.mono, b!.monoStart, b!.monoEnd],
    [true, undefined, false, true, false, undefined],
  );
});

// A two-column page as LaTeX draws it: a full-width float at the top first, then the left
// column (a line with a typewriter word, a display equation centred in the column, with a
// superscript), then the right column; the rows of the two columns share their baselines.
function latexTwoColumnPage(): { items: RawItem[]; expected: string[] } {
  const items: RawItem[] = [];
  const expected: string[] = [];
  items.push(item('Figure 1: A full-width float spanning both columns of the page', 72, 740, { width: 400 }));
  expected.push('Figure 1: A full-width float spanning both columns of the page');
  const left = [
    'The annual review of every claim is',
    'made by the network office, which',
    null, // a line with a typewriter word
    'of each provider and each hospital.',
    null, // a display equation
    'where every term is an account total',
    'reported to the department head.',
  ];
  left.forEach((t, i) => {
    const y = 700 - i * 12;
    if (i === 2) {
      items.push(item('keeps the', 72, y, { width: 45 }));
      items.push(item('\\records', 120, y, { width: 40, font: 'tt', mono: true }));
      items.push(item('macro of it', 163, y, { width: 55 }));
      expected.push('keeps the \\records macro of it');
    } else if (i === 4) {
      items.push(item('x = a', 130, y, { width: 25 }));
      items.push(item('2', 155.5, y + 4, { width: 3.5, size: 7 }));
      items.push(item('+', 170, y, { width: 5 }));
      items.push(item('b', 185, y, { width: 5 }));
      expected.push('x = a 2 + b');
    } else {
      items.push(item(t!, 72, y, { width: 170 }));
      expected.push(t!);
    }
  });
  const right = [
    'Each premium is listed with the',
    'deductible of the same account, so',
    'that a treatment in an emergency',
    'service is covered by the policy',
    'without any further requirement or',
    'prescription from the office.',
    'The schedule is revised each year.',
  ];
  right.forEach((t, i) => {
    items.push(item(t, 262, 700 - i * 12, { width: 170 }));
    expected.push(t);
  });
  return { items, expected };
}

test('a two-column page drawn column by column keeps its column order through a typewriter word, a display equation and a full-width float', () => {
  const { items, expected } = latexTwoColumnPage();
  assert.deepEqual(
    buildLines(items).map((l) => l.text),
    expected,
  );
});

test('a three-column page drawn column by column is read column by column', () => {
  const items: RawItem[] = [];
  const expected: string[] = [];
  for (const [c, x] of [72, 242, 412].entries())
    for (let i = 0; i < 8; i++) {
      const t = `column ${c} line ${i} of the reference card`;
      items.push(item(t, x, 700 - i * 11, { width: 150 }));
      expected.push(t);
    }
  assert.deepEqual(
    buildLines(items).map((l) => l.text),
    expected,
  );
});

test('a table drawn row by row keeps each row on one line', () => {
  const items = [0, 1, 2, 3, 4].flatMap((i) => [
    item(`option${i}`, 72, 700 - i * 12),
    item(`integer`, 200, 700 - i * 12),
    item(`sets the value of the ${i}th parameter of the solver`, 300, 700 - i * 12),
  ]);
  assert.deepEqual(
    buildLines(items).map((l) => l.text),
    [0, 1, 2, 3, 4].map((i) => `option${i} integer sets the value of the ${i}th parameter of the solver`),
  );
});

test('a right-aligned tag drawn before its line joins it, in x order', () => {
  assert.deepEqual(
    buildLines([item('[Function]', 480, 700), item('void mpfr_init2 (mpfr_t x, mpfr_prec_t prec)', 72, 700)]).map(
      (l) => l.text,
    ),
    ['void mpfr_init2 (mpfr_t x, mpfr_prec_t prec) [Function]'],
  );
});

test('a word printed twice for fake bold is read once', () => {
  assert.deepEqual(
    buildLines([
      item('SAMPLE', 72, 700),
      item('SAMPLE', 72.5, 700),
      item('DOCUMENTS', 110, 700),
      item('DOCUMENTS', 110.5, 700),
    ]).map((l) => l.text),
    ['SAMPLE DOCUMENTS'],
  );
});

const sLine = (text: string, x: number, y: number, width = text.length * 5): TextLine => ({
  text,
  x,
  xEnd: x + width,
  y,
  size: 10,
  font: 'f',
  mono: false,
});

for (const c of [
  {
    name: 'two columns on their own baselines, alternating line by line',
    lines: [0, 1, 2, 3, 4, 5].flatMap((i) => [
      sLine(`left column text line ${i}`, 72, 700 - i * 12),
      sLine(`right column text line ${i}`, 320, 704 - i * 12),
    ]),
    alternates: true,
  },
  {
    name: 'a table whose description cells wrap (several lines on one side in a row)',
    lines: [0, 1, 2].flatMap((i) => [
      sLine(`TexInputs Directories ${i}`, 72, 700 - i * 36),
      sLine('Defines extra path to add to the', 320, 700 - i * 36),
      sLine('TEXINPUTS variable when compiling', 320, 688 - i * 36),
      sLine('each file of the document set', 320, 676 - i * 36),
    ]),
    alternates: false,
  },
  {
    name: 'short cells alternating (a two-column table)',
    lines: [0, 1, 2, 3, 4, 5].flatMap((i) => [sLine(`key${i}`, 72, 700 - i * 12), sLine(`v${i}`, 320, 704 - i * 12)]),
    alternates: false,
  },
]) {
  test(`alternates: ${c.name}`, () => assert.equal(alternates(c.lines), c.alternates));
}

const asStream = (items: RawItem[]) => {
  const stream = streamLines(items);
  return streamVerdict(
    stream,
    stream.map((l) => sLine(l.items.map((i) => i.str).join(' '), l.x, l.y, l.xEnd - l.x)),
  );
};

for (const c of [
  { name: 'a LaTeX two-column page', items: latexTwoColumnPage().items, verdict: 'ordered' },
  {
    name: 'rows drawn across both columns',
    items: [0, 1, 2, 3, 4, 5].flatMap((i) => [
      item(`Left column sentence number ${i}`, 72, 700 - i * 12, { width: 160 }),
      item(`Right column sentence number ${i}`, 320, 700 - i * 12, { width: 160 }),
    ]),
    verdict: 'across-gutter',
  },
  {
    name: 'columns on staggered baselines drawn line by line',
    items: [0, 1, 2, 3, 4, 5].flatMap((i) => [
      item(`left ${i} words words words`, 72, 700 - i * 12),
      item(`right ${i} words words words`, 320, 704 - i * 12),
    ]),
    verdict: 'alternating',
  },
  {
    name: 'a page drawn bottom up',
    items: [0, 1, 2, 3, 4, 5].map((i) => item(`line ${i} of a page drawn from its foot`, 72, 640 + i * 12)),
    verdict: 'wandering',
  },
]) {
  test(`streamVerdict: ${c.name}`, () => assert.equal(asStream(c.items), c.verdict));
}

test('geometry: rows drawn across two columns are read column by column through a line opening on a typewriter word', () => {
  const items: RawItem[] = [];
  for (let i = 0; i < 6; i++) {
    if (i === 2) {
      items.push(item('\\DocumentMetadata', 72, 700 - i * 12, { width: 85, font: 'tt', mono: true }));
      items.push(item('takes a key list', 160, 700 - i * 12, { width: 80 }));
    } else items.push(item(`Left column sentence number ${i}`, 72, 700 - i * 12, { width: 168 }));
    items.push(item(`Right column sentence number ${i}`, 320, 700 - i * 12, { width: 168 }));
  }
  const lines = geometricLines(items).map((l) => l.text);
  assert.deepEqual(lines, [
    ...[0, 1].map((i) => `Left column sentence number ${i}`),
    '\\DocumentMetadata takes a key list',
    ...[3, 4, 5].map((i) => `Left column sentence number ${i}`),
    ...[0, 1, 2, 3, 4, 5].map((i) => `Right column sentence number ${i}`),
  ]);
});

test('geometry: code with aligned comments is not read as two columns', () => {
  const items: RawItem[] = [];
  for (let i = 0; i < 5; i++) {
    items.push(item(`mpfr_mul (t, t, x${i}, MPFR_RNDN);`, 72, 700 - i * 12, { font: 'tt', mono: true }));
    items.push(item(`/* t is correct to ${i} bits */`, 300, 700 - i * 12, { font: 'tt', mono: true }));
  }
  assert.deepEqual(
    geometricLines(items).map((l) => l.text),
    [0, 1, 2, 3, 4].map((i) => `mpfr_mul (t, t, x${i}, MPFR_RNDN); /* t is correct to ${i} bits */`),
  );
});

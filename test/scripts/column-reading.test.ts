// The column-aware reference reading of scripts/quality/column-reading.ts and its use by the
// reading-order measure: small synthetic pages of word boxes, one test per case.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  type BoxWord,
  columnParts,
  columnReading,
  pageReading,
  pageRows,
  parseBbox,
  sideRegionReadings,
  stackedReadings,
  fullSize,
  scriptRow,
  stackOrder,
  stackText,
  tableCells,
  touchingWordsJoined,
  uprightWords,
} from '../../scripts/quality/column-reading.ts';
import { buildReference, keptChainHyphens, readingOrder } from '../../scripts/quality/measures.ts';

/** A line of words set from x at baseline row y (10 pt high), each word 6 pt a letter, 4 pt spaces. */
function line(x: number, y: number, text: string): BoxWord[] {
  const out: BoxWord[] = [];
  for (const t of text.split(' ')) {
    out.push({ x0: x, y0: y, x1: x + 6 * t.length, y1: y + 10, text: t });
    x += 6 * t.length + 4;
  }
  return out;
}

/** Lines one under the other, 12 pt apart, from (x, y). */
const column = (x: number, y: number, lines: string[]): BoxWord[] => lines.flatMap((l, i) => line(x, y + 12 * i, l));

/** Lines of words `size` pt high, `pitch` pt apart, from (x, y); each word 0.6 size a letter, 0.4 size spaces. */
function spaced(x: number, y: number, pitch: number, size: number, lines: string[]): BoxWord[] {
  return lines.flatMap((l, i) => {
    const out: BoxWord[] = [];
    let at = x;
    for (const t of l.split(' ')) {
      out.push({ x0: at, y0: y + pitch * i, x1: at + 0.6 * size * t.length, y1: y + pitch * i + size, text: t });
      at += 0.6 * size * t.length + 0.4 * size;
    }
    return out;
  });
}

const OUTPUT = ['Lists:', '• With itemize the', 'items ...', '• Lists nest:', '– The deepest ...', '• and so on.'];
const SOURCE = [
  'Lists:',
  '\\begin{itemize}',
  '\\item With \\texttt{itemize}',
  'the items ...',
  '\\item Lists nest:',
  '\\begin{itemize}',
  '\\item The deepest ...',
  '\\end{itemize}',
];

const EQUATIONS = [
  'x1 = a11 + a12',
  'x2 = a21 + a22',
  'x3 = a31 + a32',
  'y1 = b11 + b12',
  'y2 = b21 + b22',
  'y3 = b31 + b32',
  'z1 = c11 + c12',
  'z2 = c21 + c22',
  'z3 = c31 + c32',
];

const LEFT = ['aa bb cc dd ee ff gg', 'hh ii jj kk ll mm nn', 'oo pp qq rr ss tt uu', 'vv ww xx yy zz ab ac'];
const RIGHT = ['ba bc bd be bf bg bh', 'bi bj bk bl bm bn bo', 'bp bq br bs bt bu bv', 'bw bx by bz ca cb cc'];

describe('parseBbox', () => {
  const xhtml =
    '<doc>\n  <page width="612" height="792">\n' +
    '    <word xMin="10.5" yMin="20" xMax="30" yMax="30">R&amp;D</word>\n' +
    '    <word xMin="34" yMin="20" xMax="50" yMax="30">&lt;x&gt;</word>\n' +
    '  </page>\n  <page width="612" height="792">\n  </page>\n  <page width="612" height="792">\n' +
    '    <word xMin="1" yMin="2" xMax="3" yMax="4">caf&#233;</word>\n  </page>\n</doc>';
  const cases: [string, number, BoxWord[]][] = [
    [
      'words with boxes, entities decoded',
      0,
      [
        { x0: 10.5, y0: 20, x1: 30, y1: 30, text: 'R&D' },
        { x0: 34, y0: 20, x1: 50, y1: 30, text: '<x>' },
      ],
    ],
    ['an empty page stays a page', 1, []],
    ['numeric entity', 2, [{ x0: 1, y0: 2, x1: 3, y1: 4, text: 'café' }]],
  ];
  const pages = parseBbox(xhtml);
  test('three pages', () => assert.equal(pages.length, 3));
  for (const [name, n, want] of cases) test(name, () => assert.deepEqual(pages[n], want));
});

describe('pageRows', () => {
  const text = (rows: BoxWord[][]) => rows.map((r) => r.map((w) => w.text).join(' '));
  const cases: [string, BoxWord[], string[]][] = [
    ['lines top to bottom, words left to right', [...line(10, 24, 'c d'), ...line(10, 12, 'a b')], ['a b', 'c d']],
    [
      'a superscript stays on its line',
      [...line(10, 12, 'x plus'), { x0: 17, y0: 9, x1: 20, y1: 16, text: '2' }, ...line(10, 24, 'next')],
      ['x 2 plus', 'next'],
    ],
    ['a word a line lower starts a row', [...line(10, 12, 'a'), ...line(40, 18, 'b')], ['a', 'b']],
  ];
  for (const [name, words, want] of cases) test(name, () => assert.deepEqual(text(pageRows(words)), want));
});

/**
 * A line of a page set sideways, as pdftotext boxes it: each word's box 10 pt wide at x and 6 pt a
 * letter tall, the words one above the other from y up the page (`up`) or down it, in that order.
 */
function turnedLine(x: number, y: number, text: string, up: boolean): BoxWord[] {
  const out: BoxWord[] = [];
  for (const t of text.split(' ')) {
    const h = 6 * t.length;
    out.push(up ? { x0: x, y0: y - h, x1: x + 10, y1: y, text: t } : { x0: x, y0: y, x1: x + 10, y1: y + h, text: t });
    y += up ? -(h + 4) : h + 4;
  }
  return out;
}

describe('uprightWords', () => {
  const cases: [string, BoxWord[], string][] = [
    [
      'a page turned counter-clockwise: its lines run up the page, the next one to the right',
      [
        ...turnedLine(100, 500, 'No. Row name Activity', true),
        ...turnedLine(112, 500, 'one VALUE 296.21661', true),
        ...turnedLine(124, 500, 'two YIELD 2000.0000', true),
      ],
      'No. Row name Activity\none VALUE 296.21661\ntwo YIELD 2000.0000',
    ],
    [
      'a page turned clockwise: its lines run down the page, the next one to the left',
      [...turnedLine(500, 100, 'the first turned line', false), ...turnedLine(488, 100, 'and the second one', false)],
      'the first turned line\nand the second one',
    ],
    [
      'an upright page with a turned axis label is left as it is',
      [
        ...line(72, 100, 'upright text of the page'),
        ...line(72, 112, 'and its second line'),
        ...turnedLine(40, 300, 'label', true),
      ],
      'upright text of the page\nand its second line\nlabel',
    ],
  ];
  for (const [name, words, want] of cases) test(name, () => assert.equal(pageReading(uprightWords(words)), want));
});

describe('pageReading', () => {
  const cases: [string, BoxWord[], string][] = [
    ['one column: its lines in order', column(10, 10, LEFT.slice(0, 2)), LEFT.slice(0, 2).join('\n')],
    [
      'two columns of prose: the left column, then the right one',
      [...column(10, 10, LEFT), ...column(200, 10, RIGHT)],
      [...LEFT, ...RIGHT].join('\n'),
    ],
    [
      'two columns under a full-width title: the title first',
      [
        ...line(10, 0, 'title words spanning both of the columns here and more words to fill'),
        ...column(10, 12, LEFT),
        ...column(200, 12, RIGHT),
      ],
      ['title words spanning both of the columns here and more words to fill', ...LEFT, ...RIGHT].join('\n'),
    ],
    [
      'columns whose lines are not on the same baselines',
      [...column(10, 10, LEFT), ...column(200, 16, RIGHT)],
      [...LEFT, ...RIGHT].join('\n'),
    ],
    [
      'a full-width float between two column runs ends the first run',
      [
        ...column(10, 10, LEFT.slice(0, 3)),
        ...column(200, 10, RIGHT.slice(0, 3)),
        ...line(10, 46, 'figure caption set across the whole page width with many words'),
        ...column(10, 58, LEFT.slice(3).concat(LEFT.slice(0, 2))),
        ...column(200, 58, RIGHT.slice(3).concat(RIGHT.slice(0, 2))),
      ],
      [
        ...LEFT.slice(0, 3),
        ...RIGHT.slice(0, 3),
        'figure caption set across the whole page width with many words',
        ...LEFT.slice(3),
        ...LEFT.slice(0, 2),
        ...RIGHT.slice(3),
        ...RIGHT.slice(0, 2),
      ].join('\n'),
    ],
    [
      'a table of names and descriptions: each row kept whole',
      [
        ...line(10, 10, 'begin'),
        ...line(80, 10, 'Begin a new block of statements here'),
        ...line(10, 22, 'end'),
        ...line(80, 22, 'End the block that begin opened'),
        ...line(10, 34, 'if'),
        ...line(80, 34, 'Run the next block only when true'),
      ],
      'begin Begin a new block of statements here\nend End the block that begin opened\nif Run the next block only when true',
    ],
    [
      'code with a comment beside each line: each line kept whole',
      [
        ...line(10, 10, 'int *named;'),
        ...line(150, 10, '/* The named color profile of the device */'),
        ...line(10, 22, 'char *name;'),
        ...line(150, 22, '/* The name the device is known by here */'),
        ...line(10, 34, 'int count;'),
        ...line(150, 34, '/* How many profiles the device has got */'),
      ],
      'int *named; /* The named color profile of the device */\n' +
        'char *name; /* The name the device is known by here */\n' +
        'int count; /* How many profiles the device has got */',
    ],
    [
      'a margin note beside prose stays on its row',
      [...line(10, 10, 'Note'), ...column(80, 10, LEFT.slice(0, 3))],
      [`Note ${LEFT[0]}`, LEFT[1], LEFT[2]].join('\n'),
    ],
    [
      'three columns of prose',
      [...column(10, 10, LEFT), ...column(200, 10, RIGHT), ...column(390, 10, LEFT.slice(0, 3))],
      [...LEFT, ...RIGHT, ...LEFT.slice(0, 3)].join('\n'),
    ],
    [
      'overlapping boxes join without a space',
      [
        { x0: 10, y0: 10, x1: 20, y1: 20, text: 'L' },
        { x0: 16, y0: 10, x1: 24, y1: 18, text: 'A' },
        { x0: 22, y0: 10, x1: 40, y1: 20, text: 'TEX' },
        ...line(44, 10, 'News'),
      ],
      'LATEX News',
    ],
    [
      'a LaTeX example: its output beside its source, set smaller on a closer pitch, read block by block',
      // The output at 10 pt on a 13.5 pt pitch, the source at 8 pt on a 10.5 pt pitch: three of
      // the output's six lines meet a source line by chance (within a quarter height), three do not.
      [...spaced(10, 10, 13.5, 10, OUTPUT), ...spaced(200, 0.5, 10.5, 8, SOURCE)],
      [...OUTPUT, ...SOURCE].join('\n'),
    ],
    [
      'three equation numbers beside nine lines of a display: not a block of a size, rows kept',
      [...spaced(10, 10, 12, 10, EQUATIONS), ...spaced(200, 10, 13.5, 10, ['(1.1)', '(1.2)', '(1.3)'])],
      [...EQUATIONS.slice(0, 3).map((e, i) => `${e} (1.${i + 1})`), ...EQUATIONS.slice(3)].join('\n'),
    ],
    [
      'a table whose short cells are centred between the lines of wrapped ones: rows kept, one pitch',
      [
        ...spaced(10, 16, 24, 10, ['Yes', 'No', 'Yes']),
        ...spaced(80, 10, 12, 10, ['No password when', 'opening the file.', 'A password when', 'opening the file.']),
        ...spaced(80, 58, 12, 10, ['Both passwords', 'are needed.']),
      ],
      [
        'No password when',
        'Yes',
        'opening the file.',
        'A password when',
        'No',
        'opening the file.',
        'Both passwords',
        'Yes',
        'are needed.',
      ].join('\n'),
    ],
    [
      "a table whose descriptions wrap: each name stays with its description's first line",
      [
        ...line(10, 10, 'begin'),
        ...column(80, 10, ['Begin a new block', 'of statements']),
        ...line(10, 34, 'end'),
        ...column(80, 34, ['End the block', 'that begin opened']),
        ...line(10, 58, 'if'),
        ...column(80, 58, ['Run the next block', 'only when true']),
      ],
      [
        'begin Begin a new block',
        'of statements',
        'end End the block',
        'that begin opened',
        'if Run the next block',
        'only when true',
      ].join('\n'),
    ],
    [
      'a table with the same pitch both sides and one row off its line: rows kept',
      [
        ...spaced(10, 10, 12, 10, ['aa', 'bb', 'cc', 'dd']),
        ...spaced(80, 10, 12, 10, ['one two', 'three four']),
        ...line(80, 38, 'five six'),
        ...line(80, 46, 'seven'),
      ],
      ['aa one two', 'bb three four', 'cc five six', 'dd seven'].join('\n'),
    ],
    [
      'two columns under a caption narrower than the page, the right one a line higher: the caption, then each column',
      // The caption leaves the page's margins free, so a run opened by it takes the right column's
      // first lines in; the gutter opens only when the left column starts.
      [...line(100, 0, 'Figure 1: caption'), ...column(200, 12, RIGHT), ...column(10, 30, LEFT)],
      ['Figure 1: caption', ...LEFT, ...RIGHT].join('\n'),
    ],
    ['no words: nothing', [], ''],
  ];
  for (const [name, words, want] of cases) test(name, () => assert.equal(pageReading(words), want));
  test('a page of 200000 words reads without overflowing the call stack', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => ({ x0: i * 10, y0: 0, x1: i * 10 + 6, y1: 10, text: 'w' }));
    assert.equal(pageReading(many).length, 2 * 200_000 - 1);
  });
  test('pages apart at form feeds', () =>
    assert.equal(columnReading([line(10, 10, 'a b'), line(10, 10, 'c d')]), 'a b\n\fc d'));
});

describe('pageReading with tails: columns of their own under a full-width block', () => {
  // moderntimeline: a package's last listing lines across the page, then the change history in two
  // columns; a number at the page's foot right of both kept one band free down the page, so the
  // history's rows stayed in the listing's run and were read across the columns.
  const CODE = ['\\newcommand{\\tlx}{% set across most of the page', '\\def\\tl@x{#1} and more code words here', '}'];
  const page = [...column(10, 10, CODE), ...column(10, 46, LEFT), ...column(200, 46, RIGHT), ...line(520, 100, '11')];
  test('without tails: the columns read row by row, as one run with the listing', () =>
    assert.equal(pageReading(page), [...CODE, ...LEFT.flatMap((l, i) => [`${l} ${RIGHT[i]}`]), '11'].join('\n')));
  test('with tails: the listing, then the left column, then the right one', () =>
    assert.equal(pageReading(page, false, true), [...CODE, ...LEFT, ...RIGHT, '11'].join('\n')));
  test('with tails, a page without such a tail reads as without', () => {
    const plain = [...column(10, 10, LEFT), ...column(200, 10, RIGHT)];
    assert.equal(pageReading(plain, false, true), pageReading(plain));
  });
});

describe('tableCells and the reading with cells: a table row read a cell whole after the other', () => {
  // dblatex's table: the wrapped description centred on its row, 6 pt above and below the others.
  const centred = [
    ...line(10, 0, 'Keyword'),
    ...line(100, 0, 'Value'),
    ...line(200, 0, 'Description'),
    ...line(200, 12, 'Defines extra path'),
    ...line(10, 18, 'TexInputs'),
    ...line(100, 18, 'Directories'),
    ...line(200, 24, 'TEXINPUTS'),
    ...line(200, 36, 'Defines the style'),
    ...line(10, 42, 'TexStyle'),
    ...line(100, 42, 'Package'),
    ...line(200, 48, 'to use.'),
  ];
  const wanted = [
    'Keyword Value Description',
    'TexInputs Directories Defines extra path TEXINPUTS',
    'TexStyle Package Defines the style to use.',
  ];
  const cases: [string, BoxWord[], string[]][] = [
    ["a wrapped cell centred on its row: whole, after the row's other cells", centred, wanted],
    [
      "a top-aligned cell's next line, as near the next row as its own: the row above",
      [
        ...line(10, 0, 'a'),
        ...line(100, 0, 'one'),
        ...line(100, 12, 'two'),
        ...line(10, 24, 'b'),
        ...line(100, 24, 'three'),
      ],
      ['a one two', 'b three'],
    ],
    [
      'every line with a first cell: rows as they are',
      [...line(10, 0, 'a'), ...line(100, 0, 'one'), ...line(10, 12, 'b'), ...line(100, 12, 'two')],
      ['a one', 'b two'],
    ],
    [
      "a cell's line-end hyphen: the line break kept, for the hyphen to be read as one",
      [...line(100, 0, 'atraktywno-baje-'), ...line(10, 6, 'Title'), ...line(100, 12, 'rywnej z')],
      ['Title atraktywno-baje-\nrywnej z'],
    ],
    ['no line with a first cell: rows as they are', [...line(100, 0, 'one'), ...line(100, 12, 'two')], ['one', 'two']],
  ];
  for (const [name, words, want] of cases)
    test(name, () => assert.deepEqual(tableCells(pageRows(words), [60, 170]), want));
  test('pageReading reads the rows by line without cells, by cell with them', () => {
    assert.equal(
      pageReading(centred),
      [
        'Keyword Value Description',
        'Defines extra path',
        'TexInputs Directories',
        'TEXINPUTS',
        'Defines the style',
        'TexStyle Package',
        'to use.',
      ].join('\n'),
    );
    assert.equal(pageReading(centred, true), wanted.join('\n'));
  });
  test('a table under the line that introduces it: that line, then the table by cells', () => {
    // The line closes the table's gutters; the page's margin (a full line above, wider than
    // both) keeps the run going, so the run has no gutter of its own.
    const head = line(10, -40, 'wordsofthe paragraph above which runs across the whole width of this page');
    const intro = line(10, -14, 'The following table lists the parameters');
    const page = [...head, ...intro, ...centred];
    const text = (ws: BoxWord[]) => ws.map((w) => w.text).join(' ');
    assert.equal(pageReading(page, true), [text(head), text(intro), ...wanted].join('\n'));
    assert.equal(pageReading(page).split('\n').length, 9);
  });
  test('a table inside a column: with cells, read by cell within its column', () => {
    const prose = ['aa bb cc dd ee ff gg', 'hh ii jj kk ll mm nn', 'oo pp qq rr ss tt uu', 'vv ww xx yy zz ab ac'];
    // Two columns of prose; the right one goes on with a dblatex table (a wrapped cell centred on
    // its row) level with the left column's last lines.
    const left = column(10, 0, [...prose, ...prose, ...prose]);
    const right = [
      ...column(200, 0, [...RIGHT, ...RIGHT]),
      ...line(270, 96, 'Defines extra path'),
      ...line(200, 102, 'TexInputs'),
      ...line(270, 108, 'TEXINPUTS'),
      ...line(270, 120, 'Defines the style'),
      ...line(200, 126, 'TexStyle'),
      ...line(270, 132, 'to use.'),
    ];
    const read = pageReading([...left, ...right], true).split('\n');
    assert.deepEqual(read.slice(-2), ['TexInputs Defines extra path TEXINPUTS', 'TexStyle Defines the style to use.']);
    assert.deepEqual(read.slice(0, 20), [...prose, ...prose, ...prose, ...RIGHT, ...RIGHT]);
    // Without cells, the column's rows as they are.
    assert.deepEqual(
      pageReading([...left, ...right])
        .split('\n')
        .slice(-6),
      ['Defines extra path', 'TexInputs', 'TEXINPUTS', 'Defines the style', 'TexStyle', 'to use.'],
    );
  });
  test("columnParts: each column's words, left first; an empty column left out", () => {
    const run = pageRows([...line(10, 0, 'a b'), ...line(100, 0, 'c'), ...line(10, 12, 'd')]);
    assert.deepEqual(
      columnParts(run, [60, 150]).map((p) => p.map((w) => w.text).join(' ')),
      ['a b d', 'c'],
    );
  });
  test('two columns of prose are not a table: read column by column either way', () => {
    const page = [...column(10, 10, LEFT), ...column(200, 10, RIGHT)];
    assert.equal(pageReading(page, true), pageReading(page));
  });
});

describe('reading order with the column-aware reading', () => {
  // pdftotext reads the table column by column; the column-aware reading row by row.
  const table = [
    ...line(10, 10, 'begin'),
    ...line(80, 10, 'opens a new block'),
    ...line(10, 22, 'end'),
    ...line(80, 22, 'closes the block again'),
    ...line(10, 34, 'if'),
    ...line(80, 34, 'tests a condition first'),
  ];
  const plain = 'begin\nend\nif\n\nopens a new block\ncloses the block again\ntests a condition first';
  const rows = 'begin opens a new block\nend closes the block again\nif tests a condition first';
  const cases: [string, string | undefined, string[], { order: number; coverage: number }][] = [
    ['rows against pdftotext alone: out of order', undefined, [rows], { order: 25, coverage: 100 }],
    ['rows with the column-aware reading: in order', pageReading(table), [rows], { order: 100, coverage: 100 }],
    ['columns still in order with it', pageReading(table), [plain], { order: 100, coverage: 100 }],
    [
      'coverage stays against pdftotext: a row dropped costs coverage',
      pageReading(table),
      ['begin opens a new block\nend closes the block again'],
      { order: 100, coverage: 66.7 },
    ],
    [
      'two columns spliced line by line stay out of order',
      pageReading([...column(10, 10, LEFT), ...column(200, 10, RIGHT)]),
      [LEFT.map((l, i) => `${l} ${RIGHT[i]}`).join('\n')],
      { order: 60.4, coverage: 100 },
    ],
  ];
  test('line-end hyphens of the column-aware reading count joined only', () => {
    const ref = buildReference('a gnu program runs here', { alternative: 'a gnu pro-\ngram runs here' });
    assert.deepEqual(
      ['a gnu program runs here', 'a gnu pro- gram runs here'].map((t) => readingOrder([t], ref).order),
      [100, 0],
    );
  });
  test('a line-end hyphen before a compound counts kept as well as joined', () => {
    const ref = buildReference('x', { alternative: 'select the non-\nrecursive-prefix-hack option\nand a pro-\ngram' });
    assert.deepEqual(
      [
        'select the non-recursive-prefix-hack option',
        'select the nonrecursive-prefix-hack option',
        'and a pro- gram',
      ].map((t) => readingOrder([t], ref).order),
      [100, 100, 0],
    );
  });
  test('keptChainHyphens: only a break before a hyphenated compound keeps its hyphen', () =>
    assert.equal(
      keptChainHyphens('the non-\nrecursive-make schema\nthe pro-\ngram and well-\nknown'),
      'the non-recursive-make schema\nthe pro-\ngram and well-\nknown',
    ));
  describe('a page turn with the running lines left out is in order too', () => {
    // Three pages with a running header, as pdftotext writes them; the page text runs on.
    const paged = [
      'Manual Title\nthe first page ends with',
      'Manual Title\nthese words and the next',
      'Manual Title\npage goes on',
    ].join('\n\f');
    const turn: [string, string, number][] = [
      ['the furniture left out (the service)', 'the first page ends with these words and the next page goes on', 100],
      ['the furniture kept in place (pdf.js raw)', 'the first page ends with manual title these words', 100],
      ['a page spliced elsewhere is not', 'the first page ends with page goes on', 40],
    ];
    for (const [name, text, want] of turn)
      test(name, () => assert.equal(readingOrder([text], buildReference(paged, { alternative: paged })).order, want));
    test('without form feeds the reading is taken as it is', () =>
      assert.equal(
        readingOrder(['ends with these words'], buildReference('x', { alternative: 'ends with\nManual\nthese words' }))
          .order,
        0,
      ));
  });
  for (const [name, alt, texts, want] of cases)
    test(name, () => {
      const ref = buildReference(
        name.startsWith('two columns') ? [...LEFT, ...RIGHT].join('\n') : plain,
        alt === undefined ? {} : { alternative: alt },
      );
      const got = readingOrder(texts, ref);
      assert.deepEqual({ order: got.order, coverage: got.coverage }, want);
    });
});

// A displayed formula as pdftotext -bbox gives it (lshort-pt p. 73, boxes rounded): the sum's
// limits over and under its sign, the fractions' numerators over their denominators, the
// equation number far right, between two lines of text 13.5 pt apart.
const box = (x0: number, y0: number, x1: number, y1: number, text: string): BoxWord => ({ x0, y0, x1, y1, text });
const formula = [
  ...line(100, 100, 'este é o estilo montra:'),
  box(172, 117, 177, 124, 'n'),
  box(166, 122, 182, 144, 'X'),
  box(188, 124, 194, 131, '1'),
  box(231, 124, 242, 131, 'π2'),
  box(142, 131, 158, 138, 'lim'),
  box(210, 131, 220, 138, '='),
  box(300, 131, 320, 141, '(3.3)'),
  box(186, 136, 191, 143, 'k'),
  box(191, 134, 195, 139, '2'),
  box(234, 138, 239, 145, '6'),
  box(142, 139, 159, 145, 'n→∞'),
  box(168, 145, 181, 151, 'k=1'),
  ...line(100, 160, 'Em estilo texto, coloque expressões altas'),
];

test('stackOrder: stacks left to right, each read top to bottom by its rows', () => {
  const ws = formula.filter((w) => w.y0 > 112 && w.y0 < 155 && w.x0 < 290);
  assert.equal(
    stackOrder(ws)
      .map((w) => w.text)
      .join(' '),
    'lim n→∞ n X k=1 1 k 2 = π2 6',
  );
});

test('stackText: a script touching its base is one word, as pdftotext reads it', () => {
  assert.equal(stackText([box(186, 136, 191, 143, 'k'), box(191, 134, 195, 139, '2')]), 'k2');
  assert.equal(stackText([box(186, 136, 191, 143, 'k'), box(194, 134, 198, 139, '2')]), 'k 2');
  // Touching but one over the other (a numerator over its denominator): two words.
  assert.equal(stackText([box(188, 124, 194, 131, '1'), box(186, 136, 191, 143, 'k')]), '1 k');
});

test('stackedReadings: a formula read stack by stack between the words of the lines around it', () => {
  assert.deepEqual(stackedReadings(formula), [
    // The formula, then the equation number beside it (parted by a blank down the whole band);
    // scripts joined to their base as pdftotext joins them, and apart.
    'o estilo montra: lim n→∞ n X k=1 1 k2 = π2 6 (3.3)',
    'o estilo montra: lim n→∞ n X k=1 1 k 2 = π2 6 (3.3)',
    '= π2 6 (3.3) Em estilo texto,',
  ]);
  // Lines of text alone (their boxes never overlap in height): no formula, nothing read.
  assert.deepEqual(stackedReadings(column(100, 100, ['one line of text', 'and the next one', 'and a third'])), []);
});

// A slide's display (formation-latex-ul's, boxes rounded): text 12 pt high, the integral's and the
// sum's limits in script size (9 pt) on one row under the formula, and the slide's source below in a
// 10 pt typewriter, so that the page's usual word height is the code's.
const slideDisplay = [
  ...spaced(190, 94, 12, 12, ['texte principal comme']),
  box(180, 106, 186, 119, '∫'),
  box(190, 112, 197, 120, '∞'),
  box(244, 111, 249, 120, 'n'),
  box(240, 111, 253, 123, '∑'),
  box(199, 121, 214, 133, 'f(x)'),
  box(216, 121, 226, 133, 'dx'),
  box(229, 124, 237, 132, '='),
  box(255, 123, 261, 133, 'α'),
  box(264, 121, 269, 133, 'e'),
  box(269, 119, 272, 128, 'x'),
  box(276, 121, 290, 133, 'f(x'),
  box(290, 124, 292, 132, ')'),
  box(262, 125, 264, 134, 'i'),
  box(287, 125, 289, 134, 'i'),
  box(186, 134, 190, 143, '0'),
  box(240, 136, 242, 145, 'i'),
  box(242, 137, 249, 144, '='),
  box(249, 136, 252, 145, '1'),
  ...spaced(48, 150, 12, 12, ['en utilisant divers']),
  ...column(48, 170, [
    '\\begin{equation*}',
    '\\int_0^\\infty f(x)\\, dx =',
    '\\sum_{i = 1}^n \\alpha_i e^{x_i} f(x_i)',
    '\\end{equation*}',
  ]),
];

test("stackedReadings: limits under two signs are the formula's, measured against its full-size words", () => {
  // The limits' row spans 11 pt (its words stand at two depths), each word 9 pt: script size of
  // the 12 pt text, though not of the page's 10 pt code.
  const got = stackedReadings(slideDisplay);
  assert.ok(got.includes('texte principal comme ∫ 0 ∞ f(x) dx = ∑ n i = 1 α i e x f(x i )'), got.join('\n'));
});

test("fullSize and scriptRow: script size against the band's full-size words", () => {
  const at = (h: number) => box(0, 0, 5, h, 'w');
  const cases: [string, number[], number][] = [
    ['a formula: its upper quartile, past the scripts', [7, 7, 9, 9, 9, 12, 12, 12, 12], 12],
    ['one word', [10], 10],
    ['none', [], 0],
  ];
  for (const [name, hs, want] of cases) assert.equal(fullSize(hs.map(at)), want, name);
  assert.equal(scriptRow([at(9), at(9), at(7)], 12), true);
  // One word of text size makes it a row of text.
  assert.equal(scriptRow([at(9), at(12)], 12), false);
  assert.equal(scriptRow([at(9)], 10), false);
});

test('stackedReadings: the formula counts for order, row by row reading does not have it', () => {
  const text = [
    'este é o estilo montra:',
    'n',
    'X 1 π2',
    'lim = (3.3)',
    'k2 6',
    'n→∞',
    'k=1',
    'Em estilo texto, coloque',
  ].join('\n');
  // The service's reading: the sum's sign read, its exponent apart, the equation number after.
  const chunk = 'este é o estilo montra: lim n→∞ n ∑ k=1 1 k 2 = π2 6 (3.3) Em estilo texto, coloque';
  const without = readingOrder([chunk], buildReference(text)).order;
  const withStacks = readingOrder([chunk], buildReference(text, { alternative: stackedReadings(formula) })).order;
  assert.ok(without < 50, `${without}`);
  assert.equal(withStacks, 100);
});

// lshort's example: the source in a box on the left, its typeset output (a display formula,
// rows overlapping) on the right, level with the source's middle lines.
const example = [
  // The paragraph over the example, lines across the page as most of a one-column page's are.
  ...column(100, 40, [
    'Se os espaços escolhidos pelo LaTeX para colocar nas fórmulas',
    'não forem satisfatórios, podem ser ajustados inserindo comandos',
    'especiais de espaçamento para um quad ou para dois quad e',
    'caracteres que geram um espaço de tamanho médio comparável',
    'ao espaço entre palavras e produzem espaços largos assim.',
  ]),
  ...line(100, 100, 'actual. O comando produz um espaço negativo de quad ( ).'),
  // A fraction's denominator in the line over the example: a row of script-size text of its own.
  box(300, 108, 308, 115, '18'),
  ...line(110, 116, '\\begin{equation*}'),
  ...line(110, 128, '\\int_1^2 \\ln x \\mathrm{d}x'),
  ...line(110, 140, '\\qquad'),
  box(300, 134, 306, 140, 'Z'),
  box(307, 130, 311, 135, '2'),
  box(314, 138, 360, 146, 'ln xdx'),
  box(307, 144, 311, 149, '1'),
  ...line(110, 152, '\\int_1^2 \\ln x \\,\\mathrm{d}x'),
  ...line(110, 164, '\\end{equation*}'),
  ...line(100, 182, 'Note que o d no diferencial é convencionalmente escrito'),
];

test('sideBlockReadings: a LaTeX example read source block, then its output, between the lines around it', () => {
  const readings = stackedReadings(example);
  assert.ok(
    readings.includes(
      'quad ( ). \\begin{equation*} \\int_1^2 \\ln x \\mathrm{d}x \\qquad \\int_1^2 \\ln x \\,\\mathrm{d}x \\end{equation*} Z 2 1 ln xdx Note que o',
    ),
    readings.join('\n'),
  );
  // The service's reading of the example counts for order only with it.
  const text = pdftotextLike(example);
  const chunk =
    'quad ( ). \\begin{equation*} \\int_1^2 \\ln x \\mathrm{d}x \\qquad \\int_1^2 \\ln x \\,\\mathrm{d}x \\end{equation*} ∫ 2 1 ln xdx Note que o d no diferencial';
  const band = readingOrder(
    [chunk],
    buildReference(text, { alternative: readings.filter((r) => !r.includes('end{equation*} Z')) }),
  ).order;
  const blocks = readingOrder([chunk], buildReference(text, { alternative: readings })).order;
  assert.ok(band < 90, `${band}`);
  assert.equal(blocks, 100);
  // Full lines of text over and under a formula with its number: no row joins the band, nothing more read.
  const wide = [
    ...line(100, 100, 'este é o estilo montra, a linha inteira até a margem direita'),
    ...formula.filter((w) => w.y0 > 112 && w.y0 < 155),
    ...line(100, 160, 'Em estilo texto, coloque expressões altas entre as linhas'),
  ];
  assert.equal(stackedReadings(wide).length, 3);
});

test('sideBlockReadings: a two-column page is not an example beside its output', () => {
  // A formula in the left column beside a line of the right one; over it the left column's lines
  // alone, under it the right column's (the columns out of step): rows of one side run on to the
  // page's edges, and no line across the blank closes the region.
  const page = [
    ...column(100, 100, ['the left column text', 'runs on here']),
    box(120, 128, 126, 136, 'Z'),
    box(127, 124, 131, 129, '2'),
    box(134, 132, 170, 140, 'ln xdx'),
    box(127, 138, 131, 143, '1'),
    ...line(300, 131, 'the right column'),
    ...column(300, 156, ['set out of step', 'with the left one']),
  ];
  assert.deepEqual(
    stackedReadings(page).filter((r) => r.includes('here') && r.includes('step')),
    [],
  );
  // Closed by lines across the page, still a page of two columns: few of its rows run across the middle.
  const closed = [
    ...line(100, 80, 'a title line across the whole page from left to right margin'),
    ...page,
    ...line(100, 188, 'a footnote line across the whole page from left to right margin'),
  ];
  assert.deepEqual(
    stackedReadings(closed).filter((r) => r.includes('here') && r.includes('step')),
    [],
  );
});

/** Rows of words joined by spaces, a line each: the plain reading pdftotext gives such a page. */
function pdftotextLike(ws: BoxWord[]): string {
  return pageRows(ws)
    .map((r) => r.map((w) => w.text).join(' '))
    .join('\n');
}

// A LaTeX example whose output is text: the source on the left, the typeset verse on the right,
// both on one line pitch, the output's lines 5 pt lower (no row has both sides), under a paragraph
// and over the next one, lines across the page.
const verse = [
  ...column(100, 40, [
    'O ambiente verse é útil para poemas onde as quebras de linha',
    'são importantes. As linhas são separadas por duas barras',
  ]),
  ...column(100, 70, [
    '\\begin{verse}',
    'Humpty Dumpty sat on a wall:\\',
    'Humpty Dumpty had a great fall.\\',
    '\\end{verse}',
  ]),
  ...column(330, 75, ['Humpty Dumpty sat on a', 'wall:', 'Humpty Dumpty had a great', 'fall.']),
  ...column(100, 130, ['O resumo do resumo é habitual em publicações científicas']),
];

describe('sideRegionReadings: blocks side by side on a one-column page, read block by block', () => {
  test('a LaTeX example with text output, its lines not level with the source', () => {
    const readings = sideRegionReadings(verse);
    assert.deepEqual(readings, [
      'por duas barras \\begin{verse} Humpty Dumpty sat on a wall:\\ Humpty Dumpty had a great fall.\\ \\end{verse} Humpty Dumpty sat on a wall: Humpty Dumpty had a great fall. O resumo do',
    ]);
    // The service's reading (the source whole, then the output) counts for order only with it.
    const text = pdftotextLike(verse);
    const chunk =
      'são importantes. As linhas são separadas por duas barras \\begin{verse} Humpty Dumpty sat on a wall:\\ Humpty Dumpty had a great fall.\\ \\end{verse} Humpty Dumpty sat on a wall: Humpty Dumpty had a great fall. O resumo do resumo';
    assert.ok(readingOrder([chunk], buildReference(text)).order < 90);
    assert.equal(readingOrder([chunk], buildReference(text, { alternative: readings })).order, 100);
  });

  test('an output centred half a line off its source is read; level with it, it reads as rows', () => {
    const example = (dy: number) => [
      ...line(100, 40, 'a line of the paragraph over the example across the page'),
      ...column(100, 55, ['\\begin{center}', 'No centro\\\\da terra', '\\end{center}']),
      ...column(330, 55 + dy, ['No centro', 'da terra']),
      ...line(100, 110, 'a line of the paragraph under the example across the page'),
    ];
    assert.deepEqual(sideRegionReadings(example(6)), [
      'across the page \\begin{center} No centro\\\\da terra \\end{center} No centro da terra a line of',
    ]);
    // Each line of the output level with one of the source: a table's rows as far as the page shows.
    assert.deepEqual(sideRegionReadings(example(0)), []);
  });

  test('a table of two columns keeps its rows: short cells level with each other', () => {
    const table = [
      ...line(100, 40, 'the table below lists the options and their values across'),
      ...column(100, 55, ['Option', '--foo', '--bar', '--baz']),
      ...column(330, 55, ['Value', 'on', 'off', 'the default when unset']),
      ...line(100, 110, 'a line of the paragraph under the table across the page'),
    ];
    assert.deepEqual(sideRegionReadings(table), []);
    // As many lines each side, each level with its neighbour: a listing's two statements a line.
    const grid = [
      ...column(100, 55, [
        '<xsl:when test="A3">420mm</xsl:when>',
        '<xsl:when test="A5">210mm</xsl:when>',
        '<xsl:when test="A7">105mm</xsl:when>',
      ]),
      ...column(330, 55, [
        '<xsl:when test="A4">297mm</xsl:when>',
        '<xsl:when test="A6">148mm</xsl:when>',
        '<xsl:when test="A8">74mm</xsl:when>',
      ]),
    ];
    assert.deepEqual(sideRegionReadings(grid), []);
  });

  test('a column of labels (line numbers) beside its lines, and three columns, are not two blocks', () => {
    const numbered = [
      ...column(100, 55, ['21', '22', '23', '24']),
      ...column(140, 55, [
        '{',
        '    size_t const chunk_size = clamp(bins / threads, 8u, 64u);',
        '    auto view = zip(paths, iota(0u));',
        '}',
      ]),
    ];
    assert.deepEqual(sideRegionReadings(numbered), []);
    const three = [
      ...column(100, 55, ['first column words here', 'and more of them', 'and the last']),
      ...column(260, 55, ['second column words', 'and more of them', 'and the last']),
      ...column(420, 55, ['third column words', 'and more of them', 'and the last']),
    ];
    assert.deepEqual(sideRegionReadings(three), []);
  });

  test('prose across the page has no region', () => {
    assert.deepEqual(
      sideRegionReadings(column(100, 100, ['one line of text across', 'and the next one across', 'and a third'])),
      [],
    );
  });
});

describe("touchingWordsJoined: an index set on from its base is one word, as pdftotext's text reads it", () => {
  const box = (x0: number, x1: number, y0: number, y1: number, text: string): BoxWord => ({ x0, x1, y0, y1, text });
  const seq = box(212.766, 223.697, 169.36, 176.44, 'seq');
  const cases: [string, BoxWord[], string[]][] = [
    ['a base and its index touching it, lower and smaller', [seq, box(223.697, 227.67, 172.1, 178.29, '2')], ['seq2']],
    [
      'a base, its index, the sign set on from it',
      [seq, box(223.697, 227.67, 172.1, 178.29, '2'), box(227.67, 236.6, 170, 176.7, ';}')],
      ['seq2;}'],
    ],
    ['a word space between two words keeps them apart', [seq, box(226.5, 236.6, 170, 176.7, 'and')], ['seq', 'and']],
    ['a box touching at x on another line stays apart', [seq, box(223.697, 230, 181, 188, 'next')], ['seq', 'next']],
    ['nothing to join: the words as they are', [seq], ['seq']],
  ];
  for (const [name, words, want] of cases)
    test(name, () =>
      assert.deepEqual(
        touchingWordsJoined(words).map((w) => w.text),
        want,
      ),
    );
  test('the joined box spans both', () =>
    assert.deepEqual(
      touchingWordsJoined([seq, box(223.697, 227.67, 172.1, 178.29, '2')])[0],
      box(212.766, 227.67, 169.36, 178.29, 'seq2'),
    ));
});

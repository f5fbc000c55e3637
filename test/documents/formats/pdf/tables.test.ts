// Tables of untagged PDFs from geometry (src/documents/formats/pdf/tables.ts): runs of lines whose
// pieces stay on either side of empty vertical bands are read row by row; prose, lists and
// contents lists are not tables. Lines are built from raw items by the layout step (buildLines),
// as a page's are, or by hand; a generated PDF checks the rows come out as row blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describesCode,
  fitGutters,
  flushRightCell,
  headerRow,
  ruledHeader,
  notATable,
  readTables,
  rightEdges,
  rowText,
  tabStops,
  tabbedPair,
  tableRows,
  tableRun,
  type TableRow,
} from '../../../../src/documents/formats/pdf/tables.ts';
import { buildLines, type RawItem } from '../../../../src/documents/formats/pdf/layout.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { DEFAULT_OCR } from '../../../../src/documents/ocr/options.ts';
import { makePdf, type TextRun } from '../../helpers/make-pdf.ts';
import { item } from '../../helpers/raw-items.ts';

/** A table's lines as the layout reads them: each row's cells at the columns' x, `dy` apart. */
function rowsOf(
  cells: (string | undefined)[][],
  xs: number[],
  top = 700,
  dy = 12,
  o: Partial<RawItem> = {},
): RawItem[] {
  return cells.flatMap((row, i) => row.flatMap((c, k) => (c === undefined ? [] : [item(c, xs[k]!, top - i * dy, o)])));
}

const rowTexts = (lines: TextLine[]) => lines.map((l) => (l.tag?.kind === 'row' ? `[${l.text}]` : l.text));

test('a table of three columns is read row by row, cells in column order', () => {
  const lines = buildLines(
    rowsOf(
      [
        ['name', "the parameter's name", 'None'],
        ['x', 'the horizontal position', '0'],
        ['size', 'the outline size', '20'],
        ['checked', 'if True it is checked', 'False'],
      ],
      [60, 160, 400],
    ),
  );
  assert.deepEqual(rowTexts(readTables(lines)), [
    "[name | the parameter's name | None]",
    '[x | the horizontal position | 0]',
    '[size | the outline size | 20]',
    '[checked | if True it is checked | False]',
  ]);
});

test('a wrapped cell is joined into its row; an empty cell keeps its place', () => {
  const lines = buildLines(
    rowsOf(
      [
        ['1', 'The cell borders are set by the'],
        [undefined, 'rules attribute of the table.'],
        ['2', 'The title is set through the'],
        [undefined, 'caption element.'],
        ['3', 'Colours can be set directly.'],
      ],
      [60, 120],
    ),
  );
  const out = readTables(lines);
  assert.deepEqual(rowTexts(out), [
    '[1 | The cell borders are set by the rules attribute of the table.]',
    '[2 | The title is set through the caption element.]',
    '[3 | Colours can be set directly.]',
  ]);
  const sparse = readTables(
    buildLines(
      rowsOf(
        [
          ['a1', 'b1', 'c1'],
          ['a2', undefined, 'c2'],
          ['a3', 'b3', undefined],
        ],
        [60, 200, 340],
        700,
        20,
      ),
    ),
  );
  assert.deepEqual(
    sparse.map((l) => l.tag?.cells),
    [
      ['a1', 'b1', 'c1'],
      ['a2', '', 'c2'],
      ['a3', 'b3', ''],
    ],
  );
  // The text keeps the empty cell in place, so c2 stays under its column; an empty last cell goes.
  assert.deepEqual(rowTexts(sparse), ['[a1 | b1 | c1]', '[a2 | | c2]', '[a3 | b3]']);
});

test('rowText: cells in order, empty ones in place, none at the end, spacer columns out', () => {
  const cases: [string, string[], number[] | undefined, string][] = [
    [
      'every cell filled',
      ['Ctl-B', '←', 'go to the previous character'],
      undefined,
      'Ctl-B | ← | go to the previous character',
    ],
    [
      'an empty middle cell keeps its place',
      ['Esc-L', '', 'lower case the next word'],
      undefined,
      'Esc-L | | lower case the next word',
    ],
    ['an empty first cell keeps its place', ['', 'continued', 'x'], undefined, '| continued | x'],
    ['empty cells at the end go', ['--quiet', 'no messages', ''], undefined, '--quiet | no messages'],
    ['a spacer column no row writes in gets no cell', ['-P', '', 'Never follow'], [0, 2], '-P | Never follow'],
    ['one cell', ['alone'], undefined, 'alone'],
  ];
  for (const [name, cells, keep, want] of cases) assert.equal(rowText(cells, keep), want, name);
});

test('a bold first row is the header; a first row in the body font is not', () => {
  const body = [
    ['alpha', 'one'],
    ['beta', 'two'],
    ['gamma', 'three'],
  ];
  const bold = buildLines([
    item('Name', 60, 712, { font: 'bold' }),
    item('Value', 200, 712, { font: 'bold' }),
    ...rowsOf(body, [60, 200]),
  ]);
  const out = readTables(bold);
  assert.deepEqual(
    out.map((l) => l.tag?.header ?? false),
    [true, false, false, false],
  );
  assert.deepEqual(
    readTables(buildLines(rowsOf(body, [60, 200]))).map((l) => l.tag?.header ?? false),
    [false, false, false],
  );
});

test('right-aligned and centred cells stay in their columns', () => {
  // A number column set flush right: its pieces end at one x, they start apart; a unit column centred.
  const rows = [
    ['Width', '12', 'mm'],
    ['Height', '1024', 'px'],
    ['Depth', '7', 'cm'],
    ['Weight', '300', 'g'],
  ];
  const items = rows.flatMap(([a, n, u], i) => [
    item(a!, 60, 700 - i * 12),
    item(n!, 220 - n!.length * 5, 700 - i * 12),
    item(u!, 300 - u!.length * 2.5, 700 - i * 12),
  ]);
  assert.deepEqual(rowTexts(readTables(buildLines(items))), [
    '[Width | 12 | mm]',
    '[Height | 1024 | px]',
    '[Depth | 7 | cm]',
    '[Weight | 300 | g]',
  ]);
});

test('prose, code, lists and contents lists are no tables', () => {
  const prose = buildLines(
    [0, 1, 2, 3].map((i) => item(`A line of running text number ${i} that fills the measure.`, 60, 700 - i * 12)),
  );
  assert.deepEqual(readTables(prose), prose);
  const code = buildLines(
    [0, 1, 2, 3].flatMap((i) => [
      item(`x${i} = f(${i});`, 60, 700 - i * 12, { mono: true }),
      item(`// step ${i}`, 200, 700 - i * 12, { mono: true }),
    ]),
  );
  assert.ok(readTables(code).every((l) => !l.tag));
  const bullets = buildLines(
    [0, 1, 2, 3].flatMap((i) => [item('•', 60, 700 - i * 12), item(`item number ${i} of the list`, 80, 700 - i * 12)]),
  );
  assert.ok(readTables(bullets).every((l) => !l.tag));
  const numbered = buildLines(
    [0, 1, 2, 3].flatMap((i) => [
      item(`${i + 1}.`, 60, 700 - i * 12),
      item(`step ${i} of the procedure`, 80, 700 - i * 12),
    ]),
  );
  assert.ok(readTables(numbered).every((l) => !l.tag));
  const contents = buildLines(
    [0, 1, 2, 3].flatMap((i) => [
      item(`Chapter title ${i}`, 60, 700 - i * 12),
      item(`${i * 7 + 3}`, 500, 700 - i * 12),
    ]),
  );
  assert.ok(readTables(contents).every((l) => !l.tag));
  // Two lines with cells are too few to tell a table.
  const two = buildLines(
    rowsOf(
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      [60, 200],
    ),
  );
  assert.ok(readTables(two).every((l) => !l.tag));
});

test('the table ends where a line runs across its gutter; text before and after stays text', () => {
  const items = [
    item('The parameters are the following ones, each with its meaning:', 60, 724),
    ...rowsOf(
      [
        ['name', 'its name'],
        ['x', 'the position'],
        ['y', 'the other position'],
      ],
      [60, 200],
    ),
    item('A paragraph after the table runs over both of its columns.', 60, 664),
  ];
  assert.deepEqual(rowTexts(readTables(buildLines(items))), [
    'The parameters are the following ones, each with its meaning:',
    '[name | its name]',
    '[x | the position]',
    '[y | the other position]',
    'A paragraph after the table runs over both of its columns.',
  ]);
});

test('a short line in the first column after the table is text, not a last row', () => {
  const items = [
    ...rowsOf(
      [['name', 'its name'], ['x', 'the position'], ['y', 'the other position'], ['It is written so:']],
      [60, 200],
    ),
  ];
  assert.deepEqual(rowTexts(readTables(buildLines(items))), [
    '[name | its name]',
    '[x | the position]',
    '[y | the other position]',
    'It is written so:',
  ]);
});

test('fitGutters: a piece reaching into a gutter narrows it; one across it ends the table', () => {
  const g = [{ a: 100, b: 140 }];
  assert.deepEqual(fitGutters(g, [{ text: 'a', x: 60, xEnd: 110 }], 10), [{ a: 110, b: 140 }]);
  assert.deepEqual(fitGutters(g, [{ text: 'b', x: 125, xEnd: 200 }], 10), [{ a: 100, b: 125 }]);
  assert.equal(fitGutters(g, [{ text: 'c', x: 60, xEnd: 200 }], 10), null);
  // A piece inside a gutter splits it where both sides are wide enough, else keeps the wide side.
  const split = fitGutters([{ a: 100, b: 200 }], [{ text: 'd', x: 130, xEnd: 160 }], 10);
  assert.deepEqual(split, [
    { a: 100, b: 130, split: true },
    { a: 160, b: 200, split: true },
  ]);
  assert.deepEqual(fitGutters(g, [{ text: 'd', x: 105, xEnd: 125 }], 10), [{ a: 125, b: 140, split: true }]);
  // A gutter a split made that a later line covers goes (the short cell's column is wider); the table goes on.
  assert.deepEqual(fitGutters(split, [{ text: 'a wider cell', x: 150, xEnd: 230 }], 10), [
    { a: 100, b: 130, split: true },
  ]);
  assert.equal(fitGutters(g, [{ text: 'd', x: 105, xEnd: 135 }], 10), null);
  // Narrowed under GUTTER_EM (0.9 em): no gutter left.
  assert.equal(fitGutters(g, [{ text: 'e', x: 60, xEnd: 135 }], 10), null);
});

test('tableRun: three lines with cells make a run; a line of one piece alone does not start one', () => {
  const lines = buildLines(
    rowsOf(
      [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ],
      [60, 200],
    ),
  );
  assert.deepEqual((({ start, end }) => ({ start, end }))(tableRun(lines, 0)!), { start: 0, end: 3 });
  assert.equal(tableRun(buildLines([item('one piece only', 60, 700)]), 0), null);
});

test('tableRows: a new row opens at a first-column cell, a wider gap, or a column the line above left empty', () => {
  const mk = (y: number, pieces: [string, number][]): TextLine => ({
    text: pieces.map((p) => p[0]).join(' '),
    x: pieces[0]![1],
    xEnd: pieces.at(-1)![1] + 40,
    y,
    size: 10,
    font: 'f',
    mono: false,
    pieces: pieces.map(([text, x]) => ({ text, x, xEnd: x + 40 })),
  });
  const gutters = [
    { a: 110, b: 150 },
    { a: 250, b: 290 },
  ];
  const rows = tableRows(
    [
      mk(700, [
        ['a', 60],
        ['b', 160],
        ['c', 300],
      ]),
      mk(688, [['c2', 300]]), // continues c
      mk(676, [['d', 160]]), // a column the line above left empty: a new row
      mk(650, [['e', 160]]), // after a wide gap: a new row
      mk(638, [
        ['f', 60],
        ['g', 160],
      ]),
    ],
    gutters,
  );
  assert.deepEqual(
    rows.map((r) => r.cells),
    [
      ['a', 'b', 'c c2'],
      ['', 'd', ''],
      ['', 'e', ''],
      ['f', 'g', ''],
    ],
  );
});

test('notATable and headerRow on rows', () => {
  const row = (cells: string[], font = 'f'): TableRow => ({
    cells,
    lines: [{ text: cells.join(' '), x: 0, xEnd: 1, y: 0, size: 10, font, mono: false }],
  });
  assert.equal(notATable([row(['•', 'one']), row(['•', 'two'])]), true);
  assert.equal(notATable([row(['a)', 'one']), row(['b)', 'two'])]), true);
  assert.equal(notATable([row(['1', 'one']), row(['2', 'two'])]), false);
  assert.equal(notATable([row(['Intro', '3']), row(['Usage', '12'])]), true);
  assert.equal(notATable([row(['1.2', 'Intro', '3']), row(['1.3', 'Usage', '12'])]), true);
  assert.equal(notATable([row(['width', 'px', '3']), row(['height', 'px', '12'])]), false);
  // Texinfo's definition lines: signatures, their categories flush right.
  const defs = [
    row(['int mpfr_set_d (mpfr_t rop, double op, mpfr_rnd_t rnd)', '[Function]']),
    row(['int mpfr_set_ld (mpfr_t rop, long double op, mpfr_rnd_t', '[Function]']),
    row(['rnd)', '']),
    row(['MPFR_VERSION_MAJOR', '[Macro]']),
    row(['gcry_err_code_t', '[Data type]']),
  ];
  assert.equal(notATable(defs), true);
  assert.equal(notATable([row(['Option', 'Default']), row(['verbose', '[no]']), row(['quiet', '[yes]'])]), false);
  assert.equal(notATable([row(['a', '[Function]', 'x']), row(['b', '[Function]', 'y'])]), false);
  // Mostly one cell a row: cells off their rows' baselines, no table read right.
  assert.equal(notATable([row(['a', 'b', 'c']), row(['', 'd', '']), row(['', '', 'e'])]), true);
  assert.equal(notATable([row(['a', 'b', 'c']), row(['', 'd', 'f']), row(['', '', 'e'])]), false);
  assert.equal(headerRow([row(['Name', 'Value'], 'bold'), row(['a', '1']), row(['b', '2'])]), true);
  assert.equal(headerRow([row(['Name', ''], 'bold'), row(['a', '1'])]), false);
  assert.equal(headerRow([row(['Name', 'Value']), row(['a', '1'])]), false);
  // A first row in a typewriter face (a font sample's, a card's command) is no header, however its font differs.
  const typed = (cells: string[]): TableRow => ({
    ...row(cells, 'courier'),
    lines: [{ ...row(cells).lines[0]!, font: 'courier', mono: true }],
  });
  assert.equal(
    headerRow([
      typed(['Courier:', 'Now is the time']),
      row(['Helvetica:', 'Now is the time']),
      row(['Times:', 'Now is']),
    ]),
    false,
  );
});

test('ruledHeader: a header row under a rule and over another, the body not ruled row by row', () => {
  // Rows of one line each, 14 pt apart from y 690 down, set in one font, between x 95 and 500.
  const rows = (n: number): TableRow[] =>
    Array.from({ length: n }, (_, k) => ({
      cells: k === 0 ? ['Function', 'Description'] : [`f${k}`, `does ${k}`],
      lines: [{ text: '', x: 95, xEnd: k === 0 ? 300 : 500, y: 690 - 14 * k, size: 10, font: 'f', mono: false }],
    }));
  const rule = (y: number, x0 = 90, x1 = 507) => ({ x0, x1, y0: y });
  // Rules under row k: between its baseline (690 - 14k) and the next row's capitals.
  const under = (k: number) => rule(690 - 14 * k - 3);
  const cases: [string, TableRow[], { x0: number; x1: number; y0: number }[], boolean][] = [
    ['\\hline over and under the first row, one at the end', rows(6), [rule(701), under(0), rule(610)], true],
    [
      "booktabs: top, mid and bottom rules, a group's rule in the body",
      rows(8),
      [rule(701), under(0), under(4), rule(580)],
      true,
    ],
    ['no rule under the first row', rows(6), [rule(701), rule(610)], false],
    ['no rule over the first row', rows(6), [under(0), rule(610)], false],
    ['a rule far above the first row (a section rule)', rows(6), [rule(740), under(0), rule(610)], false],
    ['a rule under every row', rows(6), [rule(701), ...[0, 1, 2, 3, 4].map(under), rule(610)], false],
    ["rules shorter than the table (a cell's underline)", rows(6), [rule(701, 90, 200), rule(687, 90, 200)], false],
    ['two rows: no body to tell by', rows(2), [rule(701), under(0), rule(660)], false],
  ];
  for (const [what, rs, rules, want] of cases) assert.equal(ruledHeader(rs, rules), want, what);
  const gap = rows(6);
  gap[0]!.cells[1] = '';
  assert.equal(ruledHeader(gap, [rule(701), under(0), rule(610)]), false, 'a header with an empty cell');
});

test('a PDF table comes out as row blocks, the bold header row marked as such', async () => {
  const runs: TextRun[] = [
    { text: 'The parameters of the widget are these:', x: 60, y: 740 },
    { text: 'Parameter', x: 60, y: 716, font: 'F2' },
    { text: 'Meaning', x: 180, y: 716, font: 'F2' },
    { text: 'Default', x: 420, y: 716, font: 'F2' },
  ];
  const body = [
    ['name', "the parameter's name", 'None'],
    ['x', 'the horizontal position on the page', '0'],
    ['y', 'the vertical position on the page', '0'],
    ['size', 'the outline dimensions', '20'],
  ];
  body.forEach((r, i) => r.forEach((t, k) => runs.push({ text: t, x: [60, 180, 420][k]!, y: 700 - i * 16 })));
  runs.push({ text: 'The widget is drawn on the current page when the call returns.', x: 60, y: 620 });
  const r = await extractPdf(makePdf({ pages: [{ runs }] }), { ocr: { ...DEFAULT_OCR, mode: 'off' } });
  assert.deepEqual(
    r.blocks.map((b) => [b.kind, b.text, b.cells?.some((c) => c.header) ?? false]),
    [
      ['paragraph', 'The parameters of the widget are these:', false],
      ['row', 'Parameter | Meaning | Default', true],
      ['row', "name | the parameter's name | None", false],
      ['row', 'x | the horizontal position on the page | 0', false],
      ['row', 'y | the vertical position on the page | 0', false],
      ['row', 'size | the outline dimensions | 20', false],
      ['paragraph', 'The widget is drawn on the current page when the call returns.', false],
    ],
  );
});

test("a table going on at a page's top needs fewer rows when the page before ended in one", () => {
  const top = buildLines([
    ...rowsOf(
      [
        ['label_pointer_strokeColor', 'Colour of the indicator line'],
        ['label_pointer_strokeWidth', 'Width of the indicator line'],
      ],
      [60, 200],
    ),
    item('Side labels are placed in two columns, one on either side of the pie chart.', 60, 676),
  ]);
  assert.deepEqual(rowTexts(readTables(top, true)), [
    '[label_pointer_strokeColor | Colour of the indicator line]',
    '[label_pointer_strokeWidth | Width of the indicator line]',
    'Side labels are placed in two columns, one on either side of the pie chart.',
  ]);
  // Without a table before, two lines are too few to tell one.
  assert.ok(readTables(top).every((l) => !l.tag));
});

test('a run of tagged entries parted by blank space is a list, but a table under a header row or a caption', () => {
  // fhs-3.0 (DocBook, Apache FOP): "Directory | Description" in bold / "bin | Essential command
  // binaries" / ...; a Texinfo @table or a groff .TP list sets the same rows with no header.
  const entries = [
    ['bin', 'Essential command binaries'],
    ['boot', 'Static files of the boot loader'],
    ['dev', 'Device files'],
  ];
  const list = buildLines(rowsOf(entries, [60, 200], 700, 20));
  assert.ok(
    readTables(list).every((l) => !l.tag),
    'a list',
  );
  // A slide deck's pages (extract.ts isSlideDeck): the office suite's table of callouts, "1 | The cell borders ...".
  assert.ok(
    readTables(list, false, [], false).every((l) => l.tag?.kind === 'row'),
    'on a slide deck',
  );
  const headed = buildLines([
    item('Directory', 60, 720, { font: 'bold' }),
    item('Description', 200, 720, { font: 'bold' }),
    ...rowsOf(entries, [60, 200], 700, 20),
  ]);
  assert.deepEqual(
    readTables(headed).map((l) => l.tag?.kind),
    ['row', 'row', 'row', 'row'],
    'a header row',
  );
  // l2kurz (LaTeX): "Tabelle 3: Pakete (eine Auswahl)" over "amsmath, | Mathematischer ..." / "array | ...".
  const captionedRun = buildLines([
    item('Tabelle 3: Pakete (eine Auswahl)', 100, 730),
    ...rowsOf(entries, [60, 200], 700, 20),
  ]);
  assert.deepEqual(
    readTables(captionedRun).map((l) => l.tag?.kind),
    [undefined, 'row', 'row', 'row'],
    'a caption',
  );
});

// A reference card's column: a description at the left, its command at a tab stop (x 200), or
// flush right against the column's edge (x 300) when too long for the room there, so that it
// starts left of the tab stop; the command in a typewriter face. 5 units a character, size 10.
test('a reference card: commands at a tab stop or flush right are one table, row by row', () => {
  const flush = (desc: string, cmd: string, y: number, o: Partial<RawItem> = {}) => [
    item(desc, 60, y),
    item(cmd, 300 - cmd.length * 5, y, o),
  ];
  const items = [
    item('Help', 60, 760),
    item('extended description', 60, 748),
    item('??keyword', 200, 748),
    item('describe function', 60, 736),
    item('?function', 200, 736),
    item('list of help topics', 60, 724),
    item('???pattern', 200, 724),
    // Flush right, over the gutter and the tab stop.
    ...flush('real precision', 'precision(x), bitprecision(x)', 712),
    // A description reaching into the gutter: the gutter narrows.
    ...flush('number of heap objects', 'getheap()', 700),
    ...flush('sum or product of v', 'vecsum(v), vecprod(v)', 688),
    // A command longer than its description, in a typewriter face: the line is monospace.
    item('print', 60, 676),
    item('printf(fmt, args)', 200, 676, { mono: true }),
    item('A paragraph after the card runs over both of its columns.', 60, 664),
  ];
  assert.deepEqual(rowTexts(readTables(buildLines(items))), [
    'Help',
    '[extended description | ??keyword]',
    '[describe function | ?function]',
    '[list of help topics | ???pattern]',
    '[real precision | precision(x), bitprecision(x)]',
    '[number of heap objects | getheap()]',
    '[sum or product of v | vecsum(v), vecprod(v)]',
    '[print | printf(fmt, args)]',
    'A paragraph after the card runs over both of its columns.',
  ]);
  // Without a right edge (fewer than three lines end there) the flush-right lines end the table.
  const two = items.filter((it) => it.y !== 688 && it.y !== 700);
  assert.deepEqual(rowTexts(readTables(buildLines(two))).slice(0, 5), [
    'Help',
    '[extended description | ??keyword]',
    '[describe function | ?function]',
    '[list of help topics | ???pattern]',
    'real precision precision(x), bitprecision(x)',
  ]);
});

test('a justified paragraph whose sentences part wide is no card, though its lines end at one edge', () => {
  const at = (text: string, right: number, y: number) => item(text, right - text.length * 5, y);
  const items = [
    item('A sentence.', 60, 700),
    at('And the rest of it goes on', 300, 700),
    item('short.', 60, 688),
    at('Then a longer sentence runs on and on', 300, 688),
    item('mo.', 60, 676),
    at('And yet another sentence to end it wi', 300, 676),
    at('th the last line of the paragraph here', 300, 664),
  ];
  assert.ok(readTables(buildLines(items)).every((l) => !l.tag));
});

test('a reference card: a code block under it is no row of it', () => {
  const items = [
    ...rowsOf(
      [
        ['describe function', '?function'],
        ['list of help topics', '???pattern'],
        ['extended help', '??keyword'],
      ],
      [60, 200],
    ),
    item('for (i = 1, 10, print(i))', 60, 664, { mono: true }),
    item('x = 1;', 60, 652, { mono: true }),
  ];
  assert.deepEqual(rowTexts(readTables(buildLines(items))), [
    '[describe function | ?function]',
    '[list of help topics | ???pattern]',
    '[extended help | ??keyword]',
    'for (i = 1, 10, print(i))',
    'x = 1;',
  ]);
});

test('rightEdges: where three lines or more end within a point', () => {
  assert.deepEqual(
    rightEdges([{ xEnd: 300 }, { xEnd: 299.5 }, { xEnd: 250 }, { xEnd: 300.2 }, { xEnd: 540 }]),
    [300.2],
  );
  assert.deepEqual(rightEdges([{ xEnd: 300 }, { xEnd: 298 }, { xEnd: 296 }]), []);
  assert.deepEqual(rightEdges([]), []);
});

test('flushRightCell: a description, then a cell reaching into the gutter and ending at a right edge', () => {
  const g = [{ a: 160, b: 200 }];
  const p = (text: string, x: number, xEnd: number) => ({ text, x, xEnd });
  // Across the gutter, from the left of it.
  assert.equal(flushRightCell([p('real precision', 60, 130), p('precision(x)', 150, 300)], g, [300], 10), true);
  // Into the gutter, after a description that ends in it.
  assert.equal(flushRightCell([p('number of objects', 60, 170), p('getheap()', 176, 300)], g, [300], 10), true);
  // The cell in pieces (a typewriter face's spaces, wider than a word space, narrower than a gutter).
  assert.equal(
    flushRightCell(
      [p('quotient', 60, 100), p('x\\y,', 140, 160), p('x%y,', 164, 180), p('divrem', 184, 300)],
      g,
      [300],
      10,
    ),
    true,
  );
  // A gap a gutter wide inside the rest: a justified line whose sentences part wide.
  assert.equal(
    flushRightCell([p('A sentence.', 60, 100), p('Another one.', 140, 230), p('And a third', 245, 300)], g, [300], 10),
    false,
  );
  // Not at a right edge.
  assert.equal(flushRightCell([p('real precision', 60, 130), p('precision(x)', 150, 280)], g, [300], 10), false);
  // One piece: a paragraph's line.
  assert.equal(flushRightCell([p('a line of prose over the columns', 60, 300)], g, [300], 10), false);
  // The first piece starts right of the gutter's left side, or runs past its right side.
  assert.equal(flushRightCell([p('x', 170, 180), p('precision(x)', 190, 300)], g, [300], 10), false);
  assert.equal(flushRightCell([p('a long description running on', 60, 210), p('f(x)', 260, 300)], g, [300], 10), false);
  // The cell starts right of the gutter: the line would have fitted.
  assert.equal(flushRightCell([p('long', 60, 150), p('f(x)', 250, 300)], g, [300], 10), false);
  // A table of three columns is no card.
  assert.equal(flushRightCell([p('a', 60, 80), p('bb', 150, 300)], [g[0]!, { a: 240, b: 260 }], [300], 10), false);
});

test('describesCode: a monospace line opening with a word in the proportional face, with pieces', () => {
  const pieces = [
    { text: 'current precision', x: 60, xEnd: 140 },
    { text: 'getlocalprec, getlocalbitprec', x: 160, xEnd: 300 },
  ];
  assert.equal(describesCode({ mono: true, monoStart: false, pieces }), true);
  assert.equal(describesCode({ mono: true, pieces }), false);
  assert.equal(describesCode({ mono: false, pieces }), false);
  assert.equal(describesCode({ mono: true, monoStart: false }), false);
  // A numbered listing's line: its number in the proportional face.
  assert.equal(
    describesCode({ mono: true, monoStart: false, pieces: [{ text: '12', x: 40, xEnd: 50 }, ...pieces.slice(1)] }),
    false,
  );
  // ...its number run into its code, its comment at a tab stop (doc.sty's macrocode).
  const numbered = [
    { text: '3 \\usepackage[T1]{fontenc}', x: 148, xEnd: 267 },
    { text: '% Modern font encoding', x: 323, xEnd: 427 },
  ];
  assert.equal(describesCode({ mono: true, monoStart: false, pieces: numbered }), false);
});

test('tabStops: where eight lines or more start a piece after their first', () => {
  const l = (...xs: number[]) => ({ pieces: xs.map((x) => ({ text: 't', x, xEnd: x + 10 })) });
  const at200 = Array.from({ length: 8 }, () => l(60, 200));
  assert.deepEqual(tabStops(at200), [200]);
  // First pieces (a column's left edge) are no tab stops; seven lines are too few.
  assert.deepEqual(tabStops(at200.slice(1)), []);
  assert.deepEqual(tabStops(Array.from({ length: 8 }, () => l(60))), []);
  assert.deepEqual(tabStops([...at200.slice(0, 4), ...Array.from({ length: 4 }, () => l(60, 200.6))]), [200]);
});

test('tabbedPair: two rows make a table when their second column starts at a tab stop of the page', () => {
  const lines = buildLines(
    rowsOf(
      [
        ['get/set random seed', 'getrand, setrand(s)'],
        ['random integer', 'random(N)'],
        ['A paragraph after the two rows runs over both of their columns.'],
      ],
      [60, 200],
    ),
  );
  assert.deepEqual((({ start, end }) => ({ start, end }))(tabbedPair(lines, 0, [200])!), { start: 0, end: 2 });
  assert.equal(tabbedPair(lines, 0, []), null);
  assert.equal(tabbedPair(lines, 0, [250]), null);
  // On a page of a card (its commands at x 200), the pair is read as rows; elsewhere not.
  const card = buildLines([
    ...rowsOf(
      Array.from({ length: 8 }, (_, i) => [`description ${i}`, `command${i}()`]),
      [60, 200],
    ),
    item('Random Numbers', 60, 580, { size: 13 }),
    ...rowsOf(
      [
        ['get/set random seed', 'getrand, setrand(s)'],
        ['random integer', 'random(N)'],
      ],
      [60, 200],
      566,
    ),
  ]);
  assert.deepEqual(rowTexts(readTables(card)).slice(-3), [
    'Random Numbers',
    '[get/set random seed | getrand, setrand(s)]',
    '[random integer | random(N)]',
  ]);
  assert.deepEqual(rowTexts(readTables(lines)).slice(0, 2), [
    'get/set random seed getrand, setrand(s)',
    'random integer random(N)',
  ]);
});

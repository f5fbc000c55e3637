// Ruled tables of untagged PDFs (src/documents/formats/pdf/rules.ts, tables.ts readRuledTable):
// the rules a page draws give the cells (vertically centred wrapped cells, empty cells, cells
// merged over rows or columns, rows grouped between rules); a framed box, a table whose rules
// only box it, and pages of prose are no ruled tables. Rules and lines are built by hand or by
// the layout step; a generated PDF checks the rows come out as row blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  headerBand,
  mayHoldRuledTable,
  mergeRules,
  pageRules,
  openRules,
  ruledGrids,
  ruleOf,
  thinRectRule,
  type DrawnOperators,
  type Rule,
} from '../../../../src/documents/formats/pdf/rules.ts';
import {
  cellListing,
  lineRows,
  listingRow,
  readRuledTable,
  readTables,
  splitAtRules,
  GUTTER_EM,
} from '../../../../src/documents/formats/pdf/tables.ts';
import { buildLines } from '../../../../src/documents/formats/pdf/layout.ts';
import { OPS, RULE_PATHS } from '../../../../src/documents/formats/pdf/pdfjs.ts';
import { openPdf } from '../../../../src/documents/formats/pdf/page-text.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { DEFAULT_OCR } from '../../../../src/documents/ocr/options.ts';
import { makePdf, pdfString } from '../../helpers/make-pdf.ts';
import { item } from '../../helpers/raw-items.ts';

const h = (y: number, x0: number, x1: number): Rule => ({ x0, y0: y, x1, y1: y });
const v = (x: number, y0: number, y1: number): Rule => ({ x0: x, y0, x1: x, y1 });

/** A full grid's rules: a horizontal rule at each y across, a vertical at each x down. */
function grid(xs: number[], ys: number[]): Rule[] {
  return [...ys.map((y) => h(y, xs[0]!, xs.at(-1)!)), ...xs.map((x) => v(x, ys.at(-1)!, ys[0]!))];
}

test('segments and thin filled rectangles are rules; slanted, short and thick ones are not', () => {
  const cases: [string, Rule | null, Rule | null][] = [
    ['horizontal stroke', ruleOf(10, 100, 200, 100.2), { x0: 10, y0: 100.1, x1: 200, y1: 100.1 }],
    ['vertical stroke, drawn upwards or down', ruleOf(50, 300, 50, 100), { x0: 50, y0: 100, x1: 50, y1: 300 }],
    ['slanted', ruleOf(0, 0, 100, 50), null],
    ['a dot', ruleOf(10, 10, 11, 10), null],
    [
      'a thin filled rectangle (LaTeX \\hline)',
      thinRectRule([
        [10, 99.8],
        [200, 99.8],
        [200, 100.2],
        [10, 100.2],
      ]),
      { x0: 10, y0: 100, x1: 200, y1: 100 },
    ],
    [
      'a shaded cell background',
      thinRectRule([
        [10, 80],
        [200, 80],
        [200, 100],
        [10, 100],
      ]),
      null,
    ],
  ];
  for (const [what, got, want] of cases) {
    if (want === null) assert.equal(got, null, what);
    else {
      assert.ok(got, what);
      for (const k of ['x0', 'y0', 'x1', 'y1'] as const) assert.ok(Math.abs(got[k] - want[k]) < 0.01, `${what}: ${k}`);
    }
  }
});

test('the rules of an operator list are read in page space, through the transforms in force', () => {
  const path = (op: number, ...codes: number[]) => [op, [new Float32Array(codes)], null];
  const list = {
    fnArray: [OPS.save, OPS.transform, OPS.constructPath, OPS.restore, OPS.constructPath, OPS.constructPath],
    argsArray: [
      null,
      [1, 0, 0, 1, 100, 500],
      // a stroked line 0,0 -> 0,12 under the transform: a vertical rule at x 100 from 500 to 512
      path(OPS.stroke, 0, 0, 0, 1, 0, 12),
      null,
      // a filled thin rectangle (moveTo, 3 lineTo, close): a horizontal rule at y 400
      path(OPS.fill, 0, 50, 399.8, 1, 300, 399.8, 1, 300, 400.2, 1, 50, 400.2, 4),
      // a curve is no rule
      path(OPS.stroke, 0, 0, 0, 2, 10, 10, 20, 10, 30, 0),
    ],
  };
  const rules = pageRules(list, OPS);
  assert.equal(rules.length, 2);
  assert.deepEqual(
    rules.map((r) => [r.x0, r.y0, r.x1, r.y1].map((n) => Math.round(n))),
    [
      [100, 500, 100, 512],
      [50, 400, 300, 400],
    ],
  );
});

test("a page's text content carries its painted paths: the rules of its operator list, a form's each time it is painted", async () => {
  const content = [
    'BT /F1 10 Tf 50 740 Td (Rules drawn in every way pdf.js reads them) Tj ET',
    '0.5 w 50 700 m 450 700 l S',
    'q 1 0 0 1 0 -20 cm 50 700 m 450 700 l S Q',
    '50 640 400 0.4 re f',
    '60 600 m 60 500 l 200 500 l h s',
    '70 580 m 90 590 100 570 120 580 c S',
    '300 560 50 50 re W n',
    'q 1 0 0 1 0 -300 cm /Grid Do Q',
    '/Grid Do',
    'BT /F1 10 Tf 50 100 Td (Text after the form) Tj ET',
  ].join('\n');
  const bytes = makePdf({
    pages: [{ content }, { runs: [{ text: 'A page that draws nothing', x: 50, y: 700 }] }],
    forms: [{ name: 'Grid', matrix: '1 0 0 1 10 0', content: '0 0 1 RG 300 450 m 300 350 l S 300 450 100 2 re f' }],
  });
  const task = openPdf(bytes, false);
  try {
    const doc = await task.promise;
    const painted = async (n: number) => {
      const page = await doc.getPage(n);
      const tc = await page.getTextContent({ disableNormalization: true });
      const items = tc.items.filter((it) => (it as { type?: string }).type === RULE_PATHS);
      const list = await page.getOperatorList();
      return { items: items as unknown as DrawnOperators[], fromList: pageRules(list, OPS) };
    };
    const first = await painted(1);
    assert.equal(first.items.length, 1);
    const fromText = pageRules(first.items[0]!, OPS);
    assert.deepEqual(fromText, first.fromList);
    const rounded = fromText.map((r) => [r.x0, r.y0, r.x1, r.y1].map((n) => Math.round(n)));
    // The stroked lines, the filled thin rectangle, the closed path's three sides; no curve, no
    // clipping rectangle; the form's vertical stroke and thin bar twice, moved by its matrix.
    assert.deepEqual(rounded, [
      [50, 700, 450, 700],
      [50, 680, 450, 680],
      [50, 640, 450, 640],
      [60, 500, 60, 600],
      [60, 500, 200, 500],
      [310, 50, 310, 150],
      [310, 151, 410, 151],
      [310, 350, 310, 450],
      [310, 451, 410, 451],
    ]);
    const second = await painted(2);
    assert.deepEqual(second, { items: [], fromList: [] });
  } finally {
    await task.destroy();
  }
});

test("TeX's underscore rules are read as underscores; an underline under a word is not", async () => {
  // Times-Roman 12 pt: "mpfr" is 23.328 wide, "prec" 20.664; TeX's \_ is a kern of .06 em and a
  // rule .3 em wide, 0.4 pt high, on the baseline, then the next letters.
  const w = { mpfr: 23.328, prec: 20.664 };
  const kern = 0.72;
  const bar = 3.6;
  const x1 = 100 + w.mpfr + kern;
  const x2 = x1 + bar + w.prec + kern;
  const content = [
    `BT /F4 12 Tf 100 700 Td (mpfr) Tj ET ${x1} 700 ${bar} 0.4 re f`,
    `BT /F4 12 Tf ${x1 + bar} 700 Td (prec) Tj ET ${x2} 700 ${bar} 0.4 re f`,
    `BT /F4 12 Tf ${x2 + bar} 700 Td (t is the type of a precision.) Tj ET`,
    // A link's underline under "it", 1.5 pt below the baseline, drawn after the words.
    'BT /F4 12 Tf 100 660 Td (Read it now.) Tj ET 126.66 658.2 7.33 0.5 re f',
  ].join('\n');
  const r = await extractPdf(makePdf({ pages: [{ content }] }), { ocr: { ...DEFAULT_OCR, mode: 'off' } });
  assert.deepEqual(
    r.blocks.map((b) => b.text),
    ['mpfr_prec_t is the type of a precision.', 'Read it now.'],
  );
});

test('rules drawn in pieces or twice are merged into one', () => {
  const merged = mergeRules([h(100, 10, 60), h(100.4, 59, 120), h(100, 200, 260), h(150, 10, 60)], true);
  assert.deepEqual(
    merged.map((r) => [Math.round(r.y0), r.x0, r.x1]),
    [
      [100, 10, 120],
      [100, 200, 260],
      [150, 10, 60],
    ],
  );
});

test('a grid of rules is a table; merged cells stay one; a framed box or a lone rule is none', () => {
  const [g] = ruledGrids(grid([50, 150, 250, 350], [700, 680, 660, 640]));
  assert.ok(g);
  assert.deepEqual(g.xs, [50, 150, 250, 350]);
  assert.deepEqual(g.ys, [700, 680, 660, 640]);
  assert.equal(g.cells.length, 9);
  // The first column merged over the two body rows (no rule between them there), and the last
  // row's second and third cells merged (no rule between them in that row).
  const rules = [
    h(700, 50, 350),
    h(680, 50, 350),
    h(660, 150, 350),
    h(640, 50, 350),
    v(50, 640, 700),
    v(150, 640, 700),
    v(250, 660, 700),
    v(350, 640, 700),
  ];
  const [m] = ruledGrids(rules);
  assert.ok(m);
  const cells = [...m.cells].sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
  assert.deepEqual(cells, [
    { r0: 0, r1: 0, c0: 0, c1: 0 },
    { r0: 0, r1: 0, c0: 1, c1: 1 },
    { r0: 0, r1: 0, c0: 2, c1: 2 },
    { r0: 1, r1: 2, c0: 0, c1: 0 },
    { r0: 1, r1: 1, c0: 1, c1: 1 },
    { r0: 1, r1: 1, c0: 2, c1: 2 },
    { r0: 2, r1: 2, c0: 1, c1: 2 },
  ]);
  const none: [string, Rule[]][] = [
    ['a framed box', grid([50, 350], [700, 600])],
    ['one row of cells', grid([50, 150, 250], [700, 680])],
    ['a rule under a running head', [h(760, 50, 550)]],
    ['rules that do not meet', [h(700, 50, 150), h(680, 50, 150), h(660, 50, 150), v(300, 600, 700), v(400, 600, 700)]],
  ];
  for (const [what, rs] of none) assert.deepEqual(ruledGrids(rs), [], what);
});

test("a page's open rules: horizontal rules no grid holds, merged, a table's width long", () => {
  const boxed = grid([50, 150, 250], [700, 680, 660]);
  const cases: [string, Rule[], [number, number, number][]][] = [
    [
      'a {ll} tabular with \\hline over and under its header and at its end',
      [h(701, 90, 507), h(688, 90, 507), h(473, 90, 507)],
      [
        [473, 90, 507],
        [688, 90, 507],
        [701, 90, 507],
      ],
    ],
    ['a rule drawn in two pieces', [h(600, 90, 300), h(600, 299, 507)], [[600, 90, 507]]],
    ['an underline under a word, a vertical rule', [h(600, 90, 110), v(300, 500, 600)], []],
    ["a grid's rules", boxed, []],
    ["a grid's rules and a rule under the page's text", [...boxed, h(500, 50, 550)], [[500, 50, 550]]],
  ];
  for (const [what, rs, want] of cases) {
    const got = openRules(rs, ruledGrids(rs)).map((r) => [Math.round(r.y0), r.x0, r.x1]);
    assert.deepEqual(got, want, what);
  }
});

test('a page hints at a table when two of its lines share a gutter; prose, a running head and leaders do not', () => {
  const lines = (rows: [string, number][][]) =>
    buildLines(rows.flatMap((r, i) => r.map(([t, x]) => item(t, x, 700 - i * 12))));
  const cases: [string, [string, number][][], boolean][] = [
    [
      'a table header and a row',
      [
        [['Running text above the table, long enough.', 60]],
        [
          ['Column 1', 60],
          ['Column 2', 200],
        ],
        [
          ['cell', 60],
          ['other', 200],
        ],
        [['Running text below the table, long enough.', 60]],
      ],
      true,
    ],
    [
      'prose',
      [
        [['A line of prose that runs on and on.', 60]],
        [['Another line of prose that runs on.', 60]],
        [['A third line of the same paragraph.', 60]],
        [['And the last line.', 60]],
      ],
      false,
    ],
    [
      'a running head and foot only',
      [
        [
          ['Chapter 2: Setup', 60],
          ['17', 400],
        ],
        [['A line of prose that runs on and on.', 60]],
        [['Another line of prose that runs on.', 60]],
        [
          ['Manual', 60],
          ['v1.0', 400],
        ],
      ],
      false,
    ],
    [
      'contents entries with leaders',
      [
        [['Contents', 60]],
        [
          ['1 Introduction . . . . . . .', 60],
          ['1', 400],
        ],
        [
          ['2 Setup . . . . . . . . . .', 60],
          ['5', 400],
        ],
        [['end', 60]],
      ],
      false,
    ],
  ];
  for (const [what, rows, want] of cases) assert.equal(mayHoldRuledTable(lines(rows), GUTTER_EM), want, what);
});

test('a piece crossing a cell rule is cut at the space nearest the rule', () => {
  assert.deepEqual(splitAtRules({ text: 'alpha beta', x: 0, xEnd: 100 }, [52]), [
    { text: 'alpha', x: 0, xEnd: 52 },
    { text: 'beta', x: 52, xEnd: 100 },
  ]);
  assert.deepEqual(splitAtRules({ text: 'alphabeta', x: 0, xEnd: 100 }, [50]), [
    { text: 'alphabeta', x: 0, xEnd: 100 },
  ]);
  assert.deepEqual(splitAtRules({ text: 'alpha beta', x: 0, xEnd: 100 }, [150]), [
    { text: 'alpha beta', x: 0, xEnd: 100 },
  ]);
});

/** An office suite's table: cells centred vertically in rows of wrapped cells, one cell merged over two rows. */
function officeTable() {
  // Columns 50-150-250-350; rows 700-680 (header), 680-640, 640-620. Column 1 merged over the body rows.
  const rules = [
    h(700, 50, 350),
    h(680, 50, 350),
    h(640, 150, 350),
    h(620, 50, 350),
    v(50, 620, 700),
    v(150, 620, 700),
    v(250, 620, 700),
    v(350, 620, 700),
  ];
  const items = [
    item('Intro text before the table.', 50, 720),
    item('Name', 55, 686),
    item('Value', 155, 686),
    item('Notes', 255, 686),
    // a wrapped cell (two lines) beside a one-line cell centred between them, and an empty cell
    item('a cell that', 155, 666),
    item('short', 255, 660),
    item('wraps', 155, 654),
    // the merged cell's text, centred over both body rows
    item('merged', 55, 640),
    item('second', 155, 626),
    item('Outro text after the table.', 50, 600),
  ];
  return { grids: ruledGrids(rules), lines: buildLines(items) };
}

test('a ruled table is read row by row: wrapped and centred cells in their row, merged cells kept in place', () => {
  const { grids, lines } = officeTable();
  assert.equal(grids.length, 1);
  const out = readTables(lines, false, grids);
  assert.deepEqual(
    out.map((l) => (l.tag?.kind === 'row' ? [l.tag.cells] : l.text)),
    [
      'Intro text before the table.',
      [['Name', 'Value', 'Notes']],
      [['merged', 'a cell that wraps', 'short']],
      [['', 'second', '']],
      'Outro text after the table.',
    ],
  );
});

test('rows set between two rules without one of their own are parted at their baselines; wrapped cells are not', () => {
  // LaTeX's \hline every few rows: three rows of three narrow, centred cells between two rules.
  const cells = (rows: string[][], xs: number[]) =>
    rows[0]!.map((_, c) => ({
      lines: rows.map((r, i) => ({ y: 600 - 12 * i, x: xs[c]! + 4, xEnd: xs[c]! + 4 + r[c]!.length * 5, text: r[c]! })),
      left: xs[c]!,
      right: xs[c + 1]!,
    }));
  const grouped = cells(
    [
      ['1', 'bottom', '= 0'],
      ['2', 'left', '≥ 0'],
      ['4', 'top', '≤ 0'],
    ],
    [0, 30, 80, 110],
  );
  assert.deepEqual(lineRows(grouped, 4), [[600], [588], [576]]);
  // Two cells that wrap to two lines each, every line full: one row.
  const wrapped = cells(
    [
      ['a long cell that', 'another long cell'],
      ['wraps here', 'wrapping too'],
    ],
    [0, 90, 190],
  );
  assert.equal(lineRows(wrapped, 4), null);
  // A cell with one line beside a cell of two: one row.
  assert.equal(
    lineRows(
      [
        { lines: [{ y: 600, x: 4, xEnd: 20, text: 'x' }], left: 0, right: 100 },
        { lines: grouped[1]!.lines.slice(0, 2), left: 100, right: 200 },
      ],
      4,
    ),
    null,
  );
});

test('rows between two rules whose cells wrap to more lines than the others: a wrapped line stays in its row', () => {
  // freefem's keyword table: "solve | Enter Solver Mode", "pde, id | Solver Functions", "plot,
  // plot3d | graphical functions: plot isolines in 2D" over "and Elevated Surface in 3D".
  const line = (y: number, x: number, text: string) => ({ y, x, xEnd: x + text.length * 5, text });
  const left = {
    left: 0,
    right: 200,
    lines: [line(600, 4, 'solve'), line(588, 4, 'pde, id'), line(576, 4, 'plot, plot3d')],
  };
  const right = {
    left: 200,
    right: 400,
    lines: [
      line(600, 204, 'Enter Solver Mode'),
      line(588, 204, 'Solver Functions'),
      line(576, 204, 'graphical functions: plot'),
      line(564, 204, 'and Elevated Surface in 3D'),
    ],
  };
  assert.deepEqual(lineRows([left, right], 4), [[600], [588], [576, 564]]);
  // A line before the first row's (a cell set higher than the others) goes with the first row.
  const high = { ...right, lines: [line(612, 204, 'Change the state:'), ...right.lines.slice(0, 3)] };
  assert.deepEqual(lineRows([left, high], 4), [[612, 600], [588], [576]]);
  // A baseline the right cell lacks where another cell of the grid has text (lshort-pt's
  // \cline under "octal": "binário" is a cell of its own): no wrap, the grid row stays one row.
  const clined = { ...right, lines: right.lines.slice(0, 2) };
  assert.equal(lineRows([left, clined], 4, new Set([576])), null);
  assert.deepEqual(lineRows([left, clined], 4), [[600], [588, 576]]);
  // A cell of three lines beside one centred line: one row.
  const centred = { left: 200, right: 400, lines: [line(588, 204, 'Mathematical Functions')] };
  assert.equal(lineRows([left, centred], 4), null);
});

test('a grid whose rules box the table but do not part its columns is left to the text geometry', () => {
  // \begin{tabular}{|ll|}: a box, a rule under the header, the columns parted by space only.
  const rules = [
    h(700, 50, 350),
    h(680, 50, 350),
    h(620, 50, 350),
    v(50, 620, 700),
    v(150, 680, 700),
    v(350, 620, 700),
  ];
  const grids = ruledGrids(rules);
  assert.equal(grids.length, 1);
  const lines = buildLines([
    item('Key', 55, 686),
    item('Action', 155, 686),
    item('^B', 55, 666),
    item('move back a character', 155, 666),
    item('^F', 55, 654),
    item('move forward a character', 155, 654),
    item('^A', 55, 642),
    item('move to the start', 155, 642),
  ]);
  assert.equal(readRuledTable(lines, grids[0]!), null);
});

test('a PDF table drawn with cell rules comes out as rows, the centred cell in its row', async () => {
  const text = (t: string, x: number, y: number, font = 'F1') => `BT /${font} 10 Tf ${x} ${y} Td ${pdfString(t)} Tj ET`;
  const line = (x0: number, y0: number, x1: number, y1: number) => `${x0} ${y0} m ${x1} ${y1} l S`;
  const content = [
    text('The options of the command are these:', 50, 730),
    '0.5 w',
    line(50, 710, 450, 710),
    line(50, 690, 450, 690),
    line(50, 650, 450, 650),
    line(50, 630, 450, 630),
    line(50, 710, 50, 630),
    line(150, 710, 150, 630),
    line(300, 710, 300, 630),
    line(450, 710, 450, 630),
    text('Option', 55, 696, 'F2'),
    text('Meaning', 155, 696, 'F2'),
    text('Default', 305, 696, 'F2'),
    text('--width', 55, 666),
    text('the width of the page,', 155, 676),
    text('in points', 155, 664),
    text('595', 305, 670),
    text('--quiet', 55, 636),
    text('no messages', 155, 636),
    text('The command then writes the file.', 50, 600),
  ].join('\n');
  const r = await extractPdf(makePdf({ pages: [{ content }] }), { ocr: { ...DEFAULT_OCR, mode: 'off' } });
  assert.deepEqual(
    r.blocks.map((b) => [b.kind, b.text, b.cells?.some((c) => c.header) ?? false]),
    [
      ['paragraph', 'The options of the command are these:', false],
      ['row', 'Option | Meaning | Default', true],
      ['row', '--width | the width of the page, in points | 595', false],
      ['row', '--quiet | no messages', false],
      ['paragraph', 'The command then writes the file.', false],
    ],
  );
});

test('a PDF table ruled only across (\\hline, booktabs): the row between the first two rules is its header', async () => {
  const text = (t: string, x: number, y: number) => `BT /F1 10 Tf ${x} ${y} Td ${pdfString(t)} Tj ET`;
  const line = (y: number) => `90 ${y} m 507 ${y} l S`;
  const body = ['length', 'mismatchTable', 'nchar', 'nedit'];
  const table = (rules: number[]) =>
    [
      text('These functions read an alignment:', 90, 730),
      '0.4 w',
      ...rules.map(line),
      text('Function', 95, 692),
      text('Description', 250, 692),
      ...body.flatMap((f, k) => [
        text(f, 95, 676 - 14 * k),
        text(`Computes the ${f} of the alignments`, 250, 676 - 14 * k),
      ]),
      text('They take one argument each.', 90, 600),
    ].join('\n');
  const read = async (rules: number[]) =>
    (await extractPdf(makePdf({ pages: [{ content: table(rules) }] }), { ocr: { ...DEFAULT_OCR, mode: 'off' } })).blocks
      .filter((b) => b.kind === 'row')
      .map((b) => [b.text, b.cells?.some((c) => c.header) ?? false]);
  const rows = await read([701, 688, 625]);
  assert.deepEqual(rows[0], ['Function | Description', true]);
  assert.deepEqual(
    rows.slice(1).map((r) => r[1]),
    [false, false, false, false],
  );
  // Ruled under every row: nothing says which row heads it.
  const every = await read([701, 688, 674, 660, 646, 625]);
  assert.deepEqual(every[0], ['Function | Description', false]);
});

test('a ruled cell read as a listing: its part of each typewriter line, indented as set, blank lines kept', () => {
  // Lines set 5 units a column from x 55; the cell's rules at 50 and 200 (a second cell from 200).
  const set = (y: number, text: string, col = 0) => ({ y, set: { text, x: 55 + col * 5, advance: 5 } });
  const cases: [string, Parameters<typeof cellListing>[0], number, number, string[] | undefined][] = [
    ['one cell, an indented line', [set(600, 'let f () ='), set(588, 'g x', 2)], 50, 200, ['let f () =', '  g x']],
    [
      "the left cell of a line set across two cells: the line's part up to the rule",
      [set(600, 'let f () =                    let f () ='), set(588, 'g &x                          g x', 2)],
      50,
      200,
      ['let f () =', '  g &x'],
    ],
    [
      'the right cell of the same lines, indentation from its own leftmost line',
      [set(600, 'let f () =                    let f () ='), set(588, 'g &x                          g x', 2)],
      200,
      350,
      ['let f () =', '  g x'],
    ],
    [
      'a wider step between baselines holds a blank line',
      [set(600, 'let a = 1'), set(588, 'let b ='), set(576, 'a', 2), set(552, 'let c = 2')],
      50,
      200,
      ['let a = 1', 'let b =', '  a', '', 'let c = 2'],
    ],
    [
      'lines given bottom first are read top to bottom',
      [set(588, 'g x', 2), set(600, 'let f () =')],
      50,
      200,
      ['let f () =', '  g x'],
    ],
    ['a line not set in typewriter: no listing', [set(600, 'let f () ='), { y: 588 }], 50, 200, undefined],
  ];
  for (const [name, lines, left, right, want] of cases) assert.deepEqual(cellListing(lines, left, right), want, name);
});

test('a ruled row is read as listings when each filled cell is one of 2+ lines and one line is indented', () => {
  const cases: [string, (string[] | undefined)[], string[] | undefined][] = [
    [
      'two cells of code: one after the other, a blank line between',
      [
        ['let f () =', '  g &x'],
        ['let f () =', '  g x'],
      ],
      ['let f () =', '  g &x', '', 'let f () =', '  g x'],
    ],
    [
      'a table of typewriter words set flush, a row a line (rules around groups of rows): a table',
      [
        ['\\alpha', '\\beta'],
        ['\\gamma', '\\delta'],
      ],
      undefined,
    ],
    ['a cell of one line beside a listing: a row', [['x <- 1'], ['let f () =', '  g x']], undefined],
    ['a cell that is no listing (prose)', [undefined, ['let f () =', '  g x']], undefined],
    ['one cell alone', [['let f () =', '  g x']], undefined],
  ];
  for (const [name, cells, want] of cases) assert.deepEqual(listingRow(cells), want, name);
});

test('a ruled table whose row holds a listing in each cell: that row one code row, the others rows', () => {
  // Sphinx's table of syntax and its desugaring: a header in a proportional face, then a row of
  // two cells each holding a listing set in typewriter (5 units a column), then a row of one line.
  const rules = grid([50, 200, 350], [700, 684, 620, 604]);
  const grids = ruledGrids(rules);
  assert.equal(grids.length, 1);
  const mono = { mono: true };
  const lines = buildLines([
    item('auto-dereference syntax', 55, 690),
    item('desugared to', 205, 690),
    item('let f () =', 55, 670, mono),
    item('let f () =', 205, 670, mono),
    item('let ref x = 0 in', 65, 658, mono),
    item('let x = ref 0 in', 215, 658, mono),
    item('g &x', 65, 646, mono),
    item('g x', 215, 646, mono),
    item('f x', 55, 610, mono),
    item('f x.contents', 205, 610, mono),
  ]);
  const read = readRuledTable(lines, grids[0]!);
  assert.ok(read);
  assert.deepEqual(
    read.rows.map((r) => r.code ?? r.cells),
    [
      ['auto-dereference syntax', 'desugared to'],
      ['let f () =', '  let ref x = 0 in', '  g &x', '', 'let f () =', '  let x = ref 0 in', '  g x'],
      ['f x', 'f x.contents'],
    ],
  );
});

test('a PDF table whose row holds a listing in each cell: that row one code block, under its header', async () => {
  const text = (t: string, x: number, y: number, font = 'F1') => `BT /${font} 10 Tf ${x} ${y} Td ${pdfString(t)} Tj ET`;
  const line = (x0: number, y0: number, x1: number, y1: number) => `${x0} ${y0} m ${x1} ${y1} l S`;
  const content = [
    text('That syntactic sugar applies to the caller side:', 50, 730),
    '0.5 w',
    line(50, 710, 450, 710),
    line(50, 690, 450, 690),
    line(50, 630, 450, 630),
    line(50, 610, 450, 610),
    line(50, 710, 50, 610),
    line(250, 710, 250, 610),
    line(450, 710, 450, 610),
    text('auto-dereference syntax', 55, 696),
    text('desugared to', 255, 696),
    text('let f () =', 55, 676, 'F3'),
    text('let f () =', 255, 676, 'F3'),
    text('let ref x = 0 in', 67, 664, 'F3'),
    text('let x = ref 0 in', 267, 664, 'F3'),
    text('g &x', 67, 652, 'F3'),
    text('g x', 267, 652, 'F3'),
    // A row in a proportional face: the page hints at a table (mayHoldRuledTable).
    text('a variable', 55, 616),
    text('its reference', 255, 616),
    text('The marker can only be attached to a variable.', 50, 580),
  ].join('\n');
  const r = await extractPdf(makePdf({ pages: [{ content }] }), { ocr: { ...DEFAULT_OCR, mode: 'off' } });
  assert.deepEqual(
    r.blocks.map((b) => [b.kind, b.text, b.tableHeader ?? '']),
    [
      ['paragraph', 'That syntactic sugar applies to the caller side:', ''],
      ['row', 'auto-dereference syntax | desugared to', ''],
      [
        'code',
        'let f () =\n  let ref x = 0 in\n  g &x\n\nlet f () =\n  let x = ref 0 in\n  g x',
        'auto-dereference syntax | desugared to',
      ],
      ['row', 'a variable | its reference', ''],
      ['paragraph', 'The marker can only be attached to a variable.', ''],
    ],
  );
});

// gprolog's key table: a `|l|c|l|` body of rows 12.4 pt apart under a header row set between a
// rule above it and a double rule (`\hline\hline`) at the body's top, neither with column rules.
test('headerBand: a header row in a band of its own over a ruled grid', () => {
  const [body] = ruledGrids(grid([65, 125, 196, 477], [687.4, 675, 662.6, 650.2]));
  const rules = (...ys: number[]) => ys.map((y) => h(y, 64.9, 477.6));
  const line = (y: number, ...ps: [string, number, number][]) => ({
    y,
    x: ps[0]![1],
    xEnd: ps.at(-1)![2],
    text: ps.map((p) => p[0]).join(' '),
    pieces: ps.map(([text, x, xEnd]) => ({ text, x, xEnd })),
  });
  const head = line(693.6, ['Key', 86, 103.5], ['Alternate key', 130.7, 190], ['Description', 202.3, 252.1]);
  const band = [702.2, 687.4, 675, 662.6, 650.2];
  const cases: [string, Rule[], ReturnType<typeof line>[], number[] | null][] = [
    ['a spanning rule a row above, a double rule at the top: the band is a row', rules(689.8, 702.2), [head], band],
    ['a single rule above, no double rule', rules(702.2), [head], band],
    [
      'a header cell wrapped to a second line',
      rules(689.8, 702.2),
      [
        line(697, ['Key', 86, 103.5], ['Alternate', 131, 170], ['Description', 202.3, 252.1]),
        line(691, ['key', 140, 155]),
      ],
      band,
    ],
    ['no line in the band', rules(689.8, 702.2), [line(720, ['Intro text over the table', 65, 300])], null],
    [
      'a line of prose across the columns',
      rules(689.8, 702.2),
      [line(693.6, ['Finally, the syntactic sugar applies to the caller side:', 65, 400])],
      null,
    ],
    [
      'text in one column only (a title over the table)',
      rules(689.8, 702.2),
      [line(693.6, ['COLLABORATORS', 66, 120])],
      null,
    ],
    [
      'three lines: no header row',
      rules(689.8, 702.2),
      [
        line(700, ['a', 70, 80], ['b', 130, 140]),
        line(696, ['c', 70, 80], ['d', 130, 140]),
        line(692, ['e', 70, 80], ['f', 130, 140]),
      ],
      null,
    ],
    ['the rule above too far (a rule of the text above)', rules(689.8, 730), [head], null],
    ['a rule that does not span the grid', [h(702.2, 64.9, 300)], [head], null],
    ['no rule above', [], [head], null],
  ];
  for (const [name, open, lines, want] of cases) {
    const got = headerBand(body!, open, lines);
    assert.deepEqual(got?.ys ?? null, want, name);
    if (got) {
      // One cell a column in the band, the body's cells a row lower.
      assert.deepEqual(
        got.cells.slice(0, 3),
        [0, 1, 2].map((c) => ({ r0: 0, r1: 0, c0: c, c1: c })),
        name,
      );
      assert.equal(got.cells.length, body!.cells.length + 3, name);
    }
  }
});

test('a ruled grid under a header band is read with its header row, repeated where the table is split', () => {
  const xs = [65, 125, 196, 477];
  const ys = [687.4, 675, 662.6, 650.2];
  const rules = [...grid(xs, ys), h(689.8, 64.9, 477.6), h(702.2, 64.9, 477.6)];
  const grids = ruledGrids(rules);
  const items = [
    item('Here is the list of available commands:', 65, 720),
    item('Key', 86, 693.6),
    item('Alternate key', 131, 693.6),
    item('Description', 202, 693.6),
    item('Ctl-B', 82, 678.9),
    item('←', 155, 678.9),
    item('go to the previous character', 202, 678.9),
    item('Esc-L', 82, 666.5),
    item('lower case the next word', 202, 666.5),
    item('Ctl-Y', 82, 654.1),
    item('paste', 202, 654.1),
    item('History: when a line is entered, linedit records it.', 65, 620),
  ];
  const out = readTables(buildLines(items), false, grids, true, openRules(rules, grids));
  assert.deepEqual(
    out.map((l) => (l.tag?.kind === 'row' ? [l.text, l.tag.header ?? false] : l.text)),
    [
      'Here is the list of available commands:',
      ['Key | Alternate key | Description', true],
      ['Ctl-B | ← | go to the previous character', false],
      ['Esc-L | | lower case the next word', false],
      ['Ctl-Y | | paste', false],
      'History: when a line is entered, linedit records it.',
    ],
  );
});

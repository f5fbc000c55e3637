import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bandColumns, cellBand, cellRuns } from '../../../../src/documents/formats/pdf/cell-rows.ts';
import { HYPHEN_MARK } from '../../../../src/documents/formats/pdf/clean.ts';
import { GUTTER_EM } from '../../../../src/documents/formats/pdf/tables.ts';
import type { LinePiece, TextLine } from '../../../../src/documents/formats/pdf/types.ts';

/** The narrowest gutter, in em, as tables.ts's GUTTER_EM. */
const G = GUTTER_EM;
const W = 4.5; // width of a character, in points
/** A line at (x, y) of one piece, or of several ([text, x] each) parted by wide gaps. */
const line = (text: string | [string, number][], x: number, y: number, o: Partial<TextLine> = {}): TextLine => {
  if (typeof text === 'string')
    return { text, x, xEnd: x + text.length * W, y, size: 10, font: 'F1', mono: false, ...o };
  const pieces: LinePiece[] = text.map(([t, px]) => ({ text: t, x: px, xEnd: px + t.length * W }));
  return {
    text: text.map(([t]) => t).join(' '),
    x: pieces[0]!.x,
    xEnd: pieces.at(-1)!.xEnd,
    y,
    size: 10,
    font: 'F1',
    mono: false,
    pieces,
    ...o,
  };
};

// luaindex's Table 1, as the stream draws it: two p{} columns at 164 and 344, each cell's lines
// top to bottom, then the next cell's from the row's top.
const luaindex = [
  line('Table 1: Implications of option singlepass', 197, 738),
  line(
    [
      ['singlepass=false', 164],
      ['singlepass=true', 344],
    ],
    164,
    722,
    { mono: true },
  ),
  line('index of previous LuaLaTeX run', 164, 708),
  line('will be printed', 164, 694),
  line('index of current LuaLaTeX run will', 344, 708),
  line('be printed', 344, 694),
  line(
    [
      ['start of index depends on the class', 164],
      ['start of the index at next page', 344],
    ],
    164,
    676,
  ),
  line('earliest', 344, 662),
  line('index entries may be added to an', 164, 644),
  line('index even after it has been printed', 164, 631),
  line('no more index entries may be', 344, 644),
  line('added to the index after it has', 344, 631),
  line('been printed', 344, 617),
  line('that changing the format of the page number is not compatible', 164, 580),
];

test('cellBand: a row drawn cell by cell, a merged first line, a paragraph', () => {
  const row = cellBand(luaindex, 2, G)!;
  assert.deepEqual(
    { end: row.end, returns: row.returns, cells: row.cells.map((c) => c.text) },
    {
      end: 6,
      returns: 1,
      cells: ['index of previous LuaLaTeX run will be printed', 'index of current LuaLaTeX run will be printed'],
    },
  );
  const merged = cellBand(luaindex, 6, G)!;
  assert.deepEqual(
    merged.cells.map((c) => c.text),
    ['start of index depends on the class', 'start of the index at next page earliest'],
  );
  assert.equal(merged.returns, 0);
  assert.equal(merged.end, 8);
  // A paragraph: one cell, its lines going down at one x.
  const para = cellBand([line('A paragraph of text that', 164, 700), line('goes on here.', 164, 688)], 0, G)!;
  assert.deepEqual(para.cells.length, 1);
  assert.equal(para.end, 2);
  // Back up, but not to the band's top baseline (a float's text beside): the band ends there.
  const beside = cellBand([line('a cell', 164, 700), line('its line', 164, 688), line('other', 344, 694)], 0, G)!;
  assert.equal(beside.end, 2);
  // A line in typewriter: an example's source beside its result, never a cell's text.
  const source = [line('\\begin{CAS}', 100, 700, { mono: true }), line('x = 12512', 100, 688, { mono: true })];
  assert.equal(cellBand(source, 0, G), undefined);
  assert.equal(cellBand([line('the result', 164, 700), ...source.map((l) => ({ ...l, x: 344 }))], 0, G)!.end, 1);
  // Back up to the top, but over what the band drew (no gutter): the band ends there.
  const over = cellBand([line('a cell of text', 164, 700), line('its line', 164, 688), line('x', 200, 700)], 0, G)!;
  assert.equal(over.end, 2);
});

test('cellBand: a wrapped cell is joined as a paragraph is, a hyphen at the line end marked (clean.ts)', () => {
  const b = cellBand([line('the en-', 164, 700), line('coding of the file', 164, 688), line('UTF-8', 344, 700)], 0, G)!;
  assert.deepEqual(
    b.cells.map((c) => c.text),
    [`the en${HYPHEN_MARK}coding of the file`, 'UTF-8'],
  );
});

test('bandColumns: cells in columns left to right, or none', () => {
  const band = (cells: [number, number][]) => ({
    start: 0,
    end: 1,
    returns: 1,
    top: 0,
    low: 0,
    cells: cells.map(([x, xEnd]) => ({ x, xEnd, text: 't' })),
  });
  assert.deepEqual(
    bandColumns([
      band([
        [164, 300],
        [344, 500],
      ]),
      band([
        [164, 330],
        [344, 480],
      ]),
    ]),
    [
      [0, 1],
      [0, 1],
    ],
  );
  // A column with text in one row only: a drawing's labels beside a line of text (luacas), a
  // tree's nodes (qtree's `This | | VP` over `| V is | | NP`).
  assert.equal(
    bandColumns([
      band([
        [164, 300],
        [420, 430],
      ]),
      band([
        [310, 360],
        [450, 500],
      ]),
    ]),
    undefined,
  );
  // A cell across the gutter joins the columns into one: no table.
  assert.equal(
    bandColumns([
      band([
        [164, 300],
        [344, 500],
      ]),
      band([
        [164, 360],
        [380, 480],
      ]),
    ]),
    undefined,
  );
});

test('cellRuns: the rows of a table drawn cell by cell, and pages that have none', () => {
  const runs = cellRuns(luaindex, G);
  assert.equal(runs.length, 1);
  assert.deepEqual({ start: runs[0]!.start, end: runs[0]!.end }, { start: 2, end: 13 });
  // The header row in typewriter stays a line of its own, as tables.ts leaves typewriter lines.
  assert.deepEqual(
    runs[0]!.rows.map((r) => r.cells),
    [
      ['index of previous LuaLaTeX run will be printed', 'index of current LuaLaTeX run will be printed'],
      ['start of index depends on the class', 'start of the index at next page earliest'],
      [
        'index entries may be added to an index even after it has been printed',
        'no more index entries may be added to the index after it has been printed',
      ],
    ],
  );
  assert.deepEqual(
    runs[0]!.rows.map((r) => r.lines.length),
    [4, 2, 5],
  );
  // A page of two columns: the stream goes back up once, one band, no table.
  const column = (x: number) =>
    Array.from({ length: 6 }, (_, k) => line('a line of a column of text', x, 700 - 12 * k));
  assert.deepEqual(cellRuns([...column(72), ...column(310)], G), []);
  // Every cell one line: rows that go down the page, tables.ts's to read.
  const flat = [0, 1, 2].map((k) =>
    line(
      [
        ['name', 164],
        ['value', 344],
      ],
      164,
      700 - 14 * k,
    ),
  );
  assert.deepEqual(cellRuns(flat, G), []);
  // Names in the margin beside a paragraph's lines (ltxdoc): two cells a line, never back up.
  const margin = [0, 1, 2].map((k) =>
    line(
      [
        ['\\index', 96],
        ['the paragraph beside the names goes on', 164],
      ],
      96,
      700 - 14 * k,
    ),
  );
  assert.deepEqual(cellRuns(margin, G), []);
  // Two rows far apart (more than three lines of space): two tables of one row, none read.
  const far = [...luaindex.slice(2, 6), ...luaindex.slice(2, 6).map((l) => ({ ...l, y: l.y - 80 }))];
  assert.deepEqual(cellRuns(far, G), []);
  // Two rows, one under the other: a table.
  const two = [...luaindex.slice(2, 6), ...luaindex.slice(2, 6).map((l) => ({ ...l, y: l.y - 32 }))];
  assert.equal(cellRuns(two, G).length, 1);
});

// writtenColumns and keepColumns: a table's spacer columns (no row writes in them) get no cell.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keepColumns, writtenColumns } from '../../../src/documents/formats/table-columns.ts';

const rows = (...texts: string[][]) => texts.map((r) => r.map((text) => ({ text })));

const cases: [name: string, table: { text: string }[][], want: number[] | undefined][] = [
  ['every column written: nothing to drop', rows(['a', 'b'], ['c', 'd']), undefined],
  [
    "groff -Thtml's tagged paragraphs: the indent and the gap go",
    rows(['', '-P', '', 'Never follow links.'], ['', '-L', '', 'Follow links.']),
    [1, 3],
  ],
  ['an empty cell under a written column stays', rows(['Name', 'Size', 'Notes'], ['beta', '1', '']), undefined],
  ['a column written in one row only stays', rows(['a', '', 'c'], ['d', 'e', 'f']), undefined],
  ['a blank of spaces writes nothing', rows([' ', 'x'], ['\u00a0', 'y']), [1]],
  ['a row shorter than the table', rows(['a', '', 'c'], ['d']), [0, 2]],
  ['no rows', [], undefined],
];

for (const [name, table, want] of cases)
  test(`writtenColumns: ${name}`, () => assert.deepEqual(writtenColumns(table), want));

test('keepColumns keeps the written columns of a row, in order, and what a short row has', () => {
  assert.deepEqual(keepColumns(['', '-P', '', 'Never'], [1, 3]), ['-P', 'Never']);
  assert.deepEqual(keepColumns(['d'], [0, 2]), ['d']);
});

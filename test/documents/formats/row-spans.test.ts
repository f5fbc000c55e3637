import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ColumnMerges,
  spannedValue,
  SPANNED_LABEL_MAX,
  type VerticalMerge,
} from '../../../src/documents/formats/row-spans.ts';

const cases: [string, string, string][] = [
  ['a category label repeats', 'Fruit', 'Fruit'],
  ['a number repeats', ' 42 ', '42'],
  ['a short phrase repeats', 'cell on 4 lines', 'cell on 4 lines'],
  ['an empty cell stays empty', '', ''],
  ['a value of one line repeats', 'x'.repeat(SPANNED_LABEL_MAX), 'x'.repeat(SPANNED_LABEL_MAX)],
  ['a paragraph stays on its first row', 'word '.repeat(20), ''],
];
for (const [name, text, want] of cases) {
  test(`spannedValue: ${name}`, () => {
    assert.equal(spannedValue(text), want);
  });
}

// Rows of [merge, own text] per grid column, and what each cell reads.
const long = 'word '.repeat(20).trim();
const tables: [string, [VerticalMerge, string][][], string[][]][] = [
  [
    'a label merged down reads on each row it spans',
    [
      [
        ['restart', 'Fruit'],
        ['none', 'Apple'],
      ],
      [
        ['continue', ''],
        ['none', 'Pear'],
      ],
    ],
    [
      ['Fruit', 'Apple'],
      ['Fruit', 'Pear'],
    ],
  ],
  ['a paragraph merged down stays on its first row', [[['restart', long]], [['continue', '']]], [[long], ['']]],
  [
    "a cell of no merge ends the column's merge",
    [[['restart', 'A']], [['none', 'B']], [['continue', '']]],
    [['A'], ['B'], ['']],
  ],
  [
    'a continuing cell with no merge above reads empty',
    [
      [
        ['none', 'x'],
        ['continue', 'stray'],
      ],
    ],
    [['x', '']],
  ],
  [
    'columns are apart: a merge in one leaves the other alone',
    [
      [
        ['none', '1'],
        ['restart', 'GNU'],
      ],
      [
        ['restart', '2'],
        ['continue', ''],
      ],
      [
        ['continue', ''],
        ['none', 'BSD'],
      ],
    ],
    [
      ['1', 'GNU'],
      ['2', 'GNU'],
      ['2', 'BSD'],
    ],
  ],
];
for (const [name, rows, want] of tables) {
  test(`ColumnMerges: ${name}`, () => {
    const merges = new ColumnMerges();
    assert.deepEqual(
      rows.map((r) => r.map(([merge, text], col) => merges.read(col, merge, text))),
      want,
    );
  });
}
test('ColumnMerges: clear starts a new table', () => {
  const merges = new ColumnMerges();
  merges.read(0, 'restart', 'A');
  merges.clear();
  assert.equal(merges.read(0, 'continue', ''), '');
});

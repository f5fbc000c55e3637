import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spannedValue, SPANNED_LABEL_MAX } from '../../../src/documents/formats/row-spans.ts';

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

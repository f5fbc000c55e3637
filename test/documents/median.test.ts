import { test } from 'node:test';
import assert from 'node:assert/strict';
import { median } from '../../src/documents/median.ts';

// One median for the OCR measures, the typewritten reader and the document's measure.
const cases: [string, number[], number][] = [
  ['empty: 0', [], 0],
  ['one value', [7], 7],
  ['odd count: the middle', [3, 1, 2], 2],
  ['even count: the upper middle', [4, 1, 3, 2], 3],
  ['numbers, not strings: 10 after 9', [10, 9, 2], 9],
  ['repeated values', [5, 5, 1, 5], 5],
  ['negative and fractional', [-1.5, 0.25, -3], -1.5],
];
for (const [name, xs, want] of cases) {
  test(`median: ${name}`, () => {
    const before = [...xs];
    assert.equal(median(xs), want);
    assert.deepEqual(xs, before, 'the list is not sorted in place');
  });
}

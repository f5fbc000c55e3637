// Bare page numbers and numbers of the page's own text (src/documents/formats/pdf/page-numbers.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageNumberValue, strayNumbers } from '../../../../src/documents/formats/pdf/page-numbers.ts';

const values: [text: string, want: number | undefined][] = [
  ['12', 12],
  ['Page 3', 3],
  ['3 of 10', 3],
  ['– 14 –', 14],
  ['xii', 12],
  ['XIV', 14],
  ['iv', 4],
  ['x', 10],
  ['dx', 510],
  ['', undefined],
];

for (const [text, want] of values) {
  test(`pageNumberValue(${JSON.stringify(text)}) is ${want}`, () => {
    assert.equal(pageNumberValue(text), want);
  });
}

const c = (page: number, value: number | undefined, inner = false) => ({ page, value, inner });

const strays: [name: string, candidates: ReturnType<typeof c>[], pageCount: number, want: number[]][] = [
  ['numbers at the edge are page numbers whatever their value', [c(1, 7), c(2, 99)], 10, []],
  [
    'a number inside the edge lines out of the numbering (a formula over a footline)',
    [c(3, 2, true), c(4, 10, true)],
    10,
    [0, 1],
  ],
  [
    'numbers over a footer that follow the numbering (offset 10 on three pages)',
    [c(1, 11, true), c(2, 12, true), c(3, 13, true), c(4, 2, true)],
    10,
    [3],
  ],
  ['an inner number whose offset two pages share is not enough', [c(1, 11, true), c(2, 12)], 10, [0]],
  ['a one-page document: its number over a footer', [c(1, 1, true)], 1, []],
  ['an inner candidate without a value', [c(1, undefined, true)], 5, [0]],
];

for (const [name, candidates, pageCount, want] of strays) {
  test(`strayNumbers: ${name}`, () => {
    assert.deepEqual([...strayNumbers(candidates, pageCount)], want);
  });
}

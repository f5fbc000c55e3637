import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatListNumber,
  htmlListFormat,
  wordListFormat,
  type ListNumberFormat,
} from '../../../src/documents/formats/list-number.ts';

test('formatListNumber', async (t) => {
  const cases: [number, ListNumberFormat, string][] = [
    [1, 'decimal', '1'],
    [42, 'decimal', '42'],
    [3, 'decimalZero', '03'],
    [12, 'decimalZero', '12'],
    [1, 'lowerLetter', 'a'],
    [26, 'lowerLetter', 'z'],
    [27, 'lowerLetter', 'aa'],
    [28, 'upperLetter', 'BB'],
    [0, 'lowerLetter', '0'],
    [4, 'lowerRoman', 'iv'],
    [9, 'upperRoman', 'IX'],
    [14, 'lowerRoman', 'xiv'],
    [1994, 'upperRoman', 'MCMXCIV'],
    [4000, 'upperRoman', '4000'],
    [-1, 'lowerRoman', '-1'],
  ];
  for (const [n, f, want] of cases) await t.test(`${n} ${f}`, () => assert.equal(formatListNumber(n, f), want));
});

test('htmlListFormat and wordListFormat', async (t) => {
  const html: [string | undefined, ListNumberFormat][] = [
    [undefined, 'decimal'],
    ['1', 'decimal'],
    ['a', 'lowerLetter'],
    ['A', 'upperLetter'],
    ['i', 'lowerRoman'],
    ['I', 'upperRoman'],
    ['disc', 'decimal'],
  ];
  for (const [v, want] of html) await t.test(`html ${v}`, () => assert.equal(htmlListFormat(v), want));
  const word: [string | undefined, ListNumberFormat | undefined][] = [
    ['decimal', 'decimal'],
    ['lowerLetter', 'lowerLetter'],
    ['upperRoman', 'upperRoman'],
    ['decimalZero', 'decimalZero'],
    ['bullet', undefined],
    ['none', undefined],
    ['chineseCounting', 'decimal'],
    [undefined, 'decimal'],
  ];
  for (const [v, want] of word) await t.test(`word ${v}`, () => assert.equal(wordListFormat(v), want));
});

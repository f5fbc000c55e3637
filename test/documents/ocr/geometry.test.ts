// A line read from a crop of the page moved to its place (src/documents/ocr/geometry.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type OcrLine } from '../../../src/documents/ocr/engine.ts';
import { baselineRows, shift } from '../../../src/documents/ocr/geometry.ts';

describe('shift: a line read from a crop of the page moves to its place with its words and characters', () => {
  const l: OcrLine = {
    text: 'ab',
    confidence: 90,
    bbox: { x0: 0, y0: 0, x1: 20, y1: 10 },
    baseline: { x0: 0, y0: 8, x1: 20, y1: 8 },
    words: [
      {
        text: 'ab',
        bbox: { x0: 0, y0: 0, x1: 20, y1: 10 },
        symbols: [{ text: 'a', bbox: { x0: 0, y0: 0, x1: 9, y1: 10 } }],
      },
    ],
  };
  const moved = shift(l, 100, 50);
  test('the box and baseline', () =>
    assert.deepEqual(
      [moved.bbox, moved.baseline],
      [
        { x0: 100, y0: 50, x1: 120, y1: 60 },
        { x0: 100, y0: 58, x1: 120, y1: 58 },
      ],
    ));
  test('the words and their characters (a setting is measured from them)', () =>
    assert.deepEqual(
      [moved.words![0]!.bbox, moved.words![0]!.symbols[0]!.bbox],
      [
        { x0: 100, y0: 50, x1: 120, y1: 60 },
        { x0: 100, y0: 50, x1: 109, y1: 60 },
      ],
    ));
});

describe('baselineRows: a line takes the tallest row of the lines on its baseline', () => {
  // A line with row `row` and baseline `base` (pixels, y down).
  const at = (row: number, base: number, x0 = 0): OcrLine => ({
    text: 'x',
    confidence: 90,
    bbox: { x0, y0: base - row, x1: x0 + 20, y1: base + 4 },
    baseline: { x0, y0: base, x1: x0 + 20, y1: base },
    rowAttributes: { ascenders: 4, descenders: -4, rowHeight: row },
  });
  const cases: [string, OcrLine[], number[]][] = [
    ["a lone x-height letter beside its line: the line's row", [at(16, 200), at(22, 203, 60)], [22, 22]],
    ['lines on other baselines: their own rows', [at(16, 200), at(22, 230, 60)], [16, 22]],
    ['baselines a quarter of the taller row apart, no more', [at(16, 200), at(20, 205), at(20, 206)], [20, 20, 20]],
    ['no lines', [], []],
  ];
  for (const [name, lines, want] of cases) test(name, () => assert.deepEqual(baselineRows(lines, 0.25), want));
});

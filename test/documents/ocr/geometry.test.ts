// A line read from a crop of the page moved to its place (src/documents/ocr/geometry.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type OcrLine } from '../../../src/documents/ocr/engine.ts';
import { shift } from '../../../src/documents/ocr/geometry.ts';

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

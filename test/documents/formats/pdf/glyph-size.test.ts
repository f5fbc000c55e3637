// Sizes of text items whose transform gives none (glyph-size.ts): Ghostscript's Type 3 fonts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { scale, sizeFromAdvances, sizeless, type SizedItem } from '../../../../src/documents/formats/pdf/glyph-size.ts';

describe('scale', () => {
  // Each case is also compared with Math.hypot: the same number, bit for bit (Object.is).
  const cases: [string, number, number, number][] = [
    ['upright: the vertical scale alone', 0, 10, 10],
    ['upright, mirrored (a negative scale)', 0, -10, 10],
    ['the horizontal scale alone', 12, 0, 12],
    ['negative horizontal', -12, 0, 12],
    ['both zero', 0, 0, 0],
    ['negative zero', -0, 0, 0],
    ['a quarter turn of a sub-point size', 0, 0.12, 0.12],
    ['turned 45 degrees (hypot rounds up an ulp)', 7.0710678118654755, 7.0710678118654755, 10.000000000000002],
    ['a 3-4-5 triangle', 3, 4, 5],
    ['a skewed transform', 1.5, 9.75, Math.hypot(1.5, 9.75)],
    ['an infinite part', Infinity, 0, Infinity],
  ];
  for (const [name, a, b, want] of cases)
    test(name, () => {
      assert.ok(Object.is(scale(a, b), want), `${scale(a, b)} !== ${want}`);
      assert.ok(Object.is(scale(a, b), Math.hypot(a, b)));
      assert.ok(Object.is(scale(b, a), Math.hypot(b, a)));
    });
  test('NaN stays NaN', () => {
    assert.ok(Number.isNaN(scale(Number.NaN, 0)));
    assert.ok(Number.isNaN(scale(0, Number.NaN)));
  });
});

describe('sizeless', () => {
  const cases: [string, number[], boolean][] = [
    // Ghostscript's dvips bitmap font: size 0.12, FontMatrix [1 0 0 -1], FontBBox 1000 high.
    ['Type 3 at 0.12 scaled by its box', [0.12, 0, 0, 120, 72, 787.78], true],
    ['the same turned a quarter', [0, 0.12, -120, 0, 72, 100], true],
    ['the reverse anisotropy', [120, 0, 0, 0.12, 72, 100], true],
    ['a 10 pt font', [10, 0, 0, 10, 72, 700], false],
    ['a 10 pt font turned', [0, 10, -10, 0, 72, 700], false],
    ['condensed to half (Tz 50)', [5, 0, 0, 10, 72, 700], false],
    ['stretched to three times', [30, 0, 0, 10, 72, 700], false],
    ['a Type 3 font pdf.js scaled right (FontMatrix 0.001)', [1, 0, 0, 1, 72, 700], false],
    ['scales 19 apart', [1, 0, 0, 19, 0, 0], false],
    ['scales 21 apart', [1, 0, 0, 21, 0, 0], true],
    ['no horizontal scale', [0, 0, 0, 10, 0, 0], false],
    ['no vertical scale', [10, 0, 0, 0, 0, 0], false],
  ];
  for (const [name, t, want] of cases) test(name, () => assert.equal(sizeless(t), want));
});

describe('sizeFromAdvances', () => {
  const item = (str: string, width: number, font: string, size = 120): SizedItem => ({ str, width, size, font });
  test('an item takes twice its font mean advance per character', () => {
    const a = item('Tables', 30, 'f1');
    const b = item('are one', 33, 'f1');
    const items = [a, b];
    sizeFromAdvances(items, new Set(items));
    // (30 + 33) / 13 characters * 2
    assert.equal(a.size.toFixed(3), ((2 * 63) / 13).toFixed(3));
    assert.equal(b.size, a.size);
  });
  test('a larger font (a title) stays larger than the body', () => {
    const title = item('The Octavo Package', 118, 'title');
    const body = item('Donald Knuth developed', 108, 'body');
    const items = [title, body];
    sizeFromAdvances(items, new Set(items));
    assert.ok(title.size > body.size * 1.2, `${title.size} vs ${body.size}`);
    assert.ok(body.size > 8 && body.size < 12, String(body.size));
  });
  test('a font with a few characters borrows the page mean advance', () => {
    const body = item('the printing sheets', 95, 'body');
    const one = item('[', 1, 'symbol');
    const items = [body, one];
    sizeFromAdvances(items, new Set(items));
    assert.equal(one.size, (2 * 96) / 20);
  });
  test('space items do not count but are sized', () => {
    const word = item('Volume', 30, 'f1');
    const gap = item(' ', 286, 'f1');
    const more = item('and more', 40, 'f1');
    const items = [word, gap, more];
    sizeFromAdvances(items, new Set(items));
    assert.equal(word.size, (2 * 70) / 14);
    assert.equal(gap.size, word.size);
  });
  test('items with a size of their own are left as they are', () => {
    const own = item('A heading in Times', 90, 'times', 14);
    const t3 = item('bitmap text here', 80, 'bitmap');
    sizeFromAdvances([own, t3], new Set([t3]));
    assert.equal(own.size, 14);
    assert.equal(t3.size, (2 * 80) / 16);
  });
  test('nothing sizeless: nothing changes', () => {
    const a = item('text', 20, 'f', 10);
    sizeFromAdvances([a], new Set());
    assert.equal(a.size, 10);
  });
});

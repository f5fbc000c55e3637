// The pixel filters and measures, on small images made in the test: tables of cases.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  gauss3,
  inkRegions,
  isNoisy,
  median3,
  strokeWidth,
  thinPrint,
  type Box,
} from '../../../src/documents/ocr/filters.ts';

describe('isNoisy and median3: speckled scans are cleaned, clean ones left alone', () => {
  // A 60x60 "page": white paper, two black text bars; noise flips pixels with a seeded generator.
  const page = (noise: number): Uint8Array => {
    let x = 7;
    const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const g = new Uint8Array(60 * 60).fill(255);
    for (let y = 0; y < 60; y++) for (let c = 0; c < 60; c++) if (y % 12 < 3 && c > 5 && c < 55) g[y * 60 + c] = 0;
    for (let i = 0; i < g.length; i++) if (rnd() < noise) g[i] = Math.floor(rnd() * 160);
    return g;
  };
  const cases: [string, number, boolean][] = [
    ['clean', 0, false],
    ['a few specks (0.5 %)', 0.005, false],
    ['sensor noise (15 %)', 0.15, true],
    ['heavy noise (30 %)', 0.3, true],
  ];
  for (const [name, noise, expected] of cases)
    test(`${name} -> ${expected}`, () => assert.equal(isNoisy(page(noise), 60, 60), expected));
  test('median3 removes isolated specks and keeps 3-pixel strokes', () => {
    const g = page(0);
    g[6 * 60 + 30] = 0; // a speck on paper
    const m = median3(g, 60, 60);
    assert.equal(m[6 * 60 + 30], 255);
    assert.equal(m[1 * 60 + 30], 0);
  });
});

describe('gauss3, strokeWidth and thinPrint: thin print is blurred, not median-filtered', () => {
  // A 60x60 white page with vertical bars `w` pixels wide, 4 pixels apart, rows 10..49 (a line of
  // stems): each bar has 40w dark pixels and 80 + 2w changes, so a stroke width of 40w / (40 + w).
  const bars = (w: number, grey = 0): Uint8Array => {
    const g = new Uint8Array(60 * 60).fill(255);
    for (let y = 10; y < 50; y++)
      for (let x = 4; x + w <= 56; x += w + 4) for (let k = 0; k < w; k++) g[y * 60 + x + k] = grey;
    return g;
  };
  test('gauss3 leaves flat paper as it is', () =>
    assert.deepEqual(gauss3(new Uint8Array(25).fill(200), 5, 5), new Uint8Array(25).fill(200)));
  test('gauss3 keeps a one-pixel stroke grey where median3 erases it', () => {
    const g = bars(1);
    assert.equal(median3(g, 60, 60)[30 * 60 + 4], 255);
    assert.equal(gauss3(g, 60, 60)[30 * 60 + 4], 128);
  });
  test('gauss3 spreads a speck: 4/16 of its darkness at its centre', () => {
    const g = new Uint8Array(25).fill(255);
    g[12] = 95;
    assert.equal(gauss3(g, 5, 5)[12], 215);
  });
  const cases: [name: string, page: Uint8Array, width: number, thin: boolean][] = [
    ['a blank page', new Uint8Array(60 * 60).fill(255), 0, false],
    ['a black page', new Uint8Array(60 * 60), Infinity, false],
    ['one-pixel stems', bars(1), 40 / 41, true],
    ['two-pixel stems', bars(2), 80 / 42, false],
    ['three-pixel stems', bars(3), 120 / 43, false],
    ['one-pixel stems in light grey (above 128: no print)', bars(1, 140), 0, false],
  ];
  for (const [name, page, width, thin] of cases) {
    test(`${name}: stroke width ${width.toFixed(2)}, thin ${thin}`, () => {
      const w = strokeWidth(page, 60, 60);
      assert.ok(w === width || Math.abs(w - width) < 1e-9, `${w}`);
      assert.equal(thinPrint(page, 60, 60), thin);
    });
  }
});

describe('inkRegions: where a speckled page has print but the first reading returned no line', () => {
  // A 200x120 white page; `ink` paints black boxes (text lines), `covered` are the lines read.
  const page = (...ink: Box[]): Uint8Array => {
    const g = new Uint8Array(200 * 120).fill(255);
    for (const b of ink) for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) g[y * 200 + x] = 0;
    return g;
  };
  const line1: Box = { x0: 16, y0: 16, x1: 160, y1: 24 };
  const line2: Box = { x0: 16, y0: 32, x1: 160, y1: 40 };
  const line3: Box = { x0: 16, y0: 80, x1: 120, y1: 88 };
  const cases: [name: string, ink: Box[], covered: Box[], expected: Box[]][] = [
    ['a blank page', [], [], []],
    ['every line read', [line1, line2, line3], [line1, line2, line3], []],
    [
      'a block of two lines skipped: one region with a margin of one cell',
      [line1, line2],
      [],
      [{ x0: 8, y0: 8, x1: 168, y1: 48 }],
    ],
    ['the first line read, the second skipped', [line1, line2], [line1], [{ x0: 8, y0: 24, x1: 168, y1: 48 }]],
    [
      'two blocks far apart skipped: two regions, top to bottom',
      [line3, line1],
      [],
      [
        { x0: 8, y0: 8, x1: 168, y1: 32 },
        { x0: 8, y0: 72, x1: 128, y1: 96 },
      ],
    ],
    ['a speck (one cell) is no region', [{ x0: 100, y0: 100, x1: 104, y1: 104 }], [], []],
    ['a short vertical rule (narrower than 4 cells) is no region', [{ x0: 100, y0: 40, x1: 102, y1: 110 }], [], []],
    [
      'a page-wide box clipped to the page',
      [{ x0: 0, y0: 0, x1: 200, y1: 16 }],
      [],
      [{ x0: 0, y0: 0, x1: 200, y1: 24 }],
    ],
  ];
  for (const [name, ink, covered, expected] of cases)
    test(name, () => assert.deepEqual(inkRegions(page(...ink), 200, 120, covered, 8), expected));
});

// Callouts (callouts.ts): a number drawn over a circle glyph of LaTeX's circle font is one
// circled number on the line it marks.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { circleStyle, circled, composeCallouts, isCircleFont } from '../../../../src/documents/formats/pdf/callouts.ts';
import { buildLines } from '../../../../src/documents/formats/pdf/layout.ts';
import type { RawItem } from '../../../../src/documents/formats/pdf/types.ts';
import { item } from '../../helpers/raw-items.ts';

describe('isCircleFont', () => {
  const cases: [string | undefined, boolean][] = [
    ['TPKZYA+LCIRCLE10', true],
    ['LCIRCLEW10', true],
    ['lcircle1', true],
    ['LINE10', false],
    ['XYCIRC10', false],
    ['CMR10', false],
    ['Circle-Regular', false],
    ['', false],
    [undefined, false],
  ];
  for (const [name, want] of cases) test(String(name), () => assert.equal(isCircleFont(name), want));
  test('circleStyle reads the name pdfjs.ts adds to a text style', () => {
    assert.equal(circleStyle({ fontFamily: 'monospace', name: 'OBPGPG+LCIRCLE10' }), true);
    assert.equal(circleStyle({ fontFamily: 'monospace', name: 'CMR10' }), false);
    assert.equal(circleStyle({ fontFamily: 'monospace' }), false);
    assert.equal(circleStyle(undefined), false);
  });
});

describe('circled', () => {
  const cases: [number, string][] = [
    [0, '⓪'],
    [1, '①'],
    [7, '⑦'],
    [20, '⑳'],
    [21, '(21)'],
  ];
  for (const [n, want] of cases) test(`${n} is ${want}`, () => assert.equal(circled(n), want));
});

// As dblatex draws them: a code line at 9 pt, the circle (lcircle10, 10 pt, its glyph centred on
// its origin, 3.6 over the line's baseline), the number at 4.5 pt inside it.
const code = (str: string, x: number, y: number) => item(str, x, y, { size: 9, mono: true, font: 'mono' });
const circle = (str: string, x: number, y: number, w = 7) =>
  item(str, x, y, { size: 10, width: w, mono: true, font: 'circle' });
const num = (str: string, x: number, y: number, size = 4.5) =>
  item(str, x, y, { size, width: 2.5 * str.length, font: 'sans' });

describe('composeCallouts', () => {
  const cases: { name: string; items: RawItem[]; circles: number[]; want: string[] }[] = [
    {
      name: 'dblatex: a callout at the end of a code line',
      items: [
        code('<tr bgcolor="blue"', 67.5, 642.4),
        circle('v', 167.9, 646),
        num('7', 166.7, 644.4),
        code('>', 171.5, 642.4),
      ],
      circles: [1],
      want: ['<tr bgcolor="blue"', '⑦', '>'],
    },
    {
      name: 'a callout of two digits',
      items: [code('x', 67.5, 642.4), circle('v', 100, 646), num('12', 97.5, 644.4)],
      circles: [1],
      want: ['x', '⑫'],
    },
    {
      name: 'the number drawn before its circle',
      items: [code('x', 67.5, 642.4), num('3', 98.8, 644.4), circle('v', 100, 646)],
      circles: [2],
      want: ['x', '③'],
    },
    {
      name: "a picture's circle with no number inside stays",
      items: [circle('v', 100, 646), num('3', 140, 644.4)],
      circles: [0],
      want: ['v', '3'],
    },
    {
      name: 'a number of the text size beside a circle is no callout',
      items: [circle('v', 100, 646), item('3', 98.8, 644.4, { size: 9, width: 5 })],
      circles: [0],
      want: ['v', '3'],
    },
    {
      name: 'a word over the circle is no number',
      items: [circle('v', 100, 646), num('ab', 97.5, 644.4)],
      circles: [0],
      want: ['v', 'ab'],
    },
    {
      name: 'a glyph of another font is no circle',
      items: [item('v', 100, 646, { width: 7 }), num('3', 98.8, 644.4)],
      circles: [],
      want: ['v', '3'],
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      const circles = new Set(c.circles.map((i) => c.items[i]!));
      assert.deepEqual(
        composeCallouts(c.items, circles).map((i) => i.str),
        c.want,
      );
    });

  test('the circled number stands on the line it marks, and the line is read whole', () => {
    const items = [
      code('<tr bgcolor="blue"', 67.5, 642.4),
      circle('v', 167.9, 646),
      num('7', 166.7, 644.4),
      code('>', 171.5, 642.4),
    ];
    const got = composeCallouts(items, new Set([items[1]!]));
    const callout = got.find((i) => i.str === '⑦')!;
    assert.ok(Math.abs(callout.y - 642.4) < 0.5, `baseline ${callout.y}`);
    assert.deepEqual(
      buildLines(got).map((l) => l.text.replace(/\s+/g, ' ')),
      ['<tr bgcolor="blue" ⑦>'],
    );
  });
});

// What a page's first reading missed or doubted, read again (src/documents/ocr/reread.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrWord } from '../../../src/documents/ocr/engine.ts';
import { type OcrLine } from '../../../src/documents/ocr/engine.ts';
import { betterReading, droppedLines, inkVouched, restOfLine } from '../../../src/documents/ocr/reread.ts';
import { cellWord, cellLine } from './helpers/ocr-lines.ts';

describe('betterReading: a line read again alone replaces its first reading when surer', () => {
  const line = (text: string, confidence: number): OcrLine => ({
    text,
    confidence,
    bbox: { x0: 0, y0: 0, x1: 100, y1: 30 },
  });
  const first = line('-/bpashi234567890abcdefgh', 8);
  const cases: [string, OcrLine[], string][] = [
    ['read again with more confidence', [line('./bash 1234567890abcdefgh', 42)], './bash 1234567890abcdefgh'],
    ['read again with less confidence', [line('-/b', 5)], first.text],
    ['nothing read again (a picture)', [], first.text],
    ['two lines read again: not one line', [line('./bash', 60), line('1 2 3', 60)], first.text],
  ];
  for (const [name, again, want] of cases) test(name, () => assert.equal(betterReading(first, again).text, want));
  test("the line read alone keeps the page's rows: its baseline, row height and box's top and foot", () => {
    // fepslatex's `\ifthenelse{...}` read again in a 92 px crop: baseline on the crop's foot, row 126 px.
    const page: OcrLine = {
      text: '\\ifthenelse{\\isodd{\\pageref{figtside+caption}}}',
      confidence: 28,
      bbox: { x0: 634, y0: 1708, x1: 1829, y1: 1754 },
      baseline: { x0: 634, y0: 1743, x1: 1829, y1: 1743 },
      rowAttributes: { ascenders: 12, descenders: -11, rowHeight: 46 },
    };
    const alone: OcrLine = {
      text: '\\ifthenelse{\\isodd{\\pageref{fig+side+caption}}}',
      confidence: 54,
      bbox: { x0: 632, y0: 1685, x1: 1829, y1: 1777 },
      baseline: { x0: 632, y0: 1777, x1: 1829, y1: 1777 },
      rowAttributes: { ascenders: 35, descenders: -34, rowHeight: 126 },
    };
    const got = betterReading(page, [alone]);
    assert.equal(got.text, alone.text);
    assert.equal(got.confidence, 54);
    assert.deepEqual(got.baseline, page.baseline);
    assert.deepEqual(got.rowAttributes, page.rowAttributes);
    assert.deepEqual(got.bbox, { x0: 632, y0: 1708, x1: 1829, y1: 1754 });
  });
  test('a first reading without a baseline: none is taken from the line read alone', () => {
    const got = betterReading(first, [{ ...line('./bash 1 2 3', 42), baseline: { x0: 0, y0: 60, x1: 100, y1: 60 } }]);
    assert.equal(got.baseline, undefined);
  });
});

describe("restOfLine: ink continuing a line that the page's reading left unread", () => {
  // A white page 200 x 40 with black rectangles (x0, x1) from row 10 to 30.
  const page = (...runs: [number, number][]) => {
    const grey = new Uint8Array(200 * 40).fill(255);
    for (const [x0, x1] of runs) for (let y = 10; y < 30; y++) grey.fill(0, y * 200 + x0, y * 200 + x1);
    return grey;
  };
  const band = { x0: 60, y0: 12, x1: 200, y1: 28 };
  const cases: [string, [number, number][], { x0: number; x1: number }[], { x0: number; x1: number } | undefined][] = [
    // The line's ink ends at 60; a piece 8 px after it, two glyphs with a 4 px gap between.
    [
      'a piece just after the line',
      [
        [20, 60],
        [68, 80],
        [84, 100],
      ],
      [],
      { x0: 68, x1: 100 },
    ],
    ['nothing after the line', [[20, 60]], [], undefined],
    [
      'ink further than the gap allows (a second column)',
      [
        [20, 60],
        [120, 150],
      ],
      [],
      undefined,
    ],
    [
      'a piece another line covers',
      [
        [20, 60],
        [68, 100],
      ],
      [{ x0: 66, x1: 102 }],
      undefined,
    ],
    ["the line's last glyph running a pixel past its box", [[20, 62]], [], undefined],
    [
      'the edge of the last glyph, then a piece',
      [
        [20, 62],
        [70, 80],
      ],
      [],
      { x0: 70, x1: 80 },
    ],
  ];
  for (const [name, runs, covered, want] of cases)
    test(name, () => {
      const got = restOfLine(
        page(...runs),
        200,
        band,
        60,
        20,
        covered.map((b) => ({ ...b, y0: 10, y1: 30 })),
      );
      assert.deepEqual(got && { x0: got.x0, x1: got.x1 }, want);
    });
});

describe('inkVouched: a doubtful line whose characters its ink tells (3/4 of them) is kept', () => {
  const line = (confidence: number, ...words: OcrWord[]) => ({ ...cellLine(200, ...words), confidence });
  // Signs told by their ink, by the character's left edge: `}` at 0, `%` at 10.
  const told =
    (signs: Record<number, string>) =>
    (text: string, b: { x0: number }): boolean =>
      signs[b.x0] === text;
  const cases: [string, ReturnType<typeof line>, Record<number, string>, number][] = [
    // The LaTeX manual's `}%`, read `yh` at 33 and told `}%` by the brace and percent tests.
    ['`}%` at 33, both told: kept at the bound', line(33, cellWord('}%', 0)), { 0: '}', 10: '%' }, 40],
    ['one character not told: as read', line(33, cellWord('}h', 0)), { 0: '}', 10: '%' }, 33],
    ['a letter is never told by these tests', line(20, cellWord('ab', 0)), {}, 20],
    ['a confident line: as read', line(80, cellWord('}%', 0)), { 0: '}', 10: '%' }, 80],
    ['a line without characters: as read', line(10), {}, 10],
    // bashref's `${parameter/%pattern/string}` read alone at 26: most letters told by their twins.
    ['three of four told: kept', line(26, cellWord('abcd', 0)), { 0: 'a', 10: 'b', 20: 'c' }, 40],
    ['two of four told: as read', line(26, cellWord('abcd', 0)), { 0: 'a', 10: 'b' }, 26],
  ];
  for (const [name, l, signs, want] of cases)
    test(name, () => assert.equal(inkVouched(l, told(signs)).confidence, want));
});

describe('droppedLines: ink between two lines of a column that no line covers, about a line tall', () => {
  // A page 100 wide, 100 tall: lines of 10 rows at y 10-20 and 40-50 (a gap of two rows between).
  const W = 100;
  const page = (ink: [number, number, number, number][]) => {
    const grey = new Uint8Array(W * 100).fill(255);
    for (const [x0, y0, x1, y1] of ink) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grey[y * W + x] = 0;
    return grey;
  };
  const ocrLine = (x0: number, y0: number, x1: number, y1: number): OcrLine => ({
    text: 'x',
    confidence: 90,
    bbox: { x0, y0, x1, y1 },
  });
  const two = [ocrLine(10, 10, 90, 20), ocrLine(10, 40, 90, 50)];
  const cases: [string, OcrLine[], [number, number, number, number][], { after: number; box: object }[]][] = [
    // The LaTeX manual's lone `}` under `{\typesetnormalchapter{#2}{#3}}%`.
    [
      'a lone brace between two lines',
      two,
      [[20, 25, 24, 35]],
      [{ after: 0, box: { x0: 20, y0: 25, x1: 24, y1: 35 } }],
    ],
    ['a blank gap', two, [], []],
    ['a rule (2 rows): no line', two, [[10, 29, 90, 31]], []],
    ['ink touching the line above (its descenders): not judged', two, [[20, 20, 24, 30]], []],
    ['ink beside the column: not looked at', two, [[92, 25, 96, 35]], []],
    [
      "a gap of five rows (a figure's room): not looked at",
      [ocrLine(10, 10, 90, 20), ocrLine(10, 70, 90, 80)],
      [[20, 40, 24, 50]],
      [],
    ],
    [
      'two columns side by side: not one column',
      [ocrLine(10, 10, 40, 20), ocrLine(60, 40, 90, 50)],
      [[20, 25, 24, 35]],
      [],
    ],
    ['ink a line covers (read out of order)', [...two, ocrLine(15, 24, 30, 36)], [[20, 25, 24, 35]], []],
  ];
  for (const [name, lines, ink, want] of cases)
    test(name, () => assert.deepEqual(droppedLines(page(ink), W, lines), want));
});

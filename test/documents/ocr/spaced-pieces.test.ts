// A doubtful typewriter line with wide gaps read piece by piece (src/documents/ocr/spaced-pieces.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrLine } from '../../../src/documents/ocr/engine.ts';
import { onGrid, piecedLine, spacedPieces } from '../../../src/documents/ocr/spaced-pieces.ts';

// Runs of inked columns (offsets from the line's left, [first, end)) measured on scan-bashref's
// page images (Texinfo, cmtt 10 pt at 300 dpi, a 24 px cell; the lines' boxes 29-42 px high).
const BASH: [number, number][] = [
  [0, 6],
  [18, 36],
  [39, 61],
  [65, 86],
  [90, 107],
  [111, 134],
  [163, 178],
  [208, 227],
  [256, 276],
  [303, 324],
  [351, 370],
  [399, 418],
  [447, 466],
  [494, 514],
  [543, 562],
  [590, 609],
  [638, 659],
  [684, 706],
  [735, 752],
  [781, 802],
  [829, 848],
  [876, 894],
  [924, 945],
  [971, 993],
];
// The prose line under it (cmr 10 pt): "If parameter is an indexed array name subscripted by ...".
const PROSE: [number, number][] = [
  [1, 14],
  [17, 32],
  [48, 73],
  [75, 96],
  [97, 115],
  [116, 136],
  [138, 173],
  [177, 195],
  [199, 211],
  [215, 233],
  [234, 251],
  [273, 282],
  [285, 300],
  [321, 342],
  [344, 366],
  [387, 397],
  [400, 422],
];
// `$ echo ${@:0}`: a typewriter line whose words are more than a character.
const ECHO: [number, number][] = [
  [0, 18],
  [47, 66],
  [72, 90],
  [93, 116],
  [119, 138],
  [167, 185],
  [191, 209],
  [214, 234],
  [245, 250],
  [262, 281],
  [286, 305],
];

describe('onGrid: runs of ink on one pitch are a typewriter line', () => {
  const cases: [string, [number, number][], boolean][] = [
    ['`./bash 1 2 3 ... g h` (cmtt)', BASH, true],
    ['`$ echo ${@:0}` (cmtt)', ECHO, true],
    [
      '`0 1`: two digits two cells apart',
      [
        [0, 20],
        [51, 66],
      ],
      true,
    ],
    ['a proportional line (cmr): letters of uneven widths', PROSE, false],
    [
      'two glyphs touching in one run: half a cell off',
      [
        [0, 20],
        [24, 44],
        [48, 88],
        [96, 116],
      ],
      false,
    ],
    ['one run: no step', [[0, 20]], false],
  ];
  for (const [name, runs, want] of cases) test(name, () => assert.equal(onGrid(runs), want));
});

describe('spacedPieces: a typewriter line cut where its gaps are a space', () => {
  const cases: [string, [number, number][], number, [number, number][] | undefined][] = [
    [
      '`./bash 1 2 3 ... g h`: the word and its 19 single characters',
      BASH,
      42,
      [[0, 134], ...BASH.slice(6).map(([a, b]): [number, number] => [a, b])],
    ],
    [
      '`0 1`',
      [
        [0, 20],
        [51, 66],
      ],
      29,
      [
        [0, 20],
        [51, 66],
      ],
    ],
    [
      '`$ echo ${@:0}`: three words',
      ECHO,
      36,
      [
        [0, 18],
        [47, 138],
        [167, 305],
      ],
    ],
    ['a proportional line: not on a grid', PROSE, 41, undefined],
    ['a typewriter word alone: one piece', ECHO.slice(1, 5), 36, undefined],
  ];
  for (const [name, runs, height, want] of cases)
    test(name, () => {
      const got = spacedPieces(runs, height);
      if (want === undefined) assert.equal(got, undefined);
      else assert.deepEqual(got, want);
    });
});

const box = (x0: number, x1: number) => ({ x0, y0: 0, x1, y1: 40 });
const read = (text: string, confidence: number, x0: number, x1: number): OcrLine => ({
  text,
  confidence,
  bbox: box(x0, x1),
  words: [{ text, bbox: box(x0, x1), symbols: [] }],
});

describe('piecedLine: the pieces read alone make the line', () => {
  const line: OcrLine = { text: '/pash 1234567890abcdefgh', confidence: 35, bbox: box(0, 1000) };
  const cases: [string, OcrLine[][], { text: string; confidence: number } | undefined][] = [
    [
      'every piece read: their texts joined, confidence weighted by characters',
      [[read('-/bash', 40, 0, 134)], [read('1', 71, 163, 178)], [read('2', 92, 208, 227)]],
      { text: '-/bash 1 2', confidence: (40 * 6 + 71 + 92) / 8 },
    ],
    ['`0 1`', [[read('0', 89, 0, 20)], [read('1', 97, 51, 66)]], { text: '0 1', confidence: 93 }],
    ['a piece that read nothing: the line is left', [[read('0', 89, 0, 20)], []], undefined],
    [
      'a piece read as two lines: the line is left',
      [[read('0', 89, 0, 20)], [read('1', 97, 51, 66), read('1', 97, 51, 66)]],
      undefined,
    ],
    ['a piece read as blanks: the line is left', [[read('0', 89, 0, 20)], [read('  ', 97, 51, 66)]], undefined],
  ];
  for (const [name, readings, want] of cases)
    test(name, () => {
      const got = piecedLine(line, readings);
      if (want === undefined) return assert.equal(got, undefined);
      assert.equal(got?.text, want.text);
      assert.ok(Math.abs(got.confidence - want.confidence) < 1e-9);
      assert.deepEqual(got.bbox, line.bbox);
      assert.equal(got.words?.length, readings.length);
    });
});

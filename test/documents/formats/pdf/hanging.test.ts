import { test } from 'node:test';
import assert from 'node:assert/strict';
import { opensAfterHang, type HangLine } from '../../../../src/documents/formats/pdf/hanging.ts';

// Lines of 10-point type; the right edge at 540.
const line = (x: number, xEnd: number, pieces?: [string, number, number][]): HangLine => ({
  x,
  xEnd,
  size: 10,
  ...(pieces ? { pieces: pieces.map(([text, px, pxEnd]) => ({ text, x: px, xEnd: pxEnd })) } : {}),
});
const RIGHT = 540;

test("opensAfterHang: a line back at a hanging paragraph's first left opens the next entry", () => {
  const cases: [string, HangLine[], number, boolean][] = [
    // groff .TP with a wide tag: "--block-size=SIZE" / "with -l, scale sizes ..." / "-B, ..."
    ['tag on its own line, text under it', [line(72, 150), line(108, 530)], 72, true],
    ['tag on its own line, text of two lines under it', [line(72, 150), line(108, 539), line(108, 300)], 72.4, true],
    // "-c       with -lt: sort by ..." / "         show ctime ..." / "-C ..."
    [
      'tag beside its text, the text wrapped under itself',
      [
        line(72, 539, [
          ['-c', 72, 80],
          ['with -lt: sort by, and show', 108, 539],
        ]),
        line(108, 400),
      ],
      72,
      true,
    ],
    // "-C       list entries by columns" / "--color[=WHEN]"
    [
      'one short line, tag and text apart',
      [
        line(72, 240, [
          ['-C', 72, 82],
          ['list entries by columns', 108, 240],
        ]),
      ],
      72,
      true,
    ],
    [
      'the next line under the text, not the tag',
      [
        line(72, 240, [
          ['-C', 72, 82],
          ['list entries by columns', 108, 240],
        ]),
      ],
      108,
      false,
    ],
    ['the next line right of the first', [line(72, 150), line(108, 530)], 108, false],
    ['the next line left of the first', [line(72, 150), line(108, 530)], 60, false],
    // A first-line indent: the later lines stand left of the first.
    ['first-line indent, back at the first left', [line(90, 539), line(72, 539)], 90, false],
    ['flush paragraph', [line(72, 539), line(72, 539)], 72, false],
    ['one line with a hanging line and a flush line', [line(72, 539), line(108, 539), line(72, 539)], 72, false],
    ['one line, no pieces', [line(72, 300)], 72, false],
    [
      'one full line of justified prose with a wide gap',
      [
        line(72, 539, [
          ['The', 72, 90],
          ['rest of a loose line', 102, 539],
        ]),
      ],
      72,
      false,
    ],
    [
      'one short line, a word space wide gap',
      [
        line(72, 240, [
          ['-C', 72, 82],
          ['list', 88, 240],
        ]),
      ],
      72,
      false,
    ],
    [
      'one short line, a long first piece',
      [
        line(72, 400, [
          ['a first piece of many more words', 72, 250],
          ['then', 270, 400],
        ]),
      ],
      72,
      false,
    ],
    ['no paragraph', [], 72, false],
  ];
  for (const [name, para, x, want] of cases) assert.equal(opensAfterHang(para, { x }, RIGHT), want, name);
});

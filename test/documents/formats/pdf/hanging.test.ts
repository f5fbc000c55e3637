import { test } from 'node:test';
import assert from 'node:assert/strict';
import { opensAfterHang, type HangLine } from '../../../../src/documents/formats/pdf/hanging.ts';

// Lines of 10-point type; the right edge at 540.
const RIGHT = 540;
const line = (x: number, xEnd: number, pieces?: [string, number, number][]): HangLine => ({
  x,
  xEnd,
  size: 10,
  ...(pieces ? { pieces: pieces.map(([text, px, pxEnd]) => ({ text, x: px, xEnd: pxEnd })) } : {}),
});
const tagLine = line(72, 240, [
  ['-C', 72, 82],
  ['list entries by columns', 108, 240],
]);

test("opensAfterHang: a line back at a hanging paragraph's first left opens the next entry", () => {
  // [name, the paragraph's lines, the next line's left and text, its first word fits above, want]
  const cases: [string, HangLine[], number, string, boolean, boolean][] = [
    // groff .TP with a wide tag: "--block-size=SIZE" / "with -l, scale sizes ..." / "-B, ..."
    ['tag on its own line, text under it', [line(72, 150), line(108, 500)], 72, '-B, --ignore-backups', false, true],
    [
      'tag on its own line, a full line under it',
      [line(72, 150), line(108, 536)],
      72,
      '-B, --ignore-backups',
      false,
      false,
    ],
    [
      'tag on its own line, a full line under it, the text broke it',
      [line(72, 150), line(108, 536)],
      72,
      '-B',
      true,
      true,
    ],
    [
      'tag on its own line, text of two lines under it',
      [line(72, 150), line(108, 539), line(108, 300)],
      72.4,
      '--color[=WHEN]',
      true,
      true,
    ],
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
      '-C',
      true,
      true,
    ],
    // TeX's "Description" over "   The routine glp_create_prob ... i.e." (full) / "has no rows"
    // and "   The routine ... from a text file. (The" / "CPLEX LP format is ...": not hanging.
    ['a title over a full indented line', [line(72, 200), line(90, 539)], 72, 'CPLEX LP format', false, false],
    ['a lower-case tag after a line the text broke', [line(72, 150), line(108, 300)], 72, 'cachedir "%s"', true, true],
    // A title over a paragraph with a first-line indent, going on at the title's left in lower
    // case where the word did not fit (mwcls's "3.7. O blabalii fetorycznej" / "    Ten typowy
    // ... rodzaj" / "filigranowego wysypu ...").
    [
      'a title over an indented first line, the text going on at the left',
      [line(72, 200), line(90, 536)],
      72,
      'filigranowego wysypu hodowli',
      false,
      false,
    ],
    // "-C       list entries by columns" / "--color[=WHEN]"
    ['one line, tag and text apart, the text broke it', [tagLine], 72, '--color[=WHEN]', true, true],
    ['one line, tag and text apart, a tag in capitals', [tagLine], 72, '-F, --classify', false, true],
    // A run-in number and its paragraph going on at the same left: the word did not fit.
    ['one line, tag and text apart, the text going on', [tagLine], 72, 'filigranowego', false, false],
    [
      'one full line, tag and text apart',
      [
        line(72, 536, [
          ['3.7.', 72, 90],
          ['O blabalii fetorycznej', 102, 536],
        ]),
      ],
      72,
      'Ten',
      false,
      false,
    ],
    ['the next line under the text, not the tag', [tagLine], 108, '--color', true, false],
    ['the next line right of the first', [line(72, 150), line(108, 530)], 108, '-B', true, false],
    ['the next line left of the first', [line(72, 150), line(108, 530)], 60, '-B', true, false],
    // A first-line indent: the later lines stand left of the first.
    ['first-line indent, back at the first left', [line(90, 539), line(72, 539)], 90, 'The', true, false],
    ['flush paragraph', [line(72, 539), line(72, 539)], 72, 'The', true, false],
    ['a hanging line and a flush line', [line(72, 539), line(108, 539), line(72, 539)], 72, 'The', true, false],
    ['one line, no pieces', [line(72, 300)], 72, 'The', true, false],
    [
      'one line, a word space wide gap',
      [
        line(72, 240, [
          ['-C', 72, 82],
          ['list', 88, 240],
        ]),
      ],
      72,
      '--color',
      true,
      false,
    ],
    [
      'one line, a long first piece',
      [
        line(72, 400, [
          ['a first piece of many more words', 72, 250],
          ['then', 270, 400],
        ]),
      ],
      72,
      '--color',
      true,
      false,
    ],
    ['no paragraph', [], 72, '-B', true, false],
  ];
  for (const [name, para, x, text, fits, want] of cases)
    assert.equal(opensAfterHang(para, { x, text }, RIGHT, fits), want, name);
});

// A zero read as a capital O after a letter, told by its ink (src/documents/ocr/narrow-zeros.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { withNarrowZeros, zeroShape } from '../../../src/documents/ocr/narrow-zeros.ts';
import { art, cellLine, cellWord } from './helpers/ocr-lines.ts';

// Helvetica at 250 dpi, drawn small: a zero is a narrow ring, a capital O a round one.
const zero = art(
  '..###..',
  '.#...#.',
  '#.....#',
  '#.....#',
  '#.....#',
  '#.....#',
  '#.....#',
  '#.....#',
  '#.....#',
  '#.....#',
  '.#...#.',
  '..###..',
);
const capitalO = art(
  '....####....',
  '..##....##..',
  '.#........#.',
  '#..........#',
  '#..........#',
  '#..........#',
  '#..........#',
  '#..........#',
  '#..........#',
  '.#........#.',
  '..##....##..',
  '....####....',
);
const h = art(
  '#......',
  '#......',
  '#......',
  '#......',
  '#.###..',
  '##...#.',
  '#.....#',
  '#.....#',
  '#.....#',
  '#.....#',
  '#.....#',
  '#.....#',
);
const b = art(
  '#......',
  '#......',
  '#......',
  '#......',
  '#.###..',
  '##...#.',
  '#.....#',
  '#.....#',
  '#.....#',
  '#.....#',
  '##...#.',
  '#.###..',
);
const l = art(...Array.from({ length: 12 }, () => '.##.'));
const smallZero = art('.##.', '#..#', '#..#', '#..#', '#..#', '#..#', '#..#', '.##.');

describe('zeroShape: a zero is a ring narrower than a capital O', () => {
  const cases: [string, boolean[][] | undefined, boolean][] = [
    ['a zero: 7 wide, 12 tall, one hole its height', zero, true],
    ['a capital O: as wide as tall', capitalO, false],
    ['an h, as narrow: no hole', h, false],
    ["a b, as narrow: its bowl's hole half its height", b, false],
    ['an l: too narrow', l, false],
    ['a zero of 8 rows: too few to tell', smallZero, false],
    ['no glyph found', undefined, false],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(zeroShape(ink), want));
});

describe("withNarrowZeros: an O after a small letter or a digit, on a zero's glyph, is read 0", () => {
  // Every O's glyph is a zero's (a typewriter face's O is as narrow): only its place decides.
  const read = (...words: string[]) => {
    let x = 0;
    const line = cellLine(
      400,
      ...words.map((w) => {
        const word = cellWord(w, x);
        x += 10 * w.length + 10;
        return word;
      }),
    );
    return withNarrowZeros(line, () => zero).text.trim();
  };
  const cases: [string, string[], string][] = [
    ["a figure's colour labels", ['c1', 'mO', 'yO', 'kO'], 'c1 m0 y0 k0'],
    ['a zero after a digit', ['1O0'], '100'],
    ['a zero before a bracket', ['xO)'], 'x0)'],
    ['a word of capitals (`HOME` in cmtt inside prose)', ['HOME', 'OLDPWD'], 'HOME OLDPWD'],
    ['a camel-case name (`\\ExplSyntaxOn`)', ['\\ExplSyntaxOn'], '\\ExplSyntaxOn'],
    ['an O opening a word (`O{default}`)', ['+m', 'O{default}'], '+m O{default}'],
  ];
  for (const [name, words, want] of cases) test(name, () => assert.equal(read(...words), want));

  test('a round glyph stays O', () => {
    const line = cellLine(100, cellWord('kO', 0));
    assert.equal(
      withNarrowZeros(line, () => capitalO),
      line,
    );
  });
  test('a line without an O is left as read', () => {
    const plain = cellLine(100, cellWord('c0', 0), cellWord('m1', 40));
    assert.equal(
      withNarrowZeros(plain, () => zero),
      plain,
    );
  });
});

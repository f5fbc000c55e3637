// Letters and bullets told by their ink (src/documents/ocr/letters.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrWord } from '../../../src/documents/ocr/engine.ts';
import { type OcrLine } from '../../../src/documents/ocr/engine.ts';
import {
  accentShape,
  inkDifference,
  oneShape,
  openShape,
  ownGlyphs,
  twinReadings,
  withAccents,
  withBullet,
  withLowZeros,
  withOnes,
  withOpenC,
  withTwinReadings,
} from '../../../src/documents/ocr/letters.ts';
import { inkShape } from '../../../src/documents/ocr/glyph-ink.ts';
import { art, cellWord, cellLine, courierL } from './helpers/ocr-lines.ts';

describe("withBullet: a solid round or square glyph before a line's text is its bullet", () => {
  const W = 200;
  const H = 40;
  // A page strip with one glyph drawn at (10..30, 10..30) by `ink(x, y)` (coordinates inside that box).
  const page = (ink: (x: number, y: number) => boolean): Uint8Array => {
    const grey = new Uint8Array(W * H).fill(255);
    for (let y = 0; y < 20; y++)
      for (let x = 0; x < 20; x++) if (ink(x - 9.5, y - 9.5)) grey[(y + 10) * W + x + 10] = 0;
    return grey;
  };
  const disc = page((x, y) => Math.hypot(x, y) <= 9);
  const square = page(() => true);
  const ring = page((x, y) => Math.hypot(x, y) <= 9 && (Math.hypot(x, y) >= 6 || Math.abs(y) < 1.5));
  const dot = page((x, y) => Math.hypot(x, y) <= 2.5);
  const bar = page((x) => Math.abs(x) <= 2);
  const glyph = { x0: 8, y0: 8, x1: 32, y1: 32 };
  const line = (first: string, rest = ['brace', 'expansion']): OcrLine => {
    const words: OcrWord[] = [
      { text: first, bbox: glyph, symbols: [...first].map((ch) => ({ text: ch, bbox: glyph })) },
      ...rest.map((text, i) => ({
        text,
        bbox: { x0: 50 + i * 60, y0: 8, x1: 100 + i * 60, y1: 32 },
        symbols: [{ text, bbox: { x0: 50 + i * 60, y0: 8, x1: 100 + i * 60, y1: 32 } }],
      })),
    ];
    return {
      text: [first, ...rest].join(' ') + '\n',
      confidence: 90,
      bbox: { x0: 8, y0: 8, x1: 170, y1: 32 },
      rowAttributes: { ascenders: 6, descenders: -6, rowHeight: 30 },
      words,
    };
  };
  const cases: [string, Uint8Array, OcrLine, string][] = [
    ['a disc read as `e`', disc, line('e'), '\u2022 brace expansion\n'],
    ['a disc read as `©`', disc, line('\u00a9'), '\u2022 brace expansion\n'],
    ['a square read as `m`', square, line('m'), '\u2022 brace expansion\n'],
    ['a letter with a counter (`e`) stays', ring, line('e'), 'e brace expansion\n'],
    ['a full stop stays: too small', dot, line('.'), '. brace expansion\n'],
    ['an upright stroke stays: too narrow', bar, line('I'), 'I brace expansion\n'],
    ['a disc alone on its line stays (no text after it)', disc, line('e', []), 'e\n'],
    ['a first word of two characters stays', disc, line('eo'), 'eo brace expansion\n'],
  ];
  for (const [name, grey, l, want] of cases)
    test(name, () => assert.equal(withBullet(l, (b) => inkShape(grey, W, b)).text, want));
  test('the bullet word is `•` too', () =>
    assert.deepEqual(
      withBullet(line('e'), (b) => inkShape(disc, W, b)).words?.map((w) => w.text),
      ['\u2022', 'brace', 'expansion'],
    ));
  test('inkShape: a disc fills about pi/4 of its box; no ink, no shape', () => {
    const shape = inkShape(disc, W, glyph)!;
    assert.deepEqual([shape.width, shape.height], [18, 18]);
    assert.ok(shape.fill > 0.72 && shape.fill < 0.85, String(shape.fill));
    assert.equal(inkShape(disc, W, { x0: 150, y0: 0, x1: 200, y1: 40 }), undefined);
  });
});

describe("accentShape: the accent over a letter, told by its ink's slope", () => {
  // A grave accent and an acute one over an `e`, a circumflex over one (Computer Modern at 300
  // dpi, as fepslatex's OCR'd pages print `è`, `é`, `ê`), then what is no acute or grave accent.
  const e = [
    '....######...',
    '..###....###.',
    '.###......###',
    '.############',
    '.###.........',
    '..###.....##.',
    '....######...',
  ];
  const grave = art(
    '.##..........',
    '..###........',
    '...###.......',
    '....###......',
    '.....##......',
    '.............',
    ...e,
  );
  const acute = art(
    '.......##....',
    '......###....',
    '.....###.....',
    '....###......',
    '....##.......',
    '.............',
    ...e,
  );
  const circumflex = art(
    '........##........',
    '.......####.......',
    '......######......',
    '.....###..###.....',
    '....###....###....',
    '...###......###...',
    '...##.........#...',
    '..............#...',
    '..................',
    '.......#####......',
    '.....##########...',
    '....###.....####..',
  );
  const dieresis = art('..##....##...', '..##....##...', '..##....##...', '.............', ...e);
  const plainE = art(...e);
  // An `i` (its dot stands apart too, but does not lean).
  const dotI = art('.###.', '#####', '#####', '.###.', '.....', '.....', '####.', '.###.', '.###.', '#####');
  // A `t` the box fell on: no blank row under its top.
  const t = art('..##...', '..##...', '..##...', '######.', '..##...', '..##...', '..####.');
  // An acute accent with the ascender of a neighbour touching its column run: two runs a row.
  const withAscender = art(
    '##.....##...',
    '##....###...',
    '##...###....',
    '##..###.....',
    '##..##......',
    '............',
    '##..######..',
  );
  const cases: [string, boolean[][], string | undefined][] = [
    ['a grave accent leans down to the right', grave, 'grave'],
    ['an acute accent leans down to the left', acute, 'acute'],
    ['a circumflex spreads apart going down (a stray row at its foot)', circumflex, 'circumflex'],
    ['a dieresis does not lean', dieresis, undefined],
    ['a letter without an accent', plainE, undefined],
    ["an `i`'s dot", dotI, undefined],
    ['no blank row under the top', t, undefined],
    ['two runs in a row (a neighbour beside the accent)', withAscender, undefined],
    ['accent only, no letter under it', art('.##....', '..###..', '...###.', '....##.'), undefined],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(accentShape(ink), want));
  test('no glyph', () => assert.equal(accentShape(undefined), undefined));
});

describe('withAccents: a letter read with one accent is read with the one its glyph has', () => {
  const line = (...words: OcrWord[]) => cellLine(300, ...words);
  const accentAt = (accents: Record<number, 'acute' | 'grave' | 'circumflex'>) => (b: { x0: number }) => accents[b.x0];
  const cases: [string, ReturnType<typeof line>, (b: { x0: number }) => string | undefined, string][] = [
    ['`derniére`, its accent grave', line(cellWord('derniére', 0)), accentAt({ 50: 'grave' }), 'dernière\n'],
    ['`aprés la`', line(cellWord('aprés', 0), cellWord('la', 60)), accentAt({ 30: 'grave' }), 'après la\n'],
    ['`étre`, a circumflex', line(cellWord('étre', 0)), accentAt({ 0: 'circumflex' }), 'être\n'],
    ['`été` stays, its accents acute', line(cellWord('été', 0)), accentAt({ 0: 'acute', 20: 'acute' }), 'été\n'],
    ['an accent not judged: as read', line(cellWord('trés', 0)), accentAt({}), 'trés\n'],
    ['`à` read with an acute accent is `à` again', line(cellWord('á', 0)), accentAt({ 0: 'grave' }), 'à\n'],
    ['`È` in capitals', line(cellWord('École', 0)), accentAt({ 0: 'grave' }), 'Ècole\n'],
    [
      'a letter without accent is never given one',
      line(cellWord('ete', 0)),
      accentAt({ 0: 'grave', 20: 'acute' }),
      'ete\n',
    ],
  ];
  for (const [name, l, accentOf, want] of cases)
    test(name, () => assert.equal(withAccents(l, accentOf as (b: { x0: number }) => undefined).text, want));
  test('the words and characters change with the text', () => {
    const out = withAccents(line(cellWord('aprés', 0)), accentAt({ 30: 'grave' }));
    assert.equal(out.words?.[0]?.text, 'après');
    assert.deepEqual(
      out.words?.[0]?.symbols.map((s) => s.text),
      ['a', 'p', 'r', 'è', 's'],
    );
  });
});

describe('openShape: a glyph whose ink is a `c`, told from `e`, `o` and parentheses', () => {
  // cmtt's `c` and `e` in a 300 dpi scan (bashref's `bc`, read `be`), at the light threshold.
  const c = art(
    '.....#########....',
    '...############...',
    '..##############..',
    '.######.....#####.',
    '#####.......#####.',
    '####.........###..',
    '####..............',
    '####..............',
    '###...............',
    '###...............',
    '###...............',
    '###...............',
    '####..............',
    '####..............',
    '#####........###..',
    '.#####......####..',
    '..#####....#####..',
    '...############...',
    '....##########....',
    '......#######.....',
  );
  const e = art(
    '......########.....',
    '....###########....',
    '...#############...',
    '..#####.....#####..',
    '.####.........####.',
    '####...........###.',
    '####...........####',
    '###################',
    '###################',
    '###################',
    '####...............',
    '####...............',
    '#####..............',
    '.#####.........##..',
    '..#####.......####.',
    '...####......#####.',
    '....#############..',
    '.....###########...',
    '......########.....',
    '........####.......',
  );
  // An `o`: closed on its right.
  const o = c.map((r, y) => (y >= 5 && y <= 14 ? r.map((v, x) => v || x >= 15) : r));
  // A `(`: narrow.
  const paren = art(...Array.from({ length: 20 }, (_, y) => (y < 3 || y > 16 ? '..###' : '###..')));
  // A `c` whose foot does not reach over (a `<`-like or a broken glyph): not judged a `c`.
  const noFoot = c.map((r, y) => (y >= 14 ? r.map((v, x) => v && x < 10) : r));
  const cases: [string, boolean[][] | undefined, boolean][] = [
    ['a c', c, true],
    ['an e: its bar closes the bowl', e, false],
    ['an o', o, false],
    ['a parenthesis: narrow', paren, false],
    ['no foot on the right', noFoot, false],
    ['too small', c.slice(0, 7), false],
    ['no ink', undefined, false],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(openShape(ink), want));
});

describe('withOpenC: an `e` whose glyph is open on its right is read `c`', () => {
  const line = (...words: OcrWord[]) => cellLine(200, ...words);
  const openAt =
    (...xs: number[]) =>
    (b: { x0: number }) =>
      xs.includes(b.x0);
  const cases: [string, ReturnType<typeof line>, (b: { x0: number }) => boolean, string][] = [
    ['`be` whose second glyph is open: `bc`', line(cellWord('be', 0)), openAt(10), 'bc\n'],
    ['an `e` whose glyph is closed is left as read', line(cellWord('be', 0)), openAt(), 'be\n'],
    ['another letter over an open glyph is left as read', line(cellWord('bo', 0)), openAt(10), 'bo\n'],
    ['`b e` on a grid: the second word', line(cellWord('b', 0), cellWord('e', 20)), openAt(20), 'b c\n'],
  ];
  for (const [name, l, isOpen, want] of cases) test(name, () => assert.equal(withOpenC(l, isOpen).text, want));
});

describe('withLowZeros: a typewriter `0` whose glyph is no taller than an x-height letter is read `o`', () => {
  const line = (...words: OcrWord[]) => cellLine(300, ...words);
  // Glyph heights by the character's left edge (cells of 10): capitals and ascenders 28, x-height 20.
  const heights =
    (h: Record<number, number>) =>
    (b: { x0: number }): number | undefined =>
      h[b.x0];
  const cases: [string, ReturnType<typeof line>, Record<number, number>, string][] = [
    // `~-/f00` (bashref's `~-/foo`): f tall, the zeros x-height; `$PWD` tall.
    [
      'two low zeros after a tall `f`, capitals beside',
      line(cellWord('/f00', 0), cellWord('$PWD', 50)),
      { 10: 28, 20: 20, 30: 20, 60: 28, 70: 28, 80: 28 },
      '/foo $PWD\n',
    ],
    [
      'zeros as tall as the digits stay',
      line(cellWord('x=10', 0), cellWord('20', 50)),
      { 20: 28, 30: 28, 50: 28, 60: 28 },
      'x=10 20\n',
    ],
    [
      'a tall zero beside a low one: only the low one',
      line(cellWord('D00D', 0)),
      { 0: 28, 10: 28, 20: 20, 30: 28 },
      'D0oD\n',
    ],
    ['one tall glyph alone: not judged', line(cellWord('f00', 0)), { 0: 28, 10: 20, 20: 20 }, 'f00\n'],
    ['a zero whose glyph is not found stays', line(cellWord('fh00', 0)), { 0: 28, 10: 28, 30: 20 }, 'fh0o\n'],
  ];
  for (const [name, l, h, want] of cases) test(name, () => assert.equal(withLowZeros(l, heights(h)).text, want));
});

describe('oneShape: a glyph read `i` that is a `1`, told from `i`, `l` and an `fi` ligature', () => {
  // cmtt's `1` at 200 dpi (the LaTeX manual's `\foo{1}`, read `\foo{i}`).
  const one = art(
    '...##...',
    '..###...',
    '.####...',
    '##.##...',
    '...##...',
    '...##...',
    '...##...',
    '...##...',
    '...##...',
    '...##...',
    '...##...',
    '...##...',
    '...##...',
    '########',
    '########',
  );
  // An `i`: its dot apart from its stem.
  const i = one.map((r, y) => (y < 4 ? r.map((_, x) => y < 2 && (x === 3 || x === 4)) : r));
  // An `l`: its serif at its very top.
  const l = one.map((r, y) => (y < 4 ? r.map((_, x) => x >= 1 && x <= 4) : r));
  // An `fi` ligature: a flag of sorts at the top, but two stems on the last row.
  const fi = one.map((r, y) => (y >= 13 ? [...'##...##.'].map((c) => c === '#') : r));
  const cases: [string, boolean[][] | undefined, boolean][] = [
    ['a one', one, true],
    ['an i: a dot apart', i, false],
    ['an l: its serif at the top', l, false],
    ['an fi ligature: two stems at the foot', fi, false],
    ['too small', one.slice(0, 7), false],
    ['no ink', undefined, false],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(oneShape(ink), want));
});

describe('withOnes: an `i` whose glyph is a `1` is read `1`', () => {
  const line = (...words: OcrWord[]) => cellLine(200, ...words);
  const oneAt =
    (...xs: number[]) =>
    (b: { x0: number }) =>
      xs.includes(b.x0);
  const cases: [string, ReturnType<typeof line>, (b: { x0: number }) => boolean, string][] = [
    ['`{i}` whose i is a one: `{1}`', line(cellWord('{i}', 0)), oneAt(10), '{1}\n'],
    ['an `i` with its dot stays', line(cellWord('{i}', 0)), oneAt(), '{i}\n'],
    ['another letter over a one is left as read', line(cellWord('{l}', 0)), oneAt(10), '{l}\n'],
  ];
  for (const [name, l, isOne, want] of cases) test(name, () => assert.equal(withOnes(l, isOne).text, want));
});

const courierOne = art(
  '.....###.....',
  '.#######.....',
  '########.....',
  '########.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.############',
  '#############',
  '.############',
);

// Courier's `f`, which the fast model reads `£`.
const courierF = art(
  '.......####...',
  '.....########.',
  '....##########',
  '...####.......',
  '...###........',
  '.###########..',
  '############..',
  '.###########..',
  '...###........',
  '...###........',
  '...###........',
  '...###........',
  '...###........',
  '...###........',
  '###########...',
  '############..',
  '###########...',
);

describe('inkDifference: how far apart two glyphs are, at their best alignment', () => {
  const shifted = courierL.map((r) => [false, ...r]);
  const dotted = courierL.map((r, y) => (y === 8 ? r.map((v, x) => v || x === 9) : r));
  const taller = [...courierL, courierL[0]!, courierL[0]!];
  const cases: [string, boolean[][], boolean[][], (d: number) => boolean][] = [
    ['the same ink: 0', courierL, courierL, (d) => d === 0],
    ['a pixel to the right: aligned, 0', courierL, shifted, (d) => d === 0],
    ['a speck more: a little', courierL, dotted, (d) => d > 0 && d < 0.02],
    ["Courier's `l` and `1`: more than twins differ", courierL, courierOne, (d) => d > 0.1],
    ["Courier's `l` and `f`: far apart", courierL, courierF, (d) => d > 0.3],
    ['two rows taller: another glyph, 1', courierL, taller, (d) => d === 1],
    ['no ink: 1', [[false]], [[false]], (d) => d === 1],
  ];
  for (const [name, a, b, ok] of cases)
    test(name, () => assert.ok(ok(inkDifference(a, b)), String(inkDifference(a, b))));
});

describe('twinReadings: a typewriter glyph is read as its twins on the page are', () => {
  const g = (text: string, ink: boolean[][]) => ({ text, ink });
  const fs = (n: number) => Array.from({ length: n }, () => g('f', courierF));
  const cases: [string, { text: string; ink: boolean[][] }[], (string | undefined)[]][] = [
    ['`£` whose three twins are read `f`: `f`', [g('£', courierF), ...fs(3)], ['f', undefined, undefined, undefined]],
    ['two twins are too few', [g('£', courierF), ...fs(2)], [undefined, undefined, undefined]],
    [
      "Courier's `1` among `l`s stays `1` (not their twin)",
      [g('1', courierOne), g('l', courierL), g('l', courierL), g('l', courierL), g('l', courierL)],
      [undefined, 'l', 'l', 'l', 'l'],
    ],
    [
      '`1` on an `l` glyph whose twins are three `l`s: `l`',
      [g('1', courierL), g('l', courierL), g('l', courierL), g('l', courierL)],
      ['l', undefined, undefined, undefined],
    ],
    [
      'twins split, own reading a quarter or more: left as read',
      [g('1', courierL), g('1', courierL), g('l', courierL), g('l', courierL), g('l', courierL), g('l', courierL)],
      [undefined, undefined, 'l', 'l', 'l', 'l'],
    ],
    // The two misreadings of one glyph vote for each other but are too few against the page.
    [
      'two `£` and two `f`: no majority of three',
      [g('£', courierF), g('£', courierF), ...fs(2)],
      [undefined, undefined, undefined, undefined],
    ],
  ];
  for (const [name, glyphs, want] of cases) test(name, () => assert.deepEqual(twinReadings(glyphs), want));
});

describe('ownGlyphs: the characters of a line judged by their twins, and their doubles', () => {
  const sym = (text: string, x0: number, x1: number) => ({ text, bbox: { x0, y0: 0, x1, y1: 20 } });
  const line = (...symbols: ReturnType<typeof sym>[]): OcrLine => ({
    text: symbols.map((s) => s.text).join('') + '\n',
    confidence: 90,
    bbox: { x0: 0, y0: 0, x1: 200, y1: 20 },
    words: [{ text: symbols.map((s) => s.text).join(''), bbox: { x0: 0, y0: 0, x1: 200, y1: 20 }, symbols }],
  });
  // Glyph left edges by the box's left edge (undefined: no glyph of its own).
  const glyphs = (m: Record<number, number>) => (b: { x0: number }) =>
    m[b.x0] === undefined ? undefined : { x0: m[b.x0]! };
  const cases: [string, OcrLine, Record<number, number>, [string, number, number | undefined][]][] = [
    [
      'each on its own glyph',
      line(sym('a', 0, 10), sym('b', 12, 22)),
      { 0: 0, 12: 12 },
      [
        ['a', 0, undefined],
        ['b', 12, undefined],
      ],
    ],
    ['two boxes on one glyph: neither', line(sym('a', 0, 10), sym('b', 12, 22)), { 0: 5, 12: 5 }, []],
    [
      "squeezed (reportlab's `setFont`, its `n` and `t` overlapping): neither",
      line(sym('o', 0, 10), sym('n', 7, 17), sym('t', 14, 24), sym('(', 30, 40)),
      { 0: 0, 14: 14, 30: 30 },
      [['(', 30, undefined]],
    ],
    [
      "a glyphless `£` inside its `f`'s box (`£fil1`): the `f` judged, the `£` its double",
      line(sym('£', 1, 9), sym('f', 0, 14), sym('i', 16, 30)),
      { 0: 0, 16: 16 },
      [
        ['f', 0, 1],
        ['i', 16, undefined],
      ],
    ],
    ['overlapping much, both with a glyph: neither', line(sym('a', 0, 10), sym('b', 1, 11)), { 0: 0, 1: 3 }, []],
  ];
  for (const [name, l, m, want] of cases)
    test(name, () =>
      assert.deepEqual(
        ownGlyphs(l, glyphs(m)).map((o) => [o.text, o.symbol.x0, o.double?.x0]),
        want,
      ),
    );
});

describe('withTwinReadings: characters read again, doubles dropped', () => {
  const line = (...words: OcrWord[]) => cellLine(200, ...words);
  const cases: [string, OcrLine, Record<number, string>, string][] = [
    ['`£i11` whose glyphs are `f`, `l`, `l`', line(cellWord('£i11', 0)), { 0: 'f', 20: 'l', 30: 'l' }, 'fill\n'],
    ['`£fil1`: the `£` a double, the `1` an `l`', line(cellWord('£fil1', 0)), { 0: '', 40: 'l' }, 'fill\n'],
    ['nothing given: as read', line(cellWord('fill', 0)), {}, 'fill\n'],
  ];
  for (const [name, l, m, want] of cases)
    test(name, () => assert.equal(withTwinReadings(l, (b) => m[b.x0]).text, want));
});

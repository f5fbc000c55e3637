// Signs of code told by their ink (src/documents/ocr/signs.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrWord } from '../../../src/documents/ocr/engine.ts';
import {
  atShape,
  braceShape,
  bracketShape,
  caretShape,
  crossShape,
  cupShape,
  dashGlyph,
  percentShape,
  raisedGlyph,
  withAtSigns,
  withBrackets,
  withCarets,
  withDashes,
  withDots,
  dotGlyph,
  withPlusSigns,
  withSign,
} from '../../../src/documents/ocr/signs.ts';
import { type GlyphSpan } from '../../../src/documents/ocr/glyph-ink.ts';
import { art, cellLine, cellWord } from './helpers/ocr-lines.ts';

describe('crossShape: a glyph whose ink is a plus sign, told from a `t` and the rest', () => {
  const plus = art(
    '......##.......',
    '.....###.......',
    '.....###.......',
    '.....###.......',
    '.....###.......',
    '.....###.......',
    '#############..',
    '###############',
    '.#############.',
    '.....###.......',
    '.....###.......',
    '.....###.......',
    '.....###.......',
    '.....###.......',
    '......##.......',
  );
  const thinPlus = art('...#...', '...#...', '...#...', '#######', '...#...', '...#...', '...#...');
  // Courier's `t`: the stem rises above a bar at x-height and ends in a hook at the foot.
  const courierT = art(
    '..##......',
    '..##......',
    '..##......',
    '#########.',
    '#########.',
    '..##......',
    '..##......',
    '..##......',
    '..##......',
    '..##......',
    '..##....##',
    '...######.',
  );
  // A `t` of a book face: short stem above, bar, stem with a curl at the foot.
  const bookT = art(
    '...#....',
    '..##....',
    '.###....',
    '#######.',
    '.###....',
    '.###....',
    '.###....',
    '.###....',
    '.###....',
    '.###...#',
    '..#####.',
  );
  const dagger = art('..###..', '..###..', '#######', '..###..', '..###..', '..###..', '..###..', '..###..', '...#...');
  const equals = art('#######', '#######', '.......', '.......', '#######', '#######');
  const ex = art('##...##', '.##.##.', '..###..', '...#...', '..###..', '.##.##.', '##...##');
  const small = art('.#.', '###', '.#.');
  const offCentre = art('#......', '#......', '#......', '#######', '#......', '#......', '#......');
  const cases: [string, boolean[][] | undefined, boolean][] = [
    ['a bold typewriter plus', plus, true],
    ['a thin plus', thinPlus, true],
    ['a typewriter `t`: bar high, hook at the foot', courierT, false],
    ["a book face's `t`", bookT, false],
    ['a dagger: bar in the top third', dagger, false],
    ['an equals sign: empty rows', equals, false],
    ['an `x`: no bar', ex, false],
    ['a glyph under five pixels', small, false],
    ['a bar with its stem at the edge (`⊢`-like)', offCentre, false],
    ['no ink', undefined, false],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(crossShape(ink), want));
});

describe('withPlusSigns: a `t` whose glyph is a cross is read `+`', () => {
  const word = cellWord;
  const line = (...words: OcrWord[]) => cellLine(200, ...words);
  const crossAt =
    (...xs: number[]) =>
    (b: { x0: number }) =>
      xs.includes(b.x0);
  const cases: [string, ReturnType<typeof line>, (b: { x0: number }) => boolean, string][] = [
    ['`x = xtdx`, its `t` a cross', line(word('x', 0), word('=', 20), word('xtdx', 40)), crossAt(50), 'x = x+dx\n'],
    [
      '`size = sizet1.5`',
      line(word('size', 0), word('=', 50), word('sizet1.5', 70)),
      crossAt(110),
      'size = size+1.5\n',
    ],
    ['a `t` that is a `t` stays', line(word('textobject', 0)), crossAt(), 'textobject\n'],
    ['only the crossed `t` of a word changes', line(word('tt', 0)), crossAt(10), 't+\n'],
    ['a cross read as another letter is not judged', line(word('xdx', 0)), crossAt(10), 'xdx\n'],
  ];
  for (const [name, l, isCross, want] of cases) test(name, () => assert.equal(withPlusSigns(l, isCross).text, want));
  test('the word and its character change with the text', () => {
    const out = withPlusSigns(line(word('x', 0), word('xtdx', 40)), crossAt(50));
    assert.deepEqual(
      out.words?.map((w) => [w.text, w.symbols.map((s) => s.text).join('')]),
      [
        ['x', 'x'],
        ['x+dx', 'x+dx'],
      ],
    );
  });
  test('a word its characters do not spell is left as read', () => {
    const odd = { ...word('xtdx', 0), text: 'xtd' };
    assert.equal(withPlusSigns(line(odd), crossAt(10)).text, 'xtd\n');
  });
});

describe('caretShape: a glyph whose ink is a caret, told from arches, quotes and stars', () => {
  // Courier's `^` at 200 dpi (three rows) and at 300 dpi (an edge pixel under its left foot).
  const small = art('..####...', '######## ', '###...###'.replace(' ', '.'));
  const large = art(
    '......##......',
    '.....#####....',
    '...#########..',
    '.############.',
    '#####....#####',
    '####.......###',
    '.#............',
  );
  // Courier's `n`: an arch, then straight legs; about as wide as tall.
  const arch = art(
    '....######.....',
    '...#########...',
    '..###########..',
    '.####.....####.',
    '####.......###.',
    '###.........##.',
    '###.........###',
    '###.........###',
    '###.........###',
    '###.........###',
    '###.........###',
    '###.........###',
  );
  // A squat arch, wide enough, whose legs drop straight below its widest row.
  const squat = art('...######...', '.##########.', '###......###', '##........##', '##........##', '##........##');
  const flatArch = art('..######..', '.########.', '###....###', '##......##');
  const quote = art('###..###', '###..###', '.##...##', '.#....#.');
  const star = art('...##...', '...##...', '########', '..####..', '.##..##.', '.#....#.');
  const degree = art('..####..', '.##..##.', '##....##', '.##..##.', '..####..');
  const tilde = art('.###.....#', '##..##..##', '#.....###.');
  const apexOff = art('######....', '.#######..', '##.....###');
  const oneFoot = art('....##....', '..######..', '##########');
  const cases: [string, boolean[][] | undefined, boolean][] = [
    ['a small typewriter caret', small, true],
    ['a larger caret with a speck under a foot', large, true],
    ['an `n`: about as wide as tall', arch, false],
    ['a squat arch: its legs drop straight under its widest row', squat, false],
    ['a flat blob: its top too wide for an apex', flatArch, false],
    ['a closing quote: two runs at the top', quote, false],
    ['an asterisk: narrows under its arms', star, false],
    ['a degree sign: closed at its foot', degree, false],
    ['a tilde', tilde, false],
    ['an apex at one side', apexOff, false],
    ['a triangle: one run at the foot', oneFoot, false],
    ['no ink', undefined, false],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(caretShape(ink), want));
});

describe("raisedGlyph: a glyph whose ink is all in the upper half of its line's box", () => {
  const line = { x0: 0, y0: 100, x1: 500, y1: 140 };
  const cases: [string, number, boolean][] = [
    ['a caret ending a third down the box', 113, true],
    ['a letter on the baseline', 132, false],
    ['ink ending just at the middle', 120, false],
  ];
  for (const [name, bottom, want] of cases) test(name, () => assert.equal(raisedGlyph(bottom, line), want));
});

describe('withCarets: a character whose glyph is a raised caret is read `^`', () => {
  const word = cellWord;
  const line = (...words: OcrWord[]) => cellLine(300, ...words);
  // The glyph under each character box: a caret's left edge, keyed by the box's left edge.
  const caretsAt =
    (glyphs: Record<number, number>) =>
    (b: { x0: number }): number | undefined =>
      glyphs[b.x0];
  const cases: [string, ReturnType<typeof line>, Record<number, number>, string][] = [
    ['`E{7_}`: the `7` is a caret', line(word('E{7_}', 0)), { 20: 21 }, 'E{^_}\n'],
    ['`E{7>_}`: two characters read from one caret', line(word('E{7>_}', 0)), { 20: 21, 30: 21 }, 'E{^_}\n'],
    ['`‘**’`: two carets side by side', line(word('‘**’', 0)), { 10: 11, 20: 22 }, '‘^^’\n'],
    ['a caret read as a word of its own', line(word('x', 0), word('~', 20)), { 20: 20 }, 'x ^\n'],
    ['no caret: as read', line(word('E{7_}', 0)), {}, 'E{7_}\n'],
  ];
  for (const [name, l, glyphs, want] of cases)
    test(name, () => assert.equal(withCarets(l, caretsAt(glyphs)).text, want));
  test('a word its characters do not spell is left as read', () => {
    const odd = { ...word('E{7_}', 0), text: 'E{7}' };
    assert.equal(withCarets(line(odd), caretsAt({ 20: 21 })).text, 'E{7}\n');
  });
  test('the word and its characters change with the text', () => {
    const out = withCarets(line(word('E{7>_}', 0)), caretsAt({ 20: 21, 30: 21 }));
    assert.deepEqual(
      out.words?.map((w) => [w.text, w.symbols.map((s) => s.text).join('')]),
      [['E{^_}', 'E{^_}']],
    );
  });
});

describe('bracketShape: a glyph whose ink is a square bracket, told from `L`, `E`, `I` and braces', () => {
  // cmtt's `[` at 200 dpi: bars at top and foot, the stem at the left.
  const open = art(
    '#######',
    '#######',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '#######',
  );
  const close = open.map((r) => [...r].reverse());
  // Courier's `L`: a top serif both ways of the stem, a long foot.
  const courierL = art(
    '#####.....',
    '.##.......',
    '.##.......',
    '.##.......',
    '.##.......',
    '.##.......',
    '.##.......',
    '.##.......',
    '.##......#',
    '.##......#',
    '##########',
  );
  const sansL = art('##.....', '##.....', '##.....', '##.....', '##.....', '##.....', '##.....', '##.....', '#######');
  const e = art('#######', '##.....', '##.....', '##.....', '######.', '##.....', '##.....', '##.....', '#######');
  const serifI = art('#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..', '#####');
  const brace = art(
    '...###',
    '..##..',
    '..##..',
    '..##..',
    '.##...',
    '##....',
    '.##...',
    '..##..',
    '..##..',
    '..##..',
    '...###',
  );
  const cases: [string, boolean[][] | undefined, '[' | ']' | undefined][] = [
    ['an opening bracket', open, '['],
    ['a closing bracket', close, ']'],
    ['a typewriter `L`: its top serif is no bar across', courierL, undefined],
    ['a sans `L`: no top bar', sansL, undefined],
    ['an `E`: a middle bar', e, undefined],
    ['a serif `I`: its stem in the middle', serifI, undefined],
    ['a brace', brace, undefined],
    ['a short glyph', open.slice(0, 1).concat(open.slice(-6)), undefined],
    ['no ink', undefined, undefined],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(bracketShape(ink), want));
});

describe('withBrackets: a character whose glyph is a square bracket is read as it', () => {
  const word = cellWord;
  const line = (...words: OcrWord[]) => cellLine(300, ...words);
  // The glyph under each character box, keyed by the box's left edge: its left edge and, if it
  // is a bracket, which; every other box over a glyph of its own.
  type Glyph = { x0: number; bracket?: '[' | ']' | '{' | '}' };
  const at = (glyphs: Record<number, Glyph>) => (b: { x0: number }) => glyphs[b.x0] ?? { x0: b.x0 };
  const cases: [string, ReturnType<typeof line>, Record<number, Glyph>, string][] = [
    [
      '`\\fooLarg]`: the `L` is an opening bracket',
      line(word('\\fooLarg]', 0)),
      { 40: { x0: 41, bracket: '[' } },
      '\\foo[arg]\n',
    ],
    ['`${!name|@]}`: the bar is one', line(word('${!name|@]}', 0)), { 70: { x0: 71, bracket: '[' } }, '${!name[@]}\n'],
    [
      '`a{d,c,bte`: the `t` is a closing brace',
      line(word('a{d,c,bte', 0)),
      { 70: { x0: 71, bracket: '}' } },
      'a{d,c,b}e\n',
    ],
    ['a brace read as one stays', line(word('a{d}', 0)), { 10: { x0: 11, bracket: '}' } }, 'a{d}\n'],
    [
      'a full stop boxed over the bracket before it stays',
      line(word('[t].', 0)),
      { 20: { x0: 21, bracket: ']' }, 30: { x0: 21, bracket: ']' } },
      '[t].\n',
    ],
    [
      'a letter and a full stop over one bracket glyph: neither changes',
      line(word('tl.', 0)),
      { 10: { x0: 11, bracket: ']' }, 20: { x0: 11, bracket: ']' } },
      'tl.\n',
    ],
    [
      'a parenthesis in another word over the bracket glyph stays',
      line(word('options)', 0), word(']', 90)),
      { 70: { x0: 92, bracket: ']' }, 90: { x0: 92, bracket: ']' } },
      'options) ]\n',
    ],
    [
      'a comma whose box sits over a bracket stays',
      line(word('[tc],', 0)),
      { 40: { x0: 31, bracket: ']' } },
      '[tc],\n',
    ],
    ['no bracket: as read', line(word('Larg', 0)), {}, 'Larg\n'],
  ];
  for (const [name, l, glyphs, want] of cases) test(name, () => assert.equal(withBrackets(l, at(glyphs)).text, want));
});

describe('percentShape: a glyph whose ink is a percent sign, told from `/`, `8`, `&` and the rest', () => {
  // cmtt's `%` in a 300 dpi scan (bashref's `${parameter%word}`, read `/`).
  const percent300 = art(
    '..####.........###',
    '.######........###',
    '#######.......####',
    '###..##.......###.',
    '##...###.....####.',
    '##...###.....###..',
    '##...###.....###..',
    '###..##.....####..',
    '###.###.....###...',
    '.######....####...',
    '..####.....###....',
    '...........###....',
    '..........####....',
    '..........###.....',
    '.........####.....',
    '.........####.....',
    '.........###......',
    '........####......',
    '........###.......',
    '.......####.......',
    '.......###........',
    '......####........',
    '......###.........',
    '.....####.........',
    '.....###......###.',
    '.....###.....#####',
    '....####....#######',
    '....###.....###.###',
    '...####.....##...##',
    '...###......##...##',
    '...###......##...##',
    '..####......##...##',
    '..###.......###.###',
    '.####.......#######',
    '.###.........#####.',
    '..#............#...',
  ).map((r) => [...r, ...Array(19 - r.length).fill(false)]);
  // The same at 200 dpi (LaTeX's `{%`, read `th`): rings of four pixels round a hole of two by two.
  const percent200 = art(
    '.##.....##',
    '####....##',
    '#..#...##.',
    '#..#...##.',
    '####..##..',
    '.##...##..',
    '......##..',
    '.....##...',
    '.....##...',
    '....##....',
    '....##....',
    '....##....',
    '...##..####',
    '...##..####',
    '..##...#..#',
    '..##...#..#',
    '.##....####',
    '.##.....##.',
  ).map((r) => [...r, ...Array(11 - r.length).fill(false)]);
  const slash = art('....##', '....##', '...##.', '...##.', '..##..', '..##..', '.##...', '.##...', '##....', '##....');
  const eight = art('.####.', '##..##', '##..##', '.####.', '.####.', '##..##', '##..##', '##..##', '.####.');
  // An `&`: its upper loop to the right of its lower one.
  const ampersand = art(
    '...###..',
    '..#...#.',
    '..#...#.',
    '...###..',
    '.##.#...',
    '#....#.#',
    '#.....#.',
    '#....#.#',
    '.####...',
  );
  // Two rings side by side (`oo` touching, `œ`).
  const rings = art('.##..##.', '#..##..#', '#..##..#', '#..##..#', '#..##..#', '#..##..#', '#..##..#', '.##..##.');
  // cmtt's `$` in the same scan: two holes on the same diagonal, only its stem and the S between them.
  const dollar = art(
    '........##........',
    '........##........',
    '........##........',
    '......#######.....',
    '...############...',
    '..##############..',
    '.####...##...####.',
    '####....##....####',
    '###.....##.....###',
    '###.....##....####',
    '###.....##....####',
    '###.....##....####',
    '###.....##........',
    '#####...##........',
    '.#########........',
    '..#########.......',
    '....##########....',
    '......#########...',
    '........########..',
    '........##...####.',
    '........##....####',
    '.##.....##.....###',
    '###.....##.....###',
    '####....##.....###',
    '###.....##.....###',
    '###.....##.....###',
    '####....##....###.',
    '.####...##...####.',
    '..##############..',
    '...############...',
    '.....########.....',
    '.......###........',
    '........##........',
    '........##........',
    '........##........',
  );
  const cases: [string, boolean[][] | undefined, boolean][] = [
    ['a typewriter `%` at 300 dpi', percent300, true],
    ['a typewriter `$`: its holes close together', dollar, false],
    ['a typewriter `%` at 200 dpi', percent200, true],
    ['mirrored, its rings on the other diagonal: no', percent200.map((r) => [...r].reverse()), false],
    ['a slash', slash, false],
    ['an `8`: its holes one over the other', eight, false],
    ['an `&`: its upper hole to the right', ampersand, false],
    ['two rings side by side', rings, false],
    ['a `%` too small to judge', percent200.slice(0, 6), false],
    ['no ink', undefined, false],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(percentShape(ink), want));
});

describe('withSign: a character whose glyph is a percent sign is read `%`', () => {
  const word = cellWord;
  const line = (...words: OcrWord[]) => cellLine(300, ...words);
  // The glyph under each character box, keyed by the box's left edge: a percent sign's left edge,
  // or null for a box over no glyph; every other box over a glyph of its own that is no percent sign.
  const percentsAt =
    (glyphs: Record<number, number | null>) =>
    (b: { x0: number }): { x0: number; sign: boolean } | undefined => {
      const g = glyphs[b.x0];
      if (g === null) return undefined;
      return g === undefined ? { x0: b.x0, sign: false } : { x0: g, sign: true };
    };
  const cases: [string, ReturnType<typeof line>, Record<number, number | null>, string][] = [
    [
      '`${parameter/word}`: the `/` is a percent sign',
      line(word('${parameter/word}', 0)),
      { 110: 111 },
      '${parameter%word}\n',
    ],
    [
      '`${parameter/,/,word}`: two characters read from each of two',
      line(word('${parameter/,/,word}', 0)),
      { 110: 111, 120: 111, 130: 132, 140: 132 },
      '${parameter%%word}\n',
    ],
    ['`th`: a brace and a percent sign, the second told', line(word('th', 0)), { 10: 10 }, 't%\n'],
    ['`]l%`: a stray letter over the percent sign', line(word(']l%', 0)), { 10: 12, 20: 12 }, ']%\n'],
    [
      '`}%,`: a `%` boxed between two glyphs, its sign under the comma',
      line(word('}%,', 0)),
      { 10: null, 20: 24 },
      '}%\n',
    ],
    ['`%%` read as such stays two', line(word('%%', 0)), { 0: 1, 10: 11 }, '%%\n'],
    ['a `%` over no glyph before a letter stays', line(word('%x', 0)), { 0: null }, '%x\n'],
    ['no percent sign: as read', line(word('c/s', 0)), {}, 'c/s\n'],
    ['a character over no glyph after a letter stays', line(word('a%', 0)), { 10: null }, 'a%\n'],
    ['a brace as read stays, its box over the sign beside it', line(word('world}', 0)), { 50: 48 }, 'world}\n'],
  ];
  test('`\\foo,,[arg]`: the second box, overlapping the first, past the glyph and over none', () => {
    const first = cellWord('\\foo,', 0);
    const second = {
      text: ',[arg]',
      bbox: { x0: 45, y0: 0, x1: 105, y1: 20 },
      symbols: [...',[arg]'].map((ch, i) => ({ text: ch, bbox: { x0: 45 + 10 * i, y0: 0, x1: 55 + 10 * i, y1: 20 } })),
    };
    const both = {
      ...first,
      text: '\\foo,,[arg]',
      bbox: { x0: 0, y0: 0, x1: 105, y1: 20 },
      symbols: [...first.symbols, ...second.symbols],
    };
    const at = (b: { x0: number }) =>
      b.x0 === 40 ? { x0: 40, sign: true } : b.x0 === 45 ? undefined : { x0: b.x0, sign: false };
    assert.equal(withSign(line(both), '\u2423', at).text, '\\foo\u2423[arg]\n');
  });
  test('the same with boxes apart: the second stays', () => {
    const at = (b: { x0: number }) =>
      b.x0 === 40 ? { x0: 40, sign: true } : b.x0 === 50 ? undefined : { x0: b.x0, sign: false };
    assert.equal(withSign(line(cellWord('\\foo,,[arg]', 0)), '\u2423', at).text, '\\foo\u2423,[arg]\n');
  });
  test('`\\foo{arg1},,[arg2]`: two commas read from one visible space are one', () =>
    assert.equal(
      withSign(line(word('\\foo{arg1},,[arg2]', 0)), '\u2423', percentsAt({ 100: 101, 110: 101 })).text,
      '\\foo{arg1}\u2423[arg2]\n',
    ));
  for (const [name, l, glyphs, want] of cases)
    test(name, () => assert.equal(withSign(l, '%', percentsAt(glyphs)).text, want));
  test('the word and its characters change with the text', () => {
    const out = withSign(line(word('a/,b', 0)), '%', percentsAt({ 10: 11, 20: 11 }));
    assert.deepEqual(
      out.words?.map((w) => [w.text, w.symbols.map((s) => s.text).join('')]),
      [['a%b', 'a%b']],
    );
  });
});

describe('braceShape: a glyph whose ink is a curly brace, told from `t`, parentheses and square brackets', () => {
  // cmtt's `{` in a 300 dpi scan (bashref's `a{d,c,b}e`).
  const open300 = art(
    '................#.',
    '...........#######',
    '.........#########',
    '........######....',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '.......####.......',
    '.......###........',
    '....######........',
    '#########.........',
    '#########.........',
    '..########........',
    '......####........',
    '.......####.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........###.......',
    '........#####.....',
    '.........#########',
    '..........########',
    '.............#####',
  );
  // The same at 200 dpi (LaTeX's `{%`, read `th`).
  const open200 = art(
    '......####',
    '.....###..',
    '....##....',
    '....##....',
    '....##....',
    '....##....',
    '....##....',
    '....##....',
    '..####....',
    '#####.....',
    '...###....',
    '....##....',
    '....##....',
    '....##....',
    '....##....',
    '....##....',
    '....##....',
    '.....#####',
    '......####',
  );
  const close300 = open300.map((r) => [...r].reverse());
  // cmtt's `t`: its stem rises alone above the bar, which juts out both ways; a hook at its foot.
  const t = art(
    '...##.....',
    '...##.....',
    '...##.....',
    '...##.....',
    '...##.....',
    '##########',
    '##########',
    '...##.....',
    '...##.....',
    '...##.....',
    '...##.....',
    '...##.....',
    '...##.....',
    '...##.....',
    '...##...##',
    '....######',
    '.....####.',
  );
  // A parenthesis: it curves on every row.
  const paren = art(
    '......##',
    '.....##.',
    '....##..',
    '...##...',
    '...##...',
    '..##....',
    '..##....',
    '.##.....',
    '.##.....',
    '##......',
    '##......',
    '##......',
    '.##.....',
    '.##.....',
    '..##....',
    '..##....',
    '...##...',
    '...##...',
    '....##..',
    '.....##.',
    '......##',
  );
  const square = art(
    '#######',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '##.....',
    '#######',
  );
  const cases: [string, boolean[][] | undefined, '{' | '}' | undefined][] = [
    ['an opening brace at 300 dpi', open300, '{'],
    ['an opening brace at 200 dpi', open200, '{'],
    ['a closing brace', close300, '}'],
    ['a `t`: no hook at its top', t, undefined],
    ['a parenthesis', paren, undefined],
    ['a square bracket', square, undefined],
    ['a brace too short to judge', open200.slice(5, 14), undefined],
    ['no ink', undefined, undefined],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(braceShape(ink), want));
});

describe('cupShape: a glyph whose ink is a visible space, told from `u`, underscores and `=`', () => {
  // cmtt's `␣` in a 200 dpi scan (LaTeX's `\foo{arg1}␣[arg2]`, read `,,`).
  const cup = art(
    '#..........#',
    '#..........#',
    '#..........#',
    '#..........#',
    '#..........#',
    '#..........#',
    '#..........#',
    '#..........#',
    '############',
    '############',
  );
  // cmtt's `u`: serifs at its tops, its bowl curving into the foot.
  const u = art(
    '###.....###.',
    '.##......##.',
    '.##......##.',
    '.##......##.',
    '.##......##.',
    '.##......##.',
    '.##.....###.',
    '..##...####.',
    '...####..###',
  );
  const underscore = art('############', '############');
  const equals = art('############', '............', '............', '############');
  const cases: [string, boolean[][] | undefined, boolean][] = [
    ['a visible space', cup, true],
    ['a visible space, a corner pixel missing under its bar', [...cup.slice(0, -1), art('###########.')[0]!], true],
    ['a `u`', u, false],
    ['an underscore: no uprights', underscore, false],
    ['an equals sign', equals, false],
    ['a cup with a thick upright', cup.map((r) => [r[0]!, true, ...r.slice(2, 8), true, true, true, r[11]!]), false],
    ['no ink', undefined, false],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(cupShape(ink), want));
});

describe('atShape: a glyph whose ink is an at sign, told from `0`, `O` and `o`', () => {
  // cmtt's `@` in a 300 dpi scan (bashref's `${@:7:0}`, read `${0:7:0}`).
  const at = art(
    '.........#####......',
    '......##########....',
    '.....############...',
    '....####......####..',
    '...####........###..',
    '..####.....########.',
    '..###....##########.',
    '.###.....##########.',
    '.###....###....####.',
    '###....###......###.',
    '###....###......###.',
    '###....##........###',
    '##.....##........###',
    '##....###........###',
    '##.....##........##.',
    '###....##........##.',
    '###....###......###.',
    '###....###......###.',
    '.##.....###....###..',
    '.###....##########..',
    '..###....########...',
    '..###......####.....',
    '...###...........##.',
    '....####.......####.',
    '.....##############.',
    '......############..',
    '........#######.....',
  );
  // cmtt's `0`: a ring round one tall hole.
  const zero = art(
    '...####...',
    '.########.',
    '###....###',
    '##......##',
    '##......##',
    '##......##',
    '##......##',
    '##......##',
    '##......##',
    '##......##',
    '###....###',
    '.########.',
    '...####...',
  );
  const dotted = zero.map((r, y) => (y === 6 ? [...'##..##..##'].map((c) => c === '#') : r));
  const cases: [string, boolean[][] | undefined, boolean][] = [
    ['an at sign', at, true],
    ['a zero', zero, false],
    ['a dotted zero: its hole still spans it', dotted, false],
    [
      'a `t` and an `o` touching: tall, not round',
      [...at.slice(0, 9).map((r) => r.map((_, x) => x === 3)), ...at],
      false,
    ],
    [
      'no hole',
      art('########', '########', '########', '########', '########', '########', '########', '########'),
      false,
    ],
    ['no ink', undefined, false],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(atShape(ink), want));
});

describe('withAtSigns: a `0` whose glyph is an at sign is read `@`', () => {
  const line = (...words: OcrWord[]) => cellLine(200, ...words);
  const atAt =
    (...xs: number[]) =>
    (b: { x0: number }) =>
      xs.includes(b.x0);
  const cases: [string, ReturnType<typeof line>, (b: { x0: number }) => boolean, string][] = [
    ['`${0:7:0}`: the first `0` is one', line(cellWord('${0:7:0}', 0)), atAt(20), '${@:7:0}\n'],
    ['another character over an at sign is left as read', line(cellWord('x', 0)), atAt(0), 'x\n'],
    ['a letter `o` is left as read', line(cellWord('for', 0)), atAt(10), 'for\n'],
    ['no at sign: as read', line(cellWord('${0:7:0}', 0)), atAt(), '${0:7:0}\n'],
  ];
  for (const [name, l, isAt, want] of cases) test(name, () => assert.equal(withAtSigns(l, isAt).text, want));
});

describe('dashGlyph: a flat bar between x-height and baseline', () => {
  const line = { x0: 0, y0: 0, x1: 100, y1: 40 };
  const cases: [string, GlyphSpan, boolean][] = [
    ['a hyphen: 18 by 4, rows 16-19', { x0: 0, x1: 18, top: 16, bottom: 19 }, true],
    ['a letter: as tall as wide', { x0: 0, x1: 18, top: 10, bottom: 30 }, false],
    ['an underscore on the baseline', { x0: 0, x1: 18, top: 36, bottom: 38 }, false],
    ['a bar at the top (an overline, a caret)', { x0: 0, x1: 18, top: 2, bottom: 5 }, false],
    ['a narrow bar (a dot)', { x0: 0, x1: 6, top: 16, bottom: 19 }, false],
  ];
  for (const [name, g, want] of cases) test(name, () => assert.equal(dashGlyph(g, line), want));
});

describe('withDashes: a typewriter run of dashes is as many hyphens as its span holds bars', () => {
  const line = (...words: OcrWord[]) => cellLine(300, ...words);
  const bar = (x0: number): GlyphSpan => ({ x0, x1: x0 + 8, top: 8, bottom: 10 });
  // Bars found by the span's left edge, as glyphsWithin would return them.
  const bars =
    (found: Record<string, GlyphSpan[] | undefined>) =>
    (x0: number, x1: number): GlyphSpan[] | undefined =>
      found[`${x0}-${x1}`];
  const wide = (text: string, x0: number, x1: number): OcrWord => ({
    text,
    bbox: { x0, y0: 0, x1, y1: 20 },
    symbols: [{ text, bbox: { x0, y0: 0, x1, y1: 20 } }],
  });
  const cases: [string, ReturnType<typeof line>, Record<string, GlyphSpan[] | undefined>, string][] = [
    // bashref's `set -- 1`: one `-` boxed over two bars.
    [
      'one dash over two bars: `--`',
      line(cellWord('set', 0), wide('-', 40, 60), cellWord('1', 70)),
      { '40-60': [bar(41), bar(51)] },
      'set -- 1\n',
    ],
    // reportlab's `Helvetica-Bold`, read `a-—B`: two dashes over one bar.
    ['a hyphen and an em dash over one bar: `-`', line(cellWord('a-\u2014B', 0)), { '10-30': [bar(11)] }, 'a-B\n'],
    ['as many dashes as bars: as read', line(cellWord('a--b', 0)), { '10-30': [bar(11), bar(21)] }, 'a--b\n'],
    ['a one-cell em dash over one bar stays', line(cellWord('a\u2014b', 0)), { '10-20': [bar(11)] }, 'a\u2014b\n'],
    ['a glyph there that is no bar: as read', line(wide('-', 40, 60)), { '40-60': undefined }, '-\n'],
    ['no glyph found: as read', line(wide('-', 40, 60)), { '40-60': [] }, '-\n'],
    ['no dash: as read', line(cellWord('abc', 0)), {}, 'abc\n'],
  ];
  for (const [name, l, found, want] of cases) test(name, () => assert.equal(withDashes(l, bars(found)).text, want));
  test('each hyphen boxed on its bar', () => {
    const out = withDashes(line(wide('-', 40, 60)), bars({ '40-60': [bar(41), bar(51)] }));
    assert.deepEqual(
      out.words![0]!.symbols.map((s) => [s.text, s.bbox.x0, s.bbox.x1]),
      [
        ['-', 41, 49],
        ['-', 51, 59],
      ],
    );
  });
});

describe('dotGlyph and withDots: a lone hyphen whose cell holds a dot is a full stop', () => {
  // A 40 px line box (cmtt 10 pt at 300 dpi, scan-bashref): its dot 6 px square on the baseline at
  // rows 26-31, its hyphen a bar 18 x 4 at rows 18-21, a comma 6 wide and 11 tall.
  const box = { x0: 0, y0: 0, x1: 600, y1: 40 };
  const glyphCases: [string, GlyphSpan, boolean][] = [
    ['a dot on the baseline', { x0: 0, x1: 6, top: 26, bottom: 31 }, true],
    ["a hyphen's bar: flat", { x0: 0, x1: 18, top: 18, bottom: 21 }, false],
    ['a comma: its tail makes it tall', { x0: 0, x1: 6, top: 26, bottom: 36 }, false],
    ["a dot at x-height (a middle dot, an i's dot): not low", { x0: 0, x1: 6, top: 8, bottom: 13 }, false],
    ['a letter: tall', { x0: 0, x1: 18, top: 8, bottom: 31 }, false],
  ];
  for (const [name, g, want] of glyphCases) test(name, () => assert.equal(dotGlyph(g, box), want));

  const sym = (text: string, x0: number) => ({ text, bbox: { x0, y0: 0, x1: x0 + 20, y1: 40 } });
  const word = (text: string, x0: number): OcrWord => ({
    text,
    bbox: { x0, y0: 0, x1: x0 + 20 * text.length, y1: 40 },
    symbols: [...text].map((ch, i) => sym(ch, x0 + 20 * i)),
  });
  const line = (...words: OcrWord[]) => ({
    text: words.map((w) => w.text).join(' '),
    confidence: 75,
    bbox: box,
    words,
  });
  const dot = (x0: number): GlyphSpan => ({ x0: x0 + 7, x1: x0 + 13, top: 26, bottom: 31 });
  const bar = (x0: number): GlyphSpan => ({ x0: x0 + 1, x1: x0 + 19, top: 18, bottom: 21 });
  const cases: [string, ReturnType<typeof line>, (x0: number) => GlyphSpan[], string][] = [
    [
      '`-/bash`: the dot read as a hyphen',
      line(word('-/bash', 0), word('1', 160)),
      (x) => (x === 0 ? [dot(0)] : []),
      './bash 1',
    ],
    ['`-n`: a hyphen is left', line(word('-n', 0)), (x) => (x === 0 ? [bar(0)] : []), '-n'],
    ['`--`: a run of dashes is left to withDashes', line(word('--', 0)), (x) => [dot(x)], '--'],
    ['a hyphen with no glyph found: left', line(word('a-b', 0)), () => [], 'a-b'],
  ];
  for (const [name, l, glyphs, want] of cases)
    test(name, () => assert.equal(withDots(l, (x0) => glyphs(x0)).text, want));
});

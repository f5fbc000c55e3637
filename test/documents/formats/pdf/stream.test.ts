import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawItem } from '../../../../src/documents/formats/pdf/layout.ts';
import {
  continuesScript,
  crossesGutter,
  endsSubscript,
  gapSize,
  isOverprint,
  isScript,
  joinsLine,
  kernedOn,
  leadGlyph,
  redrawnPrefix,
  spaceFills,
  streamLines,
  touchesEnd,
  wanders,
  wideGaps,
  type StreamLine,
} from '../../../../src/documents/formats/pdf/stream.ts';
import { item } from '../../helpers/raw-items.ts';

/** A stream line holding `items` (as streamLines would build it). */
const line = (...items: RawItem[]): StreamLine => ({
  items,
  y: items[0]!.y,
  size: Math.max(...items.map((i) => i.size)),
  x: Math.min(...items.map((i) => i.x)),
  xEnd: Math.max(...items.map((i) => i.x + i.width)),
  chars: items.reduce((n, i) => n + i.str.length, 0),
  spaces: [],
});

const base = line(item('The quick brown fox', 72, 700));

for (const c of [
  { name: 'next word on the baseline', it: item('jumps', 180, 700), joins: true },
  { name: 'a word 0.3 em off the baseline (rounding, a lowered logo letter)', it: item('E', 180, 697), joins: true },
  { name: 'a right-aligned tag drawn before its line, to the left', it: item('[Function]', 20, 700), joins: true },
  { name: 'a superscript: smaller, raised 0.4 em', it: item('2', 168, 704, { size: 7 }), joins: true },
  { name: 'a subscript: smaller, lowered 0.25 em', it: item('i', 168, 697.5, { size: 7 }), joins: true },
  {
    name: 'a script a size smaller (9 on 10: a card in 8 pt, its exponents in 7), raised 0.4 em, touching its base',
    it: item('n', 167, 704, { size: 9 }),
    joins: true,
  },
  {
    name: 'a word a size smaller raised 0.4 em, a space after the line (no script of it)',
    it: item('n', 170, 704, { size: 9 }),
    joins: false,
  },
  { name: 'the next line below', it: item('over the lazy dog', 72, 688), joins: false },
  { name: 'a line of the next column at the top', it: item('Right column', 320, 760), joins: false },
  { name: 'a same-size word raised 0.5 em (not a script)', it: item('word', 180, 705), joins: false },
  { name: 'a small word a full line above', it: item('note', 180, 710, { size: 7 }), joins: false },
  { name: 'an accent drawn back over a letter, a little raised', it: item('´', 80, 702, { width: 3 }), joins: true },
  {
    name: 'a word drawn back over the line on its very baseline (drawn out of order)',
    it: item('brown', 122, 700),
    joins: true,
  },
  {
    name: 'a smaller word 0.3 em lower, drawn back from the line start',
    it: item('subtitle', 72, 697, { size: 7 }),
    joins: false,
  },
]) {
  test(`joinsLine: ${c.name}`, () => assert.equal(joinsLine(base, c.it), c.joins));
}

// xy-pic's logo: "X" ends a run, the lowered "Y" starts 0.3 em back over the X's advance (lshort-pt p. 126).
const logo = line(item('para fins especificos. Um destes é o X', 141.74, 649.47, { size: 10.91, width: 181.68 }));
for (const c of [
  {
    name: 'the lowered Y kerned back into the X',
    it: item('Y-pic, descrito no', 320.14, 647.59, { size: 10.91, width: 90 }),
    joins: true,
  },
  {
    name: 'a word back over the line further than its last glyph',
    it: item('destes', 300, 647.59, { size: 10.91 }),
    joins: false,
  },
  {
    name: 'the next line, a line below, under the last glyph',
    it: item('Uma grande', 320.14, 635.92, { size: 10.91 }),
    joins: false,
  },
  {
    name: 'a script-size letter in the last glyph (an accent or a script: not a kern)',
    it: item('2', 320.14, 654, { size: 7 }),
    joins: true,
  },
]) {
  test(`joinsLine, a kerned logo: ${c.name}`, () => assert.equal(joinsLine(logo, c.it), c.joins));
}
test('kernedOn: only within the last glyph, on the row, at the text size', () => {
  assert.equal(kernedOn(logo, item('Y', 320.14, 647.59, { size: 10.91 })), true);
  assert.equal(kernedOn(logo, item('Y', 314, 647.59, { size: 10.91 })), false);
  assert.equal(kernedOn(logo, item('Y', 320.14, 643, { size: 10.91 })), false);
  assert.equal(kernedOn(logo, item('2', 320.14, 647.59, { size: 7 })), false);
  assert.equal(kernedOn(logo, item('Y', 324, 647.59, { size: 10.91 })), false);
});

// A slide title's wrapped last word (44 pt, "(3)" centred on its second line) whose baseline is
// 9 pt above a 10 pt listing line: within 0.35 em of the title's size, not of the listing's.
const title = line(item('(3)', 365, 300, { size: 44, width: 62 }));
for (const c of [
  {
    name: 'a listing line drawn after it, to its left, 9 pt lower',
    it: item('add_library(lib1', 42, 291),
    joins: false,
  },
  { name: 'a listing line 9 pt lower, to its right beyond a script', it: item('lib1.cpp)', 480, 291), joins: false },
  { name: 'small text on its very baseline, to its left (a tag)', it: item('Note', 42, 300), joins: true },
  { name: 'small text 1.5 pt off its baseline, to its right', it: item('fn', 430, 301.5), joins: true },
  { name: 'a superscript that follows it', it: item('2', 428, 318, { size: 20 }), joins: true },
  {
    name: 'a 24 pt word of the title 5 pt lower, to its right (half its size or more)',
    it: item('Part', 430, 295, { size: 24 }),
    joins: true,
  },
]) {
  test(`joinsLine, sizes apart: ${c.name}`, () => assert.equal(joinsLine(title, c.it), c.joins));
}

test('joinsLine, sizes apart: a callout number drawn over its circle, touching it, joins it', () =>
  assert.equal(
    joinsLine(line(item('v', 286.26, 351.62, { width: 6.97 })), item('1', 285.02, 350.04, { size: 4.5, width: 2.49 })),
    true,
  ));

test("streamLines: a slide title's second line is not read into the listing line at its height", () => {
  const items = [
    item('Compatible Interface Properties', 46, 352, { size: 44, width: 700 }),
    item('(3)', 365, 300, { size: 44, width: 62 }),
    item('add_library(lib1 SHARED lib1.cpp)', 42, 291, { mono: true }),
    item('set_property(TARGET lib1 PROPERTY ON)', 42, 279, { mono: true }),
  ];
  assert.deepEqual(
    streamLines(items).map((l) => l.items.map((i) => i.str).join(' ')),
    [
      'Compatible Interface Properties',
      '(3)',
      'add_library(lib1 SHARED lib1.cpp)',
      'set_property(TARGET lib1 PROPERTY ON)',
    ],
  );
});

for (const c of [
  { name: 'superscript raised 0.4 em', it: item('2', 0, 704, { size: 7 }), script: true },
  { name: 'word on the baseline', it: item('x', 0, 700), script: false },
  { name: 'logo letter raised 0.2 em', it: item('A', 0, 702, { size: 7 }), script: false },
]) {
  test(`isScript: ${c.name}`, () => assert.equal(isScript(c.it, 700, 10), c.script));
}

// A lone icon glyph leads its line's text: the text's baseline is the line's (formation-latex-ul).
const icon = item('b', 43.64, 117.51, { width: 17.03, size: 24.79, font: 'fa' });
for (const c of [
  {
    name: "the item's text, smaller, 14 pt over the icon's baseline",
    it: item('Utilisez les', 83.94, 131.68, { size: 9.96 }),
    lead: true,
  },
  { name: 'text on the icon’s baseline', it: item('Utilisez les', 83.94, 117.51, { size: 9.96 }), lead: false },
  { name: 'a superscript mark after a word (no icon)', it: item('12', 60, 122, { size: 7 }), lead: false },
  {
    name: 'a larger word (a drop cap’s line goes by size)',
    it: item('Title', 83.94, 131.68, { size: 30 }),
    lead: false,
  },
]) {
  test(`leadGlyph: ${c.name}`, () => assert.equal(leadGlyph(line(icon), c.it), c.lead));
}
test('leadGlyph: a line of words is no icon', () =>
  assert.equal(
    leadGlyph(line(item('Word and more', 43, 117.51, { size: 24.79 })), item('text', 83.94, 131.68)),
    false,
  ));

// A script's next glyph run goes on it: at its height, from its end (the fonts of e^{-\alpha t}).
for (const c of [
  { name: 'the next symbol of the exponent', it: item('t', 107.02, 146.49, { size: 7.97 }), goes: true },
  { name: 'a glyph set back a little into it (a kern)', it: item('t', 106.8, 146.49, { size: 7.97 }), goes: true },
  { name: 'a subscript under it (x_i^2: the other script)', it: item('i', 101.58, 139.5, { size: 7.97 }), goes: false },
  { name: 'a glyph drawn over it (a stacked limit)', it: item('n', 102, 146.49, { size: 7.97 }), goes: false },
]) {
  test(`continuesScript: ${c.name}`, () =>
    assert.equal(continuesScript(item('α', 101.58, 146.49, { width: 5.44, size: 7.97 }), c.it), c.goes));
}

// After a subscript (smaller, lowered less than isScript's offset), a letter on the baseline starts a word.
for (const c of [
  {
    name: "TeX's index then the next factor",
    prev: item('mn', 0, 698.5, { size: 7.3 }),
    it: item('x', 0, 700),
    ends: true,
  },
  { name: 'a subscript then a comma', prev: item('mn', 0, 698.5, { size: 7.3 }), it: item(',', 0, 700), ends: false },
  {
    name: 'a subscript then another',
    prev: item('m', 0, 698.5, { size: 7.3 }),
    it: item('n', 0, 698.5, { size: 7.3 }),
    ends: false,
  },
  {
    name: 'a subscript a size smaller (7 on 8: a reference card), then the next factor',
    prev: item('k', 0, 697.9, { size: 8.75 }),
    it: item('b', 0, 700),
    ends: true,
  },
  {
    name: 'a lowered item nearly the main size (9.5 on 10), then a letter',
    prev: item('k', 0, 697.9, { size: 9.5 }),
    it: item('b', 0, 700),
    ends: false,
  },
  {
    name: 'a raised letter (the A of the LaTeX logo)',
    prev: item('A', 0, 702, { size: 7 }),
    it: item('T', 0, 700),
    ends: false,
  },
  {
    name: 'a lowered letter in the main size (the E of TeX)',
    prev: item('E', 0, 698, { size: 10 }),
    it: item('X', 0, 700),
    ends: false,
  },
  {
    name: 'a small word on the baseline (small caps)',
    prev: item('ETTER', 0, 700, { size: 7 }),
    it: item('S', 0, 700),
    ends: false,
  },
]) {
  test(`endsSubscript: ${c.name}`, () => assert.equal(endsSubscript(c.prev, c.it, 700, 10), c.ends));
}

for (const c of [
  { name: 'the same word 0.4 pt to the right (fake bold)', it: item('quick', 72.4, 700), over: true },
  { name: 'the same word 0.3 pt higher', it: item('quick', 72, 700.3), over: true },
  { name: 'another word at the same place', it: item('slow', 72, 700), over: false },
  { name: 'the same word further along the line', it: item('quick', 150, 700), over: false },
]) {
  test(`isOverprint: ${c.name}`, () => assert.equal(isOverprint(line(item('quick', 72, 700)), c.it), c.over));
}

for (const c of [
  { name: 'a word starting back over the last letter, which it repeats', it: item('kbrown', 92, 700), n: 1 },
  { name: 'the last two letters drawn again: all of it', it: item('ck', 87, 700), n: 2 },
  { name: 'the next word after a space', it: item('brown', 100, 700), n: 0 },
  { name: 'a word kerned a little back over the line', it: item('kite', 95.5, 700), n: 0 },
  { name: 'other letters drawn back over the line', it: item('xyz', 92, 700), n: 0 },
  { name: 'the same letter much further back (not a copy of the last one)', it: item('k', 60, 700), n: 0 },
]) {
  test(`redrawnPrefix: ${c.name}`, () => assert.equal(redrawnPrefix(line(item('quick', 72, 700)), c.it), c.n));
}

test('streamLines: fake bold drawn glyph by glyph twice reads once ("SAMPLE", not "SAAMMPPLLEE")', () => {
  const items = [
    item('S', 0, 700),
    item('A', 5, 700),
    item('AM', 5.1, 700),
    item('MP', 10.1, 700),
    item('PL', 15.2, 700),
    item('LE', 20.1, 700),
    item('E', 25.2, 700),
    item('Body text below.', 0, 680),
  ];
  assert.deepEqual(
    streamLines(items).map((l) => l.items.map((i) => i.str).join('')),
    ['SAMPLE', 'Body text below.'],
  );
});

test('streamLines: two columns drawn column after column stay in that order', () => {
  const items = [
    item('Left one', 72, 700),
    item('Left two', 72, 688),
    item('Right one', 320, 700),
    item('Right two', 320, 688),
  ];
  assert.deepEqual(
    streamLines(items).map((l) => l.items.map((i) => i.str).join(' ')),
    ['Left one', 'Left two', 'Right one', 'Right two'],
  );
});

test('streamLines: a subtitle under a title set with huge braces is a line of its own', () => {
  const items = [
    item('Writing with', 22, 211, { size: 24 }),
    item('{', 247, 205, { size: 44 }),
    item('LaTeX', 262, 205, { size: 37 }),
    item('}', 343, 205, { size: 44 }),
    item('First steps', 22, 195, { size: 10 }),
  ];
  assert.deepEqual(
    streamLines(items).map((l) => l.items.map((i) => i.str).join(' ')),
    ['Writing with { LaTeX }', 'First steps'],
  );
});

test('streamLines: a fake bold line drawn twice is read once', () => {
  const items = [item('SAMPLE', 72, 700), item('DOCS', 110, 700), item('SAMPLE', 72.5, 700), item('DOCS', 110.5, 700)];
  assert.deepEqual(
    streamLines(items).map((l) => l.items.map((i) => i.str)),
    [['SAMPLE', 'DOCS']],
  );
});

test('streamLines: space items are spans, never text; a gutter-wide one is not kept', () => {
  const [l] = streamLines([
    item('word', 72, 700),
    item(' ', 92, 700, { width: 3 }),
    item('next', 95, 700),
    item(' ', 115, 700, { width: 90 }),
    item('far', 205, 700),
  ]);
  assert.deepEqual(
    l!.items.map((i) => i.str),
    ['word', 'next', 'far'],
  );
  assert.deepEqual(l!.spaces, [[92, 95]]);
});

// Rows of a page whose stream draws each row across both columns.
const LEFT = [
  'The annual review of every claim',
  'is made by the network office,',
  'which keeps the records of each',
  'provider and every hospital stay',
  'in one schedule per account and',
  'reports to the department head.',
];
const RIGHT = [
  'Each premium is listed with the',
  'deductible of the same account,',
  'so that a treatment in emergency',
  'service is covered by the policy',
  'without any further requirement',
  'or prescription from the office.',
];
const rowLines = (n: number, o: { leftWidth?: (i: number) => number; space?: boolean } = {}): StreamLine[] =>
  Array.from({ length: n }, (_, i) => {
    const w = o.leftWidth?.(i) ?? 170;
    const l = line(
      item(LEFT[i % 6]!, 72, 700 - i * 12, { width: w }),
      item(RIGHT[i % 6]!, 262, 700 - i * 12, { width: 170 }),
    );
    if (o.space) l.spaces.push([72 + w, 262]);
    return l;
  });

for (const c of [
  { name: 'six justified rows across one gutter', lines: rowLines(6), crosses: true },
  { name: 'four rows only', lines: rowLines(4), crosses: false },
  {
    name: 'left sides ending anywhere (a code line and its aligned comment)',
    lines: rowLines(6, { leftWidth: (i) => 120 + i * 9 }),
    crosses: false,
  },
  {
    name: 'a word space item filling the gap (loose justified text)',
    lines: rowLines(6, { space: true }),
    crosses: false,
  },
  {
    name: 'short cells (a table)',
    lines: Array.from({ length: 6 }, (_, i) =>
      line(item(`parm${i}`, 72, 700 - i * 12), item(`value ${i}`, 262, 700 - i * 12)),
    ),
    crosses: false,
  },
  {
    name: 'one line per column, nothing joined (a page drawn column after column)',
    lines: Array.from({ length: 12 }, (_, i) =>
      line(item(i < 6 ? LEFT[i]! : RIGHT[i - 6]!, i < 6 ? 72 : 262, 700 - (i % 6) * 12)),
    ),
    crosses: false,
  },
]) {
  test(`crossesGutter: ${c.name}`, () => assert.equal(crossesGutter(c.lines), c.crosses));
}

test('wideGaps: only a gap between two pieces of column text', () => {
  const l = line(item(LEFT[0]!, 72, 700, { width: 170 }), item('12', 262, 700));
  assert.deepEqual(wideGaps(l), []);
  assert.equal(wideGaps(rowLines(1)[0]!).length, 1);
});

const textLine = (str: string, x: number, y: number) => line(item(str, x, y, { width: 160 }));
for (const c of [
  {
    name: 'two columns, down one and down the other',
    lines: [
      ...LEFT.map((t, i) => textLine(t, 72, 700 - i * 12)),
      ...RIGHT.map((t, i) => textLine(t, 262, 700 - i * 12)),
    ],
    wanders: false,
  },
  {
    name: 'a running header drawn after the text',
    lines: [...LEFT.map((t, i) => textLine(t, 72, 700 - i * 12)), textLine('Contoso Benefits Handbook', 72, 760)],
    wanders: false,
  },
  {
    name: 'a page drawn bottom up',
    lines: LEFT.map((t, i) => textLine(t, 72, 640 + i * 12)),
    wanders: true,
  },
  {
    name: 'two short lines drawn bottom up',
    lines: [line(item('Second line', 72, 680)), line(item('First line', 72, 700))],
    wanders: true,
  },
  {
    name: 'text lines drawn in shuffled order',
    lines: [0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11].map((i) => textLine([...LEFT, ...RIGHT][i]!, 72, 700 - i * 12)),
    wanders: true,
  },
  {
    name: 'a plot whose tick labels go up, among text going down',
    lines: [
      ...LEFT.map((t, i) => textLine(t, 72, 700 - i * 12)),
      ...[0, 1, 2, 3].map((k) => line(item(String(k * 10), 80, 400 + k * 30))),
      ...RIGHT.map((t, i) => textLine(t, 72, 350 - i * 12)),
    ],
    wanders: false,
  },
]) {
  test(`wanders: ${c.name}`, () => assert.equal(wanders(c.lines), c.wanders));
}

test('spaceFills: a narrow gap is a word space when a space item covers it', () => {
  const cases: [string, Array<[number, number]>, number, number, boolean][] = [
    ['a space item over the whole gap (a tight justified line)', [[100, 101.25]], 100, 101.25, true],
    ['a space item over half the gap', [[100, 100.8]], 100, 101.5, true],
    ['a space item elsewhere on the line', [[50, 52]], 100, 101.25, false],
    ['no space item', [], 100, 101.25, false],
    ['a gap too narrow for a word space (a kern)', [[100, 100.5]], 100, 100.5, false],
    ['items that overlap', [[100, 101]], 100, 99.5, false],
  ];
  for (const [name, spaces, a, b, want] of cases) assert.equal(spaceFills(spaces, a, b, 10), want, name);
});

test('touchesEnd: an item starting within 0.1 em of the line end, either way', () => {
  // base ends at x 167 (19 characters of 5 units from 72), size 10.
  for (const [x, touches] of [
    [167, true],
    [167.8, true],
    [166.2, true],
    [168.5, false],
    [160, false],
  ] as const)
    assert.equal(touchesEnd(base, item('n', x, 704, { size: 9 })), touches, `x ${x}`);
});

test('gapSize: a gap before a word judged by the smaller size, before a sign by its own', () => {
  const at = (str: string, size: number) => ({ str, size });
  // A chess board's rank digit (8.3 pt) before its row of 15.6 pt glyphs.
  assert.equal(gapSize(at('rZblkans', 15.6), at('8', 8.3)), 8.3);
  assert.equal(gapSize(at('8', 8.3), at('rZblkans', 15.6)), 8.3);
  // Before a sign: its own size (a subscript before a full-size period).
  assert.equal(gapSize(at('.', 10), at('y', 7)), 10);
  assert.equal(gapSize(at('word', 10), undefined), 10);
});

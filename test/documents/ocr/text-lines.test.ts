// OCR lines become lines in PDF units (src/documents/ocr/text-lines.ts); the engine's reading itself
// is in read-pages.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrWord } from '../../../src/documents/ocr/engine.ts';
import { type OcrLine } from '../../../src/documents/ocr/engine.ts';
import { joinPieces, noiseLine, tidySymbols, toTextLines } from '../../../src/documents/ocr/text-lines.ts';
import { monoPitch, monoText } from '../../../src/documents/ocr/typewriter.ts';
import { typed, set, lineOf } from './helpers/ocr-lines.ts';

describe('toTextLines: OCR pixel boxes become lines in PDF units, y up, noise dropped', () => {
  const line = (text: string, over: Partial<OcrLine> = {}): OcrLine => ({
    text,
    confidence: 90,
    bbox: { x0: 200, y0: 100, x1: 1000, y1: 140 },
    baseline: { x0: 200, y0: 132, x1: 1000, y1: 132 },
    rowAttributes: { ascenders: 10, descenders: -8, rowHeight: 30 },
    ...over,
  });
  test('position and size from a 200 dpi render of a letter page', () => {
    const scale = 200 / 72;
    const [l] = toTextLines([line('Hello world\n')], scale, 2200);
    assert.ok(l);
    assert.equal(l.text, 'Hello world');
    assert.ok(Math.abs(l.x - 200 / scale) < 1e-9);
    assert.ok(Math.abs(l.xEnd - 1000 / scale) < 1e-9);
    assert.ok(Math.abs(l.y - (2200 - 132) / scale) < 1e-9);
    assert.equal(l.size, Math.round((((30 + 8) * 0.88) / scale) * 2) / 2);
    assert.equal(l.font, 'ocr');
    assert.equal(l.mono, false);
  });
  test("the page's origin is added", () => {
    const [l] = toTextLines([line('Offset page')], 1, 800, [10, 20]);
    assert.equal(l?.x, 210);
    assert.equal(l?.y, 20 + 800 - 132);
  });
  const dropped: [string, OcrLine][] = [
    ['punctuation and specks', line('. , ~ |')],
    ['a single letter', line('a')],
    ['a low-confidence line (a figure read as text)', line('Iil llI1 ||l', { confidence: 20 })],
    ['whitespace', line('   \n')],
  ];
  for (const [name, l] of dropped) test(`drops ${name}`, () => assert.deepEqual(toTextLines([l], 1, 800), []));
});

describe('joinPieces: pieces of one printed line the engine returned apart are joined', () => {
  // A line of text 40 px high (row 30) on baseline y, from x0 to x1.
  const at = (text: string, x0: number, x1: number, y = 132): OcrLine => ({
    text,
    confidence: 90,
    bbox: { x0, y0: y - 32, x1, y1: y + 8 },
    baseline: { x0, y0: y, x1, y1: y },
    rowAttributes: { ascenders: 10, descenders: -8, rowHeight: 30 },
  });
  const texts = (ls: OcrLine[]) => ls.map((l) => l.text);
  const cases: [string, OcrLine[], string[]][] = [
    [
      'a piece read later, right after its line: joined in its place, no space',
      [at('$ echo ${string:', 100, 500), at('next line', 100, 400, 182), at('7:2}', 502, 580)],
      ['$ echo ${string:7:2}', 'next line'],
    ],
    [
      "the line's left piece read after it: joined left to right, in the earlier place",
      [at('points: " % size)', 400, 800), at('other', 100, 300, 182), at('canvas.drawRightString(x,y,"%s', 60, 385)],
      ['canvas.drawRightString(x,y,"%s points: " % size)', 'other'],
    ],
    ['a gap of a word space: a space between them', [at('left', 100, 200), at('right', 215, 300)], ['left right']],
    [
      // The gap of 20 px is more than the 16 px row of `x` alone, less than its line's 30.
      'a piece of x-height letters alone: the gap measured in the taller row',
      [{ ...at('x', 100, 116), rowAttributes: { ascenders: 0, descenders: -8, rowHeight: 16 } }, at('= y', 136, 300)],
      ['x = y'],
    ],
    [
      'two columns on one baseline, a gutter of three row heights: apart',
      [at('left column text', 100, 500), at('right column text', 590, 990)],
      ['left column text', 'right column text'],
    ],
    ['the next line down: apart', [at('first line', 100, 500), at('second', 505, 600, 172)], ['first line', 'second']],
  ];
  for (const [name, lines, want] of cases) test(name, () => assert.deepEqual(texts(joinPieces(lines)), want));
  // Typewriter pieces (20 px cells, rows of 24 px) from cell `from`, on one baseline.
  const piece = (text: string, from = 0, row = 24) => {
    const l = lineOf(typed(' '.repeat(from) + text), 100);
    return { ...l, text, rowAttributes: { ...l.rowAttributes!, rowHeight: row } };
  };
  const setFont = 'textobject.setFont(psfontname, size,';
  const typewriterCases: [string, OcrLine[], string[]][] = [
    [
      // `,` ends 16 px into its cell, `l` starts 4 px into the cell after the blank: 28 px of paper for a 24 px row.
      'a space on the grid wider than a row: joined',
      [piece(setFont), piece('leading = None)', setFont.length + 1)],
      [`${setFont} leading = None)`],
    ],
    [
      'two blank cells on: apart',
      [piece(setFont), piece('leading = None)', setFont.length + 2)],
      [setFont, 'leading = None)'],
    ],
    [
      // `x` alone has a row of x-height (16 px): its 20 px gap to `=` is measured in the taller row.
      'a lone x-height letter, a sign and the rest: joined in the taller row',
      [piece('x', 0, 16), piece('=', 2, 16), piece('textobject.getX()', 4)],
      ['x = textobject.getX()'],
    ],
  ];
  for (const [name, lines, want] of typewriterCases) test(name, () => assert.deepEqual(texts(joinPieces(lines)), want));
  test('the joined line spans both pieces and keeps its words', () => {
    const a = {
      ...at('a', 100, 200),
      words: [{ text: 'a', bbox: { x0: 100, y0: 100, x1: 200, y1: 140 }, symbols: [] }],
    };
    const b = {
      ...at('b', 202, 300),
      words: [{ text: 'b', bbox: { x0: 202, y0: 100, x1: 300, y1: 140 }, symbols: [] }],
    };
    const [l] = joinPieces([a, b]);
    assert.deepEqual([l!.bbox.x0, l!.bbox.x1, l!.words!.map((w) => w.text)], [100, 300, ['a', 'b']]);
  });
});

describe('tidySymbols: a character box the recogniser stretched over the words after it is cut back', () => {
  // '$ echo ${array[0]:7}' as the engine gave it on bashref's scan: the layout cut '${array[0]:7}'
  // into three words and the recogniser stretched the `y` of the first over the other two.
  const stretched = (): OcrWord[] => {
    const [dollar, echo, arg] = typed('$ echo ${array[0]:7}');
    const parts = [arg!.symbols.slice(0, 7), arg!.symbols.slice(7, 10), arg!.symbols.slice(10)].map((symbols) => ({
      text: symbols.map((sym) => sym.text).join(''),
      bbox: { x0: symbols[0]!.bbox.x0, y0: 100, x1: symbols.at(-1)!.bbox.x1, y1: 130 },
      symbols: symbols.map((sym) => ({ ...sym, bbox: { ...sym.bbox } })),
    }));
    const y = parts[0]!.symbols.at(-1)!;
    y.bbox.x1 = parts[2]!.bbox.x1;
    return [dollar!, echo!, ...parts];
  };
  test('the stretched box takes the width of a typical character, from its left edge', () => {
    const y = tidySymbols(stretched())[2]!.symbols.at(-1)!;
    assert.deepEqual([y.text, y.bbox.x0, y.bbox.x1], ['y', 264, 276]);
  });
  test('tidied, the line is told monospaced', () => assert.equal(monoPitch(tidySymbols(stretched())), 20));
  test('tidied, the word is whole', () => assert.equal(monoText(tidySymbols(stretched()), 20), '$ echo ${array[0]:7}'));
  test('boxes that do not overlap are left as they are', () =>
    assert.deepEqual(tidySymbols(typed('canvas.setFont(font, 10)')), typed('canvas.setFont(font, 10)')));
  test('proportional type is left as it is', () =>
    assert.deepEqual(tidySymbols(set('the little man went')), set('the little man went')));
  test('a line of one character', () => assert.deepEqual(tidySymbols(typed('}')), typed('}')));
});

describe('noiseLine: specks and low-confidence lines are noise; single characters on a typewriter grid are not', () => {
  const cases: [string, string, boolean, number, boolean][] = [
    ['prose', 'The committee met.', false, 90, false],
    ['punctuation and specks', '. , ~ |', false, 90, true],
    ['a single letter', 'a', false, 90, true],
    ['letters a space apart in a proportional font', 'i l', false, 90, true],
    ['a low-confidence line', 'Iil llI1 ||l', false, 20, true],
    ['one-letter words on a typewriter grid', '7 8 9 0 a b c', true, 90, false],
    ['two letters on a typewriter grid', 'b c', true, 90, false],
    ['a brace alone on a typewriter grid (a block of C closes)', '}', true, 90, false],
    ['brackets and a semicolon on a typewriter grid', '});', true, 90, false],
    ["TeX's brace and comment sign on a typewriter grid", '{%', true, 90, false],
    ['a comment sign alone on a typewriter grid', '%', true, 90, true],
    ['a brace and a comment sign in a proportional font', '}%', false, 90, true],
    ['a brace alone in a proportional font', '}', false, 90, true],
    ['a brace read with little confidence', '}', true, 30, true],
    ['a letter and a brace on a typewriter grid', 'x}', true, 90, true],
    ['one other character on a typewriter grid', '~', true, 90, true],
    ['a single letter on a typewriter grid', 'x', true, 90, true],
    ['a low-confidence line on a typewriter grid', '7 8 9', true, 30, true],
    ["TeX's parameters on a typewriter grid: digits one sign apart", '{#2#1#2} {}', true, 90, false],
    ['the same in a proportional font', '{#2#1#2} {}', false, 90, true],
    ['specks and a letter on a typewriter grid: the letter two signs from the next', '. l . |', true, 90, true],
    ['two letters two signs apart on a typewriter grid', 'a.,b', true, 90, true],
  ];
  for (const [name, text, mono, confidence, want] of cases)
    test(name, () => assert.equal(noiseLine(text, mono, confidence), want));
});

describe('toTextLines: a typewriter line carries its setting in PDF units, prose none', () => {
  const lines = toTextLines(
    [
      lineOf(typed('def colors(canvas):'), 0),
      lineOf(typed('    from reportlab.lib import colors'), 30),
      lineOf(set('the little man went to town without his mother'), 60),
    ],
    2,
    800,
    [5, 0],
  );
  test('code lines: their text as set, the left edge of their first cell, one cell the advance', () =>
    assert.deepEqual(
      lines.map((l) => l.set),
      [
        { text: 'def colors(canvas):', x: 5, advance: 10 },
        { text: 'from reportlab.lib import colors', x: 45, advance: 10 },
        undefined,
      ],
    ));
});

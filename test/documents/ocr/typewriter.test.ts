// Typewriter lines told by their pitch or grid, set as their cells set them (src/documents/ocr/typewriter.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { median } from '../../../src/documents/median.ts';
import type { OcrWord } from '../../../src/documents/ocr/engine.ts';
import {
  oneSpaceOnGrid,
  cellSteps,
  gridCell,
  gridFit,
  linePitches,
  monoPitch,
  monoText,
  ocrSetting,
  typewriterSettings,
  wordSetting,
} from '../../../src/documents/ocr/typewriter.ts';
import { toTextLines } from '../../../src/documents/ocr/text-lines.ts';
import { type OcrLine } from '../../../src/documents/ocr/engine.ts';
import { typed, set, lineOf, bunched, moved } from './helpers/ocr-lines.ts';

describe('monoPitch: a line in a typewriter font, told by its characters one cell apart', () => {
  const cases: [string, OcrWord[], number | undefined][] = [
    ['code in a typewriter font', typed('canvas.setFillColor(magenta)'), 20],
    ['a shell session line', typed('$ echo ${string:7:2}'), 20],
    ['prose in a proportional font', set('the little man went to town without his mother'), undefined],
    ['too few characters to tell', typed('ab cd'), undefined],
  ];
  for (const [name, words, want] of cases) test(name, () => assert.equal(monoPitch(words), want));
});

describe('gridFit and monoPitch: a typewriter line told by its grid when a few characters are misplaced', () => {
  // One character boxed 0.3 cell off its cell: two steps of 17 are then off the pitch by 30 %, and
  // 88 % is under the 90 % the step test needs, while the centres still sit on one grid.
  const shaken = (): OcrWord[] =>
    typed('$ echo ${array[@]:7:2}').map((w) => ({
      ...w,
      symbols: w.symbols.map((sym) =>
        sym.text === '[' ? { ...sym, bbox: { ...sym.bbox, x0: sym.bbox.x0 + 6, x1: sym.bbox.x1 + 6 } } : sym,
      ),
    }));
  const centres = (words: OcrWord[]) => words.flatMap((w) => w.symbols.map((sym) => (sym.bbox.x0 + sym.bbox.x1) / 2));
  test('a typewriter line sits on its grid', () =>
    assert.ok(gridFit(centres(typed('canvas.setFont(font, 10)')), 20) > 0.99));
  test('prose does not', () =>
    assert.ok(gridFit(centres(set('the little man went to town without his mother')), 15) < 0.6));
  test('nothing to fit', () => assert.equal(gridFit([], 20), 0));
  test('a line with a misplaced character is still monospaced', () => assert.equal(monoPitch(shaken()), 20));
  test('prose stays proportional', () =>
    assert.equal(monoPitch(set('the little man went to town without his mother')), undefined));
});

describe('monoText: spaces where the cells are empty, whatever words the engine saw', () => {
  const split = (words: OcrWord[], at: number): OcrWord[] =>
    words.flatMap((w) =>
      w.symbols.length > at
        ? [
            { ...w, text: w.text.slice(0, at), symbols: w.symbols.slice(0, at) },
            { ...w, text: w.text.slice(at), symbols: w.symbols.slice(at) },
          ]
        : [w],
    );
  const joined = (words: OcrWord[]): OcrWord[] => [
    { text: words.map((w) => w.text).join(''), bbox: words[0]!.bbox, symbols: words.flatMap((w) => w.symbols) },
  ];
  test('a word the engine split at a narrow letter is one word', () =>
    assert.equal(monoText(split(typed('pcmykcolor'), 3), 20), 'pcmykcolor'));
  test('one-letter words one cell apart that the engine ran together keep their spaces', () =>
    assert.equal(monoText(joined(typed('7 8 9 0 a b c')), 20), '7 8 9 0 a b c'));
  test('an indented run of spaces is one space', () => assert.equal(monoText(typed('x =    1'), 20), 'x = 1'));
});

describe('linePitches: short lines and two-cell steps beside code take its pitch; prose does not', () => {
  // The engine's reading of "7 8 9 0 a b": one word, its letters two cells apart.
  const spread = (text: string): OcrWord[] => {
    const symbols = [...text].map((ch, i) => ({
      text: ch,
      bbox: { x0: i * 40 + 4, y0: 100, x1: i * 40 + 16, y1: 130 },
    }));
    return [{ text, bbox: { x0: 4, y0: 100, x1: symbols.at(-1)!.bbox.x1, y1: 130 }, symbols }];
  };
  test('a closing brace and an output line between code lines', () =>
    assert.deepEqual(
      linePitches([
        lineOf(typed('canvas.setFont(font, 10)'), 0),
        lineOf(typed('}'), 30),
        lineOf(typed('78'), 60),
        lineOf(typed('y = y-size*1.2'), 90),
      ]),
      [20, 20, 20, 20],
    ));
  test('letters two cells apart, read as one word, take the one-cell pitch of the code above', () =>
    assert.deepEqual(
      linePitches([lineOf(typed('$ echo ${array[@]:7}'), 0), lineOf(spread('7890abcdefgh'), 30)]),
      [20, 20],
    ));
  test('prose after code stays prose', () =>
    assert.deepEqual(
      linePitches([
        lineOf(typed('canvas.setFont(font, 10)'), 0),
        lineOf(set('the little man went to town without his mother'), 30),
      ]),
      [20, undefined],
    ));
  test('with its pitch, the spread letters get their spaces back', () =>
    assert.equal(monoText(spread('7890ab'), 20), '7 8 9 0 a b'));
  test('toTextLines keeps the spread letters, spaced, beside their code line', () =>
    assert.deepEqual(
      toTextLines(
        [lineOf(typed('$ echo ${@:7}'), 0), lineOf(spread('7890abcdefgh'), 30), lineOf(spread('bc'), 60)],
        1,
        800,
      ).map((l) => [l.text, l.mono]),
      [
        ['$ echo ${@:7}', true],
        ['7 8 9 0 a b c d e f g h', true],
        ['b c', true],
      ],
    ));
});

describe('cellSteps: cells between characters, a misplaced character not taken for a space', () => {
  // Centres at a pitch of 20: `w` at 0, then a wide `C` the recogniser boxed from inside the `w`.
  const cases: [string, number[], number[]][] = [
    ['one cell a step', [10, 30, 50, 70], [1, 1, 1]],
    ['a space: two cells', [10, 30, 70, 90], [1, 2, 1]],
    ['two spaces: three cells', [10, 30, 90], [1, 3]],
    ['a character 0.45 cell early: 0.55 then 1.45 cells, no space', [10, 30, 41, 70], [1, 1, 1]],
    ['a character 0.55 cell early: 0.45 then 1.55 cells, no space', [10, 30, 39, 70], [1, 1, 1]],
    ['a character late: 1.55 then 0.45 cells, no space', [10, 30, 61, 70], [1, 1, 1]],
    ['a short step beside a real space: 0.6 then 2.4 cells, the space kept', [10, 30, 42, 90], [1, 1, 2]],
    ['no character between two spaces is misplaced', [10, 50, 90], [2, 2]],
  ];
  for (const [name, centres, want] of cases) test(name, () => assert.deepEqual(cellSteps(centres, 20), want));
});

describe('ocrSetting: a typewriter line as its cells set it, spaces and indentation kept', () => {
  const cases: [string, OcrWord[], { text: string; x: number }][] = [
    ['an aligned second column keeps its spaces', typed('~/foo     $HOME/foo'), { text: '~/foo     $HOME/foo', x: 0 }],
    ['an indented line starts at its first cell', typed('    return x'), { text: 'return x', x: 80 }],
    ['one-letter words run together keep one cell each', typed('7 8 9'), { text: '7 8 9', x: 0 }],
    ['no characters', [], { text: '', x: 0 }],
  ];
  for (const [name, words, want] of cases) test(name, () => assert.deepEqual(ocrSetting(words, 20), want));
  test('a narrow first letter does not move the line: its cell is found from its centre', () => {
    const words = typed('    if x');
    const i = words[0]!.symbols[0]!;
    i.bbox = { ...i.bbox, x0: 88, x1: 92 };
    assert.equal(ocrSetting(words, 20).x, 80);
  });
  test('monoText is the setting with each run of spaces one space', () =>
    assert.equal(monoText(typed('~/foo     $HOME/foo'), 20), '~/foo $HOME/foo'));
});

/** One word read without the spaces inside it: its characters in the given cells (20 px), its box their ink. */
function glued(text: string, cells: number[]): OcrWord {
  const symbols = [...text].map((ch, i) => ({
    text: ch,
    bbox: { x0: cells[i]! * 20 + 4, y0: 100, x1: cells[i]! * 20 + 16, y1: 130 },
  }));
  return { text, bbox: { x0: symbols[0]!.bbox.x0, y0: 100, x1: symbols.at(-1)!.bbox.x1, y1: 130 }, symbols };
}

describe('wordSetting: a line set on a known typewriter grid from its words boxes', () => {
  const cases: [string, OcrWord[], { text: string; x: number } | undefined][] = [
    [
      'words on the grid, characters boxed badly',
      bunched('def colors(canvas):'),
      { text: 'def colors(canvas):', x: 0 },
    ],
    ['indented four cells', bunched('    for c in cmyk:'), { text: 'for c in cmyk:', x: 80 }],
    // The engine split `colors(canvas)` at the blank left side of the parenthesis.
    [
      'a word split where its cells join is one word again',
      [...typed('def colors'), ...typed('          (canvas):').slice(0)],
      { text: 'def colors(canvas):', x: 0 },
    ],
    [
      'a word read without its spaces says where they are',
      [...typed('for items in list'), glued('y=y+1;', [18, 20, 22, 23, 24, 25])],
      { text: 'for items in list y = y+1;', x: 0 },
    ],
    ['a line of glued runs alone is not told by its words', [glued('y=y+1;', [0, 2, 4, 5, 6, 7])], undefined],
    ['prose in a proportional font', set('the little man went to town without his mother'), undefined],
    ['words half a cell off the grid', moved(typed('for c in cmyk:'), 10), undefined],
    ['one word says nothing of the grid', typed('function'), undefined],
  ];
  for (const [name, words, want] of cases)
    test(name, () => {
      const got = wordSetting(words, 20, 0);
      assert.deepEqual(got && { text: got.text, x: got.x }, want);
    });
  test('a pitch a percent off is found again, so a far word stays in its cell', () => {
    // Cells of 20.2 px read as 20: the 40th cell is 8 px (0.4 cell) from where 20 px puts it.
    const words = typed('for cmyk in [(1,0,0,0), (0,1,0,0), (0,0,1,0), (0,0,0,1)]:', 20.2);
    assert.equal(wordSetting(words, 20, 0)?.text, 'for cmyk in [(1,0,0,0), (0,1,0,0), (0,0,1,0), (0,0,0,1)]:');
  });
});

describe('typewriterSettings: lines the character boxes cannot tell, beside a listing, are set on its grid', () => {
  const at = (words: OcrWord[], y: number, row = 24): OcrLine => ({
    ...lineOf(words, y),
    rowAttributes: { ascenders: 8, descenders: -6, rowHeight: row },
  });
  const texts = (lines: OcrLine[]) =>
    typewriterSettings(lines, linePitches(lines)).map((s) => s && `${' '.repeat(Math.round(s.x / 20))}${s.text}`);
  test('a line with bunched boxes inside a listing keeps its place and indentation', () =>
    assert.deepEqual(
      texts([
        at(typed('canvas.setFont("Helvetica",10)'), 0),
        at(bunched('for cmyk in colours:'), 30),
        at(typed('    c,m,y1,k = cmyk'), 60),
      ]),
      ['canvas.setFont("Helvetica",10)', 'for cmyk in colours:', '    c,m,y1,k = cmyk'],
    ));
  test('prose after the listing stays prose', () =>
    assert.deepEqual(
      texts([at(typed('canvas.setFont(font, 10)'), 0), at(set('the little man went to town without his mother'), 30)]),
      ['canvas.setFont(font, 10)', undefined],
    ));
  test('a line far below the listing is not of it, on the grid or not', () =>
    assert.deepEqual(texts([at(typed('canvas.setFont(font, 10)'), 0), at(bunched('Page 24'), 400)]), [
      'canvas.setFont(font, 10)',
      undefined,
    ]));
  test('a line of another size is not of it', () =>
    assert.deepEqual(texts([at(typed('canvas.setFont(font, 10)'), 0), at(bunched('def fonts(canvas):'), 30, 40)]), [
      'canvas.setFont(font, 10)',
      undefined,
    ]));
  test('a line read without its spaces, between two lines of a listing, is set on their grid', () =>
    assert.deepEqual(
      texts([
        at(typed('rdy=h/5.0; texty=h+2*rdy'), 0),
        at([glued('y=y+1;', [0, 2, 4, 5, 6, 7]), glued('x=0', [9, 11, 13])], 30),
        at(typed('canvas.setFont("Helvetica",10)'), 60),
      ]),
      ['rdy=h/5.0; texty=h+2*rdy', 'y = y+1; x = 0', 'canvas.setFont("Helvetica",10)'],
    ));
  test('prose between two listings stays prose', () =>
    assert.deepEqual(
      texts([
        at(typed('~fred/foo'), 0),
        at(moved(set('the subdirectory of the home directory of the user'), 7), 30),
        at(typed('~+/foo    $PWD/foo'), 60),
      ]),
      ['~fred/foo', undefined, '~+/foo    $PWD/foo'],
    ));
});

describe('gridCell: the cell of a typewriter line, half its median step when its grid is the half step', () => {
  const stepsOf = (cs: number[]) => cs.slice(1).map((c, i) => c - cs[i]!);
  const at = (cells: number[]) => cells.map((c) => 600 + 24 * c);
  // `$ array=(0 1 2 3 4 5 6 7 8 9 0 a b c d e f g h)`: its command one cell a step, its list two.
  const spread = at([0, ...[2, 3, 4, 5, 6, 7, 8, 9], ...Array.from({ length: 19 }, (_, i) => 11 + 2 * i), 48]);
  // Proportional type: steps of every width.
  const prose = [600, 611, 629, 652, 661, 680, 705, 716, 740, 752, 770, 797, 809, 830, 843];
  const cases: [string, number[], number | undefined][] = [
    ['a line one cell a step: its step', at([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 24],
    ['a command and a list two cells a step: the half step', spread, 24],
    [
      'a list two cells a step alone: its step (no one-cell steps tell the half)',
      at([0, 2, 4, 6, 8, 10, 12, 14, 16]),
      48,
    ],
    ['proportional type: none', prose, undefined],
  ];
  for (const [name, cs, want] of cases)
    test(name, () => {
      const got = gridCell(cs, stepsOf(cs), median(stepsOf(cs)));
      assert.equal(got === undefined ? undefined : Math.round(got), want);
    });
});

describe('oneSpaceOnGrid: two pieces of one typewriter line, one or two cells apart on its grid', () => {
  // Pieces as the engine returns them apart: `a` from cell 0, `b` from cell `from` (20 px cells).
  const piece = (text: string, from = 0, words = typed(' '.repeat(from) + text)) => lineOf(words, 100);
  const shifted = (words: OcrWord[], dx: number): OcrWord[] =>
    words.map((w) => ({
      ...w,
      bbox: { ...w.bbox, x0: w.bbox.x0 + dx, x1: w.bbox.x1 + dx },
      symbols: w.symbols.map((sym) => ({ ...sym, bbox: { ...sym.bbox, x0: sym.bbox.x0 + dx, x1: sym.bbox.x1 + dx } })),
    }));
  const setFont = 'textobject.setFont(psfontname, size,';
  const n = setFont.length;
  const cases: [string, OcrLine, OcrLine, boolean][] = [
    ['one blank cell between (a space after a comma)', piece(setFont), piece('leading = None)', n + 1), true],
    ['no blank cell between', piece(setFont), piece('leading = None)', n), true],
    [
      "a lone x-height letter, then ` = ...` two cells on: the pitch is the other piece's",
      piece('x'),
      piece('= textobject.getX()', 2),
      true,
    ],
    ['two blank cells between: a gutter, not a space', piece(setFont), piece('leading = None)', n + 2), false],
    [
      'half a cell off the grid',
      piece(setFont),
      lineOf(shifted(typed(' '.repeat(n + 1) + 'leading = None)'), 10), 100),
      false,
    ],
    ['two proportional pieces', lineOf(set('the little man'), 100), lineOf(shifted(set('went home'), 460), 100), false],
    ['a lone letter and a lone sign: no pitch to judge by', piece('x'), piece('=', 2), false],
    [
      'a typewriter piece and proportional type after it',
      piece(setFont),
      lineOf(shifted(set('the little man went home'), 20 * (n + 1)), 100),
      false,
    ],
  ];
  for (const [name, a, b, want] of cases) test(name, () => assert.equal(oneSpaceOnGrid(a, b), want));
  test('a piece without its characters', () =>
    assert.equal(oneSpaceOnGrid({ ...piece(setFont), words: undefined }, piece('leading', n + 1)), false));
});

// OCR lines become lines in PDF units; the engine's reading itself is in read-pages.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  betterReading,
  cellSteps,
  gridFit,
  joinPieces,
  linePitches,
  monoPitch,
  monoText,
  inkShape,
  noiseLine,
  ocrSetting,
  restOfLine,
  shift,
  tidySymbols,
  toTextLines,
  typewriterSettings,
  withBullet,
  withPlusSigns,
  crossShape,
  glyphAt,
  caretShape,
  raisedGlyph,
  withCarets,
  bracketShape,
  withBrackets,
  inkColumnRuns,
  glyphColumns,
  reboxed,
  wordSetting,
  accentShape,
  withAccents,
  inkHoles,
  percentShape,
  withSign,
  cupShape,
  atShape,
  openShape,
  withOpenC,
  withLowZeros,
  oneShape,
  withOnes,
  gridCell,
  withAtSigns,
  braceShape,
  inkDifference,
  twinReadings,
  ownGlyphs,
  withTwinReadings,
  withDashes,
  inkVouched,
  droppedLines,
  insideNeighbour,
  dashGlyph,
  glyphsWithin,
  type GlyphSpan,
  type OcrLine,
} from '../../../src/documents/ocr/recognize.ts';
import type { OcrWord } from '../../../src/documents/ocr/engine.ts';

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
      'two columns on one baseline, a gutter of three row heights: apart',
      [at('left column text', 100, 500), at('right column text', 590, 990)],
      ['left column text', 'right column text'],
    ],
    ['the next line down: apart', [at('first line', 100, 500), at('second', 505, 600, 172)], ['first line', 'second']],
  ];
  for (const [name, lines, want] of cases) test(name, () => assert.deepEqual(texts(joinPieces(lines)), want));
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

// Words as the engine gives them: `text` laid out character by character, `cells` giving each
// character's cell (a typewriter font: 20 px cells, ink 12 px wide in the middle of its cell) or
// `advances` its width (a proportional font); a space in `text` separates words.
function typed(text: string, pitch = 20): OcrWord[] {
  const words: OcrWord[] = [];
  let cell = 0;
  for (const part of text.split(/( +)/)) {
    if (part.startsWith(' ')) {
      cell += part.length;
      continue;
    }
    if (part === '') continue;
    const symbols = [...part].map((ch, i) => {
      const x0 = (cell + i) * pitch + 4;
      return { text: ch, bbox: { x0, y0: 100, x1: x0 + 12, y1: 130 } };
    });
    words.push({
      text: part,
      bbox: { x0: symbols[0]!.bbox.x0, y0: 100, x1: symbols.at(-1)!.bbox.x1, y1: 130 },
      symbols,
    });
    cell += part.length;
  }
  return words;
}

// Proportional widths (em/1000 at 30 px an em, Times-like): narrow i, l, t, wide m, w.
const WIDTH: Record<string, number> = {
  i: 278,
  l: 278,
  t: 278,
  f: 333,
  r: 333,
  m: 778,
  w: 722,
  o: 500,
  e: 444,
  a: 444,
  n: 500,
  s: 389,
  h: 500,
  d: 500,
  u: 500,
};
function set(text: string): OcrWord[] {
  const words: OcrWord[] = [];
  let x = 0;
  for (const part of text.split(' ')) {
    const symbols = [...part].map((ch) => {
      const w = ((WIDTH[ch] ?? 500) * 30) / 1000;
      const sym = { text: ch, bbox: { x0: x + 1, y0: 100, x1: x + w - 1, y1: 130 } };
      x += w;
      return sym;
    });
    words.push({
      text: part,
      bbox: { x0: symbols[0]!.bbox.x0, y0: 100, x1: symbols.at(-1)!.bbox.x1, y1: 130 },
      symbols,
    });
    x += 7.5;
  }
  return words;
}

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

/** An engine line of these words at height y (rows of 24 px, a 30 px box). */
const lineOf = (words: OcrWord[], y: number): OcrLine => ({
  text: words.map((w) => w.text).join(' '),
  confidence: 90,
  bbox: { x0: words[0]!.bbox.x0, y0: y, x1: words.at(-1)!.bbox.x1, y1: y + 30 },
  rowAttributes: { ascenders: 8, descenders: -6, rowHeight: 24 },
  words,
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

describe('shift: a line read from a crop of the page moves to its place with its words and characters', () => {
  const l: OcrLine = {
    text: 'ab',
    confidence: 90,
    bbox: { x0: 0, y0: 0, x1: 20, y1: 10 },
    baseline: { x0: 0, y0: 8, x1: 20, y1: 8 },
    words: [
      {
        text: 'ab',
        bbox: { x0: 0, y0: 0, x1: 20, y1: 10 },
        symbols: [{ text: 'a', bbox: { x0: 0, y0: 0, x1: 9, y1: 10 } }],
      },
    ],
  };
  const moved = shift(l, 100, 50);
  test('the box and baseline', () =>
    assert.deepEqual(
      [moved.bbox, moved.baseline],
      [
        { x0: 100, y0: 50, x1: 120, y1: 60 },
        { x0: 100, y0: 58, x1: 120, y1: 58 },
      ],
    ));
  test('the words and their characters (a setting is measured from them)', () =>
    assert.deepEqual(
      [moved.words![0]!.bbox, moved.words![0]!.symbols[0]!.bbox],
      [
        { x0: 100, y0: 50, x1: 120, y1: 60 },
        { x0: 100, y0: 50, x1: 109, y1: 60 },
      ],
    ));
});

// A typewriter line as the LSTM boxes it: the words' boxes are the ink's edges (right), but the
// last characters of each word bunch towards the ones before (the last boxed 9 px early, the one
// before 4 px: `(canvas)` with `s` and `)` half a cell early), so neither the steps nor the grid
// of the characters' centres say monospaced.
function bunched(text: string): OcrWord[] {
  return typed(text).map((w) => ({
    ...w,
    symbols: w.symbols.map((sym, i) => {
      const early = i === w.symbols.length - 1 && i > 0 ? 9 : i === w.symbols.length - 2 && i > 0 ? 4 : 0;
      return { ...sym, bbox: { ...sym.bbox, x0: sym.bbox.x0 - early, x1: sym.bbox.x1 - early } };
    }),
  }));
}

/** Words moved right by `dx` pixels. */
const moved = (words: OcrWord[], dx: number): OcrWord[] =>
  words.map((w) => ({
    ...w,
    bbox: { ...w.bbox, x0: w.bbox.x0 + dx, x1: w.bbox.x1 + dx },
    symbols: w.symbols.map((sym) => ({ ...sym, bbox: { ...sym.bbox, x0: sym.bbox.x0 + dx, x1: sym.bbox.x1 + dx } })),
  }));

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

// A bitmap from rows of `#` (ink) and `.` (paper).
const art = (...rows: string[]): boolean[][] => rows.map((r) => [...r].map((c) => c === '#'));

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

describe("glyphAt: one glyph's ink, found from the recogniser's box of its character", () => {
  const W = 40;
  // A strip 10 rows high: a 5-column glyph at x 10..14 (rows 2..7), another at 20..24 (rows 3..8).
  const grey = new Uint8Array(W * 10).fill(255);
  for (let y = 2; y < 8; y++) for (let x = 10; x < 15; x++) grey[y * W + x] = 0;
  for (let y = 3; y < 9; y++) for (let x = 20; x < 25; x++) grey[y * W + x] = 0;
  const line = { x0: 0, y0: 0, x1: W, y1: 10 };
  const size = (ink: boolean[][] | undefined) => (ink ? [ink[0]!.length, ink.length] : undefined);
  const cases: [string, { x0: number; y0: number; x1: number; y1: number }, number[] | undefined][] = [
    ['the run under the box centre, trimmed to its rows', { x0: 9, y0: 0, x1: 16, y1: 10 }, [5, 6]],
    ['a box half a glyph off: the run whose centre it holds', { x0: 16, y0: 0, x1: 23, y1: 10 }, [5, 6]],
    ['a box over paper only: none', { x0: 30, y0: 0, x1: 34, y1: 10 }, undefined],
    ['a run wider than 1.6 boxes (glyphs touching): none', { x0: 11, y0: 0, x1: 13, y1: 10 }, undefined],
  ];
  for (const [name, box, want] of cases)
    test(name, () => assert.deepEqual(size(glyphAt(grey, W, box, line)?.ink), want));
});

// A line of character cells 10 wide and 20 high, each character its own box: the fixtures of the
// glyph tests below (withPlusSigns, withCarets, withBrackets).
const cellSym = (text: string, x: number) => ({ text, bbox: { x0: x, y0: 0, x1: x + 10, y1: 20 } });
const cellWord = (text: string, x: number) => ({
  text,
  bbox: { x0: x, y0: 0, x1: x + 10 * text.length, y1: 20 },
  symbols: [...text].map((ch, i) => cellSym(ch, x + 10 * i)),
});
const cellLine = (width: number, ...words: OcrWord[]) => ({
  text: words.map((w) => w.text).join(' ') + '\n',
  confidence: 90,
  bbox: { x0: 0, y0: 0, x1: width, y1: 20 },
  words,
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

describe('glyphAt: a glyph with its place on the page', () => {
  const W = 30;
  const grey = new Uint8Array(W * 12).fill(255);
  for (let y = 3; y < 6; y++) for (let x = 10; x < 16; x++) grey[y * W + x] = 0;
  test('the left edge of its run and the rows of its first and last ink', () => {
    const g = glyphAt(grey, W, { x0: 9, y0: 0, x1: 17, y1: 12 }, { x0: 0, y0: 0, x1: W, y1: 12 });
    assert.deepEqual(g && [g.x0, g.top, g.bottom, g.ink.length, g.ink[0]!.length], [10, 3, 5, 3, 6]);
  });
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

describe('inkColumnRuns: runs of inked columns within a band', () => {
  const W = 20;
  const grey = new Uint8Array(W * 6).fill(255);
  for (const x of [2, 3, 4, 8, 9]) grey[2 * W + x] = 0;
  grey[5 * W + 14] = 0; // below the band
  test('each run of columns with ink in the band, [first, end)', () =>
    assert.deepEqual(inkColumnRuns(grey, W, { x0: 0, y0: 0, x1: W, y1: 4 }), [
      [2, 5],
      [8, 10],
    ]));
  test('ink outside the band is not seen', () =>
    assert.deepEqual(inkColumnRuns(grey, W, { x0: 0, y0: 4, x1: W, y1: 6 }), [[14, 15]]));
});

describe('glyphColumns: a run as wide as k cells is k glyphs touching', () => {
  const cases: [string, [number, number][], [number, number][]][] = [
    [
      'single glyphs stay',
      [
        [0, 8],
        [10, 18],
        [20, 28],
      ],
      [
        [0, 8],
        [10, 18],
        [20, 28],
      ],
    ],
    [
      'a run two cells wide is cut in two',
      [
        [0, 8],
        [10, 18],
        [20, 28],
        [30, 38],
        [40, 58],
        [60, 68],
      ],
      [
        [0, 8],
        [10, 18],
        [20, 28],
        [30, 38],
        [40, 49],
        [49, 58],
        [60, 68],
      ],
    ],
    [
      'a narrow comma is one glyph',
      [
        [0, 8],
        [13, 15],
        [20, 28],
      ],
      [
        [0, 8],
        [13, 15],
        [20, 28],
      ],
    ],
  ];
  for (const [name, runs, want] of cases) test(name, () => assert.deepEqual(glyphColumns(runs), want));
});

describe('reboxed: characters take the columns of their glyphs when the counts agree on a grid', () => {
  const sym = (text: string, x0: number, x1: number) => ({ text, bbox: { x0, y0: 0, x1, y1: 20 } });
  // `${p,,q}` and more: 18 characters, the recogniser bunching `r` and `,` (one cell early) and
  // stretching a box over the rest of the line.
  const text = 'abcdefgh,,xyzwvuts';
  const bunched = [...text].map((ch, i) =>
    i === 8 ? sym(ch, 75, 200) : i === 7 ? sym(ch, 68, 78) : sym(ch, 10 * i + 1, 10 * i + 9),
  );
  const line = (symbols: ReturnType<typeof sym>[], words = [symbols.length]) => {
    let k = 0;
    const ws = words.map((n) => {
      const part = symbols.slice(k, k + n);
      k += n;
      return {
        text: part.map((s) => s.text).join(''),
        bbox: { x0: part[0]!.bbox.x0, y0: 0, x1: Math.max(...part.map((s) => s.bbox.x1)), y1: 20 },
        symbols: part,
      };
    });
    return {
      text: ws.map((w) => w.text).join(' ') + '\n',
      confidence: 80,
      bbox: { x0: 0, y0: 0, x1: 200, y1: 20 },
      words: ws,
    };
  };
  const grid = (n: number) => Array.from({ length: n }, (_, i) => [10 * i + 1, 10 * i + 9] as [number, number]);
  const centres = (l: ReturnType<typeof line>) =>
    l.words.flatMap((w) => w.symbols.map((s) => (s.bbox.x0 + s.bbox.x1) / 2));
  test('on a grid, as many glyphs as characters: each character on its glyph', () => {
    const out = reboxed(line(bunched, [9, 9]), grid(18));
    assert.deepEqual(
      centres(out as ReturnType<typeof line>),
      grid(18).map(([a, b]) => (a + b) / 2),
    );
    assert.deepEqual(
      out.words?.map((w) => [w.bbox.x0, w.bbox.x1]),
      [
        [1, 89],
        [91, 179],
      ],
    );
  });
  test('a glyph read twice in a word (`Pp`, the `p` boxed inside the `P`): one character on its glyph', () => {
    // 19 characters read over 18 glyphs: the second is the first glyph read again.
    const twice = [
      sym('P', 1, 9),
      sym('p', 4, 7),
      ...[...text.slice(1)].map((ch, i) => sym(ch, 10 * (i + 1) + 1, 10 * (i + 1) + 9)),
    ];
    const out = reboxed(line(twice, [10, 9]), grid(18));
    assert.equal(out.text, 'Pbcdefgh, ,xyzwvuts');
    assert.deepEqual(
      centres(out as ReturnType<typeof line>),
      grid(18).map(([a, b]) => (a + b) / 2),
    );
  });
  test('a box inside its neighbour in the next word is no double: as read', () => {
    // The last letter of one word and the first of the next over one glyph: two words, not one glyph read twice.
    const across = [
      ...[...text.slice(0, 17)].map((ch, i) => sym(ch, 10 * i + 1, 10 * i + 9)),
      sym('(', 163, 168),
      sym(')', 171, 179),
    ];
    const l = line(across, [17, 2]);
    assert.equal(reboxed(l, grid(18)), l);
  });
  test('one glyph fewer (two glyphs in one run not cut): as read', () => {
    const l = line(bunched);
    assert.equal(reboxed(l, grid(17)), l);
  });
  test('glyphs off any grid (proportional type): as read', () => {
    // Letters of uneven widths, each character boxed on its own glyph already.
    const lefts = [0, 6, 10, 19, 30, 33, 44, 57, 60, 71, 77, 88, 99, 104, 115, 121, 130, 141];
    const uneven = lefts.map((x, i) => [x, x + (i % 3) + 3] as [number, number]);
    const l = line(uneven.map(([a, b], i) => sym(text[i]!, a, b)));
    assert.equal(reboxed(l, uneven), l);
  });
  test('a character far from its glyph: as read', () => {
    const far = [...text].map((ch, i) => sym(ch, 10 * i + 1 + (i === 3 ? 40 : 0), 10 * i + 9 + (i === 3 ? 40 : 0)));
    const l = line(far);
    assert.equal(reboxed(l, grid(18)), l);
  });
  test('a short line (12 characters: a word or two, on a grid by chance): as read', () => {
    const l = line(bunched.slice(0, 12));
    assert.equal(reboxed(l, grid(12)), l);
  });
  test('a sliver of a box far from its glyph (put at the end of the glyph before) does not deny it', () => {
    const sliver = [...text].map((ch, i) => (i === 10 ? sym(ch, 98, 100) : sym(ch, 10 * i + 1, 10 * i + 9)));
    const out = reboxed(line(sliver), grid(18));
    assert.deepEqual(
      centres(out as ReturnType<typeof line>),
      grid(18).map(([a, b]) => (a + b) / 2),
    );
  });
  test('a line whose list steps two cells and its command one is re-boxed on the one-cell grid', () => {
    const cells = [0, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27];
    const glyphs = cells.map((c) => [10 * c + 1, 10 * c + 9] as [number, number]);
    const read = [...text].map((ch, i) =>
      sym(ch, glyphs[i]![0] + (i === 9 ? 6 : 0), glyphs[i]![1] + (i === 9 ? 6 : 0)),
    );
    const out = reboxed(line(read), glyphs);
    assert.deepEqual(
      centres(out as ReturnType<typeof line>),
      glyphs.map(([a, b]) => (a + b) / 2),
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

describe('inkHoles: the paper a glyph encloses', () => {
  const o = art('.###.', '#...#', '#...#', '#...#', '.###.');
  const eight = art('.###.', '#...#', '.###.', '#...#', '.###.');
  // Paper between two diagonal pixels of a stroke is not let out (4-connected paper).
  const diagonal = art('.##.', '#..#', '#..#', '.##.');
  const cup = art('#...#', '#...#', '#...#', '#####');
  const cases: [string, boolean[][], number][] = [
    ['an `o`: one', o, 1],
    ['an `8`: two', eight, 2],
    ['a ring closed at its corners by diagonal pixels: one', diagonal, 1],
    ['a cup open at the top: none', cup, 0],
    ['a stroke: none', art('..#', '.#.', '#..'), 0],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(inkHoles(ink).length, want));
  test('each hole as its box, top to bottom', () =>
    assert.deepEqual(inkHoles(eight), [
      { top: 1, bottom: 1, left: 1, right: 3 },
      { top: 3, bottom: 3, left: 1, right: 3 },
    ]));
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

describe('gridCell: the cell of a typewriter line, half its median step when its grid is the half step', () => {
  const stepsOf = (cs: number[]) => cs.slice(1).map((c, i) => c - cs[i]!);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
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

// Courier at 250 dpi (reportlab's scanned pages): its `l` and its `1`, which the fast model confuses.
const courierL = art(
  '..######.....',
  '.#######.....',
  '.#######.....',
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
  '.....###.....',
  '############.',
  '#############',
  '############.',
);
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

describe('glyphsWithin: the glyphs whose centre lies in a span, with the rows of their ink', () => {
  // Rows 0-9, columns 0-29: a bar at columns 2-7 (rows 4-5), a bar at 10-15 (rows 4-5), a stem at 20-21 (rows 1-8).
  const W = 30;
  const grey = new Uint8Array(W * 10).fill(255);
  const ink = (x0: number, x1: number, y0: number, y1: number, v = 0) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x < x1; x++) grey[y * W + x] = v;
  };
  ink(2, 8, 4, 5);
  ink(10, 16, 4, 5, 160);
  ink(20, 22, 1, 8);
  const line = { x0: 0, y0: 0, x1: W, y1: 10 };
  test('two bars in the span, the stem outside it', () =>
    assert.deepEqual(glyphsWithin(grey, W, line, 0, 17, 200), [
      { x0: 2, x1: 8, top: 4, bottom: 5 },
      { x0: 10, x1: 16, top: 4, bottom: 5 },
    ]));
  test('grey ink is not ink at the dark threshold', () =>
    assert.deepEqual(glyphsWithin(grey, W, line, 0, 17, 128), [{ x0: 2, x1: 8, top: 4, bottom: 5 }]));
  test('a glyph cut by the span is taken whole when its centre is inside', () =>
    assert.deepEqual(glyphsWithin(grey, W, line, 18, 24, 200), [{ x0: 20, x1: 22, top: 1, bottom: 8 }]));
  test('no glyph whose centre lies in the span', () => assert.deepEqual(glyphsWithin(grey, W, line, 16, 19, 200), []));
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

describe('inkVouched: a doubtful line whose every character its ink tells is kept', () => {
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

describe('insideNeighbour: a character boxed inside its neighbour is its glyph read twice', () => {
  const box = (x0: number, x1: number) => ({ bbox: { x0, y0: 0, x1, y1: 20 } });
  const cases: [string, { bbox: { x0: number; y0: number; x1: number; y1: number } }[], number, boolean][] = [
    ['`p` inside `P`', [box(462, 478), box(471, 477)], 1, true],
    ['the wider one is not the double', [box(462, 478), box(471, 477)], 0, false],
    ['neighbours side by side', [box(0, 10), box(10, 20)], 1, false],
    ['half on its neighbour: not enough', [box(0, 10), box(5, 13)], 1, false],
    ['alone', [box(0, 10)], 0, false],
  ];
  for (const [name, symbols, i, want] of cases) test(name, () => assert.equal(insideNeighbour(symbols, i, 24), want));
  test('inside a box stretched wider than a glyph: no double', () =>
    assert.equal(insideNeighbour([box(75, 200), box(91, 99)], 1, 24), false));
});

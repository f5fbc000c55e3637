// Spaces the engine put inside a typewriter word in a line of prose (src/documents/ocr/false-spaces.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrWord } from '../../../src/documents/ocr/engine.ts';
import { noSpaceBetween, withoutFalseSpaces } from '../../../src/documents/ocr/false-spaces.ts';
import { lineOf, set, typed } from './helpers/ocr-lines.ts';

describe('noSpaceBetween: two words whose glyphs stand one step apart, as their letters do, are one word', () => {
  // Centres of the glyphs' runs of inked columns, measured on scanned pages: Courier 10 pt at
  // 250 dpi in Times prose (reportlab's user guide; valgrind's manual, FOP), a 21 px cell.
  const cases: [string, number[], number[], boolean][] = [
    [
      '`drawSt ring`: cut at the narrow `r`',
      [1208, 1228, 1249, 1269.5, 1290.5, 1310],
      [1332, 1353, 1373.5, 1395],
      true,
    ],
    ['`text Line`', [1195, 1217, 1238, 1258], [1279.5, 1300.5, 1321, 1342], true],
    [
      '`sizeof (long`: a bracket one cell on',
      [947, 967.5, 988.5, 1009, 1030, 1051.5],
      [1074, 1092.5, 1113, 1134, 1155.5],
      true,
    ],
    [
      '`(long double)`: a space is two cells',
      [1092.5, 1113, 1134, 1155.5],
      [1200, 1220, 1241, 1262, 1283, 1304],
      false,
    ],
    [
      '`textLines methods`: a proportional word after a typewriter one',
      [1429, 1451, 1472, 1492, 1513.5, 1534.5, 1555.5, 1576, 1597],
      [1630, 1650.5, 1664, 1677, 1694.5, 1712, 1727],
      false,
    ],
    ['`the text`: a proportional word before it', [1140, 1153, 1169.5], [1195, 1217, 1238, 1258], false],
    ['too few glyphs to tell', [0, 20], [40, 60], false],
    ['a word of one glyph has no step of its own', [0], [20, 40, 60, 80, 100, 120], false],
  ];
  for (const [name, a, b, want] of cases) test(name, () => assert.equal(noSpaceBetween(a, b), want));
});

/** Words of `typed(text)` with the word at `word` cut after `at` characters, as the engine cuts it. */
function cut(text: string, word: number, at: number): OcrWord[] {
  return typed(text).flatMap((w, i) => {
    if (i !== word) return [w];
    const parts = [w.symbols.slice(0, at), w.symbols.slice(at)];
    return parts.map((symbols) => ({
      text: symbols.map((sym) => sym.text).join(''),
      bbox: { ...w.bbox, x0: symbols[0]!.bbox.x0, x1: symbols.at(-1)!.bbox.x1 },
      symbols,
    }));
  });
}

/** A line's runs of inked columns: one per character, its box (the fixtures' glyphs). */
const runsOf = (words: OcrWord[]): [number, number][] =>
  words.flatMap((w) => w.symbols.map((sym) => [sym.bbox.x0, sym.bbox.x1] as [number, number]));

describe('withoutFalseSpaces: a line with the spaces its ink does not have taken out', () => {
  const textOf = (words: OcrWord[], runs = runsOf(words)) => withoutFalseSpaces(lineOf(words, 100), runs).text;

  test('a typewriter word cut at a narrow letter is one word', () =>
    assert.equal(textOf(cut('the drawString method', 1, 6)), 'the drawString method'));
  test('its words are joined too, with their characters', () => {
    const line = withoutFalseSpaces(lineOf(cut('call drawString', 1, 6), 100), runsOf(cut('call drawString', 1, 6)));
    assert.deepEqual(
      line.words?.map((w) => [w.text, w.symbols.length]),
      [
        ['call', 4],
        ['drawString', 10],
      ],
    );
  });
  test('a space on the page (two cells) is kept', () =>
    assert.equal(textOf(typed('the draw String method')), 'the draw String method'));
  test('a line of prose is left as read', () => {
    const line = lineOf(set('the little man went to town'), 100);
    assert.equal(withoutFalseSpaces(line, runsOf(line.words!)), line);
  });
  test("a word box that misses its first glyph's edge: the run goes to the word it stands nearer", () => {
    const words = cut('the textLine method', 1, 4);
    const late = words.map((w) => (w.text === 'Line' ? { ...w, bbox: { ...w.bbox, x0: w.bbox.x0 + 8 } } : w));
    assert.equal(textOf(late, runsOf(words)), 'the textLine method');
  });
  test("a word's last glyph boxed in the next word (`~/.` and `profile`): judged on their runs together", () => {
    const words = cut('see ~/.profile now', 1, 3);
    const shifted = words.map((w, i) =>
      i === 1
        ? { ...w, bbox: { ...w.bbox, x1: w.bbox.x1 - 16 } }
        : i === 2
          ? { ...w, bbox: { ...w.bbox, x0: w.bbox.x0 - 16 } }
          : w,
    );
    assert.equal(textOf(shifted, runsOf(words)), 'see ~/.profile now');
  });
  test('prose punctuation after the word, off its grid, is left out of the steps', () => {
    const words = cut('see ~/.profile', 1, 3);
    const last = words.at(-1)!;
    const comma = { text: ',', bbox: { x0: last.bbox.x1 + 2, y0: 100, x1: last.bbox.x1 + 5, y1: 130 } };
    const withComma = words.map((w) =>
      w === last
        ? { ...w, text: `${w.text},`, bbox: { ...w.bbox, x1: comma.bbox.x1 }, symbols: [...w.symbols, comma] }
        : w,
    );
    assert.equal(textOf(withComma), 'see ~/.profile,');
  });
  test('glyphs fewer than the characters (two letters touching): left as read', () => {
    const words = cut('the drawString method', 1, 6);
    const runs = runsOf(words);
    runs.splice(5, 2, [runs[5]![0], runs[6]![1]]);
    assert.equal(textOf(words, runs), 'the drawSt ring method');
  });
  test('a line whose text is not its words is left as read', () => {
    const words = cut('the drawString method', 1, 6);
    const line = { ...lineOf(words, 100), text: 'the drawSt  ring method' };
    assert.equal(withoutFalseSpaces(line, runsOf(words)), line);
  });
});

// Interlinear glosses read line by line (src/documents/formats/pdf/stacks.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markedRun, stackRun, unstacked } from '../../../../src/documents/formats/pdf/stacks.ts';
import { streamLines, type StreamLine } from '../../../../src/documents/formats/pdf/stream.ts';
import { buildLines } from '../../../../src/documents/formats/pdf/layout.ts';
import type { RawItem } from '../../../../src/documents/formats/pdf/types.ts';
import { item } from '../../helpers/raw-items.ts';

/** Words drawn stack by stack from x 100: each word over its gloss (and its translation), 14 units apart. */
function stacks(rows: string[][], gap = 5, step = 14): RawItem[] {
  const out: RawItem[] = [];
  let x = 100;
  for (let s = 0; s < rows[0]!.length; s++) {
    const width = Math.max(...rows.map((r) => (r[s] ?? '').length * 5));
    rows.forEach((r, k) => {
      if (r[s]) out.push(item(r[s]!, x, 500 - k * step));
    });
    x += width + gap;
  }
  return out;
}

const text = (lines: StreamLine[]) => lines.map((l) => l.items.map((i) => i.str).join(' '));

const GERMAN = ['(5) Wenn', 'jemand', 'in', 'die', 'Wüste', 'zieht'];
const GLOSS = ['If', 'someone', 'in', 'the', 'desert', 'draws'];

test('unstacked: the stacks of a gloss read as its lines', async (t) => {
  const cases: [name: string, items: RawItem[], want: string[]][] = [
    [
      // gb4e's \gll: each word over its gloss in a box of its own.
      'words over their glosses: the sentence, then the gloss',
      [...stacks([GERMAN, GLOSS]), item('‘if one retreats to the desert and lives there’', 100, 472)],
      [
        '(5) Wenn jemand in die Wüste zieht',
        'If someone in the desert draws',
        '‘if one retreats to the desert and lives there’',
      ],
    ],
    [
      'three lines a stack (\\glll)',
      stacks([GERMAN.slice(1), GLOSS.slice(1), ['a', 'b', 'c', 'd', 'e']]),
      ['jemand in die Wüste zieht', 'someone in the desert draws', 'a b c d e'],
    ],
    [
      'three stacks only: a formula or a list, left as drawn',
      stacks([GERMAN.slice(0, 3), GLOSS.slice(0, 3)]),
      ['(5) Wenn', 'If', 'jemand', 'someone', 'in', 'in'],
    ],
    [
      // gprolog: a list of names in columns, drawn column by column, a gutter between them.
      'columns a gutter apart: a list read column by column, left as drawn',
      stacks([GERMAN, GLOSS], 40),
      GERMAN.flatMap((w, i) => [w, GLOSS[i]!]),
    ],
    [
      // lshort: roots over their radicands, signs with no letter.
      'signs over their operands: no gloss',
      stacks([
        ['√', '√', '√', '√'],
        ['2', 'x2', 'y', 'z'],
      ]),
      ['√', '2', '√', 'x2', '√', 'y', '√', 'z'],
    ],
    [
      'lines of text, not words: no gloss',
      stacks([GERMAN.map((w) => `${w} and a long run of words on it`), GLOSS]),
      GERMAN.flatMap((w, i) => [`${w} and a long run of words on it`, GLOSS[i]!]),
    ],
  ];
  for (const [name, items, want] of cases)
    await t.test(name, () => assert.deepEqual(text(unstacked(streamLines(items))), want));
});

test('stackRun: how many lines a run of stacks holds', () => {
  const lines = streamLines(stacks([GERMAN, GLOSS]));
  assert.equal(stackRun(lines, 0, 2), 12);
  assert.equal(stackRun(lines, 0, 3), 0);
  assert.equal(stackRun(lines, 4, 2), 8);
  assert.equal(stackRun(lines, 8, 2), 0);
});

test('a page with a gloss: its lines as the page shows them', () => {
  const lines = buildLines([...stacks([GERMAN, GLOSS]), item('The example above.', 100, 460)]);
  assert.deepEqual(
    lines.map((l) => l.text),
    ['(5) Wenn jemand in die Wüste zieht', 'If someone in the desert draws', 'The example above.'],
  );
});

/** A ConTeXt synopsis (\showsetup) as the stream draws it: each argument, then its number over it and "OPT" under it. */
function synopsis(y = 487.6): RawItem[] {
  const tt = { mono: true };
  const mark = { mono: true, size: 6 };
  return [
    item('\\definebtxdataset [...]', 70.9, y, { ...tt, width: 136.9 }),
    item('1', 191, y + 6.8, { ...mark, width: 3.6 }),
    item('[...]', 212.8, y, { ...tt, width: 30 }),
    item('2', 226, y + 6.8, { ...mark, width: 3.6 }),
    item('OPT', 222.4, y - 10.9, { ...mark, width: 10.8 }),
    item('[..,..=..,..]', 247.8, y, { ...tt, width: 77.9 }),
    item('3', 284.9, y + 6.8, { ...mark, width: 3.6 }),
    item('OPT', 281.3, y - 10.9, { ...mark, width: 10.8 }),
  ];
}

test('unstacked: marks over a line of code read a line per baseline', async (t) => {
  const tt = { mono: true };
  const cases: [name: string, items: RawItem[], want: string[]][] = [
    [
      'a synopsis: its numbers, the command, its OPTs',
      [...synopsis(), item('1 NAME', 70.9, 468.3, { mono: true, size: 8 })],
      ['1 2 3', '\\definebtxdataset [...] [...] [..,..=..,..]', 'OPT OPT', '1 NAME'],
    ],
    [
      // One mark is a formula's limit or a note's number, not a synopsis.
      'one mark only: left as drawn',
      synopsis().slice(0, 3),
      ['\\definebtxdataset [...]', '1', '[...]'],
    ],
    [
      'marks over text in a proportional face: left as drawn',
      synopsis().map((it) => ({ ...it, mono: false })),
      ['\\definebtxdataset [...]', '1', '[...]', '2', 'OPT', '[..,..=..,..]', '3', 'OPT'],
    ],
    [
      // A superscript stands beside what it raises, right of the line drawn so far.
      'small lines beside the code, not over it: left as drawn',
      [
        item('x = y', 100, 500, { ...tt, width: 25 }),
        item('2', 126, 506.8, { mono: true, size: 6, width: 3.6 }),
        item('+ z', 132, 500, { ...tt, width: 15 }),
        item('3', 148, 506.8, { mono: true, size: 6, width: 3.6 }),
        item('+ w', 154, 500, { ...tt, width: 15 }),
      ],
      ['x = y', '2', '+ z', '3', '+ w'],
    ],
    [
      'lines of the text size under the code: no marks',
      [
        item('\\setupbtx [...]', 70.9, 500, { ...tt, width: 80 }),
        item('1 NAME', 70.9, 490, { ...tt, width: 30 }),
        item('2 NAME', 70.9, 480, { ...tt, width: 30 }),
      ],
      ['\\setupbtx [...]', '1 NAME', '2 NAME'],
    ],
  ];
  for (const [name, items, want] of cases)
    await t.test(name, () => assert.deepEqual(text(unstacked(streamLines(items))), want));
});

test('markedRun: how many lines a synopsis holds', () => {
  const lines = streamLines([...synopsis(), item('Text after it.', 70.9, 440)]);
  assert.equal(markedRun(lines, 0), 8);
  assert.equal(markedRun(lines, 1), 0);
  assert.equal(markedRun(lines, 8), 0);
});

test('a page with a synopsis: its lines as the page shows them', () => {
  const lines = buildLines([...synopsis(), item('1 NAME', 70.9, 468.3, { mono: true, size: 8 })]);
  assert.deepEqual(
    lines.map((l) => l.text),
    ['1 2 3', '\\definebtxdataset [...] [...] [..,..=..,..]', 'OPT OPT', '1 NAME'],
  );
});

// A long table broken by a page turn: its foot, head and repeated header row (src/documents/formats/pdf/table-turns.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinTableTurn, type TableHead } from '../../../../src/documents/formats/pdf/table-turns.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';

const BODY = 10;
const body = () => BODY;

let y = 800;
/** A line of text (a short `size` is small print: a footnote). */
const text = (t: string, size = BODY): TextLine => ({
  text: t,
  x: 72,
  xEnd: 300,
  y: y--,
  size,
  font: 'f',
  mono: false,
});
/** A table row of `cells` (empty ones kept), as tables.ts tags it. */
const row = (...cells: string[]): TextLine => ({
  ...text(cells.filter((c) => c.length > 0).join(' | ')),
  tag: { block: -1, kind: 'row', cells },
});
const header = (...cells: string[]): TextLine => ({
  ...row(...cells),
  tag: { block: -1, kind: 'row', cells, header: true },
});

const head = row('Unit', 'Abbreviation', 'Symbol');
const caption = text('Table 5: Unit abbreviations');
const body1 = [row('gram', '\\g', 'g'), row('kilogram', '\\kg', 'kg')];
const body2 = [row('metre', '\\m', 'm'), row('second', '\\s', 's')];
const prose = text('The standard settings only create these abbreviations within the scope of the macros.');

/** [name, prev, next, carried, want: the texts of prev and next after, or null, and whether prev's first row is now a header]. */
const cases: [string, TextLine[], TextLine[], TableHead | undefined, [string[], string[], boolean?] | null][] = [
  [
    'foot and head notes around a repeated header row (siunitx)',
    [prose, caption, head, ...body1, text('Continued on next page')],
    [text('Continued from previous page'), head, ...body2, prose],
    undefined,
    [
      [prose.text, caption.text, head.text, ...body1.map((l) => l.text)],
      [...body2.map((l) => l.text), prose.text],
      true,
    ],
  ],
  [
    'the caption again with "(continued)", footnotes under the foot (isomath)',
    [caption, head, ...body1, text('... continued on next page'), text('4 A footnote under the table.', 8)],
    [text('Table 5: Unit abbreviations (... continued)'), head, ...body2],
    undefined,
    [
      [caption.text, head.text, ...body1.map((l) => l.text), '4 A footnote under the table.'],
      body2.map((l) => l.text),
      true,
    ],
  ],
  [
    'a foot read as a row of one cell, the caption again and no header row (l2kurz)',
    [caption, text('amsmath Mathematical typesetting'), ...body1, row('', 'Fortsetzung nächste Seite')],
    [caption, ...body2],
    undefined,
    [[caption.text, 'amsmath Mathematical typesetting', ...body1.map((l) => l.text)], body2.map((l) => l.text), false],
  ],
  [
    'the header row repeated alone, no notes; cells split otherwise on the next page',
    [head, ...body1],
    [row('Unit', 'Abbreviation Symbol'), ...body2],
    undefined,
    [[head.text, ...body1.map((l) => l.text)], body2.map((l) => l.text), true],
  ],
  [
    'an already bold header row stays one',
    [header('Unit', 'Abbreviation', 'Symbol'), ...body1, text('Continued on next page')],
    [header('Unit', 'Abbreviation', 'Symbol'), ...body2],
    undefined,
    [[head.text, ...body1.map((l) => l.text)], body2.map((l) => l.text), true],
  ],
  [
    'a table opening the page, joined at the turn before: its carried header row',
    [...body1, text('Continued on next page')],
    [text('Continued from previous page'), head, ...body2],
    { rows: ['Unit Abbreviation Symbol'], caption: caption.text },
    [body1.map((l) => l.text), body2.map((l) => l.text), false],
  ],
  [
    'a title row and a row of column names repeated (ReportLab)',
    [row('', 'Parameters'), head, ...body1, ...body2],
    [row('', 'Parameters'), head, row('second', '\\s', 's')],
    undefined,
    [['Parameters', head.text, ...body1.map((l) => l.text), ...body2.map((l) => l.text)], ['second | \\s | s'], true],
  ],
  // No turn.
  [
    'the whole table again on the next page: a copy of it, set twice (dblatex)',
    [head, ...body1],
    [head, ...body1, prose],
    undefined,
    null,
  ],
  [
    'a different header row on the next page',
    [head, ...body1, text('Continued on next page')],
    [row('Prefix', 'Command', 'Symbol'), ...body2],
    undefined,
    null,
  ],
  [
    'the same header row under a caption of its own, no foot: another table',
    [caption, head, ...body1],
    [text('Table 6: More units'), head, ...body2],
    undefined,
    null,
  ],
  [
    'more than three lines over the next page’s first row',
    [head, ...body1, text('Continued on next page')],
    [text('a'), text('b'), text('c'), text('d'), head, ...body2],
    undefined,
    null,
  ],
  [
    'a long line over the next page’s first row: a paragraph, not a head',
    [head, ...body1, text('Continued on next page')],
    [text('x'.repeat(130)), head, ...body2],
    undefined,
    null,
  ],
  ['a table of one row ending the page', [prose, head], [head, ...body2], undefined, null],
  ['no table on the page', [prose, prose], [head, ...body2], undefined, null],
  [
    'a sentence under the last row is no foot',
    [head, ...body1, text('See the table above.')],
    [head, ...body2],
    undefined,
    null,
  ],
];

for (const [name, prev, next, carried, want] of cases) {
  test(`joinTableTurn: ${name}`, () => {
    const got = joinTableTurn(prev, next, body, carried);
    if (want === null) {
      assert.equal(got, null);
      return;
    }
    assert.ok(got);
    assert.deepEqual(
      got.prev.map((l) => l.text),
      want[0],
    );
    assert.deepEqual(
      got.next.map((l) => l.text),
      want[1],
    );
    const first = got.prev.find((l) => l.tag?.kind === 'row');
    assert.equal(first?.tag?.header === true, want[2]);
  });
}

test('joinTableTurn: the head it returns carries to the next turn', () => {
  const got = joinTableTurn(
    [caption, head, ...body1, text('Continued on next page')],
    [text('Continued'), head, ...body2],
    body,
  );
  assert.deepEqual(got?.head, { rows: ['Unit Abbreviation Symbol', 'gram \\g g'], caption: '' });
});

test('joinTableTurn: the body size is asked only where lines follow the table', () => {
  let asked = 0;
  joinTableTurn([head, ...body1], [head, ...body2], () => ++asked && BODY);
  assert.equal(asked, 0);
});

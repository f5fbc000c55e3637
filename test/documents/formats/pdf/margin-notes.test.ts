import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawItem } from '../../../../src/documents/formats/pdf/types.ts';
import { buildLines } from '../../../../src/documents/formats/pdf/layout.ts';
import {
  marginNotesAfterParagraphs,
  noteStart,
  pastEdgeWidth,
  textBlock,
} from '../../../../src/documents/formats/pdf/margin-notes.ts';
import type { StreamLine } from '../../../../src/documents/formats/pdf/stream.ts';
import { item } from '../../helpers/raw-items.ts';

// A page of the LaTeX team's guides: the text block from 125 to 468.5, notes at 479.5.
const LEFT = 125;
const RIGHT = 468.5;

/** A stream line of `items` (as streamLines builds it). */
const line = (...items: RawItem[]): StreamLine => ({
  items,
  y: items[0]!.y,
  size: Math.max(...items.map((i) => i.size)),
  x: Math.min(...items.map((i) => i.x)),
  xEnd: Math.max(...items.map((i) => i.x + i.width)),
  chars: items.reduce((n, i) => n + i.str.length, 0),
  spaces: [],
});
/** A justified body line (to the right edge), or one ending at `end`. */
const body = (str: string, y: number, end = RIGHT): RawItem => item(str, LEFT, y, { width: end - LEFT });
const note = (str: string, y: number, o: Partial<RawItem> = {}): RawItem => item(str, 479.5, y, { size: 9, ...o });
const texts = (lines: StreamLine[]): string[] => lines.map((l) => l.items.map((i) => i.str).join(' '));

const para = [
  line(body('will be logically false. When two optional arguments follow each other (a', 184)),
  line(body('syntax we typically discourage), it can make sense to allow users of the command', 172)),
  line(body('to specify only the second argument by providing an empty first argument.', 160)),
];

for (const c of [
  {
    name: 'a note hung on a line in mid-paragraph: read after the paragraph',
    lines: [
      ...para,
      line(body('Rather than testing separately for emptiness it is then best', 148), note('New', 148)),
      line(note('description', 137)),
      line(note('2022/06/01', 126)),
      line(body('to use the argument type O with an empty default value, and then test for', 136)),
      line(body('emptiness using the conditional \\IfBlankTF instead.', 124, 435)),
      line(body('The reverse form of the \\IfNoValue(TF) tests is also available', 100)),
    ],
    want: [
      ...texts(para),
      'Rather than testing separately for emptiness it is then best',
      'to use the argument type O with an empty default value, and then test for',
      'emptiness using the conditional \\IfBlankTF instead.',
      'New',
      'description',
      '2022/06/01',
      'The reverse form of the \\IfNoValue(TF) tests is also available',
    ],
  },
  {
    name: 'a note beside a paragraph’s last line stays where the stream drew it (on its line)',
    lines: [
      ...para,
      line(body('emptiness using the conditional \\IfBlankTF instead.', 148, 435), note('New feature', 148)),
      line(note('2022/06/01', 137)),
      line(body('The reverse form of the \\IfNoValue(TF) tests is also available', 124)),
    ],
    want: [
      ...texts(para),
      'emptiness using the conditional \\IfBlankTF instead. New feature',
      '2022/06/01',
      'The reverse form of the \\IfNoValue(TF) tests is also available',
    ],
  },
  {
    name: 'a note with no paragraph end after it on the page: read at the page’s end',
    lines: [
      ...para,
      line(body('Rather than testing separately for emptiness it is then best', 148), note('New', 148)),
      line(body('first argument, and the text goes on to the next page and', 136)),
      line(body('on, and on to the next page, where its paragraph ends at last', 124)),
    ],
    want: [
      ...texts(para),
      'Rather than testing separately for emptiness it is then best',
      'first argument, and the text goes on to the next page and',
      'on, and on to the next page, where its paragraph ends at last',
      'New',
    ],
  },
  {
    name: 'a line of digits alone past the edge opens no note',
    lines: [...para, line(note('2022/06/01', 150)), line(body('to use the argument type O with an empty', 136))],
    want: [...texts(para), '2022/06/01', 'to use the argument type O with an empty'],
  },
  {
    name: 'superscripts of an example’s output running past the edge are no note',
    lines: [
      ...para,
      line(body('pressão deep seguida pela expressão h i comparada com a versão', 148)),
      line(note('gh', 150, { size: 5 })),
      line(body('amassada da expressão seguida pela expressão', 136)),
    ],
    want: [
      ...texts(para),
      'pressão deep seguida pela expressão h i comparada com a versão',
      'gh',
      'amassada da expressão seguida pela expressão',
    ],
  },
  {
    name: 'a monospaced piece past the edge (a code line’s overflow) is no note',
    lines: [
      ...para,
      line(
        body('Rather than testing separately for emptiness it is then best', 148),
        note('% note', 148, { mono: true }),
      ),
      line(body('to use the argument type O with an empty default value, and then test for', 136)),
    ],
    want: [
      ...texts(para),
      'Rather than testing separately for emptiness it is then best % note',
      'to use the argument type O with an empty default value, and then test for',
    ],
  },
]) {
  test(`marginNotesAfterParagraphs: ${c.name}`, () => {
    assert.deepEqual(texts(marginNotesAfterParagraphs(c.lines)), c.want);
  });
}

test('marginNotesAfterParagraphs: an index’s second column beside the block is no margin', () => {
  // Two columns of an index, the left one justified to 297, the right from 315 to 522.
  const left = (s: string, y: number) => item(s, 90, y, { width: 207, size: 9 });
  const right = (s: string, y: number, w = 207) => item(s, 315, y, { width: w, size: 9 });
  const lines = [
    ...[684, 673, 663, 652, 642, 631].map((y) => line(left(`statistics, column data . . . . . . . . . ${y}`, y))),
    line(right('syntax of Gri commands . . . . . . . . . . . . . 73', 684)),
    line(right('system calls, using', 673, 75)),
    line(right('dollar-parenthesis shell syntax . . . . . . . . 180', 663)),
  ];
  assert.equal(marginNotesAfterParagraphs(lines), lines);
});

test('marginNotesAfterParagraphs: a ragged page has no edge to stand outside of', () => {
  const lines = [
    line(body('A line of ragged text that ends where its words end, here', 184, 400)),
    line(body('and another one a little longer than the one before it, here', 172, 430)),
    line(body('and a third that is shorter, as ragged lines go on a page', 160, 380)),
    line(body('and a fourth one of them that ends somewhere else again, so', 148, 445), note('Note', 148)),
    line(body('the page has no edge at all for a note to stand past it', 136, 410)),
  ];
  assert.equal(marginNotesAfterParagraphs(lines), lines);
});

test('textBlock: the justified edges and the body size', () => {
  assert.deepEqual(textBlock(para.concat(para)), { left: 125, right: 469, size: 10 });
  assert.equal(textBlock(para), undefined); // too few lines to tell
});

test('noteStart: the first item past the edge, after a body part that ends on it', () => {
  const block = { left: 125, right: 468.5, size: 10 };
  assert.equal(noteStart(line(body('Rather than it is then best', 148), note('New', 148)), block), 1);
  assert.equal(noteStart(line(note('description', 137)), block), 0);
  assert.equal(noteStart(para[0]!, block), -1);
  // An overfull line: its last word starts past the edge but the word before runs over it.
  assert.equal(noteStart(line(body('an overfull line', 148, 475), note('word', 148)), block), -1);
  // A note wider than the margin strip is a column's text.
  assert.equal(noteStart(line(note('a long line of text in another column', 137, { width: 200 })), block), -1);
});

test('buildLines: a margin note drawn in mid-paragraph comes out after the paragraph', () => {
  const items = [
    ...para.flatMap((l) => l.items),
    body('Rather than testing separately for emptiness it is then best', 148),
    note('New', 148),
    note('description', 137),
    note('2022/06/01', 126),
    body('to use the argument type O with an empty default value, and then test for', 136),
    body('emptiness using the conditional \\IfBlankTF instead.', 124, 435),
  ];
  assert.deepEqual(
    buildLines(items).map((l) => l.text),
    [
      ...texts(para),
      'Rather than testing separately for emptiness it is then best',
      'to use the argument type O with an empty default value, and then test for',
      'emptiness using the conditional \\IfBlankTF instead.',
      'New',
      'description',
      '2022/06/01',
    ],
  );
});

test('marginNotesAfterParagraphs: the edge is the block’s, not an indented list’s, and of prose lines', () => {
  // groff ms: a list's items end at 527.8, more of them than the body lines ending at 552.8; a
  // body line's last word drawn apart at 535 is on the block, not past it.
  const wide = (s: string, y: number, end: number, x = 71) => item(s, x, y, { width: end - x });
  const lines = [
    line(wide('Since the most common use of a document outline is to provide', 715, 552.8)),
    line(wide('using active hypertext links to chapter and section headings', 703, 552.8)),
    line(wide('creating the outline to a higher level macro, which is itself', 691, 528.1), item('This', 535, 691)),
    line(wide('approach has been adopted in the spdf.tmac package, to be used', 679, 552.8)),
    ...[444, 416, 388, 376].map((y) =>
      line(wide('O Add an entry to the document outline. This operation has been', y, 527.8, 96)),
    ),
  ];
  assert.equal(textBlock(lines)?.right, 553);
  assert.equal(marginNotesAfterParagraphs(lines), lines);
  // A table's rows (cells set apart) make no edge: its last column's header is no note.
  const row = (y: number) =>
    line(item('a5', 47.5, y), item('5.8 x 8.3', 110, y), item('148 x 210', 160, y), item('420 x 595', 196.6, y));
  const table = [
    line(item('Name', 59, 785), item('Inches', 110, 785), item('Notes', 265, 785)),
    ...[730, 702, 675, 647, 620, 592].map(row),
  ];
  assert.equal(textBlock(table), undefined);
  assert.equal(marginNotesAfterParagraphs(table), table);
});

test('pastEdgeWidth: from the first item at or past the edge to the rightmost end of those', async (t) => {
  const at = (x: number, width: number) => ({ x, width });
  // The same figure as the arrays it replaced: filter, then Math.max of the ends less the first's left.
  const byArrays = (items: { x: number; width: number }[], start: number) => {
    const past = items.filter((it) => it.x >= start);
    return past.length === 0 ? -Infinity : Math.max(...past.map((it) => it.x + it.width)) - past[0]!.x;
  };
  const cases: [string, { x: number; width: number }[], number, number][] = [
    ['no item past the edge', [at(100, 300)], 480, -Infinity],
    ['one note item', [at(100, 360), at(480, 40)], 480, 40],
    ['at the edge exactly', [at(480, 10)], 480, 10],
    ['two note items, the second reaching further', [at(100, 360), at(480, 40), at(525, 30)], 480, 75],
    ['an earlier item reaching furthest', [at(490, 100), at(495, 10)], 480, 100],
    ['items out of order: measured from the first in the line', [at(520, 10), at(480, 20)], 480, 10],
    ['an item without a position is not past the edge', [at(Number.NaN, 5), at(500, 20)], 480, 20],
    ['nothing', [], 480, -Infinity],
  ];
  for (const [name, items, start, want] of cases)
    await t.test(name, () => {
      assert.equal(pastEdgeWidth(items, start), want);
      assert.equal(pastEdgeWidth(items, start), byArrays(items, start));
    });
});

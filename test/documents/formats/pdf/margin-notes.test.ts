import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawItem } from '../../../../src/documents/formats/pdf/types.ts';
import { buildLines } from '../../../../src/documents/formats/pdf/layout.ts';
import {
  labelBlock,
  labelLength,
  marginLabelsBeforeParagraphs,
  marginNotesAfterParagraphs,
  noteStart,
  pastEdgeWidth,
  textBlock,
  textStart,
} from '../../../../src/documents/formats/pdf/margin-notes.ts';
import type { StreamLine } from '../../../../src/documents/formats/pdf/stream.ts';
import { item } from '../../helpers/raw-items.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { DEFAULT_OCR } from '../../../../src/documents/ocr/options.ts';
import { makePdf, type TextRun } from '../../helpers/make-pdf.ts';

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

// A page of a LaTeX package's documentation (doc.sty, l3doc): the text block from 154 to 507, the
// names a paragraph describes set in typewriter, right-aligned against 144 in the left margin.
const L = 154;
const R = 507;
const prose = (str: string, y: number, end = R, x = L): RawItem => item(str, x, y, { width: end - x });
const name = (str: string, y: number, end = 144): RawItem =>
  item(str, end - str.length * 5, y, { mono: true, size: 9 });
const tt = (str: string, x: number, y: number): RawItem => item(str, x, y, { mono: true, size: 9 });
const page = [
  line(prose('The package defines three commands, each of which is described below in', 700)),
  line(prose('its own paragraph, with the name it defines set in the margin beside it.', 688, 480)),
];

for (const c of [
  {
    name: 'a label drawn into its paragraph’s first line: read before the paragraph',
    lines: [
      ...page,
      line(name('\\indices', 660), prose('To produce a tensor with mixed upper and lower indices, enter', 660)),
      line(prose('the object and its indices; in math mode it is enough to type them.', 648, 460)),
    ],
    want: [
      ...texts(page),
      '\\indices',
      'To produce a tensor with mixed upper and lower indices, enter',
      'the object and its indices; in math mode it is enough to type them.',
    ],
  },
  {
    name: 'a second label stacked beside the paragraph’s second line goes with the first, not into mid-word',
    lines: [
      ...page,
      line(
        name('\\indices*', 660),
        prose('The two commands have starred forms, which collapse the spacing (i.e., re-', 660, R, 169),
      ),
      line(
        name('\\tensor*', 648),
        prose('turn to standard form). While the first is redundant, the second is not.', 648, 470),
      ),
    ],
    want: [
      ...texts(page),
      '\\indices*',
      '\\tensor*',
      'The two commands have starred forms, which collapse the spacing (i.e., re-',
      'turn to standard form). While the first is redundant, the second is not.',
    ],
  },
  {
    name: 'a label the stream draws after its paragraph: read before the line of its baseline',
    lines: [
      ...page,
      line(tt('\\StatsSortData \\dest = {data}', L, 660)),
      line(prose('This command expects each value of the source to be a floating point number', 645)),
      line(prose('and defines the destination to hold an equivalent source, sorted.', 633, 450)),
      line(name('\\StatsSortData', 660)),
    ],
    want: [
      ...texts(page),
      '\\StatsSortData',
      '\\StatsSortData \\dest = {data}',
      'This command expects each value of the source to be a floating point number',
      'and defines the destination to hold an equivalent source, sorted.',
    ],
  },
  {
    name: 'labels stacked beside a listing go with the paragraph over it',
    lines: [
      ...page,
      line(name('\\tnsr@Sps', 660), prose('The token registers that hold the upper and lower strings:', 660, 420)),
      line(name('\\tnsr@Sbs', 649), tt('14 \\newtoks\\tnsr@Sps', L, 649)),
      line(name('\\tnsr@Spe', 638), tt('15 \\newtoks\\tnsr@Sbs', L, 638)),
    ],
    want: [
      ...texts(page),
      '\\tnsr@Sps',
      '\\tnsr@Sbs',
      '\\tnsr@Spe',
      'The token registers that hold the upper and lower strings:',
      '14 \\newtoks\\tnsr@Sps',
      '15 \\newtoks\\tnsr@Sbs',
    ],
  },
]) {
  test(`marginLabelsBeforeParagraphs: ${c.name}`, () => {
    assert.deepEqual(texts(marginLabelsBeforeParagraphs(c.lines)), c.want);
  });
}

for (const c of [
  {
    name: 'a manual page’s tags at the page’s own margin, where its heading starts',
    lines: [
      line(item('OPTIONS', 100, 720, { width: 40 })),
      ...page,
      line(
        item('--login', 100, 660, { width: 35 }),
        prose('Make bash act as if it had been invoked as a login shell, see', 660),
      ),
      line(prose('the section on invocation below for what this means for it.', 648, 450)),
    ],
  },
  {
    name: 'a table’s first column: another line starts left of the block the rows show',
    lines: [
      line(prose('A table of the four font commands of maths mode, and what each gives:', 720, R, 90)),
      line(tt('\\mathrm', 100, 700), prose('Roman type', 700, 250)),
      line(tt('\\mathbf', 100, 688), prose('Bold type', 688, 240)),
      line(tt('\\mathsf', 100, 676), prose('Sans serif type', 676, 260)),
    ],
  },
  {
    name: 'a listing’s line numbers in the margin: no word',
    lines: [
      ...page,
      line(item('12', 130, 660, { width: 10 }), prose('a line of the text beside its line number here', 660)),
    ],
  },
  {
    name: 'left-aligned tags in separate places, not one stack: a hanging list',
    lines: [
      ...page,
      line(
        item('first', 100, 660, { width: 25 }),
        prose('An entry of a hanging list whose tags stand in the margin at', 660),
      ),
      line(prose('one x, each ending where its word does.', 648, 350)),
      line(prose('More text between the entries of the list, so they are apart.', 636, 470)),
      line(
        item('second', 100, 612, { width: 30 }),
        prose('Another entry of the list, its tag longer than the first tag.', 612),
      ),
    ],
  },
]) {
  test(`marginLabelsBeforeParagraphs: ${c.name}: the page as it was`, () => {
    assert.equal(marginLabelsBeforeParagraphs(c.lines), c.lines);
  });
}

test('labelLength: the items of a line that are a label in the left margin', () => {
  const block = { left: L, right: R, size: 10 };
  assert.equal(labelLength(line(name('\\indices', 660), prose('To produce a tensor', 660)), block), 1);
  assert.equal(labelLength(line(name('\\indices', 660)), block), 1);
  assert.equal(labelLength(line(prose('To produce a tensor', 660)), block), 0);
  // Ending too close to the block (inside \marginparsep), or set far across the margin.
  assert.equal(labelLength(line(name('\\indices', 660, 152), prose('To produce', 660)), block), 0);
  assert.equal(labelLength(line(name('\\indices', 660, 80), prose('To produce', 660)), block), 0);
  // A part's roman number hung in the margin beside its title is the title's (lualibs's `III`);
  // a word there is a label.
  assert.equal(labelLength(line(item('III', 120, 660, { width: 14 }), prose('lualibs-basic.lua', 660)), block), 0);
  assert.equal(labelLength(line(item('Iii', 120, 660, { width: 14 }), prose('lualibs-basic.lua', 660)), block), 1);
  // In script size (a formula's index), or no word.
  assert.equal(labelLength(line(item('ab', 130, 660, { size: 5 }), prose('To produce', 660)), block), 0);
  assert.equal(labelLength(line(item('(3)', 130, 660), prose('To produce', 660)), block), 0);
  // The rest of the line not prose inside the block: a row of a table.
  assert.equal(
    labelLength(line(name('\\indices', 660), prose('cell', 660, 180), prose('cell', 660, 300, 250)), block),
    0,
  );
});

test('textStart and labelBlock: where prose starts, a label run into its line aside', () => {
  assert.equal(textStart(line(prose('To produce a tensor', 660))), L);
  assert.equal(textStart(line(name('\\indices', 660), prose('To produce a tensor', 660))), L);
  assert.equal(textStart(line(tt('14 \\newtoks', L, 660))), undefined); // all typewriter
  const lines = [
    line(name('\\tnsr@Set', 700), prose('This takes one argument and starts', 700)),
    line(name('\\tnsr@Krn', 680), prose('This has one argument and inserts', 680)),
    line(name('\\tnsr@Pro', 660), prose('This is the processing macro, it takes', 660)),
    line(tt('\\tnsr@Sps', 100, 640)),
  ];
  assert.deepEqual(labelBlock(lines), { left: L, right: R, size: 10 });
  assert.equal(labelBlock(lines.slice(0, 2)), undefined);
  // A listing's lines running past the block's right edge, three ending at one x (luaindex's long
  // `\newcommand`s, numbered in a proportional face): the block's edge is its prose's.
  const long = (n: number, y: number) =>
    line(
      item(String(n), L, y, { width: 12 }),
      item('\\newcommand*\\subsubindex{x}%', L + 20, y, { mono: true, size: 9, width: 520 - L }),
    );
  const listing = [...lines, long(511, 600), long(512, 588), long(513, 576)];
  assert.deepEqual(labelBlock(listing), { left: L, right: R, size: 10 });
});

test('a PDF: a macro’s name in the left margin is a block of its own, before the paragraph it names', async () => {
  const runs: TextRun[] = [
    { text: 'The package defines three commands, each described below in a paragraph', x: 154, y: 720 },
    { text: 'of its own, with the name of the command it defines set in the margin', x: 154, y: 708 },
    { text: 'beside the paragraph, as the documentation classes of LaTeX set them.', x: 154, y: 696 },
    { text: '\\indices', x: 100.8, y: 670, size: 9, font: 'F3' },
    { text: 'To produce a tensor with mixed upper and lower indices, enter the', x: 154, y: 670 },
    { text: 'object followed by its indices; in maths mode this is all it takes.', x: 154, y: 658 },
  ];
  runs.forEach((r) => {
    r.font ??= 'F4';
  });
  const r = await extractPdf(makePdf({ pages: [{ runs }], creator: 'LaTeX with hyperref' }), {
    ocr: { ...DEFAULT_OCR, mode: 'off' },
  });
  assert.deepEqual(
    r.blocks.map((b) => b.text),
    [
      'The package defines three commands, each described below in a paragraph of its own, with the name of the command it defines set in the margin beside the paragraph, as the documentation classes of LaTeX set them.',
      '\\indices',
      'To produce a tensor with mixed upper and lower indices, enter the object followed by its indices; in maths mode this is all it takes.',
    ],
  );
});

test('labelLength: a name of symbols is a label where a worded label ends', () => {
  const block = { left: L, right: R, size: 10 };
  const l = line(name('\\\\*', 660), prose('The starred version prohibits a page break after the line.', 660));
  assert.equal(labelLength(l, block), 0);
  assert.equal(labelLength(l, block, [144]), 1);
  assert.equal(labelLength(l, block, [120]), 0);
  // Not in typewriter: a mark, not a name.
  assert.equal(labelLength(line(item('**', 134, 660), prose('The starred version', 660)), block, [144]), 0);
});

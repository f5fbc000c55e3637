// readTaggedPage (src/documents/formats/pdf/struct.ts): a tagged page's lines from its structure tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  hasTaggedContent,
  readTaggedPage,
  type StructNode,
  type TaggedItem,
} from '../../../../src/documents/formats/pdf/struct.ts';

const item = (str: string, x: number, y: number, mcid?: string, o: Partial<TaggedItem> = {}): TaggedItem => ({
  str,
  x,
  y,
  width: str.length * 5,
  size: 10,
  font: 'f1',
  mono: false,
  ...(mcid === undefined ? {} : { mcid }),
  ...o,
});
const content = (n: number): StructNode => ({ type: 'content', id: `p9R_mc${n}` });
const el = (role: string, ...children: StructNode[]): StructNode => ({ role, children });
const root = (...children: StructNode[]) => el('Root', el('Document', ...children));
const mc = (n: number) => `p9R_mc${n}`;

type Row = [string, string | undefined, number | undefined];
const read = (tree: StructNode, items: TaggedItem[]): Row[] =>
  readTaggedPage(tree, items).map((l) => [l.text, l.tag?.kind, l.tag?.block]);

test('readTaggedPage', async (t) => {
  const cases: [string, StructNode, TaggedItem[], Row[]][] = [
    [
      'a heading, then a paragraph over two lines: the tree decides what each is',
      root(el('H2', content(0)), el('P', content(1), content(2))),
      [
        item('Table Width', 50, 800, mc(0)),
        item('A table width is', 50, 780, mc(1)),
        item('explicit.', 50, 766, mc(2)),
      ],
      [
        ['Table Width', 'heading', 0],
        ['A table width is', 'paragraph', 1],
        ['explicit.', 'paragraph', 1],
      ],
    ],
    [
      'the tree order is the reading order, whatever the positions',
      root(el('P', content(1)), el('P', content(0))),
      [item('Second on the page', 50, 700, mc(0)), item('First in the tree', 50, 500, mc(1))],
      [
        ['First in the tree', 'paragraph', 0],
        ['Second on the page', 'paragraph', 1],
      ],
    ],
    [
      'a table row is one line, cells in order, an empty cell left out of the text',
      root(
        el(
          'Table',
          el('TR', el('TH', el('P', content(0))), el('TH', el('P', content(1)))),
          el('TR', el('TD', el('P', content(2), content(3))), el('TD'), el('TD', el('P', content(4)))),
        ),
      ),
      [
        item('Column 1', 50, 700, mc(0)),
        item('Column 2', 200, 700, mc(1)),
        item('cell on', 50, 680, mc(2)),
        item('2 lines', 50, 668, mc(3)),
        item('last', 300, 680, mc(4)),
      ],
      [
        ['Column 1 | Column 2', 'row', 0],
        ['cell on 2 lines | last', 'row', 1],
      ],
    ],
    [
      'a list item with its label is one item; a nested list is read after it',
      root(
        el(
          'L',
          el('LI', el('Lbl', content(0)), el('LBody', el('P', content(1)), el('L', el('LI', el('LBody', content(2)))))),
          el('LI', el('LBody', el('P', content(3)))),
        ),
      ),
      [
        item('1.', 50, 700, mc(0)),
        item('First item', 70, 700, mc(1)),
        item('Nested item', 90, 688, mc(2)),
        item('Second item', 70, 676, mc(3)),
      ],
      [
        ['1. First item', 'item', 0],
        ['Nested item', 'item', 1],
        ['Second item', 'item', 2],
      ],
    ],
    [
      'inline elements (Code, Span, Link) stay in their paragraph',
      root(el('P', content(0), el('Code', content(1)), el('Link', content(2)))),
      [item('Use', 50, 700, mc(0)), item('make', 72, 700, mc(1), { mono: true }), item('here.', 100, 700, mc(2))],
      [['Use make here.', 'paragraph', 0]],
    ],
    [
      'artifacts (running heads, page numbers) are not read; untagged text is kept after the tagged',
      root(el('P', content(0))),
      [
        item('Chapter 4 running head', 50, 820, undefined, { artifact: true }),
        item('Body text.', 50, 700, mc(0)),
        item('Stray text', 50, 600),
        item('12', 300, 40, undefined, { artifact: true }),
      ],
      [
        ['Body text.', 'paragraph', 0],
        ['Stray text', undefined, undefined],
      ],
    ],
    [
      'content of other pages in the tree is skipped',
      root(el('P', { type: 'content', id: 'p7R_mc40' }, content(0))),
      [item('runs on here.', 50, 800, mc(0))],
      [['runs on here.', 'paragraph', 0]],
    ],
  ];
  for (const [name, tree, items, want] of cases) await t.test(name, () => assert.deepEqual(read(tree, items), want));
});

test('readTaggedPage: an element begun on an earlier page is marked as running on', () => {
  const lines = readTaggedPage(root(el('P', { type: 'content', id: 'p7R_mc40' }, content(0)), el('P', content(1))), [
    item('runs on here.', 50, 800, mc(0)),
    item('A new paragraph.', 50, 780, mc(1)),
  ]);
  assert.deepEqual(
    lines.map((l) => l.tag?.continued ?? false),
    [true, false],
  );
});

test('readTaggedPage: a heading over two lines is one line', () => {
  const lines = readTaggedPage(root(el('H1', content(0), content(1))), [
    item('A long title over', 50, 800, mc(0), { size: 16 }),
    item('two lines', 50, 780, mc(1), { size: 16 }),
  ]);
  assert.deepEqual(
    lines.map((l) => [l.text, l.tag?.kind, l.tag?.level, l.size]),
    [['A long title over two lines', 'heading', 1, 16]],
  );
});

test('readTaggedPage: a row counts its cells that are links saying where they go (navigation cells)', () => {
  const link = (n: number) => el('Link', content(n), { type: 'annotation', id: 'a1' });
  const lines = readTaggedPage(
    root(
      el('Table', el('TR', el('TD', el('P', link(0))), el('TH', el('P', content(1))), el('TD', el('P', link(2))))),
      el('Table', el('TR', el('TD', el('P', content(3))), el('TD', el('P', content(4))))),
    ),
    [
      item('Prev', 50, 800, mc(0)),
      item('Chapter 3. Using dblatex', 150, 800, mc(1)),
      item('Next', 400, 800, mc(2)),
      item('Next', 50, 700, mc(3)),
      item('the next page', 150, 700, mc(4)),
    ],
  );
  assert.deepEqual(
    lines.map((l) => [l.text, l.tag?.navCells]),
    [
      ['Prev | Chapter 3. Using dblatex | Next', 2],
      ['Next | the next page', undefined],
    ],
  );
});

test('hasTaggedContent', async (t) => {
  const cases: [string, StructNode | null, boolean][] = [
    ['no tree (an untagged document)', null, false],
    ['an empty tree (a page with nothing tagged)', el('Root'), false],
    ['a tree with content', root(el('P', content(0))), true],
    [
      "a tree that wraps every run in NonStruct (a browser's print): read by layout",
      root(el('H1', el('NonStruct', content(0))), el('NonStruct', content(1)), el('NonStruct', content(2))),
      false,
    ],
    ['content in paragraphs under sections', root(el('Sect', el('P', content(0)), el('Div', content(1)))), true],
  ];
  for (const [name, tree, want] of cases) await t.test(name, () => assert.equal(hasTaggedContent(tree), want));
});

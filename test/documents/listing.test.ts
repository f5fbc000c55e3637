import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dropListings,
  isNavigationCell,
  isNavigationLine,
  isNavigationList,
  isNavigationTable,
  type LinkedBlock,
} from '../../src/documents/listing.ts';

// isNavigationLine: only links and navigation words.
const navigationCases: [string, string, number, boolean][] = [
  ['Texinfo bar', 'Next: ,  Previous: ,  Up:    [][]', 4, true],
  ['two bare links', '  ', 2, true],
  ['one link alone is text', '', 1, false],
  ['a sentence with a link', 'See  for details.', 1, false],
  ['no links', 'Next: chapter two', 0, false],
  ['pipes between links', ' | Home | ', 3, true],
];
for (const [name, outside, links, want] of navigationCases) {
  test(`isNavigationLine: ${name}`, () => assert.equal(isNavigationLine(outside, links), want, name));
}

// A lone link that only says where it goes (the whole block's text given).
const backLinkCases: [string, string, boolean][] = [
  ['top', 'top', true],
  ['Back to top', 'Back to top', true],
  ['[Up]', '[Up]', true],
  ['an arrow', '↑ Top', true],
  ['a link to a section is text', 'Restart policies', false],
  ['a one-link paragraph naming a tool', 'Docker Hub', false],
];
for (const [name, text, want] of backLinkCases) {
  test(`isNavigationLine, one link: ${name}`, () => assert.equal(isNavigationLine('', 1, text), want, name));
}

const b = (text: string, group: number | undefined, inPage: number, links: number): LinkedBlock => ({
  kind: group === undefined ? 'paragraph' : 'item',
  text,
  group,
  inPageLinkChars: inPage,
  linkChars: inPage,
  links,
});

test('dropListings: a group whose entries are in-page links goes whole; others stay', () => {
  const blocks = [
    b('1 Scope', 1, 7, 1),
    b('1.1 Terms', 1, 9, 1),
    b('2 Rules', 1, 7, 1),
    b('Body text.', undefined, 0, 0),
    b('milk', 2, 0, 0),
    b('bread and butter', 2, 0, 0),
    b('see Scope for details', 3, 5, 1),
    b('see Rules for more details', 3, 5, 1),
    b('A', 4, 0, 0), // a letter row goes with its index
    b('apple: | 1 Scope', 4, 12, 2),
    b('axe: | 2 Rules', 4, 10, 2),
  ];
  assert.deepEqual(
    dropListings(blocks).map((x) => x.text),
    ['Body text.', 'milk', 'bread and butter', 'see Scope for details', 'see Rules for more details'],
  );
});

// isNavigationCell: a linked cell whose text is only where it goes.
const navCellCases: [string, string, number, boolean][] = [
  ['Prev', 'Prev', 1, true],
  ['Next with a blank', ' Next', 1, true],
  ['Up in brackets', '[Up]', 1, true],
  ['Home', 'Home', 1, true],
  ['Previous:', 'Previous:', 1, true],
  ['an arrow', '»', 1, true],
  ['Next without a link is a word', 'Next', 0, false],
  ['a linked title is no navigation word', 'Figure Inclusion', 1, false],
  ['a sentence', 'Go to the next page', 1, false],
];
for (const [name, text, links, want] of navCellCases) {
  test(`isNavigationCell: ${name}`, () => assert.equal(isNavigationCell(text, links), want));
}

const row = (cells: string[], navCells: number, group = 7): LinkedBlock => ({
  kind: 'row',
  text: cells.join(' | '),
  cells: cells.map((text) => ({ text })),
  group,
  inPageLinkChars: 0,
  linkChars: 0,
  links: navCells,
  navCells,
});

// isNavigationTable: at most three rows, two navigation cells or more, titles only.
const navTableCases: [string, LinkedBlock[], boolean][] = [
  [
    'DocBook navheader',
    [row(['Creating Tables', '', ''], 0), row(['Prev', 'Chapter 3. Using dblatex', 'Next'], 2)],
    true,
  ],
  [
    'DocBook navfooter',
    [row(['Prev', 'Up', 'Next'], 3), row(['Figure Inclusion', 'Home', 'Correcting Poor Formatting'], 1)],
    true,
  ],
  ['one navigation cell is not enough', [row(['Next', 'Chapter 4'], 1)], false],
  ['a data table without links', [row(['Prev', 'previous value'], 0), row(['Next', 'next value'], 0)], false],
  [
    'more than three rows is a table of its own',
    [row(['Prev', 'x'], 1), row(['Next', 'y'], 1), row(['Up', 'z'], 1), row(['Home', 'w'], 1)],
    false,
  ],
  ['a cell longer than a title', [row(['Prev', 'Next', 'x'.repeat(200)], 2)], false],
];
for (const [name, rows, want] of navTableCases) {
  test(`isNavigationTable: ${name}`, () => assert.equal(isNavigationTable(rows), want));
}

test('dropListings: a navigation table goes whole; a data table and a list beside it stay', () => {
  const blocks: LinkedBlock[] = [
    row(['Creating Tables', '', ''], 0, 1),
    row(['Prev', 'Chapter 3. Using dblatex', 'Next'], 2, 1),
    b('Body text.', undefined, 0, 0),
    row(['Key', 'Action'], 0, 2),
    row(['n', 'Next'], 0, 2),
    b('Prev', 3, 0, 1),
    b('Next', 3, 0, 1),
  ];
  blocks[5]!.navCells = 1;
  blocks[6]!.navCells = 1;
  assert.deepEqual(
    dropListings(blocks).map((x) => x.text),
    ['Body text.', 'Key | Action', 'n | Next', 'Prev', 'Next'],
  );
});

const item = (text: string, linkChars: number, links = 1): LinkedBlock => ({
  kind: 'item',
  text,
  group: 9,
  inPageLinkChars: 0,
  linkChars,
  links,
});

// isNavigationList: every item wholly link text, two navigation links or more.
const navListCases: [string, LinkedBlock[], boolean][] = [
  ["Sphinx's related bar", [item('index', 5), item('next |', 4), item('previous |', 8), item('CMake »', 5)], true],
  ['a site menu', [item('Home', 4), item('Tutorial', 8), item('Index', 5)], true],
  ['links to pages, no navigation word', [item('Options', 7), item('Extensibility', 13)], false],
  ['one navigation link', [item('Next', 4), item('Tutorial', 8)], false],
  ['items with words outside their links', [item('next chapter: Usage', 5), item('previous one: Scope', 5)], false],
  ['an item without a link', [item('index', 5), item('next', 4), item('See the manual', 0, 0)], false],
  ['one item', [item('Next', 4)], false],
];
for (const [name, items, want] of navListCases) {
  test(`isNavigationList: ${name}`, () => assert.equal(isNavigationList(items), want));
}

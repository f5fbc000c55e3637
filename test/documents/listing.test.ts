import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  contentsTitlesOver,
  dropListings,
  emptiedHeadings,
  followsLabel,
  isLabelledLinkList,
  isLabelText,
  isLetterBar,
  isMarkedContentsEntry,
  isNavigationCell,
  isNavigationLine,
  isNavigationList,
  isLinkList,
  menusBeforeTitle,
  isNavigationMenuText,
  isNavigationBarText,
  isNavigationTable,
  isMenuRow,
  isMenuTable,
  onlyListings,
  withoutNavigationBars,
  withoutNavigationMenus,
  type LinkedBlock,
} from '../../src/documents/listing.ts';
import type { DocumentBlock } from '../../src/documents/blocks.ts';

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

// isLabelledLinkList: links to other pages after a label are its value, not a navigation bar.
const labelledCases: [
  name: string,
  afterLabel: boolean,
  outside: string,
  links: number,
  inPage: number,
  want: boolean,
][] = [
  ["Javadoc's implementing classes after their term", true, ', ', 2, 0, true],
  ['one link after its term', true, '', 1, 0, true],
  ['"See also" links after the label, separated by semicolons', true, ' ;  ; ', 3, 0, true],
  ['the same links with no label before them: no value', false, ', ', 2, 0, false],
  ['in-page links after a label ("Contents:"): a mini-TOC, not exempt', true, ', ', 2, 2, false],
  ['one in-page link among them', true, ', ', 3, 1, false],
  ['navigation words outside the links', true, 'Next: Up:', 2, 0, false],
  ['words outside the links', true, ' and ', 2, 0, false],
  ['no links', true, 'text', 0, 0, false],
];
for (const [name, afterLabel, outside, links, inPage, want] of labelledCases) {
  test(`isLabelledLinkList: ${name}`, () =>
    assert.equal(isLabelledLinkList(afterLabel, outside, links, inPage), want, name));
  // Every exempt case of two links or more would be a navigation line without its label.
  if (want && links >= 2)
    test(`isLabelledLinkList: ${name} is a navigation line alone`, () =>
      assert.equal(isNavigationLine(outside, links, 'x'), true));
}

const labelTextCases: [string, boolean][] = [
  ['See also:', true],
  ['  Implemented by:  ', true],
  ['See also', false],
  [':', false],
  ['The options below change how the program reads its input files and writes:', false],
  ['Note: read this.', false],
];
for (const [text, want] of labelTextCases)
  test(`isLabelText: ${JSON.stringify(text)}`, () => assert.equal(isLabelText(text), want, text));

const followsCases: [name: string, prev: Pick<LinkedBlock, 'kind' | 'text'> | undefined, want: boolean][] = [
  ['a label paragraph', { kind: 'paragraph', text: 'See also:' }, true],
  ['a term read as an item', { kind: 'item', text: '- All Known Subinterfaces:' }, true],
  ['a heading ending in a colon', { kind: 'heading', text: 'Navigation:' }, false],
  ['a sentence', { kind: 'paragraph', text: 'Some text.' }, false],
  ['nothing before', undefined, false],
];
for (const [name, prev, want] of followsCases)
  test(`followsLabel: ${name}`, () => assert.equal(followsLabel(prev), want, name));

// A lone link that only says where it goes (the whole block's text given).
const backLinkCases: [string, string, boolean][] = [
  ['top', 'top', true],
  ['Back to top', 'Back to top', true],
  ['[Up]', '[Up]', true],
  ['an arrow', '↑ Top', true],
  ["the Lynx guide's back link", '[ToC]', true],
  ['back to the contents', 'Back to contents', true],
  ['the contents', 'Table of Contents', true],
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

// isMenuRow / isMenuTable: a menu box of a page laid out in tables (libxml2's "Main Menu").
const menuRow = (text: string, linkChars: number, links: number): LinkedBlock => ({
  kind: 'row',
  text,
  inPageLinkChars: 0,
  linkChars,
  links,
});
const mainMenu = menuRow('Home Introduction FAQ Downloads Releases', 37, 5);
const menuRowCases: [string, LinkedBlock, boolean][] = [
  ['five links and nothing else', mainMenu, true],
  ['links set apart by bars', menuRow('Home | Introduction | FAQ | Downloads | Releases', 37, 5), true],
  ['four links are a row of data', menuRow('Home Introduction FAQ Downloads', 29, 4), false],
  ['words outside the links', menuRow('Home Introduction FAQ Downloads Releases, see the news', 37, 5), false],
  ['a paragraph', { ...mainMenu, kind: 'paragraph' }, false],
];
for (const [name, b, want] of menuRowCases) test(`isMenuRow: ${name}`, () => assert.equal(isMenuRow(b), want));
const menuTableCases: [string, LinkedBlock[], boolean][] = [
  ['a title over a menu', [menuRow('Main Menu', 0, 0), mainMenu], true],
  ['a menu alone', [mainMenu], true],
  ['titles alone are no menu', [menuRow('Main Menu', 0, 0)], false],
  ['a row of data beside it', [mainMenu, menuRow('xmlParseFile | parses a file.', 0, 0)], false],
  ['a sentence over it', [menuRow('See the pages below.', 0, 0), mainMenu], false],
];
for (const [name, rows, want] of menuTableCases)
  test(`isMenuTable: ${name}`, () => assert.equal(isMenuTable(rows), want));

const onlyListingsCases: [name: string, texts: string[], gone: number[], want: boolean][] = [
  ['a title over its contents list, both gone', ['Sample', 'Introduction', 'Usage'], [0, 1, 2], true],
  ['the list gone, the title kept', ['Sample', 'Introduction', 'Usage'], [1, 2], false],
  ['text after the listing stays', ['Sample', 'Introduction', 'Body text.'], [0, 1], false],
  ['blocks without letters or digits do not count', ['Sample', '---', 'Usage'], [0, 2], true],
  ['nothing with text at all: not a listing', ['', ' '], [0, 1], false],
  ['no blocks', [], [], false],
];
for (const [name, texts, gone, want] of onlyListingsCases)
  test(`onlyListings: ${name}`, () =>
    assert.equal(
      onlyListings(
        texts.map((text) => ({ text })),
        (_b, i) => gone.includes(i),
      ),
      want,
      name,
    ));

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

// isNavigationList: every item wholly link text (an unlinked one of two characters at most), two navigation links or more.
const navListCases: [string, LinkedBlock[], boolean][] = [
  ["Sphinx's related bar", [item('index', 5), item('next |', 4), item('previous |', 8), item('CMake »', 5)], true],
  ['a site menu', [item('Home', 4), item('Tutorial', 8), item('Index', 5)], true],
  ['links to pages, no navigation word', [item('Options', 7), item('Extensibility', 13)], false],
  ['one navigation link', [item('Next', 4), item('Tutorial', 8)], false],
  ['items with words outside their links', [item('next chapter: Usage', 5), item('previous one: Scope', 5)], false],
  ['an item without a link', [item('index', 5), item('next', 4), item('See the manual', 0, 0)], false],
  ['one item', [item('Next', 4)], false],
  [
    "a breadcrumb item whose link an office suite dropped ('en »')",
    [item('index', 5), item('next |', 4), item('previous |', 8), item('en »', 0, 0), item('Manual »', 6)],
    true,
  ],
  ['an unlinked item of three letters or more is text', [item('index', 5), item('next', 4), item('API', 0, 0)], false],
];
for (const [name, items, want] of navListCases) {
  test(`isNavigationList: ${name}`, () => assert.equal(isNavigationList(items), want));
}

// A heading whose section is only a navigation menu titles the menu: it leaves with it.
const hd = (text: string, level?: number): LinkedBlock => ({
  kind: 'heading',
  text,
  ...(level === undefined ? {} : { level }),
  inPageLinkChars: 0,
  linkChars: 0,
  links: 0,
});
const relbar = () => [item('index', 5), item('next |', 4), item('previous |', 8), item('CMake »', 5)];
const menuTitleCases: [string, LinkedBlock[], string[]][] = [
  [
    "Sphinx's relbar heading over its menu, the page's title after: both go",
    [hd('Navigation', 3), ...relbar(), hd('cmake-buildsystem(7)', 1), b('Text.', undefined, 0, 0)],
    ['cmake-buildsystem(7)', 'Text.'],
  ],
  [
    'a menu heading at the end of the document goes',
    [b('Text.', undefined, 0, 0), hd('Navigation', 3), ...relbar()],
    ['Text.'],
  ],
  [
    'a heading over the menu and its own subsections stays',
    [hd('Guide', 1), ...relbar(), hd('Install', 2), b('Text.', undefined, 0, 0)],
    ['Guide', 'Install', 'Text.'],
  ],
  [
    'a heading over the menu and text stays',
    [hd('Navigation', 3), ...relbar(), b('Text.', undefined, 0, 0), hd('Next part', 3)],
    ['Navigation', 'Text.', 'Next part'],
  ],
  [
    'a heading over a list of other links stays',
    [hd('Tools', 2), item('Options', 7), item('Extensibility', 13), hd('Usage', 2)],
    ['Tools', 'Options', 'Extensibility', 'Usage'],
  ],
  [
    'a document that is only its title over a menu is read whole (onlyListings: a Sphinx master page)',
    [hd('Sample', 1), ...relbar()],
    ['Sample', 'index', 'next |', 'previous |', 'CMake »'],
  ],
  [
    'a document that is only a contents list is read whole',
    [b('1 Scope', 1, 7, 1), b('2 Rules', 1, 7, 1)],
    ['1 Scope', '2 Rules'],
  ],
  [
    'a heading over a contents list (not a menu) stays: it may be the document title',
    [hd('The Manual', 1), b('1 Scope', 1, 7, 1), b('2 Rules', 1, 7, 1), hd('1 Scope', 1)],
    ['The Manual', '1 Scope'],
  ],
  [
    'levels unknown: a heading before another heading is not judged',
    [hd('Navigation'), ...relbar(), hd('Title'), b('Text.', undefined, 0, 0)],
    ['Navigation', 'Title', 'Text.'],
  ],
];
for (const [name, blocks, want] of menuTitleCases) {
  test(`dropListings, menu titles: ${name}`, () =>
    assert.deepEqual(
      dropListings(blocks).map((x) => x.text),
      want,
    ));
}

// isNavigationMenuText: a menu read without its links (a PDF of a web page).
const menuTextCases: [string, string, boolean][] = [
  [
    "Sphinx's relbar, untagged",
    '• index • next | • previous |\n•\n• CMake » • 3.25.1 Documentation » • cmake-buildsystem(7)',
    true,
  ],
  ["Sphinx's relbar, tagged items", '• index\n• next |\n• previous |\n- •\n• CMake »', true],
  ['a bar of navigation words', 'Prev | Up | Next', true],
  ['a breadcrumb without navigation words', 'Docs » Using Ghostscript » Output', false],
  ['a bulleted list naming index and next (no bar)', '• index\n• next', false],
  ['a sentence between the words', 'next | read the whole chapter on how to set up the index files first', false],
  ['a table row of values', 'n | Next', false],
];
for (const [name, text, want] of menuTextCases) {
  test(`isNavigationMenuText: ${name}`, () => assert.equal(isNavigationMenuText(text), want));
}

const hb = (text: string, level?: number): DocumentBlock => ({ kind: 'heading', text, ...(level ? { level } : {}) });
const pb = (text: string): DocumentBlock => ({ kind: 'paragraph', text });
const menuCases: [string, DocumentBlock[], string[]][] = [
  [
    "an untagged PDF's relbar under its heading, the page title after: both go",
    [
      hb('Navigation'),
      pb('• index • next | • previous |'),
      pb('• CMake » • cmake-buildsystem(7)'),
      hb('cmake-buildsystem(7)'),
      pb('Text.'),
    ],
    ['cmake-buildsystem(7)', 'Text.'],
  ],
  [
    'tagged: the next heading of a higher rank',
    [hb('Navigation', 3), pb('• index • next | • previous |'), hb('Title', 1)],
    ['Title'],
  ],
  [
    'tagged: the next heading is a subsection of it',
    [hb('Guide', 1), pb('• index • next | • previous |'), hb('Install', 2)],
    ['Guide', '• index • next | • previous |', 'Install'],
  ],
  [
    'a menu followed by text in the same section stays',
    [hb('Navigation'), pb('• index • next | • previous |'), pb('© Copyright 2022.')],
    ['Navigation', '• index • next | • previous |', '© Copyright 2022.'],
  ],
  [
    'a section of text stays',
    [hb('Usage'), pb('Run it | then stop.'), hb('Next')],
    ['Usage', 'Run it | then stop.', 'Next'],
  ],
  ['a heading alone stays', [hb('Usage'), hb('Next')], ['Usage', 'Next']],
];
for (const [name, blocks, want] of menuCases) {
  test(`withoutNavigationMenus: ${name}`, () =>
    assert.deepEqual(
      withoutNavigationMenus(blocks).map((x) => x.text),
      want,
    ));
}

// A converted page's sidebar: short sections over a listing, a lone link, or nothing.
const link = (text: string): LinkedBlock => ({
  kind: 'paragraph',
  text,
  inPageLinkChars: 0,
  linkChars: text.length,
  links: 1,
});
const text = (t: string): LinkedBlock => b(t, undefined, 0, 0);
const toc = (): LinkedBlock[] => [b('Introduction', 7, 12, 1), b('Binary Targets', 7, 14, 1)];
const sidebarCases: [string, LinkedBlock[], string[]][] = [
  [
    "Sphinx's sidebar after the body: gone, the footer stays",
    [
      hd('Interface Libraries', 2),
      text('Body text.'),
      hd('Table of Contents', 3),
      ...toc(),
      hd('Previous topic', 4),
      link('ccmake(1)'),
      hd('Next topic', 4),
      link('cmake-commands(7)'),
      hd('This Page', 3),
      link('Show Source'),
      hd('Quick search', 3),
      hd('Navigation', 3),
      ...relbar(),
      text('© Copyright 2000-2022 Kitware, Inc.'),
    ],
    ['Interface Libraries', 'Body text.', 'Navigation', '© Copyright 2000-2022 Kitware, Inc.'],
  ],
  [
    'sections of links without a listing among them stay (See also, External links)',
    [
      hd('See also', 2),
      link('ccmake(1)'),
      hd('References', 2),
      link('RFC 1234'),
      hd('External links', 2),
      link('CMake site'),
    ],
    ['See also', 'ccmake(1)', 'References', 'RFC 1234', 'External links', 'CMake site'],
  ],
  [
    'two short sections are no sidebar',
    [hd('Contents', 2), ...toc(), hd('Next topic', 4), link('cmake-commands(7)'), hd('Usage', 2), text('Text.')],
    ['Contents', 'Next topic', 'cmake-commands(7)', 'Usage', 'Text.'],
  ],
  [
    'a section of text breaks the run; a heading over its subsections is no empty section',
    [
      hd('Contents', 2),
      ...toc(),
      hd('Next topic', 4),
      link('cmake-commands(7)'),
      hd('Usage', 2),
      text('Text.'),
      hd('Part', 1),
      hd('Links', 2),
      link('a'),
    ],
    ['Contents', 'Next topic', 'cmake-commands(7)', 'Usage', 'Text.', 'Part', 'Links', 'a'],
  ],
];
for (const [name, blocks, want] of sidebarCases) {
  test(`dropListings, sidebar: ${name}`, () =>
    assert.deepEqual(
      dropListings(blocks).map((x) => x.text),
      want,
    ));
}

// A converted web page's navigation bars in a PDF without links or tags.
const barCases: [string, string, boolean][] = [
  ["DocBook's navheader", 'Prev Chapter 3. Using dblatex Next', true],
  ["DocBook's navfooter", 'Prev Up Next Figure Inclusion Home Correcting Poor Formatting', true],
  ["Sphinx's footer buttons", 'Previous Next', true],
  ['the bare pair', 'Prev Next', true],
  ['a sentence in lower case', 'Previous versions are listed next', false],
  ['a sentence ending with a full stop', 'Previous versions are listed under Next.', false],
  ['a paragraph too long for a title', `Prev ${'word '.repeat(40)}Next`, false],
  ['a heading named Next', 'Next', false],
  ['"Home" after no Prev/Next', 'Up Next Home Title', false],
];
for (const [name, text, want] of barCases)
  test(`isNavigationBarText: ${name}`, () => assert.equal(isNavigationBarText(text), want));

const barBlockCases: [string, DocumentBlock[], string[]][] = [
  [
    "a DocBook page's header bar under its title row, its footer bar: all go",
    [
      hb('Creating Tables'),
      pb('Prev Chapter 3. Using dblatex Next'),
      hb('Creating Tables'),
      pb('Text one.'),
      pb('Text two.'),
      pb('Text three.'),
      pb('Text four.'),
      pb('Prev Up Next Figure Inclusion Home Correcting Poor Formatting'),
    ],
    ['Creating Tables', 'Text one.', 'Text two.', 'Text three.', 'Text four.'],
  ],
  [
    "Sphinx's footer buttons before the copyright line",
    [hb('Use'), pb('Text one.'), pb('Text two.'), pb('Text three.'), pb('Previous Next'), pb('© Copyright 2026.')],
    ['Use', 'Text one.', 'Text two.', 'Text three.', '© Copyright 2026.'],
  ],
  [
    'a bar in the middle of a long document stays',
    [hb('A'), pb('1.'), pb('2.'), pb('Prev Next'), pb('3.'), pb('4.'), pb('5.')],
    ['A', '1.', '2.', 'Prev Next', '3.', '4.', '5.'],
  ],
  ['a heading, not a paragraph, stays', [hb('Prev Next'), pb('Text.')], ['Prev Next', 'Text.']],
];
for (const [name, blocks, want] of barBlockCases)
  test(`withoutNavigationBars: ${name}`, () =>
    assert.deepEqual(
      withoutNavigationBars(blocks).map((x) => x.text),
      want,
    ));

// isLetterBar: an index's row of one-letter in-page links, whatever their number.
const letterBarCases: [string, Pick<LinkedBlock, 'text' | 'inPageLinkChars' | 'links'>, boolean][] = [
  ['makeinfo "Jump to" of four letters', { text: 'Jump to: | A C F V', inPageLinkChars: 4, links: 4 }, true],
  ['two letters', { text: 'A B', inPageLinkChars: 2, links: 2 }, true],
  ['one letter link is no bar', { text: 'A', inPageLinkChars: 1, links: 1 }, false],
  ['word links are no letter bar', { text: 'Alpha | Beta', inPageLinkChars: 9, links: 2 }, false],
  ['letters to other pages are no bar', { text: 'A B C', inPageLinkChars: 0, links: 3 }, false],
  [
    'a sentence with two footnote marks',
    { text: 'The value is computed twice 1 and stored 2 for later use.', inPageLinkChars: 2, links: 2 },
    false,
  ],
];
for (const [name, b, want] of letterBarCases) {
  test(`isLetterBar: ${name}`, () => assert.equal(isLetterBar(b), want, name));
}

test('dropListings: a short index letter bar (a table of one row) goes, the next table stays', () => {
  const blocks: LinkedBlock[] = [
    { kind: 'heading', level: 2, text: 'Index', inPageLinkChars: 0, linkChars: 0, links: 0 },
    { kind: 'row', group: 1, text: 'Jump to: | A C F V', inPageLinkChars: 4, linkChars: 4, links: 4 },
    { kind: 'row', group: 2, text: 'Name | Value', inPageLinkChars: 0, linkChars: 0, links: 0 },
    { kind: 'row', group: 2, text: 'A | 1', inPageLinkChars: 0, linkChars: 0, links: 0 },
  ];
  assert.deepEqual(
    dropListings(blocks).map((b) => b.text),
    ['Index', 'Name | Value', 'A | 1'],
  );
});

// isMarkedContentsEntry: a link entry read inside a generator's contents container.
const markedCases: [string, Pick<LinkedBlock, 'text' | 'inPageLinkChars' | 'inContents'>, boolean][] = [
  [
    "DocBook's question list row",
    { text: '1.1. How do you say it? 1.2. Where from?', inPageLinkChars: 29, inContents: true },
    true,
  ],
  ['the same row outside a contents container', { text: '1.1. How do you say it?', inPageLinkChars: 19 }, false],
  ["the container's title", { text: 'Table of Contents', inPageLinkChars: 0, inContents: true }, false],
  [
    'a sentence with a link inside the container',
    { text: 'See the section on options for the whole list of them.', inPageLinkChars: 7, inContents: true },
    false,
  ],
];
for (const [name, b, want] of markedCases) {
  test(`isMarkedContentsEntry: ${name}`, () => assert.equal(isMarkedContentsEntry(b), want, name));
}

test('emptiedHeadings: a heading over nothing but blocks left out, then a heading as high or the end', async (t) => {
  const H = (level?: number): Pick<DocumentBlock, 'kind' | 'level'> => ({ kind: 'heading', level });
  const P: Pick<DocumentBlock, 'kind' | 'level'> = { kind: 'paragraph' };
  const I: Pick<DocumentBlock, 'kind' | 'level'> = { kind: 'item' };
  // [name, blocks, indexes left out, headings emptied]
  // [name, blocks, indexes left out, headings emptied, indexes of a navigation menu]
  const cases: [string, Pick<DocumentBlock, 'kind' | 'level'>[], number[], number[], number[]?][] = [
    ['"Table of Contents" over its list, then a heading of the same rank', [H(1), P, H(2), I, I, H(2), P], [3, 4], [2]],
    ['then a heading of a higher rank', [H(1), P, H(2), I, I, H(1), P], [3, 4], [2]],
    ['at the end of the document', [H(1), P, H(2), I, I], [3, 4], [2]],
    ['a chapter over its own contents list and its sections stays', [P, H(1), I, I, H(2), P], [2, 3], []],
    ['a heading over a list and a paragraph kept stays', [H(1), H(2), I, P, H(2)], [2], []],
    ['a heading over a paragraph before the list stays', [H(1), H(2), P, I, H(2)], [3], []],
    ['a heading whose next block stays is not emptied', [H(1), H(2), H(2), P], [], []],
    ['unknown ranks: the heading stays', [P, H(), I, H(), P], [2], []],
    ['a lone empty heading over nothing left out stays', [H(1), H(2), H(3), P], [], []],
    ["the document's title over its contents stays (no heading ranks above it)", [H(1), I, I, H(1), P], [1, 2], []],
    ['also as the only heading', [P, H(2), I, I], [2, 3], []],
    ['but not over a navigation menu', [P, H(3), I, I], [2, 3], [1], [2, 3]],
    ['a first heading below the top rank goes', [H(3), I, I, H(1), P], [1, 2], [0]],
    ['a later heading of the top rank goes', [P, H(1), P, H(1), I, H(1), P], [4], [3]],
  ];
  for (const [name, blocks, out, want, menu = []] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        [
          ...emptiedHeadings(
            blocks,
            (k) => out.includes(k),
            (k) => menu.includes(k),
          ),
        ].sort(),
        want,
      ),
    );
});

test('dropListings: the heading over a contents list of in-page links goes with it', () => {
  const blocks: LinkedBlock[] = [
    { kind: 'heading', level: 1, text: 'The Parser', inPageLinkChars: 0, linkChars: 0, links: 0 },
    { kind: 'paragraph', text: 'About this document.', inPageLinkChars: 0, linkChars: 0, links: 0 },
    { kind: 'heading', level: 2, text: 'Table of Contents', inPageLinkChars: 0, linkChars: 0, links: 0 },
    b('Overview', 1, 8, 1),
    b('Building', 1, 8, 1),
    b('Using', 1, 5, 1),
    { kind: 'heading', level: 2, text: 'Overview', inPageLinkChars: 0, linkChars: 0, links: 0 },
    { kind: 'paragraph', text: 'Expat is a parser.', inPageLinkChars: 0, linkChars: 0, links: 0 },
  ];
  assert.deepEqual(
    dropListings(blocks).map((x) => x.text),
    ['The Parser', 'About this document.', 'Overview', 'Expat is a parser.'],
  );
});

// isLinkList: every item one link and nothing else.
const linkListCases: [string, LinkedBlock[], boolean][] = [
  ["a site's module list", [item('Buffer', 6), item('C++ addons', 10), item('Child processes', 15)], true],
  ['items with a separator', [item('» Installation', 12), item('» Usage', 5)], true],
  ['an item with words outside its link', [item('Buffer', 6), item('Cluster: see the guide', 7)], false],
  ['an item of two links', [item('Buffer Cluster', 14, 2)], false],
  ['an item without a link', [item('Buffer', 6), item('Notes', 0, 0)], false],
  ['a paragraph is no item', [{ ...item('Buffer', 6), kind: 'paragraph' }], false],
];
for (const [name, items, want] of linkListCases)
  test(`isLinkList: ${name}`, () => assert.equal(isLinkList(items), want));

// menusBeforeTitle: the link lists ending before the first heading, five items or more together.
test('menusBeforeTitle: link lists before the title go when they hold five items together', async (t) => {
  const links = (n: number) => Array.from({ length: n }, (_, k) => item(`Module ${k}`, 8));
  const cases: [string, [number, LinkedBlock[], number][], number, number[]][] = [
    ['one list of six before the title', [[1, links(6), 5]], 7, [1]],
    [
      'three lists, 2 + 60 + 1 items, parted by rules',
      [
        [1, links(2), 2],
        [2, links(60), 64],
        [3, links(1), 66],
      ],
      67,
      [1, 2, 3],
    ],
    ['four links before the title: a page may open so', [[1, links(4), 4]], 6, []],
    ['the same list after the title is text', [[1, links(6), 12]], 3, []],
    ['a list running past the title', [[1, links(6), 9]], 8, []],
    ['no heading at all', [[1, links(6), 5]], -1, []],
    [
      'a list with text among its items stays, the other goes only if it has five',
      [
        [1, [...links(3), item('See the FAQ first', 3)], 4],
        [2, links(3), 8],
      ],
      10,
      [],
    ],
  ];
  for (const [name, lists, title, want] of cases)
    await t.test(name, () => {
      const members = new Map(lists.map(([g, l]) => [g, l] as const));
      const lastAt = new Map(lists.map(([g, , at]) => [g, at] as const));
      assert.deepEqual(menusBeforeTitle(members, lastAt, title), want);
    });
});

test("dropListings: a web page's link lists before its title go (siteMenus); an office document's stay", () => {
  const menu = (text: string): LinkedBlock => ({ ...item(text, text.length), group: 1 });
  const blocks: LinkedBlock[] = [
    ...['About', 'Usage', 'Buffer', 'Cluster', 'Errors'].map(menu),
    { kind: 'heading', text: 'Errors', level: 1, inPageLinkChars: 0, linkChars: 0, links: 0 },
    {
      kind: 'paragraph',
      text: 'Applications running in Node.js meet four kinds of errors.',
      inPageLinkChars: 0,
      linkChars: 0,
      links: 0,
    },
    ...['Buffer', 'Cluster', 'Events', 'Streams', 'Timers'].map((t) => ({ ...item(t, t.length), group: 2 })),
  ];
  assert.deepEqual(
    dropListings(blocks, { siteMenus: true }).map((b) => b.text),
    [
      'Errors',
      'Applications running in Node.js meet four kinds of errors.',
      'Buffer',
      'Cluster',
      'Events',
      'Streams',
      'Timers',
    ],
  );
  assert.equal(dropListings(blocks).length, blocks.length);
});

test('contentsTitlesOver: a contents title right over blocks that leave', async (t) => {
  const H = (text: string) => ({ kind: 'heading' as const, text });
  const P = (text: string) => ({ kind: 'paragraph' as const, text });
  const I = (text: string) => ({ kind: 'item' as const, text });
  // [name, blocks, indexes left out, titles that go]
  const cases: [string, { kind: 'heading' | 'paragraph' | 'item'; text: string }[], number[], number[]][] = [
    ['"Contents" over its list, then text', [H('Title'), H('Contents'), I('1 Intro'), P('Revised 2006.')], [2], [1]],
    ['"Table of Contents", then text', [H('Table of  Contents'), I('a'), I('b'), P('a')], [1, 2], [0]],
    ['then a heading: left to emptiedHeadings', [H('Contents'), I('a'), H('Next topic')], [1], []],
    ['another language', [H('Inhaltsverzeichnis'), I('a'), P('Text.')], [1], [0]],
    ['a heading of other words over a listing stays', [H('1 Overview'), I('1.1 a'), P('Text.')], [1], []],
    ['a contents title over text kept stays', [H('Contents'), P('This part holds...'), I('a')], [2], []],
    ['a heading over the title stays', [H('Edited: 7 September, 2021'), H('Contents'), I('a'), P('Text.')], [2], [1]],
    ['a paragraph of the words is no heading', [P('Contents'), I('a')], [1], []],
    ['at the end', [H('Contents')], [], []],
  ];
  for (const [name, blocks, out, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        contentsTitlesOver(blocks, (k) => out.includes(k)),
        want,
      ),
    );
});

test('dropListings: a contents title over its list and text before the first section', () => {
  const plain = (kind: 'heading' | 'paragraph', text: string, level?: number): LinkedBlock => ({
    kind,
    text,
    ...(level === undefined ? {} : { level }),
    inPageLinkChars: 0,
    linkChars: 0,
    links: 0,
  });
  const entry = (text: string): LinkedBlock => ({
    kind: 'item',
    text,
    group: 1,
    inPageLinkChars: text.length,
    linkChars: text.length,
    links: 1,
    inContents: true,
  });
  const blocks: LinkedBlock[] = [
    plain('heading', 'Biobase development', 1),
    plain('heading', '01 November, 2022', 4),
    plain('heading', 'Contents', 1),
    entry('1 Introduction'),
    entry('2 Comparing old and new'),
    plain('paragraph', 'Revised 4 September, 2006.'),
    plain('heading', '1 Introduction', 1),
    plain('paragraph', 'Text.'),
  ];
  assert.deepEqual(
    dropListings(blocks).map((x) => x.text),
    ['Biobase development', '01 November, 2022', 'Revised 4 September, 2006.', '1 Introduction', 'Text.'],
  );
});

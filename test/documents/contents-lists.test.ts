// withoutContentsLists (src/documents/contents-lists.ts): contents lists without page
// numbers, their entries the document's own section titles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  amongOtherItems,
  inDocumentOrder,
  readsAsText,
  titleCover,
  titleSet,
  titleWords,
  withoutContentsLists,
} from '../../src/documents/contents-lists.ts';
import type { DocumentBlock } from '../../src/documents/blocks.ts';

const TITLES = ['cmake-buildsystem(7)¶', 'Introduction¶', 'Binary Targets¶', 'Binary Executables¶', 'Pseudo Targets¶'];
const p = (text: string): DocumentBlock => ({ kind: 'paragraph', text });
const li = (text: string): DocumentBlock => ({ kind: 'item', text });
const h = (text: string): DocumentBlock => ({ kind: 'heading', text });

test('titleWords: lower-case words, numbers alone left out', () => {
  assert.deepEqual(titleWords('4.1. Cibles du fichier rules'), ['cibles', 'du', 'fichier', 'rules']);
  assert.deepEqual(titleWords('cmake-buildsystem(7)¶'), ['cmake', 'buildsystem']);
});

test('titleCover: a text read as titles one after the other', () => {
  const set = titleSet(TITLES);
  assert.deepEqual(titleCover('Introduction Binary Targets Binary Executables', set), {
    words: 5,
    covered: 5,
    titles: 3,
    keys: ['introduction', 'binary targets', 'binary executables'],
  });
  assert.deepEqual(titleCover('Contents • Introduction • Pseudo Targets', set), {
    words: 4,
    covered: 3,
    titles: 2,
    keys: ['introduction', 'pseudo targets'],
  });
  assert.deepEqual(titleCover('See Binary Targets for more.', set), {
    words: 5,
    covered: 2,
    titles: 1,
    keys: ['binary targets'],
  });
});

const cases: [string, DocumentBlock[], string[]][] = [
  [
    'bulleted paragraphs of titles (an untagged export): gone, the text after stays',
    [
      h('cmake-buildsystem(7)¶'),
      p('Contents • cmake-buildsystem(7) • Introduction • Binary Targets • Binary Executables'),
      p('• Pseudo Targets'),
      h('Introduction¶'),
      p('A CMake-based buildsystem is organized as a set of targets.'),
    ],
    ['cmake-buildsystem(7)¶', 'Introduction¶', 'A CMake-based buildsystem is organized as a set of targets.'],
  ],
  [
    "an untagged export's contents lines joined into one paragraph: gone",
    [p('Introduction Binary Targets Binary Executables Pseudo Targets'), p('Text after.')],
    ['Text after.'],
  ],
  [
    'numbered titles ("4.1. control") as they are printed: gone',
    [p('4.1. Introduction'), p('4.2. Binary Targets'), p('4.2.1. Binary Executables'), p('Text after.')],
    ['Text after.'],
  ],
  [
    'entries read as code and as headings (the outline names them), the real headings later: gone; the real ones stay',
    [
      h('cmake-buildsystem(7)¶'),
      p('Table of contents'),
      { kind: 'code', text: 'Introduction\nBinary Targets' },
      h('Binary Executables'),
      h('Pseudo Targets'),
      p('Some text.'),
      h('Introduction¶'),
      h('Binary Executables'),
      p('More text.'),
      h('Pseudo Targets'),
    ],
    [
      'cmake-buildsystem(7)¶',
      'Table of contents',
      'Some text.',
      'Introduction¶',
      'Binary Executables',
      'More text.',
      'Pseudo Targets',
    ],
  ],
  [
    'headings alone, even repeated, are no contents list',
    [h('Introduction'), h('Binary Targets'), h('Pseudo Targets'), p('Text.'), h('Introduction'), h('Binary Targets')],
    ['Introduction', 'Binary Targets', 'Pseudo Targets', 'Text.', 'Introduction', 'Binary Targets'],
  ],
  [
    'tagged list items of titles: gone',
    [li('• Introduction'), li('• Binary Targets'), li('• Pseudo Targets'), p('Text after.')],
    ['Text after.'],
  ],
  [
    'two titles are not enough for a list, unless both are headings further on',
    [li('• Introduction'), li('• Binary Targets'), p('Text after.'), h('Binary Targets')],
    ['• Introduction', '• Binary Targets', 'Text after.', 'Binary Targets'],
  ],
  [
    "a section's own list of its two subsections, both headings further on: gone",
    [
      h('Automatic Column Width'),
      p('Binary Targets'),
      p('Pseudo Targets'),
      h('Binary Targets'),
      p('Text.'),
      h('Pseudo Targets'),
    ],
    ['Automatic Column Width', 'Binary Targets', 'Text.', 'Pseudo Targets'],
  ],
  [
    'a list of other things stays, and so does a paragraph naming a title',
    [li('• apples'), li('• pears'), li('• plums'), p('See Binary Targets for more on this.')],
    ['• apples', '• pears', '• plums', 'See Binary Targets for more on this.'],
  ],
  [
    'a paragraph of text between two runs breaks them: each run is judged alone',
    [li('• Introduction'), li('• Binary Targets'), p('Some text.'), li('• Pseudo Targets')],
    ['• Introduction', '• Binary Targets', 'Some text.', '• Pseudo Targets'],
  ],
  [
    'a "See Also" section naming sections in sentences (a full stop, commas between titles): kept',
    [
      h('See Also'),
      p('Introduction .'),
      p('Binary Targets , Pseudo Targets.'),
      p('Binary Executables, Introduction'),
      h('Pseudo Targets'),
    ],
    [
      'See Also',
      'Introduction .',
      'Binary Targets , Pseudo Targets.',
      'Binary Executables, Introduction',
      'Pseudo Targets',
    ],
  ],
  [
    'entries between sentences naming titles: the entries alone are a list, the sentences stay',
    [p('Introduction, Pseudo Targets.'), li('• Introduction'), li('• Binary Targets'), li('• Pseudo Targets')],
    ['Introduction, Pseudo Targets.'],
  ],
  [
    'a bulleted "See also" list names sections out of the document\'s order: kept',
    [
      h('Introduction¶'),
      p('• Pseudo Targets • Binary Targets • Introduction'),
      h('Binary Targets¶'),
      h('Binary Executables¶'),
      h('Pseudo Targets¶'),
    ],
    [
      'Introduction¶',
      '• Pseudo Targets • Binary Targets • Introduction',
      'Binary Targets¶',
      'Binary Executables¶',
      'Pseudo Targets¶',
    ],
  ],
  [
    'a program whose commands are titles is no contents list; a code block of titles is',
    [
      { kind: 'code', text: 'Introduction 0 1 0.1\nBinary Targets 10 20\nPseudo Targets' },
      p('Text.'),
      { kind: 'code', text: '4.1. Introduction\n4.2. Binary Targets\n4.3. Pseudo Targets' },
      p('More text.'),
    ],
    ['Introduction 0 1 0.1\nBinary Targets 10 20\nPseudo Targets', 'Text.', 'More text.'],
  ],
  [
    'a list mostly of other words is kept whole',
    [li('• Introduction'), li('• apples'), li('• pears'), li('• plums')],
    ['• Introduction', '• apples', '• pears', '• plums'],
  ],
  [
    "a sentence's list naming the sections in lower case is kept (Texinfo's kinds of expansion)",
    [
      p('There are three kinds:'),
      li('• introduction'),
      li('• binary targets'),
      li('• pseudo targets'),
      h('Introduction¶'),
    ],
    ['There are three kinds:', '• introduction', '• binary targets', '• pseudo targets', 'Introduction¶'],
  ],
  [
    "a list naming things, a few of which have sections of their own (Debian Policy's fields): kept",
    [
      p('The fields in the general stanza are:'),
      p('• Source (mandatory)'),
      p('• Maintainer (mandatory)'),
      p('• Uploaders'),
      p('• Introduction'),
      p('• Binary Targets'),
      p('• Pseudo Targets'),
      p('The syntax of the fields is described below.'),
    ],
    [
      'The fields in the general stanza are:',
      '• Source (mandatory)',
      '• Maintainer (mandatory)',
      '• Uploaders',
      '• Introduction',
      '• Binary Targets',
      '• Pseudo Targets',
      'The syntax of the fields is described below.',
    ],
  ],
  [
    'a contents list with one entry the reading does not match: still mostly titles, gone',
    [
      li('• Introduction'),
      li('• Binary Targets'),
      li('• Binary Executables'),
      li('• Targets of Other Kinds'),
      li('• Pseudo Targets'),
      li('• cmake-buildsystem(7)'),
      li('• Introduction'),
      p('Text after.'),
    ],
    ['• Targets of Other Kinds', 'Text after.'],
  ],
  [
    'the same list set as the titles are is dropped',
    [
      p('There are three kinds:'),
      li('• Introduction'),
      li('• Binary Targets'),
      li('• Pseudo Targets'),
      h('Introduction¶'),
    ],
    ['There are three kinds:', 'Introduction¶'],
  ],
];
for (const [name, blocks, want] of cases) {
  test(`withoutContentsLists: ${name}`, () =>
    assert.deepEqual(
      withoutContentsLists(blocks, TITLES).map((b) => b.text),
      want,
    ));
}

test('withoutContentsLists: a document with fewer than three titles keeps everything', () => {
  const blocks = [li('• Introduction'), li('• Introduction'), li('• Introduction')];
  assert.deepEqual(withoutContentsLists(blocks, ['Introduction']), blocks);
});

test('withoutContentsLists: titles with commas and full stops of their own are still entries', () => {
  const titles = ['GS, GSC (MS Windows only)', 'TEMP, TMPDIR', 'Final notes.', 'Debugging'];
  const blocks = [p('GS, GSC (MS Windows only) TEMP, TMPDIR Debugging Final notes.'), p('Text after.')];
  assert.deepEqual(
    withoutContentsLists(blocks, titles).map((b) => b.text),
    ['Text after.'],
  );
});

const sentenceCases: [string, string, boolean][] = [
  ['Introduction Binary Targets Pseudo Targets', 'entries one after the other', false],
  ['• Introduction • Binary Targets', 'bulleted entries', false],
  ['4.1. Introduction', "a numbered entry (its number's dot is no full stop)", false],
  ['Introduction .', 'a see-also entry ending with a full stop', true],
  ['Binary Targets , Pseudo Targets.', 'titles set apart by a comma, a full stop', true],
  ['Binary Targets, Pseudo Targets', 'titles set apart by a comma alone', true],
  ['Introduction Binary Targets . . . . .', 'leaders are no full stop', false],
  ['Introduction…', 'an ellipsis is no full stop', false],
  ['Binary Targets (see Introduction.)', 'a full stop inside brackets at the end', true],
  ['— Binary Targets;', 'an item of an enumeration in prose (a semicolon)', true],
  ['• cmake-buildsystem(7)', "a title's own brackets", false],
  ['#include <cmake-buildsystem.h>', 'code naming a title between notation', true],
  ['Binary Targets Introduction Binary Targets', 'a title twice', true],
  ['• binary targets', "a title in running text's lower case (a sentence's list item)", true],
  ['binary targets pseudo targets', 'titles one after the other, all in lower case', true],
  ['• Binary targets', 'a capital letter: an entry, set as a title may be', false],
  ['• BINARY TARGETS', 'in capitals (a style sheet sets entries so): an entry', false],
  ['• cmake-buildsystem(7) • binary targets', 'lower case, but one title is set so itself', false],
];
for (const [text, name, want] of sentenceCases) {
  test(`readsAsText: ${name}`, () => {
    const set = titleSet([...TITLES, 'cmake-buildsystem.h']);
    assert.equal(readsAsText(text, titleCover(text, set).keys, set), want);
  });
}

const orderCases: [string, string[], boolean][] = [
  ['forward, one after the other', ['a', 'b', 'c', 'd'], true],
  ['a sidebar repeated after the body (the headings before it)', ['a', 'b', 'c'], true],
  ['a title twice where the document has it once', ['a', 'b', 'b', 'c'], false],
  ['a "See also" list in any order', ['d', 'b', 'a', 'c'], false],
  ['one slip in many steps (a misread title)', ['a', 'b', 'c', 'd', 'e', 'b', 'f'], true],
  ['titles without a heading are not judged', ['x', 'a', 'y', 'b'], true],
  ['a title the document has twice, each entry at its own', ['a', 'e', 'a', 'e'], true],
];
for (const [name, keys, want] of orderCases) {
  test(`inDocumentOrder: ${name}`, () => {
    // Headings: a b c d e f at 10..15, and a and e again at 20 and 21.
    const at = new Map<string, number[]>([
      ['a', [10, 20]],
      ['b', [11]],
      ['c', [12]],
      ['d', [13]],
      ['e', [14, 21]],
      ['f', [15]],
    ]);
    assert.equal(inDocumentOrder(keys, at), want);
  });
}

test('withoutContentsLists: a heading over nothing but the contents list goes with it', () => {
  const hl = (text: string, level: number): DocumentBlock => ({ kind: 'heading', text, level });
  const blocks = [
    hl('cmake-buildsystem(7)', 1),
    hl('Contents', 2),
    li('• Introduction'),
    li('• Binary Targets'),
    li('• Pseudo Targets'),
    hl('Introduction', 2),
    p('A build system.'),
    hl('Binary Targets', 2),
    p('Executables and libraries.'),
    hl('Pseudo Targets', 2),
    p('Imported targets.'),
  ];
  assert.deepEqual(
    withoutContentsLists(blocks, TITLES).map((x) => x.text),
    [
      'cmake-buildsystem(7)',
      'Introduction',
      'A build system.',
      'Binary Targets',
      'Executables and libraries.',
      'Pseudo Targets',
      'Imported targets.',
    ],
  );
  // A section's own heading over its contents list and its subsections stays.
  const own = [
    hl('Targets', 1),
    li('• Binary Targets'),
    li('• Pseudo Targets'),
    hl('Binary Targets', 2),
    p('x.'),
    hl('Pseudo Targets', 2),
    p('y.'),
  ];
  assert.equal(withoutContentsLists(own, TITLES)[0]!.text, 'Targets');
});

test('amongOtherItems: entries in a list mostly of other things', async (t) => {
  const entry = (b: DocumentBlock) => b.text.startsWith('• T');
  const cases: [string, DocumentBlock[], number, number, boolean][] = [
    [
      'three titles among five other items',
      [li('• a'), li('• b'), li('• c'), li('• d'), li('• e'), li('• T1'), li('• T2'), li('• T3')],
      5,
      8,
      true,
    ],
    ['a list of titles alone', [p('Intro:'), li('• T1'), li('• T2'), li('• T3'), p('Text.')], 1, 4, false],
    [
      'one other item among five titles',
      [li('• T1'), li('• T2'), li('• x'), li('• T3'), li('• T4'), li('• T5')],
      3,
      6,
      false,
    ],
    ['bulleted paragraphs count as items', [p('• a'), p('• b'), p('• c'), p('• T1'), p('• T2'), p('• T3')], 3, 6, true],
    ['entries that are no list items: not asked', [p('• a'), p('• b'), p('• c'), p('T1 T2 T3')], 3, 4, false],
  ];
  for (const [name, blocks, i, j, want] of cases)
    await t.test(name, () => assert.equal(amongOtherItems(blocks, i, j, entry), want));
});

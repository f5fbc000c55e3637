// withoutContentsLists (src/documents/contents-lists.ts): contents lists without page
// numbers, their entries the document's own section titles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { titleCover, titleSet, titleWords, withoutContentsLists } from '../../src/documents/contents-lists.ts';
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
    'a list mostly of other words is kept whole',
    [li('• Introduction'), li('• apples'), li('• pears'), li('• plums')],
    ['• Introduction', '• apples', '• pears', '• plums'],
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

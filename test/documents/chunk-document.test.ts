// The format-neutral step from neutral blocks to the chunker's blocks, as a table, and the one
// readDocument every format goes through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readDocument, toChunkBlocks } from '../../src/documents/chunk-document.ts';
import type { DocumentBlock } from '../../src/documents/blocks.ts';
import { DocumentError } from '../../src/documents/document-error.ts';
import { splitIntoChunks } from '../../src/documents/chunker.ts';

// toChunkBlocks: one rule per kind, pages and page turns carried over.
const chunkBlockCases: [name: string, block: DocumentBlock, want: object | null][] = [
  [
    'a heading opens a section',
    { kind: 'heading', text: ' 1  Scope ', level: 1 },
    { text: '1 Scope', heading: '1 Scope' },
  ],
  ['an item keeps its bullet', { kind: 'item', text: '2) second' }, { text: '2) second' }],
  ['an item without one gets "- "', { kind: 'item', text: 'milk' }, { text: '- milk' }],
  ['an item keeps a roman number', { kind: 'item', text: 'iv. fourth' }, { text: 'iv. fourth' }],
  ['an item keeps an outline number', { kind: 'item', text: '1.2. nested' }, { text: '1.2. nested' }],
  ['an item keeps an outline number without a final dot', { kind: 'item', text: '2.1 nested' }, { text: '2.1 nested' }],
  ['an item keeps a bracketed letter', { kind: 'item', text: '(b) second' }, { text: '(b) second' }],
  ['an item keeps a double letter', { kind: 'item', text: 'AA. after Z' }, { text: 'AA. after Z' }],
  ['a word and a full stop is no marker', { kind: 'item', text: 'Yes. Next' }, { text: '- Yes. Next' }],
  ['letters that are no roman number are no marker', { kind: 'item', text: 'did. it' }, { text: '- did. it' }],
  [
    'code is kept whole, its lines as written',
    { kind: 'code', text: 'npm ci npm test', lines: ['npm ci', 'npm test'] },
    { text: 'npm ci\nnpm test', keep: true, verbatim: true },
  ],
  [
    'code keeps its indentation and inner blank lines, not its blank ends',
    { kind: 'code', text: '\n\ndef f():\n    return 1  \n\n\tpass\n\n' },
    { text: 'def f():\n    return 1\n\n\tpass', keep: true, verbatim: true },
  ],
  ['blank code is dropped', { kind: 'code', text: ' \n \n' }, null],
  [
    'a row is kept whole',
    { kind: 'row', text: 'a | b', cells: [{ text: 'a' }, { text: 'b' }] },
    { text: 'a | b', keep: true },
  ],
  ['a page', { kind: 'paragraph', text: 'On page two.', page: 2 }, { text: 'On page two.', page: 2 }],
  [
    'a page turn',
    { kind: 'paragraph', text: 'Runs on over the page.', page: 2, pageTurns: [{ after: 6, page: 3 }] },
    { text: 'Runs on over the page.', page: 2, pageTurns: [{ after: 6, page: 3 }] },
  ],
  [
    "a paragraph loses Javadoc's zero-width space",
    { kind: 'paragraph', text: 'Use addArgument\u200B(String...) here.' },
    { text: 'Use addArgument(String...) here.' },
  ],
  [
    'U+FEFF inside a word leaves it whole, not split at a blank',
    { kind: 'paragraph', text: 'foo\uFEFFbar' },
    { text: 'foobar' },
  ],
  [
    'a heading and its label lose the zero-width space',
    { kind: 'heading', text: 'addArgument\u200B(String...)', level: 4 },
    { text: 'addArgument(String...)', heading: 'addArgument(String...)' },
  ],
  [
    'code loses it and keeps its lines',
    { kind: 'code', text: 'Argument addArgument\u200B(\n    String... names)' },
    { text: 'Argument addArgument(\n    String... names)', keep: true, verbatim: true },
  ],
  [
    'a soft hyphen leaves a word whole (Markdown, OpenDocument and text keep it in their text)',
    { kind: 'paragraph', text: 'Set the Konfigu\u00ADrations\u00ADdatei first.' },
    { text: 'Set the Konfigurationsdatei first.' },
  ],
  ['an item of only zero-width characters is dropped', { kind: 'item', text: '\u200B \uFEFF' }, null],
  [
    'the joiners U+200C and U+200D stay',
    { kind: 'paragraph', text: 'می\u200Cخواهم \u{1F468}\u200D\u{1F469}' },
    { text: 'می\u200Cخواهم \u{1F468}\u200D\u{1F469}' },
  ],
  [
    'a repeated table header loses it',
    { kind: 'paragraph', text: 'cell', tableHeader: 'Method\u200B(args) | Description' },
    { text: 'cell', repeat: 'Method(args) | Description' },
  ],
  [
    'no turns: none carried',
    { kind: 'paragraph', text: 'Short.', page: 4, pageTurns: [] },
    { text: 'Short.', page: 4 },
  ],
];
for (const [name, block, want] of chunkBlockCases) {
  test(`toChunkBlocks: ${name}`, () =>
    assert.deepEqual(
      toChunkBlocks([block, { kind: 'paragraph', text: 'x' }]),
      [...(want ? [want] : []), { text: 'x' }],
      name,
    ));
}

/** A table row block: its text's cells split at ' | ', header cells marked when `header`. */
const row = (text: string, header = false): DocumentBlock => ({
  kind: 'row',
  text,
  cells: text.split(' | ').map((t) => (header ? { text: t, header: true } : { text: t })),
});

test('toChunkBlocks: the rows after a header row repeat it, until the table ends', () => {
  assert.deepEqual(
    toChunkBlocks([
      row('Name | Size', true),
      row('a | 1'),
      row('b | 2'),
      { kind: 'paragraph', text: 'After.' },
      row('c | 3'),
    ]),
    [
      { text: 'Name | Size', keep: true },
      { text: 'a | 1', keep: true, repeat: 'Name | Size' },
      { text: 'b | 2', keep: true, repeat: 'Name | Size' },
      { text: 'After.' },
      { text: 'c | 3', keep: true },
    ],
  );
});

test("toChunkBlocks: the blocks of a row read as blocks repeat their table's header, and so do the rows after them", () => {
  assert.deepEqual(
    toChunkBlocks([
      row('Fixed | Dynamic', true),
      { kind: 'code', text: 'x = A::Zero();\nx.setZero();', tableHeader: 'Fixed | Dynamic' },
      { kind: 'paragraph', text: 'N/A', tableHeader: 'Fixed | Dynamic' },
      row('a | b'),
      { kind: 'code', text: 'int y;\ny++;' },
      row('c | d'),
    ]),
    [
      { text: 'Fixed | Dynamic', keep: true },
      { text: 'x = A::Zero();\nx.setZero();', keep: true, verbatim: true, repeat: 'Fixed | Dynamic' },
      { text: 'N/A', repeat: 'Fixed | Dynamic' },
      { text: 'a | b', keep: true, repeat: 'Fixed | Dynamic' },
      { text: 'int y;\ny++;', keep: true, verbatim: true },
      { text: 'c | d', keep: true },
    ],
  );
});

test('toChunkBlocks: blank blocks dropped, no text at all refused', () => {
  assert.deepEqual(
    toChunkBlocks([
      { kind: 'paragraph', text: ' \n ' },
      { kind: 'paragraph', text: 'x1' },
    ]).length,
    1,
  );
  assert.throws(
    () => toChunkBlocks([{ kind: 'paragraph', text: '-- * --' }]),
    (err: unknown) => err instanceof DocumentError && err.code === 'document_no_text',
  );
});

test('readDocument: a format without pages reports no OCR', async () => {
  const { chunks, ocr } = await readDocument({
    format: 'text',
    bytes: new TextEncoder().encode('One line of text.\n'),
  });
  assert.deepEqual(chunks, [{ section: '', content: 'One line of text.' }]);
  assert.deepEqual(ocr, { pages: 0, skipped: 0 });
});

test('toChunkBlocks: a nested list item is indented two spaces a level under its parent, and the chunk keeps it', () => {
  const blocks: DocumentBlock[] = [
    { kind: 'paragraph', text: 'Steps:' },
    { kind: 'item', text: '1. Download.' },
    { kind: 'item', text: 'a. Check the signature.', depth: 1 },
    { kind: 'item', text: 'i. On Linux use stat.', depth: 2 },
    { kind: 'item', text: 'b. Unpack.', depth: 1 },
    { kind: 'item', text: '2. Build.' },
    { kind: 'item', text: 'bullet under', depth: 1 },
    { kind: 'heading', text: 'Next', level: 1 },
    { kind: 'item', text: 'opens deep', depth: 2 },
  ];
  const chunks = splitIntoChunks(toChunkBlocks(blocks));
  assert.deepEqual(
    chunks.map((c) => c.content).join('\n'),
    [
      'Steps:',
      '1. Download.',
      '  a. Check the signature.',
      '    i. On Linux use stat.',
      '  b. Unpack.',
      '2. Build.',
      '  - bullet under',
      'Next',
      '- opens deep',
    ].join('\n'),
  );
});

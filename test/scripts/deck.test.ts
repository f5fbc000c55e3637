// The slide deck of the office oracle set made from a document's outline (scripts/corpus/deck.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deckFodp, deckHtml, deckOutline, SLIDE_CHARS, SLIDE_ROWS } from '../../scripts/corpus/deck.ts';
import type { DocumentBlock } from '../../src/documents/blocks.ts';
import { extractOdf } from '../../src/documents/formats/odt/odf.ts';
import { htmlBlocks } from '../../src/documents/formats/html/extract.ts';
import { makeZip } from '../documents/helpers/make-zip.ts';

const para = (n: number): DocumentBlock => ({ kind: 'paragraph', text: 'x'.repeat(n) });
const row = (t: string): DocumentBlock => ({ kind: 'row', text: `${t} | 1`, cells: [{ text: t }, { text: '1' }] });

const outlines: [name: string, blocks: DocumentBlock[], want: string[]][] = [
  [
    'a slide per heading; text before the first heading under the title',
    [para(10), { kind: 'heading', text: 'A' }, para(10)],
    ['Doc:1', 'A:1'],
  ],
  [
    'a long section goes on over numbered slides',
    [{ kind: 'heading', text: 'A' }, para(SLIDE_CHARS - 10), para(20), para(20)],
    ['A:1', 'A (2):2'],
  ],
  [
    'a long table goes on too',
    [{ kind: 'heading', text: 'T' }, ...Array.from({ length: SLIDE_ROWS + 1 }, (_, i) => row(`r${i}`))],
    ['T:8', 'T (2):1'],
  ],
  [
    'a heading with nothing under it is a slide of its own',
    [{ kind: 'heading', text: 'Part' }, { kind: 'heading', text: 'B' }, para(5)],
    ['Part:0', 'B:1'],
  ],
];
for (const [name, blocks, want] of outlines)
  test(`deckOutline: ${name}`, () => {
    assert.deepEqual(
      deckOutline(blocks, 'Doc').map((s) => `${s.title}:${s.blocks.length}`),
      want,
    );
  });

test('deckFodp and deckHtml tell the same slides: titles, items, code with its indentation, rows', async () => {
  const slides = deckOutline(
    htmlBlocks(
      '<h1>Build</h1><p>Intro.</p><ul><li>one</li><li>two</li></ul><pre>a\n    b\tc</pre><table><tr><td>k</td><td></td><td>v</td></tr><tr><td>k2</td><td>m</td><td>v2</td></tr></table>',
    ),
    'Doc',
  );
  const fodp = deckFodp(slides);
  const body = /<office:document [^>]*>([\s\S]*)<\/office:document>/.exec(fodp)![1]!;
  const content = `<?xml version="1.0"?><office:document-content ${/<office:document ([^>]*)>/.exec(fodp)![1]}>${body}</office:document-content>`;
  const odp = makeZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.presentation', stored: true },
    { name: 'content.xml', data: content },
  ]);
  const blocks = await extractOdf(odp, 'presentation');
  assert.deepEqual(
    blocks.map((b) => `${b.kind}: ${b.lines ? b.lines.join('|') : b.text}`),
    [
      'heading: Build',
      'paragraph: Intro.',
      'item: one',
      'item: two',
      'code: a|    b\tc',
      'row: k |  | v',
      'row: k2 | m | v2',
    ],
  );
  const html = deckHtml(slides, 'Doc');
  assert.match(
    html,
    /<h2>Build<\/h2>\n<p>Intro.<\/p>\n<ul><li>one<\/li><li>two<\/li><\/ul>\n<pre>a\n {4}b\tc<\/pre>\n<table><tr><td>k<\/td><td><\/td><td>v<\/td><\/tr><tr><td>k2<\/td><td>m<\/td><td>v2<\/td><\/tr><\/table>/,
  );
});

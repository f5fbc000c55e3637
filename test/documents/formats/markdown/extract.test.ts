import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractMarkdown } from '../../../../src/documents/formats/markdown/extract.ts';

const kinds = (md: string) =>
  extractMarkdown(new TextEncoder().encode(md)).map((b) => `${b.kind}${b.level ?? ''}:${b.text}`);

test('ATX and setext headings, paragraphs, lists, code, GFM tables; inline marks dropped, link texts kept', () => {
  const md = [
    '# Handbook',
    '',
    'Intro with **bold**, `code` and a [link](https://example.com) & more.',
    '',
    'Leave',
    '-----',
    '',
    '1. first',
    '2. second',
    '   - nested',
    '',
    '```js',
    'const x = 1;',
    '```',
    '',
    '| Name | Days |',
    '|------|-----:|',
    '| Leave | 25 |',
    '',
    '<!-- YAML',
    'added: v1',
    '-->',
    '',
    '[ref]: https://example.com',
  ].join('\n');
  assert.deepEqual(kinds(md), [
    'heading1:Handbook',
    'paragraph:Intro with bold, code and a link & more.',
    'heading2:Leave',
    'item:1. first',
    'item:2. second',
    'item:nested',
    'code:const x = 1;',
    'row:Name | Days',
    'row:Leave | 25',
  ]);
});

test("a list of links to the document's own headings is contents, not text", () => {
  const md =
    '## Contents\n\n- [Scope](#scope)\n  - [Terms](#terms)\n- [Rules](#rules)\n\n## Scope\n\nText with [a link](#rules).\n\n- [External](https://example.com) list\n- [Another](https://example.org) one\n';
  assert.deepEqual(kinds(md), [
    'heading2:Contents',
    'heading2:Scope',
    'paragraph:Text with a link.',
    'item:External list',
    'item:Another one',
  ]);
});

test('a table row keeps its cells (the header row flagged) and a fence its lines, beside the text the chunker reads', () => {
  const blocks = extractMarkdown(
    new TextEncoder().encode('| Name | Size |\n|---|---|\n| a.txt | 4 |\n\n```sh\nnpm ci\nnpm test\n```\n'),
  );
  assert.deepEqual(
    blocks.map((b) => ({ kind: b.kind, text: b.text, cells: b.cells, lines: b.lines })),
    [
      {
        kind: 'row',
        text: 'Name | Size',
        cells: [
          { text: 'Name', header: true },
          { text: 'Size', header: true },
        ],
        lines: undefined,
      },
      { kind: 'row', text: 'a.txt | 4', cells: [{ text: 'a.txt' }, { text: '4' }], lines: undefined },
      { kind: 'code', text: 'npm ci\nnpm test', cells: undefined, lines: ['npm ci', 'npm test'] },
    ],
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractMarkdown, stripFrontMatter } from '../../../../src/documents/formats/markdown/extract.ts';

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

// A paragraph of links alone is navigation (a README's badges, a bar of links); a paragraph
// with words of its own, a lone link and a list of external links are text.
const navigationParagraphCases: [string, string, string[]][] = [
  [
    'a row of badges (images inside links)',
    '# Tool\n\n[![npm](https://b.io/npm.svg)](https://npm.im/tool)\n[![ci](https://b.io/ci.svg)](https://ci.io/tool)\n\nTool parses things.\n',
    ['heading1:Tool', 'paragraph:Tool parses things.'],
  ],
  [
    'a bar of links and pipes',
    '[Docs](https://d.io) | [API](https://d.io/api) | [Blog](https://d.io/blog)\n\nText.\n',
    ['paragraph:Text.'],
  ],
  ['a lone back link', 'Text.\n\n[Back to top](#tool)\n', ['paragraph:Text.']],
  [
    'links with words between them are text',
    'See [Options](https://o.io) and [Extensibility](https://e.io).\n',
    ['paragraph:See Options and Extensibility.'],
  ],
  ['a lone link to a page is text', '[Docker Hub](https://hub.io)\n', ['paragraph:Docker Hub']],
  ['images without links are text', '![logo](l.png) ![banner](b.png)\n', ['paragraph:logo banner']],
  [
    'a list of external links stays (judged as a list)',
    '- [Options](https://o.io)\n- [Extensibility](https://e.io)\n',
    ['item:Options', 'item:Extensibility'],
  ],
];
for (const [name, md, want] of navigationParagraphCases) {
  test(`navigation paragraphs: ${name}`, () => assert.deepEqual(kinds(md), want));
}

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

const frontMatter: [string, string, string][] = [
  ['YAML front matter', '---\ntitle: Seed\ntags: [a, b]\n---\n# Intro\n', '# Intro\n'],
  ['YAML closed by ...', '---\ntitle: x\n...\nText.\n', 'Text.\n'],
  ['TOML front matter', '+++\ntitle = "x"\n[extra]\n+++\nText.\n', 'Text.\n'],
  ['CRLF line ends and a BOM', '\uFEFF---\r\ntitle: x\r\n---\r\nText.\r\n', 'Text.\r\n'],
  ['an empty block', '---\n\n---\nText.\n', '---\n\n---\nText.\n'],
  [
    'thematic breaks around text stay',
    '---\n# Title\n\nSome text.\n---\nMore.\n',
    '---\n# Title\n\nSome text.\n---\nMore.\n',
  ],
  ['not at the start', 'Text.\n\n---\ntitle: x\n---\n', 'Text.\n\n---\ntitle: x\n---\n'],
  ['mismatched fences', '---\ntitle: x\n+++\nText.\n', '---\ntitle: x\n+++\nText.\n'],
  ['no front matter', '# Title\n', '# Title\n'],
];
for (const [name, input, want] of frontMatter) {
  test(`stripFrontMatter: ${name}`, () => assert.equal(stripFrontMatter(input), want));
}

test('front matter is not text: the first block is the first heading', () => {
  const blocks = extractMarkdown(
    new TextEncoder().encode('---\ntitle: Seed\nlayout: page\n---\n\n# Intro\n\nBody text.\n'),
  );
  assert.equal(blocks[0]?.text, 'Intro');
  assert.ok(!blocks.some((b) => b.text.includes('layout')));
});

test('a GFM table keeps its empty cells in place; a row of empty cells is left out', () => {
  const md = '| Name | Alias | Size |\n|---|---|---|\n| a.txt |  | 4 |\n|  |  |  |\n| b.txt | b | |\n';
  assert.deepEqual(
    extractMarkdown(new TextEncoder().encode(md)).map((b) => b.text),
    ['Name | Alias | Size', 'a.txt |  | 4', 'b.txt | b | '],
  );
});

test('ordered lists keep their numbers: the start value, ")" lists, nested lists, loose items', async (t) => {
  const cases: [string, string, string[]][] = [
    ['a list starting at 3', '3. three\n4. four\n', ['item:3. three', 'item:4. four']],
    ['a ")" list', '1) one\n2) two\n', ['item:1. one', 'item:2. two']],
    [
      'a nested list counts on its own',
      '1. outer\n   1. inner\n   2. inner two\n2. outer two\n',
      ['item:1. outer', 'item:1. inner', 'item:2. inner two', 'item:2. outer two'],
    ],
    ['loose items', '1. first\n\n2. second\n', ['item:1. first', 'item:2. second']],
    ['a bullet list gets no number', '- a\n- b\n', ['item:a', 'item:b']],
  ];
  for (const [name, md, want] of cases) await t.test(name, () => assert.deepEqual(kinds(md), want));
});

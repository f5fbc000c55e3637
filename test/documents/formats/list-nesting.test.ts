import { test } from 'node:test';
import assert from 'node:assert/strict';
import { htmlListDepth } from '../../../src/documents/formats/list-nesting.ts';
import { htmlBlocks } from '../../../src/documents/formats/html/extract.ts';
import { extractMarkdown, nestedDepth } from '../../../src/documents/formats/markdown/extract.ts';

const stack = (...names: string[]) => names.map((name) => ({ name }));

test('htmlListDepth: the lists open around an item, less one', async (t) => {
  const cases: [string, { name: string }[], number][] = [
    ['a top-level item', stack('html', 'body', 'ul', 'li'), 0],
    ['an item of a list in an item', stack('body', 'div', 'ul', 'li', 'div', 'ul', 'li', 'p'), 1],
    ['three levels', stack('ol', 'li', 'ul', 'li', 'ol', 'li'), 2],
    ['a list in a definition: a dl is no level', stack('dl', 'dd', 'ul', 'li'), 0],
    ['a list in a definition in an item', stack('ul', 'li', 'dl', 'dd', 'ul', 'li'), 1],
    ['a list in a table cell inside an item', stack('ul', 'li', 'table', 'tr', 'td', 'ul', 'li'), 0],
    ['no list at all', stack('body', 'p'), 0],
  ];
  for (const [name, s, want] of cases) await t.test(name, () => assert.equal(htmlListDepth(s), want));
});

test('nestedDepth: a list inside an item of depth d is at d + 1', async (t) => {
  const cases: [string, number | undefined, number][] = [
    ['a list of no item', undefined, 0],
    ['in a top-level item', 0, 1],
    ['in a nested item', 1, 2],
  ];
  for (const [name, outer, want] of cases) await t.test(name, () => assert.equal(nestedDepth(outer), want));
});

const depths = (blocks: { kind: string; text: string; depth?: number }[]) =>
  blocks.filter((b) => b.kind === 'item').map((b) => `${b.depth ?? 0}:${b.text}`);

test("htmlBlocks: a nested list's items are one level in (Asciidoctor's ulist in a ulist)", () => {
  const html =
    '<div class="ulist"><ul><li><p>Compile with:</p><div class="ulist"><ul><li><p>debug info</p></li><li><p>sanitizer</p></li></ul></div></li><li><p>Enable cores.</p></li></ul></div>';
  assert.deepEqual(depths(htmlBlocks(html)), ['0:Compile with:', '1:debug info', '1:sanitizer', '0:Enable cores.']);
});

test("extractMarkdown: a nested list's items are one level in", () => {
  const md = [
    '- Compile with:',
    '  - debug info',
    '    1. deeper',
    '- Enable cores',
    '',
    '> - quoted',
    '>   - nested',
  ].join('\n');
  assert.deepEqual(depths(extractMarkdown(new TextEncoder().encode(md))), [
    '0:Compile with:',
    '1:debug info',
    '2:1. deeper',
    '0:Enable cores',
    '0:quoted',
    '1:nested',
  ]);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leftContentsTitles } from '../../../../src/documents/formats/html/contents-title.ts';
import { htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';
import type { LinkedBlock } from '../../../../src/documents/listing.ts';

const kinds = (html: string) => htmlBlocks(html).map((b) => `${b.kind}${b.level ?? ''}:${b.text}`);

const block = (text: string, extra: Partial<LinkedBlock> = {}): LinkedBlock => ({
  kind: 'paragraph',
  text,
  inPageLinkChars: 0,
  linkChars: 0,
  links: 0,
  inContents: true,
  ...extra,
});
const entry = (text: string): LinkedBlock =>
  block(text, { kind: 'item', group: 1, inPageLinkChars: text.length, linkChars: text.length, links: 1 });

test('leftContentsTitles: the title of a contents container whose list leaves', async (t) => {
  const cases: [string, LinkedBlock[], number[]][] = [
    ['a title alone (a list a script fills in)', [block('Table of Contents')], [0]],
    ['a title over in-page link entries', [block('Table of Contents'), entry('1. Intro'), entry('2. Use')], [0]],
    ['a title as a heading', [block('Inhaltsverzeichnis', { kind: 'heading', level: 2 }), entry('Einleitung')], [0]],
    ['a title after the entries', [entry('Intro'), block('Contents')], [1]],
    ['nothing at all', [], []],
    ['entries only', [entry('Intro')], []],
    [
      'an entry with a description of words',
      [block('Contents'), entry('Intro'), block('How to start the program.')],
      [],
    ],
    ['a sentence, no title', [block('See the list below.'), entry('Intro')], []],
    ['a linked title', [block('Contents', { links: 1, linkChars: 8 }), entry('Intro')], []],
    ['two short lines', [block('Contents'), block('Part one'), entry('Intro')], []],
    ['a long line', [block('A title much longer than any contents list ever gives to its own title'), entry('I')], []],
  ];
  for (const [name, blocks, want] of cases)
    await t.test(name, () => assert.deepEqual(leftContentsTitles(blocks), want));
});

test('htmlBlocks: a contents container title goes with its list', async (t) => {
  await t.test("asciidoc-py's toc, filled in by script", () => {
    const html =
      '<h1>Guide</h1><div id="toc"><div id="toctitle">Table of Contents</div><noscript><p>Enable JavaScript.</p></noscript></div><p>Text.</p>';
    assert.deepEqual(kinds(html), ['heading1:Guide', 'paragraph:Text.']);
  });
  await t.test("Asciidoctor's toc", () => {
    const html =
      '<h1>Guide</h1><div id="toc" class="toc2"><div id="toctitle">Table of Contents</div><ul class="sectlevel1"><li><a href="#a">1. Intro</a></li><li><a href="#b">2. Use</a></li></ul></div><h2 id="a">1. Intro</h2><p>Text.</p><h2 id="b">2. Use</h2><p>More.</p>';
    assert.deepEqual(kinds(html), [
      'heading1:Guide',
      'heading2:1. Intro',
      'paragraph:Text.',
      'heading2:2. Use',
      'paragraph:More.',
    ]);
  });
  await t.test("DocBook XSL's chapter toc", () => {
    const html =
      '<h2>Chapitre 4</h2><div class="toc"><p><b>Table des matières</b></p><dl class="toc"><dt><span class="section"><a href="#s1">4.1. control</a></span></dt></dl></div><p>Texte.</p><h3 id="s1">4.1. control</h3><p>Plus.</p>';
    assert.deepEqual(kinds(html), [
      'heading2:Chapitre 4',
      'paragraph:Texte.',
      'heading3:4.1. control',
      'paragraph:Plus.',
    ]);
  });
  await t.test('a toc box with words of its own keeps them', () => {
    const html =
      '<div id="toc"><p>Contents</p><ul><li><a href="#a">Intro</a></li></ul><p>Each part stands on its own.</p></div><h2 id="a">Intro</h2><p>Text.</p>';
    assert.deepEqual(kinds(html), [
      'paragraph:Contents',
      'paragraph:Each part stands on its own.',
      'heading2:Intro',
      'paragraph:Text.',
    ]);
  });
});

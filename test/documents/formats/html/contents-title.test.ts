import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  allEntriesLeave,
  isContentsTitleBefore,
  leftContentsTitles,
} from '../../../../src/documents/formats/html/contents-title.ts';
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

test('isContentsTitleBefore: a contents title set right before its container', async (t) => {
  const h1 = (text: string) => block(text, { kind: 'heading', level: 1, inContents: false });
  const p = (text: string) => block(text, { inContents: false });
  const cases: [string, LinkedBlock | undefined, string, boolean][] = [
    ["BiocStyle's <h1>Contents</h1> over div#TOC", h1('Contents'), '</h1>\n', true],
    ['a paragraph title', p('Table of Contents'), '</p>\n\n', true],
    ['another language', h1('Inhaltsverzeichnis'), '</h1>', true],
    ['spaces inside', h1('Table  of\nContents'), '</h1>', true],
    ['a chapter heading over its mini contents', h1('1 Overview'), '</h1>', false],
    ['a heading that is no contents title', h1('Introduction'), '</h1>', false],
    ['a sentence', p('The contents.'), '</p>', false],
    ['words between', h1('Contents'), '</h1> see below ', false],
    ['a linked title', block('Contents', { links: 1, linkChars: 8, inContents: false }), '</a>', false],
    ['nothing before', undefined, '', false],
  ];
  for (const [name, prev, between, want] of cases)
    await t.test(name, () => assert.equal(isContentsTitleBefore(prev, between), want));
});

test('allEntriesLeave: every block of a container is a contents entry that leaves', async (t) => {
  const cases: [string, LinkedBlock[], boolean][] = [
    ['entries', [entry('1 Intro'), entry('2 Use')], true],
    ['nothing', [], true],
    ['a description too', [entry('1 Intro'), block('How to start the program.')], false],
  ];
  for (const [name, blocks, want] of cases) await t.test(name, () => assert.equal(allEntriesLeave(blocks), want));
});

test('htmlBlocks: a contents title set right before its container goes with the list', async (t) => {
  await t.test("BiocStyle's vignette: <h1>Contents</h1> over div#TOC, text before the first section", () => {
    const html =
      '<div id="header"><h1 class="title toc-ignore">Biobase development</h1></div>\n<h1>Contents</h1>\n<div id="TOC"><ul><li><a href="#intro"><span class="toc-section-number">1</span> Introduction</a></li><li><a href="#use">2 Use</a></li></ul></div>\n<p>Revised 4 September, 2006.</p><h1 id="intro">1 Introduction</h1><p>Text.</p><h1 id="use">2 Use</h1><p>More.</p>';
    assert.deepEqual(kinds(html), [
      'heading1:Biobase development',
      'paragraph:Revised 4 September, 2006.',
      'heading1:1 Introduction',
      'paragraph:Text.',
      'heading1:2 Use',
      'paragraph:More.',
    ]);
  });
  await t.test('a chapter heading over a mini contents stays', () => {
    const html =
      '<h2>1 Overview</h2><ul class="mini-toc"><li><a href="#a">1.1 Intro</a></li><li><a href="#b">1.2 Use</a></li></ul><h3 id="a">1.1 Intro</h3><p>Text.</p><h3 id="b">1.2 Use</h3><p>More.</p>';
    assert.deepEqual(kinds(html).slice(0, 2), ['heading2:1 Overview', 'heading3:1.1 Intro']);
  });
  await t.test('a contents title over a container with words of its own stays', () => {
    const html =
      '<h1>Contents</h1><div id="TOC"><ul><li><a href="#a">Intro</a></li></ul><p>Each part stands on its own.</p></div><h2 id="a">Intro</h2><p>Text.</p>';
    assert.deepEqual(kinds(html).slice(0, 2), ['heading1:Contents', 'paragraph:Each part stands on its own.']);
  });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isNodeMenu } from '../../../../src/documents/formats/html/node-menu.ts';
import { htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';

test('isNodeMenu: makeinfo’s menu table, not a site’s menu nor another table', async (t) => {
  const cases: [string, string, Record<string, string>, boolean][] = [
    ['makeinfo 4-6.7', 'table', { class: 'menu', border: '0', cellspacing: '0' }, true],
    ['class among others', 'table', { class: 'Menu wide' }, true],
    ["a site's list menu", 'ul', { class: 'menu' }, false],
    ["a site's menu box", 'div', { class: 'menu' }, false],
    ['a table of another class', 'table', { class: 'menu-table' }, false],
    ['a multitable', 'table', {}, false],
  ];
  for (const [name, el, attrs, want] of cases) await t.test(name, () => assert.equal(isNodeMenu(el, attrs), want));
});

const MENU =
  '<table class="menu" border="0" cellspacing="0">' +
  '<tr><td align="left" valign="top">&bull; <a href="#Intro" accesskey="1">Intro</a></td><td>&nbsp;&nbsp;</td>' +
  '<td align="left" valign="top">On API and ABI compatibility between versions of the library.</td></tr>' +
  '<tr><td>&bull; <a href="Usage.html#Usage">Usage</a></td><td>&nbsp;&nbsp;</td><td>Usage.</td></tr>' +
  '<tr><th colspan="3" align="left" valign="top"><pre class="menu-comment"> &mdash; The Detailed Node Listing &mdash;\n\nReference\n\n</pre></th></tr>' +
  '<tr><td>&bull; <a href="#RSA">RSA</a></td><td>&nbsp;&nbsp;</td><td>The RSA public key algorithm.</td></tr>' +
  '</table>';

test("htmlBlocks: a Texinfo node's menu goes whole, descriptions and comments too", () => {
  const html = `<body><h2 class="chapter">3 Reference</h2><p>This chapter describes all functions.</p>${MENU}<p>After.</p></body>`;
  assert.deepEqual(
    htmlBlocks(html).map((b) => b.text),
    ['3 Reference', 'This chapter describes all functions.', 'After.'],
  );
});

test('htmlBlocks: a node page that is only its menu keeps it (nothing else to read)', () => {
  const blocks = htmlBlocks(`<body>${MENU}</body>`).map((b) => b.text);
  assert.ok(blocks.some((t) => t.includes('RSA')));
});

test("htmlBlocks: a split manual's Top node, its @contents linked to the node pages, keeps its text only", () => {
  const html =
    '<body><h1 class="settitle">GNU Mailutils Manual</h1><p>This edition documents Version 3.15.</p>' +
    '<div class="Contents_element" id="SEC_Contents"><h2 class="contents-heading">Table of Contents</h2>' +
    '<div class="contents"><ul class="no-bullet"><li><a id="toc-Introduction-1" href="Introduction.html">1 Introduction</a>' +
    '<ul class="no-bullet"><li><a href="Book-Contents.html">1.1 What this Book Contains</a></li>' +
    '<li><a href="History.html">1.2 A bit of History, and why use this package?</a></li></ul></li>' +
    '<li><a href="Mailbox.html">2 Mailbox</a></li></ul></div></div>' +
    '<h2 class="top">GNU Mailutils</h2><p>This edition of the manual.</p></body>';
  assert.deepEqual(
    htmlBlocks(html).map((b) => b.text),
    ['GNU Mailutils Manual', 'This edition documents Version 3.15.', 'GNU Mailutils', 'This edition of the manual.'],
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractHtml, htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';

const kinds = (html: string) => htmlBlocks(html).map((b) => `${b.kind}${b.level ?? ''}:${b.text}`);

test('headings, paragraphs, lists, pre and table rows, in order', () => {
  const html =
    '<html><body><h1>Handbook</h1><p>Intro <b>text</b>.</p><h3>Leave</h3><ul><li>one</li><li>two <i>more</i></li></ul>' +
    '<pre>x &lt;- 1\ny &lt;- 2</pre><table><tr><th>Name</th><th>Days</th></tr><tr><td>Leave</td><td>25</td></tr></table><p>End.</p></body></html>';
  assert.deepEqual(kinds(html), [
    'heading1:Handbook',
    'paragraph:Intro text.',
    'heading3:Leave',
    'item:one',
    'item:two more',
    'code:x <- 1\ny <- 2',
    'row:Name | Days',
    'row:Leave | 25',
    'paragraph:End.',
  ]);
});

test('script, style, nav, header, footer, aside, head and hidden elements are dropped', () => {
  const html =
    '<html><head><title>T</title><style>p{}</style></head><body><header>Site</header><nav><a href="/">Home</a></nav>' +
    '<script>var x = "<p>no</p>";</script><p>Kept.</p><aside>Ad</aside><div hidden>Hidden</div><p style="display: none">Gone</p>' +
    '<span aria-hidden="true">Icon</span><footer>Foot</footer></body></html>';
  assert.deepEqual(kinds(html), ['paragraph:Kept.']);
});

test('a list of in-page links is contents; a Texinfo navigation bar is dropped; a link inside text stays', () => {
  const html =
    '<h2>Table of Contents</h2><ul><li><a href="#a">1 Scope</a><ul><li><a href="#b">1.1 Terms</a></li></ul></li><li><a href="#c">2 Rules</a></li></ul>' +
    '<div class="header"><p>Next: <a href="#c">Rules</a>, Up: <a href="#top">Top</a> &nbsp; [<a href="#toc">Contents</a>][<a href="#i">Index</a>]</p></div>' +
    '<h2 id="a">1 Scope</h2><p>See <a href="#c">the rules</a> first.</p>' +
    '<table><tr><th>Jump to:</th><td><a href="#A">A</a> <a href="#B">B</a> <a href="#C">C</a> <a href="#D">D</a> <a href="#E">E</a></td></tr></table>' +
    '<table><tr><th>A</th></tr><tr><td><a href="#i1">apple</a>:</td><td><a href="#a">1 Scope</a></td></tr><tr><td><a href="#i2">axe</a>:</td><td><a href="#c">2 Rules</a></td></tr></table>';
  assert.deepEqual(kinds(html), ['heading2:Table of Contents', 'heading2:1 Scope', 'paragraph:See the rules first.']);
});

test('the declared charset is honoured (the encodings themselves: charset.test.ts)', () => {
  const latin = Buffer.from(
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"></head><body><p>K\xf6ln</p></body></html>',
    'latin1',
  );
  assert.deepEqual(
    extractHtml(latin).map((b) => b.text),
    ['Köln'],
  );
});

test('a table row keeps its cells beside the text the chunker reads', () => {
  const rows = htmlBlocks('<table><tr><th>Name</th><th>Size</th></tr><tr><td>a.txt</td><td>4</td></tr></table>');
  assert.deepEqual(
    rows.map((b) => [b.text, b.cells?.map((c) => c.text)]),
    [
      ['Name | Size', ['Name', 'Size']],
      ['a.txt | 4', ['a.txt', '4']],
    ],
  );
});

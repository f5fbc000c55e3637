import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  extractHtml,
  htmlBlocks,
  imageAlt,
  isChromeCaption,
  isAdmonitionBox,
  isChrome,
  admonitionPart,
  isContentsContainer,
  isLogoBlock,
  isPageStepCard,
  isPermalinkMark,
  isRepeatedHeading,
  isSiteToctreeItem,
  isSourceLink,
  isSiteHeader,
  pageSwallowedBy,
  itemKind,
  startsCodeLine,
  pageAnchors,
  placeCells,
  doxygenSignature,
  isMoreLink,
  isSpacedSpan,
} from '../../../../src/documents/formats/html/extract.ts';
import { isInPageLink } from '../../../../src/documents/listing.ts';
import type { RowSpan } from '../../../../src/documents/formats/row-spans.ts';

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

test('footnotes in an aside are text, their number opening the note; other asides are chrome', async (t) => {
  const cases: [string, string, string[]][] = [
    [
      'Docutils 0.18+ footnotes',
      '<p>Body.</p><aside class="footnote-list brackets"><aside class="footnote brackets" id="id7" role="note">' +
        '<span class="label"><span class="fn-bracket">[</span><a role="doc-backlink" href="#id1">1</a><span class="fn-bracket">]</span></span>' +
        '<p>See the <a href="https://example.org/">Policy</a> for sections.</p></aside></aside><p>After.</p>',
      ['paragraph:Body.', 'paragraph:[1] See the Policy for sections.', 'paragraph:After.'],
    ],
    [
      'endnotes by role',
      '<p>Body.</p><aside role="doc-endnotes"><ol><li>A note.</li></ol></aside>',
      ['paragraph:Body.', 'item:1. A note.'],
    ],
    ['a sidebar aside', '<p>Body.</p><aside class="related"><p>Related posts</p></aside>', ['paragraph:Body.']],
    ['a bare aside', '<p>Body.</p><aside><p>Advertisement</p></aside>', ['paragraph:Body.']],
  ];
  for (const [name, html, want] of cases) await t.test(name, () => assert.deepEqual(kinds(html), want));
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

test('merged cells: colspan leaves empty cells in place, a rowspan value repeats below, values stay under their header', () => {
  const html =
    '<table><thead><tr><th>A</th><th>B</th><th>C</th><th>D</th></tr></thead>' +
    '<tr><td rowspan="2">a1</td><td colspan="2">bc1</td><td>d1</td></tr>' +
    '<tr><td>b2</td><td></td><td>d2</td></tr>' +
    '<tr><td>a3</td><td>wrapped<br>cell <p>text</p></td><td>-</td><td>d3</td></tr></table>';
  const rows = htmlBlocks(html);
  assert.deepEqual(
    rows.map((b) => b.text),
    ['A | B | C | D', 'a1 | bc1 |  | d1', 'a1 | b2 |  | d2', 'a3 | wrapped cell text | - | d3'],
  );
  assert.deepEqual(
    rows[0]!.cells?.map((c) => c.header),
    [true, true, true, true],
    'a thead row is a header row',
  );
  assert.equal(rows[1]!.cells?.[0]?.header, undefined);
});

test("a column no row writes in is a spacer, not a cell: groff -Thtml's tagged paragraphs read as the page shows them", () => {
  const td = (t: string) => `<td width="10%">${t}</td>`;
  const html =
    '<table width="100%" border="0" rules="none" frame="void">' +
    `<tr>${td('')}${td('<p>-P</p>')}${td('')}${td('<p>Never follow symbolic links.</p>')}</tr>` +
    `<tr>${td('')}${td('<p>-L</p>')}${td('')}${td('<p>Follow symbolic links.</p>')}</tr></table>` +
    '<table><tr><th>A</th><th>B</th></tr><tr><td>a</td><td></td></tr></table>';
  assert.deepEqual(
    htmlBlocks(html).map((b) => [b.text, b.cells?.length]),
    [
      ['-P | Never follow symbolic links.', 2],
      ['-L | Follow symbolic links.', 2],
      ['A | B', 2],
      ['a | ', 2],
    ],
  );
});

test('a column written only by a row read as blocks (a cell of code) is no spacer: the other rows keep their empty cell', () => {
  const html =
    '<table><tr><th></th><th>1D</th><th>Notes</th></tr>' +
    '<tr><td><pre>Vector4d v4;\nVector2f v1;</pre></td><td>x</td><td>y</td></tr>' +
    '<tr><td></td><td>a</td><td>b</td></tr></table>';
  assert.deepEqual(
    htmlBlocks(html)
      .filter((b) => b.kind === 'row')
      .map((b) => b.text),
    [' | 1D | Notes', ' | a | b'],
  );
});

test('a value merged down over rows (rowspan) reads on each row it spans; a row of its own text only is read', () => {
  const html =
    '<table><tr><th rowspan="2">Name</th><th colspan="2">Size</th></tr><tr><th>min</th><th>max</th></tr>' +
    '<tr><td rowspan="3">disk</td><td>1</td><td>9</td></tr><tr><td>2</td><td>8</td></tr><tr><td></td><td></td></tr></table>';
  assert.deepEqual(
    htmlBlocks(html).map((b) => [b.text, b.cells?.every((c) => c.header) ?? false]),
    [
      ['Name | Size | ', true],
      ['Name | min | max', true],
      ['disk | 1 | 9', false],
      ['disk | 2 | 8', false],
    ],
  );
});

test('a cell of a row read as blocks (code) spanning rows is not repeated into the rows below', () => {
  const html =
    '<table><tr><th>Op</th><th>Code</th><th>Out</th></tr>' +
    '<tr><td>min</td><td><pre>m.minCoeff();\nm.maxCoeff();</pre></td><td rowspan="2"><pre>5 3 1\n2 7 4</pre></td></tr>' +
    '<tr><td>colwise</td><td>m.colwise();</td></tr></table>';
  assert.deepEqual(
    htmlBlocks(html)
      .filter((b) => b.kind === 'row')
      .map((b) => b.text),
    ['Op | Code | Out', 'colwise | m.colwise(); | '],
  );
});

const placeCases: [string, { text: string; colspan: number; rowspan: number }[][], string[][]][] = [
  ['plain rows', [[{ text: 'a', colspan: 1, rowspan: 1 }], [{ text: 'b', colspan: 1, rowspan: 1 }]], [['a'], ['b']]],
  [
    'a colspan',
    [
      [
        { text: 'ab', colspan: 2, rowspan: 1 },
        { text: 'c', colspan: 1, rowspan: 1 },
      ],
    ],
    [['ab', '', 'c']],
  ],
  [
    'a rowspan in the middle column',
    [
      [
        { text: 'a', colspan: 1, rowspan: 1 },
        { text: 'b', colspan: 1, rowspan: 2 },
        { text: 'c', colspan: 1, rowspan: 1 },
      ],
      [
        { text: 'a2', colspan: 1, rowspan: 1 },
        { text: 'c2', colspan: 1, rowspan: 1 },
      ],
    ],
    [
      ['a', 'b', 'c'],
      ['a2', 'b', 'c2'],
    ],
  ],
  [
    'a rowspan in the last column',
    [
      [
        { text: 'a', colspan: 1, rowspan: 1 },
        { text: 'z', colspan: 1, rowspan: 2 },
      ],
      [{ text: 'a2', colspan: 1, rowspan: 1 }],
    ],
    [
      ['a', 'z'],
      ['a2', 'z'],
    ],
  ],
  [
    'a rowspan over three rows in the first column, then a cell of its own',
    [
      [
        { text: 'Fruit', colspan: 1, rowspan: 3 },
        { text: 'Apple', colspan: 1, rowspan: 1 },
      ],
      [{ text: 'Pear', colspan: 1, rowspan: 1 }],
      [{ text: 'Plum', colspan: 1, rowspan: 1 }],
      [
        { text: 'Nut', colspan: 1, rowspan: 1 },
        { text: 'Walnut', colspan: 1, rowspan: 1 },
      ],
    ],
    [
      ['Fruit', 'Apple'],
      ['Fruit', 'Pear'],
      ['Fruit', 'Plum'],
      ['Nut', 'Walnut'],
    ],
  ],
  [
    'a paragraph spanning rows stays on its first row',
    [
      [
        { text: 'a', colspan: 1, rowspan: 1 },
        { text: 'long '.repeat(20).trim(), colspan: 1, rowspan: 2 },
      ],
      [{ text: 'a2', colspan: 1, rowspan: 1 }],
    ],
    [
      ['a', 'long '.repeat(20).trim()],
      ['a2', ''],
    ],
  ],
  [
    'a cell spanning rows and columns repeats in its first column only',
    [
      [
        { text: 'ab', colspan: 2, rowspan: 2 },
        { text: 'c', colspan: 1, rowspan: 1 },
      ],
      [{ text: 'c2', colspan: 1, rowspan: 1 }],
    ],
    [
      ['ab', '', 'c'],
      ['ab', '', 'c2'],
    ],
  ],
];
for (const [name, rows, want] of placeCases) {
  test(`placeCells: ${name}`, () => {
    const spans: (RowSpan | undefined)[] = [];
    assert.deepEqual(
      rows.map((r) =>
        placeCells(
          r.map((c) => ({ ...c, header: false })),
          spans,
        ).map((c) => c.text),
      ),
      want,
    );
  });
}

test('a row whose cell holds code of several lines is a layout row: its cells as blocks', () => {
  const html =
    '<table class="example"><tr><td><pre>int a = 1;\n  f(a);</pre></td><td><pre class="fragment">1\n2</pre></td></tr></table>' +
    '<table><tr><td>x</td><td><code>one line</code></td></tr></table>';
  assert.deepEqual(kinds(html), ['code:int a = 1;\n  f(a);', 'code:1\n2', 'row:x | one line']);
});

test("the blocks of a row read as blocks carry their table's header row, when it has one", () => {
  const blocks = (html: string) => htmlBlocks(html).map((b) => [b.kind, b.text, b.tableHeader]);
  const code =
    '<td><div class="fragment"><div class="line">x = A::Zero();</div><div class="line">x.setZero();</div></div></td>';
  const head = '<tr><th>Fixed-size</th><th>Dynamic-size</th></tr>';
  // Eigen's quick reference: a header row of <th>, then rows whose cells are code fragments; a
  // row of code cells is one code block, its cells parted by a blank line.
  assert.deepEqual(blocks(`<table>${head}<tr>${code}${code}</tr><tr><td>a</td><td>b</td></tr></table>`), [
    ['row', 'Fixed-size | Dynamic-size', undefined],
    ['code', 'x = A::Zero();\nx.setZero();\n\nx = A::Zero();\nx.setZero();', 'Fixed-size | Dynamic-size'],
    ['row', 'a | b', undefined],
  ]);
  // A row of code and text cells: each block on its own, with the header.
  assert.deepEqual(blocks(`<table>${head}<tr>${code}<td><p>One.</p><p>Two.</p></td></tr></table>`), [
    ['row', 'Fixed-size | Dynamic-size', undefined],
    ['code', 'x = A::Zero();\nx.setZero();', 'Fixed-size | Dynamic-size'],
    ['paragraph', 'One.', 'Fixed-size | Dynamic-size'],
    ['paragraph', 'Two.', 'Fixed-size | Dynamic-size'],
  ]);
  // No header row, or a layout table (role="presentation"): nothing to repeat.
  assert.deepEqual(blocks(`<table><tr>${code}<td>Output</td></tr></table>`), [
    ['code', 'x = A::Zero();\nx.setZero();', undefined],
    ['paragraph', 'Output', undefined],
  ]);
  assert.deepEqual(blocks(`<table role="presentation"><tr><th>In</th></tr><tr>${code}</tr></table>`), [
    ['paragraph', 'In', undefined],
    ['code', 'x = A::Zero();\nx.setZero();', undefined],
  ]);
});

test("Doxygen's page title is the page's heading; its links bar and groups are no text", () => {
  const html =
    '<div class="header"><div class="summary"><a href="#nested-classes">Classes</a></div>' +
    '<div class="headertitle"><div class="title">FITS Exceptions<div class="ingroups"><a class="el" href="group__a.html">Errors</a></div></div></div></div>' +
    '<div class="contents"><p>Thrown on failure.</p></div>' +
    '<div class="title">A site\'s title box</div>';
  assert.deepEqual(kinds(html), [
    'heading1:FITS Exceptions',
    'paragraph:Thrown on failure.',
    "paragraph:A site's title box",
  ]);
});

test("a Doxygen fragment's lines are a code block", () => {
  const html =
    '<div class="fragment"><div class="line">int x;</div>\n<div class="line">  <span class="keyword">return</span> x;</div></div><p>After.</p>';
  assert.deepEqual(kinds(html), ['code:int x;\n  return x;', 'paragraph:After.']);
});

test('site chrome is dropped by role, class and id, by structure and not by words', () => {
  const html =
    '<body class="wy-body-for-nav"><div class="wy-grid-for-nav">' +
    '<nav class="wy-nav-side"><p>Side menu</p></nav><div class="related" role="navigation"><p>next | previous</p></div>' +
    '<div id="titlearea"><p>Eigen 3.4.0</p></div><div class="wy-nav-content"><section id="font-related-parameters">' +
    '<h1>Title<a class="headerlink" href="#t">¶</a></h1><p>Body text.</p>' +
    '<div class="ttc"><div class="ttname">Eigen::size</div></div>' +
    '<div class="sidebar"><p>A Docutils sidebar is text.</p></div>' +
    '<p><a href="#">top</a></p></section></div>' +
    '<div class="sphinxsidebar"><p>Quick search</p></div><div class="navfooter"><table><tr><td>Prev</td><td>Next</td></tr></table></div>' +
    '<div class="footer" role="contentinfo"><p>© Copyright.</p></div><div id="nav-path" class="navpath"><p>Generated by doxygen</p></div>' +
    '</div></body>';
  assert.deepEqual(kinds(html), ['heading1:Title', 'paragraph:Body text.', 'paragraph:A Docutils sidebar is text.']);
});

test("Texinfo's copiable anchors after a definition line and a heading are chrome", () => {
  const html =
    '<h3 class="section">5.3 Handles<a class="copiable-link" href="#h"> &para;</a></h3>' +
    '<dl class="def"><dt id="f"><span class="category">Function: </span><strong>open</strong> <em>(int algo)</em>' +
    "<a href='#f' class='copiable-anchor'> &para;</a></dt><dd><p>Opens it.</p></dd></dl>" +
    '<p>A pilcrow the text writes ¶ stays.</p>';
  assert.deepEqual(kinds(html), [
    'heading3:5.3 Handles',
    'item:Function: open (int algo) Opens it.',
    'paragraph:A pilcrow the text writes ¶ stays.',
  ]);
});

test('a data table whose names link to their sections is kept; an index of in-page links is not', () => {
  const html =
    '<table><tr><th>Status</th><th>Feature</th><th>Removed</th></tr>' +
    '<tr><td>Deprecated</td><td><a href="#f1">Legacy builder</a></td><td>v23.0</td></tr>' +
    '<tr><td>Removed</td><td><a href="#f2">Old registry format</a></td><td>v20.10</td></tr></table>' +
    '<table><tr><td><a href="#i1">alias</a></td><td><a href="#s1">Builtins</a></td></tr>' +
    '<tr><td><a href="#i2">bind</a></td><td><a href="#s1">Builtins</a></td></tr></table>';
  assert.deepEqual(kinds(html), [
    'row:Status | Feature | Removed',
    'row:Deprecated | Legacy builder | v23.0',
    'row:Removed | Old registry format | v20.10',
  ]);
});

test('ordered lists keep their numbers: start, type, reversed, li value, nesting', async (t) => {
  const items = (html: string) => htmlBlocks(html).map((b) => b.text);
  const cases: [string, string, string[]][] = [
    ['plain', '<ol><li>Stop it</li><li>Start it</li></ol>', ['1. Stop it', '2. Start it']],
    ['start', '<ol start="4"><li>four</li><li>five</li></ol>', ['4. four', '5. five']],
    [
      'li value resets the count',
      '<ol><li>one</li><li value="10">ten</li><li>eleven</li></ol>',
      ['1. one', '10. ten', '11. eleven'],
    ],
    [
      'letters and roman numerals',
      '<ol type="a"><li>x</li><li>y</li></ol><ol type="I" start="3"><li>z</li><li>w</li></ol>',
      ['a. x', 'b. y', 'III. z', 'IV. w'],
    ],
    [
      'reversed with a start counts down',
      '<ol reversed start="3"><li>c</li><li>b</li><li>a</li></ol>',
      ['3. c', '2. b', '1. a'],
    ],
    ['reversed without a start: unnumbered', '<ol reversed><li>c</li><li>b</li></ol>', ['c', 'b']],
    [
      'the number goes to the item text inside a paragraph',
      '<ol><li><p>First para.</p><p>Second para.</p></li><li><p>Next.</p></li></ol>',
      ['1. First para.', 'Second para.', '2. Next.'],
    ],
    [
      'nested lists keep their own count',
      '<ol><li>Outer<ol type="a"><li>inner</li><li>inner two</li></ol></li><li>Outer two</li></ol>',
      ['1. Outer', 'a. inner', 'b. inner two', '2. Outer two'],
    ],
    ['a bullet list inside keeps no number', '<ol><li>Outer<ul><li>dot</li></ul></li></ol>', ['1. Outer', 'dot']],
    ['an unordered list is not numbered', '<ul><li>a</li><li>b</li></ul>', ['a', 'b']],
  ];
  for (const [name, html, want] of cases) await t.test(name, () => assert.deepEqual(items(html), want));
});

test("an image inside code is no character of it (DocBook's callout marks); outside code its alt text is read", () => {
  const html =
    '<pre class="programlisting">&lt;table rules="all"<a id="co1"></a><span><img src="images/callouts/1.png" alt="1" /></span>&gt;\n&lt;/table&gt;</pre>' +
    '<p>The <img src="k.png" alt="Enter" /> key.</p>';
  assert.deepEqual(kinds(html), ['code:<table rules="all">\n</table>', 'paragraph:The Enter key.']);
});

test('a navigation table without chrome classes (Prev | Chapter | Next) is left out; a data table stays', () => {
  const html =
    '<table><tr><th colspan="3">Creating Tables</th></tr><tr><td><a href="a.html">Prev</a> </td><th>Chapter 3. Using dblatex</th><td> <a href="c.html">Next</a></td></tr></table>' +
    '<p>Text.</p>' +
    '<table><tr><td>n</td><td><a href="c.html">Next</a></td></tr><tr><td>p</td><td>Previous</td></tr></table>';
  assert.deepEqual(kinds(html), ['paragraph:Text.', 'row:n | Next', 'row:p | Previous']);
});

test('a menu of navigation links set as a list (outside any chrome class) is left out; a list of page links stays', () => {
  const html =
    '<ul><li><a href="genindex.html">index</a></li><li><a href="n.html">next</a> |</li><li><a href="p.html">previous</a> |</li><li><a href="i.html">CMake</a> »</li></ul>' +
    '<p>Text.</p>' +
    '<ul><li><a href="o.html">Options</a></li><li><a href="e.html">Extensibility</a></li></ul>';
  assert.deepEqual(kinds(html), ['paragraph:Text.', 'item:Options', 'item:Extensibility']);
});

const inPageCases: [string, string, boolean][] = [
  ['a bare anchor', '#usage', true],
  ["the page's own name and one of its anchors (DocBook's contents list)", 'sec-table.html#idp1134', true],
  ['another page whose anchor this page lacks', 'ch03s09.html#intro', false],
  ['another page without an anchor', 'ch03s09.html', false],
  ['a web address with an anchor of the same name', 'https://example.org/sec-table.html#idp1134', false],
  ['a protocol-relative address', '//example.org/x.html#idp1134', false],
  ['an escaped anchor', 'sec-table.html#caf%C3%A9', true],
  ['a malformed escape is no anchor', 'x.html#%E0%A4%A', false],
  ['an empty anchor', 'sec-table.html#', false],
];
for (const [name, href, want] of inPageCases) {
  test(`isInPageLink: ${name}`, () => assert.equal(isInPageLink(href, new Set(['idp1134', 'usage', 'café'])), want));
}

test('pageAnchors: ids and anchor names, quoted or not', () => {
  assert.deepEqual([...pageAnchors('<h2 id="a">x</h2><a name=\'b\'></a><div id=c class="d"><p data-id="no">')].sort(), [
    'a',
    'b',
    'c',
  ]);
});

test("a DocBook page's contents list, linked by the page's own name, is contents, not text", () => {
  const html =
    '<div class="toc"><dl class="toc"><dt><span class="section"><a href="sec-table.html#t1">Limitations</a></span></dt>' +
    '<dt><span class="section"><a href="sec-table.html#t2">Table Width</a></span></dt></dl></div>' +
    '<h3><a id="t1"></a>Limitations</h3><p>Text.</p><h3><a id="t2"></a>Table Width</h3>' +
    '<ul><li><a href="other.html#x">Other page</a></li><li><a href="other.html#y">Another</a></li></ul>';
  assert.deepEqual(kinds(html), [
    'heading3:Limitations',
    'paragraph:Text.',
    'heading3:Table Width',
    'item:Other page',
    'item:Another',
  ]);
});

test("a definition list's term and its definition's first paragraph are one item", async (t) => {
  const cases: [string, string, string[]][] = [
    [
      'an option and its description',
      '<dl><dt><code>-c</code></dt><dd><p>If the <code>-c</code> option is present, commands are read.</p><p>Second.</p></dd></dl>',
      ['item:-c If the -c option is present, commands are read.', 'paragraph:Second.'],
    ],
    [
      'a definition without a paragraph',
      '<dl><dt>-i</dt><dd>The shell is interactive.</dd></dl>',
      ['item:-i The shell is interactive.'],
    ],
    [
      'a term without a definition stays an item, at the end of the list and before the next term',
      '<dl><dt>alone</dt><dt>-l</dt><dd>Login shell.</dd><dt>last</dt></dl><p>After.</p>',
      ['item:alone', 'item:-l Login shell.', 'item:last', 'paragraph:After.'],
    ],
    [
      'a definition that opens with code keeps the term apart',
      '<dl><dt>Example</dt><dd><pre>make all</pre></dd></dl>',
      ['item:Example', 'code:make all'],
    ],
    [
      'a list of terms (a DocBook contents list) keeps one item per term',
      '<dl><dt>One</dt><dt>Two</dt></dl>',
      ['item:One', 'item:Two'],
    ],
  ];
  for (const [name, body, want] of cases)
    await t.test(name, () => assert.deepEqual(kinds(`<html><body>${body}</body></html>`), want));
});

// isContentsContainer: the classes generators give contents lists, menus and indexes.
const contentsCases: [string, string, Record<string, string>, boolean][] = [
  ['DocBook div.toc', 'div', { class: 'toc' }, true],
  ['DocBook list of tables', 'div', { class: 'list-of-tables' }, true],
  ['makeinfo 6.8 section-toc', 'ul', { class: 'section-toc' }, true],
  ['makeinfo 7 mini-toc', 'ul', { class: 'mini-toc' }, true],
  ['makeinfo menu table', 'table', { class: 'menu' }, true],
  ['makeinfo 6 index table', 'table', { class: 'index-cp' }, true],
  ['makeinfo 7 index entries', 'table', { class: 'fn-entries-printindex' }, true],
  ['makeinfo 7 letter bar', 'table', { class: 'cp-letters-header-printindex' }, true],
  ['Sphinx toctree', 'div', { class: 'toctree-wrapper compound' }, true],
  ['makeinfo 6 @contents box', 'div', { class: 'Contents_element' }, true],
  ['makeinfo 6.8/7 @contents box', 'div', { class: 'element-contents' }, true],
  ['makeinfo 6.8/7 @shortcontents box', 'div', { class: 'element-shortcontents' }, true],
  ["Doxygen's page body div.contents", 'div', { class: 'contents' }, false],
  ['a site menu set as a list', 'ul', { class: 'menu' }, false],
  ['a div classed index-page', 'div', { class: 'index-page' }, false],
  ['no class', 'ul', {}, false],
  ['a table of contents-like name', 'table', { class: 'tocs-data' }, false],
];
for (const [name, el, attrs, want] of contentsCases) {
  test(`isContentsContainer: ${name}`, () => assert.equal(isContentsContainer(el, attrs), want, name));
}

test("a split manual's contents list and index, linked to other pages, are contents as in the one-page manual", () => {
  const html =
    '<h3>2.3 Types</h3><ul class="section-toc"><li><a href="Primitive-Types.html">Primitive Types</a></li>' +
    '<li><a href="Structures.html">Structures</a></li></ul>' +
    '<div class="toc"><p><b>Table of Contents</b></p><dl class="toc"><dt><a href="ch1.html">1. Intro</a></dt>' +
    '<dt><a href="ch2.html">2. Use</a></dt></dl></div>' +
    '<table><tr><th>Jump to:</th><td><a href="#L-A"><b>A</b></a> <a href="#L-C"><b>C</b></a></td></tr></table>' +
    '<table class="index-cp"><tr><td></td><th>Index Entry</th><td></td><th>Section</th></tr>' +
    '<tr><th id="L-A">A</th><td></td><td></td></tr>' +
    '<tr><td></td><td><a href="Intro.html#index-ABI">ABI</a>:</td><td></td><td><a href="Intro.html">Introduction</a></td></tr>' +
    '<tr><th id="L-C">C</th><td></td><td></td></tr>' +
    '<tr><td></td><td><a href="Basics.html#index-cif">cif</a>:</td><td></td><td><a href="Basics.html">The Basics</a></td></tr>' +
    '<tr><td></td><td><a href="Closures.html#index-cl">closures</a>:</td><td></td><td><a href="Closures.html">The Closure API</a></td></tr>' +
    '<tr><td></td><td><a href="Intro.html#index-FFI">FFI</a>:</td><td></td><td><a href="Intro.html">Introduction</a></td></tr>' +
    '</table>' +
    '<p>See <a href="Structures.html">Structures</a> for more.</p>' +
    '<ul><li><a href="a.html">Options</a></li><li><a href="b.html">Extensibility</a></li></ul>';
  assert.deepEqual(kinds(html), [
    'heading3:2.3 Types',
    // The container's title goes with its list (leftContentsTitles).
    'paragraph:See Structures for more.',
    'item:Options',
    'item:Extensibility',
  ]);
});

// imageAlt: an alt that only names the image's file is no text.
const altCases: [string, string | undefined, string | undefined, string][] = [
  ["grohtml's 'Image FILE'", 'Image img/pic14.png', 'img/pic14.png', ''],
  ['the bare file name', 'pic14.png', 'img/pic14.png', ''],
  ['the path with a query', 'img/a.png', 'img/a.png?v=2', ''],
  ['a description', 'Diagonal arrows on a grid', 'img/pic14.png', 'Diagonal arrows on a grid'],
  ['a sentence naming the file', 'Figure 2: layout.png compared', 'img/layout.png', 'Figure 2: layout.png compared'],
  ['LaTeX2HTML math', '$x^2$', 'img12.png', '$x^2$'],
  ['another file named', 'Image img/other.png', 'img/pic14.png', 'Image img/other.png'],
  ['no src', 'Logo', undefined, 'Logo'],
  ['no alt', undefined, 'a.png', ''],
  ["Doxygen's dynamic section: the expand mark", '+', 'closed.png', ''],
  ['a collapse mark', '▼', 'open.png', ''],
  ['a sign that is no mark', '→', 'arrow.png', '→'],
  ['a plus in a formula', '$a+b$', 'form_3.png', '$a+b$'],
];
for (const [name, alt, src, want] of altCases) {
  test(`imageAlt: ${name}`, () => assert.equal(imageAlt(alt, src), want, name));
}

test("an image whose alt names its file is no text; a described image's alt is read", () => {
  assert.deepEqual(
    kinds(
      '<p>Paths.</p><p><img src="img/pic14.png" alt="Image img/pic14.png"></p><p>Figure 5-1: Arrows</p>' +
        '<p><img src="img/b.png" alt="A box and a circle"></p>',
    ),
    ['paragraph:Paths.', 'paragraph:Figure 5-1: Arrows', 'paragraph:A box and a circle'],
  );
});

// itemKind: an item's first block is the item, a later one goes on with it.
const itemKindCases: [string, boolean, string][] = [
  ["an item's first block", false, 'item'],
  ["an item's later block", true, 'paragraph'],
];
for (const [name, started, want] of itemKindCases) {
  test(`itemKind: ${name}`, () => assert.equal(itemKind(started), want, name));
}

test("a list item's later paragraphs go on with it; nested items and the next item keep their markers", () => {
  const html =
    '<ol><li><p>The default: stderr.</p><p>The simplest arrangement.</p></li>' +
    '<li><p>A file.</p><ul><li>By name.</li><li>By pid.</li></ul><p>After the nested list.</p></li></ol>' +
    '<dl><dt>VALGRIND_X:</dt><dd><p>Runs x.</p><p>Warning: only use it if you know.</p></dd>' +
    '<dt>VALGRIND_Y:</dt><dd><p>Runs y.</p></dd></dl>';
  assert.deepEqual(kinds(html), [
    'item:1. The default: stderr.',
    'paragraph:The simplest arrangement.',
    'item:2. A file.',
    'item:By name.',
    'item:By pid.',
    'paragraph:After the nested list.',
    'item:VALGRIND_X: Runs x.',
    'paragraph:Warning: only use it if you know.',
    'item:VALGRIND_Y: Runs y.',
  ]);
});

test("a Q and A set's question list (DocBook's tr.toc) goes; its questions and answers stay", () => {
  const html =
    '<table summary="Q and A Div"><tr class="qandadiv"><td colspan="2"><h3>1. Background</h3></td></tr>' +
    '<tr class="toc"><td colspan="2">1.1. <a href="faq.html#q1">How do you say it?</a><br>' +
    '1.2. <a href="faq.html#q2">Where does it come from?</a></td></tr>' +
    '<tr class="question"><td><a name="q1"></a><b>1.1.</b></td><td><p>How do you say it?</p></td></tr>' +
    '<tr class="answer"><td></td><td><p>Like the word value.</p></td></tr>' +
    '<tr class="question"><td><a name="q2"></a><b>1.2.</b></td><td><p>Where does it come from?</p></td></tr>' +
    '<tr class="answer"><td></td><td><p>From a myth.</p></td></tr></table>';
  const got = kinds(html);
  assert.ok(!got.some((k) => k.includes('1.1. How do you say it? 1.2.')), got.join('\n'));
  assert.ok(got.some((k) => k.includes('Like the word value.')));
  assert.ok(got.some((k) => k.includes('How do you say it?')));
});

test('isPermalinkMark: an in-page link whose whole text is one mark', async (t) => {
  const cases: [string, string | undefined, string, boolean][] = [
    ["Node.js's heading mark", '#windows-vs-posix', '#', true],
    ["Sphinx's pilcrow, spaced", '#section', ' ¶ ', true],
    ['a section sign', '#s2', '§', true],
    ['a link symbol', '#install', '🔗', true],
    ["Doxygen's diamond before a member's title, a no-break space after it", '#a2b9c0e1f', '◆\u00a0', true],
    ['a footnote reference', '#fn1', '1', false],
    ["an index letter bar's letter", '#A', 'A', false],
    ['a link of words', '#usage', 'see Usage', false],
    ['a mark linking to another page', 'other.html#x', '#', false],
    ['no href', undefined, '#', false],
  ];
  for (const [name, href, text, want] of cases)
    await t.test(name, () => assert.equal(isPermalinkMark(href, text), want));
  await t.test("a heading's mark is no text of the heading", () =>
    assert.deepEqual(
      kinds(
        '<h3>Windows vs. POSIX<span><a class="mark" href="#windows-vs-posix" id="windows-vs-posix">#</a></span></h3><p>Text with <a href="#x">#</a> in it and <a href="#fn1">1</a>.</p>',
      ),
      ['heading3:Windows vs. POSIX', 'paragraph:Text with in it and 1.'],
    ),
  );
});

test('startsCodeLine: a listing in two flavours reads as two lines', async (t) => {
  const cases: [string, string, number, string, boolean][] = [
    ['a code element right after the last one closed', 'code', 35, "const path = require('node:path');", true],
    ['the first code element of the listing', 'code', -1, '', false],
    ['after a line break', 'code', 36, "const path = require('node:path');\n", false],
    ['text between the two', 'code', 20, "const path = require('node:path');", false],
    ['another element', 'span', 35, "const path = require('node:path');", false],
  ];
  for (const [name, el, end, text, want] of cases)
    await t.test(name, () => assert.equal(startsCodeLine(el, end === 35 ? text.length : end, text), want));
  await t.test('the listing keeps both flavours, one a line', () =>
    assert.deepEqual(
      kinds(
        '<pre><input type="checkbox"><code class="cjs">const a = require(\'a\');</code><code class="mjs">import a from \'a\';</code><button>copy</button></pre>',
      ),
      ["code:const a = require('a');\nimport a from 'a';"],
    ),
  );
});

test("isSiteHeader: a header is the site's banner unless it heads a section or is the title block", async (t) => {
  const cases: [string, Record<string, string>, boolean, boolean][] = [
    ['a bare header at the top of the body', {}, false, true],
    ["a site's header by class", { class: 'site-header' }, false, true],
    ["RDoc's member list title, inside a section", {}, true, false],
    ['role banner, even inside a section', { role: 'banner' }, true, true],
    ["pandoc's title block", { id: 'title-block-header' }, false, false],
    ["Quarto's title block", { id: 'title-block-header', class: 'quarto-title-block default' }, false, false],
    ['a class that only contains the letters of title', { class: 'subtitles-bar' }, false, true],
  ];
  for (const [name, attrs, inSection, want] of cases)
    await t.test(name, () => assert.equal(isSiteHeader(attrs, inSection), want));
  await t.test("RDoc's section titles and pandoc's title are read; the site banner is not", () =>
    assert.deepEqual(
      kinds(
        '<body><header role="banner"><p>Site</p></header><header id="title-block-header"><h1 class="title">TAR</h1>' +
          '<p class="date">July 13, 2020</p></header><header><p>Menu</p></header><main><section class="constants-list">' +
          '<header><h3>Constants</h3></header><dl><dt>SLASH<dd><p>The slash.</p></dl></section></main></body>',
      ),
      ['heading1:TAR', 'paragraph:July 13, 2020', 'heading3:Constants', 'item:SLASH The slash.'],
    ),
  );
});

test('pageSwallowedBy: a chrome element closed only at the end of the page held the page', async (t) => {
  const cases: [string, boolean, string, boolean][] = [
    ["CUnit's navigation header, closed by </BODY>", true, '</BODY>\n</HTML>', true],
    ['closed by </html>, after blanks', true, '\n  </html>', true],
    ['closed at the end of the input', true, '', true],
    ['closed by its own end tag', false, '</div></body>', false],
    ["closed by its parent's end tag (a cell, a list)", true, '</td></tr>', false],
    ['closed by the next paragraph', true, '<p>Next.</p>', false],
  ];
  for (const [name, implied, rest, want] of cases)
    await t.test(name, () => assert.equal(pageSwallowedBy(implied, rest), want));
  await t.test('the page is read; the closed chrome and the navigation bar still go', () =>
    assert.deepEqual(
      kinds(
        '<HTML><BODY><DIV CLASS="NAVHEADER"><TABLE><TR><TD><A HREF="a.html">Prev</A></TD><TD><A HREF="c.html">Next</A></TD></TR></TABLE>' +
          '<H2>2. Writing Tests</H2><P>A test is a function.<DIV CLASS="NAVFOOTER"><P>Footer</P></DIV></BODY></HTML>',
      ),
      ['heading2:2. Writing Tests', 'paragraph:A test is a function.'],
    ),
  );
  await t.test('a chrome element closed inside the page is dropped as before', () =>
    assert.deepEqual(kinds('<body><div class="navheader"><p>Prev Next</p></div><h2>Title</h2><p>Text.</p></body>'), [
      'heading2:Title',
      'paragraph:Text.',
    ]),
  );
});

// A definition or paragraph of links to other pages after its label is text, not a navigation
// bar; the same links alone, or in-page links after a label, still go.
const labelledHtmlCases: [name: string, html: string, want: string[]][] = [
  [
    "Javadoc's implementing classes (a definition of links only)",
    '<body id="top"><dl><dt>All Known Implementing Classes:</dt><dd><code><a href="../internal/A.html">AImpl</a></code>, <code><a href="../internal/B.html">BImpl</a></code></dd></dl><p>Text.</p></body>',
    ['item:All Known Implementing Classes: AImpl, BImpl', 'paragraph:Text.'],
  ],
  [
    "Doxygen's see-also (a definition of links to other pages)",
    '<dl class="section see"><dt>See also</dt><dd><a href="a.html#x">f()</a> <a href="b.html#y">g()</a></dd></dl><p>Text.</p>',
    ['item:See also f() g()', 'paragraph:Text.'],
  ],
  [
    'a paragraph of links after a label paragraph',
    '<p>See also:</p><p><a href="a.html">Alpha</a>, <a href="b.html">Beta</a></p><p>Text.</p>',
    ['paragraph:See also:', 'paragraph:Alpha, Beta', 'paragraph:Text.'],
  ],
  [
    'the same links with no label: a navigation bar, dropped',
    '<p>Intro.</p><p><a href="a.html">Alpha</a>, <a href="b.html">Beta</a></p><p>Text.</p>',
    ['paragraph:Intro.', 'paragraph:Text.'],
  ],
  [
    'in-page links after a label: a mini-TOC, dropped',
    '<dl><dt>Contents:</dt><dd><a href="#a">Alpha</a>, <a href="#b">Beta</a></dd></dl><h2 id="a">Alpha</h2><h2 id="b">Beta</h2>',
    ['item:Contents:', 'heading2:Alpha', 'heading2:Beta'],
  ],
  [
    'a label paragraph labels only the next block',
    '<p>See also:</p><p>Words.</p><p><a href="a.html">Alpha</a> <a href="b.html">Beta</a></p>',
    ['paragraph:See also:', 'paragraph:Words.'],
  ],
];
for (const [name, html, want] of labelledHtmlCases)
  test(`htmlBlocks, labelled links: ${name}`, () => assert.deepEqual(kinds(html), want, name));

// Zero-width break hints are no text of the page: Javadoc's U+200B before a parenthesis, U+FEFF.
const invisibleHtmlCases: [name: string, html: string, want: string[]][] = [
  [
    "Javadoc's signature (an entity)",
    '<pre>Argument addArgument&#8203;(java.lang.String... nameOrFlags)</pre>',
    ['code:Argument addArgument(java.lang.String... nameOrFlags)'],
  ],
  ['a method heading', '<h4>addArgument\u200B</h4>', ['heading4:addArgument']],
  ['U+FEFF inside a word does not split it', '<p>foo&#65279;bar</p>', ['paragraph:foobar']],
  ['U+200D stays', '<p>\u{1F468}\u200D\u{1F469}</p>', ['paragraph:\u{1F468}\u200D\u{1F469}']],
  ['soft hyphens (&shy;) leave a word whole', '<p>Donau&shy;dampf&shy;schiff</p>', ['paragraph:Donaudampfschiff']],
  ['a soft hyphen in a heading', '<h2>Konfigu\u00ADration</h2>', ['heading2:Konfiguration']],
];
for (const [name, html, want] of invisibleHtmlCases)
  test(`htmlBlocks, zero-width characters: ${name}`, () => assert.deepEqual(kinds(html), want, name));

test('isPageStepCard: a link wrapping blocks that steps to the page before or after', async (t) => {
  const cases: [string, string[], boolean][] = [
    ['PyData: previous, then the title', ['previous', 'Sandbox'], true],
    ['Book theme: next, then the title', ['next', 'Template Designer Documentation'], true],
    ['arrows and a colon', ['« Previous:', 'Intro'], true],
    ['"Next page"', ['Next page', 'Install'], true],
    ['one block: judged as a line elsewhere', ['previous'], false],
    ['a card of words', ['Getting started', 'Install the tool and run it.'], false],
    ['a first block that says more', ['Next steps for the reader', 'Install'], false],
    ['many blocks', ['next', 'a', 'b', 'c'], false],
  ];
  for (const [name, texts, want] of cases) await t.test(name, () => assert.equal(isPageStepCard(texts), want));
  await t.test("the PyData theme's previous/next area goes whole; a card of words stays", () =>
    assert.deepEqual(
      kinds(
        '<main><h1>Sandbox</h1><p>Text.</p><div class="prev-next-area"><a class="left-prev" href="intro.html"><div><p>previous</p><p>Introduction</p></div></a>' +
          '<a href="templates.html"><div><p>next</p><p>Templates</p></div></a></div>' +
          '<a href="start.html"><div><p>Getting started</p><p>Install it.</p></div></a></main>',
      ),
      ['heading1:Sandbox', 'paragraph:Text.', 'paragraph:Getting started', 'paragraph:Install it.'],
    ),
  );
});

test('isChromeCaption: a short caption right before a navigation element', async (t) => {
  const cases: [string, { kind: string; text: string } | undefined, string, boolean][] = [
    ['"On this page" before the nav', { kind: 'paragraph', text: 'On this page' }, '\n</div>\n\n<nav id="toc">', true],
    ['"Contents" before the nav', { kind: 'paragraph', text: 'Contents' }, '</div><nav>', true],
    ['a sentence', { kind: 'paragraph', text: 'Thank you.' }, '</p><nav>', false],
    ['four words', { kind: 'paragraph', text: 'See the pages below' }, '</p><nav>', false],
    ['a heading', { kind: 'heading', text: 'Contents' }, '</h2><nav>', false],
    ['text between', { kind: 'paragraph', text: 'Contents' }, '</div><p>More</p><nav>', false],
    ['nothing before', undefined, '<nav>', false],
  ];
  for (const [name, prev, between, want] of cases)
    await t.test(name, () => assert.equal(isChromeCaption(prev, between), want));
  await t.test("the PyData theme's page contents caption goes with its nav", () =>
    assert.deepEqual(
      kinds(
        '<div class="toc-item"><div class="tocsection onthispage"><i class="fas fa-list"></i> On this page</div>\n<nav id="bd-toc-nav"><ul><li><a href="#a">A</a></li></ul></nav></div><main><h1>Title</h1><p>Body.</p></main>',
      ),
      ['heading1:Title', 'paragraph:Body.'],
    ),
  );
  await t.test("a page's last short line before DocBook's navfooter or a footer stays", () =>
    assert.deepEqual(
      kinds(
        '<h1>Title</h1><p>Happy hacking</p><div class="navfooter"><a href="next.html">Next</a></div><p>Version 2</p><footer>(c) 2020</footer>',
      ),
      ['heading1:Title', 'paragraph:Happy hacking', 'paragraph:Version 2'],
    ),
  );
});

test('isLogoBlock: linked images before the first heading are the site logo', async (t) => {
  const cases: [string, boolean, string, string, boolean][] = [
    ["Sphinx's own theme", false, 'SPHINX', 'SPHINX', true],
    ['two logos', false, 'Home Project', 'HomeProject', true],
    ['after a heading', true, 'SPHINX', 'SPHINX', false],
    ['words beside the picture', false, 'SPHINX is a tool', 'SPHINX', false],
    ['an image not in a link', false, 'Diagram', '', false],
  ];
  for (const [name, seen, text, alt, want] of cases)
    await t.test(name, () => assert.equal(isLogoBlock(seen, text, alt), want));
  await t.test('the logo goes; a linked figure after the title stays', () =>
    assert.deepEqual(
      kinds(
        '<div class="pageheader"><a href="../index.html"><img src="logo.png" alt="SPHINX"></a></div><h1>Configuration</h1><p><a href="big.png"><img src="fig.png" alt="Build flow"></a></p>',
      ),
      ['heading1:Configuration', 'paragraph:Build flow'],
    ),
  );
});

test("isSourceLink: a link to the page's source, said in words", async (t) => {
  const cases: [string, string | undefined, string, boolean][] = [
    ["PyData's edit link", 'https://github.com/u/r/edit/main/docs/faq.rst', 'Edit this page', true],
    ['Show Source', '_sources/faq.rst.txt', 'Show Source', true],
    ['Edit on GitHub, Markdown', 'https://github.com/u/r/blob/main/docs/faq.md', 'Edit on GitHub', true],
    ['a notebook', 'https://github.com/u/r/blob/main/nb/intro.ipynb?plain=1', 'Edit this page', true],
    ['a link naming the file', 'https://github.com/u/r/blob/main/CONTRIBUTING.md', 'CONTRIBUTING.md', false],
    ['a link naming a path', 'docs/index.rst', 'docs/index.rst', false],
    ['a link to another page', 'install.html', 'Installing', false],
    ['a mark with no words', '_sources/faq.rst.txt', '¶', false],
    ['no href', undefined, 'Edit this page', false],
  ];
  for (const [name, href, text, want] of cases) await t.test(name, () => assert.equal(isSourceLink(href, text), want));
  await t.test('the lone edit link goes; a sentence with a link to a file stays', () =>
    assert.deepEqual(
      kinds(
        '<div class="tocsection editthispage"><a href="https://github.com/u/r/edit/main/docs/faq.rst"><i class="fas fa-pencil-alt"></i> Edit this page</a></div>' +
          '<h1>FAQ</h1><p>Read <a href="https://github.com/u/r/blob/main/HACKING.md">the hacking notes</a> first.</p>',
      ),
      ['heading1:FAQ', 'paragraph:Read the hacking notes first.'],
    ),
  );
});

test("isSiteToctreeItem: Sphinx's site-wide contents outside the page's toctree", async (t) => {
  const cases: [string, string, Record<string, string>, boolean, boolean][] = [
    ["agogo's sidebar entry", 'li', { class: 'toctree-l1 current' }, false, true],
    ['a second level', 'li', { class: 'toctree-l2' }, false, true],
    ["the page's own toctree (in div.toctree-wrapper)", 'li', { class: 'toctree-l1' }, true, false],
    ['a list item of the text', 'li', { class: 'simple' }, false, false],
    ['not an item', 'ul', { class: 'toctree-l1' }, false, false],
  ];
  for (const [name, el, attrs, inContents, want] of cases)
    await t.test(name, () => assert.equal(isSiteToctreeItem(el, attrs, inContents), want));
  await t.test('a heading captions the site contents only when asked', () => {
    assert.equal(
      isChromeCaption({ kind: 'heading', text: 'Table of Contents' }, '</h3>\n<ul class="current">', true),
      true,
    );
    assert.equal(isChromeCaption({ kind: 'heading', text: 'Table of Contents' }, '</h3>\n<ul class="current">'), false);
    assert.equal(isChromeCaption({ kind: 'heading', text: 'Installing the tool today' }, '</h3><ul>', true), false);
  });
  await t.test("agogo's sidebar goes with its heading; a heading before a page's contents nav stays", () => {
    assert.deepEqual(
      kinds(
        '<div class="document"><h1>FAQ</h1><p>Text.</p></div><div class="sidebar"><h3>Table of Contents</h3>\n<ul class="current"><li class="toctree-l1 current"><a href="#">FAQ</a></li><li class="toctree-l1"><a href="intro.html">Introduction</a></li></ul></div>',
      ),
      ['heading1:FAQ', 'paragraph:Text.'],
    );
    assert.deepEqual(
      kinds(
        '<h1>Guide</h1><nav class="contents"><p class="topic-title">Contents</p><ul><li><a href="#a">A</a></li></ul></nav><p>Body.</p>',
      ),
      ['heading1:Guide', 'paragraph:Body.'],
    );
  });
});

test('isRepeatedHeading: the same heading twice in a row, nothing between', async (t) => {
  const h = (text: string) => ({ kind: 'heading', text });
  const cases: [string, { kind: string; text: string } | undefined, { kind: string; text: string }, boolean][] = [
    ["scrolls' header over the page's title", h('Frequently Asked Questions'), h('Frequently Asked Questions'), true],
    ['blanks and case', h('Cookbook '), h('cookbook'), true],
    ['two headings', h('Install'), h('Usage'), false],
    ['text between', { kind: 'paragraph', text: 'Install' }, h('Install'), false],
    ['nothing before', undefined, h('Install'), false],
  ];
  for (const [name, prev, cur, want] of cases)
    await t.test(name, () => assert.equal(isRepeatedHeading(prev, cur), want));
  await t.test("scrolls' title header goes; the same heading after text stays", () =>
    assert.deepEqual(
      kinds(
        '<div class="header"><h1 class="heading"><a href="index.html"><span>FAQ</span></a></h1></div><div class="relnav" role="navigation"><a href="index.html">Sample</a></div><h1>FAQ</h1><p>Text.</p><h2>FAQ</h2>',
      ),
      ['heading1:FAQ', 'paragraph:Text.', 'heading2:FAQ'],
    ),
  );
});
for (const [name, el, attrs, want] of [
  ['DocBook XSL note', 'div', { class: 'note', style: 'margin-left: 0.5in' }, true],
  ['DocBook XSL warning', 'div', { class: 'warning' }, true],
  ['DocBook XSL tip, caution, important', 'div', { class: 'important' }, true],
  ['Asciidoctor block', 'div', { class: 'admonitionblock caution' }, true],
  ['Sphinx admonition', 'div', { class: 'admonition note' }, true],
  ['a table cell of notes (Doxygen, Eigen)', 'td', { class: 'note' }, false],
  ['a section', 'div', { class: 'section' }, false],
  ['a class holding the word', 'div', { class: 'notes footnote' }, false],
  ['no class', 'div', {}, false],
] as const)
  test(`isAdmonitionBox: ${name}`, () => assert.equal(isAdmonitionBox(el, attrs), want, name));

for (const [name, el, attrs, first, want] of [
  ['a title heading', 'h3', { class: 'title' }, false, 'text'],
  ['the layout table, first child', 'table', { border: '0', summary: 'Note' }, true, 'layout'],
  ['a data table later in the note', 'table', { class: 'informaltable' }, false, undefined],
  ['DocBook XSL icon alt', 'img', { alt: '[Note]', src: 'images/note.png' }, false, 'drop'],
  [
    'an icon alt that is the only title (Asciidoctor icons=image)',
    'img',
    { alt: 'Note', src: 'note.png' },
    false,
    undefined,
  ],
  ['a font icon with a title', 'i', { class: 'fa icon-caution', title: 'Caution' }, false, 'title'],
  ['an italic word with a title', 'i', { title: 'Latin' }, false, undefined],
  ['a paragraph', 'p', {}, true, undefined],
] as const)
  test(`admonitionPart: ${name}`, () => assert.equal(admonitionPart(el, attrs, first), want, name));

for (const [name, html, want] of [
  [
    'DocBook XSL, text form: the title is no heading',
    '<div class="section"><h2 class="title">2.1. Usage</h2><p>Run it.</p><div class="warning" style="margin-left: 0.5in;"><h3 class="title">Warning</h3><p>It is slow.</p></div><p>Then stop.</p></div>',
    ['heading2:2.1. Usage', 'paragraph:Run it.', 'paragraph:Warning', 'paragraph:It is slow.', 'paragraph:Then stop.'],
  ],
  [
    'DocBook XSL, graphic form: the icon table is read as blocks, the bracketed alt goes',
    '<p>Before.</p><div class="note"><table border="0" summary="Note"><tr><td rowspan="2" align="center" valign="top"><img alt="[Note]" src="images/note.png"/></td><th align="left">Note</th></tr><tr><td align="left" valign="top"><p>Some details are skipped.</p></td></tr></table></div>',
    ['paragraph:Before.', 'paragraph:Note', 'paragraph:Some details are skipped.'],
  ],
  [
    'Asciidoctor, font icons: the title from the icon, the listing kept as code',
    '<div class="admonitionblock caution"><table><tr><td class="icon"><i class="fa icon-caution" title="Caution"></i></td><td class="content"><div class="paragraph"><p>Change the code page:</p></div><div class="literalblock"><div class="content"><pre>chcp 65001</pre></div></div><div class="paragraph"><p>Then run it.</p></div></td></tr></table></div>',
    ['paragraph:Caution', 'paragraph:Change the code page:', 'code:chcp 65001', 'paragraph:Then run it.'],
  ],
  [
    'Asciidoctor, no icons: the title div',
    '<div class="admonitionblock note"><table><tr><td class="icon"><div class="title">Note</div></td><td class="content">Use UTF-8.</td></tr></table></div>',
    ['paragraph:Note', 'paragraph:Use UTF-8.'],
  ],
  [
    'a data table inside a note stays rows',
    '<div class="note"><h3 class="title">Note</h3><table><tr><th>Key</th><th>Value</th></tr><tr><td>a</td><td>1</td></tr></table></div>',
    ['paragraph:Note', 'row:Key | Value', 'row:a | 1'],
  ],
] as const)
  test(`htmlBlocks, admonitions: ${name}`, () => assert.deepEqual(kinds(html), want, name));

for (const [name, el, attrs, want] of [
  ["Publican's navigation bar", 'ul', { class: 'docnav top' }, true],
  ["Publican's bottom bar", 'ul', { class: 'docnav' }, true],
  ['DocBook navheader', 'div', { class: 'navheader' }, true],
  ['a document list', 'ul', { class: 'docs' }, false],
  ['a list of doctors', 'ul', { class: 'docnames' }, false],
  ["Doxygen's diagram caption", 'div', { class: 'dynheader' }, true],
  ["Doxygen's diagram caption, a dynamic section", 'div', { class: 'dynheader closed' }, true],
  ["Doxygen's diagram itself", 'div', { class: 'dyncontent' }, false],
] as const)
  test(`isChrome: ${name}`, () => assert.equal(isChrome(el, attrs), want, name));

test("doxygenSignature: Doxygen's prototype table read as one line of code", async (t) => {
  const cases: { name: string; rows: string[][]; want: string }[] = [
    {
      name: 'one parameter, one row',
      rows: [['void assert_false', '(', 'scalar', 'expression', ')', '']],
      want: 'void assert_false(scalar expression)',
    },
    {
      name: 'a row per parameter, a pointer type',
      rows: [
        ['yaml_parser_load', '(', 'yaml_parser_t * ', 'parser,'],
        ['', '', 'yaml_document_t * ', 'document '],
        ['', ')', '', ''],
      ],
      want: 'yaml_parser_load(yaml_parser_t *parser, yaml_document_t *document)',
    },
    {
      name: "a macro's parameters and body",
      rows: [
        ['#define cJSON_ArrayForEach', '(', '', 'element,'],
        ['', '', '', 'array'],
        ['', ')', '', 'for(element = NULL; element != NULL; element = element->next)'],
      ],
      want: '#define cJSON_ArrayForEach(element, array) for(element = NULL; element != NULL; element = element->next)',
    },
    {
      name: 'a reference type, a default value and a qualifier',
      rows: [
        ['bool Foo::equals', '(', 'const Foo & ', 'other,'],
        ['', '', 'int ', 'tolerance = 0 '],
        ['', ')', '', 'const'],
      ],
      want: 'bool Foo::equals(const Foo &other, int tolerance = 0) const',
    },
    { name: 'no parameters', rows: [['int f', '(', 'void', '', ')', '']], want: 'int f(void)' },
    {
      name: 'a variable: one cell',
      rows: [['yaml_node_t* yaml_document_s::end']],
      want: 'yaml_node_t* yaml_document_s::end',
    },
    { name: 'empty', rows: [['', ''], []], want: '' },
  ];
  for (const c of cases) await t.test(c.name, () => assert.equal(doxygenSignature(c.rows), c.want));
});

test('htmlBlocks: a Doxygen prototype is one code block, its labels after it', () => {
  const html =
    '<div class="memproto"><table class="mlabels"><tr><td class="mlabels-left">' +
    '<table class="memname"><tr><td class="memname">int Foo::size </td><td>(</td><td class="paramtype">const <a class="el" href="x.html">Bar</a> &amp;&#160;</td><td class="paramname"><em>bar</em>, </td></tr>' +
    '<tr><td class="paramkey"></td><td></td><td class="paramtype">int&#160;</td><td class="paramname"><em>n</em>&#160;</td></tr>' +
    '<tr><td></td><td>)</td><td></td><td></td></tr></table>' +
    '</td><td class="mlabels-right"><span class="mlabels"><span class="mlabel">inline</span></span></td></tr></table></div>' +
    '<div class="memdoc"><p>The size.</p></div>';
  const blocks = htmlBlocks(html).map((b) => [b.kind, b.text]);
  assert.deepEqual(blocks, [
    ['code', 'int Foo::size(const Bar &bar, int n)'],
    ['paragraph', 'inline'],
    ['paragraph', 'The size.'],
  ]);
});

test("htmlBlocks: Doxygen's member labels, set side by side without a blank, read as words", () => {
  const html =
    '<span class="mlabels"><span class="mlabel">inline</span><span class="mlabel">static</span><span class="mlabel">protected</span></span>';
  assert.deepEqual(
    htmlBlocks(html).map((b) => b.text),
    ['inline static protected'],
  );
});

test('isMoreLink: a word or two and an ellipsis, pointing into the page', async (t) => {
  const cases: { name: string; inPage: boolean; text: string; href?: string; want: boolean }[] = [
    { name: "Doxygen's English", inPage: true, text: 'More...', want: true },
    {
      name: "an inherited member's, to an anchor of its base's page",
      inPage: false,
      text: 'More...',
      href: 'classbase.html#a3765ae85a8ffaae0d48afa15fffe6009',
      want: true,
    },
    {
      name: 'to an anchor of another page, three words',
      inPage: false,
      text: 'see base too...',
      href: 'b.html#x',
      want: false,
    },
    { name: "Doxygen's German, a blank before the dots", inPage: true, text: 'Mehr ...', want: true },
    { name: 'two words, an ellipsis character', inPage: true, text: 'Read more…', want: true },
    { name: 'to another page', inPage: false, text: 'More...', want: false },
    { name: 'no ellipsis', inPage: true, text: 'More', want: false },
    { name: 'three words', inPage: true, text: 'see the details below...', want: false },
    { name: 'a name with dots', inPage: true, text: 'yaml_parser_t...', want: false },
    { name: 'a number', inPage: true, text: '1...', want: false },
  ];
  for (const c of cases) await t.test(c.name, () => assert.equal(isMoreLink(c.inPage, c.text, c.href), c.want));
});

test("htmlBlocks: Doxygen's More... links after briefs go, other in-page links stay", () => {
  const html =
    '<a id="details"></a><a id="ga1"></a>' +
    '<p>Core API. Start here. <a href="#details">More...</a></p>' +
    '<table class="memberdecls"><tr class="memdesc:ga1"><td class="mdescLeft">&#160;</td>' +
    '<td class="mdescRight">A handle, see <a href="#ga1">yaml_parser_t</a>.  <a href="x.html#ga1">More...</a><br /></td></tr></table>';
  assert.deepEqual(
    htmlBlocks(html).map((b) => b.text),
    // The table's one row leaves its spacer column (mdescLeft) empty: no cell (writtenColumns).
    ['Core API. Start here.', 'A handle, see yaml_parser_t.'],
  );
});

test('extractHtml: the HTTP header man2html writes before its page is not read as text', () => {
  const page =
    'Content-type: text/html; charset=UTF-8\n\n<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n' +
    '<HTML><HEAD><TITLE>Man page of LS</TITLE></HEAD><BODY><H1>LS</H1><H2>NAME</H2>ls - list directory contents</BODY></HTML>';
  const texts = extractHtml(new TextEncoder().encode(page)).map((b) => b.text);
  assert.deepEqual(texts, ['LS', 'NAME', 'ls - list directory contents']);
});

test('isSpacedSpan: a span set apart by style alone', async (t) => {
  const cases: [string, Record<string, string>, boolean][] = [
    ["Doxygen's member label", { class: 'mlabel' }, true],
    ["gi-docgen's path separator", { class: 'sep' }, true],
    ['with a role', { class: 'sep', role: 'presentation' }, true],
    ['a separator word in a longer class', { class: 'sep-line' }, false],
    ['no class', {}, false],
    ['another span', { class: 'since' }, false],
  ];
  for (const [name, attrs, want] of cases) await t.test(name, () => assert.equal(isSpacedSpan(attrs), want));
  await t.test("gi-docgen's title reads its parts apart", () =>
    assert.deepEqual(
      kinds(
        '<h1><a href="index.html">Json</a><span class="sep"></span><a href="c.html">Parser</a><span class="sep"></span>load_from_data</h1>',
      ),
      ['heading1:Json Parser load_from_data'],
    ),
  );
});

test("extractHtml: a site's menu of page links before the page's title is chrome; the same links after it are text", () => {
  const menu = ['documentation', 'buffer', 'cluster', 'errors', 'events', 'fs']
    .map((p) => `<li><a href="${p}.html" class="nav-${p}">${p[0]!.toUpperCase()}${p.slice(1)}</a></li>`)
    .join('\n');
  const page = `<html><body>
<div id="column2" class="interior"><div id="intro"><a href="index.html">Node.js</a></div>
<ul>${menu}</ul><hr class="line"/><ul><li><a href="https://github.com/nodejs/node">Code repository and issue tracker</a></li></ul></div>
<div id="column1"><h1>Errors</h1><p>Applications running in Node.js will generally experience four categories of errors.</p>
<h2>See also</h2><ul>${menu}</ul></div></body></html>`;
  const texts = extractHtml(new TextEncoder().encode(page)).map((b) => b.text);
  assert.ok(!texts.includes('Code repository and issue tracker'), texts.join(' / '));
  assert.deepEqual(texts.slice(texts.indexOf('Errors')), [
    'Errors',
    'Applications running in Node.js will generally experience four categories of errors.',
    'See also',
    'Documentation',
    'Buffer',
    'Cluster',
    'Errors',
    'Events',
    'Fs',
  ]);
});

test('contents set without a list: a grid of numbered rows, and lines of in-page links under part headings, go with their headings', () => {
  const row = (n: string, id: string, title: string) =>
    `<div class="row"><div><b><small>${n}</small></b></div><div><a href="#${id}"><b>${title}</b></a></div></div>`;
  const grid =
    '<h1>Starter Guide</h1><p>The summary below helps you find sections.</p><h1>Summary</h1>' +
    row('1.', 's1', 'Available documentation') +
    row('2.', 's2', 'Introduction') +
    row('2.1.', 's21', 'What it is') +
    row('2.2.', 's22', 'How it works') +
    row('3.', 's3', 'Contacts') +
    '<h1 id="s1">1. Available documentation</h1><p>The documents are these.</p>';
  assert.deepEqual(kinds(grid), [
    'heading1:Starter Guide',
    'paragraph:The summary below helps you find sections.',
    'heading1:1. Available documentation',
    'paragraph:The documents are these.',
  ]);
  const lines =
    '<h1>The FAQ</h1><p>Read G2 first.</p><h1>Contents</h1><a href="#cg">G. General</a><br/><a href="#cb">B. Building</a><br/>' +
    '<h1>Detailed Contents</h1><h2 id="cg">General</h2><a href="#g1">G1. What is it?</a><br/><a href="#g2">G2. Where is it?</a><br/>' +
    '<h2 id="cb">Building</h2><a href="#b1">B1. Make fails.</a><br/><a href="#b2">B2. Lex fails.</a><br/>' +
    '<h1>General</h1><h2 id="g1">G1. What is it?</h2><p>A tool. See <a href="#g2">G2</a> and <a href="#b1">B1</a>.</p>' +
    '<p><a href="index.html">Home</a> | <a href="faq.html">FAQ</a></p>';
  assert.deepEqual(kinds(lines), [
    'heading1:The FAQ',
    'paragraph:Read G2 first.',
    'heading1:General',
    'heading2:G1. What is it?',
    'paragraph:A tool. See G2 and B1.',
  ]);
});

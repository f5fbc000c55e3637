import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  isBannerHeading,
  isContentsId,
  isPageDateLine,
  isToolClass,
} from '../../../../src/documents/formats/html/site-chrome.ts';
import { htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';

const kinds = (html: string) => htmlBlocks(html).map((b) => `${b.kind}${b.level ?? ''}:${b.text}`);

test('isContentsId: an id naming a contents list or a site menu', async (t) => {
  const cases: [string, string | undefined, boolean][] = [
    ["FreeType's site menu", 'TOC', true],
    ['lower case', 'toc', true],
    ['spelt out', 'table-of-contents', true],
    ['a bare "contents" is a body as often', 'contents', false],
    ['a section id', 'toc-entries', false],
    ['no id', undefined, false],
  ];
  for (const [name, id, want] of cases) await t.test(name, () => assert.equal(isContentsId(id), want));
});

test('isPageDateLine: a line that only dates the page', async (t) => {
  const cases: [string, string, boolean][] = [
    ["FreeType's footer", 'Last update: 16-May-2021', true],
    ["Lua's footer", 'Last update: Mon Feb 13 18:54:19 BRST 2012', true],
    ["SWIG's sections page", 'Last update : SWIG-4.1.0 (24 Oct 2022)', true],
    ['a wiki', 'This page was last modified on 3 March 2020.', true],
    ['last updated on', 'Last updated on Nov 28, 2026.', true],
    ['no date', 'Last modified files are kept.', false],
    ["man2html's date of the manual page", 'Updated: 2022 September 19', false],
    ['a sentence after the date', 'Last changed: 2020. Since then the option is gone. See below.', false],
    [
      'a sentence about updates',
      'Updated packages are signed with the 2023 key by the archive team and mirrored daily.',
      false,
    ],
    ['text before the label', 'The file was modified: 2020-01-02', false],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(isPageDateLine(text), want));
});

test("isBannerHeading: the site's name, one link to the site's home page, over the page", async (t) => {
  const cases: [string, boolean, string, number, number, string | undefined, boolean][] = [
    ["Exim's header", false, 'Exim Internet Mailer', 1, 20, 'http://www.exim.org', true],
    ['a root with a slash', false, 'Project', 1, 7, 'https://example.org/', true],
    ['an index page', false, 'Project', 1, 7, 'https://example.org/index.html', true],
    ['after the first heading', true, 'Project', 1, 7, 'https://example.org/', false],
    ['a page of the site', false, 'Chapter 31 - Address rewriting', 1, 27, 'ch-address_rewriting.html', false],
    ['a deep page on the web', false, 'RFC 5321', 1, 7, 'https://www.rfc-editor.org/rfc/rfc5321', false],
    ['words outside the link', false, 'FreeType FAQ', 1, 8, 'http://freetype.org/index.html', false],
    ['no link', false, 'Introduction', 0, 0, undefined, false],
  ];
  for (const [name, seen, text, links, chars, href, want] of cases)
    await t.test(name, () => assert.equal(isBannerHeading(seen, text, links, chars, href), want));
});

test('site chrome of hand-made pages leaves the page', async (t) => {
  await t.test("a banner heading goes; the chapter's heading labels the page", () =>
    assert.deepEqual(
      kinds(
        '<h1 id="header"><a href="http://www.exim.org">Exim Internet Mailer</a></h1><div><h2><a href="ch-31.html">Chapter 31 - Address rewriting</a></h2><p>There are some circumstances.</p></div>',
      ),
      ['heading2:Chapter 31 - Address rewriting', 'paragraph:There are some circumstances.'],
    ),
  );
  await t.test('a site menu under the id "toc" and the page\'s date go', () =>
    assert.deepEqual(
      kinds(
        '<h1>FreeType FAQ</h1><p>It is a library.</p><div class="updated"><p>Last update: 16-May-2021</p></div>' +
          '<div id="TOC"><ul><li><a href="http://freetype.org/index.html#news">News</a></li><li><a href="index.html">Overview</a></li>' +
          '<li><a href="documentation.html">Documentation</a></li><li><a href="#general">General questions</a></li></ul></div>',
      ),
      ['heading1:FreeType FAQ', 'paragraph:It is a library.'],
    ),
  );
  await t.test('menu boxes and logos of a page laid out in tables go', () =>
    assert.deepEqual(
      kinds(
        '<table><tr><td><a href="http://www.gnome.org/"><img src="g.png" alt="Gnome2 Logo"></a></td><td><table><tr><td><h1>The XML C parser</h1><h2>FAQ</h2></td></tr></table></td></tr></table>' +
          '<table><tr><td valign="top"><table><tr><td><table><tr><td><center><b>Main Menu</b></center></td></tr><tr><td><ul>' +
          '<li><a href="index.html">Home</a></li><li><a href="intro.html">Introduction</a></li><li><a href="FAQ.html">FAQ</a></li>' +
          '<li><a href="bugs.html">Reporting bugs</a></li><li><a href="news.html">Releases</a></li></ul></td></tr></table></td></tr></table></td>' +
          '<td valign="top"><table><tr><td><h3>License(s)</h3><p>It is released under the MIT License.</p></td></tr></table></td></tr></table>',
      ),
      [
        'heading1:The XML C parser',
        'heading2:FAQ',
        'heading3:License(s)',
        'paragraph:It is released under the MIT License.',
      ],
    ),
  );
});

test("isToolClass: a generator's page tools beside the text", async (t) => {
  const cases: [string, string, boolean][] = [
    ["mdBook's menu bar", 'menu-bar', true],
    ['a menubar', 'menubar', true],
    ["rustdoc's out-of-band line", 'out-of-band', true],
    ["rustdoc's source link beside a member", 'rightside', true],
    ["rustdoc's toggle label", 'hideme', true],
    ["rustdoc's notable traits", 'notable-traits', true],
    ["rustdoc's notable traits tooltip", 'notable-traits-tooltip', true],
    ['a tooltip text', 'tooltiptext', true],
    ["rustdoc's tooltip text", 'notable-traits-tooltiptext', true],
    ['a Texinfo menu', 'menu', false],
    ['the word a tooltip hangs on', 'tooltip', false],
    ['a menu title alone', 'menu-title', false],
    ['a side note', 'side', false],
    ['rustdoc docblock', 'docblock', false],
  ];
  for (const [name, cls, want] of cases) await t.test(name, () => assert.equal(isToolClass(cls), want));
});

test("page tools are no text: a book's menu bar, an API page's source line and tooltips", async (t) => {
  await t.test("mdBook's menu bar title does not head the page", () =>
    assert.deepEqual(
      kinds(
        '<body><div id="menu-bar" class="menu-bar sticky"><div class="left-buttons"><button>Toggle</button></div>' +
          '<h1 class="menu-title">The Book</h1></div><div id="content"><main><h1 id="hello">Hello World</h1>' +
          '<p>This is the first program.</p></main></div></body>',
      ),
      ['heading1:Hello World', 'paragraph:This is the first program.'],
    ),
  );
  await t.test("rustdoc's version, source link and toggle label are out", () =>
    assert.deepEqual(
      kinds(
        '<body><h1 class="fqn"><span class="in-band">Function <a href="#">read</a></span>' +
          '<span class="out-of-band"><span class="since">1.26.0</span> · <a class="srclink" href="s.html">source</a> · ' +
          '<a id="toggle-all-docs" href="javascript:void(0)">[<span class="inner">−</span>]</a></span></h1>' +
          '<details class="rustdoc-toggle top-doc" open><summary class="hideme"><span>Expand description</span></summary>' +
          '<div class="docblock"><p>Read the entire contents of a file.</p></div></details></body>',
      ),
      ['heading1:Function read', 'paragraph:Read the entire contents of a file.'],
    ),
  );
  await t.test("a member heading keeps its signature, not the tooltip's text", () =>
    assert.deepEqual(
      kinds(
        '<body><h1>Trait Iterator</h1><section id="method.step_by" class="method"><span class="rightside">' +
          '<span class="since">1.28.0</span> · <a class="srclink" href="s.html">source</a></span>' +
          '<h4 class="code-header">fn step_by(self, step: usize) -&gt; StepBy&lt;Self&gt;<span class="notable-traits">' +
          '<span class="notable-traits-tooltip">ⓘ<span class="notable-traits-tooltiptext"><span class="notable">' +
          'Notable traits for StepBy</span></span></span></span></h4></section><p>Creates an iterator.</p></body>',
      ),
      [
        'heading1:Trait Iterator',
        'heading4:fn step_by(self, step: usize) -> StepBy<Self>',
        'paragraph:Creates an iterator.',
      ],
    ),
  );
});

// HTML through htmlparser2's streaming tokenizer: headings h1-h6, paragraphs, list items, pre,
// table rows; script, style, nav, header (but a section's or the title block's), footer, aside (but
// footnotes), template, head and hidden elements are dropped; lists and tables of in-page links
// (contents, index, menus) and navigation bars ("Next: ... Up: ... [Contents][Index]") are left out
// (src/documents/listing.ts). Items of an ordered list keep their numbers (`<ol start type
// reversed>`, `<li value>`): "3. Restart it". A `<br>` outside a listing, a heading or a table
// cell sets a line apart, a block of its own unless it only wraps running text, and a listing set
// without `<pre>` (tex4ht's) is code (./line-breaks.ts); a table set as a grid of boxes
// (Javadoc's summaries) is read as rows (./grid-tables.ts); a note's reference mark reads "[1]"
// (./note-refs.ts).
import { Parser } from 'htmlparser2';
import type { DocumentBlock } from '../../blocks.ts';
import {
  dropListings,
  isInPageLink,
  isLabelledLinkList,
  isLabelText,
  isNavigationCell,
  isNavigationLine,
  type LinkedBlock,
} from '../../listing.ts';
import { withoutInvisibles } from '../../invisible.ts';
import { collapseBlanks } from '../../blanks.ts';
import { decodeHtml } from './charset.ts';
import { withoutHttpHeader } from '../text-kind.ts';
import { formatListNumber, htmlListFormat, type ListNumberFormat } from '../list-number.ts';
import { dropSpacerColumns } from '../table-columns.ts';
import { spannedValue, type RowSpan } from '../row-spans.ts';
import {
  inkChars,
  isTypewriterLines,
  isVerbatimBox,
  lineGroupStarts,
  MONO,
  typewriterLine,
  verbatimBoxText,
} from './line-breaks.ts';
import { gridCell, gridColumns, isGridTable, startsGridRow } from './grid-tables.ts';
import { isNoteNumber, isNoteReference, isNotesDiv, isNotesHeading, noteMark } from './note-refs.ts';
import { isNodeMenu } from './node-menu.ts';
import { isBannerHeading, isContentsId, isPageDateLine, isToolClass } from './site-chrome.ts';
import { titleLeadIn } from './title-lead.ts';
import { isInPageLinkLine } from '../../contents-runs.ts';
import { boldTitles } from './bold-titles.ts';
import { leftContentsTitles } from './contents-title.ts';
import { isDocumentDetail } from './document-details.ts';
import { htmlListDepth } from '../list-nesting.ts';
import { doxygenHeaderPart, HEADER_READING, type DoxygenHeaderPart } from './doxygen-header.ts';

/** Bold elements: a headingless page's section titles are set in them (bold-titles.ts). */
const BOLD = new Set(['b', 'strong']);

const DROPPED = new Set([
  'script',
  'style',
  'nav',
  'header',
  'footer',
  'aside',
  'template',
  'head',
  'noscript',
  'svg',
  'math',
  'iframe',
  'object',
  'select',
  'button',
  'textarea',
  'dialog',
]);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Elements that end the running block (their text starts a new one). */
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'blockquote',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'address',
  'center',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'pre',
  'table',
  'caption',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'hr',
  'br',
  'form',
  'fieldset',
  'legend',
  'details',
  'summary',
  'body',
  'html',
  'menu',
  'aside',
]);

/** An element's class tokens, lower-cased. */
const classesOf = (attrs: Record<string, string>): string[] => (attrs.class ?? '').toLowerCase().split(/\s+/);

/**
 * An `aside` that holds notes of the text, not a sidebar: footnotes and endnotes (Docutils
 * 0.18+ writes its footnotes as `aside.footnote-list` / `aside.footnote`, role "note"; EPUB-style
 * pages use `role="doc-endnotes"`), and citations. They are read as text; other asides are chrome.
 */
export function isNoteAside(attrs: Record<string, string>): boolean {
  const role = attrs.role?.trim().toLowerCase();
  if (role === 'note' || role === 'doc-footnote' || role === 'doc-endnote' || role === 'doc-endnotes') return true;
  return classesOf(attrs).some((c) => /^(?:footnotes?|footnote-list|endnotes?|citation|citation-list)$/.test(c));
}

function hidden(attrs: Record<string, string>): boolean {
  if ('hidden' in attrs) return true;
  if (attrs['aria-hidden'] === 'true') return true;
  const style = attrs.style;
  return style !== undefined && /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

/** The class tokens of an admonition's box (DocBook XSL: `div.note`; Asciidoctor: `div.admonitionblock`). */
const ADMONITION_CLASS = /^(?:note|tip|hint|warning|caution|important|danger|attention|admonitionblock)$/;

/**
 * The box of an admonition (a note, tip, warning, caution or important remark): DocBook XSL writes
 * `div.note` (`div.warning`, ...) with the title as an `h3.title`, or, with admonition graphics, as
 * a table of the icon and the title over the text; Asciidoctor writes `div.admonitionblock` holding
 * a table of an icon cell (`td.icon`: the title, an icon image or a font icon's `title`) and a
 * content cell. Its title is no section heading and its table no data table.
 */
export function isAdmonitionBox(name: string, attrs: Record<string, string>): boolean {
  return name === 'div' && classesOf(attrs).some((c) => ADMONITION_CLASS.test(c));
}

/**
 * How an element inside an admonition's box is read: a heading is the admonition's title, a
 * paragraph ('text'); a table that is the box's first child lays out the icon, the title and the
 * text, read as blocks ('layout'); an icon's alt that DocBook XSL brackets ("[Note]", beside the
 * title it repeats) is dropped ('drop'); a font icon's `title` is the admonition's title when the
 * page writes no other ('title'). Anything else is read as elsewhere (undefined).
 */
export function admonitionPart(
  name: string,
  attrs: Record<string, string>,
  firstChild: boolean,
): 'text' | 'layout' | 'drop' | 'title' | undefined {
  if (/^h[1-6]$/.test(name)) return 'text';
  if (name === 'table') return firstChild ? 'layout' : undefined;
  if (name === 'img') return /^\s*\[[^\]]+\]\s*$/.test(attrs.alt ?? '') ? 'drop' : undefined;
  if (name === 'i' && (attrs.title ?? '').trim() !== '' && /(?:^|\s)(?:fa|icon-\S+)(?:\s|$)/.test(attrs.class ?? ''))
    return 'title';
  return undefined;
}

/**
 * A `span` that style alone sets apart from the word before it, read with a space before it:
 * Doxygen's member labels, each a box of its own with nothing between ("inline", "static"), and
 * a path's separator that a style sheet draws (gi-docgen's empty `span.sep`, "▸" between the
 * namespace, the type and the member of a title: `Json<span class="sep"></span>Parser`).
 */
export function isSpacedSpan(attrs: Record<string, string>): boolean {
  return classesOf(attrs).some((c) => c === 'mlabel' || c === 'sep');
}

/** Sectioning elements: a `<header>` inside one heads that section, not the site. */
const SECTIONING = new Set(['article', 'section', 'main', 'aside']);

/**
 * A `<header>` is the site's banner, chrome, unless it heads a section or the document: by HTML's
 * rule a header inside `article`, `section`, `main` or `aside` is that section's header (RDoc writes
 * each member list's title so: `<section><header><h3>Constants</h3></header>`), and a header that
 * names itself a title block is the document's title (pandoc and Quarto's standalone HTML5:
 * `<header id="title-block-header"><h1 class="title">`). `role="banner"` is chrome wherever it stands.
 */
export function isSiteHeader(attrs: Record<string, string>, inSection: boolean): boolean {
  if (attrs.role?.trim().toLowerCase() === 'banner') return true;
  if (inSection) return false;
  const names = `${attrs.id ?? ''} ${attrs.class ?? ''}`.toLowerCase().split(/\s+/);
  return !names.some((n) => /(?:^|[-_])title(?:[-_]|$)/.test(n));
}

/** ARIA landmark roles of site chrome: navigation, the site banner and footer, search, asides. */
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'search', 'complementary']);

/**
 * A class of site chrome, by the names generators give it, with at most one short prefix
 * (`wy-`, `md-`, `bd-`, `rst-`) and a few suffixes: navigation bars, trees and panels (`nav`,
 * `navbar`, `topNav`, `nav-panel`, `navheader`/`navfooter` of DocBook, `docnav` of Publican's DocBook
 * (its Prev / book title / Next bar, top and bottom), `navpath` of Doxygen,
 * `md-nav`/`md-tabs` of MkDocs, `wy-nav-side` of Read the Docs), prefixed sidebars
 * (`sphinxsidebar`, `bd-sidebar`; a bare `sidebar` is a Docutils sidebar, text), footers,
 * breadcrumbs, Sphinx's `related` bars and `headerlink` anchors (the "¶"), Texinfo's (6.8 and later)
 * `copiable-anchor`/`copiable-link` anchors (the "¶" after each definition line), Doxygen's source
 * tooltips (`ttc`) and diagram captions (`dynheader`: "Here is the call graph for this function:",
 * "Inheritance diagram for X:", over a picture whose text is not read, so the caption points at
 * nothing), skip links and screen-reader-only text. `wy-nav-content` is not one.
 */
const CHROME_CLASS =
  /^(?:[a-z]{1,4}-)?(?:(?:top|bottom|sub|side|main|global|site|doc)?-?nav(?:bar|igation|path|header|footer|-panel|-side|-top|-tree|-bar|-menu|-links)?|breadcrumbs?|footer(?:-buttons|-links|-nav)?|sphinxsidebar(?:wrapper)?|[a-z]{1,4}-sidebar(?:-primary|-secondary)?|related|headerlink|copiable-(?:anchor|link)|ttc|skip-?(?:nav|link|to-content)|sr-only|visually-hidden|screen-reader-text|tabs2?|md-(?:header|tabs|search)|legalcopy|dynheader)$/;

/** An id of site chrome: Doxygen's title area, search box and navigation tree, a site's navbar or footer. */
const CHROME_ID =
  /^(?:titlearea|side-nav|nav-tree|nav-path|main-nav|navrow\d*|msearch[a-z]*|searchbox|navbar|nav|navigation|topnav|breadcrumbs?|footer|sidebar)$/;

/** Elements never chrome by their names: the page itself and its main content. */
const NEVER_CHROME = new Set(['html', 'body', 'main', 'article', 'section', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** The element is site chrome by its role, class or id (see CHROME_CLASS, CHROME_ID). */
export function isChrome(name: string, attrs: Record<string, string>): boolean {
  if (NEVER_CHROME.has(name)) return false;
  const role = attrs.role?.trim().toLowerCase();
  if (role && CHROME_ROLES.has(role)) return true;
  const classes = classesOf(attrs);
  if (classes.some((n) => n.length > 0 && (CHROME_CLASS.test(n) || isToolClass(n)))) return true;
  const id = attrs.id?.trim().toLowerCase();
  return id !== undefined && CHROME_ID.test(id);
}

/**
 * A class that documentation generators give their contents lists, menus and indexes: DocBook's
 * `div.toc` and `div.list-of-tables` (figures, examples, ...), Texinfo's `ul.section-toc` (6.8),
 * `ul.mini-toc` (7), `table.menu` (makeinfo before 6.8, texi2html), the box of its @contents and
 * @shortcontents (`div.Contents_element` of 6.x, `div.element-contents` of 6.8 and 7, whose entries
 * in a manual split per node link to other pages and were read as text), its index tables
 * (`table.index-cp`, `table.cp-entries-printindex`, the letter bars `table.cp-letters-header-printindex`)
 * and Sphinx's `div.toctree-wrapper`. A bare `contents` is not one (Doxygen's page body).
 */
const CONTENTS_CLASS =
  /^(?:toc|list-of-(?:figures|tables|examples|equations|procedures)|section-toc|mini-toc|toctree-wrapper|printindex|[a-z]{2}-(?:entries|letters-header|letters-footer)-printindex|(?:short)?contents_element|element-(?:short)?contents)$/;

/**
 * The element holds a generator's contents list, menu or index (CONTENTS_CLASS; `menu` and
 * `index-XX` on tables only). Its links point into the same manual whatever page they name: a
 * manual split into a page per section (DocBook's chunked HTML, makeinfo's per-node pages) writes
 * its contents and index with other pages' names, where the one-page manual writes `#anchor`. They
 * count as in-page links, so that the listing rule (dropListings) reads both alike.
 */
export function isContentsContainer(name: string, attrs: Record<string, string>): boolean {
  const classes = classesOf(attrs);
  return classes.some(
    (n) => CONTENTS_CLASS.test(n) || (name === 'table' && (n === 'menu' || /^index-[a-z]{2,3}$/.test(n))),
  );
}

/**
 * The text an image stands for: its `alt`, unless the alt only names the image's file, with at
 * most one word before it (grohtml writes `alt="Image img/pic14.png"` for every picture; a page
 * writes its file name when it has nothing to say). A file name says nothing the reader would read
 * on the page. An alt that says something and names the file too ("Figure 2: layout.png compared")
 * stays. Nor is an expand or collapse mark ("+", "-", "▶", "▼") text: the icon of a section that
 * opens on a click (Doxygen's `HTML_DYNAMIC_SECTIONS`: `<img alt="+"/> Inheritance diagram for X:`),
 * which read as text put "+" before the caption.
 */
export function imageAlt(alt: string | undefined, src: string | undefined): string {
  const a = (alt ?? '').replace(/\s+/g, ' ').trim();
  if (/^[-+−▶▼►▸▾▷▽]$/u.test(a)) return '';
  if (a === '' || src === undefined) return a;
  const path = src.trim().replace(/[?#].*$/, '');
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base === '') return a;
  const words = a.split(' ');
  const last = words[words.length - 1]!;
  const namesFile = last === path || last === base || last.endsWith(`/${base}`);
  return namesFile && words.length <= 2 ? '' : a;
}

/** The marks generators print as a section's or definition's permalink. */
const PERMALINK_MARK = /^(?:#|¶|§|🔗|⚓|◆)$/u;

/**
 * Is a link a permalink mark: an in-page link (`href` "#id") whose whole text is one mark (`#`,
 * `¶`, `§`, `🔗`, `◆`)? Generators set one after each heading or definition, each under a class of its
 * own (Node.js's `a.mark` "#" inside every heading, Sphinx's `headerlink`, Texinfo's
 * `copiable-anchor`, Doxygen's `span.permalink` "◆" before each member's title); by its text and target it is one whatever its class, and no word of the
 * page ("Path#" as a section's label). A footnote's link ("1"), a letter bar's ("A") and a
 * link of words stay.
 */
export function isPermalinkMark(href: string | undefined, text: string): boolean {
  return href !== undefined && href.trim().startsWith('#') && PERMALINK_MARK.test(text.trim());
}

/**
 * Is an in-page link a "more" link: a word or two and an ellipsis ("More...", "Mehr ...",
 * "More…") pointing into the page? Doxygen ends every brief description with one, in each row of
 * a member summary (`td.mdescRight`) and after the page's brief (`href="#details"`), pointing to
 * the detailed description further down: it is no word of the brief, and read as text it ends
 * each summary line with "More...". `inPage`: the link points into the page (isInPageLink).
 * A member inherited from a base class has its details on the base's page: its "More..." points to
 * an anchor of another page (`base.html#a37...`), and goes too; one to a whole page (a blog's
 * "Read more..." to the article) stays.
 */
export function isMoreLink(inPage: boolean, text: string, href = ''): boolean {
  return (inPage || /#[^#\s]/.test(href)) && /^\p{L}+(?:[ \u00a0]\p{L}+)?[ \u00a0]?(?:\.{3}|…)$/u.test(text.trim());
}

/**
 * Does a `<code>` opening inside a listing (`<pre>`) start a line of its own? When it opens right
 * where the listing's last `<code>` closed (`lastCodeEnd`, the text's length then), with no line
 * break between: a listing in two flavours, each its own `<code>` of which the page shows one (Node.js's
 * CommonJS and ES module tabs: `<pre><code class="cjs">const path = require('node:path');</code><code
 * class="mjs">import path from 'node:path';</code></pre>`), would read as one line,
 * "...require('node:path');import path ...". `text` is the listing's text so far.
 */
export function startsCodeLine(name: string, lastCodeEnd: number, text: string): boolean {
  return name === 'code' && lastCodeEnd === text.length && text.length > 0 && !text.endsWith('\n');
}

/**
 * The kind of a block read inside a list item (`li`) or a definition (`dd`): the item's first
 * block is the item, with its marker; a later one (a second paragraph, the text after a nested
 * list or a listing) goes on with the item and is no item of its own, which the chunker would
 * set with a marker of its own ("- ") as if the list had one more entry. `started`: the item
 * already gave a block.
 */
export function itemKind(started: boolean): 'item' | 'paragraph' {
  return started ? 'paragraph' : 'item';
}

/** The words a theme writes above a link to the page before or after ("previous", "Next »"). */
const PAGE_STEP = /^(?:«|‹|<|←)?\s*(?:previous|prev|next)(?:\s+(?:page|topic|chapter))?\s*(?:»|›|>|→)?:?$/i;

/**
 * A link that wraps blocks and steps to the page before or after: its first block is only the
 * step's word ("previous", "Next"), the rest the other page's title (the PyData and Book themes of
 * Sphinx: `<a href="sandbox.html"><div><p>previous</p><p>Sandbox</p></div></a>`). A link of one
 * block is judged as a line (isNavigationLine); a card of words, a link to a page whose text
 * opens with more than the step's word, stays. `texts`: the blocks read inside the link.
 */
export function isPageStepCard(texts: readonly string[]): boolean {
  return texts.length >= 2 && texts.length <= 3 && PAGE_STEP.test(texts[0]!.trim());
}

/**
 * A short caption right before a navigation element ("On this page", "Contents" above the page's
 * contents `nav` of the PyData and Book themes): the caption of chrome, read with it. `between` is
 * the source from the caption's end to the navigation's start: tags and blanks only. A caption is
 * a paragraph of at most three words with no sentence's end; a sentence, an item, a heading stays.
 * Only a `nav` (or role "navigation") takes a caption: a page's last short line before a footer or
 * DocBook's `div.navfooter` is the page's. `heading`: a heading may caption it too, for the site's
 * contents (isSiteToctreeItem: agogo's `<h3>Table of Contents</h3>` over them), never for a `nav`
 * (Docutils 0.18+ writes a page's `.. contents::` as a `nav` right after the section's heading).
 */
export function isChromeCaption(
  prev: { kind: string; text: string } | undefined,
  between: string,
  heading = false,
): boolean {
  if (prev === undefined || (prev.kind !== 'paragraph' && !(heading && prev.kind === 'heading'))) return false;
  const t = prev.text.trim();
  if (t.split(/\s+/).length > 3 || /[.!?;,]$/.test(t)) return false;
  return /^(?:\s|<[^>]*>)*$/.test(between);
}

/**
 * A site's logo: before the page's first heading, a block whose whole text is the `alt` of images
 * inside links (Sphinx's own theme: `<div class="pageheader"><a href="../index.html"><img
 * alt="SPHINX"></a></div>`). `linkedAlt` is the alt text read inside links. A linked picture
 * after a heading, or one with words of the page beside it, stays.
 */
export function isLogoBlock(seenHeading: boolean, text: string, linkedAlt: string): boolean {
  if (seenHeading) return false;
  const alt = linkedAlt.replace(/\s+/g, '');
  return alt.length > 0 && text.replace(/\s+/g, '').length <= alt.length;
}

/**
 * An entry of Sphinx's site-wide contents outside the page's text: `li.toctree-l1`, `toctree-l2`,
 * ... is how Sphinx writes every toctree, and a toctree the page holds stands in
 * `div.toctree-wrapper` (a contents container: `inContents`). One elsewhere is the theme's
 * navigation (agogo's `div.sidebar`, which names no navigation; a bare `sidebar` is a Docutils
 * sidebar, text).
 */
export function isSiteToctreeItem(name: string, attrs: Record<string, string>, inContents: boolean): boolean {
  if (name !== 'li' || inContents) return false;
  return (attrs.class ?? '').split(/\s+/).some((c) => /^toctree-l\d+$/.test(c));
}

/**
 * A heading that says again the heading just before it, nothing between them: the page's title
 * written once by the theme's header and once by the page (Sphinx's scrolls theme:
 * `<div class="header"><h1 class="heading"><a href="index.html">Title</a></h1></div>` over the
 * page's own `<h1>Title</h1>`). The later one, the page's, is kept. Case and blanks are not
 * compared; a heading with text before it is the text's.
 */
export function isRepeatedHeading(
  prev: { kind: string; text: string } | undefined,
  cur: { kind: string; text: string },
): boolean {
  const norm = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
  return (
    prev?.kind === 'heading' && cur.kind === 'heading' && norm(prev.text) !== '' && norm(prev.text) === norm(cur.text)
  );
}

/** A page's markup source: Sphinx's `_sources/` copy, or a file of a markup language. */
const SOURCE_PATH = /(?:\/_sources\/|\.(?:rst|md|markdown|txt|ipynb|adoc|asciidoc)$)/i;

/**
 * A link to the page's own source, said in words: "Show Source", "Edit this page", "Edit on
 * GitHub", "View page source" (Sphinx themes write them by the page, outside its text; the PyData
 * theme outside any nav). By its target (a markup file: `.rst`, `.md`, `_sources/...`), and by
 * its text, which does not name a file: a link that says "CONTRIBUTING.md" or "docs/index.rst" is
 * the page's text.
 */
export function isSourceLink(href: string | undefined, text: string): boolean {
  if (href === undefined) return false;
  const path = href.trim().replace(/[?#].*$/, '');
  const t = text.trim();
  return SOURCE_PATH.test(path) && /\p{L}/u.test(t) && !/[./\\]/.test(t);
}

/** A Doxygen code listing: `div.fragment` of `div.line`s, read as `pre`. */
const isFragment = (name: string, attrs: Record<string, string>) =>
  name === 'div' && /(?:^|\s)fragment(?:\s|$)/.test(attrs.class ?? '');

/** Where a `<br>` fell in the running block: its text's length then, and its link counts (flush). */
interface LineBreak {
  text: number;
  outside: number;
  inPage: number;
  linkChars: number;
  links: number;
  inPageLinks: number;
  /** characters (no blanks) read inside typewriter elements so far (isTypewriterLines) */
  mono: number;
}

/** A running block's start: nothing read yet (flush's first line starts there). */
const BLOCK_START: LineBreak = { text: 0, outside: 0, inPage: 0, linkChars: 0, links: 0, inPageLinks: 0, mono: 0 };

interface Open {
  /** the element's name; Doxygen's page title (a div) is read as 'h1' */
  name: string;
  /** a part of Doxygen's page header (doxygenHeaderPart) */
  dox?: DoxygenHeaderPart;
  /** the element is dropped with everything inside it */
  dropped: boolean;
  /** where a chrome element (by role, class or id) opened in the source (pageSwallowedBy) */
  chromeAt?: number;
  /** list or table group number, for ul/ol/table */
  group?: number;
  /** the element is read as preformatted code (pre, a Doxygen fragment) */
  pre?: boolean;
  /** a Doxygen fragment (its lines are its div.line children; the blanks between them are not text) */
  fragment?: boolean;
  /** a listing set without `<pre>` (isVerbatimBox): its lines end at `<br>` and blocks only */
  verbatimBox?: boolean;
  /** a bold element (BOLD) */
  bold?: boolean;
  /** a typewriter element (MONO) */
  mono?: boolean;
  /** a table set as a grid of boxes (isGridTable), and a cell of one (gridCell) */
  gridTable?: boolean;
  gridCell?: boolean;
  /** a line of a Doxygen fragment */
  line?: boolean;
  /** a note aside (footnotes: isNoteAside) */
  note?: boolean;
  /** a generator's contents list, menu or index (isContentsContainer) */
  contents?: boolean;
  /** where the outermost contents container's blocks start in the page's blocks (leftContentsTitles) */
  contentsAt?: number;
  /** a Texinfo node menu (isNodeMenu) */
  menu?: boolean;
  /** a list item or definition (`li`, `dd`) whose first block is out (itemKind) */
  started?: boolean;
  /** an admonition's box (isAdmonitionBox) */
  admonition?: boolean;
  /** the element children opened inside it so far (an admonition's first child: admonitionPart) */
  children?: number;
  /** an ordered list: the number of its next item, the step (-1 when reversed) and the style */
  counter?: { next: number; step: number; format: ListNumberFormat };
}

/**
 * The numbering of an `<ol>`: its first number (`start`, else 1), counting down when `reversed`
 * and given a `start` (a reversed list without one counts down from its item count, which a
 * streaming reader does not know yet: its items are left unnumbered), in the style of `type`.
 */
export function olCounter(
  attrs: Record<string, string>,
): { next: number; step: number; format: ListNumberFormat } | undefined {
  const start = /^\s*[-+]?\d{1,9}\s*$/.test(attrs.start ?? '') ? Number.parseInt(attrs.start!, 10) : undefined;
  const reversed = 'reversed' in attrs;
  if (reversed && start === undefined) return undefined;
  return { next: start ?? 1, step: reversed ? -1 : 1, format: htmlListFormat(attrs.type) };
}

/** The marker of an `<li>` in a numbered list, advancing its counter (`value` sets the number). */
export function itemMarker(
  counter: { next: number; step: number; format: ListNumberFormat },
  value: string | undefined,
): string {
  const n = /^\s*[-+]?\d{1,9}\s*$/.test(value ?? '') ? Number.parseInt(value!, 10) : counter.next;
  counter.next = n + counter.step;
  return `${formatListNumber(n, counter.format)}.`;
}

/** A table cell being read: the blocks of its content, and where it sits. */
interface CellCtx {
  blocks: LinkedBlock[];
  header: boolean;
  colspan: number;
  rowspan: number;
}

/** A table being read (tables nest: a stack of these). */
interface TableCtx {
  group: number;
  row: CellCtx[] | null;
  cell: CellCtx | null;
  /** per column, the cell of an earlier row still covering it (rowspan) */
  spans: (RowSpan | undefined)[];
  inHead: boolean;
  layout: boolean;
  /** The text of the table's header row, once read: the blocks of a row read as blocks carry it. */
  header?: string;
  /** a Doxygen prototype (`table.memname`): its rows' cell texts, read as one signature (doxygenSignature) */
  signature?: string[][];
  /** The row blocks out so far: their spacer columns go when the table ends (dropSpacerColumns). */
  rows: LinkedBlock[];
  /** The cells of the rows read as blocks (layout rows), in their columns: they write in them too. */
  blockRows: { text: string }[][];
  /** A table set as a grid of boxes (isGridTable): its column count, once known (startsGridRow). */
  grid?: { columns: number | undefined };
}

const hasClass = (attrs: Record<string, string>, name: string) => (attrs.class ?? '').split(/\s+/).includes(name);

/**
 * Doxygen's prototype of a function or macro (`div.memproto > table.memname`) as one line of
 * code. Doxygen sets it as a table: the name (with the return type) and "(" in the first row
 * with the first parameter's type and name, a row per further parameter (two empty cells, the
 * type, the name with its comma), and a row with ")" (and a macro's body or a qualifier); read as
 * rows, "yaml_parser_load | ( | yaml_parser_t * | parser," came out, which no search for the
 * signature finds. The cells are joined as the code reads: no space before "(", after "(", before
 * ")" or ",", nor between a type ending in "*" or "&" and the parameter's name.
 */
export function doxygenSignature(rows: readonly (readonly string[])[]): string {
  let out = '';
  for (const row of rows) {
    for (const raw of row) {
      const cell = raw.replace(/\s+/g, ' ').trim();
      if (cell === '') continue;
      const tight =
        out === '' ||
        out.endsWith('(') ||
        cell === '(' ||
        /^[),]/.test(cell) ||
        (/[*&]$/.test(out) && /^[\p{L}_]/u.test(cell));
      out += (tight ? '' : ' ') + cell;
    }
  }
  return out;
}

const span = (v: string | undefined) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, 1000) : 1;
};

/**
 * A row's cells set in their columns: a cell spanning columns is followed by empty cells, a
 * column still covered by a cell of an earlier row (rowspan) gets that cell's value where it reads
 * as a label (spannedValue, or the cell's `down`; marked `spanned`), else an empty cell, so that
 * every value stays under its header and each row line stands alone. `spans` (per column: rows still covered, and what
 * they read) is updated.
 */
export function placeCells(
  cells: readonly { text: string; header: boolean; colspan: number; rowspan: number; down?: string }[],
  spans: (RowSpan | undefined)[],
): { text: string; header: boolean; spanned?: true }[] {
  const out: { text: string; header: boolean; spanned?: true }[] = [];
  let col = 0;
  const covered = () => {
    const s = spans[col]!;
    s.rows--;
    out.push(s.text === '' ? { text: '', header: false } : { text: s.text, header: s.header, spanned: true });
  };
  for (const c of cells) {
    while ((spans[col]?.rows ?? 0) > 0) {
      covered();
      col++;
    }
    for (let k = 0; k < c.colspan; k++) {
      out.push(k === 0 ? { text: c.text, header: c.header } : { text: '', header: c.header });
      spans[col] =
        c.rowspan > 1
          ? { rows: c.rowspan - 1, text: k === 0 ? (c.down ?? spannedValue(c.text)) : '', header: c.header }
          : undefined;
      col++;
    }
  }
  for (; col < spans.length; col++) if ((spans[col]?.rows ?? 0) > 0) covered();
  return out;
}

/**
 * A row of a data table (one with a header row) whose cells are all code: one code block, the
 * cells one after the other, a blank line between them, so that the chunker keeps the row whole
 * where it fits (a long one is cut between its cells first) and repeats the header above it.
 */
export function codeRow(cells: readonly LinkedBlock[], header: string): LinkedBlock {
  const lines = cells.flatMap((b, i) => [...(i > 0 ? [''] : []), ...(b.lines ?? b.text.split('\n'))]);
  return {
    ...cells[0]!,
    kind: 'code',
    text: lines.join('\n'),
    lines,
    tableHeader: header,
    inPageLinkChars: cells.reduce((n, b) => n + b.inPageLinkChars, 0),
    linkChars: cells.reduce((n, b) => n + b.linkChars, 0),
    links: cells.reduce((n, b) => n + b.links, 0),
  };
}

/**
 * A definition list's entry read as one item: the term (`<dt>`) and the first paragraph of its
 * definition (`<dd>`), as a PDF reads a definition list's first line, so that the chunker never
 * parts a term from what it defines when the two fit in a chunk (an option and its description:
 * "-c If the -c option is present..."). A definition's later paragraphs go on with it as
 * paragraphs (itemKind); a term no definition follows (a contents list of `<dt>` links) stays an
 * item of its own.
 */
export function termWithDefinition(term: LinkedBlock, definition: LinkedBlock): LinkedBlock {
  return {
    ...definition,
    text: `${term.text} ${definition.text}`,
    inPageLinkChars: term.inPageLinkChars + definition.inPageLinkChars,
    linkChars: term.linkChars + definition.linkChars,
    links: term.links + definition.links,
  };
}

export function extractHtml(bytes: Uint8Array): DocumentBlock[] {
  return htmlBlocks(withoutHttpHeader(decodeHtml(bytes)));
}

/** The ids and anchor names of a page's elements: where its own links can point. */
export function pageAnchors(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/<[a-z][^>]*?\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi)) {
    const v = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (v.length > 0) out.add(v);
  }
  return out;
}

/**
 * A chrome element (by its role, class or id) whose end tag never came: the parser closed it only
 * at the end of the page (`rest`, the source from where the close is reported, opens with
 * `</body>` or `</html>`, or is empty). It then held the whole page, which a browser shows all the
 * same; CUnit's pages open `<DIV CLASS="NAVHEADER">` and never close it, and read as no text at
 * all. Such an element is read as text (its navigation bar is left to the navigation rules).
 */
export function pageSwallowedBy(implied: boolean, rest: string): boolean {
  return implied && /^\s*(?:<\/(?:body|html)\b|$)/i.test(rest);
}

export function htmlBlocks(html: string, readAsText?: ReadonlySet<number>): DocumentBlock[] {
  const anchors = pageAnchors(html);
  const out: LinkedBlock[] = [];
  const stack: Open[] = [];
  const tables: TableCtx[] = [];
  let dropDepth = 0;
  let groups = 0;
  // The running block.
  let text = '';
  let outside = ''; // text outside links, for the navigation-bar test
  let inPage = 0;
  let inPageLinks = 0; // links to a place in the page (isLabelledLinkList)
  let linkChars = 0;
  let links = 0;
  let pre = 0;
  let fragment = 0; // open Doxygen fragments
  let verbatimBoxes = 0; // open listings set without `<pre>` (isVerbatimBox)
  let line = 0; // open lines of a fragment
  let link: {
    inPage: boolean;
    from: number;
    href: string;
    outAt: number;
    attrs: Record<string, string>;
    inSup: boolean;
  } | null = null;
  // Alt text of images read inside links, in the running block (isLogoBlock).
  let linkedAlt = '';
  // The target of the running block's last link (isSourceLink).
  let lastHref: string | undefined;
  // A heading is out (isLogoBlock); where the last block out ended in the source (isChromeCaption).
  let seenHeading = false;
  let lastOutAt = 0;
  // Where the last `<code>` inside a listing closed (startsCodeLine).
  let lastCodeEnd = -1;
  let contents = 0; // open contents lists, menus and indexes (isContentsContainer)
  let menus = 0; // open Texinfo node menus (isNodeMenu)
  let admonitions = 0; // open admonition boxes (isAdmonitionBox)
  // The number of the open `<li>`, given to the first text the item flushes.
  let marker = '';
  // Open note asides (footnotes), and a note's number ("[1]") waiting for its text.
  let notes = 0;
  let noteLabel = '';
  // A definition list's term, held until its definition's first paragraph (termWithDefinition).
  let term: LinkedBlock | undefined;
  // The last block flushed was a label paragraph (isLabelText): links after it are its value.
  let afterLabel = false;
  // Where the chrome elements that swallowed the page opened (pageSwallowedBy).
  const swallowing: number[] = [];
  // The running block's `<br>` outside listings: where each fell, and the link counts then
  // (flushLines); the list group its lines make, while they are flushed.
  let breaks: LineBreak[] = [];
  let lineGroup: number | undefined;
  // Open typewriter elements, the running block's characters read inside them, and a block of
  // `<br>` lines read as a listing while it is flushed (isTypewriterLines).
  let monos = 0;
  let monoChars = 0;
  let lineCode = false;
  // Open bold elements, the running block's characters read inside them, and the paragraphs read
  // wholly bold: a headingless page's section titles (bold-titles.ts).
  let bolds = 0;
  let boldChars = 0;
  const boldBlocks = new Set<LinkedBlock>();

  /** A `<header>` that heads a section or the document (isSiteHeader): read, not dropped. */
  const sectionHeader = (name: string, attrs: Record<string, string>): boolean =>
    name === 'header' &&
    !isSiteHeader(
      attrs,
      stack.some((o) => SECTIONING.has(o.name)),
    );
  const innermost = (names: Set<string>): Open | undefined => {
    for (let i = stack.length - 1; i >= 0; i--) if (names.has(stack[i]!.name)) return stack[i];
    return undefined;
  };
  const HEAD = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
  const LIST = new Set(['ul', 'ol', 'menu', 'dl']);
  const TERMS = new Set(['dt', 'dd']);
  const ITEMS = new Set(['li', 'dd']);

  const reset = () => {
    text = '';
    outside = '';
    inPage = 0;
    inPageLinks = 0;
    linkChars = 0;
    links = 0;
    lastCodeEnd = -1;
    linkedAlt = '';
    lastHref = undefined;
    if (breaks.length > 0) breaks = [];
    monoChars = 0;
    boldChars = 0;
  };
  /** A finished block goes into the open cell of the innermost table (depth from the top), or out. */
  const emit = (b: LinkedBlock, depth = 1) => {
    const tb = tables[tables.length - depth];
    if (tb?.cell) tb.cell.blocks.push(b);
    else if (tb && depth === 1 && tb.row) {
      // Text between cells of a row (invalid HTML): a cell of its own.
      tb.cell = { blocks: [b], header: false, colspan: 1, rowspan: 1 };
      endCell(tb);
    } else if (tables.length - depth > 0) emit(b, depth + 1);
    else out.push(b);
  };
  /** Where the running block stands now: its text's and link counts' ends (flushLines). */
  const mark = (): LineBreak => ({
    text: text.length,
    outside: outside.length,
    inPage,
    linkChars,
    links,
    inPageLinks,
    mono: monoChars,
  });
  /**
   * The running block out: a block whose lines are set apart by `<br>` (outside a heading, a
   * table cell, a listing or a link) as a block per group of lines (lineGroupStarts), the groups
   * one list group, so that a contents list set as lines (tex4ht's) is judged as a list
   * (dropListings); a block that is a navigation bar whole goes whole (flushBlock).
   */
  const flush = () => {
    if (breaks.length === 0) return flushBlock();
    const cuts = breaks;
    breaks = [];
    const inHeading = admonitions === 0 && innermost(HEAD) !== undefined;
    if (pre > 0 || link || inHeading || tables[tables.length - 1]?.cell || isNavigationLine(outside, links, text))
      return flushBlock();
    const bounds = [BLOCK_START, ...cuts, mark()];
    const lines = bounds.slice(1).map((z, i) => text.slice(bounds[i]!.text, z.text));
    if (isTypewriterLines(lines.map((l, i) => ({ chars: inkChars(l), mono: bounds[i + 1]!.mono - bounds[i]!.mono })))) {
      // A listing set with `<br>` in typewriter elements: one code block, a line per `<br>`.
      text = lines.map(typewriterLine).join('\n');
      lineCode = true;
      flushBlock();
      lineCode = false;
      return;
    }
    const starts = lineGroupStarts(lines);
    if (starts.length <= 1) return flushBlock();
    const all = { text, outside, alt: linkedAlt, href: lastHref };
    const g = ++groups;
    for (const [k, s] of starts.entries()) {
      const a = bounds[s]!;
      const z = bounds[starts[k + 1] ?? lines.length]!;
      text = all.text.slice(a.text, z.text);
      outside = all.outside.slice(a.outside, z.outside);
      inPage = z.inPage - a.inPage;
      linkChars = z.linkChars - a.linkChars;
      links = z.links - a.links;
      inPageLinks = z.inPageLinks - a.inPageLinks;
      linkedAlt = all.alt;
      lastHref = all.href;
      lineGroup = g;
      flushBlock();
      lineGroup = undefined;
    }
  };
  const flushBlock = () => {
    const raw = text;
    const code = pre > 0 || lineCode;
    const t = code ? raw.replace(/^\n+|\s+$/g, '') : collapseBlanks(raw);
    // Inside a table cell the row is judged whole (dropListings), not each cell; a cell's "-" is a value.
    const inCell = tables[tables.length - 1]?.cell;
    if (t.length === 0 || (!inCell && !/[\p{L}\p{N}\p{S}]/u.test(t))) {
      reset();
      return;
    }
    // An admonition's title is no section heading (admonitionPart).
    const h = admonitions > 0 ? undefined : innermost(HEAD);
    const list = h || code ? undefined : innermost(LIST);
    let kind: DocumentBlock['kind'] = 'paragraph';
    let level: number | undefined;
    let group: number | undefined;
    let depth = 0;
    if (h) {
      kind = 'heading';
      level = Number(h.name[1]);
    } else if (code) kind = 'code';
    else if (list) {
      kind = 'item';
      group = list.group;
      // A list inside an item stands one level in (htmlListDepth).
      depth = htmlListDepth(stack);
      // A later block of the same item or definition goes on with it (itemKind); a term stays one.
      const item = inCell ? undefined : innermost(ITEMS);
      if (item && stack.indexOf(item) > stack.indexOf(list)) {
        kind = itemKind(item.started === true);
        item.started = true;
      }
    } else if (lineGroup !== undefined) group = lineGroup;
    // A footnote's number, set apart from its text (Docutils: "[1]" then the note's paragraph),
    // opens the note's first paragraph.
    if (notes > 0 && (kind === 'paragraph' || kind === 'heading') && isNoteNumber(t)) {
      noteLabel = t;
      reset();
      return;
    }
    // The note's text is no heading, even inside its number's heading left open (makeinfo 6
    // closes `<h5>(1)` with `</h3>` in its one-page manuals).
    if (noteLabel !== '' && kind === 'heading') {
      kind = 'paragraph';
      level = undefined;
    }
    if (kind === 'paragraph' && isLogoBlock(seenHeading, t, linkedAlt)) {
      reset();
      return;
    }
    // A lone link to the page's source, said in words ("Edit this page"): chrome (isSourceLink).
    if (kind === 'paragraph' && !inCell && links === 1 && outside.trim() === '' && isSourceLink(lastHref, t)) {
      reset();
      return;
    }
    // The site's name over the page, a line dating the page: chrome (./site-chrome.ts).
    if (
      !inCell &&
      ((kind === 'heading' && isBannerHeading(seenHeading, t, links, linkChars, lastHref)) ||
        (kind === 'paragraph' && isPageDateLine(t)))
    ) {
      reset();
      return;
    }
    // The line or two a page's header sets over its title go after it (titleLeadIn).
    const lead = kind === 'heading' && tables.length === 0 && out.length <= 2 ? titleLeadIn(out, level ?? 0) : 0;
    if (kind === 'heading') seenHeading = true;
    const entry = kind === 'item' && !inCell && list?.name === 'dl' ? innermost(TERMS)?.name : undefined;
    const labelled = (term !== undefined && entry === 'dd') || (afterLabel && kind === 'paragraph');
    afterLabel = kind === 'paragraph' && isLabelText(t);
    // A navigation bar goes; a paragraph of in-page links only is a contents list set as lines, which goes
    // as a contents entry, taking the headings it empties with it (isInPageLinkLine).
    let linkLine = false;
    if (
      kind !== 'heading' &&
      kind !== 'code' &&
      !inCell &&
      isNavigationLine(outside, links, t) &&
      !isLabelledLinkList(labelled, outside, links, inPageLinks)
    ) {
      if (kind !== 'paragraph' || !isInPageLinkLine(outside, links, inPageLinks, inPage)) {
        reset();
        return;
      }
      linkLine = true;
    }
    // Read wholly in bold, in one piece (not a group of `<br>` lines): a title, if the page has no heading.
    const wholeBold = kind === 'paragraph' && !inCell && lineGroup === undefined && boldChars >= inkChars(t);
    const number = kind === 'item' && marker !== '' ? `${marker} ` : noteLabel !== '' ? `${noteLabel} ` : '';
    noteLabel = '';
    if (kind !== 'heading') marker = '';
    let b: LinkedBlock = {
      kind,
      text: kind === 'heading' ? t.replace(/[¶]/g, '').trim() : number + t,
      inPageLinkChars: inPage,
      linkChars,
      links,
    };
    if (kind === 'code') b.lines = t.split('\n');
    if (level !== undefined) b.level = level;
    if (group !== undefined) b.group = group;
    if (kind === 'item' && depth > 0) b.depth = depth;
    if (contents > 0 || linkLine) b.inContents = true;
    if (menus > 0) b.inMenu = true;
    if (wholeBold && number === '') boldBlocks.add(b);
    reset();
    if (entry === 'dt') {
      emitTerm();
      term = b;
      return;
    }
    if (term && entry === 'dd') {
      b = termWithDefinition(term, b);
      term = undefined;
    } else emitTerm();
    if (tables.length === 0 && isRepeatedHeading(out[out.length - 1], b)) out.pop();
    emit(b);
    if (lead > 0 && out[out.length - 1] === b && out.length > lead) {
      const moved = out.splice(out.length - 1 - lead, lead);
      // A kind heading over the title (titleLeadIn) is a line of the title's now.
      for (const m of moved) {
        if (m.kind !== 'heading') continue;
        m.kind = 'paragraph';
        delete m.level;
      }
      out.push(...moved);
    }
    if (tables.length === 0) lastOutAt = parser.endIndex + 1;
  };
  /** A held term that no definition follows: an item of its own. */
  const emitTerm = () => {
    if (!term) return;
    const held = term;
    term = undefined;
    emit(held);
  };
  const endCell = (tb: TableCtx) => {
    if (!tb.cell) return;
    if (!tb.row) tb.row = [];
    tb.row.push(tb.cell);
    tb.cell = null;
  };
  /**
   * The end of a row: one row block, its cells in their columns, a cell's blocks joined; or, when
   * a cell holds code of several lines, a heading or a table (a layout table: Doxygen's example
   * and output side by side), the cells' blocks one after the other.
   */
  const endRow = (tb: TableCtx) => {
    endCell(tb);
    const row = tb.row;
    tb.row = null;
    if (!row || row.length === 0) return;
    if (tb.signature) {
      tb.signature.push(row.map((c) => c.blocks.map((b) => b.text).join(' ')));
      return;
    }
    const layout =
      tb.layout ||
      row.some((c) =>
        c.blocks.some((b) => b.kind === 'heading' || b.kind === 'row' || (b.kind === 'code' && b.text.includes('\n'))),
      );
    if (layout) {
      // Keep the rowspans counted even when the row is read as blocks, and the columns it writes in;
      // a cell of a row read as blocks is no row line's value: it is not repeated below.
      tb.blockRows.push(
        placeCells(
          row.map((c) => ({
            text: c.blocks.some((b) => b.text.trim().length > 0) ? 'x' : '',
            down: '',
            header: c.header,
            colspan: c.colspan,
            rowspan: c.rowspan,
          })),
          tb.spans,
        ),
      );
      const blocks = row.flatMap((c) => c.blocks);
      if (tb.header === undefined || tb.layout) for (const b of blocks) emit(b, 2);
      else if (blocks.length > 1 && blocks.every((b) => b.kind === 'code')) emit(codeRow(blocks, tb.header), 2);
      else for (const b of blocks) emit({ ...b, tableHeader: tb.header }, 2);
      return;
    }
    const placed = placeCells(
      row.map((c) => ({
        text: c.blocks
          .map((b) => b.text)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
        header: c.header,
        colspan: c.colspan,
        rowspan: c.rowspan,
      })),
      tb.spans,
    );
    // A row of its own has text: one whose only values come down from the rows above is not read.
    if (!placed.some((c) => c.text.length > 0 && !c.spanned)) return;
    const all = row.flatMap((c) => c.blocks);
    const dataCells = row.filter(
      (c) => c.blocks.every((x) => x.inPageLinkChars === 0) && c.blocks.some((x) => /[\p{L}\p{N}]/u.test(x.text)),
    ).length;
    const header = placed.every((c) => c.header || c.text.length === 0) && placed.some((c) => c.header);
    if (header) tb.header = placed.map((c) => c.text).join(' | ');
    const navCells = row.filter((c) =>
      isNavigationCell(
        c.blocks.map((x) => x.text).join(' '),
        c.blocks.reduce((n, x) => n + x.links, 0),
      ),
    ).length;
    const b: LinkedBlock = {
      kind: 'row',
      text: placed.map((c) => c.text).join(' | '),
      cells: placed.map((c) => (header ? { text: c.text, header: true } : { text: c.text })),
      group: tb.group,
      inPageLinkChars: all.reduce((a, x) => a + x.inPageLinkChars, 0),
      linkChars: all.reduce((a, x) => a + x.linkChars, 0),
      links: all.reduce((a, x) => a + x.links, 0),
      dataCells,
      navCells,
    };
    if (contents > 0) b.inContents = true;
    if (menus > 0) b.inMenu = true;
    tb.rows.push(b);
    emit(b, 2);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (dropDepth > 0) {
          if (!VOID.has(name)) {
            stack.push({ name, dropped: true });
            dropDepth++;
          }
          return;
        }
        const at = parser.startIndex;
        // Doxygen's page header: its title is the page's heading, its links bar chrome (doxygen-header.ts).
        const dox =
          name === 'div' ? doxygenHeaderPart(name, classesOf(attrs), stack[stack.length - 1]?.dox) : undefined;
        const chrome =
          (isChrome(name, attrs) || (dox !== undefined && HEADER_READING[dox] === 'chrome')) && !readAsText?.has(at);
        const siteToctree = isSiteToctreeItem(name, attrs, contents > 0);
        // The caption of a navigation element or a site toctree just out goes with it
        // (isChromeCaption; a toctree's caption may be a heading).
        if (
          (siteToctree || name === 'nav' || attrs.role?.trim().toLowerCase() === 'navigation') &&
          tables.length === 0 &&
          text.trim() === '' &&
          out.length > 0 &&
          isChromeCaption(out[out.length - 1], html.slice(lastOutAt, at), siteToctree)
        )
          out.pop();
        if (
          (DROPPED.has(name) && !(name === 'aside' && isNoteAside(attrs)) && !sectionHeader(name, attrs)) ||
          hidden(attrs) ||
          isDocumentDetail(name, attrs) ||
          siteToctree ||
          chrome
        ) {
          if (!VOID.has(name)) {
            stack.push(chrome ? { name, dropped: true, chromeAt: at } : { name, dropped: true });
            dropDepth++;
          }
          return;
        }
        if (name === 'br') {
          // Outside a listing, a line of its own or running text wrapped: told when the block is out (flush).
          if (pre === 0) breaks.push(mark());
          text += pre > 0 ? '\n' : ' ';
          return;
        }
        const parent = stack[stack.length - 1];
        const part =
          admonitions > 0 ? admonitionPart(name, attrs, parent?.admonition === true && !parent.children) : undefined;
        if (parent) parent.children = (parent.children ?? 0) + 1;
        if (part === 'drop') return;
        if (part === 'title') text += ` ${attrs.title!.trim()} `;
        // Boxes set apart by style alone (isSpacedSpan).
        if (name === 'span' && pre === 0 && isSpacedSpan(attrs)) text += ' ';
        if (name === 'img') {
          // An image inside code is no character of it: a callout mark (DocBook's numbered
          // circles beside a listing's lines), an icon.
          if (pre > 0) return;
          const alt = imageAlt(attrs.alt, attrs.src);
          if (alt) text += ` ${alt} `;
          if (alt && link) linkedAlt += alt;
          return;
        }
        const tb = tables[tables.length - 1];
        if (pre > 0) {
          // Inside code, block elements are lines (Doxygen's div.line), not new blocks.
          if (BLOCK.has(name) && text.length > 0 && !text.endsWith('\n')) text += '\n';
          else if (startsCodeLine(name, lastCodeEnd, text)) text += '\n';
        } else if (BLOCK.has(name)) flush();
        if (tb && !tb.cell && (name === 'tr' || name === 'td' || name === 'th')) {
          if (name === 'tr') endRow(tb);
          else {
            tb.cell = {
              blocks: [],
              header: name === 'th' || tb.inHead,
              colspan: span(attrs.colspan),
              rowspan: span(attrs.rowspan),
            };
          }
        } else if (tb && (name === 'td' || name === 'th') && tb.cell) {
          // A cell opened before the last one closed (htmlparser2 closes them itself; defensive).
          endCell(tb);
          tb.cell = {
            blocks: [],
            header: name === 'th' || tb.inHead,
            colspan: span(attrs.colspan),
            rowspan: span(attrs.rowspan),
          };
        }
        if (tb && name === 'thead') tb.inHead = true;
        const cellOfGrid = tb?.grid && parent?.gridTable ? gridCell(name, attrs) : undefined;
        if (tb?.grid && cellOfGrid) {
          // A box of a grid table is a cell; the cells make rows by the grid's columns (startsGridRow).
          endCell(tb);
          const header = cellOfGrid === 'header';
          const inRow = tb.row?.length ?? 0;
          if (startsGridRow(tb.grid.columns, inRow, header)) {
            tb.grid.columns ??= inRow;
            endRow(tb);
          }
          tb.cell = { blocks: [], header, colspan: 1, rowspan: 1 };
        }
        const open: Open = {
          name: dox !== undefined && HEADER_READING[dox] === 'heading' ? 'h1' : name,
          dropped: false,
        };
        if (dox !== undefined) open.dox = dox;
        if (cellOfGrid) open.gridCell = true;
        // A list inside a list belongs to the outer one's group: a contents list is judged whole.
        if (LIST.has(name)) open.group = innermost(LIST)?.group ?? ++groups;
        if (name === 'ol') {
          const counter = olCounter(attrs);
          if (counter) open.counter = counter;
        }
        if (name === 'li') {
          const list = innermost(LIST);
          marker = list?.name === 'ol' && list.counter ? itemMarker(list.counter, attrs.value) : '';
        }
        const grid = isGridTable(name, attrs);
        if (name === 'table' || grid) {
          open.group = ++groups;
          if (grid) open.gridTable = true;
          tables.push({
            group: open.group,
            row: null,
            cell: null,
            spans: [],
            rows: [],
            blockRows: [],
            inHead: false,
            // Doxygen's labels beside a prototype ("inline", "static"): the prototype, then the labels.
            layout:
              attrs.role === 'presentation' || attrs.role === 'none' || part === 'layout' || hasClass(attrs, 'mlabels'),
            ...(hasClass(attrs, 'memname') ? { signature: [] } : {}),
            ...(grid ? { grid: { columns: gridColumns(attrs) } } : {}),
          });
        }
        const box = pre === 0 && isVerbatimBox(name, attrs);
        if (name === 'pre' || (pre === 0 && isFragment(name, attrs)) || box) {
          if (pre === 0) flush();
          pre++;
          open.pre = true;
          if (box) {
            open.verbatimBox = true;
            verbatimBoxes++;
          } else if (name !== 'pre') {
            open.fragment = true;
            fragment++;
          }
        } else if (fragment > 0 && /(?:^|\s)line(?:\s|$)/.test(attrs.class ?? '')) {
          open.line = true;
          line++;
        }
        if (name === 'aside' || isNotesDiv(name, attrs)) {
          open.note = true;
          notes++;
        }
        // makeinfo's one-page manual heads its notes without a `div` ("Footnotes" at the body's
        // end): the notes run to the end of the heading's parent.
        const holder = stack[stack.length - 1];
        if (isNotesHeading(name, attrs) && holder && !holder.note) {
          holder.note = true;
          notes++;
        }
        if (isContentsContainer(name, attrs) || isContentsId(attrs.id)) {
          // The outermost container's blocks, read into the page: its title may go with its list.
          if (contents === 0 && tables.length === 0) open.contentsAt = out.length;
          open.contents = true;
          contents++;
        }
        if (isNodeMenu(name, attrs)) {
          open.menu = true;
          menus++;
        }
        if (MONO.has(name)) {
          open.mono = true;
          monos++;
        }
        if (BOLD.has(name)) {
          open.bold = true;
          bolds++;
        }
        if (isAdmonitionBox(name, attrs)) {
          open.admonition = true;
          admonitions++;
        }
        // A note's number set in a superscript inside its link (makeinfo: `<a href="#FOOT2"><sup>2</sup></a>`).
        if (name === 'sup' && link) link.inSup = true;
        if (name === 'a' && attrs.href !== undefined) {
          link = {
            inPage: contents > 0 || isInPageLink(attrs.href, anchors),
            from: text.length,
            href: attrs.href,
            outAt: out.length,
            attrs,
            inSup: stack.some((o) => o.name === 'sup'),
          };
          lastHref = attrs.href;
          links++;
          if (link.inPage) inPageLinks++;
        }
        if (!VOID.has(name)) stack.push(open);
      },
      ontext(raw) {
        if (dropDepth > 0) return;
        // Zero-width break hints are no text (JavaScript's \s would read U+FEFF as a blank).
        let data = withoutInvisibles(raw);
        if (fragment > 0 && line === 0 && data.trim() === '') return;
        // Inside a listing set without `<pre>`, only the listing's own spaces (verbatimBoxText).
        if (verbatimBoxes > 0 && pre === 1) data = verbatimBoxText(data);
        if (monos > 0 && pre === 0) monoChars += inkChars(data);
        if (bolds > 0 && pre === 0) boldChars += inkChars(data);
        text += data;
        if (!link) outside += data;
      },
      onclosetag(name, implied) {
        // htmlparser2 closes implied and unclosed elements itself, innermost first. The element
        // stays on the stack while its text is flushed (a heading's level comes from it).
        if (VOID.has(name)) return; // never pushed (htmlparser2 reports their close too)
        const top = stack[stack.length - 1];
        if (!top) return;
        if (top.dropped) {
          if (
            top.chromeAt !== undefined &&
            pageSwallowedBy(implied, html.slice(parser.startIndex, parser.startIndex + 64))
          )
            swallowing.push(top.chromeAt);
          stack.pop();
          dropDepth--;
          return;
        }
        closeElement(name, top);
        // After the element's last block and row are out, which are still inside it.
        if (top.contents) contents--;
        if (top.menu) menus--;
        if (top.contentsAt !== undefined) {
          // A contents container's title over its list that leaves (leftContentsTitles).
          for (const k of leftContentsTitles(out.slice(top.contentsAt)).reverse()) out.splice(top.contentsAt + k, 1);
        }
        if (top.admonition) admonitions--;
        stack.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  function closeElement(name: string, top: Open): void {
    if (top.note) notes--;
    if (top.mono) monos--;
    if (top.bold) bolds--;
    if (
      name === 'a' &&
      link &&
      (isPermalinkMark(link.href, text.slice(link.from)) || isMoreLink(link.inPage, text.slice(link.from), link.href))
    ) {
      // A permalink's mark, a "More..." link: no text of the page: it goes, and counts as no link.
      text = text.slice(0, link.from);
      if (links > 0) links--;
      if (link.inPage && inPageLinks > 0) inPageLinks--;
      link = null;
    } else if (name === 'a' && link && tables.length === 0 && out.length > link.outAt) {
      // A link that wrapped blocks: a step to the page before or after goes whole (isPageStepCard).
      const texts = out.slice(link.outAt).map((b) => b.text);
      if (text.trim() !== '') texts.push(text.trim());
      if (isPageStepCard(texts)) {
        out.length = link.outAt;
        reset();
      }
      link = null;
    } else if (name === 'a' && link) {
      // A note's reference mark stays apart from the word before it: "[1]" (noteMark).
      const mark = text.slice(link.from);
      if (pre === 0 && isNoteReference(link.attrs, link.inSup, link.inPage, mark))
        text = text.slice(0, link.from) + noteMark(mark);
      const n = Math.max(0, text.length - link.from);
      linkChars += n;
      if (link.inPage) inPage += n;
      link = null;
    }
    if (top.pre) {
      if (pre === 1) flush();
      pre--;
      if (top.fragment) fragment--;
      if (top.verbatimBox) verbatimBoxes--;
      return;
    }
    if (top.line) line--;
    if (pre > 0) {
      if (BLOCK.has(name) && text.length > 0 && !text.endsWith('\n')) text += '\n';
      if (name === 'code') lastCodeEnd = text.length;
      return;
    }
    const tb = tables[tables.length - 1];
    if (tb && (name === 'td' || name === 'th' || top.gridCell)) {
      flush();
      endCell(tb);
    } else if (tb && name === 'tr') {
      flush();
      endRow(tb);
    } else if (tb && name === 'thead') {
      flush();
      tb.inHead = false;
    } else if ((name === 'table' || top.gridTable) && tb) {
      flush();
      endRow(tb);
      dropSpacerColumns(tb.rows, tb.blockRows);
      tables.pop();
      const signature = tb.signature ? doxygenSignature(tb.signature) : '';
      if (signature !== '')
        emit({ kind: 'code', text: signature, lines: [signature], inPageLinkChars: 0, linkChars: 0, links: 0 });
    } else if (BLOCK.has(name)) {
      flush();
      if (name === 'dl') emitTerm();
    }
  }
  parser.write(html);
  parser.end();
  flush();
  emitTerm();
  while (tables.length > 0) {
    endRow(tables[tables.length - 1]!);
    dropSpacerColumns(tables[tables.length - 1]!.rows, tables[tables.length - 1]!.blockRows);
    tables.pop();
  }
  if (swallowing.length > 0 && !readAsText) return htmlBlocks(html, new Set(swallowing));
  return dropListings(boldTitles(out, boldBlocks), { siteMenus: true });
}

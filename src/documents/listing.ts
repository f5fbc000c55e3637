// Contents and navigation in formats with links (HTML, Word, Markdown): a list or table whose
// entries are links to places in the same document is a table of contents, a mini-TOC or an
// index, not text; a line of only links and words like Next/Previous/Up is a navigation bar.
import type { DocumentBlock } from './blocks.ts';
import { contentsRuns } from './contents-runs.ts';
import { isContentsTitle } from './contents-title.ts';

/** A block as an extractor sees it before the contents filter. */
export interface LinkedBlock extends DocumentBlock {
  /** The list or table the block belongs to (same number = same list/table); absent for others. */
  group?: number;
  /** Characters of the text inside links to a place in the same document. */
  inPageLinkChars: number;
  /** Characters of the text inside any link. */
  linkChars: number;
  /** Number of links in the block. */
  links: number;
  /**
   * Table rows: cells holding letters or digits but no in-page link. A row with two or more is
   * data that links one of its cells (a feature table whose names link to their sections), not
   * an index or contents entry, whose other cell is at most a page number.
   */
  dataCells?: number;
  /** Table rows: cells that are a link saying only where it goes ("Prev", "Next", "Up", "Home"). */
  navCells?: number;
  /** Read inside a container its generator marks as contents (HTML: isContentsContainer). */
  inContents?: boolean;
  /**
   * Read inside a Texinfo node's menu (HTML: isNodeMenu): the node's contents, its entries'
   * descriptions and its comments ("The Detailed Node Listing") alike. It goes whole.
   */
  inMenu?: boolean;
}

/**
 * A link to a place in the document itself: `#anchor`, or a relative link to a page whose anchor
 * is one of this document's own (`anchors`: HTML ids, Word and OpenDocument bookmarks). DocBook's
 * chunked pages write their contents lists with the page's own file name
 * ("sec-table.html#idp1134"), and its ids are unique across the book; an office suite converting
 * such a page keeps the file name. A web address (a scheme) is another site's page.
 */
export function isInPageLink(href: string, anchors: ReadonlySet<string>): boolean {
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return false;
  if (hash === 0) return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return false;
  const fragment = href.slice(hash + 1);
  if (anchors.has(fragment)) return true;
  try {
    return anchors.has(decodeURIComponent(fragment));
  } catch {
    return false; // a malformed escape ("%E0%A4%A"): no anchor of the page
  }
}

/** Share of a group's entries that must be in-page links for the group to be a listing. */
const LISTING_SHARE = 0.8;

/** An entry without links of at most three letters: an index's letter row or a separator. */
function isLetterRow(b: LinkedBlock): boolean {
  return b.links === 0 && b.text.replace(/[\s\p{P}\p{S}\d]/gu, '').length <= 3;
}

/**
 * An index's letter bar ("Jump to: A C F V"): two in-page links or more, each one character long,
 * and (almost) nothing else (isLinkEntry). A short index has fewer letters than the five links
 * that make a one-row bar a listing otherwise.
 */
export function isLetterBar(b: Pick<LinkedBlock, 'text' | 'inPageLinkChars' | 'links' | 'dataCells'>): boolean {
  return b.links >= 2 && b.inPageLinkChars === b.links && isLinkEntry(b);
}

/**
 * A contents entry by its generator's mark: a block read inside a contents container (DocBook's
 * `tr.toc`, the question list of each part of a Q and A set, one row among the questions and
 * answers of its table) that is (almost) all in-page link text. It goes whatever its group holds;
 * a title inside the container ("Table of Contents") is no entry (the HTML reader drops it with
 * the list it heads: leftContentsTitles).
 */
export function isMarkedContentsEntry(
  b: Pick<LinkedBlock, 'text' | 'inPageLinkChars' | 'dataCells' | 'inContents'>,
): boolean {
  return b.inContents === true && isLinkEntry(b);
}

/** The entry is (almost) all in-page link text: a contents or index entry. */
export function isLinkEntry(b: Pick<LinkedBlock, 'text' | 'inPageLinkChars' | 'dataCells'>): boolean {
  if ((b.dataCells ?? 0) >= 2) return false;
  // Characters outside the links, blanks and cell separators not counted ("Jump to: A B C").
  const rest = b.text.replace(/[\s|]/g, '').length - b.inPageLinkChars;
  return b.inPageLinkChars > 0 && rest <= Math.max(4, b.text.length * 0.5);
}

/**
 * A lone link that only says where it goes: up the page ("top", "Back to top", "[Up]", "↑") or
 * back to the contents ("[ToC]" after each section of the Lynx guide, "Back to contents").
 */
const BACK_LINK =
  /^(?:\[?\s*(?:back\s+to\s+(?:top|contents|toc|(?:the\s+)?table\s+of\s+contents)|to\s+top|top|up|home|toc|contents|table\s+of\s+contents)\s*\]?|[↑⇑▲]\s*(?:top)?)$/i;

const NAV_WORD = /^(?:next|previous|prev|up|top|home|contents|index|table of contents|back|forward)$/i;

/**
 * A navigation bar: at least one link, and the text outside links is only navigation words
 * ("Next:", "Up:", "[Contents]") and punctuation; or a lone link saying "top" or "Back to top".
 * `outside` is the block's text with its link texts removed, `text` the whole block's text.
 */
export function isNavigationLine(outside: string, links: number, text?: string): boolean {
  if (links === 0) return false;
  const words = outside.split(/[\s\p{P}\p{S}]+/u).filter((w) => w.length > 0);
  // A paragraph that is one link is text, unless the link says only where it goes (BACK_LINK:
  // "top", "Back to top", "Up", "[ToC]": a jump back up the page or to its contents).
  if (links === 1 && words.length === 0) return text !== undefined && BACK_LINK.test(text.trim());
  return words.every((w) => NAV_WORD.test(w)) && (words.length > 0 || links >= 2);
}

/** Longest label a paragraph of links can follow ("See also:", "Implemented by:"). */
const LABEL_CHARS = 40;

/**
 * A paragraph that labels what follows it: short and ending with a colon ("See also:",
 * "Related:"), as generators write a label apart from its value.
 */
export function isLabelText(text: string): boolean {
  const t = text.trim();
  return t.length > 1 && t.length <= LABEL_CHARS && t.endsWith(':');
}

/** The block before is a label (isLabelText): a paragraph or an item, as a term read as text is. */
export function followsLabel(prev: Pick<LinkedBlock, 'kind' | 'text'> | undefined): boolean {
  return prev !== undefined && (prev.kind === 'paragraph' || prev.kind === 'item') && isLabelText(prev.text);
}

/**
 * A labelled list of links: a definition after its term (Javadoc's "All Known Implementing
 * Classes:" over "ArgumentParserImpl, SubparserImpl", Doxygen's "See also") or a paragraph after a
 * label paragraph (isLabelText), made only of links to other pages and separators between them.
 * It is the label's value, not a navigation bar (isNavigationLine): a bar stands alone, and a
 * list of links to places in the same page after a label ("Contents:") is a mini-TOC, left to
 * the listing rules. `outside` is the block's text outside its links.
 */
export function isLabelledLinkList(afterLabel: boolean, outside: string, links: number, inPageLinks: number): boolean {
  if (!afterLabel || links === 0 || inPageLinks > 0) return false;
  return !/[\p{L}\p{N}]/u.test(outside);
}

/** A link word of a navigation table's cell: where the link goes, in a page sequence or site. */
const NAV_CELL = /^(?:prev(?:ious)?|next|up|home|top|contents|index|toc|table of contents|back|forward|[«»‹›←→↑]+)$/i;

/**
 * A table cell that is a link saying only where it goes: its text (arrows and brackets aside) is
 * one navigation word, and it holds a link.
 */
export function isNavigationCell(text: string, links: number): boolean {
  if (links === 0) return false;
  const t = text
    .replace(/[[\](){}<>:|.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length > 0 && NAV_CELL.test(t);
}

/** Longest cell of a navigation table: the titles of the pages around (DocBook's navheader, navfooter). */
const NAV_TABLE_CELL = 120;

/**
 * A navigation table: a site's header or footer bar set as a table ("Prev | Chapter 3 | Next",
 * "Figure Inclusion | Home | Correcting Poor Formatting", as DocBook's pages have them and as an
 * office suite keeps them when it converts such a page): at most three rows, at least two cells
 * that are navigation links (isNavigationCell), and no cell longer than a title.
 */
export function isNavigationTable(rows: readonly LinkedBlock[]): boolean {
  if (rows.length === 0 || rows.length > 3) return false;
  const nav = rows.reduce((n, r) => n + (r.navCells ?? 0), 0);
  if (nav < 2) return false;
  return rows.every((r) => (r.cells ?? [{ text: r.text }]).every((c) => c.text.length <= NAV_TABLE_CELL));
}

/** A table row read whole, as the listing rules see it: its text and link counts. */
type MenuRow = Pick<LinkedBlock, 'kind' | 'text' | 'linkChars' | 'links'>;

/** Fewest links of a menu box. */
const MENU_LINKS = 5;

/**
 * A table row that is a menu box: five links or more and nothing else (blanks, cell bars and the
 * separators of a menu aside): the "Main Menu", "API Indexes" and "Related links" boxes of a site
 * laid out in tables (libxml2's and libxslt's pages: a `<ul>` of links to the site's pages in a
 * cell of the left column). A row of data holds words outside its links.
 */
export function isMenuRow(b: MenuRow): boolean {
  if (b.kind !== 'row' || b.links < MENU_LINKS) return false;
  return b.text.replace(/[\s|•·»«›‹/-]/gu, '').length <= b.linkChars;
}

/** A menu box's title row: no link, a label of at most four words ("Main Menu", "Related links"). */
function isMenuTitleRow(b: MenuRow): boolean {
  const t = b.text.replace(/[\s|]+/g, ' ').trim();
  return b.kind === 'row' && b.links === 0 && t.length <= 40 && t.split(' ').length <= 4 && !/[.!?]$/.test(t);
}

/**
 * A table that is a menu box: one menu row or more (isMenuRow), its other rows their titles
 * (isMenuTitleRow). It goes whole, titles with it.
 */
export function isMenuTable(rows: readonly MenuRow[]): boolean {
  return rows.some(isMenuRow) && rows.every((r) => isMenuRow(r) || isMenuTitleRow(r));
}

/** Separators between the links of a menu or breadcrumb: bars, chevrons, arrows, bullets, slashes. */
const MENU_SEPARATORS = /[\s|»«›‹>/·•→←↑-]/gu;

/**
 * A navigation menu set as a list (Sphinx's "index | next | previous | Project »" bar, a site's
 * menu): two items or more, each wholly link text (separators aside; an item without a link of
 * at most two characters, as a breadcrumb's "en »" whose link an office suite dropped, among
 * them), at least two of them navigation links (isNavigationCell). A list of links to pages with no navigation word among
 * them ("Options", "Extensibility") is text.
 */
export function isNavigationList(items: readonly LinkedBlock[]): boolean {
  if (items.length < 2) return false;
  const wholly = items.every(
    (b) => b.text.replace(MENU_SEPARATORS, '').length - b.linkChars <= 2 && b.text.length <= 80,
  );
  if (!wholly) return false;
  return items.filter((b) => isNavigationCell(b.text.replace(MENU_SEPARATORS, ' '), b.links)).length >= 2;
}

/** Fewest items of a site's menu before the page's title (menusBeforeTitle). */
const TITLE_MENU_ITEMS = 5;

/** A list whose every item is one link and nothing else (separators aside), as short as a title (isLoneLink). */
export function isLinkList(items: readonly LinkedBlock[]): boolean {
  return items.every((b) => b.kind === 'item' && isLoneLink(b));
}

/**
 * A site's menu standing before the page's own title: the lists that end before the page's first
 * heading (`title`, an index into the blocks; -1: none) and hold nothing but links (isLinkList),
 * when they hold TITLE_MENU_ITEMS items or more together, no navigation word needed (Node.js's API
 * pages list every module's page in `div#column2` ahead of the page's `<h1>`, in three lists parted
 * by rules; a hand-made site's left column of section names). A page's text opens at its title,
 * and links to other pages before it are the site's map. The same list after the title is the
 * page's text (a "See also" list, a project's list of its manuals), and a page that is nothing but
 * such lists is read whole (onlyListings). Returns the groups.
 */
export function menusBeforeTitle(
  members: ReadonlyMap<number, readonly LinkedBlock[]>,
  lastAt: ReadonlyMap<number, number>,
  title: number,
): number[] {
  if (title < 0) return [];
  const groups: number[] = [];
  let items = 0;
  for (const [g, list] of members) {
    if (lastAt.get(g)! >= title || !isLinkList(list)) continue;
    groups.push(g);
    items += list.length;
  }
  return items >= TITLE_MENU_ITEMS ? groups : [];
}

/**
 * Drops listing groups (contents, index, menus of in-page links), navigation tables and
 * navigation menus; keeps everything else in order. A document that is nothing but such a listing
 * and the headings over it (a Sphinx master page: its title over its toctree; a site map) is read
 * whole (onlyListings): its listing is its text, not the contents of some other text, and leaving
 * it out would refuse the document as one without text. `pages.siteMenus`: the document is a web
 * page (HTML, Markdown), whose lists of links before its title are the site's menus
 * (menusBeforeTitle); an office document's are its own.
 */
export function dropListings(blocks: LinkedBlock[], pages: { siteMenus?: boolean } = {}): DocumentBlock[] {
  const total = new Map<number, number>();
  const manyLinks = new Set<number>(); // a one-row bar of many in-page links ("Jump to: A B C ...")
  const linked = new Map<number, number>();
  for (const b of blocks) {
    if (b.group === undefined || isLetterRow(b)) continue;
    total.set(b.group, (total.get(b.group) ?? 0) + 1);
    if (isLinkEntry(b)) linked.set(b.group, (linked.get(b.group) ?? 0) + 1);
    if ((b.links >= 5 && isLinkEntry(b)) || isLetterBar(b)) manyLinks.add(b.group);
  }
  const drop = new Set<number>();
  for (const [g, n] of total) {
    const k = linked.get(g) ?? 0;
    if ((k >= 2 || manyLinks.has(g)) && k >= n * LISTING_SHARE) drop.add(g);
  }
  const members = new Map<number, LinkedBlock[]>();
  const lastAt = new Map<number, number>(); // each group's last block, by index
  for (const [i, b] of blocks.entries()) {
    if (b.group === undefined) continue;
    const list = members.get(b.group) ?? [];
    list.push(b);
    members.set(b.group, list);
    lastAt.set(b.group, i);
  }
  const navigation = new Set<number>();
  for (const [g, list] of members) {
    // A group holding other blocks than rows (a list) is no table.
    if (list.every((b) => b.kind === 'row') ? isNavigationTable(list) || isMenuTable(list) : isNavigationList(list)) {
      drop.add(g);
      navigation.add(g);
    }
  }
  const title = pages.siteMenus ? blocks.findIndex((b) => b.kind === 'heading') : -1;
  for (const g of menusBeforeTitle(members, lastAt, title)) {
    drop.add(g);
    navigation.add(g);
  }
  // A web page's contents set as a run of paragraphs, outside any list or table (contents-runs.ts).
  const runs = pages.siteMenus ? contentsRuns(blocks) : new Set<number>();
  const dropped = (b: LinkedBlock) =>
    (b.group !== undefined && drop.has(b.group)) || isMarkedContentsEntry(b) || b.inMenu === true;
  const titles = emptiedHeadings(
    blocks,
    (k) => dropped(blocks[k]!) || runs.has(k),
    (k) => blocks[k]!.group !== undefined && navigation.has(blocks[k]!.group),
  );
  for (const k of contentsTitlesOver(blocks, (k) => dropped(blocks[k]!))) titles.add(k);
  const sidebar = sidebarSections(blocks, dropped);
  const gone = (b: LinkedBlock, i: number) => dropped(b) || runs.has(i) || titles.has(i) || sidebar.has(i);
  const whole = onlyListings(blocks, gone);
  const out: DocumentBlock[] = [];
  for (const [i, b] of blocks.entries()) {
    if (!whole && gone(b, i)) continue;
    const block: DocumentBlock = { kind: b.kind, text: b.text };
    if (b.level !== undefined) block.level = b.level;
    if (b.depth !== undefined) block.depth = b.depth;
    if (b.page !== undefined) block.page = b.page;
    if (b.cells !== undefined) block.cells = b.cells;
    if (b.lines !== undefined) block.lines = b.lines;
    if (b.slide !== undefined) block.slide = b.slide;
    if (b.tableHeader !== undefined) block.tableHeader = b.tableHeader;
    out.push(block);
  }
  return out;
}

/** Has any text: a letter or a digit. */
const HAS_TEXT = /[\p{L}\p{N}]/u;

/**
 * Would leaving out the blocks that `gone` names (by block and index) leave no text, where the
 * blocks have some? Then the document is only a listing and its headings, read whole.
 */
export function onlyListings<B extends { text: string }>(
  blocks: readonly B[],
  gone: (b: B, i: number) => boolean,
): boolean {
  let any = false;
  for (const [i, b] of blocks.entries()) {
    if (!HAS_TEXT.test(b.text)) continue;
    if (!gone(b, i)) return false;
    any = true;
  }
  return any;
}

/**
 * Headings whose words are a contents title, right over blocks that leave (`dropped`, by index),
 * then text: they title the listing and go with it, though text follows it before the next heading
 * (BiocStyle's R Markdown vignettes: `<h1>Contents</h1>` over `div#TOC`, then a paragraph before
 * the first section, which the title would otherwise open: emptiedHeadings keeps a heading over
 * text). Where a heading follows the listing, emptiedHeadings decides, as before (a sidebar's
 * "Contents" over its subsections stays). A heading over the title stays: it is over a heading,
 * not over the listing. Indexes into `blocks`.
 */
export function contentsTitlesOver(
  blocks: readonly Pick<DocumentBlock, 'kind' | 'text'>[],
  dropped: (k: number) => boolean,
): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < blocks.length; i++) {
    const h = blocks[i]!;
    if (h.kind !== 'heading' || !dropped(i + 1) || !isContentsTitle(h.text)) continue;
    let j = i + 1;
    while (j < blocks.length && dropped(j)) j++;
    if (j < blocks.length && blocks[j]!.kind !== 'heading') out.push(i);
  }
  return out;
}

/**
 * The headings a listing left out empties: a heading followed by blocks that all leave
 * (`dropped`, by index: a contents list, a menu of in-page links, a navigation menu or table) and
 * then by a heading of the same or a higher rank, or by the document's end (a converted page's
 * "Table of Contents" over its list of links, Sphinx's relbar "Navigation" over "index | next |
 * previous | Project »", which an office suite keeps as headings). Its section holds nothing
 * once the listing is gone, so it is no section: it would label the text of the next one. A
 * heading whose subsections all went so goes too (a FAQ's "Detailed Contents" over a heading and a
 * list of questions per part). A heading over a listing and other text, or over its own subsections
 * holding text, stays, and so does one
 * whose rank or the next heading's is unknown, and the document's title: its first heading, over
 * its contents list, when no heading ranks above it ("The Manual" / contents / "1 Scope", both of
 * rank 1), unless what follows it is a navigation menu (`menu`, by index). Indexes into `blocks`.
 */
export function emptiedHeadings(
  blocks: readonly Pick<DocumentBlock, 'kind' | 'level'>[],
  dropped: (k: number) => boolean,
  menu: (k: number) => boolean = () => false,
): Set<number> {
  const out = new Set<number>();
  const first = blocks.findIndex((b) => b.kind === 'heading');
  let top = Infinity;
  for (const b of blocks) if (b.kind === 'heading' && b.level !== undefined) top = Math.min(top, b.level);
  // From the end, so that a heading whose subsections all went empty goes too (deeper).
  const rank = (k: number) => blocks[k]!.level ?? 0;
  for (let i = blocks.length - 2; i >= 0; i--) {
    const h = blocks[i]!;
    const deeper = (k: number) => out.has(k) && rank(k) > (h.level ?? Infinity);
    if (h.kind !== 'heading' || !(dropped(i + 1) || deeper(i + 1))) continue;
    if (i === first && (h.level ?? Infinity) <= top && !menu(i + 1)) continue;
    let j = i + 1;
    while (j < blocks.length && (dropped(j) || deeper(j))) j++;
    const next = blocks[j];
    if (next === undefined || (next.kind === 'heading' && (next.level ?? Infinity) <= (h.level ?? 0))) out.add(i);
  }
  return out;
}

/** Separators of a menu or breadcrumb read as text: bars, chevrons, arrows, bullets, line ends. */
const MENU_TEXT_SEPARATORS = /[|»«›‹•·→←\n]+/u;
/** Longest part of a menu read as text that is no navigation word: a page title of a breadcrumb. */
const MENU_PART_CHARS = 40;
const MENU_PART_WORDS = 5;

/**
 * A navigation menu read as text, without its links (a PDF of a web page: Sphinx's "• index •
 * next | • previous | • CMake » • 3.25.1 Documentation » • cmake-buildsystem(7)"): parts set apart
 * by bars, chevrons or bullets, two of them or more navigation words (as isNavigationCell reads
 * a cell), every other part as short as a page title and ending as titles do (no sentence's
 * full stop: "© Copyright 2022."), and a bar or a chevron among the separators (a bulleted list
 * of words is no menu).
 */
export function isNavigationMenuText(text: string): boolean {
  if (!/[|»«›‹]/u.test(text)) return false;
  const parts = text
    .split(MENU_TEXT_SEPARATORS)
    .map((p) => p.trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  if (parts.length < 2) return false;
  const nav = parts.filter((p) => isNavigationCell(p, 1)).length;
  return (
    nav >= 2 &&
    parts.every(
      (p) =>
        isNavigationCell(p, 1) ||
        (p.length <= MENU_PART_CHARS && p.split(/\s+/).length <= MENU_PART_WORDS && !/[.!?:;,]$/u.test(p)),
    )
  );
}

/**
 * The blocks without the navigation menus that a heading titles, read as text (formats without
 * links: PDF): a heading, then paragraphs or list items that together are a navigation menu
 * (isNavigationMenuText), then a heading of the same or a higher rank (either rank unknown: any
 * heading) or the document's end. Both go: the heading's section holds nothing else (emptiedHeadings).
 */
export function withoutNavigationMenus<B extends DocumentBlock>(blocks: readonly B[]): B[] {
  const drop = new Set<number>();
  for (let i = 0; i < blocks.length; i++) {
    const h = blocks[i]!;
    if (h.kind !== 'heading') continue;
    let j = i + 1;
    while (j < blocks.length && (blocks[j]!.kind === 'paragraph' || blocks[j]!.kind === 'item')) j++;
    if (j === i + 1) continue;
    const next = blocks[j];
    if (next !== undefined && next.kind !== 'heading') continue;
    if (next?.level !== undefined && h.level !== undefined && next.level > h.level) continue;
    if (
      !isNavigationMenuText(
        blocks
          .slice(i + 1, j)
          .map((b) => b.text)
          .join('\n'),
      )
    )
      continue;
    for (let k = i; k < j; k++) drop.add(k);
  }
  return drop.size === 0 ? [...blocks] : blocks.filter((_, k) => !drop.has(k));
}

/**
 * A web page's navigation bar as a PDF without links or tags reads it: DocBook XSL's navheader
 * ("Prev Chapter 3. Using dblatex Next") and navfooter ("Prev Up Next Figure Inclusion Home
 * Correcting Poor Formatting"), Sphinx's footer buttons ("Previous Next"). The line opens with
 * "Prev" or "Previous" and ends with "Next" (a chapter title between, at most a title long), or
 * opens with "Prev Up Next" / "Prev Next" and names "Home" between the titles after. Sentences
 * ("Previous versions are listed next.") have lower case or an end mark and stay.
 */
const NAV_BAR = new RegExp(
  `^Prev(?:ious)?(?:\\s+[^\\n]{1,${NAV_TABLE_CELL}}?)?\\s+Next$|^Prev(?:ious)?\\s+(?:Up\\s+)?Next\\s+[^\\n]{0,${NAV_TABLE_CELL}}\\bHome\\b[^\\n]{0,${NAV_TABLE_CELL}}$`,
  'u',
);

export function isNavigationBarText(text: string): boolean {
  return NAV_BAR.test(text.trim());
}

/** How many blocks from either end of a document a converted page's navigation bars stand. */
const NAV_BAR_EDGE = 3;

/**
 * The blocks of an untagged PDF without a converted web page's navigation bars
 * (isNavigationBarText): paragraphs among the first or last NAV_BAR_EDGE blocks. A header bar's
 * title row (the page title over the bar, the same text as the heading under it) goes with it.
 */
export function withoutNavigationBars<B extends DocumentBlock>(blocks: readonly B[]): B[] {
  const drop = new Set<number>();
  const edge = (i: number) => i < NAV_BAR_EDGE || i >= blocks.length - NAV_BAR_EDGE;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (!edge(i) || b.kind !== 'paragraph' || !isNavigationBarText(b.text)) continue;
    drop.add(i);
    const before = blocks[i - 1];
    const after = blocks[i + 1];
    if (before && after && before.text.trim() === after.text.trim() && before.text.length <= NAV_TABLE_CELL)
      drop.add(i - 1);
  }
  return drop.size === 0 ? [...blocks] : blocks.filter((_, k) => !drop.has(k));
}

/** A block that is one link and nothing else, as short as a page title ("ccmake(1)", "Show Source"). */
function isLoneLink(b: LinkedBlock): boolean {
  return (
    b.links === 1 && b.text.length <= NAV_TABLE_CELL && b.text.replace(MENU_SEPARATORS, '').length - b.linkChars <= 2
  );
}

/** Fewest sections of a sidebar. */
const SIDEBAR_SECTIONS = 3;

/**
 * A web page's sidebar as an office suite keeps it when it converts the page: a run of short
 * sections, each a heading over a listing left out (`dropped`: the page's contents list, a
 * menu), over one lone link to another page ("Previous topic" / "ccmake(1)", "This Page" / "Show
 * Source"), or over nothing (a search box: "Quick search"), with at least SIDEBAR_SECTIONS
 * sections, one listing and one lone link among them. A page's "See also" section of links
 * stays: it is one section, and its links are no lone link each under a heading of its own.
 * Returns the indexes of the run's headings and blocks.
 */
export function sidebarSections(blocks: readonly LinkedBlock[], dropped: (b: LinkedBlock) => boolean): Set<number> {
  type Kind = 'listing' | 'link' | 'empty' | 'text';
  const sections: { start: number; end: number; kind: Kind }[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const h = blocks[i]!;
    if (h.kind !== 'heading') continue;
    let j = i + 1;
    while (j < blocks.length && blocks[j]!.kind !== 'heading') j++;
    const body = blocks.slice(i + 1, j);
    const kept = body.filter((b) => !dropped(b));
    const next = blocks[j];
    let kind: Kind = 'text';
    if (body.length === 0) {
      // An empty section before its own subsections is their parent, not a search box.
      if (next === undefined || (next.level ?? Infinity) <= (h.level ?? 0)) kind = 'empty';
    } else if (kept.length === 0) kind = 'listing';
    else if (kept.length === 1 && body.length === 1 && isLoneLink(kept[0]!)) kind = 'link';
    sections.push({ start: i, end: j, kind });
    i = j - 1;
  }
  const out = new Set<number>();
  for (let a = 0; a < sections.length; ) {
    let b = a;
    while (
      b < sections.length &&
      sections[b]!.kind !== 'text' &&
      (b === a || sections[b]!.start === sections[b - 1]!.end)
    )
      b++;
    const run = sections.slice(a, b);
    if (run.length >= SIDEBAR_SECTIONS && run.some((s) => s.kind === 'listing') && run.some((s) => s.kind === 'link'))
      for (const s of run) for (let k = s.start; k < s.end; k++) out.add(k);
    a = Math.max(b, a + 1);
  }
  return out;
}

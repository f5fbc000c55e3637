// The structure of a document as pandoc reads it (`pandoc -t json`, API 1.22 of Debian's pandoc
// 2.17): its headings, code blocks and table rows, the reference of the section-label, code and
// table measures for HTML, Markdown and Word. Pure: takes the parsed JSON.

import { spannedValue } from '../../src/documents/formats/row-spans.ts';

export interface Structure {
  headings: string[];
  code: string[];
  /** The code blocks the page parts from the block before by prose (a PDF's: pdf-code.ts pdfCodeReference). */
  codeApart?: ReadonlySet<string>;
  /** A PDF's names hung in the left margin beside code (pdf-code.ts CodeReference.marginNames). */
  marginNames?: ReadonlySet<string>;
  rows: string[][];
  /**
   * The rows left out of `rows` for code of several lines in a cell (a Doxygen quick reference's
   * fragments), their cells' text without chrome (Doxygen's tooltips): no line holds such a row,
   * but the chunk-end measure knows where one ends (measures.ts rowEndsChunk).
   */
  blockRows?: string[][];
}

interface Node {
  t: string;
  c?: unknown;
}

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && 't' in x;

/**
 * Plain text of inlines or blocks, as pandoc's plain writer would give it (on one line). With
 * `images` false, an image's alternative text is left out (a table cell's callout icon is no text
 * a PDF or Word reading can give back).
 */
export function plainText(x: unknown, images = true): string {
  if (Array.isArray(x)) return x.map((y) => plainText(y, images)).join('');
  if (!isNode(x)) return '';
  const c = x.c as unknown[];
  switch (x.t) {
    case 'Str':
      return x.c as string;
    case 'Space':
    case 'SoftBreak':
    case 'LineBreak':
      return ' ';
    case 'Code':
    case 'Math':
      return c[1] as string;
    case 'CodeBlock':
      return ` ${c[1] as string} `;
    case 'RawInline':
    case 'RawBlock':
    case 'Note':
      return '';
    case 'Quoted':
      return (c[0] as Node).t === 'SingleQuote' ? `‘${plainText(c[1], images)}’` : `“${plainText(c[1], images)}”`;
    case 'Image':
      return images ? plainText(c[1]) : '';
    case 'Link':
    case 'Span':
    case 'Div':
    case 'Cite':
      return plainText(c[1], images);
    case 'Plain':
    case 'Para':
      return ` ${plainText(x.c, images)} `;
    case 'Header':
      return ` ${plainText(c[2], images)} `;
    default:
      return plainText(x.c, images);
  }
}

const one = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Does the node (a cell's blocks) hold code of two or more lines (a CodeBlock, a Doxygen fragment)? */
function holdsCode(x: unknown): boolean {
  if (Array.isArray(x)) return x.some(holdsCode);
  if (!isNode(x)) return false;
  const c = x.c as unknown[];
  if (x.t === 'CodeBlock') return (c[1] as string).trim().includes('\n');
  if (x.t === 'Div' && ((c[0] as unknown[])[1] as string[]).includes('fragment'))
    return (c[1] as unknown[]).length >= 2;
  return holdsCode(x.c);
}

/**
 * A link to a place in the page itself: `#anchor`, or `PAGE#anchor` where PAGE is the page's own
 * file name (`self`): DocBook's chunked pages write their contents lists so ("sec-table.html#idp1134").
 */
export function isInPageHref(href: string, self?: string): boolean {
  if (href.startsWith('#')) return true;
  if (!self) return false;
  const h = href.replace(/^\.\//, '');
  return h.startsWith(`${self}#`) && h.length > self.length + 1;
}

/** Characters of text inside in-page links (isInPageHref) of a node. */
function inPageLinkChars(x: unknown, self?: string): number {
  if (Array.isArray(x)) return x.reduce((n: number, y) => n + inPageLinkChars(y, self), 0);
  if (!isNode(x)) return 0;
  const c = x.c as unknown[];
  if (x.t === 'Link' && isInPageHref((c[2] as unknown[])[0] as string, self)) return one(plainText(c[1])).length;
  return inPageLinkChars(x.c, self);
}

type Cell = unknown[];

function rowNodes(table: unknown[]): Cell[][] {
  const [, , , head, bodies, foot] = table as [unknown, unknown, unknown, unknown[], unknown[][], unknown[]];
  const rows: unknown[] = [...(head[1] as unknown[])];
  for (const b of bodies) rows.push(...(b[2] as unknown[]), ...(b[3] as unknown[]));
  rows.push(...(foot[1] as unknown[]));
  return rows.map((r) => (r as unknown[])[1] as Cell[]);
}

/**
 * A table of in-page links (an index, a contents table, a "Jump to: A B C" bar): 80 % of its
 * rows are mostly link text to anchors of the page. The service leaves these out by design.
 */
function isLinkTable(all: Cell[][], self?: string): boolean {
  // An index's letter rows ("A", "B"), separator rows and a first row without links (its
  // column names) do not count either way.
  const rows = all.filter(
    (r, i) =>
      r.some((cell) => inPageLinkChars(cell[4], self) > 0) ||
      (i > 0 &&
        r
          .map((cell) => plainText(cell[4]))
          .join('')
          .replace(/[\s\p{P}\p{S}\d]/gu, '').length > 3),
  );
  if (rows.length === 0) return false;
  const linked = rows.filter((r) => {
    // Two cells of text without in-page links: a data row that links one cell, not an entry.
    const data = r.filter((cell) => inPageLinkChars(cell[4], self) === 0 && /[\p{L}\p{N}]/u.test(plainText(cell[4])));
    if (data.length >= 2) return false;
    const text = r.map((cell) => one(plainText(cell[4]))).join('');
    const inPage = r.reduce((n: number, cell) => n + inPageLinkChars(cell[4], self), 0);
    return inPage > 0 && text.replace(/[\s|:]/g, '').length - inPage <= Math.max(4, text.length * 0.5);
  }).length;
  return linked >= Math.max(2, rows.length * 0.8) || (rows.length === 1 && linked === 1);
}

function rowsOf(table: unknown[], self?: string): { rows: string[][]; blockRows: string[][] } {
  const rows = rowNodes(table);
  if (isLinkTable(rows, self)) return { rows: [], blockRows: [] };
  // A row with code of several lines in a cell cannot stand on one line: the code measure counts it.
  const code = (r: Cell[]) => r.some((cell) => holdsCode(cell[4]));
  return {
    rows: rows.filter((r) => !code(r)).map((r) => r.map((cell) => one(plainText(cell[4], false)))),
    blockRows: rows.filter(code).map((r) => r.map((cell) => one(plainText(stripChrome(cell[4]), false)))),
  };
}

/**
 * Site chrome as the page marks it (a Div whose class or id is one of the names generators give
 * navigation, sidebars, header and footer bars: DocBook's navheader/navfooter, Sphinx's
 * related/sphinxsidebar, Read the Docs' wy-nav-side, Doxygen's navpath, tooltips and ingroups, MkDocs'
 * md-*): its tables are navigation, not data.
 */
const CHROME_DIV = new Set([
  'nav',
  'navbar',
  'navigation',
  'navheader',
  'navfooter',
  'navpath',
  'nav-path',
  'nav-tree',
  'side-nav',
  'topnav',
  'bottomnav',
  'subnav',
  'titlearea',
  'related',
  'sphinxsidebar',
  'sphinxsidebarwrapper',
  'searchbox',
  'footer',
  'breadcrumbs',
  'wy-nav-side',
  'wy-nav-top',
  // Read the Docs' sidebar (pandoc drops its <nav> and keeps these Divs): search box and menu.
  'wy-side-scroll',
  'wy-side-nav-search',
  'wy-menu',
  'wy-breadcrumbs',
  'rst-footer-buttons',
  'md-header',
  'md-footer',
  'md-sidebar',
  'md-tabs',
  'bd-header',
  'bd-footer',
  'bd-sidebar',
  'bd-sidebar-primary',
  'bd-sidebar-secondary',
  'ttc',
  // Doxygen's groups a page belongs to, links under its title (the service drops them: doxygen-header.ts).
  'ingroups',
]);

/** ARIA landmark roles of site chrome: navigation, the site banner and footer, search, asides. */
const CHROME_ROLE = new Set(['navigation', 'banner', 'contentinfo', 'search', 'complementary']);

function isChromeDiv(x: Node): boolean {
  if (x.t !== 'Div') return false;
  const [id, classes, kvs] = (x.c as unknown[])[0] as [string, string[], [string, string][]];
  if (kvs?.some(([k, v]) => k === 'role' && CHROME_ROLE.has(v.trim().toLowerCase()))) return true;
  return [id, ...classes].some((n) => CHROME_DIV.has(n.toLowerCase()));
}

/**
 * Headings, code blocks and table rows in document order. The rows of a table under a heading
 * ending in "Index" (Texinfo's index tables), of a table of in-page links (an index or contents
 * table under any heading) and of tables inside site chrome are left out: the service drops
 * them by design. Rows with code of several lines in a cell are left to the code measure.
 */
export function pandocStructure(doc: { blocks: unknown[] }, self?: string): Structure {
  const out: Structure = { headings: [], code: [], rows: [], blockRows: [] };
  let inIndex = false;
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    if (!isNode(x)) return;
    if (isChromeDiv(x)) return;
    const c = x.c as unknown[];
    if (x.t === 'Header') {
      const h = one(plainText(c[2]));
      out.headings.push(h);
      inIndex = /\bindex$/i.test(h);
    } else if (x.t === 'CodeBlock') out.code.push(c[1] as string);
    else if (x.t === 'Table' && !inIndex) {
      const r = rowsOf(c, self);
      out.rows.push(...r.rows);
      out.blockRows!.push(...r.blockRows);
    }
    visit(x.c);
  };
  visit(doc.blocks);
  return out;
}

/**
 * The document without its site chrome (isChromeDiv): the reference reading of a page whose
 * navigation, sidebars and footers the service leaves out by design.
 */
export function withoutChrome<T extends { blocks: unknown[] }>(doc: T): T {
  return { ...doc, blocks: stripChrome(doc.blocks) as unknown[] };
}

/** Blocks (or a node) without their site chrome (isChromeDiv). */
function stripChrome(x: unknown): unknown {
  if (Array.isArray(x)) return x.filter((y) => !(isNode(y) && isChromeDiv(y))).map(stripChrome);
  if (!isNode(x)) return x;
  return x.c === undefined ? x : { ...x, c: stripChrome(x.c) };
}

/** Words of a navigation bar besides its links ("Next: X, Previous: Y, Up: Z [Contents][Index]"). */
const NAV_WORD = /^(?:next|previous|prev|up|top|home|contents|index)$/i;

/** Text of inlines outside links, and the number of links. */
function outsideLinks(x: unknown): { text: string; links: number } {
  if (Array.isArray(x))
    return x.map(outsideLinks).reduce((a, b) => ({ text: a.text + b.text, links: a.links + b.links }), {
      text: '',
      links: 0,
    });
  if (!isNode(x)) return { text: '', links: 0 };
  if (x.t === 'Link') return { text: ' ', links: 1 };
  if (x.t === 'Str') return { text: x.c as string, links: 0 };
  if (x.t === 'Space' || x.t === 'SoftBreak' || x.t === 'LineBreak') return { text: ' ', links: 0 };
  return outsideLinks(x.c);
}

/** A paragraph of 2+ links and navigation words only: a navigation bar. */
function isNavigationBar(x: Node): boolean {
  if (x.t !== 'Para' && x.t !== 'Plain') return false;
  const { text, links } = outsideLinks(x.c);
  const ws = text.split(/[\s\p{P}\p{S}]+/u).filter((w) => w.length > 0);
  return links >= 2 && ws.every((w) => NAV_WORD.test(w));
}

/** A paragraph's inlines split at its line breaks (`<br>`); one line when it has none. */
function splitAtLineBreaks(x: Node): unknown[][] {
  const lines: unknown[][] = [[]];
  for (const y of x.c as unknown[]) {
    if (isNode(y) && y.t === 'LineBreak') lines.push([]);
    else lines[lines.length - 1]!.push(y);
  }
  return lines;
}

/**
 * The lines of a paragraph that line breaks (`<br>`) set apart, each as a Plain block; none when
 * it has no line break.
 */
function paragraphLines(x: Node): Node[] {
  const lines = splitAtLineBreaks(x);
  if (lines.length === 1) return [];
  return lines.map((l): Node => ({ t: 'Plain', c: l })).filter((l) => one(plainText(l)).trim() !== '');
}

/**
 * A paragraph without its lines (set apart by line breaks) that are navigation bars
 * (isNavigationBar: man2html's "Index" and "Return to Main Contents" under the page's header
 * lines), as the service reads a `<br>` line of its own.
 */
function withoutNavigationLines(x: Node): Node {
  const lines = splitAtLineBreaks(x);
  if (lines.length === 1) return x;
  const kept = lines.filter((l) => !isNavigationBar({ t: 'Plain', c: l }));
  if (kept.length === lines.length) return x;
  return { ...x, c: kept.flatMap((l, i) => (i === 0 ? l : [{ t: 'LineBreak' }, ...l])) };
}

/**
 * A list whose items (their first block) are mostly in-page link text: a contents list, a
 * mini-TOC, a menu; or a Div of such entries, one block each after its title (DocBook's
 * `div.toc`, a definition list of terms only, which pandoc reads as a Div of Plain lines); or a
 * paragraph of such entries, one per line (tex4ht's contents: its entries set apart by `<br>`,
 * which the service reads as a list of lines: src/documents/formats/html/line-breaks.ts).
 */
function isLinkList(x: Node, self?: string): boolean {
  let items: unknown[][];
  if (x.t === 'BulletList' || x.t === 'OrderedList')
    items = (x.t === 'OrderedList' ? (x.c as unknown[])[1] : x.c) as unknown[][];
  else if (x.t === 'Para' || x.t === 'Plain') items = paragraphLines(x).map((l) => [l]);
  else if (x.t === 'Div') {
    const blocks = (x.c as unknown[])[1] as unknown[];
    // Its title ("Table of Contents") opens it and is no entry either way.
    const first = blocks[0];
    items = (first !== undefined && inPageLinkChars(first, self) === 0 ? blocks.slice(1) : blocks).map((b) => [b]);
  } else return false;
  const linked = items.filter((item) => {
    const first = item[0];
    if (!isNode(first)) return false;
    const text = one(plainText(first)).replace(/\s/g, '');
    const inPage = inPageLinkChars(first, self);
    return inPage > 0 && text.length - inPage <= Math.max(4, text.length * 0.5);
  }).length;
  return linked >= 2 && linked >= items.length * 0.8;
}

/**
 * The document without its listings, which the service leaves out by design: tables of in-page
 * links (an index, a contents table: isLinkTable) and the tables under a heading ending in
 * "Index" (Texinfo's index tables), as the row measure leaves them out; lists whose items are
 * in-page links (a contents list, a mini-TOC, a menu); and navigation bars ("Next: X, Up: Y
 * [Contents][Index]"). The reference reading for coverage and order.
 */
export function withoutListings<T extends { blocks: unknown[] }>(doc: T, self?: string): T {
  let inIndex = false;
  const keep = (y: unknown): boolean => {
    if (!isNode(y)) return true;
    if (y.t === 'Header') {
      inIndex = /\bindex$/i.test(one(plainText((y.c as unknown[])[2])));
      return true;
    }
    if (y.t === 'Table') return !inIndex && !isLinkTable(rowNodes(y.c as unknown[]), self);
    // A Div of link entries goes by its entries (below): its title stays, as a list's heading does.
    if (y.t === 'Div') return true;
    return !isLinkList(y, self) && !isNavigationBar(y);
  };
  /** A Div of link entries (DocBook's div.toc): its other blocks, the list's title ("Table des matières"). */
  const entriesOut = (div: Node): unknown => {
    const [attr, blocks] = div.c as [unknown, unknown[]];
    return { ...div, c: [attr, blocks.filter((b) => !(isNode(b) && inPageLinkChars(b, self) > 0))] };
  };
  const strip = (x: unknown): unknown => {
    if (Array.isArray(x)) {
      const out: unknown[] = [];
      // In document order: a heading sets inIndex for what follows it.
      for (const y of x) {
        if (!keep(y)) {
          out.push(LEFT_OUT);
          continue;
        }
        if (isNode(y) && y.t === 'Div' && isLinkList(y, self)) out.push(entriesOut(y));
        else if (isNode(y) && (y.t === 'Para' || y.t === 'Plain')) out.push(withoutNavigationLines(y));
        else out.push(strip(y));
      }
      return out;
    }
    if (!isNode(x)) return x;
    if (x.t === 'Table' || x.c === undefined) return x;
    return { ...x, c: strip(x.c) };
  };
  const stripped = strip(doc.blocks) as unknown[];
  const gone = emptiedHeaders(stripped);
  const clean = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.filter((y) => y !== LEFT_OUT && !gone.has(y)).map(clean);
    if (!isNode(x) || x.t === 'Table' || x.c === undefined) return x;
    return { ...x, c: clean(x.c) };
  };
  return { ...doc, blocks: clean(stripped) as unknown[] };
}

/** Where withoutListings left a block out (removed again before it returns). */
const LEFT_OUT: Node = { t: 'LeftOut' };

/**
 * The headings a listing left out empties, as the service reads them (src/documents/listing.ts,
 * emptiedHeadings): a Header followed, in document order (through Divs), by blocks left out
 * (LEFT_OUT) and then by a Header of the same or a higher rank, or the end ("Table of Contents"
 * over its list of links); blocks without a letter or a digit (a rule, an anchor) do not count.
 * The document's first heading of the top rank (its title) stays.
 */
export function emptiedHeaders(blocks: unknown[]): Set<unknown> {
  const items: ({ header: Node; level: number } | 'out' | 'text')[] = [];
  const walk = (xs: unknown[]) => {
    for (const y of xs) {
      if (y === LEFT_OUT) items.push('out');
      else if (!isNode(y)) continue;
      else if (y.t === 'Header') items.push({ header: y, level: (y.c as unknown[])[0] as number });
      else if (y.t === 'Div') walk(((y.c as unknown[])[1] as unknown[]) ?? []);
      // A rule or an anchor alone (an empty Span) is no text under the heading.
      else if (/[\p{L}\p{N}]/u.test(plainText(y))) items.push('text');
    }
  };
  walk(blocks);
  const gone = new Set<unknown>();
  const first = items.findIndex((x) => typeof x === 'object');
  let top = Infinity;
  for (const x of items) if (typeof x === 'object') top = Math.min(top, x.level);
  items.forEach((h, i) => {
    if (typeof h !== 'object' || items[i + 1] !== 'out' || (i === first && h.level <= top)) return;
    let j = i + 1;
    while (items[j] === 'out') j++;
    const next = items[j];
    if (next === undefined || (typeof next === 'object' && next.level <= h.level)) gone.add(h.header);
  });
  return gone;
}

/**
 * The document without its images' alternative text. A PDF made from the document (an office
 * suite's export of an HTML page) prints each image as a picture: its text layer has no words for
 * it, whatever reads it. DocBook's callout icons (`<img src="callouts/1.png" alt="1">`, 12-pixel
 * pictures of a circled number) beside each callout's text are such images: pandoc reads "[1]",
 * so the reference put a number between two sentences that no reading of the PDF's text can give.
 */
export function withoutImages<T extends { blocks: unknown[] }>(doc: T): T {
  const strip = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.filter((y) => !(isNode(y) && y.t === 'Image')).map(strip);
    if (!isNode(x) || x.c === undefined) return x;
    return { ...x, c: strip(x.c) };
  };
  return { ...doc, blocks: strip(doc.blocks) as unknown[] };
}

/**
 * A table's rows with a cell merged down over rows (its RowSpan) read again in its column on each
 * row it spans where its value is a label (spannedValue; code is none): the service repeats such a value, so
 * that each row line stands alone, and a row read so is in order too. pandoc writes the cell on
 * its first row only and leaves it out of the rows below.
 */
export function withRowSpans(rows: Cell[][]): Cell[][] {
  const spans: ({ rows: number; cell: Cell; cols: number } | undefined)[] = [];
  return rows.map((r) => {
    const out: Cell[] = [];
    let col = 0;
    const covered = () => {
      const s = spans[col]!;
      s.rows--;
      if (!holdsCode(s.cell[4]) && spannedValue(one(plainText(s.cell[4], false))) !== '') out.push(s.cell);
      col += s.cols;
    };
    for (const cell of r) {
      while ((spans[col]?.rows ?? 0) > 0) covered();
      const rs = Number(cell[2]) || 1;
      const cols = Math.max(1, Number(cell[3]) || 1);
      spans[col] = rs > 1 ? { rows: rs - 1, cell, cols } : undefined;
      out.push(cell);
      col += cols;
    }
    while (col < spans.length) {
      if ((spans[col]?.rows ?? 0) > 0) covered();
      else col++;
    }
    return out;
  });
}

/**
 * The document with each table read row by row, each cell's blocks whole after the previous
 * cell's: a second reading of a pandoc reference, for order only (as the column-aware reading is
 * for a PDF's). pandoc's plain writer sets a table whose cells hold several lines (Doxygen's
 * quick reference: a name beside a block of code; an example beside its output) as a grid,
 * whose text lines put the cells side by side ("add | mat3 = mat1 + mat2;" then "subtract |
 * mat3 = mat1 - mat2;"), where a reader that keeps a row's cells in order reads one cell whole,
 * then the next.
 */
export function rowReading<T extends { blocks: unknown[] }>(doc: T): T {
  const read = (x: unknown): unknown => {
    if (Array.isArray(x)) {
      const out: unknown[] = [];
      for (const y of x) {
        if (isNode(y) && y.t === 'Table')
          for (const r of withRowSpans(rowNodes(y.c as unknown[])))
            for (const cell of r) out.push(...(read(cell[4]) as unknown[]));
        else out.push(read(y));
      }
      return out;
    }
    if (!isNode(x) || x.c === undefined) return x;
    return { ...x, c: read(x.c) };
  };
  return { ...doc, blocks: read(doc.blocks) as unknown[] };
}

// OpenDocument text (.odt) and presentations (.odp): the zip's content.xml and styles.xml read
// through saxes, as the Word reader reads its parts (the zip bounded by ../docx/zip.ts, a DTD
// declaring entities refused). Headings are text:h with their outline level (and paragraphs in a
// style with a default outline level, or the Title style); lists carry the number their list
// style prints ("3.", "b)", "iv."); tables are rows `a | b` whose covered (merged) and empty cells
// stay in place; paragraphs in a preformatted style, or set wholly in a monospaced font, are code
// kept verbatim; contents and indexes (text:table-of-content, text:alphabetical-index, ...) are
// left out; notes go to the end as in Word. A presentation is read slide by slide: the title
// (presentation:class="title") opens the slide as a heading, the other frames follow in the
// order the file keeps them, then the speaker notes; page numbers, footers and dates are furniture.
import type { DocumentBlock } from '../../blocks.ts';
import type { ExtractContext } from '../format.ts';
import { documentError } from '../../document-error.ts';
import {
  dropListings,
  followsLabel,
  isInPageLink,
  isLabelledLinkList,
  isLinkEntry,
  isNavigationLine,
  type LinkedBlock,
} from '../../listing.ts';
import { DEFAULT_ZIP_LIMITS, readParts } from '../docx/zip.ts';
import { withoutContentsLists } from '../../contents-lists.ts';
import { attr, officeRow, parseXml as parse, xmlText, type OfficeCell } from '../office-xml.ts';
import { spannedValue, type RowSpan } from '../row-spans.ts';
import { oneTitle } from '../pptx/extract.ts';
import { formatNumber, isMonospaceFont, odfNumberStyle, type NumberStyle } from '../list-labels.ts';
import { numberedHeading } from '../list-number.ts';
import { withoutPermalinkMark } from '../permalink-mark.ts';
import { dropSpacerColumns } from '../table-columns.ts';

export type OdfKind = 'text' | 'presentation';

const WHAT: Record<OdfKind, string> = { text: 'OpenDocument text', presentation: 'OpenDocument presentation' };

export async function extractOdf(bytes: Uint8Array, kind: OdfKind, ctx: ExtractContext = {}): Promise<DocumentBlock[]> {
  const maxBytes = Math.min(ctx.maxDecodedBytes ?? DEFAULT_ZIP_LIMITS.maxBytes, DEFAULT_ZIP_LIMITS.maxBytes);
  const parts = await readParts(bytes, ['content.xml', 'styles.xml'], {
    ...DEFAULT_ZIP_LIMITS,
    maxBytes,
    what: WHAT[kind],
  });
  const content = parts.get('content.xml');
  if (!content) throw documentError('document_unsupported', `The zip archive has no ${WHAT[kind]} content part.`);
  const styles = emptyStyles();
  const styleXml = parts.get('styles.xml');
  if (styleXml) readOdfStyles(odfXml(styleXml), styles);
  const xml = odfXml(content);
  readOdfStyles(xml, styles);
  const kept = dropListings(readOdfBody(xml, styles));
  // A text's contents list whose links do not cover its entries: paragraphs naming its own
  // headings (not a presentation's agenda slide, one of its slides).
  return kind === 'text'
    ? withoutContentsLists(
        kept,
        kept.filter((b) => b.kind === 'heading').map((b) => b.text),
      )
    : kept;
}

const odfXml = (buf: Buffer) => xmlText(buf, 'OpenDocument files');

/** One level of a list style: numbered (with its format) or bulleted. */
export interface ListLevel {
  number?: NumberStyle;
  prefix: string;
  suffix: string;
  start: number;
  /** How many levels the label shows ("1.2." shows 2). */
  display: number;
}

export interface OdfStyle {
  display: string;
  parent?: string;
  listStyle?: string;
  outline?: number;
  /** Its text is set in a monospaced font (own properties; parents are followed when asked). */
  mono?: boolean;
}

export interface OdfStyles {
  paragraph: Map<string, OdfStyle>;
  text: Map<string, OdfStyle>;
  lists: Map<string, Map<number, ListLevel>>;
  /** The outline numbering of headings (text:outline-style), by level. */
  outline?: Map<number, ListLevel>;
  monoFonts: Set<string>;
}

export const emptyStyles = (): OdfStyles => ({
  paragraph: new Map(),
  text: new Map(),
  lists: new Map(),
  monoFonts: new Set(),
});

/** Named and automatic styles, list styles and font faces (styles.xml, then content.xml). */
export function readOdfStyles(xml: string, into: OdfStyles): OdfStyles {
  let style: OdfStyle | null = null;
  let family = '';
  let name = '';
  let list: Map<number, ListLevel> | null = null;
  parse(xml, {
    open(t) {
      switch (t.name) {
        case 'style:font-face': {
          const pitch = attr(t, 'style:font-pitch');
          const fam = attr(t, 'svg:font-family') ?? attr(t, 'style:name');
          if (pitch === 'fixed' || isMonospaceFont(fam)) into.monoFonts.add(attr(t, 'style:name') ?? '');
          break;
        }
        case 'style:style':
          family = attr(t, 'style:family') ?? '';
          name = attr(t, 'style:name') ?? '';
          style = {
            display: (attr(t, 'style:display-name') ?? name).replace(/_20_/g, ' '),
            parent: attr(t, 'style:parent-style-name'),
            listStyle: attr(t, 'style:list-style-name'),
          };
          {
            const o = Number(attr(t, 'style:default-outline-level'));
            if (o >= 1 && o <= 10) style.outline = o;
          }
          break;
        case 'style:text-properties':
          if (style) {
            const font = attr(t, 'style:font-name');
            const fam = attr(t, 'fo:font-family');
            if ((font !== undefined && (into.monoFonts.has(font) || isMonospaceFont(font))) || isMonospaceFont(fam))
              style.mono = true;
            else if (font !== undefined || fam !== undefined) style.mono = false;
          }
          break;
        case 'text:list-style':
          list = new Map();
          into.lists.set(attr(t, 'style:name') ?? '', list);
          break;
        case 'text:outline-style':
          list = new Map();
          into.outline = list;
          break;
        case 'text:outline-level-style':
        case 'text:list-level-style-number':
        case 'text:list-level-style-bullet':
        case 'text:list-level-style-image':
          if (list) {
            const level = Number(attr(t, 'text:level')) || 1;
            const numbered = t.name !== 'text:list-level-style-bullet' && t.name !== 'text:list-level-style-image';
            list.set(level, {
              ...(numbered ? { number: odfNumberStyle(attr(t, 'style:num-format') ?? '') } : {}),
              prefix: attr(t, 'style:num-prefix') ?? '',
              suffix: attr(t, 'style:num-suffix') ?? '',
              start: Number(attr(t, 'text:start-value')) || 1,
              display: Math.min(10, Math.max(1, Number(attr(t, 'text:display-levels')) || 1)),
            });
          }
          break;
      }
    },
    close(n) {
      if (n === 'style:style' && style) {
        if (family === 'paragraph') into.paragraph.set(name, style);
        else if (family === 'text') into.text.set(name, style);
        style = null;
      } else if (n === 'text:list-style' || n === 'text:outline-style') list = null;
    },
    text() {},
  });
  return into;
}

/** Follows a style's parents (at most 10) until `pick` gives an answer. */
function inherited<T>(
  map: Map<string, OdfStyle>,
  name: string | undefined,
  pick: (s: OdfStyle) => T | undefined,
): T | undefined {
  for (let i = 0, s = name; s !== undefined && i < 10; i++) {
    const st = map.get(s);
    if (!st) return undefined;
    const v = pick(st);
    if (v !== undefined) return v;
    s = st.parent;
  }
  return undefined;
}

/** A paragraph style for code: Preformatted Text, Source Code, Plain Text, ... (or a parent of it). */
export function isCodeStyle(styles: OdfStyles, name: string | undefined): boolean {
  return (
    inherited(styles.paragraph, name, (s) =>
      /source ?code|^code\b|preformatted|^plain text$|verbatim|listing/i.test(s.display) ? true : undefined,
    ) ?? false
  );
}

/** Heading level a paragraph style gives (Title: 1; a default outline level), else undefined. */
export function styleHeadingLevel(styles: OdfStyles, name: string | undefined): number | undefined {
  return inherited(
    styles.paragraph,
    name,
    (s) =>
      s.outline ??
      (/^title$/i.test(s.display)
        ? 1
        : /^heading ([1-9]|10)$/i.test(s.display)
          ? Number(s.display.slice(8))
          : undefined),
  );
}

/** The label of the n-th item: "3.", "b)", "1.2." (levels shown), or '' for a bullet. */
export function listLabel(levels: Map<number, ListLevel> | undefined, counters: number[], depth: number): string {
  const lv = levels?.get(depth);
  if (!lv?.number || lv.number === 'none') return '';
  const shown: string[] = [];
  for (let d = Math.max(1, depth - lv.display + 1); d <= depth; d++) {
    const l = levels?.get(d);
    shown.push(formatNumber(counters[d] ?? 1, l?.number && l.number !== 'none' ? l.number : 'arabic'));
  }
  return `${lv.prefix}${shown.join('.')}${lv.suffix}`;
}

/**
 * The number the outline numbering gives a heading of `level` (text:outline-style, LibreOffice's
 * Tools > Chapter Numbering: "2", "2.1", "Chapter 3", "A."), counting the headings read before it
 * (`counters`, per level, updated here: a deeper level restarts). '' when the level shows no
 * number (format "", the default, and pandoc's), or the heading is a list header
 * (text:is-list-header) and takes none.
 */
export function outlineNumber(
  outline: Map<number, ListLevel> | undefined,
  counters: number[],
  level: number,
  header = false,
): string {
  if (!outline || outline.size === 0 || header) return '';
  countItem(counters, level, undefined, outline.get(level)?.start ?? 1);
  for (let d = 1; d < level; d++) if (counters[d] === undefined) counters[d] = outline.get(d)?.start ?? 1;
  return listLabel(outline, counters, level).trim();
}

/** A paragraph being read. */
interface Para {
  text: string;
  /** With tabs and line breaks as written: what a code paragraph keeps. */
  raw: string;
  outside: string;
  style?: string;
  heading?: number;
  /** The number the outline numbering shows before a text:h ('' for none). */
  number?: string;
  /** Characters set in a monospaced font, and all characters (spaces aside). */
  monoChars: number;
  chars: number;
  inPage: number;
  linkChars: number;
  links: number;
}

interface ListFrame {
  style?: string;
  depth: number;
  /** The item being read at this depth has had its first paragraph. */
  itemStarted: boolean;
  /** The list item's own start value (text:start-value). */
  itemStart?: number;
  header: boolean;
  /** The item opened is counted at its first paragraph (countParagraph, countOnSlide): not yet. */
  uncounted?: boolean;
}

/**
 * Counts a list item at `depth`: its own start value, else one more than the item before it at
 * that depth, else the level's start; deeper levels restart.
 */
export function countItem(counters: number[], depth: number, own: number | undefined, start: number): void {
  const prev = counters[depth];
  counters[depth] = own !== undefined ? own : prev === undefined ? start : prev + 1;
  counters.length = depth + 1;
}

/**
 * Writer numbers paragraphs, not ODF's list items: an item is counted at its first paragraph
 * (countItem), so an item with no paragraph of its own (the wrapper of a sub-list, as LibreOffice
 * writes a list that opens at a deeper level, or a nested list going on after a paragraph between,
 * `text:continue-list`) takes no number and leaves the deeper levels' counts alone ("a. b." then,
 * after the paragraph, "c."); the levels above a paragraph not counted yet in its list count from
 * their start (a list opening with a sub-item: "a." under a "1." not shown, then "2.").
 */
export function countParagraph(
  counters: number[],
  depth: number,
  own: number | undefined,
  levels: Map<number, ListLevel> | undefined,
): void {
  for (let d = 1; d < depth; d++) if (counters[d] === undefined) counters[d] = levels?.get(d)?.start ?? 1;
  countItem(counters, depth, own, levels?.get(depth)?.start ?? 1);
}

/**
 * Impress numbers a text box's paragraphs, not its ODF lists: a paragraph takes one more than the
 * paragraph before it at its depth, back to one at a shallower depth. So on a slide an item with
 * no paragraph of its own (the wrapper of a sub-list, as Impress writes a sub-item) takes no
 * number, and a list that follows another in the same text box, nothing between them, goes on
 * with its numbers (Impress splits a numbered list at each sub-list: "1. 2. 3." then "- sub",
 * "4." shown, written as two lists). Writer numbers paragraphs too, but list by list
 * (countParagraph).
 */
export function countOnSlide(
  inSlide: boolean,
  box: { counters: number[]; levels?: Map<number, ListLevel> } | undefined,
  levels: Map<number, ListLevel> | undefined,
): number[] {
  if (!inSlide || !box) return [];
  // Only a numbered list goes on from one numbered the same way (a bullet list before it, or
  // another numbering, starts it again).
  const a = box.levels?.get(1);
  const b = levels?.get(1);
  const same =
    a?.number !== undefined &&
    a.number !== 'none' &&
    a.number === b?.number &&
    a.start === b.start &&
    a.prefix === b.prefix &&
    a.suffix === b.suffix;
  return same ? [...box.counters] : [];
}

/** Elements whose text is no part of the document's running text. */
const SKIP = new Set([
  'text:table-of-content',
  'text:alphabetical-index',
  'text:illustration-index',
  'text:table-index',
  'text:object-index',
  'text:user-index',
  'text:bibliography',
  'office:annotation',
  'office:annotation-end',
  'text:tracked-changes',
  'text:note-citation',
  'svg:title',
  'svg:desc',
  'office:forms',
  'text:sequence-decls',
  'draw:page-thumbnail',
]);

/** Presentation frames that are slide furniture, not content. */
const FURNITURE_CLASS = new Set(['page-number', 'footer', 'date-time', 'header', 'page']);

/** The body's blocks in reading order (a presentation: slide by slide, blocks tagged with their slide). */
/** The bookmark names of a document's body: where its own links can point. */
export function odfBookmarks(xml: string): Set<string> {
  const out = new Set<string>();
  for (const m of xml.matchAll(/<text:bookmark(?:-start)?\s[^>]*?text:name\s*=\s*"([^"]*)"/g)) if (m[1]) out.add(m[1]);
  return out;
}

export function readOdfBody(xml: string, styles: OdfStyles): LinkedBlock[] {
  const bookmarks = odfBookmarks(xml);
  const out: LinkedBlock[] = [];
  const notes: string[] = [];
  let skip = 0;
  let noteDepth = 0;
  let noteText: string[] = [];
  const paras: Para[] = [];
  let link: { inPage: boolean; from: number } | null = null;
  const spanMono: boolean[] = [];
  const lists: ListFrame[] = [];
  // Counters of the list being read, per depth; a list continuing another takes its counters.
  let counters: number[] = [];
  const outlineCounters: number[] = [];
  // On a slide: the counters of the top-level list just closed in this text box, while nothing
  // else came after it.
  let boxCounters: { counters: number[]; levels?: Map<number, ListLevel> } | undefined;
  const lastCounters = new Map<string, number[]>();
  let groups = 0;
  let listGroup = 0;
  let linkRun = 0; // the group of the run of link paragraphs the last paragraph belonged to, 0 for none
  let tables = 0;
  let tableGroup = 0;
  // The rows of the table being read: its spacer columns go at its end (dropSpacerColumns).
  let tableRows: LinkedBlock[] = [];
  let headerRows = 0;
  let row: (OfficeCell & { spanned?: true })[] | null = null;
  let rowRepeat = 1;
  let rowLinks = { inPage: 0, chars: 0, n: 0 };
  let cell: string[] = [];
  let cellInPage = 0;
  let cellLinks = 0;
  let cellRepeat = 1;
  // A covered cell (table:covered-table-cell: under or beside a merged cell), and the rows a cell
  // is merged down over (table:number-rows-spanned).
  let cellCovered = false;
  let cellRows = 1;
  // Per column of the table, the cell of an earlier row merged down over it (rows left, its value).
  let spans: (RowSpan | undefined)[] = [];
  let code: { block: LinkedBlock; lines: string[] } | null = null;
  // Presentations: the slide being read, its title, other blocks and notes in their places.
  let slide = 0;
  let inSlide = false;
  let slideTitle: LinkedBlock[] = [];
  let slideBody: LinkedBlock[] = [];
  let slideNotes: LinkedBlock[] = [];
  const frames: string[] = []; // presentation classes of the open frames
  let inNotes = 0;

  const target = (): LinkedBlock[] => {
    if (!inSlide) return out;
    if (inNotes > 0) return slideNotes;
    return frames.includes('title') ? slideTitle : slideBody;
  };
  const push = (b: LinkedBlock) => {
    if (inSlide) {
      b.page = slide;
      b.slide = slide;
    }
    target().push(b);
  };

  const add = (s: string, raw = s) => {
    const p = paras[paras.length - 1];
    if (!p || skip > 0) return;
    p.text += s;
    p.raw += raw;
    if (!link) p.outside += s;
    const n = s.replace(/\s/g, '').length;
    p.chars += n;
    if (spanMono[spanMono.length - 1]) p.monoChars += n;
  };

  const paraMono = (style: string | undefined) => inherited(styles.paragraph, style, (s) => s.mono) ?? false;

  const endPara = () => {
    const p = paras.pop();
    spanMono.pop();
    if (!p) return;
    if (noteDepth > 0) {
      const t = p.text.replace(/\s+/g, ' ').trim();
      if (t) noteText.push(t);
      return;
    }
    // A web page's permalink mark ("Helper scripts¶") is no text (permalink-mark.ts).
    const text = withoutPermalinkMark(p.text.replace(/\s+/g, ' ').trim());
    // A run of paragraphs each wholly a link into the document goes on only through such
    // paragraphs (and empty ones).
    const run = linkRun;
    if (text.length > 0) linkRun = 0;
    const isCode =
      tables === 0 &&
      p.heading === undefined &&
      text.length > 0 &&
      (isCodeStyle(styles, p.style) || (p.chars > 0 && p.monoChars === p.chars));
    if (isCode) {
      const lines = p.raw.split('\n');
      if (code && target().at(-1) === code.block) {
        code.lines.push(...lines);
        code.block.text = code.lines.join('\n');
      } else {
        const block: LinkedBlock = { kind: 'code', text: p.raw, lines, inPageLinkChars: 0, linkChars: 0, links: 0 };
        push(block);
        code = { block, lines };
      }
      return;
    }
    if (tables > 0) {
      if (text.length > 0) cell.push(text);
      cellInPage += p.inPage;
      cellLinks += p.links;
      rowLinks.inPage += p.inPage;
      rowLinks.chars += p.linkChars;
      rowLinks.n += p.links;
      return;
    }
    // An empty paragraph ends a code block (a blank line inside code is kept by its raw text).
    if (text.length === 0) {
      if (code && isCodeStyle(styles, p.style)) {
        code.lines.push('');
        code.block.text = code.lines.join('\n');
      }
      return;
    }
    code = null;
    const base = { text, inPageLinkChars: p.inPage, linkChars: p.linkChars, links: p.links };
    const level = p.heading ?? (lists.length === 0 ? styleHeadingLevel(styles, p.style) : undefined);
    if (level !== undefined && (lists.length === 0 || p.heading !== undefined)) {
      push({ kind: 'heading', level, ...base, text: numberedHeading(text, p.number) });
      return;
    }
    // Links to other pages after a label paragraph ("All Known Implementing Classes:") are its value.
    if (
      isNavigationLine(p.outside, p.links) &&
      !isLabelledLinkList(followsLabel(target().at(-1)), p.outside, p.links, p.inPage > 0 ? 1 : 0)
    )
      return;
    const list = lists[lists.length - 1];
    if (list && !list.header) {
      if (list.itemStarted) {
        push({ kind: 'paragraph', group: listGroup, ...base });
        return;
      }
      list.itemStarted = true;
      const levels = styles.lists.get(list.style ?? '');
      const label = listLabel(levels, counters, list.depth);
      push({
        kind: 'item',
        group: listGroup,
        ...base,
        text: label ? `${label} ${text}` : text,
        ...(list.depth > 1 ? { depth: list.depth - 1 } : {}),
      });
      return;
    }
    // Paragraphs each wholly a link into the document, one after the other (a contents list set
    // as paragraphs, as an office suite writes a web page's definition list): one group, judged
    // as a list is (dropListings).
    if (lists.length === 0 && isLinkEntry({ text, inPageLinkChars: p.inPage })) {
      linkRun = run || ++groups;
      push({ kind: 'paragraph', group: linkRun, ...base });
      return;
    }
    push({ kind: 'paragraph', ...(lists.length > 0 ? { group: listGroup } : {}), ...base });
  };

  const endSlide = () => {
    const all = [...oneTitle(slideTitle), ...slideBody, ...slideNotes];
    for (const b of all) out.push(b);
    slideTitle = [];
    slideBody = [];
    slideNotes = [];
  };

  parse(xml, {
    open(t) {
      if (skip > 0) {
        skip++;
        return;
      }
      if (SKIP.has(t.name)) {
        skip = 1;
        return;
      }
      switch (t.name) {
        case 'draw:page':
          slide++;
          inSlide = true;
          code = null;
          break;
        case 'presentation:notes':
          inNotes++;
          code = null;
          break;
        case 'draw:frame':
        case 'draw:custom-shape':
        case 'draw:rect':
        case 'draw:text-box': {
          const cls = attr(t, 'presentation:class') ?? '';
          if (FURNITURE_CLASS.has(cls)) {
            skip = 1;
            return;
          }
          frames.push(cls);
          boxCounters = undefined;
          if (t.name !== 'draw:text-box') code = null;
          break;
        }
        case 'text:note':
          noteDepth++;
          if (noteDepth === 1) noteText = [];
          break;
        case 'text:h':
        case 'text:p': {
          const style = attr(t, 'text:style-name');
          const p: Para = { text: '', raw: '', outside: '', monoChars: 0, chars: 0, inPage: 0, linkChars: 0, links: 0 };
          if (style !== undefined) p.style = style;
          const inList = lists[lists.length - 1];
          if (inList?.uncounted) {
            inList.uncounted = false;
            const levels = styles.lists.get(inList.style ?? '');
            if (inSlide) countItem(counters, inList.depth, inList.itemStart, levels?.get(inList.depth)?.start ?? 1);
            else countParagraph(counters, inList.depth, inList.itemStart, levels);
          } else if (!inList) boxCounters = undefined;
          if (t.name === 'text:h') {
            p.heading = Math.min(10, Math.max(1, Number(attr(t, 'text:outline-level')) || 1));
            // A heading inside a list takes the list's label, not the outline's.
            if (lists.length === 0)
              p.number = outlineNumber(
                styles.outline,
                outlineCounters,
                p.heading,
                attr(t, 'text:is-list-header') === 'true',
              );
          } else if (frames.includes('title')) p.heading = 1;
          paras.push(p);
          spanMono.push(paraMono(style));
          break;
        }
        case 'text:span': {
          const st = attr(t, 'text:style-name');
          const own = st === undefined ? undefined : inherited(styles.text, st, (s) => s.mono);
          spanMono.push(own ?? spanMono[spanMono.length - 1] ?? false);
          break;
        }
        case 'text:s': {
          const n = Math.min(Math.max(1, Number(attr(t, 'text:c')) || 1), 1000);
          add(' ', ' '.repeat(n));
          break;
        }
        case 'text:tab':
          add(' ', '\t');
          break;
        case 'text:number': {
          // The number a producer wrote into the heading or item (as Writer showed it): it is the
          // heading's number, the outline's is not added again.
          const p = paras[paras.length - 1];
          if (p?.heading !== undefined) p.number = '';
          break;
        }
        case 'text:line-break':
          add(' ', '\n');
          break;
        case 'text:a': {
          const href = attr(t, 'xlink:href') ?? '';
          const p = paras[paras.length - 1];
          link = { inPage: isInPageLink(href, bookmarks), from: p?.text.length ?? 0 };
          if (p) p.links++;
          break;
        }
        case 'text:list': {
          const outer = lists[lists.length - 1];
          const style = attr(t, 'text:style-name') ?? outer?.style;
          if (!outer) {
            const continues =
              attr(t, 'text:continue-numbering') === 'true' || attr(t, 'text:continue-list') !== undefined;
            counters = continues
              ? [...(lastCounters.get(style ?? '') ?? [])]
              : countOnSlide(inSlide, boxCounters, styles.lists.get(style ?? ''));
            if (!continues || listGroup === 0) listGroup = ++groups;
          }
          lists.push({ style, depth: (outer?.depth ?? 0) + 1, itemStarted: false, header: false });
          code = null;
          break;
        }
        case 'text:list-item':
        case 'text:list-header': {
          const list = lists[lists.length - 1];
          if (!list) break;
          list.itemStarted = false;
          list.header = t.name === 'text:list-header';
          if (list.header) break;
          // Counted at its first paragraph (countParagraph, countOnSlide).
          const own = Number(attr(t, 'text:start-value'));
          list.uncounted = true;
          list.itemStart = own >= 0 && attr(t, 'text:start-value') !== undefined ? own : undefined;
          break;
        }
        case 'table:table':
          if (tables === 0) tableGroup = ++groups;
          tables++;
          code = null;
          break;
        case 'table:table-header-rows':
          if (tables === 1) headerRows++;
          break;
        case 'table:table-row':
          if (tables === 1) {
            row = [];
            rowRepeat = Math.min(Math.max(1, Number(attr(t, 'table:number-rows-repeated')) || 1), 64);
            rowLinks = { inPage: 0, chars: 0, n: 0 };
          }
          break;
        case 'table:table-cell':
        case 'table:covered-table-cell':
          if (tables === 1) {
            cell = [];
            cellInPage = 0;
            cellLinks = 0;
            cellRepeat = Math.min(Math.max(1, Number(attr(t, 'table:number-columns-repeated')) || 1), 64);
            cellCovered = t.name === 'table:covered-table-cell';
            cellRows = Math.min(Math.max(1, Number(attr(t, 'table:number-rows-spanned')) || 1), 1000);
          }
          break;
      }
    },
    text(s) {
      if (skip > 0) return;
      // ODF collapses white space in text; text:s, text:tab and text:line-break write it.
      add(s.replace(/[ \t\r\n]+/g, ' '));
    },
    close(name) {
      if (skip > 0) {
        skip--;
        return;
      }
      switch (name) {
        case 'text:h':
        case 'text:p':
          endPara();
          break;
        case 'text:span':
          spanMono.pop();
          break;
        case 'text:number':
          // The number is followed by its separator (a tab or a space), not written.
          if (paras[paras.length - 1]?.heading !== undefined) add(' ');
          break;
        case 'text:a': {
          const p = paras[paras.length - 1];
          if (link && p) {
            const n = p.text.length - link.from;
            p.linkChars += n;
            if (link.inPage) p.inPage += n;
          }
          link = null;
          break;
        }
        case 'text:note':
          noteDepth--;
          if (noteDepth === 0 && noteText.length > 0) notes.push(noteText.join(' '));
          break;
        case 'text:list': {
          const list = lists.pop();
          if (list && lists.length === 0) {
            lastCounters.set(list.style ?? '', [...counters]);
            if (inSlide) boxCounters = { counters: [...counters], levels: styles.lists.get(list.style ?? '') };
          }
          code = null;
          break;
        }
        case 'table:table-cell':
        case 'table:covered-table-cell':
          if (tables === 1 && row) {
            const text = cell.join(' ');
            if (cellCovered) {
              // A covered cell is written in its place: under a cell merged down from an earlier
              // row it reads that cell's value where it is a label (spannedValue); beside a cell
              // merged across, or under a longer value, it is an empty cell.
              for (let i = 0; i < cellRepeat && row.length < 256; i++) {
                const span = spans[row.length];
                if (span && span.rows > 0) {
                  span.rows--;
                  if (span.text !== '') {
                    row.push({ text: span.text, inPage: 0, links: 0, spanned: true });
                    continue;
                  }
                }
                row.push({ text: '', inPage: 0, links: 0 });
              }
            } else {
              // Repeated cells: an empty run (a spreadsheet-like tail) counts once.
              const n = text.length > 0 ? cellRepeat : 1;
              for (let i = 0; i < n && row.length < 256; i++) {
                spans[row.length] =
                  cellRows > 1 ? { rows: cellRows - 1, text: spannedValue(text), header: false } : undefined;
                row.push({ text, inPage: cellInPage, links: cellLinks });
              }
            }
          }
          break;
        case 'table:table-row':
          if (tables === 1 && row) {
            // A run of empty cells past the table's width (number-columns-repeated="1000") is no column.
            while (row.length > 64 && row[row.length - 1]!.text === '') row.pop();
            // A row of its own has text: one whose only values come down from the rows above is not read.
            if (row.some((c) => c.text.length > 0 && !c.spanned)) {
              const header = headerRows > 0;
              const r = row;
              for (let i = 0; i < rowRepeat; i++) {
                const b = officeRow(r, header, tableGroup, rowLinks);
                tableRows.push(b);
                push(b);
              }
            }
            row = null;
          }
          break;
        case 'table:table-header-rows':
          if (tables === 1) headerRows--;
          break;
        case 'table:table':
          tables--;
          if (tables === 0) {
            dropSpacerColumns(tableRows);
            tableRows = [];
            spans = [];
          }
          break;
        case 'draw:frame':
        case 'draw:custom-shape':
        case 'draw:rect':
        case 'draw:text-box':
          frames.pop();
          if (name !== 'draw:text-box') code = null;
          break;
        case 'presentation:notes':
          inNotes--;
          code = null;
          break;
        case 'draw:page':
          endSlide();
          inSlide = false;
          code = null;
          break;
      }
    },
  });
  notes.forEach((n, i) =>
    out.push({ kind: 'paragraph', text: `[${i + 1}] ${n}`, inPageLinkChars: 0, linkChars: 0, links: 0 }),
  );
  return out;
}

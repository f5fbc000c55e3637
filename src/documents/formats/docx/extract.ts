// Word (Office Open XML) documents: the zip's text parts read through saxes, a strict streaming
// XML parser that expands no entity beyond XML's own five (a DTD that declares entities is refused
// outright). Headings come from paragraph styles (Heading 1-9, Title) and outline levels, list
// items from numbering (with their numbers as Word shows them: numbering.xml's formats, start
// values and nesting), tables as rows; footnotes and endnotes go at the end. A TOC field or a
// Table of Contents content control is contents, not text; lists of links to bookmarks in the
// document and navigation lines are left out as in HTML (src/documents/listing.ts).
import type { SaxesTagPlain } from 'saxes';
import type { DocumentBlock } from '../../blocks.ts';
import type { ExtractContext as ExtractOptions } from '../format.ts';
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
import { DEFAULT_ZIP_LIMITS, readParts } from './zip.ts';
import { withoutContentsLists } from '../../contents-lists.ts';
import { attr, officeRow, parseXml as parse, xmlText, type OfficeCell } from '../office-xml.ts';
import { ColumnMerges, type VerticalMerge } from '../row-spans.ts';
import { formatListNumber, numberedHeading, wordListFormat, type ListNumberFormat } from '../list-number.ts';
import { dropSpacerColumns } from '../table-columns.ts';
import { withoutPermalinkMark } from '../permalink-mark.ts';

const DOCUMENT = 'word/document.xml';
const STYLES = 'word/styles.xml';
const FOOTNOTES = 'word/footnotes.xml';
const ENDNOTES = 'word/endnotes.xml';
const NUMBERING = 'word/numbering.xml';
const RELS = 'word/_rels/document.xml.rels';

export async function extractDocx(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<DocumentBlock[]> {
  const maxBytes = Math.min(opts.maxDecodedBytes ?? DEFAULT_ZIP_LIMITS.maxBytes, DEFAULT_ZIP_LIMITS.maxBytes);
  const parts = await readParts(
    bytes,
    ['[Content_Types].xml', DOCUMENT, STYLES, FOOTNOTES, ENDNOTES, NUMBERING, RELS],
    {
      ...DEFAULT_ZIP_LIMITS,
      maxBytes,
    },
  );
  const main = parts.get(DOCUMENT);
  if (!parts.has('[Content_Types].xml') || !main) {
    throw documentError('document_unsupported', 'The zip archive has no Word document part.');
  }
  const styleBuf = parts.get(STYLES);
  const styles = styleBuf ? readStyles(xmlText(styleBuf)) : new Map<string, StyleInfo>();
  const numberingBuf = parts.get(NUMBERING);
  const numbering = numberingBuf ? readNumbering(xmlText(numberingBuf)) : undefined;
  const relsBuf = parts.get(RELS);
  const blocks = readBody(xmlText(main), styles, numbering, relsBuf ? hyperlinkTargets(xmlText(relsBuf)) : undefined);
  for (const name of [FOOTNOTES, ENDNOTES]) {
    const buf = parts.get(name);
    if (buf) blocks.push(...readNotes(xmlText(buf), name === FOOTNOTES ? 'w:footnote' : 'w:endnote'));
  }
  const kept = dropListings(blocks);
  // A contents list whose links do not cover its entries (a converted page's, where the link
  // holds the number and not the title): paragraphs naming the document's own headings.
  return withoutContentsLists(
    kept,
    kept.filter((b) => b.kind === 'heading').map((b) => b.text),
  );
}

export interface StyleInfo {
  name: string;
  basedOn?: string;
  outline?: number;
  numbered: boolean;
  /** The list the style numbers its paragraphs in (`w:numPr`), and at which level. */
  numId?: string;
  ilvl?: number;
}

export function readStyles(xml: string): Map<string, StyleInfo> {
  const styles = new Map<string, StyleInfo>();
  let cur: StyleInfo | null = null;
  let id = '';
  parse(xml, {
    open(t) {
      if (t.name === 'w:style') {
        cur = attr(t, 'w:type') === 'paragraph' ? { name: '', numbered: false } : null;
        id = attr(t, 'w:styleId') ?? '';
      } else if (cur) {
        if (t.name === 'w:name') cur.name = attr(t, 'w:val') ?? '';
        else if (t.name === 'w:basedOn') cur.basedOn = attr(t, 'w:val');
        else if (t.name === 'w:outlineLvl') cur.outline = Number(attr(t, 'w:val'));
        else if (t.name === 'w:numPr') cur.numbered = true;
        else if (t.name === 'w:numId') cur.numId = attr(t, 'w:val');
        else if (t.name === 'w:ilvl') cur.ilvl = Number(attr(t, 'w:val')) || 0;
      }
    },
    close(name) {
      if (name === 'w:style' && cur) {
        styles.set(id, cur);
        cur = null;
      }
    },
    text() {},
  });
  return styles;
}

/** Heading level of a paragraph style (1 = top), following basedOn; undefined for body styles. */
export function styleLevel(styles: Map<string, StyleInfo>, id: string | undefined): number | undefined {
  for (let i = 0, s = id; s !== undefined && i < 10; i++) {
    const st = styles.get(s);
    const name = (st?.name ?? s).toLowerCase().replace(/\s+/g, ' ');
    const m = /^heading ?([1-9])$/.exec(name);
    if (m) return Number(m[1]);
    if (name === 'title') return 1;
    if (st?.outline !== undefined && st.outline >= 0 && st.outline <= 8) return st.outline + 1;
    s = st?.basedOn;
  }
  return undefined;
}

function styleNumbered(styles: Map<string, StyleInfo>, id: string | undefined): boolean {
  for (let i = 0, s = id; s !== undefined && i < 10; i++) {
    const st = styles.get(s);
    if (!st) return false;
    if (st.numbered) return true;
    s = st.basedOn;
  }
  return false;
}

/** The list (numId, level) a paragraph style numbers in, following basedOn. */
function styleList(styles: Map<string, StyleInfo>, id: string | undefined): { numId?: string; ilvl?: number } {
  for (let i = 0, s = id; s !== undefined && i < 10; i++) {
    const st = styles.get(s);
    if (!st) break;
    if (st.numId !== undefined) return { numId: st.numId, ilvl: st.ilvl };
    s = st.basedOn;
  }
  return {};
}

/** One level of a list definition: its first number, its number style and its text ("%1.%2)"). */
export interface NumberingLevel {
  start: number;
  /** undefined: a bullet or no number */
  format: ListNumberFormat | undefined;
  text: string;
}

/** numbering.xml: the abstract list definitions, and the lists (w:num) that use them. */
export interface Numbering {
  abstracts: Map<string, Map<number, NumberingLevel>>;
  nums: Map<string, { abstractId: string; starts: Map<number, number>; levels: Map<number, NumberingLevel> }>;
}

/** Reads numbering.xml: each w:abstractNum's levels, each w:num's abstract and its overrides. */
export function readNumbering(xml: string): Numbering {
  const abstracts: Numbering['abstracts'] = new Map();
  const nums: Numbering['nums'] = new Map();
  let levels: Map<number, NumberingLevel> | null = null; // the levels being read
  let lvl: NumberingLevel | null = null;
  let lvlIndex = 0;
  let num: { abstractId: string; starts: Map<number, number>; levels: Map<number, NumberingLevel> } | null = null;
  let overrideLevel = -1;
  const int = (t: SaxesTagPlain, fallback: number) => {
    const n = Number.parseInt(attr(t, 'w:val') ?? '', 10);
    return Number.isFinite(n) ? n : fallback;
  };
  parse(xml, {
    open(t) {
      switch (t.name) {
        case 'w:abstractNum':
          levels = new Map();
          abstracts.set(attr(t, 'w:abstractNumId') ?? '', levels);
          break;
        case 'w:num':
          num = { abstractId: '', starts: new Map(), levels: new Map() };
          nums.set(attr(t, 'w:numId') ?? '', num);
          levels = num.levels;
          break;
        case 'w:abstractNumId':
          if (num) num.abstractId = attr(t, 'w:val') ?? '';
          break;
        case 'w:lvlOverride':
          overrideLevel = int(t, 0);
          break;
        case 'w:startOverride':
          if (num && overrideLevel >= 0) num.starts.set(overrideLevel, int(t, 1));
          break;
        case 'w:lvl':
          lvlIndex = Number.parseInt(attr(t, 'w:ilvl') ?? '', 10);
          if (!Number.isFinite(lvlIndex)) lvlIndex = overrideLevel >= 0 ? overrideLevel : 0;
          lvl = { start: 1, format: 'decimal', text: '' };
          break;
        case 'w:start':
          if (lvl) lvl.start = int(t, 1);
          break;
        case 'w:numFmt':
          if (lvl) lvl.format = wordListFormat(attr(t, 'w:val'));
          break;
        case 'w:lvlText':
          if (lvl) lvl.text = attr(t, 'w:val') ?? '';
          break;
      }
    },
    close(name) {
      if (name === 'w:lvl') {
        if (lvl && levels) levels.set(lvlIndex, lvl);
        lvl = null;
      } else if (name === 'w:lvlOverride') overrideLevel = -1;
      else if (name === 'w:num') {
        num = null;
        levels = null;
      } else if (name === 'w:abstractNum') levels = null;
    },
    text() {},
  });
  return { abstracts, nums };
}

/**
 * The numbers of a document's list items, in order: `next(numId, ilvl)` gives the marker Word
 * shows before the next item of that list at that level ("3.", "b)", "1.2."), or undefined for a
 * bullet, a level without number or a list numbering.xml does not define. Lists sharing one
 * abstract definition count on together, as Word counts them; a list with a start override
 * starts again there the first time it is used; an item resets the counts of deeper levels.
 */
export function listCounter(numbering: Numbering): (numId: string, ilvl: number) => string | undefined {
  const counts = new Map<string, (number | undefined)[]>();
  const used = new Set<string>();
  return (numId, ilvl) => {
    const num = numbering.nums.get(numId);
    if (!num) return undefined;
    const abstract = numbering.abstracts.get(num.abstractId);
    const level = (k: number) => num.levels.get(k) ?? abstract?.get(k);
    const def = level(ilvl);
    if (!def) return undefined;
    let c = counts.get(num.abstractId);
    if (!c) counts.set(num.abstractId, (c = []));
    const key = `${numId}/${ilvl}`;
    const override = num.starts.get(ilvl);
    if (override !== undefined && !used.has(key)) c[ilvl] = override;
    else c[ilvl] = c[ilvl] === undefined ? def.start : c[ilvl] + 1;
    used.add(key);
    c.length = ilvl + 1;
    if (def.format === undefined || !/%[1-9]/.test(def.text)) return undefined;
    const marker = def.text.replace(/%([1-9])/g, (_, d: string) => {
      const k = Number(d) - 1;
      const at = level(k);
      return formatListNumber(c[k] ?? at?.start ?? 1, at?.format ?? 'decimal');
    });
    return marker.trim() || undefined;
  };
}

function styleIsCode(styles: Map<string, StyleInfo>, id: string | undefined): boolean {
  if (id === undefined) return false;
  const name = (styles.get(id)?.name ?? id).toLowerCase();
  return /source ?code|^code|html preformatted|^plain text$|verbatim|preformatted/.test(name);
}

interface Para {
  text: string;
  /** The text with its tabs and line breaks as written (`\t`, `\n`): what a code paragraph keeps. */
  raw: string;
  outside: string;
  style?: string;
  outline?: number;
  numbered: boolean;
  /** the paragraph's own list (`w:numPr`), over its style's */
  numId?: string;
  ilvl?: number;
  inPage: number;
  linkChars: number;
  links: number;
}

interface Field {
  instr: string;
  result: boolean;
  toc: boolean;
  /** A HYPERLINK field whose result is being read: the link it opened. */
  link?: boolean;
}

/** The targets of the document's hyperlink relationships, by id (`r:id` of `w:hyperlink`). */
export function hyperlinkTargets(rels: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\s[^>]*>/g)) {
    const tag = m[0];
    if (!/Type\s*=\s*"[^"]*\/hyperlink"/.test(tag)) continue;
    const id = /\sId\s*=\s*"([^"]*)"/.exec(tag)?.[1];
    const target = /\sTarget\s*=\s*"([^"]*)"/.exec(tag)?.[1];
    if (id && target !== undefined) out.set(id, target.replace(/&amp;/g, '&'));
  }
  return out;
}

/** The bookmark names of a document body: where its own links can point. */
export function docxBookmarks(xml: string): Set<string> {
  const out = new Set<string>();
  for (const m of xml.matchAll(/<w:bookmarkStart\s[^>]*?w:name\s*=\s*"([^"]*)"/g)) if (m[1]) out.add(m[1]);
  return out;
}

/**
 * A HYPERLINK field's target as a link (`HYPERLINK "page.html" \l "anchor"`, `HYPERLINK \l
 * "anchor"`, `HYPERLINK "page.html#anchor"`), or undefined when the field is no hyperlink.
 */
export function fieldHyperlink(instr: string): string | undefined {
  const m = /^\s*HYPERLINK\b(.*)$/s.exec(instr);
  if (!m) return undefined;
  const args = m[1]!;
  const file = /^\s*"([^"]*)"/.exec(args)?.[1] ?? /^\s*([^\s\\"]+)/.exec(args)?.[1] ?? '';
  const anchor = /\\l\s+"([^"]*)"/.exec(args)?.[1];
  return anchor === undefined ? file : `${file}#${anchor}`;
}

/** The body's paragraphs and tables, in order. */
export function readBody(
  xml: string,
  styles: Map<string, StyleInfo>,
  numbering?: Numbering,
  targets?: ReadonlyMap<string, string>,
): LinkedBlock[] {
  const bookmarks = docxBookmarks(xml);
  const out: LinkedBlock[] = [];
  const nextNumber = numbering ? listCounter(numbering) : undefined;
  let para: Para | null = null;
  // A text box's paragraphs (w:txbxContent) sit inside the paragraph that anchors the box: that
  // paragraph is set aside while they are read and goes on after them.
  const outer: Para[] = [];
  // mc:AlternateContent holds one drawing twice, Word 2010's shape (mc:Choice) and the VML of
  // older readers (mc:Fallback), each with the text box's text: the fallback is read only when
  // no choice came before it.
  const alternates: { choice: boolean }[] = [];
  let fallback = 0; // depth inside a skipped mc:Fallback
  let inPPr = 0;
  let inPPrChange = 0;
  let inT = false;
  let inInstr = false;
  const fields: Field[] = [];
  let simpleToc = 0;
  const sdts: { toc: boolean }[] = [];
  let sdtToc = 0;
  let link: { inPage: boolean; from: number } | null = null;
  let tables = 0; // depth
  let row: (OfficeCell & { spanned?: true })[] | null = null;
  let rowLinks = { inPage: 0, chars: 0, n: 0 };
  let rowHeader = false;
  let cell: string[] = [];
  let cellInPage = 0;
  let cellLinks = 0;
  let cellSpan = 1;
  // The cell's vertical merge (w:vMerge): none, the first cell of a merge, or a cell continuing one.
  let cellMerge: VerticalMerge = 'none';
  // Per grid column of the table, what a cell continuing a vertical merge reads (row-spans.ts).
  const merges = new ColumnMerges();
  let groups = 0;
  let tableGroup = 0;
  // The rows of the table being read: its spacer columns go at its end (dropSpacerColumns).
  let tableRows: LinkedBlock[] = [];
  let listGroup = 0; // the group of the list the last paragraph belonged to, 0 for none
  let linkRun = 0; // the group of the run of link paragraphs the last paragraph belonged to, 0 for none

  /** The open link ends: its characters count in the paragraph's link text. */
  const closeLink = () => {
    if (link && para) {
      const n = Math.max(0, para.text.length - link.from);
      para.linkChars += n;
      if (link.inPage) para.inPage += n;
    }
    link = null;
  };
  const skipping = () => simpleToc > 0 || sdtToc > 0 || fields.some((f) => f.toc && f.result);
  const add = (s: string, raw = s) => {
    if (!para || skipping()) return;
    para.text += s;
    para.raw += raw;
    if (!link) para.outside += s;
  };
  // The code block the previous paragraph went into: consecutive code paragraphs are one block,
  // one line each (Word writes a code listing as a paragraph per line).
  let code: { block: LinkedBlock; lines: string[] } | null = null;

  const endPara = () => {
    const p = para;
    para = null;
    if (!p) return;
    // A web page's permalink mark ("Helper scripts¶") is no text (permalink-mark.ts).
    const text = withoutPermalinkMark(p.text.replace(/\s+/g, ' ').trim());
    // The run of paragraphs that are each wholly a link into the document goes on only through
    // such paragraphs (and empty ones).
    const run = linkRun;
    if (text.length > 0) linkRun = 0;
    if (tables === 0 && styleIsCode(styles, p.style) && styleLevel(styles, p.style) === undefined) {
      const lines = p.raw.split('\n');
      if (code) {
        code.lines.push(...lines);
        code.block.text = code.lines.join('\n');
        code.block.inPageLinkChars += p.inPage;
        code.block.linkChars += p.linkChars;
        code.block.links += p.links;
      } else if (text.length > 0) {
        const block: LinkedBlock = {
          kind: 'code',
          text: p.raw,
          lines,
          inPageLinkChars: p.inPage,
          linkChars: p.linkChars,
          links: p.links,
        };
        out.push(block);
        code = { block, lines };
      }
      listGroup = 0;
      return;
    }
    code = null;
    const numbered = p.numbered || styleNumbered(styles, p.style);
    let marker: string | undefined;
    // The item's level in its list (w:ilvl, its own or its style's): its depth in the chunk text.
    let ilvl = p.ilvl ?? 0;
    if (numbered) {
      const fromStyle = styleList(styles, p.style);
      const numId = p.numId ?? fromStyle.numId;
      ilvl = p.ilvl ?? (p.numId === undefined ? fromStyle.ilvl : 0) ?? 0;
      if (numId !== undefined && nextNumber) marker = nextNumber(numId, ilvl);
    }
    if (tables > 0) {
      if (text.length > 0) cell.push(marker ? `${marker} ${text}` : text);
      cellInPage += p.inPage;
      cellLinks += p.links;
      rowLinks.inPage += p.inPage;
      rowLinks.chars += p.linkChars;
      rowLinks.n += p.links;
      return;
    }
    if (text.length === 0) return;
    const level =
      p.outline !== undefined && p.outline >= 0 && p.outline <= 8 ? p.outline + 1 : styleLevel(styles, p.style);
    const base = { text, inPageLinkChars: p.inPage, linkChars: p.linkChars, links: p.links };
    if (level !== undefined) {
      out.push({ kind: 'heading', level, ...base, text: numberedHeading(text, marker) });
      listGroup = 0;
      return;
    }
    // Links to other pages after a label paragraph ("All Known Implementing Classes:") are its value.
    if (
      isNavigationLine(p.outside, p.links) &&
      !isLabelledLinkList(followsLabel(out[out.length - 1]), p.outside, p.links, p.inPage > 0 ? 1 : 0)
    )
      return;
    if (numbered) {
      if (listGroup === 0) listGroup = ++groups;
      out.push({
        kind: 'item',
        group: listGroup,
        ...base,
        text: marker ? `${marker} ${text}` : text,
        ...(ilvl > 0 ? { depth: ilvl } : {}),
      });
      return;
    }
    listGroup = 0;
    // Paragraphs each wholly a link into the document, one after the other (a contents list set
    // as paragraphs, as an office suite writes a web page's definition list): one group, judged
    // as a list is (dropListings).
    if (isLinkEntry({ text, inPageLinkChars: p.inPage })) {
      linkRun = run || ++groups;
      out.push({ kind: 'paragraph', group: linkRun, ...base });
      return;
    }
    out.push({ kind: 'paragraph', ...base });
  };

  parse(xml, {
    open(t) {
      if (fallback > 0) {
        if (t.name === 'mc:Fallback') fallback++;
        return;
      }
      switch (t.name) {
        case 'mc:AlternateContent':
          alternates.push({ choice: false });
          break;
        case 'mc:Choice': {
          const a = alternates[alternates.length - 1];
          if (a) a.choice = true;
          break;
        }
        case 'mc:Fallback':
          if (alternates[alternates.length - 1]?.choice) fallback = 1;
          break;
        case 'w:p':
          if (para) outer.push(para);
          para = { text: '', raw: '', outside: '', numbered: false, inPage: 0, linkChars: 0, links: 0 };
          // A field's hyperlink whose result runs over paragraphs goes on from this one's start.
          if (link) link = { inPage: link.inPage, from: 0 };
          break;
        case 'w:pPr':
          inPPr++;
          break;
        case 'w:pPrChange':
          inPPrChange++;
          break;
        case 'w:pStyle':
          if (para && inPPr > 0 && inPPrChange === 0) para.style = attr(t, 'w:val');
          break;
        case 'w:outlineLvl':
          if (para && inPPr > 0 && inPPrChange === 0) para.outline = Number(attr(t, 'w:val'));
          break;
        case 'w:numPr':
          if (para && inPPr > 0 && inPPrChange === 0) para.numbered = true;
          break;
        case 'w:numId':
          // numId 0 removes the numbering a style would give.
          if (para && inPPr > 0 && inPPrChange === 0) {
            para.numId = attr(t, 'w:val');
            if (para.numId === '0') para.numbered = false;
          }
          break;
        case 'w:ilvl':
          if (para && inPPr > 0 && inPPrChange === 0) para.ilvl = Number(attr(t, 'w:val')) || 0;
          break;
        case 'w:t':
          inT = true;
          break;
        case 'w:tab':
          if (inPPr === 0) add(' ', '\t');
          break;
        case 'w:br':
        case 'w:cr':
          add(' ', '\n');
          break;
        case 'w:noBreakHyphen':
          add('-');
          break;
        case 'w:instrText':
          inInstr = true;
          break;
        case 'w:fldChar': {
          const type = attr(t, 'w:fldCharType');
          if (type === 'begin') fields.push({ instr: '', result: false, toc: false });
          else if (type === 'separate') {
            const f = fields[fields.length - 1];
            if (f) {
              f.result = true;
              f.toc = /^\s*TOC\b/.test(f.instr);
              const href = fieldHyperlink(f.instr);
              if (href !== undefined && para && !skipping() && !link) {
                link = { inPage: isInPageLink(href, bookmarks), from: para.text.length };
                para.links++;
                f.link = true;
              }
            }
          } else if (type === 'end') {
            if (fields.pop()?.link) closeLink();
          }
          break;
        }
        case 'w:fldSimple':
          if (simpleToc > 0 || /^\s*TOC\b/.test(attr(t, 'w:instr') ?? '')) simpleToc++;
          break;
        case 'w:sdt':
          sdts.push({ toc: false });
          break;
        case 'w:docPartGallery': {
          const s = sdts[sdts.length - 1];
          if (s && /table of contents/i.test(attr(t, 'w:val') ?? '')) s.toc = true;
          break;
        }
        case 'w:sdtContent':
          if (sdts[sdts.length - 1]?.toc || sdtToc > 0) sdtToc++;
          break;
        case 'w:hyperlink': {
          const anchor = attr(t, 'w:anchor');
          const target = targets?.get(attr(t, 'r:id') ?? '');
          const inPage =
            (anchor !== undefined && anchor.length > 0) || (target !== undefined && isInPageLink(target, bookmarks));
          link = { inPage, from: para?.text.length ?? 0 };
          if (para && !skipping()) para.links++;
          break;
        }
        case 'w:tbl':
          if (tables === 0) tableGroup = ++groups;
          tables++;
          listGroup = 0;
          code = null;
          break;
        case 'w:tr':
          if (tables === 1) {
            row = [];
            rowLinks = { inPage: 0, chars: 0, n: 0 };
            rowHeader = false;
          }
          break;
        case 'w:tc':
          if (tables === 1) {
            cell = [];
            cellInPage = 0;
            cellLinks = 0;
            cellSpan = 1;
            cellMerge = 'none';
          }
          break;
        case 'w:gridSpan':
          // A cell merged across grid columns: empty cells after it keep the next values in place.
          if (tables === 1) cellSpan = Math.min(Math.max(1, Number(attr(t, 'w:val')) || 1), 64);
          break;
        case 'w:vMerge':
          // w:val="restart" opens a merge down the rows; without a value, the cell continues it.
          if (tables === 1) cellMerge = attr(t, 'w:val') === 'restart' ? 'restart' : 'continue';
          break;
        case 'w:gridBefore':
          // Grid columns skipped before the row's first cell.
          if (tables === 1 && row && row.length === 0) {
            const n = Math.min(Math.max(0, Number(attr(t, 'w:val')) || 0), 64);
            for (let i = 0; i < n; i++) row.push({ text: '', inPage: 0, links: 0 });
          }
          break;
        case 'w:tblHeader':
          // A header row Word repeats on every page.
          if (tables === 1 && attr(t, 'w:val') !== 'false' && attr(t, 'w:val') !== '0') rowHeader = true;
          break;
      }
    },
    text(s) {
      if (fallback > 0) return;
      if (inT) add(s);
      else if (inInstr) {
        const f = fields[fields.length - 1];
        if (f) f.instr += s;
      }
    },
    close(name) {
      if (fallback > 0) {
        if (name === 'mc:Fallback') fallback--;
        return;
      }
      switch (name) {
        case 'mc:AlternateContent':
          alternates.pop();
          break;
        case 'w:p':
          endPara();
          para = outer.pop() ?? null;
          break;
        case 'w:pPr':
          inPPr--;
          break;
        case 'w:pPrChange':
          inPPrChange--;
          break;
        case 'w:t':
          inT = false;
          break;
        case 'w:instrText':
          inInstr = false;
          break;
        case 'w:fldSimple':
          if (simpleToc > 0) simpleToc--;
          break;
        case 'w:sdtContent':
          if (sdtToc > 0) sdtToc--;
          break;
        case 'w:sdt':
          sdts.pop();
          break;
        case 'w:hyperlink':
          closeLink();
          break;
        case 'w:tc':
          if (tables === 1 && row) {
            // An empty cell stays in place; a cell continuing a vertical merge (vMerge) reads the
            // merged value where it is a label (spannedValue), else it stays an empty cell.
            const text = merges.read(row.length, cellMerge, cell.join(' '));
            if (cellMerge !== 'continue') row.push({ text, inPage: cellInPage, links: cellLinks });
            else
              row.push(text === '' ? { text: '', inPage: 0, links: 0 } : { text, inPage: 0, links: 0, spanned: true });
            for (let i = 1; i < cellSpan; i++)
              row.push({ text: merges.read(row.length, 'none', ''), inPage: 0, links: 0 });
          }
          break;
        case 'w:tr':
          if (tables === 1 && row) {
            // A row of its own has text: one whose only values come down from the rows above is not read.
            if (row.some((c) => c.text.length > 0 && !c.spanned)) {
              const b = officeRow(row, rowHeader, tableGroup, rowLinks);
              tableRows.push(b);
              out.push(b);
            }
            row = null;
          }
          break;
        case 'w:tbl':
          tables--;
          if (tables === 0) {
            dropSpacerColumns(tableRows);
            tableRows = [];
            merges.clear();
          }
          break;
      }
    },
  });
  return out;
}

/** Footnotes or endnotes, numbered in order, as paragraphs for the end of the document. */
export function readNotes(xml: string, tag: 'w:footnote' | 'w:endnote'): LinkedBlock[] {
  const out: LinkedBlock[] = [];
  let note: string[] | null = null;
  let para = '';
  let inT = false;
  let n = 0;
  parse(xml, {
    open(t) {
      if (t.name === tag) {
        const type = attr(t, 'w:type');
        note = type === undefined || type === 'normal' ? [] : null;
      } else if (note) {
        if (t.name === 'w:p') para = '';
        else if (t.name === 'w:t') inT = true;
        else if (t.name === 'w:tab' || t.name === 'w:br') para += ' ';
      }
    },
    text(s) {
      if (note && inT) para += s;
    },
    close(name) {
      if (name === 'w:t') inT = false;
      else if (name === 'w:p' && note) {
        const t = para.replace(/\s+/g, ' ').trim();
        if (t) note.push(t);
      } else if (name === tag && note) {
        const text = note.join(' ');
        if (text.length > 0)
          out.push({ kind: 'paragraph', text: `[${++n}] ${text}`, inPageLinkChars: 0, linkChars: 0, links: 0 });
        note = null;
      }
    },
  });
  return out;
}

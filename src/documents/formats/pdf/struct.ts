// Tagged PDFs: the page's structure tree (pdf.js page.getStructTree()) read with the text items
// of its marked content (getTextContent with includeMarkedContent), so that the document's own
// tags give the reading order, the headings (H, H1-H6, Title), the list items (LI) and the table
// rows (TR: `cell | cell`). Pure: the tree and the items in, tagged lines out.
import { buildLines, type RawItem } from './layout.ts';
import { joinLines } from './clean.ts';
import type { LineTag, TextLine } from './types.ts';
import { isNavigationCell } from '../../listing.ts';

/** A node of pdf.js's serialised structure tree: an element (role, children) or a content leaf. */
export interface StructNode {
  role?: string;
  children?: StructNode[];
  /** "content" (marked content of a page: id `p<page>R_mc<n>`), "object" or "annotation". */
  type?: string;
  id?: string;
}

/** A text item with the id of the innermost marked content it sits in, and whether it is an artifact. */
export interface TaggedItem extends RawItem {
  mcid?: string;
  artifact?: boolean;
}

const HEADING = /^(?:H[1-6]?|Title)$/;
/** Roles that hold blocks; an element with any child of these roles is read as a container. */
const BLOCK_ROLES = new Set([
  'Document',
  'DocumentFragment',
  'Part',
  'Art',
  'Sect',
  'Div',
  'BlockQuote',
  'Caption',
  'TOC',
  'TOCI',
  'Index',
  'NonStruct',
  'Private',
  'Aside',
  'P',
  'H',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'Title',
  'L',
  'LI',
  'LBody',
  'Table',
  'THead',
  'TBody',
  'TFoot',
  'TR',
  'TH',
  'TD',
  'Figure',
  'Formula',
  'Form',
  'FENote',
]);

/** Does the element hold a Link element (a link annotation's text)? */
function holdsLink(n: StructNode): boolean {
  return (n.children ?? []).some((c) => c.role === 'Link' || (c.role !== undefined && holdsLink(c)));
}

function hasBlockChild(n: StructNode): boolean {
  return (n.children ?? []).some((c) => c.role !== undefined && BLOCK_ROLES.has(c.role));
}

/** The text of some items as one line: read by layout, lines joined as a paragraph's are. */
function oneLine(items: readonly RawItem[]): { text: string; lines: TextLine[] } {
  const lines = buildLines([...items]);
  let text = '';
  for (const l of lines) text = joinLines(text, l.text.trim());
  return { text, lines };
}

function span(lines: readonly TextLine[], text: string, tag: LineTag): TextLine {
  const first = lines[0]!;
  let x = first.x;
  let xEnd = first.xEnd;
  let size = first.size;
  for (const l of lines) {
    x = Math.min(x, l.x);
    xEnd = Math.max(xEnd, l.xEnd);
    size = Math.max(size, l.size);
  }
  return { text, x, xEnd, y: first.y, size, font: first.font, mono: lines.every((l) => l.mono), tag };
}

/**
 * A page's lines in the order of its structure tree. Each block element (P, H1, LI, TR...) gives
 * its lines a block number of its own; a heading or a table row is one line. Text in no
 * structure element and not marked as an artifact (which is page furniture by definition) is
 * kept after the tagged text, read by layout as an untagged page is.
 */
export function readTaggedPage(tree: StructNode, items: readonly TaggedItem[]): TextLine[] {
  const byId = new Map<string, TaggedItem[]>();
  for (const it of items) {
    if (it.mcid === undefined) continue;
    let list = byId.get(it.mcid);
    if (!list) byId.set(it.mcid, (list = []));
    list.push(it);
  }
  const used = new Set<string>();
  const out: TextLine[] = [];
  let block = 0;
  // This page's marked content ids start with its page reference ("p92R_mc3"); an element whose
  // content starts on another page continues there an element begun on an earlier page.
  const here = items.find((it) => it.mcid !== undefined)?.mcid?.replace(/_mc\d+$/, '_');
  let foreignFirst: boolean | undefined;

  const collect = (n: StructNode, into: TaggedItem[], skip?: (c: StructNode) => boolean): TaggedItem[] => {
    for (const c of n.children ?? []) {
      if (c.type === 'content' && c.id !== undefined) {
        foreignFirst ??= here !== undefined && !c.id.startsWith(here);
        const its = byId.get(c.id);
        if (its && !used.has(c.id)) {
          used.add(c.id);
          into.push(...its);
        }
      } else if (c.role !== undefined && !skip?.(c)) collect(c, into, skip);
    }
    return into;
  };

  const emit = (items: TaggedItem[], kind: LineTag['kind'], level?: number) => {
    const continued = foreignFirst === true;
    foreignFirst = undefined;
    if (items.length === 0) return;
    const tag: LineTag = level === undefined ? { block, kind } : { block, kind, level };
    if (continued && block === 0) tag.continued = true;
    if (kind === 'heading') {
      const { text, lines } = oneLine(items);
      if (lines.length > 0) out.push(span(lines, text, tag));
    } else for (const l of buildLines(items)) out.push({ ...l, tag });
    block++;
  };

  const row = (n: StructNode) => {
    foreignFirst = undefined;
    const cells: string[] = [];
    const all: TextLine[] = [];
    let header = true;
    let navCells = 0;
    for (const c of n.children ?? []) {
      if (c.role !== 'TD' && c.role !== 'TH') continue;
      if (c.role === 'TD') header = false;
      const { text, lines } = oneLine(collect(c, []));
      cells.push(text);
      all.push(...lines);
      if (isNavigationCell(text, holdsLink(c) ? 1 : 0)) navCells++;
    }
    const text = cells.filter((c) => c.length > 0).join(' | ');
    if (all.length === 0 || text.length === 0) return;
    out.push(
      span(all, text, {
        block,
        kind: 'row',
        cells,
        ...(header ? { header: true } : {}),
        ...(navCells > 0 ? { navCells } : {}),
      }),
    );
    block++;
  };

  const walk = (n: StructNode) => {
    const role = n.role ?? '';
    foreignFirst = undefined;
    if (HEADING.test(role)) {
      const m = /\d/.exec(role);
      emit(collect(n, []), 'heading', m ? Number(m[0]) : undefined);
      return;
    }
    if (role === 'TR') {
      row(n);
      return;
    }
    if (role === 'LI') {
      // The item's own text (label and body); a list nested in its body is read after it.
      const nested = (c: StructNode) => c.role === 'L';
      emit(collect(n, [], nested), 'item');
      const inner = (m: StructNode) => {
        for (const c of m.children ?? []) if (c.role === 'L') walk(c);
        for (const c of m.children ?? []) if (c.role === 'LBody') inner(c);
      };
      inner(n);
      return;
    }
    if (role === 'Root' || hasBlockChild(n)) {
      // A container: its blocks in order; stray content between them reads as a paragraph.
      let loose: TaggedItem[] = [];
      for (const c of n.children ?? []) {
        if (c.role !== undefined && BLOCK_ROLES.has(c.role)) {
          emit(loose, 'paragraph');
          loose = [];
          walk(c);
        } else if (c.role !== undefined) collect(c, loose);
        else collect({ children: [c] }, loose);
      }
      emit(loose, 'paragraph');
      return;
    }
    emit(collect(n, []), 'paragraph');
  };
  walk(tree);

  const rest = items.filter((it) => !it.artifact && (it.mcid === undefined || !used.has(it.mcid)));
  if (rest.length > 0) out.push(...buildLines(rest));
  return out;
}

/** Roles that say what a block is; NonStruct, Div, Span and the like only group content. */
const MEANINGFUL = /^(?:P|H[1-6]?|Title|LI|LBody|Lbl|TD|TH|Caption|TOCI|BlockQuote|Code|Figure|Formula)$/;

/**
 * Is the page's tree worth reading: does most of its content (at least half of its marked
 * contents) sit in elements that say what they are (P, H1, LI, TD...)? A tree that wraps every
 * run in NonStruct (a browser's print of a page) tells no more than the layout: the page is then
 * read by layout, as an untagged one.
 */
export function hasTaggedContent(tree: StructNode | null | undefined): tree is StructNode {
  if (!tree) return false;
  let all = 0;
  let meaningful = 0;
  const visit = (n: StructNode, inside: boolean) => {
    if (n.type === 'content') {
      all++;
      if (inside) meaningful++;
      return;
    }
    const here = inside || (n.role !== undefined && MEANINGFUL.test(n.role));
    for (const c of n.children ?? []) visit(c, here);
  };
  visit(tree, false);
  return all > 0 && meaningful >= all * 0.5;
}

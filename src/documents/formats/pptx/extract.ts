// PowerPoint (.pptx, PresentationML): the slides in the order ppt/presentation.xml lists them,
// each read through saxes as the Word reader reads its parts (the zip bounded by ../docx/zip.ts, a
// DTD declaring entities refused). A slide's title placeholder (title, ctrTitle) opens it as a
// heading; its other shapes follow in the order the slide keeps them (PowerPoint's reading
// order), groups opened, tables (a:tbl) as rows `a | b` with merged and empty cells in place;
// paragraphs with a bullet or an automatic number are list items carrying the number PowerPoint
// shows ("2.", "b)", "iv."); paragraphs set wholly in a monospaced font are code, kept verbatim;
// the slide's speaker notes follow its text. Slide numbers, dates, footers and headers are
// furniture; of an mc:AlternateContent only the first choice is read (its fallback repeats it).
import { posix } from 'node:path';
import type { DocumentBlock } from '../../blocks.ts';
import type { ExtractContext } from '../format.ts';
import { documentError } from '../../document-error.ts';
import { dropListings, type LinkedBlock } from '../../listing.ts';
import { DEFAULT_ZIP_LIMITS, readParts } from '../docx/zip.ts';
import { attr, parseXml as parse, xmlText } from '../office-xml.ts';
import { ColumnMerges } from '../row-spans.ts';
import { drawingNumberScheme, formatNumber, isMonospaceFont } from '../list-labels.ts';
import { withoutPermalinkMark } from '../permalink-mark.ts';

const WHAT = 'PowerPoint presentation';
const PRESENTATION = 'ppt/presentation.xml';
const PRESENTATION_RELS = 'ppt/_rels/presentation.xml.rels';

const wanted = (n: string) =>
  n === '[Content_Types].xml' ||
  n === PRESENTATION ||
  n === PRESENTATION_RELS ||
  /^ppt\/slides\/slide\d+\.xml$/.test(n) ||
  /^ppt\/slides\/_rels\/slide\d+\.xml\.rels$/.test(n) ||
  /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n);

export async function extractPptx(bytes: Uint8Array, ctx: ExtractContext = {}): Promise<DocumentBlock[]> {
  const maxBytes = Math.min(ctx.maxDecodedBytes ?? DEFAULT_ZIP_LIMITS.maxBytes, DEFAULT_ZIP_LIMITS.maxBytes);
  const parts = await readParts(bytes, wanted, { ...DEFAULT_ZIP_LIMITS, maxBytes, what: WHAT });
  const pres = parts.get(PRESENTATION);
  if (!parts.has('[Content_Types].xml') || !pres)
    throw documentError('document_unsupported', 'The zip archive has no PowerPoint presentation part.');
  const xml = (b: Buffer) => xmlText(b, 'PowerPoint presentations');
  const rels = parts.get(PRESENTATION_RELS);
  const order = slideOrder(
    xml(pres),
    rels ? readRels(xml(rels), 'ppt') : new Map<string, { type: string; target: string }>(),
  );
  // Slides the list does not name (a damaged list) follow in their number's order.
  const all = [...parts.keys()]
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  const slides = [...order.filter((n) => parts.has(n)), ...all.filter((n) => !order.includes(n))];
  const out: LinkedBlock[] = [];
  slides.forEach((name, i) => {
    const n = i + 1;
    const blocks = readSlide(xml(parts.get(name)!), 'slide');
    const relName = name.replace(/slides\/(slide\d+\.xml)$/, 'slides/_rels/$1.rels');
    const relBuf = parts.get(relName);
    if (relBuf) {
      const notes = [...readRels(xml(relBuf), posix.dirname(name)).entries()].find(([, r]) =>
        r.type.endsWith('/notesSlide'),
      );
      const notesBuf = notes ? parts.get(notes[1].target) : undefined;
      if (notesBuf) blocks.push(...readSlide(xml(notesBuf), 'notes'));
    }
    for (const b of blocks) out.push({ ...b, page: n, slide: n });
  });
  return dropListings(out);
}

/** A relationships part: id -> type and target, the target resolved against `base` (a folder of the zip). */
export function readRels(xml: string, base: string): Map<string, { type: string; target: string }> {
  const out = new Map<string, { type: string; target: string }>();
  parse(xml, {
    open(t) {
      if (t.name !== 'Relationship' || attr(t, 'TargetMode') === 'External') return;
      const target = attr(t, 'Target') ?? '';
      const resolved = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(base, target));
      out.set(attr(t, 'Id') ?? '', { type: attr(t, 'Type') ?? '', target: resolved });
    },
    close() {},
    text() {},
  });
  return out;
}

/** The slides' part names in the order of presentation.xml's p:sldIdLst. */
export function slideOrder(xml: string, rels: Map<string, { type: string; target: string }>): string[] {
  const out: string[] = [];
  parse(xml, {
    open(t) {
      if (t.name === 'p:sldId') {
        const r = rels.get(attr(t, 'r:id') ?? '');
        if (r) out.push(r.target);
      }
    },
    close() {},
    text() {},
  });
  return out;
}

/** Placeholders that are slide furniture (numbers, dates, footers) or a notes page's slide image. */
const FURNITURE = new Set(['sldNum', 'dt', 'ftr', 'hdr', 'sldImg']);

interface Para {
  text: string;
  raw: string;
  level: number;
  bullet: 'none' | 'char' | 'auto' | 'inherit';
  scheme?: string;
  startAt?: number;
  monoChars: number;
  chars: number;
  runMono: boolean;
}

interface Shape {
  ph?: string;
  /** The placeholder gives list items by default (a body or object placeholder). */
  listy: boolean;
  skip: boolean;
  blocks: LinkedBlock[];
  counters: number[];
  code: { block: LinkedBlock; lines: string[] } | null;
}

/** A title's paragraphs (a title typed on two lines) as one heading. */
export function oneTitle(blocks: LinkedBlock[]): LinkedBlock[] {
  const heads = blocks.filter((b) => b.kind === 'heading');
  if (heads.length <= 1) return blocks;
  return [{ ...heads[0]!, text: heads.map((b) => b.text).join(' ') }, ...blocks.filter((b) => b.kind !== 'heading')];
}

/**
 * One slide's (or notes page's) blocks: the title first, then the other shapes in the order the
 * slide keeps them. On a notes page only the notes (the body placeholder and text boxes) count.
 */
export function readSlide(xml: string, kind: 'slide' | 'notes'): LinkedBlock[] {
  const title: LinkedBlock[] = [];
  const body: LinkedBlock[] = [];
  const shapes: Shape[] = [];
  let para: Para | null = null;
  let inT = false;
  let skip = 0; // depth inside an element whose text is not read
  const alternates: number[] = []; // per open mc:AlternateContent: choices seen
  let groups = 0;
  // Tables.
  let tableGroup = 0;
  let tables = 0;
  let firstRowHeader = false;
  let rowIndex = 0;
  let row: string[] | null = null;
  let cell: string[] = [];
  // The cell's merge down the rows: the first cell of one (rowSpan), or a cell under one (vMerge).
  let cellRows = 1;
  let cellUnder = false;
  // Per grid column of the table, what a cell under a merge reads (row-spans.ts); and whether the
  // row has text of its own (not only values merged down from the rows above).
  const merges = new ColumnMerges();
  let rowOwn = false;

  const shape = () => shapes[shapes.length - 1];

  const endPara = (p: Para, s: Shape) => {
    // A web page's permalink mark ("Helper scripts¶") is no text (permalink-mark.ts).
    const text = withoutPermalinkMark(p.text.replace(/\s+/g, ' ').trim());
    if (tables > 0) {
      if (text.length > 0) cell.push(text);
      return;
    }
    const isTitle = s.ph === 'title' || s.ph === 'ctrTitle';
    const isCode = !isTitle && p.chars > 0 && p.monoChars === p.chars;
    if (isCode) {
      const lines = p.raw.split('\n');
      if (s.code) {
        s.code.lines.push(...lines);
        s.code.block.text = s.code.lines.join('\n');
      } else {
        const block: LinkedBlock = { kind: 'code', text: p.raw, lines, inPageLinkChars: 0, linkChars: 0, links: 0 };
        s.blocks.push(block);
        s.code = { block, lines };
      }
      return;
    }
    if (text.length === 0) {
      if (s.code) {
        s.code.lines.push('');
        s.code.block.text = s.code.lines.join('\n');
      }
      return;
    }
    s.code = null;
    const base = { text, inPageLinkChars: 0, linkChars: 0, links: 0 };
    if (isTitle && kind === 'slide') {
      s.blocks.push({ kind: 'heading', level: 1, ...base });
      return;
    }
    const bulleted = p.bullet === 'char' || p.bullet === 'auto' || (p.bullet === 'inherit' && s.listy);
    const lv = p.level;
    if (!bulleted) {
      s.counters.length = lv;
      s.blocks.push({ kind: 'paragraph', ...base });
      return;
    }
    if (p.bullet === 'auto') {
      const { style, prefix, suffix } = drawingNumberScheme(p.scheme);
      const prev = s.counters[lv];
      const n = prev === undefined || prev < 0 ? (p.startAt ?? 1) : prev + 1;
      s.counters[lv] = n;
      s.counters.length = lv + 1;
      s.blocks.push({
        kind: 'item',
        group: groups,
        ...base,
        text: `${prefix}${formatNumber(n, style)}${suffix} ${text}`,
        ...(lv > 0 ? { depth: lv } : {}),
      });
      return;
    }
    // A bullet at this level ends a numbered run at it (PowerPoint restarts the numbers after it).
    s.counters[lv] = -1;
    s.counters.length = lv + 1;
    s.blocks.push({ kind: 'item', group: groups, ...base, ...(lv > 0 ? { depth: lv } : {}) });
  };

  parse(xml, {
    open(t) {
      if (skip > 0) {
        skip++;
        return;
      }
      switch (t.name) {
        case 'mc:AlternateContent':
          alternates.push(0);
          return;
        case 'mc:Choice':
        case 'mc:Fallback': {
          const n = alternates.length > 0 ? alternates[alternates.length - 1]! : 0;
          if (n > 0) skip = 1;
          if (alternates.length > 0) alternates[alternates.length - 1] = n + 1;
          return;
        }
        case 'p:sp':
        case 'p:graphicFrame':
        case 'p:cxnSp':
          shapes.push({ listy: false, skip: false, blocks: [], counters: [], code: null });
          groups++;
          return;
        case 'p:ph': {
          const s = shape();
          if (!s) return;
          // A placeholder without a type is a body placeholder (ECMA-376 19.3.1.36).
          const type = attr(t, 'type') ?? 'body';
          s.ph = type;
          // Notes are prose: the notes master gives their body no bullets.
          s.listy = kind === 'slide' && (type === 'body' || type === 'obj');
          if (FURNITURE.has(type)) s.skip = true;
          if (kind === 'notes' && type !== 'body') s.skip = true;
          return;
        }
        case 'a:p':
          para = { text: '', raw: '', level: 0, bullet: 'inherit', monoChars: 0, chars: 0, runMono: false };
          return;
        case 'a:pPr':
          if (para) para.level = Math.min(8, Math.max(0, Number(attr(t, 'lvl')) || 0));
          return;
        case 'a:buNone':
          if (para) para.bullet = 'none';
          return;
        case 'a:buChar':
        case 'a:buBlip':
          if (para) para.bullet = 'char';
          return;
        case 'a:buAutoNum':
          if (para) {
            para.bullet = 'auto';
            para.scheme = attr(t, 'type');
            const at = Number(attr(t, 'startAt'));
            if (at >= 1) para.startAt = at;
          }
          return;
        case 'a:r':
        case 'a:fld':
          if (para) para.runMono = false;
          return;
        case 'a:latin':
        case 'a:cs':
          if (para && t.name === 'a:latin' && isMonospaceFont(attr(t, 'typeface'))) para.runMono = true;
          return;
        case 'a:t':
          inT = true;
          return;
        case 'a:br':
          if (para) {
            para.text += ' ';
            para.raw += '\n';
          }
          return;
        case 'a:tbl':
          tables++;
          if (tables === 1) {
            tableGroup = ++groups;
            rowIndex = 0;
            firstRowHeader = false;
            merges.clear();
          }
          return;
        case 'a:tblPr':
          if (tables === 1) firstRowHeader = attr(t, 'firstRow') === '1' || attr(t, 'firstRow') === 'true';
          return;
        case 'a:tr':
          if (tables === 1) {
            row = [];
            rowOwn = false;
          }
          return;
        case 'a:tc':
          if (tables === 1) {
            cell = [];
            cellRows = Math.min(Math.max(1, Number(attr(t, 'rowSpan')) || 1), 1000);
            cellUnder = attr(t, 'vMerge') === '1' || attr(t, 'vMerge') === 'true';
          }
          return;
      }
    },
    text(s) {
      if (skip > 0 || !inT || !para) return;
      para.text += s;
      para.raw += s;
      const n = s.replace(/\s/g, '').length;
      para.chars += n;
      if (para.runMono) para.monoChars += n;
    },
    close(name) {
      if (skip > 0) {
        skip--;
        return;
      }
      switch (name) {
        case 'mc:AlternateContent':
          alternates.pop();
          return;
        case 'a:t':
          inT = false;
          return;
        case 'a:p': {
          const p = para;
          para = null;
          const s = shape();
          if (p && s && !s.skip) endPara(p, s);
          return;
        }
        case 'a:tc':
          // A cell merged into its left or upper neighbour (hMerge, vMerge) is written in its
          // place: beside a merge it stays an empty cell; under one it reads the merged value
          // where it is a label (spannedValue), else it stays empty.
          if (tables === 1 && row) {
            const text = merges.read(
              row.length,
              cellUnder ? 'continue' : cellRows > 1 ? 'restart' : 'none',
              cell.join(' '),
            );
            if (!cellUnder && text.length > 0) rowOwn = true;
            row.push(text);
          }
          return;
        case 'a:tr': {
          const s = shape();
          // A row of its own has text: one whose only values come down from the rows above is not read.
          if (tables === 1 && row && s && !s.skip && rowOwn) {
            const header = firstRowHeader && rowIndex === 0;
            s.blocks.push({
              kind: 'row',
              text: row.join(' | '),
              cells: row.map((c) => (header ? { text: c, header: true } : { text: c })),
              group: tableGroup,
              inPageLinkChars: 0,
              linkChars: 0,
              links: 0,
              dataCells: row.filter((c) => /[\p{L}\p{N}]/u.test(c)).length,
            });
          }
          rowIndex++;
          row = null;
          return;
        }
        case 'a:tbl':
          tables--;
          return;
        case 'p:sp':
        case 'p:graphicFrame':
        case 'p:cxnSp': {
          const s = shapes.pop();
          if (!s || s.skip) return;
          if (s.ph === 'title' || s.ph === 'ctrTitle') title.push(...oneTitle(s.blocks));
          else body.push(...s.blocks);
          return;
        }
      }
    },
  });
  return [...title, ...body];
}

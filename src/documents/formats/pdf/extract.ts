// PDF bytes -> neutral blocks: sniff, guard, read the text layer (and OCR the pages without one),
// drop furniture and listings, rebuild paragraphs with headings and their page turns.
import { heaviest } from '../../heaviest.ts';
import type { DocumentBlock, PageTurn } from '../../blocks.ts';
import type { PageText, TextLine } from './types.ts';
import { extractPages } from './text-layer.ts';
import {
  joinLines,
  finishParagraph,
  resolveHyphens,
  continuesHyphenated,
  hangsUnder,
  hangsUnderLabel,
  indentedAbove,
  leavesItem,
  opensWithBullet,
  labelAfterShort,
  nextNumberedItem,
  stopsShort,
  rightMargin,
  proseInType,
  runsOnSentence,
  RUNS_ON,
  SENTENCE_END,
  textEdge,
  columnRights,
  outdentedAfterSentence,
  indentedAfterSentence,
  breaksInType,
  wordFitsAbove,
  wordOverflowsAbove,
  setToMeasure,
  measureEdge,
  outdentedAfterShort,
  centredPair,
  leftAcross,
  columnEdge,
  fillsFirstFit,
} from './clean.ts';
import { isDefinitionLine, joinWrappedDefinitions } from './definitions.ts';
import { hangsUnderCitation, nextCitation, nextNumberedEntry } from './bibliography.ts';
import { filledShort, leadingUnderSkip, partedAfterShort, smallOnBodyLeading, titleOverText } from './parskip.ts';
import { opensAfterTurn } from './turn-heads.ts';
import {
  NOTE_SIZE,
  notesAfterCutParagraphs,
  opensFloatCaption,
  opensFootnote,
  textBeforeFloatPages,
} from './footnotes.ts';
import { hangsAfterFull, opensAfterHang, tagAfterSentence, textUnderTag } from './hanging.ts';
import { headingLefts } from './heading-lefts.ts';
import { bodySize, removeFurniture } from './furniture.ts';
import { removeCodeContinuations, splitRunsAtTurns } from './continuations.ts';
import { overlayStepsOfLower } from './overlays.ts';
import { readyLines } from './page-ready.ts';
import { removeListings } from './toc.ts';
import {
  findHeadings,
  headingFonts,
  isShortTitle,
  normalizeTitle,
  notHeadingKind,
  outlineIndex,
  outlineTrusted,
  termStyles,
  titleKey,
  typewriterSize,
  typewriterTitleFonts,
  unnumberedRepeats,
  type FontUse,
  type HeadingContext,
  type HeadingSpan,
} from './headings.ts';
import { documentError } from '../../document-error.ts';
import { checkDecodedSize } from './guard.ts';
import { OPS } from './pdfjs.ts';
import { DEFAULT_MAX_DECODED_BYTES, type ExtractContext } from '../format.ts';
import { ocrPages } from '../../ocr/read-pages.ts';
import { DEFAULT_OCR, type OcrReport } from '../../ocr/options.ts';
import { looksLikePdf } from './sniff.ts';
import { isSlideDeck, slideTitle, untitledSlideLabels } from './slides.ts';
import { isTypewritten, placeBlocks, readsAsSource, typedText } from './typewritten.ts';
import { textBlocks } from '../text/extract.ts';
import {
  codeBlockLines,
  inLeftMargin,
  numberedBlankLines,
  numberedListingLine,
  wrapsVerbatim,
  codeRuns,
  joinedCodeLine,
  sideEdges,
  textBlockEdges,
  type CodeLine,
  type TextEdges,
} from './code.ts';
import { isNavigationTable, withoutNavigationBars, withoutNavigationMenus } from '../../listing.ts';
import { readTables } from './tables.ts';
import { joinTableTurn, type TableHead } from './table-turns.ts';
import { withoutContentsLists } from '../../contents-lists.ts';
import { countAlnum } from '../../page-turns.ts';

/** The neutral blocks, with what the PDF rules found on the way (the quality script reads them). */
export interface PdfExtracted {
  blocks: DocumentBlock[];
  /** 1-based numbers of the pages dropped as contents/listing/index pages. */
  tocPages: number[];
  pageCount: number;
  /** Pages read with OCR, and pages without a text layer left unread. */
  ocr: OcrReport;
}

export async function extractPdf(data: Uint8Array, opts: ExtractContext = {}): Promise<PdfExtracted> {
  if (!looksLikePdf(data)) throw documentError('document_not_pdf');
  checkDecodedSize(data, opts.maxDecodedBytes ?? DEFAULT_MAX_DECODED_BYTES);
  let ocr: OcrReport = { pages: 0, skipped: 0 };
  // Right after the text is read, while the document is open: pages without a usable text layer
  // get their lines from OCR, and go through everything below like any other text.
  const doc = await extractPages(
    data,
    async (pdf, pages) => {
      const read = pages.map((p) => p.lines);
      ocr = await ocrPages({ doc: pdf, ops: OPS }, pages, opts.ocr ?? DEFAULT_OCR, opts.onOcrStart);
      // A page OCR read has lines of its own, to be readied below.
      pages.forEach((p, i) => {
        if (p.lines !== read[i]) p.stepKey = undefined;
      });
    },
    opts.onPage,
    opts.split,
  );
  const pageCount = doc.pages.length;
  // Each page's lines normalised where it was read (page-ready.ts), but one OCR might read.
  for (const p of doc.pages) if (p.stepKey === undefined) readyLines(p);
  if (!doc.pages.some((p) => p.lines.some((l) => /[\p{L}\p{N}]/u.test(l.text))))
    throw documentError('document_no_text');
  // A slide shown in steps: each step but the last is contained in the next; read it once. Judged
  // before the furniture (stepText): a frame's lines repeated over its steps are no running header.
  const steps = overlayStepsOfLower(doc.pages.map((p) => p.stepKey!));
  doc.pages.forEach((p, i) => {
    p.stepKey = undefined;
    if (steps[i]) p.lines = [];
  });
  removeUntaggedFurniture(doc.pages);
  // "(continues on next page)" / "(continued from previous page)" around a code block's page turn.
  const codeTurns = removeCodeContinuations(doc.pages);
  const outline = new Set(doc.outline.map(normalizeTitle).filter((s) => s.length > 0));
  const tocPages = removeListings(doc.pages, outline).pages;
  // Untagged pages: tables found from their geometry are read row by row (tables.ts).
  // A table that ends a page may go on at the next page's top with fewer rows than a table needs.
  let afterTable = false;
  // A long table's foot, head and repeated header row at a page turn (table-turns.ts).
  let before: PageText | undefined;
  let carried: TableHead | undefined;
  let body = 0;
  const bodyOf = () => body || (body = bodySize(doc.pages));
  // A slide deck's two-column runs are tables, not definition lists (tables.ts readTables).
  const lists = !isSlideDeck(doc.pages, bodyOf);
  // A text file printed: read as the text it was (typewritten.ts), its pages found again after;
  // a program's source printed stays a listing.
  const typed = lists && isTypewritten(doc.pages) ? typedText(doc.pages) : undefined;
  if (typed && !readsAsSource(typed.text)) {
    const blocks = placeBlocks(textBlocks(typed.text), typed);
    if (!blocks.some((b) => /[\p{L}\p{N}]/u.test(b.text))) throw documentError('document_no_text');
    return { blocks, tocPages, pageCount, ocr };
  }
  for (const p of doc.pages) {
    if (p.lines.length === 0) continue;
    // A numbered listing's blank lines and lone braces, numbers in a proportional face (code.ts):
    // lines of the listing before the tables are looked for (`86 }%` under `85 \rule...` is no row).
    p.lines = numberedBlankLines(p.lines);
    if (!p.lines.some((l) => l.tag)) p.lines = readTables(p.lines, afterTable, p.grids, lists, p.openRules);
    const turn = before ? joinTableTurn(before.lines, p.lines, bodyOf, carried) : null;
    carried = turn?.head;
    if (turn) {
      before!.lines = turn.prev;
      p.lines = turn.next;
    }
    before = p;
    if (p.lines.length === 0) continue;
    afterTable = p.lines.at(-1)!.tag?.kind === 'row';
  }
  const ctx = headingContext(doc.pages, outline);
  const index = outlineIndex(doc.outline);
  const pageLines = doc.pages.map((p) => p.lines);
  ctx.typewriterTitles = typewriterTitleFonts(pageLines, index);
  ctx.typewriterSize = typewriterSize(pageLines);
  if (outlineTrusted(pageLines, index, ctx)) ctx.trustedOutline = index;
  // A deck of slides: each page a slide, its title the heading (slides.ts).
  const deck = isSlideDeck(doc.pages, ctx.bodySize);
  const built = buildBlocks(
    doc.pages,
    ctx,
    deck,
    wrapsVerbatim(doc.typesetter),
    fillsFirstFit(doc.typesetter),
    codeTurns,
  );
  // A reference entry's labels in a heading's face that the outline lists once, as a numbered
  // section (headings.ts unnumberedRepeats), are the entry's text.
  if (ctx.trustedOutline) {
    const heads = built.filter((b) => b.kind === 'heading');
    for (const i of unnumberedRepeats(
      heads.map((b) => b.text),
      doc.outline,
    )) {
      heads[i]!.kind = 'paragraph';
      delete heads[i]!.level;
    }
  }
  // Contents lists whose entries are the document's section titles (its outline's, its headings'),
  // without page numbers: a converted web page's own contents list or sidebar (contents-lists.ts).
  // Not on a deck, whose agenda slide is one of its slides.
  // A web page's navigation menu under its own heading (Sphinx's "Navigation" relbar), read as
  // text, and its header and footer bars ("Prev Chapter 3 Next"): both go (listing.ts).
  // A slide without a title of its own is labelled with the deck's section it stands in.
  if (deck && doc.outline.length > 0) {
    const entries = new Map<string, number[]>();
    doc.outline.forEach((t, i) => {
      const k = titleKey(t);
      if (k.length > 0) entries.set(k, [...(entries.get(k) ?? []), i]);
    });
    const labels = untitledSlideLabels(built, (t, from) => entries.get(titleKey(t))?.find((i) => i >= from) ?? -1);
    for (const b of built) {
      const label = b.page === undefined ? undefined : labels.get(b.page);
      if (label !== undefined) b.slideLabel = label;
    }
  }
  const blocks = deck
    ? built
    : withoutContentsLists(withoutNavigationBars(withoutNavigationMenus(built)), [
        ...doc.outline,
        ...built.filter((b) => b.kind === 'heading').map((b) => b.text),
      ]);
  if (!blocks.some((b) => /[\p{L}\p{N}]/u.test(b.text))) throw documentError('document_no_text');
  return { blocks, tocPages, pageCount, ocr };
}

/**
 * Running headers and footers of the lines the structure tree does not hold: a tagged PDF marks
 * its furniture as artifacts, which are not read at all, and its tagged lines (a table's header
 * row repeated on every page) are the document's own text.
 */
function removeUntaggedFurniture(pages: PageText[]): void {
  if (!pages.some((p) => p.lines.some((l) => l.tag))) {
    removeFurniture(pages);
    return;
  }
  const views = pages.map((p) => ({ ...p, lines: p.lines.filter((l) => !l.tag) }));
  removeFurniture(views);
  const kept = new Set(views.flatMap((v) => v.lines));
  for (const p of pages) p.lines = p.lines.filter((l) => l.tag || kept.has(l));
}

/** Prose (lines not in typewriter) at least this share of a document's text sets its body font and size. */
const PROSE_BODY_SHARE = 0.2;

/** Characters by font and by size (to the half point) of a document's lines, and in all. */
export interface StyleTally {
  fonts: Map<string, number>;
  sizes: Map<number, number>;
  chars: number;
}

/** The characters of `lines` by font and by size; with `prose`, of the lines not in typewriter only. */
export function styleTally(
  lines: readonly Pick<TextLine, 'text' | 'font' | 'size' | 'mono'>[],
  prose: boolean,
): StyleTally {
  const fonts = new Map<string, number>();
  const sizes = new Map<number, number>();
  let chars = 0;
  for (const l of lines) {
    if (prose && l.mono) continue;
    const n = l.text.length;
    chars += n;
    fonts.set(l.font, (fonts.get(l.font) ?? 0) + n);
    const sz = Math.round(l.size * 2) / 2;
    sizes.set(sz, (sizes.get(sz) ?? 0) + n);
  }
  return { fonts, sizes, chars };
}

/**
 * A document's body font and size: those most of its prose is set in (`prose`: styleTally of the
 * lines not in typewriter), where prose is PROSE_BODY_SHARE of its text or more; else those most
 * of its lines are (`all`). A package's documentation whose listings outweigh its text
 * (luaindex: 17,146 characters of prose in 36,729) sets its prose in another font and a larger
 * size than its code: with the code's as the body, every line of prose stood out as a heading's
 * would, and one opening with "index" was read as the title "Index".
 */
export function bodyStyle(all: StyleTally, prose: StyleTally): { font: string; size: number } {
  const body = prose.chars >= all.chars * PROSE_BODY_SHARE ? prose : all;
  return { font: heaviest(body.fonts, ''), size: heaviest(body.sizes, 10) };
}

function headingContext(pages: PageText[], outline: Set<string>): HeadingContext {
  const lines = pages.flatMap((p) => p.lines);
  const all = styleTally(lines, false);
  const total = all.chars;
  const uses = new Map<string, FontUse>();
  for (const l of lines) {
    if (l.mono) continue;
    let u = uses.get(l.font);
    if (!u) uses.set(l.font, (u = { font: l.font, lines: 0, titles: 0, labels: 0, chars: 0 }));
    u.lines++;
    u.chars += l.text.length;
    if (isShortTitle(l.text)) {
      u.titles++;
      if (notHeadingKind(l.text) === 'admonition') u.labels++;
    }
  }
  let variety = 0;
  for (const n of all.fonts.values()) if (n >= total * 0.01) variety++;
  for (const n of all.sizes.values()) if (n >= total * 0.01) variety++;
  const { font: bodyFont, size: bodySize } = bodyStyle(all, styleTally(lines, true));
  return {
    bodyFont,
    headingFonts: headingFonts([...uses.values()], bodyFont, total),
    headingLefts: headingLefts(lines, bodyFont),
    bodySize,
    termStyles: termStyles(lines, bodySize),
    fontVariety: variety > 2,
    outline,
  };
}

/** How far (in ems) above and below a line its column's edge is looked for (columnEdge). */
const COLUMN_REACH = 12;

/**
 * A line that opens with a term and its colon (`key: The private key`, `Returns: On success`): an
 * entry of a list of terms. A line that ends short of the margin ends its paragraph when it ends a
 * sentence, and also, with or without a full stop, when the line after it is an entry and it is
 * one too or ends with a closing bracket (a function's prototype), or when it is one and the line
 * after it does not run on in lower case: the parameter lists of API references (Texinfo's gdoc,
 * Doxygen) run one entry a line. (A block narrower than the page, a quotation or a list
 * item, ends its lines short of the page's margin: there a line runs on, even one that happens
 * to open with a word and a colon.)
 */
export function opensWithTerm(text: string): boolean {
  return /^[\p{L}_][\p{L}\p{N}_-]{0,30}:\s+\S/u.test(text);
}

/**
 * Rebuilds paragraphs from lines: a new paragraph starts at a heading, after a heading, at a
 * change between code (monospace) and prose, at a vertical gap clearly larger than the line
 * spacing, at an indented first line, or after a short line that ends a sentence. Across a page
 * (or column) break, a line that does not end a sentence continues into a next line that starts
 * in lower case.
 */
function buildBlocks(
  pages: PageText[],
  ctx: HeadingContext,
  deck = false,
  wraps = true,
  firstFit = true,
  codeTurns: ReadonlySet<number> = new Set(),
): DocumentBlock[] {
  let blocks: DocumentBlock[] = [];
  let para = '';
  let paraMono = false;
  let paraKind: 'paragraph' | 'item' = 'paragraph';
  // A tagged document whose tree has headings: the tags alone say which lines are headings.
  const taggedHeadings = pages.some((p) => p.lines.some((l) => l.tag?.kind === 'heading'));
  // The paragraph's first page and where it turns onto later pages.
  let paraPage = 0;
  let turns: PageTurn[] = [];
  // The lines of the paragraph; a paragraph of one code line may join a code block (code.ts).
  let paraLines: TextLine[] = [];
  const codeOf = new Map<DocumentBlock, CodeLine>();
  // Whether the paragraph being read is a footnote at a page's foot (footnotes.ts); the blocks read
  // in a footnote's type (notesAfterCutParagraphs).
  let paraNote = false;
  const notes = new Set<DocumentBlock>();
  const marked = new Set<DocumentBlock>();
  // Paragraphs that open with a float's caption (notesAfterCutParagraphs).
  const captions = new Set<DocumentBlock>();
  // Tagged rows with navigation cells (struct.ts): a navigation table's rows are left out.
  const navOf = new Map<DocumentBlock, number>();
  // Each page's text block edges, from its prose lines: where a code block's lines sit in it.
  const textEdges = new Map<number, TextEdges>();
  // Each page's left edge as most pages of its side show it (sideEdges): a listing's grid over a page turn.
  const own = new Map<number, number>();
  for (const p of pages) {
    const edges = textBlockEdges(p.lines);
    textEdges.set(p.number, edges);
    if (edges.left !== undefined) own.set(p.number, edges.left);
  }
  const sides = sideEdges(
    own,
    pages.map((p) => p.number),
  );
  const flush = () => {
    const text = finishParagraph(para).trim();
    if (text.length > 0) {
      const b: DocumentBlock =
        turns.length > 0
          ? { kind: paraKind, text, page: paraPage, pageTurns: turns }
          : { kind: paraKind, text, page: paraPage };
      blocks.push(b);
      // A footnote, or a block in a footnote's type (a note run on from the page before, a caption).
      if (paraNote || paraLines.every((l) => l.size < ctx.bodySize * NOTE_SIZE)) notes.add(b);
      if (paraNote) marked.add(b);
      if (paraLines[0] && opensFloatCaption(paraLines[0].text)) captions.add(b);
      // A paragraph of one code line, or of code lines joined by Doxygen's identifier break.
      const lines =
        paraKind === 'paragraph' && turns.length === 0
          ? paraLines.map((l) => codeLine(l, paraPage, textEdges.get(paraPage), sides.get(paraPage)))
          : [];
      const code = lines.every((c) => c !== undefined) ? joinedCodeLine(lines) : undefined;
      if (code) codeOf.set(b, code);
    }
    para = '';
    paraKind = 'paragraph';
    paraNote = false;
    turns = [];
    paraLines = [];
  };
  let prev: TextLine | undefined;
  // The document's measure: the fit rules hold on pages of filled text only (setToMeasure).
  const docRight = measureEdge(pages.map((p) => p.lines.reduce((m, l) => Math.max(m, l.xEnd), 0)));
  // Each body size's leading over the whole document: a page of listings shows too few steps of its prose.
  const docBySize = sizeSpacing(
    pages.flatMap((p) => p.lines),
    ctx.bodySize,
  );
  // The body size's key in a sizeSpacing map (steps are voted to the half point).
  const bodyKey = Math.round(ctx.bodySize * 2) / 2;
  for (const p of pages) {
    const spacing = lineSpacing(p.lines);
    const bySize = sizeSpacing(p.lines, ctx.bodySize);
    // The body's leading, the page's or else the document's (smallOnBodyLeading), once a page.
    const bodyLeading = bySize.get(bodyKey) ?? docBySize.get(bodyKey) ?? 0;
    let right = 0;
    for (const l of p.lines) if (l.xEnd > right) right = l.xEnd;
    const margin = rightMargin(p.lines.map((l) => l.xEnd));
    const edge = textEdge(p.lines, margin);
    // The text block's right edge for the fit rules: the margin where prose lines end at it, else
    // the page's rightmost line end (ragged-right text).
    const textRight = edge ? margin : right;
    const columnRightAt = columnRights(p.lines, textRight);
    let first = true;
    // A slide's text never runs on into the next slide; its title is its one heading.
    if (deck) {
      flush();
      prev = undefined;
    }
    const title = deck ? slideTitle(p, ctx.bodySize) : undefined;
    const heads = new Map<number, HeadingSpan>(
      (deck ? (title ? [title] : []) : pageHeadings(p.lines, ctx, taggedHeadings)).map((h) => [h.start, h]),
    );
    for (let i = 0; i < p.lines.length; i++) {
      const l = p.lines[i]!;
      // A line mostly in typewriter that the typesetter filled as prose counts as prose (clean.ts);
      // asked of typewriter lines only.
      let mono = l.mono;
      // A line of a numbered listing is the listing's (code.ts numberedListingLine).
      if (mono && !numberedListingLine(l, p.lines[i + 1], p.lines[i - 1])) {
        const above: TextLine | undefined = !first && !paraMono && para.length > 0 ? prev : undefined;
        const under: boolean =
          !!above &&
          (Math.abs(l.x - above.x) <= 1 ||
            (paraLines.length === 1 &&
              (indentedAbove(above.text, above.x, l.x, l.size) ||
                hangsUnder(
                  above.pieces?.slice(1).map((q) => q.x),
                  l.x,
                  l.size,
                ) ||
                hangsUnderLabel(above.text, above.x, l.x, l.size) ||
                hangsUnderCitation(above.text, above.x, l.x, l.size))));
        // The column's own edges where the page sets columns (columnRight), else the page's.
        const col = columnRightAt(l.x, l.size);
        const colMargin = col ? col.margin : margin;
        const colEdge = col ? col.edge : edge;
        const colRight = col ? (col.edge ? col.margin : col.right) : textRight;
        const filled: boolean = !!above && wordOverflowsAbove(above.xEnd, colRight, l);
        // The next line, prose at the same left one line spacing below, did not fit its first word here.
        const next = p.lines[i + 1];
        const opens: boolean =
          !!next &&
          !next.mono &&
          Math.abs(next.x - l.x) <= 1 &&
          l.y - next.y > 0 &&
          l.y - next.y <= spacing * 1.4 + 0.5 &&
          wordOverflowsAbove(l.xEnd, colRight, next);
        // The sentence of the line above goes on here, and this line's first word would not have fit there.
        const runs: boolean = !!above && runsOnSentence(above.text, l.text) && !wordFitsAbove(above.xEnd, colRight, l);
        mono = !proseInType(l, above, under, colMargin, spacing, colEdge, filled, opens, runs);
      }
      const h = heads.get(i);
      if (h) {
        flush();
        const level = p.lines[h.start]!.tag?.level;
        blocks.push({ kind: 'heading', text: h.text, page: p.number, ...(level ? { level } : {}) });
        prev = undefined;
        first = false;
        if (h.rest !== undefined) {
          // A run-in title: the rest of its line opens the paragraph under it, read as a line.
          p.lines[i] = { ...l, text: h.rest };
          heads.delete(i);
          i--;
          continue;
        }
        i = h.end - 1;
        continue;
      }
      const tag = l.tag;
      if (tag?.kind === 'row' && tag.code) {
        // A row of listings (tables.ts listingRow): one code block, in its table.
        flush();
        const lines = tag.code;
        blocks.push({
          kind: 'code',
          text: lines.join('\n'),
          lines,
          page: p.number,
          ...(tag.tableHeader === undefined ? {} : { tableHeader: tag.tableHeader }),
        });
        prev = undefined;
        first = false;
        continue;
      }
      if (tag?.kind === 'row') {
        flush();
        const cells = (tag.cells ?? []).map((text) => ({ text, ...(tag.header ? { header: true } : {}) }));
        const row: DocumentBlock = { kind: 'row', text: l.text, page: p.number, cells };
        blocks.push(row);
        if (tag.navCells) navOf.set(row, tag.navCells);
        prev = undefined;
        first = false;
        continue;
      }
      // A tagged element's lines join; code lines inside it stay lines of their own, and what
      // follows them in the same list item is a paragraph of the item, not a new item.
      const sameBlock = !!tag && !!prev?.tag && (first ? tag.continued === true : prev.tag.block === tag.block);
      // An office export splits a list item at a page break into two tagged items: the second
      // one, code or a lower-case start, runs on from the item before it.
      const runsOn = first && tag?.kind === 'item' && prev?.tag?.kind === 'item' && (l.mono || RUNS_ON.test(l.text));
      const kind: 'paragraph' | 'item' = sameBlock || runsOn ? paraKind : tag?.kind === 'item' ? 'item' : 'paragraph';
      let brk: boolean;
      let note = false;
      if (!prev || para.length === 0) brk = true;
      else if (
        // The hyphenated word's own font: the end of the line before, the start of this one.
        continuesHyphenated(
          prev.text,
          l.text,
          prev.monoEnd ?? prev.mono,
          l.monoStart ?? l.mono,
          prev.xEnd > margin - l.size * 2,
        )
      )
        brk = false;
      else if (mono !== paraMono || (mono && paraMono))
        // A tag in typewriter alone on its line and its text under it, the next line (hanging.ts).
        brk = !(
          paraMono &&
          !mono &&
          !tag &&
          !first &&
          prev.y - l.y > 0 &&
          prev.y - l.y <= spacing * 1.4 + 0.5 &&
          textUnderTag(paraLines, para, l, textRight, i >= 2 ? p.lines[i - 2] : undefined)
        );
      else if (tag && (!first || sameBlock)) brk = !sameBlock;
      else if (tag && kind !== paraKind) brk = true;
      // A definition line ends its paragraph, on the same page or across a break (definitions.ts).
      else if (isDefinitionLine(prev)) brk = true;
      else if (first || l.y > prev.y + 1) {
        // New page or new column: continue a sentence cut by the break.
        brk =
          SENTENCE_END.test(para) ||
          !RUNS_ON.test(l.text) ||
          opensAfterTurn(l.size, prev.size, ctx.bodySize, paraNote) ||
          // A float's caption ends on its page: the text running on is the paragraph the float cut.
          (paraLines[0] !== undefined && opensFloatCaption(paraLines[0].text));
      } else {
        const dy = prev.y - l.y;
        // Body text: the gap over its own spacing where it is wider than the page's (sizeSpacing);
        // other sizes (a figure's drawn lines, verse at 14 pt on 14) keep the page's.
        const body = Math.abs(l.size - ctx.bodySize) <= 0.5;
        const own = body ? (bySize.get(Math.round(l.size * 2) / 2) ?? 0) : 0;
        // A smaller type set on the body's leading (an admonition's text) keeps to it (parskip.ts).
        const gap =
          dy > Math.max(spacing, own) * 1.4 + 0.5 &&
          !smallOnBodyLeading(dy, l.size, prev.size, ctx.bodySize, bodyLeading);
        note = opensFootnote(l.text, l.size, prev.size, ctx.bodySize);
        // A bibliography entry's further lines, hanging under its text right of its label.
        const entry = paraLines[0]!;
        const underCitation = hangsUnderCitation(entry.text, entry.x, l.x, l.size);
        const after = p.lines[i + 1];
        const underX = after && after.y < l.y && l.y - after.y <= spacing * 1.4 + 0.5 ? after.x : undefined;
        // The paragraph's own leading, where its lines show it (a ragged page's prose set wider
        // than its code): the step into `prev` and the step out of `l`, at least the page's.
        const into = paraLines.length >= 2 ? paraLines[paraLines.length - 2]!.y - prev.y : 0;
        const outOf = underX !== undefined ? l.y - after!.y : 0;
        const leading = Math.max(spacing, into <= dy ? into : 0, outOf <= dy ? outOf : 0);
        const indented =
          !underCitation &&
          l.x > prev.x + l.size * 0.8 &&
          prev.xEnd > right - l.size * 6 &&
          !hangsUnder(
            prev.pieces?.slice(1).map((p) => p.x),
            l.x,
            l.size,
          ) &&
          !(paraLines.length === 1 && hangsUnderLabel(prev.text, prev.x, l.x, l.size)) &&
          // A hanging entry's further lines (a bibliography's author-year entries), asked last.
          !hangsAfterFull(prev, l, underX);
        // The right edge of the column the two lines stand in, within the text block's (columnEdge).
        const px = prev.x;
        const py = prev.y;
        const lineEdge = () =>
          Math.min(
            textRight,
            columnEdge(p.lines, Math.min(l.x, px) - l.size, Math.max(l.x, px) + l.size, py, l.size * COLUMN_REACH),
          );
        // The fit rules (clean.ts): on a page of filled text, would this line's first word have fit
        // on the line above, up to the edge of their column? Then the text broke that line.
        // Centred lines (a title, an author list) are broken by hand: the rules say nothing of them.
        // Asked last: leftAcross scans the page's lines, the other tests are a few comparisons.
        let fitEdge: number | undefined;
        if (
          firstFit &&
          wordFitsAbove(prev.xEnd, textRight, l) &&
          setToMeasure([textRight], docRight, prev.size) &&
          !centredPair(prev, l, leftAcross(p.lines, (prev.x + prev.xEnd) / 2, prev.y, l.size * COLUMN_REACH))
        ) {
          const edge = lineEdge();
          if (wordFitsAbove(prev.xEnd, edge, l)) fitEdge = edge;
        }
        const shortEnd =
          (stopsShort(prev.xEnd, right, l.size) ||
            (SENTENCE_END.test(prev.text) &&
              fitEdge !== undefined &&
              setToMeasure(
                paraLines.map((x) => x.xEnd),
                fitEdge,
                prev.size,
              ))) &&
          (SENTENCE_END.test(prev.text) ||
            (opensWithTerm(l.text) && (opensWithTerm(prev.text) || /[)\]]$/.test(prev.text))) ||
            (opensWithTerm(prev.text) && !RUNS_ON.test(l.text))) &&
          (Math.abs(l.x - prev.x) < l.size * 2 || outdentedAfterSentence(SENTENCE_END.test(prev.text), prev.x, l.x));
        // After a short line the text broke, a line left of it starts a new block (clean.ts).
        const outdented = fitEdge !== undefined && outdentedAfterShort(prev, l, fitEdge);
        brk =
          gap ||
          note ||
          prev.ends === true ||
          titleOverText(paraLines, l, stopsShort(prev.xEnd, textRight, l.size), ctx.bodySize) ||
          indented ||
          shortEnd ||
          outdented ||
          opensWithBullet(l.text) ||
          partedAfterShort(
            prev,
            l,
            stopsShort(prev.xEnd, textRight, l.size) &&
              // The body's leading, the page's or else the document's; the edge of the lines' column.
              !filledShort(
                firstFit,
                prev,
                l,
                dy,
                body ? own || (docBySize.get(Math.round(l.size * 2) / 2) ?? 0) : 0,
                lineEdge,
              ),
            dy,
            leading,
            ctx.bodySize,
          ) ||
          nextCitation(entry.text, entry.x, l.text, l.x, l.size) ||
          (!l.mono && !entry.mono && nextNumberedEntry(entry.text, entry.x, l.text, l.x, l.size)) ||
          labelAfterShort(l.text, prev.xEnd, right, l.size) ||
          nextNumberedItem(entry.text, entry.x, l.text, l.x, l.size) ||
          leavesItem(paraLines[0]!.text, paraLines[0]!.x, prev.xEnd, textRight, l.x, l.size) ||
          // Back at the left of a hanging paragraph's first line: the next entry (hanging.ts).
          (turns.length === 0 &&
            paraPage === p.number &&
            opensAfterHang(paraLines, l, textRight, fitEdge !== undefined)) ||
          // A list's first entry, its tag set apart from its text, under the sentence that opens it.
          tagAfterSentence(prev, l, textRight) ||
          // Asked last, as the costliest: a first-line indent after a sentence's end, told by the
          // line after it (clean.ts); not a line hanging under the label of the line above (a
          // list item's second line).
          (indentedAfterSentence(SENTENCE_END.test(prev.text), prev.x, l.x, underX, l.size) &&
            !hangsUnder(
              prev.pieces?.slice(1).map((p) => p.x),
              l.x,
              l.size,
            ) &&
            !hangsUnderLabel(prev.text, prev.x, l.x, l.size) &&
            !underCitation &&
            !opensWithBullet(prev.text));
      }
      if (brk) {
        flush();
        paraNote = note;
        para = l.text;
        paraPage = p.number;
        paraKind = sameBlock || runsOn ? 'paragraph' : kind;
      } else {
        // A turn after the paragraph's letters and digits so far (counted only where it turns).
        if (p.number !== (turns.at(-1)?.page ?? paraPage)) {
          let after = 0;
          for (const x of paraLines) after += countAlnum(x.text);
          turns.push({ after, page: p.number });
        }
        para = breaksInType(para, l.text, prev!.monoEnd ?? prev!.mono, l.monoStart ?? l.mono)
          ? para + l.text
          : joinLines(para, l.text);
      }
      paraLines.push(l);
      paraMono = mono;
      prev = l;
      first = false;
    }
  }
  flush();
  if (navOf.size > 0) blocks = withoutNavigationTables(blocks, navOf);
  // A paragraph a page's footnotes cut, whole, the notes after it.
  blocks = notesAfterCutParagraphs(blocks, notes, marked, new Set(codeOf.keys()), captions);
  // The text a float page cut, before the float (footnotes.ts).
  blocks = textBeforeFloatPages(blocks, captions, new Set(codeOf.keys()));
  blocks = joinCode(blocks, codeOf, deck, wraps, codeTurns);
  blocks = joinWrappedDefinitions(blocks);
  // A row's cells are joined like its text (a line-end hyphen inside a wrapped cell).
  const cells = blocks.flatMap((b) => (b.cells ?? []).map((c) => c.text));
  const texts = resolveHyphens([...blocks.map((b) => b.text), ...cells]);
  let at = blocks.length;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    b.text = texts[i]!;
    if (b.cells) b.cells = b.cells.map((c) => ({ ...c, text: texts[at++]! }));
    if (deck && b.page !== undefined) b.slide = b.page;
  }
  return blocks;
}

/**
 * The blocks without the rows of navigation tables (listing.ts isNavigationTable: "Prev |
 * Chapter 3 | Next", a converted web page's header or footer bar as an office suite exports it
 * to a tagged PDF). A table is a run of consecutive rows; `navCells` counts each row's cells that
 * are navigation links.
 */
export function withoutNavigationTables(
  blocks: DocumentBlock[],
  navCells: ReadonlyMap<DocumentBlock, number>,
): DocumentBlock[] {
  const drop = new Set<DocumentBlock>();
  for (let i = 0; i < blocks.length; ) {
    if (blocks[i]!.kind !== 'row') {
      i++;
      continue;
    }
    let j = i;
    while (j < blocks.length && blocks[j]!.kind === 'row') j++;
    const run = blocks.slice(i, j);
    const rows = run.map((b) => ({
      ...b,
      inPageLinkChars: 0,
      linkChars: 0,
      links: navCells.get(b) ?? 0,
      navCells: navCells.get(b) ?? 0,
    }));
    if (isNavigationTable(rows)) for (const b of run) drop.add(b);
    i = j;
  }
  return drop.size === 0 ? blocks : blocks.filter((b) => !drop.has(b));
}

/** A line as a line of code (code.ts), or undefined when it is not set in a monospaced font. */
function codeLine(l: TextLine, page: number, edges: TextEdges = {}, sideLeft?: number): CodeLine | undefined {
  if (!l.mono || !l.set || l.set.text.length === 0) return undefined;
  // The page's own left edge can be a figure's (its labels lined up): the side's too.
  if (inLeftMargin(l, Math.min(edges.left ?? Infinity, sideLeft ?? Infinity))) return undefined;
  const code: CodeLine = { text: l.set.text, x: l.set.x, advance: l.set.advance, y: l.y, page, xEnd: l.xEnd, ...edges };
  if (l.set.size !== undefined) code.size = l.set.size;
  if (sideLeft !== undefined) code.sideLeft = sideLeft;
  if (l.tag) code.block = l.tag.block;
  return code;
}

/**
 * Consecutive paragraphs of one code line each (`codeOf`) become one code block (codeRuns): its
 * lines as set, with their indentation, its page turns where its lines go on onto a later page.
 */
function joinCode(
  blocks: DocumentBlock[],
  codeOf: Map<DocumentBlock, CodeLine>,
  deck: boolean,
  wraps = true,
  codeTurns: ReadonlySet<number> = new Set(),
): DocumentBlock[] {
  if (codeOf.size < 2) return blocks;
  const lineOf = blocks.map((b) => codeOf.get(b));
  // A block broken by a page turn whose continuation marks went stays two blocks there (continuations.ts).
  const runs = splitRunsAtTurns(codeRuns(lineOf, deck), (i) => lineOf[i]?.page ?? -1, codeTurns);
  if (runs.length === 0) return blocks;
  const out: DocumentBlock[] = [];
  let at = 0;
  for (const [start, end] of runs) {
    out.push(...blocks.slice(at, start));
    const code = blocks.slice(start, end).map((b) => codeOf.get(b)!);
    const lines = codeBlockLines(code, wraps);
    const turns: PageTurn[] = [];
    let alnum = 0;
    for (const c of code) {
      if (c.page !== (turns.at(-1)?.page ?? code[0]!.page)) turns.push({ after: alnum, page: c.page });
      alnum += countAlnum(c.text);
    }
    const block: DocumentBlock = { kind: 'code', text: lines.join('\n'), lines, page: code[0]!.page };
    if (turns.length > 0) block.pageTurns = turns;
    out.push(block);
    at = end;
  }
  out.push(...blocks.slice(at));
  return out;
}

/**
 * A page's headings: its heading tags in a tagged document whose tree has any, else the heading
 * rules (findHeadings), which never take a tagged list item or table row for a heading.
 */
function pageHeadings(lines: TextLine[], ctx: HeadingContext, taggedHeadings: boolean): HeadingSpan[] {
  if (taggedHeadings) {
    const out: HeadingSpan[] = [];
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.tag?.kind === 'heading') out.push({ start: i, end: i + 1, text: l.text });
      else if (!l.tag) {
        // Untagged text on a tagged page (no artifact, no element) keeps the heading rules.
        const h = findHeadings([l], ctx)[0];
        if (h) out.push({ start: i, end: i + 1, text: h.text, ...(h.rest === undefined ? {} : { rest: h.rest }) });
      }
    }
    return out;
  }
  return findHeadings(lines, ctx).filter((h) => {
    for (let i = h.start; i < h.end; i++) if (lines[i]!.tag && lines[i]!.tag!.kind !== 'paragraph') return false;
    return true;
  });
}

/** Typical distance between consecutive baselines on the page (the most common one). */
/**
 * The page's line spacing: the most common step between consecutive lines. A step shorter than
 * the larger of its two lines' sizes does not vote: lines that close overlap, so they are no two
 * lines of text but pieces of one (a displayed formula's limits, sub- and superscripts, brackets
 * set as lines of their own), which on a page of mathematics outnumber the text's steps and made
 * every line of a paragraph a paragraph. Where no step is that long, every step votes.
 */
export function lineSpacing(lines: readonly Pick<TextLine, 'y' | 'size'>[]): number {
  const vote = (all: boolean): Map<number, number> => {
    const counts = new Map<number, number>();
    for (let i = 1; i < lines.length; i++) {
      const step = lines[i - 1]!.y - lines[i]!.y;
      if (!all && step < Math.max(lines[i - 1]!.size, lines[i]!.size) * OVERLAP) continue;
      const dy = Math.round(step * 2) / 2;
      if (dy > 0 && dy < lines[i]!.size * 3) counts.set(dy, (counts.get(dy) ?? 0) + 1);
    }
    return counts;
  };
  let counts = vote(false);
  if (counts.size === 0) counts = vote(true);
  const best = mostVoted(counts) ?? 12;
  // On a page of one-line paragraphs the most common step is the paragraph skip (parskip.ts).
  return leadingUnderSkip(counts, best);
}

/**
 * The line spacing of each type size of a page near `near` (sizes to the half point, those within
 * half a point of it before rounding: the body size's), where its own lines say it: the most
 * common step between two consecutive lines of that size (at least 3 such steps;
 * leadingUnderSkip as lineSpacing). A page's spacing is its most common step, which a listing in
 * smaller, tighter type sets when it has more lines than the prose: an office suite's 12 pt prose
 * at 16.5 pt (18.1 under a line holding an inline code word, whose font is taller) under a 10 pt
 * listing's 11.5 pt read every prose line as a paragraph of its own. Other sizes are not voted:
 * a figure's drawn lines or verse keep the page's spacing.
 */
export function sizeSpacing(lines: readonly Pick<TextLine, 'y' | 'size'>[], near: number): Map<number, number> {
  const votes = new Map<number, Map<number, number>>();
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    const size = Math.round(b.size * 2) / 2;
    if (Math.abs(size - near) > 0.75 || Math.round(a.size * 2) / 2 !== size) continue;
    const step = a.y - b.y;
    if (step < size * OVERLAP || step >= size * 3) continue;
    const dy = Math.round(step * 2) / 2;
    let counts = votes.get(size);
    if (!counts) votes.set(size, (counts = new Map<number, number>()));
    counts.set(dy, (counts.get(dy) ?? 0) + 1);
  }
  const out = new Map<number, number>();
  for (const [size, counts] of votes) {
    let all = 0;
    for (const n of counts.values()) all += n;
    if (all >= 3) out.set(size, leadingUnderSkip(counts, mostVoted(counts)!));
  }
  return out;
}

/** The step with the most votes, the smaller of two with as many; undefined without a vote. */
function mostVoted(counts: ReadonlyMap<number, number>): number | undefined {
  let best: number | undefined;
  let bn = 0;
  for (const [k, n] of counts) if (n > bn || (n === bn && k < best!)) [best, bn] = [k, n];
  return best;
}

/** A step below this share of its lines' size sets them overlapping: pieces of one line. */
const OVERLAP = 0.9;

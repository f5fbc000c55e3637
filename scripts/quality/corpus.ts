// npm run quality -- --corpus [--only id,id] [--out file.json]
// npm run quality -- --corpus --reuse-chunks   (measures the chunks saved by an earlier run instead of
//   running the service again: for work on the measures themselves)
// npm run quality -- --corpus --table [file.json]   (the table of an earlier run, default CORPUS_DIR/quality.json)
// npm run quality -- --corpus --gate            (then fails when a document is under its floors, scripts/quality/floors.json)
// npm run quality -- --corpus --record-floors   (then writes the run's figures as the floors)
// (--gate and --record-floors also apply to --table's results.)
// Runs the service's chunking (the functions scripts/quality.ts calls: extractPdf + splitIntoChunks
// for PDFs, detectFormat + documentBlocks + splitIntoChunks for the others) over every document of
// the corpus manifest (npm run corpus), measures the chunks against independent references with
// scripts/quality/measures.ts, prints one line per document and writes the results as JSON
// (default CORPUS_DIR/quality.json) and each document's chunks (CORPUS_DIR/chunks/ID.json).
// References: pdftotext's reading (and, for order only, its words read column-aware:
// column-reading.ts) and pdf.js's outline for PDFs (and pdf.js's raw content-stream order, the floor); pandoc -t plain (and, for order only, the same with its tables read row by row:
// pandoc-structure.ts rowReading) and pandoc's headings, code blocks and tables for the others; a
// plain text file is its own reference (text-reference.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { extractPdf } from '../../src/documents/formats/pdf/extract.ts';
import { getDocument, VerbosityLevel, version as pdfjsVersion } from '../../src/documents/formats/pdf/pdfjs.ts';
import { splitIntoChunks } from '../../src/documents/chunker.ts';
import { DEFAULT_OCR, type OcrOptions } from '../../src/documents/ocr/options.ts';
import { detectFormat } from '../../src/documents/detect.ts';
import { documentBlocks, toChunkBlocks } from '../../src/documents/chunk-document.ts';
import type { Chunk } from '../../src/documents/types.ts';
import { corpusDir, readManifest, type ManifestEntry } from '../corpus/build.ts';
import { type Floors, gateViolations, recordFloors } from './gate.ts';
import { withoutSidebar } from './sidebar.ts';
import {
  type BoxWord,
  columnReading,
  parseBbox,
  sideRegionReadings,
  stackedReadings,
  touchingWordsJoined,
  uprightWords,
} from './column-reading.ts';
import { faceHeadings } from './face-headings.ts';
import { allContentShown } from './optional-content.ts';
import { notesAfterTextPieces, notesAfterTextReading, type ReadingPiece } from './footnote-reading.ts';
import { runPandoc } from './pandoc-run.ts';
import { textReference } from './text-reference.ts';
import {
  pdfCodeReference,
  pdfMonoLines,
  respaced,
  type XmlFragment,
  withoutTitleParts,
  xmlFragments,
} from './pdf-code.ts';
import { isDrawingFont } from '../../src/documents/formats/pdf/drawing-fonts.ts';
import { type PageScore, pageNumbersRight, withFirstPageWhole } from './pages.ts';
import {
  pandocStructure,
  rowReading,
  withoutChrome,
  withoutImages,
  withoutListings,
  type Structure,
} from './pandoc-structure.ts';
import {
  buildReference,
  chunkEnds,
  codeKept,
  missedCode,
  disorderRuns,
  gluedWords,
  historyEntryEnds,
  proseBreaks,
  hyphenLeftovers,
  listingLines,
  lostRuns,
  midWordCuts,
  overlayRepeats,
  printedCode,
  printedCounts,
  readingOrder,
  sectionLabels,
  SLIDE_EDGE_LINES,
  slideLabels,
  slideLengths,
  slideMixes,
  slideReading,
  withoutRunningLines,
  joinedTexLogo,
  closingQuoteYs,
  sizesInRange,
  words,
  type CodeScore,
  type EndKind,
  type LabelScore,
  type OrderScore,
  type RowScore,
  type SlideScore,
  tableRowsIntact,
  unreadableReading,
  type PageFonts,
  withoutDrawingGlyphs,
  boxesWithoutDrawingGlyphs,
  figurePageReadings,
  chartLabelReadings,
  scriptCounts,
  wordsAsRead,
  headRows,
  withoutHeadRows,
} from './measures.ts';
import { type Question, type RetrievalScore, retrieval } from './retrieval.ts';
import { missingWords, wordRecall } from './ocr-recall.ts';

export interface DocumentResult {
  id: string;
  class: string;
  format: string;
  lang: string;
  pages?: number;
  chunks: number;
  /**
   * Reading order and coverage of the service's chunks against the reference reading; absent when
   * the document has no usable reference (`noReference` says why).
   */
  service?: OrderScore;
  /** The same for pdf.js's raw content-stream order (PDFs): the floor. */
  raw?: OrderScore;
  /**
   * Why order and coverage are not measured: the reference reading is noise (measures.ts
   * unreadableReading: a PDF whose fonts map to no Unicode, fepslatex).
   */
  noReference?: string;
  listingLines: number;
  gluedPer1000: number;
  hyphenLeftovers: number;
  /** Line breaks left inside a sentence of prose (measures.ts proseBreaks). Older results lack it. */
  proseBreaks?: number;
  midWordCuts: number;
  inRange: number;
  /**
   * % of chunks but the last ending cleanly (measures.ts chunkEnds): a sentence, or a block the
   * reference confirms (a section, a code block, a whole table row or list item, a slide). Gated.
   */
  sentenceEnds: number;
  /** % of chunks but the last ending with `. ! ? : ;` (the figure before block ends were seen). */
  sentenceEndsStrict?: number;
  /** How the chunks end (measures.ts EndKind): counts. */
  endKinds?: Partial<Record<EndKind, number>>;
  labels: LabelScore;
  /** Headings of the reference (PDF outline entries, pandoc headings). */
  referenceHeadings: number;
  code?: CodeScore;
  rows?: RowScore;
  /**
   * Slide decks (DECK_CLASSES): chunks that mix two slides each of which could stand alone, and
   * overlay text read more than once (measures.ts slideMixes, overlayRepeats).
   */
  slides?: SlideScore;
  /** Questions of scripts/quality/questions.json whose answer's chunk BM25 ranks in the top 5. */
  retrieval?: RetrievalScore;
  /**
   * Born-digital PDFs: chunks whose pageStart and pageEnd are the pages pdftotext finds their
   * first and last words on (pages.ts), of those whose words it finds.
   */
  pageNumbers?: PageScore;
  /**
   * Scanned and mixed PDFs (convert 'scan'): pages read with OCR, and the share (%) of the words of
   * the service's reading of the born-digital pages (referenceFile) that the chunks have.
   */
  ocr?: { pages: number; words: number; missing: string[] };
  seconds: number;
  examples: {
    listing: string[];
    glued: string[];
    hyphens: string[];
    proseBreaks?: string[];
    unmatchedLabels: string[];
    badEnds?: string[];
    /** The ten longest runs of the chunks' 4-grams out of order (disorderRuns), with their context. */
    disorder?: string[];
  };
  error?: string;
}

function pdftotext(file: string): string {
  try {
    // The LaTeX logo a footnote's small type breaks over three lines, and the CS fonts' closing
    // quote, read as printed (joinedTexLogo, closingQuoteYs).
    return closingQuoteYs(
      joinedTexLogo(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 1 << 30 }).toString('utf8')),
    );
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT')
      throw new Error('pdftotext is missing: apt-get install poppler-utils');
    throw err;
  }
}

/** pdftohtml's fragments of a PDF, each with its font: its code blocks (pdfCodeBlocks: monospaced lines, 2 or more together), its drawing fonts (pageFonts). */
function pdfFragments(file: string, words: readonly BoxWord[][]): XmlFragment[] {
  const xml = execFileSync('pdftohtml', ['-xml', '-i', '-q', '-stdout', file], {
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).toString('utf8');
  // Typewriter runs whose blanks pdftohtml folded, parted at pdftotext's words (respaced).
  return respaced(xmlFragments(xml), words);
}

/** Each page's text by font kind, drawing fonts apart (withoutDrawingGlyphs); index 0 is page 1. */
function pageFonts(fragments: readonly XmlFragment[]): PageFonts[] {
  const out: PageFonts[] = [];
  for (const f of fragments) {
    const p = (out[f.page - 1] ??= { drawing: [], text: [] });
    (isDrawingFont(f.family) ? p.drawing : p.text).push(f.text);
  }
  return out;
}

/** pdftotext -layout's reading: a table's rows one a line, cells parted by blanks (the chunk-end measure's rows). */
function pdftotextLayout(file: string): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).toString('utf8');
}

/** pdftotext's words with their boxes, each page's (index 0 is page 1). */
function pdftotextWords(file: string): BoxWord[][] {
  // pdftotext -bbox says "no word list" on stderr for each page without text: not an error.
  const xhtml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], {
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).toString('utf8');
  return parseBbox(xhtml);
}

/** pdftotext's words read column-aware (scripts/quality/column-reading.ts). */
function pdftotextColumns(pages: BoxWord[][], rows = columnReading(pages)): string[] {
  // Tables read row by row, and read a cell whole after the other (a wrapped cell centred on its row);
  // each formula read stack by stack (a fraction's numerator, then its denominator).
  // Blocks side by side on a one-column page read block by block (a LaTeX example beside its output).
  // The same reading with an index set on from its base one word, as pdftotext's text spells it (touchingWordsJoined).
  const joined = pages.map(touchingWordsJoined);
  return [
    rows,
    columnReading(pages, true),
    columnReading(joined),
    // The last rows of a run read row by row read by their columns where they are columns of their
    // own (columnTail: a change history's two columns under a full-width listing).
    columnReading(pages, false, true),
    ...pages.flatMap((p) => stackedReadings(uprightWords(p))),
    ...pages.flatMap((p) => sideRegionReadings(uprightWords(p))),
    // Each page's footnotes after the text they interrupt: a sentence the page turn cut read whole;
    // on a page of two columns, its last column's notes only (the first column's stay under it).
    notesAfterTextReading(pages),
    notesAfterTextReading(pages, true),
  ].filter((r, i, all) => r.length > 0 && all.indexOf(r) === i);
}

/** The version line of a reference tool ("pdftotext version 22.12.0"), or why there is none. */
function toolVersion(cmd: string, args: string[]): string {
  try {
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.error) return `${cmd}: ${r.error.message}`;
    return `${r.stdout}\n${r.stderr}`.split('\n').find((l) => l.trim().length > 0) ?? `${cmd}: no version`;
  } catch (err) {
    return `${cmd}: ${(err as Error).message}`;
  }
}

/** The tools the references come from, written beside the results: figures are comparable only under the same ones. */
export function referenceTools(): Record<string, string> {
  return {
    pdftotext: toolVersion('pdftotext', ['-v']),
    pandoc: toolVersion('pandoc', ['--version']),
    'pdfjs-dist': pdfjsVersion,
  };
}

function pandocJson(file: string): { blocks: unknown[] } {
  return JSON.parse(runPandoc(['-t', 'json'], file)) as {
    blocks: unknown[];
  };
}

/** pandoc's plain reading of a document given as pandoc JSON (what `pandoc -t plain --wrap=none` gives). */
function plainOfJson(doc: { blocks: unknown[] }): string {
  return execFileSync('pandoc', ['-f', 'json', '-t', 'plain', '--wrap=none'], {
    input: JSON.stringify(doc),
    maxBuffer: 1 << 30,
  }).toString('utf8');
}

interface OutlineNode {
  title: string;
  items?: OutlineNode[];
}

/**
 * pdf.js's raw reading (getTextContent items in content-stream order, no layout; pages apart at a
 * form feed) and outline titles.
 */
export async function pdfjsRawAndOutline(
  data: Uint8Array,
): Promise<{ raw: string; outline: string[]; hidden: boolean }> {
  const task = getDocument({
    data,
    verbosity: VerbosityLevel.ERRORS,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    useWorkerFetch: false,
    maxImageSize: 0,
  });
  const doc = await task.promise;
  try {
    const parts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const tc = await page.getTextContent();
      for (const it of tc.items) if ('str' in it) parts.push(it.str + (it.hasEOL ? '\n' : ''));
      // Pages apart as pdftotext sets them (a form feed: no word), so that a deck's raw reading
      // can be taken without its footlines (withoutRunningLines).
      parts.push('\n\f');
      page.cleanup();
    }
    const outline: string[] = [];
    const walk = (items: OutlineNode[] | null | undefined) => {
      for (const i of items ?? []) {
        outline.push(i.title);
        walk(i.items);
      }
    };
    walk(await doc.getOutline());
    // Optional content the default view hides (optional-content.ts): its reference is read from a copy that shows it.
    const config = await doc.getOptionalContentConfig().catch(() => undefined);
    const hidden = config !== undefined && [...config].some(([, group]) => !(group as { visible: boolean }).visible);
    return { raw: parts.join(''), outline, hidden };
  } finally {
    await task.destroy();
  }
}

export const QUESTIONS_FILE = new URL('./questions.json', import.meta.url);

/** The retrieval questions of every document (scripts/quality/questions.json), read once. */
let questionsCache: Record<string, Question[]> | undefined;
function questionsOf(id: string): Question[] {
  questionsCache ??= (JSON.parse(readFileSync(QUESTIONS_FILE, 'utf8')) as { documents: Record<string, Question[]> })
    .documents;
  return questionsCache[id] ?? [];
}

/**
 * OCR as the service does it, with its pages spread over one engine per core (the text of a
 * one-engine read, sooner) and no time bound: on a loaded machine a 300 dpi scan can take longer
 * than OCR_TIMEOUT_MS, which guards the service, not the figures.
 */
// Every page a corpus document has is read: the service's page limit (OCR_MAX_PAGES) guards its
// callers, while a corpus run measures the reading (fepslatex: 145 pages in bitmap fonts, OCR'd).
const CORPUS_OCR: OcrOptions = {
  ...DEFAULT_OCR,
  engines: availableParallelism(),
  maxPages: 1000,
  timeoutMs: 24 * 3_600_000,
};

const perMille = (n: number, d: number) => Math.round((n / Math.max(1, d)) * 10000) / 10;

/**
 * The classes whose documents are slide decks (scripts/corpus/sources.json): what a document is,
 * as the corpus records it, decides how it is judged; the service tells decks by their pages.
 */
export const DECK_CLASSES: ReadonlySet<string> = new Set(['beamer', 'office-slides-pdf', 'office-pptx', 'office-odp']);

/**
 * Characters of each slide (index = slide - 1) as the service's blocks of a presentation hold them
 * (a presentation's blocks carry their slide as their page).
 */
export function blockSlideLengths(blocks: readonly { text: string; page?: number }[]): number[] {
  const out: number[] = [];
  for (const b of blocks) {
    if (b.page === undefined) continue;
    const n = [...b.text.replace(/\s+/g, ' ').trim()].length;
    if (n === 0) continue;
    const i = b.page - 1;
    while (out.length <= i) out.push(0);
    out[i] = out[i]! + (out[i]! > 0 ? 1 : 0) + n;
  }
  return out;
}

export async function measureDocument(
  e: ManifestEntry,
  dir: string,
  reuseChunks = false,
): Promise<{ result: DocumentResult; chunks: Chunk[] }> {
  const t0 = Date.now();
  const file = join(dir, e.file);
  const bytes = new Uint8Array(readFileSync(file));
  let chunks: Chunk[];
  let refText: string;
  /**
   * A second reading of the reference (order only): a PDF's column-aware one, table rows kept
   * together; a pandoc reference's tables read row by row, a cell whole after the other.
   */
  let columnText: string | string[] | undefined;
  let rawText: string | undefined;
  // pdf.js's raw reading of a PDF: the compounds it draws inside a line (hyphenLeftovers).
  let drawn: string | undefined;
  let structure: Structure;
  const saved = join(dir, 'chunks', `${e.id}.json`);
  const reuse = reuseChunks && existsSync(saved) ? (JSON.parse(readFileSync(saved, 'utf8')) as Chunk[]) : undefined;
  let ocr: DocumentResult['ocr'];
  const deck = DECK_CLASSES.has(e.class);
  // A deck's own paged reading (pdftotext's, a page per slide), when it is a PDF; and whether the
  // reference is that reading (a beamer deck), not a source's (an office oracle deck).
  let deckPages: string | undefined;
  let pagedReference = false;
  let slides: SlideScore | undefined;
  // A born-digital PDF's physical pages as pdftotext reads them, running heads and page numbers
  // aside, so that a chunk's first words read over a page break are found (the page-number measure).
  let pdfPages: string[] | undefined;
  // The pages read with each page's notes after the paragraph the page turn cut, each piece with
  // its page (footnote-reading.ts): pageNumbersRight's reading of a chunk that reads them so.
  let notePieces: ReadingPiece[] | undefined;
  // A born-digital PDF's column-aware reading, table rows kept together, pages at form feeds
  // (pageNumbersRight's reading with head rows out: a run through a table at a page's edge).
  let columnPages: string | undefined;
  // The same pages with every line (running lines kept): pageNumbersRight's second reading.
  let pdfRawPages: string[] | undefined;
  // A born-digital PDF's layout reading (pdftotext -layout): its heads in parts, its table rows (chunkEnds).
  let layout: string | undefined;
  // A born-digital PDF's lines set wholly in typewriter, alone or in blocks (proseBreaks leaves them out).
  let monoLines: string[] = [];
  // A PDF without outline: the lines its fonts set as headings judge its labels (face-headings.ts).
  let faceHeads: string[] = [];
  if (e.format === 'pdf') {
    // extractPdf hands its bytes to pdf.js, which detaches them: each reader gets its own copy.
    let ocrPages = 0;
    if (reuse) chunks = reuse;
    else {
      const extracted = await extractPdf(new Uint8Array(readFileSync(file)), { ocr: CORPUS_OCR });
      ocrPages = extracted.ocr.pages;
      chunks = splitIntoChunks(toChunkBlocks(extracted.blocks));
    }
    const r = await pdfjsRawAndOutline(new Uint8Array(readFileSync(file)));
    // The file the reference tools read: a copy that shows optional content hidden by default, if any.
    let shown = file;
    if (e.referenceFile?.endsWith('.pdf')) {
      // A scanned or mixed PDF is judged against the born-digital pages it was made from: pdftotext's
      // reading for order and coverage, and the service's own reading of them for OCR's word recall
      // (furniture and listings left out alike, so only what OCR lost counts).
      const reference = join(dir, e.referenceFile);
      const words = pdftotextWords(reference);
      const fragments = pdfFragments(reference, words);
      const fonts = pageFonts(fragments);
      refText = withoutDrawingGlyphs(pdftotext(reference), fonts);
      columnText = pdftotextColumns(boxesWithoutDrawingGlyphs(words, fonts));
      const digital = await extractPdf(new Uint8Array(readFileSync(reference)), { ocr: CORPUS_OCR });
      const digitalText = splitIntoChunks(toChunkBlocks(digital.blocks))
        .map((c) => c.content)
        .join('\n');
      const text = chunks.map((c) => c.content).join('\n');
      ocr = {
        pages: ocrPages,
        words: Math.round(wordRecall(digitalText, text) * 1000) / 10,
        missing: missingWords(digitalText, text)
          .slice(0, 20)
          .map(([w, n]) => (n > 1 ? `${w} x${n}` : w)),
      };
      const headings = (await pdfjsRawAndOutline(new Uint8Array(readFileSync(reference)))).outline;
      const pdfCode = pdfCodeReference(fragments);
      structure = {
        headings,
        code: withoutTitleParts(pdfCode.code, headings),
        codeApart: pdfCode.codeApart,
        marginNames: pdfCode.marginNames,
        rows: [],
      };
      monoLines = pdfMonoLines(fragments);
    } else if (e.referenceFile) {
      // An office oracle PDF is judged against the source it was converted from.
      const paged = pdftotext(file);
      pdfPages = withFirstPageWhole(withoutRunningLines(paged).split('\f'), paged);
      pdfRawPages = paged.split('\f');
      const json = pandocJson(join(dir, e.referenceFile));
      // The page's own file name: its links "PAGE#anchor" are in-page (a DocBook contents list).
      const self = basename(e.path).replace(/\.gz$/, '');
      // The PDF prints the source's images as pictures: their alternative text is no text of its pages.
      const reading = withoutImages(withoutListings(withoutChrome(json), self));
      refText = plainOfJson(reading);
      columnText = plainOfJson(rowReading(reading));
      structure = pandocStructure(json, self);
      // A deck's code as its slides print it: a listing cut at a slide's foot (printedCode).
      if (deck) structure.code = printedCode(structure.code, paged);
    } else {
      // The page's figures drawn with glyphs (xy-pic, the picture environment) are no text (withoutDrawingGlyphs).
      // Optional content hidden by default is read as a print shows it (optional-content.ts).
      shown = r.hidden ? allContentShown(file) : file;
      const words = pdftotextWords(shown);
      const fragments = pdfFragments(shown, words);
      const fonts = pageFonts(fragments);
      refText = withoutDrawingGlyphs(pdftotext(shown), fonts);
      // A deck's navigation sidebar is furniture (sidebar.ts), as its footline is.
      if (deck) refText = withoutSidebar(refText, fragments);
      pdfPages = withFirstPageWhole(withoutRunningLines(refText).split('\f'), refText);
      pdfRawPages = refText.split('\f');
      // The column-aware readings see the page the first reading sees: a figure's strokes left out.
      const boxes = boxesWithoutDrawingGlyphs(words, fonts);
      columnPages = columnReading(boxes);
      columnText = [
        ...pdftotextColumns(boxes, columnPages),
        // A figure drawn with glyphs read in the order its page draws its labels (figurePageReadings).
        ...figurePageReadings(fonts),
        // A chart's labels read in the order its page draws them, axis after axis (chartLabelReadings).
        ...chartLabelReadings(r.raw),
      ];
      notePieces = notesAfterTextPieces(words);
      layout = pdftotextLayout(shown);
      const pdfCode = pdfCodeReference(fragments);
      structure = {
        headings: r.outline,
        code: withoutTitleParts(pdfCode.code, r.outline),
        codeApart: pdfCode.codeApart,
        marginNames: pdfCode.marginNames,
        rows: [],
      };
      monoLines = pdfMonoLines(fragments);
      if (r.outline.length === 0) faceHeads = faceHeadings(fragments);
      if (deck) {
        deckPages = refText;
        pagedReference = true;
      }
    }
    // A deck's raw reading is judged without its footlines too: the same text as the chunks'
    // (on a beamer deck a three-box footline is a fifth of the words, and always "in order").
    rawText = pagedReference ? withoutRunningLines(r.raw, SLIDE_EDGE_LINES, true) : r.raw;
    if (deck) {
      deckPages ??= pdftotext(shown);
      const pages = slideReading(deckPages);
      slides = {
        slides: pages.filter((p) => /[\p{L}\p{N}]/u.test(p)).length,
        mixes: slideMixes(chunks, slideLengths(pages)),
        repeats: overlayRepeats(chunks, deckPages),
      };
    }
    drawn = r.raw;
  } else {
    const format = detectFormat(bytes);
    if (format === null || format === 'pdf') throw new Error(`detected as ${format ?? 'no accepted format'}`);
    const blocks = reuse && !deck ? [] : await documentBlocks(format, bytes);
    chunks = reuse ?? splitIntoChunks(blocks);
    const reference = e.referenceFile ? join(dir, e.referenceFile) : file;
    if (format === 'text' && !e.referenceFile) {
      // Plain text is its own reference (text-reference.ts): pandoc would read it as Markdown.
      const text = textReference(readFileSync(reference, 'utf8'));
      refText = text.text;
      structure = { headings: text.headings, code: text.code, rows: text.rows };
    } else {
      const json = pandocJson(reference);
      // The reference reading without the page's chrome (navigation, sidebars, footers) and its
      // listings (contents, indexes, navigation bars), which the service leaves out by design.
      // The page's own file name: its links "PAGE#anchor" are in-page (a DocBook contents list).
      const self = basename(e.path).replace(/\.gz$/, '');
      const reading = withoutListings(withoutChrome(json), self);
      refText = plainOfJson(reading);
      // Tables read row by row, a cell whole after the other, count for order too (rowReading).
      columnText = plainOfJson(rowReading(reading));
      structure = pandocStructure(json, self);
    }
    if (deck) {
      // A presentation's slides are the service's own (its blocks' slide numbers). It has no
      // overlay steps (a build animates one slide): its source reading has no pages to repeat.
      const lengths = blockSlideLengths(blocks);
      slides = {
        slides: lengths.filter((n) => n > 0).length,
        mixes: slideMixes(chunks, lengths),
        repeats: overlayRepeats(chunks, refText),
      };
    }
  }
  const ref = buildReference(refText, {
    deck: pagedReference,
    ...(columnText === undefined ? {} : { alternative: columnText }),
    // A head in parts over two pages only (groff mom's recto and verso heads) is furniture (twoPartHeads).
    ...(layout === undefined ? {} : { layout }),
    ...(drawn === undefined ? {} : { drawn }),
  });
  // An office PDF covers what its pages print of the source it was converted from (printedCounts).
  if (e.format === 'pdf' && e.referenceFile && !e.referenceFile.endsWith('.pdf') && pdfRawPages)
    ref.counts = printedCounts(ref.counts, pdfRawPages.join('\n'));
  // pdf.js's raw order, the floor, is measured against the same reference as the chunks.
  // A reference that is noise, not text (fonts without a Unicode map), judges no order or coverage.
  const noReference =
    e.format === 'pdf' && !e.referenceFile && unreadableReading(refText)
      ? 'pdftotext reads noise: the fonts map their codes to no Unicode (order and coverage not measured)'
      : undefined;
  const raw = rawText === undefined || noReference ? undefined : readingOrder([rawText], ref);

  if (process.env.QUALITY_DEBUG && !noReference)
    for (const r of lostRuns(
      chunks.map((c) => c.content),
      ref,
    ))
      console.error(`${e.id}: lost ${r.words} words: ${r.text.slice(0, 300)}`);
  if (process.env.QUALITY_DEBUG_MISSING && !noReference) {
    const have = new Map<string, number>();
    for (const c of chunks)
      for (const [w, n] of scriptCounts(wordsAsRead(c.content, ref), ref.vocab)) have.set(w, (have.get(w) ?? 0) + n);
    const miss: string[] = [];
    for (const [w, n] of ref.counts) if ((have.get(w) ?? 0) < n) miss.push(`${w} x${n - (have.get(w) ?? 0)}`);
    console.error(`${e.id}: missing ${miss.join('  ')}`);
  }
  const disorder = noReference
    ? []
    : disorderRuns(
        chunks.map((c) => c.content),
        ref,
      );
  if (process.env.QUALITY_DEBUG)
    for (const r of disorder) console.error(`${e.id}: out of order ${r.grams} 4-grams: ${r.text.slice(0, 300)}`);
  if (process.env.QUALITY_DEBUG && !noReference)
    chunks.forEach((c, i) => {
      const o = readingOrder([c.content], ref);
      if (o.grams > 0 && o.order < 95)
        console.error(`${e.id}: chunk ${i} (p. ${c.pageStart}) order ${o.order} of ${o.grams} 4-grams`);
    });
  // Words the PDF's own pages print (an office PDF is judged against its source: what the PDF
  // prints besides, a web page's sidebar, is not in the reference's words).
  const glued = gluedWords(chunks, ref, pdfPages ? new Set(words(pdfPages.join('\n'))) : undefined);
  const hyphens = hyphenLeftovers(chunks, ref);
  const listing = listingLines(chunks);
  const breaks = proseBreaks(
    chunks,
    [...structure.code, ...monoLines],
    structure.headings,
    e.format === 'pdf' ? historyEntryEnds(refText) : [],
  );
  // A deck read against its own pages: each chunk's label against the title of the slide it starts on.
  const slidePages =
    pagedReference && deckPages ? withoutRunningLines(deckPages, SLIDE_EDGE_LINES, true).split('\f') : undefined;
  const labels = slidePages
    ? slideLabels(chunks, slidePages, structure.headings)
    : sectionLabels(chunks, structure.headings, faceHeads);
  const ends = chunkEnds(chunks, {
    ...structure,
    slides: e.tags.includes('slides'),
    ...(e.format === 'pdf' ? { layout: layout ?? pdftotextLayout(file) } : {}),
  });
  if (process.env.QUALITY_DEBUG) for (const b of ends.bad) console.error(`${e.id}: unclean end ${b}`);
  if (process.env.QUALITY_DEBUG)
    for (const m of missedCode(chunks, structure.code, 1200, structure.codeApart, structure.marginNames))
      console.error(
        `${e.id}: code not kept (chunk ${m.chunk}, ${m.lacking.length} lines lacking):\n${m.block}\n--- lacking:\n${m.lacking.join('\n')}\n--- chunk:\n${m.chunk >= 0 ? chunks[m.chunk]!.content : ''}\n===`,
      );
  // Each page's head and foot rows (headRows), as the layout reading shows them.
  const pageRows = layout === undefined ? undefined : headRows(layout);
  const questions = questionsOf(e.id);
  const tokens = chunks.reduce((n, c) => n + words(c.content).length, 0);
  const result: DocumentResult = {
    id: e.id,
    class: e.class,
    format: e.format,
    lang: e.lang,
    ...(e.pages !== undefined ? { pages: e.pages } : {}),
    chunks: chunks.length,
    ...(noReference
      ? { noReference }
      : {
          service: readingOrder(
            chunks.map((c) => c.content),
            ref,
          ),
        }),
    ...(raw ? { raw } : {}),
    listingLines: listing.length,
    gluedPer1000: perMille(glued.length, tokens),
    hyphenLeftovers: hyphens.length,
    proseBreaks: breaks.length,
    midWordCuts: midWordCuts(chunks, ref),
    inRange: sizesInRange(chunks),
    sentenceEnds: ends.clean,
    sentenceEndsStrict: ends.strict,
    endKinds: ends.kinds,
    labels: { ...labels, unmatched: labels.unmatched.slice(0, 20) },
    referenceHeadings: slidePages ? slidePages.filter((p) => p.trim() !== '').length : structure.headings.length,
    // A born-digital PDF's code is poppler's monospaced lines (pdf-code.ts); its rows have no reference.
    ...(e.format !== 'pdf' || e.referenceFile
      ? {
          code: codeKept(chunks, structure.code, undefined, structure.codeApart, structure.marginNames),
          rows: tableRowsIntact(chunks, structure.rows),
        }
      : { code: codeKept(chunks, structure.code, undefined, structure.codeApart, structure.marginNames) }),
    ...(slides ? { slides } : {}),
    ...(questions.length > 0 ? { retrieval: retrieval(chunks, questions) } : {}),
    ...(pdfPages
      ? {
          pageNumbers: pageNumbersRight(
            chunks,
            pdfPages,
            undefined,
            pdfRawPages,
            drawn?.split('\f'),
            notePieces,
            // The pages with their head rows out, every other line kept (withoutHeadRows): pdftotext's
            // reading, and the column-aware one (a table's rows kept together).
            pageRows === undefined || pdfRawPages === undefined
              ? undefined
              : [pdfRawPages.join('\f'), ...(columnPages === undefined ? [] : [columnPages])].map((t) =>
                  withoutHeadRows(t, pageRows).split('\f'),
                ),
          ),
        }
      : {}),
    ...(ocr ? { ocr } : {}),
    seconds: Math.round((Date.now() - t0) / 100) / 10,
    examples: {
      listing: listing.slice(0, 10),
      glued: [...new Set(glued)].slice(0, 10),
      hyphens: [...new Set(hyphens)].slice(0, 10),
      proseBreaks: breaks.slice(0, 10),
      unmatchedLabels: labels.unmatched.slice(0, 10),
      badEnds: ends.bad.slice(0, 10),
      disorder: [...disorder]
        .sort((a, b) => b.grams - a.grams)
        .slice(0, 10)
        .map((r) => `${r.grams}: ${r.text.slice(0, 300)}`),
    },
  };
  return { result, chunks };
}

/**
 * The code cell: kept % (loose) of the blocks a plan of chunks in range can keep, then the blocks
 * every such plan must cut, when there are any ("98.1 (98.1) of 53 + 1 cut by the range").
 */
export function codeCell(c: { blocks: number; forced?: number; kept: number; keptLoose: number }): string {
  const forced = c.forced ?? 0;
  return `${c.kept} (${c.keptLoose}) of ${c.blocks - forced}${forced > 0 ? ` + ${forced} cut by the range` : ''}`;
}

const HEAD = [
  'id',
  'class',
  'pages',
  'chunks',
  'order %',
  'coverage %',
  'raw order %',
  'raw coverage %',
  'listing lines',
  'glued /1000',
  'hyphens left',
  'prose breaks',
  'mid-word cuts',
  'in 800-1200 %',
  'clean ends %',
  'sentence ends (strict) %',
  'labels non-empty %',
  'labels = heading %',
  'admonition/caption/bullet labels',
  'code kept % (loose)',
  'rows intact %',
  'retrieval %',
  'pages right %',
  'slide mixes/overlay repeats',
  'reproduce',
];

export function tableLine(r: DocumentResult): string {
  const na = '-';
  const cells = r.error
    ? [r.id, r.class, r.pages ?? na, `error: ${r.error}`]
    : [
        r.id,
        r.class,
        r.pages ?? na,
        r.chunks,
        r.service?.order ?? na,
        r.service?.coverage ?? na,
        r.raw?.order ?? na,
        r.raw?.coverage ?? na,
        r.listingLines,
        r.gluedPer1000,
        r.hyphenLeftovers,
        r.proseBreaks ?? na,
        r.midWordCuts,
        r.inRange,
        r.sentenceEnds,
        r.sentenceEndsStrict ?? na,
        r.labels.nonEmpty,
        r.labels.matching ?? na,
        `${r.labels.admonitions}/${r.labels.captions}/${r.labels.bullets}`,
        r.code && r.code.blocks > 0 ? codeCell(r.code) : na,
        r.rows && r.rows.rows > 0 ? `${r.rows.intact} of ${r.rows.rows}` : na,
        r.retrieval && r.retrieval.questions > 0 ? `${r.retrieval.found} of ${r.retrieval.questions}` : na,
        r.pageNumbers && r.pageNumbers.judged > 0 ? `${r.pageNumbers.right} of ${r.pageNumbers.judged}` : na,
        r.slides ? `${r.slides.mixes}/${r.slides.repeats} of ${r.slides.slides}` : na,
        `\`npm run quality -- --corpus --only ${r.id}\``,
      ];
  return `| ${cells.map(String).join(' | ')} |`;
}

export function tableHead(): string {
  return `| ${HEAD.join(' | ')} |\n|${HEAD.map(() => '---').join('|')}|`;
}

/** One line per class: means of the percentages, sums of the counts. */
export function classSummary(results: DocumentResult[]): string {
  const ok = results.filter((r) => !r.error);
  const classes = [...new Set(ok.map((r) => r.class))];
  const mean = (xs: (number | undefined)[]) => {
    const v = xs.filter((x): x is number => x !== undefined);
    return v.length === 0 ? '-' : String(Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 10) / 10);
  };
  const sum = (xs: number[]) => String(xs.reduce((a, b) => a + b, 0));
  const head = [
    'class',
    'docs',
    'order %',
    'coverage %',
    'raw order %',
    'listing lines',
    'glued /1000',
    'hyphens left',
    'prose breaks',
    'clean ends %',
    'labels = heading %',
    'bad labels',
    'code kept %',
    'rows intact %',
    'retrieval %',
    'slide mixes/overlay repeats',
  ];
  const lines = classes.map((k) => {
    const rs = ok.filter((r) => r.class === k);
    return [
      k,
      String(rs.length),
      mean(rs.map((r) => r.service?.order)),
      mean(rs.map((r) => r.service?.coverage)),
      mean(rs.map((r) => r.raw?.order)),
      sum(rs.map((r) => r.listingLines)),
      mean(rs.map((r) => r.gluedPer1000)),
      sum(rs.map((r) => r.hyphenLeftovers)),
      sum(rs.map((r) => r.proseBreaks ?? 0)),
      mean(rs.map((r) => r.sentenceEnds)),
      mean(rs.map((r) => r.labels.matching)),
      sum(rs.map((r) => r.labels.admonitions + r.labels.captions + r.labels.bullets)),
      mean(rs.map((r) => (r.code && r.code.blocks > 0 ? r.code.kept : undefined))),
      mean(rs.map((r) => (r.rows && r.rows.rows > 0 ? r.rows.intact : undefined))),
      mean(rs.map((r) => (r.retrieval && r.retrieval.questions > 0 ? r.retrieval.found : undefined))),
      rs.some((r) => r.slides)
        ? `${sum(rs.map((r) => r.slides?.mixes ?? 0))}/${sum(rs.map((r) => r.slides?.repeats ?? 0))}`
        : '-',
    ];
  });
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...lines.map((l) => `| ${l.join(' | ')} |`),
  ].join('\n');
}

/** The scanned and mixed PDFs: pages read with OCR and the born-digital words their chunks have. */
export function ocrSummary(results: DocumentResult[]): string {
  const rs = results.filter((r) => !r.error && r.ocr);
  if (rs.length === 0) return '';
  return [
    '| OCR document | class | pages | OCR pages | words of the born-digital reading % | most missed words |',
    '|---|---|---|---|---|---|',
    ...rs.map(
      (r) =>
        `| ${r.id} | ${r.class} | ${r.pages ?? '-'} | ${r.ocr?.pages} | ${r.ocr?.words} | ${r.ocr?.missing.slice(0, 8).join(', ')} |`,
    ),
  ].join('\n');
}

/** All documents together: the answers found in the top 5 out of all the questions asked. */
export function retrievalTotal(results: DocumentResult[]): string {
  const rs = results.filter((r) => !r.error && r.retrieval && r.retrieval.questions > 0);
  const asked = rs.reduce((n, r) => n + (r.retrieval?.questions ?? 0), 0);
  const missed = rs.reduce((n, r) => n + (r.retrieval?.misses.length ?? 0), 0);
  const share = asked === 0 ? 100 : Math.round(((asked - missed) / asked) * 1000) / 10;
  return `retrieval: ${asked - missed} of ${asked} answers in the top 5 (${share} %), ${rs.length} documents`;
}

export async function runCorpus(argv: string[]): Promise<void> {
  const dir = corpusDir();
  const fromArg = argv[argv.indexOf('--table') + 1];
  if (argv.includes('--table')) {
    // Only print the table of an earlier run's results.
    const file = fromArg && !fromArg.startsWith('--') ? fromArg : join(dir, 'quality.json');
    const { results } = JSON.parse(readFileSync(file, 'utf8')) as { results: DocumentResult[] };
    console.log(tableHead());
    for (const r of results) console.log(tableLine(r));
    console.log(`\n${classSummary(results)}`);
    console.log(`\n${retrievalTotal(results)}`);
    if (ocrSummary(results)) console.log(`\n${ocrSummary(results)}`);
    applyGate(argv, results, false);
    return;
  }
  const manifest = readManifest(dir);
  const onlyArg = argv[argv.indexOf('--only') + 1];
  const only = argv.includes('--only') && onlyArg ? new Set(onlyArg.split(',')) : undefined;
  const outArg = argv[argv.indexOf('--out') + 1];
  const out = argv.includes('--out') && outArg ? outArg : join(dir, 'quality.json');
  const docs = manifest.documents.filter((d) => !only || only.has(d.id));
  mkdirSync(join(dir, 'chunks'), { recursive: true });
  console.log(tableHead());
  const results: DocumentResult[] = [];
  for (const e of docs) {
    let r: DocumentResult;
    try {
      const m = await measureDocument(e, dir, argv.includes('--reuse-chunks'));
      r = m.result;
      writeFileSync(join(dir, 'chunks', `${e.id}.json`), `${JSON.stringify(m.chunks, null, 1)}\n`);
    } catch (err) {
      r = { id: e.id, class: e.class, format: e.format, lang: e.lang, error: (err as Error).message } as DocumentResult;
    }
    results.push(r);
    console.log(tableLine(r));
  }
  console.log(`\n${classSummary(results)}`);
  console.log(`\n${retrievalTotal(results)}`);
  if (ocrSummary(results)) console.log(`\n${ocrSummary(results)}`);
  writeFileSync(
    out,
    `${JSON.stringify({ run: new Date().toISOString(), tools: referenceTools(), results }, null, 2)}\n`,
  );
  console.error(`results: ${out}; chunks: ${join(dir, 'chunks')}/ID.json`);
  applyGate(argv, results, only === undefined);
}

export const FLOORS_FILE = new URL('./floors.json', import.meta.url);

function applyGate(argv: string[], results: DocumentResult[], complete: boolean): void {
  if (argv.includes('--record-floors')) {
    const old = existsSync(FLOORS_FILE)
      ? (JSON.parse(readFileSync(FLOORS_FILE, 'utf8')) as { documents: Floors }).documents
      : {};
    // A run with --only records the documents it ran and keeps the others.
    const documents = { ...(complete ? {} : old), ...recordFloors(results) };
    const body = {
      recorded: new Date().toISOString(),
      command: 'npm run quality -- --corpus --record-floors',
      documents,
    };
    writeFileSync(FLOORS_FILE, `${JSON.stringify(body, null, 2)}\n`);
    console.error(`floors: ${Object.keys(documents).length} documents written to scripts/quality/floors.json`);
  }
  if (!argv.includes('--gate')) return;
  const { documents } = JSON.parse(readFileSync(FLOORS_FILE, 'utf8')) as { documents: Floors };
  const failures = gateViolations(results, documents, complete);
  if (failures.length === 0) {
    console.log(`\nquality gate: ${results.length} documents at or above their floors`);
    return;
  }
  console.log(`\nquality gate: ${failures.length} failures`);
  for (const f of failures) console.log(`  ${f}`);
  process.exitCode = 1;
}

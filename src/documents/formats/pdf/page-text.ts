// One page's text with pdf.js: the per-page half of reading a PDF, the same whether one thread
// reads every page (text-layer.ts) or several threads read page ranges (ranges.ts).
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { getDocument, OPS, RULE_PATHS, VerbosityLevel } from './pdfjs.ts';
import { fixedPitchCjkFonts } from './cjk-fonts.ts';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.d.ts';
import type { PageText, RawItem, RuledGrid } from './types.ts';
import { buildLines } from './layout.ts';
import { readyPage } from './page-ready.ts';
import { mayHoldRuledTable, openRules, pageRules, ruledGrids, type DrawnOperators } from './rules.ts';
import { GUTTER_EM } from './tables.ts';
import { drawingStyle, styleFontName } from './drawing-fonts.ts';
import { isTypewriterFont } from './typewriter-fonts.ts';
import { negationSlashes } from './accents.ts';
import { circleStyle, composeCallouts } from './callouts.ts';
import { scale, sizeFromAdvances, sizeless } from './glyph-size.ts';
import { turnedInMargin } from './margin-turned.ts';
import { textureItems } from './textures.ts';
import { hasTaggedContent, readTaggedPage, type StructNode, type TaggedItem } from './struct.ts';
import { DocumentError, documentError, safeReason } from '../../document-error.ts';

/** Largest image (pixels) decoded for OCR; text extraction alone decodes none. */
const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * pdf.js's image decoders in WebAssembly: JBIG2 and CCITT fax (jbig2.wasm), JPEG 2000
 * (openjpeg.wasm), the codecs of most scanners' PDFs. Without them such an image is not decoded:
 * a scanned page is then blank to OCR, and a Type 3 bitmap font's glyphs (CCITT inline images in
 * Ghostscript's output) draw nothing. Read from pdfjs-dist's own folder (a path: pdf.js reads it
 * with the file system in Node), never fetched.
 */
export const PDFJS_WASM_DIR =
  join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'wasm') + sep;

/** pdf.js's loading task for `data` (which pdf.js takes over: its buffer is detached). */
export function openPdf(data: Uint8Array, decodeImages: boolean): PDFDocumentLoadingTask {
  return getDocument({
    data,
    verbosity: VerbosityLevel.ERRORS,
    disableFontFace: true,
    useSystemFonts: false,
    // pdf.js 6 has no eval code path any more (isEvalSupported is gone).
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useWasm: true,
    wasmUrl: PDFJS_WASM_DIR,
    useWorkerFetch: false,
    enableXfa: false,
    stopAtErrors: false,
    disableAutoFetch: true,
    disableStream: true,
    maxImageSize: decodeImages ? MAX_IMAGE_PIXELS : 0,
  });
}

/** The open document, or the reason it cannot be opened (encrypted, invalid, damaged). */
export async function openedPdf(task: PDFDocumentLoadingTask): Promise<PDFDocumentProxy> {
  try {
    return await task.promise;
  } catch (err) {
    throw classifyOpenError(err);
  }
}

/**
 * Whether pages are read with their structure tree: undefined until the first page that opens
 * says (pdf.js answers null at once when the catalog has no StructTreeRoot, and then no page is
 * asked again: an untagged file pays one round trip).
 */
export interface TaggedState {
  tagged?: boolean;
}

/**
 * Page `n`'s lines, or undefined when the page cannot be read: one unreadable page does not sink
 * the document, but a one-page document whose page cannot be read is damaged.
 */
export async function readPage(doc: PDFDocumentProxy, n: number, state: TaggedState): Promise<PageText | undefined> {
  let page;
  try {
    page = await doc.getPage(n);
  } catch (err) {
    if (n === 1 && doc.numPages === 1) throw damaged(err);
    return undefined;
  }
  try {
    let tree: StructNode | null = null;
    if (state.tagged !== false) {
      tree = await readStructTree(page);
      state.tagged ??= tree !== null;
    }
    const tc = await page.getTextContent({ disableNormalization: true, includeMarkedContent: tree !== null });
    const items: TaggedItem[] = [];
    // Each item's direction, in quarter turns: a page set mostly turned is read in its text's frame.
    const turns: number[] = [];
    // A mirrored item (turnsAsSet reads it upright): its page is read as before, without drawn cell rules.
    let mirrored = false;
    // Marked content open around the current item: its id (a tagged element's) or "artifact".
    const marks: (string | undefined)[] = [];
    // Items in fonts without Unicode, and how many of their characters are control characters.
    const unmappedItems = new Set<TaggedItem>();
    // Glyphs of a circle font: with a number drawn inside, a callout (callouts.ts).
    const circles = new Set<TaggedItem>();
    const reflected = new Set<TaggedItem>();
    // Items whose transform gives no size (glyph-size.ts).
    const unsized = new Set<TaggedItem>();
    let unmapped = 0;
    let controls = 0;
    // The page's painted paths, as the operator list would give them (pdfjs.ts, RULE_PATHS).
    let paths: DrawnOperators | undefined;
    // Is each of the page's fonts typewriter (pdf.js's monospace, or by its name): once a font.
    const monoFonts = new Map<string, boolean>();
    const monoFont = (fontName: string): boolean => {
      let mono = monoFonts.get(fontName);
      if (mono === undefined) {
        const style = tc.styles[fontName];
        mono = style?.fontFamily === 'monospace' || isTypewriterFont(styleFontName(style));
        monoFonts.set(fontName, mono);
      }
      return mono;
    };
    for (const it of tc.items) {
      if (!('str' in it)) {
        if (it.type === RULE_PATHS) paths = it as unknown as DrawnOperators;
        else if (it.type === 'beginMarkedContent' || it.type === 'beginMarkedContentProps')
          marks.push((it as { tag?: string }).tag === 'Artifact' ? ARTIFACT : (it.id ?? undefined));
        else if (it.type === 'endMarkedContent') marks.pop();
        continue;
      }
      if (it.str.length === 0) continue;
      // The strokes of a diagram drawn with glyphs (xy-pic, the picture environment) are no text.
      if (drawingStyle(tc.styles[it.fontName])) continue;
      const noise = unmappedStyle(tc.styles[it.fontName]);
      if (noise) {
        unmapped += letters(it.str);
        controls += it.str.match(CONTROL)?.length ?? 0;
      }
      const t = it.transform as number[];
      const size = scale(t[2] ?? 0, t[3] ?? 0) || scale(t[0] ?? 0, t[1] ?? 0);
      const joined = reflectedThenUpright(it.str, t, it.width);
      const item: TaggedItem = {
        str: negationSlashes(joined?.str ?? it.str, styleFontName(tc.styles[it.fontName])),
        x: joined?.x ?? itemLeft(t, it.width),
        y: t[5] ?? 0,
        width: it.width,
        size,
        font: fontOfDocument(it.fontName),
        mono: monoFont(it.fontName),
      };
      if (marks.includes(ARTIFACT)) item.artifact = true;
      const id = marks.findLast((m) => m !== undefined && m !== ARTIFACT);
      if (id !== undefined) item.mcid = id;
      items.push(item);
      if (joined) reflected.add(item);
      if (sizeless(t)) unsized.add(item);
      turns.push(turnsAsSet(t));
      if (isMirrored(t) && quarterTurns(t) !== 0) mirrored = true;
      if (noise) unmappedItems.add(item);
      if (circleStyle(tc.styles[it.fontName])) circles.add(item);
    }
    items.forEach((it, i) => {
      if (reflected.has(it)) it.width = joinedWidth(it, items[i + 1]);
    });
    // A Chinese or Japanese font is fixed-pitch, not typewriter (cjk-fonts.ts).
    const cjkFonts = fixedPitchCjkFonts(items);
    if (cjkFonts.size > 0) for (const it of items) if (it.mono && cjkFonts.has(it.font)) it.mono = false;
    if (unsized.size > 0) sizeFromAdvances(items, unsized);
    const view = page.view;
    const width = (view[2] ?? 0) - (view[0] ?? 0);
    const height = (view[3] ?? 0) - (view[1] ?? 0);
    // An upright page: the text it turns a quarter in a side margin (margin-turned.ts), which the
    // running-line rules judge across the pages (furniture.ts: a side head, not a slide's title).
    const upright = turnUpright(items, turns, width, height) === 0;
    if (upright) upsideDownBlockUpright(items, turns);
    const margin = upright ? turnedInMargin(items, turns) : undefined;
    // Codes numbered in the order of first use put the commonest letters on control codes; a font
    // without names whose codes are ASCII (read as such, as pdftotext reads them) draws few.
    const dropped = isNoise(unmapped, controls);
    // A picture's texture drawn with text (textures.ts) is no text of the page.
    const texture = textureItems(items);
    const read = composeCallouts(texture.size > 0 ? items.filter((it) => !texture.has(it)) : items, circles);
    const kept = dropped ? read.filter((it) => !unmappedItems.has(it)) : read;
    const lines = hasTaggedContent(tree) ? readTaggedPage(tree, kept) : buildLines(kept);
    const tagged = lines.some((l) => l.tag);
    // An untagged page whose text hints at a table: its drawn cell rules (rules.ts), from the
    // paths the text content carries (no second reading of the page's operators).
    const rules =
      paths && !tagged && !mirrored && turns.every((t) => t === 0) && mayHoldRuledTable(lines, GUTTER_EM)
        ? pageRules(paths, OPS)
        : [];
    const grids: RuledGrid[] = rules.length > 0 ? ruledGrids(rules) : [];
    // The rules of tables drawn without column rules, which say where a header row ends.
    const open = rules.length > 0 ? openRules(rules, grids) : [];
    const pageText: PageText = {
      number: n,
      width,
      height,
      lines,
      ...(dropped ? { unmapped } : {}),
      ...(grids.length > 0 ? { grids } : {}),
      ...(open.length > 0 ? { openRules: open } : {}),
      ...(margin && margin.size > 0 ? { turnedMargin: [...new Set([...margin].map((it) => it.str.trim()))] } : {}),
    };
    // Its own share of the cross-page steps, in the thread that reads it (page-ready.ts).
    readyPage(pageText);
    return pageText;
  } catch (err) {
    if (doc.numPages === 1) throw damaged(err);
    return undefined;
  } finally {
    page.cleanup();
  }
}

/**
 * The tagged state a reading from page 1 reaches at its first page that opens: what a thread
 * reading a later range of pages asks first, so that its pages are read as one thread reads them.
 */
export async function taggedFromFirstPage(doc: PDFDocumentProxy): Promise<TaggedState> {
  for (let n = 1; n <= doc.numPages; n++) {
    let page;
    try {
      page = await doc.getPage(n);
    } catch {
      continue;
    }
    try {
      return { tagged: (await readStructTree(page)) !== null };
    } finally {
      page.cleanup();
    }
  }
  return {};
}

/** Is an item's text direction (its transform `t`) reflected: drawn right to left, mostly horizontal? */
const isReflected = (t: readonly number[]): boolean => (t[0] ?? 0) < -Math.abs(t[1] ?? 0);

/**
 * The left edge of a text item whose transform is `t` and advance `width`. pdf.js gives an item's
 * origin, where its first glyph starts; a run drawn mirrored (a negative horizontal scale: the
 * reversed E of the XeTeX logo, set with \reflectbox, or text turned upside down) extends to the
 * left of its origin, so its left edge is the origin less its width. Taken at the origin, the
 * reversed E sits a glyph to the right of its place and the logo reads "X ELATEX" for "XELATEX".
 */
export function itemLeft(t: readonly number[], width: number): number {
  const x = t[4] ?? 0;
  return isReflected(t) ? x - width : x;
}

/**
 * An item pdf.js joined from a glyph drawn reflected (a negative horizontal scale, the vertical
 * upright: the E of the XeTeX and XeLaTeX logos, set with \reflectbox in a text object of its
 * own) and the upright text drawn after it ("E L" for the E and the L of "LaTeX", when the L's
 * text matrix differs from the E's): pdf.js keeps the reflected transform for the whole item and
 * puts a space where the next text object jumps back. Only the first word is reflected: it ends
 * at the origin, so the item starts its share of the characters' width left of it, and the space
 * is no word space. Undefined for any other item (a reflected word alone is read by itemLeft;
 * text turned upside down is no reflection).
 */
export function reflectedThenUpright(
  str: string,
  t: readonly number[],
  width: number,
): { str: string; x: number } | undefined {
  const m = isReflected(t) && (t[3] ?? 0) > 0 ? /^(\S+) (\S.*)$/su.exec(str) : null;
  if (!m) return undefined;
  return { str: m[1]! + m[2]!, x: (t[4] ?? 0) - (width * [...m[1]!].length) / [...str].length };
}

/**
 * The width of an item joined by reflectedThenUpright: pdf.js gives the length of the pen's path
 * (over the reflected glyph, back over it, then the upright text), more than the item covers, so
 * it ends where the next item drawn starts, when that is on its line (within a size) and right
 * of its start; else as pdf.js gives it.
 */
export function joinedWidth(
  item: { x: number; y: number; width: number; size: number },
  next: { x: number; y: number } | undefined,
): number {
  if (!next || next.x <= item.x || Math.abs(next.y - item.y) > item.size) return item.width;
  return Math.min(item.width, next.x - item.x);
}

/** How far an item's text direction (its transform `t`) is turned, in quarter turns counter-clockwise (0-3). */
export function quarterTurns(t: readonly number[]): number {
  const turns = Math.round(Math.atan2(t[1] ?? 0, t[0] ?? 0) / (Math.PI / 2));
  return ((turns % 4) + 4) % 4;
}

/**
 * The quarter turns an item's text is set at (quarterTurns), a mirrored item (a negative
 * determinant: \reflectbox, the reversed E of the XeTeX logo) as upright: a reflection runs
 * leftwards as a half turn does, but its lines are the page's own.
 */
export function turnsAsSet(t: readonly number[]): number {
  return isMirrored(t) ? 0 : quarterTurns(t);
}

/** Whether a transform reflects its text (a negative determinant). */
function isMirrored(t: readonly number[]): boolean {
  return (t[0] ?? 0) * (t[3] ?? 0) - (t[1] ?? 0) * (t[2] ?? 0) < 0;
}

/**
 * Reads a page whose text is mostly set turned a quarter (a landscape report or table printed
 * sideways on a portrait page, `sidewaystable`, `landscape`) or a half (upside down: the back of
 * a folded leaflet printed for tumble duplex, a page turned by rotpages or \rotatebox{180}) in
 * its text's own frame: each item's position is turned back, in place, so that its lines run left
 * to right and follow each other down the page as the layout expects. Otherwise every baseline
 * is a vertical line, each item a line of its own, and the page reads as number soup; upside
 * down, its lines and columns come bottom first and right first, and the columns are spliced.
 * `turns` are the items' quarter turns (quarterTurns); the page is turned when more than half of
 * its characters are set one way. Returns the quarter turn the page's text was set at (0: left
 * alone).
 */
export function turnUpright(items: RawItem[], turns: readonly number[], width: number, height: number): number {
  const chars = [0, 0, 0, 0];
  let total = 0;
  items.forEach((it, i) => {
    const n = it.str.trim().length;
    chars[turns[i] ?? 0]! += n;
    total += n;
  });
  const turn = [1, 2, 3].find((q) => chars[q]! * 2 > total) ?? 0;
  for (const it of turn === 0 ? [] : items) {
    const { x, y } = it;
    if (turn === 2) {
      // Upside down, an item runs leftwards from its origin (its x is its left edge on the
      // page, itemLeft): turned back, that origin is its left edge, and the lines follow each other up.
      it.x = width - x - it.width;
      it.y = height - y;
      continue;
    }
    // Turned a quarter counter-clockwise, the text runs up the page and its lines follow each
    // other to the right; turned clockwise, it runs down and its lines follow each other leftwards.
    it.x = turn === 1 ? y : height - y;
    it.y = turn === 1 ? width - x : x;
  }
  return turn;
}

/** Characters set upside down on an upright page that make a block of text, not a figure's labels. */
const UPSIDE_DOWN_BLOCK_CHARS = 200;

/**
 * Turns back, within its own box, the block of a page set upside down when the rest is upright
 * (rotpages' turned columns, a folded card's panel printed for the other side): each item turned
 * a half (turns, turnsAsSet) is flipped about the middle of the box those items span, so that its
 * lines run left to right and follow each other down where the block stands. Upside down they
 * come bottom first and right first, the stream's order seems to wander, and the block is read
 * from geometry, spliced with the column beside it. Fewer than UPSIDE_DOWN_BLOCK_CHARS characters
 * (a diagram's turned labels) are left as they are. Returns whether a block was turned.
 */
export function upsideDownBlockUpright(items: RawItem[], turns: readonly number[]): boolean {
  let chars = 0;
  let x0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  items.forEach((it, i) => {
    if (turns[i] !== 2) return;
    chars += it.str.trim().length;
    x0 = Math.min(x0, it.x);
    x1 = Math.max(x1, it.x + it.width);
    y0 = Math.min(y0, it.y);
    y1 = Math.max(y1, it.y);
  });
  if (chars < UPSIDE_DOWN_BLOCK_CHARS) return false;
  items.forEach((it, i) => {
    if (turns[i] !== 2) return;
    it.x = x0 + x1 - it.x - it.width;
    it.y = y0 + y1 - it.y;
  });
  return true;
}

/**
 * A font's name without pdf.js's document number (`g_d3_f12R` -> `f12R`): the number counts the
 * documents a thread has opened, so two threads reading one document would name a font apart.
 */
export function fontOfDocument(loadedName: string): string {
  return loadedName.replace(/^g_d\d+_/, '');
}

const ARTIFACT = '\u0000artifact';

/** Does a text style say its font's codes have no Unicode (pdfjs.ts marks them `unmapped`)? */
export function unmappedStyle(style: unknown): boolean {
  return typeof style === 'object' && style !== null && (style as { unmapped?: unknown }).unmapped === true;
}

/** Characters of a string that are not spaces: what a font without Unicode drew as noise. */
function letters(s: string): number {
  return s.replace(/\s+/g, '').length;
}

const CONTROL = /[\u0000-\u001f]/g;

/** Share of control characters above which the text of fonts without Unicode is noise. */
const NOISE_CONTROLS = 0.03;

/**
 * Is the text a page drew in fonts without Unicode (`chars` characters, spaces aside, `controls`
 * of them control characters) noise? Ghostscript numbers a bitmap font's glyphs in the order the
 * document first uses them, so the commonest letters land on codes 0-31: 12 % of the characters of
 * a page of fepslatex.pdf. A font without glyph names whose codes are ASCII reads as text and is
 * kept; a TeX font's ligatures and accents sit on control codes too, but are far rarer (about 1 %).
 */
export function isNoise(chars: number, controls: number): boolean {
  return chars > 0 && controls >= NOISE_CONTROLS * chars;
}

/** The page's structure tree, or null when the document has none (or it cannot be read). */
async function readStructTree(page: PDFPageProxy): Promise<StructNode | null> {
  try {
    return (await page.getStructTree()) ?? null;
  } catch {
    // A broken tree only costs the structure: the page is read by layout.
    return null;
  }
}

function damaged(err: unknown): DocumentError {
  if (err instanceof DocumentError) return err;
  return documentError('document_damaged', safeReason(err));
}

function classifyOpenError(err: unknown): DocumentError {
  const name = err instanceof Error ? err.name : '';
  if (name === 'PasswordException') return documentError('document_encrypted');
  if (name === 'InvalidPDFException') return documentError('document_damaged', 'invalid PDF structure');
  return damaged(err);
}

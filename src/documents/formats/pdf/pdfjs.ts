// pdf.js, as the service uses it: the one module that imports pdfjs-dist, so that pdf.js's worker
// code is loaded with our fix in it (below) wherever pdf.js runs (pool threads, scripts, tests).
//
// The fix: Catalog.getPageDict prefetches every top-level /Kids entry of the page tree
// (`pageDictCache.put(lastKid, xref.fetchAsync(lastKid))`) and awaits only the ones it reaches.
// In a damaged file a prefetch rejects (`XRefEntryException: Bad (uncompressed) XRef entry`)
// after the document has already failed, with nothing attached to it: an unhandled rejection,
// which ends the thread it runs on (and the process, through the pool's error event). The
// prefetched promise is marked handled where it is made, as pdf.js itself does for the page
// promises of its recovery path (checkLastPage: `promise.catch(() => {})`); whoever awaits it
// from the cache still sees the rejection. pdf.js has the same line upstream; the day it changes,
// patchPdfWorkerSource throws and every PDF test fails with its message, so the fix cannot
// silently stop applying.
//
// A second change names fonts after the document rather than after the order of reading: pdf.js
// numbers each font as it first meets it (`f1`, `f2`...), so two threads reading different page
// ranges of one document (pdf/ranges.ts) would give one font two names, or two fonts one name.
// A font loaded by reference is named after that reference (`f12R`); fonts that share a
// descriptor and a hash (pdf.js's aliases, one font) after the descriptor's reference and the
// hash. Only a font written inline, without a reference, keeps a counter, marked `~` so that a
// range read seeing one falls back to one thread for those pages (UNSTABLE_FONT). The layout
// rules compare font names only for equality, so the names themselves change no chunk.
//
// A third marks the text styles of Type 3 fonts whose codes have no Unicode: no ToUnicode map and
// glyph names that name no character (`/a0`, `/a1`... as Ghostscript writes the bitmap fonts of
// dvips output, each font numbering its glyphs in the order the document first uses them). pdf.js
// then gives each code as the character of that number, text that reads as noise ("PVTVYORKN
// Q\"KRWMPK"); the style's `unmapped` says so (page-text.ts drops that text, OCR reads the page).
// The same line gives the style the font's own name (`name`, "FHRLBU+XYDASH10"), by which
// page-text.ts knows the fonts that draw lines rather than text (drawing-fonts.ts).
//
// A fourth finds monospaced fonts as their widths say even when the font names a MissingWidth:
// pdf.js calls a font monospaced when every glyph width it lists is equal, but starts the
// comparison from the descriptor's MissingWidth, which Ghostscript writes for every font it
// re-encodes (1131 for a typewriter face whose glyphs are all 525 wide), so ps2pdf's typewriter
// fonts were read as proportional, and every listing of those PDFs as prose (code.ts needs `mono`).
// The comparison starts from the first listed width instead; a font without MissingWidth (the
// default width 0) is judged as before. And widths that differ by a rounding (0.5 % at most) are
// one width: pdfTeX writes Latin Modern Mono 8's widths as 531.3, but two of them as 531, so
// texlive-it's screen listings in LMMono8 were read as prose and their lines run together. A
// proportional font's widths differ by far more (an i and an m), its tabular digits not at all.
// A typewriter font may also hold a few glyphs two columns wide: the T1 (Cork) encoding's `SS` at
// 0xDF is 1050 in every 525-wide typewriter face (t1xtt, Sphinx's LaTeX default; ectt; lmtt in
// T1), and pdfTeX lists it whenever the text uses a code past it (é, ü), so the French and German
// Debian developer's references had their listings read as prose. Widths of one column and a few
// of two columns are one grid (`gridWidths`); a font whose widths are mostly double (a CJK font's
// full-width forms beside its Latin) is not called monospaced.
//
// A fifth completes a ToUnicode map that leaves codes out. A Type 1 font embedded with its own
// encoding (pdfTeX's Computer Modern in OT1: fi at 0x0C, fl at 0x0D, an em dash at 0x7C) may carry
// a ToUnicode map naming a few of its glyphs only (glpk's manual maps ff and ffi, nothing else).
// pdf.js then reads the font's own glyph names for no code at all, and gives each code the map
// leaves out as the character of that number: "fi" became a form feed, read as a space
// ("unde ned", "speci ed"), the em dash a "|". The codes the map names keep its Unicode; those it
// leaves out take their glyph's name, as pdftotext and MuPDF read them.
//
// A sixth hands the page's drawn paths to the text content, so that the cell rules of a ruled
// table (rules.ts) are read in the same pass as the text. pdf.js's text extraction already walks
// every operator of the page and of its forms, but skips the path operators; it now builds each
// painted path exactly as getOperatorList does (the evaluator's own buildPath, the same Float32
// buffer) and keeps, with the save, restore and transform operators and the form matrices that
// place them, the sub-list of the operator list that pageRules reads. The top-level call adds it
// to the text content as one item (`type: "rulePaths"`, RULE_PATHS) when the page paints a path.
// Reading those rules from a full operator list had cost a page that asks for them a second
// evaluation of its whole content (fonts, images, colour), about a tenth of the 1159-page
// bench's time for 12 % of its pages. A form that draws paths and no text is not remembered as
// empty (pdf.js's cache for forms without text), so its paths count each time it is painted.
//
// The same place reads an underscore that TeX draws as a rule: plain TeX's and Texinfo's `\_`
// outside a typewriter font, and LaTeX's in the OT1 encoding, are a kern of .06 em and a rule .3 em
// wide on the baseline, not a glyph, so pdf.js (like pdftotext) read `mpfr_prec_t` as
// `mpfr prec t` and `glp_set_prob_name` as `glp set prob name`: the names a reader searches for.
// A filled or stroked bar painted right after the text pen, on its baseline, a few tenths of an em
// wide (drawnUnderscore) is read as `_` at the end of the text item in hand.
//
// A seventh, in pdf.js's API half (pdf.mjs), lets the text content cross to it without a copy. In
// one thread (pool threads, scripts and tests run the worker code in the same thread, through
// pdf.js's LoopbackPort) every message still goes through structuredClone as if it crossed to a
// Worker, and the text content's chunks are the bulk of that: a quarter of a second per read of
// the 1159-page bench file, a twentieth of its CPU, and as much garbage again. The worker's
// getTextContent hands over a chunk and starts new `items` and `styles` for the next one; it never
// writes to the items it has sent, so the API half may take them as they are. The message and the
// chunk object (which the worker reuses) are copied shallowly; every other message, and every
// message of a real Worker, is cloned as before (LOOPBACK_CLONE).
//
// An eighth computes the text pen's transform (getCurrentTextTransform, called twice for every
// glyph) into one new array instead of three: pdf.js built the text-space matrix as an array, then
// multiplied it by the text matrix and that by the CTM, each product a new array (Util.transform).
// The same products in the same order (TEXT_TRANSFORM_ONE), so every number is the same to the
// bit. The allocations took 17 % of a CPU profile of the 1159-page bench file's read; without
// them the read takes about a quarter less CPU.
//
// A ninth inflates a Flate stream in one synchronous zlib call. pdf.js inflates a large stream
// (over 16 KiB decoded) through the web DecompressionStream, which in Node is zlib behind a web
// stream adapter: promises and stream chunks for every content stream and font, and the thread
// idle while the inflation runs on libuv's pool. `process.getBuiltinModule("node:zlib")`'s
// inflateSync gives the same bytes with none of that (SYNC_INFLATE); a stream zlib refuses
// (damaged, truncated) falls back to pdf.js's own JavaScript decoder, as a refused
// DecompressionStream did. Where there is no `process` (a browser) pdf.js's path is unchanged.
//
// A tenth hands a page's text content over in few chunks. getTextContent sent its items in
// batches of ten, each time it stopped to load a font (every font change of a page) or its time
// slot of 20 ms ran out: for the 1159-page bench file some 26 chunks a page, each chunk a message,
// a pull and a pull's answer through the LoopbackPort (two structured clones and a round of
// promises and stream reads). A batch is now a thousand items (TEXT_BATCH_PAGE), more than most
// pages hold, so most pages go in one chunk, sent when the page's content stream or a form in it
// ends, as before. Bounded all the same: the API half appends each chunk with `push(...items)`,
// whose arguments the stack must hold, and a chunk still goes when the time slot runs out. The
// chunks are joined in order, so the text content is the same item for item.
//
// An eleventh leaves out the arrays of the text pen's transform that nothing keeps. The eighth
// still built the text-space matrix (`tsm`) as an array on every call, and compareWithLastPosition,
// which asks for the pen once a glyph only to read its numbers, got a new array each time: three
// of the four arrays made per glyph, each one garbage at once (getCurrentTextTransform's arrays
// were 28 % of the bytes a cold read of the 1158-page fixture allocates, a sampling heap profile). The text-space matrix is now six
// numbers (the same products, in the same order: every number the same to the bit, TEXT_PEN_INTO),
// and compareWithLastPosition reads the pen from one array of its own, written in place
// (PEN_SCRATCH): it runs to its end without a wait and nothing it calls asks for that array. Each
// item's own transform stays a new array. The pen kept after each glyph (`prevTransform`, read
// by the next glyph's comparison) is written in place into the array it already has, a fourth
// array a glyph; the two places that hand it out, a whitespace item's transform (pushWhitespace's
// default, addFakeSpaces), hand out a copy, so no item's transform changes after it is made
// (patchGlyphPenInPlace). The text content is the same item for item, number for number.
//
// A twelfth gives a text item without right-to-left characters its direction at once. pdf.js's
// bidi() typed every character of every item (a one-character string and a type name written into
// two arrays each) before it found that none is right-to-left, and most items of most documents
// hold none: Latin-1's types hold no R, AL or AN, and its loop counts only characters from U+0590
// to U+08AC and the Arabic presentation forms. An item with none of those (one regular expression,
// BIDI_LTR) is the `ltr` text bidi() would give, the same string; the others are read as before.
//
// A thirteenth clones the text state on its class, not on itself. TextState.clone made each copy
// with the state it copies as its prototype (`Object.create(this)`), then copied every field onto
// it: each state cloned (at every `q` and every change of font) became a prototype, with a map of
// its own, so the glyph loop's reads of the state met a new map each time. A TextState has only
// its declared fields, all own and enumerable, so a copy made on TextState.prototype has the same
// fields, values and methods (TEXT_STATE_CLONE); every copy then has one map.
import { registerHooks } from 'node:module';

const PREFETCH = 'pageDictCache.put(lastKid, xref.fetchAsync(lastKid));';
const PREFETCH_HANDLED =
  'const prefetched = xref.fetchAsync(lastKid); prefetched.catch(() => {}); pageDictCache.put(lastKid, prefetched);';

const ALIAS_ID = 'fontID: this.idFactory.createFontId()\n';
const ALIAS_ID_STABLE =
  'fontID: "f" + (descriptor.objId ?? (fontRefIsRef ? fontRef.toString() : "~" + this.idFactory.createFontId())) + "_" + hash\n';
const FONT_ID = 'fontID = this.idFactory.createFontId();';
const FONT_ID_STABLE = 'fontID = fontRefIsRef ? "f" + fontRef.toString() : "f~" + this.idFactory.createFontId();';

const STYLE = 'fontFamily: font.fallbackName,\n';
// More than half of the codes the font's Differences name have no Unicode in pdf.js's map.
const STYLE_UNMAPPED =
  'fontFamily: font.fallbackName, name: font.name, unmapped: font.isType3Font === true && ((named) => named.length > 0 && 2 * named.filter(([code]) => !font.toUnicode?.has(code)).length > named.length)([...(font.differences ?? [])].filter(([, name]) => name && name !== ".notdef")),\n';

/**
 * Do these glyph widths set text on one grid of columns? Every nonzero width is one column (the
 * least width) to a rounding (0.5 %), or two columns, and fewer glyphs are two columns wide than
 * one. No width listed is a grid (pdf.js's own answer). One or two glyphs at codes outside
 * printable ASCII say nothing of a grid: pdfTeX writes Latin Modern's bullet as a font of its own
 * (the TS1 encoding of the text's font program, one width listed, `FirstChar 136`), and pdf.js,
 * which merges the item's text after the bullet into the bullet's run, named every bullet item of
 * gs-color's lists typewriter, so each came back as a code block with its line breaks. A
 * typewriter subset of two letters stays one (Sphinx sets a listing's keyword `if` in bold
 * typewriter, a font of its own: taken for proportional, its listings lost their lines).
 * Self-contained: its source is copied into pdf.js's worker (patchMonospaceWidths).
 */
export function gridWidths(widths: Record<string, unknown>): boolean {
  const listed: number[] = [];
  let ascii = false;
  for (const key in widths) {
    const w = widths[key];
    if (typeof w !== 'number' || !(w > 0)) continue;
    listed.push(w);
    if (Number(key) >= 32 && Number(key) <= 126) ascii = true;
  }
  if (listed.length === 0) return true;
  if (listed.length <= 2 && !ascii) return false;
  const column = Math.min(...listed);
  let single = 0;
  let double = 0;
  for (const w of listed) {
    if (w - column <= 0.005 * column) single++;
    else if (Math.abs(w - 2 * column) <= 0.01 * column) double++;
    else return false;
  }
  return double < single;
}

/**
 * Is this painted path TeX's underscore rule right after the text pen (see above)? `path` is
 * pdf.js's path buffer (0 moveTo, 1 lineTo, 2 curveTo, 3 quadraticCurveTo, 4 closePath, in user
 * space), `ctm` the transform to page space, (`penX`, `penY`) the pen after the last glyph and `em`
 * the font size, both in page space, and `last` the text item's last character: a letter, a digit,
 * `_` or `$`, as in an identifier (a radical sign's vinculum also starts at its pen, on the glyph's
 * baseline). The path must be one filled rectangle or one segment,
 * horizontal, .2-.6 em wide, at most .12 em thick, starting at most .15 em after the pen (TeX's
 * kern is .06 em; a space is .25 em or more) with its centre within .08 em below or .1 em above the
 * baseline (an underline sits lower, a strike-out or fraction bar higher). Answers the bar's right
 * end (page space), or null. Self-contained: its source is copied into pdf.js's worker.
 */
export function drawnUnderscore(
  path: ArrayLike<number>,
  ctm: ArrayLike<number>,
  penX: number,
  penY: number,
  em: number,
  last: string,
): number | null {
  if (!(em > 0) || !/[\p{L}\p{N}_$]$/u.test(last)) return null;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = 0; k < path.length; ) {
    const code = path[k++];
    if (code === 4) continue;
    if ((code !== 0 || xs.length > 0) && code !== 1) return null;
    const x = path[k]!;
    const y = path[k + 1]!;
    k += 2;
    xs.push(ctm[0]! * x + ctm[2]! * y + ctm[4]!);
    ys.push(ctm[1]! * x + ctm[3]! * y + ctm[5]!);
  }
  if (xs.length !== 2 && xs.length !== 4 && xs.length !== 5) return null;
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const width = x1 - x0;
  const centre = (y0 + y1) / 2 - penY;
  if (width < 0.2 * em || width > 0.6 * em || y1 - y0 > 0.12 * em) return null;
  if (x0 - penX < -0.02 * em || x0 - penX > 0.15 * em) return null;
  if (centre < -0.08 * em || centre > 0.1 * em) return null;
  return x1;
}

// pdf.js's check (firstWidth from the descriptor's MissingWidth, widths equal exactly), replaced
// by gridWidths over the listed widths. Exported for the tests, which check the worker source holds it.
export const MONO_CHECK = `    let isMonospace = true;
    let firstWidth = defaultWidth;
    for (const glyph in glyphsWidths) {
      const glyphWidth = glyphsWidths[glyph];
      if (!glyphWidth) {
        continue;
      }
      if (!firstWidth) {
        firstWidth = glyphWidth;
        continue;
      }
      if (firstWidth !== glyphWidth) {
        isMonospace = false;
        break;
      }
    }
`;
const MONO_CHECK_GRID = `    const isMonospace = (${gridWidths.toString()})(glyphsWidths);
`;

// adjustType1ToUnicode: its early return for a font with a ToUnicode map, and the loop that then
// gives each code of the font's own encoding the Unicode of its glyph's name.
const TYPE1_INCLUDED_RETURN = `function adjustType1ToUnicode(properties, builtInEncoding) {
  if (properties.isInternalFont) {
    return;
  }
  if (properties.hasIncludedToUnicodeMap) {
    return;
  }
`;
const TYPE1_NO_INCLUDED_RETURN = `function adjustType1ToUnicode(properties, builtInEncoding) {
  if (properties.isInternalFont) {
    return;
  }
`;
const TYPE1_LOOP = `    const glyphName = builtInEncoding[charCode];
    const unicode = getUnicodeForGlyph(glyphName, glyphsUnicodeMap);
`;
const TYPE1_LOOP_MISSING_ONLY = `    if (properties.hasIncludedToUnicodeMap && properties.toUnicode.has(+charCode)) {
      continue;
    }
    const glyphName = builtInEncoding[charCode];
    const unicode = getUnicodeForGlyph(glyphName, glyphsUnicodeMap);
`;

/**
 * The gap between two glyphs of one line that pdf.js weighs as a word space, in text space:
 * `advance`, the pen's move from the end of one glyph to the start of the next, less the
 * tracking (glyphTracking) after the first of them. Letter-spaced text (ReportLab's
 * setCharSpace, a word processor's expanded spacing) sets each glyph `Tc` apart: pdf.js took that
 * tracking for a gap and put a space between every letter ("s h e s n a r f e d"), the word
 * spaces lost among them; poppler reads the words. A word space is its glyph's width past the
 * tracking and still one. Self-contained: its source is copied into pdf.js's worker
 * (patchTrackedAdvance).
 */
export function trackedAdvance(advance: number, tracking: number | undefined): number {
  return tracking !== undefined && Number.isFinite(tracking) && tracking > 0 ? advance - tracking : advance;
}

/**
 * The tracking after a glyph: its character spacing (`Tc` times the horizontal scale), where the
 * run it is shown in (one string of a Tj or TJ) also sets its word spaces as space glyphs
 * (`runHasSpace`), else none. Ghostscript's pdfwrite sets the spaces of a run it shortens as a
 * `Tc` on a space-less run ("(ya)" with 2.5 Tc for "they are": the spacing is the word space), so
 * a `Tc` on a run without a space glyph is left to pdf.js as a gap. A negative spacing tightens
 * the line: none taken off either. Self-contained: its source is copied into pdf.js's worker.
 */
export function glyphTracking(charSpacing: number, hScale: number, runHasSpace: boolean): number {
  const tracking = charSpacing * hScale;
  return runHasSpace && Number.isFinite(tracking) && tracking > 0 ? tracking : 0;
}

// compareWithLastPosition's horizontal advance, which decides a fake space or a new item; the
// glyph loop's start, where a run's space glyphs are looked for; and its record of the pen after
// a glyph, where the tracking after that glyph is kept beside it.
/** Exported for the tests. */
export const ADVANCE_X = '      const advanceX = (posX - lastPosX) / textContentItem.textAdvanceScale;\n';
const ADVANCE_X_TRACKED = `      const advanceX = ourTrackedAdvance((posX - lastPosX) / textContentItem.textAdvanceScale, textContentItem.prevTracking);\n`;
/** Exported for the tests. */
export const RUN_GLYPHS = '      const glyphs = font.charsToGlyphs(chars);\n';
const RUN_GLYPHS_SPACED = `${RUN_GLYPHS}      const runHasSpace = glyphs.some((g) => g.isSpace);\n`;
/** Exported for the tests. */
export const PREV_RISE = '          textChunk.prevTextRise = textState.textRise;\n';
const PREV_RISE_TRACKING = `${PREV_RISE}          textChunk.prevTracking = font.vertical ? 0 : ourGlyphTracking(textState.charSpacing, textState.textHScale, runHasSpace);\n`;

/**
 * A function's source declared under another name (`ourName`), to be added once to pdf.js's worker
 * module, whose patched lines call it: a declaration is hoisted, where an expression written into
 * the glyph loop made a new closure for every glyph. Throws unless the source opens as a declaration
 * of `name`.
 */
export function renamedDeclaration(fn: (...args: never[]) => unknown, name: string, ourName: string): string {
  const source = fn.toString();
  const head = `function ${name}(`;
  if (!source.startsWith(head)) throw new Error(`${name}: not a function declaration`);
  return `function ${ourName}(${source.slice(head.length)}`;
}

/** trackedAdvance and glyphTracking, as the patched lines call them. */
const TRACKING_HELPERS = `\n${renamedDeclaration(trackedAdvance, 'trackedAdvance', 'ourTrackedAdvance')}\n${renamedDeclaration(glyphTracking, 'glyphTracking', 'ourGlyphTracking')}\n`;

/** getCurrentTextTransform's last line (see above). Exported for the tests. */
export const TEXT_TRANSFORM = '      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));';
/** The same products as Util.transform's (m1[0] * m2[0] + m1[2] * m2[1], ...), one array. Exported for the tests. */
export const TEXT_TRANSFORM_ONE = `      const m = textState.textMatrix, c = textState.ctm;
      const a = m[0] * tsm[0] + m[2] * tsm[1], b = m[1] * tsm[0] + m[3] * tsm[1];
      const cc = m[0] * tsm[2] + m[2] * tsm[3], d = m[1] * tsm[2] + m[3] * tsm[3];
      const e = m[0] * tsm[4] + m[2] * tsm[5] + m[4], f = m[1] * tsm[4] + m[3] * tsm[5] + m[5];
      return [c[0] * a + c[2] * b, c[1] * a + c[3] * b, c[0] * cc + c[2] * d, c[1] * cc + c[3] * d, c[0] * e + c[2] * f + c[4], c[1] * e + c[3] * f + c[5]];`;

/** asyncGetBytesFromDecompressionStream's web stream (see above). Exported for the tests. */
export const DECOMPRESSION_STREAM = `    try {
      const {
        readable,
        writable
      } = new DecompressionStream(name);`;
/** The same method's answer from zlib's inflateSync when it is Node (see above). Exported for the tests. */
export const SYNC_INFLATE = `    if (name === "deflate" && typeof process === "object" && typeof process.getBuiltinModule === "function") {
      try {
        return { decompressed: process.getBuiltinModule("node:zlib").inflateSync(bytes), compressed: bytes };
      } catch {
        return { decompressed: null, compressed: bytes };
      }
    }
${DECOMPRESSION_STREAM}`;

/** getTextContent's batch of items per chunk (see above). Exported for the tests. */
export const TEXT_BATCH = 'const TEXT_CHUNK_BATCH_SIZE = 10;';
const TEXT_BATCH_PAGE = 'const TEXT_CHUNK_BATCH_SIZE = 1000;';

/** pdf.js's LoopbackPort: each message cloned (see above). Exported for the tests. */
export const LOOPBACK_CLONE = 'data: structuredClone(obj, transfer ? {';
const LOOPBACK_TEXT_AS_IS =
  'data: obj.stream === StreamKind.ENQUEUE && Array.isArray(obj.chunk?.items) ? { ...obj, chunk: { ...obj.chunk } } : structuredClone(obj, transfer ? {';

/** The text content item that carries a page's painted paths (see above; rules.ts reads them). */
export const RULE_PATHS = 'rulePaths';

// getTextContent: its parameters (one more: the paths recorded so far, shared with the forms it
// reads), its operator switch (the path operators), its form reading (the form's matrix around its
// paths) and its end (the item). Exported for the tests, which check the worker source holds them.
export const TEXT_PARAMS = `    prevRefs = null,
    intersector = null
  }) {
    if (stream.isAsync) {`;
const TEXT_PARAMS_PATHS = `    prevRefs = null,
    intersector = null,
    rulePaths = null
  }) {
    const ownRulePaths = rulePaths === null;
    const drawnUnderscore = ${drawnUnderscore.toString()};
    rulePaths ??= { fnArray: [], argsArray: [], drawn: 0, path: { pathBuffer: [], pathMinMax: F32_BBOX_INIT.slice(), currentPointX: 0, currentPointY: 0 } };
    if (stream.isAsync) {`;
export const TEXT_SWITCH = `        switch (fn | 0) {
          case OPS.setFont:
            const fontNameArg = args[0].name,`;
const TEXT_SWITCH_PATHS = `        switch (fn | 0) {
          case OPS.save:
          case OPS.restore:
            rulePaths.fnArray.push(fn);
            rulePaths.argsArray.push(null);
            break;
          case OPS.transform:
            rulePaths.fnArray.push(fn);
            rulePaths.argsArray.push(args.slice());
            break;
          case OPS.moveTo:
          case OPS.lineTo:
          case OPS.curveTo:
          case OPS.curveTo2:
          case OPS.curveTo3:
          case OPS.closePath:
          case OPS.rectangle:
            self.buildPath(fn, args, rulePaths.path);
            break;
          case OPS.stroke:
          case OPS.closeStroke:
          case OPS.fill:
          case OPS.eoFill:
          case OPS.fillStroke:
          case OPS.eoFillStroke:
          case OPS.closeFillStroke:
          case OPS.closeEOFillStroke:
          case OPS.endPath: {
            const { pathBuffer, pathMinMax } = rulePaths.path;
            if (fn !== OPS.endPath && pathBuffer.length > 0) {
              if (fn === OPS.closeStroke || fn === OPS.closeFillStroke || fn === OPS.closeEOFillStroke) {
                pathBuffer.push(DrawOPS.closePath);
              }
              rulePaths.fnArray.push(OPS.constructPath);
              rulePaths.argsArray.push([fn, [new Float32Array(pathBuffer)], null]);
              rulePaths.drawn++;
              const pen = textContentItem.initialized && !textContentItem.vertical ? textContentItem.prevTransform : null;
              if (pen && pen[0] > 0 && pen[1] === 0 && pen[2] === 0) {
                const end = drawnUnderscore(pathBuffer, textState.ctm, pen[4], pen[5], textContentItem.height, textContentItem.str.at(-1) ?? "");
                if (end !== null) {
                  textContentItem.str.push("_");
                  textContentItem.width += (end - pen[4]) / textContentItem.textAdvanceScale;
                  textContentItem.prevTransform = pen.slice();
                  textContentItem.prevTransform[4] = end;
                }
              }
            }
            pathBuffer.length = 0;
            pathMinMax.set(BBOX_INIT, 0);
            break;
          }
          case OPS.setFont:
            const fontNameArg = args[0].name,`;
export const TEXT_FORM = `              const localResources = dict.get("Resources");
              enqueueChunk();
              const sinkWrapper = textSinkWrapper(sink);`;
const TEXT_FORM_PATHS = `              const localResources = dict.get("Resources");
              rulePaths.fnArray.push(OPS.paintFormXObjectBegin);
              rulePaths.argsArray.push([matrix && new Float32Array(matrix), null]);
              const drawnBefore = rulePaths.drawn;
              enqueueChunk();
              const sinkWrapper = textSinkWrapper(sink);`;
export const TEXT_FORM_END = `                keepWhiteSpace,
                prevRefs: seenRefs
              }).then(function () {
                if (!sinkWrapper.enqueueInvoked) {
                  emptyXObjectCache.set(name, dict.objId, true);
                }
                resolveXObject();
              }, rejectXObject);`;
const TEXT_FORM_END_PATHS = `                keepWhiteSpace,
                prevRefs: seenRefs,
                rulePaths
              }).then(function () {
                rulePaths.fnArray.push(OPS.paintFormXObjectEnd);
                rulePaths.argsArray.push(null);
                if (!sinkWrapper.enqueueInvoked && rulePaths.drawn === drawnBefore) {
                  emptyXObjectCache.set(name, dict.objId, true);
                }
                resolveXObject();
              }, function (reason) {
                rulePaths.fnArray.push(OPS.paintFormXObjectEnd);
                rulePaths.argsArray.push(null);
                rejectXObject(reason);
              });`;
export const TEXT_END = `      if (stop) {
        next(deferred);
        return;
      }
      flushTextContentItem();
      closePendingMarkedContentItems();
      enqueueChunk();
      resolve();`;
const TEXT_END_PATHS = `      if (stop) {
        next(deferred);
        return;
      }
      flushTextContentItem();
      closePendingMarkedContentItems();
      if (ownRulePaths && rulePaths.drawn > 0) {
        textContent.items.push({ type: "${RULE_PATHS}", fnArray: rulePaths.fnArray, argsArray: rulePaths.argsArray });
      }
      enqueueChunk();
      resolve();`;

/** A font name of a font pdf.js could not name after the document (see above). */
export const UNSTABLE_FONT = '~';

/** `source` with `line` replaced by `by`; throws unless `line` is there exactly once. */
function replaceOnce(source: string, line: string, by: string, what: string): string {
  const at = source.indexOf(line);
  if (at < 0 || source.indexOf(line, at + 1) >= 0) {
    throw new Error(
      `pdf.js worker source changed: expected its ${what} once (${line.trim()}); review src/documents/formats/pdf/pdfjs.ts against this pdfjs-dist version`,
    );
  }
  return source.slice(0, at) + by + source.slice(at + line.length);
}

/** pdf.js's worker source with the prefetch fix; throws unless the prefetch line is there exactly once. */
export function patchPdfWorkerSource(source: string): string {
  return replaceOnce(source, PREFETCH, PREFETCH_HANDLED, 'page-tree prefetch line');
}

/** pdf.js's worker source with fonts named after the document; throws unless both lines are there once. */
export function patchPdfFontIds(source: string): string {
  const aliased = replaceOnce(source, ALIAS_ID, ALIAS_ID_STABLE, 'font alias numbering');
  return replaceOnce(aliased, FONT_ID, FONT_ID_STABLE, 'font numbering');
}

/** pdf.js's worker source with Type 3 fonts without Unicode marked in their text style; throws unless the line is there once. */
export function patchUnmappedStyle(source: string): string {
  return replaceOnce(source, STYLE, STYLE_UNMAPPED, 'text style line');
}

/** pdf.js's worker source judging a font monospaced by its listed widths alone (gridWidths, see above); throws unless its check is there once. */
export function patchMonospaceWidths(source: string): string {
  return replaceOnce(source, MONO_CHECK, MONO_CHECK_GRID, 'monospace width check');
}

/**
 * pdf.js's worker source where a Type 1 font's ToUnicode map that leaves codes out is completed
 * from the font's own glyph names (the codes it names keep its Unicode); throws unless both
 * lines are there once.
 */
export function patchPartialToUnicode(source: string): string {
  const all = replaceOnce(source, TYPE1_INCLUDED_RETURN, TYPE1_NO_INCLUDED_RETURN, 'Type 1 ToUnicode early return');
  return replaceOnce(all, TYPE1_LOOP, TYPE1_LOOP_MISSING_ONLY, 'Type 1 glyph-name loop');
}

/**
 * pdf.js's worker source whose text content carries the page's painted paths (see above);
 * throws unless each of the five places is there once.
 */
export function patchRulePaths(source: string): string {
  let out = replaceOnce(source, TEXT_PARAMS, TEXT_PARAMS_PATHS, 'text content parameters');
  out = replaceOnce(out, TEXT_SWITCH, TEXT_SWITCH_PATHS, 'text content operator switch');
  out = replaceOnce(out, TEXT_FORM, TEXT_FORM_PATHS, 'text content form reading');
  out = replaceOnce(out, TEXT_FORM_END, TEXT_FORM_END_PATHS, 'text content form end');
  return replaceOnce(out, TEXT_END, TEXT_END_PATHS, 'text content end');
}

/** pdf.js's worker source whose text pen transform is one array (see above); throws unless its line is there once. */
export function patchTextTransform(source: string): string {
  return replaceOnce(source, TEXT_TRANSFORM, TEXT_TRANSFORM_ONE, 'text transform line');
}

/** getCurrentTextTransform's head and its text-space matrix (see above, the eleventh change). Exported for the tests. */
export const TEXT_PEN_HEAD = 'function getCurrentTextTransform() {';
export const TEXT_PEN_TSM =
  'const tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];';
export const TEXT_PEN_TYPE3 = 'tsm[3] *= glyphHeight * textState.fontMatrix[3];';
/** The eighth change's products over six numbers, into `out` when given. Exported for the tests. */
export const TEXT_PEN_INTO = `      const m = textState.textMatrix, c = textState.ctm;
      const a = m[0] * tsm0 + m[2] * tsm1, b = m[1] * tsm0 + m[3] * tsm1;
      const cc = m[0] * tsm2 + m[2] * tsm3, d = m[1] * tsm2 + m[3] * tsm3;
      const e = m[0] * tsm4 + m[2] * tsm5 + m[4], f = m[1] * tsm4 + m[3] * tsm5 + m[5];
      const r0 = c[0] * a + c[2] * b, r1 = c[1] * a + c[3] * b, r2 = c[0] * cc + c[2] * d, r3 = c[1] * cc + c[3] * d, r4 = c[0] * e + c[2] * f + c[4], r5 = c[1] * e + c[3] * f + c[5];
      if (out === undefined) return [r0, r1, r2, r3, r4, r5];
      out[0] = r0; out[1] = r1; out[2] = r2; out[3] = r3; out[4] = r4; out[5] = r5;
      return out;`;
/** compareWithLastPosition's head and its pen (see above). Exported for the tests. */
export const PEN_COMPARE_HEAD =
  '    function compareWithLastPosition(glyphWidth) {\n      const currentTransform = getCurrentTextTransform();\n';
const PEN_SCRATCH = `    const ourPenScratch = [0, 0, 0, 0, 0, 0];
    function compareWithLastPosition(glyphWidth) {
      const currentTransform = getCurrentTextTransform(ourPenScratch);
`;

/** The glyph loop's record of the pen, and the two places that hand that array out (see above). Exported for the tests. */
export const GLYPH_PEN = '          textChunk.prevTransform = getCurrentTextTransform();';
export const WHITESPACE_PEN = '      transform = textContentItem.prevTransform,';
export const FAKE_SPACE_PEN = '        transform: transf || getCurrentTextTransform(),';

/**
 * pdf.js's worker source (after patchTextPenInPlace) whose pen after a glyph is written into the
 * array it has, copied where a whitespace item takes it (see above); throws unless each line it
 * changes is there once.
 */
export function patchGlyphPenInPlace(source: string): string {
  let out = replaceOnce(
    source,
    GLYPH_PEN,
    '          textChunk.prevTransform = getCurrentTextTransform(textChunk.prevTransform ?? undefined);',
    'glyph pen record',
  );
  out = replaceOnce(
    out,
    WHITESPACE_PEN,
    '      transform = textContentItem.prevTransform?.slice() ?? null,',
    'whitespace item pen',
  );
  return replaceOnce(
    out,
    FAKE_SPACE_PEN,
    '        transform: transf ? transf.slice() : getCurrentTextTransform(),',
    'fake space pen',
  );
}

/** bidi()'s head and its typing of each character (see above, the twelfth change). Exported for the tests. */
export const BIDI_HEAD = 'function bidi(str, startLevel = -1, vertical = false) {';
export const BIDI_TYPES = '  chars.length = strLength;\n';
/** Characters bidi() may count as right-to-left (a superset of its ranges), made once. */
const BIDI_MAY_BE_RTL = `const ourMayBeRtl = /[\\u0590-\\u08ac\\ufb50-\\ufdff\\ufe70-\\ufeff]/;\n${BIDI_HEAD}`;
/** None of them: the text as it is, left to right. */
const BIDI_LTR = `  if (!ourMayBeRtl.test(str)) {
    return createBidiText(str, true);
  }
${BIDI_TYPES}`;

/** TextState.clone's first lines (see above, the thirteenth change). Exported for the tests. */
export const TEXT_STATE_CLONE =
  '    const clone = Object.assign(Object.create(this), this);\n    clone.textMatrix = this.textMatrix.slice();';
const TEXT_STATE_CLONE_ON_CLASS =
  '    const clone = Object.assign(Object.create(Object.getPrototypeOf(this)), this);\n    clone.textMatrix = this.textMatrix.slice();';

/** pdf.js's worker source whose text states are cloned on their class (see above); throws unless its lines are there once. */
export function patchTextStateClone(source: string): string {
  return replaceOnce(source, TEXT_STATE_CLONE, TEXT_STATE_CLONE_ON_CLASS, 'text state clone');
}

/** pdf.js's worker source whose bidi() answers a left-to-right text at once (see above); throws unless each line it changes is there once. */
export function patchBidiLtr(source: string): string {
  const head = replaceOnce(source, BIDI_HEAD, BIDI_MAY_BE_RTL, 'bidi function head');
  return replaceOnce(head, BIDI_TYPES, BIDI_LTR, 'bidi character typing');
}

/**
 * pdf.js's worker source (after patchTextTransform) whose text pen is computed without a
 * text-space array, into compareWithLastPosition's own array there (see above); throws unless
 * each line it changes is there once.
 */
export function patchTextPenInPlace(source: string): string {
  let out = replaceOnce(source, TEXT_PEN_HEAD, 'function getCurrentTextTransform(out) {', 'text pen function head');
  out = replaceOnce(
    out,
    TEXT_PEN_TSM,
    'const tsm0 = textState.fontSize * textState.textHScale, tsm1 = 0, tsm2 = 0, tsm4 = 0, tsm5 = textState.textRise;\n      let tsm3 = textState.fontSize;',
    'text-space matrix',
  );
  out = replaceOnce(out, TEXT_PEN_TYPE3, 'tsm3 *= glyphHeight * textState.fontMatrix[3];', 'Type 3 glyph height');
  out = replaceOnce(out, TEXT_TRANSFORM_ONE, TEXT_PEN_INTO, 'one-array text transform');
  return replaceOnce(out, PEN_COMPARE_HEAD, PEN_SCRATCH, 'pen compared with the last position');
}

/** pdf.js's worker source weighing a glyph gap without the line's character spacing (trackedAdvance); throws unless its line is there once. */
export function patchTrackedAdvance(source: string): string {
  const advance = replaceOnce(source, ADVANCE_X, ADVANCE_X_TRACKED, 'horizontal advance line');
  const spaced = replaceOnce(advance, RUN_GLYPHS, RUN_GLYPHS_SPACED, 'text run glyphs line');
  return replaceOnce(spaced, PREV_RISE, PREV_RISE_TRACKING, 'glyph pen record') + TRACKING_HELPERS;
}

/** pdf.js's worker source inflating Flate streams with zlib's inflateSync in Node (see above); throws unless its place is there once. */
export function patchSyncInflate(source: string): string {
  return replaceOnce(source, DECOMPRESSION_STREAM, SYNC_INFLATE, 'DecompressionStream call');
}

/** pdf.js's worker source sending a page's text content in batches of a thousand items (see above); throws unless its batch size is there once. */
export function patchTextBatch(source: string): string {
  return replaceOnce(source, TEXT_BATCH, TEXT_BATCH_PAGE, 'text content batch size');
}

/**
 * pdf.js's API source whose LoopbackPort passes text content chunks on without a structured clone
 * (see above); throws unless its clone line is there once.
 */
export function patchLoopbackTextChunks(source: string): string {
  return replaceOnce(source, LOOPBACK_CLONE, LOOPBACK_TEXT_AS_IS, 'LoopbackPort clone line');
}

const WORKER_MODULE = /\/pdfjs-dist\/legacy\/build\/pdf\.worker\.mjs$/;
const API_MODULE = /\/pdfjs-dist\/legacy\/build\/pdf\.mjs$/;

/** How many times this thread loaded pdf.js's worker module with the fix (0 or 1; read by tests). */
export let patchedLoads = 0;
/** How many times this thread loaded pdf.js's API module with the LoopbackPort change (0 or 1; read by tests). */
export let patchedApiLoads = 0;

const sourceText = (source: string | NodeJS.ArrayBufferView | ArrayBuffer): string =>
  typeof source === 'string' ? source : new TextDecoder().decode(source);

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (loaded.source === undefined) return loaded;
    if (API_MODULE.test(url)) {
      patchedApiLoads++;
      return { ...loaded, source: patchLoopbackTextChunks(sourceText(loaded.source)) };
    }
    if (!WORKER_MODULE.test(url)) return loaded;
    const source = sourceText(loaded.source);
    const patched = patchTextStateClone(
      patchBidiLtr(
        patchTextBatch(
          patchSyncInflate(
            patchTrackedAdvance(
              patchGlyphPenInPlace(
                patchTextPenInPlace(
                  patchTextTransform(
                    patchRulePaths(
                      patchPartialToUnicode(
                        patchMonospaceWidths(patchUnmappedStyle(patchPdfFontIds(patchPdfWorkerSource(source)))),
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    );
    patchedLoads++;
    return { ...loaded, source: patched };
  },
});

// Imported after the hook is registered (a static import would load pdf.mjs before this module's
// body runs, unchanged).
const api = await import('pdfjs-dist/legacy/build/pdf.mjs');
export const { getDocument, OPS, VerbosityLevel, version } = api;

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
//
// A fourth completes a partial ToUnicode map of a simple font from the glyph names of the font
// program's built-in encoding, as poppler does. dvipdfmx writes, for a Computer Modern font
// without an /Encoding, a ToUnicode map of the few codes whose glyph names it could not map
// itself (ff, ffi), and pdf.js then takes every other code for its own character number: the OT1
// ligatures fi (12) and fl (13) come out as a form feed and a carriage return ("speci ed",
// "glp nd row"). pdf.js completes a built-in encoding only when there is no ToUnicode map at all
// (adjustType1ToUnicode); the fix fills the codes the map lacks, and only those, for a font with
// no /Encoding of its own (one with an /Encoding gets pdf.js's fallback from it already).
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
  'fontFamily: font.fallbackName, unmapped: font.isType3Font === true && ((named) => named.length > 0 && 2 * named.filter(([code]) => !font.toUnicode?.has(code)).length > named.length)([...(font.differences ?? [])].filter(([, name]) => name && name !== ".notdef")),\n';

// adjustType1ToUnicode's early return for a font with a ToUnicode map (and the line after it,
// which makes the anchor unique: adjustTrueTypeToUnicode opens with the same three lines).
const PARTIAL_TOUNICODE =
  '  if (properties.hasIncludedToUnicodeMap) {\n    return;\n  }\n  if (builtInEncoding === properties.defaultEncoding) {\n';
const PARTIAL_TOUNICODE_COMPLETED =
  '  if (properties.hasIncludedToUnicodeMap) {\n' +
  '    if (!properties.composite && !properties.hasEncoding && !(properties.toUnicode instanceof IdentityToUnicodeMap)) {\n' +
  '      const missing = new CharCodeMap(), glyphsUnicode = getGlyphsUnicode();\n' +
  '      for (const charCode in builtInEncoding) {\n' +
  '        if (properties.toUnicode.has(+charCode)) continue;\n' +
  '        const unicode = getUnicodeForGlyph(builtInEncoding[charCode], glyphsUnicode);\n' +
  '        if (unicode !== -1) missing.set(+charCode, String.fromCodePoint(unicode));\n' +
  '      }\n' +
  '      properties.toUnicode.amend(missing);\n' +
  '    }\n' +
  '    return;\n' +
  '  }\n' +
  '  if (builtInEncoding === properties.defaultEncoding) {\n';

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

/**
 * pdf.js's worker source with a partial ToUnicode map completed from the font's built-in encoding
 * (see above); throws unless adjustType1ToUnicode's early return is there once.
 */
export function patchPartialToUnicode(source: string): string {
  return replaceOnce(source, PARTIAL_TOUNICODE, PARTIAL_TOUNICODE_COMPLETED, 'partial ToUnicode return');
}

const WORKER_MODULE = /\/pdfjs-dist\/legacy\/build\/pdf\.worker\.mjs$/;

/** How many times this thread loaded pdf.js's worker module with the fix (0 or 1; read by tests). */
export let patchedLoads = 0;

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!WORKER_MODULE.test(url) || loaded.source === undefined) return loaded;
    const source = typeof loaded.source === 'string' ? loaded.source : new TextDecoder().decode(loaded.source);
    const patched = patchPartialToUnicode(patchUnmappedStyle(patchPdfFontIds(patchPdfWorkerSource(source))));
    patchedLoads++;
    return { ...loaded, source: patched };
  },
});

export { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

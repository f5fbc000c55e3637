// Characters that carry no letter, space or joining: a page's line-break hints, shown as nothing.

/**
 * Zero-width space (U+200B), word joiner (U+2060) and zero-width no-break space / byte order mark
 * (U+FEFF): a generator's break or no-break hints, shown as nothing. Javadoc writes U+200B between
 * a method's name and its parenthesis ("addArgument\u200B(java.lang.String...)"), and a search for
 * "addArgument(" then misses the chunk. The soft hyphen (U+00AD, HTML's `&shy;`) is a break hint too:
 * shown only where a line breaks, which a chunk's text never does there, and a word that holds one
 * ("Donau&shy;dampf&shy;schiff") is one token to Azure AI Search's analyzer, so "Donaudampfschiff"
 * missed it (a PDF's soft hyphens are read with its lines, formats/pdf/clean.ts). U+200C and U+200D
 * (zero-width non-joiner and joiner) stay: they choose letter forms in Persian, Indic scripts and
 * emoji sequences.
 */
const INVISIBLE = /[\u00AD\u200B\u2060\uFEFF]/g;
/** The same class without /g, whose test() keeps no lastIndex between calls. */
const HAS_INVISIBLE = new RegExp(INVISIBLE.source);

/** The text without zero-width break hints (INVISIBLE); the same string when it holds none. */
export function withoutInvisibles(text: string): string {
  return HAS_INVISIBLE.test(text) ? text.replace(INVISIBLE, '') : text;
}

// Text drawn as a picture's texture: a cover made of one diagram repeated thousands of times in
// tiny type (ConTeXt's "nodes" manual: 18,904 labels of 20 kinds, "1 H", "12 C", "𝛾" ...).
// pdf.js hands each copy over as text, and the cover came out as dozens of chunks of
// labels before the manual's first word. A page most of whose items are copies of a few strings,
// each drawn many times, is a picture; those copies are left out and the page keeps what it
// says once (the title, the author). Leader dots and rules drawn a character at a time are no
// texture: a contents page's leaders are how its entries are found; nor are words (a figure of a
// sample page filled with "bla bla bla"), read as they always were. Pure; tests in
// test/documents/formats/pdf/textures.test.ts.

/** A string is a texture's when drawn this many times on the page or more... */
const MIN_COPIES = 20;
/**
 * ...and the page is a texture when such copies are at least this many items (more than a page of
 * text at a size anyone reads holds: a figure of a sample page filled with "bla bla", 514 copies of
 * three strings, is read as it always was)...
 */
const MIN_TEXTURE_ITEMS = 1000;
/** ...and this share of its items with text... */
const TEXTURE_SHARE = 0.9;
/**
 * ...standing on this many rows (baselines to a point) or more: more than a page of text has at
 * any size anyone reads (an A4 page of 6 pt type has 140). A page drawn a glyph at a time (each
 * letter an item: ConTeXt's right-to-left text, many producers' justified lines) has its few
 * letters copied hundreds of times too, on its fifty lines; a table of symbols, on two hundred.
 */
const MIN_ROWS = 400;
/** Leaders, rules and blanks to fill in, drawn a character at a time: never a texture. */
const LEADER = /^[.·…‥⋯_\-–—=*]+$/u;
/** A word (three letters or more): filler text in a figure of a page ("bla bla bla") is read as text, as it always was. */
const WORD = /\p{L}{3}/u;
/** Can copies of this string make a texture: labels and signs, not leaders nor words. */
const textureString = (s: string) => !LEADER.test(s) && !WORD.test(s);

/**
 * The items of a page that are copies of its texture (the strings of labels and signs, textureString, drawn MIN_COPIES times or more,
 * when their copies are MIN_TEXTURE_ITEMS or more, TEXTURE_SHARE of the page's items with text,
 * on MIN_ROWS rows or more); none on a page of text, where no few strings make nearly all of its
 * items on more rows than text has.
 */
export function textureItems<T extends { str: string; y: number }>(items: readonly T[]): Set<T> {
  const out = new Set<T>();
  if (items.length < MIN_TEXTURE_ITEMS) return out;
  const counts = new Map<string, number>();
  let texts = 0;
  for (const it of items) {
    const s = it.str.trim();
    if (s === '') continue;
    texts++;
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  let copies = 0;
  for (const [s, n] of counts) if (n >= MIN_COPIES && textureString(s)) copies += n;
  if (copies < MIN_TEXTURE_ITEMS || copies < TEXTURE_SHARE * texts) return out;
  const rows = new Set<number>();
  for (const it of items) {
    const s = it.str.trim();
    if ((counts.get(s) ?? 0) >= MIN_COPIES && textureString(s)) {
      out.add(it);
      rows.add(Math.round(it.y));
    }
  }
  if (rows.size < MIN_ROWS) out.clear();
  return out;
}

// Which heading labels a chunk (issue 25). A chunk's label is the heading in force at its start,
// but for one case: a chunk that opens with a heading whose section holds less than half of it
// packs several short entries (GLPK's routine pages, Sphinx option lists, Doxygen member docs,
// Texinfo's subsections), and carrying the first entry's name for all of them misleads. Such a
// chunk is labelled with the nearest section above the entry that holds more than half of it:
// the entries' common parent ("2.9 Interior-point method routines" for 2.9.5-2.9.8), never the
// document's own title. A heading whose title recurs under several parents ("Detailed
// Description", "Member Function Documentation" under every Doxygen class) names a kind of
// subdivision, not a topic: its nearest ancestor with a title of its own labels in its stead.
// Pure functions; the table of tests is in test/documents/chunk-section.test.ts.

/** A heading as the chunker places it: where it starts in the joined text, its text and its level if the format knows it. */
export interface PlacedHeading {
  at: number;
  text: string;
  /** 1 = top; from the format (HTML h1-h6, Word heading styles, Markdown `#`, PDF tags). */
  level?: number;
}

const DIVISION_TOP = /^(?:part|teil|partie|parte)\s+(?:[IVXLC]+|\d{1,3})\b/i;
const DIVISION_CHAPTER =
  /^(?:chapter|kapitel|chapitre|capitolo|cap[ií]tulo|appendix|anhang|annexe|appendice|ap[eé]ndice|ap[eê]ndice)\s+(?:[IVXLC]+|\d{1,3}|[A-Z])\b/i;

/**
 * The level a heading's numbering gives it, or undefined when it has none: "2.9.5 Title" 3,
 * "3 Title" and "3. Title" 1, "A.1 Title" 2, "B. Title" 1, "Chapter 4" and "Appendix B" 1, "Part II" 0.
 * A bare letter ("A Title") reads like an article and gives nothing.
 */
export function numberingLevel(text: string): number | undefined {
  const t = text.trim();
  const arabic = /^(\d{1,3}(?:\.\d{1,3})*)\.?(?=\s|$)/.exec(t);
  if (arabic) return arabic[1]!.split('.').length;
  const lettered = /^[A-Z]((?:\.\d{1,3})+)\.?(?=\s|$)/.exec(t);
  if (lettered) return lettered[1]!.split('.').length;
  if (/^[A-Z]\.(?=\s)/.test(t)) return 1;
  if (DIVISION_TOP.test(t)) return 0;
  if (DIVISION_CHAPTER.test(t)) return 1;
  return undefined;
}

/**
 * Each heading's level: the format's, else its numbering's; undefined when neither tells (an
 * unnumbered heading of an untagged PDF). When fewer than half of a document's headings have a
 * level, none counts: a lone "1 Definitions" among a deck's frame titles places nothing.
 */
export function headingLevels(headings: readonly PlacedHeading[]): (number | undefined)[] {
  const out = headings.map((h) => h.level ?? numberingLevel(h.text));
  const known = out.filter((l) => l !== undefined).length;
  return known * 2 >= out.length ? out : out.map(() => undefined);
}

/** The section tree of a text: each heading's parent (-1: none) and where its section ends (exclusive). */
export interface SectionTree {
  at: readonly number[];
  parent: Int32Array;
  end: Int32Array;
  /**
   * The heading every other heading with a level lies under (a page's one h1, a manual's title),
   * or -1: it names the document, not a part of it, so it labels no chunk in their stead.
   */
  title: number;
}

/**
 * The sections of a text of `length` UTF-16 units whose headings (in text order) start at `at`
 * with the given levels. A heading with a level opens a section that runs to the next heading of
 * its level or above, inside the nearest heading before it of a higher level (a lower number). A
 * heading without one is a leaf: its section runs to the next heading, and it has no parent (what
 * it belongs to is not known), though it lies inside the sections around it.
 */
export function sectionTree(
  at: readonly number[],
  levels: readonly (number | undefined)[],
  length: number,
): SectionTree {
  const n = at.length;
  const parent = new Int32Array(n).fill(-1);
  const end = new Int32Array(n).fill(length);
  const stack: number[] = [];
  let leaf = -1;
  for (let i = 0; i < n; i++) {
    if (leaf >= 0) end[leaf] = at[i]!;
    leaf = -1;
    const level = levels[i];
    if (level === undefined) {
      leaf = i;
      continue;
    }
    while (stack.length > 0 && levels[stack[stack.length - 1]!]! >= level) end[stack.pop()!] = at[i]!;
    if (stack.length > 0) parent[i] = stack[stack.length - 1]!;
    stack.push(i);
  }
  const top = levels.findIndex((l) => l !== undefined);
  const title =
    top >= 0 && parent[top] === -1 && levels.every((l, i) => i <= top || l === undefined || l > levels[top]!)
      ? top
      : -1;
  return { at, parent, end, title };
}

/**
 * The headings whose title (numbering and case set aside) recurs under several parents: 3 times or
 * more, under 2 parents or more. Such a title names a kind of subdivision, not a topic (Doxygen's
 * "Detailed Description" and "Member Function Documentation" under every class, an "Examples" or
 * "Options" in every chapter of a man-page collection), so it labels no chunk: its nearest
 * ancestor with a title of its own does.
 */
export function recurringTitles(headings: readonly PlacedHeading[], parent: Int32Array): boolean[] {
  const key = (t: string) =>
    t
      .trim()
      .replace(/^(?:\d{1,3}(?:\.\d{1,3})*\.?|[A-Z](?:\.\d{1,3})+\.?|[A-Z]\.)\s+/, '')
      .replace(/\s+/g, ' ')
      .toLowerCase();
  const keys = headings.map((h) => key(h.text));
  const seen = new Map<string, { count: number; parents: Set<number> }>();
  keys.forEach((k, i) => {
    const e = seen.get(k) ?? { count: 0, parents: new Set<number>() };
    e.count++;
    e.parents.add(parent[i]!);
    seen.set(k, e);
  });
  return keys.map((k) => {
    const e = seen.get(k)!;
    return k.length > 0 && e.count >= 3 && e.parents.size >= 2;
  });
}

/** Index of the last heading starting at or before s, or -1 (binary search). */
function headingAtOrBefore(at: readonly number[], s: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid]! <= s) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The heading (an index into the tree, or -1 for none) that labels the chunk holding the text
 * [s, e): the heading in force at s, unless the chunk opens with it and its section holds less
 * than half of the chunk; then the nearest ancestor (not the document's title) whose section holds
 * more than half, if any.
 */
export function chunkSection(tree: SectionTree, s: number, e: number): number {
  const { at, parent, end } = tree;
  const h0 = headingAtOrBefore(at, s);
  if (h0 < 0 || at[h0] !== s) return h0;
  const held = (i: number) => Math.min(e, end[i]!) - Math.max(s, at[i]!);
  const half = (e - s) / 2;
  if (held(h0) > half) return h0;
  for (let i = parent[h0]!; i >= 0 && i !== tree.title; i = parent[i]!) if (held(i) > half) return i;
  return h0;
}

/**
 * The heading that names section i: i itself, or, when its title recurs (recurringTitles), its
 * nearest ancestor whose title does not; i when it has no such ancestor.
 */
export function namingHeading(parent: Int32Array, recurring: readonly boolean[], i: number): number {
  for (let j = i; j >= 0; j = parent[j]!) if (!recurring[j]) return j;
  return i;
}

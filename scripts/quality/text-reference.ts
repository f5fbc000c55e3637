// The quality report's reference reading of a plain text file (.txt): pandoc read it as Markdown,
// where every paragraph of a body indented four columns is a code block and a contents list is
// text. Here the text is its own reference: its lines as written, without what the decisions drop
// (a contents list with its title, a manual page's header and footer lines), and its headings as
// the text shows them:
// - a title over (or between) an underline of one repeated mark (`===`, `---`, `~~~`, `***`);
// - in a text whose body is indented (a manual page set as text, DocBook through w3m, an RFC), a
//   short line set left of the body, standing alone or over deeper lines, that does not read on
//   from or into lines at its own indentation (a title page's copyright lines do);
// - in a file that declares Emacs's outline mode on its first line (`-*- outline -*-`: GNU NEWS
//   files), its `*` and `**` lines at the margin.
// No code reference: plain text has no mark for code. An indentation or a prompt is a guess of
// the kind the reader makes (formats/text/structure.ts codeLines), and a reference made of the
// same guess would judge the reader against its twin; the code measure has nothing to count.
// No table rows either, for the same reason. Independent of the service's reader by design: it
// imports none of it, so the two can disagree.

export interface TextReference {
  /** The reading the measures count order and coverage against. */
  text: string;
  headings: string[];
  code: string[];
  rows: string[][];
}

/** Columns of leading blanks: a tab to the next multiple of eight, a no-break space one (w3m). */
function indentation(line: string): number {
  let col = 0;
  for (const ch of line) {
    if (ch === ' ' || ch === '\u00a0') col++;
    else if (ch === '\t') col = col - (col % 8) + 8;
    else break;
  }
  return col;
}

const blank = (l: string) => !/[^\s\u00a0]/.test(l);
const clean = (l: string) => l.replace(/\u00a0/g, ' ').trim();

/** An underline: one mark repeated three times or more, nothing else on the line. */
const RULE = /^([=\-~^*#+])\1{2,}$/;

/** A manual page's name and section ("TAR(1)", "git-log(1)"). */
const PAGE_NAME = /^[\p{L}\p{N}_.:+-]+\([0-9][\p{L}\p{N}]*\)$/u;

/**
 * Indexes of a manual page's header and footer lines: the text's first line reads
 * `NAME(S)   title   NAME(S)` (fields parted by three blanks or more), and every line whose last
 * field is that NAME(S) is furniture. None when the text does not open so.
 */
export function manPageLines(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  const first = lines.findIndex((l) => !blank(l));
  if (first < 0) return out;
  const fields = clean(lines[first]!).split(/\s{3,}/);
  const name = fields[fields.length - 1]!;
  if (fields.length < 2 || fields[0] !== name || !PAGE_NAME.test(name)) return out;
  lines.forEach((l, i) => {
    const f = clean(l).split(/\s{3,}/);
    if (f.length >= 2 && f[f.length - 1] === name) out.add(i);
  });
  return out;
}

/** A contents list's title, alone on its line. */
const CONTENTS_TITLE = /^(?:table of )?contents:?$/i;
/** A contents entry: a section number then a title ("4.1. control", "A. Advanced packaging"), or a title ending in dot leaders and a page. */
const ENTRY = /^(?:(?:\d{1,3}|[A-Z])(?:\.\d{1,3}){0,4}\.?\s+\S.*|.*\S(?:\s*\.){3,}\s*\d+)$/;

/**
 * Indexes of contents lists: a line reading "Contents" or "Table of Contents" and the entry lines
 * after it (blank lines among them allowed, lines set deeper than the entries with them), up to
 * the first line that is no entry or repeats one (the first section's own title).
 */
export function contentsLines(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (!CONTENTS_TITLE.test(clean(lines[i]!))) continue;
    let j = i + 1;
    const entries: number[] = [];
    let first = -1; // the indentation of the first entry line
    const seen = new Set<string>();
    for (; j < lines.length; j++) {
      if (blank(lines[j]!)) continue;
      const d = indentation(lines[j]!);
      const t = clean(lines[j]!).replace(/\s+/g, ' ');
      // The list ends where its first entry comes again as the section's own title.
      if (seen.has(t)) break;
      if (ENTRY.test(t)) {
        if (first < 0) first = d;
        seen.add(t);
      } else if (!(first >= 0 && d > first)) break;
      // A line set deeper than the entries goes on with them: an entry wrapped ("4.22. How do I
      // locate a paragraph ... contains a" / "certain string?") or a group's lines under it.
      entries.push(j);
    }
    if (entries.length < 2) continue;
    out.add(i);
    for (const e of entries) out.add(e);
    i = j - 1;
  }
  return out;
}

/** Shortest line counted as prose when the body's indentation is sought. */
const PROSE = 40;

/**
 * The body's indentation: the smallest one at which a tenth or more of the prose lines (40
 * characters or longer, with letters) stand (the sed FAQ's examples at the margin are a
 * twentieth). 0 for a text set at the margin.
 */
export function bodyIndentation(lines: readonly string[]): number {
  const at = new Map<number, number>();
  let n = 0;
  for (const l of lines) {
    const t = clean(l);
    if (t.length < PROSE || !/\p{L}{2}/u.test(t)) continue;
    const d = indentation(l);
    at.set(d, (at.get(d) ?? 0) + 1);
    n++;
  }
  let best = Infinity;
  for (const [d, k] of at) if (k * 10 >= n && d < best) best = d;
  return best === Infinity ? 0 : best;
}

/** Longest line taken as a heading. */
const MAX_TITLE = 80;

/** Could this trimmed line be a title by its shape: letters, short, no sentence or clause end, no bullet or option mark. */
function titleShaped(t: string): boolean {
  return (
    t.length >= 2 &&
    t.length <= MAX_TITLE &&
    /\p{L}{2}/u.test(t) &&
    /^[\p{L}\p{N}"'“‘«(]/u.test(t) &&
    // A question is a title (a FAQ's "2.1. What is sed?"); a sentence or clause end is not.
    !/[.,;:!]$/.test(t) &&
    !/\S {3,}\S/.test(t) &&
    !/^[-*•+o·]\s|^-/.test(t) &&
    !RULE.test(t)
  );
}

/**
 * The reference reading of a plain text (see the head of this file): its text without contents
 * lists and manual page furniture, and its headings.
 */
export function textReference(source: string): TextReference {
  const all = source.replace(/\r\n?/g, '\n').replace(/\f/g, '\n').split('\n');
  const dropped = new Set([...manPageLines(all), ...contentsLines(all)]);
  const lines = all.filter((_, i) => !dropped.has(i));
  const body = bodyIndentation(lines);
  const outline = /-\*-\s*outline\s*-\*-/i.test(lines.find((l) => !blank(l)) ?? '');
  const headings: string[] = [];
  const underline = new Set<number>();
  // The previous non-blank line's indentation and whether it was a heading.
  let prevIndent: number | undefined;
  let prevHeading = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (blank(l) || underline.has(i)) continue;
    // A rule parts what is above it from what is below: no line reads on over it.
    if (RULE.test(clean(l))) {
      prevIndent = undefined;
      prevHeading = false;
      continue;
    }
    const t = clean(l);
    const d = indentation(l);
    let heading = false;
    const under = i + 1 < lines.length ? clean(lines[i + 1]!) : '';
    const alone = i === 0 || blank(lines[i - 1]!) || RULE.test(clean(lines[i - 1]!));
    if (alone && RULE.test(under) && titleShapedUnderlined(t, under)) {
      heading = true;
      underline.add(i + 1);
    } else if (outline && d === 0 && /^\*+\s+\S/.test(t)) {
      headings.push(t.replace(/^\*+\s+/, ''));
      prevIndent = d;
      prevHeading = true;
      continue;
    } else if (d < body && titleShaped(t)) {
      // Alone or over deeper lines, not reading on from a line at its own indentation.
      let k = i + 1;
      const next = k < lines.length && !blank(lines[k]!) ? indentation(lines[k]!) : undefined;
      while (k < lines.length && blank(lines[k]!)) k++;
      const after = k < lines.length ? indentation(lines[k]!) : undefined;
      heading =
        (next === undefined || next > d) &&
        (after === undefined || after > d || (next === undefined && k < lines.length && isTitleAt(lines, k, d))) &&
        (prevIndent === undefined || prevIndent !== d || prevHeading);
    }
    if (heading) headings.push(t);
    prevIndent = d;
    prevHeading = heading;
  }
  const text = lines.filter((_, i) => !underline.has(i)).join('\n');
  return { text, headings, code: [], rows: [] };
}

/**
 * A title over an underline: the mark at least two thirds of the title's length, the title
 * neither a box's line (`* note *` over `*****`) nor a table's header row (columns parted by
 * three blanks or more).
 */
function titleShapedUnderlined(t: string, under: string): boolean {
  return (
    t.length >= 2 &&
    t.length <= MAX_TITLE &&
    /\p{L}/u.test(t) &&
    !t.startsWith(under[0]!) &&
    !/\S {3,}\S/.test(t) &&
    under.length * 3 >= t.length * 2
  );
}

/**
 * Is line k, at indentation d like a heading before it, a numbered title (a chapter's title over
 * its first section's, "Chapter 4. Required files" over "4.1. control")? A title page's copyright
 * lines, one over the other, are none.
 */
function isTitleAt(lines: readonly string[], k: number, d: number): boolean {
  const t = clean(lines[k]!);
  if (indentation(lines[k]!) !== d || !titleShaped(t) || !/^(?:\d{1,3}|[A-Z])(?:\.\d{1,3})*\.?\s/.test(t)) return false;
  return k + 1 >= lines.length || blank(lines[k + 1]!) || indentation(lines[k + 1]!) > d;
}

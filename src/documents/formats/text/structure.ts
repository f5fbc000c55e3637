// What a plain text file's layout says of its structure, where it has no markup: the indentation
// its body is set at, headings standing out of it (a manual page as `man` or groff writes it as
// text: NAME, SYNOPSIS and "   Traditional usage" left of a body indented seven columns; RFC-style
// "1.  Introduction" over a body indented three), headings by the interface's own cues where the
// body starts at the margin (a short ALL-CAPS line, a numbered title, a keyword such as
// Introduction, standing alone), list items with their wrapped lines, and a manual page's header
// and footer lines. Pure: lines in, decisions out.
import { isContentsTitle } from '../../contents-title.ts';
import { joinLines } from '../pdf/clean.ts';
import { headingShape, notHeadingKind } from '../pdf/headings.ts';

/**
 * Columns of leading blanks, tabs to the next multiple of eight; a no-break space is one (w3m,
 * which writes DocBook's text outputs, indents its paragraphs with them).
 */
export function indentOf(line: string): number {
  let col = 0;
  for (const ch of line) {
    if (ch === ' ' || ch === '\u00a0') col++;
    else if (ch === '\t') col = (Math.floor(col / 8) + 1) * 8;
    else break;
  }
  return col;
}

/** Share of a text's prose an indentation must hold to be its body's. */
const BODY_SHARE = 0.1;
/** Shortest line counted as prose: titles, contents entries and terms are shorter. */
const PROSE_LINE = 40;

/**
 * The indentation the text's body is set at: the smallest one holding BODY_SHARE or more of the
 * characters of its prose lines (PROSE_LINE or longer; all lines when it has none): a manual
 * page's seven columns, though its option descriptions at fourteen may hold more; DocBook's text
 * output's four, though its titles and contents list stand at the margin; an RFC's three; the
 * margin in most files.
 */
export function bodyIndent(lines: readonly string[]): number {
  const prose = lines.filter((l) => l.trim().length >= PROSE_LINE);
  const weight = new Map<number, number>();
  let total = 0;
  for (const l of prose.length > 0 ? prose : lines) {
    const t = l.trim();
    if (t.length === 0) continue;
    const at = indentOf(l);
    weight.set(at, (weight.get(at) ?? 0) + t.length);
    total += t.length;
  }
  let best = Infinity;
  for (const [at, w] of weight) if (w >= total * BODY_SHARE && at < best) best = at;
  return best === Infinity ? 0 : best;
}

/** A contents line's number, any case after it: "4.1. control", "A.3. Multiarch", "2. First steps". */
const ENTRY_NUMBER = /^(?:\d{1,3}(?:\.\d{1,3}){0,4}\.?|[A-Z](?:\.\d{1,3}){0,4}\.)\s+\S/;

/** Longest heading line: a section label is at most 90 characters (the interface's rule 3). */
export const MAX_HEADING = 90;
/** Longest heading set left of the body without a heading's shape ("   Traditional usage"). */
const MAX_OUTDENTED = 60;

/**
 * Is this line a heading? `indent` is its indentation, `next` the next line's (undefined: a blank
 * line or the end follows), `body` the text's body indentation (bodyIndent). A heading stands
 * alone or over lines set deeper than itself (`nextText`: the next line; a numbered title there
 * makes the line a contents list's chapter over its sections). Set left of the body, it is a short
 * line that does not end as a sentence or a clause does and holds no column gap (a manual page's
 * NAME, "   Traditional usage", "EXIT STATUS"), and alone it needs a heading's shape as well (a
 * title page's "Copyright © 2010 Craig Small" is none); at the body's indentation it needs a heading's shape
 * (headingShape: numbered, ALL CAPS, a keyword) and must stand alone; deeper, it is none. Admonition
 * labels, captions and bullets never are (notHeadingKind).
 */
export function isTextHeading(
  line: string,
  indent: number,
  next: number | undefined,
  body: number,
  nextText = '',
): boolean {
  const t = line.trim();
  if (t.length < 2 || t.length > MAX_HEADING) return false;
  if (next !== undefined && next <= indent) return false;
  // Over a numbered title set deeper: a contents list's chapter over its sections.
  if (next !== undefined && headingShape(nextText) === 'numbered') return false;
  if (!/^[\p{L}\p{N}"'“‘«([]/u.test(t)) return false;
  const never = notHeadingKind(t);
  // Set out of the body, a manual page's NOTES or SEE ALSO is its section, not an admonition.
  if (indent < body)
    return (
      (never === null || never === 'admonition') &&
      // Alone, it needs a heading's shape too ("Copyright © 2010 Craig Small" on a title page).
      (next !== undefined || never === 'admonition' || ENTRY_NUMBER.test(t) || headingShape(t) !== null) &&
      t.length <= MAX_OUTDENTED &&
      !/[.,;:!]$/.test(t) &&
      !/\S {3,}\S/.test(t) &&
      /\p{L}{2}/u.test(t)
    );
  return never === null && next === undefined && indent <= body && headingShape(t) !== null;
}

/** A manual page's name and section as its header and footer give them: "TAR(1)", "git-log(1)". */
const PAGE_NAME = /^[\p{L}\p{N}_.:+-]+\([0-9][\p{L}\p{N}]*\)$/u;

/**
 * The lines of a manual page set as text that are its header and footer ("TAR(1)   GNU TAR
 * Manual   TAR(1)" and "tar 1.34   February 2021   TAR(1)", on every page where the formatter
 * paginated): lines of fields parted by three blanks or more whose last field is the page's
 * name and section, as its first non-blank line opens and ends with it. Indexes into `lines`; none
 * when the text does not open so.
 */
export function manPageFurniture(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  const first = lines.findIndex((l) => l.trim().length > 0);
  if (first < 0) return out;
  const head = lines[first]!.trim().split(/\s{3,}/);
  const name = head[head.length - 1]!;
  if (head.length < 2 || head[0] !== name || !PAGE_NAME.test(name)) return out;
  for (const [i, l] of lines.entries()) {
    const fields = l.trim().split(/\s{3,}/);
    if (fields.length >= 2 && fields[fields.length - 1] === name) out.add(i);
  }
  return out;
}

/** A list item's first line: a bullet or a number of at most three digits, then text. */
export const ITEM = /^\s*(?:[-*•]|\d{1,3}[.)])\s+\S/;

/**
 * A paragraph's lines as list items, each with its wrapped lines joined, when it is a list: it
 * opens with an item, has two items or more, and every other line is set deeper than the item
 * it continues (a changelog's "* Fix the parser when\n  the input is empty."). Else null.
 */
export function itemRuns(lines: readonly string[]): string[] | null {
  if (lines.length < 2 || !ITEM.test(lines[0]!)) return null;
  const items: string[] = [];
  let at = 0;
  for (const l of lines) {
    if (ITEM.test(l)) {
      items.push(l.trim());
      at = indentOf(l);
    } else if (indentOf(l) > at) items[items.length - 1] = joinLines(items[items.length - 1]!, l.trim());
    else return null;
  }
  return items.length >= 2 ? items : null;
}

/**
 * The character a line of one repeated mark underlines a title with (`=`, `-`, `~`, `^`, `*`, `#`,
 * `+`: setext, reStructuredText and AsciiDoc titles), two or more of it and nothing else; else null.
 * Two only under a title as short (textBlocks: "jq" over "=="); three or more under any.
 */
export function underlineOf(line: string): string | null {
  const m = /^[ \t]*([=\-~^*#+])\1+[ \t]*$/.exec(line);
  return m ? m[1]! : null;
}

/** Columns deeper than a margin body that make an indented paragraph a code block. */
const CODE_INDENT = 4;

/**
 * What only code writes on a line: a prompt (`$ make`, `# apt install`, `>>> x`), a line ending in
 * `{ } ; \\` or opening with a closing bracket, a call (`main(`), an option (` -v`, ` --all`), a
 * path (`/usr/lib`, `./configure`, `~/.bashrc`), an assignment (`CFLAGS=-O2`).
 */
const CODE_SIGNAL = /^\s*(?:[$#%]|>>>)\s|[{};\\]\s*$|^\s*[}\])]|\w\(|(?:^|\s)--?[A-Za-z]|(?:^|\s)[.~]?\.?\/[\w.]|\w=\S/;
/** A line of wrapped prose: long, or the last, ending a sentence. */
const PROSE_WRAP = 45;

/**
 * A paragraph's lines as a code block, each line kept with the indentation it has beyond the
 * block's own, when the text's body starts at the margin, every line of the paragraph is set
 * CODE_INDENT columns or more in (the plain text convention Markdown took its indented code from:
 * a README's `    ./configure`), and it reads as code: a line with CODE_SIGNAL, lines set at
 * different depths, or short lines opening with a lower-case command and ending no sentence
 * (`sudo make install`); never wrapped prose (its lines long, its last ending a sentence: a
 * licence's indented "a) The work must carry prominent notices ..."), nor a centred title. Else
 * null. A text whose body is indented itself (a manual page, an RFC) sets definitions and examples
 * alike deeper: there, indentation says nothing.
 */
export function codeLines(lines: readonly string[], body: number): string[] | null {
  if (body !== 0 || lines.length === 0) return null;
  let least = Infinity;
  let most = 0;
  for (const l of lines) {
    least = Math.min(least, indentOf(l));
    most = Math.max(most, indentOf(l));
  }
  if (least < CODE_INDENT) return null;
  const trimmed = lines.map((l) => l.trim());
  const last = trimmed[trimmed.length - 1]!;
  const wrapped = /[.!?:]$/.test(last) && trimmed.slice(0, -1).every((t) => t.length >= PROSE_WRAP);
  if (wrapped || isCentred(lines)) return null;
  const code =
    most > least ||
    trimmed.some((t) => CODE_SIGNAL.test(t)) ||
    trimmed.every((t) => /^[a-z][\w.+-]*(?:\s|$)/.test(t) && !/[.!?]$/.test(t));
  if (!code) return null;
  return lines.map((l) => {
    const expanded = l.replace(/^[ \t\u00a0]+/, (lead) => ' '.repeat(indentOf(lead)));
    return expanded.slice(least).trimEnd();
  });
}

/**
 * A paragraph's lines when each is a numbered title of its own (two or more, each opening with a
 * section's number: a contents list's lines, "1.1. Social dynamics of Debian" under "1. Getting
 * started", "4.1. control", "A.3. Multiarch"), to be read a block each; else null. A numbered list
 * whose lines are all items is read as items before this is asked.
 */
export function titleLines(lines: readonly string[]): string[] | null {
  if (lines.length < 2) return null;
  const out = lines.map((l) => l.trim());
  return out.every((t) => ENTRY_NUMBER.test(t) && t.length <= MAX_HEADING) ? out : null;
}

/**
 * Lines set centred: two or more, each line's middle within two columns of the first's, the block set well in
 * (CENTRED_INDENT columns or more: a title page's "GNU GENERAL PUBLIC LICENSE" over "Version 3, 29
 * June 2007").
 */
export function isCentred(lines: readonly string[]): boolean {
  const middles = lines.map((l) => indentOf(l) + l.trim().length / 2);
  return (
    lines.length >= 2 &&
    lines.every((l) => indentOf(l) >= CENTRED_INDENT) &&
    middles.every((m) => Math.abs(m - middles[0]!) <= 2)
  );
}

const CENTRED_INDENT = 8;

/**
 * Does the text declare Emacs's outline mode on its first non-blank line (`GNU grep NEWS
 * -*- outline -*-`, as GNU packages' NEWS files do)? Then its lines starting with stars at the
 * margin are its headings (outlineHeading), where elsewhere `* ` opens a list item.
 */
export function declaresOutline(lines: readonly string[]): boolean {
  const first = lines.find((l) => l.trim().length > 0);
  return first !== undefined && /-\*-\s*(?:mode:\s*)?outline\s*(?:;[^*]*)?-\*-/i.test(first);
}

/**
 * An outline-mode text's heading line: its stars at the margin give its level (`* Noteworthy
 * changes in release 3.8` 1, `** Bug fixes` 2), the title follows; null for any other line or
 * a title longer than a section label may be.
 */
export function outlineHeading(line: string): { level: number; text: string } | null {
  const m = /^(\*{1,6})[ \t]+(\S.*)$/.exec(line);
  if (!m) return null;
  const text = m[2]!.trim();
  return text.length <= MAX_HEADING ? { level: m[1]!.length, text } : null;
}

/** A section number opening a line, as a contents entry and its section's title share it ("4.41.1."). */
const NUMBER_AT_START = /^(?:\d{1,3}(?:\.\d{1,3}){0,4}\.?|[A-Z](?:\.\d{1,3}){0,4}\.)(?=\s)/;

/**
 * The lines of a contents list whose entries are worded unlike the headings they list (a FAQ's
 * "4.41.1. ... ssed solution" for "4.41.1. - ssed and Perl solution", so that matching titles
 * misses them): a "Contents" or "Table of Contents" line, then numbered entries and the lines
 * set deeper than the first entry (an entry's wrapped line, a group's name), blank lines among
 * them, up to a line that is neither or repeats an entry. A list only when most of its entries'
 * numbers open a line again after it (the sections it lists); a "Contents:" over a numbered list
 * of files is none. Indexes into `lines`; read only where a contents title stands.
 */
export function contentsRun(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    // A contents list's title alone on its line, a colon after it or not (contents-title.ts).
    if (!isContentsTitle(lines[i]!.trim().replace(/:$/, ''))) continue;
    const run: number[] = [];
    const numbers: string[] = [];
    const seen = new Set<string>();
    let first = -1;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const t = lines[j]!.trim().replace(/\s+/g, ' ');
      if (t.length === 0 || t === '\u00a0') continue;
      if (seen.has(t)) break;
      const at = indentOf(lines[j]!);
      const n = NUMBER_AT_START.exec(t);
      if (n && ENTRY_NUMBER.test(t)) {
        if (first < 0) first = at;
        seen.add(t);
        numbers.push(n[0]);
      } else if (!(first >= 0 && at > first)) break;
      run.push(j);
    }
    if (numbers.length < 2) continue;
    const later = new Set<string>();
    for (let k = j; k < lines.length; k++) {
      const n = NUMBER_AT_START.exec(lines[k]!.trim());
      if (n) later.add(n[0]);
    }
    if (numbers.filter((n) => later.has(n)).length * 2 < numbers.length) continue;
    out.add(i);
    for (const r of run) out.add(r);
    i = j - 1;
  }
  return out;
}

// Line breaks (`<br>`) outside listings, and boxes whose lines are set by them. A `<br>` is a
// line the page shows apart: grohtml (groff -Thtml) writes every `.br`, `.SS` title and the first
// `.TP` tag after a paragraph so ("<b>POSITIONAL OPTIONS</b> <br>Positional options ...<br>
// -daystart"), man2html the lines of a `.nf` block and key bindings, tex4ht its contents list
// ("1 Introduzione<br>1.1 ...") and the lines of a LaTeX listing (`div.fancyvrb`), pages their
// address lines. Read as a space, they ran into one paragraph. Pure.

/** Shortest line that reads as a line of running text wrapped by a `<br>` (a poem's line, a command, an address line are shorter). */
const WRAPPED_LINE_CHARS = 40;

/**
 * Does the `<br>` between two lines only wrap running text, to be read as a space? When the line
 * before is as long as a line of text (WRAPPED_LINE_CHARS), ends inside a sentence (a letter, a
 * digit, a comma, a closing bracket or quote; no full stop, colon or semicolon) and the line
 * after goes on in lower case (man2html's "... after any comparison operator,<BR> extends to the
 * end of the line;"). A title, a tag, a command, an address line or an item after it is a line of
 * its own.
 */
export function wrapsRunningText(before: string, after: string): boolean {
  const b = before.trim();
  const a = after.trim();
  if (b.length < WRAPPED_LINE_CHARS) return false;
  if (!/[\p{L}\p{N},)\]’”"']$/u.test(b)) return false;
  return /^\p{Ll}/u.test(a);
}

/**
 * The lines of a block set apart by `<br>`, grouped into the blocks they read as: the index of
 * each group's first line (a line that only wraps running text goes on with the one before:
 * wrapsRunningText). Empty lines (two `<br>` in a row, one at the block's end) open no group and
 * end the running one.
 */
export function lineGroupStarts(lines: readonly string[]): number[] {
  const out: number[] = [];
  let prev: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') {
      prev = undefined;
      continue;
    }
    if (prev === undefined || !wrapsRunningText(prev, line)) out.push(i);
    prev = line;
  }
  return out;
}

/**
 * The class names of a box that sets a listing's lines by line breaks or a block per line, not
 * by `<pre>`: tex4ht writes LaTeX's `verbatim` and fancyvrb's `Verbatim` as `div.fancyvrb` (in a
 * `div.verbatim`), a `<br class="fancyvrb">` after each line, and `alltt` as `div.alltt` of
 * `div.obeylines-v` lines, each word a span in the typewriter font. Read as flowing text, a shell
 * session came out as one line.
 */
const VERBATIM_BOX = /^(?:fancyvrb|alltt|verbatim)$/;

/** Is the element a listing set without `<pre>` (VERBATIM_BOX): read as code, a line per `<br>` or block. */
export function isVerbatimBox(name: string, attrs: Record<string, string>): boolean {
  if (name !== 'div' && name !== 'p') return false;
  // Asked of every box: no split of its class unless it can name one.
  const c = attrs.class;
  if (c === undefined || !/fancyvrb|alltt|verbatim/i.test(c)) return false;
  return c
    .toLowerCase()
    .split(/\s+/)
    .some((c) => VERBATIM_BOX.test(c));
}

/**
 * A text node inside a listing set without `<pre>` (isVerbatimBox): the source's line ends are no
 * characters of the listing (its lines end at `<br>` and blocks), so a run of blanks that holds
 * one goes, and a line end inside text is a space; spaces, the listing's own, stay.
 */
export function verbatimBoxText(data: string): string {
  if (!/[\r\n]/.test(data)) return data;
  if (data.trim() === '') return '';
  return data.replace(/[ \t]*[\r\n]+[ \t]*/g, ' ');
}

/** The inline elements of typewriter text: a listing's lines set in them are code. */
export const MONO = new Set(['code', 'tt', 'kbd', 'samp']);

/** The characters of a text that are no blank (JavaScript's \s: no-break spaces are blanks). */
export function inkChars(text: string): number {
  return text.replace(/\s+/g, '').length;
}

/**
 * Are the lines of a block set apart by `<br>` a listing? Two lines with text or more, and every
 * character of every line (blanks aside) inside typewriter elements (MONO): man2html sets a
 * `.nf` example so ("<TT>_completion_loader()<BR>{<BR><TT>&nbsp;...</TT>. "/etc/..." ...<BR>}</TT>"),
 * whose braces, no words, a paragraph reading would lose. `chars`: a line's characters that are no
 * blank; `mono`: those inside typewriter elements. A line of prose with a command in it is no listing.
 */
export function isTypewriterLines(lines: readonly { chars: number; mono: number }[]): boolean {
  let withText = 0;
  for (const l of lines) {
    if (l.chars === 0) continue;
    if (l.mono < l.chars) return false;
    withText++;
  }
  return withText >= 2;
}

/**
 * A line of a listing set with `<br>` (isTypewriterLines) as it shows: the source's blanks (line
 * ends, runs of spaces) one space, none at the line's ends, and the no-break spaces that indent it
 * kept as spaces ("&nbsp;&nbsp;. file" -> "  . file").
 */
export function typewriterLine(raw: string): string {
  return raw
    .replace(/[ \t\r\n\f]+/g, ' ')
    .replace(/^ | $/g, '')
    .replace(/\u00a0/g, ' ')
    .trimEnd();
}

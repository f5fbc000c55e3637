// A note's reference mark in the text: pandoc writes `<a href="#fn1" class="footnote-ref"
// role="doc-noteref"><sup>1</sup></a>`, Python-Markdown and markdown-it `<sup><a
// class="footnote-ref" href="#fn:1">1</a></sup>`, Docutils before 0.18 `<a
// class="footnote-reference brackets" href="#id3">1</a>` (the brackets by CSS). Read as text,
// the number ran into the word before it: "kernel >= 4.18" and note 1 read "4.181". Pure.

/** The class names generators give a note's reference. */
const NOTE_REF_CLASS = /^(?:footnote-ref|footnote-reference|footnoteref|noteref)$/;

/**
 * Is a link a note's reference: by its role (`doc-noteref`) or class (NOTE_REF_CLASS), or a link
 * into the page (`inPage`) inside a superscript (`inSup`) whose text is a number of up to three
 * digits (`text`).
 */
export function isNoteReference(attrs: Record<string, string>, inSup: boolean, inPage: boolean, text = ''): boolean {
  if (attrs.role?.trim().toLowerCase() === 'doc-noteref') return true;
  if (
    (attrs.class ?? '')
      .toLowerCase()
      .split(/\s+/)
      .some((c) => NOTE_REF_CLASS.test(c))
  )
    return true;
  return inSup && inPage && /^\s*\d{1,3}\s*$/.test(text);
}

/**
 * A note reference's text as the reader reads it: a bare mark (a number, a letter or two, a
 * symbol: "1", "a", "*", "†") in brackets, "[1]", as pandoc's plain text writes it, so that it
 * stays apart from the word it follows; a mark the page brackets already ("[1]", "(2)"), or text
 * longer than a mark, as it is.
 */
export function noteMark(text: string): string {
  const t = text.trim();
  if (!/^[\p{L}\p{N}*†‡§¶#]{1,4}$/u.test(t)) return text;
  return `[${t}]`;
}

/**
 * A `div` that holds a page's footnotes: makeinfo's `div.footnote` (6) and
 * `div.footnotes-segment` (7), under their "Footnotes" heading. Read like a note aside: each
 * note's number, which makeinfo sets as a heading of its own (`<h5><a href="#DOCF2">(2)</a></h5>`),
 * opens the note's paragraph (noteNumber).
 */
export function isNotesDiv(name: string, attrs: Record<string, string>): boolean {
  if (name !== 'div') return false;
  return (attrs.class ?? '')
    .toLowerCase()
    .split(/\s+/)
    .some((c) => /^(?:footnotes?|footnotes-segment)$/.test(c));
}

/** A block that is only a note's number, bare or bracketed: "2", "[2]", "(2)". */
export function isNoteNumber(text: string): boolean {
  return /^(?:\d{1,4}|\[\d{1,4}\]|\(\d{1,4}\))$/.test(text.trim());
}

/** makeinfo's heading over a page's notes, `<h4 class="footnotes-heading">Footnotes</h4>` (6 and 7). */
export function isNotesHeading(name: string, attrs: Record<string, string>): boolean {
  return /^h[1-6]$/.test(name) && /(?:^|\s)footnotes-heading(?:\s|$)/i.test(attrs.class ?? '');
}

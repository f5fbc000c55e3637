// Which of the text formats (HTML, Markdown, plain text) bytes are, for the sniffs of those three
// formats: one decision, because an HTML fragment and a Markdown file are told apart by counting
// the marks of both. Light (no parser): detection runs on the main thread.
import { isUtf8 } from 'node:buffer';

/** How much of a text file the Markdown/HTML/text decision reads. */
const SAMPLE_BYTES = 64 * 1024;

/** C0 controls other than tab, line feed, form feed and carriage return: a binary file, not text. */
function hasBinaryControls(b: Uint8Array): boolean {
  const end = Math.min(b.length, SAMPLE_BYTES);
  for (let i = 0; i < end; i++) {
    const c = b[i]!;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) return true;
  }
  return false;
}

/**
 * Leading `<!doctype html>`, `<html>`, `<head>` or `<body>` (after a BOM, an HTTP header, blanks,
 * comments, an XML declaration).
 */
export function looksLikeHtml(b: Uint8Array): boolean {
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.byteLength, 4096)).toString('latin1');
  return HTML_START.test(head);
}

/**
 * An HTTP header a CGI program writes before its page ("Content-type: text/html; charset=UTF-8"
 * and a blank line: Debian's man2html, run on a file, writes it first): header lines, each a name,
 * a colon and a value, ended by an empty line.
 */
const HTTP_HEADER = String.raw`(?:[A-Za-z][\w-]*:[ \t][^\r\n]*\r?\n)+\r?\n`;
const PAGE_START = String.raw`\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)[\s>]`;
const HTML_START = new RegExp(`^(?:\xef\xbb\xbf|\ufeff)?(?:${HTTP_HEADER})?${PAGE_START}`, 'i');
const HEADER_BEFORE_PAGE = new RegExp(`^(\ufeff?)${HTTP_HEADER}(?=${PAGE_START})`, 'i');

/**
 * The page without the HTTP header a CGI program wrote before it (see HTTP_HEADER): a browser
 * never shows the header, and read as text it opened the first chunk ("Content-type: text/html;
 * charset=UTF-8"). Text with no such header before an HTML start is returned as it is.
 */
export function withoutHttpHeader(html: string): string {
  const m = HEADER_BEFORE_PAGE.exec(html);
  return m ? m[1]! + html.slice(m[0].length) : html;
}

/** Block-level tags that open an HTML fragment without <html> (a saved article, an export). */
const HTML_BLOCK_TAG = /<(?:p|div|h[1-6]|ul|ol|li|table|tr|td|pre|section|article|main|br|a\s+href)[\s>/]/gi;

const MD_RULES: RegExp[] = [
  /^#{1,6}[ \t]+\S/m, // ATX heading
  /^(?:```|~~~)/m, // fenced code
  /^\S.*\n(?:=+|-+)[ \t]*$/m, // setext heading
  /^\|?[ \t]*:?-{3,}:?[ \t]*\|/m, // GFM table delimiter row
  /\[[^\]\n]+\]\((?:[^)\s]+)\)/, // inline link
  /^\[[^\]\n]+\]:[ \t]*\S+/m, // link reference definition
  /^[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S/m, // list item
  /(?:\*\*|__)\S[^\n]*?\S(?:\*\*|__)/, // strong emphasis
  /`[^`\n]+`/, // code span
  /^>[ \t]?\S/m, // block quote
];

export type TextKind = 'html' | 'markdown' | 'text';

/**
 * Markdown, HTML or plain text, for text already known to be valid UTF-8. HTML: it opens like a
 * document, or it is a fragment with several block tags and more tags than Markdown marks.
 * Markdown: at least two of its marks (one heading, fence, setext underline or table suffices).
 * Everything else is text.
 */
export function classifyText(text: string): TextKind {
  const t = text.replace(/^\uFEFF/, '');
  if (HTML_START.test(t)) return 'html';
  const tags = t.match(HTML_BLOCK_TAG)?.length ?? 0;
  const lead = /^\s*<(?:p|div|h[1-6]|ul|ol|table|section|article|main)[\s>]/i.test(t);
  // The first four marks (heading, fence, setext heading, table) are rare in text: they count twice.
  let marks = 0;
  for (const [i, r] of MD_RULES.entries()) if (r.test(t)) marks += i < 4 ? 2 : 1;
  if (lead && tags >= 2 && marks < 3) return 'html';
  if (tags >= 5 && marks <= 2) return 'html';
  if (marks >= 2) return 'markdown';
  return 'text';
}

// The three sniffs ask in turn about the same bytes: the answer is kept while the bytes live
// (weakly: a document's bytes are not held for it).
const known = new WeakMap<Uint8Array, TextKind | null>();

/**
 * The text kind of bytes that are valid UTF-8 without binary controls, else null (binary, or
 * another encoding: only HTML, which may declare its charset, is read then, by `looksLikeHtml`).
 */
export function textKind(bytes: Uint8Array): TextKind | null {
  const seen = known.get(bytes);
  if (seen !== undefined) return seen;
  const kind =
    !isUtf8(bytes) || hasBinaryControls(bytes)
      ? null
      : classifyText(new TextDecoder().decode(bytes.subarray(0, SAMPLE_BYTES)));
  known.set(bytes, kind);
  return kind;
}

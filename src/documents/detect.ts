// Which format a document is in, from its bytes alone (magic numbers and structure), never from
// its file name or declared Content-Type. One line per format; null when it is none we read.
import { isUtf8 } from 'node:buffer';
import { looksLikePdf } from './formats/pdf/sniff.ts';
import type { DocumentFormat } from './types.ts';

/** The formats the chunking endpoint accepts, as the API documents and error messages name them. */
export const ACCEPTED_FORMATS = 'PDF, Word (.docx), HTML, Markdown and plain UTF-8 text';

export function detectFormat(bytes: Uint8Array): DocumentFormat | null {
  if (bytes.length === 0) return null;
  if (looksLikePdf(bytes)) return 'pdf';
  if (isZip(bytes)) return looksLikeDocx(bytes) ? 'docx' : null;
  if (looksLikeHtml(bytes)) return 'html'; // before the UTF-8 test: HTML may declare another charset
  if (!isUtf8(bytes) || hasBinaryControls(bytes)) return null;
  return classifyText(new TextDecoder().decode(bytes.subarray(0, SAMPLE_BYTES)));
}

/** How much of a text file the Markdown/HTML/text decision reads. */
const SAMPLE_BYTES = 64 * 1024;

/** A local file header ("PK\3\4") or the end record of an empty archive ("PK\5\6"). */
function isZip(b: Uint8Array): boolean {
  return b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6));
}

const CONTENT_TYPES = Buffer.from('[Content_Types].xml');
const WORD_DOCUMENT = Buffer.from('word/document.xml');

/**
 * A zip whose entries (names are stored uncompressed, in the local headers and the central
 * directory) include the OPC content-type list and a WordprocessingML main part. The DOCX
 * reader then checks the archive properly; a spreadsheet (xl/workbook.xml) or any other zip is not this.
 */
function looksLikeDocx(b: Uint8Array): boolean {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  return buf.includes(CONTENT_TYPES) && buf.includes(WORD_DOCUMENT);
}

/** C0 controls other than tab, line feed, form feed and carriage return: a binary file, not text. */
function hasBinaryControls(b: Uint8Array): boolean {
  const end = Math.min(b.length, SAMPLE_BYTES);
  for (let i = 0; i < end; i++) {
    const c = b[i]!;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) return true;
  }
  return false;
}

/** Leading `<!doctype html>`, `<html>`, `<head>` or `<body>` (after a BOM, blanks, comments, an XML declaration). */
function looksLikeHtml(b: Uint8Array): boolean {
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.byteLength, 4096)).toString('latin1');
  return HTML_START.test(head);
}

const HTML_START =
  /^(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)[\s>]/i;

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

/**
 * Markdown, HTML or plain text, for text already known to be valid UTF-8. HTML: it opens like a
 * document, or it is a fragment with several block tags and more tags than Markdown marks.
 * Markdown: at least two of its marks (one heading, fence, setext underline or table suffices).
 * Everything else is text.
 */
export function classifyText(text: string): 'html' | 'markdown' | 'text' {
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

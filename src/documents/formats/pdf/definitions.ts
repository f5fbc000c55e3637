// Texinfo's definition lines (@deftypefn, @deffn, @defmac, @deftp, ...): the signature with its
// category flush right on the first line ("int lib_encode (const char * input, ...
// [Function]"). A signature too long for its line wraps, and the category stays at the end of
// the first line: the reader gets "char ** output, int [Function]" then "flags)" on a line of its
// own, or run into the description ("lib err code t code) The static inline function ...").
import type { DocumentBlock } from '../../blocks.ts';
import type { TextLine } from './types.ts';
import { blockFrom, countAlnum, pageAt } from '../../page-turns.ts';

/** A category: one to four words in brackets, the first capitalised ("[Function]", "[Data type]"). */
const CATEGORY_WORDS = String.raw`\[\p{Lu}[\p{L}-]*(?: [\p{L}-]+){0,3}\]`;
export const CATEGORY_CELL = new RegExp(`^${CATEGORY_WORDS}$`, 'u');
/** A category at the end of a line. */
const CATEGORY = new RegExp(String.raw`^(.*\S)\s+(?:\|\s+)?(${CATEGORY_WORDS})$`, 'u');
/** How far the wrapped part may run: a signature of a few lines, never a paragraph. */
const MAX_TAIL = 300;
const MAX_BLOCKS = 3;

/**
 * A definition line: its last piece, set apart by a gap wider than a word space, is a category
 * ("int f (int x) [Function]" with "[Function]" flush right). It ends its paragraph: the next
 * definition line (@deftypefunx) or the description is a paragraph of its own. A citation at a
 * line's end ("as shown in [Knuth]") is no piece of its own.
 */
export function isDefinitionLine(l: Pick<TextLine, 'pieces'>): boolean {
  const pieces = l.pieces;
  return pieces !== undefined && pieces.length >= 2 && CATEGORY_CELL.test(pieces[pieces.length - 1]!.text);
}

/** Open "(" less closed ")" in `s`. */
function depth(s: string): number {
  let d = 0;
  for (const ch of s) {
    if (ch === '(') d++;
    else if (ch === ')') d--;
  }
  return d;
}

/** The end (index after the closing bracket) in `s` where `open` unclosed "(" are all closed, or -1. */
function closesAt(s: string, open: number): number {
  let d = open;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') d++;
    else if (s[i] === ')' && --d === 0) return i + 1;
  }
  return -1;
}

/**
 * The blocks with each wrapped definition line made whole: a paragraph that ends with a category
 * after a signature whose "(" is still open takes from the next paragraphs (same page, at most
 * three, 300 characters) the text up to the ")" that closes it, and ends with its category again;
 * what stays of the next paragraph (the description run into it) stays a paragraph of its own,
 * on the page it starts on. The closing paragraph may turn onto the next page after the
 * signature's end (a Texinfo page break right after a definition line); nothing changes where the
 * brackets never close in reach, the signature itself crosses a page, or the blocks are not
 * paragraphs.
 */
export function joinWrappedDefinitions(blocks: readonly DocumentBlock[]): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  // What stays of a paragraph after its signature's end is looked at again: it may open the next
  // definition line (@deftypefunx: "rnd t rnd) int lib_mul_si (..., rnd t [Function]").
  const todo = [...blocks];
  for (let i = 0; i < todo.length; i++) {
    const b = todo[i]!;
    // A quick no first: the category closes the text (most paragraphs end otherwise).
    const m = b.kind === 'paragraph' && !b.pageTurns && b.text.endsWith(']') ? CATEGORY.exec(b.text) : null;
    const open = m ? depth(m[1]!) : 0;
    if (!m || open <= 0) {
      out.push(b);
      continue;
    }
    let tail = '';
    let end = -1;
    let j = i + 1;
    for (; j < todo.length && j <= i + MAX_BLOCKS; j++) {
      const n = todo[j]!;
      if (n.kind !== 'paragraph' || n.page !== b.page) break;
      const at = closesAt(n.text, open - depth(tail));
      // The closing paragraph may turn onto the next page after the signature's end (a
      // description run into it, or the next definition line, on the next page).
      if (at >= 0 && pageAt(n, Math.max(0, countAlnum(n.text.slice(0, at)) - 1)) === b.page) {
        end = at;
        break;
      }
      if (at >= 0 || n.pageTurns) break;
      tail = tail ? `${tail} ${n.text}` : n.text;
      if (tail.length > MAX_TAIL) break;
    }
    if (end < 0 || tail.length + end > MAX_TAIL) {
      out.push(b);
      continue;
    }
    const last = todo[j]!;
    const signature = [m[1], tail, last.text.slice(0, end)].filter((s) => s).join(' ');
    out.push({ ...b, text: `${signature} ${m[2]}` });
    const rest = blockFrom(last, end);
    if (rest.text) {
      todo[j] = rest;
      i = j - 1;
    } else i = j;
  }
  return out;
}

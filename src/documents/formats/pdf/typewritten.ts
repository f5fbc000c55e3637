// A PDF typed wholly in one monospaced face: a text file printed (LibreOffice or a browser opening
// a .txt, enscript, a2ps, an RFC's PDF). Its fixed pitch says nothing about code, since every line
// has it: read as code, the whole document came back as one listing, line breaks kept and no
// section found. Such a document is read as the text it was: each line at the column its first
// glyph stands at, blank lines where the line pitch opens, and the plain text reader's rules
// (text/extract.ts: body indentation, headings, items, code) over it; each block then takes the
// page it starts on and its page turns from where its letters stand. Pure.
import type { DocumentBlock, PageTurn } from '../../blocks.ts';
import { median } from '../../median.ts';
import { countAlnum } from '../../page-turns.ts';
import type { PageText, TextLine } from './types.ts';

/** Share of a document's characters (spaces aside) in monospaced lines from which it is typewritten. */
const TYPEWRITTEN_SHARE = 0.97;
/** Least characters for the judgement: a page of a few code lines is no printed text file. */
const MIN_CHARS = 400;

const visible = (s: string): number => s.length - (s.match(/\s/g)?.length ?? 0);

/**
 * Whether a document's text is typed in a monospaced face throughout: at least 97 % of its
 * characters on monospaced lines, no line tagged by a structure tree (a tagged PDF says itself
 * what its blocks are), and at least 400 characters.
 */
export function isTypewritten(pages: readonly Pick<PageText, 'lines'>[]): boolean {
  let all = 0;
  let mono = 0;
  for (const p of pages)
    for (const l of p.lines) {
      if (l.tag) return false;
      const n = visible(l.text);
      all += n;
      if (l.mono) mono += n;
    }
  return all >= MIN_CHARS && mono >= all * TYPEWRITTEN_SHARE;
}

/** A typewritten document as text, with what placeBlocks needs to find each block's pages. */
export interface TypedText {
  text: string;
  /** The text's letters and digits, in order. */
  letters: string;
  /** The page of each of `letters`' code units. */
  pageOf: Uint32Array;
}

/**
 * The document's text as typed: each line indented by the columns between the pages' left margin
 * (the least left edge of a line) and its first glyph, in the document's character advance; a blank
 * line for each line pitch more than one between two lines of a page (the pitch:
 * commonLeast). Pages follow one another without a break (a paragraph runs on over a turn).
 */
export function typedText(pages: readonly Pick<PageText, 'lines' | 'number'>[]): TypedText {
  const lines = pages.flatMap((p) => p.lines);
  const advances = lines.flatMap((l) => (l.set && l.set.advance > 0 ? [l.set.advance] : []));
  const advance = median(advances) || median(lines.map((l) => l.size * 0.6)) || 6;
  let margin = Number.POSITIVE_INFINITY;
  for (const l of lines) margin = Math.min(margin, lineLeft(l));
  const gaps: number[] = [];
  for (const p of pages)
    for (let i = 1; i < p.lines.length; i++) {
      const g = p.lines[i - 1]!.y - p.lines[i]!.y;
      if (g > 0) gaps.push(Math.round(g * 2) / 2);
    }
  const pitch = commonLeast(gaps) || median(lines.map((l) => l.size * 1.2)) || 12;
  const out: string[] = [];
  const letterPages: number[] = [];
  let letters = '';
  for (const p of pages)
    p.lines.forEach((l, i) => {
      if (i > 0) {
        const g = p.lines[i - 1]!.y - l.y;
        const blanks = Math.min(3, Math.round(g / pitch) - 1);
        for (let k = 0; k < blanks; k++) out.push('');
      }
      const col = Math.max(0, Math.round((lineLeft(l) - margin) / advance));
      const text = l.set?.text ?? l.text;
      out.push(' '.repeat(col) + text.trimEnd());
      for (const m of text.matchAll(/[\p{L}\p{N}]/gu)) {
        letters += m[0];
        for (let k = 0; k < m[0].length; k++) letterPages.push(p.number);
      }
    });
  return { text: out.join('\n'), letters, pageOf: Uint32Array.from(letterPages) };
}

/** A line's left edge: its first glyph's, as its setting has it when it has one. */
const lineLeft = (l: TextLine): number => l.set?.x ?? l.x;

/**
 * The line pitch: the least gap (in half units) that is common, at least 3 times and a twentieth
 * of the gaps; a text with blank lines between most of its short lines (a man page's synopsis)
 * still has its pitch where its paragraphs' lines follow one another.
 */
function commonLeast(gaps: readonly number[]): number {
  const n = new Map<number, number>();
  for (const g of gaps) n.set(g, (n.get(g) ?? 0) + 1);
  const enough = Math.max(3, gaps.length / 20);
  let best = 0;
  for (const [g, c] of n) if (c >= enough && (best === 0 || g < best)) best = g;
  return best;
}

/**
 * A line as program source ends or opens one: a statement's `;`, a block's `{` or `}`, a comment
 * (`//`, `/*`, ` * `, `#`), a closing `}` or `)` at its start, a call or definition ending it.
 */
const SOURCE_LINE =
  /[;{}]\s*$|^\s*(?:\/\/|\/\*|\*\/|#(?![#\s])|[})\]])|^\s*(?:def|class|import|from|return|if|for|while|fn|let|const|var|function|public|private|static|struct|#include|#define)\b.*[:)]\s*$|\w\([^()]*\)\s*[:;]?\s*$/;

/** Share of a text's lines that read as program source from which a printed file is a listing. */
const SOURCE_SHARE = 0.3;

/**
 * Whether a typed text is a program's source printed (a `.c` or `.py` file through enscript or an
 * editor): at least 30 % of its non-blank lines read as source (SOURCE_LINE). Such a
 * document stays one listing, as its fixed pitch said; prose, a licence, a manual page or a
 * README with a few examples reads far under it.
 */
export function readsAsSource(text: string): boolean {
  let all = 0;
  let source = 0;
  for (const l of text.split('\n')) {
    if (l.trim() === '') continue;
    all++;
    if (SOURCE_LINE.test(l)) source++;
  }
  return all > 0 && source >= all * SOURCE_SHARE;
}

/** How many letters of a block's start are looked for in the document's letters. */
const KEY = 24;

/**
 * Each block's page and page turns, from where its letters stand among the document's (`typed`):
 * the blocks come in the text's order, each found from where the one before it ended (text the
 * reader left out, a contents list, is skipped over). A block not found takes the page the search
 * stands at.
 */
export function placeBlocks(blocks: DocumentBlock[], typed: Pick<TypedText, 'letters' | 'pageOf'>): DocumentBlock[] {
  let at = 0;
  for (const b of blocks) {
    const own = (b.text.match(/[\p{L}\p{N}]/gu) ?? []).join('');
    const page = typed.pageOf[Math.min(at, typed.pageOf.length - 1)];
    if (own.length === 0) {
      if (page !== undefined) b.page = page;
      continue;
    }
    const found = typed.letters.indexOf(own.slice(0, KEY), at);
    if (found < 0) {
      if (page !== undefined) b.page = page;
      continue;
    }
    b.page = typed.pageOf[found]!;
    const turns: PageTurn[] = [];
    let last = b.page;
    const end = Math.min(found + own.length, typed.pageOf.length);
    for (let i = found; i < end; i++) {
      const pg = typed.pageOf[i]!;
      if (pg !== last) {
        turns.push({ after: countAlnum(typed.letters.slice(found, i)), page: pg });
        last = pg;
      }
    }
    if (turns.length > 0) b.pageTurns = turns;
    at = end;
  }
  return blocks;
}

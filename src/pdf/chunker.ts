// The chunker: pure and deterministic. Cuts the cleaned text into chunks of MIN..MAX code points
// at the best boundary in the window: before a heading > after a paragraph that ends a sentence >
// a sentence end inside a paragraph > any line/paragraph break > a word boundary. Never mid-word
// unless a single "word" is longer than MAX (then a hard cut is unavoidable).
import type { PdfChunk } from './types.ts';

export interface Block {
  text: string;
  /** Set when the block is a heading: the section label it opens. */
  heading?: string;
}

export interface ChunkLimits {
  min: number;
  max: number;
}

export const DEFAULT_LIMITS: ChunkLimits = { min: 800, max: 1200 };

/** Abbreviations after which a period does not end a sentence. */
const ABBREV = new Set([
  'e.g', 'i.e', 'etc', 'vs', 'cf', 'fig', 'figs', 'eq', 'eqs', 'no', 'nos', 'vol', 'pp', 'p', 'dr', 'mr', 'mrs',
  'ms', 'prof', 'sec', 'ch', 'approx', 'resp', 'al', 'ed', 'eds', 'st', 'jr', 'sr', 'inc', 'ltd', 'co', 'viz',
]);

const CLOSERS = '"\')]}\u201D\u2019\u00BB';
const OPENERS = '"\'([{\u201C\u2018\u00AB';

function isTerminal(ch: string | undefined): boolean {
  return ch === '.' || ch === '!' || ch === '?' || ch === ':' || ch === ';';
}

/** The text ends a sentence at index e (exclusive), looking back over closing quotes/brackets. */
export function endsSentence(t: string, e: number): boolean {
  let i = e - 1;
  while (i >= 0 && CLOSERS.includes(t[i]!)) i--;
  const ch = t[i];
  if (ch === '!' || ch === '?') return true;
  if (ch !== '.') return false;
  // The word before the period: an abbreviation or a single letter ("J. Smith") is not an end.
  let j = i - 1;
  while (j >= 0 && t[j] !== ' ' && t[j] !== '\n' && t[j] !== '(') j--;
  const word = t.slice(j + 1, i).toLowerCase();
  if (word.length === 1 && /\p{L}/u.test(word)) return false;
  return !ABBREV.has(word);
}

function startsSentence(ch: string | undefined): boolean {
  if (ch === undefined) return true;
  return /[\p{Lu}\p{Lt}\p{N}]/u.test(ch) || OPENERS.includes(ch);
}

interface Text {
  t: string;
  /** Code point offset of each UTF-16 index, or null when the text has no surrogate pairs. */
  cp: Int32Array | null;
  headingAt: Set<number>;
  /** Indices just past a heading's text: cutting there strands the heading at a chunk's end. */
  headingEnd: Set<number>;
}

function cpLen(x: Text, a: number, b: number): number {
  return x.cp ? x.cp[b]! - x.cp[a]! : b - a;
}

/** UTF-16 index where `count` code points after `a` end (clamped to the text). */
function advance(x: Text, a: number, count: number): number {
  if (!x.cp) return Math.min(x.t.length, a + count);
  const target = x.cp[a]! + count;
  let lo = a;
  let hi = x.t.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (x.cp[mid]! <= target) lo = mid;
    else hi = mid - 1;
  }
  // Never split a surrogate pair.
  if (lo > a && lo < x.t.length && isLowSurrogate(x.t.charCodeAt(lo))) lo--;
  return lo;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Quality of a cut at whitespace index e (content ends at e, the next chunk starts at e + 1). */
function cutClass(x: Text, e: number): number {
  const t = x.t;
  if (t[e] === '\n') {
    if (x.headingEnd.has(e)) return 0;
    if (x.headingAt.has(e + 1)) return 4;
    let i = e - 1;
    while (i >= 0 && CLOSERS.includes(t[i]!)) i--;
    return isTerminal(t[i]) ? 3 : 1;
  }
  if (t[e] === ' ' && endsSentence(t, e) && startsSentence(t[e + 1])) return 2;
  return 0;
}

/** Best cut in [lo, hi] (UTF-16 indices of whitespace): highest class, then latest. */
function bestCut(x: Text, lo: number, hi: number): { at: number; cls: number } {
  let best = -1;
  let bestClass = -1;
  const t = x.t;
  for (let e = hi; e >= lo; e--) {
    const ch = t.charCodeAt(e);
    if (ch !== 32 && ch !== 10) continue;
    const c = cutClass(x, e);
    if (c > bestClass) {
      bestClass = c;
      best = e;
      if (c === 4) break;
    }
  }
  return { at: best, cls: bestClass };
}

export function splitIntoChunks(blocks: Block[], limits: ChunkLimits = DEFAULT_LIMITS): PdfChunk[] {
  const parts: string[] = [];
  const headings: { at: number; end: number; label: string }[] = [];
  let len = 0;
  for (const b of blocks) {
    const text = b.text.replace(/\s+/g, ' ').trim();
    if (text.length === 0) continue;
    if (parts.length > 0) len += 1;
    if (b.heading !== undefined) headings.push({ at: len, end: len + text.length, label: b.heading });
    parts.push(text);
    len += text.length;
  }
  const t = parts.join('\n');
  if (t.length === 0) return [];
  let cp: Int32Array | null = null;
  if (/[\uD800-\uDFFF]/.test(t)) {
    cp = new Int32Array(t.length + 1);
    let n = 0;
    for (let i = 0; i < t.length; i++) {
      cp[i] = n;
      if (!isLowSurrogate(t.charCodeAt(i))) n++;
    }
    cp[t.length] = n;
  }
  const x: Text = { t, cp, headingAt: new Set(headings.map((h) => h.at)), headingEnd: new Set(headings.map((h) => h.end)) };
  const { min, max } = limits;
  const chunks: PdfChunk[] = [];
  let h = 0;
  let section = '';
  let s = 0;
  while (s < t.length) {
    while (h < headings.length && headings[h]!.at <= s) section = headings[h++]!.label;
    const rest = cpLen(x, s, t.length);
    if (rest <= max) {
      chunks.push({ section, content: t.slice(s) });
      break;
    }
    let e = -1;
    const full = bestCut(x, advance(x, s, min), advance(x, s, max));
    if (rest < 2 * max) {
      // Near the end: cut so that the tail also lands in [min, max], unless that costs a
      // worse boundary than the full window offers.
      const lo = advance(x, s, Math.max(min, rest - max));
      const hi = advance(x, s, Math.min(max, rest - min));
      if (lo <= hi) {
        const tail = bestCut(x, lo, hi);
        if (tail.at >= 0 && tail.cls >= Math.min(full.cls, 2)) e = tail.at;
      }
    }
    if (e < 0) e = full.at;
    if (e < 0) {
      // No whitespace at all in the window: one "word" longer than the window.
      e = advance(x, s, max);
      chunks.push({ section, content: t.slice(s, e) });
      s = e;
      while (s < t.length && (t[s] === ' ' || t[s] === '\n')) s++;
      continue;
    }
    chunks.push({ section, content: t.slice(s, e) });
    s = e + 1;
  }
  return chunks;
}

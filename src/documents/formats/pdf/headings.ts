// Heading detection: a line's shape (numbered, ALL CAPS, keyword) confirmed by its font against
// the body text, or by the PDF outline.
import type { TextLine } from './types.ts';

export interface HeadingContext {
  bodySize: number;
  bodyFont: string;
  /** False when the whole document is set in one font and size: shape alone must then decide. */
  fontVariety: boolean;
  /** Normalised outline titles (see normalizeTitle). */
  outline: Set<string>;
  /** Fonts set only for short title lines (see headingFonts): such a line is a heading by its font. */
  headingFonts?: ReadonlySet<string>;
}

/** A short title line: at most 8 words and 60 characters, capitalised, no closing punctuation. */
export function isShortTitle(text: string): boolean {
  const t = text.trim();
  return (
    t.length >= 2 &&
    t.length <= 60 &&
    t.split(' ').length <= 8 &&
    /^[\p{Lu}\p{Lt}\d]/u.test(t) &&
    /\p{L}{2}/u.test(t) &&
    !/[.,;:!?]$/.test(t)
  );
}

export interface FontUse {
  font: string;
  lines: number;
  /** Lines that are short titles (isShortTitle). */
  titles: number;
  chars: number;
}

/**
 * Fonts that mark headings by themselves, as a reference card's short bold lines over its
 * columns: not the body font, used on at least 3 lines, at least 80 % of them short titles, and
 * for at most a fifth of the document's characters.
 */
export function headingFonts(uses: readonly FontUse[], bodyFont: string, totalChars: number): Set<string> {
  const out = new Set<string>();
  for (const u of uses) {
    if (u.font === bodyFont || u.lines < 3) continue;
    if (u.titles >= u.lines * 0.8 && u.chars <= totalChars * 0.2) out.add(u.font);
  }
  return out;
}

const NUMBERED = /^(?:\d{1,2}(?:\.\d{1,2}){0,4}|[A-Z](?:\.\d{1,2}){1,4})\.?\s+(?=[\p{Lu}\p{Lt}])/u;
const KEYWORD_NUMBERED =
  /^(?:chapter|section|part|appendix|annex|article|lesson|unit|module)\s+(?:\d{1,3}|[IVXLC]{1,6}|[A-Z])\b/i;
const KEYWORD =
  /^(?:introduction|preface|foreword|prologue|epilogue|conclusions?|summary|overview|abstract|background|acknowledge?ments|references|bibliography|glossary|index|appendix|appendices|contents|executive summary|getting started|table of contents)\b/i;
const MAX_WORDS = 14;

export type HeadingShape = 'numbered' | 'caps' | 'keyword' | null;

/** The heading shape of a line's text, or null. Pure text rules; no font information. */
export function headingShape(text: string): HeadingShape {
  const t = text.trim();
  if (t.length < 2 || t.length > 120) return null;
  if (/[,;]$/.test(t)) return null;
  const words = t.split(' ');
  if (words.length > MAX_WORDS) return null;
  if (KEYWORD_NUMBERED.test(t)) return 'keyword';
  if (NUMBERED.test(t)) {
    // "1. Make work the working directory and start the program as before:" is a list item.
    if (/[.:!?]$/.test(t) && !/^\d+(?:\.\d+)+\s/.test(t)) return null;
    const title = t.replace(NUMBERED, '');
    if (!/\p{L}{2}/u.test(title)) return null;
    return 'numbered';
  }
  if (KEYWORD.test(t) && !/[.:]$/.test(t) && words.length <= 8) return 'keyword';
  let upper = 0;
  let lower = 0;
  for (const ch of t) {
    if (/\p{Lu}/u.test(ch)) upper++;
    else if (/\p{Ll}/u.test(ch)) lower++;
  }
  if (lower === 0 && upper >= 4 && t.length <= 80 && /\p{Lu}{3}/u.test(t) && !/[.!?]$/.test(t)) return 'caps';
  return null;
}

/** Lower-case, without leading numbering or "Chapter N:" prefix, single spaces. */
export function normalizeTitle(text: string): string {
  return text
    .toLowerCase()
    .replace(/^(?:chapter|section|part|appendix)\s+[\dA-Z.]+\s*[:.\-–—]?\s*/i, '')
    .replace(/^(?:\d{1,2}(?:\.\d{1,2}){0,4}|[a-z](?:\.\d{1,2}){1,4})\.?\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function isHeading(line: TextLine, ctx: HeadingContext): boolean {
  if (line.mono) return false;
  const t = line.text.trim();
  if (t.length < 2 || t.length > 120 || !/\p{L}/u.test(t)) return false;
  if (ctx.headingFonts?.has(line.font) && line.size >= ctx.bodySize * 0.95 && isShortTitle(t)) return true;
  const shape = headingShape(t);
  const inOutline = ctx.outline.size > 0 && ctx.outline.has(normalizeTitle(t)) && t.split(' ').length <= MAX_WORDS;
  if (!shape && !inOutline) return false;
  const bigger = line.size >= ctx.bodySize * 1.12;
  const otherFont = line.font !== ctx.bodyFont && line.size >= ctx.bodySize * 0.95;
  if (bigger || otherFont) return true;
  if (shape && inOutline) return true;
  // A document set in one font: the shape has to be convincing on its own.
  return !ctx.fontVariety && shape !== null;
}

// The label rule is format-neutral: it lives in src/documents/section.ts.
export { sectionLabel } from '../../section.ts';

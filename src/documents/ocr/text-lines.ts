// OCR lines become a text layer's lines: pieces of one printed line joined, stretched character
// boxes cut back, noise dropped, each placed on its page in PDF units with its typewriter setting.

import { type OcrLine, type OcrWord } from './engine.ts';
import { linePitches, oneSpaceOnGrid, typewriterSettings } from './typewriter.ts';
import { median } from '../median.ts';
import { baselineOf, rowHeightOf } from './geometry.ts';

/** A line placed on its page in PDF units (y up, baseline), the shape of a text layer's lines. */
export interface PlacedLine {
  text: string;
  x: number;
  xEnd: number;
  y: number;
  size: number;
  font: string;
  mono: boolean;
  /**
   * A line set in a typewriter font (`mono`) as its cells set it (`ocrSetting`), the shape of a
   * text layer's monospace setting (formats/pdf/code.ts): consecutive such lines become a code
   * block, each line indented by its distance in cells from the block's left edge.
   */
  set?: { text: string; x: number; advance: number };
}

const EM_PER_ROW = 0.88;

/** Lines of OCR output read with less confidence than this are noise (a figure read as text). */
export const MIN_LINE_CONFIDENCE = 40;

/**
 * Whether an OCR line is noise, not print: read with little confidence, or without two letters or
 * digits in a row (specks and rules read as `. , ~ |`). A line set in a typewriter font (`mono`,
 * its characters on a grid of cells) is judged without its spaces: its single characters one cell
 * apart are a shell's output or an array (`7 8 9 0 a b c`, `b c`), which its cells, not the
 * engine's word boundaries, space (`monoText`), and two of them with one sign between are code
 * (CODE_ALNUM); a line of brackets alone on the grid (`}`) is code.
 */
export function noiseLine(text: string, mono: boolean, confidence: number): boolean {
  if (confidence < MIN_LINE_CONFIDENCE) return true;
  if (mono && BRACKETS.test(text.replace(/\s+/g, ''))) return false;
  return !(mono ? CODE_ALNUM : /[\p{L}\p{N}]{2}/u).test(mono ? text.replace(/\s+/g, '') : text);
}

/**
 * On a typewriter grid, two letters or digits with at most one sign between them are code, not
 * specks: TeX's parameters (`{#2#1#2} {}`), an index (`a[1]`), a path (`a/b`). Specks read as
 * signs (`. l . |`) have no two letters or digits so close.
 */
const CODE_ALNUM = /[\p{L}\p{N}][^\p{L}\p{N}]?[\p{L}\p{N}]/u;

/**
 * A line of brackets alone on a typewriter grid (`{`, `}`, `});`, TeX's `{%` and `}%`, a comment
 * sign keeping the line's end out of the text): in a listing, where a block opens or closes (C,
 * Java, JavaScript, a LaTeX definition), code like its neighbours, not a speck.
 */
const BRACKETS = /^[{}()[\]]+[;,%]?$/;

/**
 * OCR lines (pixel boxes, y down) -> TextLines in PDF units (y up, baseline), the shape pdf.js
 * text gives, so the rest of the pipeline cannot tell them apart. `origin` is the page's
 * lower-left corner (view[0], view[1]) and `heightPx` the rendered height.
 */
export function toTextLines(
  lines: readonly OcrLine[],
  scale: number,
  heightPx: number,
  origin: readonly [number, number] = [0, 0],
): PlacedLine[] {
  const out: PlacedLine[] = [];
  const tidy = lines.map((l) => (l.words ? { ...l, words: tidySymbols(l.words) } : l));
  const settings = typewriterSettings(tidy, linePitches(tidy));
  for (const [i, l] of tidy.entries()) {
    const cells = settings[i];
    const pitch = cells?.pitch;
    const text = (cells ? cells.text : l.text).replace(/\s+/g, ' ').trim();
    if (noiseLine(text, pitch !== undefined, l.confidence)) continue;
    const b = l.bbox;
    const descent = Math.abs(l.rowAttributes?.descenders ?? 0);
    const base = l.baseline && l.baseline.y0 > 0 ? (l.baseline.y0 + l.baseline.y1) / 2 : b.y1 - descent;
    // Tesseract's row height is x-height plus ascenders; with the descenders it spans 1.13-1.14 em
    // (measured on Helvetica set at 11 and 15 pt), so a scan's body size matches a text layer's.
    const rowPx =
      (l.rowAttributes && l.rowAttributes.rowHeight > 0 ? l.rowAttributes.rowHeight + descent : b.y1 - b.y0) *
      EM_PER_ROW;
    out.push({
      text,
      x: origin[0] + b.x0 / scale,
      xEnd: origin[0] + b.x1 / scale,
      y: origin[1] + (heightPx - base) / scale,
      size: Math.round((rowPx / scale) * 2) / 2,
      font: 'ocr',
      mono: pitch !== undefined,
      ...(cells && pitch ? { set: { text: cells.text, x: origin[0] + cells.x / scale, advance: pitch / scale } } : {}),
    });
  }
  return out;
}

/** Two pieces of one printed line: baselines this close (share of the row height)... */
export const SAME_BASELINE = 0.25;
/** ...and the second starting at most this far (row heights) right of the first's end. */
export const JOIN_GAP = 1;
/** Pieces further apart (row heights) are never one line, whatever their grid (`oneSpaceOnGrid`). */
const GRID_JOIN_GAP = 2;
/** A gap wider than this (row heights) between the pieces is a space. */
const SPACE_GAP = 0.25;

/**
 * Pieces of one printed line that the engine returned as lines of their own, joined left to right.
 * Its layout analysis sometimes cuts a line of code at a colon or a brace (`$ echo ${string:` and
 * `7:2}` in bashref's shell sessions) and puts the piece anywhere in its order; alone, a piece
 * without two letters or digits in a row is dropped as noise (`toTextLines`), and a longer one is
 * read out of place. Two lines are one when their baselines agree and the second begins right
 * after the first ends (within a row height, the taller of the two: far narrower than a column
 * gutter), or one space on along a typewriter grid (`oneSpaceOnGrid`, within GRID_JOIN_GAP rows).
 * The joined line takes the earlier place of the two in the reading order.
 */
export function joinPieces(lines: readonly OcrLine[]): OcrLine[] {
  const out = lines.map((l) => ({ ...l, text: l.text.trim() }));
  const gone = new Set<number>();
  let joined = true;
  while (joined) {
    joined = false;
    for (let i = 0; i < out.length; i++) {
      if (gone.has(i)) continue;
      const a = out[i]!;
      const row = rowHeightOf(a);
      for (let j = 0; j < out.length; j++) {
        if (j === i || gone.has(j)) continue;
        const b = out[j]!;
        if (Math.abs(baselineOf(b) - baselineOf(a)) > SAME_BASELINE * row) continue;
        // The gap in the taller row of the two: a piece of x-height letters alone (`x`) has a short one.
        const h = Math.max(row, rowHeightOf(b));
        const gap = b.bbox.x0 - a.bbox.x1;
        if (gap < -0.1 * h || (gap > JOIN_GAP * h && !(gap <= GRID_JOIN_GAP * h && oneSpaceOnGrid(a, b)))) continue;
        const [first, later] = i < j ? [i, j] : [j, i];
        const text = a.text.trim() + (gap > SPACE_GAP * h ? ' ' : '') + b.text.trim();
        out[first] = {
          ...a,
          text,
          // By characters: a piece of punctuation read with little confidence does not sink its line.
          confidence: (a.confidence * a.text.length + b.confidence * b.text.length) / Math.max(1, text.length),
          bbox: {
            x0: Math.min(a.bbox.x0, b.bbox.x0),
            y0: Math.min(a.bbox.y0, b.bbox.y0),
            x1: Math.max(a.bbox.x1, b.bbox.x1),
            y1: Math.max(a.bbox.y1, b.bbox.y1),
          },
          ...(a.words || b.words ? { words: [...(a.words ?? []), ...(b.words ?? [])] } : {}),
        };
        gone.add(later);
        joined = true;
        break;
      }
    }
  }
  return out.filter((_, i) => !gone.has(i));
}

/** A character's box wider than this many times the line's median character is a stretched box. */
const STRETCHED = 2;

/**
 * A line's words with their characters' boxes made usable for spacing: the recogniser places a
 * character by its steps through the line, and where the layout's word boundary and its own
 * disagree it can stretch a word's last character over the words after it (`y` of `${array`
 * spanning `[0]:7}` to the line's end). A box wider than STRETCHED times the line's median
 * character width takes that median width from its left edge, so its centre falls on its glyph.
 */
export function tidySymbols(words: readonly OcrWord[]): OcrWord[] {
  const all = words.flatMap((w) => w.symbols);
  const widths = all.map((sym) => sym.bbox.x1 - sym.bbox.x0).filter((w) => w > 0);
  if (widths.length === 0) return [...words];
  const typical = median(widths);
  return words.map((w) => ({
    ...w,
    symbols: w.symbols.map((sym) => {
      if (sym.bbox.x1 - sym.bbox.x0 <= STRETCHED * typical) return sym;
      return { ...sym, bbox: { ...sym.bbox, x1: sym.bbox.x0 + typical } };
    }),
  }));
}

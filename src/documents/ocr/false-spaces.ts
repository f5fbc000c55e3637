// Spaces the engine put inside a word: two words of a line whose glyphs stand one step apart, as
// the letters inside each of them do, are one word (a typewriter word in a line of prose).

import { type OcrLine, type OcrWord } from './engine.ts';
import { median } from '../median.ts';

/** The two words together need this many glyphs (six steps) before their steps are judged... */
const MIN_GLYPHS = 7;
/** ...each of them two at least (a word of one glyph has no step of its own to say its pitch)... */
const MIN_WORD_GLYPHS = 2;
/** ...and every step, theirs and the one across the space, within this share of their median. */
const STEP_SLACK = 0.15;

/** Opening punctuation of a first word and closing punctuation of a second, left out of their steps (`withoutFalseSpaces`). */
const OPENING = /^[([{"'\u2018\u201c]$/;
const CLOSING = /^[.,;:!?)\]}"'\u2019\u201d]$/;

/**
 * Whether the space between two words is none on the page: `a` and `b` are the centres of their
 * glyphs, one per character, left to right. In a typewriter face every glyph is centred in a cell
 * of one width, so the centres inside a word step by one cell and a space makes a step of two;
 * Tesseract's word boundary comes from the gaps between glyphs, and a narrow letter in a wide cell
 * leaves a gap as wide as a proportional line's space (the engine measures spaces on the line's
 * prose), so it cuts a typewriter word set inside a paragraph at a narrow letter: `drawSt ring`,
 * `text Line`, `left Indent`. The space is none when every step inside both words is one pitch
 * (their median, within STEP_SLACK) and so is the step across it. A proportional word's steps vary
 * with its letters (an `i` to an `m`: three times), and a space between two words of any face puts
 * their glyphs a space farther apart than their letters are, so neither passes.
 */
export function noSpaceBetween(a: readonly number[], b: readonly number[]): boolean {
  if (a.length < MIN_WORD_GLYPHS || b.length < MIN_WORD_GLYPHS || a.length + b.length < MIN_GLYPHS) return false;
  const inner = [...stepsOf(a), ...stepsOf(b)];
  const pitch = median(inner);
  if (!(pitch > 0)) return false;
  const across = b[0]! - a.at(-1)!;
  return [...inner, across].every((d) => Math.abs(d - pitch) <= STEP_SLACK * pitch);
}

function stepsOf(centres: readonly number[]): number[] {
  return centres.slice(1).map((c, i) => c - centres[i]!);
}

/**
 * A line with the spaces its ink does not have taken out (`noSpaceBetween`), the two words made
 * one; `runs` are its runs of inked columns ([first, end), left to right: `inkColumnRuns` over its
 * box). Two words are judged on the runs whose centres fall in their share of the line (cut
 * halfway between the words' boxes), when those are as many as their characters (touching letters
 * and a glyph of two runs are not told apart), the first word taking the first runs. The first
 * word's opening brackets and quotes, and the second's closing ones and its `.`, `,`, `;`, `:`,
 * `!`, `?`, are left out of the steps: prose punctuation around a typewriter word is set in the
 * paragraph's face, off the word's grid (a typewriter one only loses its evidence). The line is
 * returned as it was when nothing is joined, or when its text is not its words spelled with one
 * space between them.
 */
export function withoutFalseSpaces(line: OcrLine, runs: readonly (readonly [number, number])[]): OcrLine {
  const words = line.words;
  if (!words || words.length < 2 || line.text.trim() !== words.map((w) => w.text).join(' ')) return line;
  // A run belongs to the word whose share of the line it stands in, cut halfway between two words'
  // boxes; the engine's boxes can miss a glyph's edge (`drawSt`'s `d`) or give a word's last glyph
  // to the next word (`~/.` and `profile`), so two words are judged on their runs together, cut
  // after the first's characters.
  const centres = runs.map(([x0, x1]) => (x0 + x1) / 2);
  let r = 0;
  const shares = words.map((w, i) => {
    const next = words[i + 1];
    const end = next ? (w.bbox.x1 + next.bbox.x0) / 2 : Infinity;
    const own: number[] = [];
    while (r < centres.length && centres[r]! < end) own.push(centres[r++]!);
    return own;
  });
  const noSpace = (i: number) => {
    const [a, b] = [words[i - 1]!, words[i]!];
    const both = [...shares[i - 1]!, ...shares[i]!];
    if (both.length !== a.symbols.length + b.symbols.length) return false;
    // Prose punctuation around a typewriter word (`(MPI_Request)`, `\IfValue(TF).`, `~/.profile,`)
    // is set in the paragraph's face, off the word's grid: it is left out of the steps.
    const opened = a.symbols.findIndex((sym) => !OPENING.test(sym.text));
    const leading = opened < 0 ? a.symbols.length : opened;
    const trailing = b.symbols.length - 1 - b.symbols.findLastIndex((sym) => !CLOSING.test(sym.text));
    return noSpaceBetween(both.slice(leading, a.symbols.length), both.slice(a.symbols.length, both.length - trailing));
  };
  const out: OcrWord[] = [];
  let joined = false;
  for (const [i, w] of words.entries()) {
    const last = out.at(-1);
    if (last && noSpace(i)) {
      out[out.length - 1] = {
        text: last.text + w.text,
        bbox: {
          x0: Math.min(last.bbox.x0, w.bbox.x0),
          y0: Math.min(last.bbox.y0, w.bbox.y0),
          x1: Math.max(last.bbox.x1, w.bbox.x1),
          y1: Math.max(last.bbox.y1, w.bbox.y1),
        },
        symbols: [...last.symbols, ...w.symbols],
      };
      joined = true;
    } else out.push(w);
  }
  return joined ? { ...line, text: out.map((w) => w.text).join(' '), words: out } : line;
}

// Words the recogniser misreads by their setting rather than their letters: the TeX logo, whose E
// is set lowered between the T and the X, and an `f` read as a pound sign.

import { type OcrLine } from './engine.ts';
import { type Box } from './filters.ts';
import { baselineOf, rowHeightOf } from './geometry.ts';
import { INK, respelled } from './glyph-ink.ts';

/** The logo's E is lowered by half an x-height: its ink reaches this share of the line's row below the baseline or more. */
const LOWERED = 0.12;

/**
 * A word that may be the TeX or LaTeX logo read without its E: `TX`, `TrX`, `TpX`, `LATX`, `4TfX`
 * (LaTeX's L and raised small A read as one `4`), `pdfTpX`, with punctuation around it.
 */
const LOGO = /^(\P{L}*?)(LA|4|\p{Ll}*)T(\p{L}?)X(\P{L}*|['\u2019]s\P{L}*)$/u;

/**
 * A line with each word read as the TeX logo's outer letters (`TX`, `TRX`, `TrX`, `LATX`, once the
 * E is lost or misread; `4TfX`, LaTeX's L and raised A read as a `4`, is `LATEX`) spelled `TEX` when the ink between its T and its X reaches below the
 * baseline (`lowestInk`: the last inked row of the page image within columns [x0, x1), or undefined
 * where there is none). TeX and LaTeX set the logo's E half an x-height low; capitals T and X stand
 * on the baseline, so ink under it between them is that E. The fast English model drops the lowered
 * letter or reads it as another (`TX will find the first argument`, `itself has some`), where the
 * born-digital pages of the same manual say `TEX`, as pdftotext does. A word already read with its
 * `E` (`TEX`, `TeX`) is as read, but for a `4` before it.
 */
export function withTexLogos(line: OcrLine, lowestInk: (x0: number, x1: number) => number | undefined): OcrLine {
  if (!line.words?.some((w) => LOGO.test(w.text))) return line;
  const floor = baselineOf(line) + LOWERED * rowHeightOf(line);
  return respelled(line, (symbols) => {
    const m = LOGO.exec(symbols.map((s) => s.text).join(''));
    const read = m?.[3] === 'E' || m?.[3] === 'e';
    if (!m || (read && m[2] !== '4')) return symbols;
    const before = [...m[1]!].length;
    const t = before + [...m[2]!].length;
    const x = t + 1 + [...m[3]!].length;
    const tBox = symbols[t]!.bbox;
    const xBox = symbols[x]!.bbox;
    const low = lowestInk(Math.round((tBox.x0 + tBox.x1) / 2), Math.round((xBox.x0 + xBox.x1) / 2));
    if (low === undefined || low < floor) return symbols;
    // The symbols keep their boxes (a new box would move the line's steps, which say whether it
    // is typewriter): the lost E joins the X's reading, a misread one is read E, a `4` is `LA`.
    return symbols.map((s, i) => {
      if (i === before && m[2] === '4') return { ...s, text: 'LA' };
      if (i === t + 1 && i < x) return { ...s, text: 'E' };
      if (i === x && t + 1 === x) return { ...s, text: 'EX' };
      return s;
    });
  });
}

/** The last row of `grey` (`width` pixels a row) inked (under INK) within `box`'s rows and columns [x0, x1), or undefined. */
export function lowestInkRow(grey: Uint8Array, width: number, box: Box, x0: number, x1: number): number | undefined {
  const height = grey.length / width;
  const lo = Math.max(0, Math.floor(x0));
  const hi = Math.min(width, Math.ceil(x1));
  for (let y = Math.min(height, Math.ceil(box.y1)) - 1; y >= Math.max(0, Math.floor(box.y0)); y--)
    for (let x = lo; x < hi; x++) if (grey[y * width + x]! < INK) return y;
  return undefined;
}

/** Letters after a pound sign that make a word (a vowel among them): `£m`, `£bn`, `£k` are amounts' units. */
const WORDLIKE = /^\p{Ll}*[aeiouy]\p{Ll}*/u;

/**
 * A line with each `£` that stands inside a word read as `f`. The fast English model reads
 * Courier's and cmtt's `f` (a hooked stem on a foot serif) as a pound sign: `canvas.rect(...,
 * £ill=1)`, `\I£BlankTF`. A pound sign stands before an amount (`£5`, `£1.2m`) or a unit after it
 * (`£m`, `£bn`), never after a letter or before a word's letters.
 */
export function withPoundF(line: OcrLine): OcrLine {
  if (!line.text.includes('\u00a3')) return line;
  return respelled(line, (symbols) => {
    if (!symbols.some((s) => s.text === '\u00a3')) return symbols;
    return symbols.map((s, i) => {
      if (s.text !== '\u00a3') return s;
      const before = symbols[i - 1]?.text ?? '';
      const after = symbols
        .slice(i + 1)
        .map((n) => n.text)
        .join('');
      const inWord = /\p{L}$/u.test(before) ? /^\p{L}/u.test(after) : WORDLIKE.test(after);
      return inWord ? { ...s, text: 'f' } : s;
    });
  });
}

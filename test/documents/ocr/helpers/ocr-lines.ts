// Engine lines and words, and glyph ink drawn as text, shared by the tests of src/documents/ocr/'s
// line, typewriter, glyph and rereading modules.
import type { OcrLine, OcrWord } from '../../../../src/documents/ocr/engine.ts';

// Words as the engine gives them: `text` laid out character by character, `cells` giving each
// character's cell (a typewriter font: 20 px cells, ink 12 px wide in the middle of its cell) or
// `advances` its width (a proportional font); a space in `text` separates words.
export function typed(text: string, pitch = 20): OcrWord[] {
  const words: OcrWord[] = [];
  let cell = 0;
  for (const part of text.split(/( +)/)) {
    if (part.startsWith(' ')) {
      cell += part.length;
      continue;
    }
    if (part === '') continue;
    const symbols = [...part].map((ch, i) => {
      const x0 = (cell + i) * pitch + 4;
      return { text: ch, bbox: { x0, y0: 100, x1: x0 + 12, y1: 130 } };
    });
    words.push({
      text: part,
      bbox: { x0: symbols[0]!.bbox.x0, y0: 100, x1: symbols.at(-1)!.bbox.x1, y1: 130 },
      symbols,
    });
    cell += part.length;
  }
  return words;
}

// Proportional widths (em/1000 at 30 px an em, Times-like): narrow i, l, t, wide m, w.
export const WIDTH: Record<string, number> = {
  i: 278,
  l: 278,
  t: 278,
  f: 333,
  r: 333,
  m: 778,
  w: 722,
  o: 500,
  e: 444,
  a: 444,
  n: 500,
  s: 389,
  h: 500,
  d: 500,
  u: 500,
};

export function set(text: string): OcrWord[] {
  const words: OcrWord[] = [];
  let x = 0;
  for (const part of text.split(' ')) {
    const symbols = [...part].map((ch) => {
      const w = ((WIDTH[ch] ?? 500) * 30) / 1000;
      const sym = { text: ch, bbox: { x0: x + 1, y0: 100, x1: x + w - 1, y1: 130 } };
      x += w;
      return sym;
    });
    words.push({
      text: part,
      bbox: { x0: symbols[0]!.bbox.x0, y0: 100, x1: symbols.at(-1)!.bbox.x1, y1: 130 },
      symbols,
    });
    x += 7.5;
  }
  return words;
}

/** An engine line of these words at height y (rows of 24 px, a 30 px box). */
export const lineOf = (words: OcrWord[], y: number): OcrLine => ({
  text: words.map((w) => w.text).join(' '),
  confidence: 90,
  bbox: { x0: words[0]!.bbox.x0, y0: y, x1: words.at(-1)!.bbox.x1, y1: y + 30 },
  rowAttributes: { ascenders: 8, descenders: -6, rowHeight: 24 },
  words,
});

// A typewriter line as the LSTM boxes it: the words' boxes are the ink's edges (right), but the
// last characters of each word bunch towards the ones before (the last boxed 9 px early, the one
// before 4 px: `(canvas)` with `s` and `)` half a cell early), so neither the steps nor the grid
// of the characters' centres say monospaced.
export function bunched(text: string): OcrWord[] {
  return typed(text).map((w) => ({
    ...w,
    symbols: w.symbols.map((sym, i) => {
      const early = i === w.symbols.length - 1 && i > 0 ? 9 : i === w.symbols.length - 2 && i > 0 ? 4 : 0;
      return { ...sym, bbox: { ...sym.bbox, x0: sym.bbox.x0 - early, x1: sym.bbox.x1 - early } };
    }),
  }));
}

/** Words moved right by `dx` pixels. */
export const moved = (words: OcrWord[], dx: number): OcrWord[] =>
  words.map((w) => ({
    ...w,
    bbox: { ...w.bbox, x0: w.bbox.x0 + dx, x1: w.bbox.x1 + dx },
    symbols: w.symbols.map((sym) => ({ ...sym, bbox: { ...sym.bbox, x0: sym.bbox.x0 + dx, x1: sym.bbox.x1 + dx } })),
  }));

// A bitmap from rows of `#` (ink) and `.` (paper).
export const art = (...rows: string[]): boolean[][] => rows.map((r) => [...r].map((c) => c === '#'));

// A line of character cells 10 wide and 20 high, each character its own box: the fixtures of the
// glyph tests below (withPlusSigns, withCarets, withBrackets).
export const cellSym = (text: string, x: number) => ({ text, bbox: { x0: x, y0: 0, x1: x + 10, y1: 20 } });

export const cellWord = (text: string, x: number) => ({
  text,
  bbox: { x0: x, y0: 0, x1: x + 10 * text.length, y1: 20 },
  symbols: [...text].map((ch, i) => cellSym(ch, x + 10 * i)),
});

export const cellLine = (width: number, ...words: OcrWord[]) => ({
  text: words.map((w) => w.text).join(' ') + '\n',
  confidence: 90,
  bbox: { x0: 0, y0: 0, x1: width, y1: 20 },
  words,
});

// Courier at 250 dpi (reportlab's scanned pages): its `l` and its `1`, which the fast model confuses.
export const courierL = art(
  '..######.....',
  '.#######.....',
  '.#######.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '.....###.....',
  '############.',
  '#############',
  '############.',
);

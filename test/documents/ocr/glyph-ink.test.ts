// A glyph's ink on the page image: columns, boxes, holes and spans (src/documents/ocr/glyph-ink.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  glyphAt,
  glyphColumns,
  GREY_INK,
  glyphsWithin,
  hyphenDoubles,
  inkColumnRuns,
  inkHoles,
  insideNeighbour,
  onPaper,
  reboxed,
  reboxedOnInk,
  strokePairs,
} from '../../../src/documents/ocr/glyph-ink.ts';
import { art } from './helpers/ocr-lines.ts';

describe("glyphAt: one glyph's ink, found from the recogniser's box of its character", () => {
  const W = 40;
  // A strip 10 rows high: a 5-column glyph at x 10..14 (rows 2..7), another at 20..24 (rows 3..8).
  const grey = new Uint8Array(W * 10).fill(255);
  for (let y = 2; y < 8; y++) for (let x = 10; x < 15; x++) grey[y * W + x] = 0;
  for (let y = 3; y < 9; y++) for (let x = 20; x < 25; x++) grey[y * W + x] = 0;
  const line = { x0: 0, y0: 0, x1: W, y1: 10 };
  const size = (ink: boolean[][] | undefined) => (ink ? [ink[0]!.length, ink.length] : undefined);
  const cases: [string, { x0: number; y0: number; x1: number; y1: number }, number[] | undefined][] = [
    ['the run under the box centre, trimmed to its rows', { x0: 9, y0: 0, x1: 16, y1: 10 }, [5, 6]],
    ['a box half a glyph off: the run whose centre it holds', { x0: 16, y0: 0, x1: 23, y1: 10 }, [5, 6]],
    ['a box over paper only: none', { x0: 30, y0: 0, x1: 34, y1: 10 }, undefined],
    ['a run wider than 1.6 boxes (glyphs touching): none', { x0: 11, y0: 0, x1: 13, y1: 10 }, undefined],
  ];
  for (const [name, box, want] of cases)
    test(name, () => assert.deepEqual(size(glyphAt(grey, W, box, line)?.ink), want));
});

describe('glyphAt: a glyph with its place on the page', () => {
  const W = 30;
  const grey = new Uint8Array(W * 12).fill(255);
  for (let y = 3; y < 6; y++) for (let x = 10; x < 16; x++) grey[y * W + x] = 0;
  test('the left edge of its run and the rows of its first and last ink', () => {
    const g = glyphAt(grey, W, { x0: 9, y0: 0, x1: 17, y1: 12 }, { x0: 0, y0: 0, x1: W, y1: 12 });
    assert.deepEqual(g && [g.x0, g.top, g.bottom, g.ink.length, g.ink[0]!.length], [10, 3, 5, 3, 6]);
  });
});

describe('inkColumnRuns: runs of inked columns within a band', () => {
  const W = 20;
  const grey = new Uint8Array(W * 6).fill(255);
  for (const x of [2, 3, 4, 8, 9]) grey[2 * W + x] = 0;
  grey[5 * W + 14] = 0; // below the band
  test('each run of columns with ink in the band, [first, end)', () =>
    assert.deepEqual(inkColumnRuns(grey, W, { x0: 0, y0: 0, x1: W, y1: 4 }), [
      [2, 5],
      [8, 10],
    ]));
  test('ink outside the band is not seen', () =>
    assert.deepEqual(inkColumnRuns(grey, W, { x0: 0, y0: 4, x1: W, y1: 6 }), [[14, 15]]));
  test('grey print (140) is ink at GREY_INK, not at INK', () => {
    const g = new Uint8Array(W * 4).fill(255);
    for (const x of [2, 3]) g[W + x] = 0;
    for (const x of [7, 8]) g[W + x] = 140;
    const band = { x0: 0, y0: 0, x1: W, y1: 4 };
    assert.deepEqual(inkColumnRuns(g, W, band), [[2, 4]]);
    assert.deepEqual(inkColumnRuns(g, W, band, GREY_INK), [
      [2, 4],
      [7, 9],
    ]);
  });
});

describe('strokePairs: a `"`\'s two ticks are one glyph', () => {
  // Cells 16 px apart, glyphs centred in them.
  const cases: [string, [number, number][], [number, number][]][] = [
    [
      'two ticks a third of a cell apart: one run',
      [
        [2, 14],
        [18, 30],
        [36, 39],
        [42, 45],
        [50, 62],
        [66, 78],
      ],
      [
        [2, 14],
        [18, 30],
        [36, 45],
        [50, 62],
        [66, 78],
      ],
    ],
    [
      'two narrow glyphs of neighbouring cells (`..`): two',
      [
        [2, 14],
        [22, 26],
        [38, 42],
        [50, 62],
      ],
      [
        [2, 14],
        [22, 26],
        [38, 42],
        [50, 62],
      ],
    ],
    [
      'a tick beside a letter: two',
      [
        [2, 14],
        [18, 30],
        [36, 39],
        [42, 54],
        [58, 70],
      ],
      [
        [2, 14],
        [18, 30],
        [36, 39],
        [42, 54],
        [58, 70],
      ],
    ],
    [
      'two runs only: as they are',
      [
        [0, 3],
        [5, 8],
      ],
      [
        [0, 3],
        [5, 8],
      ],
    ],
  ];
  for (const [name, runs, want] of cases) test(name, () => assert.deepEqual(strokePairs(runs), want));
});

describe('hyphenDoubles: a hyphen and a dash boxed within one glyph are one hyphen', () => {
  const sym = (text: string, x0: number, x1: number) => ({ text, bbox: { x0, y0: 0, x1, y1: 20 } });
  const cases: [string, ReturnType<typeof sym>[], ('keep' | 'drop' | undefined)[]][] = [
    [
      '`-` then `—` on the halves of one cell',
      [sym('a', 0, 15), sym('-', 16, 24), sym('—', 24, 32)],
      [undefined, 'keep', 'drop'],
    ],
    ['`—` then `-`', [sym('—', 16, 24), sym('-', 24, 32)], ['keep', 'drop']],
    ['`-` then `–` (en dash)', [sym('-', 16, 24), sym('–', 24, 32)], ['keep', 'drop']],
    ['`--` (two hyphens, as printed in two cells): none', [sym('-', 16, 24), sym('-', 24, 32)], [undefined, undefined]],
    ['`-—` over two cells: none', [sym('-', 16, 30), sym('—', 32, 46)], [undefined, undefined]],
    ['a letter and a dash: none', [sym('a', 16, 24), sym('—', 24, 32)], [undefined, undefined]],
  ];
  for (const [name, symbols, want] of cases) test(name, () => assert.deepEqual(hyphenDoubles(symbols, 24), want));
});

describe('glyphColumns: a run as wide as k cells is k glyphs touching', () => {
  const cases: [string, [number, number][], [number, number][]][] = [
    [
      'single glyphs stay',
      [
        [0, 8],
        [10, 18],
        [20, 28],
      ],
      [
        [0, 8],
        [10, 18],
        [20, 28],
      ],
    ],
    [
      'a run two cells wide is cut in two',
      [
        [0, 8],
        [10, 18],
        [20, 28],
        [30, 38],
        [40, 58],
        [60, 68],
      ],
      [
        [0, 8],
        [10, 18],
        [20, 28],
        [30, 38],
        [40, 49],
        [49, 58],
        [60, 68],
      ],
    ],
    [
      'a narrow comma is one glyph',
      [
        [0, 8],
        [13, 15],
        [20, 28],
      ],
      [
        [0, 8],
        [13, 15],
        [20, 28],
      ],
    ],
  ];
  for (const [name, runs, want] of cases) test(name, () => assert.deepEqual(glyphColumns(runs), want));
});

describe('reboxed: characters take the columns of their glyphs when the counts agree on a grid', () => {
  const sym = (text: string, x0: number, x1: number) => ({ text, bbox: { x0, y0: 0, x1, y1: 20 } });
  // `${p,,q}` and more: 18 characters, the recogniser bunching `r` and `,` (one cell early) and
  // stretching a box over the rest of the line.
  const text = 'abcdefgh,,xyzwvuts';
  const bunched = [...text].map((ch, i) =>
    i === 8 ? sym(ch, 75, 200) : i === 7 ? sym(ch, 68, 78) : sym(ch, 10 * i + 1, 10 * i + 9),
  );
  const line = (symbols: ReturnType<typeof sym>[], words = [symbols.length]) => {
    let k = 0;
    const ws = words.map((n) => {
      const part = symbols.slice(k, k + n);
      k += n;
      return {
        text: part.map((s) => s.text).join(''),
        bbox: { x0: part[0]!.bbox.x0, y0: 0, x1: Math.max(...part.map((s) => s.bbox.x1)), y1: 20 },
        symbols: part,
      };
    });
    return {
      text: ws.map((w) => w.text).join(' ') + '\n',
      confidence: 80,
      bbox: { x0: 0, y0: 0, x1: 200, y1: 20 },
      words: ws,
    };
  };
  const grid = (n: number) => Array.from({ length: n }, (_, i) => [10 * i + 1, 10 * i + 9] as [number, number]);
  const centres = (l: ReturnType<typeof line>) =>
    l.words.flatMap((w) => w.symbols.map((s) => (s.bbox.x0 + s.bbox.x1) / 2));
  test('on a grid, as many glyphs as characters: each character on its glyph', () => {
    const out = reboxed(line(bunched, [9, 9]), grid(18));
    assert.deepEqual(
      centres(out as ReturnType<typeof line>),
      grid(18).map(([a, b]) => (a + b) / 2),
    );
    assert.deepEqual(
      out.words?.map((w) => [w.bbox.x0, w.bbox.x1]),
      [
        [1, 89],
        [91, 179],
      ],
    );
  });
  test('a glyph read twice in a word (`Pp`, the `p` boxed inside the `P`): one character on its glyph', () => {
    // 19 characters read over 18 glyphs: the second is the first glyph read again.
    const twice = [
      sym('P', 1, 9),
      sym('p', 4, 7),
      ...[...text.slice(1)].map((ch, i) => sym(ch, 10 * (i + 1) + 1, 10 * (i + 1) + 9)),
    ];
    const out = reboxed(line(twice, [10, 9]), grid(18));
    assert.equal(out.text, 'Pbcdefgh, ,xyzwvuts');
    assert.deepEqual(
      centres(out as ReturnType<typeof line>),
      grid(18).map(([a, b]) => (a + b) / 2),
    );
  });
  test('a box inside its neighbour in the next word is no double: as read', () => {
    // The last letter of one word and the first of the next over one glyph: two words, not one glyph read twice.
    const across = [
      ...[...text.slice(0, 17)].map((ch, i) => sym(ch, 10 * i + 1, 10 * i + 9)),
      sym('(', 163, 168),
      sym(')', 171, 179),
    ];
    const l = line(across, [17, 2]);
    assert.equal(reboxed(l, grid(18)), l);
  });
  test('a character boxed past the last ink (read on paper, `string} |`): dropped, the rest on their glyphs', () => {
    const phantom = [...[...text].map((ch, i) => sym(ch, 10 * i + 1, 10 * i + 9)), sym('|', 190, 194)];
    const out = reboxed(line(phantom, [18, 1]), grid(18));
    assert.equal(out.text, text);
    assert.deepEqual(
      centres(out as ReturnType<typeof line>),
      grid(18).map(([a, b]) => (a + b) / 2),
    );
  });
  // `keyval]l%`: an `l` boxed on the paper between the 9th and the 10th glyph.
  const between = [
    ...[...text].slice(0, 9).map((ch, i) => sym(ch, 10 * i + 1, 10 * i + 9)),
    sym('l', 89, 91),
    ...[...text].slice(9).map((ch, i) => sym(ch, 10 * (i + 9) + 1, 10 * (i + 9) + 9)),
  ];
  test('a character boxed on the paper between two glyphs, on the grey ink: dropped, the rest on their glyphs', () => {
    const out = reboxed(line(between), grid(18), true);
    assert.equal(out.text, text);
  });
  test('the same on the dark ink (grey print is paper there): as read', () => {
    const l = line(between);
    assert.equal(reboxed(l, grid(18)), l);
  });
  test('a character past the last ink with the counts otherwise agreeing: as read', () => {
    // 18 characters, the last boxed past the 18th glyph: no glyph is missing, so nothing is dropped.
    const last = [...text].map((ch, i) => (i === 17 ? sym(ch, 190, 194) : sym(ch, 10 * i + 1, 10 * i + 9)));
    const l = line(last);
    assert.equal(reboxed(l, grid(18)), l);
  });
  test('one glyph fewer (two glyphs in one run not cut): as read', () => {
    const l = line(bunched);
    // The ink ends where the line's last character does: the uncut run is the last glyph.
    assert.equal(reboxed(l, [...grid(16), [161, 179]]), l);
  });
  test('glyphs off any grid (proportional type): as read', () => {
    // Letters of uneven widths, each character boxed on its own glyph already.
    const lefts = [0, 6, 10, 19, 30, 33, 44, 57, 60, 71, 77, 88, 99, 104, 115, 121, 130, 141];
    const uneven = lefts.map((x, i) => [x, x + (i % 3) + 3] as [number, number]);
    const l = line(uneven.map(([a, b], i) => sym(text[i]!, a, b)));
    assert.equal(reboxed(l, uneven), l);
  });
  test('a character far from its glyph: as read', () => {
    const far = [...text].map((ch, i) => sym(ch, 10 * i + 1 + (i === 3 ? 40 : 0), 10 * i + 9 + (i === 3 ? 40 : 0)));
    const l = line(far);
    assert.equal(reboxed(l, grid(18)), l);
  });
  test('a short line (12 characters: a word or two, on a grid by chance): as read', () => {
    const l = line(bunched.slice(0, 12));
    assert.equal(reboxed(l, grid(12)), l);
  });
  test('a sliver of a box far from its glyph (put at the end of the glyph before) does not deny it', () => {
    const sliver = [...text].map((ch, i) => (i === 10 ? sym(ch, 98, 100) : sym(ch, 10 * i + 1, 10 * i + 9)));
    const out = reboxed(line(sliver), grid(18));
    assert.deepEqual(
      centres(out as ReturnType<typeof line>),
      grid(18).map(([a, b]) => (a + b) / 2),
    );
  });
  test('a line whose list steps two cells and its command one is re-boxed on the one-cell grid', () => {
    const cells = [0, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27];
    const glyphs = cells.map((c) => [10 * c + 1, 10 * c + 9] as [number, number]);
    const read = [...text].map((ch, i) =>
      sym(ch, glyphs[i]![0] + (i === 9 ? 6 : 0), glyphs[i]![1] + (i === 9 ? 6 : 0)),
    );
    const out = reboxed(line(read), glyphs);
    assert.deepEqual(
      centres(out as ReturnType<typeof line>),
      glyphs.map(([a, b]) => (a + b) / 2),
    );
  });
});

describe('reboxed: a hyphen read twice (`-—` on one glyph) is one hyphen on its glyph', () => {
  const sym = (text: string, x0: number, x1: number) => ({ text, bbox: { x0, y0: 0, x1, y1: 20 } });
  const grid = (n: number) => Array.from({ length: n }, (_, i) => [10 * i + 1, 10 * i + 9] as [number, number]);
  // `abcdefgh-ijklmnopq`: 18 glyphs, the hyphen (cell 8) read `-` and `—` on its two halves.
  const text = 'abcdefgh-ijklmnopq';
  const symbols = [...text].flatMap((ch, i) =>
    i === 8 ? [sym('-', 81, 85), sym('—', 85, 89)] : [sym(ch, 10 * i + 1, 10 * i + 9)],
  );
  const line = {
    text: symbols.map((s) => s.text).join('') + '\n',
    confidence: 80,
    bbox: { x0: 0, y0: 0, x1: 200, y1: 20 },
    words: [{ text: symbols.map((s) => s.text).join(''), bbox: { x0: 1, y0: 0, x1: 179, y1: 20 }, symbols }],
  };
  test('19 characters over 18 glyphs: the pair is `-`, every character on its glyph', () => {
    const out = reboxed(line, grid(18));
    assert.equal(out.text, text);
    assert.deepEqual(
      out.words?.flatMap((w) => w.symbols.map((s) => [s.bbox.x0, s.bbox.x1])),
      grid(18),
    );
  });
});

describe('reboxedOnInk: a line re-boxed on its ink at INK, else on its grey ink', () => {
  // A strip 20 rows high, 18 glyphs 8 px wide in 10 px cells; `shade` gives each glyph's grey.
  const W = 200;
  const page = (shade: (i: number) => number, quote?: number) => {
    const grey = new Uint8Array(W * 20).fill(255);
    for (let i = 0; i < 18; i++) {
      const ticks = i === quote ? [10 * i + 3, 10 * i + 6] : undefined;
      for (let y = 5; y < 15; y++)
        for (let x = 10 * i + 1; x < 10 * i + 9; x++)
          if (!ticks || (y < 9 && (x === ticks[0] || x === ticks[1]))) grey[y * W + x] = shade(i);
    }
    return grey;
  };
  const sym = (text: string, x0: number, x1: number) => ({ text, bbox: { x0, y0: 0, x1, y1: 20 } });
  // `setFont ("Helvetica",` as read: the recogniser's boxes bunched, a word gap before `(`.
  const text = 'setFont("Helvetic,';
  const symbols = [...text].map((ch, i) => sym(ch, 10 * i + (i >= 7 ? 4 : 1), 10 * i + (i >= 7 ? 10 : 9)));
  const line = {
    text: 'setFont ("Helvetic,\n',
    confidence: 80,
    bbox: { x0: 0, y0: 0, x1: W, y1: 20 },
    words: [
      { text: 'setFont', bbox: { x0: 1, y0: 0, x1: 69, y1: 20 }, symbols: symbols.slice(0, 7) },
      { text: '("Helvetic,', bbox: { x0: 74, y0: 0, x1: 180, y1: 20 }, symbols: symbols.slice(7) },
    ],
  };
  const lefts = (l: typeof line | ReturnType<typeof reboxed>) =>
    l.words!.flatMap((w) => w.symbols.map((s) => s.bbox.x0));
  const onGrid = Array.from({ length: 18 }, (_, i) => 10 * i + 1);
  test('black print: re-boxed at INK', () =>
    assert.deepEqual(
      lefts(
        reboxedOnInk(
          line,
          page(() => 0),
          W,
        ),
      ),
      onGrid,
    ));
  test('a string literal printed grey (140), its `"` two ticks: re-boxed on the grey ink', () =>
    // The `"` takes its ticks' columns (83-87).
    assert.deepEqual(
      lefts(
        reboxedOnInk(
          line,
          page((i) => (i >= 8 && i < 17 ? 140 : 0), 8),
          W,
        ),
      ),
      onGrid.map((x, i) => (i === 8 ? 83 : x)),
    ));
  test("grey lighter than GREY_INK (a figure's tint): as read", () => {
    assert.equal(
      reboxedOnInk(
        line,
        page((i) => (i >= 8 && i < 17 ? 190 : 0)),
        W,
      ),
      line,
    );
  });
});

describe('inkHoles: the paper a glyph encloses', () => {
  const o = art('.###.', '#...#', '#...#', '#...#', '.###.');
  const eight = art('.###.', '#...#', '.###.', '#...#', '.###.');
  // Paper between two diagonal pixels of a stroke is not let out (4-connected paper).
  const diagonal = art('.##.', '#..#', '#..#', '.##.');
  const cup = art('#...#', '#...#', '#...#', '#####');
  const cases: [string, boolean[][], number][] = [
    ['an `o`: one', o, 1],
    ['an `8`: two', eight, 2],
    ['a ring closed at its corners by diagonal pixels: one', diagonal, 1],
    ['a cup open at the top: none', cup, 0],
    ['a stroke: none', art('..#', '.#.', '#..'), 0],
  ];
  for (const [name, ink, want] of cases) test(name, () => assert.equal(inkHoles(ink).length, want));
  test('each hole as its box, top to bottom', () =>
    assert.deepEqual(inkHoles(eight), [
      { top: 1, bottom: 1, left: 1, right: 3 },
      { top: 3, bottom: 3, left: 1, right: 3 },
    ]));
});

describe('glyphsWithin: the glyphs whose centre lies in a span, with the rows of their ink', () => {
  // Rows 0-9, columns 0-29: a bar at columns 2-7 (rows 4-5), a bar at 10-15 (rows 4-5), a stem at 20-21 (rows 1-8).
  const W = 30;
  const grey = new Uint8Array(W * 10).fill(255);
  const ink = (x0: number, x1: number, y0: number, y1: number, v = 0) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x < x1; x++) grey[y * W + x] = v;
  };
  ink(2, 8, 4, 5);
  ink(10, 16, 4, 5, 160);
  ink(20, 22, 1, 8);
  const line = { x0: 0, y0: 0, x1: W, y1: 10 };
  test('two bars in the span, the stem outside it', () =>
    assert.deepEqual(glyphsWithin(grey, W, line, 0, 17, 200), [
      { x0: 2, x1: 8, top: 4, bottom: 5 },
      { x0: 10, x1: 16, top: 4, bottom: 5 },
    ]));
  test('grey ink is not ink at the dark threshold', () =>
    assert.deepEqual(glyphsWithin(grey, W, line, 0, 17, 128), [{ x0: 2, x1: 8, top: 4, bottom: 5 }]));
  test('a glyph cut by the span is taken whole when its centre is inside', () =>
    assert.deepEqual(glyphsWithin(grey, W, line, 18, 24, 200), [{ x0: 20, x1: 22, top: 1, bottom: 8 }]));
  test('no glyph whose centre lies in the span', () => assert.deepEqual(glyphsWithin(grey, W, line, 16, 19, 200), []));
});

describe('insideNeighbour: a character boxed inside its neighbour is its glyph read twice', () => {
  const box = (x0: number, x1: number) => ({ bbox: { x0, y0: 0, x1, y1: 20 } });
  const cases: [string, { bbox: { x0: number; y0: number; x1: number; y1: number } }[], number, boolean][] = [
    ['`p` inside `P`', [box(462, 478), box(471, 477)], 1, true],
    ['the wider one is not the double', [box(462, 478), box(471, 477)], 0, false],
    ['neighbours side by side', [box(0, 10), box(10, 20)], 1, false],
    ['half on its neighbour: not enough', [box(0, 10), box(5, 13)], 1, false],
    ['alone', [box(0, 10)], 0, false],
  ];
  for (const [name, symbols, i, want] of cases) test(name, () => assert.equal(insideNeighbour(symbols, i, 24), want));
  test('inside a box stretched wider than a glyph: no double', () =>
    assert.equal(insideNeighbour([box(75, 200), box(91, 99)], 1, 24), false));
});

describe('onPaper: a character boxed where the line has no glyph', () => {
  const glyphs: [number, number][] = [
    [0, 8],
    [10, 18],
    [20, 28],
  ];
  const box = (x0: number, x1: number) => ({ x0, y0: 0, x1, y1: 20 });
  const cases: [string, ReturnType<typeof box>, boolean][] = [
    ['on a glyph', box(11, 17), false],
    ['between two glyphs', box(8, 10), true],
    ['past the last glyph', box(30, 36), true],
    ['before the first glyph', box(-6, 0), true],
    ['on one glyph and the edge of the next', box(7, 15), false],
    ["one column of a glyph's edge in a box of six", box(27, 33), true],
    ['half on a glyph', box(24, 32), false],
  ];
  for (const [name, b, want] of cases) test(name, () => assert.equal(onPaper(b, glyphs), want));
  test('no glyphs: paper', () => assert.equal(onPaper(box(0, 5), []), true));
});

// extractPages (src/documents/formats/pdf/text-layer.ts): each page's lines with their position and
// font, the outline's titles, the afterText hook on the open document, and the open errors told
// apart (encrypted, invalid, damaged), on PDFs made by the test writer.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPages } from '../../../../src/documents/formats/pdf/text-layer.ts';
import {
  isNoise,
  itemLeft,
  joinedWidth,
  quarterTurns,
  reflectedThenUpright,
  turnUpright,
  turnsAsSet,
  upsideDownBlockUpright,
} from '../../../../src/documents/formats/pdf/page-text.ts';
import { item } from '../../helpers/raw-items.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import type { ExtractedDoc } from '../../../../src/documents/formats/pdf/types.ts';
import { makePdf, textPages, type PdfSpec } from '../../helpers/make-pdf.ts';

/** "Use X", then an E mirrored by the graphics state in a text object of its own, as the XeTeX logo is drawn. */
const MIRRORED_E = [
  'BT /F1 20 Tf 1 0 0 1 72 700 Tm (Use X) Tj ET',
  '1 0 0 1 139.8 697 cm q -1 0 0 1 0 0 cm 1 0 0 1 -139.8 -697 cm',
  'BT /F1 20 Tf 139.8 697 Td (E) Tj ET',
  '1 0 0 1 139.8 697 cm Q 1 0 0 1 -139.8 -697 cm',
];

const reads: { name: string; spec: PdfSpec; check: (d: ExtractedDoc) => void }[] = [
  {
    name: 'one page: its number, height and line',
    spec: { pages: [{ runs: [{ text: 'Hello there.', x: 72, y: 700, size: 12 }] }] },
    check: (d) => {
      assert.deepEqual(
        d.pages.map((p) => [p.number, p.height, p.lines.map((l) => l.text)]),
        [[1, 792, ['Hello there.']]],
      );
    },
  },
  {
    name: "a line's position and size",
    spec: { pages: [{ runs: [{ text: 'Placed', x: 100, y: 500, size: 14 }] }] },
    check: (d) => {
      const l = d.pages[0]!.lines[0]!;
      assert.deepEqual([Math.round(l.x), Math.round(l.y), Math.round(l.size), l.mono], [100, 500, 14, false]);
      assert.ok(l.xEnd > l.x);
    },
  },
  {
    name: 'Courier is monospace',
    spec: { pages: [{ runs: [{ text: 'x <- 1', x: 72, y: 700, font: 'F3' }] }] },
    check: (d) => assert.equal(d.pages[0]!.lines[0]!.mono, true),
  },
  {
    name: 'lines top to bottom',
    spec: {
      pages: [
        {
          runs: [
            { text: 'Second line', x: 72, y: 680 },
            { text: 'First line', x: 72, y: 700 },
          ],
        },
      ],
    },
    check: (d) =>
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        ['First line', 'Second line'],
      ),
  },
  {
    name: 'three pages, numbered in order',
    spec: { pages: textPages(['One.', 'Two.', 'Three.'], { perPage: 1 }) },
    check: (d) =>
      assert.deepEqual(
        d.pages.map((p) => [p.number, p.lines.map((l) => l.text).join(' ')]),
        [
          [1, 'One.'],
          [2, 'Two.'],
          [3, 'Three.'],
        ],
      ),
  },
  {
    name: 'an image-only page has no lines',
    spec: { pages: [{ image: true }] },
    check: (d) =>
      assert.deepEqual(
        d.pages.map((p) => p.lines.length),
        [0],
      ),
  },
  {
    name: 'compressed content streams read the same',
    spec: { pages: textPages(['Compressed words.']), compress: true },
    check: (d) =>
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        ['Compressed words.'],
      ),
  },
  {
    // XeTeX's logo as \reflectbox sets it: X, an E drawn mirrored (negative horizontal scale, its
    // origin at its right edge) and lowered, then LaTeX.
    name: 'a mirrored glyph sits left of its origin: the XeLaTeX logo reads as one word',
    spec: {
      pages: [
        {
          content: [
            'BT /F1 20 Tf 1 0 0 1 72 700 Tm (X) Tj ET',
            'BT /F1 20 Tf -1 0 0 1 98.68 697 Tm (E) Tj ET',
            'BT /F1 20 Tf 1 0 0 1 98.68 700 Tm (LaTeX) Tj ( is a TeX engine.) Tj ET',
          ].join('\n'),
        },
      ],
    },
    check: (d) =>
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        ['XELaTeX is a TeX engine.'],
      ),
  },
  {
    // The logo as metalogo and l2kurz set it: the E mirrored by the graphics state (\reflectbox's
    // `-1 0 0 1 0 0 cm` around it, in a text object of its own), then LaTeX in the next text
    // object at the E's right edge, its L stretched 2 % as pdfTeX justifies (so its text matrix
    // differs from the last one's). pdf.js joins the E and the L into one item, "E L", with the
    // E's mirrored transform; the space is its jump back, no word space.
    name: 'a mirrored glyph joined by pdf.js with the upright text after it: the XeLaTeX logo reads as one word',
    spec: {
      pages: [
        {
          content: [
            ...MIRRORED_E,
            'BT /F1 20 Tf 1.02 0 0 1 138.5 700 Tm [(L)]TJ 1 0 0 1 149.8 700 Tm (aTeX now.) Tj ET',
          ].join('\n'),
        },
      ],
    },
    check: (d) =>
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        ['Use XELaTeX now.'],
      ),
  },
  {
    // ltnews34: pdf.js joins the E with the rest of the line's upright text ("E TEX or LuaTEX and
    // fontshape"), its width the pen's whole path; a word space after it stays a space.
    name: 'a mirrored glyph joined with the rest of a line: the words after it keep their spaces',
    spec: {
      pages: [
        {
          content: [
            ...MIRRORED_E,
            'BT /F1 20 Tf 1.02 0 0 1 138.5 700 Tm (TeX or shape) Tj /F3 20 Tf 1 0 0 1 278 700 Tm (ui) Tj ET',
          ].join('\n'),
        },
      ],
    },
    check: (d) =>
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        ['Use XETeX or shape ui'],
      ),
  },
  {
    // A report printed sideways (landscape on a portrait page): its lines run up the page and
    // follow each other to the right; turned clockwise, down the page and leftwards.
    name: 'a page set turned a quarter counter-clockwise reads line by line in its own frame',
    spec: {
      pages: [
        {
          content: [
            'BT /F3 10 Tf 0 1 -1 0 100 100 Tm (No. Row name   Activity) Tj ET',
            'BT /F3 10 Tf 0 1 -1 0 112 100 Tm (1   VALUE      296.21661) Tj ET',
            'BT /F3 10 Tf 0 1 -1 0 124 100 Tm (2   YIELD      2000.0000) Tj ET',
          ].join('\n'),
        },
      ],
    },
    check: (d) =>
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        ['No. Row name Activity', '1 VALUE 296.21661', '2 YIELD 2000.0000'],
      ),
  },
  {
    name: 'a page set turned a quarter clockwise reads line by line in its own frame',
    spec: {
      pages: [
        {
          content: [
            'BT /F1 10 Tf 0 -1 1 0 500 700 Tm (The first line of the sideways table.) Tj ET',
            'BT /F1 10 Tf 0 -1 1 0 488 700 Tm (The second line follows it.) Tj ET',
          ].join('\n'),
        },
      ],
    },
    check: (d) =>
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        ['The first line of the sideways table.', 'The second line follows it.'],
      ),
  },
  {
    name: "the outline's titles",
    spec: { pages: textPages(['Body.']), outline: ['1 Scope', '2 Rules', '3 Leave'] },
    check: (d) => assert.deepEqual(d.outline, ['1 Scope', '2 Rules', '3 Leave']),
  },
  {
    name: 'no outline: none',
    spec: { pages: textPages(['Body.']) },
    check: (d) => assert.deepEqual(d.outline, []),
  },
];

// A Type 3 font whose glyphs are named after nothing (Ghostscript's a0, a1... on dvips bitmap fonts)
// draws noise in pdf.js's reading: its text is left out and counted; named glyphs are read.
const TYPE3_LINE = 'Type three text';
const type3Page = (type3: 'unicode' | 'numbered' | 'ascii'): PdfSpec => ({
  type3,
  pages: [{ runs: [{ text: TYPE3_LINE, x: 72, y: 700, size: 12, font: 'F5' }] }],
});
reads.push(
  {
    name: 'a Type 3 font with glyph names (uniXXXX) is read',
    spec: type3Page('unicode'),
    check: (d) => {
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        [TYPE3_LINE],
      );
      assert.equal(d.pages[0]!.unmapped, undefined);
    },
  },
  {
    name: 'a Type 3 font without glyph names whose codes are ASCII is read as its codes say',
    spec: type3Page('ascii'),
    check: (d) => {
      assert.deepEqual(
        d.pages[0]!.lines.map((l) => l.text),
        [TYPE3_LINE],
      );
      assert.equal(d.pages[0]!.unmapped, undefined);
    },
  },
  {
    name: 'a Type 3 font whose codes and glyph names (a0, a1...) say nothing: left out and counted',
    spec: type3Page('numbered'),
    check: (d) => {
      assert.deepEqual(d.pages[0]!.lines, []);
      // Its letters, and its spaces too: drawn at code 0, they are no white space to pdf.js.
      assert.ok((d.pages[0]!.unmapped ?? 0) >= TYPE3_LINE.replace(/ /g, '').length, `${d.pages[0]!.unmapped}`);
    },
  },
);

// Ghostscript's frame for dvips bitmap fonts (size 0.12, FontMatrix 1): pdf.js's transform reads
// 120 pt tall glyphs (glyph-size.ts); two columns of 12 pt lines stay two columns of lines.
const GS_LEFT = ['Left one', 'Left two', 'Left three'];
const GS_RIGHT = ['Right one', 'Right two', 'Right three'];
reads.push({
  name: 'Type 3 fonts in Ghostscript frame (size 0.12): each line of each column read apart',
  spec: {
    type3: 'ghostscript',
    pages: [
      {
        runs: [
          ...GS_LEFT.map((text, i) => ({ text, x: 72, y: 700 - 12 * i, size: 0.12, font: 'F5' as const })),
          ...GS_RIGHT.map((text, i) => ({ text, x: 320, y: 700 - 12 * i, size: 0.12, font: 'F5' as const })),
        ],
      },
    ],
  },
  check: (d) => {
    assert.deepEqual(
      d.pages[0]!.lines.map((l) => l.text),
      [...GS_LEFT, ...GS_RIGHT],
    );
    for (const l of d.pages[0]!.lines) assert.ok(l.size > 8 && l.size < 16, `${l.text}: ${l.size}`);
  },
});

for (const c of reads) {
  test(`extractPages: ${c.name}`, async () => {
    c.check(await extractPages(makePdf(c.spec)));
  });
}

test('extractPages: afterText runs once, on the open document, with the pages read', async () => {
  const seen: [number, number][] = [];
  const d = await extractPages(makePdf({ pages: textPages(['One.', 'Two.'], { perPage: 1 }) }), async (doc, pages) => {
    seen.push([doc.numPages, pages.length]);
    pages[0]!.lines[0]!.text = 'changed by the hook';
  });
  assert.deepEqual(seen, [[2, 2]]);
  assert.equal(d.pages[0]!.lines[0]!.text, 'changed by the hook');
});

const refusals: { name: string; data: Uint8Array; code: string; message?: RegExp }[] = [
  {
    name: 'an encrypted PDF',
    data: makePdf({ pages: textPages(['Secret.']), encrypt: true }),
    code: 'document_encrypted',
  },
  {
    name: 'a signature and nothing of a PDF',
    data: new TextEncoder().encode('%PDF-1.4\nnothing here at all\n'),
    code: 'document_damaged',
    message: /invalid PDF structure/,
  },
  {
    name: 'a page tree that points back at itself',
    data: makePdf({ pages: textPages(['Loop.']), loopPageTree: true }),
    code: 'document_damaged',
  },
];

for (const c of refusals) {
  test(`extractPages refuses ${c.name}: ${c.code}`, async () => {
    await assert.rejects(
      extractPages(c.data),
      (err: unknown) =>
        err instanceof DocumentError && err.code === c.code && (!c.message || c.message.test(err.message)),
    );
  });
}

test('extractPages: an error of the afterText hook is passed on as it is', async () => {
  await assert.rejects(
    extractPages(makePdf({ pages: textPages(['Body.']) }), async () => {
      throw new Error('hook failed');
    }),
    /hook failed/,
  );
});

test('isNoise: text of fonts without Unicode is noise when control characters are common in it', () => {
  const cases: [chars: number, controls: number, want: boolean, why: string][] = [
    [4055, 490, true, 'a page of Ghostscript bitmap fonts numbered by first use (12 %)'],
    [1000, 8, false, "a TeX font's ligatures and accents on control codes (under 1 %)"],
    [1000, 0, false, 'ASCII codes'],
    [0, 0, false, 'nothing drawn'],
  ];
  for (const [chars, controls, want, why] of cases) assert.equal(isNoise(chars, controls), want, why);
});

test('itemLeft: an item drawn mirrored extends left of its origin', () => {
  const cases: [t: number[], width: number, want: number, why: string][] = [
    [[10, 0, 0, 10, 100, 700], 7, 100, 'upright: the origin is the left edge'],
    [[-10, 0, 0, 10, 107, 700], 7, 100, 'mirrored (\\reflectbox): the origin is the right edge'],
    [[-10, 0, 0, -10, 107, 700], 7, 100, 'turned upside down: the origin is the right edge'],
    [[0, 10, -10, 0, 100, 700], 7, 100, 'turned a quarter: left alone'],
    [[10, 0, 3, 10, 100, 700], 7, 100, 'slanted: left alone'],
  ];
  for (const [t, width, want, why] of cases) assert.equal(itemLeft(t, width), want, why);
});

test('reflectedThenUpright: a reflected glyph pdf.js joined with the upright text after it', () => {
  const cases: [str: string, t: number[], width: number, want: { str: string; x: number } | undefined, why: string][] =
    [
      ['E L', [-10, 0, 0, 10, 110, 700], 21, { str: 'EL', x: 103 }, 'the E ends at the origin, a third of the width'],
      ['E LaTeX', [-10, 0, 0, 10, 110, 700], 70, { str: 'ELaTeX', x: 100 }, 'one character of seven'],
      ['E', [-10, 0, 0, 10, 110, 700], 7, undefined, 'a reflected glyph alone: itemLeft reads it'],
      ['ELBAT', [-10, 0, 0, 10, 110, 700], 35, undefined, 'a reflected word alone'],
      ['E L', [10, 0, 0, 10, 110, 700], 21, undefined, 'upright'],
      ['E L', [-10, 0, 0, -10, 110, 700], 21, undefined, 'turned upside down: no reflection'],
    ];
  for (const [str, t, width, want, why] of cases) assert.deepEqual(reflectedThenUpright(str, t, width), want, why);
});

test('joinedWidth: a joined item ends where the next item on its line starts', () => {
  const item = { x: 100, y: 700, width: 50, size: 10 };
  const cases: [next: { x: number; y: number } | undefined, want: number, why: string][] = [
    [{ x: 140, y: 700 }, 40, 'the next item starts inside the given width'],
    [{ x: 142, y: 703 }, 42, 'a raised next item (the A of LaTeX) on the same line'],
    [{ x: 160, y: 700 }, 50, 'the next item starts beyond: the width as given'],
    [{ x: 140, y: 686 }, 50, 'the next item is on the next line'],
    [{ x: 20, y: 700 }, 50, 'the next item starts left of the item'],
    [undefined, 50, 'the last item of the page'],
  ];
  for (const [next, want, why] of cases) assert.equal(joinedWidth(item, next), want, why);
});

test('quarterTurns: the direction of an item in quarter turns counter-clockwise', () => {
  const cases: [t: number[], want: number][] = [
    [[10, 0, 0, 10, 0, 0], 0],
    [[0, 9, -9, 0, 0, 0], 1],
    [[-10, 0, 0, -10, 0, 0], 2],
    [[0, -9, 9, 0, 0, 0], 3],
    [[-10, 0, 0, 10, 0, 0], 2],
    [[9.8, 1, -1, 9.8, 0, 0], 0],
  ];
  for (const [t, want] of cases) assert.equal(quarterTurns(t), want, JSON.stringify(t));
});

test('turnsAsSet: quarter turns, a mirrored item upright', () => {
  const cases: [t: number[], want: number][] = [
    [[10, 0, 0, 10, 0, 0], 0],
    [[0, 9, -9, 0, 0, 0], 1],
    [[-10, 0, 0, -10, 0, 0], 2],
    [[0, -9, 9, 0, 0, 0], 3],
    [[-10, 0, 0, 10, 0, 0], 0],
    [[10, 0, 0, -10, 0, 0], 0],
  ];
  for (const [t, want] of cases) assert.equal(turnsAsSet(t), want, JSON.stringify(t));
});

test('turnUpright: a page turned when most of its characters are turned one way', () => {
  const cases: [name: string, turns: number[], want: number][] = [
    ['upright', [0, 0, 0], 0],
    ['counter-clockwise', [1, 1, 0], 1],
    ['clockwise', [3, 3, 0], 3],
    ['half turned is not most', [1, 0, 0], 0],
    ['upside down', [2, 2, 0], 2],
    ['a third upside down is not most', [2, 0, 0], 0],
  ];
  for (const [name, turns, want] of cases) {
    const items = [item('abcd', 100, 200), item('efgh', 112, 200), item('ijkl', 300, 50)];
    assert.equal(turnUpright(items, turns, 600, 800), want, name);
  }
  const items = [item('up the page', 100, 200), item('next line', 112, 200)];
  turnUpright(items, [1, 1], 600, 800);
  assert.deepEqual(
    items.map((it) => [it.x, it.y]),
    [
      [200, 500],
      [200, 488],
    ],
  );
  // Upside down (the back of a leaflet printed for tumble duplex): each item's left edge on the
  // page (itemLeft: its origin less its width) is turned back to its right, the lines follow
  // each other up the page, the right column's line comes before the left column's.
  const half = [item('first line', 500, 700), item('next line', 500, 688), item('other column', 200, 700)];
  for (const it of half) it.width = 60;
  turnUpright(half, [2, 2, 2], 600, 800);
  assert.deepEqual(
    half.map((it) => [it.x, it.y]),
    [
      [40, 100],
      [40, 112],
      [340, 100],
    ],
  );
  const down = [item('down the page', 500, 700), item('next line', 488, 700)];
  turnUpright(down, [3, 3], 600, 800);
  assert.deepEqual(
    down.map((it) => [it.x, it.y]),
    [
      [100, 500],
      [100, 488],
    ],
  );
});

describe('upsideDownBlockUpright: a block set upside down on an upright page, turned back where it stands', () => {
  // Upside-down lines of 50 characters (250 wide), 12 apart, from baseline 400 up the page: the
  // first line of the text is the lowest; beside them an upright column.
  const turned = (n: number) =>
    Array.from({ length: n }, (_, i) => item(`${'abcdefghij'.repeat(5)}`.replace(/^a/, String(i)), 300, 400 - 12 * i));
  const upright = [item('left column one', 50, 700), item('left column two', 50, 688)];
  const cases: [name: string, n: number, want: [number, number][] | undefined][] = [
    [
      'four lines (200 characters): flipped in their box, the first line on top',
      4,
      [
        [300, 364],
        [300, 376],
        [300, 388],
        [300, 400],
      ],
    ],
    ["three lines (150 characters: a figure's labels) left alone", 3, undefined],
  ];
  for (const [name, n, want] of cases)
    test(name, () => {
      const block = turned(n);
      const items = [...upright, ...block];
      const before = block.map((it) => [it.x, it.y]);
      const turns = [...upright.map(() => 0), ...block.map(() => 2)];
      assert.equal(upsideDownBlockUpright(items, turns), want !== undefined);
      assert.deepEqual(
        block.map((it) => [it.x, it.y]),
        want ?? before,
      );
      assert.deepEqual(
        upright.map((it) => [it.x, it.y]),
        [
          [50, 700],
          [50, 688],
        ],
      );
    });
  test('items of unequal width keep their right edges as left edges', () => {
    const items = [item('x'.repeat(150), 100, 500), item('y'.repeat(60), 400, 500)];
    upsideDownBlockUpright(items, [2, 2]);
    // The box runs from 100 to 850: the wide item (100..850) stays, the narrow one (400..700)
    // moves to 250..550, its right edge's mirror.
    assert.deepEqual(
      items.map((it) => it.x),
      [100, 250],
    );
  });
});

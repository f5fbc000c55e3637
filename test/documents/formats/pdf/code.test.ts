// Code blocks in PDFs (src/documents/formats/pdf/code.ts): a monospaced line's text from its glyph
// positions, a block's indentation and blank lines, the runs of code lines that make a block; and
// extractPdf on PDFs built here (Courier lines among Helvetica text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  inLeftMargin,
  leftmostEdge,
  blankLines,
  codeBlockLines,
  codeSize,
  codeRuns,
  monoAdvance,
  numberedBlankLines,
  blankNumberSet,
  settingSize,
  numberedListingLine,
  numberAlone,
  numberedSetting,
  numberedOrigin,
  joinedCodeLine,
  gridSetting,
  gridWords,
  listingGridLines,
  monoSetting,
  resultBeside,
  sourceBeside,
  otherSize,
  sideBySide,
  sideEdges,
  textBlockEdges,
  typeSize,
  wrapsOnto,
  numberedRest,
  joinRest,
  wrapsVerbatim,
  type CodeLine,
  type TextEdges,
} from '../../../../src/documents/formats/pdf/code.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { chunkDocument } from '../../../../src/documents/chunk-document.ts';
import { DEFAULT_OCR } from '../../../../src/documents/ocr/options.ts';
import { makePdf, type TextRun } from '../../helpers/make-pdf.ts';
import { item } from '../../helpers/raw-items.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';

// Monospaced items: 6 units a character at size 10 (Courier's 0.6 em).
const mono = (str: string, x: number, o: Parameters<typeof item>[3] = {}) =>
  item(str, x, 700, { mono: true, width: [...str].length * 6, ...o });

test('monoAdvance: the advance of one character of the line', async (t) => {
  const cases: [name: string, items: ReturnType<typeof item>[], want: number | undefined][] = [
    ['the median over items without blanks', [mono('abc', 0), mono('de', 30), mono('f', 50, { width: 9 })], 6],
    [
      'items holding blanks only: the least ratio (a run of spaces drawn as one widens the others)',
      [mono('a b', 0, { width: 24 }), mono('x  y', 40, { width: 24 })],
      6,
    ],
    ['a proportional item is not measured', [item('Word', 0, 700), mono('ab', 40)], 6],
    [
      // DocBook's wrap arrow: two one-glyph items of a math font that pdf.js calls monospaced.
      'one-glyph items of another width after a long line with blanks: the line measures',
      [mono('\\explain{Le Kilimanjaro est une} de', 0), mono('←', 215, { width: 9.2 }), mono('↩', 224, { width: 9.2 })],
      6,
    ],
    [
      'items counted once per character: a long item outweighs two one-glyph ones',
      [mono('abcdefgh', 0), mono('←', 60, { width: 9 }), mono('↩', 70, { width: 9 })],
      6,
    ],
    [
      // The listings package's `numbers=left`: `\tiny` Computer Modern digits, which pdf.js calls
      // monospaced, before a line of code whose runs all hold blanks.
      'a line number in smaller type is no measure of the code',
      [mono('3', 0, { width: 3.65, size: 6 }), mono('oldf = f', 26, { width: 48 })],
      6,
    ],
    ["digits in the code's own size measure", [mono('42', 0), mono('x = 1', 26, { width: 30 })], 6],
    ['no monospaced item', [item('Word', 0, 700)], undefined],
    ['only blanks', [mono('   ', 0)], undefined],
  ];
  for (const [name, items, want] of cases)
    await t.test(name, () => {
      assert.equal(monoAdvance(items), want);
    });
});

test('monoSetting: a monospaced line as set, from its glyph positions', async (t) => {
  const cases: [name: string, items: ReturnType<typeof item>[], want: { text: string; x: number } | undefined][] = [
    ['one item', [mono('make all', 100)], { text: 'make all', x: 100 }],
    [
      'a run of spaces drawn as a move',
      [mono('x=1', 100), mono('# one', 100 + 8 * 6)],
      { text: 'x=1     # one', x: 100 },
    ],
    ['leading spaces inside the item move its start', [mono('    <tbody>', 100)], { text: '<tbody>', x: 124 }],
    ['items out of order', [mono('b', 112), mono('a', 100)], { text: 'a b', x: 100 }],
    [
      // The number's two digits take two columns ending where it ends (88): column 0 at 76.
      'a line number in a proportional font before the code: its columns end where it ends',
      [item('12', 80, 700, { width: 8 }), mono('x = 1;', 100)],
      { text: '12  x = 1;', x: 76 },
    ],
    [
      // FreeFem's manual (listings, numbers=left): `\tiny` digits right-aligned at 123.8, the
      // code column at 129.2, 5.73-unit columns; lines 9 and 10 indented 5 columns.
      'numbered lines 9 and 10 put their indented code in one column',
      [mono('9', 120.153, { width: 3.653, size: 6 }), mono('.....', 157.822, { width: 28.64, size: 10.9 })],
      { text: '9      .....', x: 117.726 }, // the code 7 columns from column 0
    ],
    [
      // statistics.sty's documentation (l3doc): `464` in 6-unit LMSans, which pdf.js calls
      // monospaced, then `+ #2` at 338.4 in 9-unit LMMono, 4.707-unit columns. The number measured
      // the line (2.645 a column) and set its code 61 columns in, not 33.
      'a numbered line of signs and digits: measured by its code, its number right-aligned',
      [mono('464', 175.109, { width: 7.935, size: 5.98 }), mono('+ #2', 338.387, { width: 18.829, size: 8.97 })],
      { text: `464${' '.repeat(33)}+ #2`, x: 168.926 },
    ],
    [
      // fontaxes (doc.sty): `2` right-aligned ending at 165.33, its code 0.41 of a 4.707-unit column
      // after it; line 3's code two columns further right.
      'a line number a fraction of a column from its code: that fraction is the first column',
      [item('2', 161.449, 700, { width: 3.877, size: 9 }), mono('\\Decl', 167.265, { width: 23.535, size: 9.41 })],
      { text: '2 \\Decl', x: 157.851 },
    ],
    [
      'the indented line under it keeps its two columns',
      [item('3', 161.449, 700, { width: 3.877, size: 9 }), mono('\\font', 176.68, { width: 23.535, size: 9.41 })],
      { text: '3   \\font', x: 157.852 },
    ],
    [
      'the line numbered 10 of the same listing',
      [mono('10', 116.5, { width: 7.306, size: 6 }), mono('onbdy', 157.822, { width: 28.64, size: 10.9 })],
      { text: '10      onbdy', x: 111.998 }, // 8 columns: one left of line 9's
    ],
    [
      // Doxygen's "std::vector< std::string >  const &": the math `>` is 1.5 columns wide.
      'after a sign of another font, the gap from its end: one space, not two',
      [mono('vector', 100), item('>', 136, 700, { width: 9 }), mono('const', 151)],
      { text: 'vector> const', x: 100 },
    ],
    [
      // Doxygen's "set< size_t > & kmers": the `&` one column after the `>`, `kmers` one after it.
      'the grid goes on from the item after a sign of another font',
      [mono('vector', 100), item('>', 136, 700, { width: 9 }), mono('&', 151), mono('kmers,', 163)],
      { text: 'vector> & kmers,', x: 100 },
    ],
    [
      'a sign of another font shifts the rest of the line: columns after it count from there',
      [mono('set', 100), item('<', 118, 700, { width: 9 }), mono('int', 127), mono('x', 157)],
      { text: 'set<int  x', x: 100 },
    ],
    [
      'no gap after a sign of another font: no space',
      [mono('build_data', 100), item('>', 166, 700, { width: 9 }), mono('::f', 175)],
      { text: 'build_data >::f', x: 100 },
    ],
    [
      'a proportional sign right after the code: no space',
      [mono('x', 100), item('+', 106.5, 700, { width: 4 }), mono('z', 112)],
      { text: 'x+z', x: 100 },
    ],
    [
      // A chess board (skak): each rank's digit, 8.3 pt, 2.7 pt left of its row of 15.6 pt glyphs,
      // set as a listing's line number is: right-aligned, a column before the row.
      'a small digit a gap before larger glyphs: a word of its own, set as a line number',
      [item('5', 200.58, 704.74, { width: 4.41, size: 8.3 }), mono('ZBZ0o0Z0', 207.7, { width: 124.96, size: 15.56 })],
      { text: '5 ZBZ0o0Z0', x: 176.46 },
    ],
    [
      'a small digit kerned against larger glyphs: no space',
      [item('5', 200.58, 704.74, { width: 4.41, size: 8.3 }), mono('ZBZ0o0Z0', 205.9, { width: 124.96, size: 15.56 })],
      { text: '5ZBZ0o0Z0', x: 200.58 },
    ],
    [
      'a sign a gap of the smaller size after a small digit: judged by its own size, no space',
      [item('5', 200.58, 700, { width: 4.41, size: 8.3 }), mono(';', 206.5, { width: 9, size: 15.56 })],
      { text: '5;', x: 200.58 },
    ],
    [
      'a footnote mark before a URL: a word of its own',
      [item('1', 100, 704, { width: 3, size: 7 }), mono('http://example.org/', 103)],
      { text: '1 http://example.org/', x: 100 },
    ],
    [
      // Sphinx: ˓→ right-aligned in a box two characters wide, the rest at column 2 of the block.
      "a continuation mark opening the line: placed by its first word's column",
      [mono('˓', 103, { width: 1.5 }), mono('→', 105, { width: 6.5 }), mono('workdir', 112)],
      { text: '˓→workdir', x: 100 },
    ],
    [
      // why3: "labelblock" ends at 160, its `*` at 160.4, though the grid from x 100 says column 11.
      'a sign right after a word, off the grid by a fraction: no space',
      [mono('labelblock', 100), mono('*', 160.4, { width: 6 })],
      { text: 'labelblock*', x: 100 },
    ],
    [
      'a run of a second typewriter face shifted off the grid: the gap decides',
      [mono('x', 100), mono('y', 107), mono('z', 121)],
      { text: 'xy z', x: 100 },
    ],
    ['no monospaced item', [item('prose', 100, 700)], undefined],
    [
      'a proportional word: prose with a typewriter word, no line of code',
      [mono('override_dh_auto_build', 100), item('pour cela.', 236, 700)],
      undefined,
    ],
    ['a bullet before typewriter text: a list item', [item('\u2022', 90, 700), mono('make install', 100)], undefined],
  ];
  for (const [name, items, want] of cases)
    await t.test(name, () => {
      const got = monoSetting(items);
      assert.deepEqual(got && { text: got.text, x: Math.round(got.x * 1000) / 1000 }, want);
    });
});

const line = (text: string, x: number, y: number, page = 1, o: Partial<CodeLine> = {}): CodeLine => ({
  text,
  x,
  y,
  page,
  advance: 6,
  ...o,
});
// A line of code on a page whose text block runs from x 100 to x 400 (50 characters).
const edged = (text: string, x: number, y: number, page = 1, o: Partial<CodeLine> = {}): CodeLine =>
  line(text, x, y, page, { xEnd: x + [...text].length * 6, left: 100, right: 400, ...o });

test("joinedCodeLine: page lines joined by Doxygen's identifier break are one line of code", async (t) => {
  const cases: [name: string, lines: CodeLine[], want: Partial<CodeLine> | undefined][] = [
    [
      'the arrow goes, the identifier joins, the spaces each line was set with stay',
      [line('f< m >::membership←↩', 100, 700), line('_agent ( ) const  [inline]', 100, 688, 1, { xEnd: 262 })],
      { text: 'f< m >::membership_agent ( ) const  [inline]', x: 100, y: 688, top: 700, xEnd: 262 },
    ],
    ['one line is itself', [line('make all', 100, 700)], { text: 'make all', x: 100, y: 700 }],
    ['lines without the arrow are no one line', [line('a', 100, 700), line('b', 100, 688)], undefined],
    ['an arrow after a space is no identifier break', [line('x ←↩', 100, 700), line('y', 100, 688)], undefined],
  ];
  for (const [name, lines, want] of cases)
    await t.test(name, () => {
      const got = joinedCodeLine(lines);
      if (want === undefined) assert.equal(got, undefined);
      else for (const [k, v] of Object.entries(want)) assert.equal(got?.[k as keyof CodeLine], v, k);
    });
});

test('blankLines: none under 1.7 line spacings, one, two from 2.7; more read as two', async (t) => {
  const cases: [name: string, dy: number, want: number][] = [
    ['the next line', 12, 0],
    ['a loose line (1.5 spacings)', 18, 0],
    ['one blank line (2 spacings)', 24, 1],
    ['one blank line, stretched (2.5 spacings)', 30, 1],
    ['two blank lines (3 spacings)', 36, 2],
    ['a vertical skip (6 spacings): two', 72, 2],
    ['a line above (a joined line): none', -12, 0],
  ];
  for (const [name, dy, want] of cases) await t.test(name, () => assert.equal(blankLines(dy, 12), want));
});

test('codeBlockLines: a joined line (top above y) takes no blank line before or after it', () => {
  const joined = line('f(x)', 100, 688, 1, { top: 700 });
  assert.deepEqual(codeBlockLines([line('template<T>', 100, 712), joined, line('int y;', 100, 676)]), [
    'template<T>',
    'f(x)',
    'int y;',
  ]);
});

test('codeBlockLines: indentation in characters from the left edge, blank lines at wide steps', async (t) => {
  const cases: [name: string, lines: CodeLine[], want: string[]][] = [
    [
      'indentation from the leftmost line',
      [line('<table>', 100, 700), line('<tr>', 112, 688), line('<td/>', 124, 676), line('</table>', 100, 664)],
      ['<table>', '  <tr>', '    <td/>', '</table>'],
    ],
    [
      'every line indented: the block starts at its leftmost line',
      [line('a', 130, 700), line('b', 136, 688)],
      ['a', ' b'],
    ],
    [
      'a step twice the spacing leaves a blank line',
      [line('one', 100, 700), line('two', 100, 688), line('three', 100, 664)],
      ['one', 'two', '', 'three'],
    ],
    [
      // gri's test suite: its test files' groups of tests parted by two blank lines, as written.
      'a step three times the spacing leaves two blank lines',
      [line('one', 100, 700), line('two', 100, 688), line('three', 100, 652)],
      ['one', 'two', '', '', 'three'],
    ],
    [
      'the next page is measured afresh',
      [line('f() {', 100, 700), line('x', 112, 688), line('y', 130, 750, 2), line('}', 124, 738, 2)],
      ['f() {', '  x', ' y', '}'],
    ],
    [
      'a block going on onto the next page keeps its grid there (its first part one indented line)',
      [edged('1 #!/usr/bin/make -f', 106, 100), edged('10 %:', 100, 700, 2), edged('2 dh $@', 106, 688, 2)],
      [' 1 #!/usr/bin/make -f', '10 %:', ' 2 dh $@'],
    ],
    [
      'the grid is measured from each page\u2019s text edge (the next page sets its text further right)',
      [edged('f() {', 124, 100), edged('x', 186, 700, 2, { left: 150 })],
      ['f() {', '  x'],
    ],
    [
      // sphinx-config-chromium: page 25's prose all indented (edge 85), page 26 shows the margin (63).
      'a page whose own edge is an indented level: the side edge sets the grid',
      [
        edged('.. image:: sphinx.png', 92, 100, 1, { left: 85, sideLeft: 63 }),
        edged(':scale: 50%', 110, 88, 1, { left: 85, sideLeft: 63 }),
        edged(':class: x', 110, 700, 2, { left: 63, sideLeft: 63 }),
      ],
      ['.. image:: sphinx.png', '   :scale: 50%', '   :class: x'],
    ],
    [
      'the same, the pages\u2019 own edges only: the part is set off its grid',
      [
        edged('.. image:: sphinx.png', 92, 100, 1, { left: 85 }),
        edged(':scale: 50%', 110, 88, 1, { left: 85 }),
        edged(':class: x', 110, 700, 2, { left: 63 }),
      ],
      ['.. image:: sphinx.png', '   :scale: 50%', '       :class: x'],
    ],
    [
      // reportlab-guide p. 86-87: the call's last two lines all indented on the next page.
      'a part all indented 24 columns on the next page keeps its grid',
      [edged('t.setStyle(TableStyle([', 100, 100), edged("('BOX', 0),", 244, 700, 2), edged(']))', 244, 688, 2)],
      ['t.setStyle(TableStyle([', "                        ('BOX', 0),", '                        ]))'],
    ],
    [
      'a part a column width away on the next page (a two-column page): measured afresh',
      [edged('f() {', 100, 100), edged('x', 370, 700, 2), edged('y', 376, 688, 2)],
      ['f() {', 'x', ' y'],
    ],
    [
      'a line wrapped at the right edge joins the line it goes on',
      [
        edged('3 * Initial release (Closes: #nnnn) <nnnn is a bug', 100, 700),
        edged('ITP>', 100, 688),
        edged('4', 100, 676),
      ],
      ['3 * Initial release (Closes: #nnnn) <nnnn is a bug ITP>', '4'],
    ],
    [
      'a line that ends at the right edge, then a blank line: the next line is a line of its own',
      [
        edged('set x axis 1 3 1', 100, 712),
        edged('# Example 7 -- Box plots of mixing efficiency (me)', 100, 700),
        edged('Draw y boxplot', 100, 676),
      ],
      ['set x axis 1 3 1', '# Example 7 -- Box plots of mixing efficiency (me)', '', 'Draw y boxplot'],
    ],
    [
      'the next column (back up the page) is measured afresh',
      [line('a', 72, 100), line('b', 84, 88), line('c', 320, 700), line('d', 326, 688)],
      ['a', '  b', 'c', ' d'],
    ],
  ];
  for (const [name, lines, want] of cases)
    await t.test(name, () => {
      assert.deepEqual(codeBlockLines(lines), want);
    });
});

test("sideEdges: each page's left edge as most pages of its side show it", async (t) => {
  const cases: [name: string, own: [number, number][], want: [number, number][]][] = [
    [
      'a page whose prose is all indented takes its side edge',
      [
        [179, 135],
        [181, 221],
        [183, 135],
        [180, 135],
      ],
      [
        [179, 135],
        [181, 135],
        [183, 135],
        [180, 135],
      ],
    ],
    [
      'two-sided pages: each side its own',
      [
        [1, 135],
        [2, 99],
        [3, 135],
      ],
      [
        [1, 135],
        [2, 99],
        [3, 135],
      ],
    ],
    [
      'a tie: the smaller x',
      [
        [1, 221],
        [3, 135],
      ],
      [
        [1, 135],
        [3, 135],
      ],
    ],
    ['no page with an edge: none', [], []],
  ];
  for (const [name, own, want] of cases) await t.test(name, () => assert.deepEqual([...sideEdges(new Map(own))], want));
  // Pages with no edge of their own (a page filled with code): their side's edge, when it has one.
  const all: [name: string, own: [number, number][], pages: number[], want: [number, number][]][] = [
    [
      'a page of code between pages with prose takes its side edge',
      [
        [47, 72],
        [49, 72],
        [50, 90],
      ],
      [47, 48, 49, 50],
      [
        [47, 72],
        [49, 72],
        [50, 90],
        [48, 90],
      ],
    ],
    [
      'a side with no edge on any page: none for its pages',
      [
        [1, 72],
        [3, 72],
      ],
      [1, 2, 3, 4],
      [
        [1, 72],
        [3, 72],
      ],
    ],
    ['no page with an edge: none', [], [1, 2], []],
  ];
  for (const [name, own, pages, want] of all)
    await t.test(name, () => assert.deepEqual([...sideEdges(new Map(own), pages)], want));
});

test('sideBySide: a block in the right half of its text block', async (t) => {
  const cases: [name: string, left: number, edges: TextEdges, want: boolean][] = [
    ['at the left edge', 100, { left: 100, right: 500 }, false],
    ['indented a little', 140, { left: 100, right: 500 }, false],
    ['past the middle', 320, { left: 100, right: 500 }, true],
    ['no edges known', 320, {}, false],
  ];
  for (const [name, left, edges, want] of cases) await t.test(name, () => assert.equal(sideBySide(left, edges), want));
});

test("numberedRest: the rest of a numbered listing's line the typesetter wrapped", async (t) => {
  const cases: [name: string, a: string, b: string, after: string | undefined, want: boolean][] = [
    ['a line, a rest without a number, the next number', '7  -- Nom  Mon, 22 Mar 2010', '00:37:31 +0100', '8', true],
    ['the next number is no rest', '7  x', '8  y', '9  z', false],
    ['the line after is no next number', '7  x', 'y', '12  z', false],
    ['the last line of the block', '7  x', 'y', undefined, false],
    ['a line without a number', 'x', 'y', '8  z', false],
  ];
  for (const [name, a, b, after, want] of cases)
    await t.test(name, () => assert.equal(numberedRest(a, b, after), want));
});

test('joinRest: a wrapped line and its rest as one line', async (t) => {
  const cases: [name: string, line: string, rest: string, want: string][] = [
    ['broken at a blank: the blank back', 'Mon, 22 Mar 2010', '00:37:31 +0100', 'Mon, 22 Mar 2010 00:37:31 +0100'],
    [
      'broken after a hyphen inside a word: none',
      'https://www.debian.org/doc/packaging-manuals/copyright-',
      'format/1.0/',
      'https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/',
    ],
    ['a hyphen alone is a word', 'a -', 'b', 'a - b'],
    ['a hyphen after a sign is a word', 'ls --', 'all', 'ls -- all'],
  ];
  for (const [name, line, rest, want] of cases) await t.test(name, () => assert.equal(joinRest(line, rest), want));
});

test('wrapsOnto: a line the typesetter wrapped at the right edge', async (t) => {
  const long = 'x'.repeat(46); // ends at x 376: 4 characters short of the edge at 400
  const cases: [name: string, a: CodeLine, b: CodeLine, want: boolean][] = [
    ['the next word would not have fitted', edged(long + 'xx', 100, 700), edged('word', 100, 688), true],
    ['the next word would have fitted', edged(long + 'xx', 100, 700), edged('a', 100, 688), false],
    [
      'untagged: a line 4 characters short of the edge is a line of its own',
      edged(long, 100, 700),
      edged('words', 100, 688),
      false,
    ],
    ['a short line', edged('make', 100, 700), edged('install-everything-now', 100, 688), false],
    [
      'a line over the edge (TeX does not wrap verbatim text)',
      edged('y'.repeat(52), 100, 700),
      edged('word', 100, 688),
      false,
    ],
    ['no text edge known', line(long, 100, 700, 1, { xEnd: 376 }), line('word', 100, 688, 1, { xEnd: 124 }), false],
    ['another page', edged(long, 100, 100), edged('word', 100, 700, 2), false],
    [
      'two tagged elements: two lines',
      edged(long, 100, 700, 1, { block: 3 }),
      edged('word', 100, 688, 1, { block: 4 }),
      false,
    ],
    ['one tagged element', edged(long, 100, 700, 1, { block: 3 }), edged('word', 100, 688, 1, { block: 3 }), true],
    [
      "Sphinx's continuation mark: the line printed as continued",
      edged(long + 'xx', 100, 700),
      edged('\u02D3\u2192 word', 100, 688),
      false,
    ],
    ["fvextra's continuation mark", edged(long + 'xx', 100, 700), edged('\u21AA word', 100, 688), false],
    ['a mark inside the line is no continuation', edged(long + 'xx', 100, 700), edged('word \u2192 x', 100, 688), true],
    ["a closing brace alone: the block's end, not a rest", edged(long + 'xxxx', 100, 700), edged('}', 100, 688), false],
    ['closing brackets and a semicolon alone', edged(long + 'xxxx', 100, 700), edged('});', 100, 688), false],
    ['a preprocessor directive', edged(long + 'xxxx', 100, 700), edged('# error "Wrong version."', 100, 688), false],
    ['#endif', edged(long + 'xxxx', 100, 700), edged('#endif', 100, 688), false],
    [
      'a brace and more: a rest like any other',
      edged(long + 'xx', 100, 700),
      edged('}else_if_the_rest', 100, 688),
      true,
    ],
    ['a shell comment: a rest like any other', edged(long + 'xx', 100, 700), edged('#the_rest_of_it', 100, 688), true],
    [
      // oracle-maint-guide-fr-dreq-pdf-tagged p. 14: both lines one element.
      "tagged: a line ending with a backslash is the author's break",
      edged('make install \\', 100, 700, 1, { block: 3 }),
      edged('DESTDIR=/chemin/vers/paquet_version-revision/debian/paquet', 100, 688, 1, { block: 3 }),
      false,
    ],
    ['untagged: the same', edged(long + ' \\', 100, 700), edged('words', 100, 688), false],
    [
      'a backslash glued to a word is no break mark',
      edged('make install\\', 100, 700, 1, { block: 3 }),
      edged('DESTDIR=/chemin/vers/paquet_version-revision/debian/paquet', 100, 688, 1, { block: 3 }),
      true,
    ],
  ];
  for (const [name, a, b, want] of cases)
    await t.test(name, () => {
      assert.equal(wrapsOnto(a, b), want);
    });
  const numbered: [name: string, a: CodeLine, b: CodeLine, want: boolean][] = [
    [
      "a numbered listing's next line (Doxygen)",
      edged('4 // This file may be used, modified and/or redis', 100, 700),
      edged('5 // shipped with this file', 100, 688),
      false,
    ],
    [
      'a number that is not the next one',
      edged('4 // This file may be used, modified and/or redis', 100, 700),
      edged('17 cats', 100, 688),
      true,
    ],
  ];
  for (const [name, a, b, want] of numbered)
    await t.test(name, () => {
      assert.equal(wrapsOnto(a, b), want);
    });
  // A word processor's numbered listing (line numbers typed in): a line ending 8 characters short
  // of the edge, its rest a 9-character word, then the next number.
  const short = edged('7 ' + 'x'.repeat(40), 100, 700);
  const rest = edged('00:37:31z', 100, 688);
  await t.test("untagged: a numbered listing's rest, the next number after it", () =>
    assert.equal(wrapsOnto(short, rest, Infinity, 100, true, edged('8', 100, 676)), true),
  );
  await t.test('untagged: the same with no line after it', () =>
    assert.equal(wrapsOnto(short, rest, Infinity, 100, true), false),
  );
  await t.test('a typesetter that never wraps', () =>
    assert.equal(wrapsOnto(short, rest, Infinity, 100, false, edged('8', 100, 676)), false),
  );
  await t.test('codeBlockLines: the listing with its line whole', () =>
    assert.deepEqual(codeBlockLines([short, rest, edged('8', 100, 676)]), ['7 ' + 'x'.repeat(40) + ' 00:37:31z', '8']),
  );
  // The block's left edge (100): an indented line is a line of its own.
  const edgeCases: [name: string, a: CodeLine, b: CodeLine, want: boolean][] = [
    ['the next line at the left edge', edged(long + 'xx', 100, 700), edged('word', 100, 688), true],
    ['the next line indented', edged(long + 'xx', 100, 700), edged('<tgroup', 112, 688), false],
    [
      // A text block from 20 to 400: the listing at 100 is in its left half.
      'a listing indented in the left half of the text block',
      edged(long + 'xx', 100, 700, 1, { left: 20 }),
      edged('word', 100, 688, 1, { left: 20 }),
      true,
    ],
    [
      'tagged: one element, the next line indented',
      edged(long, 100, 700, 1, { block: 3 }),
      edged('word', 112, 688, 1, { block: 3 }),
      true,
    ],
  ];
  for (const [name, a, b, want] of edgeCases)
    await t.test(`left edge 100: ${name}`, () => {
      assert.equal(wrapsOnto(a, b, Infinity, 100), want);
    });
  // A block beside its result (l2kurz's examples): a text block from 0 to 400, the listing at 250 (right half).
  await t.test('a block in the right half of the text block (an example beside its result): no wrap', () => {
    const a = line('links \\> rechts\\\\', 250, 700, 1, { xEnd: 400, left: 0, right: 400 });
    const b = line('Es \\\\', 250, 688, 1, { xEnd: 274, left: 0, right: 400 });
    assert.equal(wrapsOnto(a, b, Infinity, 250), false);
    assert.equal(wrapsOnto({ ...a, x: 150 }, { ...b, x: 150 }, Infinity, 150), true);
  });
  // The block's line spacing (12): the next line two steps down is after a blank line.
  const stepped: [name: string, a: CodeLine, b: CodeLine, want: boolean][] = [
    ['the next line at the line spacing', edged(long + 'xx', 100, 700), edged('word', 100, 688), true],
    ['a blank line between', edged(long + 'xx', 100, 700), edged('word', 100, 676), false],
    [
      'one tagged element, a blank line between',
      edged(long, 100, 700, 1, { block: 3 }),
      edged('word', 100, 676, 1, { block: 3 }),
      false,
    ],
  ];
  for (const [name, a, b, want] of stepped)
    await t.test(`step 12: ${name}`, () => {
      assert.equal(wrapsOnto(a, b, 12), want);
    });
});

test('wrapsVerbatim: typesetters that may wrap a line of preformatted text', async (t) => {
  const cases: [typesetter: string | undefined, want: boolean][] = [
    // Creator and Producer as the corpus's PDFs name them.
    ['TeX pdfTeX-1.40.24', false], // Texinfo
    ['LaTeX with hyperref pdfTeX-1.40.24', false],
    ['LaTeX with hyperref package dvipdfmx (20100328)', false],
    ['DBLaTeX-0.3.12 xdvipdfmx (20211117)', false],
    ['LaTeX with beamer class version 3.07 pdfTeX-1.40.10', false],
    ['dvips(k) 5.996 Copyright 2016 Radical Eye Software GPL Ghostscript 9.19', false],
    ['groff version 1.22.4 gropdf version 1.22.4', false],
    ['(unspecified) ReportLab PDF Library - www.reportlab.com', false],
    ['Writer LibreOffice 7.4', true],
    ['Microsoft® Word for Microsoft 365', true],
    ['Chromium Skia/PDF m153', true],
    ['Creator Producer', true],
    ['Acrobat PDFMaker 17 for Word Adobe PDF Library 17; modified using iText 5.5', true],
    ['SoftMaker TextMaker', true],
    ['ConTeXt LuaTeX', false],
    ['', true],
    [undefined, true],
  ];
  for (const [typesetter, want] of cases)
    await t.test(String(typesetter), () => assert.equal(wrapsVerbatim(typesetter), want));
  await t.test('a line TeX set up to the edge: never joined', () => {
    const a = edged('x'.repeat(48), 100, 700);
    const b = edged('word', 100, 688);
    assert.equal(wrapsOnto(a, b, 12, 100), true);
    assert.equal(wrapsOnto(a, b, 12, 100, false), false);
    assert.deepEqual(codeBlockLines([a, b], false), ['x'.repeat(48), 'word']);
    assert.deepEqual(codeBlockLines([a, b]), ['x'.repeat(48) + ' word']);
  });
});

test('textBlockEdges: the text block of a page from its prose lines', async (t) => {
  const tl = (x: number, xEnd: number, mono = false): TextLine => ({
    text: 't',
    x,
    xEnd,
    y: 700,
    size: 10,
    font: mono ? 'tt' : 'rm',
    mono,
  });
  // A line of prose opening with a typewriter piece from x to nameEnd, its text from textX to xEnd.
  const hung = (x: number, nameEnd: number, textX: number, xEnd: number): TextLine => ({
    ...tl(x, xEnd),
    monoStart: true,
    pieces: [
      { text: '\\name', x, xEnd: nameEnd },
      { text: 'text', x: textX, xEnd },
    ],
  });
  const cases: [name: string, lines: TextLine[], want: TextEdges][] = [
    [
      'justified lines',
      [tl(72, 540), tl(72, 540), tl(90, 540), tl(72, 300), tl(100, 200, true)],
      { left: 72, right: 540 },
    ],
    ['ragged lines: the longest', [tl(57, 520), tl(57, 528), tl(57, 500), tl(57, 400)], { left: 57, right: 528 }],
    [
      'headings and short lines ending anywhere: no right edge (the longest is no margin)',
      [tl(71, 214), tl(71, 198), tl(71, 248), tl(71, 140)],
      { left: 71 },
    ],
    [
      // Doxygen: "9.10.1.1 index_factory() [1/4]" three times, each over a long signature.
      'titles of one length with 3+ lines running far past them: no right edge',
      [tl(71, 203), tl(71, 203), tl(71, 203), tl(71, 184), tl(71, 384, true), tl(71, 369, true), tl(71, 391, true)],
      { left: 71 },
    ],
    [
      'a line or two of code past the margin (an overfull line) leave the edge',
      [tl(72, 540), tl(72, 540), tl(72, 540), tl(100, 640, true), tl(100, 620, true)],
      { left: 72, right: 540 },
    ],
    ['fewer than 3 prose lines', [tl(72, 540), tl(72, 540), tl(100, 300, true), tl(100, 300, true)], {}],
    ['no common start', [tl(72, 540), tl(80, 540), tl(90, 540)], { right: 540 }],
    [
      // leaflet (doc.sty): `\pending@@write Doesn’t work...`, the name hung in the margin on the
      // baseline of its paragraph's first line, three times on a page.
      'lines opening with a name hung in the margin start at no x',
      [
        hung(45, 116, 125, 517),
        hung(45, 116, 125, 517),
        hung(45, 116, 125, 532),
        tl(125, 521),
        tl(125, 320),
        tl(125, 262),
      ],
      { left: 125, right: 532 },
    ],
    [
      'a typewriter word opening a line at the edge is no name in the margin',
      [hung(72, 100, 106, 540), hung(72, 90, 96, 540), hung(72, 95, 101, 540), tl(90, 540), tl(90, 540), tl(90, 300)],
      { left: 72, right: 540 },
    ],
    [
      'more list items than paragraph lines: the leftmost edge of 3+ lines',
      [tl(72, 540), tl(72, 540), tl(72.6, 300), tl(90, 540), tl(90, 540), tl(90, 540), tl(90, 400)],
      { left: 72, right: 540 },
    ],
  ];
  for (const [name, lines, want] of cases)
    await t.test(name, () => {
      assert.deepEqual(textBlockEdges(lines), want);
    });
});

test('codeRuns: runs of 2+ code lines', async (t) => {
  const c = (page = 1) => line('x', 100, 700, page);
  const cases: [name: string, lines: (CodeLine | undefined)[], byPage: boolean, want: [number, number][]][] = [
    [
      'two runs around a paragraph',
      [c(), c(), undefined, c(), c(), c()],
      false,
      [
        [0, 2],
        [3, 6],
      ],
    ],
    ['a line alone is no block', [undefined, c(), undefined, c()], false, []],
    ['a run goes on onto the next page', [c(1), c(2)], false, [[0, 2]]],
    [
      'a slide deck: a run ends with its page',
      [c(1), c(1), c(2), c(2), c(3)],
      true,
      [
        [0, 2],
        [2, 4],
      ],
    ],
    [
      // ReportLab's guide: a listing at 8 units, then the API heading `9.2 XPreformatted(text,
      // style, bulletText=None,` in Courier at 14 units over its second line.
      'a typewriter heading under a listing is no line of it',
      [
        { ...c(), size: 8 },
        { ...c(), size: 8 },
        { ...c(), size: 14 },
        { ...c(), size: 14 },
      ],
      false,
      [
        [0, 2],
        [2, 4],
      ],
    ],
    [
      'a typewriter heading over a listing is no line of it',
      [
        { ...c(), size: 14 },
        { ...c(), size: 8 },
        { ...c(), size: 8 },
        { ...c(), size: 8 },
      ],
      false,
      [[1, 4]],
    ],
    [
      // A numbered listing's blank line: its number alone says nothing of the size.
      'a line of unknown size between two of one size: one run',
      [{ ...c(), size: 10.9 }, c(), { ...c(), size: 10.9 }],
      false,
      [[0, 3]],
    ],
    [
      'a line of unknown size does not hide a change of size',
      [{ ...c(), size: 14 }, c(), { ...c(), size: 8 }, { ...c(), size: 8 }],
      false,
      [
        [0, 2],
        [2, 4],
      ],
    ],
    [
      'LaTeX \\small after \\normalsize: one size of type',
      [
        { ...c(), size: 10 },
        { ...c(), size: 9 },
      ],
      false,
      [[0, 2]],
    ],
    [
      // LaTeX: a listing in the body's size, then a footnote holding a URL in typewriter.
      'a footnote under a listing is no line of it',
      [
        { ...c(), size: 10.91 },
        { ...c(), size: 10.91 },
        { ...c(), size: 8.97 },
      ],
      false,
      [[0, 2]],
    ],
  ];
  for (const [name, lines, byPage, want] of cases)
    await t.test(name, () => {
      assert.deepEqual(codeRuns(lines, byPage), want);
    });
});

test('otherSize: two code lines in two sizes of type', async (t) => {
  const c = (size?: number): CodeLine => (size === undefined ? line('x', 100, 700) : line('x', 100, 700, 1, { size }));
  const cases: [name: string, a: CodeLine, b: CodeLine, want: boolean][] = [
    ['one size', c(8), c(8), false],
    ['LaTeX \\small under \\normalsize', c(10), c(9), false],
    ['LaTeX \\footnotesize under \\normalsize: a footnote', c(10), c(8), true],
    ['a Texinfo heading over a definition', c(13.09), c(10.91), true],
    ['a heading at 1.75 times the size', c(8), c(14), true],
    ['the other way round', c(14), c(8), true],
    ['a size unknown', c(), c(14), false],
  ];
  for (const [name, a, b, want] of cases) await t.test(name, () => assert.equal(otherSize(a, b), want));
});

test('typeSize: the size of a line of code', async (t) => {
  const cases: [name: string, items: ReturnType<typeof item>[], want: number | undefined][] = [
    ['one item', [mono('make all', 100)], 10],
    [
      // FreeFem's manual: the number `2` and a space at 6 units, `{` at 10.9.
      'a line number set smaller in the same face, code of signs only: unknown',
      [mono('2', 100, { size: 6 }), mono('{', 111, { size: 10.9 })],
      undefined,
    ],
    [
      "a line number set smaller before a word: the word's size",
      [mono('1', 100, { size: 6 }), mono('if(', 109, { size: 10.9 })],
      10.9,
    ],
    [
      "a heading's number in a proportional face: the typewriter text's size",
      [item('9.2', 60, 700, { size: 14 }), mono('XPreformatted(text,', 90, { size: 14 })],
      14,
    ],
    ["a footnote mark smaller than the line: the line's size", [mono('see', 100), mono('a', 120, { size: 7 })], 10],
    ['digits alone (a numbered blank line): unknown', [mono('5', 100, { size: 6 })], undefined],
  ];
  for (const [name, items, want] of cases) await t.test(name, () => assert.equal(typeSize(items), want));
});

const OFF = { ocr: { ...DEFAULT_OCR, mode: 'off' as const } };
const prose = (text: string, y: number): TextRun => ({ text, x: 72, y, size: 10, font: 'F4' });
const courier = (text: string, x: number, y: number): TextRun => ({ text, x, y, size: 10, font: 'F3' });

// A page of prose with a Courier listing: indented lines, a run of spaces drawn as a move.
const listingPage: TextRun[] = [
  prose('The configuration below sets the table width and the columns of the table.', 700),
  courier('<informaltable>', 72, 680),
  courier('<tgroup cols="2">', 84, 668),
  courier('<colspec colwidth="2cm"/>', 96, 656),
  courier('<!-- fixed -->', 96 + 28 * 6, 656),
  courier('</tgroup>', 84, 644),
  courier('</informaltable>', 72, 632),
  prose('It is rendered as a table of two columns whose first column is two centimetres wide.', 612),
];

/** listingPage's code block as written: indentation from the positions, the spaces the move drew. */
const LISTING = [
  '<informaltable>',
  '  <tgroup cols="2">',
  '    <colspec colwidth="2cm"/>   <!-- fixed -->',
  '  </tgroup>',
  '</informaltable>',
];

test('extractPdf: a run of Courier lines is one code block, indentation and spacing as set', async () => {
  const { blocks } = await extractPdf(makePdf({ pages: [{ runs: listingPage }] }), OFF);
  const code = blocks.filter((b) => b.kind === 'code');
  assert.equal(code.length, 1);
  assert.deepEqual(code[0]!.lines, LISTING);
  assert.equal(code[0]!.page, 1);
  assert.ok(blocks.some((b) => b.kind === 'paragraph' && b.text.startsWith('The configuration below')));
});

test('extractPdf: a Ghostscript typewriter face (equal widths, another MissingWidth) is monospaced: its listing is one code block', async () => {
  const { blocks } = await extractPdf(makePdf({ pages: [{ runs: listingPage }], ghostscriptTypewriter: true }), OFF);
  const code = blocks.filter((b) => b.kind === 'code');
  assert.equal(code.length, 1);
  assert.deepEqual(code[0]!.lines, LISTING);
});

test('extractPdf: a T1 typewriter face (one glyph two columns wide, no FixedPitch flag) is monospaced: its listing is one code block', async () => {
  const { blocks } = await extractPdf(makePdf({ pages: [{ runs: listingPage }], t1Typewriter: true }), OFF);
  const code = blocks.filter((b) => b.kind === 'code');
  assert.equal(code.length, 1);
  assert.deepEqual(code[0]!.lines, LISTING);
});

test('extractPdf: a typewriter word inside a prose line is no code block', async () => {
  const runs: TextRun[] = [
    prose('Set the option', 700),
    { text: '--width', x: 72 + 62, y: 700, size: 10, font: 'F3' },
    {
      text: 'to the width of the page, in points, or leave it unset for the default.',
      x: 72 + 62 + 48,
      y: 700,
      size: 10,
      font: 'F4',
    },
    prose('The option', 688),
    { text: '--height', x: 72 + 45, y: 688, size: 10, font: 'F3' },
    {
      text: 'does the same for the height of the page, in points as well.',
      x: 72 + 45 + 54,
      y: 688,
      size: 10,
      font: 'F4',
    },
  ];
  const { blocks } = await extractPdf(makePdf({ pages: [{ runs }] }), OFF);
  assert.ok(blocks.length > 0);
  assert.ok(blocks.every((b) => b.kind === 'paragraph'));
});

test('extractPdf: a code block going on onto the next page is one block with its page turn', async () => {
  const pages = [
    {
      runs: [
        prose('Here is the example of the whole file that the tool reads at start.', 700),
        courier('first = 1', 72, 120),
        courier('second = 2', 72, 108),
      ],
    },
    { runs: [courier('third = 3', 72, 700), prose('That is the whole of the file, as the tool reads it.', 680)] },
  ];
  const { blocks } = await extractPdf(makePdf({ pages }), OFF);
  const code = blocks.find((b) => b.kind === 'code');
  assert.deepEqual(code?.lines, ['first = 1', 'second = 2', 'third = 3']);
  assert.deepEqual(code?.pageTurns, [{ after: 'first1second2'.length, page: 2 }]);
});

test('chunkDocument: the code block stands in one chunk, one line per line, indentation kept', async () => {
  const chunks = await chunkDocument({ format: 'pdf', bytes: makePdf({ pages: [{ runs: listingPage }] }) }, OFF);
  const all = chunks.map((c) => c.content).join('\n');
  assert.ok(
    all.includes(
      '<informaltable>\n  <tgroup cols="2">\n    <colspec colwidth="2cm"/>   <!-- fixed -->\n  </tgroup>\n</informaltable>',
    ),
    all,
  );
});

test("numberedBlankLines: a numbered listing's lines of a number alone (a blank line) are its lines", async (t) => {
  const set = (text: string, x: number, y: number): TextLine => ({
    text,
    x,
    xEnd: x + text.length * 6,
    y,
    size: 10,
    font: 'tt',
    mono: true,
    set: { text, x, advance: 6 },
  });
  const num = (text: string, x: number, y: number): TextLine => ({
    text,
    x,
    xEnd: x + 4,
    y,
    size: 6,
    font: 'rm',
    mono: false,
  });
  // A number in the proportional face, then code in typewriter at `at`.
  const fi = (n: string, x: number, y: number, at: number): TextLine => ({
    ...num(`${n} \\fi`, x, y),
    monoEnd: true,
    pieces: [
      { text: n, x, xEnd: x + 12 },
      { text: '\\fi', x: at, xEnd: at + 18 },
    ],
  });
  const cases: [name: string, lines: TextLine[], want: boolean[]][] = [
    [
      'the number after the line above',
      [set('8 \\x', 100, 700), num('9', 100, 688), set('10 \\y', 96, 676)],
      [true, true, true],
    ],
    ['a number and a brace after the line above', [set('8 \\x', 100, 700), num('9 }', 100, 688)], [true, true]],
    // nicematrix (l3doc): `1263 #1` under `1262 { \@@_env: ... }`, the number in a small sans face.
    [
      'a number and a parameter after the line above',
      [set('1262 \\x', 100, 700), num('1263 #1', 100, 688)],
      [true, true],
    ],
    ['two numbers after the line above: no code', [set('8 \\x', 100, 700), num('9 12', 100, 688)], [true, false]],
    [
      // nicematrix (l3doc): a paragraph set inside the listing, then `1263 #1`, `1264 }`, `1265 \box_use:N`.
      'after a paragraph inside the listing: the lines below say',
      [
        set('1262 \\x', 100, 724),
        { ...num('However, it seems to work.', 100, 712), size: 10, xEnd: 400 },
        num('1263 #1', 100, 700),
        num('1264 }', 100, 688),
        set('1265 \\y', 100, 676),
      ],
      [true, false, true, true, true],
    ],
    [
      "opening the page: the number before the line below's",
      [num('10', 96, 700), set('11 \\y', 96, 688)],
      [true, true],
    ],
    [
      "a number then a short line of code (doc.sty's `125 \\fi`)",
      [set('124 \\x', 100, 700), fi('125', 100, 688, 148)],
      [true, true],
    ],
    [
      'a number then a word in the proportional face: no code',
      [set('124 \\x', 100, 700), { ...fi('125', 100, 688, 148), monoEnd: undefined }],
      [true, false],
    ],
    ['a number then code, under another number', [set('124 \\x', 100, 700), fi('127', 100, 688, 148)], [true, false]],
    ['another number', [set('8 \\x', 100, 700), num('12', 100, 688)], [true, false]],
    ['far below (the page number)', [set('8 \\x', 100, 700), num('9', 100, 600)], [true, false]],
    ['in another column', [set('8 \\x', 100, 700), num('9', 300, 688)], [true, false]],
    [
      'below a line of code, the number before it (no listing read upwards)',
      [num('12', 96, 700), set('11 \\y', 96, 688)],
      [false, true],
    ],
  ];
  for (const [name, lines, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        numberedBlankLines(lines).map((l) => l.mono),
        want,
      ),
    );
});

test("numberedBlankLines: a blank line's number stands on its neighbour's grid, right-aligned", () => {
  // amc-fr p. 26: `2` under ` 1  \documentclass`, the code line set from its number's column 0.
  const code: TextLine = {
    text: '1 \\documentclass',
    x: 63,
    xEnd: 200,
    y: 700,
    size: 13,
    font: 'tt',
    mono: true,
    set: { text: '1  \\documentclass', x: 61.5, advance: 7.8 },
  };
  const blank: TextLine = { text: '2', x: 66.5, xEnd: 71, y: 686, size: 7, font: 'rm', mono: false };
  const ten: TextLine = { text: '10', x: 62, xEnd: 71, y: 672, size: 7, font: 'rm', mono: false };
  const nine = { ...code, text: '9 \\x', y: 686, set: { text: '9  \\x', x: 61.5, advance: 7.8 } };
  assert.equal(numberedBlankLines([code, blank])[1]!.set?.x, 61.5);
  assert.equal(numberedBlankLines([nine, ten])[1]!.set?.x, 61.5 - 7.8);
  // statistics.sty's documentation (l3doc): `568` in a small sans face pdf.js calls monospaced,
  // set from its own digits (2.645 a column, at 175.1) under `567 }` set from 168.92.
  const brace: TextLine = {
    ...code,
    text: '567 }',
    x: 175.1,
    set: { text: '567 }', x: 168.92, advance: 4.707, size: 8.97 },
  };
  const mono568: TextLine = {
    text: '568',
    x: 175.1,
    xEnd: 183,
    y: 686,
    size: 6,
    font: 'sans',
    mono: true,
    set: { text: '568', x: 175.1, advance: 2.645 },
  };
  assert.deepEqual(numberedBlankLines([brace, mono568])[1]!.set, { text: '568', x: 168.92, advance: 4.707 });
  // The brace's line is mostly number (size 6, 5 as pdf.js reads it): its step, 10.96, is its code's.
  const small = { ...brace, size: 5, y: 545.608 };
  assert.deepEqual(numberedBlankLines([small, { ...mono568, y: 534.649 }])[1]!.set, {
    text: '568',
    x: 168.92,
    advance: 4.707,
  });
  // A number set with the code's size (digits of code in its own face) keeps its setting.
  const sized = { ...mono568, set: { text: '568', x: 175.1, advance: 4.707, size: 8.97 } };
  assert.deepEqual(numberedBlankLines([brace, sized])[1]!.set, sized.set);
});

test('numberedListingLine: a line of a numbered listing, as the lines round it show', async (t) => {
  const line = (text: string, mono = true) => ({ text, mono });
  const cases: [
    name: string,
    l: string,
    next: string | undefined,
    prev: ReturnType<typeof line> | undefined,
    want: boolean,
  ][] = [
    // verse.sty's documentation: a paragraph's short last line, then macrocode 224-226.
    [
      'the next line opens with the next number',
      '224 \\newcommand{\\indentpattern}[1]{%',
      '225 \\stringtoarray{Array@vs}{#1}%',
      line('for use as a verse indentation pattern.', false),
      true,
    ],
    ['the line before, typewriter, with the number before', '226 }', undefined, line('225 \\stringtoarray'), true],
    ['the line before with the number before, in prose', '226 }', undefined, line('225 items in all', false), false],
    ['the next line with another number', '224 \\x', '226 \\y', undefined, false],
    ['no number of its own', '\\newcommand{\\x}', '225 \\y', undefined, false],
    ['alone', '224 \\x', undefined, undefined, false],
  ];
  for (const [name, l, next, prev, want] of cases)
    await t.test(name, () =>
      assert.equal(numberedListingLine(line(l), next === undefined ? undefined : line(next), prev), want),
    );
});

test('numberAlone: a line number alone, or before code of no letter', async (t) => {
  const cases: [name: string, text: string, want: boolean][] = [
    ['a number alone (a blank line)', '568', true],
    ['a number and a brace', '23 }', true],
    ["l3doc's parameter after its number", '1263 #1', true],
    ['signs and digits', '575 { ##1, },', true],
    ['two numbers alone', '12 34', false],
    ['a number and a word', '3 x', false],
    ['a number and code with letters', '224 \\newcommand', false],
    ['no number first', '} 12', false],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(numberAlone(text), want));
});

test('settingSize: the type size of a line of code, for its step to the next', async (t) => {
  const cases: [name: string, l: Parameters<typeof settingSize>[0], want: number][] = [
    ['no setting: the line', { size: 10 }, 10],
    ['the code size known', { size: 5, set: { text: '5 x', x: 0, advance: 4.7, size: 9 } }, 9],
    ['the code size unknown: its advance over half an em', { size: 5, set: { text: '5 }', x: 0, advance: 4.7 } }, 9.4],
    ['the line larger', { size: 12, set: { text: '5 }', x: 0, advance: 4.7 } }, 12],
  ];
  for (const [name, l, want] of cases) await t.test(name, () => assert.equal(settingSize(l), want));
});

test('blankNumberSet: a number alone read as typewriter, set by its own digits', async (t) => {
  const line = (text: string, mono: boolean, size?: number): Parameters<typeof blankNumberSet>[0] => ({
    text,
    mono,
    set: mono ? { text, x: 0, advance: 2.6, ...(size === undefined ? {} : { size }) } : undefined,
  });
  const cases: [name: string, l: Parameters<typeof blankNumberSet>[0], want: boolean][] = [
    ['a number alone, no size known', line('568', true), true],
    ['a number alone in the code size', line('568', true, 9), false],
    ['a number and a brace', line('567 }', true), false],
    ['a proportional number (numberedBlankLines takes it anyway)', line('568', false), false],
  ];
  for (const [name, l, want] of cases) await t.test(name, () => assert.equal(blankNumberSet(l), want));
});

test("numberedSetting: a numbered line's pieces at their columns on the neighbour's grid", async (t) => {
  // bytefield.pdf p. 34: `123     \\ifbitbox@top` set from x 149.46, one column 4.707 wide.
  const code = { text: '123     \\ifbitbox@top', x: 149.46, advance: 4.707 };
  const piece = (text: string, x: number) => ({ text, x, xEnd: x + 10 });
  const cases: [name: string, line: Parameters<typeof numberedSetting>[0], want: string][] = [
    ['a line in one piece, as read', { text: '124 }' }, '124 }'],
    [
      '`\\fi` under `\\ifbitbox@top`',
      { text: '125 \\fi', pieces: [piece('125', 153.69), piece('\\fi', 187.12)] },
      '125     \\fi',
    ],
    [
      'deeper in: further right',
      { text: '263 \\fi', pieces: [piece('263', 153.69), piece('\\fi', 253.02)] },
      `${'263'.padEnd(22)}\\fi`,
    ],
    [
      'a piece left of its column: a space after the number at least',
      { text: '126 }', pieces: [piece('126', 153.69), piece('}', 160)] },
      '126 }',
    ],
  ];
  for (const [name, line, want] of cases)
    await t.test(name, () => {
      const got = numberedSetting(line, code);
      assert.equal(got.text, want);
      assert.equal(got.x, 149.46);
      assert.equal(got.advance, 4.707);
    });
});

test('numberedOrigin: column 0 of a numbered line, its number right-aligned on the code grid', async (t) => {
  const script = () => false;
  const cases: [name: string, items: ReturnType<typeof item>[], want: number | undefined][] = [
    ['one digit, the code 2 columns from its end', [item('9', 90, 700, { width: 4 }), mono('x', 106)], 88],
    ['two digits of the same listing: a column further left', [item('10', 86, 700, { width: 8 }), mono('x', 106)], 82],
    [
      'digits in smaller type that pdf.js calls monospaced',
      [mono('7', 91, { width: 3, size: 6 }), mono('x', 100, { size: 10 })],
      88,
    ],
    [
      'the code 2.42 columns from its number: a fraction past whole columns is one more (column 0 at 84.5)',
      [item('9', 90, 700, { width: 4 }), mono('x', 108.5)],
      84.5,
    ],
    ["digits in the code's own typewriter size: code, not a number", [mono('42', 88), mono('x', 106)], undefined],
    ['a word, not a number', [item('ab', 88, 700, { width: 8 }), mono('x', 106)], undefined],
    ['the code touching the number', [item('9', 90, 700, { width: 4 }), mono('x', 94.5)], undefined],
    // metalogox (doc.sty at 9 pt): `6` 0.16 em from `\newcommand`, less than a word space.
    [
      'the code a sixth of an em from the number: no word space, still apart',
      [item('9', 90, 700, { width: 4 }), mono('x', 95.6)],
      83.6,
    ],
    ['a number alone', [item('9', 90, 700, { width: 4 })], undefined],
    ['digits as wide as their columns', [item('12', 88, 700, { width: 12 }), mono('x', 106)], undefined],
  ];
  for (const [name, items, want] of cases)
    await t.test(name, () => assert.equal(numberedOrigin(items, 6, 10, script), want));
  await t.test('a footnote mark off the baseline is no line number', () =>
    assert.equal(
      numberedOrigin([item('1', 90, 704, { width: 3, size: 7 }), mono('x', 106)], 6, 10, () => true),
      undefined,
    ),
  );
});

test("codeSize: the size a line's code is set in, for telling its line number", async (t) => {
  const cases: [name: string, items: ReturnType<typeof item>[], want: number][] = [
    ['the largest typewriter item with a letter', [mono('7', 0, { size: 6 }), mono('x = 1', 10, { size: 10.9 })], 10.9],
    // FreeFem: `\tiny` 20 before a brace alone.
    [
      'no letter: the largest typewriter item of signs',
      [mono('20', 0, { size: 6 }), mono('}', 20, { size: 10.9 })],
      10.9,
    ],
    // l3doc's macrocode: a small sans `464` (pdf.js: monospaced) before `+ #2`.
    [
      'no letter: signs and digits of code measure, the number alone not',
      [mono('464', 0, { size: 6 }), mono('+ #2', 20, { size: 9 })],
      9,
    ],
    ['no letter: a braced digit of code', [mono('1198', 0, { size: 6 }), mono('{ 0 }', 20, { size: 9 })], 9],
    ['digits alone say nothing', [mono('20', 0, { size: 6 })], 0],
    ['digits alone, two items, say nothing', [mono('20', 0, { size: 6 }), mono('42', 20, { size: 9 })], 0],
    ['a sign in a proportional face says nothing', [mono('20', 0, { size: 6 }), item('}', 20, 700, { size: 10.9 })], 0],
  ];
  for (const [name, items, want] of cases) await t.test(name, () => assert.equal(codeSize(items), want));
});

test("resultBeside: an example's typeset result left of its source on the line is no part of it", async (t) => {
  // l2kurz p. 34: the big `)` (a one-glyph font pdf.js may call monospaced) and the exponent `2`
  // of the result end at 357, the source's `\\[` in LMMono10 (8 units a column) starts at 465.
  const paren = mono(')', 342, { width: 9 });
  const two = item('2', 351, 700, { width: 6 });
  const src = [mono('\\', 465, { width: 8 }), mono('[', 473, { width: 8 })];
  const cases: [name: string, items: ReturnType<typeof item>[], want: number][] = [
    ['signs and a digit of a result 13 columns left of the source', [paren, two, ...src], 2],
    ["an equation's number (8) beside the source", [item('(8)', 300, 700, { width: 15 }), ...src], 1],
    [
      'a line number alone far from its code stays (numberedOrigin reads it)',
      [item('12', 380, 700, { width: 8 }), ...src],
      0,
    ],
    ['monospaced signs far left are code (an aligned comment)', [mono('}', 300, { width: 8 }), ...src], 0],
    ['a gap under 8 columns is inside the line', [paren, two, ...src.map((s) => ({ ...s, x: s.x - 60 }))], 0],
    ['a letter before the gap: the line is code from its start', [mono('x', 300, { width: 8 }), two, ...src], 0],
    ['no gap', src, 0],
  ];
  for (const [name, items, want] of cases) await t.test(name, () => assert.equal(resultBeside(items, 8), want));
  const got = monoSetting([paren, two, ...src]);
  assert.deepEqual(got && { text: got.text, x: got.x }, { text: '\\[', x: 465 });
});

test('sourceBeside: a line mostly of a result is code when its source stands beside it', async (t) => {
  const src = [mono('\\', 465, { width: 8 }), mono('[', 473, { width: 8 })];
  const cases: [name: string, items: ReturnType<typeof item>[], want: boolean][] = [
    ['`)2` of a result, then `\\[`', [mono(')', 342, { width: 9 }), item('2', 351, 700, { width: 6 }), ...src], true],
    [
      'a result, then the source with a word of prose',
      [item('(8)', 300, 700, { width: 15 }), ...src, item('as', 490, 700)],
      false,
    ],
    ['no monospaced item', [item('(8)', 300, 700, { width: 15 }), item('[', 465, 700)], false],
    ['signs a word apart (prose with a typewriter sign)', [item('—', 440, 700, { width: 10 }), ...src], false],
  ];
  for (const [name, items, want] of cases) await t.test(name, () => assert.equal(sourceBeside(items), want));
});

test("monoSetting: a numbered line of a brace alone is measured by the brace's face", () => {
  // FreeFem p. 31: `20` in `\tiny` (3.65 a digit) right-aligned at 123.8, `}` 2 columns in from 129.2.
  const got = monoSetting([
    mono('20', 116.5, { width: 7.306, size: 6 }),
    mono('}', 140.642, { width: 5.728, size: 10.9 }),
  ]);
  assert.deepEqual(got && { text: got.text, advance: got.advance }, { text: '20   }', advance: 5.728 });
});

// A listing whose keywords are set in bold roman (Texinfo's `@b` in `@example`): the grid of 6
// units a column from x 100; `bold` words 4.2 units a character, the blank after them a column.
const bold = (str: string, x: number, o: Parameters<typeof item>[3] = {}) =>
  item(str, x, 700, { width: [...str].length * 4.2, font: 'b', ...o });
const grid = { x: 100, advance: 6, size: 10 };

test('gridSetting: a listing line with words in another font, on the grid', async (t) => {
  const cases: [name: string, items: ReturnType<typeof item>[], want: string | undefined, x?: number][] = [
    // `if 0`: the keyword in bold, a typewriter blank (one column) after it, then typewriter.
    [
      'a bold keyword then typewriter',
      [bold('if', 100), bold(' ', 108.4, { width: 6 }), mono('0', 114.4)],
      'if 0',
      100,
    ],
    // `end while`: typewriter then the bold keyword, one column between.
    ['typewriter then a bold keyword', [mono('end', 124), mono(' ', 142), bold('while', 148)], 'end while', 124],
    // The text after a bold word is off the grid (its width is not whole columns): gaps count.
    ['a gap of one column after a bold word', [bold('while', 100), mono('{x}', 127)], 'while {x}', 100],
    // A table's label column, or a typeset output beside its source: no keyword of a line of code.
    ['a gap of two columns after a word of another font', [bold('while', 100), mono('{x}', 133)], undefined],
    ['a gap of four columns before a word of another font', [mono('R}$', 100), bold('x', 142)], undefined],
    ['a bold word alone, four columns in', [bold('else', 124)], 'else', 124],
    // Prose: a roman word space (3.3 units, 0.55 of a column) is no typewriter blank.
    [
      'prose with a typewriter word',
      [item('Use', 100, 700), mono('make', 118.3), item('here.', 145.6, 700)],
      undefined,
    ],
    ['the first glyph off the grid', [bold('if', 103), mono('0', 117.4)], undefined],
    // A justified line's wide spaces may be whole columns by chance: `PHP      The   license`.
    ['two words of another font three columns apart', [bold('The', 100), bold('rule', 130.6)], undefined],
    ['two words of another font a column apart', [bold('public', 100), bold('int', 131.2)], 'public int', 100],
    ['a heading beside the listing, in larger type', [bold('while', 100, { size: 14 })], undefined],
  ];
  for (const [name, items, want, x] of cases) {
    await t.test(name, () => {
      const got = gridSetting(items, grid);
      assert.equal(got?.text, want);
      if (x !== undefined) assert.equal(got?.x, x);
    });
  }
});

test('gridWords: what a row says for reading it on a listing grid', async (t) => {
  const tw = (str: string) => ({ str, mono: true });
  const roman = (str: string) => ({ str, mono: false });
  const cases: [string, { str: string; mono: boolean }[], string][] = [
    ['a keyword in bold, then typewriter code', [roman('if'), tw(' (x > 1)')], 'typewriter'],
    ['a keyword alone in bold', [roman('else')], 'other'],
    ['a keyword beside blank typewriter', [roman('end'), tw('   ')], 'other'],
    ['typewriter only: no word of another font', [tw('x = 1;')], 'none'],
    ['a bracket in roman: no letter', [roman('('), tw('x')], 'none'],
    ['a run of prose in roman (a blank inside a word item)', [roman('A list of all strings'), tw('s')], 'none'],
    ['nothing', [], 'none'],
  ];
  for (const [name, items, want] of cases) await t.test(name, () => assert.equal(gridWords(items), want));
});

test('listingGridLines: the rows of a listing read on its grid', async (t) => {
  const code = (text: string, x: number) => ({ text, x, advance: 6, size: 10 });
  const row = (
    y: number,
    items: ReturnType<typeof item>[],
    o: { mono?: boolean; set?: ReturnType<typeof code> } = {},
  ) => ({
    y,
    mono: o.mono ?? false,
    items: items.map((it) => ({ ...it, y })),
    ...(o.set ? { set: o.set } : {}),
  });
  const line = (y: number, text: string, x = 100) => row(y, [mono(text, x)], { mono: true, set: code(text, x) });
  const cases: [name: string, rows: ReturnType<typeof row>[], want: (string | undefined)[]][] = [
    [
      // `if 1` (keyword bold, `1` typewriter), `else` alone in bold, then code: each read in turn.
      'a keyword line, then a bold word alone between two code lines',
      [
        line(736, '# x'),
        line(724, '.i. = 0'),
        row(712, [bold('if', 100), mono('1', 114.4)]),
        row(700, [bold('else', 100)]),
        line(688, 'assert 0', 124),
        line(676, 'end'),
      ],
      ['# x', '.i. = 0', 'if 1', 'else', 'assert 0', 'end'],
    ],
    [
      // A line mostly in typewriter whose bold word made monoSetting refuse it, a blank line below code.
      'a typewriter line a blank line away',
      [line(748, '# a'), line(736, '# x'), row(712, [mono('# Loop with', 100), bold('if', 172)], { mono: true })],
      ['# a', '# x', '# Loop with if'],
    ],
    [
      'a bold word alone after the last code line stays as it was',
      [line(724, 'x'), line(712, 'end'), row(700, [bold('else', 100)])],
      ['x', 'end', undefined],
    ],
    [
      'a line of another font a blank line away stays as it was',
      [line(736, 'x'), line(724, 'end'), row(700, [bold('if', 100), mono('1', 114.4)])],
      ['x', 'end', undefined],
    ],
    [
      // The typesetter's skip around an example is no line step of it.
      'a word between two examples stays as it was',
      [line(760, 'a = 1'), line(748, 'b = 2'), row(724, [bold('or', 100)]), line(700, 'a = 3'), line(688, 'b = 4')],
      ['a = 1', 'b = 2', undefined, 'a = 3', 'b = 4'],
    ],
    [
      'a prose line under a listing stays prose',
      [
        line(724, 'make'),
        line(712, 'make all'),
        row(700, [item('Then', 100, 700), mono('make', 123.3), item('installs', 150.6, 700)]),
      ],
      ['make', 'make all', undefined],
    ],
    [
      // A run of prose holding blanks, whole columns from its neighbours or not.
      'a run of another font holding a blank is prose',
      [line(724, 'a'), line(712, 'b'), row(700, [item('A list of', 100, 700, { width: 54 }), mono('$', 154)])],
      ['a', 'b', undefined],
    ],
  ];
  for (const [name, rows, want] of cases) {
    await t.test(name, () => {
      assert.deepEqual(
        listingGridLines(rows).map((s) => s?.text),
        want,
      );
    });
  }
});

const marginNames: [name: string, line: { text: string; xEnd: number; size: number }, left: number, want: boolean][] = [
  [
    "ltxdoc's macro name, right-aligned in the margin",
    { text: '\\bf@leftcurlyspace', xEnd: 144, size: 9 },
    153.7,
    true,
  ],
  [
    'a listing line starting at the text block',
    { text: '\\def\\bf@leftcurlyspace{1ex}', xEnd: 295.4, size: 9 },
    153.7,
    false,
  ],
  ["a listing's line number alone in the margin", { text: '86', xEnd: 144, size: 9 }, 153.7, false],
  ["doc.sty's `⋆` mark in the margin", { text: '⋆', xEnd: 45.3, size: 20.7 }, 153.7, true],
  ["a listing's brace in the margin", { text: '}%', xEnd: 144, size: 9 }, 153.7, false],
  ["a listing's number and sign in the margin", { text: '12 +', xEnd: 144, size: 9 }, 153.7, false],
  ['ending just at the edge (less than half an em off)', { text: 'name', xEnd: 150, size: 9 }, 153.7, false],
  ['no edge known', { text: '\\name', xEnd: 144, size: 9 }, Infinity, false],
];

for (const [name, line, left, want] of marginNames) {
  test(`inLeftMargin: ${name}`, () => {
    assert.equal(inLeftMargin(line, left), want);
  });
}

test("extractPdf: a numbered listing's lines of a number and a brace (numbers in a proportional face) are its lines, not a table's rows", async () => {
  // ltxdoc's macrocode: numbers in a small roman face, the code in typewriter.
  const numbered = (n: number, code: string, indent: number, y: number): TextRun[] => [
    { text: String(n), x: 72, y, size: 7, font: 'F4' },
    { text: code, x: 86 + indent * 5.4, y, size: 9, font: 'F3' },
  ];
  const runs: TextRun[] = [
    prose('The drawing macro sets a rule under the text of the box, as wide as the box.', 700),
    ...numbered(82, '\\rlap{%', 6, 680),
    ...numbered(83, '\\draw@bit@picture{\\strip@pt\\units@wide}{%', 8, 669),
    ...numbered(84, '\\color{\\bf@bgcolor}%', 10, 658),
    ...numbered(85, '\\rule{\\width}{\\height}%', 10, 647),
    ...numbered(86, '}%', 8, 636),
    ...numbered(87, '}%', 6, 625),
    ...numbered(88, '}%', 4, 614),
    prose('Then the text given by the user is drawn on top of the rule, if there is any.', 594),
  ];
  const { blocks } = await extractPdf(makePdf({ pages: [{ runs }] }), OFF);
  assert.ok(!blocks.some((b) => b.kind === 'row' || b.text.includes(' | ')), JSON.stringify(blocks));
  const code = blocks.filter((b) => b.kind === 'code');
  assert.equal(code.length, 1, JSON.stringify(blocks));
  assert.deepEqual(
    code[0]!.lines!.map((l) => l.trim().split(/\s+/)[0]),
    ['82', '83', '84', '85', '86', '87', '88'],
  );
});

test('leftmostEdge: the leftmost x where enough lines start, a point either side counting', () => {
  const m = (...e: [number, number][]) => new Map(e);
  assert.equal(leftmostEdge(m([72, 3], [90, 5]), 3), 72);
  assert.equal(leftmostEdge(m([72, 2], [90, 5]), 3), 90);
  assert.equal(leftmostEdge(m([72, 2], [73, 1], [90, 5]), 3), 72); // 72 and 73 are one edge
  assert.equal(leftmostEdge(m([72, 2], [74, 1]), 3), undefined); // two points apart: not one
  assert.equal(leftmostEdge(m(), 3), undefined);
});

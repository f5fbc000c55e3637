import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  withoutTitleParts,
  clipToPage,
  columnStarts,
  tableRowsOf,
  headerOver,
  besideOf,
  cellsBeside,
  symbolColumns,
  symbolTable,
  signsAlone,
  onSheet,
  atAnAngle,
  codeLine,
  furnitureLines,
  furnitureText,
  hookOf,
  joinBreakArrows,
  markParts,
  pageTextEdges,
  columnLeft,
  partLefts,
  spacesFor,
  faceSpaceUnsure,
  betweenColumns,
  offGrid,
  offGridBlanks,
  respaced,
  monospacedFamily,
  marginName,
  pdfCodeBlocks,
  xmlFragments,
  pdfMonoLines,
  nextLine,
  blankBefore,
  lineTypeSize,
  otherPdftohtmlSize,
  goesOn,
  goesOnProse,
  sameParagraphLeft,
  proseRights,
  lineNumberBefore,
  numberedBlank,
  blankLinesOnGrid,
  nearBlock,
  rowExtent,
  centredCell,
  raisedOpening,
  indentation,
  runningFoot,
  withLevelRuns,
  repeatedInPlace,
  runsIntoProse,
  calloutBreaks,
  calloutNumberIn,
  bodyTypeSize,
  partedByProse,
  pdfCodeReference,
  offGridAfterBlank,
  unmarked,
} from '../../scripts/quality/pdf-code.ts';
import { EITHER_BLANK } from '../../scripts/quality/measures.ts';
import { sideEdges } from '../../src/documents/formats/pdf/code.ts';

describe('monospacedFamily: the font names of typewriter faces', () => {
  const cases: [string, boolean][] = [
    ['PKEIRD+CMTT10', true],
    ['YTRJCX+CMSLTT10', true],
    ['SFJPCI+NimbusMonL-Regu', true],
    ['Courier', true],
    ['LMMono10-Regular', true],
    ['DejaVuSansMono', true],
    ['SourceCodePro-Regular', true],
    ['HEFIRG+t1xtt', true],
    ['WJENOE+t1xtt-Slant_167', true],
    ['IQYOKY+t1xbtt', true],
    ['ABCDEF+tcxtt', true],
    ['ABCDEF+SFTT1000', true],
    ['ABCDEF+cstt10', true],
    ['ABCDEF+SFRM1000', false],
    ['ABCDEF+csr10', false],
    ['ABCDEF+t1xbtm', false],
    ['CHZLNV+CMBX12', false],
    ['TUHBPG+CMR10', false],
    ['XAXBTE+NimbusSanL', false],
    ['Times', false],
    ['AURDXU+CMSL10', false],
  ];
  for (const [family, mono] of cases) test(`${family}: ${mono}`, () => assert.equal(monospacedFamily(family), mono));
});

describe('codeLine: a line whose words are all set in a typewriter face', () => {
  const tt = (text: string) => ({ mono: true, text });
  const rm = (text: string) => ({ mono: false, text });
  const cases: [string, { mono: boolean; text: string }[], boolean][] = [
    ['typewriter only', [tt('make all')], true],
    ["Doxygen's template brackets in math italic", [tt('template'), rm('<'), tt('typename T'), rm('>')], true],
    ["Texinfo's result arrow", [tt('(+ 1 2)'), rm('⇒'), tt('3')], true],
    ['blank runs of another face', [tt('a'), rm(' '), tt('b')], true],
    ['a word in a proportional face', [tt('make'), rm(' builds it.')], false],
    ['a bullet before typewriter text', [rm('•'), tt('make install')], false],
    ['a symbol before its command (a table of symbols)', [rm('£'), tt('\\pounds'), rm('©'), tt('\\copyright')], false],
    ['no typewriter run at all', [rm('<'), rm('>')], false],
    ['a number in a proportional face (a line number)', [rm('12'), tt('x = 1')], false],
  ];
  for (const [name, parts, want] of cases) test(`${name}: ${want}`, () => assert.equal(codeLine(parts), want));
});

describe('spacesFor: the spaces a gap between two runs of a line holds', () => {
  const cases: [string, number, number, boolean, number][] = [
    ['three characters of the typewriter face', 24, 8, false, 3],
    ['a narrow gap between typewriter runs: none', 3, 8, false, 0],
    ['a word space after a prose comma, narrower than a character', 3, 8, true, 1],
    ['a sign of another face glued to the code', 1, 8, true, 0],
    ['a wide gap next to another face: its characters', 17, 8, true, 2],
  ];
  for (const [name, gap, cw, other, want] of cases) test(name, () => assert.equal(spacesFor(gap, cw, other), want));
});

describe('faceSpaceUnsure: a gap next to another face that may be a word space', () => {
  const cases: [string, number, number, boolean][] = [
    // dblatex-manual p. 99: `prefer.internal.olink` `,` (roman) then 2 units, at 8.05 a character.
    ['a squeezed space after a prose comma', 2, 8.05, true],
    ['a gap a space for sure (spacesFor gives one)', 3, 8, false],
    ['glued: no gap', 0, 8, false],
    ['a unit: glued whatever the rounding', 1, 8, false],
    ['a whole character: a blank', 8, 8, false],
  ];
  for (const [name, gap, cw, want] of cases) test(name, () => assert.equal(faceSpaceUnsure(gap, cw), want));
});

describe('betweenColumns: a gap whose count of blanks whole units cannot tell', () => {
  const cases: [string, number, number, boolean][] = [
    ['three characters to the unit', 24, 8, false],
    ['three characters, a unit off: pdftohtml rounding', 25, 8, false],
    ['three and a half characters', 28, 8, true],
    ['a unit short of three and a half: 3 or 4 still', 27, 8, true],
    ['two units short of three and a half: 3', 26, 8, false],
    ["ReportLab's synonyms at 16.5 columns, 4.5 after a 12-character name", 45, 10, true],
    ['half a character after the run: glued or one blank, no table column', 4, 8, false],
  ];
  for (const [name, gap, cw, want] of cases) test(name, () => assert.equal(betweenColumns(gap, cw), want));
});

describe("offGrid: a typewriter run off its block's character grid", () => {
  const cases: [string, number, number, boolean][] = [
    ['ten characters in', 80, 8, false],
    ['ten characters and a unit: pdftohtml rounding', 81, 8, false],
    ["a @multitable's cell 9.6 characters in", 77, 8, true],
    ['a quarter character short of eleven', 86, 8, true],
  ];
  for (const [name, d, cw, want] of cases) test(name, () => assert.equal(offGrid(d, cw), want));
});

describe('offGridBlanks: the blanks a gap before or after a run off the grid may hold', () => {
  const E = EITHER_BLANK;
  const cases: [string, number, number, string][] = [
    ['3.54 characters: 3 or 4', 20.3, 5.73, '   ' + E],
    ['4.86 characters: 4 or 5 (a tabular every 5.86 characters)', 41.7, 8.59, '    ' + E],
    ['a whole 4, a unit either side: 3 to 5', 32, 8, '   ' + E + E],
    ['under a character: one blank at least', 6, 8, ' '],
  ];
  for (const [name, gap, cw, want] of cases) test(name, () => assert.equal(offGridBlanks(gap, cw), want));
});

describe("respaced: typewriter runs whose blanks pdftohtml folded, parted at pdftotext's words", () => {
  const f = (left: number, width: number, text: string, mono = true) => ({
    page: 1,
    top: 530,
    left,
    width,
    height: 13,
    mono,
    text,
  });
  // pdftotext's words in points (pdftohtml's units are 1.5 of them), on the run's line.
  const w = (x0: number, x1: number, text: string) => ({ x0, y0: 353.2, x1, y1: 361.7, text });
  const cases: [string, ReturnType<typeof f>, ReturnType<typeof w>[], { left: number; text: string }[]][] = [
    [
      "groff's two blanks read as one: parted, each word where the page sets it",
      f(181, 270, '/View [/FitH \\n[PDFPAGE.Y]] \\'),
      [
        w(120.87, 150.87, '/View'),
        w(162.87, 198.87, '[/FitH'),
        w(204.87, 288.87, '\\n[PDFPAGE.Y]]'),
        w(294.87, 300.87, '\\'),
      ],
      [
        { left: 181, text: '/View' },
        { left: 244, text: '[/FitH' },
        { left: 307, text: '\\n[PDFPAGE.Y]]' },
        { left: 442, text: '\\' },
      ],
    ],
    [
      'a run whose characters fill its words: kept whole',
      f(181, 90, '/Count 2 \\'),
      [w(120.87, 156.87, '/Count'), w(162.87, 168.87, '2'), w(174.87, 180.87, '\\')],
      [{ left: 181, text: '/Count 2 \\' }],
    ],
    [
      "narrower than its characters: thin spaces read as blanks, kept (hyperref's url)",
      f(149, 131, 'tex-live@ tug. org'),
      [w(99.3, 140.9, 'tex-live@'), w(141.9, 160.4, 'tug.'), w(161.4, 174.4, 'org')],
      [{ left: 149, text: 'tex-live@ tug. org' }],
    ],
    [
      'words that do not spell the run: kept whole',
      f(181, 270, '/View [/FitH \\n[PDFPAGE.Y]] \\'),
      [w(120.87, 150.87, '/View'), w(162.87, 198.87, '[/FitH')],
      [{ left: 181, text: '/View [/FitH \\n[PDFPAGE.Y]] \\' }],
    ],
    [
      'a run of another face: kept whole',
      f(181, 270, 'a b', false),
      [w(120.87, 126.87, 'a'), w(294.87, 300.87, 'b')],
      [{ left: 181, text: 'a b' }],
    ],
  ];
  for (const [name, run, words, want] of cases)
    test(name, () =>
      assert.deepEqual(
        respaced([run], [words]).map((r) => ({ left: r.left, text: r.text })),
        want,
      ),
    );
});

describe('hookOf: the hook of a wrap arrow, read as "-" by poppler', () => {
  const cases: [string, { mono: boolean; text: string }, string, boolean][] = [
    ['after the arrow, in a math font', { mono: false, text: '-' }, 'chaînes de ←', true],
    ['after the arrow and a space', { mono: false, text: '-' }, 'md5 ← ', true],
    ['a typewriter hyphen is code', { mono: true, text: '-' }, 'x ←', false],
    ['a dash after anything else', { mono: false, text: '-' }, 'x = y', false],
  ];
  for (const [name, p, before, want] of cases) test(name, () => assert.equal(hookOf(p, before), want));
});

describe("joinBreakArrows: Doxygen's identifier breaks joined into the source line", () => {
  const cases: [string, string[], string[]][] = [
    [
      'the arrow and its hook read as "-" right after the identifier',
      ['using ibf = typedef seqan3::data_←-', 'layout::compressed>', 'next'],
      ['using ibf = typedef seqan3::data_layout::compressed>', 'next'],
    ],
    ['the hook read as ↩, a space between them', ['f(seqan3← ↩', '  ::x)'], ['f(seqan3::x)']],
    ['two breaks in one line', ['a_←-', 'b_←-', 'c'], ['a_b_c']],
    [
      'an arrow after a space is a wrap mark of a listing, not an identifier break',
      ['Downloading http://x/egg#md5 ←-', '    =8520'],
      ['Downloading http://x/egg#md5 ←-', '    =8520'],
    ],
    ['an arrow inside the line is code', ['x ←y', 'z'], ['x ←y', 'z']],
  ];
  for (const [name, lines, want] of cases) test(name, () => assert.deepEqual(joinBreakArrows(lines), want));
});

/** pdftohtml -xml's shape: a page, its fonts, then one <text> per run of one font on a line. */
function xml(
  pages: {
    fonts: [number, string, size?: number][];
    texts: [top: number, left: number, width: number, font: number, text: string, height?: number][];
  }[],
): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<pdf2xml producer="poppler" version="22.12.0">'];
  pages.forEach((p, i) => {
    out.push(`<page number="${i + 1}" position="absolute" top="0" left="0" height="1262" width="892">`);
    for (const [id, family, size = 12] of p.fonts)
      out.push(`\t<fontspec id="${id}" size="${size}" family="${family}" color="#000000"/>`);
    for (const [top, left, width, font, text, height = 14] of p.texts)
      out.push(`<text top="${top}" left="${left}" width="${width}" height="${height}" font="${font}">${text}</text>`);
    out.push('</page>');
  });
  out.push('</pdf2xml>');
  return out.join('\n');
}

const FONTS: [number, string][] = [
  [0, 'ABCDEF+CMR10'],
  [1, 'ABCDEF+CMTT10'],
];
/** A monospaced run at `col` characters of 8 units from x 100. */
const tt = (top: number, col: number, text: string): [number, number, number, number, string] => [
  top,
  100 + col * 8,
  [...text.replace(/&[^;]+;/g, 'x')].length * 8,
  1,
  text,
];
const prose = (top: number, text: string): [number, number, number, number, string] => [top, 100, 400, 0, text];

describe('pdfCodeBlocks: monospaced lines, two or more together, with their indentation', () => {
  const cases: [string, Parameters<typeof xml>[0], string[]][] = [
    [
      // verse.sty's documentation (doc.sty): `\poemlines` set in the margin on the baseline of the
      // paragraph's first line, the listing's first line beside `\vlvnumfont` further down.
      'names in the left margin are no lines of the listing beside them',
      [
        {
          fonts: FONTS,
          texts: [
            [80, 20, 70, 1, '\\poemlines'],
            prose(80, 'specifies that every nth poem line should be numbered.'),
            prose(100, 'Default is not to number any lines at all, as it says.'),
            prose(120, 'A second line of prose under the first, as a page has.'),
            prose(140, 'And a third line of prose, for the page to show its edge.'),
            [160, 28, 62, 1, '\\vlvnumfont'],
            tt(160, 0, '\\newcommand{\\poemlines}[1]{%'),
            tt(180, 2, '\\setcounter{modulo@vs}{#1}%'),
            tt(200, 0, '}'),
          ],
        },
      ],
      ['\\newcommand{\\poemlines}[1]{%\n  \\setcounter{modulo@vs}{#1}%\n}'],
    ],
    [
      // moderntimeline's documentation (doc.sty): a page of nothing but the package's code, each
      // macro's name hung in the margin over its first line. The page shows no edge of its own: its
      // side's pages do (sideEdges), and the names stand left of it.
      "a page of code alone: names in the margin of its side's edge are no lines of the listing",
      [
        {
          fonts: FONTS,
          texts: [
            prose(80, 'The first page of prose, its lines at the text edge.'),
            prose(100, 'A second line of prose under the first, as a page has.'),
            prose(120, 'And a third line of prose, for the page to show its edge.'),
          ],
        },
        {
          fonts: FONTS,
          texts: [
            prose(80, 'The second page of prose, its lines at the text edge.'),
            prose(100, 'A second line of prose under the first, as a page has.'),
            prose(120, 'And a third line of prose, for the page to show its edge.'),
          ],
        },
        {
          fonts: FONTS,
          texts: [
            [80, 20, 56, 1, '\\tlsince'],
            tt(100, 0, '\\newcommand{\\tlsince}[1]{%'),
            tt(120, 2, '\\def\\tl@since{#1}'),
            tt(140, 0, '}'),
          ],
        },
      ],
      ['\\newcommand{\\tlsince}[1]{%\n  \\def\\tl@since{#1}\n}'],
    ],
    [
      // verse.sty's documentation (doc.sty): a stack of names right-aligned in the margin at the
      // page's top, and, further down, three names of one length each on a line of prose, which
      // pdftohtml puts at the line's start: the page's edge is its prose's, not the names' left.
      'a stack of names in the margin, three names of one length on lines of prose: no listing',
      [
        {
          fonts: FONTS,
          texts: [
            [60, 6, 80, 1, '\\@vstypelinenumright'],
            [80, 14, 72, 1, '\\@vstypelinenumleft'],
            [100, 0, 86, 1, '\\verselinenumbersright'],
            [120, 6, 80, 1, '\\verselinenumbersleft'],
            prose(60, 'These control the typesetting of verse line numbers to the'),
            prose(80, 'right and to the left of the verse, the right by default.'),
            prose(160, 'A paragraph on the command that centres a line of verse.'),
            tt(100, 0, '\\newcommand*{\\@vstypelinenumright}{%'),
            tt(120, 2, '\\hfill\\rlap{\\getmodulo@vs}%'),
            tt(140, 0, '}'),
            [180, 30, 56, 1, '\\@vsxcentercr'],
            prose(180, 'This handles the star and the bang of the command, and'),
            [200, 30, 56, 1, '\\@vsicentercr'],
            prose(200, 'calls the next macro to handle an optional length, or'),
            [220, 30, 56, 1, '\\start@vsline'],
            prose(220, 'starts the line at once, as the kernel does it too.'),
          ],
        },
      ],
      ['\\newcommand*{\\@vstypelinenumright}{%\n  \\hfill\\rlap{\\getmodulo@vs}%\n}'],
    ],
    [
      // statistics.sty's documentation (l3doc): a stack of names left-aligned in the margin, the
      // shorter ones ending far from the text, beside the signatures they name.
      'a stack of names left-aligned in the margin: none of them a line of a listing',
      [
        {
          fonts: FONTS,
          texts: [
            prose(60, 'A paragraph before the keys, the first of three lines.'),
            prose(80, 'The second line of the paragraph before the keys.'),
            prose(100, 'The third line, so that the page shows its edge.'),
            [120, 20, 72, 1, 'values/format'],
            tt(120, 0, 'values/format = code'),
            [140, 20, 24, 1, 'icc/format'],
            tt(140, 0, 'icc/format = code'),
          ],
        },
      ],
      ['values/format = code\nicc/format = code'],
    ],
    [
      // cursolatex's slide: `ou` in typewriter between three lines of code, where the prose starts.
      'a word starting where other lines start is no margin name',
      [
        {
          fonts: FONTS,
          texts: [
            [60, 43, 300, 0, 'Espaços após um comando serão consumidos até encontrar'],
            [80, 43, 280, 0, 'caracter diferente de branco, resultando que isto.'],
            [100, 75, 300, 0, 'An indented line of prose, one of three at this x.'],
            [120, 75, 300, 0, 'Another indented line of prose at the same x here.'],
            [140, 75, 300, 0, 'And a third indented line, so the page shows 75.'],
            [160, 43, 17, 1, 'ou'],
            [180, 43, 120, 1, '\\TeX{}x legal!'],
            [200, 43, 17, 1, 'ou'],
          ],
        },
      ],
      ['ou\n\\TeX{}x legal!\nou'],
    ],
    [
      'a listing between paragraphs, indented by position',
      [
        {
          fonts: FONTS,
          texts: [
            prose(100, 'Here is an example:'),
            tt(120, 0, '{'),
            tt(140, 2, 'mpfr_t x;'),
            tt(160, 2, 'mpfr_init (x);'),
            tt(180, 0, '}'),
            prose(200, 'The next paragraph.'),
          ],
        },
      ],
      ['{\n  mpfr_t x;\n  mpfr_init (x);\n}'],
    ],
    [
      // why3 p. 42 (Sphinx's LaTeX): `Int` in typewriter (13 high, 4 below the prose's top, 19
      // high) ends a sentence at the page's foot, and the listing starts on the next page.
      'a typewriter word ending a line of prose is a word of it, not a line of code',
      [
        {
          fonts: FONTS,
          texts: [
            [1013, 100, 465, 0, 'When building a task with this formula, we use theory', 19],
            [1017, 577, 24, 1, 'Int', 13],
            [1013, 601, 4, 0, ':', 19],
          ],
        },
        {
          fonts: FONTS,
          texts: [
            [100, 100, 96, 1, 'let task3 = None', 13],
            [118, 100, 96, 1, 'let goal = None', 13],
          ],
        },
      ],
      ['let task3 = None\nlet goal = None'],
    ],
    [
      // ReportLab's table of attribute synonyms: the second column at 16.5 characters.
      'a typewriter column between two columns of the grid: its last blank either way',
      [
        {
          fonts: FONTS,
          texts: [
            tt(100, 0, 'bulletAnchor'),
            [100, 100 + 16.5 * 8, 48, 1, 'anchor'],
            tt(120, 0, 'bulletColor'),
            [120, 100 + 16.5 * 8, 40, 1, 'color'],
          ],
        },
      ],
      [`bulletAnchor    ${EITHER_BLANK}anchor\nbulletColor     ${EITHER_BLANK}color`],
    ],
    [
      'a blank line inside a listing keeps one block',
      [{ fonts: FONTS, texts: [tt(100, 0, 'a = 1'), tt(140, 0, 'b = 2')] }],
      ['a = 1\nb = 2'],
    ],
    [
      'runs of one line: fragments joined with the spaces their gaps hold, entities decoded',
      [
        {
          fonts: FONTS,
          texts: [tt(100, 0, 'x'), tt(100, 4, '&lt;- f(&#34;y&#34;)'), tt(120, 0, 'print(x)')],
        },
      ],
      ['x   <- f("y")\nprint(x)'],
    ],
    ['one line of code alone is no block', [{ fonts: FONTS, texts: [prose(100, 'Run'), tt(120, 0, 'make all')] }], []],
    [
      'a line with a word in a proportional font is prose (a typewriter term in a sentence)',
      [
        {
          fonts: FONTS,
          texts: [tt(100, 0, 'make'), [100, 140, 200, 0, ' builds the program.'], tt(120, 0, 'make install')],
        },
      ],
      [],
    ],
    [
      'a listing that runs onto the next page, past its foot and head, stays one block',
      [
        { fonts: FONTS, texts: [tt(700, 0, 'one'), tt(720, 0, 'two'), prose(780, '17')] },
        { fonts: [], texts: [prose(40, 'Chapter 2: Running 18'), tt(100, 0, 'three'), tt(120, 0, 'four')] },
        { fonts: [], texts: [prose(40, 'Chapter 2: Running 19'), prose(100, 'Text.')] },
        { fonts: [], texts: [prose(40, 'Chapter 2: Running 20'), prose(100, 'Text.')] },
      ],
      ['one\ntwo\nthree\nfour'],
    ],
    [
      'a heading that opens the next page (its text there once) parts two listings',
      [
        { fonts: FONTS, texts: [tt(700, 0, 'one'), tt(720, 0, 'two'), prose(780, '17')] },
        { fonts: [], texts: [prose(40, 'Running the tests'), tt(100, 0, 'three'), tt(120, 0, 'four')] },
      ],
      ['one\ntwo', 'three\nfour'],
    ],
    [
      "prose that introduces the next page's listing ends the block",
      [
        { fonts: FONTS, texts: [tt(700, 0, 'one'), tt(720, 0, 'two'), prose(740, 'The output is:')] },
        { fonts: [], texts: [tt(100, 0, 'three'), tt(120, 0, 'four')] },
      ],
      ['one\ntwo', 'three\nfour'],
    ],
    [
      'a short prose line between two listings of one page ends the block',
      [
        {
          fonts: FONTS,
          // The examples' skip around the word: a word alone at the listing's own step, on its
          // grid, is a line of it (gri's bold `else`: gridCodeLines).
          texts: [tt(100, 0, 'one'), tt(120, 0, 'two'), prose(150, 'or'), tt(180, 0, 'three'), tt(200, 0, 'four')],
        },
      ],
      ['one\ntwo', 'three\nfour'],
    ],
    [
      'a line in another column ends a block',
      [
        {
          fonts: FONTS,
          texts: [tt(100, 0, 'left1'), tt(120, 0, 'left2'), tt(100, 60, 'right1'), tt(120, 60, 'right2')],
        },
      ],
      ['left1\nleft2', 'right1\nright2'],
    ],
    [
      "Doxygen's identifier break: the arrow (another font) goes, the identifier's two parts join",
      [
        {
          fonts: [...FONTS, [2, 'ABCDEF+CMSY7'], [3, 'ABCDEF+CMMI7']],
          texts: [
            tt(100, 0, 'using t = data_'),
            [100, 220, 12, 2, '←'],
            [100, 230, 4, 3, '-'],
            tt(120, 0, 'layout::compressed'),
            tt(140, 0, 'int x;'),
          ],
        },
      ],
      ['using t = data_layout::compressed\nint x;'],
    ],
    [
      "DocBook's wrap mark: the arrow and its hook (read as '-') are ←↩, the wrapped rest a line of its own",
      [
        {
          fonts: [...FONTS, [2, 'ABCDEF+CMSY10'], [3, 'ABCDEF+CMMI10']],
          texts: [tt(100, 0, 'chaînes de'), [100, 190, 12, 2, '←'], [100, 200, 4, 3, '-'], tt(120, 4, 'montagnes.}')],
        },
      ],
      ['chaînes de ←↩\n    montagnes.}'],
    ],
    [
      // dblatex's listings in Nimbus Mono: boxes 10 high at size 13, lines 16.5 apart, a blank line 33.
      "a blank line inside a Courier-like listing (a box smaller than its font's size) keeps one block",
      [
        {
          fonts: [[2, 'DBJQJF+NimbusMonL-Regu', 13]],
          texts: [
            [655, 85, 169, 2, '\\usepackage{titlesec}', 10],
            [688, 85, 508, 2, '%% Example 1', 10],
            [705, 85, 508, 2, '%% The 2nd parameter', 10],
          ],
        },
      ],
      ['\\usepackage{titlesec}\n\n%% Example 1\n%% The 2nd parameter'],
    ],
    [
      'a blank line where the step is clearly wider than the closest one, as the page shows it',
      [{ fonts: FONTS, texts: [tt(100, 0, 'a'), tt(120, 0, 'b'), tt(160, 0, 'c')] }],
      ['a\nb\n\nc'],
    ],
    [
      // ReportLab's guide: a typewriter word ending a paragraph, then an API heading in Courier
      // at 21 (its 14 units at pdftohtml's zoom), then a listing at 12.
      'a heading set in typewriter, larger, is no line of the listing under it',
      [
        {
          fonts: [
            [2, 'Courier', 21],
            [3, 'Courier', 12],
          ],
          texts: [
            [100, 100, 210, 2, 'BaseDocTemplate.afterPage(self)', 16],
            [125, 100, 130, 3, 'def afterPage(self):', 9],
            [138, 100, 60, 3, '    pass', 9],
          ],
        },
      ],
      ['def afterPage(self):\n    pass'],
    ],
    [
      // Doxygen: `::membership` then ← (CMSY7) and its hook (CMMI7, read as `-`) drawn 3 units
      // back over the arrow's end, and the identifier going on on the next line.
      "the hook of a break arrow drawn over the arrow's end: one line, the identifier joined",
      [
        {
          fonts: [...FONTS, [2, 'ABCDEF+CMSY7'], [3, 'ABCDEF+CMMI7']],
          texts: [
            [100, 100, 176, 1, 'f & raptor::membership', 9],
            [99, 276, 12, 2, '←', 10],
            [100, 285, 4, 3, '-', 9],
            [118, 100, 88, 1, '_agent::g (', 9],
            [136, 140, 56, 1, 'int x )', 9],
          ],
        },
      ],
      ['f & raptor::membership_agent::g (\n     int x )'],
    ],
    [
      // A @multitable of typewriter cells: its second column 9.6 characters in.
      'cells off the character grid: the blanks before them either count',
      [
        {
          fonts: FONTS,
          texts: [
            [100, 100, 16, 1, 'if'],
            [100, 177, 32, 1, 'then'],
            [120, 100, 24, 1, 'for'],
            [120, 177, 16, 1, 'in'],
          ],
        },
      ],
      [`if${' '.repeat(7)}${EITHER_BLANK}then\nfor${' '.repeat(6)}${EITHER_BLANK}in`],
    ],
    [
      // gri's test files (a Texinfo @example): two blank lines part the sections, 53 units at 17-18 a line.
      "a listing's two blank lines, on its line grid, keep it one block",
      [{ fonts: FONTS, texts: [tt(100, 0, 'a'), tt(118, 0, 'b'), tt(135, 0, 'c'), tt(188, 0, 'd'), tt(206, 0, 'e')] }],
      ['a\nb\nc\n\nd\ne'],
    ],
    [
      'the same gap off the grid (a skip between two listings) parts two blocks',
      [{ fonts: FONTS, texts: [tt(100, 0, 'a'), tt(118, 0, 'b'), tt(135, 0, 'c'), tt(181, 0, 'd'), tt(199, 0, 'e')] }],
      ['a\nb\nc', 'd\ne'],
    ],
    [
      // lshort-pt p. 71-72: the footnote's number 3 units over its text, the URL 4 units under it.
      "a footnote's typewriter URL after its raised number is a word of its line, no code over the page turn",
      [
        {
          fonts: FONTS,
          texts: [
            [1069, 60, 5, 0, '1', 8],
            [1072, 66, 165, 0, 'Se o seu não o inclui, visite', 12],
            [1073, 235, 261, 1, 'CTAN://macros/latex/required/amslatex', 11],
            [1072, 497, 4, 0, '.', 12],
          ],
        },
        { fonts: FONTS, texts: [tt(192, 0, 'Adicione $a$ ao quadrado'), tt(210, 0, '$a^2 + b^2 = c^2$')] },
      ],
      ['Adicione $a$ ao quadrado\n$a^2 + b^2 = c^2$'],
    ],
    [
      'a gap of several lines ends a block',
      [{ fonts: FONTS, texts: [tt(100, 0, 'a'), tt(120, 0, 'b'), tt(300, 0, 'c'), tt(320, 0, 'd')] }],
      ['a\nb', 'c\nd'],
    ],
    [
      // The page is 892 wide: `stmt* DEDENT` at 852 (col 94) shows `stmt*` (its * starts at 884),
      // the rest is off the sheet.
      'a line set past the right edge of the page: what the page shows',
      [{ fonts: FONTS, texts: [tt(100, 0, 'rule ::= a'), tt(120, 0, 'spec*'), tt(120, 94, 'stmt* DEDENT')] }],
      ['rule ::= a\nspec*' + ' '.repeat(89) + 'stmt*'],
    ],
  ];
  for (const [name, pages, want] of cases)
    test(name, () => assert.deepEqual(pdfCodeBlocks(xmlFragments(xml(pages))), want));
});

/** A pdftohtml run on page 1 (units of 1.5 points, tops going down). */
const frag = (left: number, width: number, text: string, mono: boolean, top: number, height: number) => ({
  page: 1,
  top,
  left,
  width,
  height,
  mono,
  text,
});

describe('numbered listings: line numbers in a proportional face, smaller, in the margin', () => {
  // DBLaTeX's linenumbering: a 7-unit serif number, its foot on the code's baseline, right-aligned
  // to x 86 (14 units before the code at 100).
  const FONTS_N: [number, string, number?][] = [...FONTS, [2, 'ABCDEF+DejaVuSerif', 7]];
  const num = (top: number, n: string): [number, number, number, number, string, number] => [
    top + 7,
    86 - n.length * 5,
    n.length * 5,
    2,
    n,
    7,
  ];
  const cases: [string, Parameters<typeof xml>[0], string[]][] = [
    [
      'the numbers kept, right-aligned, a space, then the code indented from its column',
      [
        {
          fonts: FONTS_N,
          texts: [
            num(100, '9'),
            tt(100, 0, '\\foo{'),
            num(120, '10'),
            tt(120, 2, 'x'),
            num(140, '11'),
            tt(140, 0, '}'),
          ],
        },
      ],
      [' 9 \\foo{\n10   x\n11 }'],
    ],
    [
      "a blank line's number alone is the listing's line",
      [{ fonts: FONTS_N, texts: [num(100, '1'), tt(100, 0, 'a'), num(120, '2'), num(140, '3'), tt(140, 0, 'b')] }],
      ['1 a\n2\n3 b'],
    ],
    [
      "a blank line's number opening the next page (a page number to a page's furniture) goes on the listing",
      [
        { fonts: FONTS_N, texts: [num(100, '8'), tt(100, 0, 'a'), num(120, '9'), tt(120, 0, 'b')] },
        { fonts: FONTS_N, texts: [num(100, '10'), num(120, '11'), tt(120, 0, 'c')] },
      ],
      [' 8 a\n 9 b\n10\n11 c'],
    ],
    [
      'a number that does not go on the numbers (the page number under the listing) is no line of it',
      [{ fonts: FONTS_N, texts: [num(100, '1'), tt(100, 0, 'a'), num(120, '2'), tt(120, 0, 'b'), num(140, '7')] }],
      ['1 a\n2 b'],
    ],
    [
      'a number in the type of the text before code is no line number (an item number, a formula)',
      [{ fonts: FONTS, texts: [[100, 60, 10, 0, '1'], tt(100, 0, 'a'), [120, 60, 10, 0, '2'], tt(120, 0, 'b')] }],
      [],
    ],
  ];
  for (const [name, pages, want] of cases)
    test(name, () => assert.deepEqual(pdfCodeBlocks(xmlFragments(xml(pages))), want));

  const code = frag(100, 80, 'int x;', true, 100, 14);
  const lineNumbers: [string, ReturnType<typeof frag>, boolean][] = [
    ['digits in smaller type on the baseline, left of the code', frag(76, 10, '12', false, 107, 7), true],
    ['as tall as the code: text, not a line number', frag(76, 10, '12', false, 100, 14), false],
    ['in the typewriter face: the code itself', frag(76, 10, '12', true, 107, 7), false],
    ['not digits alone', frag(76, 10, '1.', false, 107, 7), false],
    ['touching the code', frag(92, 8, '1', false, 107, 7), false],
    [
      "a gap pdftohtml's whole units round under half a character (doc.sty's `10`, 4.0 units read as 3)",
      frag(84, 10, '12', false, 107, 7),
      true,
    ],
    ['off the baseline (a superscript)', frag(76, 10, '12', false, 96, 7), false],
  ];
  for (const [name, n, want] of lineNumbers)
    test(`lineNumberBefore: ${name}`, () => assert.equal(lineNumberBefore(n, code, 4), want));

  const last = { page: 1, text: '9', left: 81, width: 5, height: 7 };
  const alone = (text: string, page = 1, height = 7, left = 86 - text.length * 5) => ({
    page,
    parts: [frag(left, text.length * 5, text, false, 200, height)],
  });
  const blanks: [string, ReturnType<typeof alone>, boolean][] = [
    ['the next number, right-aligned with the last', alone('10'), true],
    ['the next number on the next page', alone('10', 2, 7, 300), true],
    ['another number', alone('11'), false],
    ['larger than the numbers (a page number in the text face)', alone('10', 1, 14), false],
    ['the next number far off in the line (a page number at the right)', alone('10', 1, 7, 600), false],
  ];
  for (const [name, l, want] of blanks)
    test(`numberedBlank: ${name}`, () => assert.equal(numberedBlank(last, l, 8), want));
});

describe('clipToPage: the characters of a fragment that start on the page', () => {
  const f = (left: number, width: number, text: string) => ({
    page: 1,
    top: 0,
    left,
    width,
    height: 14,
    mono: true,
    text,
  });
  const cases: [string, ReturnType<typeof f>, number, string | undefined][] = [
    ['inside the page', f(100, 80, 'abcdefghij'), 892, 'abcdefghij'],
    ['running past the edge: the characters that start before it', f(860, 80, 'abcdefghij'), 892, 'abcd'],
    ['a character starting just before the edge stays', f(860, 80, 'abcdefghij'), 893, 'abcde'],
    ['wholly past the edge', f(900, 80, 'abcdefghij'), 892, undefined],
    ['only blanks left on the page', f(888, 16, ' x'), 892, undefined],
    ['no page width known', f(900, 80, 'abcdefghij'), 0, 'abcdefghij'],
  ];
  for (const [name, frag, width, want] of cases) test(name, () => assert.equal(clipToPage(frag, width)?.text, want));
});

describe("withLevelRuns: a block's lines with the runs level with them to their right", () => {
  // why3 p. 164: the left cell wrapped (`type ... invariant { ... self.foo ...` / `}`), the right
  // cell given after it, level with its first line, under a row whose right cell holds prose.
  const at = (top: number, left: number, text: string, mono = true, width = [...text].length * 8) => {
    const part = { page: 1, top, left, width, height: 13, mono, text };
    return { page: 1, top, height: 13, left, right: left + width, mono, parts: [part] };
  };
  const block = [
    at(843, 118, 'loop ... end'),
    at(861, 118, 'type ... invariant { ... self.foo ...', true, 290),
    at(879, 118, '}'),
  ];
  const right = at(861, 441, 'type ... invariant { ... foo ... }');
  test('the right cell joins its row; a line above or to the left does not', () => {
    const got = withLevelRuns(block, [right, at(861, 20, 'left'), at(900, 441, 'below')]);
    assert.deepEqual(
      got.map((l) => l.parts.map((p) => p.text)),
      [['loop ... end'], ['type ... invariant { ... self.foo ...', 'type ... invariant { ... foo ... }'], ['}']],
    );
  });
  test('tableRowsOf reads the rows so, under a row with a prose word', () => {
    const header = {
      parts: [
        ...at(824, 118, 'meta M prop P').parts,
        ...at(824, 441, 'meta M lemma P').parts,
        ...at(820, 553, 'or', false).parts,
        ...at(824, 569, 'meta M axiom P').parts,
      ],
    };
    const first = { ...block[0]!, parts: [...block[0]!.parts, ...at(843, 441, 'while true do ... done').parts] };
    const rows = [first, block[1]!, block[2]!];
    assert.equal(tableRowsOf(rows, [header]), false);
    assert.equal(tableRowsOf(withLevelRuns(rows, [right]), [header]), true);
  });
});

describe('tableRowsOf: code lines that are rows of a table beside rows that are not code', () => {
  // Runs of 8 units a character (tt, prose) on line `top`.
  const run = (col: number, text: string, mono = true) => ({
    page: 1,
    top: 0,
    left: 100 + col * 8,
    width: [...text].length * 8,
    height: 14,
    mono,
    text,
  });
  const line = (...parts: ReturnType<typeof run>[]) => ({ parts });
  test('columnStarts: the first run, and each after a gap of 4 characters or more', () => {
    assert.deepEqual(columnStarts(line(run(0, 'hyper,'), run(7, 'long long'), run(34, 'int64'))), [100, 372]);
    assert.deepEqual(columnStarts(line(run(0, 'x = 1'), run(8, '# one'))), [100]);
  });
  // camlidl p. 8: `hyper, long long, __int64 | int64` under `int, long with [int64] attribute | int64`.
  const rows = [line(run(0, 'hyper, long long'), run(34, 'int64')), line(run(0, 'char'), run(34, 'char'))];
  const mixed = line(run(0, 'int, long'), run(10, 'with', false), run(34, 'int64'));
  const cases: [string, ReturnType<typeof line>[], ReturnType<typeof line>[], boolean][] = [
    ['rows under a row of the same columns that is not code', rows, [mixed], true],
    ['no neighbour', rows, [], false],
    ['a neighbour of one column (a sentence)', rows, [line(run(0, 'For integer types, signed', false))], false],
    [
      'a neighbour whose second column stands elsewhere',
      rows,
      [line(run(0, 'int', false), run(20, 'int', false))],
      false,
    ],
    [
      'a listing with a comment in a column on one line of three',
      [line(run(0, 'x = 1'), run(34, '# one')), line(run(0, 'y = 2')), line(run(0, 'z = 3'))],
      [mixed],
      false,
    ],
  ];
  for (const [name, block, neighbours, want] of cases)
    test(name, () => assert.equal(tableRowsOf(block, neighbours), want));
  test('pdfCodeBlocks leaves out such rows, keeps the same lines under prose', () => {
    const texts = (first: [number, number, number, number, string][]) => [
      ...first,
      tt(120, 0, 'hyper, long long'),
      tt(120, 34, 'int64'),
      tt(140, 0, 'char'),
      tt(140, 34, 'char'),
    ];
    // `with` a roman word space (5 units) after `int, long`, not a typewriter blank (gridCodeLines).
    const table = texts([tt(100, 0, 'int, long'), [100, 177, 32, 0, 'with'], tt(100, 34, 'int64')]);
    assert.deepEqual(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS, texts: table }]))), []);
    const listing = texts([prose(100, 'The types:')]);
    assert.equal(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS, texts: listing }]))).length, 1);
  });
});

describe('headerOver: a header row of prose over rows of typewriter cells', () => {
  const run = (left: number, text: string, mono = true, cw = 8) => ({
    page: 1,
    top: 0,
    height: 12,
    left,
    width: [...text].length * cw,
    mono,
    text,
  });
  const line = (...parts: ReturnType<typeof run>[]) => ({ parts });
  // GNU Prolog's table of operators: values centred or right under their headers, header words close.
  const header = line(
    run(107, 'Priority', false, 6.4),
    run(176, 'Specifier', false, 6.1),
    run(250, 'Operators', false, 7.2),
  );
  const rows = [
    line(run(126, '1200'), run(192, 'xfx'), run(250, ':-'), run(282, '-->')),
    line(run(126, '1200'), run(196, 'fx'), run(250, ':-')),
  ];
  const cases: [string, ReturnType<typeof line>[], ReturnType<typeof line>, boolean][] = [
    ['rows under their header, values centred and to the right', rows, header, true],
    [
      'a sentence: one cell',
      rows,
      line(run(97, 'The predefined operators are listed in the table below.', false, 6.5)),
      false,
    ],
    [
      'a sentence with a typewriter word in it: its runs a blank apart',
      rows,
      line(run(97, 'The operator', false, 6.5), run(186, ':-', true), run(206, 'has the priority 1200.', false, 6.5)),
      false,
    ],
    [
      'two columns of the block in one header cell',
      [line(run(126, '1200'), run(192, 'xfx'))],
      line(run(100, 'Priority and specifier', false, 6.5), run(400, 'Operators', false, 6.5)),
      false,
    ],
    ['a column outside every cell', [line(run(126, '1200'), run(600, 'xfx'))], header, false],
  ];
  for (const [name, block, n, want] of cases) test(name, () => assert.equal(headerOver(block, n, 8), want));
});

describe('cellsBeside: a table cell of typewriter wrapped onto lines beside the other cell of its row', () => {
  // A line of runs [left, width, mono, text] at `top`, 12 units high, on page 1.
  const line = (top: number, ...runs: [number, number, boolean, string][]) => {
    const parts = runs.map(([left, width, mono, text]) => ({ page: 1, top, left, width, height: 12, mono, text }));
    return {
      page: 1,
      top,
      height: 12,
      left: parts[0]!.left,
      right: parts.at(-1)!.left + parts.at(-1)!.width,
      mono: parts.every((p) => p.mono),
      parts,
    };
  };
  // GNU Prolog's error table: `SorA is associated with a binary stream` centred beside the two
  // lines of `permission_error(reposition,` / `binary_stream, SorA)`, under a row of one line each.
  const row = line(
    959,
    [107, 31, true, 'SorA'],
    [143, 248, false, 'is not associated with an open stream'],
    [447, 225, true, 'existence_error(stream, SorA)'],
  );
  const cond = line(986, [107, 31, true, 'SorA'], [143, 224, false, 'is associated with a binary stream']);
  const cell = [
    line(977, [447, 217, true, 'permission_error(reposition,']),
    line(995, [447, 155, true, 'binary_stream, SorA)']),
  ];
  test('besideOf: overlapping top to bottom, wholly left, not level', () => {
    assert.equal(besideOf(cell[0]!, cond), true);
    assert.equal(besideOf(cell[0]!, line(977, [107, 200, false, 'level with it'])), false);
    assert.equal(besideOf(cell[0]!, line(1030, [107, 200, false, 'below it'])), false);
    assert.equal(besideOf(cell[0]!, line(986, [460, 100, false, 'right of it'])), false);
    assert.equal(besideOf(cell[0]!, { ...cond, page: 2 }), false);
  });
  const cases: [string, ReturnType<typeof line>[], ReturnType<typeof line>[], boolean][] = [
    ['the wrapped cell beside its condition, a row above', cell, [row, cond], true],
    [
      'the same, the row below',
      cell,
      [cond, line(1023, [107, 31, true, 'SorA'], [447, 280, true, 'permission_error(x)'])],
      true,
    ],
    ['no row of the same columns above or below', cell, [cond], false],
    ['a row whose cells start elsewhere', cell, [line(959, [97, 300, false, 'a paragraph line']), cond], false],
    ['the line beside level with the first line', cell, [row, line(977, [107, 200, false, 'SorA is a stream'])], false],
    [
      'a listing beside its output, one output line beside each of its lines (a LaTeX tutorial)',
      [line(864, [465, 120, true, '{\\Large richtiger\\\\']), line(882, [465, 90, true, 'Abstand\\par}'])],
      [
        line(825, [167, 78, false, 'Abstand'], [465, 90, true, 'Abstand}\\par']),
        { ...line(858, [167, 76, false, 'richtiger']), height: 19 },
        { ...line(885, [167, 78, false, 'Abstand']), height: 19 },
      ],
      false,
    ],
    [
      'the other cell wrapped as often, line for line level, a row right below',
      [
        line(604, [447, 186, true, 'permission_error(access,']),
        line(622, [447, 186, true, 'private_procedure, Pred)']),
      ],
      [
        line(603, [107, 321, false, 'The predicate indicator Pred of Head is that of a']),
        line(621, [107, 115, false, 'private procedure']),
        line(
          641,
          [107, 31, true, 'Body'],
          [143, 258, false, 'is neither a variable nor a callable term'],
          [447, 202, true, 'type_error(callable, Body)'],
        ),
      ],
      true,
    ],
    [
      "the same, the row far below (a tutorial's output and code, the next example under a paragraph)",
      [
        line(736, [465, 220, true, 'Nicht Auflage (Au-fl-age) \\\\']),
        line(754, [465, 220, true, 'sondern Auf\\/lage (Auf-lage)']),
      ],
      [
        line(733, [167, 180, false, 'Nicht Auflage (Au-fl-age)']),
        line(753, [167, 194, false, 'sondern Auflage (Auf-lage)']),
        line(840, [167, 120, false, 'Auflage (Auf-lage)'], [465, 200, true, 'Auf"|lage (Auf-lage)']),
      ],
      false,
    ],
    [
      'the other cell wrapped as often, line for line level, the row above wrapped too',
      [line(502, [447, 270, true, 'permission_error(open, source_sink,']), line(520, [447, 71, true, 'alias(A))'])],
      [
        line(466, [447, 270, true, 'permission_error(open, source_sink,']),
        line(482, [107, 66, false, 'be opened']),
        line(484, [447, 86, true, 'SourceSink)']),
        line(501, [107, 321, false, 'an element E of the Options list is alias(A) and']),
        line(520, [107, 8, true, 'A'], [120, 274, false, 'is already associated with an open stream']),
      ],
      true,
    ],
    [
      'the row right above, but the lines beside start at two edges',
      [
        line(604, [447, 186, true, 'permission_error(access,']),
        line(622, [447, 186, true, 'private_procedure, Pred)']),
      ],
      [
        line(586, [107, 31, true, 'Pred'], [447, 186, true, 'type_error(x)']),
        line(603, [107, 321, false, 'The predicate indicator Pred of Head is that of a']),
        line(621, [200, 115, false, 'private procedure']),
      ],
      false,
    ],
    [
      'four lines: a listing, not a cell',
      [...cell, line(1013, [447, 100, true, 'more']), line(1031, [447, 100, true, 'lines'])],
      [row, cond],
      false,
    ],
  ];
  // GNU Prolog's open/4: the condition wrapped onto three lines beside the term wrapped onto two,
  // the row above one line each 16 units over the condition's first line, 25 over the term's.
  const above = line(
    584,
    [107, 24, false, 'and'],
    [136, 8, true, 'M'],
    [149, 120, false, 'is an input stream'],
    [447, 272, true, 'permission_error(output, stream, M)'],
  );
  const tall = [
    line(610, [107, 226, false, 'an element E of the Options list is']),
    line(629, [107, 126, true, 'reposition(true)'], [237, 155, false, 'and it is not possible to']),
    line(646, [107, 143, false, 'reposition this stream']),
  ];
  const term = [
    line(621, [447, 270, true, 'permission_error(open, source_sink,']),
    line(638, [447, 133, true, 'reposition(true))']),
  ];
  cases.push(
    ['a condition taller than the term: the row above stands round the row', term, [above, ...tall], true],
    [
      'the same with no line at the left edge above (a paragraph ends there)',
      term,
      [line(584, [97, 600, false, 'a paragraph line above the table']), ...tall],
      false,
    ],
  );
  for (const [name, block, near, want] of cases) test(name, () => assert.equal(cellsBeside(block, near), want));
  test('rowExtent: the block, widened by the lines left of it it overlaps, and theirs', () => {
    assert.deepEqual(rowExtent(term, [above, ...tall]), [610, 658]);
    assert.deepEqual(rowExtent(cell, [row, cond]), [977, 1007]);
    // A line right of the block is no cell of its row to the left.
    assert.deepEqual(rowExtent(cell, [line(970, [700, 40, false, 'note'])]), [977, 1007]);
  });
  test('nearBlock: lines within three line heights above or below, on the page', () => {
    assert.equal(nearBlock(term, above), true);
    assert.equal(nearBlock(term, line(575, [107, 100, false, 'x'])), true);
    assert.equal(nearBlock(term, line(570, [107, 100, false, 'x'])), false);
    assert.equal(nearBlock(term, line(686, [107, 100, false, 'x'])), true);
    assert.equal(nearBlock(term, line(690, [107, 100, false, 'x'])), false);
    assert.equal(nearBlock(term, { ...above, page: 2 }), false);
  });
  test('pdfCodeBlocks leaves out the wrapped cell, keeps the same lines with nothing beside them', () => {
    const texts = (beside: boolean): [number, number, number, number, string][] => [
      prose(900, 'Errors'),
      tt(959, 1, 'SorA'),
      [957, 143, 248, 0, 'is not associated with an open stream'],
      tt(959, 43, 'existence_error(stream, SorA)'),
      ...(beside
        ? [
            tt(986, 1, 'SorA'),
            [985, 143, 224, 0, 'is associated with a binary stream'] as [number, number, number, number, string],
          ]
        : []),
      tt(977, 43, 'permission_error(reposition,'),
      tt(995, 43, 'binary_stream, SorA)'),
      prose(1030, 'Portability'),
    ];
    assert.deepEqual(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS, texts: texts(true) }]))), []);
    assert.equal(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS, texts: texts(false) }]))).length, 1);
  });
});

describe('symbolTable: a table of symbols, each before the command that makes it', () => {
  // Runs of 8 units a character on one line; a symbol a glyph of 13 units in another face.
  const run = (col: number, text: string) => ({ left: 100 + col * 8, width: [...text].length * 8, mono: true, text });
  const sym = (col: number, text = '') => ({ left: 100 + col * 8 - 30, width: 13, mono: false, text });
  const line = (...parts: { left: number; width: number; mono: boolean; text: string }[]) => ({
    parts: parts.map((p) => ({ page: 1, top: 0, height: 13, ...p })),
  });
  const columns: [string, ReturnType<typeof line>, number][] = [
    // lshort-pt p. 99: msam10's glyphs map no Unicode (pdftohtml: empty runs), one read as `}`.
    [
      'three symbols read as nothing, each before its command',
      line(sym(0), run(0, '\\boxplus'), sym(18), run(18, '\\boxminus'), sym(36), run(36, '\\circleddash')),
      3,
    ],
    [
      'a symbol read as a sign, two missing',
      line(run(0, '\\boxtimes'), run(18, '\\boxdot'), sym(36, '}'), run(36, '\\circledcirc')),
      1,
    ],
    // Texinfo's `@result{}`: no column, the arrow a word space after the expression.
    ['a result after its expression', line(run(0, '(+ 2 2)'), sym(12, '\u21D2'), run(12, '4')), 0],
    ['a listing line with a comment in a column', line(run(0, 'x = 1'), run(20, '# one')), 0],
    // A roman word between the columns is prose, no symbol.
    ['a word of another face before a column', line(sym(0, 'see'), run(0, 'foo'), sym(18, 'and'), run(18, 'bar')), 0],
    // A symbol far left of the run (more than 4 characters) is not that run's.
    [
      'a glyph far before its run',
      line(
        { left: 20, width: 13, mono: false, text: '' },
        run(0, 'foo'),
        { left: 150, width: 13, mono: false, text: '' },
        run(18, 'bar'),
      ),
      0,
    ],
  ];
  for (const [name, l, want] of columns) test(`symbolColumns: ${name}`, () => assert.equal(symbolColumns(l), want));
  const table = line(sym(0), run(0, '\\lneq'), sym(18), run(18, '\\gneq'));
  const listing = line(run(0, 'int x;'));
  const blocks: [string, ReturnType<typeof line>[], boolean][] = [
    ['every line a row of symbols', [table, table], true],
    ['half of the lines', [table, line(run(0, '\\boxdot'), run(18, '\\Rsh'))], true],
    ['one line of three', [table, listing, listing], false],
    ['a listing', [listing, listing], false],
  ];
  for (const [name, b, want] of blocks) test(`symbolTable: ${name}`, () => assert.equal(symbolTable(b), want));
  test('pdfCodeBlocks leaves out a table of symbols, keeps the same commands without them', () => {
    const FONTS3: [number, string][] = [...FONTS, [2, 'ABCDEF+MSAM10']];
    const glyph = (top: number, col: number): [number, number, number, number, string] => [
      top,
      100 + col * 8 - 30,
      13,
      2,
      '',
    ];
    const rows = (symbols: boolean) =>
      [
        ...(symbols ? [glyph(100, 0), glyph(100, 18)] : []),
        tt(100, 0, '\\lneq'),
        tt(100, 18, '\\gneq'),
        ...(symbols ? [glyph(120, 0), glyph(120, 18)] : []),
        tt(120, 0, '\\nleq'),
        tt(120, 18, '\\ngeq'),
      ].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS3, texts: rows(true) }]))), []);
    assert.equal(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS3, texts: rows(false) }]))).length, 1);
  });
});

describe('signsAlone: a block of signs, no letter and no digit', () => {
  const cases: [string, string, boolean][] = [
    // glpk p. 243: a constraint's relations stacked in its formula.
    ['stacked relations', '<=\n>=\n =', true],
    ['braces closing a listing', '  }\n}', true],
    ['a listing of one name', '}\nend;', false],
    ['digits', '--\n42', false],
    ['a Greek letter', '<=\nα', false],
  ];
  for (const [name, block, want] of cases) test(name, () => assert.equal(signsAlone(block), want));
  test('pdfCodeBlocks leaves out such a block', () => {
    const texts = (a: string, b: string) => [tt(100, 0, a), tt(120, 0, b)];
    assert.deepEqual(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS, texts: texts('&lt;=', '&gt;=') }]))), []);
    assert.equal(
      pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS, texts: texts('x &lt;= 1', 'y &gt;= 2') }]))).length,
      1,
    );
  });
});

describe('onSheet: a fragment on its page, top to bottom', () => {
  const cases: [string, number, number, number, boolean][] = [
    ['inside the page', 600, 14, 1188, true],
    // gri p. 200: an overfull Texinfo page's rest set past the bottom edge.
    ['below the bottom edge', 2738, 14, 1188, false],
    ['starting just above the bottom edge', 1180, 14, 1188, true],
    // A beamer slide's text parked above the slide.
    ['above the top edge', -336, 17, 408, false],
    ['reaching into the page from above', -10, 17, 408, true],
    ['no page height known', 2738, 14, 0, true],
  ];
  for (const [name, top, height, pageHeight, want] of cases)
    test(name, () => assert.equal(onSheet({ top, height }, pageHeight), want));
  test('xmlFragments leaves out a fragment below the sheet', () =>
    assert.deepEqual(
      xmlFragments(xml([{ fonts: FONTS, texts: [tt(100, 0, 'on the page'), [1300, 100, 80, 1, 'below it']] }])).map(
        (f) => f.text,
      ),
      ['on the page'],
    ));
});

describe('atAnAngle: text set at an angle, which pdftohtml gives no width', () => {
  const cases: [string, number, string, boolean][] = [
    // GLPK's sensitivity report printed turned on a portrait page: each word a fragment of width 0.
    ['a rotated word', 0, 'BIN3', true],
    ['a rotated sign', 0, '-', true],
    ['a level word', 34, 'BIN3', false],
    ['a level period, the narrowest character', 2, '.', false],
    ['an empty fragment', 0, ' ', false],
  ];
  for (const [name, width, text, want] of cases) test(name, () => assert.equal(atAnAngle({ width, text }), want));
  test('a rotated report makes no block: its last word and the next page head are no two lines', () =>
    assert.deepEqual(
      pdfCodeBlocks(
        xmlFragments(
          xml([
            { fonts: FONTS, texts: [[246, 305, 0, 1, 'BIN3']] },
            { fonts: FONTS, texts: [[1008, 124, 0, 1, 'GLPK']] },
          ]),
        ),
      ),
      [],
    ));
});

describe('pageTextEdges: the left edge of each page from its prose lines', () => {
  type EdgeLine = Parameters<typeof pageTextEdges>[0][number];
  const l = (page: number, left: number, mono = false): EdgeLine => ({ page, left, mono });
  const name = (left: number, width: number) => ({ left, width, height: 11, mono: true, text: '\\@vsxcentercr' });
  const cases: [string, EdgeLine[], [number, number][]][] = [
    ['three prose lines at one x', [l(1, 135), l(1, 135), l(1, 157), l(1, 135)], [[1, 135]]],
    ['one unit apart count as one x', [l(1, 135), l(1, 136), l(1, 135)], [[1, 135]]],
    ['two lines only: no edge', [l(1, 135), l(1, 135), l(1, 157)], []],
    [
      'code lines do not count',
      [l(1, 100, true), l(1, 100, true), l(1, 100, true), l(1, 135), l(1, 135), l(1, 135)],
      [[1, 135]],
    ],
    [
      // verse.sty's documentation: names doc.sty hangs in the margin, on lines of prose.
      'lines opening with a name hung in the margin count at no x',
      [
        ...[0, 1, 2].map(() => ({
          page: 1,
          left: 84,
          mono: false,
          parts: [name(84, 92), { left: 190, width: 300, height: 13, mono: false, text: 'prose' }],
        })),
        l(1, 190),
        l(1, 190),
        l(1, 190),
      ],
      [[1, 190]],
    ],
    [
      'a line opening with a typewriter word at the edge counts there',
      [
        l(1, 135),
        l(1, 135),
        {
          page: 1,
          left: 135,
          mono: false,
          parts: [name(135, 40), { left: 180, width: 300, height: 13, mono: false, text: 'is' }],
        },
      ],
      [[1, 135]],
    ],
    [
      'no proportional edge to judge names by: lines count where they start',
      [0, 1, 2].map(() => ({
        page: 1,
        left: 84,
        mono: false,
        parts: [name(84, 92), { left: 190, width: 300, height: 13, mono: false, text: 'prose' }],
      })),
      [[1, 84]],
    ],
    [
      'each page its own (two-sided pages)',
      [l(1, 135), l(1, 135), l(1, 135), l(2, 99), l(2, 99), l(2, 99)],
      [
        [1, 135],
        [2, 99],
      ],
    ],
  ];
  for (const [name, lines, want] of cases) test(name, () => assert.deepEqual([...pageTextEdges(lines)], want));
});

describe("columnLeft: a block's column on a page, from the page before when it runs on", () => {
  const l = (page: number, left: number) => ({ page, left });
  const cases: [string, ReturnType<typeof l>[], number, [number, number][], number][] = [
    ['one page: its leftmost line', [l(1, 178), l(1, 247)], 1, [], 178],
    [
      // why3: `loop_body ::=` at 117 on page 120, its alternative `| "{" ...` at 256 opening page 121.
      'runs on with an indented line: the page before sets the column',
      [l(120, 117), l(120, 256), l(121, 256)],
      121,
      [
        [120, 108],
        [121, 108],
      ],
      117,
    ],
    [
      'two-sided pages: the page before moved by the edges',
      [l(1, 178), l(2, 211)],
      2,
      [
        [1, 135],
        [2, 99],
      ],
      142,
    ],
    ['edges unknown: the same x', [l(1, 178), l(2, 211)], 2, [], 178],
    ['the part on this page further left: its own', [l(1, 178), l(2, 150)], 2, [], 150],
  ];
  for (const [name, block, page, edges, want] of cases)
    test(name, () => assert.equal(columnLeft(block, page, new Map(edges)), want));
});

describe("sideEdges: each page's edge as most pages of its side show it", () => {
  const cases: [string, [number, number][], [number, number][]][] = [
    [
      // gri: page 181's prose is a @table's descriptions (at 221), its terms at the margin (135) in typewriter.
      'a page whose prose is all indented takes its side edge',
      [
        [179, 135],
        [181, 221],
        [183, 135],
        [180, 135],
        [182, 135],
      ],
      [
        [179, 135],
        [181, 135],
        [183, 135],
        [180, 135],
        [182, 135],
      ],
    ],
    [
      'two-sided pages: each side its own',
      [
        [1, 135],
        [3, 135],
        [2, 99],
        [4, 99],
      ],
      [
        [1, 135],
        [3, 135],
        [2, 99],
        [4, 99],
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
    ['a page without an edge stays without', [[2, 135]], [[2, 135]]],
  ];
  for (const [name, own, want] of cases) test(name, () => assert.deepEqual([...sideEdges(new Map(own))], want));
});

describe('partLefts: the left edge of each page part of a block', () => {
  const l = (page: number, left: number) => ({ page, left });
  const cases: [string, ReturnType<typeof l>[], [number, number][], [number, number][]][] = [
    ['one page: its leftmost line', [l(1, 178), l(1, 247)], [[1, 135]], [[1, 178]]],
    [
      // Bison's dist rule: `dist:` at 178 on page 26, its body at 247 on page 27, text edge 135 on both.
      'a listing going on all indented on the next page: one grid',
      [l(26, 178), l(26, 247), l(27, 247), l(27, 273)],
      [
        [26, 135],
        [27, 135],
      ],
      [
        [26, 178],
        [27, 178],
      ],
    ],
    [
      'two-sided pages: the text edge moves, the grid with it',
      [l(1, 178), l(2, 211)],
      [
        [1, 135],
        [2, 99],
      ],
      [
        [1, 178],
        [2, 142],
      ],
    ],
    [
      // gri p. 145-146: `6.5 "Sun"` at 365 on the next page, the listing's leftmost line at 211.
      'a part all indented 18 columns on the next page: one grid',
      [l(145, 211), l(145, 365), l(146, 365)],
      [
        [145, 167],
        [146, 167],
      ],
      [
        [145, 211],
        [146, 211],
      ],
    ],
    [
      'parts far apart from the edge: each its own',
      [l(1, 135), l(2, 400)],
      [
        [1, 135],
        [2, 135],
      ],
      [
        [1, 135],
        [2, 400],
      ],
    ],
    [
      'a page without an edge: each its own',
      [l(1, 178), l(2, 247)],
      [[1, 135]],
      [
        [1, 178],
        [2, 247],
      ],
    ],
  ];
  for (const [name, block, edges, want] of cases)
    test(name, () => assert.deepEqual([...partLefts(block, new Map(edges), 8.6)], want));
});

describe('markParts: a continuation mark opening a line of a listing', () => {
  const tt = (text: string) => ({ mono: true, text });
  const rm = (text: string) => ({ mono: false, text });
  const cases: [string, { mono: boolean; text: string }[], number][] = [
    ["Sphinx's mark in two math runs", [rm('\u02D3'), rm('\u2192'), tt('i386, mips')], 2],
    ["fvextra's hook arrow", [rm('\u21AA'), rm(' '), tt('rest of line')], 1],
    ['a bullet is no mark', [rm('\u2022'), tt('make')], 0],
    ['a mark alone', [rm('\u02D3'), rm('\u2192')], 0],
    ['a typewriter line', [tt('make all')], 0],
    ['a typewriter arrow is text', [tt('\u2192'), tt('x')], 0],
  ];
  for (const [name, parts, want] of cases) test(name, () => assert.equal(markParts(parts), want));
  test('pdfCodeBlocks: a mark right before its text (no space between them)', () => {
    const texts: Parameters<typeof xml>[0][0]['texts'] = [
      [100, 100, 160, 1, 'evince | source,'],
      [126, 100, 3, 0, '\u02D3', 7],
      [126, 102, 10, 0, '\u2192', 7],
      [120, 112, 32, 1, 'i386'],
      // Sphinx's visible space at the wrap, in another face, on the text's top.
      [120, 144, 8, 0, '\u2423'],
      [140, 100, 160, 1, 'evince | source,'],
    ];
    // The mark's line placed by its text (8 a character) 4 units left of the others (10 a
    // character, the block's): they stand 0.4 character in, none or one blank (indentation).
    assert.deepEqual(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS, texts }]))), [
      `${EITHER_BLANK}evince | source,\n\u02D3\u2192i386\u2423\n${EITHER_BLANK}evince | source,`,
    ]);
  });
  test('codeLine: a line opening with a mark is a line of code', () => {
    assert.equal(codeLine([rm('\u02D3'), rm('\u2192'), tt('i386, mips')]), true);
    assert.equal(codeLine([rm('\u02D3'), rm('\u2192'), rm('prose')]), false);
  });
  test('pdfCodeBlocks: the continued line stays in the block, its text at its column after the mark', () => {
    const texts: Parameters<typeof xml>[0][0]['texts'] = [
      [100, 100, 160, 1, 'evince | source,'],
      // The mark is smaller, on the text's baseline: top 125 + height 7 = 120 + 12... within a unit.
      [126, 102, 3, 0, '\u02D3', 7],
      [126, 104, 10, 0, '\u2192', 7],
      [120, 124, 32, 1, 'i386'],
      [140, 100, 160, 1, 'evince | source,'],
    ];
    assert.deepEqual(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS, texts }]))), [
      'evince | source,\n\u02D3\u2192 i386\nevince | source,',
    ]);
  });
});

describe('furnitureLines: running heads, feet and page numbers', () => {
  const line = (page: number, top: number, text: string) => ({
    page,
    top,
    left: 100,
    right: 400,
    height: 14,
    mono: false,
    parts: [{ page, top, left: 100, width: 300, height: 14, mono: false, text }],
  });
  // 16 pages of body text; `extra` adds lines.
  const doc = (extra: ReturnType<typeof line>[]) => [
    ...Array.from({ length: 16 }, (_, i) => line(i + 1, 500, `Body text of page ${i + 1} goes on here.`)),
    ...extra,
  ];
  const heads = Array.from({ length: 16 }, (_, i) => line(i + 1, 40, `Chapter 3: Configuration`));
  const cases: [string, ReturnType<typeof line>[], ReturnType<typeof line>, boolean][] = [
    ['a running head on every page', heads, heads[4]!, true],
    ['a page number', [line(5, 1100, '17')], line(5, 1100, '17'), true],
    [
      // Doxygen: each page headed by the current section's title at the running heads' top.
      "a page's first line where the other pages' running heads stand, its text once",
      [...heads.filter((h) => h.page !== 5), line(5, 40, '10.90 search_single.hpp')],
      line(5, 40, '10.90 search_single.hpp'),
      true,
    ],
    [
      "a line at the running heads' top under the page's own head is no head",
      [...heads, line(5, 42, 'New in version 1.6.')],
      line(5, 42, 'New in version 1.6.'),
      false,
    ],
    [
      // GLPK's reference: "Synopsis" opens a few pages of 16 at one top; a heading that opens
      // another page at that height is no running head.
      "a page's first line where a few pages' repeated subheadings stand",
      [
        line(3, 63, 'Synopsis'),
        line(7, 63, 'Synopsis'),
        line(9, 63, 'Synopsis'),
        line(11, 63, '2.2.21 glp_get_col_ub'),
      ],
      line(11, 63, '2.2.21 glp_get_col_ub'),
      false,
    ],
    [
      // Sphinx: an odd page footed by its section's title and number, which one other page repeats.
      "a page's last line where the other pages' running feet stand, its text on two pages",
      [
        ...Array.from({ length: 16 }, (_, i) =>
          line(i + 1, 1114, i === 4 || i === 6 ? '7.3. Logical expressions' : `Foot ${i % 2}`),
        ),
      ],
      line(5, 1114, '7.3. Logical expressions'),
      true,
    ],
    [
      "a page's last line above the feet' place (a body line ending the page short) is no foot",
      [
        ...Array.from({ length: 16 }, (_, i) => line(i + 1, 1114, 'Foot')).filter((f) => f.page !== 5),
        line(5, 1000, 'A line'),
      ],
      line(5, 1000, 'A line'),
      false,
    ],
    [
      // GNU Prolog: "Templates" over every entry, at a page's last line on a few pages by chance.
      'a subheading over every entry, at one top on 3 pages of the 15 that show it, is no foot',
      [
        ...[2, 4, 6].map((p) => line(p, 1102, 'Templates')),
        ...[1, 3, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((p) => line(p, 200 + p * 40, 'Templates')),
      ],
      line(2, 1102, 'Templates'),
      false,
    ],
    [
      'a line that opens 3 pages of 16 by chance',
      [line(3, 63, 'New in version 1.6.'), line(7, 63, 'New in version 3.1.'), line(9, 63, 'New in version 2.0.')],
      line(3, 63, 'New in version 1.6.'),
      false,
    ],
  ];
  for (const [name, extra, probe, want] of cases)
    test(name, () => {
      const lines = doc(extra);
      const found = furnitureLines(lines);
      const same = lines.find((l) => l.page === probe.page && l.top === probe.top)!;
      assert.equal(found.has(same), want);
    });
});

describe('furnitureText: a page number at either end folded', () => {
  const of = (text: string) =>
    furnitureText({ parts: [{ page: 1, top: 0, left: 0, width: 1, height: 1, mono: false, text }] });
  const cases: [string, string][] = [
    ['Chapter 12: Distributions  22', 'Chapter 12: Distributions #'],
    ['22 GNU Maintainer Information', '# GNU Maintainer Information'],
    ['17', '#'],
    ['New in version 1.6.', 'New in version 1.6.'],
    ['Page 3 of 40', 'Page #'],
    ['Auto Multiple Choice 11 / 86', 'Auto Multiple Choice #'],
  ];
  for (const [text, want] of cases) test(text, () => assert.equal(of(text), want));
});

describe('nextLine: the next line of a block, under the last within 3.2 line sizes', () => {
  const line = (top: number, height: number, size?: number) => ({
    top,
    height,
    parts: [{ height, ...(size === undefined ? {} : { size }) }] as never,
  });
  const cases: [string, ReturnType<typeof line>, ReturnType<typeof line>, boolean][] = [
    ['the next line', line(100, 14), line(118, 14), true],
    ['a blank line between', line(100, 14), line(136, 14), true],
    ['several lines between', line(100, 14), line(160, 14), false],
    ['above the last', line(100, 14), line(80, 14), false],
    [
      'a box smaller than its size (Nimbus Mono at 13): a blank line between',
      line(655, 10, 13),
      line(688, 10, 13),
      true,
    ],
    ['a box smaller than its size: the box alone would end the block', line(655, 10), line(688, 10), false],
    ['a box smaller than its size: two blank lines end the block', line(655, 10, 13), line(705, 10, 13), false],
  ];
  for (const [name, last, l, want] of cases) test(name, () => assert.equal(nextLine(last, l), want));
});

describe('blankBefore: the blank lines of a block, as the page shows them', () => {
  const at = (top: number, page = 1) => ({ top, page });
  const cases: [string, ReturnType<typeof at>[], boolean[]][] = [
    ['none', [at(100), at(116), at(132)], [false, false, false]],
    ['a step twice the closest', [at(100), at(116.5), at(149.5), at(166)], [false, false, true, false]],
    ['two lines: no closer step to tell', [at(100), at(140)], [false, false]],
    ['across a page turn: none', [at(700), at(716), at(100, 2), at(116, 2)], [false, false, false, false]],
  ];
  for (const [name, block, want] of cases) test(name, () => assert.deepEqual(blankBefore(block), want));
});

describe('lineTypeSize: the size of a line of code, from its typewriter runs holding a letter', () => {
  const part = (text: string, mono: boolean, size?: number) => ({
    page: 1,
    top: 100,
    left: 100,
    width: 10,
    height: 10,
    mono,
    text,
    ...(size === undefined ? {} : { size }),
  });
  const cases: [string, ReturnType<typeof part>[], number | undefined][] = [
    ['one run', [part('make all', true, 15)], 15],
    ['a line number set smaller before it', [part('12', true, 9), part('x = 1;', true, 15)], 15],
    ['a heading number in a proportional face', [part('9.2', false, 21), part('DocIf(', true, 21)], 21],
    ['digits and signs only: unknown', [part('10', true, 9), part('{', true, 15)], undefined],
    ['no size given: unknown', [part('make', true)], undefined],
  ];
  for (const [name, parts, want] of cases) test(name, () => assert.equal(lineTypeSize({ parts }), want));
});

describe("otherPdftohtmlSize: two sizes of type, from pdftohtml's whole units", () => {
  const cases: [string, number | undefined, number | undefined, boolean][] = [
    ['one size', 15, 15, false],
    ['LaTeX \\small (13.5, written 13) against \\normalsize (15)', 13, 15, false],
    ['a Texinfo heading (20) over its definition (16)', 20, 16, true],
    ["ReportLab's API heading (21) over a listing (12)", 21, 12, true],
    ['a size unknown', undefined, 12, false],
  ];
  for (const [name, a, b, want] of cases) test(name, () => assert.equal(otherPdftohtmlSize(a, b), want));
});

describe('goesOn: a fragment at the height of a line goes on with it', () => {
  const cur = { right: 208, parts: [{ left: 100 }, { left: 196 }] };
  const cases: [string, { left: number; width: number }, boolean][] = [
    ['right after its end', { left: 209, width: 20 }, true],
    ['a little before its end (within the tolerance)', { left: 206, width: 20 }, true],
    ["a glyph drawn over the last run's end, ending past it (a hook)", { left: 205, width: 4 }, true],
    ['inside the last run, ending before its end', { left: 198, width: 4 }, false],
    ['before the last run (another column or text drawn again)', { left: 150, width: 80 }, false],
  ];
  for (const [name, f, want] of cases) test(name, () => assert.equal(goesOn(cur, f, 2.7), want));
});

describe("goesOnProse: a paragraph's last lines set in typewriter are no listing", () => {
  const part = (text: string, mono: boolean, left = 57, width = 60) => ({
    text,
    mono,
    left,
    top: 0,
    width,
    height: 12,
    page: 1,
  });
  const prose = { page: 1, top: 100, left: 57, right: 567, height: 12, mono: false, parts: [part('Si vous', false)] };
  const tail = {
    page: 1,
    top: 112,
    left: 57,
    height: 12,
    parts: [part('\\tabcolsep', true), part('.', false, 117, 3)],
  };
  const code = { page: 1, top: 112, left: 57, height: 12, parts: [part('\\begin{tabular}{|l|}', true)] };
  const cases: [string, typeof prose | undefined, typeof tail, boolean, number | undefined, boolean][] = [
    ['a stop of the text face, under a full prose line', prose, tail, true, 567, true],
    ['a line all in typewriter under it: a listing', prose, code, true, 567, false],
    ['the line above short of the edge', { ...prose, right: 400 }, tail, true, 567, false],
    ['a blank line between (a listing after its paragraph)', prose, { ...tail, top: 124 }, true, 567, false],
    ['indented', prose, { ...tail, left: 80 }, true, 567, false],
    ["under a paragraph's first line, indented (\\parindent)", { ...prose, left: 82 }, tail, true, 567, true],
    ['under a line indented more than a paragraph is', { ...prose, left: 100 }, tail, true, 567, false],
    ['the line above in typewriter, for the first line', { ...prose, mono: true }, tail, true, 567, false],
    [
      'the line above in typewriter, a later line (the typewriter line above was taken as prose)',
      { ...prose, mono: true },
      tail,
      false,
      567,
      true,
    ],
    ['no edge known on the page', prose, tail, true, undefined, false],
  ];
  for (const [name, above, l, first, right, want] of cases)
    test(name, () => assert.equal(goesOnProse(above as never, l as never, first, right), want));
});

describe("sameParagraphLeft: a line starts where its paragraph's line above does, or that first line's indentation left of it", () => {
  const line = (left: number) => ({ left, height: 15, parts: [] });
  const cases: [string, number, number, boolean][] = [
    ['the same left', 189, 189, true],
    ['a unit apart (pdftohtml rounding)', 190, 189, true],
    ["the first line 25 units in (LaTeX's 15 pt \\parindent at 1.5 zoom)", 214, 189, true],
    ['the first line 37 units in (2.5 line sizes)', 226, 189, true],
    ['further in than a paragraph indent', 240, 189, false],
    ['the line below indented (a listing)', 189, 214, false],
  ];
  for (const [name, above, l, want] of cases)
    test(name, () => assert.equal(sameParagraphLeft(line(above) as never, line(l) as never), want));
});

describe('proseRights: the right edge of the prose lines of each page', () => {
  test('the most common end of prose lines, 3 or more, else the rightmost', () => {
    const l = (page: number, right: number, mono = false) => ({ page, right, mono });
    const got = proseRights([l(1, 567), l(1, 567.2), l(1, 566.8), l(1, 300), l(1, 567, true), l(2, 400), l(2, 380)]);
    assert.deepEqual(
      [...got],
      [
        [1, 567],
        [2, 400],
      ],
    );
  });
});

test('withoutTitleParts', async (t) => {
  const outline = [
    '9 Other Useful Flowables',
    '9.1 Preformatted(text, style, bulletText=None, dedent=0, maxLineLength=None, splitChars=None, newLineChars=None)',
  ];
  const cases: [string, string[], string[]][] = [
    ["a wrapped typewriter title's lines", ['dedent=0, maxLineLength=None, splitChars=None,\nnewLineChars=None)'], []],
    [
      'a listing',
      ['p = Preformatted(text, style)\nstory.append(p)'],
      ['p = Preformatted(text, style)\nstory.append(p)'],
    ],
    [
      'a listing holding a title word on one line only',
      ['Preformatted(text, style,\n    dedent=4)'],
      ['Preformatted(text, style,\n    dedent=4)'],
    ],
  ];
  for (const [name, blocks, want] of cases)
    await t.test(name, () => assert.deepEqual(withoutTitleParts(blocks, outline), want));
});

// A Texinfo `@example` whose keywords `@b` sets in bold roman (gri's `tst_control.gri`): the
// keyword lines are lines of the listing where their runs stand on its grid (onCodeGrid,
// gridCodeLines); a word between two examples, a prose line under one, stays prose.
describe('pdfCodeBlocks: listing lines with words in another face, on the grid', () => {
  const FONTS3: [number, string][] = [...FONTS, [2, 'ABCDEF+CMB10']];
  /** A bold roman word at `x`, 5 units a character. */
  const b = (top: number, x: number, text: string): [number, number, number, number, string] => [
    top,
    x,
    text.length * 5,
    2,
    text,
  ];
  const cases: [string, ReturnType<typeof tt>[], string[]][] = [
    [
      'bold keywords: `if 0`, `end if`, `else` alone between code lines',
      [
        prose(80, 'Test file:'),
        tt(120, 0, '# tests'),
        tt(136, 0, '.i. = 0'),
        b(152, 100, 'if'),
        tt(152, 2.25, '1'), // `if` ends at 110, `1` at 118: one column (a typewriter blank) after it
        tt(168, 4, 'assert 0'),
        b(184, 100, 'else'),
        tt(200, 4, 'assert 1'),
        tt(216, 0, 'end'),
        b(216, 132, 'if'),
        prose(260, 'The next paragraph.'),
      ],
      ['# tests\n.i. = 0\nif 1\n    assert 0\nelse\n    assert 1\nend if'],
    ],
    [
      // A word between two examples stands further from each than the listing's own step.
      'a word between two examples stays prose',
      [tt(100, 4, 'a = 1'), tt(116, 4, 'b = 2'), b(140, 100, 'or'), tt(164, 4, 'a = 3'), tt(180, 4, 'b = 4')],
      ['a = 1\nb = 2', 'a = 3\nb = 4'],
    ],
    [
      // Roman word spaces (5 units, under a column of 8) are no typewriter blanks.
      // A table's label column in roman, its commands in typewriter 14 whole columns on.
      'a label column before typewriter columns is no keyword',
      [
        tt(100, 0, '\\texttt{...}'),
        tt(116, 0, '\\textbf{...}'),
        b(132, 100, 'Italic'),
        tt(132, 17.75, '\\textit{...}'),
      ],
      ['\\texttt{...}\n\\textbf{...}'],
    ],
    [
      'a prose line one step under a listing stays prose',
      [
        tt(100, 0, 'make'),
        tt(116, 0, 'make all'),
        b(132, 100, 'Then'),
        tt(132, 4.6, 'make'),
        b(132, 143.8, 'installs'),
      ],
      ['make\nmake all'],
    ],
  ];
  for (const [name, texts, want] of cases)
    test(name, () => assert.deepEqual(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS3, texts }]))), want));
});

describe('pdfMonoLines: every line set wholly in typewriter, alone or in a block', () => {
  const cases: [string, Parameters<typeof xml>[0], string[]][] = [
    [
      'a command displayed alone between two sentences',
      [
        {
          fonts: FONTS,
          texts: [prose(100, 'Gri is run as'), tt(120, 0, 'gri myscript'), prose(140, 'in most cases.')],
        },
      ],
      ['gri myscript'],
    ],
    [
      'a listing of two lines: both',
      [{ fonts: FONTS, texts: [tt(100, 0, 'a = 1'), tt(120, 0, 'b = 2')] }],
      ['a = 1', 'b = 2'],
    ],
    [
      'a prose line with a typewriter word: not one',
      [
        {
          fonts: FONTS,
          texts: [
            [100, 100, 40, 0, 'and the'],
            [100, 150, 96, 1, 'ltmarks.pdf'],
            [100, 250, 40, 0, 'file'],
          ],
        },
      ],
      [],
    ],
  ];
  for (const [name, pages, want] of cases)
    test(name, () => assert.deepEqual(pdfMonoLines(xmlFragments(xml(pages))), want));
});

test('marginName: typewriter with a letter, wholly left of the text edge by half its height', () => {
  const f = (left: number, width: number, text = '\\poemlines', mono = true) => ({
    left,
    width,
    height: 14,
    mono,
    text,
  });
  assert.equal(marginName(f(20, 70), 100), true);
  assert.equal(marginName(f(20, 75), 100), false); // ends 5 units short of the edge: under half its height
  assert.equal(marginName(f(20, 70), undefined), false); // no edge known
  assert.equal(marginName(f(20, 70, '\\poemlines', false), 100), false); // a roman word
  assert.equal(marginName(f(60, 20, '12'), 100), false); // a listing's line number
  assert.equal(marginName(f(20, 30), 100), false); // ends 50 units short: a column of its own, not hung on the text
});

describe("blankLinesOnGrid: a listing's blank lines on its own line grid", () => {
  const at = (page: number, top: number) => ({ page, top });
  const cases: [string, { page: number; top: number }[], { page: number; top: number }, boolean][] = [
    ['two blank lines: three steps (gri: 53 at 18)', [at(1, 389), at(1, 407), at(1, 425)], at(1, 478), true],
    ['three steps after steps of 17 and 18', [at(1, 300), at(1, 317), at(1, 335), at(1, 353)], at(1, 406), true],
    ['one blank line: two steps', [at(1, 100), at(1, 120)], at(1, 140 + 20), true],
    ['three blank lines: four steps', [at(1, 100), at(1, 120)], at(1, 200), true],
    ['four blank lines: a gap between listings', [at(1, 100), at(1, 120)], at(1, 220), false],
    ['two and a half steps: off the grid', [at(1, 100), at(1, 120)], at(1, 170), false],
    ['the step of the lines, a blank line inside them aside', [at(1, 100), at(1, 120), at(1, 160)], at(1, 220), true],
    ['one line: no step known', [at(1, 100)], at(1, 160), false],
    ['on another page', [at(1, 100), at(1, 120)], at(2, 180), false],
  ];
  for (const [name, block, l, want] of cases) test(name, () => assert.equal(blankLinesOnGrid(block, l), want));
});

describe("centredCell: a table cell's values centred one under the other, no listing", () => {
  // A line of typewriter at `left`, `chars` characters of 8 units.
  const tt1 = (left: number, text: string) => {
    const width = [...text].length * 8;
    return { left, right: left + width, parts: [{ page: 1, top: 100, height: 12, mono: true, text, left, width }] };
  };
  const cases: [string, ReturnType<typeof tt1>[], boolean][] = [
    // GNU Prolog's flags: `atom` at 361, `chars` and `codes` at 357 (4 units: half a character).
    ['stacked values centred, half a character apart', [tt1(361, 'atom'), tt1(357, 'chars'), tt1(357, 'codes')], true],
    ['`toward_zero` over `down`', [tt1(322, 'toward zero'), tt1(350, 'down')], true],
    ['a listing: lines on the grid, left-aligned', [tt1(100, 'if x then'), tt1(100, 'fi')], false],
    ['a listing indented on the grid, centred by chance', [tt1(100, 'abcdef'), tt1(116, 'cd')], false],
    ['lines of one length: left-aligned and centred, no telling', [tt1(100, '~Ne ~NE'), tt1(100, '~Ng ~NG')], false],
    ['off the grid, not centred', [tt1(100, 'abcdef'), tt1(124, 'cd')], false],
    ['one line', [tt1(100, 'atom')], false],
  ];
  for (const [name, block, want] of cases) test(name, () => assert.equal(centredCell(block), want));
});

describe("raisedOpening: a line's opening runs raised before its text (a footnote's number)", () => {
  const cases: [string, { top: number; height: number }[], { top: number; height: number }, boolean][] = [
    ["a footnote's number", [{ top: 1069, height: 8 }], { top: 1072, height: 12 }, true],
    ['a run as tall as the text', [{ top: 1069, height: 12 }], { top: 1072, height: 12 }, false],
    ['a smaller run lower (a subscript)', [{ top: 1075, height: 8 }], { top: 1072, height: 12 }, false],
    ['nothing before', [], { top: 1072, height: 12 }, false],
  ];
  for (const [name, parts, f, want] of cases) test(name, () => assert.equal(raisedOpening(parts, f), want));
});

describe("indentation: a line's blanks from its block's edge, either count where the units leave two", () => {
  const E = EITHER_BLANK;
  const cases: [string, number, number, string][] = [
    ['at the edge', 0, 8, ''],
    ['on the grid', 24, 8, '   '],
    ['on the grid, a unit off (pdftohtml rounds)', 25, 8, '   '],
    // l2kurz's `align`: `+\frac` 51 units in, 7.85 a character: 6.5 characters.
    ['half a character off: either count', 51, 7.85, `      ${E}`],
    ['a bold command a few units in: none or one', 4, 8, E],
    ['two units in: none', 2, 8, ''],
  ];
  for (const [name, d, cw, want] of cases) test(name, () => assert.equal(indentation(d, cw), want));
});

describe("runningFoot: a page's last line where the running feet of half the pages stand", () => {
  const at = (page: number, top: number) => ({ page, top, mono: false });
  const feet = Array.from({ length: 10 }, (_, i) => at(i + 1, 1114));
  const cases: [string, ReturnType<typeof at> & { mono: boolean }, ReturnType<typeof at>[], number, boolean][] = [
    ['at the feet of 9 pages of 10', at(5, 1114), feet, 10, true],
    ['two units off', at(5, 1116), feet, 10, true],
    ['above them', at(5, 1090), feet, 10, false],
    ['at the feet of 3 pages of 10', at(5, 1114), feet.slice(0, 3), 10, false],
    ['a line of code', { ...at(5, 1114), mono: true }, feet, 10, false],
  ];
  for (const [name, l, f, pages, want] of cases) test(name, () => assert.equal(runningFoot(l, f, pages), want));
});

describe('repeatedInPlace: a running line stands in its place on 2 pages and a fifth of those showing it', () => {
  const cases: [string, number, number, boolean][] = [
    ['a running head on every page', 15, 15, true],
    ['on 2 other pages, nowhere else', 2, 2, true],
    ['on 1 other page', 1, 1, false],
    ["Sphinx's continuation label near one top on 6 of 28", 6, 28, true],
    ['a subheading at one top on 3 of 228', 3, 228, false],
  ];
  for (const [name, inPlace, elsewhere, want] of cases)
    test(name, () => assert.equal(repeatedInPlace(inPlace, elsewhere), want));
});

describe("runsIntoProse: a typewriter line ending with the text face's comma, its paragraph going on under it", () => {
  const run = (left: number, text: string, mono: boolean) => ({
    page: 1,
    top: 212,
    left,
    width: [...text].length * 8,
    height: 12,
    mono,
    text,
  });
  const l = (parts: ReturnType<typeof run>[]) => ({ page: 1, top: 212, left: 107, height: 12, parts });
  const cond = l([
    run(107, 'end_of_stream(E)', true),
    run(228, ',', false),
    run(237, 'eof_action(E)', true),
    run(337, ',', false),
  ]);
  const prose = (top: number, left = 107) => ({
    page: 1,
    top,
    left,
    height: 13,
    parts: [run(left, 'reposition(E), type(E) or', false)],
  });
  const cases: [string, ReturnType<typeof l>, ReturnType<typeof prose> | undefined, boolean][] = [
    ['a condition going on in prose right under it', cond, prose(230), true],
    ['the next line indented (a listing under its paragraph)', cond, prose(230, 140), false],
    ['the next line a paragraph away', cond, prose(260), false],
    ['no line under it', cond, undefined, false],
    ['a line ending in the code face', l([run(107, 'f(a,', true)]), prose(230), false],
    [
      "a listing's line ending with a meta-variable in the text face",
      l([run(107, '{name', true), run(160, 'sem extensão};', false)]),
      prose(230),
      false,
    ],
  ];
  for (const [name, a, b, want] of cases) test(name, () => assert.equal(runsIntoProse(a, b), want));
});

describe("DocBook's callouts (dblatex): the circle and its number left out, the line's rest a line of its own", () => {
  // dblatex-manual p. 30: `<td>A3</td><td width="25.3"` then the circle (LaTeX's lcircle10, 'v',
  // taller, above), the number inside it (white, 7 high), then `>B3</td>` on the line.
  const FONTS_C: [number, string, number?][] = [...FONTS, [2, 'TPKZYA+LCIRCLE10', 15], [3, 'OGQFFK+NimbusSanL', 7]];
  const texts: [number, number, number, number, string, number?][] = [
    tt(120, 0, '&lt;tr&gt;'),
    tt(140, 2, '&lt;td&gt;A3&lt;/td&gt;&lt;td width="25.3"'),
    [129, 341, 10, 2, 'v', 19],
    [140, 339, 4, 3, '6', 6],
    [140, 346, 56, 1, '&gt;B3&lt;/td&gt;'],
    tt(160, 0, '&lt;/tr&gt;'),
  ];
  test('pdfCodeBlocks reads the listing whole, cut at the callout as cutAtCallouts cuts a chunk', () =>
    assert.deepEqual(pdfCodeBlocks(xmlFragments(xml([{ fonts: FONTS_C, texts }]))), [
      '<tr>\n  <td>A3</td><td width="25.3"\n>B3</td>\n</tr>',
    ]));
  test('calloutBreaks: the circle and its number, and the run after them', () => {
    const f = xmlFragments(xml([{ fonts: FONTS_C, texts }]));
    const { callouts, rests } = calloutBreaks(f);
    assert.deepEqual(
      [...callouts].map((x) => x.text),
      ['v', '6'],
    );
    assert.deepEqual(
      [...rests].map((x) => x.text),
      ['>B3</td>'],
    );
  });
  test('a callout at the line end: nothing goes on', () => {
    const f = xmlFragments(
      xml([
        {
          fonts: FONTS_C,
          texts: [
            tt(140, 0, '&lt;caption&gt;'),
            [129, 180, 10, 2, 'v', 19],
            [140, 178, 4, 3, '2', 6],
            tt(160, 0, '&lt;tr&gt;'),
          ],
        },
      ]),
    );
    assert.deepEqual([...calloutBreaks(f).rests], []);
  });
  test('a digit in another face without a circle is no callout', () => {
    const f = xmlFragments(
      xml([{ fonts: FONTS_C, texts: [tt(140, 0, 'a'), [140, 120, 4, 3, '6', 6], tt(140, 10, 'b')] }]),
    );
    assert.equal(calloutBreaks(f).callouts.size, 0);
  });
  test("a two-digit number, wider than its circle's glyph box and left of it, is the callout's", () => {
    // amc-fr p. 13: the circle at 197-212, `10` at 192-202, then `[8]]Les aliments contiennent :`.
    const f = xmlFragments(
      xml([
        {
          fonts: FONTS_C,
          texts: [
            [140, 85, 105, 1, '**[horiz,last'],
            [129, 197, 15, 2, 'y', 19],
            [140, 192, 10, 3, '10', 7],
            [140, 205, 226, 1, '[8]]Les aliments contiennent :'],
          ],
        },
      ]),
    );
    const { callouts, rests } = calloutBreaks(f);
    assert.deepEqual(
      [...callouts].map((x) => x.text),
      ['y', '10'],
    );
    assert.deepEqual(
      [...rests].map((x) => x.text),
      ['[8]]Les aliments contiennent :'],
    );
  });
});

describe("calloutNumberIn: a number across its circle's box, no wider", () => {
  const circle = { left: 197, width: 15 };
  const cases: [string, { left: number; width: number }, boolean][] = [
    ['one digit inside', { left: 202, width: 5 }, true],
    ['two digits, half left of the box', { left: 192, width: 10 }, true],
    ['just off the right edge, within the slack', { left: 213, width: 5 }, true],
    ['well right of it', { left: 230, width: 5 }, false],
    ['well left of it', { left: 170, width: 10 }, false],
    ['wider than the circle: a word', { left: 190, width: 40 }, false],
  ];
  for (const [name, n, want] of cases) test(name, () => assert.equal(calloutNumberIn(n, circle), want));
});

describe('bodyTypeSize: the size most of the text in a proportional face is set in', () => {
  const f = (text: string, size: number | undefined, mono = false) => ({
    text,
    mono,
    ...(size === undefined ? {} : { size }),
  });
  const cases: [string, ReturnType<typeof f>[], number | undefined][] = [
    ['by characters', [f('A long line of body text here.', 15), f('A footnote.', 12), f('Note.', 12)], 15],
    ['typewriter text does not count', [f('body text', 15), f('a very long line of code, longer', 13, true)], 15],
    ['none in a proportional face', [f('code', 13, true)], undefined],
  ];
  for (const [name, fragments, want] of cases) test(name, () => assert.equal(bodyTypeSize(fragments), want));
});

describe('partedByProse: a line of prose in the body type between two code blocks parts them', () => {
  const line = (text: string, size: number, mono = false) => ({ mono, parts: [{ text, size }] as never });
  const cases: [string, ReturnType<typeof line>[], boolean][] = [
    ['a paragraph in the body type', [line('These control the typesetting of verse.', 15)], true],
    ['a footnote (smaller type) at the page foot', [line('11 Sie können das Schreiben erlernen.', 12)], false],
    ['the body type written a unit off (14 against 15)', [line('A line of text.', 14)], true],
    ['a heading (larger type)', [line('4.2 Verse code', 18)], true],
    ['typewriter lines', [line('\\@vsxcentercr', 15, true)], false],
    ['a line of signs or numbers', [line('17', 15)], false],
    ['nothing between', [], false],
  ];
  for (const [name, between, want] of cases) test(name, () => assert.equal(partedByProse(between, 15), want));
  test('no body size known: any line of prose parts', () =>
    assert.equal(partedByProse([line('Text.', 9)], undefined), true));
});

describe('pdfCodeReference: the blocks a paragraph parts from the block before', () => {
  const NUMBERED: [number, string, number?][] = [
    [0, 'ABCDEF+CMR10', 15],
    [1, 'ABCDEF+CMTT10', 15],
    [2, 'ABCDEF+CMR7', 10],
  ];
  const num = (top: number, n: string): [number, number, number, number, string, number] => [top + 1, 84, 12, 2, n, 9];
  const page = (texts: Parameters<typeof xml>[0][number]['texts']) => xmlFragments(xml([{ fonts: NUMBERED, texts }]));
  test("doc.sty's macrocode numbered on across a paragraph: the second block apart", () => {
    const r = pdfCodeReference(
      page([
        num(100, '1'),
        tt(100, 0, '\\newcommand{\\a}{%'),
        num(120, '2'),
        tt(120, 0, '}'),
        prose(150, 'A paragraph between the two, in the body type of the page.'),
        prose(170, 'Its second line, as a paragraph has, at the same left edge.'),
        prose(190, 'And its third line, so the page shows its text edge there.'),
        num(220, '3'),
        tt(220, 0, '\\newcommand{\\b}{%'),
        num(240, '4'),
        tt(240, 0, '}'),
      ]),
    );
    assert.deepEqual(r.code, ['1 \\newcommand{\\a}{%\n2 }', '3 \\newcommand{\\b}{%\n4 }']);
    assert.deepEqual([...r.codeApart], ['3 \\newcommand{\\b}{%\n4 }']);
  });
  test('a footnote between a listing and its next line on the next page parts nothing', () => {
    const r = pdfCodeReference(
      xmlFragments(
        xml([
          {
            fonts: NUMBERED,
            texts: [
              prose(60, 'A paragraph before the listing, in the body type of the page.'),
              prose(80, 'Its second line, as a paragraph has, at the same left edge.'),
              prose(100, 'And its third line, so the page shows its text edge there.'),
              num(140, '1'),
              tt(140, 0, '#!/usr/bin/make -f'),
              num(160, '2'),
              tt(160, 0, '# See debhelper(7)'),
              [1100, 100, 300, 2, '11 A footnote at the page foot, in small type.', 10],
            ],
          },
          {
            fonts: NUMBERED,
            texts: [num(60, '3'), tt(60, 0, '%:'), num(80, '4'), tt(80, 2, 'dh $@')],
          },
        ]),
      ),
    );
    assert.equal(r.code.length, 2);
    assert.deepEqual([...r.codeApart], []);
  });
});

describe('offGridAfterBlank: a line after a blank, off the grid of the block above, opens another listing', () => {
  const run = (left: number, text: string) => ({ left, text, width: [...text].length * 8 }) as never;
  const line = (top: number, left: number, text: string, page = 1) => ({
    page,
    top,
    left,
    height: 14,
    parts: [run(left, text)],
  });
  // statistics.sty's documentation (l3doc): initial values set at 269, a blank, an example at 258
  // whose run opens with a blank (its text at 266: 3 units, 0.4 character, off the grid).
  const values = [line(315, 269, 'comb/style = ultra-thick,'), line(333, 269, 'cumulative/style = %empty')];
  const cases: [string, ReturnType<typeof line>[], ReturnType<typeof line>, boolean][] = [
    ['after a blank, 3 units off the grid', values, line(378, 258, ' \\statisticssetup[graph]{'), true],
    ['after a blank, on the grid (a listing with a blank line)', values, line(378, 269, '\\statisticssetup'), false],
    ['after a blank, indented on the grid', values, line(378, 269 + 16, '\\statisticssetup'), false],
    [
      'the next line, off the grid (a half-character indent inside a listing)',
      values,
      line(351, 273, '+\\frac'),
      false,
    ],
    [
      "a bracket's glyph box says nothing (lshort's `{\\renewcommand`)",
      values,
      line(378, 266, '{\\renewcommand'),
      false,
    ],
    ['on the next page', values, line(60, 258, '\\statisticssetup', 2), false],
    ['a block of one line: its size is the step', [values[0]!], line(350, 258, '\\statisticssetup'), true],
  ];
  for (const [name, block, l, want] of cases) test(name, () => assert.equal(offGridAfterBlank(block, l, 8), want));
});

test("pdfCodeBlocks: a verbatim block and an example under it, a blank between, off each other's grid: two blocks", () => {
  const blocks = pdfCodeBlocks(
    xmlFragments(
      xml([
        {
          fonts: FONTS,
          texts: [
            tt(100, 0, 'comb/style = ultra-thick,'),
            tt(120, 0, 'cumulative/style = %empty'),
            [155, 97, 200, 1, '\\statisticssetup[graph]{width=5cm}'],
            [175, 97, 200, 1, '\\StatsGraph \\facebook'],
          ],
        },
      ]),
    ),
  );
  assert.deepEqual(blocks, [
    'comb/style = ultra-thick,\ncumulative/style = %empty',
    '\\statisticssetup[graph]{width=5cm}\n\\StatsGraph \\facebook',
  ]);
});

describe('unmarked: marks over a line of code given line by line', () => {
  // A ConTeXt synopsis as pdftohtml hands it over: each argument, then its number over it and "OPT" under it.
  const f = (
    text: string,
    left: number,
    top: number,
    height: number,
    mono = true,
    width = text.length * (height / 2),
  ) => frag(left, width, text, mono, top, height);
  const synopsis = [
    f('\\definebtxdataset [...]', 106, 530, 15, true, 206),
    f('1', 286, 525, 9),
    f('[...]', 319, 530, 15, true, 45),
    f('2', 339, 525, 9),
    f('OPT', 333, 547, 9),
    f('[..,..=..,..]', 372, 530, 15, true, 116),
    f('3', 427, 525, 9),
    f('OPT', 422, 547, 9),
  ];
  const texts = (fs: readonly { text: string }[]) => fs.map((x) => x.text);
  const cases: [string, ReturnType<typeof f>[], string[]][] = [
    [
      'a synopsis: numbers, command, OPTs',
      [...synopsis, f('1 NAME', 106, 560, 12)],
      ['1', '2', '3', '\\definebtxdataset [...]', '[...]', '[..,..=..,..]', 'OPT', 'OPT', '1 NAME'],
    ],
    ['one mark: as handed over', synopsis.slice(0, 3), ['\\definebtxdataset [...]', '1', '[...]']],
    ['in a proportional face: as handed over', synopsis.map((x) => ({ ...x, mono: false })), texts(synopsis)],
    [
      'raised runs beside the code, not over it: as handed over',
      [f('x = y', 100, 500, 15), f('2', 140, 495, 9), f('+ z', 146, 500, 15), f('3', 170, 495, 9)],
      ['x = y', '2', '+ z', '3'],
    ],
  ];
  for (const [name, fragments, want] of cases) test(name, () => assert.deepEqual(texts(unmarked(fragments)), want));
});

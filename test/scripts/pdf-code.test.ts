import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { codeLine, monospacedFamily, pdfCodeBlocks, xmlFragments } from '../../scripts/quality/pdf-code.ts';

describe('monospacedFamily: the font names of typewriter faces', () => {
  const cases: [string, boolean][] = [
    ['PKEIRD+CMTT10', true],
    ['YTRJCX+CMSLTT10', true],
    ['SFJPCI+NimbusMonL-Regu', true],
    ['Courier', true],
    ['LMMono10-Regular', true],
    ['DejaVuSansMono', true],
    ['SourceCodePro-Regular', true],
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

/** pdftohtml -xml's shape: a page, its fonts, then one <text> per run of one font on a line. */
function xml(
  pages: {
    fonts: [number, string][];
    texts: [top: number, left: number, width: number, font: number, text: string][];
  }[],
): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<pdf2xml producer="poppler" version="22.12.0">'];
  pages.forEach((p, i) => {
    out.push(`<page number="${i + 1}" position="absolute" top="0" left="0" height="1262" width="892">`);
    for (const [id, family] of p.fonts)
      out.push(`\t<fontspec id="${id}" size="12" family="${family}" color="#000000"/>`);
    for (const [top, left, width, font, text] of p.texts)
      out.push(`<text top="${top}" left="${left}" width="${width}" height="14" font="${font}">${text}</text>`);
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
          texts: [tt(100, 0, 'one'), tt(120, 0, 'two'), prose(140, 'or'), tt(160, 0, 'three'), tt(180, 0, 'four')],
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
      'a gap of several lines ends a block',
      [{ fonts: FONTS, texts: [tt(100, 0, 'a'), tt(120, 0, 'b'), tt(300, 0, 'c'), tt(320, 0, 'd')] }],
      ['a\nb', 'c\nd'],
    ],
  ];
  for (const [name, pages, want] of cases)
    test(name, () => assert.deepEqual(pdfCodeBlocks(xmlFragments(xml(pages))), want));
});

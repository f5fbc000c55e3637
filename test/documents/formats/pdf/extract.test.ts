// extractPdf (src/documents/formats/pdf/extract.ts), its own steps on generated PDFs: the signature
// and decoded-size checks before pdf.js, the page count, the OCR report (pages left unread with
// OCR off), no text refused, headings and paragraphs out. (Real documents: fixtures, hard-shapes,
// pages and corpus tests beside this one.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bodyStyle,
  extractPdf,
  styleTally,
  lineSpacing,
  sizeSpacing,
  opensWithTerm,
  withoutNavigationTables,
  type PdfExtracted,
} from '../../../../src/documents/formats/pdf/extract.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import { DEFAULT_OCR } from '../../../../src/documents/ocr/options.ts';
import type { ExtractContext } from '../../../../src/documents/formats/format.ts';
import { bombPdf, makePdf, textPages } from '../../helpers/make-pdf.ts';
import type { DocumentBlock } from '../../../../src/documents/blocks.ts';

const OFF: ExtractContext = { ocr: { ...DEFAULT_OCR, mode: 'off' } };

const reads: { name: string; data: () => Uint8Array; check: (r: PdfExtracted) => void }[] = [
  {
    name: 'an indented note that opens with a term: its lines short of the margin run on in lower case',
    data: () =>
      makePdf({
        pages: [
          {
            runs: [
              {
                text: 'The grammar of the language follows, with its notation explained first, then the rules.',
                x: 72,
                y: 700,
              },
              { text: 'Notation: special symbols NEWLINE and INDENT mark the end', x: 100, y: 686 },
              { text: 'of a line and the beginning of an indented block.', x: 100, y: 672 },
            ],
          },
        ],
      }),
    check: (r) =>
      assert.deepEqual(
        r.blocks.map((b) => b.text),
        [
          'The grammar of the language follows, with its notation explained first, then the rules.',
          'Notation: special symbols NEWLINE and INDENT mark the end of a line and the beginning of an indented block.',
        ],
      ),
  },
  {
    name: "Texinfo's nested @itemize: an outer item's bullet left of the inner item's text starts an item of its own",
    data: () =>
      makePdf({
        pages: [
          {
            runs: [
              { text: 'Details of the command-line options of the program, as it reads them on start:', x: 72, y: 714 },
              {
                text: '\u2022 3 or higher show image reports histograms in bands of 4 units, instead',
                x: 90,
                y: 700,
              },
              { text: 'of the default 16 units.', x: 100, y: 686 },
              {
                text: '\u2022 -debug or -d Sets the built-in variable flag that you can use to isolate',
                x: 72,
                y: 672,
              },
              { text: 'blocks of code.', x: 82, y: 658 },
            ],
          },
        ],
      }),
    check: (r) =>
      assert.deepEqual(
        r.blocks.map((b) => b.text),
        [
          'Details of the command-line options of the program, as it reads them on start:',
          '\u2022 3 or higher show image reports histograms in bands of 4 units, instead of the default 16 units.',
          '\u2022 -debug or -d Sets the built-in variable flag that you can use to isolate blocks of code.',
        ],
      ),
  },
  {
    name: 'a narrow item whose next line happens to open with a word and a colon: it runs on',
    data: () =>
      makePdf({
        pages: [
          {
            runs: [
              { text: 'The axis commands set the range of each axis, and the labels drawn along it.', x: 72, y: 700 },
              { text: 'With labelled increments at each step; the increment has a different', x: 100, y: 686 },
              { text: 'meaning: it is the interval in decades between the labels on log axes.', x: 100, y: 672 },
            ],
          },
        ],
      }),
    check: (r) =>
      assert.deepEqual(
        r.blocks.map((b) => b.text),
        [
          'The axis commands set the range of each axis, and the labels drawn along it.',
          'With labelled increments at each step; the increment has a different meaning: it is the interval in decades between the labels on log axes.',
        ],
      ),
  },
  {
    name: 'a parameter list after a paragraph: one entry a line, though no entry ends with a full stop',
    data: () =>
      makePdf({
        pages: [
          {
            runs: [
              {
                text: 'This function imports the given private key into the abstract key type, and the',
                x: 72,
                y: 700,
              },
              { text: 'caller keeps the original key.', x: 72, y: 686 },
              { text: 'int import_key (privkey pkey, key key, unsigned int flags)', x: 72, y: 672 },
              { text: 'pkey: The private key', x: 72, y: 658 },
              { text: 'key: The private key to be imported', x: 72, y: 644 },
              { text: 'flags: Flags for the import', x: 72, y: 630 },
              {
                text: 'This function is a no-op in this version of the library, kept for compatibility',
                x: 72,
                y: 616,
              },
              { text: 'with programs written for the older interface, which still call it.', x: 72, y: 602 },
            ],
          },
        ],
      }),
    check: (r) =>
      assert.deepEqual(
        r.blocks.map((b) => b.text),
        [
          'This function imports the given private key into the abstract key type, and the caller keeps the original key.',
          'int import_key (privkey pkey, key key, unsigned int flags)',
          'pkey: The private key',
          'key: The private key to be imported',
          'flags: Flags for the import',
          'This function is a no-op in this version of the library, kept for compatibility with programs written for the older interface, which still call it.',
        ],
      ),
  },
  {
    name: 'one page of text: its paragraph, one page, no OCR',
    data: () => makePdf({ pages: textPages(['One paragraph of text on the page.']) }),
    check: (r) => {
      assert.deepEqual(
        r.blocks.map((b) => b.text),
        ['One paragraph of text on the page.'],
      );
      assert.deepEqual([r.pageCount, r.tocPages, r.ocr], [1, [], { pages: 0, skipped: 0 }]);
    },
  },
  {
    name: 'a heading in a larger bold font is a heading block',
    data: () => makePdf({ pages: textPages(['# 1 Scope', 'This policy covers leave for everyone.']) }),
    check: (r) =>
      assert.deepEqual(
        r.blocks.map((b) => [b.kind, b.text]),
        [
          ['heading', '1 Scope'],
          ['paragraph', 'This policy covers leave for everyone.'],
        ],
      ),
  },
  {
    name: 'a page without text, OCR off: counted as skipped',
    data: () => makePdf({ pages: [...textPages(['Words on the first page.']), { image: true }] }),
    check: (r) => assert.deepEqual([r.pageCount, r.ocr], [2, { pages: 0, skipped: 1 }]),
  },
  {
    name: 'a bare page number at the foot is furniture',
    data: () =>
      makePdf({
        pages: [
          {
            runs: [
              { text: 'Body text here.', x: 72, y: 700 },
              { text: '1', x: 300, y: 30 },
            ],
          },
        ],
      }),
    check: (r) =>
      assert.deepEqual(
        r.blocks.map((b) => b.text),
        ['Body text here.'],
      ),
  },
];

for (const c of reads) {
  test(`extractPdf: ${c.name}`, async () => {
    c.check(await extractPdf(c.data(), OFF));
  });
}

const refusals: { name: string; data: () => Uint8Array; ctx?: ExtractContext; code: string }[] = [
  { name: 'bytes without the PDF signature', data: () => new TextEncoder().encode('hello'), code: 'document_not_pdf' },
  {
    name: 'streams inflating past maxDecodedBytes',
    data: () => bombPdf(2 * 2 ** 20),
    ctx: { ...OFF, maxDecodedBytes: 2 ** 20 },
    code: 'document_too_large',
  },
  { name: 'only an image, OCR off', data: () => makePdf({ pages: [{ image: true }] }), code: 'document_no_text' },
  {
    name: 'only punctuation',
    data: () => makePdf({ pages: [{ runs: [{ text: '... --- ...', x: 72, y: 700 }] }] }),
    code: 'document_no_text',
  },
  {
    name: 'an encrypted PDF',
    data: () => makePdf({ pages: textPages(['Secret.']), encrypt: true }),
    code: 'document_encrypted',
  },
];

for (const c of refusals) {
  test(`extractPdf refuses ${c.name}: ${c.code}`, async () => {
    await assert.rejects(
      extractPdf(c.data(), c.ctx ?? OFF),
      (err: unknown) => err instanceof DocumentError && err.code === c.code,
    );
  });
}

test('withoutNavigationTables: a run of rows with two navigation cells goes; a data table and text stay', () => {
  const row = (text: string): DocumentBlock => ({
    kind: 'row',
    text,
    cells: text.split(' | ').map((t) => ({ text: t })),
  });
  const nav1 = row('Creating Tables');
  const nav2 = row('Prev | Chapter 3. Using dblatex | Next');
  const para: DocumentBlock = { kind: 'paragraph', text: 'Body text.' };
  const data1 = row('n | Next');
  const data2 = row('p | Prev');
  const foot1 = row('Prev | Up | Next');
  const foot2 = row('Figure Inclusion | Home | Correcting Poor Formatting');
  const nav = new Map<DocumentBlock, number>([
    [nav2, 2],
    [data1, 1],
    [foot1, 3],
    [foot2, 1],
  ]);
  assert.deepEqual(
    withoutNavigationTables([nav1, nav2, para, data1, data2, para, foot1, foot2], nav).map((b) => b.text),
    ['Body text.', 'n | Next', 'p | Prev', 'Body text.'],
  );
});

test('opensWithTerm: a term and its colon open the line', () => {
  const cases: [string, boolean][] = [
    ['key: The private key', true],
    ['Returns: On success, zero is returned.', true],
    ['key_size: the number of bytes', true],
    ['Since: 3.0', true],
    ['Überschrift: ein Eintrag', true],
    ['the key: it is held', false],
    ['10:30 the meeting starts', false],
    ['http://example.org is the address', false],
    ['key:value without a space', false],
    ['Note that the colon comes later: here', false],
    ['a_very_long_identifier_that_is_surely_no_term_at_all: x', false],
    ['', false],
  ];
  for (const [text, want] of cases) assert.equal(opensWithTerm(text), want, text);
});

test("lineSpacing: the step between lines; steps of overlapping lines (a formula's pieces) do not vote", () => {
  const at = (y: number, size = 10) => ({ y, size });
  const cases: { name: string; lines: { y: number; size: number }[]; want: number }[] = [
    { name: 'a page of prose', lines: [at(700), at(688), at(676), at(664)], want: 12 },
    {
      // Three steps of text at 12 against four steps of 8 between a sum's limits, its body and its number.
      name: 'prose and a display whose pieces stand 8 apart',
      lines: [at(700), at(688), at(676), at(668, 7), at(660), at(652, 7), at(644), at(632), at(620)],
      want: 12,
    },
    {
      // The text's own steps are few on a page of lists and displays: a step as long as the size votes.
      name: 'steps of 13.5 and 24.5 between 10 pt lines, none overlapping: the most common',
      lines: [at(700), at(686.5), at(662), at(648.5), at(624), at(610.5)],
      want: 13.5,
    },
    {
      name: 'every step overlaps (type set solid, 8 on 10 pt): every step votes',
      lines: [at(700), at(692), at(684), at(676)],
      want: 8,
    },
    { name: 'one line: the default', lines: [at(700)], want: 12 },
    {
      name: 'a 7 pt line 8 below a 10 pt line overlaps it (the larger size counts)',
      lines: [at(700), at(689), at(681, 7), at(673), at(665, 7), at(654), at(643)],
      want: 11,
    },
  ];
  for (const c of cases) assert.equal(lineSpacing(c.lines), c.want, c.name);
});

test('sizeSpacing: each type size near the body size its own line spacing, where three steps of its own lines say it', async (t) => {
  const run = (size: number, top: number, steps: number[]) => {
    const out = [{ y: top, size }];
    for (const s of steps) out.push({ y: out.at(-1)!.y - s, size });
    return out;
  };
  const office = [...run(12, 470, [16.5, 18.1, 16.5, 16.5]), ...run(10, 380, [11.6, 11.6, 11.6, 11.6, 11.6, 11.6])];
  const cases: [string, { y: number; size: number }[], number, [number, number][]][] = [
    ["an office suite's 12 pt prose over a 10 pt listing: the prose's own", office, 12, [[12, 16.5]]],
    ['the same page, body at 10 pt: the listing size only', office, 10, [[10, 11.5]]],
    [
      'sizes within half a point of the body: each its own',
      [...run(10.4, 700, [12, 12, 12]), ...run(9.6, 600, [11, 11, 11])],
      10,
      [
        [10.5, 12],
        [9.5, 11],
      ],
    ],
    ['a size a point off the body is not voted', run(11, 700, [13, 13, 13, 13]), 10, []],
    ['two steps say nothing', run(12, 700, [16.5, 16.5]), 12, []],
    [
      'steps between lines of two sizes do not vote',
      [...run(12, 700, [14]), ...run(9, 680, [10]), ...run(12, 660, [14])],
      12,
      [],
    ],
    ['overlapping pieces of a line do not vote', run(10, 700, [2, 12, 12, 12]), 10, [[10, 12]]],
    [
      'a page of one-line paragraphs: the leading under the skip (leadingUnderSkip)',
      run(12, 700, [24.5, 24.5, 24.5, 24.5, 12, 12, 24.5, 12, 24.5]),
      12,
      [[12, 12]],
    ],
  ];
  for (const [name, lines, near, want] of cases)
    await t.test(name, () => assert.deepEqual([...sizeSpacing(lines, near)].sort(), want.sort()));
});

test("bodyStyle: the body's font and size are its prose's, where prose is a fifth of the text or more", () => {
  const line = (text: string, font: string, size: number, mono = false) => ({ text, font, size, mono });
  const code = (n: number) =>
    Array.from({ length: n }, () => line('\\newcommand*\\subindex{\\luasubindex{general}}%', 'TT', 10, true));
  const prose = (n: number) =>
    Array.from({ length: n }, () => line('We do not only want to create an index, we also print it.', 'RM', 10.9));
  for (const [name, lines, want] of [
    ['prose only', prose(10), { font: 'RM', size: 11 }],
    ['prose over code', [...prose(10), ...code(5)], { font: 'RM', size: 11 }],
    // luaindex: two thirds of its characters are its listings'.
    ['code outweighing its prose', [...prose(10), ...code(25)], { font: 'RM', size: 11 }],
    // A listing printed whole, a caption or two: its body is the code's.
    ['code, a line of prose', [line('Listing 1.', 'RM', 10.9), ...code(40)], { font: 'TT', size: 10 }],
    ['nothing', [], { font: '', size: 10 }],
  ] as const)
    assert.deepEqual(bodyStyle(styleTally(lines, false), styleTally(lines, true)), want, name);
});

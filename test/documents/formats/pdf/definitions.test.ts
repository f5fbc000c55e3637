import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentBlock } from '../../../../src/documents/blocks.ts';
import { isDefinitionLine, joinWrappedDefinitions } from '../../../../src/documents/formats/pdf/definitions.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { DEFAULT_OCR } from '../../../../src/documents/ocr/options.ts';
import { makePdf, type TextRun } from '../../helpers/make-pdf.ts';

const para = (text: string, page = 1): DocumentBlock => ({ kind: 'paragraph', text, page });

test('joinWrappedDefinitions: a wrapped Texinfo definition line is made whole', async (t) => {
  const cases: [string, DocumentBlock[], string[]][] = [
    [
      'continuation on a line of its own',
      [
        para('int idn2_to_ascii_8z (const char * input, char ** output, int [Function]'),
        para('flags)'),
        para('input: zero terminated input UTF-8 string.'),
      ],
      [
        'int idn2_to_ascii_8z (const char * input, char ** output, int flags) [Function]',
        'input: zero terminated input UTF-8 string.',
      ],
    ],
    [
      'continuation run into the description',
      [
        para('gcry_error_t gcry_err_make (gcry err source t source, [Function]'),
        para('gcry err code t code) The static inline function returns.'),
      ],
      [
        'gcry_error_t gcry_err_make (gcry err source t source, gcry err code t code) [Function]',
        'The static inline function returns.',
      ],
    ],
    [
      'continuation over two lines',
      [
        para('void set_handler (alloc t [Function]'),
        para('func_alloc, alloc t func_secure,'),
        para('free t func_free)'),
        para('Install the functions.'),
      ],
      [
        'void set_handler (alloc t func_alloc, alloc t func_secure, free t func_free) [Function]',
        'Install the functions.',
      ],
    ],
    [
      'a macro whose arguments hold brackets; a two-word category',
      [
        para('AM_PATH_LIBGCRYPT ([minimum-version], [action-if-found], [Macro]'),
        para('[action-if-not-found])'),
        para('gcry_err_code_t [Data type]'),
      ],
      [
        'AM_PATH_LIBGCRYPT ([minimum-version], [action-if-found], [action-if-not-found]) [Macro]',
        'gcry_err_code_t [Data type]',
      ],
    ],
    [
      'the rest of the closing line opens the next wrapped definition',
      [
        para('int mul_2ui (mpfr t rop, [Function]'),
        para('mpfr rnd t rnd) int mul_2si (mpfr t rop, [Function]'),
        para('mpfr rnd t rnd)'),
        para('Set rop.'),
      ],
      [
        'int mul_2ui (mpfr t rop, mpfr rnd t rnd) [Function]',
        'int mul_2si (mpfr t rop, mpfr rnd t rnd) [Function]',
        'Set rop.',
      ],
    ],
    [
      'a whole signature stays as it is',
      [para('int gcry_fips_mode_active (void) [Function]'), para('Returns true (1) if active.')],
      ['int gcry_fips_mode_active (void) [Function]', 'Returns true (1) if active.'],
    ],
    [
      'the signature wraps before its bracket opens',
      [
        para('gcry_error_t gcry_err_make_from_errno [Function]'),
        para('(gcry err source t source, int err) The function is like.'),
      ],
      ['gcry_error_t gcry_err_make_from_errno [Function]', '(gcry err source t source, int err) The function is like.'],
    ],
    [
      'brackets that never close in reach: unchanged',
      [para('int f (a, [Function]'), para('b, c,'), para('d, e,'), para('f, g,'), para('h)')],
      ['int f (a, [Function]', 'b, c,', 'd, e,', 'f, g,', 'h)'],
    ],
    [
      'the next line on another page: unchanged',
      [para('int f (a, [Function]', 1), para('b)', 2)],
      ['int f (a, [Function]', 'b)'],
    ],
    [
      'the closing line turns onto the next page after the signature (nettle, mpfr)',
      [
        para('void cfb8_decrypt (const void *ctx, size_t [Function]', 45),
        {
          kind: 'paragraph',
          text: 'block_size, const uint8_t *src) Applies the function f in CFB8 mode.',
          page: 45,
          pageTurns: [{ after: 30, page: 46 }],
        },
      ],
      [
        'void cfb8_decrypt (const void *ctx, size_t block_size, const uint8_t *src) [Function]',
        'Applies the function f in CFB8 mode.',
      ],
    ],
    [
      'the signature itself crosses the page: unchanged',
      [
        para('int f (a, [Function]', 1),
        { kind: 'paragraph', text: 'b, c) Sets f.', page: 1, pageTurns: [{ after: 1, page: 2 }] },
      ],
      ['int f (a, [Function]', 'b, c) Sets f.'],
    ],
    [
      'a middle line that turns the page: unchanged',
      [
        para('int f (a, [Function]', 1),
        { kind: 'paragraph', text: 'b, c,', page: 1, pageTurns: [{ after: 1, page: 2 }] },
        para('d) Sets f.', 2),
      ],
      ['int f (a, [Function]', 'b, c,', 'd) Sets f.'],
    ],
    [
      'prose that ends with a bracketed word is no definition',
      [para('See the manual (chapter 3, [Introduction]'), para('for more.')],
      ['See the manual (chapter 3, [Introduction]', 'for more.'],
    ],
    [
      'a heading after it is not taken',
      [para('int f (a, [Function]'), { kind: 'heading', text: '2.3 Other (x)', page: 1 }],
      ['int f (a, [Function]', '2.3 Other (x)'],
    ],
  ];
  for (const [name, blocks, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        joinWrappedDefinitions(blocks).map((b) => b.text),
        want,
      ),
    );
});

test('joinWrappedDefinitions: what stays of a closing line is on the page it starts on', () => {
  const out = joinWrappedDefinitions([
    para('int mpfr_rootn_ui (mpfr_t rop, unsigned long int n, [Function]', 26),
    {
      kind: 'paragraph',
      text: 'mpfr_rnd_t rnd) int mpfr_rootn_si (mpfr_t rop, long int n, mpfr_rnd_t rnd) [Function] Set rop.',
      page: 26,
      pageTurns: [
        { after: 11, page: 27 },
        { after: 40, page: 28 },
      ],
    },
  ]);
  assert.deepEqual(out, [
    {
      kind: 'paragraph',
      text: 'int mpfr_rootn_ui (mpfr_t rop, unsigned long int n, mpfr_rnd_t rnd) [Function]',
      page: 26,
    },
    {
      kind: 'paragraph',
      text: 'int mpfr_rootn_si (mpfr_t rop, long int n, mpfr_rnd_t rnd) [Function] Set rop.',
      page: 27,
      pageTurns: [{ after: 29, page: 28 }],
    },
  ]);
});

test("isDefinitionLine: a category set apart as the line's last piece", () => {
  const piece = (text: string, x: number) => ({ text, x, xEnd: x + text.length * 5 });
  const cases: [string, { pieces?: { text: string; x: number; xEnd: number }[] }, boolean][] = [
    ['signature and category', { pieces: [piece('int f (int x)', 60), piece('[Function]', 480)] }, true],
    ['two-word category', { pieces: [piece('gcry_err_code_t', 60), piece('[Data type]', 470)] }, true],
    ['wrapped signature', { pieces: [piece('int f (int x,', 60), piece('[Macro]', 490)] }, true],
    ['no pieces (no wide gap)', {}, false],
    ['one piece', { pieces: [piece('see [Knuth]', 60)] }, false],
    ['citation after a gap, lower case', { pieces: [piece('as shown in', 60), piece('[see below]', 300)] }, false],
    ['a table cell that is no category', { pieces: [piece('verbose', 60), piece('[no] or [yes]', 300)] }, false],
  ];
  for (const [name, l, want] of cases) assert.equal(isDefinitionLine(l), want, name);
});

test('a PDF of Texinfo definition lines: each its own paragraph, a wrapped one made whole, no table', async () => {
  const runs: TextRun[] = [
    { text: 'These functions assign new values.', x: 60, y: 740 },
    { text: 'int set_ui (rop_t rop, unsigned long int op, rnd_t rnd)', x: 60, y: 716 },
    { text: '[Function]', x: 480, y: 716 },
    { text: 'int set_si (rop_t rop, long int op, rnd_t rnd)', x: 60, y: 702 },
    { text: '[Function]', x: 480, y: 702 },
    { text: 'int set_decimal128 (rop_t rop, Decimal128 op,', x: 60, y: 688 },
    { text: '[Function]', x: 480, y: 688 },
    { text: 'rnd_t rnd)', x: 90, y: 674 },
    { text: 'int set_z (rop_t rop, mpz_t op, rnd_t rnd)', x: 60, y: 660 },
    { text: '[Function]', x: 480, y: 660 },
    { text: 'Set the value of rop from op, rounded toward the given direction rnd.', x: 80, y: 640 },
  ];
  const r = await extractPdf(makePdf({ pages: [{ runs }] }), { ocr: { ...DEFAULT_OCR, mode: 'off' } });
  assert.deepEqual(
    r.blocks.map((b) => [b.kind, b.text]),
    [
      ['paragraph', 'These functions assign new values.'],
      ['paragraph', 'int set_ui (rop_t rop, unsigned long int op, rnd_t rnd) [Function]'],
      ['paragraph', 'int set_si (rop_t rop, long int op, rnd_t rnd) [Function]'],
      ['paragraph', 'int set_decimal128 (rop_t rop, Decimal128 op, rnd_t rnd) [Function]'],
      ['paragraph', 'int set_z (rop_t rop, mpz_t op, rnd_t rnd) [Function]'],
      ['paragraph', 'Set the value of rop from op, rounded toward the given direction rnd.'],
    ],
  );
});

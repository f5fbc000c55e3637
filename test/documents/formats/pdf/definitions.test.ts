import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentBlock } from '../../../../src/documents/blocks.ts';
import { joinWrappedDefinitions } from '../../../../src/documents/formats/pdf/definitions.ts';

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

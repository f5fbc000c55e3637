// The retrieval measure of scripts/quality/retrieval.ts (a table per function, one test per case)
// and the questions file it reads (scripts/quality/questions.json).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { ChunkLike } from '../../scripts/quality/measures.ts';
import {
  answerAt,
  bm25Ranker,
  holdsAnswer,
  normalizeSpan,
  type Question,
  retrieval,
} from '../../scripts/quality/retrieval.ts';

const chunk = (content: string, section = ''): ChunkLike => ({ content, section });

describe('normalizeSpan', () => {
  const cases: [string, string, string][] = [
    ['case and runs of whitespace', 'Round  toward\n\tZERO', 'round toward zero'],
    ['table bars read as spaces', '| ledger | 1224 x 792 |', 'ledger 1224 x 792'],
    ['no space beside punctuation', 'int ind ;  char blankscr [ ] = " \\t";', 'int ind;char blankscr[]="\\t";'],
    ['typographic quotes, minus and ellipsis folded', '‘‘.*’’ “a” −1 words …', "''.*''\"a\"-1 words..."],
    ['ligatures spelled out', 'con\uFB01guration', 'configuration'],
    ['a space between two words stays', 'does not', 'does not'],
  ];
  for (const [name, input, want] of cases) test(name, () => assert.equal(normalizeSpan(input), want));
  test('a glued word does not match its spaced form', () =>
    assert.equal(normalizeSpan('environmentnow').includes(normalizeSpan('environment now')), false));
});

describe('bm25Ranker', () => {
  const chunks = [
    chunk('The exponent range is changed with mpfr_set_emin and mpfr_set_emax.', 'Exponents'),
    chunk('MPFR_RNDN round to nearest. MPFR_RNDZ round toward zero. MPFR_RNDA round away from zero.', 'Rounding'),
    chunk('Install the command line tool with npm install -g marked.', 'Installation'),
    chunk(
      'Rounding is discussed at length in this long chunk, which says many other things about precision, ' +
        'exponents, special values, signed zeros, infinities, NaN, the flags and the ternary value.',
      'Precision',
    ),
  ];
  const rank = bm25Ranker(chunks);
  const cases: [string, string, number[]][] = [
    ['a term found in one chunk only ranks that chunk alone', 'emax', [0]],
    ['the chunk holding more of the query terms comes first', 'round toward zero', [1]],
    ['a term no chunk holds: nothing ranked', 'kubernetes', []],
    ['case and punctuation of the query set aside', 'NPM Install?', [2]],
    ['the section label counts as text of the chunk', 'installation', [2]],
    ['the same term once: the shorter chunk ranks above the longer one', 'exponents', [0, 3]],
  ];
  for (const [name, query, want] of cases)
    test(name, () => assert.deepEqual(rank(query).slice(0, want.length || undefined), want));
});

describe('retrieval', () => {
  // Six chunks: a paper-size table kept whole in chunk 0, and five chunks that all mention paper
  // without the table.
  const filler = (n: number) =>
    chunk(`Paper handling note ${n}: the paper tray, paper feed and paper jams of the printer.`, 'Printing');
  const chunks = [
    chunk('Paper sizes\n| Name | Points |\n| ledger | 1224 x 792 |\n| legal | 612 x 1008 |', 'Appendix'),
    filler(1),
    filler(2),
    filler(3),
    filler(4),
    filler(5),
  ];
  const shredded = [
    chunk('| Name | ledger | legal |', 'Appendix'),
    chunk('| Points | 1224 x 792 | 612 x 1008 |', 'Appendix'),
  ];
  const q = (question: string, answer: string | string[]): Question => ({ q: question, answer, kind: 'table-row' });
  const cases: {
    name: string;
    chunks: ChunkLike[];
    questions: Question[];
    k?: number;
    want: { found: number; misses: { rank: number | null; held: boolean }[] };
  }[] = [
    {
      name: 'the answer in the best-ranked chunk: found',
      chunks,
      questions: [q('What is the size of ledger paper in points?', 'LEDGER  1224 x 792')],
      want: { found: 100, misses: [] },
    },
    {
      name: 'a table read by column: the cells are held apart, no chunk holds the row',
      chunks: shredded,
      questions: [q('What is the size of ledger paper in points?', 'ledger 1224 x 792')],
      want: { found: 0, misses: [{ rank: null, held: false }] },
    },
    {
      name: 'held but ranked under k: a miss with its rank',
      chunks,
      questions: [q('Which paper tray feed jams?', '1224 x 792')],
      k: 1,
      want: { found: 0, misses: [{ rank: 6, held: true }] },
    },
    {
      name: 'held by a chunk the query does not match at all: a miss without rank',
      chunks,
      questions: [q('How do I clear a printer jam?', 'legal 612 x 1008')],
      want: { found: 0, misses: [{ rank: null, held: true }] },
    },
    {
      name: 'the share of the questions answered',
      chunks,
      questions: [
        q('ledger paper size in points', '1224 x 792'),
        q('legal paper size in points', '612 x 1008'),
        q('tabloid paper size', '792 x 1224'),
      ],
      want: { found: 66.7, misses: [{ rank: null, held: false }] },
    },
    {
      name: 'an answer of several spans: a chunk holding any one of them holds it',
      chunks,
      questions: [q('ledger paper size in points', ['ledger 17 x 11 inches', '1224 x 792'])],
      want: { found: 100, misses: [] },
    },
    {
      name: 'an answer of several spans, none in a chunk: not held',
      chunks,
      questions: [q('ledger paper size in points', ['ledger 17 x 11 inches', 'ledger 1224 by 792'])],
      want: { found: 0, misses: [{ rank: null, held: false }] },
    },
    { name: 'no question: 100 by convention', chunks, questions: [], want: { found: 100, misses: [] } },
  ];
  for (const c of cases)
    test(c.name, () => {
      const got = retrieval(c.chunks, c.questions, c.k);
      assert.equal(got.questions, c.questions.length);
      assert.equal(got.found, c.want.found);
      assert.deepEqual(
        got.misses.map((m) => ({ rank: m.rank, held: m.held })),
        c.want.misses,
      );
    });
});

describe('questions.json', () => {
  const file = JSON.parse(readFileSync(new URL('../../scripts/quality/questions.json', import.meta.url), 'utf8')) as {
    comment: string;
    documents: Record<string, Question[]>;
  };
  const sources = JSON.parse(readFileSync(new URL('../../scripts/corpus/sources.json', import.meta.url), 'utf8')) as {
    documents: { id: string }[];
  };
  test('says how the questions were chosen', () => assert.ok(file.comment.length > 200));
  test('three questions for every corpus document, and no other document', () => {
    assert.deepEqual(Object.keys(file.documents).sort(), sources.documents.map((d) => d.id).sort());
    for (const [id, qs] of Object.entries(file.documents)) assert.equal(qs.length, 3, id);
  });
  test('every question has a kind, and its answer is not copied into the question', () => {
    for (const [id, qs] of Object.entries(file.documents))
      for (const x of qs) {
        assert.ok(['table-row', 'column', 'code', 'prose'].includes(x.kind), `${id}: ${x.kind}`);
        const spans = typeof x.answer === 'string' ? [x.answer] : x.answer;
        assert.ok(spans.length >= 1, `${id}: ${x.q}`);
        for (const a of spans) {
          assert.ok(x.q.trim().length > 10 && normalizeSpan(a).length >= 6, `${id}: ${x.q}`);
          assert.equal(normalizeSpan(x.q).includes(normalizeSpan(a)), false, `${id}: ${x.q}`);
        }
      }
  });
  // Answers of several spans (the tenth pass, retr10): each place of the document that answers the
  // question, quoted as pdftotext / pandoc read it, holds one of the spans. A span narrowed back or
  // dropped fails here.
  const places: [string, string, string[]][] = [
    [
      'texlive-it',
      'Come costringo',
      [
        // 3.3, the table of install-tl's options (the first span, as chosen from the row)
        '-no-gui Costringe all’uso dell’installatore testuale.',
        // 3.1.3, installing on Windows
        'Per installare in modalità testuale, usate:\n> install-tl-windows -no-gui',
        // 1, the introduction's summary of the installer
        'L’installatore opererà in modalità grafica dando l’opzione -gui (pre-\ndefinita per Windows e Mac OS X), o in modalità testuale -gui=text (predefinita per tutto il\nresto).',
      ],
    ],
    [
      'texlive-it-html',
      'Come costringo',
      [
        '-no-gui\n    Costringe all’uso dell’installatore testuale.',
        '> install-tl-windows -no-gui',
        'o in modalità testuale -gui=text (predefinita per tutto il resto).',
      ],
    ],
    [
      'raptor-refman',
      'default k-mer size',
      [
        // 9.3's attribute list, and the source of build_arguments.hpp (10.4)
        '• uint8_t kmer_size {20u}',
        '23     uint8_t kmer_size{20u};',
        // 9.3.1.13, the member's documentation
        '9.3.1.13 kmer_size\nuint8_t raptor::build_arguments::kmer_size {20u}',
      ],
    ],
    [
      'raptor-refman',
      'data_layout_mode_ template parameter',
      [
        // 9.9.1, the class's template parameter table (the first span, as chosen)
        'data_layout_←-     Indicates whether the underlying data type is compressed. See',
        // 9.9's attribute list: the static attribute the class defines as the parameter (the eleventh pass, retr11)
        '• static constexpr seqan3::data_layout data_layout_mode = data_layout_mode_\n           Indicates whether the Interleaved Bloom Filter is compressed.',
        // 9.9.7.1, that attribute's member documentation
        'mode_ >::data_layout_mode = data_layout_mode_ [static], [constexpr]\n\n\nIndicates whether the Interleaved Bloom Filter is compressed.',
      ],
    ],
    [
      'reportlab-guide',
      'page compression',
      [
        // 2.6 Other canvas methods
        'canvas.setPageCompression(onoff=1)',
        // 2.2 More about the Canvas, on the constructor's pageCompression argument
        'If output size is important set pageCompression=1, but remember that, compressed documents',
      ],
    ],
    [
      'mpfr',
      'print an mpfr_t with 128 digits',
      [
        // 5.9.2 Format String, the third of its examples (the first span, as chosen)
        'mpfr_printf ("%.128Rf", x);\nmpfr_printf ("%.128RNf", x);\nmpfr_printf ("%.128R*f", MPFR_RNDN, x);',
        // 5.8 Input and Output Functions (the twentieth pass, retr20): the output function takes the
        // digits and the rounding mode as arguments. Quoted as the page draws it (pdftotext reads
        // TeX's underscores as gaps, "size t n, mpfr t op").
        'size_t mpfr_out_str (FILE *stream, int base, size_t n, mpfr_t op, mpfr_rnd_t rnd) [Function]\nOutput op on stream stream as a text string in base |base|, rounded in the direction rnd.',
      ],
    ],
    [
      'dblatex-manual',
      'columns 1 and 3',
      [
        // 4.8.7.2 Local Setting: the example (the first span, as chosen)
        '<informaltable><?dblatex table-width="autowidth.column: 1 3"?>',
        // 4.8.7.2, the rule the example applies, and the reference page of the dblatex table-width
        // processing instruction (B.4), which states it again (retr20)
        'In addition to these keywords, table.width can also take for its value keywords of the form autowidth.column:                  N\n..., where N is the number of the column (counting from 1) which is to have its width automatically sized.',
      ],
    ],
  ];
  for (const [id, words, passages] of places)
    test(`${id}: every place that answers "${words}" holds one of its spans`, () => {
      const question = file.documents[id]!.find((x) => x.q.includes(words));
      assert.ok(question, `${id}: ${words}`);
      for (const p of passages) assert.ok(holdsAnswer(normalizeSpan(p), question.answer), `${id}: ${p}`);
      assert.equal(answerAt([0], [normalizeSpan(passages.at(-1)!)], question.answer), 0);
    });
  test('dblatex-manual: the autowidth rule of segmentedlists is no answer for a table', () => {
    const question = file.documents['dblatex-manual']!.find((x) => x.q.includes('columns 1 and 3'))!;
    // B.5, the dblatex autowidth processing instruction (segmentedlist tables only)
    const p =
      'In addition to these keywords, autowidth can also take for its value keywords of the form column: N ..., where N is the\nnumber of the column (counting from 1) which is to have its width automatically sized.';
    assert.equal(holdsAnswer(normalizeSpan(p), question.answer), false);
  });
  test("raptor-refman: the attribute's text counts only where it is tied to the template parameter", () => {
    const question = file.documents['raptor-refman']!.find((x) =>
      x.q.includes('data_layout_mode_ template parameter'),
    )!;
    // The sentence alone, or beside another definition (raptor_index's data_layout_mode is defined from
    // its data type, data_t::data_layout_mode, in 9.16), says nothing of this parameter.
    for (const p of [
      'Indicates whether the Interleaved Bloom Filter is compressed.',
      '• static constexpr seqan3::data_layout data_layout_mode = data_t::data_layout_mode\nIndicates whether the Interleaved Bloom Filter is compressed.',
    ])
      assert.equal(holdsAnswer(normalizeSpan(p), question.answer), false, p);
  });
});

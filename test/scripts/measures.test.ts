// The chunk-quality measures of scripts/quality/measures.ts and scripts/quality/pandoc-structure.ts:
// one table per measure, one test per case.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  historyEntries,
  historyEntryEnds,
  indexMaterial,
  indexTailLines,
  withoutIndexTail,
  proseBreaks,
  opensWithTypewriterTerm,
  typewriterTerms,
  badLabelKind,
  buildReference,
  captionLine,
  chunkEnd,
  chunkEnds,
  codeLineVariants,
  labelLine,
  codeKept,
  missedCode,
  sameCodeLine,
  EITHER_BLANK,
  dedent,
  numberedCode,
  endIndex,
  listingLengths,
  fittingBlocks,
  expandTabs,
  dehyphenate,
  glyphCodeSpelling,
  gluedScripts,
  gluedWords,
  hyphenLeftovers,
  isListingLine,
  listingBody,
  joinedTexLogo,
  bigOperatorSpelling,
  numberedFooters,
  framedHeads,
  negationSpelling,
  closingQuoteYs,
  withoutDrawingGlyphs,
  boxesWithoutDrawingGlyphs,
  figurePageReadings,
  chartLabelReadings,
  joinedAcrossPages,
  twoPartHeads,
  headRows,
  headRowLines,
  withoutHeadRows,
  scriptCounts,
  titleSpelling,
  listingLines,
  disorderRuns,
  lostRuns,
  midWordCuts,
  normalizeLabel,
  overlayRepeats,
  printedCode,
  printedCounts,
  readingOrder,
  sectionLabels,
  sentenceEnds,
  sizesInRange,
  slideLabels,
  deckSections,
  slideLengths,
  slideMixes,
  slideReading,
  tableRowsIntact,
  unreadableReading,
  withoutRunningLines,
  sectionMarks,
  headingBelow,
  strayNumbers,
  layoutRowPairs,
  doubledAtEdge,
  wordsAsRead,
  words,
  type ChunkLike,
  type EndKind,
  type EndReference,
  type PagedChunk,
} from '../../scripts/quality/measures.ts';
import {
  isInPageHref,
  pandocStructure,
  plainText,
  rowReading,
  withRowSpans,
  withoutChrome,
  withoutImages,
  withoutListings,
} from '../../scripts/quality/pandoc-structure.ts';

const chunk = (content: string, section = ''): ChunkLike => ({ content, section });
const REF =
  'The quick brown fox jumps over the lazy dog. Then the dog sleeps under the old tree.\n' +
  'A well-known impleme-\nntation reads every line in order.';

describe('words and dehyphenate', () => {
  const cases: [string, string, string[]][] = [
    ['ligatures spelled out, lower case', 'E\uFB03cient Flow', ['efficient', 'flow']],
    ['accents kept, NFD composed', 'Cafe\u0301 déjà', ['café', 'déjà']],
    ['soft hyphen removed', 'hy\u00ADphen', ['hyphen']],
    ['line-end hyphen joined before lower case', dehyphenate('impleme-\nntation'), ['implementation']],
    ['line-end hyphen kept before upper case', dehyphenate('Jean-\nPaul'), ['jean', 'paul']],
    ['a combining mark on nothing is no word', 'X \u0338= X', ['x', 'x']],
    ['a mark after its letter stays in its word', 'X\u0338 a\u0301b', ['x\u0338', 'áb']],
    ["TeX's copyright sign is poppler's c", 'Copyright \u00A9 1992', ['copyright', 'c', '1992']],
    ['so is the sign read as its circle and its c', 'Copyright \u00A9c 1992 c\u00A9', ['copyright', 'c', '1992', 'c']],
    [
      "a spacing tilde and circumflex (poppler's reading of groff's ~ and ^) are the signs typed: no words",
      '\u02DC/.bashrc \u02C6C ~/.profile',
      ['bashrc', 'c', 'profile'],
    ],
    [
      // numprint: cm-super's old-style figures and small capitals, which pdftotext reads at the
      // Adobe Glyph List's private-use points ("oneoldstyle", "Asmall").
      'old-style figures and small capitals in the private use area are the digits and letters drawn',
      'Section \uF731.\uF732 \uF76E\uF775\uF76D\uF770\uF772\uF769\uF76E\uF774',
      ['section', '1', '2', 'numprint'],
    ],
  ];
  for (const [name, input, want] of cases) test(name, () => assert.deepEqual(words(input), want));
});

describe('readingOrder', () => {
  const ref = buildReference(REF);
  const cases: [string, string[], { order: number; coverage: number }][] = [
    [
      'the reference itself, hyphens joined: all 4-grams, full coverage',
      [dehyphenate(REF)],
      { order: 100, coverage: 100 },
    ],
    [
      'words in reference order, split across chunks',
      ['The quick brown fox jumps over the lazy dog.', 'Then the dog sleeps under the old tree.'],
      { order: 100, coverage: 65.4 },
    ],
    [
      'two lines swapped mid-sentence',
      ['The quick brown dog sleeps under fox jumps over'],
      { order: 0, coverage: 34.6 },
    ],
    [
      'joined line-end hyphen still matches',
      ['A well-known implementation reads every line'],
      { order: 100, coverage: 26.9 },
    ],
    ['dropping text cannot score: order 100, coverage low', ['the quick brown fox'], { order: 100, coverage: 15.4 }],
    ['no 4-gram at all: order 100 by convention', ['fox'], { order: 100, coverage: 3.8 }],
  ];
  test("a table's header row repeated at the top of a chunk: its join with the next row is no order error", () => {
    const table = buildReference('Name | Size\nalpha beta gamma | 1\ndelta epsilon zeta | 2');
    const first = 'Name | Size\nalpha beta gamma | 1';
    // The header repeated above the second row: in order; the same line never seen before, or
    // a line that is no row, is scored with the text after it.
    assert.equal(readingOrder([first, 'Name | Size\ndelta epsilon zeta | 2'], table).order, 100);
    assert.equal(readingOrder(['x', 'Name | Size\ndelta epsilon zeta | 2'], table).order < 100, true);
    const prose = buildReference('Intro words here\nalpha beta gamma delta\nthen epsilon zeta eta theta');
    assert.equal(
      readingOrder(['Intro words here\nalpha beta gamma delta', 'Intro words here\nthen epsilon zeta eta'], prose)
        .order < 100,
      true,
    );
  });
  test('contents lines of the reference do not count in coverage', () =>
    assert.deepEqual(readingOrder(['Intro text here.'], buildReference('1 Intro . . . . . 3\nIntro text here.')), {
      order: 100,
      coverage: 100,
      grams: 0,
    }));
  test('a title page then the text, the contents page between them left out, is in order', () => {
    const paged = [
      'Using the Build System\nby Jane Doe\n2017 Free Software Foundation',
      'Contents\n1 Overview . . . . . 3\n2 Installing . . . . . 5\n3 Testing . . . . . 9',
      'Using the Build System\nThis is a quick overview of the build.',
    ].join('\n\f');
    const cut = readingOrder(['2017 Free Software Foundation Using the Build System'], buildReference(paged));
    const spliced = readingOrder(['2017 Free Software Foundation This is a quick'], buildReference(paged));
    assert.deepEqual([cut.order, spliced.order], [100, 40]);
  });
  for (const [name, texts, want] of cases)
    test(name, () => {
      const got = readingOrder(texts, ref);
      assert.deepEqual({ order: got.order, coverage: got.coverage }, want);
    });
});

describe('glyphCodeSpelling: angle brackets as a reader without their glyph names spells them', () => {
  const cases: [string, string, string | undefined][] = [
    [
      'a LaTeX syntax line, brackets glued',
      '\\SetSectionFormatting[〈flagi〉]{〈nazwa〉}',
      '\\SetSectionFormatting[hflagii]{hnazwai}',
    ],
    ['a CWEB module name, brackets spaced', '〈 Hlavičkové soubory 3 〉 ≡', 'h Hlavičkové soubory 3 i ≡'],
    ['the mathematical brackets', '⟨x, y⟩', 'hx, yi'],
    ['the deprecated pair', '\u2329a\u232A', 'hai'],
    ['no bracket: nothing to spell', 'plain text <b>', undefined],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.equal(glyphCodeSpelling(text), want));
});

describe("glyphCodeSpelling: a callout's circled number as poppler spells lcircle10's circle", () => {
  const vocab = new Set(['tr', 'bgcolor', 'blue', '7v', '1y', '2y', '3y', '4e', '4y', '1']);
  const cases: [string, string, ReadonlySet<string> | undefined, string | undefined][] = [
    ['the letter the reference has after the number', '<tr bgcolor="blue" ⑦>', vocab, '<tr bgcolor="blue" 7v>'],
    ['another circle size, another letter', 'CompleteMulti: 0 ①[1] ②[2]', vocab, 'CompleteMulti: 0 1y[1] 2y[2]'],
    ['a number the reference has with no letter stays circled', 'see ⑤', vocab, undefined],
    ['without the reference words, nothing to spell', '<tr ⑦>', undefined, undefined],
    ['with the angle brackets', '〈x〉 ⑦', vocab, 'hxi 7v'],
    ["the circle's letter is the one most numbers have, not an ordinal's (4e)", 'x ④', vocab, 'x 4y'],
    [
      "a callout list's item: the circle read apart, before its number",
      '① The cell borders\n  ② The title',
      vocab,
      'y 1 The cell borders\n  y 2 The title',
    ],
  ];
  for (const [name, text, words, want] of cases) test(name, () => assert.equal(glyphCodeSpelling(text, words), want));
  test('order and coverage: the callout in the code line is in order and found', () => {
    const ref = buildReference('<xsl:param name="co-tagin" select="1"/> 1v\n<xsl:param name="rnode" select="2"/> 2v\n');
    const got = readingOrder(
      ['<xsl:param name="co-tagin" select="1"/> ①\n<xsl:param name="rnode" select="2"/> ②'],
      ref,
    );
    assert.deepEqual([got.order, got.coverage], [100, 100]);
  });
});

describe('wordsAsRead and readingOrder: the spelling the reference reads', () => {
  // pdftotext, without cmsy's glyph names, reads ⟨ and ⟩ as "h" and "i".
  const poppler = buildReference('Usage: \\SetSectionFormatting[hflagii]{hnazwai} sets the heading format of a level.');
  // A reference that knows the glyphs (a pdfTeX file with ToUnicode maps) has no letters there.
  const unicode = buildReference(
    'Usage: \\SetSectionFormatting[〈flagi〉]{〈nazwa〉} sets the heading format of a level.',
  );
  const text = 'Usage: \\SetSectionFormatting[〈flagi〉]{〈nazwa〉} sets the heading format of a level.';
  const cases: [string, ReturnType<typeof buildReference>, string, number][] = [
    ['read as poppler spells it', poppler, text, 100],
    ['read as written where the reference has the brackets', unicode, text, 100],
    // A spelling is only a spelling: text out of order stays out of order either way.
    [
      'out of order either way',
      poppler,
      'Usage: sets the heading \\SetSectionFormatting[〈flagi〉]{〈nazwa〉} format of a level.',
      12.5,
    ],
  ];
  for (const [name, ref, t, want] of cases)
    test(name, () => {
      const got = readingOrder([t], ref);
      // Coverage too: the reference's "hflagii" is found, not lost.
      assert.deepEqual([got.order, got.coverage], [want, 100]);
    });
  test('the words chosen are the spelling the reference has', () => {
    assert.deepEqual(wordsAsRead(text, poppler).slice(1, 4), ['setsectionformatting', 'hflagii', 'hnazwai']);
    assert.deepEqual(wordsAsRead(text, unicode).slice(1, 4), ['setsectionformatting', 'flagi', 'nazwa']);
  });
});

describe('gluedScripts: a raised number against its word, as pdftotext writes it', () => {
  const vocab = new Set(['e', 'mc2', 'x2', 'sublinhado2', 'chapter']);
  const cases: [string, string[], string[] | undefined][] = [
    ['a superscript the reference glues', ['e', 'mc', '2', 'holds'], ['e', 'mc2', 'holds']],
    ['a footnote mark', ['sublinhado', '2', 'e'], ['sublinhado2', 'e']],
    ['a number the reference has apart stays apart', ['chapter', '2', 'begins'], undefined],
    ['two in one text', ['x', '2', 'and', 'mc', '2'], ['x2', 'and', 'mc2']],
    ['a number after a number is no script', ['1', '2'], undefined],
  ];
  for (const [name, ws, want] of cases) test(name, () => assert.deepEqual(gluedScripts(ws, vocab), want));
  test("given the reference's 4-grams, only where the glued word reads in them", () => {
    const grams = new Set(['the speed c1 is']);
    const inRef = (g: string) => grams.has(g);
    const v = new Set(['c1']);
    assert.deepEqual(gluedScripts(['the', 'speed', 'c', '1', 'is'], v, inRef), ['the', 'speed', 'c1', 'is']);
    assert.equal(gluedScripts(['option', 'c', '1', 'sets', 'it'], v, inRef), undefined);
  });
  test('a script of letters, only where a 4-gram of the reference reads it glued', () => {
    // A reference card: pdftotext glues a_k, b_k, t^k and x_n to their bases.
    const grams = new Set(['ak bk tk from', 'c x xn powers', 'closure f up to', 'f up to xk']);
    const inRef = (g: string) => grams.has(g);
    const v = new Set(['ak', 'bk', 'tk', 'xn', 'xk', 'at', 'be']);
    assert.deepEqual(gluedScripts(['a', 'k', 'b', 'k', 't', 'k', 'from'], v, inRef), ['ak', 'bk', 'tk', 'from']);
    assert.deepEqual(gluedScripts(['c', 'x', 'x', 'n', 'powers'], v, inRef), ['c', 'x', 'xn', 'powers']);
    assert.deepEqual(gluedScripts(['f', 'up', 'to', 'x', 'k'], v, inRef), ['f', 'up', 'to', 'xk']);
    // Two words of the text the reference has glued elsewhere ("at", "be") stay apart here.
    assert.equal(gluedScripts(['point', 'a', 't', 'the', 'top'], v, inRef), undefined);
    assert.equal(gluedScripts(['let', 'b', 'e', 'the', 'base'], v, inRef), undefined);
    // Without the reference's 4-grams (coverage's word counts), only numbers are glued.
    assert.equal(gluedScripts(['a', 'k', 'b', 'k', 't', 'k', 'from'], v), undefined);
    // A base of three letters or more is a word, not a symbol.
    assert.equal(
      gluedScripts(['den', 'k', 'from'], new Set(['denk']), () => true),
      undefined,
    );
  });
  test('order: the spelling with the most 4-grams in the reference is read', () => {
    const ref = buildReference('Einstein wrote that E = mc2 holds for a body at rest, and so on.');
    assert.equal(readingOrder(['Einstein wrote that E = mc 2 holds for a body at rest, and so on.'], ref).order, 100);
  });
});

describe('unreadableReading: a reference that is noise, not text', () => {
  const prose = 'Ce document explique comment utiliser les graphiques importés. '.repeat(30);
  const code = 'if (status != 0) { fprintf(stderr, "cannot open %s\\n", name); return EXIT_FAILURE; }\n'.repeat(30);
  const noise = '!"#$ %&\'()*+,-*./0123 405*267%) 4&)1 8#"9 :#8 ;#<=>88 ?@ A89 B8 '.repeat(30);
  const cases: [string, string, boolean][] = [
    ['prose', prose, false],
    ['a code listing', code, false],
    ['Latin-1 soup of fonts without a Unicode map', noise, true],
    ['too short to judge', noise.slice(0, 200), false],
    ['empty (a scan: judged against its born-digital twin)', '', false],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.equal(unreadableReading(text), want));
});

describe('isListingLine', () => {
  const cases: [string, string, boolean][] = [
    ['dot leaders to a page', 'Introduction . . . . . . . . . 3', true],
    ['tight dot leaders to a roman page', 'Preface.........xii', true],
    ['index entry with pages', 'vector, 12, 45–47', true],
    ['numbered contents entry', '2.3 Reading the input 17', true],
    ['appendix contents entry', 'A.1 Options 104', true],
    ['a sentence ending in a number', 'The answer to this question is 42.', false],
    ['a sentence without final stop ending in a year', 'It was released in the year 1999', false],
    ['a code line', 'set xrange [0:10]', false],
    ['a heading without page', '2.3 Reading the input', false],
    ['a date is no index entry', 'last updated August 17, 2021', false],
    ['dot leaders to a page list (Texinfo index)', 'interactive shell . . . . . . . . . . . . 93, 94', true],
    ['dot leaders to a page range', 'arrays . . . . . . . . 100–102', true],
    ['a bibliography entry ending in its year', 'Companion. Longman : Addison-Wesley, 1997', false],
    ['an author and year', 'Vincent Goulet, 2020', false],
    ['an index entry with pages that look like years is one when there are several', 'glibc, 1994, 1998', true],
    ['an index entry of a LaTeX command', '\\usepackage, 12, 23, 26', true],
    ["an index entry of a predicate, name/arity (a Prolog manual's)", 'put byte/2, 102', true],
    ['an index entry of a predicate with several pages', 'read/2, 103, 107, 116, 117', true],
    ['a term ending in a number otherwise is no entry', 'Volume 2, 1994', false],
    ['an index entry of an option', '--comment, 24, 24', true],
    ['an index entry of an operator predicate', '(=..)/2, 60', true],
    ['an index entry of an operator predicate with a comma and a note', '(’,’)/2 (FD), 191', true],
    ['an index entry of a sign predicate', '!/0, 51, 52', true],
    ['an index entry of a quoted operator', '’.’/2, 152', true],
    ['a fraction is no operator entry', '(3)/2, 4', false],
    ['arithmetic in code is no entry', 'x = (a+b)/2, 4', false],
    ['a negative number list is no entry', '-1, 0, 1', false],
    ['a fraction in a sentence is no entry', 'the ratio is about 1/2, 3 times more', false],
    [
      'a long leader whose page number went to another line',
      'Espaçamento em modo Matemático . . . . . . . . . . .',
      true,
    ],
    ['an ellipsis ending a sentence', 'como a, b, c, . . .', false],
    ['a name and an ellipsis', 'Como o XFig, Gnuplot, Gimp, Xara X. . . . . .', false],
    ['the dots of a matrix', 'f2 a21 a22 . . . a2n . . . . . . . . .', false],
    ['LaTeX source of an index entry', '\\index{complexidade} complexidade, 10', false],
    ['a long leader after a question mark', 'What about DB2LaTeX? . . . . . . . . . . . . . . .', true],
    ["a long leader after a Doxygen member's brackets", '7.1.1.1 build_from_files() . . . . . . . . . . . . .', true],
    ['a long leader after a bracketed overload', 'load_index() [1/3] . . . . . . . . . . . . . . . .', true],
    ['a long leader without a word of three letters (a matrix row)', 'x1 (a2) . . . . . . . . . . .', false],
    [
      "a matrix's dots after prose in one line",
      'tiene la siguiente forma: c1 c2 . . . cn := f1 a11 a12 . . . a1n f2 a21 a22 . . . a2n . . . . . . . . .',
      false,
    ],
  ];
  for (const [name, line, want] of cases) test(name, () => assert.equal(isListingLine(line), want));
});

describe('sectionMarks', () => {
  // Doxygen's pages: the section's numbered heading over every later page of the section, a page number beside it.
  const body = (w: string) => [`Text about ${w} goes here.`, `More about ${w}.`, 'And more.', 'Still more.'];
  const cases: [string, string[][], string[]][] = [
    [
      'the heading repeated over the next pages of its section is a mark',
      [
        ['9.2 raptor::bin_validator Class Reference', ...body('a'), '42'],
        ['9.2 raptor::bin_validator Class Reference', '43', ...body('b')],
        ['9.2 raptor::bin_validator Class Reference', ...body('c'), '44'],
      ],
      ['1:0', '2:0'],
    ],
    [
      'a page without a page number at an edge has none',
      [
        ['9.2 Title of two', ...body('a'), '42'],
        ['9.2 Title of two', ...body('b')],
      ],
      [],
    ],
    [
      'a section starting at the top of a page after its contents entry stays',
      [
        ['Contents', '9.1 First part', '9.2 Second part', '9.3 Third part', 'i'],
        ['9.1 First part', ...body('a'), '1'],
        ['9.2 Second part', ...body('b'), '2'],
      ],
      [],
    ],
    [
      'a subsection between the heading and the mark does not hide it (another depth)',
      [
        ['9.3 build_arguments Struct Reference', '9.3.1 Member Data', ...body('a'), '45'],
        ['9.3 build_arguments Struct Reference', '9.3.1.4 bits', ...body('b'), '46'],
      ],
      ['1:0'],
    ],
    [
      'an unnumbered line repeated is no mark (the repetition count judges it)',
      [
        ['Class Documentation', ...body('a'), '1'],
        ['Class Documentation', ...body('b'), '2'],
      ],
      [],
    ],
    [
      'the next section at the top of a page is no mark of the last',
      [
        ['9.2 Second part', ...body('a'), '2'],
        ['9.3 Third part', ...body('b'), '3'],
      ],
      [],
    ],
    [
      // raptor-refman pages 33-35: pdftotext reads the heading's number apart from its title.
      'the heading read with its number on a line of its own is the mark it repeats',
      [
        ['7.1', 'raptor Namespace Reference', ...body('a'), '15'],
        ['7.1 raptor Namespace Reference', ...body('b'), '16'],
      ],
      ['1:0'],
    ],
    [
      'so is one whose title wraps',
      [
        ['9.4', 'build_data< mode > Struct Template', 'Reference', ...body('a'), '47'],
        ['9.4 build_data< mode > Struct Template Reference', ...body('b'), '48'],
      ],
      ['1:0'],
    ],
    [
      'a split heading of another section at the top of the next page is no mark',
      [
        ['9.1', 'First part', ...body('a'), '1'],
        ['9.2', 'Second part', ...body('b'), '2'],
      ],
      [],
    ],
    [
      // raptor-refman page 51: the page number "33" read among the text's first lines.
      'a head naming the section below it, the page number read inside the page, is a mark',
      [
        ['7.4 a Namespace Reference', ...body('a'), '32'],
        [
          '7.5 logspace Namespace Reference',
          '7.4.1',
          'Typedef Documentation',
          '33',
          ...body('b'),
          '7.5',
          'logspace Namespace Reference',
          ...body('c'),
        ],
      ],
      ['1:0'],
    ],
    [
      'without a page number on the page it stays',
      [
        ['7.4 a Namespace Reference', ...body('a'), '32'],
        [
          '7.5 logspace Namespace Reference',
          '7.4.1',
          'Typedef Documentation',
          ...body('b'),
          '7.5',
          'logspace Namespace Reference',
          ...body('c'),
        ],
      ],
      [],
    ],
    [
      // raptor-refman page 189: the head names 10.151, which starts lower on the page, its number read on a line of its own.
      'a head naming the section that starts lower on its page is a mark',
      [
        ['10.150 a.cpp File Reference', ...body('a'), '170'],
        [
          '10.151 b.cpp File Reference',
          '171',
          'Functions',
          '• int a (int x)',
          '10.151',
          'b.cpp File Reference',
          ...body('b'),
        ],
      ],
      ['1:0'],
    ],
    [
      // raptor-refman page 121: a listing's licence lines under the head, repeated in the next listing.
      "a listing's numbered line under the head, repeated lower on the page, is no mark",
      [
        ['10.14 a.hpp', ...body('a'), '120'],
        [
          '10.15 b.hpp File Reference',
          '4 // This file may be used under the terms',
          '5 // shipped with this file',
          ...body('b'),
          '4 // This file may be used under the terms',
          '5 // shipped with this file',
          ...body('c'),
          '121',
        ],
      ],
      [],
    ],
    [
      'a section whose heading stands once, at the top of its page, stays',
      [
        ['10.150 a.cpp File Reference', ...body('a'), '170'],
        ['10.151 b.cpp File Reference', '171', 'Functions', '• int a (int x)', ...body('b')],
      ],
      [],
    ],
  ];
  for (const [name, pages, want] of cases) test(name, () => assert.deepEqual([...sectionMarks(pages, 3)].sort(), want));
  test('withoutRunningLines drops a section mark', () =>
    assert.equal(
      withoutRunningLines(
        [
          ['9.2 X Class Reference', 'Text one.', 'Text two.', 'Text three.', '42'],
          ['9.2 X Class Reference', '43', 'Text four.', 'Text five.', 'Text six.'],
        ]
          .map((p) => p.join('\n'))
          .join('\f'),
      ),
      ['9.2 X Class Reference\nText one.\nText two.\nText three.', 'Text four.\nText five.\nText six.'].join('\f'),
    ));
});

describe('headingBelow', () => {
  const foot = ['Last line of text.', 'Generated by Doxygen', '172'];
  const cases: [string, string[], number, boolean][] = [
    [
      'words in a row over two lines, a page number between',
      ['10.151 b.cpp File Reference', '171', 'Text.', '10.151', 'b.cpp File Reference', ...foot],
      0,
      true,
    ],
    ['the heading once on its page', ['10.151 b.cpp File Reference', '171', 'Text.', 'More text.', ...foot], 0, false],
    ['its words below but not in a row', ['3 Usage', 'Text.', '3 ways of', 'Usage notes', ...foot], 0, false],
    [
      // why3 page 29: the heading opens the page, Sphinx's mark stands in the foot.
      'its words again in the foot (a mark there)',
      [
        'Why3 Documentation, Release 1.5.1',
        '3.5 Problem 4: N-Queens',
        'Text.',
        'More text.',
        '3.5. Problem 4: N-Queens',
        '23',
      ],
      1,
      false,
    ],
    ['a number alone is no heading', ['3', 'Text.', '3'], 0, false],
    [
      // groff-mom-pdf page 4: a heading at the page's top, named again by a cross-reference.
      'a cross-reference naming the heading inside a line',
      [
        '3.1. Creating destination points at headings',
        'Text.',
        'is elsewhere (see “3.1. Creating destination',
        'points at headings”) and more.',
        ...foot,
      ],
      0,
      false,
    ],
  ];
  for (const [name, page, i, want] of cases) test(name, () => assert.equal(headingBelow(page, i), want));
});

describe('layoutRowPairs', () => {
  const pairs = (layout: string) => [...layoutRowPairs(layout)].map(([a, b]) => [a, [...b]]);
  const cases: [string, string, (string | string[])[][]][] = [
    [
      'successive lines of cells: each to the next',
      ['a1     b1     c1', '', 'a2     b2     c2', 'a3     b3     c3'].join('\n'),
      [
        ['a1 b1 c1', ['a2 b2 c2']],
        ['a2 b2 c2', ['a3 b3 c3']],
      ],
    ],
    [
      'a line of one cell (running text) pairs with nothing',
      ['a1     b1', 'Some text in one run.', 'a2     b2'].join('\n'),
      [],
    ],
    ['no pair over a page break', ['a1     b1', '\fa2     b2'].join('\n'), []],
    [
      // glpk's solution report: a record's second line set under its fourth column.
      "a line hanging under the line before's cells continues its row",
      [
        '   2 YIELD    NS    2000.0    BIN3',
        '                    -.01    2014.0    CU',
        '   3 FE       NU    60.0      BIN4',
      ].join('\n'),
      [['01 2014 0 cu', ['3 fe nu 60 0 bin4']]],
    ],
  ];
  for (const [name, layout, want] of cases) test(name, () => assert.deepEqual(pairs(layout), want));
});

describe('strayNumbers', () => {
  const body = (w: string) => [
    `Text about ${w} goes here.`,
    `More about ${w}.`,
    `And more on ${w}.`,
    `Still more on ${w}.`,
  ];
  // Doxygen: the page number in the head (page index + 148), a listing's numbered blank line at one page's foot.
  const doxygen = [0, 1, 2, 3].map((n) => [
    'File Documentation',
    String(149 + n),
    ...body('abcd'[n]!),
    ...(n === 1 ? ['25 }', '26'] : []),
  ]);
  const cases: [string, string[][], string[]][] = [
    ['a numbered blank line beside the page number, off its sequence', doxygen, ['1:7']],
    [
      'one bare number on a page stays a page number, on the sequence or not',
      doxygen.map((p, n) => (n === 1 ? p.filter((l) => l !== String(150)) : p)),
      [],
    ],
    [
      // texlive-it: the running head "1 INTRODUZIONE 3" read as three lines.
      "a chapter's number beside the page number in the head stays furniture",
      [0, 1, 2, 3].map((n) => [String(1 + (n >> 1)), 'INTRODUZIONE', String(3 + n), ...body('abcd'[n]!)]),
      [],
    ],
    [
      // freefem: a footnote's mark on its own line above the page number.
      "a footnote's mark beside the page number at the foot stays as it was",
      [0, 1, 2, 3].map((n) => [...body('abcd'[n]!), ...(n === 2 ? ['1', 'http://www.cygwin.com'] : []), String(6 + n)]),
      [],
    ],
    [
      "a chapter's number alone in the head of its pages, the page number in the foot: furniture",
      [0, 1, 2, 3].map((n) => ['3', ...body('abcd'[n]!), String(40 + n)]),
      [],
    ],
    [
      'two bare numbers, neither on a sequence: both stay page numbers',
      [0, 1, 2, 3].map((n) => [String(7 * n * n), ...body('abcd'[n]!), String(5 * n * n + 1)]),
      [],
    ],
    [
      'two bare numbers both on sequences (a page count beside the page number) both go',
      [0, 1, 2, 3].map((n) => [String(n + 1), ...body('abcd'[n]!), String(n + 10)]),
      [],
    ],
  ];
  for (const [name, pages, want] of cases) test(name, () => assert.deepEqual([...strayNumbers(pages, 3)].sort(), want));
  test('withoutRunningLines keeps the numbered blank line, drops the page number', () =>
    assert.equal(
      withoutRunningLines(doxygen.map((p) => p.join('\n')).join('\f')).split('\f')[1],
      [...body('b'), '25 }', '26'].join('\n'),
    ));
});

describe('withoutRunningLines', () => {
  const names = ['', 'alpha', 'beta', 'gamma', 'delta'];
  const text = (n: number) => [
    `The ${names[n]} page begins.`,
    `It goes on about ${names[n]}.`,
    'A third line.',
    `And a fourth one on ${names[n]}.`,
  ];
  const page = (n: number) => ['GNU Coding Standards', '', ...text(n), `Chapter 3: Design ${n}`, String(n)];
  // Four lines of a page's own text, from line `k` on.
  const own = (n: number, k: number) =>
    [0, 1, 2, 3].map((i) => `Line ${'abcdefgh'[k + i]} of page ${'abcdefghijklmnopqrstuvwx'[n - 1]} goes on.`);
  const paged = [1, 2, 3, 4].map((n) => page(n).join('\n')).join('\f');
  const cases: [string, string, string][] = [
    [
      'running header, chapter footer and page number of every page go',
      paged,
      [1, 2, 3, 4].map((n) => ['', ...text(n)].join('\n')).join('\f'),
    ],
    [
      "a running header third from the page's edge (a heading's number and a marker printed first), a page count",
      [1, 2, 3, 4]
        .map((n) =>
          [
            `9.${n}.1`,
            'Class Documentation',
            ...text(n),
            '(continues on next page)',
            'Generated by Doxygen',
            `${n} / 127`,
          ].join('\n'),
        )
        .join('\f'),
      [1, 2, 3, 4].map((n) => [`9.${n}.1`, ...text(n)].join('\n')).join('\f'),
    ],
    [
      'a running header at the edge of 5 pages of 24, which pdftotext reads inside one more, goes',
      Array.from({ length: 24 }, (_, i) => i + 1)
        .map((n) =>
          (n <= 5
            ? ['File Documentation', ...own(n, 0)]
            : n === 6
              ? [...own(n, 0), 'File Documentation', ...own(n, 4)]
              : own(n, 0)
          ).join('\n'),
        )
        .join('\f'),
      Array.from({ length: 24 }, (_, i) => i + 1)
        .map((n) => (n === 6 ? [...own(n, 0), 'File Documentation', ...own(n, 4)] : own(n, 0)).join('\n'))
        .join('\f'),
    ],
    [
      "a man page's header, its name on both sides (read as three lines), goes whole",
      [1, 2, 3, 4]
        .map((n) => ['BASH(1)', 'General Commands Manual', 'BASH(1)', ...text(n), 'GNU Bash 5.2', String(n)].join('\n'))
        .join('\f'),
      [1, 2, 3, 4].map((n) => text(n).join('\n')).join('\f'),
    ],
    [
      'a line twice at an edge of one page only, of a shape that runs once elsewhere: goes once',
      [1, 2, 3, 4]
        .map((n) => (n === 2 ? ['Manual', 'Manual', ...own(n, 0)] : ['Manual', ...own(n, 0)]).join('\n'))
        .join('\f'),
      [1, 2, 3, 4].map((n) => (n === 2 ? ['Manual', ...own(n, 0)] : own(n, 0)).join('\n')).join('\f'),
    ],
    [
      "a page number with a dash before it (LaTeX News' '–2') goes, an option at a page's edge stays",
      ['First page text.', 'It ends here.', '–1'].join('\n') +
        '\f' +
        ['-v', 'Second page text.', 'It ends here.', '–2'].join('\n'),
      ['First page text.', 'It ends here.'].join('\n') + '\f' + ['-v', 'Second page text.', 'It ends here.'].join('\n'),
    ],
    ['text without pages is unchanged', 'A line.\nAnother line.', 'A line.\nAnother line.'],
    [
      'a line repeated on two pages only stays',
      ['Title', 'Body one.', 'Body two.'].join('\n') + '\f' + ['Title', 'Body three.', 'Body four.'].join('\n'),
      ['Title', 'Body one.', 'Body two.'].join('\n') + '\f' + ['Title', 'Body three.', 'Body four.'].join('\n'),
    ],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.equal(withoutRunningLines(text), want));
  // groff's ms: the running head in capitals, the title on the cover and the first page of text as written.
  const ms = (title: string) =>
    [
      ['Using the Build System', 'by', 'Jane Doe', '', '2017 Free Software Foundation'],
      [title, 'by', 'Jane Doe', '', 'This is a quick overview.'],
      ...['two', 'three', 'four'].map((n) => [
        'Jane Doe',
        '',
        'USING THE BUILD SYSTEM',
        '',
        ...['first', 'second', 'third', 'fourth', 'last'].map((l) => `The ${l} line of page ${n}.`),
        `-${n.length}-`,
      ]),
    ]
      .map((p) => p.join('\n'))
      .join('\f');
  test("the title spelt otherwise than the capitals' running head stays on the cover and the first page", () =>
    assert.deepEqual(
      withoutRunningLines(ms('Using the Build System'))
        .split('\f')
        .map((p) => p.split('\n').filter((l) => l.trim())[0]),
      [
        'Using the Build System',
        'Using the Build System',
        'The first line of page two.',
        'The first line of page three.',
        'The first line of page four.',
      ],
    ));
  test('spelt as the running head, it goes with it', () =>
    assert.equal(withoutRunningLines(ms('USING THE BUILD SYSTEM')).split('\f')[1]!.split('\n')[0], 'by'));
});

describe('titleSpelling: a running shape spelt as a title', () => {
  const spelt = new Map([
    ['USING AUTOMAKE', 9],
    ['Using Automake', 2],
    ['Jane Doe', 11],
    ['Chapter #: Intro', 3],
    ['CHAPTER #: INTRO', 3],
  ]);
  const cases: [string, string, boolean][] = [
    ['another case on two pages, the head on nine: a title', 'Using Automake', true],
    ['the running spelling itself', 'USING AUTOMAKE', false],
    ['a shape with one spelling only', 'Jane Doe', false],
    ['two spellings each on three pages: both running (odd and even heads)', 'Chapter #: Intro', false],
    ['a spelling never seen with a running one', 'Other Title', false],
  ];
  for (const [name, spelling, want] of cases) test(name, () => assert.equal(titleSpelling(spelling, spelt), want));
});

describe('listingBody: a reference page without its contents or index lines', () => {
  const prose = Array.from({ length: 6 }, (_, i) => `Line ${i + 1} of the page's text goes on as prose does here.`);
  const cases: [string, string[], string[]][] = [
    [
      'pdftotext reads section numbers and index letters apart from their entries',
      [
        'Table of Contents',
        '1',
        '1.1',
        'Introduction . . . . . . . 1',
        'What is Bash? . . . . . . 1',
        'What is a shell? . . . . . . 1',
        'Definitions . . . . . . . 3',
        'B',
        'bind . . . . . 56',
      ],
      [],
    ],
    [
      'prose on a listing page stays',
      [
        'Index',
        'alias . . . . . 55',
        'bind . . . . . 56',
        'cd . . . . . 49',
        'If you have Invariant Sections without Cover Texts, merge those two alternatives.',
      ],
      ['If you have Invariant Sections without Cover Texts, merge those two alternatives.'],
    ],
    [
      'a contents box inside a page, leaders without their numbers',
      [
        'The 2022-11 release of LATEX is largely a consolidation release.',
        '',
        'Code improvements',
        'Support for slanted small caps in the EC fonts',
        'EC sans serif at small sizes . . . . . . . . . . .',
        '.fd files . . . . . . . . . . . . . . . . . . .',
        'Detect nested minipage environments . . . . .',
        '',
        'It was therefore necessary to provide sub-encodings.',
      ],
      [
        'The 2022-11 release of LATEX is largely a consolidation release.',
        '',
        '',
        'It was therefore necessary to provide sub-encodings.',
      ],
    ],
    [
      "a contents box's page numbers, printed apart from its entries, go with it",
      [
        'LATEX News',
        'Issue 34, November 2021',
        '',
        'Hook business',
        'Provide \\ActivateGenericHook . . . . . . . .',
        'Some file hooks made one-time . . . . . . . . .',
        '',
        '1',
        '1',
        '2',
        '',
        'The release has 12 changes.',
        '',
        '12',
      ],
      ['LATEX News', 'Issue 34, November 2021', '', '', '', 'The release has 12 changes.', ''],
    ],
    [
      'a section of a contents box over one wrapped entry, its leader on the last line',
      [
        'New or improved commands',
        'Better language handling for case-changing',
        'commands . . . . . . . . . . . . . . . . . .',
        '',
        'Then a paragraph of text',
        'that goes on.',
      ],
      ['', 'Then a paragraph of text', 'that goes on.'],
    ],
    [
      'a contents page whose numbers pdftotext prints on lines of their own',
      [
        'Auto Multiple Choice',
        '',
        'v',
        '',
        '5 Source au format LaTeX',
        '',
        '14',
        '',
        '5.1 Un exemple simple . . . . . . . . . . . . . . . .',
        '',
        '14',
        '',
        '5.2 Un exemple avec groupes . . . . . . . . . . . . .',
        '',
        '16',
        '',
        '5.4.1 Options du paquet',
        '',
        '5.4.2 Description d’une copie . . . . . . . . . . . .',
        '',
        '22',
      ],
      [],
    ],
    [
      "a contents box's title block and a leader cut to two dots go with the box",
      [
        'LATEX News',
        'Issue 34, November 2021',
        '',
        'Contents',
        'Introduction',
        '',
        '1',
        '',
        'Changes to packages in the tools category',
        'array: No \\mathsurround around a tabular . .',
        'longtable: Improvements after a section heading',
        'multicol: Better column break control . . . . .',
        'varioref: Improved handling of missing labels .',
        '',
        'Introduction',
        'This release of LATEX does not contain any major changes.',
      ],
      [
        'LATEX News',
        'Issue 34, November 2021',
        '',
        '',
        '',
        '',
        'Introduction',
        'This release of LATEX does not contain any major changes.',
      ],
    ],
    [
      'an index pdftotext reads as a term line over each scope line',
      [
        'correction_filename',
        'raptor::build_arguments, 45',
        'raptor::threshold, 35',
        'hibf',
        'counting_agent_type',
        'raptor::hibf::build_data< data_layout_mode >, 48',
        'raptor::hierarchical_interleaved_bloom_filter<',
        'data_layout_mode_ >::counting_agent_type< value_t >, 52',
        'create_ibfs_from_chopper_pack',
      ],
      [],
    ],
    [
      'a page of short lines with a few index-like lines is no index when they are under a third',
      ['Options:', 'width, 3', 'height, 4', 'depth, 5', 'colour', 'style', 'weight', 'shape', 'size', 'kind'],
      ['Options:', 'colour', 'style', 'weight', 'shape', 'size', 'kind'],
    ],
    [
      'entries without leaders, each over its number block, on a page with a box',
      [
        'Document metadata interface',
        '',
        '1',
        '',
        'New or improved commands',
        'Floating point and integer calculations . . . . .',
        'Testing for (nearly) empty arguments . . . . .',
        '',
        '3',
        '3',
        '',
        'A heading over text',
        'The text of the page goes on here.',
      ],
      ['', '', '', '', 'A heading over text', 'The text of the page goes on here.'],
    ],
    [
      "groff's contents: leader dots a line each, entries whose leaders and numbers went apart",
      [
        'Table of Contents',
        '1. Introduction .',
        '.',
        '.',
        '.',
        '1',
        '2. Exploiting PDF Document Features',
        '2.1. The pdfmark Operator . . . . . . . . . . . . . . . . .',
        '2.2. Selecting an Initial Document View . . . . . . . . . . .',
        '2.3. Adding Document Identification Meta-Data . . . . . . . .',
        '2.4.1. A Basic Document Outline . . . . . . . . . .',
        '2.5. Adding Reference Marks and Links .',
        '2.5.6. Problematic Links .',
        '3. PDF Document Layout',
        '3',
        '4',
      ],
      [],
    ],
    [
      'a body page with numbered headings and a few leader lines is no listing page',
      [
        '2.1. Scope',
        'The first section says what the manual covers and why.',
        '2.2. Terms',
        'The second one defines the words it uses, one by one.',
        'See . . . . . . . . . . . . . . 3',
        'And . . . . . . . . . . . . . . 4',
        'Then . . . . . . . . . . . . . . 5',
        'Also . . . . . . . . . . . . . . 6',
        ...prose,
      ],
      [
        '2.1. Scope',
        'The first section says what the manual covers and why.',
        '2.2. Terms',
        'The second one defines the words it uses, one by one.',
        ...prose,
      ],
    ],
    [
      'a body page keeps a block under a contents title when there is no box',
      ['Contents', 'Introduction', '', 'The values are all here.'],
      ['Contents', 'Introduction', '', 'The values are all here.'],
    ],
    [
      'a body page keeps its bare numbers',
      ['The values are:', '', '12', '13', '', 'and so on.'],
      ['The values are:', '', '12', '13', '', 'and so on.'],
    ],
    [
      'a body page keeps its short lines',
      [
        '3.1 Shell Syntax',
        'When the shell reads input, it proceeds through a sequence.',
        'alias . . . . . 55',
        'Options',
      ],
      ['3.1 Shell Syntax', 'When the shell reads input, it proceeds through a sequence.', 'Options'],
    ],
  ];
  for (const [name, lines, want] of cases) test(name, () => assert.deepEqual(listingBody(lines), want));
});

describe('listingLines', () => {
  const cases: [string, string, number][] = [
    ['a leader line counts alone', 'Text.\nIntroduction . . . . . 3\nMore text.', 1],
    ['an index line counts alone', 'Text.\nvector, 12, 45\nMore text.', 1],
    ['a numbered heading ending in a number alone is not counted', 'Text.\n12.2.1 Screenshot 1\nMore text.', 0],
    ['three numbered entries in a run count', '1 Intro 1\n2 Usage 4\n3 Options 9\nText.', 3],
    [
      'an index line under a line of index source is the example of a makeidx lesson',
      'No texto composto\n\\index{complexidade!definição} complexidade\ndefinição, 22\nObservação: o index.',
      0,
    ],
    ['index lines under prose still count', 'The index:\nvector, 12\nmatrix, 14', 2],
  ];
  for (const [name, text, want] of cases)
    test(name, () => assert.equal(listingLines([{ content: text, section: '' }]).length, want));
});

describe('gluedWords', () => {
  const ref = buildReference('the quick brown fox reads data files into memory');
  const cases: [string, string, string[]][] = [
    ['two reference words glued', 'the quickbrown fox', ['quickbrown']],
    ['glued word with accents counted', 'readsdata', ['readsdata']],
    ['reference words alone', 'the quick brown fox', []],
    ['unknown word that does not split', 'zebra', []],
    ['short tokens ignored', 'thefox', ['thefox']],
    ['tokens with digits ignored', 'file2memory', []],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.deepEqual(gluedWords([chunk(text)], ref), want));
  test('a word in angle brackets the reference spells h...i is no glue', () => {
    // verse.sty's \newarray{〈arrayname〉}: pdftotext reads harraynamei, and has array and name apart.
    const meta = buildReference('newarray harraynamei defines the array whose name is given');
    assert.deepEqual(gluedWords([chunk('\\newarray{〈arrayname〉}')], meta), []);
    assert.deepEqual(gluedWords([chunk('the arrayname')], buildReference('the array whose name is given')), [
      'arrayname',
    ]);
  });
  test('a part of a compound the reference joins whole is no glue', () => {
    const de = buildReference('zur Verwaltung von DebianEntwicklereigenschaften, die Entwickler und Eigenschaften');
    assert.deepEqual(gluedWords([chunk('von Debian-Entwicklereigenschaften')], de), []);
    assert.deepEqual(gluedWords([chunk('von Entwicklereigenschaften')], de), ['entwicklereigenschaften']);
  });
  test("a word the document's own pages print as a word is no glue, whatever the reference", () => {
    const source = buildReference('the previous step: go to a pic of it');
    assert.deepEqual(gluedWords([chunk('Previous topic')], source), ['topic']);
    assert.deepEqual(gluedWords([chunk('Previous topic')], source, new Set(['previous', 'topic'])), []);
    // a glue the pages print apart is still one
    assert.deepEqual(gluedWords([chunk('Previousstep')], source, new Set(['previous', 'step'])), ['previousstep']);
  });
  test('a word the reference breaks at a line end, another line between its halves, is no glue', () => {
    const page = buildReference('source colors. For de-\n\nArtifex Software Inc.\n\n6\n\ntailed override control');
    assert.deepEqual(gluedWords([chunk('For detailed override control')], page), []);
    // the halves must end and start lines: "colors" + "override" is still a glue
    assert.deepEqual(gluedWords([chunk('colorsoverride')], page), ['colorsoverride']);
  });
});

describe('hyphenLeftovers: a document that hyphenates no word', () => {
  test('its line-end hyphens are compounds (groff with hyphenation off, an office PDF)', () => {
    const ref = buildReference('add meta-\ndata and co-\nordinates, the meta-data, vice-versa');
    assert.equal(ref.hyphenates, false);
    assert.deepEqual(hyphenLeftovers([chunk('add meta-data and co-ordinates')], ref), []);
  });
  test('a document that breaks a word it writes whole hyphenates: its leftovers count', () => {
    const ref = buildReference('an impor-\ntant rule, the meta-\ndata, important and meta-data');
    assert.equal(ref.hyphenates, true);
    assert.deepEqual(hyphenLeftovers([chunk('an impor-tant rule')], ref), ['impor-tant']);
  });
  test('no compound to tell: it hyphenates', () =>
    assert.equal(buildReference('an impor-\ntant rule').hyphenates, true));
});

describe('proseBreaks: line breaks left inside a sentence of prose', () => {
  const code = ['why3 prove myfile.mlw\nwhy3 prove -P alt-ergo myfile.mlw', 'source_encoding'];
  const headings = ['4.9.2 Das Hilfswerkzeug dak ls'];
  const cases: [string, string, number][] = [
    ['a definition wrapped as a line of its own', 'A sequence of characters. It is either a\nword or an operator.', 1],
    ['after a comma', 'Red, green and blue lights,\nor none at all.', 1],
    ['a sentence ends the line', 'It is either a word.\nor an operator comes next.', 0],
    ['the next line opens a sentence', 'It is either a word or an\nOperator comes next.', 0],
    ['a line of a reference code block', 'To see them run, type\nwhy3 prove myfile.mlw', 0],
    ['a heading of the document above', '4.9.2 Das Hilfswerkzeug dak ls\ndak ls ist Teil der Werkzeugsammlung', 0],
    ['table rows', 'name | kind | value a\nsize | kind | value b', 0],
    ['table rows whose first cell is empty', '| .tex and more text\nmakeindex bibtex and more', 0],
    ['aligned columns', 'if      then    elif    else\nfor     in      until   while', 0],
    ['code signs', 'the value is set by x = y and\nthen $HOME is read', 0],
    ['a comment line', '# use a visible bell if\nset bell-style visible now', 0],
    ['a short line above: a title', 'Shores\nby Rosemary Winspeare', 0],
    ['one word below', 'the whole list of the words\nend', 0],
    ['paragraphs apart', 'It is either a\n\nword or an operator.', 0],
    ['a section label above', '4.1.3 Special lists here\ndebian-private is a list', 0],
    ['underscores and blanks compare alike', 'run it with my file name,\nwhy3 prove myfile.mlw', 0],
    [
      'a typewriter term opens the next entry',
      'Changed in version 1.8: Support file type mapping\nsource_encoding The encoding of all files.',
      0,
    ],
    [
      "a float's caption over the text the float cut: two texts, no sentence broken",
      'Figure 2: Flow of data through source and device link profiles\nspecifies the black preserving method',
      0,
    ],
    [
      'a line that is no caption over it',
      'The figure shows the flow of data through source and device profiles\nspecifies the black preserving method',
      1,
    ],
    [
      'a term the document does not set in typewriter',
      'Changed in version 1.8: Support file type mapping\nsource_suffix The file name extensions.',
      1,
    ],
  ];
  for (const [name, content, want] of cases)
    test(name, () =>
      assert.equal(proseBreaks([{ content, section: '4.1.3 Special lists here' }], code, headings).length, want),
    );
  test("a change history's entries, one a line: no break after an entry's end", () => {
    const content = 'v1.2 General: Add flag for printing list of topics\nnew layout/version added by the author';
    const ends = ['General: Add flag for printing list of topics'];
    assert.equal(proseBreaks([{ content, section: 'Change History' }], code, headings, ends).length, 0);
    assert.equal(proseBreaks([{ content, section: 'Change History' }], code, headings).length, 1);
  });
  test('each break as the end of one line and the start of the next', () =>
    assert.deepEqual(proseBreaks([{ content: 'It is either a\nword or an operator.', section: '' }], [], []), [
      'It is either a⏎word or an operator.',
    ]));
});

describe('typewriterTerms: one word alone on a typewriter line, with a sign no prose word has', () => {
  const cases: [string, string, string[]][] = [
    ['an identifier with an underscore', 'source_encoding', ['source_encoding']],
    ['a file name, a dotted name, an option', 'conf.py\n  --verbose\nutf-8', ['conf.py', '--verbose', 'utf-8']],
    ['a plain word', 'make', []],
    ['two words', 'make install', []],
    ['a sign alone', '--', []],
    ['a number', '1.8', []],
  ];
  for (const [name, code, want] of cases) test(name, () => assert.deepEqual([...typewriterTerms([code])], want));
});

describe('opensWithTypewriterTerm', () => {
  const terms = new Set(['source_encoding', 'conf.py']);
  const cases: [string, string, boolean][] = [
    ['the term and its text', 'source_encoding The encoding of all files.', true],
    ['a file name opening a sentence', 'conf.py is read first', true],
    ['the term alone', 'source_encoding', false],
    ['another word', 'the encoding of all files', false],
    ['the term later in the line', 'see source_encoding for it', false],
  ];
  for (const [name, line, want] of cases) test(name, () => assert.equal(opensWithTypewriterTerm(line, terms), want));
});

describe('hyphenLeftovers', () => {
  const ref = buildReference('An important and well-known rule. The implementation is state-of-the-art.');
  const cases: [string, string, string[]][] = [
    ['hyphen and space left', 'an impor- tant rule', ['impor- tant']],
    ['hyphen and line break left', 'an impor-\ntant rule', ['impor-\ntant']],
    ['hyphen kept inside a word the reference spells whole', 'the implemen-tation', ['implemen-tation']],
    ['a compound the reference writes with its hyphen', 'a well-known rule', []],
    ['joined correctly', 'an important rule', []],
    ['a hyphen between unrelated words', 'foo-bar', []],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.deepEqual(hyphenLeftovers([chunk(text)], ref), want));
  test('a chain the reference writes with its hyphens, also broken at a line end elsewhere', () =>
    assert.deepEqual(
      hyphenLeftovers(
        [chunk('the keep-with-next property')],
        buildReference('The keep-with-next property.\nAn attribute keep-\nwith-next again.'),
      ),
      [],
    ));
});

describe('hyphenLeftovers: what the reference cannot call a broken word', () => {
  const ref = buildReference(
    [
      'The operator [n]<&digit-',
      'moves the digit to n; a currently-',
      'executing function. \\C-',
      'control prefix, a control key.',
      'Kopf- und Fußzeilen, die Kopf-',
      'und Fußzeile. Only well-',
      'typed terms are well made and typed. The impor-',
      'tant rule is important. Argument -NoValue-',
      'markers: NoValue and markers.',
    ].join('\n'),
  );
  const cases: [string, string, string[]][] = [
    ['a hyphen after code, over its description', 'The operator [n]<&digit-\nmoves the digit', []],
    ['Emacs notation', '\\C- control prefix', []],
    ['a suspended hyphen before a conjunction', 'Kopf- und Fußzeilen', []],
    ['a pair the reference writes apart and joins only at a line end', 'only well-typed terms', []],
    ['a marker after a hyphen', 'then -NoValue-markers are added', []],
    ['a compound broken with a space is still counted', 'a currently- executing function', ['currently- executing']],
    ['a broken word the reference writes whole elsewhere', 'the impor-tant rule', ['impor-tant']],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.deepEqual(hyphenLeftovers([chunk(text)], ref), want));
});

describe('hyphenLeftovers: a prefix the document hyphenates in its compounds', () => {
  const ref = buildReference(
    'Non-free software and non-ASCII names. It runs, in a non-\nprivileged process, a server. A non-\nstandard option is nonstandard. An impor-\ntant rule is important.',
  );
  const cases: [string, string, string[]][] = [
    ['joined only at the line end: undecided, not counted', 'in a non-privileged process', []],
    ['the joined word written inside a line: counted', 'a non-standard option', ['non-standard']],
    ['another word: still counted', 'an impor-tant rule', ['impor-tant']],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.deepEqual(hyphenLeftovers([chunk(text)], ref), want));
  test('a hyphen and a space the document prints inside a line', () =>
    assert.deepEqual(
      hyphenLeftovers(
        [chunk('the scope is a currently- executing function')],
        buildReference('the scope is a currently- executing function.\nA currentlyexecuting shell function.'),
      ),
      [],
    ));
  test('a compound broken at its hyphen, which pdftotext joins itself', () => {
    const text = 'only welltyped terms, well made and typed.';
    assert.deepEqual(hyphenLeftovers([chunk('only well-typed terms')], buildReference(text)), ['well-typed']);
    assert.deepEqual(
      hyphenLeftovers(
        [chunk('only well-typed terms')],
        buildReference(text, { drawn: 'only well-\ntyped terms, well made and typed.' }),
      ),
      [],
    );
  });
  test('a compound pdf.js draws inside a line where pdftotext lost its hyphen glyph', () => {
    const text = 'only welltyped terms, and a wellhinted\nfont. Only welltyped terms.';
    assert.deepEqual(hyphenLeftovers([chunk('only well-typed terms')], buildReference(text)), ['well-typed']);
    assert.deepEqual(
      hyphenLeftovers([chunk('only well-typed terms')], buildReference(text, { drawn: 'only well-typed terms, and' })),
      [],
    );
  });
});

describe('lostRuns', () => {
  const ref = buildReference('Title of the newsletter here\n\nThe body text of the page goes on for a while.\n\n12');
  test('the reference text no chunk reads, longest first', () =>
    assert.deepEqual(lostRuns(['The body text of the page goes on for a while.'], ref), [
      { words: 5, text: 'title of the newsletter here' },
    ]));
  test('nothing lost', () =>
    assert.deepEqual(
      lostRuns(['Title of the newsletter here. The body text of the page goes on for a while.'], ref),
      [],
    ));
});

describe('disorderRuns', () => {
  const ref = buildReference('The first column reads on and on.\nThe second column reads its own words.', {
    alternative: 'name value option and more',
  });
  const cases: [string, string[], { grams: number; text: string }[]][] = [
    ['all in order', ['The first column reads on and on.'], []],
    ['in order by the second reading', ['name value option and more'], []],
    [
      'two columns spliced: the run with its context',
      ['The first column reads its own words. The second column reads on and on.'],
      [
        { grams: 1, text: 'the «first column reads its» own words' },
        { grams: 3, text: 'column reads «its own words the second column» reads on' },
        { grams: 1, text: 'words the «second column reads on» and on' },
      ],
    ],
    [
      'runs of each text, in text order, never across two texts',
      ['on and on. The second', 'words. The first column reads on and'],
      [{ grams: 1, text: '«words the first column» reads on' }],
    ],
    ['a text under four words', ['column first'], []],
  ];
  for (const [name, texts, want] of cases) test(name, () => assert.deepEqual(disorderRuns(texts, ref, 2), want));
});

describe('midWordCuts', () => {
  const ref = buildReference('the implementation reads the input and writes output; put it in');
  const cases: [string, string[], number][] = [
    ['cut inside a word', ['the implemen', 'tation reads'], 1],
    ['cut between words', ['the implementation', 'reads the input'], 0],
    ['cut between two words that also form one', ['reads the in', 'put and writes'], 0],
    ['cut after punctuation', ['the implementation.', 'Reads'], 0],
    ['one chunk', ['the implementation'], 0],
  ];
  for (const [name, texts, want] of cases)
    test(name, () =>
      assert.equal(
        midWordCuts(
          texts.map((t) => chunk(t)),
          ref,
        ),
        want,
      ),
    );
});

describe('sizesInRange and sentenceEnds', () => {
  const a = 'x'.repeat(900);
  const cases: [string, string[], number, number][] = [
    ['all in range, all sentence ends', [`${a}.`, `${a}.`, 'short.'], 100, 100],
    ['one too short (not last)', [`${a}.`, 'short.', 'tail'], 66.7, 100],
    ['last too long', [`${a}.`, 'x'.repeat(1300)], 50, 100],
    ['no sentence end but a closing quote after one', [`${a}."`, `${a}`, 'z'], 100, 50],
    ['colon and semicolon end', [`${a}:`, `${a};`, 'z'], 100, 100],
    ['one chunk', ['short'], 100, 100],
  ];
  for (const [name, texts, inRange, ends] of cases)
    test(name, () => {
      const cs = texts.map((t) => chunk(t));
      assert.deepEqual([sizesInRange(cs), sentenceEnds(cs)], [inRange, ends]);
    });
});

describe('captionLine', () => {
  const cases: [string, boolean][] = [
    ['Figure 6-2: Space before and after', true],
    ['Tabelle 17: Binäre Operatoren (* benötigt Paket latexsym)', true],
    ['Table 3 : Options', true],
    ['Figure 6-2:', false],
    ['Note: the value is kept', false],
    ['the values of version 2: a, b', false],
    ['It ends here.', false],
  ];
  for (const [line, want] of cases) test(line, () => assert.equal(captionLine(line), want));
});

describe('labelLine', () => {
  const cases: [string, boolean][] = [
    ['Tabelle 8:', true],
    ['Figure 6-2:', true],
    ['Step 2:', true],
    ['4.', true],
    ['4.2.', true],
    ['iv.', true],
    ['Note:', false],
    ['It ends here.', false],
    ['The values used by version 2 are:', false],
    ['2019.', false],
  ];
  for (const [line, want] of cases) test(line, () => assert.equal(labelLine(line), want));
});

describe('codeLineVariants: a code line as read, and without the gaps an inline image leaves', () => {
  const cases: [string, string, string[]][] = [
    ['blanks collapse', '  a  =  b;', ['a = b;', 'a=b;']],
    ['one blank is no gap', 'int x = 1;', ['int x = 1;']],
    [
      'a callout\'s gap before ">"',
      '<td width="25.3"  >B3</td>',
      ['<td width="25.3" >B3</td>', '<td width="25.3">B3</td>'],
    ],
    ['indentation is no gap', '      return 0;', ['return 0;']],
    ['a tab is a gap', 'x\t\ty', ['x y', 'xy']],
  ];
  for (const [name, line, want] of cases) test(name, () => assert.deepEqual(codeLineVariants(line), want));
});

describe('chunkEnd: clean ends are sentences or blocks the reference confirms', () => {
  const P = 'Some text before it';
  const ref: EndReference = {
    headings: ['2.3 Reading Input', 'Options'],
    code: [
      'int main() {\n  return 0;\n}',
      'make all\nmake install',
      `${'echo line;\n'.repeat(120)}done`,
      `<table>\n${'  <tr>\n    <td width="5">A</td><td>B</td>\n  </tr>\n'.repeat(30)}</table>`,
    ],
    rows: [
      ['Name', 'Value'],
      ['alpha', 'one'],
      ['beta', 'two words here'],
    ],
  };
  const noRows: EndReference = { headings: [], code: [], rows: [] };
  const symbols = [
    'Tabelle 13: Kleine griechische Buchstaben',
    '',
    'γ      \\gamma                λ    \\lambda             ς     \\varsigma',
    'δ      \\delta                µ    \\mu                 τ     \\tau',
    '      \\epsilon              ν    \\nu                 υ     \\upsilon',
    'ε      \\varepsilon           ξ    \\xi                 φ     \\phi',
  ].join('\n');
  const deck: EndReference = { headings: [], code: [], rows: [], slides: true };
  const c = (content: string, pageStart?: number, pageEnd = pageStart): PagedChunk =>
    pageStart === undefined ? { content, section: '' } : { content, section: '', pageStart, pageEnd };
  const cases: [string, EndReference, PagedChunk, PagedChunk, EndKind][] = [
    ['a sentence ends', ref, c(`${P}. It ends here.`), c('Next one starts.'), 'sentence'],
    ['a colon ends', ref, c(`${P} as follows:`), c('Next one starts.'), 'sentence'],
    ['a cut mid-sentence', ref, c(`${P} and the`), c('Next words go on.'), 'cut'],
    ['a caption label alone ends no sentence', noRows, c(`${P}.\nTabelle 8:`), c('Pakete für Schriften'), 'cut'],
    ["a list item's number alone ends no sentence", noRows, c(`${P}.\n4.`), c('Parse the files.'), 'cut'],
    [
      'a whole caption ends cleanly',
      noRows,
      c(`${P}.\nFigure 6-2: Space before and after`),
      c('The attribute pads it.'),
      'caption',
    ],
    ['a caption running on in lower case is cut', noRows, c(`${P}.\nFigure 6-2: Space before`), c('and after'), 'cut'],
    [
      'the next chunk opens a section of the reference',
      ref,
      c(`${P}\nA last line`),
      c('2.3 Reading Input\nText.'),
      'section',
    ],
    ['a heading the reference lacks is no section', ref, c(`${P}\nA last line`), c('Reading Output\nText.'), 'cut'],
    ['the chunk ends a code block', ref, c(`${P}.\nint main() {\n  return 0;\n}`), c('After the code.'), 'code'],
    ['the next chunk opens a code block', ref, c(`${P}\nRun this`), c('make all\nmake install\nThen.'), 'code'],
    ['between two lines of a code block that fits a chunk', ref, c(`${P}.\nmake all`), c('make install'), 'in-code'],
    ['inside a code block even after a semicolon', ref, c('int main() {\n  return 0;'), c('}\nText.'), 'in-code'],
    [
      'between two lines of a code block longer than a chunk',
      ref,
      c('echo line;\necho line;'),
      c('echo line;\necho line;'),
      'long-code',
    ],
    ['inside one code line', ref, c(`${P}.\nmake`), c('all\nmake install'), 'in-code'],
    [
      "a line end of a long code block, the next line with an image's gap (a callout) the source lacks",
      ref,
      c('  <tr>'),
      c('    <td width="5"  >A</td><td>B</td>\n  </tr>'),
      'long-code',
    ],
    [
      "a line end of a long code block, the last line with an image's gap",
      ref,
      c('  <tr>\n    <td width="5"   >A</td><td>B</td>'),
      c('  </tr>\n  <tr>'),
      'long-code',
    ],
    [
      'a gap in a line that is not the code is no line end of it',
      ref,
      c('  <tr>'),
      c('    <td width="5"  >Z</td><td>B</td>'),
      'cut',
    ],
    ['a code line the reader wrapped, cut at the wrap', ref, c('int main() {'), c('return\n0;\n}'), 'in-code'],
    [
      'inside one line of a code block longer than a chunk',
      ref,
      c('echo line;\necho'),
      c('line;\necho line;'),
      'in-code',
    ],
    [
      'a whole row, the header repeated in the next chunk',
      ref,
      c('Name | Value\nalpha | one'),
      c('Name | Value\nbeta | two words here'),
      'row',
    ],
    ['inside a row (a cell cut)', ref, c('Name | Value\nalpha | one\nbeta | two'), c('words here'), 'cut'],
    [
      'inside a row, the header repeated in the next chunk',
      ref,
      c('Name | Value\nalpha | one\nbeta | two'),
      c('Name | Value\nwords here'),
      'cut',
    ],
    [
      'a row with the cells of the next row (no rows in the reference)',
      noRows,
      c('a | b | c\nd | e | f'),
      c('g | h | i'),
      'row',
    ],
    ['a row cut inside (no rows in the reference)', noRows, c('a | b | c\nd | e'), c('f is long\ng | h | i'), 'cut'],
    [
      'the last row of a table, text after it (no rows in the reference)',
      noRows,
      c('a | b | c\nd | e | f'),
      c('Text after it'),
      'row',
    ],
    [
      'a last cell cut inside, its tail after it (no rows in the reference)',
      noRows,
      c('a | b | c\nd | e | f is'),
      c('long text'),
      'cut',
    ],
    [
      'one row alone is no table end (no rows in the reference)',
      noRows,
      c(`${P}\nd | e | f`),
      c('Text after it'),
      'cut',
    ],
    ['a table opens the next chunk after text', ref, c(`${P}\nThe values`), c('Name | Value\nalpha | one'), 'row'],
    [
      'a whole row whose cells are blocks of their own ends the chunk (a label, then code)',
      ref,
      c(`${P}.\nbeta\ntwo words\nhere`),
      c('Text after the table.'),
      'row',
    ],
    ['the end of a row without its first cell is no row end', ref, c(`${P}\ntwo words\nhere`), c('More text.'), 'cut'],
    ['a row of two words is too short to tell', ref, c(`${P}\nalpha\none`), c('More text.'), 'cut'],
    [
      'a row of code cells (a block row of the reference) ends the chunk',
      { ...noRows, blockRows: [['Comparisons', 'a < b a > b']] },
      c(`${P}.\nComparisons\na < b\na > b`),
      c('Trigo functions'),
      'row',
    ],
    [
      'a list item ends, the next item opens the next chunk',
      noRows,
      c(`${P}:\n- first item\n- second item`),
      c('- third item'),
      'item',
    ],
    ['numbered items', noRows, c('1. first step\n2) second step'), c('3. third step'), 'item'],
    ['a list item cut inside', noRows, c(`${P}:\n- first item\n- second item is`), c('cut in two'), 'cut'],
    ['items of another kind', noRows, c('- first item'), c('* other list'), 'cut'],
    [
      'inline bullets, the next chunk opens the next one',
      noRows,
      c('• void a (int x) • void b (int y)'),
      c('• void c (int z)'),
      'item',
    ],
    ['inline bullets cut inside an item', noRows, c('• void a (int x) • void b'), c('(int y) • void c'), 'cut'],
    [
      'a bulleted item over two lines, the next item opens the next chunk',
      noRows,
      c('• void a (int x,\nint y)'),
      c('• void c (int z)'),
      'item',
    ],
    [
      'a bullet far back is no item end',
      noRows,
      c('• void a (int x)\nText one\nText two\nText three'),
      c('• void c'),
      'cut',
    ],
    [
      'a deck: the next chunk opens the next slide',
      deck,
      c('Slide title\nA point without a period', 3),
      c('Next slide\nText', 4),
      'slide',
    ],
    [
      'a deck: a cut inside one slide',
      deck,
      c('Slide title\nA point without a period', 3),
      c('goes on here', 3),
      'cut',
    ],
    [
      'not a deck: a page break is no clean end',
      noRows,
      c('A paragraph running over', 3),
      c('the page break', 4),
      'cut',
    ],
    // l2kurz page 52: a symbol table the reader sets as lines without cell marks; pdftotext -layout's rows.
    [
      "a PDF's table rows as the layout sets them: a row end",
      { ...noRows, layout: symbols },
      c('Tabelle 13: Kleine griechische Buchstaben\nγ \\gamma λ \\lambda ς \\varsigma\nδ \\delta µ \\mu τ \\tau'),
      c('\\epsilon ν \\nu υ \\upsilon\nε \\varepsilon ξ \\xi φ \\phi'),
      'row',
    ],
    [
      'the same lines in another order are no rows of the layout',
      { ...noRows, layout: symbols },
      c('Tabelle 13: Kleine griechische Buchstaben\nδ \\delta µ \\mu τ \\tau'),
      c('γ \\gamma λ \\lambda ς \\varsigma'),
      'cut',
    ],
    [
      'without the layout the same cut is a cut',
      noRows,
      c('Tabelle 13: Kleine griechische Buchstaben\nγ \\gamma λ \\lambda ς \\varsigma\nδ \\delta µ \\mu τ \\tau'),
      c('\\epsilon ν \\nu υ \\upsilon\nε \\varepsilon ξ \\xi φ \\phi'),
      'cut',
    ],
  ];
  for (const [name, r, a, b, want] of cases) test(name, () => assert.equal(chunkEnd(a, b, endIndex(r)), want));

  // A numbered listing the reference reads in pieces (a DocBook callout's circle is in no
  // monospaced font: pdf-code.ts ends a block there), each numbered on from the one before.
  const piece = (from: number, to: number, text: string) =>
    Array.from({ length: to - from + 1 }, (_, i) => `${from + i} ${text}`).join('\n');
  const pieces: EndReference = {
    headings: [],
    rows: [],
    code: [piece(1, 9, '\\usepackage{x}'), piece(13, 60, '\\mauvaise{Alain Prost}'), '61 }}\n62', piece(63, 70, 'x')],
  };
  const apart: EndReference = { ...pieces, code: [piece(13, 60, '\\mauvaise{Alain Prost}'), '81 }}\n82'] };
  const piecesCases: [string, EndReference, PagedChunk, PagedChunk, EndKind][] = [
    ['a line end in a piece of a numbered listing longer than a chunk', pieces, c('61 }}'), c('62\n63 x'), 'long-code'],
    [
      'the same piece, the listing before it no piece of its own (numbers far apart)',
      apart,
      c('81 }}'),
      c('82'),
      'in-code',
    ],
  ];
  for (const [name, r, a, b, want] of piecesCases) test(name, () => assert.equal(chunkEnd(a, b, endIndex(r)), want));

  // moderntimeline: doc.sty hangs each macro's name in the margin over its first line of code; the
  // reference reads the code without it, the reader writes it as a line of its own.
  const macros: EndReference = {
    headings: [],
    rows: [],
    code: ['31 \\newcommand{\\tlsince}[1]{%\n32 \\def\\tl@since{#1}\n33 }\n34 \\newcommand{\\tltextstart}[2]{%\n35 }'],
    marginNames: new Set(['\\tltextstart', '\\tlsince']),
  };
  const marginCases: [string, EndReference, PagedChunk, PagedChunk, EndKind][] = [
    [
      'a cut before the name of the next macro, its code going on',
      macros,
      c('33 }'),
      c('\\tltextstart\n34 \\newcommand{\\tltextstart}[2]{%'),
      'code',
    ],
    [
      'the same cut, the name unknown to the reference',
      { ...macros, marginNames: new Set() },
      c('33 }'),
      c('\\tltextstart\n34 \\newcommand{\\tltextstart}[2]{%'),
      'cut',
    ],
    [
      'a name, then code that does not go on from the cut',
      macros,
      c('32 \\def\\tl@since{#1}'),
      c('\\tltextstart\n34 \\newcommand{\\tltextstart}[2]{%'),
      'cut',
    ],
    ['a chunk that is the name alone', macros, c('33 }'), c('\\tltextstart'), 'cut'],
  ];
  for (const [name, r, a, b, want] of marginCases) test(name, () => assert.equal(chunkEnd(a, b, endIndex(r)), want));

  test('listingLengths: the pieces of a numbered listing numbered on, within a few lost lines', () => {
    const table: [string, string[], number[]][] = [
      ['an unnumbered block is its own length', ['make all\nmake install'], [21]],
      ['two pieces numbered on', ['1 a\n2 b', '3 c\n4 d'], [14, 14]],
      ['lines lost between the pieces (callout lines)', ['1 a\n2 b', '9 c\n10 d'], [15, 15]],
      ['too many lines lost: two listings', ['1 a\n2 b', '30 c\n31 d'], [7, 9]],
      ['a new listing starts at 1', ['1 a\n2 b', '1 c\n2 d'], [7, 7]],
      ['an unnumbered block between parts them', ['1 a\n2 b', 'x\ny', '3 c\n4 d'], [7, 3, 7]],
      ['three pieces, blank numbered lines at the ends', ['1 a\n2', ' 3 b\n 4', '5 c\n6 d'], [18, 18, 18]],
    ];
    for (const [name, blocks, want] of table) assert.deepEqual(listingLengths(blocks), want, name);
    // doc.sty numbers every line of a package's macrocode on from the last, across the prose between.
    const apart: [string, string[], boolean[], number[]][] = [
      ['numbered on, parted by prose: two listings', ['1 a\n2 b', '3 c\n4 d'], [false, true], [7, 7]],
      ['numbered on, nothing between: one', ['1 a\n2 b', '3 c\n4 d'], [false, false], [14, 14]],
      ['three pieces, prose before the third', ['1 a\n2 b', '3 c\n4 d', '5 e\n6 f'], [false, false, true], [14, 14, 7]],
    ];
    for (const [name, blocks, flags, want] of apart) assert.deepEqual(listingLengths(blocks, flags), want, name);
  });

  test('fittingBlocks and codeKept count a numbered block apart from the one before as a block of its own', () => {
    const pieces = ['1 a\n2 b', '3 c\n4 d', '5 e\n6 f', '7 g\n8 h'];
    assert.deepEqual(fittingBlocks(pieces, 24), []);
    assert.deepEqual(fittingBlocks(pieces, 24, new Set(pieces.slice(1))), pieces);
    const kept = codeKept([chunk('1 a\n2 b\nprose\n3 c')], pieces, { min: 10, max: 24 }, new Set(pieces.slice(1)));
    assert.deepEqual([kept.blocks, kept.kept], [4, 25]);
  });

  test('chunkEnds: the clean share, the strict share, the kinds and the bad cuts', () => {
    const s = chunkEnds(
      [c('One.'), c(`${P}\nA line`), c('2.3 Reading Input\nText and'), c('more text'), c('tail')],
      ref,
    );
    assert.deepEqual(
      { clean: s.clean, strict: s.strict, kinds: s.kinds, bad: s.bad.length },
      { clean: 50, strict: 25, kinds: { sentence: 1, section: 1, cut: 2 }, bad: 2 },
    );
  });
  test('chunkEnds: one chunk has no end to judge', () => assert.equal(chunkEnds([c('Only')], ref).clean, 100));
  test("chunkEnds: a table's caption repeated above the next row is not where the next chunk starts", () => {
    const table = 'The options are these.\ncanvas.x parameters\nname | the name | None\nsize | the size | 20';
    const rest = (caption: string) => c(`${caption}\nwidth | the width | 120\nheight | the height | 36\nText.`);
    assert.deepEqual(chunkEnds([c(table), rest('canvas.x parameters'), c('End.')], noRows).kinds, {
      row: 1,
      sentence: 1,
    });
    // A lower-case line never seen before is the next chunk's own text: the row's end is no end.
    assert.deepEqual(chunkEnds([c(table), rest('canvas.y parameters'), c('End.')], noRows).kinds, {
      cut: 1,
      sentence: 1,
    });
  });
});

describe('normalizeLabel and badLabelKind', () => {
  const norms: [string, string, string][] = [
    ['numbering dropped', '2.3 Reading Input', 'reading input'],
    ['appendix numbering dropped', 'A.1 Options', 'options'],
    ['chapter word and number dropped', 'Chapter 4 Files', 'files'],
    ['punctuation dropped', 'What is “Free”?', 'what is free'],
    ['a title starting with A kept', 'A Tutorial Introduction', 'a tutorial introduction'],
    ['chapter number with a colon dropped', 'Chapter 1: The Bonny Blue Yonder', 'the bonny blue yonder'],
    ['appendix letter dropped', 'Appendix A Installing GLPK', 'installing glpk'],
    ['small capitals without a space', 'CHAPITRE5 Portée de ce document', 'portée de ce document'],
    ['German chapter', 'Kapitel 4 Wichtige Dateien', 'wichtige dateien'],
    ['Spanish appendix', 'Apéndice B Formato CSV', 'formato csv'],
    ['Sphinx chapter number in words', 'TWO GETTING STARTED', 'getting started'],
    ['Sphinx chapter word and number in words', 'CHAPTER THREE BINARY PACKAGES', 'binary packages'],
    ['Sphinx chapter number past ten', 'CHAPTER ELEVEN INTERACTIVE PROOF ASSISTANTS', 'interactive proof assistants'],
    ['Sphinx chapter number past twenty', 'TWENTYONE MAINTAINER SCRIPT FLOWCHARTS', 'maintainer script flowcharts'],
    ['Sphinx chapter seventeen, not seven', 'SEVENTEEN CONFIGURATION FILE HANDLING', 'configuration file handling'],
    ['a heading starting with Seventeen kept', 'Seventeen ways to fail', 'seventeen ways to fail'],
    ['a heading starting with One kept', 'One page per file', 'one page per file'],
    ['a part heading', 'Part II Reference', 'reference'],
    ['groff font escapes of an outline title', '2.1. The F[C]pdfmarkF[] Operator', 'the pdfmark operator'],
    ['groff backslash escapes', 'The \\fBms\\fP Macros', 'the ms macros'],
  ];
  for (const [name, label, want] of norms) test(`normalize: ${name}`, () => assert.equal(normalizeLabel(label), want));
  const kinds: [string, string, string | undefined][] = [
    ['admonition', 'Note', 'admonition'],
    ['admonition with colon, French', 'Remarque :', 'admonition'],
    ['caption', 'Figure 3.2: The layout', 'caption'],
    ['table caption, German', 'Tabelle 1', 'caption'],
    ['bullet', '• Detect unused stages', 'bullet'],
    ['lettered item', '(a) first case', 'bullet'],
    ['a heading', 'Notes on Installation', undefined],
    ['a numbered heading', '1. Introduction', undefined],
  ];
  for (const [name, label, want] of kinds) test(`kind: ${name}`, () => assert.equal(badLabelKind(label), want));
});

describe('sectionLabels', () => {
  const headings = [
    '1 Introduction',
    '2 Getting started with the command line and its many options',
    'Tables',
    'A GNU Free Documentation License',
    'Notes on specific platforms',
    'Usar o pdfLaTeX',
    'XY-pic',
  ];
  const cases: [string, ChunkLike[], { nonEmpty: number; matching: number | undefined; admonitions: number }][] = [
    [
      'all labels are headings, numbering set aside',
      [chunk('a', 'Introduction'), chunk('b', '2 Getting started with the command line and its many options')],
      { nonEmpty: 100, matching: 100, admonitions: 0 },
    ],
    [
      'a label cut short of a long heading matches',
      [chunk('a', 'Getting started with the command line and its many')],
      { nonEmpty: 100, matching: 100, admonitions: 0 },
    ],
    [
      'an admonition label is no heading',
      [chunk('a', 'Introduction'), chunk('b', 'Note')],
      { nonEmpty: 100, matching: 50, admonitions: 1 },
    ],
    [
      'a heading of the document that reads like an admonition is a right label, not a bad one',
      [chunk('a', 'Notes on specific platforms'), chunk('b', 'Notes')],
      { nonEmpty: 100, matching: 50, admonitions: 1 },
    ],
    [
      'an appendix a Texinfo outline numbers with a bare letter',
      [chunk('a', 'Appendix A GNU Free Documentation License'), chunk('b', 'A GNU Free Documentation License')],
      { nonEmpty: 100, matching: 100, admonitions: 0 },
    ],
    [
      'a bare letter is not dropped from the label side',
      [chunk('a', 'B GNU Free Documentation License')],
      { nonEmpty: 100, matching: 0, admonitions: 0 },
    ],
    [
      'a logo the page spaces out and the outline writes whole',
      [chunk('a', '4.7 Usar o pdf LATEX'), chunk('b', '5.3 X Y-pic')],
      { nonEmpty: 100, matching: 100, admonitions: 0 },
    ],
    [
      'empty labels count only in non-empty',
      [chunk('a', ''), chunk('b', 'Tables')],
      { nonEmpty: 50, matching: 100, admonitions: 0 },
    ],
  ];
  for (const [name, chunks, want] of cases)
    test(name, () => {
      const got = sectionLabels(chunks, headings);
      assert.deepEqual({ nonEmpty: got.nonEmpty, matching: got.matching, admonitions: got.admonitions }, want);
    });
  test('no reference headings: matching undefined', () =>
    assert.equal(sectionLabels([chunk('a', 'X')], []).matching, undefined));
  const faces: [string, ChunkLike[], string[], { matching: number | undefined; admonitions: number }][] = [
    [
      "no outline: a man page's SEE ALSO set in its section headings' face is no admonition",
      [chunk('a', 'DESCRIPTION'), chunk('b', 'SEE ALSO')],
      ['NAME', 'DESCRIPTION', 'SEE ALSO'],
      { matching: undefined, admonitions: 0 },
    ],
    [
      'no outline: a Note label in no heading face still is one',
      [chunk('a', 'DESCRIPTION'), chunk('b', 'Note')],
      ['NAME', 'DESCRIPTION', 'SEE ALSO'],
      { matching: undefined, admonitions: 1 },
    ],
    [
      'no outline and no face headings: as before',
      [chunk('b', 'SEE ALSO')],
      [],
      { matching: undefined, admonitions: 1 },
    ],
    [
      'an outline judges alone, the faces set aside',
      [chunk('a', 'Introduction'), chunk('b', 'Notes')],
      ['Notes'],
      { matching: 50, admonitions: 1 },
    ],
  ];
  for (const [name, chunks, faceHeads, want] of faces)
    test(name, () => {
      const got = sectionLabels(chunks, name.startsWith('an outline') ? headings : [], faceHeads);
      assert.deepEqual({ matching: got.matching, admonitions: got.admonitions }, want);
    });
});

describe('sameCodeLine: a chunk line against the reference, each either-blank a blank or none', () => {
  const E = EITHER_BLANK;
  const cases: [string, string, string, boolean][] = [
    ['the same line', 'a  b', 'a  b', true],
    ['a blank more without a marker', 'a   b', 'a  b', false],
    ['the marker read as a blank', 'bulletAnchor     anchor', `bulletAnchor    ${E}anchor`, true],
    ['the marker read as none', 'bulletAnchor    anchor', `bulletAnchor    ${E}anchor`, true],
    ['two blanks more: a column off', 'bulletAnchor      anchor', `bulletAnchor    ${E}anchor`, false],
    ['a blank less', 'bulletAnchor   anchor', `bulletAnchor    ${E}anchor`, false],
    ['signs of a pattern read as themselves', 'a.*  (b)', `a.* ${E}(b)`, true],
    ['no wildcard from a sign', 'axx  (b)', `a.* ${E}(b)`, false],
    ['two markers: no blank more', 'then   elif', `then   ${E}${E}elif`, true],
    ['two markers: two blanks more', 'then     elif', `then   ${E}${E}elif`, true],
    ['two markers: three more is a column off', 'then      elif', `then   ${E}${E}elif`, false],
  ];
  for (const [name, got, want, ok] of cases) test(name, () => assert.equal(sameCodeLine(got, want), ok));
  test('codeKept reads a marked block as the page shows it, either count', () => {
    const ref = `bulletAnchor    ${E}anchor\nbulletColor     ${E}color`;
    assert.equal(codeKept([chunk('bulletAnchor    anchor\nbulletColor     color')], [ref]).kept, 100);
    assert.equal(codeKept([chunk('bulletAnchor     anchor\nbulletColor      color')], [ref]).kept, 100);
    assert.equal(codeKept([chunk('bulletAnchor       anchor\nbulletColor     color')], [ref]).kept, 0);
  });
});

describe('fittingBlocks: the blocks a chunk can hold, by the length of the listing each is a piece of', () => {
  // A chunk of 24 code points at most: a numbered listing's pieces are 7 each, 14 for two, 28 for four.
  const cases: [string, string[], string[]][] = [
    ['a block of 2+ lines that fits', ['make all\nmake install'], ['make all\nmake install']],
    ['one line is no block', ['make all'], []],
    ['longer than a chunk', ['make all\nmake install\nmake check'], []],
    ['two pieces of a numbered listing that fits', ['1 a\n2 b', '3 c\n4 d'], ['1 a\n2 b', '3 c\n4 d']],
    [
      'four pieces of a numbered listing longer than a chunk: none',
      ['1 a\n2 b', '3 c\n4 d', '5 e\n6 f', '7 g\n8 h'],
      [],
    ],
    [
      'two numbered listings, each fits',
      ['1 a\n2 b', '3 c\n4 d', '1 e\n2 f', '3 g\n4 h'],
      ['1 a\n2 b', '3 c\n4 d', '1 e\n2 f', '3 g\n4 h'],
    ],
    ['underscores read as blanks', ['a_b\nc'], ['a b\nc']],
  ];
  for (const [name, blocks, want] of cases) test(name, () => assert.deepEqual(fittingBlocks(blocks, 24), want));
  test('codeKept reads angle brackets as a reference without their Unicode map spells them', () => {
    // pdftohtml reads l3doc's 〈TikZ key options〉 as hTikZ key optionsi.
    const ref = 'picture = hTikZ key optionsi\naxis = hTikZ axis optionsi';
    assert.equal(codeKept([chunk('picture = 〈TikZ key options〉\naxis = 〈TikZ axis options〉')], [ref]).kept, 100);
    assert.equal(codeKept([chunk('picture = 〈TikZ key options〉\naxis = 〈other〉')], [ref]).kept, 0);
  });

  test('codeKept counts no piece of a listing longer than a chunk', () => {
    const pieces = ['1 a\n2 b', '3 c\n4 d', '5 e\n6 f', '7 g\n8 h'];
    assert.equal(codeKept([chunk('1 a\n2 b\n3 c')], pieces, { min: 10, max: 24 }).blocks, 0);
    assert.equal(codeKept([chunk('1 a\n2 b\n3 c')], pieces.slice(0, 2), { min: 10, max: 24 }).blocks, 2);
  });

  // leaflet: doc.sty hangs `\pending@openout` in the margin beside line 141; the reader writes it as a
  // line of its own in the listing, the reference reads the listing without it.
  test('codeKept: a name hung in the margin between two lines of a listing breaks no block', () => {
    const ref = '140 \\g@addto@macro\n\n141 \\def\\pending@openout#1 {%\n142 \\@dummy@whatsit';
    const text = '140 \\g@addto@macro\n\\pending@openout\n141 \\def\\pending@openout#1 {%\n142 \\@dummy@whatsit';
    const names = new Set(['\\pending@openout']);
    assert.equal(codeKept([chunk(text)], [ref], undefined, undefined, names).kept, 100);
    assert.equal(codeKept([chunk(text)], [ref]).kept, 0);
    assert.deepEqual(missedCode([chunk(text)], [ref], 1200, undefined, names), []);
    // A name that is also a line of a listing of the reference stays: the first block is broken.
    assert.equal(codeKept([chunk(text)], [ref, 'x\n\\pending@openout'], undefined, undefined, names).kept, 0);
  });
});

describe('missedCode: the blocks codeKept counts as not kept, for QUALITY_DEBUG', () => {
  const block = 'for i in 1 2 3; do\n  echo $i\ndone';
  test('a kept block is not listed', () => assert.deepEqual(missedCode([chunk(`Loop:\n${block}`)], [block]), []));
  test('a block whose indentation went: the chunk holding its lines, nothing lacking', () =>
    assert.deepEqual(missedCode([chunk('x'), chunk('for i in 1 2 3; do\necho $i\ndone')], [block]), [
      { block, chunk: 1, lacking: [] },
    ]));
  test('a block cut over two chunks: the chunk with most of it, the line it lacks', () =>
    assert.deepEqual(missedCode([chunk('for i in 1 2 3; do\n  echo $i'), chunk('done')], [block]), [
      { block, chunk: 0, lacking: ['done'] },
    ]));
  test('a block codeKept keeps by its angle brackets spelt h...i is not listed', () => {
    // pdftohtml reads l3doc's 〈TikZ key options〉 as hTikZ key optionsi; codeKept counts it kept.
    const ref = 'picture = hTikZ key optionsi\npicture/reset';
    const chunks = [chunk('x'), chunk('picture = 〈TikZ key options〉\npicture/reset')];
    assert.equal(codeKept(chunks, [ref]).kept, 100);
    assert.deepEqual(missedCode(chunks, [ref]), []);
  });
  test('a block missed, lines spelt h...i: the lines lacking against the spelling nearest it', () =>
    assert.deepEqual(missedCode([chunk('y = 〈opts〉\ny/reset')], ['x = 1\ny = hoptsi\ny/reset']), [
      { block: 'x = 1\ny = hoptsi\ny/reset', chunk: 0, lacking: ['x = 1'] },
    ]));
});

describe('codeKept', () => {
  const block = 'for i in 1 2 3; do\n  echo $i\ndone';
  const cases: [string, string, { blocks: number; forced: number; kept: number; keptLoose: number }][] = [
    ['kept verbatim with its lines', `Run:\n${block}\nThen stop.`, { blocks: 1, forced: 0, kept: 100, keptLoose: 100 }],
    ['indentation lost', 'Run:\nfor i in 1 2 3; do\necho $i\ndone', { blocks: 1, forced: 0, kept: 0, keptLoose: 100 }],
    ['lines joined by spaces', 'Run: for i in 1 2 3; do echo $i done', { blocks: 1, forced: 0, kept: 0, keptLoose: 0 }],
    [
      'a tab kept where pandoc expanded it',
      'Run:\nfor i in 1 2 3; do\n\techo $i\ndone',
      { blocks: 1, forced: 0, kept: 0, keptLoose: 100 },
    ],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.deepEqual(codeKept([chunk(text)], [block]), want));
  test('one-line blocks are not counted', () =>
    assert.deepEqual(codeKept([chunk('x')], ['ls -l']), { blocks: 0, forced: 0, kept: 100, keptLoose: 100 }));
  // 'xx aa⏎bb yy zz': with chunks of 2-6 characters a plan keeps the block 'aa⏎bb' ('xx', 'aa⏎bb',
  // 'yy zz'); with 4-6 the first chunk can only be 'xx aa', so every plan cuts it: the range wins.
  const ranged: [string, { min: number; max: number }, { forced: number; kept: number }][] = [
    [
      'a block cut where a plan in range keeps it counts against the figure',
      { min: 2, max: 6 },
      { forced: 0, kept: 0 },
    ],
    [
      'a block every plan in range must cut is counted apart (forced), not against the figure',
      { min: 4, max: 6 },
      { forced: 1, kept: 100 },
    ],
  ];
  for (const [name, range, { forced, kept }] of ranged)
    test(name, () =>
      assert.deepEqual(codeKept([chunk('xx aa'), chunk('bb yy zz')], ['aa\nbb'], range), {
        blocks: 1,
        forced,
        kept,
        keptLoose: kept,
      }),
    );
  test('a block split over two chunks is not kept', () =>
    assert.equal(codeKept([chunk('for i in 1 2 3; do\n  echo $i'), chunk('done')], [block]).kept, 0));
  test('a block indented as a whole still counts: indentation is relative to the block', () => {
    assert.equal(codeKept([chunk(`Run:\n    for i in 1 2 3; do\n      echo $i\n    done`)], [block]).kept, 100);
    assert.equal(codeKept([chunk(`Run:\n${block}`)], [`  for i in 1 2 3; do\n    echo $i\n  done`]).kept, 100);
  });
  test('a line indented apart from the rest of the block is not kept', () =>
    assert.equal(codeKept([chunk('Run:\n  for i in 1 2 3; do\n  echo $i\n  done')], [block]).kept, 0));
  test("an underscore the page draws as a rule, which the reference reads as a blank, is the chunk's underscore", () => {
    const ref = 'int glp read lp(glp prob *P,\n                double *re max);';
    const page = 'int glp_read_lp(glp_prob *P,\n                double *re_max);';
    assert.equal(codeKept([chunk(`Synopsis\n${page}`)], [ref]).kept, 100);
    assert.equal(codeKept([chunk(`Synopsis\n${ref}`)], [page]).kept, 100);
    assert.equal(codeKept([chunk('Synopsis\nint glp_read_lp(glp_prob *P, double *re_max);')], [ref]).kept, 0);
  });
  test("TeX's asterisk (U+2217) in the reference is the chunk's *, as the service reads it", () => {
    const ref = 'int main (argc, argv)\nchar \u2217\u2217argv;';
    assert.equal(codeKept([chunk('int main (argc, argv)\nchar **argv;')], [ref]).kept, 100);
  });
  test('a tab counts as the spaces to the next 4-column stop, as pandoc expands it', () =>
    assert.equal(codeKept([chunk('::1\t    localhost\nab\tc')], ['::1     localhost\nab  c']).kept, 100));
  describe('a numbered listing: its code indented relative to the code column, past the numbers', () => {
    // The page sets this listing's code a character further right than the next one's.
    const ref = '1 a:= (1+sqrt(5))/2;\n2 f= x*cos(a*pi*y);';
    const cases: [string, string, number][] = [
      ['the code a column further from the numbers', 'Then:\n1   a:= (1+sqrt(5))/2;\n2   f= x*cos(a*pi*y);', 100],
      ['as the reference sets it', `Then:\n${ref}`, 100],
      ['one line indented apart', 'Then:\n1   a:= (1+sqrt(5))/2;\n2 f= x*cos(a*pi*y);', 0],
      ['other numbers', 'Then:\n3 a:= (1+sqrt(5))/2;\n4 f= x*cos(a*pi*y);', 0],
      ['the numbers lost', 'Then:\na:= (1+sqrt(5))/2;\nf= x*cos(a*pi*y);', 0],
    ];
    for (const [name, text, want] of cases) test(name, () => assert.equal(codeKept([chunk(text)], [ref]).kept, want));
    test('right-aligned numbers, blank numbered lines and a wrapped rest', () =>
      assert.deepEqual(numberedCode([' 9 \\foo{', '10', '11   x ←↩', '        y', '12 }']), {
        numbers: ['9', '10', '11', '', '12'],
        code: ['\\foo{', '', '  x ←↩', '     y', '}'],
      }));
    test('no numbered listing: numbers that do not follow each other, or a first line without one', () => {
      assert.equal(numberedCode(['1 a', '3 b']), undefined);
      assert.equal(numberedCode(['a', '1 b', '2 c']), undefined);
      assert.equal(numberedCode(['2021 was', 'a year']), undefined);
    });
  });
});

describe('dedent', () => {
  const cases: [string[], string[]][] = [
    [
      ['  a', '    b', '  c'],
      ['a', '  b', 'c'],
    ],
    [
      ['a', '  b'],
      ['a', '  b'],
    ],
    [[], []],
  ];
  for (const [lines, want] of cases) test(JSON.stringify(lines), () => assert.deepEqual(dedent(lines), want));
});

describe('expandTabs', () => {
  const cases: [string, string, string][] = [
    ['no tab', 'a b', 'a b'],
    ['a leading tab: 4 columns', '\techo', '    echo'],
    ['after 3 columns: 1 space', 'abc\td', 'abc d'],
    ['after 4 columns: a full stop', 'abcd\te', 'abcd    e'],
    ['two tabs', '\t\tx', '        x'],
  ];
  for (const [name, line, want] of cases) test(name, () => assert.equal(expandTabs(line), want));
});

describe('tableRowsIntact', () => {
  const rows = [
    ['Name', 'Value'],
    ['width', '12 pt'],
    ['Précédent', 'Suivant'],
  ];
  const cases: [string, string, { rows: number; intact: number }][] = [
    ['rows on their lines, cells in order', 'Name | Value\nwidth | 12 pt', { rows: 2, intact: 100 }],
    ['read by column', 'Name\nwidth\nValue\n12 pt', { rows: 2, intact: 0 }],
    ['cells reversed', 'Value Name\n12 pt width', { rows: 2, intact: 0 }],
  ];
  for (const [name, text, want] of cases)
    test(name, () => assert.deepEqual(tableRowsIntact([chunk(text)], rows), want));
});

describe('pandocStructure', () => {
  const str = (s: string) =>
    s
      .split(' ')
      .flatMap((w, i): { t: string; c?: string }[] =>
        i === 0 ? [{ t: 'Str', c: w }] : [{ t: 'Space' }, { t: 'Str', c: w }],
      );
  const cell = (s: string) => [['', [], []], { t: 'AlignDefault' }, 1, 1, [{ t: 'Plain', c: str(s) }]];
  const row = (...cells: string[]) => [['', [], []], cells.map(cell)];
  const doc = {
    blocks: [
      { t: 'Header', c: [1, ['h', [], []], [...str('Head'), { t: 'Space' }, { t: 'Emph', c: str('one') }]] },
      { t: 'CodeBlock', c: [['', ['sh'], []], 'ls -l\n  echo hi'] },
      {
        t: 'Table',
        c: [
          ['', [], []],
          [null, []],
          [],
          [['', [], []], [row('a', 'b')]],
          [[['', [], []], 0, [], [row('x y', 'z')]]],
          [['', [], []], []],
        ],
      },
      {
        t: 'Table',
        c: [
          ['', [], []],
          [null, []],
          [],
          [['', [], []], []],
          [
            [
              ['', [], []],
              0,
              [],
              [
                [
                  ['', [], []],
                  [
                    [
                      ['', [], []],
                      { t: 'AlignDefault' },
                      1,
                      1,
                      [{ t: 'Plain', c: [{ t: 'Image', c: [['', [], []], str('1'), ['1.png', '']] }] }],
                    ],
                    cell('callout text'),
                  ],
                ],
              ],
            ],
          ],
          [['', [], []], []],
        ],
      },
      { t: 'Div', c: [['', [], []], [{ t: 'Header', c: [2, ['', [], []], str('Nested heading')] }]] },
      { t: 'Header', c: [2, ['', [], []], str('Function Index')] },
      {
        t: 'Table',
        c: [['', [], []], [null, []], [], [['', [], []], [row('alias', 'Builtins')]], [], [['', [], []], []]],
      },
    ],
  };
  const s = pandocStructure(doc);
  const cases: [string, unknown, unknown][] = [
    ['headings in order, inline markup flattened', s.headings, ['Head one', 'Nested heading', 'Function Index']],
    ['code blocks with their line breaks', s.code, ['ls -l\n  echo hi']],
    [
      'table rows: head then body, cells in order',
      s.rows,
      [
        ['a', 'b'],
        ['x y', 'z'],
        ['', 'callout text'],
      ],
    ],
    [
      'an image keeps its alternative text outside tables',
      plainText({ t: 'Para', c: [{ t: 'Image', c: [['', [], []], str('logo'), ['l.png', '']] }] }).trim(),
      'logo',
    ],
    [
      'quoted text as the plain writer writes it',
      plainText({ t: 'Quoted', c: [{ t: 'DoubleQuote' }, str('hi')] }),
      '“hi”',
    ],
  ];
  for (const [name, got, want] of cases) test(name, () => assert.deepEqual(got, want));
});

describe('pandocStructure: rows left out by design', () => {
  const str = (s: string) =>
    s
      .split(' ')
      .flatMap((w, i): { t: string; c?: string }[] =>
        i === 0 ? [{ t: 'Str', c: w }] : [{ t: 'Space' }, { t: 'Str', c: w }],
      );
  const cellOf = (blocks: unknown[]) => [['', [], []], { t: 'AlignDefault' }, 1, 1, blocks];
  const cell = (s: string) => cellOf([{ t: 'Plain', c: str(s) }]);
  const linkCell = (s: string) =>
    cellOf([{ t: 'Plain', c: [{ t: 'Link', c: [['', [], []], str(s), [`#${s}`, '']] }] }]);
  const table = (...rows: unknown[][]) => ({
    t: 'Table',
    c: [
      ['', [], []],
      [null, []],
      [],
      [['', [], []], []],
      [[['', [], []], 0, [], rows.map((r) => [['', [], []], r])]],
      [['', [], []], []],
    ],
  });
  const cases: [string, unknown[], string[][]][] = [
    [
      'a data table is counted',
      [table([cell('a'), cell('b')], [cell('c'), cell('d')])],
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'an index of in-page links is not',
      [table([linkCell('alias'), linkCell('Builtins')], [linkCell('bind'), linkCell('Builtins')])],
      [],
    ],
    [
      'an index with letter rows and a header row is not',
      [
        table(
          [cell('Index Entry'), cell('Section')],
          [cell('A')],
          [linkCell('alias'), linkCell('Builtins')],
          [linkCell('bind'), linkCell('Builtins')],
          [cell('B')],
          [linkCell('break'), linkCell('Builtins')],
        ),
      ],
      [],
    ],
    [
      'a table inside a navigation footer is not',
      [{ t: 'Div', c: [['', ['navfooter'], []], [table([cell('Prev'), cell('Chapter 3')])]] }],
      [],
    ],
    [
      'a row with code of several lines in a cell is left to the code measure',
      [
        table(
          [cell('Example'), cellOf([{ t: 'CodeBlock', c: [['', [], []], 'a = 1\nb = 2'] }])],
          [cell('one'), cell('two')],
        ),
      ],
      [['one', 'two']],
    ],
  ];
  for (const [name, blocks, want] of cases) test(name, () => assert.deepEqual(pandocStructure({ blocks }).rows, want));
  test('a row with code of several lines in a cell is a block row, its cells without chrome (a tooltip)', () => {
    const fragment = {
      t: 'Div',
      c: [
        ['', ['fragment'], []],
        [
          { t: 'Div', c: [['', ['line'], []], [{ t: 'Plain', c: str('m.a();') }]] },
          { t: 'Div', c: [['', ['line'], []], [{ t: 'Plain', c: str('m.b();') }]] },
          { t: 'Div', c: [['', ['ttc'], []], [{ t: 'Plain', c: str('Definition: Constants.h:209') }]] },
        ],
      ],
    };
    const s = pandocStructure({ blocks: [table([cell('Calls'), cellOf([fragment])], [cell('one'), cell('two')])] });
    assert.deepEqual([s.rows, s.blockRows], [[['one', 'two']], [['Calls', 'm.a(); m.b();']]]);
  });
});

test('tableRowsIntact: curly and straight quotes are the same', () =>
  assert.deepEqual(tableRowsIntact([chunk('Name | "evil_ptolemy"')], [['Name', '“evil_ptolemy”']]), {
    rows: 1,
    intact: 100,
  }));

test('withoutImages: an image (a callout icon) goes with its alternative text, wherever it stands; text stays', () => {
  const str = (s: string) => ({ t: 'Str', c: s });
  const img = (alt: string) => ({ t: 'Image', c: [['', [], []], [str(alt)], ['images/callouts/1.png', '']] });
  const para = (...inl: unknown[]) => ({ t: 'Para', c: inl });
  const link = (...inl: unknown[]) => ({ t: 'Link', c: [['', [], []], inl, ['#co', '']] });
  const doc = {
    blocks: [
      para(link({ t: 'Span', c: [['', [], []], [img('1')]] }), { t: 'Space' }),
      para(str('The'), { t: 'Space' }, str('cell'), img('2')),
      para(str('No'), { t: 'Space' }, str('image')),
    ],
  };
  const out = withoutImages(doc);
  assert.deepEqual(
    out.blocks.map((b) => plainText(b).trim()),
    ['', 'The cell', 'No image'],
  );
  assert.deepEqual(out.blocks[2], doc.blocks[2]);
  // The image is there to take: the same document read with images has its alternative text.
  assert.deepEqual(
    doc.blocks.map((b) => plainText(b).trim()),
    ['1', 'The cell2', 'No image'],
  );
});

test('printedCounts: a word counts at most as often as the PDF prints it; words it never prints go', () => {
  const counts = new Map([
    ['td', 6],
    ['a5', 1],
    ['table', 2],
    ['specified', 1],
  ]);
  // The slide's listing cut at the slide's foot: A5's row and two of the td are not printed.
  const printed = '<td>A4</td><td>B4</td>\n<table border="1"> the table is speci-\nfied';
  assert.deepEqual(
    printedCounts(counts, printed),
    new Map([
      ['td', 4],
      ['table', 2],
      ['specified', 1],
    ]),
  );
  // Nothing printed, nothing to cover; all printed, the counts as they were.
  assert.equal(printedCounts(counts, '').size, 0);
  assert.deepEqual(printedCounts(counts, 'td td td td td td a5 table table specified'), counts);
});

test('printedCode: a code block without its last lines when the slides print them nowhere', async (t) => {
  const source = '<informaltable id="t">\n  <tgroup cols="4">\n    <row/>\n  </tgroup>\n</informaltable>';
  const cases: [name: string, blocks: string[], printed: string, want: string[]][] = [
    [
      // A deck's slide: the listing runs past the slide's foot, its last line is on no page.
      'the lines past the slide foot go',
      [source],
      'Coloured tables (2)\n<informaltable id="t">\n<tgroup cols="4">\n<row/>\n</tgroup>\f',
      ['<informaltable id="t">\n  <tgroup cols="4">\n    <row/>\n  </tgroup>'],
    ],
    [
      'every line printed: the block as it was (indentation and blank lines kept)',
      ['a = 1\n\n  b = 2'],
      'x\na = 1\nb = 2',
      ['a = 1\n\n  b = 2'],
    ],
    // Blanks aside: the PDF's line may have its blanks elsewhere (a wrapped line, a justified one).
    [
      'blanks are no part of the comparison',
      ['if (x)  {\n  y();\n}'],
      'if (x) {\ny ( ) ;\n}',
      ['if (x)  {\n  y();\n}'],
    ],
    // A last line printed on the block's slide stays, wherever: dropping it is the reader's fault.
    ['a last line printed elsewhere on its slide stays', ['f()\ng()'], 'g() is called after f()', ['f()\ng()']],
    // The same closing tag printed on another slide is no line of this one.
    [
      'a last line printed on another slide only goes',
      ['<t id="a">\n  <r>1</r>\n  <r>2</r>\n</t>'],
      '<t id="b">\n<r>9</r>\n</t>\f<t id="a">\n<r>1</r>\n<r>2</r>\fend',
      ['<t id="a">\n  <r>1</r>\n  <r>2</r>'],
    ],
    // pdftotext reads a line under a text box in pieces: a line inside the block is kept whatever.
    ['a line inside the block stays, printed or not', ['f(a b)\ng()'], 'f(a\nnote\nb)... g()', ['f(a b)\ng()']],
    // pdftotext reads the last line in pieces, a text box's words between: still printed.
    [
      'a last line read in pieces stays',
      ['x(a)\nlink(exe1 lib1 lib3)'],
      'x(a)\nlink(exe1\nsee\nlib1\nthe\nlib3)',
      ['x(a)\nlink(exe1 lib1 lib3)'],
    ],
    ['nothing printed: no line is asked', ['f()\ng()'], '', ['']],
  ];
  for (const [name, blocks, printed, want] of cases)
    await t.test(name, () => assert.deepEqual(printedCode(blocks, printed), want));
});

test('withoutChrome: navigation and footer Divs go, text and other Divs stay', () => {
  const para = (s: string) => ({ t: 'Para', c: [{ t: 'Str', c: s }] });
  const div = (cls: string, ...blocks: unknown[]) => ({ t: 'Div', c: [['', [cls], []], blocks] });
  const doc = {
    blocks: [
      div('related', para('Next')),
      div('body', para('Text'), div('navfooter', para('Prev'))),
      div('footer', para('Generated')),
      div('wy-side-scroll', para('Menu')),
      div('ingroups', para('Dense matrix and array manipulation')),
      { t: 'Div', c: [['', [], [['role', 'contentinfo']]], [para('© Copyright')]] },
      { t: 'Div', c: [['', [], [['role', 'main']]], [para('Main text')]] },
    ],
  };
  assert.deepEqual(withoutChrome(doc), {
    blocks: [div('body', para('Text')), { t: 'Div', c: [['', [], [['role', 'main']]], [para('Main text')]] }],
  });
});

test('withoutListings: index and link tables, link lists and navigation bars go, text and data stay', () => {
  const str = (s: string) =>
    s
      .split(' ')
      .flatMap((w, i): { t: string; c?: string }[] =>
        i === 0 ? [{ t: 'Str', c: w }] : [{ t: 'Space' }, { t: 'Str', c: w }],
      );
  const link = (s: string, href = `#${s}`) => ({ t: 'Link', c: [['', [], []], str(s), [href, '']] });
  const para = (...inl: unknown[]) => ({ t: 'Para', c: inl });
  const plain = (...inl: unknown[]) => ({ t: 'Plain', c: inl });
  const header = (s: string) => ({ t: 'Header', c: [2, ['', [], []], str(s)] });
  const cell = (...blocks: unknown[]) => [['', [], []], { t: 'AlignDefault' }, 1, 1, blocks];
  const table = (...rows: unknown[][][]) => ({
    t: 'Table',
    c: [
      ['', [], []],
      [null, []],
      [],
      [['', [], []], []],
      [[['', [], []], 0, [], rows.map((r) => [['', [], []], r])]],
      [['', [], []], []],
    ],
  });
  const nav = para(
    { t: 'Str', c: 'Next:' },
    { t: 'Space' },
    link('Intro'),
    { t: 'Str', c: ',' },
    { t: 'Space' },
    { t: 'Str', c: 'Up:' },
    { t: 'Space' },
    link('Top'),
  );
  const toc = { t: 'BulletList', c: [[plain(link('Intro'))], [plain(link('Usage'))], [plain(link('Options'))]] };
  const links = table(
    [cell(plain(link('alias'))), cell(plain(link('Bash Builtins')))],
    [cell(plain(link('bg'))), cell(plain(link('Job Control')))],
  );
  const data = table(
    [cell(plain(...str('-a'))), cell(plain(...str('all files')))],
    [cell(plain(...str('-l'))), cell(plain(...str('long form')))],
  );
  const text = para(...str('Some text with a'), { t: 'Space' }, link('link'), { t: 'Str', c: '.' });
  const list = { t: 'BulletList', c: [[plain(...str('first item'))], [plain(...str('second item'))]] };
  const doc = {
    blocks: [
      nav,
      toc,
      header('Options'),
      text,
      data,
      list,
      header('Builtin Index'),
      data,
      links,
      header('After'),
      data,
    ],
  };
  assert.deepEqual(withoutListings(doc), {
    // "Builtin Index" holds nothing once its index goes: it goes too (emptiedHeaders).
    blocks: [header('Options'), text, data, list, header('After'), data],
  });
});

test('withoutListings: a paragraph of in-page link lines set apart by line breaks is a contents list (tex4ht), a line of links alone a navigation bar', () => {
  const str = (s: string) =>
    s
      .split(' ')
      .flatMap((w, i): { t: string; c?: string }[] =>
        i === 0 ? [{ t: 'Str', c: w }] : [{ t: 'Space' }, { t: 'Str', c: w }],
      );
  const link = (s: string, href = `#${s}`) => ({ t: 'Link', c: [['', [], []], str(s), [href, '']] });
  const br = { t: 'LineBreak' };
  const entry = (n: string, s: string) => ({
    t: 'Span',
    c: [
      ['', [], []],
      [{ t: 'Str', c: n }, { t: 'Space' }, link(s)],
    ],
  });
  const toc = { t: 'Plain', c: [entry('1', 'Intro'), br, entry('1.1', 'Usage'), br, entry('2', 'Options'), br] };
  const toc1 = { t: 'Plain', c: [entry('1', 'Intro')] };
  const address = { t: 'Para', c: [...str('Karl Berry'), br, link('https://tug.org', 'https://tug.org')] };
  const mixed = {
    t: 'Para',
    c: [...str('Some text with a long line'), br, entry('1', 'Intro'), br, ...str('and more')],
  };
  const div = { t: 'Div', c: [['', ['tableofcontents'], []], [toc]] };
  // man2html's header: two lines of text, then a line of two links alone, a navigation bar.
  const header = {
    t: 'Plain',
    c: [...str('Section: User Commands'), br, link('Index', '#index'), { t: 'Space' }, link('Return', '/cgi-bin/man')],
  };
  assert.deepEqual(withoutListings({ blocks: [div, toc1, address, mixed, header] }).blocks, [
    { t: 'Div', c: [['', ['tableofcontents'], []], []] },
    toc1,
    address,
    mixed,
    { t: 'Plain', c: str('Section: User Commands') },
  ]);
});

test('withoutListings: a heading over nothing but listings left out goes (emptiedHeaders)', async (t) => {
  const str = (s: string) => [{ t: 'Str', c: s }];
  const link = (s: string) => ({ t: 'Link', c: [['', [], []], str(s), [`#${s}`, '']] });
  const plain = (...inl: unknown[]) => ({ t: 'Plain', c: inl });
  const para = (s: string) => ({ t: 'Para', c: str(s) });
  const h = (level: number, s: string) => ({ t: 'Header', c: [level, ['', [], []], str(s)] });
  const div = (...blocks: unknown[]) => ({ t: 'Div', c: [['', ['contents'], []], blocks] });
  const toc = { t: 'BulletList', c: [[plain(link('Intro'))], [plain(link('Usage'))], [plain(link('Options'))]] };
  const cases: [string, unknown[], unknown[]][] = [
    [
      '"Table of Contents" over its list, then a heading of the same rank',
      [h(1, 'Manual'), para('About.'), h(2, 'Table of Contents'), toc, h(2, 'Intro'), para('Text.')],
      [h(1, 'Manual'), para('About.'), h(2, 'Intro'), para('Text.')],
    ],
    [
      "inside a Div, as Texinfo's HTML sets it",
      [h(1, 'Manual'), para('About.'), div(h(2, 'Table of Contents'), div(toc)), h(2, 'Intro'), para('Text.')],
      [h(1, 'Manual'), para('About.'), div(div()), h(2, 'Intro'), para('Text.')],
    ],
    [
      'a rule and an anchor before the next heading are no text',
      [
        h(1, 'Manual'),
        para('About.'),
        h(2, 'Contents'),
        toc,
        { t: 'HorizontalRule' },
        plain({ t: 'Span', c: [['a', [], []], []] }),
        h(2, 'Intro'),
      ],
      [
        h(1, 'Manual'),
        para('About.'),
        { t: 'HorizontalRule' },
        plain({ t: 'Span', c: [['a', [], []], []] }),
        h(2, 'Intro'),
      ],
    ],
    [
      'a chapter over its own contents and its sections stays',
      [h(1, 'Manual'), para('About.'), h(2, 'Usage'), toc, h(3, 'Options'), para('Text.')],
      [h(1, 'Manual'), para('About.'), h(2, 'Usage'), h(3, 'Options'), para('Text.')],
    ],
    [
      "the document's title over its contents stays",
      [h(1, 'Manual'), toc, h(1, 'Intro'), para('Text.')],
      [h(1, 'Manual'), h(1, 'Intro'), para('Text.')],
    ],
    [
      'a heading over text and a list stays',
      [h(1, 'Manual'), h(2, 'Contents'), para('See below.'), toc, h(2, 'Intro')],
      [h(1, 'Manual'), h(2, 'Contents'), para('See below.'), h(2, 'Intro')],
    ],
  ];
  for (const [name, blocks, want] of cases)
    await t.test(name, () => assert.deepEqual(withoutListings({ blocks }).blocks, want));
});

const inPageHrefCases: [string, string, string | undefined, boolean][] = [
  ['a bare anchor', '#intro', undefined, true],
  ["the page's own name and an anchor", 'sec-table.html#idp1134', 'sec-table.html', true],
  ["the page's own name after ./", './sec-table.html#idp1134', 'sec-table.html', true],
  ['another page', 'ch03s09.html#x', 'sec-table.html', false],
  ["the page's own name without an anchor", 'sec-table.html', 'sec-table.html', false],
  ['a named page when the own name is unknown', 'sec-table.html#idp1134', undefined, false],
];
for (const [name, href, self, want] of inPageHrefCases) {
  test(`isInPageHref: ${name}`, () => assert.equal(isInPageHref(href, self), want));
}

test("withoutListings: a Div of in-page link lines (DocBook's div.toc) loses its entries when links name the page itself; its title stays", () => {
  const link = (s: string, href: string) => ({ t: 'Link', c: [['', [], []], [{ t: 'Str', c: s }], [href, '']] });
  const plain = (...inl: unknown[]) => ({ t: 'Plain', c: inl });
  const para = (s: string) => ({ t: 'Para', c: [{ t: 'Str', c: s }] });
  const toc = {
    t: 'Div',
    c: [
      ['', ['toc'], []],
      [para('Contents'), plain(link('Limitations', 'sec-table.html#t1')), plain(link('Width', 'sec-table.html#t2'))],
    ],
  };
  const section = {
    t: 'Div',
    c: [
      ['', ['section'], []],
      [para('Text'), plain(link('Limitations', '#t1'))],
    ],
  };
  const doc = { blocks: [toc, section] };
  assert.deepEqual(withoutListings(doc, 'sec-table.html'), {
    blocks: [{ t: 'Div', c: [['', ['toc'], []], [para('Contents')]] }, section],
  });
  assert.deepEqual(withoutListings(doc), doc);
});

test('rowReading: each table read row by row, a cell whole after the other (nested tables too); other blocks stay', () => {
  const para = (s: string) => ({ t: 'Para', c: [{ t: 'Str', c: s }] });
  const code = (s: string) => ({ t: 'CodeBlock', c: [['', [], []], s] });
  const cell = (...blocks: unknown[]) => [['', [], []], { t: 'AlignDefault' }, 1, 1, blocks];
  const table = (head: unknown[][][], ...rows: unknown[][][]) => ({
    t: 'Table',
    c: [
      ['', [], []],
      [null, []],
      [],
      [['', [], []], head.map((r) => [['', [], []], r])],
      [[['', [], []], 0, [], rows.map((r) => [['', [], []], r])]],
      [['', [], []], []],
    ],
  });
  const inner = table([], [cell(para('in1')), cell(para('in2'))]);
  const doc = {
    blocks: [
      para('Before'),
      table(
        [[cell(para('Name')), cell(para('Code'))]],
        [cell(para('add'), para('subtract')), cell(code('a = b + c;\na = b - c;'))],
        [cell(inner), cell(para('last'))],
      ),
      { t: 'Div', c: [['', [], []], [table([], [cell(para('x')), cell(para('y'))])]] },
    ],
  };
  assert.deepEqual(rowReading(doc), {
    blocks: [
      para('Before'),
      para('Name'),
      para('Code'),
      para('add'),
      para('subtract'),
      code('a = b + c;\na = b - c;'),
      para('in1'),
      para('in2'),
      para('last'),
      {
        t: 'Div',
        c: [
          ['', [], []],
          [para('x'), para('y')],
        ],
      },
    ],
  });
});

test('withRowSpans: a cell merged down over rows is read again on each row it spans when a label; a paragraph is not', () => {
  const cell = (s: string, rows = 1, cols = 1) => [
    ['', [], []],
    { t: 'AlignDefault' },
    rows,
    cols,
    [{ t: 'Plain', c: [{ t: 'Str', c: s }] }],
  ];
  const text = (rows: unknown[][][]) => rows.map((r) => r.map((c) => plainText(c[4]).trim()).join('|'));
  const long = 'x'.repeat(81);
  const fruit = cell('Fruit', 3);
  const wide = cell('ab', 2, 2);
  assert.deepEqual(
    text(
      withRowSpans([
        [fruit, cell('Apple'), cell(long, 2)],
        [cell('Pear')],
        [cell('Plum'), cell('z')],
        [wide, cell('c')],
        [cell('c2')],
      ]),
    ),
    [`Fruit|Apple|${long}`, 'Fruit|Pear', 'Fruit|Plum|z', 'ab|c', 'ab|c2'],
  );
});

// A beamer deck as pdftotext reads it: a frame title, the frame's text, and a footline of three
// boxes (authors, title and date, page of the count), a page per slide.
const FOOT = (n: number) => ['', 'Campani&Beccari (UFPel/Torino)', '', 'O Preparador de Documentos 2011', '', `${n}/6`];
const deckPage = (n: number, lines: string[]) => [...lines, ...FOOT(n)].join('\n');
const DECK = [
  deckPage(1, ['Links', '', 'The TeX Users Group has a home page.']),
  // Three overlay steps of one frame: each shows one more item.
  deckPage(2, ['Programs needed', '', 'TeX Live for every system;']),
  deckPage(3, ['Programs needed', '', 'TeX Live for every system;', 'MiKTeX for Windows;']),
  deckPage(4, ['Programs needed', '', 'TeX Live for every system;', 'MiKTeX for Windows;', 'an editor.']),
  // A step whose words the next page does not show (beamer's \only): read on its own.
  deckPage(5, ['Compiling', '', 'First run latex once.']),
  deckPage(6, ['Compiling', '', 'Then run bibtex and latex twice.']),
].join('\f');

describe('doubledAtEdge', () => {
  const cases: [string, string[], string[]][] = [
    ['a man page header', ['LS(1)', 'User Commands', 'LS(1)', 'body', 'more', 'GNU', '3'], ['ls(#)']],
    ['nothing twice', ['Title', 'body', 'more', 'end'], []],
    ['twice, but one inside the page: not at the edge', ['A', 'b', 'c', 'd', 'A', 'e', 'f', 'g'], []],
  ];
  for (const [name, page, want] of cases)
    test(name, () =>
      assert.deepEqual(
        doubledAtEdge(
          page,
          page.map((_l, i) => i),
          3,
        ),
        want,
      ),
    );
});

describe('withoutRunningLines on slides', () => {
  test("beamer's three-line footline goes, with its page of the count", () =>
    assert.equal(
      withoutRunningLines(DECK, 3, true).split('\f')[0]!.trimEnd(),
      'Links\n\nThe TeX Users Group has a home page.',
    ));
  test('a frame title repeated over three overlay steps is no running header on slides', () =>
    assert.match(withoutRunningLines(DECK, 3, true).split('\f')[2]!, /^Programs needed/));
  test('the same title is one in a book (a line at the top of 3+ pages, never inside one)', () =>
    assert.doesNotMatch(withoutRunningLines(DECK, 3).split('\f')[2]!, /Programs needed/));
});

describe('slideReading', () => {
  const cases: [string, string, string[]][] = [
    [
      'overlay steps read once, at the last step; a step with words of its own stays',
      DECK,
      ['Links', '', '', 'Programs needed', 'Compiling', 'Compiling'],
    ],
    ['identical pages (a step that reveals a picture): the first is emptied', 'A b c\fA b c', ['', 'A b c']],
    [
      'a page with a word more often than the next page has it stays',
      'Title\nstep step one\fTitle\nstep one two',
      ['Title', 'Title'],
    ],
    [
      'a section slide whose word the next slide repeats under its own title stays',
      'Tables\fDesigning tables\nTables read by row',
      ['Tables', 'Designing tables'],
    ],
    ['the last page stays', 'Only page', ['Only page']],
  ];
  for (const [name, text, want] of cases)
    test(name, () =>
      assert.deepEqual(
        slideReading(text).map((p) => p.split('\n')[0]),
        want,
      ),
    );
});

describe('buildReference of a deck: order and coverage', () => {
  const chunks = [
    'Links\nThe TeX Users Group has a home page.\nProgrammes needed',
    'Programs needed\nTeX Live for every system;\nMiKTeX for Windows;\nan editor.',
    'Compiling\nFirst run latex once.\nCompiling\nThen run bibtex and latex twice.',
  ];
  const read = (deck: boolean, texts: string[]) => {
    const got = readingOrder(texts, buildReference(DECK, { deck }));
    return { order: got.order, coverage: got.coverage };
  };
  const whole = [chunks[0]!.replace('Programmes needed', '') + chunks[1], chunks[2]!];
  const cases: [string, boolean, string[], { order: number; coverage: number }][] = [
    [
      'slides read in order across a dropped footline, overlay steps once: all 4-grams, full coverage',
      true,
      whole,
      { order: 100, coverage: 100 },
    ],
    [
      "an \\only step's own words missing count as lost",
      true,
      [whole[0]!, 'Compiling\nThen run bibtex and latex twice.'],
      { order: 100, coverage: 84.8 },
    ],
  ];
  for (const [name, deck, texts, want] of cases) test(name, () => assert.deepEqual(read(deck, texts), want));
  test('the same reading against the reference read as a book: the footline breaks 4-grams, steps count again', () => {
    // (a book's running-line rule drops much of the footline too: coverage falls less than order)
    const got = read(false, whole);
    assert.ok(got.order < 90 && got.coverage < 100, JSON.stringify(got));
  });
});

describe('deckSections', () => {
  const pages = withoutRunningLines(DECK, 3, true).split('\f');
  const cases: [string, string[], (string | undefined)[]][] = [
    [
      'each entry opens its section on the first slide titled so',
      ['Links', 'Compiling'],
      ['links', 'links', 'links', 'links', 'compiling', 'compiling'],
    ],
    [
      'no section before the first entry',
      ['Programs needed'],
      [undefined, 'programs needed', 'programs needed', 'programs needed', 'programs needed', 'programs needed'],
    ],
    [
      'entries are taken in order: a later slide repeating an earlier entry opens nothing',
      ['Programs needed', 'Links'],
      ['links', 'links', 'links', 'links', 'links', 'links'],
    ],
    ['no outline, no sections', [], [undefined, undefined, undefined, undefined, undefined, undefined]],
  ];
  for (const [name, outline, want] of cases) test(name, () => assert.deepEqual(deckSections(pages, outline), want));
});

describe('slideLabels', () => {
  const pages = withoutRunningLines(DECK, 3, true).split('\f');
  const at = (section: string, pageStart: number): PagedChunk => ({
    content: 'x',
    section,
    pageStart,
    pageEnd: pageStart,
  });
  const cases: [string, PagedChunk[], number | undefined][] = [
    ['the title at the top of the slide the chunk starts on', [at('Links', 1), at('Programs needed', 4)], 100],
    ['a title taken from another slide is wrong', [at('Links', 4)], 0],
    ['an outline entry carried over a later slide is wrong', [at('Programs needed', 5)], 0],
    ['a title over two lines, read joined', [at('Links The TeX Users Group has a home page', 1)], 100],
    ['a body line under the first three is no title', [at('an editor', 4)], 0],
    ['empty labels are not judged', [at('', 1), at('Compiling', 6)], 100],
  ];
  for (const [name, chunks, want] of cases) test(name, () => assert.equal(slideLabels(chunks, pages).matching, want));
  test('a bad label still counts its kind', () => assert.equal(slideLabels([at('Note', 1)], pages).admonitions, 1));
  // The deck's outline: its sections, as beamer's \section writes them.
  const outline = ['Links', 'Programs needed'];
  const withOutline: [string, PagedChunk[], number | undefined][] = [
    ['a chunk labelled with the section its slide stands in', [at('Programs needed', 5)], 100],
    ['a section that does not hold the slide is wrong', [at('Links', 5)], 0],
    ["a slide's own title is still right", [at('Compiling', 6)], 100],
  ];
  for (const [name, chunks, want] of withOutline)
    test(name, () => assert.equal(slideLabels(chunks, pages, outline).matching, want));
});

describe('slideMixes', () => {
  const c = (pageStart: number, pageEnd: number): PagedChunk => ({ content: '', section: '', pageStart, pageEnd });
  // Slides 1-2 short, 3 and 4 long enough to stand alone, 5 an emptied overlay step, 6 long.
  const lengths = [300, 400, 900, 1000, 0, 850];
  const cases: [string, PagedChunk[], number][] = [
    ['short slides gathered in one chunk are no mix', [c(1, 2)], 0],
    ['a short slide with a long one is no mix (the short one cannot stand alone)', [c(2, 3)], 0],
    ['two slides that could each make a chunk, in one chunk, are a mix', [c(3, 4)], 1],
    ['an emptied overlay step between two long slides does not part them', [c(4, 6)], 1],
    ['each long slide in chunks of its own: no mix', [c(3, 3), c(3, 3), c(4, 4), c(6, 6)], 0],
    ['a chunk counts once however many pairs it mixes', [c(3, 6)], 1],
    ['chunks without pages are not judged', [{ content: '', section: '' }], 0],
  ];
  for (const [name, chunks, want] of cases) test(name, () => assert.equal(slideMixes(chunks, lengths), want));
  test('slideLengths: characters with whitespace collapsed', () =>
    assert.deepEqual(slideLengths(['a  b\n c', '', 'é']), [5, 0, 1]));
});

describe('overlayRepeats', () => {
  const step = 'Programs needed TeX Live for every system; MiKTeX for Windows;';
  const cases: [string, string[], number][] = [
    [
      'each step read once: nothing repeated',
      ['Programs needed\nTeX Live for every system;\nMiKTeX for Windows;\nan editor.'],
      0,
    ],
    ['a step read again in the next chunk: its 8-grams repeated', [step, `${step}\nan editor.`], 3],
    ['text the deck shows twice may be read twice', ['Compiling First run', 'Compiling Then run'], 0],
    [
      'text the reference lacks is left to the order measure',
      ['one two three four five six seven eight', 'one two three four five six seven eight'],
      0,
    ],
    [
      'text read twice that no overlay repeats is no overlay repeat (a table and its source)',
      ['The TeX Users Group has a home page.', 'The TeX Users Group has a home page.'],
      0,
    ],
  ];
  for (const [name, texts, want] of cases)
    test(name, () =>
      assert.equal(
        overlayRepeats(
          texts.map((t) => chunk(t)),
          DECK,
        ),
        want,
      ),
    );
  test('a reading without pages has no overlay steps', () =>
    assert.equal(overlayRepeats([chunk('a b c d e f g h'), chunk('a b c d e f g h')], 'a b c d e f g h'), 0));
});

describe('numberedFooters: a footer of a text, a slash and the page number, on two pages', () => {
  const page = (body: string, foot: string) => ['Chapter text goes on here.', body, '', foot];
  const cases: [string, string[][], string[]][] = [
    [
      "groff mom's draft footer over a two-page chapter",
      [page('one', 'Draft 1, Rev. 2 / i'), page('two', 'Draft 1, Rev. 2 / ii')],
      ['0:3', '1:3'],
    ],
    ['on one page only: text', [page('one', 'Draft 1, Rev. 2 / i'), page('two', 'The end.')], []],
    [
      'the same number twice: a formula, not a page number',
      [page('one', 'so x = y / 2'), page('two', 'so x = y / 2')],
      [],
    ],
    [
      'other texts before the slash: text',
      [page('one', 'take the half: y / 2'), page('two', 'and a third: z / 3')],
      [],
    ],
    [
      'not at the foot: text',
      [
        ['Draft 1, Rev. 2 / i', 'a', 'b', 'c', 'd'],
        ['Draft 1, Rev. 2 / ii', 'a', 'b', 'c', 'd'],
      ],
      [],
    ],
  ];
  for (const [name, pages, want] of cases)
    test(name, () => assert.deepEqual([...numberedFooters(pages, 3)].sort(), want));
  test('withoutRunningLines drops them', () =>
    assert.equal(
      withoutRunningLines('Text one.\nDraft 1, Rev. 2 / i\fText two.\nDraft 1, Rev. 2 / ii'),
      'Text one.\fText two.',
    ));
});

describe("negationSpelling: a negated relation as pdftotext reads cmsy's slash, a 6 before the symbol", () => {
  const cases: [string, string, string | undefined][] = [
    ['not equal', 'if (x ≠ 0)', 'if (x 6= 0)'],
    ['not an element, glued', 'x∉A', 'x6∈A'],
    ['a slash over a letter: the 6 before it too', 'X\u0338 and ≠', '6X and 6='],
    ['a slash before its symbol, and one alone', '\u0338< and \u0338 angle', '6< and 6 angle'],
    ['none: undefined', 'a = b', undefined],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.equal(negationSpelling(text), want));
  test("in order against pdftotext's reading", () => {
    const ref = buildReference('if (outfile 6= stdout) fclose(outfile);');
    assert.equal(readingOrder(['if (outfile ≠ stdout) fclose(outfile);'], ref).order, 100);
  });
});

describe('bigOperatorSpelling: cmex10 big operators spelt as pdftotext reads their codes', () => {
  const cases: [string, string, boolean, string | undefined][] = [
    ['a symbol table: each operator at both sizes', '∑ ∑ \\sum ⋂ ⋂ \\bigcap', false, 'P X \\sum T \\ \\bigcap'],
    ['a symbol table, display asked: the pair the same', '∑ ∑ \\sum', true, 'P X \\sum'],
    ['a binary-looking big operator shown twice: \\bigoplus', '⊕ ⊕ \\bigoplus', false, 'L M \\bigoplus'],
    ['a lone binary operator stays', 'a ⊕ b', false, undefined],
    [
      'a binary-looking big operator shown once, its command after it (a one-size table)',
      '∫\n\\int\n⊔\n\\bigsqcup\n∨\n\\bigvee',
      false,
      'R\n\\int\nF\n\\bigsqcup\nW\n\\bigvee',
    ],
    ['a binary operator before another command stays', '⊕ \\bigotimes', false, undefined],
    ['a binary operator before its binary command stays', '⊕ \\oplus', false, undefined],
    ['a tall pair the reader puts on two lines', '∫\n∫\n\\int', false, 'R\nZ\n\\int'],
    ['an inline sum with its limit: the text size', '∑n k=1 1/k', false, 'Pn k=1 1/k'],
    ['a display sum', 'n ∑ k=1', true, 'n X k=1'],
    ['no operator: undefined', 'x + y', true, undefined],
  ];
  for (const [name, text, display, want] of cases)
    test(name, () => assert.equal(bigOperatorSpelling(text, display), want));
  test("a symbol table row in order against pdftotext's letters", () => {
    const ref = buildReference('P\n\nX\n\n\\sum\n\nT\n\n\\\n\n\\bigcap\n\nJ\n\nK\n\n\\bigodot\n\nQ\n\nY\n\n\\prod');
    const chunk = '∑ ∑\n\\sum\n⋂ ⋂\n\\bigcap\n⊙ ⊙\n\\bigodot\n∏ ∏\n\\prod';
    assert.deepEqual(readingOrder([chunk], ref), { order: 100, coverage: 100, grams: 8 });
  });
});

describe('joinedTexLogo: the LaTeX logo a footnote breaks over three lines, read as printed', () => {
  const cases: [string, string, string][] = [
    [
      "a footnote's logo, the E two lines down after a blank line, a hyphen after it",
      '1 The L\nAT X format contains declarations for many font fami-\n\nE\n\nlies already.',
      '1 The LATEX format contains declarations for many font fami-\n\n\nlies already.',
    ],
    [
      'the E on the next line',
      'the conditions of the L\nAT X Project Public\nE\nLicense, either version 1.3c',
      'the conditions of the LATEX Project Public\nLicense, either version 1.3c',
    ],
    ['the A and T apart', 'The L\nA T X logo\nE\nhere.', 'The LATEX logo\nhere.'],
    ['no lone E: left alone', 'The L\nAT X logo\nhere.', 'The L\nAT X logo\nhere.'],
    ['a line ending in L over other text: left alone', 'size L\nATX is a board\nE\n', 'size L\nATX is a board\nE\n'],
    ['a word ending in l: left alone', 'the total L\nAT Xbox\nE', 'the total L\nAT Xbox\nE'],
    ['the logo read whole: unchanged', 'The LATEX format.', 'The LATEX format.'],
    [
      "a beamer title's logo at display size: the E in its braces, AT X, then the L's line",
      '{ E }\n\nAT X\nRédaction avec \\title L\nPremiers pas',
      '{ }\n\nRédaction avec \\title LATEX\nPremiers pas',
    ],
    ['display size without braces: the E line goes', 'E\nAT X\nThe L\nbook', 'The LATEX\nbook'],
    ['display size, AT X over other text: left alone', 'E\nAT X table\nThe L\n', 'E\nAT X table\nThe L\n'],
    [
      'the E line opens a page: its page break stays',
      'text.\n\f{ E }\n\nAT X\nRédaction avec \\title L',
      'text.\n\f{ }\n\nRédaction avec \\title LATEX',
    ],
    ['a footnote E opening a page: its page break stays', 'The L\nAT X logo\n\fE\nhere.', 'The LATEX logo\n\f\nhere.'],
    ['display size, no lone E above: left alone', 'AT X\nThe L\nbook', 'AT X\nThe L\nbook'],
    ['display size, an E in a word above: left alone', '{ Ex }\nAT X\nThe L\n', '{ Ex }\nAT X\nThe L\n'],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.equal(joinedTexLogo(text), want));
  test('order and coverage of the chunk that reads the logo as printed', () => {
    const page =
      'you see no difference\n1 The L\nAT X format contains declarations for many font fami-\n\nE\n\nlies already.';
    const chunk = ['you see no difference\n1 The LATEX format contains declarations for many font families already.'];
    const before = readingOrder(chunk, buildReference(page));
    const after = readingOrder(chunk, buildReference(joinedTexLogo(page)));
    assert.deepEqual([before.order < 100, after.order, after.coverage], [true, 100, 100]);
  });
});

describe("closingQuoteYs: the CS fonts' closing quote, which pdftotext reads as ÿ", () => {
  const cases: [string, string, string][] = [
    ['a quoted word', 'v režimu „filtrÿ, není', 'v režimu „filtr“, není'],
    ['two on a line, a quoted space', '„nula nebo víceÿ a „ ÿ znamená', '„nula nebo více“ a „ “ znamená'],
    ['the „ on another line: left alone', '„nula nebo\nvíceÿ protože', '„nula nebo\nvíceÿ protože'],
    ['a ÿ inside a word stays', '„L’Haÿ-les-Roses“', '„L’Haÿ-les-Roses“'],
    ['no „: unchanged', 'Eÿ x', 'Eÿ x'],
    ["a glyph table's row: spacing accents between", '„ ‰ ˘ ˙ ÿ', '„ ‰ ˘ ˙ ÿ'],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.equal(closingQuoteYs(text), want));
  test("the service's quote against the corrected reference: in order and found", () => {
    const page = 'takže pokud program pracuje v režimu „filtrÿ, není nutné tento parametr použít.';
    const chunk = ['takže pokud program pracuje v režimu „filtr“, není nutné tento parametr použít.'];
    const before = readingOrder(chunk, buildReference(page));
    const after = readingOrder(chunk, buildReference(closingQuoteYs(page)));
    assert.deepEqual([before.coverage < 100, after.order, after.coverage], [true, 100, 100]);
  });
});
test('framedHeads: a head in three parts whose middle changes; title pages and running heads over text are no such head', () => {
  const page = (...lines: string[]) => ['', ...lines, ''];
  const pages = [
    page('Lake Attica’s Shores', 'by', 'Rosemary Winspeare'),
    page('Rosemary Winspeare', 'Outline', 'LAKE ATTICA’S SHORES', '1.2. Chapter 2', 'Stet clita kasd gubergren.'),
    // A chapter's cover and its first page open alike: the same second line.
    page('Chapter 1', 'The Bonny Blue Yonder', 'Lorem ipsum dolor sit amet.'),
    page('Chapter 1', 'The Bonny Blue Yonder', 'Lorem ipsum dolor sit amet.'),
    page('Rosemary Winspeare', 'The Bonny Blue Yonder', 'LAKE ATTICA’S SHORES', 'voluptua. At vero eos et accusam.'),
    // A running head over code: it opens other pages with other lines under it.
    page('Debian Developer’s Reference', 'Template: foo/bar', 'Type: Select'),
    page('Debian Developer’s Reference', 'Template: geneweb/lang', 'Type: select'),
    page('Debian Developer’s Reference', 'Some text of the page.', 'More text.'),
  ];
  assert.deepEqual([...framedHeads(pages)].sort(), ['1:1', '1:2', '1:3', '4:1', '4:2', '4:3']);
  // And withoutRunningLines drops them: the head's words are no body text.
  const body = withoutRunningLines(pages.map((p) => p.join('\n')).join('\f'));
  assert.ok(!body.includes('ATTICA'));
  assert.ok(body.includes('Chapter 1'));
  assert.ok(body.includes('Template: foo/bar'));
});

describe("withoutDrawingGlyphs: a figure's strokes set in a drawing font are no words", () => {
  // pdftohtml's fragments of an xy-pic tree: labels in the text font, strokes in XYDASH10/XYATIP10.
  const tree = {
    drawing: ['llll', 'llll', 'll', 'R', 'R', 'R', 'RR', 'E', 'E', 'yyy', 'l'],
    text: ['Último exemplo de XY-pic', 'Khether', 'B', 'A', 'Geburah', 'L', 'Netsach'],
  };
  const cases: [string, string, (typeof tree | undefined)[], string][] = [
    [
      'strokes alone on their lines go, a label keeps its line',
      'Último exemplo de XY-pic\nKhether A\nRRR\nBllll\nyyy',
      [tree],
      'Último exemplo de XY-pic\nKhether A\n\nB\n',
    ],
    ['a label glued to strokes keeps the label', 'GeburahRR EEEE\nlNetsach', [tree], 'Geburah\nNetsach'],
    // The text font sets L once: one "l" is the label, the second a stroke.
    ['a stroke spelt like a label goes past the label count', 'L\nl\nl', [tree], 'L\n\n'],
    ['a page without drawing fonts is untouched', 'lll RRR ee', [{ drawing: [], text: ['x'] }], 'lll RRR ee'],
    ['only the page with the strokes', 'lll\fKhether llll', [undefined, tree], 'lll\fKhether'],
    // A word whose letters are not all strokes stays, read or not by the text fonts.
    ['other words stay', 'Binah Rex', [tree], 'Binah Rex'],
  ];
  for (const [name, text, fonts, want] of cases)
    test(name, () => assert.equal(withoutDrawingGlyphs(text, fonts), want));
});

describe("boxesWithoutDrawingGlyphs: the column-aware readings' word boxes without a figure's strokes", () => {
  const tree = {
    drawing: ['llll', 'RR', 'E'],
    text: ['Khether', 'B', 'A', 'Geburah', 'L'],
  };
  const box = (text: string, x0 = 0) => ({ x0, y0: 0, x1: x0 + 10, y1: 10, text });
  const cases: [string, ReturnType<typeof box>[][], (typeof tree | undefined)[], string[][]][] = [
    ['strokes alone go', [[box('Khether'), box('llll'), box('A'), box('RR')]], [tree], [['Khether', 'A']]],
    ['a label glued to strokes keeps the label', [[box('GeburahRR'), box('lB')]], [tree], [['Geburah', 'B']]],
    ['a stroke spelt like a label goes past the label count', [[box('L'), box('l')]], [tree], [['L']]],
    ['a page without drawing fonts is untouched', [[box('llll'), box('RR')]], [undefined], [['llll', 'RR']]],
    ['only the page with the strokes', [[box('E')], [box('E'), box('A')]], [undefined, tree], [['E'], ['A']]],
  ];
  for (const [name, pages, fonts, want] of cases)
    test(name, () =>
      assert.deepEqual(
        boxesWithoutDrawingGlyphs(pages, fonts).map((p) => p.map((w) => w.text)),
        want,
      ),
    );
  test('a kept word keeps its box', () => {
    const [[w]] = boxesWithoutDrawingGlyphs([[box('ERR', 7)]], [{ drawing: ['RR'], text: ['E'] }]) as [
      [ReturnType<typeof box>],
    ];
    assert.deepEqual(w, box('E', 7));
  });
});

describe("figurePageReadings: a glyph-drawn figure's page read as it draws its labels", () => {
  const cases: [string, ({ drawing: string[]; text: string[] } | undefined)[], string[]][] = [
    [
      'a page with strokes: its text fragments in drawn order',
      [{ drawing: ['llll', 'RR'], text: ['Khether', 'B', 'G', 'A', 'Binah'] }],
      ['Khether\nB\nG\nA\nBinah'],
    ],
    ['a page without strokes gives none', [{ drawing: [], text: ['Prose', 'text'] }], []],
    [
      'only the pages with strokes',
      [undefined, { drawing: [], text: ['a'] }, { drawing: ['E'], text: ['Chesed', 'Kh'] }],
      ['Chesed\nKh'],
    ],
  ];
  for (const [name, fonts, want] of cases) test(name, () => assert.deepEqual(figurePageReadings(fonts), want));
});

describe("chartLabelReadings: a chart's labels read as its page draws them, axis after axis", () => {
  const yAxis = ['0 %', '2.5 %', '5 %', '7.5 %', '10 %'];
  const cases: [string, string, string[]][] = [
    [
      'ticks then titles, between code and prose: the run of labels alone',
      [
        '\\StatsGraph \\combdata',
        '36 37 38 39 40',
        ...yAxis,
        'Shoe size',
        'Frequency',
        'The keys append options.',
      ].join('\n'),
      [['36 37 38 39 40', ...yAxis, 'Shoe size', 'Frequency'].join('\n')],
    ],
    [
      'plain numbers in even steps, one a line, and a title',
      ['0', '10', '20', '30', '40', 'Cumulative count'].join('\n'),
      ['0\n10\n20\n30\n40\nCumulative count'],
    ],
    ['a vertical axis without a title: no chart known', ['0', '10', '20', '30', '40'].join('\n'), []],
    ['an x axis only (one line of ticks) and a title', ['0 2 4 6 8 10', 'Values'].join('\n'), []],
    [
      "a table's rows of numbers in even steps: rows, not an axis",
      ['produces', '00 01 02 03 04', '10 11 12 13 14', '20 21 22 23 24', '30 31 32 33 34'].join('\n'),
      [],
    ],
    ['numbers one a line in no even step (bar values)', ['1', '3', '10', '30', '18', 'Values'].join('\n'), []],
    ['three ticks in a step are no axis', ['0', '10', '20', '25', 'Count'].join('\n'), []],
    [
      'a numbered heading after the chart ends its run',
      ['0', '1', '2', '3', 'Count', '1.4.6 Horizontal axis settings'].join('\n'),
      ['0\n1\n2\n3\nCount'],
    ],
    ['a sentence or a line of code is no title', ['x = 1', '0', '1', '2', '3', 'See the values.'].join('\n'), []],
    ['a run never crosses a page', ['0', '1', '2', '3', '\f', 'Count'].join('\n'), []],
    [
      'ticks with a unit word',
      ['0 students', '1 student', '2 students', '3 students', 'Values'].join('\n'),
      ['0 students\n1 student\n2 students\n3 students\nValues'],
    ],
    [
      'descending ticks and negative ones',
      ['3', '2', '1', '0', '\u22121', 'Year'].join('\n'),
      ['3\n2\n1\n0\n\u22121\nYear'],
    ],
  ];
  for (const [name, raw, want] of cases) test(name, () => assert.deepEqual(chartLabelReadings(raw), want));
});

describe('joinedAcrossPages: a word broken over a page break, the page number gone from between', () => {
  const cases: [string, string, string][] = [
    [
      'the halves join on the first page, the break kept after the word',
      'Die wichtigsten Op-\n\n\n\ftionen für die Standardklassen',
      'Die wichtigsten Optionen\n\f für die Standardklassen',
    ],
    ['a break inside a page is dehyphenate’s, left alone', 'Op-\ntionen', 'Op-\ntionen'],
    ['a capital after the break is no word’s end (a compound’s name)', 'Ghost-\n\fScript', 'Ghost-\n\fScript'],
    ['two breaks (an empty page between) both kept', 'Op-\n\f\n\ftionen sind', 'Optionen\n\f\f sind'],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.equal(joinedAcrossPages(text), want));
  test('the reference reads the word whole, in order and covered', () => {
    const ref = buildReference(
      'Die wichtigsten Op-\n\n11\n\ftionen für die Standardklassen sind hier.\n\n12\n\fMehr Text steht hier.\n\n13\n\fUnd noch mehr Text.\n\n14',
    );
    assert.deepEqual(readingOrder(['Die wichtigsten Optionen für die Standardklassen sind hier.'], ref).order, 100);
  });
});

describe('twoPartHeads: a head set across the page in two parts over two pages', () => {
  const text = 'Body text of the page goes on here.';
  // groff mom: an article's cover (its title alone on its row), then two pages under the recto/verso head.
  const layout = [
    '              CONTROL EQUALS CHAOS: A STUDY\n\nby Joe Chang',
    'CONTROL EQUALS CHAOS                                  Chang, Connors\n\n' + text,
    'Chang, Connors                      CONTROL EQUALS CHAOS\n\n' + text,
  ].join('\f');
  const plain = [
    'CONTROL EQUALS CHAOS: A STUDY\nby Joe Chang\n\n-1-',
    `Chang, Connors\n\nCONTROL EQUALS CHAOS\n${text}\n\n-2-`,
    `Chang, Connors\n\nCONTROL EQUALS CHAOS\n${text}\n\n-3-`,
  ].join('\f');
  test('the parts of a row that opens two pages', () =>
    assert.deepEqual([...twoPartHeads(layout)].sort(), ['CONTROL EQUALS CHAOS', 'Chang, Connors']));
  test('a title alone on its row, a row on one page, a row of three parts are none', () => {
    assert.deepEqual([...twoPartHeads('   Title\f   Title\fA Part       B Part\fC x')], []);
    assert.deepEqual(
      [...twoPartHeads('Switch     Equivalent switch     Usage\fSwitch     Equivalent switch     Usage')],
      [],
    );
  });
  test('withoutRunningLines drops both parts where they open a page, the cover keeps its title', () =>
    assert.deepEqual(
      withoutRunningLines(plain, 3, false, twoPartHeads(layout))
        .split('\f')
        .map((p) => p.split('\n').filter((l) => l.trim() !== '')),
      [['CONTROL EQUALS CHAOS: A STUDY', 'by Joe Chang'], [text], [text]],
    ));
  test('a part that stands again lower on the page stays (a chapter title under its head)', () => {
    const page = `User Guide\nChapter 1 Introduction\nChapter 1 Introduction\n${text}`;
    const out = withoutRunningLines(`${page}\f${page}`, 3, false, new Set(['User Guide', 'Chapter 1 Introduction']));
    assert.equal(
      out
        .split('\f')[0]!
        .split('\n')
        .filter((l) => l === 'Chapter 1 Introduction').length,
      2,
    );
  });
});

describe('scriptCounts: a raised number counts glued to its base where the reference glues it', () => {
  const vocab = new Set(['sin', 'x', 'x3', '3', 'x5', '5']);
  const cases: [string, string[], [string, number][]][] = [
    [
      'both readings: the words as read, and the glued words the reference has',
      ['sin', 'x', 'x', '3', '3', 'x', '5', '5'],
      [
        ['sin', 1],
        ['x', 3],
        ['3', 2],
        ['5', 2],
        ['x3', 1],
        ['x5', 1],
      ],
    ],
    [
      'nothing to glue: the words as read',
      ['sin', 'x'],
      [
        ['sin', 1],
        ['x', 1],
      ],
    ],
    // "y2" is no word of the reference: no glued reading.
    [
      'a glue the reference lacks',
      ['y', '2'],
      [
        ['y', 1],
        ['2', 1],
      ],
    ],
  ];
  for (const [name, ws, want] of cases)
    test(name, () => assert.deepEqual([...scriptCounts(ws, vocab)].sort(), want.sort()));
  test('coverage of a formula read with its scripts apart, against pdftotext glued', () => {
    const ref = buildReference('sin x = x − x3 x5 + 3! 5!');
    assert.equal(readingOrder(['sin x = x − x 3 3! + x 5 5!'], ref).coverage, 100);
  });
});

test('scriptCounts: scripts of letters count glued only where a 4-gram of the reference places them', () => {
  const vocab = new Set(['log', '1', 'x', 'ex']);
  const grams = new Set(['log 1 x ex', '1 x ex ex']);
  const inRef = (g: string) => grams.has(g);
  const ws = ['log', '1', 'x', 'e', 'x', 'e', 'x', '1'];
  assert.equal(scriptCounts(ws, vocab, inRef).get('ex'), 2);
  assert.equal(scriptCounts(ws, vocab).get('ex'), undefined);
  assert.equal(scriptCounts(['let', 'e', 'x', 'be'], vocab, inRef).get('ex'), undefined);
  // Coverage counts them where the chunk is read its own way: a second reading (the column-aware
  // one) reads the scripts apart and goes on as the chunk does, so the chunk's own spelling has
  // more 4-grams in the reference than the glued one; the glued words still count where placed.
  const ref = buildReference('log(1 + x), ex , ex − 1 Q R', { alternative: 'log(1 + x), e x , e x − 1 Z W' });
  assert.equal(readingOrder(['log(1 + x), e x , e x − 1 Z W'], ref).coverage, 75);
});

describe('headRows: a head or foot row in parts that holds the page number', () => {
  const body = 'Body text of the page goes on here, a sentence of it.';
  // A book's verso and recto heads (page, chapter, title; section, page), pages 28 to 31 at indices 0 to 3.
  const layout = [
    `28                         4   USING GNU PROLOG\n\n${body}`,
    `4.4     The GNU Prolog compiler                      29\n\n${body}`,
    `30                         4   USING GNU PROLOG\n\n${body}`,
    `4.5     Interfacing                      31\n\n${body}`,
  ].join('\f');
  const cases: [string, string, (string[] | undefined)[]][] = [
    [
      'heads whose page numbers follow the page sequence',
      layout,
      [
        ['28', '4', 'USING GNU PROLOG'],
        ['4.4', 'The GNU Prolog compiler', '29'],
        ['30', '4', 'USING GNU PROLOG'],
        ['4.5', 'Interfacing', '31'],
      ],
    ],
    [
      'a table header repeated atop its pages (no page number) is none',
      [
        'Switch     Equivalent switch     Usage',
        'Switch     Equivalent switch     Usage',
        'Switch     Equivalent switch     Usage',
      ].join('\f'),
      [undefined, undefined, undefined],
    ],
    [
      'rows ending in numbers off the page sequence are none',
      ['Total     1994', 'Volume     12', 'Items     7', 'Total     3'].join('\f'),
      [undefined, undefined, undefined, undefined],
    ],
    [
      'a number on the sequence on two pages only is none',
      [`1     Title\n${body}`, `2     Title\n${body}`, body].join('\f'),
      [undefined, undefined, undefined],
    ],
    [
      'a row of one part, or of numbers only, is none',
      ['                 1\nText', '2\nText', '3      4\nText', '4\nText'].join('\f'),
      [undefined, undefined, undefined, undefined],
    ],
    [
      'foot rows too',
      [`${body}\n\nDraft manual       1`, `${body}\n\nDraft manual       2`, `${body}\n\nDraft manual       3`].join(
        '\f',
      ),
      [
        ['Draft manual', '1'],
        ['Draft manual', '2'],
        ['Draft manual', '3'],
      ],
    ],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.deepEqual(headRows(text), want));
});

describe('headRowLines: the lines of a plain page that are its head row read apart', () => {
  const filled = (p: string[]) => p.flatMap((l, i) => (l.trim() ? [i] : []));
  const cases: [string, string[], string[], number[], number[]][] = [
    [
      'a head read as a line per part, the page number fourth',
      ['§6', 'VLNA', 'PARAMETRY PŘÍKAZOVÉHO ŘÁDKU', '3', '6. Parametry příkazového řádku. Program čte parametry.'],
      ['§6', 'VLNA', 'PARAMETRY PŘÍKAZOVÉHO ŘÁDKU', '3'],
      [],
      [0, 1, 2, 3],
    ],
    [
      'a verso head with its right parts at the page end; the text\'s "5." stays',
      ['2', 'PROGRAM VLNA', '5.', 'Základní rozvržení funkce main.', 'return status;', 'VLNA', '§5'],
      ['2', 'PROGRAM VLNA', 'VLNA', '§5'],
      [],
      [0, 1, 5, 6],
    ],
    [
      'a head read after three lines of code',
      ['==(?term, ?term)', '\\==(?term, ?term)', '@<(?term, ?term)', '60', '8', 'PROLOG BUILT-IN PREDICATES', 'Text.'],
      ['60', '8', 'PROLOG BUILT-IN PREDICATES'],
      [],
      [3, 4, 5],
    ],
    [
      'the section heading under the head that repeats its words stays',
      ['8.4', 'Term processing', '8.4', 'Term processing', '59', 'Text of the section.'],
      ['8.4', 'Term processing', '59'],
      [],
      [0, 1, 4],
    ],
    [
      'a line already dropped spends its words: the heading under it stays',
      ['59', 'Term processing', 'Term processing', 'Text of the section.'],
      ['Term processing', '59'],
      [0, 1],
      [],
    ],
    [
      'a title in another case than the head stays',
      ['VLNA', 'Rejstřík.', 'ANY: 15, 22.'],
      ['§57', 'VLNA', 'REJSTŘÍK', '23'],
      [],
      [0],
    ],
    [
      'a line with a word the head lacks stays',
      ['12', 'USING GNU PROLOG', 'Using GNU Prolog is easy.'],
      ['12', 'USING GNU PROLOG'],
      [],
      [0, 1],
    ],
  ];
  for (const [name, page, row, dropped, want] of cases)
    test(name, () => assert.deepEqual(headRowLines(page, filled(page), row, new Set(dropped)), want));
});

describe('withoutHeadRows and withoutRunningLines with head rows', () => {
  const body = 'Body text of the page goes on here, a sentence of it.';
  const plain = ['§1\nVLNA\nPROGRAM VLNA\n1\n' + body, '2\nPROGRAM VLNA\n5.\n' + body + '\nVLNA\n§5'].join('\f');
  const rows = [
    ['§1', 'VLNA', 'PROGRAM VLNA', '1'],
    ['2', 'PROGRAM VLNA', 'VLNA', '§5'],
  ];
  test('withoutHeadRows drops the rows, every other line kept', () =>
    assert.deepEqual(withoutHeadRows(plain, rows).split('\f'), [body, `5.\n${body}`]));
  test('a page without a row is kept whole', () => assert.equal(withoutHeadRows(plain, []), plain));
  test('withoutRunningLines drops a head row beyond its three edge lines', () => {
    assert.match(withoutRunningLines(plain).split('\f')[0]!, /PROGRAM VLNA/);
    assert.deepEqual(withoutRunningLines(plain, 3, false, new Set(), rows).split('\f'), [body, `5.\n${body}`]);
  });
  test('the reference built with a layout leaves the head out of coverage', () => {
    const layout = [1, 2, 3, 4].map((n) => `§${n}     VLNA        TITLE NUMBER ${n}     ${n}\n${body}`).join('\f');
    const text = [1, 2, 3, 4].map((n) => `§${n}\nVLNA\nTITLE NUMBER ${n}\n${n}\n${body}`).join('\f');
    const ref = buildReference(text, { layout });
    assert.equal(readingOrder([body, body, body, body], ref).coverage, 100);
    assert.ok(readingOrder([body, body, body, body], buildReference(text)).coverage < 100);
  });
});

test('historyEntries: a change history without its leaders and page references', async (t) => {
  const cases: [string, string, string][] = [
    [
      'entries to the index title',
      'Change History\nv0.8c\nGeneral: Repacked as dtx file. (RN) . . . . 1\nM-x delete (HjG) . 1\nv1.0\nMerge (hastily).\nIndex\nvalue . . . 10',
      'Change History\nv0.8c\nGeneral: Repacked as dtx file. (RN)\nM-x delete (HjG)\nv1.0\nMerge (hastily).\nIndex\nvalue . . . 10',
    ],
    ['over a page turn', 'Change History\nA. (RN) . . 3\n\fB. (RN) . . 4, 7', 'Change History\nA. (RN)\n\fB. (RN)'],
    [
      'an entry that filled its line loses its page',
      'Change History\nGeneral: First . . . . 1\nPackage option added 36',
      'Change History\nGeneral: First\nPackage option added',
    ],
    ['no history: as it was', 'Intro . . . . 1\nUsage . . . . 2', 'Intro . . . . 1\nUsage . . . . 2'],
    [
      'a heading of that name over prose: as it was',
      'Change History\nSee the release notes.\nAs in table . 3',
      'Change History\nSee the release notes.\nAs in table . 3',
    ],
    [
      'a leader alone on its line goes',
      'Change History\nLong entry (RN)\n. . . . 12',
      'Change History\nLong entry (RN)\n',
    ],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(historyEntries(text), want));
});

test('withoutIndexTail: the lines of an index that page detection leaves in', async (t) => {
  const cases: [string, string, string][] = [
    [
      "a package manual's index after its code, over a page turn",
      '277 }\nIndex\nNumbers written in italic refer to the page where the entry is described.\n\\@nnil . . . 109,\n123, 126, 129,\nB\n\f\\tldatecventry . . 4, 210',
      '277 }\nIndex\nNumbers written in italic refer to the page where the entry is described.\n\n\n\n\f',
    ],
    [
      'prose again after it: kept from there',
      'Index\nfoo, 3\nThis appendix tells the story of the package, which began long ago.\nIt was written by a team of people over many years of work.\nThe last line of that paragraph ends here.\nshort',
      'Index\n\nThis appendix tells the story of the package, which began long ago.\nIt was written by a team of people over many years of work.\nThe last line of that paragraph ends here.\nshort',
    ],
    ['no index title: as it was', 'Contents\nfoo, 3\nbar', 'Contents\nfoo, 3\nbar'],
    [
      'a change history after it ends it',
      'Index\nfoo, 3\nChange History\nv1.0\nGeneral: first',
      'Index\n\nChange History\nv1.0\nGeneral: first',
    ],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(withoutIndexTail(text), want));
});

test("indexMaterial: the lines of a package manual's index", async (t) => {
  const cases: [string, string, boolean][] = [
    ['\\@tempa 108, 109, 155, 156', '', true],
    ['\\tl@startlabel 153,', '', true],
    ['123, 126, 129,', '', true],
    ['. . . . . . . . 180,', '', true],
    ['\\tldatecventry . . 4, 210', '', true],
    ['\\tl@startfraction .', '', true],
    ['\\DeclareStringOption', '. . . . . . . . . . 8–11', true],
    ['\\tl@startlabel', '153,', true],
    ['B', '', true],
    ['Symbols', '', true],
    ['Numbers written in italic refer to the page where the corresponding entry is described.', '', false],
    ['This appendix tells the story', 'of the package.', false],
    ['Refractive index', 'n', false],
  ];
  for (const [line, next, want] of cases) await t.test(line, () => assert.equal(indexMaterial(line, next), want));
  await t.test('indexTailLines: the note under the title is no end', () =>
    assert.deepEqual(
      [
        ...indexTailLines(
          'Index\nNumbers written in italic refer to the code lines where the entry is described;\nnumbers underlined refer to the code line of the definition; numbers in roman refer to the\ncode lines where the entry is used. The numbers are hyperlinks.\n\\@ehc, 1050\n\\@empty, 694, 701,\n1010, 1013',
        ),
      ],
      [4, 5, 6],
    ),
  );
  await t.test('indexTailLines: from the title, to prose again', () =>
    assert.deepEqual(
      [
        ...indexTailLines(
          'text 3, 4\nIndex\n\\a 3, 4\nB\nOne long line of prose that runs over sixty characters, to the end.\n\\b 5, 6',
        ),
      ],
      [2, 3, 5],
    ),
  );
});

test("historyEntryEnds: where a change history's entries end", async (t) => {
  const cases: [string, string, string[]][] = [
    [
      'entries over lines, to the index',
      'Change History\nv0.1\nGeneral: Initial version . . . . 1\nGeneral: Better handling of empty\n“who” . . . . 1\nIndex\nvalue . . . 10',
      ['General: Initial version', '“who”'],
    ],
    [
      'an entry that filled its line: its page alone',
      'Change History\nv2.1\nGeneral: First . . . . 1\nPackage option added 36\nv2.2',
      ['General: First', 'Package option added'],
    ],
    ['no history', 'Intro . . . . 1', []],
    ['a heading of that name over prose', 'Change History\nSee the release notes.\nAs in table . 3', []],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.deepEqual(historyEntryEnds(text), want));
});

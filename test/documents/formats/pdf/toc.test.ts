import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  classifyPage,
  indexEntry,
  leaderEntry,
  lineKind,
  dustTail,
  listingRuns,
  numberEndedEntry,
  proseRuns,
  bodyAfterListing,
  historyLine,
  historyLines,
  historyStarts,
  indexSpans,
  textBefore,
  removeListings,
  titleBlock,
  type LineKind,
} from '../../../../src/documents/formats/pdf/toc.ts';
import type { PageText } from '../../../../src/documents/formats/pdf/types.ts';

const page = (lines: string[], number = 1): PageText => ({
  number,
  height: 792,
  lines: lines.map((text, i) => ({ text, x: 72, xEnd: 500, y: 700 - i * 12, size: 10, font: 'f', mono: false })),
});

// A page whose lines may be monospace (Texinfo sets leaders and command names in typewriter),
// with optional left edges.
const monoPage = (lines: [string, boolean, number?][], number = 1): PageText => ({
  number,
  height: 792,
  lines: lines.map(([text, mono, x], i) => ({
    text,
    x: x ?? 72,
    xEnd: 500,
    y: 700 - i * 12,
    size: 10,
    font: mono ? 'tt' : 'f',
    mono,
  })),
});

// Texinfo contents lines: the leader dots in typewriter make most of the line monospace.
const texinfoToc = (from: number, n: number): [string, boolean][] =>
  Array.from({ length: n }, (_, i): [string, boolean] => [
    `3.${from + i} Section ${from + i} of the shell . . . . . . . . . . . . . . . ${10 + from + i}`,
    true,
  ]);

const body = [
  'R is an integrated suite of software facilities for data manipulation, calculation and',
  'graphical display. Among other things it has an effective data handling and storage',
  'facility, a suite of operators for calculations on arrays, in particular matrices, a large',
  'coherent, integrated collection of intermediate tools for data analysis, graphical facilities',
  'for data analysis and display either directly at the computer or on hardcopy, and a well',
  'developed, simple and effective programming language which includes conditionals, loops.',
];

test('dustTail: 3+ runs of leader dust after the title, two dots in one', async (t) => {
  const cases: [string, boolean][] = [
    ['Cadre avec rotation... 2... ee', true],
    ['Petite boite 2.2... ee eee', true],
    ['Légende 5... . Fe', false],
    ['Sections 1.2 2.3 4.5', false],
    ['... 2... ee', false],
    ['Title 12 13 14', false],
    ['Title . . . 12', false],
  ];
  for (const [line, want] of cases) await t.test(line, () => assert.equal(dustTail(line), want));
});

test('lineKind', async (t) => {
  const outline = new Set(['medical procedure']);
  const cases: [string, LineKind, number?][] = [
    ['Table of Contents', 'title'],
    ['Index', 'title'],
    ['B', 'neutral'],
    ['14', 'neutral'],
    ['1.2 The R environment . . . . . . 2', 'entry'],
    ['value . . . . . 10', 'entry'],
    ['vector . . . . 3, 8, 12', 'entry'],
    ['account limits ............................................5, 8, 12', 'entry'],
    ['Preface ........ xii', 'entry'],
    // OCR's reading of leaders and page numbers off a scanned contents page.
    ['12 Utilisation de sous-répertoires ..............-.+.204-.%', 'entry'],
    ['Cadre avec rotation. .........-.0 000 eee ee', 'entry'],
    ['Options de \\psfrag ..................2.....', 'entry'],
    ['Graphique en filigrane................-..-20-.', 'entry'],
    ['Exemple GIF .........0....0..0 20000000004', 'entry'],
    ['And so it ends... 3 more to come', 'text'],
    ['Wait...... and see what happens next', 'text'],
    ['list of flowables........', 'text'],
    ['Cadre avec rotation... 2... ee', 'entry'],
    ['Petite boite 2.2... ee eee', 'entry'],
    ['Légende4 .. 2... 0.0... 2. ee', 'entry'],
    ['The years 2010, 2011 and 2012 were good', 'text'],
    ['It was so... 2 or 3 times', 'text'],
    ['. . . . . . . . . . . . 14', 'entry'],
    ['clip, 24, 81, 137', 'entry'],
    ['202, 203', 'entry'],
    ['Medical procedure 3', 'entry'], // in the outline
    ['External budget 3', 'numbered', 3],
    ['3.1 Scope of medical coverage 8', 'numbered', 8],
    ['4.11. Forms of claims and appeals .', 'stem'],
    ['5.2. Definitions of pharmacy benefits', 'stem'],
    ['1. Make work the working directory and start the program as before.', 'text'],
    ['The program ends here.', 'text'],
    ['see the figures on page 12.', 'text'],
    // Titles of contents, lists and indexes as manuals print them (Texinfo, LaTeX, DocBook, Doxygen, other languages).
    ['Short Contents', 'title'],
    ['Appendix D Indexes', 'title'],
    ['D.1 Index of Shell Builtin Commands', 'title'],
    ['Concept Index', 'title'],
    ['Function and Variable Index', 'title'],
    ['Index, general', 'title'],
    ['Index of Built-in Variables and Synonyms', 'title'],
    ['Namespace Index', 'title'],
    ['List of Tables', 'title'],
    ['Inhaltsverzeichnis', 'title'],
    ['Table des matières', 'title'],
    ['Índice general', 'title'],
    ['Sumário', 'title'],
    ['The index is built when the document is typeset.', 'text'],
    ['T W', 'text'],
    // Texinfo: leaders shortened where the title fills the line; two index columns read as one line.
    ['adding new commands, complicated example . . 173', 'entry'],
    ['compgen . . . . . . . . . . . . . . . . 146 mapfile . . . . . . . . . . . . . . . 61', 'entry'],
    ['break. . . . . . . . . . . . . . . . . . . . . . 49 L', 'entry'],
    ['C logout. . . . . . . . . . . . . . . . . . . . 61', 'entry'],
    ['interactive shell . . . . . . . . . . . . . . . . 93, 94', 'entry'],
    // LaTeX makeidx: two columns on shared baselines.
    ['\\setlength, 111, 136, 139 tabular, 47, 142', 'entry'],
    ['traço, 22 X', 'entry'],
    // A leader whose page number the layout read elsewhere (LaTeX News' contents box).
    ['Encoding subsets for TS1 encoded fonts . . . .', 'entry'],
    // Years are no pages.
    ['Copyright ©c 1992, 1993, 1994, 1995, 1996, 1997, 1998, 1999, 2000, 2001, 2002, 2003, 2004,', 'text'],
    ['2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019,', 'text'],
    // An ellipsis in the text is no leader.
    ['and so on . . . until the end', 'text'],
    ['wait for it... 3 seconds later', 'text'],
    // LaTeX article contents without leaders, titles ending in a number (dblatex release notes).
    ['2 Release 0.3.12 1', 'numbered', 1],
    ['10 Release 0.3.5 3', 'numbered', 3],
    ['Released in 2019 2020', 'text'],
  ];
  for (const [text, kind, n] of cases) {
    await t.test(text, () => {
      const info = lineKind(text, outline, false, 220);
      assert.equal(info.kind, kind);
      if (n !== undefined) assert.equal(info.page, n);
    });
  }
});

test('lineKind: monospace lines are code unless they carry a long leader or an index entry', async (t) => {
  const cases: [string, string, LineKind][] = [
    ['Texinfo contents line with typewriter leaders', '3.1.2.1 Escape Character . . . . . . . . . . . . 6', 'entry'],
    ['Texinfo index of commands', 'getopts . . . . . . . . . . . . . . . . . . . . 50', 'entry'],
    ['LaTeX index entry of a command', '\\usepackage, 12, 23, 26, 27, 35', 'entry'],
    ['a range in code', 'for i in 1...10', 'text'],
    ['a short leader in code', 'x = a ... 3', 'text'],
    ['a line of code', 'Copyright (C) year your name.', 'text'],
    ['a title in typewriter is code', 'Index', 'text'],
  ];
  for (const [name, text, kind] of cases)
    await t.test(name, () => assert.equal(lineKind(text, undefined, true, 400).kind, kind));
});

test('numberEndedEntry: a numbered contents entry whose title ends in a number', async (t) => {
  const cases: [string, number | undefined][] = [
    ['2 Release 0.3.12 1', 1],
    ['23 Release 0.2.5 8', 8],
    ['3 Release 0.3.11-py3 1', 1],
    ['A.2 Python 3 14', 14],
    ['4.1. Changes in 2019 12', 12],
    // Not entries: no section number first, no number before the page, no page.
    ['Release 0.3.12 1', undefined],
    ['2 Release 0.3.12', undefined],
    ['1 Introduction 1', undefined], // TRAILING_NUMBER's
    ['In 1992 1993 it ran.', undefined],
    ['2019 2020', undefined],
  ];
  for (const [text, page] of cases) await t.test(text, () => assert.equal(numberEndedEntry(text), page));
});

test('leaderEntry', async (t) => {
  const cases: [string, number, boolean][] = [
    ['Title . . . . 12', 3, true],
    ['Title ........ xii', 3, true],
    ['Title …… 3', 1, true],
    ['compgen . . . . 146 mapfile . . . . 61', 3, true],
    ['break . . . . 49 L', 3, true],
    ['break . . . . 49 and more', 3, false],
    ['Title . . . 12', 5, false],
    ['no leader 12', 3, false],
  ];
  for (const [text, dots, want] of cases)
    await t.test(`${text} (${dots})`, () => assert.equal(leaderEntry(text, dots), want));
});

test('indexEntry', async (t) => {
  const cases: [string, boolean][] = [
    ['clip, 24, 81, 137', true],
    ['colorspec, 28, 50,', true],
    ['all, 12, 45–47', true],
    ['202, 203', true],
    ['\\setlength, 111, 136, 139 tabular, 47, 142', true],
    ['babel, 20, 25, 26, 29, 33–35, 37, 124 horizontal, 60', true],
    ['traço, 22 X', true],
    ['In 1995, 12 people came', false],
    ['Copyright 1992, 1993, 1994', false],
    ['He bought apples and pears', false],
    ['a range backwards, 45–40', false],
  ];
  for (const [text, want] of cases) await t.test(text, () => assert.equal(indexEntry(text, 400), want));
});

test('classifyPage', async (t) => {
  const groffContinued = Array.from({ length: 10 }, (_, i) => [
    `5.${i + 1}. Section ${i + 1} of pharmacy benefits .`,
    '. . . . . . . . . . . . . . 15',
  ]).flat();
  const cases: [string, string[], boolean, boolean?][] = [
    [
      'dot-leader contents',
      [
        'Table of Contents',
        'Preface . . . . . . . . 1',
        '1 Introduction . . . . . . 2',
        '1.1 The R environment . . . . 2',
        '1.2 Related software . . . . 2',
        '1.3 R and statistics . . . . 3',
      ],
      true,
    ],
    [
      'contents without leaders, numbers in order (Chromium)',
      [
        'Table of Contents',
        'Medical procedure 3',
        'External budget 3',
        'Section 2: Prescription requirements 3',
        'Standard insurance 4',
        'Introduction to document 4',
        'CHAPTER 4 OVERVIEW OF SYSTEM 5',
      ],
      true,
    ],
    [
      'back-of-book index',
      ['INDEX', 'A', 'abs, 33', 'acos, 34', 'acosh, 34, 120', 'all, 12, 45–47', '202, 203, 210', 'angles, 55, 136'],
      true,
    ],
    [
      'list of figures',
      [
        'List of Figures',
        '1.1 A plot . . . . . 4',
        '1.2 Another plot . . . . 9',
        '2.1 Surfaces . . . . 14',
        '2.2 Contours . . . . 20',
      ],
      true,
    ],
    ['groff contents continued, leaders read as a column of their own, no title', groffContinued, true],
    [
      'half entries, no title',
      [...body.slice(0, 4), 'a . . . . 3', 'b . . . . 4', 'c . . . . 5', 'd . . . . 6'],
      false,
    ],
    [
      'half entries, continuing a listing page',
      [...body.slice(0, 4), 'a . . . . 3', 'b . . . . 4', 'c . . . . 5', 'd . . . . 6'],
      true,
      true,
    ],
    ['body text', body, false],
    ['body text, continuing a listing page', body, false, true],
    [
      'body text with a few lines ending in numbers',
      [...body, 'as described in chapter 3', 'see the figures on page 12'],
      false,
    ],
    [
      'data table with numbers out of order',
      ['Mean value 42', 'Median value 17', 'Max value 99', 'Min value 3', 'Range value 96', 'Count value 12'],
      false,
    ],
    [
      'numbered list items (no trailing page numbers)',
      ['1. Make work the working directory', '2. Start the program', '3. Issue commands', '4. Quit the program'],
      false,
    ],
  ];
  for (const [name, lines, want, continuing] of cases)
    await t.test(name, () => assert.equal(classifyPage(page(lines), 100, { continuing }).toc, want));
});

test('classifyPage: listings of Texinfo, LaTeX, Doxygen and DocBook manuals', async (t) => {
  const cases: [string, PageText, boolean, boolean?][] = [
    ['Texinfo contents, leaders in typewriter', monoPage([['Table of Contents', false], ...texinfoToc(1, 30)]), true],
    ['Texinfo contents continued without a title', monoPage(texinfoToc(31, 40)), true],
    [
      'Texinfo two-column index read as joined lines',
      monoPage([
        ['Appendix D Indexes', false],
        ['D.1 Index of Shell Builtin Commands', false],
        ['A', false],
        ['alias . . . . . . . . . . . . . . . . . . . . 55', true],
        ['compgen . . . . . . . . . . . 146 mapfile . . . . . . . . . . . . 61', true],
        ['break . . . . . . . . . . . . . . . . . . . . . . 49 L', true],
        ['C logout . . . . . . . . . . . . . . . . . . . . . 61', true],
        ['T W', false],
        ['adding new commands, complicated example . . 173', false],
      ]),
      true,
    ],
    [
      'LaTeX makeidx index, command names in typewriter',
      monoPage([
        ['\\setlength, 111, 136, 139 tabular, 47, 142', false],
        ['\\settodepth, 141 \\tag, 56', true],
        ['\\sloppy, 20 \\textcelsius, 23', true],
        ['\\small, 132 textcomp, 23', false],
        ['somatório, 62 \\textit, 132', false],
        ['\\sqrt, 59 \\textmd, 132', true],
      ]),
      true,
    ],
    [
      'Doxygen chapter of one entry under its title',
      monoPage([
        ['Chapter 3', false],
        ['Concept Index', false],
        ['3.1 Concepts', false],
        ['Here is a list of all concepts with brief descriptions:', false],
        ['raptor::index_structure::compressible_from . . . . . . . . . . . . 39', false],
      ]),
      true,
    ],
    [
      'Doxygen index chapter: each term on its own line over its indented description and leader',
      monoPage([
        ['Chapter 6', false, 72],
        ['File Index', false, 72],
        ['6.1 File List', false, 72],
        ['Here is a list of all documented files with brief descriptions:', false, 72],
        ['bliss_C.h', false, 78],
        ['The bliss C API . . . . . . . . . . . . . . . . . . . . 41', false, 96],
        ['utils.hh', false, 78],
        ['Some small utilities . . . . . . . . . . . . . . . . . . 44', false, 96],
      ]),
      true,
    ],
    [
      'Doxygen index chapter of one term over its entry',
      monoPage([
        ['Chapter 2', false, 72],
        ['Class Index', false, 72],
        ['2.1 Class List', false, 72],
        ['Here are the classes, structs, unions and interfaces with brief descriptions:', false, 72],
        ['gr_face_ops', false, 78],
        ['Callbacks to read font tables . . . . . . . . . . . . . . 7', false, 96],
      ]),
      true,
    ],
    [
      'a body page under a heading naming the index: a short line over an indented leader is not enough',
      monoPage([
        ['Index', false, 72],
        ...body.map((l): [string, boolean, number] => [l, false, 72]),
        ['Summary', false, 72],
        ['see the list . . . . . . 3', false, 96],
      ]),
      false,
    ],
    [
      'a body page with a heading that names the index and one leader line',
      monoPage([
        ['Index', false],
        ...body.map((l): [string, boolean] => [l, false]),
        ['see the list . . . . . . 3', false],
      ]),
      false,
    ],
    [
      'code listing: monospace lines with commas and numbers are not an index',
      monoPage([
        ['for i in 1...10', true],
        ['x = f(a, 12)', true],
        ['print(x, 3)', true],
        ['return y', true],
      ]),
      false,
    ],
    [
      'LaTeX News front page: a contents box beside the text, leaders without their numbers',
      monoPage([
        ['Contents', false],
        ['Introduction', false],
        ['Encoding subsets for TS1 encoded fonts . . . .', false],
        ['Better language handling for case-changing', false],
        ['commands . . . . . . . . . . . . . . . . . .', false],
        ...body.map((l): [string, boolean] => [l, false]),
      ]),
      false,
    ],
    [
      'dblatex article contents without leaders, titles ending in a version number',
      monoPage([
        ['Release Notes for dblatex iii', false],
        ['Contents', false],
        ['1 Introduction 1', false],
        ...Array.from({ length: 20 }, (_, i): [string, boolean] => [
          `${i + 2} Release 0.3.${20 - i} ${1 + (i >> 2)}`,
          false,
        ]),
      ]),
      true,
    ],
  ];
  for (const [name, p, want, continuing] of cases)
    await t.test(name, () => assert.equal(classifyPage(p, 200, { continuing }).toc, want));
});

test('listingRuns: listing lines inside a body page', async (t) => {
  const cases: [string, string[], number[]][] = [
    [
      'a chapter contents list with page numbers',
      [
        'This chapter covers:',
        '3.1 Scope of coverage 8',
        '3.2 Definitions of coverage 8',
        '3.3 Responsibilities 9',
        body[0]!,
      ],
      [1, 2, 3],
    ],
    [
      'a chapter contents list, numbers read after the titles',
      ['3.1 Scope of coverage', '3.2 Definitions of coverage', '3.3 Responsibilities', '8', '8', '9', body[0]!],
      [0, 1, 2, 3, 4, 5],
    ],
    [
      'the end of an index column, then text',
      ['value . . . . . 10', 'vector . . . . 3, 8, 12', 'W', 'width, 4, 9', 'word . . . . 5', ...body],
      [0, 1, 2, 3, 4],
    ],
    ['two entries are not a run', ['value . . . . . 10', 'vector . . . . 3, 8, 12', ...body], []],
    ['numbers out of order are not a run', ['1.1 Mean value 42', '1.2 Median value 17', '1.3 Max value 99'], []],
    ['numbered lines without section numbers are not a run', ['Step 1', 'Step 2', 'Step 3'], []],
    [
      'a table of index-like rows without leaders is text',
      ['%d day of the month, 1–31', '%m month of the year, 1–12', '%y year, 0–99', '%H hour, 0–24'],
      [],
    ],
    [
      'stems without their numbers are headings, kept',
      ['3.1 Scope of coverage', '3.2 Definitions of coverage', '3.3 Responsibilities', ...body],
      [],
    ],
    ['body text', body, []],
  ];
  for (const [name, lines, want] of cases) {
    await t.test(name, () =>
      assert.deepEqual(
        listingRuns(
          lines.map((l) => lineKind(l)),
          lines,
        ),
        want,
      ),
    );
  }
});

test('listingRuns: wrapped entries and entries without leaders inside a contents list', async (t) => {
  // [text, left edge]
  const cases: [string, [string, number][], number[]][] = [
    [
      'LaTeX News contents box: first lines of wrapped entries, chapter lines without leaders',
      [
        [body[0]!, 44],
        ['LuaTEX callback efficiency improvement . . . . 3', 59],
        ['Rule-based ordering for LuaTEX callback', 59],
        ['handlers . . . . . . . . . . . . . . . . . . . 3', 82],
        ['Bug fixes 3', 44],
        ['Prevent TEX from losing a \\smash . . . . . . . 3', 59],
        ['Resolve an issue with \\mathchoice and', 59],
        ['localalphabets . . . . . . . . . . . . . . 3', 82],
        ['Changes to packages in the graphics category 3', 44],
        ['Fix a \\mathcolor bug . . . . . . . . . . . . . . 3', 59],
        [body[1]!, 44],
      ],
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    ],
    [
      'LaTeX contents on an article first page: numbered stems wrap onto their leader line',
      [
        ['1 Introduction 1', 72],
        ['1.1 Scope . . . . . . . . . . . . . 1', 84],
        ['1.2 A long title of a section that wraps onto', 84],
        ['the next line . . . . . . . . . . . 2', 100],
        ['2 Methods 3', 72],
        ['2.1 Data . . . . . . . . . . . . . 3', 84],
        ['as described in chapter 3', 72],
        ...body.slice(0, 3).map((l): [string, number] => [l, 72]),
      ],
      [1, 2, 3, 4, 5],
    ],
    [
      'a sentence before a list is not the first line of an entry',
      [
        ['The options are listed below:', 72],
        ['alpha . . . . . . . . 3', 84],
        ['beta . . . . . . . . 4', 84],
        ['gamma . . . . . . . . 5', 84],
      ],
      [1, 2, 3],
    ],
    [
      'Doxygen class list: a term on its own line over each indented entry, the first term too',
      [
        ['Here are the classes, structs, unions and interfaces with brief descriptions:', 72],
        ['primesieve::iterator', 78],
        ['Allows to iterate over primes both forwards and backwards . . . . 9', 96],
        ['primesieve::primesieve_error', 78],
        ['Thrown if an error occurs . . . . . . . . . . . . . . . . 12', 96],
        ['primesieve_iterator', 78],
        ['C prime iterator . . . . . . . . . . . . . . . . . . . . 13', 96],
      ],
      [1, 2, 3, 4, 5, 6],
    ],
    [
      'a contents list whose first entries wrap: their first lines go, the heading over them stays',
      [
        ['Options of the chapter', 72],
        ['A first option whose title wraps over', 84],
        ['two lines . . . . . . . . . . . . 3', 100],
        ['A second option whose title wraps over', 84],
        ['two lines . . . . . . . . . . . . 4', 100],
        ['gamma . . . . . . . . . . . . . . 5', 84],
      ],
      [1, 2, 3, 4, 5],
    ],
    [
      'a line not indented less than the leader line is not its first line',
      [
        ['a short line of text', 90],
        ['alpha . . . . . . . . 3', 84],
        ['beta . . . . . . . . 4', 84],
        ['gamma . . . . . . . . 5', 84],
      ],
      [1, 2, 3],
    ],
  ];
  for (const [name, lines, want] of cases) {
    await t.test(name, () =>
      assert.deepEqual(
        listingRuns(
          lines.map(([l]) => lineKind(l)),
          lines.map(([l]) => l),
          200,
          lines.map(([, x]) => x),
        ),
        want,
      ),
    );
  }
});

test('proseRuns: text kept on a listing page', async (t) => {
  const index = ['Index', 'value . . . . . 10', 'vector . . . . 3, 8, 12', 'width . . . . 4'];
  const cases: [string, string[], number[]][] = [
    [
      'an index column, then an appendix with its heading',
      [...index, '9. Appendix: Forms', ...body.slice(0, 3)],
      [4, 5, 6, 7],
    ],
    ['an index only', index, []],
    ['two lines of text are not a run', [...index, body[0]!, body[1]!], []],
    [
      'a note of two lines ending a sentence under a contents list',
      [
        'Contents',
        'Introduction . . . . . 2',
        'Usage . . . . . 3',
        'Layout . . . . . 8',
        'NOTE: This document is being written. Do not expect',
        'consistency, completeness or even correct typesetting.',
      ],
      [4, 5],
    ],
    ['one such line is not a run', [...index, 'consistency, completeness or even correct typesetting and more.'], []],
    [
      'two short lines ending a sentence are not a run (an index term and its see-also)',
      [...index, 'yacc', 'see also bison.'],
      [],
    ],
  ];
  for (const [name, lines, want] of cases) {
    await t.test(name, () =>
      assert.deepEqual(
        proseRuns(
          lines.map((l) => lineKind(l)),
          lines,
        ),
        want,
      ),
    );
  }
});

test('bodyAfterListing: the first section under a contents list on its page', async (t) => {
  const contents = [
    'Contents',
    '1 \\bnumeval (\\thebnumexpr), \\evaltohex 1',
    '2 Examples 2',
    '3 The custom package option and \\bnumsetup 3',
    '14 bnumexpr implementation 17',
  ];
  const body = [
    '1 \\bnumeval (\\thebnumexpr), \\evaltohex',
    'LATEX Package bnumexpr provides \\thebnumexpr: it is analo-',
    'gous to \\the\\numexpr, with these extensions:',
    '• it allows arbitrarily big integers,',
  ];
  const cases: [string, string[], number[]][] = [
    ["the first entry's heading, then its text and a list", [...contents, ...body], [5, 6, 7, 8]],
    [
      'entries with leaders, the first one unnumbered',
      [
        'Contents',
        'Introduction . . . . 1',
        'Usage . . . . 2',
        'Options . . . . 4',
        'Introduction',
        'This package does it',
      ],
      [4, 5],
    ],
    [
      'a later entry repeated is no body: an index repeats its terms',
      ['Index', 'a4paper, 3', 'fbox, 21', 'fbox, 22', 'width, 4', 'fbox', 'boxes, 21'],
      [],
    ],
    ['no heading: a list of entries only', contents, []],
    ['text under the list that names no entry', [...contents, 'A note on this list', 'and more'], []],
    [
      'two entries only are no list to start a body under',
      ['Contents', 'Examples 2', 'Usage 3', 'Examples', 'text'],
      [],
    ],
    [
      'a leader entry after the line: the list goes on',
      ['Contents', 'Usage . . . . 2', 'Options . . . . 4', 'Code . . . . 5', 'Usage', 'Options . . . . 9'],
      [],
    ],
  ];
  for (const [name, lines, want] of cases) {
    await t.test(name, () =>
      assert.deepEqual(
        bodyAfterListing(
          lines.map((l) => lineKind(l)),
          lines,
        ),
        want,
      ),
    );
  }
});

test('titleBlock: text above a listing title on a listing page', async (t) => {
  const cases: [string, string[], number[]][] = [
    [
      "a newsletter's title over its contents box",
      ['LATEX News', 'Issue 34, November 2021', 'Contents', 'Introduction . . . . . 1', 'Hook business . . . . 1'],
      [0, 1],
    ],
    [
      "a guide's title block over its contents",
      ['LATEX for authors — current version', '© Copyright 2020-2022, LATEX Project Team.', '2022-07-05', 'Contents'],
      [0, 1, 2],
    ],
    ['a title first: nothing above it', ['Contents', '1 Intro . . . . 3'], []],
    ['no title', ['Intro . . . . 3', 'Scope . . . . 4'], []],
    [
      'entries above the title (contents run on from the page before): nothing',
      ['Scope . . . . 4', 'Outlook . . . . 9', 'List of Figures', '1 A plot . . . . 5'],
      [],
    ],
    ['a page number in range above the title is no title block', ['Chapter end 12', 'Index', 'a, 3'], []],
    [
      "a paper's title page: footnote marks in the author line and before an affiliation",
      [
        'Everything we know about hashing',
        'Alice Smith 1 and Bob Jones 2',
        '1 Example Inc.',
        '2 Research Corporation',
        'September 3, 2010',
        'Abstract',
        'This paper describes a new way to hash words.',
        'Contents',
        '1 Definition 2',
      ],
      [0, 1, 2, 3, 4, 5, 6],
    ],
    [
      'contents run on from the page before, ending in an entry without leaders: nothing',
      ['Appendix notes', 'More text here', 'Conclusion 12', 'List of Figures', '1 A plot . . . . 5'],
      [],
    ],
    [
      'a sure entry among text above the title: nothing',
      ['A title', 'Another line', 'Third line', 'Scope . . . . 4', 'Last line', 'List of Figures'],
      [],
    ],
    [
      'more weak lines than a title page holds: nothing',
      ['2 Scope', 'Some text', '3 Outlook', 'More text', '4 Results', 'Index'],
      [],
    ],
  ];
  for (const [name, lines, want] of cases) {
    await t.test(name, () =>
      assert.deepEqual(
        titleBlock(
          lines.map((l) => lineKind(l, undefined, false, 40)),
          40,
        ),
        want,
      ),
    );
  }
});

test('removeListings: the title block above a contents page is kept', () => {
  const toc = Array.from({ length: 12 }, (_, i) => `${i + 1}. Chapter ${i + 1} . . . . . . . ${i + 2}`);
  const pages = [page(['A Guide to Everything', 'Issue 7, May 2021', 'Contents', ...toc], 1), page(body, 2)];
  const r = removeListings(pages);
  assert.deepEqual(r.pages, []);
  assert.deepEqual(
    pages[0]!.lines.map((l) => l.text),
    ['A Guide to Everything', 'Issue 7, May 2021'],
  );
});

test('removeListings: contents at the end over pages without a title, index pages that go on with text', () => {
  const toc = (from: number) =>
    Array.from({ length: 20 }, (_, i) => `${from + i}. Chapter ${from + i} . . . . . . . ${from + i}`);
  const pages = [
    page(body, 1),
    page(
      [
        'Index',
        'value . . . . . 10',
        'vector . . . . 3, 8, 12',
        'width . . . . 4',
        'zone . . . . 5',
        'Appendix',
        ...body,
      ],
      2,
    ),
    page(['Table of Contents', ...toc(1)], 3),
    page(toc(21), 4),
    page([...body.slice(0, 3), 'x . . . . 41', 'y . . . . 42', 'z . . . . 43', 'w . . . . 44'], 5),
  ];
  const r = removeListings(pages);
  assert.deepEqual(r.pages, [3, 4]);
  assert.deepEqual(
    pages.map((p) => p.number),
    [1, 2, 5],
  );
  assert.deepEqual(
    pages[0]!.lines.map((l) => l.text),
    body,
  );
  assert.deepEqual(
    pages[1]!.lines.map((l) => l.text),
    ['Appendix', ...body],
  );
  assert.deepEqual(
    pages[2]!.lines.map((l) => l.text),
    body.slice(0, 3),
    'the text before the last entries, kept',
  );
  assert.equal(r.lines, 5 + 4);
});

test('removeListings: a Texinfo manual, contents and indexes in typewriter, copyright years and code kept', () => {
  const plain = (lines: string[]): [string, boolean][] => lines.map((l) => [l, false]);
  const copyright: [string, boolean][] = plain([
    'This is Edition 5.2, last updated 19 September 2022, of The GNU Bash Reference Manual.',
    'Copyright ©c 1992, 1993, 1994, 1995, 1996, 1997, 1998, 1999, 2000, 2001, 2002, 2003, 2004,',
    '2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019,',
  ]);
  const addendum: [string, boolean][] = [
    ['ADDENDUM: How to use this License for your documents', false],
    ['To use this License in a document you have written, include a copy of the License in the', false],
    ['document and put the following copyright and license notices just after the title page:', false],
    ['Copyright (C) year your name.', true],
    ['Permission is granted to copy, distribute and/or modify this document', true],
    ['If you have Invariant Sections, Front-Cover Texts and Back-Cover Texts, replace the', false],
    ['“with. . . Texts.” line with this: and so on, merging those two alternatives.', false],
  ];
  const index: [string, boolean][] = [
    ['Index', false],
    ['A', false],
    ['alias . . . . . . . . . . . . . . . . . . . . 55', true],
    ['compgen . . . . . . . . . . . 146 mapfile . . . . . . . . . . . . 61', true],
    ['break . . . . . . . . . . . . . . . . . . . . . . 49 L', true],
    ['C logout . . . . . . . . . . . . . . . . . . . . . 61', true],
  ];
  const pages = [
    monoPage(copyright, 1),
    monoPage([['Table of Contents', false], ...texinfoToc(1, 30)], 2),
    monoPage(texinfoToc(31, 30), 3),
    monoPage(plain(body), 4),
    monoPage([...addendum, ...index], 5),
    monoPage(index.slice(1), 6),
  ];
  const r = removeListings(pages);
  assert.deepEqual(r.pages, [2, 3, 6]);
  assert.deepEqual(
    pages[0]!.lines.map((l) => l.text),
    copyright.map(([l]) => l),
    'the years of a copyright line are no page numbers',
  );
  assert.deepEqual(
    pages[2]!.lines.map((l) => l.text),
    addendum.map(([l]) => l),
    'the text and code before the index column kept',
  );
});

test('historyLine: a change history entry without its leader and page', async (t) => {
  const cases: [string, string][] = [
    ['General: Repacked as dtx file. (RN) . . . . 1', 'General: Repacked as dtx file. (RN)'],
    ['M-x delete-trailing-whitespace (HjG) . 1', 'M-x delete-trailing-whitespace (HjG)'],
    ['caveats. (HjG) . . . . . . . . . . . 12', 'caveats. (HjG)'],
    ['\\LL@foldmark: Invalid code . . . . 2, 7', '\\LL@foldmark: Invalid code'],
    ['General: Option added . . . . . .', 'General: Option added'],
    ['More code documentation; some', 'More code documentation; some'],
    ["Package option 'tablepkg' added 36", "Package option 'tablepkg' added 36"],
    ['v1.0a', 'v1.0a'],
  ];
  for (const [line, want] of cases) await t.test(line, () => assert.equal(historyLine(line), want));
  const numbered: [string, string][] = [
    ["Package option 'tablepkg' added 36", "Package option 'tablepkg' added"],
    ['Added “dropped” artifacts 1', 'Added “dropped” artifacts'],
    ['General: Initial release . . . . 1', 'General: Initial release'],
    ['General: LPPL 1.3', 'General: LPPL 1.3'],
  ];
  for (const [line, want] of numbered)
    await t.test(`numbered: ${line}`, () => assert.equal(historyLine(line, true), want));
});

test('historyStarts and historyLines: where a change history stands', async (t) => {
  const entries = ['v0.1', 'General: First version. (AB) . . . . 1', 'v0.2', 'General: Fixed. (AB) . . . 3'];
  const kindsOf = (pages: string[][]) => pages.map((p) => p.map((l) => lineKind(l)));
  const cases: [string, string[][], boolean[], number[]][] = [
    [
      'its title and the page after, a listing',
      [body, ['Change History', ...entries], entries],
      [false, true, true],
      [-1, 0, 0],
    ],
    [
      'the index that follows on a page of its own is no history',
      [
        ['Change History', ...entries],
        ['Index', 'a, 3', 'b, 4'],
      ],
      [true, true],
      [0, -1],
    ],
    [
      'an index after it on its page: the page after is the index',
      [
        ['text', 'Change History', ...entries, 'Index', 'a, 3'],
        ['b, 4', 'c, 5', 'd, 6'],
      ],
      [true, true],
      [1, -1],
    ],
    [
      'the index title under the history’s last lines on the next page: it ends there',
      [
        ['Change History', ...entries],
        [...entries, 'Index', 'a, 3'],
        ['b, 4', 'c, 5', 'd, 6'],
      ],
      [true, true, true],
      [0, 0, -1],
    ],
    [
      'a page that opens with the index title is no history',
      [
        ['Change History', ...entries],
        ['Index', 'a, 3', 'b, 4'],
      ],
      [true, true],
      [0, -1],
    ],
    ['a page after that is no listing ends it', [['Change History', ...entries], body], [true, false], [0, -1]],
    ['no title: none', [entries, entries], [true, true], [-1, -1]],
    ['a title over prose: read as any text', [['Change History', 'See the release notes.']], [false], [-1]],
    ['on a page of code, not a listing page', [['1 \\fi', '2 }', 'Change History', ...entries]], [false], [2]],
  ];
  for (const [name, pages, listing, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        historyStarts(pages, kindsOf(pages), (i) => listing[i]!),
        want,
      ),
    );
  await t.test('historyLines: to the next listing title', () => {
    const lines = ['text', 'Change History', ...entries, 'Index', 'a, 3'];
    assert.deepEqual(
      historyLines(
        lines.map((l) => lineKind(l)),
        1,
      ),
      [1, 2, 3, 4, 5],
    );
    assert.deepEqual(
      historyLines(
        lines.map((l) => lineKind(l)),
        -1,
      ),
      [],
    );
  });
  await t.test('textBefore: the text above it, not a listing run', () => {
    const lines = ['x . . . . 1', 'y . . . . 2', 'z . . . . 3', 'Done. Phew!', 'Change History', ...entries];
    assert.deepEqual(
      textBefore(
        lines.map((l) => lineKind(l)),
        lines,
        4,
        100,
      ),
      [3],
    );
    assert.deepEqual(
      textBefore(
        lines.map((l) => lineKind(l)),
        lines,
        0,
        100,
      ),
      [],
    );
    // nnext: the last code lines, then the index (its terms wrapped over their leaders), then the history.
    const indexed = [
      '60 \\newcommand{\\blastx}{\\@LLast}',
      '61 \\newcommand{\\bblastx}{\\@LLLast}}{}',
      'Index',
      '\\DeclareOption .',
      '. . . . . 9, 12, 17',
      'E',
      '\\ExecuteOptions . 20',
      'Change History',
      ...entries,
    ];
    assert.deepEqual(
      textBefore(
        indexed.map((l) => lineKind(l)),
        indexed,
        7,
        100,
      ),
      [0, 1],
    );
  });
});

test('removeListings: a change history is kept, its leaders gone; the index after it dropped', () => {
  const history = [
    'Change History',
    'v0.8c',
    'General: Repacked as dtx file. (RN) . . . . 1',
    'v0.9d',
    'General: LPPL 1.3 (HjG) . . . . . . . . . 1',
    'More code documentation; some',
    'caveats. (HjG) . . . . . . . . . . . . 1',
  ];
  const index = ['Index', 'value . . . . . 10', 'vector . . . . 3, 8, 12', 'width . . . . 4', 'zone . . . . 5'];
  const pages = [page(body, 1), page(['End of the code.', ...history, ...index], 2), page(index.slice(1), 3)];
  const r = removeListings(pages);
  assert.deepEqual(r.pages, [3]);
  assert.deepEqual(
    pages[1]!.lines.map((l) => l.text),
    [
      'End of the code.',
      'Change History',
      'v0.8c',
      'General: Repacked as dtx file. (RN)',
      'v0.9d',
      'General: LPPL 1.3 (HjG)',
      'More code documentation; some',
      'caveats. (HjG)',
    ],
  );
  // Each entry's last line ends its paragraph (no sentence end closes it).
  assert.deepEqual(
    pages[1]!.lines.map((l) => l.ends === true),
    [false, false, false, true, false, true, false, true],
  );
});

test('indexSpans: where numbers past the last page are references all the same', async (t) => {
  const kindsOf = (pages: string[][]) => pages.map((p) => p.map((l) => lineKind(l, undefined, false, 40)));
  const cases: [string, string[][], [number, number][]][] = [
    [
      "a package manual's index: its title's page from the title, the page after it",
      [
        body,
        ['1 \\fi', 'Index', '\\@tempa 108, 109, 155', '\\draw . . . . 145, 149'],
        ['123, 126, 129,', '\\edef . . . . 108, 155', '\\else 112, 116'],
      ],
      [
        [1, 2],
        [2, 0],
      ],
    ],
    ['a contents title is no index', [['Contents', 'Intro . . . . 1', 'Usage . . . 2']], []],
    ['a page after it that is text ends it', [['Index', 'a, 3'], body], [[0, 1]]],
    [
      'a page after it with a title of its own ends it',
      [
        ['Index', 'a, 3'],
        ['List of Figures', '1 A plot . . . . 5'],
      ],
      [[0, 1]],
    ],
    ['no index: none', [body, ['Copyright 1992, 1993, 1994', 'All rights reserved.']], []],
  ];
  for (const [name, pages, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        indexSpans(pages, kindsOf(pages), (i, x) => lineKind(pages[i]![x]!)),
        want,
      ),
    );
});

test("removeListings: a package manual's index, its numbers code lines past the last page, dropped", () => {
  const pages = [
    page(body, 1),
    page(
      [
        '276 {#5}{#6}%',
        '277 }',
        'Index',
        '\\@tempa 108, 109, 155, 156',
        '\\@nnil . . . . 109,',
        '123, 126, 129,',
        '\\begingroup . . . 107, 154',
        '\\bullet . . . . . . 205, 218',
        '\\def 16, 20, 23, 26, 29,',
      ],
      2,
    ),
    page(
      ['\\tldatecventry . . 4, 210', '\\tlrunningcolor 1, 22, 95', '\\tltextstart . . 2, 34, 67', '182, 184, 192, 194'],
      3,
    ),
  ];
  removeListings(pages);
  assert.deepEqual(
    pages.map((p) => p.lines.map((l) => l.text)),
    [body, ['276 {#5}{#6}%', '277 }']],
  );
});

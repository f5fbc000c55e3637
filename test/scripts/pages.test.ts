// The page-number measure of scripts/quality/pages.ts (a table per function, one test per case).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chunkWordings,
  numberWords,
  ownText,
  type PagedChunk,
  pageNumbersRight,
  pageWords,
  withFirstPageWhole,
} from '../../scripts/quality/pages.ts';

const pages = [
  'Installing the tools\nRun the installer from the disc and answer its questions one by one.',
  'Choosing a scheme\nThe full scheme installs every package of the distribution on your disk.\nA table follows.',
  'Package | Size\nbase | 10 MB\nfull | 7 GB\nThe sizes are those of the last release of the set.',
];
const chunk = (content: string, pageStart: number, pageEnd = pageStart): PagedChunk => ({
  content,
  pageStart,
  pageEnd,
});

describe('pageNumbersRight', () => {
  const cases: [string, PagedChunk[], { judged: number; right: number }][] = [
    ['pages right', [chunk(pages[0]!, 1), chunk(pages[1]!, 2), chunk(pages[2]!, 3)], { judged: 3, right: 100 }],
    [
      'a chunk over a page break: start and end pages both right',
      [chunk(`${pages[0]}\n${pages[1]}`, 1, 2)],
      { judged: 1, right: 100 },
    ],
    ['its end page wrong', [chunk(`${pages[0]}\n${pages[1]}`, 1, 1)], { judged: 1, right: 0 }],
    ['its start page wrong (one page late)', [chunk(pages[0]!, 2)], { judged: 1, right: 0 }],
    [
      'words starting on the last line of a page: the page of the first word',
      [chunk('one by one. Choosing a scheme The full scheme', 1, 2)],
      { judged: 1, right: 100 },
    ],
    [
      'words the reference does not have are not judged',
      [chunk('Nothing of this stands on any page at all.', 1)],
      { judged: 0, right: 100 },
    ],
    ['a chunk shorter than a run of words is not judged', [chunk('Run the installer', 7)], { judged: 0, right: 100 }],
    ['a chunk without pages (not a PDF) is not judged', [{ content: pages[0]! }], { judged: 0, right: 100 }],
    [
      'a first word the reference reads elsewhere: the runs one and two words in decide',
      [chunk('Zebra Installing the tools Run the installer from the disc', 1)],
      { judged: 1, right: 100 },
    ],
    [
      'a start a page late is wrong even with the shifted runs',
      [chunk('Installing the tools Run the installer from the disc', 2, 1)],
      { judged: 1, right: 0 },
    ],
  ];
  for (const [name, chunks, want] of cases)
    test(name, () => {
      const got = pageNumbersRight(chunks, pages);
      assert.deepEqual({ judged: got.judged, right: got.right }, want);
    });

  test('a run holding a line-end hyphen pdftotext dropped and a hyphen inside a line it kept', () => {
    // docbook-xsl-ref page 78: "General Parametersautolayout-" ending a line over "filebody.attributes...dry-run...".
    const ref = [
      'Contents of the part.',
      'General Parametersautolayoutfilebody.attributescurrentpage.markerdry-runfeedback.href text goes on',
    ];
    const c = {
      content: 'General Parametersautolayout-filebody.attributescurrentpage.markerdry-runfeedback.href text goes on',
      pageStart: 2,
      pageEnd: 2,
    };
    assert.deepEqual(
      { judged: pageNumbersRight([c], ref).judged, right: pageNumbersRight([c], ref).right },
      { judged: 1, right: 100 },
    );
    assert.equal(pageNumbersRight([{ ...c, pageStart: 1, pageEnd: 1 }], ref).right, 0);
  });

  test("text pdftotext reads in pieces, whole in pdf.js's drawn reading of its page", () => {
    // reportlab-guide page 113: a bar chart's rotated labels; page 112's listing names them whole.
    const ref = [
      "categoryNames = ['Jan-99','Feb-99','Mar-99','Apr-99','May-99'] and more",
      '50 40 30 -99 Jan 9 b-9 Fe 9 r-9 Ma Figure 11-6: Like before',
    ];
    const drawn = ['a listing', 'Jan-99\nFeb-99\nMar-99\nApr-99\nMay-99\n50\nFigure 11-6: Like before'];
    const c = { content: 'Jan-99 Feb-99 Mar-99 Apr-99 May-99 50 Figure 11-6: Like before', pageStart: 2, pageEnd: 2 };
    assert.equal(pageNumbersRight([c], ref).right, 0);
    assert.equal(pageNumbersRight([c], ref, undefined, undefined, drawn).right, 100);
    // Drawn on another page than the chunk says: still wrong.
    assert.equal(pageNumbersRight([c], ref, undefined, undefined, [drawn[1]!, drawn[0]!]).right, 0);
  });

  test("a paragraph read whole over the page turn, the page's notes after it: the pieces of the notes reading place its end", () => {
    // devref-de pages 92-93: an item cut by the page turn, read whole, note 2 after it, then the
    // next paragraph's first word on page 93.
    const ref = [
      'Item three should preserve the whole build: it is used only\n2 Als besondere Ausnahme könnte das sein. Drängen Sie separierbar zu machen.',
      'when building on MS-DOS the configure script.\n(Begründung: Es ist üblich)',
    ];
    const pieces = [
      { text: 'Item three should preserve the whole build: it is used only\n', page: 1 },
      { text: 'when building on MS-DOS the configure script.\n', page: 2 },
      { text: '2 Als besondere Ausnahme könnte das sein. Drängen Sie separierbar zu machen.\n', page: 1 },
      { text: '(Begründung: Es ist üblich)\n', page: 2 },
    ];
    const c = {
      content:
        'Item three should preserve the whole build: it is used only when building on MS-DOS the configure script.\n2 Als besondere Ausnahme könnte das sein. Drängen Sie separierbar zu machen.\n(Begründung:',
      pageStart: 1,
      pageEnd: 2,
    };
    // Page by page, the last runs found stand in the note: page 1, though the chunk's last word is on page 2.
    assert.equal(pageNumbersRight([c], ref).right, 0);
    assert.equal(pageNumbersRight([c], ref, undefined, undefined, undefined, pieces).right, 100);
    // A chunk ending with the note itself still ends on the note's page.
    const note = { ...c, content: c.content.replace('\n(Begründung:', '') };
    assert.equal(pageNumbersRight([note], ref, undefined, undefined, undefined, pieces).right, 0);
    assert.equal(pageNumbersRight([{ ...note, pageEnd: 1 }], ref, undefined, undefined, undefined, pieces).right, 100);
  });

  test('a heading number the reference reads apart from its title: the runs after the number decide', () => {
    // pdftotext reads "3.3.9" of page 2 before a listing, its title after it; the contents page (1) reads them together.
    const ref = [
      'Contents\n3.3.9 glp write mip write MIP solution 91',
      '3.3.9\nj 1 60\nj 2 6\nglp write mip write MIP solution in GLPK format\nThe routine writes the solution.',
    ];
    const c = chunk('3.3.9 glp write mip write MIP solution in GLPK format The routine writes the solution.', 2);
    assert.equal(pageNumbersRight([c], ref).right, 100);
    // Put on the contents page, it is wrong.
    assert.equal(pageNumbersRight([{ ...c, pageStart: 1, pageEnd: 1 }], ref).right, 0);
  });

  test('a header row repeated at the top of a split table is judged by the rows after it', () => {
    const first = chunk('Package | Size\nbase | 10 MB', 3);
    const next = chunk('Package | Size\nfull | 7 GB\nThe sizes are those of the last release', 3);
    assert.equal(pageNumbersRight([first, next], pages).right, 100);
    // The same rows on the wrong page are still found wrong.
    assert.equal(pageNumbersRight([first, { ...next, pageStart: 2 }], pages).right, 50);
  });

  test('a word broken over a page break by a line-end hyphen: the chunk ending on it ends on the second page', () => {
    // docbook-xsl-ref: "... but there are 0 au-" ends page 20, "tomatic glossaries." opens page 21.
    const ref = [
      'Intro words of the first page here.\nyou get the cryptic error: there are 0 au-',
      'tomatic glossaries. Instead, do two things.',
    ];
    const c = chunk(
      'Intro words of the first page here. you get the cryptic error: there are 0 automatic glossaries.',
      1,
      2,
    );
    assert.deepEqual(pageNumbersRight([c], ref), { judged: 1, right: 100, wrong: [] });
    // A chunk starting on the broken word starts on the first page.
    const broken = ['Some words before it. For exam-', 'ple, this allows you to process only chapter 4.'];
    const d = chunk('For example, this allows you to process only chapter 4.', 1, 2);
    assert.equal(pageNumbersRight([d], broken).right, 100);
  });

  test('a compound pdftotext joins without its hyphen at a line end is found', () => {
    // gmpl-es: the chunk prints "n-tuplo", pdftotext reads "n-\ntuplo" as "ntuplo".
    const ref = ['Other text.', 'sea ejecutada para cada ntuplo en el conjunto dominio. En este caso'];
    const c = chunk('Sea ejecutada para cada n-tuplo en el conjunto dominio.', 2);
    assert.deepEqual(pageNumbersRight([c], ref), { judged: 1, right: 100, wrong: [] });
    assert.equal(pageNumbersRight([{ ...c, pageStart: 1 }], ref).right, 0);
  });

  test('the reading with every line: a line taken for a running line is found there by a longer run', () => {
    // A listing's last line ends pages 1 and 3 (stripped as a footer); the raw reading keeps it.
    const stripped = ['x = compute(a, b)\nreturn x', 'Other words on page two of it all.', 'y = other(c)'];
    const raw = [
      'x = compute(a, b)\nreturn x\n} // namespace raptor threshold',
      'Other words on page two of it all.',
      'y = other(c)\n} // namespace raptor threshold',
    ];
    const c = chunk('x = compute(a, b) return x } // namespace raptor threshold', 1);
    assert.equal(pageNumbersRight([c], stripped).judged, 0);
    assert.equal(pageNumbersRight([c], stripped, undefined, raw).right, 100);
    assert.equal(pageNumbersRight([{ ...c, pageStart: 3, pageEnd: 3 }], stripped, undefined, raw).right, 0);
    // Five words of a running line alone do not place a chunk: the raw reading takes runs of eight.
    const head = chunk('namespace raptor threshold', 3);
    assert.equal(pageNumbersRight([head], stripped, undefined, raw).judged, 0);
  });

  test("CWEB's module names in angle brackets: pdftotext reads cmsy's brackets as the letters h and i", () => {
    // vlna p. 12: the module's last line, "Tento kód je použit v sekci 1.", is taken for a running line.
    const stripped = ['Other words on page one of it all.', 'if (silent) h Print the closing report 32 i;\n}'];
    const raw = [stripped[0]!, `${stripped[1]}\nThis code is used in section 1.`];
    const c = chunk('if (silent) 〈 Print the closing report 32 〉; } This code is used in section 1.', 2);
    assert.equal(pageNumbersRight([c], stripped, undefined, raw).right, 100);
    assert.equal(pageNumbersRight([{ ...c, pageStart: 1, pageEnd: 1 }], stripped, undefined, raw).right, 0);
  });

  test('the reading with head rows out: a page-end line taken for furniture, then a table over the break', () => {
    // gprolog p. 30-31: "Examples:" ends page 30 (a shape at many page edges: dropped from the
    // stripped pages); the next page's head row stands between it and the table in the raw reading.
    const stripped = [
      'Text of the page before the example ends here.',
      'Predicate indicator internal identifier\nfather/2 X0_father__a2',
    ];
    const raw = [`${stripped[0]}\nExamples:`, `4.4\nThe GNU Prolog compiler\n29\n${stripped[1]}`];
    const rows = [`${stripped[0]}\nExamples:`, stripped[1]!];
    const c = chunk('Examples: Predicate indicator internal identifier father/2 X0_father__a2', 1, 2);
    assert.equal(pageNumbersRight([c], stripped, undefined, raw).right, 0);
    assert.equal(pageNumbersRight([c], stripped, undefined, raw, undefined, undefined, [rows]).right, 100);
    // The rows reading adds pages a run stands on: an end on page 1 is still wrong.
    assert.equal(
      pageNumbersRight([{ ...c, pageEnd: 1 }], stripped, undefined, raw, undefined, undefined, [rows]).right,
      0,
    );
  });

  test('a wrong chunk is shown with its pages and the reference pages', () => {
    const got = pageNumbersRight([chunk(pages[1]!, 1)], pages);
    assert.match(got.wrong[0]!, /^pages 1-1, reference 2-2: choosing a scheme/);
  });
});

describe('numberWords', () => {
  const cases: [string, string[], number][] = [
    ['a three-level number', ['3', '3', '9', 'glp', 'write'], 3],
    ['no number', ['using', 'automake', 'in'], 0],
    ['a year is no heading number', ['2024', 'was', 'a', 'year'], 0],
    ['only numbers: at most six', ['1', '2', '3', '4', '5', '6', '7', '8'], 6],
  ];
  for (const [name, w, want] of cases) test(name, () => assert.equal(numberWords(w), want));
});

describe('pageWords', () => {
  const cases: [string, string[], { words: string[]; first: number[]; last: number[] }][] = [
    [
      'words and their pages',
      ['one two', 'three'],
      { words: ['one', 'two', 'three'], first: [1, 1, 2], last: [1, 1, 2] },
    ],
    [
      'a word broken over the page break is one, on both pages',
      ['see the au-', 'tomatic one'],
      { words: ['see', 'the', 'automatic', 'one'], first: [1, 1, 1, 2], last: [1, 1, 2, 2] },
    ],
    [
      'a hyphen before a capital (a name, a new sentence) joins nothing',
      ['see the X-', 'Window one'],
      { words: ['see', 'the', 'x', 'window', 'one'], first: [1, 1, 1, 2, 2], last: [1, 1, 1, 2, 2] },
    ],
    [
      'a dash after a space ends no broken word',
      ['a list -', 'and more'],
      { words: ['a', 'list', 'and', 'more'], first: [1, 1, 2, 2], last: [1, 1, 2, 2] },
    ],
    ['no pages', [], { words: [], first: [], last: [] }],
  ];
  for (const [name, pages, want] of cases) test(name, () => assert.deepEqual(pageWords(pages), want));
});

describe('chunkWordings', () => {
  const cases: [string, string, string[][]][] = [
    ['no hyphen: one wording', 'Plain words here', [['plain', 'words', 'here']]],
    [
      'a compound: split, and joined as pdftotext joins it at a line end',
      'cada n-tuplo en',
      [
        ['cada', 'n', 'tuplo', 'en'],
        ['cada', 'ntuplo', 'en'],
      ],
    ],
    ['a dash between words is no compound', 'one - two', [['one', 'two']]],
    [
      "angle brackets: also as pdftotext reads cmsy's (the letters h and i)",
      'if (x) 〈 Print the report 32 〉;',
      [
        ['if', 'x', 'print', 'the', 'report', '32'],
        ['if', 'x', 'h', 'print', 'the', 'report', '32', 'i'],
      ],
    ],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.deepEqual(chunkWordings(text), want));
});

describe('withFirstPageWhole', () => {
  const cases: [string, string[], string, string[]][] = [
    [
      'the title page gets back the title its running lines took',
      ['Josip Rodin', 'Body of page two'],
      'Guide du responsable\nJosip Rodin\fGuide du responsable\nBody of page two',
      ['Guide du responsable\nJosip Rodin', 'Body of page two'],
    ],
    ['no pages', [], '', []],
  ];
  for (const [name, pages, raw, want] of cases)
    test(name, () => assert.deepEqual(withFirstPageWhole(pages, raw), want));
});

describe('ownText', () => {
  const cases: [string, string, string | undefined, string][] = [
    ['no chunk before', 'A | B\nrow', undefined, 'A | B\nrow'],
    ['a first line the chunk before also has: dropped', 'A | B\n2 | 3', 'A | B\n1 | 2', '2 | 3'],
    ['a first line of its own: kept', 'Intro line\nmore', 'Other text\nhere', 'Intro line\nmore'],
    [
      'a heading the chunk before also has, not a row: kept',
      'Bug Fixes\nFix 2',
      'Bug Fixes\nFix 1',
      'Bug Fixes\nFix 2',
    ],
    ['one line only: kept', 'A | B', 'A | B', 'A | B'],
  ];
  for (const [name, text, previous, want] of cases) test(name, () => assert.equal(ownText(text, previous), want));
});

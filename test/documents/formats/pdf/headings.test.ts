import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  numberedCodeTitle,
  codeTitleInList,
  unnumberedRepeats,
  divisionNumbered,
  findHeadings,
  headingFonts,
  headingShape,
  isBareLabel,
  isHeading,
  isIdentifierLine,
  termStyles,
  isTableHeaderRow,
  joinTitle,
  matchesOutline,
  normalizeTitle,
  notHeadingKind,
  outlineIndex,
  outlineTrusted,
  titleKey,
  typewriterHeading,
  typewriterSize,
  typewriterTitleFonts,
  underLabel,
  labelWordOver,
  spaceSplitCount,
  type HeadingContext,
} from '../../../../src/documents/formats/pdf/headings.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';

test("spaceSplitCount: split(' ').length without the array", async (t) => {
  const cases: [string, number][] = [
    ['', 1],
    ['Overview', 1],
    ['Basic API Routines', 3],
    [' lead', 2],
    ['trail ', 2],
    ['two  spaces', 3],
    ['   ', 4],
    ['tab\tand\u00a0no-break', 1],
    ['4.2. Objects Do Not Stretch!', 5],
  ];
  for (const [text, want] of cases)
    await t.test(JSON.stringify(text), () => {
      assert.equal(spaceSplitCount(text), want);
      assert.equal(spaceSplitCount(text), text.split(' ').length);
    });
});

test('joinTitle', async (t) => {
  const cases: [string[], string][] = [
    [['Basic API'], 'Basic API'],
    [['Basic API', 'Routines'], 'Basic API Routines'],
    [['Configuration of the inter-', 'face'], 'Configuration of the interface'],
    [['Pre-', 'Release notes'], 'Pre- Release notes'],
    // Doxygen's identifier break: the arrow goes, the parts join without a space.
    [['data_layout_\u2190\u21A9', 'mode_'], 'data_layout_mode_'],
    [['window_\u2190-', 'size_'], 'window_size_'],
    // A spaced arrow is prose, not a break.
    [['a \u2190', 'b'], 'a \u2190 b'],
  ];
  for (const [lines, want] of cases)
    await t.test(lines.join(' / '), () => {
      assert.equal(
        joinTitle(
          lines.map((text) => ({ text })),
          0,
          lines.length,
        ),
        want,
      );
    });
});

test('headingShape', async (t) => {
  const cases: [string, ReturnType<typeof headingShape>][] = [
    ['1 Introduction and preliminaries', 'numbered'],
    ['2.3 Vector arithmetic', 'numbered'],
    ['A.1 Glossary of terms', 'numbered'],
    ['10.7 Scope', 'numbered'],
    ['CHAPTER 4 OVERVIEW OF SYSTEM', 'keyword'],
    ['Section 2: Prescription requirements', 'keyword'],
    ['Chapter 12: Graphical procedures', 'keyword'],
    ['Appendix A', 'keyword'],
    ['Introduction to insurance', 'keyword'],
    ['Overview', 'keyword'],
    ['CLAIMS AND APPEALS', 'caps'],
    ['1. Make work the working directory and start the program as before:', null],
    ['1.1. Why PIC?', 'numbered'],
    ['4.2. Objects Do Not Stretch!', 'numbered'],
    ['2.3 Is it safe?', 'numbered'],
    ['1. Why PIC?', null],
    ['12. Do not stretch the box.', null],
    ['3 by 4 by 2 array', null],
    ['This is an ordinary sentence that goes on and on with many words in it for sure.', null],
    ['x <- c(10.4, 5.6, 3.1)', null],
    ['OK', null],
    ['Summary of the results, which continue,', null],
    ['2019 was a good year for the company and its shareholders', null],
    ['IV. Results and discussion', 'numbered'],
    ['II) Mise en œuvre', 'numbered'],
    ['B. Configuration files', 'numbered'],
    ['B.1 Installing from source', 'numbered'],
    ['Chapitre 3 : Les fichiers', 'keyword'],
    ['Kapitel 2 Grundlagen', 'keyword'],
    ['Capítulo 4. Expresiones', 'keyword'],
    ['Part II Reference', 'keyword'],
    ['Partie 2', 'keyword'],
    ['Appendix B', 'keyword'],
    ['Apéndice A Formato CSV', 'keyword'],
    ['Anhang C', 'keyword'],
    ['Capítol 2 Primers passos', 'keyword'],
    ['Apèndix A Tècniques avançades', 'keyword'],
    ['Apêndice B Instalação', 'keyword'],
    ['Secció 5.11 Fitxers', 'keyword'],
    ['Část II Referenční příručka', 'keyword'],
    ['Índex', 'keyword'],
    ['Introducció', 'keyword'],
    ['Spis treści', 'keyword'],
    ['Obsah', 'keyword'],
    ['Literatura', 'keyword'],
    ['Literatúra', 'keyword'],
    ['Rejstřík', 'keyword'],
    ['CHAPITRE5', 'keyword'],
    ['Chapter One', 'keyword'],
    ['Einleitung', 'keyword'],
    ['Introducción', 'keyword'],
    ['Wprowadzenie', 'keyword'],
    ['Note', null],
    ['WARNING', null],
    ['ASTUCE', null],
    ['Hinweis:', null],
    ['Figure 3: The layout of a page', null],
    ['Table 2. Options', null],
    ['TABLEAU 1', null],
    ['• ELECTROSTATIC CONDENSOR', null],
    ['(a) First case', null],
    ['2.3 Vectors . . . . . . . . 17', null],
    ['Chapters of this book', null],
    ['Partial results', null],
    ['\\UHHHHHHHH', null],
    ['$HOME AND PATH', null],
    ['«CONCLUSIONS ET PERSPECTIVES»', 'caps'],
    ['(APPENDIX NOTES FOLLOW)', 'caps'],
  ];
  for (const [text, want] of cases) await t.test(text, () => assert.equal(headingShape(text), want));
});

const line = (text: string, o: Partial<TextLine> = {}): TextLine => ({
  text,
  x: 72,
  xEnd: 300,
  y: 700,
  size: 10,
  font: 'body',
  mono: false,
  ...o,
});
const ctx: HeadingContext = {
  bodySize: 10,
  bodyFont: 'body',
  fontVariety: true,
  outline: new Set(['random number generator']),
};

test('isHeading', async (t) => {
  const cases: [string, TextLine, HeadingContext, boolean][] = [
    ['numbered, bigger font', line('2.1 Vectors and assignment', { size: 14 }), ctx, true],
    ['numbered, bold font', line('2.1 Vectors and assignment', { font: 'bold' }), ctx, true],
    ['numbered list item in body font', line('2 Start the program', {}), ctx, false],
    ['code line in monospace', line('SET TERMINAL PNG', { mono: true, font: 'tt' }), ctx, false],
    ['outline title in bold without a pattern', line('Random number generator', { font: 'bold' }), ctx, true],
    ['outline title in body font without a pattern', line('Random number generator'), ctx, false],
    ['one-font document: the shape decides', line('CHAPTER 4 OVERVIEW'), { ...ctx, fontVariety: false }, true],
    ['one-font document: plain text', line('Random words here'), { ...ctx, fontVariety: false }, false],
    ["a variable's name in bold at the body's size: a term", line('GREP_COLORS', { font: 'bold' }), ctx, false],
    ['a list of names in bold at the body size: a term', line('LC_ALL, LC_CTYPE, LANG', { font: 'bold' }), ctx, false],
    ["a variable's name set larger: a heading", line('GS_OPTIONS', { size: 12 }), ctx, true],
    [
      "a variable's name in the outline: a heading",
      line('GS_OPTIONS', { font: 'bold' }),
      { ...ctx, outline: new Set(['gs options']) },
      true,
    ],
    ["one-font document: a variable's name is no heading", line('TAR_ATIME'), { ...ctx, fontVariety: false }, false],
    ['a caps title in bold at the body size: still a heading', line('ENVIRONMENT', { font: 'bold' }), ctx, true],
    // inSectionFace: a man page's SEE ALSO, EXAMPLES, NOTES set as its section titles are sections.
    [
      "a man page's SEE ALSO in bold 8 % over the body: a section",
      line('SEE ALSO', { font: 'bold', size: 10.9 }),
      ctx,
      true,
    ],
    [
      'EXAMPLES at a heading left: a section',
      line('EXAMPLES', { font: 'bold', x: 60 }),
      { ...ctx, headingLefts: new Set([60]) },
      true,
    ],
    [
      'Examples in a heading font: a section',
      line('Examples', { font: 'head', size: 10 }),
      { ...ctx, headingFonts: new Set(['head']) },
      true,
    ],
    ['a Note in bold at the body size: a label', line('Note', { font: 'bold' }), ctx, false],
    ['a NOTE in bold at the body size: a label', line('NOTE', { font: 'bold' }), ctx, false],
    ['a Note in bold, larger, in mixed case: a label', line('Note', { font: 'bold', size: 12 }), ctx, false],
    ['SEE ALSO larger but in the body font: a label', line('SEE ALSO', { size: 11 }), ctx, false],
    [
      'a trusted outline decides: SEE ALSO larger stays a label',
      line('SEE ALSO', { font: 'bold', size: 11 }),
      { ...ctx, trustedOutline: outlineIndex(['Introduction']) },
      false,
    ],
  ];
  for (const [name, l, c, want] of cases) await t.test(name, () => assert.equal(isHeading(l, c), want));
});

test('isIdentifierLine', async (t) => {
  const cases: [string, boolean][] = [
    ['GREP_COLORS', true],
    ['TAR_ATIME', true],
    ['BASH_VERSINFO', true],
    ['LC_ALL, LC_CTYPE, LANG', true],
    ['SHA256', true],
    ['X11R6', true],
    ['  POSIXLY_CORRECT ', true],
    ['ENVIRONMENT', false],
    ['BASHPID', false],
    ['SEE ALSO', false],
    ['EXIT STATUS', false],
    ['LANG, LANGUAGE', false],
    ['CHAPTER 4', false],
    ['ISO 9660', false],
    ['UTF-8', false],
    ['Grep_colors', false],
    ['_PRIVATE', false],
    ['TRAILING_', false],
    ['GREP_COLORS is deprecated', false],
    ['2024', false],
  ];
  for (const [text, want] of cases) await t.test(text, () => assert.equal(isIdentifierLine(text), want));
});

test('termStyles', async (t) => {
  // A man page: section titles in bold at the margin (72), .TP tags in bold at 7n (108).
  const man = [
    line('ENVIRONMENT', { font: 'bold', x: 72 }),
    line('EXIT STATUS', { font: 'bold', x: 72 }),
    line('GREP_COLORS', { font: 'bold', x: 108 }),
    line('LC_ALL, LC_CTYPE, LANG', { font: 'bold', x: 108 }),
    line('POSIXLY_CORRECT', { font: 'bold', x: 108 }),
    line('BASHPID', { font: 'bold', x: 108 }),
    line('Some text of the body.', { x: 108 }),
  ];
  const cases: [string, TextLine[], string[]][] = [
    ["the tags' left and font", man, ['bold|108']],
    ['two names: too few', man.slice(0, 4), []],
    [
      'a left where a title of capitals with a space stands too',
      [...man, line('SEE ALSO', { font: 'bold', x: 108 })],
      [],
    ],
    ['names set larger are headings, no terms', man.map((l) => ({ ...l, size: l.x === 108 ? 14 : 10 })), []],
  ];
  for (const [name, lines, want] of cases)
    await t.test(name, () => assert.deepEqual([...termStyles(lines, 10)].sort(), want));
  const c: HeadingContext = { ...ctx, termStyles: new Set(['bold|108']) };
  await t.test('a one-word capitals line in a term style is no heading', () =>
    assert.equal(isHeading(line('BASHPID', { font: 'bold', x: 108 }), c), false),
  );
  await t.test("at the titles' left it still is", () =>
    assert.equal(isHeading(line('ENVIRONMENT', { font: 'bold', x: 72 }), c), true),
  );
  await t.test('two words in a term style: still a heading', () =>
    assert.equal(isHeading(line('SHELL GRAMMAR', { font: 'bold', x: 108 }), c), true),
  );
});

test('normalizeTitle strips numbering and prefixes', () => {
  assert.equal(normalizeTitle('1.2 Related software and documentation'), 'related software and documentation');
  assert.equal(normalizeTitle('Chapter 3: Objects, their modes'), 'objects their modes');
});

test('notHeadingKind', async (t) => {
  const cases: [string, ReturnType<typeof notHeadingKind>][] = [
    ['Note', 'admonition'],
    ['Notes:', 'admonition'],
    ['ASTUCE', 'admonition'],
    ['AVERTISSEMENT', 'admonition'],
    ['Attention !', 'admonition'],
    ['Wichtig', 'admonition'],
    ['Consejo', 'admonition'],
    ['Uwaga', 'admonition'],
    ['See also', 'admonition'],
    ['Example', 'admonition'],
    ['Figure 3:', 'caption'],
    ['Figure 3.2: The layout', 'caption'],
    ['Fig. 4 Output', 'caption'],
    ['Table 2.', 'caption'],
    ['Tableau 1 – Les options', 'caption'],
    ['Abbildung 5', 'caption'],
    ['Tabla 3: Operadores', 'caption'],
    ['Listing 2', 'caption'],
    ['• Detect unused stages', 'bullet'],
    ['– an item', 'bullet'],
    ['(a) first case', 'bullet'],
    ['3) third step', 'bullet'],
    ['Invocation . . . . . . 12', 'listing'],
    ['Notes on installation', null],
    ['Tables and figures', null],
    ['Examples of use', null],
    ['2.3 Figure placement', null],
    ['Important dates in the history of TeX', null],
  ];
  for (const [text, want] of cases) await t.test(text, () => assert.equal(notHeadingKind(text), want));
});

test('isBareLabel', async (t) => {
  const cases: [string, boolean][] = [
    ['Chapter 6', true],
    ['CHAPITRE5', true],
    ['Kapitel 4', true],
    ['Capítulo 2', true],
    ['Capítol 1', true],
    ['Apèndix A', true],
    ['APÊNDICE C', true],
    ['Část 3', true],
    ['Capítols', false],
    ['Appendix B', true],
    ['Part II', true],
    ['TWO', true],
    ['TWENTYONE', true],
    ['Twenty-three', true],
    ['Chapter Thirty', true],
    ['A.3', true],
    ['12', true],
    ['Chapter 6 Basic routines', false],
    ['Chapters', false],
    ['Twofold', false],
    ['TWENTYFOLD', false],
    ['Introduction', false],
  ];
  for (const [text, want] of cases) await t.test(text, () => assert.equal(isBareLabel(text), want));
});

test('underLabel', async (t) => {
  const at = (y: number, size: number, font = 'H') => ({ y, size, font });
  const cases: [name: string, a: ReturnType<typeof at>, b: ReturnType<typeof at>, body: number, want: boolean][] = [
    ['a title just under its label', at(700, 14.3), at(680, 14.3), 10, true],
    ['a title four sizes under', at(700, 14.3), at(645, 14.3, 'B'), 10, true],
    // Sphinx's chapter head in German and French: "KAPITEL 1", its title 92.7 points below.
    ['a chapter head in one large style, 6.5 sizes apart', at(624.4, 14.3), at(531.7, 14.3), 10, true],
    ['the same gap with the title in another font', at(624.4, 14.3), at(531.7, 14.3, 'B'), 10, false],
    ['the same gap with the title in another size', at(624.4, 14.3), at(531.7, 12), 10, false],
    ['the same gap at the body size', at(624.4, 10), at(559.4, 10), 10, false],
    ['the same gap without a body size', at(624.4, 14.3), at(531.7, 14.3), 0, false],
    ['one style, farther than 7 sizes', at(624.4, 14.3), at(520, 14.3), 10, false],
    ['a line above the label', at(600, 14.3), at(620, 14.3), 10, false],
  ];
  for (const [name, a, b, body, want] of cases) await t.test(name, () => assert.equal(underLabel(a, b, body), want));
});

test('labelWordOver', async (t) => {
  const at = (text: string, y: number, size: number, font = 'H') => ({ text, y, size, font });
  const cases: [name: string, a: ReturnType<typeof at>, b: ReturnType<typeof at>, want: boolean][] = [
    ['CHAPTER over ONE, smaller, same font', at('CHAPTER', 692.1, 10), at('ONE', 668.2, 14.3), true],
    ['KAPITEL over 1', at('KAPITEL', 692.1, 10), at('1', 668.2, 14.3), true],
    ['CHAPITRE over 1, same size', at('CHAPITRE', 680, 14.3), at('1', 660, 14.3), true],
    ['another font', at('CHAPTER', 692.1, 10, 'B'), at('ONE', 668.2, 14.3), false],
    ['two words', at('THE CHAPTER', 692.1, 10), at('ONE', 668.2, 14.3), false],
    ['a digit in the word', at('PART2', 692.1, 10), at('ONE', 668.2, 14.3), false],
    ['larger than the label', at('CHAPTER', 692.1, 20), at('ONE', 668.2, 14.3), false],
    ['far above it', at('CHAPTER', 760, 10), at('ONE', 668.2, 14.3), false],
    ['below it', at('CHAPTER', 640, 10), at('ONE', 668.2, 14.3), false],
  ];
  for (const [name, a, b, want] of cases) await t.test(name, () => assert.equal(labelWordOver(a, b), want));
});

test('titleKey', async (t) => {
  const cases: [string, string][] = [
    ['2.3 Vector arithmetic', 'vectorarithmetic'],
    ['A.1 Glossary', 'glossary'],
    ['Chapter 1: The Bonny Blue Yonder', 'thebonnyblueyonder'],
    ['CHAPITRE5 Portée de ce document', 'portéedecedocument'],
    ['Kapitel 2 Grundlagen', 'grundlagen'],
    ['TWO GETTING STARTED', 'gettingstarted'],
    ['IV. Results', 'results'],
    ['A Tutorial Introduction', 'tutorialintroduction'],
    // A numbered line loses what its outline title (no number) loses: the title's first word
    // that reads as a number word or a letter.
    ['5.3 Un exemple avec une feuille', 'exempleavecunefeuille'],
    ['Un exemple avec une feuille', 'exempleavecunefeuille'],
    ['1 A Tutorial Introduction', 'tutorialintroduction'],
    ['3 C Programming', 'programming'],
    ['C Programming', 'programming'],
    ['Part One', 'partone'],
    ['1.2. Chapter 2', 'chapter2'],
    ['Chapter 2', 'chapter2'],
    ['Schoenberg — The Origins', 'schoenbergtheorigins'],
  ];
  for (const [text, want] of cases) await t.test(text, () => assert.equal(titleKey(text), want));
});

test('matchesOutline', async (t) => {
  const index = outlineIndex([
    'Configuring the package',
    '2.1. The F[C]pdfmarkF[] Operator',
    'Chapter 1: The Bonny Blue Yonder',
    'Schoenberg - The Origins of Serial Pitch Organization',
    'Usage',
  ]);
  const cases: [string, string, boolean][] = [
    ['exact, numbering set aside', '4.2 Usage', true],
    ['a ligature lost by the text layer', 'A.3 Con guring the package', true],
    ['font escapes in the outline', '2.1. The pdfmark Operator', true],
    ['a chapter label joined to its title', 'Chapter 1 The Bonny Blue Yonder', true],
    ['a dash spelled differently', 'Schoenberg — The Origins of Serial Pitch Organization', true],
    ['a shorter title is not a loose match', 'The package', false],
    ['another title', 'Installing the package', false],
    ['a short word is matched exactly only', 'Usag', false],
    ['the letters in order, but not ending alike', 'Configuring the packag', false],
    ['the letters in order, but not starting alike', 'onfiguring the package', false],
    ['ending alike, under 80 % of the title', 'Con the package', false],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(matchesOutline(text, index), want));
  await t.test('the loose keys by their ends: every key of 8 or more once, under its first and last code units', () => {
    const all = [...index.loose].flatMap(([ends, ks]) => ks.map((k) => [ends, k]));
    assert.deepEqual(all.map(([, k]) => k).sort(), [...index.keys].filter((k) => k.length >= 8).sort());
    for (const [ends, k] of all) assert.equal(ends, k![0]! + k!.at(-1)!);
  });
});

test('findHeadings', async (t) => {
  const at = (text: string, y: number, o: Partial<TextLine> = {}) => line(text, { y, ...o });
  const big = { size: 14, font: 'bold' };
  const huge = { size: 20, font: 'bold' };
  const noOutline: HeadingContext = { ...ctx, outline: new Set() };
  const trusted: HeadingContext = {
    ...noOutline,
    trustedOutline: outlineIndex(['Basic API Routines', 'Creating document commands and environments', 'Usage']),
  };
  const sphinx: HeadingContext = {
    ...noOutline,
    trustedOutline: outlineIndex(['Articles', 'Geltungsbereich dieses Dokuments', 'Usage']),
  };
  const cases: [string, TextLine[], HeadingContext, [number, number, string][]][] = [
    [
      'a chapter label over its title is one heading',
      [at('Chapter 2', 700, huge), at('Basic API Routines', 660, { size: 24, font: 'bold' }), at('Body text.', 600)],
      trusted,
      [[0, 2, 'Chapter 2 Basic API Routines']],
    ],
    [
      'a title wrapped onto a second line, by the outline',
      [at('2 Creating document commands and environ-', 700, big), at('ments', 684, big), at('Text.', 660)],
      trusted,
      [[0, 2, '2 Creating document commands and environments']],
    ],
    [
      'a trusted outline: a bold line it lacks is no heading',
      [at('Description', 700, big), at('Body text.', 680), at('4 Usage', 650, big)],
      trusted,
      [[2, 3, '4 Usage']],
    ],
    [
      'a trusted outline: an admonition never is one',
      [at('Usage', 700, big), at('Note', 680, big)],
      trusted,
      [[0, 1, 'Usage']],
    ],
    [
      'no outline: a numbered title wrapped in the same font',
      [at('8 References to Non-Free Software and', 700, big), at('Documentation', 684, big), at('Body.', 660)],
      noOutline,
      [[0, 2, '8 References to Non-Free Software and Documentation']],
    ],
    [
      'no outline: two numbered headings stay two',
      [at('2 Basics', 700, big), at('2.1 Vectors', 684, big)],
      noOutline,
      [
        [0, 1, '2 Basics'],
        [1, 2, '2.1 Vectors'],
      ],
    ],
    [
      'no outline: a caption in bold is no heading',
      [at('Figure 3: The layout', 700, big), at('TABLEAU 1', 680, big)],
      noOutline,
      [],
    ],
    [
      // Sphinx's LaTeX chapter head (ubuntu-packaging-guide, debian-policy): the word in the
      // heading font at the body size, the number word and the title larger.
      "a division's word over its bare label over its title is one heading",
      [
        at('CHAPTER', 692, { font: 'sans' }),
        at('ONE', 668, { size: 14.3, font: 'sans' }),
        at('ARTICLES', 613, { size: 14.3, font: 'sans' }),
        at('Body text.', 560),
      ],
      sphinx,
      [[0, 3, 'CHAPTER ONE ARTICLES']],
    ],
    [
      // developers-reference in German: label and title in one style, 6.5 sizes apart (underLabel).
      'a chapter label over its title 6.5 sizes under it, in one style',
      [
        at('KAPITEL 1', 624.4, { size: 14.3, font: 'sans' }),
        at('Geltungsbereich dieses Dokuments', 531.7, { size: 14.3, font: 'sans' }),
        at('Body text.', 450),
      ],
      sphinx,
      [[0, 2, 'KAPITEL 1 Geltungsbereich dieses Dokuments']],
    ],
    [
      'a word in another font over a bare label is no part of it',
      [
        at('Exercises', 692),
        at('ONE', 668, { size: 14.3, font: 'sans' }),
        at('ARTICLES', 613, { size: 14.3, font: 'sans' }),
        at('Body text.', 560),
      ],
      sphinx,
      [[1, 3, 'ONE ARTICLES']],
    ],
    [
      'a heading word over a line that is no bare label stays its own',
      [at('Usage', 700, big), at('Creating document commands and environments', 680, big), at('Body text.', 650)],
      trusted,
      [
        [0, 1, 'Usage'],
        [1, 2, 'Creating document commands and environments'],
      ],
    ],
    [
      'no outline: a bare label whose next line is body text stays a heading alone',
      [at('Chapter 4', 700, huge), at('some words of body text follow here.', 680)],
      noOutline,
      [[0, 1, 'Chapter 4']],
    ],
  ];
  for (const [name, lines, c, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        findHeadings(lines, c).map((h) => [h.start, h.end, h.text]),
        want,
      ),
    );
});

test('outlineTrusted', async (t) => {
  const noOutline: HeadingContext = { ...ctx, outline: new Set() };
  const page = [
    line('1 Introduction', { y: 700, size: 14 }),
    line('Some body text.', { y: 680 }),
    line('2 Usage', { y: 660, size: 14 }),
    line('3 Options', { y: 640, size: 14 }),
  ];
  const cases: [string, string[], boolean][] = [
    ['the outline titles are the headings', ['Introduction', 'Usage', 'Options', 'Index'], true],
    ['too few titles', ['Introduction', 'Usage'], false],
    ['titles the text does not have (page bookmarks)', ['Page 1', 'Page 2', 'Page 3', 'Page 4'], false],
  ];
  for (const [name, titles, want] of cases)
    await t.test(name, () => assert.equal(outlineTrusted([page], outlineIndex(titles), noOutline), want));
});

test('typewriterTitleFonts', async (t) => {
  const index = outlineIndex(['rl.close()', 'rl.pause()', 'rl.line', 'engine', 'converter', 'command', 'Usage']);
  type L = Pick<TextLine, 'mono' | 'font' | 'text'>;
  const prose = (text: string): L => ({ mono: false, font: 'serif', text });
  const tt = (font: string, text: string): L => ({ mono: true, font, text });
  const cases: [string, L[][], string[]][] = [
    [
      "a heading font: its lines standing apart are the outline's titles",
      [
        [
          tt('tt-b', 'rl.close()'),
          prose('Closes it.'),
          tt('tt-b', 'rl.pause()'),
          prose('Pauses it.'),
          tt('tt-b', 'rl.line'),
        ],
      ],
      ['tt-b'],
    ],
    [
      "a listing's comment lines in the same font are not weighed",
      [
        [tt('tt-i', 'rl.close()'), prose('Closes it.'), tt('tt-i', 'rl.pause()'), prose('Pauses it.')],
        [tt('tt', 'rl.on(() => {'), tt('tt-i', '// a comment'), tt('tt-i', '// another'), tt('tt', '});')],
        [prose('Text.'), tt('tt-i', 'rl.line'), prose('Text.')],
      ],
      ['tt-i'],
    ],
    [
      'list terms in the same font: 3 titles of 5 lines apart is no heading font',
      [
        [tt('tt-b', 'engine'), prose('See engine.'), tt('tt-b', 'converter'), prose('A rule.')],
        [tt('tt-b', 'command'), prose('Runs it.'), tt('tt-b', '-h, --help'), prose('Help.'), tt('tt-b', '-d, --debug')],
      ],
      [],
    ],
    ['two titles are too few', [[tt('tt-b', 'rl.close()'), prose('Closes it.'), tt('tt-b', 'rl.pause()')]], []],
    ['prose lines never count', [[prose('Usage'), prose('rl.close()'), prose('engine')]], []],
  ];
  for (const [name, pages, want] of cases)
    await t.test(name, () => assert.deepEqual([...typewriterTitleFonts(pages, index)], want));
});

test('typewriterSize', async (t) => {
  type L = Pick<TextLine, 'mono' | 'size' | 'text'>;
  const cases: [string, L[][], number][] = [
    ['no typewriter', [[{ mono: false, size: 10, text: 'Body.' }]], 0],
    [
      'by characters, not lines, to half a point: titles set larger are too rare to count',
      [
        [
          { mono: true, size: 13.1, text: 'a' },
          { mono: true, size: 13.1, text: 'b' },
          { mono: true, size: 10.9, text: 'draw arrow from .x0. .y0. to .x1. .y1. [cm] and more words' },
          { mono: false, size: 16, text: 'A much longer line of body text than any typewriter line.' },
        ],
      ],
      11,
    ],
    [
      'two sizes of listings: the larger, where it sets 5 % of the characters',
      [
        [
          { mono: true, size: 7, text: 'x'.repeat(65) },
          { mono: true, size: 8, text: 'x'.repeat(26) },
          { mono: true, size: 10, text: 'x'.repeat(6) },
          { mono: true, size: 12, text: 'x'.repeat(3) },
        ],
      ],
      10,
    ],
  ];
  for (const [name, pages, want] of cases) await t.test(name, () => assert.equal(typewriterSize(pages), want));
});

test('typewriterHeading', async (t) => {
  const index = outlineIndex(['rl.close()', 'Usage', 'Options']);
  const fonts = new Set(['tt-bold']);
  type L = Pick<TextLine, 'mono' | 'font' | 'size'>;
  const base = { bodySize: 10, typewriterSize: 10 };
  const cases: [string, L, Partial<HeadingContext>, boolean][] = [
    [
      'a heading font, trusted outline',
      { mono: true, font: 'tt-bold', size: 9 },
      { trustedOutline: index, typewriterTitles: fonts },
      true,
    ],
    [
      "the listings' font",
      { mono: true, font: 'tt', size: 10 },
      { trustedOutline: index, typewriterTitles: fonts },
      false,
    ],
    [
      "the listings' font set larger than the body",
      { mono: true, font: 'tt', size: 12 },
      { trustedOutline: index },
      true,
    ],
    [
      "larger than the body, not than the typewriter text (Doxygen's 8 pt prototypes, 7 pt notes)",
      { mono: true, font: 'tt', size: 8 },
      { trustedOutline: index, bodySize: 7, typewriterSize: 10 },
      false,
    ],
    [
      'typewriter size unknown',
      { mono: true, font: 'tt', size: 12 },
      { trustedOutline: index, typewriterSize: undefined },
      false,
    ],
    ['a little larger is not enough', { mono: true, font: 'tt', size: 11 }, { trustedOutline: index }, false],
    ['no trusted outline', { mono: true, font: 'tt-bold', size: 12 }, { typewriterTitles: fonts }, false],
    ['no heading fonts known', { mono: true, font: 'tt-bold', size: 10 }, { trustedOutline: index }, false],
    [
      'not typewriter: not this rule',
      { mono: false, font: 'tt-bold', size: 12 },
      { trustedOutline: index, typewriterTitles: fonts },
      false,
    ],
  ];
  for (const [name, l, c, want] of cases)
    await t.test(name, () => assert.equal(typewriterHeading(l, { ...base, ...c }), want));
});

test('typewriter headings of a word processor (trusted outline)', async (t) => {
  const at = (text: string, y: number, o: Partial<TextLine> = {}) => line(text, { y, ...o });
  const heading = { mono: true, font: 'tt-bold', size: 11 };
  const listing = { mono: true, font: 'tt', size: 11 };
  const titles = ['Usage', "Event: 'close'", 'rl.close()', 'Options'];
  const base: HeadingContext = { ...ctx, outline: new Set(), typewriterTitles: new Set(['tt-bold']) };
  const trusted: HeadingContext = { ...base, trustedOutline: outlineIndex(titles) };
  const page = [
    at('1 Usage', 720, { size: 14, font: 'bold' }),
    at("Event: 'close'", 700, heading),
    at('The event is emitted when the stream ends.', 680),
    at('rl.close()', 660, heading),
    at('The method closes it.', 650),
    at('rl.close();', 640, listing),
    at('2 Options', 620, { size: 14, font: 'bold' }),
  ];
  const cases: [string, HeadingContext, string[]][] = [
    [
      'trusted: the heading font titles, not the listing line',
      trusted,
      ['1 Usage', "Event: 'close'", 'rl.close()', '2 Options'],
    ],
    ['no outline: typewriter lines are no headings', base, ['1 Usage', '2 Options']],
  ];
  for (const [name, c, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        findHeadings(page, c).map((h) => h.text),
        want,
      ),
    );
  await t.test('Texinfo: a typewriter title set large over its typewriter synopsis', () => {
    const tex = [
      at('9.3.9.2 draw arrow', 700, { mono: true, font: 'tt', size: 13 }),
      at('draw arrow from .x0. .y0. to .x1. .y1. [cm]', 684, { mono: true, font: 'tt', size: 10 }),
      at('Draws a single arrow.', 670),
      at('draw arrow', 650, { mono: true, font: 'tt', size: 10 }),
    ];
    const c: HeadingContext = {
      ...ctx,
      outline: new Set(),
      typewriterSize: 10,
      trustedOutline: outlineIndex(['draw arrow', 'a', 'b']),
    };
    assert.deepEqual(
      findHeadings(tex, c).map((h) => h.text),
      ['9.3.9.2 draw arrow'],
    );
  });
  // Trusted once its typewriter titles count: 4 of 7 titles found, where the 2 plain ones are too few.
  const more = outlineIndex([...titles, 'Index', 'Class: Interface', 'rl.line']);
  await t.test('the outline is trusted by them', () => assert.equal(outlineTrusted([page], more, base), true));
  await t.test('the same outline without heading fonts is not', () =>
    assert.equal(outlineTrusted([page], more, { ...base, typewriterTitles: undefined }), false),
  );
});

test('isTableHeaderRow', async (t) => {
  // Pieces of a line at size 8: [text, x, xEnd].
  type Row = { y: number; size?: number; pieces?: { text: string; x: number; xEnd: number }[] };
  const row = (y: number, ...cells: [string, number, number][]): Row & { size: number } => ({
    y,
    size: 8,
    pieces: cells.map(([text, x, xEnd]) => ({ text, x, xEnd })),
  });
  const cases: [string, Row & { size: number }, Row | undefined, boolean][] = [
    // gs-use-chromium (an HTML page printed by Chromium): bold <th> cells, gaps of 6 em and more.
    ['wide gaps', row(714, ['System', 81, 115], ['Invocation Name', 163, 239]), undefined, true],
    [
      'three cells',
      row(703, ['Switch', 82, 112], ['Equivalent switch', 159, 238], ['Usage', 385, 413]),
      undefined,
      true,
    ],
    // Narrow gaps: a row with gaps right under it says it is a table.
    [
      'narrow gaps over a row',
      row(714, ['Name', 72, 92], ['Value', 104, 124]),
      row(700, ['a', 72, 76], ['1', 104, 108]),
      true,
    ],
    ['narrow gaps over prose', row(714, ['Name', 72, 92], ['Value', 104, 124]), { y: 700, pieces: undefined }, false],
    ['narrow gaps, last line', row(714, ['Name', 72, 92], ['Value', 104, 124]), undefined, false],
    [
      'narrow gaps, row far below',
      row(714, ['Name', 72, 92], ['Value', 104, 124]),
      row(600, ['a', 72, 76], ['1', 104, 108]),
      false,
    ],
    // A numbered title: its one gap follows the number, whatever comes under it.
    [
      'numbered title',
      row(714, ['2.1', 72, 84], ['Options', 120, 150]),
      row(700, ['-h', 72, 80], ['help', 150, 170]),
      false,
    ],
    ['chapter label', row(714, ['Chapter 3', 72, 110], ['Options', 150, 180]), undefined, false],
    ['no pieces', { y: 714, size: 8, pieces: undefined }, row(686, ['Unix', 47, 65], ['gs', 151, 160]), false],
  ];
  for (const [name, line, next, want] of cases)
    await t.test(name, () => assert.equal(isTableHeaderRow(line, next), want));
});

test('divisionNumbered: a title as a contents list numbers it', async (t) => {
  const cases: [string, string][] = [
    ['Chapter 1. Getting started', '1. Getting started'],
    ['Appendix A. Advanced packaging', 'A. Advanced packaging'],
    ['Kapitel 3: Start', '3: Start'],
    ['Part II. Usage', 'II. Usage'],
    ['Chapters of life', 'Chapters of life'],
    ['Introduction', 'Introduction'],
    ['1.2. Scope', '1.2. Scope'],
  ];
  for (const [title, want] of cases) await t.test(title, () => assert.equal(divisionNumbered(title), want));
});

// GNU Prolog's manual: each predicate's section titled by its number in bold and its name in
// typewriter ("8.4.4 copy_term/2"), the outline listing the name alone; its Templates,
// Description, Errors and Portability labels in bold at the body's size in every entry.
test('codeTitleInList: numbered titles named in code on consecutive lines are a contents list', () => {
  const code = (text: string) => ({ text, mono: true, monoStart: false });
  const roman = (text: string) => ({ text, mono: false });
  const cases: [string, ReturnType<typeof code>[] | ReturnType<typeof roman>[], number, boolean][] = [
    [
      'a contents list: the first entry',
      [roman('Table des matières'), code('4.1. control'), code('4.2. copyright')],
      1,
      true,
    ],
    [
      'a contents list: the last entry, a roman one after it',
      [code('4.3. changelog'), code('4.4. rules'), roman('4.4.1. Cibles du fichier rules')],
      1,
      true,
    ],
    [
      'an entry between body lines',
      [roman('see the next section.'), code('8.4.4 copy_term/2'), roman('Templates')],
      1,
      false,
    ],
    [
      'after a roman section title',
      [roman('8.4 Term manipulation'), code('8.4.1 copy_term/2'), roman('Templates')],
      1,
      false,
    ],
    ['the first line of a page, a code title under it', [code('8.4.4 copy_term/2'), code('8.4.5 setarg/4')], 0, true],
    ['a typewriter line numbered once (a listing)', [code('12 copy_term/2'), code('13 setarg/4')], 0, false],
    ['not a code title itself', [roman('4. Other files'), code('4.1. control')], 0, false],
  ];
  for (const [name, lines, i, want] of cases)
    assert.equal(codeTitleInList(lines as Parameters<typeof codeTitleInList>[0], i), want, name);
});

test('numberedCodeTitle: a numbered title named in code, in the outline', () => {
  const outline = new Set(['copy term 2', 'open 4 open 3', 'iii lualibs basic lua']);
  const trusted = outlineIndex(['copy_term/2', 'open/4, open/3', 'III lualibs-basic.lua']);
  const line = (text: string, mono = true, monoStart: boolean | undefined = false) => ({ text, mono, monoStart });
  const cases: [string, ReturnType<typeof line>, boolean][] = [
    ['its number in bold, its name in typewriter, in the outline', line('8.4.4 copy_term/2'), true],
    ['two names', line('8.10.6 open/4, open/3'), true],
    ['not in the outline: a code line that opens with a number', line('3.14 * radius / 2'), false],
    ['a one-level number (a listing line number)', line('12 copy_term/2'), false],
    // A part's roman number in bold, its title a file's name (lualibs, LuaLaTeX).
    ['a part number in roman, the title in the outline', line('III lualibs-basic.lua'), true],
    ['a part number in roman, not in the outline', line('IV lualibs-extended.lua'), false],
    ['wholly in typewriter: the number too', line('8.4.4 copy_term/2', true, true), false],
    ['not a typewriter line', line('8.4.4 copy_term/2', false), false],
  ];
  for (const [name, l, want] of cases) {
    assert.equal(numberedCodeTitle(l, { outline }), want, `${name} (outline untrusted)`);
    assert.equal(numberedCodeTitle(l, { outline: new Set(), trustedOutline: trusted }), want, `${name} (trusted)`);
  }
});

test('unnumberedRepeats: an entry label the outline lists once, as a numbered section', () => {
  const outline = [
    'Format of definitions',
    'Errors',
    'Type error',
    'Introduction',
    'Introduction',
    'copy_term/2',
    'Preface',
  ];
  const cases: [string, string[], number[]][] = [
    [
      "the numbered section stays, the entries' labels go",
      ['1 Format of definitions', 'Errors', '6.3 Errors', '6.3.4 Type error', '8.4.4 copy_term/2', 'Errors', 'Errors'],
      [1, 5, 6],
    ],
    [
      'a title page before the first numbered title: it names the document',
      ['Errors', '1 Format of definitions', '6.3 Errors', 'Errors'],
      [3],
    ],
    [
      'a title listed twice, numbered twice: an unnumbered one goes',
      ['3 Introduction', '4.1 Introduction', 'Introduction'],
      [2],
    ],
    ['listed twice, numbered once: the unnumbered one may be the other', ['3 Introduction', 'Introduction'], []],
    ['never numbered: left alone', ['Preface', 'Errors'], []],
    ['not in the outline: left alone', ['Description', '8.4.4 Description', 'Description'], []],
  ];
  for (const [name, titles, want] of cases) assert.deepEqual([...unnumberedRepeats(titles, outline)], want, name);
});

test("headingFonts: fonts set for short titles only; an admonition's labels say nothing of a face", () => {
  const use = (font: string, lines: number, titles: number, labels: number, chars = 100) => ({
    font,
    lines,
    titles,
    labels,
    chars,
  });
  for (const [name, u, want] of [
    ["a card's bold titles over its columns", use('B', 10, 9, 0), true],
    ['the body font', use('R', 10, 10, 0), false],
    ['too few lines', use('B', 2, 2, 0), false],
    ['a bold used in prose too', use('B', 10, 5, 0), false],
    ['too much of the text', use('B', 10, 10, 0, 300), false],
    // A printed Sphinx page's bold: "Note" and "Tip" on 20 lines, a table's header cells on 2.
    ['labels and a header row or two', use('B', 22, 22, 20), false],
    ['labels and a header row read as prose', use('B', 12, 10, 10), false],
    // A manual page's bold section titles, SEE ALSO and NOTES among them: titles still.
    ['section titles, two of them labels', use('B', 8, 8, 2), true],
  ] as const)
    assert.equal(headingFonts([u], 'R', 1000).has('B'), want, name);
});

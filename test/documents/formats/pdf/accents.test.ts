import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  looseMarks,
  closingQuoteCarons,
  composeAccent,
  composeAccents,
  composeOverlays,
  composeSettingOverlays,
  copyrightSigns,
  negationSlashes,
  orphanGraveQuotes,
  withoutAccentWidth,
} from '../../../../src/documents/formats/pdf/accents.ts';
import { buildLines } from '../../../../src/documents/formats/pdf/layout.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { makePdf } from '../../helpers/make-pdf.ts';
import { item } from '../../helpers/raw-items.ts';

for (const c of [
  { letter: 'e', accent: '\u00B4', out: 'é' },
  { letter: 'e', accent: '`', out: 'è' },
  { letter: 'a', accent: '\u02C6', out: 'â' },
  { letter: 'r', accent: '\u02C7', out: 'ř' },
  { letter: 'o', accent: '\u02DD', out: 'ő' },
  { letter: 'c', accent: '\u00B8', out: 'ç' },
  { letter: 'a', accent: '\u02DB', out: 'ą' },
  { letter: 'u', accent: '\u02DA', out: 'ů' },
  { letter: '\u0131', accent: '\u00B4', out: 'í' },
  { letter: 'q', accent: '\u00A8', out: 'q\u0308' },
]) {
  test(`composeAccent: ${c.letter} + ${c.accent} is ${c.out}`, () =>
    assert.equal(composeAccent(c.letter, c.accent), c.out));
}

const strs = (items: ReturnType<typeof composeAccents>) => items.map((i) => i.str);

for (const c of [
  {
    name: "TeX's \\accent: an item ending with the accent, the letter kerned back under it",
    items: [item('P\u00B4', 72, 700, { width: 10 }), item('elissier', 77, 700, { width: 40 })],
    out: ['P', 'élissier'],
  },
  {
    name: 'an accent item of its own over the first letter of the next item',
    items: [item('Lef', 72, 700), item('`', 87.5, 700, { width: 4 }), item('evre', 87, 700)],
    out: ['Lef', 'èvre'],
  },
  {
    name: 'a math accent drawn after its letter, over it',
    items: [item('a', 72, 700), item('\u02C6', 72.5, 702, { width: 4 }), item('\\hat{a}', 90, 700)],
    out: ['â', '\\hat{a}'],
  },
  {
    name: 'an item opening with an accent over the last letter of the item before',
    items: [item('o', 72, 700), item('\u02D9 x', 72.5, 700, { width: 15 })],
    out: ['ȯ', ' x'],
  },
  {
    name: 'a caret in its own place after a letter (x^y in a typewriter font) stays',
    items: [
      item('x', 72, 700, { mono: true }),
      item('\u02C6', 77, 700, { mono: true }),
      item('y', 82, 700, { mono: true }),
    ],
    out: ['x', '\u02C6', 'y'],
  },
  {
    name: 'a backquote before a word, not over it, stays',
    items: [item('`', 72, 700, { width: 3 }), item('command', 75.5, 700)],
    out: ['`', 'command'],
  },
  {
    name: 'an accent over a digit stays (no letter under it)',
    items: [item('3', 72, 700), item('\u00B4', 72.5, 700, { width: 4 })],
    out: ['3', '\u00B4'],
  },
  {
    name: 'a bar drawn under a raised letter (Spanish 1.ª) is no macron',
    items: [item('1.', 72, 700), item('a', 80, 703, { size: 7, width: 3.5 }), item('\u00AF', 80, 701, { width: 4 })],
    out: ['1.', 'a', '\u00AF'],
  },
  {
    name: 'a cedilla drawn under its letter',
    items: [item('c', 72, 700), item('\u00B8', 73, 698.5, { width: 3 }), item('a', 77, 700)],
    out: ['ç', 'a'],
  },
  {
    name: 'two accented letters in a word',
    items: [item('nezn\u00B4', 72, 700, { width: 25 }), item('am\u00B4', 94, 700, { width: 15 }), item('y', 105, 700)],
    out: ['nezn', 'ám', 'ý'],
  },
]) {
  test(`composeAccents: ${c.name}`, () => assert.deepEqual(strs(composeAccents(c.items)), c.out));
}

for (const c of [
  { name: 'a capital before the accent: the item ends where its letter starts', x: 25.76, first: true, want: 7.76 },
  { name: 'the letter starting before the share: the share', x: 23, first: true, want: 6 },
  { name: 'the letter past the item: the item whole at most', x: 40, first: true, want: 12 },
  { name: 'the accent over a later letter: the share', x: 25.76, first: false, want: 6 },
]) {
  test(`withoutAccentWidth: ${c.name}`, () =>
    assert.equal(
      Math.round(withoutAccentWidth(item('M\u00A8', 18, 700, { width: 12 }), 2, c.x, c.first) * 100) / 100,
      c.want,
    ));
}

test('buildLines: a capital and a dieresis in one item, the letter kerned back under it, read as one word', () => {
  // pdf.js: "M¨" (the accent after the M, 12 pt), "obius" from the M's end (TeX's \"o).
  const lines = buildLines([
    item('M\u00A8', 18, 700, { width: 11.99, size: 7.97 }),
    item('obius', 25.76, 700, { width: 19.34, size: 7.97 }),
    item(' function', 45.1, 700, { width: 30, size: 7.97 }),
  ]);
  assert.equal(lines[0]!.text, 'Möbius function');
});

test('composeAccents leaves its input unchanged', () => {
  const items = [item('P\u00B4', 72, 700, { width: 10 }), item('elissier', 77, 700, { width: 40 })];
  composeAccents(items);
  assert.deepEqual(strs(items), ['P\u00B4', 'elissier']);
});

test('buildLines: a line with accents drawn over its letters reads the accented words', () => {
  const lines = buildLines([
    item('Patrick', 72, 700, { width: 35 }),
    item(' ', 107, 700, { width: 3 }),
    item('P\u00B4', 110, 700, { width: 10 }),
    item('elissier', 115, 700, { width: 40 }),
  ]);
  assert.equal(lines[0]!.text, 'Patrick Pélissier');
});

test('a PDF that draws TeX-style accents (accent, kern back, letter) reads the accented letters', async () => {
  // Times-Roman in WinAnsi: acute (0xB4, 333 wide), grave (0x60), circumflex (0x88): each accent
  // drawn, then the pen moved back over it, then the letter under it.
  const content =
    'BT /F4 12 Tf 72 700 Td [(Patrick P) -55 (\\264) 388 (elissier et Vincent Lef) -55 (\\140) 388 (evre, la t) -55 (\\210) 388 (ete.)] TJ ET';
  const { blocks } = await extractPdf(makePdf({ pages: [{ content }] }));
  assert.equal(blocks.map((b) => b.text).join('\n'), 'Patrick Pélissier et Vincent Lefèvre, la tête.');
});

test('composeSettingOverlays: a typewriter table row composed, its columns kept', () => {
  const cases: [string, string, string][] = [
    // l2kurz's "Negierte Relationen": the slash had a column of its own before each symbol.
    [
      'composed, a space for the slash',
      '\u0338<   \\not<              \u0338>   \\not>',
      '≮    \\not<              ≯    \\not>',
    ],
    [
      'no precomposed symbol: the same length, no space',
      '\u0338\u228F   \\not\\sqsubset',
      '\u228F\u0338   \\not\\sqsubset',
    ],
    ['a lone slash (\\angle) stays', '\u0338    \\angle', '\u0338    \\angle'],
    ['no overlay', 'if (a <= b)', 'if (a <= b)'],
  ];
  for (const [name, text, want] of cases) {
    assert.equal(composeSettingOverlays(text), want, name);
    assert.equal([...composeSettingOverlays(text).normalize('NFD')].length >= [...text].length, true, name);
  }
});

test('composeOverlays: a negated relation drawn slash first reads as the negated symbol', () => {
  const cases: [string, string, string][] = [
    ['\\neq on a line of its own', '\u0338=', '≠'],
    ['\\neq between its operands', 'X \u0338= 100', 'X ≠ 100'],
    ['\\notin', 'x \u0338\u2208 A', 'x ∉ A'],
    ['\\not\\equiv', 'a \u0338\u2261 b', 'a ≢ b'],
    ['no precomposed symbol: the slash follows its base', 'a \u0338\u228F b', 'a \u228F\u0338 b'],
    ['already after its symbol: left alone', 'a =\u0338 b', 'a =\u0338 b'],
    ['after a letter: left alone', 'X\u0338 y', 'X\u0338 y'],
    ['a lone mark before a space: left alone', 'a \u0338 b', 'a \u0338 b'],
    ['no overlay', 'a = b', 'a = b'],
  ];
  for (const [name, text, want] of cases) assert.equal(composeOverlays(text), want, name);
});

test("copyrightSigns: plain TeX's \\copyright, a c over a circle read as ©, is one sign", () => {
  const cases: [string, string, string][] = [
    [
      'Texinfo, circle first',
      'Copyright \u00A9c 2011\u20132022 Simon Josefsson',
      'Copyright \u00A9 2011\u20132022 Simon Josefsson',
    ],
    [
      'older pdfTeX, letter first',
      'Copyright c\u00A9 2001 Universit\u00E4t Passau',
      'Copyright \u00A9 2001 Universit\u00E4t Passau',
    ],
    ['at the start of a line', '\u00A9c Write the copyright', '\u00A9 Write the copyright'],
    ['before a comma', 'the sign \u00A9c, then', 'the sign \u00A9, then'],
    ['a sign already whole', 'Copyright \u00A9 2020', 'Copyright \u00A9 2020'],
    ['a word after the sign', '\u00A9copyleft', '\u00A9copyleft'],
    ['a word before the sign', 'abc\u00A9 2020', 'abc\u00A9 2020'],
    ['no sign', 'a c b', 'a c b'],
  ];
  for (const [name, text, want] of cases) assert.equal(copyrightSigns(text), want, name);
});

test("negationSlashes: cmsy's \\not slash, read as the code's 6, is the overlay", () => {
  const cases: [string, string, string | undefined, string][] = [
    ['Computer Modern, subset', '6', 'WYERBD+CMSY10', '\u0338'],
    ['Latin Modern', '6', 'XSRAXH+LMMathSymbols10-Regular', '\u0338'],
    ['a smaller size, bold', '6', 'CMBSY7', '\u0338'],
    ['the slash with the symbol it strikes', '6∈', 'CMSY10', '\u0338∈'],
    ['a text font keeps its digits', 'section 3.6', 'MJRIBI+LMRoman10-Regular', 'section 3.6'],
    ["the CS fonts' 6 is a digit", '6', 'RTZLCY+csr8', '6'],
    ['no font name', '6', undefined, '6'],
    ['a symbol font item without a 6', '∞', 'CMSY10', '∞'],
  ];
  for (const [name, str, font, want] of cases) assert.equal(negationSlashes(str, font), want, name);
  assert.equal(composeOverlays(`a ${negationSlashes('6', 'CMSY10')}= b`), 'a ≠ b');
});

test('buildLines: X \\neq 100 as TeX draws it (the slash, zero wide, then the equals sign) reads "X ≠ 100"', () => {
  const lines = buildLines([
    item('X', 100, 700),
    item('\u0338', 112, 700, { width: 0 }),
    item('=', 112, 700),
    item('100', 124, 700),
  ]);
  assert.deepEqual(
    lines.map((l) => l.text),
    ['X ≠ 100'],
  );
});

test("buildLines: a table row's cells read as the line, \\neq composed in its cell", () => {
  const lines = buildLines([item('\u0338', 100, 700, { width: 0 }), item('=', 100, 700), item('\\not=', 200, 700)]);
  assert.deepEqual(
    lines.map((l) => [l.text, l.pieces?.map((p) => p.text)]),
    [['≠ \\not=', ['≠', '\\not=']]],
  );
});

for (const c of [
  {
    name: "a word quoted by CSplain's \\uv: the caron closes the „",
    text: 'v režimu „filtrˇ, není',
    out: 'v režimu „filtr“, není',
  },
  {
    name: 'two quotes on a line',
    text: '„nula nebo víceˇ protože „jedna nebo víceˇ lze',
    out: '„nula nebo více“ protože „jedna nebo více“ lze',
  },
  { name: 'a quoted space and symbol', text: 'kde „ ˇ znamená, „(ˇ je nula', out: 'kde „ “ znamená, „(“ je nula' },
  { name: 'at the end of the line', text: 'typu „streamˇ', out: 'typu „stream“' },
  { name: 'no „ open: the caron stays', text: 'the caron ˇ itself', out: 'the caron ˇ itself' },
  { name: 'the „ closed already by a “', text: '„a“ then ˇ', out: '„a“ then ˇ' },
  { name: 'a caron before a letter is an accent left uncomposed', text: '„cˇas', out: '„cˇas' },
  {
    name: "a glyph table's row: spacing accents between the „ and the caron",
    text: 'E0 ‡ · ‚ „ ‰ Â Ê ı ˆ ˜ ¯ ˘ ˙ ˚ ¸ ˝ ˛ ˇ',
    out: 'E0 ‡ · ‚ „ ‰ Â Ê ı ˆ ˜ ¯ ˘ ˙ ˚ ¸ ˝ ˛ ˇ',
  },
  { name: 'more than 120 characters from the „', text: `„${'x '.repeat(70)}ˇ`, out: `„${'x '.repeat(70)}ˇ` },
  { name: 'no caron: unchanged', text: '„Anführungszeichen“', out: '„Anführungszeichen“' },
]) {
  test(`closingQuoteCarons: ${c.name}`, () => assert.equal(closingQuoteCarons(c.text), c.out));
}

const loose: [name: string, line: string, want: string][] = [
  [
    "DBLaTeX's opening quote read as a combining grave, after a blank",
    'the \u0300 stable\u2019 distribution',
    'the ` stable\u2019 distribution',
  ],
  ['at the line start, before a word', '\u0300unstable\u2019.', '`unstable\u2019.'],
  ['an acute alone', 'x \u0301 y', 'x \u00b4 y'],
  ['a macron alone: its first spacing form', 'a \u0304 b', 'a \u00af b'],
  ['a mark over a letter stays', 'cafe\u0301 e\u0300', 'cafe\u0301 e\u0300'],
  ['a mark without a spacing form stays (the long solidus of \\not)', '\\prec \u0338 \\not', '\\prec \u0338 \\not'],
  ['no mark', 'plain text', 'plain text'],
];

for (const [name, line, want] of loose) {
  test(`looseMarks: ${name}`, () => {
    assert.equal(looseMarks(line), want);
  });
}

for (const c of [
  {
    name: 'a grave on a blank before a quoted word',
    text: 'distribuição \u0300 stable’ ou bullseye',
    out: 'distribuição ‘stable’ ou bullseye',
  },
  { name: 'no blank after the grave', text: 'par le caractère \u0300#’ sont', out: 'par le caractère ‘#’ sont' },
  { name: "at the line's start", text: '\u0300unstable’ archive', out: '‘unstable’ archive' },
  { name: 'after a bracket', text: '(\u0300testing’)', out: '(‘testing’)' },
  { name: 'a grave over a letter is the letter’s', text: 'voila\u0300 l’été', out: 'voila\u0300 l’été' },
  {
    name: 'no closing quote on the line: unchanged',
    text: 'le séparateur \u0300 par une virgule',
    out: 'le séparateur \u0300 par une virgule',
  },
  { name: 'no grave: unchanged', text: 'l’été ‘x’', out: 'l’été ‘x’' },
]) {
  test(`orphanGraveQuotes: ${c.name}`, () => assert.equal(orphanGraveQuotes(c.text), c.out));
}

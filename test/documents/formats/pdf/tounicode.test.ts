// A simple font's partial ToUnicode map completed from its font program's built-in encoding
// (src/documents/formats/pdf/pdfjs.ts, patchPartialToUnicode): dvipdfmx's Computer Modern fonts
// map only ff and ffi, and fi, fl came out as a form feed and a carriage return. PDFs written by
// test/documents/helpers/type1-font.ts: an embedded Type 1 font program with its own encoding.
// The patch's own source checks are in pdfjs.test.ts; these read PDFs through the patched pdf.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { makeType1Pdf, OT1_LETTERS, ot1, type Type1Spec } from '../../helpers/type1-font.ts';

const text = async (spec: Type1Spec) => (await extractPdf(makeType1Pdf(spec))).blocks.map((b) => b.text).join('\n');

const LINES = [ot1('The speci{fi}ed {fl}ow'), ot1('has an e{ff}ect.')];

const cases: { name: string; spec: Type1Spec; want: string }[] = [
  {
    name: 'a ToUnicode map of ff alone: fi and fl from the built-in encoding',
    spec: { builtIn: OT1_LETTERS, toUnicode: { 11: 'ff' }, lines: LINES },
    want: 'The specified flow has an effect.',
  },
  {
    name: 'the map says otherwise than a glyph name: the map wins',
    spec: { builtIn: OT1_LETTERS, toUnicode: { 11: 'ff', 84: 'Z' }, lines: LINES },
    want: 'Zhe specified flow has an effect.',
  },
  {
    name: 'no ToUnicode map: the built-in encoding (pdf.js alone)',
    spec: { builtIn: OT1_LETTERS, lines: LINES },
    want: 'The specified flow has an effect.',
  },
  {
    name: 'a complete ToUnicode map: unchanged',
    spec: {
      builtIn: OT1_LETTERS,
      toUnicode: Object.fromEntries(
        Object.entries(OT1_LETTERS).map(([c, n]) => [
          Number(c),
          ({ ff: 'ff', fi: 'fi', fl: 'fl', period: '.' } as Record<string, string>)[n] ?? n,
        ]),
      ),
      lines: LINES,
    },
    want: 'The specified flow has an effect.',
  },
  {
    name: 'a glyph name without Unicode stays unmapped (its code, a form feed: a space)',
    spec: { builtIn: { ...OT1_LETTERS, 12: 'g123' }, toUnicode: { 11: 'ff' }, lines: [ot1('A{fi}B.')] },
    want: 'A B.',
  },
];
for (const c of cases)
  test(`partial ToUnicode: ${c.name}`, async () => {
    assert.equal((await text(c.spec)).replace(/\s+/g, ' '), c.want);
  });

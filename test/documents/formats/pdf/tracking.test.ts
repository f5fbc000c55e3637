// Letter-spaced text (pdfjs.ts trackedAdvance, patched into pdf.js's worker): the character
// spacing a PDF adds after every glyph is tracking, not a gap between words.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import {
  ADVANCE_X,
  glyphTracking,
  PREV_RISE,
  patchTrackedAdvance,
  renamedDeclaration,
  RUN_GLYPHS,
  trackedAdvance,
} from '../../../../src/documents/formats/pdf/pdfjs.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { makePdf } from '../../helpers/make-pdf.ts';

describe('trackedAdvance', () => {
  // [advance, tracking after the glyph before the gap, gap weighed]
  const cases: [number, number | undefined, number][] = [
    [1.5, 1.5, 0], // a letter gap of a 1.5 letter-spaced line: no gap
    [5.78, 1.5, 4.28], // a word space there (space glyph 2.78 + its own Tc 1.5) stays one
    [3, 0, 3], // no tracking: pdf.js's own advance
    [3, undefined, 3], // no glyph before on record
    [0.4, -0.5, 0.4], // tightened text: left as pdf.js weighs it
    [3, Number.NaN, 3],
    [-1, 1, -2], // a pen moving back stays moving back
  ];
  for (const [advance, tracking, want] of cases)
    test(`${advance} after tracking ${tracking}`, () =>
      assert.ok(Math.abs(trackedAdvance(advance, tracking) - want) < 1e-9));
});

describe('glyphTracking', () => {
  // [Tc, horizontal scale, the run has a space glyph, tracking]
  const cases: [number, number, boolean, number][] = [
    [1.5, 1, true, 1.5], // ReportLab's setCharSpace(1.5) over "she snarfed in one night now"
    [2, 0.5, true, 1], // the horizontal scale scales it as pdf.js moves the pen
    [2.5, 1, false, 0], // Ghostscript's "(ya)" with 2.5 Tc: the spacing is the word space of "they are"
    [0, 1, true, 0],
    [-0.35, 1, true, 0], // tightened text
    [Number.NaN, 1, true, 0],
  ];
  for (const [tc, h, spaced, want] of cases)
    test(`Tc ${tc} at scale ${h}, ${spaced ? 'with' : 'without'} a space glyph`, () =>
      assert.ok(Math.abs(glyphTracking(tc, h, spaced) - want) < 1e-9));
});

test('the worker source holds the advance line patchTrackedAdvance replaces, once', () => {
  const source = readFileSync(
    new URL('../../../../node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs', import.meta.url),
    'utf8',
  );
  assert.equal(source.split(ADVANCE_X).length, 2);
  assert.equal(source.split(PREV_RISE).length, 2);
  assert.equal(source.split(RUN_GLYPHS).length, 2);
  assert.throws(() => patchTrackedAdvance('const x = 1;'), /horizontal advance line/);
  assert.throws(() => patchTrackedAdvance(ADVANCE_X), /text run glyphs line/);
  assert.throws(() => patchTrackedAdvance(ADVANCE_X + RUN_GLYPHS), /glyph pen record/);
});

test('the patched worker source declares the helpers its lines call, once, under names of their own', () => {
  const source = readFileSync(
    new URL('../../../../node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs', import.meta.url),
    'utf8',
  );
  assert.equal(source.includes('ourTrackedAdvance') || source.includes('ourGlyphTracking'), false);
  const patched = patchTrackedAdvance(source);
  assert.equal(patched.split('function ourTrackedAdvance(').length, 2);
  assert.equal(patched.split('function ourGlyphTracking(').length, 2);
  // The declarations run as the helpers do.
  const { ourTrackedAdvance, ourGlyphTracking } = runInNewContext(
    `${patched.slice(patched.lastIndexOf('\nfunction ourTrackedAdvance('))}; ({ ourTrackedAdvance, ourGlyphTracking })`,
  ) as { ourTrackedAdvance: typeof trackedAdvance; ourGlyphTracking: typeof glyphTracking };
  for (const [advance, tracking] of [
    [10, 2],
    [10, undefined],
    [10, -1],
  ] as const)
    assert.equal(ourTrackedAdvance(advance, tracking), trackedAdvance(advance, tracking));
  assert.equal(ourGlyphTracking(2, 0.5, true), glyphTracking(2, 0.5, true));
  assert.equal(ourGlyphTracking(2, 0.5, false), glyphTracking(2, 0.5, false));
});

test('renamedDeclaration', async (t) => {
  function sample(a: number) {
    return a + 1;
  }
  const cases: [string, () => string, RegExp][] = [
    [
      'a declaration, renamed',
      () => renamedDeclaration(sample, 'sample', 'ourSample'),
      /^function ourSample\(a\s*\) \{/,
    ],
    ['another name: refused', () => renamedDeclaration(sample, 'other', 'ourOther'), /not a function declaration/],
    ['an arrow function: refused', () => renamedDeclaration((a: number) => a, 'a', 'b'), /not a function declaration/],
  ];
  for (const [name, run, want] of cases)
    await t.test(name, () => {
      try {
        assert.match(run(), want);
      } catch (e) {
        if (e instanceof assert.AssertionError) throw e;
        assert.match((e as Error).message, want);
      }
    });
});

const textOf = async (content: string) =>
  (await extractPdf(makePdf({ pages: [{ content }] }))).blocks.map((b) => b.text).join('\n');

test('a letter-spaced line reads as its words', async () => {
  for (const tc of [1.5, 2, 3])
    assert.match(
      await textOf(`BT /F1 10 Tf ${tc} Tc 72 700 Td (she snarfed in one night now) Tj ET`),
      /she snarfed in one night now/,
      `Tc ${tc}`,
    );
});

test('letters a PDF sets apart with spaces stay apart', async () => {
  assert.match(await textOf('BT /F1 10 Tf 72 700 Td (a b c d) Tj ET'), /a b c d/);
  assert.match(await textOf('BT /F1 10 Tf 1.5 Tc 72 700 Td (a b c d) Tj ET'), /a b c d/);
  // Glyphs placed apart by the pen (TJ kerning), not by Tc, still read as words apart.
  assert.match(await textOf('BT /F1 10 Tf 72 700 Td [(she) -400 (snarfed)] TJ ET'), /she snarfed/);
  // A run placed a word's space after the last (Td) with a Tc of its own (groff through
  // Ghostscript): its spacing is not in the gap before it.
  assert.match(
    await textOf('BT /F1 10 Tf 72 700 Td (as the) Tj 2.5 Tc 29.5 0 Td (yare) Tj 0 Tc ET'),
    /as the y a r e|as the yare/,
  );
  assert.doesNotMatch(
    await textOf('BT /F1 10 Tf 72 700 Td (as the) Tj 2.5 Tc 29.5 0 Td (yare) Tj 0 Tc ET'),
    /theya|they a/,
  );
});

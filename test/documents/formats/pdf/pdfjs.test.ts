// pdf.js as the service loads it: the page-tree prefetch fix is applied exactly where pdf.js makes
// the promise, and a damaged page tree read after another document leaves no rejection behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { setTimeout } from 'node:timers/promises';
import {
  patchMonospaceWidths,
  patchPdfWorkerSource,
  patchUnmappedStyle,
  patchedLoads,
} from '../../../../src/documents/formats/pdf/pdfjs.ts';
import { readDocument } from '../../../../src/documents/chunk-document.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';

const LINE = 'pageDictCache.put(lastKid, xref.fetchAsync(lastKid));';

const refused: [string, string][] = [
  ['no prefetch line (pdf.js changed)', 'const x = 1;'],
  ['the line twice', `${LINE}\n${LINE}`],
  ['an empty source', ''],
];
for (const [name, source] of refused) {
  test(`patchPdfWorkerSource refuses ${name}`, () => {
    assert.throws(() => patchPdfWorkerSource(source), /pdf\.js worker source changed/);
  });
}

test('patchPdfWorkerSource marks the prefetched promise handled and caches that same promise', () => {
  const out = patchPdfWorkerSource(`before();\n        ${LINE}\nafter();`);
  assert.equal(
    out,
    'before();\n        const prefetched = xref.fetchAsync(lastKid); prefetched.catch(() => {}); pageDictCache.put(lastKid, prefetched);\nafter();',
  );
});

test('patchMonospaceWidths refuses a source without its width check, or with it twice', () => {
  const LINE = 'let firstWidth = defaultWidth;';
  for (const source of ['const x = 1;', LINE + LINE])
    assert.throws(() => patchMonospaceWidths(source), /pdf\.js worker source changed/);
});

test('patchMonospaceWidths: equal listed widths make a font monospaced whatever its MissingWidth', () => {
  // pdf.js's check, as in its worker source (the flags bit is FixedPitch).
  const check = `let isMonospace = true;
let firstWidth = defaultWidth;
for (const glyph in glyphsWidths) {
  const glyphWidth = glyphsWidths[glyph];
  if (!glyphWidth) continue;
  if (!firstWidth) { firstWidth = glyphWidth; continue; }
  if (firstWidth !== glyphWidth) { isMonospace = false; break; }
}
isMonospace;`;
  const patched = patchMonospaceWidths(check);
  const cases: [string, number, Record<number, number>, boolean, boolean][] = [
    ['Ghostscript: widths 525, MissingWidth 1131', 1131, { 37: 525, 38: 525, 40: 0, 41: 525 }, false, true],
    ['no MissingWidth, widths equal', 0, { 65: 600, 66: 600 }, true, true],
    ['no MissingWidth, widths differ', 0, { 65: 600, 66: 500 }, false, false],
    ['a MissingWidth, widths differ', 1000, { 65: 600, 66: 500 }, false, false],
  ];
  for (const [name, defaultWidth, glyphsWidths, before, after] of cases) {
    assert.equal(runInNewContext(check, { defaultWidth, glyphsWidths }), before, `${name}: pdf.js as shipped`);
    assert.equal(runInNewContext(patched, { defaultWidth, glyphsWidths }), after, `${name}: patched`);
  }
});

test('patchUnmappedStyle refuses a source without its text style line, or with it twice', () => {
  const STYLE = 'fontFamily: font.fallbackName,\n';
  for (const source of ['const x = 1;', STYLE + STYLE])
    assert.throws(() => patchUnmappedStyle(source), /pdf\.js worker source changed/);
});

test('patchUnmappedStyle marks a Type 3 font unmapped when most of its named codes have no Unicode', () => {
  const out = patchUnmappedStyle('({\n  fontFamily: font.fallbackName,\n  ascent: 1 })');
  const styleOf = (font: unknown) => runInNewContext(out, { font }) as { unmapped: boolean };
  const map = (codes: number[]) => ({ has: (c: number) => codes.includes(c) });
  const differences = new Map([
    [0, 'a0'],
    [1, 'a1'],
    [2, 'a2'],
    [3, '.notdef'],
  ]);
  const cases: [string, unknown, boolean][] = [
    ['no code of three mapped', { isType3Font: true, differences, toUnicode: map([]) }, true],
    ['two codes of three mapped', { isType3Font: true, differences, toUnicode: map([0, 1]) }, false],
    ['not a Type 3 font', { isType3Font: false, differences, toUnicode: map([]) }, false],
    ['no Differences', { isType3Font: true, differences: new Map(), toUnicode: map([]) }, false],
  ];
  for (const [name, font, want] of cases) assert.equal(styleOf(font).unmapped, want, name);
});

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../fixtures/fuzz/${name}`, import.meta.url)));

test('shared/fuzz crash-1 in one thread: the first read, the second refused as damaged, nothing left unhandled', async () => {
  const unhandled: unknown[] = [];
  const spy = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', spy);
  try {
    assert.ok((await readDocument({ format: 'pdf', bytes: fixture('crash-1-first.pdf') })).chunks.length > 0);
    await assert.rejects(readDocument({ format: 'pdf', bytes: fixture('crash-1-second.pdf') }), (err) => {
      assert.ok(err instanceof DocumentError);
      assert.equal(err.status, 422);
      return true;
    });
    await setTimeout(200);
    assert.deepEqual(unhandled, []);
    assert.equal(patchedLoads, 1, "pdf.js's worker module was loaded through the fix");
  } finally {
    process.off('unhandledRejection', spy);
  }
});

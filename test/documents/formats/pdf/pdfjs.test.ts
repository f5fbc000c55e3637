// pdf.js as the service loads it: the page-tree prefetch fix is applied exactly where pdf.js makes
// the promise, and a damaged page tree read after another document leaves no rejection behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { deflateSync } from 'node:zlib';
import { setTimeout } from 'node:timers/promises';
import {
  drawnUnderscore,
  DECOMPRESSION_STREAM,
  gridWidths,
  LOOPBACK_CLONE,
  MONO_CHECK,
  patchLoopbackTextChunks,
  patchMonospaceWidths,
  patchPartialToUnicode,
  patchPdfWorkerSource,
  patchRulePaths,
  patchSyncInflate,
  patchTextBatch,
  patchBidiLtr,
  patchTextStateClone,
  patchGlyphPenInPlace,
  patchTextPenInPlace,
  patchTextTransform,
  patchUnmappedStyle,
  patchedApiLoads,
  patchedLoads,
  TEXT_BATCH,
  TEXT_END,
  TEXT_FORM,
  TEXT_FORM_END,
  TEXT_PARAMS,
  TEXT_SWITCH,
  TEXT_TRANSFORM,
  TEXT_TRANSFORM_ONE,
  TEXT_PEN_HEAD,
  TEXT_PEN_TSM,
  TEXT_PEN_TYPE3,
  PEN_COMPARE_HEAD,
  GLYPH_PEN,
  WHITESPACE_PEN,
  FAKE_SPACE_PEN,
  BIDI_HEAD,
  BIDI_TYPES,
  TEXT_STATE_CLONE,
} from '../../../../src/documents/formats/pdf/pdfjs.ts';
import { readDocument } from '../../../../src/documents/chunk-document.ts';
import { openPdf, openedPdf } from '../../../../src/documents/formats/pdf/page-text.ts';
import { makePdf, type TextRun } from '../../helpers/make-pdf.ts';
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
  for (const source of ['const x = 1;', MONO_CHECK + MONO_CHECK, MONO_CHECK.replace('!==', '!=')])
    assert.throws(() => patchMonospaceWidths(source), /pdf\.js worker source changed/);
});

test('the worker source holds the monospace check patchMonospaceWidths replaces', () => {
  const source = readFileSync(
    new URL('../../../../node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs', import.meta.url),
    'utf8',
  );
  assert.equal(source.split(MONO_CHECK).length, 2);
});

const TEXT_PLACES = [TEXT_PARAMS, TEXT_SWITCH, TEXT_FORM, TEXT_FORM_END, TEXT_END];

test('the worker source holds each place patchRulePaths changes once', () => {
  const source = readFileSync(
    new URL('../../../../node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs', import.meta.url),
    'utf8',
  );
  for (const place of TEXT_PLACES) assert.equal(source.split(place).length, 2, place);
});

test('patchRulePaths refuses a source without one of its places, or with one twice', () => {
  const all = TEXT_PLACES.join('\n');
  assert.doesNotThrow(() => patchRulePaths(all));
  for (const place of TEXT_PLACES) {
    assert.throws(() => patchRulePaths(all.replace(place, '')), /pdf\.js worker source changed/);
    assert.throws(() => patchRulePaths(`${all}\n${place}`), /pdf\.js worker source changed/);
  }
});

test("drawnUnderscore: TeX's underscore rule right after the pen, not an underline, a space, a bar or a table rule", () => {
  const I = [1, 0, 0, 1, 0, 0];
  // A 12 pt font: the pen after "mpfr" at x 100 on the baseline y 300.
  const rect = (x: number, y: number, w: number, h: number) => [0, x, y, 1, x + w, y, 1, x + w, y + h, 1, x, y + h, 4];
  const cases: [string, number[], number[], number | null][] = [
    ['plain TeX: kern .06 em, rule .3 em wide, 0.4 pt on the baseline', rect(100.72, 300, 3.6, 0.4), I, 104.32],
    ['the same rule drawn as one stroked segment', [0, 100.72, 300.2, 1, 104.32, 300.2], I, 104.32],
    ["the same rule under a transform (pdfTeX's page matrix)", rect(0.72, 0, 3.6, 0.4), [1, 0, 0, 1, 100, 300], 104.32],
    ["a space before the bar (.3 em): the next word's underline", rect(103.6, 300, 3.6, 0.4), I, null],
    ['an underline .15 em under the baseline', rect(100.72, 297.8, 3.6, 0.4), I, null],
    ['a strike-out or fraction bar at the maths axis', rect(100.72, 303, 3.6, 0.4), I, null],
    ['a rule a whole em wide (a table rule, an em dash drawn)', rect(100.72, 300, 12, 0.4), I, null],
    ['a thick box (a bullet square)', rect(100.72, 300, 3.6, 3.6), I, null],
    ['two rectangles in one path', [...rect(100.72, 300, 3.6, 0.4), ...rect(110, 300, 3.6, 0.4)], I, null],
    ['a curve', [0, 100.72, 300, 2, 101, 301, 103, 301, 104.3, 300], I, null],
    ['a bar that starts before the pen (under the last glyph)', rect(98, 300, 3.6, 0.4), I, null],
  ];
  const after: [string, string, boolean][] = [
    ['a letter', 'r', true],
    ['a digit', '2', true],
    ['an underscore (two in a row)', '_', true],
    ["the shell's $_", '$', true],
    ['a radical sign: its vinculum', '\u221A', false],
    ['an opening parenthesis: a blank to fill in', '(', false],
    ['no text before', '', false],
  ];
  for (const [what, last, read] of after)
    assert.equal(drawnUnderscore(rect(100.72, 300, 3.6, 0.4), I, 100, 300, 12, last) !== null, read, what);
  for (const [what, path, ctm, want] of cases) {
    const got = drawnUnderscore(path, ctm, 100, 300, 12, 'r');
    if (want === null) assert.equal(got, null, what);
    else assert.ok(got !== null && Math.abs(got - want) < 0.01, `${what}: ${got}`);
  }
});

test('gridWidths: one column to a rounding, a few glyphs of two columns', () => {
  const cases: [string, Record<number, number>, boolean][] = [
    ['no width listed', {}, true],
    ['widths equal', { 65: 600, 66: 600, 67: 600 }, true],
    ["one glyph: pdfTeX's TS1 bullet font (FirstChar 136), no grid", { 136: 500 }, false],
    ['two glyphs of one width outside ASCII: a symbol font, no grid', { 136: 500, 137: 500 }, false],
    ["two letters: a bold typewriter subset of a listing's keyword 'if'", { 102: 525, 105: 525 }, true],
    ['one sign in ASCII: a typewriter brace', { 123: 525 }, true],
    ['zero widths (unused codes) left out', { 37: 525, 38: 525, 40: 0, 41: 525 }, true],
    ['pdfTeX: widths 531.3, two rounded to 531 (Latin Modern Mono 8)', { 39: 531.3, 40: 531, 41: 531.3 }, true],
    ['T1 typewriter face: 525 and SS at 0xDF 1050 (t1xtt, ectt)', { 65: 525, 66: 525, 223: 1050, 233: 525 }, true],
    ['the double width first', { 32: 1050, 33: 525, 34: 525 }, true],
    ['widths differ: a proportional font', { 65: 600, 66: 500 }, false],
    ['widths 1 % apart: a proportional font', { 65: 500, 66: 505 }, false],
    ['three columns wide', { 65: 500, 66: 500, 67: 1500 }, false],
    ['as many double as single (a CJK font: Latin and full-width forms)', { 65: 500, 20013: 1000 }, false],
    ['mostly double', { 65: 500, 20013: 1000, 20014: 1000 }, false],
    ['Helvetica: space 278, digits 556', { 32: 278, 48: 556, 49: 556, 50: 556 }, false],
  ];
  for (const [name, widths, want] of cases) assert.equal(gridWidths(widths), want, name);
});

test('patchMonospaceWidths: the listed widths decide, whatever the MissingWidth', () => {
  const check = `${MONO_CHECK}isMonospace;`;
  const patched = patchMonospaceWidths(check);
  const cases: [string, number, Record<number, number>, boolean, boolean][] = [
    ['Ghostscript: widths 525, MissingWidth 1131', 1131, { 37: 525, 38: 525, 40: 0, 41: 525 }, false, true],
    ['no MissingWidth, widths equal', 0, { 65: 600, 66: 600, 67: 600 }, true, true],
    ['one glyph listed (a bullet font of its own)', 0, { 136: 500 }, true, false],
    ['no MissingWidth, widths differ', 0, { 65: 600, 66: 500 }, false, false],
    ['a MissingWidth, widths differ', 1000, { 65: 600, 66: 500 }, false, false],
    [
      'pdfTeX: widths 531.3, two rounded to 531 (Latin Modern Mono 8)',
      0,
      { 39: 531.3, 40: 531, 41: 531.3 },
      false,
      true,
    ],
    ['T1 typewriter face with its double-width SS', 0, { 65: 525, 66: 525, 223: 1050, 233: 525 }, false, true],
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
  // The style carries the font's own name (drawing-fonts.ts reads it).
  assert.equal((styleOf({ name: 'NIUZVQ+XYDASH10', isType3Font: false }) as { name?: string }).name, 'NIUZVQ+XYDASH10');
});

test('patchPartialToUnicode refuses a source without its two lines', () => {
  assert.throws(() => patchPartialToUnicode('const x = 1;'), /pdf\.js worker source changed/);
});

// pdf.js's own adjustType1ToUnicode, cut out of its worker module (patched or not) and run on a
// font's properties: the codes of the font's own encoding a ToUnicode map leaves out.
const workerSource = readFileSync(
  new URL('../../../../node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs', import.meta.url),
  'utf8',
);
function adjustType1(source: string, included: Record<number, string>, builtIn: Record<number, string>) {
  const start = source.indexOf('function adjustType1ToUnicode(');
  const code = source.slice(start, source.indexOf('\nfunction ', start));
  const map = new Map(Object.entries(included).map(([k, v]) => [Number(k), v]));
  const properties = {
    isInternalFont: false,
    hasIncludedToUnicodeMap: map.size > 0,
    hasEncoding: false,
    defaultEncoding: [],
    toUnicode: {
      has: (c: number) => map.has(c),
      amend: (m: Map<number, string>) => m.forEach((v, k) => map.set(k, v)),
    },
  };
  const glyphs: Record<string, number> = { fi: 0xfb01, emdash: 0x2014, ff: 0xfb00, T: 0x54 };
  runInNewContext(`${code}\nadjustType1ToUnicode(properties, builtIn);`, {
    properties,
    builtIn,
    IdentityToUnicodeMap: class {},
    CharCodeMap: Map,
    getGlyphsUnicode: () => glyphs,
    getUnicodeForGlyph: (name: string, table: Record<string, number>) => table[name] ?? -1,
  });
  return Object.fromEntries([...map].sort((a, b) => a[0] - b[0]));
}

test("patchPartialToUnicode: codes a Type 1 font's ToUnicode map leaves out take their glyph's name", async (t) => {
  // OT1 Computer Modern: ff at 0x0B, fi at 0x0C, an em dash at 0x7C; glpk's map names ff only.
  const builtIn = { 11: 'ff', 12: 'fi', 84: 'T', 124: 'emdash' };
  const patched = patchPartialToUnicode(workerSource);
  const cases: [string, string, Record<number, string>, Record<number, string>][] = [
    ['pdf.js as shipped: a partial map is left as it is', workerSource, { 11: '\uFB00' }, { 11: '\uFB00' }],
    [
      'patched: the codes left out are read by their glyph names',
      patched,
      { 11: '\uFB00' },
      { 11: '\uFB00', 12: '\uFB01', 84: 'T', 124: '\u2014' },
    ],
    [
      "patched: a code the map names keeps the map's Unicode",
      patched,
      { 11: '\uFB00', 124: '-' },
      { 11: '\uFB00', 12: '\uFB01', 84: 'T', 124: '-' },
    ],
    [
      'patched: no map at all, every code by its glyph name (as before)',
      patched,
      {},
      { 11: '\uFB00', 12: '\uFB01', 84: 'T', 124: '\u2014' },
    ],
  ];
  for (const [name, source, included, want] of cases)
    await t.test(name, () => assert.deepEqual(adjustType1(source, included, builtIn), want));
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
    assert.equal(patchedApiLoads, 1, "pdf.js's API module was loaded through the LoopbackPort change");
  } finally {
    process.off('unhandledRejection', spy);
  }
});

const API_SOURCE = new URL('../../../../node_modules/pdfjs-dist/legacy/build/pdf.mjs', import.meta.url);

test('patchLoopbackTextChunks refuses a source without its clone line, or with it twice', () => {
  assert.throws(() => patchLoopbackTextChunks('const x = 1;'), /LoopbackPort clone line/);
  assert.throws(() => patchLoopbackTextChunks(`${LOOPBACK_CLONE}\n${LOOPBACK_CLONE}`), /LoopbackPort clone line/);
});

// The patched LoopbackPort itself, cut from this pdfjs-dist's pdf.mjs and run as pdf.js runs it.
type Port = {
  postMessage(obj: unknown, transfer?: unknown[]): void;
  addEventListener(name: string, listener: (event: { data: unknown }) => void): void;
};
const loopbackPort = (): Port => {
  const source = patchLoopbackTextChunks(readFileSync(API_SOURCE, 'utf8'));
  const start = source.indexOf('class LoopbackPort {');
  const end = source.indexOf('\n}\n', start) + 3;
  const streamKind = /const StreamKind = \{[^}]*\};/.exec(source)![0];
  return runInNewContext(`${streamKind}\nconst warn = () => {};\n${source.slice(start, end)}\nnew LoopbackPort();`, {
    structuredClone,
    Map,
    Promise,
    AbortSignal,
  }) as Port;
};

test("the LoopbackPort passes a text content chunk's items as they are, and clones every other message", async (t) => {
  const port = loopbackPort();
  const received: { data: unknown }[] = [];
  port.addEventListener('message', (event) => received.push(event));
  const textContent: { items: object[]; styles: Record<string, object>; lang: null } = {
    items: [{ str: 'a', transform: [1, 0, 0, 1, 0, 0] }],
    styles: { f1: {} },
    lang: null,
  };
  const items = textContent.items;
  const streamMessage = (chunk: unknown, stream = 4) => ({
    sourceName: 's',
    targetName: 't',
    stream,
    streamId: 1,
    chunk,
  });
  port.postMessage(streamMessage(textContent));
  // As the worker does after each chunk: new arrays for the next one, the object itself kept.
  textContent.items = [];
  textContent.styles = {};
  const operatorList = { fnArray: [1, 2], argsArray: [null, null] };
  port.postMessage(streamMessage(operatorList));
  const action = { action: 'GetPage', data: { pageIndex: 0 } };
  port.postMessage(action);
  await new Promise((resolve) => setImmediate(resolve));
  const [text, ops, other] = received.map((event) => event.data as Record<string, unknown>);
  await t.test('the text chunk: its items and styles as sent, not the ones that replaced them', () => {
    const chunk = text!.chunk as typeof textContent;
    assert.equal(chunk.items, items);
    assert.deepEqual(Object.keys(chunk.styles), ['f1']);
    assert.notEqual(chunk, textContent);
  });
  await t.test('another stream chunk is cloned', () => {
    assert.deepEqual(ops!.chunk, operatorList);
    assert.notEqual(ops!.chunk, operatorList);
  });
  await t.test('a message that is no stream chunk is cloned', () => {
    assert.deepEqual(other, action);
    assert.notEqual(other, action);
  });
});

const WORKER_SOURCE = new URL('../../../../node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs', import.meta.url);

test('the worker source holds the text transform line patchTextTransform replaces, once', () => {
  assert.equal(readFileSync(WORKER_SOURCE, 'utf8').split(TEXT_TRANSFORM).length, 2);
  assert.throws(() => patchTextTransform('const x = 1;'), /text transform line/);
  assert.throws(() => patchTextTransform(`${TEXT_TRANSFORM}\n${TEXT_TRANSFORM}`), /text transform line/);
});

test("the one-array text transform gives pdf.js's two Util.transform products to the bit", async (t) => {
  const source = readFileSync(WORKER_SOURCE, 'utf8');
  const start = source.indexOf('  static transform(m1, m2) {');
  const method = source.slice(start, source.indexOf('\n  }\n', start) + 4);
  type M = number[];
  type Compute = (textState: { ctm: M; textMatrix: M }, tsm: M) => M;
  const [pdfjs, ours] = runInNewContext(
    `class Util {\n${method}\n}\n[(textState, tsm) => { ${TEXT_TRANSFORM} }, (textState, tsm) => { ${TEXT_TRANSFORM_ONE} }]`,
  ) as [Compute, Compute];
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const special = [0, -0, 1, -1, 0.1, 1e-300, 1e300, Number.MAX_VALUE, Infinity, -Infinity, NaN];
  const value = (i: number) =>
    i % 3 === 0 ? special[Math.floor(random() * special.length)]! : (random() - 0.5) * 10 ** (random() * 6);
  for (const [name, cases] of [
    ['ordinary numbers', 2000],
    ['with signed zeros, infinities and NaN', 2000],
  ] as const) {
    await t.test(name, () => {
      for (let k = 0; k < cases; k++) {
        const pick = name === 'ordinary numbers' ? () => (random() - 0.5) * 100 : () => value(k);
        const state = { ctm: Array.from({ length: 6 }, pick), textMatrix: Array.from({ length: 6 }, pick) };
        const tsm = [pick(), 0, 0, pick(), 0, pick()];
        const want = pdfjs(state, tsm);
        const got = ours(state, tsm);
        assert.equal(got.length, 6);
        got.forEach((v, i) => assert.ok(Object.is(v, want[i]), `case ${k}, element ${i}: ${v} against ${want[i]}`));
      }
    });
  }
});

test('the worker source holds each line patchTextPenInPlace changes, once', async (t) => {
  const source = patchTextTransform(readFileSync(WORKER_SOURCE, 'utf8'));
  for (const line of [TEXT_PEN_HEAD, TEXT_PEN_TSM, TEXT_PEN_TYPE3, TEXT_TRANSFORM_ONE, PEN_COMPARE_HEAD])
    await t.test(line.trim().slice(0, 50), () => {
      assert.equal(source.split(line).length, 2);
      assert.throws(() => patchTextPenInPlace(source.replace(line, '')), /pdf\.js worker source changed/);
      assert.throws(
        () => patchTextPenInPlace(source.replace(line, `${line}\n${line}`)),
        /pdf\.js worker source changed/,
      );
    });
  await t.test('compareWithLastPosition reads the pen from its own array, every other caller a new one', () => {
    const out = patchTextPenInPlace(source);
    assert.equal(out.split('getCurrentTextTransform(ourPenScratch)').length, 2);
    assert.equal(out.split('getCurrentTextTransform()').length, source.split('getCurrentTextTransform()').length - 2); // the head, now `(out)`, and that call
  });
});

test("the text pen without its arrays gives pdf.js's own transform to the bit, into the array given or a new one", async (t) => {
  const pristine = readFileSync(WORKER_SOURCE, 'utf8');
  const fn = (text: string) => {
    const start = text.indexOf('    function getCurrentTextTransform(');
    return text.slice(start, text.indexOf('\n    }\n', start) + 6);
  };
  const start = pristine.indexOf('  static transform(m1, m2) {');
  const util = pristine.slice(start, pristine.indexOf('\n  }\n', start) + 4);
  type M = number[];
  interface State {
    font: { isType3Font: boolean; isCharBBox: boolean; bbox: M };
    fontSize: number;
    textHScale: number;
    textRise: number;
    fontMatrix: M;
    textMatrix: M;
    ctm: M;
  }
  type Pen = (state: State, out?: M) => M;
  const build = (text: string): Pen =>
    runInNewContext(
      `const FONT_IDENTITY_MATRIX = [0.001, 0, 0, 0.001, 0, 0];
      const isArrayEqual = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
      class Util {\n${util}\n}
      (state, out) => { const textState = state;\n${fn(text)}\nreturn getCurrentTextTransform(out); }`,
    ) as Pen;
  const pdfjs = build(pristine);
  const ours = build(patchTextPenInPlace(patchTextTransform(pristine)));
  let seed = 11;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const special = [0, -0, 1, -1, 0.1, 1e-300, 1e300, Number.MAX_VALUE, Infinity, -Infinity, NaN];
  const value = () =>
    random() < 0.3 ? special[Math.floor(random() * special.length)]! : (random() - 0.5) * 10 ** (random() * 6);
  for (const type3 of [false, true])
    await t.test(type3 ? 'a Type 3 font, its glyph height applied' : 'other fonts', () => {
      for (let k = 0; k < 3000; k++) {
        const six = () => Array.from({ length: 6 }, value);
        const state: State = {
          font: { isType3Font: type3, isCharBBox: random() < 0.5, bbox: [0, value(), 0, value()] },
          fontSize: random() < 0.3 ? random() : value(),
          textHScale: value(),
          textRise: value(),
          fontMatrix: random() < 0.2 ? [0.001, 0, 0, 0.001, 0, 0] : six(),
          textMatrix: six(),
          ctm: six(),
        };
        const want = pdfjs(state);
        const fresh = ours(state);
        const given = [9, 9, 9, 9, 9, 9];
        const into = ours(state, given);
        assert.equal(into, given);
        assert.notEqual(fresh, ours(state));
        for (const got of [fresh, into]) {
          assert.equal(got.length, 6);
          got.forEach((v, i) => assert.ok(Object.is(v, want[i]), `case ${k}, element ${i}: ${v} against ${want[i]}`));
        }
      }
    });
});

test('the worker source holds each line patchGlyphPenInPlace changes, once', async (t) => {
  const source = patchTextPenInPlace(patchTextTransform(readFileSync(WORKER_SOURCE, 'utf8')));
  for (const line of [GLYPH_PEN, WHITESPACE_PEN, FAKE_SPACE_PEN])
    await t.test(line.trim(), () => {
      assert.equal(source.split(line).length, 2);
      assert.throws(() => patchGlyphPenInPlace(source.replace(line, '')), /pdf\.js worker source changed/);
      assert.throws(
        () => patchGlyphPenInPlace(source.replace(line, `${line}\n${line}`)),
        /pdf\.js worker source changed/,
      );
    });
});

test('whitespace items keep the pen of their gap, each in an array of its own, though the glyph pen is written in place', async () => {
  // Gaps wider than a word space (TJ's -2000: two ems) end the item and give a whitespace item
  // (addFakeSpaces) whose transform is the pen after the gap's last glyph.
  const content = 'BT /F1 12 Tf 72 700 Td [(ab) -2000 (cd) -2000 (ef)] TJ 0 -20 Td (gh) Tj ET';
  const task = openPdf(makePdf({ pages: [{ content }] }), false);
  try {
    const page = await (await task.promise).getPage(1);
    const tc = await page.getTextContent({ disableNormalization: true });
    const items = tc.items.filter((it) => 'str' in it) as { str: string; transform: number[]; width: number }[];
    assert.deepEqual(
      items.map((it) => it.str),
      ['ab', ' ', 'cd', ' ', 'ef', 'gh'],
    );
    const arrays = new Set(items.map((it) => it.transform));
    assert.equal(arrays.size, items.length);
    for (const i of [1, 3]) {
      const before = items[i - 1]!;
      const gap = items[i]!;
      assert.ok(
        Math.abs(gap.transform[4]! - (before.transform[4]! + before.width)) < 1e-9,
        `item ${i}: ${gap.transform.join(' ')}`,
      );
      assert.equal(gap.transform[5], 700);
    }
  } finally {
    await task.destroy();
  }
});

test('the worker source holds each line patchBidiLtr changes, once', async (t) => {
  const source = readFileSync(WORKER_SOURCE, 'utf8');
  for (const line of [BIDI_HEAD, BIDI_TYPES])
    await t.test(line.trim(), () => {
      assert.equal(source.split(line).length, 2);
      assert.throws(() => patchBidiLtr(source.replace(line, '')), /pdf\.js worker source changed/);
      assert.throws(() => patchBidiLtr(source.replace(line, `${line}\n${line}`)), /pdf\.js worker source changed/);
    });
});

test("bidi() with the left-to-right answer at once: pdf.js's own answer for every text", async (t) => {
  const module = (text: string) => {
    const start = text.indexOf(';// ./src/core/bidi.js');
    return text.slice(start, text.indexOf(';// ./src/core/font_substitutions.js', start));
  };
  type Bidi = (str: string, startLevel?: number, vertical?: boolean) => { str: string; dir: string };
  const warned: string[] = [];
  const build = (text: string): Bidi =>
    runInNewContext(`${module(text)}\nbidi`, { warn: (m: string) => warned.push(m) }) as Bidi;
  const source = readFileSync(WORKER_SOURCE, 'utf8');
  const pdfjs = build(source);
  const ours = build(patchBidiLtr(source));
  const same = (str: string, startLevel?: number, vertical?: boolean) => {
    warned.length = 0;
    const want = pdfjs(str, startLevel, vertical);
    const wantWarned = [...warned];
    warned.length = 0;
    // Spread: the answers are objects of the other context.
    assert.deepEqual({ ...ours(str, startLevel, vertical) }, { ...want }, JSON.stringify(str));
    assert.deepEqual(warned, wantWarned);
  };
  await t.test('every code unit alone, and inside Latin text', () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      same(ch);
      same(`ab ${ch} cd`);
    }
  });
  await t.test('texts of every direction', () => {
    for (const str of [
      '',
      'Hello, world',
      'façade — “quoted” 𝑥 ≠ y',
      'שלום עולם',
      'abc שלום def',
      'مرحبا بالعالم 123',
      'price ١٢٣ ريال',
      'ﻻ ﺑ ﷲ',
      'x < y > z',
      '\u0590\u08ac\ufb50\ufdff\ufe70\ufeff',
    ]) {
      same(str);
      same(str, 0);
      same(str, 1);
      same(str, -1, true);
    }
  });
});

test('the worker source holds the TextState.clone lines patchTextStateClone changes, once', () => {
  const source = readFileSync(WORKER_SOURCE, 'utf8');
  assert.equal(source.split(TEXT_STATE_CLONE).length, 2);
  assert.throws(() => patchTextStateClone('const x = 1;'), /pdf\.js worker source changed/);
  assert.throws(() => patchTextStateClone(`${TEXT_STATE_CLONE}\n${TEXT_STATE_CLONE}`), /pdf\.js worker source changed/);
});

test("a text state cloned on its class: pdf.js's own clone's fields, values and methods, the state it copies no prototype", async (t) => {
  const classOf = (text: string) => {
    const start = text.indexOf('class TextState {');
    return text.slice(start, text.indexOf('\n}\n', start) + 3);
  };
  interface State {
    [k: string]: unknown;
    textMatrix: number[];
    textLineMatrix: number[];
    fontMatrix: number[];
    clone(): State;
    translateTextMatrix(x: number, y: number): void;
  }
  const build = (text: string) =>
    runInNewContext(
      `const IDENTITY_MATRIX = [1, 0, 0, 1, 0, 0]; const FONT_IDENTITY_MATRIX = [0.001, 0, 0, 0.001, 0, 0];\n${classOf(text)}\nTextState`,
    ) as new () => State;
  const source = readFileSync(WORKER_SOURCE, 'utf8');
  const [Pdfjs, Ours] = [build(source), build(patchTextStateClone(source))];
  const fill = (s: State) => {
    Object.assign(s, { fontName: 'F1', fontSize: 9.5, loadedName: 'g_d0_f12R', font: { name: 'CMR10' } });
    Object.assign(s, { charSpacing: 0.1, wordSpacing: 0.2, leading: 11, textHScale: 0.9, textRise: -2 });
    s.textMatrix = [1, 0, 0, 1, 72, 700];
    s.textLineMatrix = [1, 0, 0, 1, 72, 712];
    s.fontMatrix = [0.001, 0, 0, 0.001, 0, 0];
    return s;
  };
  // Fields in order, each value as a plain array or as it is (the font object is shared, as pdf.js shares it).
  const fields = (s: State) =>
    Object.entries(s).map(([k, v]) => [k, ArrayBuffer.isView(v) || Array.isArray(v) ? [...(v as number[])] : v]);
  for (const depth of [1, 2])
    await t.test(depth === 1 ? 'a clone' : 'a clone of a clone', () => {
      const [a, b] = [fill(new Pdfjs()), fill(new Ours())];
      let [ca, cb] = [a.clone(), b.clone()];
      if (depth === 2) [ca, cb] = [ca.clone(), cb.clone()];
      assert.deepEqual(fields(cb), fields(ca));
      assert.equal(Object.getPrototypeOf(cb), Ours.prototype);
      assert.ok(cb instanceof Ours);
      // The matrices are the clone's own; a method moves the clone's pen only.
      cb.translateTextMatrix(10, 0);
      ca.translateTextMatrix(10, 0);
      assert.deepEqual([...cb.textMatrix], [...ca.textMatrix]);
      assert.deepEqual([...b.textMatrix], [1, 0, 0, 1, 72, 700]);
      assert.equal(cb.font, b.font);
    });
});

test('the worker source holds the DecompressionStream call patchSyncInflate changes, once', () => {
  assert.equal(readFileSync(WORKER_SOURCE, 'utf8').split(DECOMPRESSION_STREAM).length, 2);
  assert.throws(() => patchSyncInflate('const x = 1;'), /DecompressionStream call/);
  assert.throws(() => patchSyncInflate(`${DECOMPRESSION_STREAM}\n${DECOMPRESSION_STREAM}`), /DecompressionStream call/);
});

test("zlib's inflateSync in pdf.js's Flate path: the bytes the DecompressionStream gave, the same refusals", async (t) => {
  const source = readFileSync(WORKER_SOURCE, 'utf8');
  const start = source.indexOf('  async asyncGetBytesFromDecompressionStream(name) {');
  const method = (text: string) => text.slice(start, text.indexOf('\n  }\n', start) + 4);
  type Result = { decompressed: Uint8Array | null; compressed: Uint8Array };
  type Read = (bytes: Uint8Array, name: string) => Promise<Result>;
  const build = (text: string): Read =>
    runInNewContext(
      `class S {\n${method(text)}\n}\n(bytes, name) => Object.assign(new S(), { stream: { reset() {}, isAsync: false, getBytes: () => bytes } }).asyncGetBytesFromDecompressionStream(name)`,
      { process, DecompressionStream, Uint8Array },
    ) as Read;
  const pdfjs = build(source);
  const ours = build(patchSyncInflate(source));
  const text = new TextEncoder().encode('BT /F1 12 Tf 72 720 Td (Hello) Tj ET\n'.repeat(2000));
  const deflated = new Uint8Array(deflateSync(text));
  const cases: [string, Uint8Array][] = [
    ['a content stream', deflated],
    ['an empty stream', new Uint8Array(deflateSync(new Uint8Array(0)))],
    ['truncated', deflated.subarray(0, deflated.length >> 1)],
    ['not zlib data', text.subarray(0, 100)],
  ];
  for (const [name, bytes] of cases) {
    await t.test(name, async () => {
      const [want, got] = [await pdfjs(bytes, 'deflate'), await ours(bytes, 'deflate')];
      assert.equal(got.compressed, bytes);
      if (want.decompressed === null) assert.equal(got.decompressed, null);
      else assert.deepEqual(new Uint8Array(got.decompressed!), new Uint8Array(want.decompressed));
    });
  }
  await t.test(
    "junk after the stream's end: its bytes (the DecompressionStream refused them, pdf.js's decoder then read the same)",
    async () => {
      const junk = new Uint8Array([...deflated, ...new TextEncoder().encode('\r\nendstream')]);
      assert.equal((await pdfjs(junk, 'deflate')).decompressed, null);
      assert.deepEqual(new Uint8Array((await ours(junk, 'deflate')).decompressed!), text);
    },
  );
  await t.test('a content stream: the text itself', async () => {
    assert.deepEqual(new Uint8Array((await ours(deflated, 'deflate')).decompressed!), text);
  });
});

test('the worker source holds the text content batch size patchTextBatch changes, once', () => {
  assert.equal(readFileSync(WORKER_SOURCE, 'utf8').split(TEXT_BATCH).length, 2);
  assert.throws(() => patchTextBatch('const x = 1;'), /text content batch size/);
  assert.throws(() => patchTextBatch(`${TEXT_BATCH}\n${TEXT_BATCH}`), /text content batch size/);
});

// A page whose words change font every word: pdf.js stops to set the font at each, and sent a
// chunk of ten items at each stop; now a page's items (a word and a space each here) go in
// chunks of a thousand or more.
test("a page's text content comes in few chunks, every item in order", async (t) => {
  const page = (words: number): TextRun[] =>
    Array.from({ length: words }, (_, i) => ({
      text: `w${i}`,
      x: 20 + (i % 20) * 28,
      y: 780 - Math.floor(i / 20) * 5,
      size: 4,
      font: i % 2 === 0 ? ('F1' as const) : ('F2' as const),
    }));
  const doc = await openedPdf(openPdf(makePdf({ pages: [{ runs: page(300) }, { runs: page(1200) }] }), false));
  t.after(() => doc.cleanup());
  for (const [n, words, most] of [
    [1, 300, 1],
    [2, 1200, 3],
  ] as const) {
    await t.test(`${words} words, each in another font than the last`, async () => {
      const p = await doc.getPage(n);
      const reader = p.streamTextContent().getReader();
      const chunks: number[] = [];
      const texts: string[] = [];
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const items = (value as { items: { str?: string }[] }).items.filter(
          (it) => it.str !== undefined && it.str.trim() !== '',
        );
        chunks.push(items.length);
        texts.push(...items.map((it) => it.str!));
      }
      assert.ok(chunks.length <= most, `${chunks.length} chunks (${chunks.join(', ')})`);
      assert.deepEqual(
        texts,
        Array.from({ length: words }, (_, i) => `w${i}`),
      );
    });
  }
});

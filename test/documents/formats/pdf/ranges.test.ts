// Reading a PDF in page ranges (src/documents/formats/pdf/ranges.ts): the lead and its helpers in
// this thread (helpInThisThread), against a one-thread read of the same bytes: the same chunks,
// byte for byte, on the committed fixtures and generated shapes, with helpers that deliver, that
// are told to stop, that fail, and that post a page whose font is not named after the document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { readDocument } from '../../../../src/documents/chunk-document.ts';
import { extractPages } from '../../../../src/documents/formats/pdf/text-layer.ts';
import { helpInThisThread, type HelpWanted } from '../../../../src/documents/formats/pdf/ranges.ts';
import { NEXT, STOP } from '../../../../src/documents/page-ranges.ts';
import { fontOfDocument } from '../../../../src/documents/formats/pdf/page-text.ts';
import { normalizeLine } from '../../../../src/documents/formats/pdf/clean.ts';
import { stepText } from '../../../../src/documents/formats/pdf/overlays.ts';
import { HARD_SHAPES } from '../../helpers/hard-shapes.ts';
import { makePdf, textPages } from '../../helpers/make-pdf.ts';
import type { PageText } from '../../../../src/documents/formats/pdf/types.ts';
import { outcome } from '../../../../scripts/read-outcome.ts';

const fixtures = new URL('../../../fixtures/', import.meta.url);
const file = (path: string) => () => new Uint8Array(readFileSync(new URL(path, fixtures)));

const prose = (n: number) =>
  Array.from({ length: n }, (_, i) => `Sentence ${i} of the long manual, which runs on for a while.`);
const longManual = () =>
  makePdf({
    pages: textPages(Array.from({ length: 12 }, (_, i) => [`# ${i + 1} Chapter ${i + 1}`, prose(60).join(' ')]).flat()),
    outline: ['1 Chapter 1', '2 Chapter 2'],
    compress: true,
  });

const documents: [string, () => Uint8Array][] = [
  ['groff -ms manual (fixture)', file('generated/groff-ms-manual.pdf')],
  ...readdirSync(new URL('fuzz/', fixtures))
    .filter((f) => f.endsWith('.pdf'))
    .map((f): [string, () => Uint8Array] => [`fuzz/${f} (fixture)`, file(`fuzz/${f}`)]),
  ...Object.entries(HARD_SHAPES).map(([name, make]): [string, () => Uint8Array] => [`hard shape: ${name}`, make]),
  ['a 12-chapter manual with an outline, compressed', longManual],
];

const oneThread = (bytes: Uint8Array) => outcome(async () => (await readDocument({ format: 'pdf', bytes })).chunks);

/** Read with `helpers` helpers in this thread, batches of `batchPages`; the batches they posted. */
async function inRanges(bytes: Uint8Array, helpers = 2, batchPages = 2): Promise<{ out: string; posted: number }> {
  const { port1, port2 } = new MessageChannel();
  const posted = helpInThisThread(port1);
  const out = await outcome(
    async () =>
      (await readDocument({ format: 'pdf', bytes }, { split: { port: port2, helpers, batchPages, minPages: 2 } }))
        .chunks,
  );
  port2.close();
  return { out, posted: await posted };
}

for (const [name, make] of documents) {
  test(`in page ranges, the same chunks as one thread: ${name}`, async () => {
    const one = await oneThread(make());
    const { out, posted } = await inRanges(make());
    assert.equal(out, one);
    const pages = (await extractPages(make()).catch(() => ({ pages: [] }))).pages.length;
    // With two pages a batch and the lead taking the first, helpers get their share of a long one.
    if (pages >= 8) assert.ok(posted > 0, `helpers posted ${posted} batches of ${pages} pages`);
  });
}

test('the 1158-page manual (fixture): the same chunks with three helpers in 16-page batches', async () => {
  const bytes = file('generated/manual-1158.pdf');
  const one = await oneThread(bytes());
  const { out, posted } = await inRanges(bytes(), 3, 16);
  assert.equal(out, one);
  assert.ok(posted > 0);
});

/**
 * A lead whose one helper is played by `play`, given the helper's port and the control words;
 * the pages the lead ends with.
 */
async function withFakeHelper(
  bytes: Uint8Array,
  play: (port: MessagePort, control: Int32Array) => void,
): Promise<PageText[]> {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (m: HelpWanted) => play(m.ports[0]!, new Int32Array(m.control)));
  try {
    return (await extractPages(bytes, undefined, undefined, { port: port2, helpers: 1, batchPages: 2, minPages: 2 }))
      .pages;
  } finally {
    port1.close();
    port2.close();
  }
}

const fakeLine = (font: string) => ({
  text: 'A LINE NO PAGE HAS',
  x: 72,
  xEnd: 200,
  y: 700,
  size: 11,
  font,
  mono: false,
});
const texts = (pages: PageText[]) => pages.map((p) => p.lines.map((l) => l.text).join(' | '));

const helperPlays: [string, (port: MessagePort, control: Int32Array) => void, 'kept' | 'read again'][] = [
  [
    'a batch whose fonts are named after the document is taken as posted',
    (port, control) => {
      const batch = Atomics.add(control, NEXT, 1);
      port.postMessage({ batch, pages: [{ number: batch * 2 + 1, height: 792, lines: [fakeLine('f12R')] }] });
      port.postMessage({ done: true });
      port.close();
    },
    'kept',
  ],
  [
    "a batch with a font named by the helper's own counter is read again by the lead",
    (port, control) => {
      const batch = Atomics.add(control, NEXT, 1);
      port.postMessage({ batch, pages: [{ number: batch * 2 + 1, height: 792, lines: [fakeLine('f~1')] }] });
      port.postMessage({ done: true });
      port.close();
    },
    'read again',
  ],
  [
    'a helper that takes a batch and dies without a word: the lead reads the batch',
    (port, control) => {
      Atomics.add(control, NEXT, 1);
      port.close();
    },
    'read again',
  ],
  [
    'a helper told to stop before it starts takes nothing',
    (port, control) => {
      Atomics.store(control, STOP, 1);
      port.postMessage({ done: true });
      port.close();
    },
    'read again',
  ],
];

for (const [name, play, expected] of helperPlays) {
  test(`lead and helper: ${name}`, async () => {
    const real = texts((await extractPages(longManual())).pages);
    const got = texts(await withFakeHelper(longManual(), play));
    if (expected === 'kept') {
      assert.equal(got.filter((t) => t === 'A LINE NO PAGE HAS').length, 1);
      assert.equal(got.length, real.length - 1, 'the fake page stands for its batch of two');
    } else assert.deepEqual(got, real);
  });
}

const fontNames: [string, string][] = [
  ['g_d0_f12R', 'f12R'],
  ['g_d17_f3R_4a5b', 'f3R_4a5b'],
  ['g_font_error', 'g_font_error'],
  ['f~2', 'f~2'],
];
for (const [loaded, named] of fontNames) {
  test(`fontOfDocument: ${loaded} -> ${named}`, () => assert.equal(fontOfDocument(loaded), named));
}

test("a helper's pages come back readied where they were read: normalised lines and a stepKey", async () => {
  const { port1, port2 } = new MessageChannel();
  const posted = helpInThisThread(port1);
  const pages = (
    await extractPages(longManual(), undefined, undefined, { port: port2, helpers: 2, batchPages: 2, minPages: 2 })
  ).pages;
  port2.close();
  assert.ok((await posted) > 0);
  assert.ok(pages.length >= 8);
  for (const p of pages) {
    assert.equal(p.stepKey, stepText(p.lines).toLowerCase(), `page ${p.number}`);
    for (const l of p.lines) assert.equal(l.text, normalizeLine(l.text));
  }
});

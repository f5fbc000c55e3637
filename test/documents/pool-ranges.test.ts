// The pool reads a large PDF on its idle threads (src/documents/pool.ts, formats/pdf/ranges.ts):
// helpers start only while no other document waits, step back when one comes, and the chunks are
// those of a one-thread pool, byte for byte. The spare threads are given back when a second
// document comes and started again by a large document that comes to an idle pool.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createChunkPool } from '../../src/documents/pool.ts';
import { makePdf, textPages } from './helpers/make-pdf.ts';

const prose = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => `Sentence ${i + seed} of the long manual, which runs on for a while.`);
/** About 90 pages: over MIN_SPLIT_PAGES (64). */
const manual = () =>
  makePdf({
    pages: textPages(
      Array.from({ length: 100 }, (_, i) => [`# ${i + 1} Chapter ${i + 1}`, prose(50, i).join(' ')]).flat(),
    ),
    compress: true,
  });

let started = 0;
const spareStates: string[] = [];
const split = createChunkPool({
  threads: 1,
  spareThreads: 1,
  onHelpers: (n) => (started += n),
  onSpares: (state) => spareStates.push(state),
});
const one = createChunkPool({ threads: 1, spareThreads: 0 });
before(() => split.warm());
after(() => Promise.all([split.close(), one.close()]));
/** Resolves when the spare threads say `state` (at most 60 s). */
async function spares(state: string): Promise<void> {
  for (let i = 0; i < 6000 && spareStates.at(-1) !== state; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(spareStates.at(-1), state);
}

test('a large PDF on an idle pool: read with a helper, the chunks of a one-thread pool', async () => {
  const expected = await one.chunk(manual());
  started = 0;
  assert.deepEqual(await split.chunk(manual()), expected);
  assert.equal(started, 1);
});

test('the 1158-page manual (fixture): the same payload bytes with a helper and without', async () => {
  const bytes = () => new Uint8Array(readFileSync(new URL('../fixtures/generated/manual-1158.pdf', import.meta.url)));
  const ids = { tenantId: '7', documentId: '42', sourceName: 'manual.pdf' };
  const expected = await one.payload(bytes(), ids);
  started = 0;
  const got = await split.payload(bytes(), ids);
  assert.equal(started, 1);
  assert.equal(got.count, expected.count);
  assert.ok(got.json.equals(expected.json));
});

test('three documents at once: each keeps to one thread and the spare thread is given back; a document alone starts it again', async () => {
  const expected = await one.chunk(manual());
  await spares('ready');
  started = 0;
  spareStates.length = 0;
  const all = await Promise.all([split.chunk(manual()), split.chunk(manual()), split.chunk(manual())]);
  assert.deepEqual(all, [expected, expected, expected]);
  // The first document asked before the second came (one helper at most); the spare was then ended.
  assert.ok(started <= 1);
  assert.equal(spareStates[0], 'ended');
  assert.equal(spareStates.length, 1);
  // The next document alone starts the spare (it joins the read if warm before the end), the one after finds it ready.
  assert.deepEqual(await split.chunk(manual()), expected);
  await spares('ready');
  started = 0;
  assert.deepEqual(await split.chunk(manual()), expected);
  assert.equal(started, 1);
});

test('two documents at once, the second small: the spare thread is given back all the same, and no helper starts for the second', async () => {
  await spares('ready');
  spareStates.length = 0;
  started = 0;
  const small = makePdf({ pages: textPages(prose(200, 0)), compress: true });
  const [a, b] = await Promise.all([split.chunk(manual()), split.chunk(small)]);
  assert.ok(a.length > 0 && b.length > 0);
  assert.deepEqual(spareStates, ['ended']);
  assert.ok(started <= 1);
});

test('a document shorter than MIN_SPLIT_PAGES asks for no helper', async () => {
  started = 0;
  const small = makePdf({ pages: textPages(prose(200, 0)), compress: true });
  assert.ok((await split.chunk(small)).length > 0);
  assert.equal(started, 0);
});

test('warm() reads on every thread and once in page ranges', async () => {
  const pool = createChunkPool({ threads: 1, spareThreads: 1, onHelpers: (n) => (started += n) });
  try {
    started = 0;
    await pool.warm();
    assert.equal(started, 1);
  } finally {
    await pool.close();
  }
});

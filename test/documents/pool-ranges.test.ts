// The pool reads a large PDF on its idle threads (src/documents/pool.ts, formats/pdf/ranges.ts):
// helpers start only while no other document waits, step back when one comes (the spare threads
// then end, and come back once the pool is empty), and the chunks are those of a one-thread pool,
// byte for byte.
import { test, after } from 'node:test';
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
const spareEvents: boolean[] = [];
let sparesBack: (() => void) | undefined;
const split = createChunkPool({
  threads: 1,
  spareThreads: 1,
  onHelpers: (n) => (started += n),
  onSpareThreads: (running) => {
    spareEvents.push(running);
    if (running) sparesBack?.();
  },
});
const one = createChunkPool({ threads: 1, spareThreads: 0 });
after(() => Promise.all([split.close(), one.close()]));

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

test('three documents at once: one thread each, the spare let go until the pool is empty, then back', async () => {
  const expected = await one.chunk(manual());
  started = 0;
  spareEvents.length = 0;
  const back = new Promise<void>((resolve) => (sparesBack = resolve));
  const all = await Promise.all([split.chunk(manual()), split.chunk(manual()), split.chunk(manual())]);
  assert.deepEqual(all, [expected, expected, expected]);
  // The first document asked for its helper before the others came, or after (then none was free).
  assert.ok(started <= 1);
  await back;
  assert.deepEqual(spareEvents, [false, true]);
  // Back and warm: the next document alone is read with a helper again.
  started = 0;
  assert.deepEqual(await split.chunk(manual()), expected);
  assert.equal(started, 1);
  assert.deepEqual(spareEvents, [false, true]);
});

test('one document after another: the spare threads are never let go', async () => {
  spareEvents.length = 0;
  await split.chunk(manual());
  await split.chunk(manual());
  assert.deepEqual(spareEvents, []);
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

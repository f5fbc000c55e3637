// The parse bound counts from when a worker starts a document, never the wait for one; the
// bound is asked per document size; warm() leaves a worker with pdf.js loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChunkPool } from '../../src/documents/pool.ts';
import { makePdf, textPages } from './helpers/make-pdf.ts';
import { buildTestApp } from '../helpers/app.ts';

const prose = (n: number) =>
  Array.from({ length: n }, (_, i) => `Sentence ${i} is about parsing and waiting in line number ${i % 17}.`);

test('with one worker, the second document’s bound starts only once the first is done', async () => {
  const events: string[] = [];
  const first = makePdf({ pages: textPages(prose(800)) });
  const second = makePdf({ pages: textPages(prose(20)) });
  const pool = createChunkPool({
    threads: 1,
    timeoutMs: (bytes) => {
      events.push(`bound ${bytes === first.byteLength ? 'first' : 'second'}`);
      return 120_000;
    },
  });
  try {
    let firstDone = false;
    const a = pool.chunk(first).then(() => (firstDone = true));
    const b = pool.chunk(second);
    // While the first parses, the second waits for the worker with no bound running.
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    assert.equal(firstDone, false, 'the first document is still parsing');
    assert.deepEqual(events, ['bound first']);
    await Promise.all([a, b]);
    assert.deepEqual(events, ['bound first', 'bound second']);
  } finally {
    await pool.close();
  }
});

test('warm() resolves with a worker that parses', async () => {
  const pool = createChunkPool({ threads: 1 });
  try {
    await pool.warm();
    const chunks = await pool.chunk(makePdf({ pages: textPages(prose(30)) }));
    assert.ok(chunks.length >= 1);
  } finally {
    await pool.close();
  }
});

test('/readyz says starting until the pool is warm, then ready', async () => {
  let warmed!: () => void;
  const gate = new Promise<void>((resolve) => (warmed = resolve));
  const pool = {
    chunk: () => Promise.reject(new Error('unused')),
    payload: () => Promise.reject(new Error('unused')),
    warm: () => gate,
    close: async () => {},
  };
  const app = await buildTestApp({ docs: 'none', chunkPool: pool, warmPool: true });
  try {
    const before = await app.inject({ url: '/readyz' });
    assert.equal(before.statusCode, 503);
    assert.deepEqual(before.json(), { status: 'starting' });
    warmed();
    await gate;
    await new Promise((r) => setImmediate(r));
    const afterWarm = await app.inject({ url: '/readyz' });
    assert.equal(afterWarm.statusCode, 200);
    assert.deepEqual(afterWarm.json(), { status: 'ready' });
  } finally {
    await app.close();
  }
});

// The pool tells a caller that follows the progress (a job) each page read, from the worker thread.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createChunkPool, type ChunkPool } from '../../src/documents/pool.ts';
import { makePdf, textPages } from './helpers/make-pdf.ts';

describe('ChunkPool onPages', () => {
  let pool: ChunkPool;
  before(() => {
    pool = createChunkPool({ threads: 1 });
  });
  after(async () => {
    await pool.close();
  });

  it('reports every page read, in order, of the page count', async () => {
    const words = ['river', 'stone', 'lamp', 'field', 'quiet', 'north', 'paper', 'window', 'garden', 'letter'];
    const paragraphs = Array.from(
      { length: 30 },
      (_, i) => Array.from({ length: 60 }, (_, j) => words[(i * 7 + j * 3 + j * j) % words.length]).join(' ') + '.',
    );
    const pdf = makePdf({ pages: textPages(paragraphs, { perPage: 20 }) });
    const seen: [number, number][] = [];
    const chunks = await pool.chunk(pdf, { onPages: (read, total) => seen.push([read, total]) });
    assert.ok(chunks.length > 0);
    // Posted from the worker: the last message may land just after the answer.
    for (let i = 0; i < 50 && (seen.length === 0 || seen.at(-1)![0] < seen.at(-1)![1]); i++)
      await new Promise((r) => setTimeout(r, 10));
    const total = seen[0]![1];
    assert.ok(total > 1, `pages: ${total}`);
    assert.deepEqual(
      seen,
      Array.from({ length: total }, (_, i) => [i + 1, total]),
    );
  });

  it('without onPages, no progress is posted and the answer is the same', async () => {
    const pdf = makePdf({ pages: textPages(['One short page of text, enough to make a chunk.']) });
    const a = await pool.chunk(pdf.slice());
    const b = await pool.chunk(pdf.slice(), { onPages: () => {} });
    assert.deepEqual(a, b);
  });
});

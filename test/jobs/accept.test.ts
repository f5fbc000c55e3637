// What the ingest's steps mean for a job's progress (jobs/accept.ts jobProgress).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jobProgress } from '../../src/jobs/accept.ts';
import type { IngestProgress } from '../../src/documents/ingest.ts';

const embedding = { endpoint: 'https://e', key: 'k', deployment: 'd' };
const index = { endpoint: 'https://s', key: 'k', indexName: 'i' };

describe('jobProgress', () => {
  const cases: [string, Parameters<typeof jobProgress>[0], IngestProgress, object][] = [
    ['pages read', {}, { step: 'reading', pagesRead: 3, pages: 10 }, { pagesRead: 3, pages: 10 }],
    ['chunked, embedding next', { embedding }, { step: 'chunked', chunks: 7 }, { chunks: 7, phase: 'embedding' }],
    ['chunked, no embedding', { index }, { step: 'chunked', chunks: 7 }, { chunks: 7 }],
    ['a chunk embedded', { embedding }, { step: 'embedded', done: 2, chunks: 7 }, { chunksEmbedded: 2 }],
    ['indexing begins', { index }, { step: 'indexing', chunks: 7 }, { phase: 'indexing' }],
    ['chunks indexed', { index }, { step: 'indexed', done: 5, chunks: 7 }, { chunksIndexed: 5 }],
  ];
  for (const [name, options, step, expected] of cases)
    it(name, () => assert.deepEqual(jobProgress(options, step), expected));
});

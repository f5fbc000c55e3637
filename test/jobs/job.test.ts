// The pure rules of a job: the estimate of the time left, the Retry-After told, the Prefer header.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  estimateSecondsLeft,
  initialProgress,
  prefersAsync,
  retryAfterSeconds,
  type JobRecord,
} from '../../src/jobs/job.ts';
import { isJobId, newJobId } from '../../src/jobs/id.ts';

const at = (p: Partial<JobRecord['progress']>): JobRecord['progress'] => ({ ...initialProgress(), ...p });

describe('estimateSecondsLeft: the pace of the phase in hand', () => {
  const cases: [string, JobRecord['progress'], number, number | null][] = [
    ['queued: no pace', at({}), 5000, null],
    ['reading, pages unknown', at({ phase: 'reading' }), 5000, null],
    ['reading 10 of 40 pages in 2 s', at({ phase: 'reading', pagesRead: 10, pages: 40 }), 2000, 6],
    ['reading, nothing read yet', at({ phase: 'reading', pagesRead: 0, pages: 40 }), 2000, null],
    ['embedding 100 of 739 in 10 s', at({ phase: 'embedding', chunks: 739, chunksEmbedded: 100 }), 10_000, 64],
    ['embedding, chunks unknown', at({ phase: 'embedding' }), 10_000, null],
    [
      'embedding all done, the next step has no pace yet',
      at({ phase: 'embedding', chunks: 5, chunksEmbedded: 5 }),
      10_000,
      null,
    ],
    ['every page read, chunking goes on', at({ phase: 'reading', pagesRead: 40, pages: 40 }), 2000, null],
    ['indexing 1000 of 2477 in 3 s', at({ phase: 'indexing', chunks: 2477, chunksIndexed: 1000 }), 3000, 5],
    ['indexing, none yet', at({ phase: 'indexing', chunks: 2477 }), 3000, null],
    ['done', at({ phase: 'done' }), 0, 0],
    ['cancelled', at({ phase: 'cancelled' }), 0, 0],
    ['a clock that went back', at({ phase: 'embedding', chunks: 10, chunksEmbedded: 2 }), -5, null],
    ['a fraction of a second rounds up', at({ phase: 'embedding', chunks: 3, chunksEmbedded: 2 }), 100, 1],
  ];
  for (const [name, progress, elapsed, expected] of cases)
    it(name, () => assert.equal(estimateSecondsLeft(progress, elapsed), expected));
});

describe('retryAfterSeconds: the interval, or sooner when the estimate says so, never under 1', () => {
  const cases: [number | null, number, number][] = [
    [null, 5, 5],
    [60, 5, 5],
    [3, 5, 3],
    [0, 5, 1],
    [1, 1, 1],
  ];
  for (const [left, configured, expected] of cases)
    it(`left ${left}, configured ${configured} -> ${expected}`, () =>
      assert.equal(retryAfterSeconds(left, configured), expected));
});

describe('prefersAsync: RFC 7240 preferences', () => {
  const cases: [string | string[] | undefined, boolean][] = [
    [undefined, false],
    ['', false],
    ['respond-async', true],
    ['Respond-Async', true],
    ['  respond-async  ', true],
    ['respond-async, wait=10', true],
    ['wait=10, respond-async', true],
    ['return=minimal', false],
    ['respond-async=1', true],
    ['respond-async; foo=bar', true],
    ['respond-asynchronously', false],
    ['x-respond-async', false],
    [['return=minimal', 'respond-async'], true],
    [['return=minimal'], false],
  ];
  for (const [prefer, expected] of cases)
    it(`${JSON.stringify(prefer)} -> ${expected}`, () => assert.equal(prefersAsync(prefer), expected));
});

describe('job ids', () => {
  it('are 24 base64url characters (144 random bits), each new', () => {
    const ids = new Set(Array.from({ length: 1000 }, newJobId));
    assert.equal(ids.size, 1000);
    for (const id of ids) assert.ok(isJobId(id), id);
  });
  const shapes: [string, boolean][] = [
    ['AAAAAAAAAAAAAAAAAAAAAAAA', true],
    ['AAAAAAAAAAAAAAAAAAAAAAA', false],
    ['AAAAAAAAAAAAAAAAAAAAAAAAA', false],
    ['AAAAAAAAAAAAAAAAAAAAAAA=', false],
    ['../AAAAAAAAAAAAAAAAAAAAA', false],
    ['', false],
  ];
  for (const [s, ok] of shapes)
    it(`${JSON.stringify(s)} is ${ok ? '' : 'not '}an id`, () => assert.equal(isJobId(s), ok));
});

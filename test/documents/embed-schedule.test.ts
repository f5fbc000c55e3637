// embedAtPace (src/documents/embed-schedule.ts) against a scripted provider: batches of
// consecutive chunks, at most the calls in flight asked, a 429 waited out and the limit halved
// then raised again, a failure naming the first chunk of its call.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  batchRanges,
  cutLimit,
  embedAtPace,
  EmbeddingFailure,
  MAX_THROTTLES,
  throttleBackoffMs,
  type EmbeddingPace,
} from '../../src/documents/embed-schedule.ts';
import { EmbeddingError, type BatchOutcome } from '../../src/clients/embeddings.ts';

const texts = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
/** A vector of one value: the text's own number, so each chunk's vector is checked to be its own. */
const own = (t: string) => [Number(t.slice(1))];

/** Runs embedAtPace with a provider answering `script(call, inputs)` (default: the vectors), after a tick. */
async function run(
  n: number,
  pace: EmbeddingPace,
  script: (call: number, inputs: readonly string[]) => BatchOutcome | Error | undefined = () => undefined,
  signal = new AbortController().signal,
) {
  let inFlight = 0;
  let maxInFlight = 0;
  const calls: string[][] = [];
  const sleeps: number[] = [];
  const limits: number[] = [];
  const vectors = await embedAtPace(texts(n), {
    pace,
    signal,
    sleep: async (ms) => void sleeps.push(ms),
    onLimit: (l) => limits.push(l),
    callBatch: async (inputs) => {
      calls.push([...inputs]);
      const call = calls.length;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      const scripted = script(call, inputs);
      if (scripted instanceof Error) throw scripted;
      return scripted ?? { kind: 'vectors', vectors: inputs.map(own) };
    },
  });
  return { vectors: vectors.map((v) => [...v]), calls, sleeps, limits, maxInFlight };
}

describe('batchRanges', () => {
  const cases: [number, number, [number, number][]][] = [
    [0, 16, []],
    [1, 16, [[0, 1]]],
    [
      5,
      2,
      [
        [0, 2],
        [2, 4],
        [4, 5],
      ],
    ],
    [
      32,
      16,
      [
        [0, 16],
        [16, 32],
      ],
    ],
    [3, 2048, [[0, 3]]],
  ];
  for (const [n, size, want] of cases)
    test(`${n} chunks by ${size}`, () => assert.deepEqual(batchRanges(n, size), want));
});

describe('cutLimit and throttleBackoffMs', () => {
  const cuts: [number, number][] = [
    [16, 8],
    [4, 2],
    [3, 1],
    [1, 1],
  ];
  for (const [from, to] of cuts) test(`cutLimit(${from}) is ${to}`, () => assert.equal(cutLimit(from), to));
  const waits: [number, number][] = [
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [10, 60_000],
  ];
  for (const [n, ms] of waits) test(`throttleBackoffMs(${n}) is ${ms}`, () => assert.equal(throttleBackoffMs(n), ms));
});

describe('embedAtPace', () => {
  test('every chunk gets its own vector, in order, in calls of consecutive chunks, never more in flight than asked', async () => {
    const r = await run(23, { batchSize: 5, concurrency: 3 });
    assert.deepEqual(r.vectors, texts(23).map(own));
    assert.deepEqual(
      r.calls.map((c) => c.length),
      [5, 5, 5, 5, 3],
    );
    assert.deepEqual(r.calls[1], ['t5', 't6', 't7', 't8', 't9']);
    assert.equal(r.maxInFlight, 3);
    assert.deepEqual(r.sleeps, []);
  });

  test('concurrency 1: one call at a time', async () => {
    const r = await run(6, { batchSize: 2, concurrency: 1 });
    assert.equal(r.maxInFlight, 1);
    assert.deepEqual(r.vectors, texts(6).map(own));
  });

  test('a 429 with a wait: new calls wait it out, the limit is halved once for the round, then climbs back', async () => {
    // The first two calls (of four in flight) are throttled; the rest pass.
    const r = await run(40, { batchSize: 2, concurrency: 4 }, (call) =>
      call <= 2 ? { kind: 'throttled', waitMs: 750, reason: 'HTTP 429: slow down' } : undefined,
    );
    assert.deepEqual(r.vectors, texts(40).map(own));
    assert.deepEqual(r.limits.slice(0, 1), [2], 'halved once, not twice, for calls of the same round');
    assert.equal(r.limits.at(-1), 4, 'back up to the concurrency asked');
    assert.ok(r.sleeps.length >= 1 && r.sleeps.every((ms) => ms > 0 && ms <= 750), String(r.sleeps));
    assert.equal(r.calls.length, 22, 'the two throttled calls again, nothing else twice');
  });

  test('a 429 without a wait: the backoff of that call', async () => {
    const r = await run(2, { batchSize: 2, concurrency: 2 }, (call) =>
      call === 1 ? { kind: 'throttled', waitMs: undefined, reason: 'HTTP 429' } : undefined,
    );
    assert.deepEqual(r.vectors, texts(2).map(own));
    assert.equal(r.sleeps.length, 1);
    assert.ok(r.sleeps[0]! > 900 && r.sleeps[0]! <= 1000, String(r.sleeps));
  });

  test(`more than ${MAX_THROTTLES} 429s in a row with no call passing: fails naming the first chunk of that call and the 429`, async () => {
    await assert.rejects(
      run(10, { batchSize: 4, concurrency: 2 }, (_call, inputs) =>
        inputs[0] === 't4' ? { kind: 'throttled', waitMs: 1, reason: 'HTTP 429: quota' } : undefined,
      ),
      (err) => err instanceof EmbeddingFailure && err.chunk === 4 && err.reason === 'HTTP 429: quota',
    );
  });

  test('a call that fails for good: the first chunk of that call and its reason', async () => {
    await assert.rejects(
      run(10, { batchSize: 3, concurrency: 2 }, (_call, inputs) =>
        inputs.includes('t7') ? new EmbeddingError('HTTP 400: bad') : undefined,
      ),
      (err) => err instanceof EmbeddingFailure && err.chunk === 6 && err.reason === 'HTTP 400: bad',
    );
  });

  test('the caller leaving: rejects with the signal reason', async () => {
    const ctrl = new AbortController();
    const reason = new Error('gone');
    await assert.rejects(
      run(
        20,
        { batchSize: 2, concurrency: 1 },
        (call) => {
          if (call === 2) ctrl.abort(reason);
          return undefined;
        },
        ctrl.signal,
      ),
      (err) => err === reason,
    );
  });

  test('no chunks: no call', async () => {
    const r = await run(0, { batchSize: 16, concurrency: 4 });
    assert.deepEqual(r.calls, []);
  });
});

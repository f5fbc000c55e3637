// A deployment under load: QuotaBuckets (emulator/src/quota.ts) on a manual clock, and the
// emulator answering 429 with retry-after-ms past its quotas, and its latency per call.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { QuotaBuckets, type EmbeddingLoad } from '../src/quota.ts';
import { startEmulator } from '../src/index.ts';

describe('QuotaBuckets', () => {
  // Each step: [at ms, tokens of the call, verdict: 'ok' or the retry-after-ms expected].
  const cases: [string, EmbeddingLoad, [number, number, 'ok' | number][]][] = [
    [
      'no quota: everything passes',
      {},
      [
        [0, 1_000_000, 'ok'],
        [0, 1_000_000, 'ok'],
      ],
    ],
    [
      '60 requests a minute over 1 s windows: one a second',
      { requestsPerMinute: 60 },
      [
        [0, 1, 'ok'],
        [0, 1, 1000],
        [500, 1, 500],
        [1000, 1, 'ok'],
      ],
    ],
    [
      '6000 tokens a minute over 1 s windows: 100 a second, a refusal takes nothing',
      { tokensPerMinute: 6000 },
      [
        [0, 60, 'ok'],
        [0, 60, 200],
        [200, 60, 'ok'],
        [200, 1, 10],
      ],
    ],
    [
      'a call over a window share passes once the bucket is full, then owes it',
      { tokensPerMinute: 6000 },
      [
        [0, 500, 'ok'],
        [0, 10, 4100],
      ],
    ],
    [
      'a 10 s window holds ten seconds of quota',
      { tokensPerMinute: 6000, windowMs: 10_000 },
      [
        [0, 900, 'ok'],
        [0, 100, 'ok'],
        [0, 1, 10],
      ],
    ],
    [
      'both quotas: the longer wait',
      { requestsPerMinute: 600, tokensPerMinute: 6000 },
      [
        [0, 100, 'ok'],
        [50, 100, 950],
      ],
    ],
  ];
  for (const [name, load, steps] of cases) {
    test(name, () => {
      const q = new QuotaBuckets();
      for (const [at, tokens, want] of steps) {
        const v = q.admit(load, at, tokens);
        assert.deepEqual(v.ok ? 'ok' : v.retryAfterMs, want, `at ${at} ms, ${tokens} tokens`);
      }
    });
  }
});

describe('the emulator under load', () => {
  const post = (url: string, key: string, input: unknown) =>
    fetch(`${url}/openai/deployments/text-embedding-ada-002/embeddings?api-version=2024-02-01`, {
      method: 'POST',
      headers: { 'api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
    });

  test('past the requests quota: 429 with retry-after-ms, Retry-After and the Azure message; reset refills', async () => {
    const emu = await startEmulator({ embeddingLoad: { requestsPerMinute: 60 } });
    try {
      assert.equal((await post(emu.url, emu.keys.embedding, 'a')).status, 200);
      const r = await post(emu.url, emu.keys.embedding, 'b');
      assert.equal(r.status, 429);
      const ms = Number(r.headers.get('retry-after-ms'));
      assert.ok(ms > 0 && ms <= 1000, String(ms));
      assert.equal(r.headers.get('retry-after'), '1');
      const body = (await r.json()) as { error: { code: string; message: string } };
      assert.equal(body.error.code, '429');
      assert.match(
        body.error.message,
        /^Requests to the Embeddings_Create Operation .* Please retry after 1 seconds?\./,
      );
      emu.reset();
      assert.equal((await post(emu.url, emu.keys.embedding, 'c')).status, 200);
    } finally {
      await emu.close();
    }
  });

  test('the latency is added to each answer; settable at any time', async () => {
    const emu = await startEmulator({ embeddingLoad: { latencyMs: 0 } });
    try {
      emu.embeddingLoad = { latencyMs: 120 };
      const t = performance.now();
      assert.equal((await post(emu.url, emu.keys.embedding, ['a', 'b'])).status, 200);
      assert.ok(performance.now() - t >= 110);
    } finally {
      await emu.close();
    }
  });

  test('a load option that is not a positive number is refused at start', async () => {
    for (const load of [{ tokensPerMinute: 0 }, { latencyMs: -1 }, { windowMs: Number.NaN }]) {
      await assert.rejects(startEmulator({ embeddingLoad: load }), /^Error: embeddingLoad\./);
    }
  });
});

/** Scriptable embeddings faults (azure-contracts.md section 4, embeddings fake item 4). */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { deterministicEmbedding, startEmulator } from '../src/index.ts';
import type { Emulator } from '../src/index.ts';
import { embed } from './fixtures.ts';

const rateLimitMessage = (n: number): string =>
  `Requests to the Embeddings_Create Operation under Azure OpenAI API version 2024-02-01 have exceeded call rate limit of your current OpenAI S0 pricing tier. Please retry after ${n} seconds. Please go here: https://aka.ms/oai/quotaincrease if you would like to further increase the default rate limit.`;

describe('embeddings faults', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('429 with Retry-After: the header and the real rate-limit message with the same N', async () => {
    emu.faults.embeddings.push({ status: 429, headers: { 'Retry-After': '3' } });
    const res = await embed(emu, { input: 'x' });
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '3');
    assert.deepEqual(res.json, { error: { code: '429', message: rateLimitMessage(3) } });
    assert.equal((await embed(emu, { input: 'x' })).status, 200, 'the fault is consumed once');
  });

  it('429 with retry-after-ms, with x-ratelimit-reset-tokens, or with no header (wait only in the message)', async () => {
    emu.faults.embeddings.push(
      { status: 429, headers: { 'retry-after-ms': '1500' } },
      { status: 429, headers: { 'x-ratelimit-reset-tokens': '7' } },
      { status: 429, retryAfterSeconds: 55 },
    );
    const a = await embed(emu, { input: 'x' });
    assert.equal(a.headers.get('retry-after-ms'), '1500');
    assert.equal(a.headers.get('retry-after'), null);
    assert.equal(a.json.error.message, rateLimitMessage(2));
    const b = await embed(emu, { input: 'x' });
    assert.equal(b.headers.get('x-ratelimit-reset-tokens'), '7');
    assert.equal(b.json.error.message, rateLimitMessage(7));
    const c = await embed(emu, { input: 'x' });
    assert.equal(c.status, 429);
    for (const h of [
      'retry-after',
      'retry-after-ms',
      'x-ratelimit-reset-tokens',
      'x-rate-limit-reset-tokens',
      'x-ratelimit-reset-requests',
    ]) {
      assert.equal(c.headers.get(h), null, h);
    }
    assert.equal(c.json.error.message, rateLimitMessage(55));
    const d = await embed(emu, { input: 'x' });
    assert.equal(d.status, 200);
  });

  it('500 and 503 with error bodies; a custom body is sent as given', async () => {
    emu.faults.embeddings.push(
      { status: 500 },
      { status: 503, headers: { 'retry-after': '1' } },
      { status: 502, body: '<html>Bad Gateway</html>' },
    );
    const a = await embed(emu, { input: 'x' });
    assert.equal(a.status, 500);
    assert.equal(typeof a.json.error.message, 'string');
    const b = await embed(emu, { input: 'x' });
    assert.equal(b.status, 503);
    assert.equal(b.headers.get('retry-after'), '1');
    assert.equal(typeof b.json.error.message, 'string');
    const c = await embed(emu, { input: 'x' });
    assert.equal(c.status, 502);
    assert.equal(c.text, '<html>Bad Gateway</html>');
  });

  it('faults are consumed in order, one per call; repeat() queues the same fault n times', async () => {
    emu.faults.embeddings.repeat({ status: 503 }, 2);
    emu.faults.embeddings.push({ status: 429 });
    assert.equal(emu.faults.embeddings.length, 3);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await embed(emu, { input: 'x' })).status);
    assert.deepEqual(statuses, [503, 503, 429, 200]);
    assert.deepEqual(
      emu.requests.map((r) => r.status),
      [503, 503, 429, 200],
    );
    assert.deepEqual(emu.requests[0]?.fault, { status: 503 });
  });

  it('delayMs: a slow but correct answer', async () => {
    emu.faults.embeddings.push({ delayMs: 250 });
    const t0 = performance.now();
    const res = await embed(emu, { input: 'slow' });
    assert.ok(performance.now() - t0 >= 240);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.data[0].embedding, deterministicEmbedding('slow'));
  });

  it('a slow failure: status with delayMs', async () => {
    emu.faults.embeddings.push({ status: 503, delayMs: 150 });
    const t0 = performance.now();
    const res = await embed(emu, { input: 'x' });
    assert.ok(performance.now() - t0 >= 140);
    assert.equal(res.status, 503);
  });

  it('hang: never answers (the client times out), and close() still returns', async () => {
    const other = await startEmulator();
    other.faults.embeddings.repeat({ hang: true }, 2);
    await assert.rejects(
      embed(other, { input: 'x' }, { signal: AbortSignal.timeout(200) }),
      (err: Error) => err.name === 'TimeoutError',
    );
    const pending = embed(other, { input: 'y' }, { signal: AbortSignal.timeout(5000) }).catch((e: unknown) => e);
    assert.equal(other.requests[0]?.status, undefined);
    while (other.requests.length < 2) await new Promise((r) => setTimeout(r, 10));
    await other.close();
    assert.ok((await pending) instanceof Error, 'the hanging call fails once the emulator closes');
  });

  it('invalidJson: 200, application/json, a body that does not parse', async () => {
    emu.faults.embeddings.push({ invalidJson: true });
    const res = await embed(emu, { input: 'x' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.throws(() => JSON.parse(res.text));
  });

  it('wrongDimension: a 200 whose vectors have the wrong length', async () => {
    emu.faults.embeddings.push({ wrongDimension: 3072 });
    const res = await embed(emu, { input: ['a', 'b'] });
    assert.equal(res.status, 200);
    assert.equal(res.json.data[0].embedding.length, 3072);
    assert.equal(res.json.data[1].embedding.length, 3072);
    const next = await embed(emu, { input: 'a' });
    assert.equal(next.json.data[0].embedding.length, 1536);
  });

  it('reset: the connection is cut (a network error)', async () => {
    emu.faults.embeddings.push({ reset: true });
    await assert.rejects(embed(emu, { input: 'x' }), TypeError);
    assert.equal((await embed(emu, { input: 'x' })).status, 200);
  });

  it('pending/clear inspect and empty the queue', () => {
    emu.faults.embeddings.push({ status: 500 }, { hang: true });
    assert.deepEqual(emu.faults.embeddings.pending, [{ status: 500 }, { hang: true }]);
    emu.faults.embeddings.clear();
    assert.equal(emu.faults.embeddings.length, 0);
  });
});

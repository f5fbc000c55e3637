// Jobs on Redis (issue 22, part 2), two apps sharing one server as two replicas would: a job
// submitted to one is polled on the other and ends on the synchronous answer; a cancel sent to the
// replica that does not run the job stops it there (no provider call after DELETE answered, checked
// at the emulator); the bounds on bytes answer 413 and 503 at submit; an unknown id is 404; the
// keys of a finished job carry its time to live and are gone from Redis once it has passed.
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { startEmulator, type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { createChunkPool, type ChunkPool } from '../../src/documents/pool.ts';
import { buildTestApp } from '../helpers/app.ts';
import { chunkingHeaders } from '../helpers/emulated-app.ts';
import { NO_REDIS, testRedisUrl, uniquePrefix } from '../helpers/redis.ts';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const GROFF = readFileSync(`${CORPUS}groff-manual.pdf`);
const INDEX = 'pdf-chunks';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

const url = testRedisUrl;

describe('chunking jobs on Redis: two replicas', { skip: url === undefined ? NO_REDIS : false }, () => {
  let emu: Emulator;
  let pool: ChunkPool;
  let redis: Redis;
  const prefixes: string[] = [];
  let prefix = '';
  const replicas: FastifyInstance[] = [];
  const bases: string[] = [];
  /** Closes the replicas of the test before; the next ones share a prefix of their own. */
  async function fresh(name: string) {
    for (const app of replicas.splice(0)) await app.close();
    bases.length = 0;
    prefix = uniquePrefix(name);
    prefixes.push(prefix);
  }
  const env = (extra: Record<string, string> = {}) => ({
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    JOB_RETRY_AFTER_SECONDS: '1',
    REDIS_URL: url!,
    REDIS_PREFIX: prefix,
    JOB_LOCK_SECONDS: '4',
    ...extra,
  });
  async function replica(extra: Record<string, string> = {}): Promise<string> {
    const app = await buildTestApp({ docs: 'none', chunkPool: pool, env: env(extra) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    replicas.push(app);
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    bases.push(base);
    return base;
  }

  const ids = () => chunkingHeaders(emu, INDEX).ids();
  const embedding = () => chunkingHeaders(emu, INDEX).embedding();
  const indexing = () => chunkingHeaders(emu, INDEX).indexing();

  async function post(base: string, headers: Record<string, string>, doc: Buffer = GROFF): Promise<Answer> {
    const form = new FormData();
    form.append('document', new Blob([doc], { type: 'application/pdf' }), 'manual.pdf');
    const res = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, { method: 'POST', headers, body: form });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  async function req(base: string, method: string, path: string): Promise<Answer> {
    const res = await fetch(`${base}${path}`, { method });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  /** Follows Location on `base` with no headers, sleeping Retry-After, until an answer that is not 202. */
  async function follow(base: string, accepted: Answer): Promise<{ final: Answer; polls: Answer[] }> {
    const polls: Answer[] = [];
    let location = accepted.headers.get('location')!;
    let wait = Number(accepted.headers.get('retry-after'));
    for (let i = 0; i < 600; i++) {
      await sleep(wait * 1000);
      const a = await req(base, 'GET', location);
      if (a.status !== 202) return { final: a, polls };
      polls.push(a);
      location = a.headers.get('location')!;
      wait = Number(a.headers.get('retry-after'));
    }
    throw new Error('the job never ended');
  }
  const jobKeys = async () => redis.keys(`${prefix}jobs:*`);

  before(async () => {
    emu = await startEmulator();
    pool = createChunkPool({ threads: 1 });
    redis = new Redis(url!);
  });
  beforeEach(() => {
    emu.reset();
    emu.createIndex(indexDefinition(INDEX));
  });
  after(async () => {
    for (const app of replicas) await app.close();
    for (const p of prefixes) {
      const left = await redis.keys(`${p}*`);
      if (left.length > 0) await redis.del(...left);
    }
    redis.disconnect();
    await pool.close();
    await emu.close();
  });

  it('submitted to one replica, polled on the other: the synchronous answer, for each kind of answer', async () => {
    await fresh('jobs-redis-same');
    const [a, b] = [await replica(), await replica()];
    const cases: [string, () => Record<string, string>][] = [
      ['chunk envelope', ids],
      ['embedded chunks', () => ({ ...ids(), ...embedding() })],
      ['indexing summary', () => ({ ...ids(), ...embedding(), ...indexing() })],
    ];
    for (const [name, headers] of cases) {
      const sync = await post(a, headers());
      const accepted = await post(a, { ...headers(), prefer: 'respond-async' });
      assert.equal(accepted.status, 202, `${name}: ${accepted.text}`);
      const { final } = await follow(b, accepted);
      assert.equal(final.status, sync.status, `${name}: ${final.text.slice(0, 300)}`);
      // The job indexes the same document second: its vectors are reused (reused counts them).
      const strip = (t: string) => t.replace(/"timeMs":\d+/, '"timeMs":0').replace(/"reused":\d+/, '"reused":0');
      assert.equal(strip(final.text), strip(sync.text), name);
      for (const h of ['content-type', 'x-total-chunks', 'x-embedding-performed', 'x-index-batches', 'x-ocr-pages'])
        assert.equal(final.headers.get(h), sync.headers.get(h), `${name}: ${h}`);
    }
    // Indexing twice (sync, then the job) wrote the same keys: as many documents as chunks.
    const chunks = Number((await post(a, ids())).headers.get('x-total-chunks'));
    assert.equal(emu.index(INDEX)!.documents.size, chunks);
  });

  it('an unknown id is 404 on every replica; a finished job expires from Redis after JOB_TTL_SECONDS', async () => {
    await fresh('jobs-redis-ttl');
    const base = await replica({ JOB_TTL_SECONDS: '1' });
    for (const b of [base, await replica({ JOB_TTL_SECONDS: '1' })]) {
      const r = await req(b, 'GET', '/apis/jobs/AAAAAAAAAAAAAAAAAAAAAAAA');
      assert.equal(r.status, 404);
      assert.equal(r.headers.get('x-error-code'), 'job_not_found');
    }
    const small = await post(base, { ...ids(), prefer: 'respond-async' });
    const id = JSON.parse(small.text).id as string;
    // Poll this replica fast: its TTL is 1 s.
    let final: Answer | undefined;
    for (let i = 0; i < 600 && final === undefined; i++) {
      const r = await req(base, 'GET', `/apis/jobs/${id}`);
      if (r.status !== 202) final = r;
      else await sleep(50);
    }
    assert.equal(final?.status, 200);
    const keys = (await jobKeys()).filter((k) => k.endsWith(id));
    assert.ok(keys.length >= 2, `the job and its answer are in Redis: ${keys.join(', ')}`);
    assert.ok(!keys.some((k) => k.includes(':doc:')), 'its document is gone once it ended');
    for (const k of keys) {
      const ttl = await redis.pttl(k);
      assert.ok(ttl > 0 && ttl <= 1000, `${k} expires within JOB_TTL_SECONDS (${ttl} ms)`);
    }
    const deadline = Date.now() + 10_000;
    while ((await redis.exists(...keys)) > 0 && Date.now() < deadline) await sleep(100);
    assert.equal(await redis.exists(...keys), 0, 'gone from Redis');
    assert.equal((await req(base, 'GET', `/apis/jobs/${id}`)).status, 404);
  });

  it('a cancel sent to the other replica stops the work where it runs: no provider call after DELETE answered', async () => {
    // Only the replica made here runs jobs until the job is running; the canceller comes after.
    await fresh('jobs-redis-cancel');
    const runner = await replica();
    emu.faults.embeddings.repeat({ delayMs: 150 }, 400);
    const a = await post(runner, { ...ids(), ...embedding(), ...indexing(), prefer: 'respond-async' });
    assert.equal(a.status, 202, a.text);
    const embeddingCalls = () => emu.requests.filter((r) => r.service === 'embeddings').length;
    const deadline = Date.now() + 120_000;
    while (embeddingCalls() < 3 && Date.now() < deadline) await sleep(5);
    const other = await replica();
    const location = a.headers.get('location')!;
    const before = embeddingCalls();
    while (embeddingCalls() === before && Date.now() < deadline) await sleep(2);
    const cancelled = await req(other, 'DELETE', location);
    const atCancel = emu.requests.filter((r) => r.service !== 'unknown').length;
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(JSON.parse(cancelled.text).state, 'cancelled');
    await sleep(1500);
    assert.equal(emu.requests.filter((r) => r.service !== 'unknown').length, atCancel, 'no call after the cancel');
    assert.equal((await req(runner, 'GET', location)).status, 410);
    assert.equal((await req(other, 'GET', location)).status, 410);
  });

  it('JOBS_MAX_BYTES: a document over it is 413 at submit; one that would pass it with the others held is 503', async () => {
    await fresh('jobs-redis-bytes');
    const base = await replica({ JOBS_MAX_BYTES: String(GROFF.length + 1000) });
    const tooLarge = await post(
      base,
      { ...ids(), prefer: 'respond-async' },
      Buffer.concat([GROFF, Buffer.alloc(2000)]),
    );
    assert.equal(tooLarge.status, 413, tooLarge.text);
    assert.equal(tooLarge.headers.get('x-error-code'), 'job_too_large');
    assert.match(JSON.parse(tooLarge.text).error, /JOBS_MAX_BYTES = \d+ bytes/);
    emu.faults.embeddings.repeat({ delayMs: 100 }, 400);
    const first = await post(base, { ...ids(), ...embedding(), prefer: 'respond-async' });
    assert.equal(first.status, 202, first.text);
    const second = await post(base, { ...ids(), prefer: 'respond-async' });
    assert.equal(second.status, 503, second.text);
    assert.equal(second.headers.get('x-error-code'), 'jobs_bytes_full');
    assert.equal(second.headers.get('retry-after'), '1');
    assert.equal((await req(base, 'DELETE', first.headers.get('location')!)).status, 200);
  });
});

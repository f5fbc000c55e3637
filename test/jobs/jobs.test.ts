// The job runner without HTTP: the order and bound of the work, what a failure becomes, cancel.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createJobs, errorAnswer, performWork } from '../../src/jobs/jobs.ts';
import { createMemoryJobStore } from '../../src/jobs/store.ts';
import { fail } from '../../src/errors.ts';

const quiet = { warn: () => {}, error: () => {} };
const jobsWith = (concurrency: number, maxJobs = 10) =>
  createJobs({
    store: createMemoryJobStore({ maxJobs, ttlMs: 60_000 }),
    perform: performWork,
    concurrency,
    retryAfterSeconds: 5,
    fullRetryAfterSeconds: 9,
    log: quiet,
  });

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('createJobs', () => {
  it('runs at most `concurrency` at once; the others wait, queued, in order', async () => {
    const jobs = jobsWith(1);
    const g = gate();
    const started: string[] = [];
    const a = await jobs.submit(async () => {
      started.push('a');
      await g.opened;
      return { status: 200, headers: {}, body: { n: 1 } };
    });
    const b = await jobs.submit(async () => {
      started.push('b');
      return { status: 200, headers: {}, body: { n: 2 } };
    });
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, ['a']);
    assert.equal((await jobs.view(a.id))?.record.state, 'running');
    assert.equal((await jobs.view(b.id))?.record.state, 'queued');
    assert.equal((await jobs.view(b.id))?.view.progress.phase, 'queued');
    g.open();
    await jobs.settled(a.id);
    await jobs.settled(b.id);
    assert.deepEqual(started, ['a', 'b']);
    assert.deepEqual((await jobs.view(b.id))?.record.answer, { status: 200, headers: {}, body: { n: 2 } });
    assert.ok((await jobs.view(b.id))?.view.expiresAt);
    await jobs.close();
  });

  it('a catalogue error becomes the answer the error handler would give; anything else a bare 500', async () => {
    const jobs = jobsWith(2);
    const a = await jobs.submit(async () => {
      throw fail('embedding_failed', 3, 'HTTP 400: bad');
    });
    const b = await jobs.submit(async () => {
      throw new Error('/work/secret/path.ts:12 exploded');
    });
    await jobs.settled(a.id);
    await jobs.settled(b.id);
    assert.deepEqual((await jobs.view(a.id))?.record.answer, {
      status: 502,
      headers: { 'x-error-code': 'embedding_failed', 'content-type': 'application/json; charset=utf-8' },
      body: { success: false, error: 'Embedding failed on chunk 3: HTTP 400: bad' },
    });
    const internal = (await jobs.view(b.id))?.record.answer;
    assert.equal(internal?.status, 500);
    assert.ok(!JSON.stringify(internal).includes('/work/'), 'no path in the answer');
    await jobs.close();
  });

  it("errorAnswer keeps the error's own headers (Retry-After)", () => {
    const a = errorAnswer(fail('service_busy').withHeaders({ 'retry-after': '5' }));
    assert.equal(a.status, 503);
    assert.equal(a.headers['retry-after'], '5');
  });

  it("cancel aborts the work's signal before it returns and keeps the job as cancelled", async () => {
    const jobs = jobsWith(1);
    let signal: AbortSignal | undefined;
    const a = await jobs.submit(
      (s) =>
        new Promise((_, reject) => {
          signal = s;
          s.addEventListener('abort', () => reject(s.reason as Error));
        }),
    );
    await new Promise((r) => setImmediate(r));
    assert.equal(signal?.aborted, false);
    assert.equal(await jobs.cancel(a.id), true);
    assert.equal(signal?.aborted, true);
    await jobs.settled(a.id);
    const v = await jobs.view(a.id);
    assert.equal(v?.record.state, 'cancelled');
    assert.equal(v?.view.progress.phase, 'cancelled');
    assert.equal(v?.record.answer, undefined);
    assert.equal(await jobs.cancel('unknown'), false);
    await jobs.close();
  });

  it('a queued job cancelled never starts', async () => {
    const jobs = jobsWith(1);
    const g = gate();
    const a = await jobs.submit(async () => {
      await g.opened;
      return { status: 200, headers: {}, body: {} };
    });
    let ran = false;
    const b = await jobs.submit(async () => {
      ran = true;
      return { status: 200, headers: {}, body: {} };
    });
    await jobs.cancel(b.id);
    g.open();
    await jobs.settled(a.id);
    await jobs.settled(b.id);
    assert.equal(ran, false);
    await jobs.close();
  });

  it('refuses beyond the bound with 503 jobs_full and its Retry-After', async () => {
    const jobs = jobsWith(1, 1);
    const g = gate();
    await jobs.submit(async () => {
      await g.opened;
      return { status: 200, headers: {}, body: {} };
    });
    await assert.rejects(jobs.ensureRoom(), (e: { code: string; headers: Record<string, string> }) => {
      assert.equal(e.code, 'jobs_full');
      assert.equal(e.headers['retry-after'], '9');
      return true;
    });
    await assert.rejects(
      jobs.submit(async () => ({ status: 200, headers: {}, body: {} })),
      { code: 'jobs_full' },
    );
    g.open();
    await jobs.close();
  });

  it('progress reported by the work is merged, and a phase change restarts the pace', async () => {
    let now = 1000;
    const jobs = createJobs({
      store: createMemoryJobStore({ maxJobs: 5, ttlMs: 1000, now: () => now }),
      perform: performWork,
      concurrency: 1,
      retryAfterSeconds: 5,
      fullRetryAfterSeconds: 5,
      now: () => now,
      log: quiet,
    });
    const g = gate();
    let report!: (u: object) => void;
    const a = await jobs.submit(async (_s, r) => {
      report = r;
      await g.opened;
      return { status: 200, headers: {}, body: {} };
    });
    await new Promise((r) => setImmediate(r));
    report({ phase: 'embedding', chunks: 10 });
    await new Promise((r) => setImmediate(r));
    now = 3000;
    report({ chunksEmbedded: 4 });
    await new Promise((r) => setImmediate(r));
    const v = await jobs.view(a.id);
    assert.deepEqual(v?.view.progress, {
      phase: 'embedding',
      pagesRead: null,
      pages: null,
      chunks: 10,
      chunksEmbedded: 4,
      chunksIndexed: 0,
      secondsLeft: 3,
    });
    assert.equal(v?.retryAfter, 3);
    g.open();
    await jobs.close();
  });
});

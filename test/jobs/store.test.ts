// The in-process job store: its bound, and the time to live of a finished job (on a clock the test moves).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryJobStore } from '../../src/jobs/store.ts';
import { initialProgress, type JobRecord } from '../../src/jobs/job.ts';

const job = (id: string, t = 0): JobRecord => ({
  id,
  state: 'queued',
  createdAt: t,
  phaseStartedAt: t,
  progress: initialProgress(),
});

describe('createMemoryJobStore', () => {
  it('keeps at most maxJobs, whatever their state', async () => {
    const store = createMemoryJobStore({ maxJobs: 2, ttlMs: 1000, now: () => 0 });
    assert.equal(await store.add(job('a'), 0), 'added');
    assert.equal(await store.full(), false);
    assert.equal(await store.add(job('b'), 0), 'added');
    assert.equal(await store.full(), true);
    assert.equal(await store.add(job('c'), 0), 'full');
    assert.equal(await store.get('c'), undefined);
    assert.equal(await store.size(), 2);
    await store.close();
  });

  it('forgets a finished job ttl after it finished, and then has room again', async () => {
    let now = 0;
    const store = createMemoryJobStore({ maxJobs: 1, ttlMs: 1000, now: () => now });
    await store.add(job('a'), 0);
    now = 5000;
    assert.ok(await store.get('a'), 'a running job never expires');
    await store.update('a', { state: 'done', finishedAt: 5000 });
    assert.equal((await store.get('a'))?.expiresAt, 6000);
    now = 5999;
    assert.ok(await store.get('a'));
    assert.equal(await store.add(job('b'), 0), 'full');
    now = 6000;
    assert.equal(await store.get('a'), undefined);
    assert.equal(await store.add(job('b'), 0), 'added');
    await store.close();
  });

  it('an expired job does not count against the bound even before anyone asks for it', async () => {
    let now = 0;
    const store = createMemoryJobStore({ maxJobs: 1, ttlMs: 10, now: () => now });
    await store.add(job('a'), 0);
    await store.update('a', { finishedAt: 0 });
    now = 10;
    assert.equal(await store.full(), false);
    assert.equal(await store.size(), 0);
    await store.close();
  });

  it('update merges into the job and does nothing to an unknown one', async () => {
    const store = createMemoryJobStore({ maxJobs: 5, ttlMs: 10, now: () => 0 });
    await store.add(job('a'), 0);
    await store.update('a', { state: 'running', progress: { ...initialProgress(), phase: 'reading' } });
    assert.equal((await store.get('a'))?.state, 'running');
    assert.equal((await store.get('a'))?.progress.phase, 'reading');
    await store.update('zzz', { state: 'done' });
    assert.equal(await store.get('zzz'), undefined);
    await store.close();
  });
});

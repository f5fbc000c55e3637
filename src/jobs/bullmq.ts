// Jobs through BullMQ on Redis or Valkey (REDIS_URL): every replica runs a worker on the one queue,
// so any of them takes the next queued job; the job's document waits in Redis (redis-store.ts).
// A cancel reaches the replica that runs the job over a pub/sub channel, and waits until that
// replica says the work has stopped. A replica that dies (SIGKILL, OOM, a lost node) stops renewing
// its lock: after lockMs the lock expires, and the next stalled-job check of any other worker (every
// lockMs / 2) puts the job back in the queue, where a worker takes it and runs it from the top.
// A replica that closes (SIGTERM) puts back the jobs it runs at once, for another to take.
import { Queue, Worker, WaitingError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobBackend, JobHandler } from './jobs.ts';
import type { ChunkingTask } from './accept.ts';
import type { IngestOptions } from '../documents/ingest.ts';
import type { RedisJobStore } from './redis-store.ts';

export const QUEUE_NAME = 'chunking';
/** How long a cancel waits for the replica running the job to say it stopped. */
export const STOP_ACK_MS = 1000;

export interface BullmqBackendOptions {
  /** the store's connection (role 'jobs'): the queue and the publisher share it */
  redis: Redis;
  /** a blocking connection for the worker (openRedis with blocking: true) */
  workerRedis: Redis;
  /** a connection for the control channel's subscription */
  subscriber: Redis;
  store: RedisJobStore;
  prefix: string;
  concurrency: number;
  /** BullMQ's lockDuration: a dead replica's job is taken over between this and 1.5 times this later */
  lockMs: number;
  log: { warn(fields: object, message: string): void; error(fields: object, message: string): void };
}

interface Running {
  ctrl: AbortController;
  /** the service is closing: the job goes back to the queue rather than ending */
  closing: boolean;
  settled: Promise<void>;
}

export function createBullmqBackend({
  redis,
  workerRedis,
  subscriber,
  store,
  prefix,
  concurrency,
  lockMs,
  log,
}: BullmqBackendOptions): JobBackend<ChunkingTask> {
  const bullPrefix = `${prefix}bull`;
  const channel = `${prefix}jobs:control`;
  const running = new Map<string, Running>();
  const waiting = new Map<string, () => void>();
  let handle: JobHandler<ChunkingTask> | undefined;
  let worker: Worker | undefined;
  const queue = new Queue<{ options: IngestOptions }>(QUEUE_NAME, {
    connection: redis,
    prefix: bullPrefix,
    // The job's data holds the request's pass-through keys: it leaves Redis as soon as the job ends.
    defaultJobOptions: { removeOnComplete: true, removeOnFail: true, attempts: 1 },
  });
  queue.on('error', (err) => log.error({ err: err.message }, 'job queue error'));

  subscriber.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    let m: { stop?: string; stopped?: string };
    try {
      m = JSON.parse(message) as typeof m;
    } catch {
      return;
    }
    if (m.stop !== undefined) {
      const job = running.get(m.stop);
      if (job === undefined) return;
      // Aborted synchronously: no outbound call starts after this line.
      job.ctrl.abort(new Error('the job was cancelled'));
      void redis.publish(channel, JSON.stringify({ stopped: m.stop })).catch(() => undefined);
    }
    if (m.stopped !== undefined) waiting.get(m.stopped)?.();
  });
  const subscribed = subscriber.subscribe(channel);

  async function process(job: Job<{ options: IngestOptions }>, token?: string, bullSignal?: AbortSignal) {
    const id = job.id!;
    const ctrl = new AbortController();
    bullSignal?.addEventListener('abort', () => ctrl.abort(bullSignal.reason), { once: true });
    let done!: () => void;
    const entry: Running = { ctrl, closing: false, settled: new Promise<void>((r) => (done = r)) };
    running.set(id, entry);
    try {
      const bytes = await store.document(id);
      // Its document expired (PENDING_MS) or the job was cancelled and forgotten: nothing to run.
      if (bytes !== undefined) await handle!(id, { bytes, options: job.data.options }, ctrl.signal);
    } finally {
      running.delete(id);
      done();
    }
    if (entry.closing && token !== undefined) {
      // Back to the queue, for a replica that stays.
      await job.moveToWait(token);
      throw new WaitingError();
    }
  }

  return {
    start(h) {
      handle = h;
      worker = new Worker(QUEUE_NAME, process, {
        connection: workerRedis,
        prefix: bullPrefix,
        concurrency,
        lockDuration: lockMs,
        stalledInterval: Math.max(1000, Math.round(lockMs / 2)),
        // Our own count (MAX_RESTARTS) ends a job taken over too often, with its answer; BullMQ's
        // bound is above it so that it never fails a job silently first.
        maxStalledCount: 10,
      });
      worker.on('error', (err) => log.error({ err: err.message }, 'job worker error'));
      worker.on('stalled', (jobId) => log.warn({ jobId }, 'job stalled: its replica stopped; queued again'));
      // A lock this replica could not renew may be taken over elsewhere: stop here rather than run twice.
      worker.on('lockRenewalFailed', (ids) => {
        for (const id of ids) running.get(id)?.ctrl.abort(new Error('the job lock was lost'));
      });
    },
    async enqueue(id, task) {
      await store.putDocument(id, task.bytes);
      await queue.add(QUEUE_NAME, { options: task.options }, { jobId: id });
    },
    async stop(id, wasRunning) {
      const here = running.get(id);
      if (here) {
        here.ctrl.abort(new Error('the job was cancelled'));
        return;
      }
      // Queued: it leaves the queue (a worker that took it meanwhile finds it cancelled and skips it).
      if (!wasRunning) {
        await queue.remove(id).catch(() => 0);
        return;
      }
      await subscribed;
      const stopped = new Promise<void>((resolve) => waiting.set(id, resolve));
      try {
        await redis.publish(channel, JSON.stringify({ stop: id }));
        // Its replica may be dead: then nobody answers, and the one that takes it over skips it.
        await Promise.race([stopped, sleep(STOP_ACK_MS)]);
      } finally {
        waiting.delete(id);
      }
    },
    settled: (id) => running.get(id)?.settled ?? Promise.resolve(),
    ready: () =>
      redis.status === 'ready' && subscriber.status === 'ready' && worker !== undefined && worker.isRunning(),
    async close() {
      for (const job of running.values()) {
        job.closing = true;
        job.ctrl.abort(new Error('the service is closing'));
      }
      await worker?.close();
      await queue.close();
    },
  };
}

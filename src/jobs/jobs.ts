// Jobs: submit a piece of work, read where it stands, cancel it. Where the work runs is the
// backend's business: in this process, at most `concurrency` at once (the others wait, queued, in
// order), or on whichever replica takes it from the BullMQ queue (src/jobs/bullmq.ts). Its answer,
// or the catalogue error it threw rendered as the error handler renders it, is kept in the store
// for the poller, on whichever replica the poll arrives.
import { AppError, ERROR_CODE_HEADER, errorEnvelope, fail, messageOf } from '../errors.ts';
import type { UploadAnswer } from '../http/upload.ts';
import { createAdmission } from '../documents/admission.ts';
import {
  estimateSecondsLeft,
  initialProgress,
  retryAfterSeconds,
  type JobProgress,
  type JobRecord,
  type ProgressUpdate,
} from './job.ts';
import { newJobId } from './id.ts';
import type { JobStore } from './store.ts';

/** The work of one job: told to stop by `signal`, telling where it is through `report`. */
export type JobWork = (signal: AbortSignal, report: (update: ProgressUpdate) => void) => Promise<UploadAnswer>;

/** What a job's task becomes: its answer, given a stop signal and where to report progress. */
export type Perform<T> = (
  task: T,
  signal: AbortSignal,
  report: (update: ProgressUpdate) => void,
) => Promise<UploadAnswer>;

/** A task that is its own work (tests, and the in-process jobs of a closure). */
export const performWork: Perform<JobWork> = (work, signal, report) => work(signal, report);

/** Runs the work of one job that this process took; `signal` says stop (a cancel, or the service closing). */
export type JobHandler<T> = (id: string, task: T, signal: AbortSignal) => Promise<void>;

/** Where the work of jobs runs: in this process, or on any replica through a queue. */
export interface JobBackend<T> {
  /** Gives the backend the handler it runs each job it takes with (once, before any enqueue). */
  start(handle: JobHandler<T>): void;
  /** Queues the task of a job the store has just kept. */
  enqueue(id: string, task: T): Promise<void>;
  /**
   * Stops the job's work wherever it runs; with `running`, resolves once it has stopped (no
   * further outbound call starts after that), or after a bound when nobody answers.
   */
  stop(id: string, running: boolean): Promise<void>;
  /** Settles when this process's work on the job has ended (tests wait on it rather than on time). */
  settled(id: string): Promise<void>;
  /** Whether new jobs can be queued now (readiness). */
  ready(): boolean;
  close(): Promise<void>;
}

/**
 * The in-process backend: at most `concurrency` jobs worked on at once, the others wait in order;
 * closing aborts what runs and waits for it to end.
 */
export function createLocalBackend<T>(concurrency: number): JobBackend<T> {
  const slots = createAdmission({ maxInFlight: concurrency, maxQueued: Infinity, retryAfterSeconds: 1 });
  const running = new Map<string, { ctrl: AbortController; settled: Promise<void> }>();
  let handle: JobHandler<T> | undefined;
  return {
    start(h) {
      handle = h;
    },
    async enqueue(id, task) {
      const ctrl = new AbortController();
      const settled = (async () => {
        let release: (() => void) | undefined;
        try {
          release = await slots.enter(ctrl.signal);
        } catch {
          return; // cancelled while it waited for a slot
        }
        try {
          await handle!(id, task, ctrl.signal);
        } finally {
          release();
        }
      })().finally(() => running.delete(id));
      running.set(id, { ctrl, settled });
    },
    async stop(id) {
      running.get(id)?.ctrl.abort(new Error('the job was cancelled'));
    },
    settled: (id) => running.get(id)?.settled ?? Promise.resolve(),
    ready: () => true,
    async close() {
      const all = [...running.values()];
      for (const j of all) j.ctrl.abort(new Error('the service is closing'));
      await Promise.allSettled(all.map((j) => j.settled));
    },
  };
}

/** A job as a poller sees it while it runs (the 202 body). */
export interface JobView {
  success: true;
  id: string;
  state: JobRecord['state'];
  /** where to poll: the same as the Location header */
  location: string;
  progress: JobProgress;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, once finished: when the answer is forgotten */
  expiresAt?: string;
}

export interface JobsOptions<T> {
  store: JobStore;
  /** where the work runs (default: in this process, `concurrency` at once) */
  backend?: JobBackend<T>;
  /** what a task becomes */
  perform: Perform<T>;
  /** jobs worked on at once by the in-process backend; the others wait in order */
  concurrency: number;
  /** the poll interval told in Retry-After while the estimate does not say sooner */
  retryAfterSeconds: number;
  /** Retry-After of the 503 when the store is full */
  fullRetryAfterSeconds: number;
  /** JOBS_MAX_BYTES, named in the 413 of a document over it (Redis) */
  maxBytes?: number;
  now?: () => number;
  log: { warn(fields: object, message: string): void; error(fields: object, message: string): void };
}

export const jobLocation = (id: string) => `/apis/jobs/${id}`;

/** Times a job is started again after the replica running it stopped; the next time it ends on 503 job_interrupted. */
export const MAX_RESTARTS = 2;

/** What a thrown error becomes as a job's answer: what the error handler would have sent. */
export function errorAnswer(err: unknown): UploadAnswer & { code: string } {
  const e = err instanceof AppError ? err : undefined;
  const code = e?.code ?? 'internal';
  return {
    code,
    status: e?.statusCode ?? 500,
    headers: {
      ...e?.headers,
      [ERROR_CODE_HEADER]: code,
      'content-type': 'application/json; charset=utf-8',
    },
    body: errorEnvelope(e?.message ?? messageOf('internal')),
  };
}

export function createJobs<T>({
  store,
  perform,
  concurrency,
  backend = createLocalBackend<T>(concurrency),
  retryAfterSeconds: interval,
  fullRetryAfterSeconds,
  maxBytes = Infinity,
  now = Date.now,
  log,
}: JobsOptions<T>) {
  const full = (code: 'jobs_full' | 'jobs_bytes_full' = 'jobs_full') =>
    fail(code).withHeaders({ 'retry-after': String(fullRetryAfterSeconds) });

  /** A store or queue that cannot be reached (Redis down) is a 503 the caller may retry, never a 500. */
  async function reachable<R>(work: Promise<R>): Promise<R> {
    try {
      return await work;
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.error({ err: String((err as Error)?.message ?? err) }, 'the job store or queue failed');
      throw fail('jobs_unavailable').withHeaders({ 'retry-after': String(fullRetryAfterSeconds) });
    }
  }

  /** Refuses (503 + Retry-After) when no job can be kept: before the upload is read. */
  async function ensureRoom(): Promise<void> {
    if (await reachable(store.full())) throw full();
  }

  async function submit(task: T, bytes = 0): Promise<JobRecord> {
    const at = now();
    const record: JobRecord = {
      id: newJobId(),
      state: 'queued',
      createdAt: at,
      phaseStartedAt: at,
      progress: initialProgress(),
    };
    const outcome = await reachable(store.add(record, bytes));
    if (outcome === 'full') throw full();
    if (outcome === 'bytes-full') throw full('jobs_bytes_full');
    if (outcome === 'too-large') throw fail('job_too_large', maxBytes);
    try {
      await reachable(backend.enqueue(record.id, task));
    } catch (err) {
      // Not queued: nobody will run it; it is answered as what it is.
      await store.update(record.id, { state: 'cancelled', finishedAt: now() }).catch(() => undefined);
      throw err;
    }
    return record;
  }

  /** The work of one job, on the replica that took it: skipped when it was cancelled or finished meanwhile. */
  async function run(id: string, task: T, signal: AbortSignal): Promise<void> {
    const r = await store.get(id);
    if (r === undefined || (r.state !== 'queued' && r.state !== 'running')) return;
    // A job taken over from a replica that stopped is 'running' already: it starts again from the
    // top (indexing rewrites the same keys), unless it has been taken over too often already (a
    // document that kills the process that reads it must not kill every replica in turn).
    const restarts = (r.restarts ?? 0) + (r.state === 'running' ? 1 : 0);
    if (restarts > MAX_RESTARTS) {
      const { code: _, ...answer } = errorAnswer(fail('job_interrupted'));
      log.warn({ jobId: id, restarts: r.restarts ?? 0, code: 'job_interrupted' }, 'job interrupted too often');
      await store.update(
        id,
        { state: 'done', answer, finishedAt: now(), phaseStartedAt: now(), progress: { ...r.progress, phase: 'done' } },
        ['running'],
      );
      return;
    }
    if (restarts > 0) log.warn({ jobId: id, restarts }, 'job taken over from a replica that stopped: started again');
    const was = await store.update(
      id,
      { state: 'running', restarts, phaseStartedAt: now(), progress: { ...initialProgress(), phase: 'reading' } },
      [r.state],
    );
    if (was === undefined) return;
    try {
      const answer = await perform(task, signal, (update) => {
        store.progress(id, update, now()).catch(() => undefined);
      });
      signal.throwIfAborted();
      await finish(id, answer);
    } catch (err) {
      // A cancelled job was finished by cancel(); a closing service leaves it to another replica.
      if (signal.aborted) return;
      const answer = errorAnswer(err);
      if (answer.status >= 500 && !(err instanceof AppError)) log.error({ err, jobId: id }, 'job failed unexpectedly');
      else
        log.warn(
          {
            jobId: id,
            statusCode: answer.status,
            code: answer.code,
            reason: (answer as { body: { error: string } }).body.error,
          },
          'job refused',
        );
      const { code: _, ...rest } = answer;
      await finish(id, rest);
    }
  }
  backend.start(run);

  /** Keeps the answer of a running job (not of one cancelled meanwhile). */
  async function finish(id: string, answer: UploadAnswer): Promise<void> {
    const r = await store.get(id);
    if (r === undefined || r.state !== 'running') return;
    await store.update(
      id,
      {
        state: 'done',
        answer,
        finishedAt: now(),
        phaseStartedAt: now(),
        progress: { ...r.progress, phase: 'done' },
      },
      ['running'],
    );
  }

  /** The job as a poller sees it, with its Retry-After; undefined when unknown or expired. */
  async function view(id: string): Promise<{ record: JobRecord; view: JobView; retryAfter: number } | undefined> {
    const record = await reachable(store.get(id));
    if (record === undefined) return undefined;
    const secondsLeft = estimateSecondsLeft(record.progress, now() - record.phaseStartedAt);
    return {
      record,
      retryAfter: retryAfterSeconds(secondsLeft, interval),
      view: {
        success: true,
        id,
        state: record.state,
        location: jobLocation(id),
        progress: { ...record.progress, secondsLeft },
        createdAt: new Date(record.createdAt).toISOString(),
        ...(record.expiresAt !== undefined ? { expiresAt: new Date(record.expiresAt).toISOString() } : {}),
      },
    };
  }

  /**
   * Cancels a job: its work is told to stop, on whichever replica runs it, before this returns
   * (so no further outbound call starts), its answer, if any, is forgotten, and it is kept as
   * cancelled until its time to live ends.
   */
  async function cancel(id: string): Promise<boolean> {
    const r = await reachable(store.get(id));
    if (r === undefined) return false;
    if (r.state === 'cancelled') return true;
    // A finished job's answer is forgotten too (DELETE frees its memory before its time to live).
    const was = await reachable(
      store.update(
        id,
        {
          answer: undefined,
          state: 'cancelled',
          finishedAt: now(),
          phaseStartedAt: now(),
          progress: { ...r.progress, phase: 'cancelled' },
        },
        ['queued', 'running', 'done'],
      ),
    );
    if (was === 'queued' || was === 'running') await reachable(backend.stop(id, was === 'running'));
    return true;
  }

  /** Stops every job this process runs and waits for their work to end (app close). */
  async function close(): Promise<void> {
    await backend.close();
    await store.close();
  }

  const settled = (id: string) => backend.settled(id);
  /** Whether jobs can be taken now (readiness: the queue's connections are up). */
  const ready = () => backend.ready();
  return { ensureRoom, submit, view, cancel, close, settled, ready };
}

export type Jobs<T = never> = ReturnType<typeof createJobs<T>>;

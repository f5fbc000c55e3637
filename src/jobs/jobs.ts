// Jobs: submit a piece of work, read where it stands, cancel it. The work runs in this process, at
// most `concurrency` at once (the others wait, queued, in order); its answer, or the catalogue
// error it threw rendered as the error handler renders it, is kept in the store for the poller.
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

export interface JobsOptions {
  store: JobStore;
  /** jobs worked on at once; the others wait in order */
  concurrency: number;
  /** the poll interval told in Retry-After while the estimate does not say sooner */
  retryAfterSeconds: number;
  /** Retry-After of the 503 when the store is full */
  fullRetryAfterSeconds: number;
  now?: () => number;
  log: { warn(fields: object, message: string): void; error(fields: object, message: string): void };
}

export const jobLocation = (id: string) => `/apis/jobs/${id}`;

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

export function createJobs({
  store,
  concurrency,
  retryAfterSeconds: interval,
  fullRetryAfterSeconds,
  now = Date.now,
  log,
}: JobsOptions) {
  const slots = createAdmission({ maxInFlight: concurrency, maxQueued: Infinity, retryAfterSeconds: 1 });
  const running = new Map<string, { ctrl: AbortController; settled: Promise<void> }>();

  const full = () => fail('jobs_full').withHeaders({ 'retry-after': String(fullRetryAfterSeconds) });

  /** Refuses (503 + Retry-After) when no job can be kept: before the upload is read. */
  async function ensureRoom(): Promise<void> {
    if (await store.full()) throw full();
  }

  async function submit(work: JobWork): Promise<JobRecord> {
    const at = now();
    const record: JobRecord = {
      id: newJobId(),
      state: 'queued',
      createdAt: at,
      phaseStartedAt: at,
      progress: initialProgress(),
    };
    if (!(await store.add(record))) throw full();
    const ctrl = new AbortController();
    const settled = run(record.id, work, ctrl.signal).finally(() => running.delete(record.id));
    running.set(record.id, { ctrl, settled });
    return record;
  }

  async function run(id: string, work: JobWork, signal: AbortSignal): Promise<void> {
    let release: (() => void) | undefined;
    try {
      release = await slots.enter(signal);
      await store.update(id, {
        state: 'running',
        phaseStartedAt: now(),
        progress: { ...initialProgress(), phase: 'reading' },
      });
      const answer = await work(signal, (update) => void report(id, update));
      signal.throwIfAborted();
      await finish(id, answer);
    } catch (err) {
      // A cancelled job was finished by cancel(): its work's end says nothing more.
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
    } finally {
      release?.();
    }
  }

  async function finish(id: string, answer: UploadAnswer): Promise<void> {
    const r = await store.get(id);
    if (r === undefined || r.state === 'cancelled') return;
    await store.update(id, {
      state: 'done',
      answer,
      finishedAt: now(),
      phaseStartedAt: now(),
      progress: { ...r.progress, phase: 'done' },
    });
  }

  async function report(id: string, update: ProgressUpdate): Promise<void> {
    const r = await store.get(id);
    if (r === undefined || r.state !== 'running') return;
    const phaseChanged = update.phase !== undefined && update.phase !== r.progress.phase;
    await store.update(id, {
      progress: { ...r.progress, ...update },
      ...(phaseChanged ? { phaseStartedAt: now() } : {}),
    });
  }

  /** The job as a poller sees it, with its Retry-After; undefined when unknown or expired. */
  async function view(id: string): Promise<{ record: JobRecord; view: JobView; retryAfter: number } | undefined> {
    const record = await store.get(id);
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
   * Cancels a job: its signal is aborted before this returns (so no further outbound call starts),
   * its answer, if any, is forgotten, and it is kept as cancelled until its time to live ends.
   */
  async function cancel(id: string): Promise<boolean> {
    const r = await store.get(id);
    if (r === undefined) return false;
    running.get(id)?.ctrl.abort(new Error('the job was cancelled'));
    if (r.state !== 'cancelled') {
      // A finished job's answer is forgotten too (DELETE frees its memory before its time to live).
      await store.update(id, {
        answer: undefined,
        state: 'cancelled',
        finishedAt: now(),
        phaseStartedAt: now(),
        progress: { ...r.progress, phase: 'cancelled' },
      });
    }
    return true;
  }

  /** Stops every job still running and waits for their work to end (app close). */
  async function close(): Promise<void> {
    const all = [...running.values()];
    for (const j of all) j.ctrl.abort(new Error('the service is closing'));
    await Promise.allSettled(all.map((j) => j.settled));
    await store.close();
  }

  /** Settles when the job's work has ended (tests wait on it rather than on time). */
  const settled = (id: string): Promise<void> => running.get(id)?.settled ?? Promise.resolve();

  return { ensureRoom, submit, view, cancel, close, settled };
}

export type Jobs = ReturnType<typeof createJobs>;

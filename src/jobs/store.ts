// Where jobs are kept. The contract is asynchronous, so that a store in another process (Redis,
// src/jobs/redis-store.ts) can implement it; the default keeps them in this process's memory: no
// set-up, and a restart loses them (the README says so). State changes are conditional (`from`),
// so that two replicas, or a cancel and the end of the work, never both win.
import type { JobRecord, JobState, ProgressUpdate } from './job.ts';

/** Why a job was not kept: the bound on jobs (JOBS_MAX), or on the bytes jobs hold (JOBS_MAX_BYTES, Redis only). */
export type AddOutcome = 'added' | 'full' | 'bytes-full' | 'too-large';

export interface JobStore {
  /**
   * Keeps a new job whose document is `bytes` long; refused when the store already holds its bound
   * of jobs, or of bytes (expired jobs do not count), or when the document alone is over the bytes bound.
   */
  add(record: JobRecord, bytes: number): Promise<AddOutcome>;
  /** The job, or undefined when it is unknown or past its time to live. */
  get(id: string): Promise<JobRecord | undefined>;
  /**
   * Merges `patch` into the job when its state is one of `from` (any state when absent) and
   * answers the state it had, or undefined when the job is gone or its state was not one of
   * `from`. A patch with finishedAt starts its time to live; `answer: undefined` forgets the answer.
   */
  update(id: string, patch: Partial<JobRecord>, from?: readonly JobState[]): Promise<JobState | undefined>;
  /** Merges what the work reports into the progress of a running job; a new phase restarts its pace at `at`. */
  progress(id: string, update: ProgressUpdate, at: number): Promise<void>;
  /** Jobs kept, expired ones not counted. */
  size(): Promise<number>;
  /** Whether a new job would be refused now. */
  full(): Promise<boolean>;
  close(): Promise<void>;
}

export interface MemoryStoreOptions {
  /** jobs kept at once, in any state (JOBS_MAX) */
  maxJobs: number;
  /** how long a finished job's answer is kept (JOB_TTL_SECONDS), in ms */
  ttlMs: number;
  /** the clock, in ms since the epoch (tests move it) */
  now?: () => number;
}

export function createMemoryJobStore({ maxJobs, ttlMs, now = Date.now }: MemoryStoreOptions): JobStore {
  const jobs = new Map<string, JobRecord>();
  // One timer per finished job frees its answer's memory when it expires; get() also checks the
  // clock, so an expired job is never answered even before its timer has run.
  const timers = new Map<string, NodeJS.Timeout>();

  const expired = (r: JobRecord) => r.expiresAt !== undefined && r.expiresAt <= now();
  const drop = (id: string) => {
    jobs.delete(id);
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  const sweep = () => {
    for (const [id, r] of jobs) if (expired(r)) drop(id);
  };
  const live = (id: string) => {
    const r = jobs.get(id);
    if (r === undefined) return undefined;
    if (expired(r)) {
      drop(id);
      return undefined;
    }
    return r;
  };

  return {
    // In memory the bytes are the process's own: JOBS_MAX bounds them (the README says how far).
    async add(record) {
      sweep();
      if (jobs.size >= maxJobs) return 'full';
      jobs.set(record.id, record);
      return 'added';
    },
    async get(id) {
      return live(id);
    },
    async update(id, patch, from) {
      const r = live(id);
      if (r === undefined || (from !== undefined && !from.includes(r.state))) return undefined;
      const was = r.state;
      Object.assign(r, patch);
      if ('answer' in patch && patch.answer === undefined) delete r.answer;
      if (patch.finishedAt !== undefined) {
        r.expiresAt = patch.finishedAt + ttlMs;
        clearTimeout(timers.get(id));
        const timer = setTimeout(() => drop(id), Math.max(0, r.expiresAt - now()));
        timer.unref();
        timers.set(id, timer);
      }
      return was;
    },
    async progress(id, update, at) {
      const r = live(id);
      if (r === undefined || r.state !== 'running') return;
      if (update.phase !== undefined && update.phase !== r.progress.phase) r.phaseStartedAt = at;
      r.progress = { ...r.progress, ...update };
    },
    async size() {
      sweep();
      return jobs.size;
    },
    async full() {
      sweep();
      return jobs.size >= maxJobs;
    },
    async close() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      jobs.clear();
    },
  };
}

// Where jobs are kept. The contract is asynchronous, so that a store in another process (Redis,
// issue 22 part 2) can implement it; the default keeps them in this process's memory: no set-up,
// and a restart loses them (the README says so).
import type { JobRecord } from './job.ts';

export interface JobStore {
  /** Keeps a new job; false when the store already holds its bound of jobs (expired ones do not count). */
  add(record: JobRecord): Promise<boolean>;
  /** The job, or undefined when it is unknown or past its time to live. */
  get(id: string): Promise<JobRecord | undefined>;
  /** Merges `patch` into the job (nothing when it is gone). A patch with finishedAt starts its time to live. */
  update(id: string, patch: Partial<JobRecord>): Promise<void>;
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

  return {
    async add(record) {
      sweep();
      if (jobs.size >= maxJobs) return false;
      jobs.set(record.id, record);
      return true;
    },
    async get(id) {
      const r = jobs.get(id);
      if (r === undefined) return undefined;
      if (expired(r)) {
        drop(id);
        return undefined;
      }
      return r;
    },
    async update(id, patch) {
      const r = jobs.get(id);
      if (r === undefined) return;
      Object.assign(r, patch);
      if (patch.finishedAt !== undefined) {
        r.expiresAt = patch.finishedAt + ttlMs;
        clearTimeout(timers.get(id));
        const timer = setTimeout(() => drop(id), Math.max(0, r.expiresAt - now()));
        timer.unref();
        timers.set(id, timer);
      }
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

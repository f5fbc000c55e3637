// The job store on Redis or Valkey (REDIS_URL): every replica reads and writes the same jobs, so
// a poll, a cancel or the work itself can happen on any of them. Per job, under the prefix:
//   jobs:job:{id}     hash: state, times, progress (one field each, so that reports merge), the answer's head
//   jobs:answer:{id}  the answer's bytes (the chunk envelope), when it has some
//   jobs:doc:{id}     the document's bytes, while the job is queued or running (another replica may take it over)
// and for the bounds: jobs:held (sorted set: id -> when its keys expire) and jobs:sizes (hash: id
// -> bytes it holds: its document, then its answer). Every key has a time to live: JOB_TTL_SECONDS
// after the job ends, PENDING_MS while it waits or runs. Changes are Lua scripts, so that a
// bound, a state change or a progress merge is one atomic step whichever replica makes it.
// Not for Redis Cluster: the scripts touch keys of several slots (one primary, with replicas or
// Sentinel, is the set-up docs/deployment.md describes).
import type { Redis } from 'ioredis';
import type { JobProgress, JobRecord, JobState, ProgressUpdate } from './job.ts';
import type { AddOutcome, JobStore } from './store.ts';

/** How long the keys of a job not yet finished live: a job that neither ends nor is taken over in a day is dropped. */
export const PENDING_MS = 24 * 3600 * 1000;

const PROGRESS_FIELDS = ['phase', 'pagesRead', 'pages', 'chunks', 'chunksEmbedded', 'chunksIndexed'] as const;

const SWEEP = `
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
for _, id in ipairs(expired) do redis.call('HDEL', KEYS[2], id) end
if #expired > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1]) end
`;

// KEYS: held, sizes, job; ARGV: now, id, maxJobs, maxBytes, bytes, expireAt, field, value, ...
const ADD = `${SWEEP}
local bytes = tonumber(ARGV[5])
if bytes > tonumber(ARGV[4]) then return 'too-large' end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 'full' end
local held = 0
for _, v in ipairs(redis.call('HVALS', KEYS[2])) do held = held + tonumber(v) end
if held + bytes > tonumber(ARGV[4]) then return 'bytes-full' end
redis.call('ZADD', KEYS[1], ARGV[6], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[2], bytes)
redis.call('HSET', KEYS[3], unpack(ARGV, 7))
redis.call('PEXPIREAT', KEYS[3], ARGV[6])
return 'added'`;

// KEYS: held, sizes, job, answer, doc; ARGV: now, id, from (comma-separated, '' any), expireAt ('' none),
// answer ('keep' | 'del' | 'set'), answer bytes, field, value, ...
const UPDATE = `
local state = redis.call('HGET', KEYS[3], 'state')
if not state then return false end
if ARGV[3] ~= '' then
  local allowed = false
  for s in string.gmatch(ARGV[3], '[^,]+') do if s == state then allowed = true end end
  if not allowed then return false end
end
if #ARGV > 6 then redis.call('HSET', KEYS[3], unpack(ARGV, 7)) end
if ARGV[5] == 'del' then
  redis.call('HDEL', KEYS[3], 'answer')
  redis.call('DEL', KEYS[4])
elseif ARGV[5] == 'set' then
  redis.call('SET', KEYS[4], ARGV[6])
end
if ARGV[4] ~= '' then
  redis.call('DEL', KEYS[5])
  redis.call('PEXPIREAT', KEYS[3], ARGV[4])
  redis.call('PEXPIREAT', KEYS[4], ARGV[4])
  redis.call('ZADD', KEYS[1], 'XX', ARGV[4], ARGV[2])
  redis.call('HSET', KEYS[2], ARGV[2], redis.call('STRLEN', KEYS[4]))
end
return state`;

// KEYS: job; ARGV: at, field, value, ... (p.phase first when the phase changes)
const PROGRESS = `
if redis.call('HGET', KEYS[1], 'state') ~= 'running' then return 0 end
if ARGV[2] == 'p.phase' and redis.call('HGET', KEYS[1], 'p.phase') ~= ARGV[3] then
  redis.call('HSET', KEYS[1], 'phaseStartedAt', ARGV[1])
end
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
return 1`;

// KEYS: held; ARGV: now. Jobs kept, expired ones not counted.
const SIZE = `return redis.call('ZCOUNT', KEYS[1], '(' .. ARGV[1], '+inf')`;

interface Scripts {
  jobAdd(held: string, sizes: string, job: string, ...argv: (string | number)[]): Promise<AddOutcome>;
  jobUpdate(
    held: string,
    sizes: string,
    job: string,
    answer: string,
    doc: string,
    ...argv: (string | number | Buffer)[]
  ): Promise<JobState | null>;
  jobProgress(job: string, ...argv: (string | number)[]): Promise<number>;
  jobSize(held: string, now: number): Promise<number>;
}

export interface RedisJobStoreOptions {
  /** the store's connection (openRedis, role 'jobs'); closed by the caller */
  redis: Redis;
  /** key prefix, e.g. 'sus:' (REDIS_PREFIX) */
  prefix: string;
  maxJobs: number;
  /** JOBS_MAX_BYTES: documents and answers held at once */
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export interface RedisJobStore extends JobStore {
  /** Keeps the document of a job just added, for whichever replica runs it. */
  putDocument(id: string, bytes: Buffer): Promise<void>;
  /** The document of a queued or running job, or undefined when it is gone. */
  document(id: string): Promise<Buffer | undefined>;
  /** The keys of one job (tests check they expire). */
  keysOf(id: string): string[];
}

/** A value of the hash: JSON, so that null and numbers come back as they went. */
const enc = (v: unknown) => JSON.stringify(v ?? null);

export function createRedisJobStore({
  redis,
  prefix,
  maxJobs,
  maxBytes,
  ttlMs,
  now = Date.now,
}: RedisJobStoreOptions): RedisJobStore {
  const r = redis as Redis & Scripts;
  if (!('jobAdd' in r)) {
    redis.defineCommand('jobAdd', { numberOfKeys: 3, lua: ADD });
    redis.defineCommand('jobUpdate', { numberOfKeys: 5, lua: UPDATE });
    redis.defineCommand('jobProgress', { numberOfKeys: 1, lua: PROGRESS });
    redis.defineCommand('jobSize', { numberOfKeys: 1, lua: SIZE });
  }
  const held = `${prefix}jobs:held`;
  const sizes = `${prefix}jobs:sizes`;
  const jobKey = (id: string) => `${prefix}jobs:job:${id}`;
  const answerKey = (id: string) => `${prefix}jobs:answer:${id}`;
  const docKey = (id: string) => `${prefix}jobs:doc:${id}`;

  /** The hash fields of a record or a patch (the answer apart). */
  function fields(patch: Partial<JobRecord>): (string | number)[] {
    const out: (string | number)[] = [];
    if (patch.state !== undefined) out.push('state', patch.state);
    for (const k of ['createdAt', 'phaseStartedAt', 'finishedAt', 'expiresAt', 'restarts'] as const)
      if (patch[k] !== undefined) out.push(k, enc(patch[k]));
    if (patch.progress) for (const k of PROGRESS_FIELDS) out.push(`p.${k}`, enc(patch.progress[k]));
    return out;
  }

  return {
    async add(record, bytes) {
      const expireAt = record.createdAt + PENDING_MS;
      return r.jobAdd(
        held,
        sizes,
        jobKey(record.id),
        now(),
        record.id,
        maxJobs,
        maxBytes,
        bytes,
        expireAt,
        ...fields(record),
      );
    },
    async putDocument(id, bytes) {
      await redis.set(docKey(id), bytes, 'PXAT', now() + PENDING_MS);
    },
    async document(id) {
      return (await redis.getBuffer(docKey(id))) ?? undefined;
    },
    async get(id) {
      const h = await redis.hgetall(jobKey(id));
      if (h.state === undefined) return undefined;
      const num = (k: string) => (h[k] === undefined ? undefined : ((JSON.parse(h[k]) as number | null) ?? undefined));
      const expiresAt = num('expiresAt');
      if (expiresAt !== undefined && expiresAt <= now()) return undefined;
      const progress = Object.fromEntries(PROGRESS_FIELDS.map((k) => [k, JSON.parse(h[`p.${k}`] ?? 'null')])) as Omit<
        JobProgress,
        'secondsLeft'
      >;
      const record: JobRecord = {
        id,
        state: h.state as JobState,
        createdAt: num('createdAt')!,
        phaseStartedAt: num('phaseStartedAt')!,
        progress,
      };
      const finishedAt = num('finishedAt');
      if (finishedAt !== undefined) record.finishedAt = finishedAt;
      if (expiresAt !== undefined) record.expiresAt = expiresAt;
      const restarts = num('restarts');
      if (restarts !== undefined) record.restarts = restarts;
      if (h.answer !== undefined) {
        const head = JSON.parse(h.answer) as { status: number; headers: Record<string, string>; body?: object };
        if (head.body !== undefined) record.answer = { status: head.status, headers: head.headers, body: head.body };
        else {
          const payload = await redis.getBuffer(answerKey(id));
          // Its bytes expired between the two reads: the job is gone.
          if (payload === null) return undefined;
          record.answer = { status: head.status, headers: head.headers, payload };
        }
      }
      return record;
    },
    async update(id, patch, from) {
      const f = fields(patch);
      let mode = 'keep';
      let bytes: Buffer | string = '';
      if ('answer' in patch) {
        const a = patch.answer;
        if (a === undefined) mode = 'del';
        else if ('payload' in a) {
          mode = 'set';
          bytes = a.payload;
          f.push('answer', JSON.stringify({ status: a.status, headers: a.headers }));
        } else f.push('answer', JSON.stringify({ status: a.status, headers: a.headers, body: a.body }));
      }
      let expireAt = '';
      if (patch.finishedAt !== undefined) {
        const at = patch.finishedAt + ttlMs;
        expireAt = String(at);
        f.push('expiresAt', enc(at));
      }
      const was = await r.jobUpdate(
        held,
        sizes,
        jobKey(id),
        answerKey(id),
        docKey(id),
        now(),
        id,
        from?.join(',') ?? '',
        expireAt,
        mode,
        bytes,
        ...f,
      );
      return was ?? undefined;
    },
    async progress(id, update, at) {
      const f: (string | number)[] = [];
      if (update.phase !== undefined) f.push('p.phase', enc(update.phase));
      for (const k of PROGRESS_FIELDS)
        if (k !== 'phase' && update[k as keyof ProgressUpdate] !== undefined)
          f.push(`p.${k}`, enc(update[k as keyof ProgressUpdate]));
      if (f.length > 0) await r.jobProgress(jobKey(id), at, ...f);
    },
    async size() {
      return r.jobSize(held, now());
    },
    async full() {
      return (await r.jobSize(held, now())) >= maxJobs;
    },
    keysOf: (id) => [jobKey(id), answerKey(id), docKey(id)],
    // The connection is the caller's: it closes it after the queue that shares it.
    async close() {},
  };
}

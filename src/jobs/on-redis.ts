// Jobs on Redis or Valkey (REDIS_URL): the store (redis-store.ts) and the BullMQ queue
// (bullmq.ts) over three connections of this process, closed with it. Loaded only when REDIS_URL
// is set, so that a single process never loads BullMQ.
import type { Config } from '../config.ts';
import { openRedis } from '../redis/connection.ts';
import { createBullmqBackend } from './bullmq.ts';
import { createRedisJobStore } from './redis-store.ts';
import { createJobs, type JobsOptions } from './jobs.ts';
import type { ChunkingTask } from './accept.ts';

type RedisJobsConfig = Pick<
  Config,
  | 'jobsMax'
  | 'jobsMaxBytes'
  | 'jobTtlSeconds'
  | 'jobRetryAfterSeconds'
  | 'jobLockSeconds'
  | 'maxDocumentsInFlight'
  | 'redisPrefix'
> & { redisUrl: string };

export function createRedisJobs(
  config: RedisJobsConfig,
  {
    perform,
    log,
    now,
  }: Pick<JobsOptions<ChunkingTask>, 'perform' | 'log' | 'now'> & {
    log: JobsOptions<ChunkingTask>['log'] & { info(fields: object, message: string): void };
  },
) {
  const onError = (role: string) => (message: string) =>
    log.error({ code: 'redis_error', role }, `Redis connection (${role}): ${message}`);
  const redis = openRedis(config.redisUrl, { role: 'jobs', onError: onError('jobs') });
  const workerRedis = openRedis(config.redisUrl, {
    role: 'jobs-worker',
    blocking: true,
    onError: onError('jobs-worker'),
  });
  const subscriber = openRedis(config.redisUrl, { role: 'jobs-control', onError: onError('jobs-control') });
  const store = createRedisJobStore({
    redis,
    prefix: config.redisPrefix,
    maxJobs: config.jobsMax,
    maxBytes: config.jobsMaxBytes,
    ttlMs: config.jobTtlSeconds * 1000,
    ...(now ? { now } : {}),
  });
  const backend = createBullmqBackend({
    redis,
    workerRedis,
    subscriber,
    store,
    prefix: config.redisPrefix,
    concurrency: config.maxDocumentsInFlight,
    lockMs: config.jobLockSeconds * 1000,
    log,
  });
  const jobs = createJobs<ChunkingTask>({
    store,
    backend,
    perform,
    concurrency: config.maxDocumentsInFlight,
    retryAfterSeconds: config.jobRetryAfterSeconds,
    fullRetryAfterSeconds: config.jobRetryAfterSeconds,
    maxBytes: config.jobsMaxBytes,
    ...(now ? { now } : {}),
    log,
  });
  return {
    ...jobs,
    store,
    async close() {
      await jobs.close();
      await Promise.allSettled([redis.quit(), workerRedis.quit(), subscriber.quit()]);
    },
  };
}

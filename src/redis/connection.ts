// The one way to Redis (or Valkey): every tenant that shares state between replicas (jobs, the
// OAuth server's grants and sessions, rate limits) opens its connections here, from REDIS_URL, so
// that the URL is checked once, its password never reaches a log, and every connection is closed
// on shutdown. Without REDIS_URL nothing here is loaded: each process keeps its state in memory.
import { Redis, type RedisOptions } from 'ioredis';

/** Why a REDIS_URL cannot be used, or undefined when it can (config.ts names the variable). */
export function redisUrlProblem(raw: string): string | undefined {
  const url = URL.parse(raw);
  if (url === null || !['redis:', 'rediss:'].includes(url.protocol))
    return 'must be a redis:// or rediss:// URL such as redis://localhost:6379 (got something else)';
  if (url.hostname === '') return 'must name a host, such as redis://localhost:6379';
  if (url.search !== '' || url.hash !== '') return 'must not carry a query or a fragment';
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d{1,5}$/.test(db)) return `must end with a database number such as /0 (got "/${db}")`;
  return undefined;
}

/** The URL as a log may show it: the password (and a user name) replaced by `***`. */
export function redactRedisUrl(raw: string): string {
  const url = URL.parse(raw);
  if (url === null) return '(unparsable REDIS_URL)';
  if (url.username !== '') url.username = '***';
  if (url.password !== '') url.password = '***';
  return url.toString();
}

export interface RedisConnectionOptions {
  /** names the tenant in the connection's client name and in log lines (`jobs`, `oauth`, `rate-limit`) */
  role: string;
  /**
   * BullMQ's workers block on the connection and need `maxRetriesPerRequest: null`; everything
   * else wants a command to fail after a few retries rather than wait forever for a lost server.
   */
  blocking?: boolean;
  /** called once per distinct error message, with the message only (never the URL) */
  onError?: (message: string) => void;
}

/** A new connection to REDIS_URL. The caller closes it (quit()) when the service stops. */
export function openRedis(url: string, { role, blocking = false, onError }: RedisConnectionOptions): Redis {
  const options: RedisOptions = {
    connectionName: `sample-utility-service:${role}`,
    lazyConnect: false,
    enableOfflineQueue: true,
    maxRetriesPerRequest: blocking ? null : 3,
    // Reconnect with a growing pause, capped at 2 s: a restarted server is found again.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  };
  const redis = new Redis(url, options);
  let last = '';
  redis.on('error', (err: Error) => {
    // ioredis repeats a refused connection every retry; one line per distinct message.
    if (err.message === last) return;
    last = err.message;
    onError?.(err.message);
  });
  redis.on('ready', () => {
    last = '';
  });
  return redis;
}

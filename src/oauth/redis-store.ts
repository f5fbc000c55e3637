// The OAuth server's KeyValueStore on Redis or Valkey (REDIS_URL): interactions, sessions, grants,
// codes and refresh tokens are seen by every replica, so a sign-in that starts on one replica and
// ends on another works, and a code made on one is redeemed on another. Each entry carries its own
// time to live in Redis (no sweep needed).
import type { Redis } from 'ioredis';
import type { KeyValueStore } from './store.ts';
import { openRedis } from '../redis/connection.ts';

// KEYS: the set; ARGV: member, ttl in ms ('' for none). The set lives at least the longest TTL
// of its members, as the memory store keeps it; a member without TTL makes it live until deleted.
const ADD_TO_SET = `
local existed = redis.call('EXISTS', KEYS[1])
redis.call('SADD', KEYS[1], ARGV[1])
if ARGV[2] == '' then
  redis.call('PERSIST', KEYS[1])
  return 1
end
local ttl = tonumber(ARGV[2])
local current = redis.call('PTTL', KEYS[1])
if existed == 0 or (current >= 0 and current < ttl) then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1`;

/** The store over `redis` (openRedis, role 'oauth'), every key under `prefix`; close() closes the connection. */
export function redisKeyValueStore(redis: Redis, prefix: string): KeyValueStore {
  const r = redis as Redis & { oauthAddToSet(key: string, member: string, ttlMs: string): Promise<number> };
  if (!('oauthAddToSet' in r)) redis.defineCommand('oauthAddToSet', { numberOfKeys: 1, lua: ADD_TO_SET });
  const k = (key: string) => `${prefix}${key}`;
  return {
    async get(key) {
      return (await redis.get(k(key))) ?? undefined;
    },
    async set(key, value, ttl) {
      if (ttl === undefined) await redis.set(k(key), value);
      else await redis.set(k(key), value, 'PX', Math.max(1, Math.round(ttl * 1000)));
    },
    async del(key) {
      await redis.del(k(key));
    },
    async addToSet(key, member, ttl) {
      await r.oauthAddToSet(k(key), member, ttl === undefined ? '' : String(Math.max(1, Math.round(ttl * 1000))));
    },
    async members(key) {
      return redis.smembers(k(key));
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

/** The store on a connection of its own to `url` (role 'oauth'), closed with the store. */
export function openRedisKeyValueStore(url: string, prefix: string, onError: (message: string) => void): KeyValueStore {
  return redisKeyValueStore(openRedis(url, { role: 'oauth', onError }), prefix);
}

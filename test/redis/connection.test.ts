import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { openRedis, redactRedisUrl, redisUrlProblem } from '../../src/redis/connection.ts';
import { redisTest, uniquePrefix } from '../helpers/redis.ts';

test('redisUrlProblem: which REDIS_URL values are refused', () => {
  const cases: [string, boolean][] = [
    ['redis://localhost:6379', true],
    ['redis://127.0.0.1:6390/2', true],
    ['rediss://user:pw@cache.example.org:6380/0', true],
    ['redis://:secret@localhost', true],
    ['http://localhost:6379', false],
    ['localhost:6379', false],
    ['redis://', false],
    ['redis://localhost:6379/db', false],
    ['redis://localhost:6379/0?timeout=1', false],
    ['redis://localhost:6379#x', false],
  ];
  for (const [url, ok] of cases) assert.equal(redisUrlProblem(url) === undefined, ok, url);
});

test('redactRedisUrl: no password or user name in what a log shows', () => {
  const cases: [string, string][] = [
    ['redis://:hunter2@localhost:6379/0', 'redis://:***@localhost:6379/0'],
    ['rediss://admin:hunter2@cache.example.org:6380', 'rediss://***:***@cache.example.org:6380'],
    ['redis://localhost:6379', 'redis://localhost:6379'],
  ];
  for (const [url, shown] of cases) {
    assert.equal(redactRedisUrl(url), shown);
    assert.ok(!redactRedisUrl(url).includes('hunter2'));
  }
});

test('config: REDIS_URL is optional, checked once, and a bad one names the variable', () => {
  assert.equal(loadConfig({}).redisUrl, undefined);
  assert.equal(loadConfig({ REDIS_URL: 'redis://localhost:6379' }).redisUrl, 'redis://localhost:6379');
  assert.throws(() => loadConfig({ REDIS_URL: 'localhost:6379' }), /^ConfigError: REDIS_URL must be a redis:\/\//);
});

redisTest('openRedis: a connection that sets, reads and expires a key, then closes', async (_t, url) => {
  const redis = openRedis(url, { role: 'test' });
  try {
    const key = `${uniquePrefix('connection')}k`;
    await redis.set(key, 'v', 'PX', 5000);
    assert.equal(await redis.get(key), 'v');
    assert.ok((await redis.pttl(key)) > 0);
    const name = await redis.client('GETNAME');
    assert.equal(name, 'sample-utility-service:test');
    await redis.del(key);
  } finally {
    await redis.quit();
  }
});

test('openRedis: an unreachable server is told once per distinct message, never with the URL', async () => {
  const errors: string[] = [];
  const redis = openRedis('redis://:hunter2@127.0.0.1:1', { role: 'test', onError: (m) => errors.push(m) });
  try {
    await assert.rejects(redis.ping());
    assert.ok(errors.length >= 1);
    assert.equal(new Set(errors).size, errors.length);
    for (const m of errors) assert.ok(!m.includes('hunter2'), m);
  } finally {
    redis.disconnect();
  }
});

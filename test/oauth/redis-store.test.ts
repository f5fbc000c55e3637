// The OAuth server's KeyValueStore on Redis (REDIS_URL): the memory store's behaviour, checked
// against a real server (times to live read back with PTTL rather than waited out), and
// oidc-provider's adapter contract over it, seen from a second connection as another replica sees it.
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { adapterFactory } from '../../src/oauth/store.ts';
import { openRedisKeyValueStore } from '../../src/oauth/redis-store.ts';
import { redisTest, uniquePrefix } from '../helpers/redis.ts';

const quiet = () => {};

redisTest('redisKeyValueStore: values, times to live and sets, as the memory store keeps them', async (t, url) => {
  const prefix = uniquePrefix('oauth-store');
  const store = openRedisKeyValueStore(url, prefix, quiet);
  const raw = new Redis(url);
  t.after(async () => {
    const keys = await raw.keys(`${prefix}*`);
    if (keys.length > 0) await raw.del(...keys);
    raw.disconnect();
    await store.close();
  });
  await store.set('a', '1', 10);
  await store.set('b', '2', undefined);
  assert.equal(await store.get('a'), '1');
  assert.equal(await store.get('b'), '2');
  assert.equal(await store.get('missing'), undefined);
  const ttlA = await raw.pttl(`${prefix}a`);
  assert.ok(ttlA > 9000 && ttlA <= 10_000, `a lives its 10 s: ${ttlA}`);
  assert.equal(await raw.pttl(`${prefix}b`), -1, 'without a TTL it stays');
  await store.del('b');
  assert.equal(await store.get('b'), undefined);

  const cases: { name: string; adds: [string, number | undefined][]; ttl: (ms: number) => boolean }[] = [
    { name: 'one member: its TTL', adds: [['x', 5]], ttl: (ms) => ms > 4000 && ms <= 5000 },
    {
      name: 'the longest TTL of its members, not the last',
      adds: [
        ['x', 5],
        ['y', 20],
        ['x', 1],
      ],
      ttl: (ms) => ms > 19_000 && ms <= 20_000,
    },
    {
      name: 'a member without TTL: until deleted',
      adds: [
        ['x', 5],
        ['y', undefined],
        ['z', 1],
      ],
      ttl: (ms) => ms === -1,
    },
  ];
  for (const [i, c] of cases.entries()) {
    for (const [m, ttl] of c.adds) await store.addToSet(`s${i}`, m, ttl);
    const ms = await raw.pttl(`${prefix}s${i}`);
    assert.ok(c.ttl(ms), `${c.name}: ${ms}`);
    assert.deepEqual((await store.members(`s${i}`)).sort(), [...new Set(c.adds.map(([m]) => m))].sort(), c.name);
  }
  await raw.pexpire(`${prefix}a`, 1);
  await raw.pexpire(`${prefix}s0`, 1);
  const deadline = Date.now() + 5000;
  while ((await raw.exists(`${prefix}a`, `${prefix}s0`)) > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 10));
  assert.equal(await store.get('a'), undefined, 'gone once expired');
  assert.deepEqual(await store.members('s0'), []);
});

redisTest('the adapter over Redis: what one replica writes, another finds, consumes and revokes', async (t, url) => {
  const prefix = uniquePrefix('oauth-adapter');
  const one = openRedisKeyValueStore(url, prefix, quiet);
  const two = openRedisKeyValueStore(url, prefix, quiet);
  t.after(async () => {
    const raw = new Redis(url);
    const keys = await raw.keys(`${prefix}*`);
    if (keys.length > 0) await raw.del(...keys);
    raw.disconnect();
    await one.close();
    await two.close();
  });
  const a = adapterFactory(one);
  const b = adapterFactory(two);
  await a('AuthorizationCode').upsert('c1', { grantId: 'g1', exp: Math.floor(Date.now() / 1000) + 60 }, 60);
  assert.equal((await b('AuthorizationCode').find('c1'))?.grantId, 'g1');
  await b('AuthorizationCode').consume('c1');
  assert.equal(
    typeof (await a('AuthorizationCode').find('c1'))?.consumed,
    'number',
    'a code consumed on one replica is consumed on all',
  );
  await a('Session').upsert('s1', { uid: 'uid-1' }, 60);
  assert.equal((await b('Session').findByUid('uid-1'))?.uid, 'uid-1');
  await a('RefreshToken').upsert('r1', { grantId: 'g1' }, 600);
  await a('RefreshToken').upsert('r2', { grantId: 'g2' }, 600);
  await b('RefreshToken').revokeByGrantId('g1');
  assert.equal(await a('AuthorizationCode').find('c1'), undefined);
  assert.equal(await a('RefreshToken').find('r1'), undefined);
  assert.equal((await a('RefreshToken').find('r2'))?.grantId, 'g2');
  await a('Session').destroy('s1');
  assert.equal(await b('Session').find('s1'), undefined);
});

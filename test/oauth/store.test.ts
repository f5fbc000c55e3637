// The OAuth server's memory: the key-value store (expiry on a clock the test moves) and
// oidc-provider's adapter contract over it (find, consume, uid and user-code look-ups, grant revocation).
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { adapterFactory, memoryStore } from '../../src/oauth/store.ts';
import { settableClock } from '../helpers/app.ts';

describe('memoryStore', () => {
  const clock = settableClock(1_000_000);
  const store = memoryStore(clock.now);
  after(() => store.close());

  test('a value lives its TTL and no longer; without a TTL it stays', async () => {
    await store.set('a', '1', 10);
    await store.set('b', '2', undefined);
    assert.equal(await store.get('a'), '1');
    clock.advance(9_999);
    assert.equal(await store.get('a'), '1');
    clock.advance(1);
    assert.equal(await store.get('a'), undefined);
    assert.equal(await store.get('b'), '2');
    await store.del('b');
    assert.equal(await store.get('b'), undefined);
  });

  test('a set keeps the longest TTL of its members', async () => {
    await store.addToSet('s', 'x', 5);
    await store.addToSet('s', 'y', 20);
    await store.addToSet('s', 'x', 1);
    clock.advance(10_000);
    assert.deepEqual((await store.members('s')).sort(), ['x', 'y']);
    clock.advance(10_000);
    assert.deepEqual(await store.members('s'), []);
  });
});

describe('adapterFactory', () => {
  const store = memoryStore();
  const adapter = adapterFactory(store);
  after(() => store.close());

  test('upsert then find; consume marks the entry; destroy removes it', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', exp: Math.floor(Date.now() / 1000) + 60 }, 60);
    assert.equal((await codes.find('c1'))?.grantId, 'g1');
    assert.equal((await codes.find('c1'))?.consumed, undefined);
    await codes.consume('c1');
    assert.equal(typeof (await codes.find('c1'))?.consumed, 'number');
    await codes.destroy('c1');
    assert.equal(await codes.find('c1'), undefined);
    await codes.consume('c1'); // gone: nothing to mark, no throw
  });

  test('the same id under two models are two entries', async () => {
    await adapter('Session').upsert('same', { uid: 'u1' }, 60);
    await adapter('Interaction').upsert('same', { kind: 'Interaction' }, 60);
    assert.equal((await adapter('Session').find('same'))?.uid, 'u1');
    assert.equal((await adapter('Interaction').find('same'))?.kind, 'Interaction');
  });

  test('a session is found by its uid, a device code by its user code', async () => {
    await adapter('Session').upsert('s2', { uid: 'uid-2' }, 60);
    assert.equal((await adapter('Session').findByUid('uid-2'))?.uid, 'uid-2');
    assert.equal(await adapter('Session').findByUid('nope'), undefined);
    await adapter('DeviceCode').upsert('d1', { userCode: 'ABCD' }, 60);
    assert.equal((await adapter('DeviceCode').findByUserCode('ABCD'))?.userCode, 'ABCD');
    assert.equal(await adapter('DeviceCode').findByUserCode('ZZZZ'), undefined);
  });

  test("revoking a grant removes its codes and refresh tokens, not another grant's", async () => {
    await adapter('AuthorizationCode').upsert('c2', { grantId: 'g2' }, 60);
    await adapter('RefreshToken').upsert('r2', { grantId: 'g2' }, 600);
    await adapter('RefreshToken').upsert('r3', { grantId: 'g3' }, 600);
    await adapter('RefreshToken').revokeByGrantId('g2');
    assert.equal(await adapter('AuthorizationCode').find('c2'), undefined);
    assert.equal(await adapter('RefreshToken').find('r2'), undefined);
    assert.equal((await adapter('RefreshToken').find('r3'))?.grantId, 'g3');
  });
});

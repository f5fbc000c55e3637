// GET /apis/users(.php): its envelope, filters, bounds and 4xx.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, assertClientError } from '../helpers/app.ts';
import { USERS } from '../../src/data/index.ts';

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string) => app.inject({ url });

describe('GET /apis/users', () => {
  test('without id: the list envelope of 10 users', async () => {
    for (const url of ['/apis/users', '/apis/users.php']) {
      const res = await get(url);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body), ['success', 'count', 'data']);
      assert.equal(body.success, true);
      assert.equal(body.count, 10);
      assert.equal(body.data.length, 10);
      assert.deepEqual(
        body.data.map((u: { id: number }) => u.id),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      );
      for (const u of body.data) {
        assert.deepEqual(Object.keys(u), ['id', 'name', 'email', 'role', 'city', 'joined']);
        assert.ok(['Admin', 'Manager', 'User'].includes(u.role), u.role);
        assert.match(u.email, /^[^@\s]+@[^@\s]+\.[a-z]+$/);
        assert.match(u.joined, /^\d{4}-\d{2}-\d{2}$/);
        assert.equal(new Date(`${u.joined}T00:00:00Z`).toISOString().slice(0, 10), u.joined);
        assert.ok(u.name.length > 0 && u.city.length > 0);
      }
    }
  });

  for (const id of [1, 5, 10]) {
    test(`id=${id}: {success:true, data:user}`, async () => {
      const res = await get(`/apis/users?id=${id}`);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { success: true, data: USERS[id - 1] });
    });
  }

  test('id with leading zeros is the same user', async () => {
    assert.deepEqual((await get('/apis/users.php?id=03')).json(), { success: true, data: USERS[2] });
  });

  for (const id of ['0', '11', '-1', '999999', '99999999999999999999']) {
    test(`id=${id}: 404 User not found.`, async () => {
      assert.deepEqual(assertClientError(await get(`/apis/users?id=${id}`), 404), {
        success: false,
        error: 'User not found.',
      });
    });
  }

  for (const id of ['x', '1.5', '', '1e1', 'true', '%FF']) {
    test(`id=${id}: 400 naming id`, async () => {
      const body = assertClientError(await get(`/apis/users?id=${id}`), 400);
      assert.match(String(body.error), /'id'/);
    });
  }
});

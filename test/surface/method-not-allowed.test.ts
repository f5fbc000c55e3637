// The one 405 mechanism across the app: the paths that were missed before it (the API documents,
// the docs page, /healthz's .php twin). Its pure parts are tested in test/http/method-not-allowed.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/app.ts';

describe('405 with Allow on the paths outside the interface', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  const cases: [string, string, string][] = [
    ['POST', '/openapi.json', 'GET, HEAD'],
    ['DELETE', '/swagger.json', 'GET, HEAD'],
    ['POST', '/docs', 'GET, HEAD'],
    ['PUT', '/docs/static/index.html', 'GET, HEAD'],
    ['POST', '/healthz.php', 'GET, HEAD'],
    ['PATCH', '/apis/search-index-definition.php', 'GET, HEAD'],
  ];
  for (const [method, url, allow] of cases) {
    test(`${method} ${url}`, async () => {
      const res = await app.inject({ method: method as 'POST', url });
      assert.equal(res.statusCode, 405, res.body);
      assert.equal(res.headers.allow, allow);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.deepEqual(res.json(), { success: false, error: 'Method Not Allowed. Use GET.' });
    });
  }

  test('the deletion path answers 405 in its own envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/apis/delete-indexed-document' });
    assert.equal(res.statusCode, 405);
    assert.equal(res.headers.allow, 'POST');
    assert.deepEqual(res.json(), { success: false, message: 'Method Not Allowed. Use POST.' });
  });

  test('GET /healthz.php is served like /healthz', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz.php' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  test('an unknown path is still 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/nope' });
    assert.equal(res.statusCode, 404);
  });
});

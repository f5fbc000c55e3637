// Liveness and readiness: /healthz says the process serves; /readyz says it
// takes new work, and turns 503 once draining for shutdown begins.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/app.ts';
import { createReadiness, type Readiness } from '../../src/http/readiness.ts';

test('createReadiness: ready until beginDraining, then draining for good', () => {
  const r = createReadiness();
  assert.equal(r.state(), 'ready');
  r.beginDraining();
  assert.equal(r.state(), 'draining');
  r.beginDraining();
  assert.equal(r.state(), 'draining');
});

describe('GET /readyz follows the app state', () => {
  let app: FastifyInstance;
  let readiness: Readiness;
  before(async () => {
    readiness = createReadiness();
    app = await buildTestApp({ readiness });
  });
  after(() => app.close());

  test('ready: 200 {"status":"ready"} with CORS; /healthz 200', async () => {
    const res = await app.inject({ url: '/readyz', headers: { origin: 'https://app.example' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, '{"status":"ready"}');
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
  });

  test('draining: 503 {"status":"draining"} with CORS, HEAD 503 too; /healthz stays 200 and requests are still served', async () => {
    readiness.beginDraining();
    const res = await app.inject({ url: '/readyz', headers: { origin: 'https://app.example' } });
    assert.equal(res.statusCode, 503);
    assert.equal(res.body, '{"status":"draining"}');
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    const head = await app.inject({ method: 'HEAD', url: '/readyz' });
    assert.equal(head.statusCode, 503);
    assert.equal(head.body, '');
    assert.equal((await app.inject({ url: '/healthz' })).body, '{"status":"ok"}');
    assert.equal((await app.inject({ url: '/apis/add-url?input1=1&input2=2' })).statusCode, 200);
  });
});

test('an app built without a readiness state of its own is ready', async () => {
  const app = await buildTestApp();
  try {
    const res = await app.inject({ url: '/readyz' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ready' });
  } finally {
    await app.close();
  }
});

describe('/healthz and /readyz: other methods are 405 with Allow and CORS', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());
  for (const url of ['/healthz', '/readyz']) {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      test(`${method} ${url}`, async () => {
        const res = await app.inject({ method, url, headers: { origin: 'https://app.example' } });
        assert.equal(res.statusCode, 405);
        assert.equal(res.headers.allow, 'GET, HEAD');
        assert.equal(res.headers['access-control-allow-origin'], '*');
        assert.deepEqual(res.json(), { success: false, error: 'Method Not Allowed. Use GET.' });
      });
    }
  }
});

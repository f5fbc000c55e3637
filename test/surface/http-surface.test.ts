// What every endpoint shares: both path forms, 405 with Allow, HEAD, 404 for
// unknown paths, CORS on every answer, and the preflight before any auth.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { REQUEST_HEADERS } from '../../src/http/interface-headers.ts';
import { startSurfaceApp, ENDPOINTS, validRequest, assertClientError, type RequestContext } from '../helpers/app.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const csv = (v: string | string[] | number | undefined) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

let app: FastifyInstance;
let ctx: RequestContext;
let close: () => Promise<void>;
before(async () => {
  ({ app, ctx, close } = await startSurfaceApp());
});
after(() => close());

describe('both path forms answer every endpoint', () => {
  for (const ep of ENDPOINTS) {
    test(`${ep.method} ${ep.path} and ${ep.alias}`, async () => {
      const a = await app.inject(validRequest(ep, ctx, ep.path));
      const b = await app.inject(validRequest(ep, ctx, ep.alias));
      assert.equal(a.statusCode, 200, a.body);
      assert.equal(b.statusCode, 200, b.body);
      assert.match(String(a.headers['content-type']), /^application\/json/);
      const strip = (body: Record<string, unknown>) => {
        // survey and token answers are fresh each time; compare their shape
        if (ep.name === 'survey') return Object.keys(body);
        if (ep.name === 'add-token') return { ...body, token: typeof body.token };
        return body;
      };
      assert.deepEqual(strip(a.json()), strip(b.json()));
    });
  }

  test('a trailing slash is the same route', async () => {
    assert.equal((await app.inject({ url: '/apis/add-url/?input1=1&input2=2' })).json().result, 3);
  });

  test('GET /healthz: 200 {"status":"ok"}', async () => {
    const res = await app.inject({ url: '/healthz' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, '{"status":"ok"}');
  });

  test('/healthz: other methods are 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/healthz' });
      assert.equal(res.statusCode, 405, method);
      assert.equal(res.headers.allow, 'GET, HEAD');
      assert.deepEqual(res.json(), { success: false, error: 'Method Not Allowed. Use GET.' });
    }
  });
});

describe('405 with Allow on every endpoint, every other method, both forms, before auth', () => {
  for (const ep of ENDPOINTS) {
    const allow = ep.method === 'GET' ? ['get', 'head'] : ['post'];
    const others = [...METHODS.filter((m) => m !== ep.method), ...(ep.method === 'POST' ? (['HEAD'] as const) : [])];
    test(`${ep.path}: ${others.join(', ')}`, async () => {
      for (const url of [ep.path, ep.alias]) {
        for (const method of others) {
          const res = await app.inject({ method, url });
          assert.equal(res.statusCode, 405, `${method} ${url}: ${res.body}`);
          assert.deepEqual(csv(res.headers.allow), allow, `${method} ${url}`);
          assert.equal(res.headers['access-control-allow-origin'], '*');
          if (method !== 'HEAD') {
            assert.deepEqual(assertClientError(res, 405, ep.field), {
              success: false,
              [ep.field]: `Method Not Allowed. Use ${ep.method}.`,
            });
          }
        }
      }
    });
  }

  test('HEAD on a GET endpoint is answered like GET, without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/apis/users' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, '');
  });
});

describe('unknown paths: 404 in the error envelope', () => {
  // (`/` is the landing page: test/routes/landing.test.ts)
  const paths = [
    '/index.html',
    '/apis',
    '/apis/',
    '/apis/unknown',
    '/apis/add-url.php.php',
    '/apis/add-url.html',
    '/APIS/ADD-URL',
    '/survey_api.php/x',
    '/apis/users/1',
    '/.env',
    '/apis/chunk-and-perform-embedding.phpx',
  ];
  for (const url of paths) {
    test(url, async () => {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url });
        const body = assertClientError(res, 404);
        assert.match(String(body.error), /not found/i);
        assert.equal(res.headers['access-control-allow-origin'], '*');
      }
    });
  }
});

describe('CORS', () => {
  for (const ep of ENDPOINTS) {
    test(`${ep.name}: Access-Control-Allow-Origin * on success, no credentials`, async () => {
      const res = await app.inject({
        ...validRequest(ep, ctx),
        headers: { ...(validRequest(ep, ctx).headers ?? {}), origin: 'https://app.example' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.equal(res.headers['access-control-allow-credentials'], undefined);
      const exposed = csv(res.headers['access-control-expose-headers']);
      assert.ok(
        exposed.includes('x-total-chunks') && exposed.includes('x-embedding-performed'),
        String(res.headers['access-control-expose-headers']),
      );
    });
  }

  const errors: [string, InjectOptions, number][] = [
    ['401', { url: '/apis/add-apikey?input1=1&input2=2' }, 401],
    ['401 survey', { method: 'POST', url: '/survey_api.php' }, 401],
    ['404', { url: '/nowhere' }, 404],
    ['405', { method: 'DELETE', url: '/apis/users' }, 405],
    ['400', { url: '/apis/add-url?input1=x&input2=1' }, 400],
    ['400 currency', { url: '/apis/currency?from=XYZ' }, 400],
    ['404 user', { url: '/apis/users?id=11' }, 404],
    ['415', { method: 'POST', url: '/apis/add-body', headers: { 'content-type': 'text/plain' }, payload: 'x' }, 415],
    [
      '413',
      {
        method: 'POST',
        url: '/apis/add-body',
        headers: { 'content-type': 'application/json' },
        payload: `"${'x'.repeat(1_100_000)}"`,
      },
      413,
    ],
  ];
  for (const [name, req, status] of errors) {
    test(`Access-Control-Allow-Origin * on a ${name}`, async () => {
      const res = await app.inject({ ...req, headers: { ...(req.headers ?? {}), origin: 'https://app.example' } });
      assert.equal(res.statusCode, status, res.body);
      assert.equal(res.headers['access-control-allow-origin'], '*');
    });
  }

  describe('preflight', () => {
    const requested = REQUEST_HEADERS.map((h) => h.toLowerCase()).join(',');
    for (const ep of ENDPOINTS) {
      for (const url of [ep.path, ep.alias]) {
        test(`OPTIONS ${url}: 204 before auth, every interface header allowed`, async () => {
          const res = await app.inject({
            method: 'OPTIONS',
            url,
            headers: {
              origin: 'https://app.example',
              'access-control-request-method': ep.method,
              'access-control-request-headers': requested,
            },
          });
          assert.equal(res.statusCode, 204, res.body);
          assert.equal(res.body, '');
          assert.equal(res.headers['access-control-allow-origin'], '*');
          const allowed = csv(res.headers['access-control-allow-headers']);
          for (const h of REQUEST_HEADERS) assert.ok(allowed.includes(h.toLowerCase()), `${h} allowed`);
          assert.ok(csv(res.headers['access-control-allow-methods']).includes(ep.method.toLowerCase()));
          assert.equal(res.headers['access-control-allow-credentials'], undefined);
        });
      }
    }
  });
});

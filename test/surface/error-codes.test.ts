// Every error answer names its catalogue code in X-Error-Code (and in the log line beside the
// reason), one answer per family: schema validation, auth, unknown path, wrong method, body too
// large, wrong media type, a document the worker refuses, the admission bound.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, LAB, testConfig } from '../helpers/app.ts';
import { buildApp } from '../../src/app.ts';
import { makePdf, textPages } from '../documents/helpers/make-pdf.ts';
import { CATALOGUE } from '../../src/errors.ts';
import type { ChunkPool } from '../../src/documents/pool.ts';

const DOC_HEADERS = {
  'api-key': LAB.DOCUMENT_API_KEY,
  sourceName: 'd.pdf',
  'tenant-id': '7',
  'document-id': '42',
  'content-type': 'application/pdf',
};

describe('X-Error-Code on error answers', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];
  before(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logLines.push(String(chunk));
        cb();
      },
    });
    app = await buildTestApp({ docs: 'none', logger: { level: 'info', stream } });
  });
  after(() => app.close());

  const cases: [string, InjectOptions, number, string][] = [
    [
      '400 schema validation',
      { method: 'GET', url: '/apis/add-url?input1=x&input2=2' },
      400,
      'invalid_integer_parameter',
    ],
    ['400 a missing query parameter', { method: 'GET', url: '/apis/add-url?input1=1' }, 400, 'missing_parameter'],
    ['400 a handler check', { method: 'GET', url: '/apis/currency?from=XYZ' }, 400, 'currency_not_supported'],
    ['401', { method: 'GET', url: '/apis/add-apikey?input1=1&input2=2' }, 401, 'unauthorized_api_key'],
    ['404', { method: 'GET', url: '/apis/nothing-here' }, 404, 'route_not_found'],
    ['405', { method: 'DELETE', url: '/apis/add-url' }, 405, 'method_not_allowed'],
    [
      '413',
      {
        method: 'POST',
        url: '/apis/add-body',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ input1: 'x'.repeat(2 * 2 ** 20), input2: 1 }),
      },
      413,
      'body_too_large',
    ],
    [
      '415',
      { method: 'POST', url: '/apis/add-body', headers: { 'content-type': 'text/plain' }, payload: '1+1' },
      415,
      'json_body_expected',
    ],
    [
      '400 invalid JSON',
      {
        method: 'POST',
        url: '/apis/add-body',
        headers: { 'content-type': 'application/json' },
        payload: '{"input1": ',
      },
      400,
      'invalid_json',
    ],
    [
      '422 a document the worker refuses',
      {
        method: 'POST',
        url: '/apis/chunk-and-perform-embedding.php',
        headers: DOC_HEADERS,
        payload: Buffer.from(makePdf({ pages: textPages(['Secret text.']), encrypt: true })),
      },
      422,
      'document_encrypted',
    ],
    [
      '415 a document in no accepted format',
      {
        method: 'POST',
        url: '/apis/chunk-and-perform-embedding.php',
        headers: DOC_HEADERS,
        payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      },
      415,
      'document_unsupported',
    ],
  ];
  for (const [name, request, status, code] of cases) {
    test(`${name}: ${code}`, async () => {
      const res = await app.inject(request);
      assert.equal(res.statusCode, status, res.body);
      assert.equal(res.headers['x-error-code'], code);
      assert.equal(CATALOGUE[code as keyof typeof CATALOGUE].status, status);
      const body = res.json<{ success: boolean; error: string }>();
      assert.equal(body.success, false);
      assert.ok(
        logLines.some(
          (l) =>
            l.includes('"request refused"') && l.includes(`"code":"${code}"`) && l.includes(`"statusCode":${status}`),
        ),
        `log line for ${code}`,
      );
    });
  }

  test('the deletion envelope ({success:false, message}) carries the code too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/apis/delete-indexed-document.php',
      headers: { 'api-key': 'wrong' },
    });
    assert.equal(res.statusCode, 401);
    assert.equal(res.headers['x-error-code'], 'unauthorized_document_api_key');
    assert.deepEqual(res.json(), { success: false, message: 'Unauthorized. Invalid or missing api-key header.' });
  });

  test('a browser may read it: X-Error-Code is in Access-Control-Expose-Headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/apis/nothing-here' });
    assert.match(String(res.headers['access-control-expose-headers']), /(?:^|, )X-Error-Code(?:,|$)/);
  });

  test('a path the router refuses (bad percent-encoding) has a code', async () => {
    const res = await app.inject({ method: 'GET', url: '/apis/%FF' });
    assert.ok(res.statusCode >= 400 && res.statusCode < 500);
    assert.ok(Object.hasOwn(CATALOGUE, String(res.headers['x-error-code'])), String(res.headers['x-error-code']));
    assert.match(String(res.headers['access-control-expose-headers']), /(?:^|, )X-Error-Code(?:,|$)/);
  });

  test('a success carries no X-Error-Code', async () => {
    const res = await app.inject({ method: 'GET', url: '/apis/add-url?input1=1&input2=2' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-error-code'], undefined);
  });
});

describe('X-Error-Code on the admission 503', () => {
  let app: FastifyInstance;
  const finish: (() => void)[] = [];
  const held: ChunkPool = {
    payload: () =>
      new Promise((resolve) => finish.push(() => resolve({ json: Buffer.from('[]'), batches: [], count: 0 } as never))),
    chunk: () => Promise.reject(new Error('not used')),
    warm: async () => {},
    close: async () => {},
  };
  before(async () => {
    app = await buildTestApp({
      docs: 'none',
      chunkPool: held,
      env: { MAX_DOCUMENTS_IN_FLIGHT: '1', MAX_DOCUMENTS_QUEUED: '0' },
    });
  });
  after(() => app.close());

  test('a document past the bound: 503 service_busy with Retry-After; /readyz says not_ready', async () => {
    const upload = () =>
      app.inject({
        method: 'POST',
        url: '/apis/chunk-and-perform-embedding.php',
        headers: { ...DOC_HEADERS, 'content-type': 'text/plain' },
        payload: 'hello',
      });
    const first = upload();
    for (let i = 0; i < 200 && finish.length === 0; i++) await new Promise((r) => setImmediate(r));
    assert.equal(finish.length, 1, 'the first upload holds the only slot');
    const refused = await upload();
    assert.equal(refused.statusCode, 503, refused.body);
    assert.equal(refused.headers['x-error-code'], 'service_busy');
    assert.ok(refused.headers['retry-after']);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.headers['x-error-code'], 'not_ready');
    finish[0]!();
    await first;
  });
});

describe('X-Error-Code on what no catalogue error covers', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildApp(testConfig(), { logger: false, docs: 'none' });
    // Routes of this test only: a bug (a plain Error) and a framework-style client error no code names.
    app.get('/test/boom', async () => {
      throw new Error('a bug at /work/main/src/x.ts:1');
    });
    app.get('/test/teapot', async () => {
      throw Object.assign(new Error('I am a teapot\nsecond line'), { statusCode: 418 });
    });
    await app.ready();
  });
  after(() => app.close());

  test('an unexpected error: 500 internal, no detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/boom' });
    assert.equal(res.statusCode, 500);
    assert.equal(res.headers['x-error-code'], 'internal');
    assert.deepEqual(res.json(), { success: false, error: 'Internal server error.' });
  });

  test("another client error of the framework: its own status, bad_request, its message's first line", async () => {
    const res = await app.inject({ method: 'GET', url: '/test/teapot' });
    assert.equal(res.statusCode, 418);
    assert.equal(res.headers['x-error-code'], 'bad_request');
    assert.deepEqual(res.json(), { success: false, error: 'I am a teapot' });
  });
});

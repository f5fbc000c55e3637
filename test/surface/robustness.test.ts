// Bad input never gets a 500: malformed bodies, huge bodies, broken
// percent-encoding, overlong values, odd headers. Every answer is a 4xx JSON
// envelope without a stack or an internal path, and the app keeps serving.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  startSurfaceApp,
  ENDPOINTS,
  validRequest,
  assertClientError,
  assertNoLeak,
  surveyHeaders,
  LAB,
  documentForm,
  chunkingHeaders,
  type RequestContext,
} from '../helpers/app.ts';

const TEN_MB = 10 * 1024 * 1024;

let app: FastifyInstance;
let ctx: RequestContext;
let close: () => Promise<void>;
before(async () => {
  ({ app, ctx, close } = await startSurfaceApp());
});
after(() => close());

async function stillServes() {
  const res = await app.inject({ url: '/apis/add-url?input1=2&input2=3' });
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().result, 5);
}

/** A 200 is fine where the odd part is ignored; anything else is a clean 4xx. */
function neverServerError(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  label: string,
  field: 'error' | 'message' = 'error',
) {
  assert.ok(res.statusCode < 500, `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  assertNoLeak(res.body);
  if (res.statusCode >= 400 && res.body !== '') assertClientError(res, undefined, field);
}

describe('POST bodies', () => {
  const posts = ENDPOINTS.filter((e) => e.method === 'POST');
  // The chunking endpoint reads any non-multipart body as the document itself (detected by
  // content), so a broken JSON text is a document there: a 200 or a clean 4xx, never a 5xx.
  const takesDocument = (ep: { name: string }) => ep.name === 'chunking';
  // Bodies that are not JSON at all: a 400 on every other POST endpoint, whatever it does with a body.
  const malformed: [string, string][] = [
    ['malformed JSON', '{"input1": 1,,}'],
    ['truncated JSON', '{"api_key": "'],
    ['a lone brace', '{'],
  ];
  for (const ep of posts) {
    for (const [name, payload] of malformed) {
      test(`${ep.name}: ${name} is a 400`, async () => {
        const base = validRequest(ep, ctx);
        const res = await app.inject({
          ...base,
          headers: { ...(base.headers ?? {}), 'content-type': 'application/json' },
          payload,
        });
        if (takesDocument(ep)) neverServerError(res, `${ep.name} ${name}`, ep.field);
        else assertClientError(res, 400, ep.field);
      });
    }
  }

  // Odd but well-formed bodies: ignored (200) or a clean 4xx, never a 5xx.
  const bodies: [string, string, string][] = [
    ['deep nesting', 'application/json', `${'['.repeat(20000)}${']'.repeat(20000)}`],
    ['invalid UTF-8 bytes', 'application/json', '{"input1": "\udcff", "input2": 1}'],
    ['a BOM then JSON', 'application/json', '\ufeff{"input1":1,"input2":2}'],
    ['a constructor key', 'application/json', '{"constructor":{"prototype":{"x":1}},"input1":1,"input2":2}'],
    ['an unknown charset', 'application/json; charset=klingon', '{"input1":1,"input2":2}'],
    ['form encoding', 'application/x-www-form-urlencoded', 'input1=1&input2=2'],
    ['XML', 'application/xml', '<a/>'],
    ['a bare type', 'json', '{}'],
  ];
  for (const ep of posts) {
    for (const [name, type, payload] of bodies) {
      test(`${ep.name}: ${name}`, async () => {
        const base = validRequest(ep, ctx);
        const res = await app.inject({ ...base, headers: { ...(base.headers ?? {}), 'content-type': type }, payload });
        neverServerError(res, `${ep.name} ${name}`, ep.field);
      });
    }
    // Chunking takes documents up to MAX_PDF_BYTES (50 MiB by default): its body limit is tested
    // in test/routes/chunking.test.ts; 60 MB stands for "over the limit" here.
    const big = takesDocument(ep) ? 6 * TEN_MB : TEN_MB;
    test(`${ep.name}: a body over its limit is a 413`, async () => {
      const base = validRequest(ep, ctx);
      const res = await app.inject({
        ...base,
        headers: { ...(base.headers ?? {}), 'content-type': 'application/json' },
        payload: `{"pad":"${'x'.repeat(big)}"}`,
      });
      assertClientError(res, 413, ep.field);
    });
  }

  test('the app still serves after the bodies', stillServes);
});

describe('broken percent-encoding and overlong values in the query', () => {
  const bad = ['%FF', '%E0%A4', '%C0%AF', '%', '%zz', '%00', '%ED%A0%80', '%F4%90%80%80'];
  const gets = ENDPOINTS.filter((e) => e.method === 'GET');
  for (const ep of gets) {
    test(`${ep.name}: every parameter position`, async () => {
      const base = validRequest(ep, ctx);
      for (const v of bad) {
        for (const qs of [
          `input1=${v}&input2=1`,
          `input1=1&input2=${v}`,
          `id=${v}`,
          `region=${v}`,
          `from=${v}`,
          `to=${v}`,
          `amount=${v}`,
          `page=${v}`,
          `limit=${v}`,
          `category=${v}`,
          `${v}=1`,
        ]) {
          const res = await app.inject({ ...base, url: `${ep.path}?${qs}` });
          neverServerError(res, `${ep.path}?${qs}`, ep.field);
        }
      }
    });

    test(`${ep.name}: overlong values`, async () => {
      const base = validRequest(ep, ctx);
      const long = 'x'.repeat(100_000);
      const digits = '1'.repeat(100_000);
      for (const qs of [
        `input1=${digits}&input2=1`,
        `input1=1&input2=${long}`,
        `id=${digits}`,
        `region=${long}`,
        `from=${long}`,
        `amount=${digits}`,
        `page=${digits}`,
        `limit=${digits}`,
        `category=${long}`,
        `${long}=1`,
      ]) {
        const res = await app.inject({ ...base, url: `${ep.path}?${qs}` });
        neverServerError(res, `${ep.path}?${qs.slice(0, 30)}`, ep.field);
      }
    });
  }

  test('POST endpoints ignore a broken query', async () => {
    for (const url of ['/apis/add-body?x=%FF', '/survey_api.php?%E0%A4=1']) {
      const headers: Record<string, string> = url.startsWith('/survey')
        ? surveyHeaders()
        : { 'content-type': 'application/json' };
      const res = await app.inject({
        method: 'POST',
        url,
        headers,
        ...(url.startsWith('/survey') ? {} : { payload: '{"input1":1,"input2":2}' }),
      });
      assert.equal(res.statusCode, 200, res.body);
    }
  });

  test('the app still serves after the queries', stillServes);
});

describe('paths and methods', () => {
  const urls = [
    '/apis/..%2f..%2fetc%2fpasswd',
    '/apis/add-url%00',
    `/apis/${'a'.repeat(10_000)}`,
    '//apis//users',
    '/apis/add-url?',
  ];
  for (const url of urls) {
    test(`${url.slice(0, 40)}: never a 500`, async () => {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
        neverServerError(await app.inject({ method, url }), `${method} ${url.slice(0, 40)}`);
      }
    });
  }

  const badlyEncoded = ['/apis/%FF', '/apis/add-url%E0%A4', '/%', '/apis/%C0%AF'];
  test('a path with invalid percent-encoding is a 400 without a stack', async () => {
    for (const url of badlyEncoded) {
      for (const method of ['GET', 'POST', 'OPTIONS'] as const) {
        const res = await app.inject({ method, url });
        assert.equal(res.statusCode, 400, `${method} ${url}`);
        assertNoLeak(res.body);
      }
    }
  });

  test('a path with invalid percent-encoding gets the error envelope with CORS', async () => {
    for (const url of badlyEncoded) {
      const res = await app.inject({ url });
      assertClientError(res, 400);
      assert.equal(res.headers['access-control-allow-origin'], '*');
    }
  });

  test('odd methods on an interface path are 405 or 404, never 500', async () => {
    for (const method of ['PROPFIND', 'TRACE', 'CONNECT', 'SEARCH'] as const) {
      const res = await app.inject({ method: method as InjectOptions['method'], url: '/apis/add-url' });
      neverServerError(res, method);
    }
  });

  test('the app still serves after the paths', stillServes);
});

describe('headers', () => {
  const cases: [string, InjectOptions][] = [
    [
      'a 100 KB Basic header',
      { url: '/apis/add-basic?input1=1&input2=2', headers: { authorization: `Basic ${'A'.repeat(100_000)}` } },
    ],
    [
      'a 100 KB Bearer token',
      { url: '/apis/add-bearer?input1=1&input2=2', headers: { authorization: `Bearer ${'A'.repeat(100_000)}` } },
    ],
    [
      'Basic with non-ASCII after decoding',
      {
        url: '/apis/add-basic?input1=1&input2=2',
        headers: { authorization: `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0xc0]).toString('base64')}` },
      },
    ],
    [
      'a JWT with a non-JSON header',
      {
        url: '/apis/add-bearer?input1=1&input2=2',
        headers: { authorization: `Bearer ${Buffer.from('{not json').toString('base64url')}.e30.sig` },
      },
    ],
    ['a 100 KB api_key', { url: '/apis/add-apikey?input1=1&input2=2', headers: { api_key: 'k'.repeat(100_000) } }],
    [
      'survey key with control characters',
      { method: 'POST', url: '/survey_api.php', headers: { key: '\u0001\u0002', secret: LAB.SURVEY_SECRET } },
    ],
    [
      'an unknown Content-Type on a GET',
      { url: '/apis/users', headers: { 'content-type': 'application/x-weird' }, payload: 'hello' },
    ],
    [
      'a JSON body on a GET',
      { url: '/apis/add-url?input1=1&input2=2', headers: { 'content-type': 'application/json' }, payload: '{bad' },
    ],
  ];
  for (const [name, req] of cases) {
    test(name, async () => neverServerError(await app.inject(req), name));
  }

  test('duplicate credential headers are refused, not merged', async () => {
    const res = await app.inject({
      url: '/apis/add-custom?input1=1&input2=2',
      headers: { api_key: LAB.ADD_API_KEY, api_secret: [LAB.ADD_API_SECRET, LAB.ADD_API_SECRET] as unknown as string },
    });
    neverServerError(res, 'duplicate api_secret');
    assert.equal(res.statusCode, 401);
  });

  test('the app still serves after the headers', stillServes);
});

describe('damaged documents, one after another, to one app', () => {
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/fuzz/${name}`, import.meta.url));
  const upload = async (name: string) => {
    const { contentType, body } = documentForm(fixture(name), name);
    return app.inject({
      method: 'POST',
      url: '/apis/chunk-and-perform-embedding.php',
      headers: { ...chunkingHeaders(), 'content-type': contentType },
      payload: body,
    });
  };

  test('shared/fuzz crash-1: the first upload 200, the second 422 damaged, and the app still serves', async () => {
    assert.equal((await upload('crash-1-first.pdf')).statusCode, 200);
    const second = await upload('crash-1-second.pdf');
    assert.equal(second.statusCode, 422, second.body);
    assert.equal(second.json().success, false);
    assert.match(second.json().error, /damaged/);
    assertNoLeak(second.body);
    await setTimeout(200);
    assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
    assert.equal((await upload('crash-1-first.pdf')).statusCode, 200);
    await stillServes();
  });
});

// Our own conformance suite: the interface's tables (interface.ts, transcribed from
// shared/spec/service-interface.md) drive generic checks against the app listening on loopback,
// spoken to over real HTTP with fetch, as a course's checks would: every endpoint in both path
// forms, every field set exactly, every message the interface writes out byte for byte, every
// header and status it names, its limits. The emulator on loopback stands for the embeddings
// provider and the search service.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startEmulator, type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { buildTestApp, LAB, settableClock } from '../helpers/app.ts';
import { makePdf, textPages } from '../documents/helpers/make-pdf.ts';
import {
  CHUNK,
  CHUNKING_REQUIRED_HEADERS,
  CHUNKING_RESPONSE_HEADERS,
  COUNTRY,
  DELETION_ERROR_BODY,
  DELETION_HEADERS,
  EMBEDDING_HEADERS,
  ENDPOINTS,
  ERROR_BODY,
  ERROR_ROWS,
  LIMITS,
  MESSAGES,
  PRODUCT,
  REGIONS,
  SINGLE_USER_ENVELOPE,
  SUPPORTED_CURRENCIES,
  SURVEY_RECORD,
  USER,
  fieldProblems,
  type InterfaceEndpoint,
} from './interface.ts';

// ---------------------------------------------------------------------------------------------
// The one pure rule of this suite, with its table.

describe('fieldProblems: an exact field set', () => {
  const F = { a: 'Integer', b: 'String' } as const;
  const cases: [string, unknown, string[]][] = [
    ['exact', { a: 1, b: 'x' }, []],
    ['a field missing', { a: 1 }, ['missing b']],
    ['an extra field', { a: 1, b: 'x', c: true }, ['extra field c']],
    ['a wrong type', { a: 1.5, b: 'x' }, ['a is not Integer']],
    ['not an object', [1], ['not an object']],
    ['null', null, ['not an object']],
  ];
  for (const [name, value, problems] of cases) {
    test(name, () => assert.deepEqual(fieldProblems(value, F), problems));
  }
  test('an allowed extra of the right type passes, of the wrong type does not', () => {
    assert.deepEqual(fieldProblems({ a: 1, b: 'x', c: 2 }, F, { c: 'Integer' }), []);
    assert.deepEqual(fieldProblems({ a: 1, b: 'x', c: 'two' }, F, { c: 'Integer' }), ['c is not Integer']);
  });
});

// ---------------------------------------------------------------------------------------------
// The app on loopback, the emulator beside it, and a client that speaks HTTP as a course does.

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => Record<string, unknown>;
}

interface Call {
  method?: string;
  headers?: Record<string, string>;
  query?: string;
  json?: unknown;
  form?: Uint8Array;
  /** a multipart body as given (no document field) */
  formData?: FormData;
  body?: string;
}

const T0 = Date.UTC(2031, 2, 3, 9, 0, 0);
const clock = settableClock(T0);
let app: FastifyInstance;
let emu: Emulator;
let base = '';
let token = '';

async function call(path: string, c: Call = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  let body: string | FormData | undefined = c.body;
  if (c.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(c.json);
  }
  if (c.form !== undefined) {
    const form = new FormData();
    form.append('document', new Blob([c.form], { type: 'application/pdf' }), 'handbook.pdf');
    body = form;
  }
  if (c.formData !== undefined) body = c.formData;
  const r = await fetch(base + path + (c.query ?? ''), { method: c.method ?? 'GET', headers, body });
  const text = await r.text();
  return { status: r.status, headers: r.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

const INDEX = 'conformance-chunks';
/** A PDF of about 4,000 characters under numbered headings: several chunks of the interface's size. */
const SENTENCE =
  'The service splits a document into chunks of text that a search index takes as they are, one chunk per entry. ';
const PDF = makePdf({
  pages: textPages([
    '# 1. Introduction',
    SENTENCE.repeat(9),
    SENTENCE.repeat(8),
    '# 2. Installation',
    SENTENCE.repeat(10),
    SENTENCE.repeat(9),
  ]),
});
/** A page with no text at all. */
const BLANK_PDF = makePdf({ pages: [{ runs: [] }] });

const chunkHeaders = (over: Record<string, string> = {}) => ({
  'api-key': LAB.DOCUMENT_API_KEY,
  sourceName: 'handbook.pdf',
  'tenant-id': '7',
  'document-id': '42',
  ...over,
});
const embedHeaders = () => ({
  performEmbedding: 'true',
  embeddingEndpoint: emu.embeddingsUrl,
  embeddingKey: emu.keys.embedding,
  embeddingDeploymentName: 'text-embedding-ada-002',
});
const deletionHeaders = (over: Record<string, string> = {}) => ({
  'api-key': LAB.DOCUMENT_API_KEY,
  cloudAISearchEndpoint: emu.searchUrl,
  cloudAISearchKey: emu.keys.searchAdmin,
  indexName: INDEX,
  document_id: '42',
  ...over,
});
const basicAuth = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const Q = '?input1=5&input2=7';

/** A request each endpoint answers 200 to. */
const VALID: Record<string, () => Call> = {
  'add-url': () => ({ query: Q }),
  'add-body': () => ({ method: 'POST', json: { input1: 5, input2: 7 } }),
  'add-apikey': () => ({ query: Q, headers: { api_key: LAB.ADD_API_KEY } }),
  'add-custom': () => ({ query: Q, headers: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET } }),
  'add-basic': () => ({
    query: Q,
    headers: { authorization: basicAuth(LAB.BASIC_AUTH_USERNAME, LAB.BASIC_AUTH_PASSWORD) },
  }),
  'add-token': () => ({ method: 'POST', json: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET } }),
  'add-bearer': () => ({ query: Q, headers: { authorization: `Bearer ${token}` } }),
  users: () => ({}),
  countries: () => ({}),
  currency: () => ({}),
  products: () => ({}),
  survey: () => ({ method: 'POST', headers: { key: LAB.SURVEY_KEY, secret: LAB.SURVEY_SECRET } }),
  chunking: () => ({ method: 'POST', headers: chunkHeaders(), form: PDF }),
  deletion: () => ({ method: 'POST', headers: deletionHeaders() }),
};

const endpoint = (name: string): InterfaceEndpoint => ENDPOINTS.find((e) => e.name === name)!;

before(async () => {
  emu = await startEmulator();
  emu.createIndex(indexDefinition(INDEX));
  app = await buildTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }, clockMs: clock.now, docs: 'none' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const t = await call('/apis/add-token', VALID['add-token']!());
  assert.equal(t.status, 200, t.text);
  token = String(t.json().token);
});
after(async () => {
  await app.close();
  await emu.close();
});

/** An error answer: the status, JSON, the endpoint's error body exactly, and its catalogue code. */
function assertErrorAnswer(res: Answer, status: number, field: 'error' | 'message' = 'error'): string {
  assert.equal(res.status, status, res.text);
  assert.match(String(res.headers.get('content-type')), /^application\/json/);
  const body = res.json();
  assert.deepEqual(fieldProblems(body, field === 'error' ? ERROR_BODY : DELETION_ERROR_BODY), [], res.text);
  assert.equal(body.success, false);
  assert.ok(res.headers.get('x-error-code'), 'X-Error-Code beside every error');
  assert.ok(res.headers.get('x-error-hint'), `X-Error-Hint beside every error (${res.headers.get('x-error-code')})`);
  return String(body[field]);
}

// ---------------------------------------------------------------------------------------------

describe('every endpoint, both path forms: 200 with exactly the fields of its table', () => {
  for (const e of ENDPOINTS) {
    for (const path of [e.path, e.otherForm]) {
      test(`${e.method} ${path}`, async () => {
        const res = await call(path, { method: e.method, ...VALID[e.name]!() });
        assert.equal(res.status, 200, res.text);
        assert.match(String(res.headers.get('content-type')), /^application\/json/);
        const body = res.json();
        assert.deepEqual(fieldProblems(body, e.success), [], res.text.slice(0, 500));
        assert.equal(body.success ?? true, true);
        if (e.authMethod !== undefined) assert.equal(body.auth_method, e.authMethod);
        if (e.success.operation !== undefined) {
          assert.deepEqual([body.operation, body.input1, body.input2, body.result], ['addition', 5, 7, 12]);
        }
      });
    }
  }
});

describe('the elements of every list, exactly', () => {
  const lists: [string, string, string, Parameters<typeof fieldProblems>[1]][] = [
    ['users', '/apis/users', 'data', USER],
    ['countries', '/apis/countries', 'data', COUNTRY],
    ['products', '/apis/products', 'data', PRODUCT],
  ];
  for (const [name, path, field, fields] of lists) {
    test(`${name}: every element of ${field}`, async () => {
      const items = (await call(path)).json()[field] as unknown[];
      assert.ok(items.length > 0);
      for (const item of items) assert.deepEqual(fieldProblems(item, fields), [], JSON.stringify(item));
    });
  }
  test('survey: every record', async () => {
    const body = (await call('/survey_api.php', VALID.survey!())).json();
    for (const r of body.data as unknown[]) assert.deepEqual(fieldProblems(r, SURVEY_RECORD), [], JSON.stringify(r));
  });
  test('chunking: every chunk', async () => {
    const body = (await call('/apis/chunk-and-perform-embedding.php', VALID.chunking!())).json();
    for (const c of body.value as unknown[]) assert.deepEqual(fieldProblems(c, CHUNK), []);
  });
  test('users with id: one User in data', async () => {
    const body = (await call('/apis/users', { query: '?id=3' })).json();
    assert.deepEqual(fieldProblems(body, SINGLE_USER_ENVELOPE), []);
    assert.deepEqual(fieldProblems(body.data, USER), []);
    assert.equal((body.data as { id: number }).id, 3);
  });
});

// ---------------------------------------------------------------------------------------------
// The "Errors" table: one request per row and endpoint, in both path forms.

type ErrorCase = { endpoint: string; status: number; name: string; request: () => Call };
const noCreds = (name: string, e: string): ErrorCase => ({
  endpoint: e,
  status: 401,
  name,
  request: () => ({ method: endpoint(e).method, query: Q }),
});
const ERROR_CASES: ErrorCase[] = [
  { endpoint: 'add-url', status: 400, name: 'input2 missing', request: () => ({ query: '?input1=5' }) },
  { endpoint: 'add-url', status: 400, name: 'input1 not numeric', request: () => ({ query: '?input1=x&input2=7' }) },
  ...['add-url', 'add-apikey', 'add-custom', 'add-basic', 'add-bearer', 'users', 'countries', 'currency'].map(
    (e): ErrorCase => ({ endpoint: e, status: 405, name: 'POST', request: () => ({ ...VALID[e]!(), method: 'POST' }) }),
  ),
  noCreds('api_key missing', 'add-apikey'),
  {
    endpoint: 'add-apikey',
    status: 401,
    name: 'api_key wrong',
    request: () => ({ query: Q, headers: { api_key: 'x' } }),
  },
  ...['add-apikey', 'add-custom', 'add-basic', 'add-bearer'].map(
    (e): ErrorCase => ({
      endpoint: e,
      status: 400,
      name: 'input1 not numeric',
      request: () => ({ ...VALID[e]!(), query: '?input1=five&input2=7' }),
    }),
  ),
  noCreds('both missing', 'add-custom'),
  {
    endpoint: 'add-custom',
    status: 401,
    name: 'api_secret wrong',
    request: () => ({ query: Q, headers: { api_key: LAB.ADD_API_KEY, api_secret: 'x' } }),
  },
  noCreds('no Authorization', 'add-basic'),
  {
    endpoint: 'add-basic',
    status: 401,
    name: 'wrong password',
    request: () => ({ query: Q, headers: { authorization: basicAuth(LAB.BASIC_AUTH_USERNAME, 'x') } }),
  },
  noCreds('no token', 'add-bearer'),
  {
    endpoint: 'add-bearer',
    status: 401,
    name: 'invalid token',
    request: () => ({ query: Q, headers: { authorization: 'Bearer a.b.c' } }),
  },
  { endpoint: 'users', status: 404, name: 'id 11', request: () => ({ query: '?id=11' }) },
  { endpoint: 'currency', status: 400, name: 'from XYZ', request: () => ({ query: '?from=XYZ' }) },
  {
    endpoint: 'chunking',
    status: 401,
    name: 'api-key missing',
    request: () => ({ method: 'POST', headers: chunkHeaders({ 'api-key': '' }), form: PDF }),
  },
  {
    endpoint: 'chunking',
    status: 401,
    name: 'api-key wrong',
    request: () => ({ method: 'POST', headers: chunkHeaders({ 'api-key': 'x' }), form: PDF }),
  },
  {
    endpoint: 'chunking',
    status: 502,
    name: 'the provider refuses the first chunk',
    request: () => {
      emu.faults.embeddings.push({ status: 400 });
      return { method: 'POST', headers: chunkHeaders(embedHeaders()), form: PDF };
    },
  },
  ...DELETION_HEADERS.filter((h) => h !== 'api-key').map(
    (h): ErrorCase => ({
      endpoint: 'deletion',
      status: 400,
      name: `${h} missing`,
      request: () => ({ method: 'POST', headers: deletionHeaders({ [h]: '' }) }),
    }),
  ),
  {
    endpoint: 'deletion',
    status: 400,
    name: 'document_id not numeric',
    request: () => ({ method: 'POST', headers: deletionHeaders({ document_id: 'forty-two' }) }),
  },
  {
    endpoint: 'deletion',
    status: 401,
    name: 'api-key missing',
    request: () => ({ method: 'POST', headers: deletionHeaders({ 'api-key': '' }) }),
  },
  {
    endpoint: 'deletion',
    status: 401,
    name: 'api-key wrong',
    request: () => ({ method: 'POST', headers: deletionHeaders({ 'api-key': 'x' }) }),
  },
  { endpoint: 'deletion', status: 405, name: 'GET', request: () => ({ method: 'GET' }) },
  {
    endpoint: 'deletion',
    status: 502,
    name: 'the index does not exist',
    request: () => ({ method: 'POST', headers: deletionHeaders({ indexName: 'no-such-index' }) }),
  },
];

/** Empty headers stand for absent ones (fetch sends an empty value otherwise). */
const dropEmpty = (c: Call): Call =>
  c.headers === undefined ? c : { ...c, headers: Object.fromEntries(Object.entries(c.headers).filter(([, v]) => v)) };

describe('the Errors table: every row, every endpoint it names, both path forms', () => {
  test('every row has a request for each endpoint it names', () => {
    for (const row of ERROR_ROWS) {
      for (const e of row.endpoints) {
        assert.ok(
          ERROR_CASES.some((c) => c.endpoint === e && c.status === row.status),
          `${e} ${row.status} (${row.condition})`,
        );
      }
    }
  });
  for (const c of ERROR_CASES) {
    const e = endpoint(c.endpoint);
    test(`${c.endpoint} ${c.status}: ${c.name}`, async () => {
      for (const path of [e.path, e.otherForm]) {
        const res = await call(path, dropEmpty(c.request()));
        assertErrorAnswer(res, c.status, e.errorField);
        if (c.status === 405) assert.ok(res.headers.get('allow'), 'Allow on 405');
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Every message the interface writes out, byte for byte (and nothing after it).

describe('the interface messages, byte for byte', () => {
  const surveyCalls: [string, Record<string, string>][] = [
    ['no key, no secret', {}],
    ['secret missing', { key: LAB.SURVEY_KEY }],
    ['key missing', { secret: LAB.SURVEY_SECRET }],
    ['secret wrong', { key: LAB.SURVEY_KEY, secret: 'x' }],
    ['the add-custom pair', { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET }],
    ['api_key in place of key', { api_key: LAB.SURVEY_KEY, secret: LAB.SURVEY_SECRET }],
  ];
  for (const [name, headers] of surveyCalls) {
    test(`survey 401, ${name}: '${MESSAGES.surveyUnauthorized}'`, async () => {
      for (const path of ['/survey_api.php', '/survey_api']) {
        const res = await call(path, { method: 'POST', headers });
        assert.equal(assertErrorAnswer(res, 401), MESSAGES.surveyUnauthorized);
      }
    });
  }
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
    test(`survey ${method}: '${MESSAGES.surveyMethod}'`, async () => {
      for (const path of ['/survey_api.php', '/survey_api']) {
        const res = await call(path, { method, headers: VALID.survey!().headers! });
        assert.equal(assertErrorAnswer(res, 405), MESSAGES.surveyMethod);
      }
    });
  }
  test(`users 404: '${MESSAGES.userNotFound}'`, async () => {
    for (const path of ['/apis/users', '/apis/users.php']) {
      assert.equal(assertErrorAnswer(await call(path, { query: '?id=11' }), 404), MESSAGES.userNotFound);
    }
  });
  for (const code of ['XYZ', 'BTC']) {
    test(`currency 400: "${MESSAGES.currencyNotSupported(code)}"`, async () => {
      for (const path of ['/apis/currency', '/apis/currency.php']) {
        const res = await call(path, { query: `?from=USD&to=${code}` });
        assert.equal(assertErrorAnswer(res, 400), MESSAGES.currencyNotSupported(code));
      }
    });
  }
  const documentAuth: [string, Record<string, string>][] = [
    ['api-key missing', {}],
    ['api-key wrong', { 'api-key': 'x' }],
    ['api_key in place of api-key', { api_key: LAB.DOCUMENT_API_KEY }],
    ['the add-apikey key', { 'api-key': LAB.ADD_API_KEY }],
  ];
  for (const [name, headers] of documentAuth) {
    test(`chunking and deletion 401, ${name}: '${MESSAGES.chunkUnauthorized}'`, async () => {
      for (const e of [endpoint('chunking'), endpoint('deletion')]) {
        const rest = e.name === 'chunking' ? chunkHeaders() : deletionHeaders();
        delete (rest as Record<string, string>)['api-key'];
        for (const path of [e.path, e.otherForm]) {
          const res = await call(path, { method: 'POST', headers: { ...rest, ...headers } });
          assert.equal(assertErrorAnswer(res, 401, e.errorField), MESSAGES.chunkUnauthorized);
        }
      }
    });
  }
  for (const missing of EMBEDDING_HEADERS) {
    test(`chunking: '${MESSAGES.embeddingHeaderRequired(missing)}'`, async () => {
      const headers: Record<string, string> = chunkHeaders(embedHeaders());
      delete headers[missing];
      const res = await call('/apis/chunk-and-perform-embedding.php', { method: 'POST', headers, form: PDF });
      assert.equal(assertErrorAnswer(res, 400), MESSAGES.embeddingHeaderRequired(missing));
    });
  }
  test(`chunking: '${MESSAGES.noText}' (a PDF without text, OCR off)`, async () => {
    const res = await call('/apis/chunk-and-perform-embedding.php', {
      method: 'POST',
      headers: chunkHeaders({ ocr: 'off' }),
      form: BLANK_PDF,
    });
    assert.equal(assertErrorAnswer(res, 422), MESSAGES.noText);
  });
  test(`chunking 502: '${MESSAGES.embeddingFailed(0)}<reason>'`, async () => {
    emu.faults.embeddings.push({ status: 400 });
    const res = await call('/apis/chunk-and-perform-embedding.php', {
      method: 'POST',
      headers: chunkHeaders(embedHeaders()),
      form: PDF,
    });
    const message = assertErrorAnswer(res, 502);
    assert.ok(message.startsWith(MESSAGES.embeddingFailed(0)), message);
    assert.ok(message.length > MESSAGES.embeddingFailed(0).length, 'the reason follows');
  });
  test('chunking 502 on a later chunk names that chunk', async () => {
    emu.faults.embeddings.push({ delayMs: 0 }, { status: 400 });
    const res = await call('/apis/chunk-and-perform-embedding.php', {
      method: 'POST',
      headers: chunkHeaders(embedHeaders()),
      form: PDF,
    });
    assert.ok(assertErrorAnswer(res, 502).startsWith(MESSAGES.embeddingFailed(1)));
  });
  const chunkingFurther: [string, () => Call][] = [
    ['tenant-id non-numeric', () => ({ method: 'POST', headers: chunkHeaders({ 'tenant-id': 'seven' }), form: PDF })],
    ['document-id non-numeric', () => ({ method: 'POST', headers: chunkHeaders({ 'document-id': '4x' }), form: PDF })],
    [
      'the file field missing',
      () => {
        const formData = new FormData();
        formData.append('notes', 'no file here');
        return { method: 'POST', headers: chunkHeaders(), formData };
      },
    ],
  ];
  for (const [name, request] of chunkingFurther) {
    test(`chunking 4xx with { success: false, error }: ${name}`, async () => {
      const res = await call('/apis/chunk-and-perform-embedding.php', request());
      assert.ok(res.status >= 400 && res.status < 500, res.text);
      assertErrorAnswer(res, res.status);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Named headers.

describe('the headers the interface names', () => {
  test('survey: Access-Control-Allow-Origin: * on success and on refusal', async () => {
    for (const headers of [VALID.survey!().headers!, {}]) {
      const res = await call('/survey_api.php', { method: 'POST', headers });
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
    }
  });
  test(`chunking: ${CHUNKING_RESPONSE_HEADERS.join(', ')}, without embeddings`, async () => {
    const res = await call('/apis/chunk-and-perform-embedding.php', VALID.chunking!());
    for (const h of CHUNKING_RESPONSE_HEADERS) assert.ok(res.headers.get(h) !== null, h);
    const { value } = res.json() as { value: unknown[] };
    assert.equal(res.headers.get('x-total-chunks'), String(value.length));
    assert.equal(res.headers.get('x-embedding-performed'), 'false');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });
  test('add-basic 401: WWW-Authenticate Basic; add-bearer 401: WWW-Authenticate Bearer', async () => {
    assert.match(String((await call(`/apis/add-basic${Q}`)).headers.get('www-authenticate')), /^Basic realm="/);
    assert.match(String((await call(`/apis/add-bearer${Q}`)).headers.get('www-authenticate')), /^Bearer realm="/);
  });
  test('every required chunking header, when missing, is a 400 or 401 naming it', async () => {
    for (const h of CHUNKING_REQUIRED_HEADERS) {
      const headers: Record<string, string> = chunkHeaders();
      delete headers[h];
      const res = await call('/apis/chunk-and-perform-embedding.php', { method: 'POST', headers, form: PDF });
      const message = assertErrorAnswer(res, h === 'api-key' ? 401 : 400);
      assert.ok(message.includes(h), `${h}: ${message}`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Behaviour and limits the interface states.

describe('the interface rules and limits', () => {
  test('token: a JWT valid for 1 hour, accepted by add-bearer, refused with 401 after', async () => {
    const t = String((await call('/apis/add-token', VALID['add-token']!())).json().token);
    const claims = decodeJwt(t);
    assert.equal(decodeProtectedHeader(t).alg, 'HS256');
    assert.equal(claims.exp! - claims.iat!, LIMITS.tokenLifetimeSeconds);
    const bearerCall = () => call('/apis/add-bearer', { query: Q, headers: { authorization: `Bearer ${t}` } });
    try {
      clock.set(T0 + (LIMITS.tokenLifetimeSeconds - 1) * 1000);
      assert.equal((await bearerCall()).status, 200);
      clock.set(T0 + LIMITS.tokenLifetimeSeconds * 1000);
      assertErrorAnswer(await bearerCall(), 401);
    } finally {
      clock.set(T0);
    }
  });
  test('users: 10 in all, ids 1 to 10', async () => {
    const body = (await call('/apis/users')).json() as { count: number; data: { id: number }[] };
    assert.equal(body.count, LIMITS.usersTotal);
    assert.deepEqual(
      body.data.map((u) => u.id).sort((a, b) => a - b),
      Array.from({ length: LIMITS.usersTotal }, (_, i) => i + 1),
    );
    for (const u of body.data as unknown as { role: string; joined: string }[]) {
      assert.ok(['Admin', 'Manager', 'User'].includes(u.role));
      assert.match(u.joined, /^\d{4}-\d{2}-\d{2}$/);
    }
  });
  test('countries: regions among the five; a region filter; no match is 200 with an empty data', async () => {
    const all = (await call('/apis/countries')).json() as { count: number; data: { region: string }[] };
    assert.equal(all.count, all.data.length);
    for (const c of all.data) assert.ok((REGIONS as readonly string[]).includes(c.region), c.region);
    for (const region of REGIONS) {
      const some = (await call('/apis/countries', { query: `?region=${region}` })).json() as {
        data: { region: string }[];
      };
      assert.ok(some.data.length > 0 && some.data.every((c) => c.region === region), region);
    }
    const none = await call('/apis/countries', { query: '?region=Atlantis' });
    assert.equal(none.status, 200);
    assert.deepEqual(none.json().data, []);
  });
  test('currency: defaults USD to INR of 1; the ten codes; converted rounded to 2 decimals', async () => {
    const body = (await call('/apis/currency')).json();
    assert.deepEqual([body.from, body.to, body.amount], ['USD', 'INR', 1]);
    assert.deepEqual(body.supported_currencies, [...SUPPORTED_CURRENCIES]);
    const odd = (await call('/apis/currency', { query: '?from=JPY&to=GBP&amount=12345.678' })).json() as {
      rate: number;
      converted: number;
    };
    assert.equal(odd.converted, Math.round(odd.converted * 100) / 100);
    assert.ok(Math.abs(odd.converted - 12345.678 * odd.rate) <= 0.005 + 1e-9);
  });
  test('products: page 1 and 20 by default, at most 50 a page', async () => {
    const first = (await call('/apis/products')).json() as { page: number; data: unknown[]; total: number };
    assert.equal(first.page, 1);
    assert.equal(first.data.length, Math.min(LIMITS.productsDefaultLimit, first.total));
    const big = (await call('/apis/products', { query: '?limit=500' })).json() as { data: unknown[] };
    assert.ok(big.data.length <= LIMITS.productsMaxLimit);
  });
  test('survey: 300 to 600 records, DOB in range, generated_at YYYY-MM-DD HH:MM:SS, never cached', async () => {
    const a = (await call('/survey_api.php', VALID.survey!())).json() as {
      total_records: number;
      generated_at: string;
      data: { DOB: string }[];
    };
    assert.ok(a.total_records >= LIMITS.surveyMin && a.total_records <= LIMITS.surveyMax);
    assert.equal(a.data.length, a.total_records);
    assert.match(a.generated_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    for (const r of a.data) {
      assert.match(r.DOB, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(r.DOB >= LIMITS.surveyDobFrom && r.DOB <= LIMITS.surveyDobTo, r.DOB);
    }
    const b = (await call('/survey_api', VALID.survey!())).json();
    assert.notDeepEqual(a.data, b.data);
  });
  test('survey: no body needed, with or without Content-Type: application/json', async () => {
    const res = await call('/survey_api.php', {
      method: 'POST',
      headers: { ...VALID.survey!().headers!, 'content-type': 'application/json' },
    });
    assert.equal(res.status, 200, res.text);
  });
  test('chunking: ids, echoes, 800 to 1200 characters, sections of at most 90, empty embeddings', async () => {
    const res = await call('/apis/chunk-and-perform-embedding.php', {
      method: 'POST',
      headers: chunkHeaders({ sourceName: 'Handbook', 'tenant-id': '9007199254740993', 'document-id': '-5' }),
      form: PDF,
    });
    assert.equal(res.status, 200, res.text);
    // Int64 echoes keep their digits (a Number would round 9007199254740993).
    assert.ok(res.text.includes('"tenant_id":9007199254740993'), 'tenant_id exact');
    const { value } = res.json() as { value: Record<string, unknown>[] };
    assert.ok(value.length >= 3, `${value.length} chunks`);
    value.forEach((c, i) => {
      assert.equal(c['@search.action'], 'upload');
      assert.equal(c.id, `9007199254740993--5-${String(i).padStart(4, '0')}`);
      assert.equal(c.document_id, -5);
      assert.equal(c.sourceName, 'Handbook');
      const length = [...String(c.content)].length;
      assert.ok(length <= LIMITS.chunkMax, `chunk ${i}: ${length}`);
      if (i < value.length - 1) assert.ok(length >= LIMITS.chunkMin, `chunk ${i}: ${length}`);
      assert.ok([...String(c.section)].length <= LIMITS.sectionMax);
      assert.deepEqual(c.embedding, []);
    });
    assert.equal(value[0]!.section, '1. Introduction');
  });
  test('chunking with embeddings: one call per chunk, in order, to the interface path, 1536 floats each', async () => {
    emu.requests.length = 0;
    const res = await call('/apis/chunk-and-perform-embedding', {
      method: 'POST',
      headers: chunkHeaders(embedHeaders()),
      form: PDF,
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get('x-embedding-performed'), 'true');
    const { value } = res.json() as { value: { content: string; embedding: number[] }[] };
    const calls = emu.requests.filter((r) => r.service === 'embeddings');
    assert.equal(calls.length, value.length);
    calls.forEach((c, i) => {
      assert.equal(c.method, 'POST');
      assert.equal(c.path, '/openai/deployments/text-embedding-ada-002/embeddings');
      assert.equal(c.query['api-version'], LIMITS.embeddingsApiVersion);
      assert.equal((c.body as { input: string }).input, value[i]!.content);
      assert.equal(value[i]!.embedding.length, LIMITS.embeddingDimension);
    });
    assert.ok(!res.text.includes(emu.keys.embedding), 'the provider key is never echoed');
  });
  test('the payload goes unchanged to the index-documents operation', async () => {
    const res = await call('/apis/chunk-and-perform-embedding.php', VALID.chunking!());
    const up = await fetch(`${emu.searchUrl}/indexes/${INDEX}/docs/index?api-version=2024-07-01`, {
      method: 'POST',
      headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
      body: res.text,
    });
    assert.equal(up.status, 200, await up.text());
  });
  test('deletion: filter document_id eq <integer>, 1000 a call, repeated calls, then 0 (idempotent)', async () => {
    const docs = Array.from({ length: LIMITS.idsPerDeletion + 3 }, (_, i) => ({
      '@search.action': 'upload',
      id: `1-77-${String(i).padStart(4, '0')}`,
      tenant_id: 1,
      document_id: 77,
      sourceName: 's',
      section: '',
      content: 'x',
      embedding: [],
    }));
    for (let i = 0; i < docs.length; i += 1000) {
      const up = await fetch(`${emu.searchUrl}/indexes/${INDEX}/docs/index?api-version=2024-07-01`, {
        method: 'POST',
        headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
        body: JSON.stringify({ value: docs.slice(i, i + 1000) }),
      });
      assert.equal(up.status, 200);
    }
    emu.requests.length = 0;
    const del = () =>
      call('/apis/delete-indexed-document.php', { method: 'POST', headers: deletionHeaders({ document_id: '77' }) });
    const first = (await del()).json();
    assert.deepEqual([first.success, first.deleted_chunks], [true, LIMITS.idsPerDeletion]);
    assert.ok(String(first.message).includes('77') && String(first.message).includes(INDEX), String(first.message));
    const filters = emu.requests.map((r) => (r.body as { filter?: string } | undefined)?.filter ?? r.query.$filter);
    assert.ok(filters.includes('document_id eq 77'), JSON.stringify(filters));
    assert.equal((await del()).json().deleted_chunks, 3);
    const again = (await del()).json();
    assert.deepEqual([again.success, again.deleted_chunks], [true, 0]);
  });
});

// ---------------------------------------------------------------------------------------------
// Hints (decisions.md "Errors"): in X-Error-Hint, both ways, every missing header at once; the
// interface's messages untouched.

describe('X-Error-Hint: what a learner did wrong, the message unchanged', () => {
  const cases: [string, string, () => Call, number, string, RegExp][] = [
    [
      'api_key on the document endpoints',
      '/apis/delete-indexed-document.php',
      () => ({ method: 'POST', headers: { ...deletionHeaders({ 'api-key': '' }), api_key: LAB.DOCUMENT_API_KEY } }),
      401,
      MESSAGES.chunkUnauthorized,
      /The request has a header api_key; this endpoint reads api-key, with a dash\./,
    ],
    [
      'api-key on add-apikey',
      '/apis/add-apikey',
      () => ({ query: Q, headers: { 'api-key': LAB.ADD_API_KEY } }),
      401,
      'Unauthorized. Invalid or missing api_key header. The request has a header api-key; this endpoint reads api_key, with an underscore.',
      /The request has a header api-key; this endpoint reads api_key, with an underscore\./,
    ],
    [
      'api_key and api_secret on the survey',
      '/survey_api.php',
      () => ({ method: 'POST', headers: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET } }),
      401,
      MESSAGES.surveyUnauthorized,
      /^Missing headers key and secret .*The request has headers api_key and api_secret, headers of add-apikey and add-custom; this endpoint reads key and secret\.$/,
    ],
    [
      'key and secret on add-custom',
      '/apis/add-custom',
      () => ({ query: Q, headers: { key: LAB.SURVEY_KEY, secret: LAB.SURVEY_SECRET } }),
      401,
      'Unauthorized. Invalid or missing api_key or api_secret.',
      /headers key and secret, headers of the survey; this endpoint reads api_key and api_secret\./,
    ],
    [
      'credentials as headers on add-token',
      '/apis/add-token',
      () => ({ method: 'POST', headers: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET } }),
      400,
      'The JSON body is empty.',
      /add-token reads api_key and api_secret from a JSON body/,
    ],
    [
      "add-token's body with the survey's field names",
      '/apis/add-token',
      () => ({ method: 'POST', json: { key: LAB.ADD_API_KEY, secret: LAB.ADD_API_SECRET } }),
      401,
      MESSAGES.surveyUnauthorized,
      /The body has a field key; add-token reads api_key\. The body has a field secret; add-token reads api_secret\./,
    ],
    [
      'the key in the query string',
      '/apis/add-apikey',
      () => ({ query: `${Q}&api_key=${LAB.ADD_API_KEY}` }),
      401,
      'Unauthorized. Invalid or missing api_key header.',
      /api_key in the query string; send it as a header/,
    ],
    [
      'a chunking request missing three headers names all three',
      '/apis/chunk-and-perform-embedding.php',
      () => ({ method: 'POST', headers: { 'api-key': LAB.DOCUMENT_API_KEY }, form: PDF }),
      400,
      'Headers sourceName, tenant-id and document-id are required.',
      /^Missing headers sourceName, tenant-id and document-id\.$/,
    ],
    [
      'two embedding headers missing: the interface message names one, the hint both',
      '/apis/chunk-and-perform-embedding.php',
      () => ({
        method: 'POST',
        headers: chunkHeaders({ performEmbedding: 'true', embeddingEndpoint: 'https://x.openai.azure.com' }),
        form: PDF,
      }),
      400,
      MESSAGES.embeddingHeaderRequired('embeddingKey'),
      /^Missing headers embeddingKey and embeddingDeploymentName, required when performEmbedding is true/,
    ],
    [
      'a quoted bearer token',
      '/apis/add-bearer',
      () => ({ query: Q, headers: { authorization: `Bearer "${'a'.repeat(10)}.b.c"` } }),
      401,
      'Unauthorized. Missing, invalid or expired bearer token.',
      /in quotes: send it bare/,
    ],
  ];
  for (const [name, path, request, status, message, hint] of cases) {
    test(name, async () => {
      const res = await call(path, request());
      assert.equal(assertErrorAnswer(res, status, path.includes('delete') ? 'message' : 'error'), message);
      assert.match(String(res.headers.get('x-error-hint')), hint);
    });
  }
  test("add-body -d '' with Content-Type: application/json: 400 empty_json_body, as the README's table says", async () => {
    const res = await call('/apis/add-body', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    assertErrorAnswer(res, 400);
    assert.equal(res.headers.get('x-error-code'), 'empty_json_body');
  });
  test("add-body -d '' as curl sends it (a form type): 415 json_body_expected", async () => {
    const res = await call('/apis/add-body', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    assertErrorAnswer(res, 415);
    assert.equal(res.headers.get('x-error-code'), 'json_body_expected');
  });
});

// Test helpers: the production factory with test options, credential header
// builders, a seeded random source, a settable clock, and the endpoint table
// that the cross-cutting tests (405, aliases, CORS, robustness) iterate over.
import assert from 'node:assert/strict';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadConfig, LAB_DEFAULTS, type Config } from '../../src/config.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { startEmulator } from '../../emulator/src/index.ts';
import { makePdf, textPages } from '../documents/helpers/make-pdf.ts';
import { NO_CALLER_LIMITS } from './limits.ts';

/** 32+ characters, fixed, so that tokens are reproducible across apps of one test. */
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef-0123';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', ...NO_CALLER_LIMITS, ...env });
}

export interface TestAppOptions extends BuildOptions {
  env?: Record<string, string>;
}

/** The same factory as server.ts, without a logger; close it in an `after`. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { env, ...build } = options;
  const app = await buildApp(testConfig(env), { logger: false, ...build });
  await app.ready();
  return app;
}

export const LAB = LAB_DEFAULTS;

export const basic = (user: string, pass: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
});
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const apiKeyHeaders = () => ({ api_key: LAB.ADD_API_KEY });
export const customHeaders = () => ({ api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET });
export const basicHeaders = () => basic(LAB.BASIC_AUTH_USERNAME, LAB.BASIC_AUTH_PASSWORD);
export const surveyHeaders = () => ({ key: LAB.SURVEY_KEY, secret: LAB.SURVEY_SECRET });

export async function issueToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/apis/add-token',
    payload: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ token: string }>().token;
}

export { seededRng } from './rng.ts';

/** A clock that a test moves by hand (token expiry). */
export function settableClock(startMs: number) {
  let ms = startMs;
  return {
    now: () => ms,
    set: (v: number) => {
      ms = v;
    },
    advance: (deltaMs: number) => {
      ms += deltaMs;
    },
  };
}

/** A client error: 4xx, JSON, the `{success:false}` envelope, no stack, no internal path. */
export function assertClientError(
  res: LightMyRequestResponse | { statusCode: number; body: string; headers: Record<string, unknown> },
  status?: number,
  field: 'error' | 'message' = 'error',
) {
  if (status !== undefined) assert.equal(res.statusCode, status, res.body);
  assert.ok(res.statusCode >= 400 && res.statusCode < 500, `status ${res.statusCode}: ${res.body}`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  assert.equal(body.success, false);
  assert.equal(typeof body[field], 'string', res.body);
  assertNoLeak(res.body);
  return body;
}

export function assertNoLeak(text: string) {
  assert.doesNotMatch(text, /\bat [\w.<>]+ \(|\n\s+at /, 'stack frame in body');
  assert.ok(!text.includes('/work/'), 'internal path in body');
  assert.ok(!text.includes('node_modules'), 'node_modules path in body');
  assert.ok(!text.includes('.ts:'), 'source location in body');
}

/** What a valid request may need besides its own values: a bearer token and a search service. */
export interface RequestContext {
  token: string;
  /** `cloudAISearchEndpoint` and admin key of a search service (the emulator, on loopback) holding `SEARCH_INDEX`. */
  searchUrl: string;
  searchKey: string;
}

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  /** suffix-free form */
  path: string;
  /** `.php` form */
  alias: string;
  /** the field of the error envelope that carries the message (deletion: `message`) */
  field: 'error' | 'message';
  /** a request that succeeds */
  valid: (ctx: RequestContext) => Omit<InjectOptions, 'method' | 'url'> & { query?: string };
}

const q = '?input1=5&input2=7';

export const SEARCH_INDEX = 'pdf-chunks';

/** A one-page PDF as a multipart/form-data body in the `document` field (built by hand: inject takes bytes). */
const BOUNDARY = '----surface-test-boundary';
const CHUNK_FORM = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="hello.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  makePdf({ pages: textPages(['Hello from a tiny PDF. It has one short paragraph.']) }),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

/** A document as the chunking endpoint's multipart body (field `document`), with its content type. */
export function documentForm(document: Uint8Array, filename = 'document.pdf'): { contentType: string; body: Buffer } {
  const boundary = `----document-form-${document.length}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    document,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

/** The interface's headers of a chunking upload, without embeddings. */
export const chunkingHeaders = () => ({
  'api-key': LAB.DOCUMENT_API_KEY,
  sourceName: 'document',
  'tenant-id': '7',
  'document-id': '42',
});

/** Every interface endpoint, and the index definition beside them. */
export const ENDPOINTS: Endpoint[] = [
  {
    name: 'add-url',
    method: 'GET',
    path: '/apis/add-url',
    alias: '/apis/add-url.php',
    field: 'error',
    valid: () => ({ query: q }),
  },
  {
    name: 'add-body',
    method: 'POST',
    path: '/apis/add-body',
    alias: '/apis/add-body.php',
    field: 'error',
    valid: () => ({ payload: { input1: 5, input2: 7 } }),
  },
  {
    name: 'add-apikey',
    method: 'GET',
    path: '/apis/add-apikey',
    alias: '/apis/add-apikey.php',
    field: 'error',
    valid: () => ({ query: q, headers: apiKeyHeaders() }),
  },
  {
    name: 'add-custom',
    method: 'GET',
    path: '/apis/add-custom',
    alias: '/apis/add-custom.php',
    field: 'error',
    valid: () => ({ query: q, headers: customHeaders() }),
  },
  {
    name: 'add-basic',
    method: 'GET',
    path: '/apis/add-basic',
    alias: '/apis/add-basic.php',
    field: 'error',
    valid: () => ({ query: q, headers: basicHeaders() }),
  },
  {
    name: 'add-token',
    method: 'POST',
    path: '/apis/add-token',
    alias: '/apis/add-token.php',
    field: 'error',
    valid: () => ({ payload: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET } }),
  },
  {
    name: 'add-bearer',
    method: 'GET',
    path: '/apis/add-bearer',
    alias: '/apis/add-bearer.php',
    field: 'error',
    valid: ({ token }) => ({ query: q, headers: bearer(token) }),
  },
  { name: 'users', method: 'GET', path: '/apis/users', alias: '/apis/users.php', field: 'error', valid: () => ({}) },
  {
    name: 'countries',
    method: 'GET',
    path: '/apis/countries',
    alias: '/apis/countries.php',
    field: 'error',
    valid: () => ({}),
  },
  {
    name: 'currency',
    method: 'GET',
    path: '/apis/currency',
    alias: '/apis/currency.php',
    field: 'error',
    valid: () => ({}),
  },
  {
    name: 'products',
    method: 'GET',
    path: '/apis/products',
    alias: '/apis/products.php',
    field: 'error',
    valid: () => ({}),
  },
  {
    name: 'survey',
    method: 'POST',
    path: '/survey_api',
    alias: '/survey_api.php',
    field: 'error',
    valid: () => ({ headers: surveyHeaders() }),
  },
  {
    name: 'chunking',
    method: 'POST',
    path: '/apis/chunk-and-perform-embedding',
    alias: '/apis/chunk-and-perform-embedding.php',
    field: 'error',
    valid: () => ({
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'api-key': LAB.DOCUMENT_API_KEY,
        sourceName: 'hello.pdf',
        'tenant-id': '7',
        'document-id': '42',
      },
      payload: CHUNK_FORM,
    }),
  },
  {
    name: 'deletion',
    method: 'POST',
    path: '/apis/delete-indexed-document',
    alias: '/apis/delete-indexed-document.php',
    field: 'message',
    valid: ({ searchUrl, searchKey }) => ({
      headers: {
        'api-key': LAB.DOCUMENT_API_KEY,
        cloudAISearchEndpoint: searchUrl,
        cloudAISearchKey: searchKey,
        indexName: SEARCH_INDEX,
        document_id: '42',
      },
    }),
  },
  {
    name: 'index-definition',
    method: 'GET',
    path: '/apis/search-index-definition',
    alias: '/apis/search-index-definition.php',
    field: 'error',
    valid: () => ({}),
  },
];

/**
 * The app the cross-cutting tables run against: the emulator on loopback as the
 * search service (holding the index the deletion endpoint is pointed at), outbound
 * calls to loopback allowed, and a bearer token issued.
 */
export async function startSurfaceApp(): Promise<{
  app: FastifyInstance;
  ctx: RequestContext;
  close: () => Promise<void>;
}> {
  const emu = await startEmulator();
  emu.createIndex(indexDefinition(SEARCH_INDEX));
  const app = await buildTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  const ctx = { token: await issueToken(app), searchUrl: emu.searchUrl, searchKey: emu.keys.searchAdmin };
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await emu.close();
    },
  };
}

/** Builds inject options for an endpoint's valid request at one of its two paths. */
export function validRequest(ep: Endpoint, ctx: RequestContext, url = ep.path): InjectOptions {
  const { query = '', ...rest } = ep.valid(ctx);
  return { method: ep.method, url: url + query, ...rest };
}

// Test helpers: the production factory with test options, credential header
// builders, a seeded random source, a settable clock, and the endpoint table
// that the cross-cutting tests (405, aliases, CORS, robustness) iterate over.
import assert from 'node:assert/strict';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadConfig, LAB_DEFAULTS, type Config } from '../../src/config.ts';

/** 32+ characters, fixed, so that tokens are reproducible across apps of one test. */
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef-0123';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', ...env });
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

export const basic = (user: string, pass: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` });
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
export function assertClientError(res: LightMyRequestResponse | { statusCode: number; body: string; headers: Record<string, unknown> }, status?: number, field: 'error' | 'message' = 'error') {
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

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  /** suffix-free form */
  path: string;
  /** `.php` form */
  alias: string;
  /** a request that succeeds, given a bearer token for add-bearer */
  valid: (token: string) => Omit<InjectOptions, 'method' | 'url'> & { query?: string };
}

const q = '?input1=5&input2=7';

/** Every interface endpoint built so far (chunking and deletion are not). */
export const ENDPOINTS: Endpoint[] = [
  { name: 'add-url', method: 'GET', path: '/apis/add-url', alias: '/apis/add-url.php', valid: () => ({ query: q }) },
  { name: 'add-body', method: 'POST', path: '/apis/add-body', alias: '/apis/add-body.php', valid: () => ({ payload: { input1: 5, input2: 7 } }) },
  { name: 'add-apikey', method: 'GET', path: '/apis/add-apikey', alias: '/apis/add-apikey.php', valid: () => ({ query: q, headers: apiKeyHeaders() }) },
  { name: 'add-custom', method: 'GET', path: '/apis/add-custom', alias: '/apis/add-custom.php', valid: () => ({ query: q, headers: customHeaders() }) },
  { name: 'add-basic', method: 'GET', path: '/apis/add-basic', alias: '/apis/add-basic.php', valid: () => ({ query: q, headers: basicHeaders() }) },
  {
    name: 'add-token',
    method: 'POST',
    path: '/apis/add-token',
    alias: '/apis/add-token.php',
    valid: () => ({ payload: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET } }),
  },
  { name: 'add-bearer', method: 'GET', path: '/apis/add-bearer', alias: '/apis/add-bearer.php', valid: (t) => ({ query: q, headers: bearer(t) }) },
  { name: 'users', method: 'GET', path: '/apis/users', alias: '/apis/users.php', valid: () => ({}) },
  { name: 'countries', method: 'GET', path: '/apis/countries', alias: '/apis/countries.php', valid: () => ({}) },
  { name: 'currency', method: 'GET', path: '/apis/currency', alias: '/apis/currency.php', valid: () => ({}) },
  { name: 'products', method: 'GET', path: '/apis/products', alias: '/apis/products.php', valid: () => ({}) },
  { name: 'survey', method: 'POST', path: '/survey_api', alias: '/survey_api.php', valid: () => ({ headers: surveyHeaders() }) },
];

/** Builds inject options for an endpoint's valid request at one of its two paths. */
export function validRequest(ep: Endpoint, token: string, url = ep.path): InjectOptions {
  const { query = '', ...rest } = ep.valid(token);
  return { method: ep.method, url: url + query, ...rest };
}

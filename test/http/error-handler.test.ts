// The one error renderer: schema violations as sentences naming the parameter, every error in the
// route's envelope with its code in X-Error-Code, the 404/405 handler, and the router's own errors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  describeValidation,
  handleFrameworkError,
  installErrorHandlers,
  INTEGER_PATTERN,
  type Refusal,
} from '../../src/http/error-handler.ts';
import { trackPaths } from '../../src/http/method-not-allowed.ts';
import { AppError, fail } from '../../src/errors.ts';

type V = Parameters<typeof describeValidation>[0][number];
const v = (keyword: string, instancePath: string, params: Record<string, unknown> = {}, message?: string): V => ({
  keyword,
  instancePath,
  params,
  ...(message === undefined ? {} : { message }),
});

describe('describeValidation', () => {
  const cases: [string, V[], string, Refusal][] = [
    ['no error at all', [], 'body', { code: 'invalid_request', message: 'Invalid request.' }],
    [
      'a missing query parameter',
      [v('required', '', { missingProperty: 'input1' })],
      'querystring',
      { code: 'missing_parameter', message: "Missing required query parameter 'input1'." },
    ],
    [
      'a missing nested parameter names its path',
      [v('required', '/a/b', { missingProperty: 'c' })],
      'querystring',
      { code: 'missing_parameter', message: "Missing required query parameter 'a.b.c'." },
    ],
    [
      'a missing top-level body field',
      [v('required', '', { missingProperty: 'api_key' })],
      'body',
      { code: 'missing_body_field', message: "Missing required body field 'api_key'." },
    ],
    [
      'a missing header',
      [v('required', '', { missingProperty: 'api_key' })],
      'headers',
      { code: 'missing_parameter', message: "Missing required header 'api_key'." },
    ],
    [
      'a body that is not an object',
      [v('type', '', { type: 'object' }, 'must be object')],
      'body',
      { code: 'body_not_object', message: 'The JSON body must be an object.' },
    ],
    [
      'a query integer that breaks the integer pattern',
      [v('pattern', '/input2', { pattern: INTEGER_PATTERN })],
      'querystring',
      { code: 'invalid_integer_parameter', message: "Invalid query parameter 'input2': must be an integer." },
    ],
    [
      'the anyOf error wins over the branch errors before it',
      [v('type', '/input1', { type: 'integer' }), v('anyOf', '/input1')],
      'body',
      {
        code: 'invalid_integer_field',
        message: "Invalid body field 'input1': must be an integer or a string holding one.",
      },
    ],
    [
      'a value over its maxLength',
      [v('maxLength', '/input1', { limit: 32 })],
      'querystring',
      { code: 'parameter_too_long', message: "Invalid query parameter 'input1': longer than 32 characters." },
    ],
    [
      'another pattern: the validator message',
      [v('pattern', '/name', { pattern: '^x$' }, 'must match pattern "^x$"')],
      'querystring',
      { code: 'invalid_parameter', message: `Invalid query parameter 'name': must match pattern "^x$".` },
    ],
    [
      'no validator message',
      [v('minimum', '/n', { limit: 1 })],
      'params',
      { code: 'invalid_parameter', message: "Invalid path parameter 'n': invalid value." },
    ],
    [
      'an unknown context is named as given',
      [v('type', '', {}, 'must be string')],
      'cookies',
      { code: 'invalid_parameter', message: "Invalid cookies 'cookies': must be string." },
    ],
  ];
  for (const [name, errors, context, want] of cases) {
    test(name, () => assert.deepEqual(describeValidation(errors, context), want));
  }
});

describe('installErrorHandlers: one envelope for every error', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ logger: false });
    const known = trackPaths(app);
    installErrorHandlers(app, known);
    app.get('/app-error', async () => {
      throw fail('header_required', 'api_key');
    });
    app.get('/with-headers', async () => {
      throw fail('internal').withHeaders({ 'retry-after': '3' });
    });
    app.post('/del', { config: { envelope: 'message' } }, async () => {
      throw new AppError('internal', 'Internal server error.');
    });
    app.get(
      '/validated',
      { schema: { querystring: { type: 'object', required: ['input1'], properties: { input1: { type: 'string' } } } } },
      async () => 'ok',
    );
    app.get('/teapot', async () => {
      const err = new Error('I am a teapot\nsecond line') as FastifyError;
      err.statusCode = 418;
      throw err;
    });
    app.get('/boom', async () => {
      throw new Error('secret detail at /work/src/x.ts:1');
    });
    app.post('/json', async () => 'ok');
    await app.ready();
  });
  after(() => app.close());

  const cases: {
    name: string;
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    payload?: string;
    headers?: Record<string, string>;
    status: number;
    code: string;
    body: Record<string, unknown>;
    header?: [string, string];
  }[] = [
    {
      name: 'an AppError: its status, code and message',
      method: 'GET',
      url: '/app-error',
      status: 400,
      code: 'header_required',
      body: { success: false, error: 'Header api_key is required.' },
    },
    {
      name: "an AppError's own headers are sent",
      method: 'GET',
      url: '/with-headers',
      status: 500,
      code: 'internal',
      body: { success: false, error: 'Internal server error.' },
      header: ['retry-after', '3'],
    },
    {
      name: "the route's message envelope",
      method: 'POST',
      url: '/del',
      status: 500,
      code: 'internal',
      body: { success: false, message: 'Internal server error.' },
    },
    {
      name: 'a schema violation is a 400 naming the parameter',
      method: 'GET',
      url: '/validated',
      status: 400,
      code: 'missing_parameter',
      body: { success: false, error: "Missing required query parameter 'input1'." },
    },
    {
      name: "another 4xx keeps its status and its message's first line",
      method: 'GET',
      url: '/teapot',
      status: 418,
      code: 'bad_request',
      body: { success: false, error: 'I am a teapot' },
    },
    {
      name: 'an unexpected error is a bare 500',
      method: 'GET',
      url: '/boom',
      status: 500,
      code: 'internal',
      body: { success: false, error: 'Internal server error.' },
    },
    {
      name: 'bad JSON is invalid_json',
      method: 'POST',
      url: '/json',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
      status: 400,
      code: 'invalid_json',
      body: { success: false, error: 'The body is not valid JSON.' },
    },
    {
      name: 'an unknown content type is 415',
      method: 'POST',
      url: '/json',
      payload: 'x',
      headers: { 'content-type': 'application/x-nope' },
      status: 415,
      code: 'unsupported_media_type',
      body: { success: false, error: 'Unsupported Content-Type.' },
    },
    {
      name: 'an unknown path is 404 naming it without its query',
      method: 'GET',
      url: '/nope?x=1',
      status: 404,
      code: 'route_not_found',
      body: { success: false, error: 'Route GET /nope not found.' },
    },
    {
      name: 'a known path with another method is 405 with Allow',
      method: 'PUT',
      url: '/validated',
      status: 405,
      code: 'method_not_allowed',
      body: { success: false, error: 'Method Not Allowed. Use GET.' },
      header: ['allow', 'GET, HEAD'],
    },
    {
      name: "a 405 in the path's own envelope",
      method: 'GET',
      url: '/del',
      status: 405,
      code: 'method_not_allowed',
      body: { success: false, message: 'Method Not Allowed. Use POST.' },
      header: ['allow', 'POST'],
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const res = await app.inject({
        method: c.method,
        url: c.url,
        ...(c.payload === undefined ? {} : { payload: c.payload }),
        ...(c.headers === undefined ? {} : { headers: c.headers }),
      });
      assert.equal(res.statusCode, c.status, res.body);
      assert.equal(res.headers['x-error-code'], c.code);
      assert.match(String(res.headers['content-type']), /^application\/json; charset=utf-8/);
      assert.deepEqual(res.json(), c.body);
      if (c.header) assert.equal(res.headers[c.header[0]], c.header[1]);
    });
  }
});

describe('handleFrameworkError: the router refuses before any hook', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ logger: false, frameworkErrors: handleFrameworkError });
    app.get('/apis/:name', async () => 'ok');
    await app.ready();
  });
  after(() => app.close());

  const cases: [string, string, number, string, string][] = [
    ['bad percent-encoding', '/apis/%FF', 400, 'malformed_url', 'The URL is malformed.'],
    ['a path parameter past the router limit', `/apis/${'a'.repeat(200)}`, 414, 'url_too_long', 'The URL is too long.'],
  ];
  for (const [name, url, status, code, message] of cases) {
    test(name, async () => {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, status, res.body);
      assert.equal(res.headers['x-error-code'], code);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.deepEqual(res.json(), { success: false, error: message });
    });
  }
});

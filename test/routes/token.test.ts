// POST /apis/add-token on a bare app: the lab key pair in a JSON body gives the signer's token;
// anything else is refused before a token is signed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { addToken, tokenBodyType } from '../../src/routes/token.ts';
import { mount, type App } from '../../src/http/mount.ts';
import { installErrorHandlers } from '../../src/http/error-handler.ts';
import { trackPaths } from '../../src/http/method-not-allowed.ts';
import { messageOf } from '../../src/errors.ts';
import type { TokenSigner } from '../../src/auth/jwt.ts';
import { LAB_DEFAULTS } from '../../src/config.ts';

describe('tokenBodyType: JSON passes, another type says what to send, no type is left to the body check', () => {
  const cases: [string | undefined, boolean][] = [
    ['application/json', false],
    ['application/json; charset=utf-8', false],
    ['Application/JSON', false],
    [' application/json ;charset=utf-8', false],
    [undefined, false],
    ['application/x-www-form-urlencoded', true],
    ['multipart/form-data; boundary=x', true],
    ['text/plain', true],
    ['application/jsonx', true],
  ];
  for (const [type, refused] of cases) {
    test(String(type), () => {
      assert.equal(tokenBodyType(type), refused ? messageOf('token_json_expected') : undefined);
    });
  }
});

describe('addToken', () => {
  const KEY = 'the-key';
  const SECRET = 'the-secret';
  let app: FastifyInstance;
  const signed: string[] = [];
  const signer: TokenSigner = {
    ttlSeconds: 1234,
    sign: async (subject) => {
      signed.push(subject);
      return `token-for-${subject}`;
    },
    check: async () => ({ ok: true }),
  };
  before(async () => {
    app = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: false, removeAdditional: false } } });
    installErrorHandlers(app, trackPaths(app));
    mount(app as unknown as App, 'POST', '/apis/add-token', addToken({ addApiKey: KEY, addApiSecret: SECRET }, signer));
    await app.ready();
  });
  after(() => app.close());

  const json = { 'content-type': 'application/json' };
  const cases: {
    name: string;
    headers: Record<string, string>;
    payload: string;
    status: number;
    body: Record<string, unknown>;
  }[] = [
    {
      name: 'the right pair: a bearer token from the signer, for add-bearer',
      headers: json,
      payload: JSON.stringify({ api_key: KEY, api_secret: SECRET }),
      status: 200,
      body: { success: true, token: 'token-for-add-bearer', token_type: 'Bearer', expires_in: 1234 },
    },
    {
      name: 'a wrong secret',
      headers: json,
      payload: JSON.stringify({ api_key: KEY, api_secret: 'nope' }),
      status: 401,
      body: { success: false, error: 'Unauthorized. Invalid key or secret.' },
    },
    {
      name: 'a wrong key',
      headers: json,
      payload: JSON.stringify({ api_key: 'nope', api_secret: SECRET }),
      status: 401,
      body: { success: false, error: 'Unauthorized. Invalid key or secret.' },
    },
    {
      name: 'the pair swapped',
      headers: json,
      payload: JSON.stringify({ api_key: SECRET, api_secret: KEY }),
      status: 401,
      body: { success: false, error: 'Unauthorized. Invalid key or secret.' },
    },
    {
      name: 'an empty object',
      headers: json,
      payload: '{}',
      status: 401,
      body: { success: false, error: 'Unauthorized. Invalid key or secret.' },
    },
    {
      name: 'a form body is refused with what to send',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `api_key=${KEY}&api_secret=${SECRET}`,
      status: 415,
      body: { success: false, error: messageOf('token_json_expected') },
    },
    {
      name: 'a key over 1024 characters',
      headers: json,
      payload: JSON.stringify({ api_key: 'k'.repeat(1025), api_secret: SECRET }),
      status: 400,
      body: { success: false, error: "Invalid body field 'api_key': longer than 1024 characters." },
    },
    {
      name: 'a key that is not a string',
      headers: json,
      payload: JSON.stringify({ api_key: 1, api_secret: SECRET }),
      status: 400,
      body: { success: false, error: "Invalid body field 'api_key': must be string." },
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const before = signed.length;
      const res = await app.inject({ method: 'POST', url: '/apis/add-token', headers: c.headers, payload: c.payload });
      assert.equal(res.statusCode, c.status, res.body);
      assert.deepEqual(res.json(), c.body);
      assert.equal(signed.length - before, c.status === 200 ? 1 : 0);
    });
  }
});

describe("addToken's documented body example", () => {
  const signer: TokenSigner = { ttlSeconds: 1, sign: async () => 't', check: async () => ({ ok: true }) };
  const exampleOf = (def: ReturnType<typeof addToken>) =>
    (def.schema?.body as { examples?: unknown[] } | undefined)?.examples?.[0];
  const cases: [string, { addApiKey: string; addApiSecret: string }, unknown][] = [
    [
      'the published lab pair is the example',
      { addApiKey: LAB_DEFAULTS.ADD_API_KEY, addApiSecret: LAB_DEFAULTS.ADD_API_SECRET },
      { api_key: LAB_DEFAULTS.ADD_API_KEY, api_secret: LAB_DEFAULTS.ADD_API_SECRET },
    ],
    [
      'a lab key with an operator secret is not published',
      { addApiKey: LAB_DEFAULTS.ADD_API_KEY, addApiSecret: 'operator-secret' },
      { api_key: '<your api_key>', api_secret: '<your api_secret>' },
    ],
    [
      'an operator pair is never published',
      { addApiKey: 'operator-key', addApiSecret: 'operator-secret' },
      { api_key: '<your api_key>', api_secret: '<your api_secret>' },
    ],
  ];
  for (const [name, config, want] of cases) {
    test(name, () => assert.deepEqual(exampleOf(addToken(config, signer)), want));
  }
});

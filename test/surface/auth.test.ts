// Every authenticated endpoint x {right, missing, wrong} credentials, with the
// exact messages and challenges, and auth running before input validation.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import {
  buildTestApp,
  basic,
  bearer,
  issueToken,
  settableClock,
  assertClientError,
  LAB,
  TEST_JWT_SECRET,
} from '../helpers/app.ts';

const Q = '?input1=5&input2=7';
const MSG = {
  apikey: 'Unauthorized. Invalid or missing api_key header.',
  custom: 'Unauthorized. Invalid or missing api_key or api_secret.',
  basic: 'Unauthorized. Missing or wrong Basic credentials.',
  bearer: 'Unauthorized. Missing, invalid or expired bearer token.',
  survey: 'Unauthorized. Invalid key or secret.',
  token: 'Unauthorized. Invalid key or secret.',
};
const T0 = Date.UTC(2030, 5, 1, 8, 0, 0);
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

type Case = {
  name: string;
  headers: Record<string, string>;
  status: 200 | 401 /** what the refusal adds to the route's message */;
  hint?: string;
};

describe('authenticated endpoints x credentials', () => {
  let app: FastifyInstance;
  let token: string;
  const clock = settableClock(T0);

  before(async () => {
    app = await buildTestApp({ clockMs: clock.now });
    token = await issueToken(app);
  });
  after(() => app.close());

  const result = (auth_method: string) => ({
    success: true,
    auth_method,
    operation: 'addition',
    input1: 5,
    input2: 7,
    result: 12,
  });

  describe('add-apikey', () => {
    const cases: Case[] = [
      { name: 'right api_key', headers: { api_key: LAB.ADD_API_KEY }, status: 200 },
      { name: 'missing api_key', headers: {}, status: 401 },
      { name: 'wrong api_key', headers: { api_key: 'wrong' }, status: 401 },
      { name: 'empty api_key', headers: { api_key: '' }, status: 401 },
      { name: 'api_key with a different case', headers: { api_key: LAB.ADD_API_KEY.toUpperCase() }, status: 401 },
      {
        name: 'api-key (hyphen) instead of api_key',
        headers: { 'api-key': LAB.ADD_API_KEY },
        status: 401,
        hint: ' The request has a header api-key; this endpoint reads api_key, with an underscore.',
      },
      { name: 'the key as a Bearer token', headers: bearer(LAB.ADD_API_KEY), status: 401 },
    ];
    for (const c of cases) {
      test(c.name, async () => {
        for (const url of ['/apis/add-apikey', '/apis/add-apikey.php']) {
          const res = await app.inject({ url: url + Q, headers: c.headers });
          if (c.status === 200) assert.deepEqual(res.json(), result('API Key Header'));
          else assert.deepEqual(assertClientError(res, 401), { success: false, error: MSG.apikey + (c.hint ?? '') });
        }
      });
    }
  });

  describe('add-custom', () => {
    const cases: Case[] = [
      {
        name: 'right key and secret',
        headers: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET },
        status: 200,
      },
      { name: 'both missing', headers: {}, status: 401 },
      {
        name: 'secret missing',
        headers: { api_key: LAB.ADD_API_KEY },
        status: 401,
        hint: ' Missing header api_secret (api_key and api_secret are both required).',
      },
      {
        name: 'key missing',
        headers: { api_secret: LAB.ADD_API_SECRET },
        status: 401,
        hint: ' Missing header api_key (api_key and api_secret are both required).',
      },
      {
        name: 'api-key (hyphen) and api_secret',
        headers: { 'api-key': LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET },
        status: 401,
        hint: ' Missing header api_key (api_key and api_secret are both required). The request has a header api-key; this endpoint reads api_key, with an underscore.',
      },
      { name: 'key right, secret wrong', headers: { api_key: LAB.ADD_API_KEY, api_secret: 'wrong' }, status: 401 },
      { name: 'key wrong, secret right', headers: { api_key: 'wrong', api_secret: LAB.ADD_API_SECRET }, status: 401 },
      {
        name: 'key and secret swapped',
        headers: { api_key: LAB.ADD_API_SECRET, api_secret: LAB.ADD_API_KEY },
        status: 401,
      },
      {
        name: 'secret with a trailing space',
        headers: { api_key: LAB.ADD_API_KEY, api_secret: `${LAB.ADD_API_SECRET}x` },
        status: 401,
      },
    ];
    for (const c of cases) {
      test(c.name, async () => {
        for (const url of ['/apis/add-custom', '/apis/add-custom.php']) {
          const res = await app.inject({ url: url + Q, headers: c.headers });
          if (c.status === 200) assert.deepEqual(res.json(), result('Custom Header Auth (api_key + api_secret)'));
          else {
            assert.deepEqual(assertClientError(res, 401), { success: false, error: MSG.custom + (c.hint ?? '') });
            // The hint header says at least what the message adds, and something on every refusal.
            assert.ok(
              String(res.headers['x-error-hint']).includes(c.hint?.trim() ?? ''),
              String(res.headers['x-error-hint']),
            );
            assert.ok(res.headers['x-error-hint']);
          }
        }
      });
    }
  });

  describe('add-basic', () => {
    const cases: Case[] = [
      {
        name: 'right user and password',
        headers: basic(LAB.BASIC_AUTH_USERNAME, LAB.BASIC_AUTH_PASSWORD),
        status: 200,
      },
      {
        name: 'lower-case scheme',
        headers: {
          authorization: `basic ${Buffer.from(`${LAB.BASIC_AUTH_USERNAME}:${LAB.BASIC_AUTH_PASSWORD}`).toString('base64')}`,
        },
        status: 200,
      },
      { name: 'missing Authorization', headers: {}, status: 401 },
      { name: 'wrong password', headers: basic(LAB.BASIC_AUTH_USERNAME, 'wrong'), status: 401 },
      { name: 'wrong user', headers: basic('someone', LAB.BASIC_AUTH_PASSWORD), status: 401 },
      { name: 'empty user and password', headers: basic('', ''), status: 401 },
      {
        name: 'password with an extra colon part',
        headers: basic(LAB.BASIC_AUTH_USERNAME, `${LAB.BASIC_AUTH_PASSWORD}:x`),
        status: 401,
      },
      { name: 'malformed: not base64', headers: { authorization: 'Basic !!!not-base64!!!' }, status: 401 },
      {
        name: 'malformed: no colon in the decoded value',
        headers: { authorization: `Basic ${Buffer.from('labuser').toString('base64')}` },
        status: 401,
      },
      { name: 'malformed: scheme only', headers: { authorization: 'Basic' }, status: 401 },
      {
        name: 'malformed: credentials unencoded',
        headers: { authorization: `Basic ${LAB.BASIC_AUTH_USERNAME}:${LAB.BASIC_AUTH_PASSWORD}` },
        status: 401,
      },
      { name: 'Bearer scheme', headers: { authorization: 'Bearer abc.def.ghi' }, status: 401 },
    ];
    for (const c of cases) {
      test(c.name, async () => {
        for (const url of ['/apis/add-basic', '/apis/add-basic.php']) {
          const res = await app.inject({ url: url + Q, headers: c.headers });
          if (c.status === 200) {
            assert.deepEqual(res.json(), result('Basic Auth'));
          } else {
            assert.deepEqual(assertClientError(res, 401), { success: false, error: MSG.basic });
            assert.match(String(res.headers['www-authenticate']), /^Basic realm="[^"]+"/);
          }
        }
      });
    }
  });

  describe('add-bearer', () => {
    const signWith = (secret: string, alg = 'HS256') =>
      new SignJWT({})
        .setProtectedHeader({ alg, typ: 'JWT' })
        .setSubject('add-bearer')
        .setIssuer('sample-utility-service')
        .setAudience('add-bearer')
        .setIssuedAt(Math.floor(T0 / 1000))
        .setExpirationTime(Math.floor(T0 / 1000) + 3600)
        .sign(new TextEncoder().encode(secret));

    const cases: {
      name: string;
      authorization: () => Promise<string | undefined>;
      status: 200 | 401;
      code?: string;
    }[] = [
      { name: 'token from add-token', authorization: async () => `Bearer ${token}`, status: 200 },
      { name: 'lower-case scheme', authorization: async () => `bearer ${token}`, status: 200 },
      { name: 'missing Authorization', authorization: async () => undefined, status: 401, code: 'unauthorized_bearer' },
      {
        name: 'scheme without a token',
        authorization: async () => 'Bearer ',
        status: 401,
        code: 'unauthorized_bearer_malformed',
      },
      {
        name: 'garbage token',
        authorization: async () => 'Bearer not-a-jwt',
        status: 401,
        code: 'unauthorized_bearer_malformed',
      },
      {
        name: 'token sent with the Basic scheme',
        authorization: async () => `Basic ${token}`,
        status: 401,
        code: 'unauthorized_bearer_scheme',
      },
      {
        name: 'token without a scheme',
        authorization: async () => token,
        status: 401,
        code: 'unauthorized_bearer_scheme',
      },
      {
        name: 'tampered payload (exp pushed back)',
        authorization: async () => {
          const [h, p, s] = token.split('.');
          const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, number>;
          return `Bearer ${h}.${b64url({ ...claims, exp: claims.exp! + 864000 })}.${s}`;
        },
        status: 401,
        code: 'unauthorized_bearer_signature',
      },
      {
        name: 'tampered signature',
        authorization: async () => `Bearer ${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`,
        status: 401,
        code: 'unauthorized_bearer_signature',
      },
      {
        name: 'alg none',
        authorization: async () => `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(decodeJwt(token))}.`,
        status: 401,
        code: 'unauthorized_bearer_claims',
      },
      {
        name: 'signed with a foreign secret',
        authorization: async () => `Bearer ${await signWith('a-foreign-secret-that-is-long-enough-123')}`,
        status: 401,
        code: 'unauthorized_bearer_signature',
      },
      {
        name: 'right secret, HS384 (algorithm pinned)',
        authorization: async () => `Bearer ${await signWith(TEST_JWT_SECRET, 'HS384')}`,
        status: 401,
        code: 'unauthorized_bearer_claims',
      },
    ];
    for (const c of cases) {
      test(c.name, async () => {
        const authorization = await c.authorization();
        for (const url of ['/apis/add-bearer', '/apis/add-bearer.php']) {
          const res = await app.inject({ url: url + Q, headers: authorization === undefined ? {} : { authorization } });
          if (c.status === 200) {
            assert.deepEqual(res.json(), result('Bearer Token (JWT)'));
          } else {
            assert.deepEqual(assertClientError(res, 401), { success: false, error: MSG.bearer });
            assert.match(String(res.headers['www-authenticate']), /^Bearer realm="[^"]+"/);
            assert.equal(res.headers['x-error-code'], c.code);
            assert.ok(res.headers['x-error-hint'], 'a hint beside the code');
          }
        }
      });
    }

    test('the issued token is HS256 with iat and exp one hour apart', () => {
      assert.equal(decodeProtectedHeader(token).alg, 'HS256');
      const claims = decodeJwt(token);
      assert.equal(claims.iat, Math.floor(T0 / 1000));
      assert.equal(claims.exp, Math.floor(T0 / 1000) + 3600);
    });

    test('expiry: valid until one hour after issue, 401 from then on (injected clock)', async () => {
      const fresh = await issueToken(app);
      const call = () => app.inject({ url: `/apis/add-bearer${Q}`, headers: bearer(fresh) });
      try {
        clock.set(T0 + 3599_000);
        assert.equal((await call()).statusCode, 200);
        clock.set(T0 + 3600_000);
        const res = await call();
        assert.deepEqual(assertClientError(res, 401), { success: false, error: MSG.bearer });
        assert.match(String(res.headers['www-authenticate']), /error="invalid_token"/);
        assert.equal(res.headers['x-error-code'], 'unauthorized_bearer_expired');
        assert.match(String(res.headers['x-error-hint']), /^The token expired at 2030-06-01T09:00:00\.000Z /);
        clock.set(T0 + 86_400_000);
        assert.equal((await call()).statusCode, 401);
      } finally {
        clock.set(T0);
      }
    });
  });

  describe('survey_api', () => {
    const cases: Case[] = [
      { name: 'right key and secret', headers: { key: LAB.SURVEY_KEY, secret: LAB.SURVEY_SECRET }, status: 200 },
      { name: 'both missing', headers: {}, status: 401 },
      {
        name: 'secret missing',
        headers: { key: LAB.SURVEY_KEY },
        status: 401,
        hint: ' Missing header secret (key and secret are both required).',
      },
      {
        name: 'key missing',
        headers: { secret: LAB.SURVEY_SECRET },
        status: 401,
        hint: ' Missing header key (key and secret are both required).',
      },
      { name: 'wrong secret', headers: { key: LAB.SURVEY_KEY, secret: 'wrong' }, status: 401 },
      {
        name: 'wrong key (another GUID)',
        headers: { key: '00000000-0000-4000-8000-000000000000', secret: LAB.SURVEY_SECRET },
        status: 401,
      },
      { name: 'key not a GUID', headers: { key: 'abc', secret: LAB.SURVEY_SECRET }, status: 401 },
      {
        name: 'the add-custom pair',
        headers: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET },
        status: 401,
      },
    ];
    for (const c of cases) {
      test(c.name, async () => {
        for (const url of ['/survey_api.php', '/survey_api']) {
          const res = await app.inject({ method: 'POST', url, headers: c.headers });
          if (c.status === 200) {
            assert.equal(res.statusCode, 200, res.body);
            assert.equal(res.json().success, true);
          } else {
            // The interface's message byte for byte; the hint beside it, in its own header.
            assert.deepEqual(assertClientError(res, 401), { success: false, error: MSG.survey });
            // The hint header says at least what the message adds, and something on every refusal.
            assert.ok(
              String(res.headers['x-error-hint']).includes(c.hint?.trim() ?? ''),
              String(res.headers['x-error-hint']),
            );
            assert.ok(res.headers['x-error-hint']);
          }
        }
      });
    }
  });

  describe('add-token', () => {
    test('right credentials: success, token, token_type Bearer, expires_in 3600', async () => {
      for (const url of ['/apis/add-token', '/apis/add-token.php']) {
        const res = await app.inject({
          method: 'POST',
          url,
          payload: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET },
        });
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json();
        assert.deepEqual(Object.keys(body).sort(), ['expires_in', 'success', 'token', 'token_type']);
        assert.equal(body.success, true);
        assert.equal(body.token_type, 'Bearer');
        assert.equal(body.expires_in, 3600);
        assert.match(body.token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      }
    });

    const unauthorized: [string, object][] = [
      ['wrong key', { api_key: 'wrong', api_secret: LAB.ADD_API_SECRET }],
      ['wrong secret', { api_key: LAB.ADD_API_KEY, api_secret: 'wrong' }],
      ['secret missing', { api_key: LAB.ADD_API_KEY }],
      ['key missing', { api_secret: LAB.ADD_API_SECRET }],
      ['empty object', {}],
      ['the Basic pair', { api_key: LAB.BASIC_AUTH_USERNAME, api_secret: LAB.BASIC_AUTH_PASSWORD }],
    ];
    for (const [name, payload] of unauthorized) {
      test(`401: ${name}`, async () => {
        const res = await app.inject({ method: 'POST', url: '/apis/add-token', payload });
        assert.deepEqual(assertClientError(res, 401), { success: false, error: MSG.token });
      });
    }

    const malformed: [string, string, string][] = [
      ['broken JSON', 'application/json', '{"api_key": '],
      ['a JSON array', 'application/json', '[]'],
      ['a JSON string', 'application/json', '"x"'],
      ['JSON null', 'application/json', 'null'],
      ['a number as api_key', 'application/json', `{"api_key": 1, "api_secret": "${LAB.ADD_API_SECRET}"}`],
      ['an empty body', 'application/json', ''],
    ];
    for (const [name, type, payload] of malformed) {
      test(`400: ${name}`, async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/apis/add-token',
          headers: { 'content-type': type },
          payload,
        });
        assertClientError(res, 400);
      });
    }

    test('credentials in headers only, without a body, are not a token', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/apis/add-token',
        headers: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET },
      });
      assert.ok(res.statusCode === 400 || res.statusCode === 401, res.body);
      assertClientError(res);
    });
  });

  describe('auth runs before input is validated or read', () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['add-apikey', '/apis/add-apikey?input1=x', {}, MSG.apikey],
      [
        'add-custom',
        '/apis/add-custom',
        { api_key: LAB.ADD_API_KEY },
        `${MSG.custom} Missing header api_secret (api_key and api_secret are both required).`,
      ],
      ['add-basic', '/apis/add-basic?input1=1.5&input2=', {}, MSG.basic],
      ['add-bearer', '/apis/add-bearer', {}, MSG.bearer],
    ];
    for (const [name, url, headers, message] of cases) {
      test(`${name}: bad input without credentials is 401, not 400`, async () => {
        assert.deepEqual(assertClientError(await app.inject({ url, headers }), 401), {
          success: false,
          error: message,
        });
      });
    }
    test('survey: a 2 MB body without credentials is 401, not 413', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/survey_api.php',
        headers: { 'content-type': 'application/json' },
        payload: 'x'.repeat(2 * 1024 * 1024),
      });
      assert.deepEqual(assertClientError(res, 401), { success: false, error: MSG.survey });
    });
  });
});

describe('tokens across apps: no lookup, only the shared secret', () => {
  let a: FastifyInstance;
  let sameSecret: FastifyInstance;
  let otherSecret: FastifyInstance;
  before(async () => {
    a = await buildTestApp();
    sameSecret = await buildTestApp();
    otherSecret = await buildTestApp({ env: { JWT_SECRET: 'another-jwt-secret-0123456789abcdef-99' } });
  });
  after(async () => {
    await Promise.all([a.close(), sameSecret.close(), otherSecret.close()]);
  });

  test('a token from one app is accepted by another with the same JWT_SECRET', async () => {
    const t = await issueToken(a);
    assert.equal((await sameSecret.inject({ url: `/apis/add-bearer${Q}`, headers: bearer(t) })).statusCode, 200);
  });

  test('and refused by an app with a different JWT_SECRET', async () => {
    const t = await issueToken(a);
    assertClientError(await otherSecret.inject({ url: `/apis/add-bearer${Q}`, headers: bearer(t) }), 401);
  });

  test('TOKEN_TTL_SECONDS sets expires_in and exp', async () => {
    const app = await buildTestApp({ env: { TOKEN_TTL_SECONDS: '60' } });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/apis/add-token',
        payload: { api_key: LAB.ADD_API_KEY, api_secret: LAB.ADD_API_SECRET },
      });
      const body = res.json();
      assert.equal(body.expires_in, 60);
      const claims = decodeJwt(body.token);
      assert.equal(claims.exp! - claims.iat!, 60);
    } finally {
      await app.close();
    }
  });

  test('configured credentials replace the lab ones', async () => {
    const app = await buildTestApp({
      env: { ADD_API_KEY: 'k-123', ADD_API_SECRET: 's-456', BASIC_AUTH_USERNAME: 'u', BASIC_AUTH_PASSWORD: 'p' },
    });
    try {
      assert.equal((await app.inject({ url: `/apis/add-apikey${Q}`, headers: { api_key: 'k-123' } })).statusCode, 200);
      assert.equal(
        (await app.inject({ url: `/apis/add-apikey${Q}`, headers: { api_key: LAB.ADD_API_KEY } })).statusCode,
        401,
      );
      assert.equal((await app.inject({ url: `/apis/add-basic${Q}`, headers: basic('u', 'p') })).statusCode, 200);
      const tok = await app.inject({
        method: 'POST',
        url: '/apis/add-token',
        payload: { api_key: 'k-123', api_secret: 's-456' },
      });
      assert.equal(tok.statusCode, 200);
    } finally {
      await app.close();
    }
  });
});

// The lab OAuth server through a real OAuth client library (openid-client) on a real socket:
// discovery, client credentials, and add-oauth's answers to the tokens it gets (200, 401, 403).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import * as client from 'openid-client';
import { SignJWT, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { buildTestApp, issueToken, LAB, settableClock } from '../helpers/app.ts';
import { addOAuth, startOAuthApp, type OAuthApp } from './helpers.ts';

const SIGNING_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

describe('lab OAuth server: discovery and client credentials', () => {
  let s: OAuthApp;
  const clock = settableClock(Date.now());
  before(async () => {
    s = await startOAuthApp({ clockMs: clock.now, env: { OAUTH_SIGNING_KEY: SIGNING_KEY } });
  });
  after(() => s.close());

  test('RFC 8414 metadata and OpenID discovery name the same endpoints, under /oauth', async () => {
    const [a, b] = await Promise.all(
      ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'].map(async (p) => {
        const res = await fetch(s.issuer + p);
        assert.equal(res.status, 200, p);
        return (await res.json()) as Record<string, unknown>;
      }),
    );
    assert.deepEqual(a, b);
    assert.equal(a!.issuer, s.issuer);
    assert.equal(a!.authorization_endpoint, `${s.issuer}/oauth/authorize`);
    assert.equal(a!.token_endpoint, `${s.issuer}/oauth/token`);
    assert.equal(a!.jwks_uri, `${s.issuer}/oauth/jwks`);
    assert.equal(a!.introspection_endpoint, `${s.issuer}/oauth/introspect`);
    assert.deepEqual(a!.code_challenge_methods_supported, ['S256']);
    for (const g of ['authorization_code', 'refresh_token', 'client_credentials'])
      assert.ok((a!.grant_types_supported as string[]).includes(g), g);
    assert.ok((a!.scopes_supported as string[]).includes('addition'));
  });

  test('the JWKS publishes the public half of the configured key only', async () => {
    const jwks = (await (await fetch(`${s.issuer}/oauth/jwks`)).json()) as { keys: Record<string, unknown>[] };
    assert.equal(jwks.keys.length, 1);
    assert.equal(jwks.keys[0]!.crv, 'P-256');
    assert.equal(jwks.keys[0]!.d, undefined);
  });

  test('client credentials with scope addition: a JWT access token that add-oauth (and its .php twin) accepts', async () => {
    const tokens = await client.clientCredentialsGrant(s.as, { scope: 'addition' });
    assert.equal(tokens.token_type, 'bearer');
    assert.equal(tokens.scope, 'addition');
    assert.equal(tokens.expires_in, 3600);
    assert.equal(tokens.refresh_token, undefined, 'no refresh token for client credentials');
    assert.equal(decodeProtectedHeader(tokens.access_token).typ, 'at+jwt');
    const claims = decodeJwt(tokens.access_token);
    assert.equal(claims.iss, s.issuer);
    assert.equal(claims.aud, `${s.issuer}/apis`);
    for (const path of ['/apis/add-oauth', '/apis/add-oauth.php']) {
      const res = await addOAuth(s.issuer, `Bearer ${tokens.access_token}`, path);
      assert.equal(res.status, 200, path);
      assert.deepEqual(res.body, {
        success: true,
        auth_method: 'OAuth 2.0',
        operation: 'addition',
        input1: 5,
        input2: 7,
        result: 12,
      });
    }
  });

  test('a resource server verifies the token with the published JWKS (jose, no shared secret)', async () => {
    const tokens = await client.clientCredentialsGrant(s.as, { scope: 'addition' });
    const { payload } = await jwtVerify(tokens.access_token, createRemoteJWKSet(new URL(`${s.issuer}/oauth/jwks`)), {
      issuer: s.issuer,
      audience: `${s.issuer}/apis`,
      typ: 'at+jwt',
    });
    assert.equal(payload.scope, 'addition');
    assert.equal(payload.client_id, LAB.OAUTH_CLIENT_ID);
  });

  test('a wrong client secret gets no token (invalid_client)', async () => {
    const wrong = await client.discovery(new URL(s.issuer), LAB.OAUTH_CLIENT_ID, 'not-the-secret-0000', undefined, {
      execute: [client.allowInsecureRequests],
    });
    await assert.rejects(
      client.clientCredentialsGrant(wrong, { scope: 'addition' }),
      (err: Error & { error?: string }) => {
        assert.equal(err.error, 'invalid_client');
        return true;
      },
    );
  });

  // A token is issued for what the client may have of what it asked: without addition, add-oauth says 403.
  for (const scope of [undefined, 'admin', 'offline_access']) {
    test(`a token asked with scope ${String(scope)}: no addition scope, 403 insufficient_scope with a Bearer challenge`, async () => {
      const tokens = await client.clientCredentialsGrant(s.as, scope === undefined ? {} : { scope });
      assert.ok(!(tokens.scope ?? '').split(' ').includes('addition'));
      const res = await addOAuth(s.issuer, `Bearer ${tokens.access_token}`);
      assert.equal(res.status, 403);
      assert.deepEqual(res.body, { success: false, error: "Forbidden. The access token lacks the scope 'addition'." });
      assert.equal(res.headers.get('x-error-code'), 'insufficient_scope');
      const challenge = res.headers.get('www-authenticate') ?? '';
      assert.match(challenge, /^Bearer realm="sample-utility-service", scope="addition", error="insufficient_scope"/);
      assert.match(res.headers.get('x-error-hint') ?? '', /scope addition/);
    });
  }

  // Each refusal: 401, the catalogue's message, a Bearer challenge, and a hint a learner can act on.
  const refusals: { name: string; authorization: () => Promise<string | undefined>; hint: RegExp; error?: string }[] = [
    { name: 'no Authorization header', authorization: async () => undefined, hint: /Authorization: Bearer/ },
    {
      name: 'Basic instead of Bearer',
      authorization: async () => 'Basic dXNlcjpwYXNz',
      hint: /Bearer scheme/,
      error: 'invalid_request',
    },
    {
      name: 'a value that is no JWT',
      authorization: async () => 'Bearer not-a-jwt',
      hint: /not a JWT/,
      error: 'invalid_token',
    },
    {
      name: 'a token of add-token (for add-bearer)',
      authorization: async () => {
        const app = await buildTestApp({ docs: 'none' });
        try {
          return `Bearer ${await issueToken(app)}`;
        } finally {
          await app.close();
        }
      },
      hint: /add-token/,
      error: 'invalid_token',
    },
    {
      name: 'a token signed by another key, with the same claims',
      authorization: async () => {
        const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        const now = Math.floor(Date.now() / 1000);
        const jwt = await new SignJWT({ scope: 'addition', client_id: LAB.OAUTH_CLIENT_ID })
          .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
          .setIssuer(s.issuer)
          .setAudience(`${s.issuer}/apis`)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(privateKey);
        return `Bearer ${jwt}`;
      },
      hint: /not issued for this API/,
      error: 'invalid_token',
    },
    {
      name: 'an expired token (the clock past its hour)',
      authorization: async () => {
        const tokens = await client.clientCredentialsGrant(s.as, { scope: 'addition' });
        clock.advance(3601_000);
        return `Bearer ${tokens.access_token}`;
      },
      hint: /expired/,
      error: 'invalid_token',
    },
  ];
  for (const r of refusals) {
    test(`401 unauthorized_oauth: ${r.name}`, async () => {
      clock.set(Date.now());
      const res = await addOAuth(s.issuer, await r.authorization());
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, {
        success: false,
        error: 'Unauthorized. Missing, invalid or expired OAuth 2.0 access token.',
      });
      assert.equal(res.headers.get('x-error-code'), 'unauthorized_oauth');
      const challenge = res.headers.get('www-authenticate') ?? '';
      assert.match(challenge, /^Bearer realm="sample-utility-service", scope="addition"/);
      if (r.error) assert.match(challenge, new RegExp(`error="${r.error}"`));
      else assert.doesNotMatch(challenge, /error=/);
      assert.match(res.headers.get('x-error-hint') ?? '', r.hint);
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /WWW-Authenticate/);
    });
  }

  test('replicas: another app with the same OAUTH_SIGNING_KEY and issuer accepts the token', async () => {
    clock.set(Date.now());
    const tokens = await client.clientCredentialsGrant(s.as, { scope: 'addition' });
    const replica = await buildTestApp({
      docs: 'none',
      env: { OAUTH_ISSUER: s.issuer, OAUTH_SIGNING_KEY: SIGNING_KEY },
    });
    const other = await buildTestApp({ docs: 'none', env: { OAUTH_ISSUER: s.issuer } });
    try {
      const ask = (app: typeof replica) =>
        app.inject({
          url: '/apis/add-oauth?input1=1&input2=2',
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
      assert.equal((await ask(replica)).statusCode, 200);
      assert.equal((await ask(other)).statusCode, 401, 'a replica with its own key refuses it');
    } finally {
      await replica.close();
      await other.close();
    }
  });

  test('no log line holds the client secret, a token or the signing key', async () => {
    const tokens = await client.clientCredentialsGrant(s.as, { scope: 'addition' });
    await addOAuth(s.issuer, `Bearer ${tokens.access_token}`);
    const logs = s.logLines.join('');
    assert.ok(logs.includes('/oauth/token'), 'the token requests were logged');
    for (const secret of [
      LAB.OAUTH_CLIENT_SECRET,
      tokens.access_token,
      tokens.access_token.split('.')[2]!,
      'PRIVATE KEY',
    ])
      assert.ok(!logs.includes(secret), 'a secret in the logs');
    assert.doesNotMatch(logs, /"authorization":"(Basic|Bearer) /i);
  });
});

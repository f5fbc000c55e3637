// The OAuth server's settings: lab users, redirect URI patterns and their matching, signing keys,
// and loadConfig's refusal of bad OAUTH_* values (naming the variable, never echoing a secret).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import {
  parseOAuthUsers,
  parseRedirectUris,
  publicJwk,
  redirectUriMatches,
  redirectUriProblem,
  signingKey,
} from '../../src/oauth/settings.ts';
import { ConfigError, LAB_DEFAULTS, loadConfig } from '../../src/config.ts';

describe('parseOAuthUsers', () => {
  const ok: [string, { username: string; password: string }[]][] = [
    ['student:pw', [{ username: 'student', password: 'pw' }]],
    [
      ' a:1 , b.c@d:x:y ,',
      [
        { username: 'a', password: '1' },
        { username: 'b.c@d', password: 'x:y' },
      ],
    ],
  ];
  for (const [raw, users] of ok)
    test(`reads ${JSON.stringify(raw)}`, () => assert.deepEqual(parseOAuthUsers(raw), users));
  const bad: [string, RegExp][] = [
    ['', /at least one/],
    ['student', /entry 1 must be username:password/],
    ['a:1,b:', /entry 2/],
    ['bad name:pw', /entry 1/],
    ['a:1,a:2', /listed twice/],
  ];
  for (const [raw, message] of bad)
    test(`refuses ${JSON.stringify(raw)}`, () => assert.throws(() => parseOAuthUsers(raw), message));
  test('a refusal never echoes the password', () => {
    assert.throws(
      () => parseOAuthUsers('ok:1,bad name:hunter2-secret'),
      (err: Error) => !err.message.includes('hunter2'),
    );
  });
});

describe('redirect URI patterns', () => {
  const problems: [string, RegExp | undefined][] = [
    ['https://oauth.pstmn.io/v1/callback', undefined],
    ['https://*.consent.azure-apim.net/redirect', undefined],
    ['https://global.consent.azure-apim.net/redirect/*', undefined],
    ['http://localhost:3000/cb', undefined],
    ['http://127.0.0.1/cb', undefined],
    ['http://example.com/cb', /https/],
    ['not a url', /absolute URL/],
    ['https://example.com/cb#frag', /fragment/],
    ['https://user:pw@example.com/cb', /credentials/],
    ['https://*.net/cb', /first label/],
    ['https://a.*.example.com/cb', /first label/],
    ['https://example.com/*/cb', /last path segment/],
    ['https://example.com/cb?x=*', /query/],
  ];
  for (const [uri, problem] of problems) {
    test(`${uri}: ${problem ?? 'allowed'}`, () => {
      const p = redirectUriProblem(uri);
      if (problem === undefined) assert.equal(p, undefined);
      else assert.match(p ?? '', problem);
    });
  }

  const matches: [string, string, boolean][] = [
    ['https://oauth.pstmn.io/v1/callback', 'https://oauth.pstmn.io/v1/callback', true],
    ['https://oauth.pstmn.io/v1/callback', 'https://oauth.pstmn.io/v1/callback/', false],
    ['https://oauth.pstmn.io/v1/callback', 'https://OAUTH.pstmn.io/v1/callback', false],
    ['https://*.consent.azure-apim.net/redirect', 'https://europe-002.consent.azure-apim.net/redirect', true],
    ['https://*.consent.azure-apim.net/redirect', 'https://consent.azure-apim.net/redirect', false],
    ['https://*.consent.azure-apim.net/redirect', 'https://a.b.consent.azure-apim.net/redirect', false],
    ['https://*.consent.azure-apim.net/redirect', 'https://evil.com/.consent.azure-apim.net/redirect', false],
    ['https://*.consent.azure-apim.net/redirect', 'https://evilconsent.azure-apim.net/redirect', false],
    ['https://*.consent.azure-apim.net/redirect', 'http://x.consent.azure-apim.net/redirect', false],
    ['https://*.consent.azure-apim.net/redirect', 'https://x.consent.azure-apim.net:8443/redirect', false],
    ['https://*.consent.azure-apim.net/redirect', 'https://x.consent.azure-apim.net/redirect#a', false],
    ['https://*.consent.azure-apim.net/redirect', 'https://u:p@x.consent.azure-apim.net/redirect', false],
    [
      'https://global.consent.azure-apim.net/redirect/*',
      'https://global.consent.azure-apim.net/redirect/cr123-5fmy-20connector',
      true,
    ],
    ['https://global.consent.azure-apim.net/redirect/*', 'https://global.consent.azure-apim.net/redirect/a/b', true],
    ['https://global.consent.azure-apim.net/redirect/*', 'https://global.consent.azure-apim.net/redirect/', false],
    ['https://global.consent.azure-apim.net/redirect/*', 'https://global.consent.azure-apim.net/redirect', false],
    ['https://global.consent.azure-apim.net/redirect/*', 'https://global.consent.azure-apim.net/redirectx/a', false],
    [
      'https://global.consent.azure-apim.net/redirect/*',
      'https://global.consent.azure-apim.net/redirect/../../x',
      false,
    ],
    ['https://global.consent.azure-apim.net/redirect/*', 'https://global.consent.azure-apim.net/redirect/a?x=1', false],
    ['https://*.consent.azure-apim.net/redirect/*', 'https://unitedstates.consent.azure-apim.net/redirect/c1', true],
  ];
  for (const [pattern, uri, expected] of matches) {
    test(`${pattern} ${expected ? 'allows' : 'refuses'} ${uri}`, () =>
      assert.equal(redirectUriMatches(pattern, uri), expected));
  }

  test('the lab defaults let in Postman and Power Automate, and are valid patterns', () => {
    const patterns = parseRedirectUris(LAB_DEFAULTS.OAUTH_REDIRECT_URIS);
    for (const uri of [
      'https://oauth.pstmn.io/v1/callback',
      'https://oauth.pstmn.io/v1/browser-callback',
      'https://global.consent.azure-apim.net/redirect',
      'https://unitedstates-002.consent.azure-apim.net/redirect',
      'https://global.consent.azure-apim.net/redirect/cr8f1-5fsample-20utility-5f1a2b3c4d5e6f7a8b',
    ])
      assert.ok(
        patterns.some((p) => redirectUriMatches(p, uri)),
        uri,
      );
    assert.ok(!patterns.some((p) => redirectUriMatches(p, 'https://attacker.example/callback')));
  });
});

describe('signingKey', () => {
  test('unset: a new P-256 key per call, marked generated, with an RFC 7638 kid', () => {
    const a = signingKey('');
    const b = signingKey('');
    assert.equal(a.generated, true);
    assert.equal(a.jwk.alg, 'ES256');
    assert.notEqual(a.jwk.kid, b.jwk.kid);
    assert.match(a.jwk.kid, /^[A-Za-z0-9_-]{43}$/);
  });
  const pem = (type: 'rsa' | 'ec', opts: { modulusLength?: number; namedCurve?: string }) =>
    (type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: opts.modulusLength ?? 2048 })
      : generateKeyPairSync('ec', { namedCurve: opts.namedCurve ?? 'P-256' })
    ).privateKey
      .export({ format: 'pem', type: 'pkcs8' })
      .toString();
  test('an RSA 2048 PEM gives RS256, the same kid each time (replicas agree), and a public half without d', () => {
    const p = pem('rsa', { modulusLength: 2048 });
    const a = signingKey(p);
    assert.equal(a.jwk.alg, 'RS256');
    assert.equal(a.generated, false);
    assert.equal(signingKey(p).jwk.kid, a.jwk.kid);
    assert.equal(signingKey(p.replaceAll('\n', '\\n')).jwk.kid, a.jwk.kid, 'escaped newlines, as in an env file');
    const pub = publicJwk(a.jwk);
    for (const k of ['d', 'p', 'q', 'dp', 'dq', 'qi']) assert.equal((pub as Record<string, unknown>)[k], undefined);
    assert.equal(pub.kid, a.jwk.kid);
  });
  test('refuses a small RSA key, another curve, and what is not a PEM key', () => {
    assert.throws(() => signingKey(pem('rsa', { modulusLength: 1024 })), /at least 2048/);
    assert.throws(() => signingKey(pem('ec', { namedCurve: 'P-384' })), /P-256/);
    assert.throws(() => signingKey('hello'), /PEM private key/);
  });
});

describe('loadConfig: OAUTH_* variables', () => {
  test('defaults: issuer from PORT, the lab client and user, a generated key and cookie secret', () => {
    const c = loadConfig({ PORT: '9090' }).oauth;
    assert.equal(c.issuer, 'http://localhost:9090');
    assert.equal(c.clientId, LAB_DEFAULTS.OAUTH_CLIENT_ID);
    assert.equal(c.clientSecret, LAB_DEFAULTS.OAUTH_CLIENT_SECRET);
    assert.deepEqual(c.users, [{ username: 'student', password: 'lab-oauth-password-7c2e' }]);
    assert.equal(c.signingKeyGenerated, true);
    assert.equal(c.cookieSecretGenerated, true);
    assert.equal(c.accessTokenTtlSeconds, 3600);
  });
  test('an issuer with a trailing slash is read without it', () => {
    assert.equal(loadConfig({ OAUTH_ISSUER: 'https://lab.example.org/' }).oauth.issuer, 'https://lab.example.org');
  });
  const bad: [Record<string, string>, RegExp][] = [
    [{ OAUTH_ISSUER: 'lab.example.org' }, /^OAUTH_ISSUER /],
    [{ OAUTH_ISSUER: 'https://lab.example.org/prefix' }, /^OAUTH_ISSUER /],
    [{ OAUTH_ISSUER: 'ftp://lab.example.org' }, /^OAUTH_ISSUER /],
    [{ OAUTH_CLIENT_SECRET: 'short' }, /^OAUTH_CLIENT_SECRET must be at least 16/],
    [{ OAUTH_CLIENT_ID: 'a b' }, /^OAUTH_CLIENT_ID /],
    [
      { OAUTH_REDIRECT_URIS: 'http://example.com/cb' },
      /^OAUTH_REDIRECT_URIS entry "http:\/\/example.com\/cb" must be https/,
    ],
    [{ OAUTH_USERS: 'nopassword' }, /^OAUTH_USERS entry 1/],
    [{ OAUTH_SIGNING_KEY: 'not-a-key' }, /^OAUTH_SIGNING_KEY must be a PEM/],
    [{ OAUTH_COOKIE_SECRET: 'x'.repeat(31) }, /^OAUTH_COOKIE_SECRET must be at least 32/],
    [{ OAUTH_ACCESS_TOKEN_TTL_SECONDS: '10' }, /^OAUTH_ACCESS_TOKEN_TTL_SECONDS /],
  ];
  for (const [env, message] of bad) {
    test(`refuses ${JSON.stringify(env)}`, () => {
      assert.throws(
        () => loadConfig(env),
        (err: Error) => err instanceof ConfigError && message.test(err.message),
      );
    });
  }
  test('a refused cookie secret or client secret is never echoed', () => {
    for (const env of [{ OAUTH_COOKIE_SECRET: 'my-cookie-secret' }, { OAUTH_CLIENT_SECRET: 'tiny-secret' }]) {
      assert.throws(
        () => loadConfig(env),
        (err: Error) => !err.message.includes(String(Object.values(env)[0])),
      );
    }
  });
});

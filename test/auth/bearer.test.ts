import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT, errors as joseErrors, generateKeyPair } from 'jose';
import { readBearer, tokenFailure } from '../../src/auth/bearer.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln';

describe('readBearer: what an Authorization header holds for add-bearer', () => {
  const cases: [string, string | undefined, string, RegExp?][] = [
    ['a token', `Bearer ${JWT}`, 'token'],
    ['lower-case scheme, extra spaces', `bearer   ${JWT}  `, 'token'],
    ['a token without a signature part', 'Bearer a.b.', 'token'],
    ['no header', undefined, 'unauthorized_bearer', /^Send the header Authorization: Bearer <token>/],
    ['an empty header', '  ', 'unauthorized_bearer', /Authorization: Bearer <token>/],
    ['a bare token', JWT, 'unauthorized_bearer_scheme', /no 'Bearer ' prefix/],
    ['a bare word', 'token', 'unauthorized_bearer_scheme', /no 'Bearer ' prefix/],
    ['the Basic scheme', 'Basic dXNlcjpwYXNz', 'unauthorized_bearer_scheme', /uses the Basic scheme/],
    ['the Token scheme', `Token ${JWT}`, 'unauthorized_bearer_scheme', /uses the Token scheme/],
    ['Bearer without a token', 'Bearer', 'unauthorized_bearer_malformed', /no token after it/],
    ['Bearer and a space', 'Bearer ', 'unauthorized_bearer_malformed', /no token after it/],
    ['a quoted token', `Bearer "${JWT}"`, 'unauthorized_bearer_malformed', /in quotes: send it bare/],
    ['a single-quoted token', `Bearer '${JWT}'`, 'unauthorized_bearer_malformed', /in quotes/],
    [
      'an unset Postman variable',
      'Bearer {{token}}',
      'unauthorized_bearer_malformed',
      /Postman variable .*\{\{token\}\}/,
    ],
    ['a placeholder', 'Bearer <ACCESS_TOKEN>', 'unauthorized_bearer_malformed', /placeholder \(<ACCESS_TOKEN>\)/],
    ['Bearer twice', `Bearer Bearer ${JWT}`, 'unauthorized_bearer_malformed', /written twice/],
    ['not a JWT', 'Bearer not-a-jwt', 'unauthorized_bearer_malformed', /not a JWT/],
    [
      'a token cut by a space',
      `Bearer ${JWT.slice(0, 10)} ${JWT.slice(10)}`,
      'unauthorized_bearer_malformed',
      /not a JWT/,
    ],
  ];
  for (const [name, header, expected, hint] of cases) {
    test(name, () => {
      const r = readBearer(header);
      if (expected === 'token') {
        assert.ok('token' in r, JSON.stringify(r));
        assert.equal(r.token, header!.trim().replace(/^bearer\s+/i, ''));
      } else {
        assert.ok(!('token' in r));
        assert.equal(r.code, expected);
        assert.match(r.hint, hint!);
        assert.equal(r.error, expected === 'unauthorized_bearer' ? undefined : 'invalid_request');
      }
    });
  }
});

describe('tokenFailure: why a token of the right shape failed', () => {
  test('expired: the time it expired, and the lifetime', () => {
    const err = new joseErrors.JWTExpired(
      '"exp" claim timestamp check failed',
      { exp: 1_900_000_000 },
      'exp',
      'check_failed',
    );
    const r = tokenFailure(JWT, err, 3600);
    assert.equal(r.code, 'unauthorized_bearer_expired');
    assert.equal(r.error, 'invalid_token');
    assert.match(r.hint, /^The token expired at 2030-03-17T17:46:40\.000Z \(a token lasts 3600 s\)/);
  });
  test('a signature that does not verify: the restart question and JWT_SECRET', () => {
    const r = tokenFailure(JWT, new joseErrors.JWSSignatureVerificationFailed(), 3600);
    assert.equal(r.code, 'unauthorized_bearer_signature');
    assert.match(r.hint, /not signed by this server: was it issued before a restart\? Set JWT_SECRET/);
  });
  test('an access token of the lab authorization server: go to add-oauth', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const at = await new SignJWT({ scope: 'addition' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .sign(privateKey);
    const r = tokenFailure(
      at,
      new joseErrors.JOSEAlgNotAllowed('"alg" (Algorithm) Header Parameter value not allowed'),
      3600,
    );
    assert.equal(r.code, 'unauthorized_bearer_claims');
    assert.match(r.hint, /access token of the lab authorization server, for \/apis\/add-oauth/);
  });
  test('another algorithm is named', () => {
    const none = `${Buffer.from('{"alg":"HS512"}').toString('base64url')}.e30.x`;
    const r = tokenFailure(none, new joseErrors.JOSEAlgNotAllowed('not allowed'), 3600);
    assert.match(r.hint, /signed with HS512; add-bearer takes HS256 tokens/);
  });
  test('a missing claim is named', () => {
    const err = new joseErrors.JWTClaimValidationFailed('missing required "exp" claim', {}, 'exp', 'missing');
    const r = tokenFailure(JWT, err, 3600);
    assert.equal(r.code, 'unauthorized_bearer_claims');
    assert.match(r.hint, /\(claim exp\)/);
  });
  test('a value that does not decode', () => {
    const r = tokenFailure('a.b.c', new joseErrors.JWSInvalid('bad'), 3600);
    assert.equal(r.code, 'unauthorized_bearer_malformed');
  });
});

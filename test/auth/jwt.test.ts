import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { createTokenSigner } from '../../src/auth/jwt.ts';

const SECRET = 'unit-test-secret-0123456789abcdef-xyz';
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);

function b64url(o: object) {
  return Buffer.from(JSON.stringify(o)).toString('base64url');
}

describe('createTokenSigner', () => {
  test('signs HS256 with iat and exp = iat + ttl', async () => {
    const signer = createTokenSigner(SECRET, 3600, () => T0);
    const token = await signer.sign('add-bearer');
    assert.deepEqual(decodeProtectedHeader(token), { alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    assert.equal(claims.iat, T0 / 1000);
    assert.equal(claims.exp, T0 / 1000 + 3600);
    assert.equal(signer.ttlSeconds, 3600);
    assert.equal((await signer.check(token)).ok, true);
  });

  test('expiry follows the injected clock', async () => {
    let now = T0;
    const signer = createTokenSigner(SECRET, 3600, () => now);
    const token = await signer.sign('add-bearer');
    now = T0 + 3599_000;
    assert.equal((await signer.check(token)).ok, true, 'valid 1 s before expiry');
    now = T0 + 3600_000;
    assert.equal((await signer.check(token)).ok, false, 'rejected at expiry');
    now = T0 + 7200_000;
    assert.equal((await signer.check(token)).ok, false, 'rejected an hour later');
  });

  test('another instance with the same secret accepts the token (no lookup)', async () => {
    const a = createTokenSigner(SECRET, 60, () => T0);
    const b = createTokenSigner(SECRET, 60, () => T0 + 1000);
    assert.equal((await b.check(await a.sign('add-bearer'))).ok, true);
  });

  const rejected: [string, () => Promise<string>, string][] = [
    ['empty', async () => '', 'unauthorized_bearer_malformed'],
    ['garbage', async () => 'not.a.token', 'unauthorized_bearer_malformed'],
    ['two segments', async () => 'eyJhbGciOiJIUzI1NiJ9.e30', 'unauthorized_bearer_malformed'],
    [
      'signed with another secret',
      async () => createTokenSigner('another-secret-0123456789abcdef-xyz', 3600, () => T0).sign('add-bearer'),
      'unauthorized_bearer_signature',
    ],
    [
      'alg none',
      async () => {
        const real = decodeJwt(await createTokenSigner(SECRET, 3600, () => T0).sign('add-bearer'));
        return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(real)}.`;
      },
      'unauthorized_bearer_claims',
    ],
    [
      'payload tampered (exp pushed back)',
      async () => {
        const token = await createTokenSigner(SECRET, 3600, () => T0).sign('add-bearer');
        const [h, p, s] = token.split('.');
        const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, number>;
        return `${h}.${b64url({ ...claims, exp: claims.exp! + 86400 })}.${s}`;
      },
      'unauthorized_bearer_signature',
    ],
    [
      'signature tampered',
      async () => {
        const token = await createTokenSigner(SECRET, 3600, () => T0).sign('add-bearer');
        const last = token.at(-2) === 'A' ? 'B' : 'A';
        return `${token.slice(0, -2)}${last}${token.at(-1)}`;
      },
      'unauthorized_bearer_signature',
    ],
    [
      'right secret, HS512',
      async () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS512' })
          .setIssuer('sample-utility-service')
          .setAudience('add-bearer')
          .setIssuedAt(T0 / 1000)
          .setExpirationTime(T0 / 1000 + 60)
          .sign(new TextEncoder().encode(SECRET)),
      'unauthorized_bearer_claims',
    ],
    [
      'right secret, no exp',
      async () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('sample-utility-service')
          .setAudience('add-bearer')
          .setIssuedAt(T0 / 1000)
          .sign(new TextEncoder().encode(SECRET)),
      'unauthorized_bearer_claims',
    ],
    [
      'right secret, no iat',
      async () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('sample-utility-service')
          .setAudience('add-bearer')
          .setExpirationTime(T0 / 1000 + 60)
          .sign(new TextEncoder().encode(SECRET)),
      'unauthorized_bearer_claims',
    ],
  ];
  for (const [name, make, code] of rejected) {
    test(`rejects a token: ${name} (${code})`, async () => {
      const signer = createTokenSigner(SECRET, 3600, () => T0 + 1000);
      const check = await signer.check(await make());
      assert.equal(check.ok, false);
      if (!check.ok) assert.equal(check.code, code, check.hint);
    });
  }

  test('an expired token says when it expired', async () => {
    const signer = createTokenSigner(SECRET, 3600, () => T0);
    const token = await signer.sign('add-bearer');
    const later = createTokenSigner(SECRET, 3600, () => T0 + 3600_000);
    const check = await later.check(token);
    assert.ok(!check.ok);
    assert.equal(check.code, 'unauthorized_bearer_expired');
    assert.equal(
      check.hint,
      'The token expired at 2030-01-01T13:00:00.000Z (a token lasts 3600 s); get one from POST /apis/add-token and send it.',
    );
  });
});

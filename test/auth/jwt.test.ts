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
    assert.equal(await signer.verify(token), true);
  });

  test('expiry follows the injected clock', async () => {
    let now = T0;
    const signer = createTokenSigner(SECRET, 3600, () => now);
    const token = await signer.sign('add-bearer');
    now = T0 + 3599_000;
    assert.equal(await signer.verify(token), true, 'valid 1 s before expiry');
    now = T0 + 3600_000;
    assert.equal(await signer.verify(token), false, 'rejected at expiry');
    now = T0 + 7200_000;
    assert.equal(await signer.verify(token), false, 'rejected an hour later');
  });

  test('another instance with the same secret accepts the token (no lookup)', async () => {
    const a = createTokenSigner(SECRET, 60, () => T0);
    const b = createTokenSigner(SECRET, 60, () => T0 + 1000);
    assert.equal(await b.verify(await a.sign('add-bearer')), true);
  });

  const rejected: [string, () => Promise<string>][] = [
    ['empty', async () => ''],
    ['garbage', async () => 'not.a.token'],
    ['two segments', async () => 'eyJhbGciOiJIUzI1NiJ9.e30'],
    [
      'signed with another secret',
      async () => createTokenSigner('another-secret-0123456789abcdef-xyz', 3600, () => T0).sign('add-bearer'),
    ],
    [
      'alg none',
      async () => {
        const real = decodeJwt(await createTokenSigner(SECRET, 3600, () => T0).sign('add-bearer'));
        return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(real)}.`;
      },
    ],
    [
      'payload tampered (exp pushed back)',
      async () => {
        const token = await createTokenSigner(SECRET, 3600, () => T0).sign('add-bearer');
        const [h, p, s] = token.split('.');
        const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, number>;
        return `${h}.${b64url({ ...claims, exp: claims.exp! + 86400 })}.${s}`;
      },
    ],
    [
      'signature tampered',
      async () => {
        const token = await createTokenSigner(SECRET, 3600, () => T0).sign('add-bearer');
        const last = token.at(-2) === 'A' ? 'B' : 'A';
        return `${token.slice(0, -2)}${last}${token.at(-1)}`;
      },
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
    ],
  ];
  for (const [name, make] of rejected) {
    test(`rejects a token: ${name}`, async () => {
      const signer = createTokenSigner(SECRET, 3600, () => T0 + 1000);
      assert.equal(await signer.verify(await make()), false);
    });
  }
});

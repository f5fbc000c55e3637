// HS256 tokens for add-token / add-bearer: signed and verified without a lookup,
// the algorithm pinned on verify so that `alg: none` or an RS/HS confusion fails.
import { SignJWT, jwtVerify } from 'jose';
import { tokenFailure, type BearerRefusal } from './bearer.ts';

const ISSUER = 'sample-utility-service';
const AUDIENCE = 'add-bearer';

export interface TokenSigner {
  sign(subject: string): Promise<string>;
  /** verifies a token, telling why one fails (the refusal's code and hint) */
  check(token: string): Promise<{ ok: true } | ({ ok: false } & BearerRefusal)>;
  ttlSeconds: number;
}

export function createTokenSigner(secret: string, ttlSeconds: number, now: () => number = Date.now): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(subject) {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async check(token) {
      try {
        await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['iat', 'exp'],
          currentDate: new Date(now()),
        });
        return { ok: true };
      } catch (err) {
        return { ok: false, ...tokenFailure(token, err, ttlSeconds) };
      }
    },
  };
}

// HS256 tokens for add-token / add-bearer: signed and verified without a lookup,
// the algorithm pinned on verify so that `alg: none` or an RS/HS confusion fails.
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'sample-utility-service';
const AUDIENCE = 'add-bearer';

export interface TokenSigner {
  sign(subject: string): Promise<string>;
  verify(token: string): Promise<boolean>;
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
    async verify(token) {
      try {
        await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['iat', 'exp'],
          currentDate: new Date(now()),
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}

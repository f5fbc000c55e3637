// add-oauth's check of an access token of the lab authorization server: a JWT access token
// (RFC 9068, typ at+jwt) verified with the server's public key, issuer, audience (the addition
// API) and expiry pinned; no lookup, so any replica with the same signing key accepts it.
import type { onRequestAsyncHookHandler } from 'fastify';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, errors as joseErrors } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { headerValue } from '../http/header-value.ts';
import { ERROR_HINT_HEADER, fail } from '../errors.ts';

const REALM = 'sample-utility-service';

export type TokenCheck =
  | { ok: true; subject: string | undefined; scopes: string[] }
  | { ok: false; reason: 'expired' | 'foreign' | 'add_token' | 'malformed' };

export interface AccessTokenVerifierOptions {
  issuer: string;
  audience: string;
  jwks: JSONWebKeySet;
  algorithm: string;
  /** ms since the epoch (tests of expiry) */
  now?: () => number;
}

export function createAccessTokenVerifier(o: AccessTokenVerifierOptions): (token: string) => Promise<TokenCheck> {
  const keys = createLocalJWKSet(o.jwks);
  const now = o.now ?? Date.now;
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: o.issuer,
        audience: o.audience,
        typ: 'at+jwt',
        algorithms: [o.algorithm],
        requiredClaims: ['exp', 'iat'],
        currentDate: new Date(now()),
      });
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
      return { ok: true, subject: payload.sub, scopes };
    } catch (err) {
      return { ok: false, reason: failureReason(token, err) };
    }
  };
}

/** Why a token failed, for the learner's hint (never which part of a signature was wrong). */
export function failureReason(token: string, err: unknown): 'expired' | 'foreign' | 'add_token' | 'malformed' {
  if (err instanceof joseErrors.JWTExpired) return 'expired';
  try {
    const header = decodeProtectedHeader(token);
    const claims = decodeJwt(token);
    if (header.alg === 'HS256' && claims.aud === 'add-bearer') return 'add_token';
    return 'foreign';
  } catch {
    return 'malformed';
  }
}

export const HINTS = {
  missing:
    'Send the header Authorization: Bearer <access token>, the token from the lab authorization server (POST /oauth/token, or the authorization-code flow from /oauth/authorize).',
  scheme: 'The Authorization header must use the Bearer scheme: Authorization: Bearer <access token>.',
  expired: 'The access token has expired: refresh it (grant_type=refresh_token) or get a new one.',
  add_token:
    'This is a token of /apis/add-token, for add-bearer; add-oauth takes an access token of the lab authorization server (/oauth/token).',
  foreign:
    "The token was not issued for this API by this service's authorization server (signature, issuer, audience or type do not match); get a new one from /oauth/token.",
  malformed: 'The bearer value is not a JWT access token; send the access_token field of the token response as it is.',
} as const;

/** The onRequest hook of add-oauth: 401 without a valid token, 403 without the scope. */
export function requireOAuth(verify: (token: string) => Promise<TokenCheck>, scope: string): onRequestAsyncHookHandler {
  const refuse = (hint: string, error?: string) =>
    fail('unauthorized_oauth').withHeaders({
      'www-authenticate':
        error === undefined
          ? `Bearer realm="${REALM}", scope="${scope}"`
          : `Bearer realm="${REALM}", scope="${scope}", error="${error}", error_description="The access token is invalid or expired"`,
      [ERROR_HINT_HEADER]: hint,
    });
  return async (request) => {
    const auth = headerValue(request.headers, 'authorization', 'absent');
    if (auth === undefined || auth.trim() === '') throw refuse(HINTS.missing);
    const m = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(auth);
    if (!m) throw refuse(/^Bearer\b/i.test(auth) ? HINTS.malformed : HINTS.scheme, 'invalid_request');
    const check = await verify(m[1]!);
    if (!check.ok) throw refuse(HINTS[check.reason], 'invalid_token');
    if (!check.scopes.includes(scope)) {
      throw fail('insufficient_scope', scope).withHeaders({
        'www-authenticate': `Bearer realm="${REALM}", scope="${scope}", error="insufficient_scope", error_description="The access token lacks the scope ${scope}"`,
        [ERROR_HINT_HEADER]: `Ask for the scope ${scope} when you get the token (scope=${scope}).`,
      });
    }
  };
}

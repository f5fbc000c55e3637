// add-bearer's refusals told apart: each failure of an Authorization header gets its own catalogue
// code and a hint saying what to do, while the message stays the one message of the route (the
// hint travels in X-Error-Hint). Two pure steps: what the header holds (readBearer), and why a
// token that looks like one failed its check (tokenFailure, from jose's error).
import { decodeJwt, decodeProtectedHeader, errors as joseErrors } from 'jose';

export type BearerCode =
  | 'unauthorized_bearer'
  | 'unauthorized_bearer_scheme'
  | 'unauthorized_bearer_malformed'
  | 'unauthorized_bearer_expired'
  | 'unauthorized_bearer_signature'
  | 'unauthorized_bearer_claims';

export interface BearerRefusal {
  code: BearerCode;
  hint: string;
  /** RFC 6750's error attribute of the challenge: a request that cannot hold a token, or a token that fails */
  error?: 'invalid_request' | 'invalid_token';
}

const GET_ONE = 'get one from POST /apis/add-token';
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The token an Authorization header holds for add-bearer, or why it holds none. */
export function readBearer(authorization: string | undefined): { token: string } | BearerRefusal {
  const auth = (authorization ?? '').trim();
  if (auth === '') {
    return { code: 'unauthorized_bearer', hint: `Send the header Authorization: Bearer <token>; ${GET_ONE}.` };
  }
  const m = /^Bearer(?:\s+(.*))?$/is.exec(auth);
  if (!m) {
    const scheme = /^([A-Za-z][A-Za-z0-9_-]*)\s+\S/.exec(auth)?.[1];
    const hint =
      JWT_SHAPE.test(auth) || scheme === undefined
        ? "The Authorization header has no 'Bearer ' prefix: send Authorization: Bearer <token>."
        : `The Authorization header uses the ${scheme} scheme; add-bearer reads Authorization: Bearer <token>.`;
    return { code: 'unauthorized_bearer_scheme', hint, error: 'invalid_request' };
  }
  const token = (m[1] ?? '').trim();
  const malformed = (hint: string): BearerRefusal => ({
    code: 'unauthorized_bearer_malformed',
    hint,
    error: 'invalid_request',
  });
  if (token === '') return malformed(`The Authorization header has 'Bearer' and no token after it; ${GET_ONE}.`);
  if (/^\{\{.*\}\}$/.test(token)) {
    return malformed(
      `The token is a Postman variable that was not set (${token.slice(0, 40)}): send the add-token request first, or set the variable.`,
    );
  }
  if (/^<.*>$/.test(token)) return malformed(`The token is a placeholder (${token.slice(0, 40)}); ${GET_ONE}.`);
  if (/^["'].*["']$/s.test(token))
    return malformed('The token is in quotes: send it bare, Authorization: Bearer eyJ...');
  if (/^Bearer\s/i.test(token)) return malformed("'Bearer' is written twice: send Authorization: Bearer <token>.");
  if (!JWT_SHAPE.test(token)) {
    return malformed(
      "The token is not a JWT (three base64url parts joined by dots): send the add-token answer's token field as it is.",
    );
  }
  return { token };
}

/** Why a token of the right shape failed the check, from jose's error (never which bytes of a signature were wrong). */
export function tokenFailure(token: string, err: unknown, ttlSeconds: number): BearerRefusal {
  const invalid = (code: BearerCode, hint: string): BearerRefusal => ({ code, hint, error: 'invalid_token' });
  if (err instanceof joseErrors.JWTExpired) {
    const exp = err.payload.exp;
    const at = typeof exp === 'number' ? ` at ${new Date(exp * 1000).toISOString()}` : '';
    return invalid(
      'unauthorized_bearer_expired',
      `The token expired${at} (a token lasts ${ttlSeconds} s); ${GET_ONE} and send it.`,
    );
  }
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) {
    return invalid(
      'unauthorized_bearer_signature',
      `The token is not signed by this server: was it issued before a restart? Set JWT_SECRET so that tokens survive restarts and work across instances, then ${GET_ONE}.`,
    );
  }
  let alg: unknown;
  let typ: unknown;
  try {
    ({ alg, typ } = decodeProtectedHeader(token));
    decodeJwt(token);
  } catch {
    return invalid(
      'unauthorized_bearer_malformed',
      "The token does not decode as a JWT: send the add-token answer's token field as it is.",
    );
  }
  if (typ === 'at+jwt') {
    return invalid(
      'unauthorized_bearer_claims',
      'This is an access token of the lab authorization server, for /apis/add-oauth; add-bearer takes a token of POST /apis/add-token.',
    );
  }
  if (err instanceof joseErrors.JOSEAlgNotAllowed) {
    return invalid(
      'unauthorized_bearer_claims',
      `The token is signed with ${String(alg)}; add-bearer takes HS256 tokens of this server: ${GET_ONE}.`,
    );
  }
  const claim = err instanceof joseErrors.JWTClaimValidationFailed ? ` (claim ${err.claim})` : '';
  return invalid(
    'unauthorized_bearer_claims',
    `The token was not issued by this server's add-token for add-bearer${claim}; ${GET_ONE}.`,
  );
}

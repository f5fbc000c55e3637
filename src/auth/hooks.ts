// One onRequest hook per auth style: a request is refused before its body is
// read or its query is validated.
import type { IncomingHttpHeaders } from 'node:http';
import type { onRequestAsyncHookHandler } from 'fastify';
import { headerValue, spellingHint } from '../http/header-value.ts';
import { safeEqual } from './compare.ts';
import { fail, ERROR_HINT_HEADER } from '../errors.ts';
import type { TokenSigner } from './jwt.ts';
import { readBearer } from './bearer.ts';
import { basicAdvice, credentialAdvice } from './credential-hints.ts';

const REALM = 'sample-utility-service';

/**
 * What a refusal adds for a learner: which of several credential headers is absent, and the
 * header sent under a sibling spelling (`api-key` for `api_key`). Only presence is told, never
 * which value was wrong.
 */
export function credentialHint(names: readonly string[], headers: IncomingHttpHeaders): string {
  const missing = names.filter((n) => headers[n] === undefined);
  const spelling = missing.map((n) => spellingHint(headers, n)).join('');
  if (names.length > 1 && missing.length > 0 && missing.length < names.length) {
    return ` Missing header ${missing.join(', ')} (${names.join(' and ')} are both required).${spelling}`;
  }
  return spelling;
}

/** The refusals of a header credential; the document endpoints' and the survey's messages take no hint in the body (the interface fixes them word for word). */
export type HeaderAuthCode =
  | 'unauthorized_api_key'
  | 'unauthorized_key_pair'
  | 'unauthorized_key_secret'
  | 'unauthorized_document_api_key';

/** Every named header must be present and equal to its expected value; else a 401 of `code`. */
export function requireHeaders(expected: Record<string, string>, code: HeaderAuthCode): onRequestAsyncHookHandler {
  const entries = Object.entries(expected);
  const names = entries.map(([name]) => name);
  return async (request) => {
    let ok = true;
    // No early exit: every credential is compared, whatever the first one gave.
    for (const [name, value] of entries) ok = safeEqual(headerValue(request.headers, name, 'absent'), value) && ok;
    if (!ok) {
      const hint = credentialHint(names, request.headers);
      // A message the interface fixes (the document endpoints', the survey's) never carries the
      // hint; our own messages keep theirs. The hint header carries the whole advice on every refusal.
      const err =
        code === 'unauthorized_document_api_key' || code === 'unauthorized_key_secret' ? fail(code) : fail(code, hint);
      const hasBody =
        (request.method === 'GET' || request.method === 'HEAD') &&
        (Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined);
      const query = request.query !== null && typeof request.query === 'object' ? Object.keys(request.query) : [];
      throw err.withHeaders({
        [ERROR_HINT_HEADER]: credentialAdvice(names, { headers: request.headers, query, hasBody }),
      });
    }
  };
}

export function requireBasic(username: string, password: string): onRequestAsyncHookHandler {
  const challenge = `Basic realm="${REALM}", charset="UTF-8"`;
  return async (request) => {
    const auth = headerValue(request.headers, 'authorization', 'absent') ?? '';
    const m = /^Basic[ ]+([A-Za-z0-9+/=]+)\s*$/i.exec(auth);
    let user: string | undefined;
    let pass: string | undefined;
    if (m) {
      const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon >= 0) {
        user = decoded.slice(0, colon);
        pass = decoded.slice(colon + 1);
      }
    }
    const userOk = safeEqual(user, username);
    const passOk = safeEqual(pass, password);
    if (!(userOk && passOk)) {
      throw fail('unauthorized_basic').withHeaders({
        'www-authenticate': challenge,
        [ERROR_HINT_HEADER]: basicAdvice(auth),
      });
    }
  };
}

export function requireBearer(signer: TokenSigner): onRequestAsyncHookHandler {
  return async (request) => {
    const read = readBearer(headerValue(request.headers, 'authorization', 'absent'));
    const refusal = 'token' in read ? await signer.check(read.token) : { ok: false as const, ...read };
    if (refusal.ok) return;
    const challenge =
      refusal.error === undefined
        ? `Bearer realm="${REALM}"`
        : `Bearer realm="${REALM}", error="${refusal.error}", error_description="${
            refusal.error === 'invalid_request'
              ? 'The Authorization header holds no bearer token'
              : 'The token is invalid or expired'
          }"`;
    throw fail(refusal.code).withHeaders({ 'www-authenticate': challenge, [ERROR_HINT_HEADER]: refusal.hint });
  };
}

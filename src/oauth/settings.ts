// The lab authorization server's settings as config.ts reads them: lab users, allowed redirect
// URIs (with the wildcards Power Automate's per-region and per-connector redirects need), and the
// signing key. Pure: config.ts turns a thrown message into a ConfigError naming the variable.
import { createHash, createPrivateKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';

export interface OAuthUser {
  username: string;
  password: string;
}

/** `student:pass,teacher:pass2` -> users; a name may not repeat nor hold `:` or `,`. */
export function parseOAuthUsers(raw: string): OAuthUser[] {
  const users: OAuthUser[] = [];
  for (const entry of raw.split(',')) {
    const item = entry.trim();
    if (item === '') continue;
    const colon = item.indexOf(':');
    const username = colon < 0 ? '' : item.slice(0, colon);
    const password = colon < 0 ? '' : item.slice(colon + 1);
    if (!/^[A-Za-z0-9._@-]{1,64}$/.test(username) || password === '') {
      // The entry itself may hold a password: only its position is named.
      throw new Error(`entry ${users.length + 1} must be username:password (username of letters, digits, . _ @ -)`);
    }
    if (users.some((u) => u.username === username)) throw new Error(`user ${username} is listed twice`);
    users.push({ username, password });
  }
  if (users.length === 0) throw new Error('must list at least one username:password');
  return users;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';

/**
 * A redirect URI as registered: an absolute https URL (http only for localhost and loopback),
 * without fragment, where `*` may stand for the first label of the host
 * (`https://*.consent.azure-apim.net/redirect`: every Power Automate region) or, as the whole last
 * path segment, for one or more segments (`.../redirect/*`: the per-connector redirects).
 */
export function redirectUriProblem(pattern: string): string | undefined {
  const url = URL.parse(pattern);
  if (url === null) return 'is not an absolute URL';
  if (url.hash !== '' || pattern.includes('#')) return 'must not have a fragment';
  if (url.username !== '' || url.password !== '') return 'must not hold credentials';
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return 'must be https (http only for localhost)';
  const host = url.hostname;
  if (host.includes('*') && !(host.startsWith('*.') && !host.slice(2).includes('*') && host.split('.').length >= 3))
    return 'may have * only as the first label of a host of at least three labels';
  const path = url.pathname;
  if (path.includes('*') && !(path.endsWith('/*') && !path.slice(0, -2).includes('*')))
    return 'may have * only as the whole last path segment';
  if (url.search.includes('*')) return 'must not have * in its query';
  return undefined;
}

/** Comma-separated redirect URI patterns, each checked. */
export function parseRedirectUris(raw: string): string[] {
  const uris = raw
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (uris.length === 0) throw new Error('must list at least one redirect URI');
  for (const u of uris) {
    const problem = redirectUriProblem(u);
    if (problem !== undefined) throw new Error(`entry "${u}" ${problem}`);
  }
  return uris;
}

/** Whether `uri` (as a client sends it) is allowed by a registered `pattern`. */
export function redirectUriMatches(pattern: string, uri: string): boolean {
  if (!pattern.includes('*')) return pattern === uri;
  const p = URL.parse(pattern);
  const u = URL.parse(uri);
  if (p === null || u === null || u.hash !== '' || uri.includes('#')) return false;
  if (u.username !== '' || u.password !== '') return false;
  if (p.protocol !== u.protocol || p.port !== u.port || p.search !== u.search) return false;
  const hostOk = p.hostname.startsWith('*.')
    ? new RegExp(`^${LABEL}${p.hostname.slice(1).replaceAll('.', '\\.')}$`).test(u.hostname)
    : p.hostname === u.hostname;
  if (!hostOk) return false;
  if (p.pathname.endsWith('/*')) {
    const base = p.pathname.slice(0, -1);
    const rest = u.pathname.slice(base.length);
    return u.pathname.startsWith(base) && /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(rest);
  }
  return p.pathname === u.pathname;
}

export interface SigningKey {
  /** the private JWK, with kid, alg and use */
  jwk: JsonWebKey & { kid: string; alg: string; use: 'sig' };
  /** true when no key was configured and one was made for this process */
  generated: boolean;
}

function withKid(jwk: JsonWebKey, alg: string): SigningKey['jwk'] {
  // RFC 7638 thumbprint: the same key gives the same kid on every replica.
  const members =
    jwk.kty === 'RSA' ? { e: jwk.e, kty: jwk.kty, n: jwk.n } : { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y };
  const kid = createHash('sha256').update(JSON.stringify(members)).digest('base64url');
  return { ...jwk, kid, alg, use: 'sig' };
}

/** The signing key from a PKCS#8/SEC1/PKCS#1 PEM (RSA of 2048+ bits -> RS256, EC P-256 -> ES256), or a new P-256 key. */
export function signingKey(pem: string): SigningKey {
  if (pem === '') {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return { jwk: withKid(privateKey.export({ format: 'jwk' }), 'ES256'), generated: true };
  }
  let key;
  try {
    key = createPrivateKey(pem.replaceAll('\\n', '\n'));
  } catch {
    throw new Error('must be a PEM private key (-----BEGIN PRIVATE KEY----- ...)');
  }
  const jwk = key.export({ format: 'jwk' });
  if (key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048)
    return { jwk: withKid(jwk, 'RS256'), generated: false };
  if (key.asymmetricKeyType === 'ec' && jwk.crv === 'P-256') return { jwk: withKid(jwk, 'ES256'), generated: false };
  throw new Error('must be an RSA key of at least 2048 bits or an EC P-256 key');
}

/** The public half of a signing JWK (what /oauth/jwks publishes and add-oauth verifies with). */
export function publicJwk(jwk: SigningKey['jwk']): JsonWebKey & { kid: string; alg: string } {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  return pub;
}

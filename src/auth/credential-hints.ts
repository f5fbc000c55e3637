// What a credential refusal tells a learner in X-Error-Hint, in both directions: every expected
// header that is missing (all at once), one sent under its sibling spelling (api-key for api_key
// and back), another endpoint's credential sent here (the add-custom pair to the survey), a
// credential in the query string or in a body where a header is read, and for add-token the
// reverse: credentials in headers where the JSON body is read. Only presence is told, never which
// value was wrong. Pure functions; the hooks and the add-token route call them.
import { namesList, siblingSpelling } from '../http/header-value.ts';

type Headers = Record<string, string | string[] | undefined>;

/** The credential headers of the service, and who reads each (the interface's Authentication table). */
const READERS: Record<string, string> = {
  api_key: 'add-apikey and add-custom',
  api_secret: 'add-apikey and add-custom',
  key: 'the survey',
  secret: 'the survey',
  'api-key': 'the document endpoints',
  authorization: 'add-basic and add-bearer',
};

const plural = (names: readonly string[], one: string, many: string) => (names.length === 1 ? one : many);

export interface CredentialSeen {
  headers: Headers;
  /** the names of the query parameters */
  query?: readonly string[];
  /** the request carries a body (a GET with one, from Postman) */
  hasBody?: boolean;
}

/** The hint of a refusal of the header credentials `expected` (their wire names, lower case). */
export function credentialAdvice(expected: readonly string[], seen: CredentialSeen): string {
  const { headers } = seen;
  // An empty value (a Postman variable left unset) counts as missing.
  const present = (n: string) => {
    const v = headers[n];
    return v !== undefined && (typeof v !== 'string' || v.trim() !== '');
  };
  const missing = expected.filter((n) => !present(n));
  const parts: string[] = [];
  if (missing.length > 0) {
    const both =
      expected.length > 1 ? ` (${namesList(expected)} are ${expected.length === 2 ? 'both' : 'all'} required)` : '';
    parts.push(`Missing ${plural(missing, 'header', 'headers')} ${namesList(missing)}${both}.`);
  }
  const siblings = new Set<string>();
  for (const n of missing) {
    const other = siblingSpelling(headers, n);
    if (other === undefined) continue;
    siblings.add(other);
    parts.push(
      `The request has a header ${other}; this endpoint reads ${n}, with ${n.includes('_') ? 'an underscore' : 'a dash'}.`,
    );
  }
  const foreign = Object.keys(READERS).filter((n) => present(n) && !expected.includes(n) && !siblings.has(n));
  for (const reader of new Set(foreign.map((n) => READERS[n]!))) {
    const names = foreign.filter((n) => READERS[n] === reader);
    parts.push(
      `The request has ${plural(names, 'a header', 'headers')} ${namesList(names)}, ${plural(names, 'a header', 'headers')} of ${reader}; this endpoint reads ${namesList(expected)}.`,
    );
  }
  const inQuery = expected.filter((n) => !present(n) && seen.query?.includes(n));
  if (inQuery.length > 0) {
    parts.push(
      `The request has ${namesList(inQuery)} in the query string; send ${plural(inQuery, 'it', 'them')} as ${plural(inQuery, 'a header', 'headers')}.`,
    );
  }
  if (seen.hasBody === true && missing.length > 0) {
    parts.push(`The request has a body, which this endpoint does not read: send ${namesList(missing)} as headers.`);
  }
  if (parts.length === 0) {
    parts.push(
      `${namesList(expected)} ${plural(expected, 'is', 'are')} present, but ${expected.length === 1 ? 'its value is' : 'a value is'} not the configured one (look for a space, or a value of another endpoint).`,
    );
  }
  return parts.join(' ');
}

const TOKEN_FIELDS = ['api_key', 'api_secret'] as const;
/** Names learners send for add-token's fields, and the field they meant. */
const TOKEN_FIELD_MISSPELLINGS: Record<string, string> = {
  'api-key': 'api_key',
  apiKey: 'api_key',
  apikey: 'api_key',
  key: 'api_key',
  'api-secret': 'api_secret',
  apiSecret: 'api_secret',
  secret: 'api_secret',
};

/**
 * add-token's hint: it reads `{"api_key", "api_secret"}` from a JSON body. Credentials sent as
 * headers, fields under other names, fields missing; else the values are wrong.
 */
export function tokenBodyAdvice(body: unknown, headers: Headers): string {
  const fields =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const missing = TOKEN_FIELDS.filter((f) => fields[f] === undefined);
  const parts: string[] = [];
  const asHeaders = [...TOKEN_FIELDS, 'api-key', 'api-secret', 'key', 'secret'].filter((h) => headers[h] !== undefined);
  if (asHeaders.length > 0 && missing.length > 0) {
    parts.push(
      `The request has ${plural(asHeaders, 'a header', 'headers')} ${namesList(asHeaders)}; add-token reads api_key and api_secret from a JSON body, {"api_key": "...", "api_secret": "..."} with Content-Type: application/json.`,
    );
  }
  for (const [name, meant] of Object.entries(TOKEN_FIELD_MISSPELLINGS)) {
    if (fields[name] !== undefined && missing.includes(meant as (typeof TOKEN_FIELDS)[number])) {
      parts.push(`The body has a field ${name}; add-token reads ${meant}.`);
    }
  }
  if (parts.length === 0 && missing.length > 0) {
    parts.push(
      `Missing body ${plural(missing, 'field', 'fields')} ${namesList(missing)} (api_key and api_secret are both required).`,
    );
  }
  if (parts.length === 0) {
    parts.push(
      'api_key and api_secret are present, but a value is not the configured one (the pair of add-custom; look for a space).',
    );
  }
  return parts.join(' ');
}

/** add-basic's hint: what the Authorization header lacks for HTTP Basic (never which value was wrong). */
export function basicAdvice(authorization: string | undefined): string {
  const auth = (authorization ?? '').trim();
  const send = 'send Authorization: Basic base64(username:password) (Postman: the Authorization tab, Basic Auth)';
  if (auth === '') return `Missing header Authorization: ${send}.`;
  const m = /^([A-Za-z][\w-]*)(?:\s+(.*))?$/s.exec(auth);
  if (!m || m[1]!.toLowerCase() !== 'basic') {
    return m && m[2] !== undefined
      ? `The Authorization header uses the ${m[1]} scheme; add-basic reads Basic: ${send}.`
      : `The Authorization header has no scheme; ${send}.`;
  }
  const value = (m[2] ?? '').trim();
  if (value === '') return `The Authorization header has 'Basic' and no credentials after it; ${send}.`;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    return `The credentials after 'Basic ' are not base64${value.includes(':') ? ' (username:password sent as plain text)' : ''}: ${send}.`;
  }
  if (!Buffer.from(value, 'base64').toString('utf8').includes(':')) {
    return "The decoded credentials have no ':' between the username and the password.";
  }
  return 'The username and password are present, but a value is not the configured one (look for a space).';
}

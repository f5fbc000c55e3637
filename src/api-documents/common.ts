// What both API documents share: the service's description, tags and security schemes, and
// the finishing passes (operation ids, summaries, examples) run over either document.
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { INTEGER_PATTERN } from '../http/error-handler.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the fields of a multipart/form-data body, which
     * Fastify does not validate (the route reads the parts itself). A file
     * field is `Type.String({ format: 'binary' })`. The documents show it as
     * the request body (OpenAPI 3.1) or as formData parameters (Swagger 2.0).
     */
    multipartBody?: unknown;
    /**
     * Documentation only, OpenAPI 3.1: the bodies a multipart route also takes whole, by media
     * type (a text sample, Power Automate's file content), listed before the multipart form so
     * that Swagger UI and Postman start from the first, whose example runs as shipped. Swagger 2.0
     * holds one body per operation: the form, for Power Platform's file input.
     */
    rawBodies?: Record<string, unknown>;
    /**
     * Documentation only: query parameters read as strings by the handler's own strict parser
     * that the documents type `integer` (minimum 1). Strings with the integer pattern are
     * typed `integer` without being named here.
     */
    integerQuery?: string[];
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const TITLE = 'sample-utility-service';
export const DESCRIPTION = [
  'Addition in six authentication styles, reference data (users, countries, currency, products),',
  'a survey data generator and PDF chunking for a cloud search index.',
  '',
  'Every path is served both with and without the `.php` suffix; each operation is listed once, under',
  'the form the interface names, and its description names the other.',
  'A wrong method answers 405 with an `Allow` header.',
  '',
  'Credentials are fixed lab values set by environment variables; their defaults are listed in the',
  'README, and /docs fills them in the Authorize dialog while they are the defaults.',
  'A Postman collection of every operation, credentials included, is at [/postman.json](/postman.json);',
  'Power Automate connectors, one per authentication style, at /connectors/{style}.swagger.json.',
  'Header names with underscores (`api_key`, `api_secret`,',
  '`document_id`) must reach the service unchanged: nginx needs `underscores_in_headers on;`.',
  '',
  'Limits per caller (lab defaults): 600 requests a minute per client address, 1200 per credential,',
  '8 uploads in progress per address. Over a limit: 429 with `Retry-After`; every counted answer',
  'carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.',
].join('\n');

const TAG_DESCRIPTIONS: Record<string, string> = {
  Addition: 'Add two integers; one endpoint per authentication style, plus the token endpoint',
  'Reference data': 'Users, countries, currency conversion at fixed rates, products',
  Survey: 'Random survey records',
  Documents: 'PDF chunking and embedding, deletion of indexed chunks',
  Service: 'Operational endpoints',
};

const BEARER_DESCRIPTION = 'JWT from POST /apis/add-token, sent as `Authorization: Bearer <token>`; valid for 1 hour';

/** OpenAPI 3 security schemes; route schemas refer to them by these names. */
export const SECURITY_SCHEMES = {
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'api_key', description: 'The API key (add-apikey, add-custom)' },
  apiSecretHeader: { type: 'apiKey', in: 'header', name: 'api_secret', description: 'The API secret (add-custom)' },
  basicAuth: {
    type: 'http',
    scheme: 'basic',
    description: 'HTTP Basic with the lab username and password (add-basic)',
  },
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: BEARER_DESCRIPTION },
  surveyKey: { type: 'apiKey', in: 'header', name: 'key', description: 'Survey key, a GUID (survey_api.php)' },
  surveySecret: { type: 'apiKey', in: 'header', name: 'secret', description: 'Survey secret (survey_api.php)' },
  documentApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'api-key',
    description: 'Document API key (chunking and deletion)',
  },
  oauth2: {
    type: 'oauth2',
    description:
      'OAuth 2.0 access token of the lab authorization server inside the service (add-oauth): authorization code with PKCE and refresh tokens, or client credentials; scope `addition`. Discovery: `/.well-known/oauth-authorization-server`.',
    flows: {
      authorizationCode: {
        authorizationUrl: '/oauth/authorize',
        tokenUrl: '/oauth/token',
        refreshUrl: '/oauth/token',
        scopes: { addition: 'Call add-oauth', offline_access: 'Get a refresh token (one is issued without it too)' },
      },
      clientCredentials: {
        tokenUrl: '/oauth/token',
        scopes: { addition: 'Call add-oauth' },
      },
    },
  },
} as const;

/** The same schemes in Swagger 2.0 terms: no `http` type, so bearer is an apiKey on Authorization. */
export const SECURITY_DEFINITIONS: JsonObject = Object.fromEntries(
  Object.entries(SECURITY_SCHEMES).map(([name, s]): [string, Json] => {
    if (s.type === 'http' && s.scheme === 'basic') return [name, { type: 'basic', description: s.description }];
    // Swagger 2.0 holds one flow per definition: the authorization code, which Power Automate runs.
    // Its URLs are made absolute with the host the document is served from (swagger2.ts withHost).
    if (s.type === 'oauth2') {
      const flow = s.flows.authorizationCode;
      return [
        name,
        {
          type: 'oauth2',
          flow: 'accessCode',
          authorizationUrl: flow.authorizationUrl,
          tokenUrl: flow.tokenUrl,
          scopes: { ...flow.scopes },
          description: s.description,
        },
      ];
    }
    if (s.type === 'http')
      return [
        name,
        {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: `${s.description}. Enter the value as \`Bearer <token>\`.`,
        },
      ];
    return [name, { ...s }];
  }),
);

/**
 * Per route, before a document is built (documentation only, validation is untouched):
 * - the `.php` twin of a path is left out; the canonical operation names it in its description;
 * - query parameters that carry integers (a string with the integer pattern, or one named in
 *   `integerQuery`) are typed `integer`, so clients generate numbers, not `"<integer>"`;
 * - a multipart route's documented body becomes its body.
 */
export const documentedSchema: SwaggerTransform = ({ schema, url, route, ...documents }) => {
  if (!schema) return { schema, url };
  if (route.config?.twinOf !== undefined) return { schema: { ...schema, hide: true }, url };
  let out: FastifySchema = { ...schema };
  const twin = route.config?.twinUrl;
  if (twin !== undefined) {
    const note = `Also served at \`${twin}\`, the same operation (not listed again).`;
    out.description =
      typeof out.description === 'string' && out.description !== '' ? `${out.description}\n\n${note}` : note;
  }
  if (out.querystring !== undefined) out.querystring = integerQuery(out.querystring as Json, schema.integerQuery ?? []);
  if (out.multipartBody !== undefined && out.body === undefined) {
    const { multipartBody, rawBodies, ...rest } = out;
    out =
      rawBodies !== undefined && 'openapiObject' in documents
        ? {
            ...rest,
            body: {
              content: {
                ...Object.fromEntries(Object.entries(rawBodies).map(([type, s]) => [type, { schema: s }])),
                'multipart/form-data': { schema: multipartBody },
              },
            },
          }
        : { ...rest, body: multipartBody, consumes: rest.consumes ?? ['multipart/form-data'] };
  }
  delete out.rawBodies;
  delete out.integerQuery;
  return { schema: out, url };
};

/** The documented form of a query schema: integer-carrying strings become `integer`. */
export function integerQuery(query: Json, named: readonly string[]): Json {
  if (!isObject(query) || !isObject(query.properties)) return query;
  const properties: JsonObject = {};
  for (const [name, prop] of Object.entries(query.properties)) {
    properties[name] =
      isObject(prop) && prop.type === 'string' && (prop.pattern === INTEGER_PATTERN || named.includes(name))
        ? asInteger(prop, named.includes(name))
        : prop;
  }
  return { ...query, properties };
}

function asInteger(prop: JsonObject, positive: boolean): JsonObject {
  const out: JsonObject = { type: 'integer' };
  if (positive) out.minimum = 1;
  if (typeof prop.description === 'string') out.description = prop.description;
  const number = (v: Json | undefined) => (typeof v === 'string' && /^[+-]?[0-9]+$/.test(v) ? Number(v) : undefined);
  const d = number(prop.default);
  if (d !== undefined) out.default = d;
  const examples = (Array.isArray(prop.examples) ? prop.examples : []).map(number).filter((v) => v !== undefined);
  if (examples.length > 0) out.examples = examples;
  return out;
}

// ---------------------------------------------------------------------------
// Shared finishing: operation ids, examples, tags

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `get` + `/apis/add-url.php` -> `getApisAddUrlPhp`: stable, readable, unique per method and path. */
export function operationIdFor(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

export function* operations(doc: JsonObject): Generator<{ path: string; method: string; op: JsonObject }> {
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (isObject(op)) yield { path, method, op };
    }
  }
}

export function finishOperations(doc: JsonObject): void {
  const seen = new Set<string>();
  const tags = new Set<string>();
  for (const { path, method, op } of operations(doc)) {
    let id = typeof op.operationId === 'string' ? op.operationId : operationIdFor(method, path);
    for (let n = 2; seen.has(id); n++) id = `${operationIdFor(method, path)}${n}`;
    seen.add(id);
    op.operationId = id;
    // Power Platform names actions after summary; every operation gets one.
    if (typeof op.summary !== 'string' || op.summary === '') op.summary = `${method.toUpperCase()} ${path}`;
    if (Array.isArray(op.tags)) for (const t of op.tags) if (typeof t === 'string') tags.add(t);
    // No global security: a public operation says so.
    if (!Array.isArray(op.security)) op.security = [];
  }
  const declared = Array.isArray(doc.tags) ? doc.tags.filter(isObject) : [];
  const names = new Set(declared.map((t) => t.name));
  doc.tags = [
    ...declared,
    ...[...tags]
      .filter((t) => !names.has(t))
      .map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
  ];
}

/**
 * Headers the service sends whatever the route (CORS on every answer, Allow on every 405, the
 * catalogue code on every error answer), in format-neutral terms; each document writes them in its own shape.
 */
/** An example code per status, for the documents. */
const ERROR_CODE_EXAMPLES: Record<string, string> = {
  '400': 'missing_parameter',
  '401': 'unauthorized_api_key',
  '404': 'route_not_found',
  '405': 'method_not_allowed',
  '413': 'body_too_large',
  '415': 'unsupported_media_type',
  '422': 'document_no_text',
  '500': 'internal',
  '429': 'rate_limited',
  '502': 'search_failed',
  '503': 'service_busy',
};

export function standardResponseHeaders(status: string): Record<string, { description: string; example: string }> {
  const out: Record<string, { description: string; example: string }> = {
    'Access-Control-Allow-Origin': { description: 'CORS: every answer may be read by any origin', example: '*' },
  };
  if (status === '405') out.Allow = { description: 'The methods this path accepts', example: 'GET, HEAD' };
  if (/^[45]/.test(status)) {
    out['X-Error-Code'] = {
      description:
        'The stable code of the error (snake_case; the README lists every code with its status), also in the log line',
      example: ERROR_CODE_EXAMPLES[status] ?? 'invalid_request',
    };
    out['X-Error-Hint'] = {
      description:
        'What to do, beyond the message: every missing header at once, a header sent under its sibling spelling or meant for another endpoint, why a bearer token failed; never which value was wrong',
      example: 'Missing header api_secret (api_key and api_secret are both required).',
    };
  }
  return out;
}

/** fastify-swagger's 'Default Response' says nothing: the schema's own words say more. */
export function describeResponse(response: JsonObject, schema: Json | undefined): void {
  if (response.description !== 'Default Response' || !isObject(schema)) return;
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray) ?? [];
  const words = [schema.description, ...branches.map((b) => (isObject(b) ? b.description : undefined))].filter(
    (d) => typeof d === 'string',
  );
  if (words.length > 0) response.description = words.join('; or ');
  else if (typeof schema.title === 'string') response.description = schema.title;
  else response.description = 'Success';
}

function resolveRef(doc: JsonObject, ref: string): JsonObject | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json | undefined = doc;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(node) ? node : undefined;
}

const STRING_EXAMPLES: Record<string, string> = {
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  date: '2026-01-31',
  'date-time': '2026-01-31T12:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  int64: '1',
};

/**
 * An example value derived from a schema: its own example first, then const,
 * enum and default, then one built from the parts. Integers and numbers
 * default to 1 so that a synthesised list envelope is consistent (count 1,
 * one element).
 */
export function exampleFromSchema(schema: Json | undefined, doc: JsonObject, depth = 0): Json | undefined {
  if (!isObject(schema) || depth > 12) return undefined;
  if (typeof schema.$ref === 'string') return exampleFromSchema(resolveRef(doc, schema.$ref), doc, depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema['x-example'] !== undefined) return schema['x-example'];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const key of ['anyOf', 'oneOf']) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      for (const b of branches) {
        const v = exampleFromSchema(b, doc, depth + 1);
        if (v !== undefined && v !== null) return v;
      }
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged: JsonObject = {};
    for (const part of schema.allOf) {
      const v = exampleFromSchema(part, doc, depth + 1);
      if (isObject(v)) Object.assign(merged, v);
    }
    return merged;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (isObject(schema.properties) ? 'object' : undefined)) {
    case 'object': {
      const out: JsonObject = {};
      for (const [name, prop] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
        const v = exampleFromSchema(prop, doc, depth + 1);
        if (v !== undefined) out[name] = v;
      }
      return out;
    }
    case 'array': {
      const v = exampleFromSchema(schema.items, doc, depth + 1);
      return v === undefined ? [] : [v];
    }
    case 'string':
      return (typeof schema.format === 'string' && STRING_EXAMPLES[schema.format]) || 'string';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/**
 * How a route can declare a file field: `format: binary` or
 * `contentEncoding: binary` on a string, or the object @fastify/multipart
 * attaches (filename + mimetype).
 */
export function isFileSchema(s: JsonObject): boolean {
  if (s.format === 'binary' || s.contentEncoding === 'binary' || s.isFile === true) return true;
  return isObject(s.properties) && 'filename' in s.properties && 'mimetype' in s.properties;
}

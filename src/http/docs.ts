// The documents the service serves about itself, all generated from the route
// schemas that validate requests:
//   GET /openapi.json  OpenAPI 3.1 (the reference; Postman, Swagger UI)
//   GET /swagger.json  Swagger 2.0 (Power Automate / Power Apps custom connectors import only that)
//   GET /docs          Swagger UI served from the package's own assets (no CDN), "try it out" on
//
// The Swagger 2.0 document is built by replaying the routes this app registered
// into a bare Fastify instance that runs @fastify/swagger in its 2.0 mode: same
// schemas, no handlers, no hooks, no config, no worker pool, and no import of
// app.ts. It is built once, at the first request, and cached.
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import pkg from '../../package.json' with { type: 'json' };

export type DocsFlavour = 'openapi' | 'swagger';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the fields of a multipart/form-data body, which
     * Fastify does not validate (the route reads the parts itself). A file
     * field is `Type.String({ format: 'binary' })`. The documents show it as
     * the request body (OpenAPI 3.1) or as formData parameters (Swagger 2.0).
     */
    multipartBody?: unknown;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const TITLE = 'sample-utility-service';
const DESCRIPTION = [
  'Addition in six authentication styles, reference data (users, countries, currency, products),',
  'a survey data generator and PDF chunking for a cloud search index.',
  '',
  'Every path is served both with and without the `.php` suffix; both forms are listed.',
  'A wrong method answers 405 with an `Allow` header.',
  '',
  'Credentials are fixed lab values set by environment variables; their defaults are listed in the',
  'README. Header names with underscores (`api_key`, `api_secret`,',
  '`document_id`) must reach the service unchanged: nginx needs `underscores_in_headers on;`.',
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
const SECURITY_SCHEMES = {
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'api_key', description: 'The API key (add-apikey, add-custom)' },
  apiSecretHeader: { type: 'apiKey', in: 'header', name: 'api_secret', description: 'The API secret (add-custom)' },
  basicAuth: { type: 'http', scheme: 'basic', description: 'HTTP Basic with the lab username and password (add-basic)' },
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: BEARER_DESCRIPTION },
  surveyKey: { type: 'apiKey', in: 'header', name: 'key', description: 'Survey key, a GUID (survey_api.php)' },
  surveySecret: { type: 'apiKey', in: 'header', name: 'secret', description: 'Survey secret (survey_api.php)' },
  documentApiKey: { type: 'apiKey', in: 'header', name: 'api-key', description: 'Document API key (chunking and deletion)' },
} as const;

/** The same schemes in Swagger 2.0 terms: no `http` type, so bearer is an apiKey on Authorization. */
const SECURITY_DEFINITIONS: JsonObject = Object.fromEntries(
  Object.entries(SECURITY_SCHEMES).map(([name, s]): [string, Json] => {
    if (s.type === 'http' && s.scheme === 'basic') return [name, { type: 'basic', description: s.description }];
    if (s.type === 'http') return [name, { type: 'apiKey', in: 'header', name: 'Authorization', description: `${s.description}. Enter the value as \`Bearer <token>\`.` }];
    return [name, { ...s }];
  }),
);

// ---------------------------------------------------------------------------
// Registration

export interface DocsOptions {
  /** where GET /docs lives; the documents stay at the root */
  uiPrefix?: string;
}

export async function registerDocs(app: FastifyInstance, flavour: DocsFlavour, options: DocsOptions = {}): Promise<void> {
  if (flavour === 'swagger') {
    // An app built only to produce the 2.0 document: nothing served, nothing replayed.
    await app.register(swagger, swagger2Options());
    app.get('/swagger.json', { schema: { hide: true } }, async () => app.swagger());
    return;
  }

  const routes = captureRoutes(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: TITLE, version: pkg.version, description: DESCRIPTION },
      servers: [{ url: '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentedSchema,
    transformObject: finishDocument,
  });

  let swagger2: Promise<JsonObject> | undefined;
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/swagger.json', { schema: { hide: true } }, async () => {
    swagger2 ??= buildSwagger2(routes).catch((err: unknown) => {
      swagger2 = undefined; // a failed build is retried at the next request rather than cached
      throw err;
    });
    return swagger2;
  });

  await app.register(swaggerUi, {
    routePrefix: options.uiPrefix ?? '/docs',
    uiConfig: {
      // The page offers both documents; the first (OpenAPI 3.1) is the one shown.
      urls: [
        { url: '/openapi.json', name: 'OpenAPI 3.1 (/openapi.json)' },
        { url: '/swagger.json', name: 'Swagger 2.0 for Power Platform (/swagger.json)' },
      ],
      tryItOutEnabled: true,
      docExpansion: 'list',
      deepLinking: true,
      displayRequestDuration: true,
      persistAuthorization: false,
    },
    theme: { title: `${TITLE} API` },
  });
}

/** Per route, before a document is built: a multipart route's documented body becomes its body. */
const documentedSchema: SwaggerTransform = ({ schema, url }) => {
  if (!schema?.multipartBody || schema.body !== undefined) return { schema, url };
  const { multipartBody, ...rest } = schema;
  return { schema: { ...rest, body: multipartBody, consumes: rest.consumes ?? ['multipart/form-data'] }, url };
};

const finishDocument: SwaggerTransformObject = (d) =>
  'openapiObject' in d ? finishOpenapi(d.openapiObject as unknown as JsonObject) : finishSwagger2(d.swaggerObject as unknown as JsonObject);

function swagger2Options() {
  return {
    swagger: {
      info: { title: TITLE, version: pkg.version, description: DESCRIPTION },
      basePath: '/',
      consumes: ['application/json'],
      produces: ['application/json'],
      securityDefinitions: SECURITY_DEFINITIONS as never,
    },
    transform: documentedSchema,
    transformObject: finishDocument,
  };
}

// ---------------------------------------------------------------------------
// Route capture and replay (Swagger 2.0)

interface CapturedRoute {
  method: RouteOptions['method'];
  url: string;
  schema: RouteOptions['schema'];
  config: RouteOptions['config'];
  constraints: RouteOptions['constraints'];
  /** the instance the route was declared in, whose shared schemas ($id) it may refer to */
  instance: FastifyInstance;
}

function captureRoutes(app: FastifyInstance): CapturedRoute[] {
  const routes: CapturedRoute[] = [];
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    // HEAD twins of GET routes are added by Fastify itself; hidden routes never reach a document.
    if (route.method === 'HEAD' || route.schema?.hide) return;
    routes.push({
      method: route.method,
      url: route.url,
      schema: route.schema,
      config: route.config,
      constraints: route.constraints,
      instance: this,
    });
  });
  return routes;
}

async function buildSwagger2(routes: readonly CapturedRoute[]): Promise<JsonObject> {
  const bare = Fastify({ logger: false });
  try {
    // Only the schemas matter here: nothing is validated or serialised.
    bare.setValidatorCompiler(() => () => true);
    bare.setSerializerCompiler(() => (data) => JSON.stringify(data));
    const added = new Set<string>();
    for (const route of routes) {
      for (const [id, schema] of Object.entries(route.instance.getSchemas())) {
        if (added.has(id)) continue;
        added.add(id);
        bare.addSchema(schema);
      }
    }
    await bare.register(swagger, swagger2Options());
    for (const route of routes) {
      bare.route({
        method: route.method,
        url: route.url,
        ...(route.schema ? { schema: route.schema } : {}),
        ...(route.config ? { config: route.config } : {}),
        ...(route.constraints ? { constraints: route.constraints } : {}),
        handler: async () => null,
      });
    }
    await bare.ready();
    return structuredClone(bare.swagger() as unknown as JsonObject);
  } finally {
    await bare.close();
  }
}

// ---------------------------------------------------------------------------
// Shared finishing: operation ids, examples, tags

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `get` + `/apis/add-url.php` -> `getApisAddUrlPhp`: stable, readable, unique per method and path. */
export function operationIdFor(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function* operations(doc: JsonObject): Generator<{ path: string; method: string; op: JsonObject }> {
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (isObject(op)) yield { path, method, op };
    }
  }
}

function finishOperations(doc: JsonObject): void {
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
  }
  const declared = Array.isArray(doc.tags) ? doc.tags.filter(isObject) : [];
  const names = new Set(declared.map((t) => t.name));
  doc.tags = [
    ...declared,
    ...[...tags].filter((t) => !names.has(t)).map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
  ];
}

/** fastify-swagger's 'Default Response' says nothing: the schema's own words say more. */
function describeResponse(response: JsonObject, schema: Json | undefined): void {
  if (response.description !== 'Default Response' || !isObject(schema)) return;
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray) ?? [];
  const words = [schema.description, ...branches.map((b) => (isObject(b) ? b.description : undefined))].filter((d) => typeof d === 'string');
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

// ---------------------------------------------------------------------------
// OpenAPI 3.1

function finishOpenapi(doc: JsonObject): JsonObject {
  finishOperations(doc);
  for (const { op } of operations(doc)) {
    const media: JsonObject[] = [];
    if (isObject(op.requestBody) && isObject(op.requestBody.content)) media.push(...Object.values(op.requestBody.content).filter(isObject));
    for (const response of Object.values(isObject(op.responses) ? op.responses : {})) {
      if (!isObject(response) || !isObject(response.content)) continue;
      const all = Object.values(response.content).filter(isObject);
      media.push(...all);
      describeResponse(response, all[0]?.schema);
    }
    for (const m of media) {
      if (m.example !== undefined || m.examples !== undefined) continue;
      const example = exampleFromSchema(m.schema, doc);
      if (example !== undefined) m.example = example;
    }
    markFileFields(op);
  }
  return doc;
}

/** A multipart body: fields declared as binary are files, in OpenAPI 3 terms `format: binary`. */
function markFileFields(op: JsonObject): void {
  const content = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : {};
  const multipart = content['multipart/form-data'];
  if (!isObject(multipart) || !isObject(multipart.schema) || !isObject(multipart.schema.properties)) return;
  for (const [name, prop] of Object.entries(multipart.schema.properties)) {
    if (isObject(prop) && isFileSchema(prop)) {
      multipart.schema.properties[name] = { type: 'string', format: 'binary', ...(typeof prop.description === 'string' ? { description: prop.description } : {}) };
    }
  }
  delete multipart.example; // a file has no JSON example
}

/**
 * How a route can declare a file field: `format: binary` or
 * `contentEncoding: binary` on a string, or the object @fastify/multipart
 * attaches (filename + mimetype).
 */
function isFileSchema(s: JsonObject): boolean {
  if (s.format === 'binary' || s.contentEncoding === 'binary' || s.isFile === true) return true;
  return isObject(s.properties) && 'filename' in s.properties && 'mimetype' in s.properties;
}

// ---------------------------------------------------------------------------
// Swagger 2.0

/** Keywords a Swagger 2.0 Schema Object allows (plus `x-` extensions). */
const SCHEMA_KEYS = new Set([
  '$ref', 'format', 'title', 'description', 'default', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum',
  'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties',
  'minProperties', 'required', 'enum', 'type', 'items', 'allOf', 'properties', 'additionalProperties',
  'discriminator', 'readOnly', 'xml', 'externalDocs', 'example',
]);

/** Keywords a non-body parameter, a response header or an `items` of those allow. */
const SIMPLE_KEYS = new Set([
  'type', 'format', 'items', 'collectionFormat', 'default', 'maximum', 'exclusiveMaximum', 'minimum',
  'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'enum',
  'multipleOf', 'description',
]);
const PARAMETER_KEYS = new Set([...SIMPLE_KEYS, 'name', 'in', 'required', 'allowEmptyValue']);
const SIMPLE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array']);

/**
 * One JSON Schema (2020-12 flavoured, as TypeBox writes it) as a Swagger 2.0
 * Schema Object. A union keeps its first non-null branch (add-body's
 * `integer | string` becomes integer); a type list keeps its first non-null
 * type and says `x-nullable`; `const` becomes a one-value `enum`; `examples`
 * becomes `example`; numeric exclusive bounds become the boolean form;
 * everything else 2.0 does not know is dropped.
 */
export function toSwagger2Schema(input: Json | undefined, keys: Set<string> = SCHEMA_KEYS): JsonObject {
  if (!isObject(input)) return {};
  let s: JsonObject = { ...input };

  for (const key of ['anyOf', 'oneOf']) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    const rest: JsonObject = { ...s };
    delete rest[key];
    const nonNull = branches.filter(isObject).filter((b) => b.type !== 'null');
    if (nonNull.length < branches.length) rest['x-nullable'] = true;
    // The parent's own words (description, example) win over the branch's.
    s = { ...mergeBranches(nonNull), ...rest };
  }

  if (Array.isArray(s.type)) {
    const types = s.type.filter((t): t is string => typeof t === 'string');
    const first = types.find((t) => t !== 'null');
    if (types.includes('null')) s['x-nullable'] = true;
    if (first === undefined) delete s.type;
    else s.type = first;
  } else if (s.type === 'null') {
    delete s.type;
    s['x-nullable'] = true;
  }

  if (s.const !== undefined) {
    s.enum = [s.const];
    if (s.example === undefined) s.example = s.const;
  }
  if (s.example === undefined && Array.isArray(s.examples) && s.examples.length > 0) s.example = s.examples[0] as Json;
  if (typeof s.exclusiveMinimum === 'number') {
    s.minimum = s.exclusiveMinimum;
    s.exclusiveMinimum = true;
  }
  if (typeof s.exclusiveMaximum === 'number') {
    s.maximum = s.exclusiveMaximum;
    s.exclusiveMaximum = true;
  }
  if (s.contentEncoding === 'binary' && s.format === undefined) s.format = 'binary';
  if (s.type === undefined && isObject(s.properties)) s.type = 'object';
  if (s.type === undefined && s.items !== undefined) s.type = 'array';

  const out: JsonObject = {};
  for (const [key, value] of Object.entries(s)) {
    if (!(keys.has(key) || key.startsWith('x-'))) continue;
    switch (key) {
      case 'properties':
        if (isObject(value)) out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toSwagger2Schema(v)]));
        break;
      case 'items':
        out.items = toSwagger2Schema(Array.isArray(value) ? value[0] : value, keys === SCHEMA_KEYS ? SCHEMA_KEYS : SIMPLE_KEYS);
        break;
      case 'additionalProperties':
        out.additionalProperties = isObject(value) ? toSwagger2Schema(value) : value;
        break;
      case 'allOf':
        if (Array.isArray(value)) out.allOf = value.map((v) => toSwagger2Schema(v));
        break;
      case 'required':
        if (Array.isArray(value) && value.length > 0) out.required = value;
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}

/**
 * Swagger 2.0 has no unions. Literals of one type become one enum (a role is
 * Admin, Manager or User, not only Admin); objects become one object with the
 * properties of all (a property whose shapes differ is left untyped, and only
 * the properties every branch requires stay required); anything else keeps
 * the first branch.
 */
function mergeBranches(branches: JsonObject[]): JsonObject {
  const first = branches[0];
  if (first === undefined) return {};
  if (branches.length === 1) return first;
  const literal = (b: JsonObject) => b.const !== undefined || Array.isArray(b.enum);
  if (branches.every(literal) && branches.every((b) => b.type === first.type)) {
    const values = branches.flatMap((b) => (b.const !== undefined ? [b.const] : (b.enum as Json[])));
    return { ...(first.type !== undefined ? { type: first.type } : {}), enum: [...new Set(values)] };
  }
  if (branches.every((b) => b.type === 'object' && isObject(b.properties))) {
    const properties: JsonObject = {};
    for (const b of branches) {
      for (const [name, prop] of Object.entries(b.properties as JsonObject)) {
        const seen = properties[name];
        if (seen === undefined) properties[name] = prop;
        else if (JSON.stringify(seen) !== JSON.stringify(prop)) {
          const descriptions = [seen, prop].map((p) => (isObject(p) && typeof p.description === 'string' ? p.description : undefined));
          properties[name] = { description: descriptions.find((d) => d !== undefined) ?? 'Shape depends on the request; see /openapi.json' };
        }
      }
    }
    const required = branches
      .map((b) => (Array.isArray(b.required) ? b.required : []))
      .reduce((acc, r) => acc.filter((n) => r.includes(n)));
    const descriptions = branches.map((b) => b.description).filter((d) => typeof d === 'string');
    return {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(descriptions.length > 0 ? { description: descriptions.join('; or ') } : {}),
    };
  }
  return first;
}

/** A query, header, path or form parameter (or a response header): simple types only, example as `x-example`. */
function toSwagger2Simple(input: JsonObject, keys: Set<string>): JsonObject {
  const out = toSwagger2Schema(input, keys);
  if (input.in === 'formData' && (input.type === 'file' || isFileSchema(input))) {
    out.type = 'file';
    delete out.format;
  } else if (typeof out.type !== 'string' || !SIMPLE_TYPES.has(out.type)) {
    // An object or an untyped value travels as text in a header or a query string.
    out.type = 'string';
    for (const k of ['items', 'collectionFormat']) delete out[k];
  }
  if (out.type === 'array' && !isObject(out.items)) out.items = { type: 'string' };
  if (input.required === true) out.required = true;
  const example = input.example ?? (Array.isArray(input.examples) ? input.examples[0] : undefined) ?? input['x-example'];
  if (example !== undefined && out.type !== 'file') out['x-example'] = example;
  return out;
}

function finishSwagger2(doc: JsonObject): JsonObject {
  finishOperations(doc);
  if (isObject(doc.definitions)) {
    for (const [name, schema] of Object.entries(doc.definitions)) doc.definitions[name] = toSwagger2Schema(schema);
  }
  for (const { op } of operations(doc)) {
    const params = Array.isArray(op.parameters) ? op.parameters.filter(isObject) : [];
    const converted: JsonObject[] = params.map((p) => {
      if (p.in === 'body') {
        const body: JsonObject = { name: typeof p.name === 'string' ? p.name : 'body', in: 'body', required: true, schema: toSwagger2Schema(p.schema) };
        if (typeof p.description === 'string') body.description = p.description;
        return body;
      }
      return toSwagger2Simple(p, PARAMETER_KEYS);
    });
    if (converted.length > 0) op.parameters = converted;

    // A form body (the multipart upload) is sent as multipart/form-data.
    if (converted.some((p) => p.in === 'formData')) {
      op.consumes = converted.some((p) => p.type === 'file') ? ['multipart/form-data'] : ['application/x-www-form-urlencoded'];
    } else if (converted.some((p) => p.in === 'body')) {
      op.consumes = ['application/json'];
    }
    if (op.consumes === undefined) delete op.consumes;
    op.produces = ['application/json'];

    for (const response of Object.values(isObject(op.responses) ? op.responses : {})) {
      if (!isObject(response)) continue;
      if (response.schema !== undefined) {
        describeResponse(response, response.schema);
        // The example comes from the schema before conversion, while it still knows its union branches.
        const example = exampleFromSchema(response.schema, doc);
        const schema = toSwagger2Schema(response.schema);
        if (example !== undefined) {
          if (schema.example === undefined && schema.$ref === undefined) schema.example = example;
          response.examples = { 'application/json': example };
        }
        response.schema = schema;
      }
      if (isObject(response.headers)) {
        for (const [name, header] of Object.entries(response.headers)) {
          response.headers[name] = toSwagger2Simple(isObject(header) ? header : {}, SIMPLE_KEYS);
        }
      }
    }
  }
  return doc;
}

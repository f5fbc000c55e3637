// The Swagger 2.0 document, for Power Automate and Power Apps custom connectors, which import
// only that version. It is built by replaying the routes this app registered into a bare
// Fastify instance that runs @fastify/swagger in its 2.0 mode: same schemas, no handlers, no
// hooks, no worker pool, and no import of app.ts. Built once, at the first request, and cached.
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import pkg from '../../package.json' with { type: 'json' };
import {
  DESCRIPTION,
  SECURITY_DEFINITIONS,
  TITLE,
  describeResponse,
  documentedSchema,
  exampleFromSchema,
  finishOperations,
  isFileSchema,
  isObject,
  operations,
  standardResponseHeaders,
  type Json,
  type JsonObject,
} from './common.ts';

const finishDocument: SwaggerTransformObject = (d) =>
  'swaggerObject' in d ? finishSwagger2(d.swaggerObject as unknown as JsonObject) : d.openapiObject;

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

export interface CapturedRoute {
  method: RouteOptions['method'];
  url: string;
  schema: RouteOptions['schema'];
  config: RouteOptions['config'];
  constraints: RouteOptions['constraints'];
  /** the instance the route was declared in, whose shared schemas ($id) it may refer to */
  instance: FastifyInstance;
}

export function captureRoutes(app: FastifyInstance): CapturedRoute[] {
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

export async function buildSwagger2(routes: readonly CapturedRoute[]): Promise<JsonObject> {
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

/** Keywords a Swagger 2.0 Schema Object allows (plus `x-` extensions). */
const SCHEMA_KEYS = new Set([
  '$ref',
  'format',
  'title',
  'description',
  'default',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'items',
  'allOf',
  'properties',
  'additionalProperties',
  'discriminator',
  'readOnly',
  'xml',
  'externalDocs',
  'example',
]);

/** Keywords a non-body parameter, a response header or an `items` of those allow. */
const SIMPLE_KEYS = new Set([
  'type',
  'format',
  'items',
  'collectionFormat',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'multipleOf',
  'description',
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
        if (isObject(value))
          out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toSwagger2Schema(v)]));
        break;
      case 'items':
        out.items = toSwagger2Schema(
          Array.isArray(value) ? value[0] : value,
          keys === SCHEMA_KEYS ? SCHEMA_KEYS : SIMPLE_KEYS,
        );
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
          const descriptions = [seen, prop].map((p) =>
            isObject(p) && typeof p.description === 'string' ? p.description : undefined,
          );
          properties[name] = {
            description: descriptions.find((d) => d !== undefined) ?? 'Shape depends on the request; see /openapi.json',
          };
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
  const example =
    input.example ?? (Array.isArray(input.examples) ? input.examples[0] : undefined) ?? input['x-example'];
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
        const body: JsonObject = {
          name: typeof p.name === 'string' ? p.name : 'body',
          in: 'body',
          required: true,
          schema: toSwagger2Schema(p.schema),
        };
        if (typeof p.description === 'string') body.description = p.description;
        return body;
      }
      return toSwagger2Simple(p, PARAMETER_KEYS);
    });
    // Power Automate labels each field with x-ms-summary (else the raw name in its designer).
    for (const p of converted) if (typeof p.name === 'string') p['x-ms-summary'] ??= p.name;
    if (converted.length > 0) op.parameters = converted;

    // A form body (the multipart upload) is sent as multipart/form-data.
    if (converted.some((p) => p.in === 'formData')) {
      op.consumes = converted.some((p) => p.type === 'file')
        ? ['multipart/form-data']
        : ['application/x-www-form-urlencoded'];
    } else if (converted.some((p) => p.in === 'body')) {
      op.consumes = ['application/json'];
    }
    if (op.consumes === undefined) delete op.consumes;
    op.produces = ['application/json'];

    for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      if (!isObject(response)) continue;
      const headers: JsonObject = isObject(response.headers) ? response.headers : {};
      for (const [name, h] of Object.entries(standardResponseHeaders(status))) {
        headers[name] ??= { type: 'string', description: h.description, 'x-example': h.example };
      }
      response.headers = headers;
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

/**
 * The styles a Power Automate connector can hold: one connection has one security definition.
 * `title` is the connector's name in Power Automate (certification: at most 30 characters, without
 * "API" or "Connector"); `categories` its certification categories.
 */
export const CONNECTOR_STYLES: Record<
  string,
  { scheme: string | undefined; title: string; description: string; categories: string }
> = {
  apikey: {
    scheme: 'apiKeyHeader',
    title: 'Sample Utility Key Auth',
    description: 'add-apikey (api_key) and add-custom (api_key, with api_secret as a parameter)',
    categories: 'Data;Productivity',
  },
  basic: {
    scheme: 'basicAuth',
    title: 'Sample Utility Basic Auth',
    description: 'add-basic (HTTP Basic)',
    categories: 'Data;Productivity',
  },
  bearer: {
    scheme: 'bearerAuth',
    title: 'Sample Utility Bearer Token',
    description: 'add-bearer (Authorization: Bearer <token from add-token>)',
    categories: 'Data;Productivity',
  },
  survey: {
    scheme: 'surveyKey',
    title: 'Sample Utility Survey',
    description: 'survey (key, with secret as a parameter)',
    categories: 'Data;Productivity',
  },
  documents: {
    scheme: 'documentApiKey',
    title: 'Sample Utility Documents',
    description: 'chunking and deletion (api-key)',
    categories: 'AI;Content and Files',
  },
  oauth: {
    scheme: 'oauth2',
    title: 'Sample Utility OAuth',
    description:
      'add-oauth (OAuth 2.0 authorization code with the lab authorization server: client id, secret and scope addition)',
    categories: 'Data;Security',
  },
  public: {
    scheme: undefined,
    title: 'Sample Utility Public',
    description: 'the operations without authentication',
    categories: 'Data;Productivity',
  },
};

/** Power Platform's certification wants PascalCase operationIds: `getApisAddUrl` -> `GetApisAddUrl`. */
export function connectorOperationId(id: string): string {
  return id === '' ? id : id[0]!.toUpperCase() + id.slice(1);
}

/**
 * One connector definition: the public operations plus those the style's scheme opens. Where an
 * operation needs two schemes (add-custom, survey), the second becomes a required header
 * parameter, since a connection holds one.
 */
export function connectorDocument(
  swagger: JsonObject,
  style: string,
  host: string,
  scheme: string,
): JsonObject | undefined {
  const chosen = CONNECTOR_STYLES[style];
  if (chosen === undefined) return undefined;
  const doc = structuredClone(swagger);
  const definitions = isObject(doc.securityDefinitions) ? doc.securityDefinitions : {};
  const paths: JsonObject = {};
  for (const { path, method, op } of operations(doc)) {
    const requirement = (Array.isArray(op.security) ? op.security : []).filter(isObject)[0];
    const names = requirement ? Object.keys(requirement) : [];
    if (names.length > 0 && (chosen.scheme === undefined || !names.includes(chosen.scheme))) continue;
    if (names.length > 1 && chosen.scheme !== undefined) {
      const params = Array.isArray(op.parameters) ? op.parameters : [];
      for (const other of names.filter((n) => n !== chosen.scheme)) {
        const d = definitions[other];
        if (isObject(d) && typeof d.name === 'string')
          params.push({
            name: d.name,
            in: 'header',
            type: 'string',
            required: true,
            'x-ms-summary': d.name,
            ...(typeof d.description === 'string' ? { description: d.description } : {}),
          });
      }
      op.parameters = params;
      op.security = [{ [chosen.scheme]: [] }];
    }
    // An operation open with or without the credential (a job's poll): the connection always sends it.
    if (names.length > 0 && Array.isArray(op.security))
      op.security = op.security.filter((r) => !isObject(r) || Object.keys(r).length > 0);
    if (typeof op.operationId === 'string') op.operationId = connectorOperationId(op.operationId);
    const item = isObject(paths[path]) ? paths[path] : {};
    item[method] = op;
    paths[path] = item;
  }
  doc.paths = paths;
  const definition = chosen.scheme !== undefined ? definitions[chosen.scheme] : undefined;
  doc.securityDefinitions = chosen.scheme !== undefined && isObject(definition) ? { [chosen.scheme]: definition } : {};
  doc.info = {
    ...(isObject(doc.info) ? doc.info : {}),
    title: chosen.title,
    description: `Power Automate connector of ${TITLE}: ${chosen.description}.`,
  };
  // Certification metadata: the landing page is the website, its Privacy section the policy.
  const base = `${scheme}://${host}`;
  doc['x-ms-connector-metadata'] = [
    { propertyName: 'Website', propertyValue: `${base}/` },
    { propertyName: 'Privacy policy', propertyValue: `${base}/#privacy` },
    { propertyName: 'Categories', propertyValue: chosen.categories },
  ];
  return withHost(doc, host, scheme);
}

/**
 * host and schemes from the request, so a connector imported from this server calls it; the
 * OAuth 2.0 URLs, relative in the schemes, made absolute on the same host (Swagger 2.0 and
 * Power Automate want them whole).
 */
export function withHost(doc: JsonObject, host: string, scheme: string): JsonObject {
  const definitions = isObject(doc.securityDefinitions) ? doc.securityDefinitions : undefined;
  if (definitions === undefined) return { ...doc, host, schemes: [scheme] };
  const absolute = (v: Json | undefined) =>
    typeof v === 'string' && v.startsWith('/') ? `${scheme}://${host}${v}` : v;
  const securityDefinitions: JsonObject = {};
  for (const [name, d] of Object.entries(definitions)) {
    securityDefinitions[name] =
      isObject(d) && d.type === 'oauth2'
        ? {
            ...d,
            ...(d.authorizationUrl !== undefined ? { authorizationUrl: absolute(d.authorizationUrl) } : {}),
            ...(d.tokenUrl !== undefined ? { tokenUrl: absolute(d.tokenUrl) } : {}),
          }
        : d;
  }
  return { ...doc, host, schemes: [scheme], securityDefinitions };
}

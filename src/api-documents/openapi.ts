// The OpenAPI 3.1 document, collected by @fastify/swagger from the route schemas as routes are
// added, then finished: operation ids, summaries, examples, file fields.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import pkg from '../../package.json' with { type: 'json' };
import {
  DESCRIPTION,
  SECURITY_SCHEMES,
  TITLE,
  describeResponse,
  documentedSchema,
  exampleFromSchema,
  finishOperations,
  isFileSchema,
  isObject,
  operations,
  standardResponseHeaders,
  type JsonObject,
} from './common.ts';

/** Registers the collector; it must come before the routes it documents. */
export async function collectOpenapi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: TITLE, version: pkg.version, description: DESCRIPTION },
      servers: [{ url: '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentedSchema,
    transformObject: (d) =>
      'openapiObject' in d ? finishOpenapi(d.openapiObject as unknown as JsonObject) : d.swaggerObject,
  });
}

function finishOpenapi(doc: JsonObject): JsonObject {
  finishOperations(doc);
  for (const { op } of operations(doc)) {
    if (Array.isArray(op.parameters)) op.parameters = op.parameters.map((p) => (isObject(p) ? exampleAsExample(p) : p));
    const media: JsonObject[] = [];
    if (isObject(op.requestBody) && isObject(op.requestBody.content))
      media.push(...Object.values(op.requestBody.content).filter(isObject));
    for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      if (!isObject(response)) continue;
      const headers: JsonObject = isObject(response.headers) ? response.headers : {};
      for (const [name, h] of Object.entries(standardResponseHeaders(status))) {
        headers[name] ??= { description: h.description, schema: { type: 'string', examples: [h.example] } };
      }
      response.headers = headers;
      if (!isObject(response.content)) continue;
      const all = Object.values(response.content).filter(isObject);
      media.push(...all);
      describeResponse(response, all[0]?.schema);
    }
    for (const m of media) {
      if (m.example !== undefined || m.examples !== undefined) continue;
      if (isObject(m.schema) && isFileSchema(m.schema)) continue; // bytes have no JSON example
      const example = exampleFromSchema(m.schema, doc);
      if (example !== undefined) m.example = example;
    }
    markFileFields(op);
  }
  return doc;
}

/**
 * An optional parameter's example is shown, not sent: Swagger UI fills an input from the
 * parameter's `example` (and its schema's `example` or `default`), so "Try it out" would send every
 * optional header with its example value (the index headers, page-numbers: true, Prefer:
 * respond-async) and the operation would not run as shipped. The value moves to the schema's
 * `examples` (JSON Schema, which Swagger UI does not pre-fill) and into the description, where
 * the page shows it. A required parameter keeps its `example`: it is the value to send.
 */
export function exampleAsExample(p: JsonObject): JsonObject {
  if (p.required === true || p.example === undefined) return p;
  const { example, ...rest } = p;
  const schema = isObject(rest.schema) ? rest.schema : {};
  const shown = typeof example === 'string' ? example : JSON.stringify(example);
  const text = typeof rest.description === 'string' ? rest.description.trim() : '';
  const described = text === '' ? '' : /[.!?]$/.test(text) ? `${text} ` : `${text}. `;
  return {
    ...rest,
    schema: { ...schema, examples: [example] },
    description: `${described}Example: \`${shown}\`.`,
  };
}

/** A multipart body: fields declared as binary are files, in OpenAPI 3 terms `format: binary`. */
function markFileFields(op: JsonObject): void {
  const content = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : {};
  const multipart = content['multipart/form-data'];
  if (!isObject(multipart) || !isObject(multipart.schema) || !isObject(multipart.schema.properties)) return;
  for (const [name, prop] of Object.entries(multipart.schema.properties)) {
    if (isObject(prop) && isFileSchema(prop)) {
      multipart.schema.properties[name] = {
        type: 'string',
        format: 'binary',
        ...(typeof prop.description === 'string' ? { description: prop.description } : {}),
      };
    }
  }
  delete multipart.example; // a file has no JSON example
}

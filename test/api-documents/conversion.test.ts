// The pieces of the documents that do not depend on today's routes: the JSON
// Schema -> Swagger 2.0 conversion, example synthesis, operation ids, and a
// multipart upload declared the generic way (multipartBody).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { exampleFromSchema, operationIdFor } from '../../src/api-documents/common.ts';
import { toSwagger2Schema } from '../../src/api-documents/swagger2.ts';
import { collectApiDocuments, openapiJson, swaggerJson } from '../../src/api-documents/index.ts';

/** Both documents of the routes added after this, served where the app serves them. */
async function registerDocs(app: FastifyInstance): Promise<void> {
  const docs = await collectApiDocuments(app);
  app.get('/openapi.json', openapiJson(docs));
  app.get('/swagger.json', swaggerJson(docs));
}
import { getValidDocuments, type Json, type JsonObject } from './app.ts';

describe('toSwagger2Schema', () => {
  const cases: [string, Json, JsonObject][] = [
    [
      'integer | string keeps the integer, and the parent words',
      { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]+$' }], description: 'd', examples: [5] },
      { type: 'integer', description: 'd', example: 5 },
    ],
    ['a type list keeps its first non-null type', { type: ['string', 'null'] }, { type: 'string', 'x-nullable': true }],
    [
      'T | null is T, nullable',
      { anyOf: [{ type: 'null' }, { type: 'number' }] },
      { type: 'number', 'x-nullable': true },
    ],
    [
      'const is a one-value enum, and the example',
      { type: 'boolean', const: true },
      { type: 'boolean', enum: [true], example: true },
    ],
    [
      'literals of one type are one enum',
      {
        anyOf: [
          { type: 'string', const: 'Admin' },
          { type: 'string', const: 'Manager' },
          { type: 'string', enum: ['User'] },
        ],
      },
      { type: 'string', enum: ['Admin', 'Manager', 'User'] },
    ],
    ['examples is example', { type: 'string', examples: ['a', 'b'] }, { type: 'string', example: 'a' }],
    [
      'numeric exclusive bounds are the boolean form',
      { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 },
      { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true },
    ],
    [
      '2020-12 keywords are dropped',
      {
        type: 'object',
        $id: 'X',
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        unevaluatedProperties: false,
        properties: {},
      },
      { type: 'object', properties: {} },
    ],
    [
      'a tuple keeps its first item schema',
      { type: 'array', prefixItems: [{ type: 'string' }], items: [{ type: 'integer' }] },
      { type: 'array', items: { type: 'integer' } },
    ],
    [
      'properties are converted deeply',
      { type: 'object', required: ['a'], properties: { a: { type: 'array', items: { const: 'x' } } } },
      { type: 'object', required: ['a'], properties: { a: { type: 'array', items: { enum: ['x'], example: 'x' } } } },
    ],
    [
      'an empty required list is dropped',
      { type: 'object', required: [], properties: {} },
      { type: 'object', properties: {} },
    ],
    ['x- extensions stay', { type: 'string', 'x-ms-summary': 'Name' }, { type: 'string', 'x-ms-summary': 'Name' }],
    [
      'objects of a union are merged; shared requirements stay required; a conflict is left untyped',
      {
        anyOf: [
          {
            type: 'object',
            required: ['success', 'count', 'data'],
            properties: {
              success: { type: 'boolean' },
              count: { type: 'integer' },
              data: { type: 'array', items: { type: 'string' } },
            },
            description: 'All',
          },
          {
            type: 'object',
            required: ['success', 'data'],
            properties: { success: { type: 'boolean' }, data: { type: 'string' } },
            description: 'One',
          },
        ],
      },
      {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          count: { type: 'integer' },
          data: { description: 'Shape depends on the request; see /openapi.json' },
        },
        required: ['success', 'data'],
        description: 'All; or One',
      },
    ],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => assert.deepEqual(toSwagger2Schema(input), expected));
  }
});

describe('exampleFromSchema', () => {
  const doc: JsonObject = {
    definitions: { User: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } } },
  };
  const cases: [string, Json, Json | undefined][] = [
    ['its own example first', { type: 'string', example: 'e', examples: ['x'] }, 'e'],
    ['then examples[0]', { type: 'string', examples: ['x', 'y'] }, 'x'],
    ['then const', { const: 'c', default: 'd' }, 'c'],
    ['then enum', { enum: ['a', 'b'] }, 'a'],
    ['then default', { type: 'string', default: 'USD' }, 'USD'],
    [
      'integers default to 1 (a list of one counts 1)',
      {
        type: 'object',
        properties: { count: { type: 'integer' }, data: { type: 'array', items: { type: 'string' } } },
      },
      { count: 1, data: ['string'] },
    ],
    ['a minimum above 1 wins', { type: 'integer', minimum: 300 }, 300],
    ['a format gives a realistic string', { type: 'string', format: 'uuid' }, '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
    ['a union takes its first branch', { anyOf: [{ type: 'boolean' }, { type: 'string' }] }, true],
    ['a $ref is followed', { $ref: '#/definitions/User' }, { id: 1 }],
    [
      'allOf merges',
      {
        allOf: [
          { type: 'object', properties: { a: { const: 1 } } },
          { type: 'object', properties: { b: { const: 2 } } },
        ],
      },
      { a: 1, b: 2 },
    ],
    ['nothing to go on', {}, undefined],
  ];
  for (const [name, schema, expected] of cases) {
    test(name, () => assert.deepEqual(exampleFromSchema(schema, doc), expected));
  }
});

test('operationIdFor: method + path words, .php included', () => {
  const cases: [string, string, string][] = [
    ['GET', '/apis/add-url', 'getApisAddUrl'],
    ['GET', '/apis/add-url.php', 'getApisAddUrlPhp'],
    ['POST', '/survey_api.php', 'postSurveyApiPhp'],
    ['POST', '/apis/chunk-and-perform-embedding.php', 'postApisChunkAndPerformEmbeddingPhp'],
    ['get', '/healthz', 'getHealthz'],
  ];
  for (const [method, path, id] of cases) assert.equal(operationIdFor(method, path), id, path);
});

describe('a multipart upload declared with multipartBody', () => {
  // The shapes a route can give its file field; each must come out as a file.
  const fileFields: [string, unknown][] = [
    ['format binary', Type.String({ format: 'binary', description: 'The PDF' })],
    ['contentEncoding binary', { type: 'string', contentEncoding: 'binary', description: 'The PDF' }],
    [
      'the @fastify/multipart file object',
      Type.Object({ filename: Type.String(), mimetype: Type.String() }, { description: 'The PDF' }),
    ],
  ];
  for (const [name, field] of fileFields) {
    test(name, async () => {
      const app = Fastify({ logger: false });
      // The route reads its parts itself; nothing here is validated.
      app.setValidatorCompiler(() => () => true);
      await registerDocs(app);
      for (const url of ['/apis/upload.php', '/apis/upload']) {
        app.post(url, {
          schema: {
            summary: 'Upload',
            tags: ['Documents'],
            consumes: ['multipart/form-data'],
            headers: Type.Object({ 'tenant-id': Type.String({ examples: ['7'] }) }),
            multipartBody: Type.Object({ document: field as never, note: Type.Optional(Type.String()) }),
            response: { 200: Type.Object({ ok: Type.Boolean() }) },
          },
          handler: async () => ({ ok: true }),
        });
      }
      await app.ready();
      try {
        const { openapi, swagger } = await getValidDocuments(app);
        for (const url of ['/apis/upload.php', '/apis/upload']) {
          const v3 = ((openapi.paths as JsonObject)[url] as JsonObject).post as JsonObject;
          const content = (v3.requestBody as JsonObject).content as JsonObject;
          assert.deepEqual(Object.keys(content), ['multipart/form-data']);
          const schema = (content['multipart/form-data'] as JsonObject).schema as JsonObject;
          assert.deepEqual((schema.properties as JsonObject).document, {
            type: 'string',
            format: 'binary',
            description: 'The PDF',
          });
          assert.deepEqual(schema.required, ['document']);

          const v2 = ((swagger.paths as JsonObject)[url] as JsonObject).post as JsonObject;
          assert.deepEqual(v2.consumes, ['multipart/form-data']);
          const params = v2.parameters as JsonObject[];
          assert.deepEqual(
            params.find((p) => p.name === 'document'),
            {
              type: 'file',
              description: 'The PDF',
              in: 'formData',
              name: 'document',
              required: true,
              'x-ms-summary': 'document',
            },
          );
          assert.deepEqual(
            params.find((p) => p.name === 'note'),
            { type: 'string', in: 'formData', name: 'note', 'x-ms-summary': 'note' },
          );
          assert.deepEqual(
            params.find((p) => p.name === 'tenant-id'),
            {
              type: 'string',
              in: 'header',
              name: 'tenant-id',
              required: true,
              'x-example': '7',
              'x-ms-summary': 'tenant-id',
            },
          );
          assert.ok(!params.some((p) => p.in === 'body'));
          assert.equal(v2.operationId, url.endsWith('.php') ? 'postApisUploadPhp' : 'postApisUpload');
          assert.equal(v3.multipartBody, undefined);
        }
      } finally {
        await app.close();
      }
    });
  }
});

test('a shared schema ($id, added with addSchema) referenced by a route reaches both documents', async () => {
  const app = Fastify({ logger: false });
  app.addSchema({
    $id: 'Failure',
    type: 'object',
    properties: { success: { const: false }, error: { type: 'string' } },
    examples: [{ success: false, error: 'No.' }],
  });
  await registerDocs(app);
  await app.register(async (child) => {
    child.addSchema({ $id: 'Thing', type: 'object', properties: { id: { type: 'integer' } } });
    child.get('/apis/thing', {
      schema: {
        summary: 'A thing',
        tags: ['Service'],
        response: { 200: { $ref: 'Thing#' }, 400: { $ref: 'Failure#' } },
      },
      handler: async () => ({ id: 1 }),
    });
  });
  await app.ready();
  try {
    const { swagger } = await getValidDocuments(app);
    const ok = (
      (((swagger.paths as JsonObject)['/apis/thing'] as JsonObject).get as JsonObject).responses as JsonObject
    )['200'] as JsonObject;
    assert.deepEqual((ok.examples as JsonObject)['application/json'], { id: 1 });
    const bad = (
      (((swagger.paths as JsonObject)['/apis/thing'] as JsonObject).get as JsonObject).responses as JsonObject
    )['400'] as JsonObject;
    assert.deepEqual((bad.examples as JsonObject)['application/json'], { success: false, error: 'No.' });
  } finally {
    await app.close();
  }
});

// The OpenAPI 3.1 collector on a bare app with routes of the test's own: the document's head and
// what finishOpenapi adds to each operation.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { collectOpenapi, exampleAsExample } from '../../src/api-documents/openapi.ts';
import { TITLE, type JsonObject } from '../../src/api-documents/common.ts';
import pkg from '../../package.json' with { type: 'json' };

let app: FastifyInstance;
let doc: JsonObject;
const at = (o: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);

before(async () => {
  app = Fastify({ logger: false });
  await collectOpenapi(app);
  app.get(
    '/apis/thing',
    {
      schema: {
        summary: 'A thing',
        response: {
          200: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string', examples: ['x'] } } },
          400: { type: 'object', properties: { success: { const: false }, error: { type: 'string' } } },
        },
      },
    },
    async () => ({ id: 1, name: 'x' }),
  );
  app.post(
    '/apis/upload',
    {
      schema: {
        summary: 'An upload',
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          properties: {
            document: {
              type: 'object',
              properties: { filename: { type: 'string' }, mimetype: { type: 'string' } },
              description: 'The file',
            },
            note: { type: 'string' },
          },
        },
      },
    },
    async () => ({}),
  );
  await app.ready();
  doc = app.swagger() as unknown as JsonObject;
});
after(() => app.close());

describe('collectOpenapi', () => {
  const thing = ['paths', '/apis/thing', 'get'];
  const upload = ['paths', '/apis/upload', 'post'];
  const cases: [string, string[], unknown][] = [
    ['OpenAPI 3.1', ['openapi'], '3.1.0'],
    ['the title', ['info', 'title'], TITLE],
    ["the package's version", ['info', 'version'], pkg.version],
    ['served from the origin', ['servers'], [{ url: '/' }]],
    ['an operation id from method and path', [...thing, 'operationId'], 'getApisThing'],
    [
      'CORS on every answer',
      [...thing, 'responses', '200', 'headers', 'Access-Control-Allow-Origin', 'schema', 'examples'],
      ['*'],
    ],
    ['no error code on a 200', [...thing, 'responses', '200', 'headers', 'X-Error-Code'], undefined],
    ['the error code on a 400', [...thing, 'responses', '400', 'headers', 'X-Error-Code', 'schema', 'type'], 'string'],
    [
      'an example built from the schema',
      [...thing, 'responses', '200', 'content', 'application/json', 'example'],
      { id: 1, name: 'x' },
    ],
    [
      'a multipart file field is a binary string',
      [...upload, 'requestBody', 'content', 'multipart/form-data', 'schema', 'properties', 'document'],
      { type: 'string', format: 'binary', description: 'The file' },
    ],
    [
      'other multipart fields are left alone',
      [...upload, 'requestBody', 'content', 'multipart/form-data', 'schema', 'properties', 'note'],
      { type: 'string' },
    ],
    [
      'a multipart body has no JSON example',
      [...upload, 'requestBody', 'content', 'multipart/form-data', 'example'],
      undefined,
    ],
  ];
  for (const [name, path, want] of cases) test(name, () => assert.deepEqual(at(doc, ...path), want));
});

describe('exampleAsExample: an optional parameter shows its example, /docs does not send it', () => {
  const cases: [string, JsonObject, JsonObject][] = [
    [
      'a required parameter keeps its example (the value to send)',
      { name: 'sourceName', in: 'header', required: true, example: 'handbook.pdf', schema: { type: 'string' } },
      { name: 'sourceName', in: 'header', required: true, example: 'handbook.pdf', schema: { type: 'string' } },
    ],
    [
      'an optional one: into the schema examples and the description',
      {
        name: 'indexName',
        in: 'header',
        required: false,
        example: 'pdf-chunks',
        description: 'Index name',
        schema: { type: 'string' },
      },
      {
        name: 'indexName',
        in: 'header',
        required: false,
        description: 'Index name. Example: `pdf-chunks`.',
        schema: { type: 'string', examples: ['pdf-chunks'] },
      },
    ],
    [
      'a description ending in a full stop, a number example',
      { name: 'limit', in: 'query', example: 20, description: 'Per page.', schema: { type: 'integer' } },
      {
        name: 'limit',
        in: 'query',
        description: 'Per page. Example: `20`.',
        schema: { type: 'integer', examples: [20] },
      },
    ],
    [
      'no description',
      { name: 'Prefer', in: 'header', example: 'respond-async', schema: { type: 'string' } },
      {
        name: 'Prefer',
        in: 'header',
        description: 'Example: `respond-async`.',
        schema: { type: 'string', examples: ['respond-async'] },
      },
    ],
    [
      'no example: unchanged',
      { name: 'embeddingKey', in: 'header', required: false, schema: { type: 'string' } },
      { name: 'embeddingKey', in: 'header', required: false, schema: { type: 'string' } },
    ],
  ];
  for (const [name, input, want] of cases) test(name, () => assert.deepEqual(exampleAsExample(input), want));
});

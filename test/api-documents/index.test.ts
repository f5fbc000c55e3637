// collectApiDocuments and the two document handlers on routes of the test's own (not today's
// routes): a multipart upload declared the generic way (multipartBody), a shared schema. The
// conversion and example pieces are tested in swagger2.test.ts and common.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { collectApiDocuments, openapiJson, swaggerJson } from '../../src/api-documents/index.ts';

/** Both documents of the routes added after this, served where the app serves them. */
async function registerDocs(app: FastifyInstance): Promise<void> {
  const docs = await collectApiDocuments(app);
  app.get('/openapi.json', openapiJson(docs));
  app.get('/swagger.json', swaggerJson(docs));
}
import { getValidDocuments, type JsonObject } from './app.ts';

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

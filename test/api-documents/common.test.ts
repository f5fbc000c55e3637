// The pieces both documents share: example synthesis, operation ids, query integers, file schemas.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  exampleFromSchema,
  integerQuery,
  isFileSchema,
  operationIdFor,
  standardResponseHeaders,
  type Json,
  type JsonObject,
} from '../../src/api-documents/common.ts';

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

describe('operationIdFor: method + path words, .php included', () => {
  const cases: [string, string, string][] = [
    ['GET', '/apis/add-url', 'getApisAddUrl'],
    ['GET', '/apis/add-url.php', 'getApisAddUrlPhp'],
    ['POST', '/survey_api.php', 'postSurveyApiPhp'],
    ['POST', '/apis/chunk-and-perform-embedding.php', 'postApisChunkAndPerformEmbeddingPhp'],
    ['get', '/healthz', 'getHealthz'],
  ];
  for (const [method, path, id] of cases)
    test(`${method} ${path}`, () => assert.equal(operationIdFor(method, path), id));
});

describe('integerQuery: integer-carrying strings are documented as integers', () => {
  const INT = '^[+-]?[0-9]+$';
  const cases: [string, Json, readonly string[], Json][] = [
    [
      'a string with the integer pattern',
      { type: 'object', properties: { a: { type: 'string', pattern: INT, description: 'A', examples: ['5', 'x'] } } },
      [],
      { type: 'object', properties: { a: { type: 'integer', description: 'A', examples: [5] } } },
    ],
    [
      'a named one is positive, its default kept',
      { type: 'object', properties: { page: { type: 'string', default: '1' } } },
      ['page'],
      { type: 'object', properties: { page: { type: 'integer', minimum: 1, default: 1 } } },
    ],
    [
      'other strings and types are left alone',
      { type: 'object', properties: { s: { type: 'string' }, n: { type: 'number' } } },
      [],
      { type: 'object', properties: { s: { type: 'string' }, n: { type: 'number' } } },
    ],
    ['no properties: as it is', { type: 'object' }, ['x'], { type: 'object' }],
    ['not an object: as it is', 'x', [], 'x'],
  ];
  for (const [name, query, named, want] of cases) test(name, () => assert.deepEqual(integerQuery(query, named), want));
});

describe('isFileSchema', () => {
  const cases: [string, JsonObject, boolean][] = [
    ['format binary', { type: 'string', format: 'binary' }, true],
    ['contentEncoding binary', { type: 'string', contentEncoding: 'binary' }, true],
    ['isFile', { isFile: true }, true],
    ['the multipart object', { type: 'object', properties: { filename: {}, mimetype: {} } }, true],
    ['a filename alone', { type: 'object', properties: { filename: {} } }, false],
    ['a plain string', { type: 'string' }, false],
    ['format byte', { type: 'string', format: 'byte' }, false],
  ];
  for (const [name, schema, want] of cases) test(name, () => assert.equal(isFileSchema(schema), want));
});

describe('standardResponseHeaders', () => {
  const cases: [string, string[], string | undefined][] = [
    ['200', ['Access-Control-Allow-Origin'], undefined],
    ['204', ['Access-Control-Allow-Origin'], undefined],
    ['400', ['Access-Control-Allow-Origin', 'X-Error-Code', 'X-Error-Hint'], 'missing_parameter'],
    ['405', ['Access-Control-Allow-Origin', 'Allow', 'X-Error-Code', 'X-Error-Hint'], undefined],
    ['415', ['Access-Control-Allow-Origin', 'X-Error-Code', 'X-Error-Hint'], 'unsupported_media_type'],
    ['503', ['Access-Control-Allow-Origin', 'X-Error-Code', 'X-Error-Hint'], 'service_busy'],
    ['418', ['Access-Control-Allow-Origin', 'X-Error-Code', 'X-Error-Hint'], 'invalid_request'],
  ];
  for (const [status, names, code] of cases) {
    test(status, () => {
      const headers = standardResponseHeaders(status);
      assert.deepEqual(Object.keys(headers), names);
      if (code !== undefined) assert.equal(headers['X-Error-Code']?.example, code);
    });
  }
});

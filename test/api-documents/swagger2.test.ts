// The JSON Schema -> Swagger 2.0 conversion, with its connector and host helpers.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { toSwagger2Schema, withHost } from '../../src/api-documents/swagger2.ts';
import type { Json, JsonObject } from '../../src/api-documents/common.ts';

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

describe('withHost', () => {
  const doc: JsonObject = { swagger: '2.0', host: 'old', schemes: ['http'], paths: {} };
  const cases: [string, string, string, JsonObject][] = [
    ['https', 'api.example.com', 'https', { swagger: '2.0', host: 'api.example.com', schemes: ['https'], paths: {} }],
    [
      'http with a port',
      '127.0.0.1:3000',
      'http',
      { swagger: '2.0', host: '127.0.0.1:3000', schemes: ['http'], paths: {} },
    ],
  ];
  for (const [name, host, scheme, want] of cases) {
    test(name, () => {
      assert.deepEqual(withHost(doc, host, scheme), want);
      assert.equal(doc.host, 'old');
    });
  }
});

// The shared schemas: what they accept (checked with TypeBox's Value, as the documents state them)
// and the helpers that build error answers and challenges.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  AdditionQuery,
  AdditionResult,
  AuthenticatedAdditionResult,
  ErrorBody,
  errorResponse,
  IntegerString,
  MessageErrorBody,
  messageErrorResponse,
  methodNotAllowedResponse,
  withChallenge,
} from '../../src/schemas/common.ts';

describe('IntegerString (via AdditionQuery)', () => {
  const cases: [string, boolean][] = [
    ['5', true],
    ['-12', true],
    ['+7', true],
    ['007', true],
    ['9'.repeat(32), true],
    ['9'.repeat(33), false],
    ['', false],
    ['1.5', false],
    ['1e3', false],
    [' 5', false],
    ['abc', false],
  ];
  for (const [value, ok] of cases) {
    test(`${JSON.stringify(value.length > 12 ? `${value.slice(0, 4)}...(${value.length})` : value)}: ${ok ? 'accepted' : 'refused'}`, () => {
      assert.equal(Value.Check(AdditionQuery, { input1: value, input2: '1' }), ok);
    });
  }
});

describe('IntegerString documents its description and example', () => {
  const cases: [string, string][] = [
    ['First integer', '5'],
    ['Second integer', '-7'],
  ];
  for (const [description, example] of cases) {
    test(description, () => {
      const s = IntegerString(description, example) as unknown as Record<string, unknown>;
      assert.deepEqual([s.description, s.examples, s.maxLength], [description, [example], 32]);
    });
  }
});

describe('bodies', () => {
  const cases: [string, TSchema, unknown, boolean][] = [
    ['ErrorBody: the error envelope', ErrorBody, { success: false, error: 'x' }, true],
    ['ErrorBody: success true is not an error', ErrorBody, { success: true, error: 'x' }, false],
    ['ErrorBody: the message envelope is not it', ErrorBody, { success: false, message: 'x' }, false],
    ['MessageErrorBody: the deletion envelope', MessageErrorBody, { success: false, message: 'x' }, true],
    ['MessageErrorBody: the error envelope is not it', MessageErrorBody, { success: false, error: 'x' }, false],
    [
      'AdditionResult: a result',
      AdditionResult,
      { success: true, operation: 'addition', input1: 5, input2: 7, result: 12 },
      true,
    ],
    [
      'AdditionResult: a non-integer result',
      AdditionResult,
      { success: true, operation: 'addition', input1: 5, input2: 7, result: 1.5 },
      false,
    ],
    [
      'AuthenticatedAdditionResult: its auth method',
      AuthenticatedAdditionResult('basic'),
      { success: true, auth_method: 'basic', operation: 'addition', input1: 5, input2: 7, result: 12 },
      true,
    ],
    [
      'AuthenticatedAdditionResult: another auth method',
      AuthenticatedAdditionResult('basic'),
      { success: true, auth_method: 'bearer', operation: 'addition', input1: 5, input2: 7, result: 12 },
      false,
    ],
  ];
  for (const [name, schema, value, ok] of cases) test(name, () => assert.equal(Value.Check(schema, value), ok));
});

describe('error answers', () => {
  const cases: [string, unknown, { description: string; example: unknown; field: string }][] = [
    [
      'errorResponse',
      errorResponse('Wrong credentials', 'Nope.'),
      { description: 'Wrong credentials', example: { success: false, error: 'Nope.' }, field: 'error' },
    ],
    [
      'messageErrorResponse',
      messageErrorResponse('Gone', 'Nope.'),
      { description: 'Gone', example: { success: false, message: 'Nope.' }, field: 'message' },
    ],
    [
      'methodNotAllowedResponse GET',
      methodNotAllowedResponse('GET'),
      {
        description: 'Method other than GET (see the Allow header)',
        example: { success: false, error: 'Method Not Allowed. Use GET.' },
        field: 'error',
      },
    ],
    [
      'methodNotAllowedResponse POST, message envelope',
      methodNotAllowedResponse('POST', 'message'),
      {
        description: 'Method other than POST (see the Allow header)',
        example: { success: false, message: 'Method Not Allowed. Use POST.' },
        field: 'message',
      },
    ],
  ];
  for (const [name, schema, want] of cases) {
    test(name, () => {
      const s = schema as { description: string; examples: unknown[]; properties: Record<string, unknown> };
      assert.equal(s.description, want.description);
      assert.deepEqual(s.examples, [want.example]);
      assert.deepEqual(Object.keys(s.properties).sort(), ['success', want.field].sort());
      assert.ok(Value.Check(schema as TSchema, want.example));
    });
  }
});

describe('withChallenge', () => {
  const base = errorResponse('Wrong credentials', 'Nope.');
  const cases: [string, (s: ReturnType<typeof withChallenge<typeof base>>) => void][] = [
    [
      'adds the WWW-Authenticate header',
      (s) =>
        assert.equal(
          (s as unknown as { headers: Record<string, { type: string }> }).headers['WWW-Authenticate']?.type,
          'string',
        ),
    ],
    ['keeps the schema', (s) => assert.deepEqual({ ...s, headers: undefined }, { ...base, headers: undefined })],
    ['does not change its argument', () => assert.equal((base as unknown as { headers?: unknown }).headers, undefined)],
  ];
  for (const [name, check] of cases) test(name, () => check(withChallenge(base)));
});

// TypeBox schemas shared by several routes. They validate requests and
// responses and are the source of the OpenAPI and Swagger documents.
import { Type } from 'typebox';
import { INTEGER_PATTERN } from '../http/error-handler.ts';
import { messageOf } from '../errors.ts';

export const ErrorBody = Type.Object(
  { success: Type.Literal(false), error: Type.String() },
  { $id: 'ErrorBody', description: 'Error envelope of every endpoint but deletion' },
);

export const MessageErrorBody = Type.Object(
  { success: Type.Literal(false), message: Type.String() },
  { $id: 'MessageErrorBody', description: 'Error envelope of the deletion endpoint' },
);

/** An integer carried as a query string: decimal digits, optionally signed. */
export const IntegerString = (description: string, example: string) =>
  Type.String({ pattern: INTEGER_PATTERN, description, examples: [example], maxLength: 32 });

export const errorResponse = (description: string, example: string) =>
  Type.Object(
    { success: Type.Literal(false), error: Type.String({ examples: [example] }) },
    { description, examples: [{ success: false, error: example }] },
  );

export const messageErrorResponse = (description: string, example: string) =>
  Type.Object(
    { success: Type.Literal(false), message: Type.String({ examples: [example] }) },
    { description, examples: [{ success: false, message: example }] },
  );

/** The 405 answer of a route served with `method` only; its example is the catalogue's message. */
export function methodNotAllowedResponse(method: 'GET' | 'POST'): ReturnType<typeof errorResponse>;
export function methodNotAllowedResponse(
  method: 'GET' | 'POST',
  envelope: 'message',
): ReturnType<typeof messageErrorResponse>;
export function methodNotAllowedResponse(method: 'GET' | 'POST', envelope: 'error' | 'message' = 'error') {
  const description = `Method other than ${method} (see the Allow header)`;
  const example = messageOf('method_not_allowed', [method]);
  return envelope === 'message' ? messageErrorResponse(description, example) : errorResponse(description, example);
}

export const AdditionResult = Type.Object(
  {
    success: Type.Literal(true),
    operation: Type.Literal('addition'),
    input1: Type.Integer(),
    input2: Type.Integer(),
    result: Type.Integer(),
  },
  {
    description: 'Addition result',
    examples: [{ success: true, operation: 'addition', input1: 5, input2: 7, result: 12 }],
  },
);

export const AuthenticatedAdditionResult = (authMethod: string) =>
  Type.Object(
    {
      success: Type.Literal(true),
      auth_method: Type.Literal(authMethod),
      operation: Type.Literal('addition'),
      input1: Type.Integer(),
      input2: Type.Integer(),
      result: Type.Integer(),
    },
    {
      description: 'Addition result',
      examples: [{ success: true, auth_method: authMethod, operation: 'addition', input1: 5, input2: 7, result: 12 }],
    },
  );

export const AdditionQuery = Type.Object({
  input1: IntegerString('First integer', '5'),
  input2: IntegerString('Second integer', '7'),
});

/** A 401 answer of HTTP Basic or Bearer: the documents state its `WWW-Authenticate` challenge. */
export const withChallenge = <T extends object>(schema: T): T => ({
  ...schema,
  headers: {
    'WWW-Authenticate': {
      type: 'string',
      description: 'The challenge: `Basic realm=...` or `Bearer realm=...`',
      examples: ['Basic realm="sample-utility-service", charset="UTF-8"'],
    },
  },
});

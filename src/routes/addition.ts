// The six ways to add two integers. They share one pure core (core/integers.ts)
// and differ only in where the input comes from and which auth hook runs first.
import { Type, type TObject } from 'typebox';
import { route } from '../http/routes.ts';
import { add } from '../core/integers.ts';
import { unsupportedMediaType } from '../errors.ts';
import { AdditionQuery, AdditionResult, AuthenticatedAdditionResult, IntegerString, errorResponse } from '../schemas/common.ts';
import { requireBasic, requireBearer, requireHeaders } from '../auth/hooks.ts';
import { MESSAGES } from '../errors.ts';
import type { Config } from '../config.ts';
import type { TokenSigner } from '../auth/jwt.ts';

const TAG = ['Addition'];
const bad400 = errorResponse('Missing or non-numeric parameter', "Parameter 'input1' must be an integer.");
const notAllowed405 = errorResponse('Method not allowed (see the Allow header)', 'Method Not Allowed. Use GET.');

function authedQueryRoute(
  authMethod: string,
  onRequest: ReturnType<typeof requireHeaders>,
  headers: TObject | undefined,
  unauthorizedExample: string,
  summary: string,
  security: Record<string, string[]>[],
) {
  return route({
    onRequest,
    schema: {
      summary,
      tags: TAG,
      security,
      ...(headers ? { headers } : {}),
      querystring: AdditionQuery,
      response: {
        200: AuthenticatedAdditionResult(authMethod),
        400: bad400,
        401: errorResponse('Missing or wrong credentials', unauthorizedExample),
        405: notAllowed405,
      },
    },
    handler: async (request) => {
      const r = add(request.query.input1, request.query.input2);
      return { success: true as const, auth_method: authMethod, operation: r.operation, input1: r.input1, input2: r.input2, result: r.result };
    },
  });
}

export const addUrl = () =>
  route({
    schema: {
      summary: 'Add two integers given in the URL',
      tags: TAG,
      querystring: AdditionQuery,
      response: { 200: AdditionResult, 400: bad400, 405: notAllowed405 },
    },
    handler: async (request) => add(request.query.input1, request.query.input2),
  });

export const addBody = () =>
  route({
    // The interface requires a JSON body; text/plain or a form is refused before parsing.
    onRequest: async (request) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/json') throw unsupportedMediaType('Content-Type must be application/json.');
    },
    schema: {
      summary: 'Add two integers given in a JSON body',
      tags: TAG,
      body: Type.Object(
        {
          input1: Type.Union([Type.Integer(), IntegerString('First integer as a string', '5')], { description: 'First integer (a JSON integer, or a string holding one)', examples: [5] }),
          input2: Type.Union([Type.Integer(), IntegerString('Second integer as a string', '7')], { description: 'Second integer (a JSON integer, or a string holding one)', examples: [7] }),
        },
        { examples: [{ input1: 5, input2: 7 }] },
      ),
      response: {
        200: AdditionResult,
        400: errorResponse('Malformed JSON, a body that is not an object, or a missing or non-integer input', "Missing required body field 'input2'."),
        405: errorResponse('Method not allowed (see the Allow header)', 'Method Not Allowed. Use POST.'),
        413: errorResponse('Body over 1 MiB', 'Request body is too large.'),
        415: errorResponse('Content-Type is not application/json', 'Content-Type must be application/json.'),
      },
    },
    handler: async (request) => add(request.body.input1, request.body.input2),
  });

export const addApiKey = (config: Pick<Config, 'addApiKey'>) =>
  authedQueryRoute(
    'API Key Header',
    requireHeaders({ api_key: config.addApiKey }, MESSAGES.apiKeyUnauthorized),
    Type.Object({ api_key: Type.String({ description: 'The API key', examples: ['lab-api-key'] }) }),
    MESSAGES.apiKeyUnauthorized,
    'Add two integers, authenticated by an api_key header',
    [{ apiKeyHeader: [] }],
  );

export const addCustom = (config: Pick<Config, 'addApiKey' | 'addApiSecret'>) =>
  authedQueryRoute(
    'Custom Header Auth (api_key + api_secret)',
    requireHeaders({ api_key: config.addApiKey, api_secret: config.addApiSecret }, MESSAGES.customUnauthorized),
    Type.Object({
      api_key: Type.String({ description: 'The API key' }),
      api_secret: Type.String({ description: 'The API secret' }),
    }),
    MESSAGES.customUnauthorized,
    'Add two integers, authenticated by api_key and api_secret headers',
    [{ apiKeyHeader: [], apiSecretHeader: [] }],
  );

export const addBasic = (config: Pick<Config, 'basicAuthUsername' | 'basicAuthPassword'>) =>
  authedQueryRoute(
    'Basic Auth',
    requireBasic(config.basicAuthUsername, config.basicAuthPassword, MESSAGES.basicUnauthorized),
    undefined,
    MESSAGES.basicUnauthorized,
    'Add two integers, authenticated by HTTP Basic',
    [{ basicAuth: [] }],
  );

export const addBearer = (signer: TokenSigner) =>
  authedQueryRoute(
    'Bearer Token (JWT)',
    requireBearer(signer, MESSAGES.bearerUnauthorized),
    undefined,
    MESSAGES.bearerUnauthorized,
    'Add two integers, authenticated by a bearer token from add-token',
    [{ bearerAuth: [] }],
  );

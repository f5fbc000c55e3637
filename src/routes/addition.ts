// The six ways to add two integers. They share one pure core (core/integers.ts)
// and differ only in where the input comes from and which auth hook runs first.
import { Type } from 'typebox';
import { route } from '../http/mount.ts';
import { add } from '../core/integers.ts';
import { fail, messageOf } from '../errors.ts';
import {
  AdditionQuery,
  AdditionResult,
  AuthenticatedAdditionResult,
  IntegerString,
  errorResponse,
  withChallenge,
  methodNotAllowedResponse,
} from '../schemas/common.ts';
import { requireBasic, requireBearer, requireHeaders } from '../auth/hooks.ts';
import type { Config } from '../config.ts';
import type { TokenSigner } from '../auth/jwt.ts';
import { requireOAuth, type TokenCheck } from '../oauth/verify.ts';
import { ADDITION_SCOPE } from '../oauth/constants.ts';

const TAG = ['Addition'];
const bad400 = errorResponse('Missing or non-numeric parameter', "Parameter 'input1' must be an integer.");
const notAllowed405 = methodNotAllowedResponse('GET');

function authedQueryRoute(
  authMethod: string,
  onRequest: ReturnType<typeof requireHeaders>,
  unauthorizedExample: string,
  summary: string,
  description: string,
  security: Record<string, string[]>[],
  challenge: boolean,
  more: Record<number, unknown> = {},
) {
  return route({
    onRequest,
    schema: {
      summary,
      description,
      tags: TAG,
      // The credentials are security requirements (docs/common.ts SECURITY_SCHEMES), not parameters.
      security,
      querystring: AdditionQuery,
      response: {
        200: AuthenticatedAdditionResult(authMethod),
        400: bad400,
        401: challenge
          ? withChallenge(errorResponse('Missing or wrong credentials', unauthorizedExample))
          : errorResponse('Missing or wrong credentials', unauthorizedExample),
        405: notAllowed405,
        ...more,
      },
    },
    handler: (request) => {
      const r = add(request.query.input1, request.query.input2);
      return {
        success: true as const,
        auth_method: authMethod,
        operation: r.operation,
        input1: r.input1,
        input2: r.input2,
        result: r.result,
      };
    },
  });
}

export const addUrl = () =>
  route({
    schema: {
      summary: 'Add two integers given in the URL',
      description:
        'No authentication. `input1` and `input2` are decimal integers (optionally signed); the sum is exact up to 2^53.',
      tags: TAG,
      querystring: AdditionQuery,
      response: { 200: AdditionResult, 400: bad400, 405: notAllowed405 },
    },
    handler: (request) => add(request.query.input1, request.query.input2),
  });

export const addBody = () =>
  route({
    // The interface requires a JSON body; text/plain or a form is refused before parsing.
    onRequest: async (request) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/json') throw fail('json_body_expected');
    },
    schema: {
      summary: 'Add two integers given in a JSON body',
      description:
        'No authentication. Send `Content-Type: application/json` and a JSON object with `input1` and `input2`, each a JSON integer or a string holding one.',
      tags: TAG,
      body: Type.Object(
        {
          input1: Type.Union([Type.Integer(), IntegerString('First integer as a string', '5')], {
            description: 'First integer (a JSON integer, or a string holding one)',
            examples: [5],
          }),
          input2: Type.Union([Type.Integer(), IntegerString('Second integer as a string', '7')], {
            description: 'Second integer (a JSON integer, or a string holding one)',
            examples: [7],
          }),
        },
        { examples: [{ input1: 5, input2: 7 }] },
      ),
      response: {
        200: AdditionResult,
        400: errorResponse(
          'Malformed JSON, a body that is not an object, or a missing or non-integer input',
          "Missing required body field 'input2'.",
        ),
        405: methodNotAllowedResponse('POST'),
        413: errorResponse('Body over 1 MiB', 'Request body is too large.'),
        415: errorResponse('Content-Type is not application/json', messageOf('json_body_expected')),
      },
    },
    handler: (request) => add(request.body.input1, request.body.input2),
  });

export const addApiKey = (config: Pick<Config, 'addApiKey'>) =>
  authedQueryRoute(
    'API Key Header',
    requireHeaders({ api_key: config.addApiKey }, 'unauthorized_api_key'),
    messageOf('unauthorized_api_key'),
    'Add two integers, authenticated by an api_key header',
    "Send the lab API key in the header `api_key` (with an underscore; `api-key` is the document endpoints' header).",
    [{ apiKeyHeader: [] }],
    false,
  );

export const addCustom = (config: Pick<Config, 'addApiKey' | 'addApiSecret'>) =>
  authedQueryRoute(
    'Custom Header Auth (api_key + api_secret)',
    requireHeaders({ api_key: config.addApiKey, api_secret: config.addApiSecret }, 'unauthorized_key_pair'),
    messageOf('unauthorized_key_pair'),
    'Add two integers, authenticated by api_key and api_secret headers',
    'Send both lab headers, `api_key` and `api_secret`; both are required together (one security requirement holding two schemes).',
    [{ apiKeyHeader: [], apiSecretHeader: [] }],
    false,
  );

export const addBasic = (config: Pick<Config, 'basicAuthUsername' | 'basicAuthPassword'>) =>
  authedQueryRoute(
    'Basic Auth',
    requireBasic(config.basicAuthUsername, config.basicAuthPassword),
    messageOf('unauthorized_basic'),
    'Add two integers, authenticated by HTTP Basic',
    'HTTP Basic with the lab username and password (`Authorization: Basic base64(user:password)`). A refusal carries a `WWW-Authenticate: Basic` challenge.',
    [{ basicAuth: [] }],
    true,
  );

export const addBearer = (signer: TokenSigner) =>
  authedQueryRoute(
    'Bearer Token (JWT)',
    requireBearer(signer),
    messageOf('unauthorized_bearer'),
    'Add two integers, authenticated by a bearer token from add-token',
    'Get a token from POST /apis/add-token first, then send `Authorization: Bearer <token>`; a token lasts 1 hour. A refusal carries a `WWW-Authenticate: Bearer` challenge.',
    [{ bearerAuth: [] }],
    true,
  );

export const addOAuth = (verify: (token: string) => Promise<TokenCheck>) =>
  authedQueryRoute(
    'OAuth 2.0',
    requireOAuth(verify, ADDITION_SCOPE),
    messageOf('unauthorized_oauth'),
    'Add two integers, authenticated by an OAuth 2.0 access token',
    `Send \`Authorization: Bearer <access token>\` with an access token of the lab authorization server (discovery at \`/.well-known/oauth-authorization-server\`): by the authorization-code flow (with PKCE) from \`/oauth/authorize\`, or by client credentials at \`/oauth/token\`, with the scope \`${ADDITION_SCOPE}\`. Without a valid token: 401 with a \`WWW-Authenticate: Bearer\` challenge; with a token lacking the scope: 403.`,
    [{ oauth2: [ADDITION_SCOPE] }],
    true,
    {
      403: withChallenge(
        errorResponse('The access token lacks the addition scope', messageOf('insufficient_scope', ADDITION_SCOPE)),
      ),
    },
  );

// POST /apis/add-token: the lab key pair in a JSON body, a bearer token for add-bearer out.
import { Type } from 'typebox';
import { route } from '../http/mount.ts';
import { errorResponse, methodNotAllowedResponse } from '../schemas/common.ts';
import { safeEqual } from '../auth/compare.ts';
import { AppError, ERROR_HINT_HEADER, fail, messageOf } from '../errors.ts';
import { validationRefusal } from '../http/error-handler.ts';
import { tokenBodyAdvice } from '../auth/credential-hints.ts';
import { publicLabValue, type Config } from '../config.ts';
import type { TokenSigner } from '../auth/jwt.ts';

/** A form or text body is refused before parsing, with what to send instead; no Content-Type is left to the body check. */
export function tokenBodyType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' ? undefined : messageOf('token_json_expected');
}

export const addToken = (config: Pick<Config, 'addApiKey' | 'addApiSecret'>, signer: TokenSigner) => {
  // The example holds the lab pair only while it is the published default (never an operator's value).
  const key = publicLabValue(config.addApiKey, 'ADD_API_KEY');
  const secret = publicLabValue(config.addApiSecret, 'ADD_API_SECRET');
  const example =
    key !== undefined && secret !== undefined
      ? { api_key: key, api_secret: secret }
      : { api_key: '<your api_key>', api_secret: '<your api_secret>' };
  return route({
    onRequest: async (request) => {
      const problem = tokenBodyType(request.headers['content-type']);
      if (problem !== undefined) throw fail('token_json_expected');
    },
    schema: {
      summary: 'Issue a bearer token (HS256 JWT) for add-bearer',
      description:
        'Send the add-custom key pair as a JSON body, `{"api_key": ..., "api_secret": ...}` with `Content-Type: application/json`. ' +
        "The answer's `token` goes to GET /apis/add-bearer as `Authorization: Bearer <token>`; it lasts `expires_in` seconds.",
      tags: ['Addition'],
      security: [],
      body: Type.Object(
        {
          api_key: Type.Optional(
            Type.String({
              maxLength: 1024,
              description: 'The API key (same pair as add-custom); missing or wrong gives 401',
            }),
          ),
          api_secret: Type.Optional(
            Type.String({ maxLength: 1024, description: 'The API secret; missing or wrong gives 401' }),
          ),
        },
        { examples: [example] },
      ),
      response: {
        200: Type.Object(
          {
            success: Type.Literal(true),
            token: Type.String({ description: 'A signed JWT (HS256), valid for expires_in seconds' }),
            token_type: Type.Literal('Bearer'),
            expires_in: Type.Integer({ description: 'Lifetime in seconds' }),
          },
          {
            examples: [
              {
                success: true,
                token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.signature',
                token_type: 'Bearer',
                expires_in: 3600,
              },
            ],
          },
        ),
        400: errorResponse('Malformed JSON or a body that is not an object', 'The body is not valid JSON.'),
        401: errorResponse('Wrong credentials', messageOf('unauthorized_key_secret')),
        405: methodNotAllowedResponse('POST'),
        415: errorResponse(
          'A Content-Type other than application/json (a form, text)',
          messageOf('token_json_expected'),
        ),
      },
    },
    // The body's schema violations are refused here, so that their hint can say where the credentials go.
    attachValidation: true,
    handler: async (request) => {
      const b = request.body;
      const hint = { [ERROR_HINT_HEADER]: tokenBodyAdvice(b, request.headers) };
      if (request.validationError) {
        const { code, message } = validationRefusal(request.validationError, b);
        throw new AppError(code, message, hint);
      }
      // Both compared whatever the first gave, so the time does not tell which one was wrong.
      const keyOk = safeEqual(b.api_key, config.addApiKey);
      const secretOk = safeEqual(b.api_secret, config.addApiSecret);
      if (!(keyOk && secretOk)) throw fail('unauthorized_key_secret').withHeaders(hint);
      return {
        success: true as const,
        token: await signer.sign('add-bearer'),
        token_type: 'Bearer' as const,
        expires_in: signer.ttlSeconds,
      };
    },
  });
};

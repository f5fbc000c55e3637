// POST /apis/add-token: the lab key pair in a JSON body, a bearer token for add-bearer out.
import { Type } from 'typebox';
import { route } from '../http/routes.ts';
import { errorResponse } from '../schemas/common.ts';
import { safeEqual } from '../auth/compare.ts';
import { MESSAGES, unauthorized } from '../errors.ts';
import type { Config } from '../config.ts';
import type { TokenSigner } from '../auth/jwt.ts';

export const addToken = (config: Pick<Config, 'addApiKey' | 'addApiSecret'>, signer: TokenSigner) =>
  route({
    schema: {
      summary: 'Issue a bearer token (HS256 JWT) for add-bearer',
      tags: ['Addition'],
      body: Type.Object(
        {
          api_key: Type.Optional(Type.String({ maxLength: 1024, description: 'The API key (same pair as add-custom); missing or wrong gives 401' })),
          api_secret: Type.Optional(Type.String({ maxLength: 1024, description: 'The API secret; missing or wrong gives 401' })),
        },
        { examples: [{ api_key: 'lab-api-key', api_secret: 'lab-api-secret' }] },
      ),
      response: {
        200: Type.Object(
          {
            success: Type.Literal(true),
            token: Type.String({ description: 'A signed JWT (HS256), valid for expires_in seconds' }),
            token_type: Type.Literal('Bearer'),
            expires_in: Type.Integer({ description: 'Lifetime in seconds' }),
          },
          { examples: [{ success: true, token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.signature', token_type: 'Bearer', expires_in: 3600 }] },
        ),
        400: errorResponse('Malformed JSON or a body that is not an object', 'The body is not valid JSON.'),
        401: errorResponse('Wrong credentials', MESSAGES.tokenUnauthorized),
        405: errorResponse('Method not allowed (see the Allow header)', 'Method Not Allowed. Use POST.'),
      },
    },
    handler: async (request) => {
      const b = request.body;
      // Both compared whatever the first gave, so the time does not tell which one was wrong.
      const keyOk = safeEqual(b.api_key, config.addApiKey);
      const secretOk = safeEqual(b.api_secret, config.addApiSecret);
      if (!(keyOk && secretOk)) throw unauthorized(MESSAGES.tokenUnauthorized);
      return { success: true as const, token: await signer.sign('add-bearer'), token_type: 'Bearer' as const, expires_in: signer.ttlSeconds };
    },
  });

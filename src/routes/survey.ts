// POST /survey_api.php: a fresh batch of random person records, behind the key + secret headers.
import { Type } from 'typebox';
import { route } from '../http/mount.ts';
import { errorResponse, methodNotAllowedResponse } from '../schemas/common.ts';
import { requireHeaders } from '../auth/hooks.ts';
import { messageOf } from '../errors.ts';
import { generateSurvey } from '../survey/generate.ts';
import type { Config } from '../config.ts';

export const survey = (config: Pick<Config, 'surveyKey' | 'surveySecret'>, rng: () => number, now: () => Date) =>
  route({
    onRequest: requireHeaders({ key: config.surveyKey, secret: config.surveySecret }, 'unauthorized_key_secret'),
    schema: {
      summary: 'Generate 300 to 600 random survey records (no body needed)',
      description:
        'Authenticated by two headers together, `key` (the lab GUID) and `secret`; no body is read. Each call answers a fresh batch ' +
        'of 300 to 600 records with names and dates of birth, `Cache-Control: no-store`.',
      tags: ['Survey'],
      // The two headers are security requirements (docs/common.ts SECURITY_SCHEMES), checked before anything else.
      security: [{ surveyKey: [], surveySecret: [] }],
      response: {
        200: Type.Object(
          {
            success: Type.Literal(true),
            total_records: Type.Integer({ minimum: 300, maximum: 600 }),
            generated_at: Type.String({ description: 'Server time (UTC), YYYY-MM-DD HH:MM:SS' }),
            data: Type.Array(
              Type.Object({
                Name: Type.String(),
                Surname: Type.String(),
                DOB: Type.String({ description: 'YYYY-MM-DD, 1950-01-01 to 2005-12-31' }),
              }),
              {
                description: 'total_records records (the example shows the first)',
              },
            ),
          },
          {
            examples: [
              {
                success: true,
                total_records: 300,
                generated_at: '2026-11-22 12:00:00',
                data: [{ Name: 'Ada', Surname: 'Lovelace', DOB: '1985-12-10' }],
              },
            ],
          },
        ),
        401: errorResponse('Wrong or missing key/secret', messageOf('unauthorized_key_secret')),
        405: methodNotAllowedResponse('POST'),
      },
    },
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return generateSurvey(rng, now);
    },
  });

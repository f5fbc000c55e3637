// GET /apis/countries(.php): ISO 3166-1 countries, optionally of one region.
import { Type } from 'typebox';
import { route } from '../http/mount.ts';
import { errorResponse, methodNotAllowedResponse } from '../schemas/common.ts';
import { COUNTRIES, Country } from '../data/index.ts';

const notAllowed405 = methodNotAllowedResponse('GET');

export const countries = () =>
  route({
    schema: {
      summary: 'List ISO 3166-1 countries, optionally of one region',
      description:
        'Every country with its codes, capital and region; `region` filters case-insensitively (an unknown region gives an empty list, not an error).',
      tags: ['Reference data'],
      querystring: Type.Object({
        region: Type.Optional(
          Type.String({
            maxLength: 100,
            description:
              'Asia, Europe, Africa, Americas or Oceania (case-insensitive); another value gives an empty list',
            examples: ['Europe'],
          }),
        ),
      }),
      response: {
        200: Type.Object({ success: Type.Literal(true), count: Type.Integer(), data: Type.Array(Country) }),
        400: errorResponse('region is too long', "Invalid query parameter 'region': longer than 100 characters."),
        405: notAllowed405,
      },
    },
    handler: (request) => {
      const { region } = request.query;
      const wanted = region?.trim().toLowerCase();
      const data = wanted === undefined ? [...COUNTRIES] : COUNTRIES.filter((c) => c.region.toLowerCase() === wanted);
      return { success: true as const, count: data.length, data };
    },
  });

// GET /apis/currency(.php): conversion at fixed rates.
import { Type } from 'typebox';
import { route } from '../http/mount.ts';
import { errorResponse, methodNotAllowedResponse } from '../schemas/common.ts';
import { convert } from '../core/currency.ts';
import { messageOf } from '../errors.ts';
import { SUPPORTED_CURRENCIES } from '../data/rates.ts';

const notAllowed405 = methodNotAllowedResponse('GET');

export const currency = () =>
  route({
    schema: {
      summary: 'Convert an amount at fixed (not live) rates',
      description:
        'Converts `amount` from one currency to another at fixed teaching rates (not market rates); omitted parameters take their defaults (1 USD to INR).',
      tags: ['Reference data'],
      querystring: Type.Object({
        from: Type.Optional(
          Type.String({
            maxLength: 100,
            default: 'USD',
            description: `Source currency (${SUPPORTED_CURRENCIES.join(', ')}), case-insensitive`,
            examples: ['USD'],
          }),
        ),
        to: Type.Optional(
          Type.String({
            maxLength: 100,
            default: 'INR',
            description: 'Target currency, case-insensitive',
            examples: ['EUR'],
          }),
        ),
        amount: Type.Optional(
          Type.String({
            maxLength: 100,
            default: '1',
            description: 'A finite, non-negative number',
            examples: ['100'],
          }),
        ),
      }),
      response: {
        200: Type.Object(
          {
            success: Type.Literal(true),
            from: Type.String(),
            to: Type.String(),
            amount: Type.Number(),
            rate: Type.Number({ description: 'Fixed cross rate from -> to' }),
            converted: Type.Number({ description: 'amount x rate, rounded to 2 decimals' }),
            supported_currencies: Type.Array(Type.String()),
          },
          {
            examples: [
              {
                success: true,
                from: 'USD',
                to: 'EUR',
                amount: 100,
                rate: 0.92,
                converted: 92,
                supported_currencies: [...SUPPORTED_CURRENCIES],
              },
            ],
          },
        ),
        400: errorResponse('Unsupported currency code or a bad amount', messageOf('currency_not_supported', 'XYZ')),
        405: notAllowed405,
      },
    },
    handler: (request) => {
      const q = request.query;
      return convert(q.from, q.to, q.amount);
    },
  });

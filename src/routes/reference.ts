// Reference data: users, countries, currency conversion, products.
import { Type } from 'typebox';
import { route } from '../http/routes.ts';
import { errorResponse, IntegerString, methodNotAllowedResponse } from '../schemas/common.ts';
import { COUNTRIES, Country, PRODUCTS, Product, USERS, User } from '../data/index.ts';
import { convert } from '../core/currency.ts';
import { paginate, DEFAULT_LIMIT, MAX_LIMIT } from '../core/pagination.ts';
import { parsePositiveInteger } from '../core/integers.ts';
import { fail, messageOf } from '../errors.ts';
import { SUPPORTED_CURRENCIES } from '../data/rates.ts';

const notAllowed405 = methodNotAllowedResponse('GET');

export const users = () =>
  route({
    schema: {
      summary: 'List the 10 users, or one user by id',
      description:
        'Without `id`: all users with their count. With `id` (1 to 10): that user alone; another integer gives 404.',
      tags: ['Reference data'],
      querystring: Type.Object({ id: Type.Optional(IntegerString('User id, 1 to 10', '3')) }),
      response: {
        200: Type.Union([
          Type.Object(
            { success: Type.Literal(true), count: Type.Integer(), data: Type.Array(User) },
            { description: 'All users (without id)' },
          ),
          Type.Object({ success: Type.Literal(true), data: User }, { description: 'One user (with id)' }),
        ]),
        400: errorResponse('id is not an integer', "Invalid query parameter 'id': must be an integer."),
        404: errorResponse('No user with that id', messageOf('user_not_found')),
        405: notAllowed405,
      },
    },
    handler: (request) => {
      const { id } = request.query;
      if (id === undefined) return { success: true as const, count: USERS.length, data: [...USERS] };
      const n = Number(id);
      const user = Number.isSafeInteger(n) ? USERS.find((u) => u.id === n) : undefined;
      if (!user) throw fail('user_not_found');
      return { success: true as const, data: user };
    },
  });

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

export const products = () =>
  route({
    // A page is up to 50 products read from validated static data: V8's
    // JSON.stringify writes it ~3 us faster per request than the schema's
    // compiled serializer (bench/http.bench.ts). The schema still documents it.
    serializerCompiler: () => (data: unknown) => JSON.stringify(data),
    schema: {
      summary: 'Page through the product catalogue',
      description:
        'Pages of the 120-product catalogue, optionally of one category; `total` and `total_pages` count the matching products.',
      tags: ['Reference data'],
      // Read as strings by parsePositiveInteger (its own messages); documented as integers.
      integerQuery: ['page', 'limit'],
      querystring: Type.Object({
        page: Type.Optional(
          Type.String({
            maxLength: 32,
            default: '1',
            description: 'Page number, from 1; a page past the last gives an empty data array',
            examples: ['1'],
          }),
        ),
        limit: Type.Optional(
          Type.String({
            maxLength: 32,
            default: String(DEFAULT_LIMIT),
            description: `Records per page, maximum ${MAX_LIMIT}; a larger value is served as ${MAX_LIMIT}`,
            examples: ['10'],
          }),
        ),
        category: Type.Optional(
          Type.String({
            maxLength: 100,
            description: 'Category name, case-insensitive; total then counts the matching products',
            examples: ['Books'],
          }),
        ),
      }),
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          page: Type.Integer(),
          limit: Type.Integer(),
          total: Type.Integer({ description: 'Products matching the filter, across all pages' }),
          total_pages: Type.Integer(),
          data: Type.Array(Product),
        }),
        400: errorResponse(
          'page or limit is not a positive integer',
          "Query parameter 'limit' must be a positive integer.",
        ),
        405: notAllowed405,
      },
    },
    handler: (request) => {
      const q = request.query;
      const page = parsePositiveInteger('page', q.page);
      const limit = parsePositiveInteger('limit', q.limit);
      const wanted = q.category?.trim().toLowerCase();
      const items = wanted === undefined ? PRODUCTS : PRODUCTS.filter((p) => p.category.toLowerCase() === wanted);
      return { success: true as const, ...paginate(items, page, limit) };
    },
  });

// GET /apis/users(.php): the ten lab users, or one by id.
import { Type } from 'typebox';
import { route } from '../http/mount.ts';
import { errorResponse, IntegerString, methodNotAllowedResponse } from '../schemas/common.ts';
import { USERS, User } from '../data/index.ts';
import { fail, messageOf } from '../errors.ts';

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

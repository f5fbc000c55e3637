import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { methodNotAllowed } from '../errors.ts';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', {
    schema: {
      summary: 'Liveness: 200 once the server accepts requests',
      tags: ['Service'],
      response: { 200: Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] }) },
    },
    handler: async () => ({ status: 'ok' }),
  });
  // Like every other path: a wrong method is a 405 with Allow, not a 404.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/healthz',
    schema: { hide: true },
    handler: async () => {
      throw methodNotAllowed('GET', 'GET, HEAD');
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', {
    schema: {
      summary: 'Liveness: 200 once the server accepts requests',
      tags: ['Service'],
      response: { 200: Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] }) },
    },
    handler: async () => ({ status: 'ok' }),
  });
}

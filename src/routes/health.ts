import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { methodNotAllowed } from '../errors.ts';
import type { Readiness } from '../http/readiness.ts';

export interface HealthDeps {
  readiness: Readiness;
}

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  app.get('/healthz', {
    schema: {
      summary: 'Liveness: 200 once the server accepts requests',
      tags: ['Service'],
      response: { 200: Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] }) },
    },
    handler: async () => ({ status: 'ok' }),
  });
  app.get('/readyz', {
    schema: {
      summary: 'Readiness: 200 while the server takes new work, 503 once it drains for shutdown',
      description:
        'For load balancers and orchestrators: send new requests only while this answers 200. ' +
        'From SIGTERM on it answers 503 {"status":"draining"} while requests in flight finish; /healthz stays 200.',
      tags: ['Service'],
      response: {
        200: Type.Object({ status: Type.Literal('ready') }, { description: 'Taking new work', examples: [{ status: 'ready' }] }),
        503: Type.Object({ status: Type.Literal('draining') }, { description: 'Shutting down: send new work elsewhere', examples: [{ status: 'draining' }] }),
      },
    },
    handler: async (_request, reply) => {
      if (deps.readiness.state() === 'draining') return reply.code(503).send({ status: 'draining' });
      return { status: 'ready' };
    },
  });
  // Like every other path: a wrong method is a 405 with Allow, not a 404.
  for (const url of ['/healthz', '/readyz']) {
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      schema: { hide: true } as object,
      handler: async () => {
        throw methodNotAllowed('GET', 'GET, HEAD');
      },
    });
  }
}

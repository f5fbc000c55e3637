// GET /healthz (liveness) and GET /readyz (readiness), for load balancers and orchestrators.
import { Type } from 'typebox';
import { route } from '../http/routes.ts';
import type { Readiness } from '../http/readiness.ts';

export const liveness = () =>
  route({
    schema: {
      summary: 'Liveness: 200 once the server accepts requests',
      description: 'No authentication, no dependencies checked: `{"status":"ok"}` while the process serves HTTP.',
      tags: ['Service'],
      response: { 200: Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

export const readinessRoute = (readiness: Pick<Readiness, 'state'>) =>
  route({
    schema: {
      summary: 'Readiness: 200 while the server takes new work, 503 once it drains',
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
      if (readiness.state() === 'draining') return reply.code(503).send({ status: 'draining' as const });
      return { status: 'ready' as const };
    },
  });

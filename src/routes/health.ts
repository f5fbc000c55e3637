// GET /healthz: liveness, for load balancers and orchestrators.
import { Type } from 'typebox';
import { route } from '../http/routes.ts';

export const liveness = () =>
  route({
    schema: {
      summary: 'Liveness: 200 once the server accepts requests',
      tags: ['Service'],
      response: { 200: Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

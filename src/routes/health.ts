// GET /healthz (liveness) and GET /readyz (readiness), for load balancers and orchestrators.
import { Type } from 'typebox';
import { route } from '../http/mount.ts';
import type { Readiness } from '../http/readiness.ts';
import { ERROR_CODE_HEADER, type ErrorCode } from '../errors.ts';

export const liveness = () =>
  route({
    schema: {
      summary: 'Liveness: 200 once the server accepts requests',
      description: 'No authentication, no dependencies checked: `{"status":"ok"}` while the process serves HTTP.',
      tags: ['Service'],
      response: { 200: Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] }) },
    },
    handler: () => ({ status: 'ok' as const }),
  });

/** GET /readyz: readiness, for load balancers and orchestrators (liveness stays /healthz). */
export const readinessRoute = (readiness: Readiness) =>
  route({
    schema: {
      summary: 'Readiness: 200 while the server takes new work, 503 while it does not',
      description:
        'Send new requests only while this answers 200. It answers 503 while the PDF worker warms up at start ("starting"), ' +
        'while documents in flight and waiting are at MAX_DOCUMENTS_IN_FLIGHT + MAX_DOCUMENTS_QUEUED ("busy": a new upload would get 503), ' +
        'with REDIS_URL, while the jobs\' connections to Redis or their queue worker are down ("unavailable": jobs and polls would get 503), ' +
        'and from SIGTERM on ("draining"). /healthz stays 200 meanwhile.',
      tags: ['Service'],
      response: {
        200: Type.Object(
          { status: Type.Literal('ready') },
          { description: 'Taking new work', examples: [{ status: 'ready' }] },
        ),
        503: Type.Object(
          {
            status: Type.Union([
              Type.Literal('starting'),
              Type.Literal('busy'),
              Type.Literal('unavailable'),
              Type.Literal('draining'),
            ]),
          },
          { description: 'Not taking new work: send it elsewhere', examples: [{ status: 'busy' }] },
        ),
      },
    },
    handler: async (_request, reply) => {
      const state = readiness.state();
      if (state === 'ready') return { status: 'ready' as const };
      return reply
        .code(503)
        .header(ERROR_CODE_HEADER, 'not_ready' satisfies ErrorCode)
        .send({ status: state });
    },
  });

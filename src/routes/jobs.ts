// GET and DELETE /apis/jobs/{id} (issue 22). A chunking request with `Prefer: respond-async` is
// answered 202 at once and runs as a job (src/jobs/accept.ts, called by routes/chunking.ts); here,
// GET answers 202 with its progress while it runs, then the answer the request would have had;
// DELETE cancels it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../http/mount.ts';
import type { UploadAnswer } from '../http/upload.ts';
import { headerValue } from '../http/header-value.ts';
import { safeEqual } from '../auth/compare.ts';
import { fail } from '../errors.ts';
import { isJobId } from '../jobs/id.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Config } from '../config.ts';
import { jobCancelSchema, jobStatusSchema } from '../schemas/jobs.ts';

/**
 * The id is the capability, so a poll needs no credential (Power Automate follows Location
 * without the action's headers); an api-key that is sent must be the right one, as on the endpoint.
 */
const refuseWrongKey = (config: Pick<Config, 'documentApiKey'>) => async (request: FastifyRequest) => {
  const key = headerValue(request.headers, 'api-key', 'absent');
  if (key !== undefined && !safeEqual(key, config.documentApiKey)) throw fail('unauthorized_document_api_key');
};

async function findJob(jobs: Jobs, id: string) {
  const found = isJobId(id) ? await jobs.view(id) : undefined;
  if (found === undefined) throw fail('job_not_found');
  return found;
}

/** GET /apis/jobs/{id}: 202 with the progress while the job runs; its answer once done. */
export const jobStatus = (jobs: Jobs, config: Pick<Config, 'documentApiKey'>) =>
  route({
    onRequest: [refuseWrongKey(config)],
    schema: jobStatusSchema,
    handler: async (request, reply) => {
      const { record, view, retryAfter } = await findJob(jobs, request.params.id);
      if (record.state === 'cancelled') throw fail('job_cancelled');
      const answer = record.answer;
      if (record.state !== 'done' || answer === undefined) {
        return reply
          .code(202)
          .headers({ location: view.location, 'retry-after': String(retryAfter), 'cache-control': 'no-store' })
          .send(view);
      }
      return sendAnswer(reply, answer);
    },
  });

/** Exactly what the request would have answered: its status, its headers, its body (through the same response schema). */
function sendAnswer(reply: FastifyReply, answer: UploadAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .headers(answer.headers)
    .send('payload' in answer ? answer.payload : answer.body);
}

/** DELETE /apis/jobs/{id}: stops the job (no further outbound call once this answers) or forgets its answer. */
export const cancelJob = (jobs: Jobs, config: Pick<Config, 'documentApiKey'>) =>
  route({
    onRequest: [refuseWrongKey(config)],
    schema: jobCancelSchema,
    handler: async (request, reply) => {
      await findJob(jobs, request.params.id);
      await jobs.cancel(request.params.id);
      const { view } = (await jobs.view(request.params.id))!;
      return reply.code(200).send(view);
    },
  });

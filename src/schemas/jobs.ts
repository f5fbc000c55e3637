// The jobs routes' schemas: the documented answers of GET and DELETE /apis/jobs/{id} (a job's
// view is in job-view.ts; a finished job answers what the chunking route would have).
import { Type } from 'typebox';
import { errorResponse } from './common.ts';
import { chunkingSchema } from './chunking.ts';
import { messageOf } from '../errors.ts';
import { EXAMPLE_ID, JobView, pollHeaders, RUNNING_EXAMPLE } from './job-view.ts';

const JobId = Type.Object({
  id: Type.String({ maxLength: 64, description: 'The job id from Location', examples: [EXAMPLE_ID] }),
});

// A poll may carry the api-key (a wrong one is refused) or nothing: the id is the capability.
const security: { [label: string]: string[] }[] = [{ documentApiKey: [] }, {}];

const c = chunkingSchema.response;

export const jobStatusSchema = {
  summary: 'Poll a chunking job: 202 while it runs, then the answer of the request',
  description:
    'A job made by the chunking request with Prefer: respond-async. While it is queued or running: 202 with its progress, Location and Retry-After. ' +
    'Once done: exactly the status, headers and body the request would have given without Prefer (the chunk envelope, the indexing summary, ' +
    'or its error: 422, 502 Embedding failed on chunk <n>: ...). The answer is kept for JOB_TTL_SECONDS after the job ends, then 404. ' +
    'No credential is needed (the id is the capability); a wrong api-key, when sent, is refused. Without REDIS_URL jobs live in the process (a restart loses them); with REDIS_URL they live in Redis and any replica answers.',
  tags: ['Documents'],
  security,
  params: JobId,
  response: {
    200: c[200],
    202: Type.Object(JobView.properties, {
      description: 'The job is queued or running: its progress; poll again after Retry-After.',
      examples: [RUNNING_EXAMPLE],
      headers: pollHeaders,
    }),
    401: c[401],
    404: errorResponse(
      'No job with this id: never made, or past JOB_TTL_SECONDS after it ended',
      messageOf('job_not_found'),
    ),
    410: errorResponse(
      'The job was cancelled (DELETE); kept so until JOB_TTL_SECONDS, then 404',
      messageOf('job_cancelled'),
    ),
    413: c[413],
    422: c[422],
    502: c[502],
  },
};

export const jobCancelSchema = {
  summary: 'Cancel a chunking job, or forget a finished one',
  description:
    'Stops the job: its work ends within a second and no further call to the embeddings or search service starts once this answers. ' +
    'A finished job forgets its answer. The job then answers 410 until JOB_TTL_SECONDS, then 404. No credential is needed; a wrong api-key, when sent, is refused.',
  tags: ['Documents'],
  security,
  params: JobId,
  response: {
    200: Type.Object(JobView.properties, {
      description: 'The job, now cancelled',
      examples: [
        { ...RUNNING_EXAMPLE, state: 'cancelled', progress: { ...RUNNING_EXAMPLE.progress, phase: 'cancelled' } },
      ],
    }),
    401: c[401],
    404: errorResponse(
      'No job with this id: never made, or past JOB_TTL_SECONDS after it ended',
      messageOf('job_not_found'),
    ),
  },
};

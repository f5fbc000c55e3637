// A job as a poller sees it (the 202 body and its headers), and the Prefer header that asks for
// one: shared by the chunking route's schema (its 202) and the jobs routes' schemas.
import { Type } from 'typebox';
import { JOB_ID_PATTERN } from '../jobs/id.ts';

/** The documented Prefer header (read by jobs/job.ts prefersAsync, outside the header table: unknown preferences are ignored). */
export const PreferHeader = Type.Optional(
  Type.String({
    description:
      "RFC 7240. 'respond-async' runs the request as a job: 202 Accepted at once, with Location (/apis/jobs/{id}), Retry-After and " +
      'Preference-Applied: respond-async; poll Location until an answer other than 202, which is the answer this request would have given. ' +
      'Errors of the request itself (headers, size, format) are still answered at once. Without it, the request is answered when done.',
    examples: ['respond-async'],
  }),
);

export const EXAMPLE_ID = 'q3Vf1d0kS9x2Lw8ZbH4cTj7N';

export const RUNNING_EXAMPLE = {
  success: true,
  id: EXAMPLE_ID,
  state: 'running',
  location: `/apis/jobs/${EXAMPLE_ID}`,
  progress: {
    phase: 'embedding',
    pagesRead: 311,
    pages: 311,
    chunks: 739,
    chunksEmbedded: 120,
    chunksIndexed: 0,
    secondsLeft: 42,
  },
  createdAt: '2026-01-31T12:00:00.000Z',
};

export const JobView = Type.Object(
  {
    success: Type.Literal(true),
    id: Type.String({
      pattern: JOB_ID_PATTERN,
      description: 'The job id: 144 random bits; whoever holds it may read the answer',
    }),
    state: Type.Union([
      Type.Literal('queued'),
      Type.Literal('running'),
      Type.Literal('done'),
      Type.Literal('cancelled'),
    ]),
    location: Type.String({ description: 'Where to poll (the Location header)' }),
    progress: Type.Object({
      phase: Type.Union(
        [
          Type.Literal('queued'),
          Type.Literal('reading'),
          Type.Literal('embedding'),
          Type.Literal('indexing'),
          Type.Literal('done'),
          Type.Literal('cancelled'),
        ],
        {
          description:
            'queued (waiting for a slot), reading (parsing pages), embedding, indexing (upload by the service), done, cancelled',
        },
      ),
      pagesRead: Type.Union([Type.Integer(), Type.Null()], {
        description: 'Pages read so far (PDF); null for a format without pages',
      }),
      pages: Type.Union([Type.Integer(), Type.Null()], {
        description: 'Pages of the document (PDF); null until known or without pages',
      }),
      chunks: Type.Union([Type.Integer(), Type.Null()], {
        description: 'Chunks the document gave; null until it is chunked',
      }),
      chunksEmbedded: Type.Integer(),
      chunksIndexed: Type.Integer(),
      secondsLeft: Type.Union([Type.Integer(), Type.Null()], {
        description:
          'Estimate of the seconds left in the phase in hand, from its pace so far; null when there is no pace yet',
      }),
    }),
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'Once finished: when the job is forgotten (then 404)' }),
    ),
  },
  { examples: [RUNNING_EXAMPLE] },
);

export const pollHeaders = {
  Location: { type: 'string', description: 'Where to poll: /apis/jobs/{id}', examples: [`/apis/jobs/${EXAMPLE_ID}`] },
  'Retry-After': { type: 'integer', description: 'Seconds to wait before the next poll', examples: [5] },
};

/** The 202 of the chunking request with Prefer: respond-async. */
export const accepted = Type.Object(JobView.properties, {
  description: 'Prefer: respond-async: the job was made; poll Location (GET) until an answer other than 202.',
  examples: [
    {
      ...RUNNING_EXAMPLE,
      state: 'queued',
      progress: {
        ...RUNNING_EXAMPLE.progress,
        phase: 'queued',
        pagesRead: null,
        pages: null,
        chunks: null,
        chunksEmbedded: 0,
        secondsLeft: null,
      },
    },
  ],
  headers: {
    ...pollHeaders,
    'Preference-Applied': {
      type: 'string',
      enum: ['respond-async'],
      description: 'The preference the service applied',
    },
  },
});

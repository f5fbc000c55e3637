// The chunking request as a job (Prefer: respond-async): its own errors answered at once, as
// without Prefer, then a job made and 202 answered with where to poll (routes/jobs.ts answers there).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readUpload, type UploadAnswer } from '../http/upload.ts';
import type { ProgressUpdate } from './job.ts';
import type { Jobs } from './jobs.ts';
import type { IngestOptions, IngestProgress } from '../documents/ingest.ts';

/** What the ingest's steps mean for a job's progress, given what the request asked for. */
export function jobProgress(options: Pick<IngestOptions, 'embedding' | 'index'>, p: IngestProgress): ProgressUpdate {
  switch (p.step) {
    case 'reading':
      return { pagesRead: p.pagesRead, pages: p.pages };
    case 'chunked':
      return options.embedding ? { chunks: p.chunks, phase: 'embedding' } : { chunks: p.chunks };
    case 'embedded':
      return { chunksEmbedded: p.done };
    case 'indexing':
      return { phase: 'indexing' };
    case 'indexed':
      return { chunksIndexed: p.done };
  }
}

/** The work of one upload, once its bytes are read: checks what it can at once (the format: 415), then runs. */
export type PreparedIngest = (
  bytes: Buffer,
) => (signal: AbortSignal, onProgress?: (p: IngestProgress) => void) => Promise<UploadAnswer>;

/**
 * Prefer: respond-async. The request's own errors (headers, size, format, a full job store) are
 * answered now, as without Prefer; then the job is made and 202 answers with where to poll.
 */
export async function acceptAsJob(
  request: FastifyRequest,
  reply: FastifyReply,
  jobs: Jobs,
  maxBytes: number,
  options: IngestOptions,
  prepare: PreparedIngest,
): Promise<FastifyReply> {
  await jobs.ensureRoom();
  const bytes = await readUpload(request, maxBytes);
  const run = prepare(bytes);
  const record = await jobs.submit((signal, report) => run(signal, (p) => report(jobProgress(options, p))));
  const v = (await jobs.view(record.id))!;
  request.log.info({ jobId: record.id }, 'chunking job accepted');
  return reply
    .code(202)
    .headers({
      location: v.view.location,
      'retry-after': String(v.retryAfter),
      'preference-applied': 'respond-async',
      'cache-control': 'no-store',
    })
    .send(v.view);
}

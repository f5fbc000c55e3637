// The chunking request as a job (Prefer: respond-async): its own errors answered at once, as
// without Prefer, then a job made and 202 answered with where to poll (routes/jobs.ts answers
// there). The job's task is plain data (the document's bytes and the options read from the
// headers), so that any replica can run it from a queue.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentFormat } from '../documents/formats/index.ts';
import { readUpload } from '../http/upload.ts';
import type { ProgressUpdate } from './job.ts';
import type { Jobs, Perform } from './jobs.ts';
import {
  formatOf,
  ingestDocument,
  type IngestInput,
  type IngestOptions,
  type IngestProgress,
} from '../documents/ingest.ts';

/** What a chunking job runs: the document, its format (decided at the request) and the request's options. */
export interface ChunkingTask {
  bytes: Buffer;
  /** absent in a task queued before formats travelled with it: told from the bytes */
  format?: DocumentFormat;
  options: IngestOptions;
}

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

/** The ingest a chunking job runs, on whichever replica takes it: the same sequence as the request. */
export const performChunking =
  (
    deps: Pick<IngestInput, 'embeddings' | 'search' | 'log' | 'sleep'> & { pool: () => IngestInput['pool'] },
  ): Perform<ChunkingTask> =>
  ({ bytes, format, options }, signal, report) =>
    ingestDocument({
      bytes,
      format: format ?? formatOf(bytes),
      options,
      pool: deps.pool(),
      embeddings: deps.embeddings,
      search: deps.search,
      signal,
      log: deps.log,
      sleep: deps.sleep,
      onProgress: (p) => report(jobProgress(options, p)),
    });

/**
 * Prefer: respond-async. The request's own errors (headers, size, format, a full job store) are
 * answered now, as without Prefer; then the job is made and 202 answers with where to poll.
 */
export async function acceptAsJob(
  request: FastifyRequest,
  reply: FastifyReply,
  jobs: Jobs<ChunkingTask>,
  maxBytes: number,
  options: IngestOptions,
  /** the upload's body as the document (routes/chunking.ts): a refusal (400, 415) is answered now */
  decode: (body: Buffer) => { bytes: Buffer; format: DocumentFormat } = (body) => ({
    bytes: body,
    format: formatOf(body),
  }),
): Promise<FastifyReply> {
  await jobs.ensureRoom();
  // A body that is no document, or a format we do not read, is a 4xx now, not the job's answer.
  const { bytes, format } = decode(await readUpload(request, maxBytes));
  const record = await jobs.submit({ bytes, format, options }, bytes.length);
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

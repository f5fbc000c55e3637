// POST /apis/chunk-and-perform-embedding(.php): a document (PDF, Word, OpenDocument, PowerPoint, HTML, Markdown, text) in, a payload for the
// Azure AI Search index-documents operation out. Auth and every header are
// checked before a byte of the upload is read; parsing and chunking run in the
// worker pool; embeddings are fetched one chunk at a time, in order.
import type { FastifyRequest } from 'fastify';
import { route } from '../http/mount.ts';
import { requireHeaders } from '../auth/hooks.ts';
import { admissionHook } from '../http/admission-hook.ts';
import { answerUpload, refuseOversizedUpload } from '../http/upload.ts';
import { chunkingSchema, readChunkingHeaders } from '../schemas/chunking.ts';
import { ingestDocument, type IngestOptions } from '../documents/ingest.ts';
import { documentOfUpload } from '../documents/upload-body.ts';
import type { IndexKeeper } from '../documents/index-upload.ts';
import type { EmbeddingClient } from '../clients/embeddings.ts';
import type { ChunkPool } from '../documents/pool.ts';
import type { Outbound } from '../clients/outbound.ts';
import type { Config } from '../config.ts';
import type { Admission } from '../documents/admission.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { prefersAsync } from '../jobs/job.ts';
import { acceptAsJob, type ChunkingTask } from '../jobs/accept.ts';

declare module 'fastify' {
  interface FastifyRequest {
    chunkParams?: IngestOptions;
  }
}

export interface ChunkingDeps {
  config: Pick<Config, 'documentApiKey' | 'maxDocumentBytes'>;
  outbound: Pick<Outbound, 'checkBaseUrl'>;
  embeddings: EmbeddingClient;
  /** the worker pool, created at the first upload */
  chunkPool: () => ChunkPool;
  /** bound on documents in flight and waiting: a full one is a 503 before the body is read */
  admission?: Admission;
  /** the search client that lists, uploads and removes stale chunks when the indexing headers are given */
  search?: IndexKeeper;
  /** waits between upload retries (tests record them) */
  sleep?: (ms: number) => Promise<void>;
  /** jobs: with them, a request with Prefer: respond-async is answered 202 and runs as a job (routes/jobs.ts) */
  jobs?: Jobs<ChunkingTask>;
}

export const chunkAndEmbed = ({
  config,
  outbound,
  embeddings,
  chunkPool,
  admission,
  search,
  sleep,
  jobs,
}: ChunkingDeps) => {
  // Power Automate's file content decoded; a form, other JSON, base64 text or a file curl -d
  // stripped of its line breaks refused (400); the format from the bytes (415 when none).
  const decode = (request: FastifyRequest) => (body: Buffer) =>
    documentOfUpload(body, { contentType: request.headers['content-type'], multipart: request.isMultipart() });
  const work = (request: FastifyRequest) => (body: Buffer, signal: AbortSignal) => {
    const { bytes, format } = decode(request)(body);
    return ingestDocument({
      bytes,
      format,
      options: request.chunkParams!,
      pool: chunkPool(),
      embeddings,
      search,
      signal,
      log: request.log,
      sleep,
    });
  };
  return route({
    onRequest: [
      requireHeaders({ 'api-key': config.documentApiKey }, 'unauthorized_document_api_key'),
      async (request) => {
        refuseOversizedUpload(request.headers, config.maxDocumentBytes);
        request.chunkParams = await readChunkingHeaders(request.headers, outbound);
      },
      ...(admission ? [admissionHook(admission)] : []),
    ],
    schema: chunkingSchema,
    attachValidation: true,
    handler: async (request, reply) =>
      jobs && prefersAsync(request.raw.headers.prefer)
        ? acceptAsJob(request, reply, jobs, config.maxDocumentBytes, request.chunkParams!, decode(request))
        : answerUpload(request, reply, config.maxDocumentBytes, work(request)),
  });
};

// POST /apis/chunk-and-perform-embedding(.php): a document (PDF, Word, HTML, Markdown, text) in, a payload for the
// Azure AI Search index-documents operation out. Auth and every header are
// checked before a byte of the upload is read; parsing and chunking run in the
// worker pool; embeddings are fetched one chunk at a time, in order.
import type { FastifyRequest } from 'fastify';
import { route } from '../http/routes.ts';
import { requireHeaders } from '../auth/hooks.ts';
import { ERROR_CODE_HEADER, fail, messageOf } from '../errors.ts';
import { readHeaders } from '../http/header-rules.ts';
import { CHUNKING_HEADERS, chunkingSchema, type ChunkEnvelope } from '../schemas/chunking.ts';
import { readUpload } from '../http/upload.ts';
import { documentErrorsAsAppErrors } from '../documents/ingest.ts';
import { buildPayload, chunkId, documentJsons } from '../documents/payload.ts';
import { uploadToIndex, type IndexUploader } from '../documents/index-upload.ts';
import { EmbeddingError, type EmbeddingClient } from '../clients/embeddings.ts';
import { detectFormat } from '../documents/detect.ts';
import type { ChunkPool } from '../documents/pool.ts';
import type { Outbound } from '../clients/outbound.ts';
import type { Config } from '../config.ts';
import type { OcrMode, OcrReport } from '../documents/formats/pdf/ocr-options.ts';
import type { Admission } from '../documents/admission.ts';
import { admissionHook } from '../http/admission-hook.ts';

// app.ts registers the upload scope's parsers from here; test/http/header-rules.test.ts reads the table.
export { acceptRawBodies, uploadLimits } from '../http/upload.ts';
export { CHUNKING_HEADERS };

interface ChunkParams {
  sourceName: string;
  tenantId: string;
  documentId: string;
  /** Header page-numbers: every chunk also carries page_start and page_end. */
  pageNumbers: boolean;
  ocr: OcrMode;
  embedding?: { endpoint: string; key: string; deployment: string };
  index?: { endpoint: string; key: string; indexName: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    chunkParams?: ChunkParams;
  }
}

export interface ChunkingDeps {
  config: Pick<Config, 'documentApiKey' | 'maxPdfBytes'>;
  outbound: Pick<Outbound, 'checkBaseUrl'>;
  embeddings: EmbeddingClient;
  /** the worker pool, created at the first upload */
  chunkPool: () => ChunkPool;
  /** bound on documents in flight and waiting: a full one is a 503 before the body is read */
  admission?: Admission;
  /** the search client that uploads when the indexing headers are given */
  search?: IndexUploader;
  /** waits between upload retries (tests record them) */
  sleep?: (ms: number) => Promise<void>;
}

export const chunkAndEmbed = ({
  config,
  outbound,
  embeddings,
  chunkPool,
  admission,
  search,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
}: ChunkingDeps) => {
  const validateHeaders = async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > config.maxPdfBytes + 1024 * 1024) {
      throw fail('upload_too_large', config.maxPdfBytes);
    }
    const h = readHeaders(CHUNKING_HEADERS, request.headers);
    const params: ChunkParams = {
      sourceName: h.sourceName,
      tenantId: h.tenantId,
      documentId: h.documentId,
      pageNumbers: h.pageNumbers === true,
      ocr: h.ocr ?? 'auto',
    };
    if (
      h.performEmbedding === true &&
      h.embeddingEndpoint !== undefined &&
      h.embeddingKey !== undefined &&
      h.embeddingDeploymentName !== undefined
    ) {
      const endpoint = await outbound.checkBaseUrl(h.embeddingEndpoint, 'embeddingEndpoint');
      params.embedding = { endpoint, key: h.embeddingKey, deployment: h.embeddingDeploymentName };
    }
    const given = [h.indexName, h.searchEndpoint, h.searchKey];
    if (given.some((v) => v !== undefined)) {
      const missing = (['indexName', 'searchEndpoint', 'searchKey'] as const).find((k) => h[k] === undefined);
      if (missing) throw fail('header_required_with_index', CHUNKING_HEADERS[missing].wire);
      const endpoint = await outbound.checkBaseUrl(h.searchEndpoint!, 'cloudAISearchEndpoint');
      params.index = { endpoint, key: h.searchKey!, indexName: h.indexName! };
    }
    request.chunkParams = params;
  };

  return route({
    onRequest: [
      requireHeaders({ 'api-key': config.documentApiKey }, 'unauthorized_document_api_key'),
      validateHeaders,
      ...(admission ? [admissionHook(admission)] : []),
    ],
    schema: chunkingSchema,
    attachValidation: true,
    handler: async (request, reply) => {
      const params = request.chunkParams!;
      // Watched from the start, the body read included: a caller who leaves stops the worker
      // parse and every embedding call still to come. (The request's own 'close' has already
      // fired once its body is read, so the response's is the one that tells.)
      const aborted = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) aborted.abort(new Error('the caller closed the connection'));
      };
      reply.raw.once('close', onClose);
      let ocr: OcrReport = { pages: 0, skipped: 0 };
      const work = {
        signal: aborted.signal,
        ocr: params.ocr,
        pageNumbers: params.pageNumbers,
        onOcr: (r: OcrReport) => (ocr = r),
      };
      const send = (payload: { json: Buffer; batches: number }, count: number, embedded: boolean) => {
        reply
          .header('x-total-chunks', String(count))
          .header('x-embedding-performed', String(embedded))
          .header('x-index-batches', String(payload.batches))
          .header('x-ocr-pages', String(ocr.pages));
        if (ocr.skipped > 0) reply.header('x-ocr-skipped-pages', String(ocr.skipped));
        return (
          reply
            .type('application/json; charset=utf-8')
            // Bytes already in the 200 schema's shape, written by documents/payload.ts (the Int64 ids
            // need exact digits, which a serializer of numbers would round): sent as they are.
            .send(payload.json as unknown as ChunkEnvelope)
        );
      };
      try {
        const pdf = await readUpload(request, config.maxPdfBytes);
        aborted.signal.throwIfAborted();
        const format = detectFormat(pdf);
        if (format === null) throw fail('document_unsupported');
        const embedding = params.embedding;
        if (!embedding && !params.index) {
          // The worker writes the payload too: the event loop only sends the bytes.
          const done = await documentErrorsAsAppErrors(chunkPool().payload(pdf, params, { ...work, format }));
          return send(done, done.count, false);
        }
        const chunks = await documentErrorsAsAppErrors(chunkPool().chunk(pdf, { ...work, format }));
        // Float64Array: the same values, kept off the V8 heap, so a thousand vectors held until the
        // reply do not make every young-generation GC copy them.
        const vectors: Float64Array[] = [];
        for (let i = 0; embedding && i < chunks.length; i++) {
          try {
            vectors.push(Float64Array.from(await embeddings.embed(embedding, chunks[i]!.content, aborted.signal)));
          } catch (err) {
            if (err instanceof EmbeddingError) throw fail('embedding_failed', i, err.message);
            throw err;
          }
        }
        if (params.index && search) {
          const docs = documentJsons(chunks, params, embedding ? vectors : undefined, {
            pageNumbers: params.pageNumbers,
          });
          const keys = chunks.map((_, i) => chunkId(params.tenantId, params.documentId, i));
          const s = await uploadToIndex(search, params.index, docs, keys, sleep, aborted.signal);
          const summary = { ...s, embeddingPerformed: embedding !== undefined, failedKeys: s.failed.map((f) => f.key) };
          if (s.failed.length === 0) return reply.code(200).send({ success: true as const, ...summary });
          const named = s.failed
            .slice(0, 10)
            .map((f) => `${f.key} (${f.reason})`)
            .join('; ');
          const error = messageOf(
            'index_upload_partial',
            s.indexed,
            s.chunks,
            s.indexName,
            s.failed.length,
            `${named}${s.failed.length > 10 ? '; ...' : ''}`,
          );
          request.log.warn(
            {
              statusCode: 502,
              code: 'index_upload_partial',
              reason: error,
              indexed: s.indexed,
              failed: s.failed.length,
            },
            'indexing partly failed',
          );
          // Not through the error handler: the body adds the upload summary to the error envelope.
          return reply
            .code(502)
            .header(ERROR_CODE_HEADER, 'index_upload_partial')
            .send({ success: false as const, error, ...summary });
        }
        return send(buildPayload(chunks, params, vectors, { pageNumbers: params.pageNumbers }), chunks.length, true);
      } catch (err) {
        // Nobody is left to answer: say why in the log, send nothing.
        if (aborted.signal.aborted) {
          request.log.info({ reason: 'client_closed' }, 'chunking abandoned: the caller closed the connection');
          return reply.hijack();
        }
        throw err;
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  });
};

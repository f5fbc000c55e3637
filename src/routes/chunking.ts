// POST /apis/chunk-and-perform-embedding(.php): a document (PDF, Word, HTML, Markdown, text) in, a payload for the
// Azure AI Search index-documents operation out. Auth and every header are
// checked before a byte of the upload is read; parsing and chunking run in the
// worker pool; embeddings are fetched one chunk at a time, in order.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { route } from '../http/routes.ts';
import { errorResponse, methodNotAllowedResponse } from '../schemas/common.ts';
import { requireHeaders } from '../auth/hooks.ts';
import { AppError, ERROR_CODE_HEADER, fail, messageOf } from '../errors.ts';
import {
  booleanFlag,
  header,
  headersSchema,
  int64,
  printableAscii,
  readHeaders,
  INT64_PATTERN,
} from '../http/header-rules.ts';
import { buildPayload, chunkId, documentJsons } from '../documents/payload.ts';
import { DELETION_HEADERS } from './indexed-documents.ts';
import { uploadToIndex, type IndexUploader } from '../documents/index-upload.ts';
import { EmbeddingError, type EmbeddingClient } from '../clients/embeddings.ts';
import { DocumentError } from '../documents/errors.ts';
import { ACCEPTED_FORMATS, detectFormat } from '../documents/detect.ts';
import type { ChunkPool } from '../documents/pool.ts';
import type { Outbound } from '../clients/outbound.ts';
import type { Config } from '../config.ts';
import { OCR_MODES, type OcrMode, type OcrReport } from '../documents/formats/pdf/ocr-options.ts';

/** The `ocr` header: auto (default), off or force, in any case. */
export const ocrMode = (value: string, wire: string): OcrMode => {
  const v = value.toLowerCase();
  const mode = OCR_MODES.find((m) => m === v);
  if (!mode) throw fail('invalid_ocr_header', wire);
  return mode;
};
import type { Admission } from '../documents/admission.ts';
import { admissionHook } from '../http/admission-hook.ts';

const sourceName = (value: string, wire: string): string => {
  if (/[\p{Cc}]/u.test(value)) throw fail('header_control_characters', wire);
  return value;
};

const deploymentName = (value: string, wire: string): string => {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(value)) throw fail('invalid_deployment_name', wire);
  return value;
};

const passThroughKey = (value: string, wire: string): string => {
  if (!/^[\x21-\x7e]+$/.test(value)) throw fail('invalid_key_header', wire);
  return value;
};

/** The chunking headers: validation and the documented schema both come from this table. */
export const CHUNKING_HEADERS = {
  sourceName: header({
    wire: 'sourceName',
    required: true,
    maxLength: 1024,
    parse: sourceName,
    description: 'Logical name of the source document, copied to every chunk (UTF-8 allowed)',
    example: 'handbook.pdf',
  }),
  tenantId: header({
    wire: 'tenant-id',
    required: true,
    maxLength: 64,
    parse: int64,
    pattern: INT64_PATTERN,
    description: 'Int64, decimal digits; copied to tenant_id',
    example: '7',
  }),
  documentId: header({
    wire: 'document-id',
    required: true,
    maxLength: 64,
    parse: int64,
    pattern: INT64_PATTERN,
    description: 'Int64, decimal digits; copied to document_id',
    example: '42',
  }),
  performEmbedding: header({
    wire: 'performEmbedding',
    required: false,
    maxLength: 5,
    parse: booleanFlag,
    description: "'true' requests embeddings; default 'false'",
    example: 'false',
  }),
  embeddingEndpoint: header({
    wire: 'embeddingEndpoint',
    required: false,
    requiredWhen: 'performEmbedding',
    maxLength: 2048,
    parse: printableAscii,
    description: 'Azure OpenAI resource URL; https, a host allowed by OUTBOUND_ALLOWED_HOSTS, public addresses only.',
    example: 'https://my-resource.openai.azure.com',
  }),
  embeddingKey: header({
    wire: 'embeddingKey',
    required: false,
    requiredWhen: 'performEmbedding',
    maxLength: 512,
    parse: passThroughKey,
    description: 'Azure OpenAI key, printable ASCII, passed through and never logged.',
  }),
  embeddingDeploymentName: header({
    wire: 'embeddingDeploymentName',
    required: false,
    requiredWhen: 'performEmbedding',
    maxLength: 64,
    parse: deploymentName,
    pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
    description: 'Embedding deployment name.',
    example: 'text-embedding-ada-002',
  }),
  pageNumbers: header({
    wire: 'page-numbers',
    required: false,
    maxLength: 5,
    parse: booleanFlag,
    description:
      "'true' adds page_start and page_end to every chunk (for an index made with GET /apis/search-index-definition?pageNumbers=true); default 'false'",
    example: 'true',
  }),
  ocr: header({
    wire: 'ocr',
    required: false,
    maxLength: 5,
    parse: ocrMode,
    description:
      "OCR of scanned pages: 'auto' (default) reads pages without a usable text layer (no text, or a few characters over a page-sized image); " +
      "'off' leaves them out (and says how many in X-OCR-Skipped-Pages); 'force' reads every page with OCR, ignoring its text layer. " +
      'At most OCR_MAX_PAGES pages per document (422 above it, before any OCR work), within OCR_TIMEOUT_MS.',
    example: 'auto',
  }),
  // Indexing by the service (all three, or none): the deletion endpoint's own rules.
  indexName: header({
    ...DELETION_HEADERS.indexName,
    required: false,
    description: `${DELETION_HEADERS.indexName.description}. With the two below: the service uploads the chunks itself and answers a summary.`,
  }),
  searchEndpoint: header({ ...DELETION_HEADERS.endpoint, required: false }),
  searchKey: header({ ...DELETION_HEADERS.key, required: false }),
};

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

const ChunkEnvelopeSchema = Type.Object({
  value: Type.Array(
    Type.Object({
      '@search.action': Type.Literal('upload'),
      id: Type.String({ description: '{tenant_id}-{document_id}-{index padded to 4 digits, from 0}' }),
      tenant_id: Type.Integer({ description: 'Int64, exact digits' }),
      document_id: Type.Integer({ description: 'Int64, exact digits' }),
      sourceName: Type.String(),
      section: Type.String({ maxLength: 90 }),
      content: Type.String(),
      page_start: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
          description:
            "Only with the header page-numbers: true. 1-based physical page of the chunk's first character; null for a format without pages",
        }),
      ),
      page_end: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
          description:
            "Only with the header page-numbers: true. 1-based physical page of the chunk's last character; null for a format without pages",
        }),
      ),
      embedding: Type.Array(Type.Number(), { description: '1536 floats, or [] without embedding' }),
    }),
  ),
});
type ChunkEnvelope = Static<typeof ChunkEnvelopeSchema>;

/** What indexing by the service answers instead of the payload. */
const indexSummaryFields = {
  indexName: Type.String(),
  chunks: Type.Integer({ description: 'Chunks the document gave' }),
  batches: Type.Integer({ description: 'index-documents calls (at most 1000 actions and 12 MiB each)' }),
  indexed: Type.Integer({ description: 'Chunks the index holds now' }),
  failedKeys: Type.Array(Type.String(), { description: 'Keys not indexed' }),
  failed: Type.Array(Type.Object({ key: Type.String(), reason: Type.String() })),
  embeddingPerformed: Type.Boolean(),
  timeMs: Type.Integer({ description: 'Time spent uploading' }),
};
const IndexSummarySchema = Type.Object({ success: Type.Literal(true), ...indexSummaryFields });
const IndexPartialSchema = Type.Object({
  success: Type.Literal(false),
  error: Type.String(),
  ...Object.fromEntries(Object.entries(indexSummaryFields).map(([k, v]) => [k, Type.Optional(v)])),
});

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

/** Multipart limits of the upload (the route's scope registers @fastify/multipart with them). */
export const uploadLimits = (config: Pick<Config, 'maxPdfBytes'>) => ({
  limits: { fileSize: config.maxPdfBytes, files: 2, fields: 20, parts: 40, headerPairs: 200, fieldSize: 64 * 1024 },
});

/**
 * The upload scope's body parsers: the document comes as the multipart field `document`, or as
 * the whole raw body under any other content type (Postman's binary body, curl --data-binary).
 * The app's JSON and text parsers are replaced by a catch-all that leaves the body to readUpload,
 * which streams it under MAX_PDF_BYTES. (@fastify/multipart, registered after, adds its own.)
 */
export function acceptRawBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
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
    schema: {
      summary: 'Chunk a document into an Azure AI Search payload, optionally embedded',
      description:
        'The document goes in the multipart/form-data file field `document`, or is the whole raw request body under any other content type ' +
        "(application/octet-stream, application/pdf: Postman's binary body, curl --data-binary); every other parameter is a header. " +
        `Accepted formats, recognised by content, not by file name or Content-Type: ${ACCEPTED_FORMATS}; anything else is a 415. ` +
        'Chunks are 800-1200 characters ' +
        '(the last may be shorter), cut at paragraph or sentence boundaries; the table of contents, index pages, running headers and footers, ' +
        'and in HTML and Word lists of in-page links and navigation bars are left out. ' +
        'PDF pages without a text layer (scans) are read with OCR unless the ocr header says off; X-OCR-Pages and X-OCR-Skipped-Pages say what happened. ' +
        "The response can be posted unchanged to {search}/indexes/{index}/docs/index?api-version=2024-07-01; when it is over 1000 documents or 12 MiB (a margin under Azure's 16 MB), " +
        'X-Index-Batches says how many calls it takes (split value[] into that many parts).',
      tags: ['Documents'],
      consumes: ['multipart/form-data'],
      // Documentation only (docs/common.ts): the handler reads the parts itself.
      multipartBody: Type.Object({
        document: Type.String({
          format: 'binary',
          description: `The document: ${ACCEPTED_FORMATS} (a scanned PDF is read with OCR, see the ocr header)`,
        }),
      }),
      // The service key is a security requirement (docs/common.ts SECURITY_SCHEMES); the other headers come from the table.
      security: [{ documentApiKey: [] }],
      headers: headersSchema(CHUNKING_HEADERS),
      response: {
        200: Type.Union(
          [
            Type.Object(ChunkEnvelopeSchema.properties, {
              description: 'The chunk envelope.',
              examples: [
                {
                  value: [
                    {
                      '@search.action': 'upload',
                      id: '7-42-0000',
                      tenant_id: 7,
                      document_id: 42,
                      sourceName: 'handbook.pdf',
                      section: '1 Introduction',
                      content: '1 Introduction\nThis handbook ...',
                      embedding: [],
                    },
                  ],
                },
              ],
            }),
            Type.Object(IndexSummarySchema.properties, {
              description:
                'With indexName, cloudAISearchEndpoint and cloudAISearchKey: the chunks were uploaded to the index by the service; this summary instead of the payload.',
              examples: [
                {
                  success: true,
                  indexName: 'pdf-chunks',
                  chunks: 36,
                  batches: 1,
                  indexed: 36,
                  failedKeys: [],
                  failed: [],
                  embeddingPerformed: false,
                  timeMs: 120,
                },
              ],
            }),
          ],
          {
            description:
              'The chunk envelope (headers X-Total-Chunks, X-Embedding-Performed, X-Index-Batches, X-OCR-Pages, X-OCR-Skipped-Pages); or, with indexName, cloudAISearchEndpoint and cloudAISearchKey, the indexing summary.',
            headers: {
              'X-Total-Chunks': { type: 'integer', description: 'Number of chunks in value', examples: [36] },
              'X-Embedding-Performed': {
                type: 'string',
                enum: ['true', 'false'],
                description: 'Whether embeddings were computed',
              },
              'X-Index-Batches': {
                type: 'integer',
                description:
                  'Index-documents calls the payload takes (1000 documents or 12 MiB per call: a margin under the 16 MB Azure takes)',
                examples: [1],
              },
              'X-OCR-Pages': {
                type: 'integer',
                description: 'Pages read with OCR (0 for a born-digital PDF)',
                examples: [0],
              },
              'X-OCR-Skipped-Pages': {
                type: 'integer',
                description:
                  "Pages without a usable text layer left unread because ocr is 'off'; absent when none were",
                examples: [2],
              },
            },
          },
        ),
        400: errorResponse(
          'A bad header (page-numbers other than true or false), a missing or empty document, a malformed multipart body, or a missing embedding header',
          'Header embeddingKey is required when performEmbedding is true.',
        ),
        401: errorResponse('Missing or wrong api-key', messageOf('unauthorized_document_api_key')),
        405: methodNotAllowedResponse('POST'),
        413: errorResponse(
          'The document is over MAX_PDF_BYTES, or a decompression bomb (a PDF over 256 MiB decompressed; a Word document over 128 MiB of XML, 10,000 entries or 1000:1 compression) or an XML entity bomb',
          'The document is larger than the limit of 52428800 bytes.',
        ),
        415: errorResponse(
          `The document is in none of the accepted formats (${ACCEPTED_FORMATS}), judged by its bytes`,
          messageOf('document_unsupported'),
        ),
        422: errorResponse(
          'No text could be extracted (with OCR for PDF pages, unless ocr is off), the document is encrypted or damaged, its parse took longer than PARSE_TIMEOUT_MS plus PARSE_TIMEOUT_MS_PER_MB per MiB, it has more pages to read with OCR than OCR_MAX_PAGES, or OCR took longer than OCR_TIMEOUT_MS',
          'No text could be extracted from the PDF.',
        ),
        502: Type.Union([
          Type.Object(IndexPartialSchema.properties, {
            description:
              'Indexing by the service: some chunks are not in the index after retries; the summary names them. Calling again is safe (uploads replace by key).',
          }),
          errorResponse(
            'An embedding call failed for good',
            'Embedding failed on chunk 3: HTTP 429: Requests to the Embeddings_Create Operation ... exceeded ...',
          ),
        ]),
        503: errorResponse(
          'MAX_DOCUMENTS_IN_FLIGHT documents are being worked on and MAX_DOCUMENTS_QUEUED wait: retry after Retry-After seconds',
          'The service is busy with other documents; retry after the time in Retry-After.',
        ),
      },
    },
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

async function documentErrorsAsAppErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof DocumentError) throw new AppError(err.errorCode, err.message);
    throw err;
  }
}

/**
 * The uploaded document: exactly one file from the multipart field `document`, or else the whole
 * raw body (any content type but multipart), streamed under the size cap either way.
 */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const doc = request.isMultipart() ? await readMultipart(request, maxBytes) : await readRawBody(request, maxBytes);
  if (doc.length === 0) throw fail('empty_document');
  return doc;
}

/** The whole body; past the cap the rest is read and dropped, so the client still gets its 413. */
function readRawBody(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const raw = request.raw;
    raw.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) parts.push(chunk);
      else parts.length = 0;
    });
    raw.once('end', () => {
      if (size > maxBytes) reject(fail('document_over_size_limit', maxBytes));
      else resolve(Buffer.concat(parts, size));
    });
    raw.once('error', () => reject(fail('body_unreadable')));
  });
}

/** Reads exactly one file, from the field `document`, streaming under the size cap. */
async function readMultipart(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  let pdf: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'document') {
        part.file.resume();
        throw fail('unexpected_file_field', part.fieldname.slice(0, 64));
      }
      if (pdf) {
        part.file.resume();
        throw fail('one_file_expected');
      }
      pdf = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('document_over_size_limit', maxBytes);
    if (code === 'FST_FILES_LIMIT') throw fail('one_file_expected');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw fail('too_many_parts');
    throw fail('malformed_multipart');
  }
  if (!pdf) throw fail('missing_document_field');
  return pdf;
}

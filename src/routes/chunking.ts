// POST /apis/chunk-and-perform-embedding(.php): a PDF in, a payload for the
// Azure AI Search index-documents operation out. Auth and every header are
// checked before a byte of the upload is read; parsing and chunking run in the
// worker pool; embeddings are fetched one chunk at a time, in order.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { defineRoute } from '../http/routes.ts';
import { errorResponse } from '../schemas/common.ts';
import { requireHeaders } from '../auth/hooks.ts';
import { AppError, MESSAGES, badGateway, badRequest, payloadTooLarge } from '../errors.ts';
import { parseInt64 } from '../core/int64.ts';
import { singleHeader } from '../http/headers.ts';
import { buildPayload } from '../documents/payload.ts';
import { EmbeddingError } from '../clients/embeddings.ts';
import { DocumentError } from '../documents/errors.ts';
import type { AppDeps } from '../app.ts';

interface ChunkParams {
  sourceName: string;
  tenantId: string;
  documentId: string;
  embedding?: { endpoint: string; key: string; deployment: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    chunkParams?: ChunkParams;
  }
}

const EMBEDDING_HEADERS = ['embeddingEndpoint', 'embeddingKey', 'embeddingDeploymentName'] as const;

const single = (request: FastifyRequest, wire: string) => singleHeader(request.headers, wire);

/** Header values arrive as latin1; a UTF-8 sourceName ("Handbuch für ...") is decoded back. */
function utf8(value: string): string {
  if (!/[\x80-\xff]/.test(value)) return value;
  const decoded = Buffer.from(value, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? value : decoded;
}

export async function chunkingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config, outbound, embeddings, chunkPool } = deps;
  await app.register(multipart, {
    limits: { fileSize: config.maxPdfBytes, files: 2, fields: 20, parts: 40, headerPairs: 200, fieldSize: 64 * 1024 },
  });

  const validateHeaders = async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > config.maxPdfBytes + 1024 * 1024) {
      throw payloadTooLarge(`The upload is larger than the limit of ${config.maxPdfBytes} bytes.`);
    }
    const rawSource = single(request, 'sourceName');
    if (!rawSource) throw badRequest('Header sourceName is required.');
    const sourceName = utf8(rawSource);
    if (sourceName.length > 1024) throw badRequest('Header sourceName is longer than 1024 characters.');
    if (/[\p{Cc}]/u.test(sourceName)) throw badRequest('Header sourceName holds control characters.');
    const tenantId = parseInt64('tenant-id', single(request, 'tenant-id'));
    const documentId = parseInt64('document-id', single(request, 'document-id'));

    const perform = (single(request, 'performEmbedding') ?? 'false').toLowerCase();
    if (perform !== 'true' && perform !== 'false') throw badRequest("Header performEmbedding must be 'true' or 'false'.");
    const params: ChunkParams = { sourceName, tenantId, documentId };
    if (perform === 'true') {
      const values: Record<string, string> = {};
      for (const name of EMBEDDING_HEADERS) {
        const v = single(request, name);
        if (!v) throw badRequest(`Header ${name} is required when performEmbedding is true.`);
        values[name] = v;
      }
      const deployment = values.embeddingDeploymentName!;
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(deployment)) {
        throw badRequest('Header embeddingDeploymentName must be 1 to 64 letters, digits, dots, dashes or underscores.');
      }
      const key = values.embeddingKey!;
      if (key.length > 512 || !/^[\x21-\x7e]+$/.test(key)) throw badRequest('Header embeddingKey must be at most 512 printable ASCII characters.');
      const endpoint = await outbound.checkBaseUrl(values.embeddingEndpoint!, 'embeddingEndpoint');
      params.embedding = { endpoint, key, deployment };
    }
    request.chunkParams = params;
  };

  defineRoute(app, {
    method: 'POST',
    path: '/apis/chunk-and-perform-embedding.php',
    onRequest: [requireHeaders({ 'api-key': config.documentApiKey }, MESSAGES.documentUnauthorized), validateHeaders],
    schema: {
      summary: 'Chunk a PDF into an Azure AI Search index-documents payload, optionally with Azure OpenAI embeddings',
      description:
        'multipart/form-data with the PDF in the file field `document`; every other parameter is a header. Chunks are 800-1200 characters ' +
        '(the last may be shorter), cut at paragraph or sentence boundaries; the table of contents, index pages, running headers and footers are left out. ' +
        'The response can be posted unchanged to {search}/indexes/{index}/docs/index?api-version=2024-07-01; when it is over 1000 documents or 16 MB, ' +
        'X-Index-Batches says how many calls it takes (split value[] into that many parts).',
      tags: ['Documents'],
      consumes: ['multipart/form-data'],
      // Documentation only (http/docs.ts): the handler reads the parts itself.
      multipartBody: Type.Object({ document: Type.String({ format: 'binary', description: 'The PDF, with selectable text' }) }),
      headers: Type.Object({
        'api-key': Type.String({ description: 'The service key' }),
        sourceName: Type.String({ description: 'Logical name of the source document, copied to every chunk', examples: ['handbook.pdf'] }),
        'tenant-id': Type.String({ description: 'Int64, decimal digits; copied to tenant_id', examples: ['7'] }),
        'document-id': Type.String({ description: 'Int64, decimal digits; copied to document_id', examples: ['42'] }),
        performEmbedding: Type.Optional(Type.String({ description: "'true' requests embeddings; default 'false'", examples: ['false'] })),
        embeddingEndpoint: Type.Optional(Type.String({ description: 'Azure OpenAI resource URL (when performEmbedding is true)', examples: ['https://my-resource.openai.azure.com'] })),
        embeddingKey: Type.Optional(Type.String({ description: 'Azure OpenAI key, passed through and never logged (when performEmbedding is true)' })),
        embeddingDeploymentName: Type.Optional(Type.String({ description: 'Embedding deployment name (when performEmbedding is true)', examples: ['text-embedding-ada-002'] })),
      }),
      response: {
        200: Type.Object(
          {
            value: Type.Array(
              Type.Object({
                '@search.action': Type.Literal('upload'),
                id: Type.String({ description: '{tenant_id}-{document_id}-{index padded to 4 digits, from 0}' }),
                tenant_id: Type.Integer({ description: 'Int64, exact digits' }),
                document_id: Type.Integer({ description: 'Int64, exact digits' }),
                sourceName: Type.String(),
                section: Type.String({ maxLength: 90 }),
                content: Type.String(),
                embedding: Type.Array(Type.Number(), { description: '1536 floats, or [] without embedding' }),
              }),
            ),
          },
          {
            description: 'The chunk envelope. Headers: X-Total-Chunks, X-Embedding-Performed, X-Index-Batches.',
            headers: {
              'X-Total-Chunks': { type: 'integer', description: 'Number of chunks in value', examples: [36] },
              'X-Embedding-Performed': { type: 'string', enum: ['true', 'false'], description: 'Whether embeddings were computed' },
              'X-Index-Batches': { type: 'integer', description: 'Index-documents calls the payload takes (1000 documents or 16 MB per call)', examples: [1] },
            },
            examples: [
              {
                value: [
                  { '@search.action': 'upload', id: '7-42-0000', tenant_id: 7, document_id: 42, sourceName: 'handbook.pdf', section: '1 Introduction', content: '1 Introduction\nThis handbook ...', embedding: [] },
                ],
              },
            ],
          },
        ),
        400: errorResponse('A bad header, a missing file, a file that is not a PDF, or a missing embedding header', 'Header embeddingKey is required when performEmbedding is true.'),
        401: errorResponse('Missing or wrong api-key', MESSAGES.documentUnauthorized),
        405: errorResponse('Method other than POST', 'Method Not Allowed. Use POST.'),
        413: errorResponse('The file is over MAX_PDF_BYTES, or its streams decompress to over 256 MiB (a decompression bomb)', 'The PDF is larger than the limit of 52428800 bytes.'),
        422: errorResponse('No text could be extracted, the PDF is encrypted or damaged, or its parse took over 60 s', 'No text could be extracted from the PDF.'),
        502: errorResponse('An embedding call failed for good', 'Embedding failed on chunk 3: HTTP 429: Requests to the Embeddings_Create Operation ... exceeded ...'),
      },
    },
    attachValidation: true,
    handler: async (request, reply) => {
      const params = request.chunkParams!;
      const pdf = await readUpload(request, config.maxPdfBytes);

      const aborted = new AbortController();
      const onClose = () => {
        if (!reply.sent) aborted.abort();
      };
      request.raw.once('close', onClose);
      const send = (payload: { json: Buffer; batches: number }, count: number, embedded: boolean) =>
        reply
          .header('x-total-chunks', String(count))
          .header('x-embedding-performed', String(embedded))
          .header('x-index-batches', String(payload.batches))
          .type('application/json; charset=utf-8')
          .send(payload.json);
      try {
        const embedding = params.embedding;
        if (!embedding) {
          // The worker writes the payload too: the event loop only sends the bytes.
          const done = await documentErrorsAsAppErrors(chunkPool().payload(pdf, params, { signal: aborted.signal }));
          return send(done, done.count, false);
        }
        const chunks = await documentErrorsAsAppErrors(chunkPool().chunk(pdf, { signal: aborted.signal }));
        // Float64Array: the same values, kept off the V8 heap, so a thousand vectors held until the
        // reply do not make every young-generation GC copy them.
        const vectors: Float64Array[] = [];
        for (let i = 0; i < chunks.length; i++) {
          if (aborted.signal.aborted) return reply; // the caller is gone: stop spending its quota
          try {
            vectors.push(Float64Array.from(await embeddings.embed(embedding, chunks[i]!.content)));
          } catch (err) {
            if (err instanceof EmbeddingError) throw badGateway(`Embedding failed on chunk ${i}: ${err.message}`);
            throw err;
          }
        }
        return send(buildPayload(chunks, params, vectors), chunks.length, true);
      } finally {
        request.raw.off('close', onClose);
      }
    },
  });
}

async function documentErrorsAsAppErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof DocumentError) throw new AppError(err.status, err.message);
    throw err;
  }
}

/** Reads exactly one file, from the field `document`, streaming under the size cap. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw badRequest("The request must be multipart/form-data with the PDF in the file field 'document'.");
  }
  let pdf: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'document') {
        part.file.resume();
        throw badRequest(`Unexpected file field '${part.fieldname.slice(0, 64)}': the PDF goes in the file field 'document'.`);
      }
      if (pdf) {
        part.file.resume();
        throw badRequest("Exactly one file is expected, in the field 'document'.");
      }
      pdf = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(`The PDF is larger than the limit of ${maxBytes} bytes.`);
    if (code === 'FST_FILES_LIMIT') throw badRequest("Exactly one file is expected, in the field 'document'.");
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The multipart body has too many parts.');
    throw badRequest('The multipart body is malformed.');
  }
  if (!pdf) throw badRequest("Missing file field 'document': upload the PDF as multipart/form-data in the field 'document'.");
  if (pdf.length === 0) throw badRequest('The uploaded file is empty; it is not a PDF.');
  return pdf;
}

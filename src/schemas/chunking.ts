// The chunking endpoint's schemas: its header table (validation and the documented header schema
// both come from it) and its reader, the chunk envelope, the indexing summary and the route's
// documented schema.
import type { IncomingHttpHeaders } from 'node:http';
import { Type } from 'typebox';
import { errorResponse, methodNotAllowedResponse } from './common.ts';
import { ERROR_HINT_HEADER, fail, messageOf } from '../errors.ts';
import {
  parseBooleanFlag,
  header,
  headersSchema,
  parseInt64Header,
  parseIntegerInRange,
  parsePrintableAscii,
  readHeaders,
  INT64_PATTERN,
} from '../http/header-table.ts';
import { SEARCH_HEADERS } from './search-headers.ts';
import { ACCEPTED_FORMATS } from '../documents/detect.ts';
import { OCR_MODES, type OcrMode } from '../documents/ocr/options.ts';
import type { IngestOptions } from '../documents/ingest.ts';
import type { Outbound } from '../clients/outbound.ts';
import { portalEmbeddingUri } from '../clients/embeddings.ts';
import { accepted, PreferHeader } from './job-view.ts';
import { SAMPLE_DOCUMENT } from '../data/sample-document.ts';

/** The `ocr` header: auto (default), off or force, in any case. */
export const ocrMode = (value: string, wire: string): OcrMode => {
  const v = value.toLowerCase();
  const mode = OCR_MODES.find((m) => m === v);
  if (!mode) throw fail('invalid_ocr_header', wire);
  return mode;
};

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
    parse: parseInt64Header,
    pattern: INT64_PATTERN,
    description: 'Int64, decimal digits; copied to tenant_id',
    example: '7',
  }),
  documentId: header({
    wire: 'document-id',
    required: true,
    maxLength: 64,
    parse: parseInt64Header,
    pattern: INT64_PATTERN,
    description: 'Int64, decimal digits; copied to document_id',
    example: '42',
  }),
  performEmbedding: header({
    wire: 'performEmbedding',
    required: false,
    maxLength: 5,
    parse: parseBooleanFlag,
    description: "'true' requests embeddings; default 'false'",
    example: 'false',
  }),
  embeddingEndpoint: header({
    wire: 'embeddingEndpoint',
    required: false,
    requiredWhen: 'performEmbedding',
    maxLength: 2048,
    parse: parsePrintableAscii,
    description:
      "Azure OpenAI resource's base URL (https://<resource>.openai.azure.com); https, a host allowed by OUTBOUND_ALLOWED_HOSTS, public addresses only. " +
      "The portal's full target URI (.../openai/deployments/<name>/embeddings?api-version=...) is a 400 naming the part to keep.",
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
  embeddingBatchSize: header({
    wire: 'embeddingBatchSize',
    required: false,
    maxLength: 4,
    parse: parseIntegerInRange(1, 2048),
    pattern: '^[1-9][0-9]{0,3}$',
    description:
      "Inputs per embeddings call, 1-2048 (Azure's bound); default 1, the interface's one call per chunk. Used with performEmbedding: true.",
    example: '16',
  }),
  embeddingConcurrency: header({
    wire: 'embeddingConcurrency',
    required: false,
    maxLength: 2,
    parse: parseIntegerInRange(1, 16),
    pattern: '^[1-9][0-9]?$',
    description:
      'Embeddings calls in flight, 1-16; default 1 (sequential). A 429 pauses new calls for the wait it asks (retry-after-ms, Retry-After) and halves the calls in flight, which climb back as calls pass. Used with performEmbedding: true.',
    example: '4',
  }),
  pageNumbers: header({
    wire: 'page-numbers',
    required: false,
    maxLength: 5,
    parse: parseBooleanFlag,
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
  // Indexing by the service (all three, or none): the search headers' rules, as deletion takes them, optional here.
  indexName: header({
    ...SEARCH_HEADERS.indexName,
    required: false,
    description: `${SEARCH_HEADERS.indexName.description}. With the two below: the service uploads the chunks itself and answers a summary.`,
  }),
  searchEndpoint: header({ ...SEARCH_HEADERS.endpoint, required: false }),
  searchKey: header({ ...SEARCH_HEADERS.key, required: false }),
};

/** A URI pasted whole from the portal: a 400 naming the part to keep (X-Error-Hint: that part alone). */
function refusePortalUri(endpoint: string): void {
  const portal = portalEmbeddingUri(endpoint);
  if (portal === undefined) return;
  const base = portal.base.slice(0, 300);
  throw fail('embedding_endpoint_full_uri', base, portal.deployment).withHeaders({
    [ERROR_HINT_HEADER]:
      `Send embeddingEndpoint: ${base}` +
      (portal.deployment === undefined ? '' : ` and embeddingDeploymentName: ${portal.deployment}`),
  });
}

/**
 * The options of one upload from its headers: the table's values, and the embedding and search
 * endpoints checked against the outbound rules. The first problem is a 400 naming the header.
 */
export async function readChunkingHeaders(
  headers: IncomingHttpHeaders,
  outbound: Pick<Outbound, 'checkBaseUrl'>,
): Promise<IngestOptions> {
  const h = readHeaders(CHUNKING_HEADERS, headers);
  const params: IngestOptions = {
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
    refusePortalUri(h.embeddingEndpoint);
    const endpoint = await outbound.checkBaseUrl(h.embeddingEndpoint, 'embeddingEndpoint');
    params.embedding = { endpoint, key: h.embeddingKey, deployment: h.embeddingDeploymentName };
    params.embeddingPace = { batchSize: h.embeddingBatchSize ?? 1, concurrency: h.embeddingConcurrency ?? 1 };
  }
  const given = [h.indexName, h.searchEndpoint, h.searchKey];
  if (given.some((v) => v !== undefined)) {
    const missing = (['indexName', 'searchEndpoint', 'searchKey'] as const).find((k) => h[k] === undefined);
    if (missing) throw fail('header_required_with_index', CHUNKING_HEADERS[missing].wire);
    const endpoint = await outbound.checkBaseUrl(h.searchEndpoint!, 'cloudAISearchEndpoint');
    params.index = { endpoint, key: h.searchKey!, indexName: h.indexName! };
  }
  return params;
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

/** What indexing by the service answers instead of the payload. */
const indexSummaryFields = {
  indexName: Type.String(),
  chunks: Type.Integer({ description: 'Chunks the document gave' }),
  batches: Type.Integer({ description: 'index-documents calls (at most 1000 actions and 12 MiB each)' }),
  indexed: Type.Integer({ description: 'Chunks the index holds now' }),
  failedKeys: Type.Array(Type.String(), { description: 'Keys not indexed' }),
  failed: Type.Array(Type.Object({ key: Type.String(), reason: Type.String() })),
  embeddingPerformed: Type.Boolean(),
  removed: Type.Integer({
    description:
      'Chunks of an earlier version of the document (same tenant-id and document-id, keys this upload did not write) deleted once every new chunk was in',
  }),
  reused: Type.Integer({
    description:
      'Chunks whose vector was not asked of the provider: the index held a chunk of the same tenant and document with exactly the same text, and its stored vector was kept (0 without embedding)',
  }),
  reuseUnavailable: Type.Optional(
    Type.String({
      description:
        'Present when the index did not return stored chunks with their content and vector (a field not retrievable: a 400 on $select): every chunk was embedded; the reason',
    }),
  ),
  timeMs: Type.Integer({ description: 'Time spent uploading' }),
};
const IndexSummarySchema = Type.Object({ success: Type.Literal(true), ...indexSummaryFields });
const IndexPartialSchema = Type.Object({
  success: Type.Literal(false),
  error: Type.String(),
  ...Object.fromEntries(Object.entries(indexSummaryFields).map(([k, v]) => [k, Type.Optional(v)])),
});

/** The route's documented schema (headers, multipart body, every answer). */
export const chunkingSchema = {
  summary: 'Chunk a document into an Azure AI Search payload, optionally embedded',
  description:
    'The document goes in the multipart/form-data file field `document`, or is the whole raw request body under any other content type ' +
    "(application/octet-stream, application/pdf: Postman's binary body, curl --data-binary; text/plain with the sample below runs as is); every other parameter is a header. " +
    'Power Automate\'s file content, {"$content-type": "application/pdf", "$content": "<base64>"}, is decoded and read as the type it declares. ' +
    'Any other JSON, a url-encoded form, base64 text, and a file stripped of its line breaks (curl -d) are refused with a 400 that says how to send a document (X-Error-Hint). ' +
    `Accepted formats, recognised by content, not by file name or Content-Type: ${ACCEPTED_FORMATS}; anything else is a 415. ` +
    'Chunks are 800-1200 characters (Unicode code points in every script: a Chinese or Japanese chunk holds as many characters as an English one) ' +
    '(the last may be shorter), cut at paragraph or sentence boundaries (Chinese and Japanese ones at 。！？, between two characters where no sentence ends); the table of contents, index pages, running headers and footers, ' +
    'and in HTML, Word and OpenDocument lists of in-page links and navigation bars are left out. ' +
    "Slide decks (PowerPoint, OpenDocument presentations, PDFs of slides) are read slide by slide: the slide title is the section (on a PDF slide without one, the deck's outline section it stands in), " +
    'speaker notes follow their slide, slide numbers and footers are left out, and a chunk does not run from one slide into the next where each can stand alone. ' +
    'PDF pages without a text layer (scans) are read with OCR unless the ocr header says off; X-OCR-Pages and X-OCR-Skipped-Pages say what happened. ' +
    "The response can be posted unchanged to {search}/indexes/{index}/docs/index?api-version=2024-07-01; when it is over 1000 documents or 12 MiB (a margin under Azure's 16 MB), " +
    'X-Index-Batches says how many calls it takes (split value[] into that many parts). ' +
    'With Prefer: respond-async the request runs as a job: 202 at once with Location, and GET Location answers this same answer when done ' +
    "(Power Automate's asynchronous pattern; a long document with embeddings outlives a caller's timeout).",
  tags: ['Documents'],
  consumes: ['multipart/form-data'],
  // Documentation only (docs/common.ts): the handler reads the parts itself.
  multipartBody: Type.Object({
    document: Type.String({
      format: 'binary',
      description: `The document: ${ACCEPTED_FORMATS} (a scanned PDF is read with OCR, see the ocr header)`,
    }),
  }),
  // Documentation only (OpenAPI 3.1, before the form): the sample runs from /docs and Postman as shipped.
  rawBodies: {
    'text/plain': Type.String({
      description:
        'The document itself as the raw body: Markdown, HTML or plain text, told apart by content. The sample runs as is; replace it with your own text.',
      examples: [SAMPLE_DOCUMENT],
    }),
    'application/octet-stream': Type.String({
      format: 'binary',
      description: `The document's own bytes as the raw body, any accepted format (${ACCEPTED_FORMATS}): curl --data-binary @file.pdf, Postman's binary body`,
    }),
    'application/json': Type.Object(
      {
        '$content-type': Type.Optional(
          Type.String({
            description:
              "The file's media type: application/pdf, the Word type, text/html, text/markdown or text/plain read the bytes as that format; application/octet-stream or none lets the bytes decide",
          }),
        ),
        $content: Type.String({ description: "The file's bytes in base64" }),
      },
      {
        description: "Power Automate's file content (the output of Get file content), decoded by the service",
        examples: [{ '$content-type': 'text/markdown', $content: Buffer.from(SAMPLE_DOCUMENT).toString('base64') }],
      },
    ),
  },
  // The service key is a security requirement (docs/common.ts SECURITY_SCHEMES); the other headers come from the table.
  security: [{ documentApiKey: [] }],
  headers: Type.Object({ ...headersSchema(CHUNKING_HEADERS).properties, Prefer: PreferHeader }),
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
            'With indexName, cloudAISearchEndpoint and cloudAISearchKey: the chunks were uploaded to the index by the service, then the chunks an earlier version of the same tenant and document left (keys not written now) were deleted; this summary instead of the payload.',
          examples: [
            {
              success: true,
              indexName: 'pdf-chunks',
              chunks: 36,
              batches: 1,
              indexed: 36,
              failedKeys: [],
              failed: [],
              embeddingPerformed: true,
              removed: 0,
              reused: 35,
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
            description: "Pages without a usable text layer left unread because ocr is 'off'; absent when none were",
            examples: [2],
          },
        },
      },
    ),
    202: accepted,
    400: errorResponse(
      'A bad header (page-numbers other than true or false), a missing or empty document, a malformed multipart body, a missing embedding header; ' +
        "a body that is JSON other than Power Automate's file content, a url-encoded form, base64 text, or a file whose line breaks the client stripped (curl -d): X-Error-Hint says how to send a document",
      'Header embeddingKey is required when performEmbedding is true.',
    ),
    401: errorResponse('Missing or wrong api-key', messageOf('unauthorized_document_api_key')),
    405: methodNotAllowedResponse('POST'),
    413: errorResponse(
      'The document is over MAX_PDF_BYTES, or a decompression bomb (a PDF over 256 MiB decompressed; a Word, OpenDocument or PowerPoint file over 128 MiB of XML, 10,000 entries or 1000:1 compression) or an XML entity bomb',
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
          'Indexing by the service: some chunks are not in the index after retries (the summary names them), or every chunk is in but chunks of an earlier version could not all be deleted. Calling again is safe (uploads replace by key). ' +
          'A call refused as a whole (no such index, a key that cannot write, a field the index lacks) is one error line naming the remedy (X-Error-Hint), not one entry per key.',
      }),
      errorResponse(
        'An embedding call failed for good',
        'Embedding failed on chunk 3: HTTP 429: Requests to the Embeddings_Create Operation ... exceeded ...',
      ),
    ]),
    503: errorResponse(
      'MAX_DOCUMENTS_IN_FLIGHT documents are being worked on and MAX_DOCUMENTS_QUEUED wait; or, with Prefer: respond-async, JOBS_MAX jobs are kept: retry after Retry-After seconds',
      'The service is busy with other documents; retry after the time in Retry-After.',
    ),
  },
};

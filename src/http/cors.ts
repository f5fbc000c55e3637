import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/** Every request header the interface uses, so that a browser preflight lets each one through. */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'api_key',
  'api_secret',
  'key',
  'secret',
  'api-key',
  'sourceName',
  'tenant-id',
  'document-id',
  'performEmbedding',
  'embeddingEndpoint',
  'embeddingKey',
  'embeddingDeploymentName',
  'ocr',
  'cloudAISearchEndpoint',
  'cloudAISearchKey',
  'indexName',
  'document_id',
];

export const CORS_EXPOSED_HEADERS = [
  'X-Total-Chunks',
  'X-Embedding-Performed',
  'X-Index-Batches',
  'X-OCR-Pages',
  'X-OCR-Skipped-Pages',
  'Allow',
  'WWW-Authenticate',
];

export async function registerCors(app: FastifyInstance) {
  // Registered on the root instance: the onRequest hook runs before any route's
  // auth hook, so a preflight is answered without credentials, and every answer,
  // errors included, carries Access-Control-Allow-Origin.
  await app.register(cors, {
    origin: '*',
    credentials: false,
    // Strings joined once here: given arrays, the plugin joins them again on
    // every request, which measured ~2.5 us of CPU per request on add-url (of
    // ~15; bench/http.bench.ts).
    methods: 'GET, HEAD, POST, OPTIONS',
    allowedHeaders: CORS_ALLOWED_HEADERS.join(', '),
    exposedHeaders: CORS_EXPOSED_HEADERS.join(', '),
    maxAge: 86400,
    strictPreflight: false,
  });
}

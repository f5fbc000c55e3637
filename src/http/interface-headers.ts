// Every header the interface names, once. The CORS preflight's allow-list, the exposed response
// headers and the log redaction are read off this table, so a header added here is allowed,
// exposed or redacted everywhere at once (the preflight had forgotten page-numbers when each
// kept its own list). A test checks that every header a route schema declares is here.

export interface InterfaceHeader {
  /** the name as the interface writes it */
  wire: string;
  /** 'request': the client sends it (a preflight allows it); 'response': the service sends it (browser scripts may read it) */
  in: 'request' | 'response';
  /** a credential or a key passed through to Azure: its value never reaches a log line */
  secret: boolean;
}

const request = (wire: string, secret = false): InterfaceHeader => ({ wire, in: 'request', secret });
const response = (wire: string): InterfaceHeader => ({ wire, in: 'response', secret: false });

export const INTERFACE_HEADERS: readonly InterfaceHeader[] = [
  // Credentials: HTTP Basic and Bearer, add-apikey and add-custom, the survey, the document endpoints.
  request('Authorization', true),
  request('Content-Type'),
  request('api_key', true),
  request('api_secret', true),
  request('key', true),
  request('secret', true),
  request('api-key', true),
  // Chunking.
  request('sourceName'),
  request('tenant-id'),
  request('document-id'),
  request('performEmbedding'),
  request('embeddingEndpoint'),
  request('embeddingKey', true),
  request('embeddingDeploymentName'),
  request('embeddingBatchSize'),
  request('embeddingConcurrency'),
  request('page-numbers'),
  request('ocr'),
  // Jobs (RFC 7240): ask for a 202 and a job instead of waiting for the answer.
  request('Prefer'),
  // Indexing by the service (chunking) and deletion.
  request('cloudAISearchEndpoint'),
  request('cloudAISearchKey', true),
  request('indexName'),
  request('document_id'),
  // What the service answers with, beyond the CORS-safelisted response headers.
  response('X-Total-Chunks'),
  response('X-Embedding-Performed'),
  response('X-Index-Batches'),
  response('X-OCR-Pages'),
  response('X-OCR-Skipped-Pages'),
  response('Allow'),
  response('WWW-Authenticate'),
  response('Retry-After'),
  // Limits per caller (http/rate-limit.ts): the IETF RateLimit header fields.
  response('RateLimit-Limit'),
  response('RateLimit-Remaining'),
  response('RateLimit-Reset'),
  response('Location'),
  response('Preference-Applied'),
  response('X-Error-Code'),
  response('X-Error-Hint'),
];

/** The request headers, as written: a browser preflight allows each one. */
export const REQUEST_HEADERS: readonly string[] = INTERFACE_HEADERS.filter((h) => h.in === 'request').map(
  (h) => h.wire,
);

/** The response headers a browser script may read (Access-Control-Expose-Headers). */
export const EXPOSED_HEADERS: readonly string[] = INTERFACE_HEADERS.filter((h) => h.in === 'response').map(
  (h) => h.wire,
);

/** The headers whose values never reach a log line, lower case as Node hands them to the logger. */
export const REDACTED_HEADERS: readonly string[] = INTERFACE_HEADERS.filter((h) => h.secret).map((h) =>
  h.wire.toLowerCase(),
);

// The one error catalogue. Every error the service answers has a stable snake_case code naming the
// problem (not the status); the code gives the status and the client-facing message (a string, or
// a small function of the facts: a parameter's name, a limit). Handlers throw `fail(code, ...facts)`;
// document parsers throw a DocumentError built from a `document_*` code (src/documents/document-error.ts);
// one error handler renders either in the envelope of the route's family ({success:false, error}
// or, for deletion, {success:false, message}), logs the code and sends it as X-Error-Code.
// README.md's "Errors" table lists these codes (a test keeps the two equal).
import { ACCEPTED_FORMATS } from './documents/formats/index.ts';

type Message = string | ((...facts: never[]) => string);

export interface CatalogueEntry {
  status: number;
  message: Message;
  /** one line for the README table: when the service answers it */
  when: string;
  /** what to do, sent in X-Error-Hint when the refusal has no hint of its own (else `when` is sent) */
  hint?: string;
}

/** add-bearer's one message, whatever failed (the code and the hint tell the failures apart). */
const BEARER_MESSAGE = 'Unauthorized. Missing, invalid or expired bearer token.';
const SAFE_RANGE = '(-9007199254740991 to 9007199254740991)';
const withHint =
  (base: string) =>
  (hint = '') =>
    base + hint;

export const CATALOGUE = {
  // --- 400: the request's parameters, headers and body -------------------------------------
  invalid_request: { status: 400, message: 'Invalid request.', when: 'A schema violation with no detail to name' },
  missing_parameter: {
    status: 400,
    message: (where: string, name: string) => `Missing required ${where} '${name}'.`,
    when: 'A required query parameter, header or path parameter is absent (schema), or an addition input is',
  },
  missing_body_field: {
    status: 400,
    message: (name: string) => `Missing required body field '${name}'.`,
    when: 'A required JSON body field is absent',
  },
  body_not_object: {
    status: 400,
    message: 'The JSON body must be an object.',
    when: 'The JSON body is an array, a string or a number',
  },
  invalid_parameter: {
    status: 400,
    message: (where: string, name: string, detail: string) => `Invalid ${where} '${name}': ${detail}.`,
    when: 'A value breaks its schema (type, enum, pattern) in a way no other code names',
  },
  invalid_integer_parameter: {
    status: 400,
    message: (where: string, name: string) => `Invalid ${where} '${name}': must be an integer.`,
    when: 'A query parameter declared as an integer is not one (schema)',
  },
  invalid_integer_field: {
    status: 400,
    message: (where: string, name: string) => `Invalid ${where} '${name}': must be an integer or a string holding one.`,
    when: 'A JSON body input is neither an integer nor a string holding one (schema)',
  },
  parameter_too_long: {
    status: 400,
    message: (where: string, name: string, limit: number) =>
      `Invalid ${where} '${name}': longer than ${limit} characters.`,
    when: 'A value is longer than its schema allows',
  },
  invalid_integer: {
    status: 400,
    message: (name: string) => `Parameter '${name}' must be an integer.`,
    when: 'An addition input is not a decimal integer',
  },
  empty_integer: {
    status: 400,
    message: (name: string) => `Parameter '${name}' is empty; an integer is required.`,
    when: 'An addition input is an empty string',
  },
  integer_out_of_range: {
    status: 400,
    message: (name: string) => `Parameter '${name}' is outside the safe integer range ${SAFE_RANGE}.`,
    when: 'An addition input is past 2^53 - 1',
  },
  sum_out_of_range: {
    status: 400,
    message: `The sum of input1 and input2 is outside the safe integer range ${SAFE_RANGE}.`,
    when: 'The sum of two addition inputs is past 2^53 - 1',
  },
  invalid_positive_integer: {
    status: 400,
    message: (name: string) => `Query parameter '${name}' must be a positive integer.`,
    when: 'A page, limit or id query value is not a positive integer',
  },
  currency_not_supported: {
    status: 400,
    message: (code: string) => `Currency '${code}' not supported.`,
    when: 'A currency code outside the supported list',
  },
  invalid_amount: {
    status: 400,
    message: "Query parameter 'amount' must be a finite, non-negative number.",
    when: 'The amount to convert is not a non-negative number',
  },
  amount_too_large: {
    status: 400,
    message: "Query parameter 'amount' is too large to convert.",
    when: 'The converted amount overflows',
  },
  header_repeated: {
    status: 400,
    message: (wire: string) => `Header ${wire} must be given once.`,
    when: 'A header the route reads is sent more than once',
  },
  header_required: {
    status: 400,
    message: (wires: string | readonly string[], hint = '') =>
      typeof wires === 'string' || wires.length === 1
        ? `Header ${typeof wires === 'string' ? wires : wires[0]} is required.${hint}`
        : `Headers ${wires.slice(0, -1).join(', ')} and ${wires.at(-1)} are required.${hint}`,
    when: 'Required headers are absent or empty (the message names every one, and a sibling spelling the request has)',
  },
  header_required_when: {
    status: 400,
    message: (wire: string, flag: string) => `Header ${wire} is required when ${flag} is true.`,
    when: 'A header a true flag needs is absent (embeddingEndpoint with performEmbedding: true)',
  },
  header_required_with_index: {
    status: 400,
    message: (wire: string) =>
      `Header ${wire} is required with indexName, cloudAISearchEndpoint and cloudAISearchKey (all three, or none).`,
    when: 'Only some of the three index headers are sent',
  },
  header_sibling_only: {
    status: 400,
    message: (wire: string, sent: string, mark: string) =>
      `The request has a header ${sent}; this endpoint reads ${wire}, with ${mark}. Send ${wire}, or neither.`,
    when: 'An optional header that narrows a deletion (tenant-id) is sent only under its sibling spelling (tenant_id)',
  },
  header_integer_range: {
    status: 400,
    message: (wire: string, min: number, max: number) => `Header ${wire} must be an integer from ${min} to ${max}.`,
    when: 'A counted header (embeddingBatchSize, embeddingConcurrency) is not a decimal integer in its range',
  },
  header_too_long: {
    status: 400,
    message: (wire: string, limit: number) => `Header ${wire} is longer than ${limit} characters.`,
    when: 'A header is longer than its limit',
  },
  header_not_printable: {
    status: 400,
    message: (wire: string) => `Header ${wire} holds characters that are not printable ASCII.`,
    when: 'A header that must be printable ASCII is not',
  },
  header_control_characters: {
    status: 400,
    message: (wire: string) => `Header ${wire} holds control characters.`,
    when: 'sourceName holds control characters',
  },
  invalid_boolean_header: {
    status: 400,
    message: (wire: string) => `Header ${wire} must be 'true' or 'false'.`,
    when: 'A flag header is neither true nor false',
  },
  invalid_ocr_header: {
    status: 400,
    message: (wire: string) => `Header ${wire} must be 'auto', 'off' or 'force'.`,
    when: 'The ocr header is not auto, off or force',
  },
  invalid_int64_header: {
    status: 400,
    message: (wire: string) =>
      `Header ${wire} must be a decimal integer (Int64, no sign other than '-', no leading zeros, no exponent).`,
    when: 'An Int64 id header is not canonical decimal digits',
  },
  int64_out_of_range: {
    status: 400,
    message: (wire: string) => `Header ${wire} is outside the Int64 range.`,
    when: 'An Int64 id header is past the Int64 range',
  },
  invalid_deployment_name: {
    status: 400,
    message: (wire: string) => `Header ${wire} must be 1 to 64 letters, digits, dots, dashes or underscores.`,
    when: 'embeddingDeploymentName breaks its pattern',
  },
  invalid_key_header: {
    status: 400,
    message: (wire: string) => `Header ${wire} must be at most 512 printable ASCII characters.`,
    when: 'A key passed through to an outbound service is not printable ASCII',
  },
  invalid_index_name_header: {
    status: 400,
    message: (wire: string, problem: string) => `Header ${wire} ${problem}.`,
    when: 'The indexName header breaks the Azure AI Search naming rules',
  },
  invalid_index_name: {
    status: 400,
    message: (problem: string) => `Index name ${problem}.`,
    when: 'The index-definition name breaks the naming rules',
  },
  embedding_endpoint_full_uri: {
    status: 400,
    message: (base: string, deployment = '') =>
      `Header embeddingEndpoint holds a full Azure OpenAI URI: keep only ${base}, the resource's base URL; the service adds /openai/deployments/{embeddingDeploymentName}/embeddings?api-version=2024-02-01 itself` +
      (deployment === '' ? '.' : ` (the deployment ${deployment} goes in embeddingDeploymentName).`),
    when: 'embeddingEndpoint is a URI pasted from the Azure portal (its path reaches /openai)',
  },
  endpoint_not_allowed: {
    status: 400,
    message: (wire: string, why: string) => `Header ${wire} is not an allowed endpoint: ${why}.`,
    when: 'An outbound endpoint header is not https, not allowed by OUTBOUND_ALLOWED_HOSTS, or resolves to a private address',
  },
  empty_document: {
    status: 400,
    message:
      "The uploaded document is empty: send it as the multipart file field 'document' or as the raw request body.",
    when: 'The upload has no bytes',
  },
  body_unreadable: {
    status: 400,
    message: 'The request body could not be read.',
    when: 'The raw upload stream failed',
  },
  unexpected_file_field: {
    status: 400,
    message: (field: string) => `Unexpected file field '${field}': the document goes in the file field 'document'.`,
    when: "A multipart file comes in a field other than 'document'",
  },
  one_file_expected: {
    status: 400,
    message: "Exactly one file is expected, in the field 'document'.",
    when: 'A multipart upload holds more than one file',
  },
  too_many_parts: {
    status: 400,
    message: 'The multipart body has too many parts.',
    when: 'A multipart upload holds too many parts or fields',
  },
  malformed_multipart: {
    status: 400,
    message: 'The multipart body is malformed.',
    when: 'A multipart upload cannot be parsed',
  },
  missing_document_field: {
    status: 400,
    message:
      "Missing file field 'document': upload the document as multipart/form-data in the field 'document', or as the raw request body.",
    when: "A multipart upload has no file field 'document'",
  },
  upload_field_not_file: {
    status: 400,
    message:
      "The field 'document' came as a text field, not a file: send it as a file (curl -F document=@file.pdf; in Postman's form-data, type File; a multipart part needs a filename in its Content-Disposition).",
    when: "A multipart upload has 'document' as a plain field rather than a file",
  },
  upload_line_breaks_lost: {
    status: 400,
    message:
      "The document arrived without a single line break, which no PDF or Word file lacks: the client stripped them (curl -d and --data do). Send the file's bytes as they are: curl --data-binary @file.pdf, or curl -F document=@file.pdf.",
    when: 'A PDF or Word upload holds no CR or LF byte at all (sent with curl -d)',
  },
  upload_form_body: {
    status: 400,
    message:
      "A url-encoded form body is not read as a document: send the document as the multipart file field 'document' or as the raw request body.",
    when: 'A chunking upload is a url-encoded form (name=value pairs)',
  },
  upload_json_body: {
    status: 400,
    message:
      'A JSON body is read only as Power Automate\'s file content {"$content-type": "...", "$content": "<base64>"}: send any other document as the multipart file field \'document\' or as the raw request body.',
    when: "A chunking upload is JSON other than Power Automate's file content",
  },
  upload_base64_text: {
    status: 400,
    message:
      'The document is base64 text: send the file\'s own bytes, as the multipart file field \'document\' or as the raw request body, or wrap the base64 as Power Automate\'s file content {"$content-type": "...", "$content": "<base64>"}.',
    when: 'A chunking upload (or the $content of a file content) is base64 text',
  },
  upload_envelope_not_base64: {
    status: 400,
    message: "The file content's $content is not base64.",
    when: "The $content of Power Automate's file content does not decode as base64",
  },
  invalid_json: { status: 400, message: 'The body is not valid JSON.', when: 'A JSON body does not parse' },
  empty_json_body: {
    status: 400,
    message: 'The JSON body is empty.',
    when: 'Content-Type application/json with an empty body',
  },
  content_length_mismatch: {
    status: 400,
    message: 'Content-Length does not match the body.',
    when: 'The body is shorter or longer than Content-Length',
  },
  malformed_url: { status: 400, message: 'The URL is malformed.', when: 'The path is not valid percent-encoding' },
  bad_request: {
    status: 400,
    message: (detail: string) => detail,
    when: "Another of the web framework's own client errors (its first line, never a stack or a path)",
  },
  // --- 401 ------------------------------------------------------------------------------
  unauthorized_api_key: {
    status: 401,
    message: withHint('Unauthorized. Invalid or missing api_key header.'),
    when: 'add-api-key: the api_key header is absent or wrong',
  },
  unauthorized_document_api_key: {
    status: 401,
    message: 'Unauthorized. Invalid or missing api-key header.',
    when: 'Document endpoints: the api-key header is absent or wrong',
  },
  unauthorized_key_pair: {
    status: 401,
    message: withHint('Unauthorized. Invalid or missing api_key or api_secret.'),
    when: 'add-custom: api_key or api_secret is absent or wrong',
  },
  unauthorized_key_secret: {
    status: 401,
    // The interface's words, byte for byte: a hint goes in X-Error-Hint, never here.
    message: 'Unauthorized. Invalid key or secret.',
    when: 'Survey endpoints and add-token: the key or secret is absent or wrong',
  },
  unauthorized_basic: {
    status: 401,
    message: 'Unauthorized. Missing or wrong Basic credentials.',
    when: 'add-basic: Basic credentials absent or wrong',
  },
  unauthorized_bearer: {
    status: 401,
    message: BEARER_MESSAGE,
    when: 'add-bearer: no Authorization header',
  },
  unauthorized_bearer_scheme: {
    status: 401,
    message: BEARER_MESSAGE,
    when: "add-bearer: the Authorization header has no 'Bearer ' prefix (a bare token, another scheme)",
  },
  unauthorized_bearer_malformed: {
    status: 401,
    message: BEARER_MESSAGE,
    when: 'add-bearer: the bearer value is not a JWT (quoted, empty, an unset Postman variable, a placeholder)',
  },
  unauthorized_bearer_expired: {
    status: 401,
    message: BEARER_MESSAGE,
    when: 'add-bearer: the token has expired (the hint says at what time)',
  },
  unauthorized_bearer_signature: {
    status: 401,
    message: BEARER_MESSAGE,
    when: 'add-bearer: the token is not signed by this server (issued before a restart without JWT_SECRET, or tampered)',
  },
  unauthorized_bearer_claims: {
    status: 401,
    message: BEARER_MESSAGE,
    when: "add-bearer: a signed token that is not add-token's (another algorithm, issuer or audience; an OAuth access token)",
  },
  unauthorized_oauth: {
    status: 401,
    message: 'Unauthorized. Missing, invalid or expired OAuth 2.0 access token.',
    when: 'add-oauth: the access token of the lab authorization server is absent, invalid or expired',
  },
  // --- 403 ------------------------------------------------------------------------------
  insufficient_scope: {
    status: 403,
    message: (scope: string) => `Forbidden. The access token lacks the scope '${scope}'.`,
    when: 'add-oauth: a valid access token without the addition scope',
  },
  // --- 404, 405 -------------------------------------------------------------------------
  route_not_found: {
    status: 404,
    message: (method: string, url: string) => `Route ${method} ${url} not found.`,
    when: 'No route has this path',
  },
  user_not_found: { status: 404, message: 'User not found.', when: 'No user with that id' },
  connector_not_found: {
    status: 404,
    message: (style: string) => `No connector '${style}': apikey, basic, bearer, oauth, survey, documents or public.`,
    when: 'No Power Automate connector of that name',
  },
  job_not_found: {
    status: 404,
    message:
      'No such job: it never existed, or it ended more than JOB_TTL_SECONDS ago and is gone. Submit the document again.',
    when: 'GET or DELETE /apis/jobs/{id} with an id that is unknown or past its time to live',
  },
  job_cancelled: {
    status: 410,
    message: 'The job was cancelled: its work stopped and it has no answer. Submit the document again.',
    when: 'GET /apis/jobs/{id} of a job that DELETE cancelled (until its time to live ends, then 404)',
  },
  method_not_allowed: {
    status: 405,
    message: (methods: readonly string[]) => {
      const named = methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
      return `Method Not Allowed. Use ${(named.length > 0 ? named : methods).join(' or ')}.`;
    },
    when: 'The path exists but not with this method (the Allow header lists those it serves)',
  },
  // --- 413, 414, 415 --------------------------------------------------------------------
  body_too_large: { status: 413, message: 'Request body is too large.', when: 'A JSON body over the body limit' },
  upload_too_large: {
    status: 413,
    message: (limit: number) => `The upload is larger than the limit of ${limit} bytes.`,
    when: 'The declared Content-Length of an upload is over MAX_PDF_BYTES (refused before reading)',
  },
  document_over_size_limit: {
    status: 413,
    message: (limit: number) => `The document is larger than the limit of ${limit} bytes.`,
    when: 'The uploaded document is over MAX_PDF_BYTES',
  },
  job_too_large: {
    status: 413,
    message: (max: number) =>
      `The document is larger than a job may keep (JOBS_MAX_BYTES = ${max} bytes); send it without Prefer: respond-async, or raise JOBS_MAX_BYTES.`,
    when: 'Prefer: respond-async with REDIS_URL and a document over JOBS_MAX_BYTES',
  },
  url_too_long: { status: 414, message: 'The URL is too long.', when: 'A path parameter is over the router limit' },
  unsupported_media_type: {
    status: 415,
    message: 'Unsupported Content-Type.',
    when: 'A body in a Content-Type the route does not parse',
  },
  json_body_expected: {
    status: 415,
    message: 'Content-Type must be application/json, with a JSON object such as {"input1": 5, "input2": 7}.',
    when: 'add-body: the body is not application/json',
  },
  token_json_expected: {
    status: 415,
    message:
      'Content-Type must be application/json, with a JSON object {"api_key": "...", "api_secret": "..."}; a form body is not read.',
    when: 'add-token: the body is a form or text',
  },
  // --- documents (thrown inside the parse worker as DocumentError, or by the route) ----------
  document_not_pdf: {
    status: 400,
    message: 'The uploaded file is not a PDF.',
    when: 'A PDF was expected and the bytes are not one',
  },
  document_unsupported: {
    status: 415,
    message: (detail?: string) =>
      `The uploaded file is not in a supported format. Accepted, recognised by content: ${ACCEPTED_FORMATS}.` +
      (detail === undefined ? '' : ` (${detail})`),
    when: 'The document is in none of the accepted formats, judged by its bytes',
  },
  envelope_type_mismatch: {
    status: 415,
    message: (declared: string, label: string, found: string) =>
      `The file content declares $content-type ${declared}, but its $content is not ${label}: it is ${found}.`,
    when: "The $content-type of Power Automate's file content names a format its bytes are not in",
  },
  document_encrypted: {
    status: 422,
    message: 'The PDF is encrypted (password-protected); upload an unencrypted copy.',
    when: 'The PDF is password-protected',
  },
  document_damaged: {
    status: 422,
    message: (reason: string, format: 'pdf' | 'document' = 'pdf') =>
      format === 'pdf'
        ? `The PDF is damaged and could not be parsed: ${reason}`
        : `The document is damaged and could not be read: ${reason}`,
    when: 'The document cannot be parsed (the message gives a short reason)',
  },
  document_no_text: {
    status: 422,
    message: (format: 'pdf' | 'document' = 'pdf') =>
      `No text could be extracted from the ${format === 'pdf' ? 'PDF' : 'document'}.`,
    when: 'The document holds no letters or digits (a scan with ocr: off)',
  },
  document_too_large: {
    status: 413,
    message: (limit: number) =>
      `The PDF expands to too much data when decompressed (over ${Math.round(limit / 2 ** 20)} MiB); it may be a decompression bomb.`,
    when: 'The PDF streams inflate past MAX_DECODED_BYTES',
  },
  document_zip_bomb: {
    status: 413,
    message: (limit: number, what = 'Word document') =>
      `The ${what} expands to too much data when decompressed (over ${Math.round(limit / 2 ** 20)} MiB, or too many or too compressed parts); it may be a decompression bomb.`,
    when: 'The archive of a Word, OpenDocument or PowerPoint file inflates past the limit, or holds too many or too compressed parts',
  },
  document_entity_bomb: {
    status: 413,
    message: (what = 'Word documents') =>
      `The document declares XML entities (a DTD), which ${what} never need; it may be an entity-expansion bomb.`,
    when: 'An XML part of a Word, OpenDocument or PowerPoint file declares entities in a DTD',
  },
  document_too_much_memory: {
    status: 413,
    message: (format: 'pdf' | 'document' = 'pdf') =>
      `The ${format === 'pdf' ? 'PDF' : 'document'} needs too much memory to parse.`,
    when: 'The parse worker ran out of its memory bound',
  },
  document_timeout: {
    status: 422,
    message: (ms: number, stage: 'parse' | 'ocr' = 'parse') =>
      stage === 'ocr'
        ? `OCR of the PDF took longer than ${Math.round(ms / 1000)} s and was abandoned.`
        : `The PDF took too long to parse (over ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}) and was abandoned.`,
    when: 'Parsing (PARSE_TIMEOUT_MS) or OCR (OCR_TIMEOUT_MS) took too long',
  },
  document_ocr_limit: {
    status: 422,
    message: (count: number, limit: number) =>
      `The PDF has ${count} pages without a text layer, over the OCR limit of ${limit} pages (OCR_MAX_PAGES); send ocr: off to chunk only its text pages, or split the file.`,
    when: 'More pages need OCR than OCR_MAX_PAGES',
  },
  // --- 5xx ------------------------------------------------------------------------------
  internal: {
    status: 500,
    message: 'Internal server error.',
    when: 'An unexpected error (logged; the answer holds no detail)',
  },
  search_failed: {
    status: 502,
    message: (detail: string) => detail,
    when: 'A call to the search service failed (the message says which call and how)',
  },
  search_delete_partial: {
    status: 502,
    message: (deleted: number, total: number, failed: number, first: string) =>
      `The delete call to the search service partly failed: deleted ${deleted} of ${total} chunks, ${failed} failed (first: ${first}).`,
    when: "Some deletions of a document's chunks failed",
  },
  embedding_failed: {
    status: 502,
    message: (chunk: number, detail: string) => `Embedding failed on chunk ${chunk}: ${detail}`,
    when: 'The embedding service refused or failed on a chunk',
  },
  index_upload_partial: {
    status: 502,
    message: (indexed: number, chunks: number, indexName: string, failed: number, named: string) =>
      `Indexed ${indexed} of ${chunks} chunks into index '${indexName}'; not indexed: ${failed} (${named}). Calling again is safe: uploads replace by key.`,
    when: 'Some chunks were not indexed (the body also holds the upload summary)',
  },
  index_upload_failed: {
    status: 502,
    message: (indexName: string, reason: string, remedy: string, indexed: number, chunks: number) =>
      `Indexing into index '${indexName}' failed: ${reason}.${remedy === '' ? '' : ` ${remedy}`}` +
      (indexed > 0 ? ` ${indexed} of ${chunks} chunks were indexed before it.` : '') +
      ' Calling again is safe: uploads replace by key.',
    when: 'An index-documents call was refused for good (no such index, a key that cannot write, a field the index lacks, throttling past the retries): one line, not one reason per key',
  },
  index_stale_left: {
    status: 502,
    message: (indexed: number, indexName: string, left: number, reason: string) =>
      `Indexed ${indexed} chunks into index '${indexName}', but ${left} chunks of an earlier version of the document are still in it: ${reason}. Calling again is safe.`,
    when: 'Every chunk was indexed, but deleting chunks an earlier, longer version left failed (the body also holds the upload summary)',
  },
  rate_limited: {
    status: 429,
    message: (what: string, max: number) =>
      `Too many requests: at most ${max} a minute per ${what}; retry after the time in Retry-After.`,
    when: 'A client address (RATE_LIMIT_PER_MINUTE) or a credential (RATE_LIMIT_CREDENTIAL_PER_MINUTE) sent more requests this minute than its limit (Retry-After and the RateLimit headers say when to retry)',
  },
  client_documents_full: {
    status: 429,
    message: (max: number) =>
      `This client address already has ${max} documents in progress (MAX_DOCUMENTS_PER_CLIENT); retry after the time in Retry-After.`,
    when: 'An upload while its client address holds MAX_DOCUMENTS_PER_CLIENT documents in flight or queued (Retry-After says when to retry)',
  },
  not_ready: {
    status: 503,
    message: 'Not taking new work: starting, busy or draining.',
    when: '/readyz while the service starts, is full or drains (its body is {"status": ...}, not the error envelope)',
  },
  service_busy: {
    status: 503,
    message: 'The service is busy with other documents; retry after the time in Retry-After.',
    when: 'Documents in flight and queued are at their bound (Retry-After says when to retry)',
  },
  jobs_full: {
    status: 503,
    message: 'The service keeps as many jobs as it may (JOBS_MAX); retry after the time in Retry-After.',
    when: 'Prefer: respond-async while JOBS_MAX jobs are kept, queued, running or finished (Retry-After says when to retry)',
  },
  jobs_bytes_full: {
    status: 503,
    message:
      'The job store holds as many bytes of documents and answers as it may (JOBS_MAX_BYTES); retry after the time in Retry-After.',
    when: 'Prefer: respond-async with REDIS_URL while the documents and answers jobs keep in Redis would pass JOBS_MAX_BYTES with this document',
  },
  jobs_unavailable: {
    status: 503,
    message:
      'The job store (REDIS_URL) cannot be reached; retry after the time in Retry-After, or send the request without Prefer: respond-async.',
    when: 'A job request or poll while Redis or Valkey does not answer',
  },
  job_interrupted: {
    status: 503,
    message:
      'The job was interrupted: the replicas that worked on it stopped before it ended, more times than allowed. Submit the document again.',
    when: 'GET /apis/jobs/{id} of a job whose replica died while working on it three times (REDIS_URL)',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof CATALOGUE;

/**
 * The body of every error answer: `{ success: false, error }`, or `{ success: false, message }` on
 * the deletion endpoint, as the interface writes them.
 */
export function errorEnvelope(message: string): { success: false; error: string };
export function errorEnvelope(message: string, field: 'message'): { success: false; message: string };
export function errorEnvelope(message: string, field: 'error' | 'message'): Record<string, string | false>;
export function errorEnvelope(message: string, field: 'error' | 'message' = 'error'): Record<string, string | false> {
  return field === 'message' ? { success: false, message } : { success: false, error: message };
}

/** The response header every error answer carries its code in. */
export const ERROR_CODE_HEADER = 'x-error-code';
/** Beside the code on a refusal a learner can act on: what was missing or misspelt (never which value was wrong). */
export const ERROR_HINT_HEADER = 'x-error-hint';

/**
 * The X-Error-Hint of a refusal of `code`: the refusal's own hint, else the code's, else its
 * README line; printable ASCII only (a header value), at most 500 characters.
 */
export function hintOf(code: ErrorCode, given?: string): string {
  const entry: CatalogueEntry = CATALOGUE[code];
  const hint = given !== undefined && given.trim() !== '' ? given : (entry.hint ?? `${entry.when}.`);
  const clean = hint.replace(/[^\x20-\x7e]/g, '?').trim();
  return clean.length > 500 ? `${clean.slice(0, 497)}...` : clean;
}

/** The facts a code's message takes (none for a fixed message). */
export type Facts<C extends ErrorCode> = (typeof CATALOGUE)[C]['message'] extends (...facts: infer A) => string
  ? A
  : [];

/** The codes whose message is fixed (no facts). */
export type FixedCode = { [C in ErrorCode]: Facts<C> extends [] ? C : never }[ErrorCode];

/** The codes a DocumentError may carry: the `document_*` entries. */
export type DocumentCode = Extract<ErrorCode, `document_${string}`>;

export function statusOf(code: ErrorCode): number {
  return CATALOGUE[code].status;
}

/** The client-facing message of `code` with its facts. */
export function messageOf<C extends ErrorCode>(code: C, ...facts: Facts<C>): string {
  const m: Message = CATALOGUE[code].message;
  return typeof m === 'string' ? m : (m as (...a: unknown[]) => string)(...facts);
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** `message` is the catalogue's for `code`: use fail(); the constructor is for a message already built from it. */
  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = CATALOGUE[code].status;
    this.headers = headers;
  }

  /** Adds response headers (WWW-Authenticate, Retry-After); returns the same error. */
  withHeaders(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
  }
}

/** The error to throw for `code`: its status and its message with these facts. */
export function fail<C extends ErrorCode>(code: C, ...facts: Facts<C>): AppError {
  return new AppError(code, messageOf(code, ...facts));
}

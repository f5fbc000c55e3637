// The interface's own tables, transcribed from /work/shared/spec/service-interface.md (the
// section each table comes from is named above it) and, where the interface says "not shown",
// from /work/shared/docs/decisions.md (named so). conformance.test.ts drives generic checks off
// these tables over real HTTP; nothing here is read from src/, so a change in the code that
// departs from the interface fails here whatever the code's own tables say.

/** A JSON type as the interface's field tables write it. */
export type FieldType = 'Boolean' | 'Integer' | 'Int64' | 'Number' | 'String' | 'Array' | 'Object';

/** One resource's exact field set, in the order the table lists it. */
export type Fields = Readonly<Record<string, FieldType>>;

// --- "Resources and their fields" ----------------------------------------------------------

/** "Addition result (all addition endpoints)": auth_method only on the four authenticated ones. */
export const ADDITION_RESULT: Fields = {
  success: 'Boolean',
  operation: 'String',
  input1: 'Integer',
  input2: 'Integer',
  result: 'Integer',
};
export const AUTHENTICATED_ADDITION_RESULT: Fields = { ...ADDITION_RESULT, auth_method: 'String' };

/** "Token response" has token; decisions.md "add-token" fixes the other fields. */
export const TOKEN_RESPONSE: Fields = {
  success: 'Boolean',
  token: 'String',
  token_type: 'String',
  expires_in: 'Integer',
};

/** "User". */
export const USER: Fields = {
  id: 'Integer',
  name: 'String',
  email: 'String',
  role: 'String',
  city: 'String',
  joined: 'String',
};
/** "List envelope: success, count, data" (users and countries). */
export const LIST_ENVELOPE: Fields = { success: 'Boolean', count: 'Integer', data: 'Array' };
/** decisions.md "users": with id, `{"success": true, "data": <User>}`. */
export const SINGLE_USER_ENVELOPE: Fields = { success: 'Boolean', data: 'Object' };

/** "Country". */
export const COUNTRY: Fields = { code: 'String', name: 'String', region: 'String' };
export const REGIONS = ['Asia', 'Europe', 'Africa', 'Americas', 'Oceania'] as const;

/** "Currency conversion". */
export const CURRENCY_CONVERSION: Fields = {
  success: 'Boolean',
  from: 'String',
  to: 'String',
  amount: 'Number',
  rate: 'Number',
  converted: 'Number',
  supported_currencies: 'Array',
};
export const SUPPORTED_CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'AUD', 'CAD', 'JPY', 'AED', 'SGD', 'CHF'] as const;

/** "Product". */
export const PRODUCT: Fields = { sku: 'String', name: 'String', price: 'Number', category: 'String', stock: 'Integer' };
/** "Page envelope: success, page, total, data"; decisions.md "products": "may add limit and total_pages". */
export const PAGE_ENVELOPE: Fields = { success: 'Boolean', page: 'Integer', total: 'Integer', data: 'Array' };
export const PAGE_ENVELOPE_ALLOWED_EXTRAS: Fields = { limit: 'Integer', total_pages: 'Integer' };

/** "Survey batch". */
export const SURVEY_BATCH: Fields = {
  success: 'Boolean',
  total_records: 'Integer',
  generated_at: 'String',
  data: 'Array',
};
export const SURVEY_RECORD: Fields = { Name: 'String', Surname: 'String', DOB: 'String' };

/** "Indexable chunk (element of value in the chunking response)"; "Envelope: { value: Array of chunk }". */
export const CHUNK: Fields = {
  '@search.action': 'String',
  id: 'String',
  tenant_id: 'Int64',
  document_id: 'Int64',
  sourceName: 'String',
  section: 'String',
  content: 'String',
  embedding: 'Array',
};
export const CHUNK_ENVELOPE: Fields = { value: 'Array' };

/** "Deletion result" (success). */
export const DELETION_RESULT: Fields = { success: 'Boolean', message: 'String', deleted_chunks: 'Integer' };

/** "Errors": the error bodies: `{success, error}` everywhere (decisions.md), `{success, message}` on deletion. */
export const ERROR_BODY: Fields = { success: 'Boolean', error: 'String' };
export const DELETION_ERROR_BODY: Fields = { success: 'Boolean', message: 'String' };

// --- "Endpoints" and "Authentication" -------------------------------------------------------

export type Auth = 'none' | 'api_key' | 'api_key+api_secret' | 'basic' | 'body' | 'bearer' | 'key+secret' | 'api-key';

export interface InterfaceEndpoint {
  name: string;
  method: 'GET' | 'POST';
  /** the path the interface's table gives */
  path: string;
  /** the other form: "The chunking and deletion endpoints are also addressed with a .php suffix. The other endpoints are addressed both with and without one" */
  otherForm: string;
  auth: Auth;
  /** the success output's exact field set */
  success: Fields;
  /** auth_method's value ("Addition result": Values ...) */
  authMethod?: string;
  /** the error body's message field */
  errorField: 'error' | 'message';
}

const other = (path: string) => (path.endsWith('.php') ? path.slice(0, -4) : `${path}.php`);
const ep = (
  e: Omit<InterfaceEndpoint, 'otherForm' | 'errorField'> & { errorField?: 'error' | 'message' },
): InterfaceEndpoint => ({ ...e, errorField: e.errorField ?? 'error', otherForm: other(e.path) });

/** The "Endpoints" table, row by row; "Auth" from the "Authentication" table. */
export const ENDPOINTS: readonly InterfaceEndpoint[] = [
  ep({ name: 'add-url', method: 'GET', path: '/apis/add-url', auth: 'none', success: ADDITION_RESULT }),
  ep({ name: 'add-body', method: 'POST', path: '/apis/add-body', auth: 'none', success: ADDITION_RESULT }),
  ep({
    name: 'add-apikey',
    method: 'GET',
    path: '/apis/add-apikey',
    auth: 'api_key',
    success: AUTHENTICATED_ADDITION_RESULT,
    authMethod: 'API Key Header',
  }),
  ep({
    name: 'add-custom',
    method: 'GET',
    path: '/apis/add-custom',
    auth: 'api_key+api_secret',
    success: AUTHENTICATED_ADDITION_RESULT,
    authMethod: 'Custom Header Auth (api_key + api_secret)',
  }),
  ep({
    name: 'add-basic',
    method: 'GET',
    path: '/apis/add-basic',
    auth: 'basic',
    success: AUTHENTICATED_ADDITION_RESULT,
    authMethod: 'Basic Auth',
  }),
  ep({ name: 'add-token', method: 'POST', path: '/apis/add-token', auth: 'body', success: TOKEN_RESPONSE }),
  ep({
    name: 'add-bearer',
    method: 'GET',
    path: '/apis/add-bearer',
    auth: 'bearer',
    success: AUTHENTICATED_ADDITION_RESULT,
    authMethod: 'Bearer Token (JWT)',
  }),
  ep({ name: 'users', method: 'GET', path: '/apis/users', auth: 'none', success: LIST_ENVELOPE }),
  ep({ name: 'countries', method: 'GET', path: '/apis/countries', auth: 'none', success: LIST_ENVELOPE }),
  ep({ name: 'currency', method: 'GET', path: '/apis/currency', auth: 'none', success: CURRENCY_CONVERSION }),
  ep({
    name: 'products',
    method: 'GET',
    path: '/apis/products',
    auth: 'none',
    success: { ...PAGE_ENVELOPE, ...PAGE_ENVELOPE_ALLOWED_EXTRAS },
  }),
  ep({ name: 'survey', method: 'POST', path: '/survey_api.php', auth: 'key+secret', success: SURVEY_BATCH }),
  ep({
    name: 'chunking',
    method: 'POST',
    path: '/apis/chunk-and-perform-embedding.php',
    auth: 'api-key',
    success: CHUNK_ENVELOPE,
  }),
  ep({
    name: 'deletion',
    method: 'POST',
    path: '/apis/delete-indexed-document.php',
    auth: 'api-key',
    success: DELETION_RESULT,
    errorField: 'message',
  }),
];

// --- "Errors": every message the interface writes out, byte for byte --------------------------

export const MESSAGES = {
  userNotFound: 'User not found.',
  currencyNotSupported: (code: string) => `Currency '${code}' not supported.`,
  chunkUnauthorized: 'Unauthorized. Invalid or missing api-key header.',
  embeddingFailed: (n: number) => `Embedding failed on chunk ${n}: `,
  embeddingHeaderRequired: (name: string) => `Header ${name} is required when performEmbedding is true.`,
  noText: 'No text could be extracted from the PDF.',
  surveyUnauthorized: 'Unauthorized. Invalid key or secret.',
  surveyMethod: 'Method Not Allowed. Use POST.',
} as const;

/** The "Errors" table: endpoint, status, condition; the test builds one request per row. */
export const ERROR_ROWS: readonly { endpoints: readonly string[]; status: number; condition: string }[] = [
  { endpoints: ['add-url'], status: 400, condition: 'Missing or non-numeric parameters' },
  {
    endpoints: ['add-url', 'add-apikey', 'add-custom', 'add-basic', 'add-bearer'],
    status: 405,
    condition: 'Method not GET',
  },
  { endpoints: ['add-apikey'], status: 401, condition: 'Missing or invalid api_key header' },
  {
    endpoints: ['add-apikey', 'add-custom', 'add-basic', 'add-bearer'],
    status: 400,
    condition: 'Missing or non-numeric parameters',
  },
  { endpoints: ['add-custom'], status: 401, condition: 'Missing or invalid api_key or api_secret' },
  { endpoints: ['add-basic'], status: 401, condition: 'Missing or wrong credentials' },
  { endpoints: ['add-bearer'], status: 401, condition: 'Missing, invalid or expired token' },
  { endpoints: ['users'], status: 404, condition: 'No user with that id' },
  { endpoints: ['users', 'countries', 'currency'], status: 405, condition: 'Method not GET' },
  { endpoints: ['currency'], status: 400, condition: 'Unsupported currency code' },
  { endpoints: ['chunking'], status: 401, condition: 'api-key missing or wrong' },
  { endpoints: ['chunking'], status: 502, condition: 'Embedding failed on a chunk' },
  { endpoints: ['deletion'], status: 400, condition: 'Missing header or non-numeric document_id' },
  { endpoints: ['deletion'], status: 401, condition: 'Invalid or missing api-key' },
  { endpoints: ['deletion'], status: 405, condition: 'Method not POST' },
  { endpoints: ['deletion'], status: 502, condition: 'The search or delete call to the cloud search service failed' },
];

// --- "POST /apis/chunk-and-perform-embedding.php" and "POST /apis/delete-indexed-document.php" ----

/** The chunking request's header table (Required: yes). */
export const CHUNKING_REQUIRED_HEADERS = ['api-key', 'sourceName', 'tenant-id', 'document-id'] as const;
/** "when performEmbedding is true". */
export const EMBEDDING_HEADERS = ['embeddingEndpoint', 'embeddingKey', 'embeddingDeploymentName'] as const;
/** The deletion request's header table (all required). */
export const DELETION_HEADERS = [
  'api-key',
  'cloudAISearchEndpoint',
  'cloudAISearchKey',
  'indexName',
  'document_id',
] as const;

/** Rule 7 of chunking, and the survey section: response headers by name. */
export const CHUNKING_RESPONSE_HEADERS = ['X-Total-Chunks', 'X-Embedding-Performed', 'Access-Control-Allow-Origin'];

// --- "Limits" and "Versioning" ---------------------------------------------------------------

export const LIMITS = {
  tokenLifetimeSeconds: 3600,
  productsDefaultLimit: 20,
  productsMaxLimit: 50,
  usersTotal: 10,
  surveyMin: 300,
  surveyMax: 600,
  surveyDobFrom: '1950-01-01',
  surveyDobTo: '2005-12-31',
  chunkMin: 800,
  chunkMax: 1200,
  sectionMax: 90,
  embeddingDimension: 1536,
  idsPerDeletion: 1000,
  embeddingsApiVersion: '2024-02-01',
} as const;

/** A value's type in the interface's words (Int64 arrives as a JSON integer). */
export function typeOf(v: unknown): FieldType[] {
  if (typeof v === 'boolean') return ['Boolean'];
  if (typeof v === 'string') return ['String'];
  if (typeof v === 'number') return Number.isInteger(v) ? ['Integer', 'Int64', 'Number'] : ['Number'];
  if (Array.isArray(v)) return ['Array'];
  if (v !== null && typeof v === 'object') return ['Object'];
  return [];
}

/** What is wrong with `value` against the exact field set `fields` (and `extras` it may add); [] when it conforms. */
export function fieldProblems(value: unknown, fields: Fields, extras: Fields = {}): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return ['not an object'];
  const got = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [name, type] of Object.entries(fields)) {
    if (!(name in got)) problems.push(`missing ${name}`);
    else if (!typeOf(got[name]).includes(type)) problems.push(`${name} is not ${type}`);
  }
  for (const name of Object.keys(got)) {
    if (name in fields) continue;
    const type = extras[name];
    if (type === undefined) problems.push(`extra field ${name}`);
    else if (!typeOf(got[name]).includes(type)) problems.push(`${name} is not ${type}`);
  }
  return problems;
}

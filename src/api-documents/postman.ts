// GET /postman.json: a Postman Collection v2.1 built from the finished OpenAPI document (so from
// the same route schemas): one folder per tag, one request per operation with its documented
// examples, every credential a collection variable (the lab value while it is the public
// default, a placeholder otherwise), and a test per request; add-token's test stores the token
// that add-bearer sends. Written here rather than converted with openapi-to-postmanv2: see
// README "Postman" for the measurement.
import { publicLabValue, type Config, type LabCredentials } from '../config.ts';
import { TITLE, isObject, operations, type Json, type JsonObject } from './common.ts';

/** The lab credentials, and the OAuth client the collection's OAuth 2.0 request is pre-set with. */
export type PostmanCredentials = LabCredentials & Pick<Config, 'oauth'>;

/** An apiKey scheme as a header and the collection variable holding its value. */
const HEADER_SCHEMES: Record<string, { header: string; variable: string }> = {
  apiKeyHeader: { header: 'api_key', variable: 'apiKey' },
  apiSecretHeader: { header: 'api_secret', variable: 'apiSecret' },
  surveyKey: { header: 'key', variable: 'surveyKey' },
  surveySecret: { header: 'secret', variable: 'surveySecret' },
  documentApiKey: { header: 'api-key', variable: 'documentApiKey' },
};

/** Headers that name the user's own Azure resources: a collection variable, set once for every request. */
const HEADER_VARIABLES: Record<string, string> = {
  cloudAISearchEndpoint: 'searchEndpoint',
  cloudAISearchKey: 'searchKey',
  embeddingEndpoint: 'embeddingEndpoint',
  embeddingKey: 'embeddingKey',
};

/**
 * What those variables hold until the user sets them. Each passes the header's own checks
 * (printable ASCII, a URL under an allowed host) so that a request sent as imported is refused
 * for what a student must change, naming the header and the placeholder: "Header
 * cloudAISearchEndpoint is not an allowed endpoint: host your-search-service.search.windows.net
 * does not resolve", not "holds characters that are not printable ASCII".
 */
export const PLACEHOLDERS = {
  searchEndpoint: 'https://YOUR-SEARCH-SERVICE.search.windows.net',
  searchKey: 'YOUR-SEARCH-ADMIN-KEY',
  embeddingEndpoint: 'https://YOUR-OPENAI-RESOURCE.openai.azure.com',
  embeddingKey: 'YOUR-OPENAI-KEY',
} as const;

export function collectionVariables(
  config: PostmanCredentials,
  baseUrl: string,
): { key: string; value: string; description?: string }[] {
  const lab = (value: string, name: Parameters<typeof publicLabValue>[1], what: string) =>
    publicLabValue(value, name) ?? `<your ${what}>`;
  return [
    { key: 'baseUrl', value: baseUrl },
    { key: 'apiKey', value: lab(config.addApiKey, 'ADD_API_KEY', 'ADD_API_KEY') },
    { key: 'apiSecret', value: lab(config.addApiSecret, 'ADD_API_SECRET', 'ADD_API_SECRET') },
    { key: 'basicUser', value: lab(config.basicAuthUsername, 'BASIC_AUTH_USERNAME', 'BASIC_AUTH_USERNAME') },
    { key: 'basicPassword', value: lab(config.basicAuthPassword, 'BASIC_AUTH_PASSWORD', 'BASIC_AUTH_PASSWORD') },
    { key: 'surveyKey', value: lab(config.surveyKey, 'SURVEY_KEY', 'SURVEY_KEY') },
    { key: 'surveySecret', value: lab(config.surveySecret, 'SURVEY_SECRET', 'SURVEY_SECRET') },
    { key: 'documentApiKey', value: lab(config.documentApiKey, 'DOCUMENT_API_KEY', 'DOCUMENT_API_KEY') },
    { key: 'bearerToken', value: '', description: 'Set by the test of "Issue a bearer token"' },
    { key: 'oauthClientId', value: lab(config.oauth.clientId, 'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_ID') },
    { key: 'oauthClientSecret', value: lab(config.oauth.clientSecret, 'OAUTH_CLIENT_SECRET', 'OAUTH_CLIENT_SECRET') },
    {
      key: 'oauthAccessToken',
      value: '',
      description:
        'Set by the pre-request script of add-oauth (client credentials); the OAuth 2.0 helper gets one by the browser flow',
    },
    {
      key: 'searchEndpoint',
      value: PLACEHOLDERS.searchEndpoint,
      description: 'Your Azure AI Search service (deletion; indexing by the service)',
    },
    { key: 'searchKey', value: PLACEHOLDERS.searchKey, description: 'Its admin key' },
    {
      key: 'embeddingEndpoint',
      value: PLACEHOLDERS.embeddingEndpoint,
      description: 'Your Azure OpenAI resource (chunking with performEmbedding: true)',
    },
    { key: 'embeddingKey', value: PLACEHOLDERS.embeddingKey, description: 'Its key' },
    {
      key: 'jobId',
      value: '',
      description: 'Set by the test of the chunking request sent as a job (Prefer: respond-async)',
    },
  ];
}

function exampleOf(p: JsonObject): Json | undefined {
  if (p.example !== undefined) return p.example;
  const s = isObject(p.schema) ? p.schema : {};
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.example !== undefined) return s.example;
  return s.default;
}

const text = (v: Json | undefined) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Path parameters and the collection variable that holds their value. */
const PATH_VARIABLES: Record<string, string> = { id: 'jobId' };

/** The job's poll: 202 while it runs, so the request runs again after Retry-After (Power Automate's asynchronous pattern). */
const POLL_SCRIPT = [
  "// 202: the job runs. Wait Retry-After and poll again, as Power Automate does; the last answer is the request's own.",
  'if (pm.response.code === 202) {',
  "  const wait = Math.min(Number(pm.response.headers.get('Retry-After')) || 1, 30);",
  '  setTimeout(() => {}, wait * 1000);',
  '  postman.setNextRequest(pm.info.requestName);',
  '} else {',
  "  pm.test('the answer of the chunking request: 200', () => pm.response.to.have.status(200));",
  '}',
];

/** Statuses a request's test accepts: 200, or for an operation that calls a user's Azure service, any documented status. */
function testScript(path: string, op: JsonObject, method = 'get'): string[] {
  const statuses = Object.keys(isObject(op.responses) ? op.responses : {}).map(Number);
  if (path.startsWith('/apis/jobs/') && method === 'get')
    return [...POLL_SCRIPT, "pm.test('a JSON body', () => pm.response.to.be.json);"];
  const external = path.includes('delete-indexed-document');
  const lines = external
    ? [
        '// Needs your Azure AI Search service (variables searchEndpoint and searchKey): until then the 400 that names the placeholder.',
        `pm.test('a documented status', () => pm.expect(${JSON.stringify(statuses)}).to.include(pm.response.code));`,
      ]
    : ["pm.test('status 200', () => pm.response.to.have.status(200));"];
  lines.push("pm.test('a JSON body', () => pm.response.to.be.json);");
  if (path.startsWith('/apis/add-token'))
    lines.push("pm.collectionVariables.set('bearerToken', pm.response.json().token);");
  return lines;
}

/** Postman's redirect URI for its OAuth 2.0 helper (the lab server allows it by default). */
export const POSTMAN_CALLBACK = 'https://oauth.pstmn.io/v1/callback';

/**
 * Postman's OAuth 2.0 helper, pre-set for the lab server: "Get New Access Token" runs the
 * authorization code flow with PKCE in a browser window (sign in, consent), and the token it
 * gets replaces `{{oauthAccessToken}}`. As imported, the request sends the token its pre-request
 * script got by client credentials, so that the collection runs unattended (newman).
 */
function oauth2Auth(scopes: Json | undefined): JsonObject {
  const scope = [...(Array.isArray(scopes) ? scopes.filter((s) => typeof s === 'string') : []), 'offline_access'];
  const entry = (key: string, value: string | boolean) => ({ key, value, type: typeof value });
  return {
    type: 'oauth2',
    oauth2: [
      entry('grant_type', 'authorization_code_with_pkce'),
      entry('authUrl', '{{baseUrl}}/oauth/authorize'),
      entry('accessTokenUrl', '{{baseUrl}}/oauth/token'),
      entry('refreshTokenUrl', '{{baseUrl}}/oauth/token'),
      entry('clientId', '{{oauthClientId}}'),
      entry('clientSecret', '{{oauthClientSecret}}'),
      entry('scope', scope.join(' ')),
      entry('redirect_uri', POSTMAN_CALLBACK),
      entry('useBrowser', false),
      entry('challengeAlgorithm', 'S256'),
      entry('client_authentication', 'header'),
      entry('tokenName', 'Lab OAuth token'),
      entry('addTokenTo', 'header'),
      entry('headerPrefix', 'Bearer'),
      entry('accessToken', '{{oauthAccessToken}}'),
    ],
  };
}

/** add-oauth's pre-request script: a token by client credentials, as a service (not a person) would get one. */
const OAUTH_PRE_REQUEST = [
  '// A token by client credentials, so that the request runs as imported. To try the browser flow',
  '// instead: Authorization tab -> Get New Access Token (sign in as a lab user, allow), then Use Token.',
  'pm.sendRequest({',
  "  url: pm.collectionVariables.get('baseUrl') + '/oauth/token',",
  "  method: 'POST',",
  '  body: {',
  "    mode: 'urlencoded',",
  '    urlencoded: [',
  "      { key: 'grant_type', value: 'client_credentials' },",
  "      { key: 'scope', value: 'addition' },",
  "      { key: 'client_id', value: pm.collectionVariables.get('oauthClientId') },",
  "      { key: 'client_secret', value: pm.collectionVariables.get('oauthClientSecret') },",
  '    ],',
  '  },',
  '}, (err, res) => {',
  "  if (!err && res.code === 200) pm.collectionVariables.set('oauthAccessToken', res.json().access_token);",
  '});',
];

function request(path: string, method: string, op: JsonObject): JsonObject {
  const header: JsonObject[] = [];
  const query: { key: string; value: string; description?: string }[] = [];
  for (const p of (Array.isArray(op.parameters) ? op.parameters : []).filter(isObject)) {
    const name = typeof p.name === 'string' ? p.name : '';
    if (p.in === 'query') {
      const v = exampleOf(p);
      if (v !== undefined)
        query.push({
          key: name,
          value: text(v),
          ...(typeof p.description === 'string' ? { description: p.description } : {}),
        });
    } else if (p.in === 'header') {
      const variable = HEADER_VARIABLES[name];
      const v = variable !== undefined ? `{{${variable}}}` : exampleOf(p);
      header.push({
        key: name,
        value: v === undefined ? '' : text(v),
        ...(p.required === true ? {} : { disabled: true }),
      });
    }
  }
  let auth: JsonObject = { type: 'noauth' };
  for (const requirement of (Array.isArray(op.security) ? op.security : []).filter(isObject)) {
    for (const scheme of Object.keys(requirement)) {
      const h = HEADER_SCHEMES[scheme];
      if (h) header.push({ key: h.header, value: `{{${h.variable}}}` });
      else if (scheme === 'basicAuth')
        auth = {
          type: 'basic',
          basic: [
            { key: 'username', value: '{{basicUser}}', type: 'string' },
            { key: 'password', value: '{{basicPassword}}', type: 'string' },
          ],
        };
      else if (scheme === 'bearerAuth')
        auth = { type: 'bearer', bearer: [{ key: 'token', value: '{{bearerToken}}', type: 'string' }] };
      else if (scheme === 'oauth2') auth = oauth2Auth(requirement[scheme]);
    }
  }
  // `/apis/jobs/{id}` -> `/apis/jobs/{{jobId}}`: the variable a previous request's test set.
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => `{{${PATH_VARIABLES[name] ?? name}}}`);
  const out: JsonObject = {
    method: method.toUpperCase(),
    header,
    auth,
    url: {
      raw: `{{baseUrl}}${url}${query.length > 0 ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`,
      host: ['{{baseUrl}}'],
      path: url.split('/').filter((s) => s !== ''),
      ...(query.length > 0 ? { query } : {}),
    },
    ...(typeof op.description === 'string' ? { description: op.description } : {}),
  };
  const content = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : {};
  // The body the document lists first: the one its example runs with (the chunking sample text).
  const [type, media] = Object.entries(content).find((e): e is [string, JsonObject] => isObject(e[1])) ?? [];
  const json = type === 'application/json' ? media : undefined;
  if (type?.startsWith('text/') && typeof media?.example === 'string') {
    header.push({ key: 'Content-Type', value: type });
    out.body = { mode: 'raw', raw: media.example, options: { raw: { language: 'text' } } };
  } else if (isObject(json)) {
    let example = json.example;
    // A body that carries credentials (add-token) sends the collection's variables.
    if (isObject(example)) {
      example = Object.fromEntries(
        Object.entries(example).map(([k, v]) => {
          const scheme = Object.values(HEADER_SCHEMES).find((h) => h.header === k);
          return [k, scheme ? `{{${scheme.variable}}}` : v];
        }),
      );
    }
    header.push({ key: 'Content-Type', value: 'application/json' });
    out.body = { mode: 'raw', raw: JSON.stringify(example ?? {}, null, 2), options: { raw: { language: 'json' } } };
  } else if (type === 'multipart/form-data' && isObject(media)) {
    const form = media;
    const props = isObject(form.schema) && isObject(form.schema.properties) ? form.schema.properties : {};
    out.body = {
      mode: 'formdata',
      formdata: Object.entries(props).map(
        ([key, s]): JsonObject =>
          isObject(s) && s.format === 'binary'
            ? { key, type: 'file', src: [], description: 'Choose a file' }
            : { key, type: 'text', value: '' },
      ),
    };
  }
  return out;
}

/**
 * The same request with `Prefer: respond-async` (an operation that documents it): 202 at once, and
 * its test keeps the job id for the poll and the cancel that follow it in the collection.
 */
function asJob(item: JsonObject): JsonObject | undefined {
  const req = item.request as JsonObject;
  const headers = (req.header as JsonObject[]) ?? [];
  if (!headers.some((h) => h.key === 'Prefer')) return undefined;
  return {
    name: `${typeof item.name === 'string' ? item.name : 'Chunk a document'}, as a job (Prefer: respond-async)`,
    request: {
      ...req,
      header: headers.map((h) => (h.key === 'Prefer' ? { key: 'Prefer', value: 'respond-async' } : h)),
      description:
        'The same request, answered 202 at once with Location and Retry-After; the next request polls Location until the answer.',
    },
    event: [
      {
        listen: 'test',
        script: {
          type: 'text/javascript',
          exec: [
            "pm.test('202 Accepted with Location and Retry-After', () => {",
            '  pm.response.to.have.status(202);',
            "  pm.expect(pm.response.headers.get('Location')).to.match(/^\\/apis\\/jobs\\//);",
            "  pm.expect(pm.response.headers.get('Retry-After')).to.match(/^[0-9]+$/);",
            '});',
            "pm.collectionVariables.set('jobId', pm.response.json().id);",
          ],
        },
      },
    ],
  };
}

export function buildPostmanCollection(openapi: JsonObject, baseUrl: string, config: PostmanCredentials): JsonObject {
  const folders = new Map<string, JsonObject[]>();
  for (const { path, method, op } of operations(openapi)) {
    const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'Other';
    const name = typeof op.summary === 'string' ? op.summary : `${method.toUpperCase()} ${path}`;
    const oauth = (Array.isArray(op.security) ? op.security : []).some((r) => isObject(r) && 'oauth2' in r);
    const item: JsonObject = {
      name,
      request: request(path, method, op),
      event: [
        ...(oauth ? [{ listen: 'prerequest', script: { type: 'text/javascript', exec: OAUTH_PRE_REQUEST } }] : []),
        { listen: 'test', script: { type: 'text/javascript', exec: testScript(path, op, method) } },
      ],
    };
    folders.set(tag, [...(folders.get(tag) ?? []), item, ...(asJob(item) ? [asJob(item)!] : [])]);
  }
  const tagDescriptions = new Map(
    (Array.isArray(openapi.tags) ? openapi.tags.filter(isObject) : []).map((t) => [t.name, t.description]),
  );
  return {
    info: {
      name: TITLE,
      description:
        'Every operation of the service, generated from its route schemas. Run the whole collection as imported: add-token stores the bearer token add-bearer sends, and the chunking request sends a sample document as its raw text body (replace it with your own text, or choose Body -> binary and a file). Set searchEndpoint and searchKey (embeddingEndpoint and embeddingKey) to your Azure services: until then the requests that need them answer the error that names the placeholder.',
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: [...folders].map(([name, item]) => ({
      name,
      ...(typeof tagDescriptions.get(name) === 'string' ? { description: tagDescriptions.get(name)! } : {}),
      item,
    })),
    variable: collectionVariables(config, baseUrl),
  };
}

// The one home of every default: config.ts reads the environment over these, and a module that
// needs a default when no configuration is passed (the pool and OCR in tests and scripts) reads it
// here too, so that no default is written twice. Imports nothing, so that anything may import it.
/** Lab values: fixed, public, documented in the README so that `npm start` works as is. */
export const LAB_DEFAULTS = {
  HOST: '0.0.0.0',
  PORT: '8080',
  ADD_API_KEY: 'lab-api-key-2f9c1e7a',
  ADD_API_SECRET: 'lab-api-secret-8d3b5a60',
  BASIC_AUTH_USERNAME: 'labuser',
  BASIC_AUTH_PASSWORD: 'lab-password-4e7f',
  SURVEY_KEY: '6f1c2a9e-3b7d-4c58-9e21-0a4b8d7c5f13',
  SURVEY_SECRET: 'lab-survey-secret-71c4',
  DOCUMENT_API_KEY: 'lab-document-key-5a2d9c',
  TOKEN_TTL_SECONDS: '3600',
  OUTBOUND_ALLOWED_HOSTS:
    '*.openai.azure.com,*.cognitiveservices.azure.com,*.services.ai.azure.com,*.search.windows.net',
  EMBEDDING_TIMEOUT_MS: '30000',
  SEARCH_TIMEOUT_MS: '30000',
  MAX_PDF_BYTES: '52428800',
  SHUTDOWN_DELAY_MS: '0',
  OCR_LANGUAGES: 'eng',
  OCR_DATA_DIR: '',
  OCR_MAX_PAGES: '100',
  OCR_TIMEOUT_MS: '300000',
  MAX_DOCUMENTS_IN_FLIGHT: '4',
  MAX_DOCUMENTS_QUEUED: '16',
  ADMISSION_RETRY_AFTER_SECONDS: '5',
  PARSE_TIMEOUT_MS: '60000',
  PARSE_TIMEOUT_MS_PER_MB: '3000',
  // Limits per caller (http/rate-limit.ts): far above what a class of forty sends by hand from one
  // address with the shared lab credentials, far below what a loop sends. 0 turns one off.
  RATE_LIMIT_PER_MINUTE: '600',
  RATE_LIMIT_CREDENTIAL_PER_MINUTE: '1200',
  MAX_DOCUMENTS_PER_CLIENT: '8',
  // Proxies whose X-Forwarded-For/-Proto/-Host are believed: '' none, 'true' any, a number of hops,
  // or addresses and CIDR ranges, comma-separated.
  TRUST_PROXY: '',
  JOBS_MAX: '64',
  JOB_TTL_SECONDS: '3600',
  JOB_RETRY_AFTER_SECONDS: '5',
  LOG_LEVEL: 'info',
  // Redis or Valkey shared by replicas (jobs, OAuth grants and sessions, rate limits); unset: each
  // process keeps them in its own memory.
  REDIS_URL: '',
  // With REDIS_URL: the prefix of every key the service writes (two deployments may share a server),
  // the bytes of documents and answers jobs keep there at once, and the lock of a running job (a
  // dead replica's job is taken over 1 to 1.5 times this after it died).
  REDIS_PREFIX: 'sus:',
  JOBS_MAX_BYTES: '1073741824',
  JOB_LOCK_SECONDS: '30',
  // The lab OAuth 2.0 authorization server (src/oauth/). The issuer defaults to http://localhost:PORT.
  OAUTH_ISSUER: '',
  OAUTH_CLIENT_ID: 'lab-oauth-client',
  OAUTH_CLIENT_SECRET: 'lab-oauth-secret-6b1f93d2',
  OAUTH_REDIRECT_URIS:
    'https://oauth.pstmn.io/v1/callback,https://oauth.pstmn.io/v1/browser-callback,https://global.consent.azure-apim.net/redirect,https://global.consent.azure-apim.net/redirect/*,https://*.consent.azure-apim.net/redirect,https://*.consent.azure-apim.net/redirect/*',
  OAUTH_USERS: 'student:lab-oauth-password-7c2e',
  OAUTH_SIGNING_KEY: '',
  OAUTH_COOKIE_SECRET: '',
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: '3600',
  OAUTH_REFRESH_TOKEN_TTL_SECONDS: '1209600',
} as const;

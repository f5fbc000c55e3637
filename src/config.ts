// The only reader of process.env. Every variable is validated once, at start,
// and a bad one stops the start with one line naming it.
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { LANGUAGE_CODE, languageDataFile, traineddataProblem } from './documents/ocr/options.ts';
import { LAB_DEFAULTS } from './lab-defaults.ts';
import { redisUrlProblem } from './redis/connection.ts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import type { RateLimits } from './http/rate-limit.ts';
import { parseOAuthUsers, parseRedirectUris, signingKey, type OAuthUser, type SigningKey } from './oauth/settings.ts';

export interface Config {
  host: string;
  port: number;
  addApiKey: string;
  addApiSecret: string;
  basicAuthUsername: string;
  basicAuthPassword: string;
  surveyKey: string;
  surveySecret: string;
  documentApiKey: string;
  jwtSecret: string;
  /** true when JWT_SECRET was unset and a random per-process secret is in use */
  jwtSecretGenerated: boolean;
  tokenTtlSeconds: number;
  outboundAllowedHosts: string[];
  embeddingTimeoutMs: number;
  searchTimeoutMs: number;
  /** MAX_PDF_BYTES: the largest document an upload may carry, in any format (413 above it) */
  maxDocumentBytes: number;
  /** on SIGTERM: how long /readyz answers 503 while the server still takes requests, before it closes */
  shutdownDelayMs: number;
  /** Tesseract languages for OCR of scanned pages, each installed from npm as @tesseract.js-data/<code> (or in ocrDataDir). */
  ocrLanguages: string[];
  /** OCR_DATA_DIR: a directory of `<code>.traineddata[.gz]` files read instead of the npm packages. */
  ocrDataDir?: string;
  /** Pages one document may need read with OCR (422 over it, before any OCR work). */
  ocrMaxPages: number;
  /** Time bound of the OCR of one document. */
  ocrTimeoutMs: number;
  /** documents whose body is read and worked on at once (admission) */
  maxDocumentsInFlight: number;
  /** documents waiting for a slot, bodies unread; beyond it 503 + Retry-After */
  maxDocumentsQueued: number;
  /** Retry-After of that 503, in seconds */
  admissionRetryAfterSeconds: number;
  /** parse time bound of any document, counted from when a worker starts it */
  parseTimeoutMs: number;
  /** added to the bound per MiB of the document (large documents get more time) */
  parseTimeoutMsPerMb: number;
  /** jobs (Prefer: respond-async) kept at once, in any state; beyond it 503 + Retry-After */
  jobsMax: number;
  /** how long a finished job's answer is kept, in seconds (then 404) */
  jobTtlSeconds: number;
  /** the poll interval a running job tells in Retry-After */
  jobRetryAfterSeconds: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** requests per minute per client address and per credential (RATE_LIMIT_*; 0: none) */
  rateLimits: RateLimits;
  /** documents one client address may have in flight or queued at once (0: no bound) */
  maxDocumentsPerClient: number;
  /** TRUST_PROXY: proxies whose X-Forwarded-* headers are believed (http/trust-proxy.ts) */
  trustProxy: TrustProxy;
  /** REDIS_URL: Redis or Valkey shared by replicas (src/redis/); undefined keeps state in this process */
  redisUrl?: string;
  /** REDIS_PREFIX: the prefix of every key the service writes in Redis */
  redisPrefix: string;
  /** JOBS_MAX_BYTES: with REDIS_URL, the bytes of documents and answers jobs keep in Redis at once */
  jobsMaxBytes: number;
  /** JOB_LOCK_SECONDS: with REDIS_URL, the lock of a running job; a dead replica's job is taken over 1 to 1.5 times this later */
  jobLockSeconds: number;
  /** The lab OAuth 2.0 authorization server (src/oauth/). */
  oauth: OAuthConfig;
}

export interface OAuthConfig {
  /** OAUTH_ISSUER: the public base URL of the service, as clients reach it (no trailing slash) */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** allowed redirect URIs, `*` patterns included (oauth/settings.ts) */
  redirectUris: string[];
  users: OAuthUser[];
  signingKey: SigningKey['jwk'];
  /** true when OAUTH_SIGNING_KEY was unset: tokens then verify on this process only */
  signingKeyGenerated: boolean;
  /** keys of the interaction and session cookies (the first signs; all verify) */
  cookieKeys: string[];
  cookieSecretGenerated: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export { LAB_DEFAULTS };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^\[?[0-9a-f:.]+\]?$/i;

type Env = Record<string, string | undefined>;

function read(env: Env, name: keyof typeof LAB_DEFAULTS): string {
  const v = env[name];
  return v === undefined || v === '' ? LAB_DEFAULTS[name] : v;
}

function integer(env: Env, name: keyof typeof LAB_DEFAULTS, min: number, max: number): number {
  const raw = read(env, name);
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function secret(env: Env, name: keyof typeof LAB_DEFAULTS): string {
  const v = read(env, name);
  if (v.trim() !== v || v.length === 0)
    throw new ConfigError(`${name} must be a non-empty value without surrounding spaces`);
  return v;
}

export function loadConfig(env: Env = process.env): Config {
  const host = read(env, 'HOST');
  const port = integer(env, 'PORT', 0, 65535);

  const surveyKey = secret(env, 'SURVEY_KEY');
  if (!GUID.test(surveyKey)) throw new ConfigError(`SURVEY_KEY must be a GUID such as ${LAB_DEFAULTS.SURVEY_KEY}`);

  const basicAuthUsername = secret(env, 'BASIC_AUTH_USERNAME');
  if (basicAuthUsername.includes(':'))
    throw new ConfigError('BASIC_AUTH_USERNAME must not contain ":" (HTTP Basic splits on it)');

  const rawJwt = env.JWT_SECRET;
  let jwtSecret: string;
  let jwtSecretGenerated = false;
  if (rawJwt === undefined || rawJwt === '') {
    jwtSecret = randomBytes(32).toString('base64url');
    jwtSecretGenerated = true;
  } else if (rawJwt.length < 32) {
    throw new ConfigError(`JWT_SECRET must be at least 32 characters (got ${rawJwt.length})`);
  } else {
    jwtSecret = rawJwt;
  }

  const hosts = read(env, 'OUTBOUND_ALLOWED_HOSTS')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  for (const h of hosts) {
    if (!HOST_PATTERN.test(h))
      throw new ConfigError(
        `OUTBOUND_ALLOWED_HOSTS has an invalid entry "${h}" (use host names, *.domain patterns or IP addresses, comma-separated)`,
      );
  }

  const rawDataDir = read(env, 'OCR_DATA_DIR');
  const ocrDataDir = rawDataDir === '' ? undefined : resolve(rawDataDir);
  if (ocrDataDir !== undefined && !statSync(ocrDataDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(
      `OCR_DATA_DIR must be a directory of Tesseract language files such as /usr/share/tesseract-ocr/5/tessdata (got "${rawDataDir}")`,
    );
  }
  const ocrLanguages = read(env, 'OCR_LANGUAGES')
    .split('+')
    .map((c) => c.trim());
  for (const code of ocrLanguages) {
    if (!LANGUAGE_CODE.test(code)) {
      throw new ConfigError(
        `OCR_LANGUAGES must be Tesseract language codes joined by + such as eng or eng+deu (got "${read(env, 'OCR_LANGUAGES')}")`,
      );
    }
    const file = languageDataFile(code, ocrDataDir);
    if (file === undefined) {
      throw new ConfigError(
        ocrDataDir === undefined
          ? `OCR_LANGUAGES names ${code}, whose data is not installed (npm install @tesseract.js-data/${code})`
          : `OCR_LANGUAGES names ${code}, whose data is not in OCR_DATA_DIR (no ${code}.traineddata or ${code}.traineddata.gz in ${ocrDataDir})`,
      );
    }
    const problem = traineddataProblem(readFileSync(file));
    if (problem !== undefined)
      throw new ConfigError(
        `OCR_LANGUAGES names ${code}, whose data ${file} is not a Tesseract LSTM model (${problem})`,
      );
  }

  const logLevel = read(env, 'LOG_LEVEL').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  const oauth = oauthConfig(env, port);

  const trustProxy = parseTrustProxy(read(env, 'TRUST_PROXY'));
  if (trustProxy instanceof Error) throw new ConfigError(`TRUST_PROXY ${trustProxy.message}`);

  const redisUrl = read(env, 'REDIS_URL');
  const redisProblem = redisUrl === '' ? undefined : redisUrlProblem(redisUrl);
  if (redisProblem !== undefined) throw new ConfigError(`REDIS_URL ${redisProblem}`);
  const redisPrefix = read(env, 'REDIS_PREFIX');
  if (!/^[A-Za-z0-9:._{}-]{1,64}$/.test(redisPrefix))
    throw new ConfigError(
      `REDIS_PREFIX must be 1 to 64 letters, digits or : . _ - { } (got "${redisPrefix.slice(0, 80)}")`,
    );

  const config: Config = {
    host,
    port,
    addApiKey: secret(env, 'ADD_API_KEY'),
    addApiSecret: secret(env, 'ADD_API_SECRET'),
    basicAuthUsername,
    basicAuthPassword: secret(env, 'BASIC_AUTH_PASSWORD'),
    surveyKey,
    surveySecret: secret(env, 'SURVEY_SECRET'),
    documentApiKey: secret(env, 'DOCUMENT_API_KEY'),
    jwtSecret,
    jwtSecretGenerated,
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 1, 31_536_000),
    outboundAllowedHosts: hosts,
    embeddingTimeoutMs: integer(env, 'EMBEDDING_TIMEOUT_MS', 1, 600_000),
    searchTimeoutMs: integer(env, 'SEARCH_TIMEOUT_MS', 1, 600_000),
    // The variable keeps its name from when only PDFs were read; it bounds every format.
    maxDocumentBytes: integer(env, 'MAX_PDF_BYTES', 1, 2_147_483_647),
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', 0, 60_000),
    ocrLanguages,
    ...(ocrDataDir === undefined ? {} : { ocrDataDir }),
    ocrMaxPages: integer(env, 'OCR_MAX_PAGES', 1, 100_000),
    ocrTimeoutMs: integer(env, 'OCR_TIMEOUT_MS', 1000, 86_400_000),
    maxDocumentsInFlight: integer(env, 'MAX_DOCUMENTS_IN_FLIGHT', 1, 1024),
    maxDocumentsQueued: integer(env, 'MAX_DOCUMENTS_QUEUED', 0, 100_000),
    admissionRetryAfterSeconds: integer(env, 'ADMISSION_RETRY_AFTER_SECONDS', 1, 3600),
    parseTimeoutMs: integer(env, 'PARSE_TIMEOUT_MS', 1, 3_600_000),
    parseTimeoutMsPerMb: integer(env, 'PARSE_TIMEOUT_MS_PER_MB', 0, 600_000),
    jobsMax: integer(env, 'JOBS_MAX', 1, 100_000),
    jobTtlSeconds: integer(env, 'JOB_TTL_SECONDS', 1, 604_800),
    jobRetryAfterSeconds: integer(env, 'JOB_RETRY_AFTER_SECONDS', 1, 3600),
    logLevel: logLevel as Config['logLevel'],
    rateLimits: {
      perAddressPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 0, 1_000_000),
      perCredentialPerMinute: integer(env, 'RATE_LIMIT_CREDENTIAL_PER_MINUTE', 0, 1_000_000),
    },
    maxDocumentsPerClient: integer(env, 'MAX_DOCUMENTS_PER_CLIENT', 0, 100_000),
    trustProxy,
    ...(redisUrl === '' ? {} : { redisUrl }),
    redisPrefix,
    jobsMaxBytes: integer(env, 'JOBS_MAX_BYTES', 1, 68_719_476_736),
    jobLockSeconds: integer(env, 'JOB_LOCK_SECONDS', 2, 3600),
    oauth,
  };
  return config;
}

/** A message of oauth/settings.ts as a ConfigError naming the variable. */
function named<T>(name: keyof typeof LAB_DEFAULTS, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new ConfigError(`${name} ${(err as Error).message}`);
  }
}

function oauthConfig(env: Env, port: number): OAuthConfig {
  const rawIssuer = read(env, 'OAUTH_ISSUER');
  const issuer = rawIssuer === '' ? `http://localhost:${port}` : rawIssuer.replace(/\/+$/, '');
  const issuerUrl = URL.parse(issuer);
  if (
    issuerUrl === null ||
    !['http:', 'https:'].includes(issuerUrl.protocol) ||
    issuerUrl.search !== '' ||
    issuerUrl.hash !== '' ||
    issuerUrl.pathname !== '/'
  ) {
    throw new ConfigError(
      `OAUTH_ISSUER must be the service's base URL such as https://lab.example.org (got "${rawIssuer}")`,
    );
  }
  const key = named('OAUTH_SIGNING_KEY', () => signingKey(read(env, 'OAUTH_SIGNING_KEY')));
  const rawCookie = read(env, 'OAUTH_COOKIE_SECRET');
  if (rawCookie !== '' && rawCookie.length < 32)
    throw new ConfigError(`OAUTH_COOKIE_SECRET must be at least 32 characters (got ${rawCookie.length})`);
  const clientId = secret(env, 'OAUTH_CLIENT_ID');
  if (!/^[A-Za-z0-9._~-]{1,128}$/.test(clientId))
    throw new ConfigError('OAUTH_CLIENT_ID must be 1 to 128 letters, digits, dots, dashes, underscores or tildes');
  const clientSecret = secret(env, 'OAUTH_CLIENT_SECRET');
  if (clientSecret.length < 16) throw new ConfigError('OAUTH_CLIENT_SECRET must be at least 16 characters');
  return {
    issuer,
    clientId,
    clientSecret,
    redirectUris: named('OAUTH_REDIRECT_URIS', () => parseRedirectUris(read(env, 'OAUTH_REDIRECT_URIS'))),
    users: named('OAUTH_USERS', () => parseOAuthUsers(read(env, 'OAUTH_USERS'))),
    signingKey: key.jwk,
    signingKeyGenerated: key.generated,
    cookieKeys: [rawCookie === '' ? randomBytes(32).toString('base64url') : rawCookie],
    cookieSecretGenerated: rawCookie === '',
    accessTokenTtlSeconds: integer(env, 'OAUTH_ACCESS_TOKEN_TTL_SECONDS', 60, 86_400),
    refreshTokenTtlSeconds: integer(env, 'OAUTH_REFRESH_TOKEN_TTL_SECONDS', 60, 31_536_000),
  };
}

/** The lab credentials the documents, the docs page and the landing page may show (publicLabValue). */
export type LabCredentials = Pick<
  Config,
  | 'addApiKey'
  | 'addApiSecret'
  | 'basicAuthUsername'
  | 'basicAuthPassword'
  | 'surveyKey'
  | 'surveySecret'
  | 'documentApiKey'
>;

/**
 * The value when it is still the public lab default, else undefined: documents, examples and
 * the Postman collection show a credential only while it is the one the README publishes, never
 * a value an operator set.
 */
export function publicLabValue(value: string, name: keyof typeof LAB_DEFAULTS): string | undefined {
  return value === LAB_DEFAULTS[name] ? value : undefined;
}

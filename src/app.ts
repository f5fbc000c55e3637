// buildApp(config, deps): the one factory behind server.ts and every test.
import Fastify, { LogController } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import { createTokenSigner } from './auth/jwt.ts';
import { handleFrameworkError, installErrorHandlers } from './http/error-handler.ts';
import { registerCors } from './http/cors.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { openRedis } from './redis/connection.ts';
import { REDACTED_HEADERS } from './http/interface-headers.ts';
import { acceptEmptyJsonBodies } from './http/json-parser.ts';
import { drainRefusedBodies } from './http/drain.ts';
import { trackPaths } from './http/method-not-allowed.ts';
import { lazyChildLogger } from './http/request-logger.ts';
import { mount, type App } from './http/mount.ts';
import {
  collectApiDocuments,
  connectorJson,
  openapiJson,
  postmanJson,
  registerDocsPage,
  swaggerJson,
} from './api-documents/index.ts';
import { liveness, readinessRoute } from './routes/health.ts';
import { landing } from './routes/landing.ts';
import { createReadiness, type Readiness } from './http/readiness.ts';
import { createAdmission } from './documents/admission.ts';
import { parseTimeoutFor } from './documents/parse-bound.ts';
import { addApiKey, addBasic, addBearer, addBody, addCustom, addOAuth, addUrl } from './routes/addition.ts';
import type { OAuthServer } from './oauth/provider.ts';
import { resourceOf, verificationKeys } from './oauth/constants.ts';
import { registerOAuth } from './oauth/routes.ts';
import { createAccessTokenVerifier } from './oauth/verify.ts';
import { memoryStore, type KeyValueStore } from './oauth/store.ts';
import { addToken } from './routes/token.ts';
import { users } from './routes/users.ts';
import { countries } from './routes/countries.ts';
import { currency } from './routes/currency.ts';
import { products } from './routes/products.ts';
import { survey } from './routes/survey.ts';
import { chunkAndEmbed } from './routes/chunking.ts';
import { cancelJob, jobStatus } from './routes/jobs.ts';
import { createJobs, type Jobs } from './jobs/jobs.ts';
import { createMemoryJobStore } from './jobs/store.ts';
import { performChunking, type ChunkingTask } from './jobs/accept.ts';
import { acceptRawBodies, uploadLimits } from './http/upload.ts';
import { deleteIndexedDocument, searchIndexDefinition } from './routes/indexed-documents.ts';
import { createOutbound, type Resolver } from './clients/outbound.ts';
import { createEmbeddingClient } from './clients/embeddings.ts';
import { createSearchClient } from './clients/search-index.ts';
import { createChunkPool, type ChunkPool, type WorkerFailureReport } from './documents/pool.ts';

export interface BuildOptions {
  /** false for none (most tests); true for the configured logger; or pino options merged over it. Redaction always applies. */
  logger?: boolean | object;
  rng?: () => number;
  now?: () => Date;
  /** clock of the token signer and of add-oauth's token check, in ms since the epoch (tests of expiry) */
  clockMs?: () => number;
  /** where the OAuth server keeps grants and sessions (default: in memory, closed with the app) */
  oauthStore?: KeyValueStore;
  /** 'none': no API documents nor docs page (tests and benchmarks of other things) */
  docs?: 'openapi' | 'none';
  /** DNS resolver of the outbound URL check (tests resolve names without a network) */
  resolve?: Resolver;
  /** waits between embedding retries (tests record them instead of sleeping) */
  sleep?: (ms: number) => Promise<void>;
  /** a ready-made PDF pool (shared by tests and benchmarks); the app then does not close it */
  chunkPool?: ChunkPool;
  /** the serving state behind GET /readyz; server.ts passes one and starts draining it on SIGTERM */
  readiness?: Readiness;
  /** create the PDF pool at once and parse a one-page PDF in it; /readyz says 'starting' until done (server.ts) */
  warmPool?: boolean;
  /** told of every worker failure of the app's own pool, besides the error log line (the fuzz campaign counts them) */
  onWorkerFailure?: (failure: WorkerFailureReport) => void;
  /** the jobs' clock, in ms since the epoch (tests of expiry and of the estimate) */
  jobClockMs?: () => number;
}

/**
 * Redaction, of the headers http/interface-headers.ts marks secret, covers the request
 * serializer's headers and the other places that log them: @fastify/multipart logs every
 * header at trace level as `busboyOptions.headers`. The paths are explicit: a `*.headers`
 * wildcard costs about 1.5 µs on every request's child logger, even at level warn.
 */
export function loggerOptions(config: Config, overrides: object = {}): object {
  return {
    level: config.logLevel,
    ...overrides,
    redact: {
      paths: REDACTED_HEADERS.flatMap((h) => [
        `req.headers["${h}"]`,
        `busboyOptions.headers["${h}"]`,
        `headers["${h}"]`,
      ]),
      censor: '[redacted]',
    },
  };
}

const INFO_OR_BELOW = new Set(['info', 'debug', 'trace']);

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const logger = options.logger
    ? (loggerOptions(config, options.logger === true ? {} : options.logger) as { level?: string })
    : undefined;
  const logsRequests = logger !== undefined && INFO_OR_BELOW.has(logger.level ?? 'info');
  const app = Fastify({
    logger: logger || false,
    // request.log is made on the first line logged (http/request-logger.ts); without a logger
    // Fastify's own default skips the per-request child altogether.
    ...(logger ? { childLoggerFactory: lazyChildLogger } : {}),
    // The two per-request lines are info: above that level, skip building them at all
    // (pino would drop them, but only after Fastify had built their objects).
    logController: new LogController({ disableRequestLogging: !logsRequests }),
    bodyLimit: 1_048_576,
    // Integers arrive as strings and are parsed by the pure core with clear
    // messages: no silent coercion of `true` to 1 or of "1e3" to 1000.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    // A malformed URL or header is answered in the catalogue's envelope, with CORS, not Fastify's own body.
    frameworkErrors: handleFrameworkError,
    return503OnClosing: true,
    // X-Forwarded-For/-Proto/-Host from these proxies only (TRUST_PROXY): request.ip, .protocol
    // and .host, and so every generated document and the rate limits, follow them.
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();

  const outbound = createOutbound(config.outboundAllowedHosts, options.resolve);
  const signer = createTokenSigner(config.jwtSecret, config.tokenTtlSeconds, options.clockMs);
  const embeddings = createEmbeddingClient({
    dispatcher: outbound.dispatcher,
    timeoutMs: config.embeddingTimeoutMs,
    sleep: options.sleep,
  });
  const search = createSearchClient({ dispatcher: outbound.dispatcher, timeoutMs: config.searchTimeoutMs });
  let ownPool: ChunkPool | undefined;
  // The PDF worker pool, created at the first upload and closed with the app.
  const chunkPool = () =>
    options.chunkPool ??
    (ownPool ??= createChunkPool({
      timeoutMs: (bytes) => parseTimeoutFor(bytes, config),
      ocr: {
        languages: config.ocrLanguages,
        ...(config.ocrDataDir === undefined ? {} : { dataDir: config.ocrDataDir }),
        maxPages: config.ocrMaxPages,
        timeoutMs: config.ocrTimeoutMs,
      },
      // Loud, with its code: a worker failure is a defect to fix, though no request fails for it.
      onWorkerFailure: (failure) => {
        app.log.error({ code: 'worker_failed', failure }, 'a document worker failed and is replaced');
        options.onWorkerFailure?.(failure);
      },
    }));
  // Documents in flight and waiting are bounded; readiness turns false when a new one would be refused.
  const admission = createAdmission({
    maxInFlight: config.maxDocumentsInFlight,
    maxQueued: config.maxDocumentsQueued,
    retryAfterSeconds: config.admissionRetryAfterSeconds,
    maxPerClient: config.maxDocumentsPerClient,
  });
  const readiness = options.readiness ?? createReadiness();
  readiness.notReadyWhile('busy', () => admission.full());
  if (options.warmPool) {
    let warm = false;
    readiness.notReadyWhile('starting', () => !warm);
    void chunkPool()
      .warm()
      .finally(() => {
        warm = true;
      });
  }
  const rng = options.rng ?? Math.random;
  const now = options.now ?? (() => new Date());
  // Jobs (Prefer: respond-async): in this process, run as many at once as uploads are; with
  // REDIS_URL, through BullMQ on Redis, run by whichever replica takes them (src/jobs/on-redis.ts).
  const perform = performChunking({ pool: chunkPool, embeddings, search, log: app.log, sleep: options.sleep });
  const jobClock = options.jobClockMs ? { now: options.jobClockMs } : {};
  const jobs: Jobs<ChunkingTask> & { ready(): boolean } = config.redisUrl
    ? (await import('./jobs/on-redis.ts')).createRedisJobs(
        { ...config, redisUrl: config.redisUrl },
        { perform, log: app.log, ...jobClock },
      )
    : createJobs<ChunkingTask>({
        store: createMemoryJobStore({
          maxJobs: config.jobsMax,
          ttlMs: config.jobTtlSeconds * 1000,
          ...jobClock,
        }),
        perform,
        concurrency: config.maxDocumentsInFlight,
        retryAfterSeconds: config.jobRetryAfterSeconds,
        fullRetryAfterSeconds: config.jobRetryAfterSeconds,
        ...jobClock,
        log: app.log,
      });
  readiness.notReadyWhile('unavailable', () => !jobs.ready());
  // The lab OAuth 2.0 authorization server and add-oauth's check of its tokens.
  // oidc-provider is loaded at the first OAuth request: it costs the start-up of every process
  // (most never serve a sign-in) about as much as Fastify itself.
  // With REDIS_URL, grants and sessions are shared by the replicas (src/oauth/redis-store.ts).
  const oauthStore =
    options.oauthStore ??
    (config.redisUrl
      ? (await import('./oauth/redis-store.ts')).openRedisKeyValueStore(
          config.redisUrl,
          config.redisPrefix,
          (message) => app.log.error({ code: 'redis_error', role: 'oauth' }, `Redis connection (oauth): ${message}`),
        )
      : memoryStore());
  let oauthServer: Promise<OAuthServer> | undefined;
  const loadOAuth = () =>
    (oauthServer ??= import('./oauth/provider.ts').then((m) =>
      m.createOAuthServer(config.oauth, oauthStore, {
        serverError: (name) =>
          app.log.error({ code: 'oauth_server_error', name }, 'the OAuth server failed on a request'),
      }),
    ));
  const verifyAccessToken = createAccessTokenVerifier({
    issuer: config.oauth.issuer,
    audience: resourceOf(config.oauth.issuer),
    jwks: verificationKeys(config.oauth),
    algorithm: config.oauth.signingKey.alg,
    now: options.clockMs,
  });
  app.addHook('onClose', async () => {
    // The jobs first: their work stops before the pool and the connections it uses close.
    await jobs.close();
    await Promise.all([outbound.close(), ownPool?.close(), options.oauthStore ? undefined : oauthStore.close()]);
  });

  installErrorHandlers(app, trackPaths(app));
  acceptEmptyJsonBodies(app);
  drainRefusedBodies(app);
  registerCors(app);
  // Limits per caller, after CORS (a 429 carries it) and before every route's own hooks; counted
  // in Redis when replicas share one.
  const rateLimitRedis = config.redisUrl
    ? openRedis(config.redisUrl, {
        role: 'rate-limit',
        onError: (message) => app.log.warn({ code: 'redis_error', role: 'rate-limit', message }, 'Redis: rate limits'),
      })
    : undefined;
  if (rateLimitRedis) app.addHook('onClose', async () => void (await rateLimitRedis.quit().catch(() => {})));
  await registerRateLimits(app, config.rateLimits, rateLimitRedis);
  const docs = options.docs === 'none' ? undefined : await collectApiDocuments(app);

  // The URL map. Every interface path is also served with `.php` (or without it, for the two
  // that the interface names with it); any other method on a known path is a 405 with Allow.
  mount(app, 'GET', '/', landing(config, options.docs !== 'none'), { php: false });
  mount(app, 'GET', '/healthz', liveness());
  mount(app, 'GET', '/readyz', readinessRoute(readiness), { php: false });
  mount(app, 'GET', '/apis/add-url', addUrl());
  mount(app, 'POST', '/apis/add-body', addBody());
  mount(app, 'GET', '/apis/add-apikey', addApiKey(config));
  mount(app, 'GET', '/apis/add-custom', addCustom(config));
  mount(app, 'GET', '/apis/add-basic', addBasic(config));
  mount(app, 'POST', '/apis/add-token', addToken(config, signer));
  mount(app, 'GET', '/apis/add-bearer', addBearer(signer));
  mount(app, 'GET', '/apis/add-oauth', addOAuth(verifyAccessToken));
  await registerOAuth(app, loadOAuth, config.oauth);
  mount(app, 'GET', '/apis/users', users());
  mount(app, 'GET', '/apis/countries', countries());
  mount(app, 'GET', '/apis/currency', currency());
  mount(app, 'GET', '/apis/products', products());
  mount(app, 'POST', '/survey_api.php', survey(config, rng, now));
  await app.register(async (uploads: App) => {
    // Multipart (or a raw body of any type) only where an upload is expected.
    acceptRawBodies(uploads);
    await uploads.register(multipart, uploadLimits(config));
    mount(
      uploads,
      'POST',
      '/apis/chunk-and-perform-embedding.php',
      chunkAndEmbed({ config, outbound, embeddings, chunkPool, admission, search, sleep: options.sleep, jobs }),
    );
  });
  mount(app, 'GET', '/apis/jobs/:id', jobStatus(jobs, config), { php: false });
  mount(app, 'DELETE', '/apis/jobs/:id', cancelJob(jobs, config), { php: false });
  mount(app, 'POST', '/apis/delete-indexed-document.php', deleteIndexedDocument({ config, outbound, search }));
  mount(app, 'GET', '/apis/search-index-definition', searchIndexDefinition());
  if (docs) {
    mount(app, 'GET', '/openapi.json', openapiJson(docs), { php: false });
    mount(app, 'GET', '/swagger.json', swaggerJson(docs), { php: false });
    mount(app, 'GET', '/postman.json', postmanJson(docs, config), { php: false });
    mount(app, 'GET', '/connectors/:file', connectorJson(docs), { php: false });
    await registerDocsPage(app, '/docs', config);
  }

  return app;
}

// buildApp(config, deps): the one factory behind server.ts and every test.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import { createTokenSigner, type TokenSigner } from './auth/jwt.ts';
import { handleFrameworkError, installErrorHandlers } from './http/error-handler.ts';
import { registerCors } from './http/cors.ts';
import { acceptEmptyJsonBodies } from './http/json-parser.ts';
import { registerDocs } from './http/docs.ts';
import { createReadiness, type Readiness } from './http/readiness.ts';
import { healthRoutes } from './routes/health.ts';
import { additionRoutes } from './routes/addition.ts';
import { tokenRoutes } from './routes/token.ts';
import { referenceRoutes } from './routes/reference.ts';
import { surveyRoutes } from './routes/survey.ts';
import { chunkingRoutes } from './routes/chunking.ts';
import { indexedDocumentRoutes } from './routes/indexed-documents.ts';
import { createOutbound, type Outbound, type Resolver } from './clients/outbound.ts';
import { createEmbeddingClient, type EmbeddingClient } from './clients/embeddings.ts';
import { createSearchClient, type SearchClient } from './clients/search-index.ts';
import { createChunkPool, type ChunkPool } from './documents/pool.ts';

export interface AppDeps {
  config: Config;
  signer: TokenSigner;
  /** random source of the survey generator, [0, 1) */
  rng: () => number;
  now: () => Date;
  outbound: Outbound;
  embeddings: EmbeddingClient;
  search: SearchClient;
  /** the PDF worker pool, created at the first upload and closed with the app */
  chunkPool: () => ChunkPool;
}

export interface BuildOptions {
  /** false for none (most tests); true for the configured logger; or pino options merged over it. Redaction always applies. */
  logger?: boolean | object;
  rng?: () => number;
  now?: () => Date;
  /** clock of the token signer, in ms since the epoch (tests of expiry) */
  clockMs?: () => number;
  /** document flavour the route schemas are collected into */
  docs?: 'openapi' | 'swagger' | 'none';
  /** DNS resolver of the outbound URL check (tests resolve names without a network) */
  resolve?: Resolver;
  /** waits between embedding retries (tests record them instead of sleeping) */
  sleep?: (ms: number) => Promise<void>;
  /** a ready-made PDF pool (shared by tests and benchmarks); the app then does not close it */
  chunkPool?: ChunkPool;
  /** the serving state behind GET /readyz; server.ts passes one and starts draining it on SIGTERM */
  readiness?: Readiness;
}

/** Header names whose values never reach a log line. */
export const REDACTED_HEADERS = [
  'authorization',
  'api_key',
  'api_secret',
  'key',
  'secret',
  'api-key',
  'embeddingkey',
  'cloudaisearchkey',
];

/**
 * Redaction covers the request serializer's headers and the other places that
 * log them: @fastify/multipart logs every header at trace level as
 * `busboyOptions.headers`. The paths are explicit: a `*.headers` wildcard costs
 * about 1.5 µs on every request's child logger, even at level warn.
 */
export function loggerOptions(config: Config, overrides: object = {}): object {
  return {
    level: config.logLevel,
    ...overrides,
    redact: {
      paths: REDACTED_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `busboyOptions.headers["${h}"]`, `headers["${h}"]`]),
      censor: '[redacted]',
    },
  };
}

const INFO_OR_BELOW = new Set(['info', 'debug', 'trace']);

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ? (loggerOptions(config, options.logger === true ? {} : options.logger) as { level?: string }) : undefined;
  const logsRequests = logger !== undefined && INFO_OR_BELOW.has(logger.level ?? 'info');
  const app = Fastify({
    logger: logger || false,
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
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();

  const outbound = createOutbound(config.outboundAllowedHosts, options.resolve);
  let ownPool: ChunkPool | undefined;
  const deps: AppDeps = {
    config,
    signer: createTokenSigner(config.jwtSecret, config.tokenTtlSeconds, options.clockMs),
    rng: options.rng ?? Math.random,
    now: options.now ?? (() => new Date()),
    outbound,
    embeddings: createEmbeddingClient({ dispatcher: outbound.dispatcher, timeoutMs: config.embeddingTimeoutMs, sleep: options.sleep }),
    search: createSearchClient({ dispatcher: outbound.dispatcher, timeoutMs: config.searchTimeoutMs }),
    chunkPool: () => options.chunkPool ?? (ownPool ??= createChunkPool()),
  };
  app.addHook('onClose', async () => {
    await Promise.all([outbound.close(), ownPool?.close()]);
  });

  installErrorHandlers(app);
  acceptEmptyJsonBodies(app);
  await registerCors(app);
  if (options.docs !== 'none') await registerDocs(app, options.docs ?? 'openapi');

  await app.register(healthRoutes, { readiness: options.readiness ?? createReadiness() });
  await app.register(additionRoutes, deps);
  await app.register(tokenRoutes, deps);
  await app.register(referenceRoutes);
  await app.register(surveyRoutes, deps);
  await app.register(chunkingRoutes, deps);
  await app.register(indexedDocumentRoutes, deps);

  return app;
}

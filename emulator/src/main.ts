/**
 * `npm run emulator`: the local Azure emulator as a standalone sandbox.
 *
 * Environment (all optional):
 *   EMULATOR_HOST                 interface to bind (default 127.0.0.1)
 *   EMULATOR_PORT                 port (default 7071; 0 = any free port)
 *   EMULATOR_EMBEDDING_KEY        embeddings api-key (default emulator-embedding-key)
 *   EMULATOR_SEARCH_ADMIN_KEY     search admin api-key (default emulator-search-admin-key)
 *   EMULATOR_SEARCH_QUERY_KEY     search query api-key (default emulator-search-query-key)
 *   EMULATOR_DEPLOYMENTS          comma-separated deployment names (default text-embedding-ada-002)
 *   EMULATOR_CREATE_INDEX         create an index at start: `pdf-chunks` (or 1/true) for the
 *                                 azure-contracts.md definition, or a path to a JSON definition
 *   EMULATOR_VISIBILITY_DELAY_MS  delay before search writes become visible (default 0)
 *   EMULATOR_EMBEDDING_LATENCY_MS added to each embeddings answer (default 0)
 *   EMULATOR_EMBEDDING_RPM        requests-per-minute quota of the deployment (default none)
 *   EMULATOR_EMBEDDING_TPM        tokens-per-minute quota of the deployment (default none)
 *   EMULATOR_QUOTA_WINDOW_MS      the slice a minute's quota is spread over (default 1000)
 *   EMULATOR_QUIET                1 = no per-request log line
 * Flags: --create-index[=pdf-chunks|<file.json>], --port=<n>, --host=<h>, --quiet
 */
import { readFileSync } from 'node:fs';
import { startEmulator } from './index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import type { EmbeddingLoad, RecordedRequest } from './types.ts';

/** The chunk index of azure-contracts.md section 3: the same definition the service hands out at /apis/search-index-definition. */
const PDF_CHUNKS_DEFINITION = indexDefinition('pdf-chunks');

function fail(message: string): never {
  console.error(`emulator: ${message}`);
  process.exit(1);
}

function flag(name: string): string | true | undefined {
  for (const arg of process.argv.slice(2)) {
    if (arg === `--${name}`) return true;
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

function stringFlag(name: string): string | undefined {
  const v = flag(name);
  return v === true ? undefined : v;
}

const env = process.env;
const host = stringFlag('host') ?? env['EMULATOR_HOST'] ?? '127.0.0.1';
const portText = stringFlag('port') ?? env['EMULATOR_PORT'] ?? '7071';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) fail(`EMULATOR_PORT must be a port number (0-65535), got '${portText}'`);
const delayText = env['EMULATOR_VISIBILITY_DELAY_MS'] ?? '0';
if (!/^\d+$/.test(delayText)) fail(`EMULATOR_VISIBILITY_DELAY_MS must be a non-negative integer, got '${delayText}'`);
/** An optional positive number from the environment (0 allowed where `zero`), or a stop naming it. */
function loadNumber(name: string, zero = false): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || (!zero && n === 0))
    fail(`${name} must be a ${zero ? 'non-negative' : 'positive'} number, got '${text}'`);
  return n;
}
const embeddingLoad = {
  latencyMs: loadNumber('EMULATOR_EMBEDDING_LATENCY_MS', true),
  requestsPerMinute: loadNumber('EMULATOR_EMBEDDING_RPM'),
  tokensPerMinute: loadNumber('EMULATOR_EMBEDDING_TPM'),
  windowMs: loadNumber('EMULATOR_QUOTA_WINDOW_MS'),
};
const quiet = flag('quiet') !== undefined || env['EMULATOR_QUIET'] === '1';
const createFlag = flag('create-index');
const createIndex = createFlag === true ? 'pdf-chunks' : (createFlag ?? env['EMULATOR_CREATE_INDEX']);

function logLine(r: RecordedRequest): void {
  if (quiet) return;
  const ms = (performance.now() - r.receivedAt).toFixed(0);
  const fault = r.fault === undefined ? '' : ` fault=${JSON.stringify(r.fault)}`;
  console.log(
    `${new Date().toISOString()} ${r.service.padEnd(10)} ${r.method} ${r.path} -> ${r.status ?? 'reset'} ${ms}ms${fault}`,
  );
}

const emulator = await startEmulator({
  host,
  port,
  embeddingKey: env['EMULATOR_EMBEDDING_KEY'],
  searchAdminKey: env['EMULATOR_SEARCH_ADMIN_KEY'],
  searchQueryKey: env['EMULATOR_SEARCH_QUERY_KEY'],
  deployments: env['EMULATOR_DEPLOYMENTS']
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0),
  visibilityDelayMs: Number(delayText),
  embeddingLoad,
  maxRecordedRequests: 1000,
  onResponse: logLine,
}).catch((err: unknown) => fail(`cannot listen on ${host}:${port}: ${(err as Error).message}`));

if (createIndex !== undefined && createIndex !== '' && createIndex !== '0' && createIndex !== 'false') {
  let definition: unknown = PDF_CHUNKS_DEFINITION;
  if (!['pdf-chunks', '1', 'true'].includes(createIndex)) {
    try {
      definition = JSON.parse(readFileSync(createIndex, 'utf8'));
    } catch (err) {
      fail(`cannot read the index definition '${createIndex}': ${(err as Error).message}`);
    }
  }
  try {
    emulator.createIndex(definition);
  } catch (err) {
    fail((err as Error).message);
  }
}

const deployment = emulator.deployments[0] ?? 'text-embedding-ada-002';
console.log(`Local Azure emulator listening on ${emulator.url}

  Embeddings (Azure OpenAI, api-version 2024-02-01)
    embeddingEndpoint:        ${emulator.embeddingsUrl}
    embeddingKey:             ${emulator.keys.embedding}
    embeddingDeploymentName:  ${emulator.deployments.join(', ')}
    e.g. POST ${emulator.embeddingsUrl}/openai/deployments/${deployment}/embeddings?api-version=2024-02-01
    load:                     ${describeLoad(emulator.embeddingLoad)}

  Search (Azure AI Search, api-version 2024-07-01)
    cloudAISearchEndpoint:    ${emulator.searchUrl}
    cloudAISearchKey (admin): ${emulator.keys.searchAdmin}
    query key (read-only):    ${emulator.keys.searchQuery}
    indexes:                  ${emulator.indexNames().join(', ') || '(none yet; PUT /indexes/{name} or start with --create-index)'}

  Start the service with OUTBOUND_ALLOWED_HOSTS=${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host} so that it may call this plain-http emulator.
  Ctrl+C to stop.
`);

function describeLoad(l: EmbeddingLoad): string {
  const parts = [
    l.latencyMs !== undefined ? `${l.latencyMs} ms per call` : '',
    l.requestsPerMinute !== undefined ? `${l.requestsPerMinute} requests/min` : '',
    l.tokensPerMinute !== undefined ? `${l.tokensPerMinute} tokens/min` : '',
    l.windowMs !== undefined ? `over ${l.windowMs} ms windows` : '',
  ].filter((p) => p !== '');
  return parts.length > 0 ? parts.join(', ') : 'no latency, no quota';
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the emulator`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

/**
 * Local, faithful emulator of Azure OpenAI embeddings (`2024-02-01`) and Azure AI Search
 * (`2024-07-01`), built to shared/docs/azure-contracts.md section 4. One `node:http` server serves
 * both services (`/openai/...` and `/indexes...`), on 127.0.0.1 by default.
 *
 * ```ts
 * const emu = await startEmulator();
 * emu.createIndex(pdfChunksDefinition);
 * emu.faults.embeddings.push({ status: 429, headers: { 'retry-after': '1' } });
 * // ... point the code under test at emu.embeddingsUrl / emu.searchUrl with emu.keys ...
 * await emu.close();
 * ```
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { respond } from './context.ts';
import type { EmulatorState, RequestContext } from './context.ts';
import { DEFAULT_DIMENSIONS } from './embedding-vector.ts';
import { EMBEDDING_ERRORS, handleEmbeddings } from './embeddings.ts';
import { Faults } from './faults.ts';
import { QuotaBuckets, type EmbeddingLoad } from './quota.ts';
import { headerRecord, parseJsonExact, readBody, writeResponse } from './http.ts';
import { SearchError } from './search/errors.ts';
import { createIndexDirect, handleSearch, isSearchPath } from './search/handler.ts';
import type { IndexStore } from './search/store.ts';
import type { Emulator, EmulatorOptions, EmbeddingsFault, RecordedRequest, SearchFault, StoredIndex } from './types.ts';

export type * from './types.ts';
export { deterministicEmbedding, fromBase64Float32, toBase64Float32 } from './embedding-vector.ts';
export { SearchError } from './search/errors.ts';

export const DEFAULT_KEYS = {
  embedding: 'emulator-embedding-key',
  searchAdmin: 'emulator-search-admin-key',
  searchQuery: 'emulator-search-query-key',
} as const;
export const DEFAULT_DEPLOYMENT = 'text-embedding-ada-002';

/** The load options, checked: each a finite number above 0 (latency: 0 or more). */
function checkLoad(load: EmbeddingLoad): EmbeddingLoad {
  for (const [name, v] of Object.entries(load)) {
    if (v === undefined) continue;
    const floor = name === 'latencyMs' ? 0 : Number.MIN_VALUE;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < floor)
      throw new Error(`embeddingLoad.${name} must be a ${floor === 0 ? 'non-negative' : 'positive'} number, got ${v}`);
  }
  return load;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

class LocalAzureEmulator implements Emulator {
  url = '';
  embeddingsUrl = '';
  searchUrl = '';
  readonly keys: { embedding: string; searchAdmin: string; searchQuery: string };
  readonly deployments: readonly string[];
  requests: RecordedRequest[] = [];
  readonly faults: { embeddings: Faults<EmbeddingsFault>; search: Faults<SearchFault> };
  visibilityDelayMs: number;
  embeddingLoad: EmbeddingLoad;
  readonly #initialEmbeddingLoad: EmbeddingLoad;
  readonly #initialVisibilityDelayMs: number;
  readonly #state: EmulatorState;
  readonly #server: Server;
  readonly #maxRecorded: number;
  #closed = false;

  constructor(opts: EmulatorOptions) {
    this.keys = {
      embedding: opts.embeddingKey ?? DEFAULT_KEYS.embedding,
      searchAdmin: opts.searchAdminKey ?? DEFAULT_KEYS.searchAdmin,
      searchQuery: opts.searchQueryKey ?? DEFAULT_KEYS.searchQuery,
    };
    if (this.keys.searchAdmin === this.keys.searchQuery)
      throw new Error('searchAdminKey and searchQueryKey must differ');
    this.deployments = [...(opts.deployments ?? [DEFAULT_DEPLOYMENT])];
    this.faults = { embeddings: new Faults<EmbeddingsFault>(), search: new Faults<SearchFault>() };
    this.#initialVisibilityDelayMs = opts.visibilityDelayMs ?? 0;
    this.visibilityDelayMs = this.#initialVisibilityDelayMs;
    this.#initialEmbeddingLoad = checkLoad(opts.embeddingLoad ?? {});
    this.embeddingLoad = { ...this.#initialEmbeddingLoad };
    this.#maxRecorded = opts.maxRecordedRequests ?? Infinity;
    const clock = opts.clock ?? performance;
    // ETags look like Azure's ("0x8DD...": .NET ticks in hex) and never repeat within one emulator.
    let etagCounter = BigInt(Date.now()) * 10_000n + 621_355_968_000_000_000n;
    const nextEtag = (): string => `"0x${(etagCounter++).toString(16).toUpperCase()}"`;
    const dimensions = opts.dimensions ?? DEFAULT_DIMENSIONS;
    if (!Number.isInteger(dimensions) || dimensions < 1)
      throw new Error(`dimensions must be a positive integer, got ${dimensions}`);
    this.#state = {
      baseUrl: '',
      keys: this.keys,
      deployments: new Set(this.deployments),
      dimensions,
      searchServiceName: opts.searchServiceName ?? 'emulator',
      region: opts.region ?? 'East US',
      faults: this.faults,
      indexes: new Map<string, IndexStore>(),
      visibilityDelayMs: () => this.visibilityDelayMs,
      now: () => clock.now(),
      nextEtag,
      embeddingCalls: [],
      embeddingLoad: () => this.embeddingLoad,
      quota: new QuotaBuckets(),
      onResponse: opts.onResponse,
    };
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((err: unknown) => {
        // Never leak a stack trace; answer 500 in the search error shape.
        console.error('[emulator] internal error:', err);
        writeResponse(
          res,
          500,
          { 'content-type': 'application/json' },
          JSON.stringify({ error: { code: '', message: 'Emulator internal error.' } }),
        );
      });
    });
  }

  async listen(host: string, port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    const address = this.#server.address() as AddressInfo;
    this.url = `http://${formatHost(host)}:${address.port}`;
    this.embeddingsUrl = this.url;
    this.searchUrl = this.url;
    this.#state.baseUrl = this.url;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = performance.now();
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const service = url.pathname.startsWith('/openai/')
      ? 'embeddings'
      : isSearchPath(url.pathname)
        ? 'search'
        : 'unknown';
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = v;
    const record: RecordedRequest = {
      service,
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] as string,
      query,
      headers: headerRecord(req),
      body: undefined,
      receivedAt,
    };
    this.requests.push(record);
    if (this.requests.length > this.#maxRecorded) this.requests.splice(0, this.requests.length - this.#maxRecorded);

    const body = await readBody(req);
    if (!body.tooLarge && body.text !== '') {
      try {
        record.body = parseJsonExact(body.text);
      } catch {
        record.body = body.text;
      }
    }
    const ctx: RequestContext = {
      req,
      res,
      url,
      record,
      state: this.#state,
      bodyText: body.text,
      bodyTooLarge: body.tooLarge,
    };
    if (service === 'embeddings') {
      await handleEmbeddings(ctx);
    } else if (service === 'search') {
      await handleSearch(ctx);
    } else if (url.pathname === '/healthz' && req.method === 'GET') {
      respond(ctx, 200, { 'content-type': 'application/json' }, { status: 'ok', emulator: 'local-azure' });
    } else {
      respond(ctx, 404, { 'content-type': 'application/json' }, EMBEDDING_ERRORS.notFound);
    }
  }

  index(name: string): StoredIndex | undefined {
    return this.#state.indexes.get(name);
  }

  indexNames(): string[] {
    return [...this.#state.indexes.keys()];
  }

  createIndex(definition: unknown): void {
    try {
      createIndexDirect(this.#state, definition);
    } catch (err) {
      if (err instanceof SearchError) throw new Error(`createIndex: ${err.message}`, { cause: err });
      throw err;
    }
  }

  reset(): void {
    this.#state.indexes.clear();
    this.requests.length = 0;
    this.faults.embeddings.clear();
    this.faults.search.clear();
    this.#state.embeddingCalls.length = 0;
    this.visibilityDelayMs = this.#initialVisibilityDelayMs;
    this.embeddingLoad = { ...this.#initialEmbeddingLoad };
    this.#state.quota.reset();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }
}

/** Start the emulator (port 0 = a free port). Resolves once it listens. */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = new LocalAzureEmulator(opts);
  await emulator.listen(opts.host ?? '127.0.0.1', opts.port ?? 0);
  return emulator;
}

// The app on a loopback port beside its own Azure emulator and chunk pool: the setup of the tests
// that send documents through the chunking route to (fake) providers. In a describe:
//
//   let s: EmulatedApp;
//   before(async () => (s = await startEmulatedApp({ env: { SEARCH_TIMEOUT_MS: '8000' } })));
//   beforeEach(() => s.emu.reset());
//   after(() => s.close());
import type { FastifyInstance } from 'fastify';
import { startEmulator, type Emulator } from '../../emulator/src/index.ts';
import { createChunkPool, type ChunkPool } from '../../src/documents/pool.ts';
import { buildTestApp, LAB, type TestAppOptions } from './app.ts';

export interface EmulatedApp {
  emu: Emulator;
  pool: ChunkPool;
  app: FastifyInstance;
  /** `http://127.0.0.1:PORT` of the listening app */
  base: string;
  /** The app, its pool and the emulator, closed in that order. */
  close(): Promise<void>;
}

export interface EmulatedAppOptions extends Omit<TestAppOptions, 'chunkPool'> {
  /** pool threads (default 1: one document at a time, as most tests want) */
  threads?: number;
  /**
   * The pool's parse bound (default 10 minutes): none of these tests is about it, and a CI run on
   * a loaded machine read the 1158-page manual past the pool's own default of 60 s (422).
   */
  parseTimeoutMs?: number;
}

/**
 * The emulator, a pool and the app (no API documents) listening on a loopback port; outbound
 * calls to 127.0.0.1 allowed (the emulator), with `env` on top.
 */
export async function startEmulatedApp(options: EmulatedAppOptions = {}): Promise<EmulatedApp> {
  const { threads = 1, parseTimeoutMs = 600_000, env = {}, ...build } = options;
  const emu = await startEmulator();
  const pool = createChunkPool({ threads, timeoutMs: parseTimeoutMs });
  const app = await buildTestApp({
    docs: 'none',
    chunkPool: pool,
    ...build,
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ...env },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    emu,
    pool,
    app,
    base,
    close: async () => {
      await app.close();
      await pool.close();
      await emu.close();
    },
  };
}

/** The chunking route's headers for tenant 7's document 42, with embedding and indexing against `emu`. */
export function chunkingHeaders(emu: Emulator, index: string) {
  return {
    ids: () => ({
      'api-key': LAB.DOCUMENT_API_KEY,
      sourceName: 'manual.pdf',
      'tenant-id': '7',
      'document-id': '42',
    }),
    embedding: () => ({
      performEmbedding: 'true',
      embeddingEndpoint: emu.embeddingsUrl,
      embeddingKey: emu.keys.embedding,
      embeddingDeploymentName: 'text-embedding-ada-002',
    }),
    indexing: () => ({
      indexName: index,
      cloudAISearchEndpoint: emu.searchUrl,
      cloudAISearchKey: emu.keys.searchAdmin,
    }),
  };
}

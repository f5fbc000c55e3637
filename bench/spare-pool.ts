// BENCH_SPARE_THREADS, for a bench's app child: unset, the pool the app builds itself (`npm start`'s,
// one spare thread per idle core: issue 24); set, a pool of the same document threads with that
// many spare threads (0: one thread per document, as before issue 24), for a before/after in one run.
import { availableParallelism } from 'node:os';
import type { Config } from '../src/config.ts';
import type { ChunkPool } from '../src/documents/pool.ts';

export const SPARE_THREADS = process.env.BENCH_SPARE_THREADS;

/** The `chunkPool` option for buildApp: none (the app's own) unless BENCH_SPARE_THREADS is set. */
export async function benchChunkPool(config: Config): Promise<{ chunkPool?: ChunkPool }> {
  if (SPARE_THREADS === undefined) return {};
  const { createChunkPool } = await import('../src/documents/pool.ts');
  const { parseTimeoutFor } = await import('../src/documents/parse-bound.ts');
  return {
    chunkPool: createChunkPool({
      threads: Math.max(1, availableParallelism() - 1),
      spareThreads: Number(SPARE_THREADS),
      timeoutMs: (bytes) => parseTimeoutFor(bytes, config),
    }),
  };
}

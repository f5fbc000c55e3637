// Embeddings at the provider's pace (issue 23): the embedding phase of a 1158-page manual (from
// the first call to the last answer, as ingestDocument reports it: 'chunked' to the last
// 'embedded') with batches of 16 and 4 calls in flight, as a ratio to the interface's default
// (one sequential call per chunk), against the emulator at 50 ms per call; then under a
// tokens-per-minute quota, as a ratio to the quota's own bound (total tokens / quota).
//
//   node_modules/.bin/node bench/run.ts embedding-pace     (or: npm run bench -- embedding-pace)
//   BENCH_LATENCY_MS=50          the deployment's latency per call
//   BENCH_QUOTA_TPM=1000000      the tokens-per-minute quota (Azure's standard ada-002 quotas are of this order)
//   BENCH_PART=speed|quota       one part only (default: both)
//
// Needs qpdf on PATH. The emulator runs in a child process (npm run emulator), so that the
// driver's event loop is not the provider's.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChunkPool } from '../src/documents/pool.ts';
import { ingestDocument, type IngestOptions } from '../src/documents/ingest.ts';
import { createOutbound } from '../src/clients/outbound.ts';
import { createEmbeddingClient } from '../src/clients/embeddings.ts';
import type { ChunkPool } from '../src/documents/pool.ts';
import type { Chunk } from '../src/documents/types.ts';
import { countTokens, deterministicEmbedding } from '../emulator/src/embedding-vector.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = join(root, '..', 'shared', 'corpus');
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 50);
const QUOTA_TPM = Number(process.env.BENCH_QUOTA_TPM ?? 1_000_000);
const PART = process.env.BENCH_PART ?? 'all';

function manual1158(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pace-'));
  try {
    const src = join(corpus, 'gnuplot.pdf');
    const out = join(dir, 'manual-1158.pdf');
    const r = spawnSync('qpdf', ['--empty', '--pages', src, src, src, src, '1-225', '--', out]);
    if (r.status !== 0) throw new Error(`qpdf failed: ${r.stderr?.toString()}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The emulator as `npm run emulator` starts it, on a free port, with the load given. */
async function emulator(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(root, 'emulator/src/main.ts'), '--port=0', '--quiet'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  return { url, child };
}

/** One ingest of the chunks (already made) with embeddings; the embedding phase in ms. */
async function phase(chunks: Chunk[], url: string, pace: { batchSize: number; concurrency: number }) {
  const outbound = createOutbound(['127.0.0.1']);
  const embeddings = createEmbeddingClient({ dispatcher: outbound.dispatcher, timeoutMs: 30_000 });
  const pool: ChunkPool = {
    chunk: async () => chunks,
    payload: async () => {
      throw new Error('not used');
    },
    warm: async () => {},
    close: async () => {},
  };
  const options: IngestOptions = {
    sourceName: 'manual.pdf',
    tenantId: '1',
    documentId: '1',
    pageNumbers: false,
    ocr: 'off',
    embedding: { endpoint: url, key: 'emulator-embedding-key', deployment: 'text-embedding-ada-002' },
    embeddingPace: pace,
  };
  let start = 0;
  let end = 0;
  const r = await ingestDocument({
    bytes: Buffer.alloc(0),
    format: 'pdf',
    options,
    pool,
    embeddings,
    signal: new AbortController().signal,
    log: { warn: () => {} },
    onProgress: (p) => {
      if (p.step === 'chunked') start = performance.now();
      if (p.step === 'embedded' && p.done === p.chunks) end = performance.now();
    },
  });
  await outbound.close();
  if (r.status !== 200 || !('payload' in r)) throw new Error(`status ${r.status}`);
  // Every chunk carries the vector of its own content (a sample of them, read back from the payload).
  const value = (JSON.parse(r.payload.toString('utf8')) as { value: { content: string; embedding: number[] }[] }).value;
  for (let i = 0; i < value.length; i += 97) {
    const want = deterministicEmbedding(value[i]!.content);
    if (value[i]!.embedding.some((x, j) => x !== want[j])) throw new Error(`chunk ${i} has another vector`);
  }
  return end - start;
}

const bytes = manual1158();
const pool = createChunkPool({ threads: 1, timeoutMs: 600_000 }); // the parse is not what is measured: a loaded machine must not time it out;
const chunks = await pool.chunk(bytes, { format: 'pdf', ocr: 'off' });
await pool.close();
const tokens = chunks.reduce((n, c) => n + countTokens(c.content), 0);
console.log(`1158-page manual: ${chunks.length} chunks, ${tokens} tokens; provider at ${LATENCY} ms per call`);

if (PART === 'all' || PART === 'speed') {
  const emu = await emulator({ EMULATOR_EMBEDDING_LATENCY_MS: String(LATENCY) });
  try {
    // The default first: the paced run then meets the emulator's vector cache, as the default's
    // later calls do (the same texts), so the emulator's own work weighs on neither.
    const plain = await phase(chunks, emu.url, { batchSize: 1, concurrency: 1 });
    const paced = await phase(chunks, emu.url, { batchSize: 16, concurrency: 4 });
    console.log(`default 1 x 1:        ${(plain / 1000).toFixed(1)} s`);
    console.log(`batches 16 x 4:       ${(paced / 1000).toFixed(2)} s`);
    console.log(`ratio default/paced:  ${(plain / paced).toFixed(1)}x shorter (target >= 40x)`);
  } finally {
    emu.child.kill('SIGTERM');
  }
}

if (PART === 'all' || PART === 'quota') {
  const tpm = QUOTA_TPM;
  const bound = (tokens / tpm) * 60_000;
  const emu = await emulator({ EMULATOR_EMBEDDING_LATENCY_MS: String(LATENCY), EMULATOR_EMBEDDING_TPM: String(tpm) });
  try {
    const paced = await phase(chunks, emu.url, { batchSize: 16, concurrency: 4 });
    console.log(`quota ${tpm} tokens/min: bound ${(bound / 1000).toFixed(1)} s (total tokens / quota)`);
    console.log(
      `batches 16 x 4:       ${(paced / 1000).toFixed(1)} s, ${(paced / bound).toFixed(3)}x the bound (target <= 1.1x), no 502`,
    );
  } finally {
    emu.child.kill('SIGTERM');
  }
}

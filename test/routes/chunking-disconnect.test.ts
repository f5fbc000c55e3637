// A caller who leaves stops the work done for it: the worker parse is aborted and no
// embedding call is made after it (issue: the request's 'close' had fired before the listener
// was added, so neither happened).
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { type Emulator } from '../../emulator/src/index.ts';
import type { ChunkPool } from '../../src/documents/pool.ts';
import { buildTestApp, LAB } from '../helpers/app.ts';
import { startEmulatedApp, type EmulatedApp } from '../helpers/emulated-app.ts';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const GROFF = readFileSync(`${CORPUS}groff-manual.pdf`);

function upload(base: string, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const form = new FormData();
  form.append('document', new Blob([GROFF], { type: 'application/pdf' }), 'groff-manual.pdf');
  return fetch(`${base}/apis/chunk-and-perform-embedding.php`, { method: 'POST', headers, body: form, signal }).then(
    (r) => r.text(),
    (err: unknown) => err,
  );
}

const baseOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const ids = { 'api-key': LAB.DOCUMENT_API_KEY, sourceName: 'groff-manual.pdf', 'tenant-id': '7', 'document-id': '42' };

/** Resolves when `check` holds, polling; false after `ms`. */
async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (check()) return true;
  return check();
}

describe('chunking: the caller leaves', () => {
  let stack: EmulatedApp;
  let emu: Emulator;
  let pool: ChunkPool;
  let app: FastifyInstance;

  before(async () => {
    stack = await startEmulatedApp();
    ({ emu, pool, app } = stack);
  });
  beforeEach(() => emu.reset());
  after(() => stack.close());

  it('no embedding call is made after the caller is gone', async () => {
    // Every call answered after 100 ms: the groff manual's chunks take seconds to embed.
    for (let i = 0; i < 200; i++) emu.faults.embeddings.push({ delayMs: 100 });
    const calls = () => emu.requests.filter((r) => r.service === 'embeddings').length;
    const ctrl = new AbortController();
    const done = upload(
      baseOf(app),
      {
        ...ids,
        performEmbedding: 'true',
        embeddingEndpoint: emu.embeddingsUrl,
        embeddingKey: emu.keys.embedding,
        embeddingDeploymentName: 'text-embedding-ada-002',
      },
      ctrl.signal,
    );
    assert.ok(await eventually(() => calls() >= 3, 30_000), 'embedding started');
    ctrl.abort();
    await done;
    const atAbort = calls();
    await sleep(1500);
    // The call in flight at the abort may have reached the emulator; none after it.
    assert.ok(calls() - atAbort <= 1, `calls after the caller left: ${calls() - atAbort}`);
    const chunks = (await pool.chunk(new Uint8Array(GROFF))).length;
    assert.ok(calls() < chunks, `stopped before the end (${calls()} of ${chunks})`);
  });

  it('the worker parse is aborted when the caller leaves during it', async () => {
    let seen: AbortSignal | undefined;
    let parsing!: () => void;
    const started = new Promise<void>((resolve) => (parsing = resolve));
    const stalled: ChunkPool = {
      // A parse that never ends by itself: only the caller's abort settles it.
      payload: (_pdf, _ids, o = {}) =>
        new Promise((_resolve, reject) => {
          seen = o.signal;
          parsing();
          o.signal?.addEventListener('abort', () => reject(o.signal!.reason as Error), { once: true });
        }),
      chunk: () => Promise.reject(new Error('not used')),
      warm: async () => {},
      close: async () => {},
    };
    const local = await buildTestApp({ chunkPool: stalled, docs: 'none' });
    await local.listen({ host: '127.0.0.1', port: 0 });
    try {
      const ctrl = new AbortController();
      const done = upload(baseOf(local), ids, ctrl.signal);
      await started;
      assert.equal(seen?.aborted, false);
      ctrl.abort();
      await done;
      assert.ok(await eventually(() => seen?.aborted === true, 1000), 'the parse was aborted within a second');
    } finally {
      await local.close();
    }
  });
});

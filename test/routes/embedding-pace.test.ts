// Embeddings at the provider's pace through the chunking endpoint, against the emulator as a
// deployment under load: batches and calls in flight as asked, a tokens-per-minute quota met
// with 429s that are waited out (real waits: this app sleeps them), no 502, every chunk the
// vector of its own content; a failing call names its first chunk.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deterministicEmbedding, type Emulator } from '../../emulator/src/index.ts';
import { LAB } from '../helpers/app.ts';
import { startEmulatedApp, type EmulatedApp } from '../helpers/emulated-app.ts';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const GROFF = readFileSync(`${CORPUS}groff-manual.pdf`);

describe('chunking with embeddingBatchSize and embeddingConcurrency', () => {
  let stack: EmulatedApp;
  let emu: Emulator;
  let base: string;

  const post = async (extra: Record<string, string>) => {
    const form = new FormData();
    form.append('document', new Blob([GROFF], { type: 'application/pdf' }), 'groff.pdf');
    const r = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, {
      method: 'POST',
      headers: {
        'api-key': LAB.DOCUMENT_API_KEY,
        sourceName: 'groff-manual.pdf',
        'tenant-id': '7',
        'document-id': '42',
        performEmbedding: 'true',
        embeddingEndpoint: emu.embeddingsUrl,
        embeddingKey: emu.keys.embedding,
        embeddingDeploymentName: 'text-embedding-ada-002',
        ...extra,
      },
      body: form,
    });
    return { status: r.status, body: await r.text() };
  };
  const calls = () => emu.requests.filter((r) => r.service === 'embeddings');
  const inputsOf = (body: unknown) => {
    const input = (body as { input: string | string[] }).input;
    return typeof input === 'string' ? [input] : input;
  };
  const ownVectors = (body: string) => {
    const { value } = JSON.parse(body) as { value: { content: string; embedding: number[] }[] };
    for (const c of value) assert.deepEqual(c.embedding, deterministicEmbedding(c.content));
    return value;
  };

  before(async () => {
    // No injected sleep: the waits a 429 asks are slept, as in production.
    stack = await startEmulatedApp();
    ({ emu, base } = stack);
  });
  beforeEach(() => emu.reset());
  after(() => stack.close());

  it('batches of 4, 3 in flight: calls of consecutive chunks in order, every chunk its own vector', async () => {
    const r = await post({ embeddingBatchSize: '4', embeddingConcurrency: '3' });
    assert.equal(r.status, 200, r.body);
    const value = ownVectors(r.body);
    const sent = calls().flatMap((c) => inputsOf(c.body));
    assert.deepEqual([...sent].sort(), value.map((c) => c.content).sort());
    assert.equal(calls().length, Math.ceil(value.length / 4));
    assert.ok(calls().every((c) => inputsOf(c.body).length <= 4));
  });

  it('under a tokens-per-minute quota: 429s waited out, no 502, every chunk its own vector', async () => {
    // About two seconds of quota for the whole manual, in 250 ms windows: calls of 8 at 6 in flight overrun it.
    emu.embeddingLoad = { tokensPerMinute: 600_000, windowMs: 250, latencyMs: 5 };
    const r = await post({ embeddingBatchSize: '8', embeddingConcurrency: '6' });
    assert.equal(r.status, 200, r.body.slice(0, 300));
    ownVectors(r.body);
    const statuses = calls().map((c) => c.status);
    assert.ok(statuses.includes(429), 'the quota was met');
    // Each 429 was a call the scheduler sent again: the 200s cover every chunk once.
    const passed = calls()
      .filter((c) => c.status === 200)
      .flatMap((c) => inputsOf(c.body));
    assert.equal(passed.length, (JSON.parse(r.body) as { value: unknown[] }).value.length);
  });

  it('a call that fails for good: 502 naming the first chunk of that call', async () => {
    emu.faults.embeddings.push({ delayMs: 0 }, { status: 400, body: { error: { message: "'$.input' is invalid." } } });
    const r = await post({ embeddingBatchSize: '5', embeddingConcurrency: '1' });
    assert.equal(r.status, 502, r.body);
    assert.equal(JSON.parse(r.body).error, "Embedding failed on chunk 5: HTTP 400: '$.input' is invalid.");
  });
});

// Indexing by the service, against the emulator: every chunk searchable afterwards, batches
// Azure would accept, faults retried or answered 502 naming what is missing, nothing twice.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { MAX_BATCH_BYTES } from '../../src/documents/payload.ts';
import { LAB } from '../helpers/app.ts';
import { startEmulatedApp, type EmulatedApp } from '../helpers/emulated-app.ts';
import { generated } from '../helpers/references.ts';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const GROFF = readFileSync(`${CORPUS}groff-manual.pdf`);
const INDEX = 'pdf-chunks';

/** A 1158-page manual: gnuplot.pdf three times and its pages 1-225 (made by Debian's qpdf: npm run fixtures). */
const largeManual = () => Buffer.from(generated('manual-1158.pdf'));

describe('chunking with indexName, cloudAISearchEndpoint and cloudAISearchKey', () => {
  let stack: EmulatedApp;
  let emu: Emulator;
  let app: FastifyInstance;
  const waits: number[] = [];
  const headers = (extra: Record<string, string> = {}) => ({
    'api-key': LAB.DOCUMENT_API_KEY,
    sourceName: 'groff-manual.pdf',
    'tenant-id': '7',
    'document-id': '42',
    indexName: INDEX,
    cloudAISearchEndpoint: emu.searchUrl,
    cloudAISearchKey: emu.keys.searchAdmin,
    ...extra,
  });
  const upload = async (h: Record<string, string>, pdf: Buffer = GROFF) => {
    const form = new FormData();
    form.append('document', new Blob([pdf], { type: 'application/pdf' }), 'manual.pdf');
    const port = (app.server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/apis/chunk-and-perform-embedding.php`, {
      method: 'POST',
      headers: h,
      body: form,
    });
    const text = await res.text();
    return {
      status: res.status,
      body: JSON.parse(text) as Record<string, unknown>,
      bytes: text.length,
      code: res.headers.get('x-error-code'),
      hint: res.headers.get('x-error-hint'),
    };
  };
  const indexPosts = () => emu.requests.filter((r) => r.service === 'search' && r.path.endsWith('/docs/index'));

  before(async () => {
    stack = await startEmulatedApp({
      // The hang test waits this out once; long enough that a 1000-document batch to the emulator
      // in this same process never times out on a loaded machine (2 s did, at a load average of 10).
      env: { SEARCH_TIMEOUT_MS: '8000' },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    ({ emu, app } = stack);
  });
  beforeEach(() => {
    emu.reset();
    emu.createIndex(indexDefinition(INDEX));
    waits.length = 0;
  });
  after(() => stack.close());

  test('with embeddings: every chunk is in the index, in batches Azure accepts; calling again adds nothing', async () => {
    const h = headers({
      performEmbedding: 'true',
      embeddingEndpoint: emu.embeddingsUrl,
      embeddingKey: emu.keys.embedding,
      embeddingDeploymentName: 'text-embedding-ada-002',
    });
    const r = await upload(h);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.equal(r.body.indexed, r.body.chunks);
    assert.deepEqual(r.body.failedKeys, []);
    assert.equal(r.body.embeddingPerformed, true);
    const docs = emu.index(INDEX)!.documents;
    assert.equal(docs.size, r.body.chunks);
    for (const req of indexPosts()) {
      assert.ok(
        Number(req.headers['content-length']) <= MAX_BATCH_BYTES,
        `batch of ${req.headers['content-length']} bytes`,
      );
      assert.ok((req.body as { value: unknown[] }).value.length <= 1000);
    }
    assert.equal(indexPosts().length, r.body.batches);
    const again = await upload(h);
    assert.equal(again.status, 200);
    assert.equal(emu.index(INDEX)!.documents.size, r.body.chunks, 'the same keys, not a second copy');
  });

  test('a 1158-page manual with embeddings: searchable afterwards (count equals chunks), in batches Azure accepts', async (t) => {
    const pdf = largeManual();
    const h = headers({
      performEmbedding: 'true',
      embeddingEndpoint: emu.embeddingsUrl,
      embeddingKey: emu.keys.embedding,
      embeddingDeploymentName: 'text-embedding-ada-002',
    });
    const r = await upload(h, pdf);
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
    const chunks = r.body.chunks as number;
    assert.ok(chunks > 2000, `${chunks} chunks`);
    assert.equal(r.body.indexed, chunks);
    // Searchable: the index's own count, asked as a client asks it, with the query key.
    const count = await fetch(`${emu.searchUrl}/indexes/${INDEX}/docs/$count?api-version=2024-07-01`, {
      headers: { 'api-key': emu.keys.searchQuery },
    });
    assert.equal(count.status, 200);
    assert.equal(Number((await count.text()).replace(/^\uFEFF/, '')), chunks);
    // More than one batch (the embedded payload is far over 16 MB), each within Azure's limits
    // read strictly: 1000 actions and 16,000,000 bytes.
    // A batch that timed out on a loaded machine is posted again (the client's retry): the batches
    // are the distinct ones, told apart by their first key.
    const posts = indexPosts();
    const firstKey = (p: (typeof posts)[number]) => (p.body as { value: { id: string }[] }).value[0]?.id;
    assert.equal(new Set(posts.map(firstKey)).size, r.body.batches);
    assert.ok(posts.length > 1, `${posts.length} batches`);
    for (const req of posts) {
      assert.ok(Number(req.headers['content-length']) <= 16_000_000, `batch of ${req.headers['content-length']} bytes`);
      assert.ok((req.body as { value: unknown[] }).value.length <= 1000);
    }
    const largest = Math.max(...posts.map((p) => Number(p.headers['content-length'])));
    t.diagnostic(`${chunks} chunks in ${posts.length} batches, the largest ${largest} bytes`);
    const embedded = (emu.index(INDEX)!.documents.get('7-42-0000') as { embedding?: unknown[] } | undefined)?.embedding;
    assert.equal(embedded?.length, 1536);
  });

  test('indexing a shorter version leaves exactly the new chunks; another tenant and document stay', async () => {
    // The same document id under another tenant, and another document of the same tenant.
    const seed = (tenant: string, doc: string, n: number) =>
      fetch(`${emu.searchUrl}/indexes/${INDEX}/docs/index?api-version=2024-07-01`, {
        method: 'POST',
        headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
        body: JSON.stringify({
          value: Array.from({ length: n }, (_, i) => ({
            '@search.action': 'upload',
            id: `${tenant}-${doc}-${String(i).padStart(4, '0')}`,
            tenant_id: Number(tenant),
            document_id: Number(doc),
            sourceName: 'other.pdf',
            section: '',
            content: `other ${i}`,
            embedding: [],
          })),
        }),
      });
    assert.equal((await seed('8', '42', 400)).status, 200);
    assert.equal((await seed('7', '43', 3)).status, 200);
    const long = await upload(headers());
    assert.equal(long.status, 200, JSON.stringify(long.body));
    assert.equal(long.body.removed, 0);
    const longCount = long.body.chunks as number;
    // A shorter version, same tenant and document: a document of a few chunks (a shared file, so
    // that npm test needs no PDF tool to cut one).
    const shorter = readFileSync(`${CORPUS}hand-written-hard.pdf`);
    const short = await upload(headers(), shorter);
    assert.equal(short.status, 200, JSON.stringify(short.body));
    const n = short.body.chunks as number;
    assert.ok(n < longCount, `${n} chunks after ${longCount}`);
    assert.equal(short.body.removed, longCount - n);
    const keys = [...emu.index(INDEX)!.documents.keys()];
    const ours = keys.filter((k) => k.startsWith('7-42-')).sort();
    assert.deepEqual(
      ours,
      Array.from({ length: n }, (_, i) => `7-42-${String(i).padStart(4, '0')}`),
    );
    assert.equal(keys.filter((k) => k.startsWith('8-42-')).length, 400, "tenant 8's document 42 stays");
    assert.equal(keys.filter((k) => k.startsWith('7-43-')).length, 3, "tenant 7's document 43 stays");
    // The listing asked for this tenant's document only, before the upload wrote.
    const searches = emu.requests.filter((r) => r.service === 'search' && r.path.endsWith('/docs/search'));
    assert.ok(searches.length > 0);
    for (const r of searches) {
      assert.equal((r.body as { filter: string }).filter, 'document_id eq 42 and tenant_id eq 7');
    }
    // Re-indexing the same version removes nothing.
    const again = await upload(headers(), shorter);
    assert.equal(again.body.removed, 0);
  });

  test('429 and 503 with Retry-After are waited out (bounded), then the upload succeeds', async () => {
    emu.faults.search.push(
      { status: 429, headers: { 'retry-after': '3' }, operation: 'index' },
      { status: 503, headers: { 'retry-after': '600' }, operation: 'index' },
    );
    const r = await upload(headers());
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(emu.index(INDEX)!.documents.size, r.body.chunks);
    assert.deepEqual(waits, [3000, 30_000]);
  });

  test('a 207 with transient item failures: those items are retried and the index is complete', async () => {
    emu.faults.search.push({ partial: { failKeys: ['7-42-0001', '7-42-0005'], statusCode: 503 } });
    const r = await upload(headers());
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(emu.index(INDEX)!.documents.size, r.body.chunks);
    const retry = indexPosts()[1]!.body as { value: { id: string }[] };
    assert.deepEqual(
      retry.value.map((d) => d.id),
      ['7-42-0001', '7-42-0005'],
    );
  });

  test('a 207 with items refused for good: 502 naming what was and was not indexed', async () => {
    emu.faults.search.push({ partial: { failKeys: ['7-42-0002'], statusCode: 400, errorMessage: 'bad field' } });
    const r = await upload(headers());
    assert.equal(r.status, 502);
    assert.equal(r.body.success, false);
    assert.deepEqual(r.body.failedKeys, ['7-42-0002']);
    assert.equal(r.body.indexed, (r.body.chunks as number) - 1);
    assert.match(
      String(r.body.error),
      /^Indexed \d+ of \d+ chunks into index 'pdf-chunks'; not indexed: 1 \(7-42-0002 \(HTTP 400: bad field\)\)/,
    );
    assert.equal(emu.index(INDEX)!.documents.size, r.body.indexed);
  });

  test('a hang: the call times out and is retried', async () => {
    emu.faults.search.push({ hang: true, operation: 'index' });
    const r = await upload(headers());
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(emu.index(INDEX)!.documents.size, r.body.chunks);
  });

  test('the index unavailable on every attempt: 502 in one line, not one reason per key', async () => {
    emu.faults.search.repeat({ status: 503, operation: 'index' }, 5);
    const r = await upload(headers());
    assert.equal(r.status, 502);
    assert.equal(r.code, 'index_upload_failed');
    assert.deepEqual(Object.keys(r.body).sort(), ['error', 'success']);
    assert.match(
      String(r.body.error),
      /^Indexing into index 'pdf-chunks' failed: HTTP 503[^\n]*\. Calling again is safe: uploads replace by key\.$/,
    );
    assert.equal(indexPosts().length, 5, 'the one batch, MAX_ATTEMPTS times');
    assert.equal(emu.index(INDEX)!.documents.size, 0);
  });

  // Failures of the index or the key: the same for every chunk, so said once with what to do.
  const indexLevel: [string, () => Record<string, string>, string, RegExp, RegExp][] = [
    [
      'no such index: the listing before the upload says so, and how to create it',
      () => headers({ indexName: 'no-such-index' }),
      'search_failed',
      /^The search call to the search service failed: HTTP 404: The index 'no-such-index' for service '[^']*' was not found\. Create the index first/,
      /^Create the index first: PUT the body of GET \/apis\/search-index-definition\?name=no-such-index/,
    ],
    [
      'a query key, which can search but not write',
      () => headers({ cloudAISearchKey: emu.keys.searchQuery }),
      'index_upload_failed',
      /^Indexing into index 'pdf-chunks' failed: HTTP 403[^\n]*\. Check cloudAISearchKey: an admin key/,
      /^Check cloudAISearchKey/,
    ],
    [
      'page-numbers to an index made without them',
      () => headers({ 'page-numbers': 'true' }),
      'index_upload_failed',
      /^Indexing into index 'pdf-chunks' failed: HTTP 400: [^\n]*page_(?:start|end)[^\n]*\. The index lacks a field the chunks carry/,
      /pageNumbers=true/,
    ],
  ];
  for (const [name, h, code, message, hint] of indexLevel) {
    test(`${name}: 502 ${code}, one line`, async () => {
      const r = await upload(h());
      assert.equal(r.status, 502, JSON.stringify(r.body));
      assert.equal(r.code, code);
      assert.deepEqual(Object.keys(r.body).sort(), ['error', 'success']);
      assert.match(String(r.body.error), message);
      assert.match(String(r.hint), hint);
      assert.ok(r.bytes < 1200, `${r.bytes} bytes`);
      assert.ok(!String(r.body.error).includes('7-42-0000'), 'no key named');
    });
  }

  test('only some of the three headers: 400 naming the missing one', async () => {
    const h = headers();
    delete (h as Record<string, string>).cloudAISearchKey;
    const r = await upload(h);
    assert.equal(r.status, 400);
    assert.match(String(r.body.error), /cloudAISearchKey is required/);
  });
});

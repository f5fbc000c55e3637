// Vectors reused by content, not by key, against the emulator: indexing the same document again
// makes no embedding call; after one paragraph is inserted in the middle of a 311-page manual
// (gnuplot's, as pdftotext reads it: its text, sent as a plain-text document) at most 5% of its
// chunks are embedded again; every chunk carries the vector of its own text; and where the index
// does not return vectors (embedding not retrievable), every chunk is embedded and the summary
// says why.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { LAB } from '../helpers/app.ts';
import { startEmulatedApp, type EmulatedApp } from '../helpers/emulated-app.ts';
import { referenceText } from '../helpers/references.ts';

const INDEX = 'pdf-chunks';
const PARAGRAPH =
  'This paragraph was added in a later edition of the manual. It explains a change in how the ' +
  'program reads its settings at start-up, and it points the reader to the section on options for the details.';

/** The manual's text with one paragraph inserted at the paragraph break nearest to `at` (0..1) of its length. */
function withParagraph(text: string, at: number): string {
  const i = text.indexOf('\n\n', Math.floor(text.length * at));
  assert.ok(i > 0);
  return `${text.slice(0, i)}\n\n${PARAGRAPH}${text.slice(i)}`;
}

describe('vectors reused by content (indexing by the service, with embeddings)', () => {
  let stack: EmulatedApp;
  let emu: Emulator;
  let app: FastifyInstance;
  const manual = referenceText('gnuplot.pdf', 'pdftotext');
  const headers = () => ({
    'api-key': LAB.DOCUMENT_API_KEY,
    sourceName: 'gnuplot.txt',
    'tenant-id': '7',
    'document-id': '42',
    indexName: INDEX,
    cloudAISearchEndpoint: emu.searchUrl,
    cloudAISearchKey: emu.keys.searchAdmin,
    performEmbedding: 'true',
    embeddingEndpoint: emu.embeddingsUrl,
    embeddingKey: emu.keys.embedding,
    embeddingDeploymentName: 'text-embedding-ada-002',
    embeddingBatchSize: '16',
    embeddingConcurrency: '4',
  });
  const upload = async (text: string) => {
    const form = new FormData();
    form.append('document', new Blob([text], { type: 'text/plain' }), 'gnuplot.txt');
    const port = (app.server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/apis/chunk-and-perform-embedding.php`, {
      method: 'POST',
      headers: headers(),
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** The texts sent to the provider since the log was last cleared. */
  const embeddedTexts = () =>
    emu.requests
      .filter((r) => r.service === 'embeddings' && r.status === 200)
      .flatMap((r) => {
        const input = (r.body as { input: string | string[] }).input;
        return Array.isArray(input) ? input : [input];
      });
  /** Every stored chunk of tenant 7's document 42 has the vector the provider gives its own text. */
  const assertOwnVectors = async () => {
    const docs = [...emu.index(INDEX)!.documents.values()] as { content: string; embedding: number[] }[];
    const res = await fetch(
      `${emu.embeddingsUrl}/openai/deployments/text-embedding-ada-002/embeddings?api-version=2024-02-01`,
      {
        method: 'POST',
        headers: { 'api-key': emu.keys.embedding, 'content-type': 'application/json' },
        body: JSON.stringify({ input: docs.map((d) => d.content).slice(0, 2048) }),
      },
    );
    const want = ((await res.json()) as { data: { embedding: number[] }[] }).data;
    docs.slice(0, 2048).forEach((d, i) => {
      const w = want[i]!.embedding;
      // Stored as Collection(Edm.Single): compared at float32 precision.
      assert.ok(
        d.embedding.length === w.length && d.embedding.every((x, j) => Math.abs(x - w[j]!) < 1e-6),
        `chunk ${i} carries the vector of its own text`,
      );
    });
  };

  before(async () => {
    stack = await startEmulatedApp({ env: { SEARCH_TIMEOUT_MS: '20000' } });
    ({ emu, app } = stack);
  });
  beforeEach(() => emu.reset());
  after(() => stack.close());

  test('the same document again: no embedding call; one paragraph inserted mid-manual: at most 5% embedded again', async (t) => {
    emu.createIndex(indexDefinition(INDEX));
    const first = await upload(manual);
    assert.equal(first.status, 200, JSON.stringify(first.body).slice(0, 500));
    const chunks = first.body.chunks as number;
    assert.ok(chunks > 500, `${chunks} chunks`);
    assert.equal(first.body.reused, 0);
    assert.equal(embeddedTexts().length, chunks, 'the first time, every chunk is embedded');

    emu.requests.length = 0;
    const same = await upload(manual);
    assert.equal(same.status, 200, JSON.stringify(same.body).slice(0, 500));
    assert.equal(embeddedTexts().length, 0, 'no embedding call for an unchanged document');
    assert.equal(same.body.reused, chunks);
    assert.equal(same.body.removed, 0);
    assert.equal(same.body.reuseUnavailable, undefined);

    emu.requests.length = 0;
    const edited = await upload(withParagraph(manual, 0.5));
    assert.equal(edited.status, 200, JSON.stringify(edited.body).slice(0, 500));
    const now = edited.body.chunks as number;
    const again = embeddedTexts();
    t.diagnostic(
      `${now} chunks after the edit; embedded again: ${again.length} (${((100 * again.length) / now).toFixed(2)}%); reused ${String(edited.body.reused)}`,
    );
    assert.ok(
      again.some((s) => s.includes('added in a later edition')),
      'the edited chunk is embedded',
    );
    assert.ok(again.length <= 0.05 * now, `${again.length} of ${now} chunks embedded again`);
    assert.equal((edited.body.reused as number) + again.length, now);
    assert.equal(emu.index(INDEX)!.documents.size, now, 'exactly the new chunks stay');
    await assertOwnVectors();
  });

  test('the index does not return vectors (embedding not retrievable): every chunk embedded, reuseUnavailable says why', async () => {
    const def = indexDefinition(INDEX);
    const field = def.fields.find((f) => f.name === 'embedding')!;
    emu.createIndex({ ...def, fields: def.fields.map((f) => (f === field ? { ...f, retrievable: false } : f)) });
    const short = manual.slice(0, 30_000);
    const first = await upload(short);
    assert.equal(first.status, 200, JSON.stringify(first.body).slice(0, 500));
    emu.requests.length = 0;
    const again = await upload(short);
    assert.equal(again.status, 200, JSON.stringify(again.body).slice(0, 500));
    assert.equal(again.body.reused, 0);
    assert.equal(embeddedTexts().length, again.body.chunks, 'every chunk embedded');
    assert.match(
      String(again.body.reuseUnavailable),
      /^Stored vectors were not reused, every chunk was embedded: the index did not return them \(.*HTTP 400: .*'embedding' is not retrievable.*\)$/,
    );
    // The listing of keys still ran: nothing of the earlier version is left.
    assert.equal(again.body.removed, 0);
    assert.equal(emu.index(INDEX)!.documents.size, again.body.chunks);
  });

  test("another tenant's chunk with the same text is never reused", async () => {
    emu.createIndex(indexDefinition(INDEX));
    const short = manual.slice(0, 30_000);
    const first = await upload(short);
    assert.equal(first.status, 200);
    // Move tenant 7's chunks to tenant 8 (same document id, same texts).
    const idx = emu.index(INDEX)!;
    const moved = [...idx.documents.values()].map((d) => ({
      ...(d as Record<string, unknown>),
      '@search.action': 'upload',
      id: String((d as { id: string }).id).replace(/^7-/, '8-'),
      tenant_id: 8,
      document_id: 42,
    }));
    const res = await fetch(`${emu.searchUrl}/indexes/${INDEX}/docs/index?api-version=2024-07-01`, {
      method: 'POST',
      headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
      body: JSON.stringify({
        value: [...[...idx.documents.keys()].map((id) => ({ '@search.action': 'delete', id })), ...moved],
      }),
    });
    assert.equal(res.status, 200, await res.text());
    emu.requests.length = 0;
    const again = await upload(short);
    assert.equal(again.status, 200);
    assert.equal(again.body.reused, 0);
    assert.equal(embeddedTexts().length, again.body.chunks);
  });
});

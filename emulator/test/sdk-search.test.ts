/**
 * The search emulator driven by the official `@azure/search-documents` 13 client, the way a user
 * writes it (its default api-version 2026-04-01, its OData routes, its Accept and Prefer headers).
 * The one concession: plain http needs `allowInsecureConnection: true` in the client options.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  AzureKeyCredential,
  IndexDocumentsBatch,
  SearchClient,
  SearchIndexClient,
  SearchIndexingBufferedSender,
  odata,
} from '@azure/search-documents';
import type { SearchIndex } from '@azure/search-documents';
import { deterministicEmbedding, startEmulator } from '../src/index.ts';
import type { Emulator } from '../src/index.ts';

interface Chunk {
  id: string;
  tenant_id: number;
  document_id: number;
  sourceName: string;
  section: string;
  content: string;
  embedding: number[];
}

const NAME = 'pdf_chunks';

/** The chunk index of azure-contracts.md section 3, written in the SDK's model (the SDK renames properties on the wire). */
function chunkIndex(name = NAME): SearchIndex {
  return {
    name,
    fields: [
      { name: 'id', type: 'Edm.String', key: true, filterable: true, sortable: true },
      { name: 'tenant_id', type: 'Edm.Int64', filterable: true, sortable: true, facetable: true },
      { name: 'document_id', type: 'Edm.Int64', filterable: true, sortable: true, facetable: true },
      { name: 'sourceName', type: 'Edm.String', searchable: true, filterable: true, sortable: true, facetable: true },
      { name: 'section', type: 'Edm.String', searchable: true, filterable: true, facetable: true },
      { name: 'content', type: 'Edm.String', searchable: true, analyzerName: 'standard.lucene' },
      {
        name: 'embedding',
        type: 'Collection(Edm.Single)',
        searchable: true,
        vectorSearchDimensions: 1536,
        vectorSearchProfileName: 'chunk-vector-profile',
      },
    ],
    vectorSearch: {
      algorithms: [
        {
          name: 'chunk-hnsw',
          kind: 'hnsw',
          parameters: { m: 4, efConstruction: 400, efSearch: 500, metric: 'cosine' },
        },
      ],
      profiles: [{ name: 'chunk-vector-profile', algorithmConfigurationName: 'chunk-hnsw' }],
    },
  };
}

function chunk(
  document: number,
  i: number,
  content = `chunk ${i} of document ${document}`,
  embedding: number[] = [],
): Chunk {
  return {
    id: `7-${document}-${String(i).padStart(4, '0')}`,
    tenant_id: 7,
    document_id: document,
    sourceName: 'handbook.pdf',
    section: `Section ${i}`,
    content,
    embedding,
  };
}

/** The `statusCode` of a RestError the SDK threw. */
function statusOf(err: unknown): number | undefined {
  return typeof err === 'object' && err !== null && 'statusCode' in err
    ? (err as { statusCode?: number }).statusCode
    : undefined;
}

function rejectsWith(status: number, message?: RegExp) {
  return (err: unknown): boolean => {
    assert.equal(statusOf(err), status, String(err));
    assert.equal((err as Error).name, 'RestError');
    if (message !== undefined) assert.match((err as Error).message, message);
    return true;
  };
}

describe('@azure/search-documents 13 against the emulator', () => {
  let emu: Emulator;
  let indexes: SearchIndexClient;
  let docs: SearchClient<Chunk>;

  before(async () => {
    emu = await startEmulator();
    const admin = new AzureKeyCredential(emu.keys.searchAdmin);
    indexes = new SearchIndexClient(emu.searchUrl, admin, { allowInsecureConnection: true });
    docs = new SearchClient<Chunk>(emu.searchUrl, NAME, admin, { allowInsecureConnection: true });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  describe('index management with ETags', () => {
    it('createIndex, getIndex, createOrUpdateIndex on an existing index (200 with the index), deleteIndex', async () => {
      const created = await indexes.createIndex(chunkIndex());
      assert.equal(created.name, NAME);
      assert.equal(created.fields.length, 7);
      const got = await indexes.getIndex(NAME);
      assert.deepEqual(
        got.fields.map((f) => f.name),
        ['id', 'tenant_id', 'document_id', 'sourceName', 'section', 'content', 'embedding'],
      );

      const updated = await indexes.createOrUpdateIndex({ ...got, description: 'chunks of the handbook' });
      assert.equal(updated.description, 'chunks of the handbook');
      const put = emu.requests.at(-1);
      assert.equal(put?.headers['prefer'], 'return=representation');
      assert.equal(put?.status, 200);

      await indexes.deleteIndex(NAME);
      await assert.rejects(
        indexes.getIndex(NAME),
        rejectsWith(404, /The index 'pdf_chunks' for service 'emulator' was not found\./),
      );
      await indexes.deleteIndex(NAME); // the SDK takes the 404 of a missing index as done
    });

    it('the ETag changes on every change; a stale If-Match is 412 on update and delete; If-None-Match: * on an existing index is 412', async () => {
      // @azure/search-documents 13.0.0 hands the ETag back as `eTag`, while `onlyIfUnchanged`
      // reads `etag`: copy it over, or onlyIfUnchanged sends no If-Match at all.
      const first = await indexes.createIndex(chunkIndex());
      const firstTag = (first as { eTag?: string }).eTag;
      assert.equal(first.etag, undefined);
      assert.match(firstTag ?? '', /^"0x[0-9A-F]+"$/);

      const second = await indexes.createOrUpdateIndex(
        { ...first, etag: firstTag, description: 'v2' },
        { onlyIfUnchanged: true },
      );
      assert.equal(emu.requests.at(-1)?.headers['if-match'], firstTag);
      const secondTag = (second as { eTag?: string }).eTag;
      assert.notEqual(secondTag, firstTag, 'an update changes the ETag');
      assert.equal(((await indexes.getIndex(NAME)) as { eTag?: string }).eTag, secondTag);

      const stale = { ...first, etag: firstTag, description: 'v3' };
      await assert.rejects(
        indexes.createOrUpdateIndex(stale, { onlyIfUnchanged: true }),
        rejectsWith(412, /precondition/),
      );
      await assert.rejects(indexes.deleteIndex(stale, { onlyIfUnchanged: true }), rejectsWith(412));
      assert.equal((await indexes.getIndex(NAME)).description, 'v2', 'nothing changed');

      await assert.rejects(
        indexes.createOrUpdateIndex(chunkIndex(), { requestOptions: { headers: { 'If-None-Match': '*' } } }),
        rejectsWith(412),
      );
      await indexes.deleteIndex({ ...second, etag: secondTag }, { onlyIfUnchanged: true });
      const again = await indexes.createIndex(chunkIndex());
      assert.notEqual((again as { eTag?: string }).eTag, firstTag, 'a recreated index has a new ETag');
    });

    it('index names with underscores are accepted; a name Azure refuses is a 400', async () => {
      await indexes.createIndex(chunkIndex('chunks_2024_v1'));
      await assert.rejects(indexes.createIndex(chunkIndex('chunks__v1')), rejectsWith(400, /Invalid index name/));
      await assert.rejects(indexes.createIndex(chunkIndex('_chunks')), rejectsWith(400, /Invalid index name/));
    });

    it('index and service statistics', async () => {
      await indexes.createIndex(chunkIndex());
      await docs.uploadDocuments([chunk(42, 0, 'alpha', deterministicEmbedding('alpha')), chunk(42, 1)]);
      const stats = await indexes.getIndexStatistics(NAME);
      assert.equal(stats.documentCount, 2);
      assert.equal(stats.vectorIndexSize, 1536 * 4);
      assert.ok(stats.storageSize > stats.vectorIndexSize);
      const service = await indexes.getServiceStatistics();
      assert.deepEqual(service.counters.indexCounter, { usage: 1, quota: 15 });
      assert.equal(service.counters.documentCounter.usage, 2);
      assert.equal(await docs.getDocumentsCount(), 2);
    });

    it('an api-version Azure does not serve is refused with 400; older ones work', async () => {
      const odd = new SearchIndexClient(emu.searchUrl, new AzureKeyCredential(emu.keys.searchAdmin), {
        allowInsecureConnection: true,
        serviceVersion: '2099-13-45',
      });
      await assert.rejects(
        odd.createIndex(chunkIndex()),
        rejectsWith(400, /Invalid or missing api-version query string parameter\./),
      );
      const ga = new SearchIndexClient(emu.searchUrl, new AzureKeyCredential(emu.keys.searchAdmin), {
        allowInsecureConnection: true,
        serviceVersion: '2024-07-01',
      });
      assert.equal((await ga.createIndex(chunkIndex())).name, NAME);
    });
  });

  describe('documents', () => {
    beforeEach(async () => {
      await indexes.createIndex(chunkIndex());
    });

    it('uploads in batches (IndexDocumentsBatch of 1000 and the buffered sender), every item 201', async () => {
      const all = Array.from({ length: 2500 }, (_, i) => chunk(42, i));
      for (let start = 0; start < all.length; start += 1000) {
        const batch = new IndexDocumentsBatch<Chunk>();
        batch.upload(all.slice(start, start + 1000));
        const result = await docs.indexDocuments(batch, { throwOnAnyFailure: true });
        assert.ok(result.results.every((r) => r.succeeded && r.statusCode === 201));
      }
      const sender = new SearchIndexingBufferedSender<Chunk>(docs, (d) => d.id, {
        autoFlush: false,
        initialBatchActionCount: 300,
      });
      const sent: number[] = [];
      sender.on('batchSucceeded', (r) => sent.push(r.results.length));
      await sender.uploadDocuments(Array.from({ length: 700 }, (_, i) => chunk(43, i)));
      await sender.flush();
      await sender.dispose();
      assert.equal(
        sent.reduce((a, b) => a + b, 0),
        700,
      );
      assert.equal(await docs.getDocumentsCount(), 3200);
    });

    it('searches: full text, filters built with odata``, select, orderBy, count', async () => {
      await docs.uploadDocuments([
        chunk(42, 0, 'appeals and reviews of a decision'),
        chunk(42, 1, 'coverage in two columns'),
        chunk(43, 0, 'appeals procedure'),
      ]);
      const text = await docs.search('appeals', { includeTotalCount: true, select: ['id'] });
      assert.equal(text.count, 2);
      const ids: string[] = [];
      for await (const r of text.results) {
        ids.push(r.document.id);
        assert.equal(typeof r.score, 'number');
        // SDK 13.0.0 leaves '@search.score' among the document's properties (its deserializer skips
        // 'score', not '@search.score'); the same happens against Azure.
        assert.deepEqual(
          Object.keys(r.document).filter((k) => !k.startsWith('@search.')),
          ['id'],
        );
      }
      assert.deepEqual(ids.sort(), ['7-42-0000', '7-43-0000']);

      const documentId = 42;
      const filtered = await docs.search('*', {
        filter: odata`document_id eq ${documentId}`,
        orderBy: ['id desc'],
        select: ['id', 'document_id'],
      });
      const rows: Array<{ id: string; document_id: number }> = [];
      for await (const r of filtered.results) rows.push({ id: r.document.id, document_id: r.document.document_id });
      assert.deepEqual(rows, [
        { id: '7-42-0001', document_id: 42 },
        { id: '7-42-0000', document_id: 42 },
      ]);

      await assert.rejects(docs.search('*', { filter: "document_id eq '42'" }), rejectsWith(400, /Invalid expression/));
    });

    it('pages: 2500 hits come through the continuation, 50 a page by default, at most 1000 a page', async () => {
      const all = Array.from({ length: 2500 }, (_, i) => chunk(42, i));
      for (let start = 0; start < all.length; start += 1000) await docs.uploadDocuments(all.slice(start, start + 1000));

      const byDefault = await docs.search('*', { select: ['id'] });
      const seen = new Set<string>();
      for await (const r of byDefault.results) seen.add(r.document.id);
      assert.equal(seen.size, 2500);

      const sizes: number[] = [];
      const pages = (await docs.search('*', { top: 2500, select: ['id'], orderBy: ['id asc'] })).results.byPage();
      let last = '';
      for await (const page of pages) {
        sizes.push(page.results.length);
        for (const r of page.results) {
          assert.ok(r.document.id > last, 'pages follow on in order');
          last = r.document.id;
        }
      }
      assert.deepEqual(sizes, [1000, 1000, 500]);
      assert.ok(
        emu.requests.some((r) => r.body !== undefined && (r.body as { skip?: number }).skip === 2000),
        'the SDK asked for the third page',
      );
    });

    it('vector queries find the nearest chunk, alone or with a filter', async () => {
      const texts = ['appeals and reviews', 'coverage in two columns', 'holiday allowance rules'];
      await docs.uploadDocuments(texts.map((t, i) => chunk(42, i, t, deterministicEmbedding(t))));
      await docs.uploadDocuments([chunk(43, 0, 'appeals and reviews', deterministicEmbedding('appeals and reviews'))]);
      const vector = deterministicEmbedding('appeals and reviews of a claim');
      const res = await docs.search(undefined, {
        vectorSearchOptions: {
          queries: [{ kind: 'vector', vector, fields: ['embedding'], kNearestNeighborsCount: 2 }],
        },
        filter: 'document_id eq 42',
        select: ['id', 'content'],
      });
      const hits: Array<{ id: string; score: number }> = [];
      for await (const r of res.results) hits.push({ id: r.document.id, score: r.score });
      assert.equal(hits.length, 2);
      assert.equal(hits[0]?.id, '7-42-0000');
      assert.ok((hits[0]?.score ?? 0) > (hits[1]?.score ?? 0));

      await assert.rejects(
        docs.search(undefined, {
          vectorSearchOptions: { queries: [{ kind: 'vector', vector: [0.1, 0.2], fields: ['embedding'] }] },
        }),
        rejectsWith(400, /expects a length of '1536'/),
      );
    });

    it('looks a document up; a missing one is a RestError with statusCode 404', async () => {
      await docs.uploadDocuments([chunk(42, 0, 'alpha')]);
      const doc = await docs.getDocument('7-42-0000');
      assert.deepEqual(doc, chunk(42, 0, 'alpha'), 'the document as uploaded, no OData annotations');
      await assert.rejects(docs.getDocument('7-42-9999'), rejectsWith(404, /7-42-9999/));
    });

    it('merges and deletes; a merge of a missing key fails that item (207)', async () => {
      await docs.uploadDocuments([chunk(42, 0), chunk(42, 1)]);
      const merged = await docs.mergeDocuments([
        { id: '7-42-0000', section: 'Renamed' },
        { id: '7-42-0404', section: 'x' },
      ] as Chunk[]);
      assert.deepEqual(
        merged.results.map((r) => [r.key, r.succeeded, r.statusCode]),
        [
          ['7-42-0000', true, 200],
          ['7-42-0404', false, 404],
        ],
      );
      assert.equal((await docs.getDocument('7-42-0000')).section, 'Renamed');
      await docs.deleteDocuments('id', ['7-42-0000', '7-42-0001']);
      assert.equal(await docs.getDocumentsCount(), 0);
    });

    it('a query key searches but cannot write (403)', async () => {
      const reader = new SearchClient<Chunk>(emu.searchUrl, NAME, new AzureKeyCredential(emu.keys.searchQuery), {
        allowInsecureConnection: true,
      });
      assert.equal((await reader.search('*')).count, undefined);
      await assert.rejects(reader.uploadDocuments([chunk(42, 0)]), rejectsWith(403));
    });

    it('Int64 beyond 2^53: a JSON.parse-d payload uploaded through the SDK changes document_id; the payload bytes keep it', async () => {
      const payload =
        '{"value":[{"@search.action":"upload","id":"7-9007199254740993-0000","tenant_id":7,"document_id":9007199254740993,"sourceName":"s.pdf","section":"","content":"x","embedding":[]}]}';
      const parsed = (JSON.parse(payload) as { value: Array<Chunk & { '@search.action'?: string }> }).value.map(
        ({ '@search.action': _action, ...doc }) => doc,
      );
      await docs.uploadDocuments(parsed);
      assert.equal(
        emu.index(NAME)?.documents.get('7-9007199254740993-0000')?.['document_id'],
        9007199254740992n,
        'the SDK sent ...992',
      );

      const raw = await fetch(`${emu.searchUrl}/indexes/${NAME}/docs/index?api-version=2024-07-01`, {
        method: 'POST',
        headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
        body: payload,
      });
      assert.equal(raw.status, 200);
      assert.equal(
        emu.index(NAME)?.documents.get('7-9007199254740993-0000')?.['document_id'],
        9007199254740993n,
        'the bytes as they are keep ...993',
      );
    });
  });
});

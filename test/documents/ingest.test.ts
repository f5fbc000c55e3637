// The ingest without HTTP: a fake pool, embedding client and search uploader, each recording what
// it was given, and the plain result (status, headers, payload or body) compared whole.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatOf,
  ingestDocument,
  type IngestInput,
  type IngestOptions,
  type IngestProgress,
  type IngestResult,
} from '../../src/documents/ingest.ts';
import type { ChunkCallOptions, ChunkPool } from '../../src/documents/pool.ts';
import type { Chunk } from '../../src/documents/types.ts';
import type { EmbeddingClient } from '../../src/clients/embeddings.ts';
import { EmbeddingError } from '../../src/clients/embeddings.ts';
import type { IndexKeeper } from '../../src/documents/index-upload.ts';
import { documentError } from '../../src/documents/document-error.ts';
import { AppError } from '../../src/errors.ts';
import { SearchCallError } from '../../src/clients/search-index.ts';
import { buildPayload } from '../../src/documents/payload.ts';
import { makePdf, textPages } from './helpers/make-pdf.ts';

const BYTES = Buffer.from('# 1 Title\n\nSome words.\n');
const OPTIONS: IngestOptions = { sourceName: 'a.md', tenantId: '7', documentId: '42', pageNumbers: false, ocr: 'auto' };
const EMBEDDING = { endpoint: 'https://x.openai.azure.com', key: 'k', deployment: 'd' };
const INDEX = { endpoint: 'https://svc.search.windows.net', key: 's', indexName: 'pdf-chunks' };
const chunksOf = (n: number): Chunk[] =>
  Array.from({ length: n }, (_, i) => ({ section: `S${i}`, content: `chunk ${i}`, pageStart: 1, pageEnd: 1 }));

/** A pool that answers from a table: `chunks` or a failure, and an OCR report told before it resolves. */
function fakePool(chunks: Chunk[], opts: { fail?: Error; ocr?: { pages: number; skipped: number } } = {}) {
  const calls: { method: 'payload' | 'chunk'; options: ChunkCallOptions; ids?: unknown }[] = [];
  const settle = (options: ChunkCallOptions) => {
    if (opts.fail) throw opts.fail;
    if (opts.ocr) options.onOcr?.(opts.ocr);
  };
  const pool: ChunkPool = {
    payload: async (_bytes, ids, options = {}) => {
      calls.push({ method: 'payload', options, ids });
      settle(options);
      return { ...buildPayload(chunks, ids), count: chunks.length };
    },
    chunk: async (_bytes, options = {}) => {
      calls.push({ method: 'chunk', options });
      settle(options);
      return chunks;
    },
    warm: async () => {},
    close: async () => {},
  };
  return { pool, calls };
}

/** An embedding client giving [i, i] for the i-th input, or failing on the input named. */
function fakeEmbeddings(failOn?: string) {
  const inputs: string[] = [];
  const batches: string[][] = [];
  const client: EmbeddingClient = {
    embed: async (_target, input) => {
      if (input === failOn) throw new EmbeddingError('HTTP 429: too many requests');
      inputs.push(input);
      return [inputs.length - 1, inputs.length - 1];
    },
    // A batch: each input's vector from its own text ([n, n] for "chunk n"), so order is checked.
    embedBatch: async (_target, batch) => {
      if (failOn !== undefined && batch.includes(failOn)) throw new EmbeddingError('HTTP 400: bad input');
      batches.push([...batch]);
      return { kind: 'vectors', vectors: batch.map((t) => [Number(t.split(' ')[1]), Number(t.split(' ')[1])]) };
    },
  };
  return { client, inputs, batches };
}

/**
 * A search service holding the keys `stored` (of tenant 7, document 42) before the call, refusing
 * the keys named for good (HTTP 400), and failing deletes when `deleteFails` is set.
 */
function fakeSearch(refuse: string[] = [], stored: string[] = [], deleteFails?: string) {
  const uploaded: string[] = [];
  const deleted: string[] = [];
  const filters: string[] = [];
  const index = new Set(stored);
  const search: IndexKeeper = {
    searchPage: async (_target, q) => {
      filters.push(q.filter);
      return { kind: 'page', hits: [...index].slice(q.skip, q.skip + q.top).map((id) => ({ id })) };
    },
    deleteChunks: async (_target, ids) => {
      if (deleteFails) throw new SearchCallError(deleteFails);
      deleted.push(...ids);
      for (const id of ids) index.delete(id);
      return { deleted: ids.length, failed: 0 };
    },
    uploadBatch: async (_target, body) => {
      const docs = (JSON.parse(body.toString('utf8')) as { value: { id: string }[] }).value;
      uploaded.push(...docs.map((d) => d.id));
      for (const d of docs) if (!refuse.includes(d.id)) index.add(d.id);
      return {
        kind: 'results',
        items: docs.map((d) => ({
          key: d.id,
          ok: !refuse.includes(d.id),
          statusCode: refuse.includes(d.id) ? 400 : 200,
          ...(refuse.includes(d.id) ? { errorMessage: 'bad field' } : {}),
        })),
      };
    },
  };
  return { search, uploaded, deleted, filters, index };
}

function input(over: Partial<IngestInput> & Pick<IngestInput, 'pool'>): IngestInput & { warnings: unknown[][] } {
  const warnings: unknown[][] = [];
  return {
    bytes: BYTES,
    format: 'markdown',
    options: OPTIONS,
    embeddings: fakeEmbeddings().client,
    signal: new AbortController().signal,
    log: { warn: (fields, message) => void warnings.push([fields, message]) },
    sleep: async () => {},
    warnings,
    ...over,
  };
}

const bodyOf = (r: IngestResult) => ('body' in r ? r.body : assert.fail('a payload, not a body'));
const payloadOf = (r: IngestResult) =>
  'payload' in r
    ? (JSON.parse(r.payload.toString('utf8')) as { value: Record<string, unknown>[] })
    : assert.fail('a body');

describe('ingestDocument: the payload', () => {
  test('without embedding nor index: the worker writes the payload, sent with its counts', async () => {
    const { pool, calls } = fakePool(chunksOf(3));
    const r = await ingestDocument(input({ pool }));
    assert.deepEqual(r.headers, {
      'x-total-chunks': '3',
      'x-embedding-performed': 'false',
      'x-index-batches': '1',
      'x-ocr-pages': '0',
      'content-type': 'application/json; charset=utf-8',
    });
    assert.equal(r.status, 200);
    assert.deepEqual(
      payloadOf(r).value.map((c) => c.id),
      ['7-42-0000', '7-42-0001', '7-42-0002'],
    );
    assert.deepEqual(
      calls.map((c) => [c.method, c.ids, c.options.format, c.options.ocr, c.options.pageNumbers]),
      [['payload', OPTIONS, 'markdown', 'auto', false]],
    );
  });

  test('pages read with OCR and pages skipped are counted in X-OCR-Pages and X-OCR-Skipped-Pages', async () => {
    const { pool } = fakePool(chunksOf(1), { ocr: { pages: 2, skipped: 3 } });
    const r = await ingestDocument(input({ pool }));
    assert.equal(r.headers['x-ocr-pages'], '2');
    assert.equal(r.headers['x-ocr-skipped-pages'], '3');
  });

  test('with embedding: one call per chunk, in order, each vector in its chunk', async () => {
    const { pool, calls } = fakePool(chunksOf(3));
    const { client, inputs } = fakeEmbeddings();
    const r = await ingestDocument(input({ pool, embeddings: client, options: { ...OPTIONS, embedding: EMBEDDING } }));
    assert.deepEqual(inputs, ['chunk 0', 'chunk 1', 'chunk 2']);
    assert.deepEqual(
      calls.map((c) => c.method),
      ['chunk'],
    );
    assert.deepEqual(
      payloadOf(r).value.map((c) => c.embedding),
      [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
    );
    assert.equal(r.headers['x-embedding-performed'], 'true');
    assert.equal(r.headers['x-total-chunks'], '3');
  });

  test('with page-numbers: every chunk carries page_start and page_end', async () => {
    const { pool } = fakePool(chunksOf(2));
    const r = await ingestDocument(input({ pool, options: { ...OPTIONS, pageNumbers: true, embedding: EMBEDDING } }));
    assert.deepEqual(
      payloadOf(r).value.map((c) => [c.page_start, c.page_end]),
      [
        [1, 1],
        [1, 1],
      ],
    );
  });

  test('an index asked for without a search client: the chunks come back as the payload', async () => {
    const { pool } = fakePool(chunksOf(2));
    const r = await ingestDocument(input({ pool, options: { ...OPTIONS, index: INDEX } }));
    assert.equal(payloadOf(r).value.length, 2);
    assert.equal(r.headers['x-embedding-performed'], 'true');
  });
});

describe('ingestDocument: embeddings at a pace (embeddingBatchSize, embeddingConcurrency)', () => {
  test('1 x 1 (the default) is the interface way: one embed call per chunk, no batch', async () => {
    const emb = fakeEmbeddings();
    const options = { ...OPTIONS, embedding: EMBEDDING, embeddingPace: { batchSize: 1, concurrency: 1 } };
    await ingestDocument(input({ pool: fakePool(chunksOf(3)).pool, embeddings: emb.client, options }));
    assert.deepEqual(emb.inputs, ['chunk 0', 'chunk 1', 'chunk 2']);
    assert.deepEqual(emb.batches, []);
  });

  test('batches of 4, 2 in flight: calls of consecutive chunks, every chunk its own vector, in order', async () => {
    const emb = fakeEmbeddings();
    const seen: IngestProgress[] = [];
    const options = { ...OPTIONS, embedding: EMBEDDING, embeddingPace: { batchSize: 4, concurrency: 2 } };
    const r = await ingestDocument(
      input({ pool: fakePool(chunksOf(10)).pool, embeddings: emb.client, options, onProgress: (p) => seen.push(p) }),
    );
    assert.deepEqual(
      emb.batches.map((b) => b.length),
      [4, 4, 2],
    );
    assert.deepEqual(emb.inputs, []);
    const value = payloadOf(r).value as { content: string; embedding: number[] }[];
    for (const [i, c] of value.entries()) assert.deepEqual(c.embedding, [i, i], c.content);
    assert.deepEqual(
      seen.filter((p) => p.step === 'embedded').map((p) => (p as { done: number }).done),
      [4, 8, 10],
    );
  });

  test('a batch that fails for good: 502 naming the first chunk of that call', async () => {
    const options = { ...OPTIONS, embedding: EMBEDDING, embeddingPace: { batchSize: 4, concurrency: 1 } };
    await assert.rejects(
      ingestDocument(
        input({ pool: fakePool(chunksOf(10)).pool, embeddings: fakeEmbeddings('chunk 6').client, options }),
      ),
      (err) =>
        err instanceof AppError &&
        err.code === 'embedding_failed' &&
        err.message === 'Embedding failed on chunk 4: HTTP 400: bad input',
    );
  });
});

describe('ingestDocument: indexing by the service', () => {
  test('every chunk indexed: 200 and the summary', async () => {
    const { pool } = fakePool(chunksOf(3));
    const { search, uploaded } = fakeSearch();
    const r = await ingestDocument(input({ pool, search, options: { ...OPTIONS, index: INDEX } }));
    assert.equal(r.status, 200);
    assert.deepEqual(r.headers, {});
    const { timeMs, ...rest } = bodyOf(r);
    assert.equal(typeof timeMs, 'number');
    assert.deepEqual(rest, {
      success: true,
      indexName: 'pdf-chunks',
      chunks: 3,
      batches: 1,
      indexed: 3,
      failed: [],
      embeddingPerformed: false,
      failedKeys: [],
      removed: 0,
      reused: 0,
    });
    assert.deepEqual(uploaded, ['7-42-0000', '7-42-0001', '7-42-0002']);
  });

  test('a shorter version: the keys it did not write are deleted, exactly the new chunks stay', async () => {
    const older = chunksOf(5).map((_, i) => `7-42-${String(i).padStart(4, '0')}`);
    const { search, deleted, filters, index } = fakeSearch([], [...older, '7-42-extra']);
    const r = await ingestDocument(
      input({ pool: fakePool(chunksOf(3)).pool, search, options: { ...OPTIONS, index: INDEX } }),
    );
    assert.equal(r.status, 200);
    assert.equal(bodyOf(r).removed, 3);
    assert.deepEqual(deleted, ['7-42-0003', '7-42-0004', '7-42-extra']);
    assert.deepEqual([...index].sort(), ['7-42-0000', '7-42-0001', '7-42-0002']);
    assert.deepEqual(filters, ['document_id eq 42 and tenant_id eq 7']);
  });

  test('some chunks refused: the earlier version is left alone (the caller calls again)', async () => {
    const { search, deleted } = fakeSearch(['7-42-0001'], ['7-42-0000', '7-42-0009']);
    const r = await ingestDocument(
      input({ pool: fakePool(chunksOf(3)).pool, search, options: { ...OPTIONS, index: INDEX } }),
    );
    assert.equal(r.status, 502);
    assert.equal(bodyOf(r).removed, 0);
    assert.deepEqual(deleted, []);
  });

  test('the stale chunks cannot be deleted: 502 index_stale_left with the summary', async () => {
    const { search } = fakeSearch(
      [],
      ['7-42-0000', '7-42-0007', '7-42-0008'],
      'The delete call to the search service failed: HTTP 503',
    );
    const i = input({ pool: fakePool(chunksOf(2)).pool, search, options: { ...OPTIONS, index: INDEX } });
    const r = await ingestDocument(i);
    assert.equal(r.status, 502);
    assert.deepEqual(r.headers, { 'x-error-code': 'index_stale_left' });
    const body = bodyOf(r);
    assert.equal(
      (body as { error?: string }).error,
      "Indexed 2 chunks into index 'pdf-chunks', but 2 chunks of an earlier version of the document are still in it: The delete call to the search service failed: HTTP 503. Calling again is safe.",
    );
    assert.equal(body.indexed, 2);
    assert.equal(body.removed, 0);
    assert.equal(i.warnings.length, 1);
  });

  test('the listing fails for good: 502 search_failed before any chunk is embedded or uploaded', async () => {
    const { search, uploaded } = fakeSearch();
    search.searchPage = async () => ({ kind: 'failed', retryable: false, reason: 'HTTP 404: no index' });
    const emb = fakeEmbeddings();
    await assert.rejects(
      ingestDocument(
        input({
          pool: fakePool(chunksOf(2)).pool,
          search,
          embeddings: emb.client,
          options: { ...OPTIONS, index: INDEX, embedding: EMBEDDING },
        }),
      ),
      (err) =>
        err instanceof AppError &&
        err.code === 'search_failed' &&
        err.message.startsWith(
          'The search call to the search service failed: HTTP 404: no index. Check cloudAISearchEndpoint',
        ) &&
        err.headers['x-error-hint']!.startsWith('Check cloudAISearchEndpoint'),
    );
    assert.deepEqual(uploaded, []);
    assert.deepEqual(emb.inputs, []);
  });

  test('some chunks refused: 502 with X-Error-Code, the summary, and one warning logged', async () => {
    const { pool } = fakePool(chunksOf(3));
    const { search } = fakeSearch(['7-42-0001']);
    const i = input({ pool, search, options: { ...OPTIONS, index: INDEX, embedding: EMBEDDING } });
    const r = await ingestDocument(i);
    assert.equal(r.status, 502);
    assert.deepEqual(r.headers, { 'x-error-code': 'index_upload_partial' });
    const body = bodyOf(r);
    const error =
      "Indexed 2 of 3 chunks into index 'pdf-chunks'; not indexed: 1 (7-42-0001 (HTTP 400: bad field)). Calling again is safe: uploads replace by key.";
    assert.deepEqual(
      { ...body, timeMs: 0 },
      {
        success: false,
        error,
        indexName: 'pdf-chunks',
        chunks: 3,
        batches: 1,
        indexed: 2,
        failed: [{ key: '7-42-0001', reason: 'HTTP 400: bad field' }],
        timeMs: 0,
        embeddingPerformed: true,
        failedKeys: ['7-42-0001'],
        removed: 0,
        reused: 0,
      },
    );
    assert.deepEqual(i.warnings, [
      [
        { statusCode: 502, code: 'index_upload_partial', reason: error, indexed: 2, failed: 1 },
        'indexing partly failed',
      ],
    ]);
  });

  test('more than ten refused: the message names the first ten, then "..."', async () => {
    const { pool } = fakePool(chunksOf(12));
    const { search } = fakeSearch(chunksOf(12).map((_, i) => `7-42-${String(i).padStart(4, '0')}`));
    const r = await ingestDocument(input({ pool, search, options: { ...OPTIONS, index: INDEX } }));
    const { error, failedKeys } = bodyOf(r) as { error: string; failedKeys: string[] };
    assert.equal(failedKeys.length, 12);
    assert.match(error, /^Indexed 0 of 12 chunks into index 'pdf-chunks'; not indexed: 12 \(7-42-0000 /);
    assert.ok(error.includes('7-42-0009 (HTTP 400: bad field); ...)'), error);
    assert.ok(!error.includes('7-42-0010'), error);
  });
});

/**
 * A search service that stores what is uploaded (content and embedding) and answers the listing
 * and the vector fetch as Azure does: `select` projects, `search.in(id, ...)` picks keys; a
 * select naming a field in `hidden` is a 400, as a field not retrievable is.
 */
function storingSearch(hidden: string[] = []) {
  const docs = new Map<string, Record<string, unknown>>();
  const queries: { filter: string; select: string }[] = [];
  const search: IndexKeeper = {
    searchPage: async (_target, q) => {
      queries.push({ filter: q.filter, select: q.select });
      const fields = q.select.split(',');
      const bad = fields.find((f) => hidden.includes(f));
      if (bad)
        return {
          kind: 'failed',
          retryable: false,
          status: 400,
          reason: `HTTP 400: Invalid expression: The field '${bad}' is not retrievable.`,
        };
      const only = /search\.in\(id, '([^']*)'/.exec(q.filter)?.[1]?.split(',');
      const hits = [...docs.values()]
        .filter((d) => only === undefined || only.includes(d['id'] as string))
        .slice(q.skip, q.skip + q.top)
        .map((d) => Object.fromEntries(fields.map((f) => [f, d[f]])));
      return { kind: 'page', hits };
    },
    deleteChunks: async (_target, ids) => {
      for (const id of ids) docs.delete(id);
      return { deleted: ids.length, failed: 0 };
    },
    uploadBatch: async (_target, body) => {
      const value = (JSON.parse(body.toString('utf8')) as { value: Record<string, unknown>[] }).value;
      for (const d of value) docs.set(d['id'] as string, d);
      return { kind: 'results', items: value.map((d) => ({ key: d['id'] as string, ok: true, statusCode: 200 })) };
    },
  };
  return { search, docs, queries };
}

/** 1536 values from a chunk's text, so that a vector names the text it was made of. */
const vectorOf = (text: string) => Array.from({ length: 1536 }, (_, j) => (j === 0 ? Number(text.split(' ')[1]) : 0.5));

/** An embedding client whose vectors are vectorOf(text): 1536 long, as a stored vector must be to be reused. */
function fullEmbeddings() {
  const inputs: string[] = [];
  const client: EmbeddingClient = {
    embed: async (_target, input) => {
      inputs.push(input);
      return vectorOf(input);
    },
    embedBatch: async (_target, batch) => {
      if (batch.includes('chunk 99')) throw new EmbeddingError('HTTP 400: bad input');
      inputs.push(...batch);
      return { kind: 'vectors', vectors: batch.map(vectorOf) };
    },
  };
  return { client, inputs };
}

describe('ingestDocument: vectors reused by content', () => {
  const texts = (contents: string[]): Chunk[] => contents.map((content) => ({ section: '', content }));
  const run = (
    chunks: Chunk[],
    search: IndexKeeper,
    embeddings: EmbeddingClient,
    pace = { batchSize: 1, concurrency: 1 },
  ) =>
    ingestDocument(
      input({
        pool: fakePool(chunks).pool,
        search,
        embeddings,
        options: { ...OPTIONS, index: INDEX, embedding: EMBEDDING, embeddingPace: pace },
      }),
    );
  const stored = (docs: Map<string, Record<string, unknown>>) =>
    [...docs.values()].map((d) => [d['content'], (d['embedding'] as number[])[0]]);

  for (const pace of [
    { batchSize: 1, concurrency: 1 },
    { batchSize: 4, concurrency: 2 },
  ]) {
    test(`${pace.batchSize} x ${pace.concurrency}: the same document again makes no call; an insertion embeds only the new text`, async () => {
      const { search, docs, queries } = storingSearch();
      const emb = fullEmbeddings();
      const first = await run(texts(['chunk 0', 'chunk 1', 'chunk 2']), search, emb.client, pace);
      assert.equal(bodyOf(first).reused, 0);
      assert.deepEqual(emb.inputs, ['chunk 0', 'chunk 1', 'chunk 2']);
      emb.inputs.length = 0;
      const again = await run(texts(['chunk 0', 'chunk 1', 'chunk 2']), search, emb.client, pace);
      assert.deepEqual(emb.inputs, [], 'no provider call');
      assert.equal(bodyOf(again).reused, 3);
      // A chunk inserted: every later key shifts, the texts do not.
      const edited = await run(texts(['chunk 0', 'chunk 7', 'chunk 1', 'chunk 2']), search, emb.client, pace);
      assert.deepEqual(emb.inputs, ['chunk 7']);
      assert.equal(bodyOf(edited).reused, 3);
      assert.deepEqual(stored(docs), [
        ['chunk 0', 0],
        ['chunk 7', 7],
        ['chunk 1', 1],
        ['chunk 2', 2],
      ]);
      // Listed with content, then the vectors of the matching keys only, all within this tenant's document.
      assert.deepEqual(queries.slice(-2), [
        { filter: 'document_id eq 42 and tenant_id eq 7', select: 'id,content' },
        {
          filter: "document_id eq 42 and tenant_id eq 7 and search.in(id, '7-42-0000,7-42-0001,7-42-0002', ',')",
          select: 'id,embedding',
        },
      ]);
    });
  }

  test('a stored chunk without a vector (indexed without embedding) is embedded', async () => {
    const { search } = storingSearch();
    await ingestDocument(
      input({ pool: fakePool(texts(['chunk 0', 'chunk 1'])).pool, search, options: { ...OPTIONS, index: INDEX } }),
    );
    const emb = fullEmbeddings();
    const r = await run(texts(['chunk 0', 'chunk 1']), search, emb.client);
    assert.equal(bodyOf(r).reused, 0);
    assert.deepEqual(emb.inputs, ['chunk 0', 'chunk 1']);
  });

  for (const hidden of ['embedding', 'content']) {
    test(`the index does not return ${hidden}: every chunk embedded, the stale still removed, reuseUnavailable says why`, async () => {
      const { search, docs } = storingSearch([hidden]);
      const emb = fullEmbeddings();
      await run(texts(['chunk 0', 'chunk 1', 'chunk 2']), search, emb.client);
      emb.inputs.length = 0;
      const r = await run(texts(['chunk 0', 'chunk 1']), search, emb.client);
      const body = bodyOf(r);
      assert.deepEqual(emb.inputs, ['chunk 0', 'chunk 1']);
      assert.equal(body.reused, 0);
      assert.equal(body.removed, 1);
      assert.equal(docs.size, 2);
      assert.equal(
        body.reuseUnavailable,
        `Stored vectors were not reused, every chunk was embedded: the index did not return them (The search call to the search service failed: HTTP 400: Invalid expression: The field '${hidden}' is not retrievable.)`,
      );
    });
  }

  test('a failing call among the chunks to embed names its chunk in the document, not among those embedded', async () => {
    const { search } = storingSearch();
    const emb = fullEmbeddings();
    await run(texts(['chunk 0', 'chunk 1', 'chunk 2']), search, emb.client);
    await assert.rejects(
      run(texts(['chunk 0', 'chunk 1', 'chunk 2', 'chunk 99']), search, emb.client, { batchSize: 4, concurrency: 1 }),
      (err) => err instanceof AppError && err.message === 'Embedding failed on chunk 3: HTTP 400: bad input',
    );
  });

  test('progress counts the reused chunks as embedded', async () => {
    const { search } = storingSearch();
    const emb = fullEmbeddings();
    await run(texts(['chunk 0', 'chunk 1']), search, emb.client);
    const seen: IngestProgress[] = [];
    await ingestDocument(
      input({
        pool: fakePool(texts(['chunk 0', 'chunk 5', 'chunk 1'])).pool,
        search,
        embeddings: emb.client,
        options: { ...OPTIONS, index: INDEX, embedding: EMBEDDING },
        onProgress: (p) => seen.push(p),
      }),
    );
    assert.deepEqual(
      seen.filter((p) => p.step === 'embedded').map((p) => (p as { done: number }).done),
      [2, 3],
    );
  });
});

describe('ingestDocument: failures are catalogue errors', () => {
  const cases: [string, () => IngestInput, string, number, RegExp][] = [
    [
      'a document error of the worker (no text)',
      () => input({ pool: fakePool([], { fail: documentError('document_no_text') }).pool }),
      'document_no_text',
      422,
      /^No text could be extracted/,
    ],
    [
      'a document error of the worker, with embedding asked',
      () =>
        input({
          pool: fakePool([], { fail: documentError('document_encrypted') }).pool,
          options: { ...OPTIONS, embedding: EMBEDDING },
        }),
      'document_encrypted',
      422,
      /^The PDF is encrypted/,
    ],
    [
      'an embedding call failing for good on the second chunk',
      () =>
        input({
          pool: fakePool(chunksOf(3)).pool,
          embeddings: fakeEmbeddings('chunk 1').client,
          options: { ...OPTIONS, embedding: EMBEDDING },
        }),
      'embedding_failed',
      502,
      /^Embedding failed on chunk 1: HTTP 429: too many requests$/,
    ],
  ];
  for (const [name, make, code, status, message] of cases) {
    test(name, async () => {
      await assert.rejects(ingestDocument(make()), (err) => {
        assert.ok(err instanceof AppError, String(err));
        assert.equal(err.code, code);
        assert.equal(err.statusCode, status);
        assert.match(err.message, message);
        return true;
      });
    });
  }

  test('another error passes through as it is (the caller aborting)', async () => {
    const left = new AbortController();
    const reason = new Error('the caller closed the connection');
    const embeddings: EmbeddingClient = {
      embed: async (_t, _input, signal) => {
        left.abort(reason);
        signal?.throwIfAborted();
        return [];
      },
      embedBatch: async () => ({ kind: 'vectors', vectors: [] }),
    };
    const i = input({
      pool: fakePool(chunksOf(2)).pool,
      embeddings,
      signal: left.signal,
      options: { ...OPTIONS, embedding: EMBEDDING },
    });
    await assert.rejects(ingestDocument(i), (err) => err === reason);
  });

  test('the signal reaches the worker call', async () => {
    const { pool, calls } = fakePool(chunksOf(1));
    const signal = new AbortController().signal;
    await ingestDocument(input({ pool, signal }));
    assert.equal(calls[0]!.options.signal, signal);
  });
});

describe('ingestDocument: progress', () => {
  const cases: [string, Partial<IngestInput>, IngestProgress[]][] = [
    ['the payload', {}, [{ step: 'chunked', chunks: 2 }]],
    [
      'embedding',
      { options: { ...OPTIONS, embedding: EMBEDDING } },
      [
        { step: 'chunked', chunks: 2 },
        { step: 'embedded', done: 1, chunks: 2 },
        { step: 'embedded', done: 2, chunks: 2 },
      ],
    ],
    [
      'indexing',
      { options: { ...OPTIONS, index: INDEX }, search: fakeSearch().search },
      [
        { step: 'chunked', chunks: 2 },
        { step: 'indexing', chunks: 2 },
        // The chunks the index took, after each batch the service answered.
        { step: 'indexed', done: 2, chunks: 2 },
      ],
    ],
  ];
  for (const [name, over, expected] of cases) {
    test(name, async () => {
      const seen: IngestProgress[] = [];
      await ingestDocument(input({ pool: fakePool(chunksOf(2)).pool, ...over, onProgress: (p) => seen.push(p) }));
      assert.deepEqual(seen, expected);
    });
  }
});

describe('formatOf: the format from the bytes, or a 415', () => {
  const cases: [string, Uint8Array, string | null][] = [
    ['a PDF', makePdf({ pages: textPages(['Hello.']) }), 'pdf'],
    ['Markdown', Buffer.from('# Title\n\nSome *words*.\n'), 'markdown'],
    ['HTML', Buffer.from('<!doctype html><html><body><p>x</p></body></html>'), 'html'],
    ['plain text', Buffer.from('Just a line of text.\n'), 'text'],
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), null],
    ['binary bytes', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x02]), null],
  ];
  for (const [name, bytes, format] of cases) {
    test(name, () => {
      if (format !== null) return assert.equal(formatOf(bytes), format);
      assert.throws(
        () => formatOf(bytes),
        (err) => err instanceof AppError && err.code === 'document_unsupported' && err.statusCode === 415,
      );
    });
  }
});

// uploadToIndex (src/documents/index-upload.ts) against a scripted uploader: batches Azure accepts,
// a whole failed call retried after the backoff or a bounded Retry-After, transient item failures
// retried alone, permanent ones reported with their key, at most MAX_ATTEMPTS calls per batch.
// (The same through the route against the emulator: test/routes/index-upload.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  backoffMs,
  listDocumentChunks,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  MAX_SKIP,
  removeStaleChunks,
  staleKeys,
  uploadToIndex,
  type IndexSummary,
  type IndexUploader,
} from '../../src/documents/index-upload.ts';
import {
  SearchCallError,
  searchRemedy,
  type PageOutcome,
  type PageQuery,
  type SearchTarget,
  type UploadOutcome,
} from '../../src/clients/search-index.ts';

const TARGET: SearchTarget = { endpoint: 'https://search.example', indexName: 'pdf-chunks', key: 'k' };
const keysOf = (n: number) => Array.from({ length: n }, (_, i) => `7-42-${i}`);
const docsOf = (keys: string[]) => keys.map((id) => Buffer.from(JSON.stringify({ id })));

type Script = (call: number, keys: string[]) => UploadOutcome;
const allOk: Script = (_, keys) => ({
  kind: 'results',
  items: keys.map((key) => ({ key, ok: true, statusCode: 201 })),
});
const failed = (retryable: boolean, retryAfterMs?: number): UploadOutcome => ({
  kind: 'failed',
  retryable,
  reason: 'HTTP 503',
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});

async function run(n: number, script: Script, signal?: AbortSignal) {
  const keys = keysOf(n);
  const calls: { keys: string[]; count: number }[] = [];
  const sleeps: number[] = [];
  const client: IndexUploader = {
    uploadBatch: async (t, body, count) => {
      assert.equal(t, TARGET);
      const sent = (JSON.parse(body.toString()) as { value: { id: string }[] }).value.map((d) => d.id);
      calls.push({ keys: sent, count });
      return script(calls.length, sent);
    },
  };
  const summary = await uploadToIndex(client, TARGET, docsOf(keys), keys, async (ms) => void sleeps.push(ms), signal);
  return { summary, calls, sleeps };
}

const cases: {
  name: string;
  n: number;
  script: Script;
  want: Omit<IndexSummary, 'timeMs' | 'indexName' | 'chunks'>;
  calls: string[][];
  sleeps: number[];
}[] = [
  {
    name: 'all in at the first call',
    n: 3,
    script: allOk,
    want: { batches: 1, indexed: 3, failed: [] },
    calls: [keysOf(3)],
    sleeps: [],
  },
  {
    name: 'nothing to upload: no call',
    n: 0,
    script: allOk,
    want: { batches: 0, indexed: 0, failed: [] },
    calls: [],
    sleeps: [],
  },
  {
    name: 'over 1000 chunks: two batches',
    n: 1001,
    script: allOk,
    want: { batches: 2, indexed: 1001, failed: [] },
    calls: [keysOf(1000), ['7-42-1000']],
    sleeps: [],
  },
  {
    name: 'a retryable failure, then success: one backoff',
    n: 2,
    script: (call, keys) => (call === 1 ? failed(true) : allOk(call, keys)),
    want: { batches: 1, indexed: 2, failed: [] },
    calls: [keysOf(2), keysOf(2)],
    sleeps: [backoffMs(0)],
  },
  {
    name: 'a Retry-After is waited instead of the backoff',
    n: 1,
    script: (call, keys) => (call === 1 ? failed(true, 3000) : allOk(call, keys)),
    want: { batches: 1, indexed: 1, failed: [] },
    calls: [keysOf(1), keysOf(1)],
    sleeps: [3000],
  },
  {
    name: 'a Retry-After beyond the bound is waited only up to it',
    n: 1,
    script: (call, keys) => (call === 1 ? failed(true, 10 * MAX_RETRY_AFTER_MS) : allOk(call, keys)),
    want: { batches: 1, indexed: 1, failed: [] },
    calls: [keysOf(1), keysOf(1)],
    sleeps: [MAX_RETRY_AFTER_MS],
  },
  {
    name: 'a call refused for good: stopped with its reason once, no retry, no key listed',
    n: 2,
    script: () => failed(false),
    want: { batches: 1, indexed: 0, failed: [], stopped: 'HTTP 503' },
    calls: [keysOf(2)],
    sleeps: [],
  },
  {
    name: 'retryable on every attempt: MAX_ATTEMPTS calls, then stopped',
    n: 1,
    script: () => failed(true),
    want: { batches: 1, indexed: 0, failed: [], stopped: 'HTTP 503' },
    calls: Array.from({ length: MAX_ATTEMPTS }, () => keysOf(1)),
    sleeps: Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffMs(i)),
  },
  {
    name: 'the second of two batches refused for good: the first indexed, the upload stopped there',
    n: 1002,
    script: (call, keys) => (call === 1 ? allOk(call, keys) : failed(false)),
    want: { batches: 2, indexed: 1000, failed: [], stopped: 'HTTP 503' },
    calls: [keysOf(1002).slice(0, 1000), keysOf(1002).slice(1000)],
    sleeps: [],
  },
  {
    name: 'the first of two batches refused for good: the second is never sent (it would meet the same)',
    n: 1002,
    script: () => failed(false),
    want: { batches: 2, indexed: 0, failed: [], stopped: 'HTTP 503' },
    calls: [keysOf(1002).slice(0, 1000)],
    sleeps: [],
  },
  {
    name: 'a 207 with a transient item (409, 422, 503): only that item again',
    n: 4,
    script: (call, keys) =>
      call === 1
        ? {
            kind: 'results',
            items: keys.map((key, i) => ({
              key,
              ok: i % 2 === 0,
              statusCode: i % 2 === 0 ? 201 : [409, 503][i >> 1]!,
            })),
          }
        : allOk(call, keys),
    want: { batches: 1, indexed: 4, failed: [] },
    calls: [keysOf(4), ['7-42-1', '7-42-3']],
    sleeps: [backoffMs(0)],
  },
  {
    name: 'a 207 with an item refused for good: reported with its status and message',
    n: 2,
    script: (_, keys) => ({
      kind: 'results',
      items: keys.map((key, i) =>
        i === 0 ? { key, ok: true, statusCode: 201 } : { key, ok: false, statusCode: 400, errorMessage: 'bad field' },
      ),
    }),
    want: { batches: 1, indexed: 1, failed: [{ key: '7-42-1', reason: 'HTTP 400: bad field' }] },
    calls: [keysOf(2)],
    sleeps: [],
  },
  {
    name: 'an item refused for good without a message',
    n: 1,
    script: (_, keys) => ({ kind: 'results', items: keys.map((key) => ({ key, ok: false, statusCode: 400 })) }),
    want: { batches: 1, indexed: 0, failed: [{ key: '7-42-0', reason: 'HTTP 400' }] },
    calls: [keysOf(1)],
    sleeps: [],
  },
  {
    name: 'a transient item on the last attempt is failed',
    n: 1,
    script: (_, keys) => ({ kind: 'results', items: keys.map((key) => ({ key, ok: false, statusCode: 503 })) }),
    want: { batches: 1, indexed: 0, failed: [{ key: '7-42-0', reason: 'HTTP 503' }] },
    calls: Array.from({ length: MAX_ATTEMPTS }, () => keysOf(1)),
    sleeps: Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffMs(i)),
  },
];

for (const c of cases) {
  test(`uploadToIndex: ${c.name}`, async () => {
    const { summary, calls, sleeps } = await run(c.n, c.script);
    const { timeMs, ...rest } = summary;
    assert.ok(Number.isInteger(timeMs) && timeMs >= 0);
    assert.deepEqual(rest, { indexName: 'pdf-chunks', chunks: c.n, ...c.want });
    assert.deepEqual(
      calls.map((x) => x.keys),
      c.calls,
    );
    assert.ok(calls.every((x) => x.count === x.keys.length));
    assert.deepEqual(sleeps, c.sleeps);
  });
}

const backoffs: [attempt: number, ms: number][] = [
  [0, 500],
  [1, 1000],
  [2, 2000],
  [3, 4000],
];

for (const [attempt, ms] of backoffs) {
  test(`backoffMs(${attempt}) is ${ms} ms`, () => {
    assert.equal(backoffMs(attempt), ms);
  });
}

test('uploadToIndex: a caller who leaves stops the upload before the next call', async () => {
  const ctrl = new AbortController();
  ctrl.abort(new Error('gone'));
  await assert.rejects(run(2, allOk, ctrl.signal), /gone/);
});

// ---------------------------------------------------------------------------
// Keeping a document true: listing its chunks page by page, the stale keys, deleting them.

/** A searchPage over `total` ids answering the outcomes of `script` first (one per call), then pages. */
function lister(total: number, script: PageOutcome[] = []) {
  const queries: PageQuery[] = [];
  const client = {
    searchPage: async (_t: SearchTarget, q: PageQuery): Promise<PageOutcome> => {
      queries.push(q);
      const scripted = script.shift();
      if (scripted) return scripted;
      const ids = keysOf(total).slice(q.skip, q.skip + q.top);
      return { kind: 'page', hits: ids.map((id) => ({ id })) };
    },
  };
  return { client, queries };
}

const listCases: {
  name: string;
  total: number;
  pageSize: number;
  script?: PageOutcome[];
  skips: number[];
  sleeps: number[];
}[] = [
  { name: 'none', total: 0, pageSize: 1000, skips: [0], sleeps: [] },
  { name: 'one short page', total: 3, pageSize: 1000, skips: [0], sleeps: [] },
  { name: 'exactly one full page, then an empty one', total: 4, pageSize: 4, skips: [0, 4], sleeps: [] },
  { name: 'three pages', total: 2500, pageSize: 1000, skips: [0, 1000, 2000], sleeps: [] },
  {
    name: 'a 503 with Retry-After, then a timeout, then the page',
    total: 2,
    pageSize: 1000,
    script: [
      { kind: 'failed', retryable: true, reason: 'HTTP 503', retryAfterMs: 2000 },
      { kind: 'failed', retryable: true, reason: 'timed out' },
    ],
    skips: [0, 0, 0],
    sleeps: [2000, backoffMs(1)],
  },
];

for (const c of listCases) {
  test(`listDocumentChunks: ${c.name}`, async () => {
    const { client, queries } = lister(c.total, c.script);
    const sleeps: number[] = [];
    const hits = await listDocumentChunks(
      client,
      TARGET,
      { tenantId: '7', documentId: '42' },
      'id',
      async (ms) => void sleeps.push(ms),
      undefined,
      c.pageSize,
    );
    assert.deepEqual(
      hits.map((h) => h['id']),
      keysOf(c.total),
    );
    assert.deepEqual(
      queries.map((q) => q.skip),
      c.skips,
    );
    assert.ok(queries.every((q) => q.filter === 'document_id eq 42 and tenant_id eq 7' && q.select === 'id'));
    assert.deepEqual(sleeps, c.sleeps);
  });
}

test('listDocumentChunks: a refusal for good, or MAX_ATTEMPTS transient failures, throw naming the reason', async () => {
  const refused = lister(1, [{ kind: 'failed', retryable: false, reason: 'HTTP 404: no index' }]);
  await assert.rejects(
    listDocumentChunks(refused.client, TARGET, { tenantId: '7', documentId: '42' }, 'id', async () => {}),
    (err) =>
      err instanceof SearchCallError &&
      err.message ===
        `The search call to the search service failed: HTTP 404: no index. ${searchRemedy('HTTP 404: no index', 'pdf-chunks')}` &&
      err.hint === searchRemedy('HTTP 404: no index', 'pdf-chunks') &&
      err.hint.startsWith('Check cloudAISearchEndpoint'),
  );
  const busy = lister(
    1,
    Array.from({ length: MAX_ATTEMPTS }, () => ({ kind: 'failed', retryable: true, reason: 'HTTP 503' }) as const),
  );
  await assert.rejects(
    listDocumentChunks(busy.client, TARGET, { tenantId: '7', documentId: '42' }, 'id', async () => {}),
    /HTTP 503/,
  );
  assert.equal(busy.queries.length, MAX_ATTEMPTS);
});

test('listDocumentChunks: stops at Azure skip bound', async () => {
  const { client, queries } = lister(200_000);
  await listDocumentChunks(
    client,
    TARGET,
    { tenantId: '7', documentId: '42' },
    'id',
    async () => {},
    undefined,
    50_000,
  );
  assert.deepEqual(
    queries.map((q) => q.skip),
    [0, 50_000, MAX_SKIP],
  );
});

const staleCases: [string, string[], string[], string[]][] = [
  ['nothing before', [], ['a', 'b'], []],
  ['the same keys', ['a', 'b'], ['a', 'b'], []],
  ['a shorter version', ['a', 'b', 'c', 'd'], ['a', 'b'], ['c', 'd']],
  ['a longer version', ['a'], ['a', 'b'], []],
  ['keys of another form, listed twice', ['a', 'x', 'x'], ['a'], ['x']],
];
for (const [name, existing, written, want] of staleCases) {
  test(`staleKeys: ${name}`, () => assert.deepEqual(staleKeys(existing, written), want));
}

test('removeStaleChunks: calls of at most 1000; a failed call or item stops and reports what is left', async () => {
  const batches: number[] = [];
  const ok = {
    deleteChunks: async (_t: SearchTarget, ids: readonly string[]) => {
      batches.push(ids.length);
      return { deleted: ids.length, failed: 0 };
    },
  };
  assert.deepEqual(await removeStaleChunks(ok, TARGET, keysOf(2500)), { removed: 2500, left: 0 });
  assert.deepEqual(batches, [1000, 1000, 500]);
  assert.deepEqual(await removeStaleChunks(ok, TARGET, []), { removed: 0, left: 0 });

  const partial = {
    deleteChunks: async (_t: SearchTarget, ids: readonly string[]) => ({
      deleted: ids.length - 1,
      failed: 1,
      firstFailure: 'k: HTTP 503',
    }),
  };
  assert.deepEqual(await removeStaleChunks(partial, TARGET, keysOf(3)), {
    removed: 2,
    left: 1,
    reason: 'a delete item failed (k: HTTP 503)',
  });
  const down = {
    deleteChunks: async (): Promise<never> => {
      throw new SearchCallError('The delete call to the search service failed: HTTP 503');
    },
  };
  assert.deepEqual(await removeStaleChunks(down, TARGET, keysOf(3)), {
    removed: 0,
    left: 3,
    reason: 'The delete call to the search service failed: HTTP 503',
  });
});

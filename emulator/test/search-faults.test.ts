/** Scriptable search faults, visibility delay, inspection (azure-contracts.md section 4, search fake items 6-8). */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startEmulator } from '../src/index.ts';
import type { Emulator } from '../src/index.ts';
import { INDEX, chunk, indexBatch, pdfChunksDefinition, query, search } from './fixtures.ts';

const deletes = (...keys: string[]): unknown[] => keys.map((id) => ({ '@search.action': 'delete', id }));

describe('search faults', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu.close());
  beforeEach(async () => {
    emu.reset();
    emu.createIndex(pdfChunksDefinition());
    await indexBatch(emu, [chunk(7, 42, 0), chunk(7, 42, 1), chunk(7, 42, 2)]);
  });

  it('whole-request 503 with Retry-After, 503 without, 429: JSON error bodies, then normal service', async () => {
    emu.faults.search.push({ status: 503, headers: { 'Retry-After': '2' } }, { status: 503 }, { status: 429 });
    const a = await query(emu, { filter: 'document_id eq 42', select: 'id' });
    assert.equal(a.status, 503);
    assert.equal(a.headers.get('retry-after'), '2');
    assert.equal(a.json.error.code, '');
    assert.equal(typeof a.json.error.message, 'string');
    const b = await indexBatch(emu, deletes('7-42-0000'));
    assert.equal(b.status, 503);
    assert.equal(b.headers.get('retry-after'), null);
    const c = await query(emu, {});
    assert.equal(c.status, 429);
    assert.equal((await query(emu, {})).status, 200);
    assert.equal(emu.index(INDEX)?.documents.size, 3, 'the refused delete did nothing');
  });

  it('partial by keys: a 207 where the chosen items fail with 503/409/422 and are not applied', async () => {
    for (const statusCode of [503, 409, 422] as const) {
      emu.faults.search.push({ partial: { failKeys: ['7-42-0001'], statusCode } });
      const res = await indexBatch(emu, deletes('7-42-0000', '7-42-0001'));
      assert.equal(res.status, 207);
      assert.deepEqual(res.json.value[0], { key: '7-42-0000', status: true, errorMessage: null, statusCode: 200 });
      assert.equal(res.json.value[1].key, '7-42-0001');
      assert.equal(res.json.value[1].status, false);
      assert.equal(res.json.value[1].statusCode, statusCode);
      assert.equal(typeof res.json.value[1].errorMessage, 'string');
      assert.ok(emu.index(INDEX)?.documents.has('7-42-0001'), 'the failed delete was not applied');
      await indexBatch(emu, [chunk(7, 42, 0)]);
    }
  });

  it('partial by count: the first n actions fail; a partial fault waits for a docs/index call', async () => {
    emu.faults.search.push({ partial: { failCount: 2, statusCode: 503, errorMessage: 'busy' } });
    assert.equal((await query(emu, {})).status, 200, 'a search does not consume a partial fault');
    const res = await indexBatch(emu, deletes('7-42-0000', '7-42-0001', '7-42-0002'));
    assert.equal(res.status, 207);
    assert.deepEqual(
      res.json.value.map((r: { statusCode: number }) => r.statusCode),
      [503, 503, 200],
    );
    assert.equal(res.json.value[0].errorMessage, 'busy');
    assert.deepEqual([...(emu.index(INDEX)?.documents.keys() ?? [])], ['7-42-0000', '7-42-0001']);
  });

  it('operation targeting: a fault for "index" skips queries; a fault for "query" skips writes', async () => {
    emu.faults.search.push({ status: 503, operation: 'index' }, { status: 500, operation: 'query' });
    const write = await indexBatch(emu, deletes('x'));
    assert.equal(write.status, 503);
    const read = await query(emu, {});
    assert.equal(read.status, 500);
    assert.equal(emu.faults.search.length, 0);
  });

  it('slow answers (delayMs), hang, reset and invalid JSON', async () => {
    emu.faults.search.push({ delayMs: 200 });
    const t0 = performance.now();
    const res = await query(emu, { filter: 'document_id eq 42', select: 'id' });
    assert.ok(performance.now() - t0 >= 190);
    assert.equal(res.json.value.length, 3);

    emu.faults.search.push({ hang: true });
    await assert.rejects(
      search(emu, 'POST', `/indexes/${INDEX}/docs/search`, { body: {}, signal: AbortSignal.timeout(150) }),
      (e: Error) => e.name === 'TimeoutError',
    );

    emu.faults.search.push({ reset: true });
    await assert.rejects(query(emu, {}), TypeError);

    emu.faults.search.push({ invalidJson: true });
    const broken = await query(emu, {});
    assert.equal(broken.status, 200);
    assert.throws(() => JSON.parse(broken.text));
  });

  it('a fault is not consumed by a request refused for its key', async () => {
    emu.faults.search.push({ status: 503 });
    assert.equal((await indexBatch(emu, deletes('x'), { key: emu.keys.searchQuery })).status, 403);
    assert.equal(emu.faults.search.length, 1);
  });
});

describe('visibility delay', () => {
  let emu: Emulator;
  // The emulator's injected clock: time moves only when the test says so, no sleeping.
  let now = 0;
  before(async () => {
    emu = await startEmulator({ clock: { now: () => now } });
    emu.createIndex(pdfChunksDefinition());
  });
  after(() => emu.close());

  it('writes become visible to queries only after visibilityDelayMs; documents() shows them at once', async () => {
    emu.visibilityDelayMs = 600;
    await indexBatch(emu, [chunk(7, 42, 0), chunk(7, 42, 1)]);
    assert.equal(emu.index(INDEX)?.documents.size, 2);
    assert.equal((await query(emu, { filter: 'document_id eq 42' })).json.value.length, 0, 'not yet visible');
    now += 599;
    assert.equal(
      (await query(emu, { filter: 'document_id eq 42' })).json.value.length,
      0,
      'still not visible 1 ms before the delay',
    );
    now += 1;
    assert.equal((await query(emu, { filter: 'document_id eq 42' })).json.value.length, 2);

    const del = await indexBatch(emu, deletes('7-42-0000', '7-42-0001'));
    assert.equal(del.status, 200);
    const stale = await query(emu, { filter: 'document_id eq 42', select: 'id' });
    assert.equal(stale.json.value.length, 2, 'a search right after a delete still returns the deleted ids');
    const again = await indexBatch(emu, deletes('7-42-0000', '7-42-0001'));
    assert.equal(again.status, 200, 'deleting them again is harmless');
    now += 600;
    assert.equal((await query(emu, { filter: 'document_id eq 42' })).json.value.length, 0);
    emu.visibilityDelayMs = 0;
  });

  it('a write waits for the writes before it, whatever the delay when it was made', async () => {
    emu.visibilityDelayMs = 1000;
    await indexBatch(emu, [chunk(7, 50, 0)]);
    emu.visibilityDelayMs = 0;
    await indexBatch(emu, [chunk(7, 50, 1)]);
    assert.equal(
      (await query(emu, { filter: 'document_id eq 50' })).json.value.length,
      0,
      'the later write waits for the earlier one',
    );
    now += 1000;
    assert.equal((await query(emu, { filter: 'document_id eq 50' })).json.value.length, 2);
  });
});

describe('emulator API', () => {
  it('request log of search calls, reset() clears indexes, requests and faults', async () => {
    const emu = await startEmulator({ searchAdminKey: 'admin-1', searchQueryKey: 'query-1', visibilityDelayMs: 5 });
    try {
      assert.deepEqual(emu.keys, {
        embedding: 'emulator-embedding-key',
        searchAdmin: 'admin-1',
        searchQuery: 'query-1',
      });
      assert.equal(emu.visibilityDelayMs, 5);
      emu.createIndex(pdfChunksDefinition());
      await query(emu, { search: '*', filter: 'document_id eq 42', select: 'id', top: 1000 }, { key: 'query-1' });
      const [r] = emu.requests;
      assert.equal(r?.service, 'search');
      assert.equal(r?.method, 'POST');
      assert.equal(r?.path, `/indexes/${INDEX}/docs/search`);
      assert.equal(r?.query['api-version'], '2024-07-01');
      assert.equal(r?.headers['api-key'], 'query-1');
      assert.deepEqual(r?.body, { search: '*', filter: 'document_id eq 42', select: 'id', top: 1000 });
      assert.equal(r?.status, 200);
      assert.equal(typeof r?.receivedAt, 'number');
      emu.faults.search.push({ status: 503 });
      emu.faults.embeddings.push({ status: 503 });
      emu.visibilityDelayMs = 1000;
      emu.reset();
      assert.equal(emu.requests.length, 0);
      assert.equal(emu.index(INDEX), undefined);
      assert.deepEqual(emu.indexNames(), []);
      assert.equal(emu.faults.search.length + emu.faults.embeddings.length, 0);
      assert.equal(emu.visibilityDelayMs, 5);
    } finally {
      await emu.close();
    }
  });

  it('maxRecordedRequests keeps only the newest; onResponse sees each finished request', async () => {
    const seen: number[] = [];
    const emu = await startEmulator({ maxRecordedRequests: 2, onResponse: (r) => seen.push(r.status ?? 0) });
    try {
      for (let i = 0; i < 3; i++) await search(emu, 'GET', `/indexes/x${i}`);
      assert.equal(emu.requests.length, 2);
      assert.equal(emu.requests[0]?.path, '/indexes/x1');
      assert.deepEqual(seen, [404, 404, 404]);
    } finally {
      await emu.close();
    }
  });

  it('close() is idempotent; other ports are independent', async () => {
    const a = await startEmulator();
    const b = await startEmulator();
    assert.notEqual(a.url, b.url);
    await a.close();
    await a.close();
    assert.equal((await fetch(`${b.url}/healthz`)).status, 200);
    await b.close();
  });
});

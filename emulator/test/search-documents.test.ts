/** Index documents batches (azure-contracts.md section 2 "Delete them", section 3 payload rules). */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { deterministicEmbedding, startEmulator } from '../src/index.ts';
import type { Emulator } from '../src/index.ts';
import { INDEX, chunk, indexBatch, pdfChunksDefinition, search } from './fixtures.ts';

const UNKNOWN_FIELD =
  "The request is invalid. Details: The property 'extra' does not exist on type 'search.documentFields' or is not present in the API version '2024-07-01'. Make sure to only use property names that are defined by the type.";

describe('index documents', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu.close());
  beforeEach(() => {
    emu.reset();
    emu.createIndex(pdfChunksDefinition());
  });

  it('upload: 201 for a new key, 200 when it replaces; one result per action, in order', async () => {
    const first = await indexBatch(emu, [chunk(7, 42, 0), chunk(7, 42, 1)]);
    assert.equal(first.status, 200);
    assert.deepEqual(first.json, {
      value: [
        { key: '7-42-0000', status: true, errorMessage: null, statusCode: 201 },
        { key: '7-42-0001', status: true, errorMessage: null, statusCode: 201 },
      ],
    });
    const second = await indexBatch(emu, [chunk(7, 42, 1, { content: 'replaced' }), chunk(7, 42, 2)]);
    assert.equal(second.status, 200);
    assert.deepEqual(
      second.json.value.map((r: { key: string; statusCode: number }) => [r.key, r.statusCode]),
      [
        ['7-42-0001', 200],
        ['7-42-0002', 201],
      ],
    );
    const stored = emu.index(INDEX)?.documents;
    assert.equal(stored?.size, 3);
    assert.equal(stored?.get('7-42-0001')?.['content'], 'replaced');
    assert.equal(stored?.get('7-42-0000')?.['tenant_id'], 7n, 'Int64 values are stored as bigint');
  });

  it('a batch without @search.action defaults to upload; the chunk payload with a 1536 vector is accepted', async () => {
    const doc = chunk(7, 42, 0, { embedding: deterministicEmbedding('x') });
    delete doc['@search.action'];
    const res = await indexBatch(emu, [doc]);
    assert.equal(res.status, 200);
    assert.equal(res.json.value[0].statusCode, 201);
    assert.equal((emu.index(INDEX)?.documents.get('7-42-0000')?.['embedding'] as number[]).length, 1536);
  });

  it('embedding: [] is accepted (stored without a vector)', async () => {
    const res = await indexBatch(emu, [chunk(1, 2, 0, { embedding: [] })]);
    assert.equal(res.status, 200);
    assert.deepEqual(emu.index(INDEX)?.documents.get('1-2-0000')?.['embedding'], []);
  });

  it('delete: 200 for existing and missing keys alike, idempotent', async () => {
    await indexBatch(emu, [chunk(7, 42, 0)]);
    const del = [
      { '@search.action': 'delete', id: '7-42-0000' },
      { '@search.action': 'delete', id: '7-42-9999' },
    ];
    const first = await indexBatch(emu, del);
    assert.equal(first.status, 200);
    assert.deepEqual(first.json, {
      value: [
        { key: '7-42-0000', status: true, errorMessage: null, statusCode: 200 },
        { key: '7-42-9999', status: true, errorMessage: null, statusCode: 200 },
      ],
    });
    const again = await indexBatch(emu, del);
    assert.equal(again.status, 200);
    assert.ok(again.json.value.every((r: { statusCode: number; status: boolean }) => r.status && r.statusCode === 200));
    assert.equal(emu.index(INDEX)?.documents.size, 0);
  });

  it('delete reads only the key: other fields, even unknown ones, are ignored', async () => {
    const res = await indexBatch(emu, [{ '@search.action': 'delete', id: 'a', extra: 1, content: 5 }]);
    assert.equal(res.status, 200);
  });

  it('merge of a missing key: 404 status:false, overall 207; other items still apply', async () => {
    await indexBatch(emu, [chunk(7, 42, 0)]);
    const res = await indexBatch(emu, [
      { '@search.action': 'merge', id: '7-42-0000', section: 'Merged' },
      { '@search.action': 'merge', id: '7-42-0005', section: 'Nope' },
      chunk(7, 42, 1),
    ]);
    assert.equal(res.status, 207);
    assert.deepEqual(res.json.value[0], { key: '7-42-0000', status: true, errorMessage: null, statusCode: 200 });
    assert.equal(res.json.value[1].key, '7-42-0005');
    assert.equal(res.json.value[1].status, false);
    assert.equal(res.json.value[1].statusCode, 404);
    assert.equal(typeof res.json.value[1].errorMessage, 'string');
    assert.equal(res.json.value[2].statusCode, 201);
    const doc = emu.index(INDEX)?.documents.get('7-42-0000');
    assert.equal(doc?.['section'], 'Merged');
    assert.equal(doc?.['content'], chunk(7, 42, 0)['content'], 'merge keeps the other fields');
  });

  it('mergeOrUpload: 201 when new, 200 and merged when existing', async () => {
    const a = await indexBatch(emu, [{ '@search.action': 'mergeOrUpload', id: 'k1', section: 'one' }]);
    assert.equal(a.json.value[0].statusCode, 201);
    const b = await indexBatch(emu, [{ '@search.action': 'mergeOrUpload', id: 'k1', content: 'two' }]);
    assert.equal(b.json.value[0].statusCode, 200);
    assert.deepEqual(emu.index(INDEX)?.documents.get('k1'), { id: 'k1', section: 'one', content: 'two' });
  });

  describe('whole-batch 400s (nothing is applied)', () => {
    it('an unknown field: the contract message', async () => {
      const res = await indexBatch(emu, [chunk(7, 42, 0), chunk(7, 42, 1, { extra: 'x' })]);
      assert.equal(res.status, 400);
      assert.deepEqual(res.json, { error: { code: '', message: UNKNOWN_FIELD } });
      assert.equal(emu.index(INDEX)?.documents.size, 0);
    });

    it('a vector of another length than 0 or 1536: the dimension-mismatch message', async () => {
      const res = await indexBatch(emu, [chunk(7, 42, 0, { embedding: deterministicEmbedding('x', 3072) })]);
      assert.equal(res.status, 400);
      assert.match(
        res.json.error.message,
        /^The request is invalid\. Details: actions : 0: There's a mismatch in vector dimensions\. The vector field 'embedding', with dimension of '1536', expects a length of '1536'\. However, the provided vector has a length of '3072'\. /,
      );
      const short = await indexBatch(emu, [chunk(7, 42, 0), chunk(7, 42, 1, { embedding: [0.1, 0.2] })]);
      assert.equal(short.status, 400);
      assert.match(short.json.error.message, /actions : 1: .*length of '2'/);
      assert.equal(emu.index(INDEX)?.documents.size, 0);
    });

    it('a missing or empty key: "Document key cannot be missing or empty."', async () => {
      for (const doc of [
        { '@search.action': 'upload', content: 'x' },
        { '@search.action': 'delete', id: '' },
        { '@search.action': 'merge', id: null },
      ]) {
        const res = await indexBatch(emu, [doc]);
        assert.equal(res.status, 400);
        assert.equal(
          res.json.error.message,
          'The request is invalid. Details: actions : 0: Document key cannot be missing or empty.',
        );
      }
    });

    it('bad key characters, a leading underscore, over 1024 characters', async () => {
      for (const id of ['7 42', '7/42', 'é', '_x', 'a.b', 'x'.repeat(1025)]) {
        const res = await indexBatch(emu, [{ '@search.action': 'delete', id }]);
        assert.equal(res.status, 400, id);
        assert.match(res.json.error.message, /^The request is invalid\. Details: actions : 0: Invalid document key/);
      }
      const ok = await indexBatch(emu, [chunk(-3, 42, 0), { '@search.action': 'upload', id: 'a_b=c-D9' }]);
      assert.equal(ok.status, 200, 'letters, digits, _, -, = and a negative tenant are valid');
      assert.equal(ok.json.value[0].key, '-3-42-0000');
    });

    it('type errors: a string for an Int64, an Int64 out of range, a non-number in a vector', async () => {
      for (const extra of [
        { document_id: '42' },
        { tenant_id: 9223372036854775808n },
        { embedding: ['a'] },
        { tenant_id: 1.5 },
        { content: 12 },
      ]) {
        const doc = chunk(7, 42, 0, extra);
        const body = JSON.stringify({ value: [doc] }, (_k, v: unknown) =>
          typeof v === 'bigint' ? `@@${v}@@` : v,
        ).replace(/"@@(-?\d+)@@"/g, '$1');
        const res = await search(emu, 'POST', `/indexes/${INDEX}/docs/index`, { body });
        assert.equal(res.status, 400, JSON.stringify(Object.keys(extra)));
      }
    });

    it('an unknown @search.action', async () => {
      const res = await indexBatch(emu, [{ '@search.action': 'insert', id: 'a' }]);
      assert.equal(res.status, 400);
    });

    it('more than 1000 actions (1000 is fine)', async () => {
      const many = Array.from({ length: 1001 }, (_, i) => ({ '@search.action': 'delete', id: `k${i}` }));
      const res = await indexBatch(emu, many);
      assert.equal(res.status, 400);
      assert.match(res.json.error.message, /1000/);
      const ok = await indexBatch(emu, many.slice(0, 1000));
      assert.equal(ok.status, 200);
      assert.equal(ok.json.value.length, 1000);
    });

    it('a body over 16 MB: 413', async () => {
      const big = chunk(7, 42, 0, { content: 'x'.repeat(16 * 1024 * 1024) });
      const res = await indexBatch(emu, [big]);
      assert.equal(res.status, 413);
      assert.equal(typeof res.json.error.message, 'string');
      assert.equal(emu.index(INDEX)?.documents.size, 0);
    });

    it('malformed JSON or no value array', async () => {
      assert.equal((await search(emu, 'POST', `/indexes/${INDEX}/docs/index`, { body: '{"value": [' })).status, 400);
      assert.equal((await search(emu, 'POST', `/indexes/${INDEX}/docs/index`, { body: { values: [] } })).status, 400);
    });
  });

  it('keeps Int64 values beyond 2^53 exact from the request JSON to the stored document', async () => {
    const body =
      '{"value":[{"@search.action":"upload","id":"9007199254740993-9223372036854775807-0000","tenant_id":9007199254740993,"document_id":9223372036854775807,"embedding":[]}]}';
    const res = await search(emu, 'POST', `/indexes/${INDEX}/docs/index`, { body });
    assert.equal(res.status, 200);
    const doc = emu.index(INDEX)?.documents.get('9007199254740993-9223372036854775807-0000');
    assert.equal(doc?.['tenant_id'], 9007199254740993n);
    assert.equal(doc?.['document_id'], 9223372036854775807n);
    const logged = emu.requests.at(-1)?.body as { value: Array<Record<string, unknown>> };
    assert.equal(logged.value[0]?.['tenant_id'], 9007199254740993n, 'the request log keeps exact digits too');
  });

  it("the OData route /indexes('{i}')/docs/search.index works like docs/index", async () => {
    const res = await search(emu, 'POST', `/indexes('${INDEX}')/docs/search.index`, {
      body: { value: [chunk(7, 42, 0)] },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.value[0].statusCode, 201);
  });
});

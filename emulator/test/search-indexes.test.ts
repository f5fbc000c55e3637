/** Index management and key rules (azure-contracts.md sections 2-3; search fake items 1-3). */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startEmulator } from '../src/index.ts';
import type { Emulator } from '../src/index.ts';
import { INDEX, pdfChunksDefinition, query, search } from './fixtures.ts';
import { preconditionsHold, preferredReturn } from '../src/search/handler.ts';

type Def = ReturnType<typeof pdfChunksDefinition> & {
  fields: Array<Record<string, unknown>>;
  vectorSearch: { algorithms: Array<Record<string, unknown>>; profiles: Array<Record<string, unknown>> };
};

function def(mutate: (d: Def) => void = () => {}, name = INDEX): Def {
  const d = pdfChunksDefinition(name) as Def;
  mutate(d);
  return d;
}

function field(d: Def, name: string): Record<string, unknown> {
  const f = d.fields.find((x) => x['name'] === name);
  assert.ok(f);
  return f;
}

describe('search index management', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ searchServiceName: 'svc' });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('PUT creates (201, definition back with defaults) then updates (204); GET returns it; DELETE 204 then 404', async () => {
    const created = await search(emu, 'PUT', `/indexes/${INDEX}`, { body: pdfChunksDefinition() });
    assert.equal(created.status, 201);
    assert.match(created.headers.get('content-type') ?? '', /^application\/json; odata\.metadata=minimal/);
    assert.equal(created.json.name, INDEX);
    assert.equal(created.json.fields.length, 7);
    const emb = created.json.fields.find((f: { name: string }) => f.name === 'embedding');
    assert.equal(emb.dimensions, 1536);
    assert.equal(emb.vectorSearchProfile, 'chunk-vector-profile');
    assert.ok(emu.index(INDEX));

    const updated = await search(emu, 'PUT', `/indexes/${INDEX}`, {
      body: def((d) => d.fields.push({ name: 'page', type: 'Edm.Int32', filterable: true })),
    });
    assert.equal(updated.status, 204);
    assert.equal(updated.text, '');

    const got = await search(emu, 'GET', `/indexes/${INDEX}`);
    assert.equal(got.status, 200);
    assert.equal(got.json.fields.length, 8);
    const gotOData = await search(emu, 'GET', `/indexes('${INDEX}')`);
    assert.equal(gotOData.status, 200);

    const list = await search(emu, 'GET', '/indexes');
    assert.deepEqual(
      list.json.value.map((i: { name: string }) => i.name),
      [INDEX],
    );

    assert.equal((await search(emu, 'DELETE', `/indexes/${INDEX}`)).status, 204);
    const gone = await search(emu, 'GET', `/indexes/${INDEX}`);
    assert.equal(gone.status, 404);
    assert.deepEqual(gone.json, {
      error: { code: '', message: `The index '${INDEX}' for service 'svc' was not found.` },
    });
    assert.equal((await search(emu, 'DELETE', `/indexes/${INDEX}`)).status, 404);
  });

  it('POST /indexes creates (201) and refuses an existing name (409)', async () => {
    const res = await search(emu, 'POST', '/indexes', { body: pdfChunksDefinition('other-index') });
    assert.equal(res.status, 201);
    assert.ok(emu.index('other-index'));
    const again = await search(emu, 'POST', '/indexes', { body: pdfChunksDefinition('other-index') });
    assert.equal(again.status, 409);
  });

  it('an update may not remove or retype an existing field', async () => {
    emu.createIndex(pdfChunksDefinition());
    const removed = await search(emu, 'PUT', `/indexes/${INDEX}`, { body: def((d) => d.fields.splice(4, 1)) });
    assert.equal(removed.status, 400);
    const retyped = await search(emu, 'PUT', `/indexes/${INDEX}`, {
      body: def((d) => (field(d, 'document_id')['type'] = 'Edm.String')),
    });
    assert.equal(retyped.status, 400);
  });

  it('the URL name must match the body name', async () => {
    const res = await search(emu, 'PUT', '/indexes/another', { body: pdfChunksDefinition() });
    assert.equal(res.status, 400);
  });

  describe('definition validation (section 3 rules): 400 with an error body', () => {
    const cases: Array<[string, Def | Record<string, unknown>]> = [
      [
        'key not Edm.String',
        def((d) => {
          field(d, 'id')['type'] = 'Edm.Int64';
          field(d, 'id')['searchable'] = false;
        }),
      ],
      ['no key field', def((d) => (field(d, 'id')['key'] = false))],
      ['two key fields', def((d) => (field(d, 'sourceName')['key'] = true))],
      ['numeric field searchable', def((d) => (field(d, 'tenant_id')['searchable'] = true))],
      ['vector field not searchable', def((d) => (field(d, 'embedding')['searchable'] = false))],
      ['vector field filterable', def((d) => (field(d, 'embedding')['filterable'] = true))],
      ['vector field sortable', def((d) => (field(d, 'embedding')['sortable'] = true))],
      ['vector field facetable', def((d) => (field(d, 'embedding')['facetable'] = true))],
      ['vector dimensions 1', def((d) => (field(d, 'embedding')['dimensions'] = 1))],
      ['vector dimensions 3073', def((d) => (field(d, 'embedding')['dimensions'] = 3073))],
      ['vector without dimensions', def((d) => delete field(d, 'embedding')['dimensions'])],
      ['vector without profile', def((d) => delete field(d, 'embedding')['vectorSearchProfile'])],
      ['unknown vector profile', def((d) => (field(d, 'embedding')['vectorSearchProfile'] = 'nope'))],
      [
        'profile with unknown algorithm',
        def((d) => (d.vectorSearch.profiles[0] = { name: 'chunk-vector-profile', algorithm: 'nope' })),
      ],
      [
        'hnsw m 3',
        def((d) => (d.vectorSearch.algorithms[0] = { name: 'chunk-hnsw', kind: 'hnsw', hnswParameters: { m: 3 } })),
      ],
      [
        'hnsw m 11',
        def((d) => (d.vectorSearch.algorithms[0] = { name: 'chunk-hnsw', kind: 'hnsw', hnswParameters: { m: 11 } })),
      ],
      [
        'hnsw efConstruction 99',
        def(
          (d) =>
            (d.vectorSearch.algorithms[0] = {
              name: 'chunk-hnsw',
              kind: 'hnsw',
              hnswParameters: { efConstruction: 99 },
            }),
        ),
      ],
      [
        'hnsw efSearch 1001',
        def(
          (d) =>
            (d.vectorSearch.algorithms[0] = { name: 'chunk-hnsw', kind: 'hnsw', hnswParameters: { efSearch: 1001 } }),
        ),
      ],
      [
        'unknown metric',
        def(
          (d) =>
            (d.vectorSearch.algorithms[0] = {
              name: 'chunk-hnsw',
              kind: 'hnsw',
              hnswParameters: { metric: 'manhattan' },
            }),
        ),
      ],
      ['unknown algorithm kind', def((d) => (d.vectorSearch.algorithms[0] = { name: 'chunk-hnsw', kind: 'ivf' }))],
      ['dimensions on a non-vector field', def((d) => (field(d, 'content')['dimensions'] = 3))],
      [
        'analyzer on a non-searchable field',
        def(
          (d) => ((field(d, 'section')['searchable'] = false), (field(d, 'section')['analyzer'] = 'standard.lucene')),
        ),
      ],
      ['unknown type', def((d) => (field(d, 'section')['type'] = 'Edm.Text'))],
      ['duplicate field', def((d) => d.fields.push({ name: 'content', type: 'Edm.String' }))],
      ['bad field name', def((d) => (field(d, 'section')['name'] = '1section'))],
      ['unknown field property', def((d) => (field(d, 'section')['colour'] = 'blue'))],
      ['unknown index property', def((d) => (d['colour'] = 'blue'))],
      ['no fields', def((d) => (d.fields = []))],
    ];
    for (const [label, body] of cases) {
      it(label, async () => {
        const res = await search(emu, 'PUT', `/indexes/${INDEX}`, { body });
        assert.equal(res.status, 400, res.text);
        assert.equal(typeof res.json.error.message, 'string');
        assert.equal(typeof res.json.error.code, 'string');
        assert.equal(emu.index(INDEX), undefined);
        assert.throws(() => emu.createIndex(body), /createIndex: /);
      });
    }

    it('accepts the hnsw bounds m 4-10, ef 100-1000, dimensions 2 and 3072, exhaustiveKnn', async () => {
      const ok = [
        def(
          (d) =>
            (d.vectorSearch.algorithms[0] = {
              name: 'chunk-hnsw',
              kind: 'hnsw',
              hnswParameters: { m: 10, efConstruction: 100, efSearch: 1000, metric: 'cosine' },
            }),
        ),
        def((d) => (field(d, 'embedding')['dimensions'] = 2), 'dims-2'),
        def((d) => (field(d, 'embedding')['dimensions'] = 3072), 'dims-3072'),
        def(
          (d) =>
            (d.vectorSearch.algorithms[0] = {
              name: 'chunk-hnsw',
              kind: 'exhaustiveKnn',
              exhaustiveKnnParameters: { metric: 'cosine' },
            }),
          'exhaustive',
        ),
      ];
      for (const body of ok) {
        const res = await search(emu, 'PUT', `/indexes/${String(body['name'])}`, { body });
        assert.ok(res.status === 201 || res.status === 204, res.text);
      }
    });
  });

  describe('index names', () => {
    for (const bad of [
      'A-index',
      '-index',
      '_index',
      'in--dex',
      'in__dex',
      'in-_dex',
      'x',
      'a'.repeat(129),
      'in.dex',
    ]) {
      it(`refuses '${bad.length > 20 ? `${bad.slice(0, 10)}...(${bad.length})` : bad}'`, async () => {
        const res = await search(emu, 'POST', '/indexes', { body: pdfChunksDefinition(bad) });
        assert.equal(res.status, 400);
      });
    }
    for (const good of ['ab', '1index', 'pdf-chunks-2', 'in_dex', 'pdf_chunks-v2', 'index-', 'a'.repeat(128)]) {
      it(`accepts '${good.length > 20 ? `${good.slice(0, 10)}...(${good.length})` : good}'`, async () => {
        const res = await search(emu, 'POST', '/indexes', { body: pdfChunksDefinition(good) });
        assert.equal(res.status, 201, res.text);
      });
    }
  });
});

describe('search keys and api-version', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator();
    emu.createIndex(pdfChunksDefinition());
  });
  after(() => emu.close());

  it('missing api-version: 400', async () => {
    const res = await search(emu, 'POST', `/indexes/${INDEX}/docs/search`, { body: {}, apiVersion: null });
    assert.equal(res.status, 400);
    assert.match(res.json.error.message, /api-version/);
  });

  it('missing key: 401, wrong key: 403, both with JSON error bodies', async () => {
    const missing = await search(emu, 'POST', `/indexes/${INDEX}/docs/search`, { body: {}, key: null });
    assert.equal(missing.status, 401);
    assert.equal(typeof missing.json.error.message, 'string');
    const wrong = await search(emu, 'POST', `/indexes/${INDEX}/docs/search`, { body: {}, key: 'nope' });
    assert.equal(wrong.status, 403);
    assert.equal(typeof wrong.json.error.message, 'string');
  });

  it('the query key may search and look up, but gets 403 on docs/index and on index management', async () => {
    const q = emu.keys.searchQuery;
    assert.equal((await query(emu, { search: '*' }, { key: q })).status, 200);
    assert.equal((await search(emu, 'GET', `/indexes/${INDEX}/docs?search=*`, { key: q })).status, 200);
    assert.equal((await search(emu, 'GET', `/indexes('${INDEX}')/docs/$count`, { key: q })).status, 200);
    const write = await search(emu, 'POST', `/indexes/${INDEX}/docs/index`, {
      body: { value: [{ '@search.action': 'delete', id: 'a' }] },
      key: q,
    });
    assert.equal(write.status, 403);
    assert.equal(typeof write.json.error.message, 'string');
    assert.equal(
      (await search(emu, 'POST', `/indexes('${INDEX}')/docs/search.index`, { body: { value: [] }, key: q })).status,
      403,
    );
    assert.equal((await search(emu, 'GET', `/indexes/${INDEX}`, { key: q })).status, 403);
    assert.equal((await search(emu, 'PUT', `/indexes/${INDEX}`, { body: pdfChunksDefinition(), key: q })).status, 403);
    assert.equal((await search(emu, 'DELETE', `/indexes/${INDEX}`, { key: q })).status, 403);
    assert.equal((await search(emu, 'GET', '/indexes', { key: q })).status, 403);
    assert.ok(emu.index(INDEX), 'nothing was deleted');
  });

  it('unknown index: 404 "The index ... for service ... was not found." on every docs route', async () => {
    const message = "The index 'nope' for service 'emulator' was not found.";
    for (const [method, path, body] of [
      ['POST', '/indexes/nope/docs/search', {}],
      ['GET', '/indexes/nope/docs?search=*', undefined],
      ['POST', '/indexes/nope/docs/index', { value: [] }],
      ['POST', "/indexes('nope')/docs/search.post.search", {}],
      ['POST', "/indexes('nope')/docs/search.index", { value: [] }],
    ] as const) {
      const res = await search(emu, method, path, { body });
      assert.equal(res.status, 404, path);
      assert.deepEqual(res.json, { error: { code: '', message } });
    }
  });

  it('a wrong method is 405 with Allow; an unknown path 404', async () => {
    const res = await search(emu, 'GET', `/indexes/${INDEX}/docs/index`);
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
    assert.equal((await search(emu, 'GET', `/indexes/${INDEX}/whatever/else`)).status, 404);
  });
});

describe('preconditions and Prefer (pure rules)', () => {
  const E = '"0x1"';
  const cases: Array<[string, string | undefined, string | undefined, string | undefined, boolean]> = [
    ['no headers, existing', E, undefined, undefined, true],
    ['no headers, missing', undefined, undefined, undefined, true],
    ['If-Match current', E, E, undefined, true],
    ['If-Match stale', E, '"0x0"', undefined, false],
    ['If-Match one of a list', E, '"0x0", "0x1"', undefined, true],
    ['If-Match weak form of current', E, 'W/"0x1"', undefined, true],
    ['If-Match *, existing', E, '*', undefined, true],
    ['If-Match *, missing', undefined, '*', undefined, false],
    ['If-Match a tag, missing', undefined, E, undefined, false],
    ['If-None-Match *, existing', E, undefined, '*', false],
    ['If-None-Match *, missing', undefined, undefined, '*', true],
    ['If-None-Match current', E, undefined, E, false],
    ['If-None-Match another', E, undefined, '"0x0"', true],
  ];
  for (const [name, current, ifMatch, ifNoneMatch, holds] of cases) {
    it(`preconditionsHold: ${name} -> ${holds}`, () =>
      assert.equal(preconditionsHold(current, ifMatch, ifNoneMatch), holds));
  }

  const prefers: Array<[string | undefined, 'representation' | 'minimal' | undefined]> = [
    [undefined, undefined],
    ['return=representation', 'representation'],
    ['return=minimal', 'minimal'],
    ['Return = Minimal', 'minimal'],
    ['respond-async, return=minimal', 'minimal'],
    ['return="representation"', 'representation'],
    ['return=everything', undefined],
    ['handling=strict', undefined],
  ];
  for (const [header, expected] of prefers) {
    it(`preferredReturn(${JSON.stringify(header)}) -> ${expected}`, () =>
      assert.equal(preferredReturn(header), expected));
  }
});

describe('ETags, Prefer, statistics and api-versions over HTTP', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const put = (headers: Record<string, string>, body: unknown = pdfChunksDefinition()) =>
    fetch(`${emu.searchUrl}/indexes/${INDEX}?api-version=2024-07-01`, {
      method: 'PUT',
      headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  const table: Array<[string, string | undefined, number, number]> = [
    ['no Prefer', undefined, 201, 204],
    ['return=representation', 'return=representation', 201, 200],
    ['return=minimal', 'return=minimal', 204, 204],
  ];
  for (const [name, prefer, onCreate, onUpdate] of table) {
    it(`PUT with ${name}: ${onCreate} on create, ${onUpdate} on update; a body exactly when not 204`, async () => {
      emu.reset();
      for (const expected of [onCreate, onUpdate]) {
        const res = await put(prefer === undefined ? {} : { prefer });
        assert.equal(res.status, expected);
        const text = await res.text();
        if (expected === 204) assert.equal(text, '');
        else assert.equal(JSON.parse(text).name, INDEX);
        assert.match(res.headers.get('etag') ?? '', /^"0x[0-9A-F]+"$/);
        if (prefer !== undefined) assert.equal(res.headers.get('preference-applied'), prefer);
      }
    });
  }

  it('every change gives a new ETag, and @odata.etag in the body is the ETag header', async () => {
    const tags = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await put({ prefer: 'return=representation' });
      const etag = res.headers.get('etag') ?? '';
      assert.equal(((await res.json()) as Record<string, unknown>)['@odata.etag'], etag);
      tags.add(etag);
    }
    assert.equal(tags.size, 3);
    const got = await search(emu, 'GET', `/indexes/${INDEX}`);
    assert.ok(tags.has(got.headers.get('etag') ?? ''));
  });

  it("a stale If-Match is 412 with Azure's message and changes nothing; If-None-Match: * creates only", async () => {
    const first = (await put({})).headers.get('etag') ?? '';
    assert.equal((await put({ 'if-match': first })).status, 204);
    const stale = await put({ 'if-match': first }, { ...pdfChunksDefinition(), description: 'x' });
    assert.equal(stale.status, 412);
    assert.deepEqual(await stale.json(), {
      error: {
        code: '',
        message:
          'The precondition given in one of the request headers evaluated to false. No change was made to the resource from this request.',
      },
    });
    assert.equal(emu.index(INDEX)?.definition['description'], undefined);
    assert.equal((await put({ 'if-none-match': '*' })).status, 412);
    const del = await fetch(`${emu.searchUrl}/indexes/${INDEX}?api-version=2024-07-01`, {
      method: 'DELETE',
      headers: { 'api-key': emu.keys.searchAdmin, 'if-match': first },
    });
    assert.equal(del.status, 412);
    assert.ok(emu.index(INDEX), 'not deleted');
    emu.reset();
    assert.equal((await put({ 'if-none-match': '*' })).status, 201);
  });

  it('GET /indexes/{name}/stats and /servicestats', async () => {
    emu.createIndex(pdfChunksDefinition());
    await search(emu, 'POST', `/indexes/${INDEX}/docs/index`, {
      body: { value: [{ '@search.action': 'upload', id: 'a', content: 'x', embedding: Array(1536).fill(0.5) }] },
    });
    const stats = await search(emu, 'GET', `/indexes/${INDEX}/stats`);
    assert.equal(stats.status, 200);
    assert.equal(stats.json.documentCount, 1);
    assert.equal(stats.json.vectorIndexSize, 6144);
    assert.equal(typeof stats.json.storageSize, 'number');
    assert.equal((await search(emu, 'GET', `/indexes('${INDEX}')/search.stats`)).json.documentCount, 1);
    assert.equal((await search(emu, 'GET', '/indexes/nope/stats')).status, 404);
    const service = await search(emu, 'GET', '/servicestats');
    assert.equal(service.status, 200);
    assert.deepEqual(service.json.counters.indexesCount, { usage: 1, quota: 15 });
    assert.equal(service.json.counters.documentCount.usage, 1);
    assert.equal((await search(emu, 'GET', '/servicestats', { key: emu.keys.searchQuery })).status, 403);
  });

  it('a missing document is a 404 with a JSON error body', async () => {
    emu.createIndex(pdfChunksDefinition());
    const res = await search(emu, 'GET', `/indexes/${INDEX}/docs/nope`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(res.json, {
      error: { code: '', message: `Document with key 'nope' was not found in index '${INDEX}'.` },
    });
  });

  it("only api-versions Azure serves: others are 400 with Azure's message", async () => {
    emu.createIndex(pdfChunksDefinition());
    for (const version of ['2099-13-45', '2024-07-02', '2024-07-01-preview', 'latest', '']) {
      const res = await search(emu, 'GET', `/indexes/${INDEX}`, { apiVersion: version });
      assert.equal(res.status, 400, version);
      assert.deepEqual(res.json, {
        error: { code: '', message: 'Invalid or missing api-version query string parameter.' },
      });
    }
    for (const version of [
      '2024-07-01',
      '2023-11-01',
      '2025-09-01',
      '2026-04-01',
      '2024-05-01-preview',
      '2024-05-01-Preview',
    ]) {
      assert.equal((await search(emu, 'GET', `/indexes/${INDEX}`, { apiVersion: version })).status, 200, version);
    }
  });
});

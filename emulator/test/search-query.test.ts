/** Search queries: filters, select, paging, OData routes (azure-contracts.md section 2; search fake items 1, 4, 5). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { deterministicEmbedding, startEmulator } from '../src/index.ts';
import type { Emulator } from '../src/index.ts';
import { INDEX, SEARCH_API, chunk, indexBatch, pdfChunksDefinition, query, search } from './fixtures.ts';

const BIG = '9007199254740993'; // 2^53 + 1: a JS number would read 9007199254740992
const BIG_NEIGHBOUR = '9007199254740992';

function ids(res: { json: { value: Array<{ id: string }> } }): string[] {
  return res.json.value.map((h) => h.id).sort();
}

describe('search queries', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ searchServiceName: 'svc' });
    emu.createIndex(pdfChunksDefinition());
    const docs = [
      chunk(7, 42, 0, { section: 'Introduction', content: 'Invoices are payable within thirty days.' }),
      chunk(7, 42, 1, { section: 'Payment', content: 'Late fees apply to overdue invoices.' }),
      chunk(7, 43, 0, { section: 'Introduction', content: 'Volcanoes of Iceland.' }),
      chunk(8, 42, 0, { section: 'Other', content: 'Another tenant, same document id.' }),
      chunk(-5, -5, 0, { section: 'Negative' }),
    ];
    assert.equal((await indexBatch(emu, docs)).status, 200);
    const body = `{"value":[
      {"@search.action":"upload","id":"1-${BIG}-0000","tenant_id":1,"document_id":${BIG},"embedding":[]},
      {"@search.action":"upload","id":"1-${BIG}-0001","tenant_id":1,"document_id":${BIG},"embedding":[]},
      {"@search.action":"upload","id":"1-${BIG_NEIGHBOUR}-0000","tenant_id":1,"document_id":${BIG_NEIGHBOUR},"embedding":[]}]}`;
    assert.equal((await search(emu, 'POST', `/indexes/${INDEX}/docs/index`, { body })).status, 200);
  });
  after(() => emu.close());

  it('the contract query: search *, filter document_id eq 42, select id, top 1000', async () => {
    const res = await query(emu, { search: '*', filter: 'document_id eq 42', select: 'id', top: 1000 });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json; odata\.metadata=minimal/);
    assert.equal(res.json['@odata.context'], `${emu.searchUrl}/indexes('${INDEX}')/$metadata#docs(*)`);
    assert.deepEqual(ids(res), ['7-42-0000', '7-42-0001', '8-42-0000']);
    for (const hit of res.json.value) assert.deepEqual(Object.keys(hit), ['@search.score', 'id']);
    assert.ok(res.json.value.every((h: Record<string, unknown>) => h['@search.score'] === 1));
    assert.equal(res.json['@odata.nextLink'], undefined);
    assert.equal(res.json['@odata.count'], undefined);
  });

  it('the equivalent GET with $filter, $select, $top', async () => {
    const res = await search(
      emu,
      'GET',
      `/indexes/${INDEX}/docs?search=*&$filter=${encodeURIComponent('document_id eq 42')}&$select=id&$top=1000`,
    );
    assert.equal(res.status, 200);
    assert.deepEqual(ids(res), ['7-42-0000', '7-42-0001', '8-42-0000']);
    assert.equal(res.json['@search.nextPageParameters'], undefined);
  });

  it("OData forms: /indexes('{i}')/docs/search.post.search", async () => {
    const res = await search(emu, 'POST', `/indexes('${INDEX}')/docs/search.post.search`, {
      body: { filter: 'document_id eq 43', select: 'id' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(ids(res), ['7-43-0000']);
  });

  it('select of a vector field: retrievable, the stored vector as 32-bit floats (Collection(Edm.Single)); not retrievable, a 400', async () => {
    const sent = Array.from({ length: 1536 }, (_, i) => 0.1 + i / 3);
    const v = await startEmulator();
    try {
      const def = pdfChunksDefinition() as { fields: Record<string, unknown>[] };
      v.createIndex(def);
      assert.equal((await indexBatch(v, [chunk(7, 42, 0, { embedding: sent })])).status, 200);
      const res = await query(v, {
        filter: "document_id eq 42 and tenant_id eq 7 and search.in(id, '7-42-0000,7-42-0009', ',')",
        select: 'id,content,embedding',
      });
      assert.equal(res.status, 200, res.text);
      const hit = res.json.value[0] as { id: string; embedding: number[] };
      assert.equal(res.json.value.length, 1);
      assert.deepEqual(hit.embedding, sent.map(Math.fround));
      assert.notDeepEqual(hit.embedding, sent, 'not the float64 values sent');

      v.reset();
      v.createIndex({
        ...def,
        fields: def.fields.map((f) => (f['name'] === 'embedding' ? { ...f, retrievable: false } : f)),
      });
      const hidden = await query(v, { filter: 'document_id eq 42', select: 'id,embedding' });
      assert.equal(hidden.status, 400);
      assert.equal(
        (hidden.json as { error: { message: string } }).error.message,
        "Invalid expression: The field 'embedding' is not retrievable. Only retrievable fields can be selected.\r\nParameter name: $select",
      );
      // select * (or none) leaves a field that is not retrievable out, without an error.
      const all = await query(v, { filter: 'document_id eq 42' });
      assert.equal(all.status, 200);
      assert.equal('embedding' in (all.json.value[0] ?? {}), false);
    } finally {
      await v.close();
    }
  });

  it('Int64 beyond 2^53 compares exactly (BigInt), in filters and in returned JSON', async () => {
    const res = await query(emu, { filter: `document_id eq ${BIG}`, select: 'id,document_id' });
    assert.deepEqual(ids(res), [`1-${BIG}-0000`, `1-${BIG}-0001`]);
    assert.match(res.text, new RegExp(`"document_id":${BIG}[,}]`), 'the response carries the exact digits');
    const neighbour = await query(emu, { filter: `document_id eq ${BIG_NEIGHBOUR}`, select: 'id' });
    assert.deepEqual(ids(neighbour), [`1-${BIG_NEIGHBOUR}-0000`]);
    const gt = await query(emu, { filter: `document_id gt ${BIG_NEIGHBOUR}`, select: 'id' });
    assert.deepEqual(ids(gt), [`1-${BIG}-0000`, `1-${BIG}-0001`]);
    const get = await search(
      emu,
      'GET',
      `/indexes/${INDEX}/docs?$filter=${encodeURIComponent(`document_id eq ${BIG}`)}&$select=id`,
    );
    assert.equal(get.json.value.length, 2);
  });

  it('operators eq ne gt lt ge le, and/or/not, parentheses, negative literals, strings, null', async () => {
    const cases: Array<[string, string[]]> = [
      ['document_id eq 42 and tenant_id eq 7', ['7-42-0000', '7-42-0001']],
      ['document_id eq 42 and tenant_id ne 7', ['8-42-0000']],
      ['tenant_id gt 7', ['8-42-0000']],
      ['tenant_id lt 1', ['-5--5-0000']],
      ['tenant_id ge 8 or tenant_id le -5', ['-5--5-0000', '8-42-0000']],
      ['document_id eq -5', ['-5--5-0000']],
      ["section eq 'Introduction'", ['7-42-0000', '7-43-0000']],
      ["section eq 'Introduction' and not (document_id eq 43)", ['7-42-0000']],
      ["(tenant_id eq 7 or tenant_id eq 8) and section ne 'Introduction'", ['7-42-0001', '8-42-0000']],
      ["sourceName eq 'it''s'", []],
      ['section eq null', [`1-${BIG_NEIGHBOUR}-0000`, `1-${BIG}-0000`, `1-${BIG}-0001`]],
      ["search.in(section, 'Payment,Other', ',')", ['7-42-0001', '8-42-0000']],
    ];
    for (const [filter, expected] of cases) {
      const res = await query(emu, { filter, select: 'id', top: 1000 });
      assert.equal(res.status, 200, `${filter}: ${res.text}`);
      assert.deepEqual(ids(res), [...expected].sort(), filter);
    }
  });

  describe('filter errors: 400 "Invalid expression: ...\\r\\nParameter name: $filter"', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['quoted literal on an Int64 field', "document_id eq '42'", /incompatible types.*'Edm\.Int64' and 'Edm\.String'/],
      ['non-filterable field', 'content eq 42', /The field 'content' is not filterable/],
      ['unknown field', 'url eq 42', /Could not find a property named 'url' on type 'search\.document'/],
      [
        'missing operand',
        'document_id eq',
        /^Invalid expression: Syntax error at position 12 in 'document_id eq'\.\r\nParameter name: \$filter$/,
      ],
      ['unknown operator', 'document_id equals 42', /Syntax error at position 12/],
      ['dangling and', 'document_id eq 42 and', /Syntax error/],
      ['unbalanced parenthesis', '(document_id eq 42', /Syntax error/],
      ['unterminated string', "section eq 'abc", /unterminated/],
      ['upper-case operator', 'document_id EQ 42', /Syntax error/],
      ['Int64 out of range', 'document_id eq 9223372036854775808', /incompatible types/],
      ['number literal on a string field', 'section eq 42', /incompatible types/],
    ];
    for (const [label, filter, message] of cases) {
      it(label, async () => {
        const res = await query(emu, { filter });
        assert.equal(res.status, 400, res.text);
        assert.equal(res.json.error.code, '');
        assert.match(res.json.error.message, /^Invalid expression: /);
        assert.match(res.json.error.message, /\r\nParameter name: \$filter$/);
        assert.match(res.json.error.message, message);
      });
    }
  });

  it('select projects fields (missing values as null); unknown or blank select', async () => {
    const res = await query(emu, { filter: "id eq '7-42-0000'", select: 'id, tenant_id, section' });
    assert.deepEqual(res.json.value, [{ '@search.score': 1, id: '7-42-0000', tenant_id: 7, section: 'Introduction' }]);
    const all = await query(emu, { filter: "id eq '7-42-0000'" });
    assert.deepEqual(Object.keys(all.json.value[0]), [
      '@search.score',
      'id',
      'tenant_id',
      'document_id',
      'sourceName',
      'section',
      'content',
      'embedding',
    ]);
    const nulls = await query(emu, { filter: `id eq '1-${BIG}-0000'`, select: 'id,section' });
    assert.deepEqual(nulls.json.value[0], { '@search.score': 1, id: `1-${BIG}-0000`, section: null });
    const bad = await query(emu, { select: 'id,url' });
    assert.equal(bad.status, 400);
    assert.equal(
      bad.json.error.message,
      "Invalid expression: Could not find a property named 'url' on type 'search.document'.\r\nParameter name: $select",
    );
    const badGet = await search(emu, 'GET', `/indexes/${INDEX}/docs?$select=nope`);
    assert.equal(badGet.status, 400);
  });

  it('count: true adds @odata.count (all matches, not the page)', async () => {
    const res = await query(emu, { count: true, top: 2, filter: 'tenant_id ge 7' });
    assert.equal(res.json['@odata.count'], 4);
    assert.equal(res.json.value.length, 2);
    const get = await search(emu, 'GET', `/indexes/${INDEX}/docs?$count=true&$top=1`);
    assert.equal(get.json['@odata.count'], 8);
  });

  it('unknown POST parameters and bad top/skip values are 400', async () => {
    assert.equal((await query(emu, { search: '*', colour: 'blue' })).status, 400);
    assert.equal((await query(emu, { top: -1 })).status, 400);
    assert.equal((await query(emu, { top: 'ten' })).status, 400);
    assert.equal((await search(emu, 'GET', `/indexes/${INDEX}/docs?$top=abc`)).status, 400);
  });

  it('full-text search on searchable fields, with scores', async () => {
    const res = await query(emu, { search: 'invoices', select: 'id' });
    assert.deepEqual(ids(res), ['7-42-0000', '7-42-0001']);
    assert.ok(res.json.value.every((h: Record<string, number>) => (h['@search.score'] as number) > 0));
  });

  it('vector queries rank by cosine similarity (exhaustive), with a filter', async () => {
    const local = await startEmulator();
    try {
      local.createIndex(pdfChunksDefinition());
      const texts = ['invoice payment terms', 'late fees on invoices', 'volcanoes of iceland'];
      await indexBatch(
        local,
        texts.map((t, i) => chunk(1, 1, i, { content: t, embedding: deterministicEmbedding(t) })),
      );
      const res = await query(local, {
        vectorQueries: [
          { kind: 'vector', vector: deterministicEmbedding('invoice payment'), fields: 'embedding', k: 2 },
        ],
        select: 'id',
      });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(
        res.json.value.map((h: { id: string }) => h.id),
        ['1-1-0000', '1-1-0001'],
      );
      const wrongLength = await query(local, {
        vectorQueries: [{ kind: 'vector', vector: [1, 2], fields: 'embedding' }],
      });
      assert.equal(wrongLength.status, 400);
    } finally {
      await local.close();
    }
  });

  it("GET /docs/{key}, /docs('{key}') look one document up; /docs/$count counts", async () => {
    const one = await search(emu, 'GET', `/indexes/${INDEX}/docs/7-42-0000?$select=id,section`);
    assert.equal(one.status, 200);
    assert.equal(one.json.id, '7-42-0000');
    assert.equal(one.json.section, 'Introduction');
    assert.equal((await search(emu, 'GET', `/indexes('${INDEX}')/docs('7-42-0001')`)).json.id, '7-42-0001');
    assert.equal((await search(emu, 'GET', `/indexes/${INDEX}/docs/nope`)).status, 404);
    const count = await search(emu, 'GET', `/indexes/${INDEX}/docs/$count`);
    assert.equal(Number(count.text.replace(/^\uFEFF/, '')), 8);
  });
});

describe('search paging', () => {
  let emu: Emulator;
  const TOTAL = 2500;
  before(async () => {
    emu = await startEmulator();
    emu.createIndex(pdfChunksDefinition());
    for (let start = 0; start < TOTAL; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, TOTAL - start) }, (_, i) => chunk(1, 9, start + i));
      assert.equal((await indexBatch(emu, batch)).status, 200);
    }
  });
  after(() => emu.close());

  it('default top is 50, with @odata.nextLink and @search.nextPageParameters (skip 50) past it', async () => {
    const res = await query(emu, { search: '*', select: 'id' });
    assert.equal(res.json.value.length, 50);
    assert.deepEqual(res.json['@search.nextPageParameters'], { search: '*', select: 'id', skip: 50 });
    assert.equal(
      res.json['@odata.nextLink'],
      `${emu.searchUrl}/indexes('${INDEX}')/docs/search.post.search?api-version=${SEARCH_API}`,
    );
    assert.deepEqual(Object.keys(res.json), [
      '@odata.context',
      '@search.nextPageParameters',
      'value',
      '@odata.nextLink',
    ]);
  });

  it('top 1000 with more matches: 1000 and no continuation ("at most 1000 per call")', async () => {
    const res = await query(emu, { search: '*', select: 'id', top: 1000 });
    assert.equal(res.json.value.length, 1000);
    assert.equal(res.json['@odata.nextLink'], undefined);
    assert.equal(res.json['@search.nextPageParameters'], undefined);
  });

  it('top over 1000: a page of 1000, next parameters skip + 1000 and top - 1000, until done', async () => {
    const seen = new Set<string>();
    let body: Record<string, unknown> | undefined = { search: '*', select: 'id', top: 2200, count: true };
    let pages = 0;
    while (body !== undefined) {
      const res = await query(emu, body);
      assert.equal(res.status, 200);
      assert.equal(res.json['@odata.count'], TOTAL);
      for (const h of res.json.value) seen.add(h.id);
      pages++;
      if (pages === 1)
        assert.deepEqual(res.json['@search.nextPageParameters'], {
          search: '*',
          select: 'id',
          top: 1200,
          count: true,
          skip: 1000,
        });
      body = res.json['@search.nextPageParameters'];
      if (body !== undefined) assert.ok(res.json['@odata.nextLink']);
    }
    assert.equal(pages, 3);
    assert.equal(seen.size, 2200);
  });

  it('skip and top page through without overlap; skip past the end is an empty page', async () => {
    const a = await query(emu, { select: 'id', top: 10, skip: 0 });
    const b = await query(emu, { select: 'id', top: 10, skip: 10 });
    assert.equal(a.json.value.length, 10);
    assert.equal(new Set([...ids(a), ...ids(b)]).size, 20);
    const end = await query(emu, { select: 'id', skip: 5000 });
    assert.deepEqual(end.json.value, []);
  });

  it('skip over 100,000 is 400 (100,000 is fine)', async () => {
    assert.equal((await query(emu, { skip: 100_000 })).status, 200);
    const res = await query(emu, { skip: 100_001 });
    assert.equal(res.status, 400);
    assert.equal(typeof res.json.error.message, 'string');
    assert.equal((await search(emu, 'GET', `/indexes/${INDEX}/docs?$skip=100001`)).status, 400);
  });

  it('GET: the nextLink is the same query with $skip advanced, and it can be followed', async () => {
    const res = await search(emu, 'GET', `/indexes/${INDEX}/docs?search=*&$select=id`);
    assert.equal(res.json.value.length, 50);
    assert.equal(res.json['@search.nextPageParameters'], undefined, 'only POST answers carry nextPageParameters');
    const next = new URL(res.json['@odata.nextLink']);
    assert.equal(next.searchParams.get('$skip'), '50');
    assert.equal(next.searchParams.get('api-version'), SEARCH_API);
    const page2 = await fetch(next, { headers: { 'api-key': emu.keys.searchQuery } });
    const json = (await page2.json()) as { value: Array<{ id: string }> };
    assert.equal(json.value.length, 50);
    assert.ok(!json.value.some((h) => ids(res).includes(h.id)));
  });
});

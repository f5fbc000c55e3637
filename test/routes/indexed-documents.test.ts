// POST /apis/delete-indexed-document(.php) against the local Azure emulator.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { startEmulator, type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { buildTestApp, LAB, assertClientError, assertNoLeak } from '../helpers/app.ts';

const INDEX = 'pdf-chunks';

function chunkDoc(tenant: string, doc: string, i: number) {
  return `{"@search.action":"upload","id":"${tenant}-${doc}-${String(i).padStart(4, '0')}","tenant_id":${tenant},"document_id":${doc},"sourceName":"s.pdf","section":"","content":"chunk ${i}","embedding":[]}`;
}

describe('delete-indexed-document', () => {
  let emu: Emulator;
  let app: FastifyInstance;
  const logLines: string[] = [];

  const upload = async (tenant: string, doc: string, count: number, from = 0) => {
    for (let start = from; start < from + count; start += 1000) {
      const n = Math.min(1000, from + count - start);
      const body = `{"value":[${Array.from({ length: n }, (_, k) => chunkDoc(tenant, doc, start + k)).join(',')}]}`;
      const r = await fetch(`${emu.searchUrl}/indexes/${INDEX}/docs/index?api-version=2024-07-01`, {
        method: 'POST',
        headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
        body,
      });
      assert.equal(r.status, 200, await r.text());
    }
  };

  const headers = (over: Record<string, string | undefined> = {}) => {
    const h: Record<string, string> = {};
    const all = {
      'api-key': LAB.DOCUMENT_API_KEY,
      cloudAISearchEndpoint: emu.searchUrl,
      cloudAISearchKey: emu.keys.searchAdmin,
      indexName: INDEX,
      document_id: '42',
      ...over,
    };
    for (const [k, v] of Object.entries(all)) if (v !== undefined) h[k] = v;
    return h;
  };
  const del = (over: Record<string, string | undefined> = {}, url = '/apis/delete-indexed-document.php') =>
    app.inject({ method: 'POST', url, headers: headers(over) });
  const searchCalls = () => emu.requests.filter((r) => r.service === 'search');

  before(async () => {
    emu = await startEmulator();
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logLines.push(String(chunk));
        cb();
      },
    });
    app = await buildTestApp({
      env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,*.search.windows.net', SEARCH_TIMEOUT_MS: '300' },
      logger: { level: 'trace', stream },
      resolve: async (host) => (host === 'private.search.windows.net' ? ['10.1.2.3'] : ['20.1.2.3']),
    });
  });
  after(async () => {
    await app.close();
    await emu.close();
  });
  beforeEach(() => {
    emu.reset();
    emu.createIndex(indexDefinition(INDEX));
  });

  it('accepts every index name Azure accepts: underscores, a trailing dash, 128 characters', async () => {
    for (const name of ['pdf_chunks_v2', 'chunks-', 'a'.repeat(128)]) {
      emu.createIndex(indexDefinition(name));
      const r = await del({ indexName: name });
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(JSON.parse(r.body).message, `No chunks of document_id 42 found in index '${name}'.`);
    }
  });

  it('deletes every chunk of the document, then answers 0; other documents stay', async () => {
    await upload('7', '42', 12);
    await upload('7', '43', 3);
    const r = await del();
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(JSON.parse(r.body), {
      success: true,
      message: "Deleted 12 chunks of document_id 42 from index 'pdf-chunks'.",
      deleted_chunks: 12,
    });
    assert.equal(r.headers['access-control-allow-origin'], '*');
    assert.equal(emu.index(INDEX)!.documents.size, 3);
    const again = await del({}, '/apis/delete-indexed-document');
    assert.equal(again.statusCode, 200);
    assert.equal(JSON.parse(again.body).deleted_chunks, 0);
    assert.equal(JSON.parse(again.body).success, true);
  });

  describe('tenant-id narrows the deletion to one tenant', () => {
    it('tenants 1 and 2 both hold document 500: tenant-id 1 leaves tenant 2 whole', async () => {
      await upload('1', '500', 19);
      await upload('2', '500', 19);
      const before = searchCalls().length;
      const r = await del({ document_id: '500', 'tenant-id': '1' });
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(JSON.parse(r.body), {
        success: true,
        message: "Deleted 19 chunks of document_id 500 of tenant_id 1 from index 'pdf-chunks'.",
        deleted_chunks: 19,
      });
      assert.equal((searchCalls()[before]!.body as { filter: string }).filter, 'document_id eq 500 and tenant_id eq 1');
      const left = [...emu.index(INDEX)!.documents.keys()];
      assert.equal(left.length, 19);
      assert.ok(
        left.every((k) => k.startsWith('2-500-')),
        left.join(),
      );
      const again = await del({ document_id: '500', 'tenant-id': '1' });
      assert.equal(
        JSON.parse(again.body).message,
        "No chunks of document_id 500 of tenant_id 1 found in index 'pdf-chunks'.",
      );
    });

    it("without tenant-id, the interface's filter: every tenant's chunks of the document", async () => {
      await upload('1', '500', 19);
      await upload('2', '500', 19);
      const r = await del({ document_id: '500' });
      assert.equal(JSON.parse(r.body).deleted_chunks, 38, r.body);
      assert.equal(emu.index(INDEX)!.documents.size, 0);
    });

    it('Int64 tenants past 2^53 stay exact', async () => {
      await upload('9007199254740993', '500', 2);
      await upload('9007199254740992', '500', 3);
      const r = await del({ document_id: '500', 'tenant-id': '9007199254740993' });
      assert.equal(JSON.parse(r.body).deleted_chunks, 2, r.body);
      assert.equal(emu.index(INDEX)!.documents.size, 3);
    });
  });

  it('asks the search service exactly as the contract says', async () => {
    await upload('7', '42', 2);
    const before = searchCalls().length;
    await del();
    const [query, batch] = searchCalls().slice(before);
    assert.equal(query!.method, 'POST');
    assert.equal(query!.path, `/indexes/${INDEX}/docs/search`);
    assert.equal(query!.query['api-version'], '2024-07-01');
    assert.equal(query!.headers['api-key'], emu.keys.searchAdmin);
    assert.deepEqual(query!.body, { search: '*', filter: 'document_id eq 42', select: 'id', top: 1000 });
    assert.equal(batch!.path, `/indexes/${INDEX}/docs/index`);
    assert.deepEqual(batch!.body, {
      value: [
        { '@search.action': 'delete', id: '7-42-0000' },
        { '@search.action': 'delete', id: '7-42-0001' },
      ],
    });
  });

  it('removes 2500 chunks in three calls of 1000, 1000 and 500, then 0', async () => {
    await upload('7', '42', 2500);
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) counts.push(JSON.parse((await del()).body).deleted_chunks);
    assert.deepEqual(counts, [1000, 1000, 500, 0]);
  });

  it('keeps Int64 ids beyond 2^53 exact in the filter', async () => {
    await upload('-9223372036854775808', '9007199254740993', 2);
    await upload('1', '9007199254740992', 1);
    const before = searchCalls().length;
    const r = await del({ document_id: '9007199254740993' });
    assert.equal(JSON.parse(r.body).deleted_chunks, 2, r.body);
    assert.equal((searchCalls()[before]!.body as { filter: string }).filter, 'document_id eq 9007199254740993');
    assert.deepEqual([...emu.index(INDEX)!.documents.keys()], ['1-9007199254740992-0000']);
  });

  it('accepts a JSON content type with an empty body, and no content type at all', async () => {
    for (const extra of [{ 'content-type': 'application/json' }, {}]) {
      const r = await app.inject({
        method: 'POST',
        url: '/apis/delete-indexed-document.php',
        headers: { ...headers(), ...extra },
        payload: '',
      });
      assert.equal(r.statusCode, 200, r.body);
    }
  });

  describe('failures of the search service are 502 naming the call', () => {
    const cases: [string, () => void, RegExp][] = [
      [
        'search 503',
        () => emu.faults.search.push({ status: 503, operation: 'query' }),
        /^The search call to the search service failed: HTTP 503/,
      ],
      [
        'search 429',
        () => emu.faults.search.push({ status: 429, operation: 'query' }),
        /^The search call to the search service failed: HTTP 429/,
      ],
      [
        'search not JSON',
        () => emu.faults.search.push({ invalidJson: true, operation: 'query' }),
        /^The search call .* not JSON/,
      ],
      [
        'search timeout',
        () => emu.faults.search.push({ hang: true, operation: 'query' }),
        /^The search call to the search service failed: timed out after 300 ms$/,
      ],
      [
        'search reset',
        () => emu.faults.search.push({ reset: true, operation: 'query' }),
        /^The search call to the search service failed: network error/,
      ],
      [
        'delete 503',
        () => emu.faults.search.push({ status: 503, operation: 'index' }),
        /^The delete call to the search service failed: HTTP 503/,
      ],
      [
        'delete timeout',
        () => emu.faults.search.push({ hang: true, operation: 'index' }),
        /^The delete call to the search service failed: timed out/,
      ],
      [
        'delete partly failed (207)',
        () => emu.faults.search.push({ partial: { failCount: 2, statusCode: 503 } }),
        /^The delete call to the search service partly failed: deleted 3 of 5 chunks, 2 failed \(first: 7-42-0000: HTTP 503/,
      ],
    ];
    for (const [name, arm, why] of cases) {
      it(name, async () => {
        await upload('7', '42', 5);
        arm();
        const r = await del();
        assert.equal(r.statusCode, 502, r.body);
        const body = JSON.parse(r.body);
        assert.equal(body.success, false);
        assert.match(body.message, why);
        assertNoLeak(r.body);
        assert.ok(!r.body.includes(emu.keys.searchAdmin));
      });
    }

    it('an unknown index', async () => {
      const r = await del({ indexName: 'no-such-index' });
      assert.equal(r.statusCode, 502);
      assert.match(
        JSON.parse(r.body).message,
        /^The search call to the search service failed: HTTP 404: The index 'no-such-index' for service '.*' was not found\. Create the index first: PUT the body of GET \/apis\/search-index-definition\?name=no-such-index /,
      );
      assert.match(String(r.headers['x-error-hint']), /^Create the index first/);
    });

    it('a query key, refused on the delete call', async () => {
      await upload('7', '42', 1);
      const r = await del({ cloudAISearchKey: emu.keys.searchQuery });
      assert.equal(r.statusCode, 502);
      assert.match(JSON.parse(r.body).message, /^The delete call to the search service failed: HTTP 403/);
    });

    it('a wrong key', async () => {
      const r = await del({ cloudAISearchKey: 'wrong-key' });
      assert.equal(r.statusCode, 502);
      assert.match(JSON.parse(r.body).message, /^The search call to the search service failed: HTTP 403/);
      assert.ok(!r.body.includes('wrong-key'));
    });

    it('an unreachable service', async () => {
      const r = await del({ cloudAISearchEndpoint: 'http://127.0.0.1:1' });
      assert.equal(r.statusCode, 502);
      assert.match(
        JSON.parse(r.body).message,
        /^The search call to the search service failed: network error \(ECONNREFUSED\)$/,
      );
    });
  });

  describe('bad input: 400 with a message, and no call to the search service', () => {
    const cases: [string, Record<string, string | undefined>, RegExp][] = [
      [
        'missing cloudAISearchEndpoint',
        { cloudAISearchEndpoint: undefined },
        /^Header cloudAISearchEndpoint is required\.$/,
      ],
      ['missing cloudAISearchKey', { cloudAISearchKey: undefined }, /^Header cloudAISearchKey is required\.$/],
      ['missing indexName', { indexName: undefined }, /^Header indexName is required\.$/],
      ['missing document_id', { document_id: undefined }, /^Header document_id is required\.$/],
      ['empty document_id', { document_id: '' }, /^Header document_id is required\.$/],
      [
        'document-id (dash) instead of document_id',
        { document_id: undefined, 'document-id': '42' },
        /^Header document_id is required\. The request has a header document-id; this endpoint reads document_id, with an underscore\.$/,
      ],
      ['document_id 1e3', { document_id: '1e3' }, /^Header document_id must be a decimal integer/],
      ['document_id -0', { document_id: '-0' }, /^Header document_id must be a decimal integer/],
      ['document_id 0x10', { document_id: '0x10' }, /^Header document_id must be a decimal integer/],
      ['document_id 1.5', { document_id: '1.5' }, /^Header document_id must be a decimal integer/],
      ['document_id abc', { document_id: 'abc' }, /^Header document_id must be a decimal integer/],
      [
        'document_id of 25 digits',
        { document_id: '1234567890123456789012345' },
        /^Header document_id must be a decimal integer/,
      ],
      ['document_id 2^63', { document_id: '9223372036854775808' }, /^Header document_id is outside the Int64 range\.$/],
      ['tenant-id abc', { 'tenant-id': 'abc' }, /^Header tenant-id must be a decimal integer/],
      ['tenant-id 007', { 'tenant-id': '007' }, /^Header tenant-id must be a decimal integer/],
      ['tenant-id 2^63', { 'tenant-id': '9223372036854775808' }, /^Header tenant-id is outside the Int64 range\.$/],
      [
        'tenant-id of 65 characters',
        { 'tenant-id': '1'.repeat(65) },
        /^Header tenant-id is longer than 64 characters\.$/,
      ],
      [
        'tenant_id (underscore) only: refused rather than deleting across tenants',
        { tenant_id: '1' },
        /^The request has a header tenant_id; this endpoint reads tenant-id, with a dash\. Send tenant-id, or neither\.$/,
      ],
      [
        'indexName with /',
        { indexName: 'a/b' },
        /^Header indexName may hold only lowercase letters, digits, dashes and underscores\.$/,
      ],
      ['indexName ..', { indexName: '..' }, /^Header indexName may hold only/],
      ['indexName with ?', { indexName: 'idx?x=1' }, /^Header indexName may hold only/],
      ['indexName upper-case', { indexName: 'Chunks' }, /^Header indexName may hold only/],
      [
        'indexName with --',
        { indexName: 'a--b' },
        /^Header indexName must not hold two dashes or underscores in a row\.$/,
      ],
      [
        'indexName with __',
        { indexName: 'a__b' },
        /^Header indexName must not hold two dashes or underscores in a row\.$/,
      ],
      ['indexName starting with _', { indexName: '_chunks' }, /^Header indexName must start with a letter or digit\.$/],
      ['indexName of 1 character', { indexName: 'a' }, /^Header indexName must be 2 to 128 characters\.$/],
      ['indexName 10 KB', { indexName: 'a'.repeat(10_240) }, /^Header indexName is longer than 128 characters\.$/],
      [
        'cloudAISearchKey 10 KB',
        { cloudAISearchKey: 'k'.repeat(10_240) },
        /^Header cloudAISearchKey is longer than 512 characters\.$/,
      ],
      [
        'endpoint 10 KB',
        { cloudAISearchEndpoint: `https://${'a'.repeat(10_240)}.search.windows.net` },
        /^Header cloudAISearchEndpoint is longer than 2048 characters\.$/,
      ],
      [
        'endpoint with credentials',
        { cloudAISearchEndpoint: 'https://user:pw@svc.search.windows.net' },
        /credentials in the URL are not allowed/,
      ],
      [
        'endpoint with a fragment',
        { cloudAISearchEndpoint: 'https://svc.search.windows.net/#x' },
        /a fragment is not allowed/,
      ],
      ['endpoint not a URL', { cloudAISearchEndpoint: 'svc.search.windows.net' }, /not an absolute URL/],
      [
        'endpoint host not allowed',
        { cloudAISearchEndpoint: 'https://example.com' },
        /host example\.com is not in OUTBOUND_ALLOWED_HOSTS/,
      ],
      [
        'endpoint on a private address',
        { cloudAISearchEndpoint: 'https://private.search.windows.net' },
        /resolves to a loopback, private or otherwise non-public address/,
      ],
      [
        'plain http to a host not listed exactly',
        { cloudAISearchEndpoint: 'http://svc.search.windows.net' },
        /only https URLs are allowed/,
      ],
      ['a private IP not listed', { cloudAISearchEndpoint: 'http://192.168.1.10' }, /not in OUTBOUND_ALLOWED_HOSTS/],
      [
        'non-ASCII in the key',
        { cloudAISearchKey: 'kéy' },
        /^Header cloudAISearchKey holds characters that are not printable ASCII\.$/,
      ],
    ];
    for (const [name, over, why] of cases) {
      it(name, async () => {
        const r = await del(over);
        const body = assertClientError(r, 400, 'message');
        assert.match(String(body.message), why);
        assert.equal(searchCalls().length, 0);
      });
    }
  });

  it('401 for a missing or wrong api-key, before anything else', async () => {
    for (const key of [undefined, 'wrong']) {
      const r = await del({ 'api-key': key, document_id: 'not-a-number' });
      const body = assertClientError(r, 401, 'message');
      assert.equal(body.message, 'Unauthorized. Invalid or missing api-key header.');
    }
    assert.equal(searchCalls().length, 0);
  });

  it('405 with Allow for other methods, in both path forms', async () => {
    for (const url of ['/apis/delete-indexed-document.php', '/apis/delete-indexed-document']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const r = await app.inject({ method, url, headers: headers() });
        const body = assertClientError(r, 405, 'message');
        assert.equal(r.headers.allow, 'POST');
        assert.equal(body.message, 'Method Not Allowed. Use POST.');
      }
    }
  });

  it('never writes the search key to a log line', async () => {
    await upload('7', '42', 1);
    emu.faults.search.push({ status: 503, operation: 'index' });
    await del();
    await del({ cloudAISearchKey: 'bad key!' });
    const logs = logLines.join('');
    assert.ok(logs.length > 0, 'the logger wrote something');
    assert.ok(!logs.includes(emu.keys.searchAdmin), 'search key in the log');
    assert.ok(!logs.includes(LAB.DOCUMENT_API_KEY), 'service key in the log');
  });
});

describe('search-index-definition', () => {
  let app: FastifyInstance;
  let emu: Emulator;
  before(async () => {
    app = await buildTestApp();
    emu = await startEmulator();
  });
  after(async () => {
    await app.close();
    await emu.close();
  });

  it('returns a definition the search service accepts, named as asked', async () => {
    const r = await app.inject({ method: 'GET', url: '/apis/search-index-definition?name=my-chunks' });
    assert.equal(r.statusCode, 200);
    const def = JSON.parse(r.body);
    assert.equal(def.name, 'my-chunks');
    assert.deepEqual(
      def.fields.map((f: { name: string }) => f.name),
      ['id', 'tenant_id', 'document_id', 'sourceName', 'section', 'content', 'embedding'],
    );
    const put = await fetch(`${emu.searchUrl}/indexes/my-chunks?api-version=2024-07-01`, {
      method: 'PUT',
      headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
      body: r.body,
    });
    assert.equal(put.status, 201, await put.text());
  });

  it('with pageNumbers=true adds page_start and page_end (Edm.Int32), and the search service accepts it with a paged payload', async () => {
    const r = await app.inject({ method: 'GET', url: '/apis/search-index-definition?name=paged&pageNumbers=true' });
    assert.equal(r.statusCode, 200);
    const def = JSON.parse(r.body);
    assert.deepEqual(
      def.fields.map((f: { name: string; type: string }) => `${f.name}:${f.type}`),
      [
        'id:Edm.String',
        'tenant_id:Edm.Int64',
        'document_id:Edm.Int64',
        'sourceName:Edm.String',
        'section:Edm.String',
        'content:Edm.String',
        'page_start:Edm.Int32',
        'page_end:Edm.Int32',
        'embedding:Collection(Edm.Single)',
      ],
    );
    const put = await fetch(`${emu.searchUrl}/indexes/paged?api-version=2024-07-01`, {
      method: 'PUT',
      headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
      body: r.body,
    });
    assert.equal(put.status, 201, await put.text());
    const doc = (page: string) =>
      `{"@search.action":"upload","id":"1-2-0000","tenant_id":1,"document_id":2,"sourceName":"s.pdf","section":"","content":"c",${page}"embedding":[]}`;
    const upload = (body: string) =>
      fetch(`${emu.searchUrl}/indexes/paged/docs/index?api-version=2024-07-01`, {
        method: 'POST',
        headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
        body: `{"value":[${body}]}`,
      });
    const ok = await upload(doc('"page_start":3,"page_end":4,'));
    assert.equal(ok.status, 200, await ok.text());
    const nulls = await upload(doc('"page_start":null,"page_end":null,'));
    assert.equal(nulls.status, 200, await nulls.text());
    // Without pageNumbers, today's definition, whose index refuses the page fields.
    const plain = await app.inject({ url: '/apis/search-index-definition?name=plain&pageNumbers=false' });
    assert.deepEqual(JSON.parse(plain.body), indexDefinition('plain'));
    emu.createIndex(JSON.parse(plain.body));
    const refused = await fetch(`${emu.searchUrl}/indexes/plain/docs/index?api-version=2024-07-01`, {
      method: 'POST',
      headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
      body: `{"value":[${doc('"page_start":3,"page_end":4,')}]}`,
    });
    assert.equal(refused.status, 400, await refused.text());
  });

  it('refuses a pageNumbers other than true or false', async () => {
    for (const v of ['1', 'yes', 'TRUE', '']) {
      assertClientError(await app.inject({ url: `/apis/search-index-definition?pageNumbers=${v}` }), 400);
    }
  });

  it('defaults to pdf-chunks and refuses a bad name', async () => {
    assert.equal(JSON.parse((await app.inject({ url: '/apis/search-index-definition' })).body).name, 'pdf-chunks');
    assertClientError(await app.inject({ url: '/apis/search-index-definition?name=Bad/Name' }), 400);
  });
});

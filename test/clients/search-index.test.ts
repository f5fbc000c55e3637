// The search service client against a local HTTP server that answers what each case says and
// records what it was sent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { once } from 'node:events';
import { Agent } from 'undici';
import {
  chunkFilter,
  createSearchClient,
  MAX_IDS_PER_CALL,
  SEARCH_API_VERSION,
  SearchCallError,
  searchRemedy,
  withRemedy,
  type SearchTarget,
} from '../../src/clients/search-index.ts';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let answer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: '{}' };
let seen: Seen | undefined;
let server: http.Server;
let target: SearchTarget;
const agent = new Agent();
const client = createSearchClient({ dispatcher: agent, timeoutMs: 5000 });

before(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  target = { endpoint: `http://127.0.0.1:${port}`, indexName: 'pdf chunks', key: 'admin-key' };
});
after(async () => {
  server.close();
  await agent.close();
});

describe('chunkFilter', () => {
  const cases: [string, string, string | undefined, string][] = [
    ['the interface filter without a tenant', '42', undefined, 'document_id eq 42'],
    ['narrowed to one tenant', '500', '1', 'document_id eq 500 and tenant_id eq 1'],
    ['negative ids, unquoted', '-5', '-3', 'document_id eq -5 and tenant_id eq -3'],
    [
      'Int64 digits past 2^53 kept exact',
      '9007199254740993',
      '-9223372036854775808',
      'document_id eq 9007199254740993 and tenant_id eq -9223372036854775808',
    ],
  ];
  for (const [name, doc, tenant, want] of cases) test(name, () => assert.equal(chunkFilter(doc, tenant), want));
});

describe('findChunkIds', () => {
  test('narrowed to a tenant, the filter names both', async () => {
    answer = { status: 200, body: '{"value":[]}' };
    await client.findChunkIds(target, '500', '2');
    assert.equal(JSON.parse(seen?.body ?? '').filter, 'document_id eq 500 and tenant_id eq 2');
  });

  test('asks for the ids of one document, filter unquoted', async () => {
    answer = { status: 200, body: '{"value":[]}' };
    await client.findChunkIds(target, '9007199254740993');
    assert.equal(seen?.method, 'POST');
    assert.equal(seen?.url, `/indexes/pdf%20chunks/docs/search?api-version=${SEARCH_API_VERSION}`);
    assert.equal(seen?.headers['api-key'], 'admin-key');
    assert.deepEqual(JSON.parse(seen?.body ?? ''), {
      search: '*',
      filter: 'document_id eq 9007199254740993',
      select: 'id',
      top: MAX_IDS_PER_CALL,
    });
  });

  const answers: [string, number, string, string[] | RegExp][] = [
    ['ids', 200, '{"value":[{"id":"a"},{"id":"b"}]}', ['a', 'b']],
    ['no ids', 200, '{"value":[]}', []],
    ['an id twice is one id', 200, '{"value":[{"id":"a"},{"id":"a"},{"id":"b"}]}', ['a', 'b']],
    [
      'an HTTP error, with the provider words',
      403,
      '{"error":{"message":"Forbidden key"}}',
      /^The search call to the search service failed: HTTP 403: Forbidden key\. Check cloudAISearchKey: an admin key of this search service/,
    ],
    ['not JSON', 200, 'nope', /the answer is not JSON$/],
    ['no value array', 200, '{"items":[]}', /no value array of ids$/],
    ['an id that is not a string', 200, '{"value":[{"id":1}]}', /no value array of ids$/],
  ];
  for (const [name, status, body, want] of answers) {
    test(name, async () => {
      answer = { status, body };
      if (want instanceof RegExp) {
        await assert.rejects(client.findChunkIds(target, '1'), (err: unknown) => {
          assert.ok(err instanceof SearchCallError);
          assert.match(err.message, want);
          return true;
        });
      } else assert.deepEqual(await client.findChunkIds(target, '1'), want);
    });
  }
});

describe('deleteChunks', () => {
  test('sends one delete action per id to the index call', async () => {
    answer = { status: 200, body: '{"value":[{"key":"a","status":true},{"key":"b","status":true}]}' };
    await client.deleteChunks(target, ['a', 'b']);
    assert.equal(seen?.url, `/indexes/pdf%20chunks/docs/index?api-version=${SEARCH_API_VERSION}`);
    assert.deepEqual(JSON.parse(seen?.body ?? ''), {
      value: [
        { '@search.action': 'delete', id: 'a' },
        { '@search.action': 'delete', id: 'b' },
      ],
    });
  });

  const answers: [string, number, string, object | RegExp][] = [
    ['all deleted', 200, '{"value":[{"key":"a","status":true},{"key":"b","status":true}]}', { deleted: 2, failed: 0 }],
    [
      '207: the first failure named',
      207,
      '{"value":[{"key":"a","status":false,"statusCode":409,"errorMessage":"busy"},{"key":"b","status":false}]}',
      { deleted: 0, failed: 2, firstFailure: 'a: HTTP 409 busy' },
    ],
    [
      'a failure without a status code',
      207,
      '{"value":[{"key":"a","status":true},{"key":"b","status":false}]}',
      { deleted: 1, failed: 1, firstFailure: 'b: failed' },
    ],
    ['an HTTP error', 500, '{"message":"down"}', /^The delete call to the search service failed: HTTP 500: down$/],
    ['not JSON', 200, '<html>', /the answer is not JSON$/],
    ['one result short', 200, '{"value":[{"key":"a","status":true}]}', /one result per action$/],
  ];
  for (const [name, status, body, want] of answers) {
    test(name, async () => {
      answer = { status, body };
      if (want instanceof RegExp) {
        await assert.rejects(client.deleteChunks(target, ['a', 'b']), (err: unknown) => {
          assert.ok(err instanceof SearchCallError);
          assert.match(err.message, want);
          return true;
        });
      } else assert.deepEqual(await client.deleteChunks(target, ['a', 'b']), want);
    });
  }
});

describe('uploadBatch', () => {
  test('sends the batch bytes as they are', async () => {
    answer = { status: 200, body: '{"value":[{"key":"a","status":true,"statusCode":201}]}' };
    const body = Buffer.from('{"value":[{"@search.action":"upload","id":"a","content":"é"}]}');
    await client.uploadBatch(target, body, 1);
    assert.equal(seen?.url, `/indexes/pdf%20chunks/docs/index?api-version=${SEARCH_API_VERSION}`);
    assert.equal(seen?.body, body.toString('utf8'));
  });

  const answers: [string, number, string, Record<string, string>, object][] = [
    [
      'results, one per action',
      207,
      '{"value":[{"key":"a","status":true,"statusCode":201},{"key":"b","status":false,"statusCode":400,"errorMessage":"bad"}]}',
      {},
      {
        kind: 'results',
        items: [
          { key: 'a', ok: true, statusCode: 201 },
          { key: 'b', ok: false, statusCode: 400, errorMessage: 'bad' },
        ],
      },
    ],
    [
      'an error message is cut at 300 characters, a missing status code is 0',
      200,
      `{"value":[{"key":"a","status":true,"statusCode":200},{"key":"b","status":false,"errorMessage":"${'x'.repeat(400)}"}]}`,
      {},
      {
        kind: 'results',
        items: [
          { key: 'a', ok: true, statusCode: 200 },
          { key: 'b', ok: false, statusCode: 0, errorMessage: 'x'.repeat(300) },
        ],
      },
    ],
    [
      '429: retryable, with its Retry-After',
      429,
      '{"error":{"message":"slow down"}}',
      { 'retry-after': '2' },
      { kind: 'failed', retryable: true, reason: 'HTTP 429: slow down', retryAfterMs: 2000 },
    ],
    ['503: retryable', 503, '{}', {}, { kind: 'failed', retryable: true, reason: 'HTTP 503', retryAfterMs: undefined }],
    [
      '400: not retryable',
      400,
      '{"error":{"message":"bad field"}}',
      {},
      { kind: 'failed', retryable: false, reason: 'HTTP 400: bad field' },
    ],
    ['not JSON: retryable', 200, 'nope', {}, { kind: 'failed', retryable: true, reason: 'the answer is not JSON' }],
    [
      'a result short: retryable',
      200,
      '{"value":[{"key":"a","status":true}]}',
      {},
      { kind: 'failed', retryable: true, reason: 'the answer does not hold one result per action' },
    ],
  ];
  for (const [name, status, body, headers, want] of answers) {
    test(name, async () => {
      answer = { status, body, headers };
      assert.deepEqual(await client.uploadBatch(target, Buffer.from('{"value":[]}'), 2), want);
    });
  }

  test('a network failure: retryable', async () => {
    const closed = { ...target, endpoint: 'http://127.0.0.1:1' };
    const o = await client.uploadBatch(closed, Buffer.from('{}'), 1);
    assert.equal(o.kind, 'failed');
    assert.equal(o.kind === 'failed' && o.retryable, true);
    assert.match(o.kind === 'failed' ? o.reason : '', /^network error/);
  });
});

describe('searchPage', () => {
  const q = { filter: 'document_id eq 42 and tenant_id eq 7', select: 'id,content', top: 500, skip: 1000 };
  test('asks one page: search *, the filter, select, top and skip', async () => {
    answer = { status: 200, body: '{"value":[]}' };
    await client.searchPage(target, q);
    assert.equal(seen?.url, `/indexes/pdf%20chunks/docs/search?api-version=${SEARCH_API_VERSION}`);
    assert.deepEqual(JSON.parse(seen?.body ?? ''), { search: '*', ...q });
  });

  const answers: [string, number, string, Record<string, string>, object][] = [
    [
      'the hits, as they are',
      200,
      '{"value":[{"@search.score":1,"id":"a","content":"x"}]}',
      {},
      { kind: 'page', hits: [{ '@search.score': 1, id: 'a', content: 'x' }] },
    ],
    [
      '429: retryable, with its retry-after-ms',
      429,
      '{}',
      { 'retry-after-ms': '1500' },
      { kind: 'failed', retryable: true, reason: 'HTTP 429', retryAfterMs: 1500 },
    ],
    [
      '404: not retryable',
      404,
      '{"error":{"message":"no index"}}',
      {},
      { kind: 'failed', retryable: false, reason: 'HTTP 404: no index', status: 404 },
    ],
    ['not JSON: retryable', 200, 'nope', {}, { kind: 'failed', retryable: true, reason: 'the answer is not JSON' }],
    [
      'no value array: not retryable',
      200,
      '{"value":[1]}',
      {},
      { kind: 'failed', retryable: false, reason: 'the answer has no value array of documents' },
    ],
  ];
  for (const [name, status, body, headers, want] of answers) {
    test(name, async () => {
      answer = { status, body, headers };
      assert.deepEqual(await client.searchPage(target, q), want);
    });
  }

  test('a network failure: retryable', async () => {
    const o = await client.searchPage({ ...target, endpoint: 'http://127.0.0.1:1' }, q);
    assert.equal(o.kind === 'failed' && o.retryable, true);
  });
});

describe('searchRemedy: what to do about a failure of the index or the key, said once', () => {
  const cases: [string, string, RegExp | ''][] = [
    [
      "Azure's missing index",
      "HTTP 404: The index 'pdf-chunks' for service 'svc' was not found.",
      /^Create the index first: PUT the body of GET \/apis\/search-index-definition\?name=pdf-chunks to \{cloudAISearchEndpoint\}\/indexes\/pdf-chunks\?api-version=2024-07-01/,
    ],
    [
      'another 404: the endpoint',
      'HTTP 404: Resource not found',
      /^Check cloudAISearchEndpoint: it is the search service's base URL/,
    ],
    ['a 404 without words', 'HTTP 404', /^Check cloudAISearchEndpoint/],
    ['a wrong key', 'HTTP 403: Forbidden', /^Check cloudAISearchKey: an admin key/],
    ['no key', 'HTTP 401', /^Check cloudAISearchKey/],
    [
      'a field the index lacks (page-numbers to a default index)',
      "HTTP 400: The request is invalid. Details: The property 'page_start' does not exist on type 'search.documentFields'.",
      /^The index lacks a field the chunks carry: make it from GET \/apis\/search-index-definition \(with \?pageNumbers=true/,
    ],
    ['another 400', 'HTTP 400: Invalid expression', ''],
    ['throttled: calling again is the remedy', 'HTTP 429: Too many requests', ''],
    ['unavailable', 'HTTP 503', ''],
    ['a timeout', 'timed out after 30000 ms', ''],
    ['a network error', 'network error (ECONNREFUSED)', ''],
  ];
  for (const [name, reason, want] of cases)
    test(name, () => {
      const r = searchRemedy(reason, 'pdf-chunks');
      if (want === '') assert.equal(r, '');
      else assert.match(r, want);
    });
  const joined: [string, string, string, string][] = [
    ['no remedy: the message as it is', 'Failed: HTTP 503', '', 'Failed: HTTP 503'],
    ['a message ending in a full stop', 'Failed: not found.', 'Do this.', 'Failed: not found. Do this.'],
    ['a message without one', 'Failed: HTTP 404', 'Do this.', 'Failed: HTTP 404. Do this.'],
  ];
  for (const [name, message, remedy, want] of joined)
    test(`withRemedy: ${name}`, () => assert.equal(withRemedy(message, remedy), want));
});

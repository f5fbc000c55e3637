import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { startEmulator, deterministicEmbedding, type Emulator } from '../../emulator/src/index.ts';
import { createOutbound } from '../../src/clients/outbound.ts';
import {
  createEmbeddingClient,
  EmbeddingError,
  portalEmbeddingUri,
  vectorsFrom,
  type PortalUri,
} from '../../src/clients/embeddings.ts';

describe('embeddings client against the emulator', () => {
  let emu: Emulator;
  const outbound = createOutbound(['127.0.0.1']);
  let waits: number[] = [];
  const client = (timeoutMs = 30_000) =>
    createEmbeddingClient({ dispatcher: outbound.dispatcher, timeoutMs, sleep: async (ms) => void waits.push(ms) });
  const target = () => ({ endpoint: emu.embeddingsUrl, deployment: 'text-embedding-ada-002', key: emu.keys.embedding });
  const calls = () => emu.requests.filter((r) => r.service === 'embeddings');

  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    await emu.close();
    await outbound.close();
  });
  beforeEach(() => {
    emu.reset();
    waits = [];
  });

  it('sends {"input": content} with api-key to the 2024-02-01 path and returns the 1536 floats', async () => {
    const v = await client().embed(target(), 'Hello chunk');
    assert.deepEqual(v, deterministicEmbedding('Hello chunk'));
    const [r] = calls();
    assert.equal(r!.method, 'POST');
    assert.equal(r!.path, '/openai/deployments/text-embedding-ada-002/embeddings');
    assert.equal(r!.query['api-version'], '2024-02-01');
    assert.equal(r!.headers['api-key'], emu.keys.embedding);
    assert.deepEqual(r!.body, { input: 'Hello chunk' });
  });

  const retried: [string, object, number][] = [
    ['retry-after-ms', { status: 429, headers: { 'retry-after-ms': '250' } }, 250],
    ['Retry-After seconds', { status: 429, headers: { 'retry-after': '3' } }, 3000],
    ['the message only (capped at 20 s)', { status: 429, retryAfterSeconds: 55 }, 20_000],
    ['a 500 (default backoff)', { status: 500 }, 1000],
    ['a 503 (default backoff)', { status: 503 }, 1000],
    ['a connection reset (default backoff)', { reset: true }, 1000],
  ];
  for (const [name, fault, wait] of retried) {
    it(`retries after ${name}`, async () => {
      emu.faults.embeddings.push(fault as never);
      const v = await client().embed(target(), 'x');
      assert.equal(v.length, 1536);
      assert.deepEqual(waits, [wait]);
      assert.equal(calls().length, 2);
    });
  }

  describe('embedBatch', () => {
    it('sends {"input": [...]} and returns each input its own vector, in input order', async () => {
      const inputs = ['first chunk', 'second chunk', 'third chunk'];
      const o = await client().embedBatch(target(), inputs);
      assert.equal(o.kind, 'vectors');
      assert.deepEqual(
        o.kind === 'vectors' && o.vectors,
        inputs.map((t) => deterministicEmbedding(t)),
      );
      assert.deepEqual(calls()[0]!.body, { input: inputs });
    });

    it('one input goes as the interface sends it: {"input": text}', async () => {
      await client().embedBatch(target(), ['only']);
      assert.deepEqual(calls()[0]!.body, { input: 'only' });
    });

    const throttled: [string, object, number | undefined][] = [
      ['retry-after-ms', { status: 429, headers: { 'retry-after-ms': '250' } }, 250],
      ['Retry-After', { status: 429, headers: { 'retry-after': '3' } }, 3000],
      ['the message only', { status: 429, retryAfterSeconds: 55 }, 55_000],
    ];
    for (const [name, fault, wait] of throttled) {
      it(`a 429 (${name}) comes back to the caller with its wait, not retried`, async () => {
        emu.faults.embeddings.push(fault as never);
        const o = await client().embedBatch(target(), ['a', 'b']);
        assert.equal(o.kind, 'throttled');
        assert.equal(o.kind === 'throttled' && o.waitMs, wait);
        assert.match(o.kind === 'throttled' ? o.reason : '', /^HTTP 429: Requests to the Embeddings_Create Operation/);
        assert.equal(calls().length, 1);
        assert.deepEqual(waits, []);
      });
    }

    it('the deployment over its tokens-per-minute quota: 429 with retry-after-ms, as Azure answers', async () => {
      emu.embeddingLoad = { tokensPerMinute: 600, windowMs: 1000 };
      const first = await client().embedBatch(target(), ['word '.repeat(8)]);
      assert.equal(first.kind, 'vectors');
      const second = await client().embedBatch(target(), ['word '.repeat(8)]);
      assert.equal(second.kind, 'throttled');
      assert.ok(second.kind === 'throttled' && second.waitMs! > 0 && second.waitMs! <= 1000);
    });

    it('a 503 is retried as embed retries it', async () => {
      emu.faults.embeddings.push({ status: 503 });
      const o = await client().embedBatch(target(), ['a', 'b']);
      assert.equal(o.kind, 'vectors');
      assert.deepEqual(waits, [1000]);
    });

    it('a 400 throws with the reason', async () => {
      await assert.rejects(
        client().embedBatch(target(), ['a', '']),
        (err) => err instanceof EmbeddingError && /^HTTP 400/.test(err.message),
      );
    });
  });

  it('gives up after two retries with the provider status and message, backing off 1 s then 2 s', async () => {
    emu.faults.embeddings.repeat({ status: 503 }, 3);
    await assert.rejects(
      client().embed(target(), 'x'),
      (e: unknown) => e instanceof EmbeddingError && /^HTTP 503/.test(e.message),
    );
    assert.deepEqual(waits, [1000, 2000]);
    assert.equal(calls().length, 3);
  });

  it('names the 429 reason of the provider', async () => {
    emu.faults.embeddings.repeat({ status: 429, headers: { 'retry-after': '1' } }, 3);
    await assert.rejects(
      client().embed(target(), 'x'),
      (e: unknown) =>
        e instanceof EmbeddingError && /^HTTP 429: Requests to the Embeddings_Create Operation/.test(e.message),
    );
  });

  const notRetried: [string, () => object, RegExp][] = [
    ['a wrong key (401)', () => ({}), /^HTTP 401: Access denied due to invalid subscription key/],
    ['an unknown deployment (404)', () => ({}), /^HTTP 404: The API deployment for this resource does not exist/],
    [
      'a 400',
      () => ({ status: 400, body: { error: { message: "'$.input' is invalid." } } }),
      /^HTTP 400: '\$\.input' is invalid\./,
    ],
  ];
  for (const [name, faultOf, why] of notRetried) {
    it(`does not retry ${name}`, async () => {
      const f = faultOf();
      if (Object.keys(f).length) emu.faults.embeddings.push(f as never);
      const t = name.includes('key')
        ? { ...target(), key: 'wrong' }
        : name.includes('deployment')
          ? { ...target(), deployment: 'nope' }
          : target();
      await assert.rejects(client().embed(t, 'x'), (e: unknown) => e instanceof EmbeddingError && why.test(e.message));
      assert.equal(calls().length, 1);
      assert.deepEqual(waits, []);
    });
  }

  it('does not retry a timeout and says so', async () => {
    emu.faults.embeddings.push({ hang: true });
    await assert.rejects(
      client(150).embed(target(), 'x'),
      (e: unknown) => e instanceof EmbeddingError && e.message === 'timed out after 150 ms',
    );
    assert.equal(calls().length, 1);
  });

  it('refuses a vector of the wrong length', async () => {
    emu.faults.embeddings.push({ wrongDimension: 3072 });
    await assert.rejects(client().embed(target(), 'x'), /the embedding has 3072 values, expected 1536/);
  });

  it('refuses a body that is not JSON', async () => {
    emu.faults.embeddings.push({ invalidJson: true });
    await assert.rejects(client().embed(target(), 'x'), /the body is not JSON/);
  });

  it('retries a refused connection, then names the network error', async () => {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    await new Promise<void>((r) => srv.close(() => r()));
    await assert.rejects(
      client().embed({ ...target(), endpoint: `http://127.0.0.1:${port}` }, 'x'),
      (e: unknown) => e instanceof EmbeddingError && e.message === 'network error (ECONNREFUSED)',
    );
    assert.deepEqual(waits, [1000, 2000]);
  });

  it('reuses one keep-alive connection across calls', async () => {
    // The emulator's server is shared; count the TCP connections it accepts for this test.
    let connections = 0;
    const server = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const input = (JSON.parse(body) as { input: string }).input;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            object: 'list',
            data: [{ object: 'embedding', index: 0, embedding: deterministicEmbedding(input) }],
          }),
        );
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const c = client();
    try {
      for (let i = 0; i < 10; i++) await c.embed({ ...target(), endpoint: `http://127.0.0.1:${port}` }, `chunk ${i}`);
      // undici may open a second socket while the first is being released; never one per call.
      assert.ok(connections <= 2, `${connections} connections for 10 calls`);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('vectorsFrom', () => {
  const v = (x: number) => Array.from({ length: 1536 }, () => x);
  const cases: [string, unknown, number, number[][] | RegExp][] = [
    [
      'in index order, whatever the data order',
      {
        data: [
          { index: 1, embedding: v(1) },
          { index: 0, embedding: v(0) },
        ],
      },
      2,
      [v(0), v(1)],
    ],
    ['one short', { data: [{ index: 0, embedding: v(0) }] }, 2, /data holds 1 embeddings for 2 inputs/],
    [
      'an index twice',
      {
        data: [
          { index: 0, embedding: v(0) },
          { index: 0, embedding: v(1) },
        ],
      },
      2,
      /does not name each input once/,
    ],
    ['a wrong length', { data: [{ index: 0, embedding: [1, 2] }] }, 1, /the embedding has 2 values/],
    ['no data', {}, 1, /data holds no embeddings/],
  ];
  for (const [name, body, count, want] of cases) {
    it(name, () => {
      const got = vectorsFrom(JSON.stringify(body), count);
      if (want instanceof RegExp) assert.match(String(got), want);
      else assert.deepEqual(got, want);
    });
  }
  it('not JSON', () => assert.equal(vectorsFrom('nope', 1), 'invalid response: the body is not JSON'));
});

describe('portalEmbeddingUri: a URI pasted whole from the Azure portal, and the part to keep', () => {
  const cases: [string, string, PortalUri | undefined][] = [
    [
      "the portal's target URI",
      'https://res.openai.azure.com/openai/deployments/text-embedding-ada-002/embeddings?api-version=2023-05-15',
      { base: 'https://res.openai.azure.com', deployment: 'text-embedding-ada-002' },
    ],
    [
      'without the query',
      'https://res.cognitiveservices.azure.com/openai/deployments/emb3/embeddings',
      { base: 'https://res.cognitiveservices.azure.com', deployment: 'emb3' },
    ],
    ['up to /openai', 'https://res.openai.azure.com/openai', { base: 'https://res.openai.azure.com' }],
    ['/openai/ and more', 'https://res.openai.azure.com/openai/v1/', { base: 'https://res.openai.azure.com' }],
    [
      "behind a gateway's prefix",
      'https://apim.example.net/aoai/openai/deployments/ada/embeddings',
      { base: 'https://apim.example.net/aoai', deployment: 'ada' },
    ],
    [
      'a port and upper case',
      'http://127.0.0.1:7071/OpenAI/Deployments/ada/embeddings',
      { base: 'http://127.0.0.1:7071', deployment: 'ada' },
    ],
    [
      'a deployment that is no deployment name is not named',
      'https://res.openai.azure.com/openai/deployments/a%20b/embeddings',
      { base: 'https://res.openai.azure.com' },
    ],
    ['a base URL', 'https://res.openai.azure.com', undefined],
    ['a base URL with a slash', 'https://res.openai.azure.com/', undefined],
    ["a gateway's prefix alone", 'https://apim.example.net/aoai', undefined],
    ['openai in a host or a longer segment', 'https://openai.example.net/openaiproxy', undefined],
    ['no URL', 'res.openai.azure.com/openai/deployments/x', undefined],
  ];
  for (const [name, raw, want] of cases) it(name, () => assert.deepEqual(portalEmbeddingUri(raw), want));
});

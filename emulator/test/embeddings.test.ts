/** Embeddings emulator vs azure-contracts.md sections 1 and 4 (embeddings fake, items 1-3 and 5). */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { deterministicEmbedding, fromBase64Float32, startEmulator } from '../src/index.ts';
import type { Emulator } from '../src/index.ts';
import { EMBEDDINGS_API, embed } from './fixtures.ts';
import { parseEmbeddingInput, resolveDimensions } from '../src/embeddings.ts';

const INVALID_INPUT =
  "'$.input' is invalid. Please check the API reference: https://learn.microsoft.com/en-us/azure/ai-services/openai/reference.";

describe('embeddings emulator', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ port: 0, deployments: ['text-embedding-ada-002', 'my-embeddings'] });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('binds to 127.0.0.1 on a random port and exposes one URL for both services', () => {
    assert.match(emu.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(emu.embeddingsUrl, emu.url);
    assert.equal(emu.searchUrl, emu.url);
    assert.deepEqual(Object.keys(emu.keys).sort(), ['embedding', 'searchAdmin', 'searchQuery']);
  });

  it('answers 200 with the section 1 body: object, model, usage, data with index, one 1536-float vector per input', async () => {
    const res = await embed(emu, { input: 'The quick brown fox.' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(Object.keys(res.json), ['object', 'model', 'usage', 'data']);
    assert.equal(res.json.object, 'list');
    assert.equal(res.json.model, 'text-embedding-ada-002');
    assert.ok(res.json.usage.prompt_tokens > 0);
    assert.equal(res.json.usage.total_tokens, res.json.usage.prompt_tokens);
    assert.equal(res.json.data.length, 1);
    const [item] = res.json.data;
    assert.equal(item.object, 'embedding');
    assert.equal(item.index, 0);
    assert.equal(item.embedding.length, 1536);
    assert.ok(item.embedding.every((x: unknown) => typeof x === 'number' && Number.isFinite(x)));
    assert.deepEqual(item.embedding, deterministicEmbedding('The quick brown fox.'));
  });

  it('sends the realistic response headers', async () => {
    const res = await embed(emu, { input: 'headers' });
    for (const name of [
      'apim-request-id',
      'x-request-id',
      'x-ms-region',
      'x-ratelimit-remaining-requests',
      'x-ratelimit-remaining-tokens',
    ]) {
      assert.ok(res.headers.get(name), `missing ${name}`);
    }
    assert.match(res.headers.get('apim-request-id') ?? '', /^[0-9a-f-]{36}$/);
    assert.ok(Number(res.headers.get('x-ratelimit-remaining-requests')) < 120);
    assert.notEqual(res.headers.get('connection'), 'close');
  });

  it('returns one vector per array input, in input order, deterministic and distinct', async () => {
    const inputs = ['alpha beta', 'gamma delta', 'alpha beta'];
    const res = await embed(emu, { input: inputs });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.data.map((d: { index: number }) => d.index),
      [0, 1, 2],
    );
    inputs.forEach((text, i) => assert.deepEqual(res.json.data[i].embedding, deterministicEmbedding(text)));
    assert.deepEqual(res.json.data[0].embedding, res.json.data[2].embedding);
    assert.notDeepEqual(res.json.data[0].embedding, res.json.data[1].embedding);
    const again = await embed(emu, { input: 'gamma delta' });
    assert.deepEqual(again.json.data[0].embedding, res.json.data[1].embedding);
  });

  it('uses the deployment name as the model when it names one, and honours the dimensions option', async () => {
    const other = await startEmulator({ deployments: ['text-embedding-3-large'], dimensions: 3072 });
    try {
      const res = await embed(other, { input: 'x' }, { deployment: 'text-embedding-3-large' });
      assert.equal(res.json.model, 'text-embedding-3-large');
      assert.equal(res.json.data[0].embedding.length, 3072);
    } finally {
      await other.close();
    }
    const custom = await embed(emu, { input: 'x' }, { deployment: 'my-embeddings' });
    assert.equal(custom.status, 200);
    assert.equal(custom.json.model, 'text-embedding-ada-002');
  });

  it('encoding_format "base64" returns little-endian float32 bytes that decode to the float vector', async () => {
    const res = await embed(emu, { input: ['round trip', 'two'], encoding_format: 'base64' });
    assert.equal(res.status, 200);
    const b64: string = res.json.data[0].embedding;
    assert.equal(typeof b64, 'string');
    const bytes = Buffer.from(b64, 'base64');
    assert.equal(bytes.length, 1536 * 4);
    const expected = deterministicEmbedding('round trip');
    assert.equal(bytes.readFloatLE(0), expected[0]);
    assert.deepEqual(fromBase64Float32(b64), expected);
    const floats = await embed(emu, { input: 'round trip', encoding_format: 'float' });
    assert.deepEqual(floats.json.data[0].embedding, expected);
  });

  it('ignores extra body properties the 2024-02-01 schema allows (model, user)', async () => {
    const res = await embed(emu, { input: 'x', model: 'whatever', user: 'u1' });
    assert.equal(res.status, 200);
    assert.equal(res.json.data[0].embedding.length, 1536);
  });

  describe('errors', () => {
    it('wrong api-key: 401 with the "Access denied" body', async () => {
      const res = await embed(emu, { input: 'x' }, { key: 'wrong' });
      assert.equal(res.status, 401);
      assert.deepEqual(res.json, {
        error: {
          code: '401',
          message:
            'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
        },
      });
    });

    it('missing api-key: 401 with the statusCode/message body', async () => {
      const res = await embed(emu, { input: 'x' }, { key: null });
      assert.equal(res.status, 401);
      assert.deepEqual(res.json, {
        statusCode: 401,
        message:
          'Unauthorized. Access token is missing, invalid, audience is incorrect (https://cognitiveservices.azure.com), or have expired.',
      });
    });

    it('unknown deployment: 404 DeploymentNotFound', async () => {
      const res = await embed(emu, { input: 'x' }, { deployment: 'nope' });
      assert.equal(res.status, 404);
      assert.deepEqual(res.json, {
        error: {
          code: 'DeploymentNotFound',
          message:
            'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
        },
      });
    });

    it('missing api-version or a wrong path: 404 Resource not found', async () => {
      const notFound = { error: { code: '404', message: 'Resource not found' } };
      const noVersion = await embed(emu, { input: 'x' }, { apiVersion: null });
      assert.equal(noVersion.status, 404);
      assert.deepEqual(noVersion.json, notFound);
      const badVersion = await embed(emu, { input: 'x' }, { apiVersion: 'latest' });
      assert.equal(badVersion.status, 404);
      for (const path of [
        '/openai/deployments/text-embedding-ada-002/completions',
        '/openai/embeddings',
        '/deployments/text-embedding-ada-002/embeddings',
        '/',
      ]) {
        const res = await fetch(`${emu.url}${path}?api-version=${EMBEDDINGS_API}`, {
          method: 'POST',
          headers: { 'api-key': emu.keys.embedding, 'content-type': 'application/json' },
          body: '{"input":"x"}',
        });
        assert.equal(res.status, 404, path);
        assert.deepEqual(await res.json(), notFound);
      }
      const get = await fetch(
        `${emu.url}/openai/deployments/text-embedding-ada-002/embeddings?api-version=${EMBEDDINGS_API}`,
        { headers: { 'api-key': emu.keys.embedding } },
      );
      assert.equal(get.status, 404);
    });

    it('invalid input: 400 invalid_request_error', async () => {
      const bad: unknown[] = [
        {},
        { input: '' },
        { input: [] },
        { input: ['ok', ''] },
        { input: 42 },
        { input: [1, 'a'] },
        { input: [-1] },
        { input: [1.5] },
        { input: [[1], []] },
        { input: null },
        { input: Array(2049).fill('x') },
      ];
      for (const body of bad) {
        const res = await embed(emu, body);
        assert.equal(res.status, 400, JSON.stringify(body).slice(0, 40));
        assert.deepEqual(res.json, {
          error: { message: INVALID_INPUT, type: 'invalid_request_error', param: null, code: null },
        });
      }
      const max = await embed(emu, { input: Array(2048).fill('x') });
      assert.equal(max.status, 200);
      assert.equal(max.json.data.length, 2048);
    });

    it('malformed JSON and an over-long input are 400 invalid_request_error', async () => {
      const res = await embed(emu, '{"input": ');
      assert.equal(res.status, 400);
      assert.equal(res.json.error.type, 'invalid_request_error');
      const long = await embed(emu, { input: 'word '.repeat(9000) });
      assert.equal(long.status, 400);
      assert.match(long.json.error.message, /maximum context length is 8192 tokens/);
    });

    it('checks the key before the deployment, and does not consume a fault on a refused request', async () => {
      emu.faults.embeddings.push({ status: 500 });
      const res = await embed(emu, { input: 'x' }, { deployment: 'nope', key: 'wrong' });
      assert.equal(res.status, 401);
      assert.equal(emu.faults.embeddings.length, 1);
    });
  });

  describe('request log', () => {
    it('records path, method, lower-cased headers, parsed body, arrival time and service, in order', async () => {
      const t0 = performance.now();
      await embed(emu, { input: 'first chunk' });
      await embed(emu, { input: 'second chunk' }, { key: 'bad' });
      assert.equal(emu.requests.length, 2);
      const [a, b] = emu.requests;
      assert.ok(a !== undefined && b !== undefined);
      assert.equal(a.service, 'embeddings');
      assert.equal(a.method, 'POST');
      assert.equal(a.path, '/openai/deployments/text-embedding-ada-002/embeddings');
      assert.equal(a.query['api-version'], EMBEDDINGS_API);
      assert.equal(a.headers['api-key'], emu.keys.embedding);
      assert.equal(a.headers['content-type'], 'application/json');
      assert.deepEqual(a.body, { input: 'first chunk' });
      assert.equal(a.status, 200);
      assert.ok(a.receivedAt >= t0 && b.receivedAt >= a.receivedAt);
      assert.equal(b.status, 401);
      assert.equal(b.headers['api-key'], 'bad');
    });
  });
});

describe('deterministicEmbedding', () => {
  it('is deterministic, unit-length, finite, float32-exact, 1536 long by default', () => {
    const a = deterministicEmbedding('Section 1. Introduction');
    assert.equal(a.length, 1536);
    assert.deepEqual(a, deterministicEmbedding('Section 1. Introduction'));
    assert.ok(a.every((x) => Number.isFinite(x) && Math.fround(x) === x));
    const norm = Math.sqrt(a.reduce((s, x) => s + x * x, 0));
    assert.ok(Math.abs(norm - 1) < 1e-5, `norm ${norm}`);
    assert.equal(deterministicEmbedding('x', 8).length, 8);
    assert.equal(deterministicEmbedding('', 4).length, 4);
    assert.ok(deterministicEmbedding('!!!').every(Number.isFinite));
  });

  it('places texts that share words closer than unrelated ones', () => {
    const cos = (a: number[], b: number[]): number => a.reduce((s, x, i) => s + x * (b[i] as number), 0);
    const base = deterministicEmbedding('invoice payment terms and late fees');
    const near = deterministicEmbedding('late fees for invoice payment');
    const far = deterministicEmbedding('volcanic geology of iceland');
    assert.ok(cos(base, near) > cos(base, far) + 0.2);
    assert.notDeepEqual(deterministicEmbedding('a b'), deterministicEmbedding('b a'));
  });
});

describe('embeddings input and dimensions (pure rules)', () => {
  const inputs: Array<[string, unknown, number | undefined]> = [
    ['a string', 'hello', 1],
    ['an empty string', '', undefined],
    ['strings', ['a', 'b'], 2],
    ['2048 strings', Array(2048).fill('x'), 2048],
    ['2049 strings', Array(2049).fill('x'), undefined],
    ['an empty string among strings', ['a', ''], undefined],
    ['one token array', [1, 2, 3], 1],
    ['token 0 and the last cl100k id', [0, 100_276], 1],
    ['a token past the vocabulary', [100_277], undefined],
    ['a negative token', [-1], undefined],
    ['a fractional token', [1.5], undefined],
    ['token arrays', [[1, 2], [3]], 2],
    ['an empty token array among token arrays', [[1], []], undefined],
    ['strings and tokens mixed', ['a', 1], undefined],
    ['an empty array', [], undefined],
    ['a number', 42, undefined],
    ['null', null, undefined],
  ];
  for (const [name, input, count] of inputs) {
    it(`parseEmbeddingInput: ${name} -> ${count ?? 'invalid'}`, () =>
      assert.equal(parseEmbeddingInput(input)?.length, count));
  }
  it('parseEmbeddingInput counts a token input by its ids, and never gives it the vector of the same digits as text', () => {
    const [tokens] = parseEmbeddingInput([11, 22, 33]) ?? [];
    assert.equal(tokens?.tokens, 3);
    assert.notEqual(tokens?.seed, '11 22 33');
  });

  const dims: Array<[string, string, unknown, number | string]> = [
    ['ada-002, not given', 'text-embedding-ada-002', undefined, 1536],
    ['ada-002, null', 'text-embedding-ada-002', null, 1536],
    ['ada-002, 256', 'text-embedding-ada-002', 256, 'This model does not support specifying dimensions.'],
    ['ada-002, 1536', 'text-embedding-ada-002', 1536, 'This model does not support specifying dimensions.'],
    ['3-small, 256', 'text-embedding-3-small', 256, 256],
    ['3-small, 1536', 'text-embedding-3-small', 1536, 1536],
    ['3-small, 1537', 'text-embedding-3-small', 1537, 'This model does not support dimensions larger than 1536.'],
    ['3-small, 0', 'text-embedding-3-small', 0, "'$.dimensions' is invalid."],
    ['3-small, 1.5', 'text-embedding-3-small', 1.5, "'$.dimensions' is invalid."],
    ['3-small, "256"', 'text-embedding-3-small', '256', "'$.dimensions' is invalid."],
  ];
  for (const [name, model, value, expected] of dims) {
    it(`resolveDimensions: ${name} -> ${expected}`, () => {
      const r = resolveDimensions(model, 1536, value);
      if (typeof expected === 'number') assert.deepEqual(r, { length: expected });
      else {
        assert.ok('error' in r);
        const message = (r.error as { error: { message: string } }).error.message;
        assert.ok(message.startsWith(expected), message);
      }
    });
  }
});

describe('embeddings api-version and clock', () => {
  it('an api-version Azure does not serve is 404 Resource not found; served ones answer', async () => {
    const emu = await startEmulator();
    try {
      for (const v of ['2099-13-45', '2024-02-02', '2024-02-01-preview', 'latest']) {
        const res = await embed(emu, { input: 'x' }, { apiVersion: v });
        assert.equal(res.status, 404, v);
        assert.deepEqual(res.json, { error: { code: '404', message: 'Resource not found' } });
      }
      for (const v of [
        '2023-05-15',
        '2024-02-01',
        '2024-06-01',
        '2024-10-21',
        '2025-04-01-preview',
        '2024-12-01-Preview',
      ]) {
        assert.equal((await embed(emu, { input: 'x' }, { apiVersion: v })).status, 200, v);
      }
    } finally {
      await emu.close();
    }
  });

  it('the rate-limit minute runs on the injected clock', async () => {
    let now = 0;
    const emu = await startEmulator({ clock: { now: () => now } });
    try {
      await embed(emu, { input: 'x' });
      const second = await embed(emu, { input: 'x' });
      assert.equal(second.headers.get('x-ratelimit-remaining-requests'), '118');
      now += 60_001;
      const later = await embed(emu, { input: 'x' });
      assert.equal(later.headers.get('x-ratelimit-remaining-requests'), '119', 'the first two calls left the window');
    } finally {
      await emu.close();
    }
  });
});

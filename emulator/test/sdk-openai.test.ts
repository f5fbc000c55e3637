/**
 * The embeddings emulator driven by the official `openai` package (AzureOpenAI client), the way a
 * user writes it: plain http works with `endpoint` + `apiKey`, and the client's default base64
 * encoding is decoded by the client itself.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { AzureOpenAI, BadRequestError, NotFoundError } from 'openai';
import { deterministicEmbedding, startEmulator } from '../src/index.ts';
import type { Emulator } from '../src/index.ts';

const ADA = 'text-embedding-ada-002';
const SMALL = 'text-embedding-3-small';

describe('openai AzureOpenAI client against the emulator', () => {
  let emu: Emulator;
  let client: AzureOpenAI;
  const clientFor = (apiVersion: string, deployment = ADA) =>
    new AzureOpenAI({ endpoint: emu.embeddingsUrl, apiKey: emu.keys.embedding, apiVersion, deployment, maxRetries: 0 });

  before(async () => {
    emu = await startEmulator({ deployments: [ADA, SMALL] });
    client = clientFor('2024-10-21');
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('embeds with the default base64 encoding: the client decodes the emulator vectors exactly', async () => {
    const res = await client.embeddings.create({ model: ADA, input: ['first chunk', 'second chunk'] });
    assert.equal(emu.requests.at(-1)?.path, `/openai/deployments/${ADA}/embeddings`);
    assert.deepEqual(emu.requests.at(-1)?.body, {
      model: ADA,
      input: ['first chunk', 'second chunk'],
      encoding_format: 'base64',
    });
    assert.equal(res.model, ADA);
    assert.equal(res.data.length, 2);
    res.data.forEach((d, i) => {
      assert.equal(d.index, i);
      assert.equal(d.embedding.length, 1536);
    });
    assert.deepEqual(Array.from(res.data[0]?.embedding ?? []), deterministicEmbedding('first chunk'));
    assert.ok(res.usage.prompt_tokens > 0);
  });

  it("encoding_format 'float' gives the same numbers as base64", async () => {
    const float = await client.embeddings.create({ model: ADA, input: 'same text', encoding_format: 'float' });
    const b64 = await client.embeddings.create({ model: ADA, input: 'same text' });
    assert.deepEqual(Array.from(b64.data[0]?.embedding ?? []), float.data[0]?.embedding);
  });

  it('accepts token inputs: one token array, and an array of token arrays', async () => {
    const one = await client.embeddings.create({ model: ADA, input: [1820, 4062, 14198, 39935] });
    assert.equal(one.data.length, 1);
    assert.equal(one.data[0]?.embedding.length, 1536);
    assert.equal(one.usage.prompt_tokens, 4);
    const many = await client.embeddings.create({ model: ADA, input: [[1820, 4062], [14198], [1820, 4062]] });
    assert.equal(many.data.length, 3);
    assert.equal(many.usage.prompt_tokens, 5);
    assert.deepEqual(
      Array.from(many.data[0]?.embedding ?? []),
      Array.from(many.data[2]?.embedding ?? []),
      'same tokens, same vector',
    );
    assert.notDeepEqual(Array.from(many.data[0]?.embedding ?? []), Array.from(many.data[1]?.embedding ?? []));
  });

  it('dimensions on an ada-002 deployment: 400, as Azure answers', async () => {
    await assert.rejects(client.embeddings.create({ model: ADA, input: 'x', dimensions: 256 }), (err: unknown) => {
      assert.ok(err instanceof BadRequestError, String(err));
      assert.equal(err.status, 400);
      assert.equal(err.message, '400 This model does not support specifying dimensions.');
      assert.equal(err.type, 'invalid_request_error');
      return true;
    });
  });

  it('dimensions on a text-embedding-3 deployment shortens the vector', async () => {
    const small = clientFor('2024-10-21', SMALL);
    const res = await small.embeddings.create({ model: SMALL, input: 'short', dimensions: 256 });
    assert.equal(res.data[0]?.embedding.length, 256);
    await assert.rejects(small.embeddings.create({ model: SMALL, input: 'long', dimensions: 4096 }), BadRequestError);
  });

  it('an api-version Azure does not serve: 404 Resource not found', async () => {
    await assert.rejects(clientFor('2099-13-45').embeddings.create({ model: ADA, input: 'x' }), (err: unknown) => {
      assert.ok(err instanceof NotFoundError, String(err));
      assert.equal(err.message, '404 Resource not found');
      return true;
    });
    for (const version of ['2024-02-01', '2024-06-01', '2024-12-01-preview']) {
      const res = await clientFor(version).embeddings.create({ model: ADA, input: 'x' });
      assert.equal(res.data.length, 1, version);
    }
  });

  it('an unknown deployment: 404 DeploymentNotFound', async () => {
    await assert.rejects(
      clientFor('2024-10-21', 'nope').embeddings.create({ model: 'nope', input: 'x' }),
      (err: unknown) => {
        assert.ok(err instanceof NotFoundError, String(err));
        assert.equal(err.code, 'DeploymentNotFound');
        return true;
      },
    );
  });
});

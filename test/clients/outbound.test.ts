import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createOutbound, isPublicAddress, matchHost } from '../../src/clients/outbound.ts';
import { AppError } from '../../src/errors.ts';

const DEFAULT = ['*.openai.azure.com', '*.search.windows.net', '127.0.0.1', 'localhost'];

describe('isPublicAddress', () => {
  const cases: [string, boolean][] = [
    ['8.8.8.8', true],
    ['20.42.1.5', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['2606:4700::1111', true],
    ['not-an-ip', false],
  ];
  for (const [address, expected] of cases)
    it(`${address} -> ${expected}`, () => assert.equal(isPublicAddress(address), expected));
});

describe('matchHost', () => {
  const cases: [string, { exact: boolean } | undefined][] = [
    ['my.openai.azure.com', { exact: false }],
    ['a.b.openai.azure.com', { exact: false }],
    ['openai.azure.com', undefined],
    ['evilopenai.azure.com', undefined],
    ['MY.OPENAI.AZURE.COM', { exact: false }],
    ['127.0.0.1', { exact: true }],
    ['localhost', { exact: true }],
    ['127.0.0.2', undefined],
    ['svc.search.windows.net.evil.com', undefined],
  ];
  for (const [host, expected] of cases) {
    it(host, () => {
      const r = matchHost(DEFAULT, host);
      assert.equal(r === undefined ? undefined : r.exact, expected === undefined ? undefined : expected.exact);
    });
  }
});

describe('checkBaseUrl', () => {
  const resolver = async (host: string) => {
    const table: Record<string, string[]> = {
      'public.openai.azure.com': ['20.1.2.3'],
      'private.openai.azure.com': ['10.0.0.5'],
      'mixed.openai.azure.com': ['20.1.2.3', '192.168.0.9'],
      'mapped.openai.azure.com': ['::ffff:127.0.0.1'],
      'svc.search.windows.net': ['20.9.9.9'],
    };
    const r = table[host];
    if (!r) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return r;
  };
  const outbound = createOutbound(DEFAULT, resolver);

  const refused: [string, string, RegExp][] = [
    ['not a url', 'relative', /not an absolute URL/],
    ['ftp://public.openai.azure.com', 'ftp scheme', /only https/],
    ['http://public.openai.azure.com', 'plain http to a wildcard host', /only https/],
    ['https://user:pw@public.openai.azure.com', 'credentials', /credentials/],
    ['https://public.openai.azure.com/#frag', 'fragment', /fragment/],
    ['https://public.openai.azure.com/?x=1', 'query', /query/],
    ['https://example.com', 'host not listed', /not in OUTBOUND_ALLOWED_HOSTS/],
    ['https://private.openai.azure.com', 'private address', /non-public address/],
    ['https://mixed.openai.azure.com', 'one private address among public', /non-public address/],
    ['https://mapped.openai.azure.com', 'v4-mapped loopback', /non-public address/],
    ['https://nowhere.openai.azure.com', 'no DNS answer', /does not resolve/],
    ['http://10.0.0.1', 'private IP not listed', /not in OUTBOUND_ALLOWED_HOSTS/],
    ['http://127.0.0.2:8080', 'loopback IP not listed exactly', /not in OUTBOUND_ALLOWED_HOSTS/],
    [`https://${'a'.repeat(2100)}.openai.azure.com`, 'over 2048 characters', /longer than 2048/],
  ];
  for (const [url, name, why] of refused) {
    it(`refuses ${name}`, async () => {
      await assert.rejects(outbound.checkBaseUrl(url, 'embeddingEndpoint'), (err: unknown) => {
        assert.ok(err instanceof AppError);
        assert.equal(err.statusCode, 400);
        assert.match(err.message, /^Header embeddingEndpoint is not an allowed endpoint: /);
        assert.match(err.message, why);
        return true;
      });
    });
  }

  const accepted: [string, string][] = [
    ['https://public.openai.azure.com/', 'https://public.openai.azure.com'],
    ['https://svc.search.windows.net', 'https://svc.search.windows.net'],
    ['http://127.0.0.1:7071', 'http://127.0.0.1:7071'],
    ['http://localhost:7071/', 'http://localhost:7071'],
    ['https://public.openai.azure.com/sub/path/', 'https://public.openai.azure.com/sub/path'],
  ];
  for (const [url, expected] of accepted) {
    it(`accepts ${url}`, async () => assert.equal(await outbound.checkBaseUrl(url, 'embeddingEndpoint'), expected));
  }

  it('closes its agent', async () => {
    await createOutbound(DEFAULT, resolver).close();
  });
});

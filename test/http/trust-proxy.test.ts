import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTrustProxy } from '../../src/http/trust-proxy.ts';
import { loadConfig } from '../../src/config.ts';
import { buildTestApp } from '../helpers/app.ts';

test('parseTrustProxy: TRUST_PROXY values and what they trust', () => {
  const cases: [string, boolean | string[] | 'function' | 'error'][] = [
    ['', false],
    ['false', false],
    ['true', true],
    ['1', 'function'],
    ['32', 'function'],
    ['0', 'error'],
    ['33', 'error'],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7', ['10.0.0.0/8', '192.168.1.7']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ['10.0.0.0/33', 'error'],
    ['proxy.example.org', 'error'],
    ['10.0.0.0/8/1', 'error'],
    ['yes', 'error'],
  ];
  for (const [raw, want] of cases) {
    const got = parseTrustProxy(raw);
    if (want === 'error') assert.ok(got instanceof Error, raw);
    else if (want === 'function') assert.equal(typeof got, 'function', raw);
    else assert.deepEqual(got, want, raw);
  }
  const two = parseTrustProxy('2') as (a: string, hop: number) => boolean;
  assert.deepEqual(
    [0, 1, 2, 3].map((hop) => two('10.0.0.1', hop)),
    [true, true, false, false],
  );
});

test('config: TRUST_PROXY is off by default and a bad one names the variable', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.throws(() => loadConfig({ TRUST_PROXY: 'proxy.example.org' }), /^ConfigError: TRUST_PROXY must be true/);
});

const FORWARDED = {
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'lab.example.org',
  'x-forwarded-for': '203.0.113.9',
};

test('behind a trusted proxy every generated document says https and the public host; untrusted, the headers are ignored', async (t) => {
  const trusted = await buildTestApp({ env: { TRUST_PROXY: 'loopback' } });
  const untrusted = await buildTestApp();
  t.after(() => Promise.all([trusted.close(), untrusted.close()]));
  for (const [app, base] of [
    [trusted, 'https://lab.example.org'],
    [untrusted, 'http://localhost:80'],
  ] as const) {
    const swagger = (
      await app.inject({ url: '/swagger.json', headers: { ...FORWARDED, host: 'localhost:80' } })
    ).json();
    assert.equal(`${swagger.schemes[0]}://${swagger.host}`, base);
    const connector = await app.inject({
      url: '/connectors/apikey.swagger.json',
      headers: { ...FORWARDED, host: 'localhost:80' },
    });
    assert.equal(connector.statusCode, 200, connector.body);
    assert.equal(`${connector.json().schemes[0]}://${connector.json().host}`, base);
    const postman = (
      await app.inject({ url: '/postman.json', headers: { ...FORWARDED, host: 'localhost:80' } })
    ).json();
    const baseUrl = postman.variable.find((v: { key: string }) => v.key === 'baseUrl')?.value;
    assert.equal(baseUrl, base);
    const landing = await app.inject({ url: '/', headers: { ...FORWARDED, host: 'localhost:80' } });
    assert.ok(landing.body.includes(`${base}/docs`), 'the landing page links the public URL');
  }
});

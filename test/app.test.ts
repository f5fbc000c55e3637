// buildApp's own choices: the logger options (redaction always on) and what its build options
// switch (the API documents, the readiness it is given). The routes themselves: test/routes/*.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { loggerOptions } from '../src/app.ts';
import { REDACTED_HEADERS } from '../src/http/interface-headers.ts';
import { createReadiness } from '../src/http/readiness.ts';
import { buildTestApp, testConfig } from './helpers/app.ts';

type Options = { level?: string; redact: { paths: string[]; censor: string }; [k: string]: unknown };

describe('loggerOptions', () => {
  const cases: [string, Record<string, string>, object, (o: Options) => void][] = [
    ['the configured level', { LOG_LEVEL: 'warn' }, {}, (o) => assert.equal(o.level, 'warn')],
    ['an override of the level wins', { LOG_LEVEL: 'warn' }, { level: 'debug' }, (o) => assert.equal(o.level, 'debug')],
    ['other overrides are kept', {}, { name: 'svc' }, (o) => assert.equal(o.name, 'svc')],
    [
      'redaction cannot be overridden',
      {},
      { redact: { paths: [], censor: 'x' } },
      (o) => {
        assert.equal(o.redact.censor, '[redacted]');
        assert.ok(o.redact.paths.length > 0);
      },
    ],
    [
      'every secret header, in the request, the multipart and the bare headers',
      {},
      {},
      (o) =>
        assert.deepEqual(
          o.redact.paths,
          REDACTED_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `busboyOptions.headers["${h}"]`, `headers["${h}"]`]),
        ),
    ],
    ['some header is secret', {}, {}, () => assert.ok(REDACTED_HEADERS.length > 0)],
  ];
  for (const [name, env, overrides, check] of cases) {
    test(name, () => check(loggerOptions(testConfig(env), overrides) as Options));
  }
});

describe('buildApp options', () => {
  let withDocs: FastifyInstance;
  let noDocs: FastifyInstance;
  const readiness = createReadiness();
  before(async () => {
    withDocs = await buildTestApp({ readiness });
    noDocs = await buildTestApp({ docs: 'none' });
  });
  after(async () => {
    await withDocs.close();
    await noDocs.close();
  });

  const cases: [string, () => FastifyInstance, string, number][] = [
    ['the documents by default: /openapi.json', () => withDocs, '/openapi.json', 200],
    ['the documents by default: /swagger.json', () => withDocs, '/swagger.json', 200],
    ['the documents by default: /postman.json', () => withDocs, '/postman.json', 200],
    ['the documents by default: /docs', () => withDocs, '/docs', 200],
    ["docs: 'none': no /openapi.json", () => noDocs, '/openapi.json', 404],
    ["docs: 'none': no /swagger.json", () => noDocs, '/swagger.json', 404],
    ["docs: 'none': no /docs", () => noDocs, '/docs', 404],
    ["docs: 'none': the interface is still served", () => noDocs, '/apis/add-url?input1=1&input2=2', 200],
  ];
  for (const [name, app, url, status] of cases) {
    test(name, async () => {
      const res = await app().inject({ method: 'GET', url });
      assert.equal(res.statusCode, status, res.body.slice(0, 200));
    });
  }

  test('the readiness it is given is the one /readyz reads', async () => {
    assert.equal((await withDocs.inject({ url: '/readyz' })).statusCode, 200);
    readiness.beginDraining();
    assert.equal((await withDocs.inject({ url: '/readyz' })).statusCode, 503);
  });
});

// The one table of interface headers: each header's place in the CORS lists and the log
// redaction, and every header a route schema declares (its security schemes included) found in
// the table and allowed by the preflight.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import {
  EXPOSED_HEADERS,
  INTERFACE_HEADERS,
  REDACTED_HEADERS,
  REQUEST_HEADERS,
  type InterfaceHeader,
} from '../../src/http/interface-headers.ts';
import { loggerOptions } from '../../src/app.ts';
import { SECURITY_SCHEMES } from '../../src/api-documents/common.ts';
import { buildAppWithRoutes } from '../api-documents/app.ts';
import { testConfig } from '../helpers/app.ts';

const csv = (v: string | string[] | number | undefined) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

// wire name, sent in, secret
const EXPECTED: [string, InterfaceHeader['in'], boolean][] = [
  ['Authorization', 'request', true],
  ['Content-Type', 'request', false],
  ['api_key', 'request', true],
  ['api_secret', 'request', true],
  ['key', 'request', true],
  ['secret', 'request', true],
  ['api-key', 'request', true],
  ['sourceName', 'request', false],
  ['tenant-id', 'request', false],
  ['document-id', 'request', false],
  ['performEmbedding', 'request', false],
  ['embeddingEndpoint', 'request', false],
  ['embeddingKey', 'request', true],
  ['embeddingDeploymentName', 'request', false],
  ['embeddingBatchSize', 'request', false],
  ['embeddingConcurrency', 'request', false],
  ['page-numbers', 'request', false],
  ['ocr', 'request', false],
  ['Prefer', 'request', false],
  ['cloudAISearchEndpoint', 'request', false],
  ['cloudAISearchKey', 'request', true],
  ['indexName', 'request', false],
  ['document_id', 'request', false],
  ['X-Total-Chunks', 'response', false],
  ['X-Embedding-Performed', 'response', false],
  ['X-Index-Batches', 'response', false],
  ['X-OCR-Pages', 'response', false],
  ['X-OCR-Skipped-Pages', 'response', false],
  ['Allow', 'response', false],
  ['WWW-Authenticate', 'response', false],
  ['Retry-After', 'response', false],
  ['RateLimit-Limit', 'response', false],
  ['RateLimit-Remaining', 'response', false],
  ['RateLimit-Reset', 'response', false],
  ['Location', 'response', false],
  ['Preference-Applied', 'response', false],
  ['X-Error-Code', 'response', false],
  ['X-Error-Hint', 'response', false],
];

/** One request logged through the service's logger options; the line as parsed JSON. */
function logRequestWith(name: string, value: string): Record<string, unknown> {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      cb();
    },
  });
  const log = pino(loggerOptions(testConfig({ LOG_LEVEL: 'info' })), stream);
  log.info({ req: { headers: { [name]: value } }, busboyOptions: { headers: { [name]: value } } }, 'a request');
  return lines[0]!;
}

describe('the table', () => {
  test('holds exactly the expected headers, each once', () => {
    assert.deepEqual(
      INTERFACE_HEADERS.map((h) => h.wire),
      EXPECTED.map(([wire]) => wire),
    );
    assert.equal(new Set(INTERFACE_HEADERS.map((h) => h.wire.toLowerCase())).size, INTERFACE_HEADERS.length);
  });

  for (const [wire, sentIn, secret] of EXPECTED) {
    test(`${wire}: ${sentIn}${secret ? ', secret' : ''}`, () => {
      const h = INTERFACE_HEADERS.find((x) => x.wire === wire);
      assert.deepEqual(h, { wire, in: sentIn, secret });
      assert.equal(REQUEST_HEADERS.includes(wire), sentIn === 'request', 'allowed by a preflight');
      assert.equal(EXPOSED_HEADERS.includes(wire), sentIn === 'response', 'exposed to browser scripts');
      assert.equal(REDACTED_HEADERS.includes(wire.toLowerCase()), secret, 'redacted');
      const line = logRequestWith(wire.toLowerCase(), 'value-in-test');
      const want = secret ? '[redacted]' : 'value-in-test';
      assert.deepEqual(line.req, { headers: { [wire.toLowerCase()]: want } });
      assert.deepEqual(line.busboyOptions, { headers: { [wire.toLowerCase()]: want } });
    });
  }
});

/** Every header the registered routes declare: their header schemas and their security schemes. */
async function declaredHeaders() {
  const { app, routes } = await buildAppWithRoutes();
  const names = new Set<string>();
  for (const r of routes) {
    const props = (r.schema.headers as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    for (const name of Object.keys(props)) names.add(name);
    for (const requirement of (r.schema.security as Record<string, unknown>[] | undefined) ?? []) {
      for (const scheme of Object.keys(requirement)) {
        const s = SECURITY_SCHEMES[scheme as keyof typeof SECURITY_SCHEMES];
        assert.ok(s, `security scheme ${scheme}`);
        names.add(s.type === 'apiKey' ? s.name : 'Authorization');
      }
    }
  }
  return { app, names: [...names] };
}

describe('every header a route schema declares', async () => {
  const { app, names } = await declaredHeaders();
  after(() => app.close());
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/apis/chunk-and-perform-embedding.php',
    headers: {
      origin: 'https://app.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': names.map((n) => n.toLowerCase()).join(','),
    },
  });
  const allowed = csv(preflight.headers['access-control-allow-headers']);

  test('the routes declare headers (the collection works)', () => {
    assert.ok(names.length >= 15, names.join(', '));
    assert.equal(preflight.statusCode, 204);
  });
  for (const name of names) {
    test(`${name}: in the table as a request header, and allowed by the preflight`, () => {
      assert.equal(INTERFACE_HEADERS.find((h) => h.wire === name)?.in, 'request');
      assert.ok(allowed.includes(name.toLowerCase()), `${name} not in ${allowed.join(', ')}`);
    });
  }
});

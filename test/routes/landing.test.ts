// GET /: the landing page (what the service is, links, lab credentials only while public) and the
// URLs the start log names.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { LAB_DEFAULTS } from '../../src/lab-defaults.ts';
import type { LabCredentials } from '../../src/config.ts';
import { landingPage, startUrls } from '../../src/routes/landing.ts';
import { CONNECTOR_STYLES } from '../../src/api-documents/swagger2.ts';
import { buildTestApp } from '../helpers/app.ts';

const LAB: LabCredentials = {
  addApiKey: LAB_DEFAULTS.ADD_API_KEY,
  addApiSecret: LAB_DEFAULTS.ADD_API_SECRET,
  basicAuthUsername: LAB_DEFAULTS.BASIC_AUTH_USERNAME,
  basicAuthPassword: LAB_DEFAULTS.BASIC_AUTH_PASSWORD,
  surveyKey: LAB_DEFAULTS.SURVEY_KEY,
  surveySecret: LAB_DEFAULTS.SURVEY_SECRET,
  documentApiKey: LAB_DEFAULTS.DOCUMENT_API_KEY,
};

describe('landingPage', () => {
  test('links to the docs, the collection and every connector, as the caller reached the server', () => {
    const html = landingPage('https://lab.example.org', LAB, true);
    for (const path of ['/docs', '/openapi.json', '/swagger.json', '/postman.json', '/healthz', '/readyz'])
      assert.ok(html.includes(`href="${path}"`), path);
    for (const style of Object.keys(CONNECTOR_STYLES))
      assert.ok(html.includes(`href="/connectors/${style}.swagger.json"`), style);
    assert.ok(html.includes('https://lab.example.org/postman.json'));
  });
  test('the lab credentials are shown while they are the public lab values', () => {
    const html = landingPage('http://localhost:8080', LAB, true);
    for (const v of Object.values(LAB)) assert.ok(html.includes(`<code>${v}</code>`), v);
  });
  const secrets: [string, Partial<LabCredentials>][] = [
    ['an api key', { addApiKey: 'operator-key-1234' }],
    ['a password', { basicAuthPassword: 'hunter2-operator' }],
    ['a survey secret', { surveySecret: 'operator-survey' }],
    ['a document key', { documentApiKey: 'operator-doc-key' }],
  ];
  for (const [name, over] of secrets)
    test(`${name} an operator set never appears`, () => {
      const html = landingPage('http://localhost:8080', { ...LAB, ...over }, true);
      assert.equal(html.includes(Object.values(over)[0]!), false);
      assert.ok(html.includes('set by the operator (not shown)'));
    });
  test('markup in the base URL is escaped', () => {
    assert.equal(landingPage('http://x"><script>', LAB, true).includes('<script>'), false);
  });
  test('without API documents, no dead links to them', () => {
    const html = landingPage('http://localhost:8080', LAB, false);
    assert.equal(html.includes('href="/docs"'), false);
    assert.ok(html.includes('turned off'));
  });
});

describe('startUrls', () => {
  const cases: [string, number, string][] = [
    ['0.0.0.0', 8080, 'http://localhost:8080'],
    ['::', 8080, 'http://localhost:8080'],
    ['127.0.0.1', 3000, 'http://127.0.0.1:3000'],
    ['::1', 8080, 'http://[::1]:8080'],
    ['lab.local', 80, 'http://lab.local:80'],
  ];
  for (const [host, port, base] of cases)
    test(`${host}:${port}`, () => {
      assert.deepEqual(startUrls(host, port), [`${base}/`, `${base}/docs`, `${base}/postman.json`]);
    });
});

describe('GET /', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());
  test('an HTML page, no .php twin', async () => {
    const res = await app.inject({ url: '/' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/html; charset=utf-8/);
    assert.match(res.body, /<h1>sample-utility-service<\/h1>/);
    assert.equal((await app.inject({ url: '/.php' })).statusCode, 404);
  });
});

// The docs page's Authorize pre-fill (lab defaults only, never an operator's value) and the page
// as @fastify/swagger-ui serves it. The page in a real browser: page.e2e.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { preauthorizeStatements, registerDocsPage } from '../../src/api-documents/page.ts';
import { collectOpenapi } from '../../src/api-documents/openapi.ts';
import { LAB_DEFAULTS as L } from '../../src/config.ts';

const lab: Record<
  | 'addApiKey'
  | 'addApiSecret'
  | 'basicAuthUsername'
  | 'basicAuthPassword'
  | 'surveyKey'
  | 'surveySecret'
  | 'documentApiKey',
  string
> = {
  addApiKey: L.ADD_API_KEY,
  addApiSecret: L.ADD_API_SECRET,
  basicAuthUsername: L.BASIC_AUTH_USERNAME,
  basicAuthPassword: L.BASIC_AUTH_PASSWORD,
  surveyKey: L.SURVEY_KEY,
  surveySecret: L.SURVEY_SECRET,
  documentApiKey: L.DOCUMENT_API_KEY,
};
const q = JSON.stringify;

describe('preauthorizeStatements', () => {
  const all = [
    `ui.preauthorizeApiKey("apiKeyHeader", ${q(L.ADD_API_KEY)});`,
    `ui.preauthorizeApiKey("apiSecretHeader", ${q(L.ADD_API_SECRET)});`,
    `ui.preauthorizeApiKey("surveyKey", ${q(L.SURVEY_KEY)});`,
    `ui.preauthorizeApiKey("surveySecret", ${q(L.SURVEY_SECRET)});`,
    `ui.preauthorizeApiKey("documentApiKey", ${q(L.DOCUMENT_API_KEY)});`,
    `ui.preauthorizeBasic("basicAuth", ${q(L.BASIC_AUTH_USERNAME)}, ${q(L.BASIC_AUTH_PASSWORD)});`,
  ];
  const cases: [string, Partial<typeof lab>, string[]][] = [
    ['every lab default: every scheme but bearer', {}, all],
    ['an operator api key is left out', { addApiKey: 'mine' }, all.filter((s) => !s.includes('"apiKeyHeader"'))],
    [
      'an operator survey secret is left out',
      { surveySecret: 'mine' },
      all.filter((s) => !s.includes('"surveySecret"')),
    ],
    [
      'an operator document key is left out',
      { documentApiKey: 'mine' },
      all.filter((s) => !s.includes('"documentApiKey"')),
    ],
    ['basic needs both lab values: an operator password leaves it out', { basicAuthPassword: 'mine' }, all.slice(0, 5)],
    ['basic needs both lab values: an operator user leaves it out', { basicAuthUsername: 'mine' }, all.slice(0, 5)],
    [
      'every value an operator one: nothing',
      {
        addApiKey: 'a',
        addApiSecret: 'b',
        basicAuthUsername: 'c',
        basicAuthPassword: 'd',
        surveyKey: 'e',
        surveySecret: 'f',
        documentApiKey: 'g',
      },
      [],
    ],
  ];
  for (const [name, change, want] of cases) {
    test(name, () => assert.deepEqual(preauthorizeStatements({ ...lab, ...change }), want));
  }
});

describe('registerDocsPage', () => {
  const apps: FastifyInstance[] = [];
  async function page(config: typeof lab) {
    const app = Fastify({ logger: false });
    await collectOpenapi(app); // swagger-ui needs @fastify/swagger
    await registerDocsPage(app, '/docs', config);
    await app.ready();
    apps.push(app);
    return app;
  }
  after(async () => {
    for (const app of apps) await app.close();
  });
  let labApp: FastifyInstance;
  before(async () => {
    labApp = await page(lab);
  });

  const cases: [string, () => Promise<FastifyInstance>, string, (status: number, body: string) => void][] = [
    [
      'the page is served',
      async () => labApp,
      '/docs',
      (status, body) => {
        assert.equal(status, 200);
        assert.match(body, /<html/i);
      },
    ],
    [
      'the initializer offers both documents, OpenAPI first',
      async () => labApp,
      '/docs/static/swagger-initializer.js',
      (status, body) => {
        assert.equal(status, 200);
        const a = body.indexOf('/openapi.json');
        const b = body.indexOf('/swagger.json');
        assert.ok(a >= 0 && b > a, body);
      },
    ],
    [
      'the initializer runs the lab pre-fill',
      async () => labApp,
      '/docs/static/swagger-initializer.js',
      (_status, body) => {
        assert.ok(body.includes(`ui.preauthorizeApiKey("apiKeyHeader", ${q(L.ADD_API_KEY)});`), body);
        assert.ok(body.includes('ui.preauthorizeBasic("basicAuth"'), body);
      },
    ],
    [
      "an operator's values never reach the page",
      () => page({ ...lab, addApiKey: 'operator-key-123', basicAuthPassword: 'operator-pass-456' }),
      '/docs/static/swagger-initializer.js',
      (status, body) => {
        assert.equal(status, 200);
        assert.ok(!body.includes('operator-key-123'));
        assert.ok(!body.includes('operator-pass-456'));
        assert.ok(!body.includes('"apiKeyHeader"'));
      },
    ],
  ];
  for (const [name, app, url, check] of cases) {
    test(name, async () => {
      const res = await (await app()).inject({ method: 'GET', url });
      check(res.statusCode, res.body);
    });
  }
});

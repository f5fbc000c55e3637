// Every Power Automate connector the service serves passes the certification rules a tool can
// check (certification.ts), and the checker itself catches each rule broken.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONNECTOR_STYLES } from '../../src/api-documents/swagger2.ts';
import { buildTestApp } from '../helpers/app.ts';
import { certificationProblems } from './certification.ts';

const GOOD = {
  info: { title: 'Sample Utility Documents', description: 'Chunks documents for a search index, with embeddings.' },
  'x-ms-connector-metadata': [
    { propertyName: 'Website', propertyValue: 'https://example.org' },
    { propertyName: 'Privacy policy', propertyValue: 'https://example.org/privacy' },
    { propertyName: 'Categories', propertyValue: 'AI;Data' },
  ],
  paths: {
    '/x': {
      get: {
        operationId: 'GetThing',
        summary: 'Get a thing',
        description: 'Gets a thing, with details.',
        responses: { '200': { description: 'ok', schema: { type: 'object' } } },
      },
    },
  },
};

test('certificationProblems: each rule, broken once', () => {
  const op = (patch: object) => ({ ...GOOD, paths: { '/x': { get: { ...GOOD.paths['/x'].get, ...patch } } } });
  const cases: [string, unknown, RegExp | undefined][] = [
    ['a good definition', GOOD, undefined],
    [
      'title over 30',
      { ...GOOD, info: { ...GOOD.info, title: 'Sample Utility Service Documents X' } },
      /title .* 1 to 30/,
    ],
    ['title with API', { ...GOOD, info: { ...GOOD.info, title: 'Sample API' } }, /must not contain "API"/],
    ['title with Connector', { ...GOOD, info: { ...GOOD.info, title: 'Sample Connector' } }, /"Connector"/],
    ['short description', { ...GOOD, info: { ...GOOD.info, description: 'Too short.' } }, /30 to 500/],
    ['no metadata', { ...GOOD, 'x-ms-connector-metadata': undefined }, /lacks "Website"/],
    ['camelCase id', op({ operationId: 'getThing' }), /PascalCase/],
    ['id with a dash', op({ operationId: 'Get-Thing' }), /PascalCase/],
    ['long summary', op({ summary: 'x'.repeat(81) }), /summary must be 1 to 80/],
    ['summary = description', op({ summary: 'Same words', description: 'Same words' }), /must differ/],
    ['no schema', op({ responses: { '200': { description: 'ok' } } }), /no response has a schema/],
  ];
  for (const [name, doc, want] of cases) {
    const problems = certificationProblems(doc);
    if (want === undefined) assert.deepEqual(problems, [], name);
    else
      assert.ok(
        problems.some((p) => want.test(p)),
        `${name}: ${problems.join('; ')}`,
      );
  }
});

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

for (const style of Object.keys(CONNECTOR_STYLES)) {
  test(`the ${style} connector passes the certification rules`, async () => {
    const res = await app.inject({ url: `/connectors/${style}.swagger.json` });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(certificationProblems(res.json()), []);
  });
}

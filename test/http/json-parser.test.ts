import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { acceptEmptyJsonBodies } from '../../src/http/json-parser.ts';

describe('acceptEmptyJsonBodies', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ logger: false });
    acceptEmptyJsonBodies(app);
    app.post('/', async (request) => ({ body: request.body === undefined ? '<none>' : request.body }));
    await app.ready();
  });
  after(() => app.close());

  const cases: [string, string, number, unknown][] = [
    ['an empty body is no body', '', 200, { body: '<none>' }],
    ['a blank body is no body', ' \r\n\t ', 200, { body: '<none>' }],
    ['an object', '{"a":1}', 200, { body: { a: 1 } }],
    ['an array', '[1,2]', 200, { body: [1, 2] }],
    ['null', 'null', 200, { body: null }],
    ['invalid JSON is still refused', '{nope', 400, undefined],
    ['prototype poisoning is still refused', '{"__proto__":{"x":1}}', 400, undefined],
    ['constructor poisoning is still refused', '{"constructor":{"prototype":{"x":1}}}', 400, undefined],
  ];
  for (const [name, payload, status, body] of cases) {
    test(name, async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      assert.equal(res.statusCode, status, res.body);
      if (body !== undefined) assert.deepEqual(res.json(), body);
    });
  }
});

// A JSON endpoint sent a form or text says what to send; the status stays 415 (tokenBodyType's own
// table is in test/routes/token.test.ts).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, LAB } from '../helpers/app.ts';

describe('a form body on the JSON endpoints', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp({ docs: 'none' });
  });
  after(() => app.close());

  const cases: [string, string, string, RegExp][] = [
    [
      '/apis/add-token',
      'application/x-www-form-urlencoded',
      `api_key=${LAB.ADD_API_KEY}&api_secret=${LAB.ADD_API_SECRET}`,
      /^Content-Type must be application\/json, with a JSON object \{"api_key": "\.\.\.", "api_secret": "\.\.\."\}; a form body is not read\.$/,
    ],
    ['/apis/add-token', 'text/plain', '{}', /^Content-Type must be application\/json, with a JSON object \{"api_key"/],
    [
      '/apis/add-body',
      'application/x-www-form-urlencoded',
      'input1=5&input2=7',
      /^Content-Type must be application\/json, with a JSON object such as \{"input1": 5, "input2": 7\}\.$/,
    ],
  ];
  for (const [url, type, payload, message] of cases) {
    test(`${url} with ${type}: 415 naming the JSON body to send`, async () => {
      for (const u of [url, `${url}.php`]) {
        const res = await app.inject({ method: 'POST', url: u, headers: { 'content-type': type }, payload });
        assert.equal(res.statusCode, 415, res.body);
        const body = res.json<{ success: boolean; error: string }>();
        assert.equal(body.success, false);
        assert.match(body.error, message);
      }
    });
  }
});

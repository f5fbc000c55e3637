// POST /survey_api.php: the batch, its bounds, the pinned output with an
// injected rng and clock, and the body-less POST forms of decisions.md.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, surveyHeaders, seededRng, assertClientError } from '../helpers/app.ts';

const GENERATED_AT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function checkBatch(body: {
  success: boolean;
  total_records: number;
  generated_at: string;
  data: { Name: string; Surname: string; DOB: string }[];
}) {
  assert.deepEqual(Object.keys(body), ['success', 'total_records', 'generated_at', 'data']);
  assert.equal(body.success, true);
  assert.ok(
    Number.isInteger(body.total_records) && body.total_records >= 300 && body.total_records <= 600,
    String(body.total_records),
  );
  assert.equal(body.data.length, body.total_records);
  assert.match(body.generated_at, GENERATED_AT);
  for (const r of body.data) {
    assert.deepEqual(Object.keys(r), ['Name', 'Surname', 'DOB']);
    assert.ok(typeof r.Name === 'string' && r.Name.length > 0);
    assert.ok(typeof r.Surname === 'string' && r.Surname.length > 0);
    assert.match(r.DOB, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(r.DOB >= '1950-01-01' && r.DOB <= '2005-12-31', r.DOB);
  }
}

describe('survey_api with the real rng and clock', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('both path forms: a valid batch, CORS *, no-store', async () => {
    for (const url of ['/survey_api.php', '/survey_api']) {
      const res = await app.inject({ method: 'POST', url, headers: surveyHeaders() });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.equal(res.headers['cache-control'], 'no-store');
      checkBatch(res.json());
    }
  });

  test('every call is a new dataset (no caching)', async () => {
    const a = (await app.inject({ method: 'POST', url: '/survey_api.php', headers: surveyHeaders() })).json();
    const b = (await app.inject({ method: 'POST', url: '/survey_api.php', headers: surveyHeaders() })).json();
    assert.notDeepEqual(a.data, b.data);
  });

  const bodyless: [string, Record<string, string>, string | undefined][] = [
    ['no body, no Content-Type', {}, undefined],
    ['empty body with Content-Type: application/json', { 'content-type': 'application/json' }, ''],
    ['empty body with application/json; charset=utf-8', { 'content-type': 'application/json; charset=utf-8' }, ''],
    ['whitespace body with application/json', { 'content-type': 'application/json' }, ' \n'],
    ['an empty JSON object', { 'content-type': 'application/json' }, '{}'],
    [
      'a JSON body asking for a count (ignored)',
      { 'content-type': 'application/json' },
      '{"count": 5, "total_records": 5}',
    ],
  ];
  for (const [name, headers, payload] of bodyless) {
    test(`succeeds: ${name}`, async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/survey_api.php',
        headers: { ...surveyHeaders(), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      assert.equal(res.statusCode, 200, res.body);
      checkBatch(res.json());
    });
  }

  test('the record count cannot be set by a query', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/survey_api.php?count=5&total_records=5',
      headers: surveyHeaders(),
    });
    assert.equal(res.statusCode, 200);
    assert.ok(res.json().total_records >= 300);
  });

  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
    test(`${method}: 405 "Method Not Allowed. Use POST." with Allow: POST, before auth`, async () => {
      for (const url of ['/survey_api.php', '/survey_api']) {
        const res = await app.inject({ method, url });
        assert.deepEqual(assertClientError(res, 405), { success: false, error: 'Method Not Allowed. Use POST.' });
        assert.equal(res.headers.allow, 'POST');
        assert.equal(res.headers['access-control-allow-origin'], '*');
      }
    });
  }

  test('a malformed JSON body is a 400 in the error envelope, not a 500', async () => {
    assertClientError(
      await app.inject({
        method: 'POST',
        url: '/survey_api.php',
        headers: { ...surveyHeaders(), 'content-type': 'application/json' },
        payload: '{bad',
      }),
      400,
    );
  });
});

describe('survey_api with an injected rng and clock', () => {
  const NOW = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp({ rng: seededRng(42), now: () => NOW });
  });
  after(() => app.close());

  test('the output is pinned', async () => {
    const body = (await app.inject({ method: 'POST', url: '/survey_api.php', headers: surveyHeaders() })).json();
    checkBatch(body);
    assert.equal(body.total_records, 480);
    assert.equal(body.generated_at, '2030-01-02 03:04:05');
    assert.deepEqual(body.data.slice(0, 3), [
      { Name: 'Maverick', Surname: 'Ortiz', DOB: '1975-02-08' },
      { Name: 'Zita', Surname: 'Goodwin', DOB: '1959-10-16' },
      { Name: 'Muhammad', Surname: 'Kozey', DOB: '1984-12-26' },
    ]);
  });

  test('generated_at is the injected clock in UTC, cut (not rounded) to the second', async () => {
    const cases: [Date, string][] = [
      [new Date(Date.UTC(2030, 0, 2, 3, 4, 5)), '2030-01-02 03:04:05'],
      [new Date(Date.UTC(2029, 11, 31, 23, 59, 59, 999)), '2029-12-31 23:59:59'],
      [new Date('2031-06-30T23:30:00.500-05:00'), '2031-07-01 04:30:00'],
    ];
    for (const [at, expected] of cases) {
      const clocked = await buildTestApp({ now: () => at });
      try {
        const body = (
          await clocked.inject({ method: 'POST', url: '/survey_api.php', headers: surveyHeaders() })
        ).json();
        assert.equal(body.generated_at, expected, at.toISOString());
      } finally {
        await clocked.close();
      }
    }
  });

  test('the same seed in another app gives the same batch', async () => {
    const other = await buildTestApp({ rng: seededRng(7), now: () => NOW });
    const again = await buildTestApp({ rng: seededRng(7), now: () => NOW });
    try {
      const a = (await other.inject({ method: 'POST', url: '/survey_api.php', headers: surveyHeaders() })).body;
      const b = (await again.inject({ method: 'POST', url: '/survey_api', headers: surveyHeaders() })).body;
      assert.equal(a, b);
    } finally {
      await Promise.all([other.close(), again.close()]);
    }
  });

  test('rng at its bounds gives 300 and 600 records', async () => {
    for (const [value, count] of [
      [0, 300],
      [0.9999999999, 600],
    ] as const) {
      const edge = await buildTestApp({ rng: () => value, now: () => NOW });
      try {
        const body = (await edge.inject({ method: 'POST', url: '/survey_api.php', headers: surveyHeaders() })).json();
        checkBatch(body);
        assert.equal(body.total_records, count);
      } finally {
        await edge.close();
      }
    }
  });
});

// GET /apis/countries(.php): its envelope, filters, bounds and 4xx.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, assertClientError } from '../helpers/app.ts';

const REGIONS = ['Asia', 'Europe', 'Africa', 'Americas', 'Oceania'];

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string) => app.inject({ url });

describe('GET /apis/countries', () => {
  test('the full ISO 3166-1 list in the five regions, without Antarctica', async () => {
    for (const url of ['/apis/countries', '/apis/countries.php']) {
      const body = (await get(url)).json();
      assert.equal(body.success, true);
      assert.equal(body.count, body.data.length);
      assert.ok(body.count >= 240, `count ${body.count}`);
      const codes = new Set<string>();
      for (const c of body.data) {
        assert.deepEqual(Object.keys(c), ['code', 'name', 'region']);
        assert.match(c.code, /^[A-Z]{2}$/);
        assert.ok(REGIONS.includes(c.region), `${c.code}: ${c.region}`);
        codes.add(c.code);
      }
      assert.equal(codes.size, body.count, 'codes are unique');
      for (const r of REGIONS)
        assert.ok(
          body.data.some((c: { region: string }) => c.region === r),
          r,
        );
      for (const code of ['IN', 'US', 'GB', 'DE', 'JP', 'BR', 'AU', 'NG', 'ZA', 'FJ']) assert.ok(codes.has(code), code);
      assert.equal(codes.has('AQ'), false, 'Antarctica is left out');
      assert.equal(
        body.data.some((c: { name: string }) => /antarctic/i.test(c.name)),
        false,
      );
    }
  });

  for (const region of REGIONS) {
    test(`region=${region}, in any case, gives only that region`, async () => {
      const exact = (await get(`/apis/countries?region=${region}`)).json();
      assert.ok(exact.count > 0);
      assert.equal(exact.count, exact.data.length);
      assert.ok(exact.data.every((c: { region: string }) => c.region === region));
      for (const variant of [region.toLowerCase(), region.toUpperCase(), `%20${region}%20`]) {
        assert.deepEqual((await get(`/apis/countries?region=${variant}`)).json(), exact, variant);
      }
    });
  }

  test('the regions partition the full list', async () => {
    const all = (await get('/apis/countries')).json();
    let sum = 0;
    for (const r of REGIONS) sum += (await get(`/apis/countries?region=${r}`)).json().count;
    assert.equal(sum, all.count);
  });

  for (const region of ['Mars', 'Antarctic', 'Asia,Europe', 'Eur', '']) {
    test(`region=${JSON.stringify(region)}: 200 with an empty list`, async () => {
      const res = await get(`/apis/countries?region=${encodeURIComponent(region)}`);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { success: true, count: 0, data: [] });
    });
  }

  test('an overlong region is a 400, not a 500', async () => {
    assertClientError(await get(`/apis/countries?region=${'a'.repeat(5000)}`), 400);
  });
});

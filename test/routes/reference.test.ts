// users, countries, currency, products: the envelopes, filters, bounds and 4xx.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, assertClientError } from '../helpers/app.ts';
import { PRODUCTS, USERS } from '../../src/data/index.ts';

const REGIONS = ['Asia', 'Europe', 'Africa', 'Americas', 'Oceania'];
const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'AUD', 'CAD', 'JPY', 'AED', 'SGD', 'CHF'];

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string) => app.inject({ url });

describe('GET /apis/users', () => {
  test('without id: the list envelope of 10 users', async () => {
    for (const url of ['/apis/users', '/apis/users.php']) {
      const res = await get(url);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body), ['success', 'count', 'data']);
      assert.equal(body.success, true);
      assert.equal(body.count, 10);
      assert.equal(body.data.length, 10);
      assert.deepEqual(
        body.data.map((u: { id: number }) => u.id),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      );
      for (const u of body.data) {
        assert.deepEqual(Object.keys(u), ['id', 'name', 'email', 'role', 'city', 'joined']);
        assert.ok(['Admin', 'Manager', 'User'].includes(u.role), u.role);
        assert.match(u.email, /^[^@\s]+@[^@\s]+\.[a-z]+$/);
        assert.match(u.joined, /^\d{4}-\d{2}-\d{2}$/);
        assert.equal(new Date(`${u.joined}T00:00:00Z`).toISOString().slice(0, 10), u.joined);
        assert.ok(u.name.length > 0 && u.city.length > 0);
      }
    }
  });

  for (const id of [1, 5, 10]) {
    test(`id=${id}: {success:true, data:user}`, async () => {
      const res = await get(`/apis/users?id=${id}`);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { success: true, data: USERS[id - 1] });
    });
  }

  test('id with leading zeros is the same user', async () => {
    assert.deepEqual((await get('/apis/users.php?id=03')).json(), { success: true, data: USERS[2] });
  });

  for (const id of ['0', '11', '-1', '999999', '99999999999999999999']) {
    test(`id=${id}: 404 User not found.`, async () => {
      assert.deepEqual(assertClientError(await get(`/apis/users?id=${id}`), 404), {
        success: false,
        error: 'User not found.',
      });
    });
  }

  for (const id of ['x', '1.5', '', '1e1', 'true', '%FF']) {
    test(`id=${id}: 400 naming id`, async () => {
      const body = assertClientError(await get(`/apis/users?id=${id}`), 400);
      assert.match(String(body.error), /'id'/);
    });
  }
});

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

describe('GET /apis/currency', () => {
  test('defaults: 1 USD to INR', async () => {
    for (const url of ['/apis/currency', '/apis/currency.php']) {
      const body = (await get(url)).json();
      assert.deepEqual(Object.keys(body), [
        'success',
        'from',
        'to',
        'amount',
        'rate',
        'converted',
        'supported_currencies',
      ]);
      assert.equal(body.success, true);
      assert.equal(body.from, 'USD');
      assert.equal(body.to, 'INR');
      assert.equal(body.amount, 1);
      assert.equal(body.converted, body.rate);
      assert.deepEqual(body.supported_currencies, CURRENCIES);
    }
  });

  test('each default applies alone', async () => {
    assert.equal((await get('/apis/currency?to=EUR')).json().from, 'USD');
    assert.equal((await get('/apis/currency?from=EUR')).json().to, 'INR');
    assert.equal((await get('/apis/currency?from=EUR&to=GBP')).json().amount, 1);
  });

  for (const code of CURRENCIES) {
    test(`${code} -> ${code} has rate 1`, async () => {
      const body = (await get(`/apis/currency?from=${code}&to=${code}&amount=12.34`)).json();
      assert.equal(body.rate, 1);
      assert.equal(body.converted, 12.34);
    });
  }

  test('codes are case-insensitive and echoed upper-case', async () => {
    const lower = (await get('/apis/currency?from=eur&to=jpy&amount=10')).json();
    const upper = (await get('/apis/currency?from=EUR&to=JPY&amount=10')).json();
    assert.equal(lower.from, 'EUR');
    assert.equal(lower.to, 'JPY');
    assert.deepEqual(lower, upper);
  });

  test('every pair: converted is amount x rate rounded to 2 decimals, rates consistent both ways', async () => {
    for (const from of CURRENCIES) {
      for (const to of CURRENCIES) {
        const r = (await get(`/apis/currency?from=${from}&to=${to}&amount=123.45`)).json();
        const back = (await get(`/apis/currency?from=${to}&to=${from}`)).json();
        assert.ok(r.rate > 0);
        assert.ok(Math.abs(r.rate * back.rate - 1) < 2e-4, `${from}<->${to}`);
        assert.equal(r.converted, Math.round(r.amount * r.rate * 100 * (1 + Number.EPSILON)) / 100, `${from}->${to}`);
        assert.equal(Number(r.converted.toFixed(2)), r.converted, 'at most 2 decimals');
      }
    }
  });

  test('cross rate through USD: rate(a,c) = rate(a,USD) x rate(USD,c)', async () => {
    const rate = async (a: string, b: string) => (await get(`/apis/currency?from=${a}&to=${b}`)).json().rate as number;
    for (const [a, c] of [
      ['EUR', 'INR'],
      ['GBP', 'JPY'],
      ['AED', 'SGD'],
      ['CHF', 'AUD'],
    ] as const) {
      const direct = await rate(a, c);
      const via = (await rate(a, 'USD')) * (await rate('USD', c));
      assert.ok(Math.abs(via - direct) / direct < 2e-4, `${a}->${c}: ${direct} vs ${via}`);
    }
  });

  test('rounding: 2 decimals, half away from zero', async () => {
    assert.equal((await get('/apis/currency?from=USD&to=USD&amount=1.005')).json().converted, 1.01);
    assert.equal((await get('/apis/currency?from=USD&to=USD&amount=2.675')).json().converted, 2.68);
    assert.equal((await get('/apis/currency?from=USD&to=USD&amount=0.004')).json().converted, 0);
  });

  for (const [query, code] of [
    ['from=XYZ', 'XYZ'],
    ['to=xyz', 'XYZ'],
    ['from=BTC&to=USD', 'BTC'],
    ['from=usd&to=eurx', 'EURX'],
  ]) {
    test(`unsupported code (${query}): 400 "Currency '${code}' not supported."`, async () => {
      assert.deepEqual(assertClientError(await get(`/apis/currency?${query}`), 400), {
        success: false,
        error: `Currency '${code}' not supported.`,
      });
    });
  }

  for (const amount of ['-1', '-0.01', 'abc', '', 'Infinity', 'NaN', '1e400', '0x10', '1e308']) {
    test(`amount=${amount}: 400 naming amount`, async () => {
      const body = assertClientError(
        await get(`/apis/currency?from=USD&to=JPY&amount=${encodeURIComponent(amount)}`),
        400,
      );
      assert.match(String(body.error), /'amount'/);
    });
  }

  for (const [amount, value] of [
    ['0', 0],
    ['2.5', 2.5],
    ['1e3', 1000],
    ['.5', 0.5],
  ] as const) {
    test(`amount=${amount} is accepted as ${value}`, async () => {
      const res = await get(`/apis/currency?from=USD&to=EUR&amount=${amount}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().amount, value);
    });
  }
});

describe('GET /apis/products', () => {
  const categories = [...new Set(PRODUCTS.map((p) => p.category))];

  test('the catalogue holds at least 100 products in at least 6 categories', () => {
    assert.ok(PRODUCTS.length >= 100);
    assert.ok(categories.length >= 6);
  });

  test('defaults: page 1, 20 per page, total across all pages', async () => {
    for (const url of ['/apis/products', '/apis/products.php']) {
      const body = (await get(url)).json();
      assert.equal(body.success, true);
      assert.equal(body.page, 1);
      assert.equal(body.limit, 20);
      assert.equal(body.total, PRODUCTS.length);
      assert.equal(body.total_pages, Math.ceil(PRODUCTS.length / 20));
      assert.deepEqual(body.data, PRODUCTS.slice(0, 20));
      for (const p of body.data) {
        assert.deepEqual(Object.keys(p), ['sku', 'name', 'price', 'category', 'stock']);
        assert.ok(Number.isInteger(p.stock) && p.stock >= 0);
        assert.ok(typeof p.price === 'number' && p.price >= 0);
      }
    }
  });

  test('limit 50 is served as asked', async () => {
    const body = (await get('/apis/products?limit=50')).json();
    assert.equal(body.limit, 50);
    assert.equal(body.data.length, 50);
  });

  for (const limit of ['51', '1000', '9007199254740991']) {
    test(`limit ${limit} is served as 50`, async () => {
      const body = (await get(`/apis/products?limit=${limit}&page=2`)).json();
      assert.equal(body.limit, 50);
      assert.deepEqual(body.data, PRODUCTS.slice(50, 100));
    });
  }

  test('page 2 of 50 and the last page', async () => {
    const lastPage = Math.ceil(PRODUCTS.length / 50);
    assert.deepEqual((await get('/apis/products?page=2&limit=50')).json().data, PRODUCTS.slice(50, 100));
    const last = (await get(`/apis/products?page=${lastPage}&limit=50`)).json();
    assert.equal(last.total_pages, lastPage);
    assert.deepEqual(last.data, PRODUCTS.slice((lastPage - 1) * 50));
    assert.ok(last.data.length > 0);
  });

  for (const page of ['past', '1000', '9007199254740991']) {
    test(`a page past the last (${page}): 200 with an empty data`, async () => {
      const n = page === 'past' ? Math.ceil(PRODUCTS.length / 20) + 1 : Number(page);
      const res = await get(`/apis/products?page=${n}`);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(body.data, []);
      assert.equal(body.total, PRODUCTS.length);
      assert.equal(body.page, n);
    });
  }

  test('category matches case-insensitively and total counts the matches', async () => {
    for (const category of categories) {
      const matching = PRODUCTS.filter((p) => p.category === category);
      for (const variant of [category, category.toLowerCase(), category.toUpperCase()]) {
        const body = (await get(`/apis/products?category=${encodeURIComponent(variant)}&limit=50`)).json();
        assert.equal(body.total, matching.length, variant);
        assert.equal(body.total_pages, Math.ceil(matching.length / 50));
        assert.deepEqual(body.data, matching.slice(0, 50));
      }
    }
  });

  test('category with paging: page 2 of size 5', async () => {
    const category = categories[0]!;
    const matching = PRODUCTS.filter((p) => p.category === category);
    const body = (await get(`/apis/products?category=${encodeURIComponent(category)}&page=2&limit=5`)).json();
    assert.deepEqual(body.data, matching.slice(5, 10));
    assert.equal(body.total, matching.length);
  });

  test('an unknown category: 200, total 0, empty data', async () => {
    const body = (await get('/apis/products?category=Spaceships')).json();
    assert.equal(body.total, 0);
    assert.deepEqual(body.data, []);
  });

  for (const [param, value] of [
    ['page', '0'],
    ['page', '-1'],
    ['page', 'abc'],
    ['page', '1.5'],
    ['page', ''],
    ['limit', '0'],
    ['limit', '-5'],
    ['limit', 'ten'],
    ['limit', '2.0'],
    ['limit', '1e2'],
    ['page', '99999999999999999999'],
  ]) {
    test(`${param}=${value}: 400 naming ${param}`, async () => {
      const body = assertClientError(await get(`/apis/products?${param}=${value}`), 400);
      assert.match(String(body.error), new RegExp(`'${param}'`));
    });
  }
});

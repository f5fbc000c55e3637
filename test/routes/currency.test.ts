// GET /apis/currency(.php): its envelope, filters, bounds and 4xx.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, assertClientError } from '../helpers/app.ts';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'AUD', 'CAD', 'JPY', 'AED', 'SGD', 'CHF'];

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string) => app.inject({ url });

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

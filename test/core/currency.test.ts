import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { convert, crossRate, round } from '../../src/core/currency.ts';
import { SUPPORTED_CURRENCIES, UNITS_PER_USD } from '../../src/data/rates.ts';
import { AppError } from '../../src/errors.ts';

function rejects400(fn: () => unknown, message: string | RegExp) {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof AppError);
    assert.equal(err.statusCode, 400);
    if (typeof message === 'string') assert.equal(err.message, message);
    else assert.match(err.message, message);
    return true;
  });
}

describe('round (half away from zero, 2 decimals)', () => {
  const cases: [number, number][] = [
    [1.005, 1.01],
    [2.675, 2.68],
    [1.004, 1],
    [1.234, 1.23],
    [0.125, 0.13],
    [-1.005, -1.01],
    [83.25, 83.25],
    [0, 0],
    [1e-9, 0],
    [123456789.125, 123456789.13],
    [1e300, 1e300],
    [Number.MAX_VALUE, Number.MAX_VALUE],
  ];
  for (const [value, expected] of cases) test(`${value} -> ${expected}`, () => assert.equal(round(value, 2), expected));
});

describe('convert', () => {
  test('defaults: 1 USD to INR', () => {
    assert.deepEqual(convert(), {
      success: true,
      from: 'USD',
      to: 'INR',
      amount: 1,
      rate: 83.25,
      converted: 83.25,
      supported_currencies: ['USD', 'EUR', 'GBP', 'INR', 'AUD', 'CAD', 'JPY', 'AED', 'SGD', 'CHF'],
    });
  });

  test('codes are case-insensitive and echoed upper-case', () => {
    const r = convert('eur', 'gBp', '10');
    assert.equal(r.from, 'EUR');
    assert.equal(r.to, 'GBP');
    assert.equal(r.rate, crossRate('EUR', 'GBP'));
  });

  for (const code of SUPPORTED_CURRENCIES) {
    test(`${code} to itself has rate 1`, () => {
      const r = convert(code, code.toLowerCase(), '12.34');
      assert.equal(r.rate, 1);
      assert.equal(r.converted, 12.34);
    });
  }

  test('every cross rate is the fixed table ratio, rounded to 6 decimals', () => {
    for (const a of SUPPORTED_CURRENCIES) {
      for (const b of SUPPORTED_CURRENCIES) {
        const exact = UNITS_PER_USD[b] / UNITS_PER_USD[a];
        assert.ok(Math.abs(crossRate(a, b) - exact) <= 5e-7 + 1e-12, `${a}->${b}`);
      }
    }
  });

  test('cross rates are consistent: a->b->a is 1 and a->b->c is a->c (within the 6-decimal rounding)', () => {
    for (const a of SUPPORTED_CURRENCIES) {
      for (const b of SUPPORTED_CURRENCIES) {
        assert.ok(Math.abs(crossRate(a, b) * crossRate(b, a) - 1) < 2e-4, `${a}<->${b}`);
        for (const c of SUPPORTED_CURRENCIES) {
          const direct = crossRate(a, c);
          const via = crossRate(a, b) * crossRate(b, c);
          assert.ok(Math.abs(via - direct) / direct < 2e-4, `${a}->${b}->${c}`);
        }
      }
    }
  });

  test('converted is amount x rate rounded to 2 decimals', () => {
    for (const [from, to, amount] of [
      ['USD', 'EUR', '100'],
      ['JPY', 'INR', '1234.5'],
      ['GBP', 'JPY', '0.07'],
      ['AED', 'CHF', '999999.99'],
    ] as const) {
      const r = convert(from, to, amount);
      assert.equal(r.converted, round(Number(amount) * r.rate, 2), `${from}->${to}`);
      assert.equal(Math.round(r.converted * 100) / 100, r.converted);
    }
  });

  const amounts: [string, number][] = [
    ['0', 0],
    ['2.5', 2.5],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    [' 7 ', 7],
    ['+3', 3],
  ];
  for (const [raw, amount] of amounts)
    test(`amount ${JSON.stringify(raw)} is ${amount}`, () => assert.equal(convert('USD', 'USD', raw).amount, amount));

  test('an unsupported code is named upper-case', () =>
    rejects400(() => convert('xyz'), "Currency 'XYZ' not supported."));
  test('an unsupported target is named', () =>
    rejects400(() => convert('USD', 'btc'), "Currency 'BTC' not supported."));
  test('an empty code is unsupported', () => rejects400(() => convert(''), "Currency '' not supported."));
  test('a long code is cut in the message', () =>
    rejects400(() => convert('A'.repeat(100)), `Currency '${'A'.repeat(16)}' not supported.`));

  for (const raw of ['-1', '-0.01', 'abc', '', 'Infinity', '-Infinity', 'NaN', '1e400', '0x10', '1,000', '1 000']) {
    test(`amount ${JSON.stringify(raw)} is a 400 naming amount`, () =>
      rejects400(() => convert('USD', 'INR', raw), /'amount'/));
  }

  test('an amount whose conversion overflows is a 400, never converted:null', () => {
    rejects400(() => convert('USD', 'JPY', '1e308'), /'amount'/);
    assert.equal(convert('USD', 'USD', '1e308').converted, 1e308);
  });
  test('keeps small cross rates precise enough for large amounts', () => {
    assert.equal(convert('JPY', 'GBP', '1000000').converted, 5284.28);
    assert.equal(convert('JPY', 'GBP', '1000000').rate, 0.005284280936);
  });
});

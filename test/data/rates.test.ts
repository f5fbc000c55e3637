import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SUPPORTED_CURRENCIES, UNITS_PER_USD } from '../../src/data/rates.ts';

describe('the rate table', () => {
  const cases: [string, () => void][] = [
    [
      'lists ten currencies, each once',
      () => {
        assert.equal(SUPPORTED_CURRENCIES.length, 10);
        assert.equal(new Set(SUPPORTED_CURRENCIES).size, 10);
      },
    ],
    [
      'has one rate per supported currency and no other',
      () => {
        assert.deepEqual(Object.keys(UNITS_PER_USD).sort(), [...SUPPORTED_CURRENCIES].sort());
      },
    ],
    [
      'is expressed per 1 USD (USD is 1)',
      () => {
        assert.equal(UNITS_PER_USD.USD, 1);
      },
    ],
    [
      'holds only positive finite rates',
      () => {
        const bad = Object.entries(UNITS_PER_USD).filter(([, r]) => !(Number.isFinite(r) && r > 0));
        assert.deepEqual(bad, []);
      },
    ],
  ];
  for (const [name, check] of cases) test(name, check);
});

describe('fixed rates per 1 USD', () => {
  const cases: [(typeof SUPPORTED_CURRENCIES)[number], number][] = [
    ['EUR', 0.92],
    ['GBP', 0.79],
    ['INR', 83.25],
    ['JPY', 149.5],
    ['AED', 3.6725],
  ];
  for (const [currency, rate] of cases) {
    test(currency, () => {
      assert.equal(UNITS_PER_USD[currency], rate);
    });
  }
});

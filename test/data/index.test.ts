// The reference data, as validated when the module loads.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from 'typebox/value';
import { COUNTRIES, Country, PRODUCTS, Product, REGIONS, User, USERS } from '../../src/data/index.ts';

describe('users', () => {
  const cases: [string, () => void][] = [
    [
      'ids 1 to 10 in order',
      () =>
        assert.deepEqual(
          USERS.map((u) => u.id),
          [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        ),
    ],
    ['each matches the schema', () => assert.ok(USERS.every((u) => Value.Check(User, u)))],
    ['the schema refuses an id past 10', () => assert.equal(Value.Check(User, { ...USERS[0], id: 11 }), false)],
    ['the schema refuses another role', () => assert.equal(Value.Check(User, { ...USERS[0], role: 'Root' }), false)],
    [
      'the schema refuses a date that is not YYYY-MM-DD',
      () => assert.equal(Value.Check(User, { ...USERS[0], joined: '1/2/2020' }), false),
    ],
  ];
  for (const [name, check] of cases) test(name, check);
});

describe('products', () => {
  const cases: [string, () => void][] = [
    ['some', () => assert.ok(PRODUCTS.length > 0)],
    ['unique SKUs', () => assert.equal(new Set(PRODUCTS.map((p) => p.sku)).size, PRODUCTS.length)],
    ['each matches the schema', () => assert.ok(PRODUCTS.every((p) => Value.Check(Product, p)))],
    [
      'the schema refuses a negative price',
      () => assert.equal(Value.Check(Product, { ...PRODUCTS[0], price: -1 }), false),
    ],
    [
      'the schema refuses a fractional stock',
      () => assert.equal(Value.Check(Product, { ...PRODUCTS[0], stock: 1.5 }), false),
    ],
  ];
  for (const [name, check] of cases) test(name, check);
});

describe('countries', () => {
  const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));
  const cases: [string, () => void][] = [
    [
      'about the ISO 3166-1 count (less Antarctica and the southern islands)',
      () => assert.ok(COUNTRIES.length > 230 && COUNTRIES.length < 250, String(COUNTRIES.length)),
    ],
    ['unique codes', () => assert.equal(byCode.size, COUNTRIES.length)],
    ['each matches the schema', () => assert.ok(COUNTRIES.every((c) => Value.Check(Country, c)))],
    [
      'only the five regions',
      () => assert.deepEqual([...new Set(COUNTRIES.map((c) => c.region))].sort(), [...REGIONS].sort()),
    ],
    [
      'sorted by English name',
      () => {
        const names = COUNTRIES.map((c) => c.name);
        assert.deepEqual(
          names,
          [...names].sort((a, b) => a.localeCompare(b, 'en')),
        );
      },
    ],
    ['India is in Asia', () => assert.deepEqual(byCode.get('IN'), { code: 'IN', name: 'India', region: 'Asia' })],
    ['Kosovo (XK) is left out', () => assert.equal(byCode.has('XK'), false)],
    ['Antarctica (AQ) is left out', () => assert.equal(byCode.has('AQ'), false)],
  ];
  for (const [name, check] of cases) test(name, check);
});

// GET /apis/products(.php): its envelope, filters, bounds and 4xx.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, assertClientError } from '../helpers/app.ts';
import { PRODUCTS } from '../../src/data/index.ts';

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string) => app.inject({ url });

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

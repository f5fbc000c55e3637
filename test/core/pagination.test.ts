import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { paginate, DEFAULT_LIMIT, MAX_LIMIT } from '../../src/core/pagination.ts';

const items = Array.from({ length: 120 }, (_, i) => i + 1);

describe('paginate', () => {
  test('defaults: page 1, limit 20', () => {
    assert.equal(DEFAULT_LIMIT, 20);
    assert.equal(MAX_LIMIT, 50);
    const p = paginate(items);
    assert.deepEqual({ ...p, data: undefined }, { page: 1, limit: 20, total: 120, total_pages: 6, data: undefined });
    assert.deepEqual(p.data, items.slice(0, 20));
  });

  const cases: {
    name: string;
    page: number;
    limit: number;
    expect: { limit: number; total_pages: number; first?: number; length: number };
  }[] = [
    { name: 'limit 50 is allowed', page: 1, limit: 50, expect: { limit: 50, total_pages: 3, first: 1, length: 50 } },
    {
      name: 'limit 51 is served as 50',
      page: 1,
      limit: 51,
      expect: { limit: 50, total_pages: 3, first: 1, length: 50 },
    },
    {
      name: 'a huge limit is served as 50',
      page: 2,
      limit: 1_000_000,
      expect: { limit: 50, total_pages: 3, first: 51, length: 50 },
    },
    { name: 'page 2 of 50', page: 2, limit: 50, expect: { limit: 50, total_pages: 3, first: 51, length: 50 } },
    {
      name: 'the last page is partial',
      page: 3,
      limit: 50,
      expect: { limit: 50, total_pages: 3, first: 101, length: 20 },
    },
    { name: 'the page past the last is empty', page: 4, limit: 50, expect: { limit: 50, total_pages: 3, length: 0 } },
    { name: 'a far page is empty', page: 1_000_000, limit: 20, expect: { limit: 20, total_pages: 6, length: 0 } },
    { name: 'limit 1', page: 120, limit: 1, expect: { limit: 1, total_pages: 120, first: 120, length: 1 } },
    {
      name: 'limit that divides exactly',
      page: 6,
      limit: 20,
      expect: { limit: 20, total_pages: 6, first: 101, length: 20 },
    },
    {
      name: 'limit that does not divide',
      page: 3,
      limit: 7,
      expect: { limit: 7, total_pages: 18, first: 15, length: 7 },
    },
  ];
  for (const { name, page, limit, expect } of cases) {
    test(name, () => {
      const p = paginate(items, page, limit);
      assert.equal(p.page, page);
      assert.equal(p.limit, expect.limit);
      assert.equal(p.total, 120);
      assert.equal(p.total_pages, expect.total_pages);
      assert.equal(p.data.length, expect.length);
      if (expect.first !== undefined) assert.equal(p.data[0], expect.first);
    });
  }

  test('an empty list gives zero pages and no data', () => {
    assert.deepEqual(paginate([], 1, 20), { page: 1, limit: 20, total: 0, total_pages: 0, data: [] });
  });

  test('the input is not modified', () => {
    const copy = [...items];
    paginate(items, 2, 10);
    assert.deepEqual(items, copy);
  });
});

// The search service's header table, read through readHeaders as the routes read it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SEARCH_HEADERS } from '../../src/schemas/search-headers.ts';
import { readHeaders } from '../../src/http/header-table.ts';
import { AppError } from '../../src/errors.ts';

const valid = {
  cloudaisearchendpoint: 'https://svc.search.windows.net',
  cloudaisearchkey: 'admin-key',
  indexname: 'pdf-chunks',
};

describe('the rules', () => {
  const cases: [keyof typeof SEARCH_HEADERS, string, boolean, number][] = [
    ['endpoint', 'cloudAISearchEndpoint', true, 2048],
    ['key', 'cloudAISearchKey', true, 512],
    ['indexName', 'indexName', true, 128],
  ];
  for (const [key, wire, required, maxLength] of cases) {
    test(key, () => {
      const rule = SEARCH_HEADERS[key];
      assert.deepEqual([rule.wire, rule.required, rule.maxLength], [wire, required, maxLength]);
    });
  }
});

describe('accepted', () => {
  const cases: [string, Record<string, string>, { endpoint: string; key: string; indexName: string }][] = [
    ['the three headers', valid, { endpoint: valid.cloudaisearchendpoint, key: 'admin-key', indexName: 'pdf-chunks' }],
    [
      'trimmed',
      { ...valid, indexname: '  idx_1  ' },
      { endpoint: valid.cloudaisearchendpoint, key: 'admin-key', indexName: 'idx_1' },
    ],
    [
      'the shortest index name',
      { ...valid, indexname: 'a1' },
      { endpoint: valid.cloudaisearchendpoint, key: 'admin-key', indexName: 'a1' },
    ],
    [
      'the longest index name',
      { ...valid, indexname: 'a'.repeat(128) },
      { endpoint: valid.cloudaisearchendpoint, key: 'admin-key', indexName: 'a'.repeat(128) },
    ],
  ];
  for (const [name, headers, want] of cases) {
    test(name, () => assert.deepEqual(readHeaders(SEARCH_HEADERS, headers), want));
  }
});

describe('refused with a 400 naming the header', () => {
  const cases: [string, Record<string, string>, string, RegExp][] = [
    ['no endpoint', { ...valid, cloudaisearchendpoint: '' }, 'header_required', /cloudAISearchEndpoint/],
    [
      'an endpoint with a space',
      { ...valid, cloudaisearchendpoint: 'https://a b' },
      'header_not_printable',
      /cloudAISearchEndpoint/,
    ],
    [
      'an endpoint over 2048 characters',
      { ...valid, cloudaisearchendpoint: `https://${'a'.repeat(2041)}` },
      'header_too_long',
      /cloudAISearchEndpoint/,
    ],
    [
      'no key',
      { cloudaisearchendpoint: valid.cloudaisearchendpoint, indexname: 'x1' },
      'header_required',
      /cloudAISearchKey/,
    ],
    [
      'a key over 512 characters',
      { ...valid, cloudaisearchkey: 'k'.repeat(513) },
      'header_too_long',
      /cloudAISearchKey/,
    ],
    ['no index name', { ...valid, indexname: ' ' }, 'header_required', /indexName/],
    [
      'an index name in capitals',
      { ...valid, indexname: 'PDF' },
      'invalid_index_name_header',
      /^Header indexName may hold only lowercase/,
    ],
    [
      'a one-character index name',
      { ...valid, indexname: 'a' },
      'invalid_index_name_header',
      /^Header indexName must be 2 to 128 characters\.$/,
    ],
    [
      'an index name starting with a dash',
      { ...valid, indexname: '-ab' },
      'invalid_index_name_header',
      /must start with a letter or digit/,
    ],
    [
      'two underscores in a row',
      { ...valid, indexname: 'a__b' },
      'invalid_index_name_header',
      /two dashes or underscores/,
    ],
    ['an index name with a space', { ...valid, indexname: 'a b' }, 'header_not_printable', /indexName/],
    ['an index name over 128 characters', { ...valid, indexname: 'a'.repeat(129) }, 'header_too_long', /indexName/],
  ];
  for (const [name, headers, code, message] of cases) {
    test(name, () => {
      assert.throws(
        () => readHeaders(SEARCH_HEADERS, headers),
        (err: unknown) => {
          assert.ok(err instanceof AppError, String(err));
          assert.equal(err.statusCode, 400);
          assert.equal(err.code, code);
          assert.match(err.message, message);
          return true;
        },
      );
    });
  }
});

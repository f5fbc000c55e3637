// The index the chunk payload fits: its fields are the keys of one chunk document, less
// @search.action, with page_start and page_end only when asked.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { documentJsons } from '../../src/documents/payload.ts';

const ids = { tenantId: '7', documentId: '42', sourceName: 's' };
const payloadKeys = (pageNumbers: boolean) =>
  Object.keys(
    JSON.parse(
      documentJsons([{ section: 'a', content: 'b', pageStart: 1, pageEnd: 1 }], ids, [[0.1]], {
        pageNumbers,
      })[0]!.toString(),
    ) as object,
  ).filter((k) => k !== '@search.action');

describe('the fields are the payload keys', () => {
  const cases: [string, boolean][] = [
    ['without page numbers', false],
    ['with page numbers', true],
  ];
  for (const [name, pageNumbers] of cases) {
    test(name, () => {
      const def = indexDefinition('pdf-chunks', { pageNumbers });
      assert.deepEqual(
        def.fields.map((f) => f.name),
        payloadKeys(pageNumbers),
      );
    });
  }
});

type Field = ReturnType<typeof indexDefinition>['fields'][number];
describe('field types and roles', () => {
  const def = indexDefinition('x1', { pageNumbers: true });
  const field = (name: string) => def.fields.find((f) => f.name === name) as Field & Record<string, unknown>;
  const cases: [string, Record<string, unknown>][] = [
    ['id', { type: 'Edm.String', key: true, filterable: true }],
    ['tenant_id', { type: 'Edm.Int64', filterable: true }],
    ['document_id', { type: 'Edm.Int64', filterable: true }],
    ['sourceName', { type: 'Edm.String', searchable: true }],
    ['section', { type: 'Edm.String', searchable: true }],
    ['content', { type: 'Edm.String', searchable: true, analyzer: 'standard.lucene' }],
    ['page_start', { type: 'Edm.Int32', filterable: true }],
    ['page_end', { type: 'Edm.Int32', filterable: true }],
    ['embedding', { type: 'Collection(Edm.Single)', dimensions: 1536, vectorSearchProfile: 'chunk-vector-profile' }],
  ];
  for (const [name, want] of cases) {
    test(name, () => {
      const f = field(name);
      assert.ok(f, name);
      assert.deepEqual(Object.fromEntries(Object.keys(want).map((k) => [k, f[k]])), want);
    });
  }
});

describe('the index', () => {
  const cases: [string, () => void][] = [
    ['carries the name it is given', () => assert.equal(indexDefinition('my-index').name, 'my-index')],
    [
      'has exactly one key field',
      () => assert.equal(indexDefinition('x1').fields.filter((f) => 'key' in f && f.key).length, 1),
    ],
    [
      "the embedding's profile exists, and names an algorithm that exists",
      () => {
        const { vectorSearch } = indexDefinition('x1');
        const profile = vectorSearch.profiles.find((p) => p.name === 'chunk-vector-profile');
        assert.ok(profile);
        assert.ok(vectorSearch.algorithms.some((a) => a.name === profile.algorithm));
      },
    ],
    [
      'two calls do not share objects',
      () => assert.notEqual(indexDefinition('a1').fields, indexDefinition('a1').fields),
    ],
  ];
  for (const [name, check] of cases) test(name, check);
});

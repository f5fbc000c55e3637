import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPayload, chunkId, MAX_BATCH_BYTES, packBatches, SAFE_BATCH_BYTES } from '../../src/documents/payload.ts';
import { parseInt64 } from '../../src/core/int64.ts';

describe('chunkId', () => {
  const cases: [string, string, number, string][] = [
    ['7', '42', 0, '7-42-0000'],
    ['7', '42', 9999, '7-42-9999'],
    ['7', '42', 10000, '7-42-10000'],
    ['-3', '42', 5, '-3-42-0005'],
  ];
  for (const [t, d, i, id] of cases) test(id, () => assert.equal(chunkId(t, d, i), id));
});

describe('packBatches: how many calls, under 1000 actions and the 12 MiB margin', () => {
  const cases: [string, number[], number][] = [
    ['no documents', [], 0],
    ['one small document', [100], 1],
    ['1000 documents', Array(1000).fill(100), 1],
    ['1001 documents', Array(1001).fill(100), 2],
    ['2500 documents', Array(2500).fill(100), 3],
    ['two halves of 16 MB', [MAX_BATCH_BYTES / 2, MAX_BATCH_BYTES / 2], 2],
    ['600 embedded chunks of 30 KB', Array(600).fill(30_000), 2],
    ['one document over 16 MB still takes one call', [MAX_BATCH_BYTES + 1], 1],
    [
      '500 embedded chunks of 30 KB (15 MB, under 16 MiB): two calls, packed to the 12 MiB margin',
      Array(500).fill(30_000),
      2,
    ],
    ['two halves of the 12 MiB margin', [SAFE_BATCH_BYTES / 2, SAFE_BATCH_BYTES / 2], 2],
  ];
  for (const [name, sizes, n] of cases) test(name, () => assert.equal(packBatches(sizes).length, n));
});

describe('packBatches: the ranges, in order, under given bounds', () => {
  const cases: { name: string; sizes: number[]; maxDocs: number; maxBytes: number; want: [number, number][] }[] = [
    { name: 'none', sizes: [], maxDocs: 3, maxBytes: 100, want: [] },
    {
      name: 'cut by the count',
      sizes: [10, 10, 10, 10],
      maxDocs: 3,
      maxBytes: 1000,
      want: [
        [0, 3],
        [3, 4],
      ],
    },
    {
      name: 'cut by the bytes (envelope and commas counted)',
      sizes: [40, 40, 40],
      maxDocs: 10,
      maxBytes: 12 + 40 + 1 + 40,
      want: [
        [0, 2],
        [2, 3],
      ],
    },
    {
      name: 'one byte over: cut one earlier',
      sizes: [40, 40, 40],
      maxDocs: 10,
      maxBytes: 12 + 40 + 1 + 40 - 1,
      want: [
        [0, 1],
        [1, 2],
        [2, 3],
      ],
    },
    { name: 'a document over the bound alone', sizes: [500], maxDocs: 10, maxBytes: 100, want: [[0, 1]] },
  ];
  for (const c of cases) test(c.name, () => assert.deepEqual(packBatches(c.sizes, c.maxDocs, c.maxBytes), c.want));
});

describe('buildPayload', () => {
  test('writes Int64 digits exactly and only the eight fields', () => {
    const { json, batches } = buildPayload(
      [
        { section: 'S "1"', content: 'a\nb' },
        { section: '', content: 'c' },
      ],
      { tenantId: '-9223372036854775808', documentId: '9007199254740993', sourceName: 'ü.pdf' },
      [
        [0.5, -1],
        [1e-7, 2],
      ],
    );
    const text = json.toString('utf8');
    assert.equal(batches, 1);
    assert.ok(text.includes('"tenant_id":-9223372036854775808,"document_id":9007199254740993,'));
    const parsed = JSON.parse(text) as { value: Record<string, unknown>[] };
    assert.deepEqual(parsed.value[0], {
      '@search.action': 'upload',
      id: '-9223372036854775808-9007199254740993-0000',
      tenant_id: Number('-9223372036854775808'),
      document_id: Number('9007199254740993'),
      sourceName: 'ü.pdf',
      section: 'S "1"',
      content: 'a\nb',
      embedding: [0.5, -1],
    });
    assert.deepEqual(parsed.value[1]!.embedding, [1e-7, 2]);
  });

  test('writes a Float64Array vector as a JSON array, digit for digit as JSON.stringify', () => {
    const values = [0.1, -0.0128, 1e-7, -2.5e-10, 0.30000000000000004, 1, -0];
    const text = buildPayload([{ section: '', content: 'x' }], { tenantId: '1', documentId: '2', sourceName: 's' }, [
      Float64Array.from(values),
    ]).json.toString();
    assert.ok(text.endsWith(`"embedding":${JSON.stringify(values)}}]}`), text);
  });

  test('writes [] without vectors', () => {
    const text = buildPayload([{ section: '', content: 'x' }], {
      tenantId: '1',
      documentId: '2',
      sourceName: 's',
    }).json.toString();
    assert.ok(text.endsWith('"embedding":[]}]}'));
  });
});

describe('buildPayload with page numbers', () => {
  const ids = { tenantId: '1', documentId: '2', sourceName: 's' };
  const cases: [string, { pageStart?: number; pageEnd?: number }, boolean, string | undefined][] = [
    [
      'asked, a chunk with pages',
      { pageStart: 3, pageEnd: 4 },
      true,
      '"content":"x","page_start":3,"page_end":4,"embedding":[]',
    ],
    [
      'asked, a chunk without pages (a format without pages)',
      {},
      true,
      '"content":"x","page_start":null,"page_end":null,"embedding":[]',
    ],
    ['not asked, a chunk with pages', { pageStart: 3, pageEnd: 4 }, false, undefined],
    ['not asked, a chunk without pages', {}, false, undefined],
  ];
  for (const [name, pages, asked, want] of cases) {
    test(name, () => {
      const text = buildPayload([{ section: '', content: 'x', ...pages }], ids, undefined, {
        pageNumbers: asked,
      }).json.toString();
      const doc = (JSON.parse(text) as { value: Record<string, unknown>[] }).value[0]!;
      if (want) assert.ok(text.includes(want), text);
      else
        assert.deepEqual(Object.keys(doc), [
          '@search.action',
          'id',
          'tenant_id',
          'document_id',
          'sourceName',
          'section',
          'content',
          'embedding',
        ]);
    });
  }
});

describe('parseInt64', () => {
  const ok: [string, string][] = [
    ['0', '0'],
    ['42', '42'],
    ['-5', '-5'],
    [' 7 ', '7'],
    ['9223372036854775807', '9223372036854775807'],
    ['-9223372036854775808', '-9223372036854775808'],
  ];
  for (const [raw, digits] of ok)
    test(`accepts ${JSON.stringify(raw)}`, () => assert.equal(parseInt64('x', raw), digits));
  const bad = [
    '',
    '-0',
    '007',
    '+5',
    '1e3',
    '0x10',
    '1.0',
    'abc',
    '9223372036854775808',
    '-9223372036854775809',
    '1'.repeat(25),
    '٣',
  ];
  for (const raw of bad)
    test(`refuses ${JSON.stringify(raw)}`, () => assert.throws(() => parseInt64('x', raw), { statusCode: 400 }));
});

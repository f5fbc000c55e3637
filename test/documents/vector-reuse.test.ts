import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { contentHash, keysFilter, planReuse, usableVector } from '../../src/documents/vector-reuse.ts';

test('contentHash: SHA-256 of the UTF-8 text, so equal keys are equal texts', () => {
  assert.equal(
    contentHash('é'),
    createHash('sha256')
      .update(Buffer.from([0xc3, 0xa9]))
      .digest('hex'),
  );
  assert.notEqual(contentHash('a b'), contentHash('a  b'), 'one space more is another text');
  assert.notEqual(contentHash('Chunk'), contentHash('chunk'));
});

const planCases: [string, string[], Record<string, unknown>[], (string | undefined)[], string[]][] = [
  ['nothing stored: every chunk embedded', ['a', 'b'], [], [undefined, undefined], []],
  [
    'same texts under other keys (a paragraph inserted shifted them): reused by text',
    ['x', 'a', 'b'],
    [
      { id: '7-42-0000', content: 'a' },
      { id: '7-42-0001', content: 'b' },
    ],
    [undefined, '7-42-0000', '7-42-0001'],
    ['7-42-0000', '7-42-0001'],
  ],
  [
    'a text that differs by one character is embedded',
    ['a.', 'b'],
    [
      { id: '7-42-0000', content: 'a' },
      { id: '7-42-0001', content: 'b' },
    ],
    [undefined, '7-42-0001'],
    ['7-42-0001'],
  ],
  [
    'two new chunks with one text share one stored key, fetched once',
    ['a', 'a'],
    [
      { id: '7-42-0003', content: 'a' },
      { id: '7-42-0009', content: 'a' },
    ],
    ['7-42-0003', '7-42-0003'],
    ['7-42-0003'],
  ],
  [
    'hits without a string id or content, or with a key a filter cannot name, are ignored',
    ['a', 'b', 'c'],
    [
      { id: 7, content: 'a' },
      { id: '7-42-0001', content: null },
      { id: "7-42-0002',x", content: 'c' },
    ],
    [undefined, undefined, undefined],
    [],
  ],
];
for (const [name, texts, stored, source, keys] of planCases) {
  test(`planReuse: ${name}`, () => assert.deepEqual(planReuse(texts, stored), { source, keys }));
}

const vector = (n: number, v = 0.5) => Array.from({ length: n }, () => v);
const vectorCases: [string, unknown, boolean][] = [
  ['1536 finite numbers', vector(1536), true],
  ['[] (a chunk indexed without embedding)', [], false],
  ['null (the field was empty)', null, false],
  ['3072 numbers (another model)', vector(3072), false],
  ['a value that is not a number', [...vector(1535), '1'], false],
  ['a value that is not finite', [...vector(1535), null], false],
];
for (const [name, v, ok] of vectorCases) {
  test(`usableVector: ${name}`, () => {
    const got = usableVector(v);
    assert.equal(got !== undefined, ok);
    if (got) assert.deepEqual([...got], v);
  });
}

test('keysFilter: the keys within the document filter, never beyond it', () => {
  assert.equal(
    keysFilter('document_id eq 42 and tenant_id eq 7', ['7-42-0000', '7-42-0001']),
    "document_id eq 42 and tenant_id eq 7 and search.in(id, '7-42-0000,7-42-0001', ',')",
  );
});

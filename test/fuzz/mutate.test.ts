// The mutations, one case each: what each does to a known document, and that plans replay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mutate, planFor, planArbitrary, type Mutation, type FuzzFormat } from './mutate.ts';

const doc = new TextEncoder().encode('0123456789');
const str = (b: Uint8Array) => new TextDecoder().decode(b);

const cases: [string, Mutation[], FuzzFormat, string][] = [
  ['flip bit 0 of byte 0', [{ op: 'flip', at: 0, bit: 0 }], 'text', '1123456789'],
  ['flip bit 1 of the last byte', [{ op: 'flip', at: 0.99, bit: 1 }], 'text', '012345678;'],
  ['delete 3 bytes at 20 %', [{ op: 'delete', at: 0.2, len: 3 }], 'text', '0156789'],
  ['delete past the end', [{ op: 'delete', at: 0.8, len: 100 }], 'text', '01234567'],
  ['duplicate 2 bytes from 0 at 50 %', [{ op: 'duplicate', at: 0, len: 2, to: 0.5 }], 'text', '012340156789'],
  ['overwrite 2 bytes at 0 with those at 80 %', [{ op: 'overwrite', at: 0, len: 2, from: 0.8 }], 'text', '8923456789'],
  [
    'overwrite near the end stays in the document',
    [{ op: 'overwrite', at: 0.9, len: 5, from: 0 }],
    'text',
    '0123456780',
  ],
  ['truncate at 30 %', [{ op: 'truncate', at: 0.3 }], 'text', '012'],
  [
    'two mutations in turn',
    [
      { op: 'truncate', at: 0.5 },
      { op: 'delete', at: 0, len: 1 },
    ],
    'text',
    '1234',
  ],
];
for (const [name, plan, format, want] of cases) {
  test(`mutate: ${name}`, () => {
    assert.equal(str(mutate(doc, plan, format)), want);
  });
}

test('mutate: the input is never changed, and an empty document stays empty', () => {
  const input = doc.slice();
  mutate(input, [{ op: 'flip', at: 0.5, bit: 3 }], 'pdf');
  assert.deepEqual(input, doc);
  assert.equal(mutate(new Uint8Array(0), [{ op: 'flip', at: 0.5, bit: 3 }], 'pdf').length, 0);
});

test('mutate: a text keyword swap takes the nth occurrence in document order', () => {
  // '. ' at 1, then ' ' at 2: the first is replaced by keyword 0, a paragraph break.
  assert.equal(str(mutate(new TextEncoder().encode('a. b'), [{ op: 'keyword', nth: 0, to: 0 }], 'text')), 'a\n\nb');
});

test('mutate: a PDF keyword swap replaces one structure keyword by another', () => {
  const pdf = new TextEncoder().encode('1 0 obj << /Type /Page >> endobj');
  const out = str(mutate(pdf, [{ op: 'keyword', nth: 0, to: 4 }], 'pdf'));
  assert.equal(out, '1 0 xref << /Type /Page >> endobj');
});

test('planFor: the same seed and case give the same plan; another case another plan', () => {
  assert.deepEqual(planFor(7, 3), planFor(7, 3));
  assert.notDeepEqual(planFor(7, 3), planFor(7, 4));
});

test('plans: one to eight mutations, positions anywhere in [0, 1)', () => {
  fc.assert(
    fc.property(planArbitrary, (plan) => {
      assert.ok(plan.length >= 1 && plan.length <= 8);
      for (const m of plan.filter((p) => p.op !== 'keyword'))
        for (const k of ['at', 'to', 'from'] as const) {
          const v = (m as unknown as Record<string, number | undefined>)[k];
          if (v !== undefined) assert.ok(v >= 0 && v < 1);
        }
    }),
    { seed: 1, numRuns: 200 },
  );
});

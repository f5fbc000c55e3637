// parseTimeoutFor (src/documents/parse-bound.ts): the parse time bound of one document, a floor
// plus a share per MiB (rounded up to the millisecond).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTimeoutFor } from '../../src/documents/parse-bound.ts';

const MIB = 1024 * 1024;
const bound = { parseTimeoutMs: 60_000, parseTimeoutMsPerMb: 3000 };

const cases: { name: string; bytes: number; bound?: typeof bound; ms: number }[] = [
  { name: 'an empty document: the floor', bytes: 0, ms: 60_000 },
  { name: 'one byte: the share rounds up to a millisecond', bytes: 1, ms: 60_001 },
  { name: 'one MiB: the floor plus one share', bytes: MIB, ms: 63_000 },
  { name: 'half a MiB: half a share', bytes: MIB / 2, ms: 61_500 },
  { name: '30 MiB', bytes: 30 * MIB, ms: 150_000 },
  { name: '50 MiB', bytes: 50 * MIB, ms: 210_000 },
  {
    name: 'no share per MiB: the floor whatever the size',
    bytes: 50 * MIB,
    bound: { ...bound, parseTimeoutMsPerMb: 0 },
    ms: 60_000,
  },
  {
    name: 'no floor: the share alone',
    bytes: 2 * MIB,
    bound: { parseTimeoutMs: 0, parseTimeoutMsPerMb: 1000 },
    ms: 2000,
  },
];

for (const c of cases) {
  test(`parseTimeoutFor: ${c.name}`, () => {
    assert.equal(parseTimeoutFor(c.bytes, c.bound ?? bound), c.ms);
  });
}

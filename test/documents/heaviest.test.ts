import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { heaviest } from '../../src/documents/heaviest.ts';

describe('heaviest: the key with the greatest count', () => {
  const cases: [string, [string, number][], string | undefined][] = [
    ['one key', [['Times', 3]], 'Times'],
    [
      'the greatest count wins wherever it stands',
      [
        ['a', 1],
        ['b', 9],
        ['c', 4],
      ],
      'b',
    ],
    [
      'equals: the first inserted',
      [
        ['a', 5],
        ['b', 5],
        ['c', 2],
      ],
      'a',
    ],
    ['zero counts still name a key', [['a', 0]], 'a'],
    ['an empty tally: no key', [], undefined],
  ];
  for (const [name, entries, want] of cases) test(name, () => assert.equal(heaviest(new Map(entries)), want));
  test('an empty tally gives the fallback', () => assert.equal(heaviest(new Map<number, number>(), 10), 10));
  test('a tally with keys ignores the fallback', () => assert.equal(heaviest(new Map([[9.5, 2]]), 10), 9.5));
});

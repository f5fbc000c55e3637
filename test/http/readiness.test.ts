import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CLOSE_BOUND_MS, createReadiness, type ReadinessState } from '../../src/http/readiness.ts';

interface Case {
  name: string;
  /** conditions registered in this order, with what their check returns */
  conditions: ['starting' | 'busy', boolean][];
  draining: boolean;
  expected: ReadinessState;
}

const cases: Case[] = [
  { name: 'no condition: ready', conditions: [], draining: false, expected: 'ready' },
  {
    name: 'a condition that does not hold: ready',
    conditions: [['starting', false]],
    draining: false,
    expected: 'ready',
  },
  { name: 'starting while warming up', conditions: [['starting', true]], draining: false, expected: 'starting' },
  { name: 'busy while admission is full', conditions: [['busy', true]], draining: false, expected: 'busy' },
  {
    name: 'the first holding condition wins',
    conditions: [
      ['starting', true],
      ['busy', true],
    ],
    draining: false,
    expected: 'starting',
  },
  {
    name: 'a later condition counts when an earlier one does not hold',
    conditions: [
      ['starting', false],
      ['busy', true],
    ],
    draining: false,
    expected: 'busy',
  },
  { name: 'draining with no condition', conditions: [], draining: true, expected: 'draining' },
  {
    name: 'draining wins over every condition',
    conditions: [
      ['starting', true],
      ['busy', true],
    ],
    draining: true,
    expected: 'draining',
  },
];

describe('createReadiness().state()', () => {
  for (const c of cases) {
    test(c.name, () => {
      const readiness = createReadiness();
      for (const [as, holds] of c.conditions) readiness.notReadyWhile(as, () => holds);
      if (c.draining) readiness.beginDraining();
      assert.equal(readiness.state(), c.expected);
    });
  }
});

describe('readiness over time', () => {
  const cases: [string, () => void][] = [
    [
      'a condition is read on each call, not when registered',
      () => {
        const readiness = createReadiness();
        let warming = true;
        readiness.notReadyWhile('starting', () => warming);
        assert.equal(readiness.state(), 'starting');
        warming = false;
        assert.equal(readiness.state(), 'ready');
      },
    ],
    [
      'draining is for good',
      () => {
        const readiness = createReadiness();
        readiness.beginDraining();
        readiness.beginDraining();
        assert.equal(readiness.state(), 'draining');
      },
    ],
    [
      'two readiness objects do not share state',
      () => {
        const a = createReadiness();
        const b = createReadiness();
        a.beginDraining();
        a.notReadyWhile('busy', () => true);
        assert.equal(b.state(), 'ready');
      },
    ],
    [
      'the close bound is 10 s',
      () => {
        assert.equal(CLOSE_BOUND_MS, 10_000);
      },
    ],
  ];
  for (const [name, check] of cases) test(name, check);
});

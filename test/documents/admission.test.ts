// createAdmission (src/documents/admission.ts): documents in flight and waiting are bounded, a full
// queue refuses with a 503 AppError and Retry-After, a release hands the slot on, a caller who
// leaves while waiting leaves the queue.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAdmission } from '../../src/documents/admission.ts';
import { AppError, messageOf } from '../../src/errors.ts';

const ADMISSION_FULL_MESSAGE = messageOf('service_busy');

describe('createAdmission', () => {
  const cases: {
    name: string;
    inFlight: number;
    queued: number;
    arrivals: number;
    admitted: number;
    waiting: number;
    refused: number;
  }[] = [
    { name: 'under the bound: all admitted', inFlight: 2, queued: 2, arrivals: 2, admitted: 2, waiting: 0, refused: 0 },
    { name: 'slots full: the next wait', inFlight: 2, queued: 2, arrivals: 4, admitted: 2, waiting: 2, refused: 0 },
    {
      name: 'slots and queue full: the rest refused',
      inFlight: 2,
      queued: 2,
      arrivals: 7,
      admitted: 2,
      waiting: 2,
      refused: 3,
    },
    {
      name: 'no queue: refused as soon as the slots are taken',
      inFlight: 1,
      queued: 0,
      arrivals: 3,
      admitted: 1,
      waiting: 0,
      refused: 2,
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const a = createAdmission({ maxInFlight: c.inFlight, maxQueued: c.queued, retryAfterSeconds: 7 });
      const outcomes = await Promise.all(
        Array.from({ length: c.arrivals }, () =>
          Promise.race([
            a.enter().then(
              () => 'admitted',
              (e: unknown) => {
                assert.ok(e instanceof AppError);
                assert.equal(e.statusCode, 503);
                assert.equal(e.message, ADMISSION_FULL_MESSAGE);
                assert.deepEqual(e.headers, { 'retry-after': '7' });
                return 'refused';
              },
            ),
            sleep(50).then(() => 'waiting'),
          ]),
        ),
      );
      const count = (k: string) => outcomes.filter((o) => o === k).length;
      assert.deepEqual([count('admitted'), count('waiting'), count('refused')], [c.admitted, c.waiting, c.refused]);
      assert.deepEqual(a.state(), { inFlight: c.admitted, queued: c.waiting });
      assert.equal(a.full(), c.refused > 0 || (c.admitted === c.inFlight && c.waiting === c.queued));
    });
  }

  test('a release hands the slot to the first in line; a second release of the same slot does nothing', async () => {
    const a = createAdmission({ maxInFlight: 1, maxQueued: 2, retryAfterSeconds: 1 });
    const first = await a.enter();
    const order: string[] = [];
    const second = a.enter().then((r) => (order.push('second'), r));
    const third = a.enter().then((r) => (order.push('third'), r));
    first();
    first();
    const r2 = await second;
    assert.deepEqual(a.state(), { inFlight: 1, queued: 1 });
    r2();
    (await third)();
    assert.deepEqual(order, ['second', 'third']);
    assert.deepEqual(a.state(), { inFlight: 0, queued: 0 });
  });

  test('a caller who leaves while waiting leaves the queue', async () => {
    const a = createAdmission({ maxInFlight: 1, maxQueued: 1, retryAfterSeconds: 1 });
    await a.enter();
    const ctrl = new AbortController();
    const waiting = a.enter(ctrl.signal);
    assert.equal(a.full(), true);
    ctrl.abort(new Error('gone'));
    await assert.rejects(waiting, /gone/);
    assert.deepEqual(a.state(), { inFlight: 1, queued: 0 });
  });
});

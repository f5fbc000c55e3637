// The parsers in process, without HTTP: damaged documents of every format straight to the worker
// pool (fixed seed). Each gives chunks within the interface's bounds or a DocumentError of a
// documented status, and no worker falls in doubt.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createChunkPool, type WorkerFailureReport } from '../../src/documents/pool.ts';
import { DocumentError } from '../../src/documents/document-error.ts';
import { mutate, planFor } from './mutate.ts';
import { loadSeeds } from './seeds.ts';
import { DOCUMENTED } from './campaign.ts';

const failures: WorkerFailureReport[] = [];
const pool = createChunkPool({ threads: 1, onWorkerFailure: (f) => failures.push(f) });
after(() => pool.close());
const seeds = await loadSeeds();
const PLANS = 12;

for (const seed of seeds) {
  test(`${seed.name}: ${PLANS} damaged copies, chunks or a documented refusal`, async () => {
    for (let i = 0; i < PLANS; i++) {
      const plan = planFor(101, i);
      try {
        const chunks = await pool.chunk(mutate(seed.bytes, plan, seed.format));
        for (const c of chunks) assert.ok([...c.content].length <= 1200, `case ${i}: ${JSON.stringify(plan)}`);
      } catch (err) {
        assert.ok(err instanceof DocumentError, `case ${i}: ${String(err)} ${JSON.stringify(plan)}`);
        assert.ok(DOCUMENTED.has(err.status), `case ${i}: status ${err.status}`);
      }
    }
    assert.deepEqual(failures, []);
  });
}

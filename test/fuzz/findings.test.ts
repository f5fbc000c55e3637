// Every input that once failed under fuzzing (test/fixtures/fuzz/, with its README), replayed in
// name order through one long-lived app: each gets a documented answer, and no worker falls in doubt.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import type { WorkerFailureReport } from '../../src/documents/pool.ts';
import { buildTestApp, documentForm, chunkingHeaders } from '../helpers/app.ts';
import { answerProblem } from './campaign.ts';

const dir = new URL('../fixtures/fuzz/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => !f.endsWith('.md'))
  .sort();
const failures: WorkerFailureReport[] = [];
const app = await buildTestApp({ docs: 'none', onWorkerFailure: (f) => failures.push(f) });
after(() => app.close());

test('the kept findings are there', () => assert.ok(files.length >= 2));

for (const name of files) {
  test(`${name}: a documented answer, no worker in doubt`, async () => {
    const { contentType, body } = documentForm(readFileSync(new URL(name, dir)), name);
    const res = await app.inject({
      method: 'POST',
      url: '/apis/chunk-and-perform-embedding.php',
      headers: { ...chunkingHeaders(), 'content-type': contentType },
      payload: body,
    });
    assert.equal(answerProblem(res.statusCode, String(res.headers['content-type']), res.body), undefined);
    await setTimeout(100);
    assert.deepEqual(failures, []);
  });
}

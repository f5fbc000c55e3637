// The short campaign that every CI run makes (fixed seeds): damaged documents of every format sent
// to one long-lived app over HTTP. The long one is `npm run fuzz` (docs/fuzzing.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCampaign, answerProblem } from './campaign.ts';

const rounds: [string, { seed: number; cases: number; concurrency: number }][] = [
  ['one at a time', { seed: 1, cases: 600, concurrency: 1 }],
  ['four at a time', { seed: 2, cases: 200, concurrency: 4 }],
];

for (const [name, round] of rounds)
  test(`${round.cases} damaged documents of every format, ${name}, one app: documented answers only, no reset, /healthz throughout`, async () => {
    const report = await runCampaign(round);
    assert.deepEqual(
      report.findings.map((f) => `${f.seed} case ${f.index}: ${f.problem}`),
      [],
    );
    assert.deepEqual(report.workerFailures, []);
    assert.equal(report.healthz.failed, 0);
    assert.ok(report.healthz.probes > 0);
    assert.deepEqual(Object.keys(report.byFormat).sort(), [
      'docx',
      'html',
      'markdown',
      'odp',
      'odt',
      'pdf',
      'pptx',
      'text',
    ]);
    const statuses = new Set(Object.values(report.byFormat).flatMap((f) => Object.keys(f.statuses)));
    assert.ok(
      statuses.has('200') && statuses.has('422'),
      `a campaign that reads and refuses: ${[...statuses].join(', ')}`,
    );
  });

const answers: [string, number, string, string, string | undefined][] = [
  ['a chunk envelope', 200, 'application/json; charset=utf-8', '{"value":[{"content":"x"}]}', undefined],
  ['a 422 envelope', 422, 'application/json', '{"success":false,"error":"The PDF is damaged."}', undefined],
  ['a 500', 500, 'application/json', '{"success":false,"error":"x"}', 'undocumented status 500'],
  ['a 502 (no embedding asked)', 502, 'application/json', '{"success":false,"error":"x"}', 'undocumented status 502'],
  ['HTML', 400, 'text/html', '<p>bad</p>', 'content type text/html'],
  ['not JSON', 400, 'application/json', 'oops', 'a body that is not JSON'],
  ['no envelope', 400, 'application/json', '{"message":"x"}', 'an error without the envelope'],
  [
    'a stack',
    422,
    'application/json',
    '{"success":false,"error":"at parse (/work/x.ts:3:1)"}',
    'an error message leaking internals',
  ],
  ['a 200 without value', 200, 'application/json', '{}', 'a 200 without a value array'],
  [
    'a long chunk',
    200,
    'application/json',
    JSON.stringify({ value: [{ content: 'x'.repeat(1201) }] }),
    'a chunk over 1200 characters',
  ],
];
for (const [name, status, type, body, want] of answers) {
  test(`answerProblem: ${name}`, () => assert.equal(answerProblem(status, type, body), want));
}

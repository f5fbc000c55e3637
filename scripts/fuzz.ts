// A fuzzing campaign by command: damaged documents of every format sent to one long-lived app over
// HTTP (test/fuzz/campaign.ts). Usage:
//   npm run fuzz -- [--cases 10000] [--seed 1] [--formats pdf,docx,odt,pptx,odp,html,markdown,text] [--concurrency 1]
//                   [--max-rss-mb 768] [--findings fuzz-findings]
// Prints one line per 500 cases, then the figures as JSON; exits 1 when anything was found.
import { parseArgs } from 'node:util';
import { runCampaign } from '../test/fuzz/campaign.ts';
import type { FuzzFormat } from '../test/fuzz/mutate.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    formats: { type: 'string' },
    concurrency: { type: 'string', default: '1' },
    'max-rss-mb': { type: 'string', default: '768' },
    findings: { type: 'string', default: 'fuzz-findings' },
  },
});

const started = Date.now();
const report = await runCampaign({
  seed: Number(values.seed),
  cases: Number(values.cases),
  concurrency: Number(values.concurrency),
  maxRssMb: Number(values['max-rss-mb']),
  findingsDir: values.findings,
  ...(values.formats ? { formats: values.formats.split(',') as FuzzFormat[] } : {}),
  onCase: (done, total) => {
    if (done % 500 === 0 || done === total)
      console.log(`${done}/${total} cases, ${Math.round((Date.now() - started) / 1000)} s`);
  },
});
console.log(JSON.stringify(report, null, 2));
const bad = report.findings.length + report.healthz.failed + report.workerFailures.length;
console.log(
  bad === 0
    ? `no finding in ${report.cases} cases`
    : `${report.findings.length} findings, ${report.healthz.failed} failed probes, ${report.workerFailures.length} worker failures`,
);
process.exitCode = bad === 0 ? 0 : 1;

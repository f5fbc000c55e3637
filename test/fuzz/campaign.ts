// A fuzzing campaign over HTTP against one long-lived service: damaged documents of every format,
// one after another (or a few at a time), each answer checked against what the interface
// documents, while a prober asks /healthz throughout. The service runs as `npm start` runs it, in
// a process of its own (src/server.ts with the same Node flags), so that its rss (read from /proc)
// and its /healthz latency are its own, not the campaign's; its error log lines tell of worker
// failures. Anything else is a finding: kept on disk with its seed, case and mutation plan,
// minimised by dropping mutations.
import { NO_CALLER_LIMITS } from '../helpers/limits.ts';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import type { WorkerFailureReport } from '../../src/documents/pool.ts';
import { documentForm, chunkingHeaders } from '../helpers/app.ts';
import { START_FLAGS } from '../../bench/start-flags.ts';
import { mutate, planFor, type FuzzFormat, type Mutation } from './mutate.ts';
import { loadSeeds, type Seed } from './seeds.ts';

/** The statuses the chunking endpoint documents for a document it cannot read or refuses. */
export const DOCUMENTED = new Set([200, 400, 413, 415, 422]);

export interface CampaignOptions {
  seed: number;
  cases: number;
  formats?: FuzzFormat[];
  /** uploads in flight at once (default 1) */
  concurrency?: number;
  /** peak rss bound of the service process, in MiB (default 768: what the Deployment requests, docs/deployment.md) */
  maxRssMb?: number;
  /** a case slower than this is a finding (a hang the parse bound caught late), in ms (default 20000) */
  maxCaseMs?: number;
  /** where findings are written (default: none written) */
  findingsDir?: string;
  /** environment of the app (its configuration), over the lab defaults */
  env?: Record<string, string>;
  /** told after each case */
  onCase?: (done: number, total: number) => void;
}

export interface CaseResult {
  index: number;
  seed: string;
  format: FuzzFormat;
  plan: Mutation[];
  status: number;
  ms: number;
  problem?: string;
}

export interface Finding extends CaseResult {
  problem: string;
  /** the minimised plan, when dropping mutations kept the problem */
  minimal?: Mutation[];
  file?: string;
}

export interface CampaignReport {
  seed: number;
  cases: number;
  byFormat: Record<string, { cases: number; statuses: Record<number, number> }>;
  findings: Finding[];
  workerFailures: WorkerFailureReport[];
  healthz: { probes: number; failed: number; p99Ms: number; maxMs: number };
  peakRssMb: number;
  maxCaseMs: number;
  seconds: number;
}

/** What is wrong with one answer of the chunking endpoint, or undefined when it is documented. */
export function answerProblem(status: number, contentType: string, body: string): string | undefined {
  if (!DOCUMENTED.has(status)) return `undocumented status ${status}`;
  if (!contentType.startsWith('application/json')) return `content type ${contentType}`;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'a body that is not JSON';
  }
  if (status === 200) {
    const value = (json as { value?: unknown }).value;
    if (!Array.isArray(value)) return 'a 200 without a value array';
    for (const c of value as { content?: unknown }[]) {
      if (typeof c.content !== 'string' || [...c.content].length > 1200) return 'a chunk over 1200 characters';
    }
    return undefined;
  }
  const e = json as { success?: unknown; error?: unknown };
  if (e.success !== false || typeof e.error !== 'string' || e.error.length === 0)
    return 'an error without the envelope';
  if (/\/work\/|node_modules|\bat \w+ \(|\.m?[jt]s:\d/.test(e.error)) return 'an error message leaking internals';
  return undefined;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The service as `npm start` starts it, on a free loopback port; resolves once /healthz answers. */
async function startService(
  env: Record<string, string>,
  onFailure: (f: WorkerFailureReport) => void,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const server = new URL('../../src/server.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, [...START_FLAGS, server], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...NO_CALLER_LIMITS, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      const entry = JSON.parse(line) as { code?: string; failure?: WorkerFailureReport };
      if (entry.code === 'worker_failed' && entry.failure) onFailure(entry.failure);
    } catch {
      // not a log line
    }
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the service exited at start (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('the service did not answer /healthz within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The rss of a process, and its peak (VmHWM), in bytes, from /proc. */
function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export async function runCampaign(opts: CampaignOptions): Promise<CampaignReport> {
  const started = performance.now();
  const workerFailures: WorkerFailureReport[] = [];
  const { base, child } = await startService(opts.env ?? {}, (f) => workerFailures.push(f));
  const pid = child.pid!;
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `the service exited (${code ?? signal})`));
  const seeds = (await loadSeeds()).filter((s) => !opts.formats || opts.formats.includes(s.format));
  if (seeds.length === 0) throw new Error(`no seed document of ${opts.formats?.join(', ')}`);

  // /healthz throughout, and the process's rss.
  const probes: number[] = [];
  let probesFailed = 0;
  let peakRss = 0;
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const t = performance.now();
      try {
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status !== 200) probesFailed++;
      } catch {
        probesFailed++;
      }
      probes.push(performance.now() - t);
      if (exited === undefined) peakRss = Math.max(peakRss, rssOf(pid).peak);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const send = async (seed: Seed, bytes: Uint8Array): Promise<{ status: number; problem?: string }> => {
    const { contentType, body } = documentForm(bytes, seed.filename);
    try {
      const res = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, {
        method: 'POST',
        headers: { ...chunkingHeaders(), 'content-type': contentType },
        body,
      });
      const text = await res.text();
      const problem = answerProblem(res.status, res.headers.get('content-type') ?? '', text);
      return problem === undefined ? { status: res.status } : { status: res.status, problem };
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      return { status: 0, problem: `no answer: ${cause?.code ?? cause?.message ?? String(err)}` };
    }
  };

  const byFormat: CampaignReport['byFormat'] = {};
  const findings: Finding[] = [];
  let maxCaseMs = 0;
  let next = 0;
  let done = 0;

  const runCase = async (index: number): Promise<void> => {
    const seed = seeds[index % seeds.length]!;
    const plan = planFor(opts.seed, index);
    const bytes = mutate(seed.bytes, plan, seed.format);
    const failuresBefore = workerFailures.length;
    const t = performance.now();
    const answer = await send(seed, bytes);
    const ms = performance.now() - t;
    maxCaseMs = Math.max(maxCaseMs, ms);
    const stats = (byFormat[seed.format] ??= { cases: 0, statuses: {} });
    stats.cases++;
    stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
    const problem =
      exited ??
      answer.problem ??
      (ms > (opts.maxCaseMs ?? 20_000) ? `a case of ${Math.round(ms)} ms` : undefined) ??
      (workerFailures.length > failuresBefore
        ? `a worker fell in doubt: ${workerFailures.at(-1)?.name}: ${workerFailures.at(-1)?.message}`
        : undefined);
    if (problem !== undefined) {
      const finding: Finding = {
        index,
        seed: seed.name,
        format: seed.format,
        plan,
        status: answer.status,
        ms,
        problem,
      };
      // Minimised: drop each mutation in turn while the same kind of problem remains.
      let minimal = plan;
      for (let i = minimal.length - 1; i >= 0 && minimal.length > 1; i--) {
        const fewer = minimal.filter((_, k) => k !== i);
        const before = workerFailures.length;
        const again = await send(seed, mutate(seed.bytes, fewer, seed.format));
        const same = again.problem ?? (workerFailures.length > before ? 'a worker fell in doubt' : undefined);
        if (same !== undefined && same.split(':')[0] === problem.split(':')[0]) minimal = fewer;
      }
      if (minimal.length < plan.length) finding.minimal = minimal;
      if (opts.findingsDir) finding.file = keep(opts.findingsDir, opts.seed, finding, seed, minimal);
      findings.push(finding);
    }
    opts.onCase?.(++done, opts.cases);
  };

  const lanes = Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, async () => {
    while (next < opts.cases) await runCase(next++);
  });
  try {
    await Promise.all(lanes);
  } finally {
    probing = false;
    await prober;
    if (exited === undefined) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
  }
  const rssMb = peakRss / 2 ** 20;
  const sorted = probes.slice().sort((a, b) => a - b);
  if (rssMb > (opts.maxRssMb ?? 768)) {
    findings.push({
      index: -1,
      seed: '',
      format: 'pdf',
      plan: [],
      status: 0,
      ms: 0,
      problem: `peak rss ${rssMb.toFixed(0)} MiB over ${opts.maxRssMb ?? 768} MiB`,
    });
  }
  return {
    seed: opts.seed,
    cases: opts.cases,
    byFormat,
    findings,
    workerFailures,
    healthz: {
      probes: probes.length,
      failed: probesFailed,
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted.at(-1) ?? 0,
    },
    peakRssMb: Math.round(rssMb),
    maxCaseMs: Math.round(maxCaseMs),
    seconds: Math.round((performance.now() - started) / 1000),
  };
}

function keep(dir: string, seed: number, f: Finding, s: Seed, minimal: Mutation[]): string {
  mkdirSync(dir, { recursive: true });
  const bytes = mutate(s.bytes, minimal, s.format);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  const ext = s.filename.slice(s.filename.lastIndexOf('.'));
  const file = join(dir, `${s.format}-seed${seed}-case${f.index}-${hash}${ext}`);
  writeFileSync(file, bytes);
  writeFileSync(`${file}.json`, JSON.stringify({ ...f, minimal, file }, null, 2));
  return file;
}

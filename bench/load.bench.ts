// Admission under load and large documents (issue 12). The app runs in a child process as
// `npm start` runs it (package.json's start flags, default configuration, as server.ts builds it, logger
// silent) and reports its peak rss (sampled every 10 ms, bench/rss.ts) and CPU over IPC; the
// uploads come from another child process, so that writing their bodies never delays the
// /healthz probe that this driver runs. Every figure is a ratio against a baseline measured in
// the same run (idle /healthz p99, pdftotext, a later upload), with absolute values beside it.
//
//   node_modules/.bin/node bench/run.ts load             (or: npm run bench -- load)
//   BENCH_PART=concurrency|large|cold        run one part only (default: all three)
//   BENCH_LEVELS=1,4,16,64                   concurrency: concurrent uploads per level (one each)
//   BENCH_DOCS=attached,plain                concurrency: ~40 MB PDF (1158 pages + attachment), the plain 1158-page PDF (or large)
//   BENCH_ATTACH_MB=38                       concurrency: incompressible attachment added to reach ~40 MB
//   BENCH_IDLE_SECONDS=5                     concurrency: idle /healthz probe before each level
//   BENCH_RATE=200 BENCH_CONNECTIONS=2       /healthz probe: requests/s overall, connections
//   BENCH_LARGE_ROUNDS=2                     large: paired (pdftotext, upload) rounds on the 4976-page PDF
//   BENCH_COLD_ROUNDS=3 BENCH_LATER=2        cold: app starts per mode, later uploads after the first
//   BENCH_COLD_DOC=plain|large|gnuplot       cold: the document uploaded (default plain, 1158 pages)
//   BENCH_CONNECTION_CLOSE=1                 uploads ask for `Connection: close` (default keep-alive, as fetch and curl)
//   BENCH_SPARE_THREADS=0                    the app's pool without spare threads (one thread per document, as before issue 24)
//   MAX_DOCUMENTS_IN_FLIGHT, MAX_DOCUMENTS_QUEUED, PARSE_TIMEOUT_MS, PARSE_TIMEOUT_MS_PER_MB
//                                            passed to the app when set (default: the app's own)
//
// Needs qpdf and pdftotext on PATH. Traffic goes to 127.0.0.1 only; every loop is bounded.
import { NO_CALLER_LIMITS } from '../test/helpers/limits.ts';
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { autocannon } from './autocannon.ts';
import { sampleRss } from './rss.ts';
import { benchChunkPool, SPARE_THREADS } from './spare-pool.ts';
import { START_FLAGS } from './start-flags.ts';

// ---------------------------------------------------------------- shared

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = join(root, '..', 'shared', 'corpus');
const PART = process.env.BENCH_PART ?? 'all';
const MB = 2 ** 20;
const UPLOAD_PATH = '/apis/chunk-and-perform-embedding.php';
const PASSED = [
  'MAX_DOCUMENTS_IN_FLIGHT',
  'MAX_DOCUMENTS_QUEUED',
  'PARSE_TIMEOUT_MS',
  'PARSE_TIMEOUT_MS_PER_MB',
] as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const mb = (bytes: number) => Math.round(bytes / MB);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The app's environment: the defaults, silent, on a free loopback port; the limits when given. */
function appEnv(): Record<string, string> {
  const env: Record<string, string> = {
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    ...NO_CALLER_LIMITS,
  };
  for (const k of PASSED) if (process.env[k]) env[k] = process.env[k];
  return env;
}

interface Child {
  child: ChildProcess;
  info: Record<string, unknown>;
}

function startChild(role: string, args: string[] = []): Promise<Child> {
  const child = fork(fileURLToPath(import.meta.url), [role, ...args], {
    execPath: process.execPath,
    // as `npm start` runs the service (package.json)
    execArgv: START_FLAGS,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => {
      child.removeAllListeners('exit');
      resolve({ child, info: m as Record<string, unknown> });
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

/** One request/answer over IPC (the children answer every message with one message). */
function ask<T>(c: Child, msg: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`child exited with ${code} while asked ${JSON.stringify(msg)}`));
    c.child.once('exit', onExit);
    c.child.once('message', (m) => {
      c.child.off('exit', onExit);
      resolve(m as T);
    });
    c.child.send(msg as object);
  });
}

async function stopChild(c: Child | undefined) {
  if (!c || c.child.exitCode !== null) return;
  const gone = new Promise((r) => c.child.once('exit', r));
  c.child.kill('SIGTERM');
  await Promise.race([gone, sleep(5000)]);
  if (c.child.exitCode === null) c.child.kill('SIGKILL');
}

function sh(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { maxBuffer: 64 * MB });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr?.toString() ?? r.error?.message}`);
  return r;
}

function pages(file: string): number {
  return Number(sh('qpdf', ['--show-npages', file]).stdout.toString().trim());
}

/** Wall time of `pdftotext FILE /dev/null`, in ms. */
function pdftotextMs(file: string): number {
  const t = performance.now();
  sh('pdftotext', [file, '/dev/null']);
  return performance.now() - t;
}

interface Docs {
  dir: string;
  /** gnuplot.pdf x3 + its pages 1-225: 1158 pages, ~2 MB */
  plain: string;
  /** plain + an incompressible attachment: ~40 MB */
  attached: string;
  /** 16 copies of gnuplot.pdf under distinct names (qpdf copies each one's objects): 4976 pages, ~30 MB */
  large: string;
  gnuplot: string;
}

/** The PDFs, made with qpdf. */
function makeDocs(): Docs {
  const dir = mkdtempSync(join(tmpdir(), 'load-bench-'));
  const g = join(corpus, 'gnuplot.pdf');
  const copies = Array.from({ length: 16 }, (_, i) => {
    const f = join(dir, `g${i}.pdf`);
    copyFileSync(g, f);
    return f;
  });
  // The 1158-page manual of test/routes/index-upload.test.ts: one file named four times, so its
  // fonts are shared, as in any one long manual.
  const plain = join(dir, 'plain.pdf');
  sh('qpdf', ['--empty', '--pages', g, g, g, g, '1-225', '--', plain]);
  const attachMb = Number(process.env.BENCH_ATTACH_MB ?? 38);
  const blob = join(dir, 'blob.bin');
  writeFileSync(blob, randomBytes(attachMb * MB));
  const attached = join(dir, 'attached.pdf');
  sh('qpdf', [plain, '--add-attachment', blob, '--', attached]);
  rmSync(blob);
  const large = join(dir, 'large.pdf');
  sh('qpdf', ['--empty', '--pages', ...copies, '--', large]);
  for (const f of copies) rmSync(f);
  return { dir, plain, attached, large, gnuplot: g };
}

const describeDoc = (file: string) => `${pages(file)} pages, ${f1(statSync(file).size / MB)} MiB`;

// ---------------------------------------------------------------- the app (child process)

interface AppStats {
  peakRss: number;
  rss: number;
  cpuMs: number;
}

/** As server.ts builds it: the configured logger (silent), a readiness, the pool warmed at start or not. */
async function serveApp(warm: boolean) {
  const rss = sampleRss();
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { createReadiness } = await import('../src/http/readiness.ts');
  const config = loadConfig(appEnv());
  const readiness = createReadiness();
  const app = await buildApp(config, { logger: true, readiness, warmPool: warm, ...(await benchChunkPool(config)) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', (m) => {
    if (m === 'reset') rss.reset();
    const u = process.cpuUsage();
    const stats: AppStats = { peakRss: rss.peak(), rss: process.memoryUsage.rss(), cpuMs: (u.user + u.system) / 1000 };
    process.send!(stats);
  });
  process.send!({
    port: (app.server.address() as { port: number }).port,
    rss: process.memoryUsage.rss(),
    key: config.documentApiKey,
  });
}

// ---------------------------------------------------------------- the uploader (child process)

interface UploadJob {
  port: number;
  key: string;
  file: string;
  n: number;
  firstId: number;
}

interface UploadResult {
  status: number;
  retryAfter?: string;
  chunks?: number;
  /** bytes of the body written when the answer came */
  sentAtAnswer: number;
  /** from the request's start to the end of the answer */
  ms: number;
  /** since the start of the job */
  endMs: number;
  error?: string;
}

/**
 * One upload, as a client sends it: the body written with backpressure, and when an answer comes
 * before the body is all sent (a refusal), the answer is read and the sending stops.
 */
function uploadOnce(
  job: UploadJob,
  body: Buffer,
  contentType: string,
  id: number,
  agent: HttpAgent,
  jobStart: number,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let sent = 0;
    let answered = false;
    let settled = false;
    const settle = (r: Omit<UploadResult, 'ms' | 'endMs'>) => {
      if (settled) return;
      settled = true;
      const now = performance.now();
      resolve({ ...r, ms: now - t0, endMs: now - jobStart });
    };
    const req = httpRequest({
      host: '127.0.0.1',
      port: job.port,
      method: 'POST',
      path: UPLOAD_PATH,
      agent,
      headers: {
        'content-type': contentType,
        'content-length': body.length,
        'api-key': job.key,
        sourceName: 'load.pdf',
        'tenant-id': '7',
        'document-id': String(id),
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentAtAnswer = sent;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (s: string) => {
        if (text.length < 300) text += s;
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const ra = res.headers['retry-after'];
        settle({
          status,
          sentAtAnswer,
          ...(ra !== undefined ? { retryAfter: String(ra) } : {}),
          ...(status === 200 ? { chunks: Number(res.headers['x-total-chunks']) } : {}),
          ...(status !== 200 && status !== 503 ? { error: text.slice(0, 300) } : {}),
        });
        // The answer is in: a client stops sending what is left of its body.
        if (sent < body.length) req.destroy();
      });
      res.on('error', (err) => settle({ status: 0, sentAtAnswer, error: `response: ${err.message}` }));
    });
    req.on('error', (err) => settle({ status: 0, sentAtAnswer: sent, error: err.message }));
    const SLICE = 64 * 1024;
    const write = () => {
      while (sent < body.length && !answered && !req.destroyed) {
        const end = Math.min(sent + SLICE, body.length);
        const ok = req.write(body.subarray(sent, end));
        sent = end;
        if (!ok) {
          req.once('drain', write);
          return;
        }
      }
      if (sent >= body.length) req.end();
    };
    write();
  });
}

const jobFor = (app: Child, file: string, n: number, firstId: number): UploadJob => ({
  port: app.info.port as number,
  key: app.info.key as string,
  file,
  n,
  firstId,
});

async function serveUploader() {
  process.on('message', (m) => {
    void (async () => {
      const job = m as UploadJob;
      const pdf = readFileSync(job.file);
      const boundary = `----load-bench-${Date.now().toString(16)}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="load.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      // Keep-alive, as Node's global agent, fetch and curl; BENCH_CONNECTION_CLOSE=1 sends `Connection: close`.
      const agent = new HttpAgent({ keepAlive: process.env.BENCH_CONNECTION_CLOSE !== '1', maxSockets: Infinity });
      const start = performance.now();
      const results = await Promise.all(
        Array.from({ length: job.n }, (_, i) =>
          uploadOnce(job, body, `multipart/form-data; boundary=${boundary}`, job.firstId + i, agent, start),
        ),
      );
      agent.destroy();
      process.send!({ results, wallMs: performance.now() - start, bytes: body.length });
    })();
  });
  process.send!({ ready: true });
}

// ---------------------------------------------------------------- probes (driver)

async function waitReady(base: string, boundMs = 120_000): Promise<number> {
  const t = performance.now();
  while (performance.now() - t < boundMs) {
    const res = await request(`${base}/readyz`);
    await res.body.text();
    if (res.statusCode === 200) return performance.now() - t;
    await sleep(20);
  }
  throw new Error(`/readyz not 200 within ${boundMs} ms`);
}

interface Probe {
  times: number[];
  bad: number;
}

/** /healthz at RATE req/s over CONNECTIONS, in runs of `slice` seconds, until `until()` says stop (or `maxSeconds`). */
async function probeHealthz(base: string, until: () => boolean, maxSeconds: number, slice = 2): Promise<Probe> {
  const RATE = Number(process.env.BENCH_RATE ?? 200);
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
  const times: number[] = [];
  let bad = 0;
  const t = performance.now();
  while (!until() && performance.now() - t < maxSeconds * 1000) {
    // ignoreCoordinatedOmission: with a rate, autocannon would otherwise back-fill its histogram
    // at a 1 ms expected interval, a different, inflated measure (as in documents.bench.ts).
    const run = autocannon({
      url: `${base}/healthz`,
      connections: CONNECTIONS,
      duration: slice,
      overallRate: RATE,
      ignoreCoordinatedOmission: true,
    });
    run.on('response', (_c, status, _b, ms) => {
      if (status === 200) times.push(ms);
      else bad++;
    });
    const r = await run;
    bad += r.errors + r.timeouts;
  }
  return { times, bad };
}

/** Polls /readyz every 250 ms while the load runs; counts each state seen. */
function watchReadiness(base: string) {
  const seen: Record<string, number> = {};
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      try {
        const res = await request(`${base}/readyz`);
        const body = (await res.body.json()) as { status?: string };
        const k = body.status ?? String(res.statusCode);
        seen[k] = (seen[k] ?? 0) + 1;
      } catch {
        seen.error = (seen.error ?? 0) + 1;
      }
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      stop = true;
      await loop;
      return seen;
    },
  };
}

// ---------------------------------------------------------------- a. concurrency

interface Level {
  doc: string;
  n: number;
  ok: number;
  refused: number;
  refusedNoRetryAfter: number;
  other: number;
  otherWhat: string[];
  refusedSentMedian: number;
  peakRss: number;
  startRss: number;
  idleP99: number;
  loadP99: number;
  probes: number;
  badProbes: number;
  perMinute: number;
  cpuSecondsPerUpload: number;
  lastOkS: number;
  okMedianS: number;
  readiness: Record<string, number>;
}

async function concurrency(docs: Docs) {
  const LEVELS = (process.env.BENCH_LEVELS ?? '1,4,16,64').split(',').map(Number);
  const which = (process.env.BENCH_DOCS ?? 'attached,plain').split(',') as ('attached' | 'plain' | 'large')[];
  const IDLE = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
  const uploader = await startChild('uploader');
  const levels: Level[] = [];
  let id = 1;
  try {
    for (const d of which) {
      const file = docs[d];
      for (const n of LEVELS) {
        // A fresh app per level: each peak is that level's own, not the heap a bigger one left.
        const app = await startChild('serve-app', ['warm']);
        try {
          const base = `http://127.0.0.1:${app.info.port as number}`;
          await waitReady(base);
          await probeHealthz(base, () => false, 1, 1); // the probe's own warm-up
          const idle = await probeHealthz(base, () => false, IDLE);
          const before = await ask<AppStats>(app, 'reset');
          let done = false;
          const ready = watchReadiness(base);
          const job = ask<{ results: UploadResult[]; wallMs: number }>(uploader, jobFor(app, file, n, id)).finally(
            () => {
              done = true;
            },
          );
          id += n;
          const load = await probeHealthz(base, () => done, 900);
          const { results } = await job;
          const readiness = await ready.stop();
          const after = await ask<AppStats>(app, 'stats');
          const ok = results.filter((r) => r.status === 200);
          const refused = results.filter((r) => r.status === 503);
          const other = results.filter((r) => r.status !== 200 && r.status !== 503);
          const lastOk = Math.max(0, ...ok.map((r) => r.endMs));
          levels.push({
            doc: d,
            n,
            ok: ok.length,
            refused: refused.length,
            refusedNoRetryAfter: refused.filter((r) => r.retryAfter === undefined).length,
            other: other.length,
            otherWhat: other.map(
              (r) =>
                `${r.status} ${(r.error ?? '').slice(0, 120)} (after ${f1(r.endMs / 1000)} s, ${f1(r.sentAtAnswer / MB)} MiB sent)`,
            ),
            refusedSentMedian: median(refused.map((r) => r.sentAtAnswer)),
            peakRss: after.peakRss,
            startRss: app.info.rss as number,
            idleP99: percentile(idle.times, 99),
            loadP99: percentile(load.times, 99),
            probes: load.times.length,
            badProbes: idle.bad + load.bad,
            perMinute: ok.length > 0 ? (ok.length / lastOk) * 60_000 : 0,
            cpuSecondsPerUpload: ok.length > 0 ? (after.cpuMs - before.cpuMs) / 1000 / ok.length : NaN,
            lastOkS: lastOk / 1000,
            okMedianS: median(ok.map((r) => r.ms)) / 1000,
            readiness,
          });
          const l = levels.at(-1)!;
          console.log(
            `  [${d} n=${n}] 200 ${l.ok}, 503 ${l.refused}, other ${l.other}; peak rss ${mb(l.peakRss)} MB; healthz p99 ${f2(l.loadP99)} / idle ${f2(l.idleP99)} ms; ${f1(l.perMinute)} uploads/min; readyz ${JSON.stringify(readiness)}`,
          );
        } finally {
          await stopChild(app);
        }
      }
    }
  } finally {
    await stopChild(uploader);
  }

  const limits = `MAX_DOCUMENTS_IN_FLIGHT ${process.env.MAX_DOCUMENTS_IN_FLIGHT ?? 'default (4)'}, MAX_DOCUMENTS_QUEUED ${process.env.MAX_DOCUMENTS_QUEUED ?? 'default (16)'}`;
  console.log(
    `\n## a. Concurrent uploads: N at once (one each), fresh app per level (warm, /readyz 200 first); ${limits}${SPARE_THREADS === undefined ? '' : `; spare threads ${SPARE_THREADS}`}`,
  );
  console.log(
    `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg().map(f2).join(' ')}; /healthz probed by autocannon ` +
      `(${process.env.BENCH_CONNECTIONS ?? 2} connections, ${process.env.BENCH_RATE ?? 200} req/s) ${IDLE} s idle, then for as long as the uploads last`,
  );
  for (const d of which) console.log(`  ${d}: ${describeDoc(docs[d])}`);
  console.log(
    '\n| document | N | 200 | 503 + Retry-After | other | peak rss | /healthz p99 load / idle | ratio | uploads/min | app CPU s/upload | last 200 at | readyz states seen |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const l of levels) {
    console.log(
      `| ${l.doc} | ${l.n} | ${l.ok} | ${l.refused}${l.refusedNoRetryAfter ? ` (${l.refusedNoRetryAfter} without)` : ''} | ${l.other} | ${mb(l.peakRss)} MB | ${f2(l.loadP99)} / ${f2(l.idleP99)} ms | ${f2(l.loadP99 / l.idleP99)}x | ${f1(l.perMinute)} | ${f2(l.cpuSecondsPerUpload)} | ${f1(l.lastOkS)} s | ${Object.entries(
        l.readiness,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} |`,
    );
  }
  for (const l of levels) {
    if (l.other > 0) console.log(`  !! ${l.doc} n=${l.n}: ${l.otherWhat.join(' | ')}`);
    if (l.refused > 0)
      console.log(
        `  ${l.doc} n=${l.n}: a refused upload had sent ${f1(l.refusedSentMedian / MB)} MiB (median) of its body when the 503 came`,
      );
    if (l.badProbes > 0) console.log(`  !! ${l.doc} n=${l.n}: ${l.badProbes} /healthz probes failed`);
  }
  const worst = Math.max(...levels.map((l) => l.loadP99 / l.idleP99));
  const anyOther = levels.some((l) => l.other > 0 || l.refusedNoRetryAfter > 0);
  console.log(
    `  every answer 200 or 503 + Retry-After: ${anyOther ? 'MISSED' : 'met'}; worst /healthz p99 ratio ${f2(worst)}x (target <= 3x: ${worst <= 3 ? 'met' : 'MISSED'})`,
  );
  for (const d of which) {
    const ls = levels.filter((l) => l.doc === d);
    console.log(
      `  ${d}: peak rss by N ${ls.map((l) => `${l.n}: ${mb(l.peakRss)} MB`).join(', ')} (app rss after start ${mb(ls[0]!.startRss)} MB)`,
    );
  }
  if (anyOther || levels.some((l) => l.badProbes > 0)) process.exitCode = 1;
}

// ---------------------------------------------------------------- b. large document

async function large(docs: Docs) {
  const ROUNDS = Number(process.env.BENCH_LARGE_ROUNDS ?? 2);
  const uploader = await startChild('uploader');
  const app = await startChild('serve-app', ['warm']);
  const rows: { tool: number; ours: number; status: number; chunks?: number; peak: number; error?: string }[] = [];
  try {
    const base = `http://127.0.0.1:${app.info.port as number}`;
    await waitReady(base);
    for (let round = 0; round < ROUNDS; round++) {
      const tool = pdftotextMs(docs.large);
      await ask<AppStats>(app, 'reset');
      const { results } = await ask<{ results: UploadResult[] }>(uploader, jobFor(app, docs.large, 1, 1000 + round));
      const stats = await ask<AppStats>(app, 'stats');
      const r = results[0]!;
      rows.push({
        tool,
        ours: r.ms,
        status: r.status,
        ...(r.chunks !== undefined ? { chunks: r.chunks } : {}),
        peak: stats.peakRss,
        ...(r.error ? { error: r.error } : {}),
      });
      console.log(
        `  [large round ${round + 1}] pdftotext ${f1(tool / 1000)} s, upload ${f1(r.ms / 1000)} s -> ${r.status}${r.error ? ` ${r.error}` : ''}`,
      );
    }
  } finally {
    await stopChild(app);
    await stopChild(uploader);
  }
  const { loadConfig } = await import('../src/config.ts');
  const { parseTimeoutFor } = await import('../src/documents/parse-bound.ts');
  const bound = parseTimeoutFor(statSync(docs.large).size, loadConfig(appEnv()));
  console.log(
    `\n## b. Large document: ${describeDoc(docs.large)} (16 copies of gnuplot.pdf, qpdf), upload (multipart, warm app) against pdftotext FILE /dev/null`,
  );
  console.log(
    `node ${process.version}, load average ${loadavg().map(f2).join(' ')}; ${ROUNDS} rounds, pdftotext then the upload; the app's parse bound for this size ${f1(bound / 1000)} s`,
  );
  console.log('\n| round | pdftotext | upload (send + parse + answer) | ratio | status | chunks | peak rss |');
  console.log('|---|---|---|---|---|---|---|');
  rows.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${f1(r.tool / 1000)} s | ${f1(r.ours / 1000)} s | ${f2(r.ours / r.tool)}x | ${r.status} | ${r.chunks ?? '-'} | ${mb(r.peak)} MB |`,
    ),
  );
  const allOk = rows.every((r) => r.status === 200);
  console.log(
    `  200 under the default bound: ${allOk ? 'met' : 'MISSED'}; upload/pdftotext median ${f2(median(rows.map((r) => r.ours / r.tool)))}x`,
  );
  if (!allOk) process.exitCode = 1;
}

// ---------------------------------------------------------------- c. cold vs warm

async function cold(docs: Docs) {
  const ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 3);
  const LATER = Number(process.env.BENCH_LATER ?? 2);
  const which = (process.env.BENCH_COLD_DOC ?? 'plain') as 'plain' | 'large' | 'gnuplot';
  const file = docs[which];
  const uploader = await startChild('uploader');
  const runs: Record<'warm' | 'cold', { startMs: number; first: number; later: number; tool: number }[]> = {
    warm: [],
    cold: [],
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order: ('warm' | 'cold')[] = round % 2 === 0 ? ['warm', 'cold'] : ['cold', 'warm'];
      for (const mode of order) {
        const tool = pdftotextMs(file);
        const t = performance.now();
        const app = await startChild('serve-app', [mode]);
        try {
          const base = `http://127.0.0.1:${app.info.port as number}`;
          await waitReady(base);
          const startMs = performance.now() - t;
          const times: number[] = [];
          for (let i = 0; i <= LATER; i++) {
            const { results } = await ask<{ results: UploadResult[] }>(uploader, jobFor(app, file, 1, 2000 + i));
            const r = results[0]!;
            if (r.status !== 200) throw new Error(`${mode} upload ${i} answered ${r.status}: ${r.error ?? ''}`);
            times.push(r.ms);
          }
          runs[mode].push({ startMs, first: times[0]!, later: median(times.slice(1)), tool });
          console.log(
            `  [${mode} round ${round + 1}] ready after ${f1(startMs / 1000)} s; first ${f2(times[0]! / 1000)} s, later ${times
              .slice(1)
              .map((x) => f2(x / 1000))
              .join(' ')} s; pdftotext ${f2(tool / 1000)} s`,
          );
        } finally {
          await stopChild(app);
        }
      }
    }
  } finally {
    await stopChild(uploader);
  }
  console.log(
    `\n## c. Cold vs warm start: first upload after /readyz 200 against later ones, ${which}: ${describeDoc(file)}`,
  );
  console.log(
    `node ${process.version}, load average ${loadavg().map(f2).join(' ')}; ${ROUNDS} app starts per mode (alternating), ${LATER} later uploads each; pdftotext FILE /dev/null before each start`,
  );
  console.log(
    '\n| start | ready after (fork to /readyz 200) | first upload | later (median) | first/later | first/pdftotext | later/pdftotext |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const mode of ['warm', 'cold'] as const) {
    const xs = runs[mode];
    const m = (f: (x: (typeof xs)[number]) => number) => median(xs.map(f));
    console.log(
      `| ${mode === 'warm' ? 'warmPool (as server.ts)' : 'without warmPool'} | ${f1(m((x) => x.startMs) / 1000)} s | ${f2(m((x) => x.first) / 1000)} s | ${f2(m((x) => x.later) / 1000)} s | ` +
        `${f2(m((x) => x.first / x.later))}x | ${f2(m((x) => x.first / x.tool))}x | ${f2(m((x) => x.later / x.tool))}x |`,
    );
  }
  console.log(
    `  (medians over the starts; per start: warm ${runs.warm.map((x) => f2(x.first / x.later)).join(' ')}, cold ${runs.cold.map((x) => f2(x.first / x.later)).join(' ')} first/later)`,
  );
}

// ---------------------------------------------------------------- main

const role = process.argv[2];
if (role === 'serve-app' || role === 'uploader') {
  process.on('SIGTERM', () => process.exit(0));
  process.on('disconnect', () => process.exit(0));
  await (role === 'serve-app' ? serveApp(process.argv[3] === 'warm') : serveUploader());
} else {
  const docs = makeDocs();
  try {
    const t = performance.now();
    if (PART === 'all' || PART === 'concurrency') await concurrency(docs);
    if (PART === 'all' || PART === 'large') await large(docs);
    if (PART === 'all' || PART === 'cold') await cold(docs);
    console.log(`\n(total ${f1((performance.now() - t) / 60_000)} min)`);
  } finally {
    rmSync(docs.dir, { recursive: true, force: true });
  }
}

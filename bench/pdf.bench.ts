// PDF chunking, the whole request, against pdftotext (poppler-utils) in the same run (issue 24).
// The app runs in a child process as `npm start` runs it (package.json's flags, the default
// configuration, the pool warmed at start as server.ts does); each round starts a fresh app, waits
// for /readyz, and uploads (multipart, the route's own path): the 1159-page file once (the first
// request after the start), again (a later request), then the 4976-page file. pdftotext reads the
// same bytes right before each upload: `pdftotext -q -enc UTF-8 FILE /dev/null`. Ratio: the
// upload's time (first byte sent to last byte of the answer) over pdftotext's. Beside it, the CPU
// time each spent (the app process's, every thread; pdftotext's from this process's children's
// times): a noisy machine moves wall times by 2x between runs, CPU time much less, so a change in
// the work done (the first request's extra JIT work) shows in the CPU ratio when the wall ratio is noise.
//
// Every upload sends bytes no earlier upload sent: qpdf adds an attachment of 16 random bytes
// (an object no page uses) to each copy, so no cache of ours or of the system's can flatter.
//
//   node_modules/.bin/node bench/run.ts pdf        (or: npm run bench -- pdf; needs qpdf, pdftotext)
//   BENCH_ROUNDS=2          fresh app starts
//   BENCH_LARGE=0           leave the 4976-page file out
//   BENCH_SPARE_THREADS=0   the app's pool without spare threads (one thread per document, as before issue 24)
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleRss } from './rss.ts';
import { benchChunkPool, SPARE_THREADS } from './spare-pool.ts';
import { START_FLAGS } from './start-flags.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = join(root, '..', 'shared', 'corpus');
const MB = 2 ** 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LARGE = process.env.BENCH_LARGE !== '0';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const f2 = (x: number) => x.toFixed(2);

function sh(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { maxBuffer: 64 * MB });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr?.toString() ?? r.error?.message}`);
  return r;
}

/** The app, as server.ts builds it, in this process (the child). */
async function serveApp() {
  const rss = sampleRss();
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { createReadiness } = await import('../src/http/readiness.ts');
  const config = loadConfig({ LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
  const app = await buildApp(config, {
    logger: true,
    readiness: createReadiness(),
    warmPool: true,
    ...(await benchChunkPool(config)),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  let cpuFrom = process.cpuUsage();
  process.on('message', (m) => {
    if (m === 'reset') {
      rss.reset();
      cpuFrom = process.cpuUsage();
    }
    const cpu = process.cpuUsage(cpuFrom);
    process.send!({ peakRss: rss.peak(), cpuMs: (cpu.user + cpu.system) / 1000 });
  });
  process.send!({ port: (app.server.address() as { port: number }).port, key: config.documentApiKey });
}

interface App {
  child: ChildProcess;
  port: number;
  key: string;
}

function startApp(): Promise<App> {
  const child = fork(fileURLToPath(import.meta.url), ['serve-app'], {
    execPath: process.execPath,
    execArgv: START_FLAGS,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number; key: string }) => resolve({ child, ...m }));
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
  });
}

function ask(app: App, msg: string): Promise<{ peakRss: number; cpuMs: number }> {
  return new Promise((resolve) => {
    app.child.once('message', (m) => resolve(m as { peakRss: number; cpuMs: number }));
    app.child.send(msg);
  });
}

async function stopApp(app: App) {
  const gone = new Promise((r) => app.child.once('exit', r));
  app.child.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
  if (app.child.exitCode === null) app.child.kill('SIGKILL');
}

async function waitReady(app: App): Promise<number> {
  const t = performance.now();
  while (performance.now() - t < 120_000) {
    const status = await new Promise<number>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port: app.port, path: '/readyz' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end();
    });
    if (status === 200) return performance.now() - t;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('/readyz not 200 within 120 s');
}

/** One upload: ms from the first byte sent to the last byte of the answer, and the chunk count. */
function upload(app: App, file: string, id: number): Promise<{ ms: number; chunks: number }> {
  const pdf = readFileSync(file);
  const boundary = `----pdf-bench-${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: app.port,
        method: 'POST',
        path: '/apis/chunk-and-perform-embedding.php',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
          'api-key': app.key,
          sourceName: 'bench.pdf',
          'tenant-id': '7',
          'document-id': String(id),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (s: string) => {
          if (text.length < 400) text += s;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`upload answered ${res.statusCode}: ${text.slice(0, 400)}`));
          else resolve({ ms: performance.now() - t, chunks: Number(res.headers['x-total-chunks']) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** CPU time (user + system, ms) of this process's waited-for children so far: /proc/self/stat's cutime and cstime. */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the ") ", field 3 (state) is index 0: cutime is field 16, cstime field 17; in clock ticks (100 a second).
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** pdftotext's time on the file, in ms: wall and CPU. */
function pdftotextMs(file: string): { ms: number; cpuMs: number } {
  const cpu = childrenCpuMs();
  const t = performance.now();
  sh('pdftotext', ['-q', '-enc', 'UTF-8', file, '/dev/null']);
  return { ms: performance.now() - t, cpuMs: childrenCpuMs() - cpu };
}

const role = process.argv[2];
if (role === 'serve-app') {
  process.on('SIGTERM', () => process.exit(0));
  process.on('disconnect', () => process.exit(0));
  await serveApp();
} else {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-bench-'));
  try {
    const g = join(corpus, 'gnuplot.pdf');
    const r = join(corpus, 'R-intro.pdf');
    const big = join(dir, 'big.pdf');
    sh('qpdf', ['--empty', '--pages', g, g, g, r, r, '--', big]);
    // As the load bench makes it: 16 copies of gnuplot.pdf under distinct names (qpdf copies each one's objects).
    const large = join(dir, 'large.pdf');
    if (LARGE) {
      const copies = Array.from({ length: 16 }, (_, i) => {
        const f = join(dir, `g${i}.pdf`);
        copyFileSync(g, f);
        return f;
      });
      sh('qpdf', ['--empty', '--pages', ...copies, '--', large]);
      for (const f of copies) rmSync(f);
    }
    let variants = 0;
    /** A copy of `file` with an attachment of 16 random bytes: bytes never sent before. */
    const variant = (file: string) => {
      const blob = join(dir, `blob-${variants}.bin`);
      writeFileSync(blob, randomBytes(16));
      const out = join(dir, `v${variants++}.pdf`);
      sh('qpdf', [file, '--add-attachment', blob, '--', out]);
      rmSync(blob);
      return out;
    };
    const pages = (file: string) => Number(sh('qpdf', ['--show-npages', file]).stdout.toString().trim());
    const rows: {
      round: number;
      what: string;
      ours: number;
      tool: number;
      oursCpu: number;
      toolCpu: number;
      chunks: number;
      peak: number;
    }[] = [];
    const readies: number[] = [];
    let id = 1;
    for (let round = 1; round <= ROUNDS; round++) {
      const todo: [string, string][] = [
        ['1159 pages, first request after start', variant(big)],
        ['1159 pages, later request', variant(big)],
        ...(LARGE ? [['4976 pages', variant(large)] as [string, string]] : []),
      ];
      const app = await startApp();
      try {
        readies.push(await waitReady(app));
        for (const [what, file] of todo) {
          const { ms: tool, cpuMs: toolCpu } = pdftotextMs(file);
          await ask(app, 'reset');
          const { ms, chunks } = await upload(app, file, id++);
          const { peakRss, cpuMs: oursCpu } = await ask(app, 'stats');
          rows.push({ round, what, ours: ms, tool, oursCpu, toolCpu, chunks, peak: peakRss });
          console.log(
            `  [round ${round}] ${what}: upload ${f2(ms / 1000)} s, pdftotext ${f2(tool / 1000)} s, ${f2(ms / tool)}x; CPU ${f2(oursCpu / 1000)} s against ${f2(toolCpu / 1000)} s, ${f2(oursCpu / toolCpu)}x; ${chunks} chunks, peak rss ${Math.round(peakRss / MB)} MB`,
          );
          rmSync(file);
        }
      } finally {
        await stopApp(app);
      }
    }
    console.log(
      `\nnode ${process.version}, ${availableParallelism()} cores, load average ${loadavg().map(f2).join(' ')}; ${ROUNDS} app starts (npm start's flags${SPARE_THREADS === undefined ? '' : `, spare threads ${SPARE_THREADS}`}), ready after ${readies.map((x) => f2(x / 1000)).join(', ')} s; ` +
        `files: gnuplot.pdf x3 + R-intro.pdf x2 (${pages(big)} pages)${LARGE ? `, gnuplot.pdf x16 (${pages(large)} pages)` : ''}, each upload a copy with its own random attachment`,
    );
    console.log(
      '\n| request | rounds | upload (median) | pdftotext (median) | ratio (median of rounds) | ratios | CPU ratio (median) | CPU ratios | chunks | peak rss |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const what of [...new Set(rows.map((x) => x.what))]) {
      const xs = rows.filter((x) => x.what === what);
      console.log(
        `| ${what} | ${xs.length} | ${f2(median(xs.map((x) => x.ours)) / 1000)} s | ${f2(median(xs.map((x) => x.tool)) / 1000)} s | **${f2(median(xs.map((x) => x.ours / x.tool)))}x** | ${xs.map((x) => f2(x.ours / x.tool)).join(', ')} | ${f2(median(xs.map((x) => x.oursCpu / x.toolCpu)))}x | ${xs.map((x) => f2(x.oursCpu / x.toolCpu)).join(', ')} | ${[...new Set(xs.map((x) => x.chunks))].join(', ')} | ${Math.round(Math.max(...xs.map((x) => x.peak)) / MB)} MB |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

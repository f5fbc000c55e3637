// The document endpoints: chunking (event-loop responsiveness under load, embedding overhead)
// and deletion (overhead over the two bare search calls). Every figure is a ratio against a
// baseline measured in the same run, next to it in time; absolute values are printed too.
//
//   node_modules/.bin/node bench/run.ts documents        (or: npm run bench -- documents)
//   BENCH_PART=responsiveness|embedding|deletion   run one part only (default: all three)
//   BENCH_SECONDS=8 BENCH_ROUNDS=3                 responsiveness: seconds per autocannon run, idle/heavy pairs
//   BENCH_RATE=200 BENCH_CONNECTIONS=2             responsiveness: /healthz requests/s overall, connections
//   BENCH_POOL_THREADS=n                           responsiveness: the app's PDF pool size (default: the app's own)
//   BENCH_EMBED_ROUNDS=11 BENCH_ROUTE_ROUNDS=3     embedding: paired client rounds, route rounds
//   BENCH_DELETE_ROUNDS=25                         deletion: paired rounds
//
// Needs qpdf on PATH. Servers run in child processes (the app under load, the fake embedding
// upstream, the Azure emulator) so that the driver never shares an event loop with them.
import { NO_CALLER_LIMITS } from '../test/helpers/limits.ts';
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { autocannon } from './autocannon.ts';
import { START_FLAGS } from './start-flags.ts';

// ---------------------------------------------------------------- shared

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = join(root, '..', 'shared', 'corpus');
const PART = process.env.BENCH_PART ?? 'all';
const MB = 2 ** 20;
const ENV = {
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  ...NO_CALLER_LIMITS,
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Child {
  child: ChildProcess;
  info: Record<string, unknown>;
}

function startChild(role: string, env: Record<string, string> = {}): Promise<Child> {
  const child = fork(fileURLToPath(import.meta.url), [role], {
    execPath: process.execPath,
    // as `npm start` runs the service (package.json)
    execArgv: START_FLAGS,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, info: m as Record<string, unknown> }));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

/** One request/answer over IPC (the children answer every message with one message). */
function ask<T>(c: Child, cmd: string): Promise<T> {
  return new Promise((resolve) => {
    c.child.once('message', (m) => resolve(m as T));
    c.child.send(cmd);
  });
}

function stopChild(c: Child | undefined) {
  c?.child.removeAllListeners('exit');
  c?.child.kill('SIGTERM');
}

function multipart(pdf: Buffer, filename: string) {
  const boundary = `----documents-bench-${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, pdf, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function documentApiKey(): Promise<string> {
  const { loadConfig } = await import('../src/config.ts');
  return loadConfig(ENV).documentApiKey;
}

// ---------------------------------------------------------------- 1. responsiveness

interface AppStats {
  peakRss: number;
  rss: number;
  eldP99: number;
  eldMax: number;
  cpu: number;
}

async function serveApp() {
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { createChunkPool } = await import('../src/documents/pool.ts');
  const threads = Number(process.env.BENCH_POOL_THREADS ?? 0);
  const app = await buildApp(loadConfig(ENV), {
    logger: false,
    docs: 'none',
    ...(threads > 0 ? { chunkPool: createChunkPool({ threads }) } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const eld = monitorEventLoopDelay({ resolution: 1 });
  eld.enable();
  let peak = process.memoryUsage.rss();
  setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  process.on('message', (m) => {
    if (m === 'reset') {
      eld.reset();
      peak = process.memoryUsage.rss();
    }
    const u = process.cpuUsage();
    const stats: AppStats = {
      peakRss: peak,
      rss: process.memoryUsage.rss(),
      eldP99: eld.percentile(99) / 1e6,
      eldMax: eld.max / 1e6,
      cpu: (u.user + u.system) / 1000,
    };
    process.send!(stats);
  });
  process.send!({ port: (app.server.address() as { port: number }).port, rss: process.memoryUsage.rss() });
}

interface Probe {
  p99: number;
  p50: number;
  acP99: number;
  n: number;
  bad: number;
  app: AppStats;
  appCpuMs: number;
  uploads: number;
}

async function responsiveness() {
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
  const RATE = Number(process.env.BENCH_RATE ?? 200);
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
  const threads = process.env.BENCH_POOL_THREADS;
  const file = join(corpus, 'gnuplot.pdf');
  const mp = multipart(readFileSync(file), 'gnuplot.pdf');
  const key = await documentApiKey();
  const app = await startChild('serve-app');
  const base = `http://127.0.0.1:${app.info.port as number}`;
  const agent = new Agent({ connections: 8 });
  let docId = 1;
  const upload = async () => {
    const res = await request(`${base}/apis/chunk-and-perform-embedding.php`, {
      dispatcher: agent,
      method: 'POST',
      headers: {
        'content-type': mp.contentType,
        'api-key': key,
        sourceName: 'gnuplot.pdf',
        'tenant-id': '7',
        'document-id': String(docId++),
      },
      body: mp.body,
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${text.slice(0, 200)}`);
    return Number(res.headers['x-total-chunks']);
  };

  /** Runs autocannon on /healthz, with `load` uploads going on in a loop meanwhile. */
  const probe = async (seconds: number, load: number): Promise<Probe> => {
    const state = { stop: false, uploads: 0 };
    const loops = Array.from({ length: load }, async () => {
      while (!state.stop) {
        await upload();
        state.uploads++;
      }
    });
    if (load > 0) await new Promise((r) => setTimeout(r, 1000)); // let the uploads get going
    const before = await ask<AppStats>(app, 'reset');
    const times: number[] = [];
    let bad = 0;
    // ignoreCoordinatedOmission: with a rate, autocannon would otherwise back-fill its histogram at
    // a 1 ms expected interval (ceil(1/rate)), which makes its p99 a different, inflated measure.
    const run = autocannon({
      url: `${base}/healthz`,
      connections: CONNECTIONS,
      duration: seconds,
      overallRate: RATE,
      ignoreCoordinatedOmission: true,
    });
    run.on('response', (_c, status, _b, ms) => {
      if (status === 200) times.push(ms);
      else bad++;
    });
    const r = await run;
    const after = await ask<AppStats>(app, 'stats');
    state.stop = true;
    await Promise.all(loops);
    return {
      p99: percentile(times, 99),
      p50: percentile(times, 50),
      acP99: r.latency.p99,
      n: times.length,
      bad: bad + r.errors + r.timeouts,
      app: after,
      appCpuMs: after.cpu - before.cpu,
      uploads: state.uploads,
    };
  };

  try {
    const chunks = await upload(); // starts the pool and warms the worker
    await probe(1, 0);
    console.log(
      `\n## 1. /healthz p99 while 4 uploads of gnuplot.pdf (${chunks} chunks each) are chunked in a loop, against idle, same app process`,
    );
    console.log(
      `node ${process.version}, ${ROUNDS} rounds of (idle ${SECONDS}s, heavy ${SECONDS}s) alternating, autocannon ${CONNECTIONS} connections at ${RATE} req/s overall, ` +
        `latencies from autocannon's per-response times (sub-ms); app in a child process (rss after start ${Math.round((app.info.rss as number) / MB)} MB), pool threads ${threads ?? 'default (cores - 1)'}`,
    );
    const idle: Probe[] = [];
    const heavy: Probe[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [0, 4] : [4, 0];
      for (const load of order) (load === 0 ? idle : heavy).push(await probe(SECONDS, load));
    }
    const line = (who: string, ps: Probe[]) =>
      `  ${who.padEnd(6)} p99 ${f2(median(ps.map((p) => p.p99))).padStart(7)} ms (rounds ${ps.map((p) => f2(p.p99)).join(' ')}; autocannon integer-ms p99 ${ps.map((p) => p.acP99).join(' ')})` +
      `  p50 ${f2(median(ps.map((p) => p.p50)))} ms  event-loop delay p99 ${f1(median(ps.map((p) => p.app.eldP99)))} ms, max ${f1(Math.max(...ps.map((p) => p.app.eldMax)))} ms` +
      `  peak rss ${Math.round(Math.max(...ps.map((p) => p.app.peakRss)) / MB)} MB  app CPU ${f2(median(ps.map((p) => p.appCpuMs / 1000 / SECONDS)))} cores` +
      `  ${ps.reduce((n, p) => n + p.n, 0)} probes, ${ps.reduce((n, p) => n + p.bad, 0)} bad${ps[0]!.uploads ? `, ${ps.reduce((n, p) => n + p.uploads, 0)} uploads done` : ''}`;
    console.log(line('idle', idle));
    console.log(line('heavy', heavy));
    const ratio = median(heavy.map((h, i) => h.p99 / idle[i]!.p99));
    console.log(
      `  heavy/idle p99: ${f2(ratio)}x (median of paired rounds; target <= 2x: ${ratio <= 2 ? 'met' : 'MISSED'})`,
    );
    if ([...idle, ...heavy].some((p) => p.bad > 0)) process.exitCode = 1;
  } finally {
    stopChild(app);
    await agent.close();
  }
}

// ---------------------------------------------------------------- 2. embedding overhead

/** A fixed, valid 1536-float answer, as Azure OpenAI shapes it (numbers with ~10 significant digits). */
function fixedEmbeddingBody(): string {
  const embedding = Array.from({ length: 1536 }, (_, i) => Number((Math.sin(i * 12.9898) * 0.04).toPrecision(10)));
  return JSON.stringify({
    object: 'list',
    data: [{ object: 'embedding', index: 0, embedding }],
    model: 'text-embedding-ada-002',
    usage: { prompt_tokens: 250, total_tokens: 250 },
  });
}

/** Zero-latency upstream: reads the request, answers the fixed body. Records the span of the embedding calls it served. */
async function serveFake() {
  const body = Buffer.from(fixedEmbeddingBody());
  let first = 0;
  let last = 0;
  let calls = 0;
  const server = createServer((req, res) => {
    const t = performance.now();
    if (calls === 0) first = t;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
      calls++;
      last = performance.now();
    });
  });
  server.keepAliveTimeout = 120_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.on('message', () => {
    process.send!({ calls, spanMs: last - first });
    calls = 0;
  });
  process.send!({ port: (server.address() as { port: number }).port, bytes: body.length });
}

async function embedding() {
  const ROUNDS = Number(process.env.BENCH_EMBED_ROUNDS ?? 11);
  const ROUTE_ROUNDS = Number(process.env.BENCH_ROUTE_ROUNDS ?? 3);
  const N = 1000;
  const { createEmbeddingClient } = await import('../src/clients/embeddings.ts');
  const { createOutbound } = await import('../src/clients/outbound.ts');
  const { createChunkPool } = await import('../src/documents/pool.ts');
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');

  // ~1000 chunks: gnuplot + R-intro + groff-manual + chromium-handbook, concatenated with qpdf
  const tmp = mkdtempSync(join(tmpdir(), 'documents-bench-'));
  const big = join(tmp, 'big.pdf');
  const q = spawnSync('qpdf', [
    '--empty',
    '--pages',
    ...['gnuplot.pdf', 'R-intro.pdf', 'groff-manual.pdf', 'chromium-handbook.pdf'].map((f) => join(corpus, f)),
    '--',
    big,
  ]);
  if (q.status !== 0) throw new Error(`qpdf failed: ${q.stderr.toString()}`);
  const pdf = readFileSync(big);

  const fake = await startChild('serve-fake');
  const endpoint = `http://127.0.0.1:${fake.info.port as number}`;
  const target = { endpoint, deployment: 'text-embedding-ada-002', key: 'bench-embedding-key' };
  const outbound = createOutbound(['127.0.0.1']);
  const client = createEmbeddingClient({ dispatcher: outbound.dispatcher, timeoutMs: 30_000 });
  const bareAgent = new Agent({ keepAliveTimeout: 30_000 });
  const url = `${endpoint}/openai/deployments/${target.deployment}/embeddings?api-version=2024-02-01`;
  const bareEmbed = async (input: string): Promise<number[]> => {
    const res = await request(url, {
      dispatcher: bareAgent,
      method: 'POST',
      headers: { 'api-key': target.key, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ input }),
    });
    const v = (JSON.parse(await res.body.text()) as { data: { embedding: number[] }[] }).data[0]!.embedding;
    if (res.statusCode !== 200 || v.length !== 1536) throw new Error('bad fake answer');
    return v;
  };
  const serviceEmbed = (input: string) => client.embed(target, input);

  const pool = createChunkPool();
  const app = await buildApp(loadConfig(ENV), { logger: false, docs: 'none', chunkPool: pool });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/apis/chunk-and-perform-embedding.php`;
  const key = await documentApiKey();
  const mp = multipart(pdf, 'big.pdf');
  const routeAgent = new Agent({ headersTimeout: 600_000, bodyTimeout: 600_000 });

  try {
    const chunks = await pool.chunk(new Uint8Array(pdf));
    const inputs = Array.from({ length: N }, (_, i) => chunks[i % chunks.length]!.content);

    interface Loop {
      wall: number;
      cpu: number;
      span: number;
    }
    const loop = async (embed: (s: string) => Promise<number[]>, xs: string[]): Promise<Loop> => {
      await ask(fake, 'reset');
      const c = cpuMs();
      const t = performance.now();
      for (const s of xs) await embed(s);
      const wall = performance.now() - t;
      const cpu = cpuMs() - c;
      const f = await ask<{ calls: number; spanMs: number }>(fake, 'span');
      if (f.calls !== xs.length) throw new Error(`fake saw ${f.calls} calls, expected ${xs.length}`);
      return { wall, cpu, span: f.spanMs };
    };

    await loop(serviceEmbed, inputs.slice(0, 200)); // warm-up: JIT, sockets
    await loop(bareEmbed, inputs.slice(0, 200));
    const runs: Record<'service' | 'bare', Loop[]> = { service: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order: ('service' | 'bare')[] = round % 2 === 0 ? ['service', 'bare'] : ['bare', 'service'];
      for (const who of order) runs[who].push(await loop(who === 'service' ? serviceEmbed : bareEmbed, inputs));
    }
    console.log(
      `\n## 2. Embedding overhead: ${N} sequential calls against a fixed-body zero-latency fake (${fake.info.bytes as number} bytes per answer), in a child process`,
    );
    console.log(
      `node ${process.version}, ${ROUNDS} paired rounds, alternating order, after a 200-call warm-up of each; inputs = real chunk contents`,
    );
    const line = (who: string, xs: Loop[]) =>
      `  ${who.padEnd(36)} ${f1(median(xs.map((x) => x.wall))).padStart(7)} ms wall (${f1(median(xs.map((x) => (x.wall * 1000) / N)))} us/call; rounds ${xs.map((x) => x.wall.toFixed(0)).join(' ')})  client CPU ${f1(median(xs.map((x) => x.cpu)))} ms`;
    console.log(line('service (createEmbeddingClient.embed)', runs.service));
    console.log(line('bare (undici request, keep-alive)', runs.bare));
    const wallRatio = median(runs.service.map((s, i) => s.wall / runs.bare[i]!.wall));
    const cpuRatio = median(runs.service.map((s, i) => s.cpu / runs.bare[i]!.cpu));
    console.log(
      `  service/bare: wall ${f2(wallRatio)}x (${f1((wallRatio - 1) * 100)} % overhead; target < 10 %: ${wallRatio < 1.1 ? 'met' : 'MISSED'}), client CPU ${f2(cpuRatio)}x (median of paired rounds)`,
    );

    // The whole route: the same PDF with performEmbedding false then true; the fake records the
    // span from the first embedding call it receives to the last answer it sends, for the route
    // and for the bare loop over the same chunk contents, so that chunking time (seconds, noisy)
    // does not swamp the embedding loop.
    const route = async (perform: boolean) => {
      await ask(fake, 'reset');
      const t = performance.now();
      const res = await request(appUrl, {
        dispatcher: routeAgent,
        method: 'POST',
        headers: {
          'content-type': mp.contentType,
          'api-key': key,
          sourceName: 'big.pdf',
          'tenant-id': '7',
          'document-id': '42',
          performEmbedding: String(perform),
          ...(perform
            ? { embeddingEndpoint: endpoint, embeddingKey: target.key, embeddingDeploymentName: target.deployment }
            : {}),
        },
        body: mp.body,
      });
      const text = await res.body.text();
      const wall = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`route answered ${res.statusCode}: ${text.slice(0, 300)}`);
      const f = await ask<{ calls: number; spanMs: number }>(fake, 'span');
      return {
        wall,
        span: f.spanMs,
        calls: f.calls,
        chunks: Number(res.headers['x-total-chunks']),
        bytes: text.length,
      };
    };
    const all = chunks.map((c) => c.content);
    const rr: {
      off: number;
      on: number;
      onSpan: number;
      bare: number;
      bareSpan: number;
      calls: number;
      offBytes: number;
      onBytes: number;
    }[] = [];
    await route(false); // warm-up of the route
    for (let round = 0; round < ROUTE_ROUNDS; round++) {
      const off = await route(false);
      const on = await route(true);
      const bare = await loop(bareEmbed, all);
      if (on.calls !== on.chunks) throw new Error(`route made ${on.calls} embedding calls for ${on.chunks} chunks`);
      rr.push({
        off: off.wall,
        on: on.wall,
        onSpan: on.span,
        bare: bare.wall,
        bareSpan: bare.span,
        calls: on.calls,
        offBytes: off.bytes,
        onBytes: on.bytes,
      });
    }
    const m = (k: keyof (typeof rr)[number]) => median(rr.map((r) => r[k]));
    console.log(`\n  whole route, ${rr[0]!.calls} chunks (${rr[0]!.calls} embedding calls), ${ROUTE_ROUNDS} rounds:`);
    console.log(
      `    performEmbedding false  ${m('off').toFixed(0).padStart(6)} ms  (response ${f1(m('offBytes') / MB)} MB)`,
    );
    console.log(
      `    performEmbedding true   ${m('on').toFixed(0).padStart(6)} ms  (response ${f1(m('onBytes') / MB)} MB); true - false = ${(m('on') - m('off')).toFixed(0)} ms`,
    );
    console.log(`    bare loop, same inputs  ${m('bare').toFixed(0).padStart(6)} ms`);
    console.log(
      `    span at the fake (first call in .. last answer out): route ${m('onSpan').toFixed(0)} ms, bare ${m('bareSpan').toFixed(0)} ms`,
    );
    const spanRatio = median(rr.map((r) => r.onSpan / r.bareSpan));
    const diffRatio = median(rr.map((r) => (r.on - r.off) / r.bare));
    console.log(
      `    route/bare: embedding span ${f2(spanRatio)}x; (true - false)/bare ${f2(diffRatio)}x (includes writing and reading the vectors in the response)`,
    );
  } finally {
    stopChild(fake);
    await app.close();
    await pool.close();
    await Promise.all([outbound.close(), bareAgent.close(), routeAgent.close()]);
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 3. deletion overhead

async function serveEmulator() {
  const { startEmulator } = await import('../emulator/src/index.ts');
  const { indexDefinition } = await import('../src/data/index-definition.ts');
  const emu = await startEmulator({ maxRecordedRequests: 0 });
  emu.createIndex(indexDefinition('pdf-chunks'));
  process.on('message', () => {
    const u = process.cpuUsage();
    process.send!({ cpu: (u.user + u.system) / 1000 });
  });
  process.send!({ url: emu.url, adminKey: emu.keys.searchAdmin });
}

async function deletion() {
  const ROUNDS = Number(process.env.BENCH_DELETE_ROUNDS ?? 25);
  const N = 1000;
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const emu = await startChild('serve-emulator');
  const searchUrl = emu.info.url as string;
  const adminKey = emu.info.adminKey as string;
  const app = await buildApp(loadConfig(ENV), { logger: false, docs: 'none' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/apis/delete-indexed-document.php`;
  const key = await documentApiKey();
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const docs = `${searchUrl}/indexes/pdf-chunks/docs`;
  const headers = { 'api-key': adminKey, 'content-type': 'application/json', accept: 'application/json' };
  const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(18);
  const uploadBody = JSON.stringify({
    value: Array.from({ length: N }, (_, i) => ({
      '@search.action': 'upload',
      id: `7-42-${String(i).padStart(4, '0')}`,
      tenant_id: 7,
      document_id: 42,
      sourceName: 'handbook.pdf',
      section: `Section ${i >> 3}`,
      content: `${i} ${text}`,
      embedding: [],
    })),
  });
  const post = async (url: string, body: string) => {
    const res = await request(url, { dispatcher: agent, method: 'POST', headers, body });
    const t = await res.body.text();
    if (res.statusCode !== 200 && res.statusCode !== 207)
      throw new Error(`${url} answered ${res.statusCode}: ${t.slice(0, 200)}`);
    return JSON.parse(t) as { value: { id?: string; status?: boolean }[] };
  };
  const upload = async () => {
    const r = await post(`${docs}/index?api-version=2024-07-01`, uploadBody);
    if (r.value.length !== N || !r.value.every((v) => v.status === true)) throw new Error('upload failed');
  };
  const viaRoute = async () => {
    const res = await request(appUrl, {
      dispatcher: agent,
      method: 'POST',
      headers: {
        'api-key': key,
        cloudAISearchEndpoint: searchUrl,
        cloudAISearchKey: adminKey,
        indexName: 'pdf-chunks',
        document_id: '42',
      },
    });
    const body = (await res.body.json()) as { deleted_chunks?: number };
    if (res.statusCode !== 200 || body.deleted_chunks !== N)
      throw new Error(`route answered ${res.statusCode}: ${JSON.stringify(body).slice(0, 200)}`);
  };
  const bare = async () => {
    const found = await post(
      `${docs}/search?api-version=2024-07-01`,
      JSON.stringify({ search: '*', filter: 'document_id eq 42', select: 'id', top: N }),
    );
    const ids = found.value.map((v) => v.id!);
    const r = await post(
      `${docs}/index?api-version=2024-07-01`,
      JSON.stringify({ value: ids.map((id) => ({ '@search.action': 'delete', id })) }),
    );
    if (r.value.filter((v) => v.status === true).length !== N) throw new Error('bare delete failed');
  };
  const timed = async (fn: () => Promise<void>) => {
    await upload();
    const e = await ask<{ cpu: number }>(emu, 'cpu');
    const t = performance.now();
    await fn();
    const wall = performance.now() - t;
    const e2 = await ask<{ cpu: number }>(emu, 'cpu');
    return { wall, emuCpu: e2.cpu - e.cpu };
  };

  try {
    for (let i = 0; i < 3; i++) {
      await timed(viaRoute);
      await timed(bare);
    }
    const runs: Record<'route' | 'bare', { wall: number; emuCpu: number }[]> = { route: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order: ('route' | 'bare')[] = round % 2 === 0 ? ['route', 'bare'] : ['bare', 'route'];
      for (const who of order) runs[who].push(await timed(who === 'route' ? viaRoute : bare));
    }
    console.log(
      `\n## 3. Deletion of ${N} chunks: POST /apis/delete-indexed-document.php against the same two calls made bare, emulator in a child process`,
    );
    console.log(
      `node ${process.version}, ${ROUNDS} paired rounds, alternating order, 3 warm-up rounds; re-upload of ${N} docs (untimed) before each timed call`,
    );
    const line = (who: string, xs: { wall: number; emuCpu: number }[]) =>
      `  ${who.padEnd(44)} ${f2(median(xs.map((x) => x.wall))).padStart(7)} ms median (min ${f2(Math.min(...xs.map((x) => x.wall)))}, max ${f2(Math.max(...xs.map((x) => x.wall)))})  emulator CPU ${f1(median(xs.map((x) => x.emuCpu)))} ms`;
    console.log(line('route (client -> app -> emulator search+delete)', runs.route));
    console.log(line('bare (client -> emulator search+delete)', runs.bare));
    const ratio = median(runs.route.map((r, i) => r.wall / runs.bare[i]!.wall));
    console.log(
      `  route/bare: ${f2(ratio)}x (median of paired rounds; overhead ${f2(median(runs.route.map((r, i) => r.wall - runs.bare[i]!.wall)))} ms)`,
    );
  } finally {
    stopChild(emu);
    await app.close();
    await agent.close();
  }
}

// ---------------------------------------------------------------- main

const role = process.argv[2];
if (role === 'serve-app' || role === 'serve-fake' || role === 'serve-emulator') {
  process.on('SIGTERM', () => process.exit(0));
  await (role === 'serve-app' ? serveApp() : role === 'serve-fake' ? serveFake() : serveEmulator());
} else {
  if (PART === 'all' || PART === 'responsiveness') await responsiveness();
  if (PART === 'all' || PART === 'embedding') await embedding();
  if (PART === 'all' || PART === 'deletion') await deletion();
}

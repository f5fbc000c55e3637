// HTTP endpoints against a plain node:http baseline doing the same work.
//
// Each server runs in its own child process (so that autocannon, in this one,
// never shares an event loop with it); runs alternate app/baseline, warm-up
// first, and the ratio app/baseline of requests/s is printed per endpoint.
//
//   node_modules/.bin/node bench/run.ts http        (or: npm run bench -- http)
//   BENCH_SECONDS=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=10 BENCH_LOGGER=warn|off
//
// Both requests/s (what a client sees; on a 2-core machine shared with
// autocannon it is partly the driver's limit) and the server's own CPU time
// per request (process.cpuUsage of the server child, steadier when other work
// runs on the machine) are reported; each round pairs an app run with a
// baseline run next to it in time, and the median of the paired ratios is
// the figure.
//
// The app runs with the production logger options at level warn (no line per
// request, but the per-request child logger is created as in production);
// BENCH_LOGGER=off builds it with logger:false instead.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { jwtVerify } from 'jose';
import { autocannon } from './autocannon.ts';


const SECRET = 'bench-jwt-secret-0123456789abcdef-0123456';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOGGER = process.env.BENCH_LOGGER === 'off' ? 'off' : 'warn';

// ---------------------------------------------------------------- servers

async function serveApp(): Promise<number> {
  const { buildApp, loggerOptions } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const config = loadConfig({ JWT_SECRET: SECRET, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0' });
  const app = await buildApp(config, { logger: LOGGER === 'off' ? false : loggerOptions(config) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

async function serveBaseline(): Promise<number> {
  const { PRODUCTS } = await import('../src/data/index.ts');
  const key = new TextEncoder().encode(SECRET);
  const DECIMAL = /^[+-]?[0-9]+$/;
  // the same response headers as the app, so that both put the same bytes on the wire
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'X-Total-Chunks, X-Embedding-Performed, X-Index-Batches, Allow, WWW-Authenticate',
  };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const int = (v: string | null) => {
    if (v === null || v.length > 32 || !DECIMAL.test(v)) return undefined;
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : undefined;
  };
  const add = (q: URLSearchParams) => {
    const a = int(q.get('input1'));
    const b = int(q.get('input2'));
    if (a === undefined || b === undefined || !Number.isSafeInteger(a + b)) return undefined;
    return { a, b };
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const qi = url.indexOf('?');
    const path = qi < 0 ? url : url.slice(0, qi);
    const q = new URLSearchParams(qi < 0 ? '' : url.slice(qi + 1));
    if (req.method !== 'GET') return send(res, 405, { success: false, error: 'Method Not Allowed. Use GET.' });
    if (path === '/apis/add-url') {
      const r = add(q);
      if (!r) return send(res, 400, { success: false, error: 'bad input' });
      return send(res, 200, { success: true, operation: 'addition', input1: r.a, input2: r.b, result: r.a + r.b });
    }
    if (path === '/apis/products') {
      const page = int(q.get('page') ?? '1');
      const limit = int(q.get('limit') ?? '20');
      if (!page || !limit || page < 1 || limit < 1) return send(res, 400, { success: false, error: 'bad page or limit' });
      const size = Math.min(limit, 50);
      const start = (page - 1) * size;
      return send(res, 200, { success: true, page, limit: size, total: PRODUCTS.length, total_pages: Math.ceil(PRODUCTS.length / size), data: PRODUCTS.slice(start, start + size) });
    }
    if (path === '/apis/add-bearer') {
      const m = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(req.headers.authorization ?? '');
      if (!m) return send(res, 401, { success: false, error: 'Unauthorized.' });
      jwtVerify(m[1]!, key, { algorithms: ['HS256'], issuer: 'sample-utility-service', audience: 'add-bearer', requiredClaims: ['iat', 'exp'] }).then(
        () => {
          const r = add(q);
          if (!r) return send(res, 400, { success: false, error: 'bad input' });
          send(res, 200, { success: true, auth_method: 'Bearer Token (JWT)', operation: 'addition', input1: r.a, input2: r.b, result: r.a + r.b });
        },
        () => send(res, 401, { success: false, error: 'Unauthorized.' }),
      );
      return;
    }
    send(res, 404, { success: false, error: 'not found' });
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

// ---------------------------------------------------------------- driver

interface Run {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** server CPU time (user + system) per request, in microseconds */
  cpuUs: number;
}

interface Child {
  child: ChildProcess;
  port: number;
}

function cpuOf(c: Child): Promise<number> {
  return new Promise((resolve) => {
    c.child.once('message', (m) => resolve((m as { cpu: number }).cpu));
    c.child.send('cpu');
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function startChild(role: 'app' | 'baseline'): Promise<Child> {
  const child = fork(fileURLToPath(import.meta.url), [`serve-${role}`], { execPath: process.execPath, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${role} server exited with ${code}`)));
  });
}

async function drive(c: Child, path: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const before = await cpuOf(c);
  const r = await autocannon({ url: `http://127.0.0.1:${c.port}${path}`, connections: CONNECTIONS, duration: seconds, headers });
  const cpu = (await cpuOf(c)) - before;
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, total: r.requests.total, cpuUs: cpu / Math.max(1, r.requests.total) };
}

async function token(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/apis/add-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: 'lab-api-key-2f9c1e7a', api_secret: 'lab-api-secret-8d3b5a60' }),
  });
  if (res.status !== 200) throw new Error(`add-token answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function main() {
  const app = await startChild('app');
  const base = await startChild('baseline');
  try {
    const bearer = await token(app.port);
    const targets: { name: string; path: string; headers: Record<string, string> }[] = [
      { name: 'add-url', path: '/apis/add-url?input1=5&input2=7', headers: {} },
      { name: 'products page=2&limit=50', path: '/apis/products?page=2&limit=50', headers: {} },
      { name: 'add-bearer', path: '/apis/add-bearer?input1=5&input2=7', headers: { authorization: `Bearer ${bearer}` } },
    ];

    // Same answers from both, so that the comparison is of like with like.
    for (const t of targets) {
      const [a, b] = await Promise.all(
        [app.port, base.port].map((p) => fetch(`http://127.0.0.1:${p}${t.path}`, { headers: t.headers }).then(async (r) => `${r.status} ${await r.text()}`)),
      );
      if (a !== b) throw new Error(`${t.name}: app and baseline differ\n  app:      ${a!.slice(0, 200)}\n  baseline: ${b!.slice(0, 200)}`);
    }

    console.log(`node ${process.version}, ${CONNECTIONS} connections, ${ROUNDS} rounds x ${SECONDS}s per server and endpoint, app logger: ${LOGGER === 'off' ? 'off' : 'production options at level warn'}`);
    let failed = false;
    for (const t of targets) {
      // warm-up: JIT, JSON serializers, jose key import
      await drive(app, t.path, t.headers, 1);
      await drive(base, t.path, t.headers, 1);
      const runs: Record<'app' | 'baseline', Run[]> = { app: [], baseline: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // alternate which goes first, so that drift (other load, GC) spreads over both
        const order: ('app' | 'baseline')[] = round % 2 === 0 ? ['app', 'baseline'] : ['baseline', 'app'];
        for (const who of order) runs[who].push(await drive(who === 'app' ? app : base, t.path, t.headers, SECONDS));
      }
      const sum = (xs: Run[]) => ({
        rps: median(xs.map((r) => r.rps)),
        cpuUs: median(xs.map((r) => r.cpuUs)),
        p99: median(xs.map((r) => r.p99)),
        errors: xs.reduce((n, r) => n + r.errors, 0),
        non2xx: xs.reduce((n, r) => n + r.non2xx, 0),
        total: xs.reduce((n, r) => n + r.total, 0),
      });
      const a = sum(runs.app);
      const b = sum(runs.baseline);
      const rpsRatio = median(runs.app.map((r, i) => r.rps / runs.baseline[i]!.rps));
      const cpuRatio = median(runs.app.map((r, i) => runs.baseline[i]!.cpuUs / r.cpuUs));
      const line = (who: string, x: ReturnType<typeof sum>, rs: Run[]) =>
        `  ${who.padEnd(9)} ${x.rps.toFixed(0).padStart(7)} req/s  p99 ${String(x.p99).padStart(2)} ms  ${x.cpuUs.toFixed(1).padStart(5)} us CPU/req  errors ${x.errors}  non-2xx ${x.non2xx}  (${x.total} req; rounds ${rs.map((r) => r.rps.toFixed(0)).join(' ')})`;
      console.log(`\n${t.name}  (GET ${t.path.split('?')[0]})`);
      console.log(line('app', a, runs.app));
      console.log(line('baseline', b, runs.baseline));
      console.log(`  app/baseline: requests/s ${rpsRatio.toFixed(2)} (median of paired rounds), CPU efficiency ${cpuRatio.toFixed(2)} (baseline CPU/req over app CPU/req)`);
      if (a.errors + a.non2xx + b.errors + b.non2xx > 0) {
        console.log('  !!! errors or non-2xx answers');
        failed = true;
      }
      if (t.name === 'add-url' && rpsRatio < 0.9) console.log('  (below the 0.9 target on add-url)');
    }
    if (failed) process.exitCode = 1;
  } finally {
    app.child.kill('SIGTERM');
    base.child.kill('SIGTERM');
  }
}

const role = process.argv[2];
if (role === 'serve-app' || role === 'serve-baseline') {
  const port = role === 'serve-app' ? await serveApp() : await serveBaseline();
  process.send!({ port });
  process.on('message', () => {
    const u = process.cpuUsage();
    process.send!({ cpu: u.user + u.system });
  });
  process.on('SIGTERM', () => process.exit(0));
} else {
  await main();
}

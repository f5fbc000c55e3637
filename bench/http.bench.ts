// HTTP endpoints against a plain node:http baseline doing the same work, and against a bare
// Fastify doing it too (the "floor": what the framework alone costs); bench/http-servers.ts.
//
// Each server runs in its own child process (so that autocannon, in this one,
// never shares an event loop with it); runs rotate app/baseline/floor, warm-up
// first, and the ratios to the baseline of requests/s are printed per endpoint
// and connection count.
//
//   node_modules/.bin/node bench/run.ts http        (or: npm run bench -- http)
//   BENCH_SECONDS=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=10,50 BENCH_LOGGER=warn|off
//   BENCH_ONLY=add-url,products,add-bearer (endpoints whose name starts with one of these)
//   BENCH_FLOOR=0 (no bare-Fastify server)
//   BENCH_PROFILE=dir (a V8 CPU profile of each server child, <role>.<pid>.cpuprofile)
//
// BENCH_CONNECTIONS is a list: every endpoint is driven at each count in turn
// (default 10 and 50; the gap to the baseline shows more at 50).
//
// Both requests/s (what a client sees; on a 2-core machine shared with
// autocannon it is partly the driver's limit) and the server's own CPU time
// per request (process.cpuUsage of the server child) are reported; each round
// runs every server next to the others in time, and the median of the paired
// ratios is the figure.
//
// The app runs with the production logger options at level warn (no line per
// request, but the per-request child logger is created as in production);
// BENCH_LOGGER=off builds it with logger:false instead.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { autocannon } from './autocannon.ts';
import { appServer, baselineServer, floorServer } from './http-servers.ts';
import { START_FLAGS } from './start-flags.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
if (CONNECTIONS.some((c) => !Number.isInteger(c) || c < 1))
  throw new Error('BENCH_CONNECTIONS: a comma-separated list of positive integers');
const ONLY = process.env.BENCH_ONLY?.split(',') ?? [];
const FLOOR = process.env.BENCH_FLOOR !== '0';
const PROFILE = process.env.BENCH_PROFILE;
const LOGGER = process.env.BENCH_LOGGER === 'off' ? 'off' : 'warn';

type Role = 'app' | 'baseline' | 'floor';

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

function startChild(role: Role): Promise<Child> {
  // Every server with the flags `npm start` gives the app (package.json), so that they differ only in their code.
  const flags = [...START_FLAGS, ...process.execArgv];
  const execArgv = PROFILE
    ? [...flags, '--cpu-prof', `--cpu-prof-dir=${PROFILE}`, `--cpu-prof-name=${role}.${process.pid}.cpuprofile`]
    : flags;
  const child = fork(fileURLToPath(import.meta.url), [`serve-${role}`], {
    execPath: process.execPath,
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${role} server exited with ${code}`)));
  });
}

async function drive(
  c: Child,
  path: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Run> {
  const before = await cpuOf(c);
  const r = await autocannon({ url: `http://127.0.0.1:${c.port}${path}`, connections, duration: seconds, headers });
  const cpu = (await cpuOf(c)) - before;
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
    cpuUs: cpu / Math.max(1, r.requests.total),
  };
}

/** One answer as it is on the wire (a fresh connection), with the Date header's value blanked. */
function rawAnswer(port: number, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const head: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          head.push(`${name}: ${name.toLowerCase() === 'date' ? '-' : res.rawHeaders[i + 1]}`);
        }
        resolve(`${res.statusCode}\n${head.join('\n')}\n\n${Buffer.concat(chunks).toString()}`);
      });
    });
    req.on('error', reject);
  });
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

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main() {
  const roles: Role[] = FLOOR ? ['app', 'baseline', 'floor'] : ['app', 'baseline'];
  const servers = {} as Record<Role, Child>;
  for (const role of roles) servers[role] = await startChild(role);
  try {
    const bearer = await token(servers.app.port);
    const all: { name: string; path: string; headers: Record<string, string> }[] = [
      { name: 'add-url', path: '/apis/add-url?input1=5&input2=7', headers: {} },
      { name: 'products page=2&limit=50', path: '/apis/products?page=2&limit=50', headers: {} },
      {
        name: 'add-bearer',
        path: '/apis/add-bearer?input1=5&input2=7',
        headers: { authorization: `Bearer ${bearer}` },
      },
    ];
    const targets = all.filter((t) => ONLY.length === 0 || ONLY.some((o) => t.name.startsWith(o)));

    // Same answers from all (status, headers but the date, body), so that the comparison is of like with like.
    for (const t of targets) {
      const answers = await Promise.all(roles.map((r) => rawAnswer(servers[r].port, t.path, t.headers)));
      for (let i = 1; i < roles.length; i++) {
        if (answers[i] !== answers[0])
          throw new Error(
            `${t.name}: app and ${roles[i]} differ\n  app: ${answers[0]!.slice(0, 600)}\n  ${roles[i]}: ${answers[i]!.slice(0, 600)}`,
          );
      }
    }

    console.log(
      `node ${process.version} ${START_FLAGS.join(' ')}, ${CONNECTIONS.join(' and ')} connections, ${ROUNDS} rounds x ${SECONDS}s per server, endpoint and count, ` +
        `app logger: ${LOGGER === 'off' ? 'off' : 'production options at level warn'}; load average ${load()}`,
    );
    let failed = false;
    for (const t of targets) {
      for (const connections of CONNECTIONS) {
        // warm-up: JIT, JSON serializers, jose key import
        for (const role of roles) await drive(servers[role], t.path, t.headers, connections, 1);
        const runs = Object.fromEntries(roles.map((r) => [r, [] as Run[]])) as Record<Role, Run[]>;
        for (let round = 0; round < ROUNDS; round++) {
          // rotate which goes first, so that drift (other load, GC) spreads over all
          const order = roles.map((_, i) => roles[(i + round) % roles.length]!);
          for (const who of order) runs[who].push(await drive(servers[who], t.path, t.headers, connections, SECONDS));
        }
        const sum = (xs: Run[]) => ({
          rps: median(xs.map((r) => r.rps)),
          cpuUs: median(xs.map((r) => r.cpuUs)),
          p99: median(xs.map((r) => r.p99)),
          errors: xs.reduce((n, r) => n + r.errors, 0),
          non2xx: xs.reduce((n, r) => n + r.non2xx, 0),
          total: xs.reduce((n, r) => n + r.total, 0),
        });
        const ratio = (a: Role, b: Role) => ({
          rps: median(runs[a].map((r, i) => r.rps / runs[b][i]!.rps)),
          cpu: median(runs[a].map((r, i) => runs[b][i]!.cpuUs / r.cpuUs)),
        });
        console.log(`\n${t.name}  (GET ${t.path.split('?')[0]}), ${connections} connections`);
        for (const role of roles) {
          const x = sum(runs[role]);
          console.log(
            `  ${role.padEnd(9)} ${x.rps.toFixed(0).padStart(7)} req/s  p99 ${String(x.p99).padStart(2)} ms  ${x.cpuUs.toFixed(1).padStart(5)} us CPU/req  ` +
              `errors ${x.errors}  non-2xx ${x.non2xx}  (${x.total} req; rounds ${runs[role].map((r) => r.rps.toFixed(0)).join(' ')})`,
          );
          if (x.errors + x.non2xx > 0) failed = true;
        }
        const pairs: [Role, Role][] = FLOOR
          ? [
              ['app', 'baseline'],
              ['floor', 'baseline'],
              ['app', 'floor'],
            ]
          : [['app', 'baseline']];
        for (const [a, b] of pairs) {
          const r = ratio(a, b);
          console.log(
            `  ${`${a}/${b}:`.padEnd(15)} requests/s ${r.rps.toFixed(2)}, CPU efficiency ${r.cpu.toFixed(2)} (${b} CPU/req over ${a} CPU/req; medians of paired rounds)`,
          );
        }
        if (ratio('app', 'baseline').rps < 0.9) console.log('  (app below the 0.9 target)');
      }
    }
    console.log(`\nload average at the end: ${load()}`);
    if (failed) {
      console.log('!!! errors or non-2xx answers');
      process.exitCode = 1;
    }
  } finally {
    for (const role of roles) servers[role].child.kill('SIGTERM');
  }
}

const role = process.argv[2];
if (role === 'serve-app' || role === 'serve-baseline' || role === 'serve-floor') {
  const server =
    role === 'serve-app'
      ? await appServer({ logger: LOGGER })
      : role === 'serve-baseline'
        ? await baselineServer()
        : await floorServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.send!({ port: (server.address() as { port: number }).port });
  process.on('message', () => {
    const u = process.cpuUsage();
    process.send!({ cpu: u.user + u.system });
  });
  process.on('SIGTERM', () => process.exit(0));
} else {
  await main();
}

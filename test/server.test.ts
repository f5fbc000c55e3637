// The real process over a real socket: what app.inject() cannot show
// (start-up with the embedded defaults, config errors, signals, keep-alive,
// tokens shared by two processes through JWT_SECRET alone).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { LAB_DEFAULTS } from '../src/config.ts';
import {
  cleanEnv,
  HANG_GUARD_MS,
  ROOT,
  SERVER,
  START,
  START_ARGS,
  startServer,
  type ServerProcess,
} from './helpers/server-process.ts';

const SECRET_A = 'e2e-shared-jwt-secret-0123456789abcdef';
const SECRET_B = 'e2e-other-jwt-secret-0123456789abcdef!';

async function runToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, START_ARGS, {
    cwd: ROOT,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const guard = setTimeout(() => child.kill('SIGKILL'), HANG_GUARD_MS);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(guard);
  return { code, stdout, stderr };
}

/** Resolves once the server's stdout has a line matching `pattern` (bounded by the hang guard). */
async function waitForLine(s: ServerProcess, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (!pattern.test(s.stdout())) {
    if (Date.now() > deadline) throw new Error(`no line matching ${pattern}: ${s.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function getToken(base: string): Promise<string> {
  const res = await fetch(`${base}/apis/add-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: LAB_DEFAULTS.ADD_API_KEY, api_secret: LAB_DEFAULTS.ADD_API_SECRET }),
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { token: string }).token;
}

describe('server process with the embedded defaults', () => {
  let s: ServerProcess;
  before(async () => {
    s = await startServer();
  });
  after(async () => {
    await s.stop();
  });

  test('npm start runs this entry point with node', () => {
    assert.match(START, /^node( --[\w-]+(=\S+)?)* src\/server\.ts$/);
    assert.equal(START_ARGS.at(-1), SERVER);
  });

  test('/healthz answers 200 {"status":"ok"}', async () => {
    const res = await fetch(`${s.base}/healthz`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ok' });
  });

  test('the lab credentials work as documented', async () => {
    const res = await fetch(`${s.base}/apis/add-apikey?input1=5&input2=7`, {
      headers: { api_key: LAB_DEFAULTS.ADD_API_KEY },
    });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { result: number }).result, 12);
  });

  test('the start log names the landing page, the docs and the collection, and the landing page answers', async () => {
    const deadline = Date.now() + HANG_GUARD_MS;
    while (!s.stdout().includes('ready to serve') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const line = s
      .stdout()
      .split('\n')
      .find((l) => l.includes('ready to serve'));
    assert.ok(line, s.stdout());
    const { urls } = JSON.parse(line) as { urls: string[] };
    assert.deepEqual(urls, [`${s.base}/`, `${s.base}/docs`, `${s.base}/postman.json`]);
    const res = await fetch(urls[0]!);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await res.text(), /href="\/postman.json"/);
  });

  test('without JWT_SECRET: one warning line, and no secret in the log', () => {
    const lines = s
      .stdout()
      .split('\n')
      .filter((l) => l.includes('JWT_SECRET'));
    assert.equal(lines.length, 1, s.stdout());
    assert.match(lines[0]!, /"level":40/);
  });

  test('aliases and CORS over the socket', async () => {
    for (const path of ['/apis/add-url', '/apis/add-url.php']) {
      const res = await fetch(`${s.base}${path}?input1=1&input2=2`, { headers: { origin: 'https://app.example' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.deepEqual(await res.json(), { success: true, operation: 'addition', input1: 1, input2: 2, result: 3 });
    }
    const preflight = await fetch(`${s.base}/survey_api.php`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'key,secret,content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    const err = await fetch(`${s.base}/survey_api`, { method: 'POST', headers: { origin: 'https://app.example' } });
    assert.equal(err.status, 401);
    assert.equal(err.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await err.json(), { success: false, error: 'Unauthorized. Invalid key or secret.' });
    const wrong = await fetch(`${s.base}/survey_api.php`, { method: 'GET' });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'POST');
  });

  test('keep-alive: several requests, errors included, share one connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ports = new Set<number>();
    const reused: boolean[] = [];
    try {
      for (const path of [
        '/healthz',
        '/apis/add-url?input1=1&input2=2',
        '/apis/nowhere',
        '/apis/add-url?input1=x',
        '/apis/users?id=3',
      ]) {
        await new Promise<void>((resolve, reject) => {
          const req = http.get(`${s.base}${path}`, { agent }, (res) => {
            ports.add(req.socket!.localPort!);
            reused.push(req.reusedSocket);
            assert.equal(res.headers.connection, 'keep-alive');
            res.resume();
            res.on('end', resolve);
          });
          req.on('error', reject);
        });
      }
    } finally {
      agent.destroy();
    }
    assert.equal(ports.size, 1);
    assert.deepEqual(reused, [false, true, true, true, true]);
  });

  test('a 10 MB body is refused with a 413 JSON answer, and the server goes on', async () => {
    // The server answers from Content-Length alone (and closes), so only the
    // headers are sent: writing the 10 MB would race the close (EPIPE).
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${s.base}/apis/add-body`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 10 * 1024 * 1024 } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => {
            resolve({ status: res.statusCode!, body: text });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.write('"aaaa');
      req.flushHeaders();
    });
    assert.equal(status, 413);
    assert.deepEqual(JSON.parse(body), { success: false, error: 'Request body is too large.' });
    assert.equal((await fetch(`${s.base}/healthz`)).status, 200);
  });
});

describe('configuration errors stop the start', () => {
  const cases: [string, string][] = [
    ['PORT', 'abc'],
    ['JWT_SECRET', 'x'.repeat(10)],
    ['SURVEY_KEY', 'not-a-guid'],
    ['LOG_LEVEL', 'loud'],
    ['OCR_DATA_DIR', '/nonexistent'],
  ];
  for (const [variable, value] of cases) {
    test(`${variable}=${value.slice(0, 12)}: exit 1 with one line naming it`, async () => {
      const r = await runToExit({ [variable]: value });
      assert.equal(r.code, 1);
      const lines = r.stderr.trim().split('\n');
      assert.equal(lines.length, 1, r.stderr);
      assert.ok(lines[0]!.includes(variable), lines[0]);
      assert.equal(r.stdout, '');
    });
  }
});

describe('signals', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`${signal}: exit 0`, async () => {
      const s = await startServer({ JWT_SECRET: SECRET_A });
      assert.equal((await fetch(`${s.base}/healthz`)).status, 200);
      assert.equal(await s.stop(signal), 0, `the server's log:\n${s.stdout().slice(-2000)}${s.stderr().slice(-1000)}`);
    });
  }

  test('SIGTERM with SHUTDOWN_DELAY_MS: /readyz 503 draining while requests are still served, then exit 0', async () => {
    const s = await startServer({ JWT_SECRET: SECRET_A, SHUTDOWN_DELAY_MS: '5000' });
    // Ready once the warm-up parse is done (503 'starting' until then).
    let status = '';
    for (
      const end = Date.now() + HANG_GUARD_MS;
      status !== 'ready' && Date.now() < end;
      await new Promise((r) => setTimeout(r, 50))
    ) {
      status = ((await (await fetch(`${s.base}/readyz`)).json()) as { status: string }).status;
    }
    assert.equal(status, 'ready');
    const exited = s.stop('SIGTERM');
    await waitForLine(s, /"msg":"shutting down"/);
    const ready = await fetch(`${s.base}/readyz`);
    assert.equal(ready.status, 503);
    assert.deepEqual(await ready.json(), { status: 'draining' });
    assert.equal((await fetch(`${s.base}/healthz`)).status, 200);
    assert.equal((await fetch(`${s.base}/apis/add-url?input1=1&input2=2`)).status, 200);
    assert.equal(await exited, 0);
  });

  test('SIGTERM with an idle keep-alive connection open still exits 0', async () => {
    const s = await startServer({ JWT_SECRET: SECRET_A });
    const agent = new http.Agent({ keepAlive: true });
    try {
      await new Promise<void>((resolve, reject) => {
        http.get(`${s.base}/healthz`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
      });
      assert.equal(await s.stop('SIGTERM'), 0);
    } finally {
      agent.destroy();
    }
  });
});

describe('two processes, tokens through JWT_SECRET alone', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let c: ServerProcess;
  let started: ServerProcess[] = [];
  before(async () => {
    // allSettled: when one start fails (a loaded machine), the others are still stopped in
    // `after`; with Promise.all they were left running and the test process never exited.
    const results = await Promise.allSettled([
      startServer({ JWT_SECRET: SECRET_A }),
      startServer({ JWT_SECRET: SECRET_A }),
      startServer({ JWT_SECRET: SECRET_B }),
    ]);
    started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    [a, b, c] = started as [ServerProcess, ServerProcess, ServerProcess];
  });
  after(async () => {
    await Promise.all(started.map((s) => s.stop()));
  });

  test('a token from process A is accepted by process B (same secret)', async () => {
    const token = await getToken(a.base);
    const res = await fetch(`${b.base}/apis/add-bearer?input1=20&input2=22`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      success: true,
      auth_method: 'Bearer Token (JWT)',
      operation: 'addition',
      input1: 20,
      input2: 22,
      result: 42,
    });
  });

  test('and rejected by process C (another secret)', async () => {
    const token = await getToken(a.base);
    const res = await fetch(`${c.base}/apis/add-bearer?input1=20&input2=22`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer /);
  });

  test('at the default log level no credential reaches the log', async () => {
    await fetch(`${a.base}/apis/add-apikey?input1=1&input2=2`, { headers: { api_key: LAB_DEFAULTS.ADD_API_KEY } });
    assert.ok(!a.stdout().includes(LAB_DEFAULTS.ADD_API_KEY));
    assert.ok(!a.stdout().includes(SECRET_A));
  });
});

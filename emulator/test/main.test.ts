/** `npm run emulator` entry: starts on loopback, optionally creates pdf-chunks, prints URLs/keys, exits 0 on signals. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

async function startMain(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { ...process.env, EMULATOR_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => (out += d));
  let err = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => (err += d));
  const deadline = Date.now() + 10_000;
  while (!/Ctrl\+C to stop/.test(out) && child.exitCode === null && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  return { child, out: () => out, err: () => err, url };
}

describe('emulator main', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`prints URLs, keys and the OUTBOUND_ALLOWED_HOSTS hint, creates pdf-chunks, exits 0 on ${signal}`, async () => {
      const { child, out, url } = await startMain(['--create-index', '--quiet']);
      try {
        assert.ok(url, out());
        for (const text of [
          'emulator-embedding-key',
          'emulator-search-admin-key',
          'emulator-search-query-key',
          'text-embedding-ada-002',
          'OUTBOUND_ALLOWED_HOSTS=127.0.0.1',
          'pdf-chunks',
        ]) {
          assert.ok(out().includes(text), text);
        }
        const res = await fetch(`${url}/indexes/pdf-chunks?api-version=2024-07-01`, {
          headers: { 'api-key': 'emulator-search-admin-key' },
        });
        assert.equal(res.status, 200);
        const def = (await res.json()) as { fields: Array<{ name: string }> };
        assert.deepEqual(
          def.fields.map((f) => f.name),
          ['id', 'tenant_id', 'document_id', 'sourceName', 'section', 'content', 'embedding'],
        );
      } finally {
        child.kill(signal);
      }
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 0);
    });
  }

  it('takes keys from the environment and starts without an index by default', async () => {
    const { child, out, url } = await startMain([], {
      EMULATOR_SEARCH_ADMIN_KEY: 'my-admin',
      EMULATOR_EMBEDDING_KEY: 'my-embed',
      EMULATOR_QUIET: '1',
    });
    try {
      assert.ok(out().includes('my-admin') && out().includes('my-embed'));
      const res = await fetch(`${url}/indexes?api-version=2024-07-01`, { headers: { 'api-key': 'my-admin' } });
      assert.deepEqual(((await res.json()) as { value: unknown[] }).value, []);
    } finally {
      child.kill('SIGTERM');
    }
    await once(child, 'exit');
  });

  it('a bad EMULATOR_PORT stops the start with one line naming it', async () => {
    const { child, err } = await startMain([], { EMULATOR_PORT: 'abc' });
    if (child.exitCode === null) await once(child, 'exit');
    assert.equal(child.exitCode, 1);
    assert.match(err(), /EMULATOR_PORT/);
  });
});

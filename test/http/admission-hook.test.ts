// The admission hook with a stand-in admission: a slot is taken before the handler runs and
// given back once the answer is out; a refusal is the error answer; a caller who leaves while
// waiting is left without an answer and never reaches the handler.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { admissionHook } from '../../src/http/admission-hook.ts';
import { installErrorHandlers } from '../../src/http/error-handler.ts';
import { trackPaths } from '../../src/http/method-not-allowed.ts';
import type { Admission, Release } from '../../src/documents/admission.ts';
import { fail } from '../../src/errors.ts';

type Mode = 'admit' | 'refuse' | 'wait';

/** An admission that does what the test says, and records what the hook did with it. */
function standIn(mode: Mode) {
  const seen = { entered: 0, released: 0, aborted: false, stateRead: 0 };
  const admission: Admission = {
    limits: { maxInFlight: 1, maxQueued: 0, retryAfterSeconds: 2 },
    full: () => false,
    state: () => {
      seen.stateRead++;
      return { inFlight: 1, queued: 0 };
    },
    enter: (signal) => {
      seen.entered++;
      const release: Release = () => {
        seen.released++;
      };
      if (mode === 'admit') return Promise.resolve(release);
      if (mode === 'refuse') return Promise.reject(fail('service_busy').withHeaders({ 'retry-after': '2' }));
      return new Promise<Release>((_resolve, reject) => {
        signal?.addEventListener('abort', () => {
          seen.aborted = true;
          reject(signal.reason as Error);
        });
      });
    },
  };
  return { admission, seen };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('admissionHook', () => {
  const apps: FastifyInstance[] = [];
  let handled = 0;
  async function serve(mode: Mode) {
    const { admission, seen } = standIn(mode);
    const app = Fastify({ logger: false });
    installErrorHandlers(app, trackPaths(app));
    app.post('/upload', { onRequest: admissionHook(admission) }, async () => {
      handled++;
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    apps.push(app);
    return { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, app, seen };
  }
  before(() => {
    handled = 0;
  });
  after(async () => {
    for (const app of apps) await app.close();
  });

  const cases: {
    name: string;
    mode: Mode;
    run: (s: Awaited<ReturnType<typeof serve>>) => Promise<void>;
  }[] = [
    {
      name: 'admitted: the handler runs, and the slot is given back once after the answer',
      mode: 'admit',
      run: async ({ base, seen }) => {
        const before = handled;
        const res = await fetch(`${base}/upload`, { method: 'POST', body: 'x' });
        assert.equal(res.status, 200);
        assert.deepEqual(await res.json(), { ok: true });
        assert.equal(handled, before + 1);
        await until(() => seen.released === 1);
        await new Promise((r) => setTimeout(r, 50));
        assert.deepEqual([seen.entered, seen.released], [1, 1]);
      },
    },
    {
      name: 'refused: the admission error is the answer, the handler never runs and no slot is released',
      mode: 'refuse',
      run: async ({ base, seen }) => {
        const before = handled;
        const res = await fetch(`${base}/upload`, { method: 'POST', body: 'x' });
        assert.equal(res.status, 503);
        assert.equal(res.headers.get('retry-after'), '2');
        assert.equal(res.headers.get('x-error-code'), 'service_busy');
        assert.equal(handled, before);
        assert.equal(seen.stateRead, 1);
        assert.equal(seen.released, 0);
      },
    },
    {
      name: 'the caller leaves while waiting: the wait is aborted, no answer, no handler',
      mode: 'wait',
      run: async ({ app, seen }) => {
        const before = handled;
        const socket = connect((app.server.address() as { port: number }).port, '127.0.0.1');
        socket.on('error', () => {});
        let answer = '';
        socket.on('data', (d: Buffer) => (answer += d.toString()));
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        socket.write('POST /upload HTTP/1.1\r\nhost: x\r\ncontent-length: 1\r\n\r\nx');
        await until(() => seen.entered === 1);
        socket.destroy();
        await until(() => seen.aborted);
        await new Promise((r) => setTimeout(r, 50));
        assert.equal(answer, '');
        assert.equal(handled, before);
        assert.equal(seen.stateRead, 0);
      },
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      await c.run(await serve(c.mode));
    });
  }
});

// Refused bodies are drained, not reset under the client's writes: the connection stays usable
// after a refusal, a client that asked to close gets its answer then the close, and the drain is
// bounded in bytes and in time. Over a real socket: an injected request has no connection.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { DRAIN_MAX_BYTES, DRAIN_MAX_MS, drainRefusedBodies } from '../../src/http/drain.ts';

async function open(app: FastifyInstance) {
  const socket = connect((app.server.address() as { port: number }).port, '127.0.0.1');
  socket.on('error', () => {});
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, answer: () => answer, closed };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const post = (body: string, extra = '') =>
  `POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n${extra}\r\n${body}`;

describe('the bounds', () => {
  const cases: [string, number, number][] = [
    ['128 MiB of unread body at most', DRAIN_MAX_BYTES, 128 * 1024 * 1024],
    ['15 s at most', DRAIN_MAX_MS, 15_000],
  ];
  for (const [name, got, want] of cases) test(name, () => assert.equal(got, want));
});

describe('a refused body is drained: the client reads its answer', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ bodyLimit: 1024 });
    drainRefusedBodies(app);
    app.post('/', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => app.close());

  const big = `{"x":"${'7'.repeat(64 * 1024)}"}`;
  const cases: { name: string; extra: string; connection: RegExp; closes: boolean }[] = [
    {
      name: 'keep-alive: the connection serves the next request',
      extra: '',
      connection: /^(?!.*\r\nconnection: close)/s,
      closes: false,
    },
    {
      name: 'Connection: close: the answer says keep-alive, and the server closes once the body is in',
      extra: 'connection: close\r\n',
      connection: /\r\nconnection: keep-alive\r\n/i,
      closes: true,
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const s = await open(app);
      s.socket.write(post(big, c.extra));
      await until(() => s.answer().includes('\r\n\r\n'));
      assert.match(s.answer(), /^HTTP\/1\.1 413 /);
      assert.match(s.answer(), c.connection);
      if (c.closes) {
        await s.closed;
      } else {
        s.socket.write(post('{}'));
        await until(() => /HTTP\/1\.1 200 /.test(s.answer()));
        assert.ok(!s.socket.destroyed);
        s.socket.destroy();
      }
    });
  }
});

describe('the drain is bounded: a body that never ends is cut after the answer', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ bodyLimit: 1024 });
    drainRefusedBodies(app, { maxBytes: 64 * 1024, maxMs: 300 });
    app.post('/', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => app.close());

  for (const [name, send] of [
    ['by time: the client stalls after the headers', (s: Socket) => s.write('x')],
    [
      'by bytes: the client keeps sending past the bound',
      (s: Socket) => {
        const block = Buffer.alloc(16 * 1024, 0x78);
        const pump = () => {
          while (!s.destroyed && s.write(block));
        };
        s.on('drain', pump);
        pump();
      },
    ],
  ] as const) {
    test(name, async () => {
      const s = await open(app);
      s.socket.write(
        'POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000000\r\n\r\n',
      );
      send(s.socket);
      await s.closed;
      assert.match(s.answer(), /^HTTP\/1\.1 413 /);
    });
  }
});

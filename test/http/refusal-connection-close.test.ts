// A client that asks for `Connection: close` (Node's http client without keep-alive, HTTP/1.0
// tools) and is refused before its body is read (401, 413, 503) gets the answer and is not reset
// under its writes: the connection stays open while the rest of the body comes, and is closed
// by the server once it is in (seen: 47 of 63 refused 40 MB uploads got EPIPE instead of the 503,
// bench/load.bench.ts with BENCH_CONNECTION_CLOSE=1).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, LAB } from '../helpers/app.ts';

const BLOCK = Buffer.alloc(64 * 1024, 0x78);
const BODY_BYTES = 32 * BLOCK.length; // 2 MiB

interface Outcome {
  answer: string;
  /** the server closed (FIN) before the whole declared body was written */
  closedEarly: boolean;
  errors: string[];
}

const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;

async function write(socket: Socket, data: Buffer): Promise<void> {
  if (!socket.write(data)) await Promise.race([once(socket, 'drain'), once(socket, 'close')]);
}

/** Waits for `cond` (polled), at most `ms`; false when it never held. */
async function until(cond: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; !cond(); waited += 10) {
    if (waited >= ms) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

/**
 * Sends the head with `connection: close` and a 2 MiB content-length, one block, waits for the
 * answer, then writes the rest of the body and waits for the server to close.
 */
async function refusedWithClose(port: number, head: string): Promise<Outcome> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const errors: string[] = [];
  socket.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
  let bodyDone = false;
  let closedEarly = false;
  let ended = false;
  socket.once('end', () => {
    ended = true;
    closedEarly = !bodyDone;
  });
  await once(socket, 'connect');
  socket.write(`${head}connection: close\r\ncontent-length: ${BODY_BYTES}\r\n\r\n`);
  await write(socket, BLOCK);
  assert.ok(await until(() => answer.includes('\r\n\r\n'), 10_000), 'no answer');
  // Time for a server that closes after its answer to do so before the rest is written.
  await until(() => ended || errors.length > 0, 200);
  for (let sent = BLOCK.length; sent < BODY_BYTES && !socket.destroyed && !ended; sent += BLOCK.length)
    await write(socket, BLOCK);
  bodyDone = !socket.destroyed && !ended;
  socket.end();
  const closed = await until(() => ended || socket.destroyed, 10_000);
  socket.destroy();
  assert.ok(closed, 'the server kept the connection of a client that asked to close');
  return { answer, closedEarly, errors };
}

describe('refused before the body is read, to a client that asked to close: the answer, then a close once the body is in', () => {
  let app: FastifyInstance;
  let full: FastifyInstance;
  let holder: Socket | undefined;
  before(async () => {
    app = await buildTestApp({ docs: 'none' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    // One slot, no queue: an upload whose body never ends holds it, so the next one gets 503.
    full = await buildTestApp({ docs: 'none', env: { MAX_DOCUMENTS_IN_FLIGHT: '1', MAX_DOCUMENTS_QUEUED: '0' } });
    await full.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    holder?.destroy();
    await Promise.all([app.close(), full.close()]);
  });

  const upload = (key: string) =>
    `POST /apis/chunk-and-perform-embedding.php HTTP/1.1\r\nhost: x\r\ncontent-type: application/pdf\r\napi-key: ${key}\r\nsourceName: a.pdf\r\ntenant-id: 1\r\ndocument-id: 1\r\n`;

  test('401: a wrong api-key on an upload', async () => {
    const o = await refusedWithClose(portOf(app), upload('wrong-key'));
    assert.match(o.answer, /^HTTP\/1\.1 401 /);
    assert.deepEqual({ closedEarly: o.closedEarly, errors: o.errors }, { closedEarly: false, errors: [] });
  });

  test('413: a JSON body over the body limit', async () => {
    const o = await refusedWithClose(
      portOf(app),
      'POST /apis/add-body HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n',
    );
    assert.match(o.answer, /^HTTP\/1\.1 413 /);
    assert.deepEqual({ closedEarly: o.closedEarly, errors: o.errors }, { closedEarly: false, errors: [] });
  });

  test('503 + Retry-After: admission full', async () => {
    holder = connect(portOf(full), '127.0.0.1');
    holder.on('error', () => {});
    await once(holder, 'connect');
    holder.write(`${upload(LAB.DOCUMENT_API_KEY)}content-length: ${BODY_BYTES}\r\n\r\n`);
    holder.write(BLOCK);
    // The held upload is admitted once /readyz says busy (admission full).
    let busy = false;
    for (let i = 0; i < 500 && !busy; i++) {
      busy = (await full.inject({ method: 'GET', url: '/readyz' })).json<{ status: string }>().status === 'busy';
      if (!busy) await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(busy, 'the first upload was never admitted');
    const o = await refusedWithClose(portOf(full), upload(LAB.DOCUMENT_API_KEY));
    assert.match(o.answer, /^HTTP\/1\.1 503 /);
    assert.match(o.answer, /\r\nretry-after: \d+\r\n/i);
    assert.deepEqual({ closedEarly: o.closedEarly, errors: o.errors }, { closedEarly: false, errors: [] });
  });
});

// Admission under load: documents in flight and waiting are bounded; a full service answers 503
// with Retry-After before the body is read; /readyz follows; /healthz and small endpoints do not wait.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createAdmission } from '../../src/documents/admission.ts';
import { createReadiness } from '../../src/http/readiness.ts';
import { parseTimeoutFor } from '../../src/documents/parse-bound.ts';
import type { ChunkPool, ChunkPayload } from '../../src/documents/pool.ts';
import { AppError, messageOf } from '../../src/errors.ts';

const ADMISSION_FULL_MESSAGE = messageOf('service_busy');
import { buildTestApp, LAB } from '../helpers/app.ts';

describe('createAdmission', () => {
  const cases: {
    name: string;
    inFlight: number;
    queued: number;
    arrivals: number;
    admitted: number;
    waiting: number;
    refused: number;
  }[] = [
    { name: 'under the bound: all admitted', inFlight: 2, queued: 2, arrivals: 2, admitted: 2, waiting: 0, refused: 0 },
    { name: 'slots full: the next wait', inFlight: 2, queued: 2, arrivals: 4, admitted: 2, waiting: 2, refused: 0 },
    {
      name: 'slots and queue full: the rest refused',
      inFlight: 2,
      queued: 2,
      arrivals: 7,
      admitted: 2,
      waiting: 2,
      refused: 3,
    },
    {
      name: 'no queue: refused as soon as the slots are taken',
      inFlight: 1,
      queued: 0,
      arrivals: 3,
      admitted: 1,
      waiting: 0,
      refused: 2,
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const a = createAdmission({ maxInFlight: c.inFlight, maxQueued: c.queued, retryAfterSeconds: 7 });
      const outcomes = await Promise.all(
        Array.from({ length: c.arrivals }, () =>
          Promise.race([
            a.enter().then(
              () => 'admitted',
              (e: unknown) => {
                assert.ok(e instanceof AppError);
                assert.equal(e.statusCode, 503);
                assert.equal(e.message, ADMISSION_FULL_MESSAGE);
                assert.deepEqual(e.headers, { 'retry-after': '7' });
                return 'refused';
              },
            ),
            sleep(50).then(() => 'waiting'),
          ]),
        ),
      );
      const count = (k: string) => outcomes.filter((o) => o === k).length;
      assert.deepEqual([count('admitted'), count('waiting'), count('refused')], [c.admitted, c.waiting, c.refused]);
      assert.deepEqual(a.state(), { inFlight: c.admitted, queued: c.waiting });
      assert.equal(a.full(), c.refused > 0 || (c.admitted === c.inFlight && c.waiting === c.queued));
    });
  }

  test('a release hands the slot to the first in line; a second release of the same slot does nothing', async () => {
    const a = createAdmission({ maxInFlight: 1, maxQueued: 2, retryAfterSeconds: 1 });
    const first = await a.enter();
    const order: string[] = [];
    const second = a.enter().then((r) => (order.push('second'), r));
    const third = a.enter().then((r) => (order.push('third'), r));
    first();
    first();
    const r2 = await second;
    assert.deepEqual(a.state(), { inFlight: 1, queued: 1 });
    r2();
    (await third)();
    assert.deepEqual(order, ['second', 'third']);
    assert.deepEqual(a.state(), { inFlight: 0, queued: 0 });
  });

  test('a caller who leaves while waiting leaves the queue', async () => {
    const a = createAdmission({ maxInFlight: 1, maxQueued: 1, retryAfterSeconds: 1 });
    await a.enter();
    const ctrl = new AbortController();
    const waiting = a.enter(ctrl.signal);
    assert.equal(a.full(), true);
    ctrl.abort(new Error('gone'));
    await assert.rejects(waiting, /gone/);
    assert.deepEqual(a.state(), { inFlight: 1, queued: 0 });
  });
});

test('readiness: ready, starting, busy, draining (draining wins for good)', () => {
  const r = createReadiness();
  let warm = false;
  let full = false;
  r.notReadyWhile('starting', () => !warm);
  r.notReadyWhile('busy', () => full);
  assert.equal(r.state(), 'starting');
  warm = true;
  assert.equal(r.state(), 'ready');
  full = true;
  assert.equal(r.state(), 'busy');
  full = false;
  assert.equal(r.state(), 'ready');
  r.beginDraining();
  assert.equal(r.state(), 'draining');
});

test('parse bound: a floor plus a share per MiB', () => {
  const bound = { parseTimeoutMs: 60_000, parseTimeoutMsPerMb: 3000 };
  const table: [bytes: number, ms: number][] = [
    [0, 60_000],
    [1, 60_001],
    [1024 * 1024, 63_000],
    [30 * 1024 * 1024, 150_000],
    [50 * 1024 * 1024, 210_000],
  ];
  for (const [bytes, ms] of table) assert.equal(parseTimeoutFor(bytes, bound), ms, `${bytes} bytes`);
});

/** Polls until `ready()` holds; throws after 30 s (a hang guard, not a timing check). */
async function until(ready: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`still waiting after 30 s: ${what}`);
    await sleep(10);
  }
}

describe('the chunking route under load (MAX_DOCUMENTS_IN_FLIGHT=1, MAX_DOCUMENTS_QUEUED=1)', () => {
  let app: FastifyInstance;
  let port: number;
  const parses: { bytes: number; finish: () => void }[] = [];
  const EMPTY: ChunkPayload = { json: Buffer.from('{"value":[]}'), batches: 0, count: 0 };
  // A pool whose parses end only when the test says so.
  const held: ChunkPool = {
    payload: (pdf) => new Promise((resolve) => parses.push({ bytes: pdf.byteLength, finish: () => resolve(EMPTY) })),
    chunk: () => Promise.reject(new Error('not used')),
    warm: async () => {},
    close: async () => {},
  };
  const BOUNDARY = 'admission-boundary';
  const form = (n: number) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="d.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from(`%PDF-1.4 document ${n}`),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
  const headers = {
    'api-key': LAB.DOCUMENT_API_KEY,
    sourceName: 'd.pdf',
    'tenant-id': '7',
    'document-id': '42',
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  };
  const upload = (n: number) =>
    fetch(`http://127.0.0.1:${port}/apis/chunk-and-perform-embedding.php`, { method: 'POST', headers, body: form(n) });
  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);

  before(async () => {
    app = await buildTestApp({
      docs: 'none',
      chunkPool: held,
      env: { MAX_DOCUMENTS_IN_FLIGHT: '1', MAX_DOCUMENTS_QUEUED: '1', ADMISSION_RETRY_AFTER_SECONDS: '3' },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  after(() => app.close());

  test('one in flight, one waiting, the third refused with 503 + Retry-After before its body is read', async () => {
    assert.deepEqual(await (await get('/readyz')).json(), { status: 'ready' });
    const first = upload(1);
    await until(() => parses.length >= 1, 'the first parse');
    const second = upload(2);
    // The second waits: its body is not read, so no parse starts for it.
    await until(
      async () => ((await (await get('/readyz')).json()) as { status: string }).status === 'busy',
      '/readyz busy',
    );
    assert.equal(parses.length, 1);

    const third = await upload(3);
    assert.equal(third.status, 503);
    assert.equal(third.headers.get('retry-after'), '3');
    assert.deepEqual(await third.json(), { success: false, error: ADMISSION_FULL_MESSAGE });

    // Refused from the headers alone: a 40 MB upload that never sends its body is answered.
    const answer = await new Promise<string>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.write(
          `POST /apis/chunk-and-perform-embedding.php HTTP/1.1\r\nhost: x\r\n${Object.entries(headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\r\n')}\r\ncontent-length: 40000000\r\n\r\n`,
        );
      });
      let text = '';
      s.on('data', (d: Buffer) => {
        text += d.toString();
        if (text.includes('\r\n\r\n')) {
          s.destroy();
          resolve(text);
        }
      });
    });
    assert.match(answer, /^HTTP\/1\.1 503 /);
    assert.match(answer, /retry-after: 3/i);

    // Small endpoints and liveness do not wait for documents.
    const readyz = await get('/readyz');
    assert.equal(readyz.status, 503);
    assert.deepEqual(await readyz.json(), { status: 'busy' });
    assert.equal((await get('/healthz')).status, 200);
    assert.equal((await get('/apis/add-url?input1=1&input2=2')).status, 200);

    parses[0]!.finish();
    assert.equal((await first).status, 200);
    await until(() => parses.length >= 2, 'the second parse');
    parses[1]!.finish();
    assert.equal((await second).status, 200);
    assert.deepEqual(await (await get('/readyz')).json(), { status: 'ready' });
  });
});

// Admission under load, through the route: a full service answers 503 with Retry-After before the
// body is read; /readyz follows; /healthz and small endpoints do not wait. The admission queue
// itself is unit-tested in test/documents/admission.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createReadiness } from '../../src/http/readiness.ts';
import type { ChunkPool, ChunkPayload } from '../../src/documents/pool.ts';
import { messageOf } from '../../src/errors.ts';

const ADMISSION_FULL_MESSAGE = messageOf('service_busy');
import { buildTestApp, LAB } from '../helpers/app.ts';

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
      // A line break, as every real PDF has: a PDF without one reads as one curl -d stripped (400).
      Buffer.from(`%PDF-1.4\n%document ${n}\n`),
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

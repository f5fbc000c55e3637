// Over-limit bodies get their 413 answer, readable by ordinary clients (curl, fetch), and the
// connection is then drained or closed within a bound (test/http/drain.test.ts): never reset under the client's writes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, LAB } from '../helpers/app.ts';

/**
 * curl reads the 413 answers as its users do. It is a Debian tool, not npm's: where it is absent
 * (npm test needs only Node and npm) its checks say so and pass; .ci/run installs curl after npm test
 * and runs this file again.
 */
const CURL_ABSENT = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'curl is absent (apt-get install curl): the fetch and raw-socket checks above stand for it';
  }
})();

const TEN_MB_JSON = Buffer.from(`{"input1":1,"input2":"${'7'.repeat(10_000_000)}"}`);
const baseOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

function curl(args: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      ['-sS', '-m', '60', '-w', '\n%{http_code}', ...args],
      { maxBuffer: 1 << 20 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`curl failed: ${stderr || err.message}`));
        const i = stdout.lastIndexOf('\n');
        resolve({ status: Number(stdout.slice(i + 1)), body: stdout.slice(0, i) });
      },
    );
  });
}

describe('a 10 MB JSON body: 413 in the envelope, to curl and to fetch', () => {
  let app: FastifyInstance;
  let file: string;
  before(async () => {
    app = await buildTestApp({ docs: 'none', env: { MAX_PDF_BYTES: String(1024 * 1024) } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    file = join(mkdtempSync(join(tmpdir(), 'body-limits-')), 'ten-mb.json');
    writeFileSync(file, TEN_MB_JSON);
  });
  after(async () => {
    await app.close();
    rmSync(dirname(file), { recursive: true, force: true });
  });

  for (const path of ['/apis/add-body', '/apis/add-token']) {
    test(`fetch ${path}`, async () => {
      const res = await fetch(baseOf(app) + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: TEN_MB_JSON,
      });
      assert.equal(res.status, 413);
      assert.deepEqual(await res.json(), { success: false, error: 'Request body is too large.' });
    });

    test(`fetch ${path}, chunked (no Content-Length: the limit is found while reading)`, async () => {
      const body = new Blob([TEN_MB_JSON]).stream();
      const res = await fetch(baseOf(app) + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      });
      assert.equal(res.status, 413);
      assert.deepEqual(await res.json(), { success: false, error: 'Request body is too large.' });
    });

    test(`curl ${path}`, { skip: CURL_ABSENT }, async () => {
      const r = await curl(['-H', 'content-type: application/json', '--data-binary', `@${file}`, baseOf(app) + path]);
      assert.equal(r.status, 413);
      assert.deepEqual(JSON.parse(r.body), { success: false, error: 'Request body is too large.' });
    });
  }

  for (const framing of ['content-length: 5000000', 'transfer-encoding: chunked']) {
    test(`the 413 keeps the connection while the body is still coming (${framing.split(':')[0]})`, async () => {
      // Fastify asks for Connection: close on a refused body; the answer goes out without it and
      // the socket stays open (the rest of the body is drained), so the client is not reset.
      const socket = connect((app.server.address() as { port: number }).port, '127.0.0.1');
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(`POST /apis/add-body HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n${framing}\r\n\r\n`);
      const block = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 24; i++)
        socket.write(framing.startsWith('transfer') ? `${block.length.toString(16)}\r\n${block}\r\n` : block);
      const deadline = Date.now() + 30_000;
      while (!answer.includes('\r\n\r\n')) {
        if (Date.now() > deadline) assert.fail(`no answer after 30 s: ${JSON.stringify(answer)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const head = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
      assert.match(head, /^http\/1\.1 413 /);
      assert.doesNotMatch(head, /\r\nconnection: close/);
      assert.equal(socket.destroyed, false);
      socket.destroy();
    });
  }

  const uploadHeaders = {
    'api-key': LAB.DOCUMENT_API_KEY,
    sourceName: 'big.pdf',
    'tenant-id': '7',
    'document-id': '42',
  };
  test('fetch: an upload over MAX_PDF_BYTES (declared length) gets its 413', async () => {
    const form = new FormData();
    form.append('document', new Blob([Buffer.alloc(4 * 1024 * 1024, 0x25)], { type: 'application/pdf' }), 'big.pdf');
    const res = await fetch(`${baseOf(app)}/apis/chunk-and-perform-embedding.php`, {
      method: 'POST',
      headers: uploadHeaders,
      body: form,
    });
    assert.equal(res.status, 413);
    assert.deepEqual(await res.json(), {
      success: false,
      error: 'The upload is larger than the limit of 1048576 bytes.',
    });
  });

  test('fetch: an upload over MAX_PDF_BYTES, chunked (found while reading), gets its 413', async () => {
    const form = new FormData();
    form.append('document', new Blob([Buffer.alloc(4 * 1024 * 1024, 0x25)], { type: 'application/pdf' }), 'big.pdf');
    const encoded = new Response(form);
    const res = await fetch(`${baseOf(app)}/apis/chunk-and-perform-embedding.php`, {
      method: 'POST',
      headers: { ...uploadHeaders, 'content-type': encoded.headers.get('content-type')! },
      body: encoded.body,
      duplex: 'half',
    });
    assert.equal(res.status, 413);
    assert.deepEqual(await res.json(), {
      success: false,
      error: 'The document is larger than the limit of 1048576 bytes.',
    });
  });

  test('curl: an upload over MAX_PDF_BYTES gets its 413', { skip: CURL_ABSENT }, async (t) => {
    const pdf = join(mkdtempSync(join(tmpdir(), 'body-limits-')), 'big.pdf');
    t.after(() => rmSync(dirname(pdf), { recursive: true, force: true }));
    writeFileSync(pdf, Buffer.alloc(4 * 1024 * 1024, 0x25));
    const h = Object.entries(uploadHeaders).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const r = await curl([
      ...h,
      '-F',
      `document=@${pdf};type=application/pdf`,
      `${baseOf(app)}/apis/chunk-and-perform-embedding.php`,
    ]);
    assert.equal(r.status, 413);
    assert.equal(JSON.parse(r.body).success, false);
  });
});

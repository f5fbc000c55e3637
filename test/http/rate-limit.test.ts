// Limits per caller (src/http/rate-limit.ts, src/documents/admission.ts): a loop from one address
// or with one credential meets 429 with Retry-After and the RateLimit headers; another caller is
// served meanwhile; probes and preflights are never counted; a loop of uploads meets 429 before
// it fills the admission.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { credentialKey, uncounted } from '../../src/http/rate-limit.ts';
import { loadConfig } from '../../src/config.ts';
import { apiKeyHeaders, buildTestApp, LAB } from '../helpers/app.ts';
import { redisTest } from '../helpers/redis.ts';

test('credentialKey: the first credential header, hashed; none without one', () => {
  const cases: [Record<string, string | string[] | undefined>, string | RegExp | undefined][] = [
    [{}, undefined],
    [{ 'api-key': '' }, undefined],
    [{ 'api-key': '   ' }, undefined],
    [{ 'api-key': 'k1' }, /^api-key:[A-Za-z0-9_-]{22}$/],
    [{ api_key: 'k1' }, /^api_key:/],
    [{ key: 'k1', secret: 's' }, /^key:/],
    [{ authorization: 'Bearer t', 'api-key': 'k1' }, /^authorization:/],
    [{ 'api-key': ['k1', 'k2'] }, /^api-key:/],
  ];
  for (const [headers, want] of cases) {
    const got = credentialKey(headers);
    if (want === undefined) assert.equal(got, undefined, JSON.stringify(headers));
    else assert.match(got ?? '', want as RegExp, JSON.stringify(headers));
  }
  assert.equal(credentialKey({ 'api-key': 'k1' }), credentialKey({ 'api-key': 'k1' }));
  assert.notEqual(credentialKey({ 'api-key': 'k1' }), credentialKey({ 'api-key': 'k2' }));
  assert.ok(!credentialKey({ 'api-key': 'lab-document-key-5a2d9c' })?.includes('lab-document'), 'never the secret');
});

test('uncounted: probes and preflights only', () => {
  const cases: [string, string, boolean][] = [
    ['GET', '/healthz', true],
    ['GET', '/readyz', true],
    ['OPTIONS', '/apis/add-url', true],
    ['GET', '/apis/add-url', false],
    ['GET', '/healthz.php', false],
    ['POST', '/apis/chunk-and-perform-embedding.php', false],
    ['GET', '/', false],
  ];
  for (const [method, path, want] of cases) assert.equal(uncounted(method, path), want, `${method} ${path}`);
});

test('the lab defaults keep the limits on for npm start', () => {
  const c = loadConfig({});
  assert.deepEqual(c.rateLimits, { perAddressPerMinute: 600, perCredentialPerMinute: 1200 });
  assert.equal(c.maxDocumentsPerClient, 8);
  assert.ok(
    c.maxDocumentsPerClient < c.maxDocumentsInFlight + c.maxDocumentsQueued,
    'one client cannot fill the admission',
  );
  assert.throws(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-1' }), /RATE_LIMIT_PER_MINUTE/);
});

const add = (app: FastifyInstance, ip: string, headers: Record<string, string> = {}) =>
  app.inject({ url: '/apis/add-url?input1=1&input2=2', remoteAddress: ip, headers });

test('per address: the loop meets 429 with Retry-After and the RateLimit headers, another address is served, probes are not counted', async (t) => {
  const app = await buildTestApp({
    docs: 'none',
    env: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_CREDENTIAL_PER_MINUTE: '0' },
  });
  t.after(() => app.close());
  for (let i = 0; i < 5; i++) {
    const res = await add(app, '198.51.100.1');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['ratelimit-limit'], '5');
    assert.equal(res.headers['ratelimit-remaining'], String(4 - i));
    assert.ok(Number(res.headers['ratelimit-reset']) >= 1);
    assert.equal((await app.inject({ url: '/healthz', remoteAddress: '198.51.100.1' })).statusCode, 200);
  }
  const refused = await add(app, '198.51.100.1');
  assert.equal(refused.statusCode, 429);
  assert.deepEqual(refused.json(), {
    success: false,
    error: 'Too many requests: at most 5 a minute per client address; retry after the time in Retry-After.',
  });
  assert.equal(refused.headers['x-error-code'], 'rate_limited');
  assert.ok(Number(refused.headers['retry-after']) >= 1 && Number(refused.headers['retry-after']) <= 60);
  assert.equal(refused.headers['ratelimit-remaining'], '0');
  assert.equal(refused.headers['access-control-allow-origin'], '*');
  assert.equal((await add(app, '198.51.100.2')).statusCode, 200, 'another address is served');
  assert.equal((await app.inject({ url: '/readyz', remoteAddress: '198.51.100.1' })).statusCode, 200);
  const preflight = await app.inject({ method: 'OPTIONS', url: '/apis/add-url', remoteAddress: '198.51.100.1' });
  assert.equal(preflight.statusCode, 204);
  // The deletion endpoint answers in its own envelope.
  const deletion = await app.inject({
    method: 'POST',
    url: '/apis/delete-indexed-document.php',
    remoteAddress: '198.51.100.1',
  });
  assert.equal(deletion.statusCode, 429);
  assert.equal(deletion.json().message, refused.json().error);
});

test('per credential: one key from many addresses meets 429; requests without a credential are not counted by it', async (t) => {
  const app = await buildTestApp({
    docs: 'none',
    env: { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_CREDENTIAL_PER_MINUTE: '3' },
  });
  t.after(() => app.close());
  for (let i = 0; i < 3; i++) assert.equal((await add(app, `192.0.2.${i + 1}`, apiKeyHeaders())).statusCode, 200);
  const refused = await add(app, '192.0.2.9', apiKeyHeaders());
  assert.equal(refused.statusCode, 429);
  assert.match(refused.json().error, /per credential/);
  assert.equal((await add(app, '192.0.2.9', { api_key: 'another-key' })).statusCode, 200, 'another credential');
  for (let i = 0; i < 5; i++) assert.equal((await add(app, '192.0.2.9')).statusCode, 200, 'no credential');
});

test('both off: no RateLimit headers and no limit', async (t) => {
  const app = await buildTestApp({ docs: 'none' });
  t.after(() => app.close());
  const res = await add(app, '198.51.100.1');
  assert.equal(res.headers['ratelimit-limit'], undefined);
});

redisTest('with Redis, replicas count the same minute', async (t, url) => {
  const env = {
    RATE_LIMIT_PER_MINUTE: '4',
    RATE_LIMIT_CREDENTIAL_PER_MINUTE: '0',
    REDIS_URL: url,
  };
  // An address of its own per run, so that runs within one minute on one server never share a count.
  const ip = `10.${[...randomBytes(3)].join('.')}`;
  const one = await buildTestApp({ docs: 'none', env });
  const two = await buildTestApp({ docs: 'none', env });
  t.after(() => Promise.all([one.close(), two.close()]));
  const codes: number[] = [];
  for (let i = 0; i < 3; i++) codes.push((await add(one, ip)).statusCode, (await add(two, ip)).statusCode);
  assert.deepEqual(codes, [200, 200, 200, 200, 429, 429]);
});

// Uploads held by a client whose bodies never come: each holds a slot or a place in the queue.
async function stalledUpload(port: number, localAddress: string): Promise<{ socket: Socket; answer: () => string }> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
  socket.on('error', () => {});
  await once(socket, 'connect');
  socket.write(
    'POST /apis/chunk-and-perform-embedding.php HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\n' +
      `api-key: ${LAB.DOCUMENT_API_KEY}\r\nsourceName: a.txt\r\ntenant-id: 1\r\ndocument-id: 1\r\ncontent-length: 1000\r\n\r\n`,
  );
  return { socket, answer: () => answer };
}

test('uploads: a loop from one address meets 429 before it fills the admission; another address is served meanwhile', async (t) => {
  const app = await buildTestApp({
    docs: 'none',
    env: {
      MAX_DOCUMENTS_IN_FLIGHT: '2',
      MAX_DOCUMENTS_QUEUED: '4',
      MAX_DOCUMENTS_PER_CLIENT: '3',
      ADMISSION_RETRY_AFTER_SECONDS: '7',
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const held: Socket[] = [];
  t.after(async () => {
    for (const s of held) s.destroy();
    await app.close();
  });
  const loop = [];
  for (let i = 0; i < 5; i++) {
    loop.push(await stalledUpload(port, '127.0.0.2'));
    held.push(loop.at(-1)!.socket);
    await new Promise((r) => setTimeout(r, 50));
  }
  const deadline = Date.now() + 10_000;
  while (loop.filter((u) => u.answer().includes('\r\n\r\n')).length < 2 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const answered = loop.map((u) => u.answer()).filter((a) => a !== '');
  assert.equal(answered.length, 2, 'the 4th and 5th are refused, the first 3 are held');
  for (const a of answered) {
    assert.match(a, /^HTTP\/1\.1 429 /);
    assert.match(a, /\r\nretry-after: 7\r\n/i);
    assert.match(a, /\r\nx-error-code: client_documents_full\r\n/i);
    assert.match(a, /already has 3 documents in progress \(MAX_DOCUMENTS_PER_CLIENT\)/);
  }
  // The admission is not full: the service stays ready, and another address's upload is taken.
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
  assert.equal(ready.status, 200);
  const other = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
  held.push(other);
  let answer = '';
  other.on('data', (d: Buffer) => (answer += d.toString('latin1')));
  await once(other, 'connect');
  const body = 'A document from another address. '.repeat(30);
  other.write(
    'POST /apis/chunk-and-perform-embedding.php HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\n' +
      `api-key: ${LAB.DOCUMENT_API_KEY}\r\nsourceName: b.txt\r\ntenant-id: 1\r\ndocument-id: 2\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
  // Queued behind the loop's stalled uploads (two in flight, one queued first): served once they go.
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(answer, '', 'waiting in the queue, not refused');
  for (const u of loop) u.socket.destroy();
  await once(other, 'end');
  assert.match(answer, /^HTTP\/1\.1 200 /);
});

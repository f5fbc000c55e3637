// The upload's HTTP side on a bare Fastify app (no routes of the service): the body parsers and
// readers, the Content-Length check, and the answer to an upload, the caller leaving included.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import multipart from '@fastify/multipart';
import {
  acceptRawBodies,
  answerUpload,
  readUpload,
  refuseOversizedUpload,
  uploadLimits,
  type UploadAnswer,
} from '../../src/http/upload.ts';
import { AppError, messageOf } from '../../src/errors.ts';

const MAX = 1000;
const BOUNDARY = '----upload-test';

/** A multipart body of the parts given: [field, bytes] for a file, [field, text, 'field'] for a plain field. */
function form(parts: ([string, Uint8Array | string] | [string, string, 'field'])[]): InjectOptions {
  const chunks = parts.flatMap(([name, data, kind]) => [
    Buffer.from(
      kind === 'field'
        ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]),
  };
}
const raw = (bytes: Uint8Array | string, contentType?: string): InjectOptions => ({
  headers: contentType ? { 'content-type': contentType } : {},
  payload: Buffer.from(bytes),
});

/** What the work of /answer/wait was told: when it started, and the signal's reason. */
interface Watch {
  started?: () => void;
  reasons: unknown[];
}

/** The upload scope as app.ts makes it, with routes that call the module under test. */
async function uploadApp(logs?: string[], watch: Watch = { reasons: [] }): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs?.push(String(chunk));
      cb();
    },
  });
  const app = Fastify({ logger: logs ? { level: 'info', stream } : false });
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    await scope.register(multipart, uploadLimits({ maxDocumentBytes: MAX }));
    scope.post('/read', async (request) => {
      try {
        return { bytes: (await readUpload(request, MAX)).toString('latin1') };
      } catch (err) {
        if (err instanceof AppError) return { code: err.code, status: err.statusCode, message: err.message };
        throw err;
      }
    });
    scope.post('/answer/:kind', async (request, reply) =>
      answerUpload(request, reply, MAX, async (bytes, signal): Promise<UploadAnswer> => {
        const kind = (request.params as { kind: string }).kind;
        if (kind === 'payload')
          return {
            status: 200,
            headers: { 'x-total-chunks': String(bytes.length), 'content-type': 'application/json; charset=utf-8' },
            payload: Buffer.from(`{"value":[],"n":${bytes.length}}`),
          };
        if (kind === 'body')
          return {
            status: 502,
            headers: { 'x-error-code': 'index_upload_partial' },
            body: { success: false, error: 'partly', read: bytes.toString('latin1') },
          };
        if (kind === 'refuse') throw new AppError('document_unsupported', messageOf('document_unsupported'));
        // 'wait': until the caller leaves
        watch.started?.();
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        watch.reasons.push(signal.reason);
        throw signal.reason;
      }),
    );
  });
  await app.ready();
  return app;
}

describe('readUpload: the document from the multipart field or the raw body', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await uploadApp();
  });
  after(() => app.close());

  const fail = (code: Parameters<typeof messageOf>[0], status: number, ...facts: unknown[]) => ({
    code,
    status,
    message: (messageOf as (c: string, ...f: unknown[]) => string)(code, ...facts),
  });
  const cases: [string, InjectOptions, object][] = [
    [
      'a raw body, declared application/octet-stream',
      raw('%PDF-1.7 bytes', 'application/octet-stream'),
      { bytes: '%PDF-1.7 bytes' },
    ],
    ['a raw body declared JSON is not parsed', raw('{"a":1}', 'application/json'), { bytes: '{"a":1}' }],
    ['a raw body declared text', raw('# Title\n', 'text/plain'), { bytes: '# Title\n' }],
    ['a raw body of exactly the cap', raw('x'.repeat(MAX), 'application/pdf'), { bytes: 'x'.repeat(MAX) }],
    [
      'a raw body over the cap',
      raw('x'.repeat(MAX + 1), 'application/pdf'),
      fail('document_over_size_limit', 413, MAX),
    ],
    ['an empty raw body', raw('', 'application/pdf'), fail('empty_document', 400)],
    ['the field document', form([['document', 'the bytes']]), { bytes: 'the bytes' }],
    [
      'plain fields beside the file are left alone',
      form([
        ['note', 'hi', 'field'],
        ['document', 'the bytes'],
      ]),
      { bytes: 'the bytes' },
    ],
    ['a file in another field', form([['file', 'the bytes']]), fail('unexpected_file_field', 400, 'file')],
    [
      'two files',
      form([
        ['document', 'a'],
        ['document', 'b'],
      ]),
      fail('one_file_expected', 400),
    ],
    ['no file', form([['note', 'hi', 'field']]), fail('missing_document_field', 400)],
    ['the document as a plain field', form([['document', 'hi', 'field']]), fail('upload_field_not_file', 400)],
    ['an empty file', form([['document', '']]), fail('empty_document', 400)],
    ['a file over the cap', form([['document', 'x'.repeat(MAX + 1)]]), fail('document_over_size_limit', 413, MAX)],
    [
      'more fields than the limit',
      form(Array.from({ length: 21 }, (_, i): [string, string, 'field'] => [`f${i}`, 'v', 'field'])),
      fail('too_many_parts', 400),
    ],
    [
      'a malformed multipart body',
      { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: 'garbage' },
      fail('malformed_multipart', 400),
    ],
  ];
  for (const [name, options, expected] of cases) {
    test(name, async () => {
      const res = await app.inject({ method: 'POST', url: '/read', ...options });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), expected);
    });
  }
});

describe('refuseOversizedUpload: a declared Content-Length past the cap and 1 MiB', () => {
  const cases: [string, string | undefined, boolean][] = [
    ['none declared', undefined, false],
    ['the cap', String(MAX), false],
    ['the cap and 1 MiB', String(MAX + 1024 * 1024), false],
    ['one byte more', String(MAX + 1024 * 1024 + 1), true],
    ['not a number', 'abc', false],
  ];
  for (const [name, length, refused] of cases) {
    test(name, () => {
      const check = () => refuseOversizedUpload(length === undefined ? {} : { 'content-length': length }, MAX);
      if (!refused) return assert.doesNotThrow(check);
      assert.throws(check, (err) => {
        assert.ok(err instanceof AppError);
        assert.deepEqual(
          [err.code, err.statusCode, err.message],
          ['upload_too_large', 413, messageOf('upload_too_large', MAX)],
        );
        return true;
      });
    });
  }
});

test('uploadLimits: the multipart limits of the upload scope', () => {
  assert.deepEqual(uploadLimits({ maxDocumentBytes: 5 }), {
    limits: { fileSize: 5, files: 2, fields: 20, parts: 40, headerPairs: 200, fieldSize: 64 * 1024 },
  });
});

describe('answerUpload: what the work makes of the upload, sent', () => {
  let app: FastifyInstance;
  const logs: string[] = [];
  const watch: Watch = { reasons: [] };
  before(async () => {
    app = await uploadApp(logs, watch);
  });
  after(() => app.close());

  const cases: [string, string, InjectOptions, number, Record<string, string>, string][] = [
    [
      'a payload: its bytes as they are, with its headers',
      'payload',
      raw('abc', 'application/pdf'),
      200,
      { 'x-total-chunks': '3', 'content-type': 'application/json; charset=utf-8' },
      '{"value":[],"n":3}',
    ],
    [
      'a body: its status and headers, serialized',
      'body',
      form([['document', 'xyz']]),
      502,
      { 'x-error-code': 'index_upload_partial', 'content-type': 'application/json; charset=utf-8' },
      '{"success":false,"error":"partly","read":"xyz"}',
    ],
    [
      'a catalogue error of the work goes to the error handler',
      'refuse',
      raw('abc', 'application/pdf'),
      415,
      { 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify({
        statusCode: 415,
        code: 'document_unsupported',
        error: 'Unsupported Media Type',
        message: messageOf('document_unsupported'),
      }),
    ],
    [
      'an upload refused by the reader never reaches the work',
      'payload',
      raw('', 'application/pdf'),
      400,
      { 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify({
        statusCode: 400,
        code: 'empty_document',
        error: 'Bad Request',
        message: messageOf('empty_document'),
      }),
    ],
  ];
  for (const [name, kind, options, status, headers, body] of cases) {
    test(name, async () => {
      const res = await app.inject({ method: 'POST', url: `/answer/${kind}`, ...options });
      assert.equal(res.statusCode, status, res.body);
      for (const [k, v] of Object.entries(headers)) assert.equal(res.headers[k], v, k);
      assert.equal(res.body, body);
    });
  }

  test('the caller leaving aborts the work; the log says so and nothing is sent', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const working = new Promise<void>((resolve) => (watch.started = resolve));
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/answer/wait',
      headers: { 'content-type': 'application/pdf' },
    });
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', () => {});
    req.end('abc');
    await working;
    req.destroy();
    const deadline = Date.now() + 5000;
    while (!logs.some((l) => l.includes('chunking abandoned')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const line = logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reason === 'client_closed');
    assert.equal(line?.msg, 'chunking abandoned: the caller closed the connection');
    assert.equal(line?.level, 30);
    assert.equal((watch.reasons[0] as Error).message, 'the caller closed the connection');
    assert.equal(answered, false);
  });
});

// The chunking endpoint's body over HTTP: Power Automate's file content decoded (as a job too),
// and a form, other JSON, base64 text, a multipart text field and a PDF curl -d stripped of its
// line breaks refused with a 400 whose message and X-Error-Hint say how to send a document.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createChunkPool, type ChunkPool } from '../../src/documents/pool.ts';
import { HOW_TO_SEND } from '../../src/documents/upload-body.ts';
import { messageOf } from '../../src/errors.ts';
import { makePdf, textPages } from '../documents/helpers/make-pdf.ts';
import { prose } from '../documents/helpers/hard-shapes.ts';
import { buildTestApp, chunkingHeaders, assertClientError, documentForm } from '../helpers/app.ts';

const URL_PATH = '/apis/chunk-and-perform-embedding.php';
const WORDS = prose(300).join(' ');
const PDF = Buffer.from(makePdf({ pages: textPages(['1 Leave policy', WORDS]) }));
const curlD = (b: Uint8Array) => Buffer.from(Buffer.from(b).filter((c) => c !== 0x0a && c !== 0x0d));
const envelope = (bytes: Uint8Array, type: string) =>
  JSON.stringify({ '$content-type': type, $content: Buffer.from(bytes).toString('base64') });

/** curl is Debian's, not npm's: where it is absent, the emulated curl -d cases above stand for it. */
const CURL_ABSENT = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return false;
  } catch {
    return 'curl is absent (apt-get install curl): the emulated curl -d cases stand for it';
  }
})();

describe('the chunking body: file content decoded, other bodies refused with how to send one', () => {
  let app: FastifyInstance;
  let pool: ChunkPool;
  let base: string;
  let dir: string;

  before(async () => {
    pool = createChunkPool();
    app = await buildTestApp({ chunkPool: pool, docs: 'none' });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'chunking-body-'));
  });
  after(async () => {
    await app.close();
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (body: string | Buffer, contentType?: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { ...chunkingHeaders(), ...(contentType ? { 'content-type': contentType } : {}), ...extra },
      payload: body,
    });

  test("Power Automate's file content gives the payload the PDF itself gives", async () => {
    const direct = await send(PDF, 'application/pdf');
    assert.equal(direct.statusCode, 200, direct.body);
    const viaEnvelope = await send(envelope(PDF, 'application/pdf'), 'application/json');
    assert.equal(viaEnvelope.statusCode, 200, viaEnvelope.body);
    assert.equal(viaEnvelope.body, direct.body);
    assert.equal(viaEnvelope.headers['x-total-chunks'], direct.headers['x-total-chunks']);
    assert.ok(Number(direct.headers['x-total-chunks']) >= 2);
  });

  test('file content declared text/markdown is read as Markdown (its heading a section)', async () => {
    const md = Buffer.from(`Leave policy\n============\n\n${WORDS}\n`);
    const r = await send(envelope(md, 'text/markdown'), 'application/json');
    assert.equal(r.statusCode, 200, r.body);
    const { value } = r.json<{ value: { section: string }[] }>();
    assert.equal(value[0]!.section, 'Leave policy');
  });

  test('file content as a job (Prefer: respond-async) is decoded before the 202', async () => {
    const bad = await send(JSON.stringify({ document: 'x' }), 'application/json', { prefer: 'respond-async' });
    assertClientError(bad, 400);
    assert.equal(bad.headers['x-error-code'], 'upload_json_body');
    const r = await send(envelope(PDF, 'application/pdf'), 'application/json', { prefer: 'respond-async' });
    assert.equal(r.statusCode, 202, r.body);
    const location = String(r.headers.location);
    for (let i = 0; i < 200; i++) {
      const poll = await app.inject({ method: 'GET', url: location });
      if (poll.statusCode === 202) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      assert.equal(poll.statusCode, 200, poll.body);
      assert.ok(poll.json<{ value: unknown[] }>().value.length >= 2);
      return;
    }
    assert.fail('the job did not end');
  });

  const refusals: [string, string | Buffer, string | undefined, string, string | RegExp][] = [
    [
      'a url-encoded form',
      'document=Leave+policy&sourceName=a',
      'application/x-www-form-urlencoded',
      'upload_form_body',
      HOW_TO_SEND,
    ],
    ['an empty JSON object', '{}', 'application/json', 'upload_json_body', HOW_TO_SEND],
    [
      'a JSON object with the text',
      JSON.stringify({ text: WORDS }),
      'application/json',
      'upload_json_body',
      HOW_TO_SEND,
    ],
    [
      'the file content inside a field',
      JSON.stringify({ document: JSON.parse(envelope(PDF, 'application/pdf')) }),
      'application/json',
      'upload_json_body',
      /field 'document' holds the file content/,
    ],
    ['a JSON string', JSON.stringify(PDF.toString('base64')), 'application/json', 'upload_json_body', HOW_TO_SEND],
    ['base64 text', PDF.toString('base64'), 'text/plain', 'upload_base64_text', /--data-binary/],
    ['base64 text, no content type', PDF.toString('base64'), undefined, 'upload_base64_text', /--data-binary/],
    [
      'a PDF sent by curl -d (emulated)',
      curlD(PDF),
      'application/x-www-form-urlencoded',
      'upload_line_breaks_lost',
      /--data-binary/,
    ],
    [
      'a PDF stripped of line breaks, declared PDF',
      curlD(PDF),
      'application/pdf',
      'upload_line_breaks_lost',
      /--data-binary/,
    ],
    [
      'file content that is not base64',
      JSON.stringify({ $content: 'not base64!' }),
      'application/json',
      'upload_envelope_not_base64',
      /file content object itself/,
    ],
  ];
  for (const [name, body, type, code, hint] of refusals) {
    test(`${name}: 400 ${code}, the how-to in X-Error-Hint`, async () => {
      const r = await send(body, type);
      const json = assertClientError(r, 400);
      assert.equal(r.headers['x-error-code'], code);
      assert.equal(json.error, messageOf(code as 'upload_form_body'));
      if (typeof hint === 'string') assert.equal(r.headers['x-error-hint'], hint);
      else assert.match(String(r.headers['x-error-hint']), hint);
      assert.deepEqual(Object.keys(json).sort(), ['error', 'success']);
    });
  }

  test('file content whose type says PDF but holds text: 415 naming both', async () => {
    const r = await send(envelope(Buffer.from(WORDS), 'application/pdf'), 'application/json');
    const json = assertClientError(r, 415);
    assert.equal(r.headers['x-error-code'], 'envelope_type_mismatch');
    assert.equal(
      json.error,
      'The file content declares $content-type application/pdf, but its $content is not PDF: it is plain UTF-8 text.',
    );
  });

  test("a multipart 'document' sent as a text field: 400 saying to send it as a file", async () => {
    const boundary = '----text-field';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="document"\r\n\r\n${WORDS}\r\n--${boundary}--\r\n`;
    const r = await send(body, `multipart/form-data; boundary=${boundary}`);
    const json = assertClientError(r, 400);
    assert.equal(r.headers['x-error-code'], 'upload_field_not_file');
    assert.match(String(json.error), /came as a text field, not a file/);
  });

  test('a multipart file holding the file content is decoded too', async () => {
    const form = documentForm(Buffer.from(envelope(PDF, 'application/pdf')), 'content.json');
    const r = await send(form.body, form.contentType);
    assert.equal(r.statusCode, 200, r.body);
    const direct = await send(PDF, 'application/pdf');
    assert.equal(r.body, direct.body);
  });

  test('curl -d @file.pdf gets the --data-binary hint; curl --data-binary @file.pdf is read', {
    skip: CURL_ABSENT,
  }, async () => {
    const file = join(dir, 'handbook.pdf');
    writeFileSync(file, PDF);
    const h = Object.entries(chunkingHeaders()).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const curl = async (args: string[]) => {
      const { stdout } = await promisify(execFile)('curl', ['-s', '-D', '-', ...h, ...args, base + URL_PATH], {
        maxBuffer: 1 << 24,
      });
      const [head = '', body = ''] = stdout.split('\r\n\r\n');
      return {
        status: Number(/^HTTP\/[\d.]+ (\d+)/.exec(head)?.[1]),
        hint: /^x-error-hint: (.*)$/im.exec(head)?.[1] ?? '',
        body,
      };
    };
    const stripped = await curl(['-d', `@${file}`]);
    assert.equal(stripped.status, 400, stripped.body);
    assert.match(stripped.hint, /curl --data-binary @file\.pdf/);
    const whole = await curl(['--data-binary', `@${file}`]);
    assert.equal(whole.status, 200, whole.body);
  });
});

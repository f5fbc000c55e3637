// POST /apis/chunk-and-perform-embedding(.php) over a real socket (multipart
// streaming), with the real worker pool and the local Azure emulator.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { startEmulator, deterministicEmbedding, type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { createChunkPool, type ChunkPool } from '../../src/documents/pool.ts';
import { makePdf, textPages, bombPdf } from '../documents/helpers/make-pdf.ts';
import { prose } from '../documents/helpers/hard-shapes.ts';
import { makeDocx, makeZip, wp } from '../documents/helpers/make-zip.ts';
import { buildTestApp, LAB, assertClientError, assertNoLeak } from '../helpers/app.ts';
import { MiB, peakRssGrowth } from '../helpers/memory.ts';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const GROFF = readFileSync(`${CORPUS}groff-manual.pdf`);
const FIELDS = ['@search.action', 'id', 'tenant_id', 'document_id', 'sourceName', 'section', 'content', 'embedding'];

interface Reply {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

describe('chunk-and-perform-embedding', () => {
  let emu: Emulator;
  let app: FastifyInstance;
  let pool: ChunkPool;
  let base: string;
  let waits: number[] = [];
  const logLines: string[] = [];
  const EMBED_KEY_IN_TEST = 'emulator-embedding-key';

  const headers = (over: Record<string, string | undefined> = {}) => {
    const all: Record<string, string | undefined> = {
      'api-key': LAB.DOCUMENT_API_KEY,
      sourceName: 'groff-manual.pdf',
      'tenant-id': '7',
      'document-id': '42',
      ...over,
    };
    return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>;
  };
  const embedHeaders = (over: Record<string, string | undefined> = {}) =>
    headers({
      performEmbedding: 'true',
      embeddingEndpoint: emu.embeddingsUrl,
      embeddingKey: emu.keys.embedding,
      embeddingDeploymentName: 'text-embedding-ada-002',
      ...over,
    });

  const post = async (
    h: Record<string, string>,
    files: [string, Uint8Array][] = [['document', GROFF]],
    url = '/apis/chunk-and-perform-embedding.php',
  ): Promise<Reply> => {
    const form = new FormData();
    for (const [field, bytes] of files)
      form.append(field, new Blob([bytes], { type: 'application/pdf' }), 'upload.pdf');
    const r = await fetch(base + url, { method: 'POST', headers: h, body: form });
    return { statusCode: r.status, headers: Object.fromEntries(r.headers), body: await r.text() };
  };
  const embeddingCalls = () => emu.requests.filter((r) => r.service === 'embeddings');

  before(async () => {
    emu = await startEmulator();
    pool = createChunkPool();
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logLines.push(String(chunk));
        cb();
      },
    });
    app = await buildTestApp({
      env: {
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,*.openai.azure.com',
        MAX_PDF_BYTES: '300000',
        EMBEDDING_TIMEOUT_MS: '2000',
      },
      logger: { level: 'trace', stream },
      chunkPool: pool,
      docs: 'none',
      sleep: async (ms) => void waits.push(ms),
      resolve: async (host) => (host === 'private.openai.azure.com' ? ['192.168.0.7'] : ['20.1.2.3']),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  after(async () => {
    await app.close();
    await pool.close();
    await emu.close();
  });
  beforeEach(() => {
    emu.reset();
    waits = [];
  });

  it('chunks a PDF into a payload with exactly the eight fields, without embeddings', async () => {
    const r = await post(headers());
    assert.equal(r.statusCode, 200, r.body);
    const { value } = JSON.parse(r.body) as { value: Record<string, unknown>[] };
    assert.ok(value.length > 5);
    assert.equal(r.headers['x-total-chunks'], String(value.length));
    assert.equal(r.headers['x-embedding-performed'], 'false');
    assert.equal(r.headers['x-index-batches'], '1');
    assert.equal(r.headers['access-control-allow-origin'], '*');
    assert.match(r.headers['content-type']!, /^application\/json/);
    value.forEach((c, i) => {
      assert.deepEqual(Object.keys(c), FIELDS);
      assert.equal(c['@search.action'], 'upload');
      assert.equal(c.id, `7-42-${String(i).padStart(4, '0')}`);
      assert.equal(c.tenant_id, 7);
      assert.equal(c.document_id, 42);
      assert.equal(c.sourceName, 'groff-manual.pdf');
      assert.deepEqual(c.embedding, []);
      const len = [...(c.content as string)].length;
      assert.ok(len <= 1200 && (i === value.length - 1 || len >= 800), `chunk ${i} has ${len} characters`);
      assert.ok([...(c.section as string)].length <= 90);
    });
    assert.equal(embeddingCalls().length, 0);
  });

  it('with page-numbers: true, adds page_start and page_end to every chunk, in page order', async () => {
    const plain = await post(headers({ 'page-numbers': 'false' }));
    assert.equal(plain.body, (await post(headers())).body, "'false' is the default");
    const r = await post(headers({ 'page-numbers': 'TRUE' }));
    assert.equal(r.statusCode, 200, r.body);
    const { value } = JSON.parse(r.body) as { value: Record<string, unknown>[] };
    const without = (JSON.parse(plain.body) as { value: Record<string, unknown>[] }).value;
    assert.equal(value.length, without.length);
    let last = 1;
    value.forEach((c, i) => {
      assert.deepEqual(Object.keys(c), [...FIELDS.slice(0, 7), 'page_start', 'page_end', 'embedding']);
      const { page_start: start, page_end: end, ...rest } = c;
      assert.deepEqual(rest, without[i], 'the eight fields are unchanged');
      assert.ok(Number.isInteger(start) && Number.isInteger(end), `chunk ${i}: ${String(start)}-${String(end)}`);
      assert.ok(
        (start as number) >= last && (end as number) >= (start as number) && (end as number) <= 10,
        `chunk ${i}: ${String(start)}-${String(end)}`,
      );
      last = start as number;
    });
    assert.equal(value[0]!.page_start, 1);
    assert.equal(value.at(-1)!.page_end, 9, 'page 10 is the contents page, left out');
  });

  it('with page-numbers and embeddings, posts unchanged to an index made from the pageNumbers definition', async () => {
    const def = await app.inject({ url: '/apis/search-index-definition?name=paged-chunks&pageNumbers=true' });
    const put = await fetch(`${emu.searchUrl}/indexes/paged-chunks?api-version=2024-07-01`, {
      method: 'PUT',
      headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
      body: def.body,
    });
    assert.equal(put.status, 201, await put.text());
    const r = await post(embedHeaders({ 'page-numbers': 'true' }));
    assert.equal(r.statusCode, 200, r.body);
    const up = await fetch(`${emu.searchUrl}/indexes/paged-chunks/docs/index?api-version=2024-07-01`, {
      method: 'POST',
      headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
      body: r.body,
    });
    assert.equal(up.status, 200, await up.text());
    const docs = emu.index('paged-chunks')!.documents;
    assert.equal(docs.size, Number(r.headers['x-total-chunks']));
    const first = docs.get('7-42-0000');
    assert.equal(first?.page_start, 1);
  });

  it('gives the same payload for the same PDF, in both path forms', async () => {
    const a = await post(headers());
    const b = await post(headers(), undefined, '/apis/chunk-and-perform-embedding');
    assert.equal(b.statusCode, 200);
    assert.equal(a.body, b.body);
  });

  it('keeps Int64 digits exact in the JSON, negative tenant included', async () => {
    const r = await post(headers({ 'tenant-id': '-9223372036854775808', 'document-id': '9007199254740993' }));
    assert.equal(r.statusCode, 200, r.body);
    assert.ok(
      r.body.startsWith(
        '{"value":[{"@search.action":"upload","id":"-9223372036854775808-9007199254740993-0000","tenant_id":-9223372036854775808,"document_id":9007199254740993,',
      ),
    );
  });

  it('posts unchanged to a search index built from the definition', async () => {
    emu.createIndex(indexDefinition('pdf-chunks'));
    const r = await post(embedHeaders());
    assert.equal(r.statusCode, 200, r.body);
    const up = await fetch(`${emu.searchUrl}/indexes/pdf-chunks/docs/index?api-version=2024-07-01`, {
      method: 'POST',
      headers: { 'api-key': emu.keys.searchAdmin, 'content-type': 'application/json' },
      body: r.body,
    });
    assert.equal(up.status, 200, await up.text());
    assert.equal(emu.index('pdf-chunks')!.documents.size, Number(r.headers['x-total-chunks']));
  });

  it('embeds each chunk with one sequential call, in order, with the pass-through key', async () => {
    const r = await post(embedHeaders());
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['x-embedding-performed'], 'true');
    const { value } = JSON.parse(r.body) as { value: { content: string; embedding: number[] }[] };
    const calls = embeddingCalls();
    assert.equal(calls.length, value.length);
    calls.forEach((c, i) => {
      assert.equal(c.path, '/openai/deployments/text-embedding-ada-002/embeddings');
      assert.equal(c.query['api-version'], '2024-02-01');
      assert.equal(c.headers['api-key'], emu.keys.embedding);
      assert.deepEqual(c.body, { input: value[i]!.content });
      assert.equal(value[i]!.embedding.length, 1536);
      assert.deepEqual(value[i]!.embedding, deterministicEmbedding(value[i]!.content));
    });
    for (let i = 1; i < calls.length; i++) assert.ok(calls[i]!.receivedAt >= calls[i - 1]!.receivedAt);
    assert.ok(!r.body.includes(emu.keys.embedding));
  });

  it('retries a 429 as the provider asks, then succeeds', async () => {
    emu.faults.embeddings.push({ status: 429, headers: { 'retry-after-ms': '40' } });
    const r = await post(embedHeaders());
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(waits, [40]);
  });

  const failures: [string, () => void, RegExp][] = [
    [
      'a 400 on chunk 2',
      () =>
        emu.faults.embeddings.push(
          { delayMs: 0 },
          { delayMs: 0 },
          { status: 400, body: { error: { message: "'$.input' is invalid." } } },
        ),
      /^Embedding failed on chunk 2: HTTP 400: '\$\.input' is invalid\.$/,
    ],
    [
      '429 three times on chunk 0',
      () => emu.faults.embeddings.repeat({ status: 429, headers: { 'retry-after': '1' } }, 3),
      /^Embedding failed on chunk 0: HTTP 429: Requests to the Embeddings_Create Operation/,
    ],
    [
      'a wrong dimension on chunk 1',
      () => emu.faults.embeddings.push({ delayMs: 0 }, { wrongDimension: 3072 }),
      /^Embedding failed on chunk 1: invalid response: the embedding has 3072 values, expected 1536$/,
    ],
    [
      'bad JSON on chunk 0',
      () => emu.faults.embeddings.push({ invalidJson: true }),
      /^Embedding failed on chunk 0: invalid response: the body is not JSON$/,
    ],
    [
      'a hang on chunk 0 (timeout, not retried)',
      () => emu.faults.embeddings.push({ hang: true }),
      /^Embedding failed on chunk 0: timed out after 2000 ms$/,
    ],
  ];
  for (const [name, arm, why] of failures) {
    it(`502 on ${name}`, async () => {
      arm();
      const r = await post(embedHeaders());
      const body = JSON.parse(r.body);
      assert.equal(r.statusCode, 502, r.body);
      assert.equal(body.success, false);
      assert.match(body.error, why);
      assert.equal(r.headers['access-control-allow-origin'], '*');
      assertNoLeak(r.body);
      assert.ok(!r.body.includes(emu.keys.embedding));
    });
  }

  it('502 for a wrong provider key, and never echoes it', async () => {
    const r = await post(embedHeaders({ embeddingKey: 'my-secret-provider-key' }));
    assert.equal(r.statusCode, 502);
    assert.match(JSON.parse(r.body).error, /^Embedding failed on chunk 0: HTTP 401: Access denied/);
    assert.ok(!r.body.includes('my-secret-provider-key'));
  });

  describe('400 for bad headers, before the upload is read', () => {
    // One case per kind of refusal, through the socket; every header rule has its case in
    // test/schemas/chunking.test.ts.
    const cases: [string, () => Record<string, string>, RegExp][] = [
      ['missing sourceName', () => headers({ sourceName: undefined }), /^Header sourceName is required\.$/],
      ['missing tenant-id', () => headers({ 'tenant-id': undefined }), /^Header tenant-id is required\.$/],
      ['non-numeric tenant-id', () => headers({ 'tenant-id': 'abc' }), /^Header tenant-id must be a decimal integer/],
      [
        'missing embeddingKey',
        () => embedHeaders({ embeddingKey: undefined }),
        /^Header embeddingKey is required when performEmbedding is true\.$/,
      ],
      [
        'an endpoint not allow-listed',
        () => embedHeaders({ embeddingEndpoint: 'https://example.com' }),
        /^Header embeddingEndpoint is not an allowed endpoint: host example\.com is not in OUTBOUND_ALLOWED_HOSTS\.$/,
      ],
      [
        'an endpoint on a private address',
        () => embedHeaders({ embeddingEndpoint: 'https://private.openai.azure.com' }),
        /non-public address/,
      ],
      [
        'plain http to a wildcard host',
        () => embedHeaders({ embeddingEndpoint: 'http://x.openai.azure.com' }),
        /only https URLs are allowed/,
      ],
      [
        'an endpoint with credentials',
        () => embedHeaders({ embeddingEndpoint: 'https://u:p@x.openai.azure.com' }),
        /credentials/,
      ],
    ];
    for (const [name, h, why] of cases) {
      it(name, async () => {
        const r = await post(h());
        const body = assertClientError(r, 400);
        assert.match(String(body.error), why);
        assert.equal(embeddingCalls().length, 0);
      });
    }
  });

  it('401 for a missing or wrong api-key, before the body is read', async () => {
    for (const key of [undefined, 'wrong']) {
      const r = await post(headers({ 'api-key': key, 'tenant-id': 'junk' }), [['document', new Uint8Array(200_000)]]);
      const body = assertClientError(r, 401);
      assert.equal(body.error, 'Unauthorized. Invalid or missing api-key header.');
    }
  });

  describe('bad uploads are 4xx with a clear message, and the service keeps serving', () => {
    const image = makePdf({ pages: [{ image: true }] });
    const encrypted = makePdf({ pages: textPages([prose(30).join(' ')]), encrypt: true });
    const truncated = GROFF.subarray(0, 20_000);
    const tiny = makePdf({ pages: textPages(['# 1 Summary', 'A short note of a few words.']) });
    const cases: [string, [string, Uint8Array][] | 'json', number, RegExp][] = [
      [
        'a wrong field name',
        [['file', GROFF]],
        400,
        /^Unexpected file field 'file': the document goes in the file field 'document'\.$/,
      ],
      [
        'two files',
        [
          ['document', GROFF],
          ['document', GROFF],
        ],
        400,
        /^Exactly one file is expected, in the field 'document'\.$/,
      ],
      [
        "a raw JSON body that is not Power Automate's file content",
        'json',
        400,
        /^A JSON body is read only as Power Automate's file content/,
      ],
      ['a 0-byte file', [['document', new Uint8Array(0)]], 400, /^The uploaded document is empty/],
      [
        'a PNG named .pdf',
        [['document', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])]],
        415,
        /^The uploaded file is not in a supported format\. Accepted, recognised by content: PDF, Word \(\.docx\), OpenDocument text \(\.odt\), PowerPoint \(\.pptx\), OpenDocument presentation \(\.odp\), HTML, Markdown and plain UTF-8 text\.$/,
      ],
      [
        'a spreadsheet (xlsx)',
        [
          [
            'document',
            makeZip([
              { name: '[Content_Types].xml', data: '<Types/>' },
              { name: 'xl/workbook.xml', data: '<workbook/>' },
            ]),
          ],
        ],
        415,
        /^The uploaded file is not in a supported format/,
      ],
      [
        'a Word zip bomb',
        [['document', makeDocx('', { documentXml: new Uint8Array(200 * 2 ** 20) })]],
        413,
        /decompression bomb/,
      ],
      [
        'random bytes after a %PDF- header',
        [['document', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0xa7)])]],
        422,
        /^The PDF is damaged|^No text could be extracted/,
      ],
      ['a truncated PDF', [['document', truncated]], 422, /./],
      ['an encrypted PDF', [['document', encrypted]], 422, /^The PDF is encrypted/],
      ['an image-only PDF', [['document', image]], 422, /^No text could be extracted from the PDF\.$/],
      [
        'a file over MAX_PDF_BYTES',
        [['document', new Uint8Array(400_000)]],
        413,
        /^The document is larger than the limit of 300000 bytes\.$/,
      ],
    ];
    for (const [name, files, status, why] of cases) {
      it(name, async () => {
        let r: Reply;
        if (files === 'json') {
          const res = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, {
            method: 'POST',
            headers: { ...headers(), 'content-type': 'application/json' },
            body: '{}',
          });
          r = { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
        } else {
          r = await post(headers(), files);
        }
        const body = assertClientError(r, status);
        assert.match(String(body.error), why);
        const ok = await post(headers(), [['document', tiny]]);
        assert.equal(ok.statusCode, 200, ok.body);
      });
    }

    it('a tiny PDF gives one short chunk', async () => {
      const r = await post(headers(), [['document', tiny]]);
      const { value } = JSON.parse(r.body) as { value: { content: string; section: string }[] };
      assert.equal(value.length, 1);
      assert.ok(value[0]!.content.includes('A short note of a few words.'));
      assert.equal(r.headers['x-total-chunks'], '1');
    });

    describe('every format, as the multipart field or as the raw body with any content type', () => {
      const raw = async (body: Uint8Array, contentType: string | undefined, h = headers()): Promise<Reply> => {
        const all: Record<string, string> = { ...h };
        if (contentType) all['content-type'] = contentType;
        const res = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, { method: 'POST', headers: all, body });
        return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
      };
      const words = prose(400).join(' ');
      const docs: [string, Uint8Array][] = [
        ['pdf', makePdf({ pages: textPages(['1 Leave policy', words]) })],
        ['docx', makeDocx(wp('1 Leave policy', 'Heading1') + wp(words))],
        [
          'html',
          new TextEncoder().encode(
            `<!doctype html><html><head><title>x</title><script>var secret = 1;</script></head><body><nav><a href="/">Home</a></nav><h1>1 Leave policy</h1><p>${words}</p></body></html>`,
          ),
        ],
        ['markdown', new TextEncoder().encode(`# 1 Leave policy\n\n${words}\n`)],
        ['text', new TextEncoder().encode(`1 Leave policy\n\n${words}\n`)],
      ];
      const check = (r: Reply, format: string) => {
        assert.equal(r.statusCode, 200, `${format}: ${r.body}`);
        const { value } = JSON.parse(r.body) as { value: { content: string; section: string }[] };
        assert.ok(value.length >= 2, format);
        const text = value.map((v) => v.content).join(' ');
        assert.ok(text.includes(words.slice(0, 200)), format);
        assert.ok(!text.includes('secret') && !text.includes('Home'), format);
        if (format !== 'text') assert.equal(value[0]!.section, '1 Leave policy', format);
      };
      for (const [format, bytes] of docs) {
        it(`${format} as the multipart field 'document'`, async () =>
          check(await post(headers(), [['document', bytes]]), format));
        it(`${format} as the raw body, declared application/octet-stream`, async () =>
          check(await raw(bytes, 'application/octet-stream'), format));
      }
      it('a PDF as the raw body with Content-Type application/pdf (Postman binary, curl --data-binary)', async () => {
        const r = await raw(GROFF, 'application/pdf');
        const viaForm = await post(headers(), [['document', GROFF]]);
        assert.equal(r.statusCode, 200, r.body);
        assert.equal(r.body, viaForm.body);
      });
      it('the declared content type does not decide the format: Markdown sent as text/plain, a PDF as application/json, HTML with none', async () => {
        check(await raw(docs[3]![1], 'text/plain'), 'markdown');
        check(await raw(docs[0]![1], 'application/json'), 'pdf');
        check(await raw(docs[2]![1], undefined), 'html');
      });
      it('a raw body over MAX_PDF_BYTES is 413; a raw image is 415; an empty raw body is 400', async () => {
        assertClientError(await raw(new Uint8Array(400_000), 'application/pdf'), 413);
        assertClientError(await raw(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]), 'image/jpeg'), 415);
        assertClientError(await raw(new Uint8Array(0), 'application/pdf'), 400);
      });
      it('an HTML page in latin1 with its charset declared keeps its letters', async () => {
        const page = Buffer.from(
          `<html><head><meta charset="iso-8859-1"></head><body><h1>Gr\xfc\xdfe</h1><p>Sch\xf6ne Gr\xfc\xdfe aus K\xf6ln. ${words}</p></body></html>`,
          'latin1',
        );
        const r = await raw(page, 'text/html');
        assert.equal(r.statusCode, 200, r.body);
        const { value } = JSON.parse(r.body) as { value: { content: string; section: string }[] };
        assert.equal(value[0]!.section, 'Grüße');
        assert.ok(value[0]!.content.includes('Schöne Grüße aus Köln.'));
      });
    });
  });

  it('405 with Allow for GET', async () => {
    const res = await fetch(`${base}/apis/chunk-and-perform-embedding`, { headers: headers() });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
  });

  it('answers a browser preflight before auth, allowing every header and exposing the X- headers', async () => {
    const res = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'api-key,sourcename,tenant-id,document-id,performembedding,embeddingendpoint,embeddingkey,embeddingdeploymentname',
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of [
      'api-key',
      'sourcename',
      'tenant-id',
      'document-id',
      'performembedding',
      'embeddingendpoint',
      'embeddingkey',
      'embeddingdeploymentname',
    ]) {
      assert.ok(allowed.includes(h), h);
    }
    const r = await post(headers());
    assert.match(r.headers['access-control-expose-headers']!, /X-Total-Chunks/);
    assert.match(r.headers['access-control-expose-headers']!, /X-Embedding-Performed/);
  });

  it('never writes a key to a log line', async () => {
    emu.faults.embeddings.push({ status: 400 });
    await post(embedHeaders({ embeddingKey: EMBED_KEY_IN_TEST }));
    const logs = logLines.join('');
    assert.ok(logs.length > 0);
    const leaked = logLines.filter((l) => l.includes(EMBED_KEY_IN_TEST));
    assert.deepEqual(leaked, []);
    assert.ok(!logs.includes(LAB.DOCUMENT_API_KEY));
  });
});

describe('chunk-and-perform-embedding with a decompression bomb', () => {
  let app: FastifyInstance;
  let pool: ChunkPool;
  before(async () => {
    pool = createChunkPool();
    app = await buildTestApp({ chunkPool: pool, docs: 'none' });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await app.close();
    await pool.close();
  });

  it('answers 413 naming the problem, with bounded memory, and keeps serving', async () => {
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const upload = async (pdf: Uint8Array) => {
      const form = new FormData();
      form.append('document', new Blob([pdf], { type: 'application/pdf' }), 'x.pdf');
      const r = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, {
        method: 'POST',
        headers: { 'api-key': LAB.DOCUMENT_API_KEY, sourceName: 'x.pdf', 'tenant-id': '1', 'document-id': '2' },
        body: form,
      });
      return { status: r.status, body: await r.text() };
    };
    const bomb = bombPdf(2 ** 30); // ~1 MB that inflates to 1 GiB
    // The guard stops at 256 MiB inflated; without it the peak grows by the whole 1 GiB.
    const { result: r, growth } = await peakRssGrowth(() => upload(bomb));
    assert.equal(r.status, 413, r.body);
    assert.match(JSON.parse(r.body).error, /decompress/i);
    assertNoLeak(r.body);
    assert.ok(growth < 512 * MiB, `peak rss grew by ${Math.round(growth / MiB)} MiB`);
    const health = await fetch(`${base}/healthz`);
    assert.equal(health.status, 200);
    const ok = await upload(GROFF);
    assert.equal(ok.status, 200);
  });
});

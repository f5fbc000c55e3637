// Jobs on the chunking endpoint (issue 22, part 1), over a real socket against the emulator: a
// request with Prefer: respond-async is answered 202 at once; a client that only follows Location
// and sleeps Retry-After ends on the answer the synchronous request gives; a cancelled job makes
// no provider call once DELETE has answered; unknown and expired ids are 404.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { assertClientError, LAB, settableClock } from '../helpers/app.ts';
import { chunkingHeaders, startEmulatedApp, type EmulatedApp } from '../helpers/emulated-app.ts';
import { makePdf, textPages } from '../documents/helpers/make-pdf.ts';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const GROFF = readFileSync(`${CORPUS}groff-manual.pdf`);
const INDEX = 'pdf-chunks';
const JOB_URL = /^\/apis\/jobs\/[A-Za-z0-9_-]{24}$/;

/** A PDF of a few chunks: quick to parse and to embed. */
const SMALL = Buffer.from(
  makePdf({
    pages: textPages(
      [1, 2, 3].map((p) =>
        Array.from(
          { length: 12 },
          (_, i) => `Page ${p} sentence ${i} says something plain about the subject at hand, in words.`,
        ).join(' '),
      ),
    ),
  }),
);

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

describe('chunking jobs (Prefer: respond-async)', () => {
  let stack: EmulatedApp;
  let emu: Emulator;
  const clock = settableClock(Date.now());
  let base = '';

  const ids = () => chunkingHeaders(emu, INDEX).ids();
  const embedding = () => chunkingHeaders(emu, INDEX).embedding();
  const indexing = () => chunkingHeaders(emu, INDEX).indexing();

  async function post(headers: Record<string, string>, doc: Buffer = SMALL): Promise<Answer> {
    const form = new FormData();
    form.append('document', new Blob([doc], { type: 'application/pdf' }), 'manual.pdf');
    const res = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, { method: 'POST', headers, body: form });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  async function req(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(`${base}${path}`, { method, headers });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  /** The client of the issue: follows Location with no headers, sleeping Retry-After, until an answer that is not 202. */
  async function follow(accepted: Answer, onSleep = () => {}): Promise<{ final: Answer; polls: Answer[] }> {
    const polls: Answer[] = [];
    let location = accepted.headers.get('location')!;
    let wait = Number(accepted.headers.get('retry-after'));
    for (let i = 0; i < 600; i++) {
      await sleep(wait * 1000);
      onSleep();
      const a = await req('GET', location);
      if (a.status !== 202) return { final: a, polls };
      polls.push(a);
      location = a.headers.get('location')!;
      wait = Number(a.headers.get('retry-after'));
    }
    throw new Error('the job never ended');
  }
  const embeddingCalls = () => emu.requests.filter((r) => r.service === 'embeddings').length;
  const providerCalls = () => emu.requests.filter((r) => r.service !== 'unknown').length;

  before(async () => {
    stack = await startEmulatedApp({
      jobClockMs: clock.now,
      env: { JOB_RETRY_AFTER_SECONDS: '1', JOB_TTL_SECONDS: '600' },
    });
    ({ emu, base } = stack);
  });
  beforeEach(() => emu.reset());
  after(() => stack.close());

  it('answers 202 at once with Location, Retry-After, Preference-Applied and a body naming the job', async () => {
    const a = await post({ ...ids(), prefer: 'respond-async' });
    assert.equal(a.status, 202, a.text);
    const body = JSON.parse(a.text) as Record<string, unknown>;
    assert.match(a.headers.get('location')!, JOB_URL);
    assert.equal(body.location, a.headers.get('location'));
    assert.equal(body.id, a.headers.get('location')!.split('/').pop());
    assert.equal(body.success, true);
    assert.ok(['queued', 'running', 'done'].includes(String(body.state)));
    assert.match(a.headers.get('retry-after')!, /^[1-9][0-9]*$/);
    assert.equal(a.headers.get('preference-applied'), 'respond-async');
    assert.equal(a.headers.get('access-control-allow-origin'), '*');
    await follow(a);
  });

  it('job ids differ and are 144-bit base64url', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const a = await post({ ...ids(), prefer: 'respond-async' });
      const id = JSON.parse(a.text).id as string;
      assert.match(id, /^[A-Za-z0-9_-]{24}$/);
      seen.add(id);
      await follow(a);
    }
    assert.equal(seen.size, 3);
  });

  const same = async (name: string, headers: () => Record<string, string>, doc: Buffer = SMALL) =>
    it(`following Location ends on the synchronous answer: ${name}`, async () => {
      const sync = await post(headers(), doc);
      const accepted = await post({ ...headers(), prefer: 'respond-async' }, doc);
      assert.equal(accepted.status, 202, accepted.text);
      const { final } = await follow(accepted);
      assert.equal(final.status, sync.status, final.text);
      // The job indexes the same document second: its vectors are reused (reused counts them).
      const strip = (t: string) => t.replace(/"timeMs":\d+/, '"timeMs":0').replace(/"reused":\d+/, '"reused":0');
      assert.equal(strip(final.text), strip(sync.text));
      for (const h of [
        'content-type',
        'x-total-chunks',
        'x-embedding-performed',
        'x-index-batches',
        'x-ocr-pages',
        'x-error-code',
        'access-control-allow-origin',
      ])
        assert.equal(final.headers.get(h), sync.headers.get(h), h);
    });

  describe('the same answers', () => {
    beforeEach(() => emu.createIndex(indexDefinition(INDEX)));
    void same('the chunk envelope of a generated PDF', ids);
    void same('the chunk envelope of the groff manual', ids, GROFF);
    void same('embedded chunks', () => ({ ...ids(), ...embedding() }));
    void same('the indexing summary', () => ({ ...ids(), ...embedding(), ...indexing() }));
    void same(
      'an image-only PDF with ocr: off (422)',
      () => ({ ...ids(), ocr: 'off' }),
      Buffer.from(makePdf({ pages: [{ image: true }] })),
    );
  });

  it('an embedding that fails ends the job on the same 502 as the request', async () => {
    emu.faults.embeddings.push({ status: 400 });
    const sync = await post({ ...ids(), ...embedding() });
    emu.faults.embeddings.push({ status: 400 });
    const { final } = await follow(await post({ ...ids(), ...embedding(), prefer: 'respond-async' }));
    assert.equal(sync.status, 502);
    assert.equal(final.status, 502);
    assert.match(JSON.parse(final.text).error, /^Embedding failed on chunk 0: HTTP 400/);
    assert.equal(final.text, sync.text);
    assert.equal(final.headers.get('x-error-code'), 'embedding_failed');
  });

  it("the request's own errors are answered at once, before any job is made", async () => {
    const noSource = { ...ids(), prefer: 'respond-async' } as Record<string, string>;
    delete noSource.sourceName;
    const missing = await post(noSource);
    assertClientError(
      { statusCode: missing.status, body: missing.text, headers: Object.fromEntries(missing.headers) },
      400,
    );
    assert.equal(missing.headers.get('location'), null);
    const wrongKey = await post({ ...ids(), 'api-key': 'wrong', prefer: 'respond-async' });
    assert.equal(wrongKey.status, 401);
    const notADocument = await post(
      { ...ids(), prefer: 'respond-async' },
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
    );
    assert.equal(notADocument.status, 415, notADocument.text);
    assert.equal(notADocument.headers.get('location'), null);
  });

  it('a Prefer without respond-async is answered synchronously', async () => {
    for (const prefer of ['return=minimal', 'respond-asynchronously', 'wait=5']) {
      const a = await post({ ...ids(), prefer });
      assert.equal(a.status, 200, `${prefer}: ${a.text}`);
      assert.equal(a.headers.get('preference-applied'), null);
    }
  });

  it('a poll with no headers or the right api-key reads the job; a wrong api-key is refused', async () => {
    const a = await post({ ...ids(), prefer: 'respond-async' });
    const location = a.headers.get('location')!;
    const wrong = await req('GET', location, { 'api-key': 'not-the-key' });
    assert.equal(wrong.status, 401);
    assert.equal(JSON.parse(wrong.text).error, 'Unauthorized. Invalid or missing api-key header.');
    const wrongDelete = await req('DELETE', location, { 'api-key': 'not-the-key' });
    assert.equal(wrongDelete.status, 401);
    const { final } = await follow(a);
    assert.equal(final.status, 200);
    assert.equal((await req('GET', location, { 'api-key': LAB.DOCUMENT_API_KEY })).status, 200);
  });

  it('an unknown, malformed or expired id is a 404 with a JSON error', async () => {
    for (const path of ['/apis/jobs/AAAAAAAAAAAAAAAAAAAAAAAA', '/apis/jobs/nope', '/apis/jobs/..%2F..%2Fetc']) {
      const r = await req('GET', path);
      const body = assertClientError(
        { statusCode: r.status, body: r.text, headers: Object.fromEntries(r.headers) },
        404,
      );
      assert.match(String(body.error), /^No such job/);
      assert.equal(r.headers.get('x-error-code'), 'job_not_found');
      assert.equal((await req('DELETE', path)).status, 404);
    }
    const a = await post({ ...ids(), prefer: 'respond-async' });
    const { final } = await follow(a);
    assert.equal(final.status, 200);
    const location = a.headers.get('location')!;
    clock.advance(599_000);
    assert.equal((await req('GET', location)).status, 200, 'kept within JOB_TTL_SECONDS');
    clock.advance(2_000);
    const gone = await req('GET', location);
    assert.equal(gone.status, 404, gone.text);
    assert.equal(gone.headers.get('x-error-code'), 'job_not_found');
  });

  it('reports progress while it runs: phase, pages, chunks, chunks embedded, and a time left', async () => {
    emu.faults.embeddings.repeat({ delayMs: 120 }, 400);
    const a = await post({ ...ids(), ...embedding(), prefer: 'respond-async' }, GROFF);
    // The jobs' clock moves with the poller's sleeps, so that the estimate has a pace to go by.
    const { final, polls } = await follow(a, () => clock.advance(1000));
    assert.equal(final.status, 200);
    const seen = polls.map(
      (p) => JSON.parse(p.text) as { state: string; progress: Record<string, number | string | null> },
    );
    const embedding_ = seen.filter((s) => s.progress.phase === 'embedding');
    assert.ok(embedding_.length >= 2, `polls while embedding: ${JSON.stringify(seen.map((s) => s.progress))}`);
    const chunks = Number(final.headers.get('x-total-chunks'));
    for (const s of embedding_) {
      assert.equal(s.state, 'running');
      assert.equal(s.progress.chunks, chunks);
      assert.ok(Number(s.progress.pages) > 0 && s.progress.pagesRead === s.progress.pages, JSON.stringify(s.progress));
    }
    const done = embedding_.map((s) => Number(s.progress.chunksEmbedded));
    assert.ok(done.at(-1)! > done[0]!, `chunksEmbedded grows: ${done.join(', ')}`);
    assert.ok(
      embedding_.some((s) => Number(s.progress.secondsLeft) > 0),
      `an estimate of the time left: ${embedding_.map((s) => s.progress.secondsLeft).join(', ')}`,
    );
    for (const p of polls) {
      assert.equal(p.headers.get('location'), a.headers.get('location'));
      assert.match(p.headers.get('retry-after')!, /^[1-9][0-9]*$/);
    }
  });

  it('DELETE cancels: no provider call once it has answered, then 410, and 404 after the time to live', async () => {
    emu.createIndex(indexDefinition(INDEX));
    emu.faults.embeddings.repeat({ delayMs: 200 }, 400);
    const a = await post({ ...ids(), ...embedding(), ...indexing(), prefer: 'respond-async' }, GROFF);
    const location = a.headers.get('location')!;
    // Cancel right after a call has reached the emulator: the next one would start 200 ms later.
    const deadline = Date.now() + 60_000;
    while (embeddingCalls() < 3 && Date.now() < deadline) await sleep(5);
    const before = embeddingCalls();
    while (embeddingCalls() === before && Date.now() < deadline) await sleep(2);
    const cancelled = await req('DELETE', location);
    const atCancel = providerCalls();
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(JSON.parse(cancelled.text).state, 'cancelled');
    await sleep(1500);
    assert.equal(providerCalls(), atCancel, 'no embeddings or search call after the cancel answered');
    // Indexing lists the document's chunks already in the index before embedding (index-upload.ts):
    // that search comes first; no upload ever does.
    assert.equal(
      emu.requests.filter((r) => r.service === 'search' && r.path.endsWith('/docs/index')).length,
      0,
      'nothing indexed',
    );
    const after = await req('GET', location);
    assert.equal(after.status, 410, after.text);
    assert.equal(after.headers.get('x-error-code'), 'job_cancelled');
    assert.equal((await req('DELETE', location)).status, 200, 'DELETE again is harmless');
    clock.advance(601_000);
    assert.equal((await req('GET', location)).status, 404);
  });
});

describe('chunking jobs: the bound on jobs kept (JOBS_MAX)', () => {
  let stack: EmulatedApp;
  let emu: Emulator;
  let app: FastifyInstance;
  before(async () => {
    stack = await startEmulatedApp({ env: { JOBS_MAX: '1', JOB_RETRY_AFTER_SECONDS: '7' } });
    ({ emu, app } = stack);
  });
  after(() => stack.close());

  it('beyond it, 503 jobs_full with Retry-After, and the synchronous request still works', async () => {
    emu.faults.embeddings.repeat({ delayMs: 200 }, 400);
    const headers = {
      'api-key': LAB.DOCUMENT_API_KEY,
      sourceName: 'a.pdf',
      'tenant-id': '1',
      'document-id': '2',
      performEmbedding: 'true',
      embeddingEndpoint: emu.embeddingsUrl,
      embeddingKey: emu.keys.embedding,
      embeddingDeploymentName: 'text-embedding-ada-002',
      'content-type': 'application/pdf',
    };
    const first = await app.inject({
      method: 'POST',
      url: '/apis/chunk-and-perform-embedding',
      headers: { ...headers, prefer: 'respond-async' },
      payload: GROFF,
    });
    assert.equal(first.statusCode, 202, first.body);
    const second = await app.inject({
      method: 'POST',
      url: '/apis/chunk-and-perform-embedding',
      headers: { ...headers, prefer: 'respond-async' },
      payload: SMALL,
    });
    assert.equal(second.statusCode, 503, second.body);
    assert.deepEqual(second.json(), {
      success: false,
      error: 'The service keeps as many jobs as it may (JOBS_MAX); retry after the time in Retry-After.',
    });
    assert.equal(second.headers['x-error-code'], 'jobs_full');
    assert.equal(second.headers['retry-after'], '7');
    const sync = await app.inject({
      method: 'POST',
      url: '/apis/chunk-and-perform-embedding',
      headers: { ...headers, performEmbedding: 'false' },
      payload: SMALL,
    });
    assert.equal(sync.statusCode, 200);
    const location = String(first.headers.location);
    assert.equal((await app.inject({ method: 'DELETE', url: location })).statusCode, 200);
  });
});

// The worker pool against hostile and odd inputs: each gives a DocumentError of the right status or a
// correct result, never a crash, and the pool keeps serving afterwards.
import { describe, test, after } from 'node:test';
import { readFileSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createChunkPool, type WorkerFailureReport } from '../../src/documents/pool.ts';
import { DocumentError } from '../../src/documents/document-error.ts';
import { chunkDocument } from '../../src/documents/chunk-document.ts';
import { buildPayload } from '../../src/documents/payload.ts';
import { makePdf, textPages, bombPdf } from './helpers/make-pdf.ts';
import { MiB, peakRssGrowth } from '../helpers/memory.ts';

const pool = createChunkPool({ threads: 2 });
after(() => pool.close());

const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda'.split(' ');
const prose = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Sentence ${i} talks about ${words[i % words.length]} and ${words[(i * 7) % words.length]}.`,
  );
const tiny = () => makePdf({ pages: textPages(['Hello from a tiny PDF. It has one short paragraph.']) });
const normal = () =>
  makePdf({
    pages: textPages(['# 1 Introduction', prose(40).join(' '), '# 2 Details', prose(60).join(' ')]),
    compress: true,
  });

async function stillServes(): Promise<void> {
  const chunks = await pool.chunk(tiny());
  assert.deepEqual(chunks, [
    { section: '', content: 'Hello from a tiny PDF. It has one short paragraph.', pageStart: 1, pageEnd: 1 },
  ]);
}

async function expectPdfError(
  p: Promise<unknown>,
  code: string | string[],
  status: number | number[],
): Promise<DocumentError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof DocumentError, `DocumentError expected, got ${String(err)}`);
    assert.ok([code].flat().includes(err.code), `code ${err.code}`);
    assert.ok([status].flat().includes(err.status), `status ${err.status}`);
    assert.doesNotMatch(err.message, /\/work\/|node_modules|\bat \w+ \(|\.mjs/);
    return err;
  }
  assert.fail('expected a DocumentError');
}

const truncated = () => {
  const full = normal();
  return full.slice(0, Math.floor(full.length / 2));
};

const hostile: [string, () => Uint8Array, (p: Promise<unknown>) => Promise<void>][] = [
  ['0-byte file', () => new Uint8Array(0), async (p) => void (await expectPdfError(p, 'document_unsupported', 415))],
  [
    'not a PDF (text): chunked as text',
    () => new TextEncoder().encode('hello, I am a PDF, honest'),
    async (p) => {
      const chunks = await p;
      assert.ok(Array.isArray(chunks) && chunks.length === 1);
    },
  ],
  [
    'not a PDF (PNG signature)',
    () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(500)]),
    async (p) => void (await expectPdfError(p, 'document_unsupported', 415)),
  ],
  [
    'image-only PDF',
    () => makePdf({ pages: [{ image: true }, { image: true }] }),
    async (p) => {
      const e = await expectPdfError(p, 'document_no_text', 422);
      assert.equal(e.message, 'No text could be extracted from the PDF.');
    },
  ],
  [
    'encrypted PDF',
    () => makePdf({ pages: textPages(['Secret text.']), encrypt: true }),
    async (p) => {
      const e = await expectPdfError(p, 'document_encrypted', [400, 422]);
      assert.match(e.message, /encrypted/i);
    },
  ],
  [
    'truncated PDF',
    truncated,
    async (p) => {
      try {
        const chunks = (await p) as { content: string }[];
        assert.ok(Array.isArray(chunks));
      } catch {
        await expectPdfError(p, ['document_damaged', 'document_no_text'], 422);
      }
    },
  ],
  [
    'random bytes after a %PDF- header',
    () => new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...randomBytes(20000)]),
    async (p) => void (await expectPdfError(p, ['document_damaged', 'document_no_text'], 422)),
  ],
  [
    'page tree that loops',
    () => makePdf({ pages: textPages(['Looping tree text.']), loopPageTree: true }),
    async (p) => {
      try {
        await p;
      } catch {
        await expectPdfError(p, ['document_damaged', 'document_no_text'], 422);
      }
    },
  ],
  [
    'deeply nested objects',
    () =>
      makePdf({
        pages: textPages(['Nested.']),
        pageExtra: ` /Deep ${'['.repeat(200000)}${']'.repeat(200000)} /Deeper ${'<< /A '.repeat(50000)}1${' >>'.repeat(50000)}`,
      }),
    async (p) => {
      try {
        await p;
      } catch {
        await expectPdfError(p, ['document_damaged', 'document_no_text'], 422);
      }
    },
  ],
];

for (const [name, make, check] of hostile) {
  test(`hostile input: ${name}`, async () => {
    await check(pool.chunk(make()));
    await stillServes();
  });
}

test('a tiny PDF (< 800 characters) gives one short chunk', async () => {
  await stillServes();
});

test('a normal generated PDF: headings become sections', async () => {
  const chunks = await pool.chunk(normal());
  assert.ok(chunks.length >= 3);
  assert.equal(chunks[0]!.section, '1 Introduction');
  assert.ok(chunks.some((c) => c.section === '2 Details'));
});

test('the pool result equals the pure pipeline result', async () => {
  const pdf = normal();
  assert.deepEqual(await pool.chunk(pdf.slice()), await chunkDocument({ format: 'pdf', bytes: pdf.slice() }));
});

test('a caller abort terminates the parse; the pool keeps serving', async () => {
  const ctrl = new AbortController();
  const p = pool.chunk(makePdf({ pages: textPages(prose(3000)) }), { signal: ctrl.signal });
  ctrl.abort(new Error('client went away'));
  await assert.rejects(p, /client went away/);
  await stillServes();
});

test('the parse time bound gives a 422 timeout DocumentError', async () => {
  const quick = createChunkPool({ threads: 1, timeoutMs: 1 });
  try {
    const e = await expectPdfError(quick.chunk(makePdf({ pages: textPages(prose(3000)) })), 'document_timeout', 422);
    assert.match(e.message, /too long/);
  } finally {
    await quick.close();
  }
  await stillServes();
});

test('a decompression bomb (1 GiB of spaces in a ~1 MB PDF) is refused with bounded memory', async () => {
  const bomb = bombPdf(2 ** 30);
  assert.ok(bomb.length < 2 * 2 ** 20);
  // The guard stops at 256 MiB inflated; without it the peak grows by the whole 1 GiB.
  const { result: e, growth } = await peakRssGrowth(() => expectPdfError(pool.chunk(bomb), 'document_too_large', 413));
  assert.match(e.message, /decompress/i);
  assert.ok(growth < 512 * MiB, `peak rss grew by ${Math.round(growth / MiB)} MiB`);
  await stillServes();
  const chunks = await pool.chunk(normal());
  assert.ok(chunks.length >= 3);
});

test('the caller buffer is transferred when it spans a whole ArrayBuffer', async () => {
  const pdf = tiny();
  await pool.chunk(pdf);
  assert.equal(pdf.byteLength, 0, 'detached');
  const backing = new Uint8Array(tiny().length + 10);
  const view = backing.subarray(5, 5 + tiny().length);
  view.set(tiny());
  await pool.chunk(view);
  assert.equal(view.byteLength, tiny().length, 'a view into a larger buffer is copied, not detached');
});

test('payload() writes in the worker exactly what buildPayload writes from chunk()', async () => {
  const ids = { tenantId: '9007199254740993', documentId: '-1', sourceName: 'doc.pdf' };
  const chunks = await pool.chunk(normal());
  const done = await pool.payload(normal(), ids);
  const expected = buildPayload(chunks, ids);
  assert.ok(Buffer.isBuffer(done.json));
  assert.equal(done.json.toString('utf8'), expected.json.toString('utf8'));
  assert.equal(done.batches, expected.batches);
  assert.equal(done.count, chunks.length);
});

test('payload() answers the same PdfErrors as chunk()', async () => {
  await expectPdfError(
    pool.payload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]), { tenantId: '1', documentId: '2', sourceName: 's' }),
    'document_unsupported',
    415,
  );
  await stillServes();
});

describe('a worker whose state falls in doubt', () => {
  const faulty = new URL('./helpers/faulty-worker.ts', import.meta.url).href;
  const text = (s: string) => new TextEncoder().encode(s);
  const body = prose(30).join(' ');
  const cases: [string, string, WorkerFailureReport['kind']][] = [
    ['a rejection nobody handled', 'REJECT-LATER', 'unhandledRejection'],
    ['an exception thrown from a timer', 'THROW-LATER', 'uncaughtException'],
  ];
  for (const [name, marker, kind] of cases) {
    test(`${name}, after the answer: reported once, and the next document is read on a new thread`, async () => {
      const failures: WorkerFailureReport[] = [];
      const p = createChunkPool({ threads: 1, workerFilename: faulty, onWorkerFailure: (f) => failures.push(f) });
      try {
        const first = await p.chunk(text(`${marker} 20ms. ${body}`), { format: 'text' });
        assert.ok(first.length > 0);
        await setTimeout(150);
        assert.equal(failures.length, 1);
        assert.equal(failures[0]?.kind, kind);
        const second = await p.chunk(text(body), { format: 'text' });
        assert.deepEqual(second, await pool.chunk(text(body), { format: 'text' }));
        assert.equal(failures.length, 1, 'the new thread is sound');
      } finally {
        await p.close();
      }
    });
  }

  test('a failure surfacing while the next document is read: that document still gets its own answer', async () => {
    const failures: WorkerFailureReport[] = [];
    const p = createChunkPool({ threads: 1, workerFilename: faulty, onWorkerFailure: (f) => failures.push(f) });
    try {
      await p.chunk(text(`REJECT-LATER 1ms. ${body}`), { format: 'text' });
      const chunks = await p.chunk(normal());
      assert.deepEqual(chunks, await pool.chunk(normal()));
      assert.equal(failures.length, 1);
      assert.deepEqual(await p.chunk(tiny()), await pool.chunk(tiny()));
    } finally {
      await p.close();
    }
  });

  test('the two uploads of shared/fuzz crash-1: 200, then 422 damaged, and no worker falls in doubt', async () => {
    const failures: WorkerFailureReport[] = [];
    const p = createChunkPool({ threads: 1, onWorkerFailure: (f) => failures.push(f) });
    try {
      const fixture = (name: string) =>
        new Uint8Array(readFileSync(new URL(`../fixtures/fuzz/${name}`, import.meta.url)));
      assert.ok((await p.chunk(fixture('crash-1-first.pdf'))).length > 0);
      await expectPdfError(p.chunk(fixture('crash-1-second.pdf')), 'document_damaged', 422);
      await setTimeout(200);
      assert.deepEqual(failures, []);
      assert.deepEqual(await p.chunk(tiny()), await pool.chunk(tiny()));
    } finally {
      await p.close();
    }
  });
});

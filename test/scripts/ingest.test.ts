// npm run ingest: its rules (table tests), then the tool against the app on loopback with the
// emulator: a mixed folder indexed with the summary right, a second run skipping them all, a
// changed file sent again, a failing document giving exit 1.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startEmulator, type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { createChunkPool, type ChunkPool } from '../../src/documents/pool.ts';
import { buildTestApp, LAB } from '../helpers/app.ts';
import { SHARED_CORPUS } from '../helpers/references.ts';
import { main } from '../../scripts/ingest.ts';
import {
  documentIdOf,
  isSupported,
  isUnchanged,
  pollWaitMs,
  settingsKey,
  summaryTable,
} from '../../scripts/ingest/rules.ts';

const supported: [string, boolean][] = [
  ['manual.pdf', true],
  ['Manual.PDF', true],
  ['notes.md', true],
  ['page.htm', true],
  ['page.html', true],
  ['report.docx', true],
  ['readme.txt', true],
  ['image.png', false],
  ['archive.zip', false],
  ['.hidden.pdf', false],
  ['report.doc', false],
];
for (const [name, want] of supported)
  test(`isSupported(${name}) is ${want}`, () => assert.equal(isSupported(name), want));

test('documentIdOf: stable, below 2^53, different paths different ids', () => {
  const a = documentIdOf('docs/a.pdf');
  assert.equal(a, documentIdOf('docs/a.pdf'));
  assert.notEqual(a, documentIdOf('docs/b.pdf'));
  assert.ok(BigInt(a) < 2n ** 53n && BigInt(a) >= 0n);
  assert.match(a, /^\d+$/);
});

test('settingsKey: the order of names does not matter, a value does', () => {
  assert.equal(settingsKey({ a: '1', b: '2' }), settingsKey({ b: '2', a: '1' }));
  assert.notEqual(settingsKey({ a: '1' }), settingsKey({ a: '2' }));
  assert.notEqual(settingsKey({ a: undefined }), settingsKey({ a: '' }));
});

const entry = { content: 'c1', settings: 's1', documentId: '1', chunks: 3, at: '' };
const unchanged: [string, boolean, string, string][] = [
  ['same bytes and settings', true, 'c1', 's1'],
  ['other bytes', false, 'c2', 's1'],
  ['other settings', false, 'c1', 's2'],
];
for (const [name, want, content, settings] of unchanged)
  test(`isUnchanged: ${name}`, () => assert.equal(isUnchanged({ 'a.pdf': entry }, 'a.pdf', content, settings), want));
test('isUnchanged: a path never seen', () => assert.equal(isUnchanged({}, 'a.pdf', 'c1', 's1'), false));

const waits: [string | null, number][] = [
  [null, 1000],
  ['5', 5000],
  ['0', 200],
  ['600', 10_000],
  ['soon', 1000],
];
for (const [h, ms] of waits) test(`pollWaitMs(${h}) is ${ms}`, () => assert.equal(pollWaitMs(h), ms));

test('summaryTable: a line per document, numbers right-aligned, the totals', () => {
  const t = summaryTable([
    { path: 'a.pdf', outcome: 'indexed', chunks: 12, reused: 0, removed: 1, seconds: 1.25 },
    { path: 'b.md', outcome: 'skipped' },
    { path: 'c.pdf', outcome: 'failed', seconds: 0.5, error: 'HTTP 415: unsupported' },
  ]);
  assert.equal(
    t,
    [
      'document  outcome  chunks  reused  removed  seconds  error',
      'a.pdf     indexed      12       0        1      1.3',
      'b.md      skipped',
      'c.pdf     failed                                0.5  HTTP 415: unsupported',
      '3 documents: 1 indexed, 1 skipped (unchanged), 1 failed',
    ].join('\n'),
  );
});

describe('npm run ingest against the service and the emulator', () => {
  let emu: Emulator;
  let pool: ChunkPool;
  let app: FastifyInstance;
  let dir: string;
  let url: string;
  const run = async (extra: string[] = [], paths = [dir]) => {
    let out = '';
    let err = '';
    const code = await main(
      [
        '--url',
        url,
        '--api-key',
        LAB.DOCUMENT_API_KEY,
        '--tenant-id',
        '7',
        '--indexName',
        'pdf-chunks',
        '--cloudAISearchEndpoint',
        emu.searchUrl,
        '--cloudAISearchKey',
        emu.keys.searchAdmin,
        '--state',
        join(dir, '.state.json'),
        ...extra,
        ...paths,
      ],
      { out: (t) => (out += t), err: (t) => (err += t), tty: false, env: {}, sleep: async () => {} },
    );
    return { code, out, err };
  };

  before(async () => {
    emu = await startEmulator();
    emu.createIndex(indexDefinition('pdf-chunks'));
    pool = createChunkPool({ threads: 1 });
    app = await buildTestApp({ docs: 'none', chunkPool: pool, env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    dir = mkdtempSync(join(tmpdir(), 'ingest-test-'));
    copyFileSync(join(SHARED_CORPUS, 'groff-manual.pdf'), join(dir, 'groff-manual.pdf'));
    copyFileSync(join(SHARED_CORPUS, 'hand-written-hard.pdf'), join(dir, 'hand-written-hard.pdf'));
    writeFileSync(join(dir, 'notes.md'), `# Notes\n\n${'A line of notes about the folder tool. '.repeat(40)}\n`);
    writeFileSync(join(dir, 'picture.png'), 'not a document the tool sends');
  });
  after(async () => {
    await app.close();
    await pool.close();
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a mixed folder: every document indexed as a job, summary right; a second run skips them all', async () => {
    const first = await run();
    assert.equal(first.code, 0, first.out + first.err);
    assert.match(first.out, /3 documents: 3 indexed, 0 skipped \(unchanged\), 0 failed/);
    assert.doesNotMatch(first.out, /picture\.png/);
    // Plain lines, not bars, when not a terminal: a line per phase change and per document.
    assert.match(first.out, /groff-manual\.pdf: (queued|reading|indexing|done)\n/);
    assert.match(first.out, /\[3\/3\] .*: indexed/);
    // Every document went as a job, and its chunks are in the index under its own document-id.
    const posts = emu.requests.filter((r) => r.service === 'search' && r.path.endsWith('/docs/index'));
    assert.ok(posts.length >= 3);
    const docs = [...emu.index('pdf-chunks')!.documents.values()] as { sourceName: string; document_id: bigint }[];
    const names = new Set(docs.map((d) => d.sourceName.split('/').pop()));
    assert.deepEqual([...names].sort(), ['groff-manual.pdf', 'hand-written-hard.pdf', 'notes.md']);
    for (const d of docs) assert.equal(String(d.document_id), documentIdOf(d.sourceName));
    const chunks = Number(/groff-manual\.pdf\s+indexed\s+(\d+)/.exec(first.out)?.[1]);
    assert.equal(docs.filter((d) => d.sourceName.endsWith('groff-manual.pdf')).length, chunks);

    const before = emu.requests.length;
    const second = await run();
    assert.equal(second.code, 0);
    assert.match(second.out, /3 documents: 0 indexed, 3 skipped \(unchanged\), 0 failed/);
    assert.equal(emu.requests.length, before, 'nothing sent');

    // A changed file is sent again; other settings send everything again.
    writeFileSync(join(dir, 'notes.md'), `${readFileSync(join(dir, 'notes.md'), 'utf8')}\nOne more line.\n`);
    const third = await run();
    assert.match(third.out, /3 documents: 1 indexed, 2 skipped \(unchanged\), 0 failed/);
    const other = await run(['--page-numbers', 'false']);
    assert.match(other.out, /3 documents: 3 indexed, 0 skipped/);
  });

  test('a document the service refuses: failed in the summary with its reason, exit 1; the others still indexed', async () => {
    // Binary bytes of no format the service reads (a PNG's signature): 415, whatever the name says.
    writeFileSync(
      join(dir, 'broken.pdf'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0, 1, 2]),
    );
    try {
      const r = await run(['--force']);
      assert.equal(r.code, 1, r.out);
      assert.match(r.out, /broken\.pdf\s+failed.*HTTP 415: /);
      assert.match(r.out, /4 documents: 3 indexed, 0 skipped \(unchanged\), 1 failed/);
    } finally {
      rmSync(join(dir, 'broken.pdf'));
    }
  });

  test('on a terminal: bars (cli-progress, on stderr) instead of lines, the same summary', async () => {
    let out = '';
    const code = await main(
      [
        '--url',
        url,
        '--api-key',
        LAB.DOCUMENT_API_KEY,
        '--indexName',
        'pdf-chunks',
        '--cloudAISearchEndpoint',
        emu.searchUrl,
        '--cloudAISearchKey',
        emu.keys.searchAdmin,
        '--state',
        join(dir, '.state-tty.json'),
        join(dir, 'notes.md'),
      ],
      { out: (t) => (out += t), err: () => {}, tty: true, env: {}, sleep: async () => {} },
    );
    assert.equal(code, 0, out);
    assert.doesNotMatch(out, /: (reading|indexing)\n/, 'no phase lines');
    assert.match(out, /1 documents: 1 indexed, 0 skipped/);
  });

  test('usage errors exit 2 with the usage', async () => {
    let err = '';
    const code = await main(['--url', url, 'x'], { out: () => {}, err: (t) => (err += t), tty: false, env: {} });
    assert.equal(code, 2);
    assert.match(err, /^--api-key is required/);
    assert.match(err, /npm run ingest -- \[options\] PATH/);
  });
});

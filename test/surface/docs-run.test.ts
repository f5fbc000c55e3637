// Docs that run: the commands of docs/emulator.md name files that exist, run beside a service
// already on the default port, and give the counts the page writes (the walk-through replayed
// against the emulator); the README's counts (operations, npm's EBADENGINE lines) are the real ones.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { startEmulator, type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { loadConfig } from '../../src/config.ts';
import { buildTestApp, LAB } from '../helpers/app.ts';
import { buildAppWithRoutes } from '../api-documents/app.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const EMULATOR_MD = readFileSync(join(ROOT, 'docs/emulator.md'), 'utf8');

/** The shell blocks of a Markdown page. */
const shellBlocks = (md: string) => [...md.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
/** The one number a pattern finds in a text (fails when it finds none). */
function numberIn(text: string, pattern: RegExp): number {
  const m = pattern.exec(text);
  assert.ok(m, `${String(pattern)} not found`);
  return Number(m[1]);
}

describe('docs/emulator.md runs as written', () => {
  const blocks = shellBlocks(EMULATOR_MD);

  test('every file its commands upload exists, seen from the repository root', () => {
    const files = blocks
      .flatMap((b) => [...b.matchAll(/=@([^"'\s]+)|--data-binary @([^"'\s-][^"'\s]*)/g)])
      .map((m) => (m[1] ?? m[2])!)
      .filter((f) => f !== 'payload.json'); // written by step 2's -o
    assert.ok(files.length >= 2, files.join(' '));
    for (const f of files) assert.ok(existsSync(join(ROOT, f)), `${f} does not exist`);
  });

  test('the service it starts runs beside one already on the default port, and SVC points at it', () => {
    const start = blocks
      .map((b) => /^OUTBOUND_ALLOWED_HOSTS=127\.0\.0\.1 PORT=(\d+) npm start$/m.exec(b))
      .find(Boolean);
    assert.ok(start, 'the start command sets PORT');
    const port = Number(start[1]);
    assert.notEqual(port, loadConfig({}).port, 'the default port of a running service: EADDRINUSE');
    assert.notEqual(port, 7071, "the emulator's port");
    assert.equal(numberIn(EMULATOR_MD, /^SVC=http:\/\/127\.0\.0\.1:(\d+)$/m), port);
  });

  describe('the walk-through against the emulator gives the counts the page writes', () => {
    let emu: Emulator;
    let app: FastifyInstance;
    let svc: string;
    before(async () => {
      emu = await startEmulator();
      emu.createIndex(indexDefinition('pdf-chunks'));
      app = await buildTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
      svc = await app.listen({ host: '127.0.0.1', port: 0 });
    });
    after(async () => {
      await app?.close();
      await emu?.close();
    });

    test('chunk, post, index by the service, search, delete twice', async () => {
      const upload = /-F "document=@([^"]+)"/.exec(EMULATOR_MD)![1]!;
      const form = () => {
        const f = new FormData();
        f.append('document', new Blob([readFileSync(join(ROOT, upload))]), upload.split('/').pop());
        return f;
      };
      const headers = {
        'api-key': LAB.DOCUMENT_API_KEY,
        sourceName: /-H "sourceName: ([^"]+)"/.exec(EMULATOR_MD)![1]!,
        'tenant-id': '7',
        'document-id': '42',
        performEmbedding: 'true',
        embeddingEndpoint: emu.embeddingsUrl,
        embeddingKey: 'emulator-embedding-key',
        embeddingDeploymentName: 'text-embedding-ada-002',
      };
      const chunk = async (extra: Record<string, string> = {}) =>
        fetch(`${svc}/apis/chunk-and-perform-embedding.php`, {
          method: 'POST',
          headers: { ...headers, ...extra },
          body: form(),
        });
      // 2. Chunk, with embeddings.
      const chunked = await chunk();
      assert.equal(chunked.status, 200);
      assert.equal(Number(chunked.headers.get('x-total-chunks')), numberIn(EMULATOR_MD, /x-total-chunks: (\d+)/));
      // 3. Post the payload unchanged.
      const posted = await fetch(`${emu.searchUrl}/indexes/pdf-chunks/docs/index?api-version=2024-07-01`, {
        method: 'POST',
        headers: { 'api-key': 'emulator-search-admin-key', 'content-type': 'application/json' },
        body: await chunked.text(),
      });
      assert.equal(posted.status, 200);
      // 3b. Or let the service index them: the summary the page shows.
      const indexed = await chunk({
        indexName: 'pdf-chunks',
        cloudAISearchEndpoint: emu.searchUrl,
        cloudAISearchKey: 'emulator-search-admin-key',
      });
      const summary = (await indexed.json()) as Record<string, unknown>;
      assert.equal(summary.chunks, numberIn(EMULATOR_MD, /"chunks":(\d+),"batches"/));
      assert.equal(summary.indexed, numberIn(EMULATOR_MD, /"indexed":(\d+),"failedKeys"/));
      assert.equal(summary.removed, numberIn(EMULATOR_MD, /"removed":(\d+),"reused"/));
      assert.equal(summary.reused, numberIn(EMULATOR_MD, /"reused":(\d+),"timeMs"/));
      // 4. Search: the count and the first section.
      const search = await fetch(`${emu.searchUrl}/indexes/pdf-chunks/docs/search?api-version=2024-07-01`, {
        method: 'POST',
        headers: { 'api-key': 'emulator-search-query-key', 'content-type': 'application/json' },
        body: JSON.stringify({ search: '*', filter: 'document_id eq 42', select: 'id,section', top: 3, count: true }),
      });
      const found = (await search.json()) as { '@odata.count': number; value: { id: string; section: string }[] };
      assert.equal(found['@odata.count'], numberIn(EMULATOR_MD, /"@odata\.count":(\d+)/));
      const first = /"id":"7-42-0000","section":"([^"]+)"/.exec(EMULATOR_MD)![1];
      assert.deepEqual(found.value[0], { '@search.score': 1, id: '7-42-0000', section: first });
      const words = /search=([a-z ]+)'/.exec(EMULATOR_MD)![1]!;
      const text = await fetch(
        `${emu.searchUrl}/indexes/pdf-chunks/docs?api-version=2024-07-01&search=${encodeURIComponent(words)}&$select=id,section&$top=2`,
        { headers: { 'api-key': 'emulator-search-query-key' } },
      );
      const best = ((await text.json()) as { value: { id: string; section: string }[] }).value[0]!;
      const shown = /"id":"(7-42-\d{4})","section":"([^"]+)"\}, \.\.\.\]\}\n```\n\nAnd a vector query/.exec(
        EMULATOR_MD,
      );
      assert.ok(shown, 'the full-text answer is shown');
      assert.deepEqual([best.id, best.section], [shown[1], shown[2]]);
      // 5. Delete, twice.
      const del = () =>
        fetch(`${svc}/apis/delete-indexed-document.php`, {
          method: 'POST',
          headers: {
            'api-key': LAB.DOCUMENT_API_KEY,
            cloudAISearchEndpoint: emu.searchUrl,
            cloudAISearchKey: 'emulator-search-admin-key',
            indexName: 'pdf-chunks',
            document_id: '42',
          },
        });
      const deleted = (await (await del()).json()) as { message: string; deleted_chunks: number };
      assert.equal(deleted.deleted_chunks, numberIn(EMULATOR_MD, /Deleted (\d+) chunks of document_id 42/));
      assert.equal(((await (await del()).json()) as { deleted_chunks: number }).deleted_chunks, 0);
    });
  });
});

describe("the README's counts", () => {
  test('operations in the documents, and with their twins', async () => {
    const { app, routes } = await buildAppWithRoutes();
    try {
      const canonical = routes.filter((r) => r.twinOf === undefined);
      const m = /show (\d+) operations rather than (\d+)/.exec(README);
      assert.ok(m);
      assert.deepEqual([Number(m[1]), Number(m[2])], [canonical.length, routes.length]);
    } finally {
      await app.close();
    }
  });

  test("npm's EBADENGINE lines on Node 20: five per package of the lock that Node 20 does not satisfy", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    const refusing = Object.values(lock.packages).filter(
      (p) => typeof p.engines?.node === 'string' && !satisfies('20.20.2', p.engines.node),
    );
    assert.equal(numberIn(README, /With Node 20 \(20\.20\.2 measured\) there are (\d+) blocks/), refusing.length);
    assert.equal(numberIn(README, /there are \d+ blocks, (\d+) lines/), refusing.length * 5);
    const on22 = Object.values(lock.packages).filter(
      (p) => typeof p.engines?.node === 'string' && !satisfies('22.19.0', p.engines.node),
    );
    assert.equal(on22.length, 1, 'with Node 22.19 or newer, only the project');
  });
});

type Version = [number, number, number];
const parts = (s: string) =>
  s
    .replace(/^[v=]/, '')
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : undefined));
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether a version satisfies an `engines` range as npm reads it: `||` of sets of comparators
 * (`>=`, `>`, `<`, `<=`, `^`, `~`, a bare or partial version, `x`/`*`), enough for the ranges of
 * package-lock.json (npm's own `semver` is not a dependency of the project).
 */
export function satisfies(version: string, range: string): boolean {
  const v = parts(version) as Version;
  return range.split('||').some((set) =>
    set
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter((t) => t !== '')
      .every((t) => {
        const [, op = '', rest = ''] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(t)!;
        if (rest === '*' || rest === 'x') return true;
        const p = parts(rest);
        const known = p.findIndex((n) => n === undefined) === -1 ? p.length : p.findIndex((n) => n === undefined);
        const lo: Version = [p[0] ?? 0, known > 1 ? (p[1] ?? 0) : 0, known > 2 ? (p[2] ?? 0) : 0];
        const c = compare(v, lo);
        if (op === '>=') return c >= 0;
        if (op === '>') return c > 0;
        if (op === '<') return c < 0;
        if (op === '<=') return c <= 0;
        const hi: Version =
          op === '^'
            ? lo[0] > 0 || known === 1
              ? [lo[0] + 1, 0, 0]
              : lo[1] > 0 || known === 2
                ? [0, lo[1] + 1, 0]
                : [0, 0, lo[2] + 1]
            : known === 1
              ? [lo[0] + 1, 0, 0]
              : op === '~' || known === 2
                ? [lo[0], lo[1] + 1, 0]
                : [lo[0], lo[1], lo[2] + 1];
        return c >= 0 && compare(v, hi) < 0;
      }),
  );
}

test('satisfies: the range forms of the lock', () => {
  const cases: [string, string, boolean][] = [
    ['20.20.2', '*', true],
    ['20.20.2', '>=24', false],
    ['20.20.2', '>= 20', true],
    ['20.20.2', '>=20.x', true],
    ['20.20.2', '>=22.13.0 || >=24', false],
    ['20.20.2', '^22.17.0 || >=24.0.0', false],
    ['20.20.2', '^20.19.0 || ^22.13.0 || >=24', true],
    ['20.18.0', '^20.19.0 || ^22.13.0 || >=24', false],
    ['20.20.2', '>=22.12.0 || >=20.19.0 <21.0.0', true],
    ['21.0.0', '>=22.12.0 || >=20.19.0 <21.0.0', false],
    ['20.20.2', '18 || 20 || >=22', true],
    ['19.1.0', '18 || 20 || >=22', false],
    ['20.20.2', '10.* || >= 12.*', true],
    ['20.20.2', '>=v12.22.7', true],
    ['20.20.2', '^16.20 || ^18.18 || >= 20.17', true],
    ['20.20.2', '>=16 || 14 >=14.17', true],
    ['14.16.0', '>=16 || 14 >=14.17', false],
    ['8.10.0', '>=9.4.0 || ^8.9.4', true],
    ['6.5.0', '4.x || >=6.0.0', true],
    ['5.0.0', '4.x || >=6.0.0', false],
    ['20.20.2', '~20.19.0', false],
    ['24.0.0', '^22.17.0 || >=24.0.0', true],
  ];
  for (const [version, range, want] of cases) assert.equal(satisfies(version, range), want, `${version} ${range}`);
});

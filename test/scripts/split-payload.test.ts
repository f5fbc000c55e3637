// scripts/split-payload.ts, the README's split of a payload over one index-documents call: the
// batches X-Index-Batches counts, Int64 ids with their exact digits (jq 1.6 rounds them), every
// other byte as the service wrote it; and the command as the README writes it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitPayload } from '../../scripts/split-payload.ts';
import { buildPayload } from '../../src/documents/payload.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const chunks = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ section: `Part ${i}`, content: `Text of chunk ${i}, with “quotes” and é.` }));
const vectors = (n: number) => Array.from({ length: n }, (_, i) => [0.1 + i, -2.5e-7, 1 / 3]);

describe('splitPayload', () => {
  const cases: [string, { tenantId: string; documentId: string }, number, number | undefined, number][] = [
    ['a small payload is one call', { tenantId: '7', documentId: '42' }, 3, undefined, 1],
    ['five documents, two a call', { tenantId: '7', documentId: '42' }, 5, 2, 3],
    ['ids past 2^53', { tenantId: '9007199254740993', documentId: '-9223372036854775808' }, 4, 3, 2],
    ['the Int64 maximum', { tenantId: '9223372036854775807', documentId: '9007199254740993' }, 2, 1, 2],
    ['no document, no call', { tenantId: '7', documentId: '42' }, 0, undefined, 0],
  ];
  for (const [name, ids, n, maxDocs, parts] of cases) {
    test(name, () => {
      const payload = buildPayload(chunks(n), { ...ids, sourceName: 'a.pdf' }, vectors(n));
      const out = splitPayload(payload.json.toString('utf8'), maxDocs);
      assert.equal(out.length, parts);
      // Put back together, the parts are the service's bytes: digits, floats and text unchanged.
      const docs = out.map((p) => p.slice('{"value":['.length, -']}'.length)).filter((d) => d !== '');
      assert.equal(`{"value":[${docs.join(',')}]}`, payload.json.toString('utf8'));
      for (const p of out) assert.ok(p.includes(`"tenant_id":${ids.tenantId},`), p.slice(0, 200));
      if (maxDocs === undefined) assert.equal(out.length, payload.batches, 'the count of X-Index-Batches');
    });
  }
  test('the byte bound splits as X-Index-Batches counts', () => {
    const payload = buildPayload(chunks(6), { tenantId: '7', documentId: '42', sourceName: 'a.pdf' });
    const one = Buffer.byteLength(splitPayload(payload.json.toString(), 1)[0]!);
    assert.equal(splitPayload(payload.json.toString(), 1000, 2 * one).length, 3);
  });
  test('not a payload', () => {
    assert.throws(() => splitPayload('{"values": []}'), /no "value" array/);
  });
});

test('the README splits with the command this test runs, and names no jq for it', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  assert.match(readme, /npx node scripts\/split-payload\.ts payload\.json/);
  assert.doesNotMatch(readme, /jq -c '\.value as \$v/);
  const dir = mkdtempSync(join(tmpdir(), 'split-'));
  try {
    const file = join(dir, 'payload.json');
    const payload = buildPayload(chunks(3), { tenantId: '9007199254740993', documentId: '42', sourceName: 'a.pdf' });
    writeFileSync(file, payload.json);
    // The pinned Node runs the script as `npx node` does (process.execPath is it under npm test).
    const printed = execFileSync(process.execPath, [join(ROOT, 'scripts/split-payload.ts'), file], { cwd: dir })
      .toString()
      .trim();
    assert.equal(printed, join(dir, 'payload.1.json'));
    assert.equal(readFileSync(join(dir, 'payload.1.json'), 'utf8'), payload.json.toString('utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

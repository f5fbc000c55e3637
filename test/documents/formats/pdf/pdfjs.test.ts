// pdf.js as the service loads it: the page-tree prefetch fix is applied exactly where pdf.js makes
// the promise, and a damaged page tree read after another document leaves no rejection behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import { patchPdfWorkerSource, patchedLoads } from '../../../../src/documents/formats/pdf/pdfjs.ts';
import { readDocument } from '../../../../src/documents/chunk-document.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';

const LINE = 'pageDictCache.put(lastKid, xref.fetchAsync(lastKid));';

const refused: [string, string][] = [
  ['no prefetch line (pdf.js changed)', 'const x = 1;'],
  ['the line twice', `${LINE}\n${LINE}`],
  ['an empty source', ''],
];
for (const [name, source] of refused) {
  test(`patchPdfWorkerSource refuses ${name}`, () => {
    assert.throws(() => patchPdfWorkerSource(source), /pdf\.js worker source changed/);
  });
}

test('patchPdfWorkerSource marks the prefetched promise handled and caches that same promise', () => {
  const out = patchPdfWorkerSource(`before();\n        ${LINE}\nafter();`);
  assert.equal(
    out,
    'before();\n        const prefetched = xref.fetchAsync(lastKid); prefetched.catch(() => {}); pageDictCache.put(lastKid, prefetched);\nafter();',
  );
});

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../fixtures/fuzz/${name}`, import.meta.url)));

test('shared/fuzz crash-1 in one thread: the first read, the second refused as damaged, nothing left unhandled', async () => {
  const unhandled: unknown[] = [];
  const spy = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', spy);
  try {
    assert.ok((await readDocument({ format: 'pdf', bytes: fixture('crash-1-first.pdf') })).chunks.length > 0);
    await assert.rejects(readDocument({ format: 'pdf', bytes: fixture('crash-1-second.pdf') }), (err) => {
      assert.ok(err instanceof DocumentError);
      assert.equal(err.status, 422);
      return true;
    });
    await setTimeout(200);
    assert.deepEqual(unhandled, []);
    assert.equal(patchedLoads, 1, "pdf.js's worker module was loaded through the fix");
  } finally {
    process.off('unhandledRejection', spy);
  }
});

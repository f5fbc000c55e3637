// The real and generated corpus PDFs of shared/corpus (beside the repository, as CI clones it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { chunkDocument, toChunkBlocks } from '../../../../src/documents/chunk-document.ts';
import { splitIntoChunks } from '../../../../src/documents/chunker.ts';

const corpus = join(fileURLToPath(new URL('../../../..', import.meta.url)), '..', 'shared', 'corpus');
// The corpus sits beside the repository (shared/), as in CI: a missing corpus fails
// the suite rather than skipping it, so that no run passes without these tests.
test('the shared corpus is beside the repository', () => assert.ok(existsSync(corpus), `no corpus at ${corpus}`));
const load = (name: string) => new Uint8Array(readFileSync(join(corpus, name)));

interface Expect {
  file: string;
  /** Pages that must be dropped as contents/index pages. */
  dropped: number[];
  /** Strings that must not appear in any chunk (furniture, contents entries). */
  absent: (string | RegExp)[];
  /** Strings that must appear. */
  present: string[];
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

const cases: Expect[] = [
  {
    file: 'R-intro.pdf',
    dropped: [...range(3, 6), ...range(108, 112)],
    absent: [/(?:\. ){4,}/, 'Chapter 1: Introduction and preliminaries', /\bTable of Contents\b/],
    present: ['1.1 The R environment', 'R is an integrated suite of software facilities'],
  },
  {
    file: 'gnuplot.pdf',
    dropped: [...range(2, 20), ...range(305, 311)],
    absent: [/(?:\. ){4,}/, 'clip1in, 191'],
    present: ['The EllipticE(k) function returns the complete elliptic integral'],
  },
  {
    file: 'chromium-handbook.pdf',
    dropped: [2],
    absent: [/Page \d+/, 'Table of Contents', 'Medical procedure 3'],
    present: ['implementation', 'CHAPTER 4 OVERVIEW OF SYSTEM'],
  },
  {
    file: 'groff-manual.pdf',
    dropped: [10],
    absent: [/Contoso Benefits Handbook Page \d/],
    present: ['Preventive service'],
  },
  {
    file: 'hand-written-hard.pdf',
    dropped: [4],
    absent: [/(?:\. ){4,}/, 'Eligibility and enrollment'],
    present: [
      'The quick brown fox jumps over the lazy dog',
      'Left column sentence number 12 con Right column sentence number 1 con',
      'efficient and fluent; final files flow',
    ],
  },
];

for (const c of cases) {
  test(`corpus ${c.file}`, async () => {
    const data = load(c.file);
    const cleaned = await extractPdf(data.slice());
    const chunks = splitIntoChunks(toChunkBlocks(cleaned.blocks));
    for (const p of c.dropped)
      assert.ok(cleaned.tocPages.includes(p), `page ${p} dropped (got ${cleaned.tocPages.join(',')})`);
    assert.ok(
      cleaned.tocPages.length <= c.dropped.length + 2,
      `few pages dropped beyond the listings: ${cleaned.tocPages.join(',')}`,
    );
    const all = cleaned.blocks.map((b) => b.text).join('\n');
    // A chunk that opens inside a table's body repeats its header row first: that line is no new text.
    const headers = new Set(
      cleaned.blocks.filter((b) => b.kind === 'row' && b.cells?.every((c) => c.header || !c.text)).map((b) => b.text),
    );
    const own = (content: string, i: number) => {
      const nl = content.indexOf('\n');
      return i > 0 && nl > 0 && headers.has(content.slice(0, nl)) && !all.includes(content)
        ? content.slice(nl + 1)
        : content;
    };
    const text = chunks.map((x, i) => own(x.content, i)).join('\n');
    assert.equal(
      text.replace(/\s+/g, ''),
      all.replace(/\s+/g, ''),
      'chunks hold the cleaned text, nothing lost or repeated',
    );
    let pos = 0;
    chunks.forEach((ch, i) => {
      const n = [...ch.content].length;
      if (i < chunks.length - 1) assert.ok(n >= 800 && n <= 1200, `chunk ${i}: ${n}`);
      else assert.ok(n <= 1200);
      assert.ok([...ch.section].length <= 90);
      const body = own(ch.content, i);
      const at = all.indexOf(body, pos);
      assert.ok(at >= 0);
      pos = at + body.length;
      if (i < chunks.length - 1) assert.match(all[pos] ?? ' ', /\s/, `chunk ${i} cut on whitespace`);
    });
    assert.doesNotMatch(text, /[\u00AD\uFFFD\uFB00-\uFB06]|\(cid:/);
    for (const a of c.absent) {
      if (typeof a === 'string') assert.ok(!text.includes(a), `absent: ${a}`);
      else assert.doesNotMatch(text, a);
    }
    const flat = text.replace(/\s+/g, ' ');
    for (const p of c.present) assert.ok(flat.includes(p), `present: ${p}`);
  });
}

test('same PDF, same chunks', async () => {
  const data = load('R-intro.pdf');
  assert.deepEqual(
    await chunkDocument({ format: 'pdf', bytes: data.slice() }),
    await chunkDocument({ format: 'pdf', bytes: data.slice() }),
  );
});

test('sections: most chunks of a document with headings carry one', async () => {
  for (const f of ['R-intro.pdf', 'gnuplot.pdf', 'chromium-handbook.pdf', 'groff-manual.pdf']) {
    const chunks = await chunkDocument({ format: 'pdf', bytes: load(f) });
    const withSection = chunks.filter((c) => c.section !== '').length;
    assert.ok(withSection >= chunks.length * 0.95, `${f}: ${withSection}/${chunks.length}`);
  }
});

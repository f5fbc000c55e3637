// Page numbers against an independent reader: for every chunk of every shared PDF, its first and
// last words are on its page_start and page_end in pdftotext's reading of that page (poppler-utils;
// the reading is committed, test/fixtures/references, remade by npm run fixtures), and pages never
// decrease from chunk to chunk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { chunkDocument } from '../../../../src/documents/chunk-document.ts';
import { LIGATURES as LIG } from '../../../../src/documents/formats/pdf/clean.ts';
import { referenceText } from '../../../helpers/references.ts';

const corpus = join(fileURLToPath(new URL('../../../..', import.meta.url)), '..', 'shared', 'corpus');

/** The words of a text, lower case, ligatures spelled out, soft hyphens gone. */
function words(s: string): string[] {
  return (
    s
      .replace(/[\uFB00-\uFB06]/g, (c) => LIG[c] ?? c)
      .replace(/\u00AD/g, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * The words of each page as pdftotext reads it (the whole file's reading split at its form feeds,
 * which npm run fixtures checks equal to reading one page alone), with line-end hyphenations both
 * kept and joined, and words of letters and digits split too: pdftotext reads a radical sign as a
 * "p" glued to its radicand ("√6/N" as "p6/N"; gnuplot.pdf's page 232).
 */
function pageWords(name: string): Set<string>[] {
  const pages = referenceText(name, 'pdftotext').split('\f');
  return pages.map(
    (text) =>
      new Set([
        ...words(text),
        ...words(text.replace(/(\p{L})[-\u2010\u00AD]\s*\n\s*(?=\p{L})/gu, '$1')),
        ...words(text.replace(/(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu, '$1$2 ')),
      ]),
  );
}

for (const name of readdirSync(corpus)
  .filter((f) => f.endsWith('.pdf'))
  .sort()) {
  test(`pages of ${name}: first and last words on page_start and page_end, never decreasing`, async () => {
    const file = join(corpus, name);
    const chunks = await chunkDocument({ format: 'pdf', bytes: new Uint8Array(readFileSync(file)) });
    assert.ok(chunks.length > 0);
    const pages = pageWords(name);
    const on = (n: number) => pages[n - 1] ?? new Set<string>();
    // pdftotext reads a math sign of Computer Modern's symbol font by its code when the font's
    // ToUnicode map leaves it out (gnuplot.pdf's √ as "p"), glued to the word after it ("√6/N" is
    // "p6"): a chunk's word also stands on a page whose reading has it behind one such letter.
    const hasOn = (n: number, w: string) =>
      on(n).has(w) || [...on(n)].some((r) => r.length === w.length + 1 && r.endsWith(w));
    let prev = 1;
    chunks.forEach((c, i) => {
      const { pageStart: start, pageEnd: end } = c;
      assert.ok(start !== undefined && end !== undefined, `chunk ${i} has pages`);
      assert.ok(start >= prev && end >= start, `chunk ${i}: pages ${start}-${end} after ${prev}`);
      prev = start;
      const ws = words(c.content);
      assert.ok(hasOn(start, ws[0]!), `chunk ${i}: first word '${ws[0]}' not on page ${start}`);
      assert.ok(hasOn(end, ws.at(-1)!), `chunk ${i}: last word '${ws.at(-1)}' not on page ${end}`);
    });
  });
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { chunkDocument, toChunkBlocks } from '../../../../src/documents/chunk-document.ts';
import { splitIntoChunks } from '../../../../src/documents/chunker.ts';
import {
  twoColumns,
  tocWithoutLeaders,
  softHyphens,
  shortDoc,
  headersFooters,
  prose,
} from '../../helpers/hard-shapes.ts';

const text = async (pdf: Uint8Array) =>
  (await chunkDocument({ format: 'pdf', bytes: pdf }))
    .map((c) => c.content)
    .join('\n')
    .replace(/\s+/g, ' ');

test('two columns (shared and staggered baselines) are read column by column', async () => {
  const t = await text(twoColumns());
  for (let p = 0; p < 3; p++) {
    const left = prose(14, p * 2 + 1).join(' ');
    const right = prose(14, p * 2 + 2).join(' ');
    assert.ok(t.includes(left), `left column of page ${p + 1} intact`);
    assert.ok(t.includes(right), `right column of page ${p + 1} intact`);
    assert.ok(t.indexOf(left) < t.indexOf(right));
  }
});

test('a contents page without dot leaders is dropped; its headings stay in the body', async () => {
  const cleaned = await extractPdf(tocWithoutLeaders());
  assert.deepEqual(cleaned.tocPages, [1]);
  const chunks = splitIntoChunks(toChunkBlocks(cleaned.blocks));
  assert.ok(chunks.every((c) => !c.content.includes('Contents')));
  assert.ok(chunks.some((c) => c.section === '3 Medical coverage'));
});

test('soft hyphens, line-end hyphenation and compounds', async () => {
  const t = await text(softHyphens());
  for (const w of [
    'department reviews',
    'prescription and',
    'implementation plan',
    'well-known provider',
    'self-contained records',
    'office. The document',
    'requirement for',
    'network. Each',
  ]) {
    assert.ok(t.includes(w), w);
  }
  assert.doesNotMatch(t, /[\u00AD\u00A0]/);
});

test('under 800 characters: one chunk with its heading as section', async () => {
  const chunks = await chunkDocument({ format: 'pdf', bytes: shortDoc() });
  assert.equal(chunks.length, 1);
  assert.equal(chunks[0]!.section, '1 Summary');
  assert.ok([...chunks[0]!.content].length < 800);
});

test('running header and page footer removed, headings found without an outline', async () => {
  const chunks = await chunkDocument({ format: 'pdf', bytes: headersFooters() });
  const t = chunks.map((c) => c.content).join('\n');
  assert.doesNotMatch(t, /Contoso Benefits Handbook|Page \d/);
  assert.equal(chunks[0]!.section, 'CHAPTER 1 GENERAL RULES');
  assert.ok(chunks.some((c) => c.section === 'Section 2: Claims'));
});

// Word, HTML and Markdown editions in shared/corpus, chunked and measured against `pandoc -t plain`
// (Debian's pandoc; its reading is committed in test/fixtures/references, remade by npm run
// fixtures). Properties, not timing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { detectFormat } from '../../../src/documents/detect.ts';
import { documentBlocks } from '../../../src/documents/chunk-document.ts';
import { splitIntoChunks } from '../../../src/documents/chunker.ts';
import { measureFormat } from '../../../scripts/quality-formats.ts';
import { referenceText } from '../../helpers/references.ts';

const corpus = join(fileURLToPath(new URL('../../..', import.meta.url)), '..', 'shared', 'corpus');

const cases: [string, string][] = [
  ['R-intro.docx', 'docx'],
  ['R-intro.html', 'html'],
  ['node-http.md', 'markdown'],
];

for (const [name, format] of cases) {
  test(`${name}: chunks in range, sentence or item ends, whole words, reference covered, no contents, index or navigation, code whole`, async () => {
    const file = join(corpus, name);
    const bytes = new Uint8Array(readFileSync(file));
    const detected = detectFormat(bytes);
    assert.equal(detected, format);
    if (detected === null || detected === 'pdf') return;
    const blocks = await documentBlocks(detected, bytes);
    const chunks = splitIntoChunks(blocks);
    const r = measureFormat(file, detected, chunks, blocks, referenceText(name, 'pandoc'));
    assert.equal(r.inRange, 100, 'every chunk but the last in 800-1200');
    assert.ok(r.sentenceOrItemEnds >= 98, `sentence or item ends ${r.sentenceOrItemEnds}%`);
    assert.ok(r.wholeWordBoundaries >= 99.5, `whole-word boundaries ${r.wholeWordBoundaries}%`);
    assert.ok(r.coverage >= 99.5, `coverage ${r.coverage}%`);
    assert.equal(r.tocLeak, 0, 'contents/index entries in the chunks');
    assert.equal(r.navLeak, 0, 'navigation lines');
    assert.ok(r.sectionsNonEmpty >= 95, `sections on ${r.sectionsNonEmpty}%`);
    assert.equal(r.codeWhole, 100, 'every code block that fits in a chunk is in one chunk');
    const text = chunks.map((c) => c.content).join('\n');
    assert.doesNotMatch(text, /\[Contents\]\s*\[Index\]/);
  });
}

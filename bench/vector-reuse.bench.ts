// Vectors reused by content (issue 23): how many chunks an edit makes the service embed again.
// One paragraph (two sentences, 190 characters) is inserted between two blocks at each of N
// evenly spaced points of a document; the chunks whose exact text the unedited document did not
// have are the ones the service embeds again (every other chunk takes its stored vector). The
// chunker alone decides it, so this runs the chunker on the documents' blocks: no service.
//
//   node_modules/.bin/node bench/run.ts vector-reuse     (or: npm run bench -- vector-reuse)
//   BENCH_EDITS=59     insertion points per document
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentBlocks } from '../src/documents/chunk-document.ts';
import { splitIntoChunks, type Block } from '../src/documents/chunker.ts';
import { detectFormat } from '../src/documents/detect.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = join(root, '..', 'shared', 'corpus');
const EDITS = Number(process.env.BENCH_EDITS ?? 59);
const PARAGRAPH =
  'This paragraph was added in a later edition of the manual. It explains a change in how the ' +
  'program reads its settings at start-up, and it points the reader to the section on options for the details.';

const documents = [
  join(corpus, 'gnuplot.pdf'),
  join(corpus, 'R-intro.pdf'),
  join(corpus, 'R-intro.html'),
  join(corpus, 'R-intro.docx'),
  join(corpus, 'node-http.md'),
  join(root, 'test/fixtures/generated/groff-ms-manual.pdf'),
  join(root, 'test/fixtures/generated/manual-1158.pdf'),
];

/** The share of chunks embedded again after inserting PARAGRAPH before block `at`. */
function reembedded(blocks: Block[], base: Set<string>, at: number): { fresh: number; total: number } {
  const chunks = splitIntoChunks([...blocks.slice(0, at), { text: PARAGRAPH }, ...blocks.slice(at)]);
  return { fresh: chunks.filter((c) => !base.has(c.content)).length, total: chunks.length };
}

const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
console.log(`one paragraph inserted at ${EDITS} evenly spaced points of each document`);
console.log('| document | chunks | median | p90 | worst | worst (chunks) |');
console.log('|---|---|---|---|---|---|');
for (const file of documents) {
  const bytes = new Uint8Array(readFileSync(file));
  const format = detectFormat(bytes);
  if (format === null) throw new Error(`${file}: no format`);
  const blocks = await documentBlocks(format, bytes);
  const unedited = splitIntoChunks(blocks);
  const base = new Set(unedited.map((c) => c.content));
  const shares: number[] = [];
  let worst = 0;
  for (let q = 1; q <= EDITS; q++) {
    const { fresh, total } = reembedded(blocks, base, Math.floor((blocks.length * q) / (EDITS + 1)));
    shares.push(fresh / total);
    worst = Math.max(worst, fresh);
  }
  shares.sort((a, b) => a - b);
  const at = (p: number) => shares[Math.min(shares.length - 1, Math.floor(p * shares.length))]!;
  console.log(
    `| ${file.split('/').pop()} | ${unedited.length} | ${pct(at(0.5))} | ${pct(at(0.9))} | ${pct(shares.at(-1)!)} | ${worst} |`,
  );
}

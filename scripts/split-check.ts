// Are the chunks of a PDF read in page ranges byte-identical to a one-thread read? For every PDF
// of the development corpus (CORPUS_DIR/docs, default .corpus/docs; npm run corpus makes it), or
// the files given, three reads are compared as JSON:
//   one     one thread, page after page (what the pool does under load);
//   forced  the lead and two helpers in this thread, 2-page batches, every document of 2 pages
//           or more split (src/documents/formats/pdf/ranges.ts, helpInThisThread);
//   pool    the pool with a spare thread (createChunkPool({ threads: 1, spareThreads: 1 })), its
//           own thresholds: documents of MIN_SPLIT_PAGES pages or more read in ranges.
// Usage: node scripts/split-check.ts [file.pdf ...]   (exit 1 when any document differs)
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { readDocument } from '../src/documents/chunk-document.ts';
import { helpInThisThread } from '../src/documents/formats/pdf/ranges.ts';
import { createChunkPool } from '../src/documents/pool.ts';
import { outcome } from './read-outcome.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = join(resolve(process.env.CORPUS_DIR ?? join(ROOT, '.corpus')), 'docs');
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(dir)
      .filter((f) => f.endsWith('.pdf'))
      .sort()
      .map((f) => join(dir, f));

let helpers = 0;
const pool = createChunkPool({ threads: 1, spareThreads: 1, onHelpers: (n) => (helpers += n) });
const differ: string[] = [];
let poolSplit = 0;
let forcedSplit = 0;
try {
  await pool.warm();
  for (const file of files) {
    const data = readFileSync(file);
    const one = await outcome(async () => (await readDocument({ format: 'pdf', bytes: new Uint8Array(data) })).chunks);
    const { port1, port2 } = new MessageChannel();
    const helped = helpInThisThread(port1);
    const forced = await outcome(
      async () =>
        (
          await readDocument(
            { format: 'pdf', bytes: new Uint8Array(data) },
            { split: { port: port2, helpers: 2, batchPages: 2, minPages: 2 } },
          )
        ).chunks,
    );
    port2.close();
    const batches = await helped;
    if (batches > 0) forcedSplit++;
    const before = helpers;
    const pooled = await outcome(() => pool.chunk(new Uint8Array(data)));
    if (helpers > before) poolSplit++;
    const same = forced === one && pooled === one;
    if (!same) differ.push(file);
    console.log(
      `${same ? 'same' : 'DIFFERENT'}  ${file.split('/').at(-1)}: ${one.startsWith('error') ? one.slice(0, 80) : `${(JSON.parse(one) as unknown[]).length} chunks`}; forced: ${batches} batches by helpers${forced === one ? '' : ' (differs)'}; pool: ${helpers > before ? 'in ranges' : 'one thread'}${pooled === one ? '' : ' (differs)'}`,
    );
  }
} finally {
  await pool.close();
}
console.log(
  `\n${files.length - differ.length} of ${files.length} PDFs give byte-identical chunks in every mode; ${forcedSplit} were read in ranges by the forced split, ${poolSplit} by the pool.`,
);
if (differ.length > 0) {
  console.log(`different: ${differ.join(', ')}`);
  process.exitCode = 1;
}

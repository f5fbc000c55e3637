// Chunking Word, HTML and Markdown against `pandoc -t plain` on the same file, in the same run.
// Both sides read the file and produce text; ours also detects the format and cuts the chunks.
// Prints the median of each and the ratio pandoc/ours (above 1: ours is faster).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { detectFormat } from '../src/documents/detect.ts';
import { chunkDocument } from '../src/documents/chunk-document.ts';

const corpus = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));
const FILES = ['R-intro.docx', 'R-intro.html', 'node-http.md'];
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function ours(file: string): Promise<number> {
  const t = performance.now();
  const bytes = new Uint8Array(readFileSync(file));
  const format = detectFormat(bytes);
  if (!format) throw new Error(`${file}: no format`);
  await chunkDocument({ format, bytes });
  return performance.now() - t;
}

function pandoc(file: string): number {
  const t = performance.now();
  execFileSync('pandoc', ['-t', 'plain', file], { maxBuffer: 1 << 30 });
  return performance.now() - t;
}

for (const name of FILES) {
  const file = corpus + name;
  await ours(file); // warm the JIT
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    a.push(await ours(file));
    b.push(pandoc(file));
  }
  const mo = median(a);
  const mp = median(b);
  console.log(
    `${name.padEnd(14)} ours ${mo.toFixed(0).padStart(6)} ms   pandoc -t plain ${mp.toFixed(0).padStart(6)} ms   pandoc/ours ${(mp / mo).toFixed(1)}x`,
  );
}

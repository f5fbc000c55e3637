// PDF chunking speed and memory against pdftotext (poppler-utils) in the same run.
// node bench/run.ts pdf   (needs pdftotext and qpdf on PATH)
import { sampleRss } from './rss.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChunkPool } from '../src/documents/pool.ts';

const corpus = join(fileURLToPath(new URL('..', import.meta.url)), '..', 'shared', 'corpus');
const RUNS = 3;

function pages(file: string): number {
  const out = spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout;
  return Number(/Pages:\s+(\d+)/.exec(out)?.[1] ?? 0);
}

function pdftotextMs(file: string): number {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = spawnSync('pdftotext', ['-q', '-enc', 'UTF-8', file, '/dev/null']);
    if (r.status !== 0) throw new Error(`pdftotext failed on ${file}`);
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

const tmp = mkdtempSync(join(tmpdir(), 'pdf-bench-'));
const big = join(tmp, 'big.pdf');
const g = join(corpus, 'gnuplot.pdf');
const r = join(corpus, 'R-intro.pdf');
const q = spawnSync('qpdf', ['--empty', '--pages', g, g, g, r, r, '--', big]);
if (q.status !== 0) throw new Error(`qpdf failed: ${q.stderr.toString()}`);

const pool = createChunkPool();
const rss = sampleRss();
try {
  await pool.chunk(new Uint8Array(readFileSync(g))); // warm the worker and the JIT
  const rows: string[] = [];
  for (const file of [g, big]) {
    const data = readFileSync(file);
    const n = pages(file);
    const base = pdftotextMs(file);
    rss.reset();
    let best = Infinity;
    let chunks = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      chunks = (await pool.chunk(new Uint8Array(data))).length;
      best = Math.min(best, performance.now() - t);
    }
    const name = file === big ? `gnuplot.pdf x3 + R-intro.pdf x2 (qpdf)` : 'gnuplot.pdf';
    rows.push(
      `| ${name} | ${n} | ${chunks} | ${best.toFixed(0)} | ${(best / n).toFixed(2)} | ${base.toFixed(0)} | ${(base / n).toFixed(2)} | ${(best / base).toFixed(2)}x | ${Math.round(rss.peak() / 2 ** 20)} |`,
    );
  }
  console.log(
    `node ${process.version}, ${RUNS} runs each, best run reported; peak = process rss sampled every 10 ms during our runs`,
  );
  console.log(
    '| file | pages | chunks | chunking ms | ms/page | pdftotext ms | pdftotext ms/page | ratio | peak rss MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  rss.stop();
  await pool.close();
  rmSync(tmp, { recursive: true, force: true });
}

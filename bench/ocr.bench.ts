// OCR speed and memory: the service's OCR per page (render + recognise + chunk, in the worker
// pool) against Debian's tesseract command (OMP_THREAD_LIMIT=1, one page at a time) on the same
// page images, in the same run. node bench/run.ts ocr
// (needs pdftoppm, img2pdf, ImageMagick's convert and tesseract with tesseract-ocr-eng on PATH)
import { sampleRss } from './rss.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChunkPool } from '../src/documents/pool.ts';

const corpus = join(fileURLToPath(new URL('..', import.meta.url)), '..', 'shared', 'corpus');
// Dense pages of prose (the handbook) and of a manual with code and two kinds of type (gnuplot),
// scanned at 200 dpi. OCR_BENCH_PAGES=20 reads 20 (the handbook's 13 and gnuplot's 30-36).
const SOURCES: [string, number, number][] =
  process.env.OCR_BENCH_PAGES === '20'
    ? [
        ['chromium-handbook.pdf', 1, 13],
        ['gnuplot.pdf', 30, 36],
      ]
    : [
        ['chromium-handbook.pdf', 5, 7],
        ['gnuplot.pdf', 30, 32],
      ];
const DPI = 200;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${String(r.stderr).slice(0, 300)}`);
}

const tmp = mkdtempSync(join(tmpdir(), 'ocr-bench-'));
const pool = createChunkPool();
const rss = sampleRss();
try {
  const images: string[] = [];
  for (const [file, first, last] of SOURCES) {
    const prefix = join(tmp, file.replace(/\.pdf$/, ''));
    run('pdftoppm', ['-r', String(DPI), '-gray', '-f', String(first), '-l', String(last), join(corpus, file), prefix]);
  }
  for (const f of readdirSync(tmp).filter((f) => f.endsWith('.pgm')).sort()) {
    const png = join(tmp, f.replace(/\.pgm$/, '.png'));
    run('convert', [join(tmp, f), '-units', 'PixelsPerInch', '-density', String(DPI), png]);
    images.push(png);
  }
  const scanned = join(tmp, 'scanned.pdf');
  run('img2pdf', [...images, '-o', scanned]);
  const one = join(tmp, 'one.pdf');
  run('img2pdf', [images[0]!, '-o', one]);
  const data = readFileSync(scanned);

  // Warm: the worker thread, pdf.js and the OCR engine (its start is reported on its own).
  let t = performance.now();
  await pool.chunk(new Uint8Array(readFileSync(one)));
  const warmMs = performance.now() - t;

  // The command line, page by page, as a batch job would run it.
  const cliEnv = { ...process.env, OMP_THREAD_LIMIT: '1' };
  t = performance.now();
  for (const img of images) run('tesseract', [img, join(tmp, 'out'), '-l', 'eng'], cliEnv);
  const cliMs = performance.now() - t;

  rss.reset();
  let report = { pages: 0, skipped: 0 };
  t = performance.now();
  const chunks = await pool.chunk(new Uint8Array(data), { onOcr: (r) => (report = r) });
  const serviceMs = performance.now() - t;
  const servicePeak = rss.peak();

  const n = images.length;
  console.log(`node ${process.version}; ${n} pages scanned at ${DPI} dpi (${SOURCES.map(([f, a, b]) => `${f} ${a}-${b}`).join(', ')}); one run each`);
  console.log(`first document on a fresh worker (engine start + 1 page): ${warmMs.toFixed(0)} ms`);
  console.log('| reader | pages | total s | s/page | ratio | peak rss MB |');
  console.log('|---|---|---|---|---|---|');
  console.log(`| tesseract CLI (OMP_THREAD_LIMIT=1) | ${n} | ${(cliMs / 1000).toFixed(1)} | ${(cliMs / n / 1000).toFixed(2)} | 1.00x | |`);
  console.log(
    `| service (pool.chunk, ${report.pages} pages OCR'd, ${chunks.length} chunks) | ${n} | ${(serviceMs / 1000).toFixed(1)} | ${(serviceMs / n / 1000).toFixed(2)} | ${(serviceMs / cliMs).toFixed(2)}x | ${Math.round(servicePeak / 2 ** 20)} |`,
  );
} finally {
  rss.stop();
  await pool.close();
  rmSync(tmp, { recursive: true, force: true });
}

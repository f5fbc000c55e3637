// OCR quality report: scans born-digital pages the way a scanner would, chunks the scans through
// the service's pipeline (OCR) and compares the chunks with pdftotext of the original pages, as
// scripts/quality.ts does for born-digital files; Debian's tesseract command reads the same page
// images for comparison. Needs poppler-utils, qpdf, imagemagick, img2pdf, tesseract-ocr(-eng).
// Usage: npm run quality:ocr -- [file.pdf:first-last ...]   (OCR_NOISE_SEEDS=1,2,3: the noisy variant's seeds;
// OCR_DATA_DIR: language data read instead of the npm packages', as the service reads it)
// (default: all of chromium-handbook.pdf and gnuplot.pdf pages 30-35 from ../shared/corpus).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { extractPdf } from '../src/documents/formats/pdf/extract.ts';
import { toChunkBlocks } from '../src/documents/chunk-document.ts';
import { splitIntoChunks } from '../src/documents/chunker.ts';
import { closeOcr } from '../src/documents/ocr/engine.ts';
import { DEFAULT_OCR, type OcrOptions } from '../src/documents/ocr/options.ts';
import { measure, type Report } from './quality.ts';
import { wordRecall } from './quality/ocr-recall.ts';

const CORPUS = resolve(import.meta.dirname, '../../shared/corpus');
const DEFAULT_SOURCES = [`${CORPUS}/chromium-handbook.pdf:1-13`, `${CORPUS}/gnuplot.pdf:30-35`];

export interface Variant {
  name: string;
  dpi: number;
  /** ImageMagick arguments that degrade a clean grey page image (none for a clean scan). */
  degrade: string[];
  ext: 'png' | 'jpg';
}

/** The service's OCR settings, with OCR_DATA_DIR's language data when it is set (as the app reads it). */
const OCR: OcrOptions = {
  ...DEFAULT_OCR,
  ...(process.env.OCR_DATA_DIR ? { dataDir: resolve(process.env.OCR_DATA_DIR) } : {}),
};

/**
 * Seeds of the noisy variant's noise (OCR_NOISE_SEEDS=1,2,3 by default): one row per seed, since
 * a page's figure moves by several points from one noise pattern to the next.
 */
const SEEDS = (process.env.OCR_NOISE_SEEDS ?? '1,2,3')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => s.length > 0);

export const VARIANTS: Variant[] = [
  { name: 'clean 200 dpi', dpi: 200, degrade: [], ext: 'png' },
  // A phone photo or a cheap scanner: 1.5 degrees off, sensor noise, strong JPEG compression.
  ...SEEDS.map(
    (seed): Variant => ({
      name: `noisy 1.5° 150 dpi JPEG, seed ${seed}`,
      dpi: 150,
      degrade: [
        '-seed',
        seed,
        '-background',
        'white',
        '-rotate',
        '1.5',
        '-attenuate',
        '0.6',
        '+noise',
        'Gaussian',
        '-quality',
        '60',
      ],
      ext: 'jpg',
    }),
  ),
];

function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): string {
  return execFileSync(cmd, args, {
    maxBuffer: 1 << 30,
    env: env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString('utf8');
}

/** Page images of `pdf` pages first..last as `variant`, in `dir`; returns their paths in order. */
export function scanPages(pdf: string, first: number, last: number, variant: Variant, dir: string): string[] {
  const prefix = join(dir, 'p');
  run('pdftoppm', ['-r', String(variant.dpi), '-gray', '-f', String(first), '-l', String(last), pdf, prefix]);
  const pgms = readdirSync(dir)
    .filter((f) => f.endsWith('.pgm'))
    .sort()
    .map((f) => join(dir, f));
  return pgms.map((pgm) => {
    const out = pgm.replace(/\.pgm$/, `.${variant.ext}`);
    run('convert', [pgm, ...variant.degrade, '-units', 'PixelsPerInch', '-density', String(variant.dpi), out]);
    rmSync(pgm);
    return out;
  });
}

/** pdftotext of the pages, soft hyphens and line-end hyphens joined as a reader would. */
function referenceText(pdf: string): string {
  return run('pdftotext', ['-enc', 'UTF-8', pdf, '-'])
    .replace(/\u00AD/g, '')
    .replace(/(\p{L})[-\u2010]\n(?=\p{Ll})/gu, '$1');
}

interface Row {
  source: string;
  variant: string;
  report: Report;
  cliRecall: number;
  serviceRecall: number;
  ocrPages: number;
  digitalCoverage: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const sources = args.length > 0 ? args : DEFAULT_SOURCES;
  const rows: Row[] = [];
  for (const src of sources) {
    const m = /^(.*?)(?::(\d+)-(\d+))?$/.exec(src)!;
    const file = m[1]!;
    const first = Number(m[2] ?? 1);
    const last = Number(m[3] ?? run('pdfinfo', [file]).match(/Pages:\s+(\d+)/)?.[1] ?? 1);
    const dir = mkdtempSync(join(tmpdir(), 'ocr-quality-'));
    try {
      // The original pages alone, as the reference.
      const original = join(dir, 'original.pdf');
      run('qpdf', ['--empty', '--pages', file, `${first}-${last}`, '--', original]);
      const reference = referenceText(original);
      // The same measure on the born-digital pages: what the pipeline keeps without OCR.
      const digital = await extractPdf(new Uint8Array(readFileSync(original)));
      const digitalCoverage = measure(
        original,
        splitIntoChunks(toChunkBlocks(digital.blocks)),
        digital.tocPages,
        digital.pageCount,
      ).coverage;
      for (const variant of VARIANTS) {
        const imgDir = mkdtempSync(join(dir, 'img-'));
        const images = scanPages(file, first, last, variant, imgDir);
        const scanned = join(imgDir, 'scanned.pdf');
        run('img2pdf', [...images, '-o', scanned]);
        const cleaned = await extractPdf(new Uint8Array(readFileSync(scanned)), { ocr: OCR });
        const chunks = splitIntoChunks(toChunkBlocks(cleaned.blocks));
        const report = measure(original, chunks, cleaned.tocPages, cleaned.pageCount);
        const cliText = images
          .map((img) => run('tesseract', [img, '-', '-l', 'eng'], { ...process.env, OMP_THREAD_LIMIT: '1' }))
          .join('\n');
        rows.push({
          source: `${basename(file)} ${first}-${last}`,
          variant: variant.name,
          report,
          cliRecall: wordRecall(reference, cliText),
          serviceRecall: wordRecall(reference, chunks.map((c) => c.content).join('\n')),
          ocrPages: cleaned.ocr.pages,
          digitalCoverage,
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  await closeOcr();
  const pct = (x: number) => (Math.round(x * 1000) / 10).toFixed(1);
  const head = [
    'scan',
    'variant',
    'OCR pages',
    'chunks',
    'coverage % (furniture excluded)',
    'same, born-digital original',
    'words % (service)',
    'words % (tesseract CLI)',
    'in 800-1200 %',
    'sentence ends %',
    'mid-word cuts',
    'header/footer leak',
  ];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const r of rows) {
    const q = r.report;
    console.log(
      `| ${[r.source, r.variant, r.ocrPages, q.chunks, q.coverage, r.digitalCoverage, pct(r.serviceRecall), pct(r.cliRecall), q.inRange, q.sentenceEnds, q.midWord, q.furnitureLeak].join(' | ')} |`,
    );
  }
}

if (import.meta.main) await main();

// Scanned pages for tests, made in the test from generated text PDFs, so that no image goes into
// the repository: pdf.js renders a page onto @napi-rs/canvas (as the service does for OCR), the
// canvas is optionally turned a little, as a crooked scan is, given sensor noise, and encoded as
// JPEG.
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, VerbosityLevel } from '../../../src/documents/formats/pdf/pdfjs.ts';
import type { PageSpec } from './make-pdf.ts';
import { seededRng } from '../../helpers/rng.ts';

export interface ScanOptions {
  dpi?: number;
  /** Degrees, clockwise. */
  rotate?: number;
  /** JPEG quality 1-100. */
  quality?: number;
  /** Sensor noise: the standard deviation, in grey levels, of Gaussian noise added to every pixel. */
  noise?: number;
  /** Seed of that noise (default 1), so that a test reads the same page every run. */
  seed?: number;
}

/** Adds Gaussian noise (Box-Muller over a seeded source) to every pixel of a grey RGBA image. */
function addNoise(data: Uint8ClampedArray, sigma: number, seed: number): void {
  const random = seededRng(seed);
  for (let i = 0; i < data.length; i += 4) {
    const n = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()) * sigma;
    data[i] = data[i + 1] = data[i + 2] = data[i]! + n;
  }
}

/** Each page of `pdf` as a scanned page spec for makePdf (a JPEG over the whole page, no text). */
export async function scanPages(pdf: Uint8Array, opts: ScanOptions = {}): Promise<PageSpec[]> {
  const scale = (opts.dpi ?? 200) / 72;
  const task = getDocument({ data: pdf.slice(), verbosity: VerbosityLevel.ERRORS, isOffscreenCanvasSupported: false });
  const doc = await task.promise;
  try {
    const out: PageSpec[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale });
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      const canvas = createCanvas(width, height);
      const ctx = canvas.getContext('2d');
      await page.render({ canvas: null, canvasContext: ctx as never, viewport, background: 'white' }).promise;
      let final = canvas;
      if (opts.rotate) {
        final = createCanvas(width, height);
        const c2 = final.getContext('2d');
        c2.fillStyle = 'white';
        c2.fillRect(0, 0, width, height);
        c2.translate(width / 2, height / 2);
        c2.rotate((opts.rotate * Math.PI) / 180);
        c2.drawImage(canvas, -width / 2, -height / 2);
      }
      if (opts.noise) {
        const ctx2 = final.getContext('2d');
        const image = ctx2.getImageData(0, 0, width, height);
        addNoise(image.data, opts.noise, opts.seed ?? 1);
        ctx2.putImageData(image, 0, 0);
      }
      const jpeg = await final.encode('jpeg', opts.quality ?? 85);
      out.push({ scan: { jpeg: new Uint8Array(jpeg), width, height } });
      page.cleanup();
    }
    return out;
  } finally {
    await task.destroy();
  }
}

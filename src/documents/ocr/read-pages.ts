// OCR of pages without a usable text layer (scans, photocopies, a page pasted in as a picture, a
// page whose fonts have no Unicode, triage.ts unreadableText):
// pdf.js renders the page onto @napi-rs/canvas (or its scanned image is taken as it is), Tesseract
// (its own engine in WebAssembly, engine.ts, with its English data from the npm registry) reads
// it, and its lines come back with positions in the shape of a text layer's lines, so furniture,
// contents, headings and the chunker treat them like any other text. Runs inside the document
// worker (src/documents/worker.ts), never on the event loop; nothing is fetched at run time: the
// language data is read from node_modules (or OCR_DATA_DIR). The format that opened the document
// (PDF) hands in the document and pdf.js's operator codes.
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.d.ts';
import { documentError } from '../document-error.ts';
import { maySpread, type OcrOptions, type OcrReport } from './options.ts';
import { holdEngine, ocrStats, releaseEngine } from './engine.ts';
import { freeHelper, holdCrew, readOnHelper, releaseCrew } from './crew.ts';
import type { OperatorCodes } from './operators.ts';
import { mayNeedOcr, needsOcr, pageImages, textChars, triageLimit, unreadableText, type PageImages } from './triage.ts';
import { renderPage, renderScale, scanImage } from './render.ts';
import { recognize } from './recognize.ts';
import type { PlacedLine } from './text-lines.ts';

/** A page of the document as OCR sees it: its number and its lines, replaced when it is read. */
export interface OcrPage {
  /** 1-based page number. */
  number: number;
  lines: PlacedLine[];
  /** Characters of its text layer left out as drawn in fonts without Unicode (PageText.unmapped). */
  unmapped?: number;
  /** The page's height (PDF units): a title set large over a picture is no stamp (needsOcr). */
  height?: number;
}

/**
 * Reads the pages that need it, in place: their lines are replaced by OCR lines. A page may need it
 * when it has little or no text (every page when forced); a page whose text is mostly in fonts
 * without Unicode (`unreadableText`) needs it whatever its images; otherwise whether it does is
 * decided from its images (`pageImages`, `needsOcr`), which pdf.js decodes to list them. That is done for every such
 * page before any OCR work only when the answer depends on their number: with OCR off (the
 * skipped pages are counted) and with more of them than the page limit (a document with more pages
 * to read than the limit is refused before any OCR work). Otherwise each page is decided right
 * before it is read, from the same decoded image: one decode per page instead of two, and no
 * document's worth of decoded images waiting for the collector while the engine starts (the peak
 * rss with a scan in flight, docs/benchmarks.md, OCR).
 */
export async function ocrPages(
  { doc, ops }: { doc: PDFDocumentProxy; ops: OperatorCodes },
  pages: OcrPage[],
  opts: OcrOptions,
  onStart?: () => void,
): Promise<OcrReport> {
  const force = opts.mode === 'force';
  const mayNeed = pages
    .map((page) => {
      // Counted as far as the decisions below need: FEW_CHARS, and past the unmapped count.
      const chars = force ? 0 : textChars(page.lines, triageLimit(page.unmapped ?? 0));
      const largest = page.lines.reduce((m, l) => Math.max(m, l.size), 0);
      return { page, chars, largest, unreadable: !force && unreadableText(chars, page.unmapped ?? 0) };
    })
    .filter(({ page, chars }) => force || mayNeedOcr(chars, page.unmapped ?? 0));
  const needs = (p: (typeof mayNeed)[number], images: PageImages) =>
    force || p.unreadable || needsOcr(p.chars, images.share, p.largest, p.page.height);
  let todo = mayNeed;
  // Forced, every page is read: their number is known without looking.
  const upFront = !force && (opts.mode === 'off' || mayNeed.length > opts.maxPages);
  if (upFront) {
    todo = [];
    for (const p of mayNeed) {
      const proxy = await doc.getPage(p.page.number);
      try {
        if (needs(p, await pageImages(proxy, ops))) todo.push(p);
      } finally {
        proxy.cleanup();
      }
    }
    if (opts.mode === 'off') return { pages: 0, skipped: todo.length };
  }
  if (todo.length > opts.maxPages) throw documentError('document_ocr_limit', todo.length, opts.maxPages);
  let read = 0;
  let deadline: number | undefined;
  // Pages handed to helper engines (crew.ts), read while this thread renders the next ones; each
  // sets its page's lines, so the pages keep their order whoever reads them.
  const helped: Promise<void>[] = [];
  try {
    for (const p of todo) {
      const { page } = p;
      if (deadline !== undefined && Date.now() > deadline)
        throw documentError('document_timeout', opts.timeoutMs, 'ocr');
      const proxy = await doc.getPage(page.number);
      try {
        const images = await pageImages(proxy, ops);
        if (!upFront && !needs(p, images)) continue;
        if (deadline === undefined) {
          onStart?.();
          deadline = Date.now() + opts.timeoutMs;
          holdEngine();
          holdCrew();
        }
        // scanImage reads the operator list pageImages had pdf.js make (cached until cleanup).
        // A page of unreadable text is print, not a scan: its images (a rule drawn as a one-pixel
        // image) say nothing of the resolution it needs.
        const image =
          (await scanImage(proxy, ops)) ??
          (await renderPage(doc, proxy, renderScale(p.unreadable ? undefined : images.pxPerUnit)));
        // The decoded image pdf.js holds for the page is not needed while Tesseract reads.
        proxy.cleanup();
        const view = proxy.view;
        const origin: [number, number] = [view[0] ?? 0, view[1] ?? 0];
        // While no other document is in hand, the page goes to the first helper free (one per
        // engine allowed), and this thread only renders and waits, its event loop free to take a
        // helper's answer at once. Were it to read pages too, its engine would hold the loop for
        // a whole page while a helper done meanwhile waited (and pdf.js's awaits in rendering run
        // as microtasks, so no answer is taken between them either): two engines gave 1.2x one
        // engine's speed that way (docs/benchmarks.md, OCR). Under load this thread reads the
        // page itself, as it always does with one engine.
        const helper = maySpread(opts)
          ? await withDeadline(freeHelper(opts.engines ?? 1), deadline, opts.timeoutMs)
          : undefined;
        if (helper) {
          const done = readOnHelper(helper, image, opts.languages, origin, opts.dataDir).then((lines) => {
            page.lines = lines;
            ocrStats.pagesRead++;
          });
          // Awaited below; until then a failure must not count as a rejection nobody handled.
          done.catch(() => undefined);
          helped.push(done);
        } else page.lines = await recognize(image, opts.languages, origin, opts.dataDir);
        read++;
      } finally {
        proxy.cleanup();
      }
    }
    if (helped.length > 0 && deadline !== undefined) await withDeadline(Promise.all(helped), deadline, opts.timeoutMs);
  } finally {
    if (deadline !== undefined) {
      releaseEngine(opts.engineIdleMs);
      releaseCrew(opts.engineIdleMs);
    }
  }
  if (deadline !== undefined && Date.now() > deadline) throw documentError('document_timeout', opts.timeoutMs, 'ocr');
  return { pages: read, skipped: 0 };
}

/** `work`, or the OCR timeout once `deadline` (ms since the epoch) passes. */
async function withDeadline<T>(work: Promise<T>, deadline: number, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(documentError('document_timeout', timeoutMs, 'ocr')),
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

// A large PDF read by several threads at once: the pages are cut into batches of BATCH_PAGES, and
// the thread that reads the document (the lead) and the idle pool threads that help it take the
// next batch from one shared counter until none is left, so a slow thread never holds the others
// back. Each helper opens the document itself and posts each batch's lines to the lead, each page
// readied where it was read (its lines normalised, its stepKey made: page-ready.ts); the
// lead puts every page back in order, reads itself whatever a helper did not deliver (a helper
// that failed, stopped because another document came, or met a font it cannot name as the
// document does, pdfjs.ts), and then runs the cross-page steps (OCR of pages without text,
// furniture, contents, headings, chunking) over the whole, as a one-thread read does: the same
// pages in, the same chunks out. The pool (src/documents/pool.ts) decides whether any helper is
// free; this module only asks.
import type { MessagePort } from 'node:worker_threads';
import { MessageChannel } from 'node:worker_threads';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.d.ts';
import type { PageText } from './types.ts';
import { openPdf, openedPdf, readPage, taggedFromFirstPage, type TaggedState } from './page-text.ts';
import { UNSTABLE_FONT } from './pdfjs.ts';
import {
  BATCH_PAGES,
  NEXT,
  PAGES,
  SIZE,
  STOP,
  WORDS,
  type HelpWanted,
  type RangeTask,
  type SplitOffer,
} from '../../page-ranges.ts';

export { MIN_SPLIT_PAGES } from '../../page-ranges.ts';
export type { HelpWanted, RangeTask, SplitOffer };

/** What a helper posts: one batch's pages, or that it is done. */
type HelperMessage = { batch: number; pages: PageText[] } | { done: true };

/** The document's bytes, shared, copied before pdf.js takes them over (it detaches its input). */
export function shareBytes(data: Uint8Array): SharedArrayBuffer {
  const sab = new SharedArrayBuffer(data.byteLength);
  new Uint8Array(sab).set(data);
  return sab;
}

function pagesOfBatch(batch: number, control: Int32Array): number[] {
  const size = control[SIZE]!;
  const from = batch * size + 1;
  const to = Math.min(control[PAGES]!, from + size - 1);
  const out: number[] = [];
  for (let n = from; n <= to; n++) out.push(n);
  return out;
}

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

const batchCount = (control: Int32Array) => Math.ceil(control[PAGES]! / control[SIZE]!);

async function readBatch(doc: PDFDocumentProxy, batch: number, control: Int32Array, state: TaggedState) {
  const pages: PageText[] = [];
  for (const n of pagesOfBatch(batch, control)) {
    const p = await readPage(doc, n, state);
    if (p) pages.push(p);
  }
  return pages;
}

/**
 * The lead's side: every page of `doc`, read with as many helpers as the pool gives (none when it
 * has no free thread: then this is a one-thread read in batches). `bytes` is the document, shared.
 */
export async function readPagesWithHelpers(
  doc: PDFDocumentProxy,
  bytes: SharedArrayBuffer,
  offer: SplitOffer,
  onPage?: (read: number, total: number) => void,
): Promise<PageText[]> {
  const controlBuffer = new SharedArrayBuffer(WORDS * 4);
  const control = new Int32Array(controlBuffer);
  control[PAGES] = doc.numPages;
  control[SIZE] = offer.batchPages ?? BATCH_PAGES;
  const batches = batchCount(control);
  const byBatch = new Map<number, PageText[]>();
  let read = 0;
  const deliver = (batch: number, pages: PageText[]) => {
    if (byBatch.has(batch)) return;
    byBatch.set(batch, pages);
    read += pagesOfBatch(batch, control).length;
    onPage?.(Math.min(read, doc.numPages), doc.numPages);
  };

  // One channel per helper wanted; a helper's end closes when it is done, fails or is never started.
  const ports: MessagePort[] = [];
  const theirs: MessagePort[] = [];
  for (let i = 0; i < offer.helpers; i++) {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1);
    theirs.push(port2);
  }
  let open = ports.length;
  let wake: (() => void) | undefined;
  const settled = () => open === 0 || byBatch.size === batches;
  for (const port of ports) {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      open--;
      wake?.();
    };
    port.on('message', (m: HelperMessage) => {
      if ('done' in m) finish();
      // A page with a font named by a thread's own counter is read again here (pdfjs.ts).
      else if (!m.pages.some((p) => p.lines.some((l) => l.font.includes(UNSTABLE_FONT)))) {
        deliver(m.batch, m.pages);
        wake?.();
      }
    });
    port.once('close', finish);
  }
  try {
    if (ports.length > 0) {
      const wanted: HelpWanted = { bytes, control: controlBuffer, ports: theirs };
      offer.port.postMessage(wanted, theirs);
    }
    const state = await taggedFromFirstPage(doc);
    for (let batch = Atomics.add(control, NEXT, 1); batch < batches; batch = Atomics.add(control, NEXT, 1)) {
      deliver(batch, await readBatch(doc, batch, control, state));
      // pdf.js answers through promises alone: between batches, the helpers' posts are taken in.
      await yieldToEvents();
    }
    // Every batch is taken: wait for those in a helper's hands, unless every helper has ended.
    if (!settled()) await new Promise<void>((resolve) => (wake = () => settled() && resolve()));
    for (let batch = 0; batch < batches; batch++)
      if (!byBatch.has(batch)) deliver(batch, await readBatch(doc, batch, control, state));
  } finally {
    Atomics.store(control, STOP, 1);
    for (const port of ports) port.close();
  }
  const pages: PageText[] = [];
  for (let batch = 0; batch < batches; batch++) pages.push(...byBatch.get(batch)!);
  return pages;
}

/** A helper's side: opens the document and reads batches until none is left or it is told to stop. */
export async function readRange(task: RangeTask): Promise<void> {
  const { port } = task;
  const control = new Int32Array(task.control);
  // pdf.js detaches what it is given: a copy of the shared bytes of our own.
  const loading = openPdf(new Uint8Array(task.bytes).slice(), false);
  try {
    const doc = await openedPdf(loading);
    const state = await taggedFromFirstPage(doc);
    const batches = batchCount(control);
    while (Atomics.load(control, STOP) === 0) {
      const batch = Atomics.add(control, NEXT, 1);
      if (batch >= batches) break;
      const pages = await readBatch(doc, batch, control, state);
      port.postMessage({ batch, pages } satisfies HelperMessage);
      await yieldToEvents();
    }
  } catch {
    // Whatever this thread did not deliver, the lead reads itself.
  } finally {
    port.postMessage({ done: true } satisfies HelperMessage);
    port.close();
    await loading.destroy();
  }
}

/**
 * The pool's part played in this thread: every helper a lead asks for on `lanes` (the other end
 * of its SplitOffer's port) runs here,
 * beside the lead (the corpus check, scripts/split-check.ts, and the tests compare such reads with
 * one-thread reads without a pool). Resolves, once the port closes, to the batches the helpers posted.
 */
export function helpInThisThread(lanes: MessagePort): Promise<number> {
  const running: Promise<void>[] = [];
  let posted = 0;
  lanes.on('message', (wanted: HelpWanted) => {
    for (const port of wanted.ports) {
      const counted = new MessageChannel();
      // Counts what the helper posts on its way to the lead.
      counted.port2.on('message', (m: HelperMessage) => {
        if ('batch' in m) posted++;
        port.postMessage(m);
      });
      counted.port2.once('close', () => port.close());
      running.push(readRange({ bytes: wanted.bytes, control: wanted.control, port: counted.port1 }));
    }
  });
  return new Promise((resolve) => lanes.once('close', () => void Promise.all(running).then(() => resolve(posted))));
}

// A large document read in page ranges by several pool threads (formats/pdf/ranges.ts reads a
// PDF so): what the pool, the thread reading the document (the lead) and its helpers share. The
// control words are an Int32Array over a SharedArrayBuffer. Format-neutral and without imports of
// a parser, so that the pool (on the main thread, which loads none) can offer threads and tell
// helpers to stop.
import type { MessagePort } from 'node:worker_threads';

/** What the pool offers a document's thread: a port to ask for helpers on, and how many threads were free. */
export interface SplitOffer {
  port: MessagePort;
  helpers: number;
  /** Pages per batch and the fewest pages to split (defaults below); the corpus check splits every document. */
  batchPages?: number;
  minPages?: number;
}

/** The lead's request to the pool (posted on SplitOffer.port, with `ports` transferred). */
export interface HelpWanted {
  /** the document's bytes, shared, for each helper to copy */
  bytes: SharedArrayBuffer;
  /** the control words */
  control: SharedArrayBuffer;
  /** one port per helper wanted; the pool closes those it has no thread for */
  ports: MessagePort[];
}

/** A helper's task: the document, the control words and the port to the lead. */
export interface RangeTask {
  bytes: SharedArrayBuffer;
  control: SharedArrayBuffer;
  port: MessagePort;
}

/** Pages per batch: small enough that the last batches even out, large enough that posting them costs little. */
export const BATCH_PAGES = 16;
/** Fewer pages than this are read by one thread: a helper's own opening of the document would cost more than it saves. */
export const MIN_SPLIT_PAGES = 64;

/** the next batch to take */
export const NEXT = 0;
/** 1: helpers stop after the batch in hand (another document came, or the lead is done) */
export const STOP = 1;
/** the document's page count */
export const PAGES = 2;
/** pages per batch */
export const SIZE = 3;
export const WORDS = 4;

/** Tells a document's helpers to stop after the batch in hand; the lead reads what is left. */
export function stopHelpers(control: SharedArrayBuffer): void {
  Atomics.store(new Int32Array(control), STOP, 1);
}

// Piscina worker entry: one document per task, in the format the route detected. Errors come back as data, because structured clone
// turns a DocumentError into a plain Error without its code and status.
import { readDocument } from './chunk-document.ts';
import { catalogueNoun, formatNamed, type DocumentFormat } from './formats/index.ts';
import type { OcrOptions, OcrReport } from './ocr/options.ts';
import { DocumentError, documentError, safeReason, type DocumentErrorData } from './document-error.ts';
import { isMainThread, parentPort, threadId, type MessagePort } from 'node:worker_threads';
import type { Chunk } from './types.ts';
import { buildPayload, type PayloadIds } from './payload.ts';
import type { RangeTask } from './page-ranges.ts';

export interface ChunkTask {
  format: DocumentFormat;
  bytes: Uint8Array;
  maxDecodedBytes?: number;
  /** OCR of pages without a text layer, for formats with pages; OCR runs here, on the worker thread. */
  ocr?: OcrOptions;
  /** Told once, when OCR work begins, so that the pool extends the time bound. */
  ocrStarted?: MessagePort;
  /** Told [pages read, pages] after each page, when the caller follows the progress. */
  progress?: MessagePort;
  /** When set, the worker also writes the index payload, so the event loop only sends bytes. */
  payloadIds?: PayloadIds;
  /** With payloadIds: the payload also carries page_start and page_end. */
  pageNumbers?: boolean;
  /** Idle threads this document may ask to read page ranges (a large PDF), on this port. */
  split?: { port: MessagePort; helpers: number };
}

/** A helper's task: read batches of another thread's document (formats/pdf/ranges.ts). */
export interface HelperTask {
  format: DocumentFormat;
  range: RangeTask;
}

/** A helper's answer: nothing but whether its thread is to be replaced. */
export type HelperResult = Recycle & { helped: true };

/**
 * What the worker says besides its answer: `recycle` when its state is in doubt (the pool then
 * replaces this thread, `threadId`, before it takes another document).
 */
interface Recycle {
  recycle?: true;
  threadId?: number;
}

export type ChunkResult = Recycle &
  (
    | { ok: true; chunks: Chunk[]; ocr: OcrReport }
    | { ok: true; payload: { json: Uint8Array; batches: number; count: number }; ocr: OcrReport }
    | { ok: false; error: DocumentErrorData }
    // A document handed to a worker already in doubt: not read, its bytes handed back to run elsewhere.
    | { ok: false; declined: Uint8Array }
  );

/** Posted to the pool (Piscina's 'message' event) when this thread's state falls in doubt. */
export interface WorkerFailure {
  workerFailure: { kind: 'unhandledRejection' | 'uncaughtException'; name: string; message: string; stack?: string };
}

// A rejection nobody handled or an exception thrown from a callback (a parser's timer, a stream
// event) comes from code that runs beside the task that awaits it, often after that task ended:
// it must not end the thread (the pool would turn that into an error event, and the next document
// on this thread would fail for another's fault), and nothing it left behind can be trusted. The
// thread reports it loudly, finishes the task in hand, declines any further one and is replaced.
let inDoubt = false;

function fallIntoDoubt(kind: WorkerFailure['workerFailure']['kind'], reason: unknown): void {
  inDoubt = true;
  const err = reason instanceof Error ? reason : new Error(String(reason));
  const failure: WorkerFailure = {
    workerFailure: { kind, name: err.name, message: err.message, ...(err.stack ? { stack: err.stack } : {}) },
  };
  parentPort?.postMessage(failure);
}

if (!isMainThread) {
  process.on('unhandledRejection', (reason) => fallIntoDoubt('unhandledRejection', reason));
  process.on('uncaughtException', (err) => fallIntoDoubt('uncaughtException', err));
}

export default async function chunkTask(task: HelperTask): Promise<HelperResult>;
export default async function chunkTask(task: ChunkTask): Promise<ChunkResult>;
export default async function chunkTask(task: ChunkTask | HelperTask): Promise<ChunkResult | HelperResult> {
  if ('range' in task) {
    // A thread in doubt helps no one: the lead reads the pages itself.
    if (inDoubt) task.range.port.close();
    else await formatNamed(task.format).readRange?.(task.range);
    return inDoubt ? { helped: true, recycle: true, threadId } : { helped: true };
  }
  if (inDoubt) {
    task.ocrStarted?.close();
    task.progress?.close();
    // Copied back (Piscina moves only a bare transferable): a rare path, once per failure.
    return { ok: false, declined: task.bytes, recycle: true, threadId };
  }
  const result = await readTask(task);
  return inDoubt ? { ...result, recycle: true, threadId } : result;
}

async function readTask(task: ChunkTask): Promise<ChunkResult> {
  try {
    // Every format gets the same context; one with pages to scan may read some with OCR.
    const { chunks, ocr } = await readDocument(
      { format: task.format, bytes: task.bytes },
      {
        maxDecodedBytes: task.maxDecodedBytes,
        ...(task.ocr ? { ocr: task.ocr } : {}),
        onOcrStart: () => task.ocrStarted?.postMessage('started'),
        ...(task.split ? { split: task.split } : {}),
        ...(task.progress
          ? { onPage: (read: number, total: number) => task.progress?.postMessage([read, total]) }
          : {}),
      },
    );
    if (task.payloadIds) {
      const { json, batches } = buildPayload(chunks, task.payloadIds, undefined, {
        pageNumbers: task.pageNumbers === true,
      });
      return { ok: true, payload: { json, batches, count: chunks.length }, ocr };
    }
    return { ok: true, chunks, ocr };
  } catch (err) {
    const e =
      err instanceof DocumentError
        ? err
        : documentError('document_damaged', safeReason(err), catalogueNoun(task.format));
    return { ok: false, error: { code: e.code, message: e.message } };
  } finally {
    task.ocrStarted?.close();
    task.progress?.close();
    task.split?.port.close();
  }
}

// The document worker pool: parsing and chunking run on worker threads, never on the event loop.
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { documentError, toDocumentError } from './document-error.ts';
import { catalogueNoun, DEFAULT_MAX_DECODED_BYTES, formatNamed, type DocumentFormat } from './formats/index.ts';
import type { Chunk } from './types.ts';
import { detectFormat } from './detect.ts';
import type { ChunkTask, ChunkResult, HelperResult, HelperTask, WorkerFailure } from './worker.ts';
import { MIN_SPLIT_PAGES, STOP, stopHelpers, type HelpWanted } from './page-ranges.ts';
import type { PayloadIds } from './payload.ts';
import { createAdmission } from './admission.ts';
import { warmUpPdf } from './warm.ts';
import { DEFAULT_OCR, type OcrMode, type OcrOptions, type OcrReport } from './ocr/options.ts';
import { LAB_DEFAULTS } from '../lab-defaults.ts';

/** Per-document options of a chunking call. */
export interface ChunkCallOptions {
  signal?: AbortSignal;
  /** OCR of pages without a text layer: auto (default), off or force. */
  ocr?: OcrMode;
  /** Told what OCR did (pages read, pages skipped), before the call resolves. */
  onOcr?: (report: OcrReport) => void;
  /** The payload carries page_start and page_end (the page-numbers header). */
  pageNumbers?: boolean;
  /** The document's format when the caller detected it already. */
  format?: DocumentFormat;
  /** Told after each page is read (formats with pages), from the worker thread: a job's progress. */
  onPages?: (read: number, total: number) => void;
}

export interface ChunkPayload {
  /** the chunk envelope as UTF-8 JSON, ready to send */
  json: Buffer;
  batches: number;
  count: number;
}

export interface ChunkPool {
  /**
   * Chunks one document on a worker thread, in `opts.format` or else the format detected from
   * its bytes (src/documents/detect.ts). When `pdf` spans a whole (non-shared) ArrayBuffer, that
   * buffer is transferred to the worker, not copied: the caller's view is detached afterwards.
   * Rejects with a DocumentError (unsupported, encrypted, damaged, no_text, too_large, timeout), or with
   * the signal's reason when the caller aborts.
   */
  chunk(pdf: Uint8Array, opts?: ChunkCallOptions): Promise<Chunk[]>;
  /**
   * Like chunk(), but the worker also writes the index payload (no embeddings): the main
   * thread then receives one byte array instead of a graph of chunk objects to rebuild
   * and serialise, which kept the event loop busy for milliseconds per large document.
   */
  payload(pdf: Uint8Array, ids: PayloadIds, opts?: ChunkCallOptions): Promise<ChunkPayload>;
  /**
   * Parses a small PDF on every thread, then one read in page ranges: every thread is running,
   * pdf.js loaded and its hot paths compiled once it resolves (never rejects).
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export interface ChunkPoolOptions {
  /**
   * Documents read at once, each on a thread of its own; default one core fewer than the
   * machine has (at least 1): with a document per core, parsing competed with the event loop
   * for the CPU and /healthz p99 rose past 2x idle on a 2-core machine (docs/benchmarks.md).
   */
  threads?: number;
  /**
   * Threads beyond `threads` that only help: while no document waits, a large PDF's page ranges
   * are read on every idle thread (formats/pdf/ranges.ts). Default: the cores `threads` leaves
   * (so one thread per core) when `threads` is not given, else 0.
   */
  spareThreads?: number;
  /**
   * Time bound of one parse, counted from when a worker starts it (never the wait for a free
   * worker); the worker is terminated after it. A number, or one per document size in bytes.
   * Default 60 s.
   */
  timeoutMs?: number | ((bytes: number) => number);
  /** Bound on what the PDF's compressed streams may inflate to. Default 256 MiB. */
  maxDecodedBytes?: number;
  /**
   * OCR languages and limits (OCR_LANGUAGES, OCR_MAX_PAGES, OCR_TIMEOUT_MS). When a document
   * starts OCR, its time bound grows by the OCR time bound.
   */
  ocr?: Omit<OcrOptions, 'mode'>;
  /**
   * Told when a worker thread's state fell in doubt (a rejection nobody handled, an exception
   * thrown from a callback) or a thread died outside any task. The thread is replaced; no
   * document fails for it but the one that was reading. Default: one JSON line on stderr.
   */
  onWorkerFailure?: (failure: WorkerFailureReport) => void;
  /** Told how many helper threads a document's read in page ranges started (tests, scripts/split-check.ts). */
  onHelpers?: (started: number) => void;
  /**
   * Told when the spare threads are given back (a second document came: under load they only cost
   * memory) and when they are ready (warmed: at the start, and again after a large document that
   * came to an idle pool asked for them).
   */
  onSpares?: (state: 'ended' | 'ready') => void;
  /** The worker module (default ./worker.ts); tests wrap it to inject failures. */
  workerFilename?: string;
}

/** A worker failure as the pool reports it: never a document's content, only the error. */
export interface WorkerFailureReport {
  kind: WorkerFailure['workerFailure']['kind'] | 'threadError';
  name: string;
  message: string;
  stack?: string;
}

function isWorkerFailure(message: unknown): message is WorkerFailure {
  return typeof message === 'object' && message !== null && 'workerFailure' in message;
}

function reportOnStderr(failure: WorkerFailureReport): void {
  process.stderr.write(
    `${JSON.stringify({ level: 'error', code: 'worker_failed', msg: 'a document worker failed and is replaced', failure })}\n`,
  );
}

export const DEFAULT_TIMEOUT_MS = Number(LAB_DEFAULTS.PARSE_TIMEOUT_MS);

/** Old-generation heap of a worker: a parse that outgrows it kills only its own worker. */
const WORKER_HEAP_MB = 1024;
/** A small young generation keeps the rss of a long parse down at little cost in speed. */
const YOUNG_MB = 32;
/** How long a document's helpers may run on after it ended (they stop after their batch in hand). */
const HELPER_GRACE_MS = 5_000;

type Threads = Piscina<ChunkTask | HelperTask, ChunkResult | HelperResult>;

export function createChunkPool(opts: ChunkPoolOptions = {}): ChunkPool {
  const cores = availableParallelism();
  const threads = Math.max(1, Math.floor(opts.threads ?? cores - 1));
  const spare = Math.max(0, Math.floor(opts.spareThreads ?? (opts.threads === undefined ? cores - threads : 0)));
  const allThreads = threads + spare;
  const timeoutOf =
    typeof opts.timeoutMs === 'function'
      ? opts.timeoutMs
      : () => (opts.timeoutMs as number | undefined) ?? DEFAULT_TIMEOUT_MS;
  // One task per free worker: a document waits here, before its parse bound starts, so a good
  // document queued behind others is never told it took too long.
  const workers = createAdmission({ maxInFlight: threads, maxQueued: Infinity, retryAfterSeconds: 1 });
  const maxDecodedBytes = opts.maxDecodedBytes ?? DEFAULT_MAX_DECODED_BYTES;
  // OCR spreads a document's pages over helper engines, one per core, only while it is the one
  // document in the pool (running or waiting): `inPool`, shared with the workers (ocr/options.ts).
  const inPool = new Int32Array(new SharedArrayBuffer(4));
  const ocrLimits = { engines: availableParallelism(), ...(opts.ocr ?? DEFAULT_OCR), load: inPool };
  const reportFailure = opts.onWorkerFailure ?? reportOnStderr;
  const filename = opts.workerFilename ?? new URL('./worker.ts', import.meta.url).href;
  function startThreads(n: number): Threads {
    const pool: Threads = new Piscina({
      filename,
      // Every thread started and kept: a thread started for the first large document, or stopped
      // after a quiet minute, would read its first pages with pdf.js not yet loaded nor compiled.
      minThreads: n,
      maxThreads: n,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      // A worker's event loop runs between tasks ('sync', the default, pauses it), so its timers
      // fire while it is idle: ocr/engine.ts stops an unused OCR engine after ENGINE_IDLE_MS.
      atomics: 'async',
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: YOUNG_MB },
    });
    // A worker whose state fell in doubt says so (worker.ts): reported here, replaced before it takes
    // another task. A thread that died outside any task (Piscina's 'error' event, which would
    // otherwise end the process) is reported too; Piscina starts its replacement itself.
    pool.on('message', (message: unknown) => {
      if (isWorkerFailure(message)) reportFailure(message.workerFailure);
    });
    pool.on('error', (err: unknown) => {
      const e = err instanceof Error ? err : new Error(String(err));
      reportFailure({ kind: 'threadError', name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) });
    });
    return pool;
  }
  // The threads that read documents (and help while idle).
  const piscina = startThreads(threads);
  let closed = false;
  // Threads reading a document (leads) and helping one; the control words of each helper.
  let reading = 0;
  const helping = new Set<{ control: SharedArrayBuffer }>();
  // The spare threads only help. Under load they cost their memory (an isolate with pdf.js loaded
  // and compiled, 80-100 MB of rss) and read nothing, so a second document ends them. They are
  // started again for a large document that comes to an idle pool, and join its read once warm:
  // started as soon as the pool is idle, they would hold their memory beside the heap the last
  // document left (docs/benchmarks.md).
  interface Spares {
    threads: Threads;
    ready: boolean;
    /** Resolves once every spare thread has read the warm-up document. */
    warmed: Promise<void>;
    helping: Set<{ control: SharedArrayBuffer }>;
  }
  let spares: Spares | undefined;
  const warmTask = (): ChunkTask => ({ format: 'pdf', bytes: warmUpPdf(), maxDecodedBytes });
  function startSpares(): Spares {
    const pool = startThreads(spare);
    const warmed = Promise.all(Array.from({ length: spare }, () => pool.run(warmTask()).catch(() => undefined))).then(
      () => {
        if (spares !== s) return;
        s.ready = true;
        opts.onSpares?.('ready');
      },
    );
    const s: Spares = { threads: pool, ready: false, warmed, helping: new Set() };
    return s;
  }
  function endSpares(): void {
    const s = spares;
    if (!s) return;
    spares = undefined;
    // A helper in hand finishes its batch (its document was told to stop); nothing queued runs.
    void s.threads.close({ force: true }).catch(() => undefined);
    opts.onSpares?.('ended');
  }
  if (spare > 0) spares = startSpares();
  const idleLeads = () => threads - reading - helping.size;
  const idleSpares = () => (spares?.ready ? spare - spares.helping.size : 0);
  const idleThreads = () => idleLeads() + idleSpares();

  async function replace(threadId: number | undefined): Promise<void> {
    const all = [...piscina.threads, ...(spares?.threads.threads ?? [])];
    await all.find((t) => t.threadId === threadId)?.terminate();
  }

  async function run(
    pdf: Uint8Array,
    o: ChunkCallOptions,
    payloadIds?: PayloadIds,
  ): Promise<ChunkResult & { ok: true }> {
    if (closed) throw new Error('PDF pool is closed');
    const callerSignal = o.signal;
    callerSignal?.throwIfAborted();
    const format = o.format ?? detectFormat(pdf);
    if (format === null) throw documentError('document_unsupported');
    // Another document: under load each document keeps to one thread, so helpers step back; with
    // a document already in the pool, the spare threads are given back.
    for (const h of helping) stopHelpers(h.control);
    for (const h of spares?.helping ?? []) stopHelpers(h.control);
    const alone = Atomics.add(inPool, 0, 1) === 0;
    if (!alone) endSpares();
    let release: (() => void) | undefined;
    try {
      release = await workers.enter(callerSignal);
      reading++;
      if (callerSignal?.aborted) throw callerSignal.reason;
      const buf = pdf.buffer;
      const whole = buf instanceof ArrayBuffer && pdf.byteOffset === 0 && pdf.byteLength === buf.byteLength;
      // A copy of its own: Buffer#slice is a view, and a view into Node's shared Buffer pool cannot be transferred.
      let bytes = whole ? pdf : new Uint8Array(pdf);
      // A worker in doubt hands the document back unread; it then runs once more, on a new thread.
      for (let attempt = 1; ; attempt++) {
        const r = await runOnce(bytes, format, o, payloadIds, alone);
        if (r.recycle) await replace(r.threadId);
        if (r.ok) {
          o.onOcr?.(r.ocr);
          return r;
        }
        if ('error' in r) throw toDocumentError(r.error);
        if (attempt === 2)
          throw documentError('document_damaged', 'the parser stopped unexpectedly', catalogueNoun(format));
        bytes = r.declined;
      }
    } finally {
      if (release) {
        reading--;
        release();
      }
      Atomics.sub(inPool, 0, 1);
    }
  }

  /** Starts helpers for a lead that asked, on the threads idle now, while no document waits. */
  function help(wanted: HelpWanted, format: DocumentFormat, done: AbortSignal, alone: boolean): void {
    const underLoad = () => workers.state().queued > 0 || closed;
    const ports = [...wanted.ports];
    if (!underLoad()) {
      // The spare threads first: the threads that read documents stay free for the next one.
      const s = spares;
      if (s?.ready) for (let n = idleSpares(); n > 0 && ports.length > 0; n--) startHelper(ports.shift()!, s);
      for (let n = idleLeads(); n > 0 && ports.length > 0; n--) startHelper(ports.shift()!, undefined);
      // Spares given back under load (or still warming): a document that came to an idle pool
      // starts them again, and they take their ports once warm, if the document is still being
      // read and is still alone.
      if (!s?.ready && spare > 0 && alone && ports.length > 0) {
        const started = s ?? (spares = startSpares());
        const waiting = ports.splice(0, spare);
        void started.warmed.then(() => {
          const reading = Atomics.load(new Int32Array(wanted.control), STOP) === 0;
          for (const port of waiting)
            if (spares === started && reading && !underLoad() && idleSpares() > 0) startHelper(port, started);
            else port.close();
        });
      }
    }
    ports.forEach((port) => port.close());

    function startHelper(port: MessagePort, s: Spares | undefined): void {
      opts.onHelpers?.(1);
      const set = s ? s.helping : helping;
      const helper = { control: wanted.control };
      set.add(helper);
      (s ? s.threads : piscina)
        .run(
          { format, range: { bytes: wanted.bytes, control: wanted.control, port } },
          { transferList: [port], signal: done },
        )
        .then(async (r) => {
          if (r.recycle) await replace(r.threadId);
        })
        .catch(() => {
          // The lead reads whatever this helper did not deliver.
        })
        .finally(() => set.delete(helper));
    }
  }

  /** One document on one worker, within its time bound and the caller's signal. */
  async function runOnce(
    data: Uint8Array,
    format: DocumentFormat,
    o: ChunkCallOptions,
    payloadIds: PayloadIds | undefined,
    alone: boolean,
  ): Promise<ChunkResult> {
    const callerSignal = o.signal;
    // Every format gets the OCR settings; only one with pages to scan reads them.
    const ocr: OcrOptions = { ...ocrLimits, mode: o.ocr ?? 'auto' };
    const timeoutMs = timeoutOf(data.byteLength);
    const ctrl = new AbortController();
    let timedOut = false;
    let ocrStarted = false;
    const expire = () => {
      timedOut = true;
      ctrl.abort();
    };
    let timer = setTimeout(expire, timeoutMs);
    // The worker says when OCR starts: the parse bound then grows by the OCR bound (the worker
    // keeps OCR within it between pages; this timer also stops a page that never ends).
    const channel = ocr.mode === 'off' ? undefined : new MessageChannel();
    channel?.port1.once('message', () => {
      ocrStarted = true;
      clearTimeout(timer);
      channel?.port1.close();
      timer = setTimeout(expire, timeoutMs + ocr.timeoutMs);
    });
    channel?.port1.unref();
    // Threads idle now, while no document waits: a large PDF may ask them to read page ranges.
    // Spares given back under load, or still warming, count for a document alone: it waits for
    // them, starting them first if need be (help()).
    const startable = alone && !spares?.ready ? spare : 0;
    const offer = formatNamed(format).readRange && workers.state().queued === 0 ? idleThreads() + startable : 0;
    const lanes = offer > 0 ? new MessageChannel() : undefined;
    // A helper still running a while after its document ended (a page that never ends) is stopped.
    const helpersDone = new AbortController();
    lanes?.port1.on('message', (m: HelpWanted) => help(m, format, helpersDone.signal, alone));
    lanes?.port1.unref();
    const onPages = o.onPages;
    const progress = onPages ? new MessageChannel() : undefined;
    progress?.port1.on('message', (m: [number, number]) => onPages?.(m[0], m[1]));
    progress?.port1.unref();
    const onAbort = () => ctrl.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onAbort, { once: true });
    try {
      return (await piscina.run(
        {
          format,
          bytes: data,
          maxDecodedBytes,
          ocr,
          ...(payloadIds ? { payloadIds, pageNumbers: o.pageNumbers === true } : {}),
          ...(channel ? { ocrStarted: channel.port2 } : {}),
          ...(progress ? { progress: progress.port2 } : {}),
          ...(lanes ? { split: { port: lanes.port2, helpers: offer } } : {}),
        },
        {
          signal: ctrl.signal,
          transferList: [
            data.buffer as ArrayBuffer,
            ...(channel ? [channel.port2] : []),
            ...(progress ? [progress.port2] : []),
            ...(lanes ? [lanes.port2] : []),
          ],
        },
      )) as ChunkResult;
    } catch (err) {
      if (timedOut)
        throw ocrStarted
          ? documentError('document_timeout', ocr.timeoutMs, 'ocr')
          : documentError('document_timeout', timeoutMs);
      if (callerSignal?.aborted) throw callerSignal.reason ?? err;
      const code = (err as { code?: string }).code;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw documentError('document_too_much_memory', catalogueNoun(format));
      // The worker died some other way (a native crash, an uncaught error): say so, no details.
      throw documentError('document_damaged', 'the parser stopped unexpectedly', catalogueNoun(format));
    } finally {
      clearTimeout(timer);
      channel?.port1.close();
      progress?.port1.close();
      lanes?.port1.close();
      setTimeout(() => helpersDone.abort(), HELPER_GRACE_MS).unref();
      callerSignal?.removeEventListener('abort', onAbort);
    }
  }

  async function chunk(pdf: Uint8Array, o: ChunkCallOptions = {}): Promise<Chunk[]> {
    const r = await run(pdf, o);
    if (!('chunks' in r)) throw new Error('worker answered without chunks');
    return r.chunks;
  }

  async function payload(pdf: Uint8Array, ids: PayloadIds, o: ChunkCallOptions = {}): Promise<ChunkPayload> {
    const r = await run(pdf, o, ids);
    if (!('payload' in r)) throw new Error('worker answered without a payload');
    const { json, batches, count } = r.payload;
    return { json: Buffer.from(json.buffer, json.byteOffset, json.byteLength), batches, count };
  }

  async function warm(): Promise<void> {
    // One small document per thread at once (the pool gives each its own idle thread; the spare
    // threads warm themselves as they start), then one read in page ranges, so that the first
    // large upload finds every thread as a later one does.
    await Promise.all(Array.from({ length: threads }, () => piscina.run(warmTask()).catch(() => undefined)));
    await spares?.warmed;
    if (allThreads > 1) await chunk(warmUpPdf(MIN_SPLIT_PAGES)).catch(() => undefined);
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    const s = spares;
    spares = undefined;
    await Promise.all([piscina.close({ force: true }), s?.threads.close({ force: true })]);
  }

  return { chunk, payload, warm, close };
}

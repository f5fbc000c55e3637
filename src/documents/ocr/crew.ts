// OCR helpers of one document worker: threads of its own (helper.ts), each with its own engine,
// that read a document's pages while the worker renders the next ones, when the service has no
// other document in hand (read-pages.ts decides). Started on first use, stopped together after a
// while without pages (the engine's own idle rule, engine.ts's ENGINE_IDLE_MS): a stopped thread
// takes its engine's WebAssembly memory with it at once.
import { Worker } from 'node:worker_threads';
import type { HelperAnswer, HelperRequest } from './helper.ts';
import type { PlacedLine } from './text-lines.ts';
import type { Rendered } from './render.ts';
import { ENGINE_IDLE_MS } from './engine.ts';

/** A helper's V8 heap: the engine's memory is WebAssembly's, outside it; lines are small. */
const HELPER_HEAP_MB = 128;

interface Helper {
  worker: Worker;
  pending: Map<number, { resolve(lines: PlacedLine[]): void; reject(err: Error): void }>;
}

const helpers: Helper[] = [];
/** Callers of freeHelper waiting for a helper to hand back its page. */
let waiting: (() => void)[] = [];
let nextId = 1;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** Pages read by helpers and helper threads started by this thread (tests). */
export const crewStats = { pagesRead: 0, helpersStarted: 0 };

function startHelper(): Helper {
  const worker = new Worker(new URL('./helper.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: HELPER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
  });
  const helper: Helper = { worker, pending: new Map() };
  const fail = (err: Error) => {
    const i = helpers.indexOf(helper);
    if (i >= 0) helpers.splice(i, 1);
    for (const p of helper.pending.values()) p.reject(err);
    helper.pending.clear();
    wake();
  };
  worker.on('message', (m: HelperAnswer) => {
    const p = helper.pending.get(m.id);
    if (!p) return;
    helper.pending.delete(m.id);
    if (helper.pending.size === 0) worker.unref();
    wake();
    if ('error' in m) p.reject(new Error(m.error));
    else {
      crewStats.pagesRead++;
      p.resolve(m.lines);
    }
  });
  worker.on('error', (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))));
  worker.on('exit', (code) => fail(new Error(`an OCR helper thread stopped (exit code ${code})`)));
  worker.unref();
  crewStats.helpersStarted++;
  helpers.push(helper);
  return helper;
}

function wake(): void {
  const all = waiting;
  waiting = [];
  for (const w of all) w();
}

/**
 * A helper with no page in hand, started while there are fewer than `max`; otherwise the first to
 * hand back its page. One page at a time each: a page waits on this thread (rendered), not in a
 * helper's queue, so the last pages go to whichever helper is free first and no helper reads two
 * while another has none. The caller must keep its event loop free while it waits: an answer is
 * a message, handled only between tasks.
 */
export async function freeHelper(max: number): Promise<Helper> {
  for (;;) {
    const free = helpers.find((h) => h.pending.size === 0);
    if (free) return free;
    if (helpers.length < max) return startHelper();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

/** Reads one page on `helper`; the image's pixels are moved to its thread, not copied. */
export function readOnHelper(
  helper: Helper,
  image: Rendered,
  languages: string[],
  origin: [number, number],
  dataDir?: string,
): Promise<PlacedLine[]> {
  const id = nextId++;
  const request: HelperRequest = { id, image, languages, origin, ...(dataDir !== undefined ? { dataDir } : {}) };
  return new Promise<PlacedLine[]>((resolve, reject) => {
    helper.pending.set(id, { resolve, reject });
    // Kept alive while it has pages in hand: a caller awaiting a page holds no event-loop handle.
    helper.worker.ref();
    const whole = image.grey.byteOffset === 0 && image.grey.byteLength === image.grey.buffer.byteLength;
    helper.worker.postMessage(request, whole ? [image.grey.buffer as ArrayBuffer] : []);
  });
}

/** A document's OCR begins: the helpers are not stopped while it reads. */
export function holdCrew(): void {
  clearTimeout(idleTimer);
}

/** A document's OCR ended: the helpers are stopped after `idleMs` without another. */
export function releaseCrew(idleMs: number = ENGINE_IDLE_MS): void {
  clearTimeout(idleTimer);
  if (helpers.length === 0) return;
  idleTimer = setTimeout(() => void closeCrew(), idleMs);
  idleTimer.unref();
}

/** Stops every helper thread (after the idle time, and in tests); pages in hand fail. */
export async function closeCrew(): Promise<void> {
  clearTimeout(idleTimer);
  const all = helpers.splice(0);
  await Promise.all(all.map((h) => h.worker.terminate()));
  wake();
}

/** Helper threads running now (tests). */
export function crewSize(): number {
  return helpers.length;
}

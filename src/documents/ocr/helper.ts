// An OCR helper thread (crew.ts starts it from a document worker): its own engine, the same
// recognize() as the document worker's, one page image in, its placed lines out.
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { Rendered } from './render.ts';
import { recognize } from './recognize.ts';
import type { PlacedLine } from './text-lines.ts';

export interface HelperRequest {
  id: number;
  image: Rendered;
  languages: string[];
  origin: [number, number];
  dataDir?: string;
}

export type HelperAnswer = { id: number; lines: PlacedLine[] } | { id: number; error: string };

/**
 * The nice value of a helper thread: a helper reads pages only while the document is alone, on
 * cores nothing else wants; the service's main thread (its HTTP answers), the document's worker
 * (which renders the next page) and a document arriving meanwhile come first. On Linux a nice
 * value is a thread's own (setpriority of the calling thread); elsewhere the call may fail, and
 * the helper reads at the process's priority.
 */
export const HELPER_NICE = 10;

// Only in a helper's thread (a module importing this file for its constant must not lower its
// own), and never higher than the thread's priority already is.
if (parentPort)
  try {
    setPriority(0, Math.max(getPriority(0), HELPER_NICE));
  } catch {
    // Not allowed here (another system's rule): the helper reads at the process's priority.
  }

parentPort?.on('message', (m: HelperRequest) => {
  // Pages come one at a time per message; the engine reads synchronously, so two requests never
  // share it, and the answer of each goes back as soon as it is read.
  recognize(m.image, m.languages, m.origin, m.dataDir).then(
    (lines) => parentPort?.postMessage({ id: m.id, lines } satisfies HelperAnswer),
    (err: unknown) =>
      parentPort?.postMessage({
        id: m.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies HelperAnswer),
  );
});

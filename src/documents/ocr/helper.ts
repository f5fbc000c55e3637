// An OCR helper thread (crew.ts starts it from a document worker): its own engine, the same
// recognize() as the document worker's, one page image in, its placed lines out.
import { parentPort } from 'node:worker_threads';
import type { Rendered } from './render.ts';
import { recognize, type PlacedLine } from './recognize.ts';

export interface HelperRequest {
  id: number;
  image: Rendered;
  languages: string[];
  origin: [number, number];
  dataDir?: string;
}

export type HelperAnswer = { id: number; lines: PlacedLine[] } | { id: number; error: string };

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

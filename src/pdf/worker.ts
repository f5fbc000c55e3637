// Piscina worker entry: one PDF per task. Errors come back as data, because structured clone
// turns a PdfError into a plain Error without its code and status.
import { chunkPdf } from './pipeline.ts';
import { PdfError, MESSAGES, safeReason, type PdfErrorData } from './errors.ts';
import type { PdfChunk } from './types.ts';

export interface ChunkTask {
  pdf: Uint8Array;
  maxDecodedBytes?: number;
}

export type ChunkResult = { ok: true; chunks: PdfChunk[] } | { ok: false; error: PdfErrorData };

export default async function chunkTask(task: ChunkTask): Promise<ChunkResult> {
  try {
    const chunks = await chunkPdf(task.pdf, { maxDecodedBytes: task.maxDecodedBytes });
    return { ok: true, chunks };
  } catch (err) {
    const e = err instanceof PdfError ? err : new PdfError('damaged', MESSAGES.damaged(safeReason(err)));
    return { ok: false, error: { code: e.code, message: e.message } };
  }
}

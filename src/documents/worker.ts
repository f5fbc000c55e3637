// Piscina worker entry: one document per task, in the format the route detected. Errors come back as data, because structured clone
// turns a DocumentError into a plain Error without its code and status.
import { chunkDocument } from './chunk-document.ts';
import { DocumentError, MESSAGES, safeReason, type DocumentErrorData } from './errors.ts';
import type { Chunk, DocumentFormat } from './types.ts';
import { buildPayload, type PayloadIds } from './payload.ts';

export interface ChunkTask {
  format: DocumentFormat;
  bytes: Uint8Array;
  maxDecodedBytes?: number;
  /** When set, the worker also writes the index payload, so the event loop only sends bytes. */
  payloadIds?: PayloadIds;
  /** With payloadIds: the payload also carries page_start and page_end. */
  pageNumbers?: boolean;
}

export type ChunkResult =
  | { ok: true; chunks: Chunk[] }
  | { ok: true; payload: { json: Uint8Array; batches: number; count: number } }
  | { ok: false; error: DocumentErrorData };

export default async function chunkTask(task: ChunkTask): Promise<ChunkResult> {
  try {
    const chunks = await chunkDocument({ format: task.format, bytes: task.bytes }, { maxDecodedBytes: task.maxDecodedBytes });
    if (task.payloadIds) {
      const { json, batches } = buildPayload(chunks, task.payloadIds, undefined, { pageNumbers: task.pageNumbers === true });
      return { ok: true, payload: { json, batches, count: chunks.length } };
    }
    return { ok: true, chunks };
  } catch (err) {
    const e =
      err instanceof DocumentError
        ? err
        : new DocumentError('damaged', task.format === 'pdf' ? MESSAGES.damaged(safeReason(err)) : MESSAGES.damaged_document(safeReason(err)));
    return { ok: false, error: { code: e.code, message: e.message } };
  }
}

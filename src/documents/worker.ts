// Piscina worker entry: one document per task, in the format the route detected. Errors come back as data, because structured clone
// turns a DocumentError into a plain Error without its code and status.
import { chunkDocument } from './chunk-document.ts';
import { readPdf } from './formats/pdf/pipeline.ts';
import type { OcrOptions, OcrReport } from './formats/pdf/ocr-options.ts';
import { DocumentError, documentError, safeReason, type DocumentErrorData } from './errors.ts';
import type { MessagePort } from 'node:worker_threads';
import type { Chunk, DocumentFormat } from './types.ts';
import { buildPayload, type PayloadIds } from './payload.ts';

export interface ChunkTask {
  format: DocumentFormat;
  bytes: Uint8Array;
  maxDecodedBytes?: number;
  /** OCR of pages without a text layer; OCR runs here, on the worker thread. */
  ocr?: OcrOptions;
  /** Told once, when OCR work begins, so that the pool extends the time bound. */
  ocrStarted?: MessagePort;
  /** When set, the worker also writes the index payload, so the event loop only sends bytes. */
  payloadIds?: PayloadIds;
  /** With payloadIds: the payload also carries page_start and page_end. */
  pageNumbers?: boolean;
}

export type ChunkResult =
  | { ok: true; chunks: Chunk[]; ocr: OcrReport }
  | { ok: true; payload: { json: Uint8Array; batches: number; count: number }; ocr: OcrReport }
  | { ok: false; error: DocumentErrorData };

export default async function chunkTask(task: ChunkTask): Promise<ChunkResult> {
  try {
    // PDF pages may be read with OCR; the other formats have no pages to scan.
    const { chunks, ocr } =
      task.format === 'pdf'
        ? await readPdf(task.bytes, {
            maxDecodedBytes: task.maxDecodedBytes,
            ...(task.ocr ? { ocr: task.ocr } : {}),
            onOcrStart: () => task.ocrStarted?.postMessage('started'),
          })
        : {
            chunks: await chunkDocument(
              { format: task.format, bytes: task.bytes },
              { maxDecodedBytes: task.maxDecodedBytes },
            ),
            ocr: { pages: 0, skipped: 0 },
          };
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
        : documentError('document_damaged', safeReason(err), task.format === 'pdf' ? 'pdf' : 'document');
    return { ok: false, error: { code: e.code, message: e.message, errorCode: e.errorCode } };
  } finally {
    task.ocrStarted?.close();
  }
}

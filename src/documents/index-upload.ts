// Indexing by the service: the chunk actions uploaded to Azure AI Search in batches Azure accepts
// (at most 1000 actions and SAFE_BATCH_BYTES), each batch retried until every item is in or has
// failed for good. Uploads are idempotent by key ({tenant}-{document}-{index}): calling again
// rewrites the same documents, never adds a second copy.
import { packBatches } from './payload.ts';
import type { SearchTarget, UploadOutcome } from '../clients/search-index.ts';

/** Per-item statuses Azure documents as transient in a 207 (409 version conflict, 422 index busy, 503). */
const RETRYABLE_ITEM = new Set([409, 422, 503]);
export const MAX_ATTEMPTS = 5;
/** Backoff between attempts without a Retry-After: 0.5 s, 1 s, 2 s, 4 s. */
export const backoffMs = (attempt: number) => 500 * 2 ** attempt;
/** A Retry-After is honoured up to this; beyond it, this long. */
export const MAX_RETRY_AFTER_MS = 30_000;

export interface IndexUploader {
  /** `signal` cuts the call in flight (the caller left, or the job was cancelled). */
  uploadBatch(t: SearchTarget, body: Buffer, count: number, signal?: AbortSignal): Promise<UploadOutcome>;
}

export interface IndexSummary {
  indexName: string;
  chunks: number;
  batches: number;
  indexed: number;
  /** keys not indexed, with the reason */
  failed: { key: string; reason: string }[];
  timeMs: number;
}

const envelopeOf = (docs: readonly Buffer[]) =>
  Buffer.concat([
    Buffer.from('{"value":['),
    ...docs.flatMap((d, i) => (i === 0 ? [d] : [Buffer.from(','), d])),
    Buffer.from(']}'),
  ]);

export async function uploadToIndex(
  client: IndexUploader,
  target: SearchTarget,
  docs: readonly Buffer[],
  keys: readonly string[],
  sleep: (ms: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<IndexSummary> {
  const started = performance.now();
  const batches = packBatches(docs.map((d) => d.length));
  let indexed = 0;
  const failed: { key: string; reason: string }[] = [];
  for (const [start, end] of batches) {
    // Positions still to upload in this batch.
    let pending = Array.from({ length: end - start }, (_, i) => start + i);
    for (let attempt = 0; pending.length > 0; attempt++) {
      signal?.throwIfAborted();
      const o = await client.uploadBatch(target, envelopeOf(pending.map((i) => docs[i]!)), pending.length, signal);
      let wait = backoffMs(attempt);
      if (o.kind === 'failed') {
        if (!o.retryable || attempt + 1 >= MAX_ATTEMPTS) {
          for (const i of pending) failed.push({ key: keys[i]!, reason: o.reason });
          pending = [];
          break;
        }
        if (o.retryAfterMs !== undefined) wait = Math.min(o.retryAfterMs, MAX_RETRY_AFTER_MS);
      } else {
        const again: number[] = [];
        o.items.forEach((item, j) => {
          const i = pending[j]!;
          if (item.ok) indexed++;
          else if (RETRYABLE_ITEM.has(item.statusCode) && attempt + 1 < MAX_ATTEMPTS) again.push(i);
          else
            failed.push({
              key: keys[i]!,
              reason: `HTTP ${item.statusCode}${item.errorMessage ? `: ${item.errorMessage}` : ''}`,
            });
        });
        pending = again;
        if (pending.length === 0) break;
      }
      await sleep(wait);
    }
  }
  return {
    indexName: target.indexName,
    chunks: docs.length,
    batches: batches.length,
    indexed,
    failed,
    timeMs: Math.round(performance.now() - started),
  };
}

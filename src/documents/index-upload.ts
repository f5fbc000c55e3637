// Indexing by the service: the chunk actions uploaded to Azure AI Search in batches Azure accepts
// (at most 1000 actions and SAFE_BATCH_BYTES), each batch retried until every item is in or has
// failed for good. Uploads are idempotent by key ({tenant}-{document}-{index}): calling again
// rewrites the same documents, never adds a second copy.
import { packBatches } from './payload.ts';
import { keysFilter } from './vector-reuse.ts';
import {
  chunkFilter,
  MAX_IDS_PER_CALL,
  SearchCallError,
  searchRemedy,
  withRemedy,
  type DeleteOutcome,
  type PageOutcome,
  type PageQuery,
  type SearchTarget,
  type UploadOutcome,
} from '../clients/search-index.ts';

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

/** What keeping a document's chunks true takes beyond the upload: listing them, deleting the stale. */
export interface IndexKeeper extends IndexUploader {
  searchPage(t: SearchTarget, q: PageQuery, signal?: AbortSignal): Promise<PageOutcome>;
  deleteChunks(t: SearchTarget, ids: readonly string[]): Promise<DeleteOutcome>;
}

/** Azure's bound on skip: a document with more chunks than this plus a page is listed this far. */
export const MAX_SKIP = 100_000;

/** One page of hits, retried as an upload batch is (429/503/timeouts, MAX_ATTEMPTS); throws SearchCallError when it fails for good. */
async function pageWithRetries(
  client: Pick<IndexKeeper, 'searchPage'>,
  target: SearchTarget,
  q: PageQuery,
  sleep: (ms: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<Record<string, unknown>[]> {
  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    const o = await client.searchPage(target, q, signal);
    if (o.kind === 'page') return o.hits;
    if (!o.retryable || attempt + 1 >= MAX_ATTEMPTS) {
      const remedy = searchRemedy(o.reason, target.indexName);
      throw new SearchCallError(
        withRemedy(`The search call to the search service failed: ${o.reason}`, remedy),
        remedy,
        o.status,
      );
    }
    await sleep(Math.min(o.retryAfterMs ?? backoffMs(attempt), MAX_RETRY_AFTER_MS));
  }
}

/**
 * Every chunk the index holds of one tenant's document, with the `select`ed fields, page by page
 * (skip/top: the listing runs before this upload writes, so the set it pages through is still).
 * Each page is retried as an upload batch is (429/503/timeouts, MAX_ATTEMPTS); a page that fails
 * for good throws a SearchCallError naming the reason (and the status, when the service answered).
 */
export async function listDocumentChunks(
  client: Pick<IndexKeeper, 'searchPage'>,
  target: SearchTarget,
  ids: { tenantId: string; documentId: string },
  select: string,
  sleep: (ms: number) => Promise<void>,
  signal?: AbortSignal,
  pageSize = MAX_IDS_PER_CALL,
): Promise<Record<string, unknown>[]> {
  const filter = chunkFilter(ids.documentId, ids.tenantId);
  const out: Record<string, unknown>[] = [];
  for (let skip = 0; skip <= MAX_SKIP; ) {
    const hits = await pageWithRetries(client, target, { filter, select, top: pageSize, skip }, sleep, signal);
    out.push(...hits);
    if (hits.length < pageSize) break;
    skip += hits.length;
  }
  return out;
}

/**
 * Stored keys per vector fetch: a page of this many 1536-float vectors is about 3 MB of JSON, and
 * the filter naming them stays a few KB.
 */
export const VECTORS_PER_CALL = 100;

/**
 * The stored vectors (field `embedding`) of some of one tenant's document's chunks, by key, in calls
 * of VECTORS_PER_CALL keys (filter keysFilter: the document's filter and search.in on the key).
 * A key the index no longer holds is simply absent from the answer. Throws SearchCallError as
 * listDocumentChunks does (a 400 when the index does not return the field: not retrievable).
 */
export async function fetchStoredVectors(
  client: Pick<IndexKeeper, 'searchPage'>,
  target: SearchTarget,
  ids: { tenantId: string; documentId: string },
  keys: readonly string[],
  sleep: (ms: number) => Promise<void>,
  signal?: AbortSignal,
  perCall = VECTORS_PER_CALL,
): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const documentFilter = chunkFilter(ids.documentId, ids.tenantId);
  for (let start = 0; start < keys.length; start += perCall) {
    const group = keys.slice(start, start + perCall);
    const q = { filter: keysFilter(documentFilter, group), select: 'id,embedding', top: group.length, skip: 0 };
    for (const hit of await pageWithRetries(client, target, q, sleep, signal))
      if (typeof hit['id'] === 'string') out.set(hit['id'], hit['embedding']);
  }
  return out;
}

/** The keys the index holds that this upload did not write: what an earlier, longer version left. */
export function staleKeys(existing: readonly string[], written: readonly string[]): string[] {
  const keep = new Set(written);
  return [...new Set(existing)].filter((k) => !keep.has(k));
}

export interface StaleOutcome {
  removed: number;
  /** keys still in the index, and why, when a delete call failed */
  left: number;
  reason?: string;
}

/** Deletes the stale keys in calls of at most 1000 actions; a failed call or item is reported, not thrown. */
export async function removeStaleChunks(
  client: Pick<IndexKeeper, 'deleteChunks'>,
  target: SearchTarget,
  stale: readonly string[],
  signal?: AbortSignal,
): Promise<StaleOutcome> {
  let removed = 0;
  for (let start = 0; start < stale.length; start += MAX_IDS_PER_CALL) {
    signal?.throwIfAborted();
    const batch = stale.slice(start, start + MAX_IDS_PER_CALL);
    try {
      const r = await client.deleteChunks(target, batch);
      removed += r.deleted;
      if (r.failed > 0)
        return { removed, left: stale.length - removed, reason: `a delete item failed (${String(r.firstFailure)})` };
    } catch (err) {
      if (!(err instanceof SearchCallError)) throw err;
      return { removed, left: stale.length - removed, reason: err.message };
    }
  }
  return { removed, left: 0 };
}

export interface IndexSummary {
  indexName: string;
  chunks: number;
  batches: number;
  indexed: number;
  /** keys not indexed, with the reason */
  failed: { key: string; reason: string }[];
  /**
   * The reason of an index-documents call refused for good (not an item of its answer): the index
   * or the credentials, the same for every chunk, so the upload stopped there and the keys it left
   * are not listed one by one (uploads replace by key: calling again is the way to finish).
   */
  stopped?: string;
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
  let stopped: string | undefined;
  for (const [start, end] of batches) {
    if (stopped !== undefined) break;
    // Positions still to upload in this batch.
    let pending = Array.from({ length: end - start }, (_, i) => start + i);
    for (let attempt = 0; pending.length > 0; attempt++) {
      signal?.throwIfAborted();
      const o = await client.uploadBatch(target, envelopeOf(pending.map((i) => docs[i]!)), pending.length, signal);
      let wait = backoffMs(attempt);
      if (o.kind === 'failed') {
        if (!o.retryable || attempt + 1 >= MAX_ATTEMPTS) {
          // The call itself failed for good: the next batches would meet the same.
          stopped = o.reason;
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
    ...(stopped === undefined ? {} : { stopped }),
    timeMs: Math.round(performance.now() - started),
  };
}

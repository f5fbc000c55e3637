// The ingest of one document: extract -> chunk -> embed -> index, the one sequence the chunking
// route calls and a job can call without Fastify. Plain inputs (the bytes and their format, the
// options read from the request, the pool and the clients, an AbortSignal) and a plain result (a
// status, headers, and the payload's bytes or a summary body); a failure is a catalogue error, thrown.
import { AppError, ERROR_CODE_HEADER, ERROR_HINT_HEADER, errorEnvelope, fail, messageOf } from '../errors.ts';
import { DocumentError } from './document-error.ts';
import { detectFormat } from './detect.ts';
import { buildPayload, chunkId, documentJsons } from './payload.ts';
import { planReuse, usableVector } from './vector-reuse.ts';
import {
  fetchStoredVectors,
  listDocumentChunks,
  removeStaleChunks,
  staleKeys,
  uploadToIndex,
  type IndexKeeper,
  type IndexUploader,
  type IndexSummary,
  type StaleOutcome,
} from './index-upload.ts';
import { SearchCallError, searchRemedy } from '../clients/search-index.ts';
import { EmbeddingError, type EmbeddingClient } from '../clients/embeddings.ts';
import { embedAtPace, EmbeddingFailure, INTERFACE_PACE, type EmbeddingPace } from './embed-schedule.ts';
import type { ChunkPool } from './pool.ts';
import type { DocumentFormat } from './types.ts';
import type { OcrMode, OcrReport } from './ocr/options.ts';

/** What the caller asked for: the chunking headers, read and checked (schemas/chunking.ts). */
export interface IngestOptions {
  sourceName: string;
  tenantId: string;
  documentId: string;
  /** Header page-numbers: every chunk also carries page_start and page_end. */
  pageNumbers: boolean;
  ocr: OcrMode;
  embedding?: { endpoint: string; key: string; deployment: string };
  /** Headers embeddingBatchSize and embeddingConcurrency; absent or 1 x 1: the interface's one sequential call per chunk. */
  embeddingPace?: EmbeddingPace;
  index?: { endpoint: string; key: string; indexName: string };
}

/**
 * Where the ingest is: pages read (of pages), chunks made, chunks embedded so far, chunks being
 * uploaded to the index and chunks the index took so far.
 */
export type IngestProgress =
  | { step: 'reading'; pagesRead: number; pages: number }
  | { step: 'chunked'; chunks: number }
  | { step: 'embedded'; done: number; chunks: number }
  | { step: 'indexing'; chunks: number }
  | { step: 'indexed'; done: number; chunks: number };

export interface IngestInput {
  bytes: Buffer;
  format: DocumentFormat;
  options: IngestOptions;
  pool: ChunkPool;
  embeddings: EmbeddingClient;
  /** the search client that lists, uploads and removes stale chunks when options.index is given */
  search?: IndexKeeper | undefined;
  /** aborts the worker parse, the embedding calls still to come and the index upload */
  signal: AbortSignal;
  /** the one line an ingest logs itself: indexing that partly failed */
  log: { warn(fields: object, message: string): void };
  /** waits between upload retries (tests record them) */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  onProgress?: (progress: IngestProgress) => void;
}

/** The summary that indexing by the service answers instead of the payload. */
export interface IndexedSummary extends IndexSummary {
  embeddingPerformed: boolean;
  failedKeys: string[];
  /** chunks of an earlier version of the document (same tenant and document, keys not written now) deleted */
  removed: number;
  /** chunks whose vector was the stored vector of a chunk with the same text: no provider call */
  reused: number;
  /** why stored vectors could not be read, when they could not (every chunk was then embedded) */
  reuseUnavailable?: string;
}

export type IngestResult =
  /** The chunk envelope as UTF-8 JSON bytes, already in the 200 schema's shape. */
  | { status: 200; headers: Record<string, string>; payload: Buffer }
  | { status: 200; headers: Record<string, string>; body: { success: true } & IndexedSummary }
  | { status: 502; headers: Record<string, string>; body: { success: false; error: string } & IndexedSummary };

/** The format of a document, from its bytes (documents/detect.ts); none that we read is a 415. */
export function formatOf(bytes: Uint8Array): DocumentFormat {
  const format = detectFormat(bytes);
  if (format === null) throw fail('document_unsupported');
  return format;
}

export async function ingestDocument({
  bytes,
  format,
  options,
  pool,
  embeddings,
  search,
  signal,
  log,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
  onProgress,
}: IngestInput): Promise<IngestResult> {
  let ocr: OcrReport = { pages: 0, skipped: 0 };
  const work = {
    signal,
    ocr: options.ocr,
    pageNumbers: options.pageNumbers,
    onOcr: (r: OcrReport) => (ocr = r),
    ...(onProgress
      ? { onPages: (pagesRead: number, pages: number) => onProgress({ step: 'reading', pagesRead, pages }) }
      : {}),
  };
  const embedding = options.embedding;
  if (!embedding && !options.index) {
    // The worker writes the payload too: the event loop only sends the bytes.
    const done = await documentErrorsAsAppErrors(pool.payload(bytes, options, { ...work, format }));
    onProgress?.({ step: 'chunked', chunks: done.count });
    return payloadResult(done, done.count, false, ocr);
  }
  const chunks = await documentErrorsAsAppErrors(pool.chunk(bytes, { ...work, format }));
  onProgress?.({ step: 'chunked', chunks: chunks.length });
  const keys = chunks.map((_, i) => chunkId(options.tenantId, options.documentId, i));
  // What the index holds of this tenant's document before this upload writes: the keys it does not
  // rewrite are an earlier version's, removed once every new chunk is in; and with embedding, the
  // stored vectors of chunks whose text is unchanged, reused instead of a provider call.
  const indexing = options.index && search ? { target: options.index, client: search } : undefined;
  const stored: StoredState = indexing
    ? await readStored(
        indexing.client,
        indexing.target,
        options,
        embedding ? chunks.map((c) => c.content) : undefined,
        sleep,
        signal,
      )
    : { keys: [], vectors: [] };
  // Float64Array: the same values, kept off the V8 heap, so a thousand vectors held until the
  // reply do not make every young-generation GC copy them.
  const vectors: Float64Array[] = new Array<Float64Array>(embedding ? chunks.length : 0);
  let reused = 0;
  stored.vectors.forEach((v, i) => {
    if (v !== undefined) {
      vectors[i] = v;
      reused++;
    }
  });
  // The chunks that need a provider call, in order.
  const toEmbed = embedding ? chunks.map((_, i) => i).filter((i) => vectors[i] === undefined) : [];
  if (embedding && reused > 0) onProgress?.({ step: 'embedded', done: reused, chunks: chunks.length });
  const pace = options.embeddingPace ?? INTERFACE_PACE;
  if (!embedding || toEmbed.length === 0) {
    // No vectors (the payload carries embedding []), or every one reused.
  } else if (pace.batchSize > 1 || pace.concurrency > 1) {
    try {
      const fresh = await embedAtPace(
        toEmbed.map((i) => chunks[i]!.content),
        {
          pace,
          callBatch: (inputs, s) => embeddings.embedBatch(embedding, inputs, s),
          sleep,
          signal,
          onEmbedded: (done) => onProgress?.({ step: 'embedded', done: reused + done, chunks: chunks.length }),
        },
      );
      fresh.forEach((v, j) => (vectors[toEmbed[j]!] = v));
    } catch (err) {
      // The failing call's first chunk, in the document's numbering.
      if (err instanceof EmbeddingFailure) throw fail('embedding_failed', toEmbed[err.chunk] ?? err.chunk, err.reason);
      throw err;
    }
  } else {
    // The interface's way: one call per chunk, in order.
    for (const [j, i] of toEmbed.entries()) {
      try {
        vectors[i] = Float64Array.from(await embeddings.embed(embedding, chunks[i]!.content, signal));
      } catch (err) {
        if (err instanceof EmbeddingError) throw fail('embedding_failed', i, err.message);
        throw err;
      }
      onProgress?.({ step: 'embedded', done: reused + j + 1, chunks: chunks.length });
    }
  }
  if (indexing) {
    const docs = documentJsons(chunks, options, embedding ? vectors : undefined, {
      pageNumbers: options.pageNumbers,
    });
    onProgress?.({ step: 'indexing', chunks: chunks.length });
    // The signal cuts the batch in flight; a wait between attempts ends at once with it too. The
    // wrapper counts the chunks indexed for a job's progress.
    let indexed = 0;
    const uploader: IndexUploader = {
      uploadBatch: async (t, body, count) => {
        const o = await indexing.client.uploadBatch(t, body, count, signal);
        if (o.kind === 'results') {
          indexed += o.items.filter((item) => item.ok).length;
          onProgress?.({ step: 'indexed', done: indexed, chunks: chunks.length });
        }
        return o;
      },
    };
    const wait = (ms: number) => (signal ? abortable(sleep(ms), signal) : sleep(ms));
    const s = await uploadToIndex(uploader, indexing.target, docs, keys, wait, signal);
    if (s.stopped !== undefined) throw indexStopped(s, s.stopped);
    // Only once the new version is whole: after a partial upload the caller calls again anyway.
    const stale: StaleOutcome =
      s.failed.length === 0
        ? await removeStaleChunks(indexing.client, indexing.target, staleKeys(stored.keys, keys), signal)
        : { removed: 0, left: 0 };
    const reuse = { reused, ...(stored.unavailable ? { reuseUnavailable: stored.unavailable } : {}) };
    return indexResult(s, stale, embedding !== undefined, reuse, log);
  }
  return payloadResult(
    buildPayload(chunks, options, vectors, { pageNumbers: options.pageNumbers }),
    chunks.length,
    true,
    ocr,
  );
}

/** The payload's answer: its bytes as they are, with the counts in X- headers. */
function payloadResult(
  payload: { json: Buffer; batches: number },
  count: number,
  embedded: boolean,
  ocr: OcrReport,
): IngestResult {
  const headers: Record<string, string> = {
    'x-total-chunks': String(count),
    'x-embedding-performed': String(embedded),
    'x-index-batches': String(payload.batches),
    'x-ocr-pages': String(ocr.pages),
  };
  if (ocr.skipped > 0) headers['x-ocr-skipped-pages'] = String(ocr.skipped);
  // Bytes already in the 200 schema's shape, written by documents/payload.ts (the Int64 ids
  // need exact digits, which a serializer of numbers would round): sent as they are.
  headers['content-type'] = 'application/json; charset=utf-8';
  return { status: 200, headers, payload: payload.json };
}

/** What the index holds of one tenant's document: its keys, and per new chunk a stored vector to reuse. */
interface StoredState {
  keys: string[];
  /** per new chunk: the stored vector of a chunk with the same text, or undefined (embed it) */
  vectors: (Float64Array | undefined)[];
  /** why stored vectors could not be read (the index does not return content or embedding) */
  unavailable?: string;
}

/**
 * The keys of the chunks the index holds of one tenant's document, and, when `texts` (the new
 * chunks, to be embedded) are given, the stored vectors of the chunks whose text equals one of
 * them (vector-reuse.ts). The index may refuse to return `content` or `embedding` (a field not
 * retrievable is a 400 on $select): then the keys alone, every chunk embedded, and the reason.
 * Any other failure for good is a 502 search_failed.
 */
async function readStored(
  client: IndexKeeper,
  target: NonNullable<IngestOptions['index']>,
  ids: { tenantId: string; documentId: string },
  texts: readonly string[] | undefined,
  sleep: (ms: number) => Promise<void>,
  signal: AbortSignal,
): Promise<StoredState> {
  const idsOf = (hits: Record<string, unknown>[]) =>
    hits.map((h) => h['id']).filter((id): id is string => typeof id === 'string');
  const refused = (err: unknown): err is SearchCallError => err instanceof SearchCallError && err.status === 400;
  const unavailable = (err: SearchCallError) =>
    `Stored vectors were not reused, every chunk was embedded: the index did not return them (${err.message.replace(/\s+/g, ' ')})`;
  try {
    if (texts === undefined)
      return { keys: idsOf(await listDocumentChunks(client, target, ids, 'id', sleep, signal)), vectors: [] };
    let hits: Record<string, unknown>[];
    try {
      hits = await listDocumentChunks(client, target, ids, 'id,content', sleep, signal);
    } catch (err) {
      if (!refused(err)) throw err;
      const keys = idsOf(await listDocumentChunks(client, target, ids, 'id', sleep, signal));
      return { keys, vectors: [], unavailable: unavailable(err) };
    }
    const keys = idsOf(hits);
    const plan = planReuse(texts, hits);
    if (plan.keys.length === 0) return { keys, vectors: [] };
    let byKey: Map<string, unknown>;
    try {
      byKey = await fetchStoredVectors(client, target, ids, plan.keys, sleep, signal);
    } catch (err) {
      if (!refused(err)) throw err;
      return { keys, vectors: [], unavailable: unavailable(err) };
    }
    return { keys, vectors: plan.source.map((k) => (k === undefined ? undefined : usableVector(byKey.get(k)))) };
  } catch (err) {
    if (err instanceof SearchCallError) throw searchFailed(err);
    throw err;
  }
}

/** A search call that failed for good: its message, and its remedy in X-Error-Hint. */
function searchFailed(err: SearchCallError): AppError {
  const e = fail('search_failed', err.message);
  return err.hint === '' ? e : e.withHeaders({ [ERROR_HINT_HEADER]: err.hint });
}

/**
 * An index-documents call refused for good (the index is missing, the key cannot write, the index
 * lacks a field): one line naming the reason and the remedy, not the same reason once per key.
 */
function indexStopped(s: IndexSummary, reason: string): AppError {
  const remedy = searchRemedy(reason, s.indexName);
  const e = fail('index_upload_failed', s.indexName, reason.replace(/\.$/, ''), remedy, s.indexed, s.chunks);
  return remedy === '' ? e : e.withHeaders({ [ERROR_HINT_HEADER]: remedy });
}

/**
 * Indexing by the service: the summary; a 502 naming the first ten keys not indexed; or a 502 when
 * every chunk is in but chunks of an earlier version could not all be removed.
 */
function indexResult(
  s: IndexSummary,
  stale: StaleOutcome,
  embeddingPerformed: boolean,
  reuse: { reused: number; reuseUnavailable?: string },
  log: IngestInput['log'],
): IngestResult {
  const summary = {
    ...s,
    embeddingPerformed,
    failedKeys: s.failed.map((f) => f.key),
    removed: stale.removed,
    ...reuse,
  };
  if (s.failed.length === 0 && stale.left > 0) {
    const error = messageOf('index_stale_left', s.indexed, s.indexName, stale.left, String(stale.reason));
    log.warn({ statusCode: 502, code: 'index_stale_left', reason: error, left: stale.left }, 'stale chunks left');
    return {
      status: 502,
      headers: { [ERROR_CODE_HEADER]: 'index_stale_left' },
      body: { ...errorEnvelope(error), ...summary },
    };
  }
  if (s.failed.length === 0) return { status: 200, headers: {}, body: { success: true as const, ...summary } };
  const named = s.failed
    .slice(0, 10)
    .map((f) => `${f.key} (${f.reason})`)
    .join('; ');
  const error = messageOf(
    'index_upload_partial',
    s.indexed,
    s.chunks,
    s.indexName,
    s.failed.length,
    `${named}${s.failed.length > 10 ? '; ...' : ''}`,
  );
  log.warn(
    {
      statusCode: 502,
      code: 'index_upload_partial',
      reason: error,
      indexed: s.indexed,
      failed: s.failed.length,
    },
    'indexing partly failed',
  );
  // Not an AppError: the body adds the upload summary to the error envelope.
  return {
    status: 502,
    headers: { [ERROR_CODE_HEADER]: 'index_upload_partial' },
    body: { ...errorEnvelope(error), ...summary },
  };
}

/** Settles with the wait, or rejects at once with the signal's reason. */
function abortable(wait: Promise<void>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void wait.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, reject);
  });
}

async function documentErrorsAsAppErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof DocumentError) throw new AppError(err.code, err.message);
    throw err;
  }
}

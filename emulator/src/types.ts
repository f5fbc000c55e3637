/**
 * Public types of the local Azure emulator (Azure OpenAI embeddings + Azure AI Search).
 *
 * Contract: shared/docs/azure-contracts.md, section 4.
 */
import type { EmbeddingLoad } from './quota.ts';

export type { EmbeddingLoad } from './quota.ts';

/** Which emulated service a request was routed to. `unknown` = no route matched (answered 404). */
export type EmulatedService = 'embeddings' | 'search' | 'unknown';

/** One HTTP request as the emulator received it. */
export interface RecordedRequest {
  service: EmulatedService;
  method: string;
  /** Path without the query string, as sent (not percent-decoded), e.g. `/indexes/pdf-chunks/docs/index`. */
  path: string;
  /** Query parameters (decoded). Repeated names keep the last value. */
  query: Record<string, string>;
  /** Request headers, names lower-cased. Repeated headers are joined with `, `. */
  headers: Record<string, string>;
  /**
   * Parsed JSON body; integers beyond 2^53 are `bigint` (exact digits).
   * `undefined` for an empty body; the raw text when the body is not valid JSON
   * (also for bodies over the 16 MB limit, which are not kept: `undefined`).
   */
  body: unknown;
  /** `performance.now()` when the request arrived (headers received). */
  receivedAt: number;
  /** Status code sent back, once the response is written (`undefined` while pending or for a hang). */
  status?: number;
  /** The scripted fault this request consumed, if any. */
  fault?: EmbeddingsFault | SearchFault;
}

/* ------------------------------------------------------------------------------------------ *
 * Scriptable faults.
 *
 * Each fault is consumed by one request, in push order. A fault is only consumed by a request
 * that reached a real operation: route matched, api-version present and key accepted (so a
 * request refused with 401/403/404 does not use up a fault). The variants are discriminated by
 * their one required property (`status`, `hang`, `delayMs`, `invalidJson`, `wrongDimension`,
 * `reset`, `partial`); use the `in` operator to narrow.
 * ------------------------------------------------------------------------------------------ */

/**
 * Answer with this status instead of doing the operation.
 * - `headers`: sent as given (e.g. `{ 'retry-after': '1' }`, `{ 'retry-after-ms': '250' }`,
 *   `{ 'x-ratelimit-reset-tokens': '2' }`, or nothing).
 * - `body`: a string is sent verbatim, anything else as JSON. Default: the real error body of
 *   that status for that service (for an embeddings 429, the Embeddings_Create rate-limit message
 *   "... Please retry after N seconds. ..." with N = `retryAfterSeconds`).
 * - `retryAfterSeconds`: N in the default 429 message (default: from `retry-after`,
 *   `retry-after-ms` or `x-ratelimit-reset-tokens` if given, else 1).
 * - `delayMs`: wait this long before answering (a slow failure).
 */
export interface StatusFault {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  retryAfterSeconds?: number;
  delayMs?: number;
}

/** Never answer: the request stays open until the client gives up or the emulator is closed. */
export interface HangFault {
  hang: true;
}

/** Answer normally, but only after `delayMs` milliseconds (a slow answer). */
export interface DelayFault {
  delayMs: number;
}

/** Answer 200 (or `status`) with `Content-Type: application/json` and a body that is not JSON. */
export interface InvalidJsonFault {
  invalidJson: true;
  status?: number;
  /** The broken body (default: a truncated answer of that service, e.g. `{"object":"list","data":[{..."embedding":[0.1,`). */
  body?: string;
}

/** Destroy the connection without answering (a network error: `ECONNRESET` / "socket hang up"). */
export interface ResetFault {
  reset: true;
  /** Wait before cutting the connection. */
  delayMs?: number;
}

/** Embeddings only: answer 200 normally but every vector has this many floats (e.g. 3072). */
export interface WrongDimensionFault {
  wrongDimension: number;
}

/** Everything that can be scripted on the embeddings service. */
export type EmbeddingsFault =
  | StatusFault
  | HangFault
  | DelayFault
  | InvalidJsonFault
  | ResetFault
  | WrongDimensionFault;

/** Per-item failure statuses a 207 can carry. */
export type PartialFailureStatus = 400 | 404 | 409 | 422 | 503;

/**
 * Search only, consumed only by an index-documents (`docs/index`) request: the batch is processed,
 * except that the chosen items are not applied and come back with `status: false` and
 * `statusCode` (overall answer 207). Choose the items by key (`failKeys`) or take the first
 * `failCount` actions (default: all of them when neither is given).
 * `errorMessage` overrides the default per-status message.
 */
export interface PartialFault {
  partial: {
    failKeys?: string[];
    failCount?: number;
    statusCode: PartialFailureStatus;
    errorMessage?: string;
  };
}

/** Search operations, for targeting a fault at one kind of request. */
export type SearchOperation = 'query' | 'index' | 'lookup' | 'indexes';

/**
 * Everything that can be scripted on the search service. Any variant may carry `operation`:
 * it is then consumed only by a request of that kind (`query`: docs/search and GET docs;
 * `index`: docs/index; `lookup`: GET one document or `$count`; `indexes`: index management).
 * Without it, the next search request of any kind consumes it (a `partial` fault always waits
 * for a docs/index request). A request takes the first queued fault that applies to it.
 */
export type SearchFault = (StatusFault | HangFault | DelayFault | InvalidJsonFault | ResetFault | PartialFault) & {
  operation?: SearchOperation;
};

/** A FIFO of scripted faults for one service. */
export interface FaultQueue<F = EmbeddingsFault | SearchFault> {
  /** Queue faults, consumed in order. */
  push(...faults: F[]): void;
  /** Queue the same fault `times` times. */
  repeat(fault: F, times: number): void;
  /** Drop every queued fault. */
  clear(): void;
  /** Number of faults still queued. */
  readonly length: number;
  /** Snapshot of the queued faults. */
  readonly pending: readonly F[];
}

/* ------------------------------------------------------------------------------------------ *
 * Search index model.
 * ------------------------------------------------------------------------------------------ */

/** A field of an index definition, with every attribute filled in (as Azure returns it). */
export interface IndexField {
  name: string;
  type: string;
  key: boolean;
  searchable: boolean;
  filterable: boolean;
  sortable: boolean;
  facetable: boolean;
  retrievable: boolean;
  stored: boolean;
  analyzer: string | null;
  dimensions: number | null;
  vectorSearchProfile: string | null;
  [extra: string]: unknown;
}

/** An index definition after validation (defaults filled in). */
export interface IndexDefinition {
  name: string;
  fields: IndexField[];
  vectorSearch?: {
    algorithms: Array<{ name: string; kind: string; [extra: string]: unknown }>;
    profiles: Array<{ name: string; algorithm: string; [extra: string]: unknown }>;
    [extra: string]: unknown;
  };
  [extra: string]: unknown;
}

/**
 * A stored document: field name to value. Int64 values are `bigint` (exact), vectors `number[]`,
 * other values as parsed from JSON.
 */
export type StoredDocument = Record<string, unknown>;

/** Inspection view of one index. */
export interface StoredIndex {
  name: string;
  definition: IndexDefinition;
  /** Every document as written (latest state, whatever the visibility delay), by key. */
  documents: Map<string, StoredDocument>;
  /** What searches currently see (lags `documents` while a visibility delay is pending). */
  visibleDocuments(): Map<string, StoredDocument>;
}

/* ------------------------------------------------------------------------------------------ *
 * Options and handle.
 * ------------------------------------------------------------------------------------------ */

/**
 * The emulator's time source: `now()` in milliseconds, never going backwards. It decides when a
 * search write becomes visible (`visibilityDelayMs`) and the rolling minute of the embeddings
 * rate-limit headers. Default: `performance.now()`. Inject a manual clock in tests to move time
 * without sleeping. (Scripted fault delays, `delayMs`, are real timers: they exist to make the
 * client under test wait.)
 */
export interface Clock {
  now(): number;
}

export interface EmulatorOptions {
  /** Interface to bind. Default `127.0.0.1`. */
  host?: string;
  /** Port; `0` (default) picks a free one. */
  port?: number;
  /** Embeddings `api-key`. Default `emulator-embedding-key`. */
  embeddingKey?: string;
  /** Search admin `api-key`. Default `emulator-search-admin-key`. */
  searchAdminKey?: string;
  /** Search query `api-key`. Default `emulator-search-query-key`. */
  searchQueryKey?: string;
  /** Embedding deployments that exist. Default `['text-embedding-ada-002']`. */
  deployments?: string[];
  /** Length of the vectors the embeddings service returns. Default 1536. */
  dimensions?: number;
  /** Search service name used in messages (`... for service '<name>' was not found.`). Default `emulator`. */
  searchServiceName?: string;
  /** Region reported in `x-ms-region`. Default `East US`. */
  region?: string;
  /** Initial visibility delay (ms) of search writes. Default 0. */
  visibilityDelayMs?: number;
  /** Keep at most this many requests in `requests` (oldest dropped). Default: unlimited. */
  maxRecordedRequests?: number;
  /** Called when a response has been sent (or a connection cut), e.g. for logging. */
  onResponse?: (request: RecordedRequest) => void;
  /** Time source for write visibility and rate-limit windows. Default `performance.now()`. */
  clock?: Clock;
  /**
   * The embeddings deployment under load: `latencyMs` per call, `requestsPerMinute` and
   * `tokensPerMinute` quotas spread over `windowMs` slices (429 with `retry-after-ms` past them).
   * Default: no latency, no quota.
   */
  embeddingLoad?: EmbeddingLoad;
}

export interface Emulator {
  /** Base URL serving both services, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Base URL to use as `embeddingEndpoint` (same server as `url`). */
  embeddingsUrl: string;
  /** Base URL to use as `cloudAISearchEndpoint` (same server as `url`). */
  searchUrl: string;
  keys: { embedding: string; searchAdmin: string; searchQuery: string };
  /** Deployments that exist (from the options). */
  deployments: readonly string[];
  /** Every request received, in arrival order (cleared by `reset()`). */
  requests: RecordedRequest[];
  faults: { embeddings: FaultQueue<EmbeddingsFault>; search: FaultQueue<SearchFault> };
  /** Delay (ms) before a search write becomes visible to queries. Settable at any time. */
  visibilityDelayMs: number;
  /** The embeddings deployment's latency and quotas (see EmulatorOptions). Settable at any time; `reset()` restores the initial one and refills the quotas. */
  embeddingLoad: EmbeddingLoad;
  /** Inspect an index (definition and documents). */
  index(name: string): StoredIndex | undefined;
  /** Names of the existing indexes. */
  indexNames(): string[];
  /** Create or update an index with the same validation as `PUT /indexes/{name}`; throws on an invalid definition. */
  createIndex(definition: unknown): void;
  /** Delete every index, recorded request and queued fault; visibility delay back to the initial value. */
  reset(): void;
  /** Stop listening and cut open connections (hanging requests included). */
  close(): Promise<void>;
}

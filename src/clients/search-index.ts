// Azure AI Search, api-version 2024-07-01: look up one document's chunk ids,
// then delete them in one batch. Failures come back as words for the 502.
import type { Dispatcher } from 'undici';
import { call, describeFailure, retryAfterMs } from './http.ts';

export const SEARCH_API_VERSION = '2024-07-01';
export const MAX_IDS_PER_CALL = 1000;

export interface SearchTarget {
  /** base URL, already checked, without a trailing '/' */
  endpoint: string;
  indexName: string;
  key: string;
}

export class SearchCallError extends Error {
  override name = 'SearchCallError';
  /** what the caller can do about it (searchRemedy), for X-Error-Hint; '' when nothing but calling again */
  readonly hint: string;
  /** the search service's HTTP status, when it answered (a 400 names a parameter it refused) */
  readonly status: number | undefined;
  constructor(message: string, hint = '', status?: number) {
    super(message);
    this.hint = hint;
    this.status = status;
  }
}

/**
 * What to do about a search-service failure that concerns the index or the credentials rather than
 * one document (the same for every chunk, so said once): from the reason describeFailure wrote
 * (`HTTP 404: The index 'x' for service 'y' was not found.`). '' for a transient failure
 * (429, 5xx, a timeout, a network error), whose remedy is calling again.
 */
export function searchRemedy(reason: string, indexName: string): string {
  const status = Number(/^HTTP (\d{3})\b/.exec(reason)?.[1]);
  if (status === 404 && /\bindex\b[^.]*\bnot found\b/i.test(reason))
    return `Create the index first: PUT the body of GET /apis/search-index-definition?name=${indexName} to {cloudAISearchEndpoint}/indexes/${indexName}?api-version=${SEARCH_API_VERSION} (or the portal's Import JSON), or correct indexName.`;
  if (status === 404)
    return "Check cloudAISearchEndpoint: it is the search service's base URL, https://<service>.search.windows.net, with nothing after the host.";
  if (status === 401 || status === 403)
    return 'Check cloudAISearchKey: an admin key of this search service (portal: Settings, Keys); a query key can search but not write or delete.';
  if (status === 400 && /\b(?:property|field)\b[^.]*\bdoes not exist\b/i.test(reason))
    return 'The index lacks a field the chunks carry: make it from GET /apis/search-index-definition (with ?pageNumbers=true when the request sends page-numbers: true), or leave page-numbers out.';
  return '';
}

/** A failure's message with its remedy, if any, after it. */
export function withRemedy(message: string, remedy: string): string {
  if (remedy === '') return message;
  return `${/[.!?]$/.test(message) ? message : `${message}.`} ${remedy}`;
}

export interface DeleteOutcome {
  deleted: number;
  failed: number;
  /** the first failing item's reason, when any failed */
  firstFailure?: string;
}

export interface ItemResult {
  key: string;
  ok: boolean;
  statusCode: number;
  errorMessage?: string;
}

/** One page of a search: the hits (their selected fields), or why it failed and whether to try again. */
export type PageOutcome =
  | { kind: 'page'; hits: Record<string, unknown>[] }
  | { kind: 'failed'; retryable: boolean; reason: string; retryAfterMs?: number; status?: number };

export interface PageQuery {
  filter: string;
  /** comma-separated field names */
  select: string;
  top: number;
  skip: number;
}

export type UploadOutcome =
  | { kind: 'results'; items: ItemResult[] }
  | { kind: 'failed'; retryable: boolean; reason: string; retryAfterMs?: number };

/**
 * The OData filter of one document's chunks: the interface's `document_id eq N`, narrowed to one
 * tenant with `and tenant_id eq T` when a tenant is given. Both are validated Int64 digits, written
 * unquoted as an Edm.Int64 literal must be.
 */
export function chunkFilter(documentId: string, tenantId?: string): string {
  return tenantId === undefined
    ? `document_id eq ${documentId}`
    : `document_id eq ${documentId} and tenant_id eq ${tenantId}`;
}

export function createSearchClient({ dispatcher, timeoutMs }: { dispatcher: Dispatcher; timeoutMs: number }) {
  const base = (t: SearchTarget) => `${t.endpoint}/indexes/${encodeURIComponent(t.indexName)}/docs`;
  const headers = (t: SearchTarget) => ({
    'api-key': t.key,
    'content-type': 'application/json',
    accept: 'application/json',
  });

  /**
   * Up to 1000 ids of the chunks whose document_id is `documentId`, and tenant_id `tenantId` when
   * given (Int64 digits, unquoted in the filter: chunkFilter).
   */
  async function findChunkIds(t: SearchTarget, documentId: string, tenantId?: string): Promise<string[]> {
    const o = await call(dispatcher, `${base(t)}/search?api-version=${SEARCH_API_VERSION}`, {
      method: 'POST',
      headers: headers(t),
      body: JSON.stringify({
        search: '*',
        filter: chunkFilter(documentId, tenantId),
        select: 'id',
        top: MAX_IDS_PER_CALL,
      }),
      timeoutMs,
    });
    if (o.kind !== 'response' || o.status !== 200) {
      const remedy = searchRemedy(describeFailure(o), t.indexName);
      throw new SearchCallError(
        withRemedy(`The search call to the search service failed: ${describeFailure(o)}`, remedy),
        remedy,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(o.text);
    } catch {
      throw new SearchCallError('The search call to the search service failed: the answer is not JSON');
    }
    const value = (body as { value?: unknown })?.value;
    if (!Array.isArray(value) || !value.every((v) => typeof (v as { id?: unknown })?.id === 'string')) {
      throw new SearchCallError('The search call to the search service failed: the answer has no value array of ids');
    }
    // A write that is not yet visible can surface an id twice across pages; one delete action per id.
    return [...new Set(value.map((v) => (v as { id: string }).id))];
  }

  async function deleteChunks(t: SearchTarget, ids: readonly string[]): Promise<DeleteOutcome> {
    const o = await call(dispatcher, `${base(t)}/index?api-version=${SEARCH_API_VERSION}`, {
      method: 'POST',
      headers: headers(t),
      body: JSON.stringify({ value: ids.map((id) => ({ '@search.action': 'delete', id })) }),
      timeoutMs,
    });
    if (o.kind !== 'response' || (o.status !== 200 && o.status !== 207)) {
      const remedy = searchRemedy(describeFailure(o), t.indexName);
      throw new SearchCallError(
        withRemedy(`The delete call to the search service failed: ${describeFailure(o)}`, remedy),
        remedy,
      );
    }
    let results: unknown;
    try {
      results = (JSON.parse(o.text) as { value?: unknown })?.value;
    } catch {
      throw new SearchCallError('The delete call to the search service failed: the answer is not JSON');
    }
    if (!Array.isArray(results) || results.length !== ids.length) {
      throw new SearchCallError(
        'The delete call to the search service failed: the answer does not hold one result per action',
      );
    }
    let deleted = 0;
    let firstFailure: string | undefined;
    for (const r of results as { key?: unknown; status?: unknown; statusCode?: unknown; errorMessage?: unknown }[]) {
      if (r?.status === true) deleted++;
      else
        firstFailure ??= `${String(r?.key)}: ${typeof r?.statusCode === 'number' ? `HTTP ${r.statusCode}` : 'failed'}${typeof r?.errorMessage === 'string' ? ` ${r.errorMessage}` : ''}`;
    }
    return { deleted, failed: ids.length - deleted, ...(firstFailure ? { firstFailure } : {}) };
  }

  /**
   * One index-documents call with the batch's bytes (`{"value":[...]}`) as they are. Never throws
   * for the service's answer: the caller decides what to retry.
   */
  async function uploadBatch(
    t: SearchTarget,
    body: Buffer,
    count: number,
    signal?: AbortSignal,
  ): Promise<UploadOutcome> {
    const o = await call(dispatcher, `${base(t)}/index?api-version=${SEARCH_API_VERSION}`, {
      method: 'POST',
      headers: headers(t),
      body: body.toString('utf8'),
      timeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (o.kind !== 'response') return { kind: 'failed', retryable: true, reason: describeFailure(o) };
    if (o.status === 429 || o.status === 503) {
      return { kind: 'failed', retryable: true, reason: describeFailure(o), retryAfterMs: retryAfterMs(o.headers) };
    }
    if (o.status !== 200 && o.status !== 207) return { kind: 'failed', retryable: false, reason: describeFailure(o) };
    let results: unknown;
    try {
      results = (JSON.parse(o.text) as { value?: unknown })?.value;
    } catch {
      return { kind: 'failed', retryable: true, reason: 'the answer is not JSON' };
    }
    if (!Array.isArray(results) || results.length !== count) {
      return { kind: 'failed', retryable: true, reason: 'the answer does not hold one result per action' };
    }
    return {
      kind: 'results',
      items: (results as { key?: unknown; status?: unknown; statusCode?: unknown; errorMessage?: unknown }[]).map(
        (r) => ({
          key: String(r?.key),
          ok: r?.status === true,
          statusCode: typeof r?.statusCode === 'number' ? r.statusCode : 0,
          ...(typeof r?.errorMessage === 'string' ? { errorMessage: r.errorMessage.slice(0, 300) } : {}),
        }),
      ),
    };
  }

  /**
   * One page of `search: '*'` hits under a filter. Never throws for the service's answer: 429, 503,
   * a timeout or a network error are retryable, anything else is not; the caller decides.
   */
  async function searchPage(t: SearchTarget, q: PageQuery, signal?: AbortSignal): Promise<PageOutcome> {
    const o = await call(dispatcher, `${base(t)}/search?api-version=${SEARCH_API_VERSION}`, {
      method: 'POST',
      headers: headers(t),
      body: JSON.stringify({ search: '*', filter: q.filter, select: q.select, top: q.top, skip: q.skip }),
      timeoutMs,
      signal,
    });
    if (o.kind !== 'response') return { kind: 'failed', retryable: true, reason: describeFailure(o) };
    if (o.status === 429 || o.status === 503) {
      return { kind: 'failed', retryable: true, reason: describeFailure(o), retryAfterMs: retryAfterMs(o.headers) };
    }
    if (o.status !== 200) return { kind: 'failed', retryable: false, reason: describeFailure(o), status: o.status };
    let value: unknown;
    try {
      value = (JSON.parse(o.text) as { value?: unknown })?.value;
    } catch {
      return { kind: 'failed', retryable: true, reason: 'the answer is not JSON' };
    }
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'object' && v !== null)) {
      return { kind: 'failed', retryable: false, reason: 'the answer has no value array of documents' };
    }
    return { kind: 'page', hits: value as Record<string, unknown>[] };
  }

  return { findChunkIds, deleteChunks, uploadBatch, searchPage };
}
export type SearchClient = ReturnType<typeof createSearchClient>;

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Faults } from './faults.ts';
import { sleep, stringifyJson, writeResponse } from './http.ts';
import type { EmbeddingsFault, RecordedRequest, SearchFault } from './types.ts';
import type { IndexStore } from './search/store.ts';
import type { EmbeddingLoad, QuotaBuckets } from './quota.ts';

/** Resolved options and mutable state shared by the handlers. */
export interface EmulatorState {
  baseUrl: string;
  keys: { embedding: string; searchAdmin: string; searchQuery: string };
  deployments: ReadonlySet<string>;
  dimensions: number;
  searchServiceName: string;
  region: string;
  faults: { embeddings: Faults<EmbeddingsFault>; search: Faults<SearchFault> };
  indexes: Map<string, IndexStore>;
  visibilityDelayMs(): number;
  /** The injected clock (milliseconds, monotonic). */
  now: (this: void) => number;
  /** A fresh ETag, different from every one handed out before (`"0x8D..."`, as Azure writes them). */
  nextEtag: (this: void) => string;
  /** Arrival times of embeddings calls (rolling minute), for the x-ratelimit-remaining-* headers. */
  embeddingCalls: Array<{ at: number; tokens: number }>;
  /** The deployment's latency and quotas, read at each call (settable at any time). */
  embeddingLoad: (this: void) => EmbeddingLoad;
  quota: QuotaBuckets;
  onResponse?: (request: RecordedRequest) => void;
}

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  record: RecordedRequest;
  state: EmulatorState;
  /** Request body text ('' when empty or too large). */
  bodyText: string;
  bodyTooLarge: boolean;
}

/** Send a response and record its status. `body`: string sent as is, else JSON (bigint-exact). */
export function respond(ctx: RequestContext, status: number, headers: Record<string, string>, body?: unknown): void {
  const text =
    body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : stringifyJson(body);
  writeResponse(ctx.res, status, headers, text);
  ctx.record.status = status;
  ctx.state.onResponse?.(ctx.record);
}

/** Cut the connection without an answer. */
export function resetConnection(ctx: RequestContext): void {
  ctx.record.status = undefined;
  ctx.req.socket.destroy();
  ctx.state.onResponse?.(ctx.record);
}

export function requestId(): string {
  return randomUUID();
}

/** Case-insensitive header lookup in a fault's header map. */
export function faultHeader(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

export type FaultOutcome =
  /** The fault answered (or deliberately did not answer); stop. */
  | { done: true }
  /** Carry on with the normal operation. */
  | { done: false };

/**
 * Apply the parts of a fault common to both services: status (with default body from
 * `defaultBody`), hang, reset, invalid JSON, delay. Returns whether the request is finished.
 */
export async function applyCommonFault(
  ctx: RequestContext,
  fault: EmbeddingsFault | SearchFault,
  baseHeaders: Record<string, string>,
  defaultBody: (status: number, fault: { headers?: Record<string, string>; retryAfterSeconds?: number }) => unknown,
  defaultInvalidJson: string,
): Promise<FaultOutcome> {
  ctx.record.fault = fault;
  if ('hang' in fault) {
    return { done: true };
  }
  if ('reset' in fault) {
    if (fault.delayMs !== undefined) await sleep(fault.delayMs);
    resetConnection(ctx);
    return { done: true };
  }
  if ('invalidJson' in fault) {
    const headers = { ...baseHeaders, 'content-type': 'application/json' };
    respond(ctx, fault.status ?? 200, headers, fault.body ?? defaultInvalidJson);
    return { done: true };
  }
  if ('status' in fault) {
    if (fault.delayMs !== undefined) await sleep(fault.delayMs);
    const body = fault.body !== undefined ? fault.body : defaultBody(fault.status, fault);
    const headers: Record<string, string> = { ...baseHeaders, 'content-type': 'application/json' };
    for (const [k, v] of Object.entries(fault.headers ?? {})) headers[k.toLowerCase()] = v;
    respond(ctx, fault.status, headers, body);
    return { done: true };
  }
  if ('delayMs' in fault && !('partial' in fault) && !('wrongDimension' in fault)) {
    await sleep(fault.delayMs);
  }
  return { done: false };
}

/** Seconds to announce in a 429 message: explicit, else from the fault's headers, else 1. */
export function retryAfterSecondsOf(fault: { headers?: Record<string, string>; retryAfterSeconds?: number }): number {
  if (fault.retryAfterSeconds !== undefined) return fault.retryAfterSeconds;
  const ra = Number(faultHeader(fault.headers, 'retry-after'));
  if (Number.isFinite(ra) && faultHeader(fault.headers, 'retry-after') !== undefined) return ra;
  const ms = Number(faultHeader(fault.headers, 'retry-after-ms'));
  if (Number.isFinite(ms) && faultHeader(fault.headers, 'retry-after-ms') !== undefined) return Math.ceil(ms / 1000);
  for (const name of ['x-ratelimit-reset-tokens', 'x-rate-limit-reset-tokens', 'x-ratelimit-reset-requests']) {
    const v = faultHeader(fault.headers, name);
    if (v !== undefined && Number.isFinite(Number(v))) return Math.ceil(Number(v));
  }
  return 1;
}

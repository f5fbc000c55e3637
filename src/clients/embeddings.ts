// Azure OpenAI embeddings, api-version 2024-02-01: one input per call (embed, the interface's way),
// or several (embedBatch, whose 429s go back to the caller that paces the calls).
import type { Dispatcher } from 'undici';
import { call, describeFailure, providerMessage, retryAfterMs, type CallOutcome } from './http.ts';

export const EMBEDDING_API_VERSION = '2024-02-01';
export const EMBEDDING_DIMENSIONS = 1536;
const RETRYABLE = new Set([429, 500, 502, 503, 504]);
const MAX_RETRIES = 2;
const MAX_WAIT_MS = 20_000;

export interface EmbeddingTarget {
  /** base URL, already checked, without a trailing '/' */
  endpoint: string;
  deployment: string;
  key: string;
}

export interface EmbeddingClientOptions {
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** injected so tests can record the waits instead of sleeping them */
  sleep?: (ms: number) => Promise<void>;
}

export class EmbeddingError extends Error {
  override name = 'EmbeddingError';
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The parts of an Azure OpenAI URI pasted whole where the resource's base URL belongs. */
export interface PortalUri {
  /** what embeddingEndpoint should hold: scheme and host (and a path before /openai, if any) */
  base: string;
  /** the deployment the URI names, if it names one */
  deployment?: string;
}

/**
 * An embeddings endpoint pasted from the Azure portal or a code sample, such as
 * `https://res.openai.azure.com/openai/deployments/ada/embeddings?api-version=2023-05-15`:
 * the service adds `/openai/deployments/{deployment}/embeddings?api-version=...` itself, so a URL
 * whose path reaches `/openai` is the base plus parts the service writes. Undefined for a base URL
 * (a path elsewhere, a gateway's prefix, is kept as given) or text that is no URL.
 */
export function portalEmbeddingUri(raw: string): PortalUri | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  const m = /^(.*?)\/openai(?:\/|$)(?:deployments\/([^/?#]+))?/i.exec(url.pathname);
  if (!m) return undefined;
  const base = `${url.protocol}//${url.host}${m[1]!.replace(/\/+$/, '')}`;
  // A deployment name is letters, digits, dots, dashes and underscores: anything else is not named.
  return m[2] !== undefined && /^[A-Za-z0-9._-]{1,64}$/.test(m[2]) ? { base, deployment: m[2] } : { base };
}

/** What the provider asks us to wait, in ms: its headers (retryAfterMs), else "retry after N seconds" in its message. */
export function requestedWaitMs(o: CallOutcome & { kind: 'response' }): number | undefined {
  const asked = retryAfterMs(o.headers);
  if (asked !== undefined) return asked;
  const m = /retry after (\d+(?:\.\d+)?) seconds?/i.exec(providerMessage(o.text) ?? '');
  return m ? Number(m[1]) * 1000 : undefined;
}

function vectorFrom(text: string): number[] | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'invalid response: the body is not JSON';
  }
  const v = (body as { data?: { embedding?: unknown }[] })?.data?.[0]?.embedding;
  if (!Array.isArray(v)) return 'invalid response: data[0].embedding is not an array';
  if (v.length !== EMBEDDING_DIMENSIONS)
    return `invalid response: the embedding has ${v.length} values, expected ${EMBEDDING_DIMENSIONS}`;
  for (const x of v)
    if (typeof x !== 'number' || !Number.isFinite(x))
      return 'invalid response: the embedding holds a value that is not a finite number';
  return v as number[];
}

/** The vectors of a batch answer, in input order (data[].index), or why the answer is not one. */
export function vectorsFrom(text: string, count: number): number[][] | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'invalid response: the body is not JSON';
  }
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data) || data.length !== count)
    return `invalid response: data holds ${Array.isArray(data) ? data.length : 'no'} embeddings for ${count} inputs`;
  const out = new Array<number[]>(count);
  for (const [i, item] of data.entries()) {
    const index = (item as { index?: unknown })?.index ?? i;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count || out[index])
      return 'invalid response: data[].index does not name each input once';
    const v = checkVector((item as { embedding?: unknown })?.embedding, `data[${i}].embedding`);
    if (typeof v === 'string') return v;
    out[index] = v;
  }
  return out;
}

function checkVector(v: unknown, name: string): number[] | string {
  if (!Array.isArray(v)) return `invalid response: ${name} is not an array`;
  if (v.length !== EMBEDDING_DIMENSIONS)
    return `invalid response: the embedding has ${v.length} values, expected ${EMBEDDING_DIMENSIONS}`;
  for (const x of v)
    if (typeof x !== 'number' || !Number.isFinite(x))
      return 'invalid response: the embedding holds a value that is not a finite number';
  return v as number[];
}

/** A batch call's outcome: its vectors, or a 429 handed back with the wait the provider asked. */
export type BatchOutcome =
  | { kind: 'vectors'; vectors: number[][] }
  | { kind: 'throttled'; waitMs: number | undefined; reason: string };

/** Settles with the wait, or rejects at once when the signal aborts. */
function abortable(wait: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return wait;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    wait.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

export function createEmbeddingClient({ dispatcher, timeoutMs, sleep = defaultSleep }: EmbeddingClientOptions) {
  /** One call to the deployment's embeddings operation: embed's and embedBatch's attempts. */
  const post = (target: EmbeddingTarget, body: string, signal: AbortSignal | undefined) =>
    call(
      dispatcher,
      `${target.endpoint}/openai/deployments/${encodeURIComponent(target.deployment)}/embeddings?api-version=${EMBEDDING_API_VERSION}`,
      {
        method: 'POST',
        headers: { 'api-key': target.key, 'content-type': 'application/json', accept: 'application/json' },
        body,
        timeoutMs,
        signal,
      },
    );
  /**
   * Embeds one input; throws EmbeddingError with the reason when the call fails for good, or the
   * signal's reason as soon as the caller aborts (no further attempt, no wait sat out).
   */
  async function embed(target: EmbeddingTarget, input: string, signal?: AbortSignal): Promise<number[]> {
    const body = JSON.stringify({ input });
    for (let attempt = 0; ; attempt++) {
      const o = await post(target, body, signal);
      if (o.kind === 'response' && o.status >= 200 && o.status < 300) {
        const v = vectorFrom(o.text);
        if (typeof v === 'string') throw new EmbeddingError(v);
        return v;
      }
      const retryable = o.kind === 'network' || (o.kind === 'response' && RETRYABLE.has(o.status));
      if (!retryable || attempt >= MAX_RETRIES) throw new EmbeddingError(describeFailure(o));
      const asked = o.kind === 'response' ? requestedWaitMs(o) : undefined;
      await abortable(sleep(Math.min(asked ?? 1000 * 2 ** attempt, MAX_WAIT_MS, timeoutMs)), signal);
      signal?.throwIfAborted();
    }
  }
  /**
   * Embeds the inputs in one call (`{"input": text}` for one, `{"input": [...]}` for more). A 429
   * is not retried here: it comes back as `throttled` with the wait asked, for the caller that
   * paces the calls (documents/embed-schedule.ts). 5xx and network errors are retried as embed's;
   * anything else throws EmbeddingError with the reason.
   */
  async function embedBatch(
    target: EmbeddingTarget,
    inputs: readonly string[],
    signal?: AbortSignal,
  ): Promise<BatchOutcome> {
    const body = JSON.stringify({ input: inputs.length === 1 ? inputs[0] : inputs });
    for (let attempt = 0; ; attempt++) {
      const o = await post(target, body, signal);
      if (o.kind === 'response' && o.status >= 200 && o.status < 300) {
        const v = vectorsFrom(o.text, inputs.length);
        if (typeof v === 'string') throw new EmbeddingError(v);
        return { kind: 'vectors', vectors: v };
      }
      if (o.kind === 'response' && o.status === 429)
        return { kind: 'throttled', waitMs: requestedWaitMs(o), reason: describeFailure(o) };
      const retryable = o.kind === 'network' || (o.kind === 'response' && RETRYABLE.has(o.status));
      if (!retryable || attempt >= MAX_RETRIES) throw new EmbeddingError(describeFailure(o));
      const asked = o.kind === 'response' ? requestedWaitMs(o) : undefined;
      await abortable(sleep(Math.min(asked ?? 1000 * 2 ** attempt, MAX_WAIT_MS, timeoutMs)), signal);
      signal?.throwIfAborted();
    }
  }
  return { embed, embedBatch };
}
export type EmbeddingClient = ReturnType<typeof createEmbeddingClient>;

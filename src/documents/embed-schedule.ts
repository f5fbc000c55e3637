// Embeddings at the provider's pace (opt-in: headers embeddingBatchSize and embeddingConcurrency):
// the chunks in calls of `batchSize` inputs, up to `concurrency` calls in flight. A 429 pauses every
// new call for the wait the provider asked and halves the calls in flight (once per round of calls:
// answers to calls started before the cut do not cut again); each run of successes as long as the
// limit raises it by one, back up to the concurrency asked. A call that fails for good, or more than
// MAX_THROTTLES 429s in a row with no call passing, fails the whole with the first chunk of that call.
import { EmbeddingError, type BatchOutcome } from '../clients/embeddings.ts';

export interface EmbeddingPace {
  /** inputs per call, 1-2048 */
  batchSize: number;
  /** calls in flight, 1-16 */
  concurrency: number;
}

/** The interface's pace: one input per call, one call at a time. */
export const INTERFACE_PACE: EmbeddingPace = { batchSize: 1, concurrency: 1 };
/** 429s in a row, with no call passing in between, before the request fails (a quota shared by calls in flight throttles any one of them often). */
export const MAX_THROTTLES = 10;
/** Wait after a 429 that names none: 1 s doubling per 429 of that call, capped. */
export const throttleBackoffMs = (throttles: number) => Math.min(1000 * 2 ** (throttles - 1), MAX_THROTTLE_WAIT_MS);
/** A provider's wait is honoured up to this (Azure's 429 messages ask up to about a minute). */
export const MAX_THROTTLE_WAIT_MS = 60_000;

/** A call that failed for good: the first chunk of that call, and the reason. */
export class EmbeddingFailure extends Error {
  override name = 'EmbeddingFailure';
  readonly chunk: number;
  readonly reason: string;
  constructor(chunk: number, reason: string) {
    super(`chunk ${chunk}: ${reason}`);
    this.chunk = chunk;
    this.reason = reason;
  }
}

/** The calls a document takes: consecutive ranges [start, end) of at most batchSize chunks. */
export function batchRanges(count: number, batchSize: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < count; start += batchSize) out.push([start, Math.min(count, start + batchSize)]);
  return out;
}

/** The limit after a 429: half, at least one call. */
export const cutLimit = (limit: number) => Math.max(1, Math.floor(limit / 2));

export interface ScheduleOptions {
  pace: EmbeddingPace;
  /** one call: the inputs of a batch to their vectors, or a 429 handed back */
  callBatch: (inputs: readonly string[], signal: AbortSignal) => Promise<BatchOutcome>;
  sleep: (ms: number) => Promise<void>;
  signal: AbortSignal;
  /** chunks embedded so far (not in order: batches finish in any order) */
  onEmbedded?: (done: number) => void;
  /** each change of the calls allowed in flight, for the log and the tests */
  onLimit?: (limit: number) => void;
}

/** The vectors of every text, in order; throws EmbeddingFailure (or the signal's reason). */
export function embedAtPace(texts: readonly string[], o: ScheduleOptions): Promise<Float64Array[]> {
  const batches = batchRanges(texts.length, o.pace.batchSize);
  const vectors = new Array<Float64Array>(texts.length);
  const queue = batches.map((_, i) => i);
  const throttles = new Array<number>(batches.length).fill(0);
  let limit = o.pace.concurrency;
  let inFlight = 0;
  let finished = 0;
  let embedded = 0;
  let streak = 0;
  let throttledInARow = 0;
  // Calls are numbered as they start; a 429 cuts the limit only for a call started after the last cut.
  let started = 0;
  let cutAt = 0;
  // A pause is served once slept, unless a 429 extended it meanwhile (then the rest is slept):
  // with a sleep that returns at once (tests), it still ends.
  let pausedUntil = 0;
  let pauses = 0;
  let waiting = false;
  let settled = false;

  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    const setLimit = (next: number) => {
      if (next !== limit) {
        limit = next;
        o.onLimit?.(limit);
      }
    };
    const pump = () => {
      if (settled) return;
      if (o.signal.aborted) return fail(o.signal.reason);
      if (finished === batches.length) {
        settled = true;
        return resolve(vectors);
      }
      if (waiting) return;
      const wait = pausedUntil - performance.now();
      if (wait > 0 && queue.length > 0) {
        waiting = true;
        const pause = pauses;
        o.sleep(wait).then(() => {
          waiting = false;
          if (pause === pauses) pausedUntil = 0;
          pump();
        }, fail);
        return;
      }
      while (inFlight < limit && queue.length > 0) start(queue.shift()!);
    };
    const start = (b: number) => {
      const [from, to] = batches[b]!;
      const seq = ++started;
      inFlight++;
      o.callBatch(texts.slice(from, to), o.signal).then(
        (outcome) => {
          inFlight--;
          if (outcome.kind === 'vectors') {
            outcome.vectors.forEach((v, j) => (vectors[from + j] = Float64Array.from(v)));
            finished++;
            embedded += to - from;
            o.onEmbedded?.(embedded);
            throttledInARow = 0;
            if (++streak >= limit && limit < o.pace.concurrency) {
              streak = 0;
              setLimit(limit + 1);
            }
          } else {
            streak = 0;
            throttles[b]!++;
            if (++throttledInARow > MAX_THROTTLES) return fail(new EmbeddingFailure(from, outcome.reason));
            if (seq > cutAt) {
              cutAt = started;
              setLimit(cutLimit(limit));
            }
            const wait = Math.min(outcome.waitMs ?? throttleBackoffMs(throttles[b]!), MAX_THROTTLE_WAIT_MS);
            const until = performance.now() + wait;
            if (until > pausedUntil) {
              pausedUntil = until;
              pauses++;
            }
            queue.unshift(b);
          }
          pump();
        },
        (err: unknown) => {
          inFlight--;
          fail(err instanceof EmbeddingError ? new EmbeddingFailure(from, err.message) : err);
        },
      );
    };
    pump();
  });
}

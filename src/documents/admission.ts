// Admission of documents: a bound on the uploads the service holds at once. A document is
// admitted in an onRequest hook, after auth and the header checks and before a byte of its body
// is read: up to `maxInFlight` are read and worked on at once; up to `maxQueued` more wait in
// the hook with their bodies still in the client's socket (TCP backpressure holds them, not our
// memory); any further one is refused at once with 503 and Retry-After. So the memory the
// uploads take is bounded by maxInFlight bodies and their parses, whatever the load.
// One client address may hold at most `maxPerClient` of those slots and places (in flight or
// queued): beyond it 429, so that one loop of uploads cannot fill the admission for everyone.

import { fail } from '../errors.ts';

export interface AdmissionLimits {
  /** documents whose body is read and worked on at once */
  maxInFlight: number;
  /** documents waiting for a slot, bodies unread; 0 refuses as soon as all slots are taken */
  maxQueued: number;
  /** seconds a refused caller is told to wait (Retry-After) */
  retryAfterSeconds: number;
  /** documents one client may hold, in flight or queued (429 beyond); 0 or absent: no bound */
  maxPerClient?: number;
}

export interface AdmissionState {
  inFlight: number;
  queued: number;
}

/** A slot held by one request; release it once (later calls do nothing). */
export type Release = () => void;

export interface Admission {
  /**
   * Takes a slot, waiting in the queue when all are taken. Rejects at once with a 503 AppError
   * (Retry-After) when the queue is full too, or with the signal's reason when the caller leaves
   * while waiting. With `client` (its address), rejects at once with a 429 AppError when that
   * client already holds maxPerClient documents.
   */
  enter(signal?: AbortSignal, client?: string): Promise<Release>;
  state(): AdmissionState;
  /** true when a new document would be refused: readiness turns false then. */
  full(): boolean;
  limits: AdmissionLimits;
}

export function createAdmission(limits: AdmissionLimits): Admission {
  let inFlight = 0;
  const waiting: { grant: (r: Release) => void }[] = [];

  const makeRelease = (): Release => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = waiting.shift();
      // The slot passes straight to the next in line: inFlight stays as it is.
      if (next) next.grant(makeRelease());
      else inFlight--;
    };
  };

  const perClient = new Map<string, number>();
  const maxPerClient = limits.maxPerClient ?? 0;

  /** Counts the client in, or refuses it; the release counts it out (once). */
  function enterClient(client: string | undefined): Release {
    if (client === undefined || maxPerClient === 0) return () => {};
    const held = perClient.get(client) ?? 0;
    if (held >= maxPerClient)
      throw fail('client_documents_full', maxPerClient).withHeaders({
        'retry-after': String(limits.retryAfterSeconds),
      });
    perClient.set(client, held + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left === 0) perClient.delete(client);
      else perClient.set(client, left);
    };
  }

  async function enter(signal?: AbortSignal, client?: string): Promise<Release> {
    signal?.throwIfAborted();
    const leaveClient = enterClient(client);
    try {
      const release = await enterSlot(signal);
      return () => {
        release();
        leaveClient();
      };
    } catch (err) {
      leaveClient();
      throw err;
    }
  }

  async function enterSlot(signal?: AbortSignal): Promise<Release> {
    if (inFlight < limits.maxInFlight) {
      inFlight++;
      return makeRelease();
    }
    if (waiting.length >= limits.maxQueued) {
      throw fail('service_busy').withHeaders({ 'retry-after': String(limits.retryAfterSeconds) });
    }
    return new Promise<Release>((resolve, reject) => {
      const entry = {
        grant: (r: Release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(r);
        },
      };
      const onAbort = () => {
        const i = waiting.indexOf(entry);
        if (i >= 0) waiting.splice(i, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('the caller left while waiting'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });
  }

  return {
    enter,
    state: () => ({ inFlight, queued: waiting.length }),
    full: () => inFlight >= limits.maxInFlight && waiting.length >= limits.maxQueued,
    limits,
  };
}

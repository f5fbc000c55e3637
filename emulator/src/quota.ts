/**
 * A deployment under load: a latency per call and requests- and tokens-per-minute quotas, as Azure
 * OpenAI enforces them. Azure evaluates a quota over short windows (a minute's quota is spread over
 * 1 s or 10 s slices), so each quota is a bucket holding one window's share, refilled continuously
 * at the per-minute rate; a call that finds too little in either bucket is a 429 whose
 * `retry-after-ms` says when it would pass.
 */

export interface EmbeddingLoad {
  /** What each answered call takes at least, from arrival to answer, its work included (ms). Default 0. */
  latencyMs?: number;
  /** Requests per minute the deployment takes; undefined = no quota. */
  requestsPerMinute?: number;
  /** Tokens per minute (the inputs' tokens); undefined = no quota. */
  tokensPerMinute?: number;
  /** The window a minute's quota is spread over (ms): each bucket holds this share. Default 1000. */
  windowMs?: number;
}

interface Bucket {
  level: number;
  at: number;
}

export type QuotaVerdict = { ok: true } | { ok: false; retryAfterMs: number; quota: 'requests' | 'tokens' };

/** The two buckets of one deployment; `admit` takes a call's cost or says how long until it fits. */
export class QuotaBuckets {
  #requests: Bucket | undefined;
  #tokens: Bucket | undefined;

  reset(): void {
    this.#requests = undefined;
    this.#tokens = undefined;
  }

  admit(load: EmbeddingLoad, now: number, tokens: number): QuotaVerdict {
    const windowMs = load.windowMs ?? 1000;
    const checks: ['requests' | 'tokens', number | undefined, number][] = [
      ['requests', load.requestsPerMinute, 1],
      ['tokens', load.tokensPerMinute, tokens],
    ];
    let wait = 0;
    let quota: 'requests' | 'tokens' = 'requests';
    for (const [name, perMinute, cost] of checks) {
      if (perMinute === undefined) continue;
      const b = this.#bucket(name, perMinute, windowMs, now);
      const capacity = (perMinute * windowMs) / 60_000;
      // A call larger than a window's share passes once the bucket is full (it then runs a debt).
      const need = Math.min(cost, capacity);
      if (b.level < need) {
        const ms = Math.ceil(((need - b.level) * 60_000) / perMinute);
        if (ms > wait) [wait, quota] = [ms, name];
      }
    }
    if (wait > 0) return { ok: false, retryAfterMs: wait, quota };
    if (load.requestsPerMinute !== undefined) this.#requests!.level -= 1;
    if (load.tokensPerMinute !== undefined) this.#tokens!.level -= tokens;
    return { ok: true };
  }

  #bucket(name: 'requests' | 'tokens', perMinute: number, windowMs: number, now: number): Bucket {
    const capacity = (perMinute * windowMs) / 60_000;
    const current = name === 'requests' ? this.#requests : this.#tokens;
    const b = current ?? { level: capacity, at: now };
    b.level = Math.min(capacity, b.level + ((now - b.at) * perMinute) / 60_000);
    b.at = now;
    if (name === 'requests') this.#requests = b;
    else this.#tokens = b;
    return b;
  }
}

// The app's serving state: GET /readyz reads it. A load balancer or Kubernetes probes /readyz
// and stops sending new work to a replica that is not ready; liveness (/healthz) stays 200
// meanwhile, so the replica is not restarted while it finishes what it holds.
//
// Not ready while: the PDF pool warms up at start ('starting'), the document admission is full
// ('busy': a new upload would be refused with 503), while REDIS_URL is set and the jobs' Redis
// connections or queue worker are down ('unavailable'), and from SIGTERM on ('draining').

export type ReadinessState = 'ready' | 'starting' | 'busy' | 'unavailable' | 'draining';
type NotReady = 'starting' | 'busy' | 'unavailable';

/**
 * Once the server closes (after SHUTDOWN_DELAY_MS on SIGTERM), in-flight requests get this long
 * to finish; then the process exits anyway. Orchestrators' grace periods are sized from it
 * (deploy/deployment.yaml, compose.yaml).
 */
export const CLOSE_BOUND_MS = 10_000;

export interface Readiness {
  state(): ReadinessState;
  /** Called once SIGTERM arrives: /readyz answers 503 from then on; requests are still served. */
  beginDraining(): void;
  /** While `check()` holds (and the server is not draining), the state is `as`. */
  notReadyWhile(as: NotReady, check: () => boolean): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  const conditions: { as: NotReady; check: () => boolean }[] = [];
  return {
    state: () => {
      if (draining) return 'draining';
      for (const c of conditions) if (c.check()) return c.as;
      return 'ready';
    },
    beginDraining: () => {
      draining = true;
    },
    notReadyWhile: (as, check) => {
      conditions.push({ as, check });
    },
  };
}

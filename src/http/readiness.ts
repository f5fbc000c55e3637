// The app's serving state: GET /readyz reads it, server.ts changes it. A load
// balancer or Kubernetes probes /readyz and stops sending new work to a replica
// that is not ready; liveness (/healthz) stays 200 meanwhile, so the replica is
// not restarted while it finishes what it holds.

/**
 * Once the server closes (after SHUTDOWN_DELAY_MS on SIGTERM), in-flight requests get this long
 * to finish; then the process exits anyway. Orchestrators' grace periods are sized from it
 * (deploy/deployment.yaml, compose.yaml).
 */
export const CLOSE_BOUND_MS = 10_000;

export type ReadinessState = 'ready' | 'draining';

export interface Readiness {
  state(): ReadinessState;
  /** Called once SIGTERM arrives: /readyz answers 503 from then on; requests are still served. */
  beginDraining(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    state: () => (draining ? 'draining' : 'ready'),
    beginDraining: () => {
      draining = true;
    },
  };
}

// autocannon ships no types: the part of its API the benchmarks use, typed once.
import { createRequire } from 'node:module';

export interface AutocannonResult {
  latency: { p99: number; average: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface AutocannonTracker extends PromiseLike<AutocannonResult> {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  overallRate?: number;
  ignoreCoordinatedOmission?: boolean;
}

export const autocannon = createRequire(import.meta.url)('autocannon') as (
  opts: AutocannonOptions,
) => AutocannonTracker;

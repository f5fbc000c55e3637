// Limits per caller, so that one loop cannot take the service from everyone else (issue 20): a
// class shares the public lab credentials and often one public address, so the lab defaults are
// far above what forty people send by hand and far below what a loop sends.
//
// - Requests per minute per client address (RATE_LIMIT_PER_MINUTE) and per credential
//   (RATE_LIMIT_CREDENTIAL_PER_MINUTE), counted by @fastify/rate-limit's stores: in this process,
//   or in Redis when REDIS_URL is set, so that every replica counts the same minute. Health probes
//   and CORS preflights are not counted.
// - Documents one client address holds at once, in flight or queued (MAX_DOCUMENTS_PER_CLIENT,
//   per replica, as admission itself is; documents/admission.ts): a loop of uploads meets 429
//   before it fills the admission, and another address is still served.
//
// A refusal is 429 with Retry-After and the IETF RateLimit headers (RateLimit-Limit,
// RateLimit-Remaining, RateLimit-Reset), which every counted answer also carries.
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './mount.ts';
import type { Redis } from 'ioredis';
import { fail } from '../errors.ts';

export interface RateLimits {
  /** requests per minute from one client address; 0: no limit */
  perAddressPerMinute: number;
  /** requests per minute with one credential; 0: no limit */
  perCredentialPerMinute: number;
}

/** The headers a request's credential travels in, in the order they are looked for. */
const CREDENTIAL_HEADERS = ['authorization', 'api-key', 'api_key', 'key'] as const;

/**
 * What identifies the caller's credential, or undefined when the request carries none: the
 * first credential header present, hashed, so that neither a store in this process nor Redis
 * ever holds a secret. The header's name is part of it: the same value as a survey key and as
 * an api-key counts twice.
 */
export function credentialKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  for (const name of CREDENTIAL_HEADERS) {
    const raw = headers[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value.trim() === '') continue;
    return `${name}:${createHash('sha256').update(value).digest('base64url').slice(0, 22)}`;
  }
  return undefined;
}

/** Paths never counted: probes come from the platform, at its own pace. */
export function uncounted(method: string, path: string): boolean {
  return method === 'OPTIONS' || path === '/healthz' || path === '/readyz';
}

const MINUTE_MS = 60_000;

/**
 * Registers the per-minute limits as one onRequest hook on the root instance, after CORS (so a
 * 429 carries Access-Control-Allow-Origin) and before every route's auth hook. Does nothing when
 * both limits are 0.
 */
export async function registerRateLimits(app: App, limits: RateLimits, redis?: Redis): Promise<void> {
  if (limits.perAddressPerMinute === 0 && limits.perCredentialPerMinute === 0) return;
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: 'sample-utility-service:rate-limit:' } : {}),
    // A store that cannot answer (Redis down) lets the request through rather than refusing everyone.
    skipOnError: true,
  });
  type Limit = ReturnType<typeof app.createRateLimit>;
  const checks: { limit: Limit; max: number; what: string }[] = [];
  if (limits.perAddressPerMinute > 0)
    checks.push({
      max: limits.perAddressPerMinute,
      what: 'client address',
      limit: app.createRateLimit({
        max: limits.perAddressPerMinute,
        timeWindow: MINUTE_MS,
        // The plugin's own key: the address, an IPv6 one by its /56 (one customer's network, as
        // providers hand them out), an IPv4-mapped one as IPv4.
      }),
    });
  if (limits.perCredentialPerMinute > 0)
    checks.push({
      max: limits.perCredentialPerMinute,
      what: 'credential',
      limit: app.createRateLimit({
        max: limits.perCredentialPerMinute,
        timeWindow: MINUTE_MS,
        keyGenerator: (request) => credentialKey(request.headers) ?? '',
        // The plugin hands over the key it just made: '' is a request without a credential, not counted.
        allowList: (_request, key) => key === '',
      }),
    });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (uncounted(request.method, request.url.split('?', 1)[0] ?? '')) return;
    let tightest: { remaining: number; max: number; reset: number } | undefined;
    for (const check of checks) {
      const outcome = await check.limit(request);
      if (outcome.isAllowed) continue;
      if (outcome.isExceeded) {
        const seconds = Math.max(1, outcome.ttlInSeconds);
        throw fail('rate_limited', check.what, check.max).withHeaders({
          'retry-after': String(seconds),
          'ratelimit-limit': String(outcome.max),
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(seconds),
        });
      }
      if (tightest === undefined || outcome.remaining < tightest.remaining)
        tightest = { remaining: outcome.remaining, max: outcome.max, reset: outcome.ttlInSeconds };
    }
    if (tightest)
      reply
        .header('ratelimit-limit', tightest.max)
        .header('ratelimit-remaining', tightest.remaining)
        .header('ratelimit-reset', tightest.reset);
  });
}

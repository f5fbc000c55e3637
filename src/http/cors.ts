import type { FastifyInstance, FastifyReply } from 'fastify';
import { EXPOSED_HEADERS, REQUEST_HEADERS } from './interface-headers.ts';

const ALLOW_METHODS = 'GET, HEAD, POST, OPTIONS';
// Every request header the interface uses, so that a browser preflight lets each one through.
const ALLOW_HEADERS = REQUEST_HEADERS.join(', ');
const EXPOSE_HEADERS = EXPOSED_HEADERS.join(', ');

/** The headers every answer carries: any origin, and the response headers a browser script may read. */
export function corsHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSE_HEADERS);
}

/**
 * CORS for any origin, without credentials. Registered on the root instance: the onRequest hook
 * runs before any route's auth hook, so a preflight (any OPTIONS request) is answered 204 without
 * credentials, and every answer, errors included, carries Access-Control-Allow-Origin.
 *
 * What @fastify/cors did with these options (origin '*', strictPreflight false, the lists below),
 * as one synchronous hook: the plugin spread its options into a new object and built the route
 * options twice on every request: 2-3 % of the CPU add-url costs in process
 * (bench/request-path.bench.ts).
 */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    corsHeaders(reply);
    if (request.raw.method !== 'OPTIONS') return done();
    // A preflight: answered here, before any route's hooks.
    void reply
      .header('access-control-allow-methods', ALLOW_METHODS)
      .header('access-control-allow-headers', ALLOW_HEADERS)
      .header('access-control-max-age', '86400')
      .code(204)
      .header('content-length', '0')
      .send();
  });
  // Lets the router accept an OPTIONS request on any path; the hook above answers it first.
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.code(204).send());
}

// Answers refused early (413 body too large, 401 before an upload, 503 when full) are sent while
// the client is still sending its body. Closing the connection then resets it under the client's
// writes: fetch (undici) sees EPIPE instead of the answer. So the connection is kept and the rest
// of the body read and dropped (Node's own behaviour), within a bound: past DRAIN_MAX_BYTES or
// DRAIN_MAX_MS the connection is closed anyway, so an endless body costs nothing more.
//
// Both hooks run on the answers of every route (the not-found handler's included) and are
// synchronous: the `Connection: close` fix is an onError hook, which runs only on error answers
// (Fastify sets that header only when a body parser fails); the drain check on a complete
// request is one property read.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
export const DRAIN_MAX_MS = 15_000;

export function drainRefusedBodies(app: FastifyInstance, bound = { maxBytes: DRAIN_MAX_BYTES, maxMs: DRAIN_MAX_MS }): void {
  app.addHook('onError', (request, reply, _error, done) => {
    // Fastify asks for `Connection: close` when a body is over bodyLimit (or fails to parse); that close is the reset.
    if (!request.raw.complete && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const req = request.raw;
    if (!req.complete && !req.destroyed) drain(request, bound);
    done();
  });
}

function drain(request: FastifyRequest, bound: { maxBytes: number; maxMs: number }): void {
  const req = request.raw;
  let bytes = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', stop);
    req.off('close', stop);
  };
  const cut = (why: string) => {
    stop();
    request.log.info({ reason: why }, 'unread request body: connection closed');
    req.socket?.destroy();
  };
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > bound.maxBytes) cut('drain_bytes_exceeded');
  };
  const timer = setTimeout(() => cut('drain_time_exceeded'), bound.maxMs);
  timer.unref();
  req.on('data', onData);
  req.once('end', stop);
  req.once('close', stop);
  req.resume();
}

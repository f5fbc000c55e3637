// Answers refused early (413 body too large, 401 before an upload, 503 when full) are sent while
// the client is still sending its body. Closing the connection then resets it under the client's
// writes: fetch (undici) sees EPIPE instead of the answer. So the connection is kept and the rest
// of the body read and dropped (Node's own behaviour), within a bound: past DRAIN_MAX_BYTES or
// DRAIN_MAX_MS the connection is closed anyway, so an endless body costs nothing more.
// A client that asked for `Connection: close` (Node's http client without keep-alive, HTTP/1.0)
// was reset the same way, since Node closes such a connection as soon as the answer is written
// (47 of 63 refused 40 MB uploads saw EPIPE instead of the 503: docs/benchmarks.md, issue 12):
// its answer says keep-alive instead, and the connection is closed once the body is in.
//
// Both hooks run on the answers of every route (the not-found handler's included) and are
// synchronous: the `Connection: close` fix is an onError hook, which runs only on error answers
// (Fastify sets that header only when a body parser fails); the drain check on a complete
// request is one property read.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
export const DRAIN_MAX_MS = 15_000;

export function drainRefusedBodies(
  app: FastifyInstance,
  bound = { maxBytes: DRAIN_MAX_BYTES, maxMs: DRAIN_MAX_MS },
): void {
  // Requests whose client asked to close: closed here once their body is in. `flagged` counts
  // them, so that an ordinary answer pays one variable read, not a set lookup.
  const closeAfterBody = new WeakSet<object>();
  let flagged = 0;
  app.addHook('onError', (request, reply, _error, done) => {
    if (!request.raw.complete) {
      // Fastify asks for `Connection: close` when a body is over bodyLimit (or fails to parse); that close is the reset.
      if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
      // Node will close after the answer because the client asked so: the same reset.
      if (!reply.raw.shouldKeepAlive) {
        reply.header('connection', 'keep-alive');
        closeAfterBody.add(request.raw);
        flagged++;
      }
    }
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const req = request.raw;
    const close = flagged > 0 && closeAfterBody.delete(req);
    if (close) flagged--;
    if (!req.destroyed) {
      // `complete` is false on a connection's request whose body was not read to its end; an
      // injected request (app.inject) has no connection and leaves it unset: nothing to drain.
      if (req.complete === false) drain(request, bound, close);
      else if (close) req.socket?.end();
    }
    done();
  });
}

function drain(request: FastifyRequest, bound: { maxBytes: number; maxMs: number }, closeAtEnd: boolean): void {
  const req = request.raw;
  let bytes = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', end);
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
  const end = () => {
    stop();
    // The answer went out before: the client that asked to close has it.
    if (closeAtEnd) req.socket?.end();
  };
  req.on('data', onData);
  req.once('end', end);
  req.once('close', stop);
  req.resume();
}

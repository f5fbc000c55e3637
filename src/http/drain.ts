// Answers refused early (413 body too large, 401 before an upload, 503 when full) are sent while
// the client is still sending its body. Closing the connection then resets it under the client's
// writes: fetch (undici) sees EPIPE instead of the answer. So the connection is kept and the rest
// of the body read and dropped (Node's own behaviour), within a bound: past DRAIN_MAX_BYTES or
// DRAIN_MAX_MS the connection is closed anyway, so an endless body costs nothing more.
import type { FastifyInstance } from 'fastify';

export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
export const DRAIN_MAX_MS = 15_000;

export function drainRefusedBodies(app: FastifyInstance, bound = { maxBytes: DRAIN_MAX_BYTES, maxMs: DRAIN_MAX_MS }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Fastify asks for `Connection: close` when a JSON body is over bodyLimit; that close is the reset.
    if (!request.raw.complete && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const req = request.raw;
    if (req.complete || req.destroyed) return;
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
  });
}

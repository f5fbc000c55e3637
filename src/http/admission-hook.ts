// The onRequest hook that admits a document upload (documents/admission.ts): placed after the
// auth and header checks and before the body is read, so a refused upload costs no memory and a
// waiting one keeps its body in the client's socket. The slot is held until the response is
// finished or the connection is gone.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admission } from '../documents/admission.ts';

export function admissionHook(admission: Admission) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const left = new AbortController();
    const onClose = () => left.abort(new Error('the caller closed the connection'));
    reply.raw.once('close', onClose);
    let release: () => void;
    try {
      release = await admission.enter(left.signal, request.ip);
    } catch (err) {
      if (left.signal.aborted) {
        // Nobody is left to answer.
        request.log.info({ reason: 'client_closed' }, 'upload abandoned while waiting for admission');
        reply.hijack();
        return;
      }
      const state = admission.state();
      if ((err as { statusCode?: number }).statusCode === 429) {
        request.log.warn({ reason: 'client_documents_full', ...state }, 'upload refused: its client holds its bound');
        throw err;
      }
      request.log.warn(
        { reason: 'admission_full', ...state },
        'upload refused: documents in flight and queue are full',
      );
      throw err;
    } finally {
      reply.raw.off('close', onClose);
    }
    // 'close' follows the end of every response, and a connection cut as well.
    reply.raw.once('close', release);
  };
}

import type { FastifyInstance } from 'fastify';

/**
 * Fastify refuses an empty body sent with `Content-Type: application/json`; the
 * survey and deletion POSTs have no body and are called exactly that way by
 * Postman and connectors. An empty JSON body is therefore parsed as "no body";
 * anything else goes through Fastify's own (prototype-poisoning safe) parser.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    // Fastify's default JSON parser is the callback form (it returns nothing and
    // calls done); its declared type also admits the promise form, hence `void`.
    void parseJson(request, body as string, done);
  });
}

// One renderer for every error: catalogue errors, Fastify's own 4xx (body too
// large, bad JSON, bad URL, schema validation) and anything unexpected, which
// becomes a bare 500 without a stack or a path.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, MESSAGES } from '../errors.ts';
import type { Envelope } from './routes.ts';
import { methodNotAllowedMessage, type KnownPaths } from './method-not-allowed.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    envelope?: Envelope;
    /** on a route mounted with a `.php` twin: the twin's path (documents name it in the description) */
    twinUrl?: string;
    /** on the twin itself: the canonical path (documents leave the twin out) */
    twinOf?: string;
  }
}

export function envelopeOf(request: FastifyRequest): Envelope {
  return request.routeOptions.config?.envelope ?? 'error';
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string, envelope = envelopeOf(request)) {
  // Every refusal's log line says why (the message is the client's: no secret, no stack).
  request.log[status >= 500 ? 'warn' : 'info']({ statusCode: status, reason: message }, 'request refused');
  const body = envelope === 'message' ? { success: false, message } : { success: false, error: message };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const WHERE: Record<string, string> = {
  querystring: 'query parameter',
  headers: 'header',
  body: 'body field',
  params: 'path parameter',
};

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns the first schema violation into a sentence that names the parameter. */
export function describeValidation(errors: AjvLikeError[], context: string): string {
  // A union's own error says more than the first branch that failed.
  const e = errors.find((x) => x.keyword === 'anyOf') ?? errors[0];
  if (!e) return 'Invalid request.';
  const where = WHERE[context] ?? context;
  const fromPath = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'required') {
    const missing = e.params.missingProperty;
    const name = typeof missing === 'string' ? missing : fromPath;
    if (context === 'body' && fromPath === '') return `Missing required body field '${name}'.`;
    return `Missing required ${where} '${fromPath ? `${fromPath}.` : ''}${name}'.`;
  }
  if (fromPath === '' && context === 'body') return 'The JSON body must be an object.';
  const name = fromPath || context;
  if (e.keyword === 'pattern' && e.params.pattern === INTEGER_PATTERN) return `Invalid ${where} '${name}': must be an integer.`;
  if (e.keyword === 'anyOf' && context === 'body') return `Invalid ${where} '${name}': must be an integer or a string holding one.`;
  if (e.keyword === 'maxLength') return `Invalid ${where} '${name}': longer than ${String(e.params.limit)} characters.`;
  return `Invalid ${where} '${name}': ${e.message ?? 'invalid value'}.`;
}

export const INTEGER_PATTERN = '^[+-]?[0-9]+$';

export function installErrorHandlers(app: FastifyInstance, known: KnownPaths): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(request, reply, error.statusCode, error.message);
    }
    if (error.validation) {
      return sendError(request, reply, 400, describeValidation(error.validation, error.validationContext ?? 'request'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(request, reply, status, clientMessage(error));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, MESSAGES.internal);
  });

  app.setNotFoundHandler((request, reply) => {
    // A known path asked with another method: 405 naming what it serves (one place for every path).
    const served = known.lookup(request.url);
    if (served && !served.methods.includes(request.method)) {
      reply.header('allow', served.methods.join(', '));
      return sendError(request, reply, 405, methodNotAllowedMessage(served.methods), served.envelope);
    }
    return sendError(request, reply, 404, MESSAGES.notFoundRoute(request.method, request.url.split('?')[0]!.slice(0, 200)));
  });
}

/**
 * Fastify's `frameworkErrors` option: a path that is not valid percent-encoding
 * (`/apis/%FF`) is refused by the router before any hook or handler runs, so
 * without this Fastify answers its own body (echoing the path, in no envelope,
 * without CORS). The request has no route here, hence the plain error envelope.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .code(status)
    .header('access-control-allow-origin', '*')
    .type('application/json; charset=utf-8')
    .send({ success: false, error: clientMessage(error) });
}

/** Fastify's own client errors, in words a caller can act on (never a stack or a path). */
function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The JSON body is empty.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Content-Length does not match the body.';
    case 'FST_ERR_BAD_URL':
      return 'The URL is malformed.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The URL is too long.';
    default:
      if (err instanceof SyntaxError || /JSON/i.test(err.message)) return 'The body is not valid JSON.';
      return err.message.split('\n')[0]!.slice(0, 200);
  }
}

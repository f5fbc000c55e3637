// One renderer for every error: catalogue errors, Fastify's own 4xx (body too
// large, bad JSON, bad URL, schema validation) and anything unexpected, which
// becomes a bare 500 without a stack or a path. Each answer carries its
// catalogue code (src/errors.ts) in X-Error-Code and in the log line.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  ERROR_CODE_HEADER,
  ERROR_HINT_HEADER,
  hintOf,
  errorEnvelope,
  messageOf,
  statusOf,
  type ErrorCode,
  type Facts,
  type FixedCode,
} from '../errors.ts';
import type { Envelope } from './mount.ts';
import { methodNotAllowedMessage, type KnownPaths } from './method-not-allowed.ts';
import { corsHeaders } from './cors.ts';

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

/** An error answer: `message` is the catalogue's for `code`; `status` is the code's unless given (a framework error's own). */
export interface Refusal {
  code: ErrorCode;
  message: string;
  status?: number;
  /** what the learner can do, beyond the message (X-Error-Hint); the code's own hint when absent */
  hint?: string;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: Refusal,
  envelope = envelopeOf(request),
) {
  const { code, message } = refusal;
  const status = refusal.status ?? statusOf(code);
  // Every refusal's log line says why (the message is the client's: no secret, no stack).
  request.log[status >= 500 ? 'warn' : 'info']({ statusCode: status, code, reason: message }, 'request refused');
  // The hint a refusal set (what was missing or misspelt), else the code's own: on every error.
  const given = reply.getHeader(ERROR_HINT_HEADER);
  return reply
    .code(status)
    .header(ERROR_CODE_HEADER, code)
    .header(ERROR_HINT_HEADER, hintOf(code, refusal.hint ?? (typeof given === 'string' ? given : undefined)))
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(message, envelope));
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

/** Turns the first schema violation into a catalogue refusal whose sentence names the parameter. */
export function describeValidation(errors: AjvLikeError[], context: string): Refusal {
  const say = <C extends ErrorCode>(code: C, ...facts: Facts<C>): Refusal => ({
    code,
    message: messageOf(code, ...facts),
  });
  // A union's own error says more than the first branch that failed.
  const e = errors.find((x) => x.keyword === 'anyOf') ?? errors[0];
  if (!e) return say('invalid_request');
  const where = WHERE[context] ?? context;
  const fromPath = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'required') {
    const missing = e.params.missingProperty;
    const name = typeof missing === 'string' ? missing : fromPath;
    if (context === 'body' && fromPath === '') return say('missing_body_field', name);
    return say('missing_parameter', where, `${fromPath ? `${fromPath}.` : ''}${name}`);
  }
  if (fromPath === '' && context === 'body') return say('body_not_object');
  const name = fromPath || context;
  if (e.keyword === 'pattern' && e.params.pattern === INTEGER_PATTERN)
    return say('invalid_integer_parameter', where, name);
  if (e.keyword === 'anyOf' && context === 'body') return say('invalid_integer_field', where, name);
  if (e.keyword === 'maxLength') return say('parameter_too_long', where, name, Number(e.params.limit));
  return say('invalid_parameter', where, name, e.message ?? 'invalid value');
}

/** A schema violation as a refusal; a JSON body that is absent (`-d ''`) is empty_json_body, as the README's table says. */
export function validationRefusal(
  error: { validation?: AjvLikeError[] | undefined; validationContext?: string | undefined },
  body: unknown,
): Refusal {
  const context = error.validationContext ?? 'request';
  if (context === 'body' && body === undefined)
    return { code: 'empty_json_body', message: messageOf('empty_json_body') };
  return describeValidation(error.validation ?? [], context);
}

export const INTEGER_PATTERN = '^[+-]?[0-9]+$';

export function installErrorHandlers(app: FastifyInstance, known: KnownPaths): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(request, reply, { code: error.code, message: error.message });
    }
    if (error.validation) {
      return sendError(request, reply, { ...validationRefusal(error, request.body), status: 400 });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(request, reply, { ...clientRefusal(error), status });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, { code: 'internal', message: messageOf('internal') });
  });

  app.setNotFoundHandler((request, reply) => {
    // A known path asked with another method: 405 naming what it serves (one place for every path).
    const served = known.lookup(request.url);
    if (served && !served.methods.includes(request.method)) {
      reply.header('allow', served.methods.join(', '));
      return sendError(
        request,
        reply,
        { code: 'method_not_allowed', message: methodNotAllowedMessage(served.methods) },
        served.envelope,
      );
    }
    return sendError(request, reply, {
      code: 'route_not_found',
      message: messageOf('route_not_found', request.method, request.url.split('?')[0]!.slice(0, 200)),
    });
  });
}

/**
 * Fastify's `frameworkErrors` option: a path that is not valid percent-encoding
 * (`/apis/%FF`) is refused by the router before any hook or handler runs, so
 * without this Fastify answers its own body (echoing the path, in no envelope,
 * without CORS). The request has no route here, hence the plain error envelope.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const { code, message } = clientRefusal(error);
  // No hook has run: the CORS headers are set here, as the onRequest hook sets them on every other answer.
  corsHeaders(reply)
    .code(status)
    .header(ERROR_CODE_HEADER, code)
    .header(ERROR_HINT_HEADER, hintOf(code))
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(message));
}

/** Fastify's own client errors as catalogue codes, in words a caller can act on (never a stack or a path). */
const FRAMEWORK_CODES: Record<string, FixedCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_json_body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content_length_mismatch',
  FST_ERR_BAD_URL: 'malformed_url',
  FST_ERR_MAX_PARAM_LENGTH: 'url_too_long',
};

function clientRefusal(err: FastifyError): Refusal {
  const known = FRAMEWORK_CODES[err.code];
  if (known !== undefined) return { code: known, message: messageOf(known) };
  if (err instanceof SyntaxError || /JSON/i.test(err.message))
    return { code: 'invalid_json', message: messageOf('invalid_json') };
  return { code: 'bad_request', message: messageOf('bad_request', err.message.split('\n')[0]!.slice(0, 200)) };
}

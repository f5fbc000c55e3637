// Every interface path is served in two forms (with and without `.php`), and a
// wrong method gets 405 with `Allow` rather than Fastify's 404. One helper
// declares all three so that no route can forget one of them.
import type { FastifyInstance, RouteOptions, HTTPMethods } from 'fastify';
import { methodNotAllowed } from '../errors.ts';

const ALL_METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export type Envelope = 'error' | 'message';

export interface RouteSpec extends Omit<RouteOptions, 'url' | 'method'> {
  method: 'GET' | 'POST';
  /** path without the suffix; the `.php` form is added unless the path already ends in .php */
  path: string;
  /** body family of error answers on this route */
  envelope?: Envelope;
  /** message of the 405 answer, when the interface fixes one */
  methodNotAllowedMessage?: string;
}

export function phpAliases(path: string): string[] {
  return path.endsWith('.php') ? [path, path.slice(0, -4)] : [path, `${path}.php`];
}

export function defineRoute(app: FastifyInstance, spec: RouteSpec): void {
  const { method, path, envelope = 'error', methodNotAllowedMessage, ...rest } = spec;
  const allow = method === 'GET' ? 'GET, HEAD' : method;
  for (const url of phpAliases(path)) {
    app.route({
      ...rest,
      method,
      url,
      config: { ...(rest.config ?? {}), envelope },
    });
    app.route({
      method: ALL_METHODS.filter((m) => m !== method),
      url,
      config: { envelope },
      schema: { hide: true },
      handler: async () => {
        throw methodNotAllowed(method, allow, methodNotAllowedMessage);
      },
    });
  }
}

// Route modules describe what a route does (schemas, hooks, handler); app.ts gives each its
// method and path, so the whole URL map reads on one screen there. `mount` adds the `.php`
// twin of every interface path; a wrong method on any known path gets 405 from one place
// (http/method-not-allowed.ts).
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/** The app as route modules see it: handlers get their input typed from the TypeBox schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Body family of error answers: `{success:false, error}`, or `{success:false, message}` (deletion). */
export type Envelope = 'error' | 'message';

export type RouteDef<S extends FastifySchema = FastifySchema> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  TypeBoxTypeProvider
> & {
  /** body family of error answers on this route (default 'error') */
  envelope?: Envelope;
};

/** Identity, for inference: the handler's request is typed from `schema`, with no cast. */
export function route<S extends FastifySchema>(def: RouteDef<S>): RouteDef<S> {
  return def;
}

export function phpAliases(path: string): string[] {
  return path.endsWith('.php') ? [path, path.slice(0, -4)] : [path, `${path}.php`];
}

export interface MountOptions {
  /** false for paths outside the interface (the API documents): no `.php` twin */
  php?: boolean;
}

/** Serves `def` at `method path`, and at its `.php` twin unless told not to. */
export function mount<S extends FastifySchema>(
  app: App,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  def: RouteDef<S>,
  options: MountOptions = {},
): void {
  const { envelope = 'error', config, ...rest } = def;
  const [canonical = path, twin] = options.php === false ? [path] : phpAliases(path);
  app.route<RouteGenericInterface, ContextConfigDefault, S>({
    ...rest,
    method,
    url: canonical,
    config: { ...config, envelope, ...(twin ? { twinUrl: twin } : {}) },
  });
  // The twin is served the same way; the API documents list the canonical path only and name the twin there.
  if (twin)
    app.route<RouteGenericInterface, ContextConfigDefault, S>({
      ...rest,
      method,
      url: twin,
      config: { ...config, envelope, twinOf: canonical },
    });
}

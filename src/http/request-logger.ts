// request.log made on demand. Fastify gives every request a pino child logger bound to its id;
// making one serializes the bindings and runs the redaction over them on every request, even at
// level warn where a successful request logs nothing (~2 % of add-url's CPU per request in
// bench/request-path.bench.ts). Here the child is made on the first line logged at an enabled
// level, with the same bindings, so every line reads as before.
import type { FastifyBaseLogger } from 'fastify';

type Args = Parameters<FastifyBaseLogger['info']>;

export class RequestLogger {
  readonly #parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
  readonly #bindings: Record<string, unknown>;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>) {
    this.#parent = parent as FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
    this.#bindings = bindings;
  }

  #log(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#log().level = level;
  }

  fatal(...args: Args): void {
    if (this.#parent.isLevelEnabled('fatal')) this.#log().fatal(...args);
  }
  error(...args: Args): void {
    if (this.#parent.isLevelEnabled('error')) this.#log().error(...args);
  }
  warn(...args: Args): void {
    if (this.#parent.isLevelEnabled('warn')) this.#log().warn(...args);
  }
  info(...args: Args): void {
    if (this.#parent.isLevelEnabled('info')) this.#log().info(...args);
  }
  debug(...args: Args): void {
    if (this.#parent.isLevelEnabled('debug')) this.#log().debug(...args);
  }
  trace(...args: Args): void {
    if (this.#parent.isLevelEnabled('trace')) this.#log().trace(...args);
  }
  silent(): void {}
  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#log().child(...args);
  }
}

/**
 * Fastify's childLoggerFactory: a RequestLogger over a pino logger, or a plain child where a route
 * sets its own level or serializers (or the logger is not pino).
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: Parameters<FastifyBaseLogger['child']>[1] = {},
): FastifyBaseLogger {
  if (
    options.level !== undefined ||
    options.serializers !== undefined ||
    typeof (logger as { isLevelEnabled?: unknown }).isLevelEnabled !== 'function'
  ) {
    return logger.child(bindings, options);
  }
  return new RequestLogger(logger, bindings);
}

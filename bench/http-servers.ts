// The three servers the HTTP benchmarks compare, each doing the same work for the three
// benchmarked endpoints and putting the same bytes on the wire:
//
//   app       buildApp() with the production logger options at level warn (or logger: false)
//   baseline  a bare node:http server
//   floor     a bare Fastify (no hooks, no logger, no schemas): what the framework itself costs
//
// baseline and floor share one implementation of the work (query parsed, integers validated by
// pattern and safe range, the same body JSON.stringify-ed, the same headers, CORS included;
// products slices the same static data; add-bearer verifies the same HS256 JWT with jose), so
// app/floor is what the app adds to the framework and floor/baseline what the framework adds.
import { NO_CALLER_LIMITS } from '../test/helpers/limits.ts';
import http from 'node:http';
import { jwtVerify } from 'jose';
import Fastify from 'fastify';
import type * as AppModule from '../src/app.ts';
import type * as ConfigModule from '../src/config.ts';

export const SECRET = 'bench-jwt-secret-0123456789abcdef-0123456';

/** The app, ready, its server not listening. */
export async function appServer(options: {
  logger: 'warn' | 'off';
  root?: string;
  /** the limits per caller on, at a rate no bench reaches (their cost counted, nothing refused) */
  callerLimits?: boolean;
}): Promise<http.Server> {
  const root = options.root ?? new URL('..', import.meta.url).pathname;
  const { buildApp, loggerOptions } = (await import(`${root}/src/app.ts`)) as typeof AppModule;
  const { loadConfig } = (await import(`${root}/src/config.ts`)) as typeof ConfigModule;
  const config = loadConfig({
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    ...(options.callerLimits
      ? { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_CREDENTIAL_PER_MINUTE: '1000000' }
      : NO_CALLER_LIMITS),
  });
  const app = await buildApp(config, { logger: options.logger === 'off' ? false : loggerOptions(config) });
  await app.ready();
  return app.server;
}

type Answer = [status: number, body: unknown];

async function work(): Promise<
  (
    path: string,
    query: (name: string) => string | undefined,
    authorization: string | undefined,
  ) => Answer | Promise<Answer>
> {
  const { PRODUCTS } = await import('../src/data/index.ts');
  const key = new TextEncoder().encode(SECRET);
  const DECIMAL = /^[+-]?[0-9]+$/;
  const int = (v: string | undefined) => {
    if (v === undefined || v.length > 32 || !DECIMAL.test(v)) return undefined;
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : undefined;
  };
  const add = (query: (name: string) => string | undefined) => {
    const a = int(query('input1'));
    const b = int(query('input2'));
    if (a === undefined || b === undefined || !Number.isSafeInteger(a + b)) return undefined;
    return { a, b };
  };
  return (path, query, authorization) => {
    if (path === '/apis/add-url') {
      const r = add(query);
      if (!r) return [400, { success: false, error: 'bad input' }];
      return [200, { success: true, operation: 'addition', input1: r.a, input2: r.b, result: r.a + r.b }];
    }
    if (path === '/apis/products') {
      const page = int(query('page') ?? '1');
      const limit = int(query('limit') ?? '20');
      if (!page || !limit || page < 1 || limit < 1) return [400, { success: false, error: 'bad page or limit' }];
      const size = Math.min(limit, 50);
      const start = (page - 1) * size;
      return [
        200,
        {
          success: true,
          page,
          limit: size,
          total: PRODUCTS.length,
          total_pages: Math.ceil(PRODUCTS.length / size),
          data: PRODUCTS.slice(start, start + size),
        },
      ];
    }
    if (path === '/apis/add-bearer') {
      const m = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(authorization ?? '');
      if (!m) return [401, { success: false, error: 'Unauthorized.' }];
      return jwtVerify(m[1]!, key, {
        algorithms: ['HS256'],
        issuer: 'sample-utility-service',
        audience: 'add-bearer',
        requiredClaims: ['iat', 'exp'],
      }).then(
        (): Answer => {
          const r = add(query);
          if (!r) return [400, { success: false, error: 'bad input' }];
          return [
            200,
            {
              success: true,
              auth_method: 'Bearer Token (JWT)',
              operation: 'addition',
              input1: r.a,
              input2: r.b,
              result: r.a + r.b,
            },
          ];
        },
        (): Answer => [401, { success: false, error: 'Unauthorized.' }],
      );
    }
    return [404, { success: false, error: 'not found' }];
  };
}

async function corsHeaders() {
  const { EXPOSED_HEADERS } = await import('../src/http/interface-headers.ts');
  return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS.join(', ') };
}

/** The bare node:http server, not listening. */
export async function baselineServer(): Promise<http.Server> {
  const handle = await work();
  const cors = await corsHeaders();
  const send = (res: http.ServerResponse, [status, body]: Answer) => {
    const text = JSON.stringify(body);
    // the app's headers, in the app's order
    res.writeHead(status, {
      ...cors,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const qi = url.indexOf('?');
    const q = new URLSearchParams(qi < 0 ? '' : url.slice(qi + 1));
    if (req.method !== 'GET') return send(res, [405, { success: false, error: 'Method Not Allowed. Use GET.' }]);
    const answer = handle(
      qi < 0 ? url : url.slice(0, qi),
      (name) => q.get(name) ?? undefined,
      req.headers.authorization,
    );
    if (answer instanceof Promise) void answer.then((a) => send(res, a));
    else send(res, answer);
  });
  server.keepAliveTimeout = 72_000; // Fastify's default
  return server;
}

/** A bare Fastify serving the three endpoints with the same work, ready, not listening. */
export async function floorServer(): Promise<http.Server> {
  const handle = await work();
  const cors = await corsHeaders();
  const app = Fastify({ logger: false });
  for (const path of ['/apis/add-url', '/apis/products', '/apis/add-bearer']) {
    app.get(path, (request, reply) => {
      const query = request.query as Record<string, string | string[] | undefined>;
      const one = (name: string) => {
        const v = query[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const send = ([status, body]: Answer) => {
        void reply.code(status).headers(cors).type('application/json; charset=utf-8').send(JSON.stringify(body));
      };
      const answer = handle(path, one, request.headers.authorization);
      if (answer instanceof Promise) void answer.then(send);
      else send(answer);
      return reply;
    });
  }
  await app.ready();
  return app.server;
}

// The one 405 mechanism. Fastify answers 404 to a known path asked with another method; every
// route's path and methods are recorded as routes are added (whichever plugin adds them: the
// interface's routes, the API documents, the Swagger UI page), and the not-found handler asks
// here before it says 404.
import type { FastifyInstance } from 'fastify';
import type { Envelope } from './mount.ts';
import { messageOf } from '../errors.ts';

export interface PathMethods {
  /** methods served at the path, in the order they were added (HEAD after its GET) */
  methods: string[];
  envelope: Envelope;
}

export interface KnownPaths {
  /** What a request path (query and trailing slash ignored) is served with; undefined for an unknown path. */
  lookup(url: string): PathMethods | undefined;
}

/** `/a//b/?x=1` -> `/a/b`: the router's own leniency (duplicate and trailing slashes ignored). */
export function normalizePath(url: string): string {
  const q = url.indexOf('?');
  let path = (q >= 0 ? url.slice(0, q) : url).replace(/\/{2,}/g, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/** A route pattern (`/docs/static/*`, `/x/:id`) as a test of concrete paths. */
function patternTest(pattern: string): (path: string) => boolean {
  if (!pattern.includes('*') && !pattern.includes(':')) return (path) => path === pattern;
  const source = pattern
    .split('/')
    .map((seg) => (seg === '*' ? '.*' : seg.startsWith(':') ? '[^/]+' : seg.replace(/[.+?^${}()|[\]\\*]/g, '\\$&')))
    .join('/');
  const re = new RegExp(`^${source}$`);
  return (path) => re.test(path);
}

export function trackPaths(app: FastifyInstance): KnownPaths {
  const exact = new Map<string, PathMethods>();
  const patterns = new Map<string, { test: (path: string) => boolean; entry: PathMethods }>();

  app.addHook('onRoute', (route) => {
    // The CORS plugin's `OPTIONS *` answers preflights anywhere; it makes no path known.
    if (route.url === '*') return;
    const path = normalizePath(route.url);
    const isPattern = path.includes('*') || path.includes(':');
    let entry = isPattern ? patterns.get(path)?.entry : exact.get(path);
    if (!entry) {
      entry = { methods: [], envelope: route.config?.envelope ?? 'error' };
      if (isPattern) patterns.set(path, { test: patternTest(path), entry });
      else exact.set(path, entry);
    }
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
      if (!entry.methods.includes(m)) entry.methods.push(m);
    }
  });

  return {
    lookup(url) {
      const path = normalizePath(url);
      const known = exact.get(path);
      if (known) return known;
      for (const p of patterns.values()) if (p.test(path)) return p.entry;
      return undefined;
    },
  };
}

/** The 405 message: the interface's `Method Not Allowed. Use POST.`, naming what the path serves. */
export function methodNotAllowedMessage(methods: readonly string[]): string {
  return messageOf('method_not_allowed', methods);
}

// The production app, plus the list of routes it registered, collected by an
// onRoute hook that the test attaches through Fastify's initialization
// diagnostics channel (before buildApp registers anything).
import diagnostics from 'node:diagnostics_channel';
import assert from 'node:assert/strict';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { validate } from '@readme/openapi-parser';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface RegisteredRoute {
  /** lower case, as in a document's path item */
  method: string;
  url: string;
  schema: Record<string, unknown>;
  /** on a `.php` twin: the canonical path, the one the documents list */
  twinOf?: string;
}

export async function buildAppWithRoutes(): Promise<{ app: FastifyInstance; routes: RegisteredRoute[] }> {
  const options: RouteOptions[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      options.push(route);
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  let app: FastifyInstance;
  try {
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { logger: false });
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInit);
  }
  await app.ready();
  const routes: RegisteredRoute[] = [];
  for (const r of options) {
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    if (schema.hide === true) continue;
    for (const method of [r.method].flat()) {
      // Fastify adds a HEAD twin to every GET; documents list the GET only.
      if (method === 'HEAD') continue;
      const twinOf = r.config?.twinOf;
      routes.push({ method: method.toLowerCase(), url: r.url, schema, ...(twinOf !== undefined ? { twinOf } : {}) });
    }
  }
  return { app, routes };
}

export async function getJson(app: FastifyInstance, url: string): Promise<JsonObject> {
  const res = await app.inject({ method: 'GET', url });
  assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  return res.json<JsonObject>();
}

/** Both served documents, each checked valid by @readme/openapi-parser first. */
export async function getValidDocuments(app: FastifyInstance): Promise<{ openapi: JsonObject; swagger: JsonObject }> {
  const openapi = await getJson(app, '/openapi.json');
  const swagger = await getJson(app, '/swagger.json');
  assert.deepEqual(await validate(structuredClone(openapi) as never), {
    valid: true,
    warnings: [],
    specification: 'OpenAPI',
  });
  assert.deepEqual(await validate(structuredClone(swagger) as never), {
    valid: true,
    warnings: [],
    specification: 'Swagger',
  });
  return { openapi, swagger };
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface Operation {
  path: string;
  method: string;
  op: JsonObject;
}

export function operationsOf(doc: JsonObject): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (isObject(op)) out.push({ path, method, op });
    }
  }
  return out;
}

/** Every object node of a JSON value with its JSON pointer-ish location. */
export function* walk(node: Json, at = '#'): Generator<[string, JsonObject]> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) yield* walk(v, `${at}/${i}`);
  } else if (isObject(node)) {
    yield [at, node];
    for (const [k, v] of Object.entries(node)) yield* walk(v, `${at}/${k}`);
  }
}

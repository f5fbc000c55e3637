import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyContextConfig, type FastifyInstance } from 'fastify';
import { mount, phpAliases, route, type App } from '../../src/http/mount.ts';

describe('phpAliases: the canonical path first, then its twin', () => {
  const cases: [string, string[]][] = [
    ['/apis/add-url', ['/apis/add-url', '/apis/add-url.php']],
    ['/apis/add-url.php', ['/apis/add-url.php', '/apis/add-url']],
    ['/survey_api', ['/survey_api', '/survey_api.php']],
    ['/a.phpx', ['/a.phpx', '/a.phpx.php']],
  ];
  for (const [path, want] of cases) test(path, () => assert.deepEqual(phpAliases(path), want));
});

describe('mount', () => {
  let app: FastifyInstance;
  const configs = new Map<string, unknown>();
  before(async () => {
    app = Fastify({ logger: false });
    app.addHook('onRoute', (r) => {
      if (r.method === 'HEAD') return;
      configs.set(`${String(r.method)} ${r.url}`, r.config);
    });
    const reply = (what: string) =>
      route({
        config: { tag: what } as FastifyContextConfig,
        handler: async (request) => ({ what, url: request.url }),
      });
    mount(app as unknown as App, 'GET', '/x', reply('x'));
    mount(app as unknown as App, 'POST', '/del', { ...reply('del'), envelope: 'message' });
    mount(app as unknown as App, 'GET', '/doc', reply('doc'), { php: false });
    mount(app as unknown as App, 'GET', '/legacy.php', reply('legacy'));
    await app.ready();
  });
  after(() => app.close());

  const served: [string, 'GET' | 'POST', string, number, string?][] = [
    ['the path', 'GET', '/x', 200, 'x'],
    ['its .php twin', 'GET', '/x.php', 200, 'x'],
    ['with its method only', 'POST', '/x', 404],
    ['a POST route and its twin', 'POST', '/del.php', 200, 'del'],
    ['php: false serves the path', 'GET', '/doc', 200, 'doc'],
    ['php: false adds no twin', 'GET', '/doc.php', 404],
    ['a .php path is canonical', 'GET', '/legacy.php', 200, 'legacy'],
    ['and its twin is the path without .php', 'GET', '/legacy', 200, 'legacy'],
  ];
  for (const [name, method, url, status, what] of served) {
    test(`serves: ${name} (${method} ${url} -> ${status})`, async () => {
      const res = await app.inject({ method, url });
      assert.equal(res.statusCode, status);
      if (what) assert.equal(res.json<{ what: string }>().what, what);
    });
  }

  const config: [string, string, Record<string, unknown>][] = [
    ['canonical names its twin, default envelope', 'GET /x', { tag: 'x', envelope: 'error', twinUrl: '/x.php' }],
    ['twin names its canonical', 'GET /x.php', { tag: 'x', envelope: 'error', twinOf: '/x' }],
    ["the route's envelope on both", 'POST /del.php', { tag: 'del', envelope: 'message', twinOf: '/del' }],
    ['no twin: neither twinUrl nor twinOf', 'GET /doc', { tag: 'doc', envelope: 'error' }],
    ['a .php canonical', 'GET /legacy.php', { tag: 'legacy', envelope: 'error', twinUrl: '/legacy' }],
  ];
  for (const [name, key, want] of config) {
    test(`route config: ${name}`, () => {
      const got = configs.get(key) as Record<string, unknown>;
      assert.ok(got, key);
      const { url: _u, method: _m, ...rest } = got;
      assert.deepEqual(
        Object.fromEntries(Object.entries(rest).filter(([k]) => ['tag', 'envelope', 'twinUrl', 'twinOf'].includes(k))),
        want,
      );
    });
  }
});

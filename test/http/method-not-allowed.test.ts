// The 405 mechanism's parts: the path normaliser, the path tracker fed by onRoute, the message.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  methodNotAllowedMessage,
  normalizePath,
  trackPaths,
  type KnownPaths,
} from '../../src/http/method-not-allowed.ts';

describe('normalizePath', () => {
  const cases: [string, string][] = [
    ['/apis/add-url', '/apis/add-url'],
    ['/apis/add-url/', '/apis/add-url'],
    ['/apis//add-url?x=1', '/apis/add-url'],
    ['//a///b//', '/a/b'],
    ['/x?y=/z//', '/x'],
    ['/?a=b', '/'],
    ['/', '/'],
    ['?q', ''],
  ];
  for (const [input, want] of cases) test(`${input} -> ${want}`, () => assert.equal(normalizePath(input), want));
});

describe('methodNotAllowedMessage', () => {
  const cases: [string[], string][] = [
    [['GET', 'HEAD'], 'Method Not Allowed. Use GET.'],
    [['POST'], 'Method Not Allowed. Use POST.'],
    [['GET', 'HEAD', 'POST'], 'Method Not Allowed. Use GET or POST.'],
    [['OPTIONS', 'POST'], 'Method Not Allowed. Use POST.'],
    [['HEAD'], 'Method Not Allowed. Use HEAD.'],
  ];
  for (const [methods, want] of cases)
    test(methods.join(','), () => assert.equal(methodNotAllowedMessage(methods), want));
});

describe('trackPaths: what a path is served with, from the routes added after it', () => {
  let app: FastifyInstance;
  let known: KnownPaths;
  before(async () => {
    app = Fastify({ logger: false });
    known = trackPaths(app);
    const ok = async () => 'ok';
    app.get('/a', ok); // GET and its HEAD
    app.post('/a', ok);
    app.route({ method: ['POST'], url: '/del', config: { envelope: 'message' }, handler: ok });
    app.get('/docs/static/*', ok);
    app.get('/items/:id', ok);
    app.get('/with.dot', ok);
    app.options('*', ok); // CORS: makes no path known
    await app.ready();
  });
  after(() => app.close());

  const cases: [string, string, { methods: string[]; envelope: string } | undefined][] = [
    ['an exact path, methods in the order added', '/a', { methods: ['GET', 'HEAD', 'POST'], envelope: 'error' }],
    ['query and trailing slash ignored', '/a/?x=1', { methods: ['GET', 'HEAD', 'POST'], envelope: 'error' }],
    ["a route's envelope", '/del', { methods: ['POST'], envelope: 'message' }],
    ['a wildcard pattern', '/docs/static/css/x.css', { methods: ['GET', 'HEAD'], envelope: 'error' }],
    ['a parameter pattern', '/items/42', { methods: ['GET', 'HEAD'], envelope: 'error' }],
    ['a parameter matches one segment only', '/items/42/more', undefined],
    ['a dot in a path is literal', '/withXdot', undefined],
    ['an unknown path', '/nope', undefined],
    ['OPTIONS * does not make every path known', '/anything', undefined],
  ];
  for (const [name, url, want] of cases) {
    test(name, () => {
      const got = known.lookup(url);
      assert.deepEqual(got === undefined ? undefined : { methods: got.methods, envelope: got.envelope }, want);
    });
  }
});

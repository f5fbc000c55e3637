import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { corsHeaders, registerCors } from '../../src/http/cors.ts';
import { EXPOSED_HEADERS, REQUEST_HEADERS } from '../../src/http/interface-headers.ts';

describe('registerCors', () => {
  let app: FastifyInstance;
  let reached = 0;
  before(async () => {
    app = Fastify({ logger: false });
    registerCors(app);
    app.get('/thing', { onRequest: async () => void reached++ }, async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw Object.assign(new Error('no'), { statusCode: 418 });
    });
    await app.ready();
  });
  after(() => app.close());

  const expose = EXPOSED_HEADERS.join(', ');
  const cases: {
    name: string;
    method: 'GET' | 'OPTIONS';
    url: string;
    status: number;
    headers: Record<string, string | undefined>;
    reachesRoute?: boolean;
  }[] = [
    {
      name: 'an ordinary answer: any origin, the exposed headers, no preflight headers',
      method: 'GET',
      url: '/thing',
      status: 200,
      headers: {
        'access-control-allow-origin': '*',
        'access-control-expose-headers': expose,
        'access-control-allow-methods': undefined,
      },
      reachesRoute: true,
    },
    {
      name: 'an error answer carries them too',
      method: 'GET',
      url: '/fails',
      status: 418,
      headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': expose },
    },
    {
      name: 'a 404 carries them too',
      method: 'GET',
      url: '/nowhere',
      status: 404,
      headers: { 'access-control-allow-origin': '*' },
    },
    {
      name: "a preflight on a route: 204 before the route's hooks",
      method: 'OPTIONS',
      url: '/thing',
      status: 204,
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
        'access-control-allow-headers': REQUEST_HEADERS.join(', '),
        'access-control-max-age': '86400',
        'content-length': '0',
      },
      reachesRoute: false,
    },
    {
      name: 'a preflight on any path',
      method: 'OPTIONS',
      url: '/any/where',
      status: 204,
      headers: { 'access-control-allow-origin': '*', 'access-control-max-age': '86400' },
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const before = reached;
      const res = await app.inject({ method: c.method, url: c.url, headers: { origin: 'https://x.example' } });
      assert.equal(res.statusCode, c.status);
      for (const [name, value] of Object.entries(c.headers)) assert.equal(res.headers[name], value, name);
      if (c.reachesRoute !== undefined) assert.equal(reached - before, c.reachesRoute ? 1 : 0);
      if (c.method === 'OPTIONS') assert.equal(res.body, '');
    });
  }
});

describe('corsHeaders on a bare reply', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ logger: false });
    app.get('/', async (_request, reply) => corsHeaders(reply).send('x'));
    await app.ready();
  });
  after(() => app.close());
  const cases: [string, string][] = [
    ['access-control-allow-origin', '*'],
    ['access-control-expose-headers', EXPOSED_HEADERS.join(', ')],
  ];
  for (const [name, value] of cases) {
    test(name, async () => {
      const res = await app.inject({ method: 'GET', url: '/' });
      assert.equal(res.headers[name], value);
    });
  }
});

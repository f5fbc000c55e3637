// Property tests of what arrives beside documents: header values, extra headers, query strings and
// JSON bodies drawn by fast-check (fixed seeds) on every endpoint, over real HTTP (inject cannot
// model a connection: the body drain closes sockets). Each answer is a success or a documented 4xx
// in the endpoint's envelope, never a 5xx, never a stack; the app keeps serving.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { startSurfaceApp, ENDPOINTS, validRequest, assertNoLeak, type RequestContext } from '../helpers/app.ts';

let app: FastifyInstance;
let ctx: RequestContext;
let close: () => Promise<void>;
let base = '';
before(async () => {
  ({ app, ctx, close } = await startSurfaceApp());
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

/** An inject-style request sent over a real connection. */
async function send(
  req: InjectOptions,
): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }> {
  const res = await fetch(base + (req.url as string), {
    method: req.method ?? 'GET',
    headers: (req.headers ?? {}) as Record<string, string>,
    ...(req.payload === undefined
      ? {}
      : { body: typeof req.payload === 'string' ? req.payload : (req.payload as Buffer) }),
  });
  return { statusCode: res.status, body: await res.text(), headers: Object.fromEntries(res.headers) };
}
after(() => close());

// What a header value can hold on the wire: visible ASCII, space and tab, and obs-text bytes.
const headerValue = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('\t', '\u00e9', '\u00ff', '\u0080'),
  ),
  maxLength: 300,
});
// Framing and connection headers are fetch's own (it refuses to set them): tested on raw sockets elsewhere.
const FRAMING = /^(connection|content-length|transfer-encoding|keep-alive|upgrade|expect|host|te|trailer)$/i;
const headerName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_-]{0,30}$/).filter((n) => !FRAMING.test(n));
const RUNS = 60;

function documented(res: { statusCode: number; body: string; headers: Record<string, unknown> }, field: string) {
  assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as Record<string, unknown>;
    assert.equal(body.success, false, res.body.slice(0, 200));
    assert.equal(typeof body[field], 'string', res.body.slice(0, 200));
    assert.ok(res.headers['x-error-code'], 'X-Error-Code on every error');
    assertNoLeak(res.body);
  }
}

for (const ep of ENDPOINTS.filter((e) => e.name !== 'index-definition')) {
  describe(ep.name, () => {
    test('one header of a valid request replaced by any value', async () => {
      const request = validRequest(ep, ctx);
      const names = Object.keys((request.headers ?? {}) as Record<string, string>).filter((n) => n !== 'content-type');
      if (names.length === 0) return;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), headerValue, async (name, value) => {
          const req: InjectOptions = { ...request, headers: { ...(request.headers as object), [name]: value } };
          documented(await send(req), ep.field);
        }),
        { seed: 1, numRuns: RUNS },
      );
    });

    test('extra headers of any name and value', async () => {
      const request = validRequest(ep, ctx);
      await fc.assert(
        fc.asyncProperty(fc.dictionary(headerName, headerValue, { maxKeys: 4 }), async (extra) => {
          const req: InjectOptions = { ...request, headers: { ...extra, ...(request.headers as object) } };
          documented(await send(req), ep.field);
        }),
        { seed: 2, numRuns: RUNS },
      );
    });

    test('any query string', async () => {
      const request = validRequest(ep, ctx);
      const query = fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 5 });
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const url = `${ep.path}?${new URLSearchParams(q).toString()}`;
          documented(await send({ ...request, url }), ep.field);
        }),
        { seed: 3, numRuns: RUNS },
      );
    });
  });
}

for (const name of ['add-body', 'add-token']) {
  test(`${name}: any JSON body, and any text sent as JSON`, async () => {
    const ep = ENDPOINTS.find((e) => e.name === name)!;
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const req: InjectOptions = {
          method: 'POST',
          url: ep.path,
          headers: { 'content-type': 'application/json' },
          payload,
        };
        documented(await send(req), ep.field);
      }),
      { seed: 4, numRuns: 300 },
    );
  });
}

test('the app still serves after the properties', async () => {
  const res = await send({ url: '/apis/add-url?input1=2&input2=3' });
  assert.equal(res.statusCode, 200);
});

// Input rules of the addition endpoints: decimal integers, optionally signed,
// inside the safe range, with the sum inside it too; add-body's JSON rules.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import {
  buildTestApp,
  apiKeyHeaders,
  customHeaders,
  basicHeaders,
  bearer,
  issueToken,
  assertClientError,
} from '../helpers/app.ts';

const MAX = '9007199254740991';

describe('addition endpoints', () => {
  let app: FastifyInstance;
  let token: string;
  before(async () => {
    app = await buildTestApp();
    token = await issueToken(app);
  });
  after(() => app.close());

  // The GET variants share one input rule; each is checked with its credentials.
  const getVariants: [string, () => Record<string, string>][] = [
    ['/apis/add-url', () => ({})],
    ['/apis/add-apikey', apiKeyHeaders],
    ['/apis/add-custom', customHeaders],
    ['/apis/add-basic', basicHeaders],
    ['/apis/add-bearer', () => bearer(token)],
  ];

  // query string (already URL-encoded) -> expected input1, input2, result
  const accepted: [string, string, number, number, number][] = [
    ['small integers', 'input1=5&input2=7', 5, 7, 12],
    ['negatives', 'input1=-5&input2=-7', -5, -7, -12],
    ['an explicit plus sign (%2B)', 'input1=%2B5&input2=7', 5, 7, 12],
    ['-0 is 0', 'input1=-0&input2=0', 0, 0, 0],
    ['leading zeros', 'input1=007&input2=0010', 7, 10, 17],
    ['the largest safe integer', `input1=${MAX}&input2=0`, 9007199254740991, 0, 9007199254740991],
    ['the smallest safe integer', `input1=-${MAX}&input2=0`, -9007199254740991, 0, -9007199254740991],
    [
      'a sum at the largest safe integer',
      `input1=${MAX.slice(0, -1)}0&input2=1`,
      9007199254740990,
      1,
      9007199254740991,
    ],
    ['largest + smallest', `input1=${MAX}&input2=-${MAX}`, 9007199254740991, -9007199254740991, 0],
    ['extra parameters are ignored', 'input1=1&input2=2&input3=3&__proto__=x', 1, 2, 3],
  ];

  // query string -> which parameter the 400 message names
  const rejected: [string, string, string | RegExp][] = [
    ['input1 one past the safe range', 'input1=9007199254740992&input2=0', 'input1'],
    ['input2 one below the safe range', 'input1=0&input2=-9007199254740992', 'input2'],
    ['a sum past the safe range', `input1=${MAX}&input2=1`, /sum/],
    ['a sum below the safe range', `input1=-${MAX}&input2=-1`, /sum/],
    ['a fraction', 'input1=1.5&input2=2', 'input1'],
    ['1.0', 'input1=1.0&input2=2', 'input1'],
    ['an empty value', 'input1=&input2=2', 'input1'],
    ['1e3', 'input1=1e3&input2=2', 'input1'],
    ['true', 'input1=true&input2=2', 'input1'],
    ['false', 'input1=1&input2=false', 'input2'],
    ['a word', 'input1=abc&input2=2', 'input1'],
    ['a huge digit string', `input1=${'9'.repeat(400)}&input2=2`, 'input1'],
    ['hexadecimal', 'input1=0x1F&input2=2', 'input1'],
    ['NaN', 'input1=NaN&input2=2', 'input1'],
    ['Infinity', 'input1=1&input2=Infinity', 'input2'],
    ['a space inside', 'input1=1%202&input2=2', 'input1'],
    ['input1 missing', 'input2=2', 'input1'],
    ['input2 missing', 'input1=2', 'input2'],
    ['both missing', '', 'input1'],
    ['a repeated parameter', 'input1=1&input1=2&input2=3', 'input1'],
    ['wrong parameter names', 'a=1&b=2', 'input1'],
  ];

  for (const [path, headers] of getVariants) {
    describe(path, () => {
      for (const [name, qs, input1, input2, result] of accepted) {
        test(`200: ${name}`, async () => {
          const res = await app.inject({ url: `${path}?${qs}`, headers: headers() });
          assert.equal(res.statusCode, 200, res.body);
          const body = res.json();
          assert.equal(body.success, true);
          assert.equal(body.operation, 'addition');
          assert.ok(
            Object.is(body.input1, input1) && Object.is(body.input2, input2) && Object.is(body.result, result),
            res.body,
          );
          assert.equal('auth_method' in body, path !== '/apis/add-url');
          // the digits on the wire are exact (no 9.007199254740991e15, no -0)
          assert.ok(res.body.includes(`"result":${result}`), res.body);
        });
      }
      for (const [name, qs, names] of rejected) {
        test(`400: ${name}`, async () => {
          const body = assertClientError(await app.inject({ url: `${path}?${qs}`, headers: headers() }), 400);
          if (typeof names === 'string') assert.ok(String(body.error).includes(`'${names}'`), String(body.error));
          else assert.match(String(body.error), names);
        });
      }
    });
  }

  test('add-url answers exactly the interface fields, without auth_method', async () => {
    const res = await app.inject({ url: '/apis/add-url?input1=5&input2=7' });
    assert.equal(res.body, '{"success":true,"operation":"addition","input1":5,"input2":7,"result":12}');
  });

  test('a literal + in the query is a space (form encoding), so +5 needs %2B', async () => {
    // Documented behaviour of URL query decoding, pinned so a change is noticed.
    assertClientError(await app.inject({ url: '/apis/add-url?input1=+5&input2=1' }), 400);
  });

  describe('POST /apis/add-body', () => {
    const post = (payload: string, type = 'application/json', url = '/apis/add-body') =>
      app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });

    const ok: [string, string, number][] = [
      ['JSON integers', '{"input1":5,"input2":7}', 12],
      ['strings holding integers', '{"input1":"5","input2":"-7"}', -2],
      ['a signed string', '{"input1":"+5","input2":"7"}', 12],
      ['mixed', '{"input1":5,"input2":"7"}', 12],
      ['negative JSON integers', '{"input1":-5,"input2":-7}', -12],
      ['the largest safe integer', `{"input1":${MAX},"input2":0}`, 9007199254740991],
      ['the largest safe integer as a string', `{"input1":"${MAX}","input2":"0"}`, 9007199254740991],
      ['extra fields are ignored', '{"input1":1,"input2":2,"input3":3}', 3],
      ['whitespace around the JSON', ' \n{"input1":1,"input2":2}\n ', 3],
    ];
    for (const [name, payload, result] of ok) {
      test(`200: ${name}`, async () => {
        const res = await post(payload);
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json();
        assert.equal(body.result, result);
        assert.equal(body.operation, 'addition');
        assert.equal('auth_method' in body, false);
      });
    }

    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8']) {
      test(`200 with Content-Type ${type}`, async () => {
        assert.equal((await post('{"input1":1,"input2":2}', type)).statusCode, 200);
      });
    }

    test('the .php alias works', async () => {
      assert.equal((await post('{"input1":1,"input2":2}', 'application/json', '/apis/add-body.php')).json().result, 3);
    });

    const bad: [string, string, string | RegExp][] = [
      ['a JSON fraction', '{"input1":1.5,"input2":2}', 'input1'],
      ['a fraction string', '{"input1":"1.5","input2":2}', 'input1'],
      ['an exponent string', '{"input1":"1e3","input2":2}', 'input1'],
      ['an empty string', '{"input1":"","input2":2}', 'input1'],
      ['a boolean', '{"input1":true,"input2":2}', 'input1'],
      ['null', '{"input1":1,"input2":null}', 'input2'],
      ['an array', '{"input1":[1],"input2":2}', 'input1'],
      ['an object', '{"input1":{"n":1},"input2":2}', 'input1'],
      ['past the safe range (JSON)', '{"input1":9007199254740992,"input2":0}', 'input1'],
      ['past the safe range (string)', '{"input1":"9007199254740992","input2":0}', 'input1'],
      ['a huge digit string', `{"input1":"${'9'.repeat(400)}","input2":0}`, 'input1'],
      ['a sum past the safe range', `{"input1":${MAX},"input2":1}`, /sum/],
      ['input2 missing', '{"input1":1}', 'input2'],
      ['input1 missing', '{"input2":1}', 'input1'],
      ['a non-numeric string', '{"input1":"five","input2":2}', 'input1'],
    ];
    for (const [name, payload, names] of bad) {
      test(`400: ${name}`, async () => {
        const body = assertClientError(await post(payload), 400);
        if (typeof names === 'string') assert.ok(String(body.error).includes(`'${names}'`), String(body.error));
        else assert.match(String(body.error), names);
      });
    }

    const malformed: [string, string][] = [
      ['broken JSON', '{"input1":1,'],
      ['a JSON array', '[1,2]'],
      ['a JSON number', '12'],
      ['a JSON string', '"x"'],
      ['JSON null', 'null'],
      ['an empty body', ''],
      ['single quotes', "{'input1':1,'input2':2}"],
      ['trailing garbage', '{"input1":1,"input2":2}x'],
    ];
    for (const [name, payload] of malformed) {
      test(`400: ${name}`, async () => {
        assertClientError(await post(payload), 400);
      });
    }

    test('prototype poisoning is refused, not applied', async () => {
      const res = await post('{"__proto__":{"polluted":1},"input1":1,"input2":2}');
      assertClientError(res, 400);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    const wrongTypes = [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/jsonx',
    ];
    for (const type of wrongTypes) {
      test(`415: Content-Type ${type}`, async () => {
        assertClientError(await post('{"input1":1,"input2":2}', type), 415);
      });
    }
    test('415: no Content-Type', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/apis/add-body',
        payload: Buffer.from('{"input1":1,"input2":2}'),
      });
      assertClientError(res, 415);
    });

    test('413: a body over the 1 MiB limit', async () => {
      const res = await post(`{"input1":1,"input2":2,"pad":"${'x'.repeat(1_100_000)}"}`);
      assertClientError(res, 413);
    });
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { add, parsePositiveInteger, parseSafeInteger } from '../../src/core/integers.ts';
import { AppError } from '../../src/errors.ts';

const MAX = Number.MAX_SAFE_INTEGER; // 9007199254740991

function rejects400(fn: () => unknown, mentions: string | RegExp) {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.statusCode, 400);
    if (typeof mentions === 'string') assert.ok(err.message.includes(mentions), err.message);
    else assert.match(err.message, mentions);
    return true;
  });
}

describe('parseSafeInteger accepts', () => {
  const cases: [string, unknown, number][] = [
    ['a decimal string', '5', 5],
    ['a negative string', '-12', -12],
    ['an explicit plus sign', '+5', 5],
    ['-0 as 0 (never -0)', '-0', 0],
    ['leading zeros', '007', 7],
    ['surrounding spaces', ' 42 ', 42],
    ['the largest safe integer', '9007199254740991', MAX],
    ['the smallest safe integer', '-9007199254740991', -MAX],
    ['a JSON integer', 12, 12],
    ['a JSON negative integer', -3, -3],
    ['a JSON -0 as 0', -0, 0],
    ['a JSON integer-valued float (1.0 is 1 in JSON)', 1.0, 1],
    ['the largest safe JSON integer', MAX, MAX],
  ];
  for (const [name, value, expected] of cases) {
    test(name, () => {
      const n = parseSafeInteger('input1', value);
      assert.ok(Object.is(n, expected), `${String(n)} is not ${expected}`);
    });
  }
});

describe('parseSafeInteger rejects with a 400 naming the parameter', () => {
  const cases: [string, unknown][] = [
    ['one past the largest safe integer', '9007199254740992'],
    ['one past the smallest safe integer', '-9007199254740992'],
    ['a huge digit string', '9'.repeat(400)],
    ['a fraction', '1.5'],
    ['a trailing decimal point', '1.'],
    ['an exponent', '1e3'],
    ['an empty string', ''],
    ['only spaces', '   '],
    ['a word', 'abc'],
    ['digits then letters', '12abc'],
    ['hexadecimal', '0x10'],
    ['a digit separator', '1_000'],
    ['a double sign', '--1'],
    ['a sign alone', '-'],
    ['non-ASCII digits', '\u0661\u0662'],
    ['full-width digits', '\uff11\uff12'],
    ['Infinity as a string', 'Infinity'],
    ['NaN as a string', 'NaN'],
    ['true', true],
    ['false', false],
    ['a JSON fraction', 1.5],
    ['a JSON number past the safe range', 9007199254740992],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an object', { n: 1 }],
    ['an array', [1]],
    ['missing (undefined)', undefined],
    ['null', null],
  ];
  for (const [name, value] of cases) test(name, () => rejects400(() => parseSafeInteger('input2', value), "'input2'"));
});

describe('add', () => {
  const ok: [string, unknown, unknown, number][] = [
    ['5 + 7', '5', '7', 12],
    ['negatives', '-5', '-7', -12],
    ['mixed signs', '-5', '7', 2],
    ['the largest safe sum', String(MAX - 1), '1', MAX],
    ['the smallest safe sum', String(-MAX + 1), '-1', -MAX],
    ['largest + smallest', String(MAX), String(-MAX), 0],
    ['JSON integers', 2, 3, 5],
    ['a JSON integer and a string', 2, '3', 5],
  ];
  for (const [name, a, b, result] of ok) {
    test(`adds ${name}`, () => {
      const r = add(a, b);
      assert.deepEqual(r, { success: true, operation: 'addition', input1: Number(a), input2: Number(b), result });
    });
  }

  test('a sum past the largest safe integer is a 400', () => rejects400(() => add(String(MAX), '1'), /sum/));
  test('a sum past the smallest safe integer is a 400', () => rejects400(() => add(String(-MAX), '-1'), /sum/));
  test('input1 is checked before input2', () => rejects400(() => add('x', 'y'), "'input1'"));
  test('a bad input2 is named', () => rejects400(() => add('1', 'y'), "'input2'"));
});

describe('parsePositiveInteger', () => {
  const ok: [string | undefined, number | undefined][] = [
    [undefined, undefined],
    ['1', 1],
    ['+3', 3],
    ['050', 50],
    [' 2 ', 2],
    ['9007199254740991', MAX],
  ];
  for (const [value, expected] of ok)
    test(`accepts ${JSON.stringify(value)}`, () => assert.equal(parsePositiveInteger('page', value), expected));

  const bad = ['0', '-1', '-0', '1.5', '1e2', '', 'abc', '9007199254740992', '0x1'];
  for (const value of bad)
    test(`rejects ${JSON.stringify(value)}`, () => rejects400(() => parsePositiveInteger('limit', value), "'limit'"));
});

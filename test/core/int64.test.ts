import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseInt64 } from '../../src/core/int64.ts';
import { AppError } from '../../src/errors.ts';

describe('parseInt64 returns the canonical digits', () => {
  const cases: [string, string, string][] = [
    ['zero', '0', '0'],
    ['one digit', '7', '7'],
    ['a negative id', '-42', '-42'],
    ['surrounding spaces trimmed', '  42 ', '42'],
    ['past the safe Number range, exact', '9007199254740993', '9007199254740993'],
    ['the largest Int64', '9223372036854775807', '9223372036854775807'],
    ['the smallest Int64', '-9223372036854775808', '-9223372036854775808'],
  ];
  for (const [name, value, expected] of cases) {
    test(name, () => {
      assert.equal(parseInt64('document-id', value), expected);
    });
  }
});

describe('parseInt64 refuses with a 400 of the right code naming the header', () => {
  const cases: [string, string | undefined, string][] = [
    ['absent', undefined, 'header_required'],
    ['empty', '', 'header_required'],
    ['only spaces', '   ', 'header_required'],
    ['a leading zero', '007', 'invalid_int64_header'],
    ['a plus sign', '+5', 'invalid_int64_header'],
    ['minus zero', '-0', 'invalid_int64_header'],
    ['a fraction', '1.5', 'invalid_int64_header'],
    ['an exponent', '1e3', 'invalid_int64_header'],
    ['hexadecimal', '0x10', 'invalid_int64_header'],
    ['a word', 'abc', 'invalid_int64_header'],
    ['twenty digits', '12345678901234567890', 'invalid_int64_header'],
    ['one past the largest Int64', '9223372036854775808', 'int64_out_of_range'],
    ['one past the smallest Int64', '-9223372036854775809', 'int64_out_of_range'],
    ['the largest 19-digit number', '9999999999999999999', 'int64_out_of_range'],
  ];
  for (const [name, value, code] of cases) {
    test(name, () => {
      assert.throws(
        () => parseInt64('document-id', value),
        (err: unknown) =>
          err instanceof AppError && err.statusCode === 400 && err.code === code && err.message.includes('document-id'),
      );
    });
  }
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { safeEqual } from '../../src/auth/compare.ts';

describe('safeEqual', () => {
  const cases: [string, string | undefined, string, boolean][] = [
    ['equal', 'secret', 'secret', true],
    ['different', 'secreT', 'secret', false],
    ['a prefix', 'secre', 'secret', false],
    ['longer', 'secrets', 'secret', false],
    ['empty given', '', 'secret', false],
    ['undefined given', undefined, 'secret', false],
    ['undefined given, empty expected', undefined, '', false],
    ['empty equals empty', '', '', true],
    ['case differs', 'SECRET', 'secret', false],
    ['unicode equal', 'pässwörd', 'pässwörd', true],
    ['unicode normalisation differs', 'e\u0301', '\u00e9', false],
    ['surrounding space', ' secret', 'secret', false],
  ];
  for (const [name, given, expected, result] of cases)
    test(name, () => assert.equal(safeEqual(given, expected), result));
});

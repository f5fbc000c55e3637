import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { indexNameProblem } from '../../src/core/index-name.ts';

describe('indexNameProblem accepts every name Azure AI Search accepts', () => {
  const cases: [string, string][] = [
    ['the default', 'pdf-chunks'],
    ['two characters', 'ab'],
    ['digits only', '42'],
    ['a leading digit', '1st-index'],
    ['underscores', 'pdf_chunks_v2'],
    ['dashes and underscores apart', 'a-b_c-d'],
    ['a trailing dash (only the first character is constrained)', 'chunks-'],
    ['a trailing underscore', 'chunks_'],
    ['128 characters', 'a'.repeat(128)],
  ];
  for (const [name, value] of cases) {
    test(name, () => assert.equal(indexNameProblem(value), undefined));
  }
});

describe('indexNameProblem refuses with the reason', () => {
  const cases: [string, string, string][] = [
    ['empty', '', 'must be 2 to 128 characters'],
    ['one character', 'a', 'must be 2 to 128 characters'],
    ['129 characters', 'a'.repeat(129), 'must be 2 to 128 characters'],
    ['upper case', 'Chunks', 'may hold only lowercase letters, digits, dashes and underscores'],
    ['a slash', 'a/b', 'may hold only lowercase letters, digits, dashes and underscores'],
    ['a dot', 'a.b', 'may hold only lowercase letters, digits, dashes and underscores'],
    ['a space', 'a b', 'may hold only lowercase letters, digits, dashes and underscores'],
    ['non-ASCII', 'índice', 'may hold only lowercase letters, digits, dashes and underscores'],
    ['a leading dash', '-chunks', 'must start with a letter or digit'],
    ['a leading underscore', '_chunks', 'must start with a letter or digit'],
    ['two dashes', 'a--b', 'must not hold two dashes or underscores in a row'],
    ['two underscores', 'a__b', 'must not hold two dashes or underscores in a row'],
    ['a dash then an underscore', 'a-_b', 'must not hold two dashes or underscores in a row'],
    ['an underscore then a dash', 'a_-b', 'must not hold two dashes or underscores in a row'],
  ];
  for (const [name, value, reason] of cases) {
    test(name, () => assert.equal(indexNameProblem(value), reason));
  }
});

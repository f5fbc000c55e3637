import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SHOWN_DEPTH, shownDepth } from '../../src/documents/list-depth.ts';

// [name, the item's depth, the depth the item before it was shown at, the depth shown]
const cases: [string, number | undefined, number | undefined, number][] = [
  ['a top-level item', 0, undefined, 0],
  ['no depth given: the top', undefined, 2, 0],
  ['a sub-item under its parent', 1, 0, 1],
  ['a third level under the second', 2, 1, 2],
  ['back out to the top after a nested list', 0, 2, 0],
  ['back out one level', 1, 2, 1],
  ['a list opening at a deeper level starts at the left', 2, undefined, 0],
  ['a skipped level is shown one level in', 3, 1, 2],
  ['a negative depth is the top', -1, 0, 0],
  ['no deeper than the deepest level shown', 20, 20, MAX_SHOWN_DEPTH],
];
for (const [name, depth, previous, want] of cases)
  test(`shownDepth: ${name}`, () => {
    assert.equal(shownDepth(depth, previous), want);
  });

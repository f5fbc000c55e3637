// hasListMarker: which item texts open with their own marker (a bullet or a number as written).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasListMarker } from '../../src/documents/list-marker.ts';

const cases: [text: string, want: boolean][] = [
  ['- milk', true],
  ['• milk', true],
  ['2) second', true],
  ['3. third', true],
  ['iv. fourth', true],
  ['1.2. nested', true],
  ['2.1 nested', true],
  ['(b) second', true],
  ['(3) third', true],
  ['AA. after Z', true],
  ['1.b.1. tar xf', true],
  ['I.2. Chapter two', true],
  ['A.3) third', true],
  ['ii.4. fourth', true],
  ['milk', false],
  ['e.g. a word', false],
  ['i.e. that is', false],
  ['3.x is supported', false],
  ['v1.2. was released', false],
  ['1.b.1.tar', false],
  ['Yes. Next', false],
  ['did. it', false],
  ['2026 was a year', false],
];

for (const [text, want] of cases)
  test(`hasListMarker(${JSON.stringify(text)}) is ${want}`, () => assert.equal(hasListMarker(text), want));

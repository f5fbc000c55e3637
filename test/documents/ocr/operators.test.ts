// follow (src/documents/ocr/operators.ts): the current transform through save/restore, cm and
// form XObjects, with pdf.js's operator codes; false for any other operator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OPS } from '../../../src/documents/formats/pdf/pdfjs.ts';
import { follow, transforms, type Matrix } from '../../../src/documents/ocr/operators.ts';

type Op = [fn: number, args: unknown[] | null];

const cm = (...m: number[]): Op => [OPS.transform, m];
const save: Op = [OPS.save, null];
const restore: Op = [OPS.restore, null];
const formBegin = (m: unknown): Op => [OPS.paintFormXObjectBegin, [m, null]];
const formEnd: Op = [OPS.paintFormXObjectEnd, null];

const cases: { name: string; ops: Op[]; ctm: Matrix; depth: number }[] = [
  { name: 'no operator: the identity', ops: [], ctm: [1, 0, 0, 1, 0, 0], depth: 0 },
  { name: 'a scale', ops: [cm(2, 0, 0, 3, 0, 0)], ctm: [2, 0, 0, 3, 0, 0], depth: 0 },
  { name: 'a translation', ops: [cm(1, 0, 0, 1, 10, 20)], ctm: [1, 0, 0, 1, 10, 20], depth: 0 },
  {
    name: 'cm concatenates: a translation in scaled space',
    ops: [cm(2, 0, 0, 2, 0, 0), cm(1, 0, 0, 1, 10, 20)],
    ctm: [2, 0, 0, 2, 20, 40],
    depth: 0,
  },
  {
    name: 'cm concatenates: a scale after a translation keeps the origin',
    ops: [cm(1, 0, 0, 1, 10, 20), cm(2, 0, 0, 2, 0, 0)],
    ctm: [2, 0, 0, 2, 10, 20],
    depth: 0,
  },
  {
    name: 'a rotation by 90 degrees',
    ops: [cm(0, 1, -1, 0, 0, 0), cm(1, 0, 0, 1, 5, 0)],
    ctm: [0, 1, -1, 0, 0, 5],
    depth: 0,
  },
  {
    name: 'save, cm, restore: back to before',
    ops: [save, cm(3, 0, 0, 3, 1, 1), restore],
    ctm: [1, 0, 0, 1, 0, 0],
    depth: 0,
  },
  { name: 'save, cm: the cm holds, one saved', ops: [save, cm(3, 0, 0, 3, 1, 1)], ctm: [3, 0, 0, 3, 1, 1], depth: 1 },
  {
    name: 'a restore with nothing saved keeps the transform',
    ops: [cm(2, 0, 0, 2, 0, 0), restore],
    ctm: [2, 0, 0, 2, 0, 0],
    depth: 0,
  },
  { name: 'a cm without arguments does nothing', ops: [[OPS.transform, null]], ctm: [1, 0, 0, 1, 0, 0], depth: 0 },
  {
    name: "a cm with fewer numbers takes the identity's for the rest",
    ops: [cm(2)],
    ctm: [2, 0, 0, 1, 0, 0],
    depth: 0,
  },
  {
    name: "a form's matrix applies inside it",
    ops: [cm(2, 0, 0, 2, 0, 0), formBegin([1, 0, 0, 1, 50, 60])],
    ctm: [2, 0, 0, 2, 100, 120],
    depth: 1,
  },
  {
    name: "a form's matrix as a typed array",
    ops: [formBegin(new Float32Array([0.5, 0, 0, 0.5, 4, 8]))],
    ctm: [0.5, 0, 0, 0.5, 4, 8],
    depth: 1,
  },
  { name: 'a form without a matrix keeps the transform', ops: [formBegin(null)], ctm: [1, 0, 0, 1, 0, 0], depth: 1 },
  {
    name: "a form's end restores the transform before it",
    ops: [cm(2, 0, 0, 2, 0, 0), formBegin([1, 0, 0, 1, 50, 60]), cm(9, 0, 0, 9, 0, 0), formEnd],
    ctm: [2, 0, 0, 2, 0, 0],
    depth: 0,
  },
];

for (const c of cases) {
  test(`follow: ${c.name}`, () => {
    const t = transforms();
    for (const [fn, args] of c.ops) assert.equal(follow(t, OPS, fn, args), true);
    assert.deepEqual(t.ctm, c.ctm);
    assert.equal(t.stack.length, c.depth);
  });
}

const others: [name: string, fn: number][] = [
  ['paintImageXObject', OPS.paintImageXObject],
  ['showText', OPS.showText],
  ['setGState', OPS.setGState],
  ['dependency', OPS.dependency],
];

for (const [name, fn] of others) {
  test(`follow: ${name} is not a transform operator (false, transform unchanged)`, () => {
    const t = transforms();
    follow(t, OPS, OPS.transform, [2, 0, 0, 2, 1, 1]);
    assert.equal(follow(t, OPS, fn, [[1, 0, 0, 1, 9, 9]]), false);
    assert.deepEqual(t, { ctm: [2, 0, 0, 2, 1, 1], stack: [] });
  });
}

test('transforms: a fresh identity and empty stack each call', () => {
  const a = transforms();
  a.stack.push(a.ctm);
  assert.deepEqual(transforms(), { ctm: [1, 0, 0, 1, 0, 0], stack: [] });
});

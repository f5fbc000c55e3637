import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  headingShape,
  isHeading,
  normalizeTitle,
  type HeadingContext,
} from '../../../../src/documents/formats/pdf/headings.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';

test('headingShape', async (t) => {
  const cases: [string, ReturnType<typeof headingShape>][] = [
    ['1 Introduction and preliminaries', 'numbered'],
    ['2.3 Vector arithmetic', 'numbered'],
    ['A.1 Glossary of terms', 'numbered'],
    ['10.7 Scope', 'numbered'],
    ['CHAPTER 4 OVERVIEW OF SYSTEM', 'keyword'],
    ['Section 2: Prescription requirements', 'keyword'],
    ['Chapter 12: Graphical procedures', 'keyword'],
    ['Appendix A', 'keyword'],
    ['Introduction to insurance', 'keyword'],
    ['Overview', 'keyword'],
    ['CLAIMS AND APPEALS', 'caps'],
    ['1. Make work the working directory and start the program as before:', null],
    ['3 by 4 by 2 array', null],
    ['This is an ordinary sentence that goes on and on with many words in it for sure.', null],
    ['x <- c(10.4, 5.6, 3.1)', null],
    ['OK', null],
    ['Summary of the results, which continue,', null],
    ['2019 was a good year for the company and its shareholders', null],
  ];
  for (const [text, want] of cases) await t.test(text, () => assert.equal(headingShape(text), want));
});

const line = (text: string, o: Partial<TextLine> = {}): TextLine => ({
  text,
  x: 72,
  xEnd: 300,
  y: 700,
  size: 10,
  font: 'body',
  mono: false,
  ...o,
});
const ctx: HeadingContext = {
  bodySize: 10,
  bodyFont: 'body',
  fontVariety: true,
  outline: new Set(['random number generator']),
};

test('isHeading', async (t) => {
  const cases: [string, TextLine, HeadingContext, boolean][] = [
    ['numbered, bigger font', line('2.1 Vectors and assignment', { size: 14 }), ctx, true],
    ['numbered, bold font', line('2.1 Vectors and assignment', { font: 'bold' }), ctx, true],
    ['numbered list item in body font', line('2 Start the program', {}), ctx, false],
    ['code line in monospace', line('SET TERMINAL PNG', { mono: true, font: 'tt' }), ctx, false],
    ['outline title in bold without a pattern', line('Random number generator', { font: 'bold' }), ctx, true],
    ['outline title in body font without a pattern', line('Random number generator'), ctx, false],
    ['one-font document: the shape decides', line('CHAPTER 4 OVERVIEW'), { ...ctx, fontVariety: false }, true],
    ['one-font document: plain text', line('Random words here'), { ...ctx, fontVariety: false }, false],
  ];
  for (const [name, l, c, want] of cases) await t.test(name, () => assert.equal(isHeading(l, c), want));
});

test('normalizeTitle strips numbering and prefixes', () => {
  assert.equal(normalizeTitle('1.2 Related software and documentation'), 'related software and documentation');
  assert.equal(normalizeTitle('Chapter 3: Objects, their modes'), 'objects their modes');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyPage } from '../../../../src/documents/formats/pdf/toc.ts';
import type { PageText } from '../../../../src/documents/formats/pdf/types.ts';

const page = (lines: string[]): PageText => ({
  number: 1,
  height: 792,
  lines: lines.map((text, i) => ({ text, x: 72, xEnd: 500, y: 700 - i * 12, size: 10, font: 'f', mono: false })),
});

const body = [
  'R is an integrated suite of software facilities for data manipulation, calculation and',
  'graphical display. Among other things it has an effective data handling and storage',
  'facility, a suite of operators for calculations on arrays, in particular matrices, a large',
  'coherent, integrated collection of intermediate tools for data analysis, graphical facilities',
  'for data analysis and display either directly at the computer or on hardcopy, and a well',
  'developed, simple and effective programming language which includes conditionals, loops.',
];

test('classifyPage', async (t) => {
  const cases: [string, string[], boolean][] = [
    ['dot-leader contents', ['Table of Contents', 'Preface . . . . . . . . 1', '1 Introduction . . . . . . 2', '1.1 The R environment . . . . 2', '1.2 Related software . . . . 2', '1.3 R and statistics . . . . 3'], true],
    ['contents without leaders, numbers in order (Chromium)', ['Table of Contents', 'Medical procedure 3', 'External budget 3', 'Section 2: Prescription requirements 3', 'Standard insurance 4', 'Introduction to document 4', 'CHAPTER 4 OVERVIEW OF SYSTEM 5'], true],
    ['back-of-book index', ['INDEX', 'A', 'abs, 33', 'acos, 34', 'acosh, 34, 120', 'all, 12, 45–47', '202, 203, 210', 'angles, 55, 136'], true],
    ['list of figures', ['List of Figures', '1.1 A plot . . . . . 4', '1.2 Another plot . . . . 9', '2.1 Surfaces . . . . 14', '2.2 Contours . . . . 20'], true],
    ['body text', body, false],
    ['body text with a few lines ending in numbers', [...body, 'as described in chapter 3', 'see the figures on page 12'], false],
    ['data table with numbers out of order', ['Mean value 42', 'Median value 17', 'Max value 99', 'Min value 3', 'Range value 96', 'Count value 12'], false],
    ['numbered list items (no trailing page numbers)', ['1. Make work the working directory', '2. Start the program', '3. Issue commands', '4. Quit the program'], false],
  ];
  for (const [name, lines, want] of cases) await t.test(name, () => assert.equal(classifyPage(page(lines), 100).toc, want));
});

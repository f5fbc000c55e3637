import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headingLefts, leftKey } from '../../../../src/documents/formats/pdf/heading-lefts.ts';
import { findHeadings, type HeadingContext } from '../../../../src/documents/formats/pdf/headings.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';

type L = { x: number; font: string; mono: boolean; text: string; size: number };
const body = (x: number, text = 'a line of the body text, long enough to count.'): L => ({
  x,
  font: 'R',
  mono: false,
  text,
  size: 10,
});
const bold = (x: number, text: string): L => ({ x, font: 'B', mono: false, text, size: 10 });
// groff -man: section titles at 72 (capitals; two: too few for a left), subsection titles at
// 93.6, text at 122.4.
const page = (extra: L[] = []): L[] => [
  bold(72, 'DESCRIPTION'),
  bold(93.6, 'Matching Control'),
  body(122.4),
  body(122.4),
  bold(93.6, 'General Output Control'),
  body(122.4),
  bold(72, 'REGULAR EXPRESSIONS'),
  bold(93.6, 'Character Classes and Bracket Expressions'),
  body(122.4),
  body(122.4),
  ...extra,
];

test('headingLefts: a left of short titles alone, left of the body', () => {
  const cases: [string, L[], number[]][] = [
    ['subsection titles at a left of their own', page(), [leftKey(93.6)]],
    ['a body line at that left too', page([body(93.6)]), []],
    ['a title ending as a sentence there', page([bold(93.6, 'Note this.')]), []],
    ['typewriter titles', page().map((l) => (l.x === 93.6 ? { ...l, mono: true } : l)), []],
    ['in the body font', page().map((l) => (l.x === 93.6 ? { ...l, font: 'R' } : l)), []],
    ['two lines only', page().filter((l) => l.text !== 'General Output Control'), []],
    // A left right of the body's (an indented block of short bold lines) is none.
    ['right of the body', [...page(), bold(150, 'One'), bold(150, 'Two'), bold(150, 'Three')], [leftKey(93.6)]],
    ['no lines', [], []],
  ];
  for (const [name, lines, want] of cases)
    assert.deepEqual(
      [...headingLefts(lines, 'R')].sort((a, b) => a - b),
      want,
      name,
    );
});

test('findHeadings: a title at a heading left is a heading; the line under it at another left is not its title', () => {
  const tl = (text: string, x: number, y: number, font: string): TextLine => ({
    text,
    x,
    xEnd: x + text.length * 5,
    y,
    size: 10,
    font,
    mono: false,
  });
  const ctx: HeadingContext = { bodySize: 10, bodyFont: 'R', fontVariety: true, outline: new Set() };
  const lines = [
    tl('Traditional usage', 93.5, 700, 'B'),
    tl('tar {A|c|d|r|t|u|x} [ARG...]', 122.4, 688, 'B'),
    tl('Matching Control', 93.5, 660, 'B'),
    tl('Use patterns as the patterns.', 122.4, 648, 'R'),
  ];
  const cases: [string, HeadingContext, string[]][] = [
    ['with the left', { ...ctx, headingLefts: new Set([93.5]) }, ['Traditional usage', 'Matching Control']],
    ['without it', ctx, []],
  ];
  for (const [name, c, want] of cases)
    assert.deepEqual(
      findHeadings(lines, c).map((h) => h.text),
      want,
      name,
    );
});

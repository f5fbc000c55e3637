// sectionLabel (src/documents/section.ts): the section label of a heading, for every format:
// single spaces, at most 90 code points, cut at a word boundary (moved from the PDF headings test,
// which re-exports it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sectionLabel } from '../../src/documents/section.ts';

const long = '3.4 ' + 'Extraordinarily long heading words '.repeat(5);

const cases: [name: string, text: string, want: string][] = [
  ['a short heading stays as it is', '1 Introduction', '1 Introduction'],
  ['blanks collapse and are trimmed', '  1   Intro  ', '1 Intro'],
  ['tabs and line breaks are blanks', '2\tScope\nand purpose', '2 Scope and purpose'],
  ['exactly 90 code points stay whole', 'a'.repeat(90), 'a'.repeat(90)],
  [
    'a long heading is cut at the last word boundary within 90 code points',
    long,
    '3.4 Extraordinarily long heading words Extraordinarily long heading words Extraordinarily',
  ],
  ['no word boundary past 30 code points: cut at 90', 'w'.repeat(200), 'w'.repeat(90)],
  ['a boundary too early (not past 30) is not used', `ab ${'c'.repeat(120)}`, `ab ${'c'.repeat(87)}`],
  ['punctuation left at the cut is dropped', `${'a'.repeat(40)} bb, ${'y'.repeat(60)}`, `${'a'.repeat(40)} bb`],
  ['a dash left at the cut is dropped', `${'a'.repeat(40)} bb – ${'y'.repeat(60)}`, `${'a'.repeat(40)} bb`],
  ['code points, not UTF-16 units', '😀'.repeat(120), '😀'.repeat(90)],
  ['nothing', '', ''],
];

for (const [name, text, want] of cases) {
  test(`sectionLabel: ${name}`, () => {
    const got = sectionLabel(text);
    assert.equal(got, want);
    assert.ok([...got].length <= 90);
  });
}

import assert from 'node:assert/strict';
import test from 'node:test';
import {
  hangsUnderCitation,
  nextCitation,
  nextNumberedEntry,
  opensWithCitation,
} from '../../../../src/documents/formats/pdf/bibliography.ts';

test('opensWithCitation: a bracketed number or alphabetic key opens a bibliography entry', async (t) => {
  const cases: [string, string, boolean][] = [
    ['numeric', '[1] M. Goossens, F. Mittelbach and A. Samarin, The LaTeX Companion,', true],
    ['two digits', '[12] L. Lamport, LaTeX, A Document Preparation System,', true],
    ['alphabetic key', '[Lam94] Leslie Lamport. LaTeX: A Document Preparation System.', true],
    ['alphabetic key with a letter', '[GMS94a] Michel Goossens, Frank Mittelbach and', true],
    ['four-digit year', '[Knu1984] Donald E. Knuth. The TeXbook.', true],
    ['a word in brackets is no label', '[Note] This package is obsolete.', false],
    ['an optional argument', '[optional] the text of the entry', false],
    ['no space after the label', '[1]M. Goossens', false],
    ['a numbered item', '1. M. Goossens', false],
    ['in the middle of a line', 'as shown in [1] the', false],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(opensWithCitation(text), want));
});

test("hangsUnderCitation: an entry's further lines hang under its text, right of its label", async (t) => {
  // size 10, the entry's label at x 100: "[1] " may hang up to (3 * 0.6 + 1.5) * 10 = 33 units in.
  const cases: [string, string, number, boolean][] = [
    ["thebibliography's hang (pseudocode, 15.4 in)", '[1] M. Goossens, F. Mittelbach and A. Samarin,', 15.4, true],
    ['an alphabetic key hangs further', '[Lam94] Leslie Lamport. LaTeX: A Document', 45, true],
    ['too far right: a display', '[1] M. Goossens, F. Mittelbach and A. Samarin,', 40, false],
    ['at the label: the next entry, or a wrapped line back at the margin', '[1] M. Goossens, F. Mittelbach', 0, false],
    ['left of the label', '[1] M. Goossens, F. Mittelbach', -5, false],
    ['no label: an indented paragraph', 'M. Goossens wrote the companion with', 15, false],
  ];
  for (const [name, text, x, want] of cases)
    await t.test(name, () => assert.equal(hangsUnderCitation(text, 100, 100 + x, 10), want));
});

test('nextCitation: a label at the label of the entry before it opens the next entry', async (t) => {
  // size 12, the entry's first line at x 89.9.
  const cases: [string, string, string, number, boolean][] = [
    [
      'a one-line entry filling the measure, then the next (turnstile)',
      '[3] Helmut Kopka and Patrick W. Daly. A Guide to LaTeX. Addison-Wesley, 1999.',
      '[4] Leslie Lamport. LaTeX - A Document Preparation System',
      89.9,
      true,
    ],
    ['alphabetic keys', '[Kop99] Helmut Kopka and Patrick W. Daly.', '[Lam94] Leslie Lamport.', 90, true],
    ["the entry's own line, hanging", '[3] Helmut Kopka and Patrick W. Daly.', '[4] is cited twice here', 109.3, false],
    ['a paragraph, no label', 'Helmut Kopka and Patrick W. Daly wrote', '[4] Leslie Lamport.', 89.9, false],
    [
      'a line without a label',
      '[3] Helmut Kopka and Patrick W. Daly. A Guide to',
      'LaTeX. Addison-Wesley, 1999.',
      89.9,
      false,
    ],
  ];
  for (const [name, entry, text, x, want] of cases)
    await t.test(name, () => assert.equal(nextCitation(entry, 89.9, text, x, 12), want));
});

test("nextNumberedEntry: the next bare number at the entry's left opens the next entry", async (t) => {
  // The text at 10; entries at x 72.
  const cases: [string, string, string, number, boolean][] = [
    [
      "biblatex-phys's full line then '10 F. A. Cotton'",
      '9 A. M. Coghill and L. R. Garson, eds., The ACS style guide,',
      '10 F. A. Cotton, G. Wilkinson, C. A. Murillio, and M. Bochmann,',
      72,
      true,
    ],
    ['the next number but one', '9 A. M. Coghill and L. R. Garson,', '11 F. A. Cotton,', 72, false],
    ['the same number', '9 A. M. Coghill and L. R. Garson,', '9 F. A. Cotton,', 72, false],
    ['another left (a table column)', '9 A. M. Coghill and L. R. Garson,', '10 F. A. Cotton,', 140, false],
    ['no number on the entry', 'A. M. Coghill and L. R. Garson,', '10 F. A. Cotton,', 72, false],
    ['a number going on a sentence', '3 Process for manufacture', '4 of the imidazoles', 72, false],
  ];
  for (const [name, entry, text, x, want] of cases)
    await t.test(name, () => assert.equal(nextNumberedEntry(entry, 72, text, x, 10), want));
});

// The quality report's reference reading of plain text (scripts/quality/text-reference.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bodyIndentation, contentsLines, manPageLines, textReference } from '../../scripts/quality/text-reference.ts';

const prose = 'This line is long enough to be counted as a line of prose in the body.';
const nb = '\u00a0';

describe('textReference headings', () => {
  const cases: [string, string, string[]][] = [
    [
      'a manual page: sections at the margin and subsections at three columns, over a body at seven',
      `NAME\n       tar - an archiver\n\nSYNOPSIS\n   Traditional usage\n       ${prose}\n       ${prose}\n\n   UNIX-style usage\n       ${prose}\n\nOPTIONS\n       -A, --catenate\n              ${prose}\n`,
      ['NAME', 'SYNOPSIS', 'Traditional usage', 'UNIX-style usage', 'OPTIONS'],
    ],
    [
      'DocBook through w3m: titles at the margin alone, the body four columns in (no-break spaces)',
      `Chapter 1. Getting started\n\n${nb}${nb}${nb} ${prose}\n    ${prose}\n\n1.1. Social dynamics\n\n    ${prose}\n`,
      ['Chapter 1. Getting started', '1.1. Social dynamics'],
    ],
    [
      "a chapter's title over its first section's title",
      `Chapter 4. Required files\n\n4.1. control\n\n    ${prose}\n    ${prose}\n`,
      ['Chapter 4. Required files', '4.1. control'],
    ],
    [
      "a title page's copyright lines, one over the other, are no headings",
      `-----\n\nCopyright 1998 Josip Rodin\n\nCopyright 2010 Craig Small\n\n    ${prose}\n    ${prose}\n`,
      [],
    ],
    [
      'a question is a title; a line ending as a sentence is none',
      `2.1. What is sed?\n\n   ${prose}\n   ${prose}\n\nThis ends as a sentence.\n   ${prose}\n`,
      ['2.1. What is sed?'],
    ],
    [
      'underlined titles, at the margin of a margin-set text',
      `Introduction\n============\n\n${prose}\n\nReporting Bugs\n--------------\n\n${prose}\n`,
      ['Introduction', 'Reporting Bugs'],
    ],
    [
      "a rule under an item's last line, a table's header row and a box's line are no underlines",
      `a. The NEWLINE character is now a search terminator by the\n   incremental search functions.\n-------------------------------\n\n  Match position      Possible word boundaries\n  ----------------------------------------------\n\n* see the manual *\n******************\n`,
      [],
    ],
    [
      'a GNU NEWS file in outline mode: its * and ** lines',
      `GNU grep NEWS                -*- outline -*-\n\n* Noteworthy changes in release 3.8\n\n** Bug fixes\n\n  ${prose}\n\n* Noteworthy changes in release 3.7\n`,
      ['Noteworthy changes in release 3.8', 'Bug fixes', 'Noteworthy changes in release 3.7'],
    ],
    [
      'without the outline mode line, * lines are items',
      `GNU tar NEWS\n\n* Fix extraction over pipe\n\n** Fix a leak\n`,
      [],
    ],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.deepEqual(textReference(text).headings, want));
});

describe('textReference reading', () => {
  test("a manual page's header and footer lines are out; underlines too", () => {
    const text = [
      'TAR(1)          GNU TAR Manual          TAR(1)',
      '',
      'NAME',
      `       ${prose}`,
      '',
      'tar 1.34        February 2021           TAR(1)',
    ].join('\n');
    assert.equal(textReference(text).text, ['', 'NAME', `       ${prose}`, ''].join('\n'));
    assert.equal(textReference('Title\n=====\nbody').text, 'Title\nbody');
  });
  test('no code and no rows: plain text marks neither', () => {
    const r = textReference(`Example\n=======\n\n    $ tar -cf a.tar dir\n    $ tar -tf a.tar\n`);
    assert.deepEqual([r.code, r.rows], [[], []]);
  });
});

describe('manPageLines', () => {
  const cases: [string, string[], number[]][] = [
    [
      'header and footer',
      ['LS(1)    User Commands    LS(1)', 'NAME', 'GNU coreutils 9.1   April 2022   LS(1)'],
      [0, 2],
    ],
    ['a text not opening so has none', ['README', 'LS(1) is a page   see   LS(1)'], []],
  ];
  for (const [name, lines, want] of cases) test(name, () => assert.deepEqual([...manPageLines(lines)], want));
});

describe('contentsLines', () => {
  const cases: [string, string[], number[]][] = [
    [
      'DocBook through w3m: entries nested, up to the first chapter',
      ['Table of Contents', '', '1. Getting started', '    1.1. Social dynamics', 'Chapter 1. Getting started'],
      [0, 2, 3],
    ],
    [
      "a FAQ's: groups under entries, an entry wrapped, up to the first section's own title",
      [
        'CONTENTS',
        '',
        '1. GENERAL',
        '1.1. Intro',
        '',
        '4. EXAMPLES',
        '   ONE-LINERS',
        '4.22. How do I locate a',
        '      certain string?',
        '',
        '1. GENERAL',
        '',
        '1.1. Intro',
      ],
      [0, 2, 3, 5, 6, 7, 8],
    ],
    ['dot leaders and pages', ['Contents', 'Introduction ....... 3', 'Usage ........ 7', 'Then text.'], [0, 1, 2]],
    ['a "Contents" line over text is none', ['Contents', 'This package holds the manual.'], []],
  ];
  for (const [name, lines, want] of cases) test(name, () => assert.deepEqual([...contentsLines(lines)], want));
});

describe('bodyIndentation', () => {
  const cases: [string, string[], number][] = [
    [
      'a manual page: seven, though its option descriptions at fourteen hold more',
      ['NAME', `       ${prose}`, ...Array(3).fill(`              ${prose}`)],
      7,
    ],
    [
      'examples at the margin, a twentieth of the prose, are not the body',
      [prose, ...Array(15).fill(`   ${prose}`)],
      3,
    ],
    ['a README at the margin', [prose, prose, `    ${prose}`], 0],
  ];
  for (const [name, lines, want] of cases) test(name, () => assert.equal(bodyIndentation(lines), want));
});

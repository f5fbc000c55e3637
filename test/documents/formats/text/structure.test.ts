import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bodyIndent,
  codeLines,
  contentsRun,
  declaresOutline,
  indentOf,
  isTextHeading,
  itemRuns,
  manPageFurniture,
  outlineHeading,
  titleLines,
  underlineOf,
} from '../../../../src/documents/formats/text/structure.ts';

test('indentOf: blanks, tabs to the next multiple of eight', async (t) => {
  const cases: [string, number][] = [
    ['text', 0],
    ['   text', 3],
    ['\ttext', 8],
    ['  \ttext', 8],
    ['\t  text', 10],
    ['\u00a0\u00a0\u00a0 text', 4], // w3m's no-break spaces
    ['', 0],
  ];
  for (const [line, want] of cases) await t.test(JSON.stringify(line), () => assert.equal(indentOf(line), want));
});

test('bodyIndent: the smallest indentation holding a tenth of the text', async (t) => {
  const prose = 'x'.repeat(60);
  const cases: [string, string[], number][] = [
    ['a README at the margin', [prose, prose, '  - item one', prose], 0],
    [
      'a manual page: headings at 0 and 3, prose at 7, option descriptions at 14 (more of them)',
      ['NAME', `       ${prose}`, '   Usage', `       ${prose}`, ...Array(6).fill(`              ${prose}`)],
      7,
    ],
    [
      'an RFC: titles at the margin, the body at 3',
      ['1.  Introduction', ...Array(4).fill(`   ${prose}`), '2.  Scope', ...Array(4).fill(`   ${prose}`)],
      3,
    ],
    ['nothing', ['', '  '], 0],
  ];
  for (const [name, lines, want] of cases) await t.test(name, () => assert.equal(bodyIndent(lines), want));
});

test('isTextHeading: left of the body, or a heading shape alone at the body', async (t) => {
  // [name, line, its indentation, the next line's (undefined: blank or end), body, heading?]
  const cases: [string, string, number, number | undefined, number, boolean][] = [
    ["a manual page's section over its body", 'DESCRIPTION', 0, 7, 7, true],
    ["a manual page's subsection", '   Traditional usage', 3, 7, 7, true],
    ['a section alone before a blank line', 'SEE ALSO', 0, undefined, 7, true],
    ['an option term at the body, its text deeper', '       -E, --extended-regexp', 7, 14, 7, false],
    ['a line over a line as deep (a paragraph)', 'DESCRIPTION', 0, 0, 7, false],
    ['left of the body but a sentence', 'This is how it ends.', 0, undefined, 7, false],
    ['left of the body but columns (a header line)', 'TAR(1)     GNU TAR Manual     TAR(1)', 0, undefined, 7, false],
    ['left of the body but long', 'x'.repeat(70), 0, 7, 7, false],
    ["an admonition's name left of the body: a manual page's section", 'NOTES', 0, 7, 7, true],
    ['an admonition label alone at the body', 'NOTE', 0, undefined, 0, false],
    ['a caption left of the body', 'Figure 2: Layout', 0, 7, 7, false],
    [
      "a title page's line alone left of the body: no heading's shape",
      'Copyright © 2010 Craig Small',
      0,
      undefined,
      4,
      false,
    ],
    ['a numbered title alone left of the body, lower case after its number', '4.1. control', 0, undefined, 4, true],
    ['ALL CAPS alone at the margin body', 'INSTALLATION', 0, undefined, 0, true],
    ['a numbered title alone', '2. Installing the tool', 0, undefined, 0, true],
    ['a keyword alone', 'Introduction', 0, undefined, 0, true],
    ['a numbered step (a sentence) alone', '2. Run make install.', 0, undefined, 0, false],
    ['a plain short line alone', 'Thanks to everyone', 0, undefined, 0, false],
    ['ALL CAPS over the next line of its paragraph', 'WARNING SIGNS OF TROUBLE', 0, 0, 0, false],
    ['ALL CAPS deeper than the body (an example)', '    EXAMPLE OUTPUT', 4, undefined, 0, false],
    ['a bullet', '- INSTALLATION', 0, undefined, 0, false],
    ['longer than a section label may be', `INSTALL ${'X'.repeat(90)}`, 0, undefined, 0, false],
  ];
  for (const [name, line, indent, next, body, want] of cases)
    await t.test(name, () => assert.equal(isTextHeading(line, indent, next, body), want));
});

test("manPageFurniture: a manual page's header and footer lines, wherever they repeat", async (t) => {
  const cases: [string, string[], number[]][] = [
    [
      'groff -Tutf8 of tar(1)',
      [
        'TAR(1)                GNU TAR Manual                TAR(1)',
        '',
        'NAME',
        '       tar - an archiving utility',
        'tar 1.34             February 2021                  TAR(1)',
        'TAR(1)                GNU TAR Manual                TAR(1)',
        '       more text',
        'tar 1.34             February 2021                  TAR(1)',
      ],
      [0, 4, 5, 7],
    ],
    ['a dashed name', ['git-log(1)     Git Manual     git-log(1)', 'NAME'], [0]],
    ['no page name', ['Release notes     2021     Page 1', 'text'], []],
    ['first and last fields differ', ['TAR(1)     Manual     LS(1)'], []],
    ['a text about a command', ['See tar(1) for more.', 'TAR(1)   x   TAR(1)'], []],
    ['nothing', [], []],
  ];
  for (const [name, lines, want] of cases)
    await t.test(name, () => assert.deepEqual([...manPageFurniture(lines)], want));
});

test('itemRuns: list items with their wrapped lines', async (t) => {
  const cases: [string, string[], string[] | null][] = [
    [
      "a changelog's items, wrapped",
      ['* Fix the parser when', '  the input is empty.', '* Faster start-up.'],
      ['* Fix the parser when the input is empty.', '* Faster start-up.'],
    ],
    [
      'numbered, wrapped under their text',
      ['1. Download the', '   archive.', '2. Unpack it.'],
      ['1. Download the archive.', '2. Unpack it.'],
    ],
    ['a line back at the margin ends no list: text', ['* one', 'and then prose', '* two'], null],
    ['one item is no list', ['- only', '  this'], null],
    ['not opening with an item', ['Intro line', '- one', '- two'], null],
  ];
  for (const [name, lines, want] of cases) await t.test(name, () => assert.deepEqual(itemRuns(lines), want));
});

test('underlineOf: a line of one repeated mark', async (t) => {
  const cases: [string, string | null][] = [
    ['=====', '='],
    ['-----------', '-'],
    ['  ~~~~  ', '~'],
    ['^^^', '^'],
    ['==', '='],
    ['=', null],
    ['=-=-=', null],
    ['--- text', null],
    ['....', null],
  ];
  for (const [line, want] of cases) await t.test(JSON.stringify(line), () => assert.equal(underlineOf(line), want));
});

test('codeLines: an indented paragraph of a margin-bodied text is code, its inner indentation kept', async (t) => {
  const cases: [string, string[], number, string[] | null][] = [
    ['a shell session', ['    $ make', '    $ make install'], 0, ['$ make', '$ make install']],
    ['nested indentation kept', ['    if (x) {', '        run();', '    }'], 0, ['if (x) {', '    run();', '}']],
    ['a tab', ['\tgcc -O2 main.c'], 0, ['gcc -O2 main.c']],
    ['a command without signs: lower case, no sentence', ['    sudo make install'], 0, ['sudo make install']],
    ['an assignment', ['    make LDFLAGS=-all-static'], 0, ['make LDFLAGS=-all-static']],
    ['a call', ['    rl_bind_key_if_unbound()'], 0, ['rl_bind_key_if_unbound()']],
    [
      "a licence's indented item: wrapped prose",
      ['    a) The work must carry prominent notices stating that you modified', '    it, and giving a relevant date.'],
      0,
      null,
    ],
    ['a centred title', ['                            Preamble'], 0, null],
    [
      'a centred title over its version',
      ['                       GNU GENERAL PUBLIC LICENSE', '                          Version 3, 29 June 2007'],
      0,
      null,
    ],
    ['an indented sentence', ['    Posix mode is now compliant.'], 0, null],
    ['one line at the margin: a paragraph', ['    $ make', 'then install'], 0, null],
    ['indented two: a paragraph', ['  quoted text', '  goes on'], 0, null],
    ["a manual page's deeper lines: definitions as often as examples", ['              tar -cf a.tar /etc'], 7, null],
  ];
  for (const [name, lines, body, want] of cases)
    await t.test(name, () => assert.deepEqual(codeLines(lines, body), want));
});

test("isTextHeading: a contents list's chapter over its numbered sections is no heading", () => {
  assert.equal(isTextHeading('1. Getting started', 0, 4, 4, '1.1. Social dynamics of Debian'), false);
  assert.equal(isTextHeading('DESCRIPTION', 0, 7, 7, 'GNU tar saves many files together'), true);
});

test('titleLines: a paragraph whose every line is a numbered title, a block each', async (t) => {
  const cases: [string, string[], string[] | null][] = [
    [
      "DocBook's text contents list",
      ['4. Required files', '    4.1. control', '    4.4.1. Targets of the rules file', 'A. Advanced packaging'],
      ['4. Required files', '4.1. control', '4.4.1. Targets of the rules file', 'A. Advanced packaging'],
    ],
    ['a line of prose among them', ['1. Scope', 'This manual covers it.'], null],
    ['one line', ['1. Scope'], null],
    ['a year is no number of a section', ['2022-10-08 03:52:48 UTC', '1. Scope'], null],
  ];
  for (const [name, lines, want] of cases) await t.test(name, () => assert.deepEqual(titleLines(lines), want));
});

test('declaresOutline: the mode line on the first non-blank line only', async (t) => {
  const cases: [string[], boolean][] = [
    [['GNU coreutils NEWS                                    -*- outline -*-', '* x'], true],
    [['', 'GNU sed NEWS   -*- mode: outline; coding: utf-8 -*-'], true],
    [['GNU Wget NEWS -- history of user-visible changes.', '-*- outline -*-'], false],
    [['GNU tar NEWS - User visible changes.'], false],
  ];
  for (const [lines, want] of cases) await t.test(lines.join('|'), () => assert.equal(declaresOutline(lines), want));
});

test('outlineHeading: stars at the margin give the level', async (t) => {
  const cases: [string, { level: number; text: string } | null][] = [
    [
      '* Noteworthy changes in release 3.8 (2022-09-02) [stable]',
      { level: 1, text: 'Noteworthy changes in release 3.8 (2022-09-02) [stable]' },
    ],
    ['** Bug fixes', { level: 2, text: 'Bug fixes' }],
    ['  * an indented item', null],
    ['**bold**', null],
    [`* ${'x'.repeat(100)}`, null],
  ];
  for (const [line, want] of cases) await t.test(line, () => assert.deepEqual(outlineHeading(line), want));
});

test('contentsRun: a contents list worded unlike its headings, up to the first repeated entry', async (t) => {
  const cases: [string, string[], number[]][] = [
    [
      "a FAQ's: groups and wrapped entries set deeper, the sections after it",
      [
        'CONTENTS',
        '',
        '1. GENERAL',
        '1.1. Intro',
        '',
        '4. EXAMPLES',
        '   ONE-LINERS',
        '4.41.1. ... ssed solution',
        '4.22. How do I locate a',
        '      certain string?',
        '',
        '1. GENERAL',
        '1.1. Introduction - how this FAQ is organized',
        '4. EXAMPLES',
        '4.41.1. - ssed and Perl solution',
        '4.22. How do I locate a paragraph',
      ],
      [0, 2, 3, 5, 6, 7, 8, 9],
    ],
    [
      'a "Contents:" over a numbered list of files, no section numbered so after it, is none',
      ['Contents:', '1. README - this file', '2. src/ - the sources', '', 'Build with make.'],
      [],
    ],
    ['a contents title over prose is none', ['Contents', 'This package holds the manual.'], []],
  ];
  for (const [name, lines, want] of cases) await t.test(name, () => assert.deepEqual([...contentsRun(lines)], want));
});

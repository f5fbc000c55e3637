import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textBlocks } from '../../../../src/documents/formats/text/extract.ts';

// Paragraphs by blank lines, lines joined; a run of list lines gives items.
const blockCases: [string, string, string[]][] = [
  ['two paragraphs', 'One line\nwrapped here.\n\nSecond.', ['paragraph:One line wrapped here.', 'paragraph:Second.']],
  ['CRLF and blank lines with spaces', 'A\r\nB\r\n  \r\nC', ['paragraph:A B', 'paragraph:C']],
  ['a list', '- milk\n- bread\n2) eggs', ['item:- milk', 'item:- bread', 'item:2) eggs']],
  ['one dash line is text', '- just this', ['paragraph:- just this']],
  ['nothing', '\n\n  \n', []],
  [
    'a manual page set as text: header and footer gone, sections and subsections headings',
    'TAR(1)      GNU TAR Manual      TAR(1)\n\nNAME\n       tar - an archiving utility\n\nSYNOPSIS\n   Traditional usage\n       tar {A|c|d|r|t|u|x}[GnSkUWOmpsMBiajJzZhPlRvwo] [ARG...]\n\nDESCRIPTION\n       GNU tar saves many files together into a single tape or disk ar‐\n       chive, and can restore individual files from the archive.\n\ntar 1.34      February 2021      TAR(1)',
    [
      'heading:NAME',
      'paragraph:tar - an archiving utility',
      'heading:SYNOPSIS',
      'heading:Traditional usage',
      'paragraph:tar {A|c|d|r|t|u|x}[GnSkUWOmpsMBiajJzZhPlRvwo] [ARG...]',
      'heading:DESCRIPTION',
      'paragraph:GNU tar saves many files together into a single tape or disk archive, and can restore individual files from the archive.',
    ],
  ],
  [
    'headings by the interface cues, standing alone; a title over its underline',
    'INTRODUCTION\n\nThe tool reads stdin.\n\n2. Installing the tool\n\nRun make install.\n\nUsage notes\n===========\nIt prints.\n\n=====\nFAQ\n=====\n\nNone yet.',
    [
      'heading:INTRODUCTION',
      'paragraph:The tool reads stdin.',
      'heading:2. Installing the tool',
      'paragraph:Run make install.',
      'heading:Usage notes',
      'paragraph:It prints.',
      'heading:FAQ',
      'paragraph:None yet.',
    ],
  ],
  [
    'a paragraph ending in a short capital line keeps it',
    'See the chapter on\nINSTALLATION\n\nDone.',
    ['paragraph:See the chapter on INSTALLATION', 'paragraph:Done.'],
  ],
  [
    "DocBook's text output (w3m: no-break space indents): its contents list and title gone, chapters and sections headings",
    'Table of Contents\n\n1. Getting started\n    1.1. Social dynamics\n    1.2. Programs needed\nA. Advanced packaging\n\nChapter 1. Getting started\n\n\u00a0\u00a0\u00a0 This document tries to describe the building of a package,\n\u00a0\u00a0\u00a0 in plain words.\n\n1.1. Social dynamics\n\n\u00a0\u00a0\u00a0 Here are some observations.\n\n1.2. Programs needed\n\n\u00a0\u00a0\u00a0 Before you start, install them.\n\nAppendix A. Advanced packaging\n\n\u00a0\u00a0\u00a0 Shared libraries are hard.',
    [
      'heading:Chapter 1. Getting started',
      'paragraph:This document tries to describe the building of a package, in plain words.',
      'heading:1.1. Social dynamics',
      'paragraph:Here are some observations.',
      'heading:1.2. Programs needed',
      'paragraph:Before you start, install them.',
      'heading:Appendix A. Advanced packaging',
      'paragraph:Shared libraries are hard.',
    ],
  ],
  [
    'a GNU NEWS file in outline mode: its starred lines are headings',
    'GNU grep NEWS        -*- outline -*-\n\n* Noteworthy changes in release 3.8 (2022-09-02) [stable]\n\n** Bug fixes\n\n  grep -c no longer stops\n  counting.\n',
    [
      'paragraph:GNU grep NEWS        -*- outline -*-',
      'heading:Noteworthy changes in release 3.8 (2022-09-02) [stable]',
      'heading:Bug fixes',
      'paragraph:grep -c no longer stops counting.',
    ],
  ],
  [
    'without the outline mode line, starred lines stay items',
    'GNU tar NEWS\n\n* Fix a leak\n* Add an option\n',
    ['paragraph:GNU tar NEWS', 'item:* Fix a leak', 'item:* Add an option'],
  ],
  [
    'a contents list worded unlike its headings is left out',
    'CONTENTS\n\n1. GENERAL\n1.1. Intro\n\n---\n\n1. GENERAL\n\n1.1. Introduction to it\n\n   This FAQ answers questions.\n',
    ['heading:1. GENERAL', 'heading:1.1. Introduction to it', 'paragraph:This FAQ answers questions.'],
  ],
  [
    'a list with wrapped items',
    '* Fix the parser when\n  the input is empty.\n* Faster.',
    ['item:* Fix the parser when the input is empty.', 'item:* Faster.'],
  ],
];
for (const [name, text, want] of blockCases) {
  test(`textBlocks: ${name}`, () =>
    assert.deepEqual(
      textBlocks(text).map((b) => `${b.kind}:${b.text}`),
      want,
      name,
    ));
}

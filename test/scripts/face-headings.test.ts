import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { faceHeadings } from '../../scripts/quality/face-headings.ts';
import { type XmlFragment, wholeBold } from '../../scripts/quality/pdf-code.ts';

type F = [page: number, top: number, left: number, text: string, family: string, size: number, bold?: true];
const frag = ([page, top, left, text, family, size, bold]: F): XmlFragment => ({
  page,
  top,
  left,
  width: text.length * 7,
  height: size,
  mono: /Courier/.test(family),
  text,
  size,
  family,
  ...(bold ? { bold } : {}),
});
// A man page's page: running head and foot at the margin, .SH titles at the margin, .TP tags at
// the paragraph indent, descriptions further in, body text in Times 15.
const body = (page: number, top: number, left: number, text = 'some words of running text set in the body face') =>
  [page, top, left, text, 'Times', 15] as F;
const manPage = (titleFace: [string, number, true?], tagFace: [string, number, true?], tagsWhole = true): F[] => [
  body(1, 60, 108, 'LS(1) User Commands LS(1)'),
  [1, 100, 108, 'NAME', ...titleFace],
  body(1, 120, 162),
  [1, 140, 108, 'DESCRIPTION', ...titleFace],
  ...[160, 180, 200, 220].map((t) => body(1, t, 162)),
  [1, 240, 162, '--all', ...tagFace],
  ...(tagsWhole ? [] : [body(1, 240, 200, 'with words after it')]),
  body(1, 260, 216),
  [1, 280, 162, '--author', ...tagFace],
  body(1, 300, 216),
  body(1, 320, 216),
  [1, 340, 108, 'SEE ALSO', ...titleFace],
  body(1, 360, 162),
  body(1, 1100, 108, 'GNU coreutils 9.1 September 2022 1'),
];

describe('faceHeadings: the lines set wholly in the face and size of a PDF section headings', () => {
  const cases: [string, F[], string[]][] = [
    [
      'titles a point larger than the body (groff -man through Ghostscript); tags in bold at the body size are terms',
      manPage(['Times', 16, true], ['Times', 15, true]),
      ['NAME', 'DESCRIPTION', 'SEE ALSO'],
    ],
    [
      'titles in bold at the body size left of the text (gropdf, mdoc); tags in the same face at the text left are not; the running head and foot at the margin count for no left',
      manPage(['Times', 15, true], ['Times', 15, true]),
      ['NAME', 'DESCRIPTION', 'SEE ALSO'],
    ],
    [
      "titles in bold at the body's size set right of the text's left (a printed web page's indented <h5>)",
      [
        ...[100, 120, 140, 160, 180, 200].map((t) => body(1, t, 69)),
        [1, 220, 77, 'Format 1', 'DejaVuSans', 15, true],
        body(1, 240, 69),
        [1, 260, 77, 'Examples', 'DejaVuSans', 15, true],
        body(1, 280, 69),
      ],
      ['Format 1', 'Examples'],
    ],
    [
      'a face used inline is no heading face (bold tags with text after them on their line)',
      manPage(['Times', 16, true], ['Times', 15, true], false),
      ['NAME', 'DESCRIPTION', 'SEE ALSO'],
    ],
    [
      'typewriter lines are no headings',
      [
        body(1, 60, 108),
        [1, 100, 108, 'make all', 'Courier', 15],
        [1, 120, 108, 'make install', 'Courier', 15],
        body(1, 140, 108),
        body(1, 160, 108),
        body(1, 180, 108),
      ],
      [],
    ],
    [
      'a face smaller than the body (a footnote) is none',
      [
        body(1, 60, 108),
        body(1, 80, 108),
        body(1, 100, 108),
        [1, 1000, 100, 'A footnote', 'Times', 11],
        [1, 1010, 100, 'Another footnote', 'Times', 11],
        body(1, 1100, 108),
      ],
      [],
    ],
    ['no fragments', [], []],
  ];
  for (const [name, fs, want] of cases) test(name, () => assert.deepEqual(faceHeadings(fs.map(frag)), want));
});

describe('wholeBold: pdftohtml text set wholly in bold', () => {
  const cases: [string, boolean][] = [
    ['<b>SEE ALSO</b>', true],
    ['<b>-a</b>, <b>--all</b>', false],
    ['plain', false],
    ['<b>ls </b>[<i>OPTION</i>]', false],
  ];
  for (const [raw, want] of cases) test(raw, () => assert.equal(wholeBold(raw), want));
});

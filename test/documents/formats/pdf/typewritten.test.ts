import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  isTypewritten,
  placeBlocks,
  readsAsSource,
  typedText,
} from '../../../../src/documents/formats/pdf/typewritten.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import type { TextLine } from '../../../../src/documents/formats/pdf/types.ts';
import type { DocumentBlock } from '../../../../src/documents/blocks.ts';
import { makePdf, type TextRun } from '../../helpers/make-pdf.ts';

/** A line at column `col` (6 units a column from x 72) and baseline y; monospaced unless said. */
const line = (text: string, y: number, col = 0, mono = true): TextLine => {
  const x = 72 + col * 6;
  return {
    text,
    x,
    xEnd: x + text.length * 6,
    y,
    size: 10,
    font: mono ? 'cour' : 'helv',
    mono,
    ...(mono ? { set: { text, x, advance: 6 } } : {}),
  };
};
const prose = 'The licenses for most software are designed to take away your freedom to share it.';

test('isTypewritten: a document typed in one monospaced face throughout', async (t) => {
  const cases: [string, TextLine[][], boolean][] = [
    [
      'every line monospaced',
      [
        [line(prose, 700), line(prose, 688)],
        [line(prose, 700), line(prose, 688)],
        [line(prose, 700), line(prose, 688)],
      ],
      true,
    ],
    [
      'a proportional book with code lines',
      [
        [line(prose, 700, 0, false), line('make install', 688)],
        [line(prose, 700, 0, false), line(prose, 688, 0, false)],
      ],
      false,
    ],
    ['a page of code alone is too little to judge', [[line('make install', 700), line('make check', 688)]], false],
    [
      'a proportional title over a typed text: 3 % allowed',
      [[line('Title', 720, 0, false), ...Array.from({ length: 8 }, (_, i) => line(prose, 700 - 12 * i))]],
      true,
    ],
    [
      'a tagged page says itself what its blocks are',
      [
        Array.from({ length: 8 }, (_, i) => ({
          ...line(prose, 700 - 12 * i),
          tag: { block: i, kind: 'paragraph' as const },
        })),
      ],
      false,
    ],
  ];
  for (const [name, pages, want] of cases)
    await t.test(name, () => assert.equal(isTypewritten(pages.map((lines) => ({ lines }))), want));
});

test('typedText: columns from the left margin, blank lines where the pitch opens, pages run on', () => {
  const typed = typedText([
    {
      number: 1,
      lines: [
        line('TITLE', 700),
        line('First line of a', 676, 2),
        line('paragraph that goes', 664),
        line('on.', 652),
        line('$ make', 628, 4),
        line('$ make install', 616, 4),
      ],
    },
    { number: 2, lines: [line('Next page.', 700)] },
  ]);
  assert.equal(
    typed.text,
    'TITLE\n\n  First line of a\nparagraph that goes\non.\n\n    $ make\n    $ make install\nNext page.',
  );
  assert.equal(typed.letters, 'TITLEFirstlineofaparagraphthatgoesonmakemakeinstallNextpage');
  assert.deepEqual([...typed.pageOf].slice(-10), [1, 1, 2, 2, 2, 2, 2, 2, 2, 2]);
});

test('placeBlocks: each block its page and page turns, text the reader left out skipped', () => {
  const letters = 'AlphabetaContentsOneTwoGammadelta';
  const pageOf = Uint32Array.from([...letters].map((_, i) => (i < 12 ? 1 : i < 26 ? 2 : 3)));
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: 'Alpha' },
    { kind: 'paragraph', text: 'beta' },
    { kind: 'paragraph', text: 'Gamma delta' },
    { kind: 'paragraph', text: '***' },
  ];
  placeBlocks(blocks, { letters, pageOf });
  assert.deepEqual(
    blocks.map((b) => [b.page, b.pageTurns]),
    [
      [1, undefined],
      [1, undefined],
      [2, [{ after: 3, page: 3 }]],
      [3, undefined],
    ],
  );
});

test('a text file printed in Courier is read as the text it was: paragraphs joined, code kept, pages found', async () => {
  const para = (n: number): [string, number][] => [
    [`Paragraph ${n} opens here and runs on for a while, as a text file's`, 0],
    ['lines do when an editor wraps them at seventy-two columns or so,', 0],
    ['and it ends on this third line.', 0],
    ['', 0],
  ];
  const page1: [string, number][] = [
    ['1. Getting started', 0],
    ['', 0],
    ...para(1),
    ['Run these commands in the source tree:', 0],
    ['', 0],
    ['$ ./configure --prefix=/usr', 4],
    ['$ make && make install', 4],
    ['', 0],
    ...para(2),
    ['This paragraph begins at the foot of the first page and goes', 0],
  ];
  const page2: [string, number][] = [['on at the top of the second page, where it ends.', 0], ['', 0], ...para(3)];
  // Blank lines are gaps of one line pitch: lay each page's lines at their rows.
  const rows = (ls: [string, number][], top = 740): { runs: TextRun[] } => ({
    runs: ls.flatMap(([text, col], i) =>
      text === '' ? [] : [{ text, x: 72 + col * 6, y: top - 12 * i, size: 10, font: 'F3' as const }],
    ),
  });
  const { blocks } = await extractPdf(makePdf({ pages: [rows(page1), rows(page2)] }));
  const shown = blocks.map((b) => [b.kind, b.page, b.text]);
  assert.deepEqual(shown.slice(0, 5), [
    ['heading', 1, '1. Getting started'],
    [
      'paragraph',
      1,
      "Paragraph 1 opens here and runs on for a while, as a text file's lines do when an editor wraps them at seventy-two columns or so, and it ends on this third line.",
    ],
    ['paragraph', 1, 'Run these commands in the source tree:'],
    ['code', 1, '$ ./configure --prefix=/usr\n$ make && make install'],
    [
      'paragraph',
      1,
      "Paragraph 2 opens here and runs on for a while, as a text file's lines do when an editor wraps them at seventy-two columns or so, and it ends on this third line.",
    ],
  ]);
  const turned = blocks.find((b) => b.text.startsWith('This paragraph begins'))!;
  assert.equal(
    turned.text,
    'This paragraph begins at the foot of the first page and goes on at the top of the second page, where it ends.',
  );
  assert.equal(turned.page, 1);
  assert.equal(turned.pageTurns?.[0]?.page, 2);
  assert.equal(blocks.at(-1)!.page, 2);
});

test('readsAsSource: a printed program stays a listing, prose and a README do not', async (t) => {
  const cases: [string, string, boolean][] = [
    ['C', '#include <stdio.h>\n\nint main(void)\n{\n  printf("hi\\n");\n  return 0;\n}\n', true],
    ['TypeScript', '// A rule.\nexport function f(x: number): number {\n  const y = x + 1;\n  return y;\n}\n', true],
    [
      'Python',
      'import os\n\n\ndef walk(top):\n    """Walk."""\n    for name in os.listdir(top):\n        yield name\n',
      true,
    ],
    ['a licence', 'GNU GENERAL PUBLIC LICENSE\n\n  0. Definitions.\n\n  "This License" refers to version 3.\n', false],
    [
      'a manual page as text',
      'NAME\n       tar - an archiving utility\n\nSYNOPSIS\n       tar -c [-f ARCHIVE] [FILE...]\n',
      false,
    ],
    [
      'a Markdown changelog',
      '# v1.15.0\n\n## Features\n\n- Add a flag (#123)\n- Faster output\n\n## Bugfixes\n\n- Fix a crash\n',
      false,
    ],
    [
      'a README with one example',
      'Build it:\n\n    ./configure\n    make\n\nThen read the manual, which says more than this file does.\nIt is long.\n',
      false,
    ],
    ['blank', '\n\n', false],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(readsAsSource(text), want));
});

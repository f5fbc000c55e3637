import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  hangsAfterFull,
  captioned,
  opensAfterHang,
  tagAfterSentence,
  tagsBesideText,
  textUnderTag,
  type HangLine,
  type ListContext,
  type TagRow,
} from '../../../../src/documents/formats/pdf/hanging.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { DEFAULT_OCR } from '../../../../src/documents/ocr/options.ts';
import { makePdf, type TextRun } from '../../helpers/make-pdf.ts';

// Lines of 10-point type; the right edge at 540.
const RIGHT = 540;
const line = (x: number, xEnd: number, pieces?: [string, number, number][]): HangLine => ({
  x,
  xEnd,
  size: 10,
  ...(pieces ? { pieces: pieces.map(([text, px, pxEnd]) => ({ text, x: px, xEnd: pxEnd })) } : {}),
});
const tagLine = line(72, 240, [
  ['-C', 72, 82],
  ['list entries by columns', 108, 240],
]);

test("opensAfterHang: a line back at a hanging paragraph's first left opens the next entry", () => {
  // [name, the paragraph's lines, the next line's left and text, its first word fits above, want]
  const cases: [string, HangLine[], number, string, boolean, boolean][] = [
    // groff .TP with a wide tag: "--block-size=SIZE" / "with -l, scale sizes ..." / "-B, ..."
    ['tag on its own line, text under it', [line(72, 150), line(108, 500)], 72, '-B, --ignore-backups', false, true],
    [
      'tag on its own line, a full line under it',
      [line(72, 150), line(108, 536)],
      72,
      '-B, --ignore-backups',
      false,
      false,
    ],
    [
      'tag on its own line, a full line under it, the text broke it',
      [line(72, 150), line(108, 536)],
      72,
      '-B',
      true,
      true,
    ],
    [
      'tag on its own line, text of two lines under it',
      [line(72, 150), line(108, 539), line(108, 300)],
      72.4,
      '--color[=WHEN]',
      true,
      true,
    ],
    // "-c       with -lt: sort by ..." / "         show ctime ..." / "-C ..."
    [
      'tag beside its text, the text wrapped under itself',
      [
        line(72, 539, [
          ['-c', 72, 80],
          ['with -lt: sort by, and show', 108, 539],
        ]),
        line(108, 400),
      ],
      72,
      '-C',
      true,
      true,
    ],
    // TeX's "Description" over "   The routine glp_create_prob ... i.e." (full) / "has no rows"
    // and "   The routine ... from a text file. (The" / "CPLEX LP format is ...": not hanging.
    ['a title over a full indented line', [line(72, 200), line(90, 539)], 72, 'CPLEX LP format', false, false],
    ['a lower-case tag after a line the text broke', [line(72, 150), line(108, 300)], 72, 'cachedir "%s"', true, true],
    // A title over a paragraph with a first-line indent, going on at the title's left in lower
    // case where the word did not fit (mwcls's "3.7. O blabalii fetorycznej" / "    Ten typowy
    // ... rodzaj" / "filigranowego wysypu ...").
    [
      'a title over an indented first line, the text going on at the left',
      [line(72, 200), line(90, 536)],
      72,
      'filigranowego wysypu hodowli',
      false,
      false,
    ],
    // "-C       list entries by columns" / "--color[=WHEN]"
    ['one line, tag and text apart, the text broke it', [tagLine], 72, '--color[=WHEN]', true, true],
    ['one line, tag and text apart, a tag in capitals', [tagLine], 72, '-F, --classify', false, true],
    // A run-in number and its paragraph going on at the same left: the word did not fit.
    ['one line, tag and text apart, the text going on', [tagLine], 72, 'filigranowego', false, false],
    [
      'one full line, tag and text apart',
      [
        line(72, 536, [
          ['3.7.', 72, 90],
          ['O blabalii fetorycznej', 102, 536],
        ]),
      ],
      72,
      'Ten',
      false,
      false,
    ],
    ['the next line under the text, not the tag', [tagLine], 108, '--color', true, false],
    ['the next line right of the first', [line(72, 150), line(108, 530)], 108, '-B', true, false],
    ['the next line left of the first', [line(72, 150), line(108, 530)], 60, '-B', true, false],
    // A first-line indent: the later lines stand left of the first.
    ['first-line indent, back at the first left', [line(90, 539), line(72, 539)], 90, 'The', true, false],
    ['flush paragraph', [line(72, 539), line(72, 539)], 72, 'The', true, false],
    ['a hanging line and a flush line', [line(72, 539), line(108, 539), line(72, 539)], 72, 'The', true, false],
    ['one line, no pieces', [line(72, 300)], 72, 'The', true, false],
    [
      'one line, a word space wide gap',
      [
        line(72, 240, [
          ['-C', 72, 82],
          ['list', 88, 240],
        ]),
      ],
      72,
      '--color',
      true,
      false,
    ],
    [
      'one line, a long first piece',
      [
        line(72, 400, [
          ['a first piece of many more words', 72, 250],
          ['then', 270, 400],
        ]),
      ],
      72,
      '--color',
      true,
      false,
    ],
    ['no paragraph', [], 72, '-B', true, false],
  ];
  for (const [name, para, x, text, fits, want] of cases)
    assert.equal(opensAfterHang(para, { x, text }, RIGHT, fits), want, name);
});

test('opensAfterHang: a long hang, a full line and the next tag where the last one stood', () => {
  const tagged = (x: number, xEnd: number, tag: string, textX: number): HangLine =>
    line(x, xEnd, [
      [tag, x, x + 6 * tag.length],
      ['text', textX, xEnd],
    ]);
  // [name, the paragraph's lines, the next line's left and pieces and text, fits, want]
  const cases: [string, HangLine[], HangLine, string, boolean, boolean][] = [
    // bash(1): "--rcfile file" / "    Execute commands ..." / "    ... (see INVOCATION below)." / "--login"
    [
      'a text of two lines hanging at one left, its last line full',
      [line(108, 155), line(144, 540), line(144, 530)],
      line(108, 140),
      '--login',
      false,
      true,
    ],
    // curl(1): "chgrp group file" / "    The chgrp command ..." / "    ... integer group ID." / "chmod mode file"
    [
      'a lower-case tag after a text of two lines',
      [line(144, 208), line(180, 540), line(180, 519)],
      line(144, 211),
      'chmod mode file',
      false,
      true,
    ],
    [
      'two hanging lines at two lefts',
      [line(72, 150), line(108, 540), line(120, 530)],
      line(72, 140),
      '-B',
      false,
      false,
    ],
    // bash(1): "word    A sequence ... Also known as a token." (nearly full) / "name    A word ..."
    [
      'a full tagged line, the next tag and text where its own stand',
      [tagged(108, 503, 'word', 144)],
      tagged(108, 540, 'name', 144),
      'name A word consisting',
      false,
      true,
    ],
    [
      'a full tagged line, the next line of another shape',
      [tagged(108, 503, 'word', 144)],
      line(108, 540),
      'Name of the game',
      false,
      false,
    ],
    // sed(1): "c \" / "text    Replace the selected lines ..." (full) / "d    Delete pattern space."
    [
      'a two-line tag, its text beside the second line, the next tag',
      [line(108, 118), tagged(108, 536, 'text', 144)],
      tagged(108, 300, 'd', 144),
      'd Delete pattern space.',
      false,
      true,
    ],
  ];
  for (const [name, para, l, text, fits, want] of cases) {
    assert.equal(opensAfterHang(para, { ...l, text }, RIGHT, fits), want, name);
  }
});

test('textUnderTag: a tag alone on its line takes the text hanging under it', () => {
  // [name, the paragraph's lines, its text, the next line's left, the line above the tag, want]
  type Above = { x: number; xEnd: number; mono: boolean; text: string };
  const tag = line(104, 206);
  const prose = (xEnd: number, text: string): Above => ({ x: 104, xEnd, mono: false, text });
  const cases: [string, HangLine[], string, number, Above | undefined, boolean][] = [
    // ssh(1): "-B bind_interface" / "      Bind to the address of bind_interface ..."
    ['a wide tag, its text under it', [tag], '-B bind_interface', 137, undefined, true],
    ['a wide tag after an entry at its left', [tag], '-B bind_interface', 137, prose(300, 'Forces IPv4.'), true],
    // bashref (Texinfo @table): "... is the maximum value is 255." / "control operator" / "   A token ..."
    ['a tag after a full line that ends a sentence', [tag], 'control operator', 137, prose(538, 'is 255.'), true],
    // ls(1): "-C     list entries by columns" / "--color[=WHEN]" / "   colorize ..."
    ['a tag after a short line that ends no sentence', [tag], '--color[=WHEN]', 137, prose(300, 'by columns'), true],
    ['a text right of the tag, past its end', [tag], '-B bind_interface', 240, undefined, false],
    ["a text at the tag's left", [tag], '-B bind_interface', 104, undefined, false],
    ['a sentence, no tag', [tag], 'The options are these:', 137, undefined, false],
    ['a line of the text already under the tag', [tag, line(137, 540)], '-B bind_interface', 137, undefined, false],
    ['a full line', [line(104, 536)], '-B bind_interface', 137, undefined, false],
    ['a tag longer than a tag', [tag], 'x'.repeat(41), 137, undefined, false],
    // tmux(1): "respawn-pane [-k] [-c start-directory]" / "      [shell-command]" / "( alias: respawnp )"
    ["a synopsis's wrapped line", [tag], '[shell-command]', 137, { x: 72, xEnd: 400, mono: true, text: 'x' }, false],
    // bashref: "      $ echo ${v-unset}" / "      123" / "${parameter:=word}" / "   If parameter ...":
    // read as the listing's last line, as the code reference reads it.
    ["a listing's last line", [tag], '${parameter:=word}', 137, { x: 140, xEnd: 200, mono: true, text: '123' }, false],
    // bashref: "variable    Names of ... specified as" / "   -v." / "-C command" / "   command is ...": read
    // apart, as the code reference reads a typewriter line under typewriter lines.
    [
      'a tag under a typewriter sentence end',
      [tag],
      '-C command',
      137,
      { x: 140, xEnd: 160, mono: true, text: '-v.' },
      false,
    ],
    // gri (Texinfo): "... to the left of your data matrix, do read grid" / "data * 2 3" / "    Now Gri ..."
    ['a sentence running on into typewriter', [tag], 'data * 2 3', 137, prose(538, 'do read grid'), false],
  ];
  for (const [name, para, text, x, above, want] of cases)
    assert.equal(textUnderTag(para, text, { x }, RIGHT, above), want, name);
});

test('tagAfterSentence: a tagged entry under the sentence that opens its list', () => {
  const star = line(144, 540, [
    ['*', 144, 149],
    ['Matches any string, including', 180, 540],
  ]);
  const cases: [string, string, number, HangLine, boolean][] = [
    ['after a short sentence', 'The special pattern characters have the following meanings:', 347, star, true],
    ['after a full line', 'The special pattern characters have the following meanings:', 536, star, false],
    ['after a line that ends no sentence', 'The special pattern characters have', 347, star, false],
    ['a line of no tag', 'The special pattern characters have the following meanings:', 347, line(144, 540), false],
    [
      'a tag too long',
      'See these:',
      347,
      line(144, 540, [
        ['a first piece of many more words than a tag', 144, 400],
        ['then', 420, 540],
      ]),
      false,
    ],
  ];
  for (const [name, text, xEnd, l, want] of cases)
    assert.equal(tagAfterSentence({ text, xEnd, size: 10 }, l, RIGHT), want, name);
});

test('tagsBesideText: a run of tagged paragraphs is a list, not a table', () => {
  const ln = (y: number, xEnd = 300) => ({ y, xEnd, size: 10 });
  const row = (tag: string, ...lines: { y: number; xEnd: number; size: number }[]): TagRow => ({
    cells: [tag, 'text'],
    lines,
  });
  // ssh(1): "-4   Forces ssh ..." / blank / "-6   Forces ..." / blank / "-A   Enables ... such" / "   as ..."
  const parted = [row('-4', ln(446)), row('-6', ln(428)), row('-A', ln(410, 540), ln(398))];
  // bash(1), closer: "-s   If the -s option ..." filled to the edge and wrapped under itself.
  const wrapped = [row('-r', ln(477)), row('-s', ln(465, 540), ln(453, 540), ln(441)), row('-v', ln(429))];
  // bash(1): "\a   alert (bell)" / "\b   backspace" / ...: one-line entries set close.
  const close = [row('\\a', ln(700)), row('\\b', ln(688)), row('\\E', ln(676))];
  const cases: [string, TagRow[], ListContext | undefined, boolean][] = [
    ['entries parted by blank space', parted, undefined, true],
    ['an entry filled to the edge, wrapped', wrapped, undefined, true],
    ['one-line entries set close', close, undefined, false],
    // A table's wrapped cell: one long line, then the rest of its words.
    ['one line to the edge, then a short one', [row('1', ln(700, 540), ln(688)), row('2', ln(676))], undefined, false],
    ['one-line entries set close under an entry of the list', close, { textLeft: 180, above: { x: 180 } }, true],
    ['one-line entries set close under a paragraph', close, { textLeft: 180, above: { x: 144 } }, false],
    [
      'one-line entries set close over an entry of the list',
      close,
      {
        textLeft: 180,
        below: {
          pieces: [
            { text: '-w file', x: 144, xEnd: 172 },
            { text: 'True if', x: 180, xEnd: 300 },
          ],
        },
      },
      true,
    ],
    ['three columns', parted.map((r) => ({ ...r, cells: [...r.cells, 'x'] })), undefined, false],
    ['a first cell longer than a tag', [...parted, row('x'.repeat(30), ln(380))], undefined, false],
    ['one entry', [row('-A', ln(410, 540), ln(398))], undefined, false],
  ];
  for (const [name, rows, around, want] of cases) assert.equal(tagsBesideText(rows, RIGHT, around), want, name);
});

test('captioned: a table caption over a run or right under it makes it a table', () => {
  const t = (...texts: string[]) => texts.map((text) => ({ text }));
  // [name, the lines, the run's first line, the line after it, want]
  const cases: [string, { text: string }[], number, number, boolean][] = [
    // l2kurz: "Tabelle 3: Pakete (eine Auswahl)" / "amsmath, | Mathematischer ..." / "array | ..."
    ['a caption right over the run', t('Tabelle 3: Pakete (eine Auswahl)', 'amsmath, x', 'array x'), 1, 3, true],
    ['a caption and a header row over it', t('Table 2. Options', 'Name Meaning', 'a x', 'b x'), 2, 4, true],
    ['a caption under it', t('a x', 'b x', 'Table 1: Options'), 0, 2, true],
    ['a caption too far above', t('Table 1: x', ...Array<string>(8).fill('p'), 'a x', 'b x'), 9, 11, false],
    ['a sentence naming a table', t('Table 3 lists the options:', 'a x', 'b x'), 1, 3, false],
    ['a figure caption', t('Figure 3: Options', 'a x', 'b x'), 1, 3, false],
    ['no caption', t('The options are:', 'a x', 'b x'), 1, 3, false],
  ];
  for (const [name, lines, start, end, want] of cases) assert.equal(captioned(lines, start, end), want, name);
});

test('an option list reads one way whatever made the PDF: each entry its tag, then its text, one paragraph', async () => {
  const runs: TextRun[] = [
    { text: 'ssh connects and logs into the specified destination, which may be any host name.', x: 72, y: 776 },
    { text: 'The options are as follows:', x: 72, y: 740 },
  ];
  const entries: [string, string | undefined, string, boolean][] = [
    ['-4', undefined, 'Forces ssh to use IPv4 addresses only.', false],
    ['-6', undefined, 'Forces ssh to use IPv6 addresses only.', false],
    ['-A', undefined, 'Enables forwarding of the authentication agent.', false],
    ['-B', 'bind_interface', 'Bind to the address of bind_interface.', true],
    ['-b', 'bind_address', 'Use bind_address on the local machine.', true],
    ['-C', undefined, 'Requests compression of all data.', false],
  ];
  let y = 722;
  for (const [tag, arg, text, own] of entries) {
    runs.push({ text: tag, x: 74, y, font: 'F4' });
    if (arg) runs.push({ text: arg, x: 90, y, font: 'F3' });
    if (own) y -= 12;
    runs.push({ text, x: 108, y, font: 'F4' });
    y -= 18;
  }
  runs.forEach((r) => {
    r.font ??= 'F4';
  });
  // groff's, Texinfo's (pdfTeX), a LaTeX description list's, DocBook's (dblatex), an unnamed one's.
  for (const creator of ['groff version 1.22.4', 'TeX', 'LaTeX with hyperref', 'DBLaTeX-0.3.12', undefined]) {
    const r = await extractPdf(makePdf({ pages: [{ runs }], ...(creator ? { creator } : {}) }), {
      ocr: { ...DEFAULT_OCR, mode: 'off' },
    });
    assert.deepEqual(
      r.blocks.map((b) => [b.kind, b.text]),
      [
        ['paragraph', 'ssh connects and logs into the specified destination, which may be any host name.'],
        ['paragraph', 'The options are as follows:'],
        ['paragraph', '-4 Forces ssh to use IPv4 addresses only.'],
        ['paragraph', '-6 Forces ssh to use IPv6 addresses only.'],
        ['paragraph', '-A Enables forwarding of the authentication agent.'],
        ['paragraph', '-B bind_interface Bind to the address of bind_interface.'],
        ['paragraph', '-b bind_address Use bind_address on the local machine.'],
        ['paragraph', '-C Requests compression of all data.'],
      ],
      creator,
    );
  }
});

test("hangsAfterFull: an entry's further lines hang right of a full line, a paragraph's first line does not", async (t) => {
  // size 10; the full line above starts at 133.8 and ends at 477.5 (apalike-ejor's references).
  const full = (text: string) => ({ text, x: 133.8, xEnd: 477.5 });
  const cases: [string, string, number, number, number | undefined, boolean][] = [
    [
      'author-year entry, the line above ends in a comma',
      'Ahuja, R. K., Magnanti, T. L., & Orlin, J. B. (1993). Network Flows: Theory,',
      143.7,
      437.3,
      133.8,
      true,
    ],
    [
      "a line broken at a compound's hyphen",
      'd’Aspremont, Claude, Jacques Crémer, and Louis-André Gérard-',
      143.7,
      470,
      undefined,
      true,
    ],
    [
      'after an author list ending in an initial: full, and the next line hangs too',
      'Cavdaroglu, B., Nurre, S. G., Mitchell, J. E., Sharkey, T. C., & Wallace, W. A.',
      143.7,
      477.5,
      143.7,
      true,
    ],
    [
      "a paragraph's indented first line after a sentence, the next line back at the margin",
      'The entries are sorted by their first author.',
      143.7,
      477.5,
      133.8,
      false,
    ],
    [
      'after a sentence, a short indented line',
      'The entries are sorted by their first author.',
      143.7,
      300,
      143.7,
      false,
    ],
    [
      'a quotation: its lines stop short on the right too',
      'The entries are sorted by their first author.',
      158.8,
      452.5,
      158.8,
      false,
    ],
    ['after a colon: a display or a list', 'consider the following very short document:', 143.7, 477.5, 143.7, false],
    ['too little indent: the same left', 'Network Flows: Theory,', 136, 477.5, 136, false],
    ['too far right: a centred display', 'the product of the two matrices,', 200, 400, undefined, false],
  ];
  for (const [name, above, x, xEnd, underX, want] of cases)
    await t.test(name, () => assert.equal(hangsAfterFull(full(above), { x, xEnd, size: 10 }, underX), want));
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  inkChars,
  isTypewriterLines,
  typewriterLine,
  isVerbatimBox,
  lineGroupStarts,
  verbatimBoxText,
  wrapsRunningText,
} from '../../../../src/documents/formats/html/line-breaks.ts';
import { htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';

const kinds = (html: string) =>
  htmlBlocks(html).map(
    (b) => `${b.kind}${b.level ?? ''}:${b.kind === 'code' ? (b.lines ?? [b.text]).join('\n') : b.text}`,
  );

test('wrapsRunningText: a <br> that only wraps running text, against a line of its own', async (t) => {
  const cases: [string, string, string, boolean][] = [
    [
      'man2html: a sentence goes on in lower case after a comma',
      'The text of the test, after any comparison operator,',
      'extends to the end of the line;',
      true,
    ],
    [
      'hard-wrapped prose, no mark at the end',
      'we read every line that the page wraps in the middle of',
      'a sentence',
      true,
    ],
    ["grohtml's .SS title before its paragraph", 'POSITIONAL OPTIONS', 'Positional options always return true.', false],
    ['a sentence ends before a tag', 'They affect only tests occurring later on the command line.', '-daystart', false],
    ['a label before its value', 'Listed in order of decreasing precedence:', '( expr )', false],
    ['a short line: a command, a poem, an address', 'make', 'make install', false],
    ['address lines', 'Free Software Foundation, 51 Franklin Street', 'Fifth Floor, Boston', false],
    ['key bindings', 'Control-u: universal-argument and some words', 'Meta-Rubout: backward-kill-word', false],
    [
      'a semicolon ends a clause the page sets apart',
      'Read the starting points from the file instead;',
      'the default',
      false,
    ],
    ['a shell prompt', '$ find . -perm /220 -print -o -name something', '$ find . -perm /u+w', false],
  ];
  for (const [name, before, after, want] of cases)
    await t.test(name, () => assert.equal(wrapsRunningText(before, after), want));
});

test('lineGroupStarts: where each block of a <br>-set paragraph starts', async (t) => {
  const cases: [string, string[], number[]][] = [
    ['every line its own', ['TESTS', 'Some tests compare files.', '-amin n'], [0, 1, 2]],
    [
      'a wrapped line goes on with the one before',
      ['A long line of running text, wrapped by the page,', 'goes on here.', 'Next'],
      [0, 2],
    ],
    ['empty lines open nothing and end the running group', ['', 'a', '', '', 'b', ''], [1, 4]],
    ['one line', ['only'], [0]],
    ['nothing', ['', ' '], []],
  ];
  for (const [name, lines, want] of cases) await t.test(name, () => assert.deepEqual(lineGroupStarts(lines), want));
});

test('isVerbatimBox: listings set without <pre>', async (t) => {
  const cases: [string, string, Record<string, string>, boolean][] = [
    ["tex4ht's fancyvrb", 'div', { class: 'fancyvrb' }, true],
    ["tex4ht's verbatim wrapper", 'div', { class: 'verbatim', id: 'verbatim-1' }, true],
    ["tex4ht's alltt", 'div', { class: 'alltt' }, true],
    ['a paragraph of that class', 'p', { class: 'Verbatim other' }, true],
    ["tex4ht's obeylines (poems, addresses too): no", 'div', { class: 'obeylines-v' }, false],
    ['a span', 'span', { class: 'verbatim' }, false],
    ['a class that names it among others', 'div', { class: 'verbatim-note' }, false],
    ['no class', 'div', {}, false],
  ];
  for (const [name, el, attrs, want] of cases) await t.test(name, () => assert.equal(isVerbatimBox(el, attrs), want));
});

test('verbatimBoxText: the source line ends go, the listing spaces stay', async (t) => {
  const cases: [string, string, string][] = [
    ['a line end between tags', '\n', ''],
    ['blanks and a line end between tags', '  \n   ', ''],
    ['spaces of the listing', '  TEXMFHOME = {/a,/b}', '  TEXMFHOME = {/a,/b}'],
    ['a line end inside a word run', 'x86_64\n', 'x86_64 '],
    ['one space', ' ', ' '],
  ];
  for (const [name, data, want] of cases) await t.test(name, () => assert.equal(verbatimBoxText(data), want));
});

test("htmlBlocks: grohtml's <br> lines are blocks of their own; wrapped running text stays one", () => {
  const html =
    '<p style="margin-left:11%; margin-top: 1em"><b>POSITIONAL\nOPTIONS</b> <br>\nPositional options always return true. They affect only\ntests occurring later on the command line. <br>\n-daystart</p>' +
    '<p>The text of the test, after any comparison operator,\n<BR>&nbsp;extends&nbsp;to&nbsp;the end of the line.</p>';
  assert.deepEqual(kinds(html), [
    'paragraph:POSITIONAL OPTIONS',
    'paragraph:Positional options always return true. They affect only tests occurring later on the command line.',
    'paragraph:-daystart',
    'paragraph:The text of the test, after any comparison operator, extends to the end of the line.',
  ]);
});

test('htmlBlocks: a <br> in a heading, a table cell, a list item and a navigation bar', () => {
  const html =
    '<h1><a id="x"></a><br>Commands</h1>' +
    '<table><tr><th>Op</th><th>Note</th></tr><tr><td>add<br>two</td><td>no-op if equal,<br>else lost</td></tr></table>' +
    '<ul><li>first line<br>Second line</li></ul>' +
    '<div><a href="a.html">Next</a><br><a href="b.html">Up</a></div>';
  assert.deepEqual(kinds(html), [
    'heading1:Commands',
    'row:Op | Note',
    'row:add two | no-op if equal, else lost',
    'item:first line',
    'paragraph:Second line',
  ]);
});

test('htmlBlocks: a contents list set as <br> lines (tex4ht) is judged as a list and goes; text lines stay', () => {
  const html =
    '<h1>Guida</h1><h2>Indice</h2><div class="tableofcontents"><span class="sectionToc">1 <a href="#s1">Introduzione</a></span>\n<br />' +
    '<span class="subsectionToc">1.1 <a href="#s11">TeX Live</a></span>\n<br /><span class="sectionToc">2 <a href="#s2">Panoramica</a></span></div>' +
    '<h2 id="s1">Introduzione</h2><p id="s11">Testo.</p><h2 id="s2">Panoramica</h2>' +
    '<div class="author">Karl Berry<br /> <a href="https://tug.org/texlive/">https://tug.org/texlive/</a></div>';
  assert.deepEqual(kinds(html), [
    'heading1:Guida',
    'heading2:Introduzione',
    'paragraph:Testo.',
    'heading2:Panoramica',
    'paragraph:Karl Berry',
    'paragraph:https://tug.org/texlive/',
  ]);
});

test("htmlBlocks: tex4ht's fancyvrb and alltt listings are code, a line per <br> or block", () => {
  const html =
    '<p>Run:</p><div class="verbatim"><div class="fancyvrb" id="fancyvrb1"><a \n id="l1"></a><span class="ec-lmtt-8">&gt;</span><span class="ec-lmtt-8"> tex</span><span\nclass="ec-lmtt-8"> --version</span><br class="fancyvrb" /><a id="l2"></a>\n<br class="fancyvrb" /><a id="l3"></a><span class="ec-lmtt-8">  TeX 3.14</span>\n</div></div>' +
    '<div class="alltt">\n\n<div class="obeylines-v">\n<span class="ec-lmtt-10">&gt;</span><span class="ec-lmtt-10"> </span><span class="ec-lmtk-10">perl</span><span class="ec-lmtk-10"> install-tl</span>\n</div>\n</div>';
  assert.deepEqual(kinds(html), ['paragraph:Run:', 'code:> tex --version\n\n  TeX 3.14', 'code:> perl install-tl']);
});

test('isTypewriterLines: <br> lines all in typewriter elements are a listing', async (t) => {
  const cases: [string, { chars: number; mono: number }[], boolean][] = [
    [
      'every line typewriter',
      [
        { chars: 20, mono: 20 },
        { chars: 1, mono: 1 },
        { chars: 30, mono: 30 },
      ],
      true,
    ],
    [
      'blank lines between do not count',
      [
        { chars: 5, mono: 5 },
        { chars: 0, mono: 0 },
        { chars: 1, mono: 1 },
      ],
      true,
    ],
    [
      'a line of prose among them',
      [
        { chars: 20, mono: 20 },
        { chars: 40, mono: 6 },
      ],
      false,
    ],
    [
      'one line with text',
      [
        { chars: 20, mono: 20 },
        { chars: 0, mono: 0 },
      ],
      false,
    ],
    [
      'no typewriter',
      [
        { chars: 20, mono: 0 },
        { chars: 10, mono: 0 },
      ],
      false,
    ],
  ];
  for (const [name, lines, want] of cases) await t.test(name, () => assert.equal(isTypewriterLines(lines), want));
});

test('typewriterLine and inkChars', async (t) => {
  const cases: [string, string, string][] = [
    [
      'source blanks go, no-break spaces indent',
      '\n\n\u00a0\u00a0\u00a0. "/etc/x.sh" >/dev/null\n',
      '   . "/etc/x.sh" >/dev/null',
    ],
    ['a run of spaces inside is one', 'complete   -D\n-F f', 'complete -D -F f'],
    ['an empty line', '\n\n', ''],
  ];
  for (const [name, raw, want] of cases) await t.test(name, () => assert.equal(typewriterLine(raw), want));
  await t.test('inkChars counts no blank, no-break spaces neither', () => assert.equal(inkChars(' a\u00a0b \n{ '), 3));
});

test("htmlBlocks: man2html's example in <TT> with <BR> is code, its braces kept; prose with a command is not", () => {
  const html =
    '<P>\n\n<TT>_completion_loader()\n<BR>\n\n{\n<BR>\n\n<TT>&nbsp;&nbsp;&nbsp;</TT>. &quot;/etc/x/$1.sh&quot; &amp;&amp; return 124<BR>\n<BR>\n\n}\n<BR>\n\ncomplete -D -F _completion_loader\n<BR>\n\n</TT>' +
    '<P>Run <TT>make</TT> first.<BR>Then <TT>make install</TT>.</P>';
  assert.deepEqual(kinds(html), [
    'code:_completion_loader()\n{\n   . "/etc/x/$1.sh" && return 124\n\n}\ncomplete -D -F _completion_loader',
    'paragraph:Run make first.',
    'paragraph:Then make install.',
  ]);
});

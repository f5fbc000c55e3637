import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  normalizeLine,
  normalizeSetting,
  typedSigns,
  joinLines,
  resolveHyphens,
  addWords,
  addWordsTwice,
  wordsAtMarks,
  wordFilter,
  hyphenatesNoWord,
  HYPHEN_MARK,
  CAPITAL_MARK,
  resolveCapitalHyphens,
  finishParagraph,
  continuesHyphenated,
  hangsUnder,
  rightMargin,
  brokenInsideToken,
  linkBrokenAtDot,
  hangsUnderLabel,
  indentedAbove,
  labelAfterShort,
  nextNumberedItem,
  stopsShort,
  leavesItem,
  opensWithBullet,
  proseInType,
  runsOnSentence,
  columnRight,
  columnRights,
  wrapsUnderTerm,
  textEdge,
  outdentedAfterSentence,
  indentedAfterSentence,
  breaksInType,
  firstWordWidth,
  wordFitsAbove,
  wordOverflowsAbove,
  setToMeasure,
  measureEdge,
  outdentedAfterShort,
  runsOnLine,
  leftAcross,
  centredPair,
  columnEdge,
  fillsFirstFit,
  type TypeLine,
  type ColumnRight,
} from '../../../../src/documents/formats/pdf/clean.ts';

test('normalizeLine', async (t) => {
  const cases: [string, string, string][] = [
    ['ligatures spelled out', 'e\uFB03cient \uFB01le \uFB02ow \uFB00 \uFB04 \uFB06', 'efficient file flow ff ffl st'],
    ['odd spaces become one space', 'a\u00A0b\u2009c\u202Fd\u3000e  f', 'a b c d e f'],
    ['invisible characters removed', 'a\u200Bb\uFEFFc\uFFFDd\u0007e', 'abcde'],
    ['cid leftovers removed', 'x(cid:12)y', 'xy'],
    ['inner soft hyphen removed', 'docume\u00ADntation', 'documentation'],
    ['trailing soft hyphen kept for joining', 'impleme\u00AD', 'impleme\u00AD'],
    ['private-use marker stripped', 'a\uE000b', 'ab'],
    [
      "Adobe's old-style figures are digits",
      '\uF733.\uF732 Add missing zeros, \uF731.\uF735',
      '3.2 Add missing zeros, 1.5',
    ],
    ["Adobe's small capitals are letters", '\uF768\uF761\uF772\uF761\uF76C\uF764 H', 'harald H'],
    ['other private use stays (a bracket piece drawn)', 'a\uF8EBb', 'a\uF8EBb'],
    ['trimmed', '  hello  ', 'hello'],
    [
      "Doxygen's $\\ast$ in a signature is the * typed",
      'int main (int argc, char \u2217\u2217argv)',
      'int main (int argc, char **argv)',
    ],
    ["TeX's math asterisk is the * typed", 'f = x \u2217 y', 'f = x * y'],
    [
      'a combining grave over nothing opening a quote is the opening quote',
      'the \u0300 stable\u2019',
      'the \u2018stable\u2019',
    ],
    ['a combining grave over nothing, no quote closing: a backquote (looseMarks)', 'the \u0300 stable', 'the ` stable'],
    ["groff's small tilde for a typed ~", 'from \u02DC/.tmux.conf and \u02DCuser', 'from ~/.tmux.conf and ~user'],
    [
      'a spacing circumflex for a typed ^',
      '${parameter\u02C6pattern} (typically \u02C6Z)',
      '${parameter^pattern} (typically ^Z)',
    ],
    ['a combining tilde over nothing before a token: the ~ typed', '\u0303/.profile', '~/.profile'],
    ['a spacing tilde alone: the glyph as printed', 'o resultado: \u02DC n\u00E3o', 'o resultado: \u02DC n\u00E3o'],
    ['a composed tilde stays its letter', 'S\u00E3o Paulo, espa\u00F1ol', 'S\u00E3o Paulo, espa\u00F1ol'],
  ];
  for (const [name, input, want] of cases) await t.test(name, () => assert.equal(normalizeLine(input), want));
});

test('typedSigns: a spacing circumflex or tilde inside a token is the sign typed', async (t) => {
  const cases: [string, string, string][] = [
    ['a home directory', '\u02DC/.bashrc', '~/.bashrc'],
    ["a user's directory in a URL", 'http://www.rich.edu/\u02DCbush', 'http://www.rich.edu/~bush'],
    ['a control key', 'typically \u02C6Z, Control-Z', 'typically ^Z, Control-Z'],
    ["bash's case modification", '${parameter\u02C6\u02C6pattern}', '${parameter^^pattern}'],
    ['a power', 'x\u02C62 and e\u02C6{i\u03C0}', 'x^2 and e^{i\u03C0}'],
    ['quoted', 'default is \u2018\u02C6\u2019.', 'default is \u2018^\u2019.'],
    ['alone: the glyph as printed', '| \u02C6 | \u02DC | \u00AF |', '| \u02C6 | \u02DC | \u00AF |'],
    ['none', 'plain text', 'plain text'],
  ];
  for (const [name, input, want] of cases) await t.test(name, () => assert.equal(typedSigns(input), want));
  await t.test('in code, alone too (an operator)', () =>
    assert.equal(normalizeSetting({ text: 'a \u02C6 b; cd \u02DC', x: 0, advance: 6 }).text, 'a ^ b; cd ~'),
  );
});

test('joinLines and resolveHyphens', async (t) => {
  const join = (a: string, b: string, others: string[] = []) =>
    resolveHyphens([finishParagraph(joinLines(a, b)), ...others])[0];
  const cases: [string, string, string, string[], string][] = [
    ['plain lines join with a space', 'the quick', 'brown fox', [], 'the quick brown fox'],
    [
      'Japanese lines join without a space',
      'より経験を持った Debian デベロッパーは喜んで助けてくれる',
      'でしょう。',
      [],
      'より経験を持った Debian デベロッパーは喜んで助けてくれるでしょう。',
    ],
    [
      'Chinese lines join without a space',
      '同时以 3.0 (quilt) 格式创建一个非本',
      '地源码包。',
      [],
      '同时以 3.0 (quilt) 格式创建一个非本地源码包。',
    ],
    ['a Latin word beside Japanese keeps its space', 'パッケージを', 'Debian に', [], 'パッケージを Debian に'],
    ['Korean lines keep their space', '데비안 패키지를', '만드는 방법', [], '데비안 패키지를 만드는 방법'],
    ['soft hyphen at line end joins', 'impleme\u00AD', 'ntation done', [], 'implementation done'],
    ['U+2010 at line end joins', 'Author\u2010', 'ization is', [], 'Authorization is'],
    [
      'hyphenation joins when the document spells the word',
      'the re-',
      'quirement',
      ['one requirement'],
      'the requirement',
    ],
    [
      'compound kept when the document spells it hyphenated',
      'a well-',
      'known fact',
      ['well-known'],
      'a well-known fact',
    ],
    ['known compound prefix kept without evidence', 'a self-', 'contained unit', [], 'a self-contained unit'],
    ['unknown split joined without evidence', 'the docu-', 'ment', [], 'the document'],
    ['part already hyphenated keeps it', 'state-of-the-', 'art', [], 'state-of-the-art'],
    ['hyphen before a capital stays, no space', 'pre-', 'Raphaelite', [], 'pre-Raphaelite'],
    [
      'hyphen before a capital joins when the document writes the word whole (TeX breaks an identifier)',
      'of the Fc-',
      'ConfigParse walker',
      ['feeding that to FcConfigParse.'],
      'of the FcConfigParse walker',
    ],
    [
      'hyphen before a capital stays when the joined word is written in another case only',
      'the Anglo-',
      'Saxon kings',
      ['anglosaxon'],
      'the Anglo-Saxon kings',
    ],
    [
      'hyphen before a capital stays when the document writes the compound',
      'a non-',
      'ASCII name',
      ['non-ASCII', 'ASCII'],
      'a non-ASCII name',
    ],
    ['a part already hyphenated before a capital keeps it', 'state-of-the-', 'Art', [], 'state-of-the-Art'],
    ['hyphen before a digit stays', 'Python-', '3 notes', [], 'Python-3 notes'],
    ['dash after a space is not hyphenation', 'a -', 'b', [], 'a - b'],
    ['orphan soft hyphen at paragraph end dropped', 'end\u00AD', '', [], 'end'],
    [
      'hyphen after a number before a lower-case word stays, no space',
      'units of 512-',
      'byte blocks',
      [],
      'units of 512-byte blocks',
    ],
    ['a dash after a number and a space is not hyphenation', 'pages 10 -', 'twelve', [], 'pages 10 - twelve'],
    [
      'a short prefix that is a first syllable joins (Italian)',
      'potete pre-',
      'parare un’installazione',
      [],
      'potete preparare un’installazione',
    ],
    [
      'a short prefix that is a first syllable joins (English)',
      'if the timeout is ex-',
      'ceeded',
      [],
      'if the timeout is exceeded',
    ],
    [
      'a short prefix before a word of the document stays',
      'send an e-',
      'mail to us',
      ['the mail server'],
      'send an e-mail to us',
    ],
    ['a strong prefix stays without evidence', 'a non-', 'negative number', [], 'a non-negative number'],
    // Doxygen's \+ break in a long identifier: a hooked arrow at the line end, read several ways.
    ["Doxygen's break arrow (← ↩) joins the identifier", 'in window_\u2190\u21A9', 'size_', [], 'in window_size_'],
    [
      "Doxygen's break arrow as Ghostscript's fonts read it (← U+0593)",
      'int _n_pass\u2190\u0593',
      '_max=0,',
      [],
      'int _n_pass_max=0,',
    ],
    [
      "Doxygen's break arrow read as ←-",
      'std::unordered_\u2190-',
      'flat_set< size_t >',
      [],
      'std::unordered_flat_set< size_t >',
    ],
    [
      "Doxygen's break arrow read as ← -",
      'seqan3::data_\u2190 -',
      'layout::compressed',
      [],
      'seqan3::data_layout::compressed',
    ],
    ['a spaced arrow in prose is no break', 'x \u2190', 'y + 1', [], 'x \u2190 y + 1'],
  ];
  for (const [name, a, b, others, want] of cases) await t.test(name, () => assert.equal(join(a, b, others), want));
});

test('continuesHyphenated: a line-end hyphen joins lines of list items and table cells too', async (t) => {
  // [name, prev, next, prevMono, nextMono, prevFull, want]
  const cases: [string, string, string, boolean, boolean, boolean, boolean][] = [
    [
      'hanging indent of a numbered list item (Texinfo)',
      '3. Parses the tokens into simple and compound commands (see Section 3.2 [Shell Com-',
      'mands], page 9).',
      false,
      false,
      true,
      true,
    ],
    [
      'definition list whose first line holds the term in typewriter',
      'operator A control operator or a redirection operator. See Section 3.6 [Redirec-',
      'tions], page 38, for a list of redirection operators.',
      true,
      false,
      true,
      true,
    ],
    [
      'groff man page item',
      'See the description of shopt for a descrip-',
      'tion of the nocaseglob option.',
      false,
      false,
      true,
      true,
    ],
    ['table cell wrapped in a narrow column', 'Valeur par dé-', 'faut', false, false, false, true],
    ['accented word (French)', 'les paquets impor-', 'tantes du système', false, false, true, true],
    ['soft hyphen', 'impleme\u00AD', 'ntation', false, false, true, true],
    ['U+2010', 'Author\u2010', 'ization', false, false, true, true],
    ['number compound', 'in units of 512-', 'byte blocks', false, false, true, true],
    [
      'a short code line ending in a hyphen, then its explanation',
      '[n]<&digit-',
      'moves the file descriptor',
      true,
      false,
      false,
      false,
    ],
    ['two lines of code', 'ls --color-', 'auto', true, true, true, false],
    ['next line starts with a capital: a new item', 'the pre-', 'Raphaelite painters', false, false, true, false],
    ['next line starts with a digit', 'Python-', '3 notes', false, false, true, false],
    ['a dash after a space is no hyphenation', 'a list -', 'b', false, false, true, false],
    ['no hyphen', 'a plain line', 'going on', false, false, true, false],
    ['a lone hyphen', '-', 'x', false, false, true, false],
    ["Doxygen's break arrow between two typewriter lines", 'in window_\u2190\u21A9', 'size_', true, true, false, true],
    [
      "Doxygen's break arrow read as ←-",
      'hibf::hierarchical_interleaved_\u2190-',
      'bloom_filter',
      false,
      false,
      true,
      true,
    ],
    ['a spaced arrow in prose', 'x \u2190', 'y + 1', false, false, true, false],
  ];
  for (const [name, prev, next, prevMono, nextMono, prevFull, want] of cases)
    await t.test(name, () => assert.equal(continuesHyphenated(prev, next, prevMono, nextMono, prevFull), want));
});

test('rightMargin: the right edge of the text block', async (t) => {
  const cases: [string, number[], number][] = [
    ['justified lines share their end', [522, 522, 300, 522, 522, 410], 522],
    ['a URL running into the margin does not move it', [522, 560, 522, 522, 151], 522],
    ['too few lines: the largest end', [300, 410], 410],
    ['no line', [], 0],
  ];
  for (const [name, xs, want] of cases) await t.test(name, () => assert.equal(rightMargin(xs), want));
});

test('hangsUnder: a line going on under a piece of the line above is a hanging indent', async (t) => {
  const cases: [name: string, stops: number[] | undefined, x: number, want: boolean][] = [
    ['under the second cell of a row', [150], 150, true],
    ['under the text of a list item, within 0.3 em', [90.5], 92, true],
    ['further right: an indented first line', [150], 160, false],
    ['no piece after a gap above', undefined, 150, false],
    ['under the third cell', [150, 300], 300.2, true],
  ];
  for (const [name, stops, x, want] of cases) await t.test(name, () => assert.equal(hangsUnder(stops, x, 10), want));
});

// A document that breaks lines only at its compounds' hyphens (an office suite's PDF) keeps them.
test("resolveHyphens: the document's own hyphenation habit", async (t) => {
  const M = HYPHEN_MARK;
  const cases: [string, string[], string[]][] = [
    [
      'an office PDF: a compound it writes elsewhere, none of its words broken: its hyphens stay',
      [`utilisées par apt${M}get, apt${M}cache et celui${M}ci`, 'apt-get install', 'celui qui'],
      ['utilisées par apt-get, apt-cache et celui-ci', 'apt-get install', 'celui qui'],
    ],
    [
      'a chain after the hyphen ("right-" + "hand-side")',
      [
        `the position${M}independent-code; the right${M}hand-side; a compiler${M}specific flag`,
        'position-independent-code',
        'the right side',
        'a compiler',
      ],
      [
        'the position-independent-code; the right-hand-side; a compiler-specific flag',
        'position-independent-code',
        'the right side',
        'a compiler',
      ],
    ],
    [
      'a document that breaks a word it writes whole elsewhere hyphenates: undecided halves join',
      [`the re${M}quirement of apt${M}cache`, 'one requirement', 'apt-get and a cache'],
      ['the requirement of aptcache', 'one requirement', 'apt-get and a cache'],
    ],
    [
      'no compound to tell the habit: undecided halves join',
      [`some${M}thing`, 'some thing'],
      ['something', 'some thing'],
    ],
    [
      "a document that keeps its compounds' hyphens keeps them all, halves it writes nowhere else too",
      [`apt${M}get, celui${M}ci`, 'apt-get'],
      ['apt-get, celui-ci', 'apt-get'],
    ],
  ];
  for (const [name, texts, want] of cases) await t.test(name, () => assert.deepEqual(resolveHyphens(texts), want));
});

test('hyphenatesNoWord', async (t) => {
  const words = new Set(['apt-get', 'requirement', 'cache']);
  const cases: [string, { lo: string; ro: string }[], boolean][] = [
    [
      'a compound it writes elsewhere',
      [
        { lo: 'apt', ro: 'get' },
        { lo: 'apt', ro: 'cache' },
      ],
      true,
    ],
    ['a chain (state-of-the- + art)', [{ lo: 'state-of-the', ro: 'art' }], true],
    [
      'a word it writes whole',
      [
        { lo: 'apt', ro: 'get' },
        { lo: 're', ro: 'quirement' },
      ],
      false,
    ],
    ['nothing decided', [{ lo: 'apt', ro: 'cache' }], false],
    ['no marks', [], false],
  ];
  for (const [name, marks, want] of cases) await t.test(name, () => assert.equal(hyphenatesNoWord(marks, words), want));
});

test('brokenInsideToken: a line ending inside an identifier or a URL goes on without a space', async (t) => {
  const cases: [string, string, string, boolean][] = [
    ['identifier broken after an underscore (Texinfo @code)', 'and IDN2_', 'NONTRANSITIONAL to enable', true],
    ['lower-case identifier', 'the type gpg_err_', 'code_t.', true],
    ['identifier after a digit', 'uint8_', 't value', true],
    ['a dunder name ends its token', 'the __init__', 'method runs', false],
    ['an underscore alone is no identifier', 'fill in the blank _', 'here', false],
    ['underscore then punctuation', 'name_', '(x)', false],
    [
      'a member with a trailing underscore, then its description',
      'mode = data_layout_mode_',
      'Indicates whether it is',
      false,
    ],
    [
      'an upper-case prefix named in prose, then a word',
      'appending to the non-INTERFACE_',
      'variants of the operand',
      false,
    ],
    ['a mixed-case name goes on in lower case', 'the global symbol plugin_is_GPL_', 'compatible, which', true],
    ['an upper-case name goes on in upper case', 'the READLINE_', 'LINE variable', true],
    ['a directory before prose is not joined', 'nella directory scripts/', 'invece che essere', false],
    ['a directory as a term, then its description', 'docs/', 'Contains the documentation.', false],
    ['a second URL after a URL', 'see http://pubs.opengroup.org/onlinepubs/', 'http://tiswww.case.edu/x', false],
    ['a path ending with a slash is no word pair', 'under /usr/share/', 'doc you find', false],
    ['URL broken after a slash, path goes on', 'GNU libiconv (https://www.gnu.org/software/', 'libiconv/) for', true],
    ['URL broken after the scheme', 'Guide [http://', 'wiki.x.org/wiki/ModularDevelopersGuide] in', true],
    [
      "URL broken after the scheme's colon",
      'Sicherheitsaktualisierungen (https:',
      '//security.debian.org) bereit.',
      true,
    ],
    ["the colon at the line's start", 'https:', '//www.debian.org/ports/).', true],
    ['ftp after a guillemet', 'voir «ftp:', '//ftp.debian.org»', true],
    ['a word ending in a scheme is no scheme', 'the method fetches:', '//comment', false],
    ['a colon before a comment', 'the option ftp:', '// a comment', false],
    ['URL then its closing bracket', '(https://www.gnu.org/software/libunistring/', ') for Unicode', true],
    ['a word after a URL ending with a slash', 'see https://www.gnu.org/software/', 'for more', false],
    ['a capitalised sentence after a URL', 'at http://www.x.org/releases/X11R7.7/', 'They are', false],
    ['a slash at the end of a path that is no URL', 'under /usr/share/doc/', 'gnutls/ you find', false],
    ['next line opening with a space', 'IDN2_', ' x', false],
    ['plain words', 'the quick', 'brown fox', false],
  ];
  for (const [name, a, b, want] of cases) await t.test(name, () => assert.equal(brokenInsideToken(a, b), want));
  await t.test('joinLines joins them without a space', () => {
    assert.equal(joinLines('and IDN2_', 'NONTRANSITIONAL to'), 'and IDN2_NONTRANSITIONAL to');
    assert.equal(joinLines('(https://x.org/a/', 'b.html) or'), '(https://x.org/a/b.html) or');
    assert.equal(joinLines('see https://x.org/', 'for more'), 'see https://x.org/ for more');
  });
});

test('linkBrokenAtDot: a URL or an e-mail address broken at a dot goes on without a space', async (t) => {
  const cases: [string, string, string, boolean][] = [
    [
      'host without a dot yet (Sphinx, url package)',
      'a MIR bug. https://wiki.',
      'ubuntu.com/MainInclusionProcess explains',
      true,
    ],
    ['www. alone', 'https://www.', 'winedt.com.', true],
    ['host with a dot, path goes on', 'see https://www.gnu.', 'org/philosophy/open-source-misses-the-point', true],
    ['a file name broken before its suffix', 'at http://www.macs.hw.ac.uk/vstte10/Competition.', 'html.', true],
    ['a suffix at the end of the line', 'http://x.org/lablgtk.', 'html', true],
    ['a query goes on', 'http://sourceforge.net/tracker/index.', 'php?func=detail&aid=1 for', true],
    ['an e-mail address, domain without a dot yet', 'Developers <ubuntu-devel-discuss@lists.', 'ubuntu.com>. If', true],
    ['an e-mail address, last part', 'write to debian-vote@lists.debian.', 'org) or', true],
    ['broken before the dot (Texinfo @url)', 'Scheme, see https://www.schemers', '.org.', true],
    ['a sentence after a URL: capital', 'see http://ci.debian.net.', 'So the test', false],
    [
      'a capital after a cut host (the page cuts the link)',
      'Complete Guide11 http://www.sagehill.',
      'Variable list formatting',
      false,
    ],
    [
      'a run-in term with dots after a URL',
      'see http://www.sagehill.net/docbookxsl/TexMath.html.',
      'Nametex.math.delims — Should',
      false,
    ],
    ['a sentence after a URL: a longer lower-case word', 'see https://x.org/faq.', 'pbuilder-dist is a tool', false],
    ['a lower-case word and a space after a full host', 'at https://example.org.', 'then run it', false],
    ['a sentence after an e-mail address', 'mail help@gnu.org.', 'The list is', false],
    ['a second URL', 'see https://wiki.', 'https://x.org/', false],
    ['a path outside a URL', 'The URLs in /etc/apt/sources.', 'list point to', false],
    ['an abbreviation, no link', 'packages, e.', 'g. with', false],
    ['an ellipsis after a URL', 'see https://x.org/a', '... and', false],
    ['a URL ending in a slash then a dot line', 'see https://x.org/', '.org', false],
  ];
  for (const [name, a, b, want] of cases) await t.test(name, () => assert.equal(linkBrokenAtDot(a, b), want));
  await t.test('joinLines joins them without a space', () => {
    assert.equal(joinLines('see https://wiki.', 'ubuntu.com/Main.'), 'see https://wiki.ubuntu.com/Main.');
    assert.equal(joinLines('see https://www.schemers', '.org.'), 'see https://www.schemers.org.');
    assert.equal(joinLines('see http://ci.debian.net.', 'So the'), 'see http://ci.debian.net. So the');
  });
});

test('opensWithBullet: a line opening with a bullet glyph and a space', async (t) => {
  const cases: [string, string, boolean][] = [
    ['a bullet', '\u2022 -debug or -d Sets the built-in variable', true],
    ['a white bullet', '\u25E6 the second level', true],
    ['a bullet glued to its word', '\u2022-debug', false],
    ['a dash: a wrapped line may start with one', '- the rest of a sentence', false],
    ['a bullet inside the line', 'the default 16 units. \u2022 -debug', false],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(opensWithBullet(text), want));
});

test('hangsUnderLabel: a list item wraps under its text, past its label', async (t) => {
  // size 10: a two-character label may hang up to (2 * 0.6 + 1.5) * 10 = 27 units right of it.
  const cases: [string, string, number, boolean][] = [
    ['numbered item, text under the text', '1. Execute the request normally. This is the right', 15, true],
    ['bullet item', '• Multi-touch events are now supported for touchpads and', 12, true],
    ['lettered item', 'b) Arrange to ask the user what to do, given some', 16, true],
    ['roman item in brackets', '(iv) Treat the request as a no-op. If the client will', 25, true],
    ['too far right: a quotation or a display', '1. Execute the request normally. This is', 40, false],
    ['left of the label', '1. Execute the request normally.', -3, false],
    ['no label: a paragraph whose next line is indented', 'Execute the request normally. This is the right', 15, false],
    ['an abbreviation is no label', 'e.g. the request is executed normally and', 15, false],
    ['a year is no label', '2024. The request is executed normally and', 15, false],
  ];
  for (const [name, text, x, want] of cases)
    await t.test(name, () => assert.equal(hangsUnderLabel(text, 100, 100 + x, 10), want));
});

test("leavesItem: a line left of a list item's label after a short line is the next block", async (t) => {
  // size 10, the item's label at x 88, the text block's right edge at 540.
  const cases: [string, string, number, number, boolean][] = [
    ['Sphinx: the paragraph after the list, at the margin', '• Package-Type', 150, 72, true],
    ["a footnote under the page's last item", '• Rules-Requires-Root', 190, 83, true],
    ['a numbered item, then the margin', '3. Run the tests.', 200, 72, true],
    ["the item's own wrapped line, under its text", '• Package-Type is a field whose value', 535, 98, false],
    ['under the label: a nested list or the next item, told elsewhere', '• Package-Type', 150, 88, false],
    [
      'a bulleted paragraph wrapping back to the margin after a full line',
      '• This paragraph opens with a bullet and',
      538,
      72,
      false,
    ],
    ['no label: an indented paragraph, then the margin', 'Package-Type is described below.', 150, 72, false],
    ['a protruding character, a point left of the label', '• Package-Type', 150, 87, false],
  ];
  for (const [name, itemText, aboveEnd, x, want] of cases)
    await t.test(name, () => assert.equal(leavesItem(itemText, 88, aboveEnd, 540, x, 10), want));
});

test('addWords finds the words the regular expression finds, marked ones left out', async (t) => {
  const regexWords = (text: string) =>
    new Set([...text.matchAll(/[\p{L}\p{N}\uE000-]+/gu)].map((m) => m[0]).filter((w) => !w.includes(HYPHEN_MARK)));
  const cases: [string, string[]][] = [
    ['plain words, digits and hyphens', ['plain', 'words', 'digits', 'and', 'hyphens']],
    ['x-axis e-mail 3-4 -- a', ['x-axis', 'e-mail', '3-4', '--', 'a']],
    ['accents: façade über naïve œuvre', ['accents', 'façade', 'über', 'naïve', 'œuvre']],
    [`hyphen${HYPHEN_MARK}ated word`, ['word']],
    [`${HYPHEN_MARK}`, []],
    ['astral letters 𝑥𝑦 and 𝟙', ['astral', 'letters', '𝑥𝑦', 'and', '𝟙']],
    ['combining e\u0301 splits', ['combining', 'e', 'splits']],
    ['CJK 漢字 and ٣٤ digits²', ['cjk', '漢字', 'and', '٣٤', 'digits²']],
    ['lone \ud800 surrogate', ['lone', 'surrogate']],
    ['', []],
    ['end-', ['end-']],
  ];
  for (const [text, want] of cases) {
    await t.test(JSON.stringify(text), () => {
      const got = new Set<string>();
      addWords(text.toLowerCase(), got);
      assert.deepEqual([...got].sort(), [...regexWords(text.toLowerCase())].sort());
      assert.deepEqual([...got].sort(), [...want].sort());
    });
  }
});

test("addWords with a filter adds the words of the text that are among the filter's, and only those", async (t) => {
  const text = `Façade x-axis e-mail 𝑥𝑦 and ${HYPHEN_MARK}no hyphen${HYPHEN_MARK}ated words ab ba aab abb`;
  const cases: [name: string, wanted: string[], want: string[]][] = [
    ['none asked', [], []],
    ['asked and written', ['x-axis', 'words'], ['x-axis', 'words']],
    ['asked, not written', ['hyphenated', 'mail'], []],
    ['same length, first and last letter: only the one written', ['aab', 'abb', 'acb'], ['aab', 'abb']],
    ['case as written: a filter in lower case misses "Façade"', ['façade'], []],
    ['astral letters', ['𝑥𝑦'], ['𝑥𝑦']],
    ['a word holding a mark is no word', [`${HYPHEN_MARK}no`, 'no'], []],
    ['the empty word is never asked', [''], []],
  ];
  for (const [name, wanted, want] of cases)
    await t.test(name, () => {
      const got = new Set<string>();
      addWords(text, got, wordFilter(wanted));
      assert.deepEqual([...got].sort(), [...want].sort());
    });
  await t.test('the same as the words without a filter, kept if asked (random texts)', () => {
    const alphabet = ['a', 'b', 'A', 'é', '-', ' ', '.', HYPHEN_MARK, '𝑥', '1'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 300; k++) {
      const text = Array.from(
        { length: Math.floor(next() * 60) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      const all = new Set<string>();
      addWords(text, all);
      const wanted = [...all].filter(() => next() < 0.5).concat(['ab', 'zz', 'a-b']);
      const got = new Set<string>();
      addWords(text, got, wordFilter(wanted));
      assert.deepEqual([...got].sort(), [...all].filter((w) => wanted.includes(w)).sort(), JSON.stringify(text));
    }
  });
});

test('addWordsTwice adds what addWords adds of the text and of the text in lower case', async (t) => {
  const H = HYPHEN_MARK;
  const C = CAPITAL_MARK;
  const twice = (text: string, cased: string[], lower: string[]) => {
    const a = new Set<string>();
    const b = new Set<string>();
    addWordsTwice(text, a, wordFilter(cased), b, wordFilter(lower));
    return [[...a].sort(), [...b].sort()];
  };
  const apart = (text: string, cased: string[], lower: string[]) => {
    const a = new Set<string>();
    const b = new Set<string>();
    addWords(text, a, wordFilter(cased));
    addWords(text.toLowerCase(), b, wordFilter(lower));
    return [[...a].sort(), [...b].sort()];
  };
  const cases: [name: string, text: string, cased: string[], lower: string[], want: [string[], string[]]][] = [
    [
      'ASCII, both asked',
      'The FcInit call, the x-Axis',
      ['FcInit', 'the'],
      ['fcinit', 'x-axis', 'the'],
      [
        ['FcInit', 'the'],
        ['fcinit', 'the', 'x-axis'],
      ],
    ],
    ['asked in one case only', 'Read THE Manual', ['the'], ['manual'], [[], ['manual']]],
    ['a marked word is neither', `hy${H}phen Fc${C}Init`, ['hy', 'Fc'], ['phen', 'init'], [[], []]],
    [
      'non-ASCII text lowered whole',
      'Façade and FAÇADE',
      ['Façade'],
      ['façade', 'and'],
      [['Façade'], ['and', 'façade']],
    ],
    [
      'a capital I with a dot lowers to two code points',
      'İstanbul İs ASCII',
      ['ASCII'],
      ['ascii', 'stanbul', 'i'],
      [['ASCII'], ['ascii', 'i', 'stanbul']],
    ],
    [
      'ASCII words before the first other character',
      'Words then é',
      ['Words'],
      ['words', 'then'],
      [['Words'], ['then', 'words']],
    ],
    ['astral letters', 'the 𝑥𝑦 Axis', [], ['𝑥𝑦', 'axis'], [[], ['axis', '𝑥𝑦']]],
    ['empty text', '', ['a'], ['a'], [[], []]],
  ];
  for (const [name, text, cased, lower, want] of cases)
    await t.test(name, () => {
      assert.deepEqual(twice(text, cased, lower), want);
      assert.deepEqual(twice(text, cased, lower), apart(text, cased, lower));
    });
  await t.test('the same as addWords twice (random texts)', () => {
    const alphabet = ['a', 'b', 'A', 'B', 'é', 'É', 'İ', '-', ' ', '.', H, C, '𝑥', '1'];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 300; k++) {
      const text = Array.from(
        { length: Math.floor(next() * 60) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      const all = new Set<string>();
      addWords(text, all);
      addWords(text.toLowerCase(), all);
      const cased = [...all].filter(() => next() < 0.5).concat(['ab', 'AB']);
      const lower = [...all].filter(() => next() < 0.5).concat(['ab', 'i']);
      assert.deepEqual(twice(text, cased, lower), apart(text, cased, lower), JSON.stringify(text));
    }
  });
});

test('wordsAtMarks finds where the marked-word pattern matches', async (t) => {
  const H = HYPHEN_MARK;
  const pattern = (text: string) =>
    [...text.matchAll(/([\p{L}\p{N}'’-]*)\uE000([\p{L}\p{N}'’-]*)/gu)].map((m) => [
      m.index,
      m.index + m[1]!.length,
      m.index + m[0].length,
    ]);
  const cases: [name: string, text: string, want: [number, number, number][]][] = [
    ['no mark', 'plain text', []],
    ['one word', `a hy${H}phen b`, [[2, 4, 9]]],
    ['apostrophes and hyphens belong', `x don’t-${H}it's y`, [[2, 8, 13]]],
    ['a mark alone', `a ${H} b`, [[2, 2, 3]]],
    [
      'adjacent marks: the second starts where the first ends',
      `a${H}b${H}c`,
      [
        [0, 1, 3],
        [3, 3, 5],
      ],
    ],
    [
      'at the ends of the text',
      `${H}ab${H}`,
      [
        [0, 0, 3],
        [3, 3, 4],
      ],
    ],
    ['astral letters on both sides', `𝑥𝑦${H}𝑧`, [[0, 4, 7]]],
    ['a lone surrogate stops the word', `a\udc00b${H}c`, [[2, 3, 5]]],
    ['punctuation stops it', `(foo${H}bar).`, [[1, 4, 8]]],
  ];
  for (const [name, text, want] of cases)
    await t.test(name, () => {
      assert.deepEqual(wordsAtMarks(text), want);
      assert.deepEqual(wordsAtMarks(text), pattern(text));
    });
  await t.test('the same as the pattern (random texts)', () => {
    const alphabet = ['a', 'B', 'é', '-', "'", '’', ' ', '.', H, H, '𝑥', '1', '\ud800', '\udc00', '_'];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 500; k++) {
      const text = Array.from(
        { length: Math.floor(next() * 40) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      assert.deepEqual(wordsAtMarks(text), pattern(text), JSON.stringify(text));
    }
  });
});

test('resolveHyphens decides the same with both marks in the document, in one text or in two', async (t) => {
  const H = HYPHEN_MARK;
  const C = CAPITAL_MARK;
  const cases: [name: string, texts: string[], want: string[]][] = [
    [
      'apart: the capital by the cased words, the hyphen by the lower-case ones',
      [`the Fc${C}Init call`, `a re${H}quirement`, 'FcInit and Requirement'],
      ['the FcInit call', 'a requirement', 'FcInit and Requirement'],
    ],
    [
      'a word written only in a text with a capital mark counts for the hyphen',
      [`the Fc${C}Init requirement`, `a re${H}quirement`],
      ['the Fc-Init requirement', 'a requirement'],
    ],
    [
      'a word joined at a capital counts for the hyphen',
      [`Fc${C}Init`, `fc${H}init`, 'FcInit'],
      ['FcInit', 'fcinit', 'FcInit'],
    ],
    [
      'together in one text',
      [`Fc${C}Init re${H}quirement`, 'FcInit requirement'],
      ['FcInit requirement', 'FcInit requirement'],
    ],
  ];
  for (const [name, texts, want] of cases) await t.test(name, () => assert.deepEqual(resolveHyphens(texts), want));
});

// resolveCapitalHyphens: a line-end hyphen before a capital, by the document's words as written.
test('resolveCapitalHyphens', async (t) => {
  const C = CAPITAL_MARK;
  const cases: [string, string, string[], string][] = [
    ['joined word written whole', `the Fc${C}ConfigParse walker`, ['FcConfigParse'], 'the FcConfigParse walker'],
    ['an identifier with underscores', `call gtk_${C}Widget_show`, ['gtk_Widget_show'], 'call gtk_Widget_show'],
    ['no evidence: the hyphen stays', `a pre${C}Raphaelite`, ['preraphaelite'], 'a pre-Raphaelite'],
    ['a mark with nothing before it keeps the hyphen', `x ${C}Abc`, ['Abc'], 'x -Abc'],
    ['two marks decided each', `Fc${C}Init and Anglo${C}Saxon`, ['FcInit'], 'FcInit and Anglo-Saxon'],
  ];
  for (const [name, text, words, want] of cases)
    await t.test(name, () => assert.equal(resolveCapitalHyphens(text, new Set(words)), want));
});

test('proseInType: a line mostly in typewriter that the typesetter filled is prose', async (t) => {
  // A FOP page: text block 72-540, 12 pt line spacing, 10 pt type.
  const prose: TypeLine = { x: 82, xEnd: 540, y: 92, size: 10, mono: false, monoEnd: true };
  const mixedFull: TypeLine = { x: 82, xEnd: 540, y: 80, size: 10, mono: true, monoEnd: false };
  // A definition's term, its text 3 em right of it (Texinfo's @table).
  const term = { x: 82, xEnd: 110 };
  const cases: [string, TypeLine, TypeLine | undefined, boolean, boolean][] = [
    ['a full line ending in the text face (an option, then words)', mixedFull, prose, true, true],
    [
      'a full line with a word of the text face inside, after a heading',
      { x: 82, xEnd: 540, y: 80, size: 10, mono: true },
      undefined,
      false,
      true,
    ],
    [
      'a full line all in typewriter, a listing line that reaches the margin',
      { x: 82, xEnd: 540, y: 80, size: 10, mono: true, set: {} },
      prose,
      true,
      false,
    ],
    [
      'a full line with a gap of 3 em: a table row of symbols',
      {
        ...mixedFull,
        pieces: [
          { x: 82, xEnd: 100 },
          { x: 130, xEnd: 540 },
        ],
      },
      prose,
      true,
      false,
    ],
    ['a line short of the margin, alone', { x: 82, xEnd: 300, y: 80, size: 10, mono: true }, undefined, false, false],
    [
      'a short last line ending in a full stop of the text face, under a full prose line',
      { x: 82, xEnd: 130, y: 80, size: 10, mono: true, monoEnd: false, set: {} },
      prose,
      true,
      true,
    ],
    [
      'the same, not under that line (indented: a listing)',
      { x: 100, xEnd: 130, y: 80, size: 10, mono: true, monoEnd: false, set: {} },
      prose,
      false,
      false,
    ],
    [
      'the same, after a gap (a listing below the paragraph)',
      { x: 82, xEnd: 130, y: 70, size: 10, mono: true, monoEnd: false, set: {} },
      prose,
      true,
      false,
    ],
    [
      'the same, the line above short of the margin',
      { x: 82, xEnd: 130, y: 80, size: 10, mono: true, monoEnd: false, set: {} },
      { ...prose, xEnd: 400 },
      true,
      false,
    ],
    [
      'a short line all in typewriter under a full prose line: a listing line',
      { x: 82, xEnd: 130, y: 80, size: 10, mono: true, set: {} },
      prose,
      true,
      false,
    ],
    [
      'a short line all in typewriter under a full typewriter line of prose (a quoted message)',
      { x: 82, xEnd: 130, y: 80, size: 10, mono: true, set: {} },
      { ...mixedFull, y: 92 },
      true,
      true,
    ],
    [
      'a full line with a bullet and stretched word spaces (a justified list item)',
      {
        ...mixedFull,
        pieces: [
          { x: 72, xEnd: 75.5 },
          { x: 82, xEnd: 300 },
          { x: 306, xEnd: 540 },
        ],
      },
      undefined,
      false,
      true,
    ],
    ['a proportional line', { x: 82, xEnd: 540, y: 80, size: 10, mono: false }, prose, true, false],
    [
      "a definition's last line mostly in typewriter, wrapped under the text after its term",
      { x: 140, xEnd: 240, y: 80, size: 10, mono: true, monoEnd: false, set: {} },
      { ...prose, x: 82, pieces: [term, { x: 140, xEnd: 470 }, { x: 476, xEnd: 540 }] },
      true,
      true,
    ],
    [
      'the same under a row of three columns (two wide gaps): not joined',
      { x: 140, xEnd: 240, y: 80, size: 10, mono: true, monoEnd: false, set: {} },
      { ...prose, x: 82, pieces: [term, { x: 140, xEnd: 300 }, { x: 340, xEnd: 540 }] },
      true,
      false,
    ],
  ];
  for (const [name, line, above, under, want] of cases)
    await t.test(name, () => assert.equal(proseInType(line, above, under, 540, 12), want));
  await t.test('no line counts as filled when the margin is not the text edge (a numbered listing)', () =>
    assert.equal(proseInType(mixedFull, prose, true, 540, 12, false), false),
  );
});

test("columnRight: a column's own right edge where it is narrower than the page", async (t) => {
  const at = (x: number, ends: number[], mono = false) => ends.map((xEnd) => ({ x, xEnd, mono }));
  const cases: [string, { x: number; xEnd: number; mono: boolean }[], number, ColumnRight | undefined][] = [
    [
      'the left column of a justified two-column page',
      [...at(44, [280, 280, 280, 230]), ...at(300, [550, 550, 550])],
      44,
      { margin: 280, edge: true, right: 280 },
    ],
    [
      'a ragged left column: no end shared by 3 lines, its rightmost (rightMargin, as for a page)',
      [...at(44, [279, 272, 283, 266, 289]), ...at(300, [550, 550, 550])],
      44,
      { margin: 289, edge: true, right: 289 },
    ],
    [
      'the right column reaches the page edge: the page holds',
      [...at(44, [280, 280, 280]), ...at(300, [550, 550, 550])],
      300,
      undefined,
    ],
    ['one column: the page holds', at(72, [540, 540, 540, 400]), 72, undefined],
    [
      'under 3 prose lines at that left: nothing said',
      [...at(44, [280, 280]), ...at(300, [550, 550, 550])],
      44,
      undefined,
    ],
    [
      "a numbered listing's numbers of blank lines do not make a column (under 10 em)",
      [...at(44, [52, 52, 52, 52]), ...at(60, [300, 300], true), ...at(300, [550, 550, 550])],
      44,
      undefined,
    ],
    [
      'short lines at one left with no column right of them (a list of short items)',
      [...at(72, [300, 320, 310, 280]), ...at(90, [540, 540])],
      72,
      undefined,
    ],
    [
      "a listing's typewriter lines do not make a column",
      [...at(90, [300, 300, 300, 300], true), ...at(72, [540, 540, 540])],
      90,
      undefined,
    ],
    [
      'within 1 pt of the left',
      [...at(44.5, [280, 280]), ...at(43.8, [280]), ...at(300, [550, 550, 550])],
      44,
      { margin: 280, edge: true, right: 280 },
    ],
  ];
  for (const [name, lines, x, want] of cases) {
    await t.test(name, () => assert.deepEqual(columnRight(lines, x, 550, 10), want));
    await t.test(`${name} (columnRights: the same answer, asked twice)`, () => {
      const at = columnRights(lines, 550);
      assert.deepEqual(at(x, 10), want);
      assert.deepEqual(at(x, 10), want);
    });
  }
});

test('columnRights: one answer per left and size, as columnRight gives it', () => {
  const lines = [44, 44, 44, 300, 300, 300].map((x, i) => ({ x, xEnd: i < 3 ? 280 : 550, mono: false }));
  const at = columnRights(lines, 550);
  // At 30 pt the left column's lines (236 pt) are under 10 em: no column; at 10 pt they are one.
  const asks: [number, number][] = [
    [44, 10],
    [44, 30],
    [300, 10],
    [44, 10],
    [44.5, 10],
    [44, 30],
    [300, 10],
  ];
  for (const [x, size] of asks) assert.deepEqual(at(x, size), columnRight(lines, x, 550, size), `${x} at ${size} pt`);
  assert.deepEqual(at(44, 10), { margin: 280, edge: true, right: 280 });
  assert.equal(at(44, 30), undefined);
});

test('wrapsUnderTerm: a line under the text after a definition term, the one wide gap of the line above', async (t) => {
  const line = (pieces: { x: number; xEnd: number }[]): TypeLine => ({
    x: pieces[0]!.x,
    xEnd: pieces.at(-1)!.xEnd,
    y: 100,
    size: 10,
    mono: false,
    pieces,
  });
  const cases: [string, TypeLine, number, boolean][] = [
    [
      'term, 3 em, text: under the text',
      line([
        { x: 90, xEnd: 118 },
        { x: 148, xEnd: 522 },
      ]),
      148,
      true,
    ],
    [
      'the same, the text justified in two pieces',
      line([
        { x: 90, xEnd: 118 },
        { x: 148, xEnd: 452 },
        { x: 460, xEnd: 522 },
      ]),
      148,
      true,
    ],
    [
      'under the term, not the text',
      line([
        { x: 90, xEnd: 118 },
        { x: 148, xEnd: 522 },
      ]),
      90,
      false,
    ],
    [
      'three columns: two wide gaps',
      line([
        { x: 90, xEnd: 118 },
        { x: 148, xEnd: 300 },
        { x: 340, xEnd: 522 },
      ]),
      148,
      false,
    ],
    [
      'the wide gap after the second piece: not a term',
      line([
        { x: 90, xEnd: 118 },
        { x: 124, xEnd: 200 },
        { x: 240, xEnd: 522 },
      ]),
      240,
      false,
    ],
    [
      'no wide gap at all',
      line([
        { x: 90, xEnd: 300 },
        { x: 306, xEnd: 522 },
      ]),
      306,
      false,
    ],
    ['no pieces', { x: 90, xEnd: 522, y: 100, size: 10, mono: false }, 90, false],
  ];
  for (const [name, above, x, want] of cases) await t.test(name, () => assert.equal(wrapsUnderTerm(above, x), want));
});

test('proseInType: ragged-right text, where no line reaches a margin', async (t) => {
  // A ReportLab page: text block 78-517, 12 pt line spacing, 10 pt type, lines ragged.
  const prose: TypeLine = { x: 78, xEnd: 457, y: 282, size: 10, mono: false };
  const mixed: TypeLine = { x: 78, xEnd: 212, y: 270, size: 10, mono: true, monoEnd: false };
  const listing: TypeLine = { x: 78, xEnd: 212, y: 270, size: 10, mono: true, set: {} };
  const cases: [string, TypeLine, TypeLine | undefined, boolean, boolean, boolean][] = [
    ['a last line with a word of the text face, the line above filled', mixed, prose, true, false, true],
    ['the same, the line above not filled (its first word would have fit)', mixed, prose, false, false, false],
    ['a line all in typewriter under a filled line: a listing line', listing, prose, true, false, false],
    ['the same, with a gap under the line above', { ...mixed, y: 258 }, prose, true, false, false],
    [
      'a first line with a word of the text face whose next line did not fit its word',
      mixed,
      undefined,
      false,
      true,
      true,
    ],
    ['a first line all in typewriter whose next line did not fit its word', listing, undefined, false, true, false],
    [
      'a line of a table: a wide gap between its pieces',
      {
        ...mixed,
        pieces: [
          { x: 78, xEnd: 100 },
          { x: 140, xEnd: 212 },
        ],
      },
      undefined,
      false,
      true,
      false,
    ],
  ];
  for (const [name, line, above, filled, opens, want] of cases)
    await t.test(name, () => assert.equal(proseInType(line, above, true, 517, 12, false, filled, opens), want));
});

test('proseInType: a line that goes on the sentence above, where the fit cannot tell', async (t) => {
  // A Chromium print: ragged text block 46-550, 9.5 pt line spacing, 6.5 pt type; the line above
  // ends 31 pt short of the edge, within the fit slack for a long typewriter path's first word.
  const prose: TypeLine = { x: 46, xEnd: 518.8, y: 311.9, size: 6.5, mono: false };
  const last: TypeLine = { x: 46, xEnd: 406, y: 302.4, size: 6.5, mono: true, monoStart: false, monoEnd: false };
  const listing: TypeLine = { x: 46, xEnd: 406, y: 302.4, size: 6.5, mono: true, set: {} };
  const cases: [string, TypeLine, TypeLine, boolean, boolean][] = [
    ["a paragraph's last line with words of the text face, the sentence going on", last, prose, true, true],
    ['the same, the sentence ended above (or its first word would have fit)', last, prose, false, false],
    ['a line all in typewriter under an unended sentence: a listing line', listing, prose, true, false],
    ['the same line under a line in typewriter', last, { ...prose, mono: true, set: {} }, true, false],
    ['the same line a blank line under it', { ...last, y: 290 }, prose, true, false],
    [
      'a line of a table: a wide gap between its pieces',
      {
        ...last,
        pieces: [
          { x: 46, xEnd: 100 },
          { x: 140, xEnd: 406 },
        ],
      },
      prose,
      true,
      false,
    ],
  ];
  for (const [name, line, above, runs, want] of cases)
    await t.test(name, () => assert.equal(proseInType(line, above, true, 550, 9.5, false, false, false, runs), want));
});

test('runsOnSentence: the sentence of the line above goes on in this line', async (t) => {
  const cases: [string, string, string, boolean][] = [
    ['a word, then a lower-case word', 'option -I.;../gs/lib;c:/gs8.50/lib, Ghostscript', 'searches for ../gs', true],
    ['a comma, then a lower-case word', 'the first element is a string,', 'which specifies Ordering', true],
    ['an article, then a typewriter term', 'unexpected redirects under the', 'warn-is-error mode.', true],
    ['a full stop: the sentence ended', 'is used by default.', 'gs -sDEVICE=png16m', false],
    ['a colon: a listing or a list follows', 'For example:', 'gs -sDEVICE=png16m', false],
    ['a closing bracket', 'the call (see below)', 'foo(bar)', false],
    ['a digit', 'the value is 42', 'and more', false],
    ['a capital: a new sentence or a name', 'see the manual', 'Ghostscript searches', false],
    ['a digit opening the line: a numbered listing', 'set it to the', '2 then', false],
    ['an accented lower-case letter goes on', 'la valeur de la', 'élévation', true],
  ];
  for (const [name, above, text, want] of cases)
    await t.test(name, () => assert.equal(runsOnSentence(above, text), want));
});

test("firstWordWidth, wordFitsAbove, wordOverflowsAbove: would the next line's first word have fit?", async (t) => {
  // 10 pt lines, 5 pt a character; the text block ends at 517.
  const line = (text: string) => ({ text, x: 78, xEnd: 78 + text.length * 5, size: 10 });
  await t.test("the width is the word's share of the line and a quarter em", () =>
    assert.equal(firstWordWidth(line('The path object methods')), 17.5),
  );
  await t.test('an empty line has none', () => assert.equal(firstWordWidth({ text: ' ', x: 1, xEnd: 2, size: 10 }), 0));
  const cases: [string, number, string, boolean, boolean][] = [
    ['a short word after a line 50 pt short: it fitted, the text broke', 467, 'The path object methods', true, false],
    ['a long path after a line 60 pt short: the line was full', 457, 'firstLineIndent equal to 0.', false, true],
    ['a short word after a line 5 pt short: the line was full', 512, 'be viewed online at', false, true],
    ['a word that would just fit, within the slack: neither', 500, 'and more', false, false],
  ];
  for (const [name, end, text, fits, overflows] of cases) {
    await t.test(`${name} (fits)`, () => assert.equal(wordFitsAbove(end, 517, line(text)), fits));
    await t.test(`${name} (overflows)`, () => assert.equal(wordOverflowsAbove(end, 517, line(text)), overflows));
  }
});

test('outdentedAfterShort: a line left of a short line the text broke starts a new block', async (t) => {
  // 12 pt lines, 6 pt a character; the text block ends at 540.
  const at = (x: number, text: string) => ({ text, x, xEnd: x + text.length * 6, size: 12 });
  const cases: [string, ReturnType<typeof at>, ReturnType<typeof at>, boolean][] = [
    [
      "a list item's short line, then a paragraph 1 em left",
      at(84, '• prompt {string}'),
      at(72, 'The rl.setPrompt() method'),
      true,
    ],
    ['an indented note, then the text', at(96, 'Stability: 2 - Stable'), at(72, 'The node:readline module'), true],
    ['the same left: left to the other rules', at(72, '• prompt {string}'), at(72, 'The rl.setPrompt() method'), false],
    ['a line right of it (a hanging indent)', at(84, '• prompt {string}'), at(96, 'more of the item'), false],
    [
      "a character hanging into the margin (pdfTeX's protrusion of '('): no outdent",
      at(111.6, 'dann gilt c2 = a2 + b2'),
      at(110.3, '(Satz des Pythagoras).'),
      false,
    ],
    ['a quarter em left: outdented', at(75.5, 'Stability: 2 - Stable'), at(72, 'The node:readline module'), true],
    [
      'code in the text face: a closing brace outdented under a short statement',
      at(96, 'continue;'),
      at(84, '}'),
      false,
    ],
    ['code: a brace opening a body under the parameters', at(96, 'char *f;'), at(72, '{ fprintf (stderr, f);'), false],
    ['code: a case label under a statement', at(108, 'return 1;'), at(96, 'case ONE_NOT: return 0;'), false],
    ['code: a label under a comment', at(108, 'return 1; /* match */'), at(96, 'default:'), false],
    ["code's note after it: a capital", at(96, 'int j;'), at(72, 'This code is used in section 5.'), true],
    [
      'a display, then the sentence going on in lower case',
      at(108, 'command1 && command2'),
      at(72, 'command2 is executed if'),
      true,
    ],
    [
      'a full first line of an item, then its wrapped line back at the margin',
      at(84, '• a list item whose text fills its first line up to the very edge of the box'),
      at(72, 'e text block and wraps'),
      false,
    ],
  ];
  for (const [name, prev, line, want] of cases)
    await t.test(name, () => assert.equal(outdentedAfterShort(prev, line, 540), want));
});

test('runsOnLine: a line that runs on from the one above', async (t) => {
  const cases: [string, string, string, boolean][] = [
    ['a closing brace', 'continue;', '} else {', true],
    ['an opening brace', 'char *f;', '{ int m;', true],
    ['a closing bracket', 'the value', ') of x', true],
    ['lower case under a statement', 'break;', 'default:', true],
    ['lower case under an opening brace', 'switch (c) {', "case 't': i = 1;", true],
    ['lower case under a comment (two spellings of the star)', 'return 1; /∗ found ∗/', 'case ONE_NOT:', true],
    ['lower case under a C comment', 'return 1; /* found */', 'case ONE_NOT:', true],
    ['lower case under a display', 'command1 && command2', 'command2 is executed', false],
    ['lower case under a French list item ending a clause', 'de config.sub ;', 'et de config.guess', true],
    ['a capital under a statement', 'int j;', 'Tento kód je použit v sekci 5.', false],
    ['a capital', '• prompt {string}', 'The rl.setPrompt() method', false],
    ['a digit', 'Stability: 2 - Stable', '2 The module', false],
    ['an opening parenthesis opens a block', 'the end.', '(See also below.)', false],
  ];
  for (const [name, prev, text, want] of cases) await t.test(name, () => assert.equal(runsOnLine(prev, text), want));
});

test('leftAcross: the leftmost start of the lines crossing an axis', async (t) => {
  const lines = [
    { x: 100, xEnd: 200, y: 700 }, // a centred title line
    { x: 72, xEnd: 300, y: 680 }, // a paragraph's line
    { x: 320, xEnd: 540, y: 690 }, // the next column: does not cross the axis
    { x: 50, xEnd: 540, y: 100 }, // a footer, out of reach
  ];
  const cases: [string, number, number, number][] = [
    ['the paragraph line starts left of the title', 150, 700, 72],
    ['the next column alone', 400, 690, 320],
    ['out of reach: none', 150, 300, 0],
  ];
  for (const [name, axis, y, want] of cases)
    await t.test(name, () => assert.equal(leftAcross(lines, axis, y, 144), want));
});

test('centredPair: lines set centred on one axis, broken by hand', async (t) => {
  // 12 pt lines, 6 pt a character, centred on x = 300; the text's left edge at 72.
  const centred = (text: string) => ({ text, x: 300 - text.length * 3, xEnd: 300 + text.length * 3, size: 12 });
  const at = (x: number, text: string) => ({ text, x, xEnd: x + text.length * 6, size: 12 });
  const cases: [string, ReturnType<typeof at>, ReturnType<typeof at>, boolean][] = [
    ['an author list', centred('Deri James and'), centred('Peter Schaffter'), true],
    ['a shorter line under a longer one', centred('by Joe Chang and'), centred('Brad Connors'), true],
    ['flush left: one left end', at(72, 'The end.'), at(72, 'A new paragraph.'), false],
    [
      "a centred caption over a paragraph's line from the left edge",
      centred('Table 4 - Label properties'),
      at(72, 'To see many more examples of Label objects with differ'),
      false,
    ],
    [
      "a list item's short line, then the paragraph 1 em left",
      at(84, '• prompt {string}'),
      at(72, 'The method'),
      false,
    ],
    ['middles 10 pt apart', centred('Deri James and'), { ...centred('Peter Schaffter'), x: 265, xEnd: 355 }, false],
  ];
  for (const [name, a, b, want] of cases) await t.test(name, () => assert.equal(centredPair(a, b, 72), want));
});

test('columnEdge: where the lines of a column end, not the page', async (t) => {
  // Two justified columns: left 43.7-288.8, right 308-553; a copyright line across both at the foot.
  // The edge is the end most lines share, to the point (rightMargin).
  const left = (y: number, xEnd = 288.8) => ({ x: 43.7, xEnd, y });
  const lines = [
    left(131.6),
    left(119.7, 282),
    { x: 53.6, xEnd: 288.8, y: 107.3 },
    left(95.4, 277.1),
    left(83.4),
    left(71.4),
    { x: 308, xEnd: 553, y: 107.3 },
    { x: 43.7, xEnd: 493.7, y: 29.6 },
  ];
  const cases: [string, number, number, number, number][] = [
    ['the left column, a line across both columns in reach', 33.7, 63.6, 107.3, 120],
    ['the left column, nothing else in reach', 33.7, 63.6, 107.3, 40],
  ];
  for (const [name, from, to, y, reach] of cases)
    await t.test(name, () => assert.equal(columnEdge(lines, from, to, y, reach), 289));
  await t.test('ragged lines: the rightmost', () =>
    assert.equal(columnEdge([left(100, 400), left(88, 517), left(76, 350)], 33, 64, 90, 120), 517),
  );
  await t.test('no line in the window', () => assert.equal(columnEdge(lines, 100, 200, 107, 120), 0));
});

test('fillsFirstFit: only a first-fit typesetter tells a break by the word that would have fitted', async (t) => {
  const cases: [string, string | undefined, boolean][] = [
    ['pdfTeX', 'LaTeX with hyperref pdfTeX-1.40.24', false],
    ['dvips through Ghostscript', 'dvips(k) 5.996 GPL Ghostscript 9.19', false],
    ['xdvipdfmx', 'DBLaTeX-0.3.12 xdvipdfmx (20211117)', false],
    ['LibreOffice', 'Writer LibreOffice 7.4', true],
    ['ReportLab', '(unspecified) ReportLab PDF Library - www.reportlab.com', true],
    ['Chromium', 'Chromium Skia/PDF m153', true],
    ['groff', 'groff version 1.22.4 gropdf version 1.22.4', true],
    ['unknown', undefined, true],
  ];
  for (const [name, typesetter, want] of cases) await t.test(name, () => assert.equal(fillsFirstFit(typesetter), want));
});

test('setToMeasure and measureEdge: filled text reaches the measure, a text file set line for line does not', async (t) => {
  const cases: [string, number[], number, boolean][] = [
    ['a ragged paragraph with a line 18 pt short of the edge', [490.9, 487.1, 463.5], 509.3, true],
    ['a justified paragraph', [540, 540, 300], 540, true],
    ['lines of a text file far short of the edge', [382, 346, 347], 540, false],
    ['no lines', [], 540, false],
  ];
  for (const [name, ends, edge, want] of cases)
    await t.test(name, () => assert.equal(setToMeasure(ends, edge, 10), want));
  await t.test("the measure is the median of the pages' right ends", () =>
    assert.equal(measureEdge([540, 411, 540, 539, 0]), 540),
  );
  await t.test('no pages, no measure', () => assert.equal(measureEdge([]), 0));
});

test('breaksInType: a typewriter option or path broken by FOP joins without a space', async (t) => {
  const cases: [string, string, string, boolean, boolean, boolean][] = [
    ['an option broken after its dashes', 'also the effect of the --', 'error-exitcode option.', true, true, true],
    ['a single dash', 'the option -', 'v gives more', true, true, true],
    ['a path broken after a slash', 'show the name as foo/bar/', 'xyzzy.c.', true, true, true],
    ['a dash of the text face', 'your program is leaking memory --', 'fix it!', false, false, false],
    ['typewriter dashes before a word of the text face', 'the option --', 'and more', true, false, false],
    ['a word before a slash in the text face', 'and/', 'or', false, false, false],
    [
      'dashes inside a word (a hyphenated option is left to the hyphen rules)',
      'the value --vex-',
      'iropt=1',
      true,
      true,
      false,
    ],
    ['dashes before a space', 'the option --', ' x', true, true, false],
  ];
  for (const [name, a, b, am, bm, want] of cases)
    await t.test(name, () => assert.equal(breaksInType(a, b, am, bm), want));
});

test('outdentedAfterSentence: a line left of a short line that ends a sentence starts a new block', async (t) => {
  const cases: [string, boolean, number, number, boolean][] = [
    ["a definition list's next term, 2.5 em left", true, 81.6, 56.7, true],
    ['the same x', true, 81.6, 81.6, false],
    ['right of it', true, 56.7, 81.6, false],
    ['the short line does not end a sentence', false, 81.6, 56.7, false],
  ];
  for (const [name, ends, px, x, want] of cases)
    await t.test(name, () => assert.equal(outdentedAfterSentence(ends, px, x), want));
});

test('indentedAfterSentence: an indented line after a sentence end opens a paragraph when the next line comes back', async (t) => {
  // [name, the line before ends a sentence, its x, this line's x, the next line's x, size, want]
  const cases: [string, boolean, number, number, number | undefined, number, boolean][] = [
    ["troff -ms's 5-en indent (2.5 em) after a short last line", true, 72, 97, 72, 10, true],
    ["LaTeX's 1.5 em indent", true, 72, 87, 72, 10, true],
    ['the line before does not end a sentence (a display opens mid-sentence)', false, 72, 97, 72, 10, false],
    ['the next line stays indented: a hanging list item or a quotation', true, 72, 97, 97, 10, false],
    ['no next line in the same column', true, 72, 97, undefined, 10, false],
    ['not indented: the same left', true, 72, 72, 72, 10, false],
    ['less than 0.8 em to the right', true, 72, 79, 72, 10, false],
    ['the next line comes back further left than the line before', true, 97, 110, 72, 10, false],
  ];
  for (const [name, ends, px, x, nx, size, want] of cases)
    await t.test(name, () => assert.equal(indentedAfterSentence(ends, px, x, nx, size), want));
});

test('textEdge: the margin most lines end at is the text block edge when a prose line fills to it', async (t) => {
  const prose = { x: 72, xEnd: 540, mono: false };
  const number = (y: number) => ({ x: 60, xEnd: 70, mono: false, y });
  const code = { x: 80, xEnd: 300, mono: true };
  const cases: [string, { x: number; xEnd: number; mono: boolean }[], number, boolean][] = [
    ['justified prose ends there', [prose, prose, { x: 72, xEnd: 200, mono: false }], 540, true],
    [
      'a numbered listing: its numbers end there',
      [number(1), code, number(2), code, number(3), code, prose],
      70,
      false,
    ],
    ['only typewriter lines end there', [{ x: 72, xEnd: 540, mono: true }, code], 540, false],
  ];
  for (const [name, lines, margin, want] of cases)
    await t.test(name, () => assert.equal(textEdge(lines, margin), want));
});

test('stopsShort: a line 4 em or more short of the right edge is a short line', async (t) => {
  // The text block's right edge at 538.6.
  const cases: [string, number, number, boolean][] = [
    ['a full line', 537, 10, false],
    ['3 em short', 508.6, 10, false],
    ['just under 4 em short', 498.7, 10, false],
    ['just over 4 em short', 498.5, 10, true],
    ['half the measure', 300, 10, true],
    ['4 em of a larger size is more', 498.5, 12, false],
    ['4 em of a smaller size is less', 510, 7, true],
  ];
  for (const [name, end, size, want] of cases)
    await t.test(name, () => assert.equal(stopsShort(end, 538.6, size), want));
});

test('labelAfterShort: a line opening with an item label under a short line opens the next item', async (t) => {
  // size 10, the text block's right edge at 538.6.
  const cases: [string, string, number, boolean][] = [
    ["DBLaTeX's nested item under its parent's short line", '– You can’t impose on others what to do.', 196.6, true],
    ['a bullet under a short line', '• Keep your package simple.', 300, true],
    ['a numbered item', '2. Build the package.', 250, true],
    ['a lettered item in brackets', '(b) the second case', 250, true],
    ['a dash under a full line: running text wrapping', '– an aside that the sentence goes on with', 537, false],
    ['under a line 3 em short: full enough', '– You can’t impose on others what to do.', 510, false],
    ['no label under a short line', 'You can’t impose on others what to do.', 196.6, false],
    ['a dash glued to its word is no label', '–5 degrees at night', 196.6, false],
    ['a section number is no item label', '3.2. Building', 196.6, false],
  ];
  for (const [name, text, aboveEnd, want] of cases)
    await t.test(name, () => assert.equal(labelAfterShort(text, aboveEnd, 538.6, 10), want));
});

test("nextNumberedItem: the next number at the item's left opens the next item", async (t) => {
  // size 10; the item's first line at x 40.
  const cases: [string, string, string, number, boolean][] = [
    [
      "beamer's enumerate: a one-line item nearly filling the slide",
      '1. Multiply wave profile by an decaying exponent.',
      '2. Adjust sine/cosine phase to move maximum value to',
      40,
      true,
    ],
    ['closed by a bracket', '9) Nine', '10) Ten', 41, true],
    ['not the next number', '1. One', '3. Three', 40, false],
    ['another closing', '1. One', '2) Two', 40, false],
    ['another left (a nested list)', '1. One', '2. Two', 55, false],
    ['the item above opens with no number', 'The algorithm: multiply the', '2. Adjust the phase', 40, false],
    ['a section number is no item label', '1. One', '2.1 Two', 40, false],
  ];
  for (const [name, item, text, x, want] of cases)
    await t.test(name, () => assert.equal(nextNumberedItem(item, 40, text, x, 10), want));
});

test("indentedAbove: a paragraph's second line under its indented first line", async (t) => {
  // A first line at x0, the line under it at x, 10 pt type.
  const cases: [string, number, number, boolean][] = [
    ["Texinfo's 1.4 em first-line indent", 104.9, 90, true],
    ["troff's 2.5 em", 115, 90, true],
    ['the same left: no indent (the other rules judge it)', 90, 90, false],
    ['under 1 pt: the same left', 90.8, 90, false],
    ['the line starts right of the one above', 90, 104.9, false],
    ['4 em in: a quotation or a list, not a first-line indent', 130, 90, false],
  ];
  for (const [name, x0, x, want] of cases)
    await t.test(name, () => assert.equal(indentedAbove('sending per the file', x0, x, 10), want));
  await t.test('not under a first line ending in a colon: a list or a listing follows', () =>
    assert.equal(indentedAbove('potete prendere in considerazione per l’installazione:', 104.9, 90, 10), false),
  );
});

test('proseInType: a Texinfo line wholly in typewriter goes on the paragraph whose first line is indented', () => {
  const margin = 522;
  const above = {
    text: 'For medium to small changes, request a personal disclaimer by sending per the file',
    x: 104.9,
    xEnd: margin,
    y: 233,
    size: 10.9,
    mono: false,
  };
  const line = {
    text: 'request-disclaim.changes.',
    x: 90,
    xEnd: 230.5,
    y: 219.8,
    size: 10.9,
    mono: true,
    monoEnd: false,
    set: { text: 'request-disclaim.changes', x: 90, advance: 5.7 },
  };
  assert.equal(proseInType(line, above, indentedAbove(above.text, above.x, line.x, line.size), margin, 13.2), true);
  assert.equal(proseInType(line, above, false, margin, 13.2), false);
});

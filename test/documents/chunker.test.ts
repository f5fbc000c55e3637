import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  splitIntoChunks,
  endsSentence,
  addPageMarks,
  betweenItems,
  endsItem,
  opensOnBullet,
  labelColon,
  dotColumn,
  nextStart,
  verbatimText,
  codeParagraphs,
  codeSections,
  insideKeptAscending,
  type Block,
  type ChunkLimits,
} from '../../src/documents/chunker.ts';
import type { Chunk } from '../../src/documents/types.ts';

const cp = (s: string) => [...s].length;
const squash = (s: string) => s.replace(/\s+/g, '');

/** Deterministic filler: sentences of 6-14 words from a small vocabulary. */
function sentences(n: number, seed = 1): string[] {
  const words = [
    'policy',
    'coverage',
    'claim',
    'network',
    'the',
    'of',
    'review',
    'annual',
    'benefit',
    'provider',
    'account',
    'schedule',
    'premium',
    'and',
  ];
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 6 + Math.floor(rnd() * 9);
    const ws = Array.from({ length: len }, () => words[Math.floor(rnd() * words.length)]!);
    const s = ws.join(' ');
    out.push(s[0]!.toUpperCase() + s.slice(1) + '.');
  }
  return out;
}

function paragraphs(count: number, perPara: number, seed = 1): Block[] {
  const ss = sentences(count * perPara, seed);
  const out: Block[] = [];
  for (let i = 0; i < count; i++) out.push({ text: ss.slice(i * perPara, (i + 1) * perPara).join(' ') });
  return out;
}

function checkInvariants(blocks: Block[], chunks: Chunk[]): void {
  const all = blocks.map((b) => b.text).join('\n');
  assert.equal(squash(chunks.map((c) => c.content).join('')), squash(all), 'no text lost or duplicated');
  chunks.forEach((c, i) => {
    const n = cp(c.content);
    if (i < chunks.length - 1) assert.ok(n >= 800 && n <= 1200, `chunk ${i} has ${n} code points`);
    else assert.ok(n <= 1200, `last chunk has ${n}`);
    assert.equal(c.content, c.content.trim(), 'no whitespace at the cut');
    assert.ok([...c.section].length <= 90);
  });
  // Never mid-word: every cut falls on whitespace of the original text.
  let pos = 0;
  for (const c of chunks.slice(0, -1)) {
    pos = all.indexOf(c.content, pos) + c.content.length;
    assert.match(all[pos] ?? ' ', /\s/, 'cut on whitespace');
  }
}

test('chunk sizes, no loss, cuts on whitespace', async (t) => {
  const cases: [string, Block[]][] = [
    ['many short paragraphs', paragraphs(60, 2)],
    ['few long paragraphs', paragraphs(5, 60)],
    ['one huge paragraph', paragraphs(1, 400)],
    ['no punctuation at all', [{ text: Array.from({ length: 2000 }, (_, i) => `word${i % 37}`).join(' ') }]],
    [
      'lines without sentence ends (code)',
      Array.from({ length: 300 }, (_, i) => ({ text: `set xrange [${i}:${i + 10}] # line ${i}` })),
    ],
    [
      'astral characters counted as one code point',
      [{ text: Array.from({ length: 900 }, (_, i) => (i % 5 === 0 ? '😀😀' : 'ab') + '.').join(' ') }],
    ],
  ];
  for (const [name, blocks] of cases) {
    await t.test(name, () => {
      const chunks = splitIntoChunks(blocks);
      checkInvariants(blocks, chunks);
      assert.deepEqual(splitIntoChunks(blocks), chunks, 'deterministic');
    });
  }
});

test('a document under 800 characters gives one short chunk', () => {
  const chunks = splitIntoChunks([{ text: 'Short text.', heading: undefined }]);
  assert.deepEqual(chunks, [{ section: '', content: 'Short text.' }]);
});

test('an empty document gives no chunk', () => {
  assert.deepEqual(splitIntoChunks([]), []);
  assert.deepEqual(splitIntoChunks([{ text: '   ' }]), []);
});

test('a short tail is rebalanced so the last chunk is not tiny', () => {
  const blocks = [{ text: sentences(28, 7).join(' ') }];
  const total = cp(blocks[0]!.text);
  assert.ok(total > 1600 && total < 2400, `fixture size ${total}`);
  const chunks = splitIntoChunks(blocks);
  assert.equal(chunks.length, 2);
  for (const c of chunks) assert.ok(cp(c.content) >= 800, `${cp(c.content)}`);
});

test('prefers sentence ends, and cuts before a heading', () => {
  const blocks: Block[] = [
    ...paragraphs(3, 4, 3),
    { text: '2.1 Coverage rules', heading: '2.1 Coverage rules' },
    ...paragraphs(6, 4, 4),
  ];
  const chunks = splitIntoChunks(blocks);
  for (const c of chunks.slice(0, -1)) assert.match(c.content, /[.!?]$/);
  const withHeading = chunks.find((c) => c.content.includes('2.1 Coverage rules'))!;
  assert.ok(
    withHeading.content.startsWith('2.1 Coverage rules') || withHeading.section === '',
    'heading opens its chunk when the window allows',
  );
});

test('section: nearest heading at or before the chunk start, carried forward; "" before the first', () => {
  const blocks: Block[] = [
    ...paragraphs(4, 5, 5),
    { text: 'CHAPTER 1 BASICS', heading: 'CHAPTER 1 BASICS' },
    ...paragraphs(12, 5, 6),
  ];
  const chunks = splitIntoChunks(blocks);
  assert.equal(chunks[0]!.section, '');
  const i = chunks.findIndex((c) => c.content.includes('CHAPTER 1 BASICS'));
  for (const c of chunks.slice(i + 1)) assert.equal(c.section, 'CHAPTER 1 BASICS');
  assert.ok(chunks.length - i > 2);
});

test('a single word longer than the window is cut hard (the only mid-word case)', () => {
  const chunks = splitIntoChunks([{ text: 'x'.repeat(3000) }]);
  assert.deepEqual(
    chunks.map((c) => cp(c.content)),
    [1200, 1200, 600],
  );
});

test('endsSentence', async (t) => {
  const cases: [string, boolean][] = [
    ['It works.', true],
    ['Really?', true],
    ['Really?!', true],
    ['the exit status of the last command, $?', false],
    ['the process ID of the last background job, $!', false],
    ['prompt: \\!', false],
    ['a script starts with #!', false],
    ['(is it?)', true],
    ['He said "stop."', true],
    ['See e.g.', false],
    ['J. Smith and A.', false],
    ['compare with Fig.', false],
    ['no end', false],
    ['a code block {...}', false],
    ['Load the plugins.\n4.', false],
    ['Load the plugins.\n4.2.', false],
    ['Load the plugins.\niv.', false],
    ['1. Download.\n  a. Check.\n    ii.', false],
    ['1. Download.\n    iv.', false],
    ['It grew to iv.', true],
    ['4.', false],
    ['It was released in 2019.', true],
    ['Load the plugins.\nIt grew to 4.', true],
    ['パッケージを作成します。', true],
    ['なぜか？', true],
    ['頑張ってください！', true],
    ['「これで完了です。」', true],
    ['软件包（见下文。）', true],
    ['以下を参照：', false],
    ['パッケージを作成します', false],
  ];
  for (const [s, want] of cases) await t.test(s, () => assert.equal(endsSentence(s, s.length), want));
});

test('cut preferences (small limits so that the fixtures stay readable)', async (t) => {
  const limits = { min: 40, max: 80 };
  const p = (text: string): Block => ({ text });
  const hd = (text: string): Block => ({ text, heading: text });
  // [name, blocks, limits, the expected chunks]
  const cases: [string, Block[], typeof limits, string[]][] = [
    [
      'a paragraph end that ends a sentence beats a later sentence end inside a paragraph',
      [
        p('One two three four five six seven eight nine ten.'),
        p('Eleven twelve. Thirteen fourteen fifteen sixteen seventeen.'),
      ],
      limits,
      [
        'One two three four five six seven eight nine ten.',
        'Eleven twelve. Thirteen fourteen fifteen sixteen seventeen.',
      ],
    ],
    [
      'a sentence end before a heading beats a later paragraph end (the heading opens the chunk)',
      [
        p('One two three four five six seven eight nine ten.'),
        hd('Second Part'),
        p('Eleven twelve thirteen.'),
        p('Fourteen fifteen sixteen.'),
      ],
      limits,
      [
        'One two three four five six seven eight nine ten.',
        'Second Part\nEleven twelve thirteen.\nFourteen fifteen sixteen.',
      ],
    ],
    [
      'a sentence end beats a line break before a heading after a code example',
      [
        p('Some words to begin with here. Plot it with this command:'),
        p('plot x'),
        p('plot y'),
        hd('Next Topic'),
        p('More text about the next topic here.'),
      ],
      limits,
      [
        'Some words to begin with here. Plot it with this command:',
        'plot x\nplot y\nNext Topic\nMore text about the next topic here.',
      ],
    ],
    [
      // The code example closes its section: its end before the heading is as clean as a sentence
      // end, and the next section's words open a chunk under their own label.
      'the end of a code block before a heading opens the next section, with the example beside its introduction',
      [
        p('Some words to begin with here. Plot it with this command:'),
        { text: 'plot x\nplot y', verbatim: true, keep: true },
        hd('Next Topic'),
        p('More text about the next topic here.'),
      ],
      limits,
      [
        'Some words to begin with here. Plot it with this command:\nplot x\nplot y',
        'Next Topic\nMore text about the next topic here.',
      ],
    ],
    [
      'the end of a table row before a heading opens the next section',
      [
        p('Some words to begin with here. The sizes are:'),
        { text: 'a4 | 595 x 842', keep: true },
        { text: 'a5 | 420 x 595', keep: true },
        hd('Next Topic'),
        p('More text about the next topic here.'),
      ],
      limits,
      [
        'Some words to begin with here. The sizes are:\na4 | 595 x 842\na5 | 420 x 595',
        'Next Topic\nMore text about the next topic here.',
      ],
    ],
    [
      'the end of a code block that no heading follows is no sentence end',
      [
        p('Some words to begin with here. Plot it with this command:'),
        { text: 'plot x\nplot y', verbatim: true, keep: true },
        p('More text about the plot here. And more words.'),
      ],
      limits,
      // A clean end there would beat the colon, whose next chunk opens on a lower-case word.
      [
        'Some words to begin with here. Plot it with this command:',
        'plot x\nplot y\nMore text about the plot here. And more words.',
      ],
    ],
    [
      // "To set the weight:" introduces its command: the command stays with it.
      'a paragraph end on a colon introduces the next block: a sentence end inside a paragraph beats it',
      [
        p('One two three four five. To set the weight:'),
        p('Run weight 200. It takes effect at once and stays so for good.'),
      ],
      limits,
      [
        'One two three four five. To set the weight:\nRun weight 200.',
        'It takes effect at once and stays so for good.',
      ],
    ],
    [
      'a sentence end inside a paragraph beats a later line break',
      [
        p('Alpha beta gamma delta epsilon zeta eta. Theta iota kappa lambda mu'),
        p('Nu xi omicron pi rho sigma tau upsilon phi chi.'),
      ],
      limits,
      [
        'Alpha beta gamma delta epsilon zeta eta.',
        'Theta iota kappa lambda mu\nNu xi omicron pi rho sigma tau upsilon phi chi.',
      ],
    ],
    [
      'a semicolon inside a paragraph beats a later line break',
      [
        p('Alpha beta gamma delta epsilon zeta eta; Theta iota kappa lambda mu'),
        p('Nu xi omicron pi rho sigma tau upsilon phi chi.'),
      ],
      limits,
      [
        'Alpha beta gamma delta epsilon zeta eta;',
        'Theta iota kappa lambda mu\nNu xi omicron pi rho sigma tau upsilon phi chi.',
      ],
    ],
    [
      'no sentence end: a line break beats a later word boundary',
      [
        p('Alpha beta gamma delta epsilon zeta eta theta iota'),
        p('Kappa lambda mu nu xi omicron pi rho sigma tau upsilon'),
      ],
      limits,
      ['Alpha beta gamma delta epsilon zeta eta theta iota', 'Kappa lambda mu nu xi omicron pi rho sigma tau upsilon'],
    ],
    [
      'an abbreviation is not a sentence end',
      [
        p('Alpha beta gamma delta epsilon zeta, e.g. Theta iota kappa lambda'),
        p('Mu nu xi omicron pi rho sigma tau upsilon phi chi psi.'),
      ],
      limits,
      [
        'Alpha beta gamma delta epsilon zeta, e.g. Theta iota kappa lambda',
        'Mu nu xi omicron pi rho sigma tau upsilon phi chi psi.',
      ],
    ],
    [
      // The chunk before the heading could run on to "Eleven twelve." and leave one last chunk;
      // ending it at the heading takes one more chunk, and the section's words keep its label.
      'a section starts a chunk when the chunk before can end there, even at the price of one more chunk',
      [
        p('One two three four five six seven eight nine ten.'),
        hd('Part Two'),
        p('Eleven twelve.'),
        p('Fifteen sixteen six. Eighteen nineteen twenty twenty-one twenty-two.'),
      ],
      limits,
      [
        'One two three four five six seven eight nine ten.',
        'Part Two\nEleven twelve.\nFifteen sixteen six.',
        'Eighteen nineteen twenty twenty-one twenty-two.',
      ],
    ],
    [
      'a section start never buys a cut that ends no sentence',
      [
        p('One two three four five six seven eight nine ten.'),
        hd('Part Two'),
        p('Eleven twelve.'),
        p('Fifteen sixteen six eighteen nineteen twenty twenty-one twenty-two.'),
      ],
      limits,
      [
        'One two three four five six seven eight nine ten.\nPart Two\nEleven twelve.',
        'Fifteen sixteen six eighteen nineteen twenty twenty-one twenty-two.',
      ],
    ],
    [
      'no sentence end before the heading: the chunk runs on to a sentence end past it',
      [
        p('One two three four five six seven eight nine ten'),
        hd('Part Two'),
        p('Eleven twelve.'),
        p('Fifteen sixteen six. Eighteen nineteen twenty twenty-one twenty-two.'),
      ],
      limits,
      [
        'One two three four five six seven eight nine ten\nPart Two\nEleven twelve.',
        'Fifteen sixteen six. Eighteen nineteen twenty twenty-one twenty-two.',
      ],
    ],
    [
      'of two section starts in the window, the one that lets the next chunk start a section too',
      [
        p('One two three four five six seven eight nine ten.'),
        hd('Part Two'),
        p('Eleven twelve.'),
        hd('Part Three'),
        p('Fifteen sixteen seventeen eighteen nineteen twenty.'),
        hd('Part Four'),
        p('Twenty-one twenty-two twenty-three twenty-four.'),
      ],
      limits,
      [
        'One two three four five six seven eight nine ten.\nPart Two\nEleven twelve.',
        'Part Three\nFifteen sixteen seventeen eighteen nineteen twenty.',
        'Part Four\nTwenty-one twenty-two twenty-three twenty-four.',
      ],
    ],
    [
      'a chunk never ends on a heading',
      [
        p('Alpha beta gamma delta epsilon zeta eta theta'),
        hd('Part Two'),
        p('Iota kappa lambda mu nu xi omicron pi rho sigma.'),
      ],
      limits,
      ['Alpha beta gamma delta epsilon zeta eta theta', 'Part Two\nIota kappa lambda mu nu xi omicron pi rho sigma.'],
    ],
    [
      // A code block longer than a chunk is cut at a line end, not after a `:` inside a line.
      'inside a long code block: a line end, never a colon inside a line',
      [
        {
          text: 'Package: gentoo\nArchitecture: any\nDepends: ${shlibs:Depends}, ${misc:Depends}\nSuggests: file\nDescription: a tool to do things well',
          keep: true,
          verbatim: true,
        },
      ],
      limits,
      [
        'Package: gentoo\nArchitecture: any\nDepends: ${shlibs:Depends}, ${misc:Depends}',
        'Suggests: file\nDescription: a tool to do things well',
      ],
    ],
    [
      // gri's example 3: two panels' commands parted by a blank line, the first one fitting a
      // chunk; the cut after a comment's `.` inside the first panel was as cheap as any.
      'a code block longer than a chunk is cut between its paragraphs, each kept whole where it fits',
      [
        p('Here is how it goes.'),
        {
          text: '# Panel 1.\nset x axis 0 1\n# Then y.\nset y 1 2\ndraw curve\n\n# Panel 2. Again.\nset x margin 9\ndraw curve',
          keep: true,
          verbatim: true,
        },
      ],
      limits,
      [
        'Here is how it goes.\n# Panel 1.\nset x axis 0 1\n# Then y.\nset y 1 2\ndraw curve',
        '# Panel 2. Again.\nset x margin 9\ndraw curve',
      ],
    ],
    [
      'list items a reader ran into one paragraph: a cut before an inline bullet beats a word boundary',
      // (Without the bullet rule the chunk runs on to "• void gamma" and the next opens on "(int z".)
      [p('• void alpha (int x) • void beta (int y) • void gamma (int z, int q, int r) • void delta (int w)')],
      limits,
      ['• void alpha (int x) • void beta (int y)', '• void gamma (int z, int q, int r) • void delta (int w)'],
    ],
    [
      // A greedy cut at the latest sentence end ("another.") leaves the next window (101-121)
      // in a run without any; cutting earlier lets the next window reach "end at all."
      'look-ahead: an earlier cut leaves the next window a sentence end',
      [
        p(
          'The first sentence of this text is right here. Then another. A run of words with no end at all. and then more words that never stop at all',
        ),
      ],
      { min: 40, max: 60 },
      [
        'The first sentence of this text is right here.',
        'Then another. A run of words with no end at all.',
        'and then more words that never stop at all',
      ],
    ],
    [
      "where no sentence ends in reach, a table row's end beats a later line end",
      [
        p('A table of the numbers one to twenty'),
        { text: '11 | 12 | 13 | 14', keep: true },
        { text: '21 | 22 | 23 | 24', keep: true },
        p('Span Commands'),
        p('Our table classes support the concept of spanning'),
      ],
      { min: 40, max: 80 },
      [
        'A table of the numbers one to twenty\n11 | 12 | 13 | 14\n21 | 22 | 23 | 24',
        'Span Commands\nOur table classes support the concept of spanning',
      ],
    ],
    [
      "where no sentence ends in reach, a code block's end beats a later line end",
      [
        p('The listing below builds it'),
        { text: 'x = build(\n  1, 2)', keep: true, verbatim: true },
        p('produces'),
        p('i a built thing with its parts shown'),
      ],
      { min: 30, max: 60 },
      ['The listing below builds it\nx = build(\n  1, 2)', 'produces\ni a built thing with its parts shown'],
    ],
    [
      // One cut must end no sentence either way. Cutting inside the first line lets the next chunk
      // end on "own line." before a capital (2), where cutting at its end leaves "list. ‖ every"
      // (8, and 3 for the lower-case start): before the rule the plan took the word cut for 4.
      'where no clean cut is left, a line end beats a cut inside a sentence',
      [
        p('Options that the tool reads from its settings file'),
        p('Each option stands on its own line.'),
        p('See the list. every option has a default value of its own'),
      ],
      { min: 40, max: 60 },
      [
        'Options that the tool reads from its settings file',
        'Each option stands on its own line.\nSee the list.',
        'every option has a default value of its own',
      ],
    ],
  ];
  for (const [name, blocks, lim, want] of cases) {
    await t.test(name, () =>
      assert.deepEqual(
        splitIntoChunks(blocks, lim).map((c) => c.content),
        want,
      ),
    );
  }
});

test('Chinese and Japanese: cuts at 。！？ without blanks, between characters where none ends, never inside Latin', async (t) => {
  const p = (text: string): Block => ({ text });
  // [name, blocks, limits, the expected chunks]
  const cases: [string, Block[], ChunkLimits, string[]][] = [
    [
      'a paragraph without a blank is cut after its full stop',
      [p('まず最初にしなければならないことは確認することです。パッケージが既に存在していたらインストールしましょう。')],
      { min: 20, max: 40 },
      [
        'まず最初にしなければならないことは確認することです。',
        'パッケージが既に存在していたらインストールしましょう。',
      ],
    ],
    [
      'a closing bracket after the full stop stays with its sentence',
      [p('これは長い説明の文であり「ここで完了です。」次の文はここから始まり最後まで続きます。')],
      { min: 20, max: 40 },
      ['これは長い説明の文であり「ここで完了です。」', '次の文はここから始まり最後まで続きます。'],
    ],
    [
      'a full-width colon ends a clause',
      [p('なぜこれが必要なのでしょうか？答えは簡単です：それはユーザーがこのパッケージを使いはじめるからです。')],
      { min: 14, max: 28 },
      ['なぜこれが必要なのでしょうか？答えは簡単です：', 'それはユーザーがこのパッケージを使いはじめるからです。'],
    ],
    [
      'Chinese: after 。 with no blank',
      [p('本教程文档已被重写为另外的维护者指导文档。请使用新的教程作为主要的教程文档。')],
      { min: 15, max: 30 },
      ['本教程文档已被重写为另外的维护者指导文档。', '请使用新的教程作为主要的教程文档。'],
    ],
    [
      'no sentence end in the window: a cut between two characters, after a comma first',
      [p('パッケージ名はアップストリームのプログラム名と同じ、バージョン番号はアップストリームのものと同じにします')],
      { min: 20, max: 40 },
      ['パッケージ名はアップストリームのプログラム名と同じ、', 'バージョン番号はアップストリームのものと同じにします'],
    ],
    [
      'a Latin word among such text is never cut: the cut goes at the blank beside it',
      [p('ここにはとても長いパッケージの説明があります debian-maintainers-guide-reference について')],
      { min: 20, max: 50 },
      ['ここにはとても長いパッケージの説明があります', 'debian-maintainers-guide-reference について'],
    ],
    [
      'Korean sets blanks between words: cut at a blank, never between two syllables',
      [p('이 문서는 데비안 패키지를 만드는 방법을 설명합니다 새로운 관리자를 위한 안내서입니다')],
      { min: 15, max: 30 },
      ['이 문서는 데비안 패키지를 만드는 방법을 설명합니다', '새로운 관리자를 위한 안내서입니다'],
    ],
  ];
  for (const [name, blocks, lim, want] of cases) {
    await t.test(name, () => {
      const got = splitIntoChunks(blocks, lim).map((c) => c.content);
      assert.deepEqual(got, want);
      const bare = (x: string) => x.replace(/\s/g, '');
      assert.equal(bare(got.join('')), bare(blocks.map((b) => b.text).join('')), 'no loss');
    });
  }
});

test('codeParagraphs: the runs of lines between blank lines that fit, 2+ lines each', async (t) => {
  const cases: [name: string, text: string, max: number, want: string[]][] = [
    ['two paragraphs', 'a\nb\n\nc\nd', 10, ['a\nb', 'c\nd']],
    ['several blank lines between', 'a\nb\n\n\n\nc\nd', 10, ['a\nb', 'c\nd']],
    ['a paragraph longer than max is left out', 'aaaa\nbbbb\n\nc\nd', 6, ['c\nd']],
    ['a line alone is no paragraph to keep', 'a\n\nc\nd', 10, ['c\nd']],
    ['indentation kept in the paragraph', 'f() {\n  x\n}', 20, ['f() {\n  x\n}']],
  ];
  for (const [name, text, max, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        codeParagraphs(text, max).map(([a, z]) => text.slice(a, z)),
        want,
      ),
    );
});

test('codeSections: the runs of paragraphs between two or more blank lines that fit, 2+ paragraphs each', async (t) => {
  const cases: [name: string, text: string, max: number, want: string[]][] = [
    ['two sections', 'a\nb\n\nc\n\n\nd\n\ne', 20, ['a\nb\n\nc', 'd\n\ne']],
    ['three blank lines part them too', 'a\n\nb\n\n\n\nc\n\nd', 20, ['a\n\nb', 'c\n\nd']],
    ['a section of one paragraph is a paragraph (codeParagraphs)', 'a\nb\n\n\nc\n\nd', 20, ['c\n\nd']],
    ['a section longer than max is left out', 'aaaa\n\nbbbb\n\n\nc\n\nd', 8, ['c\n\nd']],
    ['no two blank lines: the block is one section', 'a\n\nb\n\nc', 20, ['a\n\nb\n\nc']],
  ];
  for (const [name, text, max, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        codeSections(text, max).map(([a, z]) => text.slice(a, z)),
        want,
      ),
    );
});

test('splitIntoChunks: a long listing is cut between its sections, not between two paragraphs of one', () => {
  // gri's test files: groups of tests parted by two blank lines, tests by one. Every cut below
  // ends no sentence either way; without codeSections the plan cut after "# Conv" (its two
  // paragraphs "# Conv" and "# Logic" are one section), with it before the section.
  const text = 'show "t"\n# Arith\na = 1\nb = 2\n\n\n# Conv\nc = 3\n\n# Logic\nd = 4\n\n\n# Str\ne = 5\nf = 6';
  const blocks: Block[] = [
    { text: 'Test file t.gri:' },
    { text, keep: true, verbatim: true },
    { text: 'Then the next test file follows here.' },
  ];
  assert.deepEqual(
    splitIntoChunks(blocks, { min: 30, max: 60 }).map((c) => c.content),
    [
      'Test file t.gri:\nshow "t"\n# Arith\na = 1\nb = 2',
      '# Conv\nc = 3\n\n# Logic\nd = 4\n\n\n# Str\ne = 5\nf = 6',
      'Then the next test file follows here.',
    ],
  );
});

test('labelColon: a colon that ends a numbered label at a line start', async (t) => {
  const cases: [string, string, boolean][] = [
    ['a figure caption', 'Text before.\nFigure 6-2: Space before and after', true],
    ['a table caption', 'Table 3: Options', true],
    ['a step', 'Step 2: install the package', true],
    ['a step indented in a nested list', '1. Build.\n  Step 2: install the package', true],
    ['a French caption, a space before the colon', 'Tableau 3 : Options', true],
    ['a label without a number is a clause', 'Note: the value', false],
    ['a sentence before the colon', 'The following three values are used by version 2: a, b', false],
    ['a colon inside a line, after a label elsewhere', 'Text with Figure 2: here and there 3: x', false],
  ];
  for (const [name, text, want] of cases)
    await t.test(name, () => assert.equal(labelColon(text, text.lastIndexOf(':')), want));
});

test('a numbered label and a list number are no ends: the chunk is cut elsewhere', async (t) => {
  const limits = { min: 40, max: 80 };
  const cases: [string, Block[], string[]][] = [
    [
      // reportlab-guide: the chunk ended on "Figure 6-2:" and the next opened with its caption.
      'a caption label alone on its line stays with its caption',
      [
        { text: 'The figure below shows the leading and space.' },
        { text: 'Figure 6-2:' },
        { text: 'Space before and after and leading' },
        { text: 'The attribute pads it.' },
      ],
      [
        'The figure below shows the leading and space.',
        'Figure 6-2:\nSpace before and after and leading\nThe attribute pads it.',
      ],
    ],
    [
      // why3: the chunk ended on "4." and the next opened with the item's text.
      "a list item's number stays with its text",
      [
        { text: 'Read the configuration file using the priority.' },
        { text: '3. Load the plugins of it.' },
        { text: '4. Parse and typecheck the given files in order.' },
      ],
      [
        'Read the configuration file using the priority.\n3. Load the plugins of it.',
        '4. Parse and typecheck the given files in order.',
      ],
    ],
  ];
  for (const [name, blocks, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        splitIntoChunks(blocks, limits).map((c) => c.content),
        want,
      ),
    );
});

test("dotColumn: a line of dots under another is a matrix's column of dots, no sentence end", async (t) => {
  const cases: [string, string, boolean][] = [
    ["the last dot of a matrix's column of dots", 'X =\nx11 x12 . . .\nx21 x22 . . .\n.\n.\n. .\n.', true],
    ['a diagonal run of dots under a vertical one', 'x21 x22 . . .\n.\n. .', true],
    ['an ellipsis under a line of dots', '.\n\u2026', true],
    ["a formula's final period alone on its line", 're_max = max\n|gi| 1 + |(xR)i|\n.', false],
    ['a line of dots under a row of the matrix', 'x11 x12 . . .\n.', false],
    ['a sentence', 'The rows are separated.\nThen.', false],
    ['a dot on the first line', '.', false],
    ['a blank line above', 'Text.\n\n.', false],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(dotColumn(text, text.length), want));
});

test('a column of dots ends no sentence: the chunk is cut at a sentence end, the matrix kept whole', () => {
  const blocks: Block[] = [
    { text: 'For matrices there is the array environment. The command separates the rows.' },
    { text: 'X =\nx11 x12 . . .\nx21 x22 . . .\n.\n.\n. .\n.', verbatim: true },
    { text: '\\[ \\mathbf{X} = \\left( \\begin{array}{ccc} x_{11} & x_{12} & \\ldots \\\\', verbatim: true },
  ];
  const got = splitIntoChunks(blocks, { min: 60, max: 130 }).map((c) => c.content);
  assert.deepEqual(got, [
    'For matrices there is the array environment. The command separates the rows.',
    'X =\nx11 x12 . . .\nx21 x22 . . .\n.\n.\n. .\n.\n\\[ \\mathbf{X} = \\left( \\begin{array}{ccc} x_{11} & x_{12} & \\ldots \\\\',
  ]);
});

test('opensOnBullet: a cut opening the next chunk on a bullet, inside a paragraph or at a line start', async (t) => {
  const cases: [string, string, boolean][] = [
    ['a bullet after the blank', 'void a (int x) • void b', true],
    ['a bullet at the next line start', 'void a (int x)\n• void b', true],
    ['a dash is no bullet', 'void a (int x) - void b', false],
    ['a dash at the next line start is no bullet', 'void a (int x)\n- void b', false],
    ['a bullet glued to its word', 'void a (int x) •void b', false],
    ['each bullet: ●', 'void a (int x) ● void b', true],
    ['each bullet: ▪', 'void a (int x) ▪ void b', true],
    ['each bullet: ◦', 'void a (int x) ◦ void b', true],
    ['each bullet: ‣', 'void a (int x) ‣ void b', true],
    ['a hollow circle is no bullet here', 'void a (int x) ○ void b', false],
    ['a hyphenation point is no bullet', 'void a (int x) ‧ void b', false],
    ['a bullet ending the text', 'void a (int x) •', false],
    ['a word after the blank', 'void a (int x) void b', false],
    ['no blank at the cut', 'void a (int x)x• void b', false],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(opensOnBullet(text, 14), want));
});

test('betweenItems: a line break between two bulleted lines', async (t) => {
  const cases: [string, string, boolean][] = [
    ['two items', '• void a (int x)\n• void b', true],
    ['a title line, then an item', 'Namespaces\n• namespace raptor', false],
    ['an item, then a line that is none', '• void a (int x)\nFunctions', false],
    ['a space, not a line break', '• void a (int x) • void b', false],
  ];
  for (const [name, text, want] of cases)
    await t.test(name, () => assert.equal(betweenItems(text, text.indexOf(text.includes('\n') ? '\n' : ' •')), want));
});

test('endsItem: the line ending at a line break is a bulleted item', async (t) => {
  const cases: [string, string, boolean][] = [
    ['an item', 'Public Attributes\n• bool is_minimiser {false}\n9.3.1 Member Data Documentation', true],
    ["the text's first line, an item", '• include/raptor/argument_parsing/validators.hpp\n9.3 Struct Reference', true],
    ['a plain line', 'the value of\n9.3 Struct Reference', false],
    ['a hyphen is no bullet', '- bool is_minimiser {false}\n9.3.1 Member Data Documentation', false],
    [
      'an item set with an em dash (French lists)',
      '— Type d’arrondi : inférieur, normal, supérieur\n6.7.5 Corriger des erreurs de barème',
      true,
    ],
    ['an item set with an en dash', '– the last option\nSection 2', true],
    ['an em dash inside the line', 'the rounding — inférieur, normal\n6.7.5 Corriger', false],
    ['an em dash glued to its word', '—Type d’arrondi\n6.7.5 Corriger', false],
    ['a bullet glued to its word', '•bool is_minimiser {false}\n9.3.1 Member Data Documentation', false],
    ['a bullet inside the line', 'Arrows • Mathematical Operators\n9.3 Struct Reference', false],
    [
      'an item leaving a parenthesis open',
      '• Une erreur survient si cet embouteillage dépasse la limite (voir la\nSection 16.4 page 76).',
      false,
    ],
    ['an item leaving a bracket open', '• the options [htbp, tbp\nSection 2', false],
    ['an item with its brackets closed', '• operator= (bin_validator const &)=default [inline]\n9.2.4 Members', true],
  ];
  for (const [name, text, want] of cases)
    await t.test(name, () => assert.equal(endsItem(text, text.lastIndexOf('\n')), want));
  await t.test('a space, not a line break', () => assert.equal(endsItem('• a b', 3), false));
});

test("a list's last item before a heading: the chunk ends there, the list whole, the next opens on the heading", () => {
  // Doxygen's attribute list, items without end marks, then the members' documentation.
  const items = Array.from({ length: 8 }, (_, i) => ({ text: `• uint64_t attribute_${i} {${i}}` }));
  const blocks: Block[] = [
    { text: '9.3 build_arguments Struct Reference', heading: '9.3 build_arguments Struct Reference' },
    { text: 'Public Attributes' },
    ...items,
    { text: '9.3.1 Member Data Documentation', heading: '9.3.1 Member Data Documentation' },
    ...Array.from({ length: 6 }, (_, i) => ({ text: `uint64_t raptor::build_arguments::attribute_${i} {${i}}` })),
  ];
  const chunks = splitIntoChunks(blocks, { min: 200, max: 400 });
  assert.equal(chunks.length, 2);
  assert.match(chunks[0]!.content, /• uint64_t attribute_7 \{7\}$/);
  assert.match(chunks[1]!.content, /^9\.3\.1 Member Data Documentation\n/);
  assert.equal(chunks[1]!.section, '9.3.1 Member Data Documentation');
});

test("a French list's last item, set with a dash, before a heading: the chunk ends there", () => {
  // DocBook's and LaTeX's French lists mark items with an em dash; the last has no end mark.
  const blocks: Block[] = [
    { text: '6.7.4 Du barème aux notes', heading: '6.7.4 Du barème aux notes' },
    { text: 'La note est calculée à partir du score total. Elle est ensuite arrondie par le logiciel.' },
    { text: 'La note ainsi obtenue est arrondie en utilisant les options suivantes :' },
    { text: '— Granularité : pour un arrondi à l’entier, choisir la valeur 1.' },
    { text: '— Type d’arrondi : inférieur, normal, supérieur' },
    { text: '6.7.5 Corriger des erreurs de barème', heading: '6.7.5 Corriger des erreurs de barème' },
    { text: 'Vous pouvez modifier votre barème. Cependant, ne mettez jamais à jour le document.' },
    {
      text: 'Il est préférable d’ouvrir le fichier avec votre éditeur de texte, de faire les modifications et d’enregistrer.',
    },
  ];
  const chunks = splitIntoChunks(blocks, { min: 200, max: 400 });
  assert.equal(chunks.length, 2);
  assert.match(chunks[0]!.content, /— Type d’arrondi : inférieur, normal, supérieur$/);
  assert.match(chunks[1]!.content, /^6\.7\.5 Corriger des erreurs de barème\n/);
  assert.equal(chunks[1]!.section, '6.7.5 Corriger des erreurs de barème');
});

test("a list of signatures, one bullet item a line: the chunks end on items' ends, never inside one", () => {
  // Doxygen's member list: items without end marks, too many for one chunk.
  const item = (i: number) =>
    `• template<typename T> void member_${i} (std::vector< int64_t > &positions, lemon::ListDigraph::Node const &node, bool is_root)`;
  const blocks: Block[] = Array.from({ length: 24 }, (_, i) => ({ text: item(i) }));
  const chunks = splitIntoChunks(blocks);
  assert.ok(chunks.length > 1);
  for (const c of chunks)
    for (const line of c.content.split('\n'))
      assert.match(line, /^• template<typename T> void member_\d+ \(.*is_root\)$/);
});

test('every cut of a long mixed document ends a sentence when its window holds one', () => {
  // Prose, then a code example and a table without sentence ends, then a heading: the greedy
  // chunker cut before the heading; the plan keeps every chunk on a sentence end.
  const blocks: Block[] = [];
  for (let i = 0; i < 40; i++) {
    blocks.push(...paragraphs(2, 3, 10 + i));
    blocks.push(...Array.from({ length: 6 }, (_, j) => ({ text: `plot sin(${i}*x) with lines lw ${j}` })));
    blocks.push({ text: Array.from({ length: 12 }, (_, j) => `besj${j}(x) real`).join(' ') });
    blocks.push({ text: `Section ${i + 1}`, heading: `Section ${i + 1}` });
  }
  const chunks = splitIntoChunks(blocks);
  checkInvariants(blocks, chunks);
  for (const c of chunks.slice(0, -1)) assert.match(c.content, /[.!?:;]["'”’)\]]*$/, c.content.slice(-80));
});

test("page marks: a block's first page, and each page turn at the word it falls in", async (t) => {
  // [name, text, page, turns, expected marks as "text from the mark:page"]
  const cases: [string, string, number, { after: number; page: number }[], string[]][] = [
    ['no turn', 'One two.', 3, [], ['One two.:3']],
    ['a turn between words', 'One two three.', 1, [{ after: 6, page: 2 }], ['One two three.:1', 'three.:2']],
    [
      'a turn before an opening bracket',
      'See (page two).',
      4,
      [{ after: 3, page: 5 }],
      ['See (page two).:4', '(page two).:5'],
    ],
    [
      'a turn inside a hyphen-joined word',
      'imple-mentation ends',
      1,
      [{ after: 5, page: 2 }],
      ['imple-mentation ends:1', 'mentation ends:2'],
    ],
    [
      'two turns',
      'a b c',
      1,
      [
        { after: 1, page: 2 },
        { after: 2, page: 3 },
      ],
      ['a b c:1', 'b c:2', 'c:3'],
    ],
    ['a turn past the end is dropped', 'a b', 1, [{ after: 9, page: 2 }], ['a b:1']],
    ['astral letters count once', '𝐀𝐁 c', 1, [{ after: 2, page: 2 }], ['𝐀𝐁 c:1', 'c:2']],
  ];
  for (const [name, text, page, turns, want] of cases) {
    await t.test(name, () => {
      const marks: { at: number; page: number }[] = [];
      addPageMarks(marks, 0, text, page, turns);
      assert.deepEqual(
        marks.map((m) => `${text.slice(m.at)}:${m.page}`),
        want,
      );
    });
  }
});

test('chunks carry the pages of their first and last character; blocks without pages give none', () => {
  const paras = paragraphs(12, 6, 7);
  const blocks: Block[] = paras.map((b, i) => ({ ...b, page: 3 * i + 1 }));
  // Block 5 (page 16) runs on onto the next two pages from its 20th and 60th letter.
  blocks[5] = {
    ...blocks[5]!,
    pageTurns: [
      { after: 20, page: 17 },
      { after: 60, page: 18 },
    ],
  };
  const chunks = splitIntoChunks(blocks);
  assert.ok(chunks.length > 3);
  const joined = blocks.map((b) => b.text).join('\n');
  let pos = 0;
  for (const c of chunks) {
    const at = joined.indexOf(c.content, pos);
    pos = at + c.content.length;
    const blockOf = (i: number) => joined.slice(0, i).split('\n').length - 1;
    const first = blocks[blockOf(at)]!;
    const last = blocks[blockOf(pos - 1)]!;
    assert.ok(c.pageStart !== undefined && c.pageEnd !== undefined);
    if (!first.pageTurns) assert.equal(c.pageStart, first.page);
    if (!last.pageTurns) assert.equal(c.pageEnd, last.page);
    assert.ok(c.pageEnd >= c.pageStart);
  }
  for (let i = 1; i < chunks.length; i++) assert.ok(chunks[i]!.pageStart! >= chunks[i - 1]!.pageStart!);
  for (const c of splitIntoChunks(paras)) assert.ok(!('pageStart' in c) && !('pageEnd' in c));
});

test('a block kept whole (code) is not cut when it fits in a chunk; a longer one is cut as usual', () => {
  const sentence = (i: number) => `Sentence number ${i} says something plain.`;
  const prose = (from: number, n: number) => Array.from({ length: n }, (_, i) => sentence(from + i)).join(' ');
  const code = (tag: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${tag}${i} <- c(${i}, ${i + 1})`).join(' ');
  // The shape of an API reference's end (node-http.md): prose, "Examples:", two code blocks, a heading.
  const doc = (keep: boolean, n: number): Block[] => [
    { text: prose(0, 10) },
    { text: 'Examples:' },
    { text: code('a', n), keep },
    { text: code('b', 36), keep },
    { text: 'Next part', heading: 'Next part' },
    { text: prose(500, 3) },
  ];
  const whole = (blocks: Block[]) => {
    const chunks = splitIntoChunks(blocks);
    for (const c of chunks.slice(0, -1))
      assert.ok(c.content.length >= 800 && c.content.length <= 1200, String(c.content.length));
    return chunks.some((c) => c.content.includes(blocks[2]!.text));
  };
  assert.equal(whole(doc(false, 36)), false, 'without the flag the first code block is cut (the case tests something)');
  assert.equal(whole(doc(true, 36)), true, 'kept whole when it fits');
  assert.equal(whole(doc(true, 90)), false, 'a code block longer than a chunk is cut');
});

// Invariants over any sequence of blocks (fast-check, fixed seed): nothing lost, nothing added,
// order kept, every chunk within its bounds, never a cut inside a word, sections from headings.
test('splitIntoChunks: invariants over random documents (property)', () => {
  // Astral characters, and lone surrogates as a damaged text layer gives them (fuzzing found a
  // 1211-character chunk: each lone low surrogate had been taken for half of a pair).
  const word = fc.oneof(
    { weight: 10, arbitrary: fc.stringMatching(/^[a-zA-Z\u00e9\u00fc0-9]{1,24}[.,;:!?]?$/) },
    { weight: 1, arbitrary: fc.constantFrom('\u{1F600}', '\udec7', '\ud83d', 'x\udec7\udec7y', '\u{20000}z') },
  );
  const paragraph = fc.array(word, { minLength: 1, maxLength: 120 }).map((ws) => ws.join(' '));
  const block: fc.Arbitrary<Block> = fc.oneof(
    { weight: 8, arbitrary: paragraph.map((text) => ({ text })) },
    {
      weight: 1,
      arbitrary: fc
        .array(word, { minLength: 1, maxLength: 8 })
        .map((ws) => ({ text: ws.join(' '), heading: ws.join(' ') })),
    },
  );
  fc.assert(
    fc.property(fc.array(block, { minLength: 1, maxLength: 60 }), (blocks) => {
      const chunks = splitIntoChunks(blocks);
      const words = (s: string) => s.split(/\s+/).filter((w) => w.length > 0);
      assert.deepEqual(
        chunks.flatMap((c) => words(c.content)),
        blocks.flatMap((b) => words(b.text.toWellFormed())),
      );
      for (const c of chunks) assert.ok(c.content.isWellFormed() && c.section.isWellFormed());
      chunks.forEach((c, i) => {
        assert.ok(cp(c.content) <= 1200, `chunk ${i}: ${cp(c.content)} characters`);
        if (i < chunks.length - 1)
          assert.ok(cp(c.content) >= 800, `chunk ${i} of ${chunks.length}: ${cp(c.content)} characters`);
      });
      const headings = new Set(
        blocks.flatMap((b) => (b.heading ? [b.heading.toWellFormed().slice(0, 90).trim()] : [])),
      );
      for (const c of chunks)
        assert.ok(c.section === '' || [...headings].some((h) => h.startsWith(c.section.slice(0, 80))), c.section);
    }),
    { seed: 11, numRuns: 300 },
  );
});

// Code keeps its whitespace: verbatimText, where a chunk starts after a cut, and the chunks.
const verbatimCases: [name: string, text: string, want: string][] = [
  ['lines and indentation kept', 'if x:\n    y()\n\tz()', 'if x:\n    y()\n\tz()'],
  ['blanks at line ends removed', 'a  \nb\t\n', 'a\nb'],
  ['blank lines at the ends removed, inner ones kept', '\n  \na\n\nb\n\n', 'a\n\nb'],
  ['CR LF and CR are line breaks', 'a\r\nb\rc', 'a\nb\nc'],
  ['form feed and vertical tab are line breaks', 'a\fb\vc', 'a\nb\nc'],
  ['runs of inner spaces kept', 'x  =   1', 'x  =   1'],
];
for (const [name, text, want] of verbatimCases)
  test(`verbatimText: ${name}`, () => assert.equal(verbatimText(text), want));

const nextStartCases: [name: string, t: string, e: number, want: number][] = [
  ['a single space: the next word', 'ab cd', 2, 3],
  ['a run of spaces: past it', 'ab   cd', 2, 5],
  ['a line break then indentation: the start of the line', 'ab\n    cd', 2, 3],
  ['blank lines: the start of the last line', 'ab\n\n\n  cd', 2, 5],
  ['spaces, a break, indentation: the start of the line', 'ab  \n  cd', 2, 5],
  ['a hard cut (not a blank): there', 'abcd', 2, 2],
];
for (const [name, t, e, want] of nextStartCases) test(`nextStart: ${name}`, () => assert.equal(nextStart(t, e), want));

test('code blocks keep their line breaks and indentation in the chunks', () => {
  const sentence = (i: number) => `Sentence number ${i} says something plain.`;
  const prose = (from: number, n: number) => Array.from({ length: n }, (_, i) => sentence(from + i)).join(' ');
  const code = (n: number) =>
    Array.from({ length: n }, (_, i) => `def f${i}(x):\n    if x:\n        return ${i}\n`).join('\n');
  const fits = code(8);
  const long = code(40);
  const blocks: Block[] = [
    { text: prose(0, 12) },
    { text: fits, keep: true, verbatim: true },
    { text: prose(100, 12) },
    { text: long, keep: true, verbatim: true },
    { text: prose(200, 12) },
  ];
  const chunks = splitIntoChunks(blocks);
  const want = verbatimText(fits);
  assert.ok(
    chunks.some((c) => c.content.includes(want)),
    'the block that fits is in one chunk, as written',
  );
  for (const [i, c] of chunks.entries()) {
    const n = cp(c.content);
    if (i < chunks.length - 1) assert.ok(n >= 800 && n <= 1200, `chunk ${i} has ${n} code points`);
    assert.equal(c.content, c.content.trimEnd(), 'no blank at a chunk end');
    assert.doesNotMatch(c.content, /^\n/, 'no chunk opens on a line break');
  }
  // The long block is cut at line ends, each piece keeping its lines and their indentation.
  const pieces = chunks.filter((c) => c.content.includes('return 3'));
  const lines = new Set(long.split('\n'));
  for (const c of chunks)
    for (const l of c.content.split('\n'))
      if (/^\s+(?:if|return)/.test(l)) assert.ok(lines.has(l), `line kept: ${JSON.stringify(l)}`);
  assert.ok(pieces.length > 0);
  assert.equal(
    squash(chunks.map((c) => c.content).join('')),
    squash(blocks.map((b) => b.text).join('')),
    'nothing lost',
  );
  // Without the flag the same text is collapsed (the case tests something).
  const flat = splitIntoChunks(blocks.map((b) => ({ text: b.text })));
  assert.ok(!flat.some((c) => c.content.includes('\n    if x:')));
});

test('a long table split over chunks repeats its header row at the top of each chunk it continues in', () => {
  const header = 'Option | Default | Meaning';
  const rows: Block[] = Array.from({ length: 60 }, (_, i) => ({
    text: `--opt-${i} | ${i * 3} | Sets the ${i}th value of the policy schedule and its coverage review`,
    keep: true,
    repeat: header,
  }));
  const blocks: Block[] = [
    { text: 'Options', heading: 'Options' },
    { text: sentences(6, 3).join(' ') },
    { text: header, keep: true },
    ...rows,
    { text: sentences(8, 4).join(' ') },
  ];
  const chunks = splitIntoChunks(blocks);
  const withRows = chunks.filter((c) => /--opt-\d+ \|/.test(c.content));
  assert.ok(withRows.length >= 3, `the table spans ${withRows.length} chunks`);
  for (const [i, c] of withRows.entries()) {
    if (i > 0)
      assert.ok(c.content.startsWith(`${header}\n--opt-`), `chunk opens with the header: ${c.content.slice(0, 60)}`);
    for (const l of c.content.split('\n'))
      if (l.startsWith('--opt-')) assert.match(l, /^--opt-\d+ \| \d+ \| Sets .* review$/, 'rows whole');
  }
  chunks.forEach((c, i) => {
    const n = cp(c.content);
    if (i < chunks.length - 1) assert.ok(n >= 800 && n <= 1200, `chunk ${i} has ${n} code points`);
    else assert.ok(n <= 1200);
  });
  // Every row once, outside the repeated headers.
  const body = chunks.map((c) => c.content).join('\n');
  for (let i = 0; i < 60; i++) assert.equal(body.split(`--opt-${i} |`).length - 1, 1);
  // Without repeat no chunk but the table's first opens with the header (the case tests something).
  const plain = splitIntoChunks(blocks.map(({ repeat: _r, ...b }) => b));
  assert.ok(plain.filter((c) => c.content.startsWith(header)).length <= 1);
});

test("a heading's `:` or `.` is no place to cut: a long title stays whole, its section opens the chunk", () => {
  const title = 'Warning: it does not sanitize. Use a sanitizer';
  const blocks: Block[] = [
    { text: 'npm install marked for TypeScript projects' },
    { text: 'Usage', heading: 'Usage' },
    { text: title, heading: title },
    { text: 'The rest of the text ends here.' },
  ];
  // Before the rule the title's colon was the cheapest cut: "... projects\nUsage\nWarning:" ‖ "it does ...".
  assert.deepEqual(
    splitIntoChunks(blocks, { min: 40, max: 90 }).map((c) => [c.section, c.content]),
    [
      ['', 'npm install marked for TypeScript projects'],
      ['Usage', `Usage\n${title}\nThe rest of the text ends here.`],
    ],
  );
});

test('insideKeptAscending: strictly inside one of the sorted [start, end) pairs, asked left to right', async (t) => {
  const cases: [string, number[], number[], boolean[]][] = [
    ['no pairs', [], [0, 5, 9], [false, false, false]],
    ['one pair: its ends are outside', [3, 7], [2, 3, 4, 6, 7, 8], [false, false, true, true, false, false]],
    [
      'two pairs, the gap between them',
      [2, 5, 8, 12],
      [1, 3, 5, 6, 8, 9, 11, 12, 20],
      [false, true, false, false, false, true, true, false, false],
    ],
    ['adjacent pairs: the shared end is outside both', [0, 4, 4, 9], [4, 5], [false, true]],
    ['indices skipped past whole pairs', [1, 2, 3, 4, 10, 20], [15], [true]],
  ];
  for (const [name, pairs, asked, want] of cases) {
    await t.test(name, () => {
      const inside = insideKeptAscending(pairs);
      assert.deepEqual(
        asked.map((e) => inside(e)),
        want,
      );
    });
  }
  await t.test('the same answers as a scan of every pair, for any ascending indices', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 20 }),
        fc.array(fc.integer({ min: 0, max: 220 }), { maxLength: 40 }),
        (ends, asked) => {
          const sorted = [...ends].sort((a, b) => a - b);
          const pairs = sorted.length % 2 === 0 ? sorted : sorted.slice(1);
          const inside = insideKeptAscending(pairs);
          for (const e of [...asked].sort((a, b) => a - b)) {
            let want = false;
            for (let k = 0; k < pairs.length; k += 2) if (pairs[k]! < e && e < pairs[k + 1]!) want = true;
            assert.equal(inside(e), want, `${e} in ${pairs.join(',')}`);
          }
        },
      ),
    );
  });
});

// The chunk-quality measures on Chinese and Japanese text (scripts/quality/measures.ts words and the
// measures built on it): a table per measure. English texts give what they gave before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildReference,
  cjkWords,
  gluedWords,
  midWordCuts,
  readingOrder,
  sentenceEnds,
  words,
} from '../../scripts/quality/measures.ts';
import { bm25Ranker } from '../../scripts/quality/retrieval.ts';

const chunk = (content: string) => ({ content, section: '' });

test('words: Chinese and Japanese runs as dictionary words, line breaks inside them joined; English as before', async (t) => {
  const cases: [string, string, string[]][] = [
    ['English', 'The quick brown fox.', ['the', 'quick', 'brown', 'fox']],
    ['accents and marks', 'Café über', ['café', 'über']],
    ['Japanese', 'メーリングリストを参照下さい。', ['メーリングリスト', 'を', '参照', '下', 'さい']],
    ['Japanese broken over two lines as one word', 'メーリ\nングリストを参照', ['メーリングリスト', 'を', '参照']],
    [
      'a space inside a word stays a break (the reading put one there)',
      'メーリ ングリスト',
      cjkWords('メーリ').concat(cjkWords('ングリスト')),
    ],
    ['Chinese', '此软件包提供了一些工具。', ['此', '软件', '包', '提供', '了', '一些', '工具']],
    [
      'Latin among Japanese',
      'Debian パッケージを debuild で作成',
      ['debian', 'パッケージ', 'を', 'debuild', 'で', '作成'],
    ],
    ['a number before Katakana', '3.0フォーマット', ['3', '0', 'フォーマット']],
    ['Korean keeps its blanks as words', '데비안 패키지', ['데비안', '패키지']],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.deepEqual(words(text), want));
});

test('readingOrder on Japanese: 4-grams of words, not of sentences', async (t) => {
  const ref = buildReference(
    'まず最初にしなければならないことは、\nディストリビューションのアーカイブにそのパッケージがすでにあるかどうかを確認することです。\nもしパッケージが既に存在していたら、インストールしましょう。',
  );
  const cases: [string, string[], number][] = [
    [
      'in order, the line breaks joined',
      [
        'まず最初にしなければならないことは、ディストリビューションのアーカイブにそのパッケージがすでにあるかどうかを確認することです。もしパッケージが既に存在していたら、インストールしましょう。',
      ],
      100,
    ],
    [
      'in order over two chunks cut between sentences',
      [
        'まず最初にしなければならないことは、ディストリビューションのアーカイブにそのパッケージがすでにあるかどうかを確認することです。',
        'もしパッケージが既に存在していたら、インストールしましょう。',
      ],
      100,
    ],
  ];
  for (const [name, chunks, want] of cases)
    await t.test(name, () => assert.equal(readingOrder(chunks, ref).order, want));
  await t.test('sentences swapped lose 4-grams', () =>
    assert.ok(
      readingOrder(
        [
          'もしパッケージが既に存在していたら、インストールしましょう。まず最初にしなければならないことは、ディストリビューションのアーカイブにそのパッケージがすでにあるかどうかを確認することです。',
        ],
        ref,
      ).order < 100,
    ),
  );
});

test('midWordCuts on Japanese: a cut inside a dictionary word counts, one between two words does not', async (t) => {
  const ref = buildReference('パッケージを作成します。メーリングリストを参照下さい。');
  const cases: [string, string[], number][] = [
    ['between sentences', ['パッケージを作成します。', 'メーリングリストを参照下さい。'], 0],
    ['between two words', ['パッケージを', '作成します。メーリングリストを参照下さい。'], 0],
    ['inside a word', ['パッケージを作成します。メーリング', 'リストを参照下さい。'], 1],
    ['English as before', ['implemen', 'tation'], 0],
  ];
  for (const [name, chunks, want] of cases)
    await t.test(name, () => assert.equal(midWordCuts(chunks.map(chunk), ref), want));
});

test('gluedWords: words of Chinese or Japanese side by side are no glue', async (t) => {
  const ref = buildReference('パッケージ 作成 the package builder\nbuild the package');
  const cases: [string, string, string[]][] = [
    ['Japanese words without blanks', 'パッケージ作成', []],
    ['English glue still found', 'thepackage builder', ['thepackage']],
  ];
  for (const [name, text, want] of cases)
    await t.test(name, () => assert.deepEqual(gluedWords([chunk(text)], ref), want));
});

test('sentenceEnds: 。！？：；and the closers after them end a chunk cleanly', async (t) => {
  const cases: [string, string, number][] = [
    ['full stop', '作成します。', 100],
    ['question mark', 'なぜか？', 100],
    ['a closing bracket after the stop', '「完了です。」', 100],
    ['full-width colon', '以下を参照：', 100],
    ['a comma is no end', '作成し、', 0],
    ['no mark', '作成します', 0],
  ];
  for (const [name, text, want] of cases)
    await t.test(name, () => assert.equal(sentenceEnds([chunk(text), chunk('next')]), want));
});

test('bm25Ranker on Chinese: a question finds the chunk that answers it', async (t) => {
  const chunks = [
    chunk('此软件包提供了创建和维护 chroot 环境的工具。'),
    chunk('此软件包帮助你管理一系列的补丁。它们被以逻辑栈的方式组织在一起。'),
    chunk('本教程文档已被重写为另外的维护者指导文档。'),
  ];
  const rank = bm25Ranker(chunks);
  const cases: [string, number][] = [
    ['哪个工具管理补丁？', 1],
    ['维护 chroot 环境', 0],
    ['教程文档被重写', 2],
  ];
  for (const [q, want] of cases) await t.test(q, () => assert.equal(rank(q)[0], want));
});

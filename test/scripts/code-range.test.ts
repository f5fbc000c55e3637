import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { forcedBlockCuts, locateBlocks, type Range } from '../../scripts/quality/code-range.ts';

// Every plan of chunks (every chunk but the last min..max code points, the last at most max; a
// chunk ends at a blank, the next starts after the run of blanks): the fewest spans any cuts.
function brute(text: string, spans: [number, number][], r: Range): number | undefined {
  const cs = Array.from(text);
  const n = cs.length;
  const blank = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t';
  const go = (s: number): number => {
    if (n - s <= r.max) return 0;
    let best = Number.POSITIVE_INFINITY;
    for (let e = s + r.min; e <= s + r.max && e < n; e++) {
      if (!blank(cs[e]) || blank(cs[e - 1])) continue;
      let j = e;
      while (j < n && blank(cs[j])) j++;
      if (j === n) continue;
      const cut = spans.some(([a, b]) => a < e && e < b) ? 1 : 0;
      best = Math.min(best, cut + go(j));
    }
    return best;
  };
  const b = go(0);
  return Number.isFinite(b) ? b : undefined;
}

describe('forcedBlockCuts', () => {
  const r: Range = { min: 4, max: 6 };
  const cases: [string, string, [number, number][], Range, number | undefined][] = [
    ['no block: nothing forced', 'aa bb cc', [], r, 0],
    ['the only plan ends the first chunk after the block', 'aa bb cc', [[0, 5]], r, 0],
    ['the only plan cuts inside the block', 'aa bb cc', [[3, 8]], r, 1],
    ['a text within one chunk cuts nothing', 'aa bb', [[0, 5]], r, 0],
    ['a wider range leaves a plan that keeps it', 'xx aa\nbb yy zz', [[3, 8]], { min: 2, max: 6 }, 0],
    ['the same block under a narrower range is cut', 'xx aa\nbb yy zz', [[3, 8]], r, 1],
    ['no blank in a window: no plan, nothing said', 'aabbccdd', [[0, 8]], r, undefined],
    ['code points, not UTF-16 units, are counted', '𝑥𝑥 𝑦𝑦 zz', [[3, 8]], r, 1],
  ];
  for (const [name, text, spans, range, want] of cases)
    test(name, () => assert.equal(forcedBlockCuts(text, spans, range), want));

  test('agrees with every plan enumerated, on random texts and blocks', () => {
    let seed = 7;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % k;
    };
    for (let round = 0; round < 300; round++) {
      const words: string[] = [];
      for (let w = 0, len = 0; len < 30 + rand(20); w++) {
        words.push('w'.repeat(1 + rand(4)));
        len += words[words.length - 1]!.length + 1;
      }
      const text = words.join(rand(3) === 0 ? '\n' : ' ');
      // Spans over whole words, apart, in order.
      const starts: number[] = [];
      for (let i = 0, at = 0; i < words.length; at += words[i]!.length + 1, i++) starts.push(at);
      const spans: [number, number][] = [];
      for (let i = 0; i < words.length; ) {
        const len = 1 + rand(3);
        if (rand(3) === 0 && i + len <= words.length) {
          spans.push([starts[i]!, starts[i + len - 1]! + words[i + len - 1]!.length]);
          i += len + 1;
        } else i++;
      }
      const range = { min: 5 + rand(4), max: 10 + rand(4) };
      assert.equal(
        forcedBlockCuts(text, spans, range),
        brute(text, spans, range),
        `${JSON.stringify(text)} ${JSON.stringify(spans)}`,
      );
    }
  });
});

describe('locateBlocks', () => {
  const cases: [string, string, string[], [number, number][]][] = [
    ['a block found with its first and last characters', 'Run:\nls -l\ncd /\nok', ['ls -l\ncd /'], [[5, 15]]],
    ['indentation and blanks set aside', 'Run:\n  ls  -l\n  cd /\nok', ['ls -l\ncd /'], [[7, 20]]],
    ['a block cut over two chunks (the join a line break)', 'a\nls -l\ncd\n/ b', ['ls -l\ncd /'], [[2, 12]]],
    ["TeX's drawn underscore read as a blank", 'x re_max = 1;\ny = 2;', ['re max = 1;\ny = 2;'], [[2, 20]]],
    ['a block not in the text is left out', 'nothing here', ['ls -l\ncd /'], []],
    [
      'the same block twice: each found after the one before',
      'ls\nx ls\nx',
      ['ls\nx', 'ls\nx'],
      [
        [0, 4],
        [5, 9],
      ],
    ],
  ];
  for (const [name, text, blocks, want] of cases) test(name, () => assert.deepEqual(locateBlocks(text, blocks), want));
});

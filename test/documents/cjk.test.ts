import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cjkJoin,
  cjkSeam,
  cjkSeamRank,
  CJK_TEXT,
  isCjkClause,
  isCjkCloser,
  isCjkLetter,
  isCjkStop,
  isCjkUnit,
} from '../../src/documents/cjk.ts';

const code = (s: string) => s.charCodeAt(0);

test('CJK_TEXT takes exactly the characters isCjkUnit takes (one set, two spellings)', () => {
  const differ: string[] = [];
  for (let c = 0; c <= 0xffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue; // a lone surrogate: no character
    if (CJK_TEXT.test(String.fromCharCode(c)) !== isCjkUnit(c)) differ.push(c.toString(16));
  }
  assert.deepEqual(differ, []);
  for (const [cp, want] of [
    [0x20000, true], // extension B, plane 2
    [0x3134a, true], // extension G, plane 3
    [0x1f600, false], // an emoji
    [0x10000, false],
  ] as const) {
    const s = String.fromCodePoint(cp);
    assert.equal(CJK_TEXT.test(s), want, cp.toString(16));
    assert.equal(isCjkUnit(s.charCodeAt(0)), want, cp.toString(16));
  }
});

test('isCjkUnit: Han, kana, Bopomofo, CJK and full-width punctuation; not Hangul, Latin or the ideographic space', async (t) => {
  const cases: [string, boolean][] = [
    ['漢', true],
    ['㐀', true], // extension A
    ['豈', true], // compatibility ideograph
    ['\uD840', true], // high surrogate of plane 2 (extension B)
    ['\uD83D', false], // an emoji's high surrogate
    ['ひ', true],
    ['カ', true],
    ['ｶ', true], // half-width Katakana
    ['ㄅ', true], // Bopomofo
    ['。', true],
    ['「', true],
    ['！', true],
    ['Ａ', true], // full-width Latin
    ['\u3000', false], // ideographic space: a blank
    ['한', false],
    ['ㄱ', false], // Hangul compatibility jamo
    ['ﾡ', false], // half-width Hangul
    ['a', false],
    ['é', false],
    ['—', false],
    ['…', false],
    ['•', false],
  ];
  for (const [s, want] of cases)
    await t.test(`U+${code(s).toString(16)} ${s}`, () => assert.equal(isCjkUnit(code(s)), want));
});

test('cjkJoin: a line break between two characters of Chinese or Japanese goes without a space', async (t) => {
  const cases: [string, string, string, boolean][] = [
    ['kana to kana', 'メーリ', 'ングリスト', true],
    ['Han to Han', '软件', '包', true],
    ['after a full stop', '下さい。', 'これ', true],
    ['before an opening bracket', 'ファイル', '（注）', true],
    ['Latin before', 'Debian', 'パッケージ', false],
    ['Latin after', 'パッケージ', 'Debian', false],
    ['a digit after', '第', '3 章', false],
    ['Korean keeps its space', '한국어', '문서', false],
    ['extension B before (a surrogate pair)', '\uD840\uDC0B', '字', true],
    ['an emoji before', '\uD83D\uDE00', '字', false],
    ['two brackets a Latin manual borrows for notation', '3 〉', '〈 Globální', false],
    ['a bracket beside a letter', '「完了', '」と', true],
  ];
  for (const [name, a, b, want] of cases)
    await t.test(name, () =>
      assert.equal(cjkJoin(a.charCodeAt(a.length - 1), b.charCodeAt(0), a.charCodeAt(a.length - 2)), want),
    );
});

test('cjkSeam: a cut between two characters of such text where a line may break', async (t) => {
  // The seam is at the "|".
  const cases: [string, boolean][] = [
    ['パッケ|ージ', false], // before the long vowel mark
    ['パッケー|ジ', true],
    ['作成|しました', true],
    ['下さい。|これ', true],
    ['下さい|。', false], // before a full stop
    ['と言う「|名前」', false], // after an opening bracket
    ['と言う|「名前」', true],
    ['と言う「名前|」', false], // before a closing bracket
    ['書|っ', false], // before a small kana
    ['ファイル|を', true],
    ['deb|ian', false], // Latin
    ['パッケージ|debian', false],
    ['debian|パッケージ', false],
    ['第3|章', false],
    ['한국|어', false],
    ['字\uD840|\uDC0B', false], // inside a surrogate pair
    ['\uD840\uDC0B|字', true],
    ['〈arg〉|〈arg〉', false], // brackets alone: notation in a Latin manual
    ['完了です。|「次', true],
  ];
  for (const [s, want] of cases)
    await t.test(s, () => {
      const i = s.indexOf('|');
      assert.equal(cjkSeam(s.replace('|', ''), i), want);
    });
});

test('cjkSeamRank: 0 after a comma, 1 where the script changes but from Han to Hiragana, 2 elsewhere', async (t) => {
  const cases: [string, number][] = [
    ['パッケージ、|これ', 0],
    ['软件，|包', 0],
    ['パッケージ|を', 1], // Katakana to Hiragana
    ['を|作成', 1], // Hiragana to Han
    ['バージョン|番号', 1], // Katakana to Han
    ['作成|しました', 2], // a verb's stem and its ending
    ['パッ|ケージ', 2],
    ['软件|包', 2],
  ];
  for (const [s, want] of cases)
    await t.test(s, () => {
      const i = s.indexOf('|');
      assert.equal(cjkSeamRank(s.replace('|', ''), i), want);
    });
});

test('isCjkStop, isCjkClause, isCjkCloser', async (t) => {
  const cases: [string, boolean, boolean, boolean][] = [
    ['。', true, false, false],
    ['！', true, false, false],
    ['？', true, false, false],
    ['．', true, false, false],
    ['｡', true, false, false],
    ['：', false, true, false],
    ['；', false, true, false],
    ['、', false, false, false],
    ['，', false, false, false],
    ['」', false, false, true],
    ['』', false, false, true],
    ['）', false, false, true],
    ['】', false, false, true],
    ['.', false, false, false],
    ['”', false, false, false], // a Latin closer, read back over by the chunker's own list
  ];
  for (const [s, stop, clause, closer] of cases)
    await t.test(s, () => {
      assert.equal(isCjkStop(code(s)), stop);
      assert.equal(isCjkClause(code(s)), clause);
      assert.equal(isCjkCloser(code(s)), closer);
    });
});

test('isCjkLetter: Han, kana, Bopomofo, full-width letters and digits; not punctuation', async (t) => {
  const cases: [string, boolean][] = [
    ['漢', true],
    ['ひ', true],
    ['カ', true],
    ['ー', true],
    ['々', true],
    ['ㄅ', true],
    ['Ａ', true],
    ['１', true],
    ['〈', false],
    ['。', false],
    ['「', false],
    ['！', false],
    ['a', false],
  ];
  for (const [s, want] of cases) await t.test(s, () => assert.equal(isCjkLetter(code(s)), want));
});

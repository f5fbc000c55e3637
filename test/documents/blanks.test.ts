import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseBlanks, withoutCjkBreaks } from '../../src/documents/blanks.ts';

const byPattern = (text: string) => text.replace(/\s+/g, ' ').trim();

test('collapseBlanks: runs of blanks as one space, trimmed, as the pattern does', async (t) => {
  const cases: [name: string, text: string, want: string][] = [
    ['already collapsed: the text itself', 'one two three', 'one two three'],
    ['empty', '', ''],
    ['a single space', ' ', ''],
    ['two spaces inside', 'one  two', 'one two'],
    ['leading and trailing spaces', ' one two ', 'one two'],
    ['a line break', 'one\ntwo', 'one two'],
    ['a tab and a carriage return', 'one\t\rtwo', 'one two'],
    ['a vertical tab and a form feed', 'one\u000btwo\u000c', 'one two'],
    ['a no-break space', 'one\u00a0two', 'one two'],
    ['an em space and an ideographic space', 'one\u2003two\u3000three', 'one two three'],
    ['a line and a paragraph separator', 'one\u2028two\u2029', 'one two'],
    ['a byte-order mark', '\ufeffone two', 'one two'],
    ['a zero-width space is no blank', 'one\u200btwo', 'one\u200btwo'],
    ['non-ASCII text without blanks', 'façade ‘quoted’ 𝑥', 'façade ‘quoted’ 𝑥'],
  ];
  for (const [name, text, want] of cases)
    await t.test(name, () => {
      assert.equal(collapseBlanks(text), want);
      assert.equal(collapseBlanks(text), byPattern(text));
    });
  await t.test('every code unit between letters, and doubled, and at the ends, as the pattern', () => {
    for (let c = 0; c < 0x10000; c++) {
      const u = String.fromCharCode(c);
      for (const text of [`a${u}b`, `a${u}${u}b`, `${u}a`, `a${u}`, `a ${u}b`, `a${u} b`])
        assert.equal(collapseBlanks(text), byPattern(text), `U+${c.toString(16)} in ${JSON.stringify(text)}`);
    }
  });
});

test('collapseBlanks: a line break between two characters of Chinese or Japanese goes whole (CSS Text 3 segment breaks)', async (t) => {
  const cases: [name: string, text: string, want: string][] = [
    ['kana across a source line break', 'メーリ\nングリスト', 'メーリングリスト'],
    ['Han, the break indented', '软件\n    包', '软件包'],
    ['after a full stop', '下さい。\nこれは', '下さい。これは'],
    ['a space alone stays (the author set it)', '我们 强烈推荐', '我们 强烈推荐'],
    ['Latin before the break keeps its space', 'Debian\nパッケージ', 'Debian パッケージ'],
    ['Latin after the break keeps its space', 'パッケージ\ndebian', 'パッケージ debian'],
    ['Korean keeps its space', '한국어\n문서', '한국어 문서'],
    ['a blank line between two paragraphs of Japanese too', 'これ\n\nそれ', 'これそれ'],
    ['several breaks', 'あ\nい\nう and\nえ', 'あいう and え'],
    ['a break at the ends', '\nあ\n', 'あ'],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(collapseBlanks(text), want));
});

test('withoutCjkBreaks: only the runs with a line break between two such characters go', async (t) => {
  const cases: [name: string, text: string, want: string][] = [
    ['no line break: the text itself', 'あ い', 'あ い'],
    ['a run with a break', 'あ \n い', 'あい'],
    ['English untouched', 'one\ntwo', 'one\ntwo'],
    ['mixed', 'one\nあ\nい\ntwo', 'one\nあい\ntwo'],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(withoutCjkBreaks(text), want));
});

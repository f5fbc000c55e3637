import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixedPitchCjkFonts, type FontItem } from '../../../../src/documents/formats/pdf/cjk-fonts.ts';

const it = (font: string, str: string, mono = true): FontItem => ({ font, str, mono });

const cases: [string, FontItem[], string[]][] = [
  ['no monospaced item: nothing', [it('f1', '如果你有能力“领养”那个软件包', false), it('f2', 'plain text', false)], []],
  [
    'a fixed-pitch Chinese font setting prose: not typewriter',
    [it('song', '如果你有能力“领养”那个软件包，那就先下载'), it('song', 'apt-get source'), it('times', 'x', false)],
    ['song'],
  ],
  ['Japanese kana and kanji', [it('mincho', 'このパッケージには次のファイルが含まれます。')], ['mincho']],
  ['full-width forms count as such text', [it('goth', '（ｶﾀｶﾅ）！？')], ['goth']],
  [
    'a typewriter font setting code stays typewriter',
    [it('cmtt', 'apt-get source packagename'), it('cmtt', '$ ls -l')],
    [],
  ],
  ['code with a Chinese comment, mostly Latin: typewriter', [it('tt', 'echo "hello" # 打印')], []],
  [
    'each font judged by its own characters on the page',
    [it('tt', 'make install'), it('fang', '编译并安装软件包'), it('fang', 'deb')],
    ['fang'],
  ],
  ['blanks and ideographic spaces are not counted', [it('f', '　　　ab　'), it('f', '字')], []],
  ['half such text is enough', [it('f', 'ab字字')], ['f']],
  ['a Korean fixed-pitch font setting prose: not typewriter', [it('kr', '한국어 문장입니다')], ['kr']],
  ['an empty item counts nothing', [it('f', '')], []],
];

test('fixedPitchCjkFonts: the monospaced fonts of a page that set Chinese or Japanese text', async (t) => {
  for (const [name, items, want] of cases)
    await t.test(name, () => assert.deepEqual([...fixedPitchCjkFonts(items)].sort(), want));
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isNoteReference, noteMark } from '../../../../src/documents/formats/html/note-refs.ts';
import { htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';

test('isNoteReference: by role, by class, by a number in a superscript', async (t) => {
  const cases: [string, Record<string, string>, boolean, boolean, string, boolean][] = [
    ["pandoc's role", { role: 'doc-noteref', class: 'footnote-ref' }, false, true, '1', true],
    ["Python-Markdown's class", { class: 'footnote-ref' }, true, true, '1', true],
    ["Docutils' class", { class: 'footnote-reference brackets' }, false, true, '3', true],
    ['a number in a superscript, into the page', {}, true, true, '12', true],
    ['a number in a superscript, to another page', {}, true, false, '12', false],
    ['words in a superscript', {}, true, true, 'see below', false],
    ['a plain link', { class: 'reference internal' }, false, true, '1', false],
  ];
  for (const [name, attrs, sup, inPage, text, want] of cases)
    await t.test(name, () => assert.equal(isNoteReference(attrs, sup, inPage, text), want));
});

test('noteMark: a bare mark in brackets, a bracketed one or words as they are', async (t) => {
  const cases: [string, string, string][] = [
    ['a number', '1', '[1]'],
    ['blanks around', ' 27 ', '[27]'],
    ['a letter', 'a', '[a]'],
    ['a dagger', '†', '[†]'],
    ['bracketed already (Docutils 0.18+, DocBook)', '[27]', '[27]'],
    ['words', 'note one', 'note one'],
  ];
  for (const [name, text, want] of cases) await t.test(name, () => assert.equal(noteMark(text), want));
});

test("htmlBlocks: pandoc's and Python-Markdown's note references stay apart from the word before", () => {
  const html =
    '<p>kernel &gt;= 4.18<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref"><sup>1</sup></a>, glibc</p>' +
    '<p>Text<sup id="fnref:2"><a class="footnote-ref" href="#fn:2">2</a></sup> and<a class="footnote-reference brackets" href="#id7" role="doc-noteref"><span class="fn-bracket">[</span>3<span class="fn-bracket">]</span></a>.</p>' +
    '<ol><li id="fn1"><p>One.</p></li><li id="fn:2"><p>Two.</p></li><li id="id7"><p>Three.</p></li></ol>';
  assert.deepEqual(
    htmlBlocks(html).map((b) => b.text),
    ['kernel >= 4.18[1], glibc', 'Text[2] and[3].', '1. One.', '2. Two.', '3. Three.'],
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  isNoteNumber,
  isNoteReference,
  isNotesDiv,
  isNotesHeading,
  noteMark,
} from '../../../../src/documents/formats/html/note-refs.ts';
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

test('isNotesDiv, isNotesHeading, isNoteNumber: makeinfo’s footnotes', async (t) => {
  const divs: [string, string, Record<string, string>, boolean][] = [
    ['makeinfo 6', 'div', { class: 'footnote' }, true],
    ['makeinfo 7', 'div', { class: 'footnotes-segment' }, true],
    ['another div', 'div', { class: 'footer' }, false],
    ['a table of that class', 'table', { class: 'footnote' }, false],
  ];
  for (const [name, el, attrs, want] of divs)
    await t.test(`div: ${name}`, () => assert.equal(isNotesDiv(el, attrs), want));
  const heads: [string, string, Record<string, string>, boolean][] = [
    ['makeinfo 6 and 7', 'h4', { class: 'footnotes-heading' }, true],
    ['another heading', 'h4', { class: 'subsection' }, false],
    ['a paragraph', 'p', { class: 'footnotes-heading' }, false],
  ];
  for (const [name, el, attrs, want] of heads)
    await t.test(`heading: ${name}`, () => assert.equal(isNotesHeading(el, attrs), want));
  const numbers: [string, boolean][] = [
    ['2', true],
    ['(2)', true],
    ['[12]', true],
    [' (3) ', true],
    ['(a)', false],
    ['(2', false],
    ['2.1', false],
  ];
  for (const [text, want] of numbers) await t.test(`number: ${text}`, () => assert.equal(isNoteNumber(text), want));
});

test("htmlBlocks: makeinfo's note marks and notes, node page and one-page manual", async (t) => {
  await t.test('a node page: the mark apart from the number before it, the note after its number', () => {
    const html =
      '<body><h4 class="subsubsection">3.5.2.1 Syntax</h4><p>which means subpart 2 of message 4.<a id="DOCF2" href="#FOOT2"><sup>2</sup></a>\n</p>' +
      '<div class="footnote"><hr><h4 class="footnotes-heading">Footnotes</h4>\n<h5><a id="FOOT2" href="#DOCF2">(2)</a></h5>\n<p>For compatibility, ‘4[2]’.</p></div></body>';
    assert.deepEqual(
      htmlBlocks(html).map((b) => b.text),
      ['3.5.2.1 Syntax', 'which means subpart 2 of message 4.[2]', 'Footnotes', '(2) For compatibility, ‘4[2]’.'],
    );
  });
  await t.test("the one-page manual: no div, the number's h5 closed by </h3>", () => {
    const html =
      '<body><h2>1 RSA</h2><p>converted to x<a id="DOCF1" href="#FOOT1"><sup>1</sup></a>.</p>' +
      '<h4 class="footnotes-heading">Footnotes</h4>\n<h5><a id="FOOT1" href="#DOCF1">(1)</a></h3>\n<p>Actually, not like this.</p>' +
      '<h5><a id="FOOT2" href="#DOCF2">(2)</a></h3>\n<p>Second.</p></body>';
    assert.deepEqual(
      htmlBlocks(html).map((b) => b.text),
      ['1 RSA', 'converted to x[1].', 'Footnotes', '(1) Actually, not like this.', '(2) Second.'],
    );
  });
});

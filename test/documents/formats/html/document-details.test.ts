import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDocumentDetail } from '../../../../src/documents/formats/html/document-details.ts';
import { htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';

const kinds = (html: string) => htmlBlocks(html).map((b) => `${b.kind}${b.level ?? ''}:${b.text}`);

test("isDocumentDetail: an AsciiDoc header's author, e-mail and revision", async (t) => {
  const cases: [string, string, Record<string, string>, boolean][] = [
    ['the author', 'span', { id: 'author', class: 'author' }, true],
    ['a second author', 'span', { id: 'author2' }, true],
    ['the e-mail address', 'span', { id: 'email' }, true],
    ['the initials', 'span', { id: 'authorinitials' }, true],
    ['the revision number', 'span', { id: 'revnumber' }, true],
    ['the revision date', 'span', { id: 'revdate' }, true],
    ['the revision remark', 'span', { id: 'revremark' }, true],
    ['a section named author', 'div', { id: 'author' }, false],
    ['a span of another id', 'span', { id: 'authors-note' }, false],
    ['a span without id', 'span', {}, false],
  ];
  for (const [name, el, attrs, want] of cases)
    await t.test(name, () => assert.equal(isDocumentDetail(el, attrs), want));
});

test('htmlBlocks: the header details go, the title stays', async (t) => {
  await t.test('Asciidoctor', () => {
    const html =
      '<div id="header"><h1>The FAQ</h1><div class="details"><span id="author" class="author">Ann Smith</span><br><span id="email" class="email"><a href="mailto:ann@example.org">ann@example.org</a></span><br><span id="revnumber">version 3.8</span></div></div><div id="content"><p>Text.</p></div>';
    assert.deepEqual(kinds(html), ['heading1:The FAQ', 'paragraph:Text.']);
  });
  await t.test('asciidoc-py', () => {
    const html =
      '<div id="header"><h1>User Guide</h1><span id="author">Ann Smith</span><br /><span id="email"><code>&lt;<a href="mailto:ann@example.org">ann@example.org</a>&gt;</code></span><br /><span id="revnumber">version 4.2,</span> <span id="revdate">2023-01-17</span></div><p>Text.</p>';
    assert.deepEqual(kinds(html), ['heading1:User Guide', 'paragraph:Text.']);
  });
});

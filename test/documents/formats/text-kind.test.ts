import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, looksLikeHtml, textKind, withoutHttpHeader } from '../../../src/documents/formats/text-kind.ts';

// classifyText: Markdown, HTML or plain text.
const classifyCases: [string, string, 'html' | 'markdown' | 'text'][] = [
  ['ATX heading and a list', '# Leave policy\n\n- one\n- two\n', 'markdown'],
  ['a single ATX heading', '## Notes\nsome words\n', 'markdown'],
  ['setext heading and a link', 'Leave policy\n============\n\nSee [the form](form.md).\n', 'markdown'],
  ['fenced code and a code span', 'Run `npm test`:\n\n```sh\nnpm test\n```\n', 'markdown'],
  ['GFM table', '| a | b |\n|---|---|\n| 1 | 2 |\n', 'markdown'],
  ['one list alone is text', 'Shopping:\n- milk\n- bread\n', 'text'],
  ['prose', 'The office is closed on Friday. Please plan ahead.\n', 'text'],
  ['a hash tag is not a heading', '#hashtag and more words\n', 'text'],
  ['an email with a quote line and nothing else', '> earlier message\n\nThanks!', 'text'],
  ['an HTML document', '<!doctype html>\n<html><p>x</p></html>', 'html'],
  ['an HTML document after a comment', '<!-- saved -->\n<html><body>x</body></html>', 'html'],
  ['an HTML fragment', '<h1>Title</h1>\n<p>One.</p>\n<p>Two.</p>', 'html'],
  ['Markdown with a little inline HTML', '# Title\n\nText<br>more `code`\n\n- item\n', 'markdown'],
  // man2html's page: a CGI header, then a page whose text has Markdown's marks (list lines, brackets).
  [
    'an HTML document after an HTTP header',
    'Content-type: text/html; charset=UTF-8\n\n<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">\n<HTML><BODY>\n- one\n# two\n```\n</BODY></HTML>',
    'html',
  ],
  [
    'an HTML document after two header lines, CRLF',
    'Status: 200 OK\r\nContent-Type: text/html\r\n\r\n<html><p>x</p></html>',
    'html',
  ],
  ['header lines with no blank line before the page', 'Content-type: text/html\n<html>\n# a\n- b\n', 'markdown'],
  ['header lines before text', 'Title: Notes\nDate: today\n\n# Notes\n\n- one\n', 'markdown'],
];
for (const [name, text, want] of classifyCases) {
  test(`classifyText: ${name}`, () => assert.equal(classifyText(text), want, name));
}

// textKind: null for bytes that are not UTF-8 text, the same answer when asked again.
const utf8 = (s: string) => new TextEncoder().encode(s);
const textKindCases: [string, Uint8Array, 'html' | 'markdown' | 'text' | null][] = [
  ['Latin-1 bytes', new Uint8Array([0x63, 0x61, 0x66, 0xe9]), null],
  ['a control byte', utf8('text\u0001more'), null],
  ['a zip header', new Uint8Array([0x50, 0x4b, 3, 4, 20, 0]), null],
  ['Markdown', utf8('# Title\n\n- one\n'), 'markdown'],
];
for (const [name, bytes, want] of textKindCases) {
  test(`textKind: ${name}, the same answer when asked again`, () => {
    assert.equal(textKind(bytes), want, name);
    assert.equal(textKind(bytes), want, `${name}, asked again`);
  });
}

test('looksLikeHtml: a page after an HTTP header, in any encoding', () => {
  const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  assert.equal(looksLikeHtml(latin1('Content-type: text/html; charset=ISO-8859-1\n\n<HTML><BODY>caf\xe9')), true);
  assert.equal(looksLikeHtml(latin1('Content-type: text/html\n\nno page here')), false);
});

test('withoutHttpHeader: the header before a page goes, all else stays', () => {
  const cases: [string, string, string][] = [
    ['man2html', 'Content-type: text/html; charset=UTF-8\n\n<!DOCTYPE HTML>\n<HTML>', '<!DOCTYPE HTML>\n<HTML>'],
    ['two lines, CRLF', 'Status: 200 OK\r\nContent-Type: text/html\r\n\r\n<html>x', '<html>x'],
    ['after a byte order mark', '\ufeffContent-type: text/html\n\n<html>x', '\ufeff<html>x'],
    ['no header', '<!doctype html><html>x', '<!doctype html><html>x'],
    ['no page after it', 'Content-type: text/html\n\n<p>fragment</p>', 'Content-type: text/html\n\n<p>fragment</p>'],
    ['no blank line', 'Content-type: text/html\n<html>x', 'Content-type: text/html\n<html>x'],
    ["a colon in the page's first line", '<html>Note: x\n\n<body>', '<html>Note: x\n\n<body>'],
  ];
  for (const [name, html, want] of cases) assert.equal(withoutHttpHeader(html), want, name);
});

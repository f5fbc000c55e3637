import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, textKind } from '../../../src/documents/formats/text-kind.ts';

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

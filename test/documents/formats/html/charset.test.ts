// The character encoding of an HTML document (src/documents/formats/html/charset.ts): a byte order
// mark, else a meta charset in the first 1024 bytes, else UTF-8 when valid, else windows-1252.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declaredCharset, decodeHtml, htmlEncoding } from '../../../../src/documents/formats/html/charset.ts';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

const encodings: [name: string, bytes: Uint8Array, want: string][] = [
  ['meta charset', Buffer.from('<meta charset="windows-1251"><p>x</p>'), 'windows-1251'],
  [
    'meta http-equiv Content-Type',
    latin1('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>K\xf6ln</p>'),
    'iso-8859-1',
  ],
  ['a UTF-8 BOM wins over the meta tag', Buffer.from('\ufeff<meta charset="iso-8859-1"><p>x</p>'), 'utf-8'],
  ['a UTF-16BE BOM', new Uint8Array([0xfe, 0xff, 0, 0x3c]), 'utf-16be'],
  ['a UTF-16LE BOM', new Uint8Array([0xff, 0xfe, 0x3c, 0]), 'utf-16le'],
  ['undeclared UTF-8', Buffer.from('<p>Köln</p>'), 'utf-8'],
  ['undeclared, not UTF-8', latin1('<p>K\xf6ln</p>'), 'windows-1252'],
  ['an unknown label falls back (valid UTF-8)', Buffer.from('<meta charset="x-nonsense"><p>x</p>'), 'utf-8'],
  ['an unknown label falls back (not UTF-8)', latin1('<meta charset="x-nonsense"><p>\xe9</p>'), 'windows-1252'],
  ['a declared utf-16 in readable bytes is not believed', Buffer.from('<meta charset="utf-16"><p>x</p>'), 'utf-8'],
  [
    'a meta tag after the first 1024 bytes is not read',
    latin1(`<p>${'a'.repeat(1100)}</p><meta charset="windows-1251"><p>\xe9</p>`),
    'windows-1252',
  ],
];

for (const [name, bytes, want] of encodings) {
  test(`htmlEncoding: ${name}`, () => {
    assert.equal(htmlEncoding(bytes), want);
  });
}

const declared: [name: string, head: string, want: string | null][] = [
  ['no meta tag', '<html><head><title>x</title></head>', null],
  ['a meta tag without a charset', '<meta name="viewport" content="width=device-width">', null],
  ['the first meta tag naming one, lower-cased', '<meta name="x"><meta charset=\'UTF-8\'>', 'utf-8'],
  ['unquoted', '<META CHARSET=Shift_JIS>', 'shift_jis'],
  ['in a content attribute', '<meta http-equiv="content-type" content="text/html;charset=koi8-r">', 'koi8-r'],
  ['spaces around the equals sign', '<meta charset = "windows-1252">', 'windows-1252'],
  ['a charset outside a meta tag is not one', '<p>charset=utf-16</p>', null],
];

for (const [name, head, want] of declared) {
  test(`declaredCharset: ${name}`, () => {
    assert.equal(declaredCharset(head), want);
  });
}

const decoded: [name: string, bytes: Uint8Array, want: string][] = [
  ['UTF-8 (the BOM dropped)', Buffer.from('\ufeff<p>Köln</p>'), '<p>Köln</p>'],
  ['windows-1252 by default', latin1('<p>K\xf6ln \x80</p>'), '<p>Köln €</p>'],
  [
    'the declared windows-1251',
    Buffer.concat([Buffer.from('<meta charset="windows-1251">'), Buffer.from([0xcf, 0xf0, 0xe8])]),
    '<meta charset="windows-1251">При',
  ],
  ['UTF-16LE by its BOM', Buffer.from('\ufeff<p>x</p>', 'utf16le'), '<p>x</p>'],
];

for (const [name, bytes, want] of decoded) {
  test(`decodeHtml: ${name}`, () => {
    assert.equal(decodeHtml(bytes), want);
  });
}

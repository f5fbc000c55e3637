// Zero-width break hints and soft hyphens leave the text; joiners that choose letter forms stay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withoutInvisibles } from '../../src/documents/invisible.ts';

const cases: [name: string, text: string, want: string][] = [
  [
    "Javadoc's U+200B before a parenthesis",
    'addArgument\u200B(java.lang.String... nameOrFlags)',
    'addArgument(java.lang.String... nameOrFlags)',
  ],
  ['U+200B as a break hint inside a long word', 'net.\u200Bsourceforge.\u200Bargparse4j', 'net.sourceforge.argparse4j'],
  ['U+FEFF inside a word', 'foo\uFEFFbar', 'foobar'],
  ['U+FEFF at the start (a byte order mark)', '\uFEFFTitle', 'Title'],
  ['U+2060 word joiner', 'a\u2060b', 'ab'],
  ['several in a row', 'x\u200B\u200B\uFEFF\u2060y', 'xy'],
  ['a space beside one stays', 'a \u200Bb', 'a b'],
  ['U+200C (Persian non-joiner) stays', 'می\u200Cخواهم', 'می\u200Cخواهم'],
  ['U+200D (emoji and Indic joiner) stays', '\u{1F468}\u200D\u{1F469}', '\u{1F468}\u200D\u{1F469}'],
  ['a soft hyphen (a break hint) leaves', 'hyphen\u00ADation', 'hyphenation'],
  ['soft hyphens in a long German word', 'Donau\u00ADdampf\u00ADschiff\u00ADfahrt', 'Donaudampfschifffahrt'],
  ['a hard hyphen stays', 'well-known', 'well-known'],
  ['a no-break space stays', 'a\u00A0b', 'a\u00A0b'],
  ['text without any: the same', 'plain text', 'plain text'],
  ['only invisibles: empty', '\u200B\uFEFF', ''],
];
for (const [name, text, want] of cases)
  test(`withoutInvisibles: ${name}`, () => assert.equal(withoutInvisibles(text), want, name));

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropListings, isNavigationLine, type LinkedBlock } from '../../src/documents/listing.ts';

// isNavigationLine: only links and navigation words.
const navigationCases: [string, string, number, boolean][] = [
  ['Texinfo bar', 'Next: ,  Previous: ,  Up:    [][]', 4, true],
  ['two bare links', '  ', 2, true],
  ['one link alone is text', '', 1, false],
  ['a sentence with a link', 'See  for details.', 1, false],
  ['no links', 'Next: chapter two', 0, false],
  ['pipes between links', ' | Home | ', 3, true],
];
for (const [name, outside, links, want] of navigationCases) {
  test(`isNavigationLine: ${name}`, () => assert.equal(isNavigationLine(outside, links), want, name));
}

// A lone link that only says where it goes (the whole block's text given).
const backLinkCases: [string, string, boolean][] = [
  ['top', 'top', true],
  ['Back to top', 'Back to top', true],
  ['[Up]', '[Up]', true],
  ['an arrow', '↑ Top', true],
  ['a link to a section is text', 'Restart policies', false],
  ['a one-link paragraph naming a tool', 'Docker Hub', false],
];
for (const [name, text, want] of backLinkCases) {
  test(`isNavigationLine, one link: ${name}`, () => assert.equal(isNavigationLine('', 1, text), want, name));
}

const b = (text: string, group: number | undefined, inPage: number, links: number): LinkedBlock => ({
  kind: group === undefined ? 'paragraph' : 'item',
  text,
  group,
  inPageLinkChars: inPage,
  linkChars: inPage,
  links,
});

test('dropListings: a group whose entries are in-page links goes whole; others stay', () => {
  const blocks = [
    b('1 Scope', 1, 7, 1),
    b('1.1 Terms', 1, 9, 1),
    b('2 Rules', 1, 7, 1),
    b('Body text.', undefined, 0, 0),
    b('milk', 2, 0, 0),
    b('bread and butter', 2, 0, 0),
    b('see Scope for details', 3, 5, 1),
    b('see Rules for more details', 3, 5, 1),
    b('A', 4, 0, 0), // a letter row goes with its index
    b('apple: | 1 Scope', 4, 12, 2),
    b('axe: | 2 Rules', 4, 10, 2),
  ];
  assert.deepEqual(
    dropListings(blocks).map((x) => x.text),
    ['Body text.', 'milk', 'bread and butter', 'see Scope for details', 'see Rules for more details'],
  );
});

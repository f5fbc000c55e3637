import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  contentsRuns,
  isContentsLine,
  isInPageLinkLine,
  isSectionNumberLine,
} from '../../src/documents/contents-runs.ts';
import { dropListings, type LinkedBlock } from '../../src/documents/listing.ts';

/** A paragraph outside any list or table, `inPage` of its characters inside `links` in-page links. */
const p = (text: string, inPage = 0, links = inPage > 0 ? 1 : 0): LinkedBlock => ({
  kind: 'paragraph',
  text,
  inPageLinkChars: inPage,
  linkChars: inPage,
  links,
});
/** A paragraph wholly one in-page link (blanks aside). */
const entry = (text: string) => p(text, text.replace(/\s/g, '').length);

const lineCases: [string, LinkedBlock, boolean][] = [
  ['a linked title', entry('Available documentation'), true],
  ['a number and its linked title', p('3.1. What HAProxy is and is not', 'WhatHAProxyisandisnot'.length), true],
  ['a sentence around a link', p('See Proxying for the details of the modes', 'Proxying'.length), false],
  ['a link to another page', p('Available documentation', 0, 1), false],
  ['an item of a list (its group judges it)', { ...entry('Proxying'), kind: 'item', group: 3 }, false],
  ['a heading', { ...entry('Proxying'), kind: 'heading', level: 2 }, false],
  ['a long linked paragraph', entry('word '.repeat(30)), false],
];
for (const [name, block, want] of lineCases) {
  test(`isContentsLine: ${name}`, () => assert.equal(isContentsLine(block), want));
}

const numberCases: [string, boolean][] = [
  ['1.', true],
  ['3.3.7.', true],
  ['A.', true],
  ['IV.', true],
  ['2)', true],
  ['2023', false],
  ['Note.', false],
  ['1. Introduction', false],
];
for (const [text, want] of numberCases) {
  test(`isSectionNumberLine: ${JSON.stringify(text)}`, () => assert.equal(isSectionNumberLine(p(text)), want));
}

const titles = ['Available documentation', 'Introduction', 'Proxying', 'SSL', 'Monitoring', 'Stickiness'];
const runCases: [string, LinkedBlock[], number[]][] = [
  [
    'numbers and linked titles as blocks of their own (a grid of rows)',
    [
      p('The summary below helps you find sections.'),
      ...titles.flatMap((t, i) => [p(`${i + 1}.`), entry(t)]),
      p('Text.'),
    ],
    Array.from({ length: 12 }, (_, i) => i + 1),
  ],
  ['linked titles one per line', [...titles.slice(0, 5).map(entry), p('Text.')], [0, 1, 2, 3, 4]],
  ['four entries are a text’s own links', [...titles.slice(0, 4).map(entry), p('Text.')], []],
  [
    'a paragraph between parts two short runs',
    [...titles.slice(0, 3).map(entry), p('Some words between.'), ...titles.slice(3).map(entry)],
    [],
  ],
  ['a number after the last entry stays', [...titles.slice(0, 5).map(entry), p('6.'), p('Text.')], [0, 1, 2, 3, 4]],
  ['numbers alone are no run', [p('1.'), p('2.'), p('3.'), p('4.'), p('5.')], []],
];
for (const [name, blocks, want] of runCases) {
  test(`contentsRuns: ${name}`, () => assert.deepEqual([...contentsRuns(blocks)], want));
}

test('dropListings: a web page’s contents set as paragraphs go, its heading with them; an office document keeps them', () => {
  const blocks: LinkedBlock[] = [
    { ...p('Starter Guide'), kind: 'heading', level: 1 },
    p('The summary below helps you find sections.'),
    { ...p('Summary'), kind: 'heading', level: 1 },
    ...titles.flatMap((t, i) => [p(`${i + 1}.`), entry(t)]),
    { ...p('1. Available documentation'), kind: 'heading', level: 1 },
    p('Text.'),
  ];
  assert.deepEqual(
    dropListings(blocks, { siteMenus: true }).map((x) => x.text),
    ['Starter Guide', 'The summary below helps you find sections.', '1. Available documentation', 'Text.'],
  );
  assert.equal(dropListings(blocks).length, blocks.length);
});

const linkLineCases: [string, [outside: string, links: number, inPageLinks: number, inPageChars: number], boolean][] = [
  ['contents lines of in-page links', ['  ', 3, 3, 60], true],
  ['one link (a back link or a title is judged elsewhere)', ['', 1, 1, 20], false],
  ['an index’s letter bar', [' |  |  |  | ', 5, 5, 5], false],
  ['links to other pages among them', ['', 3, 2, 40], false],
  ['words outside the links', ['see and', 2, 2, 30], false],
];
for (const [name, [outside, links, inPageLinks, chars], want] of linkLineCases) {
  test(`isInPageLinkLine: ${name}`, () => assert.equal(isInPageLinkLine(outside, links, inPageLinks, chars), want));
}

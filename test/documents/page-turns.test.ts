import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentBlock } from '../../src/documents/blocks.ts';
import { blockFrom, blockJoined, countAlnum, pageAt } from '../../src/documents/page-turns.ts';

test('countAlnum: letters and digits of every script, an astral one once', () => {
  const cases: [string, number][] = [
    ['', 0],
    ['a1 B2.', 4],
    ['-- ,;()', 0],
    ['été ß', 4],
    ['日本語', 3],
    ['𝐀x', 2],
    ['a\u0301', 1],
  ];
  for (const [s, n] of cases) assert.equal(countAlnum(s), n, JSON.stringify(s));
});

const b: DocumentBlock = {
  kind: 'paragraph',
  text: 'ab cd. ef gh',
  page: 3,
  pageTurns: [
    { after: 2, page: 4 },
    { after: 6, page: 5 },
  ],
};

test('pageAt: the page of the letter or digit after n', () => {
  const cases: [number, number | undefined][] = [
    [0, 3],
    [1, 3],
    [2, 4],
    [5, 4],
    [6, 5],
    [99, 5],
  ];
  for (const [n, page] of cases) assert.equal(pageAt(b, n), page, `n=${n}`);
  assert.equal(pageAt({ kind: 'paragraph', text: 'x' }, 0), undefined);
});

test('blockFrom: the text from an index, its page and later turns counted from there', () => {
  const cases: [number, DocumentBlock][] = [
    [0, b],
    [
      1,
      {
        ...b,
        text: 'b cd. ef gh',
        pageTurns: [
          { after: 1, page: 4 },
          { after: 5, page: 5 },
        ],
      },
    ],
    [2, { kind: 'paragraph', text: 'cd. ef gh', page: 4, pageTurns: [{ after: 4, page: 5 }] }],
    [6, { kind: 'paragraph', text: 'ef gh', page: 4, pageTurns: [{ after: 2, page: 5 }] }],
    [9, { kind: 'paragraph', text: 'gh', page: 5 }],
    [12, { kind: 'paragraph', text: '', page: 5 }],
  ];
  for (const [from, want] of cases) assert.deepEqual(blockFrom(b, from), want, `from=${from}`);
  assert.deepEqual(blockFrom({ kind: 'code', text: 'a b' }, 1), { kind: 'code', text: 'b' });
});

test('blockJoined: a block run on into its continuation, a turn where the continuation starts', () => {
  const a: DocumentBlock = { kind: 'paragraph', text: 'ab cd', page: 3, pageTurns: [{ after: 2, page: 4 }] };
  const cases: [string, DocumentBlock, DocumentBlock][] = [
    [
      'the turns of both, the second counted from the join',
      { kind: 'paragraph', text: 'ef gh', page: 5, pageTurns: [{ after: 2, page: 6 }] },
      {
        ...a,
        text: 'ab cd ef gh',
        pageTurns: [
          { after: 2, page: 4 },
          { after: 4, page: 5 },
          { after: 6, page: 6 },
        ],
      },
    ],
    [
      'a continuation without turns',
      { kind: 'paragraph', text: 'ef gh', page: 5 },
      {
        ...a,
        text: 'ab cd ef gh',
        pageTurns: [
          { after: 2, page: 4 },
          { after: 4, page: 5 },
        ],
      },
    ],
    [
      'a continuation without a page: no turn to it',
      { kind: 'paragraph', text: 'ef gh' },
      { ...a, text: 'ab cd ef gh' },
    ],
  ];
  for (const [name, b, want] of cases) assert.deepEqual(blockJoined(a, b, 'ab cd ef gh'), want, name);
  assert.deepEqual(blockJoined({ kind: 'paragraph', text: 'ab' }, { kind: 'paragraph', text: 'cd' }, 'ab cd'), {
    kind: 'paragraph',
    text: 'ab cd',
  });
});

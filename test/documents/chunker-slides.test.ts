// The chunker's slide rule (src/documents/chunker.ts, Block.slideStart; set by toChunkBlocks from
// DocumentBlock.slide): a chunk does not run from one slide into the next where the cut between
// them falls in its window.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sectionMarks, splitIntoChunks, type Block } from '../../src/documents/chunker.ts';
import { toChunkBlocks } from '../../src/documents/chunk-document.ts';
import type { DocumentBlock } from '../../src/documents/blocks.ts';

/**
 * A slide of `points` points of about `len` characters each, with a title or without; its points
 * end no sentence (as slides write), or each ends one (`period`).
 */
function slide(
  k: number,
  points: number,
  len: number,
  opts: { title?: boolean; period?: boolean } = {},
): DocumentBlock[] {
  const out: DocumentBlock[] =
    opts.title === false ? [] : [{ kind: 'heading', text: `Slide ${k} title`, slide: k, page: k }];
  for (let i = 0; i < points; i++) {
    const words = Array.from({ length: Math.ceil(len / 8) }, (_, j) => `Word${k}x${i}${j}`.slice(0, 7));
    const text = words.join(' ').slice(0, len).trim();
    out.push({ kind: 'item', text: opts.period ? `${text}.` : text, slide: k, page: k });
  }
  return out;
}

/** The slides a chunk holds text of (by its page range). */
const slidesOf = (c: { pageStart?: number; pageEnd?: number }) => [c.pageStart, c.pageEnd];

const cases: [name: string, blocks: DocumentBlock[], check: (chunks: ReturnType<typeof splitIntoChunks>) => void][] = [
  [
    'slides that each fill a chunk: one chunk per slide, none mixing two',
    [1, 2, 3, 4].flatMap((k) => slide(k, 6, 150)),
    (chunks) => {
      assert.equal(chunks.length, 4);
      chunks.forEach((c, i) => assert.deepEqual(slidesOf(c), [i + 1, i + 1]));
      chunks.forEach((c, i) => assert.equal(c.section, `Slide ${i + 1} title`));
    },
  ],
  [
    'slides without titles whose points all end sentences: still one chunk per slide',
    [1, 2, 3, 4].flatMap((k) => slide(k, 10, 80, { title: false, period: true })),
    (chunks) => {
      assert.equal(chunks.length, 4);
      chunks.forEach((c, i) => assert.deepEqual(slidesOf(c), [i + 1, i + 1]));
    },
  ],
  [
    'short slides are gathered whole: every cut falls between two slides',
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((k) => slide(k, 3, 90)),
    (chunks) => {
      assert.ok(chunks.length >= 2);
      for (const c of chunks) assert.match(c.content, /^Slide \d+ title/);
    },
  ],
  [
    'a slide longer than a chunk is cut inside itself, and the next slide still opens a chunk',
    [...slide(1, 12, 150), ...slide(2, 6, 150)],
    (chunks) => {
      const last = chunks.at(-1)!;
      assert.deepEqual(slidesOf(last), [2, 2]);
      assert.match(last.content, /^Slide 2 title/);
    },
  ],
];

for (const [name, blocks, check] of cases)
  test(`slides: ${name}`, () => {
    const chunkBlocks = toChunkBlocks(blocks);
    check(splitIntoChunks(chunkBlocks));
  });

test('toChunkBlocks: the first kept block of each later slide opens it, the first slide does not', () => {
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: 'One', slide: 1 },
    { kind: 'paragraph', text: 'Text.', slide: 1 },
    { kind: 'code', text: '   ', slide: 2 },
    { kind: 'paragraph', text: 'Two.', slide: 2 },
    { kind: 'paragraph', text: 'More.', slide: 2 },
    { kind: 'paragraph', text: 'Three.', slide: 3 },
  ];
  assert.deepEqual(
    toChunkBlocks(blocks).map((b: Block) => Boolean(b.slideStart)),
    [false, false, true, false, true],
  );
});

test('the rule is what keeps them apart: the same blocks without their slides give chunks across pages', () => {
  const blocks = [1, 2, 3, 4]
    .flatMap((k) => slide(k, 10, 80, { title: false, period: true }))
    .map(({ slide: _s, ...b }) => b);
  const chunks = splitIntoChunks(toChunkBlocks(blocks));
  assert.ok(chunks.some((c) => c.pageStart !== c.pageEnd));
});

test('sectionMarks: in a deck a chunk is labelled with the title of the slide it starts on, or none', () => {
  const h = (at: number, label: string) => ({ at, label });
  const cases: [string, { at: number; label: string }[], number[], { at: number; label: string }[]][] = [
    ['no slides: the headings as they are', [h(0, 'A'), h(50, 'B')], [], [h(0, 'A'), h(50, 'B')]],
    [
      'a slide without a title clears the label; the next titled slide sets its own',
      [h(0, 'Title page'), h(200, 'Second')],
      [100, 200],
      [h(0, 'Title page'), h(0, 'Title page'), h(100, ''), h(200, 'Second'), h(200, 'Second')],
    ],
    [
      "a title below the slide's first line labels the slide from its start",
      [h(130, 'Frame')],
      [100],
      [h(0, ''), h(100, 'Frame'), h(130, 'Frame')],
    ],
  ];
  for (const [name, headings, starts, want] of cases)
    assert.deepEqual(sectionMarks(headings, new Set(starts)), want, name);
});

test('sectionMarks: a slide without a title takes the label given for it, a titled slide its own', () => {
  const h = (at: number, label: string) => ({ at, label });
  const untitled = new Map([
    [100, 'Section'],
    [200, 'Section'],
  ]);
  assert.deepEqual(sectionMarks([h(0, 'Section'), h(200, 'Frame')], new Set([100, 200]), untitled), [
    h(0, 'Section'),
    h(0, 'Section'),
    h(100, 'Section'),
    h(200, 'Frame'),
    h(200, 'Frame'),
  ]);
});

test("slides: a chunk that starts on an untitled slide carries the slide's section label when one is given", () => {
  const untitled = slide(2, 6, 150, { title: false }).map((b) => ({ ...b, slideLabel: 'Slide 1 title' }));
  const blocks = [...slide(1, 6, 150), ...untitled, ...slide(3, 6, 150)];
  assert.deepEqual(
    splitIntoChunks(toChunkBlocks(blocks)).map((c) => [c.pageStart, c.section]),
    [
      [1, 'Slide 1 title'],
      [2, 'Slide 1 title'],
      [3, 'Slide 3 title'],
    ],
  );
});

test("slides: a chunk that starts on an untitled slide carries no earlier slide's title", () => {
  const blocks = [...slide(1, 6, 150), ...slide(2, 6, 150, { title: false }), ...slide(3, 6, 150)];
  const chunks = splitIntoChunks(toChunkBlocks(blocks));
  assert.deepEqual(
    chunks.map((c) => [c.pageStart, c.section]),
    [
      [1, 'Slide 1 title'],
      [2, ''],
      [3, 'Slide 3 title'],
    ],
  );
});

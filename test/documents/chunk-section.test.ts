// Which heading labels a chunk (src/documents/chunk-section.ts): heading levels from the format or
// the numbering, the section tree, and the section that holds most of a chunk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chunkSection,
  headingLevels,
  namingHeading,
  numberingLevel,
  recurringTitles,
  sectionTree,
  type PlacedHeading,
} from '../../src/documents/chunk-section.ts';
import { splitIntoChunks, type Block } from '../../src/documents/chunker.ts';

const levels: [name: string, text: string, want: number | undefined][] = [
  ['arabic, three numbers', '2.9.5 glp_ipt_row_prim - retrieve row primal value', 3],
  ['arabic, one number', '3 Getting started', 1],
  ['arabic with a final period', '4.2. Elemente in mathematischen Formeln', 2],
  ['a lettered appendix section', 'A.1 Options', 2],
  ['a lettered appendix with a period', 'B. Liste der mathematischen Symbole', 1],
  ['a bare letter reads like an article', 'A GNU Free Documentation License', undefined],
  ['Chapter N', 'Chapter 4 Tables', 1],
  ['Appendix B', 'Appendix B Configuration', 1],
  ['Kapitel 2', 'Kapitel 2', 1],
  ['Part II', 'Part II Reference', 0],
  ['no numbering', 'Interaction-related parameters', undefined],
  ['an option is not a number', '-dNOPAUSE', undefined],
  ['a year-like number of four digits is not a section number', '2024 release notes', undefined],
];
for (const [name, text, want] of levels) {
  test(`numberingLevel: ${name}`, () => assert.equal(numberingLevel(text), want));
}

const placed: [name: string, headings: PlacedHeading[], want: (number | undefined)[]][] = [
  [
    'the format level wins over the numbering',
    [
      { at: 0, text: '1 Intro', level: 2 },
      { at: 10, text: '1.1 Scope', level: 3 },
    ],
    [2, 3],
  ],
  [
    'numbering when the format has no level',
    [
      { at: 0, text: '2 Routines' },
      { at: 10, text: '2.1 glp_simplex' },
      { at: 20, text: '2.2 glp_exact' },
    ],
    [1, 2, 2],
  ],
  [
    'a heading nothing places has no level',
    [
      { at: 0, text: '2 Routines' },
      { at: 10, text: '2.1 glp_simplex' },
      { at: 20, text: 'Synopsis' },
    ],
    [1, 2, undefined],
  ],
  [
    'fewer than half of the headings placed: none counts (a lone "1 Definitions" among frame titles)',
    [
      { at: 0, text: 'Premiers pas' },
      { at: 10, text: '1 Définitions' },
      { at: 20, text: 'Modes mathématiques' },
    ],
    [undefined, undefined, undefined],
  ],
];
for (const [name, headings, want] of placed) {
  test(`headingLevels: ${name}`, () => assert.deepEqual(headingLevels(headings), want));
}

test('sectionTree: parents, section ends and the document title', () => {
  // 0: "1" (level 1), 1: "1.1", 2: "1.2", 3: "1.2.1", 4: "2"
  const tree = sectionTree([0, 100, 200, 300, 400], [1, 2, 2, 3, 1], 500);
  assert.deepEqual([...tree.parent], [-1, 0, 0, 2, -1]);
  assert.deepEqual([...tree.end], [400, 200, 400, 400, 500]);
  assert.equal(tree.title, -1, 'two top headings: no title');
  // One h1 over everything: the page's title.
  assert.equal(sectionTree([0, 100, 200], [1, 2, 2], 300).title, 0);
});

test('sectionTree: a heading without a level is a leaf inside the sections around it', () => {
  // 0: "2.9.5" (3), 1: "Synopsis" (none), 2: "2.9.6" (3)
  const tree = sectionTree([0, 100, 200], [3, undefined, 3], 300);
  assert.deepEqual([...tree.parent], [-1, -1, -1]);
  assert.deepEqual([...tree.end], [200, 200, 300]);
});

// A manual's chapter "2" and its section "2.9" of short routine entries (250 units each) after a
// long introduction, then "2.10"; another chapter "3" so that "2" is no document title.
const at = [0, 10, 1000, 1250, 1500, 1750, 2000, 3000];
const lv = [1, 2, 3, 3, 3, 3, 2, 1];
const tree = sectionTree(at, lv, 4000);
const sections: [name: string, s: number, e: number, want: number][] = [
  ['a chunk inside one section: that section', 100, 900, 1],
  ['a chunk opening with a heading whose section holds most of it: that heading', 2000, 2900, 6],
  ['short sibling entries packed into one chunk: their common parent', 1000, 1950, 1],
  ['a chunk opening with a short entry runs into the next section: the chapter holding both', 1750, 2800, 0],
  ['a chunk not opening with a heading keeps the heading in force', 1200, 2100, 2],
];
for (const [name, s, e, want] of sections) {
  test(`chunkSection: ${name}`, () => assert.equal(chunkSection(tree, s, e), want));
}

test('chunkSection: never the document title, nor a parent no level gives', () => {
  // One h1 (the page title) over h2 entries, each short: the chunk keeps its first entry.
  const page = sectionTree([0, 100, 400, 700, 1000], [1, 2, 2, 2, 2], 1300);
  assert.equal(chunkSection(page, 100, 1000), 1);
  // Headings without levels: no parent to climb to.
  const flat = sectionTree([0, 300, 600, 900], [undefined, undefined, undefined, undefined], 1200);
  assert.equal(chunkSection(flat, 0, 1100), 0);
  assert.equal(chunkSection(sectionTree([], [], 100), 0, 100), -1);
  assert.equal(chunkSection(sectionTree([500], [1], 1000), 0, 900), -1);
});

const recurring: [name: string, texts: string[], levels: number[], want: boolean[]][] = [
  [
    "Doxygen's subdivisions recur under every class",
    [
      '9.1 A Class Reference',
      '9.1.1 Detailed Description',
      '9.1.2 Member Function Documentation',
      '9.2 B Class Reference',
      '9.2.1 Detailed Description',
      '9.3 C Class Reference',
      '9.3.1 Detailed Description',
    ],
    [2, 3, 3, 2, 3, 2, 3],
    [false, true, false, false, true, false, true],
  ],
  [
    'a title repeated under one parent only does not recur (overloads)',
    ['7.1 raptor Namespace', '7.1.1 operator>>() [1/2]', '7.1.2 operator>>() [1/2]', '7.1.3 operator>>() [1/2]'],
    [2, 3, 3, 3],
    [false, false, false, false],
  ],
  ['twice is not enough', ['1 A', '1.1 Examples', '2 B', '2.1 Examples'], [1, 2, 1, 2], [false, false, false, false]],
];
for (const [name, texts, levels, want] of recurring) {
  test(`recurringTitles: ${name}`, () => {
    const tree = sectionTree(
      texts.map((_, i) => i * 10),
      levels,
      texts.length * 10,
    );
    assert.deepEqual(
      recurringTitles(
        texts.map((text, i) => ({ at: i * 10, text })),
        tree.parent,
      ),
      want,
    );
  });
}

test('namingHeading: a recurring title gives way to its nearest ancestor with a title of its own', () => {
  const parent = Int32Array.from([-1, 0, 1, -1]);
  assert.equal(namingHeading(parent, [false, true, true, true], 2), 0);
  assert.equal(namingHeading(parent, [false, false, true, false], 2), 1);
  assert.equal(namingHeading(parent, [false, false, false, true], 3), 3, 'no ancestor: itself');
  assert.equal(namingHeading(parent, [false, false, false, false], -1), -1);
});

// The rule inside the chunker: GLPK-like routine entries under their chapter.
const p = (text: string): Block => ({ text });
const hd = (text: string, level?: number): Block => ({ text, heading: text, ...(level ? { level } : {}) });
const filler = (n: number, w: string) => `${Array.from({ length: n }, (_, i) => `${w} ${i} runs here.`).join(' ')}`;

test('splitIntoChunks: a chunk of short sibling entries is labelled with their parent', () => {
  const blocks: Block[] = [
    hd('2.9 Interior-point method routines'),
    p(filler(60, 'Intro sentence')),
    hd('2.9.5 glp_ipt_row_prim'),
    p(filler(12, 'Row primal')),
    hd('2.9.6 glp_ipt_row_dual'),
    p(filler(12, 'Row dual')),
    hd('2.9.7 glp_ipt_col_prim'),
    p(filler(12, 'Col primal')),
    hd('2.9.8 glp_ipt_col_dual'),
    p(filler(12, 'Col dual')),
    hd('2.10 Other routines'),
    p(filler(60, 'Other sentence')),
  ];
  const chunks = splitIntoChunks(blocks);
  const packed = chunks.find((c) => c.content.includes('2.9.6 glp_ipt_row_dual'))!;
  assert.ok(packed.content.includes('2.9.7 glp_ipt_col_prim'), 'the entries share a chunk');
  assert.equal(packed.section, '2.9 Interior-point method routines');
});

test('splitIntoChunks: a long entry opening its chunk keeps its own label', () => {
  const blocks: Block[] = [
    hd('Options', 2),
    p(filler(10, 'Intro')),
    hd('-dBATCH', 3),
    p(filler(40, 'Batch')),
    hd('-dNOPAUSE', 3),
    p(filler(60, 'Pause')),
  ];
  const chunks = splitIntoChunks(blocks);
  const own = chunks.find((c) => c.content.startsWith('-dNOPAUSE'));
  assert.ok(own, 'the entry opens a chunk');
  assert.equal(own.section, '-dNOPAUSE');
});

import assert from 'node:assert/strict';
import test from 'node:test';
import type { DocumentBlock } from '../../../../src/documents/blocks.ts';
import {
  cutProse,
  notesAfterCutParagraphs,
  opensFloatCaption,
  opensFootnote,
  textBeforeFloatPages,
} from '../../../../src/documents/formats/pdf/footnotes.ts';

test('opensFootnote: a smaller line opening with a mark under the text', async (t) => {
  // The body at 10, \footnotesize at 8.
  const cases: [string, string, number, number, boolean][] = [
    ['a numbered footnote (covington)', '1 The package has a long history. It started off as a', 8, 10, true],
    ['a mark glued to its text', '2The package has a long history.', 8, 10, true],
    ['a symbol mark', '∗ Supported by a grant of the foundation.', 8, 10, true],
    ['a dagger', '† Present address: Department of Linguistics.', 8, 10, true],
    ['no mark: a caption or a wrapped line', 'The package has a long history.', 8, 10, false],
    ['at the size of the line above: the footnote area goes on', '2 Another note.', 8, 8, false],
    ["a references entry's wrapped date (covington)", '10, 2010. https://ctan.org/pkg/drs.', 8, 10, false],
    ["a references entry's wrapped year", '2017. https://ctan.org/pkg/leipzig.', 8, 10, false],
    ['a number and a dash', '3–5 of the examples.', 8, 10, false],
    ["a sum's limits under its sign (mathsemantics)", '1≤𝑖 ≤ 𝑗 ≤𝑛', 8, 10, false],
    ['a quoted note', '4 “Real men use Unix.”', 8, 10, true],
    ['at the body size: a numbered line of the text', '1 The package has a long history.', 10, 10, false],
  ];
  for (const [name, text, size, aboveSize, want] of cases)
    await t.test(name, () => assert.equal(opensFootnote(text, size, aboveSize, 10), want));
});

test('notesAfterCutParagraphs: a paragraph the page foot cut, read whole, its notes after it', async (t) => {
  const para = (text: string, page: number, extra: Partial<DocumentBlock> = {}): DocumentBlock => ({
    kind: 'paragraph',
    text,
    page,
    ...extra,
  });
  // Each case: blocks (n = a note), then the texts and pages that come out, with the turns of the first.
  type Case = [string, [DocumentBlock, boolean][], string[], DocumentBlock['pageTurns']?];
  const cases: Case[] = [
    [
      'cut by a note: joined, the note after, a turn where the second half starts',
      [
        [para('the result can be seen on the', 18), false],
        [para('2 What you see is what you get.', 18), true],
        [para('screen after running LaTeX.', 19), false],
      ],
      ['the result can be seen on the screen after running LaTeX.', '2 What you see is what you get.'],
      [{ after: 23, page: 19 }],
    ],
    [
      'two blocks in a note type (a note run on, then a note)',
      [
        [para('it is read by', 4), false],
        [para('that is why.', 4), true],
        [para('3 A note.', 4), true],
        [para('every reader.', 5), false],
      ],
      ['it is read by every reader.', 'that is why.', '3 A note.'],
    ],
    [
      'a small line without a mark alone at the foot (a copyright line): as it was',
      [
        [para('declared for a', 4), false],
        [para('LaTeX News is brought to you by the team.', 4), true],
        [para('font family with a declaration.', 5), false],
      ],
      ['declared for a', 'LaTeX News is brought to you by the team.', 'font family with a declaration.'],
    ],
    [
      'the paragraph ends a sentence: as it was',
      [
        [para('It ends here.', 4), false],
        [para('1 A note.', 4), true],
        [para('then text', 5), false],
      ],
      ['It ends here.', '1 A note.', 'then text'],
    ],
    [
      'the next page opens in capitals: as it was',
      [
        [para('a list of', 4), false],
        [para('1 A note.', 4), true],
        [para('Chapter text', 5), false],
      ],
      ['a list of', '1 A note.', 'Chapter text'],
    ],
    [
      'no note between: as it was (the reader joins such a turn itself)',
      [
        [para('a list of', 4), false],
        [para('things', 6), false],
      ],
      ['a list of', 'things'],
    ],
    [
      'the continuation two pages on: as it was',
      [
        [para('a list of', 4), false],
        [para('1 A note.', 4), true],
        [para('things', 6), false],
      ],
      ['a list of', '1 A note.', 'things'],
    ],
    [
      'a heading after the notes: as it was',
      [
        [para('a list of', 4), false],
        [para('1 A note.', 4), true],
        [{ kind: 'heading', text: 'results', page: 5 }, false],
      ],
      ['a list of', '1 A note.', 'results'],
    ],
    [
      'the turn counted after the first half and its own turns: a paragraph over three pages',
      [
        [para('one two three four', 7, { pageTurns: [{ after: 3, page: 8 }] }), false],
        [para('5 A note.', 8), true],
        [para('five six', 9, { pageTurns: [{ after: 4, page: 10 }] }), false],
      ],
      ['one two three four five six', '5 A note.'],
      [
        { after: 3, page: 8 },
        { after: 15, page: 9 },
        { after: 19, page: 10 },
      ],
    ],
  ];
  for (const [name, input, want, turns] of cases)
    await t.test(name, () => {
      const blocks = input.map(([b]) => b);
      const notes = new Set(input.filter(([, n]) => n).map(([b]) => b));
      const marked = new Set([...notes].filter((b) => /^\d/.test(b.text)));
      const out = notesAfterCutParagraphs(blocks, notes, marked);
      assert.deepEqual(
        out.map((b) => b.text),
        want,
      );
      if (turns) assert.deepEqual(out[0]!.pageTurns, turns);
    });
  await t.test(
    'a note under a note run on, not marked (its line above as small), opening with its mark: joined',
    () => {
      const a = para('pode ser pré-visualizado no', 18);
      const run = para('que a forma mais correcta de pronunciar é ouvida na Grécia.', 18);
      const n = para('2 What you see is what you get.', 18);
      const b = para('ecrã depois de processar o ficheiro.', 19);
      assert.deepEqual(
        notesAfterCutParagraphs([a, run, n, b], new Set([run, n]), new Set()).map((x) => x.text),
        [
          'pode ser pré-visualizado no ecrã depois de processar o ficheiro.',
          'que a forma mais correcta de pronunciar é ouvida na Grécia.',
          '2 What you see is what you get.',
        ],
      );
      // No block opening with a mark: as it was.
      assert.equal(notesAfterCutParagraphs([a, run, b], new Set([run]), new Set()).length, 3);
    },
  );
  await t.test('a line of code (kept) is never joined', () => {
    const a = para('x = f(a,', 3);
    const n = para('1 A note.', 3);
    const b = para('b)', 4);
    assert.deepEqual(
      notesAfterCutParagraphs([a, n, b], new Set([n]), new Set([n]), new Set([a])).map((x) => x.text),
      ['x = f(a,', '1 A note.', 'b)'],
    );
  });
});

test("opensFloatCaption: a float's label and number, then a colon, a full stop or a dash", () => {
  const cases: [string, boolean][] = [
    ['Figure 2.1: Maxima-mode', true],
    ['Table 3. Options of the command', true],
    ['Fig. 4: The loop', true],
    ['Abbildung 4 – Aufbau', true],
    ['Tableau II. Les options', true],
    ['Listing 2: hello.c', true],
    ['Figure 2 shows the result of the', false],
    ['Table 3 lists the options', false],
    ['Figures are numbered by chapter.', false],
    ['the figure 2: no, a caption opens its line', false],
  ];
  for (const [text, want] of cases) assert.equal(opensFloatCaption(text), want, text);
});

test("notesAfterCutParagraphs: a float's caption between the halves of a paragraph", async (t) => {
  const para = (text: string, page: number): DocumentBlock => ({ kind: 'paragraph', text, page });
  const cases: [string, DocumentBlock[], string[]][] = [
    [
      'at the foot of the page: joined, the caption after',
      [
        para('If an argument is given to a command to send information to Maxima, the', 13),
        para('Figure 2.1: Maxima-mode', 13),
        para('region will be checked.', 14),
      ],
      [
        'If an argument is given to a command to send information to Maxima, the region will be checked.',
        'Figure 2.1: Maxima-mode',
      ],
    ],
    [
      'at the top of the next page',
      [
        para('If an argument is given to a command to send information to Maxima, the', 13),
        para('Figure 2.1: Maxima-mode', 14),
        para('region will be checked.', 14),
      ],
      [
        'If an argument is given to a command to send information to Maxima, the region will be checked.',
        'Figure 2.1: Maxima-mode',
      ],
    ],
    [
      'alone on a float page between the halves',
      [
        para('If an argument is given to a command to send information to Maxima, the', 13),
        para('Figure 2.1: Maxima-mode', 14),
        para('region will be checked.', 15),
      ],
      [
        'If an argument is given to a command to send information to Maxima, the region will be checked.',
        'Figure 2.1: Maxima-mode',
      ],
    ],
    [
      'a page between with no caption: as it was',
      [
        para('If an argument is given to a command to send information to Maxima, the', 13),
        para('Figure 2.1: Maxima-mode', 13),
        para('region will be checked.', 15),
      ],
      [
        'If an argument is given to a command to send information to Maxima, the',
        'Figure 2.1: Maxima-mode',
        'region will be checked.',
      ],
    ],
    [
      "a diagram's labels over the caption: as it was",
      [para('Device Values Device Values', 13), para('Figure 2: Flow of data', 13), para('specifies the method.', 14)],
      ['Device Values Device Values', 'Figure 2: Flow of data', 'specifies the method.'],
    ],
    [
      'the paragraph ends a sentence: as it was',
      [para('It ends here.', 13), para('Figure 2.1: Maxima-mode', 13), para('region will be checked.', 14)],
      ['It ends here.', 'Figure 2.1: Maxima-mode', 'region will be checked.'],
    ],
  ];
  for (const [name, blocks, want] of cases)
    await t.test(name, () => {
      const captions = new Set(blocks.filter((b) => opensFloatCaption(b.text)));
      assert.deepEqual(
        notesAfterCutParagraphs(blocks, new Set(), new Set(), new Set(), captions).map((b) => b.text),
        want,
      );
    });
});

test('cutProse: a paragraph a float cut inside a sentence', () => {
  const cases: [string, boolean][] = [
    ['If an argument is given to a command to send information to Maxima, the', true],
    ['the installer of the network fetches the packages it needs from the mirror, and', true],
    ['Device Values Device Values', false],
    ['g \\curlyvee f \\curlywedge h \\leftthreetimes k \\rightthreetimes m \\gtrdot', false],
    ['If an argument is given to a command to send information to Maxima.', false],
    ['If an argument is given to a command to send information to Maxima', false],
    ['too short to be a sentence of', false],
  ];
  for (const [text, want] of cases) assert.equal(cutProse(text), want, text);
});

test('textBeforeFloatPages: the text a float page cut, before the float', async (t) => {
  const para = (text: string, page: number): DocumentBlock => ({ kind: 'paragraph', text, page });
  const prose = 'If an argument is given to a command to send information to Maxima, the';
  const term = '-dVectorKPreserve = 0 / 1 / 2';
  const cases: [string, DocumentBlock[], string[]][] = [
    [
      "a term, a float page of a diagram's labels and its caption, the term's description",
      [
        para(term, 13),
        para('Source Colors', 14),
        para('Device Values', 14),
        para('Figure 2: Flow of data', 14),
        para('specifies the black preserving method.', 15),
      ],
      [term, 'specifies the black preserving method.', 'Source Colors', 'Device Values', 'Figure 2: Flow of data'],
    ],
    [
      'prose cut by a float page with labels: joined',
      [para(prose, 13), para('Emacs', 14), para('Figure 2.1: Maxima-mode', 14), para('region is checked.', 15)],
      [`${prose} region is checked.`, 'Emacs', 'Figure 2.1: Maxima-mode'],
    ],
    [
      'two float pages',
      [para(term, 13), para('Figure 2: A', 14), para('Figure 3: B', 15), para('specifies it.', 16)],
      [term, 'specifies it.', 'Figure 2: A', 'Figure 3: B'],
    ],
    [
      'the page between has no caption (text of its own): as it was',
      [para(term, 13), para('Source Colors', 14), para('specifies it.', 15)],
      [term, 'Source Colors', 'specifies it.'],
    ],
    [
      'a float page with a sentence of text on it: as it was',
      [para(term, 13), para('Figure 2: A', 14), para('The method is set here.', 14), para('specifies it.', 15)],
      [term, 'Figure 2: A', 'The method is set here.', 'specifies it.'],
    ],
    [
      "the float on the paragraph's own page: as it was",
      [para(term, 13), para('Figure 2: A', 13), para('specifies it.', 14)],
      [term, 'Figure 2: A', 'specifies it.'],
    ],
    [
      'the next page opens a sentence: as it was',
      [para(term, 13), para('Figure 2: A', 14), para('Sets it.', 15)],
      [term, 'Figure 2: A', 'Sets it.'],
    ],
    [
      'the paragraph ends a sentence: as it was',
      [para('It ends here.', 13), para('Figure 2: A', 14), para('specifies it.', 15)],
      ['It ends here.', 'Figure 2: A', 'specifies it.'],
    ],
    [
      'a heading on the float page: as it was',
      [
        para(term, 13),
        { kind: 'heading', text: 'Colour', page: 14 },
        para('Figure 2: A', 14),
        para('specifies it.', 15),
      ],
      [term, 'Colour', 'Figure 2: A', 'specifies it.'],
    ],
  ];
  for (const [name, blocks, want] of cases)
    await t.test(name, () => {
      const captions = new Set(blocks.filter((b) => opensFloatCaption(b.text)));
      assert.deepEqual(
        textBeforeFloatPages(blocks, captions).map((b) => b.text),
        want,
      );
    });
});

// overlaySteps (src/documents/formats/pdf/overlays.ts): pages that a slide's next step repeats whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { overlaySteps } from '../../../../src/documents/formats/pdf/overlays.ts';

test('overlaySteps', async (t) => {
  const cases: [string, string[], boolean[]][] = [
    [
      'a slide in three steps: the first two are steps',
      ['Formats • plain TeX', 'Formats • plain TeX • LaTeX', 'Formats • plain TeX • LaTeX • ConTeXt'],
      [true, true, false],
    ],
    [
      'a step revealed in the middle of the slide',
      ['Title first point last point', 'Title first point middle point last point'],
      [true, false],
    ],
    ['two different slides', ['Installing TeX Live on Linux', 'Installing MiKTeX on Windows'], [false, false]],
    [
      'the same page twice (a step that reveals a picture): read once',
      ['Same slide text here', 'Same slide text here', 'Same slide text here'],
      [true, true, false],
    ],
    ['a page of two words is not judged', ['Thank you', 'Thank you for listening'], [false, false]],
    ['an empty page (a picture) is no step', ['', 'Some text on the next page'], [false, false]],
    [
      'book pages: the next page does not repeat this one',
      ['The shell reads its input from a file.', 'Then it breaks the input into words and operators.'],
      [false, false],
    ],
    ['the last page never is', ['Only page with words'], [false]],
    [
      "a part's title page over a chapter that repeats its words is no step",
      [
        'Part II Reference',
        'Chapter 5 The reference of every command. Part II of this manual is the Reference: each command in turn, with its options, its exit status and examples of use for the reader.',
      ],
      [false, false],
    ],
  ];
  for (const [name, pages, want] of cases) await t.test(name, () => assert.deepEqual(overlaySteps(pages), want));
});

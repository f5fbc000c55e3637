// overlaySteps and stepText (src/documents/formats/pdf/overlays.ts): pages that a slide's next step
// repeats whole, judged before the furniture is removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { overlaySteps, stepText } from '../../../../src/documents/formats/pdf/overlays.ts';
import { removeFurniture } from '../../../../src/documents/formats/pdf/furniture.ts';
import type { PageText, TextLine } from '../../../../src/documents/formats/pdf/types.ts';

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
      'the same running head over pages of their own: the first words agree, the rest does not',
      ['GNU Bash manual: the shell reads its input', 'GNU Bash manual: then it breaks the input into words'],
      [false, false],
    ],
    [
      'the same first words, the next page shorter: no step',
      ['Title first point second point third point', 'Title first point'],
      [false, false],
    ],
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

// The definition, without the quick noes overlaySteps takes before it splits a page into words.
function stepsByDefinition(pages: readonly string[]): boolean[] {
  const words = pages.map((p) => p.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return words.map((w, i) => {
    const next = words[i + 1];
    if (!next || w.length < 3 || next.length < 3 || w.slice(0, 3).join(' ') !== next.slice(0, 3).join(' '))
      return false;
    if (next.length < w.length || next.length > w.length * 4) return false;
    let j = 0;
    for (const x of next) if (x === w[j]) j++;
    return j >= w.length;
  });
}

test('overlaySteps answers as its definition on random decks and books', () => {
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const vocabulary = 'the a shell reads input words slide title point ab abc é Über 42 x-y item'.split(' ');
  let steps = 0;
  for (let round = 0; round < 400; round++) {
    const header = Array.from({ length: rand(8) }, () => vocabulary[rand(vocabulary.length)]!).join(' ');
    const pages: string[] = [];
    let page = `${header} ${Array.from({ length: 1 + rand(20) }, () => vocabulary[rand(vocabulary.length)]!).join(' ')}`;
    for (let p = 0; p < 6; p++) {
      pages.push(page);
      const words = page.split(' ');
      // A step (words added inside or at the end), the same page again, or a page of its own.
      const how = rand(3);
      if (how === 0) words.splice(rand(words.length + 1), 0, vocabulary[rand(vocabulary.length)]!);
      page =
        how === 2
          ? `${header} ${vocabulary[rand(vocabulary.length)]} ${vocabulary[rand(vocabulary.length)]}`
          : words.join(' ');
    }
    const want = stepsByDefinition(pages);
    steps += want.filter(Boolean).length;
    assert.deepEqual(overlaySteps(pages), want, JSON.stringify(pages));
  }
  // The table drew steps and pages of their own both.
  assert.ok(steps > 200, `${steps} steps`);
});

const ln = (text: string, y: number, size = 11): TextLine => ({
  text,
  x: 20,
  xEnd: 20 + text.length * 5,
  y,
  size,
  font: size > 11 ? 'F2' : 'F1',
  mono: false,
});

test('stepText', async (t) => {
  const cases: [string, TextLine[], string][] = [
    [
      "a beamer footline's page count is left out, the rest of the footline kept",
      [ln('Links', 250, 14), ln('TeX Users Group', 200), ln('Campani O Preparador 2011 4/188', 5, 6)],
      'Links TeX Users Group Campani O Preparador 2011',
    ],
    ['a bare page number is left out', [ln('Listes', 250, 14), ln('Un point', 200), ln('36', 5, 6)], 'Listes Un point'],
    [
      'a number ending a line inside the slide stays',
      [
        ln('Versions', 250, 14),
        ln('Top line', 230),
        ln('Another', 220),
        ln('TeX version 3', 150),
        ln('More', 100),
        ln('Low', 60),
        ln('Lowest', 40),
      ],
      'Versions Top line Another TeX version 3 More Low Lowest',
    ],
  ];
  for (const [name, lines, want] of cases) await t.test(name, () => assert.equal(stepText(lines), want));
});

/** A frame shown in `n` steps, one more point each, with beamer's footline (page N of 30). */
function frameSteps(n: number, first: number): PageText[] {
  return Array.from({ length: n }, (_, k) => ({
    number: first + k,
    width: 364,
    height: 273,
    lines: [
      ln('Programs needed', 250, 14),
      ...Array.from({ length: k + 1 }, (_, j) => ln(`point number ${j + 1} of the frame`, 220 - j * 14)),
      ln(`Campani&Beccari O Preparador de Documentos 2011 ${first + k}/30`, 5, 6),
    ],
  }));
}

test('a frame in five steps: read once, at its last step, its first points kept by the furniture rule', () => {
  const others = Array.from({ length: 25 }, (_, i) => ({
    number: i + 6,
    width: 364,
    height: 273,
    lines: [
      ln(`Slide ${i + 6} title`, 250, 14),
      ln(`Text of slide ${i + 6}`, 200),
      ln(`Campani&Beccari O Preparador de Documentos 2011 ${i + 6}/30`, 5, 6),
    ],
  }));
  const pages = [...frameSteps(5, 1), ...others];
  const steps = overlaySteps(pages.map((p) => stepText(p.lines)));
  assert.deepEqual(steps.slice(0, 6), [true, true, true, true, false, false]);
  pages.forEach((p, i) => {
    if (steps[i]) p.lines = [];
  });
  removeFurniture(pages);
  assert.deepEqual(
    pages[4]!.lines.map((l) => l.text),
    ['Programs needed', ...[1, 2, 3, 4, 5].map((j) => `point number ${j} of the frame`)],
  );
});

test('why steps go first: the furniture rule alone takes the points the steps repeat for running lines', () => {
  // Points at the top of a slide without a title line above them: nothing of the slide's own text
  // stands between them and the edge (under a title, the furniture rule keeps them: insideText).
  const pages = frameSteps(5, 1).map((p) => ({ ...p, lines: p.lines.filter((l) => l.text !== 'Programs needed') }));
  for (let i = 6; i <= 30; i++)
    pages.push({ number: i, width: 364, height: 273, lines: [ln(`Slide ${i}`, 250, 14), ln(`Text ${i}`, 200)] });
  removeFurniture(pages);
  assert.ok(!pages[4]!.lines.some((l) => l.text === 'point number 1 of the frame'));
});

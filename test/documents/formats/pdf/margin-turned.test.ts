// Text turned a quarter in a side margin of an upright page (src/documents/formats/pdf/margin-turned.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { turnedInMargin } from '../../../../src/documents/formats/pdf/margin-turned.ts';

const it = (str: string, x: number, width = str.length * 5, size = 10) => ({ str, x, width, size });

test('turnedInMargin: which turned items stand beside the upright text', async (t) => {
  // An upright text block from x 99 to 561 (two lines), then turned runs.
  const block = [
    it('The third horizontal alternative only has singular elements.', 99, 462),
    it('texts are put above.', 99, 100),
  ];
  const cases: [name: string, items: ReturnType<typeof it>[], turns: number[], want: string[]][] = [
    [
      // ConTeXt's side head, run up the outer margin: its glyphs stand left of their baseline at x.
      'a side head turned counter-clockwise right of the text',
      [...block, it('ConT', 584.8, 41.6, 15.8), it('E', 588.9, 9.8, 15.8), it('Xt XML', 584.8, 65.8, 15.8)],
      [0, 0, 1, 1, 1],
      ['ConT', 'E', 'Xt XML'],
    ],
    [
      "a repository's stamp turned counter-clockwise left of the text",
      [...block, it('arXiv:2101.00001v1 [cs.CL] 1 Jan 2021', 40, 180, 20)],
      [0, 0, 1],
      ['arXiv:2101.00001v1 [cs.CL] 1 Jan 2021'],
    ],
    [
      // Turned clockwise, the glyphs stand right of the baseline: at 92 they reach into the text.
      'turned clockwise, reaching into the text: kept',
      [...block, it('Stamp', 92, 30, 10)],
      [0, 0, 3],
      [],
    ],
    ['turned clockwise, wholly in the left margin', [...block, it('Stamp', 80, 30, 10)], [0, 0, 3], ['Stamp']],
    [
      // A figure's axis label set sideways stands among the text, not beside it.
      "an axis label turned inside the text's edges: kept",
      [...block, it('Accuracy (%)', 140, 60, 8)],
      [0, 0, 1],
      [],
    ],
    ['a page of turned text alone (no upright text): nothing', [it('ConT', 584.8, 41.6, 15.8)], [1], []],
    ['no turned text: nothing', block, [0, 0], []],
    ['upside down text is no side head', [...block, it('Folded', 600, 30, 10)], [0, 0, 2], []],
  ];
  for (const [name, items, turns, want] of cases)
    await t.test(name, () =>
      assert.deepEqual(
        [...turnedInMargin(items, turns)].map((i) => i.str),
        want,
      ),
    );
});

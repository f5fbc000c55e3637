// Words misread by their setting: the TeX logo's lowered E, an `f` read `£` (src/documents/ocr/logos.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrLine, OcrWord } from '../../../src/documents/ocr/engine.ts';
import { lowestInkRow, withPoundF, withTexLogos } from '../../../src/documents/ocr/logos.ts';
import { lineOf, set } from './helpers/ocr-lines.ts';

// The line `TX will find the first argument` as read on mixed-latex-usrguide's scanned p. 4
// (cmr10 at 200 dpi): the logo's T boxed [348, 365], its X [363, 397] (the lowered E inside the
// X's box), the baseline at row 616, the row 26 px, the E's ink down to row 622.
const word = (text: string, boxes: [number, number][], x0: number): OcrWord => ({
  text,
  bbox: { x0, y0: 597, x1: boxes.at(-1)![1], y1: 622 },
  symbols: [...text].map((ch, i) => ({ text: ch, bbox: { x0: boxes[i]![0], y0: 597, x1: boxes[i]![1], y1: 616 } })),
});
const scanned = (logo: OcrWord): OcrLine => ({
  text: `${logo.text} will find\n`,
  confidence: 91,
  bbox: { x0: 348, y0: 596, x1: 600, y1: 622 },
  baseline: { x0: 348, y0: 616, x1: 600, y1: 616 },
  rowAttributes: { ascenders: 8, descenders: -6, rowHeight: 26 },
  words: [
    logo,
    word(
      'will',
      [
        [420, 430],
        [431, 436],
        [437, 442],
        [443, 448],
      ],
      420,
    ),
    word(
      'find',
      [
        [460, 466],
        [467, 470],
        [471, 480],
        [481, 490],
      ],
      460,
    ),
  ],
});
const TX = word(
  'TX',
  [
    [348, 365],
    [363, 397],
  ],
  348,
);

describe('withTexLogos: a T and an X with ink under the baseline between them are the TeX logo', () => {
  const cases: { name: string; logo: OcrWord; low: number | undefined; text: string }[] = [
    { name: 'TX, the E lowered 6 px (p. 4)', logo: TX, low: 622, text: 'TEX will find' },
    {
      name: 'TRX, the E read R',
      logo: word(
        'TRX',
        [
          [539, 561],
          [559, 609],
          [592, 607],
        ],
        539,
      ),
      low: 621,
      text: 'TEX will find',
    },
    {
      name: 'TX, followed by a comma',
      logo: word(
        'TX,',
        [
          [348, 365],
          [363, 397],
          [398, 401],
        ],
        348,
      ),
      low: 622,
      text: 'TEX, will find',
    },
    {
      name: "LATX's",
      logo: word(
        "LATX's",
        [
          [300, 310],
          [311, 318],
          [319, 333],
          [345, 360],
          [361, 363],
          [364, 372],
        ],
        300,
      ),
      low: 622,
      text: "LATEX's will find",
    },
    {
      name: '4TfX, LaTeX read with a 4',
      logo: word(
        '4TfX',
        [
          [300, 330],
          [331, 345],
          [346, 352],
          [353, 372],
        ],
        300,
      ),
      low: 622,
      text: 'LATEX will find',
    },
    {
      name: '4TEX, only the 4 misread',
      logo: word(
        '4TEX',
        [
          [300, 330],
          [331, 345],
          [346, 352],
          [353, 372],
        ],
        300,
      ),
      low: 622,
      text: 'LATEX will find',
    },
    {
      name: 'pdfTpX',
      logo: word(
        'pdfTpX',
        [
          [300, 305],
          [306, 311],
          [312, 316],
          [317, 330],
          [331, 340],
          [341, 360],
        ],
        300,
      ),
      low: 622,
      text: 'pdfTEX will find',
    },
    {
      name: '4TX on the baseline stays',
      logo: word(
        '4TX',
        [
          [300, 330],
          [331, 345],
          [346, 372],
        ],
        300,
      ),
      low: 616,
      text: '4TX will find',
    },
    { name: 'TX standing on the baseline (an abbreviation)', logo: TX, low: 616, text: 'TX will find' },
    { name: 'TX, no ink found', logo: TX, low: undefined, text: 'TX will find' },
    {
      name: 'TeX, read with its E',
      logo: word(
        'TeX',
        [
          [743, 759],
          [738, 788],
          [766, 779],
        ],
        738,
      ),
      low: 622,
      text: 'TeX will find',
    },
    {
      name: 'TAX is a word of its own',
      logo: word(
        'TAXI',
        [
          [348, 365],
          [365, 380],
          [381, 397],
          [398, 402],
        ],
        348,
      ),
      low: 622,
      text: 'TAXI will find',
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      const line = withTexLogos(scanned(c.logo), () => c.low);
      assert.equal(line.text, `${c.text}\n`);
      assert.equal(line.words![0]!.text, c.text.split(' ')[0]);
    });

  test('the symbols keep their boxes (the steps of the line unchanged), the columns asked lie between the centres of T and X', () => {
    const asked: [number, number][] = [];
    const boxes = (l: OcrLine) => l.words![0]!.symbols.map((s) => [s.text, s.bbox.x0, s.bbox.x1]);
    const line = withTexLogos(scanned(TX), (x0, x1) => {
      asked.push([x0, x1]);
      return 622;
    });
    assert.deepEqual(asked, [[357, 380]]);
    assert.deepEqual(boxes(line), [
      ['T', 348, 365],
      ['EX', 363, 397],
    ]);
    const la = withTexLogos(
      scanned(
        word(
          '4TRX',
          [
            [300, 330],
            [331, 345],
            [346, 352],
            [353, 372],
          ],
          300,
        ),
      ),
      () => 622,
    );
    assert.deepEqual(boxes(la), [
      ['LA', 300, 330],
      ['T', 331, 345],
      ['E', 346, 352],
      ['X', 353, 372],
    ]);
  });

  test('a line without a candidate word is the same object, its ink never asked', () => {
    const line = lineOf(set('Spaces are not ignored'), 100);
    assert.equal(
      withTexLogos(line, () => assert.fail('asked')),
      line,
    );
  });
});

describe('lowestInkRow: the last inked row within a box and columns', () => {
  const W = 20;
  const grey = new Uint8Array(W * 10).fill(255);
  grey[3 * W + 5] = 0;
  grey[7 * W + 12] = 90;
  grey[8 * W + 12] = 200; // light grey: paper
  const box = { x0: 0, y0: 0, x1: W, y1: 10 };
  test('the lowest ink of the columns', () => assert.equal(lowestInkRow(grey, W, box, 0, W), 7));
  test('columns left of it', () => assert.equal(lowestInkRow(grey, W, box, 0, 12), 3));
  test('rows of the box only', () => assert.equal(lowestInkRow(grey, W, { ...box, y1: 6 }, 0, W), 3));
  test('no ink', () => assert.equal(lowestInkRow(grey, W, box, 13, W), undefined));
});

describe('withPoundF: a pound sign inside a word is an f', () => {
  const cases: [string, string][] = [
    ['canvas.rect(x,0,dx,3*inch,stroke=0,£ill=1)', 'canvas.rect(x,0,dx,3*inch,stroke=0,fill=1)'],
    ['\\I£BlankTF {(arg)}', '\\IfBlankTF {(arg)}'],
    ['£rom here', 'from here'],
    ['costs £5 a month', 'costs £5 a month'],
    ['revenue £m 2024', 'revenue £m 2024'],
    ['£bn of debt', '£bn of debt'],
    ['a lone £ sign', 'a lone £ sign'],
  ];
  for (const [read, want] of cases)
    test(read, () => {
      assert.equal(withPoundF(lineOf(set(read), 100)).text, want);
    });
  test('a line without one is the same object', () => {
    const line = lineOf(set('no pound here'), 100);
    assert.equal(withPoundF(line), line);
  });
});

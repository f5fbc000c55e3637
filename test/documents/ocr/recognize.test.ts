// OCR lines become lines in PDF units; the engine's reading itself is in read-pages.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { toTextLines, type OcrLine } from '../../../src/documents/ocr/recognize.ts';

describe('toTextLines: OCR pixel boxes become lines in PDF units, y up, noise dropped', () => {
  const line = (text: string, over: Partial<OcrLine> = {}): OcrLine => ({
    text,
    confidence: 90,
    bbox: { x0: 200, y0: 100, x1: 1000, y1: 140 },
    baseline: { x0: 200, y0: 132, x1: 1000, y1: 132 },
    rowAttributes: { ascenders: 10, descenders: -8, rowHeight: 30 },
    ...over,
  });
  test('position and size from a 200 dpi render of a letter page', () => {
    const scale = 200 / 72;
    const [l] = toTextLines([line('Hello world\n')], scale, 2200);
    assert.ok(l);
    assert.equal(l.text, 'Hello world');
    assert.ok(Math.abs(l.x - 200 / scale) < 1e-9);
    assert.ok(Math.abs(l.xEnd - 1000 / scale) < 1e-9);
    assert.ok(Math.abs(l.y - (2200 - 132) / scale) < 1e-9);
    assert.equal(l.size, Math.round((((30 + 8) * 0.88) / scale) * 2) / 2);
    assert.equal(l.font, 'ocr');
    assert.equal(l.mono, false);
  });
  test("the page's origin is added", () => {
    const [l] = toTextLines([line('Offset page')], 1, 800, [10, 20]);
    assert.equal(l?.x, 210);
    assert.equal(l?.y, 20 + 800 - 132);
  });
  const dropped: [string, OcrLine][] = [
    ['punctuation and specks', line('. , ~ |')],
    ['a single letter', line('a')],
    ['a low-confidence line (a figure read as text)', line('Iil llI1 ||l', { confidence: 20 })],
    ['whitespace', line('   \n')],
  ];
  for (const [name, l] of dropped) test(`drops ${name}`, () => assert.deepEqual(toTextLines([l], 1, 800), []));
});

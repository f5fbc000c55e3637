// The OCR engine (tesseract.js-core driven in this thread): what it reads, and how it fails. Its page
// is a generated text PDF rendered as the service renders pages for OCR.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngine, type Engine } from '../../../src/documents/ocr/engine.ts';
import { languageDataFile } from '../../../src/documents/ocr/options.ts';
import { renderPage, type Rendered } from '../../../src/documents/ocr/render.ts';
import { extractPages } from '../../../src/documents/formats/pdf/text-layer.ts';
import { makePdf, textPages } from '../helpers/make-pdf.ts';

const TEXT = [
  'The committee reviewed the annual budget for the regional office and approved the travel policy.',
  'Questions about the policy go to the finance department, which answers them within a week.',
];

const eng = (): [string, string] => ['eng', languageDataFile('eng') ?? assert.fail('no eng data')];

async function rendered(): Promise<Rendered> {
  let image: Rendered | undefined;
  await extractPages(makePdf({ pages: textPages(TEXT) }), async (doc) => {
    const page = await doc.getPage(1);
    image = await renderPage(doc, page, 200 / 72);
    page.cleanup();
  });
  return image ?? assert.fail('no page rendered');
}

const words = (s: string): string[] => s.toLowerCase().match(/[a-z]+/g) ?? [];

describe('startEngine and read', () => {
  let engine: Engine;
  let page: Rendered;
  before(async () => {
    engine = await startEngine([eng()]);
    page = await rendered();
  });
  after(() => engine.end());

  test('reads a page: its lines, top to bottom, with boxes inside the image, baselines and row sizes', () => {
    const lines = engine.read(page, 3, 200);
    const read = words(lines.map((l) => l.text).join(' '));
    for (const w of words(TEXT.join(' '))) assert.ok(read.includes(w), `"${w}" read`);
    for (const [i, l] of lines.entries()) {
      assert.ok(l.text.trim() !== '', 'no empty line');
      assert.ok(l.confidence > 50 && l.confidence <= 100, `confidence ${l.confidence}`);
      const { x0, y0, x1, y1 } = l.bbox;
      assert.ok(
        x0 >= 0 && y0 >= 0 && x1 <= page.width && y1 <= page.height && x0 < x1 && y0 < y1,
        JSON.stringify(l.bbox),
      );
      assert.ok(l.baseline && l.baseline.y0 > y0 && l.baseline.y0 <= y1, 'the baseline within the line');
      assert.ok(l.rowAttributes && l.rowAttributes.rowHeight > 0 && l.rowAttributes.descenders <= 0);
      if (i > 0) assert.ok(y0 >= lines[i - 1]!.bbox.y0, 'top to bottom');
    }
  });

  test("each line's words, left to right inside its box, spelled by their characters", () => {
    const lines = engine.read(page, 3, 200);
    for (const l of lines) {
      const ws = l.words ?? [];
      assert.equal(ws.map((w) => w.text).join(' '), l.text.trim().replace(/\s+/g, ' '), 'the words make the line');
      for (const [i, w] of ws.entries()) {
        assert.equal(w.symbols.map((s) => s.text).join(''), w.text);
        assert.ok(w.bbox.x0 >= l.bbox.x0 - 1 && w.bbox.x1 <= l.bbox.x1 + 1, JSON.stringify([w.bbox, l.bbox]));
        if (i > 0) assert.ok(w.bbox.x0 > ws[i - 1]!.bbox.x0, 'left to right');
      }
    }
  });

  test('a blank page has no lines', () => {
    assert.deepEqual(engine.read({ grey: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 }, 3, 200), []);
  });

  test('one block of text (PSM 6) reads a crop of the page', () => {
    const top = page.grey.subarray(0, page.width * Math.round(page.height / 2));
    const lines = engine.read({ grey: top, width: page.width, height: Math.round(page.height / 2) }, 6, 200);
    assert.ok(words(lines.map((l) => l.text).join(' ')).includes('committee'));
  });

  test('an image it cannot take (no pixels) throws, and the engine reads the next page', () => {
    assert.throws(
      () => engine.read({ grey: new Uint8Array(0), width: 0, height: 0 }, 3, 200),
      /could not read the page image/,
    );
    assert.ok(engine.read(page, 3, 200).length > 0);
  });
});

describe('startEngine: failures', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tesseract-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('language data Tesseract cannot load: rejected with its message, not a hang', async () => {
    const file = join(dir, 'bad.traineddata');
    writeFileSync(file, 'not a model');
    await assert.rejects(startEngine([['bad', file]]), /could not load its language data/);
  });

  test('a stopped engine refuses to read', async () => {
    const engine = await startEngine([eng()]);
    engine.end();
    engine.end(); // twice: no harm
    assert.throws(() => engine.read({ grey: new Uint8Array(4).fill(255), width: 2, height: 2 }, 3, 200), /stopped/);
  });
});

// OCR of pages without a text layer: the rules as tables, then scanned PDFs made in the test
// (generated text pages rendered to JPEG and wrapped as image-only pages) through the pipeline.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  needsOcr,
  renderScale,
  toTextLines,
  textChars,
  closeOcr,
  ocrStats,
  recognize,
  isNoisy,
  median3,
  gauss3,
  strokeWidth,
  thinPrint,
  inkRegions,
  scanImage,
  renderPage,
  pageImages,
  type Box,
  type OcrLine,
  type Rendered,
} from '../../../src/documents/ocr/read-pages.ts';
import { extractPages } from '../../../src/documents/formats/pdf/text-layer.ts';
import { DEFAULT_OCR, languageDataDir, type OcrOptions } from '../../../src/documents/ocr/options.ts';
import { readDocument } from '../../../src/documents/chunk-document.ts';
import { DocumentError } from '../../../src/documents/errors.ts';
import { makePdf, textPages, type PageSpec } from '../helpers/make-pdf.ts';
import { scanPages, type ScanOptions } from '../helpers/scan.ts';

after(() => closeOcr());

describe('needsOcr: a page without a usable text layer', () => {
  const cases: [chars: number, imageShare: number, expected: boolean, why: string][] = [
    [0, 1, true, 'a scan: no text over a page-sized image'],
    [0, 0.3, true, 'a picture pasted on a third of an empty page'],
    [0, 0.2, false, 'a small figure on an otherwise empty page'],
    [0, 0, false, 'a blank page'],
    [12, 0.95, true, 'a scanner stamp or page number over a scan'],
    [39, 0.6, true, 'a few characters over a page-sized image'],
    [40, 1, false, 'a text layer of its own (an OCR-ed scan)'],
    [12, 0.5, false, 'a few characters beside a half-page figure'],
    [300, 0, false, 'a born-digital page'],
  ];
  for (const [chars, share, expected, why] of cases) {
    test(`${why}: ${chars} characters, image ${share * 100}% -> ${expected}`, () =>
      assert.equal(needsOcr(chars, share), expected));
  }
});

describe('renderScale: the scan read at its own resolution, within 150..400 dpi', () => {
  const cases: [pxPerUnit: number | undefined, dpi: number][] = [
    [undefined, 300],
    [200 / 72, 200],
    [300 / 72, 300],
    [150 / 72, 150],
    [96 / 72, 150],
    [600 / 72, 400],
    [Number.NaN, 300],
  ];
  for (const [px, dpi] of cases)
    test(`${px === undefined ? 'unknown' : Math.round(px * 72)} dpi -> ${dpi} dpi`, () =>
      assert.ok(Math.abs(renderScale(px) * 72 - dpi) < 1e-9));
});

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

test('textChars counts letters and digits only', () => {
  assert.equal(textChars([{ text: 'Ab 1, -- x', x: 0, xEnd: 1, y: 0, size: 10, font: 'f', mono: false }]), 4);
});

// ---- scanned PDFs through the pipeline ----

const SCANNED_TEXT = [
  'The committee reviewed the annual budget for the regional office and approved the travel policy for the coming year.',
  'Every employee who travels for work must keep the receipts for hotels, meals and transport, and submit them within thirty days.',
  'Questions about the policy go to the finance department, which answers them within a week.',
];
const thrice = (s: string) => [s, s, s].join(' ');
const TEXT_BEFORE = [
  '# 1 Introduction',
  thrice('This handbook explains how the office works. It is written for new staff and for managers.'),
];
const TEXT_AFTER = [
  '# 3 Contacts',
  thrice('The help desk is open on working days. It answers by telephone and by electronic mail.'),
];

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
function recall(reference: string, text: string): number {
  const have = new Map<string, number>();
  for (const w of words(text)) have.set(w, (have.get(w) ?? 0) + 1);
  const ref = words(reference);
  let hit = 0;
  for (const w of ref) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      hit++;
      have.set(w, n - 1);
    }
  }
  return hit / ref.length;
}

async function scanned(paragraphs: string[], opts: ScanOptions = {}): Promise<PageSpec[]> {
  return scanPages(makePdf({ pages: textPages(paragraphs) }), opts);
}

const ocr = (over: Partial<OcrOptions> = {}): OcrOptions => ({ ...DEFAULT_OCR, ...over });

describe('scanned pages through the pipeline', () => {
  test('a scanned page among text pages gets its words into the chunks (ocr auto)', async () => {
    const scan = await scanned(['# 2 Travel', ...SCANNED_TEXT]);
    const pdf = makePdf({ pages: [...textPages(TEXT_BEFORE), ...scan, ...textPages(TEXT_AFTER)] });
    const { chunks, ocr: report } = await readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr() });
    assert.deepEqual(report, { pages: 1, skipped: 0 });
    const text = chunks.map((c) => c.content).join('\n');
    const r = recall(SCANNED_TEXT.join(' '), text);
    assert.ok(r >= 0.95, `recall ${r}`);
    // In reading order, between the two text pages, under its own heading.
    assert.ok(text.indexOf('handbook explains') < text.indexOf('annual budget'));
    assert.ok(text.indexOf('annual budget') < text.indexOf('help desk'));
    // Its heading is a line of its own, as on a text page.
    assert.match(text, /\n2 Travel\nThe committee/);
    // Page numbers: the scanned page is page 2, and its words are cited from it.
    const withScan = chunks.filter((c) => c.content.includes('receipts'));
    assert.ok(withScan.length > 0);
    for (const c of withScan)
      assert.ok(
        c.pageStart !== undefined && c.pageEnd !== undefined && c.pageStart <= 2 && c.pageEnd >= 2,
        JSON.stringify(c),
      );
    assert.deepEqual([chunks[0]?.pageStart, chunks.at(-1)?.pageEnd], [1, 3]);
  });

  test('ocr off: the scanned page is reported as skipped, and its words are not invented', async () => {
    const scan = await scanned(SCANNED_TEXT);
    const pdf = makePdf({ pages: [...textPages(TEXT_BEFORE), ...scan] });
    const { chunks, ocr: report } = await readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr({ mode: 'off' }) });
    assert.deepEqual(report, { pages: 0, skipped: 1 });
    assert.doesNotMatch(chunks.map((c) => c.content).join('\n'), /budget/);
  });

  test('ocr off: a fully scanned PDF keeps the 422 "No text could be extracted"', async () => {
    const pdf = makePdf({ pages: await scanned(SCANNED_TEXT) });
    await assert.rejects(readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr({ mode: 'off' }) }), (err: unknown) => {
      assert.ok(err instanceof DocumentError);
      assert.equal(err.status, 422);
      assert.equal(err.message, 'No text could be extracted from the PDF.');
      return true;
    });
  });

  test('more pages to read than OCR_MAX_PAGES: 422 naming the count and the limit, before any OCR work', async () => {
    const scan = await scanned(SCANNED_TEXT);
    const pdf = makePdf({ pages: [...scan, ...scan, ...scan] });
    const before = ocrStats.pagesRead;
    await assert.rejects(readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr({ maxPages: 2 }) }), (err: unknown) => {
      assert.ok(err instanceof DocumentError);
      assert.equal(err.status, 422);
      assert.equal(err.code, 'ocr_limit');
      assert.match(err.message, /3 pages without a text layer/);
      assert.match(err.message, /limit of 2 pages \(OCR_MAX_PAGES\)/);
      return true;
    });
    assert.equal(ocrStats.pagesRead, before, 'no page was read');
  });

  test('pages with a few characters and no image are looked at one by one and left alone; OCR starts with the first page read', async () => {
    const few = textPages(['Page 2']);
    let started = 0;
    const before = ocrStats.pagesRead;
    const plain = await readDocument(
      { format: 'pdf', bytes: makePdf({ pages: [...textPages(TEXT_BEFORE), ...few] }) },
      {
        ocr: ocr(),
        onOcrStart: () => started++,
      },
    );
    assert.deepEqual(plain.ocr, { pages: 0, skipped: 0 });
    assert.equal(started, 0, 'no OCR started: the OCR time bound never applies');
    assert.equal(ocrStats.pagesRead, before);
    const mixed = await readDocument(
      { format: 'pdf', bytes: makePdf({ pages: [...few, ...(await scanned(SCANNED_TEXT)), ...few] }) },
      {
        ocr: ocr(),
        onOcrStart: () => started++,
      },
    );
    assert.deepEqual(mixed.ocr, { pages: 1, skipped: 0 });
    assert.equal(started, 1);
    assert.equal(ocrStats.pagesRead, before + 1);
  });

  test('more pages that may need OCR than OCR_MAX_PAGES but few enough that do: decided up front, then read', async () => {
    const pdf = makePdf({
      pages: [...textPages(['Page 1']), ...(await scanned(SCANNED_TEXT)), ...textPages(['Page 3'])],
    });
    const { chunks, ocr: report } = await readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr({ maxPages: 1 }) });
    assert.deepEqual(report, { pages: 1, skipped: 0 });
    assert.ok(recall(SCANNED_TEXT.join(' '), chunks.map((c) => c.content).join('\n')) >= 0.95);
  });

  test('the OCR time bound gives a 422 timeout', async () => {
    const scan = await scanned(SCANNED_TEXT);
    const pdf = makePdf({ pages: [...scan, ...scan] });
    await assert.rejects(
      readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr({ timeoutMs: 1 }) }),
      (err: unknown) => {
        assert.ok(err instanceof DocumentError);
        assert.equal(err.code, 'timeout');
        assert.equal(err.status, 422);
        assert.match(err.message, /OCR of the PDF took longer than/);
        return true;
      },
    );
  });

  test('ocr force over OCR_MAX_PAGES: 422 counting every page, before any OCR work', async () => {
    const before = ocrStats.pagesRead;
    const pdf = makePdf({ pages: [...textPages(TEXT_BEFORE), ...textPages(TEXT_AFTER)] });
    await assert.rejects(
      readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr({ mode: 'force', maxPages: 1 }) }),
      (err: unknown) => {
        assert.ok(err instanceof DocumentError);
        assert.equal(err.code, 'ocr_limit');
        assert.match(err.message, /\b2 pages\b/);
        return true;
      },
    );
    assert.equal(ocrStats.pagesRead, before, 'no page was read');
  });

  test('ocr force reads a born-digital page too, and its words come out', async () => {
    const pdf = makePdf({ pages: textPages(SCANNED_TEXT) });
    const { chunks, ocr: report } = await readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr({ mode: 'force' }) });
    assert.deepEqual(report, { pages: 1, skipped: 0 });
    const r = recall(SCANNED_TEXT.join(' '), chunks.map((c) => c.content).join('\n'));
    assert.ok(r >= 0.95, `recall ${r}`);
  });

  test('the engine is stopped after engineIdleMs without a page to read; the next scan starts a new one', async () => {
    const pdf = makePdf({ pages: await scanned(SCANNED_TEXT) });
    await readDocument({ format: 'pdf', bytes: pdf.slice() }, { ocr: ocr() });
    const started = ocrStats.enginesStarted;
    // Within the idle time: the same engine.
    await readDocument({ format: 'pdf', bytes: pdf.slice() }, { ocr: ocr({ engineIdleMs: 50 }) });
    assert.equal(ocrStats.enginesStarted, started);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { chunks } = await readDocument({ format: 'pdf', bytes: pdf.slice() }, { ocr: ocr() });
    assert.equal(ocrStats.enginesStarted, started + 1, 'a new engine after the idle time');
    assert.ok(recall(SCANNED_TEXT.join(' '), chunks.map((c) => c.content).join('\n')) >= 0.95);
  });

  test('an engine that failed on a page is stopped; the next page starts a new one and reads', async () => {
    const pdf = makePdf({ pages: await scanned(SCANNED_TEXT) });
    await readDocument({ format: 'pdf', bytes: pdf.slice() }, { ocr: ocr() });
    const started = ocrStats.enginesStarted;
    // An image Tesseract cannot take: no pixels at all.
    await assert.rejects(
      recognize({ grey: new Uint8Array(0), width: 0, height: 0, scale: 200 / 72 }, ['eng']),
      /could not read the page image/,
    );
    const { chunks } = await readDocument({ format: 'pdf', bytes: pdf.slice() }, { ocr: ocr() });
    assert.equal(ocrStats.enginesStarted, started + 1, 'a new engine after the failure');
    assert.ok(recall(SCANNED_TEXT.join(' '), chunks.map((c) => c.content).join('\n')) >= 0.95);
  });

  test('a born-digital PDF takes no OCR in auto mode', async () => {
    const before = ocrStats.pagesRead;
    const { ocr: report } = await readDocument(
      { format: 'pdf', bytes: makePdf({ pages: textPages([...TEXT_BEFORE, ...TEXT_AFTER]) }) },
      {
        ocr: ocr(),
      },
    );
    assert.deepEqual(report, { pages: 0, skipped: 0 });
    assert.equal(ocrStats.pagesRead, before);
  });

  test('a speckled scan (sensor noise, JPEG artefacts, 150 dpi, crooked) is flagged, cleaned and read', async () => {
    const pdf = makePdf({ pages: await scanned(SCANNED_TEXT, { rotate: 1.5, dpi: 150, quality: 60, noise: 40 }) });
    let flagged: boolean | undefined;
    await extractPages(pdf.slice(), async (doc) => {
      const page = await doc.getPage(1);
      // The page as OCR gets it: its image, or rendered at the scan's resolution.
      const image =
        (await scanImage(page)) ?? (await renderPage(doc, page, renderScale((await pageImages(page)).pxPerUnit)));
      flagged = isNoisy(image.grey, image.width, image.height);
      page.cleanup();
    });
    assert.equal(flagged, true, 'isNoisy flags the page, so it takes the noisy path');
    const { chunks } = await readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr() });
    const r = recall(SCANNED_TEXT.join(' '), chunks.map((c) => c.content).join('\n'));
    assert.ok(r >= 0.9, `recall ${r}`);
  });

  test('a crooked, noisy 150 dpi JPEG scan still reads', async () => {
    const pdf = makePdf({ pages: await scanned(SCANNED_TEXT, { rotate: 1.5, dpi: 150, quality: 40 }) });
    const { chunks } = await readDocument({ format: 'pdf', bytes: pdf }, { ocr: ocr() });
    const r = recall(SCANNED_TEXT.join(' '), chunks.map((c) => c.content).join('\n'));
    assert.ok(r >= 0.93, `recall ${r}`);
  });
});

describe('OCR_DATA_DIR: the language files of a directory instead of the npm package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ocr-data-'));
  const packaged = join(languageDataDir('eng'), 'eng.traineddata.gz');
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a plain <code>.traineddata (as Debian installs it) is read', async () => {
    const plain = join(dir, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'eng.traineddata'), gunzipSync(readFileSync(packaged)));
    const { chunks, ocr: report } = await readDocument(
      { format: 'pdf', bytes: makePdf({ pages: await scanned(SCANNED_TEXT) }) },
      {
        ocr: ocr({ dataDir: plain }),
      },
    );
    assert.deepEqual(report, { pages: 1, skipped: 0 });
    const r = recall(SCANNED_TEXT.join(' '), chunks.map((c) => c.content).join('\n'));
    assert.ok(r >= 0.95, `recall ${r}`);
  });

  test('languages in different forms (one plain, one gzipped) are read together', async () => {
    const mixed = join(dir, 'mixed');
    mkdirSync(mixed);
    writeFileSync(join(mixed, 'eng.traineddata'), gunzipSync(readFileSync(packaged)));
    // Any second model will do: English again, under a code no npm package here has (so the
    // directory's files are the ones read).
    copyFileSync(packaged, join(mixed, 'enm.traineddata.gz'));
    const { chunks } = await readDocument(
      { format: 'pdf', bytes: makePdf({ pages: await scanned(SCANNED_TEXT) }) },
      {
        ocr: ocr({ languages: ['eng', 'enm'], dataDir: mixed }),
      },
    );
    const r = recall(SCANNED_TEXT.join(' '), chunks.map((c) => c.content).join('\n'));
    assert.ok(r >= 0.95, `recall ${r}`);
  });
});

describe('isNoisy and median3: speckled scans are cleaned, clean ones left alone', () => {
  // A 60x60 "page": white paper, two black text bars; noise flips pixels with a seeded generator.
  const page = (noise: number): Uint8Array => {
    let x = 7;
    const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const g = new Uint8Array(60 * 60).fill(255);
    for (let y = 0; y < 60; y++) for (let c = 0; c < 60; c++) if (y % 12 < 3 && c > 5 && c < 55) g[y * 60 + c] = 0;
    for (let i = 0; i < g.length; i++) if (rnd() < noise) g[i] = Math.floor(rnd() * 160);
    return g;
  };
  const cases: [string, number, boolean][] = [
    ['clean', 0, false],
    ['a few specks (0.5 %)', 0.005, false],
    ['sensor noise (15 %)', 0.15, true],
    ['heavy noise (30 %)', 0.3, true],
  ];
  for (const [name, noise, expected] of cases)
    test(`${name} -> ${expected}`, () => assert.equal(isNoisy(page(noise), 60, 60), expected));
  test('median3 removes isolated specks and keeps 3-pixel strokes', () => {
    const g = page(0);
    g[6 * 60 + 30] = 0; // a speck on paper
    const m = median3(g, 60, 60);
    assert.equal(m[6 * 60 + 30], 255);
    assert.equal(m[1 * 60 + 30], 0);
  });
});

describe('gauss3, strokeWidth and thinPrint: thin print is blurred, not median-filtered', () => {
  // A 60x60 white page with vertical bars `w` pixels wide, 4 pixels apart, rows 10..49 (a line of
  // stems): each bar has 40w dark pixels and 80 + 2w changes, so a stroke width of 40w / (40 + w).
  const bars = (w: number, grey = 0): Uint8Array => {
    const g = new Uint8Array(60 * 60).fill(255);
    for (let y = 10; y < 50; y++)
      for (let x = 4; x + w <= 56; x += w + 4) for (let k = 0; k < w; k++) g[y * 60 + x + k] = grey;
    return g;
  };
  test('gauss3 leaves flat paper as it is', () =>
    assert.deepEqual(gauss3(new Uint8Array(25).fill(200), 5, 5), new Uint8Array(25).fill(200)));
  test('gauss3 keeps a one-pixel stroke grey where median3 erases it', () => {
    const g = bars(1);
    assert.equal(median3(g, 60, 60)[30 * 60 + 4], 255);
    assert.equal(gauss3(g, 60, 60)[30 * 60 + 4], 128);
  });
  test('gauss3 spreads a speck: 4/16 of its darkness at its centre', () => {
    const g = new Uint8Array(25).fill(255);
    g[12] = 95;
    assert.equal(gauss3(g, 5, 5)[12], 215);
  });
  const cases: [name: string, page: Uint8Array, width: number, thin: boolean][] = [
    ['a blank page', new Uint8Array(60 * 60).fill(255), 0, false],
    ['a black page', new Uint8Array(60 * 60), Infinity, false],
    ['one-pixel stems', bars(1), 40 / 41, true],
    ['two-pixel stems', bars(2), 80 / 42, false],
    ['three-pixel stems', bars(3), 120 / 43, false],
    ['one-pixel stems in light grey (above 128: no print)', bars(1, 140), 0, false],
  ];
  for (const [name, page, width, thin] of cases) {
    test(`${name}: stroke width ${width.toFixed(2)}, thin ${thin}`, () => {
      const w = strokeWidth(page, 60, 60);
      assert.ok(w === width || Math.abs(w - width) < 1e-9, `${w}`);
      assert.equal(thinPrint(page, 60, 60), thin);
    });
  }
});

describe('inkRegions: where a speckled page has print but the first reading returned no line', () => {
  // A 200x120 white page; `ink` paints black boxes (text lines), `covered` are the lines read.
  const page = (...ink: Box[]): Uint8Array => {
    const g = new Uint8Array(200 * 120).fill(255);
    for (const b of ink) for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) g[y * 200 + x] = 0;
    return g;
  };
  const line1: Box = { x0: 16, y0: 16, x1: 160, y1: 24 };
  const line2: Box = { x0: 16, y0: 32, x1: 160, y1: 40 };
  const line3: Box = { x0: 16, y0: 80, x1: 120, y1: 88 };
  const cases: [name: string, ink: Box[], covered: Box[], expected: Box[]][] = [
    ['a blank page', [], [], []],
    ['every line read', [line1, line2, line3], [line1, line2, line3], []],
    [
      'a block of two lines skipped: one region with a margin of one cell',
      [line1, line2],
      [],
      [{ x0: 8, y0: 8, x1: 168, y1: 48 }],
    ],
    ['the first line read, the second skipped', [line1, line2], [line1], [{ x0: 8, y0: 24, x1: 168, y1: 48 }]],
    [
      'two blocks far apart skipped: two regions, top to bottom',
      [line3, line1],
      [],
      [
        { x0: 8, y0: 8, x1: 168, y1: 32 },
        { x0: 8, y0: 72, x1: 128, y1: 96 },
      ],
    ],
    ['a speck (one cell) is no region', [{ x0: 100, y0: 100, x1: 104, y1: 104 }], [], []],
    ['a short vertical rule (narrower than 4 cells) is no region', [{ x0: 100, y0: 40, x1: 102, y1: 110 }], [], []],
    [
      'a page-wide box clipped to the page',
      [{ x0: 0, y0: 0, x1: 200, y1: 16 }],
      [],
      [{ x0: 0, y0: 0, x1: 200, y1: 24 }],
    ],
  ];
  for (const [name, ink, covered, expected] of cases)
    test(name, () => assert.deepEqual(inkRegions(page(...ink), 200, 120, covered, 8), expected));
});

describe('scanImage: a page that is only a scan is read from its image, without rendering', () => {
  // Each page of `pdf` through scanImage, and through renderPage at the scale OCR would render it.
  const both = async (pdf: Uint8Array): Promise<Array<{ scan: Rendered | undefined; render: Rendered }>> => {
    const out: Array<{ scan: Rendered | undefined; render: Rendered }> = [];
    await extractPages(pdf, async (doc, pages) => {
      for (const p of pages) {
        const page = await doc.getPage(p.number);
        try {
          const scan = await scanImage(page);
          const render = await renderPage(doc, page, renderScale((await pageImages(page)).pxPerUnit));
          out.push({ scan, render });
        } finally {
          page.cleanup();
        }
      }
    });
    return out;
  };

  test('a full-page scan: its own pixels, the same image rendering gives', async () => {
    const [page] = await scanned(['A short paragraph of text on a scanned page, to be read back.']);
    const [r] = await both(makePdf({ pages: [page!] }));
    const { scan, render } = r!;
    assert.ok(scan, 'read from the image');
    assert.deepEqual([scan.width, scan.height, scan.scale], [render.width, render.height, render.scale]);
    assert.equal(scan.width, page!.scan!.width);
    let diff = 0;
    for (let i = 0; i < scan.grey.length; i++) diff += Math.abs(scan.grey[i]! - render.grey[i]!);
    assert.equal(diff, 0, `mean difference ${diff / scan.grey.length}`);
    assert.ok(scan.grey.some((g) => g < 64) && scan.grey.some((g) => g > 192), 'ink on paper');
  });

  // A one-page PDF whose page (72 x 72 units) is one 192 x 192 px image (192 dpi): left half
  // black, right half white, as a 1-bit scan or as an 8-bit grey one with a soft mask (transparent
  // top half). Written by hand (makePdf draws only JPEG scans); pdf.js rebuilds the missing xref.
  const imagePdf = (kind: '1bit' | 'smask'): Uint8Array => {
    const size = 192;
    const rows = (row: (y: number) => Buffer) => Buffer.concat(Array.from({ length: size }, (_, y) => row(y)));
    const image = (dict: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${size} /Height ${size} ${dict} /Length ${data.length} >>\nstream\n`,
          'latin1',
        ),
        data,
        Buffer.from('\nendstream', 'latin1'),
      ]);
    const half = (bytes: number, dark: number, light: number) =>
      Buffer.concat([Buffer.alloc(bytes / 2, dark), Buffer.alloc(bytes / 2, light)]);
    const content = 'q 72 0 0 72 0 0 cm /Im Do Q';
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] /Contents 4 0 R /Resources << /XObject << /Im 5 0 R >> >> >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ].map((t) => Buffer.from(t, 'latin1'));
    if (kind === '1bit')
      objects.push(
        image(
          '/ColorSpace /DeviceGray /BitsPerComponent 1',
          rows(() => half(size / 8, 0x00, 0xff)),
        ),
      );
    else {
      objects.push(
        image(
          '/ColorSpace /DeviceGray /BitsPerComponent 8 /SMask 6 0 R',
          rows(() => half(size, 0, 255)),
        ),
      );
      objects.push(
        image(
          '/ColorSpace /DeviceGray /BitsPerComponent 8',
          rows((y) => Buffer.alloc(size, y < size / 2 ? 0 : 255)),
        ),
      );
    }
    const body = objects.map((o, i) =>
      Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), o, Buffer.from('\nendobj\n', 'latin1')]),
    );
    const trailer = Buffer.from(`trailer\n<< /Root 1 0 R /Size ${objects.length + 1} >>\n%%EOF\n`, 'latin1');
    return new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), ...body, trailer]));
  };

  for (const kind of ['1bit', 'smask'] as const) {
    test(`${kind === '1bit' ? 'a 1-bit scan' : 'a grey scan with a soft mask (over white)'}: read from its image as rendering shows it`, async () => {
      const [r] = await both(imagePdf(kind));
      const { scan, render } = r!;
      assert.ok(scan, 'read from the image');
      assert.deepEqual([scan.width, scan.height], [192, 192]);
      const at = (img: Rendered, x: number, y: number) => img.grey[y * img.width + x];
      // Left half black, right half white; with the mask the top half is transparent (white).
      const expected = kind === '1bit' ? [0, 255, 0, 255] : [255, 255, 0, 255];
      assert.deepEqual([at(scan, 50, 50), at(scan, 150, 50), at(scan, 50, 150), at(scan, 150, 150)], expected);
      assert.deepEqual([at(render, 50, 50), at(render, 150, 50), at(render, 50, 150), at(render, 150, 150)], expected);
    });
  }

  test('any other page is left to rendering', async () => {
    const [page] = await scanned(['A short paragraph.']);
    const { jpeg, width, height } = page!.scan!;
    const low = (await scanned(['A short paragraph.'], { dpi: 100 }))[0]!;
    const cases: Array<[string, Parameters<typeof makePdf>[0]]> = [
      [
        'the scan on half the page',
        { pages: [{ scan: { jpeg, width, height }, content: 'q 306 0 0 396 0 0 cm /Scan Do Q' }] },
      ],
      [
        'text over the scan',
        {
          pages: [
            {
              scan: { jpeg, width, height },
              content: 'q 612 0 0 792 0 0 cm /Scan Do Q BT /F1 11 Tf 72 72 Td (Page 1) Tj ET',
            },
          ],
        },
      ],
      [
        'the scan turned upside down',
        { pages: [{ scan: { jpeg, width, height }, content: 'q -612 0 0 -792 612 792 cm /Scan Do Q' }] },
      ],
      [
        'two images',
        {
          pages: [
            { scan: { jpeg, width, height }, content: 'q 612 0 0 792 0 0 cm /Scan Do Q q 10 0 0 10 0 0 cm /Im1 Do Q' },
          ],
        },
      ],
      ['a 100 dpi scan (rendered at 150 dpi)', { pages: [low] }],
      ['a rotated page', { pages: [page!], pageExtra: ' /Rotate 90' }],
      ['a text page', { pages: textPages(['Some text.']) }],
    ];
    for (const [name, spec] of cases) {
      const [r] = await both(makePdf(spec));
      assert.equal(r?.scan, undefined, name);
      assert.ok(r!.render.width > 0, name);
    }
  });
});

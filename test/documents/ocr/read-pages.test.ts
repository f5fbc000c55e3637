// OCR of pages without a text layer: scanned PDFs made in the test (generated text pages rendered
// to JPEG and wrapped as image-only pages) through the pipeline. The rules' tables are beside this
// file: triage, render, recognize and filters.test.ts.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { closeOcr, ocrStats } from '../../../src/documents/ocr/engine.ts';
import { recognize } from '../../../src/documents/ocr/recognize.ts';
import { isNoisy } from '../../../src/documents/ocr/filters.ts';
import { renderPage, renderScale, scanImage } from '../../../src/documents/ocr/render.ts';
import { pageImages } from '../../../src/documents/ocr/triage.ts';
import { OPS } from '../../../src/documents/formats/pdf/pdfjs.ts';
import { extractPages } from '../../../src/documents/formats/pdf/text-layer.ts';
import { DEFAULT_OCR, languageDataDir, type OcrOptions } from '../../../src/documents/ocr/options.ts';
import { readDocument } from '../../../src/documents/chunk-document.ts';
import { DocumentError } from '../../../src/documents/document-error.ts';
import { makePdf, textPages, type PageSpec } from '../helpers/make-pdf.ts';
import { scanPages, type ScanOptions } from '../helpers/scan.ts';

after(() => closeOcr());

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

  // A page set in a Type 3 font whose glyphs are numbered, not named (Ghostscript's a0, a1... on the
  // bitmap fonts of dvips output): pdf.js reads its codes as noise; the page is read with OCR.
  const TYPE3_TEXT = [
    'The bitmap fonts of this page carry no character names.',
    'Optical reading brings the words back.',
  ];
  const type3Pdf = () =>
    makePdf({
      type3: 'numbered',
      pages: [
        ...textPages(TEXT_BEFORE),
        { runs: TYPE3_TEXT.map((text, i) => ({ text, x: 72, y: 700 - i * 20, size: 14, font: 'F5' as const })) },
      ],
    });

  test('a page in fonts without Unicode is read with OCR, its noise never in the chunks', async () => {
    const { chunks, ocr: report } = await readDocument({ format: 'pdf', bytes: type3Pdf() }, { ocr: ocr() });
    assert.deepEqual(report, { pages: 1, skipped: 0 });
    const text = chunks.map((c) => c.content).join('\n');
    const r = recall(TYPE3_TEXT.join(' '), text);
    assert.ok(r >= 0.9, `recall ${r}: ${text}`);
  });

  test('ocr off: a page in fonts without Unicode is skipped, its noise left out', async () => {
    const { chunks, ocr: report } = await readDocument(
      { format: 'pdf', bytes: type3Pdf() },
      { ocr: ocr({ mode: 'off' }) },
    );
    assert.deepEqual(report, { pages: 0, skipped: 1 });
    const text = chunks.map((c) => c.content).join('\n');
    assert.match(text, /handbook explains/);
    // 'b' drawn at code 66 reads as 'B', and so on: none of that noise comes back.
    assert.doesNotMatch(text, /4HE|BITMAP|bitmap/);
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
      assert.equal(err.code, 'document_ocr_limit');
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
        assert.equal(err.code, 'document_timeout');
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
        assert.equal(err.code, 'document_ocr_limit');
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
        (await scanImage(page, OPS)) ??
        (await renderPage(doc, page, renderScale((await pageImages(page, OPS)).pxPerUnit)));
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

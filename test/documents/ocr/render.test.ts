// Pages as grey images: the render resolution as a table, and scan-only pages read from their
// image exactly as rendering shows them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPage, renderScale, scanImage, type Rendered } from '../../../src/documents/ocr/render.ts';
import { pageImages } from '../../../src/documents/ocr/triage.ts';
import { extractPages } from '../../../src/documents/formats/pdf/text-layer.ts';
import { OPS } from '../../../src/documents/formats/pdf/pdfjs.ts';
import { makePdf, textPages, type PageSpec } from '../helpers/make-pdf.ts';
import { scanPages, type ScanOptions } from '../helpers/scan.ts';

async function scanned(paragraphs: string[], opts: ScanOptions = {}): Promise<PageSpec[]> {
  return scanPages(makePdf({ pages: textPages(paragraphs) }), opts);
}

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

// A fax scan (CCITT Group 4, the codec of one-bit scanners' PDFs, decoded by pdf.js's WebAssembly
// module): 16 x 16 pixels, left half black. Coded by hand: the first row in horizontal mode (001,
// white run 0: 00110101, black run 8: 000101) and a vertical 0 (1) to the row's end; every other
// row three vertical 0s (111), under the row above; then the end of block (000000000001 twice).
function faxHalfBlack(): Uint8Array {
  const bits = '001' + '00110101' + '000101' + '1' + '111'.repeat(15) + '000000000001'.repeat(2);
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  return Uint8Array.from({ length: padded.length / 8 }, (_, i) => parseInt(padded.slice(i * 8, i * 8 + 8), 2));
}

test('a CCITT fax scan is decoded: the page is found to be an image, and renders half black', async () => {
  const pdf = makePdf({ pages: [{ fax: { data: faxHalfBlack(), width: 16, height: 16 } }] });
  let share = 0;
  let render: Rendered | undefined;
  await extractPages(pdf, async (doc) => {
    const page = await doc.getPage(1);
    try {
      const images = await pageImages(page, OPS);
      share = images.share;
      render = await renderPage(doc, page, renderScale(images.pxPerUnit));
    } finally {
      page.cleanup();
    }
  });
  assert.ok(share > 0.99, `image share ${share}`);
  const r = render!;
  const at = (fx: number, fy: number) => r.grey[Math.floor(fy * r.height) * r.width + Math.floor(fx * r.width)]!;
  assert.deepEqual([at(0.25, 0.5) < 64, at(0.75, 0.5) > 192], [true, true], 'left half black, right half white');
});

describe('scanImage: a page that is only a scan is read from its image, without rendering', () => {
  // Each page of `pdf` through scanImage, and through renderPage at the scale OCR would render it.
  const both = async (pdf: Uint8Array): Promise<Array<{ scan: Rendered | undefined; render: Rendered }>> => {
    const out: Array<{ scan: Rendered | undefined; render: Rendered }> = [];
    await extractPages(pdf, async (doc, pages) => {
      for (const p of pages) {
        const page = await doc.getPage(p.number);
        try {
          const scan = await scanImage(page, OPS);
          const render = await renderPage(doc, page, renderScale((await pageImages(page, OPS)).pxPerUnit));
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

  // The scans are made once (they are slow to make); each case is its own subtest.
  test('any other page is left to rendering', async (t) => {
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
      await t.test(name, async () => {
        const [r] = await both(makePdf(spec));
        assert.equal(r?.scan, undefined, name);
        assert.ok(r!.render.width > 0, name);
      });
    }
  });
});

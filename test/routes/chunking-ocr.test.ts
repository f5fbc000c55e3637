// The chunking endpoint with scanned pages: the ocr header, OCR_MAX_PAGES, and the answer headers
// that say what OCR did, over a real socket with the app's own worker pool (built from config).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { makePdf, textPages, type PageSpec } from '../documents/helpers/make-pdf.ts';
import { scanPages } from '../documents/helpers/scan.ts';
import { buildTestApp, LAB, assertClientError } from '../helpers/app.ts';

interface Reply {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

const SCANNED = 'The committee reviewed the annual budget and approved the travel policy for the coming year.';
const TEXT = 'This handbook explains how the office works. It is written for new staff and for managers alike.';

describe('chunk-and-perform-embedding with scanned pages', () => {
  let app: FastifyInstance;
  let base: string;
  let scan: PageSpec[];
  let mixed: Uint8Array;

  before(async () => {
    app = await buildTestApp({ env: { OCR_MAX_PAGES: '1' }, docs: 'none' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    scan = await scanPages(makePdf({ pages: textPages([SCANNED]) }));
    mixed = makePdf({ pages: [...textPages([TEXT]), ...scan] });
  });
  after(() => app.close());

  const post = async (pdf: Uint8Array, extra: Record<string, string> = {}): Promise<Reply> => {
    const form = new FormData();
    form.append('document', new Blob([pdf.slice()], { type: 'application/pdf' }), 'scan.pdf');
    const h = {
      'api-key': LAB.DOCUMENT_API_KEY,
      sourceName: 'scan.pdf',
      'tenant-id': '7',
      'document-id': '42',
      ...extra,
    };
    const r = await fetch(base + '/apis/chunk-and-perform-embedding.php', { method: 'POST', headers: h, body: form });
    return { statusCode: r.status, headers: Object.fromEntries(r.headers), body: await r.text() };
  };
  const content = (r: Reply) =>
    (JSON.parse(r.body) as { value: { content: string }[] }).value.map((c) => c.content).join('\n');

  it('reads the scanned page by default and says so in X-OCR-Pages', async () => {
    const r = await post(mixed);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['x-ocr-pages'], '1');
    assert.equal(r.headers['x-ocr-skipped-pages'], undefined);
    assert.match(content(r), /annual budget/);
    assert.match(content(r), /handbook explains/);
    assert.match(r.headers['access-control-expose-headers'] ?? '', /X-OCR-Pages/);
    assert.match(r.headers['access-control-expose-headers'] ?? '', /X-OCR-Skipped-Pages/);
  });

  it('a born-digital PDF: X-OCR-Pages 0, no skipped pages', async () => {
    const r = await post(makePdf({ pages: textPages([TEXT]) }), { ocr: 'AUTO' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['x-ocr-pages'], '0');
    assert.equal(r.headers['x-ocr-skipped-pages'], undefined);
  });

  it('ocr: off answers the text pages and counts the scanned one in X-OCR-Skipped-Pages', async () => {
    const r = await post(mixed, { ocr: 'off' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['x-ocr-pages'], '0');
    assert.equal(r.headers['x-ocr-skipped-pages'], '1');
    assert.doesNotMatch(content(r), /budget/);
  });

  it('ocr: off keeps the 422 for a fully scanned PDF', async () => {
    const r = await post(makePdf({ pages: scan }), { ocr: 'off' });
    assert.equal(assertClientError(r, 422).error, 'No text could be extracted from the PDF.');
  });

  it('over OCR_MAX_PAGES: 422 naming the page count and the limit', async () => {
    const r = await post(makePdf({ pages: [...scan, ...scan] }));
    assert.match(
      String(assertClientError(r, 422).error),
      /^The PDF has 2 pages without a text layer, over the OCR limit of 1 pages \(OCR_MAX_PAGES\)/,
    );
  });

  for (const value of ['yes', 'on', 'true', 'none']) {
    it(`ocr: ${value} is a 400`, async () => {
      const r = await post(mixed, { ocr: value });
      assert.equal(assertClientError(r, 400).error, "Header ocr must be 'auto', 'off' or 'force'.");
    });
  }
});

// A small PDF written at load: the pool reads it on every thread at start, so that the threads are
// running, pdf.js is loaded and its hot paths compiled before readiness says ready (the first
// upload after a cold start took 3.7x pdftotext's time, later ones 2.1x). Its pages are like a
// manual's (a heading, paragraphs in a serif font, a line of code, a running footer, compressed
// content streams), so that the layout, cleaning, heading and chunking code is compiled too; with
// enough pages, it is also read in page ranges (formats/pdf/ranges.ts).
import { deflateSync } from 'node:zlib';

const WORDS =
  'the worker reads each page of the manual with its fonts and lines then joins them into paragraphs under their headings before the chunker cuts them at sentence ends'.split(
    ' ',
  );

/** A page's content stream: a heading, paragraphs, a code line and a page number at the foot. */
function pageContent(n: number): string {
  const out = [`BT /F2 16 Tf 72 740 Td (${n}. Section ${n} of the warm-up) Tj ET`];
  let y = 710;
  for (let line = 0; line < 36; line++) {
    const words: string[] = [];
    for (let w = 0; w < 12; w++) words.push(WORDS[(n * 7 + line * 5 + w) % WORDS.length]!);
    const text = line % 6 === 5 ? `${words.join(' ')}.` : words.join(' ');
    out.push(`BT /F1 10 Tf 72 ${y} Td (${text}) Tj ET`);
    y -= line % 6 === 5 ? 20 : 12;
    if (line === 17) {
      out.push(`BT /F3 9 Tf 90 ${y} Td (warm --pages ${n} --threads all) Tj ET`);
      y -= 14;
    }
  }
  out.push(`BT /F1 9 Tf 300 40 Td (${n}) Tj ET`);
  return out.join('\n');
}

function writePdf(pageCount: number): Uint8Array {
  const fonts = ['Times-Roman', 'Helvetica-Bold', 'Courier'];
  // Objects: 1 catalog, 2 pages, 3-5 fonts, then a page and its contents for each page.
  const bodies: (string | Uint8Array)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pageCount }, (_, i) => `${6 + i * 2} 0 R`).join(' ')}] /Count ${pageCount} >>`,
    ...fonts.map((f) => `<< /Type /Font /Subtype /Type1 /BaseFont /${f} >>`),
  ];
  for (let i = 0; i < pageCount; i++) {
    bodies.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${7 + i * 2} 0 R >>`,
    );
    const stream = deflateSync(Buffer.from(pageContent(i + 1), 'latin1'));
    bodies.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  let xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  // A Uint8Array over a buffer of its own: the pool transfers (detaches) the buffer it is given.
  return new Uint8Array(Buffer.concat(parts));
}

/** A fresh copy each call (the pool transfers the buffer it is given): `pages` pages, default 8. */
export const warmUpPdf = (pages = 8): Uint8Array => writePdf(pages);

// The documents a campaign damages: real files of shared/corpus (and the fuzz pair of shared/fuzz)
// beside documents generated here, for every format the service reads, scanned PDFs included.
import { readFileSync } from 'node:fs';
import { makePdf, textPages } from '../documents/helpers/make-pdf.ts';
import { makeDocx, wp } from '../documents/helpers/make-zip.ts';
import { scanPages } from '../documents/helpers/scan.ts';
import { twoColumns, referenceCard } from '../documents/helpers/hard-shapes.ts';
import type { FuzzFormat } from './mutate.ts';

export interface Seed {
  name: string;
  format: FuzzFormat;
  /** the file name sent with the upload */
  filename: string;
  bytes: Uint8Array;
}

/** The office files LibreOffice made for the tests (test/fixtures/office; `npm run fixtures:office` remakes them). */
const office = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/office/${name}`, import.meta.url)));
const shared = (path: string) => new Uint8Array(readFileSync(new URL(`../../../shared/${path}`, import.meta.url)));

const prose = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Sentence ${i} of the seed says something about parsers, ${i % 3 ? 'tables' : 'headings'} and text.`,
  ).join(' ');

function generatedHtml(): Uint8Array {
  const rows = Array.from({ length: 6 }, (_, i) => `<tr><td>row ${i}</td><td>${i * 7}</td><td></td></tr>`).join('');
  return new TextEncoder().encode(
    `<!doctype html><html><head><meta charset="utf-8"><title>Seed</title><style>p{color:red}</style></head><body>` +
      `<nav><a href="#a">Home</a></nav><h1>Seed manual</h1><p>${prose(12)}</p><h2 id="a">Tables &amp; code</h2>` +
      `<table><thead><tr><th>name</th><th>value</th><th>note</th></tr></thead><tbody>${rows}</tbody></table>` +
      `<pre><code>for (let i = 0; i &lt; 3; i++) {\n  console.log(i);\n}</code></pre><ul><li>${prose(3)}</li><li>two</li></ul>` +
      `<script>var x = "<p>not text</p>";</script><p>${prose(10)}</p></body></html>`,
  );
}

function generatedMarkdown(): string {
  return `---\ntitle: Seed\ntags: [a, b]\n---\n\n# Seed manual\n\n${prose(10)}\n\n## Table\n\n| name | value |\n|---|---:|\n| a | 1 |\n| b | 2 |\n\n\`\`\`sh\n$ echo hello\nhello\n\`\`\`\n\n1. first\n2. second\n\n> ${prose(4)}\n\n[link](http://example.com) and ![img](x.png)\n`;
}

let seeds: Promise<Seed[]> | undefined;

/**
 * Every seed document, generated ones made once per process (a one-page scan is rendered with
 * pdf.js): the rounds of a campaign and the parser properties share them. Callers only read them
 * (mutate copies).
 */
export function loadSeeds(): Promise<Seed[]> {
  return (seeds ??= makeSeeds());
}

async function makeSeeds(): Promise<Seed[]> {
  const text = (s: string) => new TextEncoder().encode(s);
  const normalPdf = makePdf({
    pages: textPages(['# 1 Introduction', prose(30), '# 2 Details', prose(40)]),
    compress: true,
  });
  const scanned = makePdf({ pages: await scanPages(makePdf({ pages: textPages([prose(8)]) }), { dpi: 100 }) });
  const docx = makeDocx(
    [
      wp('Seed manual', 'Heading1'),
      wp(prose(10)),
      '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>a</w:t></w:r></w:p></w:tc><w:tc><w:p/></w:tc></w:tr></w:tbl>',
      wp('Details', 'Heading2'),
      wp(prose(12)),
    ].join(''),
  );
  return [
    { name: 'hand-written-hard.pdf', format: 'pdf', filename: 'a.pdf', bytes: shared('corpus/hand-written-hard.pdf') },
    { name: 'groff-manual.pdf', format: 'pdf', filename: 'a.pdf', bytes: shared('corpus/groff-manual.pdf') },
    { name: 'chromium-handbook.pdf', format: 'pdf', filename: 'a.pdf', bytes: shared('corpus/chromium-handbook.pdf') },
    { name: 'crash-1-first.pdf', format: 'pdf', filename: 'a.pdf', bytes: shared('fuzz/crash-1-first.pdf') },
    { name: 'generated.pdf', format: 'pdf', filename: 'a.pdf', bytes: normalPdf },
    { name: 'two-columns.pdf', format: 'pdf', filename: 'a.pdf', bytes: twoColumns() },
    { name: 'reference-card.pdf', format: 'pdf', filename: 'a.pdf', bytes: referenceCard() },
    { name: 'scanned.pdf', format: 'pdf', filename: 'scan.pdf', bytes: scanned },
    { name: 'R-intro.docx', format: 'docx', filename: 'a.docx', bytes: shared('corpus/R-intro.docx') },
    { name: 'generated.docx', format: 'docx', filename: 'a.docx', bytes: new Uint8Array(docx) },
    { name: 'sample.odt', format: 'odt', filename: 'a.odt', bytes: office('sample.odt') },
    { name: 'deck.pptx', format: 'pptx', filename: 'a.pptx', bytes: office('deck.pptx') },
    { name: 'deck.odp', format: 'odp', filename: 'a.odp', bytes: office('deck.odp') },
    { name: 'generated.html', format: 'html', filename: 'a.html', bytes: generatedHtml() },
    { name: 'R-intro.html', format: 'html', filename: 'a.html', bytes: shared('corpus/R-intro.html') },
    { name: 'node-http.md', format: 'markdown', filename: 'a.md', bytes: shared('corpus/node-http.md') },
    { name: 'generated.md', format: 'markdown', filename: 'a.md', bytes: text(generatedMarkdown()) },
    { name: 'generated.txt', format: 'text', filename: 'a.txt', bytes: text(`${prose(20)}\n\n${prose(25)}\n`) },
  ];
}

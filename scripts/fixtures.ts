// npm run fixtures: remakes the test fixtures that Debian's tools make, so that `npm test` needs
// nothing but Node and npm (the tests read the committed files; the live comparisons with the
// tools stay in `npm run quality`). Needs pdftotext (poppler-utils), pandoc, groff (with gropdf)
// and qpdf. Writes:
// - test/fixtures/references/NAME.pdftotext.txt.gz: `pdftotext -q -enc UTF-8 NAME -` of every PDF of
//   ../shared/corpus (pages separated by form feeds), the page reference of the page-number tests;
// - test/fixtures/references/NAME.pandoc.txt.gz: `pandoc -t plain --wrap=none NAME` of its Word, HTML
//   and Markdown files, the reference of the format tests;
// - test/fixtures/references/sources.json: the sha256 of each source file, which the tests check,
//   so that a changed shared corpus says "run npm run fixtures" instead of failing obscurely;
// - test/fixtures/generated/groff-ms-manual.pdf: `groff -ms -Tpdf` of the source in
//   test/documents/helpers/groff-manual.ts;
// - test/fixtures/generated/manual-1158.pdf: gnuplot.pdf three times and its pages 1-225 (qpdf
//   --empty --pages, then --object-streams=generate: the copies share their content streams, 1.2 MB).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { groffManualPdf } from '../test/documents/helpers/groff-manual.ts';
import { GENERATED_DIR, REFERENCES_DIR, SHARED_CORPUS } from '../test/helpers/references.ts';
import { pandocPlain } from './quality-formats.ts';

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { maxBuffer: 1 << 30 });
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

mkdirSync(REFERENCES_DIR, { recursive: true });
mkdirSync(GENERATED_DIR, { recursive: true });
const sources: Record<string, string> = {};
for (const name of readdirSync(SHARED_CORPUS).sort()) {
  const file = join(SHARED_CORPUS, name);
  let text: string;
  let kind: string;
  if (name.endsWith('.pdf')) {
    text = run('pdftotext', ['-q', '-enc', 'UTF-8', file, '-']).toString('utf8');
    kind = 'pdftotext';
    // The tests split the pages at the form feeds: the same text as reading one page alone.
    const pages = text.split('\f');
    const mid = Math.ceil((pages.length - 1) / 2);
    const alone = run('pdftotext', ['-q', '-enc', 'UTF-8', '-f', String(mid), '-l', String(mid), file, '-']);
    if (alone.toString('utf8') !== `${pages[mid - 1]}\f`) throw new Error(`${name}: page ${mid} read alone differs`);
  } else if (/\.(?:docx|html|md)$/.test(name) && name !== 'README.md') {
    text = pandocPlain(file);
    kind = 'pandoc';
  } else continue;
  writeFileSync(join(REFERENCES_DIR, `${name}.${kind}.txt.gz`), gzipSync(text, { level: 9 }));
  sources[name] = sha256(file);
  console.log(`${name}: ${kind}`);
}
writeFileSync(join(REFERENCES_DIR, 'sources.json'), `${JSON.stringify(sources, null, 2)}\n`);

writeFileSync(join(GENERATED_DIR, 'groff-ms-manual.pdf'), groffManualPdf());
console.log('groff-ms-manual.pdf: groff -ms -Tpdf');

const tmp = mkdtempSync(join(tmpdir(), 'fixtures-'));
try {
  const src = join(SHARED_CORPUS, 'gnuplot.pdf');
  const joined = join(tmp, 'joined.pdf');
  run('qpdf', ['--empty', '--pages', src, src, src, src, '1-225', '--', joined]);
  run('qpdf', [
    '--object-streams=generate',
    '--recompress-flate',
    '--compression-level=9',
    joined,
    join(GENERATED_DIR, 'manual-1158.pdf'),
  ]);
  console.log('manual-1158.pdf: qpdf');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

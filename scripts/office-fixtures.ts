// npm run fixtures:office: remakes the office test fixtures of test/fixtures/office/ with Debian's
// LibreOffice (libreoffice-writer-nogui and libreoffice-impress-nogui, headless and offline), so
// that `npm test` needs nothing but Node and npm (the tests read the committed files):
// - sample.odt: sample.html opened in Writer (`--infilter="HTML (StarWriter)"`) and saved as
//   OpenDocument text;
// - deck.odp, deck.pptx, deck.pdf: deck.fodp (a flat OpenDocument presentation written by hand:
//   a title slide, lists with numbers, a table with an empty and a merged cell, speaker notes, a
//   code box in a monospaced font, a slide number) saved by Impress as OpenDocument, PowerPoint
//   and PDF.
// The command each file comes from is printed; run it again after changing a source.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'office');

/** `soffice --convert-to` of one file into DIR, with a throw-away profile. */
export function convertOffice(source: string, to: string, out: string, infilter?: string): string[] {
  const work = mkdtempSync(join(tmpdir(), 'office-fixture-'));
  try {
    const args = [
      `-env:UserInstallation=file://${join(work, 'profile')}`,
      '--headless',
      '--norestore',
      ...(infilter ? [`--infilter=${infilter}`] : []),
      '--convert-to',
      to,
      '--outdir',
      join(work, 'out'),
      source,
    ];
    execFileSync('soffice', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: work } });
    const made = readdirSync(join(work, 'out'))[0];
    if (made === undefined) throw new Error(`LibreOffice wrote nothing for ${source}`);
    writeFileSync(out, readFileSync(join(work, 'out', made)));
    return ['soffice', ...args];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const jobs: [source: string, to: string, out: string, infilter?: string][] = [
    ['sample.html', 'odt', 'sample.odt', 'HTML (StarWriter)'],
    ['deck.fodp', 'odp', 'deck.odp'],
    ['deck.fodp', 'pptx', 'deck.pptx'],
    ['deck.fodp', 'pdf', 'deck.pdf'],
  ];
  for (const [source, to, out, infilter] of jobs) {
    const cmd = convertOffice(join(DIR, source), to, join(DIR, out), infilter);
    console.log(`${out}: ${cmd.join(' ')}`);
  }
}

// Builds the development corpus of the chunk-quality measures (npm run corpus): real documents
// written by others, taken from Debian packages (apt-get download + dpkg -x) as listed in
// scripts/corpus/sources.json, into CORPUS_DIR (default .corpus/ at the repository root, git-ignored):
//   debs/            the downloaded packages
//   docs/ID.EXT      the documents (gzipped ones decompressed, chromium-pdf ones printed, scan ones
//                    rasterised: see scanSteps)
//   manifest.json    per document: package, version, path, licence, sha256, producer, format, class
// Each package is extracted (dpkg -x) into a temporary directory for the run and removed after:
// the packages hold .js files and broken links that the repository's formatter and linter would
// otherwise walk into. Idempotent: a document already there with its pinned checksum is kept; a package already
// downloaded or extracted is reused. Any source that cannot be had fails the build, naming it.
// Usage: npm run corpus [-- --update]   (--update re-pins the checksums in sources.json)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { extractHtml } from '../../src/documents/formats/html/extract.ts';
import { deckFodp, deckHtml, deckOutline } from './deck.ts';

export interface Source {
  id: string;
  package: string;
  /** Path of the file inside the package, without the leading slash. */
  path: string;
  format: 'pdf' | 'html' | 'markdown' | 'docx' | 'odt' | 'pptx' | 'odp' | 'text';
  class: string;
  lang: string;
  tags?: string[];
  convert?:
    | 'gunzip'
    | 'chromium-pdf'
    | 'libreoffice-docx'
    | 'libreoffice-odt'
    | 'libreoffice-pdf'
    | 'libreoffice-pdf-tagged'
    | 'libreoffice-deck-pptx'
    | 'libreoffice-deck-odp'
    | 'libreoffice-deck-pdf'
    | 'groff-man-text'
    | 'scan';
  /** convert 'scan': which pages of the package's PDF, and which of them become page images. */
  scan?: ScanSpec;
  /** The conversion as a command line, for the reader (the build runs it through convertWithLibreOffice). */
  command?: string;
  /** The package whose copyright file covers the document, when its own package ships none
   * (its /usr/share/doc/PKG links to another package's directory). */
  licenceFrom?: string;
  sha256?: string;
}

/**
 * A scanned or mixed PDF made from a born-digital one: pages `pages[0]..pages[1]` of it, those in
 * `scanned` (page numbers of the original; all when absent) rasterised in grey at `dpi` and wrapped
 * as image-only pages, the others kept born-digital. The born-digital pages alone are the
 * reference (docs/ID.source.pdf).
 */
export interface ScanSpec {
  pages: [first: number, last: number];
  dpi: number;
  scanned?: number[];
}

export interface Step {
  cmd: string;
  args: string[];
  /** Variables set for this command only. */
  env?: Record<string, string>;
}

/** Where Debian's fonts-urw-base35 puts its OpenType files: the fonts a scan is rasterised with. */
export const SCAN_FONT_DIR = '/usr/share/fonts/opentype/urw-base35';

/**
 * The fontconfig file a scan's pdftoppm runs with: the URW base-35 fonts alone (metric-compatible
 * with PostScript's standard fonts), each standard name aliased to its URW family. A PDF that does
 * not embed its fonts (reportlab's guide uses Helvetica, Times, Courier, Symbol and ZapfDingbats
 * unembedded) is otherwise drawn with whatever fonts the machine happens to have, so its scan and
 * its pinned checksum changed when a package brought a new font (ghostscript pulls
 * fonts-urw-base35). The system's conf.d is not read: its rules depend on what is installed.
 */
export function scanFontsConf(fontDir: string, cacheDir: string): string {
  const aliases: [string, string][] = [
    ['Helvetica', 'Nimbus Sans'],
    ['Arial', 'Nimbus Sans'],
    ['Times', 'Nimbus Roman'],
    ['Times New Roman', 'Nimbus Roman'],
    ['Courier', 'Nimbus Mono PS'],
    ['Courier New', 'Nimbus Mono PS'],
    ['Symbol', 'Standard Symbols PS'],
    ['ZapfDingbats', 'D050000L'],
    ['ZapfChancery', 'Z003'],
    ['Palatino', 'P052'],
    ['Bookman', 'URW Bookman'],
    ['AvantGarde', 'URW Gothic'],
    ['NewCenturySchlbk', 'C059'],
    ['sans-serif', 'Nimbus Sans'],
    ['serif', 'Nimbus Roman'],
    ['monospace', 'Nimbus Mono PS'],
  ];
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    `  <dir>${fontDir}</dir>`,
    `  <cachedir>${cacheDir}</cachedir>`,
    ...aliases.map(
      ([name, urw]) =>
        `  <alias binding="same"><family>${name}</family><prefer><family>${urw}</family></prefer></alias>`,
    ),
    '</fontconfig>',
    '',
  ].join('\n');
}

/**
 * The commands that make a scan document (convert 'scan') from `src`, in order: the reference
 * (the born-digital pages, `ref`), one page image and one image-only PDF page per scanned page in
 * `work`, then the document (`out`) put together page by page. Every step is deterministic (img2pdf
 * --nodate; qpdf --deterministic-id rewrites img2pdf's random /ID), so the result can be pinned.
 */
export function scanSteps(src: string, spec: ScanSpec, work: string, ref: string, out: string): Step[] {
  const [first, last] = spec.pages;
  if (!(Number.isInteger(first) && Number.isInteger(last) && first >= 1 && last >= first))
    throw new Error(`scan pages ${first}-${last}: not a page range`);
  if (!(Number.isInteger(spec.dpi) && spec.dpi >= 72 && spec.dpi <= 600))
    throw new Error(`scan dpi ${spec.dpi}: not in 72-600`);
  const scanned = new Set(spec.scanned ?? Array.from({ length: last - first + 1 }, (_, i) => first + i));
  for (const p of scanned)
    if (!(p >= first && p <= last)) throw new Error(`scanned page ${p} is not in ${first}-${last}`);
  const steps: Step[] = [
    { cmd: 'qpdf', args: ['--deterministic-id', '--empty', '--pages', src, `${first}-${last}`, '--', ref] },
  ];
  const parts: string[] = [];
  for (let p = first; p <= last; p++) {
    if (!scanned.has(p)) {
      parts.push(ref, String(p - first + 1));
      continue;
    }
    const name = join(work, `p${String(p).padStart(4, '0')}`);
    steps.push(
      {
        env: { FONTCONFIG_FILE: join(work, 'fonts.conf') },
        cmd: 'pdftoppm',
        args: ['-r', String(spec.dpi), '-gray', '-png', '-f', String(p), '-l', String(p), '-singlefile', src, name],
      },
      { cmd: 'img2pdf', args: ['--nodate', `${name}.png`, '-o', `${name}.pdf`] },
    );
    parts.push(`${name}.pdf`, '1');
  }
  steps.push({ cmd: 'qpdf', args: ['--deterministic-id', '--empty', '--pages', ...parts, '--', out] });
  return steps;
}

export interface ManifestEntry {
  id: string;
  file: string;
  package: string;
  version: string;
  path: string;
  format: Source['format'];
  class: string;
  lang: string;
  tags: string[];
  convert?: Source['convert'];
  /** Office oracle documents: the source they were converted from (docs/ID.source.html), whose
   * markup gives the true headings, tables and reading order. Scan documents: the born-digital
   * pages they were made from (docs/ID.source.pdf), whose text OCR is measured against. */
  referenceFile?: string;
  /** Scan documents: the commands that made them ($SRC: the package's PDF, $WORK: a scratch directory). */
  commands?: string[];
  /** sha256 of referenceFile. */
  referenceSha256?: string;
  licence: string;
  copyrightFile: string;
  sha256: string;
  /** sha256 of the file in the package (before gunzip or printing). */
  sourceSha256: string;
  bytes: number;
  producer: string;
  creator: string;
  pages?: number;
}

export interface Manifest {
  built: string;
  corpusDir: string;
  documents: ManifestEntry[];
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// CORPUS_SOURCES: another list (a trial of new sources, a test of the failure paths).
export const SOURCES_FILE = resolve(process.env.CORPUS_SOURCES ?? join(ROOT, 'scripts', 'corpus', 'sources.json'));

export function corpusDir(): string {
  return resolve(process.env.CORPUS_DIR ?? join(ROOT, '.corpus'));
}

export function readManifest(dir = corpusDir()): Manifest {
  const f = join(dir, 'manifest.json');
  if (!existsSync(f)) throw new Error(`no corpus manifest at ${f}: run npm run corpus first`);
  return JSON.parse(readFileSync(f, 'utf8')) as Manifest;
}

const EXT: Record<Source['format'], string> = {
  pdf: 'pdf',
  html: 'html',
  markdown: 'md',
  docx: 'docx',
  odt: 'odt',
  pptx: 'pptx',
  odp: 'odp',
  text: 'txt',
};

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function run(cmd: string, args: string[], cwd?: string, env?: Record<string, string>): string {
  try {
    return execFileSync(cmd, args, {
      cwd,
      env: env ? { ...process.env, ...env } : undefined,
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString('utf8');
  } catch (err) {
    const e = err as { code?: string; stderr?: Buffer };
    if (e.code === 'ENOENT') throw new Error(`${cmd} is missing (Debian: apt-get install ${toolPackage(cmd)})`);
    throw new Error(`${cmd} ${args.join(' ')} failed: ${e.stderr?.toString().trim() ?? String(err)}`);
  }
}

function toolPackage(cmd: string): string {
  return (
    {
      pdfinfo: 'poppler-utils',
      pdftoppm: 'poppler-utils',
      img2pdf: 'img2pdf',
      'apt-get': 'apt',
      'dpkg-deb': 'dpkg',
      soffice: 'libreoffice-writer-nogui libreoffice-impress-nogui',
    }[cmd] ?? cmd
  );
}

/**
 * The licence(s) a Debian copyright file states: the DEP-5 `License:` short names, or else the
 * licence names it mentions (a free-form file such as TeX Live's, which lists per-part licences).
 */
export function licenceOf(copyright: string): string {
  const dep5 = [...copyright.matchAll(/^License:\s*(\S[^\n]*)$/gm)].map((m) => m[1]!.trim());
  if (dep5.length > 0) return [...new Set(dep5)].join(', ');
  const names: [RegExp, string][] = [
    [/\bLPPL\b|LaTeX Project Public License/i, 'LPPL'],
    [/\bGNU (?:Lesser|Library) General Public License|\bLGPL/i, 'LGPL'],
    [/\bGNU General Public License|\bGPL\b/i, 'GPL'],
    [/\bGNU Free Documentation License|\bGFDL\b/i, 'GFDL'],
    [/\bBSD\b/, 'BSD'],
    [/\bMIT\b|\bExpat\b/, 'MIT'],
    [/\bApache\b/, 'Apache'],
    [/public domain/i, 'public domain'],
  ];
  const found = names.filter(([re]) => re.test(copyright)).map(([, n]) => n);
  return found.length > 0 ? `free-form: mentions ${found.join(', ')}` : 'unknown (see copyright file)';
}

/** pdfinfo's Producer, Creator and page count. */
export function pdfInfo(file: string): { producer: string; creator: string; pages: number } {
  const out = run('pdfinfo', [file]);
  const field = (k: string) => new RegExp(`^${k}:\\s*(.*)$`, 'm').exec(out)?.[1]?.trim() ?? '';
  return { producer: field('Producer'), creator: field('Creator'), pages: Number(field('Pages')) || 0 };
}

/** An HTML page's generator meta tag. */
export function htmlGenerator(html: string): string {
  return (
    /<meta\s+name=["']generator["']\s+content=["']([^"']*)["']/i.exec(html)?.[1] ??
    /<meta\s+content=["']([^"']*)["']\s+name=["']generator["']/i.exec(html)?.[1] ??
    ''
  );
}

/** The cached .deb of a package: of the candidate version when one is known, else any. */
function findDeb(debs: string, pkg: string, version?: string): string | undefined {
  const prefix = version === undefined ? `${pkg}_` : `${pkg}_${version.replace(/:/g, '%3a')}_`;
  return readdirSync(debs).find((f) => f.startsWith(prefix) && f.endsWith('.deb'));
}

/**
 * apt's candidate version of each package (from the machine's package lists), so that a cached
 * .deb that a Debian point or security release has replaced is downloaded again; the documents'
 * pinned checksums then tell whether the text changed.
 */
export function candidateVersions(policy: string): Map<string, string> {
  const out = new Map<string, string>();
  let pkg: string | undefined;
  for (const line of policy.split('\n')) {
    const head = /^(\S+):$/.exec(line);
    if (head) pkg = head[1];
    const cand = /^\s+Candidate:\s*(\S+)/.exec(line);
    if (cand && pkg !== undefined && cand[1] !== '(none)') out.set(pkg, cand[1]!);
  }
  return out;
}

/**
 * The font directories of the packages CI installs before it builds the corpus (fonts-dejavu-core,
 * which poppler-utils brings; fonts-urw-base35; fonts-opensymbol, which LibreOffice brings): the
 * only fonts a Chromium print or a LibreOffice conversion may use. Their page layout, and with it
 * the corpus's figures, depended on every font the machine had: a session that installed
 * fonts-lato and fonts-lmodern (through a Sphinx theme and TeX Live) moved sphinx-config-chromium's
 * order under its floor.
 */
export const PRINT_FONT_DIRS = [
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/opentype/urw-base35',
  '/usr/share/fonts/type1/urw-base35',
  '/usr/share/fonts/X11/Type1',
  '/usr/share/fonts/truetype/libreoffice',
];

/**
 * The fontconfig file a print or a conversion runs with: PRINT_FONT_DIRS alone, with the system's
 * rules (conf.d: the families those packages alias, the generic names' order), its own cache.
 */
export function printFontsConf(fontDirs: readonly string[], cacheDir: string): string {
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    ...fontDirs.map((d) => `  <dir>${d}</dir>`),
    `  <cachedir>${cacheDir}</cachedir>`,
    '  <include ignore_missing="yes">/etc/fonts/conf.d</include>',
    '</fontconfig>',
    '',
  ].join('\n');
}

/** Runs `f` with FONTCONFIG_FILE set to printFontsConf in a directory of its own, removed after. */
async function withPrintFonts<T>(f: (env: Record<string, string>) => Promise<T> | T): Promise<T> {
  const work = mkdtempSync(join(tmpdir(), 'corpus-fonts-'));
  const saved = process.env.FONTCONFIG_FILE;
  try {
    const file = join(work, 'fonts.conf');
    writeFileSync(file, printFontsConf(PRINT_FONT_DIRS, join(work, 'cache')));
    // Chromium is started with this process's environment (test/helpers/browser.ts).
    process.env.FONTCONFIG_FILE = file;
    return await f({ FONTCONFIG_FILE: file });
  } finally {
    if (saved === undefined) delete process.env.FONTCONFIG_FILE;
    else process.env.FONTCONFIG_FILE = saved;
    rmSync(work, { recursive: true, force: true });
  }
}

async function printWithChromium(html: string, pdf: string): Promise<void> {
  // The browser the docs-page tests use: @sparticuz/chromium's, or CHROMIUM_PATH.
  const { launchChromium } = await import('../../test/helpers/browser.ts');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    // Offline: only the page's own files load.
    await page.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
    await page.goto(`file://${html}`, { waitUntil: 'load', timeout: 60_000 });
    await page.pdf({ path: pdf, format: 'A4', margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' } });
  } finally {
    await browser.close();
  }
}

type LibreOfficeConversion = Exclude<
  NonNullable<Source['convert']>,
  'gunzip' | 'chromium-pdf' | 'groff-man-text' | 'scan'
>;

/**
 * A manual page's source as `man` shows it on an 80-column terminal, saved as text (convert
 * 'groff-man-text'): groff's UTF-8 output (line length 78 columns) with its overstrikes taken out
 * by col. `roff` is the page's source, decompressed.
 */
export const MAN_TEXT_COMMAND = 'LC_ALL=C.UTF-8 groff -man -Tutf8 -rLL=78n < $SRC | col -bx';
export function manPageText(roff: Uint8Array): Buffer {
  const env = { ...process.env, LC_ALL: 'C.UTF-8' };
  const set = execFileSync('groff', ['-man', '-Tutf8', '-rLL=78n'], {
    input: roff,
    env,
    maxBuffer: 1 << 28,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  return execFileSync('col', ['-bx'], { input: set, env, maxBuffer: 1 << 28 });
}

const LO_FILTERS: Record<LibreOfficeConversion, string> = {
  'libreoffice-docx': 'docx:MS Word 2007 XML',
  'libreoffice-odt': 'odt:writer8',
  'libreoffice-pdf': 'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"false"}}',
  'libreoffice-pdf-tagged': 'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"}}',
  'libreoffice-deck-pptx': 'pptx:Impress MS PowerPoint 2007 XML',
  'libreoffice-deck-odp': 'odp:impress8',
  'libreoffice-deck-pdf': 'pdf:impress_pdf_Export',
};

/**
 * An HTML page opened in Writer (not Writer/Web) and saved as Word, OpenDocument or PDF, or a deck
 * (.fodp, see deck.ts) opened in Impress and saved as PowerPoint, OpenDocument or PDF, by Debian's
 * LibreOffice, offline.
 */
function convertWithLibreOffice(
  source: string,
  out: string,
  how: LibreOfficeConversion,
  env?: Record<string, string>,
): void {
  const work = mkdtempSync(join(tmpdir(), 'corpus-lo-'));
  try {
    run(
      'soffice',
      [
        `-env:UserInstallation=file://${join(work, 'profile')}`,
        '--headless',
        '--norestore',
        ...(how.startsWith('libreoffice-deck-') ? [] : ['--infilter=HTML (StarWriter)']),
        '--convert-to',
        LO_FILTERS[how],
        '--outdir',
        work,
        source,
      ],
      undefined,
      env,
    );
    const made = readdirSync(work).find((f) => f !== 'profile');
    if (made === undefined) throw new Error(`LibreOffice wrote nothing for ${source}`);
    writeFileSync(out, readFileSync(join(work, made)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A deck made of an HTML page's outline (deck.ts): the .fodp Impress converts, and its oracle HTML. */
export function deckOf(html: Uint8Array): { fodp: string; html: string } {
  const blocks = extractHtml(html);
  const title = blocks.find((b) => b.kind === 'heading')?.text ?? 'Slides';
  const slides = deckOutline(blocks, title);
  return { fodp: deckFodp(slides), html: deckHtml(slides, title) };
}

export async function buildCorpus(opts: { update: boolean; log: (s: string) => void }): Promise<Manifest> {
  const sourcesJson = JSON.parse(readFileSync(SOURCES_FILE, 'utf8')) as { about: string; documents: Source[] };
  const ids = new Set<string>();
  for (const s of sourcesJson.documents) {
    if (ids.has(s.id)) throw new Error(`sources.json: duplicate id ${s.id}`);
    ids.add(s.id);
  }
  const dir = corpusDir();
  const debs = join(dir, 'debs');
  const docs = join(dir, 'docs');
  const pkgs = mkdtempSync(join(tmpdir(), 'corpus-pkgs-'));
  try {
    return await buildIn(sourcesJson, dir, debs, docs, pkgs, opts);
  } finally {
    rmSync(pkgs, { recursive: true, force: true });
  }
}

async function buildIn(
  sourcesJson: { about: string; documents: Source[] },
  dir: string,
  debs: string,
  docs: string,
  pkgs: string,
  opts: { update: boolean; log: (s: string) => void },
): Promise<Manifest> {
  const sources = sourcesJson.documents;
  for (const d of [debs, docs]) mkdirSync(d, { recursive: true });

  // 1. Packages: one apt-get download for all that are missing.
  const packages = [...new Set(sources.flatMap((s) => [s.package, ...(s.licenceFrom ? [s.licenceFrom] : [])]))];
  const candidates = candidateVersions(run('apt-cache', ['policy', ...packages]));
  const missing = packages.filter((p) => findDeb(debs, p, candidates.get(p)) === undefined);
  for (const p of missing)
    for (const f of readdirSync(debs).filter((x) => x.startsWith(`${p}_`) && x.endsWith('.deb'))) {
      opts.log(`${f}: not apt's candidate ${candidates.get(p) ?? '(unknown)'}, downloading again`);
      rmSync(join(debs, f));
    }
  if (missing.length > 0) {
    opts.log(`apt-get download ${missing.join(' ')}`);
    try {
      run('apt-get', ['download', ...missing], debs);
    } catch {
      // apt-get stops at the first unknown package: try each alone to name every one that fails.
      const failed: string[] = [];
      for (const p of missing.filter((q) => findDeb(debs, q, candidates.get(q)) === undefined))
        try {
          run('apt-get', ['download', p], debs);
        } catch (err) {
          failed.push(`${p} (${(err as Error).message.split('\n').pop()})`);
        }
      if (failed.length > 0) throw new Error(`could not download ${failed.join(', ')}; apt-get update first?`);
    }
  }
  const versions = new Map<string, { version: string; root: string }>();
  for (const p of packages) {
    const deb = findDeb(debs, p, candidates.get(p));
    if (deb === undefined) throw new Error(`package ${p} is unavailable: apt-get download left no .deb`);
    const version = run('dpkg-deb', ['-f', join(debs, deb), 'Version']).trim();
    const root = join(pkgs, `${p}_${version.replace(/[^\w.+~-]/g, '_')}`);
    run('dpkg', ['-x', join(debs, deb), root]);
    versions.set(p, { version, root });
  }

  // 2. Documents.
  const previous = existsSync(join(dir, 'manifest.json')) ? readManifest(dir).documents : [];
  const entries: ManifestEntry[] = [];
  const problems: string[] = [];
  let changedPins = false;
  for (const s of sources) {
    const { version, root } = versions.get(s.package)!;
    /** Whether `sum` is the document's pinned checksum (or is pinned now: --update, or none yet). */
    const pinned = (sum: string, what: string): boolean => {
      if (s.sha256 === sum) return true;
      if (opts.update || s.sha256 === undefined) {
        s.sha256 = sum;
        changedPins = true;
        return true;
      }
      problems.push(
        `${s.id}: sha256 ${sum} of ${what} is not the pinned ${s.sha256} (npm run corpus -- --update re-pins)`,
      );
      return false;
    };
    const inPkg = join(root, s.path);
    if (!existsSync(inPkg)) {
      problems.push(`${s.id}: ${s.path} is not in ${s.package} ${version}`);
      continue;
    }
    // Debian doc packages link files across /usr/share/doc; resolve inside the extracted tree.
    const real = realpathSync(inPkg);
    if (!real.startsWith(root)) {
      problems.push(`${s.id}: ${s.path} links outside ${s.package} (${real})`);
      continue;
    }
    const raw = readFileSync(real);
    const sourceSha = sha256(raw);
    const file = join(docs, `${s.id}.${EXT[s.format]}`);
    const prev = previous.find((e) => e.id === s.id);
    let bytes: Uint8Array;
    let referenceFile: string | undefined;
    let commands: string[] | undefined;
    let referenceSha256: string | undefined;
    if (s.convert === 'scan') {
      if (s.scan === undefined) {
        problems.push(`${s.id}: convert scan without a scan entry`);
        continue;
      }
      const ref = join(docs, `${s.id}.source.pdf`);
      referenceFile = relative(dir, ref);
      const work = mkdtempSync(join(tmpdir(), 'corpus-scan-'));
      try {
        let src = real;
        if (s.path.endsWith('.gz')) {
          src = join(work, 'source.pdf');
          writeFileSync(src, gunzipSync(raw));
        }
        const steps = scanSteps(src, s.scan, work, ref, file);
        commands = steps.map((st) =>
          [...Object.entries(st.env ?? {}).map(([k, v]) => `${k}=${v}`), st.cmd, ...st.args]
            .join(' ')
            .replaceAll(src, '$SRC')
            .replaceAll(work, '$WORK')
            .replaceAll(`${dir}/`, ''),
        );
        // Rasterising takes a while: kept while the source and the pinned result are unchanged.
        const kept =
          existsSync(file) &&
          existsSync(ref) &&
          prev?.sourceSha256 === sourceSha &&
          s.sha256 !== undefined &&
          sha256(readFileSync(file)) === s.sha256;
        if (!kept) {
          opts.log(`${s.id}: scanning pages ${s.scan.pages.join('-')} of ${s.path} at ${s.scan.dpi} dpi`);
          if (!existsSync(SCAN_FONT_DIR))
            throw new Error(
              `${SCAN_FONT_DIR} is missing: scans are drawn with its fonts (Debian: apt-get install fonts-urw-base35)`,
            );
          writeFileSync(join(work, 'fonts.conf'), scanFontsConf(SCAN_FONT_DIR, join(work, 'fontconfig-cache')));
          for (const st of steps) run(st.cmd, st.args, undefined, st.env);
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
      bytes = readFileSync(file);
      referenceSha256 = sha256(readFileSync(ref));
      if (!pinned(sha256(bytes), `the scan of ${s.package} ${version} ${s.path}`)) continue;
    } else if (s.convert === 'chromium-pdf' || s.convert?.startsWith('libreoffice-')) {
      // Printing and conversion are not byte-reproducible (dates, ids): kept while the source is
      // unchanged, and a deck while its outline is too: the outline is the HTML reader's reading of
      // the source (deckOf), and a deck kept from an older reader would be judged against a newer
      // reading of its oracle, written below at every build.
      const oracle = join(docs, `${s.id}.source.html`);
      const outline = s.convert.startsWith('libreoffice-deck-') ? deckOf(raw).html : undefined;
      if (
        !(
          existsSync(file) &&
          prev?.sourceSha256 === sourceSha &&
          prev.sha256 === sha256(readFileSync(file)) &&
          (outline === undefined || (existsSync(oracle) && readFileSync(oracle, 'utf8') === outline))
        )
      ) {
        if (s.convert === 'chromium-pdf') {
          opts.log(`${s.id}: printing ${s.path} with Chromium`);
          await withPrintFonts(() => printWithChromium(real, file));
        } else if (s.convert.startsWith('libreoffice-deck-')) {
          opts.log(`${s.id}: making a deck of ${s.path}, converting it with LibreOffice (${s.convert})`);
          const deck = join(docs, `${s.id}.deck.fodp`);
          writeFileSync(deck, deckOf(raw).fodp);
          await withPrintFonts((env) => convertWithLibreOffice(deck, file, s.convert as LibreOfficeConversion, env));
        } else {
          opts.log(`${s.id}: converting ${s.path} with LibreOffice (${s.convert})`);
          await withPrintFonts((env) => convertWithLibreOffice(real, file, s.convert as LibreOfficeConversion, env));
        }
      }
      if (s.convert !== 'chromium-pdf') {
        // The oracle: the HTML source, or for a deck the same outline as HTML (deck.ts).
        referenceFile = `${s.id}.source.html`;
        writeFileSync(join(docs, referenceFile), outline ?? raw);
        referenceFile = relative(dir, join(docs, referenceFile));
      }
      bytes = readFileSync(file);
    } else {
      const plain = s.path.endsWith('.gz') ? gunzipSync(raw) : raw;
      // A manual page set as text: groff's output is reproducible under one groff (Debian's 1.22.4).
      const want = s.convert === 'groff-man-text' ? manPageText(plain) : s.convert === 'gunzip' ? plain : raw;
      if (s.convert === 'groff-man-text') commands = [MAN_TEXT_COMMAND];
      const have = existsSync(file) ? readFileSync(file) : undefined;
      if (have === undefined || sha256(have) !== sha256(want)) writeFileSync(file, want);
      bytes = want;
      if (!pinned(sha256(want), `${s.package} ${version} ${s.path}`)) continue;
    }
    let producer = '';
    let creator = '';
    let pages: number | undefined;
    if (s.format === 'pdf') ({ producer, creator, pages } = pdfInfo(file));
    else if (s.format === 'html') producer = htmlGenerator(Buffer.from(bytes).toString('latin1'));
    const licenceRoot = s.licenceFrom ? versions.get(s.licenceFrom)!.root : root;
    const licencePkg = s.licenceFrom ?? s.package;
    const copyrightFile = [join('usr/share/doc', licencePkg, 'copyright')]
      .concat(readdirSync(join(licenceRoot, 'usr/share/doc')).map((d) => join('usr/share/doc', d, 'copyright')))
      .find((f) => existsSync(join(licenceRoot, f)));
    entries.push({
      id: s.id,
      file: relative(dir, file),
      package: s.package,
      version,
      path: s.path,
      format: s.format,
      class: s.class,
      lang: s.lang,
      tags: s.tags ?? [],
      ...(s.convert ? { convert: s.convert } : {}),
      ...(referenceFile ? { referenceFile } : {}),
      ...(commands ? { commands } : {}),
      ...(referenceSha256 ? { referenceSha256 } : {}),
      licence: copyrightFile ? licenceOf(readFileSync(join(licenceRoot, copyrightFile), 'utf8')) : 'no copyright file',
      copyrightFile: copyrightFile ? `${licencePkg}:/${copyrightFile}` : '',
      sha256: sha256(bytes),
      sourceSha256: sourceSha,
      bytes: bytes.length,
      producer,
      creator,
      ...(pages !== undefined ? { pages } : {}),
    });
  }
  if (changedPins) {
    writeFileSync(SOURCES_FILE, `${JSON.stringify(sourcesJson, null, 2)}\n`);
    opts.log(`re-pinned checksums in ${relative(ROOT, SOURCES_FILE)}`);
  }
  if (problems.length > 0) throw new Error(`corpus build failed:\n  ${problems.join('\n  ')}`);
  const manifest: Manifest = { built: new Date().toISOString(), corpusDir: dir, documents: entries };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const m = await buildCorpus({ update: process.argv.includes('--update'), log: (s) => console.error(s) });
  const by = new Map<string, number>();
  for (const d of m.documents) by.set(d.class, (by.get(d.class) ?? 0) + 1);
  console.log(
    `${m.documents.length} documents in ${m.corpusDir} (${[...by].map(([k, n]) => `${k} ${n}`).join(', ')}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

if (import.meta.main) {
  try {
    await main();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}

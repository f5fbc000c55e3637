// Real headless Chromium for end-to-end tests of pages the service serves, driven
// by playwright-core. Never a browser download: the browser is the one shipped
// inside the npm package @sparticuz/chromium (a devDependency, so `npm ci` brings
// it), unless CHROMIUM_PATH names another binary (e.g. /usr/bin/chromium).
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflate } from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Executable {
  path: string;
  env: Record<string, string>;
}

/**
 * The package's compressed browser (chrome-headless-shell), its fonts (unused, see below), and the NSS,
 * NSPR and expat libraries it links against (packed for Amazon Linux, plain glibc
 * builds), unpacked once per package version into os.tmpdir()/sparticuz-chromium-VERSION.
 * Nothing else is written and nothing is fetched. The package's own executablePath()
 * is not used: it reuses any /tmp/chromium it finds, whatever its version or state
 * (a half-written file from an interrupted or concurrent run included), and unpacks
 * the libraries only on Amazon Linux. Here each run unpacks into its own directory
 * and renames it into place whole, so a reader sees a complete browser or none.
 */
async function shippedChromium(): Promise<Executable> {
  // The package exports only its entry (build/index.js); its root is two levels up.
  const root = dirname(dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const bin = join(root, 'bin');
  const target = join(tmpdir(), `sparticuz-chromium-${version}`);
  if (!existsSync(join(target, 'chromium'))) {
    const staging = mkdtempSync(join(tmpdir(), `sparticuz-chromium-${version}-`));
    // inflate() writes into os.tmpdir(), which reads TMPDIR on every call.
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    try {
      await Promise.all(
        ['chromium.br', 'fonts.tar.br', 'swiftshader.tar.br', 'al2023.tar.br'].map((f) => inflate(join(bin, f))),
      );
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    try {
      renameSync(staging, target);
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      // Another run got there first; anything else is a real failure.
      if (!existsSync(join(target, 'chromium'))) throw err;
    }
  }
  // Fonts: the machine's fontconfig set (Debian's poppler-utils brings fonts-dejavu-core). With the
  // package's own set alone (Open Sans), a glyph it lacks sends this build's font fallback to a
  // FATAL "Not implemented" (SkFontMgr_FontConfigInterface) on the /docs page.
  return { path: join(target, 'chromium'), env: { LD_LIBRARY_PATH: join(target, 'al2023', 'lib') } };
}

export async function chromiumExecutable(): Promise<Executable> {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen === undefined || chosen === '') return shippedChromium();
  if (!existsSync(chosen))
    throw new Error(
      `Chromium not found at CHROMIUM_PATH=${chosen}: unset it to use the browser of @sparticuz/chromium`,
    );
  return { path: chosen, env: {} };
}

export async function launchChromium(): Promise<Browser> {
  const exe = await chromiumExecutable();
  return chromium.launch({
    executablePath: exe.path,
    args: ARGS,
    env: { ...process.env, ...exe.env },
    timeout: 60_000,
  });
}

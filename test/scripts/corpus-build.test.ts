// The pure parts of the corpus builder (scripts/corpus/build.ts): one table each.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  candidateVersions,
  htmlGenerator,
  licenceOf,
  manPageText,
  PRINT_FONT_DIRS,
  printFontsConf,
  SCAN_FONT_DIR,
  type ScanSpec,
  scanFontsConf,
  scanSteps,
} from '../../scripts/corpus/build.ts';

describe('licenceOf', () => {
  const cases: [string, string, string][] = [
    [
      'DEP-5 fields, each once',
      'Files: *\nLicense: GPL-3+\n\nFiles: doc/*\nLicense: GFDL-1.3\nLicense: GPL-3+\n',
      'GPL-3+, GFDL-1.3',
    ],
    [
      'free-form text naming licences',
      'This is under the LaTeX Project Public License and the GNU General Public License.',
      'free-form: mentions LPPL, GPL',
    ],
    ['nothing recognisable', 'Copyright 2001 someone. All rights reserved.', 'unknown (see copyright file)'],
  ];
  for (const [name, text, want] of cases) test(name, () => assert.equal(licenceOf(text), want));
});

describe('htmlGenerator', () => {
  const cases: [string, string, string][] = [
    ['name then content', '<meta name="generator" content="Docutils 0.19" />', 'Docutils 0.19'],
    ['content then name, capitalised', "<META content='makeinfo' name='Generator'>", 'makeinfo'],
    ['none', '<html><head><title>x</title></head></html>', ''],
  ];
  for (const [name, html, want] of cases) test(name, () => assert.equal(htmlGenerator(html), want));
});

describe('candidateVersions', () => {
  const policy = [
    'glpk-doc:',
    '  Installed: (none)',
    '  Candidate: 5.0-1',
    '  Version table:',
    '     5.0-1 500',
    'ghostscript-doc:',
    '  Installed: (none)',
    '  Candidate: 10.0.0~dfsg-11+deb12u9',
    'gone-doc:',
    '  Installed: (none)',
    '  Candidate: (none)',
  ].join('\n');
  const got = candidateVersions(policy);
  const cases: [string, string, string | undefined][] = [
    ['a plain version', 'glpk-doc', '5.0-1'],
    ['a security-update version', 'ghostscript-doc', '10.0.0~dfsg-11+deb12u9'],
    ['no candidate', 'gone-doc', undefined],
  ];
  for (const [name, pkg, want] of cases) test(name, () => assert.equal(got.get(pkg), want));
});

describe('scanSteps: a scanned or mixed PDF made from born-digital pages', () => {
  const steps = (spec: ScanSpec) =>
    scanSteps('/pkg/manual.pdf', spec, '/work', '/docs/x.source.pdf', '/docs/x.pdf').map((s) =>
      [s.cmd, ...s.args].join(' '),
    );
  test('every page scanned: the reference, then one image and one image-only page each, then the document', () =>
    assert.deepEqual(steps({ pages: [3, 4], dpi: 300 }), [
      'qpdf --deterministic-id --empty --pages /pkg/manual.pdf 3-4 -- /docs/x.source.pdf',
      'pdftoppm -r 300 -gray -png -f 3 -l 3 -singlefile /pkg/manual.pdf /work/p0003',
      'img2pdf --nodate /work/p0003.png -o /work/p0003.pdf',
      'pdftoppm -r 300 -gray -png -f 4 -l 4 -singlefile /pkg/manual.pdf /work/p0004',
      'img2pdf --nodate /work/p0004.png -o /work/p0004.pdf',
      'qpdf --deterministic-id --empty --pages /work/p0003.pdf 1 /work/p0004.pdf 1 -- /docs/x.pdf',
    ]));
  test('mixed: the pages not scanned come from the reference, in their place', () =>
    assert.deepEqual(
      steps({ pages: [10, 12], dpi: 200, scanned: [11] }).at(-1),
      [
        'qpdf --deterministic-id --empty --pages /docs/x.source.pdf 1 /work/p0011.pdf 1 /docs/x.source.pdf 3 -- /docs/x.pdf',
      ][0],
    ));
  const bad: [string, ScanSpec, RegExp][] = [
    ['a range backwards', { pages: [5, 4], dpi: 200 }, /not a page range/],
    ['page 0', { pages: [0, 4], dpi: 200 }, /not a page range/],
    ['a resolution no scanner uses', { pages: [1, 2], dpi: 2000 }, /not in 72-600/],
    ['a scanned page outside the range', { pages: [1, 2], dpi: 200, scanned: [3] }, /not in 1-2/],
  ];
  for (const [name, spec, error] of bad) test(`refused: ${name}`, () => assert.throws(() => steps(spec), error));
  test('only the rasterising steps run with the scan fonts', () =>
    assert.deepEqual(
      scanSteps('/pkg/manual.pdf', { pages: [3, 3], dpi: 300 }, '/work', '/docs/x.source.pdf', '/docs/x.pdf').map(
        (s) => [s.cmd, s.env?.FONTCONFIG_FILE],
      ),
      [
        ['qpdf', undefined],
        ['pdftoppm', '/work/fonts.conf'],
        ['img2pdf', undefined],
        ['qpdf', undefined],
      ],
    ));
});

describe('scanFontsConf: a scan is drawn with the URW base-35 fonts whatever else the machine has', () => {
  const conf = scanFontsConf(SCAN_FONT_DIR, '/work/cache');
  test('one font directory, its own cache, and no system rules', () => {
    assert.deepEqual(
      [...conf.matchAll(/<dir>([^<]*)<\/dir>/g)].map((m) => m[1]),
      [SCAN_FONT_DIR],
    );
    assert.match(conf, /<cachedir>\/work\/cache<\/cachedir>/);
    assert.doesNotMatch(conf, /<include/);
  });
  const standard: [string, string][] = [
    ['Helvetica', 'Nimbus Sans'],
    ['Times', 'Nimbus Roman'],
    ['Courier', 'Nimbus Mono PS'],
    ['Symbol', 'Standard Symbols PS'],
    ['ZapfDingbats', 'D050000L'],
    ['sans-serif', 'Nimbus Sans'],
  ];
  for (const [name, urw] of standard)
    test(`${name} is drawn with ${urw}`, () =>
      assert.ok(
        conf.includes(`<alias binding="same"><family>${name}</family><prefer><family>${urw}</family></prefer></alias>`),
      ));
});

describe('printFontsConf: a Chromium print or a LibreOffice conversion sees the fonts CI installs, no others', () => {
  const conf = printFontsConf(PRINT_FONT_DIRS, '/work/cache');
  test('the font directories of fonts-dejavu-core, fonts-urw-base35 and fonts-opensymbol, nothing above them', () => {
    const dirs = [...conf.matchAll(/<dir>([^<]*)<\/dir>/g)].map((m) => m[1]);
    assert.deepEqual(dirs, PRINT_FONT_DIRS);
    // Not /usr/share/fonts itself, nor the home and /usr/local directories the system file adds.
    for (const d of dirs) assert.match(d, /^\/usr\/share\/fonts\/[^/]+\/[^/]+$/);
  });
  test('its own cache, and the system rules (aliases, generic families) kept', () => {
    assert.match(conf, /<cachedir>\/work\/cache<\/cachedir>/);
    assert.match(conf, /<include ignore_missing="yes">\/etc\/fonts\/conf.d<\/include>/);
    assert.doesNotMatch(conf, /\/etc\/fonts\/fonts.conf/);
  });
  // With fontconfig's own lister, where the machine has it (CI does: poppler-utils brings it).
  const fcList = spawnSync('fc-list', ['--version']).status === 0;
  if (!fcList) console.log('# fc-list is absent: the fontconfig file is not tried on this machine');
  test('fontconfig given that file lists fonts of those directories only', { skip: !fcList }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'print-fonts-'));
    try {
      writeFileSync(join(dir, 'fonts.conf'), printFontsConf(PRINT_FONT_DIRS, join(dir, 'cache')));
      const out = execFileSync('fc-list', [':', 'file'], {
        env: { ...process.env, FONTCONFIG_FILE: join(dir, 'fonts.conf') },
      })
        .toString()
        .split('\n')
        .filter((l) => l.trim() !== '');
      for (const line of out)
        assert.ok(
          PRINT_FONT_DIRS.some((d) => line.startsWith(`${d}/`)),
          line,
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('manPageText', () => {
  const groff = spawnSync('groff', ['--version']).status === 0 && spawnSync('col', ['-V']).error === undefined;
  test('a page set as man shows it: header, sections at the margin, body at seven, no overstrikes', {
    skip: !groff,
  }, () => {
    const roff =
      '.TH FOO 1 "May 2024" "foo 1.0" "User Commands"\n.SH NAME\nfoo \\- frobs files\n.SH DESCRIPTION\n.B foo\nfrobs.\n';
    const lines = manPageText(new TextEncoder().encode(roff)).toString('utf8').split('\n');
    assert.match(lines[0]!, /^FOO\(1\) +User Commands +FOO\(1\)$/);
    assert.ok(lines.includes('NAME') && lines.includes('DESCRIPTION'));
    assert.ok(
      lines.includes('       foo - frobs files') || lines.includes('       foo \u2010 frobs files'),
      lines.join('|'),
    );
    assert.ok(!lines.some((l) => l.includes('\b')));
  });
});

// The pure parts of the corpus builder (scripts/corpus/build.ts): one table each.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { candidateVersions, htmlGenerator, licenceOf } from '../../scripts/corpus/build.ts';

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

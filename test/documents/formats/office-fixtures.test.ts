// The office fixtures made once by Debian's LibreOffice (test/fixtures/office/; `npm run
// fixtures:office` remakes them, scripts/office-fixtures.ts prints each command): what the
// OpenDocument and PowerPoint readers make of real LibreOffice output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { detectFormat } from '../../../src/documents/detect.ts';
import { formatNamed } from '../../../src/documents/formats/index.ts';
import { chunkDocument } from '../../../src/documents/chunk-document.ts';
import type { DocumentBlock } from '../../../src/documents/blocks.ts';

const DIR = new URL('../../fixtures/office/', import.meta.url);
const read = (name: string) => new Uint8Array(readFileSync(new URL(name, DIR)));
const show = (bs: DocumentBlock[]) =>
  bs.map((b) => `${b.kind}${b.slide ? `@${b.slide}` : ''}: ${b.lines ? b.lines.join('\\n') : b.text}`);

test('sample.odt (sample.html saved by Writer): headings, numbers, code, the table with its merged cells (a value merged down repeats on its rows)', async () => {
  const bytes = read('sample.odt');
  assert.equal(detectFormat(bytes), 'odt');
  const { blocks } = await formatNamed('odt').extract(bytes, {});
  assert.deepEqual(show(blocks), [
    'heading: Release notes',
    'paragraph: This document lists what changed between the two releases of the parser.',
    'heading: 1. Installing',
    'paragraph: Run the commands below; the second one needs network access.',
    'code: $ ./configure --prefix=/usr\\n$ make\\n    make install DESTDIR=/tmp/stage',
    'item: 3. Check the checksum.',
    'item: 4. Unpack the archive.',
    'item: a. into /opt',
    'item: b. into /usr/local',
    'item: 5. Start the service.',
    'item: First bullet point.',
    'item: Second bullet point.',
    'heading: 1.1 Options',
    'row: Option | Default | Meaning',
    'row: --fast |  | Skips the checks.',
    'row: --merged wide cell |  | Spans two columns.',
    'row: --tall | 1 | First of two rows.',
    'row: --tall | 2 | Second of two rows.',
    'heading: 2. Résumé',
    'paragraph: Une dernière phrase avec des accents: élève, garçon, naïve.',
  ]);
  assert.deepEqual(
    blocks.filter((b) => b.kind === 'heading').map((b) => b.level),
    [1, 2, 3, 2],
  );
});

const DECK = [
  'heading@1: Packaging a library',
  'paragraph@1: A walk through the Debian way',
  'heading@2: Steps to follow',
  'item@2: Write the control file.',
  'item@2: Name the build dependencies.',
  'item@2: Write the rules file.',
  'item@2: 1. Build the package.',
  'item@2: 2. Check it with lintian.',
  'item@2: a) Fix the warnings.',
  'paragraph@2: Remind the audience that lintian runs on the built package, not on the source tree.',
  'heading@3: Files of a source package',
  'row@3: File | Required | Purpose',
  'row@3: control | yes | Names the packages.',
  'row@3: watch |  | Finds new upstream releases.',
  'row@3: copyright (merged) |  | States the licences.',
  'heading@4: A rules file',
  'code@4: #!/usr/bin/make -f\\n%:\\n\tdh $@',
];

for (const [file, format] of [
  ['deck.pptx', 'pptx'],
  ['deck.odp', 'odp'],
] as const)
  test(`${file} (deck.fodp saved by Impress): slide titles, numbers, notes, table, code; the slide number left out`, async () => {
    const bytes = read(file);
    assert.equal(detectFormat(bytes), format);
    const { blocks } = await formatNamed(format).extract(bytes, {});
    assert.deepEqual(show(blocks), DECK);
    const chunks = await chunkDocument({ format, bytes });
    assert.equal(chunks.length, 1);
    assert.deepEqual([chunks[0]!.pageStart, chunks[0]!.pageEnd], [1, 4]);
  });

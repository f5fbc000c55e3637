// traineddataProblem: which Tesseract language files the service accepts at start (a table).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  languageDataDir,
  languageDataFile,
  SHIPPED_DATA_DIR,
  traineddataProblem,
} from '../../../src/documents/ocr/options.ts';

/** A traineddata table of contents: entry i at offsets[i] (-1: absent), followed by `body` bytes. */
function table(offsets: number[], body = 64): Buffer {
  const head = Buffer.alloc(4 + 8 * offsets.length);
  head.writeInt32LE(offsets.length, 0);
  offsets.forEach((o, i) => head.writeBigInt64LE(BigInt(o), 4 + 8 * i));
  return Buffer.concat([head, Buffer.alloc(body)]);
}
const start = (entries: number) => 4 + 8 * entries;
/** 24 entries, as Tesseract 4 and 5 write them, with the LSTM model (entry 17) and two after it. */
const lstmOnly = Array.from({ length: 24 }, (_, i) =>
  i === 17 ? start(24) : i === 18 ? start(24) + 10 : i === 23 ? start(24) + 20 : -1,
);

describe('traineddataProblem: a Tesseract LSTM model, plain or gzipped', () => {
  const packaged = readFileSync(join(languageDataDir('eng'), 'eng.traineddata.gz'));
  const cases: [name: string, file: Uint8Array, problem: string | undefined][] = [
    ["the npm package's eng (gzipped)", packaged, undefined],
    ['the same unpacked', gunzipSync(packaged), undefined],
    ['a made table with the LSTM entry', table(lstmOnly), undefined],
    ['the same gzipped', gzipSync(table(lstmOnly)), undefined],
    ['empty', new Uint8Array(0), 'no table of contents'],
    ['text', Buffer.from('not a model'), 'no table of contents'],
    ['a negative entry count', table([], 8).fill(0xff, 0, 4), 'no table of contents'],
    [
      'an entry count over 1000',
      Buffer.concat([Buffer.from([0xe9, 0x03, 0, 0]), Buffer.alloc(8 * 1001)]),
      'no table of contents',
    ],
    ['a table longer than the file', table(lstmOnly, 0).subarray(0, 100), 'no table of contents'],
    ['gzip magic, then junk', Buffer.from([0x1f, 0x8b, 1, 2, 3, 4]), 'a damaged gzip file'],
    [
      'an entry past the end of the file',
      table(lstmOnly.map((o, i) => (i === 23 ? 10_000 : o))),
      'a table of contents pointing outside the file',
    ],
    [
      'an entry inside the table',
      table(lstmOnly.map((o, i) => (i === 17 ? 8 : o))),
      'a table of contents pointing outside the file',
    ],
    [
      'entries out of order',
      table(lstmOnly.map((o, i) => (i === 18 ? start(24) + 30 : i === 23 ? start(24) + 20 : o))),
      'a table of contents pointing outside the file',
    ],
    ['no LSTM entry (a legacy-only or osd file)', table(lstmOnly.map((o, i) => (i === 17 ? -1 : o))), 'no LSTM model'],
    [
      'a table too short to have one',
      table([start(11), -1, start(11) + 8, -1, -1, -1, -1, -1, -1, -1, -1]),
      'no LSTM model',
    ],
  ];
  for (const [name, file, problem] of cases)
    test(`${name} -> ${problem ?? 'accepted'}`, () => assert.equal(traineddataProblem(file), problem));
});

describe('the English model shipped with the service (tessdata/README.md)', () => {
  const shipped = join(SHIPPED_DATA_DIR, 'eng.traineddata');

  test('is the file SHA256SUMS names, byte for byte, and an LSTM model the service accepts', () => {
    const sums = readFileSync(join(SHIPPED_DATA_DIR, 'SHA256SUMS'), 'utf8');
    const [want, name] = sums.trim().split(/\s+/);
    assert.equal(name, 'eng.traineddata');
    const bytes = readFileSync(shipped);
    assert.equal(createHash('sha256').update(bytes).digest('hex'), want);
    assert.equal(traineddataProblem(bytes), undefined);
  });

  test('its licence and copyright travel with it', () => {
    assert.match(readFileSync(join(SHIPPED_DATA_DIR, 'LICENSE'), 'utf8'), /Apache License\s+Version 2\.0/);
    assert.match(readFileSync(join(SHIPPED_DATA_DIR, 'copyright'), 'utf8'), /Upstream-Name: tessdata_fast/);
  });

  const dir = mkdtempSync(join(tmpdir(), 'ocr-data-dir-'));
  writeFileSync(join(dir, 'eng.traineddata.gz'), gzipSync(Buffer.from('a model')));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const cases: [name: string, code: string, dataDir: string | undefined, file: string | undefined][] = [
    ['eng without OCR_DATA_DIR: the shipped model', 'eng', undefined, shipped],
    ["eng with OCR_DATA_DIR: the directory's", 'eng', dir, join(dir, 'eng.traineddata.gz')],
    ['another language with OCR_DATA_DIR lacking it: none', 'deu', dir, undefined],
    ['a language neither shipped nor installed from npm: none', 'deu', undefined, undefined],
    ['not a language code: none, whatever the shipped directory holds', '../tessdata/eng', undefined, undefined],
  ];
  for (const [name, code, dataDir, file] of cases)
    test(name, () => assert.equal(languageDataFile(code, dataDir), file));
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildLines, type RawItem } from '../../../../src/documents/formats/pdf/layout.ts';

const item = (str: string, x: number, y: number, o: Partial<RawItem> = {}): RawItem => ({
  str,
  x,
  y,
  width: str.length * 5,
  size: 10,
  font: 'f',
  mono: false,
  ...o,
});

test('two columns written line by line across both columns are read column by column', () => {
  const items: RawItem[] = [];
  for (let i = 0; i < 6; i++) {
    items.push(item(`Left column sentence number ${i}`, 72, 700 - i * 12));
    items.push(item(`Right column sentence number ${i}`, 320, 700 - i * 12));
  }
  const lines = buildLines(items).map((l) => l.text);
  assert.deepEqual(
    lines.slice(0, 6),
    [0, 1, 2, 3, 4, 5].map((i) => `Left column sentence number ${i}`),
  );
  assert.deepEqual(
    lines.slice(6),
    [0, 1, 2, 3, 4, 5].map((i) => `Right column sentence number ${i}`),
  );
});

test('two columns on staggered baselines are read column by column', () => {
  const items: RawItem[] = [];
  for (let i = 0; i < 6; i++) {
    items.push(item(`left ${i} words words words`, 72, 700 - i * 12));
    items.push(item(`right ${i} words words words`, 320, 704 - i * 12));
  }
  const lines = buildLines(items).map((l) => l.text.split(' ')[0]);
  assert.deepEqual(lines, [...Array(6).fill('left'), ...Array(6).fill('right')]);
});

test('a contents line keeps its page number on the same line', () => {
  const items = [0, 1, 2, 3].flatMap((i) => [
    item(`Entry title number ${i}`, 57, 700 - i * 14),
    item(`${i + 3}`, 531, 700 - i * 14),
  ]);
  assert.deepEqual(
    buildLines(items).map((l) => l.text),
    [0, 1, 2, 3].map((i) => `Entry title number ${i} ${i + 3}`),
  );
});

test('items drawn with a gap and no space glyph get a space; kerned parts do not', () => {
  const lines = buildLines([
    item('The', 72, 700, { width: 15 }),
    item('quick', 90, 700, { width: 25 }),
    item('ness', 115.2, 700, { width: 20 }),
  ]);
  assert.equal(lines[0]!.text, 'The quickness');
});

// A picture's texture drawn with text (src/documents/formats/pdf/textures.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textureItems } from '../../../../src/documents/formats/pdf/textures.ts';

/** Each string's copies, spread over `rows` rows of a page (a texture covers it; text stands on its lines). */
const items = (counts: Record<string, number>, rows = 840) =>
  Object.entries(counts).flatMap(([str, n]) => Array.from({ length: n }, (_, i) => ({ str, y: (i * 13) % rows })));
const texts = (s: Set<{ str: string }>) => [...new Set([...s].map((i) => i.str))].sort();

test('textureItems: copies of a few strings that make nearly all of a page', async (t) => {
  const cases: [name: string, counts: Record<string, number>, want: string[]][] = [
    [
      // ConTeXt's "nodes": a diagram's labels repeated thousands of times behind the title.
      'a cover of repeated labels: the labels go, the title and the author stay',
      { '1 H': 2000, '12 C': 500, 𝛾: 1400, '+ 𝜈': 900, '5': 1, nodes: 1, 'alan braslau': 1 },
      ['+ 𝜈', '1 H', '12 C', '𝛾'],
    ],
    ['a hundred signs behind a title: too few to tell from a page of text', { '\\': 100, 'low level': 1 }, []],
    [
      'a page of text: many strings, none drawn twenty times',
      Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`word${i}`, 1])),
      [],
    ],
    ['leader dots drawn a dot at a time: a contents page, no texture', { '.': 3000, 'Introduction 1': 30 }, []],
    ['a figure of a page filled with words: read as text', { bla: 1500, 'Figure 4.1': 1 }, []],
    [
      'copies that are under nine items in ten of the page: no texture',
      { '1 H': 1000, ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`line ${i}`, 1])) },
      [],
    ],
  ];
  for (const [name, counts, want] of cases)
    await t.test(name, () => assert.deepEqual(texts(textureItems(items(counts))), want));
  // A page drawn a glyph at a time: its letters copied hundreds of times, on its fifty lines.
  await t.test('a page of text drawn a glyph at a time, on fifty lines: no texture', () =>
    assert.deepEqual(texts(textureItems(items({ e: 400, t: 300, a: 250, o: 200, n: 150, s: 100 }, 50))), []),
  );
  await t.test('a table of symbols on two hundred rows: no texture', () =>
    assert.deepEqual(texts(textureItems(items({ 𝑒: 800, '=': 800, 𝑚𝑐2: 800, '2': 100 }, 200))), []),
  );
});

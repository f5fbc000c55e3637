// A slide deck's navigation sidebar (src/documents/formats/pdf/sidebar.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inSidebar, sidebarBand } from '../../../../src/documents/formats/pdf/sidebar.ts';
import type { PageText, TextLine } from '../../../../src/documents/formats/pdf/types.ts';

const line = (text: string, x: number, y: number, width = 40, size = 5): TextLine => ({
  text,
  x,
  xEnd: x + width,
  y,
  size,
  font: 'f',
  mono: false,
});

/** LaTeX-Course.pdf's shape: a 363 pt slide, the sidebar at x 309-359, its entries moving down as a section's subsections open. */
const deck = (n: number, sidebar = true, bodyRight = 282): PageText[] =>
  Array.from({ length: n }, (_, i) => {
    const open = i % 3; // subsections opened under "Introduction"
    const side = sidebar
      ? [
          line('The LATEX document', 312, 260),
          line('Dr Engelbert Buxbaum', 309.7, 244.7),
          line('Introduction', 309.1, 229.3),
          ...Array.from({ length: open }, (_, k) => line(`Subsection ${'abc'[k]}`, 311.1, 221 - 7 * k, 30, 4)),
          line('Basic commands', 309.1, 210 - 7 * open),
          line('Maths', 309.1, 200 - 7 * open),
        ]
      : [];
    return {
      number: i + 1,
      width: 362.8,
      height: 272.1,
      lines: [
        ...side,
        line(`Slide title ${i}`, 8.5, 252, 100, 14.3),
        line(`Body text of slide ${i} with words`, 24.6, 156, bodyRight - 24.6, 10),
      ],
    };
  });

test('sidebarBand: the entries standing on every slide make the band, wherever their height', () => {
  const band = sidebarBand(deck(6));
  assert.ok(band);
  assert.ok(band[0] <= 309.1 && band[1] >= 349.3, JSON.stringify(band));
});

for (const [name, pages] of [
  ['a deck without a sidebar', deck(6, false)],
  ['three slides', deck(3)],
  ['slide text that runs into the band on most slides', deck(6, true, 340)],
] as const) {
  test(`sidebarBand: none on ${name}`, () => assert.equal(sidebarBand(pages), undefined));
}

test('sidebarBand: a running head in three parts across the page is no side band', () => {
  const pages = deck(6, false).map((p) => ({
    ...p,
    lines: [line('Author', 10, 265), line('Title', 160, 265), line('Date', 300, 265), ...p.lines],
  }));
  assert.equal(sidebarBand(pages), undefined);
});

test("inSidebar: the band's lines, a subsection's too; not the slide's text", () => {
  const band: [number, number] = [307, 361];
  assert.equal(inSidebar(line('Subsection a', 311.1, 221, 30, 4), band), true);
  assert.equal(inSidebar(line('Body text', 24.6, 156, 250, 10), band), false);
  assert.equal(inSidebar(line('A wide line into the band', 200, 100, 150, 10), band), false);
});

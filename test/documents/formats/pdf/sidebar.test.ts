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

/** sidebarBand as first written, before its quick no: the answer it must keep giving. */
function sidebarBandByDefinition(pages: readonly PageText[]): [number, number] | undefined {
  if (pages.length < 4) return undefined;
  const seen = new Map<string, { pages: number; x: number; xEnd: number }>();
  for (const p of pages) {
    const keys = new Set<string>();
    for (const l of p.lines) {
      if (!/\p{L}{2,}/u.test(l.text)) continue;
      const key = `${Math.round(l.x)}|${l.text}`;
      if (keys.has(key)) continue;
      keys.add(key);
      const s = seen.get(key);
      if (s) {
        s.pages++;
        s.xEnd = Math.max(s.xEnd, l.xEnd);
      } else seen.set(key, { pages: 1, x: l.x, xEnd: l.xEnd });
    }
  }
  const entries = [...seen.values()].filter((s) => s.pages * 2 > pages.length && s.pages >= 3);
  if (entries.length < 3) return undefined;
  const left = Math.min(...entries.map((s) => s.x)) - 2;
  const right = Math.max(...entries.map((s) => s.xEnd)) + 2;
  const width = Math.max(...pages.map((p) => p.width ?? 0));
  if (!(width > 0) || (right > width / 3 && left < (1 - 1 / 3) * width)) return undefined;
  let crossed = 0;
  for (const p of pages)
    if (p.lines.some((l) => l.xEnd > left && l.x < right && !(l.x >= left && l.xEnd <= right))) crossed++;
  return crossed <= 0.1 * pages.length ? [left, right] : undefined;
}

test('sidebarBand: the same answer as by its definition on 600 random decks and books', () => {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  let bands = 0;
  for (let trial = 0; trial < 600; trial++) {
    const width = pick([362.8, 612, 595, 0]);
    const n = 3 + Math.floor(rand() * 12);
    // Entries of a would-be sidebar: near an edge, near a third's boundary, or across the middle.
    const entryWidth = pick([10, 30, 50, 80]);
    // Every third trial, entries right at an outer third's edge (within 1.5 pt of the 2 pt tolerance).
    const edge = trial % 3 === 0;
    const w = width || 600;
    const at = !edge
      ? pick([0.02, 0.2, 0.3, 0.32, 0.34, 0.5, 0.62, 0.66, 0.68, 0.85]) * w
      : rand() < 0.5
        ? w / 3 - 2 - entryWidth * 1.2 + (rand() * 3 - 1.5)
        : (2 * w) / 3 + 2 + (rand() * 3 - 1.5);
    const entries = Array.from({ length: 2 + Math.floor(rand() * 4) }, (_, k) => `Entry ${'abcdef'[k]}`);
    const pages: PageText[] = Array.from({ length: n }, (_, i) => ({
      number: i + 1,
      width,
      height: 272,
      lines: [
        ...entries
          .filter(() => rand() < 0.8)
          .map((t, k) =>
            line(
              t,
              at + (rand() < 0.3 ? rand() * 1.2 - 0.6 : 0),
              250 - 10 * k,
              entryWidth * (edge ? 1.2 : 0.8 + rand() * 0.4),
            ),
          ),
        ...Array.from({ length: Math.floor(rand() * 4) }, (_, k) =>
          rand() < 0.9
            ? line(
                pick(['Body text here', `Line ${i} ${k}`, '12']),
                (0.36 + rand() * 0.1) * (width || 600),
                150 - 12 * k,
                rand() * 0.15 * (width || 600),
              )
            : line(pick(['More words', 'x']), rand() * (width || 600), 150 - 12 * k, rand() * 300),
        ),
      ],
    }));
    const expected = sidebarBandByDefinition(pages);
    if (expected) bands++;
    assert.deepEqual(sidebarBand(pages), expected, `trial ${trial}`);
  }
  assert.ok(bands >= 30, `only ${bands} bands among the trials: the test would not see a wrong quick no`);
});

// A deck's navigation sidebar in the reference (scripts/quality/sidebar.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withoutSidebar } from '../../scripts/quality/sidebar.ts';
import type { XmlFragment } from '../../scripts/quality/pdf-code.ts';

const frag = (page: number, top: number, left: number, width: number, text: string): XmlFragment => ({
  page,
  top,
  left,
  width,
  height: 6,
  mono: false,
  text,
});

/** Four slides 544 wide: the sidebar at left 464 (LaTeX-Course.pdf, pdftohtml's units), its logo split. */
const fragments = (open: boolean) =>
  [1, 2, 3, 4].flatMap((p) => [
    frag(p, 36, 464, 74, 'Dr Engelbert Buxbaum'),
    frag(p, 59, 464, 41, 'Introduction'),
    ...(open && p === 2 ? [frag(p, 72, 467, 39, 'Tables and stu')] : []),
    frag(p, 105, 464, 52, 'Structure of a L'),
    frag(p, 105, 513, 6, 'A'),
    frag(p, 105, 517, 11, 'TEX'),
    frag(p, 16, 13, 100, `Slide ${p}`),
    frag(p, 139, 46, 300, `Body of slide ${p}`),
  ]);
const text = [1, 2, 3, 4]
  .map(
    (p) =>
      `Slide ${p}\n\nDr Engelbert Buxbaum\nIntroduction\n${p === 2 ? 'Tables and stuff\n' : ''}Structure of a LATEX\n\nBody of slide ${p}\n`,
  )
  .join('\f');

test("withoutSidebar: the sidebar's lines go, a logo split by pdftohtml and a line whose ligature it dropped too", () => {
  assert.deepEqual(
    withoutSidebar(text, fragments(true))
      .split('\f')
      .map((p) => p.split('\n').filter((l) => l.trim())),
    [1, 2, 3, 4].map((p) => [`Slide ${p}`, `Body of slide ${p}`]),
  );
});

test('withoutSidebar: a deck without a band (fragments across the page) is unchanged', () => {
  const across = fragments(false).map((f) => (f.left >= 464 ? { ...f, left: f.left - 400 } : f));
  assert.equal(withoutSidebar(text, across), text);
});

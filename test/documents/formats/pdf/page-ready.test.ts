// readyPage and readyLines (src/documents/formats/pdf/page-ready.ts): a page's lines normalised and
// its stepKey made where the page is read, unless OCR's triage may look at the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readyLines, readyPage } from '../../../../src/documents/formats/pdf/page-ready.ts';
import { normalizeLine } from '../../../../src/documents/formats/pdf/clean.ts';
import { stepText } from '../../../../src/documents/formats/pdf/overlays.ts';
import type { PageText, TextLine } from '../../../../src/documents/formats/pdf/types.ts';

const line = (text: string, y: number, extra: Partial<TextLine> = {}): TextLine => ({
  text,
  x: 72,
  xEnd: 400,
  y,
  size: 10,
  font: 'F1',
  mono: false,
  ...extra,
});
const page = (texts: string[], extra: Partial<PageText> = {}): PageText => ({
  number: 1,
  height: 792,
  lines: texts.map((t, i) => line(t, 700 - i * 12)),
  ...extra,
});
const PROSE = 'The ﬁrst paragraph of a page of text, long enough for any triage.';

test('readyPage', async (t) => {
  const cases: [string, () => PageText, (p: PageText) => void][] = [
    [
      'a page of text: its lines normalised, empty ones dropped, its stepKey made',
      () => page([`${PROSE}  Two  spaces.`, '\u200b', 'Section 1  of  the Manual  4']),
      (p) => {
        assert.deepEqual(
          p.lines.map((l) => l.text),
          [`${PROSE.replace('ﬁ', 'fi')} Two spaces.`, 'Section 1 of the Manual 4'],
        );
        assert.equal(p.stepKey, stepText(p.lines).toLowerCase());
      },
    ],
    [
      'a monospace line: its setting normalised too',
      () => ({
        ...page([PROSE]),
        lines: [line(PROSE, 700), line('ﬁle  = 1', 688, { mono: true, set: { text: ' ﬁle  = 1', x: 72, advance: 6 } })],
      }),
      (p) => assert.deepEqual(p.lines[1]!.set, { text: 'file  = 1', x: 78, advance: 6 }),
    ],
    [
      'a page with a few characters (a stamp over a scan): as read, no stepKey',
      () => page(['Scanned  by ACME', '12']),
      (p) => {
        assert.deepEqual(
          p.lines.map((l) => l.text),
          ['Scanned  by ACME', '12'],
        );
        assert.equal(p.stepKey, undefined);
      },
    ],
    [
      'enough characters as read, too few once (cid:N) leftovers go: as read',
      () => page(['Thirty letters of text here ok', '(cid:12)(cid:13)(cid:14)']),
      (p) => {
        assert.equal(p.lines.length, 2);
        assert.equal(p.stepKey, undefined);
      },
    ],
    [
      'mostly unmapped text (unreadable, OCR reads it whatever its images): as read',
      () => page([PROSE], { unmapped: 500 }),
      (p) => {
        assert.equal(p.lines[0]!.text, PROSE);
        assert.equal(p.stepKey, undefined);
      },
    ],
    [
      'some unmapped characters, fewer than its text: readied',
      () => page([PROSE], { unmapped: 45 }),
      (p) => assert.equal(p.lines[0]!.text, PROSE.replace('ﬁ', 'fi')),
    ],
  ];
  for (const [name, make, check] of cases)
    await t.test(name, () => {
      const p = make();
      readyPage(p);
      check(p);
    });
});

test('readyLines readies any page, a few characters too, as extractPdf did every page', () => {
  const p = page(['Scanned  by ACME', '  ', 'ﬁg. 2']);
  readyLines(p);
  assert.deepEqual(
    p.lines.map((l) => l.text),
    ['Scanned by ACME', 'fig. 2'],
  );
  assert.equal(p.stepKey, 'scanned by acme fig.'); // an edge line's trailing number goes (stepText)
  for (const l of p.lines) assert.equal(normalizeLine(l.text), l.text);
});

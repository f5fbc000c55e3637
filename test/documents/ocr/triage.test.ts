// Page triage: which pages lack a usable text layer, as tables.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { needsOcr, textChars, unreadableText } from '../../../src/documents/ocr/triage.ts';

describe('needsOcr: a page without a usable text layer', () => {
  const cases: [chars: number, imageShare: number, expected: boolean, why: string][] = [
    [0, 1, true, 'a scan: no text over a page-sized image'],
    [0, 0.3, true, 'a picture pasted on a third of an empty page'],
    [0, 0.2, false, 'a small figure on an otherwise empty page'],
    [0, 0, false, 'a blank page'],
    [12, 0.95, true, 'a scanner stamp or page number over a scan'],
    [39, 0.6, true, 'a few characters over a page-sized image'],
    [40, 1, false, 'a text layer of its own (an OCR-ed scan)'],
    [12, 0.5, false, 'a few characters beside a half-page figure'],
    [300, 0, false, 'a born-digital page'],
  ];
  for (const [chars, share, expected, why] of cases) {
    test(`${why}: ${chars} characters, image ${share * 100}% -> ${expected}`, () =>
      assert.equal(needsOcr(chars, share), expected));
  }
});

describe('needsOcr: a few characters set large over a picture are a title, not a stamp', () => {
  const cases: [chars: number, imageShare: number, size: number, height: number, expected: boolean, why: string][] = [
    // formation-latex-ul (beamer, 453 x 255 pt): its cover's title at 23.9 pt over a full-page photo.
    [35, 1, 23.9, 255.12, false, "a deck's cover title over a photo"],
    [30, 0.9, 48, 842, false, "a report's cover title over a photo (A4)"],
    [12, 0.95, 10, 842, true, "a scanner's stamp over a scan (A4)"],
    [20, 1, 9, 255.12, true, 'small print over a picture on a slide'],
    [0, 1, 0, 842, true, 'no text at all over a scan'],
    [35, 1, 23.9, 0, true, 'a page whose height is unknown: the characters and the image decide'],
  ];
  for (const [chars, share, size, height, expected, why] of cases) {
    test(`${why}: ${chars} characters at ${size} on a ${height}-high page -> ${expected}`, () =>
      assert.equal(needsOcr(chars, share, size, height), expected));
  }
});

describe('unreadableText: a text layer mostly in fonts without Unicode', () => {
  const cases: [chars: number, unmapped: number, expected: boolean, why: string][] = [
    [0, 1800, true, 'a page set wholly in numbered bitmap fonts'],
    [120, 1500, true, 'its math in mapped fonts, its text in numbered ones'],
    [1500, 120, false, 'a few symbols of a numbered font in mapped text'],
    [0, 12, false, 'a logo or a symbol or two and nothing else'],
    [300, 0, false, 'a born-digital page'],
  ];
  for (const [chars, unmapped, expected, why] of cases) {
    test(`${why}: ${chars} letters and digits, ${unmapped} unmapped -> ${expected}`, () =>
      assert.equal(unreadableText(chars, unmapped), expected));
  }
});

test('textChars counts letters and digits only', () => {
  assert.equal(textChars([{ text: 'Ab 1, -- x' }]), 4);
});

test('textChars stops at the line that reaches its limit', async (t) => {
  const lines = [{ text: 'abcd' }, { text: 'ef' }, { text: 'ghi' }];
  const cases: [limit: number | undefined, expected: number][] = [
    [undefined, 9],
    [100, 9],
    [4, 4],
    [5, 6],
    [6, 6],
    [7, 9],
    [1, 4],
  ];
  for (const [limit, expected] of cases)
    await t.test(`limit ${limit}`, () => assert.equal(textChars(lines, limit), expected));
});

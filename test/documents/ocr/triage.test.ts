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

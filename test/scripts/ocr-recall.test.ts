// The OCR word recall of the corpus's scanned and mixed PDFs (scripts/quality/ocr-recall.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { missingWords, wordRecall } from '../../scripts/quality/ocr-recall.ts';

describe('wordRecall: the share of the reference words, as a multiset, that a reading has', () => {
  const cases: [name: string, reference: string, text: string, want: number][] = [
    ['the same words', 'The shell reads a line.', 'the shell reads a line', 1],
    ['case and punctuation do not count', 'Bash, the SHELL!', 'bash the shell', 1],
    ['a misread word is lost', 'page 114 of the manual', 'page 1l4 of the manual', 0.8],
    ['a repeated word counts as often as the reference has it', 'a a a b', 'a b', 0.5],
    ['extra words in the reading cost nothing', 'one two', 'one two three four', 1],
    ['single characters glued by OCR are lost', '7 8 9 0 a b', '7890ab', 0],
    ['an empty reference', '', 'anything', 1],
    ['accented letters are letters', 'Voilà déjà', 'voilà deja', 0.5],
  ];
  for (const [name, reference, text, want] of cases) test(name, () => assert.equal(wordRecall(reference, text), want));
});

describe('missingWords: what the reading lacks, most often missed first', () => {
  const cases: [name: string, reference: string, text: string, want: [string, number][]][] = [
    ['nothing missing', 'a b', 'b a', []],
    [
      'counted and ordered by count, then by word',
      'c0 c0 y1 y1 y1 k0 page',
      'cO yl k0 page',
      [
        ['y1', 3],
        ['c0', 2],
      ],
    ],
  ];
  for (const [name, reference, text, want] of cases)
    test(name, () => assert.deepEqual(missingWords(reference, text), want));
});

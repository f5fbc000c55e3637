import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isContentsTitle } from '../../src/documents/contents-title.ts';
import { lineKind } from '../../src/documents/formats/pdf/toc.ts';
import { contentsTitlesOver } from '../../src/documents/listing.ts';

// One list of a contents title's words for every format: a title a PDF's listing pages know is
// known over an HTML or Markdown contents list too, and the other way round.
const cases: [string, boolean][] = [
  ['Contents', true],
  ['Table of Contents', true],
  ['  table   of\ncontents ', true],
  ['Short Contents', true],
  ['Contents at a Glance', true],
  ['Inhalt', true],
  ['Inhaltsverzeichnis', true],
  ['Table des matières', true],
  ['Sommaire', true],
  ['Sommario', true],
  ['Índice', true],
  ['Sumário', true],
  ['Conteúdo', true],
  ['Inhoud', true],
  ['Innehåll', true],
  ['Indholdsfortegnelse', true],
  ['Obsah', true],
  ['Spis treści', true],
  ['Contents of the package', false],
  ['The contents', false],
  ['Index', false],
  ['List of Figures', false],
  ['Inhalte', false],
];

test('isContentsTitle: the words of a contents title, and nothing more', async (t) => {
  for (const [text, want] of cases) await t.test(JSON.stringify(text), () => assert.equal(isContentsTitle(text), want));
});

test("a PDF listing page's title and an HTML heading over a contents list are the same words", async (t) => {
  for (const [text, want] of cases) {
    if (!want) continue;
    const one = text.trim().replace(/\s+/g, ' ');
    await t.test(one, () => {
      assert.equal(lineKind(one).kind, 'title');
      const blocks = [
        { kind: 'heading' as const, text: one },
        { kind: 'item' as const, text: 'entry' },
        { kind: 'paragraph' as const, text: 'Text.' },
      ];
      assert.deepEqual(
        contentsTitlesOver(blocks, (k) => k === 1),
        [0],
      );
    });
  }
});

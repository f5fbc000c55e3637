// isAbbreviation (src/documents/abbreviations.ts): the words after which a period ends no
// sentence, in English and in our users' other languages; and the chunker's sentence ends
// (endsSentence) that use them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAbbreviation } from '../../src/documents/abbreviations.ts';
import { endsSentence } from '../../src/documents/chunker.ts';

const words: [word: string, want: boolean][] = [
  ['e.g', true],
  ['etc', true],
  ['ej', true], // Spanish "p. ej."
  ['pág', true],
  ['núm', true],
  ['pàg', true], // Catalan
  ['ex', true], // French, Portuguese "p. ex."
  ['ecc', true], // Italian
  ['cfr', true],
  ['z.b', true], // German "z.B."
  ['bzw', true],
  ['usw', true],
  ['vgl', true],
  ['np', true], // Polish
  ['itd', true],
  ['m.in', true],
  ['např', true], // Czech
  ['atd', true],
  ['napr', true], // Slovak
  ['bijv', true], // Dutch
  ['c.f', true],
  // Words that end sentences are no abbreviations.
  ['es', false], // Spanish "es"
  ['art', false], // "the state of the art."
  ['tab', false], // "press Tab."
  ['ok', false],
  ['works', false],
  ['linux', false],
];

test('isAbbreviation', async (t) => {
  for (const [w, want] of words) await t.test(w, () => assert.equal(isAbbreviation(w), want));
});

const texts: [text: string, want: boolean][] = [
  ['Los índices se escriben entre corchetes, p. ej.', false],
  ['como se explica en la pág.', false],
  ['Man kann z.B.', false],
  ['Man kann z. B.', false],
  ['die Pakete usw.', false],
  ['(vgl.', false],
  ['Il existe plusieurs options (p. ex.', false],
  ['vedi le opzioni, ecc.', false],
  ['wzory matematyczne itd.', false],
  ['hloubku rovnítek, např.', false],
  ['ackages broken by the flow of time (c.f.', false],
  ['Así es.', true],
  ['Das Paket wurde hochgeladen.', true],
  ['Le paquet est prêt.', true],
];

test('endsSentence after the abbreviations of other languages', async (t) => {
  for (const [s, want] of texts) await t.test(s, () => assert.equal(endsSentence(s, s.length), want));
});
